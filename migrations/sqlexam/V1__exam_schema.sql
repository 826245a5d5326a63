-- The exam schema: runs, per-question results with their trace, and summary metrics.
SET search_path TO public;

CREATE SCHEMA IF NOT EXISTS exam;

CREATE TABLE exam.runs (
    run_id       text PRIMARY KEY,
    started_at   timestamptz NOT NULL DEFAULT now(),
    finished_at  timestamptz,
    exam_set     text NOT NULL,
    generator    text NOT NULL,
    self_check   boolean NOT NULL DEFAULT false,
    status       text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'finished', 'failed')),
    config       jsonb NOT NULL DEFAULT '{}'::jsonb,
    summary      jsonb
);
COMMENT ON TABLE exam.runs IS 'One row per exam run (a job over one exam set).';

CREATE TABLE exam.results (
    run_id          text NOT NULL REFERENCES exam.runs (run_id) ON DELETE CASCADE,
    variant         text NOT NULL,
    repetition      integer NOT NULL,
    question_id     text NOT NULL,
    db              text,
    question        text,
    difficulty      text,
    module          text,
    category        text,
    generator       text,
    gold_sql        text,
    pred_sql        text,
    correct         boolean NOT NULL,
    reason          text NOT NULL,
    lenient_correct boolean NOT NULL,
    lenient_reason  text NOT NULL,
    error_class     text,
    sqlstate        text,
    error           text,
    gold_ms         bigint,
    pred_ms         bigint,
    total_ms        bigint,
    trace           jsonb NOT NULL DEFAULT '[]'::jsonb,
    record          jsonb NOT NULL,
    written_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (run_id, variant, repetition, question_id)
);
COMMENT ON TABLE exam.results IS 'One row per question, variant and repetition of a run; upserted, so reruns never duplicate.';
CREATE INDEX results_reason_idx ON exam.results (run_id, reason);

CREATE TABLE exam.metrics (
    run_id      text NOT NULL REFERENCES exam.runs (run_id) ON DELETE CASCADE,
    variant     text NOT NULL,
    scope       text NOT NULL,
    scope_value text NOT NULL,
    metric      text NOT NULL,
    value       double precision,
    PRIMARY KEY (run_id, variant, scope, scope_value, metric)
);
COMMENT ON TABLE exam.metrics IS 'Summary metrics of a run: scope is overall, difficulty, module, category or reason.';
