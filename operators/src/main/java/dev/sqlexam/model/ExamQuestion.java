package dev.sqlexam.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * One question of an exam set, as read from its JSONL line (docs/formats.md, "Exam set format").
 * {@code sourceIndex}: its 0-based position in the benchmark file it was imported from (null when
 * the line gives none), what BIRD's and Spider's predictions files are aligned by. {@code dbFile}:
 * the SQLite file the database is (null: a PostgreSQL database on the run's server); {@code
 * benchmark}: the public benchmark it was imported from ({@code spider}, {@code bird}; null: none),
 * whose official rule grades it beside sqlexam's own.
 */
public record ExamQuestion(
        String id,
        String db,
        String question,
        String goldSql,
        List<String> goldSqlAlternatives,
        List<String> goldTables,
        String difficulty,
        String module,
        String category,
        String evidence,
        Boolean orderMatters,
        long lineNumber,
        String extrasJson,
        String goldTablesError,
        Integer sourceIndex,
        String dbFile,
        String benchmark)
        implements Serializable {

    public ExamQuestion(
            String id,
            String db,
            String question,
            String goldSql,
            List<String> goldSqlAlternatives,
            List<String> goldTables,
            String difficulty,
            String module,
            String category,
            String evidence,
            Boolean orderMatters,
            long lineNumber,
            String extrasJson,
            String goldTablesError,
            Integer sourceIndex) {
        this(
                id,
                db,
                question,
                goldSql,
                goldSqlAlternatives,
                goldTables,
                difficulty,
                module,
                category,
                evidence,
                orderMatters,
                lineNumber,
                extrasJson,
                goldTablesError,
                sourceIndex,
                null,
                null);
    }

    public ExamQuestion(
            String id,
            String db,
            String question,
            String goldSql,
            List<String> goldSqlAlternatives,
            List<String> goldTables,
            String difficulty,
            String module,
            String category,
            String evidence,
            Boolean orderMatters,
            long lineNumber,
            String extrasJson,
            String goldTablesError) {
        this(
                id,
                db,
                question,
                goldSql,
                goldSqlAlternatives,
                goldTables,
                difficulty,
                module,
                category,
                evidence,
                orderMatters,
                lineNumber,
                extrasJson,
                goldTablesError,
                null);
    }

    public ExamQuestion(
            String id,
            String db,
            String question,
            String goldSql,
            List<String> goldSqlAlternatives,
            List<String> goldTables,
            String difficulty,
            String module,
            String category,
            String evidence,
            Boolean orderMatters,
            long lineNumber,
            String extrasJson) {
        this(
                id,
                db,
                question,
                goldSql,
                goldSqlAlternatives,
                goldTables,
                difficulty,
                module,
                category,
                evidence,
                orderMatters,
                lineNumber,
                extrasJson,
                null);
    }

    public ExamQuestion {
        goldSqlAlternatives =
                goldSqlAlternatives == null
                        ? new ArrayList<>()
                        : new ArrayList<>(goldSqlAlternatives);
        goldTables = goldTables == null ? new ArrayList<>() : new ArrayList<>(goldTables);
    }

    /** A question with only its id, database, text and gold (null: none); nothing else known. */
    public static ExamQuestion of(String id, String db, String question, String goldSql) {
        return new ExamQuestion(
                id, db, question, goldSql, List.of(), List.of(), null, null, null, null, null, 0,
                null);
    }

    /**
     * The same question with its gold tables (derived from the gold's plan when the exam set gave
     * none).
     */
    public ExamQuestion withGoldTables(List<String> tables) {
        return new ExamQuestion(
                id,
                db,
                question,
                goldSql,
                goldSqlAlternatives,
                tables,
                difficulty,
                module,
                category,
                evidence,
                orderMatters,
                lineNumber,
                extrasJson,
                null,
                sourceIndex,
                dbFile,
                benchmark);
    }

    /**
     * The same question after its gold tables could not be looked up for a reason of the
     * infrastructure (never the gold's).
     */
    public ExamQuestion withGoldTablesError(String error) {
        return new ExamQuestion(
                id,
                db,
                question,
                goldSql,
                goldSqlAlternatives,
                goldTables,
                difficulty,
                module,
                category,
                evidence,
                orderMatters,
                lineNumber,
                extrasJson,
                error,
                sourceIndex,
                dbFile,
                benchmark);
    }

    /** Whether the question's database is a SQLite file. */
    public boolean onSqlite() {
        return dbFile != null;
    }

    /** The gold query first, then its alternatives. */
    public List<String> allGoldSql() {
        var all = new ArrayList<String>(1 + goldSqlAlternatives.size());
        all.add(goldSql);
        all.addAll(goldSqlAlternatives);
        return all;
    }
}
