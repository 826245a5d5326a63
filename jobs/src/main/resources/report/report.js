/* The sqlexam run report: draws report-data (built by ReportData from summary.json and the exam log). */
(function () {
  'use strict';
  const data = JSON.parse(document.getElementById('report-data').textContent);
  const variants = data.variants;
  const names = variants.map(v => v.name);
  const charts = {};
  window.sqlexamCharts = charts;

  const pct = x => (100 * x).toFixed(1) + '%';
  const esc = s => String(s == null ? '' : s).replace(/[&<>"]/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'}[c]));
  const el = (tag, attrs, html) => { const e = document.createElement(tag); Object.assign(e, attrs || {}); if (html != null) e.innerHTML = html; return e; };

  function chart(id, option) {
    const node = document.getElementById(id);
    const c = echarts.init(node, null, {renderer: 'svg'});
    c.setOption(Object.assign({animation: false, tooltip: {trigger: 'item'}, grid: {left: 56, right: 16, top: 36, bottom: 60, containLabel: true}}, option));
    charts[id] = c;
    return c;
  }

  /** Whiskers [lo, hi] over grouped bars: series i of n, one per category. */
  function whiskers(name, points, i, n) {
    return {
      type: 'custom', name: name + ' 95%', data: points, z: 10, tooltip: {formatter: p => esc(name) + ': ' + pct(p.value[1]) + ' – ' + pct(p.value[2])},
      renderItem: (params, api) => {
        const band = api.size([1, 0])[0] * 0.8;
        const x = api.coord([api.value(0), 0])[0] + (i - (n - 1) / 2) * band / n;
        const lo = api.coord([api.value(0), api.value(1)])[1], hi = api.coord([api.value(0), api.value(2)])[1];
        const w = Math.min(8, band / n / 3), style = {stroke: '#333', lineWidth: 1.2};
        return {type: 'group', children: [
          {type: 'line', shape: {x1: x, y1: lo, x2: x, y2: hi}, style},
          {type: 'line', shape: {x1: x - w, y1: lo, x2: x + w, y2: lo}, style},
          {type: 'line', shape: {x1: x - w, y1: hi, x2: x + w, y2: hi}, style}]};
      }
    };
  }

  const pctAxis = {type: 'value', min: 0, max: 1, axisLabel: {formatter: v => (100 * v) + '%'}};
  const legend = {top: 0, type: 'scroll', data: names};

  function header() {
    const h = data.header;
    const rows = [['exam set', esc(h.exam_set) + ' — ' + h.questions + ' question(s) on ' + h.databases + ' database(s)'],
      ['generator', esc(h.generator) + (h.self_check ? ' <span class="selfcheck">SELF-CHECK: the gold SQL is the candidate; this grades the harness</span>' : '')
        + (h.generator_reason ? ' (' + esc(h.generator_reason) + ')' : '')],
      ['duration', (h.duration_seconds || 0).toFixed(1) + ' s'], ['rejected lines', h.rejected_lines || 0]];
    if (h.sharing) rows.push(['shared', esc(h.sharing.retrievals_per_question + ' retrieval(s) per question, ' + h.sharing.generations_per_question_and_run
      + ' generation(s) per question and run, ' + h.sharing.gold_executions + ' gold queries run')]);
    variants.forEach((v, i) => rows.push(['variant ' + esc(v.name) + (i === 0 && variants.length > 1 ? ' (reference)' : ''),
      esc((data.header.generators || {})[v.name] || '') + (v.description ? ' — ' + esc(v.description) : '')
        + (v.differences && Object.keys(v.differences).length ? '<br><code>' + esc(JSON.stringify(v.differences)) + '</code>' : '')]));
    document.getElementById('header').innerHTML = '<h1>sqlexam run ' + esc(h.run_id) + '</h1><dl>'
      + rows.map(r => '<dt>' + r[0] + '</dt><dd>' + r[1] + '</dd>').join('') + '</dl>';
  }

  function accuracy() {
    if (variants.length && variants[0].headline)
      document.getElementById('chart-accuracy').previousElementSibling.firstChild.textContent =
        variants[0].headline + ' per variant ';
    chart('chart-accuracy', {
      xAxis: {type: 'category', data: names}, yAxis: pctAxis,
      series: [{type: 'bar', name: 'accuracy', data: variants.map(v => v.accuracy), label: {show: true, position: 'insideTop', formatter: p => pct(p.value)}},
        whiskers('accuracy', variants.map((v, i) => [i, v.ci_low, v.ci_high]), 0, 1)]
    });
    const kinds = [['strict', 'strict EX'], ['lenient', 'lenient EX'], ['non_empty', 'non-empty EX'], ['bird', 'BIRD EX']];
    if (variants.some(v => v.ex.suite !== undefined)) kinds.splice(0, 1, ['exam_db', 'EX (exam database)'], ['suite', 'suite EX']);
    if (variants.some(v => v.ex.soft_f1 !== undefined)) kinds.push(['soft_f1', 'Soft-F1']);
    // a set imported from Spider: its own rule first, then over the golds without findings
    if (variants.some(v => v.ex.spider !== undefined))
      kinds.unshift(['spider', "EX, Spider's rule"], ['spider_healthy', "Spider's rule, golds without findings"]);
    chart('chart-ex', {legend, xAxis: {type: 'category', data: kinds.map(k => k[1])}, yAxis: pctAxis,
      series: variants.map(v => ({type: 'bar', name: v.name, data: kinds.map(k => v.ex[k[0]] || 0)}))});
  }

  function grouped(id, group) {
    const keys = [...new Set(variants.flatMap(v => Object.keys(v[group] || {})))];
    const series = variants.map(v => ({type: 'bar', name: v.name, data: keys.map(k => (v[group][k] || {}).accuracy || 0)}));
    variants.forEach((v, i) => series.push(whiskers(v.name, keys.map((k, x) => [x, (v[group][k] || {}).ci_low || 0, (v[group][k] || {}).ci_high || 0]), i, variants.length)));
    chart(id, {legend, xAxis: {type: 'category', data: keys, axisLabel: {rotate: keys.length > 6 ? 30 : 0}}, yAxis: pctAxis, series});
  }

  function funnel() {
    const steps = [['full_recall', 'full retrieval recall'], ['pass_at_k', 'pass@K'], ['selected_correct', 'right one selected'], ['final_correct', 'after repair']];
    chart('chart-funnel', {legend, xAxis: {type: 'category', data: steps.map(s => s[1])}, yAxis: {type: 'value', name: 'questions'},
      series: variants.map(v => ({type: 'bar', name: v.name, data: steps.map(s => (v.funnel || {})[s[0]] || 0), label: {show: true, position: 'top'}}))});
  }

  function stacked(id, pick) {
    const keys = [...new Set(variants.flatMap(v => Object.keys(pick(v) || {})))];
    chart(id, {legend: {top: 0, type: 'scroll'}, tooltip: {trigger: 'axis'}, xAxis: {type: 'category', data: names}, yAxis: {type: 'value'},
      series: keys.map(k => ({type: 'bar', stack: 'all', name: k, data: variants.map(v => (pick(v) || {})[k] || 0)}))});
  }

  function retrieval() {
    const cats = ['precision', 'recall', 'F1', 'full recall'], fields = ['precision', 'recall', 'f1', 'full_recall'];
    const series = [];
    variants.forEach(v => ['v1', 'v2'].forEach(r => series.push({type: 'bar', name: v.name + ' ' + r.toUpperCase(),
      data: fields.map(f => v.retrieval[r][f]), tooltip: {formatter: p => esc(p.seriesName) + ' ' + p.name + ': ' + p.value.toFixed(3)
        + ' (tables per question ' + v.retrieval[r].tables.toFixed(2) + ')'}})));
    chart('chart-retrieval', {legend: {top: 0, type: 'scroll'}, xAxis: {type: 'category', data: cats}, yAxis: {type: 'value', min: 0, max: 1}, series});
  }

  function latency() {
    const stages = [...new Set(Object.values(data.latency).flatMap(s => Object.keys(s)))];
    chart('chart-latency', {legend, xAxis: {type: 'category', data: stages, axisLabel: {rotate: 30}}, yAxis: {type: 'log', name: 'ms', min: 1},
      tooltip: {trigger: 'item', formatter: p => esc(p.seriesName) + ' ' + p.name + ': median ' + p.value[3] + ' ms, p95 '
        + ((data.latency[p.seriesName] || {})[p.name] || {}).p95 + ' ms'},
      series: names.map(n => ({type: 'boxplot', name: n, data: stages.map(s => ((data.latency[n] || {})[s] || {box: [1, 1, 1, 1, 1]}).box.map(x => Math.max(1, x)))}))});
  }

  function forest() {
    if (!data.comparisons.length) { document.getElementById('section-forest').style.display = 'none'; return; }
    const labels = data.comparisons.map(c => c.b + ' − ' + c.a);
    chart('chart-forest', {grid: {left: 16, right: 120, top: 20, bottom: 40, containLabel: true},
      yAxis: {type: 'category', data: labels, inverse: true}, xAxis: {type: 'value', axisLabel: {formatter: v => (100 * v).toFixed(1) + ' pts'}},
      series: [{type: 'scatter', name: 'difference', symbolSize: 11, data: data.comparisons.map((c, i) => [c.difference, i]),
        label: {show: true, position: 'right', formatter: p => { const c = data.comparisons[p.dataIndex]; return (100 * c.difference).toFixed(1) + ' pts, p = ' + c.p_value.toPrecision(2); }},
        tooltip: {formatter: p => esc(data.comparisons[p.dataIndex].verdict)},
        markLine: {silent: true, symbol: 'none', data: [{xAxis: 0}], lineStyle: {color: '#888', type: 'dashed'}}},
      {type: 'custom', name: 'CI', data: data.comparisons.map((c, i) => [c.ci_low, c.ci_high, i]), renderItem: (params, api) => {
        const a = api.coord([api.value(0), api.value(2)]), b = api.coord([api.value(1), api.value(2)]), s = {stroke: '#333', lineWidth: 1.5};
        return {type: 'group', children: [{type: 'line', shape: {x1: a[0], y1: a[1], x2: b[0], y2: b[1]}, style: s},
          {type: 'line', shape: {x1: a[0], y1: a[1] - 6, x2: a[0], y2: a[1] + 6}, style: s}, {type: 'line', shape: {x1: b[0], y1: b[1] - 6, x2: b[0], y2: b[1] + 6}, style: s}]};
      }}]});
  }

  function runs() {
    const max = Math.max(...variants.map(v => (v.accuracy_per_run || []).length));
    if (max < 2) { document.getElementById('section-runs').style.display = 'none'; return; }
    chart('chart-runs', {legend, tooltip: {trigger: 'axis'}, xAxis: {type: 'category', data: [...Array(max).keys()].map(i => 'run ' + (i + 1))}, yAxis: pctAxis,
      series: variants.map(v => ({type: 'line', name: v.name, symbolSize: 8, data: v.accuracy_per_run}))});
  }

  /** The second SQL with the words the first lacks marked. */
  function marked(sql, other) {
    const words = new Set(String(other || '').split(/\s+/));
    return String(sql || '').split(/(\s+)/).map(w => /\s+/.test(w) || words.has(w) ? esc(w) : '<span class="diff">' + esc(w) + '</span>').join('');
  }

  function disagreements() {
    const box = document.getElementById('disagreements');
    if (!data.disagreements.length) { if (names.length < 2) document.getElementById('section-disagreements').style.display = 'none';
      else box.innerHTML = '<p class="hint">The variants agree on every question.</p>'; return; }
    const rows = data.disagreements.map(d => {
      const vs = Object.entries(d.variants);
      return '<tr><td>' + esc(d.db) + '/' + esc(d.question_id) + '<br><small>' + esc(d.difficulty || '') + '</small></td>' + vs.map(([n, x], i) =>
        '<td><b>' + esc(n) + '</b> <span class="' + (x.correct ? 'right">right' : 'wrong">wrong') + '</span> ' + esc(x.reason)
        + (x.failed_stage ? ' at ' + esc(x.failed_stage) : '') + (x.retrieval_recall != null ? ', recall ' + x.retrieval_recall.toFixed(2) : '')
        + '<pre>' + marked(x.pred_sql || '(no SQL)', (vs[i === 0 ? 1 : 0] || [0, {}])[1].pred_sql) + '</pre></td>').join('') + '</tr>';
    });
    box.innerHTML = '<table><tbody>' + rows.join('') + '</tbody></table>';
  }

  function worst() {
    const cats = Object.entries(data.worst);
    document.getElementById('worst').innerHTML = cats.length ? cats.map(([cat, list]) => '<h3>' + esc(cat) + '</h3><table><tbody>'
      + list.map(q => '<tr><td>' + esc(q.db) + '/' + esc(q.id) + ' <small>' + esc(q.variant) + '</small></td><td>' + esc(q.question)
        + '<br><small>' + esc(q.details || q.reason) + '</small><pre>' + esc(q.pred_sql || '(no SQL)') + '</pre></td></tr>').join('') + '</tbody></table>').join('')
      : '<p class="hint">No wrong answer.</p>';
  }

  function questions() {
    const box = document.getElementById('questions');
    const table = el('table');
    table.innerHTML = '<thead><tr><th>question</th><th>variant</th><th>verdict</th></tr></thead>';
    const body = el('tbody');
    data.questions.forEach((q, i) => {
      const tr = el('tr', {className: 'q'}, '<td>' + esc(q.db) + '/' + esc(q.id) + '<br><small>' + esc(q.question) + '</small></td><td>' + esc(q.variant)
        + '</td><td><span class="' + (q.correct ? 'right">right' : 'wrong">wrong') + '</span><br><small>' + esc(q.reason) + '</small></td>');
      tr.dataset.index = i;
      tr.dataset.text = [q.id, q.db, q.question, q.pred_sql, q.reason, q.variant, q.failure_type].join(' ').toLowerCase();
      tr.addEventListener('click', () => { body.querySelectorAll('tr.selected').forEach(r => r.classList.remove('selected')); tr.classList.add('selected'); trace(q); });
      body.appendChild(tr);
    });
    table.appendChild(body);
    const h = data.header;
    if (h.entries_shown) box.appendChild(el('p', {className: 'hint', id: 'sampled'}, 'Showing ' + h.entries_shown + ' of ' + h.entries
      + ' questions × variants, evenly spaced in the log; every one is in exam_log.jsonl (and exam.results, or exam.missing when a file has no SQL for it).'));
    box.appendChild(table);
    document.getElementById('search').addEventListener('input', e => {
      const needle = e.target.value.toLowerCase();
      body.querySelectorAll('tr').forEach(tr => { tr.style.display = tr.dataset.text.includes(needle) ? '' : 'none'; });
    });
  }

  function rowsTable(columns, rows) {
    return '<table><thead><tr>' + (columns || []).map(c => '<th>' + esc(c) + '</th>').join('') + '</tr></thead><tbody>'
      + (rows || []).map(r => '<tr>' + r.map(v => '<td>' + (v === null ? '<i>NULL</i>' : esc(v)) + '</td>').join('') + '</tr>').join('') + '</tbody></table>';
  }

  function suite(s) {
    const head = '<h4>Test suite</h4><p>' + (s.unchecked ? '<span class="wrong">suite_unchecked</span> no suite database where its gold is defined: the exam database\'s verdict stands'
      : s.correct ? '<span class="right">agrees</span>' : '<span class="wrong">suite_mismatch</span> '
      + esc(s.kind) + ' on ' + esc(s.database) + ': ' + esc(s.detail)) + ' · exam database: ' + esc(s.exam_db_reason) + ' · checked on '
      + s.checked + ' of ' + s.databases + ' suite databases' + ((s.skipped || []).length ? '; skipped: ' + esc(s.skipped.join('; ')) : '') + '</p>';
    const e = s.evidence;
    if (!e) return head;
    return head + '<p>Evidence' + (e.minimal ? ' (shrunk: every row is needed)' : '') + (e.note ? ' — ' + esc(e.note) : '') + '</p>'
      + e.tables.map(t => '<p><b>' + esc(t.name) + '</b></p>' + rowsTable(t.columns, t.rows)).join('')
      + '<p>gold returns</p>' + rowsTable(null, e.gold_rows) + '<p>prediction returns</p>'
      + (e.pred_error ? '<pre>' + esc(e.pred_error) + '</pre>' : rowsTable(null, e.pred_rows));
  }

  /** The rows that show a wrong answer: the first difference, then gold and answer side by side. */
  function evidence(e) {
    const d = e.difference;
    const row = r => '(' + r.map(v => v === null ? 'NULL' : v).join(', ') + ')';
    let says = '';
    if (d && d.kind === 'order_differs') says = 'same rows in another order: row ' + d.row + ' is ' + esc(row(d.gold_row)) + ' in the gold, ' + esc(row(d.pred_row)) + ' in the answer';
    else if (d) says = [d.gold_row ? 'gold row ' + esc(row(d.gold_row)) + ' is not in the answer' : '', d.pred_row ? 'answer row ' + esc(row(d.pred_row)) + ' is not in the gold' : '']
      .filter(x => x).join('; ');
    return '<h4>Rows that show it</h4>' + (says ? '<p class="difference">' + says + (d.alignment ? ' <small>(answer columns ' + d.alignment.join(', ') + ' under gold columns 1–' + d.alignment.length + ')</small>' : '') + '</p>' : '')
      + '<div class="side-by-side"><div><p>gold returns</p>' + rowsTable(e.gold_columns, e.gold_rows) + '</div><div><p>answer returns</p>'
      + (e.pred_rows ? rowsTable(e.pred_columns, e.pred_rows) : '<p><i>no rows: it did not run</i></p>') + '</div></div>'
      + (e.truncated ? '<p><small>first rows only (evidence_rows, evidence_max_bytes)</small></p>' : '');
  }

  function trace(q) {
    const parts = ['<h3>' + esc(q.db) + '/' + esc(q.id) + ' — ' + esc(q.variant) + '</h3><p>' + esc(q.question) + '</p>',
      '<p><span class="' + (q.correct ? 'right">right' : 'wrong">wrong') + '</span> ' + esc(q.reason) + (q.detail ? ': ' + esc(q.detail) : '')
        + (q.failure_type ? ' · failure ' + esc(q.failure_type) : '') + ' · ' + q.total_ms + ' ms</p>',
      '<h4>Stages</h4><table class="stages"><tbody>' + q.stages.map(([stage, status, ms, detail, sqlstate]) => '<tr><td>' + esc(stage)
        + '</td><td class="status-' + esc(status) + '">' + esc(status) + (sqlstate ? ' ' + esc(sqlstate) : '') + '</td><td>' + ms + ' ms</td><td>'
        + esc(detail) + '</td></tr>').join('') + '</tbody></table>'];
    if (q.retrieval) parts.push('<h4>Retrieved tables (' + esc(q.retrieval.strategy) + ')</h4><p>' + (q.retrieval.tables || []).map((t, i) =>
      esc(t) + ' <small>' + esc((q.retrieval.sources || [])[i] || '') + '</small>').join(', ') + '</p>');
    if (q.candidates) parts.push('<h4>Candidates</h4><table><tbody>' + q.candidates.map(c => '<tr><td>#' + c.index + (c.index === q.chosen ? ' chosen' : '')
      + (q.candidate_correct ? ' <span class="' + (q.candidate_correct[c.index] ? 'right">right' : 'wrong">wrong') + '</span>' : '')
      + '<br><small>rank ' + c.rank + (c.blocked ? ', blocked: ' + esc(c.block_reason) : '') + (c.explain ? ', EXPLAIN ' + esc(c.explain) : '') + '</small></td><td><pre>'
      + esc(c.sql) + '</pre>' + (c.score ? '<small>' + Object.entries(c.score).map(([k, v]) => esc(k) + ' ' + v).join(' · ') + '</small>' : '')
      + '</td></tr>').join('') + '</tbody></table>');
    if (q.evidence) parts.push(evidence(q.evidence));
    if (q.suite) parts.push(suite(q.suite));
    if (q.repair) parts.push('<h4>Repair</h4><pre>' + esc(JSON.stringify(q.repair, null, 1)) + '</pre>');
    parts.push('<h4>Executed SQL</h4><pre>' + esc(q.pred_sql || '(none)') + '</pre><h4>Gold SQL</h4><pre>' + esc(data.golds[q.db + '/' + q.id]) + '</pre>');
    document.getElementById('trace').innerHTML = parts.join('');
  }

  header();
  accuracy();
  grouped('chart-difficulty', 'by_difficulty');
  grouped('chart-module', 'by_module');
  grouped('chart-category', 'by_category');
  funnel();
  stacked('chart-failures', v => (v.funnel || {}).failure_types);
  stacked('chart-reasons', v => v.reasons);
  retrieval();
  latency();
  forest();
  runs();
  disagreements();
  worst();
  questions();
  window.addEventListener('resize', () => Object.values(charts).forEach(c => c.resize()));
  document.body.dataset.ready = 'true';
})();
