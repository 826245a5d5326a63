package dev.sqlexam.database;

import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.SecretKeyFactorySpi;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Security;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Remembers the salted password of a SCRAM-SHA-256 login, so that the JDBC driver derives it once
 * per role, salt and iteration count in this JVM rather than once per connection.
 *
 * <p>The driver's SCRAM client derives it with PBKDF2 (4,096 rounds of HMAC-SHA-256 on PostgreSQL
 * 15), which took 8–17 ms of client CPU per connection here: a run that opens 125 connections to
 * the 30 databases of one server spent about 2 s of CPU on the same derivation. The server sends
 * the same salt and count on every login of a role, so the result is the same each time. The driver
 * obtains the derivation as the JCA's {@code PBKDF2WithHmacSHA256}; this provider, first in the
 * JVM's list, answers it from a small cache and delegates everything else to the JDK's. Entries are
 * keyed by an HMAC (under a random key of this JVM) of password, salt, count and length, and zeroed
 * when evicted; the derived key is as secret as the password the process already holds, and never
 * leaves the process. Oracle's JDK takes only signed providers: there the driver derives as before.
 */
public final class ScramKeyCache extends Provider {

    static final String ALGORITHM = "PBKDF2WithHmacSHA256";
    static final String NAME = "sqlexam-scram-key-cache";
    private static final int ENTRIES = 64;
    private static final Map<String, byte[]> DERIVED =
            new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, byte[]> eldest) {
                    if (size() <= ENTRIES) return false;
                    Arrays.fill(eldest.getValue(), (byte) 0);
                    return true;
                }
            };
    private static long derivations;

    /** Keys the cache's keys, so that a key seen in a heap dump does not test password guesses. */
    private static final byte[] KEY_OF_KEYS = randomKey();

    private static byte[] randomKey() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return key;
    }

    private ScramKeyCache() {
        super(NAME, "1.0", "PBKDF2WithHmacSHA256 remembered per password, salt and count");
        putService(
                new Service(this, "SecretKeyFactory", ALGORITHM, Spi.class.getName(), null, null) {
                    @Override
                    public Object newInstance(Object constructorParameter) {
                        return new Spi();
                    }
                });
    }

    /**
     * Puts the cache first among the JVM's providers, once. Only from the application's own class
     * loader: a job's classes on a Flink cluster come and go with the job, and a provider of theirs
     * left in the JVM-wide list would keep them loaded.
     */
    public static synchronized void install() {
        if (Security.getProvider(NAME) != null) return;
        if (ScramKeyCache.class.getClassLoader() != ClassLoader.getSystemClassLoader()) return;
        Security.insertProviderAt(new ScramKeyCache(), 1);
    }

    /** Derivations computed (not answered from the cache) in this JVM. */
    static synchronized long derivations() {
        return derivations;
    }

    /** The JCA's side: derive or remember; the rest goes to the JDK's own factory. */
    public static final class Spi extends SecretKeyFactorySpi {

        @Override
        protected SecretKey engineGenerateSecret(KeySpec spec) throws InvalidKeySpecException {
            if (!(spec instanceof PBEKeySpec pbe) || pbe.getSalt() == null)
                return jdk().generateSecret(spec);
            String key = cacheKey(pbe);
            // one derivation per key even when several set-up threads log in at once; a miss
            // holds the lock for the derivation (one role's logins rarely miss twice), and the
            // copy is taken before an eviction could zero the entry
            synchronized (ScramKeyCache.class) {
                byte[] known = DERIVED.get(key);
                if (known == null) {
                    known = jdk().generateSecret(spec).getEncoded();
                    DERIVED.put(key, known);
                    derivations++;
                }
                return new SecretKeySpec(known, ALGORITHM);
            }
        }

        @Override
        protected KeySpec engineGetKeySpec(SecretKey key, Class<?> keySpec)
                throws InvalidKeySpecException {
            return jdk().getKeySpec(key, keySpec);
        }

        @Override
        protected SecretKey engineTranslateKey(SecretKey key) throws InvalidKeyException {
            return jdk().translateKey(key);
        }

        private static SecretKeyFactory jdk() {
            List<NoSuchAlgorithmException> refusals = new ArrayList<>();
            for (Provider p : Security.getProviders()) {
                if (p.getName().equals(NAME) || p.getService("SecretKeyFactory", ALGORITHM) == null)
                    continue;
                try {
                    return SecretKeyFactory.getInstance(ALGORITHM, p);
                } catch (NoSuchAlgorithmException refused) {
                    // listed but refused: try the next provider, and say why if none is left
                    refusals.add(refused);
                }
            }
            IllegalStateException none =
                    new IllegalStateException("no provider of " + ALGORITHM + " besides " + NAME);
            refusals.forEach(none::addSuppressed);
            throw none;
        }

        private static String cacheKey(PBEKeySpec spec) {
            char[] password = spec.getPassword();
            ByteBuffer utf8 = StandardCharsets.UTF_8.encode(CharBuffer.wrap(password));
            try {
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(new SecretKeySpec(KEY_OF_KEYS, "HmacSHA256"));
                mac.update(ByteBuffer.allocate(4).putInt(utf8.remaining()).flip());
                mac.update(utf8);
                mac.update(spec.getSalt());
                mac.update(
                        ByteBuffer.allocate(8)
                                .putInt(spec.getIterationCount())
                                .putInt(spec.getKeyLength())
                                .flip());
                return HexFormat.of().formatHex(mac.doFinal());
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
            } finally {
                Arrays.fill(password, '\0');
                if (utf8.hasArray()) Arrays.fill(utf8.array(), (byte) 0);
            }
        }
    }
}
