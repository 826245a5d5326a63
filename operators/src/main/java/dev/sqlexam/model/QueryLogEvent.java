package dev.sqlexam.model;

import java.io.Serializable;

/**
 * One event of an NL2SQL application's query log: when ({@code eventTimeMs}, event time), which app
 * and database, the user's question, the SQL the app ran, and what the app knows of how it went
 * (null when it does not say). Unknown fields pass through as {@code extrasJson}; {@code source}
 * and {@code position} say where the event was read (file and line, or topic-partition and offset).
 */
public record QueryLogEvent(
        long eventTimeMs,
        String app,
        String db,
        String question,
        String sql,
        String outcome,
        String sqlstate,
        String error,
        Long rows,
        Long latencyMs,
        String model,
        String promptVersion,
        String sessionId,
        String feedback,
        String goldSql,
        String extrasJson,
        String source,
        long position)
        implements Serializable {

    public boolean failedInTheApp() {
        return "error".equals(outcome);
    }

    /**
     * Builds the event at {@code eventTimeMs} of {@code app} on {@code db}, its question and SQL:
     * null where not set, read at position 0 of no source.
     */
    public static Builder of(long eventTimeMs, String app, String db, String question, String sql) {
        return new Builder(eventTimeMs, app, db, question, sql);
    }

    /** Builds a {@link QueryLogEvent} by its fields' names. */
    public static final class Builder {
        private final long eventTimeMs;
        private final String app;
        private final String db;
        private final String question;
        private final String sql;
        private String outcome;
        private String sqlstate;
        private String error;
        private Long rows;
        private Long latencyMs;
        private String model;
        private String promptVersion;
        private String sessionId;
        private String feedback;
        private String goldSql;
        private String extrasJson;
        private String source;
        private long position;

        private Builder(long eventTimeMs, String app, String db, String question, String sql) {
            this.eventTimeMs = eventTimeMs;
            this.app = app;
            this.db = db;
            this.question = question;
            this.sql = sql;
        }

        public Builder outcome(String value, String sqlstate, String error) {
            outcome = value;
            this.sqlstate = sqlstate;
            this.error = error;
            return this;
        }

        public Builder rows(Long value) {
            rows = value;
            return this;
        }

        public Builder latencyMs(Long value) {
            latencyMs = value;
            return this;
        }

        public Builder model(String value) {
            model = value;
            return this;
        }

        public Builder promptVersion(String value) {
            promptVersion = value;
            return this;
        }

        public Builder sessionId(String value) {
            sessionId = value;
            return this;
        }

        public Builder feedback(String value) {
            feedback = value;
            return this;
        }

        public Builder goldSql(String value) {
            goldSql = value;
            return this;
        }

        public Builder extrasJson(String value) {
            extrasJson = value;
            return this;
        }

        /** Where the event was read: file and line, or topic-partition and offset. */
        public Builder readAt(String source, long position) {
            this.source = source;
            this.position = position;
            return this;
        }

        public QueryLogEvent build() {
            return new QueryLogEvent(
                    eventTimeMs,
                    app,
                    db,
                    question,
                    sql,
                    outcome,
                    sqlstate,
                    error,
                    rows,
                    latencyMs,
                    model,
                    promptVersion,
                    sessionId,
                    feedback,
                    goldSql,
                    extrasJson,
                    source,
                    position);
        }
    }
}
