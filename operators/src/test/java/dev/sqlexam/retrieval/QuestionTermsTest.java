package dev.sqlexam.retrieval;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class QuestionTermsTest {

    @Test
    void keepsWordsExpandsAbbreviationsAndDropsTsquerySyntax() {
        assertThat(QuestionTerms.of("Total qty per dept & PO's in 2024!"))
                .containsExactly(
                        "total", "quantity", "per", "department", "purchase", "order", "in");
        assertThat(QuestionTerms.of("a' | !b:* & (c)")).isEmpty();
    }

    @Test
    void emptyPunctuationAndHugeQuestionsAreSafe() {
        assertThat(QuestionTerms.of("")).isEmpty();
        assertThat(QuestionTerms.of("?!... ;;")).isEmpty();
        assertThat(QuestionTerms.of("revenue ".repeat(2_000) + "x".repeat(5_000)))
                .hasSizeLessThanOrEqualTo(QuestionTerms.MAX_TERMS);
    }
}
