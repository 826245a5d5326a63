package dev.sqlexam.retrieval;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** One table or column to index, with every text format and the hash its vector is keyed by. */
public record IndexEntity(
        String databaseId,
        String entityType,
        String schema,
        String table,
        String column,
        String module,
        boolean generic,
        boolean shadowed,
        String stableText,
        String mSchema,
        String embedText,
        String searchText,
        String model,
        String textHash)
        implements Serializable {

    /** Identity within a database and model. */
    public String key() {
        return entityType + '|' + schema + '|' + table + '|' + column;
    }

    /**
     * hash(stable text, model): a prompt-format change never changes it, so it never causes
     * re-embedding.
     */
    public static String hash(String stableText, String model) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(model.getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
            digest.update(stableText.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest.digest()).substring(0, 32);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
