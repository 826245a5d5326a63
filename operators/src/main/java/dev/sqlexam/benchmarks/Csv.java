package dev.sqlexam.benchmarks;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CSV with a header row (RFC 4180: quoted fields may hold commas, doubled quotes and newlines),
 * read by Jackson's CSV module.
 */
public final class Csv {

    private static final CsvMapper MAPPER =
            CsvMapper.builder()
                    .enable(CsvParser.Feature.SKIP_EMPTY_LINES)
                    .enable(CsvParser.Feature.ALLOW_TRAILING_COMMA)
                    .build();

    private Csv() {}

    public static List<Map<String, String>> read(Path file) {
        if (!Files.isRegularFile(file)) throw new IllegalArgumentException("no file at " + file);
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** One map per row, keyed by the header's names (stripped); a short row gives empty strings. */
    public static List<Map<String, String>> parse(String text) {
        String body = text.startsWith("\uFEFF") ? text.substring(1) : text;
        try (MappingIterator<List<String>> rows =
                MAPPER.readerForListOf(String.class)
                        .with(CsvSchema.emptySchema())
                        .with(CsvParser.Feature.WRAP_AS_ARRAY)
                        .readValues(body)) {
            List<Map<String, String>> out = new ArrayList<>();
            if (!rows.hasNext()) return out;
            List<String> header = rows.next();
            while (rows.hasNext()) {
                List<String> r = rows.next();
                Map<String, String> row = new LinkedHashMap<>();
                for (int i = 0; i < header.size(); i++)
                    row.put(header.get(i).strip(), i < r.size() ? r.get(i) : "");
                out.add(row);
            }
            return out;
        } catch (IOException e) {
            throw new IllegalArgumentException("not readable as CSV: " + e.getMessage(), e);
        }
    }
}
