package dev.sqlexam.jobs.ask;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.jobs.assembly.ComposedRun;
import dev.sqlexam.jobs.assembly.Golds;
import dev.sqlexam.jobs.assembly.ResolvedVariant;
import dev.sqlexam.jobs.assembly.RunComposer;
import dev.sqlexam.jobs.assembly.RunDefinition;
import dev.sqlexam.jobs.assembly.RunMode;
import dev.sqlexam.jobs.run.Variant;
import dev.sqlexam.llm.Generators;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.pipeline.PipelineConfig;
import dev.sqlexam.pipeline.QuestionPipeline;

import java.io.PrintStream;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * An exam's setup for questions asked one at a time ({@code ask}, {@code mcp}): one variant's
 * settings, its generator resolved and reachable, who reads and within which connection budget (the
 * exam's pre-flight, granting read access on the gold tables it is given), and each database
 * migrated and indexed before its first question. Every question then goes through {@link
 * QuestionPipeline} in this JVM, opened once. Notes go to {@code notes}, never to stdout's answer
 * (an MCP server's stdout is its protocol).
 */
public final class AskSession implements AutoCloseable {

    private volatile ComposedRun run;
    private final Settings settings;
    private final Set<String> serverDatabases;
    private final Generators generators;
    private final EmbeddingProviders embeddings;
    private final QuestionPipeline pipeline;
    private final Set<String> prepared = new HashSet<>();

    private AskSession(ComposedRun run) {
        this.run = run;
        ResolvedVariant variant = run.variants().get(0);
        this.settings = variant.settings();
        this.serverDatabases = run.serverDatabases();
        this.generators = variant.generators();
        this.embeddings = EmbeddingProviders.from(settings);
        this.pipeline =
                new QuestionPipeline(
                        run.configs().reference(), settings.get(SqlExamOptions.ASYNC_TIMEOUT_MS));
        this.prepared.addAll(run.definition().databases());
    }

    /**
     * Opens a session for {@code variant} over {@code base}. {@code graded}: questions with gold
     * that may be asked (read access to their golds' tables is checked, and granted where the exam
     * would); their databases and {@code databases} are prepared at once, others before their first
     * question.
     */
    public static AskSession open(
            Settings base,
            Variant variant,
            List<ExamQuestion> graded,
            Set<String> databases,
            PrintStream notes)
            throws Exception {
        return open(RunComposer.standard(), base, variant, graded, databases, notes);
    }

    /** The same, set up by {@code composer}. */
    public static AskSession open(
            RunComposer composer,
            Settings base,
            Variant variant,
            List<ExamQuestion> graded,
            Set<String> databases,
            PrintStream notes)
            throws Exception {
        JdbcUrlTemplate admin = new JdbcUrlTemplate(base.get(SqlExamOptions.JDBC_URL));
        Set<String> named = new TreeSet<>(databases);
        for (ExamQuestion q : graded)
            named.add(admin.perDatabase() ? q.db() : admin.fixedDatabase());
        RunDefinition plan =
                RunDefinition.of(RunMode.ASK, base, List.of(variant), named, Golds.of(graded));
        return new AskSession(composer.compose(plan, notes));
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
        run.requireOnServer(question.db());
        prepare(question.db());
        return pipeline.ask(runId, question, explainOnly, listener);
    }

    /**
     * Grades {@code sql} as the answer to a question with gold, as {@code grade} grades a
     * predictions file.
     */
    public synchronized ExamRecord grade(
            String runId, ExamQuestion question, String sql, String source) {
        run.requireOnServer(question.db());
        prepare(question.db());
        return pipeline.grade(runId, question, sql, source);
    }

    /**
     * The database a question goes to when none is named: the URL's own, else erp when the server
     * has it.
     */
    public String defaultDatabase() {
        JdbcUrlTemplate admin = run.admin();
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
        JdbcUrlTemplate admin = run.admin();
        if (!admin.perDatabase()) return List.of(admin.fixedDatabase());
        Set<String> out = new TreeSet<>(serverDatabases);
        if (run.state().sameServerAs(admin)) out.remove(run.state().database());
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
        return new TableDescriptions(run.state(), embeddings.modelName());
    }

    private synchronized void prepare(String db) {
        if (prepared.add(db)) run = run.withDatabase(db);
    }

    @Override
    public void close() {
        pipeline.close();
    }
}
