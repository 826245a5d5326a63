package dev.sqlexam.evaluation;

import dev.sqlexam.llm.Generation;
import dev.sqlexam.llm.PromptTemplates;
import dev.sqlexam.llm.SqlGenerator;
import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.EvaluationTrace;
import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.PacketTable;
import dev.sqlexam.model.RepairOutcome;
import dev.sqlexam.model.SchemaContextPacket;
import dev.sqlexam.model.Stage;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.prompt.MSchemaColumns;
import dev.sqlexam.repair.RepairLoop;
import dev.sqlexam.sql.ConnectionSource;
import dev.sqlexam.sql.ReadOnlyExecutor;
import dev.sqlexam.sql.SqlReferences;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

/**
 * Candidate evaluation and repair for one question, beside {@code QuestionGrading}: validate, lint,
 * EXPLAIN (as the read-only role, in parallel) and score the candidates, repair the chosen one when
 * it failed its checks, and put it first for execution. The evaluate operator calls it; its logic
 * needs no Flink.
 */
public final class QuestionEvaluation {

    private final ConnectionSource connections;
    private final ReadOnlyExecutor executor;
    private final CandidateEvaluator.Settings settings;
    private final RepairLoop.Settings repairSettings;
    private final PromptTemplates.Sections prompt;
    private final SqlGenerator generator;
    private final Executor workers;
    private final CandidateEvaluator evaluator;
    private final RepairLoop repairLoop;
    private final Map<String, Set<String>> tablesByDatabase = new ConcurrentHashMap<>();

    /**
     * {@code generator}: asked to complete repair prompts when it can (null: deterministic repairs
     * only).
     */
    public QuestionEvaluation(
            ConnectionSource connections,
            CandidateEvaluator.Settings settings,
            RepairLoop.Settings repairSettings,
            PromptTemplates.Sections prompt,
            SqlGenerator generator,
            Executor workers) {
        this.connections = connections;
        this.executor = new ReadOnlyExecutor(connections, settings.explainTimeoutMs(), 1);
        this.settings = settings;
        this.repairSettings = repairSettings;
        this.prompt = prompt == null ? PromptTemplates.Sections.DEFAULT : prompt;
        this.generator = generator;
        this.workers = workers;
        this.evaluator = new CandidateEvaluator(settings);
        this.repairLoop = new RepairLoop(repairSettings);
    }

    /**
     * The task evaluated (and repaired), its chosen candidate first; a failure completes the future
     * exceptionally.
     */
    public CompletableFuture<GeneratedTask> evaluate(GeneratedTask task) {
        if (task.candidates().isEmpty()) return CompletableFuture.completedFuture(task);
        String db = task.task().question().db();
        return CompletableFuture.supplyAsync(() -> knownTables(db), workers)
                .thenCompose(
                        tables ->
                                evaluator
                                        .evaluate(
                                                task.task().question().question(),
                                                task.candidates(),
                                                schema(task.packet()),
                                                tables,
                                                sql ->
                                                        executor.explain(
                                                                db,
                                                                sql,
                                                                settings.explainTimeoutMs()),
                                                ValueVerifier.on(executor, db),
                                                workers)
                                        .thenApplyAsync(
                                                evaluation -> repaired(task, evaluation, tables),
                                                workers))
                .thenApply(evaluation -> evaluated(task, evaluation));
    }

    /**
     * The task going on unevaluated (its first candidate runs), with why in its trace: never a lost
     * question.
     */
    /**
     * A question whose database is a SQLite file: validation, EXPLAIN and repair are PostgreSQL's,
     * so its candidates go on as written, the first one chosen, as the benchmark's evaluator runs
     * them. Not a failure: nothing was asked of the infrastructure.
     */
    public static GeneratedTask notOnSqlite(GeneratedTask task) {
        return task.withEvaluation(
                task.candidates(),
                null,
                StageTrace.ok(
                        Stage.EVALUATE,
                        0,
                        "not evaluated: the database is a SQLite file; the first candidate runs as"
                                + " written"));
    }

    public static GeneratedTask unevaluated(GeneratedTask task, String why) {
        return task.withEvaluation(
                task.candidates(), null, StageTrace.infraFailure(Stage.EVALUATE, 0, why));
    }

    /**
     * Runs the repair loop on the chosen candidate when it failed its checks (and was not blocked).
     */
    private EvaluationTrace repaired(GeneratedTask task, EvaluationTrace e, Set<String> tables) {
        EvaluationTrace.CandidateEvaluation chosen = e.chosen();
        if (repairSettings.maxAttempts() <= 0
                || chosen == null
                || chosen.explain() != null && chosen.explain().passed()) return e;
        String db = task.task().question().db();
        CandidateEvaluator.Explainer explainer =
                sql -> executor.explain(db, sql, settings.explainTimeoutMs());
        RepairLoop.Check failure =
                CandidateEvaluator.check(chosen.sql(), tables, settings.limit(), explainer);
        if (failure.passed()) return e;
        CandidateScorer.Schema schema = schema(task.packet());
        String base =
                PromptTemplates.build(task.task().question(), task.packet(), null, prompt).user();
        String question = task.task().question().question();
        RepairLoop.Context ctx =
                new RepairLoop.Context(
                        schema.columns(),
                        task.packet() == null ? List.of() : task.packet().fkEdges(),
                        tables,
                        base,
                        sql -> QuestionAgreement.contradictions(question, sql));
        // the repair loop runs on the stage's own workers, never on Flink's task thread, so it may
        // wait for the model
        RepairLoop.Model model =
                generator == null
                        ? null
                        : generator
                                .completer()
                                .<RepairLoop.Model>map(
                                        completer ->
                                                prompt -> {
                                                    Generation answer =
                                                            completer.complete(prompt).join();
                                                    return answer.candidates().isEmpty()
                                                            ? java.util.Optional.empty()
                                                            : java.util.Optional.of(
                                                                    answer.candidates()
                                                                            .get(0)
                                                                            .sql());
                                                })
                                .orElse(null);
        RepairOutcome outcome =
                repairLoop.repair(
                        chosen.sql(),
                        failure,
                        ctx,
                        sql -> CandidateEvaluator.check(sql, tables, settings.limit(), explainer),
                        model);
        String sql =
                outcome.repaired()
                        ? StructuralValidator.validate(outcome.sql(), tables, settings.limit())
                                .sql()
                        : e.chosenSql();
        return e.withRepair(sql, outcome);
    }

    private static GeneratedTask evaluated(GeneratedTask task, EvaluationTrace e) {
        if (e.chosenIndex() == null) {
            return task.withEvaluation(
                    task.candidates(),
                    e,
                    StageTrace.failed(
                            Stage.EVALUATE,
                            "validation_block",
                            null,
                            e.durationMs(),
                            "every candidate was blocked"));
        }
        List<Candidate> ordered = new ArrayList<>();
        Candidate chosen = task.candidates().get(e.chosenIndex());
        ordered.add(
                new Candidate(
                        chosen.index(), e.chosenSql(), chosen.generator(), chosen.latencyMs()));
        for (Candidate c : task.candidates()) if (c != chosen) ordered.add(c);
        var best = e.candidates().get(e.chosenIndex());
        // every EXPLAIN that ran, however fast (one under a millisecond took 0 ms); not the skipped
        long explained =
                e.candidates().stream()
                        .filter(c -> c.explain() != null && c.explain().attempted())
                        .count();
        long passed =
                e.candidates().stream()
                        .filter(c -> c.explain() != null && c.explain().passed())
                        .count();
        String repair =
                e.repair() == null
                        ? ""
                        : e.repair().repaired()
                                ? "; repaired in "
                                        + e.repair().attempts().size()
                                        + " attempt(s) by "
                                        + e.repair()
                                                .attempts()
                                                .get(e.repair().attempts().size() - 1)
                                                .method()
                                : "; repair failed after "
                                        + e.repair().attempts().size()
                                        + " attempt(s)";
        return task.withEvaluation(
                ordered,
                e,
                StageTrace.ok(
                        Stage.EVALUATE,
                        e.durationMs(),
                        "chose candidate "
                                + e.chosenIndex()
                                + " of "
                                + e.candidates().size()
                                + " (score "
                                + best.score().total()
                                + "); EXPLAIN passed "
                                + passed
                                + " of "
                                + explained
                                + repair));
    }

    /** The packet's tables, their columns and FK join conditions, for scoring. */
    public static CandidateScorer.Schema schema(SchemaContextPacket packet) {
        Set<String> tables = new HashSet<>();
        Map<String, Set<String>> columns = new HashMap<>();
        Set<SqlReferences.JoinEquality> joins = new HashSet<>();
        if (packet != null) {
            for (PacketTable t : packet.tables()) {
                tables.add(t.name());
                Set<String> cols = new HashSet<>();
                MSchemaColumns.parse(t.mSchema()).forEach(c -> cols.add(c.name()));
                columns.put(t.name(), cols);
            }
            for (ForeignKey fk : packet.fkEdges()) {
                for (int i = 0; i < Math.min(fk.fromColumns().size(), fk.toColumns().size()); i++) {
                    joins.add(
                            SqlReferences.JoinEquality.of(
                                    fk.fromTable(),
                                    fk.fromColumns().get(i),
                                    fk.toTable(),
                                    fk.toColumns().get(i)));
                }
            }
        }
        return new CandidateScorer.Schema(tables, columns, joins);
    }

    /**
     * Every table and view the read-only role can see in the database. A lookup that fails is not
     * remembered: it fails this evaluation (an infra_failure of the evaluate stage) and the next
     * question asks again.
     */
    private Set<String> knownTables(String db) {
        return tablesByDatabase.computeIfAbsent(
                db,
                name -> {
                    try {
                        return dev.sqlexam.sql.Reconnect.within(
                                connections.reconnectWithinMs(),
                                () -> {
                                    Set<String> out = new HashSet<>();
                                    try (Connection c = connections.open(name);
                                            Statement s = c.createStatement();
                                            ResultSet rs =
                                                    s.executeQuery(
                                                            "SELECT table_name FROM information_schema.tables "
                                                                    + "WHERE table_schema NOT IN ('pg_catalog', 'information_schema')")) {
                                        while (rs.next()) out.add(rs.getString(1));
                                    }
                                    return out;
                                });
                    } catch (Exception e) {
                        String state =
                                e instanceof SQLException s ? " (" + s.getSQLState() + ")" : "";
                        throw new IllegalStateException(
                                "cannot list the tables of " + name + state + ": " + e.getMessage(),
                                e);
                    }
                });
    }
}
