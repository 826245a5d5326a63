package dev.sqlexam.jobs.runtime;

import dev.sqlexam.config.Settings;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FlinkTargetTest {

    private static FlinkTarget target(String rest) {
        return FlinkTarget.of(Settings.resolve(Map.of(), Map.of(), Map.of("flink_rest", rest)));
    }

    @Test
    void theSummaryOfManyPredictionsFilesFitsTheCollectSink() {
        var env = FlinkTarget.local().environment();
        assertThat(
                        env.getConfiguration()
                                .get(
                                        org.apache.flink.streaming.api.operators.collect
                                                .CollectSinkOperatorFactory.MAX_BATCH_SIZE))
                .as("12 files over 1,170 questions make a 2.3 MB summary; Flink's default is 2 MB")
                .isEqualTo(org.apache.flink.configuration.MemorySize.ofMebiBytes(512));
    }

    @Test
    void anEmptyAddressIsTheInProcessMiniCluster() {
        assertThat(target("").remote()).isFalse();
        assertThat(
                        FlinkTarget.of(
                                        Settings.resolve(
                                                Map.of(),
                                                Map.of("SQLEXAM_FLINK_REST", "10.0.0.7:8081"),
                                                Map.of()))
                                .describe())
                .isEqualTo("the Flink cluster at http://10.0.0.7:8081");
    }

    @Test
    void anAddressIsHostAndPortOrARestUrl() {
        assertThat(target("127.0.0.1:58081").describe())
                .isEqualTo("the Flink cluster at http://127.0.0.1:58081");
        assertThat(target("http://flink-jm.example:8081/").describe())
                .isEqualTo("the Flink cluster at http://flink-jm.example:8081");
        for (String bad : new String[] {"flink-jm", "host:port", "host:0", "host:70000"}) {
            assertThatThrownBy(() -> target(bad))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("host:port");
        }
    }

    @Test
    void aClusterThatIsNotThereIsAClearErrorBeforeAnyJob() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        assertThatThrownBy(() -> target("127.0.0.1:" + closed).environment())
                .hasMessageContaining(
                        "no Flink REST API answers at http://127.0.0.1:" + closed + "/overview")
                .hasMessageContaining("./sqlexam cluster up");
    }

    @Test
    void aClusterWithoutTaskManagersOrOfAnotherMajorVersionIsRefused() throws Exception {
        for (String[] c :
                new String[][] {
                    {"{\"flink-version\":\"2.0.0\",\"slots-total\":0}", "no TaskManager"},
                    {"{\"flink-version\":\"1.20.1\",\"slots-total\":4}", "runs Flink 1.20.1"}
                }) {
            HttpServer server = serve("/overview", c[0]);
            try {
                assertThatThrownBy(
                                () ->
                                        target("127.0.0.1:" + server.getAddress().getPort())
                                                .environment())
                        .hasMessageContaining(c[1]);
            } finally {
                server.stop(0);
            }
        }
    }

    @Test
    void aSecondFollowingWatchOfTheSameInputIsRefusedWhileTheFirstRuns() throws Exception {
        HttpServer server =
                serve(
                        "/jobs/overview",
                        "{\"jobs\":[{\"jid\":\"ab12\",\"name\":\"sqlexam watch querylog\",\"state\":\"RUNNING\"},"
                                + "{\"jid\":\"cd34\",\"name\":\"sqlexam watch old\",\"state\":\"CANCELED\"}]}");
        try {
            FlinkTarget cluster = target("127.0.0.1:" + server.getAddress().getPort());
            assertThatThrownBy(() -> cluster.requireNoRunningJob("sqlexam watch querylog"))
                    .hasMessageContaining("job ab12")
                    .hasMessageContaining("cancel it in the Web UI");
            cluster.requireNoRunningJob("sqlexam watch old");
            cluster.requireNoRunningJob("sqlexam watch other");
        } finally {
            server.stop(0);
        }
    }

    private static HttpServer serve(String path, String json) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext(
                path,
                exchange -> {
                    byte[] body = json.getBytes(StandardCharsets.UTF_8);
                    exchange.sendResponseHeaders(200, body.length);
                    exchange.getResponseBody().write(body);
                    exchange.close();
                });
        server.start();
        return server;
    }
}
