package dev.sqlexam.bench;

import dev.sqlexam.evaluation.StructuralValidator;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.RepairAttempt;
import dev.sqlexam.model.RepairOutcome;
import dev.sqlexam.repair.MistakeInjector;
import dev.sqlexam.repair.RepairLoop;
import dev.sqlexam.sql.PgNormalize;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code bench repair}: every gold query of an exam set gets the typical mistakes of small models
 * injected; only the deterministic repairs run (no model); each repaired query is executed and
 * graded against the gold. Separately, PG normalization runs on every correct gold to count correct
 * queries it would turn wrong.
 */
public final class RepairBench {

    /** What happened to one injected mistake. */
    public enum Fate {
        RESTORED,
        EXECUTES_BUT_WRONG,
        NOT_FIXED,
        PASSES_CHECKS_WRONG,
        PASSES_CHECKS_HARMLESS
    }

    /** Counts for one mistake type. */
    public static final class Row {
        final String family;
        final Map<Fate, Integer> counts = new TreeMap<>();
        final List<String> examples = new ArrayList<>();

        Row(String family) {
            this.family = family;
        }

        int get(Fate f) {
            return counts.getOrDefault(f, 0);
        }

        int injected() {
            return counts.values().stream().mapToInt(Integer::intValue).sum();
        }

        /** Mistakes the checks catch: the ones a repair can be asked to fix. */
        int caught() {
            return get(Fate.RESTORED) + get(Fate.EXECUTES_BUT_WRONG) + get(Fate.NOT_FIXED);
        }
    }

    /** The benchmark's result: rows per mistake type, and normalization on correct queries. */
    public record Report(
            Map<String, Row> rows,
            int golds,
            List<String> goldsSkipped,
            int normalizedChanged,
            int normalizedTurnedWrong,
            List<String> turnedWrong) {}

    private final RepairLoop loop;
    private final String divisionPattern;

    public RepairBench(RepairLoop.Settings settings) {
        this.loop = new RepairLoop(settings);
        this.divisionPattern = settings.divisionValue();
    }

    public Report run(List<ExamQuestion> questions, Map<String, BenchDatabase> databases) {
        Map<String, Row> rows = new TreeMap<>();
        int golds = 0, changed = 0, wrong = 0;
        List<String> skipped = new ArrayList<>();
        List<String> turnedWrong = new ArrayList<>();
        for (ExamQuestion q : questions) {
            BenchDatabase db = databases.get(q.db());
            RepairLoop.Check goldCheck = db == null ? null : db.check(q.goldSql());
            if (goldCheck == null || !goldCheck.passed()) {
                skipped.add(
                        q.id()
                                + ": "
                                + (goldCheck == null
                                        ? "database " + q.db() + " not open"
                                        : goldCheck.sqlstate() + " " + goldCheck.message()));
                continue;
            }
            golds++;
            PgNormalize.Result normalized = PgNormalize.normalize(q.goldSql(), divisionPattern);
            if (normalized.changed()) {
                changed++;
                if (!db.grade(q, normalized.sql()).correct()) {
                    wrong++;
                    turnedWrong.add(q.id() + " (" + String.join(",", normalized.applied()) + ")");
                }
            }
            for (MistakeInjector.Mistake m :
                    MistakeInjector.inject(q.goldSql(), db.columns(), db.foreignKeys())) {
                Row row = rows.computeIfAbsent(m.type(), t -> new Row(m.family()));
                Result result = fate(q, m.sql(), db);
                row.counts.merge(result.fate(), 1, Integer::sum);
                if (result.fate() != Fate.RESTORED
                        && result.fate() != Fate.PASSES_CHECKS_HARMLESS) {
                    row.examples.add(
                            q.id()
                                    + " "
                                    + m.type()
                                    + " "
                                    + result.fate()
                                    + ": "
                                    + result.detail()
                                    + "\n    broken: "
                                    + m.sql().replaceAll("\\s+", " "));
                }
            }
        }
        return new Report(rows, golds, skipped, changed, wrong, turnedWrong);
    }

    private record Result(Fate fate, String detail) {}

    private Result fate(ExamQuestion q, String broken, BenchDatabase db) {
        RepairLoop.Check failure = db.check(broken);
        if (failure.passed()) {
            return new Result(
                    db.grade(q, StructuralValidator.validate(broken, db.tables(), db.limit()).sql())
                                    .correct()
                            ? Fate.PASSES_CHECKS_HARMLESS
                            : Fate.PASSES_CHECKS_WRONG,
                    "no error");
        }
        RepairOutcome outcome = loop.repair(broken, failure, db.repairContext(), db::check, null);
        RepairAttempt last =
                outcome.attempts().isEmpty()
                        ? null
                        : outcome.attempts().get(outcome.attempts().size() - 1);
        String detail =
                failure.sqlstate()
                        + " "
                        + failure.message()
                        + (last == null ? "" : " → " + last.method() + ": " + last.error());
        if (!outcome.repaired()) return new Result(Fate.NOT_FIXED, detail);
        String repaired =
                StructuralValidator.validate(outcome.sql(), db.tables(), db.limit()).sql();
        return db.grade(q, repaired).correct()
                ? new Result(Fate.RESTORED, detail)
                : new Result(
                        Fate.EXECUTES_BUT_WRONG,
                        detail + "\n    repaired: " + repaired.replaceAll("\\s+", " "));
    }

    /** Every mistake that was not restored, with its broken SQL. */
    public static void printFailures(Report r, PrintStream out) {
        r.rows().values().forEach(row -> row.examples.forEach(out::println));
        out.println();
    }

    public static void print(Report r, PrintStream out) {
        out.printf(
                "%-26s %-9s %8s %8s %10s %9s %13s %8s%n",
                "mistake",
                "family",
                "injected",
                "restored",
                "exec-wrong",
                "not fixed",
                "passes checks",
                "restored%");
        Map<String, int[]> families = new TreeMap<>();
        r.rows()
                .forEach(
                        (type, row) -> {
                            out.printf(
                                    Locale.ROOT,
                                    "%-26s %-9s %8d %8d %10d %9d %13s %8s%n",
                                    type,
                                    row.family,
                                    row.injected(),
                                    row.get(Fate.RESTORED),
                                    row.get(Fate.EXECUTES_BUT_WRONG),
                                    row.get(Fate.NOT_FIXED),
                                    row.get(Fate.PASSES_CHECKS_HARMLESS)
                                                            + row.get(Fate.PASSES_CHECKS_WRONG)
                                                    == 0
                                            ? "0"
                                            : row.get(Fate.PASSES_CHECKS_HARMLESS)
                                                    + row.get(Fate.PASSES_CHECKS_WRONG)
                                                    + " ("
                                                    + row.get(Fate.PASSES_CHECKS_WRONG)
                                                    + " wrong)",
                                    percent(row.get(Fate.RESTORED), row.injected()));
                            int[] f = families.computeIfAbsent(row.family, x -> new int[4]);
                            f[0] += row.injected();
                            f[1] += row.get(Fate.RESTORED);
                            f[2] += row.get(Fate.EXECUTES_BUT_WRONG);
                            f[3] += row.get(Fate.NOT_FIXED);
                        });
        out.println();
        out.printf(
                "%-10s %8s %8s %10s %9s %9s%n",
                "family", "injected", "restored", "exec-wrong", "not fixed", "restored%");
        families.forEach(
                (family, f) ->
                        out.printf(
                                Locale.ROOT,
                                "%-10s %8d %8d %10d %9d %9s%n",
                                family,
                                f[0],
                                f[1],
                                f[2],
                                f[3],
                                percent(f[1], f[0])));
        out.printf(
                Locale.ROOT,
                "%ngold queries: %d used, %d skipped (their gold fails the checks)%n",
                r.golds(),
                r.goldsSkipped().size());
        r.goldsSkipped().forEach(s -> out.println("  skipped " + s));
        out.printf(
                Locale.ROOT,
                "correct queries through PG normalization: %d changed, %d turned wrong%s%n",
                r.normalizedChanged(),
                r.normalizedTurnedWrong(),
                r.turnedWrong().isEmpty() ? "" : " " + r.turnedWrong());
        out.println(
                "restored = repaired query returns the gold's result; exec-wrong = repaired and runs but the result differs;");
        out.println(
                "passes checks = the mistake survives validation, lint and EXPLAIN, so no repair is attempted (wrong = result differs)");
    }

    static String percent(int part, int whole) {
        return whole == 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }
}
