package dev.sqlexam.retrieval;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.model.ForeignKey;

import com.pgvector.PGvector;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one DAO of schema retrieval: reads and writes the {@code rag} schema of the control database.
 * Every search is scoped to a database, a model and (optionally) modules.
 */
public final class RagStore implements SchemaSearch, AutoCloseable {

    private final PooledConnections pool;
    private final String controlDb;
    private final IndexSearches searches;

    /**
     * The store in sqlexam's state database, on a pool of its own within {@code connections}'
     * budget.
     */
    public static RagStore open(StateDatabase state, ConnectionPolicy connections) {
        return new RagStore(
                new PooledConnections(state.server(), SESSION_INIT, false, connections),
                state.database());
    }

    /** On a pool opened with {@link #SESSION_INIT}: its searches rely on the session's settings. */
    private RagStore(PooledConnections pool, String controlDb) {
        this.pool = pool;
        this.controlDb = controlDb;
        searches = new IndexSearches(this::connection);
    }

    @Override
    public List<Hit> search(SearchRequest request) throws SQLException {
        return searches.searchAll(List.of(request)).get(0);
    }

    /**
     * Each request's hits, in the requests' order, from statements sent together in one round trip.
     */
    public List<List<Hit>> searchAll(List<SearchRequest> requests) throws SQLException {
        return searches.searchAll(requests);
    }

    /** A stored table: its module, prompt text and comment (the catalog retrieval works on). */
    public record StoredTable(String table, String module, String mSchema, String stableText) {}

    private Connection connection() throws SQLException {
        Connection c = pool.open(controlDb);
        c.setAutoCommit(true);
        return c;
    }

    /**
     * Retrieval sessions: no JIT (it costs more than the millisecond queries it would speed up);
     * the HNSW settings once per session, not per search (two round trips each, which under load
     * cost more than the search).
     */
    public static final String SESSION_INIT =
            "SET jit = off; SET hnsw.ef_search = "
                    + IndexSearches.EF_SEARCH
                    + "; SET hnsw.iterative_scan = relaxed_order";

    public Map<String, StoredTable> tables(String db, String model) throws SQLException {
        Map<String, StoredTable> out = new LinkedHashMap<>();
        try (Connection c = connection();
                PreparedStatement ps =
                        c.prepareStatement(
                                """
                SELECT CASE WHEN schema_name = 'public' THEN quote_ident(table_name) ELSE quote_ident(schema_name) || '.' || quote_ident(table_name) END,
                       module, m_schema_compact, stable_embed_text
                FROM rag.embeddings WHERE database_id = ? AND model = ? AND entity_type = 'table' ORDER BY schema_name, table_name""")) {
            ps.setString(1, db);
            ps.setString(2, model);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next())
                    out.put(
                            rs.getString(1),
                            new StoredTable(
                                    rs.getString(1),
                                    rs.getString(2),
                                    rs.getString(3),
                                    rs.getString(4)));
            }
        }
        return out;
    }

    public List<ForeignKey> foreignKeys(String db) throws SQLException {
        List<ForeignKey> out = new ArrayList<>();
        try (Connection c = connection();
                PreparedStatement ps =
                        c.prepareStatement(
                                "SELECT from_table, from_columns, to_table, to_columns FROM rag.fk_edges WHERE database_id = ? ORDER BY 1, 3, 2")) {
            ps.setString(1, db);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(
                            new ForeignKey(
                                    rs.getString(1),
                                    Arrays.asList(rs.getString(2).split(",")),
                                    rs.getString(3),
                                    Arrays.asList(rs.getString(4).split(","))));
                }
            }
        }
        return out;
    }

    public Map<String, float[]> moduleEmbeddings(String db, String model) throws SQLException {
        Map<String, float[]> out = new LinkedHashMap<>();
        try (Connection c = connection();
                PreparedStatement ps =
                        c.prepareStatement(
                                "SELECT module, embedding::text FROM rag.module_embeddings WHERE database_id = ? AND model = ? ORDER BY module")) {
            ps.setString(1, db);
            ps.setString(2, model);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.put(rs.getString(1), new PGvector(rs.getString(2)).toArray());
            }
        }
        return out;
    }

    /** Every vector of one kind, for exact brute-force search (the benchmark's baseline). */
    public Map<String, float[]> allVectors(String db, String model, String entityType)
            throws SQLException {
        Map<String, float[]> out = new HashMap<>();
        try (Connection c = connection();
                PreparedStatement ps =
                        c.prepareStatement(
                                """
                SELECT CASE WHEN schema_name = 'public' THEN quote_ident(table_name) ELSE quote_ident(schema_name) || '.' || quote_ident(table_name) END
                       || CASE WHEN column_name = '' THEN '' ELSE '.' || column_name END, embedding::text
                FROM rag.embeddings WHERE database_id = ? AND model = ? AND entity_type = ? AND NOT shadowed""")) {
            ps.setString(1, db);
            ps.setString(2, model);
            ps.setString(3, entityType);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.put(rs.getString(1), new PGvector(rs.getString(2)).toArray());
            }
        }
        return out;
    }

    public String lastFingerprint(String db, String model) throws SQLException {
        try (Connection c = connection();
                PreparedStatement ps =
                        c.prepareStatement(
                                "SELECT schema_fingerprint FROM rag.index_runs WHERE database_id = ? AND model = ?")) {
            ps.setString(1, db);
            ps.setString(2, model);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    static Array textArray(Connection c, List<String> values) throws SQLException {
        return c.createArrayOf("text", values.toArray());
    }

    @Override
    public void close() {
        pool.close();
    }
}
