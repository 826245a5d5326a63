package dev.sqlexam.llm;

import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.GenerationTrace;
import dev.sqlexam.model.Identifiers;
import dev.sqlexam.model.PacketTable;
import dev.sqlexam.model.SchemaContextPacket;
import dev.sqlexam.prompt.Glosses;
import dev.sqlexam.prompt.SchemaLinker;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The offline baseline: a deterministic, rule-based SQL writer so the pipeline runs without any
 * model. It reads the question and the schema packet only (never gold SQL or other exam fields):
 * counts, sums / averages / min / max of linked measures, GROUP BY for "by / per / for each X",
 * ORDER BY … LIMIT for "top N / highest / most / lowest", year and quoted-value filters, and joins
 * from the join planner. It returns up to K alternatives when the grounding is ambiguous.
 */
public final class BaselineGenerator implements SqlGenerator {

    public static final String NAME = "baseline";
    private static final Pattern TOP_N =
            Pattern.compile(
                    "(?i)\\b(?:top|first)\\s+(\\d{1,3})\\b|\\b(\\d{1,3})\\s+(?:most|highest|largest|biggest|best|lowest|smallest)\\b");
    private static final Pattern GROUP =
            Pattern.compile(
                    "(?i)\\b(?:by|per|for each|in each|for every|of each)\\s+([a-z][a-z ]{1,40}?)(?=$|[?.,;]|\\s+(?:in|for|during|from|with|and|where|that|who|which|over|since|between|of)\\b)");

    private final int k;
    private final ModelGenerator.Settings settings;

    /** At most {@code k} candidates for any question. */
    public BaselineGenerator(int k) {
        this.k = Math.max(1, k);
        this.settings = null;
    }

    /**
     * K per question from the question's difficulty, as a model's (MULTI_CANDIDATE_K, _EASY,
     * _HARD).
     */
    public BaselineGenerator(ModelGenerator.Settings settings) {
        this.settings = settings;
        this.k =
                Math.max(
                        1,
                        settings.multiCandidate()
                                ? Math.max(
                                        settings.kHard(),
                                        Math.max(settings.kDefault(), settings.kEasy()))
                                : 1);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CompletableFuture<Generation> generate(Request request) {
        long start = System.nanoTime();
        SchemaContextPacket packet = request.packet();
        var difficulty =
                DifficultyClassifier.classify(
                        request.task().question().question(),
                        packet == null ? 0 : packet.tables().size());
        int want = settings == null ? k : settings.k(difficulty);
        List<Candidate> all = write(request.task().question().question(), packet);
        List<Candidate> candidates = all.subList(0, Math.min(want, all.size()));
        long ms = (System.nanoTime() - start) / 1_000_000;
        return CompletableFuture.completedFuture(
                Generation.of(
                        candidates,
                        GenerationTrace.of(NAME, "rules")
                                .difficulty(difficulty.name().toLowerCase(Locale.ROOT))
                                .k(want)
                                .latencyMs(ms)
                                .replies(all.size())
                                .build(),
                        candidates.size() + " candidate(s) from the offline baseline"));
    }

    /** Candidates for a question given only its text and its schema packet. */
    public List<Candidate> write(String question, SchemaContextPacket packet) {
        if (packet == null || packet.tables().isEmpty() || question == null || question.isBlank())
            return List.of();
        String q = question.toLowerCase(Locale.ROOT);
        SchemaLinker.Bundle bundle = SchemaLinker.link(question, packet.tables(), packet.fkEdges());
        Map<String, List<Glosses.Gloss>> columns = new HashMap<>();
        for (PacketTable t : packet.tables())
            columns.put(t.name(), Glosses.forTables(List.of(t.mSchema())));
        List<String> mains =
                new ArrayList<>(
                        new LinkedHashSet<>(concat(bundle.linkedTables(), packet.tableNames())));

        Aggregate agg = Aggregate.of(q);
        List<Glosses.Gloss> measures = measures(bundle, columns, agg);
        Optional<Glosses.Gloss> group = groupColumn(q, bundle, columns);
        Integer limit = limit(q, agg);
        List<String> out = new ArrayList<>();
        for (Glosses.Gloss measure :
                measures.isEmpty() ? Collections.<Glosses.Gloss>singletonList(null) : measures) {
            String main = measure != null ? measure.table() : mains.get(0);
            String sql =
                    BaselineComposer.compose(
                            q,
                            main,
                            agg,
                            measure,
                            group.orElse(null),
                            limit,
                            columns,
                            packet,
                            bundle);
            if (sql != null && !out.contains(sql)) out.add(sql);
            if (out.size() >= k) break;
        }
        List<Candidate> candidates = new ArrayList<>();
        for (String sql : out) candidates.add(new Candidate(candidates.size(), sql, NAME, 0));
        return candidates;
    }

    enum Aggregate {
        COUNT,
        SUM,
        AVG,
        MAX,
        MIN,
        NONE;

        private static final Pattern COUNT_WORDS =
                Pattern.compile("\\b(how many|number of|count)\\b");
        private static final Pattern AVG_WORDS = Pattern.compile("\\b(average|avg|mean)\\b");
        private static final Pattern SUM_WORDS =
                Pattern.compile("\\b(total|sum|overall|altogether|revenue|spend|spent)\\b");
        private static final Pattern MAX_WORDS =
                Pattern.compile("\\b(maximum|highest|largest|biggest|most expensive|max)\\b");
        private static final Pattern MIN_WORDS =
                Pattern.compile("\\b(minimum|lowest|smallest|cheapest|min)\\b");

        static Aggregate of(String q) {
            if (COUNT_WORDS.matcher(q).find()) return COUNT;
            if (AVG_WORDS.matcher(q).find()) return AVG;
            if (SUM_WORDS.matcher(q).find()) return SUM;
            if (MAX_WORDS.matcher(q).find()) return MAX;
            if (MIN_WORDS.matcher(q).find()) return MIN;
            return NONE;
        }
    }

    /** Measure columns for SUM/AVG/MAX/MIN: linked numeric columns first, best score first. */
    private static List<Glosses.Gloss> measures(
            SchemaLinker.Bundle bundle, Map<String, List<Glosses.Gloss>> columns, Aggregate agg) {
        if (agg == Aggregate.COUNT || agg == Aggregate.NONE) return List.of();
        List<Glosses.Gloss> out = new ArrayList<>();
        bundle.linkedColumns().stream()
                .sorted(Comparator.comparingDouble(SchemaLinker.ColumnLink::score).reversed())
                .forEach(
                        l -> {
                            Glosses.Gloss g = find(columns, l.table(), l.column());
                            if (g != null && isMeasure(g) && !out.contains(g)) out.add(g);
                        });
        if (out.isEmpty()) {
            for (String table : bundle.linkedTables()) {
                for (Glosses.Gloss g : columns.getOrDefault(table, List.of()))
                    if (isMeasure(g) && !out.contains(g)) out.add(g);
            }
        }
        return out;
    }

    static boolean isMeasure(Glosses.Gloss g) {
        return g.hint() != null
                && List.of("AMT", "QTY", "NUM", "HOURS", "DAYS", "PCT", "RATE", "COUNT")
                        .contains(g.hint());
    }

    /**
     * "by X": the best linked column for X that names things (NAME, CODE, text), or X's table's
     * name column.
     */
    private static Optional<Glosses.Gloss> groupColumn(
            String q, SchemaLinker.Bundle bundle, Map<String, List<Glosses.Gloss>> columns) {
        Matcher m = GROUP.matcher(q);
        if (!m.find()) return Optional.empty();
        String phrase = m.group(1).trim();
        Glosses.Gloss best = null;
        double bestScore = 0;
        for (List<Glosses.Gloss> cols : columns.values()) {
            for (Glosses.Gloss g : cols) {
                double s = 0;
                for (String word : phrase.split(" "))
                    s = Math.max(s, SchemaLinker.matchScore(word, g));
                s = Math.max(s, SchemaLinker.matchScore(phrase, g));
                if ("NAME".equals(g.hint())) s += 0.05;
                if (g.hint() != null
                        && (g.hint().startsWith("FK")
                                || "PK".equals(g.hint())
                                || "ID".equals(g.hint())
                                || isMeasure(g))) s -= 0.3;
                if (s > bestScore) {
                    bestScore = s;
                    best = g;
                }
            }
        }
        if (best != null && bestScore >= 0.7) return Optional.of(best);
        for (String table : columns.keySet()) {
            if (tableMatches(table, phrase)) {
                return columns.get(table).stream().filter(g -> "NAME".equals(g.hint())).findFirst();
            }
        }
        return Optional.empty();
    }

    static boolean tableMatches(String table, String phrase) {
        String t = String.join(" ", Identifiers.words(table.substring(table.lastIndexOf('.') + 1)));
        String p = phrase.endsWith("s") ? phrase.substring(0, phrase.length() - 1) : phrase;
        return t.startsWith(p)
                || p.startsWith(t.endsWith("s") ? t.substring(0, t.length() - 1) : t);
    }

    private static Integer limit(String q, Aggregate agg) {
        Matcher m = TOP_N.matcher(q);
        if (m.find()) return Integer.valueOf(m.group(1) != null ? m.group(1) : m.group(2));
        if (q.matches(
                "(?s).*\\b(which|what|who)\\b.*\\b(most|highest|largest|biggest|best|top)\\b.*"))
            return 1;
        return null;
    }

    static Glosses.Gloss find(
            Map<String, List<Glosses.Gloss>> columns, String table, String column) {
        return columns.getOrDefault(table, List.of()).stream()
                .filter(g -> g.column().equals(column))
                .findFirst()
                .orElse(null);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
