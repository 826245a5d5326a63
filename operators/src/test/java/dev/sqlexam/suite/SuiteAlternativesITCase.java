package dev.sqlexam.suite;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.ReaderRole;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.grading.Grader;
import dev.sqlexam.grading.QueryCache;
import dev.sqlexam.grading.SuiteCheck;
import dev.sqlexam.grading.Tolerance;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.SuiteGrade;
import dev.sqlexam.sql.OrderSpec;
import dev.sqlexam.sql.ReadOnlyExecutor;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A prediction is graded on a suite database only against the accepted gold it matched on the exam
 * database, and only where that gold is defined: databases hand-made so that one gold cuts a tie
 * with its LIMIT, or errs, on one of them.
 */
class SuiteAlternativesITCase {

    private static final String EXAM = SuiteDatabase.PREFIX + "it_alt_exam";
    private static final String TIES = SuiteDatabase.PREFIX + "it_alt_ties";
    private static final String PLAIN = SuiteDatabase.PREFIX + "it_alt_plain";
    private static final Grader GRADER = new Grader(Tolerance.DEFAULT);
    private static StateDatabase state;
    private static PooledConnections pool;
    private static ReadOnlyExecutor reader;

    @BeforeAll
    static void databases() throws Exception {
        state = TestDatabase.state();
        ReaderRole.ensure(state.server(), state.database());
        ReaderAccess access = ReaderAccess.resolve(state.server(), state.database(), null);
        pool =
                new PooledConnections(
                        access.url(), access.initSql(), true, ConnectionPolicy.DEFAULT);
        reader = new ReadOnlyExecutor(pool, 10_000, 10_000);
        make(EXAM, "(1, 'a', 9), (2, 'b', 5), (3, 'c', 1)");
        try (Connection c = DriverManager.getConnection(state.server().forDatabase(EXAM));
                Statement st = c.createStatement()) {
            // a function of the user's database that suites do not copy
            st.execute(
                    "CREATE FUNCTION twice(int) RETURNS int LANGUAGE sql IMMUTABLE AS 'SELECT $1 * 2'");
        }
        // v ties at the top: a LIMIT 1 on v alone cuts the tie; two rows of group 'a' make a scalar
        // subquery on it fail
        make(TIES, "(1, 'a', 7), (2, 'b', 7), (3, 'a', 1)");
        make(PLAIN, "(1, 'c', 4), (2, 'a', 8), (3, 'b', 6)");
    }

    private static void make(String name, String rows) throws Exception {
        SuiteDatabase.create(state.server(), name);
        try (Connection c = DriverManager.getConnection(state.server().forDatabase(name));
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE t (id int PRIMARY KEY, grp text NOT NULL, v int NOT NULL)");
            st.execute("INSERT INTO t VALUES " + rows);
            st.execute("GRANT CONNECT ON DATABASE " + name + " TO " + ReaderAccess.READER_ROLE);
            st.execute("GRANT SELECT ON t TO " + ReaderAccess.READER_ROLE);
        }
    }

    @AfterAll
    static void drop() throws Exception {
        for (String db : List.of(EXAM, TIES, PLAIN)) SuiteDatabase.drop(state.server(), db);
        if (pool != null) pool.close();
    }

    /** The suite of TIES and PLAIN with each gold's health as the builder judges it. */
    private static SuiteGrading grading(List<String> golds) {
        return grading(golds, Map.of());
    }

    private static SuiteGrading grading(List<String> golds, Map<String, List<String>> onlyFor) {
        Map<String, Map<String, String>> health = new LinkedHashMap<>();
        for (String db : List.of(TIES, PLAIN)) {
            Map<String, String> problems = new LinkedHashMap<>();
            for (String g : golds) {
                String problem = CandidatePool.goldProblem(reader, db, g, reader.execute(db, g));
                if (problem != null) problems.put(TestSuite.digest(g), problem);
            }
            health.put(db, problems);
        }
        TestSuite suite =
                new TestSuite(
                        EXAM,
                        "it",
                        List.of(TIES, PLAIN),
                        health,
                        null,
                        0,
                        0,
                        0,
                        List.of(),
                        0,
                        null,
                        onlyFor);
        TestSuites suites =
                new TestSuites(state.server(), null, ConnectionPolicy.DEFAULT, Map.of(EXAM, suite));
        return new SuiteGrading(suites, reader, new QueryCache(64, 10_000), GRADER, null);
    }

    private static SuiteGrade grade(ExamQuestion q, String pred) {
        List<Grader.GoldRun> runs = new ArrayList<>();
        for (String g : q.allGoldSql())
            runs.add(new Grader.GoldRun(g, OrderSpec.forGold(g, null), reader.execute(EXAM, g)));
        SuiteCheck.ExamRecordGrade exam =
                SuiteCheck.ExamRecordGrade.of(GRADER, runs, reader.execute(EXAM, pred));
        assertThat(exam.correct()).as("right on the exam database: " + pred).isTrue();
        return grading(q.allGoldSql()).check(q, pred, exam);
    }

    private static ExamQuestion question(String gold, String... alternatives) {
        return new ExamQuestion(
                "q",
                EXAM,
                "which group has the largest v?",
                gold,
                List.of(alternatives),
                List.of(),
                null,
                null,
                null,
                null,
                null,
                0,
                null);
    }

    @Test
    void aPredictionEqualToAnAlternativeIsNotComparedWithTheGoldWhereTheAlternativeCutsATie() {
        ExamQuestion q =
                question(
                        "SELECT grp FROM t ORDER BY v DESC, grp DESC LIMIT 1",
                        "SELECT grp FROM t ORDER BY v DESC LIMIT 1");
        SuiteGrade verdict = grade(q, "select grp from t order by v desc limit 1");
        assertThat(verdict.correct()).as(String.valueOf(verdict)).isTrue();
        assertThat(verdict.unchecked()).isFalse();
        assertThat(verdict.skipped())
                .anySatisfy(
                        s -> assertThat(s).startsWith(TIES).contains("LIMIT cuts through a tie"));
    }

    @Test
    void aPredictionEqualToAGoldThatErrsOnASuiteDatabaseIsNotASuiteError() {
        ExamQuestion q =
                question(
                        "SELECT (SELECT v FROM t WHERE grp = 'a') AS v",
                        "SELECT max(v) FROM t WHERE grp = 'a'");
        SuiteGrade same = grade(q, "SELECT (SELECT v FROM t WHERE grp = 'a') AS v;");
        assertThat(same.correct()).as(String.valueOf(same)).isTrue();
        // written differently, it matched both golds on the exam database: the gold it equals is
        // set aside where it errs
        SuiteGrade rewritten = grade(q, "SELECT (SELECT t.v FROM t WHERE t.grp = 'a')");
        assertThat(rewritten.correct()).as(String.valueOf(rewritten)).isTrue();
    }

    @Test
    void aWrongPredictionIsStillCaughtOnADatabaseWhereItsGoldIsDefined() {
        ExamQuestion q =
                question(
                        "SELECT grp FROM t ORDER BY v DESC, grp DESC LIMIT 1",
                        "SELECT grp FROM t ORDER BY v DESC LIMIT 1");
        SuiteGrade verdict = grade(q, "SELECT grp FROM t WHERE id = 1");
        assertThat(verdict.correct()).isFalse();
        assertThat(verdict.overturned()).isTrue();
        // the gold breaks the tie on TIES ('b'), where the alternative is set aside: the prediction
        // says 'a' there; on
        // PLAIN it says 'c' where both golds say 'a': the evidence comes from PLAIN, where it
        // differs from every gold it
        // matched on the exam database
        assertThat(verdict.database()).isEqualTo(PLAIN);
        assertThat(verdict.kind()).isEqualTo(SuiteGrade.RESULT_DIFFERS);
        // one that agrees with the alternative wherever the alternative is defined is right: it
        // matched an accepted gold
        assertThat(grade(q, "SELECT min(grp) AS grp FROM t WHERE v >= 7").correct()).isTrue();
    }

    @Test
    void
            aPredictionWhoseGoldIsDefinedOnNoSuiteDatabaseIsUncheckedNotGradedOnTheExamDatabaseAlone() {
        // its scalar subquery returns two rows on both suite databases: no database where the gold
        // is defined
        ExamQuestion q = question("SELECT (SELECT v FROM t WHERE grp IN ('a', 'b')) AS v");
        SuiteGrade verdict =
                grading(q.allGoldSql())
                        .check(
                                q,
                                "SELECT 1",
                                new SuiteCheck.ExamRecordGrade(
                                        true, "match", true, List.of(0), List.of(0)));
        assertThat(verdict.unchecked()).as(String.valueOf(verdict)).isTrue();
        assertThat(verdict.correct()).isTrue();
        assertThat(verdict.overturned()).isFalse();
        assertThat(verdict.checked()).isZero();
        assertThat(verdict.skipped().get(0)).startsWith(SuiteGrade.UNCHECKED);
    }

    @Test
    void aPredictionUsingAFunctionOnlyTheExamDatabaseHasIsNotASuiteError() {
        ExamQuestion q = question("SELECT grp FROM t ORDER BY v DESC, grp DESC LIMIT 1");
        SuiteGrade verdict =
                grade(q, "SELECT grp FROM t WHERE twice(v) > 0 ORDER BY v DESC, grp DESC LIMIT 1");
        assertThat(verdict.overturned()).as(String.valueOf(verdict)).isFalse();
        assertThat(verdict.unchecked()).isTrue();
        assertThat(verdict.skipped())
                .anySatisfy(s -> assertThat(s).contains("lacks what the prediction uses"));
    }

    @Test
    void aDatabaseKeptForOtherGoldsOnlyDoesNotJudgeThisOne() {
        ExamQuestion q = question("SELECT grp FROM t ORDER BY v DESC, grp DESC LIMIT 1");
        String pred = "SELECT 'a'::text AS grp";
        List<Grader.GoldRun> runs =
                List.of(
                        new Grader.GoldRun(
                                q.goldSql(),
                                OrderSpec.forGold(q.goldSql(), null),
                                reader.execute(EXAM, q.goldSql())));
        SuiteCheck.ExamRecordGrade right =
                SuiteCheck.ExamRecordGrade.of(GRADER, runs, reader.execute(EXAM, pred));
        assertThat(right.correct()).isTrue();
        // on TIES the gold breaks the tie to 'b': a suite serving every gold there catches the
        // constant
        assertThat(grading(q.allGoldSql()).check(q, pred, right).overturned()).isTrue();
        SuiteGrade elsewhere =
                grading(q.allGoldSql(), Map.of(TIES, List.of(TestSuite.digest("SELECT 1"))))
                        .check(q, pred, right);
        assertThat(elsewhere.overturned()).as(String.valueOf(elsewhere)).isFalse();
        assertThat(elsewhere.checked()).isEqualTo(1);
    }
}
