package dev.sqlexam.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** RFC 4180 CSV with a header row: quoted fields may hold commas, doubled quotes and newlines. */
public final class Csv {

    private Csv() {}

    public static List<Map<String, String>> read(Path file) {
        if (!Files.isRegularFile(file)) throw new IllegalArgumentException("no file at " + file);
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    public static List<Map<String, String>> parse(String text) {
        List<List<String>> records = records(text.startsWith("\uFEFF") ? text.substring(1) : text);
        List<Map<String, String>> out = new ArrayList<>();
        if (records.isEmpty()) return out;
        List<String> header = records.get(0);
        for (List<String> r : records.subList(1, records.size())) {
            if (r.size() == 1 && r.get(0).isEmpty()) continue;
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) row.put(header.get(i).strip(), i < r.size() ? r.get(i) : "");
            out.add(row);
        }
        return out;
    }

    private static List<List<String>> records(String text) {
        List<List<String>> out = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                record.add(field.toString());
                field.setLength(0);
            } else if (c == '\n' || c == '\r') {
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') i++;
                record.add(field.toString());
                field.setLength(0);
                out.add(record);
                record = new ArrayList<>();
            } else {
                field.append(c);
            }
        }
        if (field.length() > 0 || !record.isEmpty()) {
            record.add(field.toString());
            out.add(record);
        }
        return out;
    }
}
