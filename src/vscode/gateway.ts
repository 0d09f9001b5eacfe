/** (in progress) Live mode: the Gateway connection (issue 7). */
import * as vscode from 'vscode';
import type { ContextService } from './service';
import type { DiagnosticsChannel } from './output';
import { NO_GATEWAY, type LiveGateway, type LiveState } from './gatewayShared';
import type { GatewayClient } from '../core/gateway/client';

export class GatewayController implements LiveGateway, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeState = this.changed.event;
  constructor(
    readonly context: vscode.ExtensionContext,
    readonly service: ContextService,
    readonly diag: DiagnosticsChannel,
  ) {}
  get state(): LiveState {
    return NO_GATEWAY.state;
  }
  clientFor(stateDir: string): GatewayClient | undefined {
    void stateDir;
    return undefined;
  }
  summary(): { live: boolean; text: string; detail?: string } {
    return NO_GATEWAY.summary();
  }
  register(): vscode.Disposable[] {
    return [];
  }
  dispose(): void {
    this.changed.dispose();
  }
}
