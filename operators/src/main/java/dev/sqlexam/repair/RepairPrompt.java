package dev.sqlexam.repair;

import dev.sqlexam.llm.PromptTemplates;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The repair prompt of seed 004 §6f: the base (the original question prompt, never mutated) plus
 * the delta blocks this attempt has material for, each from its template file.
 */
public final class RepairPrompt {

    /** A delta block by its seed name and the text it adds. */
    public record Delta(String name, String text) implements Serializable {}

    private static final Map<String, String> TEMPLATES =
            Map.of(
                    "POSTGRES", "repair_delta_postgres.txt",
                    "MINIMAL_WHITELIST", "repair_delta_minimal_whitelist.txt",
                    "CROSS_TABLE", "repair_delta_cross_table.txt",
                    "PHANTOM_COLUMN", "repair_delta_phantom_column.txt",
                    "COLUMN_CANDIDATES", "repair_delta_column_candidates.txt",
                    "VALIDATOR", "repair_delta_validator.txt",
                    "SEMANTIC", "repair_delta_semantic.txt");

    private RepairPrompt() {}

    public static Delta delta(String name, Map<String, String> values) {
        String text = PromptTemplates.template(TEMPLATES.get(name));
        for (Map.Entry<String, String> v : values.entrySet())
            text = text.replace("{{" + v.getKey() + "}}", v.getValue() == null ? "" : v.getValue());
        return new Delta(name, text.strip());
    }

    public static String build(String base, int attempt, int maxAttempts, List<Delta> deltas) {
        List<String> blocks = new ArrayList<>();
        deltas.forEach(d -> blocks.add(d.text()));
        return PromptTemplates.template("repair.txt")
                .replace("{{base}}", base.strip())
                .replace("{{attempt}}", String.valueOf(attempt))
                .replace("{{max_attempts}}", String.valueOf(maxAttempts))
                .replace("{{deltas}}", String.join("\n\n", blocks))
                .strip();
    }
}
