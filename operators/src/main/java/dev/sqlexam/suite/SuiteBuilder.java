package dev.sqlexam.suite;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.grading.Grader;
import dev.sqlexam.grading.Tolerance;
import dev.sqlexam.json.Json;
import dev.sqlexam.sql.LimitTieProbe;
import dev.sqlexam.sql.OrderSpec;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Builds (or finds cached) the test suite of one exam database, the way Zhong et al. distil theirs: random candidate
 * databases of the same schema, each kept only when it tells apart from its gold a neighbour query (a single mutation of
 * a gold) that no database kept before tells apart, until every neighbour some candidate tells apart is told apart or
 * the suite has its size; then topped up to its size with further candidates. Suites are cached by a hash of the schema, the golds, the size and {@link #GENERATOR_VERSION}.
 */
public final class SuiteBuilder {

    /** Changes whenever what the generator makes for the same inputs changes: older suites are then rebuilt. */
    public static final String GENERATOR_VERSION = "suite-12";
    private static final int NEIGHBOURS_PER_GOLD = 40;
    private static final int SAMPLE_ROWS = 200;
    private static final RowGenerator.Profile[] PROFILES = {
        new RowGenerator.Profile(24, 0.12, 1.0), new RowGenerator.Profile(30, 0.1, 0.2), new RowGenerator.Profile(50, 0.05, 1.0),
        new RowGenerator.Profile(16, 0.3, 0.6)};

    private final JdbcUrlTemplate server;
    private final String stateUrl;
    private final ReadOnlyExecutor suiteReader;
    private final Grader grader;

    /** {@code server}: sqlexam's server (admin) that holds the suites; {@code suiteReader}: the read-only role on it. */
    public SuiteBuilder(JdbcUrlTemplate server, String stateUrl, ReadOnlyExecutor suiteReader, Tolerance tolerance) {
        this.server = server;
        this.stateUrl = stateUrl;
        this.suiteReader = suiteReader;
        this.grader = new Grader(tolerance);
    }

    /** What the source database looks like, read as the read-only role there. */
    public record Source(String sourceId, String database, SuiteSchema schema, Samples samples) {

        /** The schema now; the samples only when a suite is built (a cached suite needs none), on the same connection. */
        public static Source read(String sourceId, String database, Connection readOnly) throws SQLException {
            return new Source(sourceId, database, SuiteSchemaReader.read(readOnly), schema -> SuiteSchemaReader.sample(readOnly, schema, SAMPLE_ROWS));
        }
    }

    /** Original rows of each table, by its display name, as text. */
    @FunctionalInterface
    public interface Samples {
        Map<String, List<List<String>>> read(SuiteSchema schema) throws SQLException;
    }

    public static String hash(SuiteSchema schema, Collection<String> golds, int size) {
        return dev.sqlexam.model.Sha256.hex(GENERATOR_VERSION + "\n" + size + "\n" + schema.fingerprint() + "\n" + String.join("\n", new TreeSet<>(golds)))
                .substring(0, 12);
    }

    /** A suite, and whether it was found cached. */
    public record Prepared(TestSuite suite, boolean cached) {}

    /** The cached suite for these inputs, else a new one (older suites of the same source are dropped). */
    public Prepared suiteFor(Source source, Collection<String> goldSql, int size) throws SQLException {
        Set<String> golds = new LinkedHashSet<>(goldSql);
        String hash = hash(source.schema(), golds, size);
        try (Connection state = DriverManager.getConnection(stateUrl)) {
            try (PreparedStatement lock = state.prepareStatement("SELECT pg_advisory_lock(hashtext(?))")) {
                lock.setString(1, "sqlexam-suite-" + hash);
                lock.execute();
            }
            TestSuite cached = cached(state, hash);
            List<String> existing = SuiteDatabase.existing(server, SuiteDatabase.PREFIX + hash + "_");
            if (cached != null && existing.containsAll(cached.databases())) return new Prepared(cached, true);
            for (String old : existing) SuiteDatabase.drop(server, old);
            dropOlder(state, source.sourceId(), hash);
            TestSuite built = build(source, new ArrayList<>(golds), size, hash);
            try (PreparedStatement ps = state.prepareStatement("INSERT INTO exam.test_suites (suite_hash, source, suite) VALUES (?, ?, ?::jsonb) "
                    + "ON CONFLICT (suite_hash) DO UPDATE SET suite = EXCLUDED.suite, built_at = now()")) {
                ps.setString(1, hash);
                ps.setString(2, source.sourceId());
                ps.setString(3, Json.MAPPER.writeValueAsString(built));
                ps.executeUpdate();
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new SQLException("cannot store the suite's manifest: " + e.getMessage(), e);
            }
            return new Prepared(built, false);
        }
    }

    private static TestSuite cached(Connection state, String hash) throws SQLException {
        try (PreparedStatement ps = state.prepareStatement("SELECT suite::text FROM exam.test_suites WHERE suite_hash = ?")) {
            ps.setString(1, hash);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) return null;
                return Json.MAPPER.readValue(rs.getString(1), TestSuite.class);
            } catch (java.io.IOException e) {
                return null;
            }
        }
    }

    /** Suites built before for the same source database with other inputs: their databases and rows go. */
    private void dropOlder(Connection state, String sourceId, String hash) throws SQLException {
        List<String> older = new ArrayList<>();
        try (PreparedStatement ps = state.prepareStatement("SELECT suite_hash FROM exam.test_suites WHERE source = ? AND suite_hash <> ?")) {
            ps.setString(1, sourceId);
            ps.setString(2, hash);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) older.add(rs.getString(1));
            }
        }
        for (String h : older) {
            for (String db : SuiteDatabase.existing(server, SuiteDatabase.PREFIX + h + "_")) SuiteDatabase.drop(server, db);
            try (PreparedStatement ps = state.prepareStatement("DELETE FROM exam.test_suites WHERE suite_hash = ?")) {
                ps.setString(1, h);
                ps.executeUpdate();
            }
        }
    }

    /** A gold's neighbours not yet told apart on any kept database. */
    private record Open(String gold, OrderSpec order, List<Neighbours.Neighbour> neighbours) {}

    TestSuite build(Source source, List<String> golds, int size, String hash) throws SQLException {
        long start = System.nanoTime();
        // a view's own constants count as the golds' that read it (WHERE total > 500 inside big_orders)
        List<String> compared = new ArrayList<>(golds);
        source.schema().views().forEach(v -> compared.add(v.definition()));
        GoldConstants constants = GoldConstants.of(compared);
        Map<String, List<List<String>>> samples = source.samples().read(source.schema());
        List<Open> open = new ArrayList<>();
        int total = 0;
        for (String gold : golds) {
            List<Neighbours.Neighbour> n = new ArrayList<>(Neighbours.of(gold, NEIGHBOURS_PER_GOLD));
            total += n.size();
            open.add(new Open(gold, OrderSpec.of(gold), n));
        }
        List<String> kept = new ArrayList<>();
        Map<String, Map<String, String>> health = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        int distinguished = 0;
        int unusable = 0;
        int distilling = 2 * size + 2;
        for (int candidate = 0; candidate < distilling + size && kept.size() < size; candidate++) {
            // once every neighbour some candidate tells apart is told apart (or the greedy budget is spent), the suite is
            // topped up to its size with further candidates: more databases catch more of what no neighbour foresaw
            boolean topUp = candidate >= distilling || open.stream().allMatch(o -> o.neighbours().isEmpty());
            String name = SuiteDatabase.PREFIX + hash + "_" + kept.size();
            SuiteDatabase.create(server, name);
            SuiteDatabase.Filled filled = SuiteDatabase.fill(server, name, source.schema(), samples, constants,
                    PROFILES[candidate % PROFILES.length], hash.hashCode() * 31L + candidate);
            if (candidate == 0) notes.addAll(filled.notes());
            Map<String, String> problems = new LinkedHashMap<>();
            int told = 0;
            for (Open o : open) {
                QueryOutcome gold = suiteReader.execute(name, o.gold());
                String problem = goldProblem(name, o.gold(), gold);
                if (problem != null) {
                    problems.put(TestSuite.digest(o.gold()), problem);
                    continue;
                }
                List<Grader.GoldRun> runs = List.of(new Grader.GoldRun(o.gold(), o.order(), gold));
                for (var it = o.neighbours().iterator(); it.hasNext();) {
                    QueryOutcome neighbour = suiteReader.execute(name, it.next().sql());
                    if (neighbour.errorClass() == dev.sqlexam.model.ErrorClass.INFRA_FAILURE) continue;
                    if (neighbour.sqlstate() != null && neighbour.sqlstate().startsWith("42")) {
                        // a mutation the schema does not accept (DISTINCT with an ORDER BY outside the list, …) says nothing of data
                        it.remove();
                        unusable++;
                        continue;
                    }
                    if (!grader.grade(runs, neighbour).correct()) {
                        it.remove();
                        told++;
                    }
                }
            }
            if (told > 0 || topUp) {
                kept.add(name);
                health.put(name, problems);
                distinguished += told;
            } else {
                SuiteDatabase.drop(server, name);
            }
        }
        return new TestSuite(source.database(), hash, kept, health, source.schema(), total - unusable, distinguished, (System.nanoTime() - start) / 1_000_000,
                notes);
    }

    /** Why a gold cannot be graded on a suite database: it errs or times out there, or its LIMIT cuts a tie (null: it can). */
    private String goldProblem(String database, String goldSql, QueryOutcome gold) {
        if (!gold.ok()) return "gold_suite_error: " + gold.error();
        Optional<LimitTieProbe.Probe> probe = LimitTieProbe.of(goldSql);
        if (probe.isPresent()) {
            QueryOutcome probed = suiteReader.execute(database, probe.get().sql());
            if (!probed.ok()) return "gold_suite_error: its tie probe failed: " + probed.error();
            if (LimitTieProbe.tieAtLimit(probe.get(), probed.result(), Tolerance.DEFAULT::valuesEqual)) {
                return "gold_suite_error: non-deterministic here (its LIMIT cuts through a tie on the ORDER BY keys)";
            }
        }
        return null;
    }
}
