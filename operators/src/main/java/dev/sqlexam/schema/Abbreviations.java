package dev.sqlexam.schema;

import dev.sqlexam.model.Identifiers;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The abbreviation glossary (resources/glossary/abbreviations.tsv): qty → quantity, dept →
 * department.
 */
public final class Abbreviations {

    private static final Map<String, String> MAP = load();

    private Abbreviations() {}

    public static Map<String, String> all() {
        return Collections.unmodifiableMap(MAP);
    }

    public static String expand(String word) {
        return MAP.getOrDefault(word, word);
    }

    /** The words of an identifier with abbreviations expanded: "total_amt" → "total amount". */
    public static List<String> expandedWords(String identifier) {
        List<String> out = new ArrayList<>();
        for (String w : Identifiers.words(identifier)) {
            if (!w.isEmpty()) out.add(expand(w));
        }
        return out;
    }

    private static Map<String, String> load() {
        Map<String, String> map = new LinkedHashMap<>();
        try (InputStream in =
                Abbreviations.class.getResourceAsStream("/glossary/abbreviations.tsv")) {
            if (in == null) throw new IllegalStateException("missing glossary/abbreviations.tsv");
            BufferedReader reader =
                    new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = reader.readLine()) != null; ) {
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] parts = line.split("\t", 2);
                if (parts.length == 2 && !parts[0].equals(parts[1]))
                    map.put(parts[0].trim(), parts[1].trim());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return map;
    }
}
