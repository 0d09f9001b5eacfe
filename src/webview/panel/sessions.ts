/** All sessions: a sortable table (header buttons), live; a row (click, Enter) shows that session in the panel. */
import type { PanelSessionRow } from '../../core/context/panelTypes';
import { button, h, onActivate, roving } from './dom';
import type { View } from './view';

interface Column {
  key: string;
  title: string;
  cell: (r: PanelSessionRow) => Node | string;
  sort: (r: PanelSessionRow) => number | string;
}

const fillCell = (r: PanelSessionRow): Node => {
  const inner = h('span', { class: `mini-fill level-${r.level}` });
  inner.style.width = `${Math.max(0, Math.min(100, r.fill * 100))}%`;
  return h('span', { class: 'fill-cell' }, h('span', { class: 'mini-bar', 'aria-hidden': 'true' }, inner), r.fillText);
};

const COLUMNS: Column[] = [
  { key: 'label', title: 'Session', cell: (r) => h('span', { title: r.key }, r.label, r.title ? h('span', { class: 'dim' }, ` ${r.title}`) : undefined), sort: (r) => r.label.toLowerCase() },
  { key: 'agent', title: 'Agent', cell: (r) => r.agent, sort: (r) => r.agent },
  { key: 'fill', title: 'Fill', cell: fillCell, sort: (r) => r.fill },
  { key: 'compactions', title: 'Compactions', cell: (r) => r.compactionsText, sort: (r) => r.compactions },
  { key: 'state', title: 'State', cell: (r) => h('span', { class: `state state-${r.stateSeverity}` }, r.state), sort: (r) => r.state },
  { key: 'lastActivity', title: 'Last activity', cell: (r) => r.activityText, sort: (r) => r.lastActivity },
  { key: 'model', title: 'Model', cell: (r) => h('span', {}, r.model, h('span', { class: 'dim' }, ` · ${r.store}`)), sort: (r) => r.model },
];

export function sortRows(rows: readonly PanelSessionRow[], key: string, dir: 1 | -1): PanelSessionRow[] {
  const col = COLUMNS.find((c) => c.key === key) ?? COLUMNS[5]!;
  return [...rows].sort((a, b) => {
    const x = col.sort(a);
    const y = col.sort(b);
    return (x < y ? -1 : x > y ? 1 : 0) * dir || a.uid.localeCompare(b.uid);
  });
}

export function sessionsSection(rows: readonly PanelSessionRow[], v: View): HTMLElement {
  const { sortKey, sortDir } = v.ui;
  const head = h(
    'tr',
    {},
    ...COLUMNS.map((c) =>
      h(
        'th',
        { scope: 'col', 'aria-sort': c.key === sortKey ? (sortDir === 1 ? 'ascending' : 'descending') : 'none' },
        button(`${c.title}${c.key === sortKey ? (sortDir === 1 ? ' ▲' : ' ▼') : ''}`, () => {
          v.ui.sortDir = c.key === sortKey ? ((-sortDir) as 1 | -1) : c.key === 'label' || c.key === 'agent' || c.key === 'model' ? 1 : -1;
          v.ui.sortKey = c.key;
          v.save();
          v.rerender();
        }, { 'data-key': `sort:${c.key}`, 'aria-label': `Sort by ${c.title}` }),
      ),
    ),
  );
  const trs = sortRows(rows, sortKey, sortDir).map((r) => {
    const tr = h('tr', { class: r.selected ? 'selected' : undefined, 'aria-selected': String(r.selected), 'data-key': `row:${r.uid}`, 'aria-label': `${r.key}, ${r.fillText}, ${r.compactionsText} compactions, ${r.state}, ${r.activityText}` }, ...COLUMNS.map((c) => h('td', {}, c.cell(r))));
    onActivate(tr, () => v.post({ type: 'select', uid: r.uid }));
    tr.addEventListener('focus', () => (v.ui.stops.row = `row:${r.uid}`));
    return tr;
  });
  roving(trs, ['ArrowUp', 'ArrowDown'], v.ui.stops.row);
  return h(
    'section',
    { 'aria-labelledby': 'h-sessions' },
    h('h2', { id: 'h-sessions' }, `All sessions (${rows.length})`),
    h('table', { class: 'sessions', 'aria-label': 'All sessions. Arrow keys move between rows; Enter shows the session in this panel.' }, h('thead', {}, head), h('tbody', {}, ...trs)),
  );
}
