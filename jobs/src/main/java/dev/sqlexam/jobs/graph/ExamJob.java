package dev.sqlexam.jobs.graph;

import dev.sqlexam.flink.AttachPredictions;
import dev.sqlexam.flink.DeriveGoldTables;
import dev.sqlexam.flink.ScheduleRuns;
import dev.sqlexam.flink.SerializedRecord;
import dev.sqlexam.flink.SummaryOperator;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.pipeline.Answers;
import dev.sqlexam.pipeline.PipelineConfig;
import dev.sqlexam.pipeline.PipelineSteps;
import dev.sqlexam.pipeline.SharingPlan;
import dev.sqlexam.pipeline.Variants;
import dev.sqlexam.report.SummaryAccumulator;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamUtils;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;

import java.util.List;

/**
 * The exam job: the exam set's questions (read by the client) → schedule → embed question → route →
 * retrieve schema → split per generation group and run → (pre-SQL, join planning) → generate →
 * split per variant → evaluate → keyBy(question) → execute + grade → exam log, exam tables,
 * summary. Work equal for several variants is done once ({@link SharingPlan}); each operator reads
 * the options of its task's variant. Graph only; the CLI runs it.
 */
public final class ExamJob {

    /**
     * Everything the graph needs: the questions, the variants' pipelines (the first is the
     * reference), how their work is shared, and where the answers come from (the graph branches on
     * it, once).
     */
    public record Spec(
            String runId,
            List<ExamQuestion> questions,
            SharingPlan plan,
            Variants<PipelineConfig> configs,
            int asyncCapacity,
            long asyncTimeoutMs,
            Answers answers) {

        public Spec {
            questions = List.copyOf(questions);
        }
    }

    /**
     * A started job: its client and the iterator that yields, at the end, one partial summary
     * accumulator per subtask of the summary operator (merge them all).
     */
    public record Running(JobClient client, CloseableIterator<SummaryAccumulator> summary) {}

    private final ExamIo.Sinks sinks;
    private final Spec spec;

    /** The graph of {@code spec} into the sinks of its records. */
    public ExamJob(ExamIo.Sinks sinks, Spec spec) {
        this.sinks = sinks;
        this.spec = spec;
    }

    public Running start(StreamExecutionEnvironment env) throws Exception {
        Answers.Submitted submitted = spec.answers() instanceof Answers.Submitted s ? s : null;
        boolean grading = submitted != null;
        DataStream<ExamTask> tasks = scheduled(questions(env), grading);
        PipelineGraph pipeline =
                new PipelineGraph(
                        spec.configs(),
                        spec.plan(),
                        spec.asyncTimeoutMs(),
                        spec.asyncCapacity(),
                        "");
        // a grade's question crosses the network once: keyed by question, then split per
        // predictions file and run, its predictions attached and graded in the same subtask
        DataStream<ExamRecord> records =
                grading
                        ? pipeline.gradeFiles(
                                DataStreamUtils.reinterpretAsKeyedStream(
                                        tasks.keyBy(ExamTask::questionKey)
                                                .flatMap(
                                                        new AttachPredictions(
                                                                submitted.predictions(),
                                                                spec.plan()))
                                                .uid("attach-predictions")
                                                .name(
                                                        "split per file and run, attach predictions (grade)"),
                                        g -> g.task().questionKey()))
                        : pipeline.executeAndGrade(pipeline.untilGraded(tasks));
        DataStream<SerializedRecord> serialized =
                records.map(new SerializedRecord.Serialize())
                        .uid("serialize-records")
                        .name("serialize each record once");
        if (sinks.examLog() != null)
            serialized.sinkTo(sinks.examLog()).uid("exam-log-sink").name("exam log (JSONL)");
        if (sinks.results() != null)
            serialized
                    .sinkTo(sinks.results())
                    .uid("exam-results-sink")
                    .name("exam.results and exam.missing (upsert)");
        // each subtask folds its own records (chained, so no record crosses the network again);
        // the client merges the partial summaries. From the serialized records: their three
        // consumers share each instance, where the records' two consumers would copy each
        CloseableIterator<SummaryAccumulator> summary =
                serialized
                        .transform(
                                "summary",
                                TypeInformation.of(SummaryAccumulator.class),
                                new SummaryOperator())
                        .uid("summary")
                        .collectAsync();
        JobClient client =
                env.executeAsync("sqlexam " + (grading ? "grade " : "exam ") + spec.runId());
        return new Running(client, summary);
    }

    /** The questions, in the exam set's order, from one reader. */
    private DataStream<ExamQuestion> questions(StreamExecutionEnvironment env) {
        return env.fromData(spec.questions(), TypeInformation.of(ExamQuestion.class))
                .name("exam set (read by the client)")
                .uid("exam-set-source")
                .setParallelism(1);
    }

    /**
     * Each question's tasks: one per retrieval group (an exam, after its gold_tables are derived
     * where absent) or one for the question (a grade: split per file and run after keyBy).
     */
    private DataStream<ExamTask> scheduled(DataStream<ExamQuestion> questions, boolean grading) {
        PipelineSteps steps = new PipelineSteps(spec.configs());
        // gold_tables serve retrieval's figures: a graded predictions file (or self-check) has no
        // retrieval to measure
        DataStream<ExamQuestion> planned =
                grading
                        ? questions
                        : questions
                                .map(new DeriveGoldTables(subtasks -> steps.goldTables()))
                                .uid("derive-gold-tables")
                                .name("derive gold_tables from the gold's plan when absent")
                                .setParallelism(1);
        return planned.flatMap(
                        grading
                                ? ScheduleRuns.whole(spec.runId(), spec.plan())
                                : ScheduleRuns.shared(spec.runId(), spec.plan()))
                .uid("schedule-runs")
                .name(grading ? "schedule questions" : "schedule retrieval groups")
                .setParallelism(1);
    }
}
