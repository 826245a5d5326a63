package dev.sqlexam.bench;

import dev.sqlexam.bench.ThroughputReport.Row;
import dev.sqlexam.benchmarks.SpiderText;
import dev.sqlexam.grading.PythonRows;
import dev.sqlexam.json.Json;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.SqliteQueries;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static dev.sqlexam.bench.ThroughputReport.f;

/**
 * The throughput bench's row of a Spider-size set on SQLite files: 20 databases made here (a few
 * thousand rows each), 1,000 questions over them and ten pred.txt files, graded by sqlexam under
 * Spider's rule against a serial floor in the same run: one connection per file, each gold and
 * prediction run one after another and compared, the way the official script runs.
 */
final class SqliteGradingRow {

    static final int DATABASES = 20;
    static final int FILES = 10;

    /** Question templates over the made schema; {@code %d} takes a per-database constant. */
    private static final List<String> TEMPLATES =
            List.of(
                    "SELECT count(*) FROM singer",
                    "SELECT name, country FROM singer WHERE age > %d",
                    "SELECT DISTINCT country FROM singer",
                    "SELECT country, count(*) FROM singer GROUP BY country",
                    "SELECT avg(age), min(age), max(age) FROM singer WHERE country = 'France'",
                    "SELECT name FROM singer ORDER BY age DESC LIMIT 3",
                    "SELECT T1.name, count(*) FROM singer AS T1 JOIN concert AS T2 ON T1.id = T2.singer_id GROUP BY T1.id",
                    "SELECT T2.name FROM concert AS T1 JOIN venue AS T2 ON T1.venue_id = T2.id WHERE T1.year = %d",
                    "SELECT name FROM singer WHERE id NOT IN (SELECT singer_id FROM concert)",
                    "SELECT year, sum(tickets) FROM concert GROUP BY year ORDER BY year",
                    "SELECT T3.city, count(*) FROM singer AS T1 JOIN concert AS T2 ON T1.id = T2.singer_id JOIN venue AS T3 ON T2.venue_id = T3.id GROUP BY T3.city",
                    "SELECT name FROM singer WHERE age BETWEEN %d AND 60 INTERSECT SELECT name FROM singer WHERE country != 'Spain'",
                    "SELECT country FROM singer GROUP BY country HAVING count(*) > %d",
                    "SELECT name, capacity FROM venue WHERE capacity > (SELECT avg(capacity) FROM venue)",
                    "SELECT count(DISTINCT singer_id) FROM concert WHERE tickets > %d",
                    "SELECT name FROM singer WHERE name LIKE '%%a%%' UNION SELECT name FROM venue WHERE city = 'Paris'",
                    "SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.id = T2.singer_id ORDER BY T2.tickets DESC LIMIT 1",
                    "SELECT city, avg(capacity) FROM venue GROUP BY city ORDER BY avg(capacity) DESC",
                    "SELECT count(*) FROM concert WHERE year > %d AND tickets < 500",
                    "SELECT max(tickets) - min(tickets) FROM concert",
                    "SELECT name FROM venue EXCEPT SELECT T2.name FROM concert AS T1 JOIN venue AS T2 ON T1.venue_id = T2.id",
                    "SELECT country, avg(age) FROM singer GROUP BY country HAVING avg(age) > %d",
                    "SELECT T1.country, sum(T2.tickets) FROM singer AS T1 JOIN concert AS T2 ON T1.id = T2.singer_id GROUP BY T1.country",
                    "SELECT name, age FROM singer WHERE joined >= '2015-01-01' ORDER BY joined",
                    "SELECT year, count(*) FROM concert GROUP BY year HAVING count(*) >= %d",
                    "SELECT name FROM singer WHERE age = (SELECT max(age) FROM singer)",
                    "SELECT count(*) FROM (SELECT singer_id FROM concert GROUP BY singer_id HAVING count(*) > 2)",
                    "SELECT DISTINCT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.id = T2.singer_id WHERE T2.year < %d",
                    "SELECT venue_id, avg(tickets) FROM concert GROUP BY venue_id",
                    "SELECT name FROM singer ORDER BY name LIMIT 10 OFFSET %d",
                    "SELECT sum(capacity) FROM venue WHERE city IN ('Paris', 'Berlin', 'Rome')",
                    "SELECT T2.year, T3.city FROM singer AS T1 JOIN concert AS T2 ON T1.id = T2.singer_id JOIN venue AS T3 ON T2.venue_id = T3.id WHERE T1.age < %d",
                    "SELECT country, count(*) FROM singer WHERE age > 30 GROUP BY country ORDER BY count(*) DESC LIMIT 2",
                    "SELECT name FROM singer WHERE country = 'France' AND age > %d OR country = 'Italy'",
                    "SELECT count(*), avg(tickets) FROM concert AS T1 JOIN venue AS T2 ON T1.venue_id = T2.id WHERE T2.capacity > 5000",
                    "SELECT CAST(sum(tickets) AS REAL) / count(*) FROM concert WHERE year = %d",
                    "SELECT name || ' (' || country || ')' FROM singer WHERE age < 25",
                    "SELECT substr(joined, 1, 4), count(*) FROM singer GROUP BY substr(joined, 1, 4)",
                    "SELECT T1.name FROM venue AS T1 WHERE NOT EXISTS (SELECT 1 FROM concert AS T2 WHERE T2.venue_id = T1.id AND T2.year = %d)",
                    "SELECT count(*) FROM singer AS T1 JOIN concert AS T2 ON T1.id = T2.singer_id JOIN concert AS T3 ON T1.id = T3.singer_id WHERE T2.year < T3.year",
                    "SELECT country, max(age) FROM singer GROUP BY country",
                    "SELECT name FROM singer WHERE age IS NULL",
                    "SELECT city FROM venue GROUP BY city ORDER BY count(*) DESC LIMIT 1",
                    "SELECT T1.name, T1.age FROM singer AS T1 WHERE T1.age > (SELECT avg(age) FROM singer WHERE country = T1.country)",
                    "SELECT year, max(tickets) FROM concert WHERE tickets > %d GROUP BY year",
                    "SELECT DISTINCT T3.name FROM concert AS T2 JOIN venue AS T3 ON T2.venue_id = T3.id ORDER BY T3.name",
                    "SELECT count(*) FROM venue WHERE capacity BETWEEN %d AND 20000",
                    "SELECT name FROM singer WHERE country IN (SELECT country FROM singer GROUP BY country HAVING count(*) < 10)",
                    "SELECT avg(cnt) FROM (SELECT count(*) AS cnt FROM concert GROUP BY venue_id)",
                    "SELECT T1.name, T2.name FROM singer AS T1 JOIN venue AS T2 ON T1.country = 'Germany' AND T2.city = 'Berlin' LIMIT %d");

    private static final String[] COUNTRIES = {
        "France", "Italy", "Spain", "Germany", "Japan", "Brazil", "Canada", "Kenya"
    };
    private static final String[] CITIES = {
        "Paris", "Berlin", "Rome", "Madrid", "Tokyo", "Lima", "Oslo", "Cairo", "Lyon", "Porto"
    };

    private final ThroughputBench bench;
    private final ThroughputReport report;

    SqliteGradingRow(ThroughputBench bench, ThroughputReport report) {
        this.bench = bench;
        this.report = report;
    }

    void run(Path work) throws Exception {
        Path dir = work.resolve("sqlite-spider");
        bench.progress(
                f(
                        "%d SQLite databases, %d questions, %d pred.txt files",
                        DATABASES, DATABASES * TEMPLATES.size(), FILES));
        List<String[]> questions = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        for (int d = 0; d < DATABASES; d++) {
            String db = f("bench_sqlite_%02d", d);
            Path file = dir.resolve(db).resolve(db + ".sqlite");
            if (!Files.exists(file)) make(file, new Random(d));
            for (int t = 0; t < TEMPLATES.size(); t++) {
                String gold =
                        TEMPLATES.get(t).contains("%d")
                                ? f(TEMPLATES.get(t), 20 + (d * 7 + t * 3) % 30)
                                : TEMPLATES.get(t);
                int index = questions.size();
                questions.add(new String[] {db, gold, file.toString()});
                Map<String, Object> line = new LinkedHashMap<>();
                line.put("id", f("sq-%04d", index));
                line.put("db", db);
                line.put("question", "template " + t);
                line.put("gold_sql", gold);
                line.put("source_index", index);
                line.put("db_file", file.toString());
                line.put("benchmark", "spider");
                lines.add(Json.MAPPER.writeValueAsString(line));
            }
        }
        Path set = dir.resolve("sqlite-spider.jsonl");
        Files.write(set, lines);
        List<Path> files = new ArrayList<>();
        List<List<String>> predictions = new ArrayList<>();
        for (int k = 0; k < FILES; k++) {
            List<String> pred = new ArrayList<>();
            for (int i = 0; i < questions.size(); i++) pred.add(mutated(questions.get(i)[1], k, i));
            Path p = dir.resolve(f("pred-%02d.txt", k));
            Files.write(p, pred);
            files.add(p);
            predictions.add(pred);
        }

        ThroughputBench.Run job =
                bench.grade(f("grading %d files on SQLite", FILES), set, files, null);
        bench.progress(
                "the same files graded serially under Spider's rule, one connection per file");
        long start = System.nanoTime();
        int right = 0;
        try (SqliteQueries serial = new SqliteQueries()) {
            for (List<String> pred : predictions) {
                for (int i = 0; i < questions.size(); i++) {
                    Path file = Path.of(questions.get(i)[2]);
                    String gold = SpiderText.forExecution(SpiderText.gold(questions.get(i)[1]));
                    QueryOutcome g = serial.execute(file, gold, 60_000, 0);
                    QueryOutcome p =
                            serial.execute(
                                    file,
                                    SpiderText.forExecution(SpiderText.prediction(pred.get(i))),
                                    60_000,
                                    0);
                    if (g.ok()
                            && p.ok()
                            && PythonRows.resultEq(
                                    g.result().rows(),
                                    p.result().rows(),
                                    SpiderText.orderMatters(gold))) right++;
                }
            }
        }
        double serialSeconds = BenchFloors.seconds(start);
        report.row(
                new Row(
                        f(
                                "grading %d files on SQLite, %d dbs × %d q (Spider's rule)",
                                FILES, DATABASES, TEMPLATES.size()),
                        f("%.1f s job (%.0f records/s)", job.jobSeconds(), job.perSecond()),
                        f("%.1f s serial, both run", serialSeconds),
                        f("%.2f", job.jobSeconds() / serialSeconds),
                        "< 0.5 × serial",
                        ThroughputReport.atMost(job.jobSeconds(), serialSeconds / 2),
                        f(
                                "%d records; the serial floor found %d of %d right under Spider's rule, each gold run again"
                                        + " for each file as the official script does; %.1f s end to end",
                                job.items(), right, FILES * questions.size(), job.wallSeconds())));
    }

    /** File k's answer to question i: the gold, or one of a few mutations of it. */
    static String mutated(String gold, int k, int i) {
        if (k == 0 || (i + k) % 3 == 0) return gold;
        return switch ((i * 7 + k) % 6) {
            case 0 -> gold.replaceFirst(" DESC", " ASC");
            case 1 -> gold.replace("SELECT DISTINCT", "SELECT");
            case 2 -> gold.replaceFirst(" > ", " >= ");
            case 3 -> gold.replaceFirst("count\\(\\*\\)", "count(DISTINCT 1)");
            case 4 -> gold.replaceFirst("LIMIT (\\d+)", "LIMIT 5");
            default -> gold + " ";
        };
    }

    private static void make(Path file, Random random) throws Exception {
        Files.createDirectories(file.getParent());
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.execute(
                    "CREATE TABLE singer (id INTEGER PRIMARY KEY, name TEXT, country TEXT, age INT, joined TEXT)");
            s.execute(
                    "CREATE TABLE venue (id INTEGER PRIMARY KEY, name TEXT, capacity INT, city TEXT)");
            s.execute(
                    "CREATE TABLE concert (id INTEGER PRIMARY KEY, singer_id INT REFERENCES singer(id),"
                            + " venue_id INT REFERENCES venue(id), year INT, tickets INT)");
            try (PreparedStatement p =
                    c.prepareStatement("INSERT INTO singer VALUES (?, ?, ?, ?, ?)")) {
                for (int i = 1; i <= 300; i++) {
                    p.setInt(1, i);
                    p.setString(2, "singer " + Integer.toString(i * 7919 % 100_000, 36));
                    p.setString(3, COUNTRIES[random.nextInt(COUNTRIES.length)]);
                    if (random.nextInt(20) == 0) p.setNull(4, java.sql.Types.INTEGER);
                    else p.setInt(4, 18 + random.nextInt(60));
                    p.setString(
                            5,
                            f(
                                    "%d-%02d-%02d",
                                    2005 + random.nextInt(18),
                                    1 + random.nextInt(12),
                                    1 + random.nextInt(28)));
                    p.addBatch();
                }
                p.executeBatch();
            }
            try (PreparedStatement p =
                    c.prepareStatement("INSERT INTO venue VALUES (?, ?, ?, ?)")) {
                for (int i = 1; i <= 60; i++) {
                    p.setInt(1, i);
                    p.setString(2, "venue " + i);
                    p.setInt(3, 500 + random.nextInt(40_000));
                    p.setString(4, CITIES[random.nextInt(CITIES.length)]);
                    p.addBatch();
                }
                p.executeBatch();
            }
            try (PreparedStatement p =
                    c.prepareStatement("INSERT INTO concert VALUES (?, ?, ?, ?, ?)")) {
                for (int i = 1; i <= 3_000; i++) {
                    p.setInt(1, i);
                    p.setInt(2, 1 + random.nextInt(300));
                    p.setInt(3, 1 + random.nextInt(60));
                    p.setInt(4, 2000 + random.nextInt(25));
                    p.setInt(5, random.nextInt(2_000));
                    p.addBatch();
                }
                p.executeBatch();
            }
            c.commit();
        }
    }
}
