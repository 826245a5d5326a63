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
}
