package dev.sqlexam.database;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pools that connect alike (the parallel subtasks of one operator) share their idle connections.
 */
class PooledConnectionsITCase {

    private static int backend(Connection c) throws Exception {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @Test
    void twoPoolsOfOneIdentityShareAnIdleConnection() throws Exception {
        JdbcUrlTemplate url = TestDatabase.migrated();
        try (PooledConnections first =
                        new PooledConnections(url, null, true, ConnectionPolicy.DEFAULT);
                PooledConnections second =
                        new PooledConnections(url, null, true, ConnectionPolicy.DEFAULT);
                PooledConnections writable =
                        new PooledConnections(url, null, false, ConnectionPolicy.DEFAULT)) {
            int pid;
            try (Connection c = first.open("demo")) {
                pid = backend(c);
            }
            try (Connection c = second.open("demo")) {
                assertThat(backend(c))
                        .as("the other subtask's pool takes the idle connection")
                        .isEqualTo(pid);
            }
            try (Connection c = writable.open("demo")) {
                assertThat(backend(c))
                        .as("a pool that connects otherwise never gets it")
                        .isNotEqualTo(pid);
                assertThat(c.isReadOnly()).isFalse();
            }
        }
    }
}
