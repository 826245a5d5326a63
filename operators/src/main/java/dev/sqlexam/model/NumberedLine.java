package dev.sqlexam.model;

import java.io.Serializable;

/**
 * One input record with its position: a file's line with its 1-based number, or a Kafka record with
 * its offset and its topic-partition as {@code source} (null for a file: the reader names it).
 */
public record NumberedLine(long number, String text, String source) implements Serializable {

    public NumberedLine(long number, String text) {
        this(number, text, null);
    }
}
