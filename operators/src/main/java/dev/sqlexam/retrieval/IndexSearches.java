package dev.sqlexam.retrieval;

import com.pgvector.PGvector;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static java.util.stream.Collectors.joining;

/**
 * The index's searches, as SQL on {@code rag.embeddings}: cosine top-K (an exact scan for a small
 * index, HNSW for a large one) and full-text top-K, scoped to a database, model, entity type and
 * modules.
 */
final class IndexSearches {

    /** A connection to sqlexam's state database, opened with the retrieval session's settings. */
    interface Connections {
        Connection open() throws SQLException;
    }

    /**
     * Below this many candidate vectors an exact scan beats walking the HNSW graph with selective
     * filters.
     */
    static final int EXACT_SCAN_BELOW = 5_000;

    /** The HNSW candidate list of a session: enough for any K up to half of it. */
    static final int EF_SEARCH = 100;

    /**
     * Rows fetched past a vector search's K, so that a near-tie at the cut is decided by name, not
     * by float noise.
     */
    private static final int TIE_MARGIN = 8;

    private final Connections connections;
    private final Map<String, Map<String, Integer>> visibleCounts = new ConcurrentHashMap<>();

    IndexSearches(Connections connections) {
        this.connections = connections;
    }

    private static String dimsCast(int dims) {
        return "::vector(" + dims + ")";
    }

    /**
     * Each request's hits, in the requests' order, from statements sent together (one round trip);
     * a vector search wider than the session's HNSW candidate list runs on its own, with a wider
     * list.
     */
    List<List<Hit>> searchAll(List<SearchRequest> requests) throws SQLException {
        List<List<Hit>> out = new ArrayList<>(Collections.nCopies(requests.size(), null));
        // statements first: a database's first search counts its vectors on a connection of its own
        String[] statements = new String[requests.size()];
        List<Integer> together = new ArrayList<>();
        for (int i = 0; i < requests.size(); i++) {
            SearchRequest r = requests.get(i);
            if (r.kind() == SearchRequest.Kind.TEXT && r.terms().isEmpty()) out.set(i, List.of());
            else {
                statements[i] = statement(r);
                if (!wide(r)) together.add(i);
            }
        }
        try (Connection c = connections.open()) {
            if (!together.isEmpty()) {
                String sql = together.stream().map(i -> statements[i]).collect(joining(";\n"));
                try (PreparedStatement ps = c.prepareStatement(sql)) {
                    int p = 1;
                    for (int i : together) p = bind(c, ps, p, requests.get(i));
                    ps.execute();
                    for (int n = 0; n < together.size(); n++) {
                        if (n > 0) ps.getMoreResults();
                        int i = together.get(n);
                        try (ResultSet rs = ps.getResultSet()) {
                            out.set(i, ranked(requests.get(i), hits(rs)));
                        }
                    }
                }
            }
            for (int i = 0; i < requests.size(); i++)
                if (out.get(i) == null) out.set(i, wideSearch(c, requests.get(i), statements[i]));
        }
        return out;
    }

    private static boolean wide(SearchRequest r) {
        return r.kind() == SearchRequest.Kind.VECTOR && r.k() * 2 > EF_SEARCH;
    }

    private static List<Hit> wideSearch(Connection c, SearchRequest r, String statement)
            throws SQLException {
        setEfSearch(c, r.k() * 2);
        try (PreparedStatement ps = c.prepareStatement(statement)) {
            bind(c, ps, 1, r);
            try (ResultSet rs = ps.executeQuery()) {
                return ranked(r, hits(rs));
            }
        } finally {
            setEfSearch(c, EF_SEARCH);
        }
    }

    private static void setEfSearch(Connection c, int value) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("SET hnsw.ef_search = " + value);
        }
    }

    /** A vector search's near-ties at the cut are ranked at a fixed precision, ties by name. */
    private static List<Hit> ranked(SearchRequest r, List<Hit> hits) {
        return r.kind() == SearchRequest.Kind.VECTOR ? StableScores.rank(hits, r.k()) : hits;
    }

    private String statement(SearchRequest r) throws SQLException {
        String modules = r.scope().modules() == null ? "" : " AND module = ANY (?)";
        if (r.kind() == SearchRequest.Kind.TEXT)
            return "SELECT CASE WHEN schema_name = 'public' THEN quote_ident(table_name) ELSE quote_ident(schema_name) || '.' || quote_ident(table_name) END, "
                    + "column_name, module, is_generic, ts_rank_cd(search_vector, q) AS rank "
                    + "FROM rag.embeddings, to_tsquery('english', ?) q WHERE database_id = ? AND model = ? AND entity_type = ? AND search_vector @@ q"
                    + " AND (NOT shadowed OR schema_name = ANY (?))"
                    + modules
                    + " ORDER BY rank DESC, table_name, column_name LIMIT ?";
        boolean exact =
                candidates(
                                r.scope().db(),
                                r.scope().model(),
                                r.scope().entityType(),
                                r.scope().modules())
                        < EXACT_SCAN_BELOW;
        String cast = exact ? "::vector" : dimsCast(r.dimensions());
        return "SELECT table_name_q, column_name, module, is_generic, 1 - ((embedding"
                + cast
                + ") <=> ?"
                + cast
                + ") AS sim "
                + "FROM (SELECT CASE WHEN schema_name = 'public' THEN quote_ident(table_name) ELSE quote_ident(schema_name) || '.' || quote_ident(table_name) END AS table_name_q, "
                + "column_name, module, is_generic, embedding FROM rag.embeddings WHERE database_id = ? AND model = ? AND entity_type = ?"
                + " AND (NOT shadowed OR schema_name = ANY (?))"
                + modules
                + ") e ORDER BY (embedding"
                + cast
                + ") <=> ?"
                + cast
                + " LIMIT ?";
    }

    /** Binds {@code r}'s parameters from index {@code i}; the next free index. */
    private static int bind(Connection c, PreparedStatement ps, int i, SearchRequest r)
            throws SQLException {
        boolean vector = r.kind() == SearchRequest.Kind.VECTOR;
        PGvector query = vector ? new PGvector(r.vector()) : null;
        if (vector) ps.setObject(i++, query);
        else ps.setString(i++, String.join(" | ", r.terms()));
        ps.setString(i++, r.scope().db());
        ps.setString(i++, r.scope().model());
        ps.setString(i++, r.scope().entityType());
        ps.setArray(i++, c.createArrayOf("text", r.scope().namedSchemas().toArray()));
        if (r.scope().modules() != null)
            ps.setArray(i++, c.createArrayOf("text", r.scope().modules().toArray()));
        if (vector) ps.setObject(i++, query);
        // a vector search fetches the near-ties at its cut too
        ps.setInt(i++, vector ? r.k() + TIE_MARGIN : r.k());
        return i;
    }

    /** Visible (not shadowed) vectors a search would consider: decides exact scan or HNSW. */
    private int candidates(String db, String model, String entityType, List<String> modules)
            throws SQLException {
        Map<String, Integer> counts = visibleCounts.get(db + '|' + model);
        if (counts == null) {
            counts = new HashMap<>();
            try (Connection c = connections.open();
                    PreparedStatement ps =
                            c.prepareStatement(
                                    "SELECT entity_type, module, count(*) FROM rag.embeddings "
                                            + "WHERE database_id = ? AND model = ? AND NOT shadowed GROUP BY 1, 2")) {
                ps.setString(1, db);
                ps.setString(2, model);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next())
                        counts.put(rs.getString(1) + '|' + rs.getString(2), rs.getInt(3));
                }
            }
            visibleCounts.put(db + '|' + model, counts);
        }
        int n = 0;
        for (var e : counts.entrySet()) {
            int bar = e.getKey().indexOf('|');
            String type = e.getKey().substring(0, bar);
            String module = e.getKey().substring(bar + 1);
            if (type.equals(entityType) && (modules == null || modules.contains(module)))
                n += e.getValue();
        }
        return n;
    }

    private static List<Hit> hits(ResultSet rs) throws SQLException {
        List<Hit> out = new ArrayList<>();
        while (rs.next()) {
            String column = rs.getString(2);
            out.add(
                    new Hit(
                            rs.getString(1),
                            column == null || column.isEmpty() ? null : column,
                            rs.getString(3),
                            rs.getBoolean(4),
                            rs.getDouble(5),
                            out.size() + 1));
        }
        return out;
    }
}
