package dev.sqlexam.suite;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.grading.Grader;
import dev.sqlexam.grading.Tolerance;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.sql.LimitTieProbe;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;
import dev.sqlexam.sql.SqlText;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

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

    private static final Pattern VOLATILE =
            Pattern.compile(
                    "(?i)\\b(random|clock_timestamp|timeofday|gen_random_uuid|uuid_generate_v4|setseed)\\s*\\(");

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

    /**
     * What the candidates are made from and asked about: the source's schema and samples, the
     * golds' constants, the golds and their neighbours, and the base of the candidates' seeds.
     */
    record Inputs(
            SuiteBuilder.Source source,
            Map<String, List<List<String>>> samples,
            GoldConstants constants,
            List<String> golds,
            List<List<Neighbours.Neighbour>> neighboursByGold,
            long seedBase) {}

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
        Inputs inputs = new Inputs(source, samples, constants, golds, neighboursByGold, seedBase);
        return new PoolGrowth(server, reader, grader, scratch, inputs, limits).grow(deadline);
    }

    /** The shape (an index of the shapes candidates take) of candidate {@code id}. */
    static int shapeOf(int id, boolean calm) {
        return calm ? SHAPES.length + (id / 2) % CALM.length : id % SHAPES.length;
    }

    /**
     * The profile candidate {@code id} is made with: its shape's, with {@code crowds} every {@link
     * #CROWD_EVERY} candidates (not tiny, calm or resampled ones).
     */
    static RowGenerator.Profile profileOf(int id, boolean calm, List<Integer> crowds) {
        RowGenerator.Profile profile =
                calm ? CALM[(id / 2) % CALM.length] : SHAPES[id % SHAPES.length];
        if (!crowds.isEmpty()
                && !calm
                && id % CROWD_EVERY == 1
                && profile.rows() > RowGenerator.TINY
                && !profile.resampled()) {
            profile = profile.withCrowds(crowds);
        }
        return profile;
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

    /**
     * True while some gold is defined on fewer than {@code want} candidates; after 120 candidates
     * the pool no longer grows for them (a gold defined on none after 48 is given up: its
     * predictions will be suite_unchecked).
     */
    static boolean shortGolds(int[] usableCount, int want, int tried) {
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
        if (VOLATILE.matcher(SqlText.maskStringsAndComments(goldSql)).find()) {
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
