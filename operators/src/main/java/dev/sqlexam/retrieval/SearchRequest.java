package dev.sqlexam.retrieval;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One search of the index within a database, model and entity type (and modules, when routed):
 * cosine top-K of the question's vector, or full-text top-K of its terms. Shadowed copies are
 * searched only for the schemas in {@code namedSchemas}.
 */
public record SearchRequest(
        Kind kind, Scope scope, int dimensions, float[] vector, List<String> terms, int k) {

    /**
     * What is searched: the entities of one type in a database's index for one embedding model,
     * within {@code modules} (null: all).
     */
    public record Scope(
            String db,
            String model,
            String entityType,
            List<String> modules,
            List<String> namedSchemas) {}

    public enum Kind {
        VECTOR,
        TEXT
    }

    public static SearchRequest vector(
            String db,
            String model,
            int dimensions,
            String entityType,
            float[] vector,
            List<String> modules,
            List<String> namedSchemas,
            int k) {
        return new SearchRequest(
                Kind.VECTOR,
                new Scope(db, model, entityType, modules, namedSchemas),
                dimensions,
                vector,
                List.of(),
                k);
    }

    public static SearchRequest text(
            String db,
            String model,
            String entityType,
            List<String> terms,
            List<String> modules,
            List<String> namedSchemas,
            int k) {
        return new SearchRequest(
                Kind.TEXT,
                new Scope(db, model, entityType, modules, namedSchemas),
                0,
                null,
                terms,
                k);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SearchRequest r
                && kind == r.kind
                && dimensions == r.dimensions
                && k == r.k
                && scope.equals(r.scope)
                && Arrays.equals(vector, r.vector)
                && terms.equals(r.terms);
    }

    @Override
    public int hashCode() {
        return 31 * Objects.hash(kind, scope, dimensions, terms, k) + Arrays.hashCode(vector);
    }

    @Override
    public String toString() {
        return kind
                + " "
                + scope.entityType()
                + " top-"
                + k
                + " in "
                + scope.db()
                + " ("
                + scope.model()
                + ")";
    }
}
