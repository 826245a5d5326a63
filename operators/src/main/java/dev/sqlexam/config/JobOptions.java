package dev.sqlexam.config;

import java.util.List;

import static dev.sqlexam.config.OptionRegistry.bounded;
import static dev.sqlexam.config.OptionRegistry.own;
import static dev.sqlexam.config.OptionRegistry.register;

/**
 * The job: generators and model endpoints, parallelism, checkpoints, async limits, outputs, the
 * watch. Part of {@link SqlExamOptions}, the one registry.
 */
public interface JobOptions {
    Option<String> GENERATOR =
            register(
                    new Option<>(
                            "generator",
                            "SQLEXAM_GENERATOR",
                            String.class,
                            "auto",
                            "Who writes the SQL: auto (a configured model server, else an Ollama at localhost:11434 with llm_model, else baseline), "
                                    + "gold (the harness self-check: the gold SQL is the candidate), baseline (offline, rule-based), replay (the "
                                    + "candidates of an earlier exam log, replay_log), openai (an OpenAI-compatible "
                                    + "server at llm_url), ollama (an Ollama server at llm_url).",
                            Option.Step.GENERATE,
                            true,
                            false,
                            List.of("auto", "gold", "baseline", "replay", "openai", "ollama")));
    Option<String> REPLAY_LOG =
            own(
                    "replay_log",
                    "SQLEXAM_REPLAY_LOG",
                    String.class,
                    "",
                    "The exam_log.jsonl whose candidates the replay generator reuses.",
                    Option.Step.GENERATE);
    Option<String> LLM_URL =
            own(
                    "llm_url",
                    "SQLEXAM_LLM_URL",
                    String.class,
                    "",
                    "Model server: the API root of an OpenAI-compatible server (http://host:port/v1) or an Ollama server (http://host:11434).",
                    Option.Step.GENERATE);
    Option<String> LLM_MODEL =
            own(
                    "llm_model",
                    "SQLEXAM_LLM_MODEL",
                    String.class,
                    "qwen2.5-coder:7b",
                    "Model name sent to the server.",
                    Option.Step.GENERATE);
    Option<String> LLM_API_KEY_ENV =
            own(
                    "llm_api_key_env",
                    "SQLEXAM_LLM_API_KEY_ENV",
                    String.class,
                    "OPENAI_API_KEY",
                    "Name of the environment variable holding the API key (the key itself is never logged or stored).",
                    Option.Step.GENERATE);
    Option<Long> LLM_TIMEOUT_MS =
            own(
                    "llm_timeout_ms",
                    "SQLEXAM_LLM_TIMEOUT_MS",
                    Long.class,
                    60_000L,
                    "Timeout of one HTTP call to the model server (retried up to 3 times with backoff).",
                    Option.Step.GENERATE);
    Option<Double> LLM_TEMPERATURE =
            bounded(
                    own(
                            "llm_temperature",
                            "SQLEXAM_LLM_TEMPERATURE",
                            Double.class,
                            0.3,
                            "Sampling temperature (0.3 gives diversity across K candidates).",
                            Option.Step.GENERATE),
                    0,
                    2);
    Option<Integer> LLM_MAX_TOKENS =
            own(
                    "llm_max_tokens",
                    "SQLEXAM_LLM_MAX_TOKENS",
                    Integer.class,
                    1024,
                    "Most tokens a completion may have (num_predict for Ollama).",
                    Option.Step.GENERATE);
    Option<Integer> LLM_SEED =
            own(
                    "llm_seed",
                    "SQLEXAM_LLM_SEED",
                    Integer.class,
                    null,
                    "Sampling seed (candidate i gets seed + i); unset: the server chooses.",
                    Option.Step.GENERATE);
    Option<Long> FK_SUBGRAPH_TTL_MS =
            own(
                    "fk_subgraph_ttl_ms",
                    "SQLEXAM_FK_SUBGRAPH_TTL_MS",
                    Long.class,
                    3_600_000L,
                    "How long the join planner keeps an FK subgraph in keyed state.",
                    Option.Step.PROMPT);
    Option<Choices.OllamaEndpoint> OLLAMA_ENDPOINT =
            register(
                    new Option<>(
                            "ollama_endpoint",
                            "SQLEXAM_OLLAMA_ENDPOINT",
                            Choices.OllamaEndpoint.class,
                            Choices.OllamaEndpoint.CHAT,
                            "Ollama API: chat (/api/chat) or generate (/api/generate).",
                            Option.Step.GENERATE,
                            true,
                            false,
                            Choices.words(Choices.OllamaEndpoint.class)));
    Option<Integer> RUNS =
            bounded(
                    own(
                            "runs",
                            "SQLEXAM_RUNS",
                            Integer.class,
                            1,
                            "Repetitions of the exam in one job; the summary reports mean and standard deviation.",
                            Option.Step.SCHEDULE),
                    1,
                    null);
    Option<Double> COST_PER_1K_PROMPT_TOKENS =
            own(
                    "cost_per_1k_prompt_tokens",
                    "SQLEXAM_COST_PER_1K_PROMPT_TOKENS",
                    Double.class,
                    0.0,
                    "Price of 1,000 prompt tokens, to turn the tokens a variant's model used into a cost (0: not priced).",
                    Option.Step.REPORT);
    Option<Double> COST_PER_1K_COMPLETION_TOKENS =
            own(
                    "cost_per_1k_completion_tokens",
                    "SQLEXAM_COST_PER_1K_COMPLETION_TOKENS",
                    Double.class,
                    0.0,
                    "Price of 1,000 completion tokens (0: not priced). Predictions files' own cost fields are summed as given.",
                    Option.Step.REPORT);
    Option<Integer> R_VES_ITERATIONS =
            bounded(
                    own(
                            "r_ves_iterations",
                            "SQLEXAM_R_VES_ITERATIONS",
                            Integer.class,
                            0,
                            "grade: BIRD's R-VES after grading, timing each prediction whose rows match its gold as sets this many times against the "
                                    + "gold (BIRD uses 100; 0: off).",
                            Option.Step.REPORT),
                    0,
                    1000);
    Option<Long> WATCH_WINDOW_MS =
            bounded(
                    own(
                            "watch_window_ms",
                            "SQLEXAM_WATCH_WINDOW_MS",
                            Long.class,
                            60_000L,
                            "watch: length of the event-time tumbling windows.",
                            Option.Step.JOB),
                    1,
                    null);
    Option<Long> WATCH_OUT_OF_ORDERNESS_MS =
            bounded(
                    own(
                            "watch_out_of_orderness_ms",
                            "SQLEXAM_WATCH_OUT_OF_ORDERNESS_MS",
                            Long.class,
                            30_000L,
                            "watch: how late (in event time) an event may arrive before the watermark passes it.",
                            Option.Step.JOB),
                    0,
                    null);
    Option<Long> WATCH_ALLOWED_LATENESS_MS =
            bounded(
                    own(
                            "watch_allowed_lateness_ms",
                            "SQLEXAM_WATCH_ALLOWED_LATENESS_MS",
                            Long.class,
                            0L,
                            "watch: how long a window still takes late events (its row is updated); later ones go to late.jsonl.",
                            Option.Step.JOB),
                    0,
                    null);
    Option<String> WATCH_ALERT_RULES =
            own(
                    "watch_alert_rules",
                    "SQLEXAM_WATCH_ALERT_RULES",
                    String.class,
                    "flink-conf/alerts.yaml",
                    "watch: the alert rule file (docs/formats.md#alert-rules); relative paths are from the project.",
                    Option.Step.JOB);
    Option<Boolean> WATCH_RETRIEVAL_CHECK =
            own(
                    "watch_retrieval_check",
                    "SQLEXAM_WATCH_RETRIEVAL_CHECK",
                    Boolean.class,
                    true,
                    "watch: check whether sqlexam's retrieval finds the tables the app's SQL reads (table recall per event and window).",
                    Option.Step.JOB);
    Option<Double> WATCH_RETRIEVAL_SAMPLE_RATE =
            bounded(
                    own(
                            "watch_retrieval_sample_rate",
                            "SQLEXAM_WATCH_RETRIEVAL_SAMPLE_RATE",
                            Double.class,
                            1.0,
                            "watch: share of the events whose retrieval is checked (each costs an embedding and a retrieval).",
                            Option.Step.JOB),
                    0,
                    1);
    Option<String> WATCH_CHECKPOINT_DIR =
            own(
                    "watch_checkpoint_dir",
                    "SQLEXAM_WATCH_CHECKPOINT_DIR",
                    String.class,
                    "",
                    "watch: where a following watch keeps its checkpoints (empty: the state folder's checkpoints/, one folder per output folder).",
                    Option.Step.JOB);
    Option<String> FLINK_REST =
            own(
                    "flink_rest",
                    "SQLEXAM_FLINK_REST",
                    String.class,
                    "",
                    "A Flink cluster's REST address (host:port) to submit exam, grade and watch jobs to (--cluster); empty: an in-process "
                            + "MiniCluster.",
                    Option.Step.JOB);
    Option<Integer> PARALLELISM =
            bounded(
                    own(
                            "parallelism",
                            "SQLEXAM_PARALLELISM",
                            Integer.class,
                            2,
                            "Parallelism of the Flink job.",
                            Option.Step.JOB),
                    1,
                    null);
    Option<Integer> ASYNC_CAPACITY =
            bounded(
                    own(
                            "async_capacity",
                            "SQLEXAM_ASYNC_CAPACITY",
                            Integer.class,
                            8,
                            "Questions in flight per async operator instance (generation, execution).",
                            Option.Step.JOB),
                    1,
                    null);
    Option<Long> ASYNC_TIMEOUT_MS =
            bounded(
                    own(
                            "async_timeout_ms",
                            "SQLEXAM_ASYNC_TIMEOUT_MS",
                            Long.class,
                            300_000L,
                            "Time limit for one question in an async operator; past it the question is recorded as infra_failure.",
                            Option.Step.JOB),
                    1,
                    null);
    Option<Long> CHECKPOINT_INTERVAL_MS =
            bounded(
                    own(
                            "checkpoint_interval_ms",
                            "SQLEXAM_CHECKPOINT_INTERVAL_MS",
                            Long.class,
                            5_000L,
                            "Checkpoint interval; the exam log's files are committed on checkpoints (and at the end).",
                            Option.Step.JOB),
                    10,
                    null);
}
