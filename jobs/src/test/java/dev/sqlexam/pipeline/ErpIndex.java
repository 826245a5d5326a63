package dev.sqlexam.pipeline;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.jobs.assembly.DatabaseSetup;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The ERP database's retrieval index for the default embedding model, built (once, where not fresh)
 * before a step test that retrieves: the steps read it as the exam does. Indexing runs a Flink job,
 * which is why these step tests live in this module.
 */
public final class ErpIndex implements BeforeAllCallback {

    private static boolean ensured;

    @Override
    public void beforeAll(ExtensionContext context) {
        ensure();
    }

    static synchronized void ensure() {
        if (ensured) return;
        Settings settings = Settings.resolve(Map.of(), Map.of(), Map.of());
        PrintStream notes =
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        DatabaseSetup.ensureIndexed(
                new JdbcUrlTemplate(TestDatabase.url()),
                TestDatabase.state(),
                EmbeddingProviders.from(settings),
                List.of("erp"),
                settings.get(SqlExamOptions.PARALLELISM),
                "the step tests cannot retrieve",
                notes);
        ensured = true;
    }
}
