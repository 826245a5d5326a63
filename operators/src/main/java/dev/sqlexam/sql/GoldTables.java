package dev.sqlexam.sql;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.ErrorClass;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A gold query's tables as PostgreSQL plans it: the relation names of {@code EXPLAIN (VERBOSE,
 * FORMAT JSON)}.
 */
public final class GoldTables {

    private GoldTables() {}

    /**
     * Schema-qualified outside {@code public}. Throws what planning threw: the caller tells a gold
     * that cannot be planned (its own error, reported by grading) from a server that could not be
     * asked ({@link #infrastructure}).
     */
    public static List<String> of(Connection readOnly, String sql) throws SQLException {
        // the driver runs every statement of a text before it refuses the extra results: only a
        // single read-only query is explained (on an administrator's connection too)
        SqlGuard.Verdict verdict = SqlGuard.check(sql);
        if (!verdict.allowed()) throw new SQLException("not planned: " + verdict.reason(), "42601");
        try (Statement s = readOnly.createStatement()) {
            s.setQueryTimeout(30);
            try (ResultSet rs =
                    s.executeQuery(
                            "EXPLAIN (VERBOSE, FORMAT JSON) "
                                    + SqlText.stripTrailingSemicolons(sql))) {
                if (!rs.next()) return List.of();
                Set<String> out = new LinkedHashSet<>();
                collect(Json.MAPPER.readTree(rs.getString(1)).path(0).path("Plan"), out);
                return new ArrayList<>(out);
            }
        } catch (IOException e) {
            throw new SQLException("unreadable EXPLAIN output: " + e.getMessage(), "XX000", e);
        }
    }

    /**
     * Whether a failure to plan a gold is the server's or the reader's (connection, permission,
     * resources), not the gold's.
     */
    public static boolean infrastructure(SQLException e) {
        return "42501".equals(e.getSQLState())
                || ErrorClass.ofSqlState(e.getSQLState()) == ErrorClass.INFRA_FAILURE
                || e.getSQLState() == null;
    }

    static void collect(JsonNode plan, Set<String> out) {
        if (plan.hasNonNull("Relation Name")) {
            String schema = plan.path("Schema").asText("public");
            String name = plan.get("Relation Name").asText();
            out.add("public".equals(schema) ? name : schema + "." + name);
        }
        for (JsonNode child : plan.path("Plans")) collect(child, out);
    }
}
