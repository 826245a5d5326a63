package dev.sqlexam.flink;

import dev.sqlexam.model.Alert;
import dev.sqlexam.model.WindowRow;
import dev.sqlexam.watch.AlertRule;
import dev.sqlexam.watch.AlertRules;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Alerts as a stream, keyed by window key: each window row against every rule, with the key's
 * earlier rows (kept in state, as far back as the longest drift baseline) as the baseline. A window
 * updated by late events is judged again, but an alert already raised for that window, key and rule
 * is not raised twice.
 */
public final class DetectAlerts extends KeyedProcessFunction<String, WindowRow, Alert> {

    private final AlertRules rules;
    private transient MapState<Long, WindowRow> earlier;
    private transient MapState<String, Boolean> raised;

    public DetectAlerts(AlertRules rules) {
        this.rules = rules;
    }

    @Override
    public void open(OpenContext openContext) {
        earlier =
                getRuntimeContext()
                        .getMapState(
                                new MapStateDescriptor<>(
                                        "earlier-windows",
                                        Types.LONG,
                                        TypeInformation.of(WindowRow.class)));
        raised =
                getRuntimeContext()
                        .getMapState(
                                new MapStateDescriptor<>(
                                        "raised-alerts", Types.STRING, Types.BOOLEAN));
    }

    @Override
    public void processElement(WindowRow row, Context ctx, Collector<Alert> out) throws Exception {
        List<WindowRow> before = new ArrayList<>();
        for (Map.Entry<Long, WindowRow> e : earlier.entries())
            if (e.getKey() != row.windowStartMs()) before.add(e.getValue());
        for (AlertRule rule : rules.rules()) {
            Optional<Alert> alert = rule.check(row, before);
            if (alert.isPresent() && !raised.contains(alert.get().id())) {
                raised.put(alert.get().id(), true);
                out.collect(alert.get());
            }
        }
        earlier.put(row.windowStartMs(), row);
        forgetBefore(
                row.windowStartMs()
                        - Math.max(
                                rules.longestBaselineMs(),
                                row.windowEndMs() - row.windowStartMs()));
    }

    private void forgetBefore(long cutoffMs) throws Exception {
        List<Long> old = new ArrayList<>();
        for (Map.Entry<Long, WindowRow> e : earlier.entries())
            if (e.getValue().windowEndMs() <= cutoffMs) old.add(e.getKey());
        for (Long start : old) earlier.remove(start);
        List<String> gone = new ArrayList<>();
        for (String id : raised.keys())
            if (Long.parseLong(id.substring(0, id.indexOf('|'))) < cutoffMs) gone.add(id);
        for (String id : gone) raised.remove(id);
    }
}
