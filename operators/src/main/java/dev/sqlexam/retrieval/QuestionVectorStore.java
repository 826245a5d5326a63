package dev.sqlexam.retrieval;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.model.Sha256;

import com.pgvector.PGvector;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Question vectors kept in sqlexam's state database ({@code rag.question_vectors}) by model and the
 * SHA-256 of the text embedded, so that a run asking a question an earlier run embedded with the
 * same model takes its vector instead of running the model. The vector goes through pgvector's text
 * form, which writes each float in the shortest digits that read back to the same float: the vector
 * read is the one kept, bit for bit.
 */
public final class QuestionVectorStore implements AutoCloseable {

    private final PooledConnections pool;
    private final String stateDb;
    private final int timeoutSeconds;

    private QuestionVectorStore(PooledConnections pool, String stateDb, int timeoutSeconds) {
        this.pool = pool;
        this.stateDb = stateDb;
        this.timeoutSeconds = timeoutSeconds;
    }

    /**
     * On the retrieval store's connections (same session settings, so they share idle ones), each
     * statement cancelled past {@code timeoutSeconds}.
     */
    public static QuestionVectorStore open(
            StateDatabase state, ConnectionPolicy connections, int timeoutSeconds) {
        return new QuestionVectorStore(
                new PooledConnections(state.server(), RagStore.SESSION_INIT, false, connections),
                state.database(),
                timeoutSeconds);
    }

    /** The vector kept for {@code text} and {@code model}, or null when none is. */
    public float[] find(String model, String text) throws SQLException {
        try (Connection c = connection();
                PreparedStatement ps =
                        c.prepareStatement(
                                "SELECT embedding::text FROM rag.question_vectors WHERE model = ? AND text_sha256 = ?")) {
            ps.setQueryTimeout(timeoutSeconds);
            ps.setString(1, model);
            ps.setBytes(2, Sha256.of(text));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? new PGvector(rs.getString(1)).toArray() : null;
            }
        }
    }

    /**
     * Keeps {@code vector} for {@code text} and {@code model}; a vector already kept stays, unless
     * its length differs (then it was not this model's).
     */
    public void keep(String model, String text, float[] vector) throws SQLException {
        try (Connection c = connection();
                PreparedStatement ps =
                        c.prepareStatement(
                                "INSERT INTO rag.question_vectors AS kept (model, text_sha256, embedding) VALUES (?, ?, ?)"
                                        + " ON CONFLICT (model, text_sha256) DO UPDATE SET embedding = EXCLUDED.embedding, kept_at = now()"
                                        + " WHERE public.vector_dims(kept.embedding) <> public.vector_dims(EXCLUDED.embedding)")) {
            ps.setQueryTimeout(timeoutSeconds);
            ps.setString(1, model);
            ps.setBytes(2, Sha256.of(text));
            ps.setObject(3, new PGvector(vector));
            ps.executeUpdate();
        }
    }

    private Connection connection() throws SQLException {
        Connection c = pool.open(stateDb);
        c.setAutoCommit(true);
        return c;
    }

    @Override
    public void close() {
        pool.close();
    }
}
