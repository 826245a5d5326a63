package dev.sqlexam.suite;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.model.ExamQuestion;

import java.io.Serializable;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What grading needs to use the test suites of a run: sqlexam's server that holds them ({@code
 * admin}: for the evidence's witness databases), how the read-only role reaches them, each exam
 * database's suite, and how long the evidence of one overturned prediction may be shrunk ({@code
 * witnessMs}; 0: the rows of the tables both queries read, unshrunk).
 */
public record TestSuites(
        JdbcUrlTemplate admin,
        ReaderAccess reader,
        ConnectionPolicy connections,
        Map<String, TestSuite> byDatabase,
        long witnessMs)
        implements Serializable {

    public static final long DEFAULT_WITNESS_MS = 1_000;

    /**
     * Per database, the queries its suite is built for: each question's gold, then its
     * alternatives, each once and in order; a question without a gold adds none. Two runs of one
     * exam set ask for the same suites (the same hash), so they find them built.
     */
    public static Map<String, Set<String>> goldSqlByDatabase(Collection<ExamQuestion> questions) {
        Map<String, Set<String>> byDb = new TreeMap<>();
        for (ExamQuestion q : questions) {
            if (q.goldSql() == null || q.goldSql().isBlank()) continue;
            byDb.computeIfAbsent(q.db(), k -> new LinkedHashSet<>()).addAll(q.allGoldSql());
        }
        return byDb;
    }

    public TestSuites {
        byDatabase = Map.copyOf(byDatabase);
    }

    public TestSuites(
            JdbcUrlTemplate admin,
            ReaderAccess reader,
            ConnectionPolicy connections,
            Map<String, TestSuite> byDatabase) {
        this(admin, reader, connections, byDatabase, DEFAULT_WITNESS_MS);
    }

    /** The same suites, reached through another admin URL and read-only role (a job's own, say). */
    public TestSuites withAccess(JdbcUrlTemplate admin, ReaderAccess reader) {
        return new TestSuites(admin, reader, connections, byDatabase, witnessMs);
    }

    public TestSuite of(String database) {
        return byDatabase.get(database);
    }
}
