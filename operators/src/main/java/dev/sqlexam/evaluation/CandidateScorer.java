package dev.sqlexam.evaluation;

import dev.sqlexam.model.ExplainOutcome;
import dev.sqlexam.model.LintIssue;
import dev.sqlexam.model.LintSeverity;
import dev.sqlexam.model.ScoreBreakdown;
import dev.sqlexam.sql.SqlLint;
import dev.sqlexam.sql.SqlReferences;
import dev.sqlexam.sql.SqlText;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Seed 004 §5d's deterministic score and §5e's reranker bonuses, with the seed's tie-breaking:
 * score, then EXPLAIN passed, then fewer lint errors, then generation order.
 */
public final class CandidateScorer {

    /**
     * The schema the candidates were written against: packet tables, their columns, and the FK join
     * conditions.
     */
    public record Schema(
            Set<String> tables,
            Map<String, Set<String>> columns,
            Set<SqlReferences.JoinEquality> joins)
            implements Serializable {}

    /** A candidate as the scorer sees it. */
    public record Scored(
            int index,
            String sql,
            SqlLint.Result lint,
            ExplainOutcome explain,
            ScoreBreakdown score)
            implements Serializable {}

    private CandidateScorer() {}

    public static ScoreBreakdown score(
            String question,
            String sql,
            SqlLint.Result lint,
            ExplainOutcome explain,
            Schema schema,
            boolean reranker) {
        return score(question, sql, lint, explain, schema, reranker, QuestionAgreement.Pool.NONE);
    }

    /**
     * {@code pool}: what the whole candidate pool tells about the question ({@link
     * QuestionAgreement#pool}).
     */
    public static ScoreBreakdown score(
            String question,
            String sql,
            SqlLint.Result lint,
            ExplainOutcome explain,
            Schema schema,
            boolean reranker,
            QuestionAgreement.Pool pool) {
        QuestionIntent intent = QuestionIntent.of(question);
        String upper =
                SqlText.maskQuotedAndComments(sql == null ? "" : sql).toUpperCase(Locale.ROOT);
        SqlReferences refs = SqlReferences.of(sql);
        double lintScore = lintScore(lint);
        double explainScore = explainFactor(explain);
        boolean hasGroup = upper.matches("(?s).*\\bGROUP\\s+BY\\b.*");
        boolean hasOrderLimit =
                upper.matches("(?s).*\\bORDER\\s+BY\\b.*")
                        && upper.matches("(?s).*\\b(LIMIT|FETCH\\s+FIRST)\\b.*");
        double groupBy = intent.grouping() && hasGroup ? 10 : 0;
        double orderLimit = intent.ranking() && hasOrderLimit ? 10 : 0;
        double distinct = intent.distinct() && upper.matches("(?s).*\\bDISTINCT\\b.*") ? 5 : 0;
        double join =
                mentionedTables(question, schema.tables()) >= 2
                                && upper.matches("(?s).*\\bJOIN\\b.*")
                        ? 5
                        : 0;
        double adherence = 0, joinMatch = 0, shape = 0;
        if (reranker) {
            adherence = 15 * adherence(refs, schema);
            joinMatch = joinMatch(refs, schema);
            shape =
                    resultShape(intent, upper, hasGroup)
                            + QuestionAgreement.penalty(question, sql, pool);
        }
        double total =
                100
                        + lintScore
                        + explainScore
                        + groupBy
                        + orderLimit
                        + distinct
                        + join
                        + adherence
                        + joinMatch
                        + shape;
        return ScoreBreakdown.of(100)
                .lint(lintScore)
                .explain(explainScore)
                .groupBy(groupBy)
                .orderLimit(orderLimit)
                .distinct(distinct)
                .join(join)
                .schemaAdherence(round(adherence))
                .joinMatch(round(joinMatch))
                .resultShape(shape)
                .total(round(total))
                .build();
    }

    /** -25 for each lint error, -5 for each warning. */
    private static double lintScore(SqlLint.Result lint) {
        double lintScore = 0;
        for (LintIssue i : lint.issues())
            lintScore += i.severity() == LintSeverity.ERROR ? -25 : -5;
        return lintScore;
    }

    /** 20 times the share of the SQL's join conditions that are the packet's FK joins. */
    private static double joinMatch(SqlReferences refs, Schema schema) {
        return refs.joins().isEmpty()
                ? 0
                : 20.0
                        * refs.joins().stream().filter(schema.joins()::contains).count()
                        / refs.joins().size();
    }

    /** The EXPLAIN factor of a candidate's score: 0 when its plan passed, else -50. */
    public static double explainFactor(ExplainOutcome explain) {
        return explain != null && explain.passed() ? 0 : -50;
    }

    /** Best first, by the seed's tie-breaking. */
    public static List<Scored> rank(List<Scored> candidates) {
        List<Scored> out = new ArrayList<>(candidates);
        out.sort(
                Comparator.comparingDouble((Scored s) -> -s.score().total())
                        .thenComparing(s -> s.explain() == null || !s.explain().passed())
                        .thenComparingLong(s -> s.lint().errorCount())
                        .thenComparingInt(Scored::index));
        return out;
    }

    /**
     * Tables 0.4, columns 0.6: the share of the SQL's tables and qualified columns that exist in
     * the packet.
     */
    static double adherence(SqlReferences refs, Schema schema) {
        if (refs.tables().isEmpty()) return 0;
        double tables =
                (double) refs.tables().stream().filter(t -> schema.tables().contains(t)).count()
                        / refs.tables().size();
        List<SqlReferences.ColumnRef> cols =
                refs.columns().stream().filter(c -> c.table() != null).toList();
        double columns =
                cols.isEmpty()
                        ? tables
                        : (double)
                                        cols.stream()
                                                .filter(
                                                        c ->
                                                                schema.columns()
                                                                        .getOrDefault(
                                                                                c.table(), Set.of())
                                                                        .contains(c.column()))
                                                .count()
                                / cols.size();
        return 0.4 * tables + 0.6 * columns;
    }

    private static double resultShape(QuestionIntent intent, String upper, boolean hasGroup) {
        double shape = 0;
        if (intent.aggregate() != null
                && upper.matches("(?s).*\\b" + intent.aggregate() + "\\s*\\(.*")) shape += 5;
        if (intent.grouping() == hasGroup) shape += 3;
        if (intent.ranking() == upper.matches("(?s).*\\bORDER\\s+BY\\b.*")) shape += 2;
        return shape;
    }

    private static int mentionedTables(String question, Set<String> tables) {
        String q =
                " "
                        + (question == null ? "" : question.toLowerCase(Locale.ROOT))
                                .replaceAll("[^a-z0-9]+", " ")
                        + " ";
        int n = 0;
        for (String t : tables) {
            String words = t.toLowerCase(Locale.ROOT).replace('_', ' ');
            String singular =
                    words.endsWith("ies")
                            ? words.substring(0, words.length() - 3) + "y"
                            : words.endsWith("s") ? words.substring(0, words.length() - 1) : words;
            if (q.contains(" " + words + " ")
                    || q.contains(" " + singular + " ")
                    || q.contains(" " + singular + "s ")) n++;
        }
        return n;
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
