package dev.sqlexam.jobs.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.concurrent.Callable;

/**
 * Commands the ./sqlexam script carries out itself (they install, start or build, which a jar
 * cannot). They are declared here so that one command list, and one help text per command, serves
 * the script, the jar and the README.
 */
final class ShellCommands {

    private ShellCommands() {}

    /** Run through the jar, a script command says where it belongs. */
    abstract static class ScriptOnly implements Callable<Integer> {
        @Spec CommandSpec spec;

        @Override
        public Integer call() {
            spec.commandLine()
                    .getErr()
                    .println(
                            "[sqlexam] '"
                                    + spec.qualifiedName(" ").replaceFirst("^sqlexam ", "")
                                    + "' is carried out by the ./sqlexam script, not by the jar: run ./sqlexam "
                                    + spec.qualifiedName(" ").replaceFirst("^sqlexam ", ""));
            return ExitCode.USAGE.code;
        }
    }

    @Command(
            name = "test",
            mixinStandardHelpOptions = true,
            description = {
                "Run the whole test suite (mvn verify) against the private PostgreSQL cluster; what CI runs.",
                "Installs and starts what the tests need first (PostgreSQL + pgvector, pgloader, chromium + "
                        + "chromium-driver for the report's browser test, the Kafka broker of ./sqlexam kafka up). "
                        + "Extra arguments go to Maven."
            })
    static final class Test extends ScriptOnly {
        @Option(
                names = "--unit",
                description =
                        "Only the unit lane, the inner loop: the *Test classes (mvn -Punit test), no"
                                + " service started and every one out of their reach; under 2 minutes"
                                + " from a built tree. The *ITCase classes need PostgreSQL, the broker"
                                + " or a cluster.")
        boolean unit;
    }

    @Command(
            name = "build",
            mixinStandardHelpOptions = true,
            description =
                    "Build the shaded jar jobs/target/sqlexam.jar (java -jar runs it locally, flink run on a cluster).")
    static final class Build extends ScriptOnly {}

    @Command(
            name = "up",
            mixinStandardHelpOptions = true,
            description =
                    "Install PostgreSQL + pgvector if missing, start the private cluster, apply the migrations.")
    static final class Up extends ScriptOnly {
        @Option(
                names = "--with-large",
                description = "Also build erp_large, the 2,400-table scale-out ERP.")
        boolean withLarge;
    }

    @Command(
            name = "down",
            mixinStandardHelpOptions = true,
            description = "Stop the private cluster.")
    static final class Down extends ScriptOnly {}

    @Command(
            name = "restart",
            mixinStandardHelpOptions = true,
            description =
                    "Restart the private cluster (fast shutdown: open connections are ended).")
    static final class Restart extends ScriptOnly {}

    @Command(
            name = "status",
            mixinStandardHelpOptions = true,
            description =
                    "Say whether the private cluster runs, and where its data is (exit 3 when it does not run).")
    static final class Status extends ScriptOnly {}

    @Command(
            name = "psql",
            mixinStandardHelpOptions = true,
            description =
                    "Open psql on the private cluster (default database: sqlexam); arguments go to psql.")
    static final class Psql extends ScriptOnly {}

    @Command(
            name = "kafka",
            mixinStandardHelpOptions = true,
            description = {
                "A single-node Kafka broker on loopback, for the query-log stream.",
                "A single-node Kafka broker (KRaft, broker and controller in one process) on 127.0.0.1:9092 "
                        + "(SQLEXAM_KAFKA_PORT; ./sqlexam test uses 59092), assembled from Maven Central's kafka_2.13 "
                        + "jars into .sqlexam/kafka: for the streaming tests and for trying the query-log stream "
                        + "without a broker of your own."
            },
            subcommands = {KafkaUp.class, KafkaDown.class, KafkaStatus.class})
    static final class Kafka extends CommandGroup {}

    @Command(
            name = "up",
            mixinStandardHelpOptions = true,
            description =
                    "Fetch the broker's jars once, format its storage once, start it and wait until it listens.")
    static final class KafkaUp extends ScriptOnly {}

    @Command(
            name = "down",
            mixinStandardHelpOptions = true,
            description = "Stop the broker (its data stays in .sqlexam/kafka/data).")
    static final class KafkaDown extends ScriptOnly {}

    @Command(
            name = "status",
            mixinStandardHelpOptions = true,
            description = "Say whether the broker runs (exit 3 when it does not).")
    static final class KafkaStatus extends ScriptOnly {}

    @Command(
            name = "cluster",
            mixinStandardHelpOptions = true,
            description = {
                "A standalone Flink session cluster on loopback.",
                "A standalone Flink session cluster on loopback: a JobManager and N TaskManagers, each its "
                        + "own JVM, assembled from Maven Central's Flink jars (the version the project builds with) "
                        + "into .sqlexam/flink; configuration in flink-conf/cluster/config.yaml; Web UI and REST on "
                        + "127.0.0.1:8081 (SQLEXAM_FLINK_REST_PORT). exam, grade and watch run their jobs on it with "
                        + "--cluster."
            },
            subcommands = {
                ClusterUp.class,
                ClusterDown.class,
                ClusterStatus.class,
                ClusterFlink.class
            })
    static final class Cluster extends CommandGroup {}

    @Command(
            name = "up",
            mixinStandardHelpOptions = true,
            description = {
                "Start the cluster and wait until every TaskManager is registered.",
                "Fetch Flink's jars once, start the JobManager and the TaskManagers, and wait until all are "
                        + "registered with the JobManager. On a running cluster, start the TaskManagers it lost."
            })
    static final class ClusterUp extends ScriptOnly {
        @picocli.CommandLine.Option(
                names = "--taskmanagers",
                paramLabel = "N",
                defaultValue = "1",
                description = "TaskManager processes, 2 slots each (default ${DEFAULT-VALUE}).")
        int taskmanagers;
    }

    @Command(
            name = "down",
            mixinStandardHelpOptions = true,
            description = "Stop the cluster's processes.")
    static final class ClusterDown extends ScriptOnly {}

    @Command(
            name = "status",
            mixinStandardHelpOptions = true,
            description =
                    "Say whether the cluster runs, with its REST overview (exit 3 when it does not).")
    static final class ClusterStatus extends ScriptOnly {}

    @Command(
            name = "flink",
            mixinStandardHelpOptions = true,
            description = {
                "Run Flink's own command-line client against this cluster.",
                "Flink's own command-line client (bin/flink of a distribution) against this cluster, e.g. "
                        + "./sqlexam cluster flink run jobs/target/sqlexam-cluster.jar exam --generator gold, or ... "
                        + "flink list."
            })
    static final class ClusterFlink extends ScriptOnly {
        @picocli.CommandLine.Parameters(
                paramLabel = "ARGS",
                arity = "0..*",
                description = "Arguments of bin/flink (run, list, cancel, ...).")
        List<String> args;
    }
}
