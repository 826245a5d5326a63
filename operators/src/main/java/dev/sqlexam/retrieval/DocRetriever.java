package dev.sqlexam.retrieval;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Doc-RAG (seed 001): BM25 over documentation chunks; top-K over a relevance threshold (scores are
 * normalised by the best score); the tables of the chunks plus their related tables. Decides the
 * strategy: the full schema for small databases, short questions, or empty / low-confidence
 * results.
 */
public final class DocRetriever {

    /** Scored chunk. */
    public record Scored(DocChunk chunk, double score) {}

    /** The strategy chosen and what supports it. */
    public record DocResult(
            String strategy, String reason, List<Scored> chunks, Set<String> tables) {}

    static final int MIN_QUESTION_TERMS = 2;
    static final double MIN_CONFIDENCE = 1.0;

    private final List<DocChunk> chunks;
    private final Bm25 bm25;

    /** A retriever built on a folder's chunks as {@link DocChunker#fromFolder} read them. */
    private record Built(DocChunker.Chunks from, DocRetriever retriever) {}

    private static final Map<Path, Built> BUILT = new ConcurrentHashMap<>();

    /**
     * The retriever over the docs in {@code docs}, built again only when the folder was read again
     * (a file there changed). It is read-only: a process's subtasks and jobs share it.
     */
    public static DocRetriever forFolder(Path docs) {
        DocChunker.Chunks chunks = DocChunker.fromFolder(docs);
        return BUILT.compute(
                        DocChunker.folderKey(docs),
                        (key, built) ->
                                built != null && built.from() == chunks
                                        ? built
                                        : new Built(chunks, new DocRetriever(chunks.chunks())))
                .retriever();
    }

    public DocRetriever(List<DocChunk> chunks) {
        this.chunks = chunks;
        this.bm25 =
                new Bm25(
                        chunks.stream()
                                .map(c -> c.table().replace('_', ' ') + " " + c.content())
                                .toList(),
                        1.5,
                        0.75);
    }

    public DocResult retrieve(String question, int databaseTables, RetrievalConfig cfg) {
        if (databaseTables < cfg.fullSchemaBelowTables())
            return full("database has " + databaseTables + " tables");
        List<String> terms = Bm25.tokenize(question == null ? "" : question);
        if (terms.size() < MIN_QUESTION_TERMS) return full("question too short for retrieval");
        if (chunks.isEmpty()) return new DocResult("rag", "no documentation", List.of(), Set.of());
        List<Scored> scored = new ArrayList<>();
        double[] scores = bm25.scores(terms);
        for (int i = 0; i < chunks.size(); i++) {
            if (scores[i] > 0) scored.add(new Scored(chunks.get(i), scores[i]));
        }
        scored.sort(
                Comparator.comparingDouble(Scored::score)
                        .reversed()
                        .thenComparing(s -> s.chunk().table()));
        if (scored.isEmpty()) return full("no documentation matched");
        double best = scored.get(0).score();
        if (best < MIN_CONFIDENCE) return full("low-confidence documentation match");
        List<Scored> kept =
                scored.stream()
                        .filter(s -> s.score() / best >= cfg.docs().relevanceThreshold())
                        .limit(cfg.docs().topK())
                        .toList();
        Set<String> tables = new LinkedHashSet<>();
        for (Scored s : kept) tables.add(s.chunk().table());
        return new DocResult("rag", "bm25", kept, tables);
    }

    private static DocResult full(String reason) {
        return new DocResult("full", reason, List.of(), Set.of());
    }
}
