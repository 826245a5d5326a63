package dev.sqlexam.bench;

import dev.sqlexam.evaluation.CandidateEvaluator;
import dev.sqlexam.evaluation.SemanticCorruptor;
import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.EvaluationTrace;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.repair.MistakeInjector;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * {@code bench select}: for each question, a pool of its gold query and corrupted variants
 * (semantic corruptions that still run, and the model mistakes of the repair bench) in shuffled
 * order; the evaluator (validation, lint, EXPLAIN, scoring, rerank) chooses one, which is executed
 * and graded. Every candidate is graded too, so the rate is compared with picking at random in the
 * same run.
 */
public final class SelectBench {

    /** Result over all pools. */
    public record Report(
            int pools,
            int selectedCorrect,
            double randomExpected,
            int onlyGoldCorrect,
            int onlyGoldSelected,
            Map<String, Integer> wrongChoices,
            Map<String, Integer> variantsOffered,
            int skipped,
            List<String> failures,
            int patternOnly) {}

    private record Entry(String type, String sql) {}

    private final CandidateEvaluator evaluator;
    private final long seed;
    private final int poolSize;

    public SelectBench(CandidateEvaluator.Settings settings, long seed, int poolSize) {
        this.evaluator = new CandidateEvaluator(settings);
        this.seed = seed;
        this.poolSize = Math.max(2, poolSize);
    }

    public Report run(List<ExamQuestion> questions, Map<String, BenchDatabase> databases) {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        int pools = 0,
                selected = 0,
                onlyGold = 0,
                onlyGoldSelected = 0,
                skipped = 0,
                patternOnly = 0;
        double random = 0;
        Map<String, Integer> wrong = new TreeMap<>();
        Map<String, Integer> offered = new TreeMap<>();
        List<String> failures = new ArrayList<>();
        try {
            for (ExamQuestion q : questions) {
                BenchDatabase db = databases.get(q.db());
                if (db == null || !db.check(q.goldSql()).passed()) {
                    skipped++;
                    continue;
                }
                Random rnd = new Random(seed * 31 + q.id().hashCode());
                List<Entry> variants = new ArrayList<>();
                SemanticCorruptor.corrupt(q.goldSql(), db.columns())
                        .forEach(v -> variants.add(new Entry(v.type(), v.sql())));
                if (!SemanticCorruptor.structural(q.goldSql())) patternOnly++;
                MistakeInjector.inject(q.goldSql(), db.columns(), db.foreignKeys())
                        .forEach(m -> variants.add(new Entry(m.type(), m.sql())));
                Collections.shuffle(variants, rnd);
                List<Entry> entries =
                        new ArrayList<>(
                                variants.subList(0, Math.min(poolSize - 1, variants.size())));
                entries.add(new Entry("gold", q.goldSql()));
                Collections.shuffle(entries, rnd);
                entries.forEach(e -> offered.merge(e.type(), 1, Integer::sum));
                List<Candidate> candidates = new ArrayList<>();
                for (int i = 0; i < entries.size(); i++)
                    candidates.add(new Candidate(i, entries.get(i).sql(), "bench", 0));
                EvaluationTrace trace =
                        evaluator
                                .evaluate(
                                        q.question(),
                                        candidates,
                                        db.packetLike(q),
                                        db.tables(),
                                        db.explainer(),
                                        db.valueLookup(),
                                        pool)
                                .join();
                boolean[] correct = new boolean[entries.size()];
                int correctCount = 0;
                for (int i = 0; i < entries.size(); i++) {
                    correct[i] = runs(db, q, trace.candidates().get(i));
                    if (correct[i]) correctCount++;
                }
                pools++;
                random += (double) correctCount / entries.size();
                boolean chosenCorrect =
                        trace.chosenIndex() != null && db.grade(q, trace.chosenSql()).correct();
                if (chosenCorrect) selected++;
                else {
                    String type =
                            trace.chosenIndex() == null
                                    ? "(nothing chosen)"
                                    : entries.get(trace.chosenIndex()).type();
                    wrong.merge(type, 1, Integer::sum);
                    failures.add(
                            q.id()
                                    + " chose "
                                    + type
                                    + ": "
                                    + q.question()
                                    + "\n"
                                    + describe(trace, entries));
                }
                if (correctCount == 1) {
                    onlyGold++;
                    if (chosenCorrect) onlyGoldSelected++;
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return new Report(
                pools,
                selected,
                pools == 0 ? 0 : random / pools,
                onlyGold,
                onlyGoldSelected,
                wrong,
                offered,
                skipped,
                failures,
                patternOnly);
    }

    private static String describe(EvaluationTrace trace, List<Entry> entries) {
        StringBuilder out = new StringBuilder();
        for (EvaluationTrace.CandidateEvaluation c : trace.candidates()) {
            out.append(
                    String.format(
                            Locale.ROOT,
                            "    %-24s rank %d score %.2f %s%n",
                            entries.get(c.index()).type(),
                            c.rank(),
                            c.score().total(),
                            c.sql().replaceAll("\\s+", " ")));
        }
        return out.toString();
    }

    private static boolean runs(
            BenchDatabase db, ExamQuestion q, EvaluationTrace.CandidateEvaluation c) {
        return !c.blocked()
                && db.grade(q, c.checkedSql() == null ? c.sql() : c.checkedSql()).correct();
    }

    public static void printFailures(Report r, PrintStream out) {
        r.failures().forEach(out::println);
    }

    public static void print(Report r, PrintStream out) {
        out.printf("%-44s %8s %9s%n", "selection", "pools", "correct");
        out.printf(
                Locale.ROOT,
                "%-44s %8d %9s%n",
                "scoring + rerank (the pipeline's choice)",
                r.pools(),
                RepairBench.percent(r.selectedCorrect(), r.pools()));
        out.printf(
                Locale.ROOT,
                "%-44s %8d %8.1f%%%n",
                "random choice (expected, same pools)",
                r.pools(),
                100 * r.randomExpected());
        out.printf(
                Locale.ROOT,
                "%-44s %8d %9s%n",
                "pools where only the gold is result-correct",
                r.onlyGoldCorrect(),
                RepairBench.percent(r.onlyGoldSelected(), r.onlyGoldCorrect()));
        out.printf(Locale.ROOT, "%nvariants offered: %s%n", r.variantsOffered());
        out.printf(
                Locale.ROOT,
                "wrong choices by variant: %s%n",
                r.wrongChoices().isEmpty() ? "none" : r.wrongChoices());
        if (r.skipped() > 0)
            out.printf(
                    Locale.ROOT,
                    "skipped: %d questions whose gold fails the checks%n",
                    r.skipped());
        if (r.patternOnly() > 0) {
            out.printf(
                    Locale.ROOT,
                    "pattern-only: %d gold(s) JSqlParser could not read got no dropped-filter or flipped-order variants%n",
                    r.patternOnly());
        }
    }
}
