package dev.sqlexam.jobs.assembly;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.Migrations;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.runtime.IndexRun;

import java.io.PrintStream;
import java.util.Collection;
import java.util.function.Predicate;

/**
 * What a database needs before questions reach it: its migrations (what changed printed) and its
 * retrieval index. The composer's steps use these, and so does the watch for its own tables and its
 * retrieval check.
 */
public final class DatabaseSetup {

    private DatabaseSetup() {}

    /**
     * Applies the migrations of the databases {@code wanted} accepts (sqlexam's own always),
     * printing what changed.
     */
    public static void migrate(
            JdbcUrlTemplate admin, StateDatabase state, Predicate<String> wanted, PrintStream out) {
        try {
            for (Migrations.Report r :
                    Migrations.migrate(admin, state, Home.migrations(), wanted)) {
                if (r.note() != null)
                    out.println("[sqlexam] migrations " + r.database() + ": " + r.note());
                else if (r.applied() > 0)
                    out.printf(
                            "[sqlexam] migrations %s: applied %d, now at version %d%n",
                            r.database(), r.applied(), r.version());
            }
        } catch (RuntimeException e) {
            throw new IllegalStateException("cannot apply the migrations: " + e.getMessage(), e);
        }
    }

    /**
     * Indexes {@code databases} for {@code model} where the index is not fresh; {@code without}
     * says what a database that cannot be indexed runs without.
     */
    public static void ensureIndexed(
            JdbcUrlTemplate admin,
            StateDatabase state,
            EmbeddingProviders model,
            Collection<String> databases,
            int parallelism,
            String without,
            PrintStream out) {
        new IndexRun(admin, state, model, Home.migrations(), out)
                .ensure(databases, parallelism, without);
    }
}
