package dev.sqlexam.database;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PerDatabaseTest {

    private static List<String> dbs(int n) {
        return IntStream.range(0, n).mapToObj(i -> "db" + i).toList();
    }

    private static void sleep(long ms) throws SQLException {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            throw new SQLException(e);
        }
    }

    private static boolean await(CountDownLatch latch) throws SQLException {
        try {
            return latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            throw new SQLException(e);
        }
    }

    @Test
    void resultsComeInTheDatabasesOrderWhateverOrderTheyFinishIn() throws Exception {
        List<String> dbs = dbs(12);
        var out =
                PerDatabase.each(
                        dbs,
                        db -> {
                            sleep(12 - Integer.parseInt(db.substring(2)));
                            return db.toUpperCase();
                        });
        assertThat(new ArrayList<>(out.keySet())).isEqualTo(dbs);
        assertThat(out.get("db7")).isEqualTo("DB7");
    }

    @Test
    void theFirstFailureInTheDatabasesOrderIsThrownWhateverFailedFirstInTime() {
        Set<String> done = ConcurrentHashMap.newKeySet();
        assertThatThrownBy(
                        () ->
                                PerDatabase.each(
                                        dbs(8),
                                        db -> {
                                            done.add(db);
                                            if (db.equals("db2")) {
                                                sleep(50);
                                                throw new SQLException("db2 refused", "28P01");
                                            }
                                            if (db.equals("db5"))
                                                throw new IllegalStateException("db5 broke");
                                            return db;
                                        }))
                .isInstanceOf(SQLException.class)
                .hasMessage("db2 refused");
        assertThat(done).contains("db0", "db1", "db2");
        assertThatThrownBy(
                        () ->
                                PerDatabase.each(
                                        dbs(3),
                                        db -> {
                                            if (db.equals("db1"))
                                                throw new IllegalStateException(db + " broke");
                                            return db;
                                        }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("db1 broke");
    }

    @Test
    void severalDatabasesAreWorkedOnAtOnceOnMoreThanOneCore() throws Exception {
        assertThat(PerDatabase.atOnce(30, 2)).isEqualTo(4);
        assertThat(PerDatabase.atOnce(30, 1)).isEqualTo(2);
        assertThat(PerDatabase.atOnce(1, 16)).isEqualTo(1);
        assertThat(PerDatabase.atOnce(0, 16)).isEqualTo(1);
        CountDownLatch both = new CountDownLatch(2);
        var out =
                PerDatabase.each(
                        dbs(2),
                        db -> {
                            both.countDown();
                            return await(both);
                        });
        assertThat(out.values()).containsOnly(true);
    }

    @Test
    void noDatabasesNoWork() throws Exception {
        assertThat(PerDatabase.each(List.of(), db -> db)).isEmpty();
    }
}
