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
}
