package dev.sqlexam.predictions;

import dev.sqlexam.examset.Quarantine;
import dev.sqlexam.model.ExamQuestion;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What each position of a predictions file aligned by position (BIRD's indexes, Spider's lines) is
 * for. When the exam set's questions carry their {@code source_index}, a position is a question's
 * place in the benchmark file it was imported from, and the questions the import quarantined keep
 * theirs, so that nothing shifts onto a later question. An exam set without positions is aligned by
 * its own order, as before imports recorded them.
 */
public final class SourcePositions {

    /**
     * What a position holds: a question of the exam set, a question the import quarantined, or
     * neither (both null).
     */
    public record Slot(ExamQuestion question, Quarantine.Entry quarantined) {}

    private final List<ExamQuestion> inOrder;
    private final Map<Integer, ExamQuestion> questions;
    private final Map<Integer, Quarantine.Entry> quarantined;
    private final int size;
    private final String warning;

    private SourcePositions(
            List<ExamQuestion> inOrder,
            Map<Integer, ExamQuestion> questions,
            Map<Integer, Quarantine.Entry> quarantined,
            int size,
            String warning) {
        this.inOrder = inOrder;
        this.questions = questions;
        this.quarantined = quarantined;
        this.size = size;
        this.warning = warning;
    }

    /**
     * The positions of {@code questions} (the exam set, in its order) and of the questions its
     * import quarantined. An exam set in which only some questions carry a {@code source_index}, or
     * two carry the same, cannot be aligned by position.
     */
    public static SourcePositions of(
            List<ExamQuestion> questions, List<Quarantine.Entry> quarantined) {
        List<ExamQuestion> without =
                questions.stream().filter(q -> q.sourceIndex() == null).toList();
        if (without.size() == questions.size()) {
            long left = quarantined.size();
            String warning =
                    left == 0
                            ? null
                            : "the exam set's questions carry no source_index but its import quarantined "
                                    + left
                                    + " question(s): positions are counted in the exam set, so a file written for the whole benchmark is shifted "
                                    + "after the first of them; import the benchmark again to record each question's position";
            return new SourcePositions(
                    List.copyOf(questions), Map.of(), Map.of(), questions.size(), warning);
        }
        if (!without.isEmpty()) {
            throw new IllegalArgumentException(
                    without.size()
                            + " of the exam set's "
                            + questions.size()
                            + " questions have no "
                            + "source_index (the first: '"
                            + without.get(0).id()
                            + "'), the others have one: a file aligned by position "
                            + "cannot be aligned with it; give every question its position in the source, or none");
        }
        Map<Integer, ExamQuestion> byIndex = new HashMap<>();
        int size = 0;
        for (ExamQuestion q : questions) {
            ExamQuestion other = byIndex.putIfAbsent(q.sourceIndex(), q);
            if (other != null) {
                throw new IllegalArgumentException(
                        "questions '"
                                + other.id()
                                + "' and '"
                                + q.id()
                                + "' both have source_index "
                                + q.sourceIndex()
                                + " (an exam set made of several sources?): a file aligned by position cannot be aligned with it");
            }
            size = Math.max(size, q.sourceIndex() + 1);
        }
        Map<Integer, Quarantine.Entry> left = new HashMap<>();
        for (Quarantine.Entry e : quarantined) {
            // a question taken back into the exam set is graded there, whatever the quarantine file
            // still says
            if (e.sourceIndex() == null || byIndex.containsKey(e.sourceIndex())) continue;
            left.putIfAbsent(e.sourceIndex(), e);
            size = Math.max(size, e.sourceIndex() + 1);
        }
        return new SourcePositions(List.copyOf(questions), byIndex, left, size, null);
    }

    /**
     * True when positions are places in the source file; false when they are places in the exam
     * set.
     */
    public boolean bySource() {
        return !questions.isEmpty();
    }

    /** How many positions a complete file has: the source's questions, or the exam set's. */
    public int size() {
        return size;
    }

    /** What {@code position} (0-based) is for. */
    public Slot at(int position) {
        if (!bySource())
            return new Slot(
                    position >= 0 && position < inOrder.size() ? inOrder.get(position) : null,
                    null);
        return new Slot(questions.get(position), quarantined.get(position));
    }

    /** The questions of the source that are neither in the exam set nor in its quarantine file. */
    public int unknown() {
        return bySource() ? size - questions.size() - quarantined.size() : 0;
    }

    /** A reason to doubt the alignment, or null. */
    public String warning() {
        return warning;
    }

    /**
     * How many positions there are, for errors: "the exam set has 3 questions", or the source's
     * count and where they are.
     */
    public String counts() {
        if (!bySource()) return "the exam set has " + size + " questions";
        List<String> parts = new ArrayList<>();
        parts.add(questions.size() + " in the exam set");
        // sets imported before every question was kept may have left some out
        if (!quarantined.isEmpty()) parts.add(quarantined.size() + " quarantined");
        if (unknown() > 0) parts.add(unknown() + " in neither");
        return "the source the exam set was imported from has "
                + size
                + " questions ("
                + String.join(", ", parts)
                + ")";
    }

    /** How positions are counted, for the console. */
    public String describe() {
        return bySource()
                ? "by position in the source: "
                        + counts().replace("the source the exam set was imported from has ", "")
                : "by the exam set's order (its questions carry no source_index)";
    }
}
