-- The watch schema: window metrics and alerts of `sqlexam watch`, one row per (watch, window, key[, rule]).
-- The job upserts on these keys, so a restart from a checkpoint that emits a window again never duplicates it.
SET search_path TO public;

CREATE SCHEMA IF NOT EXISTS watch;

CREATE TABLE watch.windows (
    watch_id            text NOT NULL,
    window_start        timestamptz NOT NULL,
    window_end          timestamptz NOT NULL,
    key_kind            text NOT NULL CHECK (key_kind IN ('app', 'app_db', 'app_prompt')),
    key                 text NOT NULL,
    events              bigint NOT NULL,
    error_rate          double precision NOT NULL,
    latency_p50_ms      double precision,
    latency_p95_ms      double precision,
    lint_warning_rate   double precision NOT NULL,
    empty_result_rate   double precision NOT NULL,
    graded              bigint NOT NULL,
    execution_accuracy  double precision,
    blocked             bigint NOT NULL,
    feedback_up         bigint NOT NULL,
    feedback_down       bigint NOT NULL,
    retrieval_checked   bigint NOT NULL,
    retrieval_recall    double precision,
    shadow_compared     bigint NOT NULL,
    shadow_agreement    double precision,
    outcome_rates       jsonb NOT NULL,
    top_sqlstates       jsonb NOT NULL,
    written_at          timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (watch_id, window_start, key_kind, key)
);
COMMENT ON TABLE watch.windows IS 'Event-time window metrics of a watch, per app, app/db and app/prompt version.';

CREATE TABLE watch.alerts (
    watch_id      text NOT NULL,
    window_start  timestamptz NOT NULL,
    window_end    timestamptz NOT NULL,
    key_kind      text NOT NULL,
    key           text NOT NULL,
    rule          text NOT NULL,
    metric        text NOT NULL,
    value         double precision NOT NULL,
    threshold     double precision NOT NULL,
    baseline      double precision,
    events        bigint NOT NULL,
    message       text NOT NULL,
    written_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (watch_id, window_start, key_kind, key, rule)
);
COMMENT ON TABLE watch.alerts IS 'Alerts a watch raised: the window, key, rule, value, threshold and baseline.';
