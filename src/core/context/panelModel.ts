/**
 * The Context panel's view model (issue 19): a pure function of the sessions' figures (figures.ts) to what the
 * panel's webview draws — the composition bar against the window with OpenClaw's lines, a second level down to
 * groups and the largest items, and the table of every session. Nothing here reads a store: the session's
 * transcript is read by whoever calls (the adapter asks the model for the figures first, as the gauge does).
 */
import { estOf } from '../store/entries';
import { categoryOf } from './breakdown';
import { approxSigned, approxTokens, formatAge, formatDelta, formatTokens } from './format';
import { healthSeverity, statusWords } from './health';
import type { SessionFigures } from './figures';
import type { SessionState } from './session';
import { compactionsText, gaugeShort, levelWords, percentText, sessionLabel, sessionModel, sessionTitle, usedWindowText } from './viewModel';
import type { PanelComposition, PanelForecast, PanelItem, PanelLine, PanelModel, PanelPart, PanelPoint, PanelSessionRow, PanelTimeline } from './panelTypes';
import type { Timeline, TimelineEvent, TimelineLine } from './timeline';
import { DEFAULT_WARN_TURNS, forecastLine, forecastText, type Forecast } from './forecast';
import { isoTime } from '../store/time';
import type { EntryMeta } from '../store/types';

/** How many of the largest items a part (and the whole context) lists. */
export const PANEL_LARGEST = 8;

const pct = (share: number): string => `${share < 0.01 && share > 0 ? '<1' : Math.round(share * 100)}%`;

function itemText(tokens: number, window: number, approximate = true): string {
  return `${approxTokens(tokens, approximate)} tokens · ${pct(window > 0 ? tokens / window : 0)} of the window`;
}

function item(label: string, tokens: number, window: number, extra: Partial<PanelItem> = {}): PanelItem {
  return { label, tokens, share: window > 0 ? Math.max(0, tokens) / window : 0, text: itemText(tokens, window), ...extra };
}

/** An entry's label for the panel: its role or tool, then its preview (one line). */
export function entryPanelLabel(e: EntryMeta): string {
  const what = e.kind === 'compaction' ? 'summary' : e.kind === 'branch_summary' ? 'branch summary' : e.role === 'toolResult' ? (e.toolName ?? 'tool') : e.role === 'bashExecution' ? 'bash' : (e.role ?? e.type);
  const preview = e.preview.length > 80 ? `${e.preview.slice(0, 79)}…` : e.preview;
  return preview ? `${what}: ${preview}` : what;
}

const largestOf = (items: readonly EntryMeta[], window: number, n = PANEL_LARGEST): PanelItem[] =>
  [...items]
    .sort((a, b) => estOf(b) - estOf(a) || a.pos - b.pos)
    .slice(0, n)
    .map((e) => item(entryPanelLabel(e), Math.round(estOf(e)), window, { entryId: e.id }));

/** Tool results by tool (`read` 12 × ~40k), biggest first. */
function byTool(items: readonly EntryMeta[], window: number): PanelItem[] {
  const groups = new Map<string, { tokens: number; count: number; first: string }>();
  for (const e of items) {
    const name = e.role === 'bashExecution' ? 'bash' : (e.toolName ?? 'tool');
    const g = groups.get(name) ?? { tokens: 0, count: 0, first: e.id };
    g.tokens += Math.round(estOf(e));
    g.count++;
    groups.set(name, g);
  }
  return [...groups]
    .sort((a, b) => b[1].tokens - a[1].tokens || a[0].localeCompare(b[0]))
    .map(([name, g]) => item(name, g.tokens, window, { count: g.count, entryId: g.first }));
}

/**
 * The lines on the window: OpenClaw's memory flush and compaction (not when a plugin owns compaction, as in the
 * tooltip), our checkpoint line, and `extra` ones (the policy's early export and cleanup, when on).
 */
export function panelLines(f: SessionFigures, extra: readonly Pick<TimelineLine, 'id' | 'label' | 'tokens'>[] = []): PanelLine[] {
  const w = Math.max(1, f.window);
  const line = (id: string, label: string, tokens: number): PanelLine => ({
    id,
    label,
    tokens,
    at: tokens / w,
    text: `${label} at ${formatTokens(tokens)}${f.known ? ` (${tokens - f.used >= 0 ? `${formatDelta(tokens - f.used)} to go` : `passed by ${formatTokens(f.used - tokens)}`})` : ''}`,
  });
  const out: PanelLine[] = [];
  if (f.engine?.ownsCompaction !== true) {
    out.push(line('flush', 'Memory flush', f.flushAt));
    out.push(line('compaction', f.compactionSource === 'contextBudgetStatus' ? 'Compaction (OpenClaw budget)' : 'Compaction', f.compactionAt));
  }
  out.push(line('checkpoint', 'Checkpoint', f.checkpointAt));
  for (const x of extra) out.push(line(x.id, x.label, x.tokens));
  return out.sort((a, b) => a.tokens - b.tokens);
}

export function panelComposition(s: SessionState, extraLines: readonly TimelineLine[] = []): PanelComposition {
  const f = s.figures;
  const w = Math.max(1, f.window);
  const items = s.context?.items ?? [];
  const byPart = new Map<string, EntryMeta[]>();
  for (const e of items) {
    const id = categoryOf(e).id;
    const list = byPart.get(id);
    if (list) list.push(e);
    else byPart.set(id, [e]);
  }
  const used = Math.max(1, f.used);
  const notes: string[] = [];
  const parts = f.composition.map((p): PanelPart => {
    const mine = byPart.get(p.id) ?? [];
    const share = p.tokens > 0 ? p.tokens / w : 0;
    return {
      id: p.id,
      label: p.label,
      tokens: p.tokens,
      share,
      text: p.tokens < 0 ? `${approxSigned(p.tokens)} tokens · taken off the parts above (not drawn)` : `${approxSigned(p.tokens)} tokens · ${pct(share)} of the window · ${pct(p.tokens / used)} of used`,
      ...(p.detail ? { detail: p.detail } : {}),
      ...(p.count !== undefined ? { count: p.count } : {}),
      ...(mine[0] ? { entryId: mine[0].id } : {}),
      groups: p.files ? p.files.map((x) => item(x.name, x.tokens, w)) : p.id === 'toolResults' ? byTool(mine, w) : [],
      largest: largestOf(mine, w),
    };
  });
  if (f.composition.some((p) => p.tokens < 0)) notes.push('The parts add up to Used; a part below zero is taken off the others and is not drawn on the bar.');
  if (!s.context) notes.push('The transcript is not read yet: the messages are not broken down.');
  return {
    used: f.used,
    window: f.window,
    known: f.known,
    estimated: f.estimated,
    headline: gaugeShort(f),
    basisText: f.basisText,
    parts,
    lines: panelLines(f, extraLines),
    largest: largestOf(items, w),
    notes,
  };
}

const SEVERITY: Record<string, PanelSessionRow['stateSeverity']> = { error: 'error', warning: 'warning', none: 'ok' };

export function panelSessionRow(s: SessionState, now: number, selectedUid: string | undefined): PanelSessionRow {
  const f = s.figures;
  const title = sessionTitle(s);
  const severity = healthSeverity(f.health);
  return {
    uid: s.uid,
    key: s.row.key,
    label: sessionLabel(s),
    ...(title ? { title } : {}),
    agent: s.agentId,
    fill: f.known ? f.ratio / 100 : -1,
    fillText: `${percentText(f)} · ${usedWindowText(f)}`,
    level: f.level,
    compactions: f.compactionsKnown ? f.compactions : -1,
    compactionsText: f.compactionsKnown ? String(f.compactions) : 'unknown',
    state: statusWords(f.health, levelWords(f.level), f.level === 'ok'),
    stateSeverity: severity === 'none' && f.level !== 'ok' ? 'info' : SEVERITY[severity]!,
    lastActivity: s.lastActivity,
    activityText: formatAge(s.lastActivity, now),
    model: sessionModel(s) ?? '',
    store: s.remote ? `remote ${s.remote}` : s.era === 'sqlite' ? 'SQLite' : 'JSONL',
    selected: s.uid === selectedUid,
  };
}

/** The sessions table: most recently active first (the webview re-sorts on a header click). */
export const panelSessions = (sessions: readonly SessionState[], now: number, selectedUid: string | undefined): PanelSessionRow[] =>
  [...sessions].sort((a, b) => b.lastActivity - a.lastActivity || a.uid.localeCompare(b.uid)).map((s) => panelSessionRow(s, now, selectedUid));

// ------------------------------------------------------------------------------------------ fill over time

const when = (t: number): string => isoTime(t)?.replace('T', ' ').slice(0, 16) ?? 'time unknown';
const est = (tokens: number, estimated: boolean): string => approxTokens(tokens, estimated);

/** Where an event sits among the calls: after the last call at or before its time (n + 0.5), else by its turn. */
function eventX(e: TimelineEvent, tl: Timeline): number {
  const pts = tl.points;
  let i = 0;
  if (e.t > 0) while (i < pts.length && pts[i]!.t > 0 && pts[i]!.t <= e.t) i++;
  else while (i < pts.length && pts[i]!.turn < e.turn) i++;
  return i + 0.5;
}

function eventPoint(e: TimelineEvent, tl: Timeline, inContext: ReadonlySet<string>, origins: Readonly<Record<string, string>>): PanelPoint {
  const n = eventX(e, tl);
  const prev = tl.points[Math.max(0, Math.ceil(n) - 2)];
  const at = `turn ${e.turn} · ${when(e.t)}`;
  const link = 'entryId' in e && inContext.has(e.entryId) ? { entryId: e.entryId } : {};
  const base = { n, timestamp: e.t, ...link };
  switch (e.kind) {
    case 'compaction': {
      const by = origins[e.origin] ?? (e.origin === 'unknown' ? 'unknown' : e.origin);
      return { ...base, kind: 'compaction', tokens: e.after, from: e.before, estimated: e.afterEstimated, text: `Compaction · ${at} · ${est(e.before, e.beforeEstimated)} → ${est(e.after, e.afterEstimated)} · by ${by}` };
    }
    case 'failure':
    case 'overflow':
      return { ...base, kind: e.kind, tokens: e.prompt ?? prev?.tokens ?? 0, estimated: e.prompt === undefined, text: `${e.kind === 'overflow' ? 'Overflow' : 'Failed call'} · ${at}${e.prompt !== undefined && e.limit !== undefined ? ` · prompt ${formatTokens(e.prompt)} over ${formatTokens(e.limit)}` : ''}${e.message ? ` · ${e.message}` : ''}` };
    case 'reset':
      return { ...base, kind: 'reset', tokens: 0, estimated: false, text: `Reset · ${at}` };
    default:
      return { ...base, kind: e.kind, tokens: prev?.tokens ?? 0, estimated: true, text: `${e.kind === 'flush' ? 'Memory flush' : 'Checkpoint'} by ${e.by === 'openclaw' ? 'OpenClaw' : 'OpenClaw Context'}${e.inferred ? ' (placed at the first call over the flush line: OpenClaw records no time)' : ` · ${when(e.t)}`}${e.label ? ` · ${e.label}` : ''}` };
  }
}

/**
 * The fill over time as the chart draws it: a point per model call (x: its number), the events between them, the
 * fill now after the last call, the lines (the window apart). `inContext`: the entries of the active context (a
 * click opens the context document there; older turns were compacted away). `origins`: who wrote a compaction, in words.
 */
export function panelTimeline(tl: Timeline, window: number, inContext: ReadonlySet<string>, origins: Readonly<Record<string, string>> = {}): PanelTimeline {
  const points: PanelPoint[] = tl.points.map((p, i) => ({
    n: i + 1,
    timestamp: p.t,
    tokens: p.tokens,
    estimated: p.estimated,
    kind: 'call',
    text: `Call ${i + 1} · turn ${p.turn} · ${when(p.t)} · ${est(p.tokens, p.estimated)} tokens${p.estimated ? ' (estimated: no usage recorded)' : ''}`,
    ...(inContext.has(p.entryId) ? { entryId: p.entryId } : {}),
  }));
  const events = tl.events.map((e) => eventPoint(e, tl, inContext, origins));
  if (tl.current) points.push({ n: tl.points.length + 1, timestamp: 0, tokens: tl.current.tokens, estimated: tl.current.estimated, kind: 'now', text: `Now · ${est(tl.current.tokens, tl.current.estimated)} tokens (the gauge)` });
  const all = [...points, ...events].sort((a, b) => a.n - b.n);
  const lines = tl.lines.filter((l) => l.id !== 'window').map((l): PanelLine => ({ id: l.id, label: l.label, tokens: l.tokens, at: l.tokens / Math.max(1, window), text: `${l.label} at ${formatTokens(l.tokens)}` }));
  const compactions = tl.events.filter((e) => e.kind === 'compaction').length;
  const failures = tl.events.filter((e) => e.kind === 'failure' || e.kind === 'overflow').length;
  const summary = [
    `Fill over time: ${tl.calls} model call${tl.calls === 1 ? '' : 's'} over ${tl.turns} turn${tl.turns === 1 ? '' : 's'}${tl.estimatedCalls ? ` (${tl.estimatedCalls} estimated)` : ''}`,
    `${compactions} compaction${compactions === 1 ? '' : 's'}`,
    ...(failures ? [`${failures} failed`] : []),
    ...(tl.current ? [`now ${est(tl.current.tokens, tl.current.estimated)} of ${formatTokens(window)}`] : []),
  ].join(', ');
  return { points: all, window, lines, summary: `${summary}.` };
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The forecast section: the compaction line first (OpenClaw's preflight), then the flush and the window. */
export function panelForecast(f: Forecast, nearTurns: number): PanelForecast {
  const c = forecastLine(f, 'compaction');
  const growth = f.growthPerTurn !== undefined ? `growing ${f.growthPerTurn < 0 ? '−' : ''}~${formatTokens(Math.abs(f.growthPerTurn))} tokens per turn over the last ${f.basedOnTurns} turn${f.basedOnTurns === 1 ? '' : 's'}` : undefined;
  const detail = [
    ...(c ? [forecastText(f, 'flush')] : []),
    // the window's line when it is forecast (or when it is the headline's)
    ...(forecastLine(f, 'window')?.turns !== undefined && c ? [forecastText(f, 'window')] : []),
    ...(growth ? [growth] : []),
  ].map(capital);
  return {
    headline: capital(forecastText(f, c ? 'compaction' : 'window')),
    detail,
    ...(c?.turns !== undefined ? { turns: c.turns } : {}),
    near: c?.turns !== undefined && c.turns <= nearTurns,
  };
}

export interface PanelInput {
  /** the session to show (the gauge's, or one chosen in the panel) */
  session: SessionState | undefined;
  sessions: readonly SessionState[];
  followsGauge: boolean;
  now: number;
  /** what to say when there is no session (the service's problem line) */
  problem?: string;
  /** the session's fill over time (ContextModel.timeline), when read */
  timeline?: Timeline;
  /** who wrote a compaction, in words (compaction/viewModel.ts ORIGIN_WORDS) */
  origins?: Readonly<Record<string, string>>;
  /** the forecast is "near" at this many turns or fewer (the warning's setting) */
  nearTurns?: number;
  /** more lines on the window (the policy's, when on: policy.ts policyLines) */
  extraLines?: readonly TimelineLine[];
}



export function panelModel(input: PanelInput): PanelModel {
  const s = input.session;
  const sessions = panelSessions(input.sessions, input.now, s?.uid);
  if (!s) return { title: 'No session', subtitle: '', followsGauge: input.followsGauge, sessions, empty: input.problem ?? 'No OpenClaw sessions found. Set openclawContext.stateDir, or connect a Gateway.' };
  const meta = [sessionModel(s), `agent ${s.agentId}`, s.remote ? `remote Gateway ${s.remote}` : s.era === 'sqlite' ? 'SQLite store' : 'JSONL store', compactionsText(s.figures), `updated ${formatAge(s.lastActivity, input.now)}`];
  return {
    uid: s.uid,
    title: s.row.key,
    subtitle: meta.filter(Boolean).join(' · '),
    followsGauge: input.followsGauge,
    composition: panelComposition(s, input.extraLines),
    ...(input.timeline ? { timeline: panelTimeline(input.timeline, s.figures.window, new Set((s.context?.items ?? []).map((e) => e.id)), input.origins) } : {}),
    forecast: panelForecast(s.figures.forecast, input.nearTurns ?? DEFAULT_WARN_TURNS),
    sessions,
  };
}
