package dev.sqlexam.flink;

import dev.sqlexam.database.ResultsTable;
import dev.sqlexam.pipeline.Workers;

import org.apache.flink.api.common.operators.ProcessingTimeService;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

import java.io.IOException;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;

/**
 * The exam.results sink (at least once): each writer keeps its records in a {@link ResultsTable}
 * and writes them when a batch is full, a second after the first of them arrived, at every
 * checkpoint and at the end of its input; upserts make a replay harmless. A batch is written on a
 * thread of the writer's own while the task goes on grading (one batch written at a time, the next
 * one filling); a checkpoint and the end of input wait until every batch is in.
 */
public final class ResultsTableSink implements Sink<SerializedRecord> {

    static final long FLUSH_INTERVAL_MS = 1_000;

    private final String jdbcUrl;

    public ResultsTableSink(String jdbcUrl) {
        this.jdbcUrl = jdbcUrl;
    }

    @Override
    public SinkWriter<SerializedRecord> createWriter(WriterInitContext context) {
        return new Writer(new ResultsTable(jdbcUrl), context.getProcessingTimeService());
    }

    private static final class Writer implements SinkWriter<SerializedRecord> {

        private final ResultsTable table;
        private final ProcessingTimeService time;
        private final ExecutorService writing = Workers.daemons("sqlexam-results-writer", 1);
        private CompletableFuture<Void> written = CompletableFuture.completedFuture(null);
        private boolean timerSet;

        Writer(ResultsTable table, ProcessingTimeService time) {
            this.table = table;
            this.time = time;
        }

        @Override
        public void write(SerializedRecord element, Context context)
                throws IOException, InterruptedException {
            if (table.add(element.record(), element.json())) startWriting();
            else if (!timerSet) {
                timerSet = true;
                time.registerTimer(
                        time.getCurrentProcessingTime() + FLUSH_INTERVAL_MS,
                        t -> {
                            timerSet = false;
                            startWriting();
                        });
            }
        }

        @Override
        public void flush(boolean endOfInput) throws IOException, InterruptedException {
            startWriting();
            awaitWritten();
        }

        /** Hands the kept records to the writing thread once the batch before them is in. */
        private void startWriting() throws IOException, InterruptedException {
            awaitWritten();
            ResultsTable.Batch batch = table.take();
            if (batch.isEmpty()) return;
            written =
                    CompletableFuture.runAsync(
                            () -> {
                                try {
                                    table.write(batch);
                                } catch (SQLException e) {
                                    throw new CompletionException(e);
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                    throw new CompletionException(e);
                                }
                            },
                            writing);
        }

        /** Waits for the batch being written; its failure fails the task, as a failed flush did. */
        private void awaitWritten() throws IOException, InterruptedException {
            try {
                written.get();
            } catch (ExecutionException e) {
                Throwable cause = e.getCause() != null ? e.getCause() : e;
                throw new IOException(cause.getMessage(), cause);
            }
        }

        @Override
        public void close() {
            // the table is closed on the writing thread, after the batch it may still be writing
            // (a cancelled task): its connection is that thread's alone
            writing.execute(table::close);
            writing.shutdown();
        }
    }
}
