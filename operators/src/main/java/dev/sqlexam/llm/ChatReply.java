package dev.sqlexam.llm;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What a provider answered: the completions, token counts, latency, how many retries it took, and
 * the completions that were asked for but lost (failed, or still out when the time budget ran out).
 */
public record ChatReply(
        List<String> contents,
        int promptTokens,
        int completionTokens,
        long latencyMs,
        int retries,
        int httpCalls,
        List<String> lost)
        implements Serializable {

    public ChatReply {
        contents = new ArrayList<>(contents);
        lost = new ArrayList<>(lost);
    }

    public ChatReply(
            List<String> contents,
            int promptTokens,
            int completionTokens,
            long latencyMs,
            int retries,
            int httpCalls) {
        this(contents, promptTokens, completionTokens, latencyMs, retries, httpCalls, List.of());
    }

    /** Several replies (K single-completion calls) as one. */
    public static ChatReply merge(List<ChatReply> replies) {
        List<String> contents = new ArrayList<>();
        List<String> lost = new ArrayList<>();
        int prompt = 0, completion = 0, retries = 0, calls = 0;
        long latency = 0;
        for (ChatReply r : replies) {
            contents.addAll(r.contents());
            lost.addAll(r.lost());
            prompt += r.promptTokens();
            completion += r.completionTokens();
            retries += r.retries();
            calls += r.httpCalls();
            latency = Math.max(latency, r.latencyMs());
        }
        return new ChatReply(contents, prompt, completion, latency, retries, calls, lost);
    }

    /**
     * Waits for parallel calls until all are done or {@code budgetMs} has passed (0: no budget),
     * and keeps the replies that arrived; the others are listed as lost. Fails only when nothing
     * arrived: with the first call's error, or a {@link TimeoutException} when the budget ran out
     * first.
     */
    public static CompletableFuture<ChatReply> gather(
            List<CompletableFuture<ChatReply>> calls, long budgetMs) {
        CompletableFuture<Void> settled =
                CompletableFuture.allOf(calls.toArray(new CompletableFuture[0]))
                        .handle((v, e) -> (Void) null);
        if (budgetMs > 0)
            settled = settled.completeOnTimeout(null, budgetMs, TimeUnit.MILLISECONDS);
        return settled.thenApply(v -> collect(calls, budgetMs));
    }

    private static ChatReply collect(List<CompletableFuture<ChatReply>> calls, long budgetMs) {
        List<ChatReply> arrived = new ArrayList<>();
        List<String> lost = new ArrayList<>();
        Throwable firstError = null;
        for (CompletableFuture<ChatReply> call : calls) {
            if (!call.isDone()) {
                lost.add("no reply within the time budget of " + budgetMs + " ms");
                call.cancel(false);
            } else if (call.isCompletedExceptionally()) {
                Throwable error =
                        call.handle(
                                        (r, e) ->
                                                e instanceof CompletionException
                                                                && e.getCause() != null
                                                        ? e.getCause()
                                                        : e)
                                .join();
                if (firstError == null) firstError = error;
                lost.add(String.valueOf(error.getMessage()));
            } else {
                arrived.add(call.join());
            }
        }
        if (arrived.isEmpty()) {
            throw new CompletionException(
                    firstError != null
                            ? firstError
                            : new TimeoutException("time budget of " + budgetMs + " ms ran out"));
        }
        ChatReply merged = merge(arrived);
        List<String> allLost = new ArrayList<>(merged.lost());
        allLost.addAll(lost);
        return new ChatReply(
                merged.contents(),
                merged.promptTokens(),
                merged.completionTokens(),
                merged.latencyMs(),
                merged.retries(),
                merged.httpCalls(),
                allLost);
    }
}
