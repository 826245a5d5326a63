package dev.sqlexam.jobs.runtime;

import dev.sqlexam.schema.Abbreviations;
import dev.sqlexam.schema.DatabaseSchema;
import dev.sqlexam.schema.ModuleAssigner;
import dev.sqlexam.schema.TableInfo;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The texts an index run embeds for module routing. */
final class ModuleTexts {

    private ModuleTexts() {}

    /**
     * Each module's routing text: its description (if any), keywords, and the words of its table
     * names.
     */
    static Map<String, String> of(DatabaseSchema schema, ModuleAssigner modules) {
        Map<String, StringBuilder> texts = new TreeMap<>();
        for (TableInfo t : schema.tables()) {
            StringBuilder sb =
                    texts.computeIfAbsent(
                            t.module(),
                            m ->
                                    new StringBuilder(
                                            modules.descriptions().getOrDefault(m, m)
                                                    + " "
                                                    + String.join(
                                                            " ",
                                                            modules.keywords()
                                                                    .getOrDefault(m, List.of()))
                                                    + ". Tables:"));
            sb.append(' ')
                    .append(String.join(" ", Abbreviations.expandedWords(t.name())))
                    .append(',');
        }
        Map<String, String> out = new LinkedHashMap<>();
        texts.forEach((m, sb) -> out.put(m, sb.toString()));
        return out;
    }
}
