package dev.sqlexam.sql;

import java.sql.Types;

/** The comparison family of a result column; values of different kinds never compare equal. */
public enum ColumnKind {
    NUMBER,
    TEXT,
    BOOLEAN,
    DATE,
    TIMESTAMP,
    OTHER;

    /** The kind of a column of {@code jdbcType} named {@code typeName} by the server. */
    static ColumnKind ofJdbcType(int jdbcType, String typeName) {
        return switch (jdbcType) {
            case Types.TINYINT,
                    Types.SMALLINT,
                    Types.INTEGER,
                    Types.BIGINT,
                    Types.NUMERIC,
                    Types.DECIMAL,
                    Types.REAL,
                    Types.FLOAT,
                    Types.DOUBLE ->
                    NUMBER;
            case Types.CHAR,
                    Types.VARCHAR,
                    Types.LONGVARCHAR,
                    Types.NCHAR,
                    Types.NVARCHAR,
                    Types.LONGNVARCHAR,
                    Types.CLOB ->
                    TEXT;
            case Types.BOOLEAN, Types.BIT ->
                    "bool".equals(typeName) || jdbcType == Types.BOOLEAN ? BOOLEAN : OTHER;
            case Types.DATE -> DATE;
            case Types.TIMESTAMP,
                    Types.TIMESTAMP_WITH_TIMEZONE,
                    Types.TIME,
                    Types.TIME_WITH_TIMEZONE ->
                    TIMESTAMP;
            default -> "text".equals(typeName) || "name".equals(typeName) ? TEXT : OTHER;
        };
    }

    /**
     * Whether {@link #ofJdbcType} needs the type name for {@code jdbcType}: a name only ever turns
     * OTHER into a kind, so elsewhere it may be null.
     */
    static boolean dependsOnTypeName(int jdbcType) {
        return ofJdbcType(jdbcType, null) == OTHER;
    }
}
