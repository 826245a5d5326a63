package dev.sqlexam.predictions;

import dev.sqlexam.benchmarks.SpiderText;
import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The formats aligned by position: BIRD's {@code predict_dev.json} (by index, each value the SQL
 * and optionally its database after {@link #BIRD_SEPARATOR}) and Spider's one SQL per line (by
 * order, optionally a tab and the database after it).
 */
final class PositionalPredictions {

    static final String BIRD_SEPARATOR = "\t----- bird -----\t";

    private PositionalPredictions() {}

    static PredictionsFile.Parsed bird(Path file, String text, SourcePositions positions) {
        JsonNode whole;
        try {
            whole = Json.MAPPER.readTree(text);
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "cannot read the BIRD predictions "
                            + file
                            + ": "
                            + PredictionsFile.firstLine(e.getMessage()),
                    e);
        }
        AlignedPredictions aligned = new AlignedPredictions(file);
        for (Iterator<Map.Entry<String, JsonNode>> it = whole.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            placeBird(aligned, positions, e.getKey(), e.getValue().asText());
        }
        return aligned.parsed();
    }

    private static void placeBird(
            AlignedPredictions aligned, SourcePositions positions, String key, String value) {
        int index = key.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(key);
        if (index >= positions.size()) {
            aligned.reject(
                    index,
                    "index "
                            + key
                            + " but "
                            + positions.counts()
                            + " (BIRD's format is aligned by index)",
                    value);
            return;
        }
        int sep = value.indexOf(BIRD_SEPARATOR);
        String sql = sep < 0 ? value : value.substring(0, sep);
        String db = sep < 0 ? null : value.substring(sep + BIRD_SEPARATOR.length()).strip();
        SourcePositions.Slot slot = positions.at(index);
        String mismatch = databaseMismatch(index, db, slot);
        if (mismatch != null) {
            aligned.reject(index, mismatch, value);
            return;
        }
        aligned.place(index, index, slot, sql, value);
    }

    /**
     * Why the database a BIRD value names shows the files are not aligned, or null when it names
     * none or the slot's own.
     */
    private static String databaseMismatch(int index, String db, SourcePositions.Slot slot) {
        String expected =
                slot.question() != null
                        ? slot.question().db()
                        : slot.quarantined() != null ? slot.quarantined().db() : null;
        if (db == null || db.isEmpty() || expected == null || db.equalsIgnoreCase(expected))
            return null;
        String id = slot.question() != null ? slot.question().id() : slot.quarantined().id();
        return "index "
                + index
                + " names database '"
                + db
                + "' but question '"
                + id
                + "' is on '"
                + expected
                + "': the files are not aligned";
    }

    static PredictionsFile.Parsed spider(Path file, String text, SourcePositions positions) {
        List<String> lines = new ArrayList<>(List.of(text.split("\r?\n", -1)));
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isBlank())
            lines.remove(lines.size() - 1);
        if (lines.size() != positions.size()) {
            throw new IllegalArgumentException(
                    "the predictions "
                            + file
                            + " have "
                            + lines.size()
                            + " lines but "
                            + positions.counts()
                            + ": Spider's format is one SQL per line, aligned by "
                            + (positions.bySource() ? "the source's order" : "order"));
        }
        AlignedPredictions aligned = new AlignedPredictions(file);
        List<Integer> cut = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String sql = SpiderText.predictionOfLine(line);
            if (cutsMoreThanDatabase(line)) cut.add(i + 1);
            if (sql.isEmpty()) continue;
            aligned.place(i, i + 1, positions.at(i), sql, line);
        }
        PredictionsFile.Parsed parsed = aligned.parsed();
        if (cut.isEmpty()) return parsed;
        return new PredictionsFile.Parsed(
                parsed.byId(),
                parsed.rejected(),
                parsed.forQuarantined(),
                cut.size()
                        + " line(s) hold a TAB before more than a database name, and Spider's reader"
                        + " keeps what comes before the first TAB, as sqlexam does (line"
                        + (cut.size() == 1 ? " " : "s ")
                        + String.join(", ", cut.stream().limit(10).map(String::valueOf).toList())
                        + (cut.size() > 10 ? ", ..." : "")
                        + ")");
    }

    /**
     * Whether the official reader's cut at the line's first TAB drops more than the {@code
     * <TAB>db_id} a Spider line may end with.
     */
    private static boolean cutsMoreThanDatabase(String line) {
        if (!SpiderText.cutAtTab(line)) return false;
        String stripped = line.strip();
        String rest = stripped.substring(stripped.indexOf('\t') + 1);
        return !rest.strip().matches("[\\w$]+");
    }
}
