package dev.sqlexam.jobs.runtime;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.dag.Pipeline;
import org.apache.flink.client.ClientUtils;
import org.apache.flink.client.deployment.executors.PipelineExecutorUtils;
import org.apache.flink.client.program.PerJobMiniClusterFactory;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;
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
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Where a process's local jobs run: one MiniCluster kept from job to job, which a job has to itself
 * while it runs. Starting a MiniCluster costs about half a second even in a warm JVM (its RPC
 * system is loaded afresh, by a class loader of its own, each time): a process that runs several
 * jobs (an exam after its index job, the test suite, the bench, the MCP server's questions) pays it
 * once. A job that finds the kept cluster busy, or too small for its parallelism, gets a
 * MiniCluster of its own for its run, as Flink's local executor gives every job. The kept cluster
 * is replaced after {@link #JOBS_PER_CLUSTER} jobs: it remembers every finished job's graph.
 */
final class LocalClusters implements PipelineExecutorServiceLoader, PipelineExecutorFactory {

    static final LocalClusters PROCESS = new LocalClusters();

    static final int JOBS_PER_CLUSTER = 64;

    private static final String NAME = "sqlexam-local";
    private static final long WAIT_SECONDS = 10;

    private MiniCluster kept;
    private int keptSlots;
    private int keptJobs;

    /** The kept cluster being started ahead of the first job ({@link #prestart}), or null. */
    private CompletableFuture<MiniCluster> starting;

    private int startingSlots;

    /** The job that has the kept cluster (its lease's token before it has an id), or null. */
    private Object holder;

    private boolean closing;
    private int started;
    private int onKept;
    private int onOwn;

    LocalClusters() {
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
        Object token = new Object();
        MiniCluster cluster = lease(graph.getMaximumParallelism(), token);
        if (cluster == null) {
            synchronized (this) {
                onOwn++;
            }
            return PerJobMiniClusterFactory.createWithFactory(
                            debloated(new Configuration(configuration)), MiniCluster::new)
                    .submitJob(graph, classLoader);
        }
        try {
            return cluster.submitJob(graph)
                    .thenApplyAsync(
                            submitted -> {
                                JobID id = submitted.getJobID();
                                hold(token, id);
                                cluster.requestJobResult(id).whenComplete((r, e) -> release(id));
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
                                // a submission refused frees the cluster; a job that failed to
                                // initialise ends, and its result frees it
                                if (error != null) release(token);
                            });
        } catch (Exception | Error e) {
            release(token);
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
            // a job still running for the cluster's sake (its status unknown) is ended: it holds
            // the cluster until its result comes
            cluster.cancelJob(id);
            throw new CompletionException(e);
        }
    }

    /**
     * The kept cluster for a job of {@code parallelism}, held under {@code token}; started, grown
     * or replaced as needed; null when another job has it or it cannot be started.
     */
    private synchronized MiniCluster lease(int parallelism, Object token) {
        if (closing || (holder != null && !holderEnded())) return null;
        int slots = Math.max(1, parallelism);
        takeStarted();
        try {
            if (kept != null && (keptSlots < slots || keptJobs >= JOBS_PER_CLUSTER)) {
                MiniCluster old = kept;
                kept = null;
                close(old);
            }
            if (kept == null) {
                kept = start(slots);
                keptSlots = slots;
                keptJobs = 0;
                started++;
            }
        } catch (Exception e) {
            // a cluster that cannot be started here: the job starts one of its own, as Flink's
            // local executor would, and fails there with the reason if it cannot either
            kept = null;
            return null;
        }
        holder = token;
        keptJobs++;
        onKept++;
        return kept;
    }

    /**
     * Starts the kept cluster for jobs of {@code parallelism} on a thread of its own, so that a
     * command's set-up (pre-flight checks, reading the schema, composing the run) and the cluster's
     * start, a second or more of a fresh JVM's single-threaded work, run on two cores at once. The
     * first job waits for it; one that cannot start is started again, or not, as without this.
     * Returns the cluster being started (the kept one if there is one; null once closing).
     */
    synchronized CompletableFuture<MiniCluster> prestart(int parallelism) {
        if (closing || kept != null) return CompletableFuture.completedFuture(kept);
        if (starting != null) return starting;
        int slots = Math.max(1, parallelism);
        CompletableFuture<MiniCluster> future = new CompletableFuture<>();
        Thread thread =
                new Thread(
                        () -> {
                            try {
                                future.complete(start(slots));
                            } catch (Throwable e) {
                                future.completeExceptionally(e);
                            }
                        },
                        "sqlexam-minicluster-start");
        thread.setDaemon(true);
        starting = future;
        startingSlots = slots;
        thread.start();
        return future;
    }

    /** The cluster {@link #prestart} started becomes the kept one (if it started). */
    private void takeStarted() {
        if (starting == null) return;
        CompletableFuture<MiniCluster> future = starting;
        starting = null;
        try {
            MiniCluster cluster = future.join();
            if (kept != null) close(kept);
            kept = cluster;
            keptSlots = startingSlots;
            keptJobs = 0;
            started++;
        } catch (CompletionException | java.util.concurrent.CancellationException e) {
            // a cluster that did not start ahead starts with the job, or the job gets its own
        }
    }

    /**
     * Whether the holding job has ended though its result's callback has not run yet (a client sees
     * the end first and may submit the next job at once).
     */
    private boolean holderEnded() {
        if (!(holder instanceof JobID id) || kept == null) return false;
        try {
            JobStatus status = kept.getJobStatus(id).get(WAIT_SECONDS, TimeUnit.SECONDS);
            return status.isGloballyTerminalState();
        } catch (Exception e) {
            // a status the cluster cannot give: the job is taken to be still running
            return false;
        }
    }

    private synchronized void hold(Object token, JobID id) {
        if (holder == token) holder = id;
    }

    /** Frees the kept cluster if {@code job} still holds it. */
    private synchronized void release(Object job) {
        if (job.equals(holder)) holder = null;
    }

    synchronized int started() {
        return started;
    }

    synchronized int keptSlots() {
        return keptSlots;
    }

    /** Jobs run so far on the kept cluster, and on a cluster of their own. */
    record Runs(int onKept, int onOwn) {}

    synchronized Runs runs() {
        return new Runs(onKept, onOwn);
    }

    static MiniCluster start(int slots) throws Exception {
        Configuration configuration = debloated(new Configuration());
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

    /**
     * As on ./sqlexam cluster up's TaskManagers, network buffers sized to about a second of
     * throughput: an exam's source emits its questions at once, and with full-size buffers an
     * aligned barrier queued behind nearly all of them, so a run killed midway had committed
     * nothing for exam --resume to keep.
     */
    private static Configuration debloated(Configuration configuration) {
        configuration.set(TaskManagerOptions.BUFFER_DEBLOAT_ENABLED, true);
        return configuration;
    }

    private static void close(MiniCluster cluster) {
        try {
            cluster.closeAsync().get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            // a cluster that does not close in time is left to its threads; a new one replaces it
        }
    }

    /** Stops the kept cluster; later jobs get a MiniCluster each. */
    void closeKept() {
        MiniCluster cluster;
        CompletableFuture<MiniCluster> early;
        synchronized (this) {
            closing = true;
            cluster = kept;
            kept = null;
            early = starting;
            starting = null;
        }
        if (cluster != null) close(cluster);
        if (early != null) {
            // a command that ends before its first job (a usage error) waits for the cluster it
            // started ahead, so that it does not come up while the JVM shuts down
            try {
                close(early.get(WAIT_SECONDS, TimeUnit.SECONDS));
            } catch (Exception e) {
                // not started in time, or not at all: its daemon thread ends with the JVM
            }
        }
    }
}
