package dev.sqlexam.benchmarks;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * defog's questions CSV as Jackson's CSV module reads it: quoted commas, doubled quotes, newlines,
 * a BOM, short rows.
 */
class CsvTest {

    @Test
    void quotedFieldsKeepCommasQuotesAndNewlines() {
        String text =
                "\uFEFFquestion,query, db_name\n"
                        + "\"How many, in total?\",\"SELECT \"\"x\"\" FROM t\",shop\n"
                        + "\"Two\nlines\",\"SELECT 1;\nSELECT 2\"\n"
                        + "\n";
        List<Map<String, String>> rows = Csv.parse(text);
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0))
                .containsEntry("question", "How many, in total?")
                .containsEntry("query", "SELECT \"x\" FROM t")
                .containsEntry("db_name", "shop");
        assertThat(rows.get(1))
                .containsEntry("question", "Two\nlines")
                .containsEntry("query", "SELECT 1;\nSELECT 2")
                .containsEntry("db_name", "");
    }
}
