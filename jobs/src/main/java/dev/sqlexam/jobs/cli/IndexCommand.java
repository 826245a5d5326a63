package dev.sqlexam.jobs.cli;

import dev.sqlexam.jobs.assembly.DatabaseSetup;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
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
    Path moduleFile;

    @Option(
            names = "--force",
            description = "Re-check every entity even when the schema fingerprint is unchanged.")
    boolean force;

    @Mixin CommonOptions common;

    @Override
    public Integer call() throws Exception {
        DatabaseSetup.index(common.settings(Map.of()), databases, moduleFile, force, System.out);
        return 0;
    }
}
