package dev.sqlexam.retrieval;

import java.io.Serializable;

/** An entity with its vector, ready to store. */
public record EmbeddedEntity(IndexEntity entity, float[] vector) implements Serializable {}
