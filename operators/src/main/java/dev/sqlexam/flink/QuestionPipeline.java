package dev.sqlexam.flink;

import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.grading.GradingStage;
import dev.sqlexam.grading.QueryCache;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.predictions.Prediction;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.prompt.JoinPlanner;
import dev.sqlexam.sql.ReadOnlyExecutor;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.flink.api.common.functions.DefaultOpenContext;
import org.apache.flink.api.common.functions.RichFunction;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.async.RichAsyncFunction;

/**
 * The exam's stages for one question at a time, without a Flink job: the exam job's own operator functions, opened once
 * and called in the order {@code PipelineGraph} wires them, with the exam's async time limit and its timeout records.
 * {@code ask} and the MCP server use it; what differs from an exam is only where the question comes from and where
 * its record goes. A question with gold is graded as the exam grades it; without gold its chosen SQL only runs.
 */
public final class QuestionPipeline implements AutoCloseable {

    /** What each stage handed on, as soon as it did (a person watching the trace sees it grow). */
    public interface Listener {
        default void retrieved(RetrievalTask task) {}

        default void generated(GeneratedTask task) {}

        default void evaluated(GeneratedTask task) {}
    }

    /**
     * One question's way through the stages: what retrieval handed to generation, the evaluated candidates, the chosen
     * SQL as it ran (null with {@code explainOnly}), the exam record (null without gold or with {@code explainOnly}),
     * and the trace of every stage.
     */
    public record Answer(RetrievalTask retrieved, GeneratedTask evaluated, GradingStage.Prediction prediction,
            ExamRecord record, List<StageTrace> trace) {}

    private final PipelineConfig config;
    private final SharingPlan plan;
    private final long asyncTimeoutMs;
    private final DeriveGoldTables goldTables;
    private final EmbedQuestion embed;
    private final RouteModules route;
    private final RetrieveSchema retrieve;
    private final RecallFromSketch recall;
    private final JoinPlanner planner;
    private final GraphSource graphs;
    private final GenerateCandidates generate;
    private final EvaluateCandidates evaluate;
    private final PooledConnections readerConnections;
    private final GradingStage grading;
    private final GradingStage predictionGrading;
    private final List<AutoCloseable> opened = new ArrayList<>();

    public QuestionPipeline(PipelineConfig config, long asyncTimeoutMs) {
        this.config = config;
        this.plan = SharingPlan.unshared(List.of(config.name()), 1);
        this.asyncTimeoutMs = asyncTimeoutMs;
        Variants<PipelineConfig> configs = Variants.single(config.name(), config);
        Variants<RetrievalSpec> retrieval = configs.map(PipelineConfig::retrieval);
        ExecutionSpec execution = config.execution();
        goldTables = open(new DeriveGoldTables(execution.reader(), execution.connections()));
        embed = open(new EmbedQuestion(retrieval));
        route = open(new RouteModules(retrieval));
        retrieve = open(new RetrieveSchema(retrieval));
        recall = config.preSql() ? open(new RecallFromSketch(configs)) : null;
        planner = config.planner().enabled() ? new JoinPlanner(config.planner().options()) : null;
        graphs = planner == null ? null : new RagGraphSource(config.retrieval());
        if (graphs != null) {
            graphs.open();
            opened.add(graphs);
        }
        generate = open(new GenerateCandidates(configs.map(PipelineConfig::generators)));
        evaluate = open(new EvaluateCandidates(configs.map(PipelineConfig::evaluation)));
        readerConnections = new PooledConnections(execution.reader().url(), execution.reader().initSql(), true, execution.connections());
        opened.add(readerConnections);
        ReadOnlyExecutor executor = new ReadOnlyExecutor(readerConnections, execution.statementTimeoutMs(), execution.rowCap());
        QueryCache golds = new QueryCache(64, 20_000);
        grading = ExecuteAndGrade.stage(execution, executor, golds, new QueryCache(64, 20_000));
        // a given SQL is graded as `grade` grades a predictions file: no pass@k, no execution fallbacks
        predictionGrading = ExecuteAndGrade.stage(new ExecutionSpec(execution.reader(), execution.statementTimeoutMs(), execution.rowCap(),
                execution.tolerance(), execution.poolSize(), false, 0, execution.adaptiveTimeout(), execution.connections()), executor, golds, null);
    }

    /** Grades {@code sql} as {@code source}'s answer to a question with gold, as {@code grade} grades a predictions file. */
    public ExamRecord grade(String runId, ExamQuestion question, String sql, String source) {
        ExamQuestion q = goldTables.map(question);
        ExamTask task = new ExamTask(runId, config.name(), 1, q);
        GeneratedTask attached = new AttachPredictions(Map.of(config.name(), Map.of(q.id(), new Prediction(q.id(), sql, source, null, null,
                null, null, 0))), Map.of(config.name(), source)).map(task);
        return predictionGrading.evaluate(attached);
    }

    /** Asks one question (its database, id and gold, if any, as the exam set gives them) in run {@code runId}. */
    public Answer ask(String runId, ExamQuestion question, boolean explainOnly, Listener listener) throws Exception {
        ExamQuestion q = goldTables.map(question);
        ExamTask scheduled = plan.schedule(runId, q).get(0);
        RetrievalTask t = route.map(embed.map(scheduled));
        t = await(retrieve, t);
        if (recall != null) t = await(recall, t);
        if (planner != null) {
            t = PlanJoins.plan(t, planner, task -> new PlanJoins.Subgraph(graphs.graph(task.task().question().db(),
                    task.packet().modules()), false));
        }
        RetrievalTask retrieved = t.withTask(plan.splitForGeneration(t.task()).get(0));
        listener.retrieved(retrieved);
        GeneratedTask generated = await(generate, retrieved);
        generated = generated.withTask(plan.splitForVariants(generated.task()).get(0));
        listener.generated(generated);
        GeneratedTask evaluated = await(evaluate, generated);
        listener.evaluated(evaluated);
        if (explainOnly) return new Answer(retrieved, evaluated, null, null, evaluated.trace());
        if (q.goldSql() == null) {
            List<StageTrace> trace = new ArrayList<>(evaluated.trace());
            return new Answer(retrieved, evaluated, grading.predict(evaluated, 0, trace), null, trace);
        }
        GradingStage.Graded graded = grading.grade(evaluated);
        return new Answer(retrieved, evaluated, graded.prediction(), graded.record(), graded.record().trace());
    }

    public PipelineConfig config() {
        return config;
    }

    /** One element through an async operator function, waited for as the exam's operator waits: its timeout answers late ones. */
    private <I, O> O await(RichAsyncFunction<I, O> function, I in) throws Exception {
        CompletableFuture<O> done = new CompletableFuture<>();
        ResultFuture<O> result = new ResultFuture<>() {
            @Override
            public void complete(Collection<O> out) {
                done.complete(out.iterator().next());
            }

            @Override
            public void completeExceptionally(Throwable error) {
                done.completeExceptionally(error);
            }
        };
        function.asyncInvoke(in, result);
        try {
            return done.get(asyncTimeoutMs, TimeUnit.MILLISECONDS);
        } catch (TimeoutException late) {
            function.timeout(in, result);
            return done.getNow(null);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    private <F extends RichFunction> F open(F function) {
        try {
            function.open(DefaultOpenContext.INSTANCE);
        } catch (Exception e) {
            throw new IllegalStateException("cannot open " + function.getClass().getSimpleName() + ": " + e.getMessage(), e);
        }
        opened.add(function::close);
        return function;
    }

    @Override
    public void close() {
        for (int i = opened.size() - 1; i >= 0; i--) {
            try {
                opened.get(i).close();
            } catch (Exception ignored) {
                // closing is best effort: a pool that failed to close holds nothing the next question needs
            }
        }
    }
}
