package dev.sqlexam.bench;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamQuestion;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * The throughput bench's inputs, built from the sets the project has: many small databases (copies
 * of {@code demo}, {@value #PREFIX}NNN, made once and kept), exam sets over them with the demo
 * questions under new ids, predictions files that answer only some ids, and a large exam set of ERP
 * questions under new ids (gold shared).
 */
public final class BenchWorkloads {

    static final String PREFIX = "sqlexam_bench_";

    private final JdbcUrlTemplate admin;
    private final Path work;

    public BenchWorkloads(JdbcUrlTemplate admin, Path work) {
        this.admin = admin;
        this.work = work;
    }

    /**
     * {@code count} copies of {@code template} on the server ({@value #PREFIX}000…), made where
     * missing; their names.
     */
    public List<String> smallDatabases(String template, int count) throws SQLException {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < count; i++) names.add(String.format("%s%03d", PREFIX, i));
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement s = c.createStatement()) {
            Set<String> existing = new HashSet<>();
            try (ResultSet rs =
                    s.executeQuery(
                            "SELECT datname FROM pg_database WHERE datname LIKE 'sqlexam\\_bench\\_%'")) {
                while (rs.next()) existing.add(rs.getString(1));
            }
            for (String db : names) {
                if (!existing.contains(db))
                    s.execute("CREATE DATABASE " + db + " TEMPLATE " + template);
            }
        }
        return names;
    }

    /**
     * {@code perDatabase} questions for each database, cycling through {@code source} (ids made
     * unique); the file written.
     */
    public Path examSet(
            String name, List<ExamQuestion> source, List<String> databases, int perDatabase)
            throws IOException {
        Path file = work.resolve(name + ".jsonl");
        int next = 0;
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (String db : databases) {
                for (int i = 0; i < perDatabase; i++, next++) {
                    ExamQuestion q = source.get(next % source.size());
                    w.write(line(db + "-" + q.id() + "-" + i, db, q).toString());
                    w.newLine();
                }
            }
        }
        return file;
    }

    /**
     * {@code copies} × {@code source} under new ids on their own databases (the gold shared by
     * every copy); the file written.
     */
    public Path largeExamSet(String name, List<ExamQuestion> source, int questions)
            throws IOException {
        Path file = work.resolve(name + ".jsonl");
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 0; i < questions; i++) {
                ExamQuestion q = source.get(i % source.size());
                w.write(line("big-" + i + "-" + q.id(), q.db(), q).toString());
                w.newLine();
            }
        }
        return file;
    }

    /**
     * {@code files} predictions files, each answering {@code perFile} ids drawn at random (seeded)
     * from {@code questions}: half with the gold SQL, half with a query that keeps only its first
     * row (right only where the gold has one row).
     */
    public List<Path> predictionsFiles(
            List<ExamQuestion> questions, int files, int perFile, long seed) throws IOException {
        List<Path> out = new ArrayList<>();
        Random random = new Random(seed);
        for (int f = 0; f < files; f++) {
            Path file = work.resolve(String.format("system-%02d.jsonl", f));
            List<ExamQuestion> shuffled = new ArrayList<>(questions);
            Collections.shuffle(shuffled, random);
            try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                for (int i = 0; i < Math.min(perFile, shuffled.size()); i++) {
                    ExamQuestion q = shuffled.get(i);
                    String sql =
                            random.nextBoolean()
                                    ? q.goldSql()
                                    : "SELECT * FROM (" + q.goldSql() + ") AS first_row LIMIT 1";
                    ObjectNode n = Json.MAPPER.createObjectNode().put("id", q.id()).put("sql", sql);
                    w.write(n.toString());
                    w.newLine();
                }
            }
            out.add(file);
        }
        return out;
    }

    /** An empty predictions file: every question of a grade run is {@code missing}. */
    public Path emptyPredictions() throws IOException {
        Path file = work.resolve("nothing.jsonl");
        Files.writeString(file, "{\"id\": \"no-such-question\", \"sql\": \"SELECT 1\"}\n");
        return file;
    }

    private static ObjectNode line(String id, String db, ExamQuestion q) {
        ObjectNode n =
                Json.MAPPER
                        .createObjectNode()
                        .put("id", id)
                        .put("db", db)
                        .put("question", q.question())
                        .put("gold_sql", q.goldSql());
        if (q.difficulty() != null) n.put("difficulty", q.difficulty());
        if (q.module() != null) n.put("module", q.module());
        if (q.category() != null) n.put("category", q.category());
        if (q.orderMatters() != null) n.put("order_matters", q.orderMatters());
        if (!q.goldTables().isEmpty()) q.goldTables().forEach(n.putArray("gold_tables")::add);
        if (!q.goldSqlAlternatives().isEmpty())
            q.goldSqlAlternatives().forEach(n.putArray("gold_sql_alternatives")::add);
        return n;
    }
}
