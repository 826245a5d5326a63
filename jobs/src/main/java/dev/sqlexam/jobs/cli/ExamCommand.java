package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.ExamRun;
import dev.sqlexam.jobs.Home;
import dev.sqlexam.jobs.RunResult;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code sqlexam exam}: run an exam set through the pipeline and grade it. */
@Command(name = "exam", mixinStandardHelpOptions = true,
        description = "Run an exam set through the pipeline, grade every question, write the exam log and summary.")
final class ExamCommand implements Callable<Integer> {

    @Option(names = "--exam-set", description = "Exam set (JSONL). Default: exam-sets/erp/erp.jsonl.")
    Path examSet;

    @Option(names = "--out", description = "Folder for run outputs; each run writes <out>/<run-id>/. Default: runs.")
    Path out;

    @Option(names = "--generator", description = "Who writes the SQL: ${COMPLETION-CANDIDATES}.", completionCandidates = GeneratorNames.class)
    String generator;

    @Option(names = "--llm-url", description = "Model server for openai/ollama: http://host:port/v1 (OpenAI-compatible) or http://host:11434 (Ollama).")
    String llmUrl;

    @Option(names = "--model", description = "Model name on the server.")
    String model;

    @Option(names = "--runs", description = "Repetitions of the exam; the summary gives mean ± std.")
    Integer runs;

    @Option(names = "--run-id", description = "Run id (default: a timestamp). Rerunning an id replaces its rows.")
    String runId;

    @Option(names = "--parallelism", description = "Flink parallelism.")
    Integer parallelism;

    @Mixin
    CommonOptions common;

    @Override
    public Integer call() throws Exception {
        Map<String, String> extra = new LinkedHashMap<>();
        if (generator != null) extra.put(SqlExamOptions.GENERATOR.key(), generator);
        if (runs != null) extra.put(SqlExamOptions.RUNS.key(), runs.toString());
        if (llmUrl != null) extra.put(SqlExamOptions.LLM_URL.key(), llmUrl);
        if (model != null) extra.put(SqlExamOptions.LLM_MODEL.key(), model);
        if (parallelism != null) extra.put(SqlExamOptions.PARALLELISM.key(), parallelism.toString());
        Path home = Home.resolve();
        Path set = examSet != null ? examSet : home.resolve("exam-sets/erp/erp.jsonl");
        Path outRoot = out != null ? out : home.resolve("runs");
        RunResult result = new ExamRun(common.settings(extra), set, outRoot, runId, System.out)
                .run(StreamExecutionEnvironment.getExecutionEnvironment());
        return result.summary().variants().isEmpty() ? 2 : 0;
    }

    static final class GeneratorNames extends java.util.ArrayList<String> {
        GeneratorNames() {
            super(dev.sqlexam.llm.Generators.NAMES);
        }
    }
}
