package dev.sqlexam.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 of bytes or of a text's UTF-8 bytes, in lower-case hex or as the digest's bytes. */
public final class Sha256 {

    private Sha256() {}

    public static String hex(String text) {
        return HexFormat.of().formatHex(of(text));
    }

    public static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(digest(bytes));
    }

    public static byte[] of(String text) {
        return digest(text.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] digest(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }
}
