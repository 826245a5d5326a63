-- The demo database: a small order-management schema for the bundled demo exam set.
-- Clearly a demo: six tables, a few hundred rows. The ERP database is the real exam target.
SET search_path TO public;

CREATE TABLE departments (
    dept_id    integer PRIMARY KEY,
    dept_name  text NOT NULL UNIQUE,
    location   text NOT NULL,
    budget     numeric(12, 2) NOT NULL
);
COMMENT ON TABLE departments IS 'Company departments';

CREATE TABLE employees (
    emp_id      integer PRIMARY KEY,
    first_name  text NOT NULL,
    last_name   text NOT NULL,
    email       text,
    dept_id     integer NOT NULL REFERENCES departments (dept_id),
    manager_id  integer REFERENCES employees (emp_id),
    hire_date   date NOT NULL,
    salary      numeric(10, 2) NOT NULL CHECK (salary > 0)
);
COMMENT ON TABLE employees IS 'Employees; department heads have no manager';

CREATE TABLE customers (
    customer_id   integer PRIMARY KEY,
    customer_name text NOT NULL,
    city          text NOT NULL,
    country       text NOT NULL,
    segment       text NOT NULL CHECK (segment IN ('retail', 'wholesale', 'online'))
);

CREATE TABLE products (
    product_id   integer PRIMARY KEY,
    product_name text NOT NULL,
    category     text NOT NULL,
    unit_price   numeric(10, 2) NOT NULL,
    discontinued boolean NOT NULL DEFAULT false
);

CREATE TABLE orders (
    order_id    integer PRIMARY KEY,
    customer_id integer NOT NULL REFERENCES customers (customer_id),
    sales_rep_id integer NOT NULL REFERENCES employees (emp_id),
    order_date  date NOT NULL,
    ship_date   date,
    status      text NOT NULL CHECK (status IN ('pending', 'shipped', 'delivered', 'cancelled'))
);
COMMENT ON COLUMN orders.sales_rep_id IS 'Employee who took the order';

CREATE TABLE order_items (
    order_id   integer NOT NULL REFERENCES orders (order_id),
    line_no    integer NOT NULL,
    product_id integer NOT NULL REFERENCES products (product_id),
    qty        integer NOT NULL CHECK (qty > 0),
    unit_price numeric(10, 2) NOT NULL,
    discount   real NOT NULL DEFAULT 0,
    PRIMARY KEY (order_id, line_no)
);
COMMENT ON COLUMN order_items.discount IS 'Fraction off the line, 0 to 1';
