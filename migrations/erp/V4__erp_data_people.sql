-- ERP data, part 2: employees and their HR records, customers, vendors, products, warehouses.
SET search_path TO public;
CREATE OR REPLACE FUNCTION pg_temp.erp_r(k bigint, salt integer) RETURNS numeric
    LANGUAGE sql IMMUTABLE AS $$ SELECT abs(hashint8extended(k, salt) % 1000003)::numeric / 1000003 $$;
CREATE OR REPLACE FUNCTION pg_temp.erp_i(k bigint, salt integer, lo integer, hi integer) RETURNS integer
    LANGUAGE sql IMMUTABLE AS $$ SELECT lo + floor(pg_temp.erp_r(k, salt) * (hi - lo + 1))::integer $$;

-- ------------------------------------------------------------ employees (3,000)
-- Employees 1-30 head departments 1-30 (employee 1 is the CEO). The rest spread over departments by weight.
CREATE TEMP TABLE dept_weights AS
SELECT dept_id, sum(w) OVER (ORDER BY dept_id) - w AS lo, sum(w) OVER (ORDER BY dept_id) AS hi
FROM (VALUES (1, 1), (2, 2), (3, 3), (4, 4), (5, 3), (6, 2), (7, 6), (8, 3), (9, 3), (10, 3), (11, 3), (12, 2), (13, 1),
             (14, 2), (15, 2), (16, 2), (17, 9), (18, 6), (19, 5), (20, 8), (21, 4), (22, 2), (23, 10), (24, 4), (25, 3),
             (26, 3), (27, 6), (28, 2), (29, 7), (30, 6)) AS w (dept_id, w);

CREATE TEMP TABLE emp_base AS
SELECT i AS employee_id,
       CASE WHEN i <= 30 THEN i
            ELSE (SELECT dept_id FROM dept_weights WHERE pg_temp.erp_r(i, 21) * (SELECT max(hi) FROM dept_weights) >= lo AND pg_temp.erp_r(i, 21) * (SELECT max(hi) FROM dept_weights) < hi) END AS dept_id,
       CASE WHEN i <= 30 THEN 3 WHEN pg_temp.erp_r(i, 22) < 0.68 THEN 1 WHEN pg_temp.erp_r(i, 22) < 0.95 THEN 2 ELSE 3 END AS lvl,
       CASE WHEN i <= 30 THEN DATE '2010-01-04' + pg_temp.erp_i(i, 23, 0, 1500)
            ELSE DATE '2010-01-04' + floor(5800 * sqrt(pg_temp.erp_r(i, 24)))::integer END AS hire_date
FROM generate_series(1, 3000) AS i;

INSERT INTO employees (employee_id, emp_number, first_name, last_name, email, phone, birth_date, gender, hire_date,
                       termination_date, status, dept_id, position_id, manager_id, work_city_id, employment_type)
SELECT e.employee_id,
       'E' || lpad(e.employee_id::text, 5, '0'),
       fn, ln,
       CASE WHEN pg_temp.erp_r(e.employee_id, 25) < 0.03 THEN NULL
            ELSE lower(fn) || '.' || lower(ln) || e.employee_id || '@acme-erp.com' END,
       CASE WHEN pg_temp.erp_r(e.employee_id, 26) < 0.1 THEN NULL ELSE '+1-555-' || lpad(pg_temp.erp_i(e.employee_id, 27, 0, 9999)::text, 4, '0') END,
       e.hire_date - (22 * 365 + pg_temp.erp_i(e.employee_id, 28, 0, 30 * 365)),
       (ARRAY['F', 'M', 'F', 'M', 'X'])[pg_temp.erp_i(e.employee_id, 29, 1, 5)],
       e.hire_date,
       term.d,
       CASE WHEN term.d IS NOT NULL THEN 'terminated' WHEN pg_temp.erp_r(e.employee_id, 30) < 0.03 THEN 'on_leave' ELSE 'active' END,
       e.dept_id,
       (e.dept_id - 1) * 3 + e.lvl,
       NULL,
       d.location_city_id,
       CASE WHEN e.employee_id <= 30 THEN 'full_time' WHEN pg_temp.erp_r(e.employee_id, 31) < 0.82 THEN 'full_time'
            WHEN pg_temp.erp_r(e.employee_id, 31) < 0.93 THEN 'part_time' ELSE 'contractor' END
FROM emp_base e
JOIN departments d ON d.dept_id = e.dept_id
CROSS JOIN LATERAL (SELECT (ARRAY['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth',
        'William','Barbara','Richard','Susan','Joseph','Jessica','Thomas','Sarah','Carlos','Karen','Daniel','Lisa','Matthew',
        'Nancy','Anthony','Betty','Mark','Sandra','Ana','Ashley','Luis','Kimberly','Hans','Emily','Pierre','Donna','Sofia',
        'Michelle','Kenji','Laura','Ahmed','Olivia','Raj','Emma','Wei','Chloe','Omar','Grace','Lukas','Marie'])[pg_temp.erp_i(e.employee_id, 32, 1, 50)] AS fn,
       (ARRAY['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez','Hernandez',
        'Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin','Lee','Perez','Thompson','White',
        'Harris','Sanchez','Clark','Ramirez','Lewis','Robinson','Walker','Young','Allen','King','Wright','Scott','Torres',
        'Nguyen','Hill','Flores','Müller','Schmidt','Dubois','Laurent','Patel','Singh','Chen','Wang','Kim','Tanaka'])[pg_temp.erp_i(e.employee_id, 33, 1, 50)] AS ln) AS names
CROSS JOIN LATERAL (SELECT CASE WHEN e.employee_id > 30 AND pg_temp.erp_r(e.employee_id, 34) < 0.16
        AND e.hire_date < DATE '2025-09-01'
        THEN LEAST(DATE '2025-12-15', e.hire_date + 60 + floor(pg_temp.erp_r(e.employee_id, 35) * (DATE '2025-12-15' - e.hire_date - 60))::integer)
        END AS d) AS term;

-- Reporting lines: CEO at the top, top-level heads report to the CEO, sub-department heads to their parent's head,
-- everyone else to the head of their department.
UPDATE employees e SET manager_id = CASE
        WHEN e.employee_id = 1 THEN NULL
        WHEN e.employee_id <= 30 THEN COALESCE((SELECT parent_dept_id FROM departments WHERE dept_id = e.employee_id), 1)
        ELSE e.dept_id END;
UPDATE departments SET dept_head_id = dept_id;
UPDATE sales_regions SET manager_id = (ARRAY[17, 17, 17, 17, 17, 19, 18, 18])[region_id];

-- Salaries: hired within the grade band, about 5 % more every two years until 2025 or termination.
INSERT INTO salary_history (salary_id, employee_id, effective_date, base_salary_amt, currency_code, change_reason)
SELECT row_number() OVER (ORDER BY e.employee_id, k), e.employee_id, e.hire_date + k * 730,
       round((g.min_salary_amt + pg_temp.erp_r(e.employee_id, 41) * (g.max_salary_amt - g.min_salary_amt))
             * power(1.03 + 0.04 * pg_temp.erp_r(e.employee_id, 42), k), -2),
       CASE WHEN d.location_city_id IN (44, 45, 46, 47, 48) THEN 'GBP' WHEN d.location_city_id BETWEEN 39 AND 54 THEN 'EUR' ELSE 'USD' END,
       CASE WHEN k = 0 THEN 'hire' ELSE 'merit increase' END
FROM employees e
JOIN positions p ON p.position_id = e.position_id
JOIN job_grades g ON g.grade_id = p.grade_id
JOIN departments d ON d.dept_id = e.dept_id
CROSS JOIN LATERAL generate_series(0, ((COALESCE(e.termination_date, DATE '2025-12-31') - e.hire_date) / 730)::integer) AS k;

INSERT INTO employee_terminations (termination_id, employee_id, termination_date, reason_code, is_voluntary, exit_interview_done)
SELECT row_number() OVER (ORDER BY employee_id), employee_id, termination_date, reason,
       reason IN ('resignation', 'retirement'), pg_temp.erp_r(employee_id, 52) < 0.7
FROM (SELECT employee_id, termination_date,
             (ARRAY['resignation', 'resignation', 'resignation', 'retirement', 'dismissal', 'layoff', 'contract_end'])[pg_temp.erp_i(employee_id, 51, 1, 7)] AS reason
      FROM employees WHERE termination_date IS NOT NULL) t;

-- Leave: about five requests per employee and year, 2022-2025, while employed.
INSERT INTO leave_requests (leave_id, employee_id, leave_type_id, start_date, end_date, days_requested, status, approved_by, created_at)
SELECT row_number() OVER (ORDER BY x.employee_id, x.n), x.employee_id, x.leave_type_id, x.start_date,
       x.start_date + x.len - 1, x.len,
       x.status, CASE WHEN x.status IN ('approved', 'rejected') THEN x.manager_id END,
       (x.start_date - pg_temp.erp_i(x.k, 63, 5, 40)) + make_interval(hours => pg_temp.erp_i(x.k, 64, 8, 17))
FROM (SELECT e.employee_id, e.manager_id, n, e.employee_id * 100 + n AS k,
             (ARRAY[1, 1, 1, 1, 2, 2, 3, 4, 5, 6])[pg_temp.erp_i(e.employee_id * 100 + n, 61, 1, 10)] AS leave_type_id,
             DATE '2022-01-03' + pg_temp.erp_i(e.employee_id * 100 + n, 62, 0, 1440) AS start_date,
             pg_temp.erp_i(e.employee_id * 100 + n, 65, 1, 10) AS len,
             (ARRAY['approved', 'approved', 'approved', 'approved', 'approved', 'approved', 'rejected', 'pending', 'cancelled'])[pg_temp.erp_i(e.employee_id * 100 + n, 66, 1, 9)] AS status,
             e.hire_date, e.termination_date
      FROM employees e CROSS JOIN generate_series(1, 20) AS n
      WHERE e.manager_id IS NOT NULL) x
WHERE x.start_date >= x.hire_date AND (x.termination_date IS NULL OR x.start_date + x.len - 1 <= x.termination_date);

-- Attendance: 300 employees over the first quarter of 2025 (weekdays).
INSERT INTO attendance_records (attendance_id, employee_id, work_date, hours_worked, overtime_hrs)
SELECT row_number() OVER (ORDER BY e.employee_id, d), e.employee_id, d::date,
       round((7 + pg_temp.erp_r(e.employee_id * 1000 + extract(doy FROM d)::integer, 71) * 2)::numeric, 2),
       CASE WHEN pg_temp.erp_r(e.employee_id * 1000 + extract(doy FROM d)::integer, 72) < 0.15
            THEN round((0.5 + pg_temp.erp_r(e.employee_id * 1000 + extract(doy FROM d)::integer, 73) * 3)::numeric, 2) ELSE 0 END
FROM employees e
CROSS JOIN generate_series(DATE '2025-01-01', DATE '2025-03-31', INTERVAL '1 day') AS d
WHERE e.employee_id % 10 = 3 AND e.status = 'active' AND e.hire_date < DATE '2025-01-01' AND extract(isodow FROM d) < 6;

INSERT INTO employee_benefits (emp_benefit_id, employee_id, benefit_type_id, start_date, end_date, monthly_cost_amt, employer_contrib_amt)
SELECT row_number() OVER (ORDER BY e.employee_id, b.benefit_type_id), e.employee_id, b.benefit_type_id,
       e.hire_date + 30, e.termination_date, c.cost, round(c.cost * (0.5 + 0.3 * pg_temp.erp_r(e.employee_id * 10 + b.benefit_type_id, 82)), 2)
FROM employees e
CROSS JOIN benefit_types b
CROSS JOIN LATERAL (SELECT round(((ARRAY[420, 780, 65, 300, 250, 45, 60, 110])[b.benefit_type_id] * (0.9 + 0.2 * pg_temp.erp_r(e.employee_id * 10 + b.benefit_type_id, 81)))::numeric, 2) AS cost) c
WHERE e.employment_type <> 'contractor'
  AND pg_temp.erp_r(e.employee_id * 10 + b.benefit_type_id, 80) < (ARRAY[0.55, 0.35, 0.6, 0.5, 0.2, 0.4, 0.15, 0.25])[b.benefit_type_id]
  AND NOT (b.benefit_type_id = 2 AND pg_temp.erp_r(e.employee_id * 10 + 1, 80) < 0.55);

INSERT INTO performance_reviews (review_id, employee_id, reviewer_id, review_year, review_date, rating, comments)
SELECT row_number() OVER (ORDER BY e.employee_id, y), e.employee_id, e.manager_id, y,
       make_date(y, 12, 1) + pg_temp.erp_i(e.employee_id * 10 + y, 91, 0, 20),
       (ARRAY[1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5])[pg_temp.erp_i(e.employee_id * 10 + y, 92, 1, 11)],
       CASE WHEN pg_temp.erp_r(e.employee_id * 10 + y, 93) < 0.3 THEN NULL ELSE 'Annual review ' || y END
FROM employees e CROSS JOIN generate_series(2022, 2024) AS y
WHERE e.manager_id IS NOT NULL AND e.hire_date < make_date(y, 10, 1)
  AND (e.termination_date IS NULL OR e.termination_date > make_date(y, 12, 21));

INSERT INTO training_enrollments (enrollment_id, employee_id, course_id, enroll_date, completion_date, status, score)
SELECT row_number() OVER (ORDER BY k), x.employee_id, x.course_id, x.enroll_date,
       CASE WHEN x.s = 'completed' THEN x.enroll_date + c.duration_hrs::integer END, x.s,
       CASE WHEN x.s = 'completed' THEN round((55 + pg_temp.erp_r(k, 104) * 45)::numeric, 2) END
FROM (SELECT k, 1 + (pg_temp.erp_i(k, 101, 0, 2999)) AS employee_id, pg_temp.erp_i(k, 102, 1, 40) AS course_id,
             DATE '2022-01-10' + pg_temp.erp_i(k, 103, 0, 1400) AS enroll_date,
             (ARRAY['completed', 'completed', 'completed', 'enrolled', 'dropped'])[pg_temp.erp_i(k, 105, 1, 5)] AS s
      FROM generate_series(1, 6000) AS k) x
JOIN training_courses c ON c.course_id = x.course_id
JOIN employees e ON e.employee_id = x.employee_id
WHERE x.enroll_date >= e.hire_date AND (e.termination_date IS NULL OR x.enroll_date < e.termination_date);

-- Payslips 2024-2025 for everyone employed during the whole period.
INSERT INTO payslips (payslip_id, payroll_run_id, employee_id, gross_amt, tax_amt, deductions_amt, net_amt)
SELECT row_number() OVER (ORDER BY r.payroll_run_id, e.employee_id), r.payroll_run_id, e.employee_id,
       g.gross, round(g.gross * 0.22, 2), round(g.gross * 0.07, 2), g.gross - round(g.gross * 0.22, 2) - round(g.gross * 0.07, 2)
FROM payroll_runs r
JOIN employees e ON e.hire_date <= r.period_start AND (e.termination_date IS NULL OR e.termination_date >= r.period_end)
CROSS JOIN LATERAL (SELECT round(s.base_salary_amt / 12 * CASE e.employment_type WHEN 'part_time' THEN 0.5 ELSE 1 END, 2) AS gross
                    FROM salary_history s WHERE s.employee_id = e.employee_id AND s.effective_date <= r.period_end
                    ORDER BY s.effective_date DESC LIMIT 1) g
WHERE e.employment_type <> 'contractor';

-- ------------------------------------------------------------ vendors, products, warehouses
INSERT INTO vendors (vendor_id, vendor_number, vendor_name, contact_email, phone, address_id, payment_terms_days, rating, is_active)
SELECT i, 'V-' || lpad((10000 + i * 7)::text, 6, '0'),
       (ARRAY['Apex','Summit','Pioneer','Global','United','Precision','Allied','Premier','Dynamic','Reliable','Northern',
              'Pacific','Atlantic','Keystone','Sterling','Vertex','Quantum','Evergreen','Ironclad','Bluewater'])[pg_temp.erp_i(i, 111, 1, 20)]
         || ' ' || (ARRAY['Supply','Industrial','Components','Materials','Electronics','Logistics','Manufacturing','Trading',
              'Distribution','Technologies'])[pg_temp.erp_i(i, 112, 1, 10)] || ' ' || (ARRAY['Inc.','LLC','GmbH','Ltd.','Co.','S.A.'])[pg_temp.erp_i(i, 113, 1, 6)],
       CASE WHEN pg_temp.erp_r(i, 114) < 0.08 THEN NULL ELSE 'orders' || i || '@vendor-mail.com' END,
       '+1-800-' || lpad(pg_temp.erp_i(i, 115, 0, 9999)::text, 4, '0'),
       12000 + i,
       (ARRAY[15, 30, 30, 45, 60])[pg_temp.erp_i(i, 116, 1, 5)],
       CASE WHEN pg_temp.erp_r(i, 117) < 0.1 THEN NULL ELSE pg_temp.erp_i(i, 118, 1, 5) END,
       pg_temp.erp_r(i, 119) > 0.07
FROM generate_series(1, 400) AS i;

INSERT INTO vendor_contacts (contact_id, vendor_id, contact_name, email, phone, is_primary)
SELECT row_number() OVER (ORDER BY v.vendor_id, n), v.vendor_id,
       (ARRAY['Alex','Sam','Jordan','Taylor','Morgan','Casey','Riley','Jamie'])[pg_temp.erp_i(v.vendor_id * 10 + n, 121, 1, 8)] || ' ' ||
       (ARRAY['Reed','Hayes','Brooks','Price','Bennett','Foster','Gray','Ward'])[pg_temp.erp_i(v.vendor_id * 10 + n, 122, 1, 8)],
       'contact' || n || '.' || v.vendor_id || '@vendor-mail.com', NULL, n = 1
FROM vendors v CROSS JOIN generate_series(1, 2) AS n;

INSERT INTO warehouses (warehouse_id, warehouse_code, warehouse_name, address_id, manager_id, capacity_m3) VALUES
    (1, 'WH-HOU', 'Houston Distribution Center', 12401, 20, 52000), (2, 'WH-CHI', 'Chicago Distribution Center', 12402, 20, 48000),
    (3, 'WH-NJ', 'Newark Fulfillment Center', 12403, 20, 40000), (4, 'WH-LA', 'Los Angeles Fulfillment Center', 12404, 20, 45000),
    (5, 'WH-ATL', 'Atlanta Regional Warehouse', 12405, 5, 22000), (6, 'WH-DEN', 'Denver Regional Warehouse', 12406, 5, 18000),
    (7, 'WH-TOR', 'Toronto Warehouse', 12407, 5, 20000), (8, 'WH-MTY', 'Monterrey Warehouse', 12408, 5, 15000),
    (9, 'WH-DET', 'Detroit Plant Stores', 12409, 7, 30000), (10, 'WH-MUC', 'Munich Warehouse', 12410, 5, 21000),
    (11, 'WH-LON', 'London Warehouse', 12411, 5, 17000), (12, 'WH-LYO', 'Lyon Warehouse', 12412, 5, 12000);
UPDATE addresses SET city_id = (ARRAY[13, 7, 1, 21, 19, 26, 28, 36, 11, 39, 44, 51])[address_id - 12400] WHERE address_id BETWEEN 12401 AND 12412;

INSERT INTO storage_bins (bin_id, warehouse_id, bin_code, zone)
SELECT (w - 1) * 40 + b, w, chr(64 + 1 + (b - 1) / 10) || '-' || lpad(((b - 1) % 10 + 1)::text, 2, '0'),
       (ARRAY['bulk', 'pick', 'cold', 'hazmat'])[1 + (b - 1) / 10]
FROM generate_series(1, 12) AS w CROSS JOIN generate_series(1, 40) AS b;

INSERT INTO products (product_id, sku, product_name, category_id, uom_id, list_price, standard_cost, weight_kg, is_active,
                      is_manufactured, discontinued_date, preferred_vendor_id)
SELECT i, 'SKU-' || lpad(i::text, 6, '0'),
       (ARRAY['Pro','Ultra','Eco','Prime','Max','Lite','Core','Flex','Nova','Titan'])[pg_temp.erp_i(i, 131, 1, 10)] || ' ' ||
       CASE cat.c
         WHEN 9 THEN 'Laptop' WHEN 10 THEN 'Monitor' WHEN 11 THEN 'Router' WHEN 12 THEN 'Desk' WHEN 13 THEN 'Chair'
         WHEN 14 THEN 'Cabinet' WHEN 15 THEN 'Drill' WHEN 16 THEN 'Wrench Set' WHEN 17 THEN 'Caliper' WHEN 18 THEN 'Safety Vest'
         WHEN 19 THEN 'Helmet' WHEN 20 THEN 'Carton' WHEN 21 THEN 'Stretch Wrap' WHEN 22 THEN 'Steel Sheet' WHEN 23 THEN 'Polymer Pellets'
         WHEN 24 THEN 'Solvent' WHEN 25 THEN 'Bolt Pack' WHEN 26 THEN 'Relay' WHEN 27 THEN 'Control Board' WHEN 28 THEN 'Cloud Subscription'
         WHEN 29 THEN 'License' ELSE 'Cable' END || ' ' || (100 + i),
       cat.c,
       CASE WHEN cat.c IN (22, 23, 24) THEN 3 WHEN cat.c IN (25, 20) THEN 2 WHEN cat.c = 30 THEN 4 ELSE 1 END,
       p.price, round(p.price * (0.45 + 0.3 * pg_temp.erp_r(i, 133)), 2),
       CASE WHEN cat.c IN (28, 29) THEN NULL ELSE round((0.1 + pg_temp.erp_r(i, 134) * 40)::numeric, 3) END,
       pg_temp.erp_r(i, 135) > 0.06,
       i % 6 = 0 AND cat.c IN (9, 10, 11, 12, 13, 14, 15, 27),
       CASE WHEN pg_temp.erp_r(i, 135) <= 0.06 THEN DATE '2022-06-01' + pg_temp.erp_i(i, 136, 0, 1200) END,
       1 + pg_temp.erp_i(i, 137, 0, 399)
FROM generate_series(1, 2500) AS i
CROSS JOIN LATERAL (SELECT 9 + pg_temp.erp_i(i, 132, 0, 21) AS c) cat
CROSS JOIN LATERAL (SELECT round((CASE WHEN cat.c IN (9, 10, 12, 13, 14, 29) THEN 150 + pg_temp.erp_r(i, 138) * 2200
                                       WHEN cat.c IN (22, 23, 24, 25, 26, 20, 21, 30) THEN 2 + pg_temp.erp_r(i, 138) * 80
                                       ELSE 20 + pg_temp.erp_r(i, 138) * 600 END)::numeric, 2) AS price) p;
UPDATE products SET is_manufactured = true WHERE category_id IN (9, 10, 11, 12, 13, 14, 15, 27) AND product_id % 6 = 0;

INSERT INTO vendor_products (vendor_id, product_id, vendor_sku, unit_cost, lead_time_days)
SELECT DISTINCT ON (v, p.product_id) v, p.product_id, 'VS-' || v || '-' || p.product_id,
       round(p.standard_cost * (0.85 + 0.25 * pg_temp.erp_r(p.product_id * 10 + n, 142)), 2), pg_temp.erp_i(p.product_id * 10 + n, 143, 3, 45)
FROM products p
CROSS JOIN generate_series(1, 3) AS n
CROSS JOIN LATERAL (SELECT CASE WHEN n = 1 THEN p.preferred_vendor_id ELSE 1 + pg_temp.erp_i(p.product_id * 10 + n, 141, 0, 399) END AS v) vv
WHERE NOT p.is_manufactured AND (n = 1 OR pg_temp.erp_r(p.product_id * 10 + n, 144) < 0.5)
ORDER BY v, p.product_id;

INSERT INTO inventory_levels (warehouse_id, product_id, qty_on_hand, qty_reserved, reorder_point, last_counted_date)
SELECT w, p.product_id, q.on_hand, LEAST(q.on_hand, pg_temp.erp_i(p.product_id * 100 + w, 152, 0, 40)),
       pg_temp.erp_i(p.product_id * 100 + w, 153, 10, 120), DATE '2025-06-01' + pg_temp.erp_i(p.product_id * 100 + w, 154, 0, 180)
FROM products p CROSS JOIN generate_series(1, 12) AS w
CROSS JOIN LATERAL (SELECT pg_temp.erp_i(p.product_id * 100 + w, 151, 0, 900) AS on_hand) q
WHERE pg_temp.erp_r(p.product_id * 100 + w, 150) < 0.35 AND p.category_id NOT IN (28, 29);

INSERT INTO product_lots (lot_id, product_id, lot_number, mfg_date, expiry_date)
SELECT row_number() OVER (ORDER BY p.product_id, n), p.product_id, 'LOT-' || p.product_id || '-' || n,
       DATE '2022-01-01' + pg_temp.erp_i(p.product_id * 10 + n, 161, 0, 1400),
       CASE WHEN p.category_id IN (24, 23) THEN DATE '2022-01-01' + pg_temp.erp_i(p.product_id * 10 + n, 161, 0, 1400) + 730 END
FROM products p CROSS JOIN generate_series(1, 3) AS n
WHERE p.category_id IN (22, 23, 24, 25, 26, 27) OR (p.is_manufactured AND n = 1);

-- ------------------------------------------------------------ customers (6,000)
INSERT INTO customers (customer_id, customer_number, customer_name, customer_type, segment_id, credit_limit_amt, payment_terms_days,
                       account_manager_id, billing_address_id, shipping_address_id, created_date, is_active)
SELECT i, 'C' || lpad(i::text, 6, '0'),
       (ARRAY['Acme','Blue Ridge','Cascade','Delta','Evergreen','Frontier','Granite','Harbor','Ironwood','Juniper','Keystone',
              'Lakeside','Meridian','Northstar','Oakridge','Pinnacle','Quarry','Riverside','Silverline','Timberland','Union',
              'Valley','Westbrook','Yellowstone','Zenith','Crescent','Redwood','Bayview','Highland','Sunrise'])[pg_temp.erp_i(i, 171, 1, 30)]
         || ' ' || (ARRAY['Foods','Health','Motors','Retail','Energy','Logistics','Builders','Labs','Systems','Partners',
              'Hospitality','Media','Pharma','Textiles','Financial'])[pg_temp.erp_i(i, 172, 1, 15)]
         || CASE WHEN pg_temp.erp_r(i, 173) < 0.5 THEN ' ' || (ARRAY['Inc.','LLC','Group','Corp.','Ltd.'])[pg_temp.erp_i(i, 174, 1, 5)] ELSE '' END
         || ' #' || i,
       t.ty,
       CASE WHEN pg_temp.erp_r(i, 176) < 0.05 THEN NULL
            ELSE CASE t.ty WHEN 'government' THEN 4 WHEN 'distributor' THEN 5 ELSE (ARRAY[1, 2, 2, 3, 3, 6])[pg_temp.erp_i(i, 177, 1, 6)] END END,
       CASE WHEN pg_temp.erp_r(i, 178) < 0.1 THEN NULL ELSE (ARRAY[5000, 10000, 25000, 50000, 100000, 250000])[pg_temp.erp_i(i, 179, 1, 6)] END,
       (ARRAY[15, 30, 30, 45, 60])[pg_temp.erp_i(i, 180, 1, 5)],
       CASE WHEN pg_temp.erp_r(i, 181) < 0.08 THEN NULL ELSE 17 + pg_temp.erp_i(i, 182, 0, 2) END,
       i, CASE WHEN pg_temp.erp_r(i, 183) < 0.7 THEN i ELSE 6000 + i END,
       DATE '2018-01-01' + floor(2900 * pg_temp.erp_r(i, 184))::integer,
       pg_temp.erp_r(i, 185) > 0.04
FROM generate_series(1, 6000) AS i
CROSS JOIN LATERAL (SELECT (ARRAY['retail', 'retail', 'retail', 'wholesale', 'wholesale', 'distributor', 'government'])[pg_temp.erp_i(i, 175, 1, 7)] AS ty) t;
-- Account managers are staff of the sales departments (17-19), not only their heads.
UPDATE customers c SET account_manager_id = s.employee_id
FROM (SELECT employee_id, row_number() OVER (ORDER BY employee_id) AS rn, count(*) OVER () AS n
      FROM employees WHERE dept_id IN (17, 18, 19) AND position_id % 3 <> 0 AND termination_date IS NULL) s
WHERE c.account_manager_id IS NOT NULL AND s.rn = 1 + c.customer_id % s.n;

INSERT INTO contacts (contact_id, customer_id, first_name, last_name, email, job_title, is_primary)
SELECT row_number() OVER (ORDER BY c.customer_id, n), c.customer_id,
       (ARRAY['Paul','Rita','Nina','Tom','Eva','Ivan','Lena','Omar','Zoe','Hugo'])[pg_temp.erp_i(c.customer_id * 10 + n, 191, 1, 10)],
       (ARRAY['Baker','Cole','Dunn','Ellis','Ford','Grant','Hale','Irwin','Judd','Knox'])[pg_temp.erp_i(c.customer_id * 10 + n, 192, 1, 10)],
       CASE WHEN pg_temp.erp_r(c.customer_id * 10 + n, 193) < 0.1 THEN NULL ELSE 'contact' || n || '.' || c.customer_id || '@customer-mail.com' END,
       (ARRAY['Purchasing Manager','CFO','Operations Director','Office Manager','IT Lead','Buyer'])[pg_temp.erp_i(c.customer_id * 10 + n, 194, 1, 6)],
       n = 1
FROM customers c CROSS JOIN generate_series(1, 2) AS n
WHERE n = 1 OR pg_temp.erp_r(c.customer_id, 195) < 0.5;
