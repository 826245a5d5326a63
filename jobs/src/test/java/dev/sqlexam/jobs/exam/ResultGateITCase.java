package dev.sqlexam.jobs.exam;

import dev.sqlexam.jobs.cli.SqlExamCli;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code grade --fail-under … --json} as a CI job runs it: two files on the demo exam set, one
 * answering every question with its gold, one right on the first 6 of 24 only; the exit code, and
 * stdout holding nothing but one parseable line per file.
 */
class ResultGateITCase {

    private static final Path DEMO = Home.resolve().resolve("exam-sets/demo/demo.jsonl");

    @TempDir Path tmp;

    private record Ran(int exit, String out, String err) {}

    private Ran grade(String... gate) throws Exception {
        List<String> goldLines = new ArrayList<>();
        List<String> quarterLines = new ArrayList<>();
        List<JsonNode> questions = new ArrayList<>();
        for (String line : Files.readAllLines(DEMO))
            if (!line.isBlank()) questions.add(Json.MAPPER.readTree(line));
        for (int i = 0; i < questions.size(); i++) {
            JsonNode q = questions.get(i);
            String gold = q.get("gold_sql").asText();
            goldLines.add(Json.write(java.util.Map.of("id", q.get("id").asText(), "sql", gold)));
            String sql = i < 6 ? gold : "SELECT 'no such answer' AS nothing";
            quarterLines.add(Json.write(java.util.Map.of("id", q.get("id").asText(), "sql", sql)));
        }
        Path folder = Files.createDirectories(tmp.resolve("files"));
        Path golds = Files.write(folder.resolve("golds.jsonl"), goldLines);
        Path quarter = Files.write(folder.resolve("quarter.jsonl"), quarterLines);
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "grade",
                                "--exam-set",
                                DEMO.toString(),
                                "--predictions",
                                "perfect=" + golds,
                                "--predictions",
                                quarter.toString(),
                                "--json",
                                "--out",
                                tmp.resolve("runs").toString()));
        args.addAll(List.of(gate));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream originalOut = System.out;
        PrintStream originalErr = System.err;
        int exit;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            exit = SqlExamCli.commandLine().execute(args.toArray(String[]::new));
        } finally {
            System.setOut(originalOut);
            System.setErr(originalErr);
        }
        return new Ran(
                exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aFileUnderItsThresholdExitsFiveAndStdoutHoldsOneLinePerFile() throws Exception {
        Ran ran = grade("--fail-under", "ex=0.5", "--fail-under", "bird_ex=40%");
        assertThat(ran.exit()).as(ran.err()).isEqualTo(5);
        List<String> lines = ran.out().lines().toList();
        assertThat(lines).as("stdout: JSON lines only").hasSize(2);
        JsonNode perfect = Json.MAPPER.readTree(lines.get(0));
        JsonNode quarter = Json.MAPPER.readTree(lines.get(1));
        assertThat(perfect.get("column").asText()).isEqualTo("perfect");
        assertThat(quarter.get("column").asText()).isEqualTo("quarter");
        assertThat(perfect.at("/metrics/ex").asDouble()).isEqualTo(1.0);
        assertThat(quarter.at("/metrics/ex").asDouble()).isEqualTo(0.25);
        assertThat(quarter.get("questions").asLong()).isEqualTo(24);
        assertThat(perfect.at("/gate/passed").asBoolean()).isTrue();
        assertThat(quarter.at("/gate/passed").asBoolean()).isFalse();
        assertThat(quarter.at("/gate/under/0/metric").asText()).isEqualTo("ex");
        assertThat(quarter.at("/gate/under/1/metric").asText()).isEqualTo("bird_ex");
        assertThat(Path.of(quarter.get("run_dir").asText()).resolve("summary.json")).exists();
        assertThat(ran.err())
                .contains("--fail-under: quarter: ex 25.0% is under 50.0%")
                .contains("grading 2 predictions file(s)");

        Path runDir = Path.of(quarter.get("run_dir").asText());
        List<JsonNode> wrong = new ArrayList<>();
        for (String line : Files.readAllLines(runDir.resolve("exam_log.jsonl"))) {
            JsonNode r = Json.MAPPER.readTree(line);
            if (!r.get("correct").asBoolean()) wrong.add(r);
            else assertThat(r.has("evidence")).as("a right answer keeps no evidence").isFalse();
        }
        assertThat(wrong).hasSize(18);
        for (JsonNode r : wrong) {
            JsonNode e = r.get("evidence");
            assertThat(e).as(r.get("question_id").asText()).isNotNull();
            assertThat(e.get("pred_rows")).hasSize(1);
            assertThat(e.at("/pred_rows/0/0").asText()).isEqualTo("no such answer");
            assertThat(e.get("gold_rows").size()).isBetween(0, 5);
        }
        ByteArrayOutputStream story = new ByteArrayOutputStream();
        String someWrong = wrong.get(0).get("question_id").asText();
        assertThat(
                        dev.sqlexam.jobs.report.QuestionStory.print(
                                runDir,
                                someWrong,
                                new PrintStream(story, true, StandardCharsets.UTF_8)))
                .isTrue();
        assertThat(story.toString(StandardCharsets.UTF_8))
                .contains("question  " + someWrong)
                .contains("── perfect")
                .contains("── quarter")
                .contains("verdict   wrong")
                .contains("no such answer");
    }

    @Test
    void everyFileAtOrAboveItsThresholdExitsZero() throws Exception {
        Ran ran = grade("--fail-under", "ex=25%");
        assertThat(ran.exit()).as(ran.err()).isZero();
        assertThat(ran.err()).contains("every column meets every threshold");
        assertThat(ran.out().lines()).hasSize(2).allSatisfy(l -> Json.MAPPER.readTree(l));
    }

    @Test
    void aMetricThisRunDoesNotMeasureFailsTheGate() throws Exception {
        Ran ran = grade("--fail-under", "spider_ex=0");
        assertThat(ran.exit()).as(ran.err()).isEqualTo(5);
        assertThat(ran.err()).contains("spider_ex was not measured by this run");
    }
}
