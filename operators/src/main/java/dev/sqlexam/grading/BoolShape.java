package dev.sqlexam.grading;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How a block's conditions are combined, each condition a leaf: AND, OR and NOT with their parts
 * sorted and nested ANDs (ORs) flattened, so that condition order and parentheses do not count.
 */
record BoolShape(String connective, List<BoolShape> parts) {

    static final BoolShape LEAF = new BoolShape("?", List.of());

    /** The parts joined by {@code connective}; null parts (join equalities) left out. */
    static BoolShape of(String connective, List<BoolShape> parts) {
        List<BoolShape> flat = new ArrayList<>();
        for (BoolShape part : parts) {
            if (part == null) continue;
            if (part.connective.equals(connective)) flat.addAll(part.parts);
            else flat.add(part);
        }
        if (flat.isEmpty()) return null;
        if (flat.size() == 1) return flat.get(0);
        return new BoolShape(connective, List.copyOf(flat));
    }

    static BoolShape not(BoolShape inner) {
        return inner == null ? null : new BoolShape("not", List.of(inner));
    }

    /** As a reader would write it, each condition a "?": {@code ? AND (? OR ?)}. */
    String describe() {
        if (parts.isEmpty()) return connective;
        if (connective.equals("not")) return "NOT (" + parts.get(0).describe() + ")";
        List<String> described = new ArrayList<>();
        for (BoolShape part : parts)
            described.add(
                    part.parts.isEmpty() || part.connective.equals("not")
                            ? part.describe()
                            : "(" + part.describe() + ")");
        described.sort(null);
        return String.join(" " + connective.toUpperCase(Locale.ROOT) + " ", described);
    }

    @Override
    public String toString() {
        if (parts.isEmpty()) return connective;
        return connective
                + "("
                + String.join(",", parts.stream().map(BoolShape::toString).sorted().toList())
                + ")";
    }
}
