package dev.sqlexam.report;

import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.GradeReason;
import dev.sqlexam.model.RetrievalScores;
import dev.sqlexam.model.StageTrace;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every question's verdicts, per variant and run: what per-question statistics (pass@N, pass^N,
 * flips), error bars and paired comparisons are computed from. Infrastructure failures are no
 * verdict and are left out.
 */
public final class QuestionOutcomes implements Serializable {

    private final Map<String, Map<String, Outcome>> byVariant = new HashMap<>();

    /**
     * One question under one variant: where it is asked, its verdict per gradable run, and how its
     * earliest run went.
     */
    public static final class Outcome implements Serializable {
        final String questionId;
        final String db;
        final String difficulty;
        final String module;
        final TreeMap<Integer, Boolean> correct = new TreeMap<>();
        Detail first;

        Outcome(String questionId, String db, String difficulty, String module) {
            this.questionId = questionId;
            this.db = db;
            this.difficulty = difficulty == null ? "(none)" : difficulty;
            this.module = module == null ? "(none)" : module;
        }

        double mean() {
            return correct.values().stream().mapToDouble(c -> c ? 1 : 0).average().orElse(0);
        }
    }

    /** A question's earliest run under a variant, as a disagreement shows it. */
    public record Detail(
            int repetition,
            boolean correct,
            String reason,
            String predSql,
            String failedStage,
            String failureType,
            Double retrievalRecall)
            implements Serializable {}

    public void add(ExamRecord r) {
        Outcome o =
                byVariant
                        .computeIfAbsent(r.variant(), v -> new HashMap<>())
                        .computeIfAbsent(
                                r.db() + "/" + r.questionId(),
                                k ->
                                        new Outcome(
                                                r.questionId(),
                                                r.db(),
                                                r.difficulty(),
                                                r.module()));
        boolean gradable =
                !GradeReason.valueOf(r.reason().toUpperCase(Locale.ROOT)).excludedFromAccuracy();
        if (gradable) o.correct.put(r.repetition(), r.correct());
        if (o.first == null || r.repetition() < o.first.repetition()) {
            o.first =
                    new Detail(
                            r.repetition(),
                            r.correct(),
                            r.reason(),
                            r.predSql(),
                            failedStage(r),
                            r.failureType(),
                            recall(r));
        }
    }

    public void addAll(QuestionOutcomes other) {
        other.byVariant.forEach(
                (variant, questions) ->
                        questions.forEach(
                                (key, theirs) -> {
                                    Outcome mine =
                                            byVariant
                                                    .computeIfAbsent(variant, v -> new HashMap<>())
                                                    .computeIfAbsent(
                                                            key,
                                                            k ->
                                                                    new Outcome(
                                                                            theirs.questionId,
                                                                            theirs.db,
                                                                            theirs.difficulty,
                                                                            theirs.module));
                                    mine.correct.putAll(theirs.correct);
                                    if (mine.first == null
                                            || (theirs.first != null
                                                    && theirs.first.repetition()
                                                            < mine.first.repetition()))
                                        mine.first = theirs.first;
                                }));
    }

    /**
     * Per-question statistics of one variant over its runs; {@code clusteredStandardError}: null
     * with one database (no clusters to speak of).
     */
    public record PerQuestion(
            long questions,
            double accuracy,
            double standardError,
            Double clusteredStandardError,
            int clusters,
            double passAtN,
            double passHatN,
            double flipShare) {}

    public PerQuestion perQuestion(String variant) {
        List<Outcome> gradable = gradable(variant);
        List<ErrorBars.Unit> units =
                gradable.stream().map(o -> new ErrorBars.Unit(o.mean(), o.db)).toList();
        long any = gradable.stream().filter(o -> o.correct.containsValue(true)).count();
        long all = gradable.stream().filter(o -> !o.correct.containsValue(false)).count();
        long flips =
                gradable.stream()
                        .filter(
                                o ->
                                        o.correct.containsValue(true)
                                                && o.correct.containsValue(false))
                        .count();
        double n = Math.max(1, gradable.size());
        int clusters = ErrorBars.clusters(units);
        return new PerQuestion(
                gradable.size(),
                ErrorBars.mean(units),
                ErrorBars.standardError(units),
                clusters > 1 ? ErrorBars.clusteredStandardError(units) : null,
                clusters,
                any / n,
                all / n,
                flips / n);
    }

    /** Variant {@code b} against the reference {@code a}, overall and per difficulty and module. */
    public PairedComparison compare(String a, String b) {
        Map<String, Outcome> byA = byVariant.getOrDefault(a, Map.of());
        Map<String, Outcome> byB = byVariant.getOrDefault(b, Map.of());
        List<Outcome[]> pairs = new ArrayList<>();
        byA.forEach(
                (key, oa) -> {
                    Outcome ob = byB.get(key);
                    if (ob != null && !oa.correct.isEmpty() && !ob.correct.isEmpty())
                        pairs.add(new Outcome[] {oa, ob});
                });
        pairs.sort(
                (x, y) ->
                        (x[0].db + "/" + x[0].questionId)
                                .compareTo(y[0].db + "/" + y[0].questionId));
        return PairedComparison.of(
                a,
                b,
                pairs,
                subgroups(a, b, group(pairs, o -> o.difficulty)),
                subgroups(a, b, group(pairs, o -> o.module)));
    }

    /**
     * Each group's comparison where there are two groups or more (one group is the whole comparison
     * again: none is computed for it).
     */
    private static Map<String, PairedComparison> subgroups(
            String a, String b, Map<String, List<Outcome[]>> groups) {
        if (groups.size() < 2) return Map.of();
        Map<String, PairedComparison> out = new TreeMap<>();
        groups.forEach((k, p) -> out.put(k, PairedComparison.of(a, b, p, Map.of(), Map.of())));
        return out;
    }

    /**
     * Every question whose earliest-run verdicts differ between the variants, in exam order of
     * database and id.
     */
    public List<Disagreement> disagreements(List<String> variants) {
        Map<String, Map<String, Detail>> byQuestion = new TreeMap<>();
        Map<String, Outcome> where = new HashMap<>();
        for (String v : variants) {
            byVariant
                    .getOrDefault(v, Map.of())
                    .forEach(
                            (key, o) -> {
                                if (o.first == null
                                        || GradeReason.valueOf(
                                                        o.first.reason().toUpperCase(Locale.ROOT))
                                                .excludedFromAccuracy()) return;
                                byQuestion
                                        .computeIfAbsent(key, k -> new LinkedHashMap<>())
                                        .put(v, o.first);
                                where.putIfAbsent(key, o);
                            });
        }
        List<Disagreement> out = new ArrayList<>();
        byQuestion.forEach(
                (key, details) -> {
                    if (details.size() < 2) return;
                    if (details.values().stream().map(Detail::correct).distinct().count() < 2)
                        return;
                    Outcome o = where.get(key);
                    Map<String, Detail> ordered = new LinkedHashMap<>();
                    for (String v : variants)
                        if (details.containsKey(v)) ordered.put(v, details.get(v));
                    out.add(new Disagreement(o.questionId, o.db, o.difficulty, o.module, ordered));
                });
        return out;
    }

    private List<Outcome> gradable(String variant) {
        return byVariant.getOrDefault(variant, Map.of()).values().stream()
                .filter(o -> !o.correct.isEmpty())
                .toList();
    }

    private static Map<String, List<Outcome[]>> group(
            List<Outcome[]> pairs, java.util.function.Function<Outcome, String> key) {
        Map<String, List<Outcome[]>> out = new TreeMap<>();
        for (Outcome[] p : pairs)
            out.computeIfAbsent(key.apply(p[0]), k -> new ArrayList<>()).add(p);
        return out;
    }

    private static String failedStage(ExamRecord r) {
        for (StageTrace s : r.trace()) {
            if (!"ok".equals(s.status())) return s.stage();
        }
        return null;
    }

    private static Double recall(ExamRecord r) {
        if (r.retrieval() == null) return null;
        RetrievalScores used =
                "rag_v2".equals(r.retrieval().strategy()) ? r.retrieval().v2() : r.retrieval().v1();
        return used == null ? null : used.recall();
    }
}
