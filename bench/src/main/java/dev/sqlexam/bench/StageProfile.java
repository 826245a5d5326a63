package dev.sqlexam.bench;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.pipeline.PipelineStep;
import dev.sqlexam.pipeline.QuestionPipeline;
import dev.sqlexam.report.Quantiles;

import com.sun.management.OperatingSystemMXBean;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * CPU time of each pipeline step per question: the questions walked one at a time through the
 * exam's own steps ({@link QuestionPipeline}, no Flink), this process's CPU time (every thread: the
 * step's workers included) read before and after each step, and its wall time beside it.
 * PostgreSQL's own CPU is not in it (another process).
 */
public final class StageProfile {

    /** Per step: mean CPU ms per question, mean and p95 wall ms. */
    public record Step(PipelineStep step, double cpuMs, double wallMs, double p95WallMs) {}

    /**
     * Asks one question through every step, telling {@code listener} as each step starts and ends.
     */
    @FunctionalInterface
    public interface Walker {
        void ask(ExamQuestion question, QuestionPipeline.Listener listener) throws Exception;
    }

    private StageProfile() {}

    /**
     * Walks {@code questions} once, measured: a second walk would find each question's embedding
     * and retrieval in the session's caches, so warm the JVM with other runs first.
     */
    public static List<Step> measure(Walker session, List<ExamQuestion> questions)
            throws Exception {
        Recorder r = new Recorder();
        walk(session, questions, r);
        List<Step> out = new ArrayList<>();
        for (var e : r.cpu.entrySet()) {
            List<Long> walls = r.wall.get(e.getKey()).stream().sorted().toList();
            double cpu =
                    e.getValue().stream().mapToLong(Long::longValue).sum() / 1e6 / questions.size();
            double wall = walls.stream().mapToLong(Long::longValue).sum() / 1e6 / questions.size();
            out.add(new Step(e.getKey(), cpu, wall, Quantiles.ofSorted(walls, 0.95) / 1e6));
        }
        return out;
    }

    private static void walk(Walker session, List<ExamQuestion> questions, Recorder recorder)
            throws Exception {
        for (ExamQuestion q : questions) session.ask(q, recorder);
    }

    private static final class Recorder implements QuestionPipeline.Listener {
        private final OperatingSystemMXBean os =
                (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        final Map<PipelineStep, List<Long>> cpu = new EnumMap<>(PipelineStep.class);
        final Map<PipelineStep, List<Long>> wall = new EnumMap<>(PipelineStep.class);
        private long cpuStart;
        private long wallStart;

        @Override
        public void step(PipelineStep step, boolean finished) {
            if (!finished) {
                wallStart = System.nanoTime();
                cpuStart = os.getProcessCpuTime();
                return;
            }
            cpu.computeIfAbsent(step, s -> new ArrayList<>())
                    .add(os.getProcessCpuTime() - cpuStart);
            wall.computeIfAbsent(step, s -> new ArrayList<>()).add(System.nanoTime() - wallStart);
        }
    }
}
