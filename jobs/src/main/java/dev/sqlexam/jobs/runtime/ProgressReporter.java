package dev.sqlexam.jobs.runtime;

import dev.sqlexam.flink.SummaryOperator;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.apache.flink.core.execution.JobClient;

import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Polls the running job's accumulators and draws questions done / total, rate and ETA. */
public final class ProgressReporter implements AutoCloseable {

    private static final long POLL_MS = 300;

    private final Thread thread;

    /** Counted down by {@link #close}: the poller's pause ends at once, not up to a poll later. */
    private final CountDownLatch stopped = new CountDownLatch(1);

    private volatile long finalCount = -1;

    public ProgressReporter(JobClient client, long total, PrintStream out) {
        this(client, "grading", SummaryOperator.GRADED_COUNTER, total, out);
    }

    public ProgressReporter(
            JobClient client, String task, String counter, long total, PrintStream out) {
        thread = new Thread(() -> poll(client, task, counter, total, out), "sqlexam-progress");
        thread.setDaemon(true);
        thread.start();
    }

    private void poll(JobClient client, String task, String counter, long total, PrintStream out) {
        try (ProgressBar bar =
                new ProgressBarBuilder()
                        .setTaskName(task)
                        .setInitialMax(Math.max(total, 1))
                        .setUnit("", 1)
                        .showSpeed()
                        .setStyle(ProgressBarStyle.ASCII)
                        .setConsumer(new ConsoleProgressBarConsumer(out))
                        .setUpdateIntervalMillis(250)
                        .build()) {
            long last = 0;
            while (stopped.getCount() > 0) {
                try {
                    Map<String, Object> acc = client.getAccumulators().get(2, TimeUnit.SECONDS);
                    Object graded = acc.get(counter);
                    if (graded instanceof Number n && n.longValue() != last) {
                        last = n.longValue();
                        if (last > bar.getMax()) bar.maxHint(last);
                        bar.stepTo(last);
                    }
                } catch (Exception e) {
                    // the job may be finishing; the next poll or close() ends the loop
                }
                try {
                    if (stopped.await(POLL_MS, TimeUnit.MILLISECONDS)) break;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            if (finalCount >= 0) {
                if (finalCount > bar.getMax()) bar.maxHint(finalCount);
                bar.stepTo(finalCount);
            }
        }
    }

    /** Draws the final count (the job may end between two polls) and stops. */
    public void finish(long graded) {
        finalCount = graded;
    }

    @Override
    public void close() throws InterruptedException {
        stopped.countDown();
        thread.join(2_000);
    }
}
