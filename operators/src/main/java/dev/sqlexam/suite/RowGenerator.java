package dev.sqlexam.suite;

import dev.sqlexam.suite.SuiteSchema.Table;

import java.io.Serializable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * Makes one table's rows for a suite database, as text (null: SQL NULL), in the order of its
 * columns: foreign keys from rows already in the parent (some parents left without children, some
 * nullable references NULL), primary and unique keys never repeated, the other columns from {@link
 * ColumnValues} (often starting from one sampled original row, so that values that belong together
 * stay together). Deterministic for a given {@link Random}.
 */
final class RowGenerator {

    /**
     * How a candidate database is shaped: rows a table, how often a nullable value is NULL, and how
     * much its values keep to the original data ({@code anchored} 1: rows often start from a
     * sampled row; near 0: mostly values of the type, beyond the sample's range), how often a row
     * or a value repeats one made before ({@code repeats}; 0: only by chance) and the share of
     * parent rows that get children ({@code spread}: small, and groups grow large enough for a
     * HAVING); {@code oddities}: what no neighbour of a gold foresees.
     */
    record Profile(
            int rows,
            double nullRate,
            double anchored,
            double repeats,
            double spread,
            List<Integer> crowds,
            boolean resampled,
            Oddities oddities)
            implements Serializable {
        Profile(int rows, double nullRate, double anchored, double repeats, double spread) {
            this(rows, nullRate, anchored, repeats, spread, List.of(), false, Oddities.NONE);
        }

        /**
         * {@code blank}: the share of plain nullable columns left NULL in every row (an aggregate
         * of NULLs alone: SUM(x) is NULL where SUM(COALESCE(x, 0)) is 0); {@code twins}: every
         * other row a copy of the one before (keys aside), so that each parent has a twin that
         * shares all but its key (GROUP BY a name where the gold groups by the key); {@code small}:
         * plain numbers mostly below ten (ROUND(AVG(x), 2) against AVG(x) differs beyond the
         * grader's relative tolerance only where x is small).
         */
        record Oddities(double blank, boolean twins, boolean small) implements Serializable {
            static final Oddities NONE = new Oddities(0, false, false);

            boolean any() {
                return twins || blank > 0 || small;
            }
        }

        /**
         * Blank columns, twin rows and small numbers at once: what no neighbour of a gold foresees.
         */
        Profile odd(double blankShare) {
            return with(new Oddities(blankShare, true, true));
        }

        Profile withBlank(double share) {
            return with(new Oddities(share, oddities.twins(), oddities.small()));
        }

        /**
         * The distillation's kind of a candidate of this shape ({@link Distillation#TINY}, ODD or
         * ORDINARY).
         */
        int kind() {
            if (rows <= TINY) return Distillation.TINY;
            return oddities.any() ? Distillation.ODD : Distillation.ORDINARY;
        }

        Profile twinned() {
            return with(new Oddities(oddities.blank(), true, oddities.small()));
        }

        private Profile with(Oddities odd) {
            return new Profile(rows, nullRate, anchored, repeats, spread, crowds, resampled, odd);
        }

        /**
         * Original rows as they are, about {@code rows} a table drawn from the sample (foreign keys
         * aside, which point at the rows made for the parent): a small database as real as the
         * source, where a filter only a prediction adds meets the values real rows have (a status
         * the gold never names among the latest rows).
         */
        static Profile resampled(int rows) {
            return new Profile(rows, 0, 1.0, 0, 0.75, List.of(), true, Oddities.NONE);
        }

        /**
         * The same shape with crowds: each table with a foreign key gets, per size, that many more
         * rows, all one row (keys aside) under a parent no other row of it points at, so that a
         * group has exactly that size (a gold's {@code HAVING COUNT(*) > 150} meets 150 and 151).
         */
        Profile withCrowds(List<Integer> crowds) {
            return new Profile(
                    rows,
                    nullRate,
                    anchored,
                    repeats,
                    spread,
                    List.copyOf(crowds),
                    resampled,
                    oddities);
        }

        /** Rows all crowds add to a table with a foreign key. */
        int crowdRows() {
            return crowds.stream().mapToInt(Integer::intValue).sum();
        }

        Profile(int rows, double nullRate, double anchored, double repeats) {
            this(rows, nullRate, anchored, repeats, 0.75);
        }

        Profile(int rows, double nullRate, double anchored) {
            this(rows, nullRate, anchored, 0.12);
        }

        Profile(int rows, double nullRate) {
            this(rows, nullRate, 1.0);
        }
    }

    /**
     * A profile of at most this many rows a table makes tiny databases: mostly one row, else a few;
     * no gold's rows forced in.
     */
    static final int TINY = 3;

    private RowGenerator() {}

    /**
     * {@code parents}: the rows already stored in each table, by its qualified name (the columns of
     * {@link Table#columns}); {@code sampled}: original rows of this table.
     */
    static List<String[]> rows(
            Table table,
            Map<String, ColumnValues> values,
            List<List<String>> sampled,
            Map<String, List<String[]>> parents,
            Map<String, Table> tables,
            Profile profile,
            Random random) {
        return rows(table, values, sampled, parents, tables, profile, random, GoldConditions.NONE);
    }

    /**
     * What the golds' conditions want of the rows: {@code together}, constants wanted in one row
     * (column name in lower case → constant): the first rows meet all of one group at once, or all
     * but one, which sits just beside its constant; {@code pairs}, columns (lower case) a gold
     * compares with each other: some rows get them equal or just apart; {@code crowdGroup}, for a
     * crowd's size, the conditions of the gold that compares a COUNT with it, which its row meets.
     */
    record GoldConditions(
            List<Map<String, String>> together,
            Set<List<String>> pairs,
            IntFunction<Map<String, String>> crowdGroup) {
        static final GoldConditions NONE =
                new GoldConditions(List.of(), Set.of(), size -> Map.of());
    }

    /** As above, the rows meeting {@code wanted}. */
    static List<String[]> rows(
            Table table,
            Map<String, ColumnValues> values,
            List<List<String>> sampled,
            Map<String, List<String[]>> parents,
            Map<String, Table> tables,
            Profile profile,
            Random random,
            GoldConditions wanted) {
        GeneratedRows generated =
                new GeneratedRows(table, values, sampled, parents, tables, profile, random, wanted);
        if (profile.resampled() && !sampled.isEmpty())
            return ResampledRows.of(
                    table, sampled, parents, tables, profile, random, generated.index());
        return generated.make();
    }

    /** Each column's position in a row of {@code table}, by name. */
    static Map<String, Integer> columnIndex(Table table) {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < table.columns().size(); i++)
            index.put(table.columns().get(i).name(), i);
        return index;
    }
}
