/**
 * The "memories/" and "Daily logs" sections of the Memories view: the seed's memory files (present or not)
 * and the daily logs, newest first, with the ones OpenClaw preloads on /new.
 */
import { codeSpan, inline } from '../../checkpoint/viewModel';
import { formatAge } from '../../context/format';
import { dateStamp, shiftStamp } from '../workspace/dates';
import { type DailyLogInfo, type MemoriesFileInfo, type WorkspaceScan } from '../workspace/scan';
import { DEFAULT_MAX_DAILY_LOGS, ERROR, formatBytes, formatChars, formatTok, infoRow, joinPath, md, type MemoryRow, type MemoryViewOptions, MUTED, plural, WARN } from './rows';

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
  else lines.push('Not there yet (the recommended layout keeps project.md, decisions.md, errors.md and context.md under memories/).');
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
      '**memories/** · the detail MEMORY.md points to',
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
