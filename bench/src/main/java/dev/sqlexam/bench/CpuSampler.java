package dev.sqlexam.bench;

import com.sun.management.OperatingSystemMXBean;

import java.lang.management.ManagementFactory;

/**
 * The machine's and this process's CPU load, sampled every {@code sampleMs} while a run goes on:
 * the profile of a figure.
 */
public final class CpuSampler implements AutoCloseable {

    /** Mean loads over the samples, each 0..1 of all cores. */
    public record Load(double machine, double process) {}

    private final OperatingSystemMXBean os =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final Thread thread;
    private double machine;
    private double process;
    private int samples;

    public CpuSampler(long sampleMs) {
        thread =
                new Thread(
                        () -> {
                            while (!Thread.currentThread().isInterrupted()) {
                                try {
                                    Thread.sleep(sampleMs);
                                } catch (InterruptedException e) {
                                    Thread.currentThread()
                                            .interrupt(); // stopped: the flag stays set for the
                                    // owner
                                    return;
                                }
                                double m = os.getCpuLoad();
                                double p = os.getProcessCpuLoad();
                                if (m >= 0 && p >= 0) {
                                    synchronized (this) {
                                        machine += m;
                                        process += p;
                                        samples++;
                                    }
                                }
                            }
                        },
                        "cpu-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    public synchronized Load load() {
        return samples == 0
                ? new Load(Double.NaN, Double.NaN)
                : new Load(machine / samples, process / samples);
    }

    @Override
    public void close() {
        thread.interrupt();
    }
}
