/**
 * The artifact trail: every file a tool read, created or modified, with the tools that touched it, in the
 * order first touched. Created = written by a create/write tool (or a patch's `*** Add File:`) before any read
 * or edit of it in the range. Failed calls (`isError` result) touch nothing.
 */
import { toolFileAccess } from '../transcript/text';
import { type ArtifactAction, type ArtifactFact } from './types';

const RANK: Record<ArtifactAction, number> = { read: 0, modified: 1, created: 2 };

/** Shell commands' file reads and writes (`cat f`, `sed -n … f`, `> f`, `tee f`, `touch f`). */
function shellFileAccess(command: string): Array<{ path: string; action: ArtifactAction }> {
  const out: Array<{ path: string; action: ArtifactAction }> = [];
  const path = String.raw`((?:~|\.{1,2})?\/?[\w.@+-]+(?:\/[\w.@+-]+)*\.[A-Za-z0-9]{1,10}|(?:~|\.{1,2})?\/[\w.@+-]+(?:\/[\w.@+-]+)+)`;
  const read = new RegExp(String.raw`(?:^|[;&|]\s*|\s)(?:cat|head|tail|less|more|wc|nl|bat|jq\s+\S+|sed\s+-n\s+\S+|grep\s+(?:-\S+\s+)*(?:"[^"]*"|'[^']*'|\S+))\s+(?:-\S+\s+)*${path}`, 'g');
  const write = new RegExp(String.raw`(?:>>?\s*|\btee\s+(?:-a\s+)?|\btouch\s+|\bsed\s+-i(?:\s+\S+)?\s+(?:"[^"]*"|'[^']*'|\S+)\s+)${path}`, 'g');
  for (const m of command.matchAll(read)) out.push({ path: m[1]!, action: 'read' });
  for (const m of command.matchAll(write)) if (m[1] !== '/dev/null') out.push({ path: m[1]!, action: /\btouch\b|(?<!>)>(?!>)/.test(m[0]) ? 'created' : 'modified' });
  return out;
}

/** Files a tool call touches and how. */
export function callArtifacts(name: string, args: unknown): Array<{ path: string; action: ArtifactAction }> {
  const a = args && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
  const fa = toolFileAccess(name, args);
  const lower = name.toLowerCase();
  if (fa.access === 'read') return fa.paths.map((path) => ({ path, action: 'read' }));
  if (fa.access === 'modified') {
    const added = new Set<string>();
    for (const k of ['input', 'patch', 'diff'] as const) {
      const v = a[k];
      if (typeof v === 'string') for (const m of v.matchAll(/^\*\*\* Add File: (.+)$/gm)) added.add(m[1]!.trim());
    }
    const creates = /(?:^|[^a-z])(?:write|create)/.test(lower);
    return fa.paths.filter((p) => p !== '/dev/null').map((path) => ({ path, action: added.has(path) || creates ? 'created' : 'modified' }));
  }
  const command = typeof a.command === 'string' ? a.command : typeof a.cmd === 'string' ? a.cmd : undefined;
  if (command && /exec|bash|shell|run|terminal|command/.test(lower)) return shellFileAccess(command.slice(0, 4000));
  return [];
}

export class ArtifactTrail {
  private readonly byPath = new Map<string, ArtifactFact>();

  /** Record one successful call's touches. A write to a file already in the trail modifies it. */
  add(tool: string, touches: ReadonlyArray<{ path: string; action: ArtifactAction }>): void {
    for (const t of touches) {
      const cur = this.byPath.get(t.path);
      if (!cur) {
        this.byPath.set(t.path, { path: t.path, action: t.action, actions: [t.action], tools: [tool] });
        continue;
      }
      const action: ArtifactAction = t.action === 'created' ? 'modified' : t.action;
      if (!cur.actions.includes(action)) cur.actions.push(action);
      if (!cur.tools.includes(tool)) cur.tools.push(tool);
      if (RANK[action] > RANK[cur.action]) cur.action = action;
    }
  }

  list(): ArtifactFact[] {
    return [...this.byPath.values()];
  }
}
