package dev.sqlexam.sql;

import dev.sqlexam.model.LintIssue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The one lexer: what is code and what is not, and that lint and references see the same. */
class SqlLexerTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "SELECT 'it''s' FROM t                 | CODE,STRING,CODE",
                "SELECT \"a\"\"b\" FROM t              | CODE,QUOTED_IDENTIFIER,CODE",
                "SELECT $$ x ' y $$, $tag$ -- $tag$    | CODE,DOLLAR_STRING,CODE,DOLLAR_STRING",
                "SELECT 1 /* a /* nested */ still */ x | CODE,COMMENT,CODE",
                "SELECT 1 -- to the end                | CODE,COMMENT",
                "SELECT 'open                          | CODE,STRING",
                "SELECT $1, price$ FROM t              | CODE",
                "SELECT E'it\\'s' FROM t               | CODE,STRING,CODE",
                "SELECT e'\\\\' AS b, 'c'                 | CODE,STRING,CODE,STRING",
                "SELECT codE'a\\' FROM t                | CODE,STRING,CODE"
            })
    void cutsTheTextIntoSpans(String sql, String kinds) {
        List<String> got = SqlLexer.spans(sql.strip()).stream().map(s -> s.kind().name()).toList();
        assertThat(String.join(",", got)).isEqualTo(kinds.strip());
    }

    @Test
    void anUnclosedLiteralIsSaidByLintAndNeverClosedByTheLexer() {
        List<LintIssue> issues = new ArrayList<>();
        SqlLint.mask("SELECT 'open FROM t", issues);
        assertThat(issues)
                .singleElement()
                .satisfies(i -> assertThat(i.code()).isEqualTo("unclosed_quote"));
        assertThat(SqlLexer.spans("SELECT 'open").get(1).closed()).isFalse();
    }

    @Test
    void lintAndReferencesNoLongerSeeNamesInsideDollarQuotesOrNestedComments() {
        String sql = "SELECT a FROM t WHERE note = $$ FROM secret $$ /* JOIN x /* y */ ON 1 */";
        assertThat(SqlText.maskQuotedAndComments(sql))
                .doesNotContain("secret")
                .doesNotContain("JOIN");
        assertThat(SqlLint.mask(sql, new ArrayList<>()))
                .doesNotContain("secret")
                .doesNotContain("JOIN")
                .contains("''");
        assertThat(SqlReferences.of(sql).tables()).containsExactly("t");
    }
}
