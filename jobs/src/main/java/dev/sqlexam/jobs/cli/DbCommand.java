package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.Migrations;
import dev.sqlexam.jobs.Home;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code sqlexam db migrate}: apply the versioned migrations (the shell script starts the cluster). */
@Command(name = "db", mixinStandardHelpOptions = true, description = "Database tasks of the Java side.",
        subcommands = {DbCommand.Migrate.class})
final class DbCommand implements Runnable {

    @Override
    public void run() {
        new picocli.CommandLine(this).usage(System.out);
    }

    @Command(name = "migrate", mixinStandardHelpOptions = true,
            description = "Create the databases under migrations/ and apply their Flyway migrations.")
    static final class Migrate implements Callable<Integer> {
        @Mixin
        CommonOptions common;

        @Override
        public Integer call() {
            JdbcUrlTemplate admin = new JdbcUrlTemplate(common.settings(Map.of()).get(SqlExamOptions.JDBC_URL));
            for (Migrations.Report r : Migrations.migrateAll(admin, Home.resolve().resolve("migrations"))) {
                System.out.printf("[sqlexam] %-10s %s%n", r.database(), r.note() != null ? r.note()
                        : "version " + r.version() + (r.applied() > 0 ? " (applied " + r.applied() + ")" : " (up to date)")
                                + (r.created() ? ", created" : ""));
            }
            return 0;
        }
    }
}
