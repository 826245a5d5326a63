package dev.sqlexam.flink;

import dev.sqlexam.model.RejectedLine;

import org.apache.flink.util.OutputTag;

/** The side outputs of the watch job. */
public final class Tags {

    /**
     * Query-log lines that could not become events; written to rejected.jsonl with their reason.
     */
    public static final OutputTag<RejectedLine> REJECTED = new OutputTag<>("rejected") {};

    private Tags() {}
}
