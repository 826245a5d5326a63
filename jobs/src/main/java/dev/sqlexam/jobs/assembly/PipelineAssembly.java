package dev.sqlexam.jobs.assembly;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.Migrations;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.grading.AdaptiveTimeout;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.run.RunManifest;
import dev.sqlexam.jobs.runtime.IndexRun;
import dev.sqlexam.jobs.runtime.JobShipping;
import dev.sqlexam.llm.GeneratorSelection;
import dev.sqlexam.llm.Generators;
import dev.sqlexam.pipeline.JobResources;
import dev.sqlexam.pipeline.PipelineConfig;

import java.io.PrintStream;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The one place that turns (settings, variant, server, mode) into a ready pipeline: the variant's
 * settings over the command's, its generator resolved and probed, the databases migrated (what
 * changed printed), the retrieval index ensured for its embedding model and the vector size probed,
 * the resources a job's variants share, and each variant's {@link PipelineConfig}. Exams, grading,
 * the watch's shadow and {@code ask}/{@code mcp} all assemble here; notes go to the stream given
 * (never an MCP server's stdout).
 */
public final class PipelineAssembly {

    /**
     * What a pipeline is assembled for: it decides what a generator may be and which execution
     * rules apply.
     */
    public enum Mode {
        /**
         * The pipeline writes the candidates; pass@k and execution fallbacks as the settings say.
         */
        EXAM,
        /** Predictions files are graded as they are: no pass@k, no execution fallbacks. */
        GRADE,
        /**
         * The watch's shadow: the app's SQL is the reference, so a generator that echoes it (gold,
         * replay) is refused.
         */
        SHADOW,
        /** One question at a time, graded as the exam grades it. */
        ASK;

        boolean executionRulesOfTheSettings() {
            return this == EXAM || this == ASK;
        }
    }

    /**
     * One variant ready to run: its name, description and options as its file gave them, its
     * settings and its generator.
     */
    public record Variant(
            String name,
            String description,
            Map<String, String> options,
            Settings settings,
            Generators generators) {}

    private static final Set<String> ECHOING = Set.of("gold", "replay");

    private final JdbcUrlTemplate admin;
    private final StateDatabase state;
    private final Mode mode;
    private final PrintStream out;

    /**
     * Assembles pipelines for {@code mode} on the server {@code admin} names; sqlexam's own tables
     * live in {@code state}.
     */
    public PipelineAssembly(
            JdbcUrlTemplate admin, StateDatabase state, Mode mode, PrintStream out) {
        this.admin = admin;
        this.state = state;
        this.mode = mode;
        this.out = out;
    }

    /**
     * The server and state database named by {@code settings} (jdbc_url; state_url and results_db).
     */
    public static PipelineAssembly of(Settings settings, Mode mode, PrintStream out) {
        return new PipelineAssembly(
                new JdbcUrlTemplate(settings.get(SqlExamOptions.JDBC_URL)),
                StateDatabase.from(settings),
                mode,
                out);
    }

    public JdbcUrlTemplate admin() {
        return admin;
    }

    public StateDatabase state() {
        return state;
    }

    /**
     * {@code variant}'s options over {@code base}, its generator resolved ({@code auto} probed) and
     * reachable.
     */
    public Variant variant(Settings base, RunManifest.Variant variant) {
        String label = (mode == Mode.SHADOW ? "shadow variant " : "variant ") + variant.name();
        Settings own;
        try {
            own = variant.options().isEmpty() ? base : base.withVariant(variant.options());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(label + ": " + e.getMessage(), e);
        }
        Generators generators = GeneratorSelection.resolve(Generators.from(own));
        if (mode == Mode.SHADOW && ECHOING.contains(generators.name())) {
            throw new IllegalArgumentException(
                    label
                            + ": generator '"
                            + generators.name()
                            + "' does not write SQL from the question; a shadow needs baseline, openai or ollama");
        }
        GeneratorSelection.requireReachable(generators);
        return new Variant(
                variant.name(), variant.description(), variant.options(), own, generators);
    }

    /**
     * Applies the migrations of the databases {@code wanted} accepts (sqlexam's own always),
     * printing what changed.
     */
    public void migrate(Predicate<String> wanted) {
        try {
            for (Migrations.Report r :
                    Migrations.migrate(admin, state, Home.migrations(), wanted)) {
                if (r.note() != null)
                    out.println("[sqlexam] migrations " + r.database() + ": " + r.note());
                else if (r.applied() > 0)
                    out.println(
                            "[sqlexam] migrations "
                                    + r.database()
                                    + ": applied "
                                    + r.applied()
                                    + ", now at version "
                                    + r.version());
            }
        } catch (RuntimeException e) {
            throw new IllegalStateException("cannot apply the migrations: " + e.getMessage(), e);
        }
    }

    /**
     * Indexes {@code databases} for {@code embeddings}' model (a no-op where the index is fresh;
     * {@code without} says what a database that cannot be indexed runs without) and returns the
     * model's vector size.
     */
    public int index(
            EmbeddingProviders embeddings,
            Collection<String> databases,
            int parallelism,
            String without) {
        ensureIndexed(embeddings, databases, parallelism, without);
        return dimensions(embeddings, "");
    }

    /** Indexes {@code databases} for {@code embeddings}' model where the index is not fresh. */
    public void ensureIndexed(
            EmbeddingProviders embeddings,
            Collection<String> databases,
            int parallelism,
            String without) {
        new IndexRun(admin, state, embeddings, Home.migrations(), out)
                .ensure(databases, parallelism, without);
    }

    /**
     * The vector size of {@code embeddings}' model, loading it; {@code remedy} is appended to the
     * error when it cannot load.
     */
    public static int dimensions(EmbeddingProviders embeddings, String remedy) {
        try (var provider = embeddings.create()) {
            return provider.dimensions();
        } catch (RuntimeException e) {
            throw new IllegalStateException(
                    "cannot load the embedding model "
                            + embeddings.modelName()
                            + ": "
                            + e.getMessage()
                            + remedy,
                    e);
        }
    }

    /**
     * What every variant of a job shares: this server as the workers reach it, who reads and within
     * which connection budget, the pools' size and execution limits of {@code settings}, and the
     * vector size of each embedding model.
     */
    public JobResources resources(
            JobShipping shipping,
            ReaderAccess reader,
            ConnectionPolicy connections,
            Settings settings,
            AdaptiveTimeout adaptiveTimeout,
            Map<String, Integer> dimensionsByModel) {
        String probe = reader.url().perDatabase() ? "postgres" : reader.url().fixedDatabase();
        return JobResources.builder(shipping.url(admin, probe), shipping.state(state))
                .migrations(shipping.migrations(Home.migrations()))
                .reader(shipping.reader(reader, probe), connections)
                .poolSize(settings.get(SqlExamOptions.ASYNC_CAPACITY))
                .limits(
                        settings.get(SqlExamOptions.STATEMENT_TIMEOUT_MS),
                        settings.get(SqlExamOptions.ROW_CAP))
                .adaptiveTimeout(adaptiveTimeout)
                .dimensions(dimensionsByModel)
                .build();
    }

    /**
     * {@code variant}'s pipeline on {@code resources}, its generator as the workers need it;
     * execution rules as the mode says.
     */
    public PipelineConfig config(Variant variant, JobResources resources, JobShipping shipping) {
        Settings s = variant.settings();
        boolean own = mode.executionRulesOfTheSettings();
        return PipelineConfig.from(
                variant.name(),
                variant.description(),
                s,
                shipping.generators(variant.generators()),
                resources,
                own && s.get(SqlExamOptions.PASS_AT_K),
                own ? s.get(SqlExamOptions.EXECUTION_FALLBACKS) : 0);
    }
}
