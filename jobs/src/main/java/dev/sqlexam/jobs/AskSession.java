package dev.sqlexam.jobs;

import dev.sqlexam.config.JobFiles;
import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.Migrations;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.pipeline.JobResources;
import dev.sqlexam.pipeline.PipelineConfig;
import dev.sqlexam.pipeline.QuestionPipeline;
import dev.sqlexam.llm.GeneratorSelection;
import dev.sqlexam.llm.Generators;
import dev.sqlexam.model.ExamQuestion;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * An exam's setup for questions asked one at a time ({@code ask}, {@code mcp}): one variant's settings, its generator
 * resolved and reachable, who reads and within which connection budget (the exam's pre-flight, granting read access
 * on the gold tables it is given), and each database migrated and indexed before its first question. Every question
 * then goes through {@link QuestionPipeline} in this JVM, opened once. Notes go to {@code notes}, never to stdout's
 * answer (an MCP server's stdout is its protocol).
 */
public final class AskSession implements AutoCloseable {

    private final Settings settings;
    private final JdbcUrlTemplate admin;
    private final String control;
    private final Set<String> serverDatabases;
    private final Generators generators;
    private final EmbeddingProviders embeddings;
    private final QuestionPipeline pipeline;
    private final PrintStream notes;
    private final Set<String> prepared = new HashSet<>();

    private AskSession(Settings settings, JdbcUrlTemplate admin, String control, Set<String> serverDatabases, Generators generators,
            EmbeddingProviders embeddings, QuestionPipeline pipeline, PrintStream notes) {
        this.settings = settings;
        this.admin = admin;
        this.control = control;
        this.serverDatabases = serverDatabases;
        this.generators = generators;
        this.embeddings = embeddings;
        this.pipeline = pipeline;
        this.notes = notes;
    }

    /**
     * Opens a session for {@code variant} over {@code base}. {@code graded}: questions with gold that may be asked (read
     * access to their golds' tables is checked, and granted where the exam would); their databases and {@code databases}
     * are prepared at once, others before their first question.
     */
    public static AskSession open(Settings base, RunManifest.Variant variant, List<ExamQuestion> graded, Set<String> databases,
            PrintStream notes) throws Exception {
        Settings own;
        try {
            own = variant.options().isEmpty() ? base : base.withVariant(variant.options());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("variant " + variant.name() + ": " + e.getMessage(), e);
        }
        // the embedding model loads (a second or more) while the server is checked
        EmbeddingProviders embeddings = WatchRun.embeddings(own);
        java.util.concurrent.CompletableFuture<Integer> dimensions = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try (var provider = embeddings.create()) {
                return provider.dimensions();
            }
        });
        JdbcUrlTemplate admin = new JdbcUrlTemplate(own.get(SqlExamOptions.JDBC_URL));
        String control = own.get(SqlExamOptions.RESULTS_DB);
        Set<String> serverDatabases = admin.perDatabase() ? Preflight.listDatabases(admin.forDatabase(control)) : null;
        Set<String> named = new TreeSet<>(databases);
        for (ExamQuestion q : graded) named.add(admin.perDatabase() ? q.db() : admin.fixedDatabase());
        for (String db : named) requireOnServer(db, serverDatabases);
        migrate(admin, named, notes);
        Map<String, Set<String>> goldTables = new java.util.TreeMap<>(Preflight.goldTables(admin, graded));
        for (String db : named) goldTables.putIfAbsent(db, Set.of());
        Preflight.Result preflight = Preflight.run(own, admin, control, goldTables, notes);
        Generators generators = GeneratorSelection.resolve(Generators.from(own));
        GeneratorSelection.requireReachable(generators);
        Path migrations = Home.resolve().resolve("migrations");
        JobResources resources = new JobResources(admin, control, JobFiles.local(migrations), preflight.reader(), preflight.connections(),
                own.get(SqlExamOptions.ASYNC_CAPACITY), own.get(SqlExamOptions.STATEMENT_TIMEOUT_MS), own.get(SqlExamOptions.ROW_CAP), null,
                Map.of(embeddings.modelName(), loaded(dimensions, embeddings)));
        PipelineConfig config = PipelineConfig.from(variant.name(), variant.description(), own, generators, resources,
                own.get(SqlExamOptions.PASS_AT_K), own.get(SqlExamOptions.EXECUTION_FALLBACKS));
        AskSession session = new AskSession(own, admin, control, serverDatabases, generators, embeddings,
                new QuestionPipeline(config, own.get(SqlExamOptions.ASYNC_TIMEOUT_MS)), notes);
        for (String db : named) session.prepare(db);
        return session;
    }

    /** One question through every stage (up to EXPLAIN with {@code explainOnly}); its database is prepared first if new. */
    public synchronized QuestionPipeline.Answer ask(String runId, ExamQuestion question, boolean explainOnly, QuestionPipeline.Listener listener)
            throws Exception {
        if (question.db() == null || question.db().isBlank()) throw new IllegalArgumentException("the question names no database");
        requireOnServer(question.db(), serverDatabases);
        prepare(question.db());
        return pipeline.ask(runId, question, explainOnly, listener);
    }

    /** Grades {@code sql} as the answer to a question with gold, as {@code grade} grades a predictions file. */
    public synchronized dev.sqlexam.model.ExamRecord grade(String runId, ExamQuestion question, String sql, String source) {
        requireOnServer(question.db(), serverDatabases);
        prepare(question.db());
        return pipeline.grade(runId, question, sql, source);
    }

    /** The database a question goes to when none is named: the URL's own, else erp when the server has it. */
    public String defaultDatabase() {
        if (!admin.perDatabase()) return admin.fixedDatabase();
        if (serverDatabases.contains("erp")) return "erp";
        throw new IllegalArgumentException("name the database (the server has: " + String.join(", ", databases()) + ")");
    }

    /** The server's databases questions may go to (the control database excluded); the URL's one when it names one. */
    public List<String> databases() {
        if (!admin.perDatabase()) return List.of(admin.fixedDatabase());
        Set<String> out = new TreeSet<>(serverDatabases);
        out.remove(control);
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
        return new TableDescriptions(admin, control, embeddings.modelName());
    }

    private synchronized void prepare(String db) {
        if (!prepared.add(db)) return;
        migrate(admin, Set.of(db), notes);
        new IndexRun(admin, control, embeddings, Home.resolve().resolve("migrations"), notes)
                .ensure(List.of(db), settings.get(SqlExamOptions.PARALLELISM), "its questions run without retrieval");
    }

    private static int loaded(java.util.concurrent.CompletableFuture<Integer> dimensions, EmbeddingProviders embeddings) {
        try {
            return dimensions.join();
        } catch (java.util.concurrent.CompletionException e) {
            throw new IllegalStateException("cannot load the embedding model " + embeddings.modelName() + ": " + e.getCause().getMessage(), e.getCause());
        }
    }

    private static void migrate(JdbcUrlTemplate admin, Set<String> databases, PrintStream notes) {
        try {
            for (Migrations.Report r : Migrations.migrate(admin, Home.resolve().resolve("migrations"), databases::contains)) {
                if (r.note() != null) notes.println("[sqlexam] migrations " + r.database() + ": " + r.note());
                else if (r.applied() > 0) notes.println("[sqlexam] migrations " + r.database() + ": applied " + r.applied());
            }
        } catch (Exception e) {
            throw new IllegalStateException("cannot migrate " + databases + ": " + e.getMessage(), e);
        }
    }

    private static void requireOnServer(String db, Set<String> serverDatabases) {
        if (serverDatabases != null && !serverDatabases.contains(db)) {
            throw new IllegalArgumentException("database '" + db + "' is not on the server (it has: " + String.join(", ", new TreeSet<>(serverDatabases)) + ")");
        }
    }

    @Override
    public void close() {
        pipeline.close();
    }
}
