/**
 * Fill over time: the prompt tokens of every model call (estimates hollow), compaction drops (before → after),
 * flushes, checkpoints, failures and overflows, with the window and the lines as rules. Zoom (wheel, + and −,
 * buttons) and pan (drag, PageUp and PageDown); Left and Right move a cursor from point to point, Enter (or a
 * click on a point) opens that turn in the context document.
 */
import type { PanelTimeline } from '../../core/context/panelTypes';
import { button, h, svg } from './dom';
import type { View } from './view';

const H = 200;
const M = { l: 44, r: 8, t: 8, b: 20 };
const MIN_SPAN = 4;

const kTokens = (n: number): string => (n >= 1e6 ? `${(n / 1e6).toFixed(1)}m` : n >= 1e3 ? `${Math.round(n / 1e3)}k` : String(Math.round(n)));

export function chartSection(t: PanelTimeline, v: View, width: number): HTMLElement {
  const pts = t.points;
  const first = pts[0]?.n ?? 1;
  const last = pts[pts.length - 1]?.n ?? 1;
  const full: [number, number] = [first, Math.max(last, first + 1)];
  const clamp = (r: [number, number]): [number, number] => {
    let span = Math.max(MIN_SPAN, Math.min(full[1] - full[0], r[1] - r[0]));
    if (!Number.isFinite(span)) span = full[1] - full[0];
    const a = Math.max(full[0], Math.min(full[1] - span, r[0]));
    return [a, a + span];
  };
  const [x0, x1] = clamp(v.ui.zoom ?? full);
  const W = Math.max(240, width);
  const inView = pts.filter((p) => p.n >= x0 && p.n <= x1);
  const yMax = Math.max(t.window, ...inView.map((p) => Math.max(p.tokens, p.from ?? 0)), 1) * 1.05;
  const X = (n: number) => M.l + ((n - x0) / (x1 - x0)) * (W - M.l - M.r);
  const Y = (tok: number) => M.t + (1 - tok / yMax) * (H - M.t - M.b);
  const setZoom = (r: [number, number] | undefined) => {
    v.ui.zoom = r && (r[0] > full[0] || r[1] < full[1]) ? clamp(r) : undefined;
    v.save();
    v.rerender();
  };
  const zoomBy = (f: number, at = (x0 + x1) / 2) => setZoom([at - (at - x0) * f, at + (x1 - at) * f]);
  const panBy = (f: number) => setZoom([x0 + (x1 - x0) * f, x1 + (x1 - x0) * f]);

  const chart = svg('svg', { class: 'chart', viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: 'img', 'aria-label': t.summary });
  // rules: window and lines, with their labels
  const rules: Array<[string, number, string]> = [['window', t.window, `window ${kTokens(t.window)}`], ...t.lines.map((l): [string, number, string] => [l.id, l.tokens, l.label])];
  // labels of rules closer than a line of text share one label
  const labels: Array<{ y: number; text: string[] }> = [];
  for (const [id, tok, label] of [...rules].sort((a, b) => b[1] - a[1])) {
    if (tok > yMax) continue;
    chart.append(svg('line', { class: `rule line-${id}`, x1: M.l, x2: W - M.r, y1: Y(tok), y2: Y(tok) }));
    const near = labels.find((l) => Math.abs(l.y - Y(tok)) < 11);
    if (near) near.text.push(label);
    else labels.push({ y: Y(tok), text: [label] });
  }
  for (const l of labels) chart.append(svg('text', { class: 'rule-label', x: W - M.r - 2, y: l.y - 2, 'text-anchor': 'end' }, l.text.join(' · ')));
  for (const tok of [0, yMax / 2]) chart.append(svg('text', { class: 'axis', x: M.l - 4, y: Y(tok) + 3, 'text-anchor': 'end' }, kTokens(tok)));
  chart.append(svg('text', { class: 'axis', x: M.l, y: H - 4 }, `call ${Math.round(x0)}`), svg('text', { class: 'axis', x: W - M.r, y: H - 4, 'text-anchor': 'end' }, `call ${Math.round(x1)}`));
  // the fill line (model calls and compactions' after figures, in order) and the drops
  const calls = inView.filter((p) => p.kind === 'call' || p.kind === 'now' || p.kind === 'compaction' || p.kind === 'reset');
  let d = '';
  for (const p of calls) {
    if (p.kind === 'compaction' && p.from !== undefined) d += `${d ? 'L' : 'M'}${X(p.n).toFixed(1)},${Y(p.from).toFixed(1)}`;
    d += `${d ? 'L' : 'M'}${X(p.n).toFixed(1)},${Y(p.tokens).toFixed(1)}`;
  }
  if (d) chart.append(svg('path', { class: 'fill-line', d }));
  const marks: SVGElement[] = [];
  inView.forEach((p) => {
    const x = X(p.n);
    const y = Y(p.tokens);
    const m =
      p.kind === 'call' || p.kind === 'now'
        ? svg('circle', { class: `pt${p.estimated ? ' est' : ''}${p.kind === 'now' ? ' now' : ''}`, cx: x, cy: y, r: p.kind === 'now' ? 4 : 3 })
        : p.kind === 'compaction'
          ? svg('path', { class: 'mark compaction', d: `M${x - 5},${y - 6}L${x + 5},${y - 6}L${x},${y}Z` })
          : svg('rect', { class: `mark ${p.kind}`, x: x - 3.5, y: y - 3.5, width: 7, height: 7, transform: p.kind === 'failure' || p.kind === 'overflow' ? `rotate(45 ${x} ${y})` : undefined });
    m.setAttribute('data-n', String(pts.indexOf(p)));
    m.append(svg('title', {}, p.text));
    if (p.entryId) {
      m.classList.add('link');
      m.addEventListener('click', () => v.post({ type: 'open', uid: v.uid!, entryId: p.entryId! }));
    }
    marks.push(m);
    chart.append(m);
  });
  const cursor = svg('line', { class: 'cursor', x1: -10, x2: -10, y1: M.t, y2: H - M.b });
  chart.append(cursor);

  // keyboard: the chart box is one tab stop; a cursor walks the points
  const box = h('div', { class: 'chart-box', tabindex: 0, role: 'application', 'aria-roledescription': 'chart', 'aria-label': `${t.summary} Left and Right move between points, Enter opens the turn, plus and minus zoom, Page Up and Page Down pan, 0 resets.`, 'data-key': 'chart' }, chart);
  let at = -1;
  const show = (i: number) => {
    at = Math.max(0, Math.min(inView.length - 1, i));
    const p = inView[at];
    if (!p) return;
    cursor.setAttribute('x1', String(X(p.n)));
    cursor.setAttribute('x2', String(X(p.n)));
    v.status(p.text + (p.entryId ? ' — Enter opens this turn' : ''));
  };
  box.addEventListener('keydown', (e) => {
    const k = e.key;
    if (k === 'ArrowRight' || k === 'ArrowLeft') show(at < 0 ? (k === 'ArrowRight' ? 0 : inView.length - 1) : at + (k === 'ArrowRight' ? 1 : -1));
    else if (k === 'Home') show(0);
    else if (k === 'End') show(inView.length - 1);
    else if (k === 'Enter' && inView[at]?.entryId) v.post({ type: 'open', uid: v.uid!, entryId: inView[at]!.entryId! });
    else if (k === '+' || k === '=') zoomBy(0.5, inView[at]?.n);
    else if (k === '-') zoomBy(2, inView[at]?.n);
    else if (k === '0') setZoom(undefined);
    else if (k === 'PageUp' || k === 'PageDown') panBy(k === 'PageUp' ? -0.5 : 0.5);
    else return;
    e.preventDefault();
  });
  chart.addEventListener('mousemove', (e) => {
    const r = chart.getBoundingClientRect();
    const px = ((e.clientX - r.left) / Math.max(1, r.width)) * W;
    let best = -1;
    inView.forEach((p, i) => (best < 0 || Math.abs(X(p.n) - px) < Math.abs(X(inView[best]!.n) - px) ? (best = i) : undefined));
    if (best >= 0) show(best);
  });
  chart.addEventListener('wheel', (e) => {
    e.preventDefault();
    const r = chart.getBoundingClientRect();
    const n = x0 + (((e.clientX - r.left) / Math.max(1, r.width)) * W - M.l) / (W - M.l - M.r) * (x1 - x0);
    zoomBy(e.deltaY < 0 ? 0.8 : 1.25, n);
  }, { passive: false });
  let drag: { x: number; r: [number, number] } | undefined;
  chart.addEventListener('pointerdown', (e) => {
    if ((e.target as Element).classList.contains('link')) return;
    drag = { x: e.clientX, r: [x0, x1] };
    chart.setPointerCapture(e.pointerId);
  });
  chart.addEventListener('pointerup', (e) => {
    if (!drag) return;
    const r = chart.getBoundingClientRect();
    const dn = ((drag.x - e.clientX) / Math.max(1, r.width)) * W / (W - M.l - M.r) * (x1 - x0);
    const start = drag.r;
    drag = undefined;
    if (Math.abs(dn) > 0.2) setZoom([start[0] + dn, start[1] + dn]);
  });
  const tools = h(
    'div',
    { class: 'chart-tools', role: 'toolbar', 'aria-label': 'Zoom' },
    button('Zoom in', () => zoomBy(0.5), { 'data-key': 'zoom:in' }),
    button('Zoom out', () => zoomBy(2), { 'data-key': 'zoom:out' }),
    button('Reset', () => setZoom(undefined), { 'data-key': 'zoom:reset', disabled: !v.ui.zoom }),
    h('span', { class: 'dim' }, `${inView.length} of ${pts.length} points · calls ${Math.round(x0)}–${Math.round(x1)}`),
  );
  const legend = h('ul', { class: 'chart-legend', 'aria-hidden': 'true' }, ...(['call', 'estimated', 'compaction', 'flush', 'checkpoint', 'failure'] as const).map((k) => h('li', { class: `lg lg-${k}` }, k === 'estimated' ? 'estimate' : k === 'call' ? 'model call' : k)));
  return h('section', { 'aria-labelledby': 'h-fill' }, h('h2', { id: 'h-fill' }, 'Fill over time'), tools, box, legend);
}

