package dev.sqlexam.config;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The options table of docs/options.md is generated from the registry; this keeps it current. */
class OptionsTableTest {

    @Test
    void readmeShowsTheGeneratedOptionsTable() throws Exception {
        Path readme = Path.of("..", "docs", "options.md");
        String text = Files.readString(readme);
        int begin = text.indexOf(OptionsTable.BEGIN);
        int end = text.indexOf(OptionsTable.END);
        assertThat(begin)
                .as("docs/options.md has the options:begin marker")
                .isGreaterThanOrEqualTo(0);
        assertThat(end).isGreaterThan(begin);
        String table = text.substring(begin + OptionsTable.BEGIN.length(), end).strip();
        assertThat(table)
                .as("run ./sqlexam options --markdown and paste it into docs/options.md")
                .isEqualTo(OptionsTable.markdown().strip());
    }
}
