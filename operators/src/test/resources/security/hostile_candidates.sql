# Hostile candidate SQL, one per line (\n in a line is a newline). A line ending in "  # inert" carries its payload only
# inside a literal or comment: it may run, and must change nothing. Every other line must be blocked or fail.
# DDL
DROP TABLE employees
DROP TABLE IF EXISTS employees CASCADE
DROP SCHEMA public CASCADE
DROP DATABASE sqlexam_security_probe
DROP ROLE sqlexam_reader
CREATE TABLE pwned (a int)
CREATE TABLE pwned AS SELECT * FROM employees
CREATE TEMP TABLE pwned AS SELECT * FROM employees
CREATE UNLOGGED TABLE pwned (a int)
CREATE INDEX pwned_idx ON employees (last_name)
CREATE VIEW pwned_view AS SELECT * FROM employees
CREATE MATERIALIZED VIEW pwned_mv AS SELECT * FROM employees
CREATE SEQUENCE pwned_seq
CREATE SCHEMA pwned
CREATE ROLE hacker SUPERUSER LOGIN PASSWORD 'x'
CREATE USER hacker
CREATE EXTENSION dblink
CREATE EXTENSION adminpack
CREATE FUNCTION pwn() RETURNS int AS $$ DELETE FROM employees RETURNING 1 $$ LANGUAGE sql
CREATE OR REPLACE FUNCTION lower(text) RETURNS text AS $$ SELECT 'pwned' $$ LANGUAGE sql
CREATE TRIGGER t BEFORE INSERT ON employees FOR EACH ROW EXECUTE FUNCTION suppress_redundant_updates_trigger()
CREATE RULE r AS ON SELECT TO employees DO INSTEAD SELECT * FROM departments
CREATE POLICY p ON employees USING (false)
ALTER TABLE employees DROP COLUMN salary
ALTER TABLE employees RENAME TO staff
ALTER TABLE employees ADD COLUMN pwned int
ALTER TABLE employees DISABLE TRIGGER ALL
ALTER TABLE employees OWNER TO sqlexam_reader
ALTER ROLE sqlexam_reader SUPERUSER
ALTER ROLE sqlexam_reader SET default_transaction_read_only = off
ALTER DATABASE sqlexam_security_probe SET default_transaction_read_only = off
ALTER SYSTEM SET fsync = off
ALTER SYSTEM SET statement_timeout = 0
ALTER SEQUENCE employees_employee_id_seq RESTART WITH 1
GRANT ALL ON employees TO PUBLIC
GRANT sqlexam TO sqlexam_reader
REVOKE SELECT ON employees FROM sqlexam_reader
COMMENT ON TABLE employees IS 'pwned'
SECURITY LABEL ON TABLE employees IS 'x'
TRUNCATE employees
TRUNCATE TABLE orders, customers CASCADE
TRUNCATE ONLY departments RESTART IDENTITY
VACUUM FULL employees
ANALYZE employees
CLUSTER employees USING employees_pkey
REINDEX TABLE employees
REFRESH MATERIALIZED VIEW pwned_mv
CHECKPOINT
# DML
DELETE FROM employees
DELETE FROM employees WHERE true
delete from employees where employee_id > 0
DeLeTe FrOm employees
DELETE/**/FROM/**/employees
UPDATE employees SET salary = 0
UPDATE employees SET last_name = 'x' WHERE employee_id = 1
UPDATE employees e SET salary = d.budget FROM departments d WHERE d.department_id = e.department_id
INSERT INTO departments (department_name, budget) VALUES ('pwned', 1)
INSERT INTO departments SELECT * FROM departments
INSERT INTO departments (department_name, budget) VALUES ('x', 1) ON CONFLICT DO NOTHING
MERGE INTO departments d USING departments s ON d.department_id = s.department_id WHEN MATCHED THEN DELETE
# several statements
SELECT 1; DROP TABLE employees
SELECT 1;DELETE FROM employees
SELECT 1 ; ; DELETE FROM employees
SELECT count(*) FROM employees; UPDATE employees SET salary = 0;
SELECT 1;\nDROP TABLE employees;\n
SELECT ';'; DELETE FROM employees
SELECT 1 -- comment\n; DELETE FROM employees
SELECT 1; COMMIT; DROP TABLE employees
SELECT 1; ROLLBACK; DELETE FROM employees
SELECT 1; RESET ROLE; DROP TABLE employees
SELECT 1; SET ROLE sqlexam; DROP TABLE employees
SELECT 1; SET SESSION AUTHORIZATION sqlexam; DELETE FROM employees
SELECT 1; SET default_transaction_read_only = off; DELETE FROM employees
SELECT 1; SET statement_timeout = 0; SELECT pg_sleep(30)
SELECT 1; BEGIN; DELETE FROM employees; COMMIT
VALUES (1); DROP TABLE employees
TABLE employees; DELETE FROM employees
(SELECT 1); DELETE FROM employees
SELECT 1 UNION ALL SELECT 2; TRUNCATE employees
SELECT * FROM employees WHERE 1=1; DROP TABLE employees --
SELECT $$;$$; DELETE FROM employees
# other statements that are not queries
BEGIN
COMMIT
ROLLBACK
START TRANSACTION READ WRITE
SET TRANSACTION READ WRITE
SET default_transaction_read_only = off
SET ROLE sqlexam
RESET ROLE
RESET ALL
DISCARD ALL
SET SESSION AUTHORIZATION sqlexam
SET statement_timeout = 0
LISTEN pwned
NOTIFY pwned, 'x'
UNLISTEN *
PREPARE p AS DELETE FROM employees
EXECUTE p
DEALLOCATE ALL
DO $$ BEGIN DELETE FROM employees; END $$
DO $$ BEGIN EXECUTE 'DROP TABLE employees'; END $$
CALL pwn()
LOAD 'plpgsql'
LOCK TABLE employees IN ACCESS EXCLUSIVE MODE
IMPORT FOREIGN SCHEMA public FROM SERVER s INTO public
EXPLAIN ANALYZE DELETE FROM employees
EXPLAIN (ANALYZE) UPDATE employees SET salary = 0
SHOW ALL
# SELECT ... INTO and COPY
SELECT * INTO pwned FROM employees
SELECT * INTO TEMP pwned FROM employees
SELECT * INTO UNLOGGED TABLE pwned FROM employees
SELECT employee_id INTO pwned FROM employees WHERE false
COPY employees TO '/tmp/employees.csv'
COPY employees FROM '/etc/passwd'
COPY (SELECT 1) TO PROGRAM 'touch /tmp/pwned'
COPY employees TO STDOUT
# data-modifying CTEs
WITH d AS (DELETE FROM employees RETURNING *) SELECT count(*) FROM d
WITH u AS (UPDATE employees SET salary = salary * 2 RETURNING 1) SELECT count(*) FROM u
WITH i AS (INSERT INTO departments (department_name, budget) VALUES ('x', 1) RETURNING *) SELECT * FROM i
WITH x AS (SELECT 1) DELETE FROM employees
WITH RECURSIVE r AS (SELECT 1 AS n) DELETE FROM employees WHERE employee_id IN (SELECT n FROM r)
WITH a AS (SELECT 1), b AS (DELETE FROM orders RETURNING 1) SELECT * FROM a
WITH m AS (MERGE INTO departments d USING departments s ON true WHEN MATCHED THEN DELETE) SELECT 1
# functions with side effects
SELECT pg_sleep(60)
SELECT pg_catalog.pg_sleep(60)
SELECT "pg_sleep"(60)
SELECT PG_SLEEP(60)
SELECT pg_sleep /* pause */ (60)
SELECT pg_sleep_for('1 minute')
SELECT pg_sleep_until(now() + interval '1 hour')
SELECT count(*) FROM employees WHERE pg_sleep(0.1) IS NOT NULL
SELECT set_config('statement_timeout', '0', false)
SELECT set_config('default_transaction_read_only', 'off', false)
SELECT set_config('role', 'sqlexam', false)
SELECT nextval('employees_employee_id_seq')
SELECT setval('employees_employee_id_seq', 1)
SELECT lo_import('/etc/passwd')
SELECT lo_export(1, '/tmp/pwned')
SELECT lo_create(0)
SELECT lo_unlink(1)
SELECT lo_from_bytea(0, 'x')
SELECT pg_read_file('/etc/passwd')
SELECT pg_read_binary_file('postgresql.conf')
SELECT pg_ls_dir('.')
SELECT pg_stat_file('postgresql.conf')
SELECT pg_terminate_backend(pid) FROM pg_stat_activity
SELECT pg_cancel_backend(pid) FROM pg_stat_activity
SELECT pg_reload_conf()
SELECT pg_rotate_logfile()
SELECT pg_switch_wal()
SELECT pg_create_restore_point('pwned')
SELECT pg_advisory_lock(1)
SELECT pg_try_advisory_lock(1)
SELECT pg_notify('pwned', 'x')
SELECT dblink_exec('dbname=sqlexam_security_probe user=sqlexam', 'DROP TABLE employees')
SELECT * FROM dblink('dbname=sqlexam_security_probe user=sqlexam', 'DELETE FROM employees RETURNING 1') AS t(a int)
SELECT dblink_connect('dbname=postgres')
SELECT query_to_xml('DELETE FROM employees RETURNING 1', true, true, '')
SELECT query_to_xml_and_xmlschema('UPDATE employees SET salary = 0 RETURNING 1', true, true, '')
SELECT pg_logical_emit_message(true, 'x', 'y')
SELECT pg_export_snapshot()
SELECT * FROM employees FOR UPDATE
SELECT * FROM employees FOR SHARE
SELECT * FROM employees FOR NO KEY UPDATE NOWAIT
# comment and quoting tricks
SELECT '; DROP TABLE employees; --'  # inert
SELECT 1 -- ; DROP TABLE employees  # inert
SELECT 1 /* ; DELETE FROM employees */  # inert
SELECT $$; DROP TABLE employees;$$  # inert
SELECT $x$ DELETE FROM employees $x$ AS note  # inert
SELECT E'\\x3b DROP TABLE employees'  # inert
SELECT E'\'' AS q; SET statement_timeout = 0; SELECT pg_sleep(30); --'
SELECT E'it\'s; DROP TABLE employees' AS note  # inert
SELECT 'pg_sleep(60)' AS note  # inert
SELECT count(*) AS "DELETE FROM employees" FROM employees  # inert
SELECT /* nested /* comment */ still comment; DROP TABLE employees */ 1  # inert
SELECT 1 /* unterminated ; DROP TABLE employees
SELECT 'unterminated ; DROP TABLE employees
SELECT 1 UNION SELECT 2 -- \n; DROP TABLE employees
SELECT U&'\0064rop' AS word  # inert
SELECT chr(59) || ' DROP TABLE employees'  # inert
# huge or endless reads (the server's timeout ends them)
SELECT count(*) FROM generate_series(1, 100000000) a CROSS JOIN generate_series(1, 100000000) b
SELECT count(*) FROM employees a, employees b, employees c, employees d, employees e, employees f
WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r
SELECT sum(length(md5(x::text))) FROM generate_series(1, 1000000000) x
SELECT count(*) FROM generate_series(1, 2000000000)
SELECT string_agg(md5(x::text), '') FROM generate_series(1, 100000000) x
SELECT a.*, b.* FROM employees a CROSS JOIN employees b CROSS JOIN employees c
SELECT repeat('x', 1000) FROM generate_series(1, 10000000)
SELECT count(*) FROM (SELECT 'a' || repeat('a', 20) ~ ('^(a+)+$') FROM generate_series(1, 100000000)) t
