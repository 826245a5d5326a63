package dev.sqlexam.bench;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.ServerProbe;
import dev.sqlexam.grading.Tolerance;
import dev.sqlexam.jobs.assembly.Preflight;
import dev.sqlexam.model.ExamQuestion;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** The databases an exam set asks about, opened for the benchmarks of the evaluation stage. */
record BenchDatabases(Map<String, BenchDatabase> byName) implements AutoCloseable {

    static BenchDatabases open(Settings settings, List<ExamQuestion> questions) throws Exception {
        JdbcUrlTemplate admin = new JdbcUrlTemplate(settings.get(SqlExamOptions.JDBC_URL));
        ReaderAccess reader =
                Preflight.reader(
                        settings,
                        admin,
                        ServerProbe.of(admin, questions.stream().map(ExamQuestion::db).toList()));
        Tolerance tolerance = Tolerance.from(settings);
        Map<String, BenchDatabase> out = new LinkedHashMap<>();
        for (String db : new TreeSet<>(questions.stream().map(ExamQuestion::db).toList())) {
            out.put(
                    db,
                    new BenchDatabase(
                            admin,
                            reader,
                            db,
                            settings.get(SqlExamOptions.STATEMENT_TIMEOUT_MS),
                            settings.get(SqlExamOptions.MULTI_CANDIDATE_EXPLAIN_TIMEOUT_MS),
                            settings.get(SqlExamOptions.ROW_CAP),
                            tolerance));
        }
        return new BenchDatabases(out);
    }

    @Override
    public void close() {
        byName.values().forEach(BenchDatabase::close);
    }
}
