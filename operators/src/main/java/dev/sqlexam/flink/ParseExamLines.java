package dev.sqlexam.flink;

import dev.sqlexam.examset.ExamLineParser;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.NumberedLine;
import dev.sqlexam.model.RejectedLine;

import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;

import java.util.HashMap;
import java.util.Map;

/**
 * Parses exam lines; a malformed line or a repeated id goes to {@link Tags#REJECTED} with its line
 * number and reason, and the rest of the set goes on. Runs with parallelism 1 behind the (unsplit)
 * file source so that duplicate ids are seen.
 */
public final class ParseExamLines extends ProcessFunction<NumberedLine, ExamQuestion> {

    public static final String REJECTED_COUNTER = "sqlexam.rejected";
    public static final String ACCEPTED_COUNTER = "sqlexam.accepted";

    private final ExamLineParser parser;
    private transient Map<String, Long> firstLineOfId;
    private transient LongCounter rejected;
    private transient LongCounter accepted;

    public ParseExamLines(ExamLineParser parser) {
        this.parser = parser;
    }

    @Override
    public void open(OpenContext openContext) {
        firstLineOfId = new HashMap<>();
        rejected = getRuntimeContext().getLongCounter(REJECTED_COUNTER);
        accepted = getRuntimeContext().getLongCounter(ACCEPTED_COUNTER);
    }

    @Override
    public void processElement(NumberedLine line, Context ctx, Collector<ExamQuestion> out) {
        ExamLineParser.Parsed parsed = parser.parse(line.number(), line.text());
        if (parsed.rejected() != null) {
            reject(ctx, parsed.rejected());
            return;
        }
        ExamQuestion question = parsed.question();
        if (question == null) return;
        Long first = firstLineOfId.putIfAbsent(question.id(), line.number());
        if (first != null) {
            reject(
                    ctx,
                    new RejectedLine(
                            parser.source(),
                            line.number(),
                            "duplicate id '" + question.id() + "' (first on line " + first + ")",
                            line.text()));
            return;
        }
        accepted.add(1L);
        out.collect(question);
    }

    private void reject(Context ctx, RejectedLine line) {
        rejected.add(1L);
        ctx.output(Tags.REJECTED, line);
    }
}
