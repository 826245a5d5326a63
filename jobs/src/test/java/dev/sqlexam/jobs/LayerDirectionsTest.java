package dev.sqlexam.jobs;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

/**
 * The direction inside the logic and the data layers (docs/architecture.md): a logic package uses
 * only the ones below it (the watch and the test suites grade; grading and evaluation use repair;
 * repair and retrieval reach the model and the prompts below), and a data package only the data
 * packages below it (query logs and predictions files read exam sets; exam sets and benchmarks use
 * the database and SQL helpers).
 */
@AnalyzeClasses(
        packages = "dev.sqlexam",
        importOptions = {ImportOption.DoNotIncludeTests.class, ArchitectureTest.NoTestJars.class})
class LayerDirectionsTest {

    @ArchTest
    static final ArchRule logic_uses_only_the_logic_below =
            layeredArchitecture()
                    .consideringOnlyDependenciesInLayers()
                    .layer("watch and suites")
                    .definedBy("dev.sqlexam.watch..", "dev.sqlexam.suite..")
                    .layer("grading and evaluation")
                    .definedBy("dev.sqlexam.grading..", "dev.sqlexam.evaluation..")
                    .layer("repair and retrieval")
                    .definedBy("dev.sqlexam.repair..", "dev.sqlexam.retrieval..")
                    .layer("model calls")
                    .definedBy("dev.sqlexam.llm..")
                    .layer("prompts and embeddings")
                    .definedBy("dev.sqlexam.prompt..", "dev.sqlexam.embedding..")
                    .whereLayer("watch and suites")
                    .mayNotBeAccessedByAnyLayer()
                    .whereLayer("grading and evaluation")
                    .mayOnlyBeAccessedByLayers("watch and suites")
                    .whereLayer("repair and retrieval")
                    .mayOnlyBeAccessedByLayers("watch and suites", "grading and evaluation")
                    .whereLayer("model calls")
                    .mayOnlyBeAccessedByLayers(
                            "watch and suites", "grading and evaluation", "repair and retrieval")
                    .whereLayer("prompts and embeddings")
                    .mayOnlyBeAccessedByLayers(
                            "watch and suites",
                            "grading and evaluation",
                            "repair and retrieval",
                            "model calls")
                    .as("each logic package uses only the logic packages below it");

    @ArchTest
    static final ArchRule data_packages_use_only_those_below =
            layeredArchitecture()
                    .consideringOnlyDependenciesInLayers()
                    .layer("logs and predictions")
                    .definedBy("dev.sqlexam.querylog..", "dev.sqlexam.predictions..")
                    .layer("exam sets and benchmarks")
                    .definedBy("dev.sqlexam.examset..", "dev.sqlexam.benchmarks..")
                    .layer("database")
                    .definedBy("dev.sqlexam.database..")
                    .layer("sql and schema")
                    .definedBy("dev.sqlexam.sql..", "dev.sqlexam.schema..")
                    .whereLayer("logs and predictions")
                    .mayNotBeAccessedByAnyLayer()
                    .whereLayer("exam sets and benchmarks")
                    .mayOnlyBeAccessedByLayers("logs and predictions")
                    .whereLayer("database")
                    .mayOnlyBeAccessedByLayers("logs and predictions", "exam sets and benchmarks")
                    .whereLayer("sql and schema")
                    .mayOnlyBeAccessedByLayers(
                            "logs and predictions", "exam sets and benchmarks", "database")
                    .as("each data package uses only the data packages below it");
}
