package dev.sqlexam.suite;

import dev.sqlexam.suite.RowGenerator.Profile;
import dev.sqlexam.suite.SuiteSchema.Column;
import dev.sqlexam.suite.SuiteSchema.Family;
import dev.sqlexam.suite.SuiteSchema.ForeignKey;
import dev.sqlexam.suite.SuiteSchema.Table;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class RowGeneratorTest {

    private static final Table CUSTOMERS =
            table(
                    "customers",
                    List.of(integer("id", false), text("name", false, 0)),
                    List.of(List.of("id")));
    private static final Table CUSTOMER_ORDERS =
            table(
                    "orders",
                    List.of(integer("id", false), integer("customer_id", false)),
                    List.of(List.of("id")),
                    references("customer_id", "customers"));
    private static final Table ORDERS =
            table(
                    "orders",
                    List.of(integer("id", false), text("status", true, 0), integer("qty", true)),
                    List.of(List.of("id")));
    private static final Map<String, List<String>> ORDER_CONSTANTS =
            Map.of("status", List.of("shipped", "held"), "qty", List.of("5", "40"));

    private static Column integer(String name, boolean nullable) {
        return new Column(name, "integer", Family.INTEGER, nullable, null, List.of(), 0, 0, 0);
    }

    private static Column text(String name, boolean nullable, int length) {
        return new Column(
                name,
                length > 0 ? "character varying(" + length + ")" : "text",
                Family.TEXT,
                nullable,
                null,
                List.of(),
                length,
                0,
                0);
    }

    private static Column date(String name, boolean nullable) {
        return new Column(name, "date", Family.DATE, nullable, null, List.of(), 0, 0, 0);
    }

    private static ForeignKey references(String column, String parent) {
        return new ForeignKey(
                "fk_" + column,
                List.of(column),
                "\"public\".\"" + parent + "\"",
                List.of("id"),
                "");
    }

    private static Table table(
            String name, List<Column> columns, List<List<String>> keys, ForeignKey... fks) {
        return new Table(
                "public",
                name,
                columns,
                keys.isEmpty() ? List.of() : keys.get(0),
                keys,
                List.of(),
                List.of(fks));
    }

    /** Each column's values from {@code constants} (by column name) and no sample. */
    private static Map<String, ColumnValues> values(Table t, Map<String, List<String>> constants) {
        Map<String, ColumnValues> out = new HashMap<>();
        for (Column c : t.columns())
            out.put(
                    c.name(),
                    new ColumnValues(
                            c, constants.getOrDefault(c.name(), List.of()), List.of(), false));
        return out;
    }

    private static List<String[]> rows(
            Table t,
            Map<String, List<String>> constants,
            Map<String, List<String[]>> parents,
            Profile profile,
            long seed,
            List<Map<String, String>> together,
            Set<List<String>> pairs) {
        Map<String, Table> tables = new HashMap<>();
        for (Table x : List.of(CUSTOMERS, t)) tables.put(x.qualified(), x);
        return RowGenerator.rows(
                t,
                values(t, constants),
                List.of(),
                parents,
                tables,
                profile,
                new Random(seed),
                new RowGenerator.GoldConditions(together, pairs, size -> Map.of()));
    }

    private static List<String[]> rows(
            Table t, Map<String, List<String[]>> parents, Profile profile, long seed) {
        return rows(t, Map.of(), parents, profile, seed, List.of(), Set.of());
    }

    private static Map<String, List<String[]>> customers(int n) {
        List<String[]> stored = new ArrayList<>();
        for (int i = 1; i <= n; i++) stored.add(new String[] {String.valueOf(i), "customer " + i});
        return Map.of(CUSTOMERS.qualified(), stored);
    }

    private static List<String> column(List<String[]> rows, int index) {
        return rows.stream().map(r -> r[index]).toList();
    }

    @Test
    void primaryAndUniqueKeysNeverRepeat() {
        Table items =
                table(
                        "items",
                        List.of(integer("id", false), text("code", false, 2), integer("qty", true)),
                        List.of(List.of("id"), List.of("code")));
        List<String[]> made = rows(items, Map.of(), new Profile(80, 0.1), 3);
        assertThat(made).hasSizeGreaterThan(20);
        assertThat(column(made, 0)).doesNotHaveDuplicates().doesNotContainNull();
        assertThat(column(made, 1)).doesNotHaveDuplicates();
    }

    @Test
    void compositeKeysNeverRepeatEvenWhenEachPartDoes() {
        Table enrolments =
                table(
                        "enrolments",
                        List.of(
                                integer("student", false),
                                integer("course", false),
                                text("grade", true, 0)),
                        List.of(List.of("student", "course")));
        List<String[]> made =
                rows(
                        enrolments,
                        Map.of("student", List.of("1"), "course", List.of("1")),
                        Map.of(),
                        new Profile(80, 0.1),
                        5,
                        List.of(),
                        Set.of());
        assertThat(made).hasSizeGreaterThan(30);
        assertThat(made.stream().map(r -> r[0] + "/" + r[1]).toList()).doesNotHaveDuplicates();
        assertThat(column(made, 0).stream().distinct().count()).isLessThan(made.size());
    }

    @Test
    void notNullColumnsAreNeverNullWhateverTheNullRate() {
        Table t =
                table(
                        "t",
                        List.of(
                                integer("id", false),
                                text("required", false, 0),
                                date("optional", true),
                                integer("other", true)),
                        List.of(List.of("id")));
        List<String[]> made = rows(t, Map.of(), new Profile(80, 0.9), 9);
        assertThat(made)
                .allSatisfy(r -> assertThat(Arrays.asList(r[0], r[1])).doesNotContainNull());
        assertThat(column(made, 2)).containsNull();
    }

    @Test
    void foreignKeysPointOnlyAtStoredParentRowsOrAreNullWhenNullable() {
        Table orders =
                table(
                        "orders",
                        List.of(
                                integer("id", false),
                                integer("customer_id", false),
                                integer("referrer_id", true)),
                        List.of(List.of("id")),
                        references("customer_id", "customers"),
                        references("referrer_id", "customers"));
        Map<String, List<String[]>> parents = customers(15);
        Set<String> ids =
                parents.get(CUSTOMERS.qualified()).stream()
                        .map(r -> r[0])
                        .collect(Collectors.toSet());
        List<String[]> made = rows(orders, parents, new Profile(60, 0.3), 13);
        assertThat(made).isNotEmpty();
        assertThat(column(made, 1)).allMatch(ids::contains);
        assertThat(column(made, 2)).containsNull().allMatch(v -> v == null || ids.contains(v));
    }

    @Test
    void aRequiredReferenceWithoutParentRowsMakesNoRows() {
        assertThat(rows(CUSTOMER_ORDERS, Map.of(), new Profile(30, 0.1), 1)).isEmpty();
    }

    @Test
    void aRequiredSelfReferencePointsAtItselfFirstThenAtEarlierRows() {
        Table staff =
                table(
                        "staff",
                        List.of(integer("id", false), integer("boss_id", false)),
                        List.of(List.of("id")),
                        references("boss_id", "staff"));
        List<String[]> made = rows(staff, Map.of(), new Profile(40, 0.2), 17);
        assertThat(made).hasSizeGreaterThan(10);
        assertThat(made.get(0)[1]).isEqualTo(made.get(0)[0]);
        Set<String> stored = new HashSet<>();
        for (String[] row : made) {
            stored.add(row[0]);
            assertThat(stored).as("boss of " + row[0]).contains(row[1]);
        }
    }

    private static Map<String, Integer> childrenByParent(List<String[]> made) {
        Map<String, Integer> out = new HashMap<>();
        for (String[] r : made) out.merge(r[1], 1, Integer::sum);
        return out;
    }

    @Test
    void withTheDefaultSpreadSomeParentsGetNoChildren() {
        List<String[]> made = rows(CUSTOMER_ORDERS, customers(40), new Profile(200, 0.0), 21);
        assertThat(made).hasSizeGreaterThan(100);
        Map<String, Integer> children = childrenByParent(made);
        assertThat(children.size()).as("parents with children").isBetween(20, 30);
    }

    @Test
    void withASmallSpreadChildrenGatherOnFewParents() {
        List<String[]> made =
                rows(CUSTOMER_ORDERS, customers(40), new Profile(200, 0.0, 1.0, 0.12, 0.1), 21);
        Map<String, Integer> children = childrenByParent(made);
        assertThat(children.size()).as("parents with children").isLessThanOrEqualTo(4);
        assertThat(children.values().stream().mapToInt(Integer::intValue).max().orElse(0))
                .isGreaterThanOrEqualTo(made.size() / 6);
    }

    @Test
    void withManyRowsEveryGoldConstantOfAColumnAppearsInSomeRow() {
        List<String[]> made =
                rows(
                        ORDERS,
                        ORDER_CONSTANTS,
                        Map.of(),
                        new Profile(400, 0.1),
                        23,
                        List.of(),
                        Set.of());
        Map<String, ColumnValues> values = values(ORDERS, ORDER_CONSTANTS);
        assertThat(column(made, 1)).containsAll(values.get("status").constants);
        assertThat(column(made, 2)).containsAll(values.get("qty").constants);
    }

    @Test
    void everyGoldConstantOfAColumnAppearsInATableOfACandidatesSize() {
        List<String[]> made =
                rows(
                        ORDERS,
                        ORDER_CONSTANTS,
                        Map.of(),
                        new Profile(60, 0.1),
                        23,
                        List.of(),
                        Set.of());
        Map<String, ColumnValues> values = values(ORDERS, ORDER_CONSTANTS);
        assertThat(column(made, 1)).containsAll(values.get("status").constants);
        assertThat(column(made, 2)).containsAll(values.get("qty").constants);
    }

    @Test
    void aSmallProfileStillMakesAtLeastARowPerConstant() {
        Table t =
                table(
                        "t",
                        List.of(integer("id", false), integer("qty", true)),
                        List.of(List.of("id")));
        List<String> golds = List.of("10", "20", "30", "40", "50", "60", "70", "80", "90", "100");
        List<String[]> made =
                rows(
                        t,
                        Map.of("qty", golds),
                        Map.of(),
                        new Profile(4, 0.0),
                        29,
                        List.of(),
                        Set.of());
        assertThat(made).hasSizeGreaterThanOrEqualTo(30);
    }

    @Test
    void aTinyProfileMakesOneToThreeRowsWhateverTheConstants() {
        Table t =
                table(
                        "t",
                        List.of(integer("id", false), integer("qty", true)),
                        List.of(List.of("id")));
        List<String> golds = List.of("10", "20", "30", "40", "50", "60", "70", "80", "90", "100");
        List<Map<String, String>> together = List.of(Map.of("id", "1", "qty", "10"));
        for (long seed = 0; seed < 40; seed++) {
            assertThat(
                            rows(
                                    t,
                                    Map.of("qty", golds),
                                    Map.of(),
                                    new Profile(RowGenerator.TINY, 0.0),
                                    seed,
                                    together,
                                    Set.of()))
                    .hasSizeBetween(1, 3);
        }
    }

    @Test
    void aGoldsIsNullPutsANullInTheRowThatMeetsItsOtherConditions() {
        Table t =
                table(
                        "t",
                        List.of(
                                integer("id", false),
                                integer("qty", false),
                                integer("left_on", true)),
                        List.of(List.of("id")));
        List<Map<String, String>> together =
                List.of(Map.of("qty", "7", "left_on", GoldConstants.NULL));
        boolean met = false;
        for (long seed = 0; seed < 10; seed++) {
            for (String[] r :
                    rows(t, Map.of(), Map.of(), new Profile(6, 0.0), seed, together, Set.of())) {
                assertThat(r[2]).isNotEqualTo(GoldConstants.NULL);
                met |= "7".equals(r[1]) && r[2] == null;
            }
        }
        assertThat(met)
                .as("a row with qty 7 and left_on NULL although the null rate is 0")
                .isTrue();
    }

    @Test
    void aGroupsRowIsSometimesLeftOutWhileTheRowsBesideItStay() {
        List<Map<String, String>> together = List.of(Map.of("status", "shipped", "qty", "5"));
        int without = 0;
        for (long seed = 0; seed < 60; seed++) {
            List<String> pairs =
                    rows(ORDERS, Map.of(), Map.of(), new Profile(4, 0.0), seed, together, Set.of())
                            .stream()
                            .map(r -> r[1] + "/" + r[2])
                            .toList();
            if (!pairs.contains("shipped/5") && pairs.contains("shipped/4")) without++;
        }
        assertThat(without).isBetween(3, 30);
    }

    @Test
    void aGroupsConstantsAppearTogetherInOneRowAndWithOneMovedBesideItsConstant() {
        List<Map<String, String>> together = List.of(Map.of("status", "shipped", "qty", "5"));
        List<String[]> made =
                rows(ORDERS, Map.of(), Map.of(), new Profile(30, 0.1), 31, together, Set.of());
        List<String> pairs = made.stream().map(r -> r[1] + "/" + r[2]).toList();
        assertThat(pairs).contains("shipped/5", "shipped/4", "shipped/6", "SHIPPED/5", "shippe/5");
    }

    @Test
    void columnsAGoldComparesAreOftenEqualOrADayApart() {
        Table shipments =
                table(
                        "shipments",
                        List.of(
                                integer("id", false),
                                date("order_date", false),
                                date("ship_date", false)),
                        List.of(List.of("id")));
        Profile profile = new Profile(200, 0.0, 0.0, 0.0);
        List<String[]> compared =
                rows(
                        shipments,
                        Map.of(),
                        Map.of(),
                        profile,
                        37,
                        List.of(),
                        Set.of(List.of("order_date", "ship_date")));
        List<String[]> apart =
                rows(shipments, Map.of(), Map.of(), profile, 37, List.of(), Set.of());
        assertThat(equalDates(compared)).isGreaterThan(compared.size() / 8);
        assertThat(equalDates(apart)).isLessThan(apart.size() / 40 + 1);
        assertThat(compared)
                .anyMatch(r -> LocalDate.parse(r[2]).equals(LocalDate.parse(r[1]).plusDays(1)));
    }

    private static long equalDates(List<String[]> made) {
        return made.stream().filter(r -> r[1].equals(r[2])).count();
    }

    @Test
    void theSameSeedGivesTheSameRowsAndAnotherSeedOthers() {
        Table orders =
                table(
                        "orders",
                        List.of(
                                integer("id", false),
                                integer("customer_id", true),
                                text("status", true, 0),
                                date("day", true)),
                        List.of(List.of("id")),
                        references("customer_id", "customers"));
        Map<String, List<String>> constants = Map.of("status", List.of("open"));
        List<Map<String, String>> together = List.of(Map.of("status", "open", "day", "2024-05-01"));
        Profile profile = new Profile(40, 0.2);
        List<List<String>> first =
                asLists(rows(orders, constants, customers(10), profile, 41, together, Set.of()));
        List<List<String>> again =
                asLists(rows(orders, constants, customers(10), profile, 41, together, Set.of()));
        List<List<String>> other =
                asLists(rows(orders, constants, customers(10), profile, 42, together, Set.of()));
        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
    }

    private static List<List<String>> asLists(List<String[]> made) {
        return made.stream().map(Arrays::asList).toList();
    }

    @Test
    void repeatsMakeValuesRepeatMoreThanChanceDoes() {
        Table notes =
                table(
                        "notes",
                        List.of(integer("id", false), date("day", false)),
                        List.of(List.of("id")));
        List<String[]> calm = rows(notes, Map.of(), new Profile(400, 0.0, 0.0, 0.0), 43);
        List<String[]> repetitive = rows(notes, Map.of(), new Profile(400, 0.0, 0.0, 0.35), 43);
        assertThat(duplicateShare(repetitive)).isGreaterThan(duplicateShare(calm) * 1.5);
    }

    /** The share of rows whose day is some earlier row's. */
    private static double duplicateShare(List<String[]> made) {
        return 1.0 - (double) made.stream().map(r -> r[1]).distinct().count() / made.size();
    }

    @Test
    void aGroupsYearConstantOnADateColumnIsNotPutInTheRowAsIs() {
        Table orders =
                table(
                        "orders",
                        List.of(
                                integer("id", false),
                                text("status", true, 0),
                                date("created", true)),
                        List.of(List.of("id")));
        List<Map<String, String>> together =
                GoldConstants.of(
                                List.of(
                                        "SELECT id FROM orders WHERE EXTRACT(YEAR FROM created) = 2024 AND status = 'open'"))
                        .groups();
        assertThat(together).containsExactly(Map.of("created", "2024", "status", "open"));
        List<String[]> made =
                rows(orders, Map.of(), Map.of(), new Profile(20, 0.0), 47, together, Set.of());
        assertThat(column(made, 2)).allMatch(v -> v == null || v.matches("\\d{4}-\\d{2}-\\d{2}"));
    }

    @Test
    void aCrowdAddsExactlyItsRowsToATableWithAForeignKeyAllOneRowUnderAParentNoOtherRowHas() {
        Table orders =
                table(
                        "orders",
                        List.of(
                                integer("id", false),
                                integer("customer_id", false),
                                integer("qty", true)),
                        List.of(List.of("id")),
                        references("customer_id", "customers"));
        for (long seed = 0; seed < 5; seed++) {
            List<String[]> made =
                    rows(
                            orders,
                            Map.of(),
                            customers(20),
                            new Profile(10, 0.1).withCrowds(List.of(151)),
                            seed,
                            List.of(),
                            Set.of());
            assertThat(made).hasSizeBetween(151 + 5, 151 + 15);
            List<String[]> crowd = made.subList(made.size() - 151, made.size());
            assertThat(crowd.stream().map(r -> r[1] + "/" + r[2]).distinct())
                    .containsExactly("20/" + crowd.get(0)[2]);
            assertThat(column(made, 1).stream().filter("20"::equals)).hasSize(151);
            assertThat(column(made, 0).stream().distinct()).hasSize(made.size());
        }
        // two crowds: each under its own parent, the nearest to the end
        List<String[]> two =
                rows(
                        orders,
                        Map.of(),
                        customers(20),
                        new Profile(10, 0.1).withCrowds(List.of(3, 4)),
                        7,
                        List.of(),
                        Set.of());
        assertThat(column(two.subList(two.size() - 7, two.size() - 4), 1)).containsOnly("20");
        assertThat(column(two.subList(two.size() - 4, two.size()), 1)).containsOnly("19");
        // a table without a foreign key gets no crowd
        assertThat(rows(CUSTOMERS, Map.of(), new Profile(10, 0.1).withCrowds(List.of(151)), 3))
                .hasSameSizeAs(rows(CUSTOMERS, Map.of(), new Profile(10, 0.1), 3));
    }

    @Test
    void aResampledProfileTakesSampledRowsAsTheyAreWithForeignKeysFromTheParentsMade() {
        Table orders =
                table(
                        "orders",
                        List.of(
                                integer("id", false),
                                integer("customer_id", false),
                                integer("qty", true)),
                        List.of(List.of("id")),
                        references("customer_id", "customers"));
        List<List<String>> sampled = new ArrayList<>();
        for (int i = 1; i <= 30; i++)
            sampled.add(
                    java.util.Arrays.asList(
                            String.valueOf(i), "999", i % 5 == 0 ? null : String.valueOf(i * 7)));
        sampled.add(
                java.util.Arrays.asList(
                        "3", "999", "1")); // a key the sample repeats: one of the two is left out
        Map<String, Table> tables = new HashMap<>();
        for (Table x : List.of(CUSTOMERS, orders)) tables.put(x.qualified(), x);
        List<String[]> made =
                RowGenerator.rows(
                        orders,
                        values(orders, Map.of()),
                        sampled,
                        customers(4),
                        tables,
                        Profile.resampled(20),
                        new Random(5));
        assertThat(made).isNotEmpty().hasSizeLessThanOrEqualTo(30);
        List<String> original = sampled.stream().map(r -> r.get(0) + "/" + r.get(2)).toList();
        for (String[] r : made) {
            assertThat(r[0] + "/" + r[2]).isIn(original);
            assertThat(r[1]).isIn("1", "2", "3", "4");
        }
        assertThat(column(made, 0).stream().distinct()).hasSize(made.size());
    }

    @Test
    void aGroupGetsFarRowsMeetingItsConditionsWithTheOtherColumnsAtTheirEdges() {
        Table departments =
                table(
                        "departments",
                        List.of(
                                integer("id", false),
                                text("location", false, 0),
                                integer("budget", true),
                                text("code", false, 0)),
                        List.of(List.of("id"), List.of("code")));
        // one condition alone (location = 'Madrid'); no NULLs but the far rows' (NULL rate 0)
        List<Map<String, String>> together = List.of(Map.of("location", "Madrid"));
        Set<String> madridBudgets = new java.util.HashSet<>();
        for (long seed = 0; seed < 12; seed++) {
            List<String[]> made =
                    rows(
                            departments,
                            Map.of("location", List.of("Madrid")),
                            Map.of(),
                            new Profile(20, 0.0),
                            seed,
                            together,
                            Set.of());
            made.stream()
                    .filter(r -> "Madrid".equals(r[1]))
                    .forEach(r -> madridBudgets.add(String.valueOf(r[2])));
            assertThat(column(made, 3)).doesNotContainNull().doesNotHaveDuplicates();
            assertThat(column(made, 0)).doesNotContainNull();
        }
        assertThat(madridBudgets).contains("null").containsAnyOf("0", "-1", "1");
        // tiny databases get none: their one row is as its draws make it
        for (long seed = 0; seed < 12; seed++) {
            List<String[]> tiny =
                    rows(
                            departments,
                            Map.of(),
                            Map.of(),
                            new Profile(RowGenerator.TINY, 0.0),
                            seed,
                            together,
                            Set.of());
            assertThat(column(tiny, 2)).doesNotContainNull();
        }
    }

    @Test
    void aTableKeyedByItsReferenceAloneGetsNoCrowd() {
        // one profile per customer: a crowd of 151 under one customer would repeat its key 151
        // times
        Table profiles =
                table(
                        "profiles",
                        List.of(integer("customer_id", false), integer("score", true)),
                        List.of(List.of("customer_id")),
                        references("customer_id", "customers"));
        List<String[]> made =
                rows(profiles, customers(20), new Profile(10, 0.1).withCrowds(List.of(151)), 3);
        assertThat(made).isNotEmpty().hasSizeLessThanOrEqualTo(20);
        assertThat(column(made, 0)).doesNotHaveDuplicates();
    }

    @Test
    void aBlankProfileLeavesSomePlainNullableColumnsNullInEveryRowAndKeysAndRequiredColumnsAlone() {
        Table invoices =
                table(
                        "invoices",
                        List.of(
                                integer("id", false),
                                integer("amount", false),
                                integer("paid", true),
                                integer("fee", true),
                                integer("late", true),
                                integer("customer_id", true)),
                        List.of(List.of("id")),
                        references("customer_id", "customers"));
        int blankColumns = 0;
        for (long seed = 0; seed < 10; seed++) {
            List<String[]> made =
                    rows(invoices, customers(5), new Profile(30, 0.05).withBlank(0.5), seed);
            assertThat(column(made, 0)).doesNotContainNull();
            assertThat(column(made, 1)).doesNotContainNull();
            for (int c = 2; c <= 4; c++)
                if (column(made, c).stream().allMatch(java.util.Objects::isNull)) blankColumns++;
            // a reference is never blanked: rows keep their parents
            assertThat(column(made, 5).stream().filter(java.util.Objects::nonNull)).isNotEmpty();
        }
        // about half of 30 plain nullable columns over the seeds; without the profile's blank
        // share, by chance alone none
        assertThat(blankColumns).isBetween(6, 24);
        for (long seed = 0; seed < 10; seed++) {
            List<String[]> plain = rows(invoices, customers(5), new Profile(30, 0.05), seed);
            for (int c = 2; c <= 4; c++)
                assertThat(column(plain, c).stream().filter(java.util.Objects::nonNull))
                        .as("column " + c)
                        .isNotEmpty();
        }
    }

    @Test
    void aTwinnedProfileGivesEveryRowATwinThatSharesAllButItsKeys() {
        Table people =
                table(
                        "people",
                        List.of(
                                integer("id", false),
                                text("first_name", true, 0),
                                text("last_name", true, 0),
                                integer("customer_id", true)),
                        List.of(List.of("id")),
                        references("customer_id", "customers"));
        List<String[]> made = rows(people, customers(10), new Profile(30, 0.1).twinned(), 9);
        assertThat(made.size()).isGreaterThan(10);
        assertThat(column(made, 0)).doesNotHaveDuplicates();
        for (int i = 0; i + 1 < made.size() - 1; i += 2) {
            assertThat(java.util.Arrays.asList(made.get(i + 1)).subList(1, 4))
                    .as("row " + (i + 1))
                    .isEqualTo(java.util.Arrays.asList(made.get(i)).subList(1, 4));
        }
    }

    @Test
    void anOddProfileDrawsSmallNumbersForPlainColumnsAndLeavesKeysAlone() {
        Table pay =
                table(
                        "pay",
                        List.of(
                                integer("id", false),
                                integer("amount", false),
                                integer("customer_id", true)),
                        List.of(List.of("id")),
                        references("customer_id", "customers"));
        List<String[]> made =
                rows(
                        pay,
                        Map.of("amount", List.of("50000")),
                        customers(40),
                        new Profile(60, 0.0).odd(0),
                        5,
                        List.of(),
                        Set.of());
        long small =
                column(made, 1).stream()
                        .filter(
                                v ->
                                        v != null
                                                && Integer.parseInt(v) >= 1
                                                && Integer.parseInt(v) <= 9)
                        .count();
        assertThat(small).as("amounts from 1 to 9").isGreaterThan(made.size() / 3);
        // the gold's constant still appears; keys and references keep their own values
        assertThat(column(made, 1)).contains("50000");
        assertThat(column(made, 0)).doesNotHaveDuplicates();
        assertThat(
                        column(made, 2).stream()
                                .filter(java.util.Objects::nonNull)
                                .mapToInt(Integer::parseInt)
                                .max()
                                .orElse(0))
                .isGreaterThan(9);
    }
}
