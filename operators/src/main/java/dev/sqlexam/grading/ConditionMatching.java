package dev.sqlexam.grading;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Pairs a gold's conditions with a prediction's: first the same condition (an IN list is the same
 * as equalities on its column that together have its values), then the same column and operator
 * with another value, then the same column and value with another operator, then the same column
 * with another operator (of the same direction first: {@code >} with {@code >=} before {@code >}
 * with {@code <}), last two subquery conditions on different columns. A condition with a subquery
 * paired with one without is a change of nesting. What stays unpaired is missing or extra.
 */
final class ConditionMatching {

    enum Kind {
        SAME,
        VALUE,
        OPERATOR,
        NESTING,
        /** Two subquery conditions on different columns. */
        OTHER_COLUMN
    }

    record Pair(Condition gold, Condition predicted, Kind kind) {}

    private static final Map<String, String> DIRECTION =
            Map.ofEntries(
                    Map.entry(">", "greater"),
                    Map.entry(">=", "greater"),
                    Map.entry("<", "less"),
                    Map.entry("<=", "less"),
                    Map.entry("=", "equal"),
                    Map.entry("in", "equal"),
                    Map.entry("like", "equal"),
                    Map.entry("ilike", "equal"),
                    Map.entry("similar to", "equal"),
                    Map.entry("regexp", "equal"),
                    Map.entry("is null", "equal"),
                    Map.entry("<>", "unequal"),
                    Map.entry("not in", "unequal"),
                    Map.entry("not like", "unequal"),
                    Map.entry("not ilike", "unequal"),
                    Map.entry("is not null", "unequal"));

    final List<Pair> pairs = new ArrayList<>();
    final List<Condition> unpairedGold;
    final List<Condition> unpairedPredicted;
    private final ColumnMatcher matcher;

    private ConditionMatching(
            List<Condition> gold, List<Condition> predicted, ColumnMatcher matcher) {
        this.unpairedGold = new ArrayList<>(gold);
        this.unpairedPredicted = new ArrayList<>(predicted);
        this.matcher = matcher;
    }

    static ConditionMatching of(
            List<Condition> gold, List<Condition> predicted, ColumnMatcher matcher) {
        ConditionMatching m = new ConditionMatching(gold, predicted, matcher);
        m.pass(Pass.SAME);
        m.splitLists();
        m.pass(Pass.OTHER_VALUE);
        m.pass(Pass.OTHER_OPERATOR_SAME_VALUE);
        m.pass(Pass.SAME_DIRECTION);
        m.pass(Pass.ANY_OPERATOR);
        m.pass(Pass.SUBQUERY_ON_OTHER_COLUMN);
        return m;
    }

    /**
     * Whether every one of {@code gold} is paired with one of {@code predicted} and the other way
     * round (on the same column: the same, or with another value or operator).
     */
    boolean pairsWithin(List<Condition> gold, List<Condition> predicted) {
        Set<Condition> golds = Collections.newSetFromMap(new IdentityHashMap<>());
        Set<Condition> predicteds = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Pair pair : pairs) {
            boolean sameColumn = pair.kind() != Kind.NESTING && pair.kind() != Kind.OTHER_COLUMN;
            boolean within =
                    gold.stream().anyMatch(c -> c == pair.gold())
                            && predicted.stream().anyMatch(c -> c == pair.predicted());
            if (sameColumn && within) {
                golds.add(pair.gold());
                predicteds.add(pair.predicted());
            }
        }
        return golds.size() == gold.size() && predicteds.size() == predicted.size();
    }

    boolean allSame() {
        return unpairedGold.isEmpty()
                && unpairedPredicted.isEmpty()
                && pairs.stream().allMatch(p -> p.kind() == Kind.SAME);
    }

    private enum Pass {
        SAME,
        OTHER_VALUE,
        OTHER_OPERATOR_SAME_VALUE,
        SAME_DIRECTION,
        ANY_OPERATOR,
        SUBQUERY_ON_OTHER_COLUMN
    }

    private void pass(Pass pass) {
        for (Condition g : List.copyOf(unpairedGold)) {
            for (Condition p : unpairedPredicted) {
                Kind kind = kind(g, p, pass);
                if (kind == null) continue;
                pairs.add(new Pair(g, p, kind));
                unpairedGold.remove(g);
                unpairedPredicted.remove(p);
                break;
            }
        }
    }

    /**
     * An IN list on one side that the other spells as several equalities on the column (the
     * branches of a UNION, say): the same values, so the same condition.
     */
    private void splitLists() {
        for (Condition g : List.copyOf(unpairedGold)) {
            List<Condition> parts = partsOf(g, unpairedPredicted, true);
            if (parts == null) continue;
            unpairedGold.remove(g);
            unpairedPredicted.removeAll(parts);
            for (Condition p : parts) pairs.add(new Pair(g, p, Kind.SAME));
        }
        for (Condition p : List.copyOf(unpairedPredicted)) {
            List<Condition> parts = partsOf(p, unpairedGold, false);
            if (parts == null) continue;
            unpairedPredicted.remove(p);
            unpairedGold.removeAll(parts);
            for (Condition g : parts) pairs.add(new Pair(g, p, Kind.SAME));
        }
    }

    private List<Condition> partsOf(Condition list, List<Condition> others, boolean listIsGold) {
        if (!list.operator().equals("in") || list.values() == null) return null;
        List<Condition> parts = new ArrayList<>();
        List<Literal> values = new ArrayList<>();
        for (Condition other : others) {
            boolean sameLeft =
                    listIsGold
                            ? matcher.sameOrBothNull(list.left(), other.left())
                            : matcher.sameOrBothNull(other.left(), list.left());
            if (!sameLeft || other.values() == null) continue;
            if (!other.operator().equals("=") && !other.operator().equals("in")) continue;
            if (!contains(list.values(), other.values())) continue;
            parts.add(other);
            values.addAll(other.values());
        }
        return parts.size() >= 2 && contains(values, list.values()) ? parts : null;
    }

    private Kind kind(Condition g, Condition p, Pass pass) {
        if (pass == Pass.SUBQUERY_ON_OTHER_COLUMN)
            return g.isSubquery() && p.isSubquery() ? Kind.OTHER_COLUMN : null;
        if (!matcher.sameOrBothNull(g.left(), p.left())) return null;
        boolean sameOperator = g.operator().equals(p.operator());
        boolean nesting = g.isSubquery() != p.isSubquery();
        return switch (pass) {
            case SAME -> sameOperator && !nesting && sameValue(g, p) ? Kind.SAME : null;
            case OTHER_VALUE -> sameOperator ? (nesting ? Kind.NESTING : Kind.VALUE) : null;
            case OTHER_OPERATOR_SAME_VALUE ->
                    !nesting && g.values() != null && sameValue(g, p) ? Kind.OPERATOR : null;
            case SAME_DIRECTION -> {
                String direction = DIRECTION.get(g.operator());
                if (direction == null || !direction.equals(DIRECTION.get(p.operator()))) yield null;
                yield nesting ? Kind.NESTING : Kind.OPERATOR;
            }
            case ANY_OPERATOR -> nesting ? Kind.NESTING : Kind.OPERATOR;
            case SUBQUERY_ON_OTHER_COLUMN -> null;
        };
    }

    private boolean sameValue(Condition g, Condition p) {
        if (g.isSubquery()) return true;
        if (g.values() != null && p.values() != null) return sameSet(g.values(), p.values());
        if (g.right() != null && p.right() != null) return matcher.same(g.right(), p.right());
        return g.values() == null && p.values() == null && g.right() == null && p.right() == null;
    }

    private static boolean sameSet(List<Literal> a, List<Literal> b) {
        return contains(a, b) && contains(b, a);
    }

    /** Whether every value of {@code part} is among {@code whole}'s. */
    static boolean contains(List<Literal> whole, List<Literal> part) {
        for (Literal value : part)
            if (whole.stream().noneMatch(w -> w.sameValue(value))) return false;
        return true;
    }
}
