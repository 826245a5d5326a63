package dev.sqlexam.flink;

import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.report.SummaryAccumulator;

import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import java.util.List;

/**
 * Folds the records of its subtask into one summary accumulator and emits it when the input ends;
 * the partial accumulators merge exactly, so the operator runs chained to the records' producer.
 * Also counts graded questions in accumulators the client polls for its progress bar. The
 * accumulator is operator state, so a restore from checkpoint keeps what was counted.
 */
public final class SummaryOperator extends AbstractStreamOperator<SummaryAccumulator>
        implements OneInputStreamOperator<SerializedRecord, SummaryAccumulator>, BoundedOneInput {

    public static final String GRADED_COUNTER = "sqlexam.graded";
    public static final String CORRECT_COUNTER = "sqlexam.correct";

    private transient SummaryAccumulator accumulator;
    private transient ListState<SummaryAccumulator> state;
    private transient LongCounter graded;
    private transient LongCounter correct;

    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
        super.initializeState(context);
        state =
                context.getOperatorStateStore()
                        .getListState(
                                new ListStateDescriptor<>(
                                        "summary-accumulator", SummaryAccumulator.class));
        accumulator = new SummaryAccumulator();
        for (SummaryAccumulator restored : state.get()) accumulator.merge(restored);
    }

    @Override
    public void open() throws Exception {
        super.open();
        graded = getRuntimeContext().getLongCounter(GRADED_COUNTER);
        correct = getRuntimeContext().getLongCounter(CORRECT_COUNTER);
    }

    @Override
    public void processElement(StreamRecord<SerializedRecord> element) {
        ExamRecord record = element.getValue().record();
        accumulator.add(record);
        graded.add(1L);
        if (record.correct()) correct.add(1L);
    }

    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        super.snapshotState(context);
        state.update(List.of(accumulator));
    }

    @Override
    public void endInput() {
        output.collect(new StreamRecord<>(accumulator));
    }
}
