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
        Kind kind,
        String db,
        String model,
        int dimensions,
        String entityType,
        float[] vector,
        List<String> terms,
        List<String> modules,
        List<String> namedSchemas,
        int k) {

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
                db,
                model,
                dimensions,
                entityType,
                vector,
                List.of(),
                modules,
                namedSchemas,
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
                Kind.TEXT, db, model, 0, entityType, null, terms, modules, namedSchemas, k);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SearchRequest r
                && kind == r.kind
                && dimensions == r.dimensions
                && k == r.k
                && db.equals(r.db)
                && model.equals(r.model)
                && entityType.equals(r.entityType)
                && Arrays.equals(vector, r.vector)
                && terms.equals(r.terms)
                && Objects.equals(modules, r.modules)
                && namedSchemas.equals(r.namedSchemas);
    }

    @Override
    public int hashCode() {
        return 31 * Objects.hash(kind, db, model, dimensions, entityType, terms, modules, k)
                + Arrays.hashCode(vector);
    }

    @Override
    public String toString() {
        return kind + " " + entityType + " top-" + k + " in " + db + " (" + model + ")";
    }
}
