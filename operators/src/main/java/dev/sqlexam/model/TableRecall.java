package dev.sqlexam.model;

import java.io.Serializable;
import java.util.List;

/**
 * The watch's retrieval check of one event: of the tables the app's SQL reads, the share sqlexam's
 * retrieval would have put before the model for the question ({@code recall}), those it would have
 * missed, and how many it retrieved; or, when the check could not be made (no index for the
 * database, SQL that reads no table), null recall and why.
 */
public record TableRecall(
        Double recall, List<String> missed, int retrieved, String strategy, String note)
        implements Serializable {

    public TableRecall {
        missed = missed == null ? List.of() : List.copyOf(missed);
    }

    public static TableRecall notChecked(String why) {
        return new TableRecall(null, List.of(), 0, null, why);
    }
}
