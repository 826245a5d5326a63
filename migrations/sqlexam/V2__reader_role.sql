-- The read-only role every piece of candidate SQL runs as: it may log in, read, and nothing else.
-- Grants on each question database are given after that database is migrated.
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sqlexam_reader') THEN
        CREATE ROLE sqlexam_reader LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION
            CONNECTION LIMIT 64;
    END IF;
    ALTER ROLE sqlexam_reader SET default_transaction_read_only = on;
    ALTER ROLE sqlexam_reader SET statement_timeout = '60s';
    ALTER ROLE sqlexam_reader SET idle_in_transaction_session_timeout = '120s';
EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'cannot create role sqlexam_reader here; candidate SQL will run as the connecting user in read-only transactions';
END
$$;
REVOKE ALL ON SCHEMA exam FROM PUBLIC;
