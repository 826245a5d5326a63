package dev.sqlexam.grading;

import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.EvaluationTrace;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.Grade;
import dev.sqlexam.model.GradeReason;
import dev.sqlexam.model.Stage;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.model.SuiteGrade;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.QueryResult;

import java.util.ArrayList;
import java.util.List;

/**
 * The parts of a question's {@link ExamRecord} after what was asked: the answer, its grade with
 * Soft-F1 and the suites' verdict, the failure and the traces.
 */
final class ExamRecordParts {

    private ExamRecordParts() {}

    static ExamRecord.Answer answer(
            GeneratedTask generated, Candidate chosen, List<Boolean> candidateCorrect) {
        return new ExamRecord.Answer(
                generated.generator(),
                chosen == null ? null : chosen.sql(),
                generatedSql(generated),
                candidateCorrect);
    }

    static ExamRecord.Traces traces(GeneratedTask generated, List<StageTrace> trace) {
        return new ExamRecord.Traces(
                trace, generated.retrieval(), generated.generation(), generated.evaluation());
    }

    /**
     * The candidates as the generator wrote them, in its order (evaluation reorders them and adds
     * LIMIT to the chosen one).
     */
    static List<String> generatedSql(GeneratedTask generated) {
        if (generated.evaluation() != null) {
            return generated.evaluation().candidates().stream()
                    .map(EvaluationTrace.CandidateEvaluation::sql)
                    .toList();
        }
        return generated.candidates().stream().map(Candidate::sql).toList();
    }

    static ExamRecord.Grade grade(
            Grade grade,
            Boolean birdCorrect,
            Boolean spiderCorrect,
            Boolean spiderTsCorrect,
            Double softF1,
            SuiteGrade verdict) {
        ExamRecord.Grade graded =
                ExamRecord.Grade.of(grade)
                        .birdCorrect(birdCorrect)
                        .softF1(softF1)
                        .spiderCorrect(spiderCorrect)
                        .spiderTsCorrect(spiderTsCorrect)
                        .build();
        return verdict == null ? graded : graded.withSuite(verdict);
    }

    /**
     * Soft-F1 against the reference result (null: no fair run, no gold, or a grade left out of
     * accuracy; 0: the prediction did not run).
     */
    static Double softF1(
            StageTrace upstreamFailure,
            List<Grader.GoldRun> golds,
            Grade grade,
            QueryOutcome prediction) {
        if (upstreamFailure != null
                || !golds.get(0).outcome().ok()
                || grade.reason().excludedFromAccuracy()) return null;
        if (prediction == null || !prediction.ok()) return 0.0;
        return SoftF1.score(referenceResult(golds, grade), prediction.result());
    }

    /** The result Soft-F1 compares with: the gold that matched, else the first that ran. */
    private static QueryResult referenceResult(List<Grader.GoldRun> golds, Grade grade) {
        if (grade.matchedGold() >= 0 && golds.get(grade.matchedGold()).outcome().ok())
            return golds.get(grade.matchedGold()).outcome().result();
        return golds.stream()
                .filter(g -> g.outcome().ok())
                .findFirst()
                .orElseThrow()
                .outcome()
                .result();
    }

    /**
     * The query whose error the record reports: the prediction's, else the first gold's; the failed
     * stage instead when the infrastructure failed upstream (null: none failed).
     */
    static QueryOutcome failingQuery(
            QueryOutcome prediction, QueryOutcome firstGold, StageTrace upstreamFailure) {
        QueryOutcome failing =
                prediction != null && !prediction.ok()
                        ? prediction
                        : (!firstGold.ok() ? firstGold : null);
        if (upstreamFailure != null
                && (failing == null || failing.errorClass() != ErrorClass.INFRA_FAILURE)) {
            return QueryOutcome.failure(
                    null, ErrorClass.INFRA_FAILURE, GradingTraces.failedStage(upstreamFailure), 0);
        }
        return failing;
    }

    /**
     * The tables retrieval put in the packet (null: no packet, or one a failed stage left empty,
     * which says nothing about retrieval's recall).
     */
    static List<String> packetTables(GeneratedTask generated, StageTrace upstreamFailure) {
        // a SQLite database is not in the schema index: no prompt's tables to count or blame
        return generated.packet() == null
                        || upstreamFailure != null
                        || generated.task().question().onSqlite()
                ? null
                : generated.packet().tableNames();
    }

    /**
     * The failing query's error and the failure category of the grade; a suite database's mismatch
     * instead when the suites overturned the grade.
     */
    static ExamRecord.Failure failure(
            Grade grade,
            QueryOutcome failing,
            List<String> packetTables,
            GeneratedTask generated,
            Candidate chosen,
            SuiteGrade verdict) {
        ExamRecord.Failure failed = failureOf(grade, failing, packetTables, generated, chosen);
        if (verdict == null || !verdict.overturned()) return failed;
        return new ExamRecord.Failure(
                verdict.kind(),
                null,
                verdict.detail(),
                GradeReason.SUITE_MISMATCH.code(),
                SuiteVerification.mismatch(verdict),
                failed.goldTablesRetrieved());
    }

    private static ExamRecord.Failure failureOf(
            Grade grade,
            QueryOutcome failing,
            List<String> packetTables,
            GeneratedTask generated,
            Candidate chosen) {
        ExamQuestion q = generated.task().question();
        String errorCode = failing == null ? null : GradingTraces.errorCode(failing);
        FailureClassifier.Failure failure =
                FailureClassifier.classify(
                        grade.correct(),
                        grade.reason().code(),
                        errorCode,
                        packetTables,
                        q.goldTables(),
                        generated.evaluation(),
                        chosen == null ? null : chosen.sql(),
                        q.goldSql());
        return new ExamRecord.Failure(
                errorCode,
                failing == null ? null : failing.sqlstate(),
                failing == null ? null : failing.error(),
                failure == null ? null : failure.type(),
                failure == null ? null : failure.details(),
                FailureClassifier.goldTablesRetrieved(packetTables, q.goldTables()));
    }

    /** See {@link QuestionGrading#unfinished}. */
    static ExamRecord unfinished(GeneratedTask generated, Stage stage, String message) {
        List<StageTrace> trace = new ArrayList<>(generated.trace());
        trace.add(StageTrace.infraFailure(stage, 0, message));
        String infra = ErrorClass.INFRA_FAILURE.code();
        Candidate chosen = generated.candidates().isEmpty() ? null : generated.candidates().get(0);
        return new ExamRecord(
                ExamRecord.Asked.of(generated.task()),
                answer(generated, chosen, null),
                ExamRecord.Grade.notGraded(GradeReason.INFRA_FAILURE.code(), message),
                new ExamRecord.Timing(0, 0, GradingTraces.totalMs(trace), 0),
                new ExamRecord.Failure(infra, null, message, infra, message, null),
                traces(generated, trace),
                generated.task().question().extrasJson());
    }
}
