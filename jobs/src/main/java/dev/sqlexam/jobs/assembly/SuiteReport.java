package dev.sqlexam.jobs.assembly;

import dev.sqlexam.suite.SuiteBuilder;
import dev.sqlexam.suite.TestSuite;

import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The lines a run prints of each exam database's test suite: how it was built or found, and how its
 * distillation went.
 */
final class SuiteReport {

    private SuiteReport() {}

    static String line(String db, SuiteBuilder.Prepared prepared, double seconds) {
        TestSuite suite = prepared.suite();
        long unusable = suite.goldHealth().values().stream().mapToLong(Map::size).sum();
        StringBuilder sb =
                new StringBuilder(
                        String.format(
                                Locale.ROOT,
                                "[sqlexam] test suite of %s: %d database(s), %s; coverage %d/%d neighbours (%.1f%%)%s",
                                db,
                                suite.databases().size(),
                                prepared.cached()
                                        ? String.format(
                                                Locale.ROOT,
                                                "cached (%.1f s; built in %.1f s)",
                                                seconds,
                                                suite.buildMs() / 1000.0)
                                        : String.format(Locale.ROOT, "built in %.1f s", seconds),
                                suite.distinguished(),
                                suite.neighbours(),
                                100 * suite.coverage(),
                                unusable == 0
                                        ? ""
                                        : "; "
                                                + unusable
                                                + " (gold, suite database) pair(s) set aside: gold_suite_error"));
        TestSuite.Stats s = suite.stats();
        if (s != null) {
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "%n[sqlexam]   distillation: %d candidate(s) tried, %d kept (%d distilled, tiny and odd places included%s), each gold defined on at least %d where the pool allowed; "
                                    + "coverage %.1f%% for the first %d made → %.1f%% distilled (pool %.1f%%)",
                            s.tried(),
                            s.kept(),
                            s.distilled(),
                            s.keptForSomeGolds() == 0
                                    ? ""
                                    : ", " + s.keptForSomeGolds() + " for some golds only",
                            suite.perGold(),
                            100 * s.coverageUndistilled(),
                            s.kept(),
                            100 * s.coverageKept(),
                            100 * s.coveragePool()));
            suite.notes().stream()
                    .filter(n -> n.startsWith("pool: "))
                    .findFirst()
                    .ifPresent(n -> sb.append(String.format("%n[sqlexam]   ")).append(n));
            if (s.goldsUnchecked() > 0) {
                sb.append(
                        String.format(
                                Locale.ROOT,
                                "; %d gold(s) defined on no suite database (their predictions: suite_unchecked)",
                                s.goldsUnchecked()));
            }
            if (!s.undistinguishedByKind().isEmpty()) {
                sb.append(
                        String.format(
                                Locale.ROOT,
                                "%n[sqlexam]   not told apart, by kind of mutation: %s",
                                s.undistinguishedByKind().entrySet().stream()
                                        .sorted((a, b) -> b.getValue() - a.getValue())
                                        .map(e -> e.getKey() + " " + e.getValue())
                                        .collect(Collectors.joining(", "))));
            }
        }
        return sb.toString();
    }
}
