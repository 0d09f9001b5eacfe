/**
 * The Context panel's webview (dist/panel.js): draws the view model the extension posts (panelModel.ts) and posts
 * back what the user asks for. No network, no HTML strings; the extension's CSP allows this script only (nonce).
 */
import type { PanelMessage, PanelModel, PanelRequest, PanelRenderStats } from '../../core/context/panelTypes';
import { chartSection } from './chart';
import { compositionSection } from './composition';
import { button, h } from './dom';
import { forecastSection } from './forecast';
import { sessionsSection } from './sessions';
import type { UiState, View } from './view';
import './panel.css';

declare function acquireVsCodeApi(): { postMessage(m: PanelRequest): void; getState(): unknown; setState(s: unknown): void };
const host = acquireVsCodeApi();
const app = document.getElementById('app')!;
const live = document.getElementById('live')!;
const saved = host.getState() as Partial<UiState> | undefined;
const ui: UiState = { sortKey: 'lastActivity', sortDir: -1, expanded: [], stops: {}, ...(saved ?? {}) };
let model: PanelModel | undefined;
let firstPaintMs = 0;
let statusLine: HTMLElement | undefined;

const view: View = {
  post: (r) => host.postMessage(r),
  get uid() {
    return model?.uid;
  },
  ui,
  save: () => host.setState(ui),
  status(text) {
    if (statusLine) statusLine.textContent = text;
    live.textContent = text;
  },
  rerender: () => render(),
};

function header(m: PanelModel): HTMLElement {
  return h(
    'header',
    {},
    h('h1', {}, m.title),
    h('p', { class: 'dim' }, m.subtitle),
    m.followsGauge ? h('p', { class: 'dim' }, 'Following the gauge’s session.') : button('Follow the gauge’s session', () => view.post({ type: 'follow' }), { 'data-key': 'follow' }),
  );
}

function render(): void {
  if (!model) return;
  const t0 = performance.now();
  const focused = (document.activeElement as HTMLElement | null)?.dataset?.key;
  if (ui.zoom && model.uid !== (app.dataset.uid || undefined)) ui.zoom = undefined;
  statusLine = h('p', { class: 'status', 'aria-hidden': 'true' });
  const m = model;
  const width = app.clientWidth || 600;
  app.replaceChildren(
    ...(m.uid
      ? [header(m), m.composition ? compositionSection(m.composition, view) : undefined, statusLine, m.timeline ? chartSection(m.timeline, view, width - 4) : undefined, forecastSection(m.forecast, view)]
      : [h('p', { class: 'empty' }, m.empty ?? 'No session.')]
    ).filter((x): x is HTMLElement => !!x),
    sessionsSection(m.sessions, view),
  );
  app.dataset.uid = m.uid ?? '';
  if (focused) (app.querySelector(`[data-key="${CSS.escape(focused)}"]`) as HTMLElement | null)?.focus();
  if (!firstPaintMs) firstPaintMs = performance.now();
  report(performance.now() - t0);
}

function stats(renderMs: number): PanelRenderStats {
  const f = document.activeElement as HTMLElement | null;
  return {
    ...(model?.uid ? { uid: model.uid } : {}),
    segments: app.querySelectorAll('.bar .seg').length,
    lines: app.querySelectorAll('.bar .line').length,
    rows: app.querySelectorAll('table.sessions tbody tr').length,
    rowUids: [...app.querySelectorAll<HTMLElement>('table.sessions tbody tr')].map((r) => (r.dataset.key ?? '').replace(/^row:/, '')),
    points: app.querySelectorAll('.chart .pt, .chart .mark').length,
    forecast: app.querySelector('.forecast .headline')?.textContent ?? '',
    firstPaintMs,
    renderMs,
    labels: [...app.querySelectorAll('.bar .seg')].map((e) => e.getAttribute('aria-label') ?? ''),
    ...(f && f !== document.body ? { focused: f.getAttribute('aria-label') ?? f.textContent ?? '' } : {}),
  };
}

const report = (renderMs: number) => view.post({ type: 'rendered', stats: stats(renderMs) });

/**
 * A test's key presses, dispatched to the focused element (the same handlers a real key reaches); `focus:<data-key>`
 * moves the focus to that element first, `Tab` to the next tab stop.
 */
function press(keys: string[]): void {
  for (const k of keys) {
    if (k.startsWith('focus:')) {
      (app.querySelector(`[data-key="${CSS.escape(k.slice(6))}"]`) as HTMLElement | null)?.focus();
      continue;
    }
    if (k === 'Tab') {
      const all = [...app.querySelectorAll<HTMLElement>('[tabindex="0"], button:not([disabled])')];
      const i = all.indexOf(document.activeElement as HTMLElement);
      all[(i + 1) % all.length]?.focus();
      continue;
    }
    const target = (document.activeElement as HTMLElement | null) ?? document.body;
    target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
  }
  report(0);
}

/** Draw a model; remember its session when it is one chosen here (so a tab restored after a reload shows it). */
function show(m: PanelModel): void {
  model = m;
  const session = m.followsGauge ? undefined : m.uid;
  if (session !== ui.session) {
    ui.session = session;
    view.save();
  }
  render();
}

window.addEventListener('message', (e: MessageEvent<PanelMessage>) => {
  const msg = e.data;
  if (msg?.type === 'model') show(msg.model); else if (msg?.type === 'keys') press(msg.keys);
});
let resizeTimer: number | undefined;
window.addEventListener('resize', () => {
  clearTimeout(resizeTimer);
  resizeTimer = window.setTimeout(render, 100);
});
// the first model comes with the page (drawn before any message round trip)
const initial = document.getElementById('initial-model')?.textContent;
if (initial) show(JSON.parse(initial) as PanelModel);
view.post({ type: 'ready' });
