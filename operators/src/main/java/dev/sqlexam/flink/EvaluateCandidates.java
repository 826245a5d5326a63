package dev.sqlexam.flink;

import dev.sqlexam.model.Stage;
import dev.sqlexam.model.RepairOutcome;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.evaluation.CandidateEvaluator;
import dev.sqlexam.evaluation.CandidateScorer;
import dev.sqlexam.llm.Generation;
import dev.sqlexam.llm.PromptTemplates;
import dev.sqlexam.llm.SqlGenerator;
import dev.sqlexam.model.Candidate;
import dev.sqlexam.repair.RepairLoop;
import dev.sqlexam.model.EvaluationTrace;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.PacketTable;
import dev.sqlexam.model.SchemaContextPacket;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.prompt.MSchemaColumns;
import dev.sqlexam.model.ForeignKey;
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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.async.RichAsyncFunction;

/**
 * Stage 5: validates, lints, EXPLAINs (as the read-only role, in parallel) and scores each question's
 * candidates, and puts the chosen one first for execution. A failure here never loses the question:
 * it goes on unevaluated, with the failure in its trace.
 */
public final class EvaluateCandidates extends RichAsyncFunction<GeneratedTask, GeneratedTask> {

    private final EvaluationSpec spec;
    private transient PooledConnections connections;
    private transient ExecutorService workers;
    private transient ReadOnlyExecutor executor;
    private transient CandidateEvaluator evaluator;
    private transient Map<String, Set<String>> tablesByDatabase;
    private transient SqlGenerator generator;
    private transient RepairLoop repairLoop;

    public EvaluateCandidates(EvaluationSpec spec) {
        this.spec = spec;
    }

    @Override
    public void open(OpenContext openContext) {
        connections = new PooledConnections(spec.reader().url(), spec.reader().initSql(), true, spec.connections());
        workers = Executors.newFixedThreadPool(spec.poolSize(), r -> {
            Thread t = new Thread(r, "sqlexam-evaluate");
            t.setDaemon(true);
            return t;
        });
        executor = new ReadOnlyExecutor(connections, spec.settings().explainTimeoutMs(), 1);
        evaluator = new CandidateEvaluator(spec.settings());
        tablesByDatabase = new ConcurrentHashMap<>();
        generator = spec.generators() == null ? null : spec.generators().create();
        repairLoop = new RepairLoop(spec.repair());
    }

    @Override
    public void asyncInvoke(GeneratedTask task, ResultFuture<GeneratedTask> resultFuture) {
        if (task.candidates().isEmpty()) {
            resultFuture.complete(List.of(task));
            return;
        }
        String db = task.task().question().db();
        java.util.concurrent.CompletableFuture.supplyAsync(() -> knownTables(db), workers)
                .thenCompose(tables -> evaluator.evaluate(task.task().question().question(), task.candidates(), schema(task.packet()), tables,
                        sql -> executor.explain(db, sql, spec.settings().explainTimeoutMs()), dev.sqlexam.evaluation.ValueVerifier.on(executor, db), workers)
                        .thenApplyAsync(evaluation -> repaired(task, evaluation, knownTables(db)), workers))
                .whenComplete((evaluation, error) -> resultFuture.complete(List.of(error != null
                        ? task.withEvaluation(task.candidates(), null, StageTrace.infraFailure(Stage.EVALUATE, 0,
                                "evaluation failed, the first candidate runs unevaluated: " + error.getMessage()))
                        : evaluated(task, evaluation))));
    }

    /** Runs the repair loop on the chosen candidate when it failed its checks (and was not blocked). */
    private EvaluationTrace repaired(GeneratedTask task, EvaluationTrace e, Set<String> tables) {
        EvaluationTrace.CandidateEvaluation chosen = e.chosen();
        if (spec.repair().maxAttempts() <= 0 || chosen == null || chosen.explain() != null && chosen.explain().passed()) return e;
        String db = task.task().question().db();
        CandidateEvaluator.Explainer explainer = sql -> executor.explain(db, sql, spec.settings().explainTimeoutMs());
        RepairLoop.Check failure = CandidateEvaluator.check(chosen.sql(), tables, spec.settings().limit(), explainer);
        if (failure.passed()) return e;
        CandidateScorer.Schema schema = schema(task.packet());
        String base = PromptTemplates.build(task.task().question(), task.packet(), null,
                spec.generators() == null || spec.generators().settings() == null ? PromptTemplates.Stages.DEFAULT
                        : spec.generators().settings().prompt()).user();
        String question = task.task().question().question();
        RepairLoop.Context ctx = new RepairLoop.Context(schema.columns(), task.packet() == null ? List.of() : task.packet().fkEdges(), tables, base,
                sql -> dev.sqlexam.evaluation.QuestionAgreement.contradictions(question, sql));
        // the repair loop runs on this operator's own workers, never on Flink's task thread, so it may wait for the model
        RepairLoop.Model model = generator.completer().<RepairLoop.Model>map(completer -> prompt -> {
            Generation answer = completer.complete(prompt).join();
            return answer.candidates().isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(answer.candidates().get(0).sql());
        }).orElse(null);
        RepairOutcome outcome = repairLoop.repair(chosen.sql(), failure, ctx,
                sql -> CandidateEvaluator.check(sql, tables, spec.settings().limit(), explainer), model);
        String sql = outcome.repaired()
                ? dev.sqlexam.evaluation.StructuralValidator.validate(outcome.sql(), tables, spec.settings().limit()).sql() : e.chosenSql();
        return e.withRepair(sql, outcome);
    }

    static GeneratedTask evaluated(GeneratedTask task, EvaluationTrace e) {
        if (e.chosenIndex() == null) {
            return task.withEvaluation(task.candidates(), e, StageTrace.failed(Stage.EVALUATE, "validation_block", null, e.durationMs(),
                    "every candidate was blocked"));
        }
        List<Candidate> ordered = new ArrayList<>();
        Candidate chosen = task.candidates().get(e.chosenIndex());
        ordered.add(new Candidate(chosen.index(), e.chosenSql(), chosen.generator(), chosen.latencyMs()));
        for (Candidate c : task.candidates()) if (c != chosen) ordered.add(c);
        var best = e.candidates().get(e.chosenIndex());
        long explained = e.candidates().stream().filter(c -> c.explain() != null && c.explain().elapsedMs() > 0).count();
        long passed = e.candidates().stream().filter(c -> c.explain() != null && c.explain().passed()).count();
        String repair = e.repair() == null ? "" : e.repair().repaired()
                ? "; repaired in " + e.repair().attempts().size() + " attempt(s) by " + e.repair().attempts().get(e.repair().attempts().size() - 1).method()
                : "; repair failed after " + e.repair().attempts().size() + " attempt(s)";
        return task.withEvaluation(ordered, e, StageTrace.ok(Stage.EVALUATE, e.durationMs(), "chose candidate " + e.chosenIndex() + " of "
                + e.candidates().size() + " (score " + best.score().total() + "); EXPLAIN passed " + passed + " of " + explained + repair));
    }

    /** The packet's tables, their columns and FK join conditions, for scoring. */
    static CandidateScorer.Schema schema(SchemaContextPacket packet) {
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
                    joins.add(SqlReferences.JoinEquality.of(fk.fromTable(), fk.fromColumns().get(i), fk.toTable(), fk.toColumns().get(i)));
                }
            }
        }
        return new CandidateScorer.Schema(tables, columns, joins);
    }

    /**
     * Every table and view the read-only role can see in the database. A lookup that fails is not remembered: it
     * fails this evaluation (an infra_failure of the evaluate stage) and the next question asks again.
     */
    private Set<String> knownTables(String db) {
        return tablesByDatabase.computeIfAbsent(db, name -> {
            try {
                return dev.sqlexam.sql.Reconnect.within(spec.connections().retryMs(), () -> {
                    Set<String> out = new HashSet<>();
                    try (Connection c = connections.open(name); Statement s = c.createStatement();
                            ResultSet rs = s.executeQuery("SELECT table_name FROM information_schema.tables "
                                    + "WHERE table_schema NOT IN ('pg_catalog', 'information_schema')")) {
                        while (rs.next()) out.add(rs.getString(1));
                    }
                    return out;
                });
            } catch (Exception e) {
                String state = e instanceof SQLException s ? " (" + s.getSQLState() + ")" : "";
                throw new IllegalStateException("cannot list the tables of " + name + state + ": " + e.getMessage(), e);
            }
        });
    }

    @Override
    public void timeout(GeneratedTask task, ResultFuture<GeneratedTask> resultFuture) {
        resultFuture.complete(List.of(task.withEvaluation(task.candidates(), null,
                StageTrace.infraFailure(Stage.EVALUATE, 0, "evaluation exceeded the async time limit; the first candidate runs unevaluated"))));
    }

    @Override
    public void close() {
        if (workers != null) workers.shutdownNow();
        if (connections != null) connections.close();
        if (generator != null) generator.close();
    }
}
