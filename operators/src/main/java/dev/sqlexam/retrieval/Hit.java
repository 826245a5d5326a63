package dev.sqlexam.retrieval;

import java.io.Serializable;

/** One search result: a table (and column, for column hits) with its score and rank (1-based). */
public record Hit(
        String table, String column, String module, boolean generic, double score, int rank)
        implements Serializable {}
