package dev.sqlexam.flink;

import dev.sqlexam.database.ResultsTable;

import org.apache.flink.api.common.operators.ProcessingTimeService;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

import java.io.IOException;
import java.sql.SQLException;

/**
 * The exam.results sink (at least once): each writer keeps its records in a {@link ResultsTable}
 * and writes them when a batch is full, a second after the first of them arrived, at every
 * checkpoint and at the end of its input; upserts make a replay harmless.
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
        private boolean timerSet;

        Writer(ResultsTable table, ProcessingTimeService time) {
            this.table = table;
            this.time = time;
        }

        @Override
        public void write(SerializedRecord element, Context context)
                throws IOException, InterruptedException {
            if (table.add(element.record(), element.json())) flushTable();
            else if (!timerSet) {
                timerSet = true;
                time.registerTimer(
                        time.getCurrentProcessingTime() + FLUSH_INTERVAL_MS,
                        t -> {
                            timerSet = false;
                            flushTable();
                        });
            }
        }

        @Override
        public void flush(boolean endOfInput) throws IOException, InterruptedException {
            flushTable();
        }

        private void flushTable() throws IOException, InterruptedException {
            try {
                table.flush();
            } catch (SQLException e) {
                throw new IOException(e.getMessage(), e);
            }
        }

        @Override
        public void close() {
            table.close();
        }
    }
}
