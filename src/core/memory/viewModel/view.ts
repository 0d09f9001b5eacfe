/**
 * *
 * The Memories view as plain data: rows (label, description, markdown tooltip, codicon + theme colour
 * ids, context value, what a click opens) built from a `scanWorkspace` result and the parsed DREAMS.md,
 * plus the texts of the Dream / Accept / Reject prompts. No I/O and no vscode here: the tree in
 * src/vscode/memory/memoriesTree.ts only renders these rows and runs the commands.
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
import { codeSpan, inline } from '../../checkpoint/viewModel';
import { ERROR, formatTok, infoRow, md, type MemoryRow, type MemoryViewOptions, type MemoryWorkspaceInput } from './rows';
import { bootstrapSection } from './bootstrap';
import { dailyLogsSection, memoriesSection } from './files';
import { dreamsSection } from './dreams';

/** The sections of one workspace (what its root row holds). */
export function workspaceSections(input: MemoryWorkspaceInput, opts: MemoryViewOptions): MemoryRow[] {
  const scan = input.scan;
  if (!scan.exists) return [infoRow(scan.workspaceDir, 'unreadable', `Workspace cannot be read`, inline(scan.error ?? 'not a folder', 300), { icon: 'error', color: ERROR })];
  const ro = input.readOnly ? [infoRow(scan.workspaceDir, 'read-only', 'Read-only workspace', inline(input.readOnly, 300), { icon: 'lock' })] : [];
  return [...ro, bootstrapSection(scan), memoriesSection(scan), dailyLogsSection(scan, opts), dreamsSection(input.dreams, scan.workspaceDir, opts)];
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
  if (input.readOnly) parts.push('read-only');
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
