package dev.sqlexam.suite;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.ReaderRole;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.examset.ExamLineParser;
import dev.sqlexam.grading.Grader;
import dev.sqlexam.grading.QueryCache;
import dev.sqlexam.grading.SuiteCheck;
import dev.sqlexam.grading.Tolerance;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.SuiteGrade;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Test-suite grading on the ERP and demo golds. Wrong predictions: single mutations of each gold
 * (this package's neighbours and, made independently, the selection benchmark's corruptions) that
 * return the gold's rows on the exam database, yet differ on some database of a held-out pool built
 * with other seeds (their known distinguishing database). Equivalent predictions: rewrites of each
 * gold that mean the same on every database. The suites are the ones an exam of these sets builds
 * (golds and alternatives), the same the independent measurement grades on ({@link SuiteUsers}).
 */
class TestSuiteITCase {

    private static final int SIZE = 5;
    private static final int HELD_OUT = 4;
    private static JdbcUrlTemplate admin;
    private static StateDatabase state;
    private static PooledConnections userPool;
    private static PooledConnections suitePool;
    private static ReadOnlyExecutor onUser;
    private static ReadOnlyExecutor onSuite;
    private static final Grader GRADER = new Grader(Tolerance.DEFAULT);
    private static final Map<String, Built> BUILT = new LinkedHashMap<>();
    private static HeldOutMutants mutants;
    private static SuiteUsers users;

    record Built(
            List<ExamQuestion> questions,
            TestSuite suite,
            List<String> heldOut,
            SuiteGrading grading) {}

    @BeforeAll
    static void buildSuites() throws Exception {
        admin = TestDatabase.migrated();
        state = TestDatabase.state();
        users = SuiteUsers.join(state);
        ReaderAccess userReader = ReaderAccess.resolve(admin, "erp", null);
        userPool =
                new PooledConnections(
                        userReader.url(), userReader.initSql(), true, ConnectionPolicy.DEFAULT);
        onUser = new ReadOnlyExecutor(userPool, 10_000, 10_000);
        ReaderRole.ensure(state.server(), state.database());
        ReaderAccess suiteReader = ReaderAccess.resolve(state.server(), state.database(), null);
        suitePool =
                new PooledConnections(
                        suiteReader.url(), suiteReader.initSql(), true, ConnectionPolicy.DEFAULT);
        onSuite = new ReadOnlyExecutor(suitePool, 10_000, 10_000);
        // a pool of at most 48 candidates keeps the build within CI's time; the default pool is
        // larger
        SuiteBuilder builder =
                new SuiteBuilder(
                        state.server(), state.url(), onSuite, Tolerance.DEFAULT, 48, 120_000);
        for (String db : List.of("erp", "demo")) {
            List<ExamQuestion> examSet = examSet(db);
            List<ExamQuestion> questions = goldsAlone(examSet);
            TestSuite suite;
            List<String> heldOut = new ArrayList<>();
            try (Connection c = userPool.open(db)) {
                c.setAutoCommit(false);
                SuiteBuilder.Source source = SuiteBuilder.Source.read("test/" + db, db, c);
                long start = System.nanoTime();
                // the suite an exam of this set builds (golds and alternatives)
                suite =
                        builder.suiteFor(
                                        source, TestSuites.goldSqlByDatabase(examSet).get(db), SIZE)
                                .suite();
                System.out.printf(
                        "[suite] %s: %d databases, coverage %d/%d, %.1f s%n",
                        db,
                        suite.databases().size(),
                        suite.distinguished(),
                        suite.neighbours(),
                        (System.nanoTime() - start) / 1e9);
                GoldConstants constants =
                        GoldConstants.of(questions.stream().map(ExamQuestion::goldSql).toList());
                Map<String, List<List<String>>> samples = source.samples().read(source.schema());
                heldOut.addAll(
                        InOrder.map(
                                IntStream.range(0, HELD_OUT).boxed().toList(),
                                i -> heldOut(db, source.schema(), samples, constants, i)));
            }
            TestSuites suites =
                    new TestSuites(
                            state.server(),
                            suiteReader,
                            ConnectionPolicy.DEFAULT,
                            Map.of(db, suite));
            SuiteGrading grading =
                    new SuiteGrading(
                            suites,
                            onSuite,
                            new QueryCache(4_096, 20_000),
                            GRADER,
                            new Witness(state.server(), onSuite, suitePool));
            BUILT.put(db, new Built(questions, suite, heldOut, grading));
        }
        mutants = new HeldOutMutants(state.server(), onUser, onSuite);
    }

    /** Held-out database {@code i} of {@code db}: other seeds and shapes than the suite's. */
    private static String heldOut(
            String db,
            SuiteSchema schema,
            Map<String, List<List<String>>> samples,
            GoldConstants constants,
            int i)
            throws Exception {
        String name = SuiteDatabase.PREFIX + "heldout_" + db + "_" + i;
        SuiteDatabase.create(state.server(), name);
        SuiteDatabase.fill(
                state.server(),
                name,
                schema,
                samples,
                constants,
                new RowGenerator.Profile(12 + 10 * i, 0.15),
                987_654_321L + 7919L * i);
        return name;
    }

    @AfterAll
    static void close() throws Exception {
        for (Built b : BUILT.values())
            for (String h : b.heldOut()) SuiteDatabase.drop(state.server(), h);
        if (mutants != null) mutants.close();
        if (userPool != null) userPool.close();
        if (suitePool != null) suitePool.close();
        if (users != null) users.close();
    }

    @Test
    void singleMutationsThatAgreeOnTheExamDatabaseAreCaughtWithEvidenceThatReplays()
            throws Exception {
        int known = 0;
        int caught = 0;
        int replayed = 0;
        Map<String, int[]> byKind = new LinkedHashMap<>();
        List<String> missed = new ArrayList<>();
        for (var e : BUILT.entrySet()) {
            List<List<HeldOutMutants.Known>> found =
                    InOrder.map(
                            e.getValue().questions(), q -> mutants.of(e.getKey(), e.getValue(), q));
            for (HeldOutMutants.Known m : found.stream().flatMap(List::stream).toList()) {
                known++;
                int[] kind = byKind.computeIfAbsent(m.kind(), k -> new int[2]);
                kind[0]++;
                if (!m.caught()) {
                    missed.add(m.missed());
                    continue;
                }
                caught++;
                kind[1]++;
                if (m.replayed()) replayed++;
                else System.out.println(m.note());
            }
        }
        System.out.printf(
                "[suite] known wrong %d, caught %d (%.1f%%), evidence replays %d%n",
                known, caught, 100.0 * caught / Math.max(1, known), replayed);
        byKind.forEach((k, v) -> System.out.printf("[suite]   %-40s %3d/%3d%n", k, v[1], v[0]));
        missed.stream().limit(15).forEach(m -> System.out.println("[suite] missed " + m));
        assertThat(known)
                .as("wrong predictions with a known distinguishing database")
                .isGreaterThan(40);
        assertThat(caught)
                .as("caught of " + known)
                .isGreaterThanOrEqualTo((int) Math.ceil(0.9 * known));
        assertThat(replayed)
                .as("caught with evidence that replays, of " + known)
                .isGreaterThanOrEqualTo((int) Math.ceil(0.9 * known));
    }

    @Test
    void rewritesEquivalentToTheGoldAreNeverGradedWrong() {
        int checked = 0;
        List<String> wrong = new ArrayList<>();
        for (var e : BUILT.entrySet()) {
            Built b = e.getValue();
            for (ExamQuestion q : b.questions()) {
                for (var r : EquivalentRewrites.of(q.goldSql()).entrySet()) {
                    QueryOutcome onExam = onUser.execute(e.getKey(), r.getValue());
                    assertThat(onExam.ok())
                            .as(r.getKey() + ": " + r.getValue() + " " + onExam.error())
                            .isTrue();
                    SuiteGrade verdict =
                            b.grading()
                                    .check(
                                            q,
                                            r.getValue(),
                                            new SuiteCheck.ExamRecordGrade(true, "match", true));
                    checked++;
                    if (!verdict.correct())
                        wrong.add(
                                q.id()
                                        + " ["
                                        + r.getKey()
                                        + "] "
                                        + verdict.detail()
                                        + ": "
                                        + r.getValue());
                }
            }
        }
        System.out.println(
                "[suite] equivalent rewrites checked "
                        + checked
                        + ", graded wrong "
                        + wrong.size());
        assertThat(checked).isGreaterThan(100);
        assertThat(wrong).isEmpty();
    }

    /** The exam set of {@code db} as an exam reads it (golds, alternatives, every field). */
    private static List<ExamQuestion> examSet(String db) throws Exception {
        Path file =
                TestDatabase.migrationsDir()
                        .getParent()
                        .resolve("exam-sets")
                        .resolve(db)
                        .resolve(db + ".jsonl");
        ExamLineParser parser = new ExamLineParser(file.toString(), null);
        List<ExamQuestion> out = new ArrayList<>();
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            ExamQuestion q = parser.parse(i + 1, lines.get(i)).question();
            if (q != null) out.add(q);
        }
        return out;
    }

    /**
     * The questions with their gold alone (the mutants and rewrites below are of the gold, and
     * graded against it alone).
     */
    private static List<ExamQuestion> goldsAlone(List<ExamQuestion> examSet) {
        return examSet.stream()
                .map(q -> ExamQuestion.of(q.id(), q.db(), q.question(), q.goldSql()))
                .toList();
    }
}
