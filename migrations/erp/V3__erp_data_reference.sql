-- ERP data, part 1: reference data (geography, currencies, org structure, catalogues).
-- Deterministic: every pseudo-random value is a hash of the row number (see erp_r), never random().
SET search_path TO public;

-- r(k, salt) in [0, 1): a platform-independent hash of (k, salt).
CREATE OR REPLACE FUNCTION pg_temp.erp_r(k bigint, salt integer) RETURNS numeric
    LANGUAGE sql IMMUTABLE AS $$ SELECT abs(hashint8extended(k, salt) % 1000003)::numeric / 1000003 $$;
CREATE OR REPLACE FUNCTION pg_temp.erp_i(k bigint, salt integer, lo integer, hi integer) RETURNS integer
    LANGUAGE sql IMMUTABLE AS $$ SELECT lo + floor(pg_temp.erp_r(k, salt) * (hi - lo + 1))::integer $$;

INSERT INTO currencies VALUES
    ('USD', 'US Dollar', '$'), ('EUR', 'Euro', '€'), ('GBP', 'Pound Sterling', '£'),
    ('CAD', 'Canadian Dollar', 'C$'), ('MXN', 'Mexican Peso', 'Mex$'), ('JPY', 'Japanese Yen', '¥');

INSERT INTO countries VALUES
    (1, 'US', 'United States', 'USD'), (2, 'CA', 'Canada', 'CAD'), (3, 'MX', 'Mexico', 'MXN'),
    (4, 'DE', 'Germany', 'EUR'), (5, 'GB', 'United Kingdom', 'GBP'), (6, 'FR', 'France', 'EUR');

INSERT INTO states_provinces (state_id, state_code, state_name, country_id, geo_region) VALUES
    (1, 'NY', 'New York', 1, 'Northeast'), (2, 'MA', 'Massachusetts', 1, 'Northeast'), (3, 'PA', 'Pennsylvania', 1, 'Northeast'),
    (4, 'IL', 'Illinois', 1, 'Midwest'), (5, 'OH', 'Ohio', 1, 'Midwest'), (6, 'MI', 'Michigan', 1, 'Midwest'),
    (7, 'TX', 'Texas', 1, 'South'), (8, 'FL', 'Florida', 1, 'South'), (9, 'GA', 'Georgia', 1, 'South'),
    (10, 'CA', 'California', 1, 'West'), (11, 'WA', 'Washington', 1, 'West'), (12, 'CO', 'Colorado', 1, 'West'),
    (13, 'ON', 'Ontario', 2, 'Eastern Canada'), (14, 'QC', 'Quebec', 2, 'Eastern Canada'),
    (15, 'BC', 'British Columbia', 2, 'Western Canada'), (16, 'AB', 'Alberta', 2, 'Western Canada'),
    (17, 'NL', 'Nuevo León', 3, 'Northern Mexico'), (18, 'JAL', 'Jalisco', 3, 'Central Mexico'), (19, 'CMX', 'Ciudad de México', 3, 'Central Mexico'),
    (20, 'BY', 'Bavaria', 4, 'Central Europe'), (21, 'NW', 'North Rhine-Westphalia', 4, 'Central Europe'), (22, 'BE', 'Berlin', 4, 'Central Europe'),
    (23, 'ENG', 'England', 5, 'Northern Europe'), (24, 'SCT', 'Scotland', 5, 'Northern Europe'),
    (25, 'IDF', 'Île-de-France', 6, 'Western Europe'), (26, 'ARA', 'Auvergne-Rhône-Alpes', 6, 'Western Europe'), (27, 'PAC', 'Provence-Alpes-Côte d''Azur', 6, 'Western Europe');

INSERT INTO cities (city_id, city_name, state_id, population) VALUES
    (1, 'New York', 1, 8336817), (2, 'Buffalo', 1, 278349), (3, 'Boston', 2, 675647), (4, 'Worcester', 2, 206518),
    (5, 'Philadelphia', 3, 1603797), (6, 'Pittsburgh', 3, 302971), (7, 'Chicago', 4, 2746388), (8, 'Springfield', 4, 114394),
    (9, 'Columbus', 5, 905748), (10, 'Cleveland', 5, 372624), (11, 'Detroit', 6, 639111), (12, 'Grand Rapids', 6, 198917),
    (13, 'Houston', 7, 2304580), (14, 'Dallas', 7, 1304379), (15, 'Austin', 7, 961855), (16, 'Miami', 8, 442241),
    (17, 'Orlando', 8, 307573), (18, 'Tampa', 8, 384959), (19, 'Atlanta', 9, 498715), (20, 'Savannah', 9, 147780),
    (21, 'Los Angeles', 10, 3898747), (22, 'San Francisco', 10, 873965), (23, 'San Diego', 10, 1386932), (24, 'Seattle', 11, 737015),
    (25, 'Spokane', 11, 228989), (26, 'Denver', 12, 715522), (27, 'Boulder', 12, 108250), (28, 'Toronto', 13, 2794356),
    (29, 'Ottawa', 13, 1017449), (30, 'Montreal', 14, 1762949), (31, 'Quebec City', 14, 549459), (32, 'Vancouver', 15, 662248),
    (33, 'Victoria', 15, 91867), (34, 'Calgary', 16, 1306784), (35, 'Edmonton', 16, 1010899), (36, 'Monterrey', 17, 1142994),
    (37, 'Guadalajara', 18, 1385629), (38, 'Mexico City', 19, 9209944), (39, 'Munich', 20, 1488202), (40, 'Nuremberg', 20, 518370),
    (41, 'Cologne', 21, 1083498), (42, 'Düsseldorf', 21, 619294), (43, 'Berlin', 22, 3677472), (44, 'London', 23, 8799800),
    (45, 'Manchester', 23, 552000), (46, 'Birmingham', 23, 1144900), (47, 'Edinburgh', 24, 506520), (48, 'Glasgow', 24, 635640),
    (49, 'Paris', 25, 2102650), (50, 'Versailles', 25, 83583), (51, 'Lyon', 26, 522250), (52, 'Grenoble', 26, 158198),
    (53, 'Marseille', 27, 873076), (54, 'Nice', 27, 342669);

-- 12,500 addresses; city weights favour large cities.
INSERT INTO addresses (address_id, street_line1, street_line2, city_id, postal_code)
SELECT i,
       (1 + pg_temp.erp_i(i, 1, 0, 9899)) || ' ' ||
           (ARRAY['Main St','Oak Ave','Maple Rd','Cedar Ln','Park Blvd','Elm St','Lake Dr','Hill Rd','River Way','Market St',
                  'Station Rd','Church St','Mill Ln','Harbor Dr','Pine St','Sunset Blvd'])[pg_temp.erp_i(i, 2, 1, 16)],
       CASE WHEN pg_temp.erp_r(i, 3) < 0.2 THEN 'Suite ' || pg_temp.erp_i(i, 4, 100, 999) END,
       CASE WHEN pg_temp.erp_r(i, 5) < 0.45 THEN (ARRAY[1, 7, 13, 21, 28, 38, 44, 49, 43, 3, 24, 19])[pg_temp.erp_i(i, 6, 1, 12)]
            ELSE pg_temp.erp_i(i, 7, 1, 54) END,
       lpad(pg_temp.erp_i(i, 8, 1000, 99999)::text, 5, '0')
FROM generate_series(1, 12500) AS i;

INSERT INTO cost_centers (cost_center_id, cc_code, cc_name)
SELECT i, 'CC' || lpad(i::text, 3, '0'),
       (ARRAY['Corporate','People','Finance','Sales Americas','Sales Europe','Operations','Procurement','Production',
              'IT','Marketing','Customer Care','Services','Research','Facilities','Legal','Logistics','Quality',
              'Maintenance','Inside Sales','Consulting'])[i]
FROM generate_series(1, 20) AS i;

INSERT INTO job_grades (grade_id, grade_code, min_salary_amt, max_salary_amt)
SELECT g, 'G' || g, 28000 + (g - 1) * 14000, 42000 + (g - 1) * 19000 FROM generate_series(1, 10) AS g;

INSERT INTO departments (dept_id, dept_code, dept_name, parent_dept_id, cost_center_id, location_city_id) VALUES
    (1, 'EXEC', 'Executive Office', NULL, 1, 1), (2, 'HR', 'Human Resources', NULL, 2, 1),
    (3, 'FIN', 'Finance', NULL, 3, 1), (4, 'SAL', 'Sales', NULL, 4, 7), (5, 'OPS', 'Operations', NULL, 6, 13),
    (6, 'PRC', 'Procurement', NULL, 7, 13), (7, 'MFG', 'Manufacturing', NULL, 8, 11), (8, 'IT', 'Information Technology', NULL, 9, 22),
    (9, 'MKT', 'Marketing', NULL, 10, 1), (10, 'CS', 'Customer Service', NULL, 11, 26), (11, 'PS', 'Professional Services', NULL, 12, 3),
    (12, 'HR-REC', 'Recruiting', 2, 2, 1), (13, 'HR-PAY', 'Payroll', 2, 2, 1),
    (14, 'FIN-AP', 'Accounts Payable', 3, 3, 1), (15, 'FIN-AR', 'Accounts Receivable', 3, 3, 1), (16, 'FIN-FPA', 'Financial Planning', 3, 3, 1),
    (17, 'SAL-NA', 'Sales North America', 4, 4, 7), (18, 'SAL-EU', 'Sales Europe', 4, 5, 44), (19, 'SAL-IN', 'Inside Sales', 4, 19, 14),
    (20, 'OPS-WH', 'Warehouse Operations', 5, 6, 13), (21, 'OPS-LOG', 'Logistics', 5, 16, 13),
    (22, 'PRC-SRC', 'Strategic Sourcing', 6, 7, 13), (23, 'MFG-ASM', 'Assembly', 7, 8, 11), (24, 'MFG-QA', 'Quality Assurance', 7, 17, 11),
    (25, 'MFG-MNT', 'Maintenance', 7, 18, 11), (26, 'IT-INF', 'Infrastructure', 8, 9, 22), (27, 'IT-DEV', 'Software Development', 8, 9, 22),
    (28, 'MKT-DIG', 'Digital Marketing', 9, 10, 1), (29, 'CS-DESK', 'Support Desk', 10, 11, 26), (30, 'PS-CON', 'Consulting', 11, 20, 3);

-- Three positions per department: staff, senior staff, manager.
INSERT INTO positions (position_id, title, grade_id, dept_id)
SELECT (d.dept_id - 1) * 3 + lvl,
       CASE lvl WHEN 1 THEN base WHEN 2 THEN 'Senior ' || base ELSE
           CASE WHEN d.dept_id = 1 THEN 'Chief Executive Officer' ELSE d.dept_name || ' Manager' END END,
       CASE lvl WHEN 1 THEN 3 + d.dept_id % 2 WHEN 2 THEN 5 + d.dept_id % 2 ELSE CASE WHEN d.dept_id = 1 THEN 10 ELSE 7 + d.dept_id % 3 END END,
       d.dept_id
FROM departments d
JOIN (VALUES (1, 'Executive Assistant'), (2, 'HR Generalist'), (3, 'Financial Analyst'), (4, 'Sales Representative'),
             (5, 'Operations Coordinator'), (6, 'Buyer'), (7, 'Production Technician'), (8, 'Systems Engineer'),
             (9, 'Marketing Specialist'), (10, 'Service Agent'), (11, 'Project Consultant'), (12, 'Recruiter'),
             (13, 'Payroll Specialist'), (14, 'AP Accountant'), (15, 'AR Accountant'), (16, 'FP&A Analyst'),
             (17, 'Account Executive'), (18, 'Account Executive'), (19, 'Inside Sales Representative'),
             (20, 'Warehouse Associate'), (21, 'Logistics Planner'), (22, 'Sourcing Specialist'), (23, 'Assembler'),
             (24, 'Quality Inspector'), (25, 'Maintenance Technician'), (26, 'Network Engineer'), (27, 'Software Engineer'),
             (28, 'Digital Marketer'), (29, 'Support Specialist'), (30, 'Consultant')) AS b (dept_id, base) ON b.dept_id = d.dept_id
CROSS JOIN generate_series(1, 3) AS lvl;

INSERT INTO leave_types VALUES
    (1, 'Vacation', true, 25), (2, 'Sick Leave', true, 15), (3, 'Parental Leave', true, 90),
    (4, 'Unpaid Leave', false, NULL), (5, 'Bereavement', true, 5), (6, 'Training Leave', true, 10);

INSERT INTO benefit_types VALUES
    (1, 'Health Insurance Basic', 'health'), (2, 'Health Insurance Premium', 'health'), (3, 'Dental Plan', 'health'),
    (4, '401k Match', 'retirement'), (5, 'Pension Plan', 'retirement'), (6, 'Life Insurance', 'insurance'),
    (7, 'Gym Membership', 'wellness'), (8, 'Transit Pass', 'transport');

INSERT INTO training_courses (course_id, course_name, provider, cost_amt, duration_hrs)
SELECT i,
       (ARRAY['Leadership Essentials','Advanced Excel','SQL for Analysts','Negotiation Skills','Workplace Safety',
              'Lean Manufacturing','Customer Empathy','Project Management Professional','Cloud Fundamentals',
              'Financial Modelling'])[1 + (i - 1) % 10] || CASE WHEN i > 10 THEN ' ' || (ARRAY['II','III','Online'])[(i - 1) / 10] ELSE '' END,
       (ARRAY['Internal Academy','Coursera','LinkedIn Learning','Dale Carnegie','PMI'])[pg_temp.erp_i(i, 11, 1, 5)],
       round((150 + pg_temp.erp_r(i, 12) * 2350)::numeric, 2),
       (4 + pg_temp.erp_i(i, 13, 0, 36))::numeric
FROM generate_series(1, 40) AS i;

INSERT INTO payroll_runs (payroll_run_id, period_start, period_end, pay_date, status)
SELECT m, (DATE '2024-01-01' + (m - 1) * INTERVAL '1 month')::date,
       (DATE '2024-01-01' + m * INTERVAL '1 month' - INTERVAL '1 day')::date,
       (DATE '2024-01-01' + m * INTERVAL '1 month' - INTERVAL '3 day')::date,
       CASE WHEN m = 24 THEN 'processed' ELSE 'paid' END
FROM generate_series(1, 24) AS m;

INSERT INTO sales_regions (region_id, region_name, quota_amt) VALUES
    (1, 'Northeast', 9000000), (2, 'Southeast', 7000000), (3, 'Midwest', 6500000), (4, 'West', 9500000),
    (5, 'Canada', 4000000), (6, 'Mexico', 2500000), (7, 'Northern Europe', 5000000), (8, 'Central Europe', 5500000);

INSERT INTO customer_segments VALUES
    (1, 'Enterprise', 'Large multinational accounts'), (2, 'Mid-Market', 'Companies with 100 to 1000 employees'),
    (3, 'Small Business', 'Companies with fewer than 100 employees'), (4, 'Public Sector', 'Government and education'),
    (5, 'Channel Partner', 'Resellers and distributors'), (6, 'Consumer', 'Individual buyers');

INSERT INTO carriers VALUES
    (1, 'UPS', 'UPSN'), (2, 'FedEx', 'FDEG'), (3, 'DHL', 'DHLC'), (4, 'USPS', NULL), (5, 'Canada Post', NULL), (6, 'DB Schenker', 'SCKR');

INSERT INTO units_of_measure VALUES (1, 'EA', 'Each'), (2, 'BOX', 'Box'), (3, 'KG', 'Kilogram'), (4, 'M', 'Meter'), (5, 'L', 'Liter'), (6, 'SET', 'Set');

INSERT INTO product_categories (category_id, category_name, parent_category_id) VALUES
    (1, 'Electronics', NULL), (2, 'Office Furniture', NULL), (3, 'Industrial Tools', NULL), (4, 'Safety Equipment', NULL),
    (5, 'Packaging', NULL), (6, 'Raw Materials', NULL), (7, 'Components', NULL), (8, 'Software & Licenses', NULL),
    (9, 'Laptops', 1), (10, 'Monitors', 1), (11, 'Networking', 1), (12, 'Desks', 2), (13, 'Chairs', 2), (14, 'Storage Cabinets', 2),
    (15, 'Power Tools', 3), (16, 'Hand Tools', 3), (17, 'Measuring Instruments', 3), (18, 'Protective Clothing', 4),
    (19, 'Head & Eye Protection', 4), (20, 'Boxes & Cartons', 5), (21, 'Tapes & Wraps', 5), (22, 'Metals', 6),
    (23, 'Plastics', 6), (24, 'Chemicals', 6), (25, 'Fasteners', 7), (26, 'Electrical Components', 7), (27, 'Circuit Boards', 7),
    (28, 'Subscriptions', 8), (29, 'Perpetual Licenses', 8), (30, 'Cables & Adapters', 1);

INSERT INTO fiscal_periods (period_id, fiscal_year, period_num, start_date, end_date, is_closed)
SELECT (y - 2022) * 12 + m, y, m, make_date(y, m, 1), (make_date(y, m, 1) + INTERVAL '1 month' - INTERVAL '1 day')::date,
       make_date(y, m, 1) < DATE '2025-10-01'
FROM generate_series(2022, 2025) AS y CROSS JOIN generate_series(1, 12) AS m;

INSERT INTO gl_accounts (account_id, account_number, account_name, account_type, parent_account_id) VALUES
    (1, '1000', 'Assets', 'asset', NULL), (2, '1100', 'Cash and Bank', 'asset', 1), (3, '1200', 'Accounts Receivable', 'asset', 1),
    (4, '1300', 'Inventory', 'asset', 1), (5, '1500', 'Fixed Assets', 'asset', 1),
    (6, '2000', 'Liabilities', 'liability', NULL), (7, '2100', 'Accounts Payable', 'liability', 6), (8, '2200', 'Accrued Payroll', 'liability', 6),
    (9, '2300', 'Sales Tax Payable', 'liability', 6), (10, '3000', 'Equity', 'equity', NULL), (11, '3100', 'Retained Earnings', 'equity', 10),
    (12, '4000', 'Revenue', 'revenue', NULL), (13, '4100', 'Product Sales', 'revenue', 12), (14, '4200', 'Service Revenue', 'revenue', 12),
    (15, '4300', 'Sales Returns and Allowances', 'revenue', 12),
    (16, '5000', 'Cost of Goods Sold', 'expense', NULL), (17, '5100', 'Materials', 'expense', 16), (18, '5200', 'Direct Labor', 'expense', 16),
    (19, '6000', 'Operating Expenses', 'expense', NULL), (20, '6100', 'Salaries and Wages', 'expense', 19), (21, '6200', 'Benefits', 'expense', 19),
    (22, '6300', 'Rent', 'expense', 19), (23, '6400', 'Travel', 'expense', 19), (24, '6500', 'Marketing', 'expense', 19),
    (25, '6600', 'Software', 'expense', 19), (26, '6700', 'Training', 'expense', 19), (27, '6800', 'Freight', 'expense', 19),
    (28, '6900', 'Utilities', 'expense', 19), (29, '7000', 'Depreciation', 'expense', 19), (30, '7100', 'Professional Fees', 'expense', 19);

INSERT INTO exchange_rates (rate_id, from_currency, to_currency, rate_date, rate)
SELECT row_number() OVER (ORDER BY c.code, m), c.code, 'USD', (DATE '2022-01-01' + (m - 1) * INTERVAL '1 month')::date,
       round((c.base * (1 + 0.06 * sin(m / 5.0 + c.phase)))::numeric, 6)
FROM (VALUES ('EUR', 1.08, 0.0), ('GBP', 1.26, 1.0), ('CAD', 0.74, 2.0), ('MXN', 0.055, 3.0), ('JPY', 0.0071, 4.0)) AS c (code, base, phase)
CROSS JOIN generate_series(1, 48) AS m;

INSERT INTO lead_sources VALUES
    (1, 'Website Form', 'online'), (2, 'Webinar', 'online'), (3, 'Trade Show', 'event'), (4, 'Customer Referral', 'referral'),
    (5, 'Partner Referral', 'partner'), (6, 'Cold Call', 'outbound'), (7, 'LinkedIn', 'online'), (8, 'Conference', 'event'),
    (9, 'Email Campaign', 'outbound'), (10, 'Reseller', 'partner');
