package dev.sqlexam.jobs.runtime;

import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.watch.WatchResumeITCase;
import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The same jar on a real standalone cluster: a JobManager and two TaskManagers as their own
 * processes ({@code ./sqlexam cluster up}, which gives them neither the database password nor API
 * keys: those travel with the job), jobs submitted by the CLI through the REST API with {@code
 * --cluster}. The demo exam grades as in-process; a TaskManager killed with SIGKILL mid-exam and
 * mid-watch costs a restart from the last checkpoint, and every question and every event is still
 * logged exactly once.
 */
@Tag("jar") // runs ./sqlexam, which needs the jar: after package (failsafe)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterITCase {

    private static final int REST_PORT = 58_081;
    private static final String REST = "127.0.0.1:" + REST_PORT;
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final int RUNS = 3;

    @TempDir static Path cluster;

    @TempDir Path tmp;

    @BeforeAll
    static void startCluster() throws Exception {
        // failsafe runs this after package: the jar is current and "build" only checks it (run
        // alone
        // from an IDE, it builds)
        script("build");
        script("cluster", "up", "--taskmanagers", "2");
        assertThat(rest("/overview").path("taskmanagers").asInt()).isEqualTo(2);
    }

    @AfterAll
    static void stopCluster() throws Exception {
        script("cluster", "down");
    }

    @Test
    @Order(1)
    void theDemoExamGradesOnTheClusterAsInProcess() throws Exception {
        Path demo = Home.resolve().resolve("exam-sets/demo/demo.jsonl");
        for (String generator : List.of("gold", "baseline")) {
            String onCluster =
                    cli(
                                    "exam",
                                    "--cluster",
                                    REST,
                                    "--generator",
                                    generator,
                                    "--exam-set",
                                    demo.toString(),
                                    "--out",
                                    tmp.resolve("runs").toString(),
                                    "--run-id",
                                    "cluster-" + generator)
                            .output();
            assertThat(onCluster).contains("runs on the cluster");
            cli(
                    "exam",
                    "--generator",
                    generator,
                    "--exam-set",
                    demo.toString(),
                    "--out",
                    tmp.resolve("runs").toString(),
                    "--run-id",
                    "local-" + generator);

            JsonNode cluster = summary("cluster-" + generator);
            JsonNode local = summary("local-" + generator);
            assertThat(cluster.path("questions").asInt()).as(generator).isEqualTo(24);
            for (String field :
                    List.of(
                            "questions",
                            "accuracy",
                            "reasons",
                            "funnel",
                            "per_question",
                            "by_module")) {
                assertThat(cluster.get(field))
                        .as("%s: %s on the cluster and in-process", generator, field)
                        .isEqualTo(local.get(field));
            }
            // means summed in the order records arrive: equal up to rounding
            assertSameUpToRounding(
                    cluster.get("retrieval"), local.get("retrieval"), generator + ": retrieval");
        }
        assertThat(summary("cluster-gold").path("accuracy").asDouble())
                .as("the gold self-check")
                .isEqualTo(1.0);
    }

    @Test
    @Order(2)
    void theApiKeyTravelsWithTheJobToWorkersThatDoNotHaveIt() throws Exception {
        String key = "sk-cluster-" + System.nanoTime();
        List<String> authorizations = new java.util.concurrent.CopyOnWriteArrayList<>();
        com.sun.net.httpserver.HttpServer server =
                com.sun.net.httpserver.HttpServer.create(
                        new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext(
                "/v1/",
                exchange -> {
                    String authorization = exchange.getRequestHeaders().getFirst("Authorization");
                    exchange.getRequestBody().readAllBytes();
                    boolean chat = exchange.getRequestURI().getPath().endsWith("/chat/completions");
                    if (chat) authorizations.add(String.valueOf(authorization));
                    String body =
                            !("Bearer " + key).equals(authorization)
                                    ? "{\"error\":{\"message\":\"invalid api key\"}}"
                                    : chat
                                            ? "{\"id\":\"c1\",\"object\":\"chat.completion\",\"model\":\"coder\",\"choices\":[{\"index\":0,\"message\":"
                                                    + "{\"role\":\"assistant\",\"content\":\"SELECT COUNT(*) FROM employees\"},\"finish_reason\":\"stop\"}],"
                                                    + "\"usage\":{\"prompt_tokens\":10,\"completion_tokens\":5,\"total_tokens\":15}}"
                                            : "{\"object\":\"list\",\"data\":[{\"id\":\"coder\",\"object\":\"model\"}]}";
                    byte[] bytes = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    exchange.getResponseHeaders().add("Content-Type", "application/json");
                    exchange.sendResponseHeaders(
                            ("Bearer " + key).equals(authorization) ? 200 : 401, bytes.length);
                    exchange.getResponseBody().write(bytes);
                    exchange.close();
                });
        server.start();
        try {
            Path demo = Home.resolve().resolve("exam-sets/demo/demo.jsonl");
            Cli exam =
                    Cli.start(
                            tmp.resolve("key.log"),
                            Map.of("SQLEXAM_IT_KEY", key),
                            "exam",
                            "--cluster",
                            REST,
                            "--generator",
                            "openai",
                            "--llm-url",
                            "http://127.0.0.1:" + server.getAddress().getPort() + "/v1",
                            "--model",
                            "coder",
                            "--set",
                            "llm_api_key_env=SQLEXAM_IT_KEY",
                            "--exam-set",
                            demo.toString(),
                            "--out",
                            tmp.resolve("runs").toString(),
                            "--run-id",
                            "key");
            assertThat(exam.process().waitFor(300, TimeUnit.SECONDS)).isTrue();
            assertThat(exam.process().exitValue()).as(exam.output()).isZero();
        } finally {
            server.stop(0);
        }
        assertThat(authorizations)
                .as("every model call from the TaskManagers carried the client's key")
                .isNotEmpty()
                .allMatch(("Bearer " + key)::equals);
        assertThat(summary("key").path("reasons").has("infra_failure")).isFalse();
        assertThat(Files.readString(tmp.resolve("runs/key/run.json")))
                .as("the key itself is never stored")
                .doesNotContain(key);
    }

    @Test
    @Order(3)
    void aTaskManagerKilledMidExamCostsARestartNotAQuestion() throws Exception {
        Path erp = Home.resolve().resolve("exam-sets/erp/erp.jsonl");
        long questions = Files.readAllLines(erp).stream().filter(l -> !l.isBlank()).count();
        Cli exam =
                Cli.start(
                        tmp.resolve("killed.log"),
                        "exam",
                        "--cluster",
                        REST,
                        "--generator",
                        "baseline",
                        "--exam-set",
                        erp.toString(),
                        "--runs",
                        String.valueOf(RUNS),
                        "--out",
                        tmp.resolve("runs").toString(),
                        "--run-id",
                        "killed",
                        "--set",
                        "checkpoint_interval_ms=500");
        exam.waitFor(() -> exam.output().contains("runs on the cluster"), 240, "the job submitted");
        String jobId = exam.jobId();
        // the job's first completed checkpoint is what it restarts from; the kill must come before
        // its end: the first
        // checkpoint waits for the records in flight ahead of its barrier (bounded by the cluster's
        // debloated network
        // buffers: about 15 s here, the next ones every few seconds), so the job gets enough runs
        // to go on well past it
        exam.waitFor(
                () ->
                        restQuietly("/jobs/" + jobId + "/checkpoints")
                                        .path("counts")
                                        .path("completed")
                                        .asInt()
                                >= 1,
                240,
                "a completed checkpoint");
        assertThat(rest("/jobs/" + jobId).path("state").asText()).isEqualTo("RUNNING");
        killATaskManagerOf(jobId);
        assertThat(exam.process().waitFor(300, TimeUnit.SECONDS))
                .as("the exam ends after the restart; output:%n%s", exam.output())
                .isTrue();
        assertThat(exam.process().exitValue()).as(exam.output()).isZero();

        assertThat(rest("/jobs/" + jobId + "/exceptions").path("exceptionHistory").path("entries"))
                .as("the job lost a TaskManager and restarted")
                .isNotEmpty();
        assertThat(rest("/jobs/" + jobId + "/checkpoints").path("counts").path("restored").asInt())
                .as("the restart restored the job's checkpoint")
                .isPositive();
        List<JsonNode> log = new ArrayList<>();
        for (String line : Files.readAllLines(tmp.resolve("runs/killed/exam_log.jsonl")))
            log.add(Json.MAPPER.readTree(line));
        Set<String> keys = new HashSet<>();
        for (JsonNode r : log)
            keys.add(
                    r.path("repetition").asInt()
                            + "/"
                            + r.path("db").asText()
                            + "/"
                            + r.path("question_id").asText());
        assertThat(log).as("one record per question and run").hasSize((int) (RUNS * questions));
        assertThat(keys).hasSize(log.size());
        assertThat(exam.output()).doesNotContain("repeated a logged question");
        assertThat(log)
                .as("no question lost to the dead TaskManager as an infrastructure failure")
                .noneMatch(r -> r.path("reason").asText().equals("infra_failure"));

        cli(
                "exam",
                "--generator",
                "baseline",
                "--exam-set",
                erp.toString(),
                "--out",
                tmp.resolve("runs").toString(),
                "--run-id",
                "reference");
        JsonNode killed = summary("killed");
        JsonNode reference = summary("reference");
        assertThat(killed.path("accuracy_per_run"))
                .as("each run as an undisturbed in-process run")
                .allSatisfy(
                        run ->
                                assertThat(run.asDouble())
                                        .isEqualTo(reference.path("accuracy").asDouble()));
        reference
                .path("reasons")
                .fields()
                .forEachRemaining(
                        reason ->
                                assertThat(killed.path("reasons").path(reason.getKey()).asLong())
                                        .as(reason.getKey())
                                        .isEqualTo(RUNS * reason.getValue().asLong()));
    }

    @Test
    @Order(4)
    void aWatchOnTheClusterLosesATaskManagerAndEvaluatesEveryEventOnce() throws Exception {
        waitUntil(
                () -> restQuietly("/overview").path("taskmanagers").asInt() == 1,
                60,
                "the dead TaskManager deregistered");
        script("cluster", "up", "--taskmanagers", "2");
        waitUntil(
                () -> restQuietly("/overview").path("taskmanagers").asInt() == 2,
                60,
                "two TaskManagers again");

        Path folder = Files.createDirectories(tmp.resolve("incoming"));
        Files.copy(WatchResumeITCase.LOG, folder.resolve("app-log.jsonl"));
        Path out = tmp.resolve("watch");
        String watchId = "it-cluster-watch-" + System.nanoTime();
        Cli watch =
                Cli.start(
                        tmp.resolve("watch.log"),
                        "watch",
                        "--cluster",
                        REST,
                        "--dir",
                        folder.toString(),
                        "--out",
                        out.toString(),
                        "--name",
                        watchId,
                        "--set",
                        "checkpoint_interval_ms=500");
        String jobId;
        try {
            watch.waitFor(() -> committed(out) >= 150, 240, "150 committed evaluations");
            jobId = watch.jobId();
            killATaskManagerOf(jobId);
            watch.waitFor(
                    () -> committed(out) >= WatchResumeITCase.EVENTS,
                    300,
                    "every evaluation committed after the restart");
            Thread.sleep(
                    3_000); // one more checkpoint: the window rows fired by the last events reach
            // the table
        } finally {
            watch.process()
                    .destroy(); // SIGTERM, as Ctrl-C: the client cancels its job on the cluster
            watch.process().waitFor(60, TimeUnit.SECONDS);
        }
        assertThat(rest("/jobs/" + jobId + "/exceptions").path("exceptionHistory").path("entries"))
                .as("the watch restarted")
                .isNotEmpty();
        assertThat(rest("/jobs/" + jobId + "/checkpoints").path("counts").path("restored").asInt())
                .as("from its checkpoint")
                .isPositive();
        WatchResumeITCase.assertExactlyOnce(out, watchId);
        waitUntil(
                () -> restQuietly("/jobs/" + jobId).path("state").asText().equals("CANCELED"),
                30,
                "the job cancelled with its client");
        assertThat(watch.output()).as("app windows printed by the client").contains("window  ");
    }

    /**
     * SIGKILL to a TaskManager running the job's tasks (named taskmanager-N by the script, as its
     * pid file).
     */
    private static void killATaskManagerOf(String jobId) throws Exception {
        Set<String> running = new java.util.TreeSet<>();
        for (JsonNode vertex : rest("/jobs/" + jobId).path("vertices")) {
            for (JsonNode tm :
                    rest("/jobs/"
                                    + jobId
                                    + "/vertices/"
                                    + vertex.path("id").asText()
                                    + "/taskmanagers")
                            .path("taskmanagers")) {
                if (tm.path("status").asText().equals("RUNNING"))
                    running.add(tm.path("taskmanager-id").asText());
            }
        }
        assertThat(running)
                .as("TaskManagers running the job")
                .isNotEmpty()
                .allMatch(id -> id.matches("taskmanager-\\d+"));
        String victim = running.iterator().next();
        long pid =
                Long.parseLong(
                        Files.readString(cluster.resolve("pids").resolve(victim + ".pid")).trim());
        assertThat(new ProcessBuilder("kill", "-9", Long.toString(pid)).start().waitFor()).isZero();
    }

    private static void assertSameUpToRounding(JsonNode actual, JsonNode expected, String what) {
        if (expected.isNumber()) {
            assertThat(actual.isNumber()).as(what).isTrue();
            assertThat(actual.asDouble())
                    .as(what)
                    .isCloseTo(expected.asDouble(), org.assertj.core.data.Offset.offset(1e-9));
        } else if (expected.isContainerNode()) {
            assertThat(actual.size()).as(what).isEqualTo(expected.size());
            if (expected.isArray()) {
                for (int i = 0; i < expected.size(); i++)
                    assertSameUpToRounding(actual.get(i), expected.get(i), what + "[" + i + "]");
            } else {
                expected.fieldNames()
                        .forEachRemaining(
                                f -> {
                                    assertThat(actual.has(f)).as(what + "/" + f).isTrue();
                                    assertSameUpToRounding(
                                            actual.get(f), expected.get(f), what + "/" + f);
                                });
            }
        } else {
            assertThat(actual).as(what).isEqualTo(expected);
        }
    }

    private JsonNode summary(String runId) throws IOException {
        return Json.MAPPER
                .readTree(tmp.resolve("runs").resolve(runId).resolve("summary.json").toFile())
                .path("variants")
                .get(0);
    }

    private static long committed(Path out) {
        try {
            return WatchResumeITCase.committed(out, "evaluations").size();
        } catch (IOException e) {
            return 0;
        }
    }

    private static JsonNode rest(String path) throws Exception {
        HttpResponse<String> response =
                HTTP.send(
                        HttpRequest.newBuilder(URI.create("http://" + REST + path)).GET().build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("GET %s: %s", path, response.body()).isEqualTo(200);
        return Json.MAPPER.readTree(response.body());
    }

    private static JsonNode restQuietly(String path) {
        try {
            return rest(path);
        } catch (Throwable e) {
            return Json.MAPPER.createObjectNode();
        }
    }

    private static void waitUntil(BooleanSupplier check, int seconds, String what)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!check.getAsBoolean()) {
            assertThat(System.nanoTime()).as("%s within %d s", what, seconds).isLessThan(deadline);
            Thread.sleep(250);
        }
    }

    /**
     * {@code ./sqlexam cluster …} for this test's cluster: its own folder and ports, beside any
     * cluster of the user's.
     */
    private static void script(String... args) throws Exception {
        List<String> command =
                new ArrayList<>(List.of(Home.resolve().resolve("sqlexam").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment()
                .putAll(
                        Map.of(
                                "SQLEXAM_FLINK_HOME",
                                cluster.toString(),
                                "SQLEXAM_FLINK_REST_PORT",
                                Integer.toString(REST_PORT),
                                "SQLEXAM_FLINK_RPC_PORT",
                                "56123",
                                // C1 only: this cluster lives two minutes, where C2's compiling
                                // costs the test suite's cores more than it gives back
                                "SQLEXAM_CLUSTER_JAVA_OPTS",
                                "-XX:TieredStopAtLevel=1"));
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("./sqlexam %s: %s", String.join(" ", args), output).isZero();
    }

    private Cli cli(String... args) throws Exception {
        Cli cli = Cli.start(tmp.resolve("cli-" + System.nanoTime() + ".log"), args);
        assertThat(cli.process().waitFor(300, TimeUnit.SECONDS))
                .as("sqlexam %s", String.join(" ", args))
                .isTrue();
        assertThat(cli.process().exitValue())
                .as("sqlexam %s: %s", String.join(" ", args), cli.output())
                .isZero();
        return cli;
    }

    /** The CLI in its own JVM, as a user runs it. */
    private record Cli(Process process, Path log) {

        static Cli start(Path log, String... args) throws IOException {
            return start(log, Map.of(), args);
        }

        static Cli start(Path log, Map<String, String> env, String... args) throws IOException {
            return new Cli(
                    WatchResumeITCase.startCli(
                            log.getParent().resolve("state"), log, env, List.of(args)),
                    log);
        }

        String output() {
            try {
                return Files.exists(log) ? Files.readString(log) : "";
            } catch (IOException e) {
                return "(cannot read " + log + ": " + e.getMessage() + ")";
            }
        }

        /** The cluster's id of the job this client submitted, from its console. */
        String jobId() {
            java.util.regex.Matcher m =
                    java.util.regex.Pattern.compile("job ([0-9a-f]{32}) runs on the cluster")
                            .matcher(output());
            assertThat(m.find()).as("the client names its job; output:%n%s", output()).isTrue();
            return m.group(1);
        }

        void waitFor(BooleanSupplier check, int seconds, String what) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (!check.getAsBoolean()) {
                assertThat(process.isAlive())
                        .as("the client ended before %s; output:%n%s", what, output())
                        .isTrue();
                assertThat(System.nanoTime())
                        .as("%s within %d s; output:%n%s", what, seconds, output())
                        .isLessThan(deadline);
                Thread.sleep(250);
            }
        }
    }
}
