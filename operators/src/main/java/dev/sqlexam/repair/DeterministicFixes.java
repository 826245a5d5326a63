package dev.sqlexam.repair;

import dev.sqlexam.model.WhitelistResult;
import dev.sqlexam.repair.RepairLoop.Check;
import dev.sqlexam.repair.RepairLoop.Context;
import dev.sqlexam.sql.PgNormalize;

import java.util.ArrayList;
import java.util.List;

/**
 * The repair loop's fixes without a model, in this order: PG normalization, then one fix for the
 * failure's SQLSTATE (requalified columns, GROUP BY, column autocorrect or the surgical whitelist
 * for 42703, table autocorrect for 42P01).
 */
final class DeterministicFixes {

    /**
     * The fixed SQL (null when no fix applied), the fixes' names, and what the column autocorrect
     * and the whitelist found.
     */
    record Fix(
            String sql,
            List<String> methods,
            Autocorrect.ColumnFix columnFix,
            WhitelistResult whitelist) {}

    private final RepairLoop.Settings settings;

    DeterministicFixes(RepairLoop.Settings settings) {
        this.settings = settings;
    }

    Fix fix(String sql, Check failure, Context ctx) {
        List<String> methods = new ArrayList<>();
        String out = normalized(sql, methods);
        String requalified = requalified(out, failure, ctx);
        if (requalified != null) {
            methods.add("requalify_column");
            return new Fix(requalified, methods, null, null);
        }
        if ("42803".equals(failure.sqlstate())) {
            String grouped = Autocorrect.addToGroupBy(out, failure.message());
            if (grouped != null) {
                methods.add("add_to_group_by");
                out = grouped;
            }
        } else if ("42703".equals(failure.sqlstate())) {
            return unknownColumn(out, failure, ctx, methods);
        } else if ("42P01".equals(failure.sqlstate())) {
            Autocorrect.TableFix t =
                    Autocorrect.table(
                            out,
                            failure.message(),
                            ctx.knownTables(),
                            settings.tableMinSimilarity());
            if (t != null && t.correctedSql() != null) {
                methods.add("autocorrect_table");
                out = t.correctedSql();
            }
        }
        return new Fix(methods.isEmpty() ? null : out, methods, null, null);
    }

    private String normalized(String sql, List<String> methods) {
        if (!settings.pgNormalize()) return sql;
        PgNormalize.Result n = PgNormalize.normalize(sql, settings.divisionValue());
        if (!n.changed()) return sql;
        methods.add("pg_normalize:" + String.join(",", n.applied()));
        return n.sql();
    }

    /**
     * A column moved to the joined table that has it (42703), or qualified where its alias is
     * undefined (a missing FROM-clause entry, or the linter's undefined_alias); null otherwise.
     */
    private static String requalified(String sql, Check failure, Context ctx) {
        if ("42703".equals(failure.sqlstate()))
            return Autocorrect.requalifyToJoinedTable(sql, failure.message(), ctx.columns());
        boolean missingFrom =
                "42P01".equals(failure.sqlstate())
                        && failure.message() != null
                        && failure.message().contains("missing FROM-clause entry");
        if (missingFrom || failure.issues().stream().anyMatch(i -> i.startsWith("undefined_alias")))
            return Autocorrect.requalifyUndefined(sql, ctx.columns(), failure.message());
        return null;
    }

    /** 42703: the column autocorrect, else the surgical whitelist when it is on. */
    private Fix unknownColumn(String sql, Check failure, Context ctx, List<String> methods) {
        String out = sql;
        WhitelistResult whitelist = null;
        Autocorrect.ColumnFix columnFix =
                Autocorrect.column(
                        out,
                        failure.message(),
                        ctx.columns(),
                        ctx.fks(),
                        settings.autocorrectMinConfidence(),
                        settings.ambiguityDelta());
        if (columnFix != null && columnFix.fixed()) {
            methods.add("autocorrect_column");
            out = columnFix.correctedSql();
        } else if (settings.surgicalWhitelist()) {
            whitelist =
                    SurgicalWhitelist.process(
                            out,
                            failure.message(),
                            ctx.columns(),
                            ctx.fks(),
                            columnFix != null,
                            false,
                            settings.whitelist());
            if (whitelist != null && settings.whitelist().active() && whitelist.active().passed()) {
                methods.add("surgical_whitelist");
                out = whitelist.active().correctedSql();
            }
        }
        return new Fix(methods.isEmpty() ? null : out, methods, columnFix, whitelist);
    }
}
