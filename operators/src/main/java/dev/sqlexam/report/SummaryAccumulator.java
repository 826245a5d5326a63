package dev.sqlexam.report;

import dev.sqlexam.model.ExamRecord;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collects exam records per variant and repetition, and every question's verdicts; turned into an
 * {@link ExamSummary} at the end.
 */
public final class SummaryAccumulator implements Serializable {

    private final Map<String, Map<Integer, RunStats>> runs = new TreeMap<>();
    private final QuestionOutcomes outcomes = new QuestionOutcomes();
    private long records;
    private long goldExecutions;

    public static SummaryAccumulator of(Iterable<ExamRecord> records) {
        SummaryAccumulator out = new SummaryAccumulator();
        for (ExamRecord r : records) out.add(r);
        return out;
    }

    public void add(ExamRecord record) {
        outcomes.add(record);
        runs.computeIfAbsent(record.variant(), v -> new TreeMap<>())
                .computeIfAbsent(record.repetition(), r -> new RunStats())
                .add(record);
        records++;
        goldExecutions += record.goldExecuted();
    }

    public void merge(SummaryAccumulator other) {
        other.runs.forEach(
                (variant, reps) ->
                        reps.forEach(
                                (rep, stats) ->
                                        runs.computeIfAbsent(variant, v -> new TreeMap<>())
                                                .computeIfAbsent(rep, r -> new RunStats())
                                                .addAll(stats)));
        outcomes.addAll(other.outcomes);
        records += other.records;
        goldExecutions += other.goldExecutions;
    }

    public QuestionOutcomes outcomes() {
        return outcomes;
    }

    /** Gold queries the records ran themselves (the rest came from the gold cache). */
    public long goldExecutions() {
        return goldExecutions;
    }

    public long records() {
        return records;
    }

    Map<String, Map<Integer, RunStats>> runs() {
        return runs;
    }

    /**
     * This accumulator as bytes, for the job to ship and checkpoint: one pass over its objects
     * where Flink's generic serializer made four (a chained copy, the network both ways, the
     * collect sink's own encoding), each a fifth of a 2-second grade over ~14,000 records.
     */
    public byte[] toBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 * 1024);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(this);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "could not encode the summary of " + records + " record(s)", e);
        }
        return bytes.toByteArray();
    }

    /** An accumulator {@link #toBytes} encoded. */
    public static SummaryAccumulator fromBytes(byte[] bytes) {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return (SummaryAccumulator) in.readObject();
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalStateException(
                    "could not decode a summary of " + bytes.length + " bytes from the job", e);
        }
    }
}
