package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.Settings;
import dev.sqlexam.jobs.assembly.DatabaseSetup;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code sqlexam db migrate}: apply the versioned migrations (the shell script starts the cluster).
 */
@Command(
        name = "db",
        mixinStandardHelpOptions = true,
        description = "The private PostgreSQL cluster and the migrations.",
        subcommands = {
            ShellCommands.Up.class,
            ShellCommands.Down.class,
            ShellCommands.Restart.class,
            ShellCommands.Status.class,
            ShellCommands.Psql.class,
            DbCommand.Migrate.class
        })
final class DbCommand extends CommandGroup {

    @Command(
            name = "migrate",
            mixinStandardHelpOptions = true,
            description =
                    "Create sqlexam's state database and the sample databases under migrations/ and apply their Flyway migrations.")
    static final class Migrate implements Callable<Integer> {
        @Mixin CommonOptions common;

        @Option(
                names = "--with-large",
                description =
                        "Also build erp_large, the scale-out ERP (about 2,400 tables; rebuilt only when its inputs change).")
        boolean withLarge;

        @Override
        public Integer call() {
            Settings settings = common.settings(Map.of());
            DatabaseSetup.migrateAll(settings, System.out);
            if (withLarge) DatabaseSetup.buildErpLarge(settings, System.out);
            return 0;
        }
    }
}
