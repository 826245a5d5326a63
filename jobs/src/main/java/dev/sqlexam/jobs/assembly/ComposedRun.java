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
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A run as {@link RunComposer} set it up: its definition, then what each step found (the server and
 * its databases, who reads within which budget, the variants, the embedding models' vector sizes,
 * the test suites, the shared resources and each variant's pipeline). Parts a step skipped stay
 * empty (null suites, no dimensions). Notes go to the stream given (never an MCP server's stdout).
 */
public final class ComposedRun {

    private final RunDefinition definition;
    private final PrintStream out;
    private final JdbcUrlTemplate admin;
    private final StateDatabase state;
    private final List<String> stepsRun = new ArrayList<>();
    private final Set<String> migrated = new HashSet<>();
    private boolean stateMigrated;
    private ServerProbe server;
    private Preflight.Result preflight;
    private List<ResolvedVariant> variants = List.of();
    private boolean selfCheck;
    private final Map<String, Integer> dimensions = new LinkedHashMap<>();
    private TestSuites suites;
    private JobResources resources;
    private Variants<PipelineConfig> configs;

    ComposedRun(RunDefinition definition, PrintStream out) {
        this.definition = definition;
        this.out = out;
        this.admin = new JdbcUrlTemplate(definition.settings().get(SqlExamOptions.JDBC_URL));
        this.state = StateDatabase.from(definition.settings());
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
        return List.copyOf(stepsRun);
    }

    public ServerProbe server() {
        return server;
    }

    /** The server's databases when the URL has {@code {db}}; null when it names one. */
    public Set<String> serverDatabases() {
        return admin.perDatabase() && server != null ? server.databases() : null;
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
        return preflight;
    }

    public List<ResolvedVariant> variants() {
        return variants;
    }

    /** Every variant's generator is the gold self-check. */
    public boolean selfCheck() {
        return selfCheck;
    }

    /** The vector size of each embedding model the run retrieves with (none: no retrieval). */
    public Map<String, Integer> dimensions() {
        return Map.copyOf(dimensions);
    }

    /** The run's test suites (null: none built). */
    public TestSuites suites() {
        return suites;
    }

    public JobResources resources() {
        return resources;
    }

    public Variants<PipelineConfig> configs() {
        return configs;
    }

    /**
     * The settings every variant shares: the command's, or the one variant's where the mode runs
     * one.
     */
    public Settings sharedSettings() {
        return definition.mode().runsOneVariant()
                ? variants.get(0).settings()
                : definition.settings();
    }

    /**
     * Sets up a database the definition did not name, before its first question: its migrations and
     * its index, as the steps would have.
     */
    public synchronized void addDatabase(String db) {
        StandardSteps.migrate(this, Set.of(db));
        if (!dimensions.isEmpty()) StandardSteps.index(this, Set.of(db));
    }

    void ran(String step) {
        stepsRun.add(step);
    }

    /** True the first time: sqlexam's own database is migrated once per run, first. */
    boolean firstMigration() {
        boolean first = !stateMigrated;
        stateMigrated = true;
        return first;
    }

    /** Marks {@code databases} migrated; returns those that were not yet. */
    Set<String> newlyMigrated(Collection<String> databases) {
        Set<String> fresh = new TreeSet<>();
        for (String db : databases) if (migrated.add(db)) fresh.add(db);
        return fresh;
    }

    void server(ServerProbe probe) {
        this.server = probe;
    }

    void preflight(Preflight.Result result) {
        this.preflight = result;
    }

    void variants(List<ResolvedVariant> resolved, boolean allSelfCheck) {
        this.variants = List.copyOf(resolved);
        this.selfCheck = allSelfCheck;
    }

    void dimension(String model, int size) {
        dimensions.put(model, size);
    }

    void suites(TestSuites built) {
        this.suites = built;
    }

    void resources(JobResources shared) {
        this.resources = shared;
    }

    void configs(Variants<PipelineConfig> byName) {
        this.configs = byName;
    }
}
