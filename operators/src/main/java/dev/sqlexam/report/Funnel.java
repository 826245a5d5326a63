package dev.sqlexam.report;

import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.GradeReason;

import java.io.Serializable;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where questions are lost, stage by stage (gradable questions only): full retrieval recall (of
 * those with gold_tables) → at least one correct candidate (pass@K) → the correct candidate
 * selected → correct in the end, after repair; and the failure categories of the wrong ones.
 */
public final class Funnel implements Serializable {

    private long questions;
    private long withGoldTables;
    private long fullRecall;
    private long withCandidateGrades;
    private long passAtK;
    private long selectedCorrect;
    private long finalCorrect;
    private final Map<String, Long> failureTypes = new TreeMap<>();

    void add(ExamRecord r) {
        if (GradeReason.valueOf(r.reason().toUpperCase(Locale.ROOT)).excludedFromAccuracy()) {
            if (r.failureType() != null) failureTypes.merge(r.failureType(), 1L, Long::sum);
            return;
        }
        questions++;
        if (r.goldTablesRetrieved() != null) {
            withGoldTables++;
            if (r.goldTablesRetrieved()) fullRecall++;
        }
        if (r.candidateCorrect() != null) {
            withCandidateGrades++;
            if (r.candidateCorrect().contains(Boolean.TRUE)) passAtK++;
            int chosen =
                    r.evaluation() == null
                            ? 0
                            : r.evaluation().chosenIndex() == null
                                    ? -1
                                    : r.evaluation().chosenIndex();
            if (chosen >= 0
                    && chosen < r.candidateCorrect().size()
                    && r.candidateCorrect().get(chosen)) selectedCorrect++;
        }
        if (r.correct()) finalCorrect++;
        if (r.failureType() != null) failureTypes.merge(r.failureType(), 1L, Long::sum);
    }

    void addAll(Funnel o) {
        questions += o.questions;
        withGoldTables += o.withGoldTables;
        fullRecall += o.fullRecall;
        withCandidateGrades += o.withCandidateGrades;
        passAtK += o.passAtK;
        selectedCorrect += o.selectedCorrect;
        finalCorrect += o.finalCorrect;
        o.failureTypes.forEach((k, v) -> failureTypes.merge(k, v, Long::sum));
    }

    public long getQuestions() {
        return questions;
    }

    public long getWithGoldTables() {
        return withGoldTables;
    }

    public long getFullRecall() {
        return fullRecall;
    }

    public long getWithCandidateGrades() {
        return withCandidateGrades;
    }

    public long getPassAtK() {
        return passAtK;
    }

    public long getSelectedCorrect() {
        return selectedCorrect;
    }

    public long getFinalCorrect() {
        return finalCorrect;
    }

    public Map<String, Long> getFailureTypes() {
        return failureTypes;
    }
}
