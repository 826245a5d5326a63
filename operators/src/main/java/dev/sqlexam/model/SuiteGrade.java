package dev.sqlexam.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * The test suite's verdict on a prediction (present when the run grades with {@code --test-suite
 * N}): whether it matched the gold on every suite database it was checked on besides the exam
 * database, the exam database's own verdict, and, when it did not, where and how it differed
 * ({@code kind}: {@code result_differs}, or {@code suite_error} when the prediction failed where
 * the gold ran) with the evidence. {@code skipped}: suite databases not used for this question and
 * why (a gold that errs, times out or cuts a tie there: {@code gold_suite_error}; a server that
 * failed). {@code unchecked}: no suite database could judge it (every one was set aside for the
 * gold it matched): the exam database's verdict stands, counted apart as {@code suite_unchecked},
 * never as checked.
 */
public record SuiteGrade(
        boolean correct,
        boolean lenientCorrect,
        int databases,
        int checked,
        boolean examDbCorrect,
        String examDbReason,
        boolean examDbLenientCorrect,
        String kind,
        String database,
        String detail,
        List<String> skipped,
        Evidence evidence,
        boolean unchecked)
        implements Serializable {

    public static final String UNCHECKED = "suite_unchecked";

    public SuiteGrade {
        skipped = skipped == null ? null : new ArrayList<>(skipped);
    }

    public static final String RESULT_DIFFERS = "result_differs";
    public static final String SUITE_ERROR = "suite_error";

    /** True when the exam database graded the prediction correct and a suite database did not. */
    public boolean overturned() {
        return examDbCorrect && !correct && !unchecked;
    }

    /**
     * Builds the verdict, strict and lenient, on a prediction: no databases, null, false or 0 where
     * not set.
     */
    public static Builder of(boolean correct, boolean lenientCorrect) {
        return new Builder(correct, lenientCorrect);
    }

    /** Builds a {@link SuiteGrade} by its fields' names. */
    public static final class Builder {
        private final boolean correct;
        private final boolean lenientCorrect;
        private int databases;
        private int checked;
        private boolean examDbCorrect;
        private String examDbReason;
        private boolean examDbLenientCorrect;
        private String kind;
        private String database;
        private String detail;
        private List<String> skipped;
        private Evidence evidence;
        private boolean unchecked;

        private Builder(boolean correct, boolean lenientCorrect) {
            this.correct = correct;
            this.lenientCorrect = lenientCorrect;
        }

        public Builder databases(int value, int checked) {
            databases = value;
            this.checked = checked;
            return this;
        }

        public Builder examDb(boolean correct, String reason, boolean lenientCorrect) {
            examDbCorrect = correct;
            examDbReason = reason;
            examDbLenientCorrect = lenientCorrect;
            return this;
        }

        /** Where and how the prediction differed, with the evidence. */
        public Builder difference(String kind, String database, String detail, Evidence evidence) {
            this.kind = kind;
            this.database = database;
            this.detail = detail;
            this.evidence = evidence;
            return this;
        }

        public Builder skipped(List<String> value) {
            skipped = value;
            return this;
        }

        public Builder unchecked(boolean value) {
            unchecked = value;
            return this;
        }

        public SuiteGrade build() {
            return new SuiteGrade(
                    correct,
                    lenientCorrect,
                    databases,
                    checked,
                    examDbCorrect,
                    examDbReason,
                    examDbLenientCorrect,
                    kind,
                    database,
                    detail,
                    skipped,
                    evidence,
                    unchecked);
        }
    }

    /**
     * Rows that tell the two queries apart: the rows of the tables both read on one suite database,
     * shrunk while the two results still differ ({@code minimal}), and both results on those rows
     * alone (at most 20 rows each shown).
     */
    public record Evidence(
            String database,
            List<Table> tables,
            List<List<String>> goldRows,
            List<List<String>> predRows,
            String predError,
            boolean minimal,
            String note)
            implements Serializable {

        public Evidence {
            tables = tables == null ? null : new ArrayList<>(tables);
            goldRows = plainRows(goldRows);
            predRows = plainRows(predRows);
        }
    }

    /** One table's rows of the evidence, as text (null: SQL NULL). */
    public record Table(String name, List<String> columns, List<List<String>> rows)
            implements Serializable {

        public Table {
            columns = columns == null ? null : new ArrayList<>(columns);
            rows = SuiteGrade.plainRows(rows);
        }
    }

    /** Plain lists (cells may be null, which the job's serializer accepts only in plain lists). */
    static List<List<String>> plainRows(List<List<String>> rows) {
        if (rows == null) return null;
        List<List<String>> out = new ArrayList<>(rows.size());
        for (List<String> r : rows) out.add(r == null ? null : new ArrayList<>(r));
        return out;
    }
}
