/** (in progress) */
import * as vscode from 'vscode';
import type { MemoryDeps } from './memoryShared';

export class ToolsController implements vscode.Disposable {
  constructor(readonly deps: MemoryDeps) {}
  register(): vscode.Disposable[] {
    return [];
  }
  dispose(): void {
    /* nothing yet */
  }
}
