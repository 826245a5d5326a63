package dev.sqlexam.bench;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.evaluation.CandidateEvaluator;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * {@code bench select}: pools of each gold query of an exam set and corrupted variants of it in
 * shuffled order, and how often scoring and rerank select a result-correct candidate.
 *
 * @param examSet null: ERP's
 * @param showFailures also list every case counted as a failure, with its SQL
 * @param seed the shuffle's
 * @param poolSize candidates per pool, the gold included
 */
public record SelectBenchRun(
        Settings settings, Path examSet, boolean showFailures, long seed, int poolSize) {

    public void run(PrintStream out) throws Exception {
        BenchExamSet set = BenchExamSet.read(examSet);
        long start = System.nanoTime();
        try (BenchDatabases dbs = BenchDatabases.open(settings, set.questions())) {
            boolean reranker = settings.get(SqlExamOptions.CANDIDATE_RERANKER_ENABLED);
            SelectBench.Report report =
                    new SelectBench(CandidateEvaluator.Settings.from(settings), seed, poolSize)
                            .run(set.questions(), dbs.byName());
            out.printf(
                    "select bench: %d questions from %s, pools of up to %d, seed %d, reranker %s, %.1f s%n%n",
                    set.questions().size(),
                    set.name(),
                    poolSize,
                    seed,
                    reranker ? "on" : "off",
                    BenchFloors.seconds(start));
            if (showFailures) SelectBench.printFailures(report, out);
            SelectBench.print(report, out);
        }
    }
}
