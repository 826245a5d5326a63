package dev.sqlexam.database;

import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.Map;
import java.util.function.IntConsumer;
import java.util.stream.Stream;

/**
 * Builds {@code erp_large}, the scale-out ERP (about 2,400 tables): the full ERP in {@code public}
 * plus division schemas that repeat and vary its modules, with foreign keys, comments and a few
 * rows per table. Deterministic; rebuilt only when its inputs change.
 */
public final class ErpLargeBuilder {

    public static final String DATABASE = "erp_large";
    public static final int DIVISIONS = 25;
    private static final String DIVISION_SQL = "/sql/erp_large_division.sql";

    private final JdbcUrlTemplate admin;
    private final Path erpMigrations;

    public ErpLargeBuilder(JdbcUrlTemplate admin, Path migrationsDir) {
        if (!admin.perDatabase())
            throw new IllegalArgumentException("erp_large needs a JDBC URL with {db}");
        this.admin = admin;
        this.erpMigrations = migrationsDir.resolve("erp");
    }

    /** What a build did. */
    public record Report(boolean rebuilt, long tables, long foreignKeys, double seconds) {}

    public Report build(IntConsumer divisionDone) {
        long start = System.nanoTime();
        String marker = "sqlexam erp_large " + fingerprint();
        if (marker.equals(currentMarker())) return report(false, start);
        dropAndCreate();
        // the same rows as erp, whose foreign keys were checked there: loaded unchecked (as a
        // superuser), not checked again
        Migrations.flyway(
                        admin.forDatabase(DATABASE),
                        erpMigrations,
                        ForeignKeyAudit.uncheckedLoad(admin))
                .migrate();
        String template = divisionTemplate();
        String modules = modulesValues();
        try (Connection c = DriverManager.getConnection(admin.forDatabase(DATABASE));
                Statement st = c.createStatement()) {
            for (int d = 1; d <= DIVISIONS; d++) {
                st.execute(
                        template.replace(":division", Integer.toString(d))
                                .replace(":modules", modules));
                divisionDone.accept(d);
            }
            st.execute("ANALYZE");
            DatabaseComment.write(c, DATABASE, marker);
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "building " + DATABASE + " failed: " + e.getMessage(), e);
        }
        Migrations.grantReadAccess(admin, DATABASE);
        return report(true, start);
    }

    private Report report(boolean rebuilt, long start) {
        try (Connection c = DriverManager.getConnection(admin.forDatabase(DATABASE));
                Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery(
                                """
                        SELECT (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                                WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'sqlexam_meta')
                                  AND n.nspname NOT LIKE 'pg\\_%'),
                               (SELECT count(*) FROM pg_constraint WHERE contype = 'f')""")) {
            rs.next();
            return new Report(
                    rebuilt, rs.getLong(1), rs.getLong(2), (System.nanoTime() - start) / 1e9);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read " + DATABASE + ": " + e.getMessage(), e);
        }
    }

    private String currentMarker() {
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"))) {
            return DatabaseComment.read(c, DATABASE);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot reach the server: " + e.getMessage(), e);
        }
    }

    private void dropAndCreate() {
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement st = c.createStatement()) {
            st.execute("DROP DATABASE IF EXISTS " + DATABASE + " WITH (FORCE)");
            st.execute("CREATE DATABASE " + DATABASE);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create " + DATABASE + ": " + e.getMessage(), e);
        }
    }

    private String modulesValues() {
        try {
            JsonNode tables =
                    Json.MAPPER
                            .readTree(erpMigrations.resolve("module_mapping.json").toFile())
                            .get("tables");
            StringBuilder values = new StringBuilder();
            for (Iterator<Map.Entry<String, JsonNode>> it = tables.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (values.length() > 0) values.append(", ");
                values.append("('")
                        .append(e.getKey().replace("'", "''"))
                        .append("', '")
                        .append(e.getValue().asText().replace("'", "''"))
                        .append("')");
            }
            return values.toString();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the ERP module mapping", e);
        }
    }

    private static String divisionTemplate() {
        try (InputStream in = ErpLargeBuilder.class.getResourceAsStream(DIVISION_SQL)) {
            if (in == null) throw new IllegalStateException("missing resource " + DIVISION_SQL);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A hash of everything the build depends on: the ERP migrations, the mapping and the division
     * template.
     */
    String fingerprint() {
        try (Stream<Path> files = Files.list(erpMigrations)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Path f : files.filter(Files::isRegularFile).sorted().toList())
                digest.update(Files.readAllBytes(f));
            digest.update(divisionTemplate().getBytes(StandardCharsets.UTF_8));
            digest.update(Integer.toString(DIVISIONS).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest.digest()).substring(0, 16);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + erpMigrations, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
