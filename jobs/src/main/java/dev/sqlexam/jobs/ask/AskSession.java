package dev.sqlexam.jobs.ask;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ServerProbe;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.jobs.assembly.PipelineAssembly;
import dev.sqlexam.jobs.run.Preflight;
import dev.sqlexam.jobs.run.RunManifest;
import dev.sqlexam.jobs.runtime.JobShipping;
import dev.sqlexam.llm.Generators;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.pipeline.JobResources;
import dev.sqlexam.pipeline.PipelineConfig;
import dev.sqlexam.pipeline.QuestionPipeline;

import java.io.PrintStream;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * An exam's setup for questions asked one at a time ({@code ask}, {@code mcp}): one variant's
 * settings, its generator resolved and reachable, who reads and within which connection budget (the
 * exam's pre-flight, granting read access on the gold tables it is given), and each database
 * migrated and indexed before its first question. Every question then goes through {@link
 * QuestionPipeline} in this JVM, opened once. Notes go to {@code notes}, never to stdout's answer
 * (an MCP server's stdout is its protocol).
 */
public final class AskSession implements AutoCloseable {

    private final Settings settings;
    private final PipelineAssembly assembly;
    private final JdbcUrlTemplate admin;
    private final StateDatabase state;
    private final Set<String> serverDatabases;
    private final Generators generators;
    private final EmbeddingProviders embeddings;
    private final QuestionPipeline pipeline;
    private final PrintStream notes;
    private final Set<String> prepared = new HashSet<>();
    private final Set<String> migrated = new HashSet<>();

    private AskSession(
            Settings settings,
            PipelineAssembly assembly,
            Set<String> serverDatabases,
            Generators generators,
            EmbeddingProviders embeddings,
            QuestionPipeline pipeline,
            PrintStream notes) {
        this.settings = settings;
        this.assembly = assembly;
        this.admin = assembly.admin();
        this.state = assembly.state();
        this.serverDatabases = serverDatabases;
        this.generators = generators;
        this.embeddings = embeddings;
        this.pipeline = pipeline;
        this.notes = notes;
    }

    /**
     * Opens a session for {@code variant} over {@code base}. {@code graded}: questions with gold
     * that may be asked (read access to their golds' tables is checked, and granted where the exam
     * would); their databases and {@code databases} are prepared at once, others before their first
     * question.
     */
    public static AskSession open(
            Settings base,
            RunManifest.Variant variant,
            List<ExamQuestion> graded,
            Set<String> databases,
            PrintStream notes)
            throws Exception {
        PipelineAssembly assembly = PipelineAssembly.of(base, PipelineAssembly.Mode.ASK, notes);
        PipelineAssembly.Variant resolved = assembly.variant(base, variant);
        Settings own = resolved.settings();
        // the embedding model loads (a second or more) while the server is checked
        EmbeddingProviders embeddings = EmbeddingProviders.from(own);
        CompletableFuture<Integer> dimensions =
                CompletableFuture.supplyAsync(() -> PipelineAssembly.dimensions(embeddings, ""));
        JdbcUrlTemplate admin = assembly.admin();
        Set<String> named = new TreeSet<>(databases);
        for (ExamQuestion q : graded)
            named.add(admin.perDatabase() ? q.db() : admin.fixedDatabase());
        ServerProbe server = ServerProbe.of(admin, named);
        Set<String> serverDatabases = admin.perDatabase() ? server.databases() : null;
        for (String db : named) requireOnServer(db, serverDatabases);
        assembly.migrate(named::contains);
        Map<String, Set<String>> goldTables = new TreeMap<>(Preflight.goldTables(admin, graded));
        for (String db : named) goldTables.putIfAbsent(db, Set.of());
        Preflight.Result preflight = Preflight.run(own, admin, server, goldTables, notes);
        JobResources resources =
                assembly.resources(
                        JobShipping.LOCAL,
                        preflight.reader(),
                        preflight.connections(),
                        own,
                        null,
                        Map.of(embeddings.modelName(), loaded(dimensions)));
        PipelineConfig config = assembly.config(resolved, resources, JobShipping.LOCAL);
        AskSession session =
                new AskSession(
                        own,
                        assembly,
                        serverDatabases,
                        resolved.generators(),
                        embeddings,
                        new QuestionPipeline(config, own.get(SqlExamOptions.ASYNC_TIMEOUT_MS)),
                        notes);
        session.migrated.addAll(named); // migrated above, before the pre-flight: not again
        for (String db : named) session.prepare(db);
        return session;
    }

    /**
     * One question through every stage (up to EXPLAIN with {@code explainOnly}); its database is
     * prepared first if new.
     */
    public synchronized QuestionPipeline.Answer ask(
            String runId,
            ExamQuestion question,
            boolean explainOnly,
            QuestionPipeline.Listener listener)
            throws Exception {
        if (question.db() == null || question.db().isBlank())
            throw new IllegalArgumentException("the question names no database");
        requireOnServer(question.db(), serverDatabases);
        prepare(question.db());
        return pipeline.ask(runId, question, explainOnly, listener);
    }

    /**
     * Grades {@code sql} as the answer to a question with gold, as {@code grade} grades a
     * predictions file.
     */
    public synchronized dev.sqlexam.model.ExamRecord grade(
            String runId, ExamQuestion question, String sql, String source) {
        requireOnServer(question.db(), serverDatabases);
        prepare(question.db());
        return pipeline.grade(runId, question, sql, source);
    }

    /**
     * The database a question goes to when none is named: the URL's own, else erp when the server
     * has it.
     */
    public String defaultDatabase() {
        if (!admin.perDatabase()) return admin.fixedDatabase();
        if (serverDatabases.contains("erp")) return "erp";
        throw new IllegalArgumentException(
                "name the database (the server has: " + String.join(", ", databases()) + ")");
    }

    /**
     * The server's databases questions may go to (sqlexam's state database excluded); the URL's one
     * when it names one.
     */
    public List<String> databases() {
        if (!admin.perDatabase()) return List.of(admin.fixedDatabase());
        Set<String> out = new TreeSet<>(serverDatabases);
        if (state.sameServerAs(admin)) out.remove(state.database());
        return List.copyOf(out);
    }

    public Generators generators() {
        return generators;
    }

    public Settings settings() {
        return settings;
    }

    public PipelineConfig config() {
        return pipeline.config();
    }

    public TableDescriptions tables() {
        return new TableDescriptions(state, embeddings.modelName());
    }

    private synchronized void prepare(String db) {
        if (!prepared.add(db)) return;
        if (migrated.add(db)) assembly.migrate(db::equals);
        assembly.ensureIndexed(
                embeddings,
                List.of(db),
                settings.get(SqlExamOptions.PARALLELISM),
                "its questions run without retrieval");
    }

    private static int loaded(CompletableFuture<Integer> dimensions) {
        try {
            return dimensions.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    private static void requireOnServer(String db, Set<String> serverDatabases) {
        if (serverDatabases != null && !serverDatabases.contains(db)) {
            throw new IllegalArgumentException(
                    "database '"
                            + db
                            + "' is not on the server (it has: "
                            + String.join(", ", new TreeSet<>(serverDatabases))
                            + ")");
        }
    }

    @Override
    public void close() {
        pipeline.close();
    }
}
