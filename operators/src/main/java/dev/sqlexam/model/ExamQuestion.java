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
        return builder(id, db, question, goldSql).build();
    }

    /**
     * The same question with its gold tables (derived from the gold's plan when the exam set gave
     * none).
     */
    public ExamQuestion withGoldTables(List<String> tables) {
        return toBuilder().goldTables(tables).goldTablesError(null).build();
    }

    /**
     * The same question after its gold tables could not be looked up for a reason of the
     * infrastructure (never the gold's).
     */
    public ExamQuestion withGoldTablesError(String error) {
        return toBuilder().goldTablesError(error).build();
    }

    /** A builder holding every field of this question. */
    private Builder toBuilder() {
        return builder(id, db, question, goldSql)
                .goldSqlAlternatives(goldSqlAlternatives)
                .goldTables(goldTables)
                .difficulty(difficulty)
                .module(module)
                .category(category)
                .evidence(evidence)
                .orderMatters(orderMatters)
                .lineNumber(lineNumber)
                .extrasJson(extrasJson)
                .goldTablesError(goldTablesError)
                .sourceIndex(sourceIndex)
                .dbFile(dbFile)
                .benchmark(benchmark);
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

    /**
     * Builds the question {@code id} on {@code db} asking {@code question} with {@code goldSql}
     * (null: none); the rest null, empty or 0 unless set.
     */
    public static Builder builder(String id, String db, String question, String goldSql) {
        return new Builder(id, db, question, goldSql);
    }

    /** Builds an {@link ExamQuestion} by its fields' names. */
    public static final class Builder {
        private final String id;
        private final String db;
        private final String question;
        private final String goldSql;
        private List<String> goldSqlAlternatives = List.of();
        private List<String> goldTables = List.of();
        private String difficulty;
        private String module;
        private String category;
        private String evidence;
        private Boolean orderMatters;
        private long lineNumber;
        private String extrasJson;
        private String goldTablesError;
        private Integer sourceIndex;
        private String dbFile;
        private String benchmark;

        private Builder(String id, String db, String question, String goldSql) {
            this.id = id;
            this.db = db;
            this.question = question;
            this.goldSql = goldSql;
        }

        public Builder goldSqlAlternatives(List<String> value) {
            goldSqlAlternatives = value;
            return this;
        }

        public Builder goldTables(List<String> value) {
            goldTables = value;
            return this;
        }

        public Builder difficulty(String value) {
            difficulty = value;
            return this;
        }

        public Builder module(String value) {
            module = value;
            return this;
        }

        public Builder category(String value) {
            category = value;
            return this;
        }

        public Builder evidence(String value) {
            evidence = value;
            return this;
        }

        public Builder orderMatters(Boolean value) {
            orderMatters = value;
            return this;
        }

        public Builder lineNumber(long value) {
            lineNumber = value;
            return this;
        }

        public Builder extrasJson(String value) {
            extrasJson = value;
            return this;
        }

        public Builder goldTablesError(String value) {
            goldTablesError = value;
            return this;
        }

        public Builder sourceIndex(Integer value) {
            sourceIndex = value;
            return this;
        }

        public Builder dbFile(String value) {
            dbFile = value;
            return this;
        }

        public Builder benchmark(String value) {
            benchmark = value;
            return this;
        }

        public ExamQuestion build() {
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
                    goldTablesError,
                    sourceIndex,
                    dbFile,
                    benchmark);
        }
    }
}
