package dev.sqlexam;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** DESIGN.md: the logic packages never import Flink, so they stay testable and reusable without it. */
class PurePackagesTest {

    @Test
    void onlyTheFlinkPackageUsesFlink() throws Exception {
        Path root = Path.of("src/main/java/dev/sqlexam");
        try (Stream<Path> files = Files.walk(root)) {
            List<String> offenders = files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> !root.relativize(p).startsWith("flink"))
                    .filter(p -> {
                        try {
                            String text = Files.readString(p);
                            return text.contains("org.apache.flink.") || text.contains("dev.sqlexam.flink.");
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    })
                    .map(p -> root.relativize(p).toString()).toList();
            assertThat(offenders).isEmpty();
        }
    }
}
