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
        String difficulty,
        String category,
        String evidence,
        List<String> goldTables,
        String sqliteGold,
        int sourceIndex) {

    public ImportedQuestion withGoldTables(List<String> tables) {
        return new ImportedQuestion(
                id,
                db,
                question,
                goldSql,
                alternatives,
                difficulty,
                category,
                evidence,
                tables,
                sqliteGold,
                sourceIndex);
    }

    /** The SQLite gold converted with the database's table and column names (lower case). */
    public ImportedQuestion withNames(Set<String> names) {
        if (sqliteGold == null) return this;
        return new ImportedQuestion(
                id,
                db,
                question,
                BenchmarkReaders.fromSqlite(sqliteGold, names),
                alternatives,
                difficulty,
                category,
                evidence,
                goldTables,
                sqliteGold,
                sourceIndex);
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
        if (difficulty != null) out.put("difficulty", difficulty);
        if (category != null) out.put("category", category);
        if (evidence != null && !evidence.isBlank()) out.put("evidence", evidence);
        out.put("source_index", sourceIndex);
        return out;
    }
}
