package dev.sqlexam.grading;

import dev.sqlexam.benchmarks.SpiderText;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;

import java.util.List;

/**
 * The public benchmarks' own verdicts, beside sqlexam's: {@code spider_correct} as Spider's
 * test-suite-sql-eval decides it (exec rule, default flags) and {@code bird_correct} as BIRD's
 * evaluation.py does, each on the SQL as that evaluator runs it. Queries whose text the rule
 * changes run again in that form; the others reuse what grading ran.
 */
public final class OfficialRules {

    private final ReadOnlyExecutor executor;
    private final QueryCache golds;
    private final QueryCache predictions;

    /**
     * Texts as the rule runs them, by the text given (golds and predictions repeat across the files
     * of a grade; sqlparse's lexing, ported, costs more than a small query on SQLite).
     */
    private final java.util.Map<String, String> processed =
            java.util.Collections.synchronizedMap(
                    new java.util.LinkedHashMap<>(1024, 0.75f, true) {
                        @Override
                        protected boolean removeEldestEntry(java.util.Map.Entry<String, String> e) {
                            return size() > 16_384;
                        }
                    });

    private static final String NO_STATEMENT = "\u0000no statement";

    /** {@code text} as the rule runs it (null: it has no statement). */
    private String processed(String text, boolean prediction) {
        String key = (prediction ? "p" : "g") + text;
        String out = processed.get(key);
        if (out == null) {
            String runs = prediction ? SpiderText.prediction(text) : SpiderText.gold(text);
            // no statement: the official script stops on such a text; the callers say what that
            // means
            out = runs == null ? NO_STATEMENT : SpiderText.forExecution(runs);
            processed.put(key, out);
        }
        return out.equals(NO_STATEMENT) ? null : out;
    }

    /**
     * {@code golds}, {@code predictions}: where the golds and the predictions as the rule runs them
     * are kept for every file (null: none).
     */
    public OfficialRules(ReadOnlyExecutor executor, QueryCache golds, QueryCache predictions) {
        this.executor = executor;
        this.golds = golds;
        this.predictions = predictions;
    }

    /**
     * Spider's exec verdict of {@code predicted} (null: no answer, which is wrong) for {@code q};
     * null where the rule has none: the gold fails, or has no statement (the official script stops
     * on both).
     */
    public Boolean spider(
            ExamQuestion q, String predicted, QueryOutcome goldAsRun, QueryOutcome predictedAsRun) {
        // a gold without a statement: the official script stops on it, the rule has no verdict
        String gold = processed(q.goldSql(), false);
        if (gold == null) return null;
        QueryOutcome g;
        if (gold.equals(q.goldSql()) && goldAsRun != null) g = goldAsRun;
        else if (golds != null) g = golds.get(q.db(), gold, () -> executor.execute(q.db(), gold));
        else g = executor.execute(q.db(), gold);
        if (!g.ok()) return null;
        if (predicted == null) return false;
        // a prediction without a statement: the official script stops on it; wrong here
        String p = processed(predicted, true);
        if (p == null) return false;
        QueryOutcome out;
        if (p.equals(predicted) && predictedAsRun != null) out = predictedAsRun;
        else if (predictions != null)
            out = predictions.get(q.db(), p, () -> executor.execute(q.db(), p));
        else out = executor.execute(q.db(), p);
        if (!out.ok()) return false;
        return PythonRows.resultEq(
                g.result().rows(), out.result().rows(), SpiderText.orderMatters(gold));
    }

    /**
     * Spider's TS verdict beyond the question's own database: {@code predicted} matches its gold,
     * under the same rule, on every {@code *.sqlite} of the question's database folder in {@code
     * dir} (test-suite-sql-eval's {@code --db}); false where a gold fails there, or the folder has
     * no database (each named in the detail the caller gives).
     */
    public boolean spiderOnTestSuite(ExamQuestion q, String predicted, java.nio.file.Path dir) {
        if (predicted == null) return false;
        // either text without a statement: the official script stops on it; wrong here
        String gold = processed(q.goldSql(), false);
        String p = processed(predicted, true);
        if (gold == null || p == null) return false;
        List<java.nio.file.Path> files = TestSuiteFolder.databases(dir, q.db());
        if (files.isEmpty()) return false;
        boolean orderMatters = SpiderText.orderMatters(gold);
        for (java.nio.file.Path file : files) {
            QueryOutcome g =
                    golds != null
                            ? golds.get(
                                    file.toString(), gold, () -> executor.executeOnFile(file, gold))
                            : executor.executeOnFile(file, gold);
            if (!g.ok()) return false;
            QueryOutcome out = executor.executeOnFile(file, p);
            if (!out.ok()
                    || !PythonRows.resultEq(g.result().rows(), out.result().rows(), orderMatters))
                return false;
        }
        return true;
    }

    /**
     * BIRD's verdict: both queries run as written, {@code set(predicted) == set(gold)}; a query
     * that fails (or no answer) scores 0, and so does one whose text is not UTF-8 (Python's {@code
     * sqlite3} fails to decode it).
     */
    public static boolean bird(QueryOutcome gold, QueryOutcome predicted) {
        if (gold == null || predicted == null || !gold.ok() || !predicted.ok()) return false;
        if (gold.result().undecodableText() || predicted.result().undecodableText()) return false;
        return PythonRows.sameSet(predicted.result().rows(), gold.result().rows());
    }
}
