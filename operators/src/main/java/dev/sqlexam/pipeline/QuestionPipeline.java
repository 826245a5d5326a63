package dev.sqlexam.pipeline;

import dev.sqlexam.grading.QuestionGrading;
import dev.sqlexam.io.Interrupted;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.predictions.Prediction;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The exam's steps for one question at a time, without a Flink job: the same {@link Step}s the exam
 * job's operators adapt, opened once and walked along {@link StepChain}, each asynchronous one
 * awaited with the exam's time limit and its {@code timedOut} record after it. {@code ask} and the
 * MCP server use it; what differs from an exam is only where the question comes from and where its
 * record goes. A question with gold is graded as the exam grades it; without gold its chosen SQL
 * only runs.
 */
public final class QuestionPipeline implements AutoCloseable {

    /** What each stage handed on, as soon as it did (a person watching the trace sees it grow). */
    public interface Listener {
        default void retrieved(RetrievalTask task) {}

        default void generated(GeneratedTask task) {}

        default void evaluated(GeneratedTask task) {}

        /**
         * Called before and after each step runs (grading included), for a profiler that walks
         * questions one at a time.
         */
        default void step(PipelineStep step, boolean finished) {}
    }

    /**
     * One question's way through the stages: what retrieval handed to generation, the evaluated
     * candidates, the chosen SQL as it ran (null with {@code explainOnly}), the exam record (null
     * without gold or with {@code explainOnly}), and the trace of every stage.
     */
    public record Answer(
            RetrievalTask retrieved,
            GeneratedTask evaluated,
            QuestionGrading.Prediction prediction,
            ExamRecord record,
            List<StageTrace> trace) {}

    private final PipelineConfig config;
    private final Variants<PipelineConfig> configs;
    private final SharingPlan plan;
    private final long asyncTimeoutMs;
    private final List<AutoCloseable> opened = new ArrayList<>();
    private final GoldTablesStep goldTables;
    private final EmbedStep embed;
    private final RouteStep route;
    private final RetrieveStep retrieve;
    private final SketchRecallStep recall;
    private final PlanJoinsStep planJoins;
    private final GenerateStep generate;
    private final EvaluateStep evaluate;
    private final GradeStep grade;
    private final QuestionGrading predictionGrading;

    public QuestionPipeline(PipelineConfig config, long asyncTimeoutMs) {
        this.config = config;
        this.configs = Variants.single(config.name(), config);
        this.plan = SharingPlan.unshared(List.of(config.name()), 1);
        this.asyncTimeoutMs = asyncTimeoutMs;
        try {
            PipelineSteps steps = new PipelineSteps(configs);
            ExecutionSpec execution = config.execution();
            goldTables = open(steps.goldTables());
            embed = open(steps.embed());
            route = open(steps.route());
            retrieve = open(steps.retrieve(1));
            recall = PipelineStep.PRE_SQL.active(configs) ? open(steps.recall()) : null;
            planJoins = PipelineStep.PLAN_JOINS.active(configs) ? open(steps.planJoins()) : null;
            generate = open(steps.generate());
            evaluate = open(steps.evaluate());
            grade = open(steps.grade(GradeStep.CacheSizes.ONE_QUESTION, 1));
            predictionGrading = grade.asPredictionsFile(execution);
        } catch (RuntimeException e) {
            close();
            throw new IllegalStateException(
                    "cannot open the pipeline of variant '"
                            + config.name()
                            + "': "
                            + e.getMessage(),
                    e);
        }
    }

    /**
     * Grades {@code sql} as {@code source}'s answer to a question with gold, as {@code grade}
     * grades a predictions file.
     */
    public ExamRecord grade(String runId, ExamQuestion question, String sql, String source) {
        ExamTask task = new ExamTask(runId, config.name(), 1, goldTables.apply(question));
        GeneratedTask attached =
                new PredictionsStep(
                                Map.of(
                                        config.name(),
                                        Map.of(
                                                task.question().id(),
                                                Prediction.sqlOnly(
                                                        task.question().id(), sql, source, 0))),
                                Map.of(config.name(), source))
                        .apply(task);
        // within the time limit the job's grading operator has: a late grade is answered as the
        // job answers it (an infra_failure), not waited for
        ExecutorService worker = Executors.newSingleThreadExecutor();
        try {
            // interrupted, it is answered as a late one
            return Interrupted.orElse(
                    () ->
                            within(
                                    worker.submit(() -> predictionGrading.evaluate(attached)),
                                    () -> grade.timedOut(attached)),
                    () -> grade.timedOut(attached));
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException cause
                    ? cause
                    : new IllegalStateException("grading failed: " + e.getCause(), e.getCause());
        } finally {
            worker.shutdownNow();
        }
    }

    /**
     * Asks one question (its database, id and gold, if any, as the exam set gives them) in run
     * {@code runId}.
     */
    public Answer ask(String runId, ExamQuestion question, boolean explainOnly, Listener listener)
            throws Exception {
        ExamQuestion q = goldTables.apply(question);
        OneQuestion walk = new OneQuestion(listener);
        GeneratedTask evaluated =
                StepChain.untilGraded(configs, walk, plan.schedule(runId, q).get(0));
        RetrievalTask retrieved = walk.retrieved;
        listener.evaluated(evaluated);
        if (explainOnly) return new Answer(retrieved, evaluated, null, null, evaluated.trace());
        if (q.goldSql() == null) {
            List<StageTrace> trace = new ArrayList<>(evaluated.trace());
            return new Answer(
                    retrieved,
                    evaluated,
                    grade.stage(config.name()).predict(evaluated, 0, trace),
                    null,
                    trace);
        }
        listener.step(PipelineStep.GRADE, false);
        QuestionGrading.Graded graded = grade.stage(config.name()).grade(evaluated);
        listener.step(PipelineStep.GRADE, true);
        return new Answer(
                retrieved,
                evaluated,
                graded.prediction(),
                graded.record(),
                graded.record().trace());
    }

    public PipelineConfig config() {
        return config;
    }

    /**
     * One question's walk through the steps in this thread, each asynchronous step awaited within
     * the time limit, the listener told before and after each step.
     */
    private final class OneQuestion
            implements StepWiring<ExamTask, RetrievalTask, GeneratedTask, Exception> {
        private final Listener listener;
        private RetrievalTask retrieved;

        OneQuestion(Listener listener) {
            this.listener = listener;
        }

        @Override
        public RetrievalTask embed(ExamTask task) throws Exception {
            return timed(PipelineStep.EMBED, () -> embed.apply(task));
        }

        @Override
        public RetrievalTask route(RetrievalTask task) throws Exception {
            return timed(PipelineStep.ROUTE, () -> route.apply(task));
        }

        @Override
        public RetrievalTask retrieve(RetrievalTask task) throws Exception {
            return timed(PipelineStep.RETRIEVE, () -> await(retrieve, task));
        }

        @Override
        public RetrievalTask splitByGeneration(RetrievalTask task) throws Exception {
            return timed(
                    PipelineStep.SPLIT_BY_GENERATION,
                    () -> task.withTask(plan.splitForGeneration(task.task()).get(0)));
        }

        @Override
        public RetrievalTask preSql(RetrievalTask task) throws Exception {
            return timed(PipelineStep.PRE_SQL, () -> await(recall, task));
        }

        @Override
        public RetrievalTask planJoins(RetrievalTask task) throws Exception {
            return timed(PipelineStep.PLAN_JOINS, () -> planJoins.apply(task));
        }

        @Override
        public GeneratedTask generate(RetrievalTask task) throws Exception {
            retrieved = task;
            listener.retrieved(task);
            return timed(PipelineStep.GENERATE, () -> await(generate, task));
        }

        @Override
        public GeneratedTask splitByVariant(GeneratedTask task) throws Exception {
            return timed(
                    PipelineStep.SPLIT_BY_VARIANT,
                    () -> task.withTask(plan.splitForVariants(task.task()).get(0)));
        }

        @Override
        public GeneratedTask evaluate(GeneratedTask task) throws Exception {
            listener.generated(task);
            return timed(PipelineStep.EVALUATE, () -> await(evaluate, task));
        }

        private <O> O timed(PipelineStep step, Callable<O> work) throws Exception {
            listener.step(step, false);
            O out = work.call();
            listener.step(step, true);
            return out;
        }
    }

    /**
     * {@code answer} within the time limit the job's operators have; past it, what {@code late}
     * makes of it (an infra_failure, as the job's operator writes one), not waited for.
     */
    private <O> O within(Future<O> answer, Supplier<O> late)
            throws InterruptedException, ExecutionException {
        try {
            return answer.get(asyncTimeoutMs, TimeUnit.MILLISECONDS);
        } catch (TimeoutException pastTheLimit) {
            // a late answer is the case this limit exists for: its timeout says nothing more
            return late.get();
        }
    }

    /**
     * One element through an asynchronous step, waited for as the exam's operator waits: its
     * timedOut answers a late one.
     */
    private <I, O> O await(Step<I, O> step, I in) throws Exception {
        try {
            return within(step.run(in), () -> step.timedOut(in));
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    private <S extends AutoCloseable> S open(S step) {
        opened.add(step);
        return step;
    }

    @Override
    public void close() {
        for (int i = opened.size() - 1; i >= 0; i--) {
            try {
                opened.get(i).close();
            } catch (Exception e) {
                System.err.println(
                        "closing "
                                + opened.get(i).getClass().getSimpleName()
                                + " failed: "
                                + e.getMessage());
            }
        }
    }
}
