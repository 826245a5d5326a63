package dev.sqlexam.jobs.graph;

import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.flink.EmbedEntities;
import dev.sqlexam.flink.ExamSinks;
import dev.sqlexam.retrieval.IndexEntity;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.util.List;

/** The index job (batch): entities whose text changed → embed → upsert into rag.embeddings. */
public final class IndexJob {

    private final List<IndexEntity> toEmbed;
    private final EmbeddingProviders providers;
    private final String controlDbUrl;

    public IndexJob(List<IndexEntity> toEmbed, EmbeddingProviders providers, String controlDbUrl) {
        this.toEmbed = toEmbed;
        this.providers = providers;
        this.controlDbUrl = controlDbUrl;
    }

    public JobClient start(StreamExecutionEnvironment env, int parallelism) throws Exception {
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        env.setParallelism(parallelism);
        env.fromData(TypeInformation.of(IndexEntity.class), toEmbed.toArray(new IndexEntity[0]))
                .name("schema entities")
                .uid("schema-entities")
                .rebalance()
                .map(new EmbedEntities(providers))
                .name("embed stable text")
                .uid("embed-entities")
                .sinkTo(ExamSinks.ragEmbeddings(controlDbUrl))
                .name("rag.embeddings (JDBC upsert)")
                .uid("rag-embeddings-sink");
        return env.executeAsync("sqlexam index");
    }
}
