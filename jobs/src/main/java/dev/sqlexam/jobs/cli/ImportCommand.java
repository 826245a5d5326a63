package dev.sqlexam.jobs.cli;

import dev.sqlexam.benchmarks.BenchmarkReaders;
import dev.sqlexam.benchmarks.ImportedQuestion;
import dev.sqlexam.jobs.importer.ImportRun;
import dev.sqlexam.jobs.run.Home;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.List;
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
                        "Folder of the benchmark's databases: SQLite files (<db>/<db>.sqlite, loaded with "
                                + "pgloader) or PostgreSQL dumps (<db>.sql plain, <db>.dump custom format). Without it the databases must exist already.")
        Path databases;

        @Option(
                names = "--write-exam-set",
                description =
                        "The exam set to write (default exam-sets/<benchmark>/<benchmark>.jsonl); the "
                                + "questions left out go to <name>.quarantine.jsonl beside it. (--exam-set names an exam set to read elsewhere.)")
        Path examSet;

        /** The earlier spelling of --write-exam-set. */
        @Option(names = "--exam-set", hidden = true)
        void examSet(Path file) {
            examSet = file;
        }

        @Option(names = "--replace", description = "Reload databases that already exist.")
        boolean replace;

        @Option(names = "--limit", description = "Import only the first N questions.")
        Integer limit;

        @Mixin CommonOptions common;

        abstract String name();

        abstract List<ImportedQuestion> read();

        @Override
        public Integer call() throws Exception {
            List<ImportedQuestion> questions = read();
            if (limit != null && limit < questions.size()) questions = questions.subList(0, limit);
            Path target =
                    examSet != null
                            ? examSet
                            : Home.resolve()
                                    .resolve("exam-sets")
                                    .resolve(name())
                                    .resolve(name() + ".jsonl");
            System.out.printf("import %s: %d questions%n", name(), questions.size());
            new ImportRun(common.settings(Map.of()), System.out)
                    .run(questions, databases, target, replace);
            return 0;
        }
    }

    /** Spider and BIRD: a dev.json of questions. */
    abstract static class DevJson extends Benchmark {
        @Option(names = "--dev-json", required = true, description = "The benchmark's dev.json.")
        Path devJson;

        @Option(
                names = "--gold",
                paramLabel = "FILE",
                description =
                        "Golds from the gold file the official evaluator reads (Spider's "
                                + "dev_gold.sql, BIRD's dev.sql: SQL<TAB>db_id per line, in dev.json's order) instead of dev.json's own.")
        Path gold;

        abstract List<ImportedQuestion> questions();

        List<ImportedQuestion> read() {
            List<ImportedQuestion> questions = questions();
            return gold == null ? questions : BenchmarkReaders.withGolds(questions, gold);
        }
    }

    @Command(
            name = "spider",
            mixinStandardHelpOptions = true,
            description = "Spider's dev.json (difficulty by Spider's hardness rules).")
    static final class Spider extends DevJson {
        String name() {
            return "spider";
        }

        List<ImportedQuestion> questions() {
            return BenchmarkReaders.spider(devJson);
        }
    }

    @Command(
            name = "bird",
            mixinStandardHelpOptions = true,
            description = "BIRD's dev.json (evidence and difficulty kept).")
    static final class Bird extends DevJson {
        String name() {
            return "bird";
        }

        List<ImportedQuestion> questions() {
            return BenchmarkReaders.bird(devJson);
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

        String name() {
            return "defog";
        }

        List<ImportedQuestion> read() {
            return BenchmarkReaders.defog(questions);
        }
    }
}
