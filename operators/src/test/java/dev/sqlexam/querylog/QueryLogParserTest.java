package dev.sqlexam.querylog;

import dev.sqlexam.model.QueryLogEvent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class QueryLogParserTest {

    private final QueryLogParser parser = new QueryLogParser();

    @Test
    void aFullEventWithUnknownFieldsPassingThrough() {
        QueryLogParser.Parsed p =
                parser.parse(
                        "log.jsonl",
                        7,
                        """
                {"ts":"2026-11-23T10:15:30.250+01:00","app":"erp-assistant","db":"erp","question":"How many employees?",
                 "sql":"SELECT count(*) FROM employees","outcome":"error","sqlstate":"42703","error":"column x does not exist","rows":0,
                 "latency_ms":812,"model":"qwen2.5-coder:7b","prompt_version":"v2","session_id":"s-1","feedback":"down",
                 "gold_sql":"SELECT count(*) FROM employees","tenant":"acme","tags":["a"]}"""
                                .replace("\n", ""));
        QueryLogEvent e = p.event();
        assertThat(p.rejected()).isNull();
        assertThat(e.eventTimeMs())
                .isEqualTo(java.time.Instant.parse("2026-11-23T09:15:30.250Z").toEpochMilli());
        assertThat(e.app()).isEqualTo("erp-assistant");
        assertThat(e.failedInTheApp()).isTrue();
        assertThat(e.sqlstate()).isEqualTo("42703");
        assertThat(e.rows()).isZero();
        assertThat(e.latencyMs()).isEqualTo(812L);
        assertThat(e.promptVersion()).isEqualTo("v2");
        assertThat(e.extrasJson()).isEqualTo("{\"tenant\":\"acme\",\"tags\":[\"a\"]}");
        assertThat(e.source()).isEqualTo("log.jsonl");
        assertThat(e.position()).isEqualTo(7);
    }

    @Test
    void epochMillisecondsAsNumberOrText() {
        String base = "\"app\":\"a\",\"db\":\"erp\",\"question\":\"q\",\"sql\":\"SELECT 1\"";
        assertThat(
                        parser.parse("s", 1, "{\"ts\":1763892930250," + base + "}")
                                .event()
                                .eventTimeMs())
                .isEqualTo(1763892930250L);
        assertThat(
                        parser.parse("s", 1, "{\"ts\":\"1763892930250\"," + base + "}")
                                .event()
                                .eventTimeMs())
                .isEqualTo(1763892930250L);
        assertThat(
                        parser.parse("s", 1, "{\"ts\":\"2026-11-23T09:15:30Z\"," + base + "}")
                                .event()
                                .outcome())
                .isNull();
        assertThat(parser.parse("s", 1, "   ")).isEqualTo(new QueryLogParser.Parsed(null, null));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "not json | invalid JSON",
                "[1,2] | not a JSON object",
                "{\"app\":\"a\",\"db\":\"erp\",\"question\":\"q\",\"sql\":\"SELECT 1\"} | missing field 'ts'",
                "{\"ts\":\"2026-11-23T09:15:30\",\"app\":\"a\",\"db\":\"erp\",\"question\":\"q\",\"sql\":\"SELECT 1\"} | not ISO-8601 with an offset",
                "{\"ts\":1763892930,\"app\":\"a\",\"db\":\"erp\",\"question\":\"q\",\"sql\":\"SELECT 1\"} | looks like epoch seconds",
                "{\"ts\":1763892930250,\"db\":\"erp\",\"question\":\"q\",\"sql\":\"SELECT 1\"} | missing field 'app'",
                "{\"ts\":1763892930250,\"app\":\"a\",\"db\":\"erp; drop\",\"question\":\"q\",\"sql\":\"SELECT 1\"} | invalid database name",
                "{\"ts\":1763892930250,\"app\":\"a\",\"db\":\"erp\",\"question\":\"q\",\"sql\":\" \"} | field 'sql' is empty",
                "{\"ts\":1763892930250,\"app\":\"a\",\"db\":\"erp\",\"question\":\"q\",\"sql\":\"SELECT 1\",\"outcome\":\"fine\"} | outcome must be ok or error",
                "{\"ts\":1763892930250,\"app\":\"a\",\"db\":\"erp\",\"question\":\"q\",\"sql\":\"SELECT 1\",\"latency_ms\":-3} | must not be negative",
                "{\"ts\":1763892930250,\"app\":\"a\",\"db\":\"erp\",\"question\":\"q\",\"sql\":\"SELECT 1\",\"rows\":\"many\"} | must be a whole number"
            })
    void aBadEventIsRejectedWithItsPositionAndReason(String text, String reason) {
        QueryLogParser.Parsed p = parser.parse("topic-0", 42, text);
        assertThat(p.event()).isNull();
        assertThat(p.rejected().reason()).contains(reason);
        assertThat(p.rejected().source()).isEqualTo("topic-0");
        assertThat(p.rejected().lineNumber()).isEqualTo(42);
        assertThat(p.rejected().line()).isEqualTo(text);
    }
}
