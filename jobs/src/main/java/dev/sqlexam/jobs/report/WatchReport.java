package dev.sqlexam.jobs.report;

import dev.sqlexam.jobs.run.RunOutputs;
import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * watch.html: a watch's window rows and alerts drawn over event time (per app and per app and
 * prompt version: events and error rate, latency p50/p95, execution accuracy), the alerts in a
 * table and the SQLSTATEs seen. Rendered on demand from a watch's output folder, a replay's merged
 * files or a following watch's committed parts alike.
 */
public final class WatchReport {

    private WatchReport() {}

    public static Path write(Path watchDir) throws IOException {
        if (!Files.isDirectory(watchDir))
            throw new IllegalArgumentException("not a watch's output folder: " + watchDir);
        List<JsonNode> windows = latestPerWindow(RunOutputs.watchOutput(watchDir, "windows"));
        if (windows.isEmpty()) {
            throw new IllegalArgumentException(
                    "no window rows in "
                            + watchDir
                            + " (windows.jsonl, or committed files under windows/): "
                            + "has the watch's watermark passed a window's end yet?");
        }
        List<JsonNode> alerts = RunOutputs.watchOutput(watchDir, "alerts");
        return HtmlReport.render(
                watchDir.resolve("watch.html"),
                "watch.ftlh",
                "report/watch.js",
                "sqlexam watch " + watchDir.getFileName(),
                data(watchDir, windows, alerts));
    }

    /** A window updated by late events is emitted again: its last emission counts. */
    static List<JsonNode> latestPerWindow(List<JsonNode> rows) {
        Map<String, JsonNode> latest = new LinkedHashMap<>();
        for (JsonNode r : rows) {
            String id =
                    r.path("window_start_ms").asLong()
                            + "|"
                            + r.path("key_kind").asText()
                            + "|"
                            + r.path("key").asText();
            latest.merge(
                    id,
                    r,
                    (a, b) ->
                            b.path("emitted_at_ms").asLong() >= a.path("emitted_at_ms").asLong()
                                    ? b
                                    : a);
        }
        return latest.values().stream()
                .sorted(Comparator.comparingLong(r -> r.path("window_start_ms").asLong()))
                .toList();
    }

    static ObjectNode data(Path dir, List<JsonNode> windows, List<JsonNode> alerts) {
        ObjectNode data = Json.MAPPER.createObjectNode();
        data.put("folder", dir.toAbsolutePath().toString());
        ObjectNode series = data.putObject("series");
        Map<String, Long> sqlstates = new TreeMap<>();
        long events = 0;
        for (JsonNode w : windows) {
            String kind = w.path("key_kind").asText();
            if (kind.equals("app_db")) continue;
            ObjectNode byKind =
                    series.has(kind) ? (ObjectNode) series.get(kind) : series.putObject(kind);
            ArrayNode points =
                    byKind.has(w.path("key").asText())
                            ? (ArrayNode) byKind.get(w.path("key").asText())
                            : byKind.putArray(w.path("key").asText());
            ObjectNode p = points.addObject();
            p.put("t", w.path("window_start_ms").asLong());
            for (String f :
                    List.of(
                            "events",
                            "error_rate",
                            "latency_p50_ms",
                            "latency_p95_ms",
                            "execution_accuracy",
                            "graded",
                            "empty_result_rate",
                            "lint_warning_rate",
                            "blocked",
                            "feedback_down",
                            "retrieval_recall",
                            "shadow_agreement")) {
                p.set(f, w.path(f).isMissingNode() ? null : w.get(f));
            }
            if (kind.equals("app")) {
                events += w.path("events").asLong();
                w.path("top_sqlstates")
                        .forEach(
                                s ->
                                        sqlstates.merge(
                                                s.path("sqlstate").asText(),
                                                s.path("count").asLong(),
                                                Long::sum));
            }
        }
        ArrayNode states = data.putArray("sqlstates");
        sqlstates.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .limit(12)
                .forEach(e -> states.addArray().add(e.getKey()).add(e.getValue()));
        ArrayNode alertRows = data.putArray("alerts");
        alerts.stream()
                .sorted(
                        Comparator.comparingLong((JsonNode a) -> a.path("window_start_ms").asLong())
                                .thenComparing(a -> a.path("key").asText()))
                .forEach(alertRows::add);
        ObjectNode totals = data.putObject("totals");
        totals.put("events", events)
                .put("windows", windows.size())
                .put("alerts", alerts.size())
                .put("first_ms", windows.get(0).path("window_start_ms").asLong())
                .put("last_ms", windows.get(windows.size() - 1).path("window_end_ms").asLong())
                .put(
                        "window_ms",
                        windows.get(0).path("window_end_ms").asLong()
                                - windows.get(0).path("window_start_ms").asLong());
        return data;
    }
}
