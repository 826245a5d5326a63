package dev.sqlexam.flink;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.QueryLogEvent;
import dev.sqlexam.sql.SqlGuard;
import dev.sqlexam.watch.EventEvaluator;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.util.Collector;

/**
 * The shadow evaluation's questions: a sampled share of the events whose SQL ran in the app and
 * passes the guard, each as an exam question whose reference is the app's own SQL, so that the
 * exam's grader says whether sqlexam's pipeline agrees with the app (no gold needed). The event's
 * identity, app, prompt version and time ride along in the extras.
 */
public final class ShadowQuestions implements FlatMapFunction<QueryLogEvent, ExamQuestion> {

    public static final String CATEGORY = "shadow";
    private final double rate;

    public ShadowQuestions(double rate) {
        this.rate = rate;
    }

    @Override
    public void flatMap(QueryLogEvent e, Collector<ExamQuestion> out) {
        if (e.failedInTheApp()
                || !EventEvaluator.sampled(e, rate)
                || !SqlGuard.check(e.sql()).allowed()) return;
        ObjectNode extras =
                Json.MAPPER
                        .createObjectNode()
                        .put("app", e.app())
                        .put("prompt_version", e.promptVersion())
                        .put("event_time_ms", e.eventTimeMs())
                        .put("source", e.source())
                        .put("position", e.position());
        out.collect(
                ExamQuestion.builder(e.source() + "@" + e.position(), e.db(), e.question(), e.sql())
                        .category(CATEGORY)
                        .lineNumber(e.position())
                        .extrasJson(extras.toString())
                        .build());
    }
}
