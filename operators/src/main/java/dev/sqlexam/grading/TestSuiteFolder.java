package dev.sqlexam.grading;

import dev.sqlexam.benchmarks.BenchmarkReaders;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * A database's folder of Spider's official test-suite databases: {@code <dir>/<db_id>/}, whatever
 * case the benchmark gave its id, and in it every file whose name contains {@code .sqlite}, as
 * test-suite-sql-eval lists them.
 */
final class TestSuiteFolder {

    private TestSuiteFolder() {}

    /** The test-suite databases of {@code database} in {@code dir}, sorted; empty: none there. */
    static List<Path> databases(Path dir, String database) {
        Path folder = folder(dir, database);
        if (folder == null) return List.of();
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().contains(".sqlite"))
                    .filter(Files::isRegularFile)
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the test-suite folder " + folder, e);
        }
    }

    private static Path folder(Path dir, String database) {
        Path direct = dir.resolve(database);
        if (Files.isDirectory(direct)) return direct;
        if (!Files.isDirectory(dir)) return null;
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(Files::isDirectory)
                    .filter(
                            p ->
                                    BenchmarkReaders.database(p.getFileName().toString())
                                            .equals(database))
                    .findFirst()
                    .orElse(null);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the test-suite folder " + dir, e);
        }
    }
}
