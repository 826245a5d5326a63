package dev.sqlexam.jobs.exam;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.Migrations;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.grading.ExamSetChecker;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.sql.ReadOnlyExecutor;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** The ERP exam set: its composition, and the gold health check it must pass. */
class ErpExamSetITCase {

    private static JdbcUrlTemplate admin;
    private static ExamSetFiles.Read read;

    @BeforeAll
    static void load() throws Exception {
        String url = TestDatabase.url();
        admin = new JdbcUrlTemplate(url);
        Migrations.migrateAll(admin, Home.migrations());
        Path set = Home.resolve().resolve("exam-sets/erp/erp.jsonl");
        read =
                ExamSetFiles.read(
                        set,
                        dev.sqlexam.database.ServerProbe.of(admin, java.util.List.of())
                                .databases());
    }

    @Test
    void coversEveryModuleAndDifficulty() {
        List<ExamQuestion> qs = read.questions();
        assertThat(read.rejected()).isEmpty();
        assertThat(qs).hasSizeGreaterThanOrEqualTo(150);
        Map<String, Long> byDifficulty =
                qs.stream()
                        .collect(
                                Collectors.groupingBy(
                                        ExamQuestion::difficulty, Collectors.counting()));
        assertThat(byDifficulty.get("easy")).isGreaterThanOrEqualTo(50);
        assertThat(byDifficulty.get("medium")).isGreaterThanOrEqualTo(60);
        assertThat(byDifficulty.get("hard")).isGreaterThanOrEqualTo(40);
        Map<String, Long> byModule =
                qs.stream()
                        .collect(
                                Collectors.groupingBy(ExamQuestion::module, Collectors.counting()));
        assertThat(byModule)
                .containsKeys(
                        "HR",
                        "Finance",
                        "Sales",
                        "Inventory",
                        "Purchasing",
                        "Projects",
                        "Manufacturing",
                        "CRM");
        assertThat(byModule.get("Cross-Module")).isGreaterThanOrEqualTo(15);
        assertThat(qs)
                .allSatisfy(
                        q -> {
                            assertThat(q.goldTables()).as(q.id()).isNotEmpty();
                            assertThat(q.db()).isEqualTo("erp");
                        });
    }

    @Test
    void everyGoldRunsIsNonEmptyDeterministicAndFreeOfLimitTies() throws Exception {
        Settings settings =
                Settings.resolve(
                        Map.of(),
                        Map.of(),
                        Map.of(SqlExamOptions.JDBC_URL.key(), admin.template()));
        ReaderAccess reader = ReaderAccess.resolve(admin, "sqlexam", null);
        try (PooledConnections connections =
                new PooledConnections(
                        reader.url(), reader.initSql(), true, ConnectionPolicy.DEFAULT)) {
            ExamSetChecker checker =
                    new ExamSetChecker(
                            new ReadOnlyExecutor(
                                    connections,
                                    settings.get(SqlExamOptions.STATEMENT_TIMEOUT_MS),
                                    settings.get(SqlExamOptions.ROW_CAP)),
                            4);
            List<ExamSetChecker.Finding> findings =
                    checker.check(read.questions()).stream()
                            .flatMap(r -> r.findings().stream())
                            .toList();
            assertThat(findings).isEmpty();
        }
    }
}
