package dev.sqlexam.model;

/** The stages a question passes through, by the names the trace and the exam log use. */
public enum Stage {
    GOLD_TABLES("gold_tables"),
    EMBED("embed"),
    ROUTE("route"),
    RETRIEVE("retrieve"),
    PRE_SQL("pre_sql"),
    PLAN_JOINS("plan_joins"),
    GENERATE("generate"),
    PREDICT("predict"),
    EVALUATE("evaluate"),
    EXECUTE_GOLD("execute_gold"),
    EXECUTE("execute"),
    EXECUTE_RECOVERY("execute_recovery"),
    GRADE("grade"),
    GRADE_SUITE("grade_suite");

    private final String code;

    Stage(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }

    @Override
    public String toString() {
        return code;
    }
}
