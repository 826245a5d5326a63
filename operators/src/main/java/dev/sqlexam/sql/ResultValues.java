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
import java.util.function.Function;
import java.util.regex.Pattern;

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
                return mapped(rs, col, LocalDate.class, LocalDate::toString);
            }
            case TIMESTAMP -> {
                if (jdbcType == Types.TIMESTAMP_WITH_TIMEZONE)
                    return mapped(rs, col, OffsetDateTime.class, ResultValues::utc);
                if (jdbcType == Types.TIMESTAMP)
                    return mapped(rs, col, LocalDateTime.class, LocalDateTime::toString);
                return rs.getString(col);
            }
            default -> {
                return rs.getString(col);
            }
        }
    }

    /**
     * The cell as the driver maps it to {@code type}, in ISO text; the server's own text where the
     * driver cannot map it (a date BC, infinity and other specials).
     */
    private static <T> String mapped(ResultSet rs, int col, Class<T> type, Function<T, String> iso)
            throws SQLException {
        T value;
        try {
            value = rs.getObject(col, type);
        } catch (SQLException | RuntimeException unmappable) {
            // the server's text says what the value is; the driver's refusal adds nothing to it
            return rs.getString(col);
        }
        return value == null ? null : iso.apply(value);
    }

    private static String utc(OffsetDateTime t) {
        return t.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime().toString() + "Z";
    }

    /** An integer as {@link #canonicalNumber} reads its text. */
    public static BigDecimal canonicalInteger(long n) {
        return n == 0 ? BigDecimal.ZERO : BigDecimal.valueOf(n).stripTrailingZeros();
    }

    /** Exact numbers as stripped BigDecimal; NaN and infinities as Double. */
    public static Object canonicalNumber(String text) {
        String t = text.trim();
        // NaN and the infinities are no BigDecimal
        if (NON_FINITE.matcher(t).matches()) return Double.parseDouble(t);
        BigDecimal d = new BigDecimal(t);
        return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
    }

    /** The texts of NaN and the infinities, as {@link Double#parseDouble} reads them. */
    private static final Pattern NON_FINITE = Pattern.compile("[+-]?(NaN|Infinity)");
}
