package dev.sqlexam.jobs.run;

import dev.sqlexam.config.Option;
import dev.sqlexam.config.SqlExamOptions;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * What {@code exam --resume} takes from the run.json of the run it continues: the options that
 * decide its records (retrieval, generation, evaluation, grading), as the run recorded them, so
 * that the questions left are asked of the same model in the same way. Where and how the job runs
 * (servers, parallelism, checkpoints) is the resuming command's, and secrets, which the record
 * hides, come from the environment again; an option given to the resuming command overrides its
 * recorded value.
 */
public final class ResumedOptions {

    private static final Set<Option.Phase> DECIDING =
            EnumSet.of(
                    Option.Phase.RETRIEVAL,
                    Option.Phase.GENERATION,
                    Option.Phase.EVALUATION,
                    Option.Phase.GRADING);

    private ResumedOptions() {}

    /** Option key to value, in the registry's order; empty when the run recorded no options. */
    public static Map<String, String> of(Provenance recorded) {
        Map<String, String> out = new LinkedHashMap<>();
        if (recorded == null || recorded.options() == null) return out;
        for (Option<?> option : SqlExamOptions.all()) {
            if (option.secret() || !DECIDING.contains(option.phase())) continue;
            Object value = recorded.options().get(option.key());
            if (value == null || value.toString().contains("***")) continue;
            out.put(option.key(), value.toString());
        }
        return out;
    }
}
