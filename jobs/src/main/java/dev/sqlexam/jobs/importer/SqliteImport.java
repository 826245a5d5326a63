package dev.sqlexam.jobs.importer;

import dev.sqlexam.benchmarks.ImportedQuestion;
import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.grading.ExamSetChecker;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.sql.ReadOnlyExecutor;
import dev.sqlexam.sql.SqliteQueries;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A SQLite benchmark (Spider, BIRD) imported as it is: its own SQLite files registered where they
 * are (nothing loaded, nothing converted), every question written with its gold unmodified, its
 * file and its benchmark, and each gold's health (errors, time-outs, empty results, ties cut by a
 * LIMIT, a missing database) reported beside it, never a reason to leave it out.
 */
final class SqliteImport {

    private final Settings settings;
    private final PrintStream out;

    SqliteImport(Settings settings, PrintStream out) {
        this.settings = settings;
        this.out = out;
    }

    ImportRun.Result run(
            String benchmark, List<ImportedQuestion> questions, Path databasesDir, Path examSet)
            throws IOException, InterruptedException {
        Set<String> wanted = new TreeSet<>(questions.stream().map(ImportedQuestion::db).toList());
        Map<String, Path> files = new TreeMap<>();
        List<DatabaseLoader.Report> reports = new ArrayList<>();
        for (String db : wanted) {
            Path file = ImportRun.source(databasesDir, db);
            if (file != null && !isSqlite(file)) {
                throw new IllegalArgumentException(
                        file
                                + " is not a SQLite file: a "
                                + benchmark
                                + " import registers the benchmark's own SQLite files"
                                + " (--into-postgres loads dumps into PostgreSQL)");
            }
            if (file == null) {
                out.printf(
                        "  %-28s MISSING: no SQLite file for it in %s; its questions are kept"
                                + " and fail as missing_database%n",
                        db, databasesDir);
                continue;
            }
            file = file.toAbsolutePath().normalize();
            files.put(db, file);
            reports.add(describe(db, file));
        }
        String none =
                ImportRun.noneFound(
                        questions, files.keySet(), "has a SQLite file in " + databasesDir);
        if (none != null) return ImportRun.Result.nothing(examSet, none, reports);
        long timeoutMs = settings.get(SqlExamOptions.STATEMENT_TIMEOUT_MS);
        ReadOnlyExecutor executor =
                ReadOnlyExecutor.forSqliteFiles(timeoutMs, settings.get(SqlExamOptions.ROW_CAP));
        try {
            files.forEach(executor::registerSqlite);
            List<ExamQuestion> present = new ArrayList<>();
            Map<String, Map<String, Object>> lines = new LinkedHashMap<>();
            Map<String, List<String>> health = new LinkedHashMap<>();
            for (ImportedQuestion q : questions) {
                String gold = q.sqliteGold() != null ? q.sqliteGold() : q.goldSql();
                Path file = files.get(q.db());
                List<String> tables =
                        file == null ? List.of() : executor.sqliteTablesRead(q.db(), gold);
                Map<String, Object> line =
                        new LinkedHashMap<>(q.withGoldTables(tables).toExamLine());
                line.put("gold_sql", gold);
                Path where =
                        file != null
                                ? file
                                : databasesDir.resolve(q.db()).resolve(q.db() + ".sqlite");
                line.put("db_file", where.toAbsolutePath().normalize().toString());
                line.put("benchmark", benchmark);
                lines.put(q.id(), line);
                if (file == null) {
                    health.computeIfAbsent(q.id(), k -> new ArrayList<>())
                            .add(
                                    "missing_database: no SQLite file for '"
                                            + q.db()
                                            + "' in "
                                            + databasesDir);
                    continue;
                }
                present.add(
                        ImportRun.toExamQuestion(
                                q, present.size() + 1, gold, file.toString(), benchmark));
            }
            long start = System.nanoTime();
            for (ExamSetChecker.QuestionReport report :
                    new ExamSetChecker(executor, Runtime.getRuntime().availableProcessors())
                            .check(present)) {
                for (ExamSetChecker.Finding f : report.findings()) {
                    // a check that could not run on a gold is a note, as the PostgreSQL import says
                    if (!f.problem().blocking()) {
                        out.printf("  note %-24s %s%n", f.questionId(), f.detail());
                        continue;
                    }
                    health.computeIfAbsent(f.questionId(), k -> new ArrayList<>())
                            .add(GoldHealth.finding(f));
                }
            }
            out.printf(
                    Locale.ROOT,
                    "  gold health checked on the SQLite files in %.1f s%n",
                    (System.nanoTime() - start) / 1e9);
            return GoldHealth.write(questions.size(), lines, health, examSet, reports, out);
        } finally {
            executor.closeSqlite();
        }
    }

    static boolean isSqlite(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".sqlite") || name.endsWith(".sqlite3") || name.endsWith(".db");
    }

    /** The file's tables, columns, rows and keys, printed as the PostgreSQL loader prints them. */
    private DatabaseLoader.Report describe(String db, Path file) {
        long start = System.nanoTime();
        int tables = 0;
        int columns = 0;
        long rows = 0;
        int primaryKeys = 0;
        int foreignKeys = 0;
        String status = "registered (SQLite, as it is)";
        try (Connection c = SqliteQueries.open(file);
                Statement s = c.createStatement()) {
            List<String> names = new ArrayList<>();
            try (ResultSet rs =
                    s.executeQuery(
                            "SELECT name FROM sqlite_master WHERE type = 'table'"
                                    + " AND name NOT LIKE 'sqlite_%'")) {
                while (rs.next()) names.add(rs.getString(1));
            }
            for (String t : names) {
                tables++;
                String quoted = "\"" + t.replace("\"", "\"\"") + "\"";
                boolean pk = false;
                try (ResultSet rs = s.executeQuery("PRAGMA table_info(" + quoted + ")")) {
                    while (rs.next()) {
                        columns++;
                        pk |= rs.getInt("pk") > 0;
                    }
                }
                if (pk) primaryKeys++;
                try (ResultSet rs = s.executeQuery("PRAGMA foreign_key_list(" + quoted + ")")) {
                    while (rs.next()) if (rs.getInt("seq") == 0) foreignKeys++;
                }
                try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + quoted)) {
                    if (rs.next()) rows += rs.getLong(1);
                }
            }
        } catch (SQLException e) {
            status = "UNREADABLE: " + e.getMessage();
        }
        DatabaseLoader.Report r =
                new DatabaseLoader.Report(
                        db,
                        file.toString(),
                        status,
                        tables,
                        columns,
                        rows,
                        primaryKeys,
                        foreignKeys,
                        (System.nanoTime() - start) / 1e9);
        out.printf(
                Locale.ROOT,
                "  %-28s %-36s %4d tables %5d columns %10d rows %3d PK %3d FK%n",
                r.database(),
                r.status(),
                r.tables(),
                r.columns(),
                r.rows(),
                r.primaryKeys(),
                r.foreignKeys());
        return r;
    }
}
