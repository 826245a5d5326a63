package dev.sqlexam.benchmarks;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One question of a public benchmark, in our exam-set fields; {@code goldTables} is filled later
 * from the gold's plan. {@code sqliteGold}: the gold as the benchmark wrote it for SQLite (null for
 * PostgreSQL benchmarks), converted again once the database's names are known. {@code sourceIndex}:
 * the question's 0-based position in the benchmark's file.
 */
public record ImportedQuestion(
        String id,
        String db,
        String question,
        String goldSql,
        List<String> alternatives,
        Labels labels,
        List<String> goldTables,
        String sqliteGold,
        int sourceIndex) {

    /** What the benchmark says of a question besides its gold (null: nothing). */
    public record Labels(String difficulty, String category, String evidence) {}

    public ImportedQuestion withGoldTables(List<String> tables) {
        return new ImportedQuestion(
                id, db, question, goldSql, alternatives, labels, tables, sqliteGold, sourceIndex);
    }

    /** The same question with another gold: {@code sqlite} as written, {@code sql} as run. */
    public ImportedQuestion withGold(String sql, String sqlite) {
        return new ImportedQuestion(
                id, db, question, sql, alternatives, labels, goldTables, sqlite, sourceIndex);
    }

    /** The SQLite gold converted with the database's table and column names (lower case). */
    public ImportedQuestion withNames(Set<String> names) {
        if (sqliteGold == null) return this;
        return withGold(BenchmarkReaders.fromSqlite(sqliteGold, names), sqliteGold);
    }

    /** The exam-set line (docs/formats.md, "Exam set format"); empty fields are left out. */
    public Map<String, Object> toExamLine() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", id);
        out.put("db", db);
        out.put("question", question);
        out.put("gold_sql", goldSql);
        if (alternatives != null && !alternatives.isEmpty())
            out.put("gold_sql_alternatives", alternatives);
        if (goldTables != null && !goldTables.isEmpty()) out.put("gold_tables", goldTables);
        if (labels.difficulty() != null) out.put("difficulty", labels.difficulty());
        if (labels.category() != null) out.put("category", labels.category());
        if (labels.evidence() != null && !labels.evidence().isBlank())
            out.put("evidence", labels.evidence());
        out.put("source_index", sourceIndex);
        return out;
    }
}
