/**
 * Composition: one bar against the window (each part a segment; OpenClaw's lines drawn across), hover and focus
 * give tokens and share, a click opens the context document at that part; below it the parts as a list, each
 * opening to its second level (groups, and the largest items).
 */
import type { PanelComposition, PanelItem, PanelPart } from '../../core/context/panelTypes';
import { button, h, onActivate, roving, svg } from './dom';
import type { View } from './view';

const BAR_W = 1000;
const BAR_H = 28;

export function compositionSection(c: PanelComposition, v: View): HTMLElement {
  const scale = Math.max(c.window, c.used, 1);
  const bar = svg('svg', { class: 'bar', viewBox: `0 0 ${BAR_W} ${BAR_H + 14}`, preserveAspectRatio: 'none', role: 'group', 'aria-label': `Composition: ${c.headline}. Arrow keys move between parts; Enter opens the part in the context document.` });
  bar.append(svg('rect', { class: 'bar-bg', x: 0, y: 0, width: (c.window / scale) * BAR_W, height: BAR_H }));
  let x = 0;
  const segments: SVGRectElement[] = [];
  for (const p of c.parts) {
    if (p.tokens <= 0) continue;
    const w = (p.tokens / scale) * BAR_W;
    const label = `${p.label}${p.count !== undefined ? ` (${p.count})` : ''}: ${p.text}`;
    const seg = svg('rect', { class: `seg part-${p.id}`, x, y: 0, width: Math.max(w, 0.5), height: BAR_H, role: 'button', 'aria-label': label, 'data-key': `seg:${p.id}` }, svg('title', {}, label));
    onActivate(seg, () => v.post({ type: 'open', uid: v.uid!, ...(p.entryId ? { entryId: p.entryId } : {}) }));
    const say = () => v.status(label + (p.detail ? ` — ${p.detail}` : ''));
    seg.addEventListener('mouseenter', say);
    seg.addEventListener('focus', () => {
      say();
      v.ui.stops.seg = `seg:${p.id}`;
    });
    segments.push(seg);
    bar.append(seg);
    x += w;
  }
  for (const l of c.lines) {
    const lx = Math.min(BAR_W, (l.tokens / scale) * BAR_W);
    bar.append(svg('line', { class: `line line-${l.id}`, x1: lx, x2: lx, y1: -2, y2: BAR_H + 12, 'vector-effect': 'non-scaling-stroke' }, svg('title', {}, l.text)));
  }
  roving(segments, ['ArrowLeft', 'ArrowRight'], v.ui.stops.seg);
  const lines = h('ul', { class: 'lines', 'aria-label': 'Lines on the window' }, ...c.lines.map((l) => h('li', { class: `line-key line-${l.id}` }, h('span', { class: 'line-swatch', 'aria-hidden': 'true' }), l.text)));
  const sec = h(
    'section',
    { 'aria-labelledby': 'h-composition' },
    h('h2', { id: 'h-composition' }, 'Composition'),
    h('p', { class: 'headline' }, h('strong', {}, c.headline), ' — ', c.basisText),
    bar,
    lines,
    ...c.notes.map((n) => h('p', { class: 'note' }, n)),
    partsList(c, v),
  );
  return sec;
}

function partsList(c: PanelComposition, v: View): HTMLElement {
  const rows = c.parts.map((p) => partRow(p, v));
  const largest = c.largest.length ? h('details', { class: 'largest' }, h('summary', {}, 'Largest items in the context'), itemList(c.largest, v, 'largest')) : undefined;
  return h('div', { class: 'parts' }, h('ul', { class: 'part-list', 'aria-label': 'Parts of the context' }, ...rows), largest);
}

function partRow(p: PanelPart, v: View): HTMLElement {
  const open = v.ui.expanded.includes(p.id);
  const drill = p.groups.length + p.largest.length > 0;
  const toggle = button(`${p.label}${p.count !== undefined ? ` (${p.count})` : ''}`, () => {
    v.ui.expanded = open ? v.ui.expanded.filter((x) => x !== p.id) : [...v.ui.expanded, p.id];
    v.save();
    v.rerender();
  }, { class: 'part-toggle', 'aria-expanded': drill ? String(open) : undefined, disabled: !drill, 'data-key': `part:${p.id}` });
  const head = h('div', { class: 'part-head' }, h('span', { class: `swatch part-${p.id}`, 'aria-hidden': 'true' }), toggle, h('span', { class: 'part-text' }, p.text));
  const body = open && drill ? h('div', { class: 'part-body' }, p.groups.length ? itemList(p.groups, v, `g:${p.id}`) : undefined, p.largest.length ? h('p', { class: 'sub' }, 'Largest') : undefined, itemList(p.largest, v, `l:${p.id}`)) : undefined;
  return h('li', { class: 'part' }, head, p.detail ? h('p', { class: 'detail' }, p.detail) : undefined, body);
}

/** Nested bars: each item's share of the window as a bar; a click opens the document at it. */
function itemList(items: readonly PanelItem[], v: View, group: string): HTMLElement {
  const max = Math.max(...items.map((i) => i.share), 1e-9);
  return h(
    'ul',
    { class: 'items' },
    ...items.map((it, i) => {
      const fillEl = h('span', { class: 'item-fill' });
      fillEl.style.width = `${Math.max(1, (it.share / max) * 100)}%`;
      const name = `${it.label}${it.count !== undefined ? ` ×${it.count}` : ''}`;
      const label = h('span', { class: 'item-label' }, name);
      const row = it.entryId
        ? button('', () => v.post({ type: 'open', uid: v.uid!, entryId: it.entryId! }), { class: 'item', 'aria-label': `${name}: ${it.text}. Opens it in the context document.`, 'data-key': `${group}:${i}` })
        : h('div', { class: 'item' });
      row.append(h('span', { class: 'item-bar', 'aria-hidden': 'true' }, fillEl), label, h('span', { class: 'item-text' }, it.text));
      return h('li', {}, row);
    }),
  );
}
