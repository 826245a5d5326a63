package dev.sqlexam.sql;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Where JSqlParser cannot read what PostgreSQL accepts, every check that falls back says what it
 * could not do.
 */
class ParserFallbackTest {

    /** PostgreSQL's explicit operator syntax: valid, read-only, beyond the parser. */
    private static final String UNREADABLE =
            "SELECT id FROM employees WHERE id OPERATOR(pg_catalog.>) 3 ORDER BY id LIMIT 2";

    @Test
    void theExampleIsBeyondTheParser() {
        assertThatThrownBy(() -> SqlParsing.parse(UNREADABLE)).isInstanceOf(Exception.class);
    }

    @Test
    void theGuardAllowsOnItsLexicalChecksAndSaysSo() {
        SqlGuard.Verdict verdict = SqlGuard.check(UNREADABLE);
        assertThat(verdict.allowed()).isTrue();
        assertThat(verdict.note())
                .startsWith("allowed on the lexical checks alone: JSqlParser could not read it");
        assertThat(SqlGuard.check("SELECT id FROM employees").note()).isNull();
        assertThat(
                        SqlGuard.check(
                                        "SELECT id INTO copy FROM employees WHERE id OPERATOR(pg_catalog.>) 3")
                                .allowed())
                .isFalse();
    }

    @Test
    void anOrderWhoseKeysCannotBeReadIsComparedRowByRowAndSaysWhy() {
        OrderSpec order = OrderSpec.of(UNREADABLE);
        assertThat(order.ordered()).isTrue();
        assertThat(order.keysKnown()).isFalse();
        assertThat(order.keysUnreadable()).startsWith("JSqlParser could not read the query");
        assertThat(OrderSpec.of("SELECT id FROM employees ORDER BY id").keysUnreadable()).isNull();
    }

    @Test
    void aLimitTieProbeThatCannotBeBuiltSaysWhy() {
        assertThat(LimitTieProbe.of(UNREADABLE)).isEmpty();
        assertThat(LimitTieProbe.unreadable(UNREADABLE))
                .startsWith("JSqlParser could not read the query");
        assertThat(LimitTieProbe.unreadable("SELECT id FROM employees ORDER BY id LIMIT 2"))
                .isNull();
        assertThat(
                        LimitTieProbe.unreadable(
                                "SELECT id FROM employees WHERE id OPERATOR(pg_catalog.>) 3"))
                .as("nothing to probe")
                .isNull();
    }
}
