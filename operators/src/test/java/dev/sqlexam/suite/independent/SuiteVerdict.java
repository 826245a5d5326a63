package dev.sqlexam.suite.independent;

import dev.sqlexam.grading.Grader;
import dev.sqlexam.grading.SuiteCheck;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.Grade;
import dev.sqlexam.model.SuiteGrade;
import dev.sqlexam.sql.QueryOutcome;

import java.util.List;

/**
 * One prediction graded with the test suite, and the evidence of a catch replayed: worked out on
 * any thread ({@link #of}), counted later in the order of the predictions ({@link #countIn}).
 *
 * @param examDecides the exam database already grades it wrong: the suite is not asked
 * @param verdict the suite's (null: none)
 * @param replay of a caught wrong prediction's evidence (null otherwise)
 */
record SuiteVerdict(
        String schema,
        String kind,
        String label,
        String sql,
        boolean wrong,
        boolean examDecides,
        SuiteGrade verdict,
        EvidenceReplay.Outcome replay) {

    /** Grades one prediction the exam database grades correct with the suite. */
    static SuiteVerdict of(
            Environment env,
            Environment.Schema s,
            ExamQuestion q,
            String sql,
            boolean wrong,
            String kind,
            String label)
            throws Exception {
        List<Grader.GoldRun> golds = env.judge.golds(q, s.examDb());
        QueryOutcome pred = env.judge.run(s.examDb(), sql);
        Grade g = Judge.grade(golds, pred);
        if (!g.lenientCorrect())
            return new SuiteVerdict(s.name(), kind, label, sql, wrong, true, null, null);
        SuiteCheck.ExamRecordGrade exam = SuiteCheck.ExamRecordGrade.of(Judge.GRADER, golds, pred);
        SuiteGrade v = s.grading().check(q, sql, exam);
        EvidenceReplay.Outcome replay = null;
        if (wrong && v != null && !v.correct()) {
            List<Integer> matched = g.correct() ? exam.strictGolds() : exam.lenientGolds();
            replay =
                    s.empties()
                            .with(
                                    emptyDb ->
                                            EvidenceReplay.replay(
                                                    env.scratch,
                                                    emptyDb,
                                                    s.catalog(),
                                                    env.judge,
                                                    q,
                                                    sql,
                                                    v,
                                                    matched));
        }
        return new SuiteVerdict(s.name(), kind, label, sql, wrong, false, v, replay);
    }

    /** Counts it in {@code tally}. */
    void countIn(Tally tally) {
        if (examDecides) return; // execution accuracy on the exam database already decides it
        Tally.Row row = tally.row(schema, kind);
        if (wrong) row.wrong++;
        else row.controls++;
        if (verdict == null) {
            tally.notChecked.add(label + ": no suite verdict");
            return;
        }
        if (!wrong) {
            if (!verdict.correct()) {
                row.controlsWrong++;
                tally.controlsGradedWrong.add(label + ": " + where() + " | " + sql);
            }
            return;
        }
        if (verdict.correct()) {
            tally.missed.add(label + " (" + checked() + "): " + sql);
            return;
        }
        row.caught++;
        if (replay.replays()) row.replayed++;
        else if (replay.withoutForeignKeys()) row.replayedWithoutKeys++;
        if (!replay.replays()) {
            tally.notReplayed.add(label + ": " + replay.detail() + " (" + where() + ") | " + sql);
            tally.replayFailures.merge(whyNotReplayed(), 1, Integer::sum);
        }
    }

    private String whyNotReplayed() {
        return replay.withoutForeignKeys()
                ? "lacks parent rows its rows reference (replays with foreign keys off)"
                : replay.detail().contains("23514")
                        ? "holds values a domain or CHECK of the schema refuses"
                        : replay.detail().contains("same result")
                                ? "loads, but the two agree on it"
                                : "other: " + replay.detail();
    }

    private String checked() {
        return verdict.checked()
                + "/"
                + verdict.databases()
                + " checked"
                + (verdict.skipped() == null || verdict.skipped().isEmpty()
                        ? ""
                        : ", skipped " + verdict.skipped());
    }

    private String where() {
        return verdict.kind()
                + " on "
                + verdict.database()
                + " ("
                + checked()
                + "): "
                + verdict.detail();
    }
}
