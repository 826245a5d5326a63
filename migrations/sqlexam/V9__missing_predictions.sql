-- A graded predictions file that answers few of the exam's questions wrote one exam.results row per question it left
-- out (12,540 of 14,040 rows when 12 files answer 125 of 1,170 questions each), and those rows were most of a grade's
-- writes. They are kept here instead, one row per run, variant and repetition with the ids; every record, missing or
-- not, stays in the run's exam log.
CREATE TABLE exam.missing (
    run_id       text NOT NULL REFERENCES exam.runs (run_id) ON DELETE CASCADE,
    variant      text NOT NULL,
    repetition   integer NOT NULL,
    question_ids text[] NOT NULL,
    questions    integer GENERATED ALWAYS AS (cardinality(question_ids)) STORED,
    written_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (run_id, variant, repetition)
);
COMMENT ON TABLE exam.missing IS 'Per run, variant and repetition, the questions a graded predictions file has no SQL for (reason missing); exam.results holds a row for every other question.';
