package dev.sqlexam.retrieval;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Splits per-table markdown docs (seed 001 format) into chunks: the overview (Purpose + Business
 * Context), one per column, one per query pattern, the relationships, and the examples. A file
 * without a "# Table:" header is skipped and reported, never fatal.
 */
public final class DocChunker {

    private static final Pattern TABLE_HEADER = Pattern.compile("(?m)^# Table:\\s*(\\S+)\\s*$");
    private static final Pattern RELATED = Pattern.compile("([a-z_][a-z0-9_]*)\\.[a-z_][a-z0-9_]*");

    /** The chunks read and the files passed over, with why. */
    public record Chunks(List<DocChunk> chunks, List<String> skipped) {}

    private DocChunker() {}

    private static final Pattern REFERENCES =
            Pattern.compile("(?:to|References|->)\\s+([a-z_][a-z0-9_]*)");
    private static final Pattern NEXT_SECTION = Pattern.compile("(?m)^## ");
    private static final Pattern SUBSECTION = Pattern.compile("(?m)^### (.+)$");
    private static final Map<String, Pattern> SECTIONS = new ConcurrentHashMap<>();

    /** A folder read before, by the names, sizes and times of its files when it was read. */
    private record Read(String files, Chunks chunks) {}

    private static final Map<Path, Read> READ = new ConcurrentHashMap<>();
    private static final Map<Path, Object> FOLDER_LOCKS = new ConcurrentHashMap<>();

    /**
     * The chunks of the docs in {@code docs}, read again only when a file there changed: every
     * subtask and job of a process asks for the same folder (subtasks asking at once wait for one
     * read).
     */
    public static Chunks fromFolder(Path docs) {
        Path key = folderKey(docs);
        synchronized (folderLock(key)) {
            String files = listing(key);
            Read read = READ.get(key);
            if (read != null && files != null && files.equals(read.files())) return read.chunks();
            Chunks chunks = readFolder(key);
            READ.put(key, new Read(files, chunks));
            return chunks;
        }
    }

    static Path folderKey(Path docs) {
        return docs.toAbsolutePath().normalize();
    }

    /** The lock of a docs folder: one thread at a time reads it. */
    private static Object folderLock(Path key) {
        return FOLDER_LOCKS.computeIfAbsent(key, k -> new Object());
    }

    private static String listing(Path docs) {
        if (!Files.isDirectory(docs)) return "";
        StringBuilder out = new StringBuilder();
        try (Stream<Path> files = Files.list(docs)) {
            for (Path f : files.sorted().toList())
                out.append(f.getFileName())
                        .append('\u0000')
                        .append(Files.size(f))
                        .append('\u0000')
                        .append(Files.getLastModifiedTime(f).toMillis())
                        .append('\n');
        } catch (IOException e) {
            // unreadable now (null: never the same as before): read it again, which reports why
            return null;
        }
        return out.toString();
    }

    private static Chunks readFolder(Path docs) {
        List<DocChunk> chunks = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        if (!Files.isDirectory(docs)) return new Chunks(chunks, skipped);
        try (Stream<Path> files = Files.list(docs)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
                if (f.getFileName().toString().startsWith("_")) continue;
                try {
                    List<DocChunk> parsed = parse(Files.readString(f));
                    if (parsed.isEmpty()) skipped.add(f.getFileName() + ": no '# Table:' header");
                    chunks.addAll(parsed);
                } catch (IOException | RuntimeException e) {
                    skipped.add(f.getFileName() + ": " + e.getMessage());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + docs, e);
        }
        return new Chunks(List.copyOf(chunks), List.copyOf(skipped));
    }

    public static List<DocChunk> parse(String markdown) {
        Matcher header = TABLE_HEADER.matcher(markdown);
        if (!header.find()) return List.of();
        String table = header.group(1);
        List<DocChunk> out = new ArrayList<>();
        String purpose = section(markdown, "Purpose");
        String context = section(markdown, "Business Context");
        out.add(chunk(table, "overview", null, (purpose + "\n" + context).strip()));
        String columns = section(markdown, "Columns");
        for (String[] sub : subsections(columns))
            out.add(chunk(table, "column", sub[0], sub[0] + ": " + sub[1].strip()));
        for (String[] sub : subsections(section(markdown, "Common Queries"))) {
            out.add(chunk(table, "query", null, sub[0] + "\n" + sub[1].strip()));
        }
        String relationships = section(markdown, "Relationships");
        if (!relationships.isBlank())
            out.add(chunk(table, "relationship", null, relationships.strip()));
        String examples = section(markdown, "Examples");
        if (!examples.isBlank()) out.add(chunk(table, "example", null, examples.strip()));
        return out;
    }

    private static DocChunk chunk(String table, String type, String column, String content) {
        Set<String> related = new LinkedHashSet<>();
        Matcher m = RELATED.matcher(content);
        while (m.find()) if (!m.group(1).equals(table)) related.add(m.group(1));
        Matcher refs = REFERENCES.matcher(content);
        while (refs.find()) if (!refs.group(1).equals(table)) related.add(refs.group(1));
        return new DocChunk(
                table,
                type,
                column,
                content,
                List.copyOf(related),
                Math.max(1, content.length() / 4));
    }

    /** The text under "## name" up to the next "## " header. */
    static String section(String markdown, String name) {
        Matcher m =
                SECTIONS.computeIfAbsent(
                                name, n -> Pattern.compile("(?m)^## " + Pattern.quote(n) + "\\s*$"))
                        .matcher(markdown);
        if (!m.find()) return "";
        int start = m.end();
        Matcher next = NEXT_SECTION.matcher(markdown);
        int end = next.find(start) ? next.start() : markdown.length();
        return markdown.substring(start, end);
    }

    /** "### title" subsections of a section: [title, body]. */
    static List<String[]> subsections(String section) {
        List<String[]> out = new ArrayList<>();
        Matcher m = SUBSECTION.matcher(section);
        List<int[]> marks = new ArrayList<>();
        List<String> titles = new ArrayList<>();
        while (m.find()) {
            marks.add(new int[] {m.start(), m.end()});
            titles.add(m.group(1).trim());
        }
        for (int i = 0; i < marks.size(); i++) {
            int end = i + 1 < marks.size() ? marks.get(i + 1)[0] : section.length();
            out.add(new String[] {titles.get(i), section.substring(marks.get(i)[1], end)});
        }
        return out;
    }
}
