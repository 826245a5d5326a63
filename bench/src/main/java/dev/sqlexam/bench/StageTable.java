package dev.sqlexam.bench;

import dev.sqlexam.jobs.ask.AskSession;
import dev.sqlexam.jobs.run.Variant;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.pipeline.PipelineStep;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static dev.sqlexam.bench.ThroughputReport.f;

/**
 * The per-stage CPU time per question of the baseline pipeline on the ERP questions, walked one at
 * a time.
 */
final class StageTable {

    private final ThroughputBench bench;
    private List<StageProfile.Step> steps = List.of();

    StageTable(ThroughputBench bench) {
        this.bench = bench;
    }

    /** Walks {@code questions} (after a warm-up walk) and returns the table. */
    String table(List<ExamQuestion> questions) throws Exception {
        bench.progress("per-stage CPU, questions one at a time");
        try (AskSession session =
                AskSession.open(
                        bench.settings(Map.of("generator", "baseline")),
                        Variant.DEFAULT,
                        questions,
                        Set.of(),
                        new PrintStream(OutputStream.nullOutputStream()))) {
            steps =
                    StageProfile.measure(
                            (q, listener) -> session.ask("bench-profile", q, false, listener),
                            questions);
        }
        StringBuilder sb =
                new StringBuilder(
                        f(
                                "per-stage time per question, baseline generator, %d ERP questions walked one at a time "
                                        + "(process CPU of every thread while the step runs; PostgreSQL's CPU is its own)%n",
                                questions.size()));
        sb.append(f("  %-22s %12s %12s %12s%n", "step", "CPU ms", "wall ms", "wall p95 ms"));
        double cpu = 0;
        double wall = 0;
        for (StageProfile.Step s : steps) {
            sb.append(
                    f(
                            "  %-22s %12.2f %12.2f %12.1f%n",
                            s.step().name().toLowerCase(), s.cpuMs(), s.wallMs(), s.p95WallMs()));
            cpu += s.cpuMs();
            wall += s.wallMs();
        }
        sb.append(f("  %-22s %12.2f %12.2f%n", "all", cpu, wall));
        return sb.toString();
    }

    /** The retrieve step's mean CPU ms per question in the walk (NaN before {@link #table}). */
    double retrieveCpuMs() {
        return retrieve().map(StageProfile.Step::cpuMs).orElse(Double.NaN);
    }

    /** The retrieve step's p95 wall ms in the walk (NaN before {@link #table}). */
    double retrieveP95() {
        return retrieve().map(StageProfile.Step::p95WallMs).orElse(Double.NaN);
    }

    private Optional<StageProfile.Step> retrieve() {
        return steps.stream().filter(s -> s.step() == PipelineStep.RETRIEVE).findFirst();
    }
}
