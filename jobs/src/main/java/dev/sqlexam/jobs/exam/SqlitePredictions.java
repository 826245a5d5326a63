package dev.sqlexam.jobs.exam;

import dev.sqlexam.benchmarks.BenchmarkReaders;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.jobs.run.DatabaseNames;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.predictions.Prediction;
import dev.sqlexam.predictions.PredictionsFile;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * SQLite predictions made to mean on PostgreSQL what they meant on SQLite, with each database's
 * names; predictions for questions on a SQLite file run as written.
 */
record SqlitePredictions(JdbcUrlTemplate admin, List<ExamQuestion> questions) {

    /** Whether any question of the set is on a database of the server (the others are SQLite). */
    boolean anyOnServer() {
        return questions.stream().anyMatch(q -> !q.onSqlite());
    }

    /** The file's predictions, those for questions on the server converted; the rest as written. */
    PredictionsFile.Loaded convert(PredictionsFile.Loaded file) {
        Map<String, String> dbOf = new HashMap<>();
        Set<String> onSqlite = new java.util.HashSet<>();
        questions.forEach(
                q -> {
                    dbOf.put(q.id(), q.db());
                    if (q.onSqlite()) onSqlite.add(q.id());
                });
        Map<String, Set<String>> names = new HashMap<>();
        Map<String, Prediction> out = new LinkedHashMap<>();
        file.byId()
                .forEach(
                        (id, p) -> {
                            if (onSqlite.contains(id)) {
                                out.put(id, p);
                                return;
                            }
                            Set<String> n = names.computeIfAbsent(dbOf.get(id), this::namesOf);
                            out.put(
                                    id,
                                    new Prediction(
                                            p.questionId(),
                                            BenchmarkReaders.fromSqlite(p.sql(), n),
                                            p.system(),
                                            p.latencyMs(),
                                            p.promptTokens(),
                                            p.completionTokens(),
                                            p.cost(),
                                            p.line()));
                        });
        return file.withPredictions(out);
    }

    /** The database's names; null where it cannot be read, and the conversion guesses without. */
    private Set<String> namesOf(String db) {
        try {
            return DatabaseNames.of(admin, db);
        } catch (RuntimeException unreadable) {
            // the question's database is not there: its line is rejected
            return null;
        }
    }
}
