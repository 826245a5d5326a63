package dev.sqlexam.llm;

import dev.sqlexam.model.Candidate;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The harness self-check: the candidate is the gold SQL itself. A grader that does not give this
 * 100% on a sound exam set is broken, so evaluation suites run it before trusting their numbers.
 */
public final class GoldGenerator implements SqlGenerator {

    public static final String NAME = "gold";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean selfCheck() {
        return true;
    }

    @Override
    public CompletableFuture<Generation> generate(Request request) {
        List<Candidate> candidates = new ArrayList<>();
        candidates.add(new Candidate(0, request.task().question().goldSql(), NAME, 0));
        return CompletableFuture.completedFuture(
                Generation.of(candidates, null, "1 candidate from gold"));
    }
}
