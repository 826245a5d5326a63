package dev.sqlexam.predictions;

import dev.sqlexam.benchmarks.BenchmarkReaders;
import dev.sqlexam.benchmarks.Csv;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.RejectedLine;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * defog sql-eval's results CSV, read as its runners write it: the questions file's columns ({@code
 * db_name}, {@code question}, {@code query}, ...) with {@code generated_query} and the runner's own
 * columns ({@code correct}, {@code latency_seconds}, ...). The runners sort their rows, so a row is
 * matched to the exam set's question by database and question text, the k-th row of a question
 * asked twice to its k-th occurrence; a row no question matches is rejected with the reason.
 */
final class DefogResults {

    static final String SQL_COLUMN = "generated_query";

    private DefogResults() {}

    /** A CSV whose header names {@value #SQL_COLUMN}. */
    static boolean looksLike(String text) {
        int nl = text.indexOf('\n');
        String header = (nl < 0 ? text : text.substring(0, nl)).toLowerCase(Locale.ROOT);
        return header.contains(SQL_COLUMN) && header.contains(",");
    }

    static PredictionsFile.Parsed read(Path file, String text, List<ExamQuestion> questions) {
        List<Map<String, String>> rows;
        try {
            rows = Csv.parse(text);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    "cannot read the defog results " + file + " as CSV: " + e.getMessage(), e);
        }
        Map<String, Deque<ExamQuestion>> byText = new HashMap<>();
        for (ExamQuestion q : questions)
            byText.computeIfAbsent(key(q.db(), q.question()), k -> new ArrayDeque<>()).add(q);
        Map<String, Prediction> byId = new LinkedHashMap<>();
        List<RejectedLine> rejected = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Map<String, String> row = rows.get(i);
            long line = i + 2;
            String shown =
                    row.getOrDefault("db_name", "") + ": " + row.getOrDefault("question", "");
            String sql = row.getOrDefault(SQL_COLUMN, "").strip();
            Deque<ExamQuestion> matching =
                    byText.get(
                            key(
                                    BenchmarkReaders.database(row.getOrDefault("db_name", "")),
                                    row.getOrDefault("question", "")));
            if (matching == null || matching.isEmpty()) {
                rejected.add(
                        new RejectedLine(
                                file.toString(),
                                line,
                                matching == null
                                        ? "no question of the exam set on database '"
                                                + row.getOrDefault("db_name", "")
                                                + "' reads as this row's question"
                                        : "more rows than the exam set has questions reading as this one",
                                shown));
                continue;
            }
            ExamQuestion q = matching.poll();
            if (sql.isEmpty()) continue;
            byId.put(
                    q.id(),
                    new Prediction(
                            q.id(),
                            sql,
                            null,
                            latencyMs(row.get("latency_seconds")),
                            null,
                            null,
                            null,
                            line));
        }
        return new PredictionsFile.Parsed(byId, rejected, List.of());
    }

    private static String key(String db, String question) {
        return db.toLowerCase(Locale.ROOT) + "\u0000" + question.strip().replaceAll("\\s+", " ");
    }

    /** A decimal number as {@link Double#parseDouble} reads it (its hexadecimal form aside). */
    private static final Pattern DECIMAL =
            Pattern.compile("[+-]?(NaN|Infinity|(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?[fFdD]?)");

    private static Long latencyMs(String seconds) {
        // a runner that wrote no latency: the prediction has none
        if (seconds == null || !DECIMAL.matcher(seconds.strip()).matches()) return null;
        return Math.round(Double.parseDouble(seconds.strip()) * 1000);
    }
}
