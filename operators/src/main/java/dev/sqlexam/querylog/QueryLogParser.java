package dev.sqlexam.querylog;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.examset.JsonFields;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.QueryLogEvent;
import dev.sqlexam.model.RejectedLine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.Serializable;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Set;

/**
 * Reads one query-log event (a JSONL line or a Kafka record's value). Required: {@code ts}
 * (ISO-8601 with an offset or {@code Z}, or epoch milliseconds), {@code app}, {@code db}, {@code
 * question}, {@code sql}; optional: {@code outcome} ({@code ok} or {@code error}), {@code
 * sqlstate}, {@code error}, {@code rows}, {@code latency_ms}, {@code model}, {@code
 * prompt_version}, {@code session_id}, {@code feedback}, {@code gold_sql}; anything else passes
 * through. An event that cannot be used is rejected with its source position and the reason, never
 * thrown.
 */
public final class QueryLogParser implements Serializable {

    static final Set<String> KNOWN_FIELDS =
            Set.of(
                    "ts",
                    "app",
                    "db",
                    "question",
                    "sql",
                    "outcome",
                    "sqlstate",
                    "error",
                    "rows",
                    "latency_ms",
                    "model",
                    "prompt_version",
                    "session_id",
                    "feedback",
                    "gold_sql");

    /**
     * An event, or why the text is not one (exactly one of the two; both null for a blank line).
     */
    public record Parsed(QueryLogEvent event, RejectedLine rejected) {}

    public Parsed parse(String source, long position, String text) {
        if (text == null || text.isBlank()) return new Parsed(null, null);
        try {
            return new Parsed(event(source, position, text), null);
        } catch (JsonFields.Invalid e) {
            return new Parsed(null, new RejectedLine(source, position, e.getMessage(), text));
        }
    }

    private static QueryLogEvent event(String source, long position, String text)
            throws JsonFields.Invalid {
        JsonNode node;
        try {
            node = Json.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new JsonFields.Invalid("invalid JSON: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject()) throw new JsonFields.Invalid("not a JSON object");
        long ts = eventTime(node.get("ts"));
        String db = JsonFields.requiredText(node, "db");
        if (!JdbcUrlTemplate.isSafeDatabaseName(db))
            throw new JsonFields.Invalid("invalid database name '" + db + "'");
        String outcome = JsonFields.optionalText(node, "outcome");
        if (outcome != null && !outcome.equals("ok") && !outcome.equals("error")) {
            throw new JsonFields.Invalid("outcome must be ok or error, was '" + outcome + "'");
        }
        ObjectNode extras = Json.MAPPER.createObjectNode();
        node.fields()
                .forEachRemaining(
                        e -> {
                            if (!KNOWN_FIELDS.contains(e.getKey()))
                                extras.set(e.getKey(), e.getValue());
                        });
        return QueryLogEvent.of(
                        ts,
                        JsonFields.requiredText(node, "app"),
                        db,
                        JsonFields.requiredText(node, "question"),
                        JsonFields.requiredText(node, "sql"))
                .outcome(
                        outcome,
                        JsonFields.optionalText(node, "sqlstate"),
                        JsonFields.optionalText(node, "error"))
                .rows(JsonFields.optionalCount(node, "rows"))
                .latencyMs(JsonFields.optionalCount(node, "latency_ms"))
                .model(JsonFields.optionalText(node, "model"))
                .promptVersion(JsonFields.optionalText(node, "prompt_version"))
                .sessionId(JsonFields.optionalText(node, "session_id"))
                .feedback(JsonFields.optionalText(node, "feedback"))
                .goldSql(JsonFields.optionalText(node, "gold_sql"))
                .extrasJson(extras.isEmpty() ? null : extras.toString())
                .readAt(source, position)
                .build();
    }

    /**
     * Epoch milliseconds of {@code ts}: a whole number of milliseconds, or ISO-8601 text that says
     * its offset.
     */
    static long eventTime(JsonNode ts) throws JsonFields.Invalid {
        if (ts == null || ts.isNull()) throw new JsonFields.Invalid("missing field 'ts'");
        if (ts.isIntegralNumber()) return positive(ts.asLong());
        if (!ts.isTextual() || ts.asText().isBlank())
            throw new JsonFields.Invalid("field 'ts' must be ISO-8601 text or epoch milliseconds");
        String text = ts.asText().trim();
        if (text.chars().allMatch(Character::isDigit)) return positive(Long.parseLong(text));
        try {
            return OffsetDateTime.parse(text).toInstant().toEpochMilli();
        } catch (DateTimeException offsetMissing) {
            try {
                return Instant.parse(text).toEpochMilli();
            } catch (DateTimeException e) {
                JsonFields.Invalid invalid =
                        new JsonFields.Invalid(
                                "field 'ts' is not ISO-8601 with an offset (2026-11-23T10:15:30Z, …+01:00) nor epoch "
                                        + "milliseconds: '"
                                        + text
                                        + "'",
                                e);
                invalid.addSuppressed(offsetMissing);
                throw invalid;
            }
        }
    }

    private static long positive(long ms) throws JsonFields.Invalid {
        if (ms <= 0) throw new JsonFields.Invalid("field 'ts' must be after 1970, was " + ms);
        if (ms < 100_000_000_000L)
            throw new JsonFields.Invalid(
                    "field 'ts' looks like epoch seconds (" + ms + "); give milliseconds");
        return ms;
    }
}
