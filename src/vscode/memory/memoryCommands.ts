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
import { Disposable } from '../shared/disposable';
import { contextUri } from '../sessions/contextDocument';
import { agentWorkspaces, showChangePreview, workspaceOfSession, writableDirOf, writesAllowed, type AgentWorkspace, type MemoryDeps } from './memoryShared';
import type { Ui } from '../shared/ui';
import { registerPromptCommand } from '../shared/typeAhead';
import { CONNECT_BUTTON, remoteUnavailable, reportGatewayFailure, runGatewayButton } from '../gateway/liveActions';
import { SessionActivity } from '../sessions/activity';
import { chooseSession, givenSession } from '../sessions/sessionPicker';
import type { SessionState } from '../../core/context/model';
import { formatTokens } from '../../core/context/format';
import { gaugeShort } from '../../core/context/viewModel';
import { memoryFlushEnabled } from '../../core/compaction/triggers';
import { FlushStateStore, shouldAutoFlushGauge, type FlushPlan, type FlushPlanOk } from '../../core/memory/flush';
import { engineGuard, flushSession, type ActionPreview, type FlushOutcome as CoreFlushOutcome } from '../../core/actions';
import { runAction, warnGroundRefusal } from '../shared/actions';
import { rememberCommand, type RememberOutcome } from './memoryRemember';
import { locateTerm, noIcons, queryTerms } from './searchTerms';
import { MemoryWriteError } from '../../core/memory/fsSafe';
import { buildMemoryIndex, type MemoryIndex, type MemoryIndexSession } from '../../core/memory/search/memoryIndex';
import { MAX_QUERY_CHARS, searchMemory, type MemorySearchResult } from '../../core/memory/search/query';

type Json = Record<string, unknown>;


export { REMEMBER_BUTTON, REMEMBER_TYPE_INFO, type RememberOutcome } from './memoryRemember';

export const FLUSH_BUTTON = 'Append';
export const FLUSH_AGAIN_BUTTON = 'Flush Again';
export const AUTO_FLUSH_BUTTON = 'Flush to Memory…';
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


interface SearchPickItem extends vscode.QuickPickItem {
  hit: SearchHit;
}


const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
const yieldToHost = () => new Promise<void>((r) => setImmediate(r));
const errText = (err: unknown) => (err instanceof Error ? err.message : String(err));
export class MemoryCommands extends Disposable {
  /** the automatic flush offers only for sessions active while VS Code runs */
  private readonly activity = new SessionActivity(() => this.deps.service.model);
  /** `uid#epoch` already offered an automatic flush */
  private readonly offered = new Set<string>();
  /** whether writes are allowed (an untrusted workspace only previews); tests may replace it */
  writesAllowed: () => boolean = writesAllowed;
  /** the last search's index statistics (diagnostics, tests) */
  lastSearchIndex: SearchOutcome['index'];

  constructor(readonly deps: MemoryDeps) {
    super();
  }

  private get ui(): Ui {
    return this.deps.ui();
  }

  /** Subscribe and register the commands (owned by this object). */
  start(): void {
    this.register(this.deps.service.onDidChange((r) => this.onSessionsChanged(r.changed)));
    this.register(vscode.commands.registerCommand('openclawContext.memory.flush', (arg) => this.flush(arg)));
    this.register(registerPromptCommand('openclawContext.memory.search', (arg) => this.search(arg)));
    this.register(registerPromptCommand('openclawContext.memory.remember', (arg) => this.remember(arg)));
  }

  // ============================================================================================ flush

  /**
   * Flush Session to Memory…: core/actions (flushSession) plans the flush of the session's active path; this
   * previews the day log before ↔ after and asks, then core appends. Already flushed in this compaction epoch:
   * offers "Flush Again" (force). A remote Gateway's session: the flush turn (see flushTurnConfirm).
   */
  async flush(arg?: unknown, opts: { force?: boolean; background?: boolean } = {}): Promise<FlushOutcome> {
    const { session: s0, cancelled } = await chooseSession(this.deps.service, this.ui, arg, 'Flush to memory');
    if (!s0) {
      if (cancelled || !givenSession(arg)) {
        if (!cancelled) void this.ui.info('OpenClaw Context: no session to flush.');
        return { status: 'cancelled' };
      }
      void this.ui.info('OpenClaw Context: that session no longer exists.');
      return { status: 'failed', reason: 'no session' };
    }
    const key = s0.row.key;
    const ws = s0.remote ? undefined : workspaceOfSession(this.deps.service, s0.stateDir, s0.agentId);
    if (!s0.remote && !ws) {
      const msg = `OpenClaw Context cannot flush ${key}: the workspace of agent ${s0.agentId} was not found. OpenClaw keeps the daily logs (memory/YYYY-MM-DD.md) in the agent's workspace.`;
      void this.ui.error(msg);
      return { status: 'failed', sessionKey: key, reason: 'no workspace' };
    }
    const writable = ws ? writableDirOf(ws) : undefined;
    if (writable && 'error' in writable) {
      void this.ui.error(`OpenClaw Context cannot flush ${key}: ${writable.error}.`);
      return { status: 'failed', sessionKey: key, reason: writable.error };
    }
    let previewOnly = false;
    let asked = false;
    const confirm = async (pv: ActionPreview<FlushPlan | { turn: string }>): Promise<boolean> => {
      asked = true;
      // in the background (the policy's early export, after its first previewed run): no model turn, no dialog
      if ('turn' in pv.plan) return !opts.background && this.flushTurnConfirm(s0, pv.plan.turn);
      if (pv.plan.status !== 'ok' || !ws) return false;
      if (opts.background) return this.writesAllowed();
      if (!(await this.flushConfirm(key, ws, pv.plan, pv.note))) return false;
      previewOnly = !this.writesAllowed();
      return !previewOnly;
    };
    let o: CoreFlushOutcome;
    try {
      o = await runAction(this.deps.service.model, this.deps.live?.(), confirm, (ctx) => flushSession(ctx, s0, { workspaceDir: ws?.dir ?? '', force: opts.force === true, recordEpoch: this.writesAllowed(), readOnly: !this.writesAllowed() }), { keepPreviews: () => previewOnly });
    } catch (err) {
      const msg = err instanceof MemoryWriteError ? err.message : errText(err);
      this.deps.diag.report({ severity: 'error', source: `flush ${key}`, message: msg });
      void this.ui.error(asked ? `OpenClaw Context could not flush ${key}: ${msg}` : `OpenClaw Context cannot flush ${key}: ${msg}`);
      return { status: asked ? 'refused' : 'failed', sessionKey: key, reason: msg };
    }
    return this.flushOutcome(s0, o, previewOnly, opts.force === true, opts.background === true);
  }

  /** The preview (the day log before ↔ after) and the confirmation; in an untrusted workspace only the preview. */
  private async flushConfirm(key: string, ws: AgentWorkspace, plan: FlushPlanOk, note?: string): Promise<boolean> {
    await showChangePreview(this.deps.docs, `flush/${plan.targetRel}`, plan.before, plan.after, `Flush ${key} → ${plan.targetRel} (before ↔ after)`);
    if (!this.writesAllowed()) {
      void this.ui.info(`OpenClaw Context: this workspace is not trusted, so nothing was written. The preview shows what the flush of ${key} would append to ${plan.targetRel}.`);
      return true;
    }
    const counts = [
      `${plural(plan.facts.length, 'item')} from ${plural(plan.entriesConsidered, 'entry', 'entries')} ${plan.forced ? 'after the last flush (forced)' : 'since the last flush'}`,
      plan.skippedDuplicates ? `${plan.skippedDuplicates} already in that day's log, left out` : '',
      plan.redactions ? `${plural(plan.redactions, 'secret')} redacted` : '',
    ].filter(Boolean);
    const zone = `${plan.date} ${plan.time} in ${plan.timeZone}${plan.timeZoneRefused ? ` (the configured zone ${JSON.stringify(plan.timeZoneRefused)} is unknown here)` : ''}`;
    const detail = [
      ...(note ? [note] : []),
      `${counts.join('; ')}.`,
      `Appended at the end of ${path.join(ws.dir, plan.targetRel)} (${zone}); nothing in the file is changed. The flush is recorded so it is not repeated before the next compaction.`,
    ].join('\n\n');
    return (await this.ui.confirm(`Append to ${plan.targetRel}?`, detail, FLUSH_BUTTON)) === FLUSH_BUTTON;
  }

  /** What core's outcome means for the user. */
  private async flushOutcome(s: SessionState, o: CoreFlushOutcome, previewOnly: boolean, forced: boolean, background = false): Promise<FlushOutcome> {
    const key = s.row.key;
    const plan = 'plan' in o && o.plan && !('turn' in o.plan) ? o.plan : undefined;
    switch (o.status) {
      case 'planned':
      case 'cancelled':
        return { status: previewOnly ? 'preview-only' : 'cancelled', sessionKey: key, ...(plan ? { plan } : {}) };
      case 'nothing': {
        if (!('plan' in o) || o.plan.status === 'ok') return { status: 'nothing', sessionKey: key, reason: o.reason };
        if (o.recordError) this.deps.diag.report({ severity: 'warning', source: `flush ${key}`, message: `the flush was not recorded: ${o.recordError}` });
        const out: FlushOutcome = { status: 'nothing', sessionKey: key, plan: o.plan, reason: o.plan.message };
        const msg = `OpenClaw Context: nothing to flush from ${key}. ${o.plan.message}`;
        if (background) this.deps.diag.info(msg);
        else if (o.plan.reason === 'already-flushed-this-epoch' && !forced) {
          const c = await this.ui.info(`${msg} Flush again anyway? Only entries after the last flush are read, and facts already in the day's log are left out.`, FLUSH_AGAIN_BUTTON);
          if (c === FLUSH_AGAIN_BUTTON) out.forced = await this.flush(s.uid, { force: true });
        } else void this.ui.info(msg);
        return out;
      }
      case 'written':
        if (o.via === 'gateway') {
          this.deps.diag.info(`memory flush turn sent to ${key} through the Gateway (run ${o.gateway.runId})`);
          void this.ui.info(`OpenClaw Context: sent the memory flush turn to ${key} (run ${o.gateway.runId}). The agent writes its memories on the Gateway's machine.`);
          return { status: 'written', sessionKey: key, reason: `flush turn ${o.gateway.runId}` };
        } else {
          const p = o.plan as FlushPlanOk;
          const file = o.result.file;
          this.deps.diag.info(`flushed ${p.facts.length} item(s) from ${key} to ${file}`);
          const early = background ? 'early export: ' : '';
          void Promise.resolve(this.ui.info(`OpenClaw Context: ${early}flushed ${plural(p.facts.length, 'item')} from ${key} to ${p.targetRel}.`, OPEN_BUTTON)).then((b) => (b === OPEN_BUTTON ? this.openFileAt(file, Number.MAX_SAFE_INTEGER) : undefined));
          return { status: 'written', sessionKey: key, plan: p, file };
        }
    }
    if (o.status === 'failed' && o.code === 'gateway') {
      const f = reportGatewayFailure(this.ui, this.deps.diag, `flush ${key}`, o.error, `flush ${key}`);
      return { status: f.info.kind === 'missing-scope' || f.info.kind === 'unauthorized' ? 'refused' : 'failed', sessionKey: key, reason: f.message };
    }
    if (warnGroundRefusal(this.ui, o)) return { status: 'refused', sessionKey: key, reason: o.message };
    if (o.code === 'remote-unavailable') {
      const msg = remoteUnavailable(s, 'be flushed')!;
      void Promise.resolve(this.ui.warn(msg, CONNECT_BUTTON)).then(runGatewayButton);
      return { status: 'refused', sessionKey: key, reason: msg };
    }
    if (o.code === 'unreadable' || !plan) {
      const why = o.code === 'unreadable' ? 'its transcript could not be read (see Show Diagnostics)' : o.message;
      void this.ui.error(`OpenClaw Context cannot flush ${key}: ${why}.`);
      return { status: 'failed', sessionKey: key, reason: why };
    }
    this.deps.diag.report({ severity: 'warning', source: `flush ${key}`, message: `${o.code}: ${o.message}` });
    const target = plan.status === 'ok' ? plan.targetRel : 'the day log';
    if (o.code === 'readonly') void this.ui.info(`OpenClaw Context: ${target} is read-only here; nothing was written. The preview shows what would have been appended.`);
    else if (o.code === 'changed') void this.ui.warn(`OpenClaw Context did not flush ${key}: ${target} changed since the preview (OpenClaw or an editor wrote to it), so nothing was written. Run Flush again to see the new preview.`);
    else void this.ui.error(`OpenClaw Context could not flush ${key}: ${o.message}`);
    return { status: o.status === 'refused' ? 'refused' : 'failed', sessionKey: key, plan, reason: o.message };
  }

  // ============================================================================================ automatic flush

  private onSessionsChanged(uids: readonly string[]): void {
    // only sessions active while VS Code runs: never on startup for a session merely sitting past the line
    for (const s of this.activity.moved(uids)) {
      if (!this.deps.settings().memory.autoFlush) continue;
      void this.offerAutoFlush(s).catch((err: unknown) => this.deps.diag.report({ severity: 'error', source: `auto flush ${s.row.key}`, message: errText(err) }));
    }
  }

  /**
   * A remote Gateway's session: its workspace is on the Gateway's machine, so the flush is an instruction turn
   * the agent carries out there (chat.send), after a preview of the message and a confirmation.
   */
  private async flushTurnConfirm(s: SessionState, prompt: string): Promise<boolean> {
    const key = s.row.key;
    const doc = this.deps.docs.put(`flush-turn/${key.replace(/[^a-zA-Z0-9._-]/g, '_').slice(0, 80) || 'session'}.md`, `# Memory flush turn — ${key}\n\nSent to the agent through the remote Gateway ${s.remote} (chat.send). The agent writes the day log in its own workspace, on that machine.\n\n---\n\n${prompt}\n`);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(doc), { preview: true, preserveFocus: true, viewColumn: vscode.ViewColumn.Beside });
    const choice = await this.ui.confirm(
      `Send a memory flush turn to ${key}?`,
      `${key} is on the remote OpenClaw Gateway ${s.remote}: its workspace (memory/YYYY-MM-DD.md) is on that machine, so this extension cannot write the flush itself. It sends the message shown beside as a user turn instead; the agent writes its memories there. This is a model turn: it uses tokens and appears in the session's history.`,
      'Send Flush Turn',
    );
    return choice === 'Send Flush Turn';
  }

  /**
   * The automatic flush: when the session's gauge has reached OpenClaw's flush line and neither we nor
   * OpenClaw flushed in this compaction epoch, offer (once per session per epoch) the previewed flush.
   * Returns undefined when nothing was offered.
   */
  async offerAutoFlush(s: SessionState): Promise<FlushOutcome | 'declined' | undefined> {
    if (s.remote || !this.deps.settings().memory.autoFlush || !this.writesAllowed()) return undefined;
    // a context-engine plugin compacts: OpenClaw's flush line does not apply, so there is nothing to offer at it
    if (engineGuard(this.deps.service.model, s, 'flush')) return undefined;
    const epoch = s.row.compactionCount ?? s.figures.compactions;
    const tag = `${s.uid}#${epoch}`;
    if (this.offered.has(tag)) return undefined;
    const cfg = this.deps.service.model.stateDirOf(s)?.config.value;
    const store = FlushStateStore.forStateDir(s.stateDir);
    const due = shouldAutoFlushGauge(s.figures, {
      compactionCount: epoch,
      record: store.get(s.row.key),
      openclawFlushedAtCompaction: typeof s.row.memoryFlush?.compactionCount === 'number' ? s.row.memoryFlush.compactionCount : s.row.memoryFlushCompactionCount,
      enabled: memoryFlushEnabled((cfg ?? {}) as Json),
    });
    if (!due) return undefined;
    this.offered.add(tag);
    const c = await this.ui.info(
      `OpenClaw Context: ${s.row.key} crossed the memory-flush line (${formatTokens(s.figures.used)} of ${formatTokens(s.figures.window)}, the line is at ${formatTokens(s.figures.flushAt)}) — Flush to memory? You will see what is appended to today's log first.`,
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

  /** Remember…: see memoryRemember.ts. */
  remember(arg?: unknown): Promise<RememberOutcome> {
    return rememberCommand({ deps: this.deps, writesAllowed: () => this.writesAllowed(), open: (file) => this.openFileAt(file, Number.MAX_SAFE_INTEGER) }, arg);
  }

}
