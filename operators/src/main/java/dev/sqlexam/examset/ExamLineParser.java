package dev.sqlexam.examset;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.RejectedLine;
import dev.sqlexam.json.Json;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Turns one JSONL line into an {@link ExamQuestion}, or says precisely why it cannot. Unknown
 * fields are kept and passed through to the exam log.
 */
public final class ExamLineParser implements Serializable {

    static final Set<String> KNOWN_FIELDS = Set.of("id", "db", "question", "gold_sql", "gold_sql_alternatives",
            "gold_tables", "difficulty", "module", "category", "evidence", "instructions", "order_matters");

    private final String source;
    private final Set<String> knownDatabases;

    /** {@code knownDatabases} null means every database name is accepted (single-database URL). */
    public ExamLineParser(String source, Set<String> knownDatabases) {
        this.source = source;
        this.knownDatabases = knownDatabases;
    }

    public String source() {
        return source;
    }

    /** The result of parsing one line: a question, a rejection, or nothing (a blank line). */
    public record Parsed(ExamQuestion question, RejectedLine rejected) {}

    public Parsed parse(long lineNumber, String line) {
        if (line == null || line.isBlank()) return new Parsed(null, null);
        try {
            return new Parsed(toQuestion(lineNumber, line), null);
        } catch (BadLine e) {
            return new Parsed(null, new RejectedLine(source, lineNumber, e.getMessage(), line));
        }
    }

    private ExamQuestion toQuestion(long lineNumber, String line) throws BadLine {
        JsonNode node;
        try {
            node = Json.MAPPER.readTree(line);
        } catch (JsonProcessingException e) {
            throw new BadLine("invalid JSON: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject()) throw new BadLine("not a JSON object");
        String id = optionalText(node, "id");
        if (id == null) id = "line-" + lineNumber;
        String question = requiredText(node, "question");
        String goldSql = requiredText(node, "gold_sql");
        String db = requiredText(node, "db");
        if (!JdbcUrlTemplate.isSafeDatabaseName(db)) throw new BadLine("invalid database name '" + db + "'");
        if (knownDatabases != null && !knownDatabases.contains(db)) {
            throw new BadLine("unknown database '" + db + "' (the server has: " + String.join(", ", knownDatabases.stream().sorted().toList()) + ")");
        }
        Boolean orderMatters = null;
        if (node.hasNonNull("order_matters")) {
            if (!node.get("order_matters").isBoolean()) throw new BadLine("order_matters must be true or false");
            orderMatters = node.get("order_matters").booleanValue();
        }
        String evidence = optionalText(node, "evidence");
        if (evidence == null) evidence = optionalText(node, "instructions");
        ObjectNode extras = Json.MAPPER.createObjectNode();
        node.fields().forEachRemaining(e -> {
            if (!KNOWN_FIELDS.contains(e.getKey())) extras.set(e.getKey(), e.getValue());
        });
        return new ExamQuestion(id, db, question, goldSql, textList(node, "gold_sql_alternatives"),
                textList(node, "gold_tables"), optionalText(node, "difficulty"), optionalText(node, "module"),
                optionalText(node, "category"), evidence, orderMatters, lineNumber,
                extras.isEmpty() ? null : extras.toString());
    }

    private static String requiredText(JsonNode node, String field) throws BadLine {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) throw new BadLine("missing field '" + field + "'");
        if (!value.isTextual()) throw new BadLine("field '" + field + "' must be a string");
        if (value.asText().isBlank()) throw new BadLine("field '" + field + "' is empty");
        return value.asText();
    }

    private static String optionalText(JsonNode node, String field) throws BadLine {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) return null;
        if (value.isTextual() || value.isNumber()) return value.asText().isBlank() ? null : value.asText();
        throw new BadLine("field '" + field + "' must be a string");
    }

    private static List<String> textList(JsonNode node, String field) throws BadLine {
        JsonNode value = node.get(field);
        List<String> out = new ArrayList<>();
        if (value == null || value.isNull()) return out;
        if (!value.isArray()) throw new BadLine("field '" + field + "' must be a list of strings");
        for (JsonNode item : value) {
            if (!item.isTextual() || item.asText().isBlank()) throw new BadLine("field '" + field + "' must hold non-empty strings");
            out.add(item.asText());
        }
        return out;
    }

    private static final class BadLine extends Exception {
        BadLine(String message) {
            super(message);
        }
    }
}
