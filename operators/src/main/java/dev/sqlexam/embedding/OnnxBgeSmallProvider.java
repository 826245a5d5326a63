package dev.sqlexam.embedding;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import java.util.List;

/**
 * bge-small-en-v1.5 (quantized, 384 dimensions) running in process through ONNX: the model ships
 * inside its Maven artifact, so nothing is downloaded at run time.
 */
public final class OnnxBgeSmallProvider implements EmbeddingProvider {

    public static final String MODEL = "bge-small-en-v1.5-q";
    private static volatile BgeSmallEnV15QuantizedEmbeddingModel shared;

    private final BgeSmallEnV15QuantizedEmbeddingModel model;

    public OnnxBgeSmallProvider() {
        this.model = sharedModel();
    }

    /** One model per JVM: loading takes about a second and the session is thread-safe. */
    private static BgeSmallEnV15QuantizedEmbeddingModel sharedModel() {
        if (shared == null) {
            synchronized (OnnxBgeSmallProvider.class) {
                if (shared == null) {
                    System.setProperty("OPT_OUT_TRACKING", "true");
                    shared = new BgeSmallEnV15QuantizedEmbeddingModel();
                }
            }
        }
        return shared;
    }

    @Override
    public String model() {
        return MODEL;
    }

    @Override
    public int dimensions() {
        return 384;
    }

    /** The model refuses blank text; a blank question still gets a vector, and retrieval reports it has no words. */
    static final String BLANK = "(empty text)";

    @Override
    public float[] embed(String text) {
        return model.embed(text == null || text.isBlank() ? BLANK : text).content().vector();
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
        List<TextSegment> segments = texts.stream().map(t -> TextSegment.from(t == null || t.isBlank() ? BLANK : t)).toList();
        return model.embedAll(segments).content().stream().map(e -> e.vector()).toList();
    }
}
