package dev.sqlexam.model;

import java.io.Serializable;

/**
 * Why a wrong prediction is wrong, in one of the names of {@code ErrorCategories.NAMES}, with what
 * differs from its gold in a short sentence.
 */
public record ErrorCategory(String name, String explanation) implements Serializable {}
