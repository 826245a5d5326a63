package dev.sqlexam.jobs.cli;

import dev.sqlexam.jobs.importer.BenchmarkQuestions;
import dev.sqlexam.jobs.importer.ImportRun;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code sqlexam import spider|bird|defog}: a public benchmark as an exam set, its databases loaded
 * and its golds checked.
 */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        description = "Import a public benchmark (Spider, BIRD, defog sql-eval) as an exam set.",
        subcommands = {
            ImportCommand.Spider.class,
            ImportCommand.Bird.class,
            ImportCommand.Defog.class
        })
final class ImportCommand extends CommandGroup {

    /** What every import shares: databases, output, reload. */
    abstract static class Benchmark implements Callable<Integer> {

        @Option(
                names = "--databases",
                description =
                        "Folder of the benchmark's databases: Spider's and BIRD's SQLite files (<db>/<db>.sqlite), "
                                + "registered as they are and graded on SQLite as the official evaluators do; "
                                + "defog's PostgreSQL dumps (<db>.sql plain, <db>.dump custom format), loaded. "
                                + "Without it the databases must exist on the server already.")
        Path databases;

        @Option(
                names = "--write-exam-set",
                description =
                        "The exam set to write (default exam-sets/<benchmark>/<benchmark>.jsonl); the "
                                + "golds with problems are kept, with their findings in gold_health. (--exam-set names an exam set to read elsewhere.)")
        Path examSet;

        /** The earlier spelling of --write-exam-set. */
        @Option(names = "--exam-set", hidden = true)
        void examSet(Path file) {
            examSet = file;
        }

        @Option(
                names = "--replace",
                description =
                        "Drop and reload the databases that already exist. Without it, one that holds the same "
                                + "schema and row counts as its file would load is reused, any other stops the import.")
        boolean replace;

        @Option(names = "--limit", description = "Import only the first N questions.")
        Integer limit;

        @Mixin CommonOptions common;

        /** The benchmark's questions, read from its files. */
        abstract BenchmarkQuestions read();

        /** Whether its SQLite files are loaded into PostgreSQL rather than graded as they are. */
        boolean intoPostgres() {
            return false;
        }

        @Override
        public Integer call() throws Exception {
            BenchmarkQuestions questions = read().first(limit);
            Path target = examSet != null ? examSet : questions.defaultExamSet();
            System.out.printf("import %s: %d questions%n", questions.benchmark(), questions.size());
            if (questions.size() == 0)
                return nothingImported(
                        questions.benchmark(),
                        limit != null && limit <= 0
                                ? "--limit " + limit + " leaves no question"
                                : source() + " holds no question");
            ImportRun.Result result =
                    new ImportRun(common.settings(Map.of()), System.out)
                            .run(questions, databases, target, replace, intoPostgres());
            return result.nothingImported() == null
                    ? ExitCode.DONE.code
                    : nothingImported(questions.benchmark(), result.nothingImported());
        }

        /** The file the questions were read from. */
        abstract Path source();

        /** Says why nothing was imported; the exit code that says so. */
        static int nothingImported(String benchmark, String why) {
            System.err.println(
                    "[sqlexam] import "
                            + benchmark
                            + ": nothing imported: "
                            + why
                            + "; no exam set written");
            return ExitCode.NO_RESULT.code;
        }
    }

    /** Spider and BIRD: a dev.json of questions. */
    abstract static class DevJson extends Benchmark {
        @Option(
                names = "--into-postgres",
                description =
                        "Spider and BIRD: load the SQLite files into PostgreSQL with pgloader and convert "
                                + "their SQL (PostgreSQL semantics; the pipeline's exam runs on this copy) "
                                + "instead of grading on the SQLite files.")
        boolean intoPostgres;

        @Override
        boolean intoPostgres() {
            return intoPostgres;
        }

        @Option(names = "--dev-json", required = true, description = "The benchmark's dev.json.")
        Path devJson;

        @Override
        Path source() {
            return devJson;
        }

        @Option(
                names = "--gold",
                paramLabel = "FILE",
                description =
                        "Golds from the gold file the official evaluator reads (Spider's "
                                + "dev_gold.sql, BIRD's dev.sql: SQL<TAB>db_id per line, in dev.json's order) instead of dev.json's own.")
        Path gold;
    }

    @Command(
            name = "spider",
            mixinStandardHelpOptions = true,
            description = "Spider's dev.json (difficulty by Spider's hardness rules).")
    static final class Spider extends DevJson {
        @Override
        BenchmarkQuestions read() {
            return BenchmarkQuestions.spider(devJson, gold);
        }
    }

    @Command(
            name = "bird",
            mixinStandardHelpOptions = true,
            description = "BIRD's dev.json (evidence and difficulty kept).")
    static final class Bird extends DevJson {
        @Override
        BenchmarkQuestions read() {
            return BenchmarkQuestions.bird(devJson, gold);
        }
    }

    @Command(
            name = "defog",
            mixinStandardHelpOptions = true,
            description =
                    "defog sql-eval's questions CSV ({a, b} and ; expanded into alternatives).")
    static final class Defog extends Benchmark {
        @Option(
                names = "--questions",
                required = true,
                description =
                        "defog's questions CSV (db_name, query_category, question, query, ...).")
        Path questions;

        @Override
        Path source() {
            return questions;
        }

        @Override
        BenchmarkQuestions read() {
            return BenchmarkQuestions.defog(questions);
        }
    }
}
