package dev.sqlexam.jobs.importer;

import dev.sqlexam.benchmarks.BenchmarkReaders;
import dev.sqlexam.benchmarks.ImportedQuestion;
import dev.sqlexam.jobs.run.Home;

import java.nio.file.Path;
import java.util.List;

/** A public benchmark's questions, read from its own files, for an import. */
public final class BenchmarkQuestions {

    private final String benchmark;
    private final List<ImportedQuestion> questions;

    private BenchmarkQuestions(String benchmark, List<ImportedQuestion> questions) {
        this.benchmark = benchmark;
        this.questions = questions;
    }

    /**
     * Spider's dev.json; {@code gold} (null: dev.json's own) a gold file as the official evaluator
     * reads it (SQL, a tab, db_id per line, in dev.json's order).
     */
    public static BenchmarkQuestions spider(Path devJson, Path gold) {
        return new BenchmarkQuestions("spider", withGolds(BenchmarkReaders.spider(devJson), gold));
    }

    /** BIRD's dev.json; {@code gold} as for {@link #spider}. */
    public static BenchmarkQuestions bird(Path devJson, Path gold) {
        return new BenchmarkQuestions("bird", withGolds(BenchmarkReaders.bird(devJson), gold));
    }

    /** defog sql-eval's questions CSV. */
    public static BenchmarkQuestions defog(Path questionsCsv) {
        return new BenchmarkQuestions("defog", BenchmarkReaders.defog(questionsCsv));
    }

    private static List<ImportedQuestion> withGolds(List<ImportedQuestion> questions, Path gold) {
        return gold == null ? questions : BenchmarkReaders.withGolds(questions, gold);
    }

    /** The first {@code limit} questions (null: all). */
    public BenchmarkQuestions first(Integer limit) {
        return limit != null && limit < questions.size()
                ? new BenchmarkQuestions(benchmark, questions.subList(0, limit))
                : this;
    }

    /** Whether the benchmark's databases are SQLite files (Spider, BIRD). */
    public boolean ofSqliteFiles() {
        return benchmark.equals("spider") || benchmark.equals("bird");
    }

    /** spider, bird or defog. */
    public String benchmark() {
        return benchmark;
    }

    public int size() {
        return questions.size();
    }

    /** Where an import writes them unless told: exam-sets/<benchmark>/<benchmark>.jsonl. */
    public Path defaultExamSet() {
        return Home.resolve().resolve("exam-sets").resolve(benchmark).resolve(benchmark + ".jsonl");
    }

    List<ImportedQuestion> questions() {
        return questions;
    }
}
