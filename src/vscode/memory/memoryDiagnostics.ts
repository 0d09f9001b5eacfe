/**
 * Memory lint as VS Code diagnostics (issue 6 item 2): the problems `src/core/memory/lint/` finds in each
 * agent workspace's MEMORY.md, bootstrap files and memories/errors.md, in the Problems panel, with quick
 * fixes where the engine offers one.
 *
 * When it lints (one workspace at a time, debounced per workspace; a lint of the fixture workspace takes a
 * few ms):
 * - after the service's first refresh, and whenever the set of agent workspaces (or their caps) changes;
 * - while a lintable document (MEMORY.md / memory.md, a bootstrap file, memories/errors.md) of an agent
 *   workspace is edited: 300 ms after the last change, with the live text of every unsaved document and
 *   the disk text of the rest, so the diagnostics follow typing;
 * - on save and when a document closes (its unsaved text no longer counts);
 * - when `{*.md,memories/**,memory/**}` changes on disk under the workspace (pointer targets appear or go);
 * - when `openclawContext.memory.lint` is turned on (turned off: every diagnostic is cleared, nothing runs).
 * Edits to other files never lint; only `.md` files under an agent workspace are looked at.
 *
 * errors.md baseline: `ErrorsBaselineStore.forStateDir(ws.stateDir)` (the CLI's store too). The baseline moves
 * forward when the file *on disk* passes the append-only rule (an append), and stays put when it does not
 * (a rewrite stays flagged until it is undone); unsaved text is checked against it but never recorded.
 *
 * Quick fixes: a problem's `fix` becomes a WorkspaceEdit, offered only while the document's text is the
 * text the diagnostics were computed from. In an untrusted workspace (reading only, ../shared/trust) the fix is
 * shown disabled with the reason, without an edit, and the errors.md baseline is checked but never recorded.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Disposable, toDisposable } from '../shared/disposable';
import { type MemoryProblem, type Severity } from '../../core/memory/lint/problems';
import { ErrorsBaselineStore } from '../../core/memory/lint/errorsBaseline';
import { lintWorkspaceDetailed } from '../../core/memory/lint/lintWorkspace';
import { BOOTSTRAP_FIXED_FILES, ERRORS_REL, MEMORY_ALT_FILE, MEMORY_FILE } from '../../core/memory/workspace/layout';
import { bootstrapCaps } from '../../core/memory/workspace/bootstrap';
import { agentWorkspaces, type AgentWorkspace, type MemoryDeps } from './memoryShared';
import { untrustedWrite, writesAllowed } from '../shared/trust';
import { SECTION } from '../shared/settings';

export const MEMORY_DIAGNOSTIC_SOURCE = 'OpenClaw Context';
export const MEMORY_DIAGNOSTIC_COLLECTION = 'openclaw-memory';
const LINT_SETTING = `${SECTION}.memory.lint`;
/** after the last keystroke in a lintable document */
export const TYPING_DEBOUNCE_MS = 300;
/** after a file event, a save or a close (bursts of events become one lint) */
const FILE_DEBOUNCE_MS = 120;

/** Workspace-relative paths whose text the linter reads (the rest only matter as pointer targets). */
const LINTABLE: ReadonlySet<string> = new Set<string>([...BOOTSTRAP_FIXED_FILES, MEMORY_FILE, MEMORY_ALT_FILE, ERRORS_REL]);

const SEVERITY: Record<Severity, vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

interface Published {
  /** the text the problems were computed from (to check a quick fix still applies) */
  text: string;
  /** the live document's version when that text was unsaved editor text */
  version?: number;
  problems: MemoryProblem[];
}

interface WsState {
  ws: AgentWorkspace;
  /** what the lint depends on besides the files: re-lint when it changes */
  key: string;
  /** realpath of ws.dir (documents may be opened through either) */
  real: string;
  store: ErrorsBaselineStore;
  watcher?: vscode.FileSystemWatcher;
  timer?: NodeJS.Timeout;
  /** URIs (toString) that have diagnostics of this workspace */
  uris: Set<string>;
  /** per URI with a fixable problem: the text and the problems */
  fixable: Map<string, Published>;
  problems: MemoryProblem[];
}

export interface MemoryLintStats {
  lints: number;
  lastMs: number;
  maxMs: number;
  totalMs: number;
}

export class MemoryDiagnostics extends Disposable implements vscode.CodeActionProvider {
  static readonly providedCodeActionKinds = [vscode.CodeActionKind.QuickFix];
  readonly collection = this.register(vscode.languages.createDiagnosticCollection(MEMORY_DIAGNOSTIC_COLLECTION));
  private readonly states = new Map<string, WsState>();
  private enabled = readEnabled();
  private started = false;
  private readonly linted = new vscode.EventEmitter<{ dir: string; problems: MemoryProblem[] }>();
  /** after each lint of a workspace (tests, other views) */
  readonly onDidLint = this.linted.event;
  /** lint timings (ms), for diagnostics and tests */
  readonly stats: MemoryLintStats = { lints: 0, lastMs: 0, maxMs: 0, totalMs: 0 };

  constructor(readonly deps: MemoryDeps) {
    super();
    this.register(
      toDisposable(() => {
        for (const st of this.states.values()) {
          if (st.timer) clearTimeout(st.timer);
          st.watcher?.dispose();
        }
        this.states.clear();
      }),
    );
  }

  /** Subscribe, register the code actions and the command (owned by this object), and lint what is there. */
  start(): void {
    const subs: vscode.Disposable[] = [
      this.linted,
      this.deps.service.onDidChange(() => this.sync()),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length === 0) return;
        const hit = this.locate(e.document.uri);
        if (hit && LINTABLE.has(hit.rel)) this.schedule(hit.state, TYPING_DEBOUNCE_MS);
      }),
      vscode.workspace.onDidSaveTextDocument((d) => {
        const hit = this.locate(d.uri);
        if (hit) this.schedule(hit.state, FILE_DEBOUNCE_MS);
      }),
      vscode.workspace.onDidCloseTextDocument((d) => {
        const hit = this.locate(d.uri);
        if (hit && LINTABLE.has(hit.rel)) this.schedule(hit.state, FILE_DEBOUNCE_MS);
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration(LINT_SETTING)) return;
        const next = readEnabled();
        if (next === this.enabled) return;
        this.enabled = next;
        if (next) this.lintAll();
        else this.clearAll();
      }),
      vscode.languages.registerCodeActionsProvider({ scheme: 'file', pattern: '**/*.{md,MD,markdown}' }, this, { providedCodeActionKinds: MemoryDiagnostics.providedCodeActionKinds }),
      vscode.commands.registerCommand('openclawContext.memory.lint', () => this.checkNow()),
    ];
    subs.forEach((d) => this.register(d));
    if (this.deps.service.ready) this.sync();
  }

  // ------------------------------------------------------------------------------------------------
  // Workspaces

  /** Follow the service's agent workspaces: watch and lint new ones, forget removed ones. */
  private sync(): void {
    if (this.isDisposed) return;
    if (!this.deps.service.ready) return;
    const first = !this.started;
    this.started = true;
    let list: AgentWorkspace[];
    try {
      list = agentWorkspaces(this.deps.service);
    } catch (err) {
      this.report(err, 'listing agent workspaces');
      return;
    }
    const seen = new Set<string>();
    for (const ws of list) {
      seen.add(ws.dir);
      const caps = bootstrapCaps(ws.config, ws.agentId);
      const key = JSON.stringify([ws.stateDir, ws.agentId, ws.ownStateDir, caps.maxChars, caps.totalMaxChars]);
      const old = this.states.get(ws.dir);
      if (old && old.key === key) {
        old.ws = ws;
        continue;
      }
      if (old) this.drop(old);
      const st: WsState = { ws, key, real: realpath(ws.dir), store: ErrorsBaselineStore.forStateDir(ws.stateDir), uris: new Set(), fixable: new Map(), problems: [] };
      this.states.set(ws.dir, st);
      if (this.enabled) {
        this.watch(st);
        if (first) this.lintState(st);
        else this.schedule(st, 0);
      }
    }
    for (const [dir, st] of [...this.states]) if (!seen.has(dir)) this.drop(st);
  }

  private watch(st: WsState): void {
    if (st.watcher) return;
    const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(st.ws.dir), '{*.md,memories/**,memory/**}'));
    const on = () => this.schedule(st, FILE_DEBOUNCE_MS);
    w.onDidCreate(on);
    w.onDidChange(on);
    w.onDidDelete(on);
    st.watcher = w;
  }

  private drop(st: WsState): void {
    if (st.timer) clearTimeout(st.timer);
    st.timer = undefined;
    st.watcher?.dispose();
    st.watcher = undefined;
    this.unpublish(st);
    if (this.states.get(st.ws.dir) === st) this.states.delete(st.ws.dir);
  }

  private unpublish(st: WsState): void {
    for (const u of st.uris) this.collection.delete(vscode.Uri.parse(u));
    st.uris.clear();
    st.fixable.clear();
    st.problems = [];
  }

  private clearAll(): void {
    for (const st of this.states.values()) {
      if (st.timer) clearTimeout(st.timer);
      st.timer = undefined;
      st.watcher?.dispose();
      st.watcher = undefined;
      st.uris.clear();
      st.fixable.clear();
      st.problems = [];
    }
    this.collection.clear();
  }

  /** The agent workspace a file belongs to (the innermost), and its workspace-relative path. Only `.md` files. */
  private locate(uri: vscode.Uri): { state: WsState; rel: string } | undefined {
    if (!this.enabled || uri.scheme !== 'file' || !/\.(md|markdown)$/i.test(uri.path) || this.states.size === 0) return undefined;
    const file = uri.fsPath;
    let best: { state: WsState; rel: string; depth: number } | undefined;
    for (const st of this.states.values()) {
      for (const root of st.real === st.ws.dir ? [st.ws.dir] : [st.ws.dir, st.real]) {
        const rel = path.relative(root, file);
        if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) continue;
        if (!best || root.length > best.depth) best = { state: st, rel: rel.split(path.sep).join('/'), depth: root.length };
      }
    }
    return best && { state: best.state, rel: best.rel };
  }

  private schedule(st: WsState, delayMs: number): void {
    if (this.isDisposed || !this.enabled) return;
    if (st.timer) clearTimeout(st.timer);
    st.timer = setTimeout(() => {
      st.timer = undefined;
      if (this.states.get(st.ws.dir) === st) this.lintState(st);
    }, delayMs);
  }

  private lintAll(): MemoryProblem[] {
    if (!this.started) this.sync();
    const all: MemoryProblem[] = [];
    for (const st of this.states.values()) {
      this.watch(st);
      if (st.timer) clearTimeout(st.timer);
      st.timer = undefined;
      all.push(...this.lintState(st));
    }
    return all;
  }

  // ------------------------------------------------------------------------------------------------
  // Linting

  /** Lint one workspace now (disk text, overlaid with unsaved editor text) and publish the result. */
  private lintState(st: WsState): MemoryProblem[] {
    if (this.isDisposed || !this.enabled) return [];
    const t0 = performance.now();
    let problems: MemoryProblem[];
    let texts: Map<string, { text: string; version?: number; uri?: vscode.Uri }>;
    try {
      ({ problems, texts } = this.collect(st));
    } catch (err) {
      this.report(err, st.ws.dir);
      return st.problems;
    }
    const ms = performance.now() - t0;
    this.stats.lints++;
    this.stats.lastMs = ms;
    this.stats.totalMs += ms;
    this.stats.maxMs = Math.max(this.stats.maxMs, ms);
    this.publish(st, problems, texts);
    this.linted.fire({ dir: st.ws.dir, problems });
    return problems;
  }

  /** The workspace's files linted with unsaved editor text in place of the disk text (the baseline follows the disk only). */
  private collect(st: WsState): { problems: MemoryProblem[]; texts: Map<string, { text: string; version?: number; uri?: vscode.Uri }> } {
    const { ws } = st;
    const overrides = new Map<string, string>();
    const live = new Map<string, { version: number; uri: vscode.Uri }>();
    for (const doc of vscode.workspace.textDocuments) {
      if (!doc.isDirty) continue;
      const hit = this.locate(doc.uri);
      if (!hit || hit.state !== st || !LINTABLE.has(hit.rel)) continue;
      overrides.set(hit.rel, doc.getText());
      live.set(hit.rel, { version: doc.version, uri: doc.uri });
    }
    const r = lintWorkspaceDetailed(ws.dir, { config: ws.config, agentId: ws.agentId, baselineStore: st.store, updateBaseline: writesAllowed(), overrides });
    const texts = new Map<string, { text: string; version?: number; uri?: vscode.Uri }>();
    for (const [rel, text] of r.files) texts.set(rel, { text, ...live.get(rel) });
    return { problems: r.problems, texts };
  }

  private publish(st: WsState, problems: MemoryProblem[], texts: Map<string, { text: string; version?: number; uri?: vscode.Uri }>): void {
    const byUri = new Map<string, { uri: vscode.Uri; diags: vscode.Diagnostic[]; problems: MemoryProblem[]; rel: string }>();
    for (const p of problems) {
      const uri = texts.get(p.file)?.uri ?? vscode.Uri.file(path.join(st.ws.dir, ...p.file.split('/')));
      const k = uri.toString();
      let e = byUri.get(k);
      if (!e) byUri.set(k, (e = { uri, diags: [], problems: [], rel: p.file }));
      e.diags.push(toDiagnostic(p));
      e.problems.push(p);
    }
    for (const u of st.uris) if (!byUri.has(u)) this.collection.delete(vscode.Uri.parse(u));
    st.uris = new Set(byUri.keys());
    st.fixable.clear();
    for (const [k, e] of byUri) {
      this.collection.set(e.uri, e.diags);
      const fixes = e.problems.filter((p) => p.fix);
      const t = texts.get(e.rel);
      if (fixes.length && t) st.fixable.set(k, { text: t.text, ...(t.version !== undefined ? { version: t.version } : {}), problems: fixes });
    }
    st.problems = problems;
  }

  // ------------------------------------------------------------------------------------------------
  // Quick fixes

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const ours = context.diagnostics.filter((d) => d.source === MEMORY_DIAGNOSTIC_SOURCE);
    if (ours.length === 0) return [];
    if (context.only && !context.only.contains(vscode.CodeActionKind.QuickFix)) return [];
    const hit = this.locate(document.uri);
    if (!hit) return [];
    const pub = hit.state.fixable.get(document.uri.toString()) ?? [...hit.state.fixable.entries()].find(([k]) => vscode.Uri.parse(k).fsPath === document.uri.fsPath)?.[1];
    if (!pub) return [];
    // the diagnostics must still describe this text (an edit since the lint moves the lines)
    if (!(pub.version !== undefined && pub.version === document.version) && document.getText() !== pub.text) return [];
    const actions: vscode.CodeAction[] = [];
    const untrusted = untrustedWrite('fix');
    for (const d of ours) {
      const code = typeof d.code === 'object' ? d.code.value : d.code;
      const p = pub.problems.find((x) => x.code === code && x.message === d.message && x.line === d.range.start.line && x.column === d.range.start.character && x.endLine === d.range.end.line && x.endColumn === d.range.end.character);
      if (!p?.fix) continue;
      const action = new vscode.CodeAction(p.fix.title, vscode.CodeActionKind.QuickFix);
      action.diagnostics = [d];
      if (untrusted) {
        action.disabled = { reason: untrusted.message };
      } else {
        const edit = new vscode.WorkspaceEdit();
        for (const e of p.fix.edits) edit.replace(document.uri, new vscode.Range(e.range.line, e.range.column, e.range.endLine, e.range.endColumn), e.newText);
        action.edit = edit;
        action.isPreferred = true;
      }
      actions.push(action);
    }
    return actions;
  }

  // ------------------------------------------------------------------------------------------------
  // The command

  /** `openclawContext.memory.lint`: lint every agent workspace now, open the Problems panel, report the count. */
  async checkNow(): Promise<MemoryProblem[]> {
    if (!this.enabled) {
      const turnOn = 'Turn On';
      const pick = await this.deps.ui().info(`Memory file checks are turned off (${LINT_SETTING}).`, turnOn);
      if (pick !== turnOn) return [];
      await vscode.workspace.getConfiguration(SECTION).update('memory.lint', true, vscode.ConfigurationTarget.Global);
      this.enabled = true; // the configuration listener may have run already; linting twice is harmless
    }
    if (!this.started && !this.deps.service.ready) this.deps.service.refreshNow(true);
    this.sync();
    const problems = this.lintAll();
    const dirs = [...this.states.keys()];
    this.deps.diag.info(`memory lint: ${problems.length} problem(s) in ${dirs.length} workspace(s), ${this.stats.lastMs.toFixed(1)} ms for the last`);
    if (dirs.length === 0) {
      void this.deps.ui().info('No OpenClaw agent workspace found to check.');
      return problems;
    }
    await openProblemsPanel();
    void this.deps.ui().info(summary(problems, dirs));
    return problems;
  }

  /** The problems last published for a workspace (tests, other views). */
  problemsOf(dir: string): MemoryProblem[] {
    return this.states.get(dir)?.problems ?? [];
  }

  /** The agent workspaces being checked. */
  get workspaceDirs(): string[] {
    return [...this.states.keys()];
  }

  get isEnabled(): boolean {
    return this.enabled;
  }

  private report(err: unknown, where: string): void {
    this.deps.diag.report({ severity: 'error', source: 'memory lint', message: `${where}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}` });
  }

}

/**
 * Show and focus the Problems panel. `workbench.actions.view.problems` is a toggle (it closes the panel
 * when the panel has focus), so the view's own focus command goes first.
 */
async function openProblemsPanel(): Promise<void> {
  try {
    await vscode.commands.executeCommand('workbench.panel.markers.view.focus');
  } catch {
    await vscode.commands.executeCommand('workbench.actions.view.problems').then(undefined, () => undefined);
  }
}

function readEnabled(): boolean {
  return vscode.workspace.getConfiguration(SECTION).get<boolean>('memory.lint', true) !== false;
}

function realpath(p: string): string {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return p;
  }
}

export function toDiagnostic(p: MemoryProblem): vscode.Diagnostic {
  const d = new vscode.Diagnostic(new vscode.Range(p.line, p.column, p.endLine, p.endColumn), p.message, SEVERITY[p.severity]);
  d.source = MEMORY_DIAGNOSTIC_SOURCE;
  d.code = p.code;
  return d;
}

/** "Memory files: 2 problems (+1 info) in <dir>", or "no problems". */
export function summary(problems: MemoryProblem[], dirs: string[]): string {
  const infos = problems.filter((p) => p.severity === 'info').length;
  const n = problems.length - infos;
  const where = dirs.length === 1 ? dirs[0]! : `${dirs.length} agent workspaces`;
  if (problems.length === 0) return `Memory files: no problems in ${where}.`;
  const info = infos ? `${n ? ' (+' : ''}${infos} info${n ? ')' : ''}` : '';
  return `Memory files: ${n ? `${n} problem${n === 1 ? '' : 's'}` : ''}${info} in ${where}.`;
}
