package dev.sqlexam.model;

import java.io.Serializable;

/** One tier's verdict: passed, the first gate that failed, and (active tier) the rewrite. */
public record WhitelistGate(boolean passed, String failedGate, String correctedSql)
        implements Serializable {}
