package dev.sqlexam.flink;

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

/**
 * The exam job's sinks: JSONL files (exactly once, committed on checkpoints) and the exam tables.
 */
public final class ExamSinks {

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
                            ps.setString(i++, e.traits().module());
                            ps.setBoolean(i++, e.traits().generic());
                            ps.setBoolean(i++, e.traits().shadowed());
                            ps.setString(i++, e.texts().stableText());
                            ps.setString(i++, e.texts().mSchema());
                            ps.setString(i++, e.texts().embedText());
                            ps.setString(i++, e.texts().searchText());
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
     * Each record into exam.results, a missing prediction's question into exam.missing ({@link
     * ResultsTableSink}); a rerun with the same run id replaces, never duplicates.
     */
    public static ResultsTableSink resultsTable(String jdbcUrl) {
        return new ResultsTableSink(jdbcUrl);
    }
}
