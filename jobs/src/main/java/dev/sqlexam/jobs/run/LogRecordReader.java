package dev.sqlexam.jobs.run;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamRecord;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.PropertyName;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An exam log's line made the record Jackson makes of it, each of the record's parts read from its
 * own fields (Jackson replays every field of the line for each unwrapped part). Which field belongs
 * to which part is Jackson's own description of the part; a line that names a part itself is left
 * to Jackson.
 */
final class LogRecordReader {

    /** ExamRecord's unwrapped components, in their order: its parts. */
    private static final List<RecordComponent> UNWRAPPED =
            Arrays.stream(ExamRecord.class.getRecordComponents())
                    .filter(LogRecordReader::unwrapped)
                    .toList();

    static final List<Class<?>> PARTS =
            UNWRAPPED.stream().<Class<?>>map(RecordComponent::getType).toList();

    static final String EXTRAS = "extras";

    /** The parts' own names, which Jackson also reads as whole parts. */
    private static final List<String> PART_NAMES =
            UNWRAPPED.stream().map(RecordComponent::getName).toList();

    private static final ObjectReader WHOLE =
            Json.MAPPER
                    .readerFor(ExamRecord.class)
                    .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private static final List<ObjectReader> READERS =
            PARTS.stream()
                    .map(
                            p ->
                                    Json.MAPPER
                                            .readerFor(p)
                                            .without(
                                                    DeserializationFeature
                                                            .FAIL_ON_UNKNOWN_PROPERTIES))
                    .toList();
    static final Map<String, Integer> PART_OF_FIELD = partOfField();

    private LogRecordReader() {}

    static ExamRecord read(ObjectNode line) throws IOException {
        for (String name : PART_NAMES) if (line.has(name)) return WHOLE.readValue(line);
        ObjectNode[] parts = new ObjectNode[PARTS.size()];
        for (int i = 0; i < parts.length; i++) parts[i] = JsonNodeFactory.instance.objectNode();
        for (var fields = line.fields(); fields.hasNext(); ) {
            var field = fields.next();
            Integer part = PART_OF_FIELD.get(field.getKey());
            if (part != null) parts[part].set(field.getKey(), field.getValue());
        }
        return new ExamRecord(
                READERS.get(0).readValue(parts[0]),
                READERS.get(1).readValue(parts[1]),
                READERS.get(2).readValue(parts[2]),
                READERS.get(3).readValue(parts[3]),
                READERS.get(4).readValue(parts[4]),
                READERS.get(5).readValue(parts[5]),
                extras(line.get(EXTRAS)));
    }

    private static boolean unwrapped(RecordComponent c) {
        try {
            return ExamRecord.class
                    .getDeclaredField(c.getName())
                    .isAnnotationPresent(JsonUnwrapped.class);
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException("a record's component without its field: " + c, e);
        }
    }

    /** As {@link dev.sqlexam.model.RawJsonText} reads it. */
    private static String extras(JsonNode node) {
        if (node == null || node.isNull()) return null;
        return node.isTextual() ? node.asText() : node.toString();
    }

    private static Map<String, Integer> partOfField() {
        Map<String, Integer> out = new HashMap<>();
        for (int i = 0; i < PARTS.size(); i++) {
            BeanDescription part =
                    Json.MAPPER
                            .getDeserializationConfig()
                            .introspect(Json.MAPPER.constructType(PARTS.get(i)));
            for (BeanPropertyDefinition p : part.findProperties()) {
                claim(out, p.getName(), i);
                for (PropertyName alias : p.findAliases()) claim(out, alias.getSimpleName(), i);
            }
        }
        if (out.containsKey(EXTRAS))
            throw new IllegalStateException("a part of ExamRecord also names the field extras");
        return Map.copyOf(out);
    }

    private static void claim(Map<String, Integer> owners, String field, int part) {
        Integer before = owners.putIfAbsent(field, part);
        if (before != null && before != part)
            throw new IllegalStateException(
                    "two parts of ExamRecord name the field "
                            + field
                            + ": "
                            + PARTS.get(before).getSimpleName()
                            + " and "
                            + PARTS.get(part).getSimpleName());
    }
}
