package dev.sqlexam.flink;

import java.io.Serializable;

/** One line of an input file with its 1-based line number. */
public record NumberedLine(long number, String text) implements Serializable {}
