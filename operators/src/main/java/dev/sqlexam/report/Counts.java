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
    }

    void addAll(Counts other) {
        total += other.total;
        correct += other.correct;
        lenientCorrect += other.lenientCorrect;
        matchEmpty += other.matchEmpty;
        birdCorrect += other.birdCorrect;
        excluded += other.excluded;
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
