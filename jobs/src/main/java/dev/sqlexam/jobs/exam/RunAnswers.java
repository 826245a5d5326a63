package dev.sqlexam.jobs.exam;

import dev.sqlexam.config.Option;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.assembly.ComposedRun;
import dev.sqlexam.jobs.assembly.ResolvedVariant;
import dev.sqlexam.pipeline.PredictionsStep;
import dev.sqlexam.pipeline.SharingPlan;
import dev.sqlexam.report.ExamSummary;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Who wrote a run's SQL: its generator's name and why it was chosen, whether it is the gold
 * self-check, the predictions attached instead of the pipeline's stages (null: the pipeline
 * writes), input lines that could not be used, and the files graded besides the exam set (their
 * hashes go to run.json).
 */
record RunAnswers(
        String generatorName,
        String generatorReason,
        boolean selfCheck,
        PredictionsStep predictions,
        List<String> rejectedJson,
        List<Path> inputs) {

    /**
     * The pipeline's candidates, from the composed variants' generators; a gold self-check without
     * retrieval hands each gold in as submitted.
     */
    static RunAnswers ofPipeline(ComposedRun run) {
        Set<String> names = new LinkedHashSet<>();
        for (ResolvedVariant v : run.variants()) names.add(v.generators().name());
        List<ResolvedVariant> variants = run.variants();
        String reason =
                variants.size() == 1 ? variants.get(0).generators().reason() : "per variant";
        boolean goldAsSubmitted =
                run.selfCheck() && !run.plan().settings().get(SqlExamOptions.SELF_CHECK_RETRIEVAL);
        return new RunAnswers(
                String.join(", ", names),
                reason,
                run.selfCheck(),
                goldAsSubmitted ? PredictionsStep.goldOfEachQuestion() : null,
                List.of(),
                List.of());
    }

    /**
     * Variants equal in every retrieval option retrieve once; equal in every generation option (and
     * generator), generate once per run. Attached predictions are never shared.
     */
    SharingPlan sharing(List<ResolvedVariant> variants, int repetitions, Set<String> done) {
        List<String> names = variants.stream().map(ResolvedVariant::name).toList();
        if (predictions != null) return SharingPlan.unshared(names, repetitions);
        Map<String, String> retrieval = new LinkedHashMap<>();
        Map<String, String> generation = new LinkedHashMap<>();
        for (ResolvedVariant v : variants) {
            retrieval.put(v.name(), v.settings().fingerprint(Option.Phase.RETRIEVAL));
            generation.put(
                    v.name(),
                    v.settings().fingerprint(Option.Phase.GENERATION)
                            + "generator="
                            + v.generators().name());
        }
        return new SharingPlan(names, retrieval, generation, repetitions, done);
    }

    /** Each variant's description, options that differ from the first's, and token prices. */
    static List<ExamSummary.VariantInfo> infos(List<ResolvedVariant> variants) {
        var reference = variants.get(0).settings();
        return variants.stream()
                .map(
                        v ->
                                new ExamSummary.VariantInfo(
                                        v.name(),
                                        v.description(),
                                        v.settings().differencesFrom(reference),
                                        v.settings().get(SqlExamOptions.COST_PER_1K_PROMPT_TOKENS),
                                        v.settings()
                                                .get(SqlExamOptions.COST_PER_1K_COMPLETION_TOKENS)))
                .toList();
    }
}
