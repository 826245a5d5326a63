package dev.sqlexam.model;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;

/**
 * Reads a JSON value of any kind as its JSON text: the inverse of {@code @JsonRawValue}. A JSON
 * string stays the text it holds.
 */
public final class RawJsonText extends JsonDeserializer<String> {

    @Override
    public String deserialize(JsonParser parser, DeserializationContext context)
            throws IOException {
        JsonNode node = parser.readValueAsTree();
        return node.isTextual() ? node.asText() : node.toString();
    }
}
