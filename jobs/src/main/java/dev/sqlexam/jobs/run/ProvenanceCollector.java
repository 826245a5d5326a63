package dev.sqlexam.jobs.run;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.PerDatabase;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.llm.PromptTemplates;
import dev.sqlexam.model.Sha256;
import dev.sqlexam.retrieval.RagStore;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collects a run's {@link Provenance} before its job starts: reads only, on the user's server in
 * read-only transactions.
 */
public final class ProvenanceCollector {

    /**
     * Tables with more rows than this (by the planner's estimate) are not counted; their estimate
     * is recorded instead.
     */
    static final long EXACT_COUNT_BELOW = 100_000;

    /**
     * A table never analyzed is counted only when its heap is smaller than this (a count must not
     * scan a large table).
     */
    static final long UNANALYZED_EXACT_BELOW_BYTES = 8L << 20;

    private ProvenanceCollector() {}

    /**
     * What a run on {@code databases} of {@code admin}'s server depends on; {@code generators}:
     * variant → generator described.
     */
    public static Provenance collect(
            Settings settings,
            JdbcUrlTemplate admin,
            StateDatabase state,
            String examSetSha256,
            List<Path> predictions,
            Collection<String> databases,
            Map<String, String> generators,
            String embeddingModel) {
        Map<String, String> predictionHashes = new TreeMap<>();
        for (Path p : predictions) predictionHashes.put(p.getFileName().toString(), sha256(p));
        Map<String, Read> read;
        try {
            read = PerDatabase.each(databases, db -> read(settings, admin, db));
        } catch (SQLException unexpected) {
            throw new IllegalStateException(unexpected);
        }
        Map<String, Provenance.DatabaseFingerprint> fingerprints = new TreeMap<>();
        read.forEach((db, r) -> fingerprints.put(db, r.fingerprint()));
        Read server =
                read.values().stream()
                        .filter(r -> r.serverVersion() != null)
                        .findFirst()
                        .orElse(null);
        String serverVersion = server == null ? null : server.serverVersion();
        List<String> extensions = server == null ? null : server.extensions();
        return Provenance.builder()
                .sqlexam(Build.VERSION, Build.COMMIT)
                .inputs(examSetSha256, predictionHashes.isEmpty() ? null : predictionHashes)
                .server(serverVersion, extensions)
                .databases(fingerprints)
                .embedding(
                        embeddingModel,
                        embeddingModel == null
                                ? null
                                : indexFingerprints(state, databases, embeddingModel))
                .generators(generators)
                .promptTemplates(
                        Map.of(
                                "system.txt",
                                sha256(PromptTemplates.template("system.txt")),
                                "generate.txt",
                                sha256(PromptTemplates.template("generate.txt"))))
                .graderVersion(Provenance.GRADER_VERSION)
                .options(settings.described())
                .build();
    }

    /** One database's fingerprint, and the server's version and extensions as seen from it. */
    private record Read(
            Provenance.DatabaseFingerprint fingerprint,
            String serverVersion,
            List<String> extensions) {}

    private static Read read(Settings settings, JdbcUrlTemplate admin, String db) {
        try (Connection c = PerDatabase.connect(admin.forDatabase(db))) {
            c.setReadOnly(true);
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                st.execute(
                        "SET LOCAL statement_timeout = "
                                + settings.get(SqlExamOptions.STATEMENT_TIMEOUT_MS));
                String version = single(st, "SHOW server_version");
                List<String> extensions =
                        column(
                                st,
                                "SELECT extname || ' ' || extversion FROM pg_extension ORDER BY 1");
                Read r = new Read(fingerprint(st, false), version, extensions);
                c.rollback();
                return r;
            }
        } catch (SQLException e) {
            return new Read(
                    new Provenance.DatabaseFingerprint(null, null, "not read: " + e.getMessage()),
                    null,
                    null);
        }
    }

    /**
     * The schema and data fingerprints of the database {@code jdbcUrl} opens, as run.json records
     * them but with every table counted exactly, whatever its size: two databases with equal ones
     * have the same tables, columns, types, defaults, constraints and row counts. Read in a
     * read-only transaction.
     */
    public static Provenance.DatabaseFingerprint exactFingerprint(String jdbcUrl)
            throws SQLException {
        try (Connection c = DriverManager.getConnection(jdbcUrl)) {
            c.setReadOnly(true);
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                Provenance.DatabaseFingerprint f = fingerprint(st, true);
                c.rollback();
                return f;
            }
        }
    }

    /**
     * {@code countAll}: every table counted; else only those the planner estimates below {@link
     * #EXACT_COUNT_BELOW} rows and the connecting user may read.
     */
    private static Provenance.DatabaseFingerprint fingerprint(Statement st, boolean countAll)
            throws SQLException {
        String schema =
                sha256(
                        String.join(
                                        "\n",
                                        column(
                                                st,
                                                """
                SELECT c.table_schema || '.' || c.table_name || '.' || c.column_name || ' ' || c.data_type || ' ' || c.is_nullable
                       || ' ' || coalesce(c.column_default, '')
                FROM information_schema.columns c
                WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1"""))
                                + "\n"
                                + String.join(
                                        "\n",
                                        column(
                                                st,
                                                """
                SELECT conrelid::regclass::text || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
                WHERE connamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace) AND conrelid <> 0 ORDER BY 1""")));
        List<String> counts = new ArrayList<>();
        List<String> exact = new ArrayList<>();
        boolean estimated = false;
        // partitioned parents are left out (their partitions are counted); a table never analyzed
        // has reltuples -1
        try (ResultSet rs =
                st.executeQuery(
                        """
                SELECT format('%I.%I', n.nspname, c.relname), c.reltuples::bigint, pg_relation_size(c.oid),
                       has_table_privilege(c.oid, 'SELECT')
                FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE c.relkind IN ('r', 'm') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
                ORDER BY 1""")) {
            while (rs.next()) {
                String table = rs.getString(1);
                long rows = rs.getLong(2);
                boolean small =
                        rows >= 0
                                ? rows < EXACT_COUNT_BELOW
                                : rs.getLong(3) < UNANALYZED_EXACT_BELOW_BYTES;
                if (countAll || small && rs.getBoolean(4)) {
                    exact.add(table);
                } else {
                    estimated = true;
                    counts.add(table + (rows >= 0 ? " ~" + rows : " ~" + rs.getLong(3) + " bytes"));
                }
            }
        }
        for (String table : exact)
            counts.add(table + " " + single(st, "SELECT count(*) FROM " + table));
        Collections.sort(counts);
        return new Provenance.DatabaseFingerprint(
                schema,
                sha256(String.join("\n", counts)),
                estimated
                        ? "row counts (exact below "
                                + EXACT_COUNT_BELOW
                                + " estimated rows; the planner's estimate, or the size of a table "
                                + "never analyzed, for larger tables and tables the connecting user may not read)"
                        : "exact row counts");
    }

    /**
     * Per database, the index's schema fingerprint and a digest of its vectors: the same schema
     * embedded on another CPU (the quantized model's integer kernels differ between instruction
     * sets) gives other vectors, and other ranks.
     */
    private static Map<String, String> indexFingerprints(
            StateDatabase state, Collection<String> databases, String model) {
        Map<String, String> out = new TreeMap<>();
        try (RagStore store = RagStore.open(state, ConnectionPolicy.DEFAULT);
                Connection c = DriverManager.getConnection(state.url());
                PreparedStatement vectors =
                        c.prepareStatement(
                                "SELECT md5(string_agg(md5(embedding::text), '' ORDER BY entity_type, "
                                        + "schema_name, table_name, column_name)) FROM rag.embeddings WHERE database_id = ? AND model = ?")) {
            for (String db : databases) {
                String fingerprint = store.lastFingerprint(db, model);
                if (fingerprint == null) continue;
                vectors.setString(1, db);
                vectors.setString(2, model);
                try (ResultSet rs = vectors.executeQuery()) {
                    out.put(db, fingerprint + " vectors " + (rs.next() ? rs.getString(1) : null));
                }
            }
        } catch (SQLException e) {
            out.put("(unread)", e.getMessage());
        }
        return out;
    }

    private static String single(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    private static List<String> column(Statement st, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) out.add(rs.getString(1));
        }
        return out;
    }

    static String sha256(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) digest.update(buffer, 0, n);
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException | NoSuchAlgorithmException e) {
            throw new IllegalStateException("cannot hash " + file + ": " + e.getMessage(), e);
        }
    }

    static String sha256(String text) {
        return Sha256.hex(text);
    }
}
