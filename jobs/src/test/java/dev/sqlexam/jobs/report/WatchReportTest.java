package dev.sqlexam.jobs.report;

import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WatchReportTest {

    @TempDir Path tmp;

    private static String row(
            long start, String kind, String key, long events, double errorRate, long emittedAt) {
        return String.format(
                java.util.Locale.ROOT,
                "{\"window_start_ms\":%d,\"window_end_ms\":%d,\"key_kind\":\"%s\",\"key\":\"%s\",\"events\":%d,"
                        + "\"error_rate\":%s,\"emitted_at_ms\":%d,\"top_sqlstates\":[{\"sqlstate\":\"42703\",\"count\":1}]}",
                start,
                start + 60_000,
                kind,
                key,
                events,
                errorRate,
                emittedAt);
    }

    @Test
    void aWindowEmittedAgainForLateEventsCountsOnceWithItsLastValues() throws Exception {
        Files.write(
                tmp.resolve("windows.jsonl"),
                List.of(
                        row(0, "app", "shop", 10, 0.1, 5),
                        row(0, "app", "shop", 12, 0.25, 9),
                        row(60_000, "app", "shop", 7, 0.0, 7),
                        row(0, "app_prompt", "shop/v1", 12, 0.25, 9),
                        row(0, "app_db", "shop/db", 12, 0.25, 9)));
        Files.write(
                tmp.resolve("alerts.jsonl"),
                List.of(
                        "{\"window_start_ms\":0,\"key_kind\":\"app\",\"key\":\"shop\",\"rule\":\"r\"}"));
        Path page = WatchReport.write(tmp);
        assertThat(page).exists();
        String html = Files.readString(page);
        JsonNode data =
                Json.MAPPER.readTree(
                        html.substring(
                                html.indexOf("id=\"report-data\">") + 17,
                                html.indexOf("</script>", html.indexOf("id=\"report-data\""))));
        JsonNode shop = data.path("series").path("app").path("shop");
        assertThat(shop).hasSize(2);
        assertThat(shop.get(0).path("events").asLong()).isEqualTo(12);
        assertThat(data.path("series").has("app_db"))
                .as("app/db rows repeat the app's here")
                .isFalse();
        assertThat(data.path("totals").path("events").asLong()).isEqualTo(19);
        assertThat(data.path("sqlstates").get(0).get(1).asLong()).isEqualTo(2);
        assertThat(data.path("alerts")).hasSize(1);
    }

    @Test
    void aFollowingWatchsCommittedPartsAreReadAndItsInProgressFilesLeftOut() throws Exception {
        Path windows = Files.createDirectories(tmp.resolve("windows"));
        Files.write(
                windows.resolve("windows-a-0.jsonl"), List.of(row(0, "app", "shop", 3, 0.0, 1)));
        Files.write(
                windows.resolve(".windows-a-1.jsonl.inprogress.x"),
                List.of(row(60_000, "app", "shop", 4, 0.0, 2)));
        String html = Files.readString(WatchReport.write(tmp));
        assertThat(html).contains("\"events\":3").doesNotContain("\"events\":4");
    }

    @Test
    void aFolderWithoutWindowsSaysWhy() throws Exception {
        assertThatThrownBy(() -> WatchReport.write(tmp)).hasMessageContaining("no window rows in");
    }
}
