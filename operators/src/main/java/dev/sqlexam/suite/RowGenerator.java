package dev.sqlexam.suite;

import dev.sqlexam.suite.SuiteSchema.Column;
import dev.sqlexam.suite.SuiteSchema.Table;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

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
     * HAVING); {@code blank}: the share of plain nullable columns left NULL in every row (an
     * aggregate of NULLs alone: SUM(x) is NULL where SUM(COALESCE(x, 0)) is 0); {@code twins}:
     * every other row a copy of the one before (keys aside), so that each parent has a twin that
     * shares all but its key (GROUP BY a name where the gold groups by the key); {@code small}:
     * plain numbers mostly below ten (ROUND(AVG(x), 2) against AVG(x) differs beyond the grader's
     * relative tolerance only where x is small).
     */
    record Profile(
            int rows,
            double nullRate,
            double anchored,
            double repeats,
            double spread,
            List<Integer> crowds,
            boolean resampled,
            double blank,
            boolean twins,
            boolean small)
            implements java.io.Serializable {
        Profile(int rows, double nullRate, double anchored, double repeats, double spread) {
            this(rows, nullRate, anchored, repeats, spread, List.of(), false, 0, false, false);
        }

        /**
         * Blank columns, twin rows and small numbers at once: what no neighbour of a gold foresees.
         */
        Profile odd(double blankShare) {
            return new Profile(
                    rows,
                    nullRate,
                    anchored,
                    repeats,
                    spread,
                    crowds,
                    resampled,
                    blankShare,
                    true,
                    true);
        }

        Profile withBlank(double share) {
            return new Profile(
                    rows, nullRate, anchored, repeats, spread, crowds, resampled, share, twins,
                    small);
        }

        /**
         * The distillation's kind of a candidate of this shape ({@link Distillation#TINY}, ODD or
         * ORDINARY).
         */
        int kind() {
            if (rows <= TINY) return Distillation.TINY;
            return twins || blank > 0 || small ? Distillation.ODD : Distillation.ORDINARY;
        }

        Profile twinned() {
            return new Profile(
                    rows, nullRate, anchored, repeats, spread, crowds, resampled, blank, true,
                    small);
        }

        /**
         * Original rows as they are, about {@code rows} a table drawn from the sample (foreign keys
         * aside, which point at the rows made for the parent): a small database as real as the
         * source, where a filter only a prediction adds meets the values real rows have (a status
         * the gold never names among the latest rows).
         */
        static Profile resampled(int rows) {
            return new Profile(rows, 0, 1.0, 0, 0.75, List.of(), true, 0, false, false);
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
                    blank,
                    twins,
                    small);
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

    /** An override's NULL (a gold's IS NULL). */
    private static final String NULL = GoldConstants.NULL;

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
        return rows(table, values, sampled, parents, tables, profile, random, List.of());
    }

    /**
     * As above; {@code together}: constants a gold's conditions want in one row (column name in
     * lower case → constant): the first rows meet all of one group at once, or all but one, which
     * sits just beside its constant.
     */
    static List<String[]> rows(
            Table table,
            Map<String, ColumnValues> values,
            List<List<String>> sampled,
            Map<String, List<String[]>> parents,
            Map<String, Table> tables,
            Profile profile,
            Random random,
            List<Map<String, String>> together) {
        return rows(
                table,
                values,
                sampled,
                parents,
                tables,
                profile,
                random,
                together,
                java.util.Set.of());
    }

    /**
     * As above; {@code pairs}: columns (lower case) a gold compares with each other: some rows get
     * them equal or just apart.
     */
    static List<String[]> rows(
            Table table,
            Map<String, ColumnValues> values,
            List<List<String>> sampled,
            Map<String, List<String[]>> parents,
            Map<String, Table> tables,
            Profile profile,
            Random random,
            List<Map<String, String>> together,
            java.util.Set<List<String>> pairs) {
        return rows(
                table,
                values,
                sampled,
                parents,
                tables,
                profile,
                random,
                together,
                pairs,
                size -> Map.of());
    }

    /**
     * As above; {@code crowdGroup}: for a crowd's size, the conditions of the gold that compares a
     * COUNT with it, which its row meets.
     */
    static List<String[]> rows(
            Table table,
            Map<String, ColumnValues> values,
            List<List<String>> sampled,
            Map<String, List<String[]>> parents,
            Map<String, Table> tables,
            Profile profile,
            Random random,
            List<Map<String, String>> together,
            java.util.Set<List<String>> pairs,
            java.util.function.IntFunction<Map<String, String>> crowdGroup) {
        List<int[]> compared = GroupRows.compared(table, pairs);
        List<Column> columns = table.columns();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < columns.size(); i++) index.put(columns.get(i).name(), i);
        List<Set<List<String>>> seenKeys = new ArrayList<>();
        for (int k = 0; k < table.keys().size(); k++) seenKeys.add(new HashSet<>());
        int constants = 0;
        for (Column c : columns)
            constants = Math.max(constants, values.get(c.name()).constants.size());
        if (profile.resampled() && !sampled.isEmpty())
            return resampled(table, sampled, parents, tables, profile, random, index);
        // enough rows for every gold constant (and its neighbours) of every column to appear at
        // least once
        int count =
                profile.rows() <= TINY
                        ? (random.nextInt(5) < 3 ? 1 : 1 + random.nextInt(profile.rows()))
                        : Math.max(
                                Math.min(constants, 150),
                                Math.max(
                                        1,
                                        profile.rows() / 2
                                                + random.nextInt(Math.max(1, profile.rows()))));
        int offset = random.nextInt(1_000);
        java.util.Set<Integer> blank = blankColumns(table, profile, random);
        // after the table's own rows, the groups' rows
        List<Map<Integer, String>> overrides =
                profile.rows() <= TINY
                        ? List.of()
                        : GroupRows.of(table, together, values, random, profile.repeats());
        // then the crowds, each one row (meeting the conditions of the gold that counts to its
        // size) repeated
        // (not where a key is all references: a row repeated under one parent would repeat its key)
        List<Integer> crowds =
                table.foreignKeys().isEmpty() || RowReferences.keyedByReferences(table)
                        ? List.of()
                        : profile.crowds();
        int crowdRows = crowds.stream().mapToInt(Integer::intValue).sum();
        int crowdAt = 0;
        int crowdLeft = crowds.isEmpty() ? 0 : crowds.get(0);
        String[] crowdRow = null;
        Map<Map<Integer, String>, String[]> madeFrom = new java.util.IdentityHashMap<>();
        int own = count;
        count += overrides.size();
        int beforeCrowd = count;
        count += crowdRows;
        int nextOverride = 0;
        List<String[]> out = new ArrayList<>();
        long nextId = 1;
        for (int attempt = 0; attempt < count * 3 && out.size() < count; attempt++) {
            String[] row = new String[columns.size()];
            List<String> base =
                    !sampled.isEmpty() && random.nextDouble() < 0.5 * profile.anchored()
                            ? sampled.get(random.nextInt(sampled.size()))
                            : null;
            // a whole row repeated (keys aside): duplicates in any projection, for DISTINCT and
            // COUNT(DISTINCT …); half of
            // them exactly, parents included (a table without a key gets the same row twice)
            String[] copied = null;
            if (base == null && !out.isEmpty() && random.nextDouble() < profile.repeats()) {
                String[] earlier = out.get(random.nextInt(out.size()));
                if (random.nextBoolean()) copied = earlier;
                else base = java.util.Arrays.asList(earlier);
            }
            if (profile.twins() && out.size() < own && out.size() % 2 == 1)
                copied = out.get(out.size() - 1);
            Map<Integer, String> override =
                    out.size() >= own && nextOverride < overrides.size()
                            ? overrides.get(nextOverride++)
                            : null;
            // a gold's row is never replaced by a random copy (its second time copies its first)
            if (override != null) copied = madeFrom.get(override);
            boolean crowding = crowdAt < crowds.size() && out.size() >= beforeCrowd;
            if (crowding) copied = crowdRow;
            if (crowding && crowdRow == null) {
                Map<Integer, String> conditions =
                        GroupRows.exact(table, crowdGroup.apply(crowds.get(crowdAt)));
                override =
                        !conditions.isEmpty()
                                ? conditions
                                : random.nextBoolean()
                                        ? null
                                        : GroupRows.of(
                                                        table,
                                                        together,
                                                        values,
                                                        random,
                                                        profile.repeats())
                                                .stream()
                                                .findFirst()
                                                .orElse(null);
            }
            for (int i = 0; i < columns.size() && copied == null; i++) {
                Column c = columns.get(i);
                if (!c.insertable()) continue;
                boolean keep = base != null && i < base.size() && random.nextDouble() < 0.65;
                row[i] =
                        keep
                                ? ColumnValues.fit(c, base.get(i))
                                : values.get(c.name())
                                        .draw(random, profile.nullRate(), profile.anchored());
                if (keep && row[i] == null && !c.nullable())
                    row[i] = values.get(c.name()).draw(random, 0);
                // a repeated value on purpose: duplicates tell COUNT from COUNT(DISTINCT) and
                // expose missing DISTINCTs
                if (!out.isEmpty() && random.nextDouble() < profile.repeats() * 1.25)
                    row[i] = out.get(random.nextInt(out.size()))[i];
                if (profile.small()
                        && row[i] != null
                        && !blank.contains(i)
                        && RowReferences.plain(table, c.name())
                        && random.nextDouble() < 0.8) {
                    String small = values.get(c.name()).small(random);
                    if (small != null) row[i] = small;
                }
                List<String> cycle = values.get(c.name()).constants;
                // each constant once in the first rows, then often: every gold constant is in some
                // row
                // (not in tiny databases: their one row is as its NULL rate and draws make it)
                if (attempt < constants
                        && profile.rows() > TINY
                        && !cycle.isEmpty()
                        && (random.nextDouble() < 0.7 || attempt < cycle.size())) {
                    row[i] = cycle.get((attempt + offset + i) % cycle.size());
                }
            }
            if (copied != null) {
                System.arraycopy(copied, 0, row, 0, row.length);
            } else {
                for (int b : blank) row[b] = null;
                if (override != null)
                    override.forEach((i, v) -> row[i] = NULL.equals(v) ? null : v);
                for (int[] pair : compared) GroupRows.closeTogether(row, pair, columns, random);
                if (!RowReferences.references(
                        table,
                        row,
                        index,
                        parents,
                        out,
                        tables,
                        profile,
                        random,
                        crowding ? crowdAt : -1)) continue;
            }
            boolean unique = true;
            for (int k = 0; k < table.keys().size() && unique; k++) {
                List<String> key = table.keys().get(k);
                List<String> tuple = tuple(row, key, index);
                for (int retry = 0;
                        retry < 6
                                && (seenKeys.get(k).contains(tuple)
                                        || tuple.contains(null)
                                                && k == 0
                                                && !table.primaryKey().isEmpty());
                        retry++) {
                    for (String col : key) {
                        Column c = columns.get(index.get(col));
                        if (RowReferences.isReference(table, col)) continue;
                        boolean counter =
                                c.family() == SuiteSchema.Family.INTEGER
                                        && (retry > 1 || random.nextBoolean());
                        String drawn =
                                counter
                                        ? String.valueOf(nextId++)
                                        : values.get(col).draw(random, 0);
                        // a text key drawn from a few values runs out of them (a crowd of 150
                        // employees wants 150 e-mails)
                        if (!counter
                                && retry > 1
                                && c.family() == SuiteSchema.Family.TEXT
                                && drawn != null) drawn = ColumnValues.fit(c, (nextId++) + drawn);
                        row[index.get(col)] = drawn;
                    }
                    tuple = tuple(row, key, index);
                }
                if (seenKeys.get(k).contains(tuple)) unique = false;
            }
            if (!unique) continue;
            boolean nullViolation = false;
            for (int i = 0; i < columns.size(); i++)
                nullViolation |=
                        columns.get(i).insertable() && !columns.get(i).nullable() && row[i] == null;
            if (nullViolation) continue;
            for (int k = 0; k < table.keys().size(); k++)
                seenKeys.get(k).add(tuple(row, table.keys().get(k), index));
            out.add(row);
            if (override != null) madeFrom.putIfAbsent(override, row);
            if (crowding && crowdRow == null) crowdRow = row;
            if (crowding && --crowdLeft <= 0) {
                crowdAt++;
                crowdLeft = crowdAt < crowds.size() ? crowds.get(crowdAt) : 0;
                crowdRow = null;
            }
        }
        return out;
    }

    /**
     * Sampled rows as they are, in a random order, foreign keys from the parents made; rows whose
     * keys repeat are left out.
     */
    private static List<String[]> resampled(
            Table table,
            List<List<String>> sampled,
            Map<String, List<String[]>> parents,
            Map<String, Table> tables,
            Profile profile,
            Random random,
            Map<String, Integer> index) {
        List<List<String>> order = new ArrayList<>(sampled);
        java.util.Collections.shuffle(order, random);
        List<Set<List<String>>> seenKeys = new ArrayList<>();
        for (int k = 0; k < table.keys().size(); k++) seenKeys.add(new HashSet<>());
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
            boolean unique = true;
            for (int k = 0; k < table.keys().size(); k++)
                unique &= !seenKeys.get(k).contains(tuple(row, table.keys().get(k), index));
            if (!unique) continue;
            for (int k = 0; k < table.keys().size(); k++)
                seenKeys.get(k).add(tuple(row, table.keys().get(k), index));
            out.add(row);
        }
        return out;
    }

    /**
     * The plain nullable columns (no key, no reference) left NULL in every row of this candidate,
     * {@link Profile#blank} of them.
     */
    private static java.util.Set<Integer> blankColumns(
            Table table, Profile profile, Random random) {
        java.util.Set<Integer> out = new HashSet<>();
        if (profile.blank() <= 0) return out;
        for (int i = 0; i < table.columns().size(); i++) {
            Column c = table.columns().get(i);
            if (!c.nullable() || !c.insertable() || !RowReferences.plain(table, c.name())) continue;
            if (random.nextDouble() < profile.blank()) out.add(i);
        }
        return out;
    }

    private static List<String> tuple(String[] row, List<String> key, Map<String, Integer> index) {
        List<String> out = new ArrayList<>(key.size());
        for (String col : key) out.add(index.containsKey(col) ? row[index.get(col)] : null);
        return out;
    }
}
