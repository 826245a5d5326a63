package dev.sqlexam.pipeline;

import dev.sqlexam.config.Option;
import dev.sqlexam.config.Settings;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamTask;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How a question fans out into (variant, run) pairs without doing the same work twice: variants
 * whose retrieval options are equal share one retrieval (for every run: it does not sample); within
 * those, variants whose generation options are equal share one generation per run; evaluation and
 * grading are each variant's own. Pairs already done (a resumed run) are not scheduled again.
 */
public final class SharingPlan implements Serializable {

    private final List<String> variants;
    private final Map<String, String> retrievalKey;
    private final Map<String, String> generationKey;
    private final int repetitions;
    private final Set<String> done;

    /**
     * {@code retrievalKey} and {@code generationKey}: per variant, a fingerprint of its options up
     * to that stage; {@code done}: {@link #doneKey} of every pair already graded.
     */
    public SharingPlan(
            List<String> variants,
            Map<String, String> retrievalKey,
            Map<String, String> generationKey,
            int repetitions,
            Set<String> done) {
        if (variants.isEmpty()) throw new IllegalArgumentException("at least one variant");
        if (repetitions < 1)
            throw new IllegalArgumentException("repetitions must be >= 1, was " + repetitions);
        this.variants = List.copyOf(variants);
        this.retrievalKey = new LinkedHashMap<>(retrievalKey);
        this.generationKey = new LinkedHashMap<>(generationKey);
        this.repetitions = repetitions;
        this.done = new HashSet<>(done);
    }

    /** Every variant does all its own work (nothing shared): the plan of a grade run. */
    public static SharingPlan unshared(List<String> variants, int repetitions) {
        Map<String, String> own = new LinkedHashMap<>();
        for (String v : variants) own.put(v, v);
        return new SharingPlan(variants, own, own, repetitions, Set.of());
    }

    /**
     * The plan of variants in order, each with its settings and its generator's name: equal in
     * every retrieval option, they retrieve once; equal in every generation option and generator,
     * they generate once per run.
     */
    public static SharingPlan of(
            Map<String, Settings> settings,
            Map<String, String> generators,
            int repetitions,
            Set<String> done) {
        Map<String, String> retrieval = new LinkedHashMap<>();
        Map<String, String> generation = new LinkedHashMap<>();
        settings.forEach(
                (variant, s) -> {
                    retrieval.put(variant, s.fingerprint(Option.Phase.RETRIEVAL));
                    generation.put(
                            variant,
                            s.fingerprint(Option.Phase.GENERATION)
                                    + "generator="
                                    + generators.get(variant));
                });
        return new SharingPlan(
                new ArrayList<>(settings.keySet()), retrieval, generation, repetitions, done);
    }

    public static String doneKey(String variant, int repetition, String questionKey) {
        return variant + "\u0000" + repetition + "\u0000" + questionKey;
    }

    public List<String> variants() {
        return variants;
    }

    public int repetitions() {
        return repetitions;
    }

    /**
     * The question's retrieval tasks: one per group of variants with equal retrieval options
     * (repetition 0: all runs).
     */
    public List<ExamTask> schedule(String runId, ExamQuestion question) {
        ExamTask any = new ExamTask(runId, variants.get(0), 0, question);
        List<ExamTask> out = new ArrayList<>();
        for (List<String> group : groups(variants, retrievalKey)) {
            List<String> needed =
                    group.stream().filter(v -> anyRunNeeded(v, any.questionKey())).toList();
            if (!needed.isEmpty()) out.add(any.as(needed.get(0), 0, needed));
        }
        return out;
    }

    /**
     * A retrieved task's generation tasks: one per group of its variants with equal generation
     * options, per run.
     */
    public List<ExamTask> splitForGeneration(ExamTask retrieval) {
        List<ExamTask> out = new ArrayList<>();
        for (List<String> group : groups(retrieval.group(), generationKey)) {
            for (int rep = 1; rep <= repetitions; rep++) {
                int r = rep;
                List<String> needed =
                        group.stream()
                                .filter(v -> !done.contains(doneKey(v, r, retrieval.questionKey())))
                                .toList();
                if (!needed.isEmpty()) out.add(retrieval.as(needed.get(0), rep, needed));
            }
        }
        return out;
    }

    /** A generated task's own task per variant it stands for. */
    public List<ExamTask> splitForVariants(ExamTask generation) {
        return generation.group().stream()
                .map(v -> generation.as(v, generation.repetition(), List.of(v)))
                .toList();
    }

    /**
     * A question as one task standing for every variant and run (a grade's: split after
     * keyBy(question) by {@link #eachVariantAndRun}, so that it crosses the network once).
     */
    public ExamTask whole(String runId, ExamQuestion question) {
        return new ExamTask(runId, variants.get(0), 0, question).as(variants.get(0), 0, variants);
    }

    /**
     * A {@link #whole} question's own task per variant and run not done yet: the stages' splits
     * ({@link #splitForGeneration}, then {@link #splitForVariants}) done at once.
     */
    public List<ExamTask> eachVariantAndRun(ExamTask whole) {
        List<ExamTask> out = new ArrayList<>();
        for (ExamTask generation : splitForGeneration(whole))
            out.addAll(splitForVariants(generation));
        return out;
    }

    /** Distinct retrievals per question (when nothing is done yet). */
    public int retrievalGroups() {
        return groups(variants, retrievalKey).size();
    }

    /** Distinct generations per question and run. */
    public int generationGroups() {
        return groups(variants, generationKey).size();
    }

    private boolean anyRunNeeded(String variant, String questionKey) {
        for (int rep = 1; rep <= repetitions; rep++) {
            if (!done.contains(doneKey(variant, rep, questionKey))) return true;
        }
        return false;
    }

    private static List<List<String>> groups(List<String> members, Map<String, String> key) {
        Map<String, List<String>> byKey = new LinkedHashMap<>();
        for (String v : members) {
            String k = key.get(v);
            if (k == null)
                throw new IllegalStateException("no fingerprint for variant '" + v + "'");
            byKey.computeIfAbsent(k, x -> new ArrayList<>()).add(v);
        }
        return new ArrayList<>(byKey.values());
    }
}
