package dev.sqlexam.database;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

import java.nio.charset.StandardCharsets;
import java.security.Security;

import static org.assertj.core.api.Assertions.assertThat;

class ScramKeyCacheTest {

    @BeforeAll
    static void install() {
        ScramKeyCache.install();
    }

    @Test
    void isFirstForTheAlgorithmAndInstalledOnce() throws Exception {
        ScramKeyCache.install();
        assertThat(SecretKeyFactory.getInstance(ScramKeyCache.ALGORITHM).getProvider().getName())
                .isEqualTo(ScramKeyCache.NAME);
        assertThat(Security.getProviders())
                .filteredOn(p -> p.getName().equals(ScramKeyCache.NAME))
                .hasSize(1);
    }

    @Test
    void derivesWhatTheJdkDerivesAndOnlyOncePerPasswordSaltAndCount() throws Exception {
        SecretKeyFactory jdk = SecretKeyFactory.getInstance(ScramKeyCache.ALGORITHM, "SunJCE");
        SecretKeyFactory cached = SecretKeyFactory.getInstance(ScramKeyCache.ALGORITHM);
        byte[] salt = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
        long before = ScramKeyCache.derivations();

        byte[] first = derive(cached, "pässword-" + before, salt, 4096);
        byte[] again = derive(cached, "pässword-" + before, salt, 4096);

        assertThat(first).isEqualTo(derive(jdk, "pässword-" + before, salt, 4096)).isEqualTo(again);
        assertThat(ScramKeyCache.derivations() - before).isEqualTo(1);
        // each input that changes the result is part of the key
        assertThat(derive(cached, "pässword-" + before + "x", salt, 4096)).isNotEqualTo(first);
        assertThat(derive(cached, "pässword-" + before, "other salt".getBytes(), 4096))
                .isNotEqualTo(first);
        assertThat(derive(cached, "pässword-" + before, salt, 4095)).isNotEqualTo(first);
        assertThat(ScramKeyCache.derivations() - before).isEqualTo(4);
    }

    @Test
    void loginsAtOnceDeriveOnce() throws Exception {
        SecretKeyFactory cached = SecretKeyFactory.getInstance(ScramKeyCache.ALGORITHM);
        byte[] salt = ("salt-at-once-" + System.nanoTime()).getBytes(StandardCharsets.US_ASCII);
        long before = ScramKeyCache.derivations();
        java.util.concurrent.ExecutorService four =
                java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
            java.util.List<java.util.concurrent.Future<byte[]>> keys = new java.util.ArrayList<>();
            for (int i = 0; i < 4; i++)
                keys.add(
                        four.submit(
                                () -> {
                                    start.await();
                                    return derive(cached, "secret", salt, 4096);
                                }));
            start.countDown();
            byte[] first = keys.get(0).get();
            for (var k : keys) assertThat(k.get()).isEqualTo(first);
        } finally {
            four.shutdownNow();
        }
        assertThat(ScramKeyCache.derivations() - before).isEqualTo(1);
    }

    private static byte[] derive(SecretKeyFactory f, String password, byte[] salt, int count)
            throws Exception {
        return f.generateSecret(new PBEKeySpec(password.toCharArray(), salt, count, 256))
                .getEncoded();
    }
}
