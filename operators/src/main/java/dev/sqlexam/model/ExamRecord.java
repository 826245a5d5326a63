package dev.sqlexam.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * One line of the exam log: the whole story of one question in one run, in named parts (what was
 * asked, the answer, its grade, timing, the failure analysis, the stages' traces) and the
 * question's extra fields. The log line is flat: each part's fields stand at the top level under
 * their own names ({@code ExamLogGoldenTest} pins them).
 */
public record ExamRecord(
        @JsonUnwrapped Asked asked,
        @JsonUnwrapped Answer answer,
        @JsonUnwrapped Grade grade,
        @JsonUnwrapped Timing timing,
        @JsonUnwrapped Failure failure,
        @JsonUnwrapped Traces traces,
        @JsonRawValue @JsonProperty("extras") @JsonDeserialize(using = RawJsonText.class)
                String extrasJson)
        implements Serializable {

    /**
     * The question as the run asked it: which run, variant and repetition, and the exam set's line.
     */
    public record Asked(
            String runId,
            String variant,
            int repetition,
            String questionId,
            long lineNumber,
            String db,
            String question,
            String difficulty,
            String module,
            String category,
            String goldSql)
            implements Serializable {

        /** What {@code task} asked: its run, variant and repetition, and its question's line. */
        public static Asked of(ExamTask task) {
            ExamQuestion q = task.question();
            return new Asked(
                    task.runId(),
                    task.variant(),
                    task.repetition(),
                    q.id(),
                    q.lineNumber(),
                    q.db(),
                    q.question(),
                    q.difficulty(),
                    q.module(),
                    q.category(),
                    q.goldSql());
        }
    }

    /**
     * Who answered and with what: the chosen SQL, every candidate, and (pass@k) which candidates
     * were right.
     */
    public record Answer(
            String generator,
            String predSql,
            List<String> candidates,
            List<Boolean> candidateCorrect)
            implements Serializable {

        /** No answer: the generator wrote nothing. */
        public static Answer none(String generator) {
            return new Answer(generator, null, null, null);
        }
    }

    /**
     * The grade: strict and lenient execution match with their reasons, BIRD's set match, which
     * gold matched (-1: none), whether order counted, both row counts (-1: not run), the
     * comparison's detail, and for a wrong prediction the rows that show it ({@code evidence}).
     */
    public record Grade(
            boolean correct,
            String reason,
            boolean lenientCorrect,
            String lenientReason,
            Boolean birdCorrect,
            int matchedGold,
            boolean orderMatters,
            int goldRows,
            int predRows,
            String gradeDetail,
            Double softF1,
            SuiteGrade suite,
            Boolean spiderCorrect,
            Boolean spiderTsCorrect,
            ResultEvidence evidence)
            implements Serializable {

        public Grade(
                boolean correct,
                String reason,
                boolean lenientCorrect,
                String lenientReason,
                Boolean birdCorrect,
                int matchedGold,
                boolean orderMatters,
                int goldRows,
                int predRows,
                String gradeDetail,
                Double softF1,
                SuiteGrade suite) {
            this(
                    correct,
                    reason,
                    lenientCorrect,
                    lenientReason,
                    birdCorrect,
                    matchedGold,
                    orderMatters,
                    goldRows,
                    predRows,
                    gradeDetail,
                    softF1,
                    suite,
                    null,
                    null,
                    null);
        }

        /**
         * Builds the record of {@code grade}: no official rule's verdict, Soft-F1 or suite unless
         * set.
         */
        public static Builder of(dev.sqlexam.model.Grade grade) {
            return new Builder(grade);
        }

        /** Builds a {@link Grade} by its fields' names. */
        public static final class Builder {
            private final dev.sqlexam.model.Grade grade;
            private Boolean birdCorrect;
            private Double softF1;
            private Boolean spiderCorrect;
            private Boolean spiderTsCorrect;

            private Builder(dev.sqlexam.model.Grade grade) {
                this.grade = grade;
            }

            public Builder birdCorrect(Boolean value) {
                birdCorrect = value;
                return this;
            }

            public Builder softF1(Double value) {
                softF1 = value;
                return this;
            }

            public Builder spiderCorrect(Boolean value) {
                spiderCorrect = value;
                return this;
            }

            public Builder spiderTsCorrect(Boolean value) {
                spiderTsCorrect = value;
                return this;
            }

            public Grade build() {
                return new Grade(
                        grade.correct(),
                        grade.reason().code(),
                        grade.lenientCorrect(),
                        grade.lenientReason().code(),
                        birdCorrect,
                        grade.matchedGold(),
                        grade.orderMatters(),
                        grade.goldRows(),
                        grade.predRows(),
                        grade.detail(),
                        softF1,
                        null,
                        spiderCorrect,
                        spiderTsCorrect,
                        grade.evidence());
            }
        }

        /** Not graded: {@code reason} for both the strict and the lenient verdict. */
        public static Grade notGraded(String reason, String detail) {
            return new Grade(
                    false, reason, false, reason, null, -1, false, -1, -1, detail, null, null);
        }

        /**
         * This grade with the test suite's verdict: wrong with reason {@code suite_mismatch} where
         * the suite overturned it.
         */
        public Grade withSuite(SuiteGrade verdict) {
            String mismatch = GradeReason.SUITE_MISMATCH.code();
            return new Grade(
                    correct && verdict.correct(),
                    correct && !verdict.correct() ? mismatch : reason,
                    lenientCorrect && verdict.lenientCorrect(),
                    lenientCorrect && !verdict.lenientCorrect() ? mismatch : lenientReason,
                    birdCorrect,
                    matchedGold,
                    orderMatters,
                    goldRows,
                    predRows,
                    gradeDetail,
                    softF1,
                    verdict,
                    spiderCorrect,
                    spiderTsCorrect,
                    evidence);
        }
    }

    /**
     * How long the gold and the prediction ran, the whole question took, and how many gold queries
     * this record ran itself (0: cached).
     */
    public record Timing(long goldMs, long predMs, long totalMs, int goldExecuted)
            implements Serializable {}

    /**
     * What failed and why: the error class, SQLSTATE and message of the query that failed (the
     * prediction's, else the gold's), the failure category and its explanation, and whether
     * retrieval found the gold's tables.
     */
    public record Failure(
            String errorClass,
            String sqlstate,
            String error,
            String failureType,
            String failureDetails,
            Boolean goldTablesRetrieved)
            implements Serializable {

        public static final Failure NONE = new Failure(null, null, null, null, null, null);
    }

    /** Every stage's trace, and the retrieval, generation and evaluation traces in full. */
    public record Traces(
            List<StageTrace> trace,
            RetrievalTrace retrieval,
            GenerationTrace generation,
            EvaluationTrace evaluation)
            implements Serializable {

        public Traces {
            trace = trace == null ? new ArrayList<>() : new ArrayList<>(trace);
        }
    }

    public ExamRecord {
        if (asked == null)
            throw new IllegalArgumentException("an exam record needs the question it answers");
        if (answer == null) answer = Answer.none(null);
        if (grade == null) grade = Grade.notGraded(null, null);
        if (timing == null) timing = new Timing(0, 0, 0, 0);
        if (failure == null) failure = Failure.NONE;
        if (traces == null) traces = new Traces(null, null, null, null);
    }

    /** The upsert key of the exam.results table. */
    public String key() {
        return runId() + "/" + variant() + "/" + repetition() + "/" + questionId();
    }

    public String runId() {
        return asked.runId();
    }

    public String variant() {
        return asked.variant();
    }

    public int repetition() {
        return asked.repetition();
    }

    public String questionId() {
        return asked.questionId();
    }

    public long lineNumber() {
        return asked.lineNumber();
    }

    public String db() {
        return asked.db();
    }

    public String question() {
        return asked.question();
    }

    public String difficulty() {
        return asked.difficulty();
    }

    public String module() {
        return asked.module();
    }

    public String category() {
        return asked.category();
    }

    public String goldSql() {
        return asked.goldSql();
    }

    public String generator() {
        return answer.generator();
    }

    public String predSql() {
        return answer.predSql();
    }

    public List<String> candidates() {
        return answer.candidates();
    }

    public List<Boolean> candidateCorrect() {
        return answer.candidateCorrect();
    }

    public boolean correct() {
        return grade.correct();
    }

    public String reason() {
        return grade.reason();
    }

    public boolean lenientCorrect() {
        return grade.lenientCorrect();
    }

    public String lenientReason() {
        return grade.lenientReason();
    }

    public Boolean spiderCorrect() {
        return grade.spiderCorrect();
    }

    public Boolean spiderTsCorrect() {
        return grade.spiderTsCorrect();
    }

    public Boolean birdCorrect() {
        return grade.birdCorrect();
    }

    public int matchedGold() {
        return grade.matchedGold();
    }

    public boolean orderMatters() {
        return grade.orderMatters();
    }

    public int goldRows() {
        return grade.goldRows();
    }

    public int predRows() {
        return grade.predRows();
    }

    public String gradeDetail() {
        return grade.gradeDetail();
    }

    public long goldMs() {
        return timing.goldMs();
    }

    public long predMs() {
        return timing.predMs();
    }

    public long totalMs() {
        return timing.totalMs();
    }

    public int goldExecuted() {
        return timing.goldExecuted();
    }

    public String errorClass() {
        return failure.errorClass();
    }

    public String sqlstate() {
        return failure.sqlstate();
    }

    public String error() {
        return failure.error();
    }

    public String failureType() {
        return failure.failureType();
    }

    public String failureDetails() {
        return failure.failureDetails();
    }

    public Boolean goldTablesRetrieved() {
        return failure.goldTablesRetrieved();
    }

    public List<StageTrace> trace() {
        return traces.trace();
    }

    public RetrievalTrace retrieval() {
        return traces.retrieval();
    }

    public GenerationTrace generation() {
        return traces.generation();
    }

    public EvaluationTrace evaluation() {
        return traces.evaluation();
    }
}
