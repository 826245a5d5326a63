package dev.sqlexam.sql;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ColumnKindTest {

    /** Names PgJDBC gives: its serial names for auto-incrementing integers included. */
    private static final List<String> NAMES =
            List.of(
                    "int4",
                    "serial",
                    "int8",
                    "bigserial",
                    "int2",
                    "smallserial",
                    "numeric",
                    "float8",
                    "bool",
                    "bit",
                    "varbit",
                    "text",
                    "name",
                    "varchar",
                    "bpchar",
                    "date",
                    "timestamp",
                    "timestamptz",
                    "json",
                    "jsonb",
                    "uuid",
                    "interval",
                    "_int4",
                    "point",
                    "bytea");

    @Test
    void whereTheKindDoesNotDependOnTheTypeNameNoNameChangesIt() throws Exception {
        List<String> checked = new ArrayList<>();
        for (int type : jdbcTypes()) {
            if (ColumnKind.dependsOnTypeName(type)) continue;
            ColumnKind unnamed = ColumnKind.ofJdbcType(type, null);
            for (String name : NAMES)
                assertThat(ColumnKind.ofJdbcType(type, name))
                        .as("JDBC type %d named %s", type, name)
                        .isEqualTo(unnamed);
            checked.add(String.valueOf(type));
        }
        assertThat(checked).hasSizeGreaterThan(10);
    }

    @Test
    void theNamesThatDecideAKindAreRead() {
        assertThat(ColumnKind.dependsOnTypeName(Types.BIT)).isTrue();
        assertThat(ColumnKind.ofJdbcType(Types.BIT, "bool")).isEqualTo(ColumnKind.BOOLEAN);
        assertThat(ColumnKind.ofJdbcType(Types.BIT, "bit")).isEqualTo(ColumnKind.OTHER);
        assertThat(ColumnKind.dependsOnTypeName(Types.OTHER)).isTrue();
        assertThat(ColumnKind.ofJdbcType(Types.OTHER, "name")).isEqualTo(ColumnKind.TEXT);
        assertThat(ColumnKind.dependsOnTypeName(Types.INTEGER)).isFalse();
        assertThat(ColumnKind.dependsOnTypeName(Types.BOOLEAN)).isFalse();
        assertThat(ColumnKind.dependsOnTypeName(Types.VARCHAR)).isFalse();
    }

    private static int[] jdbcTypes() throws IllegalAccessException {
        List<Integer> types = new ArrayList<>();
        for (Field f : Types.class.getFields())
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == int.class)
                types.add(f.getInt(null));
        return types.stream().mapToInt(Integer::intValue).toArray();
    }
}
