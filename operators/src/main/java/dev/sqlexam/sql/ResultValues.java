package dev.sqlexam.sql;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a JDBC result set into canonical values, so that grading compares meaning, not encoding: 4,
 * 4.0 and 4.00 become the same {@code BigDecimal}; floats become {@code Double}; dates and
 * timestamps become ISO text (timestamptz in UTC); NULL stays {@code null}.
 */
public final class ResultValues {

    private ResultValues() {}

    public static QueryResult read(ResultSet rs, int rowCap) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        List<String> names = new ArrayList<>(n);
        List<ColumnKind> kinds = new ArrayList<>(n);
        int[] jdbcTypes = new int[n];
        for (int i = 0; i < n; i++) {
            names.add(md.getColumnLabel(i + 1));
            jdbcTypes[i] = md.getColumnType(i + 1);
            // only where the kind depends on it: PgJDBC's type name asks the catalog whether a
            // table's column auto-increments, one query per column the connection has not seen
            String typeName =
                    ColumnKind.dependsOnTypeName(jdbcTypes[i]) ? md.getColumnTypeName(i + 1) : null;
            kinds.add(ColumnKind.ofJdbcType(jdbcTypes[i], typeName));
        }
        List<List<Object>> rows = new ArrayList<>();
        boolean truncated = false;
        while (rs.next()) {
            if (rows.size() >= rowCap) {
                truncated = true;
                break;
            }
            List<Object> row = new ArrayList<>(n);
            for (int i = 0; i < n; i++) row.add(value(rs, i + 1, jdbcTypes[i], kinds.get(i)));
            rows.add(row);
        }
        return new QueryResult(names, kinds, rows, truncated);
    }

    private static Object value(ResultSet rs, int col, int jdbcType, ColumnKind kind)
            throws SQLException {
        switch (kind) {
            case NUMBER -> {
                if (jdbcType == Types.REAL || jdbcType == Types.FLOAT || jdbcType == Types.DOUBLE) {
                    double d = rs.getDouble(col);
                    return rs.wasNull() ? null : d;
                }
                if (jdbcType == Types.INTEGER
                        || jdbcType == Types.BIGINT
                        || jdbcType == Types.SMALLINT) {
                    // the same value as the text path below, without a string per cell
                    long n = rs.getLong(col);
                    return rs.wasNull() ? null : canonicalInteger(n);
                }
                String text = rs.getString(col);
                if (text == null) return null;
                return canonicalNumber(text);
            }
            case BOOLEAN -> {
                boolean b = rs.getBoolean(col);
                return rs.wasNull() ? null : b;
            }
            case DATE -> {
                try {
                    LocalDate d = rs.getObject(col, LocalDate.class);
                    return d == null ? null : d.toString();
                } catch (SQLException | RuntimeException e) {
                    // a date the driver cannot map (BC, infinity): the server's own text
                    return rs.getString(col);
                }
            }
            case TIMESTAMP -> {
                try {
                    if (jdbcType == Types.TIMESTAMP_WITH_TIMEZONE) {
                        OffsetDateTime t = rs.getObject(col, OffsetDateTime.class);
                        return t == null
                                ? null
                                : t.withOffsetSameInstant(ZoneOffset.UTC)
                                                .toLocalDateTime()
                                                .toString()
                                        + "Z";
                    }
                    if (jdbcType == Types.TIMESTAMP) {
                        LocalDateTime t = rs.getObject(col, LocalDateTime.class);
                        return t == null ? null : t.toString();
                    }
                } catch (SQLException | RuntimeException e) {
                    // infinity and other specials: fall back to the server's text
                }
                return rs.getString(col);
            }
            default -> {
                return rs.getString(col);
            }
        }
    }

    /** An integer as {@link #canonicalNumber} reads its text. */
    public static BigDecimal canonicalInteger(long n) {
        return n == 0 ? BigDecimal.ZERO : BigDecimal.valueOf(n).stripTrailingZeros();
    }

    /** Exact numbers as stripped BigDecimal; NaN and infinities as Double. */
    public static Object canonicalNumber(String text) {
        try {
            BigDecimal d = new BigDecimal(text.trim());
            return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
        } catch (NumberFormatException e) {
            // NaN and the infinities are no BigDecimal
            return Double.parseDouble(text.trim());
        }
    }
}
