package dev.sqlexam.retrieval;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

class DocChunkerTest {

    private static final String DOC =
            """
            # Table: orders

            ## Purpose

            Customer orders.

            ## Business Context

            Sales module.

            ## Columns

            ### order_date

            - **Type:** date

            ### customer_id

            - **Notes:** foreign key to customers.customer_id

            ## Common Queries

            ### Query Pattern: by month

            ```sql
            SELECT 1;
            ```

            ## Relationships

            - **Join patterns:** orders.customer_id -> customers.customer_id

            ## Examples

            status: open 3.

            ## Notes

            - none
            """;

    @Test
    void chunksEverySectionKind() {
        List<DocChunk> chunks = DocChunker.parse(DOC);
        assertThat(chunks)
                .extracting(DocChunk::chunkType)
                .containsExactly(
                        "overview", "column", "column", "query", "relationship", "example");
        assertThat(chunks.get(0).content()).contains("Customer orders.").contains("Sales module.");
        assertThat(chunks.get(1).column()).isEqualTo("order_date");
        assertThat(chunks.get(2).relatedTables()).contains("customers");
        assertThat(chunks).allSatisfy(c -> assertThat(c.table()).isEqualTo("orders"));
    }

    @Test
    void malformedFilesAreSkippedWithAReason(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("orders.md"), DOC);
        Files.writeString(dir.resolve("broken.md"), "no header here");
        DocChunker.Chunks chunks = DocChunker.fromFolder(dir);
        assertThat(chunks.chunks()).isNotEmpty();
        assertThat(chunks.skipped()).singleElement().asString().contains("broken.md");
    }

    @Test
    void aFolderIsReadAgainOnlyWhenOneOfItsFilesChanged(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("orders.md"), DOC);
        DocChunker.Chunks first = DocChunker.fromFolder(dir);
        assertThat(DocChunker.fromFolder(dir)).isSameAs(first);

        Files.writeString(
                dir.resolve("orders.md"), DOC.replace("Customer orders.", "Orders of customers."));
        DocChunker.Chunks edited = DocChunker.fromFolder(dir);
        assertThat(edited.chunks().get(0).content()).contains("Orders of customers.");

        Files.writeString(dir.resolve("broken.md"), "no header here");
        assertThat(DocChunker.fromFolder(dir).skipped())
                .singleElement()
                .asString()
                .contains("broken.md");
        Files.delete(dir.resolve("broken.md"));
        assertThat(DocChunker.fromFolder(dir).skipped()).isEmpty();
    }

    @Test
    void aFoldersRetrieverIsBuiltOnceAndAgainOnlyAfterAnEdit(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("orders.md"), DOC);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<DocRetriever>> asked = new ArrayList<>();
            for (int i = 0; i < 8; i++) asked.add(pool.submit(() -> DocRetriever.forFolder(dir)));
            DocRetriever first = asked.get(0).get();
            for (Future<DocRetriever> f : asked) assertThat(f.get()).isSameAs(first);
            assertThat(DocRetriever.forFolder(dir.resolve("..").resolve(dir.getFileName())))
                    .isSameAs(first);

            Files.writeString(dir.resolve("orders.md"), DOC.replace("orders", "purchases"));
            DocRetriever edited = DocRetriever.forFolder(dir);
            assertThat(edited).isNotSameAs(first);
            RetrievalConfig cfg = RetrievalConfig.defaults();
            assertThat(edited.retrieve("purchases per customer by month", 87, cfg).tables())
                    .containsExactly("purchases");
            assertThat(first.retrieve("orders per customer by month", 87, cfg).tables())
                    .containsExactly("orders");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void smallDatabasesAndShortQuestionsGetTheFullSchema() {
        DocRetriever docs = new DocRetriever(DocChunker.parse(DOC));
        RetrievalConfig cfg = RetrievalConfig.defaults();
        assertThat(docs.retrieve("monthly orders by customer", 6, cfg).strategy())
                .isEqualTo("full");
        assertThat(docs.retrieve("orders", 87, cfg).reason()).contains("too short");
        DocRetriever.DocResult rag = docs.retrieve("orders per customer by month", 87, cfg);
        assertThat(rag.strategy()).isEqualTo("rag");
        assertThat(rag.tables()).containsExactly("orders");
        assertThat(rag.chunks()).hasSizeLessThanOrEqualTo(cfg.docs().topK());
    }
}
