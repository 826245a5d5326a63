-- Test suites (sqlexam --test-suite N): one row per suite, keyed by the hash of the source schema, the golds and the
-- generator's version. The suite's databases (sqlexam_suite_<hash>_<i>) live on the same server as this state.
SET search_path TO public;

CREATE TABLE exam.test_suites (
    suite_hash   text PRIMARY KEY,
    source       text NOT NULL,
    suite        jsonb NOT NULL,
    built_at     timestamptz NOT NULL DEFAULT now()
);
