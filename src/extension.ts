/**
 * Wiring only. Everything that reads OpenClaw lives in src/core; the adapters live in src/vscode, made by the
 * one container (src/vscode/shared/container.ts). activate() creates cheap objects and returns; the first read
 * of the state runs right after.
 */
import type * as vscode from 'vscode';
import { Container } from './vscode/shared/container';

/** What the extension exports (used by the in-host tests and by other extensions). */
export type OpenClawContextApi = Pick<
  Container,
  'service' | 'statusBar' | 'watcher' | 'tree' | 'checkpoints' | 'checkpointsTree' | 'compaction' | 'exact' | 'memories' | 'memoryDiagnostics' | 'memoryCommands' | 'tools' | 'engineErrors' | 'gateway' | 'ui' | 'live' | 'ahead' | 'panel'
> & {
  activationMs: number;
  /** resolves after the first read of the state */
  firstRefresh: Promise<void>;
};

export function activate(context: vscode.ExtensionContext): OpenClawContextApi {
  const t0 = performance.now();
  const container = new Container(context);
  context.subscriptions.push(container);
  const { service, statusBar, watcher, tree, checkpoints, checkpointsTree, compaction, exact, memories, memoryDiagnostics, memoryCommands, tools, engineErrors, gateway, ui, live, ahead, panel } = container;
  const firstRefresh = container.firstRefresh();
  const activationMs = performance.now() - t0;
  return { service, statusBar, watcher, tree, checkpoints, checkpointsTree, compaction, exact, memories, memoryDiagnostics, memoryCommands, tools, engineErrors, gateway, ui, live, ahead, panel, activationMs, firstRefresh };
}

export function deactivate(): void {
  /* the container is released through context.subscriptions */
}
