package dev.sqlexam.jobs.run;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A job's checkpoint folder, still written into as the job shuts down, is removed once it stops.
 */
class ScratchFolderTest {

    @TempDir Path dir;

    @Test
    void aFolderStillWrittenIntoForAMomentIsRemovedOnceTheWriterStops() throws Exception {
        Path scratch = Files.createDirectories(dir.resolve("checkpoints/job/chk-1"));
        AtomicBoolean writing = new AtomicBoolean(true);
        CountDownLatch started = new CountDownLatch(1);
        Thread writer =
                new Thread(
                        () -> {
                            long until = System.nanoTime() + 300_000_000L;
                            for (int i = 0; System.nanoTime() < until; i++) {
                                try {
                                    Files.writeString(scratch.resolve("part-" + i), "state");
                                } catch (Exception gone) {
                                    // the folder went: the writer's shutdown is over
                                }
                                started.countDown();
                            }
                            writing.set(false);
                        });
        writer.start();
        started.await();
        boolean removed = RunOutputs.deleteScratch(dir.resolve("checkpoints"));
        writer.join();
        if (!removed) removed = RunOutputs.deleteScratch(dir.resolve("checkpoints"));
        assertThat(removed).isTrue();
        assertThat(dir.resolve("checkpoints")).doesNotExist();
        assertThat(writing).isFalse();
    }

    @Test
    void aFolderAlreadyGoneIsNoFailure() {
        assertThat(RunOutputs.deleteScratch(dir.resolve("never-made"))).isTrue();
    }
}
