package dev.sqlexam.model;

import java.io.Serializable;

/**
 * One candidate: where it lives, how close it is, and whether it matched exactly or by containment.
 */
public record ColumnMatch(
        String table, String column, double score, boolean exact, boolean containment)
        implements Serializable {}
