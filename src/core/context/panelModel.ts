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
import type { PanelComposition, PanelItem, PanelLine, PanelModel, PanelPart, PanelSessionRow } from './panelTypes';
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

/** The lines on the window: OpenClaw's memory flush and compaction (not when a plugin owns compaction, as in the tooltip), our checkpoint line. */
export function panelLines(f: SessionFigures): PanelLine[] {
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
  return out.sort((a, b) => a.tokens - b.tokens);
}

export function panelComposition(s: SessionState): PanelComposition {
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
    if (p.tokens < 0) notes.push(`${p.label} ${approxSigned(p.tokens)}: ${p.detail ?? ''}`.trim());
    return {
      id: p.id,
      label: p.label,
      tokens: p.tokens,
      share,
      text: `${approxSigned(p.tokens)} tokens · ${pct(share)} of the window · ${pct(Math.max(0, p.tokens) / used)} of used`,
      ...(p.detail ? { detail: p.detail } : {}),
      ...(p.count !== undefined ? { count: p.count } : {}),
      ...(mine[0] ? { entryId: mine[0].id } : {}),
      groups: p.files ? p.files.map((x) => item(x.name, x.tokens, w)) : p.id === 'toolResults' ? byTool(mine, w) : [],
      largest: largestOf(mine, w),
    };
  });
  if (!s.context) notes.push('The transcript is not read yet: the messages are not broken down.');
  return {
    used: f.used,
    window: f.window,
    known: f.known,
    estimated: f.estimated,
    headline: gaugeShort(f),
    basisText: f.basisText,
    parts,
    lines: panelLines(f),
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

export interface PanelInput {
  /** the session to show (the gauge's, or one chosen in the panel) */
  session: SessionState | undefined;
  sessions: readonly SessionState[];
  followsGauge: boolean;
  now: number;
  /** what to say when there is no session (the service's problem line) */
  problem?: string;
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
    composition: panelComposition(s),
    sessions,
  };
}
