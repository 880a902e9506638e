/**
 * The page's one script (plain DOM, no library). It builds the task list from the summary, filters
 * it, and on a click expands a task's compressed details and, on demand, a call's whole result.
 * Every value reaches the page through `textContent` or `dataset`, never as HTML.
 */
export const VIEWER_SCRIPT = `(function () {
'use strict';
var summary = JSON.parse(document.getElementById('viewer-summary').textContent);
var metrics = summary.metrics;
var labels = summary.arms || { baseline: 'baseline', candidate: 'candidate' };
var index = {};
metrics.forEach(function (m, i) { index[m.key] = i; });
var NEEDLESS = index.needless_call_rate, REACHED = index.needle_reached;
var details = null, blobs = null;
function payload(id) {
  var node = document.getElementById(id);
  return node ? JSON.parse(node.textContent) : null;
}
function packedDetail(id) { if (details === null) details = payload('viewer-details'); return details && details[id]; }
function packedBlob(sha) { if (blobs === null) blobs = payload('viewer-blobs'); return blobs && blobs[sha]; }
function unpack(b64) {
  var bin = atob(b64), bytes = new Uint8Array(bin.length);
  for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}
function el(tag, cls, text) {
  var node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}
function fmt(v) {
  if (v === null || v === undefined) return 'n/a';
  return Number.isInteger(v) ? String(v) : v.toFixed(3);
}
function size(bytes) {
  if (bytes < 1024) return bytes + ' B';
  if (bytes < 1048576) return (bytes / 1024).toFixed(1) + ' KB';
  return (bytes / 1048576).toFixed(1) + ' MB';
}
function state(arm) { return arm.state === 'ok' ? arm.outcome : arm.state; }
function value(arm, i) { return arm.state === 'ok' && i !== undefined ? arm.values[i] : null; }
function shown(v, i) {
  if (v !== null && v !== undefined && metrics[i].kind === 'binary') return v ? 'yes' : 'no';
  return fmt(v);
}
function pair(t, i) { return shown(value(t.baseline, i), i) + ' \\u2192 ' + shown(value(t.candidate, i), i); }
function calls(arm) { return arm.state === 'ok' ? arm.calls : null; }

var tbody = document.getElementById('task-rows');
var rows = [];
summary.tasks.forEach(function (t) {
  var tr = el('tr', 'task');
  tr.dataset.task = t.id;
  var id = el('td', 'mono', t.id);
  if (t.differ) { var mark = el('span', 'diff', ' \\u2260'); mark.title = 'the arms differ'; id.appendChild(mark); }
  tr.appendChild(id);
  var q = el('td', 'q', t.question || '');
  q.title = t.question || '';
  tr.appendChild(q);
  tr.appendChild(el('td', 'o-' + state(t.baseline), state(t.baseline)));
  tr.appendChild(el('td', 'o-' + state(t.candidate), state(t.candidate)));
  tr.appendChild(el('td', 'num', fmt(calls(t.baseline)) + ' \\u2192 ' + fmt(calls(t.candidate))));
  tr.appendChild(el('td', 'num', pair(t, NEEDLESS)));
  tr.appendChild(el('td', 'num', pair(t, REACHED)));
  var chosen = el('td', 'num chosen');
  tr.appendChild(chosen);
  tr.addEventListener('click', function () { toggle(t, tr); });
  tbody.appendChild(tr);
  rows.push({ task: t, tr: tr, chosen: chosen, detail: null });
});

var f = {
  differ: document.getElementById('f-differ'),
  base: document.getElementById('f-base-outcome'),
  cand: document.getElementById('f-cand-outcome'),
  metric: document.getElementById('f-metric'),
  relation: document.getElementById('f-relation'),
  text: document.getElementById('f-text'),
  count: document.getElementById('f-count'),
  head: document.getElementById('chosen-head'),
};
function relationHolds(t, m, relation) {
  var i = index[m], b = value(t.baseline, i), c = value(t.candidate, i);
  if (relation === 'any') return true;
  if (relation === 'changed') return b !== c;
  if (relation === 'same') return b === c && b !== null;
  if (b === null || c === null || b === c) return false;
  var dir = metrics[i].direction;
  if (relation === 'higher') return c > b;
  if (relation === 'lower') return c < b;
  if (dir === 'neither') return false;
  var better = dir === 'higher' ? c > b : c < b;
  return relation === 'better' ? better : !better;
}
function verdictClass(t, m) {
  if (relationHolds(t, m, 'better')) return 'better';
  if (relationHolds(t, m, 'worse')) return 'worse';
  return '';
}
function apply() {
  var m = f.metric.value, relation = f.relation.value, text = f.text.value.trim().toLowerCase();
  var shown = 0;
  f.head.textContent = m ? m + ' (b \\u2192 c)' : '';
  rows.forEach(function (r) {
    var t = r.task;
    var ok = (!f.differ.checked || t.differ) &&
      (!f.base.value || state(t.baseline) === f.base.value) &&
      (!f.cand.value || state(t.candidate) === f.cand.value) &&
      (!m || relationHolds(t, m, relation)) &&
      (!text || t.id.toLowerCase().indexOf(text) >= 0 || (t.question || '').toLowerCase().indexOf(text) >= 0);
    r.tr.hidden = !ok;
    if (r.detail) r.detail.hidden = !ok;
    r.chosen.textContent = m ? pair(t, index[m]) : '';
    r.chosen.className = 'num chosen ' + (m ? verdictClass(t, m) : '');
    if (ok) shown++;
  });
  f.count.textContent = 'showing ' + shown + ' of ' + rows.length + ' tasks';
}
[f.differ, f.base, f.cand, f.metric, f.relation].forEach(function (c) { c.addEventListener('change', apply); });
f.text.addEventListener('input', apply);
Array.prototype.forEach.call(document.querySelectorAll('.metric-link'), function (b) {
  b.addEventListener('click', function () {
    f.metric.value = b.dataset.metric;
    if (f.relation.value === 'any') f.relation.value = 'changed';
    apply();
    document.getElementById('tasks').scrollIntoView();
  });
});

function callView(call, previews) {
  var box = el('div', 'call' + (call.needless.length ? ' needless' : '') + (call.gold ? ' gold' : ''));
  box.dataset.seq = call.seq;
  var head = el('div', 'call-head');
  head.appendChild(el('span', 'mono', '#' + call.seq));
  head.appendChild(el('span', 'tool', call.tool));
  head.appendChild(el('span', 'badge ' + (call.ok ? 'ok' : 'error'), call.ok ? 'ok' : 'error'));
  call.needless.forEach(function (c) { head.appendChild(el('span', 'badge needless', c)); });
  if (call.gold === true) head.appendChild(el('span', 'badge gold', 'reached gold'));
  head.appendChild(el('span', 'muted', size(call.bytes) + (call.rows !== null ? ', ' + call.rows + (call.rows === 1 ? ' row' : ' rows') : '') +
    (call.duration_ms !== null ? ', ' + call.duration_ms + ' ms' : '')));
  box.appendChild(head);
  box.appendChild(el('pre', 'args', call.args));
  if (call.error) box.appendChild(el('div', 'o-timeout', 'error: ' + call.error));
  if (call.identifiers.length) {
    var shown = call.identifiers.slice(0, 8).join(', ');
    var more = call.identifiers.length > 8 ? ' (+' + (call.identifiers.length - 8) + ' more)' : '';
    box.appendChild(el('div', 'muted returned', 'returned: ' + shown + more));
  }
  var preview = el('pre', 'preview', previews[call.blob] || '');
  box.appendChild(preview);
  if (call.whole) box.appendChild(el('div', 'muted', 'the preview is the whole result'));
  else if (!call.embedded) box.appendChild(el('div', 'muted', 'preview only: the whole result (' + size(call.bytes) + ') is not embedded; it is blobs/' + call.blob));
  else {
    var button = el('button', 'full-button', 'show the whole result (' + size(call.bytes) + ')');
    button.type = 'button';
    button.addEventListener('click', function (event) {
      event.stopPropagation();
      var packed = packedBlob(call.blob);
      if (!packed) { button.textContent = 'the whole result is still loading'; return; }
      button.disabled = true;
      unpack(packed).then(function (text) {
        var full = el('pre', 'full', text);
        preview.replaceWith(full);
        button.remove();
      });
    });
    box.appendChild(button);
  }
  return box;
}
function armView(name, arm, previews) {
  var box = el('div', 'arm');
  box.dataset.arm = name;
  if (arm === null) { box.appendChild(el('h4', null, labels[name])); box.appendChild(el('p', 'empty', 'no trajectory for this task')); return box; }
  var ncalls = arm.turn_views.reduce(function (s, t) { return s + t.calls.length; }, 0);
  box.appendChild(el('h4', null, labels[name] + ' \\u00b7 ' + arm.outcome + ' \\u00b7 ' + arm.turns + ' turns' +
    (arm.turn_budget !== null ? ' of ' + arm.turn_budget : '') + ' \\u00b7 ' + ncalls + ' calls'));
  if (arm.error) box.appendChild(el('pre', 'o-refused', arm.error));
  if (arm.answer !== null) { box.appendChild(el('div', 'muted', 'answer')); box.appendChild(el('div', 'answer', arm.answer)); }
  arm.turn_views.forEach(function (turn) {
    var t = el('div', 'turn');
    t.dataset.turn = turn.turn;
    var usage = turn.usage ? ' \\u00b7 ' + turn.usage.prompt + ' in / ' + turn.usage.completion + ' out' : '';
    t.appendChild(el('div', 'turn-head', 'turn ' + turn.turn + ' \\u00b7 ' + turn.message_id + ' \\u00b7 ' + (turn.finish_reason || 'no finish reason') + usage));
    if (turn.content) t.appendChild(el('div', 'content', turn.content));
    turn.calls.forEach(function (call) { t.appendChild(callView(call, previews)); });
    box.appendChild(t);
  });
  return box;
}
function render(detail, cell) {
  cell.textContent = '';
  var head = el('div', 'task-head');
  head.appendChild(el('h3', 'mono', detail.id));
  if (detail.question) head.appendChild(el('p', null, detail.question));
  head.appendChild(el('p', 'muted', detail.gold.length ? 'gold: ' + detail.gold.join(', ') : 'no gold known to the viewer: "reached gold" is not shown'));
  cell.appendChild(head);
  var grid = el('div', 'arms-grid');
  grid.appendChild(armView('baseline', detail.baseline, detail.previews));
  grid.appendChild(armView('candidate', detail.candidate, detail.previews));
  cell.appendChild(grid);
}
function toggle(t, tr) {
  var r = rows.find(function (x) { return x.task === t; });
  if (r.detail) { r.detail.remove(); r.detail = null; tr.classList.remove('open'); return; }
  var row = el('tr', 'detail-row');
  var cell = el('td', 'detail');
  cell.colSpan = 8;
  cell.textContent = 'loading\\u2026';
  row.appendChild(cell);
  tr.after(row);
  tr.classList.add('open');
  r.detail = row;
  history.replaceState(null, '', '#task=' + encodeURIComponent(t.id));
  var packed = packedDetail(t.id);
  if (!packed) { cell.textContent = 'the details are still loading; click again'; return; }
  unpack(packed).then(function (text) { render(JSON.parse(text), cell); row.dataset.ready = 'true'; });
}
apply();
document.body.dataset.ready = 'true';
var wanted = /^#task=(.*)$/.exec(location.hash);
if (wanted) {
  var id = decodeURIComponent(wanted[1]);
  var hit = rows.find(function (r) { return r.task.id === id; });
  if (hit) window.addEventListener('load', function () { toggle(hit.task, hit.tr); hit.tr.scrollIntoView(); });
}
})();
`;
