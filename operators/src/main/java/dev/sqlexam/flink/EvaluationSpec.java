package dev.sqlexam.flink;

import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.evaluation.CandidateEvaluator;
import java.io.Serializable;

/** What the evaluation operator needs: the read-only role for EXPLAIN, its pool size, and the evaluator's settings. */
public record EvaluationSpec(ReaderAccess reader, int poolSize, CandidateEvaluator.Settings settings) implements Serializable {}
