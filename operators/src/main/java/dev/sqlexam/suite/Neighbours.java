package dev.sqlexam.suite;

import dev.sqlexam.sql.SqlParsing;
import dev.sqlexam.sql.SqlText;

import net.sf.jsqlparser.statement.Statement;

import java.util.List;

/**
 * The single-mutation neighbours of a query, made on its JSqlParser tree: a conjunct dropped, a
 * comparison flipped or loosened, an aggregate swapped or its DISTINCT toggled, an inner join made
 * left and back, DISTINCT dropped or added, an ORDER BY key reversed, a LIMIT changed, a literal
 * perturbed, IS NULL / IN / LIKE negated. Most are wrong answers a test suite must tell from the
 * query; a few are equivalent to it on every database (those no database distinguishes).
 */
public final class Neighbours {

    /** One neighbour: what was changed and the resulting SQL. */
    public record Neighbour(String mutation, String sql) {}

    private Neighbours() {}

    /**
     * Why the parser cannot read {@code sql} into the sites its neighbours are made at (a gold that
     * then gets no neighbours, so no suite database is chosen for it), or null when it can.
     */
    public static String unreadable(String sql) {
        return Reading.of(SqlText.stripTrailingSemicolons(sql)).unreadable();
    }

    /** A query as the parser reads it into sites; or, where it cannot, why not (one line). */
    private record Reading(Statement original, QuerySites sites, String unreadable) {

        static Reading of(String body) {
            try {
                Statement original = SqlParsing.parse(body);
                return new Reading(original, QuerySites.of(original), null);
            } catch (Exception | StackOverflowError e) {
                String message =
                        e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                int nl = message.indexOf('\n');
                return new Reading(null, null, nl < 0 ? message : message.substring(0, nl));
            }
        }
    }

    /**
     * Every distinct neighbour of {@code sql} (none when the parser cannot read it), capped at
     * {@code max}.
     */
    public static List<Neighbour> of(String sql, int max) {
        String body = SqlText.stripTrailingSemicolons(sql);
        Reading read = Reading.of(body);
        if (read.unreadable() != null) return List.of(); // unreadable(sql) says why, for the notes
        QuerySites sites = read.sites();
        NeighbourCollector out = new NeighbourCollector(body, read.original().toString());
        for (int i = 0; i < sites.selects.size(); i++)
            SelectMutations.add(out, sites.selects.get(i), i);
        for (int i = 0; i < sites.functions.size(); i++)
            FunctionMutations.add(out, sites.functions.get(i), i);
        for (int i = 0; i < sites.predicates.size(); i++)
            PredicateMutations.add(out, sites.predicates.get(i), i);
        return out.firstOf(max);
    }
}
