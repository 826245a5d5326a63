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
    void aCallerClearingTheReturnedKeyDoesNotClearTheCache() throws Exception {
        SecretKeyFactory cached = SecretKeyFactory.getInstance(ScramKeyCache.ALGORITHM);
        byte[] salt = "salt-for-clearing".getBytes(StandardCharsets.US_ASCII);
        byte[] first = derive(cached, "secret", salt, 1000);
        byte[] copy = first.clone();
        java.util.Arrays.fill(first, (byte) 0);
        assertThat(derive(cached, "secret", salt, 1000)).isEqualTo(copy);
    }

    private static byte[] derive(SecretKeyFactory f, String password, byte[] salt, int count)
            throws Exception {
        return f.generateSecret(new PBEKeySpec(password.toCharArray(), salt, count, 256))
                .getEncoded();
    }
}
