package dev.sqlexam.retrieval;

import java.sql.SQLException;
import java.util.List;

/** Answers a search of the index: the ranked hits of one {@link SearchRequest}. */
public interface SchemaSearch {

    List<Hit> search(SearchRequest request) throws SQLException;
}
