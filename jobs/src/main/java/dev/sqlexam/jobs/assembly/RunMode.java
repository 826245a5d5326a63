package dev.sqlexam.jobs.assembly;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;

/**
 * What a run is, as far as its setup goes: each rule here says which setup step a mode skips and
 * why, so that a step missing from a mode is missing on purpose.
 */
public enum RunMode {
    /** The pipeline writes the candidates; pass@k and execution fallbacks as the settings say. */
    EXAM,
    /** Predictions files are graded as they are: no pass@k, no execution fallbacks. */
    GRADE,
    /** The SQL a run logged, re-executed and graded as a grade run grades it. */
    REGRADE,
    /** One question at a time, graded as the exam grades it. */
    ASK,
    /**
     * The watch's shadow: the app's SQL is the reference, so a generator that echoes it (gold,
     * replay) is refused.
     */
    SHADOW,
    /**
     * BIRD's R-VES over a graded run: its predictions timed against their golds as the read-only
     * role; nothing is generated, retrieved or fuzzed.
     */
    R_VES,
    /**
     * {@code exam-set check}: every gold run as the read-only role against its database, as an exam
     * would run it; nothing is generated, retrieved or fuzzed.
     */
    CHECK,
    /**
     * A watch of an app's query log: each event evaluated as the read-only role; its retrieval
     * check (when on) retrieves from the databases named, which are indexed for it. Events may name
     * databases only later: on sqlexam's own cluster every sample database is migrated.
     */
    WATCH,
    /**
     * A benchmark import into PostgreSQL: its databases loaded, then set up as a grade would be
     * (the reader's access on every gold table) so that each gold's tables and health are read as a
     * run reads them; nothing is generated, retrieved or fuzzed.
     */
    IMPORT;

    /**
     * Whether the variants' generators are resolved and probed; grade and regrade run SQL written
     * before the run, so their variants have no generator to reach.
     */
    public boolean resolvesGenerators() {
        return this == EXAM || this == ASK || this == SHADOW;
    }

    /** A shadow compares the generator with the app's SQL: one that echoes it proves nothing. */
    public boolean refusesEchoingGenerators() {
        return this == SHADOW;
    }

    /** Pass@k and execution fallbacks apply where the pipeline writes the SQL. */
    public boolean executionRulesOfTheSettings() {
        return this == EXAM || this == ASK;
    }

    /**
     * Retrieval runs where the pipeline writes the SQL (an exam's gold self-check skips it too,
     * unless asked: {@link RunComposer}) and in a watch whose retrieval check is on.
     */
    public boolean indexes(Settings settings) {
        return resolvesGenerators()
                || this == WATCH && settings.get(SqlExamOptions.WATCH_RETRIEVAL_CHECK);
    }

    /** A watch follows events that may name a sample database later. */
    public boolean migratesEverySample() {
        return this == WATCH;
    }

    /**
     * Test suites grade a run's answers against the exam's golds on fuzzed databases; ask answers
     * one question at a time, the shadow has no gold, R-VES only times.
     */
    public boolean buildsTestSuites() {
        return this == EXAM || this == GRADE || this == REGRADE;
    }

    /**
     * Ask and the shadow run one variant, whose settings are the run's; an exam's or a grade's
     * variants share the command's.
     */
    public boolean runsOneVariant() {
        return this == ASK || this == SHADOW;
    }

    /** Only an exam can be the gold self-check (its generator hands in each question's gold). */
    public boolean mayBeSelfCheck() {
        return this == EXAM;
    }

    /**
     * A question asked names its database: one the server lacks is an error, not a skipped line.
     */
    public boolean requiresNamedDatabases() {
        return this == ASK;
    }

    /** What a database that cannot be indexed runs without, as the run's notes say it. */
    String withoutIndex() {
        return switch (this) {
            case SHADOW -> "the shadow retrieves nothing there";
            case WATCH -> "its events are not retrieval-checked";
            default -> "its questions run without retrieval";
        };
    }

    /** How the run's notes name one of its variants. */
    String variantLabel(String name) {
        return (this == SHADOW ? "shadow variant " : "variant ") + name;
    }
}
