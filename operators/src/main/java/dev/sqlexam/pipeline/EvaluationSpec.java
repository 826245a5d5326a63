package dev.sqlexam.pipeline;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.evaluation.CandidateEvaluator;
import dev.sqlexam.llm.Generators;
import dev.sqlexam.repair.RepairLoop;

import java.io.Serializable;

/**
 * What the evaluation operator needs: the read-only role for EXPLAIN, its pool size, the
 * evaluator's and the repair loop's settings, and the generators (a model answers repair prompts).
 */
public record EvaluationSpec(
        ReaderAccess reader,
        int poolSize,
        CandidateEvaluator.Settings settings,
        RepairLoop.Settings repair,
        Generators generators,
        ConnectionPolicy connections)
        implements Serializable {}
