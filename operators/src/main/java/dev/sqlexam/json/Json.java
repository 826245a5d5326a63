package dev.sqlexam.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

import java.io.IOException;

/** The one JSON mapper: snake_case keys, no nulls, ISO dates. */
public final class Json {

    public static final ObjectMapper MAPPER =
            new ObjectMapper()
                    .registerModule(new JavaTimeModule())
                    .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                    .setSerializationInclusion(JsonInclude.Include.NON_NULL)
                    .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    private Json() {}

    /**
     * {@code text} as a JSON tree; null where it is not JSON, for callers to whom such text is an
     * expected case (a line cut short, another file format) and the null says all they need.
     */
    public static JsonNode treeOrNull(String text) {
        return orNull(() -> MAPPER.readTree(text));
    }

    /** Jackson reading a text already in hand (no file, no stream to fail). */
    @FunctionalInterface
    public interface Reading<T> {
        T read() throws IOException;
    }

    /**
     * What {@code reading} makes of a text in hand; null where the text is not JSON of the shape it
     * reads (a line cut short, a record written by another version of sqlexam, another file
     * format), for callers to whom that is an expected case and the null says all they need.
     */
    public static <T> T orNull(Reading<T> reading) {
        try {
            return reading.read();
        } catch (IOException notThatJson) {
            // the one place such text is told apart; the callers report it their own way (a
            // rejected line with its number, another format, a suite built again) or not at all
            return null;
        }
    }

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(
                    "cannot write " + value.getClass().getSimpleName() + " as JSON", e);
        }
    }

    public static String pretty(Object value) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(
                    "cannot write " + value.getClass().getSimpleName() + " as JSON", e);
        }
    }
}
