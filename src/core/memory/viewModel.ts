/**
 * The Memories view as plain data: rows (label, description, markdown tooltip, codicon + theme colour
 * ids, context value, what a click opens) built from a `scanWorkspace` result and the parsed DREAMS.md,
 * plus the texts of the Dream / Accept / Reject prompts. No I/O and no vscode here: the tree in
 * src/vscode/memoriesTree.ts only renders these rows and runs the commands.
 *
 * Layout per agent workspace (a root row per workspace when there are several, otherwise its sections at
 * the top level):
 *
 *     Bootstrap files        2.6k tok · 10,550 of 150,000 chars · 3 missing
 *       AGENTS.md            1.6k tok · 6,306 chars
 *       TOOLS.md             [MISSING] · 61-char marker injected
 *       …                    (OpenClaw's load order; a truncated one: `→ 18,113 injected (−8,120 cut, 70% head / 20% tail)`)
 *     memories/              1 of 4 present
 *     Daily logs             3 logs · 2 preloaded on /new
 *     DREAMS.md candidates   2 pending · 1 accepted · 0 rejected   (pending first)
 */
import { codeSpan, inline } from '../checkpoint/viewModel';
import { formatAge, formatTokens } from '../context/format';
import { type ParsedCandidate, type ParsedDreams } from './dream/candidates';
import { type DreamPlanOk, type NothingToDream } from './dream/plan';
import { pointerLine, type AcceptPlan, type RejectPlan } from './dream/decide';
import { MEMORY_TOKEN_LIMIT } from './lint/problems';
import { dateStamp, shiftStamp, type BootstrapFileInfo, type DailyLogInfo, type MemoriesFileInfo, type WorkspaceScan } from './workspace';

// ============================================================================================== rows

export type MemoryRowKind = 'workspace' | 'section' | 'bootstrap' | 'memories' | 'dailyLog' | 'candidate' | 'info';
export type MemorySection = 'bootstrap' | 'memories' | 'daily' | 'dreams';

/** The numbers behind a file row's description (tests and screen readers use them). */
export interface MemoryFigures {
  rawChars?: number;
  rawTokens?: number;
  injectedChars?: number;
  injectedTokens?: number;
  cutChars?: number;
  bytes?: number;
}

export interface MemoryRow {
  /** unique in the view and stable across refreshes (TreeItem.id) */
  id: string;
  kind: MemoryRowKind;
  section?: MemorySection;
  label: string;
  description: string;
  /** markdown */
  tooltip: string;
  /** codicon id */
  icon: string;
  /** theme colour id for the icon */
  color?: string;
  /** `memoryFile.*` (an existing file: open), `memoryAbsent.*`, `dreamCandidate.<status>`, `memorySection.*`, `memoryWorkspace`, `memoryInfo` */
  contextValue: string;
  /** for screen readers */
  aria: string;
  /** the agent workspace the row belongs to */
  workspaceDir: string;
  /** absolute path of the file the row stands for (whether it exists or not) */
  path?: string;
  /** workspace-relative path */
  rel?: string;
  exists?: boolean;
  /** 0-based line to reveal when opening (a candidate's heading in DREAMS.md) */
  line?: number;
  candidateId?: string;
  candidateStatus?: ParsedCandidate['status'];
  figures?: MemoryFigures;
  /** a command the row runs on click / Enter, when it is not "open the file" */
  command?: { command: string; title: string };
  collapsible: 'none' | 'collapsed' | 'expanded';
  children: MemoryRow[];
}

/** DREAMS.md as the view reads it. */
export interface DreamsState {
  /** `DREAMS.md`, or `dreams.md` when only that exists */
  rel: string;
  path: string;
  exists: boolean;
  parsed?: ParsedDreams;
  error?: string;
}

export interface MemoryWorkspaceInput {
  scan: WorkspaceScan;
  dreams: DreamsState;
  agentId: string;
  stateDir: string;
  /** the folder as the view shows it (`~/…`) */
  displayDir: string;
  /** the config named this folder, which does not exist here (the state dir's own workspace is shown) */
  configuredWorkspace?: string;
}

export interface MemoryViewOptions {
  now: Date;
  /** Dream's window (the `openclawContext.memory.dreamDays` setting), for the daily-log tooltips */
  dreamDays?: number;
  /** daily logs listed per workspace (older ones are summarised in one row) */
  maxDailyLogs?: number;
}

export const OPEN_COMMAND = 'openclawContext.memory.open';
export const DREAM_COMMAND = 'openclawContext.memory.dream';
const DEFAULT_MAX_DAILY_LOGS = 200;
const HEAD_PCT = 70;
const TAIL_PCT = 20;

const WARN = 'problemsWarningIcon.foreground';
const ERROR = 'problemsErrorIcon.foreground';
const MUTED = 'disabledForeground';

// ============================================================================================== formatting

/** `6,306` */
export function formatChars(n: number): string {
  return Math.max(0, Math.round(n)).toLocaleString('en-US');
}

/** `1.2k tok` (OpenClaw's compact token figure) */
export function formatTok(n: number, approximate = false): string {
  return `${approximate ? '~' : ''}${formatTokens(n)} tok`;
}

/** `278 B`, `1.4 KB`, `2.1 MB` */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const joinPath = (dir: string, rel: string) => `${dir.replace(/[\\/]+$/, '')}/${rel}`;
/** Lines joined as markdown paragraphs / hard breaks ('' starts a new paragraph). */
/** A markdown table (one element of `md`'s lines: its rows must not get hard breaks). */
const table = (rows: string[]) => rows.join('\n');
const md = (lines: string[]) => lines.join('  \n').replace(/ {2}\n {2}\n/g, '\n\n').replace(/(?: {2}\n)+$/, '');

// ============================================================================================== bootstrap files

/** How OpenClaw injects one bootstrap file, in words: the description of its row. */
export function bootstrapDescription(f: BootstrapFileInfo, caps: WorkspaceScan['caps'], remainingBefore: number): string {
  if (f.error && !f.missingMarker) return `unreadable: ${f.error}`;
  if (f.missingMarker) return `[MISSING] · ${formatChars(f.injectedChars)}-char marker injected`;
  if (!f.exists) return 'absent · not injected';
  const raw = `${formatTok(f.rawTokens, f.approximate)} · ${formatChars(f.rawChars)} chars`;
  if (f.skipped === 'empty') return `${raw} · empty, not injected`;
  if (f.skipped === 'budget') return `${raw} · not injected: the ${formatChars(caps.totalMaxChars)}-char total cap is used up`;
  if (!f.truncated) return raw;
  const fileMax = Math.min(caps.maxChars, Math.max(0, remainingBefore));
  const how = f.rawChars > fileMax ? `${HEAD_PCT}% head / ${TAIL_PCT}% tail${fileMax < caps.maxChars ? `, total cap` : ''}` : `total cap`;
  return `${raw} → ${formatChars(f.injectedChars)} injected (−${formatChars(f.cutChars)} cut, ${how})`;
}

function bootstrapTooltip(f: BootstrapFileInfo, scan: WorkspaceScan, remainingBefore: number): string {
  const caps = scan.caps;
  const n = scan.bootstrap.length;
  const head = `**${f.name}** · bootstrap file ${f.loadIndex + 1} of ${n} in OpenClaw's load order${f.dynamic ? ' · after the prompt-cache boundary' : ''}`;
  const lines = [head, ''];
  if (f.missingMarker) {
    lines.push(`${f.name} does not exist${f.error ? ` (${inline(f.error, 200)})` : ''}. OpenClaw injects a marker in its place:`, '', codeSpan(`[MISSING] Expected at: ${f.path}`), '', `${formatChars(f.injectedChars)} chars · ${formatTok(f.injectedTokens)} of the system prompt.`);
  } else if (!f.exists) {
    lines.push(`No ${f.name}: OpenClaw injects nothing for it (no [MISSING] marker). Accepting a dream candidate creates it.`);
  } else if (f.error) {
    lines.push(`Cannot be read: ${inline(f.error, 300)}`);
  } else {
    lines.push(table(['| | chars | tokens |', '|---|---:|---:|', `| on disk | ${formatChars(f.rawChars)} | ${f.approximate ? '~' : ''}${formatChars(f.rawTokens)} |`, `| injected | ${formatChars(f.injectedChars)} | ${formatChars(f.injectedTokens)} |`]));
    lines.push('');
    if (f.skipped === 'empty') lines.push('Empty after trimming: OpenClaw does not inject it.');
    else if (f.skipped === 'budget') lines.push(`Not injected: the ${formatChars(caps.totalMaxChars)}-char total cap of the bootstrap files was used up by the files before it.`);
    else if (f.truncated) {
      const fileMax = Math.min(caps.maxChars, Math.max(0, remainingBefore));
      if (f.rawChars > fileMax)
        lines.push(
          `**Truncated:** longer than ${formatChars(fileMax)} chars${fileMax < caps.maxChars ? ` (what the ${formatChars(caps.totalMaxChars)}-char total cap left)` : ''}, so OpenClaw keeps the first ${HEAD_PCT}% (${formatChars(Math.floor(fileMax * 0.7))} chars) and the last ${TAIL_PCT}% (${formatChars(Math.floor(fileMax * 0.2))} chars) with a "read ${f.name} for full content" marker between them. ${formatChars(f.cutChars)} chars do not reach the model.`,
        );
      else lines.push(`**Cut** to the ${formatChars(Math.max(0, remainingBefore))} chars the ${formatChars(caps.totalMaxChars)}-char total cap left: ${formatChars(f.cutChars)} chars do not reach the model.`);
    } else lines.push('Injected whole.');
    if (f.approximate) lines.push('', 'Too large to read here: the figures are estimated from its size.');
  }
  lines.push('', `Caps: ${formatChars(caps.maxChars)} chars per file, ${formatChars(caps.totalMaxChars)} for all bootstrap files (${formatChars(scan.totals.injectedChars)} used).`, '', codeSpan(f.path));
  return md(lines);
}

function bootstrapIcon(f: BootstrapFileInfo): { icon: string; color?: string } {
  if (f.missingMarker) return { icon: 'warning', color: WARN };
  if (f.error) return { icon: 'error', color: ERROR };
  if (!f.exists) return { icon: 'circle-slash', color: MUTED };
  if (f.skipped === 'budget') return { icon: 'error', color: ERROR };
  if (f.truncated) return { icon: 'fold', color: WARN };
  if (f.skipped === 'empty') return { icon: 'circle-outline', color: MUTED };
  return { icon: 'markdown' };
}

/** One bootstrap file's row (`remainingBefore`: the total budget left before it, in load order). */
export function bootstrapRow(f: BootstrapFileInfo, scan: WorkspaceScan, remainingBefore: number): MemoryRow {
  const description = bootstrapDescription(f, scan.caps, remainingBefore);
  const readable = f.exists && !f.missingMarker;
  return {
    id: `mem:${scan.workspaceDir}|bootstrap|${f.name}`,
    kind: 'bootstrap',
    section: 'bootstrap',
    label: f.name,
    description,
    tooltip: bootstrapTooltip(f, scan, remainingBefore),
    ...bootstrapIcon(f),
    contextValue: readable ? 'memoryFile.bootstrap' : 'memoryAbsent.bootstrap',
    aria: `${f.name}, ${f.missingMarker ? 'missing, OpenClaw injects a missing-file marker' : description.replace(/·/g, ',')}`,
    workspaceDir: scan.workspaceDir,
    path: f.path,
    rel: f.rel,
    exists: readable,
    figures: { rawChars: f.rawChars, rawTokens: f.rawTokens, injectedChars: f.injectedChars, injectedTokens: f.injectedTokens, cutChars: f.cutChars, ...(f.bytes !== undefined ? { bytes: f.bytes } : {}) },
    collapsible: 'none',
    children: [],
  };
}

/** The "Bootstrap files" section: the files in load order, with the total against the total cap. */
export function bootstrapSection(scan: WorkspaceScan): MemoryRow {
  let remaining = scan.caps.totalMaxChars;
  const children: MemoryRow[] = [];
  for (const f of [...scan.bootstrap].sort((a, b) => a.loadIndex - b.loadIndex)) {
    children.push(bootstrapRow(f, scan, remaining));
    remaining = Math.max(0, remaining - f.injectedChars);
  }
  const missing = scan.bootstrap.filter((f) => f.missingMarker).length;
  const truncated = scan.totals.truncatedFiles;
  const t = scan.totals;
  const parts = [formatTok(t.injectedTokens), `${formatChars(t.injectedChars)} of ${formatChars(scan.caps.totalMaxChars)} chars`];
  if (missing) parts.push(`${missing} missing`);
  if (truncated) parts.push(`${truncated} truncated`);
  const over = scan.bootstrap.some((f) => f.skipped === 'budget');
  const tooltip = md([
    `**Bootstrap files** · what OpenClaw puts in every system prompt`,
    '',
    table([
      '| file | on disk | injected | tokens |',
      '|---|---:|---:|---:|',
      ...scan.bootstrap.map((f) => `| ${f.name} | ${f.exists && !f.missingMarker ? formatChars(f.rawChars) : '—'} | ${formatChars(f.injectedChars)}${f.missingMarker ? ' (marker)' : ''} | ${formatChars(f.injectedTokens)} |`),
      `| **total** | ${formatChars(t.rawChars)} | ${formatChars(t.injectedChars)} | ${formatChars(t.injectedTokens)} |`,
    ]),
    '',
    `Total cap ${formatChars(scan.caps.totalMaxChars)} chars (${formatChars(t.budgetLeft)} left) · per file ${formatChars(scan.caps.maxChars)} · a longer file keeps ${HEAD_PCT}% head / ${TAIL_PCT}% tail.`,
    ...(missing ? ['', `${plural(missing, 'file is', 'files are')} missing: OpenClaw injects a \`[MISSING] Expected at:\` marker for each.`] : []),
  ]);
  return {
    id: `mem:${scan.workspaceDir}|section|bootstrap`,
    kind: 'section',
    section: 'bootstrap',
    label: 'Bootstrap files',
    description: parts.join(' · '),
    tooltip,
    icon: 'book',
    ...(over ? { color: ERROR } : missing || truncated ? { color: WARN } : {}),
    contextValue: 'memorySection.bootstrap',
    aria: `Bootstrap files, ${parts.join(', ')}`,
    workspaceDir: scan.workspaceDir,
    figures: { rawChars: t.rawChars, injectedChars: t.injectedChars, injectedTokens: t.injectedTokens },
    collapsible: 'expanded',
    children,
  };
}

// ============================================================================================== memories/

const MEMORIES_PURPOSE: Record<string, string> = {
  'project.md': 'what the project is: goals, stack, layout, conventions',
  'decisions.md': 'decisions taken and why',
  'errors.md': 'an append-only log of failures and their fixes',
  'context.md': 'the current working context, restored after a compaction',
};

export function memoriesFileRow(m: MemoriesFileInfo, workspaceDir: string): MemoryRow {
  const path = joinPath(workspaceDir, m.rel);
  const purpose = MEMORIES_PURPOSE[m.name] ?? '';
  const description = m.error ? `unreadable: ${m.error}` : m.exists ? `${formatTok(m.tokens ?? 0)} · ${formatChars(m.chars ?? 0)} chars` : 'missing';
  const lines = [`**${m.rel}**${purpose ? ` · ${purpose}` : ''}`, ''];
  if (m.error) lines.push(`Cannot be read: ${inline(m.error, 300)}`);
  else if (m.exists) lines.push(`${formatChars(m.chars ?? 0)} chars · ${formatChars(m.tokens ?? 0)} tokens · ${formatBytes(m.bytes ?? 0)}`, '', 'Not in the system prompt: the agent reads it when MEMORY.md points to it.');
  else lines.push('Not there yet (seed 000 keeps project.md, decisions.md, errors.md and context.md under memories/).');
  lines.push('', codeSpan(path));
  return {
    id: `mem:${workspaceDir}|memories|${m.name}`,
    kind: 'memories',
    section: 'memories',
    label: m.name,
    description,
    tooltip: md(lines),
    ...(m.error ? { icon: 'error', color: ERROR } : m.exists ? { icon: 'note' } : { icon: 'circle-slash', color: MUTED }),
    contextValue: m.exists && !m.error ? 'memoryFile.memories' : 'memoryAbsent.memories',
    aria: `${m.rel}, ${m.exists ? description.replace(/·/g, ',') : 'missing'}`,
    workspaceDir,
    path,
    rel: m.rel,
    exists: m.exists && !m.error,
    figures: m.exists ? { rawChars: m.chars ?? 0, rawTokens: m.tokens ?? 0, ...(m.bytes !== undefined ? { bytes: m.bytes } : {}) } : {},
    collapsible: 'none',
    children: [],
  };
}

export function memoriesSection(scan: WorkspaceScan): MemoryRow {
  const present = scan.memories.filter((m) => m.exists).length;
  const description = scan.memoriesDir.error ? scan.memoriesDir.error : !scan.memoriesDir.exists ? 'no memories/ folder' : `${present} of ${scan.memories.length} present`;
  return {
    id: `mem:${scan.workspaceDir}|section|memories`,
    kind: 'section',
    section: 'memories',
    label: 'memories/',
    description,
    tooltip: md([
      '**memories/** · the detail MEMORY.md points to (seed 000)',
      '',
      ...scan.memories.map((m) => `${m.exists ? '✓' : '✗'} ${m.name}: ${MEMORIES_PURPOSE[m.name] ?? ''}`),
      '',
      codeSpan(joinPath(scan.workspaceDir, 'memories')),
    ]),
    icon: 'folder-library',
    ...(scan.memoriesDir.error ? { color: ERROR } : {}),
    contextValue: 'memorySection.memories',
    aria: `memories folder, ${description}`,
    workspaceDir: scan.workspaceDir,
    path: joinPath(scan.workspaceDir, 'memories'),
    rel: 'memories',
    exists: scan.memoriesDir.exists,
    collapsible: 'expanded',
    children: scan.memories.map((m) => memoriesFileRow(m, scan.workspaceDir)),
  };
}

// ============================================================================================== daily logs

/** `today`, `yesterday` or nothing, for a log's date against `today` (YYYY-MM-DD). */
export function relativeDay(date: string, today: string): string | undefined {
  if (date === today) return 'today';
  if (date === shiftStamp(today, 1)) return 'yesterday';
  return undefined;
}

export function dailyLogRow(log: DailyLogInfo, scan: WorkspaceScan, opts: MemoryViewOptions): MemoryRow {
  const sc = scan.startupContext;
  const today = dateStamp(opts.now, sc.timeZone);
  const rel = relativeDay(log.date, today);
  const parts: string[] = [];
  if (log.preloaded) parts.push('preloaded on /new');
  else if (log.preloadNote) parts.push(log.preloadNote.startsWith('empty') ? 'empty, not preloaded' : 'too large to preload');
  if (rel) parts.push(rel);
  parts.push(formatBytes(log.bytes));
  const path = joinPath(scan.workspaceDir, log.rel);
  const lines = [`**${inline(log.name)}** · daily log of ${log.date}${log.slug !== undefined ? ` (${inline(log.slug, 80)})` : ''}`, '', `${formatBytes(log.bytes)} · modified ${formatAge(log.mtimeMs, opts.now.getTime())}`, ''];
  if (log.preloaded) lines.push(`OpenClaw preloads it into a bare /new or /reset (startupContext: the last ${plural(sc.dailyMemoryDays, 'day')} in ${inline(sc.timeZone)}).`);
  else if (log.preloadNote) lines.push(`Of a preloaded date, but ${inline(log.preloadNote)}.`);
  else if (!sc.enabled) lines.push('Not preloaded: startupContext is turned off in the config.');
  else if (log.slug !== undefined && sc.preloadDates.includes(log.date)) lines.push('Not preloaded: OpenClaw preloads the exact-date file (YYYY-MM-DD.md) only.');
  else lines.push(`Not preloaded: a bare /new loads only the last ${plural(sc.dailyMemoryDays, 'day')} (${sc.preloadDates.join(', ')}).`);
  if (opts.dreamDays) {
    const inWindow = log.date <= today && log.date > shiftStamp(today, opts.dreamDays);
    lines.push('', inWindow ? `Dream reads it (the last ${plural(opts.dreamDays, 'day')}).` : `Outside Dream's window (the last ${plural(opts.dreamDays, 'day')}).`);
  }
  lines.push('', codeSpan(path));
  return {
    id: `mem:${scan.workspaceDir}|daily|${log.name}`,
    kind: 'dailyLog',
    section: 'daily',
    label: log.name,
    description: parts.join(' · '),
    tooltip: md(lines),
    ...(log.preloaded ? { icon: 'history', color: 'charts.blue' } : log.preloadNote ? { icon: 'calendar', color: WARN } : { icon: 'calendar' }),
    contextValue: log.preloaded ? 'memoryFile.daily.preloaded' : 'memoryFile.daily',
    aria: `Daily log ${log.date}${log.slug ? ` ${log.slug}` : ''}, ${parts.join(', ')}`,
    workspaceDir: scan.workspaceDir,
    path,
    rel: log.rel,
    exists: true,
    figures: { bytes: log.bytes },
    collapsible: 'none',
    children: [],
  };
}

export function dailyLogsSection(scan: WorkspaceScan, opts: MemoryViewOptions): MemoryRow {
  const logs = scan.dailyLogs; // newest first (scanWorkspace sorts them)
  const max = Math.max(1, opts.maxDailyLogs ?? DEFAULT_MAX_DAILY_LOGS);
  const preloaded = logs.filter((l) => l.preloaded).length;
  const sc = scan.startupContext;
  const description = !logs.length ? 'none yet' : `${plural(logs.length, 'log')} · ${sc.enabled ? `${preloaded} preloaded on /new` : 'preload off'}`;
  const children = logs.slice(0, max).map((l) => dailyLogRow(l, scan, opts));
  if (logs.length > max) children.push(infoRow(scan.workspaceDir, 'daily-more', `${logs.length - max} older logs not listed`, `Only the newest ${max} daily logs are listed.`));
  if (!logs.length) children.push(infoRow(scan.workspaceDir, 'daily-none', 'No daily logs in memory/', 'OpenClaw (and Flush Session to Memory…) writes memory/YYYY-MM-DD.md.'));
  return {
    id: `mem:${scan.workspaceDir}|section|daily`,
    kind: 'section',
    section: 'daily',
    label: 'Daily logs',
    description,
    tooltip: md([
      '**Daily logs** · `memory/YYYY-MM-DD.md`, newest first',
      '',
      sc.enabled
        ? `A bare /new or /reset preloads the last ${plural(sc.dailyMemoryDays, 'day')} (${sc.preloadDates.join(', ')} in ${inline(sc.timeZone)}), each up to ${formatChars(sc.maxFileBytes)} bytes.`
        : 'startupContext is turned off: nothing is preloaded on /new.',
    ]),
    icon: 'calendar',
    contextValue: 'memorySection.daily',
    aria: `Daily logs, ${description}`,
    workspaceDir: scan.workspaceDir,
    path: joinPath(scan.workspaceDir, 'memory'),
    rel: 'memory',
    collapsible: 'expanded',
    children,
  };
}

// ============================================================================================== DREAMS.md

const STATUS_RANK: Record<ParsedCandidate['status'], number> = { pending: 0, accepted: 1, rejected: 2 };

/** Pending first, then accepted, then rejected; file order within each. */
export function sortCandidates<T extends Pick<ParsedCandidate, 'status' | 'line'>>(cs: readonly T[]): T[] {
  return [...cs].sort((a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status] || a.line - b.line);
}

const LABEL_CHARS = 90;
const cutLabel = (s: string) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > LABEL_CHARS ? `${flat.slice(0, LABEL_CHARS - 1)}…` : flat;
};

export function candidateRow(c: ParsedCandidate, dreams: DreamsState, workspaceDir: string): MemoryRow {
  const days = c.sourceDays.length;
  const decided = c.status !== 'pending' ? `${c.status}${c.decidedOn ? ` ${c.decidedOn}` : ''}` : 'pending';
  const parts = [decided, c.category];
  if (c.status === 'pending') {
    if (days) parts.push(plural(days, 'day'));
    if (c.score) parts.push(`score ${c.score.toFixed(1)}`);
  }
  const lines = [
    `**${c.id}** · ${c.status}${c.decidedOn ? ` (${c.decidedOn})` : ''} · ${c.category}`,
    '',
    inline(c.finding, 400),
    '',
    `Seen on ${days ? c.sourceDays.join(', ') : 'no recorded day'} · ${plural(c.mentions, 'mention')} · score ${c.score.toFixed(1)}`,
  ];
  if (c.status === 'pending') lines.push('', 'Accept adds this line to MEMORY.md (after a preview and your confirmation):', '', codeSpan(pointerLine(c)));
  else if (c.status === 'accepted') lines.push('', 'Accepted: its pointer is in MEMORY.md.');
  else lines.push('', 'Rejected: Dream will not propose it again.');
  lines.push('', `${codeSpan(dreams.rel)} line ${c.line + 1}`);
  return {
    id: `mem:${workspaceDir}|dream|${c.id}`,
    kind: 'candidate',
    section: 'dreams',
    label: cutLabel(c.finding),
    description: parts.join(' · '),
    tooltip: md(lines),
    ...(c.status === 'pending' ? { icon: 'lightbulb', color: 'charts.yellow' } : c.status === 'accepted' ? { icon: 'pass', color: 'testing.iconPassed' } : { icon: 'circle-slash', color: MUTED }),
    contextValue: `dreamCandidate.${c.status}`,
    aria: `Memory candidate, ${c.status}, ${c.category}: ${cutLabel(c.finding)}`,
    workspaceDir,
    path: dreams.path,
    rel: dreams.rel,
    exists: true,
    line: c.line,
    candidateId: c.id,
    candidateStatus: c.status,
    collapsible: 'none',
    children: [],
  };
}

export function dreamsSection(dreams: DreamsState, workspaceDir: string, opts: MemoryViewOptions): MemoryRow {
  const cs = dreams.parsed?.candidates ?? [];
  const count = (s: ParsedCandidate['status']) => cs.filter((c) => c.status === s).length;
  const pending = count('pending');
  const description = dreams.error ? `unreadable: ${dreams.error}` : !dreams.exists ? `no ${dreams.rel} yet` : `${pending} pending · ${count('accepted')} accepted · ${count('rejected')} rejected`;
  const children = sortCandidates(cs).map((c) => candidateRow(c, dreams, workspaceDir));
  const warnings = dreams.parsed?.warnings ?? [];
  if (warnings.length) children.push(infoRow(workspaceDir, 'dreams-warnings', `${plural(warnings.length, 'part')} of ${dreams.rel} could not be read`, md(warnings.slice(0, 12).map((w) => `- ${inline(w, 200)}`)), { icon: 'warning', color: WARN }));
  if (!cs.length && !dreams.error) {
    const days = opts.dreamDays ?? 7;
    children.push(
      infoRow(workspaceDir, 'dreams-none', 'No candidates yet: run Dream', `Dream reads the daily logs of the last ${plural(days, 'day')} and stages what recurs (preferences, decisions, repeated facts) in ${dreams.rel} for you to accept or reject.`, {
        icon: 'sparkle',
        command: { command: DREAM_COMMAND, title: 'Dream' },
      }),
    );
  }
  return {
    id: `mem:${workspaceDir}|section|dreams`,
    kind: 'section',
    section: 'dreams',
    label: `${dreams.rel} candidates`,
    description,
    tooltip: md([
      `**${dreams.rel} candidates** · staged by Dream from the daily logs`,
      '',
      'Accept adds one pointer line to MEMORY.md (previewed, then confirmed); Reject marks the candidate so it is not proposed again. MEMORY.md is never changed without your confirmation.',
      '',
      codeSpan(dreams.path),
    ]),
    icon: 'sparkle',
    ...(pending ? { color: 'charts.yellow' } : dreams.error ? { color: ERROR } : {}),
    contextValue: dreams.exists && !dreams.error ? 'memoryFile.dreams' : 'memorySection.dreams',
    aria: `${dreams.rel} candidates, ${description}`,
    workspaceDir,
    path: dreams.path,
    rel: dreams.rel,
    exists: dreams.exists && !dreams.error,
    collapsible: 'expanded',
    children,
  };
}

// ============================================================================================== workspace, view

function infoRow(workspaceDir: string, key: string, label: string, tooltip: string, extra: Partial<MemoryRow> = {}): MemoryRow {
  return {
    id: `mem:${workspaceDir}|info|${key}`,
    kind: 'info',
    label,
    description: '',
    tooltip,
    icon: 'info',
    contextValue: 'memoryInfo',
    aria: label,
    workspaceDir,
    collapsible: 'none',
    children: [],
    ...extra,
  };
}

/** The sections of one workspace (what its root row holds). */
export function workspaceSections(input: MemoryWorkspaceInput, opts: MemoryViewOptions): MemoryRow[] {
  const scan = input.scan;
  if (!scan.exists) return [infoRow(scan.workspaceDir, 'unreadable', `Workspace cannot be read`, inline(scan.error ?? 'not a folder', 300), { icon: 'error', color: ERROR })];
  return [bootstrapSection(scan), memoriesSection(scan), dailyLogsSection(scan, opts), dreamsSection(input.dreams, scan.workspaceDir, opts)];
}

/** A note when the config names a workspace that does not exist here. */
export function fallbackNote(input: Pick<MemoryWorkspaceInput, 'configuredWorkspace'>): string | undefined {
  return input.configuredWorkspace ? `The config's workspace ${input.configuredWorkspace} is not on this machine: showing the state dir's own.` : undefined;
}

export function workspaceRow(input: MemoryWorkspaceInput, opts: MemoryViewOptions): MemoryRow {
  const scan = input.scan;
  const note = fallbackNote(input);
  const t = scan.totals;
  const pending = input.dreams.parsed?.candidates.filter((c) => c.status === 'pending').length ?? 0;
  const parts = [input.displayDir];
  if (scan.exists) parts.push(`${formatTok(t.injectedTokens)} bootstrap`);
  if (pending) parts.push(`${pending} pending`);
  return {
    id: `mem:${scan.workspaceDir}|workspace`,
    kind: 'workspace',
    label: input.agentId,
    description: parts.join(' · '),
    tooltip: md([`**Agent ${inline(input.agentId)}** · workspace`, '', codeSpan(scan.workspaceDir), '', `State dir ${codeSpan(input.stateDir)}`, ...(note ? ['', inline(note, 400)] : [])]),
    icon: 'root-folder',
    ...(scan.exists ? {} : { color: ERROR }),
    contextValue: 'memoryWorkspace',
    aria: `Agent ${input.agentId} workspace ${input.displayDir}`,
    workspaceDir: scan.workspaceDir,
    path: scan.workspaceDir,
    collapsible: 'expanded',
    children: workspaceSections(input, opts),
  };
}

/** The top level of the view: a root per workspace when there are several, else the sections themselves. */
export function memoryViewRows(inputs: readonly MemoryWorkspaceInput[], opts: MemoryViewOptions): MemoryRow[] {
  if (inputs.length === 1) return workspaceSections(inputs[0]!, opts);
  return inputs.map((i) => workspaceRow(i, opts));
}

/** Every row of a tree, depth first (for tests and look-ups). */
export function flattenRows(rows: readonly MemoryRow[]): MemoryRow[] {
  const out: MemoryRow[] = [];
  const walk = (rs: readonly MemoryRow[]) => {
    for (const r of rs) {
      out.push(r);
      walk(r.children);
    }
  };
  walk(rows);
  return out;
}

/** The view as indented text (`label — description`), for logs, reports and tests. */
export function rowsAsText(rows: readonly MemoryRow[], indent = ''): string {
  return rows.map((r) => `${indent}${r.label}${r.description ? ` — ${r.description}` : ''}\n${rowsAsText(r.children, `${indent}  `)}`).join('');
}

// ============================================================================================== prompts

export interface MemoryPrompt {
  message: string;
  detail: string;
  /** the confirming button */
  button: string;
}

export const NEVER_WITHOUT_CONFIRMATION = 'MEMORY.md is never changed without your confirmation.';

/** Dream: stage the new candidates in DREAMS.md? */
export function dreamPrompt(plan: DreamPlanOk): MemoryPrompt {
  const n = plan.added.length;
  const days = plan.daysRead.length ? `${plan.daysRead[0]}${plan.daysRead.length > 1 ? ` … ${plan.daysRead[plan.daysRead.length - 1]}` : ''}` : '';
  const skipped: string[] = [];
  if (plan.skipped.known) skipped.push(`${plan.skipped.known} already in memory`);
  if (plan.skipped.staged) skipped.push(`${plan.skipped.staged} already staged`);
  if (plan.skipped.overLimit) skipped.push(`${plan.skipped.overLimit} over the limit`);
  const list = plan.added.slice(0, 6).map((c) => `• ${c.category}: ${cutLabel(c.finding)}`);
  if (n > 6) list.push(`• … and ${n - 6} more (see the preview)`);
  return {
    message: `Stage ${plan.added.length === 1 ? '1 memory candidate' : `${n} memory candidates`} in ${plan.targetRel}?`,
    detail: [
      `From ${plural(plan.daysRead.length, 'daily log')} (${days})${skipped.length ? `; ${skipped.join(', ')}` : ''}.`,
      '',
      ...list,
      '',
      `Only ${plan.targetRel} changes (inside its marked block). Accept or Reject each candidate afterwards. ${NEVER_WITHOUT_CONFIRMATION}`,
    ].join('\n'),
    button: `Write ${plan.targetRel}`,
  };
}

/** Dream found nothing: the info message. */
export function nothingToDreamMessage(plan: NothingToDream): string {
  return `Nothing to dream: ${plan.message}`;
}

/** Accept: add the pointer line to MEMORY.md? */
export function acceptPrompt(plan: AcceptPlan): MemoryPrompt {
  const m = plan.memory!;
  const id = plan.candidate?.id ?? plan.candidateId;
  const dreamsRel = plan.dreams?.targetRel ?? 'DREAMS.md';
  if (m.alreadyPresent) {
    return {
      message: `${m.targetRel} already has this memory. Mark ${id} accepted in ${dreamsRel}?`,
      detail: [`${m.targetRel} is not changed.`, `${dreamsRel}: ${id} → Status: accepted.`, ...plan.warnings.map((w) => `⚠ ${w}`)].join('\n'),
      button: 'Mark Accepted',
    };
  }
  return {
    message: `Add this line to ${m.targetRel}?`,
    detail: [
      m.line,
      '',
      `${m.targetRel}: about ${m.tokensBefore} → ${m.tokensAfter} tokens (budget ${MEMORY_TOKEN_LIMIT}).`,
      `${dreamsRel}: ${id} → Status: accepted.`,
      ...plan.warnings.map((w) => `⚠ ${w}`),
      '',
      NEVER_WITHOUT_CONFIRMATION,
    ].join('\n'),
    button: `Accept and Write ${m.targetRel}`,
  };
}

/** Reject: mark the candidate rejected? */
export function rejectPrompt(plan: RejectPlan): MemoryPrompt {
  const id = plan.candidate?.id ?? plan.candidateId;
  const rel = plan.dreams?.targetRel ?? 'DREAMS.md';
  return {
    message: `Reject this memory candidate?`,
    detail: [cutLabel(plan.candidate?.finding ?? id), '', `${rel}: ${id} → Status: rejected; Dream will not propose it again. MEMORY.md is not changed.`, ...plan.warnings.map((w) => `⚠ ${w}`)].join('\n'),
    button: 'Reject',
  };
}

/** A refused accept / reject, in words, and how loud to say it. */
export function refusalMessage(plan: AcceptPlan | RejectPlan): { severity: 'info' | 'warn' | 'error'; message: string } {
  const id = plan.candidate?.id ?? plan.candidateId;
  switch (plan.reason) {
    case 'already-accepted':
      return { severity: 'info', message: `${id} is already accepted; nothing to do.` };
    case 'already-rejected':
      return { severity: 'info', message: `${id} is already rejected; nothing to do.` };
    case 'not-found':
      return { severity: 'warn', message: `${id} is no longer in DREAMS.md (the file changed). Nothing was written; the Memories view is refreshed.` };
    case 'memory-over-budget':
      return { severity: 'warn', message: `Not accepted: ${plan.message}` };
    case 'unreadable':
      return { severity: 'error', message: `Not accepted: ${plan.message}` };
    default:
      return { severity: 'warn', message: plan.message };
  }
}

/** What the user sees when the write is not made (untrusted or read-only workspace). */
export function previewOnlyMessage(reason: 'untrusted' | 'readonly', files: readonly string[], workspaceDir: string): string {
  const names = files.join(' and ') || 'the memory files';
  return reason === 'untrusted'
    ? `This VS Code workspace is not trusted: nothing was written to ${names}. The preview shows what would have been written.`
    : `${workspaceDir} is read-only here: nothing was written to ${names}. The preview shows what would have been written.`;
}
