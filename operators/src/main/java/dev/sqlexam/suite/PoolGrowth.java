package dev.sqlexam.suite;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.grading.Grader;
import dev.sqlexam.model.ErrorClass;
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
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * One growth of a {@link CandidatePool}: candidates made one after another into the scratch
 * database, the golds run on each, then their neighbours still open, on a few connections at once;
 * what each candidate showed is collected in the order the candidates were made.
 */
final class PoolGrowth {

    /**
     * Connections running neighbours at once (the server does the work: two keep a 2-core machine
     * busy).
     */
    private static final int WORKERS = 2;

    /** A neighbour told apart this many times is not run again. */
    private static final int ENOUGH = 3;

    private static final int NONE = 0;
    private static final int TOLD = 1;
    private static final int REFUSED = 2;

    /** A gold's result on a candidate, and why it cannot be graded there (null: it can). */
    private record GoldCheck(QueryOutcome outcome, String problem) {}

    private final JdbcUrlTemplate server;
    private final ReadOnlyExecutor reader;
    private final Grader grader;
    private final CandidatePool.Inputs inputs;
    private final CandidatePool.Limits limits;
    private final String scratch;

    /** The neighbours of all golds in one numbering, and each gold's numbers. */
    private final List<Neighbours.Neighbour> all = new ArrayList<>();

    private final List<List<Integer>> byGold = new ArrayList<>();
    private final List<OrderSpec> orders;
    private final List<Integer> crowds;

    /** How many candidates told each neighbour apart. */
    private final int[] times;

    private final BitSet refused = new BitSet();
    private final BitSet everTold = new BitSet();

    /** On how many candidates each gold is defined. */
    private final int[] usableCount;

    private final List<CandidatePool.Made> made = new ArrayList<>();
    private int sinceGrowth;
    private long loadNanos;
    private long goldNanos;
    private long neighbourNanos;
    private int neighbourRuns;
    private ExecutorService workers;

    PoolGrowth(
            JdbcUrlTemplate server,
            ReadOnlyExecutor reader,
            Grader grader,
            String scratch,
            CandidatePool.Inputs inputs,
            CandidatePool.Limits limits) {
        this.server = server;
        this.reader = reader;
        this.grader = grader;
        this.scratch = scratch;
        this.inputs = inputs;
        this.limits = limits;
        for (int g = 0; g < inputs.golds().size(); g++) {
            List<Integer> mine = new ArrayList<>();
            for (Neighbours.Neighbour n : inputs.neighboursByGold().get(g)) {
                mine.add(all.size());
                all.add(n);
            }
            byGold.add(mine);
        }
        this.orders = inputs.golds().stream().map(OrderSpec::of).toList();
        this.crowds = CandidatePool.crowds(inputs.constants());
        this.times = new int[all.size()];
        this.usableCount = new int[inputs.golds().size()];
    }

    /** Candidates until the limits stop the pool; the scratch database is dropped after. */
    CandidatePool.Pool grow(long deadline) throws SQLException {
        List<String> notes =
                new ArrayList<>(
                        SuiteDatabase.prepareScratch(server, scratch, inputs.source().schema()));
        String stopped = "its limit of " + limits.max() + " candidates";
        workers =
                Executors.newFixedThreadPool(
                        WORKERS,
                        r -> {
                            Thread t = new Thread(r, "sqlexam-suite-pool");
                            t.setDaemon(true);
                            return t;
                        });
        try (Connection c = DriverManager.getConnection(server.forDatabase(scratch))) {
            for (int id = 0; id < limits.max(); id++) {
                boolean short_ = CandidatePool.shortGolds(usableCount, limits.wantUsable(), id);
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
                candidate(c, id, short_);
            }
        } finally {
            workers.shutdownNow();
            SuiteDatabase.drop(server, scratch);
        }
        for (CandidatePool.Made m : made) m.distinguished().andNot(refused);
        notes.add(0, summary(stopped));
        return new CandidatePool.Pool(made, all, refused, notes);
    }

    /** Makes candidate {@code id}, runs the golds and the open neighbours on it. */
    private void candidate(Connection c, int id, boolean short_) throws SQLException {
        long t0 = System.nanoTime();
        boolean calm = short_ && id % 2 == 1;
        int shape = CandidatePool.shapeOf(id, calm);
        RowGenerator.Profile profile = CandidatePool.profileOf(id, calm, crowds);
        long seed = inputs.seedBase() * 31L + id;
        SuiteDatabase.reload(
                c, inputs.source().schema(), inputs.samples(), inputs.constants(), profile, seed);
        long t1 = System.nanoTime();
        loadNanos += t1 - t0;
        BitSet usable = new BitSet();
        Map<Integer, String> problems = new LinkedHashMap<>();
        List<QueryOutcome> goldOutcomes = runGolds(usable, problems);
        long t2 = System.nanoTime();
        goldNanos += t2 - t1;
        BitSet told = runNeighbours(usable, goldOutcomes);
        BitSet fresh = (BitSet) told.clone();
        fresh.andNot(everTold);
        everTold.or(told);
        sinceGrowth = fresh.isEmpty() ? sinceGrowth + 1 : 0;
        made.add(new CandidatePool.Made(id, profile, seed, usable, problems, told, shape));
        neighbourNanos += System.nanoTime() - t2;
    }

    /** Every gold's result on the candidate; the golds defined there go in {@code usable}. */
    private List<QueryOutcome> runGolds(BitSet usable, Map<Integer, String> problems)
            throws SQLException {
        List<Future<GoldCheck>> goldRuns = new ArrayList<>();
        for (String gold : inputs.golds()) {
            goldRuns.add(
                    workers.submit(
                            () -> {
                                QueryOutcome outcome = reader.execute(scratch, gold);
                                return new GoldCheck(
                                        outcome,
                                        CandidatePool.goldProblem(reader, scratch, gold, outcome));
                            }));
        }
        List<QueryOutcome> goldOutcomes = new ArrayList<>();
        for (int g = 0; g < inputs.golds().size(); g++) {
            GoldCheck ran = join(goldRuns.get(g));
            goldOutcomes.add(ran.outcome());
            if (ran.problem() == null) {
                usable.set(g);
                usableCount[g]++;
            } else {
                problems.put(g, ran.problem());
            }
        }
        return goldOutcomes;
    }

    /**
     * The open neighbours of the golds defined on the candidate, each run against its gold; those
     * told apart.
     */
    private BitSet runNeighbours(BitSet usable, List<QueryOutcome> goldOutcomes)
            throws SQLException {
        BitSet told = new BitSet();
        List<Future<int[]>> runs = new ArrayList<>();
        for (int g = 0; g < inputs.golds().size(); g++) {
            if (!usable.get(g)) continue;
            List<Integer> open = new ArrayList<>();
            for (int n : byGold.get(g)) if (!refused.get(n) && times[n] < ENOUGH) open.add(n);
            if (open.isEmpty()) continue;
            Grader.GoldRun run =
                    new Grader.GoldRun(inputs.golds().get(g), orders.get(g), goldOutcomes.get(g));
            runs.add(workers.submit(() -> verdicts(run, open)));
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
        return told;
    }

    /**
     * Each neighbour of {@code open} run against its gold's result: pairs of (neighbour, NONE |
     * TOLD | REFUSED).
     */
    private int[] verdicts(Grader.GoldRun gold, List<Integer> open) {
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

    private String summary(String stopped) {
        return String.format(
                Locale.ROOT,
                "pool: %d candidates, stopped at %s; filling %.1f s, golds %.1f s, %d neighbour runs %.1f s",
                made.size(),
                stopped,
                loadNanos / 1e9,
                goldNanos / 1e9,
                neighbourRuns,
                neighbourNanos / 1e9);
    }

    private static <T> T join(Future<T> run) throws SQLException {
        try {
            return run.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while the candidate pool ran its neighbours", e);
        } catch (ExecutionException e) {
            throw new SQLException("a neighbour run failed: " + e.getCause(), e.getCause());
        }
    }
}
