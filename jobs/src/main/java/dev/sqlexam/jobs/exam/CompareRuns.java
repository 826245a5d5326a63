package dev.sqlexam.jobs.exam;

import dev.sqlexam.jobs.report.RunReport;
import dev.sqlexam.jobs.run.Provenance;
import dev.sqlexam.jobs.run.RunLog;
import dev.sqlexam.jobs.run.RunManifest;
import dev.sqlexam.jobs.run.Variant;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.report.ExamSummary;
import dev.sqlexam.report.SummaryAccumulator;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The statistics of an A/B exam from two earlier runs' logs, aligned by question: no database, no
 * model. Each run's variants keep their names unless both runs use one, which is then prefixed with
 * its run id.
 */
public final class CompareRuns {

    private CompareRuns() {}

    /**
     * As {@link #compare}: how many variants the comparison holds (fewer than two: nothing was
     * compared).
     */
    public static int variantsCompared(Path runA, Path runB, Path outDir, PrintStream out)
            throws IOException {
        return compare(runA, runB, outDir, out).variants().size();
    }

    public static ExamSummary compare(Path runA, Path runB, Path outDir, PrintStream out)
            throws IOException {
        Provenance.print(Provenance.of(runA), Provenance.of(runB), "between the runs", out);
        List<ExamRecord> a = RunLog.read(runA);
        List<ExamRecord> b = RunLog.read(runB);
        List<String> namesA = RunLog.variants(a);
        List<String> namesB = RunLog.variants(b);
        boolean clash = namesA.stream().anyMatch(namesB::contains);
        String idA = runA.toAbsolutePath().normalize().getFileName().toString();
        String idB = runB.toAbsolutePath().normalize().getFileName().toString();
        if (clash && idA.equals(idB)) idB = idB + "-b";
        List<ExamRecord> all = new ArrayList<>();
        List<ExamSummary.VariantInfo> infos = new ArrayList<>();
        Map<String, String> descriptions = new LinkedHashMap<>();
        Map<String, Map<String, String>> options = new LinkedHashMap<>();
        add(runA, a, clash ? idA + ":" : "", all, descriptions, options);
        add(runB, b, clash ? idB + ":" : "", all, descriptions, options);
        Map<String, String> reference = options.values().iterator().next();
        descriptions.forEach(
                (name, description) ->
                        infos.add(
                                new ExamSummary.VariantInfo(
                                        name,
                                        description,
                                        differences(options.get(name), reference),
                                        0,
                                        0)));
        SummaryAccumulator accumulator = SummaryAccumulator.of(all);
        ExamSummary summary =
                ExamSummary.of(
                        accumulator,
                        new ExamSummary.Context(
                                idA + " vs " + idB,
                                examSet(a, b),
                                new ExamSummary.Authors(
                                        "from the runs' logs", runA + " and " + runB, false),
                                0,
                                0,
                                ExamSummary.CacheCounts.NONE,
                                infos,
                                null));
        Path report = RunReport.write(outDir, summary, accumulator, all, out);
        out.println("comparison " + outDir.resolve("summary.json"));
        out.println("report     " + report);
        return summary;
    }

    private static void add(
            Path runDir,
            List<ExamRecord> records,
            String prefix,
            List<ExamRecord> all,
            Map<String, String> descriptions,
            Map<String, Map<String, String>> options) {
        Map<String, Variant> defined = new LinkedHashMap<>();
        if (Files.isRegularFile(runDir.resolve("run.json"))) {
            for (Variant v : RunManifest.read(runDir).variants()) defined.put(v.name(), v);
        }
        for (String v : RunLog.variants(records)) {
            Variant def = defined.get(v);
            descriptions.put(prefix + v, def == null ? null : def.description());
            options.put(prefix + v, def == null ? Map.of() : def.options());
        }
        for (ExamRecord r : records)
            all.add(prefix.isEmpty() ? r : relabel(r, prefix + r.variant()));
    }

    private static Map<String, Object> differences(
            Map<String, String> mine, Map<String, String> reference) {
        Map<String, Object> out = new LinkedHashMap<>();
        mine.forEach(
                (k, v) -> {
                    if (!Objects.equals(v, reference.get(k))) out.put(k, v);
                });
        reference.forEach(
                (k, v) -> {
                    if (!mine.containsKey(k)) out.put(k, "(default)");
                });
        return out;
    }

    private static String examSet(List<ExamRecord> a, List<ExamRecord> b) {
        return a.size() + " and " + b.size() + " logged records";
    }

    static ExamRecord relabel(ExamRecord r, String variant) {
        ObjectNode node = Json.MAPPER.valueToTree(r);
        node.put("variant", variant);
        return RunLog.record(node.toString());
    }
}
