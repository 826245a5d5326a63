package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.exam.ExamRun;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.run.ResumedOptions;
import dev.sqlexam.jobs.run.RunManifest;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.run.Variant;
import dev.sqlexam.jobs.runtime.FlinkTarget;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code sqlexam exam}: run an exam set through the pipeline and grade it. */
@Command(
        name = "exam",
        mixinStandardHelpOptions = true,
        description =
                "Run an exam set through the pipeline, grade every question, write the exam log and summary.")
final class ExamCommand implements Callable<Integer> {

    @Option(
            names = "--exam-set",
            description = "Exam set (JSONL). Default: exam-sets/erp/erp.jsonl.")
    Path examSet;

    @Option(
            names = "--out",
            description = "Folder for run outputs; each run writes <out>/<run-id>/. Default: runs.")
    Path out;

    @Option(
            names = "--generator",
            description = "Who writes the SQL: ${COMPLETION-CANDIDATES}.",
            completionCandidates = GeneratorNames.class)
    String generator;

    @Option(
            names = "--llm-url",
            description =
                    "Model server for openai/ollama: http://host:port/v1 (OpenAI-compatible) or http://host:11434 (Ollama).")
    String llmUrl;

    @Option(names = "--model", description = "Model name on the server (llm_model).")
    String model;

    @Option(
            names = "--runs",
            description =
                    "Repetitions of the exam; the summary gives mean ± std, pass@N and pass^N.")
    Integer runs;

    @Option(
            names = "--variant",
            paramLabel = "FILE",
            description =
                    "A variant file (YAML: name, description, extends, options); "
                            + "repeatable: all variants run in one job on the same questions, the first is the reference. See flink-conf/variants/.")
    List<Path> variants = new ArrayList<>();

    @Option(
            names = "--resume",
            paramLabel = "RUN_DIR",
            description =
                    "Continue a run that was killed: the questions already in its log "
                            + "are not asked again; its exam set, variants and runs come from its run.json, "
                            + "and so do the options that decide its records (generator, model, retrieval, "
                            + "evaluation, grading, query limits), over the environment and under the "
                            + "command line.")
    Path resume;

    @Option(
            names = "--run-id",
            description = "Run id (default: a timestamp). Rerunning an id replaces its rows.")
    String runId;

    @Option(names = "--parallelism", description = "Flink parallelism.")
    Integer parallelism;

    @Mixin CommonOptions common;

    @Mixin ResultOptions results;

    @Mixin TestSuiteOption testSuite;

    @Mixin ClusterOption cluster;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        results.thresholds();
        Map<String, String> extra = new LinkedHashMap<>();
        if (generator != null) extra.put(SqlExamOptions.GENERATOR.key(), generator);
        if (runs != null) extra.put(SqlExamOptions.RUNS.key(), runs.toString());
        if (llmUrl != null) extra.put(SqlExamOptions.LLM_URL.key(), llmUrl);
        if (model != null) extra.put(SqlExamOptions.LLM_MODEL.key(), model);
        if (parallelism != null)
            extra.put(SqlExamOptions.PARALLELISM.key(), parallelism.toString());
        Path home = Home.resolve();
        Path set = examSet != null ? examSet : home.resolve("exam-sets/erp/erp.jsonl");
        Path outRoot = out != null ? out : home.resolve("runs");
        String id = runId;
        List<Variant> defs = new ArrayList<>();
        for (Path file : variants) {
            defs.add(Variant.read(file));
        }
        boolean resuming = resume != null;
        Map<String, String> recorded = Map.of();
        if (resuming) {
            if (!variants.isEmpty() || examSet != null || runId != null || out != null) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(),
                        "--resume continues a run as it was started: its exam set, variants, run id and folder come from its run.json");
            }
            RunManifest manifest = RunManifest.read(resume);
            if (manifest.predictions())
                throw new CommandLine.ParameterException(
                        spec.commandLine(),
                        resume
                                + " is a grade of predictions files, which asks no model: grade"
                                + " them again with ./sqlexam grade");
            set = manifest.examSetPath();
            defs = manifest.variants();
            outRoot = resume.toAbsolutePath().getParent();
            id = manifest.runId();
            if (runs == null)
                extra.put(SqlExamOptions.RUNS.key(), Integer.toString(manifest.runs()));
            recorded = ResumedOptions.of(manifest.provenance());
        }
        if (defs.isEmpty()) defs.add(Variant.DEFAULT);
        var settings = common.settings(testSuite.apply(cluster.apply(extra)), recorded);
        FlinkTarget target = FlinkTarget.of(settings);
        target.prepare(settings.get(SqlExamOptions.PARALLELISM));
        if (!recorded.isEmpty())
            results.console()
                    .printf(
                            "[sqlexam] resuming with the %d options of run.json that decide the records"
                                    + " (generator %s, from %s); an option given now on the command line"
                                    + " overrides its recorded value%n",
                            recorded.size(),
                            settings.get(SqlExamOptions.GENERATOR),
                            settings.sourceOf(SqlExamOptions.GENERATOR));
        RunResult result =
                new ExamRun(settings, set, outRoot, id, results.console(), defs, resuming)
                        .run(target);
        return results.finish(result);
    }

    static final class GeneratorNames extends ArrayList<String> {
        GeneratorNames() {
            super(ExamRun.GENERATORS);
        }
    }
}
