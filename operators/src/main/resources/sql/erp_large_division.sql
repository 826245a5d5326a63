-- Builds one division schema of erp_large from the ERP tables in public (run once per division).
-- :division and :modules are substituted by ErpLargeBuilder; modules is a VALUES list (table, module).
DO $$
DECLARE
    d       integer := :division;
    sch     text := format('div_%s', lpad(:division::text, 2, '0'));
    t       record;
    fk      record;
    m       record;
    def     text;
    included text[] := ARRAY[]::text[];
    n       integer;
    pk      text;
BEGIN
    EXECUTE format('CREATE SCHEMA %I', sch);
    EXECUTE format('COMMENT ON SCHEMA %I IS %L', sch,
        'Division ' || d || ': a business unit with its own copy of the ERP modules it runs');
    CREATE TEMP TABLE IF NOT EXISTS erp_modules (table_name text, module text);
    TRUNCATE erp_modules;
    INSERT INTO erp_modules VALUES :modules;

    -- Each division runs most modules; which ones is a fixed function of the division number.
    FOR m IN SELECT DISTINCT module FROM erp_modules ORDER BY module LOOP
        IF abs(hashtext(sch || '/' || m.module)) % 100 < 88 OR m.module IN ('HR', 'Finance') THEN
            included := included || m.module;
        END IF;
    END LOOP;

    FOR t IN SELECT table_name FROM erp_modules WHERE module = ANY (included) ORDER BY table_name LOOP
        EXECUTE format('CREATE TABLE %I.%I (LIKE public.%I INCLUDING ALL)', sch, t.table_name, t.table_name);
        EXECUTE format('COMMENT ON TABLE %I.%I IS %L', sch, t.table_name,
            coalesce(obj_description(format('public.%I', t.table_name)::regclass, 'pg_class'), t.table_name)
                || ' (division ' || d || ')');
        -- the first 25 rows by primary key (an index's first rows; ordering by the whole row sorted
        -- every row of the table, half the build's time)
        SELECT string_agg(format('src.%I', a.attname), ', ' ORDER BY k.ord) INTO pk
        FROM pg_index i
        CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
        WHERE i.indrelid = format('public.%I', t.table_name)::regclass AND i.indisprimary;
        EXECUTE format('INSERT INTO %I.%I SELECT * FROM public.%I src ORDER BY %s LIMIT 25',
            sch, t.table_name, t.table_name, coalesce(pk, 'src'));
    END LOOP;

    -- Foreign keys point inside the division when the parent is there, else at the shared public table.
    FOR fk IN
        SELECT c.conname, cl.relname AS child, rl.relname AS parent, pg_get_constraintdef(c.oid) AS condef
        FROM pg_constraint c JOIN pg_class cl ON cl.oid = c.conrelid JOIN pg_class rl ON rl.oid = c.confrelid
        WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace ORDER BY c.conname
    LOOP
        CONTINUE WHEN to_regclass(format('%I.%I', sch, fk.child)) IS NULL;
        def := regexp_replace(fk.condef, 'REFERENCES [^(]+\(',
            'REFERENCES ' || CASE WHEN to_regclass(format('%I.%I', sch, fk.parent)) IS NULL THEN 'public'
                                  ELSE quote_ident(sch) END || '.' || quote_ident(fk.parent) || '(');
        EXECUTE format('ALTER TABLE %I.%I ADD CONSTRAINT %I %s NOT VALID', sch, fk.child, fk.conname, def);
    END LOOP;

    -- Division-specific extensions: custom attributes, audit trails and staging tables per module.
    FOR m IN SELECT module, min(table_name) AS anchor FROM erp_modules WHERE module = ANY (included) GROUP BY module ORDER BY module LOOP
        n := 1 + abs(hashtext(sch || '#' || m.module)) % 3;
        EXECUTE format('CREATE TABLE %I.%I (attr_id bigint PRIMARY KEY, entity_id bigint NOT NULL, attr_name text NOT NULL, attr_value text, updated_at timestamp)',
            sch, lower(m.module) || '_custom_attributes');
        EXECUTE format('COMMENT ON TABLE %I.%I IS %L', sch, lower(m.module) || '_custom_attributes',
            'Division-specific extra attributes of ' || m.module || ' records');
        IF n >= 2 THEN
            EXECUTE format('CREATE TABLE %I.%I (audit_id bigint PRIMARY KEY, table_name text NOT NULL, record_id bigint NOT NULL, action text NOT NULL CHECK (action IN (''insert'', ''update'', ''delete'')), changed_by bigint, changed_at timestamp NOT NULL)',
                sch, lower(m.module) || '_audit_log');
            EXECUTE format('COMMENT ON TABLE %I.%I IS %L', sch, lower(m.module) || '_audit_log', 'Change history of ' || m.module || ' records');
        END IF;
        IF n >= 3 THEN
            EXECUTE format('CREATE TABLE %I.%I (staging_id bigint PRIMARY KEY, source_file text NOT NULL, payload jsonb, loaded_at timestamp, status text NOT NULL DEFAULT ''new'')',
                sch, lower(m.module) || '_import_staging');
            EXECUTE format('COMMENT ON TABLE %I.%I IS %L', sch, lower(m.module) || '_import_staging', 'Raw ' || m.module || ' records waiting to be imported');
        END IF;
    END LOOP;
END
$$;
