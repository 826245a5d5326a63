package dev.sqlexam.jobs.runtime;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.streaming.api.environment.LocalStreamEnvironment;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.operators.collect.CollectSinkOperatorFactory;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;

/**
 * Where a job runs: an in-process MiniCluster, or a Flink 2.x cluster reached through its REST API
 * ({@code flink_rest}, {@code --cluster}), to which the job jar without Flink ({@code
 * sqlexam-cluster.jar}) is uploaded with the job.
 */
public final class FlinkTarget {

    /**
     * The job jar for clusters: the project's code and libraries, Flink itself left to the cluster.
     */
    public static final String CLUSTER_JAR = "sqlexam-cluster.jar";

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final String host;
    private final int port;

    private FlinkTarget(String host, int port) {
        this.host = host;
        this.port = port;
    }

    public static FlinkTarget local() {
        return new FlinkTarget(null, 0);
    }

    /**
     * The target the settings name: {@code flink_rest} as {@code host:port} (or an http URL), empty
     * for a MiniCluster.
     */
    public static FlinkTarget of(Settings settings) {
        String rest = settings.get(SqlExamOptions.FLINK_REST).trim();
        if (rest.isEmpty()) return local();
        String address = rest.replaceFirst("^https?://", "").replaceFirst("/+$", "");
        int colon = address.lastIndexOf(':');
        try {
            if (colon <= 0) throw new NumberFormatException();
            int port = Integer.parseInt(address.substring(colon + 1));
            if (port < 1 || port > 65_535) throw new NumberFormatException();
            return new FlinkTarget(address.substring(0, colon), port);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "flink_rest / --cluster: not a host:port: '"
                            + rest
                            + "' (e.g. 127.0.0.1:8081)");
        }
    }

    /**
     * The address of the cluster {@code ./sqlexam cluster up} starts (its REST port: the option
     * flink_rest_port).
     */
    public static String loopbackCluster() {
        return "127.0.0.1:" + Settings.early(SqlExamOptions.FLINK_REST_PORT);
    }

    public boolean remote() {
        return host != null;
    }

    public String describe() {
        return remote()
                ? "the Flink cluster at http://" + host + ":" + port
                : "an in-process Flink MiniCluster";
    }

    public StreamExecutionEnvironment environment() {
        return environment(new Configuration());
    }

    /**
     * A new environment with {@code configuration}; for a cluster, after checking that it answers
     * and runs Flink 2.x.
     */
    public StreamExecutionEnvironment environment(Configuration configuration) {
        // the summary comes back through one collected record, which holds each question's outcome
        // per variant for the
        // paired comparisons: 12 predictions files over 1,170 questions make 2.3 MB, above Flink's
        // 2 MB default
        if (!configuration.contains(CollectSinkOperatorFactory.MAX_BATCH_SIZE)) {
            configuration.set(
                    CollectSinkOperatorFactory.MAX_BATCH_SIZE, MemorySize.ofMebiBytes(512));
        }
        if (!remote()) return local(configuration);
        String version = clusterVersion();
        if (!version.startsWith("2.")) {
            throw new IllegalStateException(
                    describe() + " runs Flink " + version + "; sqlexam's jobs need Flink 2.x");
        }
        return StreamExecutionEnvironment.createRemoteEnvironment(
                host, port, configuration, jobJar().toString());
    }

    /**
     * For a local target, starts the MiniCluster its jobs of {@code parallelism} will run on while
     * the caller sets its run up; nothing for a cluster, or where a context's own environment (a
     * test's MiniCluster, {@code flink run}) takes the jobs.
     */
    public void prepare(int parallelism) {
        if (remote()) return;
        if (StreamExecutionEnvironment.getExecutionEnvironment() instanceof LocalStreamEnvironment)
            LocalClusters.PROCESS.prestart(parallelism);
    }

    /**
     * Stops the MiniCluster this process kept for its local jobs (before the process exits: stopped
     * while the JVM shuts down, it would log through a logging system already gone).
     */
    public static void closeLocalCluster() {
        LocalClusters.PROCESS.closeKept();
    }

    /**
     * As Flink's local environment, on this process's {@link LocalClusters}; a context's own
     * environment (a test's MiniCluster, {@code flink run}) where one is set.
     */
    private static StreamExecutionEnvironment local(Configuration configuration) {
        StreamExecutionEnvironment context =
                StreamExecutionEnvironment.getExecutionEnvironment(configuration);
        if (!(context instanceof LocalStreamEnvironment)) return context;
        Configuration effective = new Configuration(configuration);
        if (!effective.contains(CoreOptions.DEFAULT_PARALLELISM))
            effective.set(
                    CoreOptions.DEFAULT_PARALLELISM, Runtime.getRuntime().availableProcessors());
        effective.set(DeploymentOptions.TARGET, "local");
        effective.set(DeploymentOptions.ATTACHED, true);
        return new StreamExecutionEnvironment(
                LocalClusters.PROCESS, effective, FlinkTarget.class.getClassLoader());
    }

    /**
     * Refuses a second job named {@code name} while one runs there: a following watch whose client
     * was killed keeps running on the cluster, and another would evaluate the same events twice.
     */
    public void requireNoRunningJob(String name) {
        if (!remote()) return;
        JsonNode jobs = get("/jobs/overview").path("jobs");
        for (JsonNode job : jobs) {
            if (job.path("name").asText().equals(name)
                    && !TERMINAL.contains(job.path("state").asText())) {
                String id = job.path("jid").asText();
                throw new IllegalStateException(
                        "job "
                                + id
                                + " '"
                                + name
                                + "' already runs on "
                                + describe()
                                + " (its client was stopped "
                                + "without cancelling it): cancel it in the Web UI, http://"
                                + host
                                + ":"
                                + port
                                + "/#/job/running/"
                                + id
                                + "/overview, then run this command again; it resumes from the job's last checkpoint");
            }
        }
    }

    private static final Set<String> TERMINAL = Set.of("FINISHED", "CANCELED", "FAILED");

    /**
     * The Flink version of the cluster's {@code /overview}; a clear error when nothing answers
     * there.
     */
    String clusterVersion() {
        JsonNode overview = get("/overview");
        if (!overview.has("flink-version"))
            throw new IllegalStateException(
                    describe() + " answered /overview without a flink-version: not Flink?");
        if (overview.path("slots-total").asInt() == 0) {
            throw new IllegalStateException(
                    describe()
                            + " has no TaskManager (0 slots): start one, or ./sqlexam cluster up");
        }
        return overview.get("flink-version").asText();
    }

    private JsonNode get(String path) {
        String url = "http://" + host + ":" + port + path;
        try {
            HttpResponse<String> response =
                    HTTP.send(
                            HttpRequest.newBuilder(URI.create(url))
                                    .timeout(Duration.ofSeconds(10))
                                    .GET()
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200)
                throw new IllegalStateException("HTTP " + response.statusCode());
            return Json.MAPPER.readTree(response.body());
        } catch (Exception e) {
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
            throw new IllegalStateException(
                    "no Flink REST API answers at "
                            + url
                            + " ("
                            + (e.getMessage() == null
                                    ? e.getClass().getSimpleName()
                                    : e.getMessage())
                            + "): start the cluster (./sqlexam cluster up) or correct --cluster / SQLEXAM_FLINK_REST",
                    e);
        }
    }

    /**
     * The cluster job jar: the option cluster_jar, else beside the running jar, else the checkout's
     * jobs/target.
     */
    static Path jobJar() {
        String configured = Settings.early(SqlExamOptions.CLUSTER_JAR);
        if (configured != null && !configured.isBlank()) return existing(Path.of(configured));
        try {
            Path running =
                    Path.of(
                            FlinkTarget.class
                                    .getProtectionDomain()
                                    .getCodeSource()
                                    .getLocation()
                                    .toURI());
            if (Files.isRegularFile(running)
                    && Files.isRegularFile(running.resolveSibling(CLUSTER_JAR)))
                return running.resolveSibling(CLUSTER_JAR);
        } catch (Exception e) {
            // not run from a jar: look in the checkout
        }
        return existing(Home.resolve().resolve("jobs/target").resolve(CLUSTER_JAR));
    }

    private static Path existing(Path jar) {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(
                    "the job jar for clusters is missing: " + jar + " (./sqlexam build makes it)");
        }
        return jar.toAbsolutePath();
    }

    @Override
    public String toString() {
        return describe();
    }
}
