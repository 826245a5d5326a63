package dev.sqlexam.jobs;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.llm.GeneratorSelection;
import dev.sqlexam.llm.Generators;
import dev.sqlexam.llm.SqlGenerator;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * An exam: the pipeline writes the candidates (a model, the offline baseline, a replay, or the gold self-check) for
 * each variant, after every variant's model endpoint answered and the exam's databases were indexed for retrieval with
 * every embedding model the variants use.
 */
public final class ExamRun {

    /** The variant of a run without variant files: the settings as given. */
    public static final RunManifest.Variant DEFAULT = new RunManifest.Variant("default", null, Map.of());

    private final Settings settings;
    private final Path examSet;
    private final PrintStream out;
    private final List<RunManifest.Variant> variants;
    private final RunDriver driver;

    public ExamRun(Settings settings, Path examSet, Path outRoot, String runId, PrintStream out) {
        this(settings, examSet, outRoot, runId, out, List.of(DEFAULT), false);
    }

    /** {@code variants}: the first is the reference; {@code resume}: continue run {@code runId} in {@code outRoot}. */
    public ExamRun(Settings settings, Path examSet, Path outRoot, String runId, PrintStream out, List<RunManifest.Variant> variants,
            boolean resume) {
        if (variants.isEmpty()) throw new IllegalArgumentException("an exam needs at least one variant");
        this.settings = settings;
        this.examSet = examSet;
        this.out = out;
        this.variants = List.copyOf(variants);
        this.driver = new RunDriver(settings, examSet, outRoot, runId, out, resume);
    }

    public RunResult run(StreamExecutionEnvironment env) throws Exception {
        return driver.run(env, this::plan);
    }

    private RunDriver.Plan plan(RunDriver.Setup setup) throws Exception {
        List<RunDriver.VariantPlan> plans = new ArrayList<>();
        for (RunManifest.Variant v : variants) {
            Settings own;
            try {
                own = v.options().isEmpty() ? settings : settings.withVariant(v.options());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("variant " + v.name() + ": " + e.getMessage(), e);
            }
            Generators generators = GeneratorSelection.resolve(Generators.from(own));
            GeneratorSelection.requireReachable(generators);
            plans.add(new RunDriver.VariantPlan(v.name(), v.description(), v.options(), own, generators));
            out.println("[sqlexam] variant " + v.name() + ": generator " + generators.name() + " (" + generators.reason() + ")");
        }
        Map<String, Integer> dimensions = new LinkedHashMap<>();
        for (EmbeddingProviders providers : embeddingModels(plans)) {
            dimensions.put(providers.modelName(), indexDatabases(setup.admin(), setup.resultsDb(), providers, setup.databases()));
        }
        boolean selfCheck = true;
        Set<String> names = new LinkedHashSet<>();
        for (RunDriver.VariantPlan p : plans) {
            names.add(p.generators().name());
            try (SqlGenerator generator = p.generators().create()) {
                selfCheck &= generator.selfCheck();
            }
        }
        String reason = plans.size() == 1 ? plans.get(0).generators().reason() : "per variant";
        return new RunDriver.Plan(String.join(", ", names), reason, selfCheck, plans, settings.get(SqlExamOptions.RUNS), dimensions, null,
                null, settings.get(SqlExamOptions.ASYNC_TIMEOUT_MS), List.of());
    }

    private static Set<EmbeddingProviders> embeddingModels(List<RunDriver.VariantPlan> plans) {
        Set<EmbeddingProviders> out = new LinkedHashSet<>();
        for (RunDriver.VariantPlan p : plans) {
            Settings s = p.settings();
            out.add(new EmbeddingProviders(s.get(SqlExamOptions.EMBEDDING_PROVIDER), s.get(SqlExamOptions.OLLAMA_URL),
                    s.get(SqlExamOptions.OLLAMA_EMBED_MODEL)));
        }
        return out;
    }

    /** Indexes every database the exam set asks about (a no-op when the index is fresh); returns the vector size. */
    private int indexDatabases(JdbcUrlTemplate admin, String controlDb, EmbeddingProviders providers, Set<String> serverDatabases)
            throws Exception {
        Set<String> databases = new java.util.TreeSet<>(ExamSetFiles.databasesIn(examSet));
        if (serverDatabases != null) databases.retainAll(serverDatabases);
        new IndexRun(admin, controlDb, providers, Home.resolve().resolve("migrations"), out)
                .ensure(databases, settings.get(SqlExamOptions.PARALLELISM), "its questions run without retrieval");
        try (var provider = providers.create()) {
            return provider.dimensions();
        }
    }
}
