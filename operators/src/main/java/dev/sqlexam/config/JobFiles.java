package dev.sqlexam.config;

import dev.sqlexam.io.Closing;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * A file or folder a job's workers read: on the client's disk (a local run, whose workers share
 * it), or shipped inside the job (a cluster, whose workers do not): the contents travel with the
 * job and are written once per worker JVM into a folder named by their digest, so that operators
 * keep reading plain paths.
 */
public final class JobFiles implements Serializable {

    private static final long serialVersionUID = 1L;

    /** A job graph carries what it ships; beyond this a shared file system is the right place. */
    public static final long MAX_SHIPPED_BYTES = 64L << 20;

    private final String localPath;
    private final String name;
    private final TreeMap<String, byte[]> contents;
    private final String digest;
    private transient volatile Path materialized;

    private JobFiles(
            String localPath, String name, TreeMap<String, byte[]> contents, String digest) {
        this.localPath = localPath;
        this.name = name;
        this.contents = contents;
        this.digest = digest;
    }

    /** Read where it is: the workers share the client's disk. */
    public static JobFiles local(Path path) {
        return new JobFiles(
                path.toAbsolutePath().toString(),
                path.getFileName() == null ? "files" : path.getFileName().toString(),
                null,
                null);
    }

    /**
     * The file, or the folder's files that {@code include} accepts (relative paths with '/'),
     * shipped inside the job. A folder that does not exist ships empty, as a local one reads empty.
     */
    public static JobFiles shipped(Path path, Predicate<String> include) {
        TreeMap<String, byte[]> files = new TreeMap<>();
        long total = 0;
        try {
            if (Files.isRegularFile(path)) {
                files.put("", Files.readAllBytes(path));
                total = files.get("").length;
            } else if (Files.isDirectory(path)) {
                try (Stream<Path> walk = Files.walk(path)) {
                    for (Path f : walk.filter(Files::isRegularFile).toList()) {
                        String relative = path.relativize(f).toString().replace('\\', '/');
                        if (!include.test(relative)) continue;
                        byte[] bytes = Files.readAllBytes(f);
                        total += bytes.length;
                        files.put(relative, bytes);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + " to ship it with the job", e);
        }
        if (total > MAX_SHIPPED_BYTES) {
            throw new IllegalArgumentException(
                    path
                            + " holds "
                            + (total >> 20)
                            + " MB for the workers, more than a job should carry ("
                            + (MAX_SHIPPED_BYTES >> 20)
                            + " MB): put it on a file system every worker reads and run without shipping");
        }
        String name = path.getFileName() == null ? "files" : path.getFileName().toString();
        return new JobFiles(path.toAbsolutePath().toString(), name, files, digest(files));
    }

    public boolean isShipped() {
        return contents != null;
    }

    /**
     * Where the files are on this machine: the client's path, or the shipped copy (written on first
     * use).
     */
    public Path path() {
        if (contents == null) return Path.of(localPath);
        Path done = materialized;
        if (done != null) return done;
        synchronized (this) {
            if (materialized == null) materialized = materialize();
            return materialized;
        }
    }

    private Path materialize() {
        Path root = Path.of(System.getProperty("java.io.tmpdir"), "sqlexam-job-files", digest);
        Path target = root.resolve(name);
        if (Files.exists(target)) return target;
        try {
            Files.createDirectories(root);
            Path staging = Files.createTempDirectory(root, ".staging-");
            Path staged = staging.resolve(name);
            for (Map.Entry<String, byte[]> e : contents.entrySet()) {
                Path f = e.getKey().isEmpty() ? staged : staged.resolve(e.getKey()).normalize();
                if (!f.startsWith(staged))
                    throw new IllegalStateException(
                            "a shipped file leaves its folder: " + e.getKey());
                Files.createDirectories(f.getParent());
                Files.write(f, e.getValue());
            }
            if (contents.isEmpty()) Files.createDirectories(staged);
            try {
                Files.move(staged, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException
                    | AtomicMoveNotSupportedException
                    | DirectoryNotEmptyException raced) {
                if (!Files.exists(target)) throw raced;
            }
            deleteQuietly(staging);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot write the job's shipped copy of " + localPath + " to " + root, e);
        }
    }

    private static void deleteQuietly(Path dir) {
        // a leftover staging folder in the temporary directory is harmless
        Closing.quietly(
                () -> {
                    try (Stream<Path> walk = Files.walk(dir)) {
                        walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                    }
                });
    }

    private static String digest(TreeMap<String, byte[]> files) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (Map.Entry<String, byte[]> e : files.entrySet()) {
                sha.update(e.getKey().getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
                sha.update(e.getValue());
                sha.update((byte) 0);
            }
            return HexFormat.of().formatHex(sha.digest(), 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        return contents == null
                ? localPath
                : localPath + " (shipped: " + contents.size() + " file(s), " + digest + ")";
    }
}
