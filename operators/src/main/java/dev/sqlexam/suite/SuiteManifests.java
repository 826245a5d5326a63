package dev.sqlexam.suite;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.json.Json;

import com.fasterxml.jackson.core.JsonProcessingException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The suites' manifests in the state database ({@code exam.test_suites}): each suite as built, by
 * its hash, and the source database it was built for.
 */
final class SuiteManifests {

    private SuiteManifests() {}

    static void store(Connection state, String hash, String sourceId, TestSuite built)
            throws SQLException {
        try (PreparedStatement ps =
                state.prepareStatement(
                        "INSERT INTO exam.test_suites (suite_hash, source, suite) VALUES (?, ?, ?::jsonb) "
                                + "ON CONFLICT (suite_hash) DO UPDATE SET suite = EXCLUDED.suite, built_at = now()")) {
            ps.setString(1, hash);
            ps.setString(2, sourceId);
            ps.setString(3, Json.MAPPER.writeValueAsString(built));
            ps.executeUpdate();
        } catch (JsonProcessingException e) {
            throw new SQLException("cannot store the suite's manifest: " + e.getMessage(), e);
        }
    }

    /** The suite stored for {@code hash}, or null (none, or one this version cannot read). */
    static TestSuite cached(Connection state, String hash) throws SQLException {
        try (PreparedStatement ps =
                state.prepareStatement(
                        "SELECT suite::text FROM exam.test_suites WHERE suite_hash = ?")) {
            ps.setString(1, hash);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) return null;
                // a suite cached by another version of sqlexam, in a shape this one cannot read, is
                // built again (its hash covers the schema and data, not the format)
                String suite = rs.getString(1);
                return Json.orNull(() -> Json.MAPPER.readValue(suite, TestSuite.class));
            }
        }
    }

    /**
     * Suites built before for the same source database with other inputs: their databases and rows
     * go.
     */
    static void dropOlder(JdbcUrlTemplate server, Connection state, String sourceId, String hash)
            throws SQLException {
        List<String> older = new ArrayList<>();
        try (PreparedStatement ps =
                state.prepareStatement(
                        "SELECT suite_hash FROM exam.test_suites WHERE source = ? AND suite_hash <> ?")) {
            ps.setString(1, sourceId);
            ps.setString(2, hash);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) older.add(rs.getString(1));
            }
        }
        for (String h : older) {
            for (String db : SuiteDatabase.existing(server, SuiteDatabase.PREFIX + h + "_"))
                SuiteDatabase.drop(server, db);
            try (PreparedStatement ps =
                    state.prepareStatement("DELETE FROM exam.test_suites WHERE suite_hash = ?")) {
                ps.setString(1, h);
                ps.executeUpdate();
            }
        }
    }
}
