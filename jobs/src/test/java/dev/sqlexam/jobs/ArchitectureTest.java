package dev.sqlexam.jobs;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;

import java.util.Arrays;
import java.util.List;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * DESIGN.md's layers, over both modules: every package belongs to a layer (a new package that fits
 * none fails), each layer uses only the ones below it, no two packages form a cycle (each package
 * its own slice), the use cases under {@code jobs} do not call into each other (the bench, a layer
 * above them, runs them whole), the commands reach the logic, data, pipeline and reports only
 * through those, the exam log's records import nothing of ours, and only the Flink adapters
 * (operators, job graphs, where jobs run) see Flink.
 */
@AnalyzeClasses(
        packages = "dev.sqlexam",
        importOptions = {ImportOption.DoNotIncludeTests.class, ArchitectureTest.NoTestJars.class})
class ArchitectureTest {

    /**
     * The operators' test helpers reach this module as a test-jar, which DoNotIncludeTests
     * (test-class folders) does not see.
     */
    static final class NoTestJars implements ImportOption {
        @Override
        public boolean includes(Location location) {
            return !location.contains("-tests.jar");
        }
    }

    private static final String[] USE_CASES = {
        "dev.sqlexam.jobs.exam..",
        "dev.sqlexam.jobs.watch..",
        "dev.sqlexam.jobs.ask..",
        "dev.sqlexam.jobs.importer..",
        "dev.sqlexam.jobs.querylog.."
    };
    private static final String[] STAGES = {
        "dev.sqlexam.grading..",
        "dev.sqlexam.evaluation..",
        "dev.sqlexam.repair..",
        "dev.sqlexam.llm..",
        "dev.sqlexam.prompt..",
        "dev.sqlexam.retrieval..",
        "dev.sqlexam.embedding..",
        "dev.sqlexam.watch..",
        "dev.sqlexam.suite.."
    };
    private static final String[] DATA = {
        "dev.sqlexam.sql..",
        "dev.sqlexam.schema..",
        "dev.sqlexam.database..",
        "dev.sqlexam.examset..",
        "dev.sqlexam.benchmarks..",
        "dev.sqlexam.predictions..",
        "dev.sqlexam.querylog.."
    };

    @ArchTest
    static final ArchRule no_two_packages_form_a_cycle =
            slices().matching("dev.sqlexam.(**)").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule layers_use_only_the_layers_below =
            layeredArchitecture()
                    .consideringOnlyDependenciesInLayers()
                    .ensureAllClassesAreContainedInArchitecture()
                    .layer("cli")
                    .definedBy("dev.sqlexam.jobs.cli..")
                    // the bench's own module: not on this module's class path, so the layer is
                    // empty here
                    .optionalLayer("bench")
                    .definedBy("dev.sqlexam.bench..")
                    .layer("use cases")
                    .definedBy(USE_CASES)
                    .layer("run report")
                    .definedBy("dev.sqlexam.jobs.report..")
                    .layer("assembly")
                    .definedBy("dev.sqlexam.jobs.assembly..")
                    .layer("runtime")
                    .definedBy("dev.sqlexam.jobs.runtime..")
                    .layer("graph")
                    .definedBy("dev.sqlexam.jobs.graph..")
                    .layer("run files")
                    .definedBy("dev.sqlexam.jobs.run..")
                    .layer("flink")
                    .definedBy("dev.sqlexam.flink..")
                    .layer("pipeline")
                    .definedBy("dev.sqlexam.pipeline..")
                    .layer("report")
                    .definedBy("dev.sqlexam.report..")
                    .layer("logic")
                    .definedBy(STAGES)
                    .layer("data")
                    .definedBy(DATA)
                    .layer("config")
                    .definedBy("dev.sqlexam.config..")
                    .layer("records")
                    .definedBy("dev.sqlexam.model..", "dev.sqlexam.json..", "dev.sqlexam.io..")
                    .whereLayer("cli")
                    .mayNotBeAccessedByAnyLayer()
                    .whereLayer("bench")
                    .mayOnlyBeAccessedByLayers("cli")
                    .whereLayer("use cases")
                    .mayOnlyBeAccessedByLayers("cli", "bench")
                    .whereLayer("run report")
                    .mayOnlyBeAccessedByLayers("cli", "bench", "use cases")
                    .whereLayer("assembly")
                    .mayOnlyBeAccessedByLayers("cli", "bench", "use cases")
                    .whereLayer("runtime")
                    .mayOnlyBeAccessedByLayers("cli", "bench", "use cases", "assembly")
                    .whereLayer("graph")
                    .mayOnlyBeAccessedByLayers("cli", "bench", "use cases", "assembly", "runtime")
                    .whereLayer("run files")
                    .mayOnlyBeAccessedByLayers(
                            "cli", "bench", "use cases", "run report", "assembly", "runtime")
                    .whereLayer("flink")
                    .mayOnlyBeAccessedByLayers(
                            "cli", "bench", "use cases", "assembly", "runtime", "graph")
                    .whereLayer("pipeline")
                    .mayOnlyBeAccessedByLayers(
                            "cli",
                            "bench",
                            "use cases",
                            "assembly",
                            "runtime",
                            "graph",
                            "run files",
                            "flink")
                    .whereLayer("report")
                    .mayOnlyBeAccessedByLayers(
                            "cli",
                            "bench",
                            "use cases",
                            "run report",
                            "assembly",
                            "runtime",
                            "graph",
                            "run files",
                            "flink",
                            "pipeline")
                    .whereLayer("logic")
                    .mayOnlyBeAccessedByLayers(
                            "cli",
                            "bench",
                            "use cases",
                            "run report",
                            "assembly",
                            "runtime",
                            "graph",
                            "run files",
                            "flink",
                            "pipeline",
                            "report")
                    .whereLayer("data")
                    .mayOnlyBeAccessedByLayers(
                            "cli",
                            "bench",
                            "use cases",
                            "run report",
                            "assembly",
                            "runtime",
                            "graph",
                            "run files",
                            "flink",
                            "pipeline",
                            "report",
                            "logic")
                    .whereLayer("config")
                    .mayOnlyBeAccessedByLayers(
                            "cli",
                            "bench",
                            "use cases",
                            "run report",
                            "assembly",
                            "runtime",
                            "graph",
                            "run files",
                            "flink",
                            "pipeline",
                            "report",
                            "logic",
                            "data");

    @ArchTest
    static final ArchRule no_use_case_calls_into_another =
            CompositeArchRule.of(
                    Arrays.stream(USE_CASES)
                            .map(
                                    useCase ->
                                            noClasses()
                                                    .that()
                                                    .resideInAPackage(useCase)
                                                    .should()
                                                    .dependOnClassesThat()
                                                    .resideInAnyPackage(others(useCase))
                                                    .as(
                                                            "no class in "
                                                                    + useCase
                                                                    + " uses another use case's classes"))
                            .toList());

    @ArchTest
    static final ArchRule cli_holds_commands_only =
            noClasses()
                    .that()
                    .resideInAPackage("dev.sqlexam.jobs.cli..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(STAGES)
                    .orShould()
                    .dependOnClassesThat()
                    .resideInAnyPackage(DATA)
                    .orShould()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "dev.sqlexam.pipeline..",
                            "dev.sqlexam.flink..",
                            "dev.sqlexam.jobs.graph..",
                            "dev.sqlexam.report..")
                    .because(
                            "the commands parse arguments and call a use case, the bench or the run files and runtime;"
                                    + " the logic, the data, the pipeline and its graphs sit behind those");

    @ArchTest
    static final ArchRule the_exam_log_records_import_nothing_of_ours =
            noClasses()
                    .that()
                    .resideInAPackage("dev.sqlexam.model..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "dev.sqlexam.json..",
                            "dev.sqlexam.config..",
                            "dev.sqlexam.report..",
                            "dev.sqlexam.pipeline..",
                            "dev.sqlexam.flink..",
                            "dev.sqlexam.jobs..")
                    .orShould()
                    .dependOnClassesThat()
                    .resideInAnyPackage(STAGES)
                    .orShould()
                    .dependOnClassesThat()
                    .resideInAnyPackage(DATA);

    @ArchTest
    static final ArchRule only_the_flink_adapters_see_flink =
            noClasses()
                    .that()
                    .resideOutsideOfPackages(
                            "dev.sqlexam.flink..",
                            "dev.sqlexam.jobs.graph..",
                            "dev.sqlexam.jobs.runtime..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAPackage("org.apache.flink..")
                    .because(
                            "operators, job graphs and where jobs run are the Flink adapters; everything else is plain Java");

    private static String[] others(String useCase) {
        List<String> out = Arrays.stream(USE_CASES).filter(u -> !u.equals(useCase)).toList();
        return out.toArray(String[]::new);
    }
}
