package dev.sqlexam.jobs.assembly;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.ServerProbe;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.runtime.JobShipping;
import dev.sqlexam.llm.SqlGenerator;
import dev.sqlexam.pipeline.JobResources;
import dev.sqlexam.pipeline.PipelineConfig;
import dev.sqlexam.pipeline.Variants;
import dev.sqlexam.suite.SuiteSize;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The setup of every run, in the order {@link RunComposer} runs it. Migrations come first: they may
 * create a database the server probe must then see.
 */
enum StandardSteps implements SetupStep {
    /**
     * The migrations of the databases the definition names (sqlexam's own always; every sample
     * database on sqlexam's own cluster where the mode says so), what changed printed.
     */
    MIGRATIONS {
        @Override
        public ComposedRun apply(ComposedRun run) {
            RunDefinition definition = run.definition();
            if (definition.mode().migratesEverySample() && run.onOwnCluster())
                DatabaseSetup.migrate(run.admin(), run.state(), sample -> true, run.out());
            else return migrate(run, definition.databases());
            return run;
        }
    },
    /** The server: its databases, whether it is read-only, who connects. */
    SERVER_PROBE {
        @Override
        public ComposedRun apply(ComposedRun run) {
            ComposedRun probed =
                    run.withServer(ServerProbe.of(run.admin(), run.definition().databases()));
            if (probed.definition().mode().requiresNamedDatabases())
                probed.definition().databases().forEach(probed::requireOnServer);
            return probed;
        }
    },
    /**
     * Each variant's options over the command's and its generator: resolved ({@code auto} probed)
     * and reachable where the pipeline writes the SQL; the submitted SQL's where it does not.
     */
    VARIANTS {
        @Override
        public ComposedRun apply(ComposedRun run) throws Exception {
            RunDefinition definition = run.definition();
            List<ResolvedVariant> resolved = new ArrayList<>();
            Set<String> names = new LinkedHashSet<>();
            boolean onSqlite = definition.golds().onSqlite();
            for (var v : definition.variants()) {
                if (!names.add(v.name()))
                    throw new IllegalArgumentException(
                            "two variants are named '" + v.name() + "'; names must differ");
                resolved.add(
                        definition.mode().resolvesGenerators()
                                ? RunVariants.resolve(
                                        definition.mode(), definition.settings(), v, onSqlite)
                                : RunVariants.submitted(definition.settings(), v));
            }
            boolean selfCheck = definition.mode().mayBeSelfCheck();
            for (ResolvedVariant v : resolved) {
                if (!selfCheck) break;
                try (SqlGenerator generator = v.generators().create()) {
                    selfCheck = generator.selfCheck();
                }
            }
            return run.withVariants(resolved, selfCheck);
        }
    },
    /** Who reads, within which connection budget, and read access on every table a gold reads. */
    PREFLIGHT {
        @Override
        public ComposedRun apply(ComposedRun run) throws Exception {
            RunDefinition definition = run.definition();
            var tables =
                    definition
                            .golds()
                            .tables(run.admin(), run.serverDatabases(), definition.databases());
            return run.withPreflight(
                    Preflight.checked(
                            run.sharedSettings(), run.admin(), run.server(), tables, run.out()));
        }
    },
    /**
     * The databases on the server indexed for every embedding model the variants use (a no-op where
     * fresh), each model's vector size probed while the index is checked.
     */
    INDEX {
        @Override
        public boolean appliesTo(ComposedRun run) {
            boolean selfCheckOnly =
                    run.selfCheck()
                            && !run.definition()
                                    .settings()
                                    .get(SqlExamOptions.SELF_CHECK_RETRIEVAL);
            return run.definition().mode().indexes(run.definition().settings()) && !selfCheckOnly;
        }

        @Override
        public ComposedRun apply(ComposedRun run) {
            Map<String, EmbeddingProviders> models = new LinkedHashMap<>();
            for (ResolvedVariant v : run.variants()) {
                EmbeddingProviders e = EmbeddingProviders.from(v.settings());
                models.putIfAbsent(e.modelName(), e);
            }
            Map<String, Integer> sizes = new LinkedHashMap<>();
            for (EmbeddingProviders model : models.values()) {
                CompletableFuture<Integer> size =
                        CompletableFuture.supplyAsync(() -> RunVariants.dimensions(model, ""));
                ensureIndexed(run, model, run.databasesOnServer());
                sizes.put(model.modelName(), joined(size));
            }
            return run.withDimensions(sizes);
        }
    },
    /** Each exam database's test suite, found cached or built (when the settings ask for them). */
    TEST_SUITES {
        @Override
        public boolean appliesTo(ComposedRun run) {
            String size = run.definition().settings().get(SqlExamOptions.TEST_SUITE_SIZE);
            return run.definition().mode().buildsTestSuites() && !SuiteSize.parse(size).off();
        }

        @Override
        public ComposedRun apply(ComposedRun run) {
            if (run.definition().golds().onSqlite())
                throw new IllegalArgumentException(
                        "--test-suite builds fuzzed databases on PostgreSQL, and this exam set's"
                                + " questions are on SQLite files: on those, --test-suite-dir DIR"
                                + " grades on the official test-suite databases (every *.sqlite of"
                                + " a question's database folder); --test-suite stays for"
                                + " PostgreSQL databases (an import with --into-postgres)");
            return run.withSuites(
                    TestSuitePreparation.prepare(
                            run.definition().settings(),
                            run.admin(),
                            run.preflight().reader(),
                            run.preflight().connections(),
                            run.state(),
                            run.definition().golds().questions(null),
                            run.out()));
        }
    },
    /**
     * What the variants share: this server as the workers reach it, who reads within which budget,
     * pools and execution limits, the vector sizes, the test suites.
     */
    RESOURCES {
        @Override
        public ComposedRun apply(ComposedRun run) {
            JobShipping shipping = run.definition().shipping();
            Settings settings = run.sharedSettings();
            var reader = run.preflight().reader();
            String probe = reader.url().perDatabase() ? "postgres" : reader.url().fixedDatabase();
            JobResources resources =
                    JobResources.builder(
                                    shipping.url(run.admin(), probe), shipping.state(run.state()))
                            .migrations(shipping.migrations(Home.migrations()))
                            .reader(shipping.reader(reader, probe), run.preflight().connections())
                            .poolSize(settings.get(SqlExamOptions.ASYNC_CAPACITY))
                            .limits(
                                    settings.get(SqlExamOptions.STATEMENT_TIMEOUT_MS),
                                    settings.get(SqlExamOptions.ROW_CAP))
                            .adaptiveTimeout(run.definition().limits().adaptiveTimeout())
                            .dimensions(run.dimensions())
                            .build();
            if (run.suites().isPresent()) {
                var suites = run.suites().get();
                String home = resources.state().database();
                resources =
                        resources.withSuites(
                                suites.withAccess(
                                        resources.state().server(),
                                        shipping.reader(suites.reader(), home)));
            }
            return run.withResources(resources);
        }
    },
    /** Each variant's pipeline on the shared resources; execution rules as the mode says. */
    CONFIGS {
        @Override
        public ComposedRun apply(ComposedRun run) {
            boolean own = run.definition().mode().executionRulesOfTheSettings();
            JobShipping shipping = run.definition().shipping();
            Map<String, PipelineConfig> byName = new LinkedHashMap<>();
            for (ResolvedVariant v : run.variants()) {
                Settings s = v.settings();
                byName.put(
                        v.name(),
                        PipelineConfig.from(
                                v.name(),
                                v.variant().description(),
                                s,
                                shipping.generators(v.generators()),
                                run.resources(),
                                own && s.get(SqlExamOptions.PASS_AT_K),
                                own ? s.get(SqlExamOptions.EXECUTION_FALLBACKS) : 0));
            }
            return run.withConfigs(Variants.of(byName));
        }
    };

    @Override
    public boolean appliesTo(ComposedRun run) {
        return true;
    }

    /**
     * Applies the migrations of {@code databases} not migrated yet in this run (sqlexam's own the
     * first time); returns the run that knows them migrated.
     */
    static ComposedRun migrate(ComposedRun run, Collection<String> databases) {
        Set<String> fresh = run.notYetMigrated(databases);
        if (fresh.isEmpty() && !run.stateToMigrate()) return run;
        DatabaseSetup.migrate(run.admin(), run.state(), fresh::contains, run.out());
        return run.migrated(fresh);
    }

    /** Indexes {@code databases} for the run's embedding model(s) where the index is not fresh. */
    static void index(ComposedRun run, Collection<String> databases) {
        Set<String> done = new TreeSet<>();
        for (ResolvedVariant v : run.variants()) {
            EmbeddingProviders model = EmbeddingProviders.from(v.settings());
            if (done.add(model.modelName())) ensureIndexed(run, model, databases);
        }
    }

    private static void ensureIndexed(
            ComposedRun run, EmbeddingProviders model, Collection<String> databases) {
        DatabaseSetup.ensureIndexed(
                run.admin(),
                run.state(),
                model,
                databases,
                run.definition().settings().get(SqlExamOptions.PARALLELISM),
                run.definition().mode().withoutIndex(),
                run.out());
    }

    private static int joined(CompletableFuture<Integer> size) {
        try {
            return size.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }
}
