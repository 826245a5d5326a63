package dev.sqlexam.jobs.runtime;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.dag.Pipeline;
import org.apache.flink.client.ClientUtils;
import org.apache.flink.client.deployment.executors.PipelineExecutorUtils;
import org.apache.flink.client.program.PerJobMiniClusterFactory;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.PipelineExecutor;
import org.apache.flink.core.execution.PipelineExecutorFactory;
import org.apache.flink.core.execution.PipelineExecutorServiceLoader;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.runtime.minicluster.MiniClusterJobClient;
import org.apache.flink.runtime.minicluster.RpcServiceSharing;
import org.apache.flink.streaming.api.graph.StreamGraph;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Where a process's local jobs run: one MiniCluster kept from job to job, which a job has to itself
 * while it runs. Starting a MiniCluster costs about half a second even in a warm JVM (its RPC
 * system is loaded afresh, by a class loader of its own, each time): a process that runs several
 * jobs (an exam after its index job, the test suite, the bench, the MCP server's questions) pays it
 * once. A job that finds the kept cluster busy, or too small for its parallelism, gets a
 * MiniCluster of its own for its run, as Flink's local executor gives every job.
 */
final class LocalClusters implements PipelineExecutorServiceLoader, PipelineExecutorFactory {

    static final LocalClusters PROCESS = new LocalClusters();

    private static final String NAME = "sqlexam-local";
    private static final long CLOSE_WAIT_SECONDS = 10;

    private MiniCluster kept;
    private int keptSlots;
    private boolean busy;
    private boolean closing;
    private int started;

    private LocalClusters() {
        Runtime.getRuntime()
                .addShutdownHook(new Thread(this::closeKept, "sqlexam-minicluster-shutdown"));
    }

    @Override
    public PipelineExecutorFactory getExecutorFactory(Configuration configuration) {
        return this;
    }

    @Override
    public Stream<String> getExecutorNames() {
        return Stream.of(NAME);
    }

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public boolean isCompatibleWith(Configuration configuration) {
        return true;
    }

    @Override
    public PipelineExecutor getExecutor(Configuration configuration) {
        return this::execute;
    }

    private CompletableFuture<JobClient> execute(
            Pipeline pipeline, Configuration configuration, ClassLoader classLoader)
            throws Exception {
        StreamGraph graph = PipelineExecutorUtils.getStreamGraph(pipeline, configuration);
        graph.serializeUserDefinedInstances();
        MiniCluster cluster = lease(graph.getMaximumParallelism());
        if (cluster == null) {
            return PerJobMiniClusterFactory.createWithFactory(configuration, MiniCluster::new)
                    .submitJob(graph, classLoader);
        }
        try {
            return cluster.submitJob(graph)
                    .thenApplyAsync(
                            submitted -> {
                                JobID id = submitted.getJobID();
                                cluster.requestJobResult(id).whenComplete((r, e) -> release());
                                awaitInitialized(cluster, id, classLoader);
                                return (JobClient)
                                        new MiniClusterJobClient(
                                                id,
                                                cluster,
                                                classLoader,
                                                MiniClusterJobClient.JobFinalizationBehavior
                                                        .NOTHING);
                            })
                    .whenComplete(
                            (client, error) -> {
                                // a job that never got going frees the cluster itself
                                if (error != null) release();
                            });
        } catch (Exception | Error e) {
            release();
            throw e;
        }
    }

    private static void awaitInitialized(MiniCluster cluster, JobID id, ClassLoader classLoader) {
        try {
            ClientUtils.waitUntilJobInitializationFinished(
                    () -> cluster.getJobStatus(id).get(),
                    () -> cluster.requestJobResult(id).get(),
                    classLoader);
        } catch (Exception e) {
            throw new IllegalStateException("job " + id + " did not initialize", e);
        }
    }

    /**
     * The kept cluster for a job of {@code parallelism}, started or grown as needed; null when it
     * runs another job.
     */
    private synchronized MiniCluster lease(int parallelism) throws Exception {
        if (busy || closing) return null;
        int slots = Math.max(1, parallelism);
        if (kept != null && keptSlots < slots) {
            kept.closeAsync().get(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
            kept = null;
        }
        if (kept == null) {
            kept = start(slots);
            keptSlots = slots;
            started++;
        }
        busy = true;
        return kept;
    }

    /** How many times the kept cluster was started (for tests). */
    synchronized int started() {
        return started;
    }

    private synchronized void release() {
        busy = false;
    }

    private static MiniCluster start(int slots) throws Exception {
        Configuration configuration = new Configuration();
        configuration.set(RestOptions.BIND_PORT, "0");
        MiniCluster cluster =
                new MiniCluster(
                        new MiniClusterConfiguration.Builder()
                                .setConfiguration(configuration)
                                .setNumTaskManagers(1)
                                .setNumSlotsPerTaskManager(slots)
                                .setRpcServiceSharing(RpcServiceSharing.SHARED)
                                .build());
        cluster.start();
        return cluster;
    }

    /** Stops the kept cluster; later jobs get a MiniCluster each. */
    void closeKept() {
        MiniCluster cluster;
        synchronized (this) {
            closing = true;
            cluster = kept;
            kept = null;
        }
        if (cluster == null) return;
        try {
            cluster.closeAsync().get(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            // the process is ending: its threads go with it
        }
    }
}
