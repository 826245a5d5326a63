package dev.sqlexam.config;

import java.util.List;

/**
 * Every option sqlexam reads, in one registry; docs/options.md's table is generated from it. The
 * options are declared in parts by what they configure ({@link LocationOptions}, {@link
 * DatabaseOptions}, {@link JobOptions}, {@link RetrievalOptions}, {@link PromptAndSchemaFlags},
 * {@link CandidateAndGradingOptions}) and read here under one name, {@code SqlExamOptions.KEY}.
 */
public interface SqlExamOptions
        extends LocationOptions,
                DatabaseOptions,
                JobOptions,
                RetrievalOptions,
                PromptAndSchemaFlags,
                CandidateAndGradingOptions {

    /** Every option, the parts in their order. */
    static List<Option<?>> all() {
        return OptionRegistry.of(
                List.of(
                        LocationOptions.class,
                        DatabaseOptions.class,
                        JobOptions.class,
                        RetrievalOptions.class,
                        PromptAndSchemaFlags.class,
                        CandidateAndGradingOptions.class));
    }
}
