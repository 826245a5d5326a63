package dev.sqlexam.retrieval;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * A question's searches, known before its retrievers run, fetched from the store together in one
 * round trip (and a search two retrievers share, once); a search not planned goes to the store.
 * Under load each round trip waits for the server and then for this thread to be scheduled again,
 * which costs more than the searches themselves.
 */
final class PrefetchedSearch implements SchemaSearch {

    private final RagStore store;
    private final Map<SearchRequest, List<Hit>> fetched = new HashMap<>();

    PrefetchedSearch(RagStore store, List<SearchRequest> planned) throws SQLException {
        this.store = store;
        List<SearchRequest> distinct = new ArrayList<>(new LinkedHashSet<>(planned));
        List<List<Hit>> hits = store.searchAll(distinct);
        for (int i = 0; i < distinct.size(); i++) fetched.put(distinct.get(i), hits.get(i));
    }

    @Override
    public List<Hit> search(SearchRequest request) throws SQLException {
        List<Hit> hits = fetched.get(request);
        return hits != null ? hits : store.search(request);
    }
}
