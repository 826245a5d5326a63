package dev.sqlexam.flink;

import dev.sqlexam.examset.NumberedLineReader;
import dev.sqlexam.model.NumberedLine;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.reader.StreamFormat;
import org.apache.flink.core.fs.FSDataInputStream;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
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
        return NumberedLineReader.readAll(Files.newInputStream(file));
    }

    private static final class LineReader implements Reader<NumberedLine> {
        private final NumberedLineReader reader;

        LineReader(InputStream stream) {
            this.reader = new NumberedLineReader(stream);
        }

        @Override
        public NumberedLine read() throws IOException {
            return reader.read();
        }

        @Override
        public void close() throws IOException {
            reader.close();
        }
    }
}
