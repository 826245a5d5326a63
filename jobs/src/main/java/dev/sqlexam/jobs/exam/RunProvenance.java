package dev.sqlexam.jobs.exam;

import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.assembly.ComposedRun;
import dev.sqlexam.jobs.assembly.ResolvedVariant;
import dev.sqlexam.jobs.run.Provenance;
import dev.sqlexam.jobs.run.ProvenanceCollector;
import dev.sqlexam.pipeline.Answers;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a run depends on: its inputs, the server and databases as they are now, the index,
 * generators and options.
 */
final class RunProvenance {

    private RunProvenance() {}

    static Provenance of(ComposedRun run, Answers answers) {
        Map<String, String> generators = new LinkedHashMap<>();
        for (ResolvedVariant v : run.variants()) {
            String name = v.generators().name();
            boolean remote = name.equals("openai") || name.equals("ollama");
            generators.put(
                    v.name(),
                    remote
                            ? Provenance.generatorDescription(
                                    name,
                                    v.settings().get(SqlExamOptions.LLM_URL),
                                    v.settings().get(SqlExamOptions.LLM_MODEL))
                            : name);
        }
        Set<String> databases =
                run.admin().perDatabase()
                        ? run.definition().databases()
                        : Set.of(run.admin().fixedDatabase());
        String model =
                run.dimensions().isEmpty()
                        ? null
                        : String.join(", ", new TreeSet<>(run.dimensions().keySet()));
        return ProvenanceCollector.collect(
                run.definition().settings(),
                run.admin(),
                run.state(),
                run.definition().examSet().sha256(),
                answers instanceof Answers.Submitted s ? s.files() : List.of(),
                databases,
                generators,
                model);
    }
}
