package dev.sqlexam.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * The join planner's answer: the required tables, the chosen paths between them, the tables the
 * paths add (bridges), and a skeleton the model can copy.
 */
public record JoinPlan(
        List<String> requiredTables,
        List<Path> paths,
        List<String> bridgeTables,
        String skeleton,
        boolean crossModule,
        String note)
        implements Serializable {

    public JoinPlan {
        requiredTables = new ArrayList<>(requiredTables);
        paths = new ArrayList<>(paths);
        bridgeTables = new ArrayList<>(bridgeTables);
    }

    /** A path of FK steps from one required table to another, with its score (lower is better). */
    public record Path(List<String> tables, List<ForeignKey> keys, double score)
            implements Serializable {
        public Path {
            tables = new ArrayList<>(tables);
            keys = new ArrayList<>(keys);
        }

        public String describe() {
            return String.join(" → ", tables);
        }

        public String on() {
            return String.join(" AND ", keys.stream().map(ForeignKey::joinCondition).toList());
        }
    }

    public static JoinPlan none(List<String> required, String note) {
        return new JoinPlan(required, List.of(), List.of(), "", false, note);
    }
}
