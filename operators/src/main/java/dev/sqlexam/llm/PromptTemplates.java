package dev.sqlexam.llm;

import dev.sqlexam.config.Choices;
import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.JoinPlan;
import dev.sqlexam.model.PacketTable;
import dev.sqlexam.model.SchemaContextPacket;
import dev.sqlexam.prompt.ColumnPruner;
import dev.sqlexam.prompt.Glosses;
import dev.sqlexam.prompt.SchemaLinker;

import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/** Prompt text lives in resources/prompts/*.txt; this fills the placeholders. */
public final class PromptTemplates {

    private static final String SYSTEM = load("system.txt");
    private static final String GENERATE = load("generate.txt");
    static final int MAX_DOC_CHUNKS = 5;

    private PromptTemplates() {}

    /** The system and user messages for a question and its schema packet. */
    public record Prompt(String system, String user) {
        public String hash() {
            try {
                MessageDigest d = MessageDigest.getInstance("SHA-256");
                d.update(system.getBytes(StandardCharsets.UTF_8));
                d.update((byte) 0);
                d.update(user.getBytes(StandardCharsets.UTF_8));
                return HexFormat.of().formatHex(d.digest()).substring(0, 16);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /**
     * Which prompt sections are on: glosses (SCHEMA_GLOSSES_ENABLED), linker
     * (SCHEMA_LINKER_ENABLED), join hints (JOIN_HINT_FORMAT), column pruning
     * (COLUMN_PRUNING_ENABLED).
     */
    public record Sections(
            boolean glosses,
            boolean linker,
            Choices.JoinHints joinHintFormat,
            boolean columnPruning)
            implements Serializable {
        public static final Sections DEFAULT = from(Settings.defaults());

        /**
         * SCHEMA_GLOSSES_ENABLED, SCHEMA_LINKER_ENABLED, JOIN_HINT_FORMAT, COLUMN_PRUNING_ENABLED.
         */
        public static Sections from(Settings s) {
            return new Sections(
                    s.get(SqlExamOptions.SCHEMA_GLOSSES_ENABLED),
                    s.get(SqlExamOptions.SCHEMA_LINKER_ENABLED),
                    s.get(SqlExamOptions.JOIN_HINT_FORMAT),
                    s.get(SqlExamOptions.COLUMN_PRUNING_ENABLED));
        }

        public Sections(boolean glosses, boolean linker, Choices.JoinHints joinHintFormat) {
            this(glosses, linker, joinHintFormat, false);
        }
    }

    public static Prompt build(ExamQuestion q, SchemaContextPacket packet) {
        return build(q, packet, null, Sections.DEFAULT);
    }

    public static Prompt build(
            ExamQuestion q,
            SchemaContextPacket packet,
            JoinPlan plan,
            Choices.JoinHints hintFormat) {
        return build(
                q,
                packet,
                plan,
                new Sections(Sections.DEFAULT.glosses(), Sections.DEFAULT.linker(), hintFormat));
    }

    /**
     * {@code hintFormat}: edges | paths | both | none (JOIN_HINT_FORMAT); paths need a join plan.
     */
    public static Prompt build(
            ExamQuestion q, SchemaContextPacket packet, JoinPlan plan, Sections sections) {
        String schema = schema(q, packet, sections);
        String contract = contract(q, packet, sections);
        String joins = joinHints(packet, plan, sections.joinHintFormat());
        String evidence = q.evidence() == null ? "" : "\n## Evidence\n" + q.evidence() + "\n";
        List<String> chunks =
                packet == null
                        ? List.of()
                        : packet.docChunks().stream().limit(MAX_DOC_CHUNKS).toList();
        String docs =
                chunks.isEmpty() ? "" : "\n## Documentation\n" + String.join("\n\n", chunks) + "\n";
        String user =
                GENERATE.replace("{{schema}}", schema)
                        .replace("{{join_hints}}", contract + joins)
                        .replace("{{evidence}}", evidence)
                        .replace("{{docs}}", docs)
                        .replace("{{question}}", q.question());
        return new Prompt(SYSTEM.strip(), user.strip());
    }

    /** The packet's tables in M-Schema, pruned and glossed as the sections say. */
    private static String schema(ExamQuestion q, SchemaContextPacket packet, Sections sections) {
        StringBuilder schema = new StringBuilder();
        if (packet != null) {
            List<String> lines =
                    sections.columnPruning()
                            ? ColumnPruner.prune(
                                    q.question(),
                                    packet.tables(),
                                    packet.fkEdges(),
                                    ColumnPruner.DEFAULT_MAX_NON_STRUCTURAL)
                            : packet.tables().stream().map(PacketTable::mSchema).toList();
            lines.forEach(
                    m -> schema.append(sections.glosses() ? Glosses.annotate(m) : m).append('\n'));
        }
        return schema.toString().strip();
    }

    /** The schema linker's contract (with the table warnings), or the table warnings alone. */
    private static String contract(ExamQuestion q, SchemaContextPacket packet, Sections sections) {
        if (packet != null && sections.linker()) {
            return SchemaLinker.render(
                    SchemaLinker.link(q.question(), packet.tables(), packet.fkEdges()),
                    packet.tableWarnings());
        }
        if (packet != null && !packet.tableWarnings().isEmpty()) {
            return "\n### Table Warnings (READ CAREFULLY)\n"
                    + String.join("\n", packet.tableWarnings().stream().map(w -> "- " + w).toList())
                    + "\n";
        }
        return "";
    }

    /** The FK edges and the join plan's paths, as the hint format asks. */
    private static String joinHints(
            SchemaContextPacket packet, JoinPlan plan, Choices.JoinHints hintFormat) {
        boolean edges = hintFormat.edges();
        boolean paths = hintFormat.paths() && plan != null && !plan.paths().isEmpty();
        String edgeHints =
                !edges || packet == null || packet.fkEdges().isEmpty()
                        ? ""
                        : "\n## Join Hints (FK Edges)\n"
                                + String.join(
                                        "\n",
                                        packet.fkEdges().stream()
                                                .map(e -> "- " + e.joinCondition())
                                                .toList())
                                + "\n";
        String pathHints =
                !paths
                        ? ""
                        : "\n## Suggested Join Paths\n"
                                + String.join(
                                        "\n",
                                        plan.paths().stream()
                                                .map(p -> "- " + p.describe() + "\n  ON: " + p.on())
                                                .toList())
                                + "\n";
        return edgeHints + pathHints;
    }

    /** The system prompt of generation (repair prompts use it too). */
    public static String systemPrompt() {
        return SYSTEM.strip();
    }

    /** A template file of resources/prompts (repair prompts and their delta blocks use these). */
    public static String template(String name) {
        return load(name);
    }

    private static String load(String name) {
        try (InputStream in = PromptTemplates.class.getResourceAsStream("/prompts/" + name)) {
            if (in == null)
                throw new IllegalStateException("missing prompt template prompts/" + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
