/**
 * Memories view (issue 6 items 1 and 4): per agent workspace, the bootstrap files OpenClaw injects (raw vs
 * injected size, truncation, [MISSING]), memories/, the daily logs (the ones /new preloads marked) and the
 * DREAMS.md candidates with Accept / Reject; plus the Dream, Accept, Reject, Open and Refresh commands.
 *
 * Provider + nodes only: the rows (labels, descriptions, tooltips, icons, context values) and the prompt
 * texts come from core/memory/viewModel.ts; scanning and planning from core/memory/{workspace,dream}.ts.
 * A workspace is scanned when the view asks for its rows (not while the view is hidden), after a change
 * seen by a file-system watcher on each workspace (debounced), a structure change of the state, or a
 * command.
 *
 * Every write is previewed in the diff editor and confirmed in a modal dialog; in an untrusted VS Code
 * workspace, or when the folder is read-only, the preview is all that happens (and the user is told).
 */
import { closePreviewTabs } from '../shared/previewTabs';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { parseDreams, type ParsedCandidate } from '../../core/memory/dream/candidates';
import { dreamsRel } from '../../core/memory/dream/known';
import { planDream, type DreamPlanOk } from '../../core/memory/dream/plan';
import { planAccept, planReject, type AcceptPlan, type RejectPlan } from '../../core/memory/dream/decide';
import { applyDreamPlan } from '../../core/memory/dream/apply';
import { readTextIfExists, resolveInside } from '../../core/memory/fsSafe';
import { OPEN_COMMAND, type DreamsState, type MemoryRow, type MemoryWorkspaceInput } from '../../core/memory/viewModel/rows';
import { fallbackNote, memoryViewRows } from '../../core/memory/viewModel/view';
import { acceptPrompt, dreamPrompt, nothingToDreamMessage, previewOnlyMessage, refusalMessage, rejectPrompt, type MemoryPrompt } from '../../core/memory/viewModel/prompts';
import { userTimeZone } from '../../core/memory/workspace/dates';
import { scanWorkspace } from '../../core/memory/workspace/scan';
import { agentWorkspaces, showChangePreview, writableDirOf, writesAllowed, type AgentWorkspace, type MemoryDeps } from './memoryShared';
import { tildify } from '../sessions/sessionsTree';
import { Disposable, toDisposable } from '../shared/disposable';
import { groundNote, groundOf } from '../../core/actions';

export const MEMORIES_VIEW_ID = 'openclawContext.memories';
/** What the watchers look at in each workspace: the bootstrap files, DREAMS.md, memories/ and the daily logs. */
export const MEMORY_WATCH_GLOB = '{*.md,memories/**,memory/**}';
const WATCH_DEBOUNCE_MS = 250;

/** What a memory command did (the in-host tests read it from executeCommand's result). */
export type MemoryActionOutcome =
  | { status: 'written'; files: string[] }
  | { status: 'cancelled' }
  | { status: 'nothing'; reason: string; message: string }
  | { status: 'refused'; reason: string; message: string }
  | { status: 'previewOnly'; reason: 'untrusted' | 'readonly'; message: string }
  | { status: 'failed'; message: string };

/** What the commands accept: a row of the view, a `{workspaceDir, candidateId}` / `{path, line}` object, a Uri or a path. */
export type MemoryCommandArg = Partial<Pick<MemoryRow, 'workspaceDir' | 'candidateId' | 'path' | 'line' | 'kind' | 'exists'>> | vscode.Uri | string | undefined;

const errCode = (e: unknown): string | undefined => (e && typeof e === 'object' && 'code' in e ? String((e as { code: unknown }).code) : undefined);
const errMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));
const READ_ONLY_CODES = new Set(['EROFS', 'EACCES', 'EPERM']);

function samePath(a: string, b: string): boolean {
  return path.resolve(a) === path.resolve(b);
}

/** DREAMS.md of a workspace, read and parsed (never throws). */
export function readDreams(workspaceDir: string): DreamsState {
  let rel = 'DREAMS.md';
  try {
    rel = dreamsRel(workspaceDir);
    const text = readTextIfExists(resolveInside(workspaceDir, rel));
    if (text === undefined) return { rel, path: path.join(workspaceDir, rel), exists: false };
    return { rel, path: path.join(workspaceDir, rel), exists: true, parsed: parseDreams(text) };
  } catch (e) {
    return { rel, path: path.join(workspaceDir, rel), exists: true, error: errMessage(e) };
  }
}

/** One workspace as the view model wants it (scan + DREAMS.md). */
export function readMemoryWorkspace(w: AgentWorkspace, now: Date): MemoryWorkspaceInput {
  const input: MemoryWorkspaceInput = {
    scan: scanWorkspace(w.dir, { config: w.config, agentId: w.agentId, family: w.family, now }),
    dreams: readDreams(w.dir),
    agentId: w.agentId,
    stateDir: w.stateDir,
    displayDir: tildify(w.dir),
  };
  if (w.configuredWorkspace) input.configuredWorkspace = w.configuredWorkspace;
  const ro = groundNote(groundOf(w.dir));
  if (ro) input.readOnly = ro.tooltip;
  return input;
}

// ============================================================================================== the tree

export class MemoriesTreeProvider extends Disposable implements vscode.TreeDataProvider<MemoryRow> {
  private readonly emitter = this.register(new vscode.EventEmitter<MemoryRow | undefined>());
  readonly onDidChangeTreeData = this.emitter.event;
  private readonly builtEmitter = this.register(new vscode.EventEmitter<void>());
  /** fires after the rows were rebuilt from disk */
  readonly onDidBuild = this.builtEmitter.event;
  private rows: MemoryRow[] = [];
  private parents = new Map<string, MemoryRow>();
  private dirty = true;
  /** rebuilds so far, and when the last one ran (tests, the visibility refresh) */
  builds = 0;
  lastBuildAt = 0;
  /** the inputs of the last build */
  inputs: MemoryWorkspaceInput[] = [];

  constructor(
    private readonly deps: MemoryDeps,
    private readonly workspaces: () => AgentWorkspace[],
  ) {
    super();
  }

  /** Mark the rows stale and tell VS Code; they are rebuilt when next asked for. */
  refresh(): void {
    this.dirty = true;
    this.emitter.fire(undefined);
  }

  /** The top-level rows (rebuilt from disk when stale). */
  rootRows(): MemoryRow[] {
    if (this.dirty) this.rebuild();
    return this.rows;
  }

  private rebuild(): void {
    this.dirty = false;
    const now = new Date();
    const inputs: MemoryWorkspaceInput[] = [];
    for (const w of this.workspaces()) {
      try {
        inputs.push(readMemoryWorkspace(w, now));
      } catch (e) {
        // scanWorkspace never throws; anything reaching here is a bug, and must not empty the view
        this.deps.diag.report({ severity: 'error', source: `memories ${w.dir}`, message: errMessage(e) });
      }
    }
    this.inputs = inputs;
    this.rows = memoryViewRows(inputs, { now, dreamDays: this.deps.settings().memory.dreamDays });
    this.parents.clear();
    const walk = (rs: MemoryRow[]) => {
      for (const r of rs) {
        for (const c of r.children) this.parents.set(c.id, r);
        walk(r.children);
      }
    };
    walk(this.rows);
    this.builds++;
    this.lastBuildAt = Date.now();
    this.builtEmitter.fire();
  }

  getChildren(row?: MemoryRow): MemoryRow[] {
    if (!row) return this.rootRows();
    return row.children;
  }

  getParent(row: MemoryRow): MemoryRow | undefined {
    return this.parents.get(row.id);
  }

  getTreeItem(row: MemoryRow): vscode.TreeItem {
    const state = row.collapsible === 'none' ? vscode.TreeItemCollapsibleState.None : row.collapsible === 'expanded' ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
    const item = new vscode.TreeItem(row.label, state);
    item.id = row.id;
    item.description = row.description;
    const md = new vscode.MarkdownString(row.tooltip);
    md.supportThemeIcons = false;
    md.supportHtml = false;
    item.tooltip = md;
    item.iconPath = row.color ? new vscode.ThemeIcon(row.icon, new vscode.ThemeColor(row.color)) : new vscode.ThemeIcon(row.icon);
    item.contextValue = row.contextValue;
    item.accessibilityInformation = { label: row.aria };
    if (row.path && row.exists && row.kind !== 'section' && row.kind !== 'workspace') {
      item.resourceUri = vscode.Uri.file(row.path);
      item.command = { command: OPEN_COMMAND, title: 'Open Memory File', arguments: [row] };
    } else if (row.command) item.command = { ...row.command, arguments: [row] };
    return item;
  }
}

// ============================================================================================== the controller

export class MemoriesController extends Disposable {
  readonly tree: MemoriesTreeProvider;
  readonly view: vscode.TreeView<MemoryRow>;
  /** the agent workspaces shown (refreshed on structure changes of the state) */
  workspaces: AgentWorkspace[] = [];
  /** file-system events the watchers delivered (newest last; for diagnostics and tests) */
  readonly watchEvents: string[] = [];
  private readonly watchers = new Map<string, vscode.Disposable>();
  private debounce: NodeJS.Timeout | undefined;
  private hasWorkspace: boolean | undefined;
  private synced = false;
  /** whether writes may happen (an untrusted workspace previews only); the in-host tests replace it */
  writesAllowed: () => boolean = writesAllowed;
  /** whether the workspace folder takes new files (a read-only one previews only); the in-host tests replace it */
  canWrite: (dir: string) => boolean = canWrite;

  constructor(readonly deps: MemoryDeps) {
    super();
    this.register(
      toDisposable(() => {
        if (this.debounce) clearTimeout(this.debounce);
        for (const d of this.watchers.values()) d.dispose();
        this.watchers.clear();
      }),
    );
    this.tree = this.register(new MemoriesTreeProvider(deps, () => this.workspaces));
    const view = (this.view = this.register(vscode.window.createTreeView(MEMORIES_VIEW_ID, { treeDataProvider: this.tree, showCollapseAll: true })));
    const cmd = (id: string, fn: (arg?: MemoryCommandArg) => unknown) => vscode.commands.registerCommand(id, fn);
    for (const d of [
      this.deps.service.onDidChange((r) => {
        if (r.structureChanged || !this.synced) this.sync();
      }),
      view.onDidChangeVisibility((e) => {
        // daily-log "preloaded" marks move at midnight; a view shown again after a while re-reads
        if (e.visible && Date.now() - this.tree.lastBuildAt > 60_000) this.tree.refresh();
      }),
      cmd('openclawContext.memory.refresh', () => this.refresh()),
      cmd(OPEN_COMMAND, (arg) => this.open(arg)),
      cmd('openclawContext.memory.dream', (arg) => this.dream(arg)),
      cmd('openclawContext.memory.acceptDream', (arg) => this.accept(arg)),
      cmd('openclawContext.memory.rejectDream', (arg) => this.reject(arg)),
    ])
      this.register(d);
    if (this.deps.service.ready) this.sync();
  }

  /** Re-read the workspaces the state knows, re-watch them, set the context key, and refresh the view. */
  sync(): void {
    this.synced = true;
    this.workspaces = agentWorkspaces(this.deps.service);
    const has = this.workspaces.length > 0;
    if (has !== this.hasWorkspace) {
      this.hasWorkspace = has;
      void vscode.commands.executeCommand('setContext', 'openclawContext.hasMemoryWorkspace', has);
    }
    this.syncWatchers();
    if (this.view) {
      const one = this.workspaces.length === 1 ? this.workspaces[0] : undefined;
      this.view.description = one ? `${one.agentId} · ${tildify(one.dir)}` : undefined;
      const notes = this.workspaces.map((w) => fallbackNote(w)).filter((n): n is string => !!n);
      this.view.message = notes.length ? notes.join(' ') : undefined;
    }
    this.tree.refresh();
  }

  /** Command: re-read everything now. */
  refresh(): void {
    this.sync();
  }

  private syncWatchers(): void {
    const dirs = this.workspaces.map((w) => w.dir);
    for (const [dir, d] of this.watchers) {
      if (!dirs.includes(dir)) {
        d.dispose();
        this.watchers.delete(dir);
      }
    }
    for (const dir of dirs) {
      if (this.watchers.has(dir)) continue;
      try {
        const w = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(dir), MEMORY_WATCH_GLOB));
        const on = (uri: vscode.Uri) => this.onFileEvent(uri);
        this.watchers.set(dir, vscode.Disposable.from(w, w.onDidCreate(on), w.onDidChange(on), w.onDidDelete(on)));
      } catch (e) {
        this.deps.diag.report({ severity: 'warning', source: `memories ${dir}`, message: `cannot watch the workspace: ${errMessage(e)}` });
      }
    }
  }

  private onFileEvent(uri: vscode.Uri): void {
    if (/\.\d+\.\d+\.[0-9a-f]+\.tmp$/.test(uri.fsPath)) return; // our own atomic-write temp files
    this.watchEvents.push(uri.fsPath);
    if (this.watchEvents.length > 200) this.watchEvents.splice(0, this.watchEvents.length - 200);
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      this.debounce = undefined;
      this.tree.refresh();
    }, WATCH_DEBOUNCE_MS);
  }

  // ------------------------------------------------------------------------------------------ open

  /** Command: open a memory file (a row of the view, a Uri or a path), at the row's line if it has one. */
  async open(arg?: MemoryCommandArg): Promise<vscode.TextEditor | undefined> {
    let file: string | undefined;
    let line: number | undefined;
    let fromView = false;
    if (arg instanceof vscode.Uri) file = arg.fsPath;
    else if (typeof arg === 'string') file = arg;
    else if (arg && typeof arg === 'object') {
      file = arg.path;
      line = arg.line;
      fromView = typeof arg.kind === 'string';
    }
    if (!file) {
      void this.deps.ui().info('Choose a file in the Memories view to open it.');
      return undefined;
    }
    let isFile = false;
    try {
      isFile = fs.statSync(file).isFile();
    } catch {
      /* missing */
    }
    if (!isFile) {
      void this.deps.ui().info(`${path.basename(file)} does not exist (${tildify(file)}).`);
      this.tree.refresh();
      return undefined;
    }
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    const at = line !== undefined && line >= 0 && line < doc.lineCount ? new vscode.Range(line, 0, line, 0) : undefined;
    return vscode.window.showTextDocument(doc, { preview: true, preserveFocus: fromView, ...(at ? { selection: at } : {}) });
  }

  // ------------------------------------------------------------------------------------------ dream

  private async pickWorkspace(arg: MemoryCommandArg, title: string): Promise<AgentWorkspace | undefined> {
    const list = agentWorkspaces(this.deps.service);
    const dir = typeof arg === 'string' ? arg : arg instanceof vscode.Uri ? arg.fsPath : arg?.workspaceDir;
    if (dir) {
      const w = list.find((x) => samePath(x.dir, dir));
      if (w) return w;
    }
    if (list.length === 1) return list[0];
    if (!list.length) {
      void this.deps.ui().info('No agent workspace found. OpenClaw keeps MEMORY.md, memories/ and the daily logs in its workspace (by default ~/.openclaw/workspace).');
      return undefined;
    }
    const picked = await this.deps.ui().pick(
      list.map((w) => ({ label: w.agentId, description: tildify(w.dir), detail: tildify(w.stateDir), w })),
      { title, placeHolder: 'Agent workspace' },
    );
    return picked?.w;
  }

  /** Command: consolidate the last N days of daily logs into DREAMS.md candidates (preview → confirm → write). */
  async dream(arg?: MemoryCommandArg): Promise<MemoryActionOutcome> {
    const w = await this.pickWorkspace(arg, 'Dream: which agent workspace?');
    if (!w) return { status: 'cancelled' };
    const plan = planDream({ workspaceDir: w.dir, now: new Date(), timeZone: userTimeZone(w.config), days: this.deps.settings().memory.dreamDays });
    this.logWarnings(w, plan.warnings);
    if (plan.status !== 'ok') {
      const message = nothingToDreamMessage(plan);
      void this.deps.ui().info(message);
      return { status: 'nothing', reason: plan.reason, message };
    }
    const n = plan.added.length;
    await showChangePreview(this.deps.docs, plan.targetRel, plan.before, plan.after, `${plan.targetRel}: ${n} new candidate${n === 1 ? '' : 's'} (preview)`);
    const out = await this.confirmAndApply(w, plan, dreamPrompt(plan), [plan.targetRel]);
    if (out.status === 'written') vscode.window.setStatusBarMessage(`$(sparkle) Staged ${n} memory candidate${n === 1 ? '' : 's'} in ${plan.targetRel}`, 6000);
    return out;
  }

  // ------------------------------------------------------------------------------------------ accept / reject

  /** The candidate a command is about: the row's, or one the user picks among the pending ones. */
  private async pickCandidate(arg: MemoryCommandArg, verb: 'Accept' | 'Reject'): Promise<{ w: AgentWorkspace; id: string } | undefined> {
    const list = agentWorkspaces(this.deps.service);
    if (arg && typeof arg === 'object' && !(arg instanceof vscode.Uri) && arg.candidateId && arg.workspaceDir) {
      const w = list.find((x) => samePath(x.dir, arg.workspaceDir!));
      if (w) return { w, id: arg.candidateId };
      void this.deps.ui().warn(`${tildify(arg.workspaceDir)} is no longer an agent workspace; nothing was changed.`);
      return undefined;
    }
    const items: Array<vscode.QuickPickItem & { w: AgentWorkspace; c: ParsedCandidate }> = [];
    for (const w of list) {
      const d = readDreams(w.dir);
      for (const c of d.parsed?.candidates ?? []) {
        if (c.status !== 'pending') continue;
        items.push({ label: c.finding.length > 100 ? `${c.finding.slice(0, 99)}…` : c.finding, description: `${c.category} · score ${c.score.toFixed(1)}`, detail: `${c.id} · ${list.length > 1 ? `${w.agentId} · ` : ''}${tildify(d.path)}`, w, c });
      }
    }
    if (!items.length) {
      void this.deps.ui().info('No pending memory candidates. Run "Dream: Consolidate Daily Logs into Candidates…" first.');
      return undefined;
    }
    const picked = await this.deps.ui().pick(items, { title: `${verb} which memory candidate?`, placeHolder: 'Pending candidates from DREAMS.md', matchOnDescription: true, matchOnDetail: true });
    return picked ? { w: picked.w, id: picked.c.id } : undefined;
  }

  /** Command: accept a candidate (pointer line → MEMORY.md, status → DREAMS.md), previewed and confirmed. */
  async accept(arg?: MemoryCommandArg): Promise<MemoryActionOutcome> {
    const target = await this.pickCandidate(arg, 'Accept');
    if (!target) return { status: 'cancelled' };
    const { w, id } = target;
    const plan = planAccept(id, w.dir, { now: new Date(), timeZone: userTimeZone(w.config) });
    this.logWarnings(w, plan.warnings);
    if (plan.status !== 'ok') return this.refused(plan);
    const m = plan.memory!;
    if (m.alreadyPresent && plan.dreams) await showChangePreview(this.deps.docs, plan.dreams.targetRel, plan.dreams.before, plan.dreams.after, `${plan.dreams.targetRel}: ${id} accepted (preview)`);
    else await showChangePreview(this.deps.docs, m.targetRel, m.before, m.after, `${m.targetRel}: + 1 pointer line (preview)`);
    const files = [...(m.after !== m.before ? [m.targetRel] : []), ...(plan.dreams ? [plan.dreams.targetRel] : [])];
    const out = await this.confirmAndApply(w, plan, acceptPrompt(plan), files);
    if (out.status === 'written') vscode.window.setStatusBarMessage(`$(check) ${m.alreadyPresent ? `Marked ${id} accepted` : `Added 1 line to ${m.targetRel}`}`, 6000);
    return out;
  }

  /** Command: reject a candidate (status → DREAMS.md), previewed and confirmed. */
  async reject(arg?: MemoryCommandArg): Promise<MemoryActionOutcome> {
    const target = await this.pickCandidate(arg, 'Reject');
    if (!target) return { status: 'cancelled' };
    const { w, id } = target;
    const plan = planReject(id, w.dir, { now: new Date(), timeZone: userTimeZone(w.config) });
    this.logWarnings(w, plan.warnings);
    if (plan.status !== 'ok') return this.refused(plan);
    const d = plan.dreams!;
    await showChangePreview(this.deps.docs, d.targetRel, d.before, d.after, `${d.targetRel}: ${id} rejected (preview)`);
    const out = await this.confirmAndApply(w, plan, rejectPrompt(plan), [d.targetRel]);
    if (out.status === 'written') vscode.window.setStatusBarMessage(`$(close) Rejected ${id}`, 6000);
    return out;
  }

  private refused(plan: AcceptPlan | RejectPlan): MemoryActionOutcome {
    const r = refusalMessage(plan);
    const ui = this.deps.ui();
    if (r.severity === 'info') void ui.info(r.message);
    else if (r.severity === 'warn') void ui.warn(r.message);
    else void ui.error(r.message);
    if (plan.reason === 'not-found') this.tree.refresh();
    return { status: 'refused', reason: plan.reason ?? 'refused', message: r.message };
  }

  // ------------------------------------------------------------------------------------------ writing

  /** After the preview: ask and write (confirmWrite); the preview closes then, unless it is all there is (preview only). */
  private async confirmAndApply(w: AgentWorkspace, plan: DreamPlanOk | AcceptPlan | RejectPlan, prompt: MemoryPrompt, files: string[]): Promise<MemoryActionOutcome> {
    let out: MemoryActionOutcome | undefined;
    try {
      return (out = await this.confirmWrite(w, plan, prompt, files));
    } finally {
      if (out?.status !== 'previewOnly') await closePreviewTabs();
    }
  }

  /** Untrusted / read-only → say so and stop; else ask, then write through the engine. */
  private async confirmWrite(w: AgentWorkspace, plan: DreamPlanOk | AcceptPlan | RejectPlan, prompt: MemoryPrompt, files: string[]): Promise<MemoryActionOutcome> {
    const ui = this.deps.ui();
    if (!this.writesAllowed()) return this.previewOnly('untrusted', w, files);
    if (!this.canWrite(w.dir)) return this.previewOnly('readonly', w, files);
    const writable = writableDirOf(w);
    if ('error' in writable) {
      const message = `Could not write ${files.join(' and ')}: ${writable.error}`;
      void ui.error(message);
      return { status: 'failed', message };
    }
    const choice = await ui.confirm(prompt.message, prompt.detail, prompt.button);
    if (choice !== prompt.button) return { status: 'cancelled' };
    let res: ReturnType<typeof applyDreamPlan>;
    try {
      res = applyDreamPlan(plan, w.dir);
    } catch (e) {
      const code = errCode(e);
      if (code && READ_ONLY_CODES.has(code)) return this.previewOnly('readonly', w, files);
      const message = `Could not write ${files.join(' and ')}: ${errMessage(e)}`;
      this.deps.diag.report({ severity: 'error', source: `memories ${w.dir}`, message });
      void ui.error(message);
      return { status: 'failed', message };
    } finally {
      this.tree.refresh();
    }
    if (res.status === 'refused') {
      if (res.code === 'readonly') return this.previewOnly('readonly', w, files);
      void ui.warn(res.message);
      return { status: 'refused', reason: res.code, message: res.message };
    }
    this.deps.diag.info(`memories: wrote ${res.files.join(', ')}`);
    return { status: 'written', files: res.files };
  }

  private previewOnly(reason: 'untrusted' | 'readonly', w: AgentWorkspace, files: string[]): MemoryActionOutcome {
    const message = previewOnlyMessage(reason, files, tildify(w.dir));
    void (reason === 'untrusted' ? this.deps.ui().info(message) : this.deps.ui().warn(message));
    return { status: 'previewOnly', reason, message };
  }

  private logWarnings(w: AgentWorkspace, warnings: readonly string[]): void {
    for (const m of warnings) this.deps.diag.report({ severity: 'warning', source: `memories ${w.dir}`, message: m });
  }

}

/** The folder accepts new files (temp + rename needs that). */
function canWrite(dir: string): boolean {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
