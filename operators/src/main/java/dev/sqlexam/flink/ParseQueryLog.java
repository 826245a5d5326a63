package dev.sqlexam.flink;

import dev.sqlexam.model.NumberedLine;
import dev.sqlexam.model.QueryLogEvent;
import dev.sqlexam.querylog.QueryLogParser;

import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;

/**
 * Query-log lines into events; a malformed event goes to {@link Tags#REJECTED} with its position
 * and reason, the stream goes on.
 */
public final class ParseQueryLog extends ProcessFunction<NumberedLine, QueryLogEvent> {

    public static final String REJECTED_COUNTER = "sqlexam.watch.rejected";

    private final String source;
    private final QueryLogParser parser = new QueryLogParser();
    private transient LongCounter rejected;

    public ParseQueryLog(String source) {
        this.source = source;
    }

    @Override
    public void open(OpenContext openContext) {
        rejected = getRuntimeContext().getLongCounter(REJECTED_COUNTER);
    }

    @Override
    public void processElement(NumberedLine line, Context ctx, Collector<QueryLogEvent> out) {
        QueryLogParser.Parsed parsed =
                parser.parse(
                        line.source() != null ? line.source() : source, line.number(), line.text());
        if (parsed.rejected() != null) {
            rejected.add(1L);
            ctx.output(Tags.REJECTED, parsed.rejected());
        } else if (parsed.event() != null) {
            out.collect(parsed.event());
        }
    }
}
