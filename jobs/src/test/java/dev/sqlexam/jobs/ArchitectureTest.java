package dev.sqlexam.jobs;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * DESIGN.md's layers, over both modules: each layer uses only the ones below it, the packages form no cycle, the
 * exam log's records import nothing of ours, and only the flink and jobs layers see Flink.
 */
@AnalyzeClasses(packages = "dev.sqlexam", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    private static final String[] STAGES = {"dev.sqlexam.grading..", "dev.sqlexam.evaluation..", "dev.sqlexam.repair..",
        "dev.sqlexam.llm..", "dev.sqlexam.prompt..", "dev.sqlexam.retrieval..", "dev.sqlexam.routing..", "dev.sqlexam.embedding..",
        "dev.sqlexam.watch.."};
    private static final String[] DATA = {"dev.sqlexam.sql..", "dev.sqlexam.schema..", "dev.sqlexam.database..", "dev.sqlexam.examset..",
        "dev.sqlexam.benchmarks..", "dev.sqlexam.predictions..", "dev.sqlexam.querylog.."};

    @ArchTest
    static final ArchRule packages_form_no_cycle = slices().matching("dev.sqlexam.(*)..").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule layers_use_only_the_layers_below = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .withOptionalLayers(true)
            .layer("jobs").definedBy("dev.sqlexam.jobs..")
            .layer("flink").definedBy("dev.sqlexam.flink..")
            .layer("pipeline").definedBy("dev.sqlexam.pipeline..")
            .layer("report").definedBy("dev.sqlexam.report..")
            .layer("stages").definedBy(STAGES)
            .layer("data").definedBy(DATA)
            .layer("config").definedBy("dev.sqlexam.config..")
            .layer("records").definedBy("dev.sqlexam.model..", "dev.sqlexam.json..")
            .whereLayer("jobs").mayNotBeAccessedByAnyLayer()
            .whereLayer("flink").mayOnlyBeAccessedByLayers("jobs")
            .whereLayer("pipeline").mayOnlyBeAccessedByLayers("jobs", "flink")
            .whereLayer("report").mayOnlyBeAccessedByLayers("jobs", "flink", "pipeline")
            .whereLayer("stages").mayOnlyBeAccessedByLayers("jobs", "flink", "pipeline", "report")
            .whereLayer("data").mayOnlyBeAccessedByLayers("jobs", "flink", "pipeline", "report", "stages")
            .whereLayer("config").mayOnlyBeAccessedByLayers("jobs", "flink", "pipeline", "report", "stages", "data");

    @ArchTest
    static final ArchRule the_exam_log_records_import_nothing_of_ours = noClasses().that().resideInAPackage("dev.sqlexam.model..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.sqlexam.json..", "dev.sqlexam.config..", "dev.sqlexam.report..",
                    "dev.sqlexam.flink..", "dev.sqlexam.jobs..")
            .orShould().dependOnClassesThat().resideInAnyPackage(STAGES)
            .orShould().dependOnClassesThat().resideInAnyPackage(DATA);

    @ArchTest
    static final ArchRule only_flink_and_jobs_see_flink = noClasses()
            .that().resideOutsideOfPackages("dev.sqlexam.flink..", "dev.sqlexam.jobs..")
            .should().dependOnClassesThat().resideInAPackage("org.apache.flink..");
}
