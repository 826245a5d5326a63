package dev.sqlexam.flink;

import dev.sqlexam.embedding.EmbeddingProvider;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.retrieval.EmbeddedEntity;
import dev.sqlexam.retrieval.IndexEntity;

import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Embeds each entity's stable text with the configured provider (loaded once per task in open()).
 * Databases indexed together often share tables (copies, tenants, versions of one schema): a text
 * embedded once in this task is not embedded again (its hash names the text and the model).
 */
public final class EmbedEntities extends RichMapFunction<IndexEntity, EmbeddedEntity> {

    public static final String EMBEDDED_COUNTER = "sqlexam.embedded";
    private static final int SAME_TEXTS_KEPT = 4_096;

    private final EmbeddingProviders providers;
    private transient EmbeddingProvider provider;
    private transient LongCounter embedded;
    private transient Map<String, float[]> byTextHash;

    public EmbedEntities(EmbeddingProviders providers) {
        this.providers = providers;
    }

    @Override
    public void open(OpenContext openContext) {
        provider = providers.create();
        embedded = getRuntimeContext().getLongCounter(EMBEDDED_COUNTER);
        byTextHash =
                new LinkedHashMap<>(256, 0.75f, true) {
                    @Override
                    protected boolean removeEldestEntry(Map.Entry<String, float[]> eldest) {
                        return size() > SAME_TEXTS_KEPT;
                    }
                };
    }

    @Override
    public EmbeddedEntity map(IndexEntity entity) {
        float[] vector =
                byTextHash.computeIfAbsent(
                        entity.textHash(), h -> provider.embed(entity.texts().stableText()));
        embedded.add(1L);
        return new EmbeddedEntity(entity, vector);
    }

    @Override
    public void close() {
        if (provider != null) provider.close();
    }
}
