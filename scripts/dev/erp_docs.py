# Regenerates migrations/erp/docs/*.md from the live erp database and the ERP exam set (run after changing the ERP schema).
import json, subprocess, collections, re, os
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
PORT = os.environ.get('SQLEXAM_PG_PORT', '55432')
PSQL = ['/usr/lib/postgresql/15/bin/psql','-h','127.0.0.1','-p',PORT,'-U','sqlexam','erp','-At','-F','\t','-c']
def q(sql): return [l.split('\t') for l in subprocess.run(PSQL+[sql],capture_output=True,text=True,check=True).stdout.splitlines() if l]
mapping = json.load(open(ROOT + '/migrations/erp/module_mapping.json'))
rows = [json.loads(l) for l in open(ROOT + '/exam-sets/erp/erp.jsonl')]
use = collections.Counter(t for r in rows for t in r['gold_tables'])
all_tables = [t for t, in q("SELECT relname FROM pg_class WHERE relkind='r' AND relnamespace='public'::regnamespace ORDER BY relname")]
ranked = sorted(all_tables, key=lambda t: (-use[t], t))
chosen = sorted(set(ranked[:48]) | {'sales_regions'})
tcomment = dict(q("SELECT relname, coalesce(obj_description(oid,'pg_class'),'') FROM pg_class WHERE relkind='r' AND relnamespace='public'::regnamespace"))
cols = collections.defaultdict(list)
for t,c,typ,nn,cm in q("""SELECT c.relname, a.attname, format_type(a.atttypid,a.atttypmod), a.attnotnull, coalesce(col_description(a.attrelid,a.attnum),'')
  FROM pg_attribute a JOIN pg_class c ON c.oid=a.attrelid WHERE c.relkind='r' AND c.relnamespace='public'::regnamespace AND a.attnum>0 AND NOT a.attisdropped ORDER BY c.relname, a.attnum"""):
    cols[t].append((c,typ,nn=='t',cm))
fks = collections.defaultdict(list); refs = collections.defaultdict(list)
for t,c,rt,rc in q("""SELECT cl.relname, a.attname, rl.relname, ra.attname FROM pg_constraint k JOIN pg_class cl ON cl.oid=k.conrelid JOIN pg_class rl ON rl.oid=k.confrelid
  JOIN pg_attribute a ON a.attrelid=k.conrelid AND a.attnum=k.conkey[1] JOIN pg_attribute ra ON ra.attrelid=k.confrelid AND ra.attnum=k.confkey[1]
  WHERE k.contype='f' AND k.connamespace='public'::regnamespace ORDER BY 1,2"""):
    fks[t].append((c,rt,rc)); refs[rt].append((t,c))
checks = collections.defaultdict(dict)
for t,d in q("SELECT cl.relname, pg_get_constraintdef(k.oid) FROM pg_constraint k JOIN pg_class cl ON cl.oid=k.conrelid WHERE k.contype='c' AND k.connamespace='public'::regnamespace"):
    m = re.match(r"CHECK \(\(?\(?(\w+) = ANY \(ARRAY\[(.*)\]\)\)?\)?", d)
    if m: checks[t][m.group(1)] = [v.split("'")[1] for v in m.group(2).split(',')]
    m2 = re.match(r"CHECK \(\(\((\w+) >= (\d+)\) AND \(\1 <= (\d+)\)\)\)", d)
    if m2: checks[t][m2.group(1)] = f"{m2.group(2)} to {m2.group(3)}"
pk = dict(q("""SELECT cl.relname, string_agg(a.attname, ', ' ORDER BY a.attnum) FROM pg_constraint k JOIN pg_class cl ON cl.oid=k.conrelid
  JOIN pg_attribute a ON a.attrelid=k.conrelid AND a.attnum = ANY(k.conkey) WHERE k.contype='p' AND k.connamespace='public'::regnamespace GROUP BY 1"""))
count = dict(q("SELECT relname, n_live_tup FROM pg_stat_user_tables"))
NOTES = {
 'order_lines': "order_lines has no order date, customer or status: join sales_orders on sales_order_id for those. line_total_amt already includes the line discount; the order-level discount is on sales_orders.discount_amt.",
 'sales_orders': "total_amount is after the order discount. Cancelled orders stay in the table with status 'cancelled'; most revenue questions leave them out. sales_rep_id is NULL for web orders.",
 'sales_regions': "A management structure only: no foreign key links regions to customers, orders or addresses. For sales by geography use customers.billing_address_id -> addresses -> cities -> states_provinces (geo_region) -> countries.",
 'customers': "The customer's location is its billing address (billing_address_id); shipping addresses can differ. account_manager_id is the account owner, not the rep on each order (sales_orders.sales_rep_id).",
 'employees': "Terminated employees stay with status 'terminated' and a termination_date; current staff have termination_date IS NULL (status 'active' or 'on_leave'). manager_id is a self-reference; the CEO has none.",
 'salary_history': "One row per salary change. The current salary of an employee is the row with the latest effective_date; there is no salary column on employees.",
 'inventory_levels': "Value inventory at products.standard_cost (there is no price column here; list_price is the selling price).",
 'products': "list_price is the selling price, standard_cost the cost; there is no column named price.",
 'invoices': "total_amount includes tax_amt. Void invoices are kept with status 'void'. Payments are in customer_payments.",
 'project_expenses': "Actual project costs; compare with project_budgets by project and category (budget_category).",
 'payslips': "Monthly, 2024-2025 only. Contractors are not on payroll.",
 'journal_lines': "Each journal entry balances: total debit_amt equals total credit_amt. Only entries with status 'posted' count in the books.",
 'states_provinces': "geo_region groups states and provinces into regions such as Northeast, West or Central Europe; it is the column to use for regional analysis.",
}
def md(t):
    mod = mapping['tables'][t]
    out = [f"# Table: {t}", "", "## Purpose", "", (tcomment.get(t) or f"{t.replace('_',' ').capitalize()} of the {mod} module.") + ".", "",
           "## Business Context", "", f"Part of the {mod} module: {mapping['modules'][mod]['description']} About {count.get(t,'0')} rows.", "", "## Columns", ""]
    for c, typ, nn, cm in cols[t]:
        out += [f"### {c}", "", f"- **Type:** {typ}", f"- **Description:** {cm or c.replace('_',' ')}"]
        if c in checks[t]:
            dom = checks[t][c]; out.append(f"- **Domain:** {', '.join(dom) if isinstance(dom, list) else dom}")
        out.append(f"- **Nullable:** {'no' if nn else 'yes'}")
        fk = [f for f in fks[t] if f[0] == c]
        if fk: out.append(f"- **Notes:** foreign key to {fk[0][1]}.{fk[0][2]}")
        out.append("")
    out += ["## Common Queries", ""]
    status = next((c for c in checks[t] if isinstance(checks[t][c], list)), None)
    datecol = next((c for c, typ, _, _ in cols[t] if typ == 'date' and c not in ('birth_date',)), None)
    if status:
        out += [f"### Query Pattern: rows by {status}", "", f"How the rows are spread over {status}.", "", "```sql",
                f"SELECT {status}, COUNT(*) FROM {t} GROUP BY {status};", "```", "", f"**Use case:** status overviews.", f"**Returns:** one row per {status} value.", ""]
    if datecol:
        out += [f"### Query Pattern: filter by {datecol}", "", f"Restrict to a period with a half-open range on {datecol}.", "", "```sql",
                f"SELECT COUNT(*) FROM {t} WHERE {datecol} >= DATE '2025-01-01' AND {datecol} < DATE '2026-01-01';", "```", "",
                "**Use case:** yearly or monthly figures.", "**Returns:** a count for the period.", ""]
    for c, rt, rc in fks[t][:2]:
        label = next((cc for cc, typ, _, _ in cols[rt] if cc.endswith('_name') or cc in ('title',)), rc)
        out += [f"### Query Pattern: join to {rt}", "", f"Bring in {rt} through {c}.", "", "```sql",
                f"SELECT r.{label}, COUNT(*) FROM {t} x JOIN {rt} r ON r.{rc} = x.{c} GROUP BY r.{label};", "```", "",
                f"**Use case:** {t.replace('_',' ')} per {rt.replace('_',' ')}.", f"**Returns:** one row per {rt.replace('_',' ')}.", ""]
    out += ["## Relationships", ""]
    rel = [f"{t}.{c} -> {rt}.{rc}" for c, rt, rc in fks[t]] + [f"{ot}.{oc} -> {t}" for ot, oc in refs[t]]
    out += [f"- **Related tables:** {', '.join(sorted({r for _, r, _ in fks[t]} | {o for o, _ in refs[t]})) or 'none'}",
            f"- **Join patterns:** {'; '.join(rel) if rel else 'none'}", "", "## Examples", ""]
    if status:
        dist = q(f"SELECT {status}, COUNT(*) FROM {t} GROUP BY 1 ORDER BY 2 DESC, 1")
        out.append("Value distribution of " + status + ": " + ", ".join(f"{v} {n}" for v, n in dist) + ".")
    else:
        out.append(f"Primary key: {pk.get(t, 'none')}.")
    out += ["", "## Notes", "", f"- {NOTES[t]}" if t in NOTES else "- No known data quality issues.", ""]
    return "\n".join(out)
d = ROOT + '/migrations/erp/docs'; os.makedirs(d, exist_ok=True)
for t in chosen: open(f'{d}/{t}.md','w').write(md(t))
idx = ["# Database: erp", "", "An enterprise ERP database of a company that makes, buys and sells industrial and office products in North America and Europe, 2022-2025.", "", "## Modules", ""]
for m, v in mapping['modules'].items(): idx += [f"- **{m}** ({len(v['tables'])} tables): {v['description']}"]
idx += ["", "## Documented tables", "", ", ".join(chosen) + ".", ""]
open(f'{d}/_index.md','w').write("\n".join(idx))
print(len(chosen), 'docs;', 'unused by exam:', [t for t in chosen if use[t]==0][:10])
