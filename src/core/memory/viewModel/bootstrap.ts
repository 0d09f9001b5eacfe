/**
 * The "Bootstrap files" section of the Memories view: each bootstrap file in OpenClaw's load order with its
 * size, what is injected and what the budget cuts (70 % head / 20 % tail).
 */
import { codeSpan, inline } from '../../checkpoint/viewModel';
import { formatTokens } from '../../context/format';
import { type BootstrapFileInfo, type WorkspaceScan } from '../workspace/scan';
import { ERROR, formatChars, formatTok, HEAD_PCT, md, type MemoryRow, MUTED, plural, table, TAIL_PCT, WARN } from './rows';

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
    lines.push(table(['| Copy | Chars | Tokens |', '|---|---:|---:|', `| on disk | ${formatChars(f.rawChars)} | ${f.approximate ? '\\~' : ''}${formatTokens(f.rawTokens)} |`, `| injected | ${formatChars(f.injectedChars)} | ${formatTokens(f.injectedTokens)} |`]));
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
      ...scan.bootstrap.map((f) => `| ${f.name} | ${f.exists && !f.missingMarker ? formatChars(f.rawChars) : '—'} | ${formatChars(f.injectedChars)}${f.missingMarker ? ' (marker)' : ''} | ${formatTokens(f.injectedTokens)} |`),
      `| **total** | ${formatChars(t.rawChars)} | ${formatChars(t.injectedChars)} | ${formatTokens(t.injectedTokens)} |`,
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
