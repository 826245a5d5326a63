package dev.sqlexam.suite;

import dev.sqlexam.suite.SuiteSchema.Column;
import dev.sqlexam.suite.SuiteSchema.Table;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * One table's generated rows ({@link RowGenerator#rows}): first its own rows, then the rows of the
 * golds' groups, then the crowds. Every random draw is made in a fixed order: the same {@link
 * Random} gives the same rows.
 */
final class GeneratedRows {

    /** An override's NULL (a gold's IS NULL). */
    private static final String NULL = GoldConstants.NULL;

    private final Table table;
    private final Map<String, ColumnValues> values;
    private final List<List<String>> sampled;
    private final Map<String, List<String[]>> parents;
    private final Map<String, Table> tables;
    private final RowGenerator.Profile profile;
    private final Random random;
    private final List<Map<String, String>> together;
    private final IntFunction<Map<String, String>> crowdGroup;
    private final List<int[]> compared;
    private final List<Column> columns;
    private final Map<String, Integer> index;
    private final UniqueKeys keys;

    /** The most gold constants (and their neighbours) any column has. */
    private final int constants;

    private final List<String[]> out = new ArrayList<>();

    /** The row first made for each group's override: its second time copies it. */
    private final Map<Map<Integer, String>, String[]> madeFrom = new IdentityHashMap<>();

    private int count;
    private int own;
    private int offset;
    private Set<Integer> blank;
    private List<Map<Integer, String>> overrides;
    private int nextOverride;
    private CrowdRows crowds;

    /** A row as it is made: where it starts from, and what it must meet. */
    private static final class Draft {
        final String[] row;
        List<String> base;
        String[] copied;
        Map<Integer, String> override;
        boolean crowding;

        Draft(int columns) {
            this.row = new String[columns];
        }
    }

    /** As {@link RowGenerator#rows}; nothing is drawn until {@link #make}. */
    GeneratedRows(
            Table table,
            Map<String, ColumnValues> values,
            List<List<String>> sampled,
            Map<String, List<String[]>> parents,
            Map<String, Table> tables,
            RowGenerator.Profile profile,
            Random random,
            RowGenerator.GoldConditions wanted) {
        this.table = table;
        this.values = values;
        this.sampled = sampled;
        this.parents = parents;
        this.tables = tables;
        this.profile = profile;
        this.random = random;
        this.together = wanted.together();
        this.crowdGroup = wanted.crowdGroup();
        this.compared = GroupRows.compared(table, wanted.pairs());
        this.columns = table.columns();
        this.index = RowGenerator.columnIndex(table);
        this.keys = new UniqueKeys(table, index);
        int most = 0;
        for (Column c : columns) most = Math.max(most, values.get(c.name()).constants.size());
        this.constants = most;
    }

    /** Each column's position in a row, by name. */
    Map<String, Integer> index() {
        return index;
    }

    List<String[]> make() {
        plan();
        for (int attempt = 0; attempt < count * 3 && out.size() < count; attempt++) {
            Draft draft = start();
            if (draft.copied != null) {
                System.arraycopy(draft.copied, 0, draft.row, 0, draft.row.length);
            } else {
                for (int i = 0; i < columns.size(); i++) drawColumn(draft, i, attempt);
                if (!meetConditions(draft)) continue;
            }
            if (!keys.redrawTaken(draft.row, values, random)) continue;
            if (nullViolation(draft.row)) continue;
            store(draft);
        }
        return out;
    }

    /** How many rows, and which of them meet the golds' groups or make crowds. */
    private void plan() {
        // enough rows for every gold constant (and its neighbours) of every column to appear at
        // least once
        count =
                profile.rows() <= RowGenerator.TINY
                        ? (random.nextInt(5) < 3 ? 1 : 1 + random.nextInt(profile.rows()))
                        : Math.max(
                                Math.min(constants, 150),
                                Math.max(
                                        1,
                                        profile.rows() / 2
                                                + random.nextInt(Math.max(1, profile.rows()))));
        offset = random.nextInt(1_000);
        blank = blankColumns();
        // after the table's own rows, the groups' rows
        overrides =
                profile.rows() <= RowGenerator.TINY
                        ? List.of()
                        : GroupRows.of(table, together, values, random, profile.repeats());
        // then the crowds, each one row (meeting the conditions of the gold that counts to its
        // size) repeated (not where a key is all references: a row repeated under one parent
        // would repeat its key)
        List<Integer> sizes =
                table.foreignKeys().isEmpty() || RowReferences.keyedByReferences(table)
                        ? List.of()
                        : profile.crowds();
        own = count;
        count += overrides.size();
        crowds = new CrowdRows(sizes, count);
        count += CrowdRows.rowsOf(sizes);
    }

    /**
     * The plain nullable columns (no key, no reference) left NULL in every row of this candidate,
     * {@link RowGenerator.Profile#blank} of them.
     */
    private Set<Integer> blankColumns() {
        Set<Integer> chosen = new HashSet<>();
        if (profile.oddities().blank() <= 0) return chosen;
        for (int i = 0; i < columns.size(); i++) {
            Column c = columns.get(i);
            if (!c.nullable() || !c.insertable() || !RowReferences.plain(table, c.name())) continue;
            if (random.nextDouble() < profile.oddities().blank()) chosen.add(i);
        }
        return chosen;
    }

    /**
     * Where the next row starts: a sampled row, a copy of an earlier row, its twin, a group's row
     * or a crowd's.
     */
    private Draft start() {
        Draft draft = new Draft(columns.size());
        draft.base =
                !sampled.isEmpty() && random.nextDouble() < 0.5 * profile.anchored()
                        ? sampled.get(random.nextInt(sampled.size()))
                        : null;
        // a whole row repeated (keys aside): duplicates in any projection, for DISTINCT and
        // COUNT(DISTINCT …); half of them exactly, parents included (a table without a key gets
        // the same row twice)
        if (draft.base == null && !out.isEmpty() && random.nextDouble() < profile.repeats()) {
            String[] earlier = out.get(random.nextInt(out.size()));
            if (random.nextBoolean()) draft.copied = earlier;
            else draft.base = Arrays.asList(earlier);
        }
        if (profile.oddities().twins() && out.size() < own && out.size() % 2 == 1)
            draft.copied = out.get(out.size() - 1);
        draft.override =
                out.size() >= own && nextOverride < overrides.size()
                        ? overrides.get(nextOverride++)
                        : null;
        // a gold's row is never replaced by a random copy (its second time copies its first)
        if (draft.override != null) draft.copied = madeFrom.get(draft.override);
        draft.crowding = crowds.next(out.size());
        if (draft.crowding) draft.copied = crowds.row();
        if (draft.crowding && crowds.row() == null) draft.override = crowdConditions();
        return draft;
    }

    /**
     * What a crowd's row meets: the conditions of the gold that counts to its size, else now and
     * then a group's row.
     */
    private Map<Integer, String> crowdConditions() {
        Map<Integer, String> conditions = GroupRows.exact(table, crowdGroup.apply(crowds.size()));
        if (!conditions.isEmpty()) return conditions;
        return random.nextBoolean()
                ? null
                : GroupRows.of(table, together, values, random, profile.repeats()).stream()
                        .findFirst()
                        .orElse(null);
    }

    /** Column {@code i}'s value: kept from the base row, drawn, repeated or a gold's constant. */
    private void drawColumn(Draft draft, int i, int attempt) {
        String[] row = draft.row;
        Column c = columns.get(i);
        if (!c.insertable()) return;
        ColumnValues drawn = values.get(c.name());
        boolean keep = draft.base != null && i < draft.base.size() && random.nextDouble() < 0.65;
        row[i] =
                keep
                        ? ColumnValues.fit(c, draft.base.get(i))
                        : drawn.draw(random, profile.nullRate(), profile.anchored());
        if (keep && row[i] == null && !c.nullable()) row[i] = drawn.draw(random, 0);
        // a repeated value on purpose: duplicates tell COUNT from COUNT(DISTINCT) and expose
        // missing DISTINCTs
        if (!out.isEmpty() && random.nextDouble() < profile.repeats() * 1.25)
            row[i] = out.get(random.nextInt(out.size()))[i];
        if (profile.oddities().small()
                && row[i] != null
                && !blank.contains(i)
                && RowReferences.plain(table, c.name())
                && random.nextDouble() < 0.8) {
            String small = drawn.small(random);
            if (small != null) row[i] = small;
        }
        List<String> cycle = drawn.constants;
        // each constant once in the first rows, then often: every gold constant is in some row
        // (not in tiny databases: their one row is as its NULL rate and draws make it)
        if (attempt < constants
                && profile.rows() > RowGenerator.TINY
                && !cycle.isEmpty()
                && (random.nextDouble() < 0.7 || attempt < cycle.size())) {
            row[i] = cycle.get((attempt + offset + i) % cycle.size());
        }
    }

    /**
     * Blank columns emptied, a group's or crowd's conditions set, compared columns brought
     * together, references to stored parents; false when no parent can be found.
     */
    private boolean meetConditions(Draft draft) {
        String[] row = draft.row;
        for (int b : blank) row[b] = null;
        if (draft.override != null)
            draft.override.forEach((i, v) -> row[i] = NULL.equals(v) ? null : v);
        for (int[] pair : compared) GroupRows.closeTogether(row, pair, columns, random);
        return RowReferences.references(
                table,
                row,
                index,
                parents,
                out,
                tables,
                profile,
                random,
                draft.crowding ? crowds.current() : -1);
    }

    private boolean nullViolation(String[] row) {
        boolean violation = false;
        for (int i = 0; i < columns.size(); i++)
            violation |=
                    columns.get(i).insertable() && !columns.get(i).nullable() && row[i] == null;
        return violation;
    }

    private void store(Draft draft) {
        keys.remember(draft.row);
        out.add(draft.row);
        if (draft.override != null) madeFrom.putIfAbsent(draft.override, draft.row);
        if (draft.crowding) crowds.stored(draft.row);
    }
}
