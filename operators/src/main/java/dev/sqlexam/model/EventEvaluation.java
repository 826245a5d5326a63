package dev.sqlexam.model;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.io.Serializable;
import java.util.List;

/**
 * What sqlexam made of one query-log event, in named parts: where it came from, the checks of the
 * app's SQL (the guard's verdict, the lint issues, EXPLAIN as the read-only role), the outcome (the
 * app's report, else EXPLAIN's: ok, empty_result or an error class of the exam), the grade when the
 * event carries gold SQL (null fields otherwise), the evaluation's time and the retrieval check
 * (null when the watch does not check retrieval or did not sample the event). The line in
 * evaluations.jsonl is flat: each part's fields stand at the top level under their own names.
 */
public record EventEvaluation(
        @JsonUnwrapped Origin origin,
        @JsonUnwrapped Checks checks,
        @JsonUnwrapped Outcome outcome,
        @JsonUnwrapped Grade grade,
        long evaluationMs,
        TableRecall retrieval)
        implements Serializable {

    /** The event as the app logged it: when, which app and database, the question and its SQL. */
    public record Origin(
            long eventTimeMs,
            String app,
            String db,
            String promptVersion,
            String model,
            String source,
            long position,
            String question,
            String sql)
            implements Serializable {

        public static Origin of(QueryLogEvent e) {
            return new Origin(
                    e.eventTimeMs(),
                    e.app(),
                    e.db(),
                    e.promptVersion(),
                    e.model(),
                    e.source(),
                    e.position(),
                    e.question(),
                    e.sql());
        }
    }

    /** What sqlexam checked of the app's SQL: the guard's verdict, lint, EXPLAIN. */
    public record Checks(
            boolean blocked, String blockReason, List<String> lintWarnings, ExplainOutcome explain)
            implements Serializable {

        public Checks {
            lintWarnings = lintWarnings == null ? List.of() : List.copyOf(lintWarnings);
        }

        /** Nothing checked. */
        public static Checks none() {
            return new Checks(false, null, List.of(), null);
        }
    }

    /** The event's outcome class and what the app reported with it. */
    public record Outcome(
            String outcomeClass, String sqlstate, Long latencyMs, Long rows, String feedback)
            implements Serializable {

        /** {@code outcomeClass} with the app's own report of {@code e}. */
        public static Outcome of(String outcomeClass, QueryLogEvent e) {
            return new Outcome(outcomeClass, e.sqlstate(), e.latencyMs(), e.rows(), e.feedback());
        }
    }

    /** The grade of an event that carries gold SQL (all null when it carries none). */
    public record Grade(Boolean correct, String gradeReason, String gradeDetail)
            implements Serializable {

        public static Grade none() {
            return new Grade(null, null, null);
        }
    }

    public boolean graded() {
        return grade.correct() != null;
    }

    public long eventTimeMs() {
        return origin.eventTimeMs();
    }

    public String app() {
        return origin.app();
    }

    public String db() {
        return origin.db();
    }

    public String promptVersion() {
        return origin.promptVersion();
    }

    public String model() {
        return origin.model();
    }

    public String source() {
        return origin.source();
    }

    public long position() {
        return origin.position();
    }

    public String question() {
        return origin.question();
    }

    public String sql() {
        return origin.sql();
    }

    public boolean blocked() {
        return checks.blocked();
    }

    public String blockReason() {
        return checks.blockReason();
    }

    public List<String> lintWarnings() {
        return checks.lintWarnings();
    }

    public ExplainOutcome explain() {
        return checks.explain();
    }

    public String outcomeClass() {
        return outcome.outcomeClass();
    }

    public String sqlstate() {
        return outcome.sqlstate();
    }

    public Long latencyMs() {
        return outcome.latencyMs();
    }

    public Long rows() {
        return outcome.rows();
    }

    public String feedback() {
        return outcome.feedback();
    }

    public Boolean correct() {
        return grade.correct();
    }

    public String gradeReason() {
        return grade.gradeReason();
    }

    public String gradeDetail() {
        return grade.gradeDetail();
    }
}
