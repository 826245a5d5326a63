package dev.sqlexam.database;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class OpenPatienceTest {

    private static long ms(long millis) {
        return TimeUnit.MILLISECONDS.toNanos(millis);
    }

    @Test
    void waitsAFewTimesWhatOpeningAConnectionCostsOnceItIsMeasured() {
        OpenPatience p = new OpenPatience();
        assertThat(p.nanos()).isEqualTo(ms(15));
        p.opened(ms(17));
        assertThat(p.nanos()).isEqualTo(ms(51));
    }

    @Test
    void followsTheServerAsItsCostChangesWithoutJumpingOnOneSlowConnection() {
        OpenPatience p = new OpenPatience();
        p.opened(ms(10));
        p.opened(ms(50)); // one slow connection (a busy server) moves it a quarter of the way
        assertThat(p.nanos()).isEqualTo(ms(60));
        for (int i = 0; i < 40; i++) p.opened(ms(10));
        assertThat(p.nanos()).isBetween(ms(30), ms(31));
    }

    @Test
    void staysWithinItsBoundsOnVeryFastAndVerySlowServers() {
        OpenPatience fast = new OpenPatience();
        fast.opened(ms(1));
        assertThat(fast.nanos()).isEqualTo(OpenPatience.MIN_NANOS);
        OpenPatience slow = new OpenPatience();
        slow.opened(ms(2_000));
        assertThat(slow.nanos()).isEqualTo(OpenPatience.MAX_NANOS);
    }
}
