/**
 * Wiring only. Everything that reads OpenClaw lives in src/core; the adapters live in src/vscode.
 * activate() creates cheap objects and returns; the first read of the state runs right after.
 */
import * as vscode from 'vscode';
import { CheckpointsController } from './vscode/checkpoints';
import { CheckpointsTreeProvider } from './vscode/checkpointsTree';
import { CompactionController } from './vscode/compaction';
import { ContextDocumentProvider, CONTEXT_SCHEME } from './vscode/contextDocument';
import { registerCommands } from './vscode/commands';
import { registerExactCount, type ExactCountApi } from './vscode/exactCount';
import { DiagnosticsChannel } from './vscode/output';
import { ContextService } from './vscode/service';
import { SessionsTreeProvider } from './vscode/sessionsTree';
import { affects, readSettings } from './vscode/settings';
import { GaugeStatusBar } from './vscode/statusBar';
import { StateWatcher } from './vscode/watcher';
import { recoverJsonlAppends } from './core/store/jsonlWriter';
import { MemoriesController } from './vscode/memoriesTree';
import { MemoryCommands } from './vscode/memoryCommands';
import { MemoryDiagnostics } from './vscode/memoryDiagnostics';
import { MemoryPreviewDocs, vscodeMemoryUi, type MemoryDeps, type MemoryUi } from './vscode/memoryShared';
import { ToolsController } from './vscode/toolsTree';
import { EngineErrorLog } from './vscode/engineErrors';
import { GatewayController } from './vscode/gateway';

/** What the extension exports (used by the in-host tests and by other extensions). */
export interface OpenClawContextApi {
  service: ContextService;
  statusBar: GaugeStatusBar;
  watcher: StateWatcher;
  tree: SessionsTreeProvider;
  checkpoints: CheckpointsController;
  checkpointsTree: CheckpointsTreeProvider;
  compaction: CompactionController;
  activationMs: number;
  /** resolves after the first read of the state */
  firstRefresh: Promise<void>;
  /** exact token counts: the tokenizer worker starts on the first count, never on activation */
  exact: ExactCountApi;
  memories: MemoriesController;
  memoryDiagnostics: MemoryDiagnostics;
  memoryCommands: MemoryCommands;
  tools: ToolsController;
  /** the UI the memory features use (tests replace it) */
  memoryUi: { current: MemoryUi };
  engineErrors: EngineErrorLog;
  /** live mode: the Gateway connection */
  gateway: GatewayController;
}

export function activate(context: vscode.ExtensionContext): OpenClawContextApi {
  const t0 = performance.now();
  let settings = readSettings();
  const diag = new DiagnosticsChannel();
  const service = new ContextService(context.globalState, diag, settings);
  const statusBar = new GaugeStatusBar(service, settings);
  const tree = new SessionsTreeProvider(service);
  tree.showMessages = settings.showMessages;
  const watcher = new StateWatcher(service);
  const docs = new ContextDocumentProvider(service);
  const checkpointsTree = new CheckpointsTreeProvider(service);
  const checkpoints = new CheckpointsController(service, diag, settings, checkpointsTree);
  const compaction = new CompactionController(service, diag, () => checkpoints.ui);
  const memoryUi = { current: vscodeMemoryUi };
  const memDocs = new MemoryPreviewDocs();
  const memDeps: MemoryDeps = { service, diag, docs: memDocs, ui: () => memoryUi.current, settings: () => settings };
  const memories = new MemoriesController(memDeps);
  const memoryDiagnostics = new MemoryDiagnostics(memDeps);
  const memoryCommands = new MemoryCommands(memDeps);
  const tools = new ToolsController(memDeps);
  const engineErrors = new EngineErrorLog(memDeps);
  const gateway = new GatewayController(context, service, diag);
  compaction.live = gateway;
  checkpoints.live = gateway;
  memDeps.live = () => gateway;

  context.subscriptions.push(
    diag,
    service,
    statusBar,
    tree,
    watcher,
    docs,
    vscode.window.createTreeView('openclawContext.sessions', { treeDataProvider: tree, showCollapseAll: true }),
    checkpointsTree,
    checkpoints,
    vscode.window.createTreeView('openclawContext.checkpoints', { treeDataProvider: checkpointsTree, showCollapseAll: true, canSelectMany: true }),
    ...checkpoints.register(),
    compaction,
    ...compaction.register(),
    gateway,
    ...gateway.register(),
    memDocs.register(),
    engineErrors,
    memories,
    ...memories.register(),
    memoryDiagnostics,
    ...memoryDiagnostics.register(),
    memoryCommands,
    ...memoryCommands.register(),
    tools,
    ...tools.register(),
    vscode.workspace.registerTextDocumentContentProvider(CONTEXT_SCHEME, docs),
    ...registerCommands(service, diag),
    service.onDidChange((r) => {
      if (r.structureChanged) watcher.sync();
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!affects(e, 'stateDir', 'configPath', 'thresholds', 'statusBar', 'refreshDebounceMs', 'sessions', 'checkpoints', 'memory')) return;
      const prev = settings;
      settings = readSettings();
      tree.showMessages = settings.showMessages;
      statusBar.applySettings(settings);
      // the checkpoint coordinator first: a state-dir change must reset it before the service re-reads
      checkpoints.applySettings(settings, JSON.stringify(prev.stateDir) !== JSON.stringify(settings.stateDir) || prev.configPath !== settings.configPath);
      service.applySettings(settings);
      tree.refresh();
    }),
  );

  const exact = registerExactCount(context, service); // commands countTokensExactly, countSessionExactly

  const firstRefresh = new Promise<void>((resolve) => {
    setTimeout(() => {
      service.refreshNow(true);
      // complete any JSONL append of ours that a crash interrupted, before OpenClaw appends after it
      for (const d of service.model.stateDirs()) {
        if (!d.exists) continue;
        void recoverJsonlAppends(d.candidate.dir).then(
          (done) =>
            done.forEach((r) => (r.status === 'quarantined' || r.status === 'kept' ? diag.report({ severity: r.status === 'quarantined' ? 'error' : 'warning', source: r.record, message: r.message }) : diag.info(`recovered: ${r.message}`))),
          (err: unknown) => diag.report({ severity: 'error', source: d.candidate.dir, message: `interrupted-append recovery failed: ${err instanceof Error ? err.message : String(err)}` }),
        );
      }
      watcher.sync();
      checkpoints.syncWatcher();
      statusBar.update();
      resolve();
    }, 0);
  });
  const activationMs = performance.now() - t0;
  return { service, statusBar, watcher, tree, checkpoints, checkpointsTree, compaction, activationMs, firstRefresh, exact, memories, memoryDiagnostics, memoryCommands, tools, memoryUi, engineErrors, gateway };
}

export function deactivate(): void {
  /* disposables are released through context.subscriptions */
}
