package dev.sqlexam.flink;

import dev.sqlexam.model.RejectedLine;

import org.apache.flink.util.OutputTag;

/** The side outputs of the exam job. */
public final class Tags {

    /** Input lines that could not become questions; written to rejected.jsonl with their reason. */
    public static final OutputTag<RejectedLine> REJECTED = new OutputTag<>("rejected") {};

    private Tags() {}
}
