/**
 * What the extension's features need from live mode (issue 7): the connection to the OpenClaw Gateway that
 * owns a state dir's store, its state for the UI, and a change event. Implemented by GatewayController
 * (src/vscode/gateway/gateway.ts); compaction, checkpoints and memory use it to route writes through the Gateway.
 */
import type * as vscode from 'vscode';
import type { GatewayClient } from '../../core/gateway/client';

export type { LiveState } from '../../core/gateway/poolTarget';
import type { LiveState } from '../../core/gateway/poolTarget';

export interface LiveGateway {
  readonly state: LiveState;
  /** the connected client for a state dir (the Gateway that owns its store), when live */
  clientFor(stateDir: string): GatewayClient | undefined;
  /** one line for the gauge tooltip and the Sessions view: live vs files-only, version, why it failed */
  summary(): { live: boolean; text: string; detail?: string };
  readonly onDidChangeState: vscode.Event<void>;
}

/**
 * The Gateway the writers (compaction, checkpoints, memory) route through: the live controller, replaceable
 * by the in-host tests (`current`) with a stub whose client is a scripted Gateway.
 */
export class LiveGatewaySeam implements LiveGateway {
  constructor(public current: LiveGateway) {}
  get state(): LiveState {
    return this.current.state;
  }
  clientFor(stateDir: string): GatewayClient | undefined {
    return this.current.clientFor(stateDir);
  }
  summary(): { live: boolean; text: string; detail?: string } {
    return this.current.summary();
  }
  get onDidChangeState(): vscode.Event<void> {
    return this.current.onDidChangeState;
  }
}
