package dev.sqlexam.flink;

import dev.sqlexam.model.NumberedLine;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.reader.StreamFormat;
import org.apache.flink.core.fs.FSDataInputStream;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a text file line by line with line numbers, so a rejected exam line can say where it was.
 * Files are not split, so numbering is exact; on restore the file source skips the lines already
 * emitted by reading them again through this reader, which keeps the count right.
 */
public final class NumberedLinesFormat implements StreamFormat<NumberedLine> {

    @Override
    public Reader<NumberedLine> createReader(
            Configuration config, FSDataInputStream stream, long fileLen, long splitEnd) {
        return new LineReader(stream);
    }

    @Override
    public Reader<NumberedLine> restoreReader(
            Configuration config,
            FSDataInputStream stream,
            long restoredOffset,
            long fileLen,
            long splitEnd)
            throws IOException {
        if (restoredOffset != 0) stream.seek(0);
        return new LineReader(stream);
    }

    @Override
    public boolean isSplittable() {
        return false;
    }

    @Override
    public TypeInformation<NumberedLine> getProducedType() {
        return TypeInformation.of(NumberedLine.class);
    }

    /**
     * A whole file's lines, numbered as this format reads them (for a job that carries its input).
     */
    public static List<NumberedLine> readAll(Path file) throws IOException {
        return readAll(Files.newInputStream(file));
    }

    /** The lines of {@code stream} (closed at the end), numbered as this format reads them. */
    public static List<NumberedLine> readAll(InputStream stream) throws IOException {
        List<NumberedLine> lines = new ArrayList<>();
        try (LineReader reader = new LineReader(stream)) {
            for (NumberedLine line = reader.read(); line != null; line = reader.read())
                lines.add(line);
        }
        return lines;
    }

    private static final class LineReader implements Reader<NumberedLine> {
        private final BufferedReader reader;
        private long number;

        LineReader(InputStream stream) {
            this.reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8));
        }

        @Override
        public NumberedLine read() throws IOException {
            String line = reader.readLine();
            if (line == null) return null;
            number++;
            if (number == 1 && !line.isEmpty() && line.charAt(0) == '\uFEFF')
                line = line.substring(1);
            return new NumberedLine(number, line);
        }

        @Override
        public void close() throws IOException {
            reader.close();
        }
    }
}
