package dev.sqlexam.database;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Where the exam's server is decides how many of a subtask's threads query it at once. */
class ServerLocationTest {

    private static JdbcUrlTemplate url(String hosts) {
        return new JdbcUrlTemplate("jdbc:postgresql://" + hosts + "/{db}?user=reader");
    }

    @Test
    void readsEveryHostOfTheUrlWithoutItsPort() {
        assertThat(ServerLocation.hosts("jdbc:postgresql://127.0.0.1:55432/{db}?user=x"))
                .containsExactly("127.0.0.1");
        assertThat(ServerLocation.hosts("jdbc:postgresql:///erp")).containsExactly("localhost");
        assertThat(ServerLocation.hosts("jdbc:postgresql://[::1]:5432/erp")).containsExactly("::1");
        assertThat(ServerLocation.hosts("jdbc:postgresql://db1:5432,db2/erp?ssl=true"))
                .containsExactly("db1", "db2");
        assertThat(ServerLocation.hosts("jdbc:postgresql://replica?user=x"))
                .containsExactly("replica");
    }

    @Test
    void loopbackAndThisMachinesNamesAreLocalOthersAreNot() throws Exception {
        assertThat(ServerLocation.onThisMachine(url("127.0.0.1:55432"))).isTrue();
        assertThat(ServerLocation.onThisMachine(url("localhost"))).isTrue();
        assertThat(ServerLocation.onThisMachine(url("[::1]:5432"))).isTrue();
        assertThat(ServerLocation.onThisMachine(url(""))).isTrue();
        // TEST-NET-1 (RFC 5737) is nobody's address; a name that does not resolve is elsewhere
        assertThat(ServerLocation.onThisMachine(url("192.0.2.10:5432"))).isFalse();
        assertThat(ServerLocation.onThisMachine(url("db.example.invalid"))).isFalse();
        assertThat(ServerLocation.onThisMachine(url("127.0.0.1,192.0.2.10"))).isFalse();
    }

    @Test
    void workersFollowTheCoresForALocalServerAndTheQuestionsInFlightForARemoteOne() {
        int cores = Runtime.getRuntime().availableProcessors();
        ConnectionPolicy auto = ConnectionPolicy.DEFAULT;
        assertThat(auto.workers(64, url("127.0.0.1"), 1)).isEqualTo(Math.min(64, 2 * cores));
        assertThat(auto.workers(64, url("127.0.0.1"), 2 * cores)).isEqualTo(1);
        assertThat(auto.workers(64, url("127.0.0.1"), 1_000)).isEqualTo(1);
        assertThat(auto.workers(1, url("127.0.0.1"), 1)).isEqualTo(1);
        assertThat(auto.workers(8, url("192.0.2.10"), 2)).isEqualTo(8);
        ConnectionPolicy three = new ConnectionPolicy(32, 1_000, 0, 30_000, 3);
        assertThat(three.workers(8, url("127.0.0.1"), 2)).isEqualTo(3);
        assertThat(three.workers(8, url("192.0.2.10"), 2)).isEqualTo(3);
        assertThat(three.workers(2, url("192.0.2.10"), 2)).isEqualTo(2);
        assertThatThrownBy(() -> new ConnectionPolicy(32, 1_000, 0, 30_000, -1))
                .hasMessageContaining("db_workers");
    }
}
