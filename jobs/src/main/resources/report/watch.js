/* The sqlexam watch report: draws report-data (built by WatchReport from a watch's windows and alerts). */
(function () {
  'use strict';
  const data = JSON.parse(document.getElementById('report-data').textContent);
  const charts = {};
  window.sqlexamCharts = charts;
  const esc = s => String(s == null ? '' : s).replace(/[&<>"]/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'}[c]));
  const time = ms => new Date(ms).toISOString().replace('T', ' ').replace(/\.\d+Z$/, 'Z');

  function chart(id, option) {
    const c = echarts.init(document.getElementById(id), null, {renderer: 'svg'});
    c.setOption(Object.assign({animation: false, tooltip: {trigger: 'axis'}, legend: {top: 0, type: 'scroll'},
      grid: {left: 56, right: 56, top: 40, bottom: 40, containLabel: true}, xAxis: {type: 'time'}}, option));
    charts[id] = c;
  }

  const apps = data.series.app || {};
  const prompts = data.series.app_prompt || {};
  const points = (rows, field) => rows.filter(p => p[field] != null).map(p => [p.t, p[field]]);
  const alertsOf = key => data.alerts.filter(a => a.key_kind === 'app' && a.key === key);

  document.getElementById('header').innerHTML = '<h1>sqlexam watch</h1><dl><dt>outputs</dt><dd>' + esc(data.folder) + '</dd>'
    + '<dt>event time</dt><dd>' + time(data.totals.first_ms) + ' to ' + time(data.totals.last_ms) + ', windows of '
    + (data.totals.window_ms / 1000) + ' s</dd><dt>events</dt><dd>' + data.totals.events + ' in ' + Object.keys(apps).length
    + ' app(s)</dd><dt>alerts</dt><dd>' + data.totals.alerts + '</dd></dl>';

  chart('chart-errors', {
    yAxis: [{type: 'value', name: 'events'}, {type: 'value', name: 'error rate', min: 0, max: 1, axisLabel: {formatter: v => (100 * v) + '%'}}],
    series: Object.entries(apps).flatMap(([key, rows]) => [
      {type: 'bar', name: key + ' events', data: points(rows, 'events'), barMaxWidth: 12},
      {type: 'line', name: key + ' error rate', yAxisIndex: 1, data: points(rows, 'error_rate'), showSymbol: false,
        markPoint: {symbol: 'pin', symbolSize: 28, data: alertsOf(key).map(a => ({name: a.rule, coord: [a.window_start_ms,
          (rows.find(p => p.t === a.window_start_ms) || {}).error_rate || 0], value: '!'}))}}])
  });
  chart('chart-latency', {
    yAxis: {type: 'value', name: 'ms'},
    series: Object.entries(apps).flatMap(([key, rows]) => [
      {type: 'line', name: key + ' p50', data: points(rows, 'latency_p50_ms'), showSymbol: false},
      {type: 'line', name: key + ' p95', data: points(rows, 'latency_p95_ms'), showSymbol: false, lineStyle: {type: 'dashed'}}])
  });
  chart('chart-ex', {
    yAxis: {type: 'value', min: 0, max: 1, axisLabel: {formatter: v => (100 * v) + '%'}},
    series: Object.entries(apps).flatMap(([key, rows]) => [
      {type: 'line', name: key + ' EX', data: points(rows, 'execution_accuracy'), connectNulls: true},
      {type: 'line', name: key + ' table recall', data: points(rows, 'retrieval_recall'), showSymbol: false, lineStyle: {type: 'dotted'}},
      {type: 'line', name: key + ' shadow agreement', data: points(rows, 'shadow_agreement'), showSymbol: false, lineStyle: {type: 'dashed'}}]
      .filter(s => s.data.length > 0))
  });
  chart('chart-prompts', {
    yAxis: {type: 'value', min: 0, max: 1, axisLabel: {formatter: v => (100 * v) + '%'}},
    series: Object.entries(prompts).map(([key, rows]) => ({type: 'line', name: key, data: points(rows, 'error_rate'), showSymbol: false}))
  });
  chart('chart-sqlstates', {
    tooltip: {trigger: 'item'}, legend: {show: false}, xAxis: {type: 'category', data: data.sqlstates.map(s => s[0])}, yAxis: {type: 'value'},
    series: [{type: 'bar', name: 'events', data: data.sqlstates.map(s => s[1]), label: {show: true, position: 'top'}}]
  });

  const table = document.getElementById('alerts');
  table.innerHTML = data.alerts.length === 0 ? '<p class="hint">No rule fired.</p>' : '<table><thead><tr><th>window</th><th>key</th><th>rule</th>'
    + '<th>metric</th><th>value</th><th>threshold</th><th>baseline</th><th>events</th></tr></thead><tbody>'
    + data.alerts.map(a => '<tr class="alert-row"><td>' + time(a.window_start_ms) + '</td><td>' + esc(a.key_kind + ' ' + a.key) + '</td><td>'
      + esc(a.rule) + '</td><td>' + esc(a.metric) + '</td><td>' + (+a.value).toPrecision(3) + '</td><td>' + (+a.threshold).toPrecision(3)
      + '</td><td>' + (a.baseline == null ? '–' : (+a.baseline).toPrecision(3)) + '</td><td>' + a.events + '</td></tr>').join('')
    + '</tbody></table>';
  window.addEventListener('resize', () => Object.values(charts).forEach(c => c.resize()));
})();
