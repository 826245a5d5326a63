-- ERP data, part 4: purchasing, inventory movements, projects, manufacturing, CRM and the ledger.
SET search_path TO public;
CREATE OR REPLACE FUNCTION pg_temp.erp_r(k bigint, salt integer) RETURNS numeric
    LANGUAGE sql IMMUTABLE AS $$ SELECT abs(hashint8extended(k, salt) % 1000003)::numeric / 1000003 $$;
CREATE OR REPLACE FUNCTION pg_temp.erp_i(k bigint, salt integer, lo integer, hi integer) RETURNS integer
    LANGUAGE sql IMMUTABLE AS $$ SELECT lo + floor(pg_temp.erp_r(k, salt) * (hi - lo + 1))::integer $$;

CREATE TEMP TABLE staff AS
SELECT employee_id, dept_id, row_number() OVER (PARTITION BY dept_id ORDER BY employee_id) AS rn,
       count(*) OVER (PARTITION BY dept_id) AS n
FROM employees WHERE termination_date IS NULL;
CREATE INDEX ON staff (dept_id, rn);

-- ------------------------------------------------------------ purchasing
INSERT INTO purchase_requisitions (requisition_id, requested_by, dept_id, request_date, needed_by_date, status)
SELECT i, s.employee_id, s.dept_id, DATE '2022-01-03' + pg_temp.erp_i(i, 302, 0, 1450), DATE '2022-01-03' + pg_temp.erp_i(i, 302, 0, 1450) + 21,
       (ARRAY['ordered', 'ordered', 'ordered', 'approved', 'submitted', 'rejected'])[pg_temp.erp_i(i, 303, 1, 6)]
FROM generate_series(1, 4000) AS i
JOIN staff s ON s.dept_id = (ARRAY[5, 7, 8, 20, 21, 23, 25, 26, 27, 30])[pg_temp.erp_i(i, 301, 1, 10)]
            AND s.rn = 1 + i % s.n;

INSERT INTO requisition_lines (req_line_id, requisition_id, product_id, qty, est_unit_cost)
SELECT row_number() OVER (ORDER BY r.requisition_id, n), r.requisition_id, p.product_id, pg_temp.erp_i(r.requisition_id * 10 + n, 312, 1, 50),
       CASE WHEN pg_temp.erp_r(r.requisition_id * 10 + n, 313) < 0.2 THEN NULL ELSE p.standard_cost END
FROM purchase_requisitions r CROSS JOIN generate_series(1, 3) AS n
JOIN products p ON p.product_id = 1 + pg_temp.erp_i(r.requisition_id * 10 + n, 311, 0, 2499)
WHERE n = 1 OR pg_temp.erp_r(r.requisition_id * 10 + n, 314) < 0.5;

CREATE TEMP TABLE vendor_catalog AS
SELECT vendor_id, product_id, unit_cost, row_number() OVER (PARTITION BY vendor_id ORDER BY product_id) AS rn,
       count(*) OVER (PARTITION BY vendor_id) AS n
FROM vendor_products;
CREATE INDEX ON vendor_catalog (vendor_id, rn);
CREATE TEMP TABLE vendor_list AS
SELECT vendor_id, row_number() OVER (ORDER BY vendor_id) AS rn, count(*) OVER () AS n
FROM (SELECT DISTINCT vendor_id FROM vendor_catalog) v;

INSERT INTO purchase_orders (po_id, po_number, vendor_id, buyer_id, requisition_id, warehouse_id, po_date, expected_date, status, currency_code, total_amt)
SELECT i, 'PO-' || lpad((100000 + i)::text, 7, '0'), v.vendor_id,
       (SELECT employee_id FROM staff WHERE dept_id IN (6, 22) ORDER BY employee_id OFFSET i % (SELECT count(*) FROM staff WHERE dept_id IN (6, 22)) LIMIT 1),
       CASE WHEN i <= 4000 AND pg_temp.erp_r(i, 322) < 0.5 THEN i END,
       pg_temp.erp_i(i, 323, 1, 12),
       d.po_date, d.po_date + pg_temp.erp_i(i, 324, 5, 45),
       CASE WHEN d.po_date > DATE '2025-11-15' THEN (ARRAY['draft', 'approved', 'sent', 'partially_received'])[pg_temp.erp_i(i, 325, 1, 4)]
            ELSE (ARRAY['received', 'received', 'closed', 'closed', 'closed', 'partially_received', 'cancelled', 'sent'])[pg_temp.erp_i(i, 325, 1, 8)] END,
       CASE WHEN pg_temp.erp_i(i, 323, 1, 12) IN (10, 12) THEN 'EUR' WHEN pg_temp.erp_i(i, 323, 1, 12) = 11 THEN 'GBP' ELSE 'USD' END,
       0
FROM generate_series(1, 10000) AS i
CROSS JOIN LATERAL (SELECT DATE '2022-01-03' + floor(1455 * sqrt(pg_temp.erp_r(i, 326)))::integer AS po_date) d
JOIN vendor_list v ON v.rn = 1 + pg_temp.erp_i(i, 321, 0, 99999) % v.n;

INSERT INTO po_lines (po_line_id, po_id, line_no, product_id, qty_ordered, unit_cost, qty_received)
SELECT row_number() OVER (ORDER BY po.po_id, l), po.po_id, l, vc.product_id, q.qty, vc.unit_cost,
       CASE WHEN po.status IN ('received', 'closed') THEN q.qty
            WHEN po.status = 'partially_received' THEN CASE WHEN l % 2 = 1 THEN q.qty ELSE q.qty / 2 END ELSE 0 END
FROM purchase_orders po
CROSS JOIN LATERAL generate_series(1, pg_temp.erp_i(po.po_id, 331, 1, 6)) AS l
JOIN vendor_catalog vc ON vc.vendor_id = po.vendor_id AND vc.rn = 1 + (po.po_id * 7 + l * 3) % vc.n
CROSS JOIN LATERAL (SELECT (ARRAY[5, 10, 20, 25, 50, 100, 200, 500])[pg_temp.erp_i(po.po_id * 10 + l, 332, 1, 8)] AS qty) q
WHERE l = 1 OR (po.po_id * 7 + l * 3) % vc.n <> (po.po_id * 7 + 3) % vc.n;

UPDATE purchase_orders po SET total_amt = t.s
FROM (SELECT po_id, sum(qty_ordered * unit_cost) AS s FROM po_lines GROUP BY po_id) t WHERE t.po_id = po.po_id;

INSERT INTO goods_receipts (receipt_id, po_id, warehouse_id, receipt_date, received_by)
SELECT row_number() OVER (ORDER BY po.po_id), po.po_id, po.warehouse_id, LEAST(DATE '2025-12-31', po.expected_date + pg_temp.erp_i(po.po_id, 341, -3, 12)),
       (SELECT employee_id FROM staff WHERE dept_id = 20 ORDER BY employee_id OFFSET po.po_id % (SELECT count(*) FROM staff WHERE dept_id = 20) LIMIT 1)
FROM purchase_orders po WHERE po.status IN ('received', 'closed', 'partially_received');

INSERT INTO receipt_lines (receipt_line_id, receipt_id, po_line_id, qty_received, qty_rejected)
SELECT row_number() OVER (ORDER BY pl.po_line_id), gr.receipt_id, pl.po_line_id, pl.qty_received,
       CASE WHEN pg_temp.erp_r(pl.po_line_id, 351) < 0.04 THEN 1 + pl.qty_received / 20 ELSE 0 END
FROM po_lines pl JOIN goods_receipts gr ON gr.po_id = pl.po_id WHERE pl.qty_received > 0;

INSERT INTO vendor_bills (bill_id, bill_number, vendor_id, po_id, bill_date, due_date, total_amt, status)
SELECT row_number() OVER (ORDER BY po.po_id), 'BILL-' || po.vendor_id || '-' || po.po_id, po.vendor_id, po.po_id,
       gr.receipt_date + pg_temp.erp_i(po.po_id, 361, 1, 14), gr.receipt_date + pg_temp.erp_i(po.po_id, 361, 1, 14) + v.payment_terms_days,
       po.total_amt,
       CASE WHEN gr.receipt_date + v.payment_terms_days > DATE '2025-12-01' THEN (ARRAY['received', 'approved'])[pg_temp.erp_i(po.po_id, 362, 1, 2)]
            WHEN pg_temp.erp_r(po.po_id, 363) < 0.03 THEN 'disputed' ELSE 'paid' END
FROM purchase_orders po JOIN goods_receipts gr ON gr.po_id = po.po_id JOIN vendors v ON v.vendor_id = po.vendor_id
WHERE po.status IN ('received', 'closed');

INSERT INTO vendor_payments (vendor_payment_id, bill_id, payment_date, amt, payment_method)
SELECT row_number() OVER (ORDER BY b.bill_id), b.bill_id, LEAST(DATE '2025-12-31', b.due_date - pg_temp.erp_i(b.bill_id, 371, -5, 10)), b.total_amt,
       (ARRAY['bank_transfer', 'bank_transfer', 'check', 'card'])[pg_temp.erp_i(b.bill_id, 372, 1, 4)]
FROM vendor_bills b WHERE b.status = 'paid';

-- ------------------------------------------------------------ inventory movements
INSERT INTO stock_movements (movement_id, product_id, warehouse_id, movement_type, qty, movement_date, reference_type, reference_id)
SELECT row_number() OVER (ORDER BY src, ref, pid), pid, wh, mtype, qty, d, rtype, ref
FROM (
    SELECT 1 AS src, rl.receipt_line_id AS ref, pl.product_id AS pid, gr.warehouse_id AS wh, 'receipt' AS mtype,
           rl.qty_received - rl.qty_rejected AS qty, gr.receipt_date AS d, 'goods_receipt' AS rtype
    FROM receipt_lines rl JOIN goods_receipts gr ON gr.receipt_id = rl.receipt_id JOIN po_lines pl ON pl.po_line_id = rl.po_line_id
    WHERE rl.qty_received > rl.qty_rejected
    UNION ALL
    SELECT 2, ol.order_line_id, ol.product_id, so.warehouse_id, 'issue', ol.qty, so.ship_date, 'sales_order'
    FROM order_lines ol JOIN sales_orders so ON so.sales_order_id = ol.sales_order_id
    WHERE so.ship_date >= DATE '2025-01-01'
) m;

INSERT INTO stock_transfers (transfer_id, from_warehouse_id, to_warehouse_id, product_id, qty, transfer_date, status)
SELECT i, f.w, CASE WHEN t.w = f.w THEN 1 + f.w % 12 ELSE t.w END, 1 + pg_temp.erp_i(i, 381, 0, 2499),
       pg_temp.erp_i(i, 382, 1, 200), DATE '2022-02-01' + pg_temp.erp_i(i, 383, 0, 1420),
       (ARRAY['completed', 'completed', 'completed', 'completed', 'in_transit', 'requested', 'cancelled'])[pg_temp.erp_i(i, 384, 1, 7)]
FROM generate_series(1, 3000) AS i
CROSS JOIN LATERAL (SELECT pg_temp.erp_i(i, 385, 1, 12) AS w) f
CROSS JOIN LATERAL (SELECT pg_temp.erp_i(i, 386, 1, 12) AS w) t;

INSERT INTO inventory_adjustments (adjustment_id, warehouse_id, product_id, adj_date, qty_change, reason)
SELECT i, il.warehouse_id, il.product_id, DATE '2022-03-01' + pg_temp.erp_i(i, 391, 0, 1390),
       CASE WHEN r.reason = 'found' THEN pg_temp.erp_i(i, 392, 1, 20) ELSE -pg_temp.erp_i(i, 392, 1, 20) END, r.reason
FROM generate_series(1, 2000) AS i
JOIN (SELECT warehouse_id, product_id, row_number() OVER (ORDER BY warehouse_id, product_id) AS rn FROM inventory_levels) il
  ON il.rn = 1 + (i * 37) % (SELECT count(*) FROM inventory_levels)
CROSS JOIN LATERAL (SELECT (ARRAY['count_correction', 'count_correction', 'damage', 'theft', 'expiry', 'found'])[pg_temp.erp_i(i, 393, 1, 6)] AS reason) r;

-- ------------------------------------------------------------ projects (300)
INSERT INTO projects (project_id, project_code, project_name, customer_id, project_manager_id, dept_id, start_date, end_date, status, contract_value_amt)
SELECT i, 'PRJ-' || lpad(i::text, 4, '0'),
       (ARRAY['ERP Rollout','Warehouse Automation','CRM Migration','Data Platform','Network Upgrade','Process Redesign',
              'Cloud Migration','Security Audit','Plant Expansion','Analytics Dashboard','Mobile App','Supplier Portal'])[pg_temp.erp_i(i, 401, 1, 12)]
         || ' ' || (ARRAY['Phase I','Phase II','Pilot','2.0','Europe','North America','Q' || (1 + i % 4)])[pg_temp.erp_i(i, 402, 1, 7)] || ' #' || i,
       CASE WHEN pg_temp.erp_r(i, 403) < 0.7 THEN 1 + floor(5999 * power(pg_temp.erp_r(i, 404), 1.5))::integer END,
       (SELECT employee_id FROM staff WHERE dept_id IN (11, 30) ORDER BY employee_id OFFSET i % (SELECT count(*) FROM staff WHERE dept_id IN (11, 30)) LIMIT 1),
       (ARRAY[30, 30, 30, 27, 11])[pg_temp.erp_i(i, 405, 1, 5)],
       sd.d,
       CASE WHEN st.s IN ('completed', 'cancelled') THEN sd.d + pg_temp.erp_i(i, 407, 60, 500)
            WHEN st.s <> 'planned' THEN sd.d + pg_temp.erp_i(i, 407, 200, 700) END,
       st.s,
       CASE WHEN pg_temp.erp_r(i, 403) < 0.7 THEN round((50000 + 1950000 * power(pg_temp.erp_r(i, 408), 2))::numeric, -3) END
FROM generate_series(1, 300) AS i
CROSS JOIN LATERAL (SELECT DATE '2022-01-03' + pg_temp.erp_i(i, 406, 0, 1400) AS d) sd
CROSS JOIN LATERAL (SELECT CASE WHEN sd.d > DATE '2025-09-01' THEN 'planned'
        ELSE (ARRAY['completed', 'completed', 'completed', 'active', 'active', 'on_hold', 'cancelled'])[pg_temp.erp_i(i, 409, 1, 7)] END AS s) st;

INSERT INTO project_phases (phase_id, project_id, seq_no, phase_name, start_date, end_date)
SELECT (p.project_id - 1) * 4 + n, p.project_id, n, (ARRAY['Discovery', 'Design', 'Build', 'Deploy'])[n],
       p.start_date + (n - 1) * 60, CASE WHEN p.status = 'completed' OR n < 3 THEN p.start_date + n * 60 - 1 END
FROM projects p CROSS JOIN generate_series(1, 4) AS n;

INSERT INTO project_members (project_id, employee_id, role, allocation_pct, joined_date)
SELECT DISTINCT ON (p.project_id, s.employee_id) p.project_id, s.employee_id,
       (ARRAY['consultant', 'developer', 'analyst', 'architect', 'tester'])[pg_temp.erp_i(p.project_id * 10 + k.n, 412, 1, 5)],
       (ARRAY[20, 25, 50, 50, 75, 100])[pg_temp.erp_i(p.project_id * 10 + k.n, 413, 1, 6)], p.start_date + pg_temp.erp_i(p.project_id * 10 + k.n, 414, 0, 30)
FROM projects p CROSS JOIN generate_series(1, 7) AS k (n)
JOIN staff s ON s.dept_id = (ARRAY[30, 30, 30, 27, 27, 11, 26])[k.n] AND s.rn = 1 + (p.project_id * 13 + k.n * 5) % s.n
ORDER BY p.project_id, s.employee_id;
INSERT INTO project_members (project_id, employee_id, role, allocation_pct, joined_date)
SELECT p.project_id, p.project_manager_id, 'project_manager', 50, p.start_date FROM projects p
ON CONFLICT (project_id, employee_id) DO UPDATE SET role = 'project_manager';

INSERT INTO project_tasks (task_id, project_id, phase_id, task_name, assigned_to, est_hours, due_date, status)
SELECT row_number() OVER (ORDER BY p.project_id, n), p.project_id, (p.project_id - 1) * 4 + 1 + (n - 1) / 5,
       (ARRAY['Requirements workshop','Solution design','Configuration','Data migration','Integration','Testing',
              'Training','Go-live support','Documentation','Review'])[1 + (n - 1) % 10] || ' ' || n,
       m.employee_id, (4 + pg_temp.erp_i(p.project_id * 100 + n, 421, 0, 76))::numeric, p.start_date + n * 12,
       CASE WHEN p.status = 'completed' THEN 'done' WHEN p.status = 'planned' THEN 'todo'
            ELSE (ARRAY['done', 'done', 'in_progress', 'todo', 'blocked'])[pg_temp.erp_i(p.project_id * 100 + n, 422, 1, 5)] END
FROM projects p CROSS JOIN generate_series(1, 20) AS n
JOIN LATERAL (SELECT employee_id FROM project_members pm WHERE pm.project_id = p.project_id ORDER BY employee_id
              OFFSET n % 5 LIMIT 1) m ON true;

INSERT INTO timesheets (timesheet_id, employee_id, project_id, task_id, work_date, hours, is_billable, hourly_rate)
SELECT row_number() OVER (ORDER BY t.task_id, n), t.assigned_to, t.project_id, t.task_id,
       LEAST(DATE '2025-12-31', p.start_date + pg_temp.erp_i(t.task_id * 20 + n, 431, 0, 300)),
       (ARRAY[1, 2, 2, 4, 4, 6, 8, 8])[pg_temp.erp_i(t.task_id * 20 + n, 432, 1, 8)]::numeric,
       p.customer_id IS NOT NULL AND pg_temp.erp_r(t.task_id * 20 + n, 433) < 0.85,
       (ARRAY[95, 120, 150, 180, 220])[pg_temp.erp_i(t.assigned_to, 434, 1, 5)]::numeric
FROM project_tasks t JOIN projects p ON p.project_id = t.project_id
CROSS JOIN generate_series(1, 12) AS n
WHERE p.status <> 'planned' AND p.start_date + pg_temp.erp_i(t.task_id * 20 + n, 431, 0, 300) <= COALESCE(p.end_date, DATE '2025-12-31');

INSERT INTO project_budgets (project_budget_id, project_id, budget_category, budget_amt)
SELECT row_number() OVER (ORDER BY p.project_id, c.ord), p.project_id, c.cat,
       round(COALESCE(p.contract_value_amt, 200000) * c.share * (0.8 + 0.4 * pg_temp.erp_r(p.project_id * 10 + c.ord, 441)), -2)
FROM projects p
CROSS JOIN (VALUES (1, 'labor', 0.55), (2, 'materials', 0.15), (3, 'travel', 0.06), (4, 'subcontract', 0.12), (5, 'other', 0.04)) AS c (ord, cat, share)
WHERE pg_temp.erp_r(p.project_id * 10 + c.ord, 442) < 0.9;

INSERT INTO project_expenses (expense_id, project_id, expense_date, category, amount, submitted_by, vendor_id, is_approved)
SELECT row_number() OVER (ORDER BY p.project_id, n), p.project_id,
       LEAST(DATE '2025-12-31', p.start_date + pg_temp.erp_i(p.project_id * 100 + n, 451, 0, 500)), cat.c,
       round((200 + COALESCE(p.contract_value_amt, 200000) / 60 * pg_temp.erp_r(p.project_id * 100 + n, 452) * (1 + pg_temp.erp_r(p.project_id * 100 + n, 457)))::numeric, 2),
       p.project_manager_id,
       CASE WHEN cat.c IN ('materials', 'subcontract') THEN 1 + pg_temp.erp_i(p.project_id * 100 + n, 453, 0, 399) END,
       pg_temp.erp_r(p.project_id * 100 + n, 454) < 0.92
FROM projects p CROSS JOIN generate_series(1, 60) AS n
CROSS JOIN LATERAL (SELECT (ARRAY['labor', 'labor', 'labor', 'materials', 'travel', 'subcontract', 'other'])[pg_temp.erp_i(p.project_id * 100 + n, 455, 1, 7)] AS c) cat
WHERE p.status <> 'planned' AND n <= 20 + pg_temp.erp_i(p.project_id, 456, 0, 40);

INSERT INTO milestones (milestone_id, project_id, milestone_name, due_date, completed_date, billing_amt)
SELECT (p.project_id - 1) * 4 + n, p.project_id, (ARRAY['Kick-off', 'Design sign-off', 'User acceptance', 'Go-live'])[n],
       p.start_date + n * 75,
       CASE WHEN p.status = 'completed' OR (p.status = 'active' AND n <= 2) THEN p.start_date + n * 75 + pg_temp.erp_i(p.project_id * 10 + n, 461, -10, 30) END,
       CASE WHEN p.contract_value_amt IS NOT NULL THEN round(p.contract_value_amt / 4, 2) END
FROM projects p CROSS JOIN generate_series(1, 4) AS n;

INSERT INTO project_risks (risk_id, project_id, description, probability, impact, status, owner_id)
SELECT (p.project_id - 1) * 3 + n, p.project_id,
       (ARRAY['Scope creep', 'Key staff unavailable', 'Vendor delay', 'Data quality issues', 'Budget overrun', 'Integration complexity'])[pg_temp.erp_i(p.project_id * 10 + n, 471, 1, 6)],
       (ARRAY['low', 'medium', 'high'])[pg_temp.erp_i(p.project_id * 10 + n, 472, 1, 3)], (ARRAY['low', 'medium', 'high'])[pg_temp.erp_i(p.project_id * 10 + n, 473, 1, 3)],
       (ARRAY['open', 'mitigated', 'closed'])[pg_temp.erp_i(p.project_id * 10 + n, 474, 1, 3)], p.project_manager_id
FROM projects p CROSS JOIN generate_series(1, 3) AS n;

-- ------------------------------------------------------------ manufacturing
INSERT INTO work_centers (work_center_id, wc_code, wc_name, warehouse_id, capacity_hrs_per_day, hourly_cost)
SELECT i, 'WC-' || lpad(i::text, 2, '0'),
       (ARRAY['CNC Machining','Sheet Metal','Welding','Painting','PCB Assembly','Final Assembly','Testing Bench','Packaging Line'])[1 + (i - 1) % 8]
         || CASE WHEN i > 8 THEN ' ' || (ARRAY['Munich', 'Houston'])[1 + (i - 9) / 4] ELSE '' END,
       CASE WHEN i <= 8 THEN 9 WHEN i <= 12 THEN 10 ELSE 1 END,
       (ARRAY[8, 16, 16, 24])[pg_temp.erp_i(i, 481, 1, 4)]::numeric, round((45 + pg_temp.erp_r(i, 482) * 110)::numeric, 2)
FROM generate_series(1, 15) AS i;

INSERT INTO bills_of_materials (bom_id, product_id, version, is_active, created_date)
SELECT row_number() OVER (ORDER BY p.product_id, v), p.product_id, v,
       v = CASE WHEN pg_temp.erp_r(p.product_id, 491) < 0.3 THEN 2 ELSE 1 END,
       DATE '2021-06-01' + (v - 1) * 500 + pg_temp.erp_i(p.product_id, 492, 0, 200)
FROM products p CROSS JOIN generate_series(1, 2) AS v
WHERE p.is_manufactured AND (v = 1 OR pg_temp.erp_r(p.product_id, 491) < 0.3);

INSERT INTO bom_components (bom_component_id, bom_id, component_product_id, qty_per, scrap_pct)
SELECT row_number() OVER (ORDER BY b.bom_id, n), b.bom_id, c.product_id,
       (ARRAY[1, 1, 2, 4, 0.5, 0.25, 8, 12])[pg_temp.erp_i(b.bom_id * 10 + n, 502, 1, 8)]::numeric,
       (ARRAY[0, 0, 1, 2, 5])[pg_temp.erp_i(b.bom_id * 10 + n, 503, 1, 5)]::numeric
FROM bills_of_materials b CROSS JOIN generate_series(1, 8) AS n
JOIN (SELECT product_id, row_number() OVER (ORDER BY product_id) AS rn, count(*) OVER () AS cnt
      FROM products WHERE category_id IN (22, 23, 24, 25, 26, 27, 30) AND NOT is_manufactured) c
  ON c.rn = 1 + (b.bom_id * 31 + n * 17) % c.cnt
WHERE n <= 3 + pg_temp.erp_i(b.bom_id, 501, 0, 5);

INSERT INTO routings (routing_id, product_id, operation_seq, work_center_id, setup_min, run_min_per_unit)
SELECT row_number() OVER (ORDER BY p.product_id, n), p.product_id, n * 10,
       (ARRAY[1, 2, 5, 6, 7, 8])[LEAST(6, n + pg_temp.erp_i(p.product_id, 511, 0, 2))] + CASE WHEN p.product_id % 4 = 0 THEN 8 ELSE 0 END * 0,
       (15 + pg_temp.erp_i(p.product_id * 10 + n, 512, 0, 45))::numeric, round((1 + pg_temp.erp_r(p.product_id * 10 + n, 513) * 29)::numeric, 2)
FROM products p CROSS JOIN generate_series(1, 4) AS n
WHERE p.is_manufactured AND n <= 2 + pg_temp.erp_i(p.product_id, 514, 0, 2);

INSERT INTO production_orders (prod_order_id, prod_order_number, product_id, bom_id, warehouse_id, qty_planned, qty_completed, start_date,
                               due_date, completed_date, status)
SELECT i, 'MO-' || lpad(i::text, 6, '0'), b.product_id, b.bom_id, (ARRAY[9, 9, 9, 10, 1])[pg_temp.erp_i(i, 522, 1, 5)],
       qp.q, CASE WHEN st.s = 'completed' THEN qp.q - CASE WHEN pg_temp.erp_r(i, 523) < 0.2 THEN pg_temp.erp_i(i, 524, 1, 3) ELSE 0 END
                  WHEN st.s = 'in_progress' THEN qp.q / 2 ELSE 0 END,
       sd.d, sd.d + pg_temp.erp_i(i, 525, 5, 30),
       CASE WHEN st.s = 'completed' THEN sd.d + pg_temp.erp_i(i, 526, 3, 40) END, st.s
FROM generate_series(1, 8000) AS i
JOIN (SELECT bom_id, product_id, row_number() OVER (ORDER BY bom_id) AS rn, count(*) OVER () AS cnt FROM bills_of_materials WHERE is_active) b
  ON b.rn = 1 + pg_temp.erp_i(i, 521, 0, 100000) % b.cnt
CROSS JOIN LATERAL (SELECT DATE '2022-01-03' + floor(1440 * sqrt(pg_temp.erp_r(i, 527)))::integer AS d) sd
CROSS JOIN LATERAL (SELECT (ARRAY[10, 20, 25, 50, 100, 200])[pg_temp.erp_i(i, 528, 1, 6)] AS q) qp
CROSS JOIN LATERAL (SELECT CASE WHEN sd.d > DATE '2025-11-20' THEN (ARRAY['planned', 'released', 'in_progress'])[pg_temp.erp_i(i, 529, 1, 3)]
        ELSE (ARRAY['completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'cancelled', 'in_progress'])[pg_temp.erp_i(i, 529, 1, 9)] END AS s) st;

INSERT INTO production_operations (operation_id, prod_order_id, operation_seq, work_center_id, operator_id, actual_hours, completed_at)
SELECT row_number() OVER (ORDER BY po.prod_order_id, r.operation_seq), po.prod_order_id, r.operation_seq, r.work_center_id,
       (SELECT employee_id FROM staff WHERE dept_id = 23 ORDER BY employee_id OFFSET (po.prod_order_id + r.operation_seq) % (SELECT count(*) FROM staff WHERE dept_id = 23) LIMIT 1),
       round((r.setup_min + r.run_min_per_unit * po.qty_completed) / 60 * (0.85 + 0.3 * pg_temp.erp_r(po.prod_order_id * 100 + r.operation_seq, 531)), 2),
       (po.completed_date - 1)::timestamp + make_interval(hours => 8 + r.operation_seq / 10)
FROM production_orders po JOIN routings r ON r.product_id = po.product_id
WHERE po.status = 'completed';

INSERT INTO material_issues (issue_id, prod_order_id, product_id, warehouse_id, qty_issued, issue_date)
SELECT row_number() OVER (ORDER BY po.prod_order_id, bc.bom_component_id), po.prod_order_id, bc.component_product_id, po.warehouse_id,
       round(bc.qty_per * po.qty_planned * (1 + bc.scrap_pct / 100), 3), po.start_date
FROM production_orders po JOIN bom_components bc ON bc.bom_id = po.bom_id
WHERE po.status IN ('completed', 'in_progress');

INSERT INTO quality_inspections (inspection_id, prod_order_id, inspector_id, inspection_date, qty_inspected, qty_failed, result)
SELECT row_number() OVER (ORDER BY po.prod_order_id), po.prod_order_id,
       (SELECT employee_id FROM staff WHERE dept_id = 24 ORDER BY employee_id OFFSET po.prod_order_id % (SELECT count(*) FROM staff WHERE dept_id = 24) LIMIT 1),
       po.completed_date, po.qty_completed, f.failed,
       CASE WHEN f.failed = 0 THEN 'pass' WHEN f.failed * 10 > po.qty_completed THEN 'fail' ELSE 'rework' END
FROM production_orders po
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.erp_r(po.prod_order_id, 541) < 0.75 THEN 0 ELSE pg_temp.erp_i(po.prod_order_id, 542, 1, GREATEST(1, po.qty_completed / 5)) END AS failed) f
WHERE po.status = 'completed';

-- ------------------------------------------------------------ CRM
CREATE TEMP TABLE reps_all AS
SELECT employee_id, row_number() OVER (ORDER BY employee_id) AS rn, count(*) OVER () AS n
FROM staff WHERE dept_id IN (4, 17, 18, 19, 9, 28);

INSERT INTO leads (lead_id, first_name, last_name, company_name, email, lead_source_id, status, owner_id, created_date, converted_customer_id)
SELECT i, (ARRAY['Alice','Bruno','Chen','Dana','Elif','Felix','Gina','Hiro','Isla','Jonas','Kara','Liam'])[pg_temp.erp_i(i, 551, 1, 12)],
       (ARRAY['Adams','Baker','Chavez','Dixon','Evans','Fisher','Gibson','Howard','Ingram','Jordan','Kelly','Lawson'])[pg_temp.erp_i(i, 552, 1, 12)],
       CASE WHEN pg_temp.erp_r(i, 553) < 0.15 THEN NULL ELSE (ARRAY['Orion','Polaris','Quasar','Rigel','Sirius','Vega','Altair','Lyra'])[pg_temp.erp_i(i, 554, 1, 8)] || ' ' ||
            (ARRAY['Works','Holdings','Digital','Foods','Medical','Builders'])[pg_temp.erp_i(i, 555, 1, 6)] END,
       CASE WHEN pg_temp.erp_r(i, 556) < 0.1 THEN NULL ELSE 'lead' || i || '@prospect-mail.com' END,
       pg_temp.erp_i(i, 557, 1, 10), st.s,
       CASE WHEN pg_temp.erp_r(i, 558) < 0.05 THEN NULL ELSE r.employee_id END,
       DATE '2022-01-03' + floor(1450 * sqrt(pg_temp.erp_r(i, 559)))::integer,
       CASE WHEN st.s = 'converted' THEN 1 + pg_temp.erp_i(i, 560, 0, 5999) END
FROM generate_series(1, 15000) AS i
CROSS JOIN LATERAL (SELECT (ARRAY['new', 'contacted', 'contacted', 'qualified', 'disqualified', 'disqualified', 'converted'])[pg_temp.erp_i(i, 561, 1, 7)] AS s) st
JOIN reps_all r ON r.rn = 1 + i % r.n;

INSERT INTO campaigns (campaign_id, campaign_name, channel, start_date, end_date, budget_amt, actual_cost_amt)
SELECT i, (ARRAY['Spring Launch','Summer Promo','Back to Business','Year-End Deals','Product Webinar Series','Trade Fair Presence',
               'Partner Push','Retention Drive'])[1 + (i - 1) % 8] || ' ' || (2022 + (i - 1) / 15),
       (ARRAY['email', 'social', 'event', 'webinar', 'print'])[pg_temp.erp_i(i, 571, 1, 5)],
       make_date(2022 + (i - 1) / 15, 1 + (i - 1) % 12, 1), make_date(2022 + (i - 1) / 15, 1 + (i - 1) % 12, 1) + pg_temp.erp_i(i, 572, 14, 75),
       round((5000 + pg_temp.erp_r(i, 573) * 95000)::numeric, -2),
       CASE WHEN make_date(2022 + (i - 1) / 15, 1 + (i - 1) % 12, 1) + 75 < DATE '2025-12-01'
            THEN round(((5000 + pg_temp.erp_r(i, 573) * 95000) * (0.7 + 0.5 * pg_temp.erp_r(i, 574)))::numeric, 2) END
FROM generate_series(1, 60) AS i;

INSERT INTO campaign_members (campaign_id, lead_id, responded, response_date)
SELECT DISTINCT ON (c.campaign_id, l.lead_id) c.campaign_id, l.lead_id, resp.r, CASE WHEN resp.r THEN c.start_date + pg_temp.erp_i(l.lead_id * 100 + c.campaign_id, 583, 1, 20) END
FROM generate_series(1, 22000) AS k
JOIN campaigns c ON c.campaign_id = pg_temp.erp_i(k, 581, 1, 60)
JOIN leads l ON l.lead_id = pg_temp.erp_i(k, 582, 1, 15000)
CROSS JOIN LATERAL (SELECT pg_temp.erp_r(l.lead_id * 100 + c.campaign_id, 584) < 0.18 AS r) resp
ORDER BY c.campaign_id, l.lead_id;

INSERT INTO crm_opportunities (opportunity_id, opportunity_name, customer_id, owner_id, stage, amount, probability_pct, created_date, expected_close_date, closed_date)
SELECT i, (ARRAY['Fleet refresh','Annual supply contract','Office fit-out','Plant retrofit','Software renewal','Expansion order',
               'Pilot program','Service agreement'])[pg_temp.erp_i(i, 591, 1, 8)] || ' - ' || c.customer_name,
       c.customer_id, r.employee_id, st.s,
       round((2000 + 480000 * power(pg_temp.erp_r(i, 593), 3))::numeric, 2),
       CASE st.s WHEN 'prospecting' THEN 10 WHEN 'qualification' THEN 25 WHEN 'proposal' THEN 50 WHEN 'negotiation' THEN 75 WHEN 'closed_won' THEN 100 ELSE 0 END,
       cd.d, cd.d + pg_temp.erp_i(i, 594, 30, 150),
       CASE WHEN st.s IN ('closed_won', 'closed_lost') THEN cd.d + pg_temp.erp_i(i, 595, 20, 170) END
FROM generate_series(1, 6000) AS i
JOIN customers c ON c.customer_id = 1 + floor(5999 * power(pg_temp.erp_r(i, 592), 1.4))::integer
JOIN reps_all r ON r.rn = 1 + (i * 3) % r.n
CROSS JOIN LATERAL (SELECT DATE '2022-01-03' + floor(1430 * sqrt(pg_temp.erp_r(i, 596)))::integer AS d) cd
CROSS JOIN LATERAL (SELECT CASE WHEN cd.d < DATE '2025-06-01'
        THEN (ARRAY['closed_won', 'closed_won', 'closed_lost', 'closed_lost', 'closed_lost', 'negotiation'])[pg_temp.erp_i(i, 597, 1, 6)]
        ELSE (ARRAY['prospecting', 'qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost'])[pg_temp.erp_i(i, 597, 1, 6)] END AS s) st;

INSERT INTO crm_activities (activity_id, activity_type, subject, activity_date, employee_id, customer_id, lead_id, opportunity_id, duration_min)
SELECT i, t.ty, initcap(t.ty) || ' about ' || (ARRAY['pricing', 'delivery', 'renewal', 'new products', 'support issue', 'contract'])[pg_temp.erp_i(i, 603, 1, 6)],
       DATE '2022-01-03' + pg_temp.erp_i(i, 604, 0, 1450), r.employee_id,
       CASE WHEN k.kind = 'opp' THEN o.customer_id WHEN k.kind = 'cust' THEN 1 + pg_temp.erp_i(i, 605, 0, 5999) END,
       CASE WHEN k.kind = 'lead' THEN 1 + pg_temp.erp_i(i, 606, 0, 14999) END,
       CASE WHEN k.kind = 'opp' THEN o.opportunity_id END,
       CASE WHEN t.ty = 'email' THEN NULL ELSE (ARRAY[15, 30, 30, 45, 60, 90])[pg_temp.erp_i(i, 607, 1, 6)] END
FROM generate_series(1, 40000) AS i
CROSS JOIN LATERAL (SELECT (ARRAY['call', 'call', 'email', 'email', 'meeting', 'demo'])[pg_temp.erp_i(i, 601, 1, 6)] AS ty) t
CROSS JOIN LATERAL (SELECT (ARRAY['opp', 'cust', 'lead'])[pg_temp.erp_i(i, 602, 1, 3)] AS kind) k
JOIN crm_opportunities o ON o.opportunity_id = 1 + pg_temp.erp_i(i, 608, 0, 5999)
JOIN reps_all r ON r.rn = 1 + (i * 7) % r.n;

INSERT INTO support_tickets (ticket_id, customer_id, product_id, subject, channel, priority, status, assigned_to, opened_date, closed_date)
SELECT i, 1 + floor(5999 * power(pg_temp.erp_r(i, 611), 1.3))::integer,
       CASE WHEN pg_temp.erp_r(i, 612) < 0.2 THEN NULL ELSE 1 + pg_temp.erp_i(i, 613, 0, 2499) END,
       (ARRAY['Late delivery', 'Damaged item', 'Invoice question', 'Product not working', 'Return request', 'Account access'])[pg_temp.erp_i(i, 614, 1, 6)],
       (ARRAY['phone', 'email', 'web', 'chat'])[pg_temp.erp_i(i, 615, 1, 4)],
       (ARRAY['low', 'medium', 'medium', 'high', 'urgent'])[pg_temp.erp_i(i, 616, 1, 5)],
       st.s, CASE WHEN st.s = 'open' AND pg_temp.erp_r(i, 617) < 0.5 THEN NULL ELSE s.employee_id END,
       od.d, CASE WHEN st.s IN ('resolved', 'closed') THEN od.d + pg_temp.erp_i(i, 618, 0, 20) END
FROM generate_series(1, 12000) AS i
CROSS JOIN LATERAL (SELECT DATE '2022-01-03' + floor(1455 * sqrt(pg_temp.erp_r(i, 619)))::integer AS d) od
CROSS JOIN LATERAL (SELECT CASE WHEN od.d > DATE '2025-12-01' THEN (ARRAY['open', 'in_progress', 'resolved'])[pg_temp.erp_i(i, 620, 1, 3)]
        ELSE (ARRAY['closed', 'closed', 'closed', 'resolved', 'resolved', 'in_progress'])[pg_temp.erp_i(i, 620, 1, 6)] END AS s) st
JOIN staff s ON s.dept_id IN (10, 29) AND s.rn = 1 + i % s.n AND s.dept_id = CASE WHEN i % 5 = 0 THEN 10 ELSE 29 END;

INSERT INTO quotes (quote_id, quote_number, customer_id, opportunity_id, quote_date, valid_until, status, total_amt)
SELECT i, 'Q-' || lpad(i::text, 6, '0'), o.customer_id, o.opportunity_id, o.created_date + pg_temp.erp_i(i, 622, 3, 30),
       o.created_date + pg_temp.erp_i(i, 622, 3, 30) + 30,
       CASE o.stage WHEN 'closed_won' THEN 'accepted' WHEN 'closed_lost' THEN (ARRAY['rejected', 'expired'])[pg_temp.erp_i(i, 623, 1, 2)]
                    WHEN 'prospecting' THEN 'draft' ELSE 'sent' END, 0
FROM generate_series(1, 8000) AS i
JOIN crm_opportunities o ON o.opportunity_id = 1 + (i * 3) % 6000;

INSERT INTO quote_lines (quote_line_id, quote_id, product_id, qty, unit_price)
SELECT row_number() OVER (ORDER BY q.quote_id, n), q.quote_id, p.product_id, pg_temp.erp_i(q.quote_id * 10 + n, 632, 1, 40), p.list_price
FROM quotes q CROSS JOIN generate_series(1, 4) AS n
JOIN products p ON p.product_id = 1 + pg_temp.erp_i(q.quote_id * 10 + n, 631, 0, 2499)
WHERE n <= 1 + pg_temp.erp_i(q.quote_id, 633, 0, 3);
UPDATE quotes q SET total_amt = t.s FROM (SELECT quote_id, sum(qty * unit_price) AS s FROM quote_lines GROUP BY quote_id) t WHERE t.quote_id = q.quote_id;

-- ------------------------------------------------------------ general ledger
INSERT INTO budgets (budget_id, fiscal_year, cost_center_id, account_id, budget_amt)
SELECT row_number() OVER (ORDER BY y, cc, a), y, cc, a,
       round((20000 + pg_temp.erp_r(y * 10000 + cc * 100 + a, 641) * 480000) * (1 + 0.05 * (y - 2022)), -3)
FROM generate_series(2022, 2025) AS y CROSS JOIN generate_series(1, 20) AS cc
CROSS JOIN unnest(ARRAY[17, 18, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30]) AS a
WHERE pg_temp.erp_r(cc * 100 + a, 642) < 0.6;

INSERT INTO journal_entries (je_id, je_number, entry_date, period_id, source, description, status, created_by)
SELECT i, 'JE-' || lpad(i::text, 7, '0'), d.d, (extract(year FROM d.d)::integer - 2022) * 12 + extract(month FROM d.d)::integer,
       src.s, initcap(src.s) || ' posting ' || i,
       CASE WHEN d.d > DATE '2025-12-20' THEN 'draft' WHEN pg_temp.erp_r(i, 653) < 0.01 THEN 'reversed' ELSE 'posted' END,
       f.employee_id
FROM generate_series(1, 20000) AS i
CROSS JOIN LATERAL (SELECT DATE '2022-01-03' + pg_temp.erp_i(i, 651, 0, 1450) AS d) d
CROSS JOIN LATERAL (SELECT (ARRAY['sales', 'sales', 'purchasing', 'purchasing', 'payroll', 'manual', 'projects'])[pg_temp.erp_i(i, 652, 1, 7)] AS s) src
JOIN staff f ON f.dept_id IN (3, 14, 15, 16) AND f.rn = 1 + i % f.n AND f.dept_id = (ARRAY[3, 14, 15, 16])[1 + i % 4];

-- Every entry balances: one debit and one credit of the same amount, plus an optional second pair.
INSERT INTO journal_lines (je_line_id, je_id, account_id, cost_center_id, debit_amt, credit_amt)
SELECT row_number() OVER (ORDER BY je.je_id, pair, side), je.je_id,
       CASE side WHEN 1 THEN acc.dr ELSE acc.cr END,
       CASE WHEN side = 1 AND acc.dr >= 17 THEN pg_temp.erp_i(je.je_id * 10 + pair, 663, 1, 20) END,
       CASE side WHEN 1 THEN amt.a ELSE 0 END, CASE side WHEN 2 THEN amt.a ELSE 0 END
FROM journal_entries je
CROSS JOIN generate_series(1, 2) AS pair
CROSS JOIN generate_series(1, 2) AS side
CROSS JOIN LATERAL (SELECT round((50 + 49950 * power(pg_temp.erp_r(je.je_id * 10 + pair, 661), 2))::numeric, 2) AS a) amt
CROSS JOIN LATERAL (SELECT CASE je.source WHEN 'sales' THEN 3 WHEN 'purchasing' THEN 4 WHEN 'payroll' THEN 20 WHEN 'projects' THEN 18
                                          ELSE (ARRAY[22, 23, 25, 28, 30])[pg_temp.erp_i(je.je_id, 662, 1, 5)] END AS dr,
                           CASE je.source WHEN 'sales' THEN 13 WHEN 'purchasing' THEN 7 WHEN 'payroll' THEN 8 ELSE 2 END AS cr) acc
WHERE pair = 1 OR pg_temp.erp_r(je.je_id, 664) < 0.4;

ANALYZE;
