package dev.sqlexam.database;

import dev.sqlexam.io.Closing;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.GradeReason;

import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A run's records in sqlexam's tables: each record is upserted into exam.results with its JSON,
 * except those of questions a predictions file has no SQL for, whose ids go to exam.missing, one
 * row per run, variant and repetition. Rerunning a run id replaces: a question answered now leaves
 * exam.missing, a question missing now loses the row an earlier attempt wrote. Records wait in
 * memory until {@link #flush}, which writes them in one transaction and tries again on a new
 * connection when the server went away; or {@link #take} hands them over as a batch that another
 * thread {@link #write}s meanwhile. One thread adds and takes; one thread at a time writes (the
 * table's connection is its), and never while {@link #flush} runs.
 */
public final class ResultsTable implements AutoCloseable {

    /** Rows a writer keeps before its caller should flush. */
    public static final int BATCH_ROWS = 200;

    /** Missing questions a writer keeps before its caller should flush (they cost an id each). */
    static final int BATCH_MISSING = 20_000;

    static final int RETRIES = 3;

    private static final int VALID_WITHIN_S = 5;

    static final String UPSERT_RESULT =
            """
            INSERT INTO exam.results (run_id, variant, repetition, question_id, db, question, difficulty, module,
                category, generator, gold_sql, pred_sql, correct, reason, lenient_correct, lenient_reason,
                error_class, sqlstate, error, gold_ms, pred_ms, total_ms, trace, record)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb)
            ON CONFLICT (run_id, variant, repetition, question_id) DO UPDATE SET
                db = EXCLUDED.db, question = EXCLUDED.question, difficulty = EXCLUDED.difficulty,
                module = EXCLUDED.module, category = EXCLUDED.category, generator = EXCLUDED.generator,
                gold_sql = EXCLUDED.gold_sql, pred_sql = EXCLUDED.pred_sql, correct = EXCLUDED.correct,
                reason = EXCLUDED.reason, lenient_correct = EXCLUDED.lenient_correct,
                lenient_reason = EXCLUDED.lenient_reason, error_class = EXCLUDED.error_class,
                sqlstate = EXCLUDED.sqlstate, error = EXCLUDED.error, gold_ms = EXCLUDED.gold_ms,
                pred_ms = EXCLUDED.pred_ms, total_ms = EXCLUDED.total_ms, trace = EXCLUDED.trace,
                record = EXCLUDED.record, written_at = now()
            """;

    private static final String ADD_MISSING =
            """
            INSERT INTO exam.missing AS m (run_id, variant, repetition, question_ids) VALUES (?, ?, ?, ?)
            ON CONFLICT (run_id, variant, repetition) DO UPDATE SET
                question_ids = ARRAY(SELECT DISTINCT q COLLATE "C" FROM unnest(m.question_ids || EXCLUDED.question_ids) q
                    WHERE q <> ALL (?) ORDER BY 1),
                written_at = now()
            """;

    private static final String DROP_ROWS_NOW_MISSING =
            "DELETE FROM exam.results WHERE run_id = ? AND variant = ? AND repetition = ? AND question_id = ANY (?)";

    private static final String DROP_MISSING_NOW_ANSWERED =
            """
            UPDATE exam.missing SET question_ids = ARRAY(SELECT q FROM unnest(question_ids) q WHERE q <> ALL (?) ORDER BY q COLLATE "C"),
                written_at = now()
            WHERE run_id = ? AND variant = ? AND repetition = ? AND question_ids && ?
            """;

    /** The order rows of exam.missing are locked in by every writer, so two never deadlock. */
    private static final Comparator<RunKey> LOCK_ORDER =
            Comparator.comparing(RunKey::runId)
                    .thenComparing(RunKey::variant)
                    .thenComparingInt(RunKey::repetition);

    private record RunKey(String runId, String variant, int repetition) {}

    private record Row(ExamRecord record, String json) {}

    /**
     * Records taken out of a table to be written ({@link #take}, {@link #write}): the rows to
     * upsert, and per run key the ids now missing and now answered.
     */
    public static final class Batch {
        private final List<Row> rows = new ArrayList<>();
        private final Map<RunKey, Set<String>> missing = new TreeMap<>(LOCK_ORDER);
        private final Map<RunKey, Set<String>> answered = new TreeMap<>(LOCK_ORDER);

        /** Records in the batch. */
        public int size() {
            return rows.size() + missingIds();
        }

        public boolean isEmpty() {
            return rows.isEmpty() && missing.isEmpty();
        }

        private int missingIds() {
            return missing.values().stream().mapToInt(Set::size).sum();
        }
    }

    private final String url;
    private Batch kept = new Batch();
    private final long retryPauseMs;
    private Connection connection;

    /** A writer to the state database at {@code jdbcUrl}. */
    public ResultsTable(String jdbcUrl) {
        this(jdbcUrl, 1_000);
    }

    ResultsTable(String jdbcUrl, long retryPauseMs) {
        PostgresDriver.ensureRegistered();
        this.url = jdbcUrl;
        this.retryPauseMs = retryPauseMs;
    }

    /**
     * Keeps {@code record} (whose exam-log line is {@code json}) for the next flush; true when
     * enough records wait that the caller should flush.
     */
    public boolean add(ExamRecord record, String json) {
        RunKey key = new RunKey(record.runId(), record.variant(), record.repetition());
        if (GradeReason.MISSING.code().equals(record.reason())) {
            kept.missing.computeIfAbsent(key, k -> new TreeSet<>()).add(record.questionId());
        } else {
            kept.rows.add(new Row(record, json));
            kept.answered.computeIfAbsent(key, k -> new TreeSet<>()).add(record.questionId());
        }
        return kept.rows.size() >= BATCH_ROWS || kept.missingIds() >= BATCH_MISSING;
    }

    /** Records kept and not yet written. */
    public int pending() {
        return kept.size();
    }

    /**
     * The records kept so far, taken out of this table to be written by {@link #write} (on another
     * thread, while this one keeps adding).
     */
    public Batch take() {
        Batch taken = kept;
        kept = new Batch();
        return taken;
    }

    /**
     * Writes every kept record in one transaction; an attempt that failed for the connection or the
     * server's state ({@link #worthRetrying}) is repeated on a new connection, {@value #RETRIES}
     * times at most, a growing pause apart. What fails stays kept.
     */
    public void flush() throws SQLException, InterruptedException {
        Batch batch = take();
        try {
            write(batch);
        } catch (SQLException | InterruptedException | RuntimeException e) {
            // nothing was added since take(): the caller flushes on the thread that adds
            kept = batch;
            throw e;
        }
    }

    /**
     * Writes {@code batch} as {@link #flush} writes the kept records: one transaction, repeated on
     * a new connection for what {@link #worthRetrying}. The connection is this table's: one thread
     * writes at a time. A batch that fails is not kept: the caller fails its task, whose records
     * are replayed from the last checkpoint.
     */
    public void write(Batch batch) throws SQLException, InterruptedException {
        if (batch.isEmpty()) return;
        for (int attempt = 0; ; attempt++) {
            try {
                writeOnce(batch);
                return;
            } catch (SQLException e) {
                closeConnection();
                if (attempt >= RETRIES || !worthRetrying(e))
                    throw new SQLException(
                            "writing "
                                    + batch.size()
                                    + " record(s) to exam.results and exam.missing failed"
                                    + (attempt > 0 ? " after " + (attempt + 1) + " attempts" : "")
                                    + ": "
                                    + e.getMessage(),
                            e.getSQLState(),
                            e);
                Thread.sleep(retryPauseMs * (attempt + 1));
            }
        }
    }

    /**
     * A lost or refused connection, a server shutting down or short of resources, a deadlock or
     * serialization failure: another attempt may succeed. A statement the server rejects (a missing
     * table, a run id without its exam.runs row) fails the same way again.
     */
    static boolean worthRetrying(SQLException e) {
        String state = e.getSQLState();
        return state == null
                || state.startsWith("08")
                || state.startsWith("40")
                || state.startsWith("53")
                || state.startsWith("57P");
    }

    private void writeOnce(Batch batch) throws SQLException {
        // a session the server ended while the writer waited (a restart, an idle timeout) is
        // found before the batch is sent on it
        if (connection != null && !connection.isValid(VALID_WITHIN_S)) closeConnection();
        if (connection == null) {
            connection = DriverManager.getConnection(url);
            connection.setAutoCommit(false);
        }
        try {
            upsertRows(batch.rows);
            updateMissing(batch);
            connection.commit();
        } catch (SQLException e) {
            try {
                connection.rollback();
            } catch (SQLException rollback) {
                // the connection is closed and opened again before the next attempt
                e.addSuppressed(rollback);
            }
            throw e;
        }
    }

    private void upsertRows(List<Row> rows) throws SQLException {
        if (rows.isEmpty()) return;
        try (PreparedStatement ps = connection.prepareStatement(UPSERT_RESULT)) {
            for (Row row : rows) {
                ExamRecord r = row.record();
                int i = 1;
                ps.setString(i++, r.runId());
                ps.setString(i++, r.variant());
                ps.setInt(i++, r.repetition());
                ps.setString(i++, r.questionId());
                ps.setString(i++, r.db());
                ps.setString(i++, r.question());
                ps.setString(i++, r.difficulty());
                ps.setString(i++, r.module());
                ps.setString(i++, r.category());
                ps.setString(i++, r.generator());
                ps.setString(i++, r.goldSql());
                ps.setString(i++, r.predSql());
                ps.setBoolean(i++, r.correct());
                ps.setString(i++, r.reason());
                ps.setBoolean(i++, r.lenientCorrect());
                ps.setString(i++, r.lenientReason());
                ps.setString(i++, r.errorClass());
                ps.setString(i++, r.sqlstate());
                ps.setString(i++, r.error());
                ps.setLong(i++, r.goldMs());
                ps.setLong(i++, r.predMs());
                ps.setLong(i++, r.totalMs());
                ps.setObject(i++, Json.write(r.trace()), Types.OTHER);
                ps.setObject(i, row.json(), Types.OTHER);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /**
     * exam.missing, one statement per run key in {@link #LOCK_ORDER}: the ids now missing added,
     * the ids now answered taken out; then the rows of the questions now missing deleted.
     */
    private void updateMissing(Batch batch) throws SQLException {
        Map<RunKey, Set<String>> missing = batch.missing;
        Map<RunKey, Set<String>> answered = batch.answered;
        Set<RunKey> keys = new TreeSet<>(LOCK_ORDER);
        keys.addAll(missing.keySet());
        keys.addAll(answered.keySet());
        try (PreparedStatement add = connection.prepareStatement(ADD_MISSING);
                PreparedStatement drop = connection.prepareStatement(DROP_MISSING_NOW_ANSWERED)) {
            for (RunKey key : keys) {
                Array nowAnswered = ids(answered.get(key));
                if (missing.containsKey(key)) {
                    bindKey(add, 1, key);
                    add.setArray(4, ids(missing.get(key)));
                    add.setArray(5, nowAnswered);
                    add.executeUpdate();
                } else {
                    drop.setArray(1, nowAnswered);
                    bindKey(drop, 2, key);
                    drop.setArray(5, nowAnswered);
                    drop.executeUpdate();
                }
            }
        }
        if (missing.isEmpty()) return;
        try (PreparedStatement drop = connection.prepareStatement(DROP_ROWS_NOW_MISSING)) {
            for (var e : missing.entrySet()) {
                bindKey(drop, 1, e.getKey());
                drop.setArray(4, ids(e.getValue()));
                drop.addBatch();
            }
            drop.executeBatch();
        }
    }

    private Array ids(Set<String> ids) throws SQLException {
        return connection.createArrayOf("text", ids == null ? new Object[0] : ids.toArray());
    }

    private static void bindKey(PreparedStatement ps, int first, RunKey key) throws SQLException {
        ps.setString(first, key.runId());
        ps.setString(first + 1, key.variant());
        ps.setInt(first + 2, key.repetition());
    }

    private void closeConnection() {
        Closing.quietly(connection);
        connection = null;
    }

    @Override
    public void close() {
        closeConnection();
    }
}
