package dev.sqlexam.suite;

import dev.sqlexam.sql.CalendarDays;

import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.StringValue;

import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * A literal moved a little for a neighbour: a number by one, a date by a day, a string by one
 * character.
 */
final class LiteralPerturbation {

    private LiteralPerturbation() {}

    /** Whether {@code e} is a literal (or a cast literal) {@link #perturbed} can move. */
    static boolean perturbable(Expression e) {
        return e instanceof CastExpression cast
                ? perturbed(cast.getLeftExpression()) != null
                : perturbed(e) != null;
    }

    /**
     * A literal moved a little (a number by one, a string by one character); null when {@code e} is
     * not a plain literal.
     */
    static Expression perturbed(Expression e) {
        if (e instanceof LongValue l) return new LongValue(l.getValue() + 1);
        if (e instanceof DoubleValue d)
            return new DoubleValue(
                    new BigDecimal(String.valueOf(d.getValue()))
                            .add(BigDecimal.ONE)
                            .toPlainString());
        if (e instanceof StringValue s && s.getValue().matches("\\d{4}-\\d{2}-\\d{2}")) {
            LocalDate day = CalendarDays.iso(s.getValue());
            // not a calendar date (2023-02-30): no shifted-date neighbour
            return day == null ? null : new StringValue(day.plusDays(1).toString());
        }
        if (e instanceof CastExpression cast) {
            // DATE '2024-06-01': the cast's string moved (the cast itself changed in place: only
            // ever on a fresh parse)
            Expression inner = perturbed(cast.getLeftExpression());
            if (inner == null) return null;
            cast.setLeftExpression(inner);
            return cast;
        }
        if (e instanceof StringValue s
                && !s.getValue().isEmpty()
                && !s.getValue().matches("\\d{4}-\\d{2}-\\d{2}.*")) {
            return new StringValue(s.getValue().substring(0, s.getValue().length() - 1));
        }
        return null;
    }
}
