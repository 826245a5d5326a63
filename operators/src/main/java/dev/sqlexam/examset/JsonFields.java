package dev.sqlexam.examset;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Reading the fields of one JSON input line (an exam-set question, a query-log event), with the
 * reason a field is unusable.
 */
public final class JsonFields {

    private JsonFields() {}

    /** A field that cannot be used as given; its message is the rejection reason. */
    public static final class Invalid extends Exception {
        public Invalid(String message) {
            super(message);
        }

        public Invalid(String message, Throwable cause) {
            super(message, cause);
        }
    }

    public static String requiredText(JsonNode node, String field) throws Invalid {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) throw new Invalid("missing field '" + field + "'");
        if (!value.isTextual()) throw new Invalid("field '" + field + "' must be a string");
        if (value.asText().isBlank()) throw new Invalid("field '" + field + "' is empty");
        return value.asText();
    }

    public static String optionalText(JsonNode node, String field) throws Invalid {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) return null;
        if (value.isTextual() || value.isNumber())
            return value.asText().isBlank() ? null : value.asText();
        throw new Invalid("field '" + field + "' must be a string");
    }

    public static List<String> textList(JsonNode node, String field) throws Invalid {
        JsonNode value = node.get(field);
        List<String> out = new ArrayList<>();
        if (value == null || value.isNull()) return out;
        if (!value.isArray()) throw new Invalid("field '" + field + "' must be a list of strings");
        for (JsonNode item : value) {
            if (!item.isTextual() || item.asText().isBlank())
                throw new Invalid("field '" + field + "' must hold non-empty strings");
            out.add(item.asText());
        }
        return out;
    }

    /** A whole number ≥ 0, or null when absent. */
    public static Long optionalCount(JsonNode node, String field) throws Invalid {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) return null;
        if (!value.canConvertToLong()
                || !value.isIntegralNumber()
                        && !(value.isNumber() && value.asDouble() == Math.rint(value.asDouble()))) {
            throw new Invalid("field '" + field + "' must be a whole number");
        }
        long n = value.asLong();
        if (n < 0) throw new Invalid("field '" + field + "' must not be negative, was " + n);
        return n;
    }
}
