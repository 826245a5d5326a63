package dev.sqlexam.report;

import dev.sqlexam.model.RetrievalScores;

import java.io.Serializable;

/** Sums of retrieval scores over questions; macro averages on read. */
public final class RetrievalTally implements Serializable {

    private long questions;
    private double precision;
    private double recall;
    private double f1;
    private long fullRecall;
    private long tables;

    void add(RetrievalScores s) {
        if (s == null) return;
        questions++;
        precision += s.precision();
        recall += s.recall();
        f1 += s.f1();
        fullRecall += s.fullRecall() ? 1 : 0;
        tables += s.retrieved();
    }

    void addAll(RetrievalTally o) {
        questions += o.questions;
        precision += o.precision;
        recall += o.recall;
        f1 += o.f1;
        fullRecall += o.fullRecall;
        tables += o.tables;
    }

    public long getQuestions() {
        return questions;
    }

    private double avg(double sum) {
        return questions == 0 ? 0 : sum / questions;
    }

    public double getPrecision() {
        return avg(precision);
    }

    public double getRecall() {
        return avg(recall);
    }

    public double getF1() {
        return avg(f1);
    }

    public double getFullRecallRate() {
        return avg(fullRecall);
    }

    public double getAvgTables() {
        return avg(tables);
    }
}
