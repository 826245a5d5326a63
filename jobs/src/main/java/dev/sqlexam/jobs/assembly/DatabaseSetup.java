package dev.sqlexam.jobs.assembly;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.ErpLargeBuilder;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.Migrations;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.jobs.runtime.IndexRun;
import dev.sqlexam.schema.ModuleAssigner;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * What a database needs before questions reach it: its migrations (what changed printed) and its
 * retrieval index. The composer's steps use these, and so does the watch for its own tables and its
 * retrieval check; {@code db migrate} and {@code index} run them on their own, saying what each
 * database got.
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
                            "[sqlexam] migrations %s: applied %d, now at version %s%n",
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

    /**
     * {@code db migrate}: sqlexam's state database and every sample database under migrations/
     * created where missing and migrated, a line for each.
     */
    public static void migrateAll(Settings settings, PrintStream out) {
        for (Migrations.Report r :
                Migrations.migrate(
                        admin(settings),
                        StateDatabase.from(settings),
                        Home.migrations(),
                        name -> true)) {
            out.printf(
                    "[sqlexam] %-10s %s%n",
                    r.database(),
                    r.note() != null
                            ? r.note()
                            : "version "
                                    + r.version()
                                    + (r.applied() > 0
                                            ? " (applied " + r.applied() + ")"
                                            : " (up to date)")
                                    + (r.created() ? ", created" : ""));
        }
    }

    /**
     * {@code db migrate --with-large}: erp_large built unless its inputs are unchanged, its
     * divisions counted on one line as they are built.
     */
    public static void buildErpLarge(Settings settings, PrintStream out) {
        ErpLargeBuilder.Report large =
                new ErpLargeBuilder(admin(settings), Home.migrations())
                        .build(
                                d ->
                                        out.printf(
                                                "\r[sqlexam] erp_large  division %d of %d",
                                                d, ErpLargeBuilder.DIVISIONS));
        out.printf(
                "%s[sqlexam] erp_large  %d tables, %d foreign keys (%s in %.1f s)%n",
                large.rebuilt() ? "\n" : "",
                large.tables(),
                large.foreignKeys(),
                large.rebuilt() ? "built" : "up to date",
                large.seconds());
    }

    /**
     * {@code index}: {@code databases} (empty: every one under migrations/ but the control
     * database) migrated, then indexed one by one ({@code force}: every entity re-checked), a line
     * for each; {@code moduleFile} (null: the one beside each database's migrations) maps tables to
     * modules.
     */
    public static void index(
            Settings settings,
            List<String> databases,
            Path moduleFile,
            boolean force,
            PrintStream out)
            throws Exception {
        JdbcUrlTemplate admin = admin(settings);
        Path migrations = Home.migrations();
        List<String> targets = databases.isEmpty() ? sampleDatabases(migrations) : databases;
        StateDatabase state = StateDatabase.from(settings);
        Migrations.migrate(admin, state, migrations, targets::contains);
        IndexRun run =
                new IndexRun(admin, state, EmbeddingProviders.from(settings), migrations, out)
                        .withModules(
                                moduleFile == null ? null : ModuleAssigner.fromFile(moduleFile));
        for (String db : targets)
            report(
                    run.run(
                            db,
                            force,
                            FlinkTarget.local(),
                            settings.get(SqlExamOptions.PARALLELISM)),
                    out);
    }

    private static void report(IndexRun.Result r, PrintStream out) {
        if (r.wasFresh()) {
            out.printf(
                    "[sqlexam] index %-10s up to date (%d tables, %d columns)%n",
                    r.database(), r.tables(), r.columns());
        } else {
            out.printf(
                    "[sqlexam] index %-10s %d tables, %d columns: %d embedded, %d skipped as unchanged, %d removed, %.1f s%n",
                    r.database(),
                    r.tables(),
                    r.columns(),
                    r.embedded(),
                    r.skipped(),
                    r.deleted(),
                    r.seconds());
        }
    }

    /** Every database with migrations under {@code migrations} but the control database. */
    private static List<String> sampleDatabases(Path migrations) throws IOException {
        try (Stream<Path> children = Files.list(migrations)) {
            return children.filter(Files::isDirectory)
                    .map(p -> p.getFileName().toString())
                    .filter(n -> !n.equals(Migrations.CONTROL_DATABASE))
                    .sorted()
                    .toList();
        }
    }

    private static JdbcUrlTemplate admin(Settings settings) {
        return new JdbcUrlTemplate(settings.get(SqlExamOptions.JDBC_URL));
    }
}
