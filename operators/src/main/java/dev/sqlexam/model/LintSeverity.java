package dev.sqlexam.model;

public enum LintSeverity {
    ERROR,
    WARN
}
