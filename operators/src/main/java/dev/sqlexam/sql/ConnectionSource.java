package dev.sqlexam.sql;

import java.sql.Connection;
import java.sql.SQLException;

/** Hands out connections to a named database; callers close them. */
@FunctionalInterface
public interface ConnectionSource {
    Connection open(String database) throws SQLException;
}
