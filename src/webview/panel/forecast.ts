/** Forecast: how many turns to the compaction line, and the three actions (they run the extension's commands). */
import type { PanelAction, PanelForecast } from '../../core/context/panelTypes';
import { button, h } from './dom';
import type { View } from './view';

const ACTIONS: Array<[PanelAction, string]> = [
  ['checkpoint', 'Create Checkpoint'],
  ['flush', 'Flush to Memory'],
  ['compact', 'Compact now'],
  ['openContext', 'Open Context Document'],
];

export function forecastSection(f: PanelForecast | undefined, v: View): HTMLElement {
  const uid = v.uid!;
  return h(
    'section',
    { 'aria-labelledby': 'h-forecast', class: f?.near ? 'forecast near' : 'forecast' },
    h('h2', { id: 'h-forecast' }, 'Forecast'),
    f ? h('p', { class: 'headline', role: f.near ? 'alert' : undefined }, h('strong', {}, f.headline)) : h('p', { class: 'dim' }, 'No forecast for this session.'),
    f?.detail.length ? h('ul', { class: 'detail-list' }, ...f.detail.map((d) => h('li', {}, d))) : undefined,
    h('div', { class: 'actions', role: 'toolbar', 'aria-label': 'Actions on this session' }, ...ACTIONS.map(([a, label]) => button(label, () => v.post({ type: 'action', action: a, uid }), { 'data-key': `action:${a}` }))),
  );
}
