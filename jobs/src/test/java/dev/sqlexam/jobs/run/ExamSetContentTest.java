package dev.sqlexam.jobs.run;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.RejectedLine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The exam set read once, then taken on a server: the questions and rejected lines must be those a
 * parser that knew the server's databases from the start would give, line for line.
 */
class ExamSetContentTest {

    @TempDir Path tmp;

    private Path write(String text) throws Exception {
        Path file = tmp.resolve("set.jsonl");
        Files.write(file, text.getBytes(StandardCharsets.UTF_8));
        return file;
    }

    private static String line(String id, String db, String more) {
        return "{\"id\":\""
                + id
                + "\",\"db\":\""
                + db
                + "\",\"question\":\"q\",\"gold_sql\":\"SELECT 1\""
                + more
                + "}";
    }

    @Test
    void aDatabaseTheServerLacksIsTheReasonEvenWhenTheLineHasAnotherFault() throws Exception {
        Path file =
                write(
                        line("a", "shop", "")
                                + "\n"
                                + line("b", "gone", ",\"order_matters\":\"yes\"")
                                + "\n"
                                + line("c", "shop", ",\"order_matters\":\"yes\"")
                                + "\n");
        ExamSetFiles.Read read = ExamSetContent.read(file).on(Set.of("shop"));

        assertThat(read.questions()).extracting(ExamQuestion::id).containsExactly("a");
        assertThat(read.rejected()).extracting(RejectedLine::lineNumber).containsExactly(2L, 3L);
        assertThat(read.rejected().get(0).reason())
                .isEqualTo("unknown database 'gone' (the server has: shop)");
        assertThat(read.rejected().get(1).reason()).contains("order_matters");
    }

    @Test
    void eachServerListGetsItsOwnAnswerAndAskingAgainParsesNothingAgain() throws Exception {
        Path file = write(line("a", "shop", "") + "\n" + line("b", "hr", "") + "\n");
        ExamSetContent content = ExamSetContent.read(file);

        ExamSetFiles.Read onShop = content.on(new HashSet<>(Set.of("shop")));

        assertThat(onShop.questions()).extracting(ExamQuestion::id).containsExactly("a");
        assertThat(content.on(Set.of("shop"))).isSameAs(onShop);
        assertThat(content.on(null).questions())
                .extracting(ExamQuestion::id)
                .containsExactly("a", "b");
        assertThat(content.on(Set.of("shop", "hr")).rejected()).isEmpty();
    }

    @Test
    void aLineRejectedForItsDatabaseDoesNotTakeItsIdFromALaterLine() throws Exception {
        Path file =
                write(
                        line("x", "gone", "")
                                + "\n"
                                + line("x", "shop", "")
                                + "\n"
                                + line("x", "shop", ""));
        ExamSetFiles.Read read = ExamSetContent.read(file).on(Set.of("shop"));

        assertThat(read.questions())
                .singleElement()
                .satisfies(q -> assertThat(q.lineNumber()).isEqualTo(2));
        assertThat(read.rejected())
                .extracting(RejectedLine::reason)
                .containsExactly(
                        "unknown database 'gone' (the server has: shop)",
                        "duplicate id 'x' (first on line 2)");
    }

    @Test
    void withoutAServerListEveryDatabaseIsKnownAndTheNamedOnesAreCollected() throws Exception {
        Path file =
                write(
                        line("a", "shop", "")
                                + "\n\n   \n"
                                + line("b", "hr", "")
                                + "\n{\"id\":\"c\",\"db\":\"ignored\"}\n"
                                + line("d", "school", ",\"db_file\":\"school.sqlite\"")
                                + "\nnot json\n");
        ExamSetContent content = ExamSetContent.read(file);

        assertThat(content.lineCount()).isEqualTo(5);
        // a line missing its question never names a database; a SQLite file's line names none
        assertThat(content.databasesNamed()).containsExactly("hr", "shop");
        assertThat(content.onSqlite()).isTrue();
        ExamSetFiles.Read read = content.on(null);
        assertThat(read.questions()).extracting(ExamQuestion::id).containsExactly("a", "b", "d");
        assertThat(read.questions())
                .extracting(ExamQuestion::lineNumber)
                .containsExactly(1L, 4L, 6L);
        assertThat(read.rejected()).extracting(RejectedLine::lineNumber).containsExactly(5L, 7L);
        // the SQLite file's line is kept on any server: its database is the file
        assertThat(content.on(Set.of()).questions())
                .extracting(ExamQuestion::id)
                .containsExactly("d");
    }

    @Test
    void itsHashIsTheFilesBytesAndALeadingBomIsNotPartOfTheFirstLine() throws Exception {
        Path file =
                write("\uFEFF" + line("a", "shop", "") + "\r\n" + line("b", "shop", "") + "\r\n");
        ExamSetContent content = ExamSetContent.read(file);

        String expected =
                HexFormat.of()
                        .formatHex(
                                MessageDigest.getInstance("SHA-256")
                                        .digest(Files.readAllBytes(file)));
        assertThat(content.sha256()).isEqualTo(expected);
        assertThat(content.on(Set.of("shop")).questions())
                .extracting(ExamQuestion::id)
                .containsExactly("a", "b");
    }

    @Test
    void aMissingFileIsNamed() {
        assertThatThrownBy(() -> ExamSetContent.read(tmp.resolve("nope.jsonl")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nope.jsonl");
    }
}
