package dev.sqlexam.benchmarks;

import dev.sqlexam.json.Json;
import dev.sqlexam.sql.PgNormalize;
import dev.sqlexam.sql.SqliteDialect;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads Spider's and BIRD's dev.json and defog sql-eval's questions CSV into our questions. Their
 * golds are written for SQLite (Spider, BIRD) or PostgreSQL (defog); SQLite golds get the changes a
 * pgloader import needs: backticked names lower-cased as pgloader lower-cases them, and PG dialect
 * normalization (double-quoted strings, ...). Whatever still fails is the gold health check's to
 * quarantine.
 */
public final class BenchmarkReaders {

    private BenchmarkReaders() {}

    public static List<ImportedQuestion> spider(Path devJson) {
        List<ImportedQuestion> out = new ArrayList<>();
        JsonNode all = readJson(devJson);
        for (JsonNode e : all) {
            int i = out.size();
            String difficulty =
                    e.hasNonNull("difficulty")
                            ? e.get("difficulty").asText()
                            : e.path("sql").isObject() ? SpiderHardness.of(e.get("sql")) : null;
            out.add(
                    new ImportedQuestion(
                            String.format(Locale.ROOT, "spider-%04d", i),
                            database(e.path("db_id").asText()),
                            e.path("question").asText(),
                            fromSqlite(e.path("query").asText(), null),
                            List.of(),
                            new ImportedQuestion.Labels(difficulty, null, null),
                            List.of(),
                            e.path("query").asText(),
                            i));
        }
        return out;
    }

    public static List<ImportedQuestion> bird(Path devJson) {
        List<ImportedQuestion> out = new ArrayList<>();
        JsonNode all = readJson(devJson);
        for (JsonNode e : all) {
            int i = out.size();
            String id = e.has("question_id") ? e.get("question_id").asText() : Integer.toString(i);
            String sql = e.hasNonNull("SQL") ? e.get("SQL").asText() : e.path("sql").asText();
            out.add(
                    new ImportedQuestion(
                            "bird-" + id,
                            database(e.path("db_id").asText()),
                            e.path("question").asText(),
                            fromSqlite(sql, null),
                            List.of(),
                            new ImportedQuestion.Labels(
                                    e.hasNonNull("difficulty")
                                            ? e.get("difficulty").asText()
                                            : null,
                                    null,
                                    e.hasNonNull("evidence") ? e.get("evidence").asText() : null),
                            List.of(),
                            sql,
                            i));
        }
        return out;
    }

    /**
     * defog's CSV: db_name, query_category, question, query (several answers and {a, b} subsets),
     * optional instructions.
     */
    public static List<ImportedQuestion> defog(Path csv) {
        List<Map<String, String>> rows = Csv.read(csv);
        List<ImportedQuestion> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Map<String, String> r = rows.get(i);
            List<String> answers = DefogQueries.expand(r.getOrDefault("query", ""));
            if (answers.isEmpty()) continue;
            out.add(
                    new ImportedQuestion(
                            String.format(Locale.ROOT, "defog-%04d", i),
                            database(r.getOrDefault("db_name", "")),
                            r.getOrDefault("question", ""),
                            answers.get(0),
                            answers.subList(1, answers.size()),
                            new ImportedQuestion.Labels(
                                    null,
                                    blankToNull(r.get("query_category")),
                                    blankToNull(r.get("instructions"))),
                            List.of(),
                            null,
                            i));
        }
        return out;
    }

    private static final Pattern BACKTICK = Pattern.compile("`([^`]+)`");

    /**
     * A SQLite gold as it must read on the database pgloader made: backticked names lower-cased,
     * double-quoted tokens resolved against the database's {@code names} (null: not known yet; PG
     * normalization guesses from the comparison they stand in), LIKE as ILIKE, SQLite's functions
     * and NULL order ({@link SqliteDialect}), PG dialect.
     */
    public static String fromSqlite(String sql, Set<String> names) {
        Matcher m = BACKTICK.matcher(sql);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String name = m.group(1).toLowerCase(Locale.ROOT);
            m.appendReplacement(
                    sb,
                    Matcher.quoteReplacement(
                            name.matches("[a-z_][a-z0-9_]*") ? name : "\"" + name + "\""));
        }
        m.appendTail(sb);
        String resolved =
                names == null ? sb.toString() : SqliteGolds.forPostgres(sb.toString(), names);
        return PgNormalize.normalize(SqliteDialect.toPostgres(resolved), "").sql().strip();
    }

    /**
     * The questions with their golds taken from a gold file as Spider's and BIRD's evaluators read
     * it ({@code dev_gold.sql}, {@code dev.sql}: one {@code SQL<TAB>db_id} per line, in the
     * questions' order). The file must have a line per question and name each question's database:
     * otherwise it belongs to another split and nothing would align.
     */
    public static List<ImportedQuestion> withGolds(
            List<ImportedQuestion> questions, Path goldFile) {
        if (!Files.isRegularFile(goldFile))
            throw new IllegalArgumentException("no gold file at " + goldFile);
        List<String> lines;
        try {
            lines = new ArrayList<>(Files.readAllLines(goldFile, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + goldFile, e);
        }
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isBlank())
            lines.remove(lines.size() - 1);
        if (lines.size() != questions.size()) {
            throw new IllegalArgumentException(
                    "the gold file "
                            + goldFile
                            + " has "
                            + lines.size()
                            + " lines but the questions file has "
                            + questions.size()
                            + " questions: they are not of the same split");
        }
        List<ImportedQuestion> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int tab = line.lastIndexOf('\t');
            String sql = (tab < 0 ? line : line.substring(0, tab)).strip();
            ImportedQuestion q = questions.get(i);
            if (tab >= 0 && !database(line.substring(tab + 1).strip()).equals(q.db())) {
                throw new IllegalArgumentException(
                        "line "
                                + (i + 1)
                                + " of "
                                + goldFile
                                + " is on database '"
                                + line.substring(tab + 1).strip()
                                + "' but question "
                                + q.id()
                                + " is on '"
                                + q.db()
                                + "': the files are not aligned");
            }
            out.add(q.withGold(fromSqlite(sql, null), sql));
        }
        return out;
    }

    /**
     * The PostgreSQL database a benchmark's db id becomes: lower case, letters, digits and
     * underscores.
     */
    public static String database(String dbId) {
        String d = dbId.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
        return d.isEmpty() || Character.isDigit(d.charAt(0)) ? "db_" + d : d;
    }

    private static JsonNode readJson(Path file) {
        if (!Files.isRegularFile(file)) throw new IllegalArgumentException("no file at " + file);
        try {
            JsonNode all = Json.MAPPER.readTree(Files.readString(file, StandardCharsets.UTF_8));
            if (all == null || !all.isArray())
                throw new IllegalArgumentException(file + " is not a JSON array of questions");
            return all;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
