package dev.sqlexam.suite;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.sql.ReadOnlyExecutor;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The chosen candidates made into a suite's databases (again from their seeds), each asked which
 * golds are defined on it: its gold health is what grading trusts.
 */
final class ChosenDatabases {

    private final JdbcUrlTemplate server;
    private final ReadOnlyExecutor suiteReader;
    private final String hash;
    private final SuiteSchema schema;
    private final Map<String, List<List<String>>> samples;
    private final GoldConstants constants;
    private final List<String> golds;

    /** The databases made, in order. */
    final List<String> kept = new ArrayList<>();

    /** Each database's golds that may not be graded there, by digest, and why. */
    final Map<String, Map<String, String>> health = new LinkedHashMap<>();

    /** The databases kept for some golds only, and the digests of those golds. */
    final Map<String, List<String>> onlyFor = new LinkedHashMap<>();

    ChosenDatabases(
            JdbcUrlTemplate server,
            ReadOnlyExecutor suiteReader,
            String hash,
            SuiteSchema schema,
            Map<String, List<List<String>>> samples,
            GoldConstants constants,
            List<String> golds) {
        this.server = server;
        this.suiteReader = suiteReader;
        this.hash = hash;
        this.schema = schema;
        this.samples = samples;
        this.constants = constants;
        this.golds = golds;
    }

    /**
     * Makes candidate {@code m} the next database; {@code served}: the golds it is kept for (null:
     * all). The first database's notes go to {@code notes}.
     */
    void make(CandidatePool.Made m, BitSet served, List<String> notes) throws SQLException {
        String name = SuiteDatabase.PREFIX + hash + "_" + kept.size();
        SuiteDatabase.create(server, name);
        SuiteDatabase.Filled filled =
                SuiteDatabase.fill(server, name, schema, samples, constants, m.profile(), m.seed());
        if (kept.isEmpty()) notes.addAll(filled.notes());
        // asked again on the database itself: its gold health is what grading trusts
        Map<String, String> problems = new LinkedHashMap<>();
        List<String> servedDigests = new ArrayList<>();
        for (int g = 0; g < golds.size(); g++) {
            if (served != null && !served.get(g)) continue;
            String gold = golds.get(g);
            String problem =
                    CandidatePool.goldProblem(
                            suiteReader, name, gold, suiteReader.execute(name, gold));
            if (problem != null) problems.put(TestSuite.digest(gold), problem);
            servedDigests.add(TestSuite.digest(gold));
        }
        kept.add(name);
        health.put(name, problems);
        if (served != null) onlyFor.put(name, servedDigests);
    }

    /** How many golds no database made grades (their predictions are unchecked). */
    int goldsUnchecked() {
        int unchecked = 0;
        for (String gold : golds) {
            String digest = TestSuite.digest(gold);
            boolean graded =
                    kept.stream()
                            .anyMatch(
                                    db ->
                                            (!onlyFor.containsKey(db)
                                                            || onlyFor.get(db).contains(digest))
                                                    && !health.get(db).containsKey(digest));
            if (!graded) unchecked++;
        }
        return unchecked;
    }
}
