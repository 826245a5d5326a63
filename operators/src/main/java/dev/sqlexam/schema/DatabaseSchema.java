package dev.sqlexam.schema;

import dev.sqlexam.model.ForeignKey;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What the catalog says about one database: its tables and foreign keys. */
public record DatabaseSchema(
        String databaseId, List<TableInfo> tables, List<ForeignKey> foreignKeys)
        implements Serializable {

    public DatabaseSchema {
        tables = new ArrayList<>(tables);
        foreignKeys = new ArrayList<>(foreignKeys);
    }

    public Map<String, TableInfo> byQualifiedName() {
        Map<String, TableInfo> map = new LinkedHashMap<>();
        for (TableInfo t : tables) map.put(t.qualifiedName(), t);
        return map;
    }

    public Optional<TableInfo> table(String qualifiedName) {
        return tables.stream().filter(t -> t.qualifiedName().equals(qualifiedName)).findFirst();
    }

    /** A hash of everything the index is built from; a different value means the index is stale. */
    public String fingerprint(String model) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(model.getBytes(StandardCharsets.UTF_8));
            for (TableInfo t : tables) {
                digest.update(
                        (t.qualifiedName() + '|' + t.module() + '|' + t.comment())
                                .getBytes(StandardCharsets.UTF_8));
                for (ColumnInfo c : t.columns()) {
                    digest.update(
                            (c.name()
                                            + c.type()
                                            + c.nullable()
                                            + c.comment()
                                            + c.primaryKey()
                                            + c.fkTable())
                                    .getBytes(StandardCharsets.UTF_8));
                }
            }
            for (ForeignKey fk : foreignKeys)
                digest.update(fk.joinCondition().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest.digest()).substring(0, 24);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
