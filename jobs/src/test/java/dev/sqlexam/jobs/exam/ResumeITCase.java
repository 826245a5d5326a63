package dev.sqlexam.jobs.exam;

import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.jobs.cli.CliJvm;
import dev.sqlexam.jobs.cli.SqlExamCli;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.run.RunLog;
import dev.sqlexam.model.ExamRecord;

import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An exam process killed with SIGKILL in the middle of its job, then {@code exam --resume} with no
 * other option: every (run, question) ends in the merged log exactly once, what the killed process
 * had committed is not asked again, and the questions left go to the same model (its options come
 * from run.json).
 *
 * <p>The model is a loopback server of the OpenAI protocol that answers its first calls at once and
 * the rest slowly until the kill: the killed process cannot reach its end first, however fast the
 * machine (with the offline baseline the whole run took a few seconds, and a kill after its first
 * committed records sometimes came after it had merged its log).
 */
class ResumeITCase {

    /** Calls answered at once (one a question): far fewer than the run's 356 questions. */
    private static final int ANSWERED_BEFORE_THE_GATE = 100;

    /**
     * Each later call's pause: with 16 questions in flight (async_capacity 8 at parallelism 2) the
     * other 256 of the run's 356 take at least 32 s; the first records are committed some 10 s into
     * the run (the local cluster's network buffers debloated to a second's throughput let a
     * checkpoint's barrier through).
     */
    private static final long PAUSE_MS = 2_000;

    @RegisterExtension
    static final MiniClusterExtension FLINK =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    @TempDir Path tmp;

    @Test
    void aRunKilledMidwayResumesWithNoDuplicateAndNoGap() throws Exception {
        Path examSet = Home.resolve().resolve("exam-sets/erp/erp.jsonl");
        Path runDir = tmp.resolve("runs/it-resume");
        GatedModel model = GatedModel.start(ANSWERED_BEFORE_THE_GATE, PAUSE_MS);
        try {
            killAndResume(examSet, runDir, model);
        } finally {
            model.stop();
        }
    }

    private void killAndResume(Path examSet, Path runDir, GatedModel model) throws Exception {
        List<String> killed =
                List.of(
                        "exam",
                        "--generator",
                        "openai",
                        "--llm-url",
                        model.url(),
                        "--model",
                        "coder",
                        "--exam-set",
                        examSet.toString(),
                        "--run-id",
                        "it-resume",
                        "--out",
                        tmp.resolve("runs").toString(),
                        "--runs",
                        "2",
                        "--set",
                        "checkpoint_interval_ms=300");
        ProcessBuilder pb =
                new ProcessBuilder(CliJvm.command(null, killed))
                        .redirectErrorStream(true)
                        .redirectOutput(tmp.resolve("killed.log").toFile());
        pb.environment().putIfAbsent("SQLEXAM_JDBC_URL", TestDatabase.url());
        Process process = pb.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (committedLines(runDir) == 0 && process.isAlive() && System.nanoTime() < deadline)
            Thread.sleep(100);
        assertThat(process.isAlive())
                .as("the exam is still running when it is killed; its output:%n%s", log())
                .isTrue();
        long committed = committedLines(runDir);
        assertThat(committed)
                .as("records committed before the kill; its output:%n%s", log())
                .isPositive();
        process.destroyForcibly();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        model.open();
        assertThat(runDir.resolve("exam_log.jsonl"))
                .as("killed before it merged its log")
                .doesNotExist();
        assertThat(runDir.resolve("run.json")).exists();

        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream original = System.out;
        int exit;
        try {
            System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8));
            exit = SqlExamCli.commandLine().execute("exam", "--resume", runDir.toString());
        } finally {
            System.setOut(original);
        }
        String out = console.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(out).isZero();
        long taken =
                Long.parseLong(
                        out.replaceAll(
                                "(?s).*resuming run it-resume: (\\d+) record\\(s\\).*", "$1"));
        assertThat(taken)
                .as("what the killed process committed is kept")
                .isGreaterThanOrEqualTo(committed);

        List<ExamRecord> merged = RunLog.read(runDir);
        Set<String> keys =
                merged.stream()
                        .map(r -> r.repetition() + "/" + r.questionId())
                        .collect(Collectors.toSet());
        assertThat(merged).as("no duplicate").hasSize(keys.size());
        Set<String> expected = new HashSet<>();
        for (var q : ExamSetFiles.read(examSet, null).questions()) {
            expected.add("1/" + q.id());
            expected.add("2/" + q.id());
        }
        assertThat(keys).as("no gap").isEqualTo(expected);
        assertThat(out).contains("resuming with the").contains("(generator openai, from run.json)");
        assertThat(merged)
                .as(
                        "the questions left went to the run's model, from its run.json: none to the baseline")
                .allSatisfy(
                        r ->
                                assertThat(r.predSql())
                                        .as("%s/%s: %s", r.repetition(), r.questionId(), r.reason())
                                        .startsWith(GatedModel.ANSWER));
        assertThat(out).contains("variant default: accuracy");
        assertThat(runDir.resolve(".parts")).doesNotExist();
    }

    private String log() throws IOException {
        Path file = tmp.resolve("killed.log");
        return Files.exists(file) ? Files.readString(file) : "";
    }

    /** Lines in the exam log's committed part files (hidden in-progress files not counted). */
    private static long committedLines(Path runDir) throws IOException {
        Path parts = runDir.resolve(".parts/exam-log");
        if (!Files.isDirectory(parts)) return 0;
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(parts)) {
            walk.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().startsWith("."))
                    .forEach(files::add);
        }
        long n = 0;
        for (Path f : files) {
            try {
                n += Files.readAllLines(f).size();
            } catch (IOException ignored) {
                // the sink moved it between the listing and the read
            }
        }
        return n;
    }
}
