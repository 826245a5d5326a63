package dev.sqlexam.jobs.assembly;

import dev.sqlexam.config.Settings;
import dev.sqlexam.jobs.run.Variant;
import dev.sqlexam.llm.Generators;

/**
 * One variant ready to run: the variant as its file gave it, its settings (its options over the
 * command's) and its generator.
 */
public record ResolvedVariant(Variant variant, Settings settings, Generators generators) {

    public String name() {
        return variant.name();
    }
}
