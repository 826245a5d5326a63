-- The enterprise ERP database: 87 tables in 8 modules (HR, Finance, Sales, Inventory, Purchasing,
-- Projects, Manufacturing, CRM). Built with the traps real NL2SQL models fall into: abbreviations
-- (qty, amt, dept, po, uom, wc, cc, je, hrs, pct), near-miss names (vendor_name / vendor_number,
-- total_amount / total_amt / amount), columns that live on the parent only (order_date is on
-- sales_orders, not order_lines), and a confusable sales_regions table with no link to orders beside
-- the geographic chain customers -> addresses -> cities -> states_provinces -> countries.
SET search_path TO public;

-- ============================================================ Sales: geography
CREATE TABLE countries (
    country_id    integer PRIMARY KEY,
    country_code  char(2) NOT NULL UNIQUE,
    country_name  text NOT NULL,
    currency_code char(3) NOT NULL
);
CREATE TABLE states_provinces (
    state_id    integer PRIMARY KEY,
    state_code  text NOT NULL,
    state_name  text NOT NULL,
    country_id  integer NOT NULL REFERENCES countries (country_id),
    geo_region  text NOT NULL
);
CREATE TABLE cities (
    city_id    integer PRIMARY KEY,
    city_name  text NOT NULL,
    state_id   integer NOT NULL REFERENCES states_provinces (state_id),
    population integer
);
CREATE TABLE addresses (
    address_id   bigint PRIMARY KEY,
    street_line1 text NOT NULL,
    street_line2 text,
    city_id      integer NOT NULL REFERENCES cities (city_id),
    postal_code  text NOT NULL
);

-- ============================================================ Finance: reference data
CREATE TABLE currencies (
    currency_code char(3) PRIMARY KEY,
    currency_name text NOT NULL,
    symbol        text NOT NULL
);
CREATE TABLE cost_centers (
    cost_center_id integer PRIMARY KEY,
    cc_code        text NOT NULL UNIQUE,
    cc_name        text NOT NULL
);

-- ============================================================ HR
CREATE TABLE job_grades (
    grade_id       integer PRIMARY KEY,
    grade_code     text NOT NULL UNIQUE,
    min_salary_amt numeric(12, 2) NOT NULL,
    max_salary_amt numeric(12, 2) NOT NULL,
    CHECK (max_salary_amt >= min_salary_amt)
);
CREATE TABLE departments (
    dept_id        integer PRIMARY KEY,
    dept_code      text NOT NULL UNIQUE,
    dept_name      text NOT NULL,
    parent_dept_id integer REFERENCES departments (dept_id),
    cost_center_id integer REFERENCES cost_centers (cost_center_id),
    dept_head_id   bigint,
    location_city_id integer REFERENCES cities (city_id)
);
CREATE TABLE positions (
    position_id integer PRIMARY KEY,
    title       text NOT NULL,
    grade_id    integer NOT NULL REFERENCES job_grades (grade_id),
    dept_id     integer NOT NULL REFERENCES departments (dept_id)
);
CREATE TABLE employees (
    employee_id      bigint PRIMARY KEY,
    emp_number       text NOT NULL UNIQUE,
    first_name       text NOT NULL,
    last_name        text NOT NULL,
    email            text UNIQUE,
    phone            text,
    birth_date       date,
    gender           char(1) CHECK (gender IN ('F', 'M', 'X')),
    hire_date        date NOT NULL,
    termination_date date,
    status           text NOT NULL CHECK (status IN ('active', 'on_leave', 'terminated')),
    dept_id          integer NOT NULL REFERENCES departments (dept_id),
    position_id      integer NOT NULL REFERENCES positions (position_id),
    manager_id       bigint REFERENCES employees (employee_id),
    work_city_id     integer REFERENCES cities (city_id),
    employment_type  text NOT NULL CHECK (employment_type IN ('full_time', 'part_time', 'contractor')),
    CHECK (termination_date IS NULL OR termination_date >= hire_date)
);
ALTER TABLE departments ADD CONSTRAINT departments_dept_head_fk FOREIGN KEY (dept_head_id) REFERENCES employees (employee_id);
CREATE TABLE salary_history (
    salary_id       bigint PRIMARY KEY,
    employee_id     bigint NOT NULL REFERENCES employees (employee_id),
    effective_date  date NOT NULL,
    base_salary_amt numeric(12, 2) NOT NULL CHECK (base_salary_amt > 0),
    currency_code   char(3) NOT NULL REFERENCES currencies (currency_code),
    change_reason   text
);
CREATE TABLE leave_types (
    leave_type_id     integer PRIMARY KEY,
    leave_name        text NOT NULL UNIQUE,
    is_paid           boolean NOT NULL,
    max_days_per_year integer
);
CREATE TABLE leave_requests (
    leave_id      bigint PRIMARY KEY,
    employee_id   bigint NOT NULL REFERENCES employees (employee_id),
    leave_type_id integer NOT NULL REFERENCES leave_types (leave_type_id),
    start_date    date NOT NULL,
    end_date      date NOT NULL,
    days_requested numeric(5, 1) NOT NULL,
    status        text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
    approved_by   bigint REFERENCES employees (employee_id),
    created_at    timestamp NOT NULL,
    CHECK (end_date >= start_date)
);
CREATE TABLE attendance_records (
    attendance_id bigint PRIMARY KEY,
    employee_id   bigint NOT NULL REFERENCES employees (employee_id),
    work_date     date NOT NULL,
    hours_worked  numeric(4, 2) NOT NULL,
    overtime_hrs  numeric(4, 2) NOT NULL DEFAULT 0,
    UNIQUE (employee_id, work_date)
);
CREATE TABLE benefit_types (
    benefit_type_id integer PRIMARY KEY,
    benefit_name    text NOT NULL UNIQUE,
    category        text NOT NULL CHECK (category IN ('health', 'retirement', 'insurance', 'wellness', 'transport'))
);
CREATE TABLE employee_benefits (
    emp_benefit_id       bigint PRIMARY KEY,
    employee_id          bigint NOT NULL REFERENCES employees (employee_id),
    benefit_type_id      integer NOT NULL REFERENCES benefit_types (benefit_type_id),
    start_date           date NOT NULL,
    end_date             date,
    monthly_cost_amt     numeric(10, 2) NOT NULL,
    employer_contrib_amt numeric(10, 2) NOT NULL
);
CREATE TABLE performance_reviews (
    review_id     bigint PRIMARY KEY,
    employee_id   bigint NOT NULL REFERENCES employees (employee_id),
    reviewer_id   bigint NOT NULL REFERENCES employees (employee_id),
    review_year   integer NOT NULL,
    review_date   date NOT NULL,
    rating        smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
    comments      text
);
CREATE TABLE training_courses (
    course_id    integer PRIMARY KEY,
    course_name  text NOT NULL,
    provider     text NOT NULL,
    cost_amt     numeric(10, 2) NOT NULL,
    duration_hrs numeric(5, 1) NOT NULL
);
CREATE TABLE training_enrollments (
    enrollment_id   bigint PRIMARY KEY,
    employee_id     bigint NOT NULL REFERENCES employees (employee_id),
    course_id       integer NOT NULL REFERENCES training_courses (course_id),
    enroll_date     date NOT NULL,
    completion_date date,
    status          text NOT NULL CHECK (status IN ('enrolled', 'completed', 'dropped')),
    score           numeric(5, 2)
);
CREATE TABLE payroll_runs (
    payroll_run_id integer PRIMARY KEY,
    period_start   date NOT NULL,
    period_end     date NOT NULL,
    pay_date       date NOT NULL,
    status         text NOT NULL CHECK (status IN ('draft', 'processed', 'paid'))
);
CREATE TABLE payslips (
    payslip_id     bigint PRIMARY KEY,
    payroll_run_id integer NOT NULL REFERENCES payroll_runs (payroll_run_id),
    employee_id    bigint NOT NULL REFERENCES employees (employee_id),
    gross_amt      numeric(12, 2) NOT NULL,
    tax_amt        numeric(12, 2) NOT NULL,
    deductions_amt numeric(12, 2) NOT NULL,
    net_amt        numeric(12, 2) NOT NULL,
    UNIQUE (payroll_run_id, employee_id)
);
CREATE TABLE employee_terminations (
    termination_id   bigint PRIMARY KEY,
    employee_id      bigint NOT NULL UNIQUE REFERENCES employees (employee_id),
    termination_date date NOT NULL,
    reason_code      text NOT NULL CHECK (reason_code IN ('resignation', 'retirement', 'dismissal', 'layoff', 'contract_end')),
    is_voluntary     boolean NOT NULL,
    exit_interview_done boolean NOT NULL DEFAULT false
);

-- ============================================================ Sales (confusable regions, customers)
CREATE TABLE sales_regions (
    region_id   integer PRIMARY KEY,
    region_name text NOT NULL UNIQUE,
    manager_id  bigint REFERENCES employees (employee_id),
    quota_amt   numeric(14, 2)
);
CREATE TABLE customer_segments (
    segment_id   integer PRIMARY KEY,
    segment_name text NOT NULL UNIQUE,
    description  text
);
CREATE TABLE customers (
    customer_id         bigint PRIMARY KEY,
    customer_number     text NOT NULL UNIQUE,
    customer_name       text NOT NULL,
    customer_type       text NOT NULL CHECK (customer_type IN ('retail', 'wholesale', 'distributor', 'government')),
    segment_id          integer REFERENCES customer_segments (segment_id),
    credit_limit_amt    numeric(14, 2),
    payment_terms_days  integer NOT NULL DEFAULT 30,
    account_manager_id  bigint REFERENCES employees (employee_id),
    billing_address_id  bigint REFERENCES addresses (address_id),
    shipping_address_id bigint REFERENCES addresses (address_id),
    created_date        date NOT NULL,
    is_active           boolean NOT NULL DEFAULT true
);
CREATE TABLE carriers (
    carrier_id   integer PRIMARY KEY,
    carrier_name text NOT NULL UNIQUE,
    scac_code    text
);

-- ============================================================ Inventory (products first: sales and purchasing point at them)
CREATE TABLE product_categories (
    category_id        integer PRIMARY KEY,
    category_name      text NOT NULL,
    parent_category_id integer REFERENCES product_categories (category_id)
);
CREATE TABLE units_of_measure (
    uom_id   integer PRIMARY KEY,
    uom_code text NOT NULL UNIQUE,
    uom_name text NOT NULL
);
CREATE TABLE vendors (
    vendor_id          bigint PRIMARY KEY,
    vendor_number      text NOT NULL UNIQUE,
    vendor_name        text NOT NULL,
    contact_email      text,
    phone              text,
    address_id         bigint REFERENCES addresses (address_id),
    payment_terms_days integer NOT NULL DEFAULT 30,
    rating             smallint CHECK (rating BETWEEN 1 AND 5),
    is_active          boolean NOT NULL DEFAULT true
);
CREATE TABLE products (
    product_id          bigint PRIMARY KEY,
    sku                 text NOT NULL UNIQUE,
    product_name        text NOT NULL,
    category_id         integer NOT NULL REFERENCES product_categories (category_id),
    uom_id              integer NOT NULL REFERENCES units_of_measure (uom_id),
    list_price          numeric(12, 2) NOT NULL,
    standard_cost       numeric(12, 2) NOT NULL,
    weight_kg           numeric(8, 3),
    is_active           boolean NOT NULL DEFAULT true,
    is_manufactured     boolean NOT NULL DEFAULT false,
    discontinued_date   date,
    preferred_vendor_id bigint REFERENCES vendors (vendor_id)
);
CREATE TABLE warehouses (
    warehouse_id   integer PRIMARY KEY,
    warehouse_code text NOT NULL UNIQUE,
    warehouse_name text NOT NULL,
    address_id     bigint REFERENCES addresses (address_id),
    manager_id     bigint REFERENCES employees (employee_id),
    capacity_m3    numeric(12, 2)
);
CREATE TABLE storage_bins (
    bin_id       bigint PRIMARY KEY,
    warehouse_id integer NOT NULL REFERENCES warehouses (warehouse_id),
    bin_code     text NOT NULL,
    zone         text NOT NULL,
    UNIQUE (warehouse_id, bin_code)
);
CREATE TABLE inventory_levels (
    warehouse_id      integer NOT NULL REFERENCES warehouses (warehouse_id),
    product_id        bigint NOT NULL REFERENCES products (product_id),
    qty_on_hand       integer NOT NULL,
    qty_reserved      integer NOT NULL DEFAULT 0,
    reorder_point     integer NOT NULL,
    last_counted_date date,
    PRIMARY KEY (warehouse_id, product_id)
);
CREATE TABLE product_lots (
    lot_id      bigint PRIMARY KEY,
    product_id  bigint NOT NULL REFERENCES products (product_id),
    lot_number  text NOT NULL UNIQUE,
    mfg_date    date NOT NULL,
    expiry_date date
);
CREATE TABLE stock_movements (
    movement_id    bigint PRIMARY KEY,
    product_id     bigint NOT NULL REFERENCES products (product_id),
    warehouse_id   integer NOT NULL REFERENCES warehouses (warehouse_id),
    movement_type  text NOT NULL CHECK (movement_type IN ('receipt', 'issue', 'transfer_in', 'transfer_out', 'adjustment')),
    qty            integer NOT NULL,
    movement_date  date NOT NULL,
    reference_type text,
    reference_id   bigint
);
CREATE TABLE stock_transfers (
    transfer_id       bigint PRIMARY KEY,
    from_warehouse_id integer NOT NULL REFERENCES warehouses (warehouse_id),
    to_warehouse_id   integer NOT NULL REFERENCES warehouses (warehouse_id),
    product_id        bigint NOT NULL REFERENCES products (product_id),
    qty               integer NOT NULL CHECK (qty > 0),
    transfer_date     date NOT NULL,
    status            text NOT NULL CHECK (status IN ('requested', 'in_transit', 'completed', 'cancelled')),
    CHECK (from_warehouse_id <> to_warehouse_id)
);
CREATE TABLE inventory_adjustments (
    adjustment_id bigint PRIMARY KEY,
    warehouse_id  integer NOT NULL REFERENCES warehouses (warehouse_id),
    product_id    bigint NOT NULL REFERENCES products (product_id),
    adj_date      date NOT NULL,
    qty_change    integer NOT NULL,
    reason        text NOT NULL CHECK (reason IN ('count_correction', 'damage', 'theft', 'expiry', 'found'))
);

-- ============================================================ Sales: orders
CREATE TABLE sales_orders (
    sales_order_id      bigint PRIMARY KEY,
    order_number        text NOT NULL UNIQUE,
    customer_id         bigint NOT NULL REFERENCES customers (customer_id),
    sales_rep_id        bigint REFERENCES employees (employee_id),
    order_date          date NOT NULL,
    required_date       date,
    ship_date           date,
    status              text NOT NULL CHECK (status IN ('draft', 'confirmed', 'shipped', 'delivered', 'cancelled')),
    currency_code       char(3) NOT NULL REFERENCES currencies (currency_code),
    discount_amt        numeric(12, 2) NOT NULL DEFAULT 0,
    total_amount        numeric(14, 2) NOT NULL,
    shipping_address_id bigint REFERENCES addresses (address_id),
    warehouse_id        integer REFERENCES warehouses (warehouse_id)
);
CREATE TABLE order_lines (
    order_line_id  bigint PRIMARY KEY,
    sales_order_id bigint NOT NULL REFERENCES sales_orders (sales_order_id),
    line_no        integer NOT NULL,
    product_id     bigint NOT NULL REFERENCES products (product_id),
    qty            integer NOT NULL CHECK (qty > 0),
    unit_price     numeric(12, 2) NOT NULL,
    discount_pct   numeric(5, 2) NOT NULL DEFAULT 0,
    line_total_amt numeric(14, 2) NOT NULL,
    UNIQUE (sales_order_id, line_no)
);
CREATE TABLE shipments (
    shipment_id     bigint PRIMARY KEY,
    sales_order_id  bigint NOT NULL REFERENCES sales_orders (sales_order_id),
    warehouse_id    integer NOT NULL REFERENCES warehouses (warehouse_id),
    carrier_id      integer NOT NULL REFERENCES carriers (carrier_id),
    ship_date       date NOT NULL,
    delivered_date  date,
    tracking_number text NOT NULL,
    freight_cost_amt numeric(10, 2) NOT NULL
);
CREATE TABLE sales_returns (
    return_id      bigint PRIMARY KEY,
    sales_order_id bigint NOT NULL REFERENCES sales_orders (sales_order_id),
    order_line_id  bigint NOT NULL REFERENCES order_lines (order_line_id),
    return_date    date NOT NULL,
    qty            integer NOT NULL CHECK (qty > 0),
    reason         text NOT NULL CHECK (reason IN ('damaged', 'wrong_item', 'not_needed', 'defective', 'late')),
    refund_amt     numeric(12, 2) NOT NULL
);
CREATE TABLE sales_targets (
    target_id    bigint PRIMARY KEY,
    sales_rep_id bigint NOT NULL REFERENCES employees (employee_id),
    fiscal_year  integer NOT NULL,
    quarter      smallint NOT NULL CHECK (quarter BETWEEN 1 AND 4),
    target_amt   numeric(14, 2) NOT NULL,
    UNIQUE (sales_rep_id, fiscal_year, quarter)
);

-- ============================================================ CRM
CREATE TABLE lead_sources (
    lead_source_id integer PRIMARY KEY,
    source_name    text NOT NULL UNIQUE,
    channel        text NOT NULL CHECK (channel IN ('online', 'event', 'referral', 'outbound', 'partner'))
);
CREATE TABLE leads (
    lead_id               bigint PRIMARY KEY,
    first_name            text NOT NULL,
    last_name             text NOT NULL,
    company_name          text,
    email                 text,
    lead_source_id        integer NOT NULL REFERENCES lead_sources (lead_source_id),
    status                text NOT NULL CHECK (status IN ('new', 'contacted', 'qualified', 'disqualified', 'converted')),
    owner_id              bigint REFERENCES employees (employee_id),
    created_date          date NOT NULL,
    converted_customer_id bigint REFERENCES customers (customer_id)
);
CREATE TABLE contacts (
    contact_id  bigint PRIMARY KEY,
    customer_id bigint NOT NULL REFERENCES customers (customer_id),
    first_name  text NOT NULL,
    last_name   text NOT NULL,
    email       text,
    job_title   text,
    is_primary  boolean NOT NULL DEFAULT false
);
CREATE TABLE crm_opportunities (
    opportunity_id      bigint PRIMARY KEY,
    opportunity_name    text NOT NULL,
    customer_id         bigint NOT NULL REFERENCES customers (customer_id),
    owner_id            bigint NOT NULL REFERENCES employees (employee_id),
    stage               text NOT NULL CHECK (stage IN ('prospecting', 'qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost')),
    amount              numeric(14, 2) NOT NULL,
    probability_pct     smallint NOT NULL CHECK (probability_pct BETWEEN 0 AND 100),
    created_date        date NOT NULL,
    expected_close_date date NOT NULL,
    closed_date         date
);
CREATE TABLE crm_activities (
    activity_id    bigint PRIMARY KEY,
    activity_type  text NOT NULL CHECK (activity_type IN ('call', 'email', 'meeting', 'demo')),
    subject        text NOT NULL,
    activity_date  date NOT NULL,
    employee_id    bigint NOT NULL REFERENCES employees (employee_id),
    customer_id    bigint REFERENCES customers (customer_id),
    lead_id        bigint REFERENCES leads (lead_id),
    opportunity_id bigint REFERENCES crm_opportunities (opportunity_id),
    duration_min   integer
);
CREATE TABLE campaigns (
    campaign_id     integer PRIMARY KEY,
    campaign_name   text NOT NULL,
    channel         text NOT NULL CHECK (channel IN ('email', 'social', 'event', 'webinar', 'print')),
    start_date      date NOT NULL,
    end_date        date NOT NULL,
    budget_amt      numeric(12, 2) NOT NULL,
    actual_cost_amt numeric(12, 2)
);
CREATE TABLE campaign_members (
    campaign_id   integer NOT NULL REFERENCES campaigns (campaign_id),
    lead_id       bigint NOT NULL REFERENCES leads (lead_id),
    responded     boolean NOT NULL DEFAULT false,
    response_date date,
    PRIMARY KEY (campaign_id, lead_id)
);
CREATE TABLE support_tickets (
    ticket_id   bigint PRIMARY KEY,
    customer_id bigint NOT NULL REFERENCES customers (customer_id),
    product_id  bigint REFERENCES products (product_id),
    subject     text NOT NULL,
    channel     text NOT NULL CHECK (channel IN ('phone', 'email', 'web', 'chat')),
    priority    text NOT NULL CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
    status      text NOT NULL CHECK (status IN ('open', 'in_progress', 'resolved', 'closed')),
    assigned_to bigint REFERENCES employees (employee_id),
    opened_date date NOT NULL,
    closed_date date
);
CREATE TABLE quotes (
    quote_id       bigint PRIMARY KEY,
    quote_number   text NOT NULL UNIQUE,
    customer_id    bigint NOT NULL REFERENCES customers (customer_id),
    opportunity_id bigint REFERENCES crm_opportunities (opportunity_id),
    quote_date     date NOT NULL,
    valid_until    date NOT NULL,
    status         text NOT NULL CHECK (status IN ('draft', 'sent', 'accepted', 'rejected', 'expired')),
    total_amt      numeric(14, 2) NOT NULL
);
CREATE TABLE quote_lines (
    quote_line_id bigint PRIMARY KEY,
    quote_id      bigint NOT NULL REFERENCES quotes (quote_id),
    product_id    bigint NOT NULL REFERENCES products (product_id),
    qty           integer NOT NULL,
    unit_price    numeric(12, 2) NOT NULL
);

-- ============================================================ Purchasing
CREATE TABLE vendor_contacts (
    contact_id   bigint PRIMARY KEY,
    vendor_id    bigint NOT NULL REFERENCES vendors (vendor_id),
    contact_name text NOT NULL,
    email        text,
    phone        text,
    is_primary   boolean NOT NULL DEFAULT false
);
CREATE TABLE vendor_products (
    vendor_id      bigint NOT NULL REFERENCES vendors (vendor_id),
    product_id     bigint NOT NULL REFERENCES products (product_id),
    vendor_sku     text NOT NULL,
    unit_cost      numeric(12, 2) NOT NULL,
    lead_time_days integer NOT NULL,
    PRIMARY KEY (vendor_id, product_id)
);
CREATE TABLE purchase_requisitions (
    requisition_id bigint PRIMARY KEY,
    requested_by   bigint NOT NULL REFERENCES employees (employee_id),
    dept_id        integer NOT NULL REFERENCES departments (dept_id),
    request_date   date NOT NULL,
    needed_by_date date,
    status         text NOT NULL CHECK (status IN ('submitted', 'approved', 'rejected', 'ordered'))
);
CREATE TABLE requisition_lines (
    req_line_id        bigint PRIMARY KEY,
    requisition_id     bigint NOT NULL REFERENCES purchase_requisitions (requisition_id),
    product_id         bigint NOT NULL REFERENCES products (product_id),
    qty                integer NOT NULL,
    est_unit_cost      numeric(12, 2)
);
CREATE TABLE purchase_orders (
    po_id          bigint PRIMARY KEY,
    po_number      text NOT NULL UNIQUE,
    vendor_id      bigint NOT NULL REFERENCES vendors (vendor_id),
    buyer_id       bigint REFERENCES employees (employee_id),
    requisition_id bigint REFERENCES purchase_requisitions (requisition_id),
    warehouse_id   integer NOT NULL REFERENCES warehouses (warehouse_id),
    po_date        date NOT NULL,
    expected_date  date,
    status         text NOT NULL CHECK (status IN ('draft', 'approved', 'sent', 'partially_received', 'received', 'closed', 'cancelled')),
    currency_code  char(3) NOT NULL REFERENCES currencies (currency_code),
    total_amt      numeric(14, 2) NOT NULL
);
CREATE TABLE po_lines (
    po_line_id   bigint PRIMARY KEY,
    po_id        bigint NOT NULL REFERENCES purchase_orders (po_id),
    line_no      integer NOT NULL,
    product_id   bigint NOT NULL REFERENCES products (product_id),
    qty_ordered  integer NOT NULL CHECK (qty_ordered > 0),
    unit_cost    numeric(12, 2) NOT NULL,
    qty_received integer NOT NULL DEFAULT 0,
    UNIQUE (po_id, line_no)
);
CREATE TABLE goods_receipts (
    receipt_id   bigint PRIMARY KEY,
    po_id        bigint NOT NULL REFERENCES purchase_orders (po_id),
    warehouse_id integer NOT NULL REFERENCES warehouses (warehouse_id),
    receipt_date date NOT NULL,
    received_by  bigint REFERENCES employees (employee_id)
);
CREATE TABLE receipt_lines (
    receipt_line_id bigint PRIMARY KEY,
    receipt_id      bigint NOT NULL REFERENCES goods_receipts (receipt_id),
    po_line_id      bigint NOT NULL REFERENCES po_lines (po_line_id),
    qty_received    integer NOT NULL,
    qty_rejected    integer NOT NULL DEFAULT 0
);

-- ============================================================ Finance
CREATE TABLE exchange_rates (
    rate_id       bigint PRIMARY KEY,
    from_currency char(3) NOT NULL REFERENCES currencies (currency_code),
    to_currency   char(3) NOT NULL REFERENCES currencies (currency_code),
    rate_date     date NOT NULL,
    rate          numeric(14, 6) NOT NULL,
    UNIQUE (from_currency, to_currency, rate_date)
);
CREATE TABLE fiscal_periods (
    period_id   integer PRIMARY KEY,
    fiscal_year integer NOT NULL,
    period_num  smallint NOT NULL CHECK (period_num BETWEEN 1 AND 12),
    start_date  date NOT NULL,
    end_date    date NOT NULL,
    is_closed   boolean NOT NULL,
    UNIQUE (fiscal_year, period_num)
);
CREATE TABLE gl_accounts (
    account_id        integer PRIMARY KEY,
    account_number    text NOT NULL UNIQUE,
    account_name      text NOT NULL,
    account_type      text NOT NULL CHECK (account_type IN ('asset', 'liability', 'equity', 'revenue', 'expense')),
    parent_account_id integer REFERENCES gl_accounts (account_id),
    is_active         boolean NOT NULL DEFAULT true
);
CREATE TABLE journal_entries (
    je_id       bigint PRIMARY KEY,
    je_number   text NOT NULL UNIQUE,
    entry_date  date NOT NULL,
    period_id   integer NOT NULL REFERENCES fiscal_periods (period_id),
    source      text NOT NULL CHECK (source IN ('sales', 'purchasing', 'payroll', 'manual', 'projects')),
    description text,
    status      text NOT NULL CHECK (status IN ('draft', 'posted', 'reversed')),
    created_by  bigint REFERENCES employees (employee_id)
);
CREATE TABLE journal_lines (
    je_line_id     bigint PRIMARY KEY,
    je_id          bigint NOT NULL REFERENCES journal_entries (je_id),
    account_id     integer NOT NULL REFERENCES gl_accounts (account_id),
    cost_center_id integer REFERENCES cost_centers (cost_center_id),
    debit_amt      numeric(14, 2) NOT NULL DEFAULT 0,
    credit_amt     numeric(14, 2) NOT NULL DEFAULT 0,
    CHECK (debit_amt >= 0 AND credit_amt >= 0)
);
CREATE TABLE budgets (
    budget_id      bigint PRIMARY KEY,
    fiscal_year    integer NOT NULL,
    cost_center_id integer NOT NULL REFERENCES cost_centers (cost_center_id),
    account_id     integer NOT NULL REFERENCES gl_accounts (account_id),
    budget_amt     numeric(14, 2) NOT NULL,
    UNIQUE (fiscal_year, cost_center_id, account_id)
);
CREATE TABLE invoices (
    invoice_id     bigint PRIMARY KEY,
    invoice_number text NOT NULL UNIQUE,
    customer_id    bigint NOT NULL REFERENCES customers (customer_id),
    sales_order_id bigint REFERENCES sales_orders (sales_order_id),
    invoice_date   date NOT NULL,
    due_date       date NOT NULL,
    currency_code  char(3) NOT NULL REFERENCES currencies (currency_code),
    tax_amt        numeric(14, 2) NOT NULL,
    total_amount   numeric(14, 2) NOT NULL,
    status         text NOT NULL CHECK (status IN ('open', 'paid', 'overdue', 'void'))
);
CREATE TABLE customer_payments (
    payment_id     bigint PRIMARY KEY,
    invoice_id     bigint NOT NULL REFERENCES invoices (invoice_id),
    payment_date   date NOT NULL,
    amount         numeric(14, 2) NOT NULL CHECK (amount > 0),
    payment_method text NOT NULL CHECK (payment_method IN ('bank_transfer', 'card', 'check', 'cash'))
);
CREATE TABLE vendor_bills (
    bill_id       bigint PRIMARY KEY,
    bill_number   text NOT NULL UNIQUE,
    vendor_id     bigint NOT NULL REFERENCES vendors (vendor_id),
    po_id         bigint REFERENCES purchase_orders (po_id),
    bill_date     date NOT NULL,
    due_date      date NOT NULL,
    total_amt     numeric(14, 2) NOT NULL,
    status        text NOT NULL CHECK (status IN ('received', 'approved', 'paid', 'disputed'))
);
CREATE TABLE vendor_payments (
    vendor_payment_id bigint PRIMARY KEY,
    bill_id           bigint NOT NULL REFERENCES vendor_bills (bill_id),
    payment_date      date NOT NULL,
    amt               numeric(14, 2) NOT NULL,
    payment_method    text NOT NULL CHECK (payment_method IN ('bank_transfer', 'check', 'card'))
);

-- ============================================================ Projects
CREATE TABLE projects (
    project_id         bigint PRIMARY KEY,
    project_code       text NOT NULL UNIQUE,
    project_name       text NOT NULL,
    customer_id        bigint REFERENCES customers (customer_id),
    project_manager_id bigint NOT NULL REFERENCES employees (employee_id),
    dept_id            integer NOT NULL REFERENCES departments (dept_id),
    start_date         date NOT NULL,
    end_date           date,
    status             text NOT NULL CHECK (status IN ('planned', 'active', 'on_hold', 'completed', 'cancelled')),
    contract_value_amt numeric(14, 2)
);
CREATE TABLE project_phases (
    phase_id   bigint PRIMARY KEY,
    project_id bigint NOT NULL REFERENCES projects (project_id),
    seq_no     smallint NOT NULL,
    phase_name text NOT NULL,
    start_date date NOT NULL,
    end_date   date
);
CREATE TABLE project_tasks (
    task_id     bigint PRIMARY KEY,
    project_id  bigint NOT NULL REFERENCES projects (project_id),
    phase_id    bigint REFERENCES project_phases (phase_id),
    task_name   text NOT NULL,
    assigned_to bigint REFERENCES employees (employee_id),
    est_hours   numeric(7, 1),
    due_date    date,
    status      text NOT NULL CHECK (status IN ('todo', 'in_progress', 'done', 'blocked'))
);
CREATE TABLE project_members (
    project_id     bigint NOT NULL REFERENCES projects (project_id),
    employee_id    bigint NOT NULL REFERENCES employees (employee_id),
    role           text NOT NULL,
    allocation_pct smallint NOT NULL CHECK (allocation_pct BETWEEN 1 AND 100),
    joined_date    date NOT NULL,
    PRIMARY KEY (project_id, employee_id)
);
CREATE TABLE timesheets (
    timesheet_id bigint PRIMARY KEY,
    employee_id  bigint NOT NULL REFERENCES employees (employee_id),
    project_id   bigint NOT NULL REFERENCES projects (project_id),
    task_id      bigint REFERENCES project_tasks (task_id),
    work_date    date NOT NULL,
    hours        numeric(4, 2) NOT NULL CHECK (hours > 0),
    is_billable  boolean NOT NULL,
    hourly_rate  numeric(8, 2) NOT NULL
);
CREATE TABLE project_budgets (
    project_budget_id bigint PRIMARY KEY,
    project_id        bigint NOT NULL REFERENCES projects (project_id),
    budget_category   text NOT NULL CHECK (budget_category IN ('labor', 'materials', 'travel', 'subcontract', 'other')),
    budget_amt        numeric(14, 2) NOT NULL,
    UNIQUE (project_id, budget_category)
);
CREATE TABLE project_expenses (
    expense_id    bigint PRIMARY KEY,
    project_id    bigint NOT NULL REFERENCES projects (project_id),
    expense_date  date NOT NULL,
    category      text NOT NULL CHECK (category IN ('labor', 'materials', 'travel', 'subcontract', 'other')),
    amount        numeric(12, 2) NOT NULL,
    submitted_by  bigint REFERENCES employees (employee_id),
    vendor_id     bigint REFERENCES vendors (vendor_id),
    is_approved   boolean NOT NULL
);
CREATE TABLE milestones (
    milestone_id   bigint PRIMARY KEY,
    project_id     bigint NOT NULL REFERENCES projects (project_id),
    milestone_name text NOT NULL,
    due_date       date NOT NULL,
    completed_date date,
    billing_amt    numeric(12, 2)
);
CREATE TABLE project_risks (
    risk_id     bigint PRIMARY KEY,
    project_id  bigint NOT NULL REFERENCES projects (project_id),
    description text NOT NULL,
    probability text NOT NULL CHECK (probability IN ('low', 'medium', 'high')),
    impact      text NOT NULL CHECK (impact IN ('low', 'medium', 'high')),
    status      text NOT NULL CHECK (status IN ('open', 'mitigated', 'closed')),
    owner_id    bigint REFERENCES employees (employee_id)
);

-- ============================================================ Manufacturing
CREATE TABLE work_centers (
    work_center_id        integer PRIMARY KEY,
    wc_code               text NOT NULL UNIQUE,
    wc_name               text NOT NULL,
    warehouse_id          integer NOT NULL REFERENCES warehouses (warehouse_id),
    capacity_hrs_per_day  numeric(5, 1) NOT NULL,
    hourly_cost           numeric(8, 2) NOT NULL
);
CREATE TABLE bills_of_materials (
    bom_id       bigint PRIMARY KEY,
    product_id   bigint NOT NULL REFERENCES products (product_id),
    version      smallint NOT NULL,
    is_active    boolean NOT NULL,
    created_date date NOT NULL,
    UNIQUE (product_id, version)
);
CREATE TABLE bom_components (
    bom_component_id     bigint PRIMARY KEY,
    bom_id               bigint NOT NULL REFERENCES bills_of_materials (bom_id),
    component_product_id bigint NOT NULL REFERENCES products (product_id),
    qty_per              numeric(10, 3) NOT NULL,
    scrap_pct            numeric(5, 2) NOT NULL DEFAULT 0
);
CREATE TABLE routings (
    routing_id       bigint PRIMARY KEY,
    product_id       bigint NOT NULL REFERENCES products (product_id),
    operation_seq    smallint NOT NULL,
    work_center_id   integer NOT NULL REFERENCES work_centers (work_center_id),
    setup_min        numeric(6, 1) NOT NULL,
    run_min_per_unit numeric(6, 2) NOT NULL,
    UNIQUE (product_id, operation_seq)
);
CREATE TABLE production_orders (
    prod_order_id     bigint PRIMARY KEY,
    prod_order_number text NOT NULL UNIQUE,
    product_id        bigint NOT NULL REFERENCES products (product_id),
    bom_id            bigint NOT NULL REFERENCES bills_of_materials (bom_id),
    warehouse_id      integer NOT NULL REFERENCES warehouses (warehouse_id),
    qty_planned       integer NOT NULL CHECK (qty_planned > 0),
    qty_completed     integer NOT NULL DEFAULT 0,
    start_date        date NOT NULL,
    due_date          date NOT NULL,
    completed_date    date,
    status            text NOT NULL CHECK (status IN ('planned', 'released', 'in_progress', 'completed', 'cancelled'))
);
CREATE TABLE production_operations (
    operation_id   bigint PRIMARY KEY,
    prod_order_id  bigint NOT NULL REFERENCES production_orders (prod_order_id),
    operation_seq  smallint NOT NULL,
    work_center_id integer NOT NULL REFERENCES work_centers (work_center_id),
    operator_id    bigint REFERENCES employees (employee_id),
    actual_hours   numeric(6, 2),
    completed_at   timestamp
);
CREATE TABLE material_issues (
    issue_id      bigint PRIMARY KEY,
    prod_order_id bigint NOT NULL REFERENCES production_orders (prod_order_id),
    product_id    bigint NOT NULL REFERENCES products (product_id),
    warehouse_id  integer NOT NULL REFERENCES warehouses (warehouse_id),
    qty_issued    numeric(12, 3) NOT NULL,
    issue_date    date NOT NULL
);
CREATE TABLE quality_inspections (
    inspection_id   bigint PRIMARY KEY,
    prod_order_id   bigint NOT NULL REFERENCES production_orders (prod_order_id),
    inspector_id    bigint REFERENCES employees (employee_id),
    inspection_date date NOT NULL,
    qty_inspected   integer NOT NULL,
    qty_failed      integer NOT NULL DEFAULT 0,
    result          text NOT NULL CHECK (result IN ('pass', 'fail', 'rework'))
);

-- Index every foreign key (as a well-run ERP does), unless an index already starts with its columns.
DO $$
DECLARE
    fk record;
BEGIN
    FOR fk IN
        SELECT c.conrelid::regclass AS tbl, c.conname,
               string_agg(quote_ident(a.attname), ', ' ORDER BY k.ord) AS cols,
               array_agg(k.attnum ORDER BY k.ord) AS attnums
        FROM pg_constraint c
        CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k (attnum, ord)
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
        WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
        GROUP BY c.conrelid, c.conname
    LOOP
        IF NOT EXISTS (
            SELECT 1 FROM pg_index i
            WHERE i.indrelid = fk.tbl
              AND (i.indkey::smallint[])[0:array_length(fk.attnums, 1) - 1] = fk.attnums::smallint[]) THEN
            EXECUTE format('CREATE INDEX %I ON %s (%s)', fk.conname || '_idx', fk.tbl, fk.cols);
        END IF;
    END LOOP;
END
$$;
