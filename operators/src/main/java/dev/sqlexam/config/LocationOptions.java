package dev.sqlexam.config;

import static dev.sqlexam.config.OptionRegistry.bounded;
import static dev.sqlexam.config.OptionRegistry.own;

/**
 * Where things are: read before any other setting, from {@code -Dsqlexam.<key>} (dots for
 * underscores), else the variable; a config file or {@code --set} cannot change them. Part of
 * {@link SqlExamOptions}, the one registry.
 */
public interface LocationOptions {
    Option<String> HOME =
            own(
                    "home",
                    "SQLEXAM_HOME",
                    String.class,
                    "",
                    "The project folder (migrations, exam sets, flink-conf). Empty: the first folder up from the working directory that has "
                            + "migrations/ and exam-sets/. Also -Dsqlexam.home (read before the settings: not from a config file or --set).",
                    Option.Step.JOB);
    Option<String> STATE =
            own(
                    "state",
                    "SQLEXAM_STATE_DIR",
                    String.class,
                    "",
                    "The state folder: the private PostgreSQL cluster, Kafka, the Flink cluster, checkpoints. Empty: .sqlexam in the project "
                            + "folder. Also -Dsqlexam.state (read before the settings: not from a config file or --set).",
                    Option.Step.JOB);
    Option<String> CLUSTER_JAR =
            own(
                    "cluster_jar",
                    "SQLEXAM_CLUSTER_JAR",
                    String.class,
                    "",
                    "The job jar uploaded to a Flink cluster (--cluster). Empty: sqlexam-cluster.jar beside the running jar, else the "
                            + "checkout's jobs/target. Also -Dsqlexam.cluster.jar (read before the settings: not from a config file or --set).",
                    Option.Step.JOB);
    Option<Integer> FLINK_REST_PORT =
            bounded(
                    own(
                            "flink_rest_port",
                            "SQLEXAM_FLINK_REST_PORT",
                            Integer.class,
                            8081,
                            "REST port of the Flink cluster ./sqlexam cluster up starts on loopback (what --cluster without a value reaches); read "
                                    + "before the settings: not from a config file or --set.",
                            Option.Step.JOB),
                    1,
                    65_535);
}
