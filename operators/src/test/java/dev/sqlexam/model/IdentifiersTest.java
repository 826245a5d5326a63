package dev.sqlexam.model;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class IdentifiersTest {

    @Test
    void wordsSplitSnakeAndCamelCaseAndEachCallersArrayIsItsOwn() {
        String[] first = Identifiers.words("orderLine_itemQty");
        assertThat(first).containsExactly("order", "line", "item", "qty");
        first[0] = "changed by a caller";
        assertThat(Identifiers.words("orderLine_itemQty"))
                .containsExactly("order", "line", "item", "qty");
        assertThat(Identifiers.words("hr.Employees")).containsExactly("hr", "employees");
    }

    @Test
    void reservedWordsAndNamesThatWouldNotSurviveUnquotedGetQuotes() {
        assertThat(Identifiers.quoteIfNeeded("employees")).isEqualTo("employees");
        assertThat(Identifiers.quoteIfNeeded("user_id")).isEqualTo("user_id");
        assertThat(Identifiers.quoteIfNeeded("user")).isEqualTo("\"user\"");
        assertThat(Identifiers.quoteIfNeeded("only")).isEqualTo("\"only\"");
        assertThat(Identifiers.quoteIfNeeded("lateral")).isEqualTo("\"lateral\"");
        assertThat(Identifiers.quoteIfNeeded("OrderDate")).isEqualTo("\"OrderDate\"");
        assertThat(Identifiers.quoteIfNeeded("a\"b")).isEqualTo("\"a\"\"b\"");
        // non-reserved key words stay plain names in PostgreSQL
        assertThat(Identifiers.quoteIfNeeded("name")).isEqualTo("name");
        assertThat(Identifiers.quoteIfNeeded("year")).isEqualTo("year");
    }
}
