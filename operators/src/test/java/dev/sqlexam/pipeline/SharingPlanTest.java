package dev.sqlexam.pipeline;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamTask;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class SharingPlanTest {

    private static final ExamQuestion Q =
            new ExamQuestion(
                    "q1",
                    "erp",
                    "How many?",
                    "SELECT 1",
                    List.of(),
                    List.of(),
                    null,
                    null,
                    null,
                    null,
                    null,
                    1,
                    null);

    /**
     * a and b differ only after generation; c retrieves differently; d generates differently on a's
     * retrieval.
     */
    private static SharingPlan plan(int runs, Set<String> done) {
        return new SharingPlan(
                List.of("a", "b", "c", "d"),
                Map.of("a", "r1", "b", "r1", "c", "r2", "d", "r1"),
                Map.of("a", "g1", "b", "g1", "c", "g2", "d", "g3"),
                runs,
                done);
    }

    @Test
    void variantsThatRetrieveAlikeShareOneRetrievalAndThenOneGenerationPerRun() {
        SharingPlan plan = plan(3, Set.of());
        List<ExamTask> retrievals = plan.schedule("run", Q);
        assertThat(retrievals)
                .extracting(ExamTask::variant, ExamTask::group)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("a", List.of("a", "b", "d")),
                        org.assertj.core.groups.Tuple.tuple("c", List.of("c")));
        List<ExamTask> generations = plan.splitForGeneration(retrievals.get(0));
        assertThat(generations).hasSize(2 * 3);
        assertThat(generations)
                .filteredOn(t -> t.variant().equals("a"))
                .extracting(ExamTask::repetition)
                .containsExactly(1, 2, 3);
        assertThat(generations.get(0).group()).containsExactly("a", "b");
        assertThat(plan.splitForVariants(generations.get(0)))
                .extracting(ExamTask::variant)
                .containsExactly("a", "b");
        assertThat(plan.retrievalGroups()).isEqualTo(2);
        assertThat(plan.generationGroups()).isEqualTo(3);
        int perVariantRun = 0;
        for (ExamTask r : retrievals) {
            for (ExamTask g : plan.splitForGeneration(r))
                perVariantRun += plan.splitForVariants(g).size();
        }
        assertThat(perVariantRun).as("every (variant, run) once").isEqualTo(4 * 3);
    }

    @Test
    void pairsAlreadyDoneAreNotScheduledAgain() {
        String key = "erp/q1";
        SharingPlan plan =
                plan(
                        2,
                        Set.of(
                                SharingPlan.doneKey("c", 1, key),
                                SharingPlan.doneKey("c", 2, key),
                                SharingPlan.doneKey("a", 1, key)));
        List<ExamTask> retrievals = plan.schedule("run", Q);
        assertThat(retrievals)
                .as("c is done in every run")
                .extracting(ExamTask::variant)
                .containsExactly("a");
        List<ExamTask> generations = plan.splitForGeneration(retrievals.get(0));
        assertThat(generations)
                .extracting(t -> t.repetition() + ":" + t.group())
                .containsExactlyInAnyOrder("1:[b]", "2:[a, b]", "1:[d]", "2:[d]");
    }

    @Test
    void aWholeQuestionSplitsIntoTheTasksTheStagesSplitsGiveInTheirOrderWithoutThoseDone() {
        String key = new ExamTask("run", "x", 0, Q).questionKey();
        SharingPlan plan =
                new SharingPlan(
                        List.of("x", "y", "z"),
                        Map.of("x", "x", "y", "y", "z", "z"),
                        Map.of("x", "x", "y", "y", "z", "z"),
                        2,
                        Set.of(SharingPlan.doneKey("y", 1, key)));
        List<String> staged =
                plan.schedule("run", Q).stream()
                        .flatMap(r -> plan.splitForGeneration(r).stream())
                        .flatMap(g -> plan.splitForVariants(g).stream())
                        .map(SharingPlanTest::described)
                        .toList();

        ExamTask whole = plan.whole("run", Q);

        assertThat(whole.group()).containsExactly("x", "y", "z");
        assertThat(plan.eachVariantAndRun(whole).stream().map(SharingPlanTest::described))
                .containsExactly("x 1 [x]", "x 2 [x]", "y 2 [y]", "z 1 [z]", "z 2 [z]")
                .containsExactlyElementsOf(staged);
    }

    private static String described(ExamTask t) {
        return t.variant() + " " + t.repetition() + " " + t.group();
    }

    @Test
    void aGradeRunSharesNothing() {
        SharingPlan plan = SharingPlan.unshared(List.of("x", "y"), 1);
        assertThat(plan.schedule("run", Q)).hasSize(2);
    }
}
