package dev.sqlexam.examset;

import dev.sqlexam.model.NumberedLine;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A JSONL file's lines numbered from 1 as UTF-8 text (a byte that is not UTF-8 read as U+FFFD), a
 * leading byte-order mark dropped: how the exam job's file source and the client read a file alike.
 */
public final class NumberedLineReader implements Closeable {

    private final BufferedReader reader;
    private long number;

    public NumberedLineReader(InputStream stream) {
        this.reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8));
    }

    /** The next line, null at the end. */
    public NumberedLine read() throws IOException {
        String line = reader.readLine();
        if (line == null) return null;
        number++;
        if (number == 1 && !line.isEmpty() && line.charAt(0) == '\uFEFF') line = line.substring(1);
        return new NumberedLine(number, line);
    }

    /** Every line of {@code stream}, which is closed at the end. */
    public static List<NumberedLine> readAll(InputStream stream) throws IOException {
        List<NumberedLine> lines = new ArrayList<>();
        try (NumberedLineReader reader = new NumberedLineReader(stream)) {
            for (NumberedLine line = reader.read(); line != null; line = reader.read())
                lines.add(line);
        }
        return lines;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
