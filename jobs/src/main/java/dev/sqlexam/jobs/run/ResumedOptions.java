package dev.sqlexam.jobs.run;

import dev.sqlexam.config.Option;
import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * What {@code exam --resume} takes from the run.json of the run it continues: the options that
 * decide its records, as the run recorded them, so that the questions left are asked of the same
 * model and graded the same way. Those are the retrieval, generation, evaluation, grading and
 * report options, and the time and row limits of its queries; the databases' servers, the job's
 * parallelism and checkpoints, and performance settings are the resuming command's, and secrets,
 * which the record hides, come from its environment again.
 */
public final class ResumedOptions {

    private static final Set<Option.Phase> DECIDING =
            EnumSet.of(
                    Option.Phase.RETRIEVAL,
                    Option.Phase.GENERATION,
                    Option.Phase.EVALUATION,
                    Option.Phase.GRADING,
                    Option.Phase.REPORT);

    /** Job-wide options that decide records: a query's limits and what counts as a time-out. */
    static final Set<String> ALSO =
            Set.of(
                    SqlExamOptions.STATEMENT_TIMEOUT_MS.key(),
                    SqlExamOptions.ROW_CAP.key(),
                    SqlExamOptions.ASYNC_TIMEOUT_MS.key(),
                    SqlExamOptions.EXAM_MODE.key());

    /** Options of those phases that only change how fast the machine does the same work. */
    static final Set<String> NOT = Set.of(SqlExamOptions.EMBEDDING_THREADS.key());

    private static final String AUTO = "auto";

    private ResumedOptions() {}

    /** Option key to value, in the registry's order; empty when the run recorded no options. */
    public static Map<String, String> of(Provenance recorded) {
        Map<String, String> out = new LinkedHashMap<>();
        if (recorded == null || recorded.options() == null) return out;
        for (Option<?> option : SqlExamOptions.all()) {
            if (!resumed(option)) continue;
            Object value = recorded.options().get(option.key());
            if (value == null || value.toString().contains(Settings.HIDDEN)) continue;
            out.put(option.key(), value.toString());
        }
        String chosen = chosenGenerator(recorded);
        if (AUTO.equals(out.get(SqlExamOptions.GENERATOR.key())) && chosen != null)
            out.put(SqlExamOptions.GENERATOR.key(), chosen);
        return out;
    }

    static boolean resumed(Option<?> option) {
        if (option.secret() || NOT.contains(option.key())) return false;
        return DECIDING.contains(option.phase()) || ALSO.contains(option.key());
    }

    /**
     * The generator every variant of the run resolved to ({@code auto} probes what answers now: a
     * model that is down at the resume would hand the questions left to the offline baseline), or
     * null when they differ or the run did not say.
     */
    private static String chosenGenerator(Provenance recorded) {
        if (recorded.generators() == null || recorded.generators().isEmpty()) return null;
        Set<String> names = new HashSet<>();
        for (String described : recorded.generators().values())
            names.add(Provenance.generatorName(described));
        return names.size() == 1 ? names.iterator().next() : null;
    }
}
