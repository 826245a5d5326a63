#!/usr/bin/env python3
"""Generate spider-rule-cases.json: verdicts of Spider's official exec rule (and of BIRD's) on hand-built cases.

  /usr/bin/python3 scripts/dev/spider-rule-fixture.py   (from the checkout, with ../shared/official beside it)

Builds 5 small SQLite databases from the SQL statements below (one statement per list element, so that the Java
tests can rebuild them with sqlite-jdbc one statement at a time), writes each to a temporary folder as
<db>/<db>.sqlite, and for every hand-written case records
  - official_ex: what taoyds/test-suite-sql-eval's exec_eval.eval_exec_match returns for the pred.txt line, called
    exactly as /work/shared/official/spider_official_ex.py calls it (p_str = line.strip().split('\t')[0] with
    "value" replaced by "1"; plug_value=False, keep_distinct=False, progress_bar_for_each_datapoint=False);
    "crash" when the official code raises (the exception type is appended to the note);
  - bird_ex: BIRD's rule: the prediction (line.strip().split('\t')[0], as written: no 'value' replacement, no
    DISTINCT removal) and the gold are executed with sqlite3 on the database file; 1 iff both ran and
    set(pred_rows) == set(gold_rows).
Needs Debian's python3-sqlparse and python3-tqdm; nltk (only used by evaluation.py's hardness) is stubbed.
"""
import json, os, re, shutil, sqlite3, sys, tempfile, types

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OFFICIAL = os.environ.get("SQLEXAM_OFFICIAL", os.path.join(ROOT, "..", "shared", "official", "test-suite-sql-eval"))
OUT = os.path.join(ROOT, "operators", "src", "test", "resources", "official", "spider-rule-cases.json")

fake = types.ModuleType("nltk"); fake.word_tokenize = lambda s: re.findall(r"\w+|[^\w\s]", s)
sys.modules.setdefault("nltk", fake)
sys.path.insert(0, OFFICIAL)
from exec_eval import eval_exec_match  # noqa: E402
import sqlparse  # noqa: E402

# ---------------------------------------------------------------------------------------------------------------
# Databases
# ---------------------------------------------------------------------------------------------------------------
DATABASES = {
    "shop": [
        "CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT, category TEXT, price REAL, stock INTEGER, "
        "market_value REAL, value INTEGER)",
        "INSERT INTO products VALUES (1, 'Apple', 'fruit', 1.5, 10, 15.0, 3)",
        "INSERT INTO products VALUES (2, 'Banana', 'fruit', 0.5, 20, 10.0, 3)",
        "INSERT INTO products VALUES (3, 'Cherry', 'fruit', 3.0, 0, 0.0, NULL)",
        "INSERT INTO products VALUES (4, 'Kale', 'vegetable', 2.0, 5, 10.0, 1)",
        "INSERT INTO products VALUES (5, 'Leek', 'vegetable', 2.0, NULL, NULL, 2)",
        "INSERT INTO products VALUES (6, 'Mango', NULL, 3.0, 7, 21.0, NULL)",
        "INSERT INTO products VALUES (7, 'Widget', '', 9.99, 100, 999.0, 5)",
        "INSERT INTO products VALUES (8, 'Gadget', 'tool', 9.99, 3, 29.97, 5)",
        "INSERT INTO products VALUES (9, 'Apple', 'fruit', 1.5, 10, 15.0, 3)",
        "INSERT INTO products VALUES (10, 'Crème brûlée', 'dessert', 4.25, 2, 8.5, 4)",
        "INSERT INTO products VALUES (11, 'apple', 'fruit', NULL, 1, NULL, 0)",
        "CREATE TABLE orders (id INTEGER, product_id INTEGER, qty INTEGER, order_date TEXT, customer TEXT)",
        "INSERT INTO orders VALUES (1, 1, 2, '2020-01-15', 'Ann'), (2, 1, 2, '2020-01-15', 'Ann'), "
        "(3, 2, 5, '2020-02-01', 'Bob'), (4, 4, 1, '2020-02-29', 'Chloé'), (5, NULL, 3, '2020-03-10', 'Bob')",
        "INSERT INTO orders VALUES (6, 8, 1, '2021-12-31', 'Dan'), (7, 8, 1, '2021-12-31', 'Dan'), "
        "(8, 10, 2, '2022-06-01', NULL), (9, 6, 4, '2019-07-04', 'Ann'), (10, 3, 0, '2020-01-15', '')",
        "CREATE TABLE customers (name TEXT, city TEXT, email TEXT, vip INTEGER)",
        "INSERT INTO customers VALUES ('Ann', 'Paris', 'ann@x.org', 1)",
        "INSERT INTO customers VALUES ('Bob', 'Berlin', NULL, 0)",
        "INSERT INTO customers VALUES ('Chloé', 'Paris', '', 1)",
        "INSERT INTO customers VALUES ('Dan', NULL, 'dan@x.org', NULL)",
        "INSERT INTO customers VALUES ('Éva', 'Zürich', 'eva@x.org', 0)",
        "INSERT INTO customers VALUES ('北京', '東京', 'bj@x.org', 1)",
        "INSERT INTO customers VALUES ('', 'Berlin', '', 0)",
    ],
    "school": [
        "CREATE TABLE students (id INTEGER PRIMARY KEY, name TEXT, grade INTEGER, score REAL, club TEXT, age INTEGER)",
        "INSERT INTO students VALUES (1, 'Ann', 9, 88.5, 'chess', 14)",
        "INSERT INTO students VALUES (2, 'Ben', 9, 92.0, 'chess', 15)",
        "INSERT INTO students VALUES (3, 'Cal', 10, 92.0, NULL, 15)",
        "INSERT INTO students VALUES (4, 'Dee', 10, 75.0, 'drama', 16)",
        "INSERT INTO students VALUES (5, 'Eli', 11, NULL, 'drama', 16)",
        "INSERT INTO students VALUES (6, 'Fay', 11, 92.0, 'chess', 17)",
        "INSERT INTO students VALUES (7, 'Gus', 12, 60.0, NULL, 17)",
        "INSERT INTO students VALUES (8, 'Hal', 12, 75.0, 'robotics', 18)",
        "CREATE TABLE clubs (name TEXT, advisor TEXT, distinct_count INTEGER, budget INTEGER)",
        "INSERT INTO clubs VALUES ('chess', 'Mr. Distinct', 3, 100)",
        "INSERT INTO clubs VALUES ('drama', 'Ms. Order By', 2, NULL)",
        "INSERT INTO clubs VALUES ('robotics', NULL, 1, 250)",
        "INSERT INTO clubs VALUES ('poetry', 'Mr. Value', 0, 0)",
        "CREATE TABLE pets (owner_id INTEGER, species TEXT, weight REAL)",
        "INSERT INTO pets VALUES (1, 'cat', 4.0), (1, 'dog', 10.0), (2, 'cat', 3.5), (4, 'fish', 0.1), "
        "(4, 'fish', 0.2), (NULL, 'cat', 5.0)",
    ],
    "types": [
        # i INTEGER affinity ('7' text is stored as integer 7), r REAL affinity (2 stored as 2.0), t TEXT affinity
        # (numbers stored as text), m no declared type (BLOB affinity: keeps whatever type it was given)
        "CREATE TABLE nums (id INTEGER, i INTEGER, r REAL, t TEXT, m)",
        "INSERT INTO nums VALUES (1, 2, 2, '2', 2)",
        "INSERT INTO nums VALUES (2, 5, 5.5, '5', '5')",
        "INSERT INTO nums VALUES (3, 10, 10.0, '10', 10.0)",
        "INSERT INTO nums VALUES (4, NULL, NULL, NULL, NULL)",
        "INSERT INTO nums VALUES (5, 0, 0.1, '0.1', 'abc')",
        "INSERT INTO nums VALUES (6, 3, 0.2, '', '')",
        "INSERT INTO nums VALUES (7, '7', 7, '07', 7)",
        "CREATE TABLE pairs (a INTEGER, b INTEGER, c INTEGER)",
        "INSERT INTO pairs VALUES (1, 1, 2), (1, 2, 1), (2, 1, 1), (2, 2, 2), (1, 1, 1)",
        "CREATE TABLE trip (x INTEGER, y INTEGER, z INTEGER)",
        "INSERT INTO trip VALUES (1, 2, 2), (2, 1, 2), (3, 3, 1)",
        'CREATE TABLE kw ("distinct" INTEGER, "order" TEXT, "value" INTEGER)',
        "INSERT INTO kw VALUES (2, 'b', 1), (1, 'a', 1), (3, 'c', 2)",
    ],
    "wide": [
        "CREATE TABLE w6 (c1 INTEGER, c2 INTEGER, c3 INTEGER, c4 INTEGER, c5 INTEGER, c6 INTEGER)",
        "INSERT INTO w6 VALUES (1, 2, 3, 1, 2, 3), (1, 1, 1, 2, 2, 2), (3, 2, 1, 3, 2, 1), (2, 2, 2, 2, 2, 2)",
        "CREATE TABLE w5 (a TEXT, b TEXT, c INTEGER, d REAL, e TEXT)",
        "INSERT INTO w5 VALUES ('x', 'y', 1, 1.0, 'x'), ('y', 'x', 1, 2.0, 'y'), ('x', 'x', 2, 1.0, 'z'), "
        "('z', 'y', 2, 2.0, 'x'), ('x', 'y', 1, 1.0, 'x')",
    ],
    "events": [
        "CREATE TABLE log (id INTEGER PRIMARY KEY, ts TEXT, kind TEXT, amount INTEGER, note TEXT)",
        "INSERT INTO log VALUES (1, '2020-01-01 10:00:00', 'login', NULL, 'ok')",
        "INSERT INTO log VALUES (2, '2020-01-01 12:30:00', 'buy', 30, 'value pack')",
        "INSERT INTO log VALUES (3, '2020-02-15 08:00:00', 'buy', 20, NULL)",
        "INSERT INTO log VALUES (4, '2021-03-01 00:00:00', 'login', NULL, '')",
        "INSERT INTO log VALUES (5, '2021-03-01 23:59:59', 'refund', -20, 'distinct case')",
        "INSERT INTO log VALUES (6, '2019-12-31 23:59:59', 'buy', 30, 'Ünïcödé')",
        "INSERT INTO log VALUES (7, '2020-12-31 18:00:00', 'buy', 10, 'order by me')",
        "INSERT INTO log VALUES (8, NULL, 'login', NULL, NULL)",
    ],
}

# ---------------------------------------------------------------------------------------------------------------
# Cases: (id, db, gold, pred.txt line, note). Written by hand.
# ---------------------------------------------------------------------------------------------------------------
CASES = []


def C(cid, db, gold, line, note):
    CASES.append({"id": cid, "db": db, "gold": gold, "line": line, "note": note})


T = "\t"
LONG_INTS = ", ".join(str(i) for i in range(1, 501))
LONG_STRS = ", ".join("'item%d'" % i for i in range(1, 401))
LONG_NOTIN = ", ".join(str(i) for i in range(100, 400)) + ", NULL"

# --- DISTINCT ---------------------------------------------------------------------------------------------------
C("dist-gold-only", "shop", "SELECT DISTINCT category FROM products", "SELECT category FROM products",
  "DISTINCT in gold only: official strips it from both, so the bags match; BIRD compares sets")
C("dist-pred-only", "shop", "SELECT category FROM products", "SELECT DISTINCT category FROM products",
  "DISTINCT in prediction only, duplicates in gold")
C("dist-both", "shop", "SELECT DISTINCT category FROM products", "SELECT DISTINCT category FROM products",
  "DISTINCT in both")
C("dist-count-vs-count", "shop", "SELECT count(DISTINCT category) FROM products",
  "SELECT count(category) FROM products", "COUNT(DISTINCT x) vs COUNT(x): official removes DISTINCT inside COUNT")
C("dist-count-both", "shop", "SELECT count(DISTINCT name) FROM products",
  "SELECT count(DISTINCT name) FROM products", "COUNT(DISTINCT) in both")
C("dist-count-subq-name", "shop", "SELECT count(DISTINCT name) FROM products",
  "SELECT count(*) FROM (SELECT DISTINCT name FROM products)", "COUNT(DISTINCT name) vs count of a DISTINCT subquery")
C("dist-count-subq-null", "shop", "SELECT count(DISTINCT category) FROM products",
  "SELECT count(*) FROM (SELECT DISTINCT category FROM products)",
  "COUNT(DISTINCT col) skips NULL, count(*) over a DISTINCT subquery counts it")
C("dist-count-notnull", "shop", "SELECT count(DISTINCT customer) FROM orders",
  "SELECT count(DISTINCT customer) FROM orders WHERE customer IS NOT NULL", "COUNT(DISTINCT) with a redundant IS NOT NULL")
C("dist-vs-groupby-ordered", "shop", "SELECT DISTINCT customer FROM orders ORDER BY customer",
  "SELECT customer FROM orders GROUP BY customer ORDER BY customer",
  "gold DISTINCT (stripped: gold keeps duplicates) vs GROUP BY")
C("groupby-vs-dist", "shop", "SELECT customer FROM orders GROUP BY customer", "SELECT DISTINCT customer FROM orders",
  "gold GROUP BY vs prediction DISTINCT (stripped: prediction keeps duplicates)")
C("dist-literal-mixed", "school", "SELECT name FROM clubs WHERE advisor = 'Mr. Distinct'",
  "SELECT name FROM clubs WHERE advisor = 'Mr. Distinct'", "'Distinct' inside a string literal")
C("dist-literal-words", "events", "SELECT id FROM log WHERE note = 'distinct case'",
  "SELECT id FROM log WHERE note = 'distinct case'", "'distinct' as a word of a string literal")
C("dist-literal-exact", "shop", "SELECT 'distinct'", "SELECT 'distinct'",
  "string literal exactly 'distinct' (one sqlparse token with its quotes: kept)")
C("dist-dq-literal", "shop", "SELECT 'distinct'", 'SELECT "distinct"',
  "double-quoted \"distinct\" with no such column: SQLite reads it as a string")
C("dist-dq-ident", "types", 'SELECT "distinct" FROM kw', 'SELECT "distinct" FROM kw',
  "double-quoted identifier \"distinct\" (a real column)")
C("dist-backtick-ident", "types", 'SELECT "distinct" FROM kw', "SELECT `distinct` FROM kw",
  "backticked identifier `distinct`")
C("dist-bracket-ident", "types", 'SELECT "distinct" FROM kw', "SELECT [distinct] FROM kw",
  "bracketed identifier [distinct]")
C("dist-count-col", "school", "SELECT name, distinct_count FROM clubs", "SELECT name, distinct_count FROM clubs",
  "column named distinct_count (one Name token: kept)")
C("dist-count-col-dist", "school", "SELECT DISTINCT distinct_count FROM clubs", "SELECT distinct_count FROM clubs",
  "DISTINCT applied to the column distinct_count")
C("dist-count-col-sum", "school", "SELECT sum(distinct_count) FROM clubs",
  "SELECT sum(DISTINCT distinct_count) FROM clubs", "sum(DISTINCT distinct_count)")
C("isnotdistinct-pred", "shop", "SELECT name FROM products WHERE category IS NULL",
  "SELECT name FROM products WHERE category IS NOT DISTINCT FROM NULL",
  "IS NOT DISTINCT FROM in the prediction: official removes DISTINCT, leaving 'IS NOT  FROM'")
C("isdistinct-pred", "shop", "SELECT name FROM products WHERE category != 'fruit' OR category IS NULL",
  "SELECT name FROM products WHERE category IS DISTINCT FROM 'fruit'", "IS DISTINCT FROM in the prediction")
C("isnotdistinct-gold", "shop", "SELECT name FROM products WHERE category IS NOT DISTINCT FROM NULL",
  "SELECT name FROM products WHERE category IS NULL",
  "IS NOT DISTINCT FROM in the gold: stripped gold fails, official asserts")
C("dist-paren", "shop", "SELECT name FROM products", "SELECT DISTINCT(name) FROM products",
  "DISTINCT(name) with parentheses, duplicates in gold")
C("dist-lowercase", "school", "select distinct club from students", "select club from students",
  "lower-case distinct in gold")
C("dist-mixedcase", "school", "SELECT club FROM students GROUP BY club", "SELECT DiStInCt club FROM students",
  "mixed-case DiStInCt is stripped too, so the prediction keeps its duplicates")
C("dist-multicol-vs-groupby", "shop", "SELECT DISTINCT name, price FROM products WHERE category = 'fruit'",
  "SELECT name, price FROM products WHERE category = 'fruit' GROUP BY name, price",
  "DISTINCT over two columns vs GROUP BY")
C("dist-count-vs-groups", "school", "SELECT count(DISTINCT club) FROM students",
  "SELECT count(*) FROM (SELECT club FROM students GROUP BY club)", "count(DISTINCT) vs number of groups (NULL group)")
C("dist-like", "school", "SELECT DISTINCT name FROM clubs WHERE advisor LIKE '%Distinct%'",
  "SELECT name FROM clubs WHERE advisor LIKE '%Distinct%'", "DISTINCT plus 'Distinct' in a LIKE pattern")
C("dist-pred-ordered", "shop", "SELECT customer FROM orders ORDER BY customer",
  "SELECT DISTINCT customer FROM orders ORDER BY customer", "DISTINCT in prediction, gold ordered with duplicates")
C("dist-avg", "shop", "SELECT avg(DISTINCT price) FROM products", "SELECT avg(price) FROM products",
  "avg(DISTINCT) vs avg")
C("dist-sum", "shop", "SELECT sum(DISTINCT qty) FROM orders", "SELECT sum(qty) FROM orders", "sum(DISTINCT) vs sum")
C("dist-dq-alias", "shop", "SELECT count(*) FROM products", 'SELECT count(*) AS "distinct" FROM products',
  "alias \"distinct\" in double quotes")
C("dist-alias-distinct-count", "school", "SELECT count(club) FROM students",
  "SELECT count(DISTINCT club) AS distinct_count FROM students", "count(DISTINCT) aliased distinct_count vs count")
C("dist-group-concat", "school", "SELECT group_concat(DISTINCT club) FROM students WHERE grade = 9",
  "SELECT group_concat(club) FROM students WHERE grade = 9", "group_concat(DISTINCT) vs group_concat")
C("dist-union-inner", "shop", "SELECT DISTINCT customer FROM orders WHERE qty > 1",
  "SELECT customer FROM orders WHERE qty > 1 UNION SELECT customer FROM orders WHERE qty > 1",
  "DISTINCT gold vs UNION-deduplicated prediction")

# --- ORDER BY ---------------------------------------------------------------------------------------------------
C("ord-gold-vs-none", "school", "SELECT name FROM students ORDER BY id DESC", "SELECT name FROM students",
  "gold ORDER BY: order compared; prediction in table order")
C("ord-two-spaces", "school", "SELECT name FROM students ORDER  BY id DESC", "SELECT name FROM students",
  "gold 'ORDER  BY' (two spaces): the substring 'order by' is absent, order not compared")
C("ord-asc-vs-desc", "school", "SELECT name FROM students ORDER BY id DESC",
  "SELECT name FROM students ORDER BY id ASC", "same rows, reversed order")
C("ord-pred-only", "school", "SELECT name FROM students", "SELECT name FROM students ORDER BY name DESC",
  "ORDER BY in prediction only: not compared")
C("ord-literal", "school", "SELECT name FROM clubs WHERE advisor != 'Ms. Order By'",
  "SELECT name FROM clubs WHERE advisor != 'Ms. Order By' ORDER BY name DESC",
  "'Order By' only inside a gold string literal still turns order comparison on")
C("ord-lowercase", "school", "select name from students order by id desc",
  "SELECT name FROM students ORDER BY id DESC", "lower-case order by in gold")
C("ord-nulls-last", "school", "SELECT name FROM students ORDER BY score, id",
  "SELECT name FROM students ORDER BY score NULLS LAST, id", "SQLite sorts NULL first ascending; NULLS LAST moves it")
C("ord-desc-nulls-last", "school", "SELECT name FROM students ORDER BY score DESC, id",
  "SELECT name FROM students ORDER BY score DESC NULLS LAST, id", "descending already puts NULL last")
C("ord-negated", "school", "SELECT name FROM students ORDER BY score DESC, id",
  "SELECT name FROM students ORDER BY -score, id", "ORDER BY -score puts the NULL first, DESC puts it last")
C("ord-permuted-cols", "school", "SELECT name, score FROM students ORDER BY score DESC, id",
  "SELECT score, name FROM students ORDER BY score DESC, id", "ordered result, columns swapped")
C("ord-null-first-dups", "school", "SELECT club FROM students ORDER BY club",
  "SELECT club FROM students ORDER BY club DESC", "NULLs and duplicates, order reversed")
C("ord-null-moved", "school", "SELECT club FROM students ORDER BY club",
  "SELECT club FROM students ORDER BY club IS NULL, club", "NULLs moved last")
C("ord-in-subquery", "school", "SELECT name FROM (SELECT name, id FROM students ORDER BY id DESC LIMIT 3)",
  "SELECT name FROM students WHERE id >= 6", "ORDER BY only in a gold subquery still turns order comparison on")
C("tie-limit-value", "school", "SELECT score FROM students ORDER BY score DESC LIMIT 1",
  "SELECT max(score) FROM students", "tie at LIMIT 1, only the tied value selected")
C("tie-limit-vs-all-ties", "school", "SELECT name FROM students ORDER BY score DESC LIMIT 1",
  "SELECT name FROM students WHERE score = (SELECT max(score) FROM students)",
  "three students tie for the max: LIMIT 1 vs all of them")
C("tie-limit-other-tiebreak", "school", "SELECT name FROM students ORDER BY score DESC, id LIMIT 1",
  "SELECT name FROM students ORDER BY score DESC, id DESC LIMIT 1", "tie broken the other way")
C("tie-limit-same", "school", "SELECT name FROM students ORDER BY score DESC LIMIT 1",
  "SELECT name FROM students ORDER BY score DESC LIMIT 1", "tie at LIMIT, identical queries")
C("tie-limit3-all", "school", "SELECT name FROM students ORDER BY score DESC, id LIMIT 3",
  "SELECT name FROM students WHERE score = 92.0", "LIMIT 3 takes exactly the three tied rows, in id order")
C("tie-limit3-reverse", "school", "SELECT name FROM students ORDER BY score DESC, id LIMIT 3",
  "SELECT name FROM students WHERE score = 92.0 ORDER BY id DESC", "same three tied rows, reversed")
C("tie-limit2-bag", "school", "SELECT name FROM students ORDER  BY score DESC, id LIMIT 2",
  "SELECT name FROM students ORDER BY score DESC, id DESC LIMIT 2",
  "two-space ORDER BY gold, LIMIT cuts inside a tie: different rows")
C("limit-offset-comma", "school", "SELECT name FROM students ORDER BY id LIMIT 2 OFFSET 1",
  "SELECT name FROM students ORDER BY id LIMIT 1, 2", "LIMIT offset, count is SQLite's other spelling")
C("limit-offset-swapped", "school", "SELECT name FROM students ORDER BY id LIMIT 2 OFFSET 1",
  "SELECT name FROM students ORDER BY id LIMIT 2, 1", "LIMIT 2, 1 means offset 2")
C("limit-missing", "school", "SELECT name FROM students ORDER BY id LIMIT 3",
  "SELECT name FROM students ORDER BY id", "prediction forgets LIMIT")
C("limit-extra", "school", "SELECT name FROM students ORDER BY id", "SELECT name FROM students ORDER BY id LIMIT 3",
  "prediction adds LIMIT")
C("ord-dups-vs-groupby", "school", "SELECT grade FROM students ORDER BY grade",
  "SELECT grade FROM students GROUP BY grade ORDER BY grade", "ordered with duplicates vs grouped")
C("limit-minus-one", "school", "SELECT name FROM students ORDER BY id LIMIT -1 OFFSET 2",
  "SELECT name FROM students ORDER BY id LIMIT 100 OFFSET 2", "LIMIT -1 means no limit")
C("ord-trailing-semicolon", "school", "SELECT name FROM students ORDER BY id DESC",
  "SELECT name FROM students ORDER BY id DESC;", "ordered, prediction with trailing semicolon")
C("ord-comment-between", "school", "SELECT name FROM students ORDER /* x */ BY id DESC",
  "SELECT name FROM students", "gold 'ORDER /* x */ BY': no substring 'order by', order not compared")
C("ord-by-position", "school", "SELECT name FROM students ORDER BY id DESC",
  "SELECT name FROM students ORDER BY 1 DESC", "different sort key giving the same order")
C("ord-offset-only-pred", "school", "SELECT name FROM students WHERE id > 6",
  "SELECT name FROM students ORDER BY id LIMIT 10 OFFSET 6", "OFFSET in prediction, unordered gold")
C("ord-multi-key", "shop", "SELECT name, price FROM products ORDER BY price DESC, name",
  "SELECT name, price FROM products ORDER BY price DESC, name DESC",
  "ties on price broken differently (Widget/Gadget, Cherry/Mango, Apple dup)")
C("ord-limit-with-null", "shop", "SELECT name FROM products ORDER BY price LIMIT 1",
  "SELECT name FROM products WHERE price = (SELECT min(price) FROM products)",
  "NULL price sorts first, min() skips it")
C("ord-text-numbers", "types", "SELECT t FROM nums WHERE t != '' ORDER BY t",
  "SELECT t FROM nums WHERE t != '' ORDER BY CAST(t AS REAL)", "numbers stored as text sort as text")
C("ord-int-column", "types", "SELECT i FROM nums WHERE i IS NOT NULL ORDER BY i",
  "SELECT i FROM nums WHERE i IS NOT NULL ORDER BY t", "integer column ordered by its text twin")

# --- NULLs and empty strings ------------------------------------------------------------------------------------
C("null-vs-empty", "shop", "SELECT name FROM products WHERE category IS NULL",
  "SELECT name FROM products WHERE category = ''", "NULL category vs empty-string category")
C("null-eq-null", "shop", "SELECT name FROM products WHERE category IS NULL",
  "SELECT name FROM products WHERE category = NULL", "= NULL is never true")
C("null-count-col", "shop", "SELECT count(category) FROM products", "SELECT count(*) FROM products",
  "count(col) skips NULL")
C("null-count-nonempty", "shop", "SELECT count(*) FROM products WHERE category IS NOT NULL AND category != ''",
  "SELECT count(category) FROM products WHERE category != ''", "NULL and '' both excluded")
C("null-not-in", "shop", "SELECT name FROM products WHERE id NOT IN (SELECT product_id FROM orders)",
  "SELECT name FROM products WHERE id NOT IN (SELECT product_id FROM orders WHERE product_id IS NOT NULL)",
  "NOT IN over a list holding NULL is empty")
C("null-not-in-empty-cols", "shop", "SELECT name FROM products WHERE id NOT IN (SELECT product_id FROM orders)",
  "SELECT name, price FROM products WHERE 0", "both empty (NOT IN with NULL), different column counts")
C("null-not-exists", "shop",
  "SELECT name FROM products WHERE NOT EXISTS (SELECT 1 FROM orders WHERE orders.product_id = products.id)",
  "SELECT name FROM products WHERE id NOT IN (SELECT product_id FROM orders WHERE product_id IS NOT NULL)",
  "NOT EXISTS vs NOT IN without NULLs")
C("null-compare-not", "shop", "SELECT name FROM products WHERE price > 2", "SELECT name FROM products WHERE NOT price <= 2",
  "NULL price fails both comparisons")
C("null-compare-or-null", "shop", "SELECT name FROM products WHERE price > 2",
  "SELECT name FROM products WHERE price > 2 OR price IS NULL", "prediction lets the NULL price in")
C("null-coalesce-email", "shop", "SELECT name FROM customers WHERE email IS NULL OR email = ''",
  "SELECT name FROM customers WHERE coalesce(email, '') = ''", "coalesce folds NULL into ''")
C("empty-length", "shop", "SELECT name FROM customers WHERE email = ''",
  "SELECT name FROM customers WHERE length(email) = 0", "length(NULL) is NULL")
C("null-coalesced-output", "shop", "SELECT city FROM customers", "SELECT coalesce(city, '') FROM customers",
  "NULL output vs '' output")
C("null-max-vs-order", "shop", "SELECT max(stock) FROM products",
  "SELECT stock FROM products ORDER BY stock DESC LIMIT 1", "max vs ORDER BY DESC LIMIT 1 (NULL last)")
C("null-min-vs-order", "shop", "SELECT min(stock) FROM products", "SELECT stock FROM products ORDER BY stock LIMIT 1",
  "min skips NULL, ORDER BY ASC LIMIT 1 returns it")
C("null-avg-vs-sumcount", "school", "SELECT avg(score) FROM students", "SELECT sum(score) / count(*) FROM students",
  "avg skips NULL, count(*) does not")
C("null-avg-vs-sumcountcol", "school", "SELECT avg(score) FROM students",
  "SELECT sum(score) / count(score) FROM students", "sum/count(col) equals avg")
C("null-is-not", "school", "SELECT name FROM students WHERE club IS NULL",
  "SELECT name FROM students WHERE club IS NOT 'chess' AND club IS NOT 'drama' AND club IS NOT 'robotics'",
  "IS NOT keeps NULL rows")
C("null-group", "school", "SELECT club, count(*) FROM students GROUP BY club",
  "SELECT club, count(*) FROM students WHERE club IS NOT NULL GROUP BY club", "NULL group dropped")
C("null-group-countcol", "school", "SELECT club, count(*) FROM students GROUP BY club",
  "SELECT club, count(club) FROM students GROUP BY club", "count(club) is 0 in the NULL group")
C("null-vs-emptystr-literal", "shop", "SELECT NULL", "SELECT ''", "NULL vs ''")
C("null-vs-null", "shop", "SELECT NULL", "SELECT NULL", "NULL vs NULL")
C("null-vs-string-none", "shop", "SELECT NULL", "SELECT 'None'", "NULL vs the string 'None' (str(None) in the sort key)")
C("emptystr-name", "shop", "SELECT name FROM customers WHERE name = ''",
  "SELECT name FROM customers WHERE name IS NULL", "'' name vs NULL name")
C("null-none-swap", "shop", "SELECT NULL, 'None'", "SELECT 'None', NULL", "NULL and 'None' in swapped columns")
C("null-count-ne-empty", "shop", "SELECT count(*) FROM orders WHERE customer != ''", "SELECT count(customer) FROM orders",
  "!= '' also drops NULL; count(col) keeps ''")
C("null-sum-empty", "shop", "SELECT sum(qty) FROM orders WHERE qty > 100", "SELECT 0",
  "sum over no rows is NULL, not 0")
C("null-total-empty", "shop", "SELECT total(qty) FROM orders WHERE qty > 100", "SELECT 0",
  "total over no rows is 0.0")
C("null-count-empty", "shop", "SELECT count(*) FROM orders WHERE qty > 100", "SELECT 0.0", "count 0 vs 0.0")
C("null-ifnull", "school", "SELECT ifnull(score, 0) FROM students WHERE id = 5", "SELECT 0",
  "ifnull replaces NULL with 0")
C("null-in-join-key", "school", "SELECT count(*) FROM pets p JOIN students s ON p.owner_id = s.id",
  "SELECT count(*) FROM pets", "NULL owner drops out of the join")
C("null-left-join", "school", "SELECT s.name, p.species FROM students s LEFT JOIN pets p ON s.id = p.owner_id",
  "SELECT s.name, p.species FROM students s JOIN pets p ON s.id = p.owner_id", "LEFT JOIN NULLs vs inner join")

# --- numbers and types ------------------------------------------------------------------------------------------
C("int-div", "types", "SELECT 7 / 2", "SELECT 7 / 2.0", "integer division vs real division")
C("int-vs-real-1", "types", "SELECT 1", "SELECT 1.0", "1 vs 1.0")
C("int-vs-text-1", "types", "SELECT 1", "SELECT '1'", "1 vs '1'")
C("real-vs-text-1", "types", "SELECT 1.0", "SELECT '1.0'", "1.0 vs '1.0'")
C("float-sum", "types", "SELECT 0.1 + 0.2", "SELECT 0.3", "0.1+0.2 is not 0.3 in binary floating point")
C("float-round", "types", "SELECT round(0.1 + 0.2, 2)", "SELECT 0.3", "rounded")
C("count-times-real", "shop", "SELECT count(*) FROM products", "SELECT count(*) * 1.0 FROM products",
  "11 vs 11.0")
C("cast-real-div", "shop", "SELECT CAST(count(*) AS REAL) / 2 FROM products", "SELECT count(*) / 2 FROM products",
  "5.5 vs integer 5")
C("int-col-vs-real-col", "types", "SELECT i FROM nums WHERE id = 1", "SELECT r FROM nums WHERE id = 1",
  "INTEGER column 2 vs REAL column 2.0 (inserted as 2)")
C("int-col-vs-text-col", "types", "SELECT i FROM nums WHERE id = 1", "SELECT t FROM nums WHERE id = 1",
  "INTEGER 2 vs TEXT '2'")
C("text-col-eq-int", "types", "SELECT id FROM nums WHERE i = 5", "SELECT id FROM nums WHERE t = 5",
  "TEXT column = 5: the literal gets TEXT affinity")
C("text-col-gt-int", "types", "SELECT id FROM nums WHERE i > 5", "SELECT id FROM nums WHERE t > 5",
  "TEXT column > 5 compares as text ('10' < '5')")
C("mixed-col-eq-text", "types", "SELECT id FROM nums WHERE m = '5'", "SELECT id FROM nums WHERE m = 5",
  "untyped column holding text '5': = 5 does not match")
C("mixed-col-eq-real", "types", "SELECT id FROM nums WHERE m = 10", "SELECT id FROM nums WHERE m = 10.0",
  "untyped column holding 10.0: = 10 and = 10.0 both match")
C("sum-vs-total", "types", "SELECT sum(i) FROM nums", "SELECT total(i) FROM nums", "integer sum vs real total")
C("sum-text-col", "types", "SELECT sum(CAST(t AS REAL)) FROM nums", "SELECT sum(t) FROM nums",
  "sum over numbers stored as text")
C("typeof-cols", "types", "SELECT typeof(m) FROM nums", "SELECT typeof(i) FROM nums", "typeof of mixed vs integer column")
C("typeof-mixed", "types", "SELECT id, typeof(m) FROM nums", "SELECT id, typeof(m) FROM nums",
  "typeof reports the stored types (integer, text, real, null)")
C("avg-vs-intdiv", "types", "SELECT avg(i) FROM nums", "SELECT sum(i) / count(i) FROM nums", "avg vs integer sum/count")
C("max-mixed", "types", "SELECT max(m) FROM nums", "SELECT max(t) FROM nums", "text sorts above numbers in max()")
C("order-int-vs-text-output", "types", "SELECT i FROM nums ORDER BY id", "SELECT t FROM nums ORDER BY id",
  "same numbers, as integers vs as text")
C("cast-text-to-int", "types", "SELECT CAST(t AS INTEGER) FROM nums WHERE id = 2", "SELECT i FROM nums WHERE id = 2",
  "CAST of '5' to INTEGER")
C("cast-literal", "types", "SELECT CAST('5' AS INTEGER)", "SELECT 5.0", "CAST('5' AS INTEGER) vs 5.0")
C("cast-vs-round", "shop", "SELECT CAST(price AS INTEGER) FROM products WHERE id = 7",
  "SELECT round(price) FROM products WHERE id = 7", "CAST truncates 9.99 to 9, round gives 10.0")
C("cast-int-vs-real", "shop", "SELECT CAST(price AS INTEGER) FROM products WHERE id = 1", "SELECT 1.0",
  "1 vs 1.0 after CAST")
C("sortkey-2-25", "types", "SELECT 2, 2.5", "SELECT 2.0, 2.5",
  "two columns: 2 vs 2.0 change the order the official row-unordering sort puts them in")
C("sortkey-2-25-rev", "types", "SELECT 2.0, 2.5", "SELECT 2, 2.5", "the same, other way round")
C("sortkey-10-9", "types", "SELECT 10, 9", "SELECT 10.0, 9", "10 vs 10.0 next to 9: the sort order is kept")
C("sortkey-1-15", "types", "SELECT 1, 1.5", "SELECT 1.0, 1.5", "1 vs 1.0 next to 1.5")
C("sortkey-table", "types", "SELECT i, r FROM nums WHERE id = 2", "SELECT CAST(i AS REAL), r FROM nums WHERE id = 2",
  "(5, 5.5) vs (5.0, 5.5) from a table")
C("sortkey-single-col", "types", "SELECT i FROM nums WHERE id IN (1, 2, 3)",
  "SELECT CAST(i AS REAL) FROM nums WHERE id IN (1, 2, 3)", "single column of ints vs reals")
C("int-vs-text-10", "types", "SELECT i FROM nums WHERE id = 3", "SELECT t FROM nums WHERE id = 3", "10 vs '10'")
C("affinity-int-from-text", "types", "SELECT i FROM nums WHERE id = 7", "SELECT 7",
  "'7' inserted into an INTEGER column is stored as integer 7")
C("affinity-real-from-int", "types", "SELECT r FROM nums WHERE id = 7", "SELECT 7",
  "7 inserted into a REAL column is stored as 7.0")
C("affinity-text-leading-zero", "types", "SELECT t FROM nums WHERE id = 7", "SELECT '7'", "TEXT '07' vs '7'")
C("text-eq-int-col", "types", "SELECT count(*) FROM nums WHERE t = i",
  "SELECT count(*) FROM nums WHERE t = CAST(i AS TEXT)", "TEXT column = INTEGER column compares numerically")
C("text-literal-eq-int", "types", "SELECT '1' = 1", "SELECT 0", "'1' = 1 is false between literals")
C("bool-vs-text", "types", "SELECT 1 > 0", "SELECT 'true'", "comparison result 1 vs 'true'")
C("big-int-vs-float", "types", "SELECT 9007199254740993", "SELECT 9007199254740993.0",
  "2^53+1 vs its nearest double")
C("exp-literal", "types", "SELECT 1e3", "SELECT 1000", "1e3 (real) vs 1000")
C("div-zero", "types", "SELECT NULL", "SELECT 1 / 0", "division by zero is NULL in SQLite")
C("modulo", "types", "SELECT 5 % 3", "SELECT 2", "modulo")
C("abs-real", "types", "SELECT abs(-3)", "SELECT 3.0", "abs integer vs 3.0")
C("order-mixed", "types", "SELECT m FROM nums ORDER BY m", "SELECT m FROM nums ORDER BY CAST(m AS TEXT)",
  "mixed column: NULL, numbers, then text; ordered as text differs")
C("neg-zero", "types", "SELECT -0.0", "SELECT 0", "-0.0 vs 0")
C("float-times", "types", "SELECT 0.1 * 3", "SELECT 0.3", "0.1*3 vs 0.3")
C("float-third", "types", "SELECT 1 / 3.0", "SELECT 0.333333333333333", "1/3.0 vs 15 digits")
C("float-third-round", "types", "SELECT round(1 / 3.0, 4)", "SELECT 0.3333", "rounded to 4 places")
C("avg-vs-cast", "shop", "SELECT avg(stock) FROM products",
  "SELECT CAST(sum(stock) AS REAL) / count(stock) FROM products", "avg vs explicit real division")
C("hex-literal", "types", "SELECT 0x10", "SELECT 16", "hex literal")
C("fish-float-sum", "school", "SELECT sum(weight) FROM pets WHERE species = 'fish'", "SELECT 0.3",
  "0.1 + 0.2 stored in a table")
C("blob-vs-text", "types", "SELECT X'41'", "SELECT 'A'", "blob vs text")
C("round-int", "types", "SELECT round(2.5)", "SELECT 3", "round returns a real 3.0")
C("int-real-mult", "types", "SELECT 2 * 3", "SELECT 2.0 * 3", "6 vs 6.0")
C("text-number-like", "types", "SELECT id FROM nums WHERE t LIKE '1%'", "SELECT id FROM nums WHERE i LIKE '1%'",
  "LIKE on an integer column uses its text form")
C("numeric-string-compare", "types", "SELECT '10' > '9'", "SELECT 10 > 9", "text comparison vs numeric comparison")
C("mixed-m-count", "types", "SELECT count(m) FROM nums", "SELECT count(*) FROM nums WHERE m != ''",
  "count(m) counts '' but not NULL")
C("invalid-utf8", "types", "SELECT CAST(X'C328' AS TEXT)", "SELECT '('",
  "invalid UTF-8 text: official's text_factory decodes with errors='ignore' (gives '('), BIRD's default decoding raises; sqlite-jdbc returns U+FFFD followed by '('")

# --- GROUP BY -------------------------------------------------------------------------------------------------------
C("bare-max", "shop", "SELECT name, max(stock) FROM products",
  "SELECT name, stock FROM products ORDER BY stock DESC LIMIT 1", "bare column beside max() comes from the max row")
C("bare-min-null", "school", "SELECT name, min(score) FROM students",
  "SELECT name, score FROM students ORDER BY score LIMIT 1", "min skips NULL; ORDER BY puts NULL first")
C("group-count-col", "shop", "SELECT category, count(*) FROM products GROUP BY category",
  "SELECT category, count(name) FROM products GROUP BY category", "count(*) vs count(non-null column)")
C("bare-uniform", "school", "SELECT grade, club FROM students WHERE club = 'chess' GROUP BY grade",
  "SELECT grade, 'chess' FROM students WHERE club = 'chess' GROUP BY grade", "bare column constant within groups")
C("group-cols-swapped", "shop", "SELECT category, count(*) FROM products GROUP BY category",
  "SELECT count(*), category FROM products GROUP BY category", "grouped result, columns swapped")
C("group-avg-null", "school", "SELECT grade, avg(score) FROM students GROUP BY grade",
  "SELECT grade, sum(score) / count(*) FROM students GROUP BY grade", "avg vs sum/count(*) with a NULL in a group")
C("having-null-group", "school", "SELECT club FROM students GROUP BY club HAVING count(*) >= 2",
  "SELECT club FROM students WHERE club IS NOT NULL GROUP BY club HAVING count(*) >= 2", "HAVING keeps the NULL group")
C("group-sum-total", "shop", "SELECT customer, sum(qty) FROM orders GROUP BY customer",
  "SELECT customer, total(qty) FROM orders GROUP BY customer", "sum vs total per group")
C("bare-arbitrary-same", "shop", "SELECT category, name FROM products GROUP BY category",
  "SELECT category, name FROM products GROUP BY category", "arbitrary bare column, identical queries")
C("groups-vs-count-distinct", "shop", "SELECT count(*) FROM (SELECT category FROM products GROUP BY category)",
  "SELECT count(DISTINCT category) FROM products", "number of groups (NULL included) vs count(DISTINCT)")
C("group-by-vs-none", "shop", "SELECT category FROM products GROUP BY category", "SELECT category FROM products",
  "GROUP BY dedups; prediction has duplicates")
C("group-order-count", "events", "SELECT kind FROM log GROUP BY kind ORDER BY count(*) DESC LIMIT 1",
  "SELECT kind FROM log WHERE kind = 'buy'", "most frequent kind: one row vs the same value on four rows")
C("group-having-sum", "shop", "SELECT customer FROM orders GROUP BY customer HAVING sum(qty) > 3",
  "SELECT customer FROM orders WHERE qty > 3", "HAVING on the sum vs WHERE on the row")

# --- set operations -------------------------------------------------------------------------------------------------
C("intersect-vs-and", "school",
  "SELECT name FROM students WHERE club = 'chess' INTERSECT SELECT name FROM students WHERE grade = 9",
  "SELECT name FROM students WHERE club = 'chess' AND grade = 9", "INTERSECT vs AND, no duplicates")
C("intersect-dups", "school",
  "SELECT club FROM students WHERE grade = 9 INTERSECT SELECT club FROM students WHERE grade = 11",
  "SELECT club FROM students WHERE grade = 9 AND club IN (SELECT club FROM students WHERE grade = 11)",
  "INTERSECT dedups, IN keeps duplicates")
C("except-vs-ne-null", "shop",
  "SELECT name FROM products EXCEPT SELECT name FROM products WHERE category = 'fruit'",
  "SELECT name FROM products WHERE category != 'fruit'", "EXCEPT keeps the NULL-category row, != drops it")
C("except-vs-isnot", "shop",
  "SELECT name FROM products EXCEPT SELECT name FROM products WHERE category = 'fruit'",
  "SELECT name FROM products WHERE category IS NOT 'fruit'", "EXCEPT vs IS NOT")
C("union-vs-unionall", "shop",
  "SELECT customer FROM orders WHERE qty > 1 UNION SELECT customer FROM orders WHERE qty <= 1",
  "SELECT customer FROM orders WHERE qty > 1 UNION ALL SELECT customer FROM orders WHERE qty <= 1",
  "UNION gold, UNION ALL prediction")
C("unionall-vs-union", "shop",
  "SELECT customer FROM orders WHERE qty > 1 UNION ALL SELECT customer FROM orders WHERE qty <= 1",
  "SELECT customer FROM orders WHERE qty > 1 UNION SELECT customer FROM orders WHERE qty <= 1",
  "UNION ALL gold, UNION prediction")
C("union-literal", "shop", "SELECT city FROM customers UNION SELECT 'Paris'", "SELECT city FROM customers",
  "UNION dedups the gold; prediction keeps duplicates")
C("union-ordered", "school",
  "SELECT name FROM students WHERE grade = 9 UNION SELECT name FROM students WHERE grade = 12 ORDER BY name DESC",
  "SELECT name FROM students WHERE grade IN (9, 12) ORDER BY name DESC", "ordered UNION vs IN")
C("except-null", "school", "SELECT club FROM students EXCEPT SELECT name FROM clubs",
  "SELECT club FROM students WHERE club NOT IN (SELECT name FROM clubs)", "EXCEPT returns NULL, NOT IN does not")
C("union-int-real", "types", "SELECT 1 UNION SELECT 1.0", "SELECT 1", "UNION treats 1 and 1.0 as equal")
C("union-error", "school", "SELECT name FROM students INTERSECT SELECT name FROM clubs",
  "SELECT name FROM students INTERSECT SELECT name, advisor FROM clubs", "set operation with mismatched columns errors")
C("intersect-empty", "school", "SELECT name FROM students INTERSECT SELECT name FROM clubs",
  "SELECT name, club FROM students WHERE 0", "empty INTERSECT vs empty two-column result")
C("unionall-2col", "school", "SELECT name, grade FROM students WHERE grade = 9 UNION ALL SELECT name, grade FROM students WHERE grade = 9",
  "SELECT grade, name FROM students WHERE grade = 9 UNION ALL SELECT grade, name FROM students WHERE grade = 9",
  "duplicated rows with swapped columns")
C("except-order", "school", "SELECT name FROM students EXCEPT SELECT name FROM students WHERE grade > 10 ORDER BY name",
  "SELECT name FROM students WHERE grade <= 10 ORDER BY name DESC", "ordered EXCEPT vs reversed order")

# --- empty results --------------------------------------------------------------------------------------------------
C("empty-diff-cols", "shop", "SELECT name FROM products WHERE price > 100",
  "SELECT name, price, stock FROM products WHERE price > 100", "both empty, 1 vs 3 columns")
C("empty-gold-only", "shop", "SELECT name FROM products WHERE price > 100", "SELECT name FROM products WHERE price > 9",
  "gold empty, prediction not")
C("empty-pred-only", "shop", "SELECT name FROM products WHERE price > 9", "SELECT name FROM products WHERE price > 100",
  "prediction empty, gold not")
C("empty-vs-count0", "shop", "SELECT name FROM products WHERE price > 100",
  "SELECT count(*) FROM products WHERE price > 100", "empty vs one row holding 0")
C("empty-vs-comment", "shop", "SELECT name FROM products WHERE price > 100", "-- nothing to see",
  "gold empty, comment-only prediction (runs, returns nothing)")
C("empty-vs-semicolon", "shop", "SELECT name FROM products WHERE price > 100", ";",
  "gold empty, prediction ';'")
C("empty-star", "shop", "SELECT name FROM products WHERE price > 100", "SELECT * FROM orders WHERE 1 = 0",
  "gold empty, SELECT * empty")
C("empty-vs-emptyline", "school", "SELECT * FROM students WHERE id > 100", "",
  "gold empty, empty prediction line: sqlparse.parse('') has no statement")
C("empty-vs-blankline", "school", "SELECT * FROM students WHERE id > 100", "   ",
  "gold empty, blank prediction line")
C("empty-ordered", "school", "SELECT name FROM students WHERE id > 100 ORDER BY name",
  "SELECT id, name FROM students WHERE id < 0", "ordered empty gold vs empty 2-column prediction")
C("empty-vs-null-row", "shop", "SELECT name FROM products WHERE price > 100", "SELECT max(price) FROM products WHERE price > 100",
  "empty vs one NULL row")

# --- column permutations --------------------------------------------------------------------------------------------
C("perm2", "shop", "SELECT name, price FROM products", "SELECT price, name FROM products", "2 columns swapped")
C("perm3-symmetric", "types", "SELECT a, b, c FROM pairs", "SELECT b, a, c FROM pairs",
  "3 columns swapped on symmetric data: the row sets coincide")
C("perm3-reversed", "types", "SELECT a, b, c FROM pairs", "SELECT c, b, a FROM pairs", "3 columns reversed, symmetric data")
C("perm3-dup-col", "types", "SELECT a, b, c FROM pairs", "SELECT a, a, c FROM pairs", "a column repeated")
C("perm3-rotate", "types", "SELECT x, y, z FROM trip", "SELECT z, x, y FROM trip", "3 columns rotated, asymmetric data")
C("perm3-ordered", "types", "SELECT x, y, z FROM trip ORDER BY x", "SELECT y, z, x FROM trip ORDER BY x",
  "rotated columns, ordered")
C("perm3-ordered-wrong", "types", "SELECT x, y, z FROM trip ORDER BY x", "SELECT y, z, x FROM trip ORDER BY y",
  "rotated columns ordered by another column: the mapping x<-y, y<-x, z<-z happens to fit the rows in that order")
C("perm-rowwise-fail", "types", "SELECT 1, 2 UNION ALL SELECT 3, 4", "SELECT 1, 2 UNION ALL SELECT 4, 3",
  "each row matches some permutation, no single permutation fits all")
C("perm-rowwise-ok", "types", "SELECT 1, 2 UNION ALL SELECT 2, 1", "SELECT 2, 1 UNION ALL SELECT 1, 2",
  "rows swapped")
C("perm5-reversed", "wide", "SELECT a, b, c, d, e FROM w5", "SELECT e, d, c, b, a FROM w5", "5 columns reversed")
C("perm5-swap-be", "wide", "SELECT a, b, c, d, e FROM w5", "SELECT a, e, c, d, b FROM w5",
  "5 columns, b and e swapped (both hold x/y)")
C("perm5-swap-cd", "wide", "SELECT a, b, c, d, e FROM w5", "SELECT a, b, d, c, e FROM w5",
  "5 columns, int column c and real column d (same values 1/2) swapped")
C("perm6-halves", "wide", "SELECT * FROM w6", "SELECT c4, c5, c6, c1, c2, c3 FROM w6", "6 columns, halves swapped")
C("perm6-dup-col", "wide", "SELECT * FROM w6", "SELECT c1, c2, c3, c4, c5, c1 FROM w6", "6 columns, one repeated")
C("perm6-mirror", "wide", "SELECT * FROM w6", "SELECT c3, c2, c1, c6, c5, c4 FROM w6",
  "6 columns mirrored: rows map onto other rows, so even the row sets coincide")
C("perm6-ordered", "wide", "SELECT * FROM w6 ORDER BY c1, c2", "SELECT c4, c5, c6, c1, c2, c3 FROM w6 ORDER BY c1, c2",
  "6 columns permuted, ordered")
C("perm6-ordered-wrong", "wide", "SELECT * FROM w6 ORDER BY c1, c2", "SELECT c4, c5, c6, c1, c2, c3 FROM w6 ORDER BY c4, c5",
  "6 columns permuted, ordered by the wrong columns")
C("perm6-fewer-rows", "wide", "SELECT * FROM w6", "SELECT * FROM w6 WHERE c1 < 3", "6 columns, fewer rows")
C("perm2-dups", "wide", "SELECT c1, c4 FROM w6", "SELECT c4, c1 FROM w6", "2 columns swapped with repeated values")
C("perm2-same-col", "wide", "SELECT c1, c1 FROM w6", "SELECT c1, c4 FROM w6", "same column twice vs two columns")
C("perm7-products", "shop", "SELECT * FROM products WHERE id <= 3",
  "SELECT value, market_value, stock, price, category, name, id FROM products WHERE id <= 3",
  "7 columns reversed, with a NULL (the prediction names value and market_value)")
C("perm7-products-Value", "shop", "SELECT * FROM products WHERE id <= 3",
  "SELECT Value, Market_Value, stock, price, category, name, id FROM products WHERE id <= 3",
  "7 columns reversed, capitalised Value/Market_Value")
C("perm2-bag", "wide", "SELECT a, b FROM w5", "SELECT b, a FROM w5", "2 columns swapped, duplicate rows")
C("perm5-distinct", "wide", "SELECT a, b, c, d, e FROM w5", "SELECT DISTINCT a, b, c, d, e FROM w5",
  "5 columns, DISTINCT prediction over a duplicate row")
C("perm5-groupby", "wide", "SELECT a, b, c, d, e FROM w5 GROUP BY a, b, c, d, e", "SELECT a, b, c, d, e FROM w5",
  "5 columns, grouped gold vs duplicate row")
C("perm6-multiset", "wide", "SELECT * FROM w6 UNION ALL SELECT * FROM w6 WHERE c1 = 1",
  "SELECT * FROM w6 UNION ALL SELECT * FROM w6 WHERE c1 IN (2, 3)", "same length and row set, different multiset")
C("perm5-extra-col", "wide", "SELECT a, b, c, d FROM w5", "SELECT a, b, c, d, e FROM w5", "extra column")
C("perm5-missing-col", "wide", "SELECT a, b, c, d, e FROM w5", "SELECT a, b, c, d FROM w5", "missing column")
C("perm4-mixed", "wide", "SELECT c, d, a, b FROM w5", "SELECT a, b, c, d FROM w5", "4 columns, halves swapped")
C("perm3-ints-reals", "wide", "SELECT c, d, e FROM w5", "SELECT d, c, e FROM w5",
  "int column and real column with the same values swapped")

# --- the substring 'value' --------------------------------------------------------------------------------------
C("value-col-lucky", "shop", "SELECT value FROM products WHERE id = 4", "SELECT value FROM products WHERE id = 4",
  "column value replaced by 1 in the prediction; the gold's value happens to be 1")
C("value-col", "shop", "SELECT value FROM products WHERE id = 1", "SELECT value FROM products WHERE id = 1",
  "column value replaced by 1 in the prediction only (gold is 3)")
C("market-value-col", "shop", "SELECT market_value FROM products WHERE id = 1",
  "SELECT market_value FROM products WHERE id = 1", "market_value becomes market_1: no such column")
C("market-value-where", "shop", "SELECT name FROM products WHERE market_value > 20",
  "SELECT name FROM products WHERE market_value > 20", "market_value in WHERE")
C("value-literal", "events", "SELECT id FROM log WHERE note = 'value pack'", "SELECT id FROM log WHERE note = 'value pack'",
  "'value' inside a string literal becomes '1 pack'")
C("value-alias-suffix", "shop", "SELECT sum(qty) FROM orders", "SELECT sum(qty) AS total_value FROM orders",
  "alias total_value becomes total_1 (still valid)")
C("value-alias", "shop", "SELECT sum(qty) FROM orders", "SELECT sum(qty) AS value FROM orders",
  "alias value becomes AS 1: syntax error")
C("Value-capital", "shop", "SELECT Value FROM products WHERE id = 1", "SELECT Value FROM products WHERE id = 1",
  "capitalised Value is not replaced")
C("VALUE-upper", "shop", "SELECT value FROM products WHERE id = 1", "SELECT VALUE FROM products WHERE id = 1",
  "upper-case VALUE is not replaced")
C("value-where", "shop", "SELECT name FROM products WHERE value > 2", "SELECT name FROM products WHERE value > 2",
  "WHERE value > 2 becomes WHERE 1 > 2")
C("value-where-ge1", "shop", "SELECT name FROM products WHERE value >= 1", "SELECT name FROM products WHERE value >= 1",
  "WHERE value >= 1 becomes always true")
C("value-notnull", "shop", "SELECT count(*) FROM products WHERE value IS NOT NULL",
  "SELECT count(*) FROM products WHERE value IS NOT NULL", "value IS NOT NULL becomes 1 IS NOT NULL")
C("value-dq", "types", 'SELECT "value" FROM kw', 'SELECT "value" FROM kw',
  "\"value\" becomes \"1\": no such column, SQLite reads the string '1'")
C("market-value-max", "shop", "SELECT name FROM products WHERE market_value = (SELECT max(market_value) FROM products)",
  "SELECT name FROM products ORDER BY market_value DESC LIMIT 1", "market_value in ORDER BY")
C("VALUES-upper", "shop", "SELECT 1", "VALUES (1)", "VALUES keyword upper-case: untouched")
C("values-lower", "shop", "SELECT 1", "values (1)", "values keyword lower-case becomes '1s'")
C("values-lower-subq", "shop",
  "SELECT count(*) FROM products WHERE name IN (SELECT column1 FROM (VALUES ('Apple'), ('Kale')))",
  "SELECT count(*) FROM products WHERE name IN (SELECT column1 FROM (values ('Apple'), ('Kale')))",
  "lower-case values in a subquery")
C("valued-literal", "shop", "SELECT 'valued'", "SELECT 'valued'", "'valued' becomes '1d'")
C("value-max", "shop", "SELECT max(value) FROM products", "SELECT max(value) FROM products", "max(value) becomes max(1)")
C("value-min", "shop", "SELECT min(value) FROM products", "SELECT min(value) FROM products", "min(value) becomes min(1)")
C("value-avg-lucky", "shop", "SELECT avg(value) FROM products WHERE value = 1",
  "SELECT avg(value) FROM products WHERE value = 1", "avg(1) WHERE 1 = 1 is 1.0, as is the gold")
C("value-eq1", "shop", "SELECT name FROM products WHERE value = 1", "SELECT name FROM products WHERE value = 1",
  "WHERE value = 1 becomes WHERE 1 = 1")
C("value-in-gold-only", "shop", "SELECT name FROM products WHERE value = 5",
  "SELECT name FROM products WHERE id IN (7, 8)", "value only in the gold: not replaced there")
C("value-tab-field", "shop", "SELECT name FROM products WHERE id = 7", "SELECT name FROM products WHERE id = 7\tvalue",
  "value after a TAB is dropped with the second field")
C("value-qualified", "shop", "SELECT p.value FROM products p WHERE p.id = 2", "SELECT p.value FROM products p WHERE p.id = 2",
  "p.value becomes p.1: syntax error")
C("value-advisor", "school", "SELECT name FROM clubs WHERE advisor = 'Mr. Value'",
  "SELECT name FROM clubs WHERE advisor = 'Mr. Value'", "capitalised 'Value' in a literal is untouched")
C("value-lower-literal", "school", "SELECT name FROM clubs WHERE lower(advisor) = 'mr. value'",
  "SELECT name FROM clubs WHERE lower(advisor) = 'mr. value'", "lower-case 'value' in a literal is replaced")

# --- TABs, semicolons, comments ---------------------------------------------------------------------------------
C("tab-dbid", "school", "SELECT name FROM students WHERE id = 1", "SELECT name FROM students WHERE id = 1\tschool",
  "TAB then db_id")
C("tab-other-sql", "school", "SELECT name FROM students WHERE id = 1",
  "SELECT name FROM students WHERE id = 1\tSELECT name FROM students", "TAB then other SQL")
C("tab-in-literal", "school", "SELECT count(*) FROM students WHERE name != 'x'",
  "SELECT count(*) FROM students WHERE name != 'x\ty'", "TAB inside a string literal cuts the SQL")
C("tab-as-space", "school", "SELECT name FROM students WHERE id = 1", "SELECT\tname FROM students WHERE id = 1",
  "TAB used as whitespace: only 'SELECT' is kept")
C("tab-leading", "school", "SELECT name FROM students WHERE id = 1", "\tSELECT name FROM students WHERE id = 1",
  "leading TAB is stripped with the line")
C("tab-two", "school", "SELECT 1", "SELECT 1\tschool\textra", "two TABs")
C("tab-trailing", "school", "SELECT 1", "SELECT 1\t", "trailing TAB")
C("tab-only-dbid", "school", "SELECT 1", "\tschool", "empty SQL field then db_id: the strip leaves 'school'")
C("tab-blank", "school", "SELECT 1", " \t ", "only whitespace and a TAB")
C("two-statements", "school", "SELECT name FROM students WHERE id = 1",
  "SELECT name FROM students WHERE id = 1; SELECT name FROM students", "two statements: official keeps the first")
C("two-statements-first-wrong", "school", "SELECT name FROM students WHERE id = 1",
  "SELECT name FROM students WHERE id = 2; SELECT name FROM students WHERE id = 1", "two statements, first wrong")
C("select1-select2", "school", "SELECT 1", "SELECT 1; SELECT 2", "'SELECT 1; SELECT 2'")
C("select1-select2-vs2", "school", "SELECT 2", "SELECT 1; SELECT 2", "'SELECT 1; SELECT 2' against gold SELECT 2")
C("trailing-semicolon", "school", "SELECT name FROM students WHERE id = 1", "SELECT name FROM students WHERE id = 1;",
  "trailing semicolon")
C("double-semicolon", "school", "SELECT name FROM students WHERE id = 1", "SELECT name FROM students WHERE id = 1;;",
  "';;'")
C("leading-semicolon", "school", "SELECT name FROM students WHERE id = 1", ";SELECT name FROM students WHERE id = 1",
  "leading ';': official keeps the empty first statement")
C("trailing-comment", "school", "SELECT name FROM students WHERE id = 1",
  "SELECT name FROM students WHERE id = 1 -- first student", "trailing line comment")
C("comment-after-semicolon", "school", "SELECT name FROM students WHERE id = 1",
  "SELECT name FROM students WHERE id = 1; -- done", "comment after the semicolon")
C("comment-only", "school", "SELECT name FROM students WHERE id = 1", "-- I do not know", "comment-only prediction")
C("block-comment", "school", "SELECT name FROM students WHERE id = 1", "/* answer */ SELECT name FROM students WHERE id = 1",
  "leading block comment")
C("block-comment-only", "school", "SELECT name FROM students WHERE id = 1", "/* SELECT name FROM students */",
  "block-comment-only prediction")
C("gold-semicolon", "school", "SELECT name FROM students WHERE id = 1;", "SELECT name FROM students WHERE id = 1",
  "gold with trailing semicolon")
C("gold-two-statements", "school", "SELECT 1; SELECT 2", "SELECT 1", "gold with two statements (official keeps the first)")
C("case-end-semicolon-text", "school",
  "SELECT name, CASE WHEN score >= 90 THEN 'A' ELSE 'B' END FROM students WHERE id <= 3",
  "SELECT name, CASE WHEN score >= 90 THEN 'A' ELSE 'B' END FROM students WHERE id <= 3; this is an explanation",
  "CASE ... END, then ';' and prose")
C("case-end-no-semicolon-text", "school",
  "SELECT name, CASE WHEN score >= 90 THEN 'A' ELSE 'B' END FROM students WHERE id <= 3",
  "SELECT name, CASE WHEN score >= 90 THEN 'A' ELSE 'B' END FROM students WHERE id <= 3 this is an explanation",
  "CASE ... END then prose without ';'")
C("case-end-twice", "school",
  "SELECT CASE WHEN grade < 10 THEN 'low' ELSE 'high' END, CASE WHEN age > 15 THEN 1 ELSE 0 END FROM students",
  "SELECT CASE WHEN grade < 10 THEN 'low' ELSE 'high' END, CASE WHEN age > 15 THEN 1 ELSE 0 END FROM students; SELECT 1",
  "two CASE ... END then a second statement")
C("case-end-semicolon-ordered", "school",
  "SELECT name FROM students ORDER BY CASE WHEN club IS NULL THEN 1 ELSE 0 END, id",
  "SELECT name FROM students ORDER BY CASE WHEN club IS NULL THEN 1 ELSE 0 END, id; -- nulls last",
  "CASE in ORDER BY, trailing comment after ';'")
C("semicolon-in-literal", "school", "SELECT count(*) FROM students WHERE name != 'a;b'",
  "SELECT count(*) FROM students WHERE name != 'a;b'", "';' inside a string literal")
C("semicolon-trailing-spaces", "school", "SELECT 1", "SELECT 1;   ", "semicolon then spaces")
C("markdown-fence", "school", "SELECT 1", "```sql SELECT 1 ```", "markdown fence around the SQL")
C("semicolon-tab-dbid", "school", "SELECT 1", "SELECT 1;\tschool", "semicolon, TAB, db_id")
C("semicolon-space-semicolon", "school", "SELECT name FROM students WHERE id = 1",
  "SELECT name FROM students WHERE id = 1 ;; SELECT 2", "' ;; SELECT 2' after the answer")
C("leading-spaces", "school", "SELECT 1", "   SELECT 1   ", "leading and trailing spaces")
C("just-dbid", "school", "SELECT 1", "school", "the db_id alone")
C("second-stmt-error", "school", "SELECT 1", "SELECT 1; SELEC oops", "second statement is not SQL")
C("begin-keyword", "school", "SELECT 1", "SELECT 1 AS begin; SELECT 2", "alias named begin before ';'")
C("leading-semicolon-empty-gold", "school", "SELECT name FROM students WHERE id > 100",
  ";SELECT name FROM students WHERE id = 1", "leading ';' with an empty gold")
C("comment-only-empty-gold", "school", "SELECT name FROM students WHERE id > 100", "-- nothing",
  "comment-only prediction with an empty gold")
C("gold-error", "school", "SELECT nam FROM students", "SELECT name FROM students", "gold fails: official asserts")
C("gold-error-same", "school", "SELECT nam FROM students", "SELECT nam FROM students", "gold and prediction fail alike")
C("gold-tail-junk", "school", "SELECT 1; this is junk", "SELECT 1", "gold followed by junk after ';'")

# --- spacing inside operators ---------------------------------------------------------------------------------------
C("op-ge-space", "school", "SELECT name FROM students WHERE score >= 90", "SELECT name FROM students WHERE score > = 90",
  "'> =' repaired by the official postprocess")
C("op-le-space", "school", "SELECT name FROM students WHERE score <= 75", "SELECT name FROM students WHERE score < = 75",
  "'< =' repaired")
C("op-ne-space", "school", "SELECT name FROM students WHERE club != 'chess'",
  "SELECT name FROM students WHERE club ! = 'chess'", "'! =' repaired")
C("op-ltgt", "school", "SELECT name FROM students WHERE club != 'chess'", "SELECT name FROM students WHERE club <> 'chess'",
  "<> vs !=")
C("op-space-literal-both", "school", "SELECT 'a > = b'", "SELECT 'a > = b'", "'> =' inside a literal, in both")
C("op-space-literal-gold", "school", "SELECT 'a > = b'", "SELECT 'a >= b'",
  "'> =' inside the gold's literal is rewritten too")
C("op-two-spaces", "school", "SELECT name FROM students WHERE score >= 90",
  "SELECT name FROM students WHERE score >  = 90", "'>  =' with two spaces is not repaired")
C("op-eq-space", "school", "SELECT name FROM students WHERE score = 92", "SELECT name FROM students WHERE score = = 92",
  "'= =' is not repaired")
C("op-no-space", "school", "SELECT name FROM students WHERE score >= 90", "SELECT name FROM students WHERE score>=90",
  "no spaces")
C("op-gold-space", "school", "SELECT name FROM students WHERE score > = 90", "SELECT name FROM students WHERE score >= 90",
  "'> =' in the gold")
C("op-eqeq", "school", "SELECT name FROM students WHERE score = 92", "SELECT name FROM students WHERE score == 92",
  "== is SQLite equality")

# --- YEAR(CURDATE()) --------------------------------------------------------------------------------------------
C("year-curdate-pred", "school", "SELECT name FROM students WHERE 2020 - age > 2004",
  "SELECT name FROM students WHERE YEAR(CURDATE()) - age > 2004", "YEAR(CURDATE()) becomes 2020 in the official rule")
C("year-curdate-gold", "school", "SELECT name FROM students WHERE YEAR(CURDATE()) - age > 2004",
  "SELECT name FROM students WHERE 2020 - age > 2004", "YEAR(CURDATE()) in the gold")
C("year-curdate-lower", "school", "SELECT name FROM students WHERE 2020 - age > 2004",
  "SELECT name FROM students WHERE year(curdate()) - age > 2004", "lower-case year(curdate())")
C("year-curdate-spaces", "school", "SELECT name FROM students WHERE 2020 - age > 2004",
  "SELECT name FROM students WHERE YEAR( CURDATE( ) ) - age > 2004", "spaces inside YEAR( CURDATE( ) )")
C("year-curdate-select", "school", "SELECT 2020", "SELECT YEAR(CURDATE())", "bare YEAR(CURDATE())")
C("year-strftime-now", "school", "SELECT 2020", "SELECT strftime('%Y', 'now')", "strftime('%Y','now') is text")
C("year-function", "shop", "SELECT count(*) FROM orders WHERE order_date LIKE '2020%'",
  "SELECT count(*) FROM orders WHERE YEAR(order_date) = 2020", "YEAR() is not a SQLite function")
C("year-curdate-both", "school", "SELECT YEAR(CURDATE()) - 1", "SELECT YEAR(CURDATE()) - 1",
  "YEAR(CURDATE()) in both")

# --- errors -----------------------------------------------------------------------------------------------------
C("err-syntax", "school", "SELECT name FROM students", "SELEC name FROM students", "syntax error")
C("err-column", "school", "SELECT name FROM students", "SELECT fullname FROM students", "unknown column")
C("err-function", "school", "SELECT julianday('2020-01-02') - julianday('2020-01-01')",
  "SELECT datediff('2020-01-02', '2020-01-01')",
  "unknown function (MySQL datediff; median() is not used: sqlite-jdbc builds have it, Python's SQLite does not)")
C("err-table", "school", "SELECT name FROM students", "SELECT name FROM pupils", "unknown table")
C("err-ambiguous", "shop", "SELECT count(*) FROM products JOIN orders ON products.id = orders.product_id",
  "SELECT count(id) FROM products JOIN orders ON products.id = orders.product_id", "ambiguous column")
C("err-aggregate-where", "school", "SELECT name FROM students", "SELECT name FROM students WHERE max(score) > 1",
  "aggregate misuse")
C("err-limit", "school", "SELECT name FROM students", "SELECT name FROM students LIMIT", "incomplete LIMIT")
C("err-overflow", "school", "SELECT 1", "SELECT abs(-9223372036854775808)", "runtime integer overflow")
C("err-unterminated", "school", "SELECT 'x'", "SELECT 'x", "unterminated string")
C("err-unbalanced", "school", "SELECT count(*) FROM students", "SELECT count(* FROM students", "unbalanced parenthesis")
C("err-empty-gold", "school", "SELECT name FROM students WHERE id > 100", "SELECT nope FROM students",
  "error against an empty gold")
C("err-ilike", "shop", "SELECT name FROM products WHERE name LIKE 'apple'", "SELECT name FROM products WHERE name ILIKE 'apple'",
  "ILIKE is not SQLite")
C("err-top", "school", "SELECT name FROM students ORDER BY id LIMIT 1", "SELECT TOP 1 name FROM students ORDER BY id",
  "TOP is not SQLite")

# --- double quotes, LIKE, unicode ---------------------------------------------------------------------------------
C("dq-string", "school", "SELECT name FROM students WHERE club = 'chess'",
  'SELECT name FROM students WHERE club = "chess"', "double-quoted string literal")
C("dq-resolves-column", "school", "SELECT name FROM students WHERE name = 'name'",
  'SELECT name FROM students WHERE name = "name"', "\"name\" resolves to the column, not the string")
C("dq-select", "school", "SELECT 'abc'", 'SELECT "abc"', "\"abc\" as a value")
C("dq-apostrophe", "school", "SELECT 'it''s'", 'SELECT "it\'s"', "doubled apostrophe vs double-quoted string")
C("like-ci", "shop", "SELECT name FROM products WHERE name = 'Apple'", "SELECT name FROM products WHERE name LIKE 'apple'",
  "LIKE ignores ASCII case")
C("like-ci-lower", "shop", "SELECT name FROM products WHERE lower(name) = 'apple'",
  "SELECT name FROM products WHERE name LIKE 'APPLE'", "LIKE 'APPLE' vs lower() =")
C("like-unicode-case", "shop", "SELECT name FROM products WHERE name LIKE 'crème%'",
  "SELECT name FROM products WHERE name LIKE 'CRÈME%'", "LIKE does not fold non-ASCII case")
C("like-unicode-ascii-fold", "shop", "SELECT name FROM products WHERE name LIKE 'crème%'",
  "SELECT name FROM products WHERE name LIKE 'CRème%'", "ASCII letters folded, è matched as is")
C("glob-vs-like", "shop", "SELECT name FROM products WHERE name GLOB 'A*'", "SELECT name FROM products WHERE name LIKE 'a%'",
  "GLOB is case-sensitive")
C("unicode-nfd", "shop", "SELECT name FROM customers WHERE city = 'Zürich'",
  "SELECT name FROM customers WHERE city = 'Zu\u0308rich'", "precomposed vs decomposed ü")
C("unicode-length", "shop", "SELECT length(name) FROM products WHERE id = 10", "SELECT 12",
  "length counts characters")
C("unicode-lower", "shop", "SELECT 'éva'", "SELECT lower(name) FROM customers WHERE city = 'Zürich'",
  "lower() leaves É alone")
C("unicode-cjk", "shop", "SELECT city FROM customers WHERE name = '北京'", "SELECT city FROM customers WHERE name = '北京'",
  "CJK text")
C("unicode-like-accent", "shop", "SELECT name FROM customers WHERE name LIKE '%é%'",
  "SELECT name FROM customers WHERE name IN ('Chloé')", "LIKE '%é%' does not match É")
C("unicode-order", "shop", "SELECT name FROM customers ORDER BY name", "SELECT name FROM customers ORDER BY lower(name)",
  "binary order with accents, CJK and ''")
C("unicode-order-desc", "shop", "SELECT name FROM customers ORDER BY name", "SELECT name FROM customers ORDER BY name DESC",
  "reversed")
C("unicode-substr", "shop", "SELECT substr(name, 1, 5) FROM products WHERE id = 10", "SELECT 'Crème'",
  "substr counts characters")
C("like-email-case", "shop", "SELECT name FROM customers WHERE email LIKE '%@x.org'",
  "SELECT name FROM customers WHERE email LIKE '%@X.ORG'", "LIKE case-insensitive on ASCII")
C("unicode-literal", "events", "SELECT note FROM log WHERE id = 6", "SELECT 'Ünïcödé'", "unicode literal")
C("unicode-upper", "events", "SELECT upper(note) FROM log WHERE id = 6", "SELECT 'ÜNÏCÖDÉ'",
  "upper() only changes ASCII letters")
C("unicode-instr", "shop", "SELECT instr(name, 'brûlée') FROM products WHERE id = 10", "SELECT 7", "instr in characters")
C("eq-case-sensitive", "shop", "SELECT name FROM products WHERE name = 'apple'",
  "SELECT name FROM products WHERE name = 'Apple'", "= is case-sensitive")
C("collate-nocase", "shop", "SELECT name FROM products WHERE name = 'apple' COLLATE NOCASE",
  "SELECT name FROM products WHERE name LIKE 'apple'", "COLLATE NOCASE vs LIKE")

# --- dates, concatenation, CAST, functions ------------------------------------------------------------------------
C("strftime-year-text", "shop", "SELECT count(*) FROM orders WHERE strftime('%Y', order_date) = '2020'",
  "SELECT count(*) FROM orders WHERE order_date LIKE '2020%'", "strftime year vs LIKE prefix")
C("strftime-year-int", "shop", "SELECT count(*) FROM orders WHERE strftime('%Y', order_date) = '2020'",
  "SELECT count(*) FROM orders WHERE strftime('%Y', order_date) = 2020", "strftime text = integer is false")
C("strftime-year-cast", "shop", "SELECT count(*) FROM orders WHERE strftime('%Y', order_date) = '2020'",
  "SELECT count(*) FROM orders WHERE CAST(strftime('%Y', order_date) AS INTEGER) = 2020", "CAST of strftime")
C("strftime-output", "shop", "SELECT strftime('%Y', order_date) FROM orders WHERE id = 1", "SELECT 2020",
  "strftime output is text")
C("substr-date", "shop", "SELECT strftime('%Y', order_date) FROM orders WHERE id = 1",
  "SELECT substr(order_date, 1, 4) FROM orders WHERE id = 1", "substr of the date")
C("date-fn", "events", "SELECT date(ts) FROM log WHERE id = 2", "SELECT '2020-01-01'", "date()")
C("julianday-diff", "events", "SELECT julianday('2020-03-01') - julianday('2020-02-01')", "SELECT 29",
  "julianday difference 29.0 vs 29")
C("between-dates-boundary", "events", "SELECT count(*) FROM log WHERE strftime('%Y', ts) = '2020'",
  "SELECT count(*) FROM log WHERE ts BETWEEN '2020-01-01' AND '2020-12-31'", "BETWEEN misses 2020-12-31 18:00")
C("strftime-null", "events", "SELECT count(*) FROM log", "SELECT count(strftime('%Y', ts)) FROM log",
  "strftime of NULL is NULL")
C("date-modifier", "events", "SELECT date('2020-01-31', '+1 month')", "SELECT '2020-02-29'",
  "+1 month from Jan 31 overflows to March")
C("strftime-month", "shop", "SELECT count(*) FROM orders WHERE strftime('%m', order_date) = '01'",
  "SELECT count(*) FROM orders WHERE strftime('%m', order_date) = '1'", "zero-padded month")
C("date-compare-text", "events", "SELECT id FROM log WHERE ts > '2021'", "SELECT id FROM log WHERE ts >= '2021-01-01'",
  "dates compared as text")
C("concat-pipe", "shop", "SELECT name || ' (' || city || ')' FROM customers WHERE name = 'Ann'", "SELECT 'Ann (Paris)'",
  "|| concatenation")
C("concat-null", "shop", "SELECT name || city FROM customers", "SELECT name || coalesce(city, '') FROM customers",
  "|| with NULL gives NULL")
C("concat-numbers", "shop", "SELECT 1 || 2", "SELECT 12", "|| of numbers is text")
C("plus-text", "shop", "SELECT 'a' + 1", "SELECT 1", "'a' + 1 is 1 in SQLite")
C("cast-prefix", "shop", "SELECT CAST('12abc' AS INTEGER)", "SELECT 12", "CAST takes the numeric prefix")
C("cast-truncate", "shop", "SELECT CAST(3.9 AS INTEGER)", "SELECT 3", "CAST truncates")
C("cast-text", "shop", "SELECT CAST(5 AS TEXT)", "SELECT '5'", "CAST to TEXT vs text literal")
C("cast-text-vs-int", "shop", "SELECT CAST(5 AS TEXT)", "SELECT 5", "CAST to TEXT vs integer")
C("cast-real-div-col", "shop", "SELECT CAST(stock AS REAL) / 3 FROM products WHERE id = 1",
  "SELECT stock / 3.0 FROM products WHERE id = 1", "two ways to divide as real")
C("printf-vs-round", "shop", "SELECT round(price, 2) FROM products WHERE id = 10",
  "SELECT printf('%.2f', price) FROM products WHERE id = 10", "printf gives text")
C("group-concat-sep", "school", "SELECT group_concat(name) FROM students WHERE club = 'chess'",
  "SELECT group_concat(name, ',') FROM students WHERE club = 'chess'", "group_concat default separator")
C("json-extract", "shop", "SELECT 1", 'SELECT json_extract(\'{"a": 1}\', \'$.a\')', "json_extract returns an integer")
C("iif", "school", "SELECT CASE WHEN score > 80 THEN 'pass' ELSE 'fail' END FROM students WHERE id = 1",
  "SELECT iif(score > 80, 'pass', 'fail') FROM students WHERE id = 1", "iif vs CASE")
C("replace-fn", "shop", "SELECT replace(name, 'a', 'o') FROM products WHERE id = 2", "SELECT 'Bonono'", "replace()")
C("trim-fn", "shop", "SELECT trim('  x  ')", "SELECT 'x'", "trim()")
C("coalesce-type", "shop", "SELECT coalesce(NULL, 0)", "SELECT coalesce(NULL, 0.0)", "0 vs 0.0 via coalesce")
C("nullif", "shop", "SELECT nullif(category, '') FROM products WHERE id = 7", "SELECT NULL", "nullif '' to NULL")

# --- subqueries, joins, long IN lists -----------------------------------------------------------------------------
C("subq-avg", "shop", "SELECT name FROM products WHERE price > (SELECT avg(price) FROM products)",
  "SELECT p.name FROM products p, (SELECT avg(price) AS a FROM products) x WHERE p.price > x.a", "scalar vs derived table")
C("in-vs-join-dups", "shop", "SELECT name FROM products WHERE id IN (SELECT product_id FROM orders)",
  "SELECT p.name FROM products p JOIN orders o ON p.id = o.product_id", "IN vs JOIN: the join repeats rows")
C("correlated-vs-join", "school",
  "SELECT name FROM students s WHERE score = (SELECT max(score) FROM students WHERE grade = s.grade)",
  "SELECT s.name FROM students s JOIN (SELECT grade, max(score) AS m FROM students GROUP BY grade) g "
  "ON s.grade = g.grade AND s.score = g.m", "correlated subquery vs join on grouped maxima")
C("scalar-subq-first", "school", "SELECT (SELECT name FROM students)", "SELECT 'Ann'",
  "scalar subquery takes the first row")
C("exists-vs-in", "school", "SELECT name FROM students s WHERE EXISTS (SELECT 1 FROM pets WHERE owner_id = s.id)",
  "SELECT name FROM students WHERE id IN (SELECT owner_id FROM pets)", "EXISTS vs IN (NULL owner ignored)")
C("join-vs-in-count", "shop",
  "SELECT count(*) FROM orders o JOIN products p ON o.product_id = p.id WHERE p.category = 'fruit'",
  "SELECT count(*) FROM orders WHERE product_id IN (SELECT id FROM products WHERE category = 'fruit')",
  "join count vs IN count")
C("cte", "school", "SELECT name FROM students WHERE grade = 9",
  "WITH t AS (SELECT name FROM students WHERE grade = 9) SELECT * FROM t", "CTE")
C("cte-value-name", "school", "SELECT name FROM students WHERE grade = 9",
  "WITH valued AS (SELECT name FROM students WHERE grade = 9) SELECT * FROM valued",
  "CTE named valued becomes 1d: syntax error")
C("long-in-ints", "school", "SELECT count(*) FROM students", "SELECT count(*) FROM students WHERE id IN (%s)" % LONG_INTS,
  "IN list of 500 integers")
C("long-in-strs", "shop", "SELECT name FROM products WHERE name = 'Apple'",
  "SELECT name FROM products WHERE name IN ('Apple', %s)" % LONG_STRS, "IN list of 401 strings")
C("long-not-in-null", "school", "SELECT name FROM students",
  "SELECT name FROM students WHERE id NOT IN (%s)" % LONG_NOTIN, "long NOT IN list ending in NULL")
C("long-in-gold", "school", "SELECT name FROM students WHERE id IN (%s) ORDER BY id" % LONG_INTS,
  "SELECT name FROM students ORDER BY id", "long IN list in an ordered gold")
C("subq-in-from-order", "school", "SELECT name FROM students WHERE grade = 12",
  "SELECT name FROM (SELECT * FROM students ORDER BY id DESC) WHERE grade = 12", "ordered subquery in the prediction only")
C("self-join-pairs", "school",
  "SELECT a.name, b.name FROM students a JOIN students b ON a.grade = b.grade AND a.id < b.id",
  "SELECT b.name, a.name FROM students a JOIN students b ON a.grade = b.grade AND a.id > b.id",
  "self-join pairs, reversed roles")
C("in-null-list", "shop", "SELECT name FROM products WHERE category IN ('fruit', NULL)",
  "SELECT name FROM products WHERE category = 'fruit'", "NULL in an IN list matches nothing")
C("not-in-literal-null", "shop", "SELECT name FROM products WHERE category NOT IN ('fruit', NULL)",
  "SELECT name FROM products WHERE 0", "NOT IN with a NULL literal is never true")
C("subq-limit", "school", "SELECT name FROM students WHERE id IN (SELECT id FROM students ORDER BY score DESC, id LIMIT 2)",
  "SELECT name FROM students WHERE id IN (2, 3)", "LIMIT inside an IN subquery")
C("join-using", "school", "SELECT s.name FROM students s JOIN clubs c ON s.club = c.name WHERE c.budget > 50",
  "SELECT s.name FROM students s, clubs c WHERE s.club = c.name AND c.budget > 50", "JOIN ON vs comma join")
C("cross-join-count", "school", "SELECT count(*) FROM students, clubs", "SELECT 32", "cross join count")

# --- keyword-named columns --------------------------------------------------------------------------------------
C("kw-order-by-dq", "types", 'SELECT "order" FROM kw ORDER BY "distinct"', 'SELECT "order" FROM kw',
  "ordered gold on keyword-named columns")
C("kw-where", "types", 'SELECT "distinct" FROM kw WHERE "order" = \'a\'', 'SELECT "distinct" FROM kw WHERE "order" = \'a\'',
  "keyword-named columns in WHERE")
C("kw-count-distinct", "types", 'SELECT count("distinct") FROM kw', 'SELECT count(DISTINCT "value") FROM kw',
  "count(DISTINCT \"value\"): both words touched in the prediction")
C("kw-brackets", "types", 'SELECT "order" FROM kw WHERE "distinct" = 2', "SELECT [order] FROM kw WHERE [distinct] = 2",
  "bracketed keyword names")
C("kw-value-sum", "types", 'SELECT sum("value") FROM kw', 'SELECT sum("Value") FROM kw',
  "\"Value\" capitalised is untouched")
C("kw-order-in-gold-only-ident", "types", 'SELECT "order" FROM kw WHERE "distinct" > 1',
  'SELECT "order" FROM kw WHERE "distinct" > 1 ORDER BY "order" DESC',
  "gold has \"order\" but no 'order by': order not compared")
C("kw-order-by-alias", "types", 'SELECT "order" AS o FROM kw ORDER BY o', 'SELECT "order" FROM kw ORDER BY 1',
  "alias vs position")

# ---------------------------------------------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------------------------------------------


def build(root):
    paths = {}
    for db, stmts in DATABASES.items():
        os.makedirs(os.path.join(root, db))
        path = os.path.join(root, db, db + ".sqlite")
        con = sqlite3.connect(path)
        for s in stmts:
            assert not s.rstrip().endswith(";"), s
            con.execute(s)
        con.commit(); con.close()
        paths[db] = path
    return paths


def official(path, gold, line):
    p = line.strip().split("\t")
    p_str = (p[0] if p else "").replace("value", "1")
    try:
        s = eval_exec_match(db=path, p_str=p_str, g_str=gold, plug_value=False, keep_distinct=False,
                            progress_bar_for_each_datapoint=False)
        return int(bool(s)), None
    except Exception as e:  # noqa: BLE001
        return "crash", type(e).__name__


def run(path, sql):
    con = sqlite3.connect(path)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def bird(path, gold, line):
    pred = line.strip().split("\t")[0]
    try:
        g = run(path, gold); p = run(path, pred)
    except Exception:  # noqa: BLE001
        return 0
    return int(set(p) == set(g))


def main():
    ids = [c["id"] for c in CASES]
    dup = {i for i in ids if ids.count(i) > 1}
    assert not dup, dup
    for c in CASES:
        assert c["db"] in DATABASES, c
        assert "\t" not in c["gold"] and "\n" not in c["gold"] and c["gold"] == c["gold"].strip(), c["id"]
        assert "\n" not in c["line"] and "\r" not in c["line"], c["id"]
    root = tempfile.mkdtemp(prefix="spider-fixture-")
    try:
        paths = build(root)
        for c in CASES:
            ex, err = official(paths[c["db"]], c["gold"], c["line"])
            c["official_ex"] = ex
            if err:
                c["note"] += " [official raises %s]" % err
            c["bird_ex"] = bird(paths[c["db"]], c["gold"], c["line"])
    finally:
        shutil.rmtree(root)
    about = (
        "Verdicts recorded by scripts/dev/spider-rule-fixture.py (generated: do not edit by hand; change the script "
        "and run it again). official_ex is what Spider's official evaluator (taoyds/test-suite-sql-eval at e97acc5, "
        "unmodified, outside this repository) returns from exec_eval.eval_exec_match for the case: the "
        "databases below are built with Python's sqlite3 one statement at a time into <db>/<db>.sqlite, the pred.txt "
        "line is turned into p_str as the official per-question script does (line.strip().split('\\t')[0], "
        "then 'value' replaced by '1') and passed with plug_value=False, keep_distinct=False, "
        "progress_bar_for_each_datapoint=False; 'crash' means the official code raised (its exception type is appended "
        "to the note: IndexError from sqlparse on an empty prediction, AssertionError when the gold fails). bird_ex is "
        "BIRD's rule: the prediction (line.strip().split('\\t')[0], as written: no 'value' replacement, no DISTINCT "
        "removal) and the gold run with Python's sqlite3 on the same file; 1 iff both ran and set(pred_rows) == "
        "set(gold_rows) under Python equality. Recorded with Python %s, SQLite %s (Python's sqlite3), sqlparse %s; "
        "only SQLite features older than 3.40 are relied on."
        % (sys.version.split()[0], sqlite3.sqlite_version, sqlparse.__version__))
    out = {"about": about, "databases": DATABASES,
           "cases": [{k: c[k] for k in ("id", "db", "gold", "line", "official_ex", "bird_ex", "note")} for c in CASES]}
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as w:
        json.dump(out, w, ensure_ascii=False, indent=1)
        w.write("\n")
    n = len(CASES)
    oc = {k: sum(1 for c in CASES if c["official_ex"] == k) for k in (1, 0, "crash")}
    bc = {k: sum(1 for c in CASES if c["bird_ex"] == k) for k in (1, 0)}
    print("cases %d; official_ex 1=%d 0=%d crash=%d; bird_ex 1=%d 0=%d; %s"
          % (n, oc[1], oc[0], oc["crash"], bc[1], bc[0], OUT))


if __name__ == "__main__":
    main()
