package dev.sqlexam.flink;

import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.retrieval.EmbeddedEntity;
import dev.sqlexam.retrieval.RagIndexWriter;

import com.pgvector.PGvector;
import org.apache.flink.connector.file.sink.FileSink;
import org.apache.flink.connector.jdbc.JdbcConnectionOptions;
import org.apache.flink.connector.jdbc.JdbcExecutionOptions;
import org.apache.flink.connector.jdbc.core.datastream.sink.JdbcSink;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.functions.sink.filesystem.OutputFileConfig;
import org.apache.flink.streaming.api.functions.sink.filesystem.bucketassigners.BasePathBucketAssigner;
import org.apache.flink.streaming.api.functions.sink.filesystem.rollingpolicies.OnCheckpointRollingPolicy;

import java.sql.Types;

/**
 * The exam job's sinks: JSONL files (exactly once, committed on checkpoints) and the exam tables.
 */
public final class ExamSinks {

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

    private ExamSinks() {}

    /** Upserts embedded entities into rag.embeddings. */
    public static JdbcSink<EmbeddedEntity> ragEmbeddings(String jdbcUrl) {
        return JdbcSink.<EmbeddedEntity>builder()
                .withQueryStatement(
                        RagIndexWriter.UPSERT_EMBEDDING,
                        (ps, ee) -> {
                            var e = ee.entity();
                            int i = 1;
                            ps.setString(i++, e.databaseId());
                            ps.setString(i++, e.entityType());
                            ps.setString(i++, e.schema());
                            ps.setString(i++, e.table());
                            ps.setString(i++, e.column());
                            ps.setString(i++, e.module());
                            ps.setBoolean(i++, e.generic());
                            ps.setBoolean(i++, e.shadowed());
                            ps.setString(i++, e.stableText());
                            ps.setString(i++, e.mSchema());
                            ps.setString(i++, e.embedText());
                            ps.setString(i++, e.searchText());
                            ps.setString(i++, e.model());
                            ps.setString(i++, e.textHash());
                            ps.setObject(i, new PGvector(ee.vector()));
                        })
                .withExecutionOptions(
                        JdbcExecutionOptions.builder()
                                .withBatchSize(500)
                                .withBatchIntervalMs(1_000)
                                .withMaxRetries(3)
                                .build())
                .buildAtLeastOnce(
                        new JdbcConnectionOptions.JdbcConnectionOptionsBuilder()
                                .withUrl(jdbcUrl)
                                .withDriverName("org.postgresql.Driver")
                                .build());
    }

    /**
     * Row-format JSONL part files directly under {@code dir}; the client merges them after the run.
     */
    public static <T> FileSink<T> jsonLines(String dir, String prefix) {
        return jsonLines(dir, prefix, new JsonLineEncoder<>());
    }

    /** The exam log: each record's JSON as it was written once for both sinks. */
    public static FileSink<SerializedRecord> examLog(String dir, String prefix) {
        return jsonLines(dir, prefix, new SerializedRecord.LineEncoder());
    }

    private static <T> FileSink<T> jsonLines(
            String dir,
            String prefix,
            org.apache.flink.api.common.serialization.Encoder<T> encoder) {
        return FileSink.<T>forRowFormat(new Path(dir), encoder)
                .withBucketAssigner(new BasePathBucketAssigner<>())
                .withRollingPolicy(OnCheckpointRollingPolicy.build())
                .withOutputFileConfig(
                        OutputFileConfig.builder()
                                .withPartPrefix(prefix)
                                .withPartSuffix(".jsonl")
                                .build())
                .build();
    }

    /**
     * Upserts each record into exam.results; a rerun with the same run id replaces, never
     * duplicates. The record and trace columns are their JSON as written once for both sinks.
     */
    public static JdbcSink<SerializedRecord> resultsTable(String jdbcUrl) {
        return JdbcSink.<SerializedRecord>builder()
                .withQueryStatement(
                        UPSERT_RESULT,
                        (ps, serialized) -> {
                            ExamRecord r = serialized.record();
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
                            ps.setObject(i++, serialized.traceJson(), Types.OTHER);
                            ps.setObject(i, serialized.json(), Types.OTHER);
                        })
                .withExecutionOptions(
                        JdbcExecutionOptions.builder()
                                .withBatchSize(200)
                                .withBatchIntervalMs(1_000)
                                .withMaxRetries(3)
                                .build())
                .buildAtLeastOnce(
                        new JdbcConnectionOptions.JdbcConnectionOptionsBuilder()
                                .withUrl(jdbcUrl)
                                .withDriverName("org.postgresql.Driver")
                                .build());
    }
}
