/**
 * The Context panel's view model and the messages between the extension and the panel's webview. Plain data
 * (no imports): the webview bundle (src/webview) imports these types only, so nothing of the engine reaches it.
 * Every figure and word the panel shows is computed in panelModel.ts; the webview only lays it out.
 */

/** One entry of the context (a message, a tool result, a summary) or a group of them, under a composition part. */
export interface PanelItem {
  label: string;
  tokens: number;
  /** share of the window, 0..1 */
  share: number;
  /** `~2.3k tokens · 4% of the window` */
  text: string;
  /** the context item it stands for (opens the context document there) */
  entryId?: string;
  count?: number;
}

export interface PanelPart {
  /** the composition part's id (system, bootstrap, tools, summary, user, assistant, toolResults, custom, remainder) */
  id: string;
  label: string;
  /** signed: a negative remainder is drawn as a note, not a segment */
  tokens: number;
  /** share of the window, 0..1 (0 for a negative part) */
  share: number;
  /** `~2.3k tokens · 12% of the window · 30% of used` */
  text: string;
  detail?: string;
  count?: number;
  /** the first context item of this part (its place in the context document); none for the fixed overhead */
  entryId?: string;
  /** second level: groups (bootstrap files, tool results by tool) … */
  groups: PanelItem[];
  /** … and the part's largest items, biggest first */
  largest: PanelItem[];
}

export interface PanelLine {
  id: string;
  label: string;
  tokens: number;
  /** position on the window, 0..1 (may pass 1) */
  at: number;
  /** `Compaction line at 28k (6.2k to go)` */
  text: string;
}

export interface PanelComposition {
  used: number;
  window: number;
  known: boolean;
  estimated: boolean;
  /** `~30% ~9.7k/33k` */
  headline: string;
  basisText: string;
  parts: PanelPart[];
  lines: PanelLine[];
  /** the largest messages and tool results of the whole context */
  largest: PanelItem[];
  /** what the bar cannot show (a negative remainder, the composition not broken down) */
  notes: string[];
}

/** A model call (or another event) on the fill-over-time chart. */
export interface PanelPoint {
  /** x: the call's number along the session's life (1-based) */
  n: number;
  timestamp: number;
  tokens: number;
  /** a compaction: the tokens before it (`tokens` is after) */
  from?: number;
  /** an estimate (no usage recorded), drawn hollow */
  estimated: boolean;
  /** `now`: the fill now (the gauge's), after the last call */
  kind: 'call' | 'now' | 'compaction' | 'reset' | 'flush' | 'checkpoint' | 'failure' | 'overflow';
  /** `#12 · 14:02 · 9.7k tokens` (and before → after for a compaction) */
  text: string;
  /** the turn's entry in the context document, when it is in the active context */
  entryId?: string;
}

export interface PanelTimeline {
  points: PanelPoint[];
  /** the window and the lines, as horizontal rules */
  window: number;
  lines: PanelLine[];
  /** words for screen readers: the chart's summary */
  summary: string;
}

export interface PanelForecast {
  /** `Compaction in about 3 turns` or why there is no forecast */
  headline: string;
  detail: string[];
  /** turns left to the compaction line, when forecast */
  turns?: number;
  /** the forecast says compaction is near (the warning threshold) */
  near: boolean;
}

export interface PanelSessionRow {
  uid: string;
  key: string;
  /** the short key (as the Sessions tree shows it) */
  label: string;
  title?: string;
  agent: string;
  /** used / window, 0..; -1 when unknown (sorts first ascending) */
  fill: number;
  fillText: string;
  level: string;
  compactions: number;
  compactionsText: string;
  state: string;
  stateSeverity: 'ok' | 'info' | 'warning' | 'error';
  lastActivity: number;
  activityText: string;
  model: string;
  store: string;
  /** the session the panel shows */
  selected: boolean;
}

export interface PanelModel {
  /** the session shown, when there is one */
  uid?: string;
  title: string;
  subtitle: string;
  /** the panel follows the gauge's session (else a session was chosen here) */
  followsGauge: boolean;
  composition?: PanelComposition;
  timeline?: PanelTimeline;
  forecast?: PanelForecast;
  sessions: PanelSessionRow[];
  /** when there is no session: what to do */
  empty?: string;
}

/** An action the panel offers on its session (each runs the extension's existing command). */
export type PanelAction = 'checkpoint' | 'flush' | 'compact' | 'openContext';

/** Webview → extension. */
export type PanelRequest =
  | { type: 'ready' }
  | { type: 'open'; uid: string; entryId?: string }
  | { type: 'select'; uid: string }
  | { type: 'follow' }
  | { type: 'action'; action: PanelAction; uid: string }
  /** the webview drew a model: what it drew (the in-host tests read it) and how long it took */
  | { type: 'rendered'; stats: PanelRenderStats };

export interface PanelRenderStats {
  uid?: string;
  segments: number;
  lines: number;
  rows: number;
  /** the table's sessions in the order drawn */
  rowUids: string[];
  points: number;
  forecast: string;
  /** performance.now() in the webview when the first model was drawn (first paint) */
  firstPaintMs: number;
  renderMs: number;
  /** aria-labels of the composition's segments (what a screen reader says) */
  labels: string[];
  /** the element that has focus (its aria-label), after a test's key presses */
  focused?: string;
}

/** Extension → webview. */
export type PanelMessage = { type: 'model'; model: PanelModel } | { type: 'keys'; keys: string[] };
