package dev.sqlexam.bench.cli;

import dev.sqlexam.bench.RepairBenchRun;
import dev.sqlexam.bench.RetrievalBenchRun;
import dev.sqlexam.bench.SelectBenchRun;
import dev.sqlexam.config.Settings;
import dev.sqlexam.jobs.cli.CommandGroup;
import dev.sqlexam.jobs.cli.CommonOptions;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code sqlexam bench ...}: benchmarks that print tables. */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = "Benchmarks that print tables.",
        subcommands = {
            BenchCommand.Retrieval.class,
            BenchCommand.Repair.class,
            BenchCommand.Select.class,
            BenchSharing.class,
            BenchWatch.class,
            BenchThroughput.class
        })
final class BenchCommand extends CommandGroup {

    @Command(
            name = "retrieval",
            mixinStandardHelpOptions = true,
            description =
                    "Latency of every retrieval stage (p50/p95/max after warm-up) beside an exact brute-force top-K, "
                            + "and retrieval quality (P/R/F1, full recall, tables per question) of V1 and V2 over an exam set.")
    static final class Retrieval implements Callable<Integer> {

        @Option(
                names = "--db",
                defaultValue = "erp",
                description =
                        "Database to retrieve from (default ${DEFAULT-VALUE}); erp_large runs the ERP questions at scale.")
        String db;

        @Option(
                names = "--exam-set",
                description = "Questions (JSONL). Default: exam-sets/erp/erp.jsonl.")
        Path examSet;

        @Mixin CommonOptions common;

        @Override
        public Integer call() throws Exception {
            new RetrievalBenchRun(common.settings(Map.of()), db, examSet).run(System.out);
            return 0;
        }
    }

    /** A benchmark over the gold queries of an exam set, on the databases it asks about. */
    abstract static class OverExamSet implements Callable<Integer> {

        @Option(
                names = "--exam-set",
                description = "Exam set (JSONL). Default: exam-sets/erp/erp.jsonl.")
        Path examSet;

        @Option(
                names = "--show-failures",
                description =
                        "Also list every case the benchmark counts as a failure, with its SQL.")
        boolean showFailures;

        @Mixin CommonOptions common;

        @Override
        public final Integer call() throws Exception {
            run(common.settings(Map.of()));
            return 0;
        }

        abstract void run(Settings settings) throws Exception;
    }

    @Command(
            name = "repair",
            mixinStandardHelpOptions = true,
            description =
                    "Injects typical model mistakes into every gold query, runs only the deterministic repairs, and reports "
                            + "per mistake type: restored / executes but wrong / not fixed; plus correct queries PG normalization turns wrong.")
    static final class Repair extends OverExamSet {
        @Override
        void run(Settings settings) throws Exception {
            new RepairBenchRun(settings, examSet, showFailures).run(System.out);
        }
    }

    @Command(
            name = "select",
            mixinStandardHelpOptions = true,
            description =
                    "Pools of each gold query plus corrupted variants in shuffled order: how often scoring + rerank selects "
                            + "a result-correct candidate, beside picking at random.")
    static final class Select extends OverExamSet {

        @Option(
                names = "--seed",
                defaultValue = "42",
                description = "Shuffle seed (default ${DEFAULT-VALUE}).")
        long seed;

        @Option(
                names = "--pool-size",
                defaultValue = "6",
                description = "Candidates per pool, the gold included (default ${DEFAULT-VALUE}).")
        int poolSize;

        @Override
        void run(Settings settings) throws Exception {
            new SelectBenchRun(settings, examSet, showFailures, seed, poolSize).run(System.out);
        }
    }
}
