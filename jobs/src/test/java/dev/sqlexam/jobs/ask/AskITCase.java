package dev.sqlexam.jobs.ask;

import dev.sqlexam.config.Settings;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.jobs.exam.ExamRun;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ask} against the ERP database: one question through the exam's stages in this JVM, its
 * trace on stdout. The gold and baseline generators, and a loopback server speaking the OpenAI chat
 * protocol whose answer is hostile.
 */
class AskITCase {

    private static final String URL = TestDatabase.url();

    @TempDir Path tmp;

    record Asked(int exit, String out, String notes) {
        JsonNode json() throws Exception {
            return Json.MAPPER.readTree(out.strip());
        }
    }

    private static Asked ask(Map<String, String> overrides, AskRun.Request request)
            throws Exception {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putIfAbsent("SQLEXAM_JDBC_URL", URL);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream notes = new ByteArrayOutputStream();
        int exit =
                AskRun.run(
                        Settings.resolve(Map.of(), env, overrides),
                        request,
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(notes, true, StandardCharsets.UTF_8));
        return new Asked(
                exit, out.toString(StandardCharsets.UTF_8), notes.toString(StandardCharsets.UTF_8));
    }

    private static AskRun.Request byId(String id, boolean json) {
        return new AskRun.Request(
                AskRun.Question.byId(id), new AskRun.Output(false, json, false, 10));
    }

    private static AskRun.Request free(String question, boolean explainOnly, boolean json) {
        return new AskRun.Request(
                AskRun.Question.asked(question, "erp"),
                new AskRun.Output(explainOnly, json, false, 10));
    }

    @Test
    void aQuestionOfTheExamSetIsTracedThroughEveryStageAndGradedAsTheExamGrades() throws Exception {
        Asked text = ask(Map.of("generator", "gold"), byId("erp-hr-001", false));
        assertThat(text.exit()).as(text.out() + text.notes()).isZero();
        assertThat(text.out())
                .contains(
                        "question   How many employees are currently active?",
                        "route      ",
                        "retrieval  ",
                        " retrieval ",
                        "prompt     sha256 ",
                        "--show-prompt prints it",
                        "generate   gold: 1 candidate(s)",
                        "candidate  #1 (chosen)",
                        "EXPLAIN ok",
                        "score ",
                        "chosen SQL",
                        "result     1 row(s)",
                        "grade      correct (match)",
                        "gold SQL",
                        "timings    embed ");
        assertThat(text.out().indexOf("route "))
                .as("stages in the order they ran")
                .isLessThan(text.out().indexOf("generate "));
        assertThat(text.out().indexOf("generate ")).isLessThan(text.out().indexOf("chosen SQL"));

        JsonNode record = ask(Map.of("generator", "gold"), byId("erp-hr-001", true)).json();
        assertThat(record.path("run_id").asText()).isEqualTo(AskRun.RUN_ID);
        assertThat(record.path("question_id").asText()).isEqualTo("erp-hr-001");
        assertThat(record.path("correct").asBoolean()).isTrue();
        assertThat(record.path("reason").asText()).isEqualTo("match");
        List<String> stages = new ArrayList<>();
        record.path("trace").forEach(s -> stages.add(s.path("stage").asText()));
        assertThat(stages)
                .containsSubsequence(
                        "embed",
                        "route",
                        "retrieve",
                        "generate",
                        "evaluate",
                        "execute_gold",
                        "execute",
                        "grade");
        assertThat(record.path("retrieval").path("tables"))
                .as("the exam log's retrieval trace")
                .isNotEmpty();
        assertThat(record.path("evaluation").path("candidates")).hasSize(1);
    }

    @Test
    void theBaselineAnswersAFreeQuestionWithTheRowsItsSqlReturns() throws Exception {
        Asked text =
                ask(
                        Map.of("generator", "baseline"),
                        free("How many customers are there?", false, false));
        assertThat(text.exit()).as(text.out() + text.notes()).isZero();
        long customers = count("SELECT count(*) FROM customers");
        assertThat(text.out())
                .contains(
                        "generate   baseline",
                        "result     1 row(s)",
                        "  " + customers,
                        "grade      not graded: the question has no gold SQL");
        assertThat(text.notes()).as("setup notes stay off stdout").contains("[sqlexam]");
        assertThat(text.out()).doesNotContain("[sqlexam]");

        JsonNode response =
                ask(
                                Map.of("generator", "baseline"),
                                free("How many customers are there?", false, true))
                        .json();
        assertThat(response.path("status").asText()).isEqualTo("ok");
        assertThat(response.path("rows").get(0).get(0).asLong()).isEqualTo(customers);
        assertThat(response.path("tables_used").toString()).contains("customers");
        assertThat(response.path("confidence").asDouble()).isEqualTo(1.0);

        Asked explained =
                ask(
                        Map.of("generator", "baseline"),
                        free("How many customers are there?", true, false));
        assertThat(explained.exit()).isZero();
        assertThat(explained.out())
                .contains("EXPLAIN ok", "result     not run (--explain-only)")
                .doesNotContain("execute ");
    }

    @Test
    void aHostileModelAnswerIsBlockedAndShownAsBlocked() throws Exception {
        long before = count("SELECT count(*) FROM customers");
        HttpServer server =
                model(
                        "Sure:\\n```sql\\nDELETE FROM customers WHERE customer_id > 0\\n```",
                        new AtomicInteger());
        try {
            Map<String, String> viaModel =
                    Map.of(
                            "generator",
                            "openai",
                            "llm_url",
                            "http://127.0.0.1:" + server.getAddress().getPort() + "/v1",
                            "llm_model",
                            "coder");
            Asked text = ask(viaModel, free("Remove every customer", false, false));
            assertThat(text.exit()).as("no answer").isEqualTo(4);
            assertThat(text.out())
                    .contains(
                            "generate   openai",
                            "BLOCKED: ",
                            "DELETE FROM customers",
                            "result     validation_block: blocked: not a SELECT query");
            JsonNode response = ask(viaModel, free("Remove every customer", false, true)).json();
            assertThat(response.path("status").asText()).isEqualTo("blocked");
            assertThat(response.hasNonNull("sql")).as("no SQL offered").isFalse();
            assertThat(response.path("confidence").asDouble()).isZero();
        } finally {
            server.stop(0);
        }
        assertThat(count("SELECT count(*) FROM customers")).isEqualTo(before);
    }

    @Test
    void aLoggedQuestionIsReplayedWithItsLoggedCandidatesWithoutCallingTheModel() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        HttpServer server =
                model(
                        "```sql\\nSELECT COUNT(*) FROM employees WHERE status = 'active'\\n```",
                        calls);
        JsonNode logged;
        try {
            logged =
                    ask(
                                    Map.of(
                                            "generator",
                                            "openai",
                                            "llm_url",
                                            "http://127.0.0.1:"
                                                    + server.getAddress().getPort()
                                                    + "/v1",
                                            "llm_model",
                                            "coder"),
                                    byId("erp-hr-001", true))
                            .json();
        } finally {
            server.stop(0);
        }
        assertThat(calls.get()).isPositive();
        Path run = Files.createDirectories(tmp.resolve("runs/logged"));
        Files.writeString(run.resolve("exam_log.jsonl"), Json.write(logged) + "\n");
        Files.writeString(
                run.resolve("run.json"),
                Json.write(
                        Map.of(
                                "run_id",
                                "logged",
                                "exam_set",
                                Home.resolve().resolve("exam-sets/erp/erp.jsonl").toString(),
                                "runs",
                                1,
                                "predictions",
                                false,
                                "variants",
                                List.of(
                                        Map.of(
                                                "name",
                                                logged.path("variant").asText(),
                                                "options",
                                                Map.of())))));
        int before = calls.get();

        Asked replay =
                ask(
                        Map.of(),
                        new AskRun.Request(
                                new AskRun.Question(null, null, "erp-hr-001", null, run, null),
                                new AskRun.Output(false, true, false, 10)));
        JsonNode record = replay.json();
        assertThat(calls.get()).as("no model call").isEqualTo(before);
        assertThat(record.path("generator").asText()).isEqualTo("replay");
        assertThat(record.path("candidates")).isEqualTo(logged.path("candidates"));
        assertThat(record.path("pred_sql")).isEqualTo(logged.path("pred_sql"));
        assertThat(record.path("correct")).isEqualTo(logged.path("correct"));
        assertThat(record.path("reason")).isEqualTo(logged.path("reason"));
    }

    @Test
    void askRecordsWhatTheExamRecordsForTheSameQuestions() throws Exception {
        Path set = tmp.resolve("five.jsonl");
        List<String> lines =
                Files.readAllLines(Home.resolve().resolve("exam-sets/erp/erp.jsonl")).stream()
                        .filter(l -> !l.isBlank())
                        .filter(
                                l ->
                                        l.contains("\"difficulty\": \"medium\"")
                                                || l.contains("\"difficulty\": \"hard\""))
                        .limit(5)
                        .toList();
        Files.write(set, lines);
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putIfAbsent("SQLEXAM_JDBC_URL", URL);
        RunResult exam =
                new ExamRun(
                                Settings.resolve(Map.of(), env, Map.of("generator", "baseline")),
                                set,
                                tmp.resolve("runs"),
                                "it-ask-vs-exam",
                                new PrintStream(
                                        new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                        .run(dev.sqlexam.jobs.runtime.FlinkTarget.local());
        List<String> logged = Files.readAllLines(exam.outDir().resolve("exam_log.jsonl"));
        assertThat(logged).hasSize(lines.size());
        for (String line : logged) {
            JsonNode examRecord = Json.MAPPER.readTree(line);
            String id = examRecord.path("question_id").asText();
            JsonNode asked =
                    ask(
                                    Map.of("generator", "baseline"),
                                    new AskRun.Request(
                                            new AskRun.Question(null, null, id, set, null, null),
                                            new AskRun.Output(false, true, false, 10)))
                            .json();
            for (String field :
                    List.of(
                            "question",
                            "db",
                            "generator",
                            "gold_sql",
                            "pred_sql",
                            "candidates",
                            "correct",
                            "reason",
                            "lenient_reason",
                            "gold_rows",
                            "pred_rows",
                            "error_class",
                            "sqlstate",
                            "failure_type",
                            "gold_tables_retrieved",
                            "matched_gold")) {
                assertThat(asked.path(field))
                        .as("%s of %s", field, id)
                        .isEqualTo(examRecord.path(field));
            }
            assertThat(asked.path("retrieval").path("tables"))
                    .as("retrieved tables of %s", id)
                    .isEqualTo(examRecord.path("retrieval").path("tables"));
            assertThat(asked.path("evaluation").path("chosen_index"))
                    .isEqualTo(examRecord.path("evaluation").path("chosen_index"));
            assertThat(stages(asked)).as("stages of %s", id).isEqualTo(stages(examRecord));
        }
    }

    private static List<String> stages(JsonNode record) {
        List<String> out = new ArrayList<>();
        record.path("trace")
                .forEach(s -> out.add(s.path("stage").asText() + ":" + s.path("status").asText()));
        return out;
    }

    /**
     * A loopback server speaking the OpenAI chat protocol that answers every completion with {@code
     * content}.
     */
    private static HttpServer model(String content, AtomicInteger calls) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext(
                "/v1/",
                exchange -> {
                    calls.incrementAndGet();
                    String body =
                            exchange.getRequestURI().getPath().endsWith("/models")
                                    ? "{\"object\":\"list\",\"data\":[{\"id\":\"coder\"}]}"
                                    : "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"model\":\"coder\",\"choices\":[{\"index\":0,\"message\":"
                                            + "{\"role\":\"assistant\",\"content\":\""
                                            + content
                                            + "\"},\"finish_reason\":\"stop\"}],"
                                            + "\"usage\":{\"prompt_tokens\":100,\"completion_tokens\":10,\"total_tokens\":110}}";
                    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
                    exchange.getResponseHeaders().add("Content-Type", "application/json");
                    exchange.sendResponseHeaders(200, bytes.length);
                    exchange.getResponseBody().write(bytes);
                    exchange.close();
                });
        server.start();
        return server;
    }

    private static long count(String sql) throws Exception {
        try (Connection c = DriverManager.getConnection(URL.replace("{db}", "erp"));
                ResultSet rs = c.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void gradingASqlKeepsTheJobsTimeLimit() throws Exception {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putIfAbsent("SQLEXAM_JDBC_URL", URL);
        List<dev.sqlexam.model.ExamQuestion> questions =
                dev.sqlexam.jobs.run.ExamSetFiles.read(
                                Home.resolve().resolve("exam-sets/erp/erp.jsonl"), null)
                        .questions();
        try (AskSession session =
                AskSession.open(
                        Settings.resolve(
                                Map.of(),
                                env,
                                Map.of("generator", "baseline", "async_timeout_ms", "500")),
                        dev.sqlexam.jobs.run.Variant.DEFAULT,
                        questions,
                        java.util.Set.of(),
                        new PrintStream(
                                new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))) {
            long start = System.nanoTime();
            dev.sqlexam.model.ExamRecord slow =
                    session.grade(
                            "it-ask-slow",
                            questions.get(0),
                            "SELECT count(*) FROM generate_series(1, 400000000)",
                            "grade_sql");
            assertThat(slow.grade().reason()).isEqualTo("infra_failure");
            assertThat((System.nanoTime() - start) / 1_000_000)
                    .as("answered at the limit, not when the query ends")
                    .isLessThan(10_000);
            dev.sqlexam.model.ExamRecord quick =
                    session.grade(
                            "it-ask-quick",
                            questions.get(0),
                            questions.get(0).goldSql(),
                            "grade_sql");
            assertThat(quick.grade().correct()).isTrue();
        }
    }
}
