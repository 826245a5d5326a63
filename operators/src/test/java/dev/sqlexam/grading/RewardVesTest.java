package dev.sqlexam.grading;

import dev.sqlexam.sql.ReadOnlyExecutor;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * BIRD's R-VES: its reward bands, its outlier rule, its square-root mean, and timings taken on a
 * real database (a SQLite file the test makes, as BIRD's own are).
 */
class RewardVesTest {

    @Test
    void theRewardBandsAreBirds() {
        assertThat(List.of(3.0, 2.0, 1.99, 1.0, 0.99, 0.5, 0.49, 0.25, 0.24, 0.0))
                .extracting(RewardVes::reward)
                .containsExactly(1.25, 1.25, 1.0, 1.0, 0.75, 0.75, 0.5, 0.5, 0.25, 0.0);
    }

    @Test
    void ratiosBeyondThreeStandardDeviationsAreDropped() {
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < 30; i++) ratios.add(1.0 + (i % 2) * 0.1);
        ratios.add(50.0);
        assertThat(RewardVes.meanRatio(ratios)).isCloseTo(1.05, within(1e-9));
        assertThat(RewardVes.meanRatio(List.of(2.0, 2.0, 2.0)))
                .as("all alike: nothing is an outlier")
                .isEqualTo(2.0);
        assertThat(RewardVes.meanRatio(List.of())).isZero();
    }

    @Test
    void theScoreIsTheMeanOfTheRewardsSquareRootsOverEveryQuestion() {
        // two timed questions (rewards 1.25 and 0.25) among four: (sqrt 1.25 + sqrt 0.25) × 100 / 4
        assertThat(RewardVes.score(List.of(1.25, 0.25), 4))
                .isCloseTo((Math.sqrt(1.25) + 0.5) * 25, within(1e-9));
        assertThat(RewardVes.score(List.of(1.0, 1.0), 2)).isCloseTo(100, within(1e-9));
    }

    @Test
    void aSlowerPredictionEarnsLessThanAFasterOne(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("demo.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            c.createStatement().execute("CREATE TABLE one (x INT)");
        }
        String slowQuery =
                "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 500000)"
                        + " SELECT count(*) FROM c";
        ReadOnlyExecutor executor = ReadOnlyExecutor.forSqliteFiles(10_000, 1_000);
        try {
            executor.registerSqlite("demo", file);
            RewardVes.Timing slow = RewardVes.time(executor, "demo", "SELECT 1", slowQuery, 5);
            RewardVes.Timing fast = RewardVes.time(executor, "demo", slowQuery, "SELECT 1", 5);
            assertThat(slow.failure()).isNull();
            assertThat(slow.ratios()).hasSize(5);
            assertThat(RewardVes.reward(RewardVes.meanRatio(slow.ratios()))).isEqualTo(0.25);
            assertThat(RewardVes.reward(RewardVes.meanRatio(fast.ratios()))).isEqualTo(1.25);
            RewardVes.Timing broken =
                    RewardVes.time(executor, "demo", "SELECT 1", "SELECT nope", 5);
            assertThat(broken.failure()).contains("prediction failed on iteration 1");
        } finally {
            executor.closeSqlite();
        }
    }
}
