package dev.sqlexam.jobs.run;

import dev.sqlexam.io.Closing;
import dev.sqlexam.json.Json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * JSON lines from part files (and lines given in memory) written into one file in an order, without
 * holding the lines: each line is read once for the few top-level fields the order and the
 * de-duplication need (its "head"; the rest of the line is parsed through, not built), sorted by
 * them, then copied byte for byte from its part. Memory is a head per line, not the lines.
 */
final class SortedLineMerge {

    /** A line's head and where its bytes are: a part (offset, length) or a given line. */
    private record Entry(ObjectNode head, int part, long offset, int length, String given) {}

    private final Set<String> fields;
    private final Function<JsonNode, String> dedupKey;
    private final List<Path> parts = new ArrayList<>();
    private final List<Entry> entries = new ArrayList<>();
    private final Set<String> seen = new HashSet<>();
    private long duplicates;

    /**
     * {@code fields}: the top-level scalar fields kept in a head; {@code dedupKey}: a head's key, a
     * line whose key came before is dropped (null: every line kept).
     */
    SortedLineMerge(Set<String> fields, Function<JsonNode, String> dedupKey) {
        this.fields = Set.copyOf(fields);
        this.dedupKey = dedupKey;
    }

    /** A line held in memory already (a record a resumed run took back), before any part. */
    void addLine(String line) {
        ObjectNode head = head(line.getBytes(StandardCharsets.UTF_8), "a line");
        add(new Entry(head, -1, 0, 0, line));
    }

    /** The committed part files of {@code dir} (hidden and in-progress files left out), by name. */
    void addParts(Path dir) {
        if (!Files.isDirectory(dir)) return;
        try (var files = Files.list(dir)) {
            for (Path part :
                    files.filter(p -> !p.getFileName().toString().startsWith("."))
                            .sorted()
                            .toList()) addPart(part);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot merge " + dir, e);
        }
    }

    private void addPart(Path part) throws IOException {
        int index = parts.size();
        parts.add(part);
        ByteArrayOutputStream line = new ByteArrayOutputStream(4096);
        byte[] chunk = new byte[1 << 16];
        long offset = 0;
        long start = 0;
        try (InputStream in = Files.newInputStream(part)) {
            for (int n; (n = in.read(chunk)) != -1; ) {
                int from = 0;
                for (int i = 0; i < n; i++) {
                    if (chunk[i] != '\n') continue;
                    line.write(chunk, from, i - from);
                    take(index, start, line.toByteArray(), part);
                    line.reset();
                    from = i + 1;
                    start = offset + from;
                }
                line.write(chunk, from, n - from);
                offset += n;
            }
            take(index, start, line.toByteArray(), part);
        }
    }

    private void take(int part, long start, byte[] bytes, Path file) {
        if (isBlank(bytes)) return;
        ObjectNode head = head(bytes, file + " at byte " + start);
        add(new Entry(head, part, start, bytes.length, null));
    }

    private void add(Entry entry) {
        if (dedupKey != null && !seen.add(dedupKey.apply(entry.head()))) {
            duplicates++;
            return;
        }
        entries.add(entry);
    }

    /** Lines dropped as repeats of a key already taken. */
    long duplicates() {
        return duplicates;
    }

    /**
     * Every line taken, in {@code order} (ties keep the order they were taken in), then {@code
     * trailing}, into {@code target} atomically; returns the line count (no file written when there
     * are none and {@code skipEmpty}).
     */
    long writeTo(
            Path target, Comparator<JsonNode> order, List<String> trailing, boolean skipEmpty) {
        if (entries.isEmpty() && trailing.isEmpty() && skipEmpty) return 0;
        entries.sort(Comparator.comparing(Entry::head, order));
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Map<Integer, FileChannel> channels = openParts();
        try {
            Files.createDirectories(target.toAbsolutePath().getParent());
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
                ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
                for (Entry e : entries) {
                    if (e.given() != null) out.write(e.given().getBytes(StandardCharsets.UTF_8));
                    else buffer = copy(channel(channels, e.part()), e, buffer, out);
                    out.write('\n');
                }
                for (String line : trailing) {
                    out.write(line.getBytes(StandardCharsets.UTF_8));
                    out.write('\n');
                }
            }
            Files.move(
                    tmp,
                    target,
                    StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        } finally {
            // read-only channels: a failed close loses nothing of ours
            for (FileChannel c : channels.values()) Closing.quietly(c);
        }
        return entries.size() + trailing.size();
    }

    /**
     * At most {@link #OPEN_PARTS} parts open at once (a long run rolls thousands), least recent
     * closed.
     */
    private static Map<Integer, FileChannel> openParts() {
        return new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, FileChannel> eldest) {
                if (size() <= OPEN_PARTS) return false;
                Closing.quietly(eldest.getValue());
                return true;
            }
        };
    }

    static final int OPEN_PARTS = 64;

    private FileChannel channel(Map<Integer, FileChannel> open, int part) throws IOException {
        FileChannel c = open.get(part);
        if (c == null) {
            c = FileChannel.open(parts.get(part), StandardOpenOption.READ);
            open.put(part, c);
        }
        return c;
    }

    private ByteBuffer copy(FileChannel from, Entry e, ByteBuffer buffer, OutputStream out)
            throws IOException {
        ByteBuffer b = buffer.capacity() >= e.length() ? buffer : ByteBuffer.allocate(e.length());
        b.clear().limit(e.length());
        long at = e.offset();
        while (b.hasRemaining()) {
            int n = from.read(b, at + b.position());
            if (n < 0)
                throw new IOException(
                        parts.get(e.part()) + " ended before byte " + (at + e.length()));
        }
        out.write(b.array(), 0, e.length());
        return b;
    }

    /** The line's top-level scalar fields among {@link #fields}; the rest skipped, not built. */
    private ObjectNode head(byte[] bytes, String where) {
        ObjectNode head = JsonNodeFactory.instance.objectNode();
        try (JsonParser p = Json.MAPPER.getFactory().createParser(bytes, 0, bytes.length)) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw new IOException("not a JSON object");
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (value.isStructStart()) p.skipChildren();
                else if (head.size() < fields.size() && fields.contains(name))
                    head.set(name, Json.MAPPER.readTree(p));
            }
            // the rest of the line is read through (nothing built): a line cut short is refused
            if (p.currentToken() != JsonToken.END_OBJECT || p.nextToken() != null)
                throw new IOException("not one complete JSON object");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the JSON line of " + where, e);
        }
        return head;
    }

    private static boolean isBlank(byte[] bytes) {
        for (byte b : bytes) if (!Character.isWhitespace(b)) return false;
        return true;
    }
}
