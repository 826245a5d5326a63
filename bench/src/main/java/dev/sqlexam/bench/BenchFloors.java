package dev.sqlexam.bench;

import dev.sqlexam.embedding.EmbeddingProvider;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.jobs.runtime.EmptyJob;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.model.ExamQuestion;

import java.util.List;
import java.util.Map;

/**
 * What the hardware does for the part of a run no pipeline can skip, measured in the same sitting
 * as the runs: an empty Flink job's start-up, the golds executed bare over JDBC (one open
 * connection per database, one after another), and texts embedded bare in batches.
 */
public final class BenchFloors {

    /** Batch size of the bare embedding floor. */
    static final int BATCH = 32;

    private BenchFloors() {}

    /**
     * Seconds from building an empty job (one element, discarded) to its end, on a local
     * MiniCluster.
     */
    public static double emptyJobSeconds() throws Exception {
        long start = System.nanoTime();
        EmptyJob.run(FlinkTarget.local());
        return seconds(start);
    }

    /**
     * Seconds to execute every question's gold once, serially, on the open connections of {@code
     * dbs} (as the reader).
     */
    public static double bareGoldSeconds(
            List<ExamQuestion> questions, Map<String, BenchDatabase> dbs) {
        for (ExamQuestion q : questions.subList(0, Math.min(5, questions.size())))
            dbs.get(q.db()).execute(q.goldSql());
        long start = System.nanoTime();
        for (ExamQuestion q : questions) dbs.get(q.db()).execute(q.goldSql());
        return seconds(start);
    }

    /** Seconds to embed {@code texts} in batches of {@value #BATCH} (after one warm-up batch). */
    public static double bareEmbeddingSeconds(EmbeddingProviders providers, List<String> texts) {
        try (EmbeddingProvider provider = providers.create()) {
            provider.embedAll(texts.subList(0, Math.min(BATCH, texts.size())));
            long start = System.nanoTime();
            for (int i = 0; i < texts.size(); i += BATCH)
                provider.embedAll(texts.subList(i, Math.min(texts.size(), i + BATCH)));
            return seconds(start);
        }
    }

    public static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
