package dev.sqlexam.predictions;

import dev.sqlexam.examset.Quarantine;
import dev.sqlexam.model.RejectedLine;
import dev.sqlexam.predictions.PredictionsFile.ForQuarantined;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The predictions of a file aligned by position, as each position's slot says. */
final class AlignedPredictions {
    private final Path file;
    private final Map<String, Prediction> byId = new LinkedHashMap<>();
    private final List<RejectedLine> rejected = new ArrayList<>();
    private final List<ForQuarantined> forQuarantined = new ArrayList<>();

    AlignedPredictions(Path file) {
        this.file = file;
    }

    void reject(long line, String reason, String text) {
        rejected.add(new RejectedLine(file.toString(), line, reason, text));
    }

    void place(int position, long line, SourcePositions.Slot slot, String sql, String text) {
        if (slot.question() != null) {
            byId.put(
                    slot.question().id(),
                    Prediction.sqlOnly(slot.question().id(), sql, null, line));
        } else if (slot.quarantined() != null) {
            setApart(slot.quarantined(), position, line, text);
        } else {
            reject(
                    line,
                    "source_index "
                            + position
                            + " is neither a question of the exam set nor one its import quarantined: "
                            + "not graded",
                    text);
        }
    }

    private void setApart(Quarantine.Entry q, int position, long line, String text) {
        forQuarantined.add(
                new ForQuarantined(
                        q.id(),
                        position,
                        new RejectedLine(
                                file.toString(),
                                line,
                                "for question '"
                                        + q.id()
                                        + "' (source_index "
                                        + position
                                        + "), which the import quarantined ("
                                        + String.join("; ", q.reasons())
                                        + "): not graded",
                                text)));
    }

    PredictionsFile.Parsed parsed() {
        return new PredictionsFile.Parsed(byId, rejected, forQuarantined);
    }
}
