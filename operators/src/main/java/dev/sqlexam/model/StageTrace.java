package dev.sqlexam.model;

import java.io.Serializable;

/**
 * What one stage did for one question: status, error class, SQLSTATE, duration and a short detail.
 * Every stage appends one: every step is measured and logged.
 */
public record StageTrace(
        String stage,
        String status,
        String errorClass,
        String sqlstate,
        long durationMs,
        String detail)
        implements Serializable {

    public static StageTrace ok(Stage stage, long durationMs, String detail) {
        return new StageTrace(stage.code(), "ok", null, null, durationMs, detail);
    }

    public static StageTrace failed(
            Stage stage, String errorClass, String sqlstate, long durationMs, String detail) {
        return new StageTrace(stage.code(), "error", errorClass, sqlstate, durationMs, detail);
    }

    /**
     * A stage the infrastructure failed (server, model endpoint, time limit): never the model's
     * failure.
     */
    public static StageTrace infraFailure(Stage stage, long durationMs, String detail) {
        return failed(stage, ErrorClass.INFRA_FAILURE.code(), null, durationMs, detail);
    }

    public boolean is(Stage s) {
        return s.code().equals(stage);
    }

    public boolean infraFailure() {
        return ErrorClass.INFRA_FAILURE.code().equals(errorClass);
    }
}
