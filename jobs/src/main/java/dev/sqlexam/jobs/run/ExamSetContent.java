package dev.sqlexam.jobs.run;

import dev.sqlexam.examset.ExamLineParser;
import dev.sqlexam.examset.NumberedLineReader;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.NumberedLine;
import dev.sqlexam.model.RejectedLine;
import dev.sqlexam.model.Sha256;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * An exam set file read once: its bytes' SHA-256 and each non-blank line parsed, before the
 * server's list of databases is known. {@link #on} gives the questions and rejected lines of a run
 * on a server; the run, its pre-flight, its provenance and its graph all take them from here.
 */
public final class ExamSetContent {

    private record Line(long number, String text, ExamLineParser.Parsed parsed) {}

    private final Path file;
    private final String sha256;
    private final ExamLineParser parser;
    private final List<Line> lines;

    /** What {@link #on} gave for each server's databases (null: any): a run asks more than once. */
    private final Map<Set<String>, ExamSetFiles.Read> byServer = new HashMap<>();

    private ExamSetContent(Path file, String sha256, ExamLineParser parser, List<Line> lines) {
        this.file = file;
        this.sha256 = sha256;
        this.parser = parser;
        this.lines = lines;
    }

    /** The file read as the exam job's file source reads it (UTF-8, a leading BOM dropped). */
    public static ExamSetContent read(Path file) {
        if (!Files.isRegularFile(file))
            throw new IllegalArgumentException("exam set not found: " + file);
        byte[] bytes;
        List<NumberedLine> numbered;
        try {
            bytes = Files.readAllBytes(file);
            numbered = NumberedLineReader.readAll(new ByteArrayInputStream(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the exam set " + file, e);
        }
        ExamLineParser parser = new ExamLineParser(file.toString(), null);
        List<Line> lines = new ArrayList<>();
        for (NumberedLine l : numbered)
            if (!l.text().isBlank())
                lines.add(new Line(l.number(), l.text(), parser.parse(l.number(), l.text())));
        return new ExamSetContent(file, Sha256.hex(bytes), parser, List.copyOf(lines));
    }

    public Path file() {
        return file;
    }

    public String sha256() {
        return sha256;
    }

    /** Its non-blank lines: the questions a run expects, before any is rejected. */
    public long lineCount() {
        return lines.size();
    }

    /** The databases on a server its lines name. */
    public Set<String> databasesNamed() {
        Set<String> named = new TreeSet<>();
        for (Line l : lines)
            if (l.parsed().serverDatabase() != null) named.add(l.parsed().serverDatabase());
        return Collections.unmodifiableSet(named);
    }

    /** Whether a question is on a SQLite file. */
    public boolean onSqlite() {
        return lines.stream()
                .anyMatch(l -> l.parsed().question() != null && l.parsed().question().onSqlite());
    }

    /**
     * The questions on a server holding {@code databases} (null: any) and the lines rejected, in
     * file order: malformed lines, lines naming a database the server lacks, repeated ids.
     */
    public synchronized ExamSetFiles.Read on(Set<String> databases) {
        return byServer.computeIfAbsent(
                databases == null ? null : Set.copyOf(databases), this::parsedOn);
    }

    private ExamSetFiles.Read parsedOn(Set<String> databases) {
        List<ExamQuestion> questions = new ArrayList<>();
        List<RejectedLine> rejected = new ArrayList<>();
        Map<String, Long> firstLineOfId = new HashMap<>();
        for (Line l : lines) {
            ExamLineParser.Parsed parsed =
                    parser.onServer(l.parsed(), l.number(), l.text(), databases);
            if (parsed.rejected() != null) {
                rejected.add(parsed.rejected());
                continue;
            }
            ExamQuestion q = parsed.question();
            Long first = firstLineOfId.putIfAbsent(q.id(), l.number());
            if (first == null) {
                questions.add(q);
            } else {
                rejected.add(
                        new RejectedLine(
                                file.toString(),
                                l.number(),
                                "duplicate id '" + q.id() + "' (first on line " + first + ")",
                                l.text()));
            }
        }
        return new ExamSetFiles.Read(List.copyOf(questions), List.copyOf(rejected));
    }
}
