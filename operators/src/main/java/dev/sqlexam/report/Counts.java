package dev.sqlexam.report;

import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.GradeReason;

import java.io.Serializable;

/**
 * Tallies of graded questions. Accuracy is over gradable questions: infrastructure failures (the
 * database or a model endpoint did not answer) are excluded, and counted; everything else counts.
 */
public final class Counts implements Serializable {

    private long total;
    private long correct;
    private long lenientCorrect;
    private long matchEmpty;
    private long birdCorrect;
    private long excluded;
    private long suiteGraded;
    private long overturned;
    private long suiteErrors;
    private long suiteUnchecked;
    private double softF1Sum;
    private long softF1Count;

    void add(ExamRecord record) {
        total++;
        GradeReason reason = GradeReason.valueOf(record.reason().toUpperCase());
        if (reason.excludedFromAccuracy()) {
            excluded++;
            return;
        }
        if (record.correct()) correct++;
        if (record.lenientCorrect()) lenientCorrect++;
        if (reason == GradeReason.MATCH_EMPTY) matchEmpty++;
        if (Boolean.TRUE.equals(record.birdCorrect())) birdCorrect++;
        var suite = record.grade().suite();
        if (suite != null) {
            suiteGraded++;
            if (suite.overturned()) overturned++;
            if (suite.overturned() && dev.sqlexam.model.SuiteGrade.SUITE_ERROR.equals(suite.kind()))
                suiteErrors++;
            if (suite.unchecked()) suiteUnchecked++;
        }
        if (record.grade().softF1() != null) {
            softF1Sum += record.grade().softF1();
            softF1Count++;
        }
    }

    void addAll(Counts other) {
        total += other.total;
        correct += other.correct;
        lenientCorrect += other.lenientCorrect;
        matchEmpty += other.matchEmpty;
        birdCorrect += other.birdCorrect;
        excluded += other.excluded;
        suiteGraded += other.suiteGraded;
        overturned += other.overturned;
        suiteErrors += other.suiteErrors;
        suiteUnchecked += other.suiteUnchecked;
        softF1Sum += other.softF1Sum;
        softF1Count += other.softF1Count;
    }

    /**
     * Predictions the test suite checked (null: the run graded on the exam databases only, or none
     * matched there).
     */
    public Long getSuiteChecked() {
        return suiteGraded == 0 ? null : suiteGraded;
    }

    /**
     * Predictions right on the exam database that a suite database showed wrong (null: no test
     * suite).
     */
    public Long getSuiteOverturned() {
        return suiteGraded == 0 ? null : overturned;
    }

    /**
     * Of the overturned, those that failed on a suite database where the gold ran (suite_error).
     */
    public Long getSuiteErrors() {
        return suiteGraded == 0 ? null : suiteErrors;
    }

    /**
     * Predictions no suite database could judge (suite_unchecked): their exam database's verdict
     * stands (null: no test suite).
     */
    public Long getSuiteUnchecked() {
        return suiteGraded == 0 ? null : suiteUnchecked;
    }

    /** Strict EX on the exam databases alone, before the test suite (null: no test suite). */
    public Double getExamDbAccuracy() {
        return suiteGraded == 0
                ? null
                : getGradable() == 0 ? 0.0 : (double) (correct + overturned) / getGradable();
    }

    /** BIRD mini-dev's Soft-F1, averaged over the records it scores (null: none). */
    public Double getSoftF1() {
        return softF1Count == 0 ? null : softF1Sum / softF1Count;
    }

    public long getTotal() {
        return total;
    }

    public long getCorrect() {
        return correct;
    }

    public long getLenientCorrect() {
        return lenientCorrect;
    }

    public long getMatchEmpty() {
        return matchEmpty;
    }

    public long getBirdCorrect() {
        return birdCorrect;
    }

    /** Correct without the matches of two empty results. */
    public long getNonEmptyCorrect() {
        return correct - matchEmpty;
    }

    public double getNonEmptyAccuracy() {
        return getGradable() == 0 ? 0.0 : (double) getNonEmptyCorrect() / getGradable();
    }

    /** BIRD's EX: result rows compared as sets. */
    public double getBirdAccuracy() {
        return getGradable() == 0 ? 0.0 : (double) birdCorrect / getGradable();
    }

    public long getExcluded() {
        return excluded;
    }

    public long getGradable() {
        return total - excluded;
    }

    public double getAccuracy() {
        return getGradable() == 0 ? 0.0 : (double) correct / getGradable();
    }

    public double getLenientAccuracy() {
        return getGradable() == 0 ? 0.0 : (double) lenientCorrect / getGradable();
    }
}
