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
    private long spiderQuestions;
    private long spiderCorrect;
    private long spiderHealthyQuestions;
    private long spiderHealthyCorrect;
    private long spiderDisagreements;
    private long spiderTsQuestions;
    private long spiderTsCorrect;
    private final java.util.TreeSet<String> spiderDisagreementIds = new java.util.TreeSet<>();

    void add(ExamRecord record) {
        total++;
        Boolean ts = record.spiderTsCorrect();
        if (ts != null) {
            spiderTsQuestions++;
            if (ts) spiderTsCorrect++;
        }
        Boolean spider = record.spiderCorrect();
        if (spider != null) {
            // Spider's figure counts every question of the benchmark, as its evaluator does
            spiderQuestions++;
            if (spider) spiderCorrect++;
            if (spider != record.correct()) {
                spiderDisagreements++;
                spiderDisagreementIds.add(record.questionId());
            }
            if (!hasGoldFindings(record)) {
                spiderHealthyQuestions++;
                if (spider) spiderHealthyCorrect++;
            }
        }
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
        spiderQuestions += other.spiderQuestions;
        spiderCorrect += other.spiderCorrect;
        spiderHealthyQuestions += other.spiderHealthyQuestions;
        spiderHealthyCorrect += other.spiderHealthyCorrect;
        spiderDisagreements += other.spiderDisagreements;
        spiderDisagreementIds.addAll(other.spiderDisagreementIds);
        spiderTsQuestions += other.spiderTsQuestions;
        spiderTsCorrect += other.spiderTsCorrect;
    }

    /**
     * Spider's TS figure: right under Spider's rule on every official test-suite database (null:
     * none given).
     */
    public Double getSpiderTsAccuracy() {
        return spiderTsQuestions == 0 ? null : (double) spiderTsCorrect / spiderTsQuestions;
    }

    /**
     * The questions where Spider's rule and strict EX disagree, by id (null: no Spider set);
     * docs/migrating.md says why each kind does.
     */
    public java.util.List<String> getSpiderDisagreementIds() {
        return spiderQuestions == 0 ? null : java.util.List.copyOf(spiderDisagreementIds);
    }

    /** Whether the import reported findings on the question's gold (its {@code gold_health}). */
    static boolean hasGoldFindings(ExamRecord record) {
        String extras = record.extrasJson();
        return extras != null && extras.contains("\"gold_health\"");
    }

    /** Questions Spider's rule graded: every question of a Spider set (null: none). */
    public Long getSpiderQuestions() {
        return spiderQuestions == 0 ? null : spiderQuestions;
    }

    /** EX under Spider's official rule, over every question of the set (null: no Spider set). */
    public Double getSpiderAccuracy() {
        return spiderQuestions == 0 ? null : (double) spiderCorrect / spiderQuestions;
    }

    /** The same over the questions whose gold the import found no problem with (null: none). */
    public Double getSpiderAccuracyHealthyGolds() {
        return spiderHealthyQuestions == 0
                ? null
                : (double) spiderHealthyCorrect / spiderHealthyQuestions;
    }

    /** Questions whose gold the import found no problem with (null: no Spider set). */
    public Long getHealthyGoldQuestions() {
        return spiderQuestions == 0 ? null : spiderHealthyQuestions;
    }

    /** Questions where Spider's rule and sqlexam's strict EX disagree (null: no Spider set). */
    public Long getSpiderDisagreements() {
        return spiderQuestions == 0 ? null : spiderDisagreements;
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
