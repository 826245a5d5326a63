-- Deterministic demo rows: every value is a function of the row number, so every machine
-- builds the same database.
SET search_path TO public;

INSERT INTO departments (dept_id, dept_name, location, budget) VALUES
    (1, 'Engineering', 'Berlin', 1250000.00),
    (2, 'Sales', 'Madrid', 830000.00),
    (3, 'Marketing', 'Madrid', 415000.50),
    (4, 'Finance', 'Berlin', 390000.00),
    (5, 'Support', 'Lisbon', 275000.00),
    (6, 'Research', 'Zurich', 990000.00);

INSERT INTO employees (emp_id, first_name, last_name, email, dept_id, manager_id, hire_date, salary)
SELECT i,
       (ARRAY['Ana','Ben','Carla','David','Elena','Farid','Greta','Hugo','Ines','Jonas','Kira','Luis','Maya','Nils'])[1 + (i * 5) % 14],
       (ARRAY['Alves','Berg','Costa','Dietz','Evans','Fischer','Garcia','Huber','Ito','Jansen','Klein'])[1 + (i * 3) % 11],
       CASE WHEN i % 7 = 0 THEN NULL ELSE 'emp' || i || '@example.com' END,
       CASE WHEN i <= 6 THEN i ELSE 1 + (i % 6) END,
       CASE WHEN i <= 6 THEN NULL ELSE 1 + (i % 6) END,
       DATE '2016-01-04' + ((i * 137) % 2900),
       40000 + ((i * 1237) % 61) * 1000 + (i % 4) * 250
FROM generate_series(1, 40) AS i;

INSERT INTO customers (customer_id, customer_name, city, country, segment)
SELECT i,
       (ARRAY['Acme','Globex','Initech','Umbrella','Hooli','Vandelay','Stark','Wayne','Tyrell','Cyberdyne'])[1 + (i - 1) % 10]
           || ' ' || (ARRAY['Trading','Foods','Systems','Retail','Labs'])[1 + (i - 1) / 10 % 5],
       (ARRAY['Berlin','Madrid','Lisbon','Paris','Vienna','Porto','Lyon'])[1 + (i * 3) % 7],
       CASE (i * 3) % 7 WHEN 0 THEN 'Germany' WHEN 1 THEN 'Spain' WHEN 2 THEN 'Portugal' WHEN 3 THEN 'France'
                        WHEN 4 THEN 'Austria' WHEN 5 THEN 'Portugal' ELSE 'France' END,
       (ARRAY['retail','wholesale','online'])[1 + i % 3]
FROM generate_series(1, 25) AS i;

INSERT INTO products (product_id, product_name, category, unit_price, discontinued)
SELECT i,
       (ARRAY['Desk','Chair','Lamp','Monitor','Keyboard','Mouse','Cable','Dock','Headset','Webcam'])[1 + (i - 1) % 10]
           || CASE WHEN i > 10 THEN ' Pro' ELSE '' END,
       CASE WHEN (i - 1) % 10 < 3 THEN 'furniture' WHEN (i - 1) % 10 < 6 THEN 'peripherals' ELSE 'accessories' END,
       round((9.99 + ((i * 47) % 300) + CASE WHEN i > 10 THEN 50 ELSE 0 END)::numeric, 2),
       i IN (7, 14)
FROM generate_series(1, 20) AS i;

INSERT INTO orders (order_id, customer_id, sales_rep_id, order_date, ship_date, status)
SELECT i,
       1 + (i * 7) % 25,
       7 + (i * 11) % 34,
       DATE '2023-01-01' + ((i * 5) % 730),
       CASE WHEN i % 4 IN (2, 3) THEN DATE '2023-01-01' + ((i * 5) % 730) + (1 + i % 9) END,
       (ARRAY['pending','shipped','delivered','cancelled'])[1 + (i + 3) % 4]
FROM generate_series(1, 300) AS i;

INSERT INTO order_items (order_id, line_no, product_id, qty, unit_price, discount)
SELECT o.order_id, l.line_no,
       1 + (o.order_id * 3 + l.line_no * 7) % 20,
       1 + (o.order_id + l.line_no) % 5,
       p.unit_price,
       CASE WHEN (o.order_id + l.line_no) % 6 = 0 THEN 0.1 ELSE 0 END
FROM orders o
CROSS JOIN LATERAL generate_series(1, 1 + o.order_id % 4) AS l(line_no)
JOIN products p ON p.product_id = 1 + (o.order_id * 3 + l.line_no * 7) % 20;

ANALYZE;
