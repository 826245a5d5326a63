package dev.sqlexam.jobs.ask;

import dev.sqlexam.llm.PromptTemplates;
import dev.sqlexam.model.EvaluationTrace;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.GenerationTrace;
import dev.sqlexam.model.PacketTable;
import dev.sqlexam.model.RepairAttempt;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.RetrievalTrace;
import dev.sqlexam.model.ScoreBreakdown;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.pipeline.QuestionPipeline;
import dev.sqlexam.sql.QueryResult;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The readable trace of one asked question, printed stage by stage as the stages finish: the route
 * and why, the retrieved tables with scores and sources, the prompt (its hash and size, or its
 * text), each candidate with its checks and score breakdown, the repairs, the chosen SQL, the first
 * rows, the grade when there is gold, and the time of each stage.
 */
final class AskTrace implements QuestionPipeline.Listener {

    private final PrintStream out;
    private final PromptTemplates.Sections prompt;
    private final boolean showPrompt;
    private final int maxRows;

    AskTrace(PrintStream out, PromptTemplates.Sections prompt, boolean showPrompt, int maxRows) {
        this.out = out;
        this.prompt = prompt == null ? PromptTemplates.Sections.DEFAULT : prompt;
        this.showPrompt = showPrompt;
        this.maxRows = maxRows;
    }

    void header(
            String question, String db, String id, String variant, String generator, String why) {
        out.printf(
                "question   %s%n           database %s%s, variant %s, generator %s (%s)%n",
                question, db, id == null ? "" : ", id " + id, variant, generator, why);
    }

    @Override
    public void retrieved(RetrievalTask t) {
        RetrievalTrace r = t.retrieval();
        StringBuilder conf = new StringBuilder();
        if (t.route() != null)
            t.route()
                    .confidences()
                    .forEach((m, c) -> conf.append(String.format(Locale.ROOT, " %s %.2f", m, c)));
        out.printf(
                "route      %s by %s%s%n",
                t.route() == null || t.route().modules() == null
                        ? "all modules"
                        : t.route().modules(),
                t.route() == null ? "none" : t.route().method(),
                conf.length() == 0 ? "" : "; confidences" + conf);
        if (t.packet() != null) {
            out.printf(
                    "retrieval  %s, %d table(s)%s%n",
                    r == null ? t.packet().strategy() : r.strategy() + " (" + r.retriever() + ")",
                    t.packet().tables().size(),
                    r != null && r.error() != null ? "; error: " + r.error() : "");
            int i = 0;
            for (PacketTable p : t.packet().tables()) {
                out.printf(
                        Locale.ROOT,
                        "  %2d. %-40s %6.3f  %-13s %s%n",
                        ++i,
                        p.name(),
                        p.score(),
                        p.source(),
                        p.module() == null ? "" : p.module());
            }
            if (r != null && r.docStrategy() != null && !"none".equals(r.docStrategy())) {
                out.printf(
                        "           docs: %s%s%n",
                        r.docStrategy(), r.docReason() == null ? "" : " (" + r.docReason() + ")");
            }
            if (r != null && r.v2() != null && r.v2().gold() > 0) {
                out.printf(
                        Locale.ROOT,
                        "           gold tables recalled: %.0f%% (%d of %d)%n",
                        100 * r.v2().recall(),
                        Math.round(r.v2().recall() * r.v2().gold()),
                        r.v2().gold());
            }
        }
        if (t.plan() != null)
            out.printf(
                    "joins      %d path(s)%s%n",
                    t.plan().paths().size(), t.plan().note() == null ? "" : ": " + t.plan().note());
        PromptTemplates.Prompt p =
                PromptTemplates.build(t.task().question(), t.packet(), t.plan(), prompt);
        out.printf(
                "prompt     sha256 %s, %,d characters (system %,d, user %,d)%s%n",
                p.hash().substring(0, Math.min(12, p.hash().length())),
                p.system().length() + p.user().length(),
                p.system().length(),
                p.user().length(),
                showPrompt ? ":" : "; --show-prompt prints it");
        if (showPrompt) {
            out.println(indent("[system]\n" + p.system() + "\n[user]\n" + p.user(), "  | "));
        }
    }

    @Override
    public void generated(GeneratedTask g) {
        GenerationTrace gen = g.generation();
        StageTrace stage = last(g.trace(), "generate");
        out.printf(
                "generate   %s: %d candidate(s)%s%s%n",
                g.generator(),
                g.candidates().size(),
                gen == null
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                ", model %s, k %d, %d prompt + %d completion tokens, %d ms",
                                gen.model(),
                                gen.k(),
                                gen.promptTokens(),
                                gen.completionTokens(),
                                gen.latencyMs()),
                stage != null && !"ok".equals(stage.status())
                        ? "; " + stage.errorClass() + ": " + stage.detail()
                        : "");
    }

    @Override
    public void evaluated(GeneratedTask g) {
        EvaluationTrace e = g.evaluation();
        if (e == null) return;
        for (EvaluationTrace.CandidateEvaluation c : e.candidates()) {
            boolean chosen = e.chosenIndex() != null && e.chosenIndex() == c.index();
            out.printf(
                    "candidate  #%d%s%s%n",
                    c.index() + 1,
                    chosen ? " (chosen)" : "",
                    c.blocked() ? " BLOCKED: " + c.blockReason() : "");
            out.println(indent(c.sql(), "  "));
            if (c.blocked()) continue;
            List<String> checks = new ArrayList<>();
            checks.add(
                    c.validationErrors().isEmpty()
                            ? "validation ok"
                            : "validation: " + String.join("; ", c.validationErrors()));
            if (!c.validationWarnings().isEmpty())
                checks.add("warnings: " + String.join("; ", c.validationWarnings()));
            if (!c.lint().isEmpty())
                checks.add(
                        "lint: "
                                + String.join(
                                        "; ",
                                        c.lint().stream()
                                                .map(l -> l.code() + " " + l.message())
                                                .toList()));
            if (c.explain() != null) {
                checks.add(
                        c.explain().passed()
                                ? String.format(
                                        Locale.ROOT,
                                        "EXPLAIN ok (cost %.1f, ~%.0f rows)",
                                        c.explain().totalCost(),
                                        c.explain().planRows())
                                : "EXPLAIN failed "
                                        + c.explain().sqlstate()
                                        + ": "
                                        + c.explain().error());
            }
            if (c.valueChecks() != null && !c.valueChecks().isEmpty()) {
                checks.add(
                        "values: "
                                + String.join(
                                        ", ",
                                        c.valueChecks().stream()
                                                .map(
                                                        v ->
                                                                v.column()
                                                                        + "="
                                                                        + v.value()
                                                                        + (Boolean.FALSE.equals(
                                                                                        v.found())
                                                                                ? " (not found)"
                                                                                : ""))
                                                .toList()));
            }
            out.println("           " + String.join(" | ", checks));
            if (c.score() != null)
                out.println("           score " + score(c.score()) + ", rank " + c.rank());
        }
        if (e.repair() != null && !e.repair().attempts().isEmpty()) {
            for (RepairAttempt a : e.repair().attempts()) {
                out.printf(
                        "repair     attempt %d by %s %s%s%s%n",
                        a.attempt(),
                        a.method(),
                        a.passed() ? "passed" : "failed",
                        a.deltas().isEmpty() ? "" : " " + a.deltas(),
                        a.error() == null ? "" : ": " + a.error());
                if (a.sqlAfter() != null) out.println(indent(a.sqlAfter(), "  → "));
            }
            out.printf(
                    Locale.ROOT,
                    "           %s, confidence %.2f%n",
                    e.repair().repaired() ? "repaired" : "not repaired",
                    e.repair().confidence());
        }
    }

    void finish(QuestionPipeline.Answer a, NlQueryResponse response) {
        if (response.sql() != null) {
            out.println("chosen SQL");
            out.println(indent(response.sql(), "  "));
        }
        var p = a.prediction();
        if (p == null) {
            out.println("result     not run (--explain-only)");
        } else if (p.outcome() == null) {
            out.println(
                    "result     nothing to run: "
                            + response.status()
                            + (response.error() == null ? "" : " (" + response.error() + ")"));
        } else if (!p.outcome().ok()) {
            out.printf(
                    "result     %s%s: %s%n",
                    p.outcome().errorClass() == null ? "error" : p.outcome().errorClass().code(),
                    p.outcome().sqlstate() == null ? "" : " " + p.outcome().sqlstate(),
                    "error".equals(response.status()) ? response.error() : p.outcome().error());
        } else {
            QueryResult r = p.outcome().result();
            out.printf(
                    "result     %d row(s)%s in %d ms%s%n",
                    r.rowCount(),
                    r.truncated() ? "+ (row cap)" : "",
                    p.ms(),
                    r.rowCount() > maxRows ? ", the first " + maxRows + ":" : ":");
            out.print(table(r, maxRows));
        }
        ExamRecord record = a.record();
        if (record != null) {
            out.printf(
                    "grade      %s (%s)%s%n",
                    record.correct() ? "correct" : "wrong",
                    record.reason(),
                    record.gradeDetail() == null ? "" : ": " + record.gradeDetail());
            out.println("gold SQL");
            out.println(indent(record.goldSql(), "  "));
            if (record.failureType() != null)
                out.println(
                        "failure    "
                                + record.failureType()
                                + (record.failureDetails() == null
                                        ? ""
                                        : ": " + record.failureDetails()));
        } else if (p != null) {
            out.println("grade      not graded: the question has no gold SQL");
        }
        out.printf(
                Locale.ROOT,
                "confidence %.2f; tables used %s%n",
                response.confidence(),
                response.tablesUsed());
        StringBuilder timings = new StringBuilder();
        long total = 0;
        for (StageTrace s : a.trace()) {
            timings.append(
                    String.format(
                            Locale.ROOT,
                            "%s%s %d ms%s",
                            timings.length() == 0 ? "" : ", ",
                            s.stage(),
                            s.durationMs(),
                            "ok".equals(s.status())
                                    ? ""
                                    : " ("
                                            + s.status()
                                            + (s.errorClass() == null ? "" : " " + s.errorClass())
                                            + ")"));
            total += s.durationMs();
        }
        out.println("timings    " + timings + "; total " + total + " ms");
    }

    private static String score(ScoreBreakdown s) {
        Map<String, Double> parts = new LinkedHashMap<>();
        parts.put("base", s.base());
        parts.put("lint", s.lint());
        parts.put("explain", s.explain());
        parts.put("group_by", s.groupBy());
        parts.put("order_limit", s.orderLimit());
        parts.put("distinct", s.distinct());
        parts.put("join", s.join());
        parts.put("schema", s.schemaAdherence());
        parts.put("join_match", s.joinMatch());
        parts.put("shape", s.resultShape());
        parts.put("values", s.valueVerification());
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%.2f =", s.total()));
        parts.forEach(
                (k, v) -> {
                    if (v != 0) sb.append(String.format(Locale.ROOT, " %s %+.2f", k, v));
                });
        return sb.toString();
    }

    static String table(QueryResult r, int maxRows) {
        List<List<String>> cells = new ArrayList<>();
        cells.add(r.columnNames());
        for (List<Object> row : r.rows().subList(0, Math.min(maxRows, r.rows().size()))) {
            cells.add(
                    row.stream()
                            .map(
                                    v ->
                                            v == null
                                                    ? "NULL"
                                                    : clip(
                                                            v instanceof BigDecimal d
                                                                    ? d.toPlainString()
                                                                    : String.valueOf(v)))
                            .toList());
        }
        int[] width = new int[r.columnNames().size()];
        for (List<String> row : cells)
            for (int i = 0; i < width.length && i < row.size(); i++)
                width[i] = Math.max(width[i], row.get(i).length());
        StringBuilder sb = new StringBuilder();
        for (List<String> row : cells) {
            sb.append("  ");
            for (int i = 0; i < width.length && i < row.size(); i++)
                sb.append(i == 0 ? "" : " | ")
                        .append(String.format("%-" + Math.max(1, width[i]) + "s", row.get(i)));
            sb.append(System.lineSeparator());
        }
        return sb.toString();
    }

    private static String clip(String s) {
        String one = s.replace('\n', ' ');
        return one.length() > 40 ? one.substring(0, 39) + "…" : one;
    }

    private static StageTrace last(List<StageTrace> trace, String stage) {
        for (int i = trace.size() - 1; i >= 0; i--)
            if (trace.get(i).stage().equals(stage)) return trace.get(i);
        return null;
    }

    private static String indent(String text, String prefix) {
        return text == null
                ? prefix + "(none)"
                : prefix + text.strip().replace("\n", System.lineSeparator() + prefix);
    }
}
