package dev.sqlexam.database;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The digest of the migrations folder a database was last migrated from, kept beside Flyway's
 * history: a folder that has not changed since needs no Flyway run (about a second and a half per
 * database, each time a command starts). Any change to the folder's files, a database created anew,
 * or a stamp that cannot be read means Flyway runs.
 */
final class MigrationStamp {

    private static final String TABLE = Migrations.META_SCHEMA + ".sqlexam_migrated";

    private MigrationStamp() {}

    /** SHA-256 over the folder's files: their paths and contents. */
    static String digest(Path folder) {
        try (Stream<Path> files = Files.walk(folder)) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            List<Path> sorted = files.filter(Files::isRegularFile).sorted().toList();
            for (Path f : sorted) {
                sha.update(folder.relativize(f).toString().getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
                sha.update(Files.readAllBytes(f));
                sha.update((byte) 0);
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the migrations in " + folder, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The version the database was migrated to from a folder with this digest (empty string: none);
     * empty when not stamped.
     */
    static Optional<String> current(String url, String digest) {
        try (Connection c = DriverManager.getConnection(url);
                PreparedStatement ps =
                        c.prepareStatement(
                                "SELECT version FROM " + TABLE + " WHERE folder_digest = ?")) {
            ps.setString(1, digest);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next()
                        ? Optional.of(rs.getString(1) == null ? "" : rs.getString(1))
                        : Optional.empty();
            }
        } catch (SQLException e) {
            // no stamp table yet (a new or older database): not stamped
            return Optional.empty();
        }
    }

    /**
     * Records a successful migration from a folder with this digest; a stamp that cannot be written
     * only costs time later.
     */
    static void record(String url, String digest, String version) {
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement()) {
            st.execute(
                    "CREATE TABLE IF NOT EXISTS "
                            + TABLE
                            + " (folder_digest text PRIMARY KEY, version text, migrated_at timestamptz NOT NULL DEFAULT now())");
            st.execute("DELETE FROM " + TABLE);
            try (PreparedStatement ps =
                    c.prepareStatement(
                            "INSERT INTO " + TABLE + " (folder_digest, version) VALUES (?, ?)")) {
                ps.setString(1, digest);
                ps.setString(2, version);
                ps.executeUpdate();
            }
        } catch (SQLException e) {
            // not stamped: the next start runs Flyway again
        }
    }
}
