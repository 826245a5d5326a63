package dev.sqlexam.suite.independent;

import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamQuestion;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The hand-written cases of {@code src/test/resources/suite-cases/}: for each schema ({@code erp},
 * {@code demo}: the project's exam sets; {@code clinic}: a schema of its own in {@code clinic/})
 * predictions that are wrong (with a witness: INSERTs into an empty copy of the schema on which
 * they differ from every gold) or right (controls).
 */
final class CaseFiles {

    static final List<String> SCHEMAS = List.of("erp", "demo", "clinic");

    private CaseFiles() {}

    record Case(
            String schema,
            int line,
            String questionId,
            String sql,
            boolean wrong,
            String kind,
            List<String> witness,
            String note,
            Boolean agreesOnExam) {

        String label() {
            return schema + ".jsonl:" + line + " " + questionId + " [" + kind + "]";
        }
    }

    static List<Case> cases(String schema) throws IOException {
        List<Case> out = new ArrayList<>();
        int line = 0;
        for (String text : resource("/suite-cases/" + schema + ".jsonl")) {
            line++;
            if (text.isBlank()) continue;
            JsonNode n = Json.MAPPER.readTree(text);
            String expect = n.path("expect").asText();
            if (!expect.equals("wrong") && !expect.equals("right"))
                throw new IllegalStateException(schema + ":" + line + " expect " + expect);
            List<String> witness = new ArrayList<>();
            n.path("witness").forEach(w -> witness.add(w.asText()));
            out.add(
                    new Case(
                            schema,
                            line,
                            n.path("question_id").asText(),
                            n.path("sql").asText(),
                            expect.equals("wrong"),
                            n.path("kind").asText(),
                            witness,
                            n.path("note").asText(),
                            n.has("agrees_on_exam") ? n.get("agrees_on_exam").asBoolean() : null));
        }
        return out;
    }

    /**
     * The schema's questions, their {@code db} set to {@code database} (where the exam database
     * really is).
     */
    static List<ExamQuestion> questions(String schema, String database) throws IOException {
        List<String> lines =
                schema.equals("clinic")
                        ? resource("/suite-cases/clinic/questions.jsonl")
                        : Files.readAllLines(examSets().resolve(schema).resolve(schema + ".jsonl"));
        List<ExamQuestion> out = new ArrayList<>();
        for (String text : lines) {
            if (text.isBlank()) continue;
            JsonNode n = Json.MAPPER.readTree(text);
            List<String> alternatives = new ArrayList<>();
            n.path("gold_sql_alternatives").forEach(a -> alternatives.add(a.asText()));
            Boolean orderMatters =
                    n.has("order_matters") ? n.get("order_matters").asBoolean() : null;
            out.add(
                    new ExamQuestion(
                            n.get("id").asText(),
                            database,
                            n.get("question").asText(),
                            n.get("gold_sql").asText(),
                            alternatives,
                            List.of(),
                            null,
                            null,
                            null,
                            null,
                            orderMatters,
                            0,
                            null));
        }
        return out;
    }

    /**
     * The DDL of an empty copy: the clinic's schema.sql, or the exam database's first migration
     * (its tables, no data).
     */
    static String schemaDdl(String schema) throws IOException {
        if (schema.equals("clinic"))
            return String.join("\n", resource("/suite-cases/clinic/schema.sql"));
        return Files.readString(
                TestDatabase.migrationsDir()
                        .resolve(schema)
                        .resolve("V1__" + schema + "_schema.sql"));
    }

    static String clinicData() throws IOException {
        return String.join("\n", resource("/suite-cases/clinic/data.sql"));
    }

    private static Path examSets() {
        return TestDatabase.migrationsDir().getParent().resolve("exam-sets");
    }

    private static List<String> resource(String name) throws IOException {
        try (InputStream in = CaseFiles.class.getResourceAsStream(name)) {
            if (in == null) throw new IOException("no resource " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }
}
