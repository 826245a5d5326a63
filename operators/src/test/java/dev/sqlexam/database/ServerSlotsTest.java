package dev.sqlexam.database;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A query that waits for a busy connection of its database gets the one given back within its
 * patience, else none.
 */
class ServerSlotsTest {

    private static Connection fake() {
        return (Connection)
                Proxy.newProxyInstance(
                        Connection.class.getClassLoader(),
                        new Class<?>[] {Connection.class},
                        (proxy, method, args) ->
                                method.getName().equals("equals")
                                        ? proxy == args[0]
                                        : method.getName().equals("hashCode") ? 1 : null);
    }

    @Test
    void aConnectionGivenBackWhileWaitingIsTakenAndNothingElse() throws Exception {
        ServerSlots slots = ServerSlots.of("slots-test-" + System.nanoTime() + ":1", 4);
        slots.take("pool/demo", 1_000);
        Connection busy = fake();
        CompletableFuture<ServerSlots.Idle> waiter =
                CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return slots.awaitIdle("pool/demo", TimeUnit.SECONDS.toNanos(5));
                            } catch (InterruptedException e) {
                                throw new IllegalStateException(e);
                            }
                        });
        Thread.sleep(50);
        slots.giveBack("pool/other", fake());
        Thread.sleep(50);
        assertThat(waiter).as("another database's connection is not this one's").isNotDone();
        slots.giveBack("pool/demo", busy);
        assertThat(waiter.get(5, TimeUnit.SECONDS).connection()).isSameAs(busy);
        assertThat(slots.awaitIdle("pool/demo", TimeUnit.MILLISECONDS.toNanos(20)))
                .as("nothing given back within the patience")
                .isNull();
    }
}
