package dev.sqlexam.suite;

import dev.sqlexam.model.SuiteGrade;
import dev.sqlexam.sql.QueryOutcome;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A witness's rows and both queries' results as a grade shows them ({@link SuiteGrade.Evidence}).
 */
final class WitnessEvidence {

    private static final int SHOWN_ROWS = 20;

    private WitnessEvidence() {}

    static SuiteGrade.Evidence shown(
            String database,
            List<SuiteSchema.Table> tables,
            Map<String, List<String[]>> rows,
            QueryOutcome gold,
            QueryOutcome pred,
            boolean minimal,
            String note) {
        List<SuiteGrade.Table> shown = new ArrayList<>();
        for (SuiteSchema.Table t : tables) {
            List<List<String>> r =
                    rows.getOrDefault(t.qualified(), List.of()).stream()
                            .map(Arrays::asList)
                            .toList();
            shown.add(
                    new SuiteGrade.Table(
                            t.displayName(),
                            t.columns().stream().map(SuiteSchema.Column::name).toList(),
                            r));
        }
        return new SuiteGrade.Evidence(
                database,
                shown,
                results(gold),
                results(pred),
                pred.ok() ? null : pred.error(),
                minimal,
                note);
    }

    /** A query's first rows as text (null: it failed). */
    static List<List<String>> results(QueryOutcome outcome) {
        if (outcome == null || !outcome.ok()) return null;
        List<List<String>> out = new ArrayList<>();
        for (List<Object> row : outcome.result().rows()) {
            if (out.size() == SHOWN_ROWS) break;
            out.add(
                    row.stream()
                            .map(
                                    v ->
                                            v == null
                                                    ? null
                                                    : v instanceof BigDecimal d
                                                            ? d.toPlainString()
                                                            : v.toString())
                            .toList());
        }
        return out;
    }
}
