-- ERP data, part 3: sales orders and lines (2022-2025, growing over time), shipments, returns,
-- invoices and customer payments, sales targets.
SET search_path TO public;
CREATE OR REPLACE FUNCTION pg_temp.erp_r(k bigint, salt integer) RETURNS numeric
    LANGUAGE sql IMMUTABLE AS $$ SELECT abs(hashint8extended(k, salt) % 1000003)::numeric / 1000003 $$;
CREATE OR REPLACE FUNCTION pg_temp.erp_i(k bigint, salt integer, lo integer, hi integer) RETURNS integer
    LANGUAGE sql IMMUTABLE AS $$ SELECT lo + floor(pg_temp.erp_r(k, salt) * (hi - lo + 1))::integer $$;

CREATE TEMP TABLE customer_geo AS
SELECT c.customer_id, c.shipping_address_id, co.country_id, co.currency_code
FROM customers c
JOIN addresses a ON a.address_id = c.billing_address_id
JOIN cities ci ON ci.city_id = a.city_id
JOIN states_provinces s ON s.state_id = ci.state_id
JOIN countries co ON co.country_id = s.country_id;

CREATE TEMP TABLE reps AS
SELECT employee_id, row_number() OVER (ORDER BY employee_id) AS rn, count(*) OVER () AS n
FROM employees WHERE dept_id IN (17, 18, 19) AND position_id % 3 <> 0 AND hire_date <= DATE '2022-01-01' AND termination_date IS NULL;

-- ------------------------------------------------------------ sales orders (50,000)
INSERT INTO sales_orders (sales_order_id, order_number, customer_id, sales_rep_id, order_date, required_date, ship_date, status,
                          currency_code, discount_amt, total_amount, shipping_address_id, warehouse_id)
SELECT o.i, 'SO-' || to_char(o.d, 'YYYY') || '-' || lpad(o.i::text, 6, '0'), o.customer_id,
       CASE WHEN pg_temp.erp_r(o.i, 203) < 0.08 THEN NULL ELSE (SELECT employee_id FROM reps WHERE rn = 1 + o.i * 7 % (SELECT max(n) FROM reps)) END,
       o.d, o.d + pg_temp.erp_i(o.i, 204, 5, 30),
       CASE WHEN o.st IN ('shipped', 'delivered') THEN o.d + pg_temp.erp_i(o.i, 205, 1, 9) END,
       o.st, g.currency_code, 0, 0, g.shipping_address_id,
       CASE g.country_id WHEN 1 THEN pg_temp.erp_i(o.i, 206, 1, 6) WHEN 2 THEN 7 WHEN 3 THEN 8 WHEN 4 THEN 10 WHEN 5 THEN 11 ELSE 12 END
FROM (SELECT i, DATE '2022-01-01' + floor(1460 * sqrt(pg_temp.erp_r(i, 201)))::integer AS d,
             1 + floor(5999 * power(pg_temp.erp_r(i, 202), 1.6))::integer AS customer_id,
             CASE WHEN DATE '2022-01-01' + floor(1460 * sqrt(pg_temp.erp_r(i, 201)))::integer > DATE '2025-12-10'
                  THEN (ARRAY['draft', 'confirmed', 'confirmed', 'shipped'])[pg_temp.erp_i(i, 207, 1, 4)]
                  ELSE (ARRAY['delivered', 'delivered', 'delivered', 'delivered', 'delivered', 'delivered', 'delivered',
                              'delivered', 'delivered', 'delivered', 'delivered', 'delivered', 'delivered', 'delivered',
                              'delivered', 'delivered', 'shipped', 'cancelled', 'cancelled', 'confirmed'])[pg_temp.erp_i(i, 207, 1, 20)] END AS st
      FROM generate_series(1, 50000) AS i) o
JOIN customer_geo g ON g.customer_id = o.customer_id;

INSERT INTO order_lines (order_line_id, sales_order_id, line_no, product_id, qty, unit_price, discount_pct, line_total_amt)
SELECT row_number() OVER (ORDER BY so.sales_order_id, l), so.sales_order_id, l, p.product_id, q.qty, pr.price, dp.pct,
       round(q.qty * pr.price * (1 - dp.pct / 100), 2)
FROM sales_orders so
CROSS JOIN LATERAL generate_series(1, pg_temp.erp_i(so.sales_order_id, 211, 1, 9)) AS l
CROSS JOIN LATERAL (SELECT so.sales_order_id * 16 + l AS k) kk
JOIN products p ON p.product_id = 1 + floor(2499 * power(pg_temp.erp_r(kk.k, 212), 1.3))::integer
CROSS JOIN LATERAL (SELECT (ARRAY[1, 1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 12, 20, 25, 50])[pg_temp.erp_i(kk.k, 213, 1, 15)] AS qty) q
CROSS JOIN LATERAL (SELECT round(p.list_price * (0.92 + 0.02 * (extract(year FROM so.order_date) - 2022)), 2) AS price) pr
CROSS JOIN LATERAL (SELECT (ARRAY[0, 0, 0, 0, 0, 5, 5, 10, 15])[pg_temp.erp_i(kk.k, 214, 1, 9)]::numeric AS pct) dp;

UPDATE sales_orders so SET
    discount_amt = CASE WHEN pg_temp.erp_r(so.sales_order_id, 221) < 0.18 THEN round(t.s * 0.05, 2) ELSE 0 END,
    total_amount = t.s - CASE WHEN pg_temp.erp_r(so.sales_order_id, 221) < 0.18 THEN round(t.s * 0.05, 2) ELSE 0 END
FROM (SELECT sales_order_id, sum(line_total_amt) AS s FROM order_lines GROUP BY sales_order_id) t
WHERE t.sales_order_id = so.sales_order_id;

INSERT INTO shipments (shipment_id, sales_order_id, warehouse_id, carrier_id, ship_date, delivered_date, tracking_number, freight_cost_amt)
SELECT row_number() OVER (ORDER BY so.sales_order_id), so.sales_order_id, so.warehouse_id,
       CASE so.warehouse_id WHEN 7 THEN (ARRAY[5, 1, 2])[pg_temp.erp_i(so.sales_order_id, 231, 1, 3)]
                            WHEN 10 THEN (ARRAY[3, 6])[pg_temp.erp_i(so.sales_order_id, 231, 1, 2)]
                            WHEN 11 THEN (ARRAY[3, 6])[pg_temp.erp_i(so.sales_order_id, 231, 1, 2)]
                            WHEN 12 THEN (ARRAY[3, 6])[pg_temp.erp_i(so.sales_order_id, 231, 1, 2)]
                            ELSE (ARRAY[1, 1, 2, 2, 3, 4])[pg_temp.erp_i(so.sales_order_id, 231, 1, 6)] END,
       so.ship_date,
       CASE WHEN so.status = 'delivered' THEN so.ship_date + pg_temp.erp_i(so.sales_order_id, 232, 1, 8) END,
       'TRK' || lpad((so.sales_order_id * 7919 % 100000000)::text, 10, '0'),
       round((8 + pg_temp.erp_r(so.sales_order_id, 233) * 140)::numeric, 2)
FROM sales_orders so WHERE so.status IN ('shipped', 'delivered');

INSERT INTO sales_returns (return_id, sales_order_id, order_line_id, return_date, qty, reason, refund_amt)
SELECT row_number() OVER (ORDER BY ol.order_line_id), ol.sales_order_id, ol.order_line_id,
       sh.delivered_date + pg_temp.erp_i(ol.order_line_id, 242, 1, 25), rq.qty,
       (ARRAY['damaged', 'wrong_item', 'not_needed', 'defective', 'late'])[pg_temp.erp_i(ol.order_line_id, 243, 1, 5)],
       round(ol.line_total_amt / ol.qty * rq.qty, 2)
FROM order_lines ol
JOIN shipments sh ON sh.sales_order_id = ol.sales_order_id AND sh.delivered_date IS NOT NULL
CROSS JOIN LATERAL (SELECT LEAST(ol.qty, pg_temp.erp_i(ol.order_line_id, 244, 1, 3)) AS qty) rq
WHERE pg_temp.erp_r(ol.order_line_id, 241) < 0.015;

-- Invoices for shipped and delivered orders; tax 8 %.
INSERT INTO invoices (invoice_id, invoice_number, customer_id, sales_order_id, invoice_date, due_date, currency_code, tax_amt, total_amount, status)
SELECT row_number() OVER (ORDER BY so.sales_order_id), 'INV-' || lpad(so.sales_order_id::text, 7, '0'), so.customer_id, so.sales_order_id,
       so.ship_date, so.ship_date + c.payment_terms_days, so.currency_code, round(so.total_amount * 0.08, 2),
       so.total_amount + round(so.total_amount * 0.08, 2),
       CASE WHEN pg_temp.erp_r(so.sales_order_id, 251) < 0.01 THEN 'void'
            WHEN so.ship_date + c.payment_terms_days > DATE '2025-12-31' AND pg_temp.erp_r(so.sales_order_id, 252) < 0.6 THEN 'open'
            WHEN pg_temp.erp_r(so.sales_order_id, 252) < 0.93 THEN 'paid' ELSE 'overdue' END
FROM sales_orders so JOIN customers c ON c.customer_id = so.customer_id
WHERE so.status IN ('shipped', 'delivered');

INSERT INTO customer_payments (payment_id, invoice_id, payment_date, amount, payment_method)
SELECT row_number() OVER (ORDER BY i.invoice_id, part), i.invoice_id,
       LEAST(DATE '2025-12-31', i.invoice_date + pg_temp.erp_i(i.invoice_id * 3 + part, 261, 3, 75)),
       CASE WHEN split.n = 1 THEN i.total_amount WHEN part = 1 THEN round(i.total_amount / 2, 2) ELSE i.total_amount - round(i.total_amount / 2, 2) END,
       (ARRAY['bank_transfer', 'bank_transfer', 'card', 'check', 'cash'])[pg_temp.erp_i(i.invoice_id, 262, 1, 5)]
FROM invoices i
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.erp_r(i.invoice_id, 263) < 0.1 THEN 2 ELSE 1 END AS n) split
CROSS JOIN LATERAL generate_series(1, split.n) AS part
WHERE i.status = 'paid' AND i.total_amount > 0;

INSERT INTO sales_targets (target_id, sales_rep_id, fiscal_year, quarter, target_amt)
SELECT row_number() OVER (ORDER BY r.employee_id, y, q), r.employee_id, y, q,
       round((60000 + pg_temp.erp_r(r.employee_id * 100 + y * 4 + q, 271) * 140000) * (1 + 0.1 * (y - 2022)), -3)
FROM reps r CROSS JOIN generate_series(2022, 2025) AS y CROSS JOIN generate_series(1, 4) AS q;
