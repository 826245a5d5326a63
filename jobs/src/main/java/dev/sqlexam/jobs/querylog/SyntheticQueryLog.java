package dev.sqlexam.jobs.querylog;

import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamQuestion;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A synthetic query log of two NL2SQL apps answering an exam set's questions, for trying {@code
 * watch} and for tests: mostly the gold SQL, with the mistakes and failures apps make (a misnamed
 * column, a syntax error, a timeout, a dropped filter that still runs, a lost connection, a write
 * the read-only transaction refused), log-normal latencies, a prompt version switch halfway, an
 * incident (one app's failures triple and its latency grows for ~120 events), user feedback, and
 * gold SQL on some events; about 24 events a minute. Deterministic for a seed; every event says
 * {@code "synthetic": true}. Two malformed lines are included on purpose.
 */
public final class SyntheticQueryLog {

    static final Instant START = Instant.parse("2026-11-23T08:00:00Z");
    static final int EVENTS = 1_000;

    /**
     * Events of erp-assistant in this range come from a degraded model: three times the failures,
     * slower.
     */
    static final int INCIDENT_FROM = 700;

    static final int INCIDENT_TO = 820;
    private static final Pattern FIRST_COLUMN =
            Pattern.compile(
                    "(?i)^SELECT\\s+(?:DISTINCT\\s+)?([a-z_][a-z0-9_]*\\.)?([a-z_][a-z0-9_]*)");
    private static final Pattern WHERE =
            Pattern.compile("(?is)\\s+WHERE\\s+.*?(?=\\s+(GROUP|ORDER|LIMIT|HAVING)\\b|$)");

    private SyntheticQueryLog() {}

    public static List<String> generate(List<ExamQuestion> questions, long seed) {
        Random random = new Random(seed);
        List<String> lines = new ArrayList<>();
        long t = START.toEpochMilli();
        for (int i = 0; i < EVENTS; i++) {
            t += 500 + random.nextInt(4_000);
            ExamQuestion q = questions.get(random.nextInt(questions.size()));
            boolean finance =
                    q.module() != null
                            && List.of("Finance", "Purchasing", "Sales").contains(q.module())
                            && random.nextBoolean();
            ObjectNode e = Json.MAPPER.createObjectNode();
            e.put("ts", Instant.ofEpochMilli(t).toString());
            e.put("app", finance ? "finance-bot" : "erp-assistant");
            e.put("db", q.db());
            e.put("question", q.question());
            e.put("model", finance ? "gpt-4o-mini" : "qwen2.5-coder:7b");
            e.put("prompt_version", i < EVENTS / 2 ? "v1" : "v2");
            e.put("session_id", "s-" + (1 + i / 4));
            boolean incident = !finance && i >= INCIDENT_FROM && i < INCIDENT_TO;
            long latency =
                    Math.round((incident ? 2_500 : 900) * Math.exp(0.6 * random.nextGaussian()));
            double roll = incident ? random.nextDouble() / 3 : random.nextDouble();
            String sql = q.goldSql();
            if (roll < 0.08) {
                sql = misnameColumn(sql);
                failed(e, "42703", "column does not exist");
            } else if (roll < 0.12) {
                sql = sql.replaceFirst("(?i)\\bFROM\\b", "FORM");
                failed(e, "42601", "syntax error at or near \"FORM\"");
            } else if (roll < 0.15) {
                latency = 30_000 + random.nextInt(500);
                failed(e, "57014", "canceling statement due to statement timeout");
            } else if (roll < 0.16) {
                latency = 5_000 + random.nextInt(5_000);
                failed(e, "08006", "could not receive data from server: connection reset");
            } else if (roll < 0.17) {
                sql = "DELETE FROM " + firstTable(sql) + " WHERE 1 = 1";
                failed(e, "25006", "cannot execute DELETE in a read-only transaction");
            } else if (roll < 0.23 && WHERE.matcher(sql).find()) {
                sql = WHERE.matcher(sql).replaceFirst("");
                e.put("outcome", "ok");
            } else {
                e.put("outcome", "ok");
            }
            e.put("sql", sql);
            e.put("latency_ms", latency);
            double feel = random.nextDouble();
            boolean bad = "error".equals(e.path("outcome").asText());
            if (feel < (bad ? 0.30 : 0.04)) e.put("feedback", "down");
            else if (feel > 0.85) e.put("feedback", "up");
            if (random.nextDouble() < 0.3) e.put("gold_sql", q.goldSql());
            e.put("synthetic", true);
            lines.add(e.toString());
            if (i == EVENTS / 3) lines.add(e.toString().substring(0, e.toString().length() / 2));
            if (i == 2 * EVENTS / 3)
                lines.add(
                        "{\"ts\":\""
                                + Instant.ofEpochMilli(t + 1)
                                + "\",\"app\":\"erp-assistant\",\"db\":\"erp\","
                                + "\"question\":\"(an event the app logged without its SQL)\",\"synthetic\":true}");
        }
        return lines;
    }

    private static void failed(ObjectNode e, String sqlstate, String error) {
        e.put("outcome", "error");
        e.put("sqlstate", sqlstate);
        e.put("error", error);
    }

    /**
     * The first selected column with {@code _name} appended (a small model's favourite mistake), or
     * a made-up first column.
     */
    private static String misnameColumn(String sql) {
        String text = sql.trim();
        Matcher m = FIRST_COLUMN.matcher(text);
        if (!m.find()
                || List.of("count", "sum", "avg", "min", "max", "round")
                        .contains(m.group(2).toLowerCase())) {
            return text.replaceFirst("(?i)\\bSELECT\\b", "SELECT name_id,");
        }
        return text.substring(0, m.end(2)) + "_name" + text.substring(m.end(2));
    }

    private static String firstTable(String sql) {
        Matcher m = Pattern.compile("(?i)\\bFROM\\s+([a-z_][a-z0-9_.]*)").matcher(sql);
        return m.find() ? m.group(1) : "employees";
    }

    /**
     * {@code java -cp sqlexam.jar dev.sqlexam.jobs.querylog.SyntheticQueryLog EXAM_SET OUT}: writes
     * the sample log.
     */
    public static void main(String[] args) throws IOException {
        List<ExamQuestion> questions = ExamSetFiles.read(Path.of(args[0]), null).questions();
        Files.write(Path.of(args[1]), generate(questions, 2026L), StandardCharsets.UTF_8);
    }
}
