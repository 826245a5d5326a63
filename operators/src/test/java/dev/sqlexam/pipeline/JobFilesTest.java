package dev.sqlexam.pipeline;

import dev.sqlexam.config.JobFiles;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.schema.ModuleAssigner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class JobFilesTest {

    @TempDir Path tmp;

    @Test
    void aShippedFolderArrivesWithTheFilesWorkersReadAndWithoutTheSqlMigrations() throws Exception {
        Path migrations = TestDatabase.migrationsDir();
        JobFiles shipped = roundTrip(JobResources.migrationsFolder(migrations, true));

        Path copy = shipped.path();
        assertThat(copy).isNotEqualTo(migrations.toAbsolutePath());
        assertThat(copy.resolve("erp/module_mapping.json"))
                .hasSameTextualContentAs(migrations.resolve("erp/module_mapping.json"));
        assertThat(copy.resolve("erp/confusable_tables.json")).exists();
        assertThat(filesUnder(copy.resolve("erp/docs")))
                .isEqualTo(filesUnder(migrations.resolve("erp/docs")))
                .isPositive();
        try (Stream<Path> all = Files.walk(copy)) {
            assertThat(all.map(p -> p.getFileName().toString()))
                    .noneMatch(n -> n.matches("V\\d+__.*\\.sql"));
        }
        assertThat(ModuleAssigner.forDatabase(copy, "erp").keywords())
                .isEqualTo(ModuleAssigner.forDatabase(migrations, "erp").keywords())
                .isNotEmpty();
        assertThat(shipped.path()).isSameAs(copy);
    }

    @Test
    void aShippedFileIsReadFromItsCopyOnceTheOriginalIsGone() throws Exception {
        Path log = Files.writeString(tmp.resolve("exam_log.jsonl"), "{\"question_id\":\"q1\"}\n");
        JobFiles shipped = roundTrip(JobFiles.shipped(log, any -> true));
        Files.delete(log);

        assertThat(shipped.path())
                .hasFileName("exam_log.jsonl")
                .hasContent("{\"question_id\":\"q1\"}");
        assertThat(
                        roundTrip(
                                        JobFiles.shipped(
                                                Files.writeString(
                                                        tmp.resolve("exam_log.jsonl"),
                                                        "{\"question_id\":\"q1\"}\n"),
                                                any -> true))
                                .path())
                .isEqualTo(shipped.path());
    }

    @Test
    void aLocalOneIsThePathItself() throws Exception {
        assertThat(roundTrip(JobFiles.local(tmp)).path()).isEqualTo(tmp.toAbsolutePath());
        assertThat(JobFiles.local(tmp).isShipped()).isFalse();
    }

    @Test
    void aMissingFolderShipsEmptyAsItReadsEmptyInPlace() throws Exception {
        Path copy = roundTrip(JobFiles.shipped(tmp.resolve("missing"), any -> true)).path();
        assertThat(copy).isDirectory().isEmptyDirectory();
    }

    private static long filesUnder(Path dir) throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).count();
        }
    }

    private static JobFiles roundTrip(JobFiles files) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(files);
        }
        try (ObjectInputStream in =
                new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (JobFiles) in.readObject();
        }
    }
}
