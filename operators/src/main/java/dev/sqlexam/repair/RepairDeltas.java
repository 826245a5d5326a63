package dev.sqlexam.repair;

import dev.sqlexam.repair.RepairLoop.Check;
import dev.sqlexam.repair.RepairLoop.Context;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The delta blocks of a repair prompt, in this order: the server's error (POSTGRES), the minimal
 * whitelist, cross-table and phantom-column hints, the column candidates, the validator's issues,
 * and what contradicts the question (SEMANTIC).
 */
final class RepairDeltas {

    private RepairDeltas() {}

    static List<RepairPrompt.Delta> of(
            String sql, Check failure, DeterministicFixes.Fix fix, Context ctx) {
        List<RepairPrompt.Delta> out = new ArrayList<>();
        if (failure.sqlstate() != null || failure.message() != null)
            out.add(postgres(sql, failure));
        columnDeltas(fix, out);
        if (!failure.issues().isEmpty()) out.add(lines("VALIDATOR", failure.issues()));
        List<String> semantic =
                ctx.semantic() == null ? List.of() : ctx.semantic().contradictions(sql);
        if (!semantic.isEmpty()) out.add(lines("SEMANTIC", semantic));
        return out;
    }

    private static RepairPrompt.Delta postgres(String sql, Check failure) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("sqlstate", failure.sqlstate() == null ? "-" : failure.sqlstate());
        v.put("message", failure.message());
        v.put("hint", failure.hint() == null ? "" : "Hint: " + failure.hint());
        v.put("sql", sql);
        return RepairPrompt.delta("POSTGRES", v);
    }

    /** What the column autocorrect and the surgical whitelist found about an unknown column. */
    private static void columnDeltas(DeterministicFixes.Fix fix, List<RepairPrompt.Delta> out) {
        Autocorrect.ColumnFix c = fix.columnFix();
        boolean whitelisted = fix.whitelist() != null && !fix.whitelist().whitelist().isEmpty();
        if (whitelisted) {
            out.add(
                    RepairPrompt.delta(
                            "MINIMAL_WHITELIST",
                            Map.of(
                                    "column",
                                    c == null ? "" : c.ref().column(),
                                    "whitelist",
                                    String.join(
                                            "\n",
                                            SurgicalWhitelist.render(
                                                    fix.whitelist().whitelist())))));
        }
        if (c == null) return;
        if (c.crossTableHint() != null)
            out.add(RepairPrompt.delta("CROSS_TABLE", Map.of("hint", c.crossTableHint())));
        if (c.phantomHint() != null)
            out.add(RepairPrompt.delta("PHANTOM_COLUMN", Map.of("hint", c.phantomHint())));
        if (!whitelisted && !c.candidates().isEmpty()) {
            out.add(
                    RepairPrompt.delta(
                            "COLUMN_CANDIDATES",
                            Map.of(
                                    "column",
                                    c.ref().column(),
                                    "candidates",
                                    String.join(", ", Autocorrect.describe(c.candidates(), 5)))));
        }
    }

    /** A delta whose "issues" are the given lines, each as "- line". */
    private static RepairPrompt.Delta lines(String name, List<String> issues) {
        return RepairPrompt.delta(
                name,
                Map.of("issues", String.join("\n", issues.stream().map(i -> "- " + i).toList())));
    }
}
