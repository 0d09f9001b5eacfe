/**
 * The Tools & Skills view: per tool its calls, success rate, mean and p95 duration and its most common
 * errors; per skill its reads and the outcome of the turns that read it (core/memory/toolStats.ts over
 * every transcript of every session, the rows from core/memory/toolsViewModel.ts).
 *
 * The statistics are computed lazily: when the view becomes visible, on Refresh, and (debounced) after the
 * sessions changed while the view is visible; a change while it is hidden only marks them stale. The
 * reading yields between sessions so the extension host stays responsive on large state dirs.
 * `openclawContext.hasToolStats` is true once a computation found a tool call or a skill read (the view's
 * welcome text covers the rest). Export Markdown opens seed 004's "Tool Usage Memories" block in an
 * untitled document and offers to copy it.
 */
import { showMarkdownPreview } from '../shared/reports';
import * as vscode from 'vscode';
import type { SessionState } from '../../core/context/model';
import { toolStats, toolStatsMarkdown, type ToolStat, type ToolStats, type ToolStatsSession } from '../../core/memory/toolStats';
import { hasToolStats, skillRow, skillsGroupRow, toolErrorRow, toolRow, toolsGroupRow, type ToolsRowModel } from '../../core/memory/toolsViewModel';
import type { MemoryDeps } from './memoryShared';
import { Disposable, toDisposable } from '../shared/disposable';

export const TOOLS_VIEW_ID = 'openclawContext.tools';
/** Debounce of a recomputation after the sessions changed (transcripts are re-read in full). */
export const TOOLS_REFRESH_DEBOUNCE_MS = 2_000;

export type ToolsNode =
  | { type: 'group'; group: 'tools' | 'skills'; row: ToolsRowModel }
  | { type: 'tool'; tool: ToolStat; row: ToolsRowModel }
  | { type: 'toolError'; tool: ToolStat; row: ToolsRowModel }
  | { type: 'skill'; row: ToolsRowModel };

export interface ToolsComputation {
  stats: ToolStats;
  /** wall time of the whole computation (reading the transcripts included) */
  ms: number;
  /** of which: loading the entries */
  loadMs: number;
  entries: number;
  at: number;
}

const yieldToHost = () => new Promise<void>((r) => setImmediate(r));

export class ToolsController extends Disposable implements vscode.TreeDataProvider<ToolsNode> {
  private readonly emitter = this.register(new vscode.EventEmitter<ToolsNode | undefined>());
  readonly onDidChangeTreeData = this.emitter.event;
  private view: vscode.TreeView<ToolsNode> | undefined;
  /** the last computation (undefined before the first) */
  last: ToolsComputation | undefined;
  private stale = true;
  private running: Promise<ToolsComputation> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(readonly deps: MemoryDeps) {
    super();
    this.register(toDisposable(() => this.timer && clearTimeout(this.timer)));
    this.view = this.register(vscode.window.createTreeView(TOOLS_VIEW_ID, { treeDataProvider: this, showCollapseAll: true }));
    for (const d of [
      this.view.onDidChangeVisibility((e) => {
        if (e.visible && this.stale) void this.refresh().catch(() => undefined); // reported in diagnostics
      }),
      this.deps.service.onDidChange((r) => {
        if (!r.changed.length && !r.structureChanged) return;
        this.stale = true;
        if (this.view?.visible) this.schedule();
      }),
      vscode.commands.registerCommand('openclawContext.tools.refresh', () => this.refresh()),
      vscode.commands.registerCommand('openclawContext.tools.exportMarkdown', () => this.exportMarkdown()),
    ])
      this.register(d);
    void vscode.commands.executeCommand('setContext', 'openclawContext.hasToolStats', false);
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.refresh().catch(() => undefined); // reported in diagnostics
    }, TOOLS_REFRESH_DEBOUNCE_MS);
  }

  /** Recompute now (a computation already running is followed by one more, so nothing is missed). */
  refresh(): Promise<ToolsComputation> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = (async (): Promise<ToolsComputation> => {
      let out: ToolsComputation;
      do {
        this.again = false;
        this.stale = false;
        out = await this.computeWithProgress();
      } while (this.again && !this.isDisposed);
      return out;
    })();
    this.running = run;
    const clear = () => {
      if (this.running === run) this.running = undefined;
    };
    run.then(clear, clear);
    return run;
  }

  private async computeWithProgress(): Promise<ToolsComputation> {
    if (this.view) this.view.message = undefined;
    return vscode.window.withProgress({ location: { viewId: TOOLS_VIEW_ID } }, async () => {
      let c: ToolsComputation;
      try {
        c = await this.compute();
      } catch (err) {
        this.deps.diag.report({ severity: 'error', source: 'tool statistics', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
        if (this.view) this.view.message = 'The tool statistics could not be computed (see Show Diagnostics).';
        this.stale = true;
        throw err;
      }
      this.last = c;
      this.deps.diag.info(`tool statistics: ${c.stats.totalCalls} calls of ${c.stats.tools.length} tools, ${c.stats.skills.length} skills in ${c.stats.sessions} transcripts (${c.entries} entries) in ${Math.round(c.ms)} ms (loading ${Math.round(c.loadMs)} ms)`);
      void vscode.commands.executeCommand('setContext', 'openclawContext.hasToolStats', hasToolStats(c.stats));
      this.emitter.fire(undefined);
      return c;
    });
  }

  /** Every session's whole transcript (not only the active path: tool use before a compaction counts too). */
  private async compute(): Promise<ToolsComputation> {
    const t0 = performance.now();
    let loadMs = 0;
    let entries = 0;
    const sessions: ToolStatsSession[] = [];
    const list = [...this.deps.service.model.sessions()].sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
    for (const s0 of list) {
      if (this.isDisposed) break;
      const l0 = performance.now();
      const got = this.entriesOf(s0);
      loadMs += performance.now() - l0;
      if (got) {
        sessions.push(got);
        entries += got.entries.length;
      }
      await yieldToHost();
    }
    const stats = toolStats(sessions);
    return { stats, ms: performance.now() - t0, loadMs, entries, at: Date.now() };
  }

  private entriesOf(s0: SessionState): ToolStatsSession | undefined {
    const model = this.deps.service.model;
    const s = model.ensureTranscript(s0.uid);
    if (!s?.index) return undefined;
    const full = model.loadEntries(s.uid, s.index.entries).filter((e): e is Record<string, unknown> => !!e);
    return { key: s.row.key, sessionId: s.row.sessionId, entries: full };
  }

  // ------------------------------------------------------------------------------------------ tree

  getTreeItem(n: ToolsNode): vscode.TreeItem {
    const r = n.row;
    const state = !r.expandable ? vscode.TreeItemCollapsibleState.None : n.type === 'group' ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
    const item = new vscode.TreeItem(r.label, state);
    item.id = r.id;
    item.description = r.description;
    item.iconPath = new vscode.ThemeIcon(r.icon, r.color ? new vscode.ThemeColor(r.color) : undefined);
    const tip = new vscode.MarkdownString(r.tooltip);
    tip.supportThemeIcons = false;
    item.tooltip = tip;
    item.accessibilityInformation = { label: r.text };
    item.contextValue = n.type === 'group' ? `toolsGroup.${n.group}` : n.type;
    return item;
  }

  getChildren(n?: ToolsNode): ToolsNode[] {
    const c = this.last;
    if (!n) {
      if (!c) {
        // the view asks for its rows when it shows: compute then (the welcome text shows meanwhile)
        if (!this.running && this.stale) void this.refresh().catch(() => undefined);
        return [];
      }
      if (!hasToolStats(c.stats)) return [];
      const out: ToolsNode[] = [{ type: 'group', group: 'tools', row: toolsGroupRow(c.stats, c.ms) }];
      if (c.stats.skills.length) out.push({ type: 'group', group: 'skills', row: skillsGroupRow(c.stats) });
      return out;
    }
    if (!c) return [];
    if (n.type === 'group') {
      if (n.group === 'tools') return c.stats.tools.map((t) => ({ type: 'tool', tool: t, row: toolRow(t) }));
      const now = Date.now();
      return c.stats.skills.map((s) => ({ type: 'skill', row: skillRow(s, now) }));
    }
    if (n.type === 'tool') return n.tool.commonErrors.map((e, i) => ({ type: 'toolError', tool: n.tool, row: toolErrorRow(n.tool, e, i) }));
    return [];
  }

  /** The tool nodes (for tests and callers that want the rows without the groups). */
  toolNodes(): Array<Extract<ToolsNode, { type: 'tool' }>> {
    const group = this.getChildren().find((n) => n.type === 'group' && n.group === 'tools');
    return group ? (this.getChildren(group) as Array<Extract<ToolsNode, { type: 'tool' }>>) : [];
  }

  // ------------------------------------------------------------------------------------------ export

  /** The statistics as a Markdown block (the layout memories/TOOLS.md use), rendered in the Markdown preview; offers to copy it. */
  async exportMarkdown(): Promise<vscode.TextDocument> {
    const c = this.last && !this.stale ? this.last : await this.refresh();
    const text = toolStatsMarkdown(c.stats);
    const uri = this.deps.docs.put('tools/statistics.md', text);
    await showMarkdownPreview(uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    void Promise.resolve(this.deps.ui().info(`OpenClaw Context: tool and skill statistics of ${c.stats.sessions} transcript${c.stats.sessions === 1 ? '' : 's'} exported (paste them into TOOLS.md or memories/).`, 'Copy to Clipboard')).then(async (choice) => {
      if (choice === 'Copy to Clipboard') await vscode.env.clipboard.writeText(text);
    });
    return doc;
  }


}
