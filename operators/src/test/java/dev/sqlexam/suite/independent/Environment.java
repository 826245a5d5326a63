package dev.sqlexam.suite.independent;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.ReaderRole;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.grading.QueryCache;
import dev.sqlexam.grading.Tolerance;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.sql.ReadOnlyExecutor;
import dev.sqlexam.suite.InOrder;
import dev.sqlexam.suite.SuiteBuilder;
import dev.sqlexam.suite.SuiteGrading;
import dev.sqlexam.suite.SuiteUsers;
import dev.sqlexam.suite.TestSuite;
import dev.sqlexam.suite.TestSuites;
import dev.sqlexam.suite.Witness;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything the integration test grades with, per schema: the exam database (erp and demo as
 * migrated; clinic created from its files), an empty copy of the schema, random databases of {@link
 * IndependentRows}, and the project's test suite with its grading: the very suites {@code
 * TestSuiteITCase} grades on (the same golds and pool; whichever class comes second finds them
 * built, see {@link SuiteUsers}).
 */
final class Environment implements AutoCloseable {

    record Schema(
            String name,
            String examDb,
            List<ExamQuestion> questions,
            Catalog catalog,
            EmptyCopies empties,
            List<String> randomDbs,
            TestSuite suite,
            SuiteGrading grading) {}

    static final int SUITE_SIZE = 5;
    static final int RANDOM_DATABASES = 3;

    /** The schemas whose suites {@code TestSuiteITCase} grades on too. */
    private static final Set<String> SHARED = Set.of("erp", "demo");

    final ScratchDatabases scratch;
    Judge judge;
    final Map<String, Schema> schemas = new LinkedHashMap<>();
    private final JdbcUrlTemplate admin;
    private final Set<String> before;
    private final List<AutoCloseable> closing = new ArrayList<>();
    private SuiteUsers users;

    Environment() throws Exception {
        admin = TestDatabase.migrated();
        scratch = new ScratchDatabases(admin);
        before = new LinkedHashSet<>(scratch.existing(""));
        try {
            build();
        } catch (Exception e) {
            try {
                close();
            } catch (Exception suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    private void build() throws Exception {
        StateDatabase state = TestDatabase.state();
        users = SuiteUsers.join(state);
        ReaderAccess userReader = ReaderAccess.resolve(admin, "erp", null);
        PooledConnections userPool =
                new PooledConnections(
                        userReader.url(), userReader.initSql(), true, ConnectionPolicy.DEFAULT);
        closing.add(userPool);
        judge = new Judge(new ReadOnlyExecutor(userPool, 20_000, 20_000));
        ReaderRole.ensure(state.server(), state.database());
        ReaderAccess suiteReader = ReaderAccess.resolve(state.server(), state.database(), null);
        PooledConnections suitePool =
                new PooledConnections(
                        suiteReader.url(), suiteReader.initSql(), true, ConnectionPolicy.DEFAULT);
        closing.add(suitePool);
        ReadOnlyExecutor onSuite = new ReadOnlyExecutor(suitePool, 10_000, 10_000);
        // a pool of at most 48 candidates keeps the build within CI's time (-Dindep.pool for more;
        // the default pool is 300)
        SuiteBuilder builder =
                new SuiteBuilder(
                        state.server(),
                        state.url(),
                        onSuite,
                        Tolerance.DEFAULT,
                        Integer.getInteger("indep.pool", 48),
                        120_000);
        for (String name : CaseFiles.SCHEMAS) {
            String ddl = CaseFiles.schemaDdl(name);
            String examDb =
                    name.equals("clinic")
                            ? scratch.create("clinic", ddl + "\n" + CaseFiles.clinicData())
                            : name;
            List<ExamQuestion> questions = CaseFiles.questions(name, examDb);
            EmptyCopies empties = EmptyCopies.create(scratch, name, ddl, InOrder.THREADS);
            Catalog catalog;
            try (Connection c = scratch.open(empties.any())) {
                catalog = Catalog.read(c);
            }
            List<String> golds = List.copyOf(TestSuites.goldSqlByDatabase(questions).get(examDb));
            List<String> randomDbs = randomDatabases(name, ddl, examDb, catalog, golds);
            judge.fixed(examDb);
            randomDbs.forEach(judge::fixed);
            TestSuite suite;
            try (Connection c = userPool.open(examDb)) {
                c.setAutoCommit(false);
                SuiteBuilder.Source source = SuiteBuilder.Source.read("indep/" + name, examDb, c);
                long start = System.nanoTime();
                suite = builder.suiteFor(source, golds, SUITE_SIZE).suite();
                System.out.printf(
                        "[indep] %s: suite of %d databases, coverage %d/%d, %.1f s; %d golds; random databases %s%n",
                        name,
                        suite.databases().size(),
                        suite.distinguished(),
                        suite.neighbours(),
                        (System.nanoTime() - start) / 1e9,
                        golds.size(),
                        randomDbs);
                System.out.printf("[indep] %s: %s%n", name, suite.notes().get(0));
            }
            TestSuites suites =
                    new TestSuites(
                            state.server(),
                            suiteReader,
                            ConnectionPolicy.DEFAULT,
                            Map.of(examDb, suite));
            SuiteGrading grading =
                    new SuiteGrading(
                            suites,
                            onSuite,
                            new QueryCache(4_096, 20_000),
                            Judge.GRADER,
                            new Witness(state.server(), onSuite, suitePool));
            schemas.put(
                    name,
                    new Schema(
                            name, examDb, questions, catalog, empties, randomDbs, suite, grading));
        }
    }

    private List<String> randomDatabases(
            String name, String ddl, String examDb, Catalog catalog, List<String> golds)
            throws Exception {
        Map<String, Map<String, List<String>>> samples;
        try (Connection c = scratch.open(examDb)) {
            samples = IndependentRows.sample(c, catalog, 12);
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < RANDOM_DATABASES; i++) {
            String db = scratch.create(name + "_random" + i, ddl);
            try (Connection c = scratch.open(db)) {
                int rows =
                        IndependentRows.fill(
                                c,
                                catalog,
                                samples,
                                golds,
                                new IndependentRows.Profile(
                                        3 + 3 * i,
                                        8 + 6 * i,
                                        0.1 + 0.1 * i,
                                        20_240_517L + 7_919L * i + name.hashCode()));
                System.out.printf("[indep] %s: random database %s, %d rows%n", name, db, rows);
            }
            out.add(db);
        }
        return out;
    }

    /** Table name → column name → type family, for {@link PaperMutator}. */
    static Map<String, Map<String, String>> columnFamilies(Catalog catalog) {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        catalog.tables()
                .forEach(
                        (t, table) ->
                                table.columns()
                                        .forEach(
                                                c ->
                                                        out.computeIfAbsent(
                                                                        t,
                                                                        k -> new LinkedHashMap<>())
                                                                .put(c.name(), c.family())));
        return out;
    }

    @Override
    public void close() throws Exception {
        for (AutoCloseable c : closing) c.close();
        // the suites stay while TestSuiteITCase, in another fork, still grades on them
        boolean last = users != null && users.leaveLast();
        List<String> made = new ArrayList<>();
        for (String db : scratch.existing("")) {
            boolean suiteOfOurs =
                    schemas.values().stream()
                            .anyMatch(
                                    s ->
                                            db.startsWith("sqlexam_suite_" + s.suite().hash())
                                                    && (last || !SHARED.contains(s.name())));
            if (!before.contains(db) && (suiteOfOurs || db.startsWith(ScratchDatabases.PREFIX)))
                made.add(db);
        }
        for (String db : made) scratch.drop(db);
        scratch.close();
        if (users != null) users.close();
        System.out.println("[indep] dropped " + made.size() + " databases made by this test");
    }
}
