package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.runtime.FlinkTarget;

import picocli.CommandLine.Option;

import java.util.Map;

/**
 * {@code --cluster [HOST:PORT]}: submit the job to a Flink cluster's REST API instead of an
 * in-process MiniCluster.
 */
final class ClusterOption {

    private static final String LOOPBACK = "loopback";

    @Option(
            names = "--cluster",
            arity = "0..1",
            paramLabel = "HOST:PORT",
            fallbackValue = LOOPBACK,
            description =
                    "Run the job on a Flink 2.x cluster through its REST API (flink_rest, SQLEXAM_FLINK_REST); without a value, "
                            + "the one ./sqlexam cluster up starts (127.0.0.1:8081). The job jar without Flink is uploaded with the job.")
    String cluster;

    /** Puts the chosen address into the command's option overrides. */
    Map<String, String> apply(Map<String, String> extra) {
        if (cluster != null)
            extra.put(
                    SqlExamOptions.FLINK_REST.key(),
                    LOOPBACK.equals(cluster) ? FlinkTarget.loopbackCluster() : cluster);
        return extra;
    }
}
