package dev.sqlexam.flink;

import dev.sqlexam.model.EventEvaluation;
import dev.sqlexam.model.WindowRow;
import dev.sqlexam.watch.WindowMetrics;
import java.io.Serializable;
import org.apache.flink.api.common.functions.AggregateFunction;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;

/** The watch job's windows: each evaluation under its three keys, aggregated into {@link WindowMetrics}, then one row per window. */
public final class WindowEvents {

    private WindowEvents() {}

    /** An evaluation under one key: by app, by app and database, by app and prompt version. */
    public record Keyed(String kind, String key, EventEvaluation evaluation) implements Serializable {

        public String id() {
            return kind + "|" + key;
        }
    }

    /** Each evaluation once per key kind. */
    public static final class ByKeys implements FlatMapFunction<EventEvaluation, Keyed> {
        @Override
        public void flatMap(EventEvaluation e, Collector<Keyed> out) {
            out.collect(new Keyed("app", e.app(), e));
            out.collect(new Keyed("app_db", e.app() + "/" + e.db(), e));
            out.collect(new Keyed("app_prompt", e.app() + "/" + (e.promptVersion() == null ? "(none)" : e.promptVersion()), e));
        }
    }

    public static final class Aggregate implements AggregateFunction<Keyed, WindowMetrics, WindowMetrics> {
        @Override
        public WindowMetrics createAccumulator() {
            return new WindowMetrics();
        }

        @Override
        public WindowMetrics add(Keyed value, WindowMetrics acc) {
            return acc.add(value.evaluation());
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
    public static final class Rows extends ProcessWindowFunction<WindowMetrics, WindowRow, String, TimeWindow> {
        @Override
        public void process(String id, Context ctx, Iterable<WindowMetrics> metrics, Collector<WindowRow> out) {
            String[] parts = id.split("\\|", 2);
            out.collect(metrics.iterator().next().row(ctx.window().getStart(), ctx.window().getEnd(), parts[0], parts[1])
                    .emittedAt(ctx.currentProcessingTime()));
        }
    }
}
