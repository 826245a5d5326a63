package dev.sqlexam.examset;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.RejectedLine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.Set;

/**
 * Turns one JSONL line into an {@link ExamQuestion}, or says precisely why it cannot. Unknown
 * fields are kept and passed through to the exam log.
 */
public final class ExamLineParser implements Serializable {

    static final Set<String> KNOWN_FIELDS =
            Set.of(
                    "id",
                    "db",
                    "question",
                    "gold_sql",
                    "gold_sql_alternatives",
                    "gold_tables",
                    "difficulty",
                    "module",
                    "category",
                    "evidence",
                    "instructions",
                    "order_matters",
                    "source_index",
                    "db_file",
                    "benchmark");

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

    /**
     * The result of parsing one line: a question, a rejection, or nothing (a blank line). {@code
     * serverDatabase} is the database on the server the line names, once the line got as far as
     * naming a valid one (null for a SQLite file's line): {@link #onServer} checks it against the
     * server's list later.
     */
    public record Parsed(ExamQuestion question, RejectedLine rejected, String serverDatabase) {

        private static final Parsed BLANK = new Parsed(null, null, null);
    }

    public Parsed parse(long lineNumber, String line) {
        if (line == null || line.isBlank()) return Parsed.BLANK;
        String serverDatabase = null;
        try {
            JsonNode node = object(line);
            String id = JsonFields.optionalText(node, "id");
            if (id == null) id = "line-" + lineNumber;
            String question = JsonFields.requiredText(node, "question");
            String goldSql = JsonFields.requiredText(node, "gold_sql");
            String db = JsonFields.requiredText(node, "db");
            if (!JdbcUrlTemplate.isSafeDatabaseName(db))
                throw new JsonFields.Invalid("invalid database name '" + db + "'");
            String dbFile = sqliteFile(node);
            if (dbFile == null) serverDatabase = db;
            if (dbFile == null && !known(db, knownDatabases))
                throw unknownDatabase(db, knownDatabases);
            return new Parsed(
                    toQuestion(lineNumber, node, new Head(id, question, goldSql, db, dbFile)),
                    null,
                    serverDatabase);
        } catch (JsonFields.Invalid e) {
            return new Parsed(
                    null,
                    new RejectedLine(source, lineNumber, e.getMessage(), line),
                    serverDatabase);
        }
    }

    /**
     * {@code parsed} (line {@code lineNumber}, text {@code line}) as a parser that knows the
     * server's {@code databases} parses it: a line naming a database the server lacks is rejected
     * for that, whatever else it lacks.
     */
    public Parsed onServer(Parsed parsed, long lineNumber, String line, Set<String> databases) {
        String db = parsed.serverDatabase();
        if (db == null || known(db, databases)) return parsed;
        return new Parsed(
                null,
                new RejectedLine(
                        source, lineNumber, unknownDatabase(db, databases).getMessage(), line),
                db);
    }

    private static boolean known(String db, Set<String> databases) {
        return databases == null || databases.contains(db);
    }

    private static JsonFields.Invalid unknownDatabase(String db, Set<String> databases) {
        return new JsonFields.Invalid(
                "unknown database '"
                        + db
                        + "' (the server has: "
                        + String.join(", ", databases.stream().sorted().toList())
                        + ")");
    }

    private static JsonNode object(String line) throws JsonFields.Invalid {
        JsonNode node;
        try {
            node = Json.MAPPER.readTree(line);
        } catch (JsonProcessingException e) {
            throw new JsonFields.Invalid("invalid JSON: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject()) throw new JsonFields.Invalid("not a JSON object");
        return node;
    }

    /** The fields checked before the server's list of databases is. */
    private record Head(String id, String question, String goldSql, String db, String dbFile) {}

    private ExamQuestion toQuestion(long lineNumber, JsonNode node, Head head)
            throws JsonFields.Invalid {
        String id = head.id();
        String db = head.db();
        String question = head.question();
        String goldSql = head.goldSql();
        String dbFile = head.dbFile();
        Boolean orderMatters = null;
        if (node.hasNonNull("order_matters")) {
            if (!node.get("order_matters").isBoolean())
                throw new JsonFields.Invalid("order_matters must be true or false");
            orderMatters = node.get("order_matters").booleanValue();
        }
        Long sourceIndex = JsonFields.optionalCount(node, "source_index");
        if (sourceIndex != null && sourceIndex > Integer.MAX_VALUE)
            throw new JsonFields.Invalid("field 'source_index' is too large");
        String evidence = JsonFields.optionalText(node, "evidence");
        if (evidence == null) evidence = JsonFields.optionalText(node, "instructions");
        ObjectNode extras = Json.MAPPER.createObjectNode();
        node.fields()
                .forEachRemaining(
                        e -> {
                            if (!KNOWN_FIELDS.contains(e.getKey()))
                                extras.set(e.getKey(), e.getValue());
                        });
        return ExamQuestion.builder(id, db, question, goldSql)
                .goldSqlAlternatives(JsonFields.textList(node, "gold_sql_alternatives"))
                .goldTables(JsonFields.textList(node, "gold_tables"))
                .difficulty(JsonFields.optionalText(node, "difficulty"))
                .module(JsonFields.optionalText(node, "module"))
                .category(JsonFields.optionalText(node, "category"))
                .evidence(evidence)
                .orderMatters(orderMatters)
                .lineNumber(lineNumber)
                .extrasJson(extras.isEmpty() ? null : extras.toString())
                .sourceIndex(sourceIndex == null ? null : sourceIndex.intValue())
                .dbFile(dbFile)
                .benchmark(benchmark(node))
                .build();
    }

    /**
     * The line's SQLite file ({@code db_file}, relative to the exam set's folder); null for a
     * database on the server.
     */
    private String sqliteFile(JsonNode node) throws JsonFields.Invalid {
        String file = JsonFields.optionalText(node, "db_file");
        if (file == null) return null;
        Path path = Path.of(file);
        if (!path.isAbsolute()) {
            Path folder = Path.of(source).toAbsolutePath().getParent();
            path = folder == null ? path.toAbsolutePath() : folder.resolve(path);
        }
        // a file that is not there fails each of its questions as the infrastructure's (counted,
        // listed), as a database missing from a server does
        path = path.normalize();
        return path.toString();
    }

    private static String benchmark(JsonNode node) throws JsonFields.Invalid {
        String b = JsonFields.optionalText(node, "benchmark");
        if (b == null) return null;
        b = b.toLowerCase(java.util.Locale.ROOT);
        if (!b.equals("spider") && !b.equals("bird"))
            throw new JsonFields.Invalid("benchmark must be spider or bird, not '" + b + "'");
        return b;
    }
}
