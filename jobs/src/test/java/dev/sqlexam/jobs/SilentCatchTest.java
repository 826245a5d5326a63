package dev.sqlexam.jobs;

import dev.sqlexam.jobs.run.Home;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Habits the code keeps: a catch block that drops its exception says why in a comment (a documented
 * fallback or cleanup): an exception swallowed without a word is how a gold silently loses its
 * neighbours.
 */
class SilentCatchTest {

    private static final Pattern CATCH = Pattern.compile("catch \\(([\\w.| ]+?) (\\w+)\\) \\{");

    @Test
    void everyCatchThatDropsItsExceptionSaysWhy() throws IOException {
        List<String> silent = new ArrayList<>();
        for (String module : List.of("operators", "jobs")) {
            try (Stream<Path> files =
                    Files.walk(Home.resolve().resolve(module).resolve("src/main/java"))) {
                for (Path file : files.filter(p -> p.toString().endsWith(".java")).toList())
                    silent.addAll(silentCatches(file));
            }
        }
        assertThat(silent)
                .as("catch blocks that neither use their exception nor say why")
                .isEmpty();
    }

    /**
     * A document the code cites is in the repository (a design document outside it cannot be read).
     */
    @Test
    void everyDocumentTheCodeCitesExists() throws IOException {
        Pattern cited = Pattern.compile("([A-Za-z0-9_./-]+\\.md)\\b");
        List<String> missing = new ArrayList<>();
        for (String module : List.of("operators", "jobs")) {
            try (Stream<Path> files =
                    Files.walk(Home.resolve().resolve(module).resolve("src/main/java"))) {
                for (Path file : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    Matcher m = cited.matcher(Files.readString(file));
                    while (m.find()) {
                        if (!Files.isRegularFile(Home.resolve().resolve(m.group(1)))) {
                            missing.add(Home.resolve().relativize(file) + " cites " + m.group(1));
                        }
                    }
                }
            }
        }
        assertThat(missing).isEmpty();
    }

    private static List<String> silentCatches(Path file) throws IOException {
        String source = Files.readString(file);
        List<String> out = new ArrayList<>();
        Matcher m = CATCH.matcher(source);
        while (m.find()) {
            int end = blockEnd(source, m.end());
            String body = source.substring(m.end(), end);
            boolean uses =
                    Pattern.compile("\\b" + Pattern.quote(m.group(2)) + "\\b").matcher(body).find();
            boolean rethrows = body.contains("throw ") || body.contains(".interrupt()");
            boolean says =
                    body.contains("//")
                            || body.contains("/*")
                            || source.substring(Math.max(0, m.start() - 200), m.start())
                                    .matches("(?s).*//[^\\n]*\\n\\s*}\\s*$");
            if (!uses && !rethrows && !says) {
                int line = source.substring(0, m.start()).split("\n", -1).length;
                out.add(
                        Home.resolve().relativize(file)
                                + ":"
                                + line
                                + " catch ("
                                + m.group(1)
                                + " "
                                + m.group(2)
                                + ")");
            }
        }
        return out;
    }

    private static int blockEnd(String source, int from) {
        int depth = 1;
        int i = from;
        while (depth > 0 && i < source.length()) {
            char c = source.charAt(i++);
            if (c == '{') depth++;
            else if (c == '}') depth--;
        }
        return i - 1;
    }
}
