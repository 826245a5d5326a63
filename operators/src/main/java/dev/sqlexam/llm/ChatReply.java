package dev.sqlexam.llm;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** What a provider answered: the completions, token counts, latency and how many retries it took. */
public record ChatReply(List<String> contents, int promptTokens, int completionTokens, long latencyMs, int retries, int httpCalls)
        implements Serializable {

    public ChatReply {
        contents = new ArrayList<>(contents);
    }

    /** Several replies (K single-completion calls) as one. */
    public static ChatReply merge(List<ChatReply> replies) {
        List<String> contents = new ArrayList<>();
        int prompt = 0, completion = 0, retries = 0, calls = 0;
        long latency = 0;
        for (ChatReply r : replies) {
            contents.addAll(r.contents());
            prompt += r.promptTokens();
            completion += r.completionTokens();
            retries += r.retries();
            calls += r.httpCalls();
            latency = Math.max(latency, r.latencyMs());
        }
        return new ChatReply(contents, prompt, completion, latency, retries, calls);
    }
}
