package dev.sqlexam.jobs.ask;

import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.jobs.cli.CliJvm;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code ./sqlexam mcp} as MCP clients see it: the official Java SDK's client over stdio (the
 * server in its own JVM, as a client launches it), then the official MCP Inspector's CLI mode from
 * npm.
 */
class McpServerITCase {

    private static final String URL = TestDatabase.url();
    private static final Path INSPECTOR =
            Home.state().resolve("npm/node_modules/.bin/mcp-inspector");

    @TempDir static Path state;

    private static McpSyncClient client;

    /**
     * The server's command line: java, this classpath, the CLI's main class, mcp, the baseline
     * generator.
     */
    private static List<String> serverCommand() {
        return CliJvm.command(state, List.of("mcp", "--generator", "baseline"));
    }

    private static Map<String, String> serverEnvironment() {
        Map<String, String> env = new java.util.HashMap<>();
        env.put("SQLEXAM_JDBC_URL", System.getenv().getOrDefault("SQLEXAM_JDBC_URL", URL));
        // where sqlexam's own state lives, as the suite's runs find it
        for (String name :
                List.of(
                        "PGPASSFILE",
                        "SQLEXAM_STATE_URL",
                        "SQLEXAM_PG_PORT",
                        "SQLEXAM_PG_SUPERUSER")) {
            if (System.getenv(name) != null) env.put(name, System.getenv(name));
        }
        return env;
    }

    @BeforeAll
    static void connect() {
        List<String> command = serverCommand();
        ServerParameters server =
                ServerParameters.builder(command.get(0))
                        .args(command.subList(1, command.size()))
                        .env(serverEnvironment())
                        .build();
        client =
                McpClient.sync(new StdioClientTransport(server, McpJsonDefaults.getMapper()))
                        .requestTimeout(Duration.ofSeconds(120))
                        .initializationTimeout(Duration.ofSeconds(120))
                        .build();
        McpSchema.InitializeResult init = client.initialize();
        assertThat(init.serverInfo().name()).isEqualTo("sqlexam");
    }

    @AfterAll
    static void disconnect() {
        if (client != null) client.closeGracefully();
    }

    private static McpSchema.CallToolResult call(String tool, Map<String, Object> arguments) {
        return client.callTool(new McpSchema.CallToolRequest(tool, arguments));
    }

    private static JsonNode ok(McpSchema.CallToolResult result) throws Exception {
        String text = ((McpSchema.TextContent) result.content().get(0)).text();
        assertThat(result.isError()).as(text).isFalse();
        return Json.MAPPER.readTree(text);
    }

    private static String error(McpSchema.CallToolResult result) {
        String text = ((McpSchema.TextContent) result.content().get(0)).text();
        assertThat(result.isError()).as(text).isTrue();
        return text;
    }

    @Test
    void everyToolAnswersOverStdioAndBadCallsComeBackAsToolErrors() throws Exception {
        assertThat(client.listTools().tools())
                .extracting(McpSchema.Tool::name)
                .containsExactlyInAnyOrder(
                        "nl_query", "list_databases", "describe_table", "grade_sql");

        JsonNode answer =
                ok(
                        call(
                                "nl_query",
                                Map.of(
                                        "question",
                                        "How many customers are there?",
                                        "database",
                                        "erp")));
        assertThat(answer.path("status").asText()).isEqualTo("ok");
        assertThat(answer.path("sql").asText()).containsIgnoringCase("customers");
        assertThat(answer.path("rows").get(0).get(0).asLong())
                .isEqualTo(count("SELECT count(*) FROM customers"));
        assertThat(answer.path("tables_used").toString()).contains("customers");
        List<String> stages = new ArrayList<>();
        answer.path("trace").forEach(s -> stages.add(s.path("stage").asText()));
        assertThat(stages)
                .containsSubsequence(
                        "embed", "route", "retrieve", "generate", "evaluate", "execute");

        JsonNode capped =
                ok(
                        call(
                                "nl_query",
                                Map.of(
                                        "question",
                                        "List the names of all customers",
                                        "max_rows",
                                        3)));
        assertThat(capped.path("rows").size()).isLessThanOrEqualTo(3);

        assertThat(ok(call("list_databases", Map.of())).path("databases").toString())
                .contains("\"name\":\"erp\"");
        JsonNode table =
                ok(call("describe_table", Map.of("database", "erp", "table", "customers")));
        assertThat(table.path("m_schema").asText()).startsWith("customers (");
        assertThat(table.path("glosses")).isNotEmpty();
        assertThat(table.path("foreign_keys")).isNotEmpty();

        JsonNode right =
                ok(
                        call(
                                "grade_sql",
                                Map.of(
                                        "question_id",
                                        "erp-hr-001",
                                        "sql",
                                        "SELECT COUNT(*) FROM employees WHERE status = 'active'")));
        assertThat(right.path("correct").asBoolean()).isTrue();
        assertThat(right.path("reason").asText()).isEqualTo("match");
        JsonNode wrong =
                ok(
                        call(
                                "grade_sql",
                                Map.of(
                                        "question_id",
                                        "erp-hr-001",
                                        "sql",
                                        "SELECT COUNT(*) FROM employees")));
        assertThat(wrong.path("correct").asBoolean()).isFalse();

        assertThat(error(call("nl_query", Map.of()))).contains("question");
        assertThat(
                        error(
                                call(
                                        "nl_query",
                                        Map.of(
                                                "question",
                                                "How many customers?",
                                                "max_rows",
                                                "lots"))))
                .contains("max_rows");
        assertThat(
                        error(
                                call(
                                        "nl_query",
                                        Map.of(
                                                "question",
                                                "How many customers?",
                                                "database",
                                                "no_such_db"))))
                .contains("no_such_db");
        assertThat(
                        error(
                                call(
                                        "grade_sql",
                                        Map.of(
                                                "question_id",
                                                "not-a-question",
                                                "sql",
                                                "SELECT 1"))))
                .contains("not-a-question");
        assertThat(error(call("describe_table", Map.of("table", "no_such_table"))))
                .contains("no_such_table");
        assertThatThrownBy(() -> call("drop_everything", Map.of()))
                .as("a JSON-RPC error: no such tool")
                .isInstanceOf(io.modelcontextprotocol.spec.McpError.class)
                .hasMessageContaining("Unknown tool");

        assertThat(
                        ok(call("nl_query", Map.of("question", "How many employees are there?")))
                                .path("status")
                                .asText())
                .as("the server lives on after bad calls")
                .isEqualTo("ok");
    }

    @Test
    void hostileSqlInGradeSqlIsBlockedAndChangesNothing() throws Exception {
        long employees = count("SELECT count(*) FROM employees");
        for (String hostile :
                List.of(
                        "DELETE FROM employees",
                        "SELECT 1; DROP TABLE employees",
                        "UPDATE employees SET status = 'gone'",
                        "SELECT pg_terminate_backend(pg_backend_pid())")) {
            JsonNode graded =
                    ok(call("grade_sql", Map.of("question_id", "erp-hr-001", "sql", hostile)));
            assertThat(graded.path("correct").asBoolean()).as(hostile).isFalse();
            assertThat(graded.path("reason").asText())
                    .as(hostile)
                    .isIn("pred_blocked", "pred_error");
        }
        assertThat(count("SELECT count(*) FROM employees")).isEqualTo(employees);
        assertThat(count("SELECT count(*) FROM employees WHERE status = 'gone'")).isZero();
    }

    @Test
    void theOfficialMcpInspectorCliListsAndCallsTheTools() throws Exception {
        assertThat(Files.isExecutable(INSPECTOR))
                .as("the MCP Inspector at %s: ./sqlexam test installs it (npm)", INSPECTOR)
                .isTrue();
        JsonNode tools = Json.MAPPER.readTree(inspector("--method", "tools/list", "--strict"));
        List<String> names = new ArrayList<>();
        tools.path("tools").forEach(t -> names.add(t.path("name").asText()));
        assertThat(names)
                .containsExactlyInAnyOrder(
                        "nl_query", "list_databases", "describe_table", "grade_sql");

        JsonNode graded =
                Json.MAPPER.readTree(
                        inspector(
                                "--method",
                                "tools/call",
                                "--tool-name",
                                "grade_sql",
                                "--tool-arg",
                                "question_id=erp-hr-001",
                                "--tool-arg",
                                "sql=SELECT COUNT(*) FROM employees WHERE status = 'active'"));
        assertThat(graded.path("isError").asBoolean(false)).isFalse();
        assertThat(graded.path("structuredContent").path("correct").asBoolean()).isTrue();
    }

    /** The Inspector's CLI against the server (its own process); its stdout, after it exited 0. */
    private static String inspector(String... args) throws Exception {
        List<String> command =
                new ArrayList<>(
                        List.of(INSPECTOR.toString(), "--cli", "--connect-timeout", "120000"));
        command.addAll(List.of(args));
        serverEnvironment().forEach((k, v) -> command.addAll(List.of("-e", k + "=" + v)));
        command.add("--");
        command.addAll(serverCommand());
        Path out = Files.createTempFile(state, "inspector", ".out");
        Path err = Files.createTempFile(state, "inspector", ".err");
        Process p =
                new ProcessBuilder(command)
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile())
                        .start();
        assertThat(p.waitFor(180, TimeUnit.SECONDS)).as("the Inspector finished").isTrue();
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(p.exitValue())
                .as("exit; stdout:%n%s%nstderr:%n%s", stdout, Files.readString(err))
                .isZero();
        return stdout;
    }

    private static long count(String sql) throws Exception {
        try (Connection c = DriverManager.getConnection(URL.replace("{db}", "erp"));
                ResultSet rs = c.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
