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
 * An exam process killed with SIGKILL in the middle of its job, then {@code exam --resume}: every
 * (run, question) ends in the merged log exactly once, and what the killed process had committed is
 * not asked again.
 */
class ResumeITCase {

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
        ProcessBuilder pb =
                new ProcessBuilder(
                                CliJvm.command(
                                        null,
                                        List.of(
                                                "exam",
                                                "--exam-set",
                                                examSet.toString(),
                                                "--run-id",
                                                "it-resume",
                                                "--out",
                                                tmp.resolve("runs").toString(),
                                                "--runs",
                                                "2",
                                                "--set",
                                                "checkpoint_interval_ms=300")))
                        .redirectErrorStream(true)
                        .redirectOutput(tmp.resolve("killed.log").toFile());
        pb.environment().put("SQLEXAM_GENERATOR", "baseline");
        pb.environment().putIfAbsent("SQLEXAM_JDBC_URL", TestDatabase.url());
        Process process = pb.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (committedLines(runDir) < 40 && process.isAlive() && System.nanoTime() < deadline)
            Thread.sleep(100);
        assertThat(process.isAlive())
                .as("the exam is still running when it is killed; its output:%n%s", log())
                .isTrue();
        process.destroyForcibly();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
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
        int taken =
                Integer.parseInt(
                        out.replaceAll(
                                "(?s).*resuming run it-resume: (\\d+) record\\(s\\).*", "$1"));
        assertThat(taken)
                .as("what the killed process committed is kept")
                .isGreaterThanOrEqualTo(40);

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
