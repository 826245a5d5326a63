package dev.sqlexam.jobs.assembly;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.grading.Tolerance;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.sql.ErrorText;
import dev.sqlexam.sql.ReadOnlyExecutor;
import dev.sqlexam.suite.SuiteBuilder;
import dev.sqlexam.suite.SuiteSize;
import dev.sqlexam.suite.TestSuite;
import dev.sqlexam.suite.TestSuites;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Before a run that grades with {@code --test-suite N|auto}: each exam database's suite, found
 * cached or built into sqlexam's own server (the state's), its schema and samples read from the
 * user's server as the read-only role. A database whose suite cannot be built is graded on the exam
 * database alone, and the run says why.
 */
public final class TestSuitePreparation {

    private TestSuitePreparation() {}

    /**
     * A test suite size as test_suite_size holds it: {@code auto} or a whole number 0 or more;
     * IllegalArgumentException saying why otherwise.
     */
    public static String checkedSize(String text) {
        return SuiteSize.parse(text).toString();
    }

    /** The run's suites (null: test_suite_size is 0). */
    public static TestSuites prepare(
            Settings settings,
            JdbcUrlTemplate admin,
            ReaderAccess userReader,
            ConnectionPolicy connections,
            StateDatabase state,
            List<ExamQuestion> golds,
            PrintStream out) {
        SuiteSize size = SuiteSize.parse(settings.get(SqlExamOptions.TEST_SUITE_SIZE));
        if (size.off()) return null;
        Map<String, Set<String>> goldsByDb = TestSuites.goldSqlByDatabase(golds);
        // the state's migrations made sqlexam_reader on its server where they could; else suite SQL
        // runs read-only as its user
        ReaderAccess suiteReader =
                ReaderAccess.resolve(
                        state.server(),
                        state.database(),
                        settings.get(SqlExamOptions.READER_PASSWORD));
        Map<String, TestSuite> suites = new LinkedHashMap<>();
        try (PooledConnections pool =
                        new PooledConnections(
                                suiteReader.url(), suiteReader.initSql(), true, connections);
                PooledConnections sources =
                        new PooledConnections(
                                userReader.url(), userReader.initSql(), true, connections)) {
            ReadOnlyExecutor executor =
                    new ReadOnlyExecutor(
                            pool,
                            settings.get(SqlExamOptions.STATEMENT_TIMEOUT_MS),
                            settings.get(SqlExamOptions.ROW_CAP));
            SuiteBuilder builder =
                    new SuiteBuilder(
                            state.server(),
                            state.url(),
                            executor,
                            Tolerance.from(settings),
                            settings.get(SqlExamOptions.TEST_SUITE_POOL),
                            SuiteBuilder.DEFAULT_BUDGET_MS);
            for (var e : goldsByDb.entrySet()) {
                String db = e.getKey();
                long start = System.nanoTime();
                try (Connection source =
                        sources.open(admin.perDatabase() ? db : admin.fixedDatabase())) {
                    var read = SuiteBuilder.Source.read(admin.server() + "/" + db, db, source);
                    SuiteBuilder.Prepared prepared = builder.suiteFor(read, e.getValue(), size);
                    TestSuite suite = prepared.suite();
                    suites.put(db, suite);
                    out.println(SuiteReport.line(db, prepared, (System.nanoTime() - start) / 1e9));
                } catch (SQLException | RuntimeException ex) {
                    out.println(
                            "[sqlexam] test suite of "
                                    + db
                                    + " not built ("
                                    + ErrorText.firstLine(String.valueOf(ex.getMessage()))
                                    + "): its questions are graded on the exam database only");
                }
            }
        }
        return new TestSuites(
                state.server(),
                suiteReader,
                connections,
                suites,
                settings.get(SqlExamOptions.TEST_SUITE_WITNESS_MS));
    }
}
