package dev.sqlexam.jobs.runtime;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.IndexRunLock;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.embedding.EmbeddingProvider;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.flink.EmbedEntities;
import dev.sqlexam.jobs.graph.IndexJob;
import dev.sqlexam.retrieval.IndexEntity;
import dev.sqlexam.retrieval.IndexPlan;
import dev.sqlexam.retrieval.RagIndexWriter;
import dev.sqlexam.retrieval.RagStore;
import dev.sqlexam.schema.DatabaseSchema;
import dev.sqlexam.schema.ModuleAssigner;
import dev.sqlexam.schema.SchemaIntrospector;

import org.apache.flink.core.execution.JobClient;

import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Indexes databases of the server for schema retrieval (read there; the vectors written into
 * sqlexam's state database): nothing where the index is already fresh, and every stale database's
 * changed entities embedded by one job.
 */
public final class IndexRun {

    /** Bumped when what the index stores changes, so that existing indexes are refreshed. */
    static final String INDEX_FORMAT = "2";

    /** More databases indexed at once than this are reported in one line. */
    private static final int SAID_ONE_BY_ONE = 5;

    /** What an index run did. */
    public record Result(
            String database,
            boolean wasFresh,
            int tables,
            int columns,
            int embedded,
            int skipped,
            int deleted,
            double seconds) {}

    private final JdbcUrlTemplate admin;
    private final StateDatabase state;
    private final EmbeddingProviders providers;
    private final Path migrationsDir;
    private final PrintStream out;
    private ModuleAssigner moduleOverride;

    public IndexRun(
            JdbcUrlTemplate admin,
            StateDatabase state,
            EmbeddingProviders providers,
            Path migrationsDir,
            PrintStream out) {
        this.admin = admin;
        this.state = state;
        this.providers = providers;
        this.migrationsDir = migrationsDir;
        this.out = out;
    }

    /**
     * Use this module mapping instead of the one beside the database's migrations (null: default).
     */
    public IndexRun withModules(ModuleAssigner modules) {
        this.moduleOverride = modules;
        return this;
    }

    /**
     * Indexes each database unless its index is fresh, saying what it did, all of them with one
     * embedding job; one that cannot be indexed is a warning ({@code without}).
     */
    public void ensure(Collection<String> databases, int parallelism, String without) {
        List<Prepared> stale = new ArrayList<>();
        for (String db : databases) {
            try {
                Prepared p = prepare(db, false);
                if (!p.fresh()) stale.add(p);
            } catch (Exception e) {
                out.println(
                        "[sqlexam] warning: cannot index "
                                + db
                                + " ("
                                + e.getMessage()
                                + "); "
                                + without);
            }
        }
        if (stale.isEmpty()) return;
        try {
            long start = System.nanoTime();
            List<Result> results =
                    indexAlone(stale, false, FlinkTarget.local(), parallelism, without);
            if (results.isEmpty()) return; // another run indexed them while this one waited
            if (results.size() > SAID_ONE_BY_ONE) {
                out.printf(
                        "[sqlexam] index: %d databases, %d tables, %d columns, %d embedded, %d unchanged (%.1f s)%n",
                        results.size(),
                        results.stream().mapToInt(Result::tables).sum(),
                        results.stream().mapToInt(Result::columns).sum(),
                        results.stream().mapToInt(Result::embedded).sum(),
                        results.stream().mapToInt(Result::skipped).sum(),
                        seconds(start));
            } else {
                for (Result r : results) {
                    out.printf(
                            "[sqlexam] index %s: %d tables, %d columns, %d embedded, %d unchanged (%.1f s)%n",
                            r.database(),
                            r.tables(),
                            r.columns(),
                            r.embedded(),
                            r.skipped(),
                            r.seconds());
                }
            }
        } catch (Exception e) {
            out.println(
                    "[sqlexam] warning: cannot index "
                            + String.join(", ", stale.stream().map(Prepared::database).toList())
                            + " ("
                            + e.getMessage()
                            + "); "
                            + without);
        }
    }

    public Result run(String database, boolean force, FlinkTarget target, int parallelism)
            throws Exception {
        Prepared p = prepare(database, force);
        List<Result> indexed =
                p.fresh() ? List.of() : indexAlone(List.of(p), force, target, parallelism, null);
        if (indexed.isEmpty())
            return new Result(database, true, p.tables(), p.columns(), 0, 0, 0, seconds(p.start()));
        return indexed.get(0);
    }

    /**
     * Indexes the databases found stale, one run at a time per state database and model: under the
     * lock each is compared again with the stored index, so a run that waited skips what the other
     * one indexed meanwhile. A database that cannot be compared again is a warning ({@code
     * without}) when {@code without} is given, else the run's failure.
     */
    private List<Result> indexAlone(
            List<Prepared> stale,
            boolean force,
            FlinkTarget target,
            int parallelism,
            String without)
            throws Exception {
        try (IndexRunLock lock =
                IndexRunLock.take(state.url(), providers.modelName(), IndexRunLock.WAIT_MS, out)) {
            List<Prepared> still = new ArrayList<>();
            for (Prepared p : stale) {
                Prepared again;
                try {
                    again = compared(p, force);
                } catch (Exception e) {
                    if (without == null) throw e;
                    out.println(
                            "[sqlexam] warning: cannot index "
                                    + p.database()
                                    + " ("
                                    + e.getMessage()
                                    + "); "
                                    + without);
                    continue;
                }
                if (!again.fresh()) still.add(again);
            }
            return still.isEmpty() ? List.of() : index(still, target, parallelism);
        }
    }

    /**
     * A database read and compared with its stored index: what to embed, or nothing when the index
     * is fresh.
     */
    private record Prepared(
            String database,
            long start,
            DatabaseSchema schema,
            ModuleAssigner modules,
            String fingerprint,
            int tables,
            int columns,
            IndexPlan plan) {
        boolean fresh() {
            return plan == null;
        }

        Prepared withPlan(IndexPlan plan) {
            return new Prepared(
                    database, start, schema, modules, fingerprint, tables, columns, plan);
        }
    }

    private Prepared prepare(String database, boolean force) throws Exception {
        long start = System.nanoTime();
        String model = providers.modelName();
        ModuleAssigner modules =
                moduleOverride != null
                        ? moduleOverride
                        : ModuleAssigner.forDatabase(migrationsDir, database);
        DatabaseSchema schema;
        try (Connection c = DriverManager.getConnection(admin.forDatabase(database))) {
            schema = SchemaIntrospector.introspect(c, database, modules);
        }
        String fingerprint =
                schema.fingerprint(
                        INDEX_FORMAT
                                + "|"
                                + model
                                + "|"
                                + modules.descriptions()
                                + "|"
                                + modules.keywords());
        int tables = schema.tables().size();
        int columns = schema.tables().stream().mapToInt(t -> t.columns().size()).sum();
        return compared(
                new Prepared(database, start, schema, modules, fingerprint, tables, columns, null),
                force);
    }

    /** {@code read} compared with the index stored now: fresh, or what to embed. */
    private Prepared compared(Prepared read, boolean force) throws SQLException {
        String model = providers.modelName();
        try (RagStore store = RagStore.open(state, ConnectionPolicy.DEFAULT)) {
            if (!force && read.fingerprint().equals(store.lastFingerprint(read.database(), model)))
                return read.withPlan(null);
        }
        return read.withPlan(
                IndexPlan.of(
                        IndexPlan.entities(read.schema(), model),
                        new RagIndexWriter(state.url()).storedHashes(read.database(), model)));
    }

    /**
     * Embeds what {@code stale} databases changed in one job, then stores each one's text, keys,
     * modules and run.
     */
    private List<Result> index(List<Prepared> stale, FlinkTarget target, int parallelism)
            throws Exception {
        String model = providers.modelName();
        String controlUrl = state.url();
        List<IndexEntity> toEmbed = new ArrayList<>();
        for (Prepared p : stale) toEmbed.addAll(p.plan().toEmbed());
        if (!toEmbed.isEmpty()) {
            String what = stale.size() == 1 ? stale.get(0).database() : stale.size() + " databases";
            long distinct = toEmbed.stream().map(IndexEntity::textHash).distinct().count();
            out.printf(
                    "[sqlexam] index %s: embedding %d entities (%d distinct texts) with %s%n",
                    what, toEmbed.size(), distinct, model);
            JobClient job =
                    new IndexJob(toEmbed, providers, controlUrl)
                            .start(target.environment(), parallelism);
            try (ProgressReporter progress =
                    new ProgressReporter(
                            job, "indexing", EmbedEntities.EMBEDDED_COUNTER, toEmbed.size(), out)) {
                job.getJobExecutionResult().get();
                progress.finish(toEmbed.size());
            }
        }
        RagIndexWriter writer = new RagIndexWriter(controlUrl);
        List<Result> results = new ArrayList<>();
        try (EmbeddingProvider provider = providers.create()) {
            for (Prepared p : stale) {
                writer.refreshText(p.plan().unchanged());
                int deleted = writer.deleteStale(p.database(), model, p.plan().staleKeys());
                writer.replaceForeignKeys(p.database(), p.schema().foreignKeys());
                Map<String, String> descriptions = ModuleTexts.of(p.schema(), p.modules());
                Map<String, float[]> vectors = new LinkedHashMap<>();
                for (var e : descriptions.entrySet())
                    vectors.put(e.getKey(), provider.embed(e.getValue()));
                writer.replaceModules(p.database(), model, descriptions, vectors);
                results.add(
                        new Result(
                                p.database(),
                                false,
                                p.tables(),
                                p.columns(),
                                p.plan().toEmbed().size(),
                                p.plan().unchanged().size(),
                                deleted,
                                seconds(p.start())));
            }
            writer.ensureVectorIndex(model, provider.dimensions());
        }
        writer.analyze();
        for (int i = 0; i < stale.size(); i++) {
            Prepared p = stale.get(i);
            Result r = results.get(i);
            writer.recordRun(
                    p.database(),
                    model,
                    p.fingerprint(),
                    r.tables(),
                    r.columns(),
                    r.embedded(),
                    r.skipped(),
                    r.seconds());
        }
        return results;
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
