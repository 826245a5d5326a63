package dev.sqlexam.bench.cli;

import dev.sqlexam.bench.SharingBenchRun;
import dev.sqlexam.jobs.cli.CommonOptions;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code sqlexam bench sharing}: what several variants and runs cost in one job, against one
 * variant in the same sitting.
 */
@Command(
        name = "sharing",
        mixinStandardHelpOptions = true,
        description =
                "Wall time of one exam job with 1 variant, 2 variants that differ only after generation (retrieval and generation "
                        + "shared), and 2 variants × 3 runs, each against the single variant measured in the same sitting (after a warm-up run).")
final class BenchSharing implements Callable<Integer> {

    @Option(
            names = "--exam-set",
            description = "Exam set (JSONL). Default: exam-sets/erp/erp.jsonl.")
    Path examSet;

    @Option(
            names = "--variant",
            paramLabel = "FILE",
            description = "The reference variant. Default: flink-conf/variants/defaults.yaml.")
    Path reference;

    @Option(
            names = "--other",
            paramLabel = "FILE",
            description =
                    "The second variant. Default: flink-conf/variants/no-reranker.yaml "
                            + "(differs only after generation).")
    Path other;

    @Mixin CommonOptions common;

    @Override
    public Integer call() throws Exception {
        new SharingBenchRun(common::settings, examSet, reference, other).run(System.out);
        return 0;
    }
}
