package dev.sqlexam;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** Pure packages never import Flink; nothing imports the jobs module. */
@AnalyzeClasses(packages = "dev.sqlexam", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule pure_packages_do_not_use_flink = noClasses()
            .that().resideOutsideOfPackage("dev.sqlexam.flink..")
            .should().dependOnClassesThat().resideInAPackage("org.apache.flink..");

    @ArchTest
    static final ArchRule operators_do_not_use_jobs = noClasses()
            .should().dependOnClassesThat().resideInAPackage("dev.sqlexam.jobs..");
}
