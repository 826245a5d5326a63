package dev.sqlexam.config;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The choices of the options that take one of a few words: each an enum whose {@code toString} is
 * the word a user writes.
 */
public final class Choices {

    private Choices() {}

    /** Who runs gold and candidate SQL (option reader). */
    public enum Reader {
        ROLE,
        CONNECTING_USER;

        @Override
        public String toString() {
            return word(this);
        }
    }

    /**
     * What the surgical column whitelist does with a rewrite that passes its nine gates (option
     * surgical_whitelist_mode).
     */
    public enum WhitelistMode {
        OBSERVE,
        ACTIVE;

        @Override
        public String toString() {
            return word(this);
        }
    }

    /** Which Ollama API a model is asked through (option ollama_endpoint). */
    public enum OllamaEndpoint {
        CHAT,
        GENERATE;

        @Override
        public String toString() {
            return word(this);
        }
    }

    /** How join hints go into the prompt (JOIN_HINT_FORMAT). */
    public enum JoinHints {
        EDGES,
        PATHS,
        BOTH,
        NONE;

        @Override
        public String toString() {
            return word(this);
        }

        public boolean edges() {
            return this == EDGES || this == BOTH;
        }

        public boolean paths() {
            return this == PATHS || this == BOTH;
        }
    }

    /** Which embedding model serves retrieval (option embedding_provider). */
    public enum EmbeddingProvider {
        ONNX,
        OLLAMA;

        @Override
        public String toString() {
            return word(this);
        }
    }

    /** The words of an enum's choices, as options list them. */
    public static List<String> words(Class<? extends Enum<?>> choices) {
        return Arrays.stream(choices.getEnumConstants()).map(Object::toString).toList();
    }

    /** The choice {@code word} names, or null. */
    static <E extends Enum<E>> E parse(Class<E> choices, String word) {
        for (E choice : choices.getEnumConstants())
            if (choice.toString().equals(word.toLowerCase(Locale.ROOT))) return choice;
        return null;
    }

    private static String word(Enum<?> choice) {
        return choice.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
