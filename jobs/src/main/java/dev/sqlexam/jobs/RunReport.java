package dev.sqlexam.jobs;

import dev.sqlexam.json.Json;
import dev.sqlexam.report.ConsoleReport;
import dev.sqlexam.report.Disagreement;
import dev.sqlexam.report.ExamSummary;
import dev.sqlexam.report.SummaryAccumulator;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A run's or a comparison's written results: summary.json, disagreements.jsonl, and the console report. */
final class RunReport {

    static final int CONSOLE_DISAGREEMENTS = 10;

    private RunReport() {}

    static List<Disagreement> write(Path outDir, ExamSummary summary, SummaryAccumulator accumulator, PrintStream out) throws IOException {
        Files.createDirectories(outDir);
        Files.writeString(outDir.resolve("summary.json"), Json.pretty(summary) + "\n", StandardCharsets.UTF_8);
        List<String> order = summary.variants().stream().map(ExamSummary.VariantSummary::variant).toList();
        List<Disagreement> disagreements = accumulator.outcomes().disagreements(order);
        Path file = outDir.resolve("disagreements.jsonl");
        if (order.size() > 1) RunOutputs.writeLines(file, disagreements.stream().map(Json::write).toList());
        else Files.deleteIfExists(file);
        out.println(ConsoleReport.render(summary));
        if (!disagreements.isEmpty()) {
            out.print(ConsoleReport.disagreements(disagreements, CONSOLE_DISAGREEMENTS));
            out.println("all of them in " + file);
        }
        return disagreements;
    }
}
