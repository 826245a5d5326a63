package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.Migrations;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.ServerProbe;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.grading.ExamSetChecker;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.run.Preflight;
import dev.sqlexam.model.RejectedLine;
import dev.sqlexam.sql.ReadOnlyExecutor;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/** {@code sqlexam exam-set check PATH}: the gold health check of an exam set. */
@Command(
        name = "exam-set",
        mixinStandardHelpOptions = true,
        description = "Tools for exam sets.",
        subcommands = {ExamSetCommand.Check.class})
final class ExamSetCommand extends CommandGroup {

    @Command(
            name = "check",
            mixinStandardHelpOptions = true,
            description =
                    "Run every gold query twice as the read-only role; flag errors, timeouts, empty results, "
                            + "non-determinism, row-cap overflows and ORDER BY ... LIMIT ties. Exits 4 on any finding.")
    static final class Check implements Callable<Integer> {

        @Parameters(paramLabel = "PATH", description = "An exam set (JSONL) or a folder of them.")
        Path path;

        @Option(
                names = "--threads",
                defaultValue = "4",
                description = "Queries in parallel (default ${DEFAULT-VALUE}).")
        int threads;

        @Mixin CommonOptions common;

        @Override
        public Integer call() throws Exception {
            Settings settings = common.settings(Map.of());
            JdbcUrlTemplate admin = CommonOptions.admin(settings);
            Set<String> named = new java.util.TreeSet<>();
            for (Path file : ExamSetFiles.resolve(path))
                named.addAll(ExamSetFiles.databasesIn(file));
            Migrations.migrate(
                    admin, StateDatabase.from(settings), Home.migrations(), named::contains);
            ServerProbe server = ServerProbe.of(admin, named);
            Set<String> databases = admin.perDatabase() ? server.databases() : null;
            int findings = 0;
            for (Path file : ExamSetFiles.resolve(path)) {
                // the golds run as the reader: its access is checked (and granted) as before an
                // exam
                Preflight.Result preflight =
                        Preflight.run(settings, admin, file, server, System.out);
                ReaderAccess reader = preflight.reader();
                try (PooledConnections connections =
                        new PooledConnections(
                                reader.url(), reader.initSql(), true, preflight.connections())) {
                    ReadOnlyExecutor executor =
                            new ReadOnlyExecutor(
                                    connections,
                                    settings.get(SqlExamOptions.STATEMENT_TIMEOUT_MS),
                                    settings.get(SqlExamOptions.ROW_CAP));
                    findings += check(file, databases, new ExamSetChecker(executor, threads));
                }
            }
            System.out.println(
                    findings == 0
                            ? "exam-set check: passed"
                            : "exam-set check: " + findings + " finding(s)");
            return findings == 0 ? ExitCode.DONE.code : ExitCode.NO_RESULT.code;
        }

        private static int check(Path file, Set<String> databases, ExamSetChecker checker)
                throws InterruptedException {
            long start = System.nanoTime();
            ExamSetFiles.Read read = ExamSetFiles.read(file, databases);
            for (RejectedLine r : read.rejected())
                System.out.printf("  line %d: %s%n", r.lineNumber(), r.reason());
            List<ExamSetChecker.QuestionReport> reports = checker.check(read.questions());
            Map<ExamSetChecker.Problem, Integer> counts =
                    new EnumMap<>(ExamSetChecker.Problem.class);
            int queries = 0;
            for (ExamSetChecker.QuestionReport report : reports) {
                queries += report.queries();
                for (ExamSetChecker.Finding f : report.findings()) {
                    counts.merge(f.problem(), 1, Integer::sum);
                    System.out.printf(
                            "  %-14s %-18s %s: %s%n",
                            f.questionId(),
                            f.problem().name().toLowerCase(),
                            f.goldIndex() == 0 ? "gold_sql" : "alternative " + f.goldIndex(),
                            f.detail());
                }
            }
            StringBuilder sb = new StringBuilder();
            for (ExamSetChecker.Problem p : ExamSetChecker.Problem.values()) {
                sb.append(", ")
                        .append(counts.getOrDefault(p, 0))
                        .append(' ')
                        .append(p.name().toLowerCase());
            }
            System.out.printf(
                    "%s: %d questions, %d gold queries, %d rejected lines%s (%.1f s)%n",
                    file,
                    reports.size(),
                    queries,
                    read.rejected().size(),
                    sb,
                    (System.nanoTime() - start) / 1e9);
            return read.rejected().size()
                    + counts.entrySet().stream()
                            .filter(e -> e.getKey().blocking())
                            .mapToInt(Map.Entry::getValue)
                            .sum();
        }
    }
}
