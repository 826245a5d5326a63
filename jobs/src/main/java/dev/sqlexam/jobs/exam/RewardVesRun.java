package dev.sqlexam.jobs.exam;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.grading.RewardVes;
import dev.sqlexam.jobs.assembly.Preflight;
import dev.sqlexam.jobs.assembly.RunComposer;
import dev.sqlexam.jobs.assembly.RunDefinition;
import dev.sqlexam.jobs.assembly.RunMode;
import dev.sqlexam.jobs.run.ExamSetContent;
import dev.sqlexam.jobs.run.RunLog;
import dev.sqlexam.jobs.run.Variant;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.GradeReason;
import dev.sqlexam.pipeline.Answers;
import dev.sqlexam.sql.ReadOnlyExecutor;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * BIRD's R-VES for every predictions file of a graded run ({@link RewardVes}): from the run's exam
 * log, each question whose predicted rows equal its gold's as sets is timed as the read-only role;
 * questions the database could not answer (infra_failure) are left out as they are from EX. Its
 * run-to-run noise is shown by the score of the odd and of the even iterations alone. Prints a
 * table and writes {@code r_ves.json} into the run's folder.
 */
public final class RewardVesRun {

    /**
     * One file's score: R-VES, the same from odd and from even iterations, questions timed of those
     * graded, timing failures.
     */
    public record Score(
            String file,
            double rVes,
            double oddIterations,
            double evenIterations,
            int timed,
            int questions,
            int failures) {}

    private RewardVesRun() {}

    public static List<Score> run(Settings settings, Path examSet, Path runDir, PrintStream out)
            throws Exception {
        return run(RunComposer.standard(), settings, examSet, runDir, out);
    }

    /** The same, set up by {@code composer}. */
    public static List<Score> run(
            RunComposer composer, Settings settings, Path examSet, Path runDir, PrintStream out)
            throws Exception {
        int iterations = settings.get(SqlExamOptions.R_VES_ITERATIONS);
        ExamSetContent content = ExamSetContent.read(examSet);
        Map<String, ExamQuestion> questions = new HashMap<>();
        content.on(null).questions().forEach(q -> questions.put(q.id(), q));
        Map<String, List<ExamRecord>> byFile = new LinkedHashMap<>();
        for (ExamRecord r : RunLog.read(runDir)) {
            if (!GradeReason.INFRA_FAILURE.code().equals(r.reason()))
                byFile.computeIfAbsent(r.variant(), k -> new ArrayList<>()).add(r);
        }
        List<Variant> files =
                byFile.keySet().stream()
                        .map(f -> new Variant(f, "R-VES of " + f, Map.of()))
                        .toList();
        RunDefinition plan =
                RunDefinition.ofExamSet(
                        RunMode.R_VES,
                        settings,
                        files.isEmpty() ? List.of(Variant.DEFAULT) : files,
                        content,
                        Answers.fromPipeline(),
                        RunDefinition.Limits.of(settings));
        Preflight.Result preflight = composer.compose(plan, out).preflight();
        List<Score> scores = new ArrayList<>();
        try (PooledConnections connections =
                new PooledConnections(
                        preflight.reader().url(),
                        preflight.reader().initSql(),
                        true,
                        preflight.connections())) {
            ReadOnlyExecutor executor =
                    new ReadOnlyExecutor(
                                    connections,
                                    settings.get(SqlExamOptions.STATEMENT_TIMEOUT_MS),
                                    settings.get(SqlExamOptions.ROW_CAP))
                            .onTheirFiles(questions.values());
            out.printf(
                    "[sqlexam] R-VES: timing each prediction whose rows match its gold as sets, %d iterations%n",
                    iterations);
            for (var file : byFile.entrySet())
                scores.add(score(file.getKey(), file.getValue(), questions, executor, iterations));
            executor.closeSqlite();
        }
        print(scores, iterations, out);
        Json.MAPPER
                .writerWithDefaultPrettyPrinter()
                .writeValue(
                        runDir.resolve("r_ves.json").toFile(),
                        Map.of("iterations", iterations, "files", scores));
        return scores;
    }

    private static Score score(
            String file,
            List<ExamRecord> records,
            Map<String, ExamQuestion> questions,
            ReadOnlyExecutor executor,
            int iterations) {
        List<Double> all = new ArrayList<>();
        List<Double> odd = new ArrayList<>();
        List<Double> even = new ArrayList<>();
        int failures = 0;
        for (ExamRecord r : records) {
            if (!Boolean.TRUE.equals(r.birdCorrect())) continue;
            RewardVes.Timing timing =
                    RewardVes.time(executor, r.db(), gold(r, questions), r.predSql(), iterations);
            if (timing.failure() != null) {
                failures++;
                continue;
            }
            List<Double> ratios = timing.ratios();
            all.add(RewardVes.reward(RewardVes.meanRatio(ratios)));
            odd.add(RewardVes.reward(RewardVes.meanRatio(every(ratios, 0))));
            even.add(RewardVes.reward(RewardVes.meanRatio(every(ratios, 1))));
        }
        int n = records.size();
        return new Score(
                file,
                RewardVes.score(all, n),
                RewardVes.score(odd, n),
                RewardVes.score(even, n),
                all.size(),
                n,
                failures);
    }

    /**
     * The gold the prediction matched: the exam set's alternative when the log names one, else the
     * gold.
     */
    private static String gold(ExamRecord r, Map<String, ExamQuestion> questions) {
        int matched = Math.max(r.matchedGold(), 0);
        ExamQuestion q = questions.get(r.questionId());
        if (matched > 0 && q != null && matched <= q.goldSqlAlternatives().size())
            return q.goldSqlAlternatives().get(matched - 1);
        return r.goldSql();
    }

    private static List<Double> every(List<Double> ratios, int offset) {
        List<Double> out = new ArrayList<>();
        for (int i = offset; i < ratios.size(); i += 2) out.add(ratios.get(i));
        return out.isEmpty() ? ratios : out;
    }

    private static void print(List<Score> scores, int iterations, PrintStream out) {
        out.println();
        out.printf("%-28s %8s %18s %14s%n", "R-VES (BIRD)", "score", "odd / even iter.", "timed");
        for (Score s : scores) {
            out.printf(
                    "%-28s %8.2f %8.2f / %-8.2f %6d of %-5d%s%n",
                    s.file(),
                    s.rVes(),
                    s.oddIterations(),
                    s.evenIterations(),
                    s.timed(),
                    s.questions(),
                    s.failures() > 0
                            ? "  (" + s.failures() + " could not be timed: reward 0)"
                            : "");
        }
        out.printf(
                "(%d iterations per question; the odd and even columns are the same score from half the iterations each: their "
                        + "gap shows the run-to-run noise)%n",
                iterations);
    }
}
