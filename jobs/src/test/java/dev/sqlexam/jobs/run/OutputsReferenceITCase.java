package dev.sqlexam.jobs.run;

import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.report.ExamSummary;

import org.junit.jupiter.api.Test;

import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/outputs.md's field reference names every field a run writes, and no field that is not
 * written.
 */
class OutputsReferenceITCase {

    private static String section(String heading) throws Exception {
        String doc = Files.readString(Home.resolve().resolve("docs/outputs.md"));
        int start = doc.indexOf("### " + heading);
        assertThat(start).as("docs/outputs.md has a section " + heading).isGreaterThanOrEqualTo(0);
        int end = doc.indexOf("\n### ", start + 4);
        return end < 0 ? doc.substring(start) : doc.substring(start, end);
    }

    private static String snake(String name) {
        return name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
    }

    private static Set<String> fields(Class<?> type) {
        Set<String> out = new LinkedHashSet<>();
        for (RecordComponent c : type.getRecordComponents()) {
            if (c.getAccessor()
                    .isAnnotationPresent(com.fasterxml.jackson.annotation.JsonUnwrapped.class))
                out.addAll(fields(c.getType()));
            else if (c.getAccessor()
                    .isAnnotationPresent(com.fasterxml.jackson.annotation.JsonProperty.class)) {
                out.add(
                        c.getAccessor()
                                .getAnnotation(com.fasterxml.jackson.annotation.JsonProperty.class)
                                .value());
            } else out.add(snake(c.getName()));
        }
        return out;
    }

    private static void documents(String heading, Set<String> fields) throws Exception {
        String text = section(heading);
        for (String field : fields)
            assertThat(text).as(heading + " documents " + field).contains("`" + field + "`");
    }

    @Test
    void theExamLogsFieldsAreEachDocumentedAndNoOther() throws Exception {
        Set<String> written = fields(ExamRecord.class);
        documents("`exam_log.jsonl`", written);
        List<String> documented = new ArrayList<>();
        Matcher m =
                Pattern.compile("(?m)^\\| ((?:`[a-z_]+`(?:, )?)+) \\|")
                        .matcher(section("`exam_log.jsonl`"));
        while (m.find()) for (String f : m.group(1).split(", ")) documented.add(f.replace("`", ""));
        assertThat(documented)
                .as("documented fields the exam log does not write")
                .isSubsetOf(written);
        assertThat(written).hasSizeGreaterThanOrEqualTo(40);
    }

    @Test
    void theSummaryAndTheManifestAreDocumented() throws Exception {
        documents("`summary.json`", fields(ExamSummary.class));
        documents("`summary.json`", fields(ExamSummary.VariantSummary.class));
        documents("`run.json`", fields(RunManifest.class));
        documents("`run.json`", fields(Provenance.class));
        documents("`run.json`", fields(Provenance.DatabaseFingerprint.class));
    }

    @Test
    void theExamTablesColumnsAreDocumented() throws Exception {
        for (String table : List.of("results", "missing")) {
            Set<String> columns = new LinkedHashSet<>();
            try (Connection c = DriverManager.getConnection(TestDatabase.state().url());
                    Statement st = c.createStatement();
                    ResultSet rs =
                            st.executeQuery(
                                    "SELECT column_name FROM information_schema.columns WHERE table_schema = 'exam' "
                                            + "AND table_name = '"
                                            + table
                                            + "' ORDER BY ordinal_position")) {
                while (rs.next()) columns.add(rs.getString(1));
            }
            assertThat(columns).as(table).isNotEmpty();
            documents("`exam." + table + "`", columns);
        }
    }
}
