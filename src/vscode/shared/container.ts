/**
 * The composition root: every object of the extension is made here, once, in dependency order — the output and
 * the settings, the service (the context model), the Gateway, then what needs them (each gets what it uses
 * through its constructor) — and released with the container. No module state, no wiring after construction.
 */
import * as vscode from 'vscode';
import { recoverJsonlAppends } from '../../core/store/jsonlWriter';
import { CheckpointsController } from '../checkpoints/checkpoints';
import { CheckpointsTreeProvider } from '../checkpoints/checkpointsTree';
import { CompactionController } from '../compaction/compaction';
import { GatewayController } from '../gateway/gateway';
import { LiveGatewaySeam } from '../gateway/gatewayShared';
import { EngineErrorLog } from '../memory/engineErrors';
import { MemoriesController } from '../memory/memoriesTree';
import { MemoryCommands } from '../memory/memoryCommands';
import { MemoryDiagnostics } from '../memory/memoryDiagnostics';
import { memoryPreviewDocs, type MemoryDeps } from '../memory/memoryShared';
import { ToolsController } from '../memory/toolsTree';
import { ContextPanel } from '../panel/contextPanel';
import { registerCommands } from '../sessions/commands';
import { ContextDocumentProvider, CONTEXT_SCHEME } from '../sessions/contextDocument';
import { registerExactCount, type ExactCountApi } from '../sessions/exactCount';
import { ContextService } from '../sessions/service';
import { SessionsTreeProvider } from '../sessions/sessionsTree';
import { GaugeStatusBar } from '../sessions/statusBar';
import { CompactionAhead } from '../sessions/compactionAhead';
import { StateWatcher } from '../sessions/watcher';
import { Disposable } from './disposable';
import { DiagnosticsChannel } from './output';
import { onDidGrantTrust, writesAllowed } from './trust';
import { affects, readSettings, type Settings } from './settings';
import { UiSeam } from './ui';

export class Container extends Disposable {
  /** the one UI seam: every dialog, picker and input box (the in-host tests replace `ui.current`) */
  readonly ui = this.register(new UiSeam());
  readonly diag: DiagnosticsChannel;
  readonly service: ContextService;
  readonly gateway: GatewayController;
  /** the Gateway the writers route through (the in-host tests replace `live.current`) */
  readonly live: LiveGatewaySeam;
  readonly statusBar: GaugeStatusBar;
  readonly tree: SessionsTreeProvider;
  readonly watcher: StateWatcher;
  readonly checkpointsTree: CheckpointsTreeProvider;
  readonly checkpoints: CheckpointsController;
  readonly compaction: CompactionController;
  readonly memories: MemoriesController;
  readonly memoryDiagnostics: MemoryDiagnostics;
  readonly memoryCommands: MemoryCommands;
  /** the warning before compaction and seed 004's two thresholds */
  readonly ahead: CompactionAhead;
  readonly tools: ToolsController;
  readonly engineErrors: EngineErrorLog;
  readonly exact: ExactCountApi;
  /** the Context panel: the webview view and its editor tabs (issue 19) */
  readonly panel: ContextPanel;
  private settings: Settings = readSettings();

  constructor(context: vscode.ExtensionContext) {
    super();
    const settings = this.settings;
    const diag = (this.diag = this.register(new DiagnosticsChannel()));
    const service = (this.service = this.register(new ContextService(context.globalState, diag, settings)));
    this.gateway = this.register(new GatewayController(context, service, diag, this.ui));
    this.live = new LiveGatewaySeam(this.gateway);
    this.statusBar = this.register(new GaugeStatusBar(service, settings, this.gateway));
    this.tree = this.register(new SessionsTreeProvider(service, this.gateway, settings.showMessages));
    this.watcher = this.register(new StateWatcher(service));
    const docs = this.register(new ContextDocumentProvider(service));
    this.checkpointsTree = this.register(new CheckpointsTreeProvider(service));
    this.checkpoints = this.register(new CheckpointsController(service, diag, settings, this.checkpointsTree, this.live, this.ui));
    this.compaction = this.register(new CompactionController(service, diag, this.live, this.ui));
    const memDocs = this.register(memoryPreviewDocs());
    const memDeps: MemoryDeps = { service, diag, docs: memDocs, ui: () => this.ui.current, settings: () => this.settings, live: () => this.live };
    this.engineErrors = this.register(new EngineErrorLog(memDeps));
    this.memories = this.register(new MemoriesController(memDeps));
    this.memoryDiagnostics = this.register(new MemoryDiagnostics(memDeps));
    this.memoryCommands = this.register(new MemoryCommands(memDeps));
    this.tools = this.register(new ToolsController(memDeps));
    this.ahead = this.register(new CompactionAhead(service, this.ui, () => this.settings, this.memoryCommands, context.globalState, (source, err) => diag.report({ severity: 'error', source, message: err instanceof Error ? err.message : String(err) })));
    this.tree.warnTurns = settings.compaction.warnTurns;
    const own = (ds: vscode.Disposable[]) => ds.forEach((d) => this.register(d));
    this.register(vscode.window.createTreeView('openclawContext.sessions', { treeDataProvider: this.tree, showCollapseAll: true }));
    this.register(vscode.window.createTreeView('openclawContext.checkpoints', { treeDataProvider: this.checkpointsTree, showCollapseAll: true, canSelectMany: true }));
    this.memoryDiagnostics.start();
    this.memoryCommands.start();
    own(registerCommands(service, diag, context));
    this.register(vscode.workspace.registerTextDocumentContentProvider(CONTEXT_SCHEME, docs));
    this.register(service.onDidChange((r) => (r.structureChanged ? this.watcher.sync() : undefined)));
    this.register(vscode.workspace.onDidChangeConfiguration((e) => this.onConfigurationChanged(e)));
    this.exact = registerExactCount(context, service, this.ui); // commands countTokensExactly, countSessionExactly
    this.panel = this.register(new ContextPanel(context.extensionUri, service, () => this.settings)); // commands openPanel, showPanel
  }

  private onConfigurationChanged(e: vscode.ConfigurationChangeEvent): void {
    if (!affects(e, 'stateDir', 'configPath', 'thresholds', 'statusBar', 'refreshDebounceMs', 'sessions', 'checkpoints', 'memory', 'compaction', 'policy')) return;
    const prev = this.settings;
    const settings = (this.settings = readSettings());
    this.tree.applySettings(settings.showMessages);
    this.tree.warnTurns = settings.compaction.warnTurns;
    this.statusBar.applySettings(settings);
    // the checkpoint coordinator first: a state-dir change must reset it before the service re-reads
    this.checkpoints.applySettings(settings, JSON.stringify(prev.stateDir) !== JSON.stringify(settings.stateDir) || prev.configPath !== settings.configPath);
    this.service.applySettings(settings);
    this.tree.refresh();
  }

  /** The first read of the state (right after activation), the recovery of interrupted appends, the watchers. */
  firstRefresh(): Promise<void> {
    return new Promise<void>((resolve) => {
      setTimeout(() => {
        this.service.refreshNow(true);
        this.recoverAllAppends();
        this.watcher.sync();
        this.checkpoints.syncWatcher();
        this.statusBar.update();
        resolve();
      }, 0);
    });
  }

  /**
   * Complete any JSONL append of ours that a crash interrupted, before OpenClaw appends after it. A write: not in
   * an untrusted workspace (then when the user trusts it).
   */
  private recoverAllAppends(): void {
    if (!writesAllowed()) {
      this.register(onDidGrantTrust(() => this.recoverAllAppends()));
      return;
    }
    for (const d of this.service.model.stateDirs()) if (d.exists) this.recoverAppends(d.candidate.dir);
  }

  private recoverAppends(dir: string): void {
    const diag = this.diag;
    void recoverJsonlAppends(dir).then(
      (done) =>
        done.forEach((r) => (r.status === 'quarantined' || r.status === 'kept' ? diag.report({ severity: r.status === 'quarantined' ? 'error' : 'warning', source: r.record, message: r.message }) : diag.info(`recovered: ${r.message}`))),
      (err: unknown) => diag.report({ severity: 'error', source: dir, message: `interrupted-append recovery failed: ${err instanceof Error ? err.message : String(err)}` }),
    );
  }
}
