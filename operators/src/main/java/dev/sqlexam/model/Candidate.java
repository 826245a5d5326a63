package dev.sqlexam.model;

import java.io.Serializable;

/** One SQL candidate produced by a generator for a question. */
public record Candidate(int index, String sql, String generator, long latencyMs)
        implements Serializable {}
