package dev.sqlexam.jobs.assembly;

import dev.sqlexam.config.Settings;
import dev.sqlexam.llm.Generators;

import java.util.Map;

/**
 * One variant ready to run: its name, description and options as its file gave them, its settings
 * (its options over the command's) and its generator.
 */
public record ResolvedVariant(
        String name,
        String description,
        Map<String, String> options,
        Settings settings,
        Generators generators) {}
