package dev.sqlexam.jobs.run;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.RejectedLine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
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

    /**
     * The distinct databases on a server the JSON lines of {@code file} name in their {@code db}
     * field (not SQLite files): a query log's, whose events are not exam questions. A line that is
     * not JSON is the parser's business, not this scan's.
     */
    public static Set<String> databasesNamedIn(Path file) throws IOException {
        Set<String> dbs = new TreeSet<>();
        try (Stream<String> lines = Files.lines(file, StandardCharsets.UTF_8)) {
            lines.forEach(
                    line -> {
                        var node = Json.treeOrNull(line);
                        if (node != null
                                && node.path("db").isTextual()
                                && !node.hasNonNull("db_file")
                                && JdbcUrlTemplate.isSafeDatabaseName(node.path("db").asText())) {
                            dbs.add(node.path("db").asText());
                        }
                    });
        }
        return dbs;
    }
}
