package dev.sqlexam.flink;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.EventEvaluation;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.WindowRow;
import dev.sqlexam.watch.Shadow;
import dev.sqlexam.watch.WindowMetrics;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.api.common.functions.AggregateFunction;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;

import java.io.Serializable;

/**
 * The watch job's windows: each evaluation under its three keys, aggregated into {@link
 * WindowMetrics}, then one row per window.
 */
public final class WindowEvents {

    private WindowEvents() {}

    /**
     * An evaluation under one key (by app, by app and database, by app and prompt version), or,
     * with no evaluation, a shadow comparison of an event under that key: whether sqlexam's
     * pipeline agreed with the app.
     */
    public record Keyed(String kind, String key, EventEvaluation evaluation, Boolean shadowAgreed)
            implements Serializable {

        public String id() {
            return kind + "|" + key;
        }

        static void under3Keys(
                String app,
                String db,
                String promptVersion,
                EventEvaluation e,
                Boolean agreed,
                Collector<Keyed> out) {
            out.collect(new Keyed("app", app, e, agreed));
            out.collect(new Keyed("app_db", app + "/" + db, e, agreed));
            out.collect(
                    new Keyed(
                            "app_prompt",
                            app + "/" + (promptVersion == null ? "(none)" : promptVersion),
                            e,
                            agreed));
        }
    }

    /** Each evaluation once per key kind. */
    public static final class ByKeys implements FlatMapFunction<EventEvaluation, Keyed> {
        @Override
        public void flatMap(EventEvaluation e, Collector<Keyed> out) {
            Keyed.under3Keys(e.app(), e.db(), e.promptVersion(), e, null, out);
        }
    }

    /**
     * Each shadow record that compared (not an infrastructure failure, not an app SQL that failed
     * now) once per key kind.
     */
    public static final class ShadowKeys implements FlatMapFunction<ExamRecord, Keyed> {
        @Override
        public void flatMap(ExamRecord r, Collector<Keyed> out) throws Exception {
            if (!Shadow.compared(r)) return;
            JsonNode extras = Json.MAPPER.readTree(r.extrasJson());
            String prompt =
                    extras.path("prompt_version").isTextual()
                            ? extras.get("prompt_version").asText()
                            : null;
            Keyed.under3Keys(extras.path("app").asText(), r.db(), prompt, null, r.correct(), out);
        }
    }

    public static final class Aggregate
            implements AggregateFunction<Keyed, WindowMetrics, WindowMetrics> {
        @Override
        public WindowMetrics createAccumulator() {
            return new WindowMetrics();
        }

        @Override
        public WindowMetrics add(Keyed value, WindowMetrics acc) {
            return value.evaluation() != null
                    ? acc.add(value.evaluation())
                    : acc.addShadow(value.shadowAgreed());
        }

        @Override
        public WindowMetrics getResult(WindowMetrics acc) {
            return acc;
        }

        @Override
        public WindowMetrics merge(WindowMetrics a, WindowMetrics b) {
            return a.merge(b);
        }
    }

    /** The window's bounds and key around its metrics. */
    public static final class Rows
            extends ProcessWindowFunction<WindowMetrics, WindowRow, String, TimeWindow> {
        @Override
        public void process(
                String id, Context ctx, Iterable<WindowMetrics> metrics, Collector<WindowRow> out) {
            String[] parts = id.split("\\|", 2);
            out.collect(
                    metrics.iterator()
                            .next()
                            .row(ctx.window().getStart(), ctx.window().getEnd(), parts[0], parts[1])
                            .emittedAt(ctx.currentProcessingTime()));
        }
    }
}
