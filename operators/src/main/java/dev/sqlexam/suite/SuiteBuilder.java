package dev.sqlexam.suite;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.grading.Tolerance;
import dev.sqlexam.model.Sha256;
import dev.sqlexam.sql.ReadOnlyExecutor;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Builds (or finds cached) the test suite of one exam database, the way Zhong et al. distil theirs:
 * a pool of random candidate databases of the same schema ({@link CandidatePool}, grown until what
 * it tells apart stops growing), each asked which neighbour queries (single mutations of a gold) it
 * tells apart from their gold, then a greedy choice of the candidates that tell apart the most
 * neighbours not yet told apart ({@link Distillation}). Golds defined on too few of the chosen
 * databases (a LIMIT cutting a tie, an error) get more. Suites are cached by a hash of the schema,
 * the golds, the size and {@link #GENERATOR_VERSION}.
 */
public final class SuiteBuilder {

    /**
     * Changes whenever what the generator makes for the same inputs changes: older suites are then
     * rebuilt.
     */
    public static final String GENERATOR_VERSION = "suite-41";

    private static final int NEIGHBOURS_PER_GOLD = 40;
    private static final int SAMPLE_ROWS = 200;
    private static final int MIN_POOL = 24;
    private static final int PATIENCE = 16;

    private final JdbcUrlTemplate server;
    private final String stateUrl;
    private final ReadOnlyExecutor suiteReader;
    private final Tolerance tolerance;
    private final int maxPool;
    private final long budgetMs;

    /**
     * {@code server}: sqlexam's server (admin) that holds the suites; {@code suiteReader}: the
     * read-only role on it.
     */
    public SuiteBuilder(
            JdbcUrlTemplate server,
            String stateUrl,
            ReadOnlyExecutor suiteReader,
            Tolerance tolerance) {
        this(server, stateUrl, suiteReader, tolerance, DEFAULT_POOL, DEFAULT_BUDGET_MS);
    }

    /**
     * {@code maxPool}: candidate databases tried at most per exam database; {@code budgetMs}: the
     * time the pool may take.
     */
    public SuiteBuilder(
            JdbcUrlTemplate server,
            String stateUrl,
            ReadOnlyExecutor suiteReader,
            Tolerance tolerance,
            int maxPool,
            long budgetMs) {
        this.server = server;
        this.stateUrl = stateUrl;
        this.suiteReader = suiteReader;
        this.tolerance = tolerance;
        this.maxPool = maxPool;
        this.budgetMs = budgetMs;
    }

    public static final int DEFAULT_POOL = 300;
    public static final long DEFAULT_BUDGET_MS = 240_000;

    /** What the source database looks like, read as the read-only role there. */
    public record Source(String sourceId, String database, SuiteSchema schema, Samples samples) {

        /**
         * The schema now; the samples only when a suite is built (a cached suite needs none), on
         * the same connection.
         */
        public static Source read(String sourceId, String database, Connection readOnly)
                throws SQLException {
            return new Source(
                    sourceId,
                    database,
                    SuiteSchemaReader.read(readOnly),
                    schema -> SuiteSchemaReader.sample(readOnly, schema, SAMPLE_ROWS));
        }
    }

    /** Original rows of each table, by its display name, as text. */
    @FunctionalInterface
    public interface Samples {
        Map<String, List<List<String>>> read(SuiteSchema schema) throws SQLException;
    }

    public static String hash(SuiteSchema schema, Collection<String> golds, String size) {
        return Sha256.hex(
                        GENERATOR_VERSION
                                + "\n"
                                + size
                                + "\n"
                                + schema.fingerprint()
                                + "\n"
                                + String.join("\n", new TreeSet<>(golds)))
                .substring(0, 12);
    }

    /** A suite, and whether it was found cached. */
    public record Prepared(TestSuite suite, boolean cached) {}

    /**
     * The cached suite for these inputs, else a new one (older suites of the same source are
     * dropped).
     */
    public Prepared suiteFor(Source source, Collection<String> goldSql, int size)
            throws SQLException {
        return suiteFor(source, goldSql, SuiteSize.of(size));
    }

    /** As {@link #suiteFor(Source, Collection, int)}, sized as {@code size} says. */
    public Prepared suiteFor(Source source, Collection<String> goldSql, SuiteSize size)
            throws SQLException {
        Set<String> golds = new LinkedHashSet<>(goldSql);
        String hash = hash(source.schema(), golds, size + "/" + maxPool);
        try (Connection state = DriverManager.getConnection(stateUrl)) {
            try (PreparedStatement lock =
                    state.prepareStatement("SELECT pg_advisory_lock(hashtext(?))")) {
                lock.setString(1, "sqlexam-suite-" + hash);
                lock.execute();
            }
            TestSuite cached = SuiteManifests.cached(state, hash);
            List<String> existing =
                    SuiteDatabase.existing(server, SuiteDatabase.PREFIX + hash + "_");
            if (cached != null && existing.containsAll(cached.databases()))
                return new Prepared(cached, true);
            for (String old : existing) SuiteDatabase.drop(server, old);
            SuiteManifests.dropOlder(server, state, source.sourceId(), hash);
            TestSuite built = build(source, new ArrayList<>(golds), size, hash);
            try {
                SuiteManifests.store(state, hash, source.sourceId(), built);
            } catch (SQLException lost) {
                // the build took minutes: a connection the server dropped meanwhile (a restart, an
                // administrator) is opened again
                try (Connection again = DriverManager.getConnection(stateUrl)) {
                    SuiteManifests.store(again, hash, source.sourceId(), built);
                } catch (SQLException failedAgain) {
                    failedAgain.addSuppressed(lost);
                    throw failedAgain;
                }
            }
            return new Prepared(built, false);
        }
    }

    /**
     * A note for the golds the parser cannot read: they get no neighbours, so no suite tests them.
     */
    static List<String> unreadableGolds(List<String> golds) {
        List<String> reasons = new ArrayList<>();
        for (String gold : golds) {
            String why = Neighbours.unreadable(gold);
            if (why != null) reasons.add(why);
        }
        if (reasons.isEmpty()) return List.of();
        return List.of(
                reasons.size()
                        + " gold(s) the SQL parser cannot read get no neighbours, so no suite"
                        + " database is chosen to test them (first: "
                        + reasons.get(0)
                        + ")");
    }

    /** How big a suite may grow and how long its pool may take (see {@link SuiteSize}). */
    private CandidatePool.Limits limits(SuiteSize size) {
        return new CandidatePool.Limits(
                MIN_POOL, maxPool, PATIENCE, budgetMs, Math.max(size.floor(), 3));
    }

    TestSuite build(Source source, List<String> golds, SuiteSize size, String hash)
            throws SQLException {
        long start = System.nanoTime();
        // a view's own constants count as the golds' that read it (WHERE total > 500 inside
        // big_orders)
        List<String> compared = new ArrayList<>(golds);
        source.schema().views().forEach(v -> compared.add(v.definition()));
        GoldConstants constants = GoldConstants.of(compared);
        Map<String, List<List<String>>> samples = source.samples().read(source.schema());
        List<List<Neighbours.Neighbour>> neighbours =
                golds.stream().map(g -> Neighbours.of(g, NEIGHBOURS_PER_GOLD)).toList();
        CandidatePool.Pool pool =
                new CandidatePool(server, suiteReader, tolerance)
                        .make(
                                SuiteDatabase.PREFIX + hash + "_scratch",
                                source,
                                samples,
                                constants,
                                golds,
                                neighbours,
                                hash.hashCode(),
                                limits(size));
        List<Distillation.Candidate> candidates = candidates(pool);
        Distillation.Selection selection =
                Distillation.select(candidates, golds.size(), size.cap(), size.floor());
        List<Distillation.Extra> extras =
                Distillation.extras(
                        candidates, selection.chosen(), goldOfNeighbour(neighbours), size.cap());
        List<String> notes = new ArrayList<>(pool.notes());
        notes.addAll(unreadableGolds(golds));
        ChosenDatabases made =
                new ChosenDatabases(
                        server, suiteReader, hash, source.schema(), samples, constants, golds);
        for (int id : selection.chosen()) made.make(pool.candidates().get(id), null, notes);
        for (Distillation.Extra e : extras)
            made.make(pool.candidates().get(e.id()), e.golds(), notes);
        BitSet covered = new BitSet();
        for (int id : selection.chosen()) covered.or(pool.candidates().get(id).distinguished());
        for (Distillation.Extra e : extras)
            covered.or(pool.candidates().get(e.id()).distinguished());
        int usableNeighbours = pool.neighbours().size() - pool.refused().cardinality();
        return TestSuite.of(source.database(), hash)
                .databases(made.kept, made.health, made.onlyFor)
                .schema(source.schema())
                .neighbours(usableNeighbours, covered.cardinality())
                .buildMs((System.nanoTime() - start) / 1_000_000)
                .notes(notes)
                .perGold(selection.quota())
                .stats(SuiteFigures.of(pool, candidates, selection, extras.size(), covered, made))
                .build();
    }

    /** The pool's candidates as the distillation sees them. */
    private static List<Distillation.Candidate> candidates(CandidatePool.Pool pool) {
        return pool.candidates().stream()
                .map(
                        m ->
                                new Distillation.Candidate(
                                        m.id(),
                                        m.distinguished(),
                                        m.usable(),
                                        m.shape(),
                                        m.profile().kind()))
                .toList();
    }

    /** The gold of each neighbour, in the pool's one numbering across golds. */
    private static int[] goldOfNeighbour(List<List<Neighbours.Neighbour>> neighbours) {
        int[] out = new int[neighbours.stream().mapToInt(List::size).sum()];
        int n = 0;
        for (int g = 0; g < neighbours.size(); g++)
            for (int k = 0; k < neighbours.get(g).size(); k++) out[n++] = g;
        return out;
    }

    /**
     * A mutation's kind without the numbers and operators that tell its instances apart
     * ("comparison > → >=" → "comparison").
     */
    static String kindOf(String mutation) {
        String kind = mutation.replaceAll("\\s*\\d+$", "");
        int arrow = kind.indexOf(' ');
        return kind.startsWith("comparison")
                        || kind.startsWith("literal")
                        || kind.startsWith("LIMIT")
                ? kind.substring(0, arrow < 0 ? kind.length() : arrow)
                : kind;
    }
}
