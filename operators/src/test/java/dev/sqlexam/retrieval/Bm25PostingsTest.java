package dev.sqlexam.retrieval;

import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.json.Json;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Bm25#scores} walks the documents that hold a query term; every figure must be the one the
 * document-by-document formula gives (written out again here, as it was before the postings), to
 * the bit: the doc-RAG's ranks and its relevance threshold compare them.
 */
class Bm25PostingsTest {

    @Test
    void everyQuestionScoresEveryChunkOfTheProjectsDocsAsTheFormulaDoes() throws Exception {
        Path root = TestDatabase.migrationsDir().getParent();
        int compared = 0;
        int nonZero = 0;
        for (String db : List.of("erp", "demo")) {
            List<String> documents =
                    DocChunker.fromFolder(TestDatabase.migrationsDir().resolve(db).resolve("docs"))
                            .chunks()
                            .stream()
                            .map(c -> c.table().replace('_', ' ') + " " + c.content())
                            .toList();
            Bm25 bm25 = new Bm25(documents, 1.5, 0.75);
            List<List<String>> queries = new ArrayList<>();
            for (String line :
                    Files.readAllLines(
                            root.resolve("exam-sets").resolve(db).resolve(db + ".jsonl")))
                if (!line.isBlank())
                    queries.add(
                            Bm25.tokenize(Json.MAPPER.readTree(line).path("question").asText()));
            // repeated terms, a term in no document, and none at all
            queries.add(List.of("employee", "employee", "salary", "zzzunknown"));
            queries.add(List.of());
            Reference reference = new Reference(documents, 1.5, 0.75);
            for (List<String> terms : queries) {
                double[] scores = bm25.scores(terms);
                assertThat(scores).hasSize(documents.size());
                for (int i = 0; i < documents.size(); i++) {
                    assertThat(scores[i])
                            .as("%s, chunk %d, %s", db, i, terms)
                            .isEqualTo(reference.score(terms, i));
                    compared++;
                    if (scores[i] > 0) nonZero++;
                }
            }
        }
        assertThat(compared).isGreaterThan(10_000);
        assertThat(nonZero).as("scores that are not zero").isGreaterThan(1_000);
    }

    /** The document-by-document Okapi BM25 of seed 001, as Bm25 computed it before its postings. */
    private static final class Reference {
        private final double k1;
        private final double b;
        private final List<Map<String, Integer>> termFreqs = new ArrayList<>();
        private final int[] lengths;
        private final Map<String, Integer> docFreq = new HashMap<>();
        private final double avgLength;

        Reference(List<String> documents, double k1, double b) {
            this.k1 = k1;
            this.b = b;
            this.lengths = new int[documents.size()];
            long total = 0;
            for (int i = 0; i < documents.size(); i++) {
                Map<String, Integer> tf = new HashMap<>();
                List<String> tokens = Bm25.tokenize(documents.get(i));
                for (String t : tokens) tf.merge(t, 1, Integer::sum);
                for (String t : tf.keySet()) docFreq.merge(t, 1, Integer::sum);
                termFreqs.add(tf);
                lengths[i] = tokens.size();
                total += tokens.size();
            }
            this.avgLength = documents.isEmpty() ? 0 : (double) total / documents.size();
        }

        double score(List<String> queryTerms, int doc) {
            Map<String, Integer> tf = termFreqs.get(doc);
            double score = 0;
            int n = termFreqs.size();
            for (String term : queryTerms) {
                Integer f = tf.get(term);
                if (f == null) continue;
                int df = docFreq.getOrDefault(term, 0);
                double idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
                score += idf * (f * (k1 + 1)) / (f + k1 * (1 - b + b * lengths[doc] / avgLength));
            }
            return score;
        }
    }
}
