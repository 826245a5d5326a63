package dev.sqlexam.suite;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ReaderAccess;
import java.io.Serializable;
import java.util.Map;

/**
 * What grading needs to use the test suites of a run: sqlexam's server that holds them ({@code admin}: for the evidence's
 * witness databases), how the read-only role reaches them, and each exam database's suite.
 */
public record TestSuites(JdbcUrlTemplate admin, ReaderAccess reader, ConnectionPolicy connections, Map<String, TestSuite> byDatabase)
        implements Serializable {

    public TestSuites {
        byDatabase = Map.copyOf(byDatabase);
    }

    public TestSuite of(String database) {
        return byDatabase.get(database);
    }
}
