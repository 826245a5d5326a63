package dev.sqlexam.predictions;

import dev.sqlexam.examset.Quarantine;
import dev.sqlexam.model.ExamQuestion;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SourcePositionsTest {

    static ExamQuestion q(String id, Integer sourceIndex) {
        return new ExamQuestion(
                id,
                "demo",
                "question " + id,
                "SELECT 1",
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                1,
                null,
                null,
                sourceIndex);
    }

    static Quarantine.Entry quarantined(String id, Integer sourceIndex) {
        return new Quarantine.Entry(
                id, "demo", sourceIndex, List.of("error: column \"nope\" does not exist"));
    }

    @Test
    void aQuarantinedQuestionKeepsItsPositionAndNothingShiftsOntoTheNext() {
        SourcePositions p =
                SourcePositions.of(
                        List.of(q("a", 0), q("c", 2), q("d", 3)), List.of(quarantined("b", 1)));
        assertThat(p.bySource()).isTrue();
        assertThat(p.size()).isEqualTo(4);
        assertThat(p.at(0).question().id()).isEqualTo("a");
        assertThat(p.at(1).question()).isNull();
        assertThat(p.at(1).quarantined().id()).isEqualTo("b");
        assertThat(p.at(2).question().id())
                .as("the position in the source, not the second line of the exam set")
                .isEqualTo("c");
        assertThat(p.at(3).question().id()).isEqualTo("d");
        assertThat(p.counts())
                .isEqualTo(
                        "the source the exam set was imported from has 4 questions (3 in the exam set, 1 quarantined)");
        assertThat(p.warning()).isNull();
    }

    @Test
    void theExamSetsOwnOrderMayDifferFromTheSources() {
        SourcePositions p =
                SourcePositions.of(
                        List.of(q("d", 3), q("a", 0)),
                        List.of(quarantined("b", 1), quarantined("c", 2)));
        assertThat(p.at(0).question().id()).isEqualTo("a");
        assertThat(p.at(3).question().id()).isEqualTo("d");
        assertThat(p.at(2).quarantined().id()).isEqualTo("c");
    }

    @Test
    void withoutAQuarantineFileAGapIsNeitherQuestionAndTrailingQuarantinesAreNotCounted() {
        SourcePositions p = SourcePositions.of(List.of(q("a", 0), q("c", 2)), List.of());
        assertThat(p.size()).isEqualTo(3);
        assertThat(p.at(1).question()).isNull();
        assertThat(p.at(1).quarantined()).isNull();
        assertThat(p.unknown()).isEqualTo(1);
        assertThat(p.counts()).endsWith("has 3 questions (2 in the exam set, 1 in neither)");
    }

    @Test
    void aQuestionTakenBackIntoTheExamSetIsGradedThere() {
        SourcePositions p =
                SourcePositions.of(List.of(q("a", 0), q("b", 1)), List.of(quarantined("b", 1)));
        assertThat(p.at(1).question().id()).isEqualTo("b");
        assertThat(p.at(1).quarantined()).isNull();
        assertThat(p.counts()).contains("(2 in the exam set)");
    }

    @Test
    void anExamSetWithoutPositionsIsAlignedByItsOrderAndWarnsWhenItsImportQuarantined() {
        SourcePositions plain = SourcePositions.of(List.of(q("a", null), q("b", null)), List.of());
        assertThat(plain.bySource()).isFalse();
        assertThat(plain.size()).isEqualTo(2);
        assertThat(plain.at(1).question().id()).isEqualTo("b");
        assertThat(plain.at(2).question()).isNull();
        assertThat(plain.counts()).isEqualTo("the exam set has 2 questions");
        assertThat(plain.warning()).isNull();

        SourcePositions oldImport =
                SourcePositions.of(
                        List.of(q("a", null), q("c", null)), List.of(quarantined("b", null)));
        assertThat(oldImport.bySource()).isFalse();
        assertThat(oldImport.warning())
                .contains("quarantined 1 question(s)")
                .contains("import the benchmark again");
    }

    @Test
    void positionsOnSomeQuestionsOnlyOrTwiceCannotBeAligned() {
        assertThatThrownBy(
                        () ->
                                SourcePositions.of(
                                        List.of(q("a", 0), q("b", null), q("c", 2)), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(
                        "1 of the exam set's 3 questions have no source_index (the first: 'b')");
        assertThatThrownBy(() -> SourcePositions.of(List.of(q("a", 0), q("b", 0)), List.of()))
                .hasMessageContaining("questions 'a' and 'b' both have source_index 0");
    }
}
