/**
 * View models: pure functions from the context model to what the UI shows. The VS Code adapters only
 * render these, so every label, description and tooltip line is unit-testable.
 */
import * as path from 'node:path';
import type { BreakdownRow } from './breakdown';
import { formatAge, formatDelta, formatTokens } from './format';
import type { Gauge, GaugeLevel } from './gauge';
import type { SessionState } from './model';
import type { EntryMeta } from '../store/types';
import type { AgentStore } from '../store/stateDir';
import { familyFor } from '../tokens/estimator';
import type { Turn } from './rebuild';
import { estOf } from '../store/entries';
import { isoTime } from '../store/time';
import { healthSeverity, healthWords, sessionHealth, statusWords } from './health';
import { contextEngineLine, pluginCompacts, type ContextEngineInfo } from '../store/contextEngine';

const tilde = (g: Gauge): string => (g.estimated ? '~' : '');

/** `25% 8.2k/33k`, or `~30% ~9.7k/33k` for an estimate. */
export function gaugeShort(g: Gauge): string {
  return `${tilde(g)}${g.percent}% ${tilde(g)}${formatTokens(g.used)}/${formatTokens(g.window)}`;
}

/** Sessions view description: `25% · 8.2k/33k · 2 compactions`. */
export function sessionDescription(s: SessionState): string {
  const g = s.gauge;
  const parts = [`${tilde(g)}${g.percent}%`, `${tilde(g)}${formatTokens(g.used)}/${formatTokens(g.window)}`];
  if (g.compactions > 0) parts.push(`${g.compactions} compaction${g.compactions === 1 ? '' : 's'}`);
  parts.push(...healthWords(sessionHealth(s)));
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

/** A session's icon: its state's when something is wrong, else the gauge (filled: OpenClaw's figure; outline: an estimate). */
export function sessionIcon(s: SessionState): { icon: string; color: string } {
  const f = sessionHealth(s).flags[0]!;
  return f.state !== 'ok' ? { icon: f.icon, color: f.color } : { icon: s.gauge.estimated ? 'circle-large-outline' : 'circle-large-filled', color: levelColor(s.gauge.level) };
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

const mdEscape = (s: string): string => s.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, (c) => `\\${c}`);

export function statusBarModel(s: SessionState | undefined, opts: { pinned: boolean; breakdown?: BreakdownRow[]; now: number; problem?: string; engine?: ContextEngineInfo }): StatusBarModel {
  if (!s) {
    const why = opts.problem ?? 'No OpenClaw sessions found. Set `openclawContext.stateDir` or open the OpenClaw Context view.';
    return { text: '$(pulse) OpenClaw', tooltip: why, background: opts.problem ? 'warning' : 'none', accessibility: 'OpenClaw context: no session' };
  }
  const g = s.gauge;
  const text = `$(pulse) ${gaugeShort(g)}`;
  const health = sessionHealth(s);
  const severity = healthSeverity(health);
  const background = g.level === 'danger' || severity === 'error' ? 'error' : g.level === 'warn' || g.level === 'checkpoint' || severity === 'warning' ? 'warning' : 'none';
  const lines: string[] = [];
  lines.push(`**OpenClaw context** — \`${s.row.key}\`${opts.pinned ? ' $(pinned) pinned' : ''}`);
  const meta = [sessionModel(s), `agent ${s.agentId}`, s.remote ? `remote Gateway ${s.remote}` : s.era === 'sqlite' ? 'SQLite store' : 'JSONL store', `updated ${formatAge(s.lastActivity, opts.now)}`].filter(Boolean);
  lines.push('', meta.map((m) => mdEscape(String(m))).join(' · '), '');
  if (health.primary !== 'ok') lines.push(...health.flags.map((f) => `- **${mdEscape(f.word)}**: ${mdEscape(f.line)}`), '');
  const source =
    g.usedSource === 'session'
      ? g.pending > 0
        ? `reported by OpenClaw + ~${formatTokens(g.pending)} written since`
        : 'reported by OpenClaw'
      : g.usedSource === 'transcript'
        ? 'estimated from the transcript (OpenClaw has no fresh figure)'
        : 'unknown';
  lines.push('| | |', '|---|---|');
  lines.push(`| Used | ${tilde(g)}${formatTokens(g.used)} / ${formatTokens(g.window)} (${tilde(g)}${g.percent}%) — ${source} |`);
  if (pluginCompacts(opts.engine)) lines.push(`| Compaction | ${mdEscape(contextEngineLine(opts.engine)!)} |`);
  if (opts.engine?.ownsCompaction !== true) {
    lines.push(`| To memory flush | ${formatDelta(g.toFlush)} (line at ${formatTokens(g.flushAt)}) |`);
    lines.push(`| To compaction | ${formatDelta(g.toCompaction)} (line at ${formatTokens(g.compactionAt)}${g.compactionSource === 'contextBudgetStatus' ? ', OpenClaw budget' : ''}) |`);
  }
  lines.push(`| Checkpoint line | ${formatTokens(g.checkpointAt)} |`);
  lines.push(`| Compactions | ${g.compactions} |`);
  if (g.estimate && g.calibrated) {
    const family = familyFor(s.row.modelProvider, s.row.model ?? s.transcriptModel);
    const cal = g.calibration ? `×${g.calibration.scale.toFixed(2)} from ${g.calibration.pairs} call${g.calibration.pairs === 1 ? '' : 's'}` : 'no usage to calibrate yet';
    lines.push(`| Estimates${health.figuresNotCurrent ? ' (not current)' : ''} | OpenClaw counts ${formatTokens(g.estimate.tokens)} · estimated ${formatTokens(g.calibrated.tokens)} (${family}, ${cal}) |`);
  }
  if (g.openclawEstimate !== undefined) lines.push(`| OpenClaw pre-prompt estimate | ${formatTokens(g.openclawEstimate)} (incl. tool schemas) |`);
  if (g.guard !== 'ok') lines.push(`| Window guard | ${g.guard === 'blocked' ? '⛔ window under 16k: OpenClaw blocks this model' : '⚠️ window under 32k'} |`);
  if (opts.breakdown?.length) {
    lines.push('', '**What is in it** (estimates)', '', '| | tokens |', '|---|---:|');
    for (const b of opts.breakdown) lines.push(`| ${b.label}${b.count !== undefined ? ` (${b.count})` : ''} | ~${formatTokens(b.tokens)} |`);
  }
  lines.push('', `_Status: ${statusWords(health, levelWords(g.level), g.level === 'ok')}. Click to pick the session shown here._`);
  return {
    text,
    tooltip: lines.join('\n'),
    background,
    accessibility: `OpenClaw context ${g.estimated ? 'about ' : ''}${g.percent} percent of ${formatTokens(g.window)} tokens used in ${s.row.key}`,
  };
}

export interface QuickPickModel {
  uid: string;
  label: string;
  description: string;
  detail: string;
}

export function sessionPickItems(sessions: readonly SessionState[], now: number, multiDir: boolean): QuickPickModel[] {
  return [...sessions]
    .sort((a, b) => b.lastActivity - a.lastActivity)
    .map((s) => ({
      uid: s.uid,
      label: s.row.key,
      description: sessionDescription(s),
      detail: [`agent ${s.agentId}`, s.remote ? `remote ${s.remote}` : multiDir ? path.basename(s.stateDir) : undefined, sessionModel(s), `updated ${formatAge(s.lastActivity, now)}`]
        .filter(Boolean)
        .join(' · '),
    }));
}

export function compactionLabel(c: EntryMeta): { label: string; description: string } {
  const before = c.tokensBefore !== undefined ? formatTokens(c.tokensBefore) : '?';
  const after = c.tokensAfter !== undefined ? formatTokens(c.tokensAfter) : `~${formatTokens(estOf(c))} summary`;
  const when = isoTime(c.timestamp)?.replace('T', ' ').slice(0, 16) ?? '';
  return { label: `${before} → ${after}`, description: when };
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
