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
import java.sql.Statement;
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
public final class RagStore implements AutoCloseable {

    /**
     * Below this many candidate vectors an exact scan beats walking the HNSW graph with selective
     * filters.
     */
    static final int EXACT_SCAN_BELOW = 5_000;

    private final PooledConnections pool;
    private final String controlDb;
    private final Map<String, Map<String, Integer>> visibleCounts =
            new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The store in sqlexam's state database, on a pool of its own within {@code connections}'
     * budget.
     */
    public static RagStore open(StateDatabase state, ConnectionPolicy connections) {
        return new RagStore(
                new PooledConnections(state.server(), SESSION_INIT, false, connections),
                state.database());
    }

    public RagStore(PooledConnections pool, String controlDb) {
        this.pool = pool;
        this.controlDb = controlDb;
    }

    /** A stored table: its module, prompt text and comment (the catalog retrieval works on). */
    public record StoredTable(String table, String module, String mSchema, String stableText) {}

    private Connection connection() throws SQLException {
        Connection c = pool.open(controlDb);
        c.setAutoCommit(true);
        return c;
    }

    /**
     * Retrieval sessions: no JIT (it costs more than the millisecond queries it would speed up).
     */
    public static final String SESSION_INIT = "SET jit = off";

    private static String dimsCast(int dims) {
        return "::vector(" + dims + ")";
    }

    public List<Hit> searchVectors(
            String db,
            String model,
            int dims,
            String entityType,
            float[] query,
            List<String> modules,
            int k)
            throws SQLException {
        return searchVectors(db, model, dims, entityType, query, modules, List.of(), k);
    }

    /**
     * Rows fetched past a vector search's K, so that a near-tie at the cut is decided by name, not
     * by float noise.
     */
    private static final int TIE_MARGIN = 8;

    /** Cosine top-K; shadowed copies are skipped unless their schema is in {@code namedSchemas}. */
    public List<Hit> searchVectors(
            String db,
            String model,
            int dims,
            String entityType,
            float[] query,
            List<String> modules,
            List<String> namedSchemas,
            int k)
            throws SQLException {
        boolean exact = candidates(db, model, entityType, modules) < EXACT_SCAN_BELOW;
        String cast = exact ? "::vector" : dimsCast(dims);
        String sql =
                "SELECT table_name_q, column_name, module, is_generic, 1 - ((embedding"
                        + cast
                        + ") <=> ?"
                        + cast
                        + ") AS sim "
                        + "FROM (SELECT CASE WHEN schema_name = 'public' THEN quote_ident(table_name) ELSE quote_ident(schema_name) || '.' || quote_ident(table_name) END AS table_name_q, "
                        + "column_name, module, is_generic, embedding FROM rag.embeddings WHERE database_id = ? AND model = ? AND entity_type = ?"
                        + " AND (NOT shadowed OR schema_name = ANY (?))"
                        + (modules == null ? "" : " AND module = ANY (?)")
                        + ") e ORDER BY (embedding"
                        + cast
                        + ") <=> ?"
                        + cast
                        + " LIMIT ?";
        try (Connection c = connection()) {
            try (Statement st = c.createStatement()) {
                st.execute("SET hnsw.ef_search = " + Math.max(100, k * 2));
                st.execute("SET hnsw.iterative_scan = relaxed_order");
            }
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                PGvector vector = new PGvector(query);
                int i = 1;
                ps.setObject(i++, vector);
                ps.setString(i++, db);
                ps.setString(i++, model);
                ps.setString(i++, entityType);
                ps.setArray(i++, c.createArrayOf("text", namedSchemas.toArray()));
                if (modules != null) ps.setArray(i++, c.createArrayOf("text", modules.toArray()));
                ps.setObject(i++, vector);
                // near-ties at the cut are fetched too, then ranked at a fixed precision with ties
                // broken by name
                ps.setInt(i, k + TIE_MARGIN);
                return StableScores.rank(hits(ps), k);
            }
        }
    }

    /** Visible (not shadowed) vectors a search would consider: decides exact scan or HNSW. */
    private int candidates(String db, String model, String entityType, List<String> modules)
            throws SQLException {
        Map<String, Integer> counts = visibleCounts.get(db + '|' + model);
        if (counts == null) {
            counts = new HashMap<>();
            try (Connection c = connection();
                    PreparedStatement ps =
                            c.prepareStatement(
                                    "SELECT entity_type, module, count(*) FROM rag.embeddings "
                                            + "WHERE database_id = ? AND model = ? AND NOT shadowed GROUP BY 1, 2")) {
                ps.setString(1, db);
                ps.setString(2, model);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next())
                        counts.put(rs.getString(1) + '|' + rs.getString(2), rs.getInt(3));
                }
            }
            visibleCounts.put(db + '|' + model, counts);
        }
        int n = 0;
        for (var e : counts.entrySet()) {
            int bar = e.getKey().indexOf('|');
            String type = e.getKey().substring(0, bar);
            String module = e.getKey().substring(bar + 1);
            if (type.equals(entityType) && (modules == null || modules.contains(module)))
                n += e.getValue();
        }
        return n;
    }

    /** Full-text search: OR of the question's stemmed terms, ranked with ts_rank_cd. */
    public List<Hit> searchText(
            String db,
            String model,
            String entityType,
            List<String> terms,
            List<String> modules,
            int k)
            throws SQLException {
        return searchText(db, model, entityType, terms, modules, List.of(), k);
    }

    public List<Hit> searchText(
            String db,
            String model,
            String entityType,
            List<String> terms,
            List<String> modules,
            List<String> namedSchemas,
            int k)
            throws SQLException {
        if (terms.isEmpty()) return List.of();
        String sql =
                "SELECT CASE WHEN schema_name = 'public' THEN quote_ident(table_name) ELSE quote_ident(schema_name) || '.' || quote_ident(table_name) END, "
                        + "column_name, module, is_generic, ts_rank_cd(search_vector, q) AS rank "
                        + "FROM rag.embeddings, to_tsquery('english', ?) q WHERE database_id = ? AND model = ? AND entity_type = ? AND search_vector @@ q"
                        + " AND (NOT shadowed OR schema_name = ANY (?))"
                        + (modules == null ? "" : " AND module = ANY (?)")
                        + " ORDER BY rank DESC, table_name, column_name LIMIT ?";
        try (Connection c = connection();
                PreparedStatement ps = c.prepareStatement(sql)) {
            int i = 1;
            ps.setString(i++, String.join(" | ", terms));
            ps.setString(i++, db);
            ps.setString(i++, model);
            ps.setString(i++, entityType);
            ps.setArray(i++, c.createArrayOf("text", namedSchemas.toArray()));
            if (modules != null) ps.setArray(i++, c.createArrayOf("text", modules.toArray()));
            ps.setInt(i, k);
            return hits(ps);
        }
    }

    private static List<Hit> hits(PreparedStatement ps) throws SQLException {
        List<Hit> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                String column = rs.getString(2);
                out.add(
                        new Hit(
                                rs.getString(1),
                                column == null || column.isEmpty() ? null : column,
                                rs.getString(3),
                                rs.getBoolean(4),
                                rs.getDouble(5),
                                out.size() + 1));
            }
        }
        return out;
    }

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
