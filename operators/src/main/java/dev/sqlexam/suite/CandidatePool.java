package dev.sqlexam.suite;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.grading.Grader;
import dev.sqlexam.grading.Tolerance;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.sql.LimitTieProbe;
import dev.sqlexam.sql.OrderSpec;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Candidate databases for a suite, made one after another into one scratch database (truncated and
 * refilled) and each asked which golds are defined on it and which neighbours it tells apart from
 * their gold. Candidates vary in shape (rows, NULLs, repeats, how closely they keep to the sample);
 * the pool grows until what it tells apart stops growing and every gold is defined on enough
 * candidates, or a limit is reached. A neighbour told apart by a few candidates is not run on later
 * ones (it is covered whatever is chosen), which keeps a pool of hundreds cheap.
 */
final class CandidatePool {

    /** Rows, NULL rate, anchoring, repeats: the shapes candidates take in turn. */
    private static final RowGenerator.Profile[] SHAPES = {
        new RowGenerator.Profile(24, 0.12, 1.0, 0.12),
        new RowGenerator.Profile(30, 0.1, 0.2, 0.12),
        new RowGenerator.Profile(50, 0.05, 1.0, 0.12),
        new RowGenerator.Profile(16, 0.3, 0.6, 0.12),
        new RowGenerator.Profile(10, 0.0, 1.0, 0.0),
        new RowGenerator.Profile(40, 0.15, 0.8, 0.35),
        new RowGenerator.Profile(8, 0.2, 1.0, 0.2),
        new RowGenerator.Profile(70, 0.08, 0.5, 0.05),
        new RowGenerator.Profile(36, 0.1, 1.0, 0.15, 0.12),
        new RowGenerator.Profile(60, 0.05, 0.7, 0.25, 0.3),
        new RowGenerator.Profile(RowGenerator.TINY, 0.5, 1.0, 0.0),
        new RowGenerator.Profile(RowGenerator.TINY, 0.1, 0.5, 0.0),
        RowGenerator.Profile.resampled(40),
        // wide: many rows, loosely anchored: a filter or a grouping no gold foresaw finds rows to
        // differ on
        new RowGenerator.Profile(200, 0.12, 0.4, 0.1),
        // odd: a third of the plain nullable columns NULL throughout (SUM of NULLs alone), every
        // row twice (keys aside),
        // small numbers (a rounding the grader's relative tolerance would hide on large ones)
        new RowGenerator.Profile(20, 0.15, 0.8, 0.12).odd(0.35),
        new RowGenerator.Profile(30, 0.08, 0.5, 0.05).odd(0.35)
    };

    /**
     * For golds defined on too few candidates (a LIMIT cutting ties, a subquery returning two
     * rows): few rows, no repeats.
     */
    private static final RowGenerator.Profile[] CALM = {
        new RowGenerator.Profile(6, 0.0, 1.0, 0.0), new RowGenerator.Profile(12, 0.05, 1.0, 0.0)
    };

    private static final java.util.regex.Pattern VOLATILE =
            java.util.regex.Pattern.compile(
                    "(?i)\\b(random|clock_timestamp|timeofday|gen_random_uuid|uuid_generate_v4|setseed)\\s*\\(");

    /**
     * Connections running neighbours at once (the server does the work: two keep a 2-core machine
     * busy).
     */
    private static final int WORKERS = 2;

    /** A neighbour told apart this many times is not run again. */
    private static final int ENOUGH = 3;

    /**
     * When the pool stops growing: at least {@code min}, at most {@code max} candidates or {@code
     * budgetMs}; {@code patience} candidates without growth; {@code wantUsable} candidates per
     * gold.
     */
    record Limits(int min, int max, int patience, long budgetMs, int wantUsable) {}

    /**
     * A candidate as made and what it showed: which golds are defined on it (and why the others are
     * not), which neighbours it tells apart.
     */
    record Made(
            int id,
            RowGenerator.Profile profile,
            long seed,
            BitSet usable,
            Map<Integer, String> problems,
            BitSet distinguished,
            int shape) {}

    /**
     * The pool: its candidates, the neighbours (in one numbering across golds) and the ones the
     * schema refused.
     */
    record Pool(
            List<Made> candidates,
            List<Neighbours.Neighbour> neighbours,
            BitSet refused,
            List<String> notes) {}

    private final JdbcUrlTemplate server;
    private final ReadOnlyExecutor reader;
    private final Grader grader;

    CandidatePool(JdbcUrlTemplate server, ReadOnlyExecutor reader, Tolerance tolerance) {
        this.server = server;
        this.reader = reader;
        this.grader = new Grader(tolerance);
    }

    Pool make(
            String scratch,
            SuiteBuilder.Source source,
            Map<String, List<List<String>>> samples,
            GoldConstants constants,
            List<String> golds,
            List<List<Neighbours.Neighbour>> neighboursByGold,
            long seedBase,
            Limits limits)
            throws SQLException {
        long deadline = System.nanoTime() + limits.budgetMs() * 1_000_000;
        List<Neighbours.Neighbour> all = new ArrayList<>();
        List<List<Integer>> byGold = new ArrayList<>();
        for (int g = 0; g < golds.size(); g++) {
            List<Integer> mine = new ArrayList<>();
            for (Neighbours.Neighbour n : neighboursByGold.get(g)) {
                mine.add(all.size());
                all.add(n);
            }
            byGold.add(mine);
        }
        List<OrderSpec> orders = golds.stream().map(OrderSpec::of).toList();
        List<Integer> crowds = crowds(constants);
        int[] times = new int[all.size()];
        BitSet refused = new BitSet();
        BitSet everTold = new BitSet();
        int[] usableCount = new int[golds.size()];
        List<Made> made = new ArrayList<>();
        List<String> notes =
                new ArrayList<>(SuiteDatabase.prepareScratch(server, scratch, source.schema()));
        int sinceGrowth = 0;
        long loadNanos = 0;
        long goldNanos = 0;
        long neighbourNanos = 0;
        int neighbourRuns = 0;
        String stopped = "its limit of " + limits.max() + " candidates";
        java.util.concurrent.ExecutorService workers =
                java.util.concurrent.Executors.newFixedThreadPool(
                        WORKERS,
                        r -> {
                            Thread t = new Thread(r, "sqlexam-suite-pool");
                            t.setDaemon(true);
                            return t;
                        });
        try (Connection c = DriverManager.getConnection(server.forDatabase(scratch))) {
            for (int id = 0; id < limits.max(); id++) {
                boolean short_ = shortGolds(usableCount, limits.wantUsable(), id);
                if (id >= limits.min() && sinceGrowth >= limits.patience() && !short_) {
                    stopped =
                            "no neighbour newly told apart by its last "
                                    + sinceGrowth
                                    + " candidates";
                    break;
                }
                if (id >= limits.min() && System.nanoTime() > deadline) {
                    stopped = "its time budget (" + limits.budgetMs() / 1000 + " s)";
                    break;
                }
                long t0 = System.nanoTime();
                boolean calm = short_ && id % 2 == 1;
                int shape = calm ? SHAPES.length + (id / 2) % CALM.length : id % SHAPES.length;
                RowGenerator.Profile profile =
                        calm ? CALM[(id / 2) % CALM.length] : SHAPES[id % SHAPES.length];
                if (!crowds.isEmpty()
                        && !calm
                        && id % CROWD_EVERY == 1
                        && profile.rows() > RowGenerator.TINY
                        && !profile.resampled()) {
                    profile = profile.withCrowds(crowds);
                }
                long seed = seedBase * 31L + id;
                SuiteDatabase.reload(c, source.schema(), samples, constants, profile, seed);
                long t1 = System.nanoTime();
                loadNanos += t1 - t0;
                BitSet usable = new BitSet();
                Map<Integer, String> problems = new LinkedHashMap<>();
                List<java.util.concurrent.Future<Object[]>> goldRuns = new ArrayList<>();
                for (String gold : golds) {
                    goldRuns.add(
                            workers.submit(
                                    () -> {
                                        QueryOutcome outcome = reader.execute(scratch, gold);
                                        return new Object[] {
                                            outcome, goldProblem(reader, scratch, gold, outcome)
                                        };
                                    }));
                }
                List<QueryOutcome> goldOutcomes = new ArrayList<>();
                for (int g = 0; g < golds.size(); g++) {
                    Object[] ran = join(goldRuns.get(g));
                    goldOutcomes.add((QueryOutcome) ran[0]);
                    if (ran[1] == null) {
                        usable.set(g);
                        usableCount[g]++;
                    } else {
                        problems.put(g, (String) ran[1]);
                    }
                }
                long t2 = System.nanoTime();
                goldNanos += t2 - t1;
                BitSet told = new BitSet();
                List<java.util.concurrent.Future<int[]>> runs = new ArrayList<>();
                for (int g = 0; g < golds.size(); g++) {
                    if (!usable.get(g)) continue;
                    List<Integer> open = new ArrayList<>();
                    for (int n : byGold.get(g))
                        if (!refused.get(n) && times[n] < ENOUGH) open.add(n);
                    if (open.isEmpty()) continue;
                    Grader.GoldRun run =
                            new Grader.GoldRun(golds.get(g), orders.get(g), goldOutcomes.get(g));
                    runs.add(workers.submit(() -> verdicts(scratch, run, all, open)));
                    neighbourRuns += open.size();
                }
                for (var run : runs) {
                    int[] verdicts = join(run);
                    for (int k = 0; k < verdicts.length; k += 2) {
                        if (verdicts[k + 1] == REFUSED) refused.set(verdicts[k]);
                        if (verdicts[k + 1] == TOLD) {
                            told.set(verdicts[k]);
                            times[verdicts[k]]++;
                        }
                    }
                }
                BitSet fresh = (BitSet) told.clone();
                fresh.andNot(everTold);
                everTold.or(told);
                sinceGrowth = fresh.isEmpty() ? sinceGrowth + 1 : 0;
                made.add(new Made(id, profile, seed, usable, problems, told, shape));
                neighbourNanos += System.nanoTime() - t2;
            }
        } finally {
            workers.shutdownNow();
            SuiteDatabase.drop(server, scratch);
        }
        for (Made m : made) m.distinguished().andNot(refused);
        notes.add(
                0,
                String.format(
                        java.util.Locale.ROOT,
                        "pool: %d candidates, stopped at %s; filling %.1f s, golds %.1f s, %d neighbour runs %.1f s",
                        made.size(),
                        stopped,
                        loadNanos / 1e9,
                        goldNanos / 1e9,
                        neighbourRuns,
                        neighbourNanos / 1e9));
        return new Pool(made, all, refused, notes);
    }

    /** Every this many candidates one has crowds (when a gold compares a COUNT with a number). */
    private static final int CROWD_EVERY = 3;

    /** The largest group a crowd makes, and the most rows all crowds add to a table. */
    private static final int MAX_CROWD = 1_000;

    private static final int MAX_CROWD_ROWS = 2_000;

    /**
     * Crowd sizes for the COUNT constants k of the golds (3 ≤ k ≤ {@link #MAX_CROWD}; smaller
     * groups come by chance): k and k + 1, smallest first, up to {@link #MAX_CROWD_ROWS} rows in
     * all.
     */
    static List<Integer> crowds(GoldConstants constants) {
        List<Integer> out = new ArrayList<>();
        int rows = 0;
        for (int k : constants.counts()) {
            if (k < 3 || k > MAX_CROWD || rows + 2 * k + 1 > MAX_CROWD_ROWS) continue;
            out.addAll(List.of(k, k + 1));
            rows += 2 * k + 1;
        }
        return out;
    }

    private static final int NONE = 0;
    private static final int TOLD = 1;
    private static final int REFUSED = 2;

    /**
     * Each neighbour of {@code open} run against its gold's result: pairs of (neighbour, NONE |
     * TOLD | REFUSED).
     */
    private int[] verdicts(
            String scratch,
            Grader.GoldRun gold,
            List<Neighbours.Neighbour> all,
            List<Integer> open) {
        int[] out = new int[open.size() * 2];
        for (int k = 0; k < open.size(); k++) {
            int n = open.get(k);
            QueryOutcome neighbour = reader.execute(scratch, all.get(n).sql());
            out[2 * k] = n;
            if (neighbour.errorClass() == ErrorClass.INFRA_FAILURE) {
                out[2 * k + 1] = NONE;
            } else if (neighbour.sqlstate() != null && neighbour.sqlstate().startsWith("42")) {
                // a mutation the schema does not accept (DISTINCT with an ORDER BY outside the
                // list, …) says nothing of data
                out[2 * k + 1] = REFUSED;
            } else {
                out[2 * k + 1] = grader.grade(List.of(gold), neighbour).correct() ? NONE : TOLD;
            }
        }
        return out;
    }

    private static <T> T join(java.util.concurrent.Future<T> run) throws SQLException {
        try {
            return run.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while the candidate pool ran its neighbours", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new SQLException("a neighbour run failed: " + e.getCause(), e.getCause());
        }
    }

    /**
     * True while some gold is defined on fewer than {@code want} candidates; after 120 candidates
     * the pool no longer grows for them (a gold defined on none after 48 is given up: its
     * predictions will be suite_unchecked).
     */
    private static boolean shortGolds(int[] usableCount, int want, int tried) {
        if (tried >= 120) return false;
        for (int count : usableCount) if (count < want && (count > 0 || tried < 48)) return true;
        return false;
    }

    /**
     * Why a gold cannot be graded on a database: it errs or times out there, or its LIMIT cuts a
     * tie (null: it can).
     */
    static String goldProblem(
            ReadOnlyExecutor reader, String database, String goldSql, QueryOutcome gold) {
        if (VOLATILE.matcher(dev.sqlexam.sql.SqlText.maskStringsAndComments(goldSql)).find()) {
            return "gold_suite_error: its result changes from one run to the next (a volatile function)";
        }
        if (!gold.ok())
            return (gold.errorClass() == ErrorClass.INFRA_FAILURE
                            ? "infra_failure: "
                            : "gold_suite_error: ")
                    + gold.error();
        Optional<LimitTieProbe.Probe> probe = LimitTieProbe.of(goldSql);
        if (probe.isPresent()) {
            QueryOutcome probed = reader.execute(database, probe.get().sql());
            if (!probed.ok()) return "gold_suite_error: its tie probe failed: " + probed.error();
            if (LimitTieProbe.tieAtLimit(
                    probe.get(), probed.result(), Tolerance.DEFAULT::valuesEqual)) {
                return "gold_suite_error: non-deterministic here (its LIMIT cuts through a tie on the ORDER BY keys)";
            }
        }
        return null;
    }
}
