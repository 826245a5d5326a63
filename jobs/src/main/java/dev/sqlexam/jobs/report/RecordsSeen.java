package dev.sqlexam.jobs.report;

import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.StageTrace;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The report's first pass over the exam log, one record at a time: the distinct questions and
 * databases, each variant's generator, every stage's durations, and which record is the earliest
 * run of each question under each variant (by its place in the log: the second pass takes it).
 */
final class RecordsSeen {

    final Set<String> questions = new HashSet<>();
    final Set<String> databases = new HashSet<>();
    final Map<String, String> generators = new LinkedHashMap<>();
    final Map<String, Map<String, List<Long>>> durations = new LinkedHashMap<>();

    /** Per question and variant, in the order first seen: {ordinal of its earliest, repetition}. */
    private final Map<String, int[]> earliest = new LinkedHashMap<>();

    static RecordsSeen of(Iterable<ExamRecord> records) {
        RecordsSeen seen = new RecordsSeen();
        int ordinal = 0;
        for (ExamRecord r : records) seen.add(r, ordinal++);
        return seen;
    }

    private void add(ExamRecord r, int ordinal) {
        questions.add(r.db() + "/" + r.questionId());
        databases.add(r.db());
        String model =
                r.generation() == null || r.generation().model() == null
                        ? ""
                        : " (" + r.generation().model() + ")";
        generators.putIfAbsent(r.variant(), r.generator() + model);
        Map<String, List<Long>> stages =
                durations.computeIfAbsent(r.variant(), v -> new LinkedHashMap<>());
        for (StageTrace s : r.trace())
            stages.computeIfAbsent(s.stage(), k -> new ArrayList<>()).add(s.durationMs());
        int[] first =
                earliest.computeIfAbsent(
                        r.variant() + "\u0000" + r.db() + "/" + r.questionId(),
                        k -> new int[] {ordinal, r.repetition()});
        if (r.repetition() < first[1]) {
            first[0] = ordinal;
            first[1] = r.repetition();
        }
    }

    /**
     * The ordinals of the earliest records, in the order their question and variant first appear.
     */
    int[] earliestOrdinals() {
        return earliest.values().stream().mapToInt(e -> e[0]).toArray();
    }
}
