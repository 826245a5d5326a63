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
        SearchTraits traits,
        Texts texts,
        String model,
        String textHash)
        implements Serializable {

    /**
     * What searches make of an entity: its module (for the module router), whether it is generic
     * (downweighted), whether it is a shadowed copy of a public table.
     */
    public record SearchTraits(String module, boolean generic, boolean shadowed)
            implements Serializable {}

    /**
     * The entity's texts: the stable one its vector is embedded from, its compact M-Schema, the
     * prompt's text and the full-text search's.
     */
    public record Texts(String stableText, String mSchema, String embedText, String searchText)
            implements Serializable {}

    /** The entity of {@code model}'s index, keyed by the hash of its stable text. */
    public static IndexEntity of(
            String databaseId,
            String entityType,
            String schema,
            String table,
            String column,
            SearchTraits traits,
            Texts texts,
            String model) {
        return new IndexEntity(
                databaseId,
                entityType,
                schema,
                table,
                column,
                traits,
                texts,
                model,
                hash(texts.stableText(), model));
    }

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
