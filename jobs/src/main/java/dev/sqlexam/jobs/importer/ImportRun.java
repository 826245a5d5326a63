package dev.sqlexam.jobs.importer;

import dev.sqlexam.benchmarks.BenchmarkReaders;
import dev.sqlexam.benchmarks.ImportedQuestion;
import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.grading.ExamSetChecker;
import dev.sqlexam.jobs.assembly.ComposedRun;
import dev.sqlexam.jobs.assembly.Golds;
import dev.sqlexam.jobs.assembly.Preflight;
import dev.sqlexam.jobs.assembly.RunComposer;
import dev.sqlexam.jobs.assembly.RunDefinition;
import dev.sqlexam.jobs.assembly.RunMode;
import dev.sqlexam.jobs.run.DatabaseNames;
import dev.sqlexam.jobs.run.Variant;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.sql.GoldTables;
import dev.sqlexam.sql.ReadOnlyExecutor;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * A benchmark import into PostgreSQL from the client's side: load its databases (when given), check
 * that sqlexam's reader may read what the golds use (the pre-flight of a grade), derive each gold's
 * tables from its plan, run the gold health check, and write every question to the exam set with
 * its position in the source and its gold's findings. SQLite benchmarks on their own files are
 * {@link SqliteImport}'s.
 */
public final class ImportRun {

    /**
     * What the import wrote: every question, how many golds have findings and how many of each
     * kind, and the databases it loaded or registered; {@code nothingImported}: why no question
     * could be imported (no question, or none of their databases found), null when some were.
     */
    public record Result(
            Path examSet,
            int imported,
            int withFindings,
            Map<String, Integer> goldHealth,
            List<DatabaseLoader.Report> databases,
            String nothingImported) {

        /** Nothing imported, and why; nothing written. */
        static Result nothing(Path examSet, String why, List<DatabaseLoader.Report> databases) {
            return new Result(examSet, 0, 0, Map.of(), databases, why);
        }
    }

    /**
     * Why none of {@code questions} can be imported when none of their databases was found ({@code
     * found}: those that were; {@code where}: where they were looked for), else null.
     */
    static String noneFound(List<ImportedQuestion> questions, Set<String> found, String where) {
        if (questions.stream().anyMatch(q -> found.contains(q.db()))) return null;
        Set<String> named = new TreeSet<>(questions.stream().map(ImportedQuestion::db).toList());
        List<String> shown = named.stream().limit(5).toList();
        return "none of the "
                + named.size()
                + " database(s) the "
                + questions.size()
                + " question(s) name ("
                + String.join(", ", shown)
                + (named.size() > shown.size() ? ", …" : "")
                + ") "
                + where;
    }

    private final Settings settings;
    private final PrintStream out;
    private final RunComposer composer;

    public ImportRun(Settings settings, PrintStream out) {
        this(settings, out, RunComposer.standard());
    }

    private ImportRun(Settings settings, PrintStream out, RunComposer composer) {
        this.settings = settings;
        this.out = out;
        this.composer = composer;
    }

    /** This import set up with {@code setup} instead of sqlexam's standard composer. */
    public ImportRun composedBy(RunComposer setup) {
        return new ImportRun(settings, out, setup);
    }

    /**
     * Imports a benchmark's questions. Spider's and BIRD's SQLite files in {@code databasesDir} are
     * registered as they are, their golds kept unmodified ({@code intoPostgres}: loaded into
     * PostgreSQL with pgloader and their SQL converted instead); any other benchmark's databases
     * are loaded into PostgreSQL: see {@link #run(List, Path, Path, boolean)}.
     */
    public Result run(
            BenchmarkQuestions benchmark,
            Path databasesDir,
            Path examSet,
            boolean replace,
            boolean intoPostgres)
            throws Exception {
        if (benchmark.size() == 0)
            return Result.nothing(examSet, "the benchmark's file holds no question", List.of());
        if (databasesDir != null && !intoPostgres && benchmark.ofSqliteFiles())
            return new SqliteImport(settings, out)
                    .run(benchmark.benchmark(), benchmark.questions(), databasesDir, examSet);
        return run(benchmark.questions(), databasesDir, examSet, replace);
    }

    /**
     * Loads the databases in {@code databasesDir} (null: they must exist already; {@code replace}:
     * reload those that do), checks the questions and writes those without problems to {@code
     * examSet}, the others to its quarantine file.
     */
    public Result run(
            List<ImportedQuestion> questions, Path databasesDir, Path examSet, boolean replace)
            throws Exception {
        JdbcUrlTemplate admin = new JdbcUrlTemplate(settings.get(SqlExamOptions.JDBC_URL));
        Set<String> wanted = new TreeSet<>(questions.stream().map(ImportedQuestion::db).toList());
        List<DatabaseLoader.Report> reports =
                databasesDir == null ? List.of() : load(admin, wanted, databasesDir, replace);
        Map<String, Set<String>> names = new HashMap<>();
        // set up once loaded, as a grade is: the pre-flight reads the golds as the server names
        // their tables
        ComposedRun composed =
                composer.compose(
                        RunDefinition.of(
                                RunMode.IMPORT,
                                settings,
                                List.of(Variant.DEFAULT),
                                wanted,
                                Golds.onServer(
                                        on -> present(named(admin, questions, on, names), on))),
                        out);
        String none =
                noneFound(
                        questions,
                        composed.server().databases(),
                        databasesDir == null
                                ? "is on the server (without --databases they must exist there)"
                                : "is on the server or has a file in " + databasesDir);
        if (none != null) return Result.nothing(examSet, none, reports);
        Map<String, List<String>> problems = new LinkedHashMap<>();
        List<ImportedQuestion> withTables = check(admin, composed, questions, names, problems);
        if (databasesDir != null) conversionFailures(questions, databasesDir, problems);
        return write(questions.size(), withTables, problems, examSet, reports);
    }

    /**
     * Loads each wanted database from its file in {@code databasesDir}, printing a line for each. A
     * database of that name already on the server is, without {@code replace}, compared first with
     * what its file would load: reused, and said so, when they are the same; when any differs,
     * nothing is loaded and the import stops ({@link DatabaseLoader.Differs}).
     */
    private List<DatabaseLoader.Report> load(
            JdbcUrlTemplate admin, Set<String> wanted, Path databasesDir, boolean replace)
            throws Exception {
        DatabaseLoader loader = new DatabaseLoader(admin, replace, 60);
        Map<String, Path> sources = new LinkedHashMap<>();
        for (String db : wanted) {
            Path source = source(databasesDir, db);
            if (source == null) out.printf("  %-28s no file for it in %s%n", db, databasesDir);
            else sources.put(db, source);
        }
        Map<String, DatabaseLoader.Existing> same = new HashMap<>();
        List<DatabaseLoader.Existing> differ = new ArrayList<>();
        if (!replace) {
            for (var e : sources.entrySet()) {
                if (!loader.exists(e.getKey())) continue;
                out.printf(
                        "  %-28s exists on the server: comparing it with what %s would load%n",
                        e.getKey(), e.getValue().getFileName());
                DatabaseLoader.Existing existing = loader.compare(e.getKey(), e.getValue());
                if (existing.same()) same.put(e.getKey(), existing);
                else differ.add(existing);
            }
        }
        if (!differ.isEmpty()) throw new DatabaseLoader.Differs(differ);
        List<DatabaseLoader.Report> reports = new ArrayList<>();
        for (var e : sources.entrySet()) {
            String db = e.getKey();
            DatabaseLoader.Report r =
                    same.containsKey(db)
                            ? loader.reused(same.get(db))
                            : loader.load(db, e.getValue());
            reports.add(r);
            out.printf(
                    Locale.ROOT,
                    "  %-28s %-36s %4d tables %5d columns %10d rows %3d PK %3d FK %7.1f s%n",
                    r.database(),
                    r.status(),
                    r.tables(),
                    r.columns(),
                    r.rows(),
                    r.primaryKeys(),
                    r.foreignKeys(),
                    r.seconds());
            if (same.containsKey(db))
                out.printf(
                        "  REUSED %s: the server's database already holds what %s would load (the same"
                                + " schema and row counts), so it was not loaded again; --replace reloads"
                                + " it%n",
                        db, e.getValue().getFileName());
        }
        return reports;
    }

    /**
     * The questions with their SQLite golds' tables named as the server spells them, where the
     * server ({@code onServer}: its databases, null for all) holds their database.
     */
    private static List<ImportedQuestion> named(
            JdbcUrlTemplate admin,
            List<ImportedQuestion> questions,
            Set<String> onServer,
            Map<String, Set<String>> names) {
        List<ImportedQuestion> named = new ArrayList<>();
        for (ImportedQuestion q : questions) {
            boolean sqlite =
                    q.sqliteGold() != null && (onServer == null || onServer.contains(q.db()));
            named.add(
                    sqlite
                            ? q.withNames(
                                    names.computeIfAbsent(
                                            q.db(), db -> DatabaseNames.of(admin, db)))
                            : q);
        }
        return named;
    }

    /** The questions on the server's databases, as the pre-flight reads their golds. */
    private static List<ExamQuestion> present(List<ImportedQuestion> named, Set<String> onServer) {
        return named.stream()
                .filter(q -> onServer == null || onServer.contains(q.db()))
                .map(q -> toExamQuestion(q, 0))
                .toList();
    }

    /**
     * Each question's gold tables from its plan and the exam-set check's findings (into {@code
     * problems}, by question id), after the pre-flight a grade runs ({@code composed}'s): the
     * reader may read every table the golds use, or nothing is read.
     */
    private List<ImportedQuestion> check(
            JdbcUrlTemplate admin,
            ComposedRun composed,
            List<ImportedQuestion> questions,
            Map<String, Set<String>> names,
            Map<String, List<String>> problems)
            throws SQLException, InterruptedException {
        Set<String> onServer = composed.server().databases();
        List<ImportedQuestion> named = named(admin, questions, onServer, names);
        Preflight.Result preflight = composed.preflight();
        ReaderAccess reader = preflight.reader();
        List<ExamQuestion> checkable = new ArrayList<>();
        List<ImportedQuestion> withTables = new ArrayList<>();
        try (PooledConnections connections =
                new PooledConnections(
                        reader.url(), reader.initSql(), true, preflight.connections())) {
            for (ImportedQuestion q : named) {
                if (!onServer.contains(q.db())) {
                    problems.computeIfAbsent(q.id(), k -> new ArrayList<>())
                            .add("missing_database: '" + q.db() + "' is not on the server");
                    withTables.add(q);
                    continue;
                }
                ImportedQuestion t = q.withGoldTables(goldTables(connections, q));
                withTables.add(t);
                checkable.add(toExamQuestion(t, checkable.size() + 1));
            }
            ReadOnlyExecutor executor =
                    new ReadOnlyExecutor(
                            connections,
                            settings.get(SqlExamOptions.STATEMENT_TIMEOUT_MS),
                            settings.get(SqlExamOptions.ROW_CAP));
            for (ExamSetChecker.QuestionReport report :
                    new ExamSetChecker(executor, 4).check(checkable)) {
                for (ExamSetChecker.Finding f : report.findings()) {
                    if (!f.problem().blocking()) {
                        out.printf("  note %-24s %s%n", f.questionId(), f.detail());
                        continue;
                    }
                    problems.computeIfAbsent(f.questionId(), k -> new ArrayList<>())
                            .add(GoldHealth.finding(f));
                }
            }
        }
        return withTables;
    }

    /**
     * A SQLite gold that errors on PostgreSQL but runs on its own SQLite file failed in the
     * conversion, not in the benchmark: its finding says so (it stays in the set either way).
     */
    private void conversionFailures(
            List<ImportedQuestion> questions, Path databasesDir, Map<String, List<String>> problems)
            throws IOException {
        Map<String, Path> files = new HashMap<>();
        try (dev.sqlexam.sql.SqliteQueries sqlite = new dev.sqlexam.sql.SqliteQueries()) {
            for (ImportedQuestion q : questions) {
                List<String> found = problems.get(q.id());
                if (found == null || q.sqliteGold() == null) continue;
                for (int i = 0; i < found.size(); i++) {
                    if (!found.get(i).startsWith("error")) continue;
                    if (!files.containsKey(q.db())) files.put(q.db(), source(databasesDir, q.db()));
                    Path file = files.get(q.db());
                    if (file == null || !SqliteImport.isSqlite(file)) continue;
                    var original =
                            sqlite.execute(
                                    file,
                                    q.sqliteGold(),
                                    settings.get(SqlExamOptions.STATEMENT_TIMEOUT_MS),
                                    settings.get(SqlExamOptions.ROW_CAP));
                    if (original.ok())
                        found.set(
                                i,
                                "conversion_failure: runs on SQLite, fails on PostgreSQL after"
                                        + " conversion"
                                        + found.get(i).substring(found.get(i).indexOf(':')));
                }
            }
        }
    }

    private static List<String> goldTables(PooledConnections connections, ImportedQuestion q)
            throws SQLException {
        try (Connection c = connections.open(q.db())) {
            return GoldTables.of(c, q.goldSql());
        } catch (SQLException e) {
            // a gold that cannot be planned is the health check's finding (the checker reports it);
            // a server that failed is the import's
            if (GoldTables.infrastructure(e)) throw e;
            return List.of();
        }
    }

    /** Every question to {@code examSet}, each with its findings (see {@link GoldHealth}). */
    private Result write(
            int total,
            List<ImportedQuestion> withTables,
            Map<String, List<String>> problems,
            Path examSet,
            List<DatabaseLoader.Report> reports)
            throws IOException {
        Map<String, Map<String, Object>> lines = new LinkedHashMap<>();
        for (ImportedQuestion q : withTables) lines.put(q.id(), q.toExamLine());
        return GoldHealth.write(total, lines, problems, examSet, reports, out);
    }

    static ExamQuestion toExamQuestion(ImportedQuestion q, long line) {
        return toExamQuestion(q, line, q.goldSql(), null, null);
    }

    /**
     * The question with {@code gold}, on {@code dbFile} (null: the server), from {@code benchmark}.
     */
    static ExamQuestion toExamQuestion(
            ImportedQuestion q, long line, String gold, String dbFile, String benchmark) {
        return ExamQuestion.builder(q.id(), q.db(), q.question(), gold)
                .goldSqlAlternatives(q.alternatives())
                .goldTables(q.goldTables())
                .difficulty(q.labels().difficulty())
                .category(q.labels().category())
                .evidence(q.labels().evidence())
                .lineNumber(line)
                .sourceIndex(q.sourceIndex())
                .dbFile(dbFile)
                .benchmark(benchmark)
                .build();
    }

    /**
     * The benchmark's file for a database, whatever case or punctuation its id had before it became
     * a database name.
     */
    static Path source(Path dir, String db) throws IOException {
        Path direct = DatabaseLoader.find(dir, db);
        if (direct != null) return direct;
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path e : entries.sorted().toList()) {
                String name = e.getFileName().toString().replaceAll("\\.(sqlite|db|sql|dump)$", "");
                if (BenchmarkReaders.database(name).equals(db)) {
                    Path found = DatabaseLoader.find(dir, name);
                    if (found != null) return found;
                }
            }
        }
        return null;
    }
}
