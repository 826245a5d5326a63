package dev.sqlexam.flink;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamRecord;

import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInfoFactory;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.types.StringValue;

import java.io.IOException;
import java.lang.reflect.Type;
import java.util.Map;

/**
 * How Flink handles a {@link SerializedRecord}: as immutable, so an operator feeding both sinks
 * hands them one instance instead of a deep copy of the record for each but the last (the copy was
 * a tenth of the sink thread's time in a large grade); across the network, as its JSON, read back
 * as the exam log is.
 */
public final class SerializedRecordType extends TypeInfoFactory<SerializedRecord> {

    @Override
    public TypeInformation<SerializedRecord> createTypeInfo(
            Type t, Map<String, TypeInformation<?>> genericParameters) {
        return new Info();
    }

    /** Flink's generic type information, with the serializer below instead of Kryo. */
    static final class Info extends GenericTypeInfo<SerializedRecord> {
        private static final long serialVersionUID = 1L;

        Info() {
            super(SerializedRecord.class);
        }

        @Override
        public TypeSerializer<SerializedRecord> createSerializer(SerializerConfig config) {
            return Serializer.INSTANCE;
        }
    }

    /** The record's JSON on the wire; copies are the instance itself. */
    static final class Serializer extends TypeSerializerSingleton<SerializedRecord> {
        private static final long serialVersionUID = 1L;
        static final Serializer INSTANCE = new Serializer();

        @Override
        public boolean isImmutableType() {
            return true;
        }

        @Override
        public SerializedRecord createInstance() {
            return null;
        }

        @Override
        public SerializedRecord copy(SerializedRecord from) {
            return from;
        }

        @Override
        public SerializedRecord copy(SerializedRecord from, SerializedRecord reuse) {
            return from;
        }

        @Override
        public int getLength() {
            return -1;
        }

        @Override
        public void serialize(SerializedRecord value, DataOutputView target) throws IOException {
            StringValue.writeString(value.json(), target);
        }

        @Override
        public SerializedRecord deserialize(DataInputView source) throws IOException {
            String json = StringValue.readString(source);
            return new SerializedRecord(Json.MAPPER.readValue(json, ExamRecord.class), json);
        }

        @Override
        public SerializedRecord deserialize(SerializedRecord reuse, DataInputView source)
                throws IOException {
            return deserialize(source);
        }

        @Override
        public void copy(DataInputView source, DataOutputView target) throws IOException {
            StringValue.copyString(source, target);
        }

        @Override
        public TypeSerializerSnapshot<SerializedRecord> snapshotConfiguration() {
            return new Snapshot();
        }
    }

    /** Restores the one serializer. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<SerializedRecord> {
        public Snapshot() {
            super(() -> Serializer.INSTANCE);
        }
    }
}
