package dev.sqlexam.jobs.assembly;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ServerProbe;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.pipeline.JobResources;
import dev.sqlexam.pipeline.PipelineConfig;
import dev.sqlexam.pipeline.Variants;
import dev.sqlexam.suite.TestSuites;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * A run as {@link RunComposer} set it up: its definition, then what each step found (the server and
 * its databases, who reads within which budget, the variants, the embedding models' vector sizes,
 * the test suites, the shared resources and each variant's pipeline). Immutable: each step returns
 * a new value, and so does {@link #withDatabase} for a database named after composing. Parts a step
 * skipped stay empty (no suites, no dimensions). Notes go to the stream given (never an MCP
 * server's stdout).
 */
public final class ComposedRun {

    private final RunDefinition definition;
    private final PrintStream out;
    private final JdbcUrlTemplate admin;
    private final StateDatabase state;
    private final Found found;

    /** What the steps found, copied and changed by one step at a time. */
    private static final class Found {
        List<String> stepsRun = List.of();
        Set<String> migrated = Set.of();
        boolean stateMigrated;
        ServerProbe server;
        Preflight.Result preflight;
        List<ResolvedVariant> variants = List.of();
        boolean selfCheck;
        Map<String, Integer> dimensions = Map.of();
        TestSuites suites;
        JobResources resources;
        Variants<PipelineConfig> configs;

        Found copy() {
            Found c = new Found();
            c.stepsRun = stepsRun;
            c.migrated = migrated;
            c.stateMigrated = stateMigrated;
            c.server = server;
            c.preflight = preflight;
            c.variants = variants;
            c.selfCheck = selfCheck;
            c.dimensions = dimensions;
            c.suites = suites;
            c.resources = resources;
            c.configs = configs;
            return c;
        }
    }

    ComposedRun(RunDefinition definition, PrintStream out) {
        this(
                definition,
                out,
                new JdbcUrlTemplate(definition.settings().get(SqlExamOptions.JDBC_URL)),
                StateDatabase.from(definition.settings()),
                new Found());
    }

    private ComposedRun(
            RunDefinition definition,
            PrintStream out,
            JdbcUrlTemplate admin,
            StateDatabase state,
            Found found) {
        this.definition = definition;
        this.out = out;
        this.admin = admin;
        this.state = state;
        this.found = found;
    }

    private ComposedRun with(Consumer<Found> change) {
        Found next = found.copy();
        change.accept(next);
        return new ComposedRun(definition, out, admin, state, next);
    }

    public RunDefinition definition() {
        return definition;
    }

    public PrintStream out() {
        return out;
    }

    public JdbcUrlTemplate admin() {
        return admin;
    }

    public StateDatabase state() {
        return state;
    }

    /** Whether the run grades on sqlexam's own cluster (the URL is the default one). */
    public boolean onOwnCluster() {
        return definition
                .settings()
                .get(SqlExamOptions.JDBC_URL)
                .equals(SqlExamOptions.JDBC_URL.defaultValue());
    }

    /** The steps that ran, in order. */
    public List<String> stepsRun() {
        return found.stepsRun;
    }

    public ServerProbe server() {
        return found.server;
    }

    /** The server's databases when the URL has {@code {db}}; null when it names one. */
    public Set<String> serverDatabases() {
        return admin.perDatabase() && found.server != null ? found.server.databases() : null;
    }

    /** Refuses {@code db} when the URL has {@code {db}} and the server has no such database. */
    public void requireOnServer(String db) {
        Set<String> onServer = serverDatabases();
        if (onServer != null && !onServer.contains(db)) {
            throw new IllegalArgumentException(
                    "database '"
                            + db
                            + "' is not on the server (it has: "
                            + String.join(", ", new TreeSet<>(onServer))
                            + ")");
        }
    }

    /** The definition's databases that are on the server. */
    public Set<String> databasesOnServer() {
        Set<String> on = new TreeSet<>(definition.databases());
        if (serverDatabases() != null) on.retainAll(serverDatabases());
        return on;
    }

    public Preflight.Result preflight() {
        return found.preflight;
    }

    public List<ResolvedVariant> variants() {
        return found.variants;
    }

    /** Every variant's generator is the gold self-check. */
    public boolean selfCheck() {
        return found.selfCheck;
    }

    /** The vector size of each embedding model the run retrieves with (none: no retrieval). */
    public Map<String, Integer> dimensions() {
        return found.dimensions;
    }

    /** The run's test suites, when the settings asked for them. */
    public Optional<TestSuites> suites() {
        return Optional.ofNullable(found.suites);
    }

    public JobResources resources() {
        return found.resources;
    }

    public Variants<PipelineConfig> configs() {
        return found.configs;
    }

    /** The variants' generators, each named once, comma-separated. */
    public String generatorNames() {
        return String.join(
                ", ", found.variants.stream().map(v -> v.generators().name()).distinct().toList());
    }

    /** Why the generator was chosen: the one variant's reason, else "per variant". */
    public String generatorReason() {
        return found.variants.size() == 1
                ? found.variants.get(0).generators().reason()
                : "per variant";
    }

    /**
     * The settings every variant shares: the command's, or the one variant's where the mode runs
     * one.
     */
    public Settings sharedSettings() {
        return definition.mode().runsOneVariant()
                ? found.variants.get(0).settings()
                : definition.settings();
    }

    /**
     * This run with a database the definition did not name set up, before its first question: its
     * migrations and its index, as the steps would have.
     */
    public ComposedRun withDatabase(String db) {
        ComposedRun migrated = StandardSteps.migrate(this, Set.of(db));
        if (!found.dimensions.isEmpty()) StandardSteps.index(migrated, Set.of(db));
        return migrated;
    }

    ComposedRun ran(String step) {
        List<String> steps = new ArrayList<>(found.stepsRun);
        steps.add(step);
        return with(f -> f.stepsRun = List.copyOf(steps));
    }

    /** Whether sqlexam's own database is still to migrate (once per run, first). */
    boolean stateToMigrate() {
        return !found.stateMigrated;
    }

    /** Those of {@code databases} not migrated yet in this run. */
    Set<String> notYetMigrated(Collection<String> databases) {
        Set<String> fresh = new TreeSet<>(databases);
        fresh.removeAll(found.migrated);
        return fresh;
    }

    ComposedRun migrated(Collection<String> databases) {
        Set<String> all = new TreeSet<>(found.migrated);
        all.addAll(databases);
        return with(
                f -> {
                    f.migrated = Set.copyOf(all);
                    f.stateMigrated = true;
                });
    }

    ComposedRun withServer(ServerProbe probe) {
        return with(f -> f.server = probe);
    }

    ComposedRun withPreflight(Preflight.Result result) {
        return with(f -> f.preflight = result);
    }

    ComposedRun withVariants(List<ResolvedVariant> resolved, boolean allSelfCheck) {
        return with(
                f -> {
                    f.variants = List.copyOf(resolved);
                    f.selfCheck = allSelfCheck;
                });
    }

    ComposedRun withDimensions(Map<String, Integer> sizes) {
        Map<String, Integer> ordered = Collections.unmodifiableMap(new LinkedHashMap<>(sizes));
        return with(f -> f.dimensions = ordered);
    }

    ComposedRun withSuites(TestSuites built) {
        return with(f -> f.suites = built);
    }

    ComposedRun withResources(JobResources shared) {
        return with(f -> f.resources = shared);
    }

    ComposedRun withConfigs(Variants<PipelineConfig> byName) {
        return with(f -> f.configs = byName);
    }
}
