package dev.sqlexam.suite;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SuiteSizeTest {

    @Test
    void aNumberIsCapAndFloorAutoDistilsAndZeroIsOff() {
        assertThat(SuiteSize.parse("5")).isEqualTo(new SuiteSize(5, 5, false));
        assertThat(SuiteSize.parse(" AUTO "))
                .satisfies(
                        s -> {
                            assertThat(s.auto()).isTrue();
                            assertThat(s.cap()).isEqualTo(SuiteSize.AUTO_CAP);
                            assertThat(s.floor()).isEqualTo(SuiteSize.AUTO_FLOOR);
                            assertThat(s.toString()).isEqualTo("auto");
                        });
        assertThat(SuiteSize.parse("0").off()).isTrue();
    }

    @Test
    void anythingElseSaysWhatIsExpected() {
        assertThatThrownBy(() -> SuiteSize.parse("-2")).hasMessageContaining("'auto' or 0 or more");
        assertThatThrownBy(() -> SuiteSize.parse("many"))
                .hasMessageContaining("'auto' or a whole number")
                .hasMessageContaining("many");
    }
}
