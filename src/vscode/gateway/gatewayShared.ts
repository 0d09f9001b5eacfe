/**
 * What the extension's features need from live mode (issue 7): the connection to the OpenClaw Gateway that
 * owns a state dir's store, its state for the UI, and a change event. Implemented by GatewayController
 * (src/vscode/gateway/gateway.ts); compaction, checkpoints and memory use it to route writes through the Gateway.
 */
import type * as vscode from 'vscode';
import type { GatewayClient } from '../../core/gateway/client';

export type LiveState = 'off' | 'connecting' | 'live' | 'reconnecting' | 'failed';

export interface LiveGateway {
  readonly state: LiveState;
  /** the connected client for a state dir (the Gateway that owns its store), when live */
  clientFor(stateDir: string): GatewayClient | undefined;
  /** one line for the gauge tooltip and the Sessions view: live vs files-only, version, why it failed */
  summary(): { live: boolean; text: string; detail?: string };
  readonly onDidChangeState: vscode.Event<void>;
}

/** Until live mode is wired: never live. */
export const NO_GATEWAY: LiveGateway = {
  state: 'off',
  clientFor: () => undefined,
  summary: () => ({ live: false, text: 'files only' }),
  onDidChangeState: () => ({ dispose: () => undefined }),
};
