package dev.sqlexam.jobs.assembly;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ReadAccessCheck;
import dev.sqlexam.jobs.run.ExamSetContent;
import dev.sqlexam.model.ExamQuestion;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Where a run's gold SQL comes from: the pre-flight checks that the read-only role may read every
 * table a gold reads, and test suites are built from the golds.
 */
public sealed interface Golds {

    /** The exam set's questions on the databases {@code onServer} holds (null: all). */
    List<ExamQuestion> questions(Set<String> onServer);

    /**
     * The tables the golds read, per database, as the pre-flight checks them (read on its
     * connection to each).
     */
    Map<String, ReadAccessCheck.TablesToCheck> tables(
            JdbcUrlTemplate admin, Set<String> onServer, Set<String> named) throws SQLException;

    /** Whether some question is on a SQLite file. */
    boolean onSqlite();

    static Golds examSet(ExamSetContent content) {
        return new ExamSet(content);
    }

    static Golds of(List<ExamQuestion> questions) {
        return new Questions(List.copyOf(questions));
    }

    /**
     * Questions known once the server's databases are: {@code questionsOn} gives those on the
     * databases it is handed (an import names its SQLite golds' tables as the server spells them).
     */
    static Golds onServer(Function<Set<String>, List<ExamQuestion>> questionsOn) {
        return new OnServer(questionsOn);
    }

    /** No gold (the watch's shadow grades against the app's SQL). */
    static Golds none() {
        return new Questions(List.of());
    }

    /** The golds of an exam set read once. */
    record ExamSet(ExamSetContent content) implements Golds {
        @Override
        public List<ExamQuestion> questions(Set<String> onServer) {
            return content.on(onServer).questions();
        }

        @Override
        public Map<String, ReadAccessCheck.TablesToCheck> tables(
                JdbcUrlTemplate admin, Set<String> onServer, Set<String> named) {
            return Preflight.goldTableReaders(admin, questions(onServer));
        }

        @Override
        public boolean onSqlite() {
            return content.onSqlite();
        }
    }

    /** The golds of questions made for the server's databases. */
    record OnServer(Function<Set<String>, List<ExamQuestion>> questionsOn) implements Golds {
        @Override
        public List<ExamQuestion> questions(Set<String> onServer) {
            return questionsOn.apply(onServer);
        }

        @Override
        public Map<String, ReadAccessCheck.TablesToCheck> tables(
                JdbcUrlTemplate admin, Set<String> onServer, Set<String> named) {
            return Preflight.goldTableReaders(admin, questions(onServer));
        }

        @Override
        public boolean onSqlite() {
            return false;
        }
    }

    /**
     * Questions given one by one; every database named is checked for who reads, with or without
     * gold.
     */
    record Questions(List<ExamQuestion> questions) implements Golds {
        @Override
        public List<ExamQuestion> questions(Set<String> onServer) {
            return questions;
        }

        @Override
        public Map<String, ReadAccessCheck.TablesToCheck> tables(
                JdbcUrlTemplate admin, Set<String> onServer, Set<String> named) {
            Map<String, ReadAccessCheck.TablesToCheck> tables =
                    new TreeMap<>(Preflight.goldTableReaders(admin, questions));
            for (String db : named) tables.putIfAbsent(db, c -> Set.of());
            return tables;
        }

        @Override
        public boolean onSqlite() {
            return questions.stream().anyMatch(ExamQuestion::onSqlite);
        }
    }
}
