package dev.sqlexam.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 of a text's UTF-8 bytes, in lower-case hex or as the digest's bytes. */
public final class Sha256 {

    private Sha256() {}

    public static String hex(String text) {
        return HexFormat.of().formatHex(of(text));
    }

    public static byte[] of(String text) {
        try {
            return MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
