package dev.sqlexam.jobs.run;

import dev.sqlexam.grading.Grader;
import dev.sqlexam.grading.Tolerance;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.GradeReason;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.sql.ColumnKind;
import dev.sqlexam.sql.OrderSpec;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.QueryResult;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The values the docs say a record holds are the ones the code writes: every grade reason and no
 * other (docs/outputs.md and docs/grading.md), the trace's JSON fields, and {@code grade_detail}'s
 * sentences as the grader words them.
 */
class OutputsValuesTest {

    private static final Pattern QUOTED = Pattern.compile("`([^`]+)`");

    private static String page(String name) throws Exception {
        return Files.readString(Home.resolve().resolve("docs").resolve(name));
    }

    /** The exam log's table row of {@code field} in docs/outputs.md. */
    private static String row(String field) throws Exception {
        Matcher m =
                Pattern.compile("(?m)^\\| `" + Pattern.quote(field) + "` \\|(.*)\\|$")
                        .matcher(page("outputs.md"));
        assertThat(m.find()).as("docs/outputs.md has a row for " + field).isTrue();
        return m.group(1);
    }

    private static List<String> quoted(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = QUOTED.matcher(text);
        while (m.find()) out.add(m.group(1));
        return out;
    }

    private static Set<String> reasonCodes() {
        Set<String> codes = new TreeSet<>();
        for (GradeReason r : GradeReason.values()) codes.add(r.code());
        return codes;
    }

    @Test
    void theReasonsTheDocsListAreEveryReasonTheGraderGivesAndNoOther() throws Exception {
        String reasons = row("reason");
        assertThat(new TreeSet<>(quoted(reasons.substring(0, reasons.indexOf("([grading]")))))
                .as("docs/outputs.md's reason row")
                .isEqualTo(reasonCodes());

        String grading = page("grading.md");
        int start = grading.indexOf("every grade has a reason:");
        assertThat(start).as("docs/grading.md lists the reasons").isGreaterThanOrEqualTo(0);
        String list = grading.substring(start, grading.indexOf("A lenient verdict", start));
        assertThat(new TreeSet<>(quoted(list)))
                .as("docs/grading.md's list of reasons")
                .isEqualTo(reasonCodes());
    }

    @Test
    void theTraceFieldsTheDocsNameAreTheTraceRecordsJsonFields() throws Exception {
        StageTrace every = new StageTrace("execute", "error", "sql_error", "42703", 12, "detail");
        Set<String> written = new TreeSet<>();
        Json.MAPPER.valueToTree(every).fieldNames().forEachRemaining(written::add);
        assertThat(written).hasSize(StageTrace.class.getRecordComponents().length);

        assertThat(new TreeSet<>(quoted(row("trace"))))
                .as("docs/outputs.md's trace row")
                .isEqualTo(written);
        String outputs = page("outputs.md");
        int start = outputs.indexOf("`trace`: one entry per stage (");
        assertThat(start).isGreaterThanOrEqualTo(0);
        String prose = outputs.substring(start + "`trace`".length(), outputs.indexOf(';', start));
        assertThat(new TreeSet<>(quoted(prose)))
                .as("docs/outputs.md's description of the exam log's trace")
                .isEqualTo(written);
    }

    @Test
    void theStagesTheDocsNameAreEveryStageOfTheTrace() throws Exception {
        String outputs = page("outputs.md");
        int start = outputs.indexOf("stages gold_tables");
        assertThat(start).as("docs/outputs.md names the trace's stages").isGreaterThanOrEqualTo(0);
        String list =
                outputs.substring(start + "stages ".length(), outputs.indexOf(", each when", start))
                        .replaceAll("\\([^)]*\\)", "")
                        .replace(" and ", ", ");
        Set<String> named = new TreeSet<>();
        for (String s : list.split(",")) named.add(s.strip());
        Set<String> stages = new TreeSet<>();
        for (dev.sqlexam.model.Stage s : dev.sqlexam.model.Stage.values()) stages.add(s.code());
        assertThat(named).isEqualTo(stages);
    }

    /** The JSON fields of {@code type}'s record, its unwrapped parts' fields in its place. */
    private static Set<String> fields(Class<?> type) {
        Set<String> out = new LinkedHashSet<>();
        for (java.lang.reflect.RecordComponent c : type.getRecordComponents()) {
            var accessor = c.getAccessor();
            if (accessor.isAnnotationPresent(com.fasterxml.jackson.annotation.JsonUnwrapped.class))
                out.addAll(fields(c.getType()));
            else if (accessor.isAnnotationPresent(
                    com.fasterxml.jackson.annotation.JsonProperty.class))
                out.add(
                        accessor.getAnnotation(com.fasterxml.jackson.annotation.JsonProperty.class)
                                .value());
            else
                out.add(
                        c.getName()
                                .replaceAll("([a-z0-9])([A-Z])", "$1_$2")
                                .toLowerCase(java.util.Locale.ROOT));
        }
        return out;
    }

    @Test
    void gradingMdsExampleRecordHoldsTheExamLogsFieldsAndTheSetsSourceIndex() throws Exception {
        String grading = page("grading.md");
        int block = grading.indexOf("```json", grading.indexOf("## Grading other systems"));
        assertThat(block).isGreaterThanOrEqualTo(0);
        String json =
                grading.substring(block + "```json".length(), grading.indexOf("```", block + 7));
        List<com.fasterxml.jackson.databind.JsonNode> objects = new ArrayList<>();
        try (var values =
                Json.MAPPER
                        .readerFor(com.fasterxml.jackson.databind.JsonNode.class)
                        .<com.fasterxml.jackson.databind.JsonNode>readValues(json)) {
            values.forEachRemaining(objects::add);
        }
        assertThat(objects).hasSize(2);
        assertThat(objects.get(0).path("source_index").isInt())
                .as("the exam set's line carries source_index")
                .isTrue();
        com.fasterxml.jackson.databind.JsonNode record = objects.get(1);
        Set<String> keys = new TreeSet<>();
        record.fieldNames().forEachRemaining(keys::add);
        assertThat(keys)
                .as("the example record's fields are the exam log's")
                .isSubsetOf(fields(dev.sqlexam.model.ExamRecord.class));
        Set<String> traceFields = new TreeSet<>();
        for (var stage : record.path("trace"))
            stage.fieldNames().forEachRemaining(traceFields::add);
        assertThat(traceFields)
                .isNotEmpty()
                .isSubsetOf(fields(StageTrace.class))
                .contains("duration_ms");
        assertThat(record.path("repetition").asInt()).as("repetitions count from 1").isOne();
        assertThat(row("repetition")).contains("1-based");
    }

    private static QueryResult result(List<String> names, List<List<Object>> rows) {
        return new QueryResult(
                names, Collections.nCopies(names.size(), ColumnKind.OTHER), rows, false);
    }

    private static QueryOutcome ran(List<String> names, Object[]... rows) {
        List<List<Object>> list = new ArrayList<>();
        for (Object[] r : rows) list.add(Arrays.asList(r));
        return QueryOutcome.success(result(names, list), 1);
    }

    private static String detail(Grader.GoldRun gold, QueryOutcome prediction) {
        return new Grader(Tolerance.DEFAULT).grade(List.of(gold), prediction).detail();
    }

    private static String numbersAsHash(String s) {
        return s.strip().replaceAll("\\d+", "#");
    }

    @Test
    void gradeDetailIsDescribedAsTheGraderWordsIt() throws Exception {
        List<String> one = List.of("n");
        List<String> two = List.of("n", "name");
        Grader.GoldRun gold =
                new Grader.GoldRun(
                        "SELECT n, name FROM t",
                        OrderSpec.UNORDERED,
                        ran(two, new Object[] {1, "a"}, new Object[] {2, "b"}));
        Grader.GoldRun ordered =
                new Grader.GoldRun(
                        "SELECT n FROM t ORDER BY n",
                        OrderSpec.SEQUENCE,
                        ran(one, new Object[] {1}, new Object[] {2}));
        Grader.GoldRun unordered =
                new Grader.GoldRun(
                        "SELECT n FROM t",
                        OrderSpec.UNORDERED,
                        ran(one, new Object[] {1}, new Object[] {2}));
        Grader.GoldRun empty =
                new Grader.GoldRun("SELECT n FROM t WHERE false", OrderSpec.UNORDERED, ran(one));
        QueryOutcome capped =
                QueryOutcome.success(
                        new QueryResult(one, List.of(ColumnKind.OTHER), List.of(List.of(1)), true),
                        1);

        Set<String> details = new LinkedHashSet<>();
        details.add(detail(gold, ran(List.of("n", "name", "x"), new Object[] {1, "a", 0})));
        details.add(detail(gold, ran(two, new Object[] {1, "a"})));
        details.add(detail(gold, ran(two, new Object[] {1, "a"}, new Object[] {2, "c"})));
        details.add(detail(gold, ran(two, new Object[] {1, "b"}, new Object[] {2, "a"})));
        details.add(detail(ordered, ran(one, new Object[] {2}, new Object[] {1})));
        details.add(detail(gold, ran(two, new Object[] {1, "a"}, new Object[] {2, "b"})));
        details.add(detail(unordered, ran(one, new Object[] {2}, new Object[] {1})));
        details.add(detail(empty, ran(one)));
        details.add(detail(unordered, capped));
        details.add(detail(unordered, null));

        String documented = row("grade_detail");
        Set<String> quotes = new TreeSet<>();
        for (String q : quoted(documented)) quotes.add(numbersAsHash(q));
        for (String d : details)
            assertThat(quotes)
                    .as("docs/outputs.md's grade_detail row quotes the grader's '" + d + "'")
                    .contains(numbersAsHash(d));

        String alternative =
                new Grader(Tolerance.DEFAULT)
                        .grade(
                                List.of(empty, unordered),
                                ran(one, new Object[] {1}, new Object[] {2}))
                        .detail();
        String suffix = alternative.substring(alternative.indexOf(" (matched alternative"));
        assertThat(quotes).contains(numbersAsHash(suffix));

        String failed =
                detail(
                        unordered,
                        QueryOutcome.failure(
                                "42703", ErrorClass.SQL_ERROR, "column x does not exist", 1));
        assertThat(failed).isEqualTo("column x does not exist [42703]");
        assertThat(documented).contains("error message with its SQLSTATE in brackets");
        String goldFailed =
                detail(
                        new Grader.GoldRun(
                                "SELECT",
                                OrderSpec.UNORDERED,
                                QueryOutcome.failure(
                                        "42601", ErrorClass.SQL_ERROR, "syntax error", 1)),
                        ran(one, new Object[] {1}));
        assertThat(goldFailed).startsWith("gold failed: ");
        assertThat(documented).contains("`gold failed: `").doesNotContain("differing row");
    }
}
