package dev.sqlexam.jobs.ask;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.run.RunLog;
import dev.sqlexam.jobs.run.RunManifest;
import dev.sqlexam.jobs.run.Variant;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.pipeline.QuestionPipeline;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code ask}: one question through the exam's stages in this JVM, its trace printed as the stages
 * finish. The question is free text on a database (its SQL runs, nothing to grade), a question of
 * an exam set by id (graded as the exam grades it), or a question an earlier run logged, replayed
 * with that run's variant and logged candidates (no model call).
 */
public final class AskRun {

    /** The run id of an asked question's record. */
    public static final String RUN_ID = "ask";

    /** What to ask ({@link Question}) and how to answer ({@link Output}). */
    public record Request(Question question, Output output) {
        public String text() {
            return question.text();
        }

        public String db() {
            return question.db();
        }

        public String id() {
            return question.id();
        }

        public Path examSet() {
            return question.examSet();
        }

        public Path from() {
            return question.from();
        }

        public Path variant() {
            return question.variant();
        }

        public boolean explainOnly() {
            return output.explainOnly();
        }

        public boolean json() {
            return output.json();
        }

        public boolean showPrompt() {
            return output.showPrompt();
        }

        public int rows() {
            return output.rows();
        }
    }

    /**
     * {@code text} on {@code db}, or question {@code id} of {@code examSet}, or of the run in
     * {@code from}; {@code variant}: a variant file (null: the settings as given).
     */
    public record Question(
            String text, String db, String id, Path examSet, Path from, Path variant) {

        /** A question of the default exam set, by id. */
        public static Question byId(String id) {
            return new Question(null, null, id, null, null, null);
        }

        /** A question in the user's words on {@code db}. */
        public static Question asked(String text, String db) {
            return new Question(text, db, null, null, null, null);
        }
    }

    /**
     * Up to EXPLAIN only, JSON instead of the trace, the prompt shown, and how many result rows are
     * printed.
     */
    public record Output(boolean explainOnly, boolean json, boolean showPrompt, int rows) {}

    /** Exit code of a question that got no answer: the command line's "no result" (4). */
    public static final int NO_ANSWER = 4;

    private AskRun() {}

    /**
     * Asks; returns 0 when the question got an answer (its SQL ran, or was explained), 4 when not
     * (blocked, failed, none written).
     */
    public static int run(Settings settings, Request request, PrintStream out, PrintStream notes)
            throws Exception {
        Asking asking = asking(request);
        ExamQuestion question = asking.question();
        List<ExamQuestion> graded = question == null ? List.of() : List.of(question);
        Set<String> databases =
                question == null && request.db() != null ? Set.of(request.db()) : Set.of();
        try (AskSession session =
                AskSession.open(settings, asking.variant(), graded, databases, notes)) {
            if (question == null)
                question =
                        free(
                                request.text(),
                                request.db() != null ? request.db() : session.defaultDatabase());
            if ("gold".equals(session.generators().name()) && question.goldSql() == null) {
                throw new IllegalArgumentException(
                        "the gold generator needs a question with gold SQL: --id QID of an exam set");
            }
            return answer(session, request, question, asking.variant().name(), out);
        }
    }

    /** The variant a question is asked with, and the question when it comes from a file. */
    private record Asking(Variant variant, ExamQuestion question) {}

    private static Asking asking(Request request) throws Exception {
        if (request.from() != null) return replayed(request);
        Variant variant =
                request.variant() != null ? Variant.read(request.variant()) : Variant.DEFAULT;
        if (request.id() != null) {
            Path set =
                    request.examSet() != null
                            ? request.examSet()
                            : Home.resolve().resolve("exam-sets/erp/erp.jsonl");
            ExamQuestion question = fromExamSet(set, request.id(), request.db());
            if (question == null)
                throw new IllegalArgumentException("no question '" + request.id() + "' in " + set);
            return new Asking(variant, question);
        }
        if (request.text() == null || request.text().isBlank()) {
            throw new IllegalArgumentException(
                    "ask what? give the question in quotes, or --id QID (of --exam-set), or --from"
                            + " RUN_DIR --id QID");
        }
        return new Asking(variant, null);
    }

    /** A question of a logged run, asked again with the run's variant and its logged candidates. */
    private static Asking replayed(Request request) throws Exception {
        if (request.id() == null)
            throw new IllegalArgumentException(
                    "--from needs --id: the question of the run to replay");
        if (request.variant() != null)
            throw new IllegalArgumentException(
                    "--from replays the run's own variant; --variant does not apply");
        ExamRecord logged =
                RunLog.read(request.from()).stream()
                        .filter(r -> r.questionId().equals(request.id()))
                        .findFirst()
                        .orElseThrow(
                                () ->
                                        new IllegalArgumentException(
                                                "run "
                                                        + request.from()
                                                        + " logged no question '"
                                                        + request.id()
                                                        + "'"));
        RunManifest manifest = RunManifest.read(request.from());
        Variant ran =
                manifest.variants().stream()
                        .filter(v -> v.name().equals(logged.variant()))
                        .findFirst()
                        .orElse(Variant.DEFAULT);
        // the run's variant, its candidates from its own log
        Map<String, String> options = new LinkedHashMap<>(ran.options());
        options.put(SqlExamOptions.GENERATOR.key(), "replay");
        options.put(
                SqlExamOptions.REPLAY_LOG.key(),
                request.from().resolve("exam_log.jsonl").toString());
        ExamQuestion question = fromExamSet(manifest.examSetPath(), request.id(), logged.db());
        return new Asking(
                new Variant(ran.name(), ran.description(), options),
                question != null ? question : asLogged(logged));
    }

    /** The question through the session, its trace or its JSON on {@code out}; the exit code. */
    private static int answer(
            AskSession session,
            Request request,
            ExamQuestion question,
            String variant,
            PrintStream out)
            throws Exception {
        AskTrace trace =
                new AskTrace(
                        out,
                        session.generators().settings() == null
                                ? null
                                : session.generators().settings().prompt(),
                        request.showPrompt(),
                        request.rows());
        if (!request.json()) {
            trace.header(
                    question.question(),
                    question.db(),
                    request.id(),
                    variant,
                    session.generators().name(),
                    session.generators().reason());
        }
        QuestionPipeline.Answer answer =
                session.ask(
                        RUN_ID,
                        question,
                        request.explainOnly(),
                        request.json() ? new QuestionPipeline.Listener() {} : trace);
        NlQueryResponse response = NlQueryResponse.of(answer, request.rows());
        if (request.json())
            out.println(
                    answer.record() != null ? Json.write(answer.record()) : Json.write(response));
        else trace.finish(answer, response);
        return "ok".equals(response.status()) || "explained".equals(response.status())
                ? 0
                : NO_ANSWER;
    }

    /** A question of no exam set: nothing to grade, its SQL only runs. */
    public static ExamQuestion free(String text, String db) {
        return ExamQuestion.of("ask", db, text.strip(), null);
    }

    /**
     * Question {@code id} of an exam set (on {@code db} when given and ids repeat across
     * databases), or null.
     */
    static ExamQuestion fromExamSet(Path set, String id, String db) {
        if (!Files.isRegularFile(set)) return null;
        return ExamSetFiles.read(set, null).questions().stream()
                .filter(q -> q.id().equals(id) && (db == null || db.equals(q.db())))
                .findFirst()
                .orElse(null);
    }

    private static ExamQuestion asLogged(ExamRecord r) {
        return ExamQuestion.builder(r.questionId(), r.db(), r.question(), r.goldSql())
                .difficulty(r.difficulty())
                .module(r.module())
                .category(r.category())
                .orderMatters(r.orderMatters())
                .lineNumber(r.lineNumber())
                .build();
    }
}
