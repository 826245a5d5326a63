package dev.sqlexam.model;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/** The routing decision: modules (null = all), how it was reached, and each module's confidence. */
public record ModuleRoute(List<String> modules, String method, Map<String, Double> confidences)
        implements Serializable {}
