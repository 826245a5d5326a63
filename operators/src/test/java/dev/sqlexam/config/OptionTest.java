package dev.sqlexam.config;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An option's step decides its phase by type, not by a string; a number outside its range is
 * refused where it is read.
 */
class OptionTest {

    @Test
    void everyStageHasItsPhaseAndEveryOptionAStage() {
        assertThat(Option.Step.RETRIEVE.label()).isEqualTo("retrieve");
        assertThat(SqlExamOptions.V1_TOP_K.phase()).isEqualTo(Option.Phase.RETRIEVAL);
        assertThat(SqlExamOptions.LLM_TEMPERATURE.phase()).isEqualTo(Option.Phase.GENERATION);
        assertThat(SqlExamOptions.STATEMENT_TIMEOUT_MS.phase()).isEqualTo(Option.Phase.JOB);
        assertThat(SqlExamOptions.all())
                .allSatisfy(o -> assertThat(o.step()).as(o.key()).isNotNull());
    }

    @Test
    void aNumberOutsideItsRangeIsRefusedWithTheOptionAndTheRange() {
        assertThatThrownBy(() -> Settings.resolve(Map.of(), Map.of(), Map.of("parallelism", "0")))
                .hasMessageContaining(
                        "option parallelism (SQLEXAM_PARALLELISM): 0 is outside >= 1");
        assertThatThrownBy(
                        () ->
                                Settings.resolve(
                                        Map.of(),
                                        Map.of("SQLEXAM_WATCH_RETRIEVAL_SAMPLE_RATE", "1.5"),
                                        Map.of()))
                .hasMessageContaining("is outside [0, 1]");
        assertThatThrownBy(
                        () ->
                                Settings.resolve(
                                        Map.of("statement_timeout_ms", "-5"), Map.of(), Map.of()))
                .hasMessageContaining("statement_timeout_ms");
        assertThat(
                        Settings.resolve(Map.of(), Map.of(), Map.of("parallelism", "1"))
                                .get(SqlExamOptions.PARALLELISM))
                .isEqualTo(1);
    }

    @Test
    void aDefaultOutsideItsOwnRangeCannotBeDeclared() {
        Option<Integer> option =
                new Option<>(
                        "k",
                        "K",
                        Integer.class,
                        0,
                        "test",
                        Option.Step.JOB,
                        true,
                        false,
                        List.of());
        assertThatThrownBy(() -> option.bounded(1, null))
                .hasMessageContaining("its default 0 is outside >= 1");
    }

    @Test
    void aChoiceIsReadIntoItsEnumByTheWordAUserWrites() {
        Settings s =
                Settings.resolve(
                        Map.of(),
                        Map.of("SQLEXAM_READER", "connecting-user"),
                        Map.of("JOIN_HINT_FORMAT", "Both"));
        assertThat(s.get(SqlExamOptions.READER)).isEqualTo(Choices.Reader.CONNECTING_USER);
        assertThat(s.get(SqlExamOptions.JOIN_HINT_FORMAT)).isEqualTo(Choices.JoinHints.BOTH);
        assertThat(SqlExamOptions.READER.domain().allowed())
                .containsExactly("role", "connecting-user");
        assertThat(SqlExamOptions.READER.shownDefault()).isEqualTo("role");
        assertThatThrownBy(() -> Settings.resolve(Map.of(), Map.of(), Map.of("reader", "admin")))
                .hasMessageContaining("option reader (SQLEXAM_READER)")
                .hasMessageContaining("'admin' is not one of role, connecting-user");
    }

    @Test
    void whereThingsAreIsReadFromTheSystemPropertyBeforeAnySettingAndChecked() {
        String variable = System.getenv("SQLEXAM_FLINK_REST_PORT");
        assertThat(Settings.early(SqlExamOptions.FLINK_REST_PORT))
                .isEqualTo(
                        variable == null || variable.isBlank() ? 8081 : Integer.parseInt(variable));
        System.setProperty("sqlexam.flink.rest.port", "58081");
        try {
            assertThat(Settings.early(SqlExamOptions.FLINK_REST_PORT)).isEqualTo(58081);
            System.setProperty("sqlexam.flink.rest.port", "70000");
            assertThatThrownBy(() -> Settings.early(SqlExamOptions.FLINK_REST_PORT))
                    .hasMessageContaining("is outside [1, 65535]");
        } finally {
            System.clearProperty("sqlexam.flink.rest.port");
        }
    }
}
