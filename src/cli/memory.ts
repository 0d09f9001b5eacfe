/**
 * The CLI's memory side (seed 004: memory operations as a CLI friendly to people and agents):
 * `memory lint|search|remember|dream`, `flush <key>`, `tools`. The engine is src/core/memory; this file
 * only finds the workspace and the transcripts, and prints.
 *
 * `memory lint` checks every agent's workspace (agentWorkspaceTargets); the others work on one.
 * Which workspace: `--workspace <dir>`, else the workspace the state dir's own config gives the agent
 * (`--agent`, else the default agent) of the first state dir that has one, or that state dir's own
 * `workspace` folder — never the home state dir's (a `--state-dir S` run writes in S's workspace). The
 * writers (remember, dream, flush) refuse a configured workspace missing here instead of using another
 * folder, and a workspace that is a link leading out of its state dir (core/memory/fsSafe writableWorkspace).
 */
import * as fs from 'node:fs';
import { bootstrapTokens } from '../core/memory/workspace/scan';
import * as path from 'node:path';
import type { SessionState } from '../core/context/model';
import { type MemorySearchKind } from '../core/memory/search/corpus';
import { buildMemoryIndex } from '../core/memory/search/memoryIndex';
import { searchMemory } from '../core/memory/search/query';
import { toolStats, toolStatsMarkdown, formatDuration, formatRate } from '../core/memory/toolStats';
import { UsageError, StoreError, type OptionSpec, type Parsed } from './args';
import { ErrorsBaselineStore } from '../core/memory/lint/errorsBaseline';
import { lintWorkspace } from '../core/memory/lint/lintWorkspace';
import { MemoryWriteError, writableWorkspace } from '../core/memory/fsSafe';
import { REMEMBER_TYPES, type RememberPlan } from '../core/memory/remember';
import { checkWriteFlags, cliConfirm, confirmWrite, WRITE_OPTIONS } from './write';
import { flushSession, rememberFact, type ActionContext, type RememberOutcome } from '../core/actions';
import { planDream, type DreamPlan } from '../core/memory/dream/plan';
import { planAccept, planReject, type AcceptPlan, type RejectPlan, type FileChange } from '../core/memory/dream/decide';
import { applyDreamPlan } from '../core/memory/dream/apply';
import type { FlushPlan, FlushPlanOk } from '../core/memory/flush';
import { userTimeZone } from '../core/memory/workspace/dates';
import { sessionRef, type CommandResult } from './common';
import { CLI_NAME, JSON_VERSION, type Command } from './common';
import { clean, table, type CliIo } from './io';
import { cliEnv, findSession, openModel, stateDirCandidates, type GlobalOptions, type OpenModel } from './session';
import { ContextModel } from '../core/context/model';
import { agentsLabel, agentWorkspaceTargets, workspaceNote, type WorkspaceTarget } from '../core/memory/workspace/agents';

export const WORKSPACE_OPTION: OptionSpec = { name: 'workspace', type: 'string', arg: '<dir>', help: "the agent workspace (default: the one OpenClaw's config gives the agent)" };

export interface WorkspaceRef {
  dir: string;
  agentId: string | null;
  stateDir: string | null;
  /** OpenClaw's parsed config (for caps and the user's time zone) */
  config: unknown;
  /** the other agents of the state dirs, when the agent was chosen by default (no --agent, no --workspace) */
  otherAgents: string[];
}

/** The workspace a memory command works on (exit 3 when there is none); `forWrite`: see the module comment. */
export function resolveWorkspace(explicit: string | undefined, g: GlobalOptions, io: CliIo, forWrite = false): WorkspaceRef {
  if (explicit !== undefined) {
    const dir = path.resolve(io.cwd ?? process.cwd(), explicit);
    if (!isDir(dir)) throw new StoreError(`workspace not found: ${dir}`);
    return { dir, agentId: null, stateDir: null, config: undefined, otherAgents: [] };
  }
  const model = new ContextModel({ stateDirs: stateDirCandidates(g, io), env: cliEnv(io), diag: () => undefined, bootstrapTokens });
  try {
    try {
      model.refresh();
    } catch {
      /* a state dir without a readable store still has a config and a workspace */
    }
    const tried: string[] = [];
    const others = (chosen: string) => (g.agent ? [] : [...new Set(model.stateDirs().flatMap((d) => d.agents.map((a) => a.agent.id)))].filter((id) => id !== chosen));
    for (const d of model.stateDirs()) {
      if (!d.exists) continue;
      const agents = g.agent ? d.agents.filter((a) => a.agent.id === g.agent) : [...d.agents.filter((a) => a.agent.isDefault), ...d.agents.filter((a) => !a.agent.isDefault)];
      for (const a of agents) {
        if (forWrite && (a.agent.configuredWorkspace !== undefined || isDir(a.agent.workspace))) return { dir: writableDir(d.candidate.dir, a.agent), agentId: a.agent.id, stateDir: d.candidate.dir, config: d.config.value, otherAgents: others(a.agent.id) };
        if (isDir(a.agent.workspace)) return { dir: a.agent.workspace, agentId: a.agent.id, stateDir: d.candidate.dir, config: d.config.value, otherAgents: others(a.agent.id) };
        tried.push(`${a.agent.id}: ${a.agent.workspace}`);
      }
    }
    throw new StoreError(`no agent workspace found${tried.length ? ` (tried ${tried.join(', ')})` : ''}. Pass --workspace <dir>, or --state-dir / --agent.`);
  } finally {
    model.dispose();
  }
}

/** writableWorkspace, its refusal as a StoreError (exit 3) with the way out. */
function writableDir(stateDir: string, agent: Parameters<typeof writableWorkspace>[1]): string {
  try {
    return writableWorkspace(stateDir, agent);
  } catch (err) {
    if (err instanceof MemoryWriteError) throw new StoreError(`${err.message}. Pass --workspace <dir> to write elsewhere.`);
    throw err;
  }
}

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Every transcript entry (full JSON, oldest first) of the given sessions. */
export function sessionEntries(m: OpenModel, sessions: readonly SessionState[], io: CliIo): Array<{ key: string; sessionId: string; entries: unknown[] }> {
  const out: Array<{ key: string; sessionId: string; entries: unknown[] }> = [];
  for (const s0 of sessions) {
    io.progress?.(`reading ${s0.row.key}…`);
    const s = m.model.ensureTranscript(s0.uid) ?? s0;
    const metas = s.index?.entries ?? [];
    const entries = m.model.loadEntries(s.uid, metas).filter((e): e is Record<string, unknown> => !!e);
    out.push({ key: s.row.key, sessionId: s.row.sessionId, entries });
  }
  return out;
}

// --------------------------------------------------------------------------------------------- tools

export const tools: Command = {
  name: 'tools',
  usage: 'tools [key] [--markdown]',
  purpose: "Tool and skill usage from the transcripts: per tool calls, success rate, mean and p95 duration, most common errors; per skill (skills/*/SKILL.md reads) reads and the outcome of the turn.",
  options: [{ name: 'markdown', type: 'boolean', help: "print seed 004's markdown block (to paste into TOOLS.md or memories/)" }],
  example: `${CLI_NAME} tools --json`,
  jsonShape: '{"command":"tools","version":1,"sessions":n,"totalCalls":n,"tools":[{"name","calls","ok","errors","unfinished","successRate","timed","meanMs","p95Ms","commonErrors":[{"message","count"}]}],"skills":[{"name","reads","sessions","sessionKeys","outcomes":{"ok","error","unknown"},"successRate","paths","lastReadAt"}],"markdown"}',
  async run(p, g, io) {
    if (p.positionals.length > 1) throw new UsageError('tools takes at most one session key');
    const m = openModel(g, io);
    try {
      const list = p.positionals[0] !== undefined ? [findSession(m.sessions, p.positionals[0], m.unavailable)] : m.sessions;
      const stats = toolStats(sessionEntries(m, list, io));
      const md = toolStatsMarkdown(stats);
      let text: string;
      if (p.options.markdown) text = md.endsWith('\n') ? md : `${md}\n`;
      else if (!stats.tools.length && !stats.skills.length) text = `no tool calls in ${stats.sessions} session${stats.sessions === 1 ? '' : 's'}\n`;
      else {
        const rows = stats.tools.map((t) => [
          { raw: clean(t.name) },
          { raw: String(t.calls) },
          { raw: t.successRate === null ? '-' : formatRate(t.successRate) },
          { raw: t.meanMs === null ? '-' : formatDuration(t.meanMs) },
          { raw: t.p95Ms === null ? '-' : formatDuration(t.p95Ms) },
          { raw: t.unfinished ? String(t.unfinished) : '' },
          { raw: clean(t.commonErrors[0] ? `${t.commonErrors[0].message} (×${t.commonErrors[0].count})` : '').slice(0, 80) },
        ]);
        text = table(['TOOL', 'CALLS', 'SUCCESS', 'MEAN', 'P95', 'UNFINISHED', 'MOST COMMON ERROR'], rows);
        if (stats.skills.length) {
          text += '\n' + table(['SKILL', 'READS', 'SESSIONS', 'TURN OK', 'TURN ERROR'], stats.skills.map((s) => [{ raw: clean(s.name) }, { raw: String(s.reads) }, { raw: String(s.sessions) }, { raw: String(s.outcomes.ok) }, { raw: String(s.outcomes.error) }]));
        }
      }
      return { exitCode: 0, json: { command: 'tools', version: JSON_VERSION, sessions: stats.sessions, totalCalls: stats.totalCalls, tools: stats.tools, skills: stats.skills, markdown: md }, text };
    } finally {
      m.dispose();
    }
  },
};

// --------------------------------------------------------------------------------------------- memory search

const KINDS: MemorySearchKind[] = ['memory', 'transcript'];

export async function memorySearch(query: string, p: { options: Record<string, unknown> }, g: GlobalOptions, io: CliIo) {
  const limit = (p.options.limit as number | undefined) ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new UsageError('--limit must be an integer from 1 to 200');
  const only = p.options.only as string | undefined;
  if (only !== undefined && !KINDS.includes(only as MemorySearchKind)) throw new UsageError(`--only must be memory or transcript, got ${JSON.stringify(only)}`);
  if (!query.trim()) throw new UsageError('memory search needs a query');
  const ws = resolveWorkspace(p.options.workspace as string | undefined, g, io);
  let sessions: Array<{ key: string; sessionId: string; entries: unknown[] }> = [];
  if (only !== 'memory' && ws.stateDir) {
    const m = openModel({ ...g, stateDirs: [ws.stateDir], agent: ws.agentId ?? g.agent }, io);
    try {
      sessions = sessionEntries(m, m.sessions, io);
    } finally {
      m.dispose();
    }
  }
  io.progress?.('indexing…');
  const index = buildMemoryIndex({ workspaceDir: ws.dir, sessions });
  const results = searchMemory(index, query, { limit, kinds: only ? [only as MemorySearchKind] : undefined });
  const lines = results.map((r, i) => {
    const where = r.kind === 'memory' ? `${r.file}:${r.line}` : `${r.sessionKey} ${r.role}${r.toolName ? ` [${r.toolName}]` : ''} ${r.entryId}`;
    return `${String(i + 1).padStart(3)}. ${clean(where)}  (${r.score.toFixed(2)})\n     ${clean(r.snippet)}`;
  });
  // one agent's memory is searched (its workspace and its sessions): say so when others were left out
  const others = ws.otherAgents.length ? `searched agent ${clean(ws.agentId ?? '?')} only (its workspace and sessions); other agent${ws.otherAgents.length === 1 ? '' : 's'} here: ${ws.otherAgents.map(clean).join(', ')} (pass --agent <id>)\n` : '';
  return {
    exitCode: results.length ? 0 : 1,
    json: {
      command: 'memory search',
      version: JSON_VERSION,
      query,
      workspace: ws.dir,
      agent: ws.agentId,
      otherAgents: ws.otherAgents,
      indexed: { files: index.files.length, passages: index.passages, transcriptEntries: index.transcriptEntries, skipped: index.skipped.map((s) => ({ file: s.file, reason: s.reason })) },
      results: results.map((r) =>
        r.kind === 'memory'
          ? { kind: r.kind, score: r.score, title: r.title, snippet: r.snippet, file: r.file, path: path.join(ws.dir, r.file), line: r.line, sessionKey: null, entryId: null, role: null, timestamp: null }
          : { kind: r.kind, score: r.score, title: r.title, snippet: r.snippet, file: null, path: null, line: null, sessionKey: r.sessionKey, entryId: r.entryId, role: r.role, timestamp: r.timestamp ?? null },
      ),
    },
    text: (lines.length ? lines.join('\n') : `no matches for ${JSON.stringify(query.slice(0, 80))}`) + '\n' + others,
  };
}

// --------------------------------------------------------------------------------------------- memory lint

/**
 * What `memory lint` checks: `--workspace`, else every agent's workspace of every state dir (`--agent`: that
 * agent's), each once and named by its agents; a missing one is reported, never replaced by another agent's.
 */
function lintTargets(explicit: string | undefined, g: GlobalOptions, io: CliIo): Array<WorkspaceTarget & { stateDir: string | null; config: unknown }> {
  if (explicit !== undefined) {
    const ws = resolveWorkspace(explicit, g, io);
    return [{ dir: ws.dir, agentIds: [], stateDir: null, config: undefined }];
  }
  const model = new ContextModel({ stateDirs: stateDirCandidates(g, io), env: cliEnv(io), diag: () => undefined, bootstrapTokens });
  try {
    try {
      model.refresh();
    } catch {
      /* a state dir without a readable store still has a config and a workspace */
    }
    const out: Array<WorkspaceTarget & { stateDir: string | null; config: unknown }> = [];
    for (const d of model.stateDirs()) {
      if (!d.exists) continue;
      const agents = d.agents.map((a) => a.agent).filter((a) => !g.agent || a.id === g.agent);
      const sorted = [...agents.filter((a) => a.isDefault), ...agents.filter((a) => !a.isDefault)];
      for (const t of agentWorkspaceTargets(sorted)) out.push({ ...t, stateDir: d.candidate.dir, config: d.config.value });
    }
    if (!out.length) throw new StoreError(`no agent workspace found${g.agent ? ` for agent ${g.agent}` : ''}. Pass --workspace <dir>, or --state-dir / --agent.`);
    return out;
  } finally {
    model.dispose();
  }
}

export function memoryLint(p: { options: Record<string, unknown> }, g: GlobalOptions, io: CliIo) {
  const targets = lintTargets(p.options.workspace as string | undefined, g, io);
  const lines: string[] = [];
  const problemsJson: Record<string, unknown>[] = [];
  const workspaces: Record<string, unknown>[] = [];
  let failing = 0;
  let baselines = true;
  for (const t of targets) {
    const note = workspaceNote(t);
    const name = t.agentIds.length ? `${t.dir} (${agentsLabel(t)})` : t.dir;
    workspaces.push({ workspace: t.dir, agents: t.agentIds, found: !t.missing, configuredWorkspace: t.configuredMissing ?? null, note: note ?? null });
    if (note) lines.push(`${t.missing ? 'warning' : 'note'}: ${clean(note)}`);
    if (t.missing) {
      failing++;
      continue;
    }
    const store = t.stateDir ? ErrorsBaselineStore.forStateDir(t.stateDir) : undefined;
    if (!store) baselines = false;
    const problems = lintWorkspace(t.dir, { config: t.config, agentId: t.agentIds[0], baselineStore: store, updateBaseline: !!store });
    const bad = problems.filter((x) => x.severity !== 'info').length;
    failing += bad;
    for (const x of problems) {
      lines.push(`${x.file}:${x.line + 1}:${x.column + 1}: ${x.severity} ${x.code}: ${clean(x.message)}${x.fix ? `  (quick fix: ${clean(x.fix.title)})` : ''}`);
      problemsJson.push({
        workspace: t.dir,
        agents: t.agentIds,
        file: x.file,
        path: path.join(t.dir, x.file),
        line: x.line + 1,
        column: x.column + 1,
        endLine: x.endLine + 1,
        endColumn: x.endColumn + 1,
        severity: x.severity,
        code: x.code,
        message: x.message,
        fix: x.fix ? { title: x.fix.title, edits: x.fix.edits.map((e) => ({ line: e.range.line + 1, column: e.range.column + 1, endLine: e.range.endLine + 1, endColumn: e.range.endColumn + 1, newText: e.newText })) } : null,
      });
    }
    lines.push(problems.length ? `${bad} problem${bad === 1 ? '' : 's'}${problems.length > bad ? ` (+${problems.length - bad} info)` : ''} in ${clean(name)}` : `no problems in ${clean(name)}`);
  }
  if (!baselines) lines.push('(no state dir: the errors.md append-only rule needs a baseline kept under <stateDir>/context/memory and is off)');
  const first = targets.find((t) => !t.missing) ?? targets[0]!;
  return {
    exitCode: failing ? 1 : 0,
    json: { command: 'memory lint', version: JSON_VERSION, workspace: first.dir, workspaces, errorsBaseline: baselines, problems: problemsJson },
    text: lines.join('\n') + '\n',
  };
}

// --------------------------------------------------------------------------------------------- memory remember

export async function memoryRemember(p: Parsed, content: string, g: GlobalOptions, io: CliIo) {
  checkWriteFlags(p);
  const ws = resolveWorkspace(p.options.workspace as string | undefined, g, io, true);
  const previewOf = (plan: RememberPlan): string =>
    [
      `append to ${plan.targetRel}${plan.created ? ' (new file)' : ''}:`,
      ...plan.addition.trimEnd().split('\n').map((l) => `  + ${clean(l)}`),
      ...(plan.index ? [`and a pointer to ${plan.index.targetRel}:`, ...plan.index.addition.trimEnd().split('\n').map((l) => `  + ${clean(l)}`)] : []),
      ...plan.warnings.map((w) => `warning: ${clean(w)}`),
    ].join('\n');
  const ctx = { confirm: cliConfirm<RememberPlan>(p, g, io, (pv) => ({ question: `Write this to ${pv.plan.targetRel}?`, preview: previewOf(pv.plan) })), dryRun: p.options['dry-run'] === true };
  let o: RememberOutcome;
  try {
    o = await rememberFact(ctx, { content, type: p.options.type as string | undefined, priority: p.options.priority as string | number | undefined, category: p.options.category as string | undefined }, { workspaceDir: ws.dir, config: ws.config, readOnly: p.options['read-only'] === true });
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new StoreError(`memory remember: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (o.status === 'invalid') throw o.code !== 'unreadable' ? new UsageError(`memory remember: ${o.message}`) : new StoreError(`memory remember: ${o.message}`);
  if (o.status === 'nothing') throw new StoreError(`memory remember: ${o.reason}`);
  const plan = o.plan!;
  const preview = previewOf(plan);
  const base = { command: 'memory remember', version: JSON_VERSION, dryRun: p.options['dry-run'] === true, workspace: ws.dir, type: plan.input.type, priority: plan.input.priority, category: plan.input.category ?? null, target: plan.targetRel, addition: plan.addition, index: plan.index ? { target: plan.index.targetRel, addition: plan.index.addition } : null, warnings: plan.warnings };
  switch (o.status) {
    case 'planned':
      return { exitCode: 0, json: { ...base, status: 'planned', written: [] }, text: preview + '\n' };
    case 'cancelled':
      return { exitCode: 0, json: { ...base, status: 'cancelled', written: [] }, text: 'cancelled: nothing written\n' };
    case 'written': {
      const r = o.result;
      return { exitCode: 0, json: { ...base, status: 'written', written: [r.file, ...(r.index ? [r.index.file] : [])] }, text: `remembered in ${plan.targetRel}${r.index ? ` (pointer added to ${plan.index!.targetRel})` : ''}\n`, warnings: r.indexError ? [`the pointer was not added: ${r.indexError}`] : undefined };
    }
    default: {
      const ro = o.code === 'readonly';
      return { exitCode: ro ? 0 : o.code === 'changed' ? 1 : 3, json: { ...base, status: ro ? 'read-only' : 'refused', written: [] }, text: ro ? `${preview}\n(read-only: nothing written; the text above is what would have been written)\n` : '', warnings: ro ? undefined : [o.message] };
    }
  }
}

// --------------------------------------------------------------------------------------------- `memory`

export const memory: Command = {
  name: 'memory',
  usage: 'memory lint | search <query> | remember <text> --type <t> | dream [accept|reject <id>]',
  purpose: "The agent's workspace memory: lint MEMORY.md and the bootstrap files (seed 000's rules), ranked search over memory files and transcripts, remember one fact in the right file (seed 004's commit_memory), dream: consolidate the daily logs into DREAMS.md candidates.",
  options: [
    WORKSPACE_OPTION,
    ...WRITE_OPTIONS,
    { name: 'read-only', type: 'boolean', help: 'remember/dream: show what would be written and write nothing (a read-only workspace)' },
    { name: 'type', type: 'string', arg: '<type>', help: `remember: ${REMEMBER_TYPES.join(', ')} (chooses the file; default note → today's daily log)` },
    { name: 'priority', type: 'string', arg: '<p>', help: 'remember: low, normal (default) or high (or 1–5)' },
    { name: 'category', type: 'string', arg: '<c>', help: 'remember: a short label kept with the entry' },
    { name: 'limit', type: 'number', arg: '<n>', help: 'search: at most this many results (default 10)' },
    { name: 'only', type: 'string', arg: 'memory|transcript', help: 'search: only memory files, or only transcripts' },
    { name: 'days', type: 'number', arg: '<n>', help: 'dream: how many days of daily logs to consolidate (default 7)' },
  ],
  example: `${CLI_NAME} memory search "TICKET-981" --json`,
  jsonShape:
    'lint: {"command":"memory lint","version":1,"workspace","workspaces":[{"workspace","agents":[id],"found":bool,"configuredWorkspace":string|null,"note":string|null}],"errorsBaseline":bool,"problems":[{"workspace","agents","file","path","line","column","endLine","endColumn","severity","code","message","fix":{"title","edits":[…]}|null}]}  (1-based)\n' +
    '  search: {"command":"memory search","version":1,"query","workspace","agent":string|null,"otherAgents":[id],"indexed":{"files","passages","transcriptEntries","skipped"},"results":[{"kind":"memory"|"transcript","score","title","snippet","file","path","line","sessionKey","entryId","role","timestamp"}]}\n' +
    '  remember: {"command":"memory remember","version":1,"dryRun","workspace","type","priority","category","target","addition","index":{"target","addition"}|null,"warnings","status":"planned"|"written"|"cancelled"|"read-only"|"refused","written":[path]}\n' +
    '  dream: {"command":"memory dream","version":1,"dryRun","workspace","action":"dream"|"accept"|"reject","status","candidates":[…],"changes":[{"file","before","after"}],"written":[path],"reason"}',
  exitCodes: '0 ok · 1 lint found problems, search found nothing, or a file changed under the write · 2 usage error (a write without --yes off a terminal) · 3 no workspace',
  async run(p, g, io) {
    const [sub, ...rest] = p.positionals;
    const only = (names: string[]) => {
      const extra = ['type', 'priority', 'category', 'limit', 'only', 'days', 'dry-run', 'yes', 'read-only'].filter((o) => p.options[o] !== undefined && !names.includes(o));
      if (extra.length) throw new UsageError(`--${extra[0]} is not an option of memory ${sub}`);
    };
    switch (sub) {
      case 'lint':
        only([]);
        if (rest.length) throw new UsageError('memory lint takes no arguments');
        return memoryLint(p, g, io);
      case 'search':
        only(['limit', 'only']);
        if (!rest.length) throw new UsageError('memory search needs a query');
        return memorySearch(rest.join(' '), p, g, io);
      case 'remember':
        only(['type', 'priority', 'category', 'dry-run', 'yes', 'read-only']);
        if (!rest.length) throw new UsageError('memory remember needs the text to remember');
        return memoryRemember(p, rest.join(' '), g, io);
      case 'dream':
        only(['days', 'dry-run', 'yes', 'read-only']);
        return memoryDream(p, rest, g, io);
      default:
        throw new UsageError(`memory needs a subcommand: lint, search, remember or dream${sub !== undefined ? ` (got ${JSON.stringify(sub.slice(0, 40))})` : ''}`);
    }
  },
};

// --------------------------------------------------------------------------------------------- memory dream

/** A unified-diff-like preview of what a change appends or edits (the lines that differ). */
export function changePreview(rel: string, before: string, after: string): string {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const out = [`--- ${rel}`, `+++ ${rel}`, `@@ line ${start + 1} @@`];
  for (const l of a.slice(start, endA)) out.push(`- ${clean(l)}`);
  for (const l of b.slice(start, endB)) out.push(`+ ${clean(l)}`);
  return out.join('\n');
}

export async function memoryDream(p: Parsed, rest: string[], g: GlobalOptions, io: CliIo): Promise<CommandResult> {
  checkWriteFlags(p);
  const [action = 'dream', id, ...more] = rest;
  if (action !== 'dream' && action !== 'accept' && action !== 'reject') throw new UsageError(`memory dream takes no argument, or accept <id> / reject <id> (got ${JSON.stringify(action.slice(0, 40))})`);
  if (action === 'dream' && rest.length) throw new UsageError('memory dream takes no argument, or accept <id> / reject <id>');
  if (action !== 'dream' && (id === undefined || more.length)) throw new UsageError(`memory dream ${action} needs exactly one candidate id (dream-…; \`memory dream --dry-run\` lists them)`);
  if (action !== 'dream' && p.options.days !== undefined) throw new UsageError(`--days is for memory dream, not ${action}`);
  const days = (p.options.days as number | undefined) ?? 7;
  if (!Number.isInteger(days) || days < 1 || days > 366) throw new UsageError('--days must be an integer from 1 to 366');
  const ws = resolveWorkspace(p.options.workspace as string | undefined, g, io, true);
  const now = new Date(io.now?.() ?? Date.now());
  const timeZone = userTimeZone(ws.config);
  const base = { command: 'memory dream', version: JSON_VERSION, dryRun: p.options['dry-run'] === true, workspace: ws.dir, action };
  let changes: FileChange[];
  let candidates: unknown[];
  let summary: string;
  let plan: DreamPlan | AcceptPlan | RejectPlan;
  if (action === 'dream') {
    const d = planDream({ workspaceDir: ws.dir, now, timeZone, days });
    plan = d;
    if (d.status !== 'ok') return { exitCode: 0, json: { ...base, status: 'nothing', candidates: [], changes: [], written: [], reason: d.message }, text: `${d.message}\n`, warnings: d.warnings.length ? d.warnings : undefined };
    changes = [{ targetRel: d.targetRel, before: d.before, after: d.after }];
    candidates = d.added;
    summary = `${d.added.length} new candidate${d.added.length === 1 ? '' : 's'} from ${d.daysRead.length} day${d.daysRead.length === 1 ? '' : 's'} of logs (${d.skipped.known} already in memory):\n${d.added.map((c) => `  ${c.id}  [${c.category}] ${clean(c.finding)}`).join('\n')}`;
  } else {
    const d = action === 'accept' ? planAccept(id!, ws.dir, { now, timeZone }) : planReject(id!, ws.dir, { now, timeZone });
    plan = d;
    if (d.status !== 'ok') return { exitCode: 1, json: { ...base, status: 'refused', candidates: [], changes: [], written: [], reason: d.message }, text: '', warnings: [d.message] };
    changes = [...(d.kind === 'accept' && d.memory && d.memory.after !== d.memory.before ? [d.memory] : []), ...(d.dreams ? [d.dreams] : [])];
    candidates = d.candidate ? [d.candidate] : [];
    summary = d.message;
  }
  const preview = [summary, ...changes.map((c) => changePreview(c.targetRel, c.before, c.after)), ...plan.warnings.map((w) => `warning: ${clean(w)}`)].join('\n');
  const json = (status: string, written: string[]) => ({ ...base, status, candidates, changes: changes.map((c) => ({ file: c.targetRel, before: c.before, after: c.after })), written, reason: null });
  const c = await confirmWrite(p, g, io, action === 'accept' ? 'Add this pointer to MEMORY.md and mark the candidate accepted?' : action === 'reject' ? 'Mark this candidate rejected?' : `Write these candidates to ${changes[0]!.targetRel}?`, preview);
  if (c === 'dry-run') return { exitCode: 0, json: json('planned', []), text: preview + '\n' };
  if (c === 'declined') return { exitCode: 0, json: json('cancelled', []), text: 'cancelled: nothing written\n' };
  const r = applyDreamPlan(plan, ws.dir, { readOnly: p.options['read-only'] === true });
  if (r.status === 'written') return { exitCode: 0, json: json('written', r.files), text: `${action === 'dream' ? 'staged the candidates in' : action === 'accept' ? 'accepted; wrote' : 'rejected; wrote'} ${r.files.map((f) => path.relative(ws.dir, f) || f).join(', ')}\n` };
  if (r.code === 'readonly') return { exitCode: 0, json: json('read-only', []), text: `${preview}\n(read-only: nothing written; the text above is what would have been written)\n` };
  return { exitCode: r.code === 'changed' ? 1 : 3, json: { ...json('refused', []), reason: r.message }, text: '', warnings: [r.message] };
}

// --------------------------------------------------------------------------------------------- flush

export const flush: Command = {
  name: 'flush',
  usage: 'flush <key> [--dry-run | --yes] [--force]',
  purpose: "Seed 003's pre-compaction memory flush without an LLM: from the session since its last flush, extract preferences, decisions with reasons, facts (paths, ids, commands), progress and open items, and append a dated section to memory/YYYY-MM-DD.md — at most once per compaction epoch, never a fact twice a day.",
  options: [WORKSPACE_OPTION, ...WRITE_OPTIONS, { name: 'force', type: 'boolean', help: 'flush even when this compaction epoch was already flushed (still only new entries, still de-duplicated)' }, { name: 'read-only', type: 'boolean', help: 'show what would be written and write nothing' }],
  example: `${CLI_NAME} flush agent:main:work --dry-run --json`,
  jsonShape: '{"command":"flush","version":1,"dryRun":bool,"session":{"key","agentId","stateDir","sessionId","era"},"workspace","status":"NOTHING_TO_FLUSH"|"planned"|"written"|"recorded"|"cancelled"|"read-only"|"refused","reason":string|null,"target":string|null,"compactionCount":n,"facts":[{"category","text"}],"addition":string|null,"written":[path]}',
  exitCodes: '0 ok (also NOTHING_TO_FLUSH) · 1 the day log changed under the write · 2 usage error (a write without --yes off a terminal) · 3 store or workspace unavailable',
  async run(p, g, io) {
    if (p.positionals.length !== 1) throw new UsageError('flush needs exactly one session key');
    checkWriteFlags(p);
    const m = openModel(g, io);
    try {
      const s0 = findSession(m.sessions, p.positionals[0]!, m.unavailable);
      const s = m.model.ensureTranscript(s0.uid) ?? s0;
      const agent = m.model.agentOf(s);
      const wsDir = p.options.workspace !== undefined ? resolveWorkspace(p.options.workspace as string, g, io).dir : agent && writableDir(s.stateDir, agent.agent);
      if (!wsDir || !fs.existsSync(wsDir)) throw new StoreError(`the workspace of agent ${s.agentId} was not found${wsDir ? ` (${wsDir})` : ''}; pass --workspace <dir>`);
      if (!s.context) throw new StoreError(`the transcript of ${s.row.key} could not be read`);
      const compactionCount = s.row.compactionCount ?? s.figures.compactions;
      const base = { command: 'flush', version: JSON_VERSION, dryRun: p.options['dry-run'] === true, session: sessionRef(s), workspace: wsDir, compactionCount };
      const previewOf = (plan: FlushPlanOk): string => [`append to ${plan.targetRel} (${plan.timeZone}):`, ...plan.addition.trimEnd().split('\n').map((l) => `  + ${clean(l)}`), ...(plan.skippedDuplicates ? [`(${plan.skippedDuplicates} already in that day's log, left out)`] : [])].join('\n');
      const ctx: ActionContext<FlushPlan | { turn: string }> = {
        model: m.model,
        confirm: cliConfirm(p, g, io, (pv) => ({ question: `Append this to ${(pv.plan as FlushPlanOk).targetRel}?`, preview: previewOf(pv.plan as FlushPlanOk) })),
        dryRun: p.options['dry-run'] === true,
        ...(io.now ? { now: io.now } : {}),
      };
      // nothing to write: recording the epoch is our own state (like OpenClaw's NO_REPLY flush turn), only with --yes
      const o = await flushSession(ctx, s, { workspaceDir: wsDir, force: p.options.force === true, recordEpoch: p.options.yes === true, readOnly: p.options['read-only'] === true });
      if (o.status === 'nothing' && 'plan' in o) return { exitCode: 0, json: { ...base, status: 'NOTHING_TO_FLUSH', reason: o.reason, target: o.plan.targetRel ?? null, facts: [], addition: null, written: [] }, text: `NOTHING_TO_FLUSH: ${o.reason}\n`, ...(o.recordError ? { warnings: [`the flush epoch was not recorded: ${o.recordError}`] } : {}) };
      const plan = 'plan' in o ? (o.plan as FlushPlanOk | undefined) : undefined;
      if (!plan || o.status === 'nothing') throw new StoreError(`the transcript of ${s.row.key} could not be read`);
      const facts = plan.facts.map((f) => ({ category: f.category, text: f.text }));
      const preview = previewOf(plan);
      const out = (status: string, exitCode: number, written: string[], text: string, warnings?: string[]): CommandResult => ({ exitCode, json: { ...base, status, reason: null, target: plan.targetRel, facts, addition: plan.addition, written }, text, warnings: o.note ? [o.note, ...(warnings ?? [])] : warnings });
      switch (o.status) {
        case 'planned':
          return out('planned', 0, [], preview + '\n');
        case 'cancelled':
          return out('cancelled', 0, [], 'cancelled: nothing written\n');
        case 'written':
          return out('written', 0, o.via === 'local' ? [o.result.file] : [], `flushed ${facts.length} item${facts.length === 1 ? '' : 's'} from ${s.row.key} to ${plan.targetRel}\n`);
        default:
          if (o.code === 'readonly') return out('read-only', 0, [], `${preview}\n(read-only: nothing written; the text above is what would have been written)\n`);
          return out('refused', o.code === 'changed' ? 1 : 3, [], '', [o.message]);
      }
    } finally {
      m.dispose();
    }
  },
};
