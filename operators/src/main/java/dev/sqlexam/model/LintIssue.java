package dev.sqlexam.model;

/** One finding: the seed's code, its severity, and what it saw. */
public record LintIssue(String code, LintSeverity severity, String message) {}
