package dev.sqlexam.suite;

import dev.sqlexam.suite.SuiteSchema.Column;
import dev.sqlexam.suite.SuiteSchema.Table;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A resampled candidate's rows of one table ({@link RowGenerator.Profile#resampled}): sampled rows
 * as they are, in a random order, foreign keys from the parents made.
 */
final class ResampledRows {

    private ResampledRows() {}

    /** About {@code profile.rows()} sampled rows; rows whose keys repeat are left out. */
    static List<String[]> of(
            Table table,
            List<List<String>> sampled,
            Map<String, List<String[]>> parents,
            Map<String, Table> tables,
            RowGenerator.Profile profile,
            Random random,
            Map<String, Integer> index) {
        List<List<String>> order = new ArrayList<>(sampled);
        Collections.shuffle(order, random);
        UniqueKeys keys = new UniqueKeys(table, index);
        List<String[]> out = new ArrayList<>();
        int want = Math.max(1, profile.rows() / 2 + random.nextInt(Math.max(1, profile.rows())));
        for (List<String> original : order) {
            if (out.size() >= want) break;
            String[] row = new String[table.columns().size()];
            boolean fits = true;
            for (int i = 0; i < row.length && i < original.size(); i++) {
                Column c = table.columns().get(i);
                if (!c.insertable()) continue;
                row[i] = ColumnValues.fit(c, original.get(i));
                fits &= row[i] != null || original.get(i) == null;
            }
            if (!fits
                    || !RowReferences.references(
                            table, row, index, parents, out, tables, profile, random, -1)) continue;
            if (!keys.unseen(row)) continue;
            keys.remember(row);
            out.add(row);
        }
        return out;
    }
}
