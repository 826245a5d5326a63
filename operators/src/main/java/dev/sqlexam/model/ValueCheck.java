package dev.sqlexam.model;

import java.io.Serializable;

/** One looked-up value; {@code found} null: not checked (the lookup failed). */
public record ValueCheck(String table, String column, String value, Boolean found)
        implements Serializable {}
