package dev.sqlexam.jobs.importer;

import dev.sqlexam.examset.Quarantine;
import dev.sqlexam.grading.ExamSetChecker;
import dev.sqlexam.json.Json;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An import's gold-health section: every question of the benchmark is written to the exam set, a
 * gold with a problem (an error, a time-out, no rows, a tie its LIMIT cuts, its database missing, a
 * conversion that broke it) with its findings in the line's {@code gold_health} field, counted and
 * listed, never left out.
 */
final class GoldHealth {

    static final String FIELD = "gold_health";
    private static final int LISTED_PER_KIND = 8;

    private GoldHealth() {}

    /** A finding as the line records it: "kind (alternative n): detail". */
    static String finding(ExamSetChecker.Finding f) {
        return f.problem().name().toLowerCase(java.util.Locale.ROOT)
                + (f.goldIndex() == 0 ? "" : " (alternative " + f.goldIndex() + ")")
                + ": "
                + f.detail();
    }

    /** The kind of a recorded finding: its text before the first space, parenthesis or colon. */
    static String kind(String finding) {
        return finding.split("[ :(]", 2)[0];
    }

    /**
     * Writes every line (in order) to {@code examSet}, each with its findings, leaves an empty
     * quarantine file beside it (an earlier import's would misalign positional predictions) and
     * prints the section.
     */
    static ImportRun.Result write(
            int total,
            Map<String, Map<String, Object>> lines,
            Map<String, List<String>> health,
            Path examSet,
            List<DatabaseLoader.Report> reports,
            PrintStream out)
            throws IOException {
        List<String> written = new ArrayList<>(lines.size());
        Map<String, List<String>> byKind = new TreeMap<>();
        for (var e : lines.entrySet()) {
            Map<String, Object> line = new LinkedHashMap<>(e.getValue());
            List<String> findings = health.get(e.getKey());
            if (findings != null && !findings.isEmpty()) {
                line.put(FIELD, findings);
                findings.stream()
                        .map(GoldHealth::kind)
                        .distinct()
                        .forEach(
                                k ->
                                        byKind.computeIfAbsent(k, x -> new ArrayList<>())
                                                .add(e.getKey()));
            }
            written.add(Json.MAPPER.writeValueAsString(line));
        }
        if (examSet.getParent() != null) Files.createDirectories(examSet.getParent());
        Files.write(examSet, written, StandardCharsets.UTF_8);
        Files.write(Quarantine.fileFor(examSet), List.of(), StandardCharsets.UTF_8);
        long withProblems = lines.keySet().stream().filter(id -> health.containsKey(id)).count();
        out.printf(
                "imported %d of %d questions into %s (every question: none left out)%n",
                written.size(), total, examSet);
        out.printf(
                "gold health: %d of %d golds without problems%s%n",
                written.size() - withProblems,
                written.size(),
                withProblems == 0
                        ? ""
                        : "; " + withProblems + " with findings, kept and reported:");
        Map<String, Integer> counts = new TreeMap<>();
        byKind.forEach(
                (kind, ids) -> {
                    counts.put(kind, ids.size());
                    List<String> shown = ids.subList(0, Math.min(LISTED_PER_KIND, ids.size()));
                    out.printf(
                            "  %-18s %4d  %s%s%n",
                            kind,
                            ids.size(),
                            String.join(", ", shown),
                            ids.size() > shown.size()
                                    ? " and " + (ids.size() - shown.size()) + " more"
                                    : "");
                });
        if (withProblems > 0)
            out.println(
                    "  (each line's "
                            + FIELD
                            + " field says what; ./sqlexam exam-set check "
                            + examSet
                            + " lists them; grade reports EX over every question and over those"
                            + " without findings)");
        return new ImportRun.Result(
                examSet, written.size(), (int) withProblems, counts, reports, null);
    }
}
