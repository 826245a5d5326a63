package dev.sqlexam.flink;

import dev.sqlexam.embedding.EmbeddingProvider;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.retrieval.EmbeddedEntity;
import dev.sqlexam.retrieval.IndexEntity;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;

/** Embeds each entity's stable text with the configured provider (loaded once per task in open()). */
public final class EmbedEntities extends RichMapFunction<IndexEntity, EmbeddedEntity> {

    public static final String EMBEDDED_COUNTER = "sqlexam.embedded";

    private final EmbeddingProviders providers;
    private transient EmbeddingProvider provider;
    private transient LongCounter embedded;

    public EmbedEntities(EmbeddingProviders providers) {
        this.providers = providers;
    }

    @Override
    public void open(OpenContext openContext) {
        provider = providers.create();
        embedded = getRuntimeContext().getLongCounter(EMBEDDED_COUNTER);
    }

    @Override
    public EmbeddedEntity map(IndexEntity entity) {
        float[] vector = provider.embed(entity.stableText());
        embedded.add(1L);
        return new EmbeddedEntity(entity, vector);
    }

    @Override
    public void close() {
        if (provider != null) provider.close();
    }
}
