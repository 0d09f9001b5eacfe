/**
 * The memory commands: Flush Session to Memory…, Search Memory and Transcripts…, Remember…, and the
 * automatic flush offer. They do what the CLI's `flush`, `memory search` and `memory remember` do
 * (src/cli/memory.ts), with the engine of src/core/memory; this file only finds sessions and workspaces,
 * previews, asks and opens editors.
 *
 * Writes: every write is previewed first (a before ↔ after diff of the file), then confirmed in a modal
 * dialog, then made by the engine's append-only writers, which refuse when the file changed since the
 * preview. In an untrusted workspace (`writesAllowed()` false) the preview is shown and nothing is
 * written. Prompts go through `deps.ui()` so the in-host tests can answer them.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { contextUri } from '../sessions/contextDocument';
import { agentWorkspaces, showChangePreview, workspaceOfSession, writableDirOf, writesAllowed, type AgentWorkspace, type MemoryDeps } from './memoryShared';
import type { Ui } from '../shared/ui';
import { CONNECT_BUTTON, remoteUnavailable, reportGatewayFailure, runGatewayButton } from '../gateway/liveActions';
import { sessionFromArg } from '../sessions/sessionsTree';
import type { SessionState } from '../../core/context/model';
import { formatTokens } from '../../core/context/format';
import { gaugeShort } from '../../core/context/viewModel';
import { memoryFlushEnabled } from '../../core/compaction/triggers';
import { applyFlush, FlushStateStore, flushTurnPrompt, planFlush, shouldAutoFlushGauge, type FlushPlan, type FlushPlanOk } from '../../core/memory/flush';
import { MemoryWriteError } from '../../core/memory/fsSafe';
import { applyRemember, MAX_CATEGORY_CHARS, MAX_REMEMBER_CHARS, planRemember, RememberError, REMEMBER_TYPES, type RememberPlan, type RememberResult, type RememberType } from '../../core/memory/remember';
import { buildMemoryIndex, type MemoryIndex, type MemoryIndexSession } from '../../core/memory/search/memoryIndex';
import { MAX_QUERY_CHARS, searchMemory, type MemorySearchResult } from '../../core/memory/search/query';
import { dateStamp, userTimeZone } from '../../core/memory/workspace/dates';

type Json = Record<string, unknown>;

export const FLUSH_BUTTON = 'Append';
export const FLUSH_AGAIN_BUTTON = 'Flush Again';
export const AUTO_FLUSH_BUTTON = 'Flush to Memory…';
export const REMEMBER_BUTTON = 'Remember';
export const OPEN_BUTTON = 'Open';
/** Results shown by Search (the engine's limit is 200). */
export const SEARCH_LIMIT = 50;

export interface FlushOutcome {
  status: 'written' | 'nothing' | 'cancelled' | 'preview-only' | 'refused' | 'failed';
  sessionKey?: string;
  plan?: FlushPlan;
  /** the NOTHING_TO_FLUSH message, or why it failed / was refused */
  reason?: string;
  /** the day log written (absolute) */
  file?: string;
  /** the nested outcome after "Flush Again" */
  forced?: FlushOutcome;
}

export interface SearchHit {
  result: MemorySearchResult;
  /** memory results: the absolute file */
  file?: string;
  /** transcript results: the session */
  uid?: string;
}

export interface SearchOutcome {
  status: 'opened' | 'empty' | 'cancelled' | 'failed';
  query?: string;
  hits?: SearchHit[];
  chosen?: SearchHit;
  /** where the chosen result was opened (0-based line) */
  uri?: vscode.Uri;
  line?: number;
  /** index statistics */
  index?: { files: number; passages: number; transcriptEntries: number; sessions: number; ms: number; loadMs: number };
  reason?: string;
}

export interface RememberOutcome {
  status: 'written' | 'cancelled' | 'invalid' | 'preview-only' | 'refused' | 'failed';
  plan?: RememberPlan;
  result?: RememberResult;
  reason?: string;
  workspace?: string;
}

interface SessionPickItem extends vscode.QuickPickItem {
  uid: string;
}
interface SearchPickItem extends vscode.QuickPickItem {
  hit: SearchHit;
}
interface TypePickItem extends vscode.QuickPickItem {
  type: RememberType;
}
interface WorkspacePickItem extends vscode.QuickPickItem {
  ws: AgentWorkspace;
}

/** Where each remember type goes, and what it is for (the engine's routing, remember.ts). */
export const REMEMBER_TYPE_INFO: Record<RememberType, { target: string; detail: string }> = {
  preference: { target: 'USER.md', detail: 'A standing directive about how the user wants things done ("Always …", "Never …", "Prefer …").' },
  profile: { target: 'USER.md', detail: 'Who the user is (role, background), kept with the directives.' },
  decision: { target: 'memories/decisions.md', detail: 'A decision and why it was taken (the decision log: why, not what).' },
  error: { target: 'memories/errors.md', detail: 'A mistake to avoid: one line in the append-only error log.' },
  project: { target: 'memories/project.md', detail: 'Tech stack, project fingerprint, modules.' },
  fact: { target: 'memories/project.md', detail: 'A durable fact about the project.' },
  context: { target: 'memories/context.md', detail: 'The current task snapshot.' },
  task: { target: 'memories/context.md', detail: 'What is being worked on now.' },
  note: { target: 'daily', detail: "Today's daily log (OpenClaw's default place for \"remember this\")." },
  event: { target: 'daily', detail: 'Something that happened today, in the daily log.' },
};

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
const yieldToHost = () => new Promise<void>((r) => setImmediate(r));
const errText = (err: unknown) => (err instanceof Error ? err.message : String(err));
/** A quick-pick label must not render `$(icon)` syntax from file or transcript text. */
const noIcons = (s: string) => s.replace(/\$\(/g, '$\u200b(');

/** Where the best of `terms` occurs in `line` (case-insensitive; longer terms first), or undefined. */
export function locateTerm(line: string, terms: readonly string[]): { start: number; end: number } | undefined {
  const uniq = [...new Set(terms.map((x) => x.trim()).filter((x) => x.length > 0))].sort((a, b) => b.length - a.length);
  for (const t of uniq) {
    const m = new RegExp(t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'iu').exec(line);
    if (m) return { start: m.index, end: m.index + m[0].length };
  }
  return undefined;
}

/** The query's own words and identifiers (what to look for in the opened document, next to the engine's matched terms). */
function queryTerms(query: string, r: MemorySearchResult): string[] {
  const words = query
    .split(/\s+/)
    .map((w) => w.replace(/^["'`(]+|["'`),.;:!?]+$/g, ''))
    .filter((w) => w.length >= 2);
  return [query.trim(), ...words, ...r.matchedTerms];
}

export class MemoryCommands implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  /** last seen activity per session (the automatic flush offers only for sessions active while VS Code runs) */
  private readonly lastSeen = new Map<string, number>();
  /** `uid#epoch` already offered an automatic flush */
  private readonly offered = new Set<string>();
  /** whether writes are allowed (an untrusted workspace only previews); tests may replace it */
  writesAllowed: () => boolean = writesAllowed;
  /** the last search's index statistics (diagnostics, tests) */
  lastSearchIndex: SearchOutcome['index'];

  constructor(readonly deps: MemoryDeps) {}

  private get ui(): Ui {
    return this.deps.ui();
  }

  register(): vscode.Disposable[] {
    this.disposables.push(this.deps.service.onDidChange((r) => this.onSessionsChanged(r.changed)));
    return [
      vscode.commands.registerCommand('openclawContext.memory.flush', (arg) => this.flush(arg)),
      vscode.commands.registerCommand('openclawContext.memory.search', (arg) => this.search(arg)),
      vscode.commands.registerCommand('openclawContext.memory.remember', (arg) => this.remember(arg)),
    ];
  }

  // ============================================================================================ sessions

  private async pickSession(title: string): Promise<SessionState | undefined> {
    const sessions = [...this.deps.service.model.sessions()].sort((a, b) => b.lastActivity - a.lastActivity);
    if (!sessions.length) return undefined;
    const active = this.deps.service.active();
    const ordered = active ? [active, ...sessions.filter((s) => s.uid !== active.uid)] : sessions;
    const dirs = new Set(sessions.map((s) => s.stateDir));
    const items: SessionPickItem[] = ordered.map((s) => ({
      label: s.row.key,
      description: `${gaugeShort(s.gauge)}${s.uid === active?.uid ? ' · the gauge’s session' : ''}`,
      detail: dirs.size > 1 ? `${s.agentId} · ${s.stateDir}` : undefined,
      uid: s.uid,
    }));
    const chosen = await this.ui.pick(items, { title, placeHolder: 'Pick a session', matchOnDescription: true, matchOnDetail: true });
    return chosen ? this.deps.service.model.get(chosen.uid) : undefined;
  }

  /** The session of a command argument (Sessions view node, uid, key); from the palette (no argument) a QuickPick. */
  private async sessionOf(arg: unknown, title: string): Promise<SessionState | undefined> {
    if (arg === undefined || arg === null) return this.pickSession(title);
    return sessionFromArg(this.deps.service, arg);
  }

  // ============================================================================================ flush

  /**
   * Flush Session to Memory…: plan the flush of the session's active path, preview the day log before ↔
   * after, confirm, append. Already flushed in this compaction epoch: offers "Flush Again" (force).
   */
  async flush(arg?: unknown, opts: { force?: boolean } = {}): Promise<FlushOutcome> {
    const s0 = await this.sessionOf(arg, 'Flush a Session to Memory');
    if (!s0) {
      if (arg === undefined || arg === null) {
        if (!this.deps.service.model.sessions().length) void this.ui.info('OpenClaw Context: no session to flush.');
        return { status: 'cancelled' };
      }
      void this.ui.info('OpenClaw Context: that session no longer exists.');
      return { status: 'failed', reason: 'no session' };
    }
    const key = s0.row.key;
    if (s0.remote) return this.flushTurn(s0);
    const ws = workspaceOfSession(this.deps.service, s0.stateDir, s0.agentId);
    if (!ws) {
      const msg = `OpenClaw Context cannot flush ${key}: the workspace of agent ${s0.agentId} was not found. OpenClaw keeps the daily logs (memory/YYYY-MM-DD.md) in the agent's workspace.`;
      void this.ui.error(msg);
      return { status: 'failed', sessionKey: key, reason: 'no workspace' };
    }
    const writable = writableDirOf(ws);
    if ('error' in writable) {
      void this.ui.error(`OpenClaw Context cannot flush ${key}: ${writable.error}.`);
      return { status: 'failed', sessionKey: key, reason: writable.error };
    }
    const store = FlushStateStore.forStateDir(s0.stateDir);
    let planned: { plan: FlushPlan } | { error: string };
    try {
      planned = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Reading ${key} for the memory flush…` }, async () => {
        const s = this.deps.service.model.ensureTranscript(s0.uid) ?? s0;
        if (!s.context) return { error: 'its transcript could not be read (see Show Diagnostics)' };
        const entries = this.deps.service.model.loadEntries(s.uid, s.context.path).filter((e): e is Json => !!e);
        const plan = planFlush({
          sessionKey: key,
          entries,
          compactionCount: s.row.compactionCount ?? s.gauge.compactions,
          now: new Date(),
          timeZone: userTimeZone(ws.config),
          workspaceDir: ws.dir,
          state: store,
          force: opts.force === true,
        });
        return { plan };
      });
    } catch (err) {
      const msg = err instanceof MemoryWriteError ? err.message : errText(err);
      this.deps.diag.report({ severity: 'error', source: `flush ${key}`, message: msg });
      void this.ui.error(`OpenClaw Context cannot flush ${key}: ${msg}`);
      return { status: 'failed', sessionKey: key, reason: msg };
    }
    if (store.problem) this.deps.diag.report({ severity: 'warning', source: store.file, message: store.problem });
    if ('error' in planned) {
      void this.ui.error(`OpenClaw Context cannot flush ${key}: ${planned.error}.`);
      return { status: 'failed', sessionKey: key, reason: planned.error };
    }
    const plan = planned.plan;
    if (plan.status !== 'ok') {
      // nothing to write; a flush that found nothing new still records the epoch (our own state file)
      if (plan.recordsEpoch && this.writesAllowed()) {
        try {
          applyFlush(plan, ws.dir, store);
        } catch (err) {
          this.deps.diag.report({ severity: 'warning', source: `flush ${key}`, message: `the flush epoch was not recorded: ${errText(err)}` });
        }
      }
      const out: FlushOutcome = { status: 'nothing', sessionKey: key, plan, reason: plan.message };
      const msg = `OpenClaw Context: nothing to flush from ${key}. ${plan.message}`;
      if (plan.reason === 'already-flushed-this-epoch' && !opts.force) {
        const c = await this.ui.info(`${msg} Flush again anyway? Only entries after the last flush are read, and facts already in the day's log are left out.`, FLUSH_AGAIN_BUTTON);
        if (c === FLUSH_AGAIN_BUTTON) out.forced = await this.flush(s0.uid, { force: true });
      } else void this.ui.info(msg);
      return out;
    }
    return this.previewAndWrite(s0, ws, store, plan);
  }

  private async previewAndWrite(s: SessionState, ws: AgentWorkspace, store: FlushStateStore, plan: FlushPlanOk): Promise<FlushOutcome> {
    const key = s.row.key;
    await showChangePreview(this.deps.docs, `flush/${plan.targetRel}`, plan.before, plan.after, `Flush ${key} → ${plan.targetRel} (before ↔ after)`);
    const counts = [
      `${plural(plan.facts.length, 'item')} from ${plural(plan.entriesConsidered, 'entry', 'entries')} ${plan.forced ? 'after the last flush (forced)' : 'since the last flush'}`,
      plan.skippedDuplicates ? `${plan.skippedDuplicates} already in that day's log, left out` : '',
      plan.redactions ? `${plural(plan.redactions, 'secret')} redacted` : '',
    ].filter(Boolean);
    const zone = `${plan.date} ${plan.time} in ${plan.timeZone}${plan.timeZoneRefused ? ` (the configured zone ${JSON.stringify(plan.timeZoneRefused)} is unknown here)` : ''}`;
    if (!this.writesAllowed()) {
      void this.ui.info(`OpenClaw Context: this workspace is not trusted, so nothing was written. The preview shows what the flush of ${key} would append to ${plan.targetRel}.`);
      return { status: 'preview-only', sessionKey: key, plan };
    }
    const detail = [
      `${counts.join('; ')}.`,
      `Appended at the end of ${path.join(ws.dir, plan.targetRel)} (${zone}); nothing in the file is changed. The flush is recorded so this compaction epoch is not flushed twice.`,
    ].join('\n\n');
    const c = await this.ui.confirm(`Append to ${plan.targetRel}?`, detail, FLUSH_BUTTON);
    if (c !== FLUSH_BUTTON) return { status: 'cancelled', sessionKey: key, plan };
    const r = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Flushing ${key} to ${plan.targetRel}…` }, async () => {
      try {
        return applyFlush(plan, ws.dir, store, { readOnly: !this.writesAllowed() });
      } catch (err) {
        return { status: 'refused' as const, code: 'error' as const, message: errText(err) };
      }
    });
    if (r.status === 'written') {
      this.deps.diag.info(`flushed ${plan.facts.length} item(s) from ${key} to ${r.file}`);
      const file = r.file;
      void Promise.resolve(this.ui.info(`OpenClaw Context: flushed ${plural(plan.facts.length, 'item')} from ${key} to ${plan.targetRel}.`, OPEN_BUTTON)).then((b) => (b === OPEN_BUTTON ? this.openFileAt(file, Number.MAX_SAFE_INTEGER) : undefined));
      return { status: 'written', sessionKey: key, plan, file };
    }
    if (r.status === 'refused') {
      this.deps.diag.report({ severity: 'warning', source: `flush ${key}`, message: `${r.code}: ${r.message}` });
      if (r.code === 'readonly') void this.ui.info(`OpenClaw Context: ${plan.targetRel} is read-only here; nothing was written. The preview shows what would have been appended.`);
      else if (r.code === 'changed') void this.ui.warn(`OpenClaw Context did not flush ${key}: ${plan.targetRel} changed since the preview (OpenClaw or an editor wrote to it), so nothing was written. Run Flush again to see the new preview.`);
      else void this.ui.error(`OpenClaw Context could not flush ${key}: ${r.message}`);
      return { status: 'refused', sessionKey: key, plan, reason: r.message };
    }
    return { status: 'failed', sessionKey: key, plan, reason: `unexpected result ${r.status}` };
  }

  // ============================================================================================ automatic flush

  private onSessionsChanged(uids: readonly string[]): void {
    for (const uid of uids) {
      const s = this.deps.service.model.get(uid);
      if (!s) {
        this.lastSeen.delete(uid);
        continue;
      }
      const prev = this.lastSeen.get(uid);
      this.lastSeen.set(uid, s.lastActivity);
      // only sessions active while VS Code runs: never on startup for a session merely sitting past the line
      if (prev === undefined || s.lastActivity <= prev) continue;
      if (!this.deps.settings().memory.autoFlush) continue;
      void this.offerAutoFlush(s).catch((err: unknown) => this.deps.diag.report({ severity: 'error', source: `auto flush ${s.row.key}`, message: errText(err) }));
    }
  }

  /**
   * A remote Gateway's session: its workspace is on the Gateway's machine, so the flush is an instruction turn
   * the agent carries out there (chat.send), after a preview of the message and a confirmation.
   */
  private async flushTurn(s: SessionState): Promise<FlushOutcome> {
    const key = s.row.key;
    const client = this.deps.live?.().clientFor(s.stateDir);
    if (!client) {
      const msg = remoteUnavailable(s, 'be flushed')!;
      void Promise.resolve(this.ui.warn(msg, CONNECT_BUTTON)).then(runGatewayButton);
      return { status: 'refused', sessionKey: key, reason: msg };
    }
    const prompt = flushTurnPrompt(new Date());
    const doc = this.deps.docs.put(`flush-turn/${key.replace(/[^a-zA-Z0-9._-]/g, "_").slice(0, 80) || "session"}.md`, `# Memory flush turn — ${key}\n\nSent to the agent through the remote Gateway ${s.remote} (chat.send). The agent writes the day log in its own workspace, on that machine.\n\n---\n\n${prompt}\n`);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(doc), { preview: true, preserveFocus: true, viewColumn: vscode.ViewColumn.Beside });
    const choice = await this.ui.confirm(
      `Send a memory flush turn to ${key}?`,
      `${key} is on the remote OpenClaw Gateway ${s.remote}: its workspace (memory/YYYY-MM-DD.md) is on that machine, so this extension cannot write the flush itself. It sends the message shown beside as a user turn instead; the agent writes its memories there. This is a model turn: it uses tokens and appears in the session's history.`,
      'Send Flush Turn',
    );
    if (choice !== 'Send Flush Turn') return { status: 'cancelled', sessionKey: key };
    try {
      const r = await client.chatSend({ sessionKey: key, message: prompt });
      this.deps.diag.info(`memory flush turn sent to ${key} through the Gateway (run ${r.runId})`);
      void this.ui.info(`OpenClaw Context: sent the memory flush turn to ${key} (run ${r.runId}). The agent writes its memories on the Gateway's machine.`);
      return { status: 'written', sessionKey: key, reason: `flush turn ${r.runId}` };
    } catch (err) {
      const f = reportGatewayFailure(this.ui, this.deps.diag, `flush ${key}`, err, `flush ${key}`);
      return { status: f.info.kind === 'missing-scope' || f.info.kind === 'unauthorized' ? 'refused' : 'failed', sessionKey: key, reason: f.message };
    }
  }

  /**
   * The automatic flush: when the session's gauge has reached OpenClaw's flush line and neither we nor
   * OpenClaw flushed in this compaction epoch, offer (once per session per epoch) the previewed flush.
   * Returns undefined when nothing was offered.
   */
  async offerAutoFlush(s: SessionState): Promise<FlushOutcome | 'declined' | undefined> {
    if (s.remote || !this.deps.settings().memory.autoFlush || !this.writesAllowed()) return undefined;
    const epoch = s.row.compactionCount ?? s.gauge.compactions;
    const tag = `${s.uid}#${epoch}`;
    if (this.offered.has(tag)) return undefined;
    const cfg = this.deps.service.model.stateDirs().find((d) => d.candidate.dir === s.stateDir)?.config.value;
    const store = FlushStateStore.forStateDir(s.stateDir);
    const due = shouldAutoFlushGauge(s.gauge, {
      compactionCount: epoch,
      record: store.get(s.row.key),
      openclawFlushedAtCompaction: typeof s.row.memoryFlush?.compactionCount === 'number' ? s.row.memoryFlush.compactionCount : s.row.memoryFlushCompactionCount,
      enabled: memoryFlushEnabled((cfg ?? {}) as Json),
    });
    if (!due) return undefined;
    this.offered.add(tag);
    const c = await this.ui.info(
      `OpenClaw Context: ${s.row.key} crossed the memory-flush line (${formatTokens(s.gauge.used)} of ${formatTokens(s.gauge.window)}, the line is at ${formatTokens(s.gauge.flushAt)}) — Flush to memory? You will see what is appended to today's log first.`,
      AUTO_FLUSH_BUTTON,
    );
    if (c !== AUTO_FLUSH_BUTTON) return 'declined';
    return this.flush(s.uid);
  }

  // ============================================================================================ search

  /** Index every agent workspace's memory files and every session's transcript (grouped by workspace). */
  private async buildIndexes(): Promise<{ indexes: Array<{ index: MemoryIndex; uids: Map<string, string> }>; stats: NonNullable<SearchOutcome['index']> }> {
    const t0 = performance.now();
    const model = this.deps.service.model;
    const workspaces = agentWorkspaces(this.deps.service);
    const groups = new Map<string, { dir: string; sessions: MemoryIndexSession[]; uids: Map<string, string> }>();
    const groupOf = (dir: string) => {
      let g = groups.get(dir);
      if (!g) groups.set(dir, (g = { dir, sessions: [], uids: new Map() }));
      return g;
    };
    for (const w of workspaces) groupOf(w.dir);
    let loadMs = 0;
    let sessions = 0;
    for (const s0 of model.sessions()) {
      const ws = workspaces.find((w) => w.stateDir === s0.stateDir && w.agentId === s0.agentId) ?? workspaces.find((w) => w.stateDir === s0.stateDir);
      // a state dir without any workspace: its transcripts alone (no such folder exists, so no files are read)
      const g = groupOf(ws?.dir ?? path.join(s0.stateDir, '.openclaw-context-no-workspace'));
      const l0 = performance.now();
      const s = model.ensureTranscript(s0.uid);
      if (s?.index) {
        const entries = model.loadEntries(s.uid, s.index.entries).filter((e): e is Json => !!e);
        g.sessions.push({ key: s.row.key, sessionId: s.row.sessionId, entries });
        if (!g.uids.has(s.row.key)) g.uids.set(s.row.key, s.uid);
        sessions++;
      }
      loadMs += performance.now() - l0;
      await yieldToHost();
    }
    const indexes = [...groups.values()].map((g) => ({ index: buildMemoryIndex({ workspaceDir: g.dir, sessions: g.sessions }), uids: g.uids }));
    const stats = {
      files: indexes.reduce((n, i) => n + i.index.files.length, 0),
      passages: indexes.reduce((n, i) => n + i.index.passages, 0),
      transcriptEntries: indexes.reduce((n, i) => n + i.index.transcriptEntries, 0),
      sessions,
      ms: performance.now() - t0,
      loadMs,
    };
    return { indexes, stats };
  }

  /**
   * Search Memory and Transcripts…: a query (InputBox, or the argument), the index of every agent
   * workspace and transcript, the results in a QuickPick; the chosen one opens at its line (a memory file)
   * or in the session's context document at the entry (a transcript).
   */
  async search(arg?: unknown): Promise<SearchOutcome> {
    let query = typeof arg === 'string' ? arg : undefined;
    if (query === undefined) {
      const ed = vscode.window.activeTextEditor;
      const sel = ed && !ed.selection.isEmpty && ed.selection.isSingleLine ? ed.document.getText(ed.selection).trim() : '';
      query = await this.ui.input({
        title: 'Search Memory and Transcripts',
        prompt: 'Words, identifiers (TICKET-981), paths or phrases. Memory files rank above transcripts.',
        placeHolder: 'e.g. BLUE-HERON',
        value: sel.length <= 200 ? sel : '',
        validateInput: (v) => (v.length > MAX_QUERY_CHARS ? `At most ${MAX_QUERY_CHARS} characters.` : undefined),
      });
    }
    if (query === undefined || !query.trim()) return { status: 'cancelled' };
    const q = query.trim();
    let built: Awaited<ReturnType<MemoryCommands['buildIndexes']>>;
    try {
      built = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Indexing memory files and transcripts…' }, () => this.buildIndexes());
    } catch (err) {
      this.deps.diag.report({ severity: 'error', source: 'memory search', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
      void this.ui.error(`OpenClaw Context could not search: ${errText(err)}`);
      return { status: 'failed', query: q, reason: errText(err) };
    }
    const st = built.stats;
    this.lastSearchIndex = st;
    this.deps.diag.info(`memory search index: ${st.files} files (${st.passages} passages), ${st.transcriptEntries} transcript entries of ${st.sessions} sessions in ${Math.round(st.ms)} ms (loading ${Math.round(st.loadMs)} ms)`);
    const hits: SearchHit[] = [];
    for (const { index, uids } of built.indexes) {
      for (const r of searchMemory(index, q, { limit: SEARCH_LIMIT })) {
        hits.push(r.kind === 'memory' ? { result: r, file: path.join(index.workspaceDir, r.file) } : { result: r, uid: uids.get(r.sessionKey) });
      }
    }
    // one workspace: the engine's order; several: by score (BM25 scores of different indexes are close enough to interleave)
    if (built.indexes.length > 1) hits.sort((a, b) => b.result.score - a.result.score);
    hits.splice(SEARCH_LIMIT);
    if (!hits.length) {
      void this.ui.info(`OpenClaw Context: no matches for “${q}” in ${plural(st.files, 'memory file')} and ${plural(st.transcriptEntries, 'transcript entry', 'transcript entries')}.`);
      return { status: 'empty', query: q, hits, index: st };
    }
    const items: SearchPickItem[] = hits.map((h) => {
      const r = h.result;
      if (r.kind === 'memory') return { label: noIcons(r.snippet), description: `${r.file}:${r.line}`, detail: noIcons(r.title), iconPath: new vscode.ThemeIcon('book'), hit: h };
      const when = r.timestamp ? new Date(r.timestamp).toISOString().replace('T', ' ').slice(0, 16) : '';
      const extra = [when, r.alsoInSessions.length ? `also in ${r.alsoInSessions.join(', ')}` : '', r.duplicates ? `${r.duplicates} identical` : ''].filter(Boolean).join(' · ');
      return {
        label: noIcons(r.snippet),
        description: `${r.sessionKey} · ${r.role}${r.toolName ? ` [${r.toolName}]` : ''}${r.isError ? ' (error)' : ''}`,
        detail: noIcons(extra ? `${r.title} · ${extra}` : r.title),
        iconPath: new vscode.ThemeIcon(r.role === 'user' ? 'account' : r.role === 'toolResult' || r.toolName ? 'tools' : 'comment-discussion'),
        hit: h,
      };
    });
    const chosen = await this.ui.pick(items, { title: `${plural(hits.length, 'result')} for “${q}”`, placeHolder: 'Open a result (memory files at the line; transcripts in the session’s context document)', matchOnDescription: true, matchOnDetail: true });
    if (!chosen) return { status: 'cancelled', query: q, hits, index: st };
    const opened = await this.openHit(chosen.hit, q);
    return { status: opened ? 'opened' : 'failed', query: q, hits, chosen: chosen.hit, index: st, ...(opened ?? { reason: 'could not open the result' }) };
  }

  private async openFileAt(file: string, line1: number, terms: readonly string[] = []): Promise<{ uri: vscode.Uri; line: number }> {
    const uri = vscode.Uri.file(file);
    const doc = await vscode.workspace.openTextDocument(uri);
    const line = Math.max(0, Math.min(doc.lineCount - 1, line1 - 1));
    return this.reveal(doc, line, terms);
  }

  private async reveal(doc: vscode.TextDocument, line: number, terms: readonly string[]): Promise<{ uri: vscode.Uri; line: number }> {
    const text = doc.lineAt(line).text;
    const at = locateTerm(text, terms);
    const range = at && at.end > at.start ? new vscode.Range(line, at.start, line, at.end) : new vscode.Range(line, 0, line, 0);
    const editor = await vscode.window.showTextDocument(doc, { selection: range, preview: true });
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    return { uri: doc.uri, line };
  }

  private async openHit(h: SearchHit, query: string): Promise<{ uri: vscode.Uri; line: number } | undefined> {
    const r = h.result;
    const terms = queryTerms(query, r);
    try {
      if (r.kind === 'memory') return await this.openFileAt(h.file!, r.line, terms);
      const s = h.uid ? this.deps.service.model.ensureTranscript(h.uid) : undefined;
      if (!s) {
        void this.ui.info(`OpenClaw Context: session ${r.sessionKey} is no longer there.`);
        return undefined;
      }
      const doc = await vscode.workspace.openTextDocument(contextUri(s.uid, s.row.key));
      const lines = doc.getText().split('\n');
      const find = (from: number, to: number): number | undefined => {
        for (let i = from; i < to; i++) if (locateTerm(lines[i]!, terms)) return i;
        return undefined;
      };
      const pos = s.context?.items.findIndex((m) => m.id === r.entryId) ?? -1;
      if (pos >= 0) {
        const head = lines.findIndex((l) => l.startsWith(`### ${pos + 1}. `));
        if (head >= 0) {
          let end = lines.findIndex((l, i) => i > head && l.startsWith(`### ${pos + 2}. `));
          if (end < 0) end = lines.length;
          return await this.reveal(doc, find(head, end) ?? head, terms);
        }
      }
      // not in the active context (compacted away, another branch, an earlier session): the nearest mention, if any
      const any = find(0, lines.length);
      void this.ui.info(`OpenClaw Context: that entry of ${r.sessionKey} is no longer in the active context (compacted or on another branch)${any !== undefined ? '; showing where the active context mentions it' : ''}. The transcript keeps it.`);
      return await this.reveal(doc, any ?? 0, terms);
    } catch (err) {
      void this.ui.error(`OpenClaw Context could not open the result: ${errText(err)}`);
      return undefined;
    }
  }

  // ============================================================================================ remember

  private async pickWorkspace(title: string): Promise<AgentWorkspace | undefined> {
    const all = agentWorkspaces(this.deps.service);
    if (all.length <= 1) return all[0];
    const items: WorkspacePickItem[] = all.map((w) => ({ label: path.basename(w.dir), description: `agent ${w.agentId}`, detail: w.dir, ws: w }));
    return (await this.ui.pick(items, { title, placeHolder: 'Which agent workspace?' }))?.ws;
  }

  /**
   * Remember…: the text (InputBox, prefilled with the editor's selection; or the argument), its type (where
   * it goes), priority and an optional category; the planned append previewed (and the MEMORY.md pointer
   * when the target is not indexed yet), confirmed, written.
   */
  async remember(arg?: unknown): Promise<RememberOutcome> {
    const ws = await this.pickWorkspace('Remember');
    if (!ws) {
      if (!agentWorkspaces(this.deps.service).length) void this.ui.error('OpenClaw Context: no agent workspace found. OpenClaw keeps memory (MEMORY.md, memories/, memory/) in the agent workspace, by default <state dir>/workspace.');
      return { status: 'cancelled' };
    }
    const writable = writableDirOf(ws);
    if ('error' in writable) {
      void this.ui.error(`OpenClaw Context cannot remember in ${ws.dir}: ${writable.error}.`);
      return { status: 'refused', reason: writable.error, workspace: ws.dir };
    }
    let content = typeof arg === 'string' ? arg : undefined;
    if (content === undefined) {
      const ed = vscode.window.activeTextEditor;
      const sel = ed && !ed.selection.isEmpty ? ed.document.getText(ed.selection).trim() : '';
      content = await this.ui.input({
        title: 'Remember (1/4): what should the agent remember?',
        prompt: `One fact, decision, preference or note (at most ${MAX_REMEMBER_CHARS.toLocaleString('en')} characters).`,
        value: sel.length <= MAX_REMEMBER_CHARS ? sel : '',
        validateInput: (v) => (v.trim().length > MAX_REMEMBER_CHARS ? `${v.trim().length} characters; at most ${MAX_REMEMBER_CHARS}.` : undefined),
      });
    }
    if (content === undefined || !content.trim()) return { status: 'cancelled', workspace: ws.dir };
    const today = `memory/${dateStamp(new Date(), userTimeZone(ws.config))}.md`;
    const typeItems: TypePickItem[] = REMEMBER_TYPES.map((t) => {
      const info = REMEMBER_TYPE_INFO[t];
      return { label: t, description: `→ ${info.target === 'daily' ? today : info.target}`, detail: info.detail, type: t };
    });
    const type = await this.ui.pick(typeItems, { title: 'Remember (2/4): what kind of memory? (chooses the file)', placeHolder: 'note → today’s daily log', matchOnDescription: true, matchOnDetail: true });
    if (!type) return { status: 'cancelled', workspace: ws.dir };
    const prio = await this.ui.pick(
      [
        { label: 'normal', description: 'no tag' },
        { label: 'high', description: 'tagged [high]' },
        { label: 'low', description: 'tagged [low]' },
      ],
      { title: 'Remember (3/4): priority' },
    );
    if (!prio) return { status: 'cancelled', workspace: ws.dir };
    const category = await this.ui.input({
      title: 'Remember (4/4): category (optional)',
      prompt: `A short label kept with the entry (at most ${MAX_CATEGORY_CHARS} letters, digits, spaces or _ . / -). Leave empty for none.`,
      placeHolder: 'e.g. deploy',
      validateInput: (v) => (v.trim() && (v.trim().length > MAX_CATEGORY_CHARS || !/^[\p{L}\p{N} _./-]+$/u.test(v.trim())) ? `At most ${MAX_CATEGORY_CHARS} letters, digits, spaces or _ . / -.` : undefined),
    });
    if (category === undefined) return { status: 'cancelled', workspace: ws.dir };

    let plan: RememberPlan;
    try {
      plan = planRemember({ content, type: type.type, priority: prio.label, category: category.trim() || undefined }, ws.dir, { config: ws.config });
    } catch (err) {
      if (err instanceof RememberError) {
        void this.ui.error(`OpenClaw Context: ${err.message}`);
        return { status: 'invalid', reason: err.message, workspace: ws.dir };
      }
      throw err;
    }
    await showChangePreview(this.deps.docs, `remember/${plan.targetRel}`, plan.before, plan.after, `Remember → ${plan.targetRel} (before ↔ after)`);
    if (plan.index) {
      const a = this.deps.docs.put(`remember/${plan.index.targetRel}.before`, plan.index.before);
      const b = this.deps.docs.put(`remember/${plan.index.targetRel}.after`, plan.index.after);
      await vscode.commands.executeCommand('vscode.diff', a, b, `Remember → pointer in ${plan.index.targetRel} (before ↔ after)`, { preview: true, viewColumn: vscode.ViewColumn.Beside, preserveFocus: true });
    }
    if (!this.writesAllowed()) {
      void this.ui.info(`OpenClaw Context: this workspace is not trusted, so nothing was written. The preview shows what would be added to ${plan.targetRel}${plan.index ? ` and ${plan.index.targetRel}` : ''}.`);
      return { status: 'preview-only', plan, workspace: ws.dir };
    }
    const detail = [
      `Appended to ${path.join(ws.dir, plan.targetRel)}${plan.created ? ' (a new file)' : ''}:`,
      plan.addition.trimEnd(),
      plan.index ? `\nAnd a pointer in ${plan.index.targetRel}${plan.index.created ? ' (a new file)' : ''}:\n${plan.index.addition.trimEnd()}` : '',
      plan.warnings.length ? `\n${plan.warnings.map((w) => `⚠ ${w}`).join('\n')}` : '',
    ]
      .filter(Boolean)
      .join('\n');
    const c = await this.ui.confirm(`Remember in ${plan.targetRel}?`, detail, REMEMBER_BUTTON);
    if (c !== REMEMBER_BUTTON) return { status: 'cancelled', plan, workspace: ws.dir };
    let result: RememberResult;
    try {
      result = applyRemember(plan, ws.dir, { readOnly: !this.writesAllowed() });
    } catch (err) {
      if (err instanceof MemoryWriteError) {
        this.deps.diag.report({ severity: 'warning', source: `remember ${plan.targetRel}`, message: `${err.code}: ${err.message}` });
        if (err.code === 'readonly') void this.ui.info(`OpenClaw Context: ${plan.targetRel} is read-only here; nothing was written. The preview shows what would have been added.`);
        else if (err.code === 'changed') void this.ui.warn(`OpenClaw Context did not write: ${plan.targetRel} changed since the preview, so nothing was written. Run Remember… again to see the new preview.`);
        else void this.ui.error(`OpenClaw Context could not write ${plan.targetRel}: ${err.message}`);
        return { status: 'refused', plan, reason: err.message, workspace: ws.dir };
      }
      this.deps.diag.report({ severity: 'error', source: `remember ${plan.targetRel}`, message: errText(err) });
      void this.ui.error(`OpenClaw Context could not write ${plan.targetRel}: ${errText(err)}`);
      return { status: 'failed', plan, reason: errText(err), workspace: ws.dir };
    }
    this.deps.diag.info(`remembered in ${result.file}${result.index ? ` (pointer added to ${result.index.file})` : ''}`);
    if (result.indexError) void this.ui.warn(`OpenClaw Context: remembered in ${plan.targetRel}, but the pointer was not added to ${plan.index?.targetRel ?? 'MEMORY.md'}: ${result.indexError}`);
    const file = result.file;
    void Promise.resolve(this.ui.info(`OpenClaw Context: remembered in ${plan.targetRel}${result.index ? ` (pointer added to ${plan.index!.targetRel})` : ''}.`, OPEN_BUTTON)).then((b) => (b === OPEN_BUTTON ? this.openFileAt(file, Number.MAX_SAFE_INTEGER) : undefined));
    return { status: 'written', plan, result, workspace: ws.dir };
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
