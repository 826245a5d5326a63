package dev.sqlexam.jobs.report;

import dev.sqlexam.jobs.run.RunLog;
import dev.sqlexam.jobs.run.RunOutputs;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.report.ConsoleReport;
import dev.sqlexam.report.Disagreement;
import dev.sqlexam.report.ExamSummary;
import dev.sqlexam.report.SummaryAccumulator;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's or a comparison's written results: summary.json, disagreements.jsonl, report.html and the
 * console report.
 */
public final class RunReport {

    static final int CONSOLE_DISAGREEMENTS = 10;

    private RunReport() {}

    /**
     * Writes the files and prints the console report; returns report.html, which the caller names
     * last.
     */
    public static Path write(
            Path outDir,
            ExamSummary summary,
            SummaryAccumulator accumulator,
            Iterable<ExamRecord> records,
            PrintStream out)
            throws IOException {
        Files.createDirectories(outDir);
        Files.writeString(
                outDir.resolve("summary.json"),
                Json.pretty(summary) + "\n",
                StandardCharsets.UTF_8);
        List<String> order =
                summary.variants().stream().map(ExamSummary.VariantSummary::variant).toList();
        List<Disagreement> disagreements = accumulator.outcomes().disagreements(order);
        Path file = outDir.resolve("disagreements.jsonl");
        if (order.size() > 1)
            RunOutputs.writeLines(file, disagreements.stream().map(Json::write).toList());
        else Files.deleteIfExists(file);
        out.println(ConsoleReport.render(summary));
        if (!disagreements.isEmpty()) {
            out.print(ConsoleReport.disagreements(disagreements, CONSOLE_DISAGREEMENTS));
            out.println("all of them in " + file);
        }
        List<JsonNode> rows =
                disagreements.stream().map(d -> (JsonNode) Json.MAPPER.valueToTree(d)).toList();
        return HtmlReport.write(outDir, Json.MAPPER.valueToTree(summary), records, rows);
    }

    /** report.html again from a run's folder: its summary.json, exam log and disagreements. */
    static Path rebuild(Path runDir) throws IOException {
        JsonNode summary = Json.MAPPER.readTree(runDir.resolve("summary.json").toFile());
        List<JsonNode> rows = new ArrayList<>();
        Path file = runDir.resolve("disagreements.jsonl");
        if (Files.isRegularFile(file)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8))
                if (!line.isBlank()) rows.add(Json.MAPPER.readTree(line));
        }
        return HtmlReport.write(runDir, summary, RunLog.records(runDir), rows);
    }
}
