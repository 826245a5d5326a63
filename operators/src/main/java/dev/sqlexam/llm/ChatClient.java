package dev.sqlexam.llm;

import java.util.concurrent.CompletableFuture;

/** A chat model behind an HTTP protocol (Ollama, OpenAI-compatible). */
public interface ChatClient extends AutoCloseable {

    String provider();

    String model();

    CompletableFuture<ChatReply> chat(ChatRequest request);

    @Override
    default void close() {}
}
