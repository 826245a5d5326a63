package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.run.Variant;

import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Who answers a question asked one at a time (ask, mcp): a variant file, the generator and its
 * model server.
 */
final class GeneratorOptions {

    @Option(
            names = "--variant",
            paramLabel = "FILE",
            description = "A variant file (YAML: name, description, extends, options).")
    Path variant;

    @Option(
            names = "--generator",
            description = "Who writes the SQL: ${COMPLETION-CANDIDATES}.",
            completionCandidates = ExamCommand.GeneratorNames.class)
    String generator;

    @Option(
            names = "--llm-url",
            description =
                    "Model server for openai/ollama: http://host:port/v1 (OpenAI-compatible) or http://host:11434 (Ollama).")
    String llmUrl;

    @Option(names = "--model", description = "Model name on the server (llm_model).")
    String model;

    /** The options these flags set, for {@link CommonOptions#settings}. */
    Map<String, String> overrides() {
        Map<String, String> extra = new LinkedHashMap<>();
        if (generator != null) extra.put(SqlExamOptions.GENERATOR.key(), generator);
        if (llmUrl != null) extra.put(SqlExamOptions.LLM_URL.key(), llmUrl);
        if (model != null) extra.put(SqlExamOptions.LLM_MODEL.key(), model);
        return extra;
    }

    /** The variant file's variant, or the settings as given. */
    Variant variantOrDefault() {
        return variant == null ? Variant.DEFAULT : Variant.read(variant);
    }
}
