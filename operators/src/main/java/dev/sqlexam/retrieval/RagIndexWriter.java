package dev.sqlexam.retrieval;

import dev.sqlexam.model.ForeignKey;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the parts of an index run that are not vectors of entities: edges, modules, HNSW index,
 * run record.
 */
public final class RagIndexWriter {

    public static final String UPSERT_EMBEDDING =
            """
            INSERT INTO rag.embeddings (database_id, entity_type, schema_name, table_name, column_name, module, is_generic,
                shadowed, stable_embed_text, m_schema_compact, embed_text, search_text, model, text_hash, embedding, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::vector, now())
            ON CONFLICT (database_id, model, entity_type, schema_name, table_name, column_name) DO UPDATE SET
                module = EXCLUDED.module, is_generic = EXCLUDED.is_generic, shadowed = EXCLUDED.shadowed, stable_embed_text = EXCLUDED.stable_embed_text,
                m_schema_compact = EXCLUDED.m_schema_compact, embed_text = EXCLUDED.embed_text, search_text = EXCLUDED.search_text,
                text_hash = EXCLUDED.text_hash, embedding = EXCLUDED.embedding, updated_at = now()
            """;

    private final String url;

    public RagIndexWriter(String controlDbUrl) {
        this.url = controlDbUrl;
    }

    public Map<String, String> storedHashes(String db, String model) throws SQLException {
        Map<String, String> out = new HashMap<>();
        try (Connection c = DriverManager.getConnection(url);
                PreparedStatement ps =
                        c.prepareStatement(
                                "SELECT entity_type, schema_name, table_name, column_name, text_hash FROM rag.embeddings WHERE database_id = ? AND model = ?")) {
            ps.setString(1, db);
            ps.setString(2, model);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(
                            rs.getString(1)
                                    + '|'
                                    + rs.getString(2)
                                    + '|'
                                    + rs.getString(3)
                                    + '|'
                                    + rs.getString(4),
                            rs.getString(5));
                }
            }
        }
        return out;
    }

    /**
     * Upserts entities whose text is unchanged but whose other fields (module, prompt text) may
     * differ.
     */
    public void refreshText(List<IndexEntity> unchanged) throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
                PreparedStatement ps =
                        c.prepareStatement(
                                """
                UPDATE rag.embeddings SET module = ?, is_generic = ?, shadowed = ?, m_schema_compact = ?, embed_text = ?, search_text = ?
                WHERE database_id = ? AND model = ? AND entity_type = ? AND schema_name = ? AND table_name = ? AND column_name = ?
                  AND (module, is_generic, shadowed, m_schema_compact, embed_text, search_text) IS DISTINCT FROM (?, ?, ?, ?, ?, ?)""")) {
            c.setAutoCommit(false);
            for (IndexEntity e : unchanged) {
                int i = 1;
                for (int pass = 0; pass < 2; pass++) {
                    ps.setString(i++, e.traits().module());
                    ps.setBoolean(i++, e.traits().generic());
                    ps.setBoolean(i++, e.traits().shadowed());
                    ps.setString(i++, e.texts().mSchema());
                    ps.setString(i++, e.texts().embedText());
                    ps.setString(i++, e.texts().searchText());
                    if (pass == 0) {
                        ps.setString(i++, e.databaseId());
                        ps.setString(i++, e.model());
                        ps.setString(i++, e.entityType());
                        ps.setString(i++, e.schema());
                        ps.setString(i++, e.table());
                        ps.setString(i++, e.column());
                    }
                }
                ps.addBatch();
            }
            ps.executeBatch();
            c.commit();
        }
    }

    public int deleteStale(String db, String model, Collection<String> keys) throws SQLException {
        if (keys.isEmpty()) return 0;
        int deleted = 0;
        try (Connection c = DriverManager.getConnection(url);
                PreparedStatement ps =
                        c.prepareStatement(
                                """
                DELETE FROM rag.embeddings WHERE database_id = ? AND model = ? AND entity_type = ? AND schema_name = ?
                  AND table_name = ? AND column_name = ?""")) {
            for (String key : keys) {
                String[] p = key.split("\\|", -1);
                ps.setString(1, db);
                ps.setString(2, model);
                for (int i = 0; i < 4; i++) ps.setString(3 + i, p[i]);
                deleted += ps.executeUpdate();
            }
        }
        return deleted;
    }

    public void replaceForeignKeys(String db, List<ForeignKey> fks) throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            c.setAutoCommit(false);
            try (PreparedStatement del =
                    c.prepareStatement("DELETE FROM rag.fk_edges WHERE database_id = ?")) {
                del.setString(1, db);
                del.executeUpdate();
            }
            try (PreparedStatement ps =
                    c.prepareStatement(
                            """
                    INSERT INTO rag.fk_edges (database_id, from_schema, from_table, from_columns, to_schema, to_table, to_columns)
                    VALUES (?, '', ?, ?, '', ?, ?) ON CONFLICT DO NOTHING""")) {
                for (ForeignKey fk : fks) {
                    ps.setString(1, db);
                    ps.setString(2, fk.fromTable());
                    ps.setString(3, String.join(",", fk.fromColumns()));
                    ps.setString(4, fk.toTable());
                    ps.setString(5, String.join(",", fk.toColumns()));
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            c.commit();
        }
    }

    public void replaceModules(
            String db, String model, Map<String, String> descriptions, Map<String, float[]> vectors)
            throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            c.setAutoCommit(false);
            // one writer of a database's modules at a time: a second one's delete, after the lock,
            // sees the first one's rows (two at once failed on the primary key, or deadlocked)
            try (PreparedStatement lock =
                    c.prepareStatement(
                            "SELECT pg_advisory_xact_lock(hashtext('sqlexam'), hashtext('modules ' || ? || '|' || ?))")) {
                lock.setString(1, db);
                lock.setString(2, model);
                lock.execute();
            }
            try (PreparedStatement del =
                    c.prepareStatement(
                            "DELETE FROM rag.module_embeddings WHERE database_id = ? AND model = ?")) {
                del.setString(1, db);
                del.setString(2, model);
                del.executeUpdate();
            }
            try (PreparedStatement ps =
                    c.prepareStatement(
                            """
                    INSERT INTO rag.module_embeddings (database_id, module, model, description, text_hash, embedding)
                    VALUES (?, ?, ?, ?, ?, ?::vector)""")) {
                for (var e : vectors.entrySet()) {
                    String description = descriptions.get(e.getKey());
                    ps.setString(1, db);
                    ps.setString(2, e.getKey());
                    ps.setString(3, model);
                    ps.setString(4, description);
                    ps.setString(5, IndexEntity.hash(description, model));
                    ps.setObject(6, new com.pgvector.PGvector(e.getValue()));
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            c.commit();
        }
    }

    /**
     * A partial HNSW index for the model's vectors, created once per model. Index runs of two
     * processes (or two test forks) may reach this at once, and CREATE INDEX IF NOT EXISTS is not
     * safe against a concurrent creation of the same name (the loser fails on pg_class's unique
     * key), so the creation is serialised by a transaction-scoped advisory lock.
     */
    public void ensureVectorIndex(String model, int dims) throws SQLException {
        String name = vectorIndexName(model);
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement()) {
            // CREATE INDEX IF NOT EXISTS takes its table lock before it looks at the name
            if (exists(st, name)) return;
            c.setAutoCommit(false);
            st.execute(
                    "SELECT pg_advisory_xact_lock(hashtext('sqlexam'), hashtext('rag.embeddings vector index'))");
            st.execute(
                    "CREATE INDEX IF NOT EXISTS "
                            + name
                            + " ON rag.embeddings USING hnsw ((embedding::vector("
                            + dims
                            + ")) vector_cosine_ops) WHERE model = '"
                            + model.replace("'", "''")
                            + "'");
            c.commit();
        }
    }

    private static boolean exists(Statement st, String index) throws SQLException {
        try (ResultSet rs =
                st.executeQuery("SELECT to_regclass('rag." + index + "') IS NOT NULL")) {
            return rs.next() && rs.getBoolean(1);
        }
    }

    /** The name of the model's partial HNSW index in the rag schema. */
    public static String vectorIndexName(String model) {
        return "embeddings_hnsw_" + model.replaceAll("[^A-Za-z0-9]", "_").toLowerCase();
    }

    /**
     * Fresh statistics, so the planner costs retrieval queries right (and never JIT-compiles a
     * small scan).
     */
    public void analyze() throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement()) {
            st.execute("ANALYZE rag.embeddings, rag.module_embeddings, rag.fk_edges");
        }
    }

    public void recordRun(
            String db,
            String model,
            String fingerprint,
            int tables,
            int columns,
            int embedded,
            int skipped,
            double seconds)
            throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
                PreparedStatement ps =
                        c.prepareStatement(
                                """
                INSERT INTO rag.index_runs (database_id, model, schema_fingerprint, tables, columns, embedded, skipped_unchanged, seconds)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (database_id, model) DO UPDATE SET schema_fingerprint = EXCLUDED.schema_fingerprint,
                  indexed_at = now(), tables = EXCLUDED.tables, columns = EXCLUDED.columns, embedded = EXCLUDED.embedded,
                  skipped_unchanged = EXCLUDED.skipped_unchanged, seconds = EXCLUDED.seconds""")) {
            ps.setString(1, db);
            ps.setString(2, model);
            ps.setString(3, fingerprint);
            ps.setInt(4, tables);
            ps.setInt(5, columns);
            ps.setInt(6, embedded);
            ps.setInt(7, skipped);
            ps.setDouble(8, seconds);
            ps.executeUpdate();
        }
    }
}
