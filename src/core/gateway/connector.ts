/**
 * Opening a connection to an OpenClaw Gateway, shared by the extension's connection pool (pool.ts) and the CLI:
 * the TCP probe before a WebSocket, the client as both identify themselves (`cli`/`cli` with an Ed25519 device),
 * and a one-shot connect that never throws and says why it failed (no secrets).
 */
import { probePort } from '../store/ownership';
import { GatewayClient } from './client';
import type { GatewayClientOptions, GatewayConnection } from './clientTypes';
import { classifyGatewayError, type GatewayErrorInfo } from './errors';

/** Is something listening at the URL's host:port? (probePort for loopback, the same TCP check elsewhere) */
export function probeUrl(url: string, timeoutMs = 500): Promise<{ listening: boolean; error?: string }> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return Promise.resolve({ listening: false, error: 'invalid URL' });
  }
  const port = Number(u.port || (u.protocol === 'wss:' || u.protocol === 'https:' ? 443 : 80));
  const host = u.hostname.replace(/^\[|\]$/g, '');
  return probePort(port, timeoutMs, host);
}

/** A client as OpenClaw Context connects: client id and mode `cli` (the real Gateway grants the operator scopes on loopback). */
export function gatewayClient(opts: Omit<GatewayClientOptions, 'clientId' | 'clientMode'>): GatewayClient {
  return new GatewayClient({ ...opts, clientId: 'cli', clientMode: 'cli' });
}

export interface ConnectedOnce {
  client?: GatewayClient;
  conn?: GatewayConnection;
  /** why there is no connection (classified, redacted by the client's known secrets) */
  error?: GatewayErrorInfo;
  /** every secret the client saw (tokens, device tokens), for redaction */
  secrets: string[];
}

/** Connect once (no reconnect). Never throws: a failed connect is closed and classified. */
export async function connectOnce(opts: Omit<GatewayClientOptions, 'clientId' | 'clientMode' | 'reconnect'>): Promise<ConnectedOnce> {
  const client = gatewayClient({ ...opts, reconnect: false });
  try {
    const conn = await client.connect();
    return { client, conn, secrets: client.knownSecrets() };
  } catch (err) {
    await client.close().catch(() => undefined);
    const secrets = client.knownSecrets();
    return { error: classifyGatewayError(err, { secrets, url: opts.url }), secrets };
  }
}
