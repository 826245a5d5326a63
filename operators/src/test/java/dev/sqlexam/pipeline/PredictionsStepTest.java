package dev.sqlexam.pipeline;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.GeneratedTask;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gold self-check without the pipeline's stages: each question's own gold is its prediction.
 */
class PredictionsStepTest {

    @Test
    void eachQuestionsGoldIsItsPredictionInEveryVariant() {
        PredictionsStep gold = PredictionsStep.goldOfEachQuestion();
        for (String variant : new String[] {"default", "other"}) {
            GeneratedTask t =
                    gold.apply(
                            new ExamTask(
                                    "run",
                                    variant,
                                    1,
                                    ExamQuestion.of(
                                            "q1",
                                            "demo",
                                            "How many?",
                                            "SELECT COUNT(*) FROM employees")));
            assertThat(t.candidates())
                    .singleElement()
                    .satisfies(
                            c -> assertThat(c.sql()).isEqualTo("SELECT COUNT(*) FROM employees"));
            assertThat(t.trace())
                    .singleElement()
                    .satisfies(s -> assertThat(s.detail()).contains("the exam set's gold"));
            assertThat(t.generator())
                    .as("the record names the gold generator, as the exam's self-check always did")
                    .isEqualTo("gold");
            assertThat(t.generation()).isNull();
        }
    }

    @Test
    void aQuestionWithoutGoldHasNoPrediction() {
        GeneratedTask t =
                PredictionsStep.goldOfEachQuestion()
                        .apply(
                                new ExamTask(
                                        "run",
                                        "default",
                                        1,
                                        ExamQuestion.of("q2", "demo", "Why?", null)));
        assertThat(t.candidates()).isEmpty();
        assertThat(t.trace())
                .singleElement()
                .satisfies(s -> assertThat(s.errorClass()).isEqualTo("missing"));
    }
}
