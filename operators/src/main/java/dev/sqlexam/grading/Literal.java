package dev.sqlexam.grading;

import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.DateValue;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.TimeValue;
import net.sf.jsqlparser.expression.TimestampValue;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * A constant a condition compares with. Strings compare exactly (case included), numbers by value
 * (1 = 1.0), and a string that spells a number equals that number, as the column's type makes it on
 * both engines.
 */
record Literal(Kind kind, String text, BigDecimal number) {

    enum Kind {
        STRING,
        NUMBER,
        BOOLEAN,
        NULL
    }

    /** The constant {@code e} is, or null when it is none. */
    static Literal of(Expression e) {
        if (e instanceof ParenthesedExpressionList<?> list && list.size() == 1)
            return of(list.get(0));
        if (e instanceof StringValue s) return string(s.getValue().replace("''", "'"));
        if (e instanceof LongValue v) return number(v.getStringValue());
        if (e instanceof DoubleValue v) return number(v.toString());
        if (e instanceof SignedExpression signed) {
            Literal l = of(signed.getExpression());
            if (l == null || l.kind != Kind.NUMBER) return null;
            return signed.getSign() == '-'
                    ? new Literal(Kind.NUMBER, "-" + l.text, l.number.negate())
                    : l;
        }
        if (e instanceof NullValue) return new Literal(Kind.NULL, "NULL", null);
        if (e instanceof DateValue || e instanceof TimestampValue || e instanceof TimeValue) {
            String raw = e.toString();
            int quote = raw.indexOf('\'');
            return string(quote >= 0 ? raw.substring(quote + 1, raw.lastIndexOf('\'')) : raw);
        }
        if (e instanceof CastExpression cast) return of(cast.getLeftExpression());
        if (e instanceof Column c && c.getTable() == null) {
            String name = c.getColumnName().toLowerCase(Locale.ROOT);
            if (name.equals("true") || name.equals("false"))
                return new Literal(Kind.BOOLEAN, name, null);
        }
        return null;
    }

    /**
     * As {@link #of}, and a double-quoted unqualified token is the string SQLite takes it for: the
     * reading of a value a condition compares a column with.
     */
    static Literal ofValue(Expression e) {
        if (e instanceof Column c
                && c.getTable() == null
                && SqlNames.doubleQuoted(c.getColumnName())) {
            String quoted = c.getColumnName();
            return string(quoted.substring(1, quoted.length() - 1).replace("\"\"", "\""));
        }
        return of(e);
    }

    static Literal string(String value) {
        return new Literal(Kind.STRING, value, null);
    }

    private static Literal number(String text) {
        try {
            BigDecimal value = new BigDecimal(text);
            return new Literal(Kind.NUMBER, text, value);
        } catch (NumberFormatException notANumber) {
            // a numeric-looking token the parser passed that BigDecimal does not read is text
            return string(text);
        }
    }

    boolean sameValue(Literal other) {
        if (kind == Kind.NUMBER && other.kind == Kind.NUMBER)
            return number.compareTo(other.number) == 0;
        if (kind == Kind.NUMBER && other.kind == Kind.STRING) return other.sameValue(this);
        if (kind == Kind.STRING && other.kind == Kind.NUMBER) {
            try {
                return new BigDecimal(text.strip()).compareTo(other.number) == 0;
            } catch (NumberFormatException notANumber) {
                // a string that is not a number never equals one
                return false;
            }
        }
        return kind == other.kind && text.equals(other.text);
    }

    /**
     * A LIKE pattern's words without its wildcards, to tell a changed operator from a changed
     * value.
     */
    String withoutWildcards() {
        return kind == Kind.STRING ? text.replace("%", "").replace("_", "") : text;
    }

    String display() {
        return kind == Kind.STRING ? "'" + text + "'" : text;
    }
}
