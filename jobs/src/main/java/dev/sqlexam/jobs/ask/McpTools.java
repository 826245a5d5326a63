package dev.sqlexam.jobs.ask;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.pipeline.QuestionPipeline;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the MCP server's tools do, in plain Java over one {@link AskSession}: {@code nl_query} asks
 * a question as {@code ask} does, {@code list_databases}, {@code describe_table} (the M-Schema line
 * and glosses the prompt gets), {@code grade_sql} (a question of the loaded exam set and a SQL →
 * its grade and reason, as {@code grade} grades). Arguments come as the client sent them; anything
 * wrong is an {@link IllegalArgumentException} with what to send instead.
 */
public final class McpTools {

    /** Rows an nl_query answers with when the call names no limit, and the most it may ask for. */
    static final int DEFAULT_ROWS = 50;

    static final int MAX_ROWS = 1_000;

    /** A grade_sql answer: the grade, its reason and detail, and the SQL as it ran. */
    public record GradeAnswer(
            String questionId,
            String database,
            String question,
            boolean correct,
            String reason,
            String detail,
            boolean lenientCorrect,
            String lenientReason,
            int goldRows,
            int predRows,
            String errorClass,
            String sqlstate,
            String error,
            String failureType,
            String predSql,
            String goldSql) {}

    /** One database questions may go to, and whether its schema is indexed for retrieval yet. */
    public record DatabaseInfo(String name, int indexedTables) {}

    private final AskSession session;
    private final Path examSet;
    private final Map<String, ExamQuestion> questions;

    public McpTools(AskSession session, Path examSet, List<ExamQuestion> questions) {
        this.session = session;
        this.examSet = examSet;
        this.questions = new LinkedHashMap<>();
        for (ExamQuestion q : questions) this.questions.putIfAbsent(q.id(), q);
    }

    public NlQueryResponse nlQuery(Map<String, Object> args) throws Exception {
        String question = text(args, "question", true);
        String db = text(args, "database", false);
        int rows = number(args, "max_rows", DEFAULT_ROWS);
        if (rows < 0 || rows > MAX_ROWS)
            throw new IllegalArgumentException(
                    "max_rows must be between 0 and " + MAX_ROWS + ", not " + rows);
        boolean explainOnly = Boolean.TRUE.equals(args.get("explain_only"));
        ExamQuestion q = AskRun.free(question, db != null ? db : session.defaultDatabase());
        QuestionPipeline.Answer answer =
                session.ask(AskRun.RUN_ID, q, explainOnly, new QuestionPipeline.Listener() {});
        return NlQueryResponse.of(answer, rows);
    }

    public List<DatabaseInfo> listDatabases() throws Exception {
        List<DatabaseInfo> out = new ArrayList<>();
        session.tables()
                .counts(session.databases())
                .forEach((db, tables) -> out.add(new DatabaseInfo(db, tables)));
        return out;
    }

    public TableDescriptions.Description describeTable(Map<String, Object> args) throws Exception {
        String db = text(args, "database", false);
        return session.tables()
                .describe(db != null ? db : session.defaultDatabase(), text(args, "table", true));
    }

    public GradeAnswer gradeSql(Map<String, Object> args) {
        String id = text(args, "question_id", true);
        String sql = text(args, "sql", true);
        ExamQuestion q = questions.get(id);
        if (q == null) {
            throw new IllegalArgumentException(
                    "no question '"
                            + id
                            + "' in the loaded exam set "
                            + examSet
                            + " ("
                            + questions.size()
                            + " questions, e.g. "
                            + String.join(", ", questions.keySet().stream().limit(5).toList())
                            + ")");
        }
        ExamRecord r = session.grade(AskRun.RUN_ID, q, sql, "grade_sql");
        return new GradeAnswer(
                r.questionId(),
                r.db(),
                r.question(),
                r.correct(),
                r.reason(),
                r.gradeDetail(),
                r.lenientCorrect(),
                r.lenientReason(),
                r.goldRows(),
                r.predRows(),
                r.errorClass(),
                r.sqlstate(),
                r.error(),
                r.failureType(),
                r.predSql(),
                r.goldSql());
    }

    private static String text(Map<String, Object> args, String name, boolean required) {
        Object v = args == null ? null : args.get(name);
        if (v == null || (v instanceof String s && s.isBlank())) {
            if (required) throw new IllegalArgumentException("missing argument '" + name + "'");
            return null;
        }
        if (!(v instanceof String s))
            throw new IllegalArgumentException(
                    "argument '" + name + "' must be a string, not " + v);
        return s;
    }

    private static int number(Map<String, Object> args, String name, int otherwise) {
        Object v = args == null ? null : args.get(name);
        if (v == null) return otherwise;
        if (v instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()))
            return n.intValue();
        throw new IllegalArgumentException(
                "argument '" + name + "' must be a whole number, not " + v);
    }
}
