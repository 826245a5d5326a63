package dev.sqlexam.jobs.runtime;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;

/**
 * A job that does nothing (one element, discarded): what starting and finishing a job costs on a
 * target.
 */
public final class EmptyJob {

    private EmptyJob() {}

    public static void run(FlinkTarget target) throws Exception {
        StreamExecutionEnvironment env = target.environment();
        env.fromSequence(1, 1).sinkTo(new DiscardingSink<>()).name("discard");
        env.execute("sqlexam bench: empty job");
    }
}
