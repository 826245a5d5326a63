package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.Migrations;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.jobs.runtime.IndexRun;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code sqlexam index}: build or refresh the schema-retrieval index of databases. */
@Command(
        name = "index",
        mixinStandardHelpOptions = true,
        description =
                "Index databases for schema retrieval (a Flink batch job): introspect, build the embed texts, embed "
                        + "what changed, store vectors, full-text terms, FK edges and module vectors in the rag schema.")
final class IndexCommand implements Callable<Integer> {

    @Option(
            names = "--db",
            description =
                    "Database to index (repeatable). Default: every database under migrations/ but the control database.")
    List<String> databases = new ArrayList<>();

    @Option(
            names = "--module-file",
            description =
                    "A module_mapping.json for the table → module mapping (default: the one beside the database's migrations, if any).")
    java.nio.file.Path moduleFile;

    @Option(
            names = "--force",
            description = "Re-check every entity even when the schema fingerprint is unchanged.")
    boolean force;

    @Mixin CommonOptions common;

    @Override
    public Integer call() throws Exception {
        Settings settings = common.settings(Map.of());
        JdbcUrlTemplate admin = CommonOptions.admin(settings);
        var migrations = Home.migrations();
        List<String> targets = databases.isEmpty() ? defaultDatabases(migrations) : databases;
        StateDatabase state = StateDatabase.from(settings);
        Migrations.migrate(admin, state, migrations, targets::contains);
        IndexRun run =
                new IndexRun(
                                admin,
                                state,
                                EmbeddingProviders.from(settings),
                                migrations,
                                System.out)
                        .withModules(
                                moduleFile == null
                                        ? null
                                        : dev.sqlexam.schema.ModuleAssigner.fromFile(moduleFile));
        for (String db : targets)
            report(
                    run.run(
                            db,
                            force,
                            FlinkTarget.local(),
                            settings.get(SqlExamOptions.PARALLELISM)));
        return 0;
    }

    static void report(IndexRun.Result r) {
        if (r.wasFresh()) {
            System.out.printf(
                    "[sqlexam] index %-10s up to date (%d tables, %d columns)%n",
                    r.database(), r.tables(), r.columns());
        } else {
            System.out.printf(
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

    private static List<String> defaultDatabases(java.nio.file.Path migrations)
            throws java.io.IOException {
        try (var children = Files.list(migrations)) {
            return children.filter(Files::isDirectory)
                    .map(p -> p.getFileName().toString())
                    .filter(n -> !n.equals(Migrations.CONTROL_DATABASE))
                    .sorted()
                    .toList();
        }
    }
}
