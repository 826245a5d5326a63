package dev.sqlexam.report;

import java.util.List;

/** A metric over a variant's runs: mean, sample standard deviation (0 for one run), min and max. */
public record Spread(double mean, double std, double min, double max, int runs) {

    public static Spread of(List<Double> values) {
        if (values.isEmpty()) return new Spread(0, 0, 0, 0, 0);
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double ss = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
        double std = values.size() < 2 ? 0 : Math.sqrt(ss / (values.size() - 1));
        return new Spread(
                mean,
                std,
                values.stream().mapToDouble(Double::doubleValue).min().orElse(0),
                values.stream().mapToDouble(Double::doubleValue).max().orElse(0),
                values.size());
    }
}
