package dev.sqlexam.sql;

import dev.sqlexam.model.ErrorClass;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class ErrorClassTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "08006, INFRA_FAILURE",
        "08003, INFRA_FAILURE",
        "53300, INFRA_FAILURE",
        "53200, INFRA_FAILURE",
        "54000, INFRA_FAILURE",
        "58030, INFRA_FAILURE",
        "F0000, INFRA_FAILURE",
        "XX000, INFRA_FAILURE",
        "57014, QUERY_TIMEOUT",
        "57P01, INFRA_FAILURE",
        "57P02, INFRA_FAILURE",
        "57P03, INFRA_FAILURE",
        "28P01, INFRA_FAILURE",
        "3D000, INFRA_FAILURE",
        "42501, VALIDATION_BLOCK",
        "42601, SQL_ERROR",
        "42P01, SQL_ERROR",
        "42703, SQL_ERROR",
        "42P09, SQL_ERROR",
        "42804, SQL_ERROR",
        "42883, SQL_ERROR",
        "42803, SQL_ERROR",
        "22012, SQL_ERROR",
        "99999, UNKNOWN",
        "'', UNKNOWN",
    })
    void classifiesSqlStatesAsSeed000(String sqlstate, ErrorClass expected) {
        assertThat(ErrorClass.ofSqlState(sqlstate)).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({
        "INFRA_FAILURE, false",
        "QUERY_TIMEOUT, true",
        "VALIDATION_BLOCK, false",
        "SQL_ERROR, true",
        "UNKNOWN, false"
    })
    void retryGating(ErrorClass errorClass, boolean retryable) {
        assertThat(errorClass.retryable()).isEqualTo(retryable);
    }
}
