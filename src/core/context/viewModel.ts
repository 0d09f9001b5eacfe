/**
 * View models: pure functions from the context model to what the UI shows. The VS Code adapters only
 * render these, so every label, description and tooltip line is unit-testable.
 */
import * as path from 'node:path';
import { approxSigned, approxTokens, formatAge, formatDelta, formatTokens, mdTilde } from './format';
import { compactionFigure, openclawDifference, PRE_PROMPT_ESTIMATE_ROLE, type CompactionFigure, type SessionFigures } from './figures';
import type { Gauge, GaugeLevel } from './gauge';
import type { SessionState } from './model';
import type { EntryMeta } from '../store/types';
import type { AgentStore } from '../store/stateDir';
import { familyFor } from '../tokens/estimator';
import type { Turn } from './rebuild';
import { estOf } from '../store/entries';
import { isoTime } from '../store/time';
import { healthSeverity, healthWords, statusWords } from './health';
import { contextEngineLine, pluginCompacts } from '../store/contextEngine';
import { compactionWarning, forecastText, warningShort, type Forecast } from './forecast';

const tilde = (g: Pick<Gauge, 'estimated'>): string => (g.estimated ? '~' : '');

/** `8.2k/33k`, or `~9.7k/33k` for an estimate (plain text: the CLI, descriptions). */
export const usedWindowText = (g: Pick<Gauge, 'estimated' | 'used' | 'window' | 'known'>): string => `${g.known ? approxTokens(g.used, g.estimated) : 'unknown'}/${formatTokens(g.window)}`;

/** `25%`, `~30%` for an estimate, `?%` with no figure at all. */
export const percentText = (g: Pick<Gauge, 'estimated' | 'percent' | 'known'>): string => (g.known ? `${tilde(g)}${g.percent}%` : '?%');

/** `N compactions`, or `compactions unknown` (a remote session whose history was not read). */
export const compactionsText = (g: Pick<Gauge, 'compactions' | 'compactionsKnown'>): string =>
  g.compactionsKnown ? `${g.compactions} compaction${g.compactions === 1 ? '' : 's'}` : 'compactions unknown';

/** `25% 8.2k/33k`, or `~30% ~9.7k/33k` for an estimate. */
export function gaugeShort(g: Pick<Gauge, 'estimated' | 'used' | 'window' | 'percent' | 'known'>): string {
  return `${percentText(g)} ${usedWindowText(g)}`;
}

/**
 * Sessions view description: `25% · 8.2k/33k · 2 compactions` (`pinned` first when it is); with `warnTurns`, the
 * warning before compaction when it holds (`compaction in ~2 turns`).
 */
export function sessionDescription(s: SessionState, pinned = false, warnTurns = 0): string {
  const f = s.figures;
  const parts = [percentText(f), usedWindowText(f)];
  if (pinned) parts.unshift('pinned');
  const soon = compactionWarning(f, warnTurns);
  if (soon) parts.push(warningShort(soon));
  if (f.compactions > 0 || !f.compactionsKnown) parts.push(compactionsText(f));
  parts.push(...healthWords(f.health));
  const title = sessionTitle(s);
  if (title) parts.push(title.length > 48 ? `${title.slice(0, 47)}…` : title);
  return parts.join(' · ');
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A session key without the `agent:<id>:` prefix its tree parent already shows, with UUID segments
 * cut to 8 characters: `agent:main:dashboard:0c9e5420-…` → `dashboard:0c9e5420`.
 */
export function shortKey(key: string, agentId: string): string {
  const prefix = `agent:${agentId}:`;
  const rest = key.startsWith(prefix) && key.length > prefix.length ? key.slice(prefix.length) : key;
  return rest
    .split(':')
    .map((seg) => (UUID_RE.test(seg) ? seg.slice(0, 8) : seg))
    .join(':');
}

/** Tree label: the short key (what `openclaw sessions` users know); the display name goes in the description. */
export function sessionLabel(s: SessionState): string {
  return shortKey(s.row.key, s.agentId);
}

/** The session's display name or label, when it says more than its key. */
export function sessionTitle(s: SessionState): string | undefined {
  const t = s.row.displayName || s.row.label;
  return t && t !== s.row.key && t !== shortKey(s.row.key, s.agentId) ? t : undefined;
}

export function sessionModel(s: SessionState): string | undefined {
  const m = s.row.model ?? s.transcriptModel;
  if (!m) return undefined;
  return s.row.modelProvider && !m.includes('/') ? `${s.row.modelProvider}/${m}` : m;
}

/** Theme colour ids for a level (charts.* colours exist in every theme). */
export function levelColor(level: GaugeLevel): string {
  switch (level) {
    case 'danger':
      return 'charts.red';
    case 'checkpoint':
      return 'charts.orange';
    case 'warn':
      return 'charts.yellow';
    default:
      return 'charts.green';
  }
}

/** The fill level's codicon: the fuller, the louder (colour: levelColor). */
export const LEVEL_ICONS: Record<GaugeLevel, string> = { ok: 'circle-large-outline', warn: 'pie-chart', checkpoint: 'dashboard', danger: 'flame' };

/**
 * A session's icon: its fill level at a glance (an icon per level in the level's theme colour; an unknown fill is
 * dimmed), unless the last turn failed or it is compacting over and over: then that state's icon. A count that is
 * merely not current keeps the level icon (the description says "not current").
 */
export function sessionIcon(s: SessionState): { icon: string; color: string } {
  const g = s.figures;
  const f = g.health.flags[0]!;
  if (f.state !== 'ok' && f.severity !== 'none') return { icon: f.icon, color: f.color };
  return g.known ? { icon: LEVEL_ICONS[g.level], color: levelColor(g.level) } : { icon: LEVEL_ICONS.ok, color: 'disabledForeground' };
}

export function levelWords(level: GaugeLevel): string {
  switch (level) {
    case 'danger':
      return 'near the limit';
    case 'checkpoint':
      return 'past the checkpoint line';
    case 'warn':
      return 'filling up';
    default:
      return 'fine';
  }
}

export interface StatusBarModel {
  text: string;
  /** markdown */
  tooltip: string;
  background: 'none' | 'warning' | 'error';
  accessibility: string;
}

const mdEscape = (s: string): string => s.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`);

/** A token figure in Markdown: `~` escaped (a pair of single tildes is strikethrough in VS Code). */
const mdTok = (n: number, approximate: boolean): string => mdTilde(approxTokens(n, approximate));

/** What a click on the item does: the status bar asks which session it shows, a tree row opens its context. */
export type ClickAction = 'pick' | 'open';
const CLICK_WORDS: Record<ClickAction, string> = {
  pick: 'Click to choose which session the gauge shows.',
  open: 'Click (or Enter) to open its active context; expand it for its compactions and turns.',
};

/** The tooltip's "what is in it" table: the composition, summing to Used, with its total. */
export function compositionLines(f: SessionFigures): string[] {
  if (!f.composition.length) return [];
  const lines = ['', '**What is in it** (estimates; they add up to Used)', '', '| Part | Tokens |', '|---|---:|'];
  for (const p of f.composition) {
    lines.push(`| ${p.label}${p.count !== undefined ? ` (${p.count})` : ''}${p.id === 'remainder' && p.detail ? ` — ${mdEscape(p.detail)}` : ''} | ${mdTilde(approxSigned(p.tokens))} |`);
  }
  lines.push(`| **Used** | **${mdTok(f.used, f.estimated)}** |`);
  return lines;
}

/** A compaction that just appeared on the gauge's session: shown for a moment as before → after. */
export interface CompactionFlash {
  before: number;
  after: number;
  /** `after` is an estimate (the next prompt) */
  estimated: boolean;
}

/** `compacted 24.6k → ~9.1k` */
export const flashText = (c: CompactionFlash): string => `compacted ${formatTokens(c.before)} → ${approxTokens(c.after, c.estimated)}`;

/** The forecast in a sentence, with how it was measured: `compaction in about 3 turns (~1.2k per turn over the last 5 turns)`. */
export function forecastSentence(fc: Forecast): string {
  const how = fc.growthPerTurn !== undefined && fc.basedOnTurns ? ` (${fc.growthPerTurn < 0 ? '−' : ''}~${formatTokens(Math.abs(fc.growthPerTurn))} per turn over the last ${fc.basedOnTurns} turn${fc.basedOnTurns === 1 ? '' : 's'})` : '';
  return `${forecastText(fc)}${how}`;
}

/**
 * With no session: `problem` is something to fix (a store that cannot be read) and colours the item; `hint` is
 * an empty state (no state dir yet, waiting for a remote Gateway) and says where to go without a warning colour.
 */
export function statusBarModel(s: SessionState | undefined, opts: { pinned: boolean; now: number; problem?: string; hint?: string; click?: ClickAction; warnTurns?: number; flash?: CompactionFlash }): StatusBarModel {
  if (!s) {
    const why = opts.problem ?? opts.hint ?? 'No OpenClaw sessions yet. Open the OpenClaw Context view to choose a state directory or open the demo state.';
    return { text: '$(pulse) OpenClaw', tooltip: why, background: opts.problem ? 'warning' : 'none', accessibility: 'OpenClaw context: no session' };
  }
  const f = s.figures;
  const soon = compactionWarning(f, opts.warnTurns ?? 0);
  const text = opts.flash ? `$(fold) ${flashText(opts.flash)}` : `$(pulse) ${gaugeShort(f)}${soon ? ` · ${warningShort(soon)}` : ''}`;
  const health = f.health;
  const severity = healthSeverity(health);
  const background = f.level === 'danger' || severity === 'error' ? 'error' : f.level === 'warn' || f.level === 'checkpoint' || severity === 'warning' || soon ? 'warning' : 'none';
  const lines: string[] = [];
  lines.push(`**OpenClaw context** — \`${s.row.key}\`${opts.pinned ? ' · pinned' : ''}`);
  const meta = [sessionModel(s), `agent ${s.agentId}`, s.remote ? `remote Gateway ${s.remote}` : s.era === 'sqlite' ? 'SQLite store' : 'JSONL store', `updated ${formatAge(s.lastActivity, opts.now)}`].filter(Boolean);
  lines.push('', meta.map((m) => mdEscape(String(m))).join(' · '), '');
  if (health.primary !== 'ok') lines.push(...health.flags.map((x) => `- **${mdEscape(x.word)}**: ${mdEscape(x.line)}`), '');
  lines.push('| Figure | Value |', '|---|---|');
  lines.push(`| Used | ${f.known ? mdTok(f.used, f.estimated) : 'unknown'} / ${formatTokens(f.window)} (${mdTilde(percentText(f))}) — ${mdTilde(f.basisText)} |`);
  const why = openclawDifference(f);
  if (f.openclawReports !== undefined) lines.push(`| OpenClaw reports | ${formatTokens(f.openclawReports)}${why ? ` — ${mdTilde(why)}` : ''} |`);
  if (f.openclawEstimate !== undefined) {
    const differs = f.metersDisagree ? ` — differs from Used by ${formatDelta(f.openclawEstimate - f.used)}: ${PRE_PROMPT_ESTIMATE_ROLE}` : '';
    lines.push(`| OpenClaw pre-prompt estimate | ${formatTokens(f.openclawEstimate)} (incl. tool schemas and a safety margin)${differs} |`);
  }
  const toGo = (n: number) => (f.known ? formatDelta(n) : 'unknown');
  if (pluginCompacts(f.engine)) lines.push(`| Compaction | ${mdEscape(contextEngineLine(f.engine)!)} |`);
  if (f.engine?.ownsCompaction !== true) {
    lines.push(`| To memory flush | ${toGo(f.toFlush)} (line at ${formatTokens(f.flushAt)}) |`);
    lines.push(`| To compaction | ${toGo(f.toCompaction)} (line at ${formatTokens(f.compactionAt)}${f.compactionSource === 'contextBudgetStatus' ? ', OpenClaw budget' : ''}) |`);
  }
  lines.push(`| Checkpoint line | ${formatTokens(f.checkpointAt)} (${toGo(f.checkpointAt - f.used)} to go) |`);
  lines.push(`| Compactions | ${f.compactionsKnown ? f.compactions : 'unknown'} |`);
  if (s.context) lines.push(`| Forecast | ${soon ? '**' : ''}${mdTilde(forecastSentence(f.forecast))}${soon ? '**' : ''} |`);
  if (opts.flash) lines.push(`| Just now | ${mdTilde(flashText(opts.flash))} |`);
  if (f.estimate && f.calibrated) {
    const family = familyFor(s.row.modelProvider, s.row.model ?? s.transcriptModel);
    const cal = f.calibration ? `×${f.calibration.scale.toFixed(2)} from ${f.calibration.pairs} call${f.calibration.pairs === 1 ? '' : 's'}` : 'no usage to calibrate yet';
    lines.push(`| Message estimates${health.figuresNotCurrent ? ' (not current)' : ''} | OpenClaw's chars/4 ${formatTokens(f.estimate.tokens)} · ours ${formatTokens(f.calibrated.tokens)} (${family}, ${cal}) |`);
  }
  if (f.guard !== 'ok') lines.push(`| Window guard | ${f.guard === 'blocked' ? '⛔ window under 16k: OpenClaw blocks this model' : '⚠️ window under 32k'} |`);
  lines.push(...compositionLines(f));
  lines.push('', `_Status: ${statusWords(health, levelWords(f.level), f.level === 'ok')}. ${CLICK_WORDS[opts.click ?? 'pick']}_`);
  return {
    text,
    tooltip: lines.join('\n'),
    background,
    accessibility: `${f.known ? `OpenClaw context ${f.estimated ? 'about ' : ''}${f.percent} percent of ${formatTokens(f.window)} tokens used in ${s.row.key}` : `OpenClaw context: usage of ${s.row.key} unknown, window ${formatTokens(f.window)} tokens`}${soon ? `; ${forecastText(f.forecast)}` : ''}${opts.flash ? `; ${flashText(opts.flash)}` : ''}`,
  };
}

export interface QuickPickModel {
  uid: string;
  label: string;
  description: string;
  detail: string;
}

/** What marks the gauge's session in a session picker. */
export const GAUGE_SESSION_WORDS = 'the gauge’s session';

/**
 * The sessions of a picker, most recent first, each with its fill and state; `first` (the gauge's session)
 * leads, marked as such.
 */
export function sessionPickItems(sessions: readonly SessionState[], now: number, multiDir: boolean, first?: string): QuickPickModel[] {
  return [...sessions]
    .sort((a, b) => (a.uid === first ? -1 : b.uid === first ? 1 : b.lastActivity - a.lastActivity))
    .map((s) => ({
      uid: s.uid,
      label: s.row.key,
      description: [sessionDescription(s), ...(s.uid === first ? [GAUGE_SESSION_WORDS] : [])].join(' · '),
      detail: [`agent ${s.agentId}`, s.remote ? `remote ${s.remote}` : multiDir ? path.basename(s.stateDir) : undefined, sessionModel(s), `updated ${formatAge(s.lastActivity, now)}`]
        .filter(Boolean)
        .join(' · '),
    }));
}

/** A compaction in the Sessions tree: OpenClaw's recorded before → after, the summary's size (the figures' one). */
export function compactionLabel(c: EntryMeta): { label: string; description: string; tooltip: string } {
  const f = compactionFigure(c);
  const rec = (n: number | undefined) => (n !== undefined ? formatTokens(n) : '?');
  const when = isoTime(c.timestamp)?.replace('T', ' ').slice(0, 16) ?? '';
  return {
    label: `${rec(f.tokensBefore)} → ${rec(f.tokensAfter)}`,
    description: [when, `summary ~${formatTokens(f.summaryTokens)}`].filter(Boolean).join(' · '),
    tooltip: [`Compaction ${c.id}`, compactionFiguresLine(f), '', c.preview].join('\n'),
  };
}

/** One line of a compaction's figures, the same on every surface (tree, summary document, quality report). */
export function compactionFiguresLine(f: CompactionFigure): string {
  const rec = f.tokensBefore !== undefined || f.tokensAfter !== undefined ? `recorded by OpenClaw: ${f.tokensBefore !== undefined ? formatTokens(f.tokensBefore) : '?'} before → ${f.tokensAfter !== undefined ? formatTokens(f.tokensAfter) : '?'} after (messages only)` : 'no token figures recorded';
  return `Summary ~${formatTokens(f.summaryTokens)} tokens · ${rec}`;
}

export function turnLabel(t: Turn, n: number): { label: string; description: string } {
  const o = t.opener;
  const head = o ? (o.kind === 'compaction' ? 'Compaction summary' : o.kind === 'custom_message' ? o.preview || 'Injected message' : o.preview || '(empty)') : 'Before the first message';
  return { label: `${n}. ${head}`, description: `~${formatTokens(t.tokens)} · ${t.entries.length} msg${t.entries.length === 1 ? '' : 's'}` };
}

export function entryLabel(e: EntryMeta): { label: string; description: string; icon: string } {
  const tokens = `~${formatTokens(estOf(e))}`;
  switch (e.kind) {
    case 'compaction':
      return { label: `summary: ${e.preview}`, description: tokens, icon: 'fold' };
    case 'custom_message':
      return { label: e.preview || 'injected message', description: tokens, icon: 'note' };
    case 'branch_summary':
      return { label: `branch summary: ${e.preview}`, description: tokens, icon: 'git-branch' };
    default:
      break;
  }
  switch (e.role) {
    case 'user':
      return { label: e.preview || '(empty)', description: tokens, icon: 'account' };
    case 'assistant':
      return { label: e.preview || (e.stopReason === 'error' ? 'error' : '(no text)'), description: e.usageTokens ? `${tokens} · usage ${formatTokens(e.usageTokens)}` : tokens, icon: e.stopReason === 'error' ? 'error' : 'hubot' };
    case 'toolResult':
      return { label: `${e.toolName ?? 'tool'}: ${e.preview}`, description: tokens, icon: 'output' };
    case 'bashExecution':
      return { label: e.preview, description: tokens, icon: 'terminal' };
    default:
      return { label: e.preview || e.type, description: tokens, icon: 'circle-small' };
  }
}

/**
 * The Sessions view's line under an agent whose store cannot be read: a short label (an unfinished write is
 * named as such), the problem and what to do in the detail.
 */
export function agentProblemModel(a: Pick<AgentStore, 'problem' | 'hint' | 'problemKind'>): { label: string; detail: string } {
  const label = a.problemKind === 'hot-journal' ? 'Unfinished write (hot journal): not readable until OpenClaw opens the database once' : (a.problem ?? '');
  return { label, detail: [a.problem, a.hint].filter((x): x is string => !!x).join('\n\n') };
}
