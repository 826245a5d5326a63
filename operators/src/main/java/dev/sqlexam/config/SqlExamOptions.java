package dev.sqlexam.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Every option sqlexam reads, in one place; docs/options.md's table is generated from it. */
public final class SqlExamOptions {

    private static final List<Option<?>> ALL = new ArrayList<>();

    // --- where things are: read before any other setting, from -Dsqlexam.<key> (dots for
    // underscores), else the variable;
    // a config file or --set cannot change them
    public static final Option<String> HOME =
            own(
                    "home",
                    "SQLEXAM_HOME",
                    String.class,
                    "",
                    "The project folder (migrations, exam sets, flink-conf). Empty: the first folder up from the working directory that has "
                            + "migrations/ and exam-sets/. Also -Dsqlexam.home (read before the settings: not from a config file or --set).",
                    Option.Stage.JOB);
    public static final Option<String> STATE =
            own(
                    "state",
                    "SQLEXAM_STATE_DIR",
                    String.class,
                    "",
                    "The state folder: the private PostgreSQL cluster, Kafka, the Flink cluster, checkpoints. Empty: .sqlexam in the project "
                            + "folder. Also -Dsqlexam.state (read before the settings: not from a config file or --set).",
                    Option.Stage.JOB);
    public static final Option<String> CLUSTER_JAR =
            own(
                    "cluster_jar",
                    "SQLEXAM_CLUSTER_JAR",
                    String.class,
                    "",
                    "The job jar uploaded to a Flink cluster (--cluster). Empty: sqlexam-cluster.jar beside the running jar, else the "
                            + "checkout's jobs/target. Also -Dsqlexam.cluster.jar (read before the settings: not from a config file or --set).",
                    Option.Stage.JOB);
    public static final Option<Integer> FLINK_REST_PORT =
            bounded(
                    own(
                            "flink_rest_port",
                            "SQLEXAM_FLINK_REST_PORT",
                            Integer.class,
                            8081,
                            "REST port of the Flink cluster ./sqlexam cluster up starts on loopback (what --cluster without a value reaches); read "
                                    + "before the settings: not from a config file or --set.",
                            Option.Stage.JOB),
                    1,
                    65_535);

    // --- database and execution
    public static final Option<String> JDBC_URL =
            own(
                    "jdbc_url",
                    "SQLEXAM_JDBC_URL",
                    String.class,
                    "jdbc:postgresql://127.0.0.1:55432/{db}?user=sqlexam",
                    "Server to run on; {db} is replaced by each question's db. It is only read; sqlexam's state stays in the private cluster unless state_url is set too.",
                    Option.Stage.EXECUTE);
    public static final Option<String> STATE_URL =
            own(
                    "state_url",
                    "SQLEXAM_STATE_URL",
                    String.class,
                    "",
                    "Server holding sqlexam's own state (runs, results, metrics, the retrieval index, the watch's tables) in its results_db "
                            + "database. Empty: the private cluster the scripts start (127.0.0.1, SQLEXAM_PG_PORT), so that the server of "
                            + "jdbc_url is only read. Give jdbc_url's value to keep the state on that server.",
                    Option.Stage.SINKS);
    public static final Option<String> RESULTS_DB =
            own(
                    "results_db",
                    "SQLEXAM_RESULTS_DB",
                    String.class,
                    "sqlexam",
                    "Database of the state server holding sqlexam's own tables (runs, results, metrics, retrieval index).",
                    Option.Stage.SINKS);
    public static final Option<String> READER_PASSWORD =
            register(
                    new Option<>(
                            "reader_password",
                            "SQLEXAM_READER_PASSWORD",
                            String.class,
                            "",
                            "Password of the sqlexam_reader role on servers that need one. Never logged.",
                            Option.Stage.EXECUTE,
                            true,
                            true,
                            List.of()));
    public static final Option<Choices.Reader> READER =
            register(
                    new Option<>(
                            "reader",
                            "SQLEXAM_READER",
                            Choices.Reader.class,
                            Choices.Reader.ROLE,
                            "Who runs gold and candidate SQL: role (sqlexam's read-only role sqlexam_reader, granted read access by the pre-flight "
                                    + "check where the connecting user may grant) or connecting-user (the URL's user, in read-only transactions; "
                                    + "nothing is granted). The guard and the read-only transactions apply either way.",
                            Option.Stage.EXECUTE,
                            true,
                            false,
                            Choices.words(Choices.Reader.class)));
    public static final Option<Boolean> GRANT_READ_ACCESS =
            own(
                    "grant_read_access",
                    "SQLEXAM_GRANT_READ_ACCESS",
                    Boolean.class,
                    true,
                    "Let the pre-flight check grant the reader what it lacks (CONNECT, USAGE and SELECT on the exam's databases only). "
                            + "false: stop instead, naming the statements an administrator must run.",
                    Option.Stage.EXECUTE);
    public static final Option<Integer> MAX_CONNECTIONS_PER_SERVER =
            bounded(
                    own(
                            "max_connections_per_server",
                            "SQLEXAM_MAX_CONNECTIONS_PER_SERVER",
                            Integer.class,
                            32,
                            "Most connections the job holds on one server at a time, shared by every pool of a process; lowered at start to what the "
                                    + "server's free slots and the reader role's connection limit allow.",
                            Option.Stage.EXECUTE),
                    1,
                    null);
    public static final Option<Long> CONNECTION_TIMEOUT_MS =
            bounded(
                    own(
                            "connection_timeout_ms",
                            "SQLEXAM_CONNECTION_TIMEOUT_MS",
                            Long.class,
                            10_000L,
                            "How long opening one connection (or waiting for a free one in the budget) may take.",
                            Option.Stage.EXECUTE),
                    1,
                    null);
    public static final Option<Long> CONNECTION_RETRY_MS =
            bounded(
                    own(
                            "connection_retry_ms",
                            "SQLEXAM_CONNECTION_RETRY_MS",
                            Long.class,
                            30_000L,
                            "How long a query waits for a server that went away (restart, lost connection, too many "
                                    + "connections) before its question is an infra_failure.",
                            Option.Stage.EXECUTE),
                    0,
                    null);
    public static final Option<Long> STATEMENT_TIMEOUT_MS =
            bounded(
                    own(
                            "statement_timeout_ms",
                            "SQLEXAM_STATEMENT_TIMEOUT_MS",
                            Long.class,
                            10_000L,
                            "Server-side statement_timeout for every gold and candidate query.",
                            Option.Stage.EXECUTE),
                    1,
                    null);
    public static final Option<Integer> ROW_CAP =
            bounded(
                    own(
                            "row_cap",
                            "SQLEXAM_ROW_CAP",
                            Integer.class,
                            100_000,
                            "Most rows read from one result; a larger result is graded row_cap_exceeded.",
                            Option.Stage.EXECUTE),
                    1,
                    null);
    public static final Option<Double> TOLERANCE_RELATIVE =
            bounded(
                    own(
                            "float_tolerance",
                            "SQLEXAM_FLOAT_TOLERANCE",
                            Double.class,
                            1e-6,
                            "Relative tolerance for non-integer numbers when grading.",
                            Option.Stage.GRADE),
                    0,
                    null);
    public static final Option<Double> TOLERANCE_ABSOLUTE =
            bounded(
                    own(
                            "float_tolerance_abs",
                            "SQLEXAM_FLOAT_TOLERANCE_ABS",
                            Double.class,
                            1e-9,
                            "Absolute tolerance for non-integer numbers when grading.",
                            Option.Stage.GRADE),
                    0,
                    null);

    // --- the job
    public static final Option<String> GENERATOR =
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
                            Option.Stage.GENERATE,
                            true,
                            false,
                            List.of("auto", "gold", "baseline", "replay", "openai", "ollama")));
    public static final Option<String> REPLAY_LOG =
            own(
                    "replay_log",
                    "SQLEXAM_REPLAY_LOG",
                    String.class,
                    "",
                    "The exam_log.jsonl whose candidates the replay generator reuses.",
                    Option.Stage.GENERATE);
    public static final Option<String> LLM_URL =
            own(
                    "llm_url",
                    "SQLEXAM_LLM_URL",
                    String.class,
                    "",
                    "Model server: the API root of an OpenAI-compatible server (http://host:port/v1) or an Ollama server (http://host:11434).",
                    Option.Stage.GENERATE);
    public static final Option<String> LLM_MODEL =
            own(
                    "llm_model",
                    "SQLEXAM_LLM_MODEL",
                    String.class,
                    "qwen2.5-coder:7b",
                    "Model name sent to the server.",
                    Option.Stage.GENERATE);
    public static final Option<String> LLM_API_KEY_ENV =
            own(
                    "llm_api_key_env",
                    "SQLEXAM_LLM_API_KEY_ENV",
                    String.class,
                    "OPENAI_API_KEY",
                    "Name of the environment variable holding the API key (the key itself is never logged or stored).",
                    Option.Stage.GENERATE);
    public static final Option<Long> LLM_TIMEOUT_MS =
            own(
                    "llm_timeout_ms",
                    "SQLEXAM_LLM_TIMEOUT_MS",
                    Long.class,
                    60_000L,
                    "Timeout of one HTTP call to the model server (retried up to 3 times with backoff).",
                    Option.Stage.GENERATE);
    public static final Option<Double> LLM_TEMPERATURE =
            bounded(
                    own(
                            "llm_temperature",
                            "SQLEXAM_LLM_TEMPERATURE",
                            Double.class,
                            0.3,
                            "Sampling temperature (0.3 gives diversity across K candidates).",
                            Option.Stage.GENERATE),
                    0,
                    2);
    public static final Option<Integer> LLM_MAX_TOKENS =
            own(
                    "llm_max_tokens",
                    "SQLEXAM_LLM_MAX_TOKENS",
                    Integer.class,
                    1024,
                    "Most tokens a completion may have (num_predict for Ollama).",
                    Option.Stage.GENERATE);
    public static final Option<Integer> LLM_SEED =
            own(
                    "llm_seed",
                    "SQLEXAM_LLM_SEED",
                    Integer.class,
                    null,
                    "Sampling seed (candidate i gets seed + i); unset: the server chooses.",
                    Option.Stage.GENERATE);
    public static final Option<Long> FK_SUBGRAPH_TTL_MS =
            own(
                    "fk_subgraph_ttl_ms",
                    "SQLEXAM_FK_SUBGRAPH_TTL_MS",
                    Long.class,
                    3_600_000L,
                    "How long the join planner keeps an FK subgraph in keyed state.",
                    Option.Stage.PROMPT);
    public static final Option<Choices.OllamaEndpoint> OLLAMA_ENDPOINT =
            register(
                    new Option<>(
                            "ollama_endpoint",
                            "SQLEXAM_OLLAMA_ENDPOINT",
                            Choices.OllamaEndpoint.class,
                            Choices.OllamaEndpoint.CHAT,
                            "Ollama API: chat (/api/chat) or generate (/api/generate).",
                            Option.Stage.GENERATE,
                            true,
                            false,
                            Choices.words(Choices.OllamaEndpoint.class)));
    public static final Option<Integer> RUNS =
            bounded(
                    own(
                            "runs",
                            "SQLEXAM_RUNS",
                            Integer.class,
                            1,
                            "Repetitions of the exam in one job; the summary reports mean and standard deviation.",
                            Option.Stage.SCHEDULE),
                    1,
                    null);
    public static final Option<Double> COST_PER_1K_PROMPT_TOKENS =
            own(
                    "cost_per_1k_prompt_tokens",
                    "SQLEXAM_COST_PER_1K_PROMPT_TOKENS",
                    Double.class,
                    0.0,
                    "Price of 1,000 prompt tokens, to turn the tokens a variant's model used into a cost (0: not priced).",
                    Option.Stage.REPORT);
    public static final Option<Double> COST_PER_1K_COMPLETION_TOKENS =
            own(
                    "cost_per_1k_completion_tokens",
                    "SQLEXAM_COST_PER_1K_COMPLETION_TOKENS",
                    Double.class,
                    0.0,
                    "Price of 1,000 completion tokens (0: not priced). Predictions files' own cost fields are summed as given.",
                    Option.Stage.REPORT);
    public static final Option<Integer> R_VES_ITERATIONS =
            bounded(
                    own(
                            "r_ves_iterations",
                            "SQLEXAM_R_VES_ITERATIONS",
                            Integer.class,
                            0,
                            "grade: BIRD's R-VES after grading, timing each prediction whose rows match its gold as sets this many times against the "
                                    + "gold (BIRD uses 100; 0: off).",
                            Option.Stage.REPORT),
                    0,
                    1000);
    public static final Option<Long> WATCH_WINDOW_MS =
            bounded(
                    own(
                            "watch_window_ms",
                            "SQLEXAM_WATCH_WINDOW_MS",
                            Long.class,
                            60_000L,
                            "watch: length of the event-time tumbling windows.",
                            Option.Stage.JOB),
                    1,
                    null);
    public static final Option<Long> WATCH_OUT_OF_ORDERNESS_MS =
            bounded(
                    own(
                            "watch_out_of_orderness_ms",
                            "SQLEXAM_WATCH_OUT_OF_ORDERNESS_MS",
                            Long.class,
                            30_000L,
                            "watch: how late (in event time) an event may arrive before the watermark passes it.",
                            Option.Stage.JOB),
                    0,
                    null);
    public static final Option<Long> WATCH_ALLOWED_LATENESS_MS =
            bounded(
                    own(
                            "watch_allowed_lateness_ms",
                            "SQLEXAM_WATCH_ALLOWED_LATENESS_MS",
                            Long.class,
                            0L,
                            "watch: how long a window still takes late events (its row is updated); later ones go to late.jsonl.",
                            Option.Stage.JOB),
                    0,
                    null);
    public static final Option<String> WATCH_ALERT_RULES =
            own(
                    "watch_alert_rules",
                    "SQLEXAM_WATCH_ALERT_RULES",
                    String.class,
                    "flink-conf/alerts.yaml",
                    "watch: the alert rule file (docs/formats.md#alert-rules); relative paths are from the project.",
                    Option.Stage.JOB);
    public static final Option<Boolean> WATCH_RETRIEVAL_CHECK =
            own(
                    "watch_retrieval_check",
                    "SQLEXAM_WATCH_RETRIEVAL_CHECK",
                    Boolean.class,
                    true,
                    "watch: check whether sqlexam's retrieval finds the tables the app's SQL reads (table recall per event and window).",
                    Option.Stage.JOB);
    public static final Option<Double> WATCH_RETRIEVAL_SAMPLE_RATE =
            bounded(
                    own(
                            "watch_retrieval_sample_rate",
                            "SQLEXAM_WATCH_RETRIEVAL_SAMPLE_RATE",
                            Double.class,
                            1.0,
                            "watch: share of the events whose retrieval is checked (each costs an embedding and a retrieval).",
                            Option.Stage.JOB),
                    0,
                    1);
    public static final Option<String> WATCH_CHECKPOINT_DIR =
            own(
                    "watch_checkpoint_dir",
                    "SQLEXAM_WATCH_CHECKPOINT_DIR",
                    String.class,
                    "",
                    "watch: where a following watch keeps its checkpoints (empty: the state folder's checkpoints/, one folder per output folder).",
                    Option.Stage.JOB);
    public static final Option<String> FLINK_REST =
            own(
                    "flink_rest",
                    "SQLEXAM_FLINK_REST",
                    String.class,
                    "",
                    "A Flink cluster's REST address (host:port) to submit exam, grade and watch jobs to (--cluster); empty: an in-process "
                            + "MiniCluster.",
                    Option.Stage.JOB);
    public static final Option<Integer> PARALLELISM =
            bounded(
                    own(
                            "parallelism",
                            "SQLEXAM_PARALLELISM",
                            Integer.class,
                            2,
                            "Parallelism of the Flink job.",
                            Option.Stage.JOB),
                    1,
                    null);
    public static final Option<Integer> ASYNC_CAPACITY =
            bounded(
                    own(
                            "async_capacity",
                            "SQLEXAM_ASYNC_CAPACITY",
                            Integer.class,
                            8,
                            "Questions in flight per async operator instance (generation, execution).",
                            Option.Stage.JOB),
                    1,
                    null);
    public static final Option<Long> ASYNC_TIMEOUT_MS =
            bounded(
                    own(
                            "async_timeout_ms",
                            "SQLEXAM_ASYNC_TIMEOUT_MS",
                            Long.class,
                            300_000L,
                            "Time limit for one question in an async operator; past it the question is recorded as infra_failure.",
                            Option.Stage.JOB),
                    1,
                    null);
    public static final Option<Long> CHECKPOINT_INTERVAL_MS =
            bounded(
                    own(
                            "checkpoint_interval_ms",
                            "SQLEXAM_CHECKPOINT_INTERVAL_MS",
                            Long.class,
                            5_000L,
                            "Checkpoint interval; the exam log's files are committed on checkpoints (and at the end).",
                            Option.Stage.JOB),
                    10,
                    null);

    // --- schema retrieval (issue 4)
    public static final Option<Choices.EmbeddingProvider> EMBEDDING_PROVIDER =
            register(
                    new Option<>(
                            "embedding_provider",
                            "SQLEXAM_EMBEDDING_PROVIDER",
                            Choices.EmbeddingProvider.class,
                            Choices.EmbeddingProvider.ONNX,
                            "Embedding model: onnx (bge-small-en-v1.5, in process, 384 dims) or ollama (/api/embed).",
                            Option.Stage.EMBED,
                            true,
                            false,
                            Choices.words(Choices.EmbeddingProvider.class)));
    public static final Option<Integer> EMBEDDING_THREADS =
            bounded(
                    own(
                            "embedding_threads",
                            "SQLEXAM_EMBEDDING_THREADS",
                            Integer.class,
                            0,
                            "Threads of each in-process (onnx) embedding call; 0: the cores divided by the parallelism (the parallel subtasks fill the "
                                    + "cores; the vectors are the same whatever the count).",
                            Option.Stage.EMBED),
                    0,
                    64);
    public static final Option<String> OLLAMA_URL =
            own(
                    "ollama_url",
                    "SQLEXAM_OLLAMA_URL",
                    String.class,
                    "http://127.0.0.1:11434",
                    "Ollama server for the ollama embedding provider.",
                    Option.Stage.EMBED);
    public static final Option<String> OLLAMA_EMBED_MODEL =
            own(
                    "ollama_embed_model",
                    "SQLEXAM_OLLAMA_EMBED_MODEL",
                    String.class,
                    "nomic-embed-text",
                    "Ollama embedding model (768 dims for nomic-embed-text).",
                    Option.Stage.EMBED);
    public static final Option<Integer> V1_TOP_K =
            bounded(
                    own(
                            "v1_top_k",
                            "SQLEXAM_V1_TOP_K",
                            Integer.class,
                            15,
                            "V1: tables taken from each of cosine and full-text search before fusion.",
                            Option.Stage.RETRIEVE),
                    1,
                    null);
    public static final Option<Integer> V1_MAX_TABLES =
            own(
                    "v1_max_tables",
                    "SQLEXAM_V1_MAX_TABLES",
                    Integer.class,
                    5,
                    "V1: tables kept after reciprocal rank fusion (before FK expansion).",
                    Option.Stage.RETRIEVE);
    public static final Option<Integer> RRF_K =
            bounded(
                    own(
                            "rrf_k",
                            "SQLEXAM_RRF_K",
                            Integer.class,
                            60,
                            "Reciprocal rank fusion constant: score = sum of 1/(k + rank).",
                            Option.Stage.RETRIEVE),
                    1,
                    null);
    public static final Option<Integer> FK_EXPANSION_LIMIT =
            own(
                    "fk_expansion_limit",
                    "SQLEXAM_FK_EXPANSION_LIMIT",
                    Integer.class,
                    3,
                    "V1: tables FK expansion may add.",
                    Option.Stage.RETRIEVE);
    public static final Option<Integer> HUB_FK_CAP =
            own(
                    "hub_fk_cap",
                    "SQLEXAM_HUB_FK_CAP",
                    Integer.class,
                    12,
                    "V1: a table with more foreign-key neighbours than this is not expanded from (a hub).",
                    Option.Stage.RETRIEVE);
    public static final Option<Integer> TABLE_TOP_K =
            bounded(
                    own(
                            "table_top_k",
                            "SQLEXAM_TABLE_TOP_K",
                            Integer.class,
                            15,
                            "V2 tableTopK.",
                            Option.Stage.RETRIEVE),
                    1,
                    null);
    public static final Option<Double> TABLE_THRESHOLD =
            own(
                    "table_threshold",
                    "SQLEXAM_TABLE_THRESHOLD",
                    Double.class,
                    0.20,
                    "V2 tableThreshold: minimum cosine similarity for tables.",
                    Option.Stage.RETRIEVE);
    public static final Option<Integer> COLUMN_TOP_K =
            bounded(
                    own(
                            "column_top_k",
                            "SQLEXAM_COLUMN_TOP_K",
                            Integer.class,
                            50,
                            "V2 columnTopK.",
                            Option.Stage.RETRIEVE),
                    1,
                    null);
    public static final Option<Double> COLUMN_THRESHOLD =
            own(
                    "column_threshold",
                    "SQLEXAM_COLUMN_THRESHOLD",
                    Double.class,
                    0.18,
                    "V2 columnThreshold.",
                    Option.Stage.RETRIEVE);
    public static final Option<Double> TABLE_WEIGHT =
            own(
                    "table_weight",
                    "SQLEXAM_TABLE_WEIGHT",
                    Double.class,
                    0.6,
                    "V2 score fusion: weight of the table score.",
                    Option.Stage.RETRIEVE);
    public static final Option<Double> COLUMN_WEIGHT =
            own(
                    "column_weight",
                    "SQLEXAM_COLUMN_WEIGHT",
                    Double.class,
                    0.4,
                    "V2 score fusion: weight of the column score.",
                    Option.Stage.RETRIEVE);
    public static final Option<Double> GENERIC_DOWNWEIGHT =
            own(
                    "generic_downweight",
                    "SQLEXAM_GENERIC_DOWNWEIGHT",
                    Double.class,
                    0.7,
                    "V2: multiplier for generic columns (id, status, ...).",
                    Option.Stage.RETRIEVE);
    public static final Option<Integer> MAX_TABLES =
            own(
                    "max_tables",
                    "SQLEXAM_MAX_TABLES",
                    Integer.class,
                    10,
                    "V2 maxTables after fusion.",
                    Option.Stage.RETRIEVE);
    public static final Option<Integer> FK_EXPANSION_CAP =
            own(
                    "fk_expansion_cap",
                    "SQLEXAM_FK_EXPANSION_CAP",
                    Integer.class,
                    3,
                    "V2 fkExpansionCap.",
                    Option.Stage.RETRIEVE);
    public static final Option<Double> FK_EVIDENCE_THRESHOLD =
            own(
                    "fk_evidence_threshold",
                    "SQLEXAM_FK_EVIDENCE_THRESHOLD",
                    Double.class,
                    0.20,
                    "V2 fkEvidenceThreshold.",
                    Option.Stage.RETRIEVE);
    public static final Option<Integer> FK_EVIDENCE_TOP_K =
            bounded(
                    own(
                            "fk_evidence_top_k",
                            "SQLEXAM_FK_EVIDENCE_TOP_K",
                            Integer.class,
                            20,
                            "V2 fkEvidenceTopK.",
                            Option.Stage.RETRIEVE),
                    1,
                    null);
    public static final Option<Integer> FINAL_MAX_TABLES =
            own(
                    "final_max_tables",
                    "SQLEXAM_FINAL_MAX_TABLES",
                    Integer.class,
                    12,
                    "V2 finalMaxTables after FK expansion.",
                    Option.Stage.RETRIEVE);
    public static final Option<Double> MODULE_ROUTER_THRESHOLD =
            own(
                    "module_router_threshold",
                    "SQLEXAM_MODULE_ROUTER_THRESHOLD",
                    Double.class,
                    0.55,
                    "Minimum cosine similarity of question and module description for embedding routing.",
                    Option.Stage.ROUTE);
    public static final Option<Integer> MODULE_ROUTER_MAX =
            own(
                    "module_router_max",
                    "SQLEXAM_MODULE_ROUTER_MAX",
                    Integer.class,
                    3,
                    "Most modules a question is routed to.",
                    Option.Stage.ROUTE);

    // --- seed feature flags (002/004 feature flag tables, 000 and 001 configuration, 003
    // multi-candidate)
    public static final Option<Boolean> SCHEMA_GLOSSES_ENABLED =
            seedInEffect(
                    "SCHEMA_GLOSSES_ENABLED",
                    Boolean.class,
                    true,
                    "Column description enrichment.",
                    Option.Stage.PROMPT);
    public static final Option<Boolean> PG_NORMALIZE_ENABLED =
            seedInEffect(
                    "PG_NORMALIZE_ENABLED",
                    Boolean.class,
                    true,
                    "PostgreSQL dialect normalization in repair: 24 transforms, string literals untouched.",
                    Option.Stage.REPAIR);
    public static final Option<String> PG_NORMALIZE_DIVISION_PATTERN =
            own(
                    "pg_normalize_division_pattern",
                    "SQLEXAM_PG_NORMALIZE_DIVISION_PATTERN",
                    String.class,
                    "div_\\d+",
                    "Values whose equality filters PG normalization strips as division scoping; blank: none.",
                    Option.Stage.REPAIR);
    public static final Option<Integer> REPAIR_MAX_ATTEMPTS =
            own(
                    "repair_max_attempts",
                    "SQLEXAM_REPAIR_MAX_ATTEMPTS",
                    Integer.class,
                    3,
                    "Repair attempts per question; 0 turns repair off.",
                    Option.Stage.REPAIR);
    public static final Option<Boolean> SCHEMA_LINKER_ENABLED =
            seedInEffect(
                    "SCHEMA_LINKER_ENABLED",
                    Boolean.class,
                    false,
                    "Keyphrase to column grounding.",
                    Option.Stage.PROMPT);
    public static final Option<Boolean> JOIN_PLANNER_ENABLED =
            seedInEffect(
                    "JOIN_PLANNER_ENABLED",
                    Boolean.class,
                    false,
                    "FK graph join planning.",
                    Option.Stage.PROMPT);
    public static final Option<Boolean> FK_SUBGRAPH_CACHE_ENABLED =
            seedInEffect(
                    "FK_SUBGRAPH_CACHE_ENABLED",
                    Boolean.class,
                    true,
                    "Join planner: FK subgraph cache.",
                    Option.Stage.PROMPT);
    public static final Option<Boolean> DYNAMIC_HUB_CAP_ENABLED =
            seedInEffect(
                    "DYNAMIC_HUB_CAP_ENABLED",
                    Boolean.class,
                    true,
                    "Join planner: dynamic hub cap.",
                    Option.Stage.PROMPT);
    public static final Option<Boolean> JOIN_PATH_SCORING_ENABLED =
            seedInEffect(
                    "JOIN_PATH_SCORING_ENABLED",
                    Boolean.class,
                    true,
                    "Join planner: path scoring.",
                    Option.Stage.PROMPT);
    public static final Option<Boolean> CROSS_MODULE_JOIN_ENABLED =
            seedInEffect(
                    "CROSS_MODULE_JOIN_ENABLED",
                    Boolean.class,
                    true,
                    "Join planner: cross-module bridge tables.",
                    Option.Stage.PROMPT);
    public static final Option<Choices.JoinHints> JOIN_HINT_FORMAT =
            register(
                    new Option<>(
                            "JOIN_HINT_FORMAT",
                            "JOIN_HINT_FORMAT",
                            Choices.JoinHints.class,
                            Choices.JoinHints.EDGES,
                            "Join hints in the prompt: FK edges, planned paths (needs JOIN_PLANNER_ENABLED), both, none.",
                            Option.Stage.PROMPT,
                            true,
                            false,
                            Choices.words(Choices.JoinHints.class)));
    public static final Option<Boolean> BM25_SEARCH_ENABLED =
            seedInEffect(
                    "BM25_SEARCH_ENABLED",
                    Boolean.class,
                    true,
                    "Full-text search fused with cosine by RRF.",
                    Option.Stage.RETRIEVE);
    public static final Option<Boolean> MODULE_ROUTER_ENABLED =
            seedInEffect(
                    "MODULE_ROUTER_ENABLED",
                    Boolean.class,
                    true,
                    "Module routing before retrieval.",
                    Option.Stage.ROUTE);
    public static final Option<Boolean> USE_SCHEMA_RAG_V2 =
            seedInEffect(
                    "USE_SCHEMA_RAG_V2",
                    Boolean.class,
                    false,
                    "Dual table+column retrieval with score fusion.",
                    Option.Stage.RETRIEVE);
    public static final Option<Boolean> ENABLE_DOC_RETRIEVAL =
            seedInEffect(
                    "ENABLE_DOC_RETRIEVAL",
                    Boolean.class,
                    true,
                    "Schema documentation RAG.",
                    Option.Stage.RETRIEVE);
    public static final Option<Integer> DOC_RETRIEVAL_TOP_K =
            bounded(
                    seedInEffect(
                            "DOC_RETRIEVAL_TOP_K",
                            Integer.class,
                            5,
                            "Doc-RAG chunks kept.",
                            Option.Stage.RETRIEVE),
                    1,
                    null);
    public static final Option<Double> DOC_RELEVANCE_THRESHOLD =
            seedInEffect(
                    "DOC_RELEVANCE_THRESHOLD",
                    Double.class,
                    0.3,
                    "Doc-RAG relevance threshold.",
                    Option.Stage.RETRIEVE);
    public static final Option<Integer> RETRIEVAL_TABLE_THRESHOLD =
            seedInEffect(
                    "RETRIEVAL_TABLE_THRESHOLD",
                    Integer.class,
                    10,
                    "Below this many tables the full schema is used.",
                    Option.Stage.RETRIEVE);
    public static final Option<Boolean> COLUMN_PRUNING_ENABLED =
            seedInEffect(
                    "COLUMN_PRUNING_ENABLED",
                    Boolean.class,
                    false,
                    "Column trimming per table: PK/FK, FK targets and linked columns stay, plus the first 5 others by ordinal.",
                    Option.Stage.PROMPT);
    public static final Option<Boolean> PRE_SQL_ENABLED =
            seedInEffect(
                    "PRE_SQL_ENABLED",
                    Boolean.class,
                    false,
                    "Pre-SQL backward recall: a model's sketch SQL names tables retrieval missed; they join the packet before generation.",
                    Option.Stage.PROMPT);
    public static final Option<Boolean> MULTI_CANDIDATE_ENABLED =
            seedInEffect(
                    "MULTI_CANDIDATE_ENABLED",
                    Boolean.class,
                    true,
                    "Multi-candidate generation.",
                    Option.Stage.GENERATE);
    public static final Option<Integer> MULTI_CANDIDATE_K =
            bounded(
                    seedInEffect(
                            "MULTI_CANDIDATE_K",
                            Integer.class,
                            4,
                            "Default K.",
                            Option.Stage.GENERATE),
                    1,
                    null);
    public static final Option<Integer> MULTI_CANDIDATE_K_EASY =
            bounded(
                    seedInEffect(
                            "MULTI_CANDIDATE_K_EASY",
                            Integer.class,
                            2,
                            "K for easy questions.",
                            Option.Stage.GENERATE),
                    1,
                    null);
    public static final Option<Integer> MULTI_CANDIDATE_K_HARD =
            bounded(
                    seedInEffect(
                            "MULTI_CANDIDATE_K_HARD",
                            Integer.class,
                            6,
                            "K for hard questions.",
                            Option.Stage.GENERATE),
                    1,
                    null);
    public static final Option<Long> MULTI_CANDIDATE_TIME_BUDGET_MS =
            bounded(
                    seedInEffect(
                            "MULTI_CANDIDATE_TIME_BUDGET_MS",
                            Long.class,
                            10_000L,
                            "Per-question generation time budget.",
                            Option.Stage.GENERATE),
                    1,
                    null);
    public static final Option<Long> MULTI_CANDIDATE_EXPLAIN_TIMEOUT_MS =
            bounded(
                    seedInEffect(
                            "MULTI_CANDIDATE_EXPLAIN_TIMEOUT_MS",
                            Long.class,
                            2_000L,
                            "Per-candidate EXPLAIN timeout.",
                            Option.Stage.EVALUATE),
                    1,
                    null);
    public static final Option<Boolean> CANDIDATE_RERANKER_ENABLED =
            seedInEffect(
                    "CANDIDATE_RERANKER_ENABLED",
                    Boolean.class,
                    true,
                    "Candidate reranking: schema adherence, FK join match, result shape.",
                    Option.Stage.EVALUATE);
    public static final Option<Boolean> PASS_AT_K =
            own(
                    "pass_at_k",
                    "SQLEXAM_PASS_AT_K",
                    Boolean.class,
                    true,
                    "Also run and grade every other candidate, for pass@K and the summary's funnel (costs K-1 extra read-only queries).",
                    Option.Stage.GRADE);
    public static final Option<Integer> EXECUTION_FALLBACKS =
            own(
                    "execution_fallbacks",
                    "SQLEXAM_EXECUTION_FALLBACKS",
                    Integer.class,
                    2,
                    "When the chosen SQL fails as it runs (22xxx, 21000, the server's timeout): divisors guarded with NULLIF on division by zero, "
                            + "then up to this many next-ranked candidates that passed their checks (0: none).",
                    Option.Stage.GRADE);
    public static final Option<Boolean> SELF_CHECK_RETRIEVAL =
            own(
                    "self_check_retrieval",
                    "SQLEXAM_SELF_CHECK_RETRIEVAL",
                    Boolean.class,
                    false,
                    "A gold self-check also indexes its databases and runs retrieval, generation and evaluation, for their figures (default: "
                            + "the golds are graded as a predictions file is, without the index).",
                    Option.Stage.GRADE);
    public static final Option<String> TEST_SUITE_SIZE =
            own(
                    "test_suite_size",
                    "SQLEXAM_TEST_SUITE_SIZE",
                    String.class,
                    "0",
                    "Test-suite grading: for each exam database, small fuzzed databases of its schema, distilled from a pool of candidates to "
                            + "tell each gold from its single-mutation neighbours and cached in sqlexam's own server; a prediction is correct only "
                            + "if it also matches its gold on every one where that gold is defined. N: up to N distilled, topped up to N; auto: "
                            + "until coverage stops growing (8 to 30); 0: off.",
                    Option.Stage.GRADE);
    public static final Option<Integer> TEST_SUITE_POOL =
            bounded(
                    own(
                            "test_suite_pool",
                            "SQLEXAM_TEST_SUITE_POOL",
                            Integer.class,
                            300,
                            "Test-suite grading: candidate databases tried at most per exam database before "
                                    + "distillation (the pool also stops when what it tells apart stops growing, or after 4 minutes).",
                            Option.Stage.GRADE),
                    1,
                    null);
    public static final Option<Long> TEST_SUITE_WITNESS_MS =
            bounded(
                    own(
                            "test_suite_witness_ms",
                            "SQLEXAM_TEST_SUITE_WITNESS_MS",
                            Long.class,
                            300L,
                            "Test-suite grading: how long the evidence of one overturned prediction may be shrunk to fewer rows (0: the rows of "
                                    + "the tables both queries read, as the suite database has them).",
                            Option.Stage.GRADE),
                    0,
                    null);
    public static final Option<Long> GRADE_TIMEOUT_BASE_MS =
            own(
                    "grade_timeout_base_ms",
                    "SQLEXAM_GRADE_TIMEOUT_BASE_MS",
                    Long.class,
                    30_000L,
                    "sqlexam grade: the gold queries' timeout, and the base of each prediction's (Spider test-suite style).",
                    Option.Stage.GRADE);
    public static final Option<Double> GRADE_TIMEOUT_GOLD_FACTOR =
            own(
                    "grade_timeout_gold_factor",
                    "SQLEXAM_GRADE_TIMEOUT_GOLD_FACTOR",
                    Double.class,
                    3.0,
                    "sqlexam grade: a prediction may run grade_timeout_base_ms + this × its gold's time (0: the base alone).",
                    Option.Stage.GRADE);
    public static final Option<Integer> MAX_CANDIDATES_TO_EXPLAIN =
            bounded(
                    own(
                            "max_candidates_to_explain",
                            "SQLEXAM_MAX_CANDIDATES_TO_EXPLAIN",
                            Integer.class,
                            4,
                            "How many candidates of a question are EXPLAINed at once.",
                            Option.Stage.EVALUATE),
                    0,
                    null);
    public static final Option<Boolean> VALUE_VERIFICATION_ENABLED =
            seedInEffect(
                    "VALUE_VERIFICATION_ENABLED",
                    Boolean.class,
                    false,
                    "Database value checks in the reranker: the string literals of the top two candidates are looked up in their columns; "
                            + "-10 per missing value, at most -20.",
                    Option.Stage.EVALUATE);
    public static final Option<Boolean> SURGICAL_WHITELIST_ENABLED =
            seedInEffect(
                    "SURGICAL_WHITELIST_ENABLED",
                    Boolean.class,
                    true,
                    "Surgical column whitelist for 42703 repairs.",
                    Option.Stage.REPAIR);
    public static final Option<Choices.WhitelistMode> SURGICAL_WHITELIST_MODE =
            register(
                    new Option<>(
                            "surgical_whitelist_mode",
                            "SQLEXAM_SURGICAL_WHITELIST_MODE",
                            Choices.WhitelistMode.class,
                            Choices.WhitelistMode.OBSERVE,
                            "observe: the whitelist goes into the repair prompt and the "
                                    + "nine-gate rewrite is only recorded; active: a rewrite that passes all nine gates is applied.",
                            Option.Stage.REPAIR,
                            true,
                            false,
                            Choices.words(Choices.WhitelistMode.class)));
    public static final Option<Boolean> EXAM_MODE =
            register(
                    new Option<>(
                            "EXAM_MODE",
                            "EXAM_MODE",
                            Boolean.class,
                            true,
                            "Exam logging. Always on in sqlexam: every run writes its exam log.",
                            Option.Stage.SINKS,
                            true,
                            false,
                            List.of()));

    private SqlExamOptions() {}

    public static List<Option<?>> all() {
        return Collections.unmodifiableList(ALL);
    }

    private static <T> Option<T> own(
            String key, String env, Class<T> type, T def, String description, Option.Stage stage) {
        return register(
                new Option<>(key, env, type, def, description, stage, true, false, List.of()));
    }

    /** A seed flag: present under its seed name; in effect once its stage is built. */
    private static <T> Option<T> seed(
            String name, Class<T> type, T def, String description, Option.Stage stage) {
        return register(
                new Option<>(name, name, type, def, description, stage, false, false, List.of()));
    }

    /** A seed flag whose stage is built. */
    private static <T> Option<T> seedInEffect(
            String name, Class<T> type, T def, String description, Option.Stage stage) {
        return register(
                new Option<>(name, name, type, def, description, stage, true, false, List.of()));
    }

    /**
     * Bounds a registered option's number to [{@code min}, {@code max}] (null: no bound on that
     * side), checked when parsed.
     */
    private static <T> Option<T> bounded(Option<T> registered, Number min, Number max) {
        Option<T> bounded = registered.bounded(min, max);
        ALL.set(ALL.indexOf(registered), bounded);
        return bounded;
    }

    private static <T> Option<T> register(Option<T> option) {
        ALL.add(option);
        return option;
    }
}
