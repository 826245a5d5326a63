package dev.sqlexam.jobs.run;

import dev.sqlexam.model.ExamRecord;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * An exam log's records read one line at a time, as {@link RunLog#read} gives them (lines that are
 * not whole records skipped, one record per key, the first); the file is closed at its end.
 */
final class LogLines implements Iterator<ExamRecord> {

    private final Path log;
    private final BufferedReader reader;
    private final Set<String> seen = new HashSet<>();
    private ExamRecord next;
    private boolean closed;

    LogLines(Path log) {
        this.log = log;
        try {
            this.reader = Files.newBufferedReader(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + log, e);
        }
    }

    @Override
    public boolean hasNext() {
        if (next != null) return true;
        if (closed) return false;
        try {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.isBlank()) continue;
                ExamRecord r = RunLog.record(line);
                if (r != null && seen.add(RunLog.key(r))) {
                    next = r;
                    return true;
                }
            }
            closed = true;
            reader.close();
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + log, e);
        }
    }

    @Override
    public ExamRecord next() {
        if (!hasNext()) throw new NoSuchElementException(log + " has no more records");
        ExamRecord r = next;
        next = null;
        return r;
    }
}
