package dev.sqlexam.jobs.runtime;

import dev.sqlexam.jobs.graph.IndexJob;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.embedding.EmbeddingProvider;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.retrieval.IndexPlan;
import dev.sqlexam.retrieval.RagIndexWriter;
import dev.sqlexam.retrieval.RagStore;
import dev.sqlexam.schema.Abbreviations;
import dev.sqlexam.schema.DatabaseSchema;
import dev.sqlexam.schema.ModuleAssigner;
import dev.sqlexam.schema.SchemaIntrospector;
import dev.sqlexam.schema.TableInfo;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.core.execution.JobClient;

/** Indexes one database of the server for schema retrieval (read there; the vectors written into sqlexam's state database); does nothing when the index is already fresh. */
public final class IndexRun {

    /** Bumped when what the index stores changes, so that existing indexes are refreshed. */
    static final String INDEX_FORMAT = "2";

    /** What an index run did. */
    public record Result(String database, boolean wasFresh, int tables, int columns, int embedded, int skipped, int deleted,
            double seconds) {}

    private final JdbcUrlTemplate admin;
    private final StateDatabase state;
    private final EmbeddingProviders providers;
    private final Path migrationsDir;
    private final PrintStream out;
    private ModuleAssigner moduleOverride;

    public IndexRun(JdbcUrlTemplate admin, StateDatabase state, EmbeddingProviders providers, Path migrationsDir, PrintStream out) {
        this.admin = admin;
        this.state = state;
        this.providers = providers;
        this.migrationsDir = migrationsDir;
        this.out = out;
    }

    /** Use this module mapping instead of the one beside the database's migrations (null: default). */
    public IndexRun withModules(ModuleAssigner modules) {
        this.moduleOverride = modules;
        return this;
    }

    /** Indexes each database unless its index is fresh, saying what it did; one that cannot be indexed is a warning ({@code without}). */
    public void ensure(java.util.Collection<String> databases, int parallelism, String without) {
        for (String db : databases) {
            try {
                Result r = run(db, false, FlinkTarget.local(), parallelism);
                if (!r.wasFresh()) {
                    out.printf("[sqlexam] index %s: %d tables, %d columns, %d embedded, %d unchanged (%.1f s)%n", db, r.tables(),
                            r.columns(), r.embedded(), r.skipped(), r.seconds());
                }
            } catch (Exception e) {
                out.println("[sqlexam] warning: cannot index " + db + " (" + e.getMessage() + "); " + without);
            }
        }
    }

    public Result run(String database, boolean force, FlinkTarget target, int parallelism) throws Exception {
        long start = System.nanoTime();
        String model = providers.modelName();
        ModuleAssigner modules = moduleOverride != null ? moduleOverride : ModuleAssigner.forDatabase(migrationsDir, database);
        DatabaseSchema schema;
        try (Connection c = DriverManager.getConnection(admin.forDatabase(database))) {
            schema = SchemaIntrospector.introspect(c, database, modules);
        }
        String fingerprint = schema.fingerprint(INDEX_FORMAT + "|" + model + "|" + modules.descriptions() + "|" + modules.keywords());
        int tables = schema.tables().size();
        int columns = schema.tables().stream().mapToInt(t -> t.columns().size()).sum();
        String controlUrl = state.url();
        try (RagStore store = RagStore.open(state, ConnectionPolicy.DEFAULT)) {
            if (!force && fingerprint.equals(store.lastFingerprint(database, model))) {
                return new Result(database, true, tables, columns, 0, 0, 0, seconds(start));
            }
        }
        RagIndexWriter writer = new RagIndexWriter(controlUrl);
        IndexPlan plan = IndexPlan.of(IndexPlan.entities(schema, model), writer.storedHashes(database, model));
        if (!plan.toEmbed().isEmpty()) {
            out.printf("[sqlexam] index %s: embedding %d of %d entities with %s%n", database, plan.toEmbed().size(), plan.all().size(), model);
            JobClient job = new IndexJob(plan.toEmbed(), providers, controlUrl).start(target.environment(), parallelism);
            try (ProgressReporter progress = new ProgressReporter(job, "indexing", dev.sqlexam.flink.EmbedEntities.EMBEDDED_COUNTER,
                    plan.toEmbed().size(), out)) {
                job.getJobExecutionResult().get();
                progress.finish(plan.toEmbed().size());
            }
        }
        writer.refreshText(plan.unchanged());
        int deleted = writer.deleteStale(database, model, plan.staleKeys());
        writer.replaceForeignKeys(database, schema.foreignKeys());
        try (EmbeddingProvider provider = providers.create()) {
            Map<String, String> descriptions = moduleTexts(schema, modules);
            Map<String, float[]> vectors = new LinkedHashMap<>();
            for (var e : descriptions.entrySet()) vectors.put(e.getKey(), provider.embed(e.getValue()));
            writer.replaceModules(database, model, descriptions, vectors);
            writer.ensureVectorIndex(model, provider.dimensions());
        }
        writer.analyze();
        double seconds = seconds(start);
        writer.recordRun(database, model, fingerprint, tables, columns, plan.toEmbed().size(), plan.unchanged().size(), seconds);
        return new Result(database, false, tables, columns, plan.toEmbed().size(), plan.unchanged().size(), deleted, seconds);
    }

    /** Each module's routing text: its description (if any), keywords, and the words of its table names. */
    static Map<String, String> moduleTexts(DatabaseSchema schema, ModuleAssigner modules) {
        Map<String, StringBuilder> texts = new TreeMap<>();
        for (TableInfo t : schema.tables()) {
            StringBuilder sb = texts.computeIfAbsent(t.module(), m -> new StringBuilder(
                    modules.descriptions().getOrDefault(m, m) + " " + String.join(" ", modules.keywords().getOrDefault(m, List.of())) + ". Tables:"));
            sb.append(' ').append(String.join(" ", Abbreviations.expandedWords(t.name()))).append(',');
        }
        Map<String, String> out = new LinkedHashMap<>();
        texts.forEach((m, sb) -> out.put(m, sb.toString()));
        return out;
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
