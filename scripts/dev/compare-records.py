#!/usr/bin/env python3
"""compare-records.py BEFORE AFTER: two folders of scripts/dev/record-fixtures.sh, record by record (exam logs keyed by
variant, run and question; watch outputs by source position or window and key; objects compared as JSON objects, their
fields in any order), exit 1 on any difference. Left out, as
two runs of the same jar differ there too: timings, run ids and folders; which of a question's tasks ran the shared gold
(gold_executed); the count of EXPLAINs slower than 1 ms in the evaluate detail; which of two equal questions hit the
embedding cache first, and whether a question's vector was embedded or taken as an earlier run kept it, or the store failed to answer
(question_vector_cache, the same vector); float sums past 12 significant digits or below 1e-12 (an unordered stream adds in another order)."""
import json, sys, os, re, glob
ROOTS = [os.path.realpath(p) for p in sys.argv[1:3]]
TIMING = re.compile(r'(^|_)(micros|timings_micros|emitted_at_ms|ms|millis|seconds|latency.*|run_id|started.*|finished.*|created.*|ts|time|wall.*|p50|p95|elapsed.*)$')
def strip(x):
    if isinstance(x, dict) and x.get('stage') == 'embed' and x.get('detail') == 'cached':
        x = dict(x, detail='bge-small-en-v1.5-q')  # which of two equal questions came first: the order of an unordered stream
    if isinstance(x, dict) and x.get('stage') == 'embed' and x.get('status') == 'ok':
        # the vector an earlier run kept, or whether the store answered: the same vector
        x = dict(x, detail=re.sub(r' \((kept|kept question vectors not read .*|question vectors not kept .*)\)$', '', str(x.get('detail'))))
    if isinstance(x, dict):
        return {k: strip(v) for k, v in x.items() if not TIMING.search(k) and not k.endswith('_ms') and k not in ('gold_executed','gold_executions','run_id','duration_ms','path','exam_log','report')}
    if isinstance(x, list): return [strip(v) for v in x]
    if isinstance(x, float): return 0.0 if abs(x) < 1e-12 else float('%.12g' % x)
    if isinstance(x, str): x = re.sub(r'(EXPLAIN passed \d+ of )\d+', r'\1N', x)
    if isinstance(x, str): return re.sub(r'\d{8}-\d{6}-\d{3}', 'RUN', x.replace(ROOTS[0], 'DIR').replace(ROOTS[1], 'DIR'))
    return x
def key(r):
    for ks in (('variant','repetition','question_id'), ('source','position'), ('window_start_ms','key','rule'), ('window_start_ms','key_kind','key'), ('line','reason')):
        if all(k in r for k in ks): return tuple(str(r[k]) for k in ks)
    return json.dumps(r, sort_keys=True)
def load(p):
    out = {}
    for l in open(p):
        if l.strip():
            r = json.loads(l); out.setdefault(key(r), []).append(strip(r))
    return out
def files(d):
    return {re.sub(r'\d{8}-\d{6}-\d{3}', 'RUN', os.path.relpath(p, d)): p for p in glob.glob(d + '/**/*.jsonl', recursive=True) + glob.glob(d + '/**/summary.json', recursive=True)}
a, b = files(sys.argv[1]), files(sys.argv[2])
bad = 0
for name in sorted(set(a) | set(b)):
    if name not in a or name not in b: print('only in one:', name); bad += 1; continue
    if name.endswith('.json'):
        x, y = strip(json.load(open(a[name]))), strip(json.load(open(b[name])))
        same = x == y
        print(f'{name}: {"identical" if same else "DIFFERS"}'); bad += not same
        if not same:
            for k in x:
                if x.get(k) != y.get(k): print('   key', k, str(x.get(k))[:300], '|', str(y.get(k))[:300])
        continue
    x, y = load(a[name]), load(b[name])
    canon = lambda rs: sorted(json.dumps(r, sort_keys=True) for r in rs)
    diff = [k for k in set(x) | set(y) if canon(x.get(k, [])) != canon(y.get(k, []))]
    print(f'{name}: {sum(map(len, x.values()))} vs {sum(map(len, y.values()))} records, {len(diff)} differ')
    bad += len(diff)
    for k in diff[:3]:
        ra, rb = (x.get(k) or [{}])[0], (y.get(k) or [{}])[0]
        ks = [f for f in set(ra) | set(rb) if ra.get(f) != rb.get(f)]
        print('   ', k, {f: (str(ra.get(f))[:200], str(rb.get(f))[:200]) for f in ks[:4]})
print('DIFFERENCES:', bad)
sys.exit(1 if bad else 0)
