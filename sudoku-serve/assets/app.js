// The setter's page: reads the text area, draws the puzzle, and asks the
// server (same origin, JSON API) for the verdict, a count and the true
// candidates, polling a job while it runs. No build step, no libraries.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 48;       // pixels per cell
const MARGIN = 36;     // room for outside clues
const COUNT_LIMIT = 1000;
const DEBOUNCE_MS = 300;
const POLL_MS = 100;
const JOB_DELAY_MS = 150;

const $ = (id) => document.getElementById(id);
const area = $('puzzle');
const svg = $('grid');

let puzzle = null;     // the drawing of the last puzzle read
let job = null;        // {id, timer} of the running job
let selected = null;   // the selected cell
let generation = 0;    // bumps on every new text: late answers are dropped
let lastResult = null; // the last job's answers, to redraw after a click
let path = null;       // the logical path of the text ({steps, solved, se}), asked on demand
let stepsShown = 0;    // the steps of the path shown so far ("Next step")

// An empty page draws an empty 9x9 grid, not a blank box.
const EMPTY = {
  size: 9, givens: new Array(81).fill(0), windows: [], cages: [], constraints: [], diagonals: false,
  regions: Array.from({ length: 81 }, (_, i) => 3 * Math.floor(i / 27) + Math.floor((i % 9) / 3)),
};

async function api(path, body) {
  let response;
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    return { status: 0, json: { ok: false, error: { message: 'the server does not answer (is sudoku serve still running?)' } } };
  }
  let json = null;
  try { json = await response.json(); } catch (e) { json = { ok: false, error: { message: response.statusText } }; }
  return { status: response.status, json };
}

// ---- answers --------------------------------------------------------------

function setText(id, text, attrs) {
  const el = $(id);
  el.textContent = text;
  for (const [k, v] of Object.entries(attrs || {})) el.dataset[k] = v;
}

function resetAnswers() {
  setText('verdict', '-', { status: 'none' });
  setText('count', '-', { solutions: '', complete: '' });
  setText('candidates', '-', { complete: '' });
  setText('progress', '');
  lastResult = null;
  path = null;
  stepsShown = 0;
  setText('step-text', '');
  $('path').hidden = true;
  $('path').textContent = '';
}

function showError(error) {
  const el = $('error');
  if (!error) { el.hidden = true; el.textContent = ''; return; }
  el.hidden = false;
  el.textContent = error.message;
  el.dataset.line = error.line || 0;
  el.dataset.column = error.column || '';
  el.dataset.cell = error.cell ? error.cell.join(',') : '';
}

function describeVerdict(v) {
  switch (v.status) {
    case 'unique': return 'unique';
    case 'multiple': return 'multiple solutions (' + v.cells.length + ' cells differ between two of them)';
    case 'unsolvable': return 'no solution';
    case 'invalid': return 'invalid: ' + (v.conflict ? v.conflict.message : '');
    case 'unknown': return 'unknown (' + v.incomplete + ')';
    default: return v.error ? 'error: ' + v.error : v.status;
  }
}

function showResult(r) {
  lastResult = r;
  if (r.verdict) setText('verdict', describeVerdict(r.verdict), { status: r.verdict.status });
  if (r.count) {
    const c = r.count;
    let text;
    if (c.error) text = 'error: ' + c.error;
    else if (c.complete) text = String(c.solutions);
    else if (c.incomplete === 'solution limit reached') text = 'at least ' + c.solutions + ' (the limit)';
    else text = 'at least ' + c.solutions + ' (' + c.incomplete + ')';
    setText('count', text, { solutions: c.solutions === undefined ? '' : c.solutions, complete: !!c.complete });
  }
  if (r.candidates) {
    const c = r.candidates;
    setText('candidates', c.error ? 'error: ' + c.error : c.complete ? 'shown in the grid' : 'partial (' + c.incomplete + ')',
      { complete: !!c.complete });
  }
  const seconds = (r.elapsed_ms / 1000).toFixed(1) + ' s';
  if (r.status === 'running') {
    let detail = r.nodes ? ', ' + r.nodes + ' nodes' : '';
    if (r.phase === 'count' && r.solutions_so_far) detail += ', ' + r.solutions_so_far + ' solutions so far';
    if (r.phase === 'candidates' && r.cells_open) detail += ', ' + r.cells_done + ' of ' + r.cells_open + ' cells';
    setText('progress', 'working on the ' + r.phase + '... ' + seconds + detail);
  }
  else setText('progress', (r.status === 'complete' ? 'done in ' : 'stopped (' + r.incomplete + ') after ') + seconds);
  draw();
}

async function cancelJob() {
  if (!job) return;
  const id = job.id;
  clearTimeout(job.timer);
  job = null;
  $('cancel').disabled = true;
  const { json } = await api('/api/jobs/' + id + '/cancel', {});
  return json;
}

async function startJob(text, mine) {
  const { status, json } = await api('/api/jobs', { text, count_limit: COUNT_LIMIT });
  if (mine !== generation) {
    // The text changed while the job was being started: nobody tracks it,
    // so stop it now rather than leave it running.
    if (status === 200) api('/api/jobs/' + json.id + '/cancel', {});
    return;
  }
  if (status !== 200) { showError(json.error || { message: 'the server said ' + status }); return; }
  job = { id: json.id, timer: null };
  $('cancel').disabled = false;
  poll(json.id, mine);
}

async function poll(id, mine) {
  const { status, json } = await api('/api/jobs/' + id);
  if (mine !== generation) return;
  if (status !== 200) { setText('progress', 'the job is gone'); job = null; $('cancel').disabled = true; return; }
  showResult(json);
  if (json.status === 'running') {
    if (job && job.id === id) job.timer = setTimeout(() => poll(id, mine), POLL_MS);
  } else {
    if (job && job.id === id) job = null;
    $('cancel').disabled = true;
  }
}

// ---- reading --------------------------------------------------------------

async function refresh(edit) {
  const mine = ++generation;
  const stopping = cancelJob();
  const text = area.value;
  if (!edit && text.trim() === '') {
    puzzle = null; showError(null); resetAnswers(); draw(); return;
  }
  resetAnswers();
  const body = edit ? { text, edit } : { text };
  const { status, json } = await api('/api/parse', body);
  await stopping;
  if (mine !== generation) return;
  resetAnswers();
  if (status !== 200 || !json.ok) {
    showError(json.error || { message: 'the server said ' + status });
    draw();
    return;
  }
  showError(null);
  puzzle = json.puzzle;
  if (json.text !== null && json.text !== undefined) {
    area.value = json.text;
    $('link-line').hidden = false;
  }
  if (selected !== null && selected >= puzzle.size * puzzle.size) selected = null;
  listRules();
  draw();
  // A short wait first: under a burst of edits only the last starts a job.
  setTimeout(() => { if (mine === generation) startJob(area.value, mine); }, JOB_DELAY_MS);
}

let debounce = null;
area.addEventListener('input', () => {
  clearTimeout(debounce);
  $('start').hidden = true;
  $('link-line').hidden = true;
  debounce = setTimeout(() => refresh(null), DEBOUNCE_MS);
});

$('cancel').addEventListener('click', async () => {
  const id = job && job.id;
  const mine = generation;
  const json = await cancelJob();
  // Show how it ended: poll once more until it says so.
  if (id && json) { job = { id, timer: null }; poll(id, mine); }
});

// ---- editing --------------------------------------------------------------

svg.addEventListener('click', (e) => {
  const cell = e.target.dataset && e.target.dataset.cell;
  if (cell === undefined) return;
  selected = Number(cell);
  svg.focus();
  draw();
});

svg.addEventListener('keydown', (e) => {
  if (selected === null || !puzzle) return;
  const n = puzzle.size;
  const moves = { ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1 };
  if (moves[e.key] !== undefined) {
    const next = selected + moves[e.key];
    if (next >= 0 && next < n * n) { selected = next; draw(); }
    e.preventDefault();
    return;
  }
  // In a doppelganger grid 0 is a value: only Backspace and Delete clear
  // a cell (sent as null).
  const blank = puzzle.doppelganger ? null : 0;
  let value;
  if (/^[0-9]$/.test(e.key)) value = Number(e.key);
  else if (n > 9 && /^[a-zA-Z]$/.test(e.key)) value = 10 + e.key.toLowerCase().charCodeAt(0) - 97; // A = 10 ...
  else if (e.key === 'Backspace' || e.key === 'Delete') value = blank;
  if (value === undefined || (value !== null && value > n)) return;
  e.preventDefault();
  refresh({ cell: selected, value });
});

// ---- drawing --------------------------------------------------------------

function el(name, attrs, parent, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  (parent || svg).appendChild(node);
  return node;
}

const cx = (cell, n) => MARGIN + (cell % n + 0.5) * CELL;
const cy = (cell, n) => MARGIN + (Math.floor(cell / n) + 0.5) * CELL;
const points = (cells, n) => cells.map((c) => cx(c, n) + ',' + cy(c, n)).join(' ');

const LINE_STYLE = {
  thermometer: ['#999', 18], 'slow thermometer': ['#bbb', 18], palindrome: ['#777', 10],
  renban: ['#c05cd6', 10], whispers: ['#3fbf3f', 10], regionsumline: ['#3a7bd5', 8],
  betweenline: ['#8a8aa8', 6], entropicline: ['#f0a030', 10], littlekillersum: ['#333', 1],
  sumline: ['#1f9e89', 8], whispersby: ['#2e8b57', 10], modularline: ['#d4a017', 8],
  nabner: ['#e67e22', 10], doublearrow: ['#7f8c8d', 8], zipperline: ['#9b59b6', 8],
  lockout: ['#5d7ea8', 8],
};

// The label a cage of issue 36 carries in its corner, by kind.
const CAGE_LABEL = {
  rellikcage: (k) => '\u2260' + k.clue, lunchbox: (k) => 'LB ' + k.clue,
  digitalrootcage: (k) => 'dr ' + k.clue, equalitycage: () => '=',
};

function listRules() {
  const ul = $('rules');
  ul.textContent = '';
  if (!puzzle) return;
  const names = [];
  if (puzzle.doppelganger) names.push('doppelganger (values 0-' + puzzle.size + ', one missing from each house)');
  if (puzzle.jigsaw) names.push('jigsaw regions');
  if (puzzle.diagonals) names.push('both diagonals (X)');
  if (puzzle.windows.length) names.push('windoku windows');
  if (puzzle.cages.length) names.push(puzzle.cages.length + ' killer cages');
  const counts = {};
  for (const c of puzzle.constraints) {
    const name = c.kind === 'negative' ? 'negative (' + c.of + ')'
      : c.detail ? c.kind + ' ' + c.detail : c.kind;
    counts[name] = (counts[name] || 0) + 1;
  }
  for (const [name, k] of Object.entries(counts)) names.push(k > 1 ? name + ' x' + k : name);
  if (!names.length) names.push('classic rules');
  for (const name of names) {
    const li = document.createElement('li');
    li.textContent = name;
    ul.appendChild(li);
  }
}

function outside(line, n) {
  // The clue's place: one step before the line's first cell.
  const r0 = Math.floor(line[0] / n), c0 = line[0] % n;
  let dr = 1, dc = 0;
  if (line.length > 1) { dr = Math.floor(line[1] / n) - r0; dc = line[1] % n - c0; }
  return [MARGIN + (c0 - dc + 0.5) * CELL, MARGIN + (r0 - dr + 0.5) * CELL, dr, dc];
}

function drawCage(cells, sum, n, group) {
  const inCage = new Set(cells);
  const inset = 4;
  for (const cell of cells) {
    const r = Math.floor(cell / n), c = cell % n;
    const x0 = MARGIN + c * CELL + inset, x1 = MARGIN + (c + 1) * CELL - inset;
    const y0 = MARGIN + r * CELL + inset, y1 = MARGIN + (r + 1) * CELL - inset;
    const side = (nr, nc) => nr >= 0 && nr < n && nc >= 0 && nc < n && inCage.has(nr * n + nc);
    const up = side(r - 1, c), down = side(r + 1, c), left = side(r, c - 1), right = side(r, c + 1);
    const xa = left ? x0 - 2 * inset : x0, xb = right ? x1 + 2 * inset : x1;
    const ya = up ? y0 - 2 * inset : y0, yb = down ? y1 + 2 * inset : y1;
    if (!up) el('line', { x1: xa, y1: y0, x2: xb, y2: y0, class: 'cage' }, group);
    if (!down) el('line', { x1: xa, y1: y1, x2: xb, y2: y1, class: 'cage' }, group);
    if (!left) el('line', { x1: x0, y1: ya, x2: x0, y2: yb, class: 'cage' }, group);
    if (!right) el('line', { x1: x1, y1: ya, x2: x1, y2: yb, class: 'cage' }, group);
  }
  if (sum !== null && sum !== undefined) {
    const first = Math.min(...cells);
    const x = MARGIN + (first % n) * CELL + 5, y = MARGIN + Math.floor(first / n) * CELL + 14;
    el('rect', { x: x - 2, y: y - 10, width: String(sum).length * 7 + 4, height: 12, fill: 'white' }, group);
    el('text', { x, y, class: 'cagesum' }, group, String(sum));
  }
}

function drawConstraint(k, n, layers) {
  const style = LINE_STYLE[k.kind];
  switch (k.kind) {
    case 'thermometer': case 'slow thermometer': {
      el('polyline', { points: points(k.line, n), class: 'line', stroke: style[0], 'stroke-width': style[1] }, layers.lines);
      el('circle', { cx: cx(k.line[0], n), cy: cy(k.line[0], n), r: CELL * 0.38, fill: style[0], opacity: 0.55 }, layers.lines);
      break;
    }
    case 'palindrome': case 'renban': case 'whispers': case 'regionsumline': case 'entropicline':
      el('polyline', { points: points(k.line, n), class: 'line', stroke: style[0], 'stroke-width': style[1] }, layers.lines);
      break;
    case 'betweenline': {
      el('polyline', { points: points(k.line, n), class: 'line', stroke: style[0], 'stroke-width': style[1] }, layers.lines);
      for (const end of [k.line[0], k.line[k.line.length - 1]]) {
        el('circle', { cx: cx(end, n), cy: cy(end, n), r: CELL * 0.4, fill: 'white', stroke: style[0], 'stroke-width': 2 }, layers.lines);
      }
      break;
    }
    case 'arrow': {
      // The shaft starts at the circle cell nearest to the line's first cell.
      const first = k.line[0];
      const dist = (a) => Math.abs(Math.floor(a / n) - Math.floor(first / n)) + Math.abs(a % n - first % n);
      const from = k.circle.reduce((best, c) => (dist(c) < dist(best) ? c : best), k.circle[0]);
      el('polyline', { points: points([from].concat(k.line), n), class: 'line', stroke: '#666', 'stroke-width': 3, 'marker-end': 'url(#arrowhead)' }, layers.lines);
      if (k.circle.length === 1) {
        el('circle', { cx: cx(from, n), cy: cy(from, n), r: CELL * 0.4, fill: 'white', stroke: '#666', 'stroke-width': 3 }, layers.lines);
      } else {
        const xs = k.circle.map((c) => cx(c, n)), ys = k.circle.map((c) => cy(c, n));
        const x = Math.min(...xs) - CELL * 0.4, y = Math.min(...ys) - CELL * 0.4;
        el('rect', { x, y, width: Math.max(...xs) - Math.min(...xs) + CELL * 0.8, height: Math.max(...ys) - Math.min(...ys) + CELL * 0.8,
          rx: CELL * 0.4, fill: 'white', stroke: '#666', 'stroke-width': 3 }, layers.lines);
      }
      break;
    }
    case 'killercage': drawCage(k.cells, k.sum, n, layers.cages); break;
    case 'extraregion':
      for (const c of k.cells) el('rect', { x: cx(c, n) - CELL / 2, y: cy(c, n) - CELL / 2, width: CELL, height: CELL, fill: '#d9d2f3', class: 'shade' }, layers.shade);
      break;
    case 'clone':
      for (const c of k.cells.concat(k.copy)) el('rect', { x: cx(c, n) - CELL / 2, y: cy(c, n) - CELL / 2, width: CELL, height: CELL, fill: '#fff3b0', class: 'shade' }, layers.shade);
      break;
    case 'even':
      el('rect', { x: cx(k.cells[0], n) - CELL * 0.35, y: cy(k.cells[0], n) - CELL * 0.35, width: CELL * 0.7, height: CELL * 0.7, fill: '#ddd', class: 'shade' }, layers.shade);
      break;
    case 'odd':
      el('circle', { cx: cx(k.cells[0], n), cy: cy(k.cells[0], n), r: CELL * 0.38, fill: '#ddd', class: 'shade' }, layers.shade);
      break;
    case 'minimum': case 'maximum': {
      const c = k.cells[0];
      el('text', { x: cx(c, n) - CELL / 2 + 3, y: cy(c, n) + CELL / 2 - 4, class: 'mark' }, layers.marks, k.kind === 'minimum' ? 'min' : 'max');
      break;
    }
    case 'difference': case 'ratio': {
      const [a, b] = k.cells;
      const x = (cx(a, n) + cx(b, n)) / 2, y = (cy(a, n) + cy(b, n)) / 2;
      el('circle', { cx: x, cy: y, r: 7, fill: k.kind === 'ratio' ? '#000' : '#fff', stroke: '#000', 'stroke-width': 1.5 }, layers.marks);
      if (k.label) el('text', { x, y, class: 'dot-label', fill: k.kind === 'ratio' ? '#fff' : '#000' }, layers.marks, k.label);
      break;
    }
    case 'xv': {
      const [a, b] = k.cells;
      const x = (cx(a, n) + cx(b, n)) / 2, y = (cy(a, n) + cy(b, n)) / 2;
      el('rect', { x: x - 7, y: y - 9, width: 14, height: 18, fill: 'white' }, layers.marks);
      el('text', { x, y, class: 'xv' }, layers.marks, k.label || String(k.value));
      break;
    }
    case 'quadruple': {
      const c = k.cells[0];
      const x = cx(c, n) + CELL / 2, y = cy(c, n) + CELL / 2;
      el('circle', { cx: x, cy: y, r: 15, fill: 'white', stroke: '#000', 'stroke-width': 1.5 }, layers.marks);
      el('text', { x, y, class: 'dot-label' }, layers.marks, k.values.join(''));
      break;
    }
    case 'littlekillersum': {
      const [x, y, dr, dc] = outside(k.line, n);
      el('text', { x, y, class: 'clue' }, layers.marks, String(k.clue));
      el('line', { x1: x + dc * 12, y1: y + dr * 12, x2: x + dc * 20, y2: y + dr * 20, stroke: '#333', 'stroke-width': 1.5, 'marker-end': 'url(#arrowhead)' }, layers.marks);
      break;
    }
    case 'sandwichsum': case 'xsum': case 'skyscraper': {
      const [x, y] = outside(k.line, n);
      const prefix = k.kind === 'xsum' ? 'x' : k.kind === 'skyscraper' ? '^' : '';
      el('text', { x, y, class: 'clue' }, layers.marks, prefix + k.clue);
      break;
    }
    case 'modularline': case 'nabner': case 'zipperline':
      el('polyline', { points: points(k.line, n), class: 'line', stroke: style[0], 'stroke-width': style[1] }, layers.lines);
      break;
    case 'sumline': case 'whispersby': {
      // A loop is drawn closed; the clue sits in the first cell's corner.
      const line = k.loop ? k.line.concat([k.line[0]]) : k.line;
      el('polyline', { points: points(line, n), class: 'line', stroke: style[0], 'stroke-width': style[1] }, layers.lines);
      const c = k.line[0];
      el('text', { x: cx(c, n) - CELL / 2 + 3, y: cy(c, n) - CELL / 2 + 12, class: 'mark' }, layers.marks,
        (k.kind === 'sumline' ? '\u03a3' : '\u0394') + k.clue);
      break;
    }
    case 'doublearrow': case 'lockout': {
      el('polyline', { points: points(k.line, n), class: 'line', stroke: style[0], 'stroke-width': style[1] }, layers.lines);
      for (const end of [k.line[0], k.line[k.line.length - 1]]) {
        const x = cx(end, n), y = cy(end, n), r = CELL * 0.38;
        if (k.kind === 'doublearrow') {
          el('circle', { cx: x, cy: y, r, fill: 'white', stroke: style[0], 'stroke-width': 2 }, layers.lines);
        } else {
          el('polygon', { points: [[x, y - r], [x + r, y], [x, y + r], [x - r, y]].map((p) => p.join(',')).join(' '),
            fill: 'white', stroke: style[0], 'stroke-width': 2 }, layers.lines);
        }
      }
      if (k.kind === 'lockout' && k.clue !== 4) {
        const c = k.line[0];
        el('text', { x: cx(c, n) - CELL / 2 + 3, y: cy(c, n) - CELL / 2 + 12, class: 'mark' }, layers.marks, '\u2265' + k.clue);
      }
      break;
    }
    case 'rellikcage': case 'lunchbox': case 'digitalrootcage': case 'equalitycage':
      drawCage(k.cells, CAGE_LABEL[k.kind](k), n, layers.cages);
      break;
    case 'countingcircles':
      for (const c of k.cells) el('circle', { cx: cx(c, n), cy: cy(c, n), r: CELL * 0.4, fill: 'none', stroke: '#888', 'stroke-width': 2 }, layers.shade);
      break;
    case 'rowindexer': case 'columnindexer': case 'boxindexer':
      for (const c of k.cells) {
        el('rect', { x: cx(c, n) - CELL / 2, y: cy(c, n) - CELL / 2, width: CELL, height: CELL, fill: '#f5d7d7', class: 'shade' }, layers.shade);
        el('text', { x: cx(c, n) - CELL / 2 + 3, y: cy(c, n) + CELL / 2 - 4, class: 'mark' }, layers.marks, k.kind[0].toUpperCase() + 'idx');
      }
      break;
    case 'sumdot': {
      // The dot sits where its two or four cells meet.
      const x = k.cells.reduce((t, c) => t + cx(c, n), 0) / k.cells.length;
      const y = k.cells.reduce((t, c) => t + cy(c, n), 0) / k.cells.length;
      el('circle', { cx: x, cy: y, r: 9, fill: '#fff', stroke: '#000', 'stroke-width': 1.5 }, layers.marks);
      el('text', { x, y, class: 'dot-label sumdot' }, layers.marks, String(k.clue));
      break;
    }
    case 'hiddenskyscraper': case 'numberedroom': {
      const [x, y] = outside(k.line, n);
      el('text', { x, y, class: 'clue' }, layers.marks, (k.kind === 'hiddenskyscraper' ? 'h' : '#') + k.clue);
      break;
    }
    default:
      break; // whole-grid rules: listed beside the grid
  }
}

// ---- the logical path -----------------------------------------------------

// The path of the text in the area, asked once per text.
async function loadPath() {
  if (path) return path;
  const mine = generation;
  const { status, json } = await api('/api/steps', { text: area.value });
  if (mine !== generation) return null;
  if (status !== 200 || !json.ok) {
    setText('step-text', 'no path: ' + ((json.error && json.error.message) || 'the server said ' + status));
    return null;
  }
  path = json;
  return path;
}

function describeEnd(p) {
  const se = p.se.er.toFixed(1) + '/' + p.se.ep.toFixed(1) + '/' + p.se.ed.toFixed(1);
  return p.solved ? 'solved by logic alone (Sudoku Explainer ' + se + ')'
    : 'no technique applies: logic alone goes no further';
}

$('next-step').addEventListener('click', async () => {
  const p = await loadPath();
  if (!p) return;
  if (stepsShown >= p.steps.length) {
    stepsShown = p.steps.length + 1;
    setText('step-text', describeEnd(p), { step: '' });
  } else {
    const s = p.steps[stepsShown];
    stepsShown += 1;
    setText('step-text', stepsShown + '. ' + s.text + ' (' + s.difficulty.toFixed(1) + ')', { step: stepsShown });
  }
  draw();
});

$('whole-path').addEventListener('click', async () => {
  const p = await loadPath();
  if (!p) return;
  const list = $('path');
  list.textContent = '';
  for (const s of p.steps) el('li', {}, list, s.text + ' (' + s.difficulty.toFixed(1) + ')');
  el('li', { class: 'end' }, list, describeEnd(p));
  list.hidden = false;
});

$('show-solution').addEventListener('change', () => draw());

// The step shown last, and the values placed by the steps shown.
function shownSteps() {
  if (!path || stepsShown === 0) return { current: null, placed: new Map() };
  const placed = new Map();
  const upto = Math.min(stepsShown, path.steps.length);
  for (let k = 0; k < upto; k++) for (const pl of path.steps[k].placements) placed.set(pl.cell, pl.value);
  const current = stepsShown <= path.steps.length ? path.steps[stepsShown - 1] : null;
  return { current, placed };
}

function draw() {
  svg.textContent = '';
  const shown = puzzle || EMPTY;
  const n = shown.size;
  const side = 2 * MARGIN + n * CELL;
  svg.setAttribute('width', side);
  svg.setAttribute('height', side);
  svg.setAttribute('viewBox', '0 0 ' + side + ' ' + side);
  const defs = el('defs', {});
  const marker = el('marker', { id: 'arrowhead', markerWidth: 8, markerHeight: 8, refX: 6, refY: 4, orient: 'auto', markerUnits: 'userSpaceOnUse' }, defs);
  el('path', { d: 'M0,0 L8,4 L0,8 z', fill: '#666' }, marker);

  const differs = new Set(lastResult && lastResult.verdict && lastResult.verdict.status === 'multiple' ? lastResult.verdict.cells : []);
  const errorCell = $('error').hidden ? '' : $('error').dataset.cell;
  const { current, placed } = shownSteps();
  const stepCells = new Set(current ? current.cells : []);
  const stepPlaced = new Set(current ? current.placements.map((p) => p.cell) : []);
  const stepElim = new Set(current ? current.eliminations.map((e) => e.cell) : []);
  const layers = {};
  layers.cells = el('g', {});
  for (let i = 0; i < n * n; i++) {
    const cls = ['cell'];
    if (i === selected) cls.push('selected');
    if (differs.has(i)) cls.push('differs');
    if (stepCells.has(i)) cls.push('step-cell');
    if (stepPlaced.has(i)) cls.push('step-place');
    if (stepElim.has(i)) cls.push('step-elim');
    if (errorCell && errorCell === (Math.floor(i / n) + 1) + ',' + (i % n + 1)) cls.push('located');
    el('rect', { x: MARGIN + (i % n) * CELL, y: MARGIN + Math.floor(i / n) * CELL, width: CELL, height: CELL, class: cls.join(' '), 'data-cell': i }, layers.cells);
  }
  layers.shade = el('g', {});
  for (const w of shown.windows) {
    for (const c of w) el('rect', { x: cx(c, n) - CELL / 2, y: cy(c, n) - CELL / 2, width: CELL, height: CELL, fill: '#d9d2f3', class: 'shade' }, layers.shade);
  }
  layers.lines = el('g', {});
  layers.grid = el('g', {});
  layers.cages = el('g', {});
  layers.marks = el('g', {});
  layers.digits = el('g', {});

  // Grid lines: thin between cells, thick between regions (boxes or jigsaw).
  const reg = shown.regions;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const x = MARGIN + c * CELL, y = MARGIN + r * CELL;
      if (c + 1 < n) el('line', { x1: x + CELL, y1: y, x2: x + CELL, y2: y + CELL, class: reg[i] !== reg[i + 1] ? 'thick' : 'thin' }, layers.grid);
      if (r + 1 < n) el('line', { x1: x, y1: y + CELL, x2: x + CELL, y2: y + CELL, class: reg[i] !== reg[i + n] ? 'thick' : 'thin' }, layers.grid);
    }
  }
  el('rect', { x: MARGIN, y: MARGIN, width: n * CELL, height: n * CELL, fill: 'none', class: 'thick' }, layers.grid);

  const diagonal = (positive) => el('line', {
    x1: MARGIN, y1: positive ? MARGIN + n * CELL : MARGIN, x2: MARGIN + n * CELL, y2: positive ? MARGIN : MARGIN + n * CELL, class: 'diag',
  }, layers.lines);
  if (shown.diagonals) { diagonal(true); diagonal(false); }
  for (const cage of shown.cages) drawCage(cage.cells, cage.sum, n, layers.cages);
  for (const k of shown.constraints) {
    if (k.kind === 'diagonal+') diagonal(true);
    else if (k.kind === 'diagonal-') diagonal(false);
    else drawConstraint(k, n, layers);
  }

  // Givens, the values the steps shown placed, then (when asked for: they
  // are a spoiler) the true candidates of the open cells.
  const candidates = $('show-solution').checked && lastResult && lastResult.candidates && lastResult.candidates.cells;
  // A doppelganger grid holds 0..n: 0 is a given, null a blank, and the
  // candidates have n + 1 places.
  const zero = !!shown.doppelganger;
  const per = Math.ceil(Math.sqrt(zero ? n + 1 : n));
  for (let i = 0; i < n * n; i++) {
    const given = shown.givens[i];
    if (zero ? given !== null && given !== undefined : given) {
      el('text', { x: cx(i, n), y: cy(i, n), class: 'given', 'data-given': i }, layers.digits, String(given));
      continue;
    }
    if (placed.has(i)) {
      el('text', { x: cx(i, n), y: cy(i, n), class: 'placed', 'data-placed': i }, layers.digits, String(placed.get(i)));
      continue;
    }
    if (!candidates) continue;
    const values = candidates[i];
    if (values.length === 1 && lastResult.candidates.complete) {
      el('text', { x: cx(i, n), y: cy(i, n), class: 'forced', 'data-candidates': i }, layers.digits, String(values[0]));
      continue;
    }
    const g = el('g', { 'data-candidates': i }, layers.digits);
    for (const v of values) {
      const k = zero ? v : v - 1;
      const x = MARGIN + (i % n) * CELL + ((k % per) + 0.5) * CELL / per;
      const y = MARGIN + Math.floor(i / n) * CELL + (Math.floor(k / per) + 0.5) * CELL / per;
      el('text', { x, y, class: 'cand' }, g, String(v));
    }
  }
}

$('start').addEventListener('click', () => { $('start').hidden = true; refresh(null); });

// A puzzle given in the page's address (?text=...) is put in the text area
// but nothing starts until the user asks: a link from another site cannot
// start work here.
const fromAddress = new URLSearchParams(location.search).get('text');
if (fromAddress) {
  area.value = fromAddress;
  $('start').hidden = false;
  setText('progress', 'a puzzle from the address: press Start to read it');
}

draw();
