package dev.sqlexam.model;

import java.io.Serializable;

/** A table in a schema context packet: its prompt text, module, score and where it came from. */
public record PacketTable(String name, String module, String mSchema, double score, String source)
        implements Serializable {

    public static final String RETRIEVAL = "retrieval";
    public static final String COLUMN = "column";
    public static final String FK_EXPANSION = "fk_expansion";
    public static final String DOC = "doc";
    public static final String FULL_SCHEMA = "full_schema";
    public static final String PRE_SQL = "pre_sql";
}
