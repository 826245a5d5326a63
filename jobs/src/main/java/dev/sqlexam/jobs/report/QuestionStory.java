package dev.sqlexam.jobs.report;

import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One question's whole story in a run, for the terminal ({@code ./sqlexam show RUN QUESTION_ID}):
 * the question and its gold, then per variant and run the SQL answered, the verdict and why, the
 * rows that show it side by side, the error categories, the test suite's witness, and the stages.
 */
public final class QuestionStory {

    private static final int SQL_WIDTH = 100;

    private QuestionStory() {}

    /**
     * Prints question {@code id}'s records of the run in {@code runDir}; false when the log has
     * none (the caller says so).
     */
    public static boolean print(Path runDir, String id, PrintStream out) throws IOException {
        List<JsonNode> records = recordsOf(runDir.resolve("exam_log.jsonl"), id);
        if (records.isEmpty()) return false;
        JsonNode first = records.get(0);
        out.println("question  " + id + " (" + text(first, "db") + describe(first) + ")");
        out.println("          " + text(first, "question"));
        out.println("gold      " + text(first, "gold_sql"));
        for (JsonNode r : records) {
            out.println();
            out.println(
                    "── "
                            + text(r, "variant")
                            + (r.path("repetition").asInt(1) > 1
                                    ? ", run " + r.path("repetition").asInt()
                                    : "")
                            + " "
                            + "─".repeat(40));
            out.println("answer    " + (r.hasNonNull("pred_sql") ? text(r, "pred_sql") : "(none)"));
            boolean correct = r.path("correct").asBoolean();
            out.println(
                    "verdict   "
                            + (correct ? "right" : "wrong")
                            + " ("
                            + text(r, "reason")
                            + "; lenient "
                            + text(r, "lenient_reason")
                            + ")"
                            + (r.hasNonNull("grade_detail") ? ": " + text(r, "grade_detail") : ""));
            if (r.hasNonNull("error"))
                out.println(
                        "error     "
                                + text(r, "error")
                                + (r.hasNonNull("sqlstate")
                                        ? " [" + text(r, "sqlstate") + "]"
                                        : ""));
            if (r.hasNonNull("failure_type"))
                out.println(
                        "failure   "
                                + text(r, "failure_type")
                                + (r.hasNonNull("failure_details")
                                        ? ": " + text(r, "failure_details")
                                        : ""));
            for (JsonNode c : r.path("error_categories"))
                out.println("category  " + text(c, "name") + ": " + text(c, "explanation"));
            if (r.hasNonNull("evidence")) printEvidence(r.get("evidence"), out);
            JsonNode suite = r.path("suite");
            if (suite.hasNonNull("kind")) {
                out.println(
                        "suite     "
                                + text(suite, "kind")
                                + " on "
                                + text(suite, "database")
                                + (suite.hasNonNull("detail") ? ": " + text(suite, "detail") : ""));
                JsonNode witness = suite.path("evidence");
                if (!witness.isMissingNode())
                    printSideBySide(
                            List.of(),
                            rows(witness.path("gold_rows")),
                            List.of(),
                            rows(witness.path("pred_rows")),
                            out);
            }
            StringBuilder stages = new StringBuilder();
            for (JsonNode t : r.path("trace"))
                stages.append(text(t, "stage"))
                        .append(' ')
                        .append(text(t, "status"))
                        .append(' ')
                        .append(t.path("duration_ms").asLong())
                        .append(" ms · ");
            if (stages.length() > 0)
                out.println("stages    " + stages.substring(0, stages.length() - 3));
        }
        return true;
    }

    private static String describe(JsonNode r) {
        List<String> parts = new ArrayList<>();
        for (String f : List.of("difficulty", "module", "category"))
            if (r.hasNonNull(f)) parts.add(text(r, f));
        return parts.isEmpty() ? "" : ", " + String.join(", ", parts);
    }

    private static void printEvidence(JsonNode e, PrintStream out) {
        JsonNode d = e.path("difference");
        if (!d.isMissingNode()) {
            if ("order_differs".equals(text(d, "kind")))
                out.println(
                        "differs   at row "
                                + d.path("row").asInt()
                                + ": gold "
                                + row(d.path("gold_row"))
                                + ", answer "
                                + row(d.path("pred_row")));
            else {
                if (d.hasNonNull("gold_row"))
                    out.println(
                            "missing   gold row "
                                    + row(d.get("gold_row"))
                                    + " is not in the answer");
                if (d.hasNonNull("pred_row"))
                    out.println(
                            "extra     answer row "
                                    + row(d.get("pred_row"))
                                    + " is not in the gold");
            }
        }
        printSideBySide(
                strings(e.path("gold_columns")),
                rows(e.path("gold_rows")),
                strings(e.path("pred_columns")),
                e.hasNonNull("pred_rows") ? rows(e.get("pred_rows")) : null,
                out);
        if (e.path("truncated").asBoolean())
            out.println(
                    "          (first rows only; summary.json's and the log's limits: evidence_rows)");
    }

    /** Gold rows on the left, the answer's on the right. */
    private static void printSideBySide(
            List<String> goldColumns,
            List<List<String>> gold,
            List<String> predColumns,
            List<List<String>> pred,
            PrintStream out) {
        List<String> left = new ArrayList<>();
        List<String> right = new ArrayList<>();
        if (!goldColumns.isEmpty()) left.add(String.join(" | ", goldColumns));
        for (List<String> r : gold) left.add(String.join(" | ", r));
        if (pred != null) {
            if (!predColumns.isEmpty()) right.add(String.join(" | ", predColumns));
            for (List<String> r : pred) right.add(String.join(" | ", r));
        }
        int width = Math.min(SQL_WIDTH / 2, left.stream().mapToInt(String::length).max().orElse(4));
        width = Math.max(width, 4);
        out.printf("          %-" + width + "s   %s%n", "gold", pred == null ? "" : "answer");
        for (int i = 0; i < Math.max(left.size(), right.size()); i++) {
            String l = i < left.size() ? cut(left.get(i), width) : "";
            String r = i < right.size() ? right.get(i) : "";
            out.printf("          %-" + width + "s   %s%n", l, r);
        }
    }

    private static String cut(String s, int width) {
        return s.length() <= width ? s : s.substring(0, width - 1) + "…";
    }

    private static List<JsonNode> recordsOf(Path log, String id) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        if (!Files.isRegularFile(log)) return out;
        String needle = "\"question_id\":" + Json.write(id);
        try (BufferedReader in = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (!line.contains(needle)) continue;
                JsonNode r = Json.treeOrNull(line);
                if (r != null && id.equals(r.path("question_id").asText())) out.add(r);
            }
        }
        return out;
    }

    private static List<List<String>> rows(JsonNode rows) {
        List<List<String>> out = new ArrayList<>();
        for (JsonNode r : rows) out.add(strings(r));
        return out;
    }

    private static List<String> strings(JsonNode values) {
        List<String> out = new ArrayList<>();
        for (JsonNode v : values) out.add(v.isNull() ? "NULL" : v.asText());
        return out;
    }

    private static String row(JsonNode r) {
        return "(" + String.join(", ", strings(r)) + ")";
    }

    private static String text(JsonNode node, String field) {
        return node.path(field).asText("");
    }
}
