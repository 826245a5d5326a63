package dev.sqlexam.jobs.ask;

import dev.sqlexam.config.Settings;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.Variant;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamQuestion;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

/**
 * {@code ./sqlexam mcp}: the MCP server the seeds describe, over stdio on the official MCP Java
 * SDK, with the tools of {@link McpTools}. It serves until its client closes stdin. A tool that
 * fails answers an MCP tool error with the message (never a crashed server); stdout carries only
 * the protocol, every note goes to {@code notes}.
 */
public final class McpServerRun {

    static final String NL_QUERY_SCHEMA =
            """
            {"type": "object", "properties": {
              "question": {"type": "string", "description": "The question in natural language."},
              "database": {"type": "string", "description": "The database to ask (list_databases); default: erp, or the server URL's own."},
              "max_rows": {"type": "integer", "minimum": 0, "maximum": 1000, "description": "Rows to return (default 50)."},
              "explain_only": {"type": "boolean", "description": "Check and EXPLAIN the SQL without running it."}},
             "required": ["question"]}""";
    static final String DESCRIBE_SCHEMA =
            """
            {"type": "object", "properties": {
              "database": {"type": "string", "description": "The database (default: erp, or the server URL's own)."},
              "table": {"type": "string", "description": "The table, as list_databases' index names it (schema.table outside public)."}},
             "required": ["table"]}""";
    static final String GRADE_SCHEMA =
            """
            {"type": "object", "properties": {
              "question_id": {"type": "string", "description": "A question id of the exam set the server loaded."},
              "sql": {"type": "string", "description": "The SQL to grade against the question's gold."}},
             "required": ["question_id", "sql"]}""";
    static final String NO_ARGUMENTS = "{\"type\": \"object\", \"properties\": {}}";

    /** A tool's work: its arguments in, any object out (sent as JSON). */
    @FunctionalInterface
    interface Handler {
        Object call(Map<String, Object> arguments) throws Exception;
    }

    private McpServerRun() {}

    /**
     * Serves {@code in}/{@code out} until {@code in} ends; {@code examSet}: the questions grade_sql
     * knows (none when absent).
     */
    public static void serve(
            Settings settings,
            Path examSet,
            Variant variant,
            InputStream in,
            OutputStream out,
            PrintStream notes)
            throws Exception {
        List<ExamQuestion> questions =
                examSet != null && Files.isRegularFile(examSet)
                        ? ExamSetFiles.read(examSet, null).questions()
                        : List.of();
        try (AskSession session = AskSession.open(settings, variant, questions, Set.of(), notes)) {
            McpTools tools = new McpTools(session, examSet, questions);
            McpJsonMapper json = McpJsonDefaults.getMapper();
            CountDownLatch closed = new CountDownLatch(1);
            McpSyncServer server =
                    McpServer.sync(
                                    new StdioServerTransportProvider(
                                            json, untilEnd(in, closed), out))
                            .serverInfo("sqlexam", "0.1.0")
                            .instructions(
                                    "Ask PostgreSQL databases questions in natural language: nl_query writes the SQL (the exam's pipeline: "
                                            + "routing, retrieval, generation, checks, repair), runs it read-only and returns rows, confidence and trace.")
                            .capabilities(
                                    McpSchema.ServerCapabilities.builder().tools(false).build())
                            .tools(
                                    tool(
                                            json,
                                            "nl_query",
                                            "Answer a question about a database: the SQL sqlexam's pipeline wrote and ran (read-only), "
                                                    + "its rows (capped), confidence, tables used and a trace of every stage.",
                                            NL_QUERY_SCHEMA,
                                            tools::nlQuery),
                                    tool(
                                            json,
                                            "list_databases",
                                            "The databases questions may go to, with how many tables the retrieval index holds.",
                                            NO_ARGUMENTS,
                                            args -> Map.of("databases", tools.listDatabases())),
                                    tool(
                                            json,
                                            "describe_table",
                                            "A table as the prompt shows it: its M-Schema line, columns glossed, module and "
                                                    + "foreign keys.",
                                            DESCRIBE_SCHEMA,
                                            tools::describeTable),
                                    tool(
                                            json,
                                            "grade_sql",
                                            "Grade a SQL query against the gold of a question of the loaded exam set ("
                                                    + questions.size()
                                                    + " questions): correct or not, and why.",
                                            GRADE_SCHEMA,
                                            tools::gradeSql))
                            .build();
            notes.printf(
                    "[sqlexam] MCP server on stdio: nl_query, list_databases, describe_table, grade_sql (%d exam question(s) from %s); "
                            + "generator %s%n",
                    questions.size(), examSet, session.generators().name());
            closed.await();
            server.closeGracefully();
        }
    }

    static McpServerFeatures.SyncToolSpecification tool(
            McpJsonMapper json, String name, String description, String schema, Handler handler) {
        McpSchema.Tool tool =
                McpSchema.Tool.builder()
                        .name(name)
                        .description(description)
                        .inputSchema(json, schema)
                        .build();
        return McpServerFeatures.SyncToolSpecification.builder()
                .tool(tool)
                .callHandler(
                        (exchange, request) -> {
                            try {
                                String result =
                                        Json.write(
                                                handler.call(
                                                        request.arguments() == null
                                                                ? Map.of()
                                                                : request.arguments()));
                                return McpSchema.CallToolResult.builder()
                                        .addTextContent(result)
                                        .structuredContent(json, result)
                                        .isError(false)
                                        .build();
                            } catch (IllegalArgumentException e) {
                                return error(name + ": " + e.getMessage());
                            } catch (Exception | LinkageError e) {
                                StringBuilder message =
                                        new StringBuilder(name + " failed: " + e.getMessage());
                                for (Throwable c = e.getCause();
                                        c != null && c != c.getCause();
                                        c = c.getCause())
                                    message.append("; caused by: ").append(c.getMessage());
                                return error(message.toString());
                            }
                        })
                .build();
    }

    private static McpSchema.CallToolResult error(String message) {
        return McpSchema.CallToolResult.builder().addTextContent(message).isError(true).build();
    }

    /** {@code in}, counting {@code closed} down when it ends: the client went away. */
    private static InputStream untilEnd(InputStream in, CountDownLatch closed) {
        return new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                try {
                    return ended(super.read());
                } catch (IOException e) {
                    closed.countDown();
                    throw e;
                }
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                try {
                    return ended(super.read(b, off, len));
                } catch (IOException e) {
                    closed.countDown();
                    throw e;
                }
            }

            private int ended(int n) {
                if (n < 0) closed.countDown();
                return n;
            }
        };
    }
}
