package dev.sqlexam.flink;

import dev.sqlexam.json.Json;

import org.apache.flink.api.common.serialization.Encoder;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Writes each element as one line of JSON. */
public final class JsonLineEncoder<T> implements Encoder<T> {

    @Override
    public void encode(T element, OutputStream stream) throws IOException {
        stream.write(Json.write(element).getBytes(StandardCharsets.UTF_8));
        stream.write('\n');
    }
}
