package dev.sqlexam.jobs.run;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.RejectedLine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Reads exam-set files outside Flink (for checks and tools): a file, or every *.jsonl in a folder.
 */
public final class ExamSetFiles {

    /** The questions read and the lines rejected, in file order. */
    public record Read(List<ExamQuestion> questions, List<RejectedLine> rejected) {}

    private ExamSetFiles() {}

    public static List<Path> resolve(Path path) {
        if (Files.isRegularFile(path)) return List.of(path);
        if (!Files.isDirectory(path)) throw new IllegalArgumentException("no exam set at " + path);
        try (Stream<Path> files = Files.list(path)) {
            List<Path> sets =
                    files.filter(p -> p.getFileName().toString().endsWith(".jsonl"))
                            .sorted()
                            .toList();
            if (sets.isEmpty())
                throw new IllegalArgumentException("no *.jsonl exam set in " + path);
            return sets;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + path, e);
        }
    }

    /** The questions of {@code file} on a server holding {@code databases} (null: any). */
    public static Read read(Path file, Set<String> databases) {
        return ExamSetContent.read(file).on(databases);
    }

    /** The distinct databases on a server an exam set's lines name (not SQLite files). */
    public static Set<String> databasesIn(Path examSet) {
        return ExamSetContent.read(examSet).databasesNamed();
    }
}
