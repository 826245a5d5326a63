package dev.sqlexam.llm;

import dev.sqlexam.config.Choices;
import dev.sqlexam.config.JobFiles;
import dev.sqlexam.config.Secret;
import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;

import java.io.Serializable;
import java.util.List;

/**
 * Which generator a run uses and how to reach its model; operators build the generator from it. The
 * API key is read on the client from the variable {@code apiKeyEnv} names and travels with the job
 * ({@link Secret}); a replay's exam log is read where {@link JobFiles} says.
 */
public record Generators(
        String name,
        ModelServer server,
        ModelGenerator.Settings settings,
        JobFiles replayLog,
        String reason)
        implements Serializable {

    /**
     * The model server a remote generator calls: its address, model, API key (and the variable it
     * was read from), the timeout of one call, and which Ollama endpoint answers.
     */
    public record ModelServer(
            String url,
            String model,
            String apiKeyEnv,
            Secret apiKey,
            long timeoutMs,
            Choices.OllamaEndpoint ollamaEndpoint)
            implements Serializable {

        static final ModelServer NONE = new ModelServer(null, null, null, Secret.NONE, 0, null);

        public ModelServer at(String otherUrl) {
            return new ModelServer(otherUrl, model, apiKeyEnv, apiKey, timeoutMs, ollamaEndpoint);
        }
    }

    public static final List<String> NAMES =
            List.of(
                    "auto",
                    GoldGenerator.NAME,
                    BaselineGenerator.NAME,
                    ReplayGenerator.NAME,
                    "openai",
                    "ollama");

    /**
     * The generator the settings name; {@code auto} is resolved by probing (see {@link
     * GeneratorSelection}).
     */
    public static Generators from(Settings s) {
        String name = s.get(SqlExamOptions.GENERATOR);
        String url = s.get(SqlExamOptions.LLM_URL);
        if (("openai".equals(name) || "ollama".equals(name)) && (url == null || url.isBlank())) {
            throw new IllegalArgumentException(
                    "generator " + name + " needs a model server: --llm-url (or SQLEXAM_LLM_URL)");
        }
        if (ReplayGenerator.NAME.equals(name) && s.get(SqlExamOptions.REPLAY_LOG).isBlank()) {
            throw new IllegalArgumentException(
                    "generator replay needs an exam log: --set replay_log=runs/<run-id>/exam_log.jsonl");
        }
        String keyEnv = s.get(SqlExamOptions.LLM_API_KEY_ENV);
        String replay = s.get(SqlExamOptions.REPLAY_LOG);
        return new Generators(
                name,
                new ModelServer(
                        url,
                        s.get(SqlExamOptions.LLM_MODEL),
                        keyEnv,
                        Secret.fromEnvironment(keyEnv),
                        s.get(SqlExamOptions.LLM_TIMEOUT_MS),
                        s.get(SqlExamOptions.OLLAMA_ENDPOINT)),
                new ModelGenerator.Settings(
                        s.get(SqlExamOptions.MULTI_CANDIDATE_ENABLED),
                        s.get(SqlExamOptions.MULTI_CANDIDATE_K),
                        s.get(SqlExamOptions.MULTI_CANDIDATE_K_EASY),
                        s.get(SqlExamOptions.MULTI_CANDIDATE_K_HARD),
                        s.get(SqlExamOptions.MULTI_CANDIDATE_TIME_BUDGET_MS),
                        s.get(SqlExamOptions.LLM_TEMPERATURE),
                        s.get(SqlExamOptions.LLM_MAX_TOKENS),
                        s.get(SqlExamOptions.LLM_SEED),
                        PromptTemplates.Sections.from(s)),
                replay.isBlank() ? null : JobFiles.local(java.nio.file.Path.of(replay)),
                "chosen with --generator " + name);
    }

    public Generators as(String resolvedName, String why) {
        return new Generators(resolvedName, server, settings, replayLog, why);
    }

    /**
     * The same, with the replay's exam log inside the job, for workers that do not share the
     * client's disk.
     */
    public Generators shipped() {
        if (replayLog == null || replayLog.isShipped()) return this;
        return new Generators(
                name, server, settings, JobFiles.shipped(replayLog.path(), any -> true), reason);
    }

    public static Generators gold() {
        return new Generators(GoldGenerator.NAME, ModelServer.NONE, null, null, "self-check");
    }

    /** Builds the generator, in the task. */
    public SqlGenerator create() {
        return switch (name) {
            case GoldGenerator.NAME -> new GoldGenerator();
            case BaselineGenerator.NAME ->
                    settings == null ? new BaselineGenerator(4) : new BaselineGenerator(settings);
            case ReplayGenerator.NAME ->
                    new ReplayGenerator(
                            ReplayGenerator.read(replayLog.path()),
                            settings == null ? null : settings.prompt());
            case "auto" ->
                    throw new IllegalStateException(
                            "generator auto must be resolved before the job starts");
            case "openai" ->
                    new ModelGenerator(
                            new OpenAiChatClient(
                                    server.url(),
                                    server.model(),
                                    server.apiKey() == null ? null : server.apiKey().value(),
                                    server.timeoutMs(),
                                    RetryPolicy.DEFAULT),
                            settings);
            case "ollama" ->
                    new ModelGenerator(
                            new OllamaChatClient(
                                    server.url(),
                                    server.model(),
                                    server.ollamaEndpoint() == Choices.OllamaEndpoint.GENERATE,
                                    server.timeoutMs(),
                                    RetryPolicy.DEFAULT),
                            settings);
            default ->
                    throw new IllegalArgumentException(
                            "unknown generator '" + name + "'; available: " + NAMES);
        };
    }
}
