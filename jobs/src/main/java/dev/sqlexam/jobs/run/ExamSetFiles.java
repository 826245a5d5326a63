package dev.sqlexam.jobs.run;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.examset.ExamLineParser;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.RejectedLine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

    public static Read read(Path file, Set<String> databases) {
        if (!Files.isRegularFile(file))
            throw new IllegalArgumentException("no exam set at " + file);
        ExamLineParser parser = new ExamLineParser(file.toString(), databases);
        List<ExamQuestion> questions = new ArrayList<>();
        List<RejectedLine> rejected = new ArrayList<>();
        Map<String, Long> seen = new HashMap<>();
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                ExamLineParser.Parsed parsed = parser.parse(i + 1, lines.get(i));
                if (parsed.rejected() != null) {
                    rejected.add(parsed.rejected());
                } else if (parsed.question() != null) {
                    Long first = seen.putIfAbsent(parsed.question().id(), (long) i + 1);
                    if (first != null) {
                        rejected.add(
                                new RejectedLine(
                                        file.toString(),
                                        i + 1,
                                        "duplicate id '"
                                                + parsed.question().id()
                                                + "' (first on line "
                                                + first
                                                + ")",
                                        lines.get(i)));
                    } else {
                        questions.add(parsed.question());
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return new Read(questions, rejected);
    }

    /**
     * The distinct db values of an exam set that name databases on the server (not SQLite files);
     * unreadable lines are the parser's business, not this scan's.
     */
    public static Set<String> databasesIn(Path examSet) throws IOException {
        Set<String> dbs = new TreeSet<>();
        try (Stream<String> lines = Files.lines(examSet, StandardCharsets.UTF_8)) {
            lines.forEach(
                    line -> {
                        // an unreadable line (null) is rejected later, with its line number, by
                        // the parse operator
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

    /** Whether a line of the exam set names a SQLite file ({@code db_file}). */
    public static boolean namesSqliteFiles(Path examSet) {
        if (!Files.isRegularFile(examSet)) return false;
        try (Stream<String> lines = Files.lines(examSet, StandardCharsets.UTF_8)) {
            return lines.anyMatch(
                    line -> {
                        // an unreadable line (null) is rejected later, with its line number, by
                        // the parse operator
                        var node = Json.treeOrNull(line);
                        return node != null && node.hasNonNull("db_file");
                    });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + examSet, e);
        }
    }

    /** The exam set's non-blank lines: the questions a run expects, before any is rejected. */
    public static long countLines(Path file) throws IOException {
        try (Stream<String> lines = Files.lines(file, StandardCharsets.UTF_8)) {
            return lines.filter(l -> !l.isBlank()).count();
        }
    }
}
