package dev.sqlexam.jobs.runtime;

import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.util.CloseableIterator;

import java.io.PrintStream;
import java.util.concurrent.ExecutionException;

/**
 * The client's hold on a started job: it prints the lines the job collects to the client as they
 * come, and, for a job on a cluster, cancels the job when the client is stopped (Ctrl-C), as
 * stopping the client stops an in-process job; a cancelled job keeps its checkpoints, so the same
 * command resumes.
 */
public final class ClientJob implements AutoCloseable {

    private final JobClient client;
    private final Thread printer;
    private final Thread cancelOnExit;
    private final CloseableIterator<String> lines;

    private ClientJob(
            JobClient client,
            CloseableIterator<String> lines,
            Thread printer,
            Thread cancelOnExit) {
        this.client = client;
        this.lines = lines;
        this.printer = printer;
        this.cancelOnExit = cancelOnExit;
    }

    /** {@code lines}: the job's collected console lines (null: none). */
    public static ClientJob follow(
            JobClient client,
            CloseableIterator<String> lines,
            JobShipping shipping,
            PrintStream out) {
        Thread printer = null;
        if (lines != null) {
            printer =
                    new Thread(
                            () -> {
                                try {
                                    while (lines.hasNext()) out.println(lines.next());
                                } catch (RuntimeException e) {
                                    // the job ended or was cancelled: its lines end with it
                                }
                            },
                            "sqlexam-console");
            printer.setDaemon(true);
            printer.start();
        }
        Thread hook = null;
        if (shipping.ships()) {
            hook = new Thread(() -> cancel(client, out), "sqlexam-cancel-on-exit");
            Runtime.getRuntime().addShutdownHook(hook);
            out.println(
                    "[sqlexam] job "
                            + client.getJobID()
                            + " runs on the cluster (Ctrl-C cancels it)");
        }
        return new ClientJob(client, lines, printer, hook);
    }

    public JobExecutionResult result() throws InterruptedException, ExecutionException {
        JobExecutionResult result = client.getJobExecutionResult().get();
        if (printer != null) printer.join(10_000);
        return result;
    }

    private static void cancel(JobClient client, PrintStream out) {
        try {
            JobStatus status = client.getJobStatus().get();
            if (status.isGloballyTerminalState()) return;
            client.cancel().get();
            out.println(
                    "[sqlexam] cancelled job "
                            + client.getJobID()
                            + " on the cluster; its checkpoints are kept");
        } catch (Exception e) {
            out.println(
                    "[sqlexam] could not cancel job "
                            + client.getJobID()
                            + " on the cluster: "
                            + e.getMessage()
                            + " (cancel it in the Web UI)");
        }
    }

    @Override
    public void close() throws Exception {
        if (cancelOnExit != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(cancelOnExit);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs: it cancels the job
            }
        }
        if (lines != null) lines.close();
    }
}
