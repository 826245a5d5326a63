package dev.sqlexam.jobs.run;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The exam log and watch outputs merged from parts by streaming: the lines, byte for byte. */
class SortedLineMergeTest {

    @TempDir Path dir;

    private Path part(String name, String content) throws Exception {
        Path parts = Files.createDirectories(dir.resolve("parts"));
        return Files.writeString(parts.resolve(name), content, StandardCharsets.UTF_8);
    }

    private List<String> lines(Path file) throws Exception {
        return Files.readAllLines(file, StandardCharsets.UTF_8);
    }

    @Test
    void linesAreOrderedByTheirTopLevelFieldsNotByNestedOnesAndCopiedAsWritten() throws Exception {
        String c =
                "{\"variant\":\"a\",\"trace\":{\"line_number\":1},\"line_number\":3,\"x\":\"é€😀\"}";
        String a = "{\"line_number\":1,\"variant\":\"a\",  \"spaced\" : [1, {\"variant\":\"z\"}]}";
        String b = "{\"variant\":\"a\",\"line_number\":2}";
        String other = "{\"variant\":\"0-first\",\"line_number\":9}";
        part("part-0", c + "\n\n" + a + "\n");
        part("part-1", "   \n" + b + "\n" + other); // no newline at the end
        Path target = dir.resolve("out.jsonl");
        SortedLineMerge merge = new SortedLineMerge(RunOutputs.BY_RUN_AND_LINE.fields(), null);
        merge.addParts(dir.resolve("parts"));
        long n = merge.writeTo(target, RunOutputs.BY_RUN_AND_LINE.order(), List.of(), true);
        assertThat(n).isEqualTo(4);
        assertThat(lines(target)).containsExactly(other, a, b, c);
    }

    @Test
    void hiddenAndInProgressPartsAreLeftOutAndEarlierLinesWinOverRepeatedKeys() throws Exception {
        String repeat =
                "{\"variant\":\"a\",\"repetition\":0,\"db\":\"d\",\"question_id\":\"q1\","
                        + "\"line_number\":1,\"correct\":false}";
        String fresh =
                "{\"variant\":\"a\",\"repetition\":0,\"db\":\"d\",\"question_id\":\"q2\","
                        + "\"line_number\":2}";
        part("part-0", repeat + "\n" + fresh + "\n" + fresh + "\n");
        part(".part-1.inprogress", "{\"variant\":\"a\",\"line_number\":0}\n");
        String earlier =
                "{\"variant\":\"a\",\"repetition\":0,\"db\":\"d\",\"question_id\":\"q1\","
                        + "\"line_number\":1,\"correct\":true}";
        SortedLineMerge merge =
                new SortedLineMerge(
                        java.util.Set.of(
                                "variant", "repetition", "db", "question_id", "line_number"),
                        h -> h.path("db").asText() + "/" + h.path("question_id").asText());
        merge.addLine(earlier);
        merge.addParts(dir.resolve("parts"));
        Path target = dir.resolve("log.jsonl");
        merge.writeTo(target, RunOutputs.BY_RUN_AND_LINE.order(), List.of("trailing"), false);
        assertThat(lines(target)).containsExactly(earlier, fresh, "trailing");
        assertThat(merge.duplicates()).isEqualTo(2);
    }

    @Test
    void aLineLongerThanTheReadBufferComesThroughWhole() throws Exception {
        String big = "x".repeat(200_000);
        String line = "{\"line_number\":2,\"sql\":\"" + big + "\"}";
        String small = "{\"line_number\":1}";
        part("part-0", line + "\n" + small + "\n");
        Path target = dir.resolve("out.jsonl");
        SortedLineMerge merge = new SortedLineMerge(RunOutputs.BY_LINE.fields(), null);
        merge.addParts(dir.resolve("parts"));
        merge.writeTo(target, RunOutputs.BY_LINE.order(), List.of(), true);
        assertThat(lines(target)).containsExactly(small, line);
    }

    @Test
    void nothingToMergeWritesNoFileUnlessAsked() throws Exception {
        Path target = dir.resolve("none.jsonl");
        assertThat(RunOutputs.mergeJsonLines(dir.resolve("absent"), target, RunOutputs.BY_LINE))
                .isZero();
        assertThat(target).doesNotExist();
        RunOutputs.merge(dir.resolve("absent"), List.of(), target);
        assertThat(target).exists().isEmptyFile();
    }

    @Test
    void aLineThatIsNotAJsonObjectIsNamedWithItsPartAndOffset() throws Exception {
        assertPartRefused("part-0", "{\"line_number\":1}\n[1,2]\n", "part-0 at byte 18");
    }

    @Test
    void aLineCutShortAfterItsSortFieldsIsRefusedNotCopied() throws Exception {
        assertPartRefused(
                "part-3", "{\"line_number\":5,\"sql\":\"SELECT\", \"x\":\n", "part-3 at byte 0");
    }

    /** Adding the parts, with {@code name} holding {@code text}, fails naming {@code where}. */
    private void assertPartRefused(String name, String text, String where) throws Exception {
        part(name, text);
        SortedLineMerge merge = new SortedLineMerge(RunOutputs.BY_LINE.fields(), null);
        assertThatThrownBy(() -> merge.addParts(dir.resolve("parts")))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining(where);
    }

    @Test
    void morePartsThanMayBeOpenAtOnceAreMergedInOrder() throws Exception {
        int parts = SortedLineMerge.OPEN_PARTS * 2 + 5;
        for (int p = 0; p < parts; p++) {
            StringBuilder lines = new StringBuilder();
            // part p holds the line numbers p, p + parts, p + 2 parts: reading them in order
            // jumps from part to part
            for (int k = 0; k < 3; k++)
                lines.append("{\"line_number\":").append(p + k * parts).append("}\n");
            part(String.format("part-%04d", p), lines.toString());
        }
        Path target = dir.resolve("out.jsonl");
        long n = RunOutputs.mergeJsonLines(dir.resolve("parts"), target, RunOutputs.BY_LINE);
        assertThat(n).isEqualTo(3L * parts);
        List<String> out = lines(target);
        for (int i = 0; i < out.size(); i++)
            assertThat(out.get(i)).isEqualTo("{\"line_number\":" + i + "}");
    }
}
