package dev.sqlexam.jobs.report;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.report.Quantiles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * What the report page draws, as one JSON object: the header and each chart's series taken from
 * summary.json as it is (so the page shows the summary's numbers, not numbers of its own), latency
 * per stage and the question list from the exam log (the earliest run of each question and variant,
 * slimmed to what the trace view shows), and the disagreements.
 */
public final class ReportData {

    static final double Z_95 = 1.959963984540054;
    static final int WORST_PER_CATEGORY = 5;

    /**
     * The question list's entries past which it shows a sample: the page stays a size a browser
     * opens, and building it stays within the client's memory.
     */
    static final int SHOWN_AT_MOST = 5_000;

    private ReportData() {}

    public static ObjectNode of(
            JsonNode summary, Iterable<ExamRecord> records, List<JsonNode> disagreements) {
        return of(summary, records, disagreements, SHOWN_AT_MOST);
    }

    /**
     * As {@link #of(JsonNode, Iterable, List)}, the question list showing at most {@code
     * shownAtMost} entries. {@code records} is read twice, one record at a time.
     */
    static ObjectNode of(
            JsonNode summary,
            Iterable<ExamRecord> records,
            List<JsonNode> disagreements,
            int shownAtMost) {
        RecordsSeen seen = RecordsSeen.of(records);
        QuestionEntries entries =
                QuestionEntries.of(
                        records, seen, shownAtMost, WORST_PER_CATEGORY, ReportData::question);
        ObjectNode data = Json.MAPPER.createObjectNode();
        ObjectNode header = header(summary, seen);
        if (entries.sampled()) {
            header.put("entries", entries.total);
            header.put("entries_shown", entries.shown);
        }
        data.set("header", header);
        ArrayNode variants = data.putArray("variants");
        for (JsonNode v : summary.path("variants")) variants.add(variant(v));
        ArrayNode comparisons = data.putArray("comparisons");
        for (JsonNode c : summary.path("comparisons")) {
            ObjectNode o = comparisons.addObject();
            for (String f :
                    List.of(
                            "a",
                            "b",
                            "paired",
                            "difference",
                            "ci_low",
                            "ci_high",
                            "p_value",
                            "minimum_detectable_effect",
                            "verdict",
                            "both_correct",
                            "only_a",
                            "only_b",
                            "both_wrong")) {
                if (c.has(f)) o.set(f, c.get(f));
            }
        }
        data.set("latency", latency(seen.durations));
        ArrayNode list = data.putArray("disagreements");
        disagreements.forEach(list::add);
        data.set("worst", entries.worst);
        data.set("questions", entries.questions);
        data.set("golds", entries.golds); // once per question, not per variant
        return data;
    }

    private static ObjectNode header(JsonNode summary, RecordsSeen seen) {
        ObjectNode h = Json.MAPPER.createObjectNode();
        for (String f :
                List.of(
                        "run_id",
                        "exam_set",
                        "generator",
                        "generator_reason",
                        "self_check",
                        "rejected_lines",
                        "duration_seconds",
                        "sharing",
                        "disagreements")) {
            if (summary.has(f)) h.set(f, summary.get(f));
        }
        h.put("questions", seen.questions.size());
        h.put("databases", seen.databases.size());
        h.set("generators", Json.MAPPER.valueToTree(seen.generators));
        return h;
    }

    private static ObjectNode variant(JsonNode v) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.set("name", v.get("variant"));
        o.set("description", v.get("description"));
        o.set("differences", v.get("differences"));
        o.set("runs", v.get("runs"));
        JsonNode pq = v.path("per_question");
        double accuracy = pq.path("accuracy").asDouble(v.path("accuracy").asDouble());
        double se =
                pq.path("clusters").asInt() > 1
                        ? pq.path("clustered_standard_error").asDouble()
                        : pq.path("standard_error").asDouble();
        JsonNode overall = v.path("overall");
        if (overall.hasNonNull("spider_accuracy")
                && overall.path("spider_questions").asLong() > 0) {
            // a set imported from Spider: its own rule is the headline, as its leaderboard has it
            long n = overall.path("spider_questions").asLong();
            double spider = overall.path("spider_accuracy").asDouble();
            double[] w = wilson(Math.round(spider * n), n);
            o.put("headline", "EX, Spider's rule");
            o.put("accuracy", spider);
            o.put("ci_low", w[0]);
            o.put("ci_high", w[1]);
        } else {
            o.put("accuracy", accuracy);
            o.put("ci_low", Math.max(0, accuracy - Z_95 * se));
            o.put("ci_high", Math.min(1, accuracy + Z_95 * se));
        }
        ObjectNode ex = o.putObject("ex");
        ex.set("strict", overall.get("accuracy"));
        ex.set("lenient", overall.get("lenient_accuracy"));
        ex.set("non_empty", overall.get("non_empty_accuracy"));
        ex.set("bird", overall.get("bird_accuracy"));
        if (overall.hasNonNull("soft_f1")) ex.set("soft_f1", overall.get("soft_f1"));
        if (overall.hasNonNull("spider_accuracy")) {
            ex.set("spider", overall.get("spider_accuracy"));
            ex.set("spider_healthy", overall.get("spider_accuracy_healthy_golds"));
            o.set("spider_disagreements", overall.get("spider_disagreements"));
        }
        if (overall.hasNonNull("exam_db_accuracy")) {
            ex.set("exam_db", overall.get("exam_db_accuracy"));
            ex.set("suite", overall.get("accuracy"));
            o.set("suite_overturned", overall.get("suite_overturned"));
            o.set("suite_unchecked", overall.get("suite_unchecked"));
        }
        o.set("accuracy_per_run", v.get("accuracy_per_run"));
        for (String group : List.of("by_difficulty", "by_module", "by_category")) {
            ObjectNode out = o.putObject(group);
            for (Iterator<Map.Entry<String, JsonNode>> it = v.path(group).fields();
                    it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                long n = e.getValue().path("gradable").asLong();
                long k = e.getValue().path("correct").asLong();
                double[] w = wilson(k, n);
                out.putObject(e.getKey())
                        .put("accuracy", e.getValue().path("accuracy").asDouble())
                        .put("n", n)
                        .put("ci_low", w[0])
                        .put("ci_high", w[1]);
            }
        }
        o.set("funnel", v.get("funnel"));
        o.set("reasons", v.get("reasons"));
        JsonNode r = v.path("retrieval");
        ObjectNode retrieval = o.putObject("retrieval");
        for (String which : List.of("v1", "v2")) {
            JsonNode t = r.path(which);
            retrieval
                    .putObject(which)
                    .put("precision", t.path("precision").asDouble())
                    .put("recall", t.path("recall").asDouble())
                    .put("f1", t.path("f1").asDouble())
                    .put("full_recall", t.path("full_recall_rate").asDouble())
                    .put("tables", t.path("avg_tables").asDouble())
                    .put("questions", t.path("questions").asLong());
        }
        return o;
    }

    /** The Wilson score 95% interval of k right out of n. */
    static double[] wilson(long k, long n) {
        if (n == 0) return new double[] {0, 0};
        double p = (double) k / n, z2 = Z_95 * Z_95;
        double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
        double half = Z_95 * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
        return new double[] {Math.max(0, centre - half), Math.min(1, centre + half)};
    }

    /**
     * Per variant and stage: min, quartiles, max (a box plot) and p95 of the stage's duration in
     * ms.
     */
    private static ObjectNode latency(Map<String, Map<String, List<Long>>> byVariant) {
        ObjectNode out = Json.MAPPER.createObjectNode();
        byVariant.forEach(
                (variant, stages) -> {
                    ObjectNode v = out.putObject(variant);
                    stages.forEach(
                            (stage, values) -> {
                                List<Long> sorted = new ArrayList<>(values);
                                Collections.sort(sorted);
                                ArrayNode box = v.putObject(stage).putArray("box");
                                for (double q : new double[] {0, 0.25, 0.5, 0.75, 1})
                                    box.add(quantile(sorted, q));
                                ((ObjectNode) v.get(stage))
                                        .put("p95", quantile(sorted, 0.95))
                                        .put("n", sorted.size());
                            });
                });
        return out;
    }

    static long quantile(List<Long> sorted, double q) {
        return Quantiles.ofSorted(sorted, q);
    }

    /** One question under one variant, as the trace view shows it. */
    private static ObjectNode question(ExamRecord r) {
        ObjectNode q = Json.MAPPER.createObjectNode();
        q.put("id", r.questionId())
                .put("db", r.db())
                .put("variant", r.variant())
                .put("question", r.question())
                .put("difficulty", r.difficulty())
                .put("module", r.module())
                .put("correct", r.correct())
                .put("reason", r.reason())
                .put("detail", r.gradeDetail())
                .put("failure_type", r.failureType())
                .put("pred_sql", r.predSql())
                .put("total_ms", r.totalMs());
        if (r.grade().softF1() != null) q.put("soft_f1", r.grade().softF1());
        if (r.grade().suite() != null) q.set("suite", Json.MAPPER.valueToTree(r.grade().suite()));
        if (r.grade().evidence() != null)
            q.set("evidence", Json.MAPPER.valueToTree(r.grade().evidence()));
        ArrayNode stages =
                q.putArray("stages"); // [stage, status, ms, detail, sqlstate]: arrays keep a large
        // run's page small
        for (StageTrace s : r.trace()) {
            stages.addArray()
                    .add(s.stage())
                    .add(s.status())
                    .add(s.durationMs())
                    .add(s.detail())
                    .add(s.sqlstate());
        }
        if (r.retrieval() != null) {
            ObjectNode t = q.putObject("retrieval");
            t.put("strategy", r.retrieval().strategy());
            t.set("tables", Json.MAPPER.valueToTree(r.retrieval().tables()));
            t.set("sources", Json.MAPPER.valueToTree(r.retrieval().sources()));
        }
        if (r.evaluation() != null) {
            ArrayNode candidates = q.putArray("candidates");
            for (var c : r.evaluation().candidates()) {
                ObjectNode o =
                        candidates
                                .addObject()
                                .put("index", c.index())
                                .put("sql", c.sql())
                                .put("rank", c.rank())
                                .put("blocked", c.blocked())
                                .put("block_reason", c.blockReason());
                if (c.score() != null) {
                    ObjectNode score = o.putObject("score");
                    ((ObjectNode) Json.MAPPER.valueToTree(c.score()))
                            .fields()
                            .forEachRemaining(
                                    e -> {
                                        if (e.getValue().asDouble() != 0
                                                || e.getKey().equals("total"))
                                            score.set(e.getKey(), e.getValue());
                                    });
                }
                if (c.explain() != null)
                    o.put("explain", c.explain().passed() ? "passed" : c.explain().error());
            }
            if (r.evaluation().chosenIndex() != null) q.put("chosen", r.evaluation().chosenIndex());
            if (r.evaluation().repair() != null)
                q.set("repair", Json.MAPPER.valueToTree(r.evaluation().repair()));
        }
        if (r.candidateCorrect() != null)
            q.set("candidate_correct", Json.MAPPER.valueToTree(r.candidateCorrect()));
        return q;
    }
}
