package dev.sqlexam.benchmarks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The texts Spider's evaluator runs. Every expected value here is what Python's sqlparse 0.4.2
 * (Debian 12's python3-sqlparse, the evaluator's {@code remove_distinct}) printed for the input.
 */
class SpiderTextTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "SELECT DISTINCT name FROM t|SELECT  name FROM t",
                "select count(distinct a), \"distinct\", 'distinct' from t|select count( a), \"distinct\", 'distinct' from t",
                "SELECT a FROM t WHERE x IS NOT DISTINCT FROM y|SELECT a FROM t WHERE x IS NOT  FROM y",
                "SELECT distinct_count FROM t|SELECT distinct_count FROM t",
                "SELECT t.distinct FROM t|SELECT t. FROM t",
                "SELECT 1; SELECT 2|`SELECT 1; `",
                "SELECT 1;;|SELECT 1;",
                "SELECT CASE WHEN a THEN 1 END; SELECT DISTINCT 2|`SELECT CASE WHEN a THEN 1 END; `",
                "SELECT (a; b) FROM t; x|`SELECT (a; b) FROM t; `",
                "x = 'it''s distinct' DISTINCT|`x = 'it''s distinct' `",
                "名distinct|名",
                "SELECT a FROM t /* distinct */ WHERE b = 'a\\' DISTINCT c'|SELECT a FROM t /* distinct */ WHERE b = 'a\\' DISTINCT c'",
                "-- only a comment|-- only a comment",
                "SELECT DISTINCT(a) FROM t|SELECT (a) FROM t",
                "SELECT 'abc|SELECT 'abc",
                "SELECT \"a DISTINCT b\" FROM t|SELECT \"a DISTINCT b\" FROM t",
                "SELECT DİSTİNCT a FROM t|SELECT DİSTİNCT a FROM t",
            })
    void removesDistinctAsSqlparseDoes(String in, String expected) {
        assertThat(SpiderText.removeDistinct(in)).isEqualTo(expected);
    }

    @Test
    void keepsWhatFollowsTheSemicolonUpToTheNextNonBlankToken() {
        // a single-line comment and spaces stay with the first statement; a newline does not
        assertThat(SpiderText.removeDistinct("SELECT 1;  -- c\n SELECT 2"))
                .isEqualTo("SELECT 1;  -- c\n ");
        assertThat(SpiderText.removeDistinct("SELECT 1;\n/* c */ SELECT 2")).isEqualTo("SELECT 1;");
        assertThat(SpiderText.removeDistinct("SELECT Distinct\ta FROM t"))
                .isEqualTo("SELECT \ta FROM t");
    }

    @Test
    void aTextWithoutStatementIsWhatTheOfficialScriptCrashesOn() {
        assertThatThrownBy(() -> SpiderText.removeDistinct(""))
                .isInstanceOf(SpiderText.NoStatement.class);
        assertThatThrownBy(() -> SpiderText.removeDistinct("   \n "))
                .isInstanceOf(SpiderText.NoStatement.class);
        // as the rule runs them: no text to run
        assertThat(SpiderText.gold("   \n ")).isNull();
        assertThat(SpiderText.prediction("")).isNull();
    }

    @Test
    void readsAPredictionLineAsTheOfficialReaderDoes() {
        assertThat(SpiderText.predictionOfLine("  SELECT a FROM t\tconcert_singer \n"))
                .isEqualTo("SELECT a FROM t");
        assertThat(SpiderText.predictionOfLine("SELECT a\tFROM t\tdb")).isEqualTo("SELECT a");
        assertThat(SpiderText.cutAtTab("SELECT a FROM t")).isFalse();
        assertThat(SpiderText.cutAtTab("\tSELECT a FROM t ")).isFalse();
    }

    @Test
    void replacesValueInPredictionsOnlyAndJoinsSpacedComparisons() {
        assertThat(SpiderText.prediction("SELECT market_value FROM t WHERE a > = 'value'"))
                .isEqualTo("SELECT market_1 FROM t WHERE a >= '1'");
        assertThat(SpiderText.gold("SELECT market_value FROM t WHERE a ! = 1"))
                .isEqualTo("SELECT market_value FROM t WHERE a != 1");
        assertThat(SpiderText.prediction("SELECT Value FROM t")).isEqualTo("SELECT Value FROM t");
    }

    @Test
    void ordersOnlyWhereTheGoldSaysOrderByWithOneSpace() {
        assertThat(SpiderText.orderMatters("SELECT a FROM t ORDER BY a")).isTrue();
        assertThat(SpiderText.orderMatters("SELECT a FROM t ORDER  BY a")).isFalse();
        assertThat(SpiderText.orderMatters("SELECT 'order by' FROM t")).isTrue();
    }

    @Test
    void runsTheCurrentYearAs2020() {
        assertThat(SpiderText.forExecution("SELECT year(curdate()) - 1, YEAR ( CURDATE ( ) ) x"))
                .isEqualTo("SELECT 2020- 1, 2020x");
    }
}
