package dev.sqlexam.jobs.cli;

import dev.sqlexam.database.ErpLargeBuilder;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.Migrations;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.jobs.run.Home;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

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

        @picocli.CommandLine.Option(
                names = "--with-large",
                description =
                        "Also build erp_large, the scale-out ERP (about 2,400 tables; rebuilt only when its inputs change).")
        boolean withLarge;

        @Override
        public Integer call() {
            var settings = common.settings(Map.of());
            JdbcUrlTemplate admin = CommonOptions.admin(settings);
            for (Migrations.Report r :
                    Migrations.migrate(
                            admin, StateDatabase.from(settings), Home.migrations(), name -> true)) {
                System.out.printf(
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
            if (withLarge) {
                ErpLargeBuilder.Report large =
                        new ErpLargeBuilder(admin, Home.migrations())
                                .build(
                                        d ->
                                                System.out.printf(
                                                        "\r[sqlexam] erp_large  division %d of %d",
                                                        d, ErpLargeBuilder.DIVISIONS));
                System.out.printf(
                        "%s[sqlexam] erp_large  %d tables, %d foreign keys (%s in %.1f s)%n",
                        large.rebuilt() ? "\n" : "",
                        large.tables(),
                        large.foreignKeys(),
                        large.rebuilt() ? "built" : "up to date",
                        large.seconds());
            }
            return 0;
        }
    }
}
