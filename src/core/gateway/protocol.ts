/**
 * OpenClaw Gateway protocol 4: frame types, the hello-ok payload and the scopes each method needs. The
 * payloads of the methods and events are in methods.ts, the classification of every way a Gateway call can
 * fail in errors.ts.
 *
 * Sources (observed against the real openclaw@2026.9.6, build eb377ac, offline):
 * - reference/openclaw-2026.9.6.md §5 and the recorded frames in
 *   shared/openclaw-real-fixtures/gateway/ (frames-*.jsonl.gz, hello-ok.json, *-out.json, methods.txt);
 * - the package's own protocol code (dist/client-info-*.mjs: client ids and modes;
 *   dist/connect-error-details-*.mjs: `details.code` values; dist/message-handler-*.mjs: how the server
 *   answers a protocol mismatch, a bad token, a bad device signature; dist/sessions-*.mjs: the closed
 *   ConnectParams / HelloOk / method-params schemas);
 * - test/interop/run.mjs tests 7–11, which drive this client against the real Gateway.
 *
 * Wire facts:
 * - WebSocket text frames, JSON, no permessage-deflate; default ws://127.0.0.1:18789.
 * - The server speaks first: `{type:"event", event:"connect.challenge", payload:{nonce, ts, capabilities}}`.
 *   The client's first request must be `connect` (ConnectParams below; a *closed* schema: unknown fields are
 *   rejected), answered by `{type:"res", ok:true, payload:{type:"hello-ok", protocol:4, …}}`.
 * - Then `{type:"req", id, method, params}` → `{type:"res", id, ok, payload | error:{code, message, details?,
 *   retryable?, retryAfterMs?}}`; responses may arrive out of order. Events: `{type:"event", event, payload,
 *   seq?, stateVersion?}`; the server sends `tick` every policy.tickIntervalMs (30 s) and `health`.
 *
 * Pure TypeScript, no VS Code.
 */
// redaction lives in redact.ts; re-exported for the callers that import it from here
export { REDACTED, redact, redactUrl, redactValue } from './redact';

export const PROTOCOL_VERSION = 4;
export const DEFAULT_GATEWAY_URL = 'ws://127.0.0.1:18789';

/** The three operator scopes (§5 "Scopes"). */
export const OPERATOR_SCOPES = ['operator.read', 'operator.write', 'operator.admin'] as const;
export type OperatorScope = (typeof OPERATOR_SCOPES)[number];

/** `client.id` values the 2026.9.6 server accepts (GATEWAY_CLIENT_IDS); anything else fails the connect schema. */
export const GATEWAY_CLIENT_IDS = [
  'webchat-ui',
  'openclaw-control-ui',
  'openclaw-browser-copilot',
  'openclaw-tui',
  'webchat',
  'cli',
  'gateway-client',
  'openclaw-macos',
  'openclaw-linux',
  'openclaw-ios',
  'openclaw-watchos',
  'openclaw-android',
  'node-host',
  'openclaw-worker',
  'test',
  'fingerprint',
  'openclaw-probe',
] as const;
export type GatewayClientId = (typeof GATEWAY_CLIENT_IDS)[number];

/** `client.mode` values the server accepts (GATEWAY_CLIENT_MODES). */
export const GATEWAY_CLIENT_MODES = ['webchat', 'cli', 'ui', 'backend', 'node', 'worker', 'probe', 'test'] as const;
export type GatewayClientMode = (typeof GATEWAY_CLIENT_MODES)[number];

/**
 * The scope each method this client uses needs, as the real Gateway enforced it against a read-only
 * device (§5 "Scopes"). The server is the authority; this table is for UIs (which action to grey out).
 */
export const METHOD_SCOPES: Readonly<Record<string, OperatorScope>> = {
  'sessions.list': 'operator.read',
  'sessions.describe': 'operator.read',
  'sessions.usage': 'operator.read',
  'sessions.preview': 'operator.read',
  'sessions.subscribe': 'operator.read',
  'sessions.messages.subscribe': 'operator.read',
  'sessions.messages.unsubscribe': 'operator.read',
  'sessions.branches.list': 'operator.read',
  'chat.history': 'operator.read',
  'chat.send': 'operator.write',
  'sessions.fork': 'operator.write',
  'sessions.compact': 'operator.admin',
  'sessions.reset': 'operator.admin',
  'sessions.rewind': 'operator.admin',
  'chat.inject': 'operator.admin',
};

/** The scope a method needs (undefined: not in the table). `operator.admin` implies the others server-side. */
export function requiredScope(method: string): OperatorScope | undefined {
  return METHOD_SCOPES[method];
}

// ---------------------------------------------------------------------------------------------
// Frames

export interface GatewayErrorShape {
  code: string;
  message: string;
  details?: Record<string, unknown>;
  retryable?: boolean;
  retryAfterMs?: number;
}

export interface RequestFrame<P = unknown> {
  type: 'req';
  id: string;
  method: string;
  params?: P;
}

export interface ResponseFrame<T = unknown> {
  type: 'res';
  id: string;
  ok: boolean;
  payload?: T;
  error?: GatewayErrorShape;
}

export interface EventFrame<T = unknown> {
  type: 'event';
  event: string;
  payload?: T;
  seq?: number;
  stateVersion?: Record<string, number>;
}

export type GatewayFrame = RequestFrame | ResponseFrame | EventFrame;

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parse one text frame; undefined for anything that is not a well-formed protocol frame. */
export function parseFrame(text: string): ResponseFrame | EventFrame | RequestFrame | undefined {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(v)) return undefined;
  if (v.type === 'res' && typeof v.id === 'string' && typeof v.ok === 'boolean') {
    if (v.error !== undefined && !isErrorShape(v.error)) return { ...(v as unknown as ResponseFrame), error: { code: 'UNKNOWN', message: 'malformed error' } };
    return v as unknown as ResponseFrame;
  }
  if (v.type === 'event' && typeof v.event === 'string' && v.event.length > 0) return v as unknown as EventFrame;
  if (v.type === 'req' && typeof v.id === 'string' && typeof v.method === 'string') return v as unknown as RequestFrame;
  return undefined;
}

export function isErrorShape(v: unknown): v is GatewayErrorShape {
  return isRecord(v) && typeof v.code === 'string' && typeof v.message === 'string';
}

// ---------------------------------------------------------------------------------------------
// Handshake

export interface ConnectChallenge {
  nonce: string;
  ts: number;
  capabilities?: string[];
}

/** `connect` params (the server's closed ConnectParamsSchema, the fields this client sends). */
export interface ConnectParams {
  minProtocol: number;
  maxProtocol: number;
  client: { id: string; displayName?: string; version: string; platform: string; deviceFamily?: string; mode: string; instanceId?: string };
  role: string;
  scopes: string[];
  caps?: string[];
  auth?: { token?: string; deviceToken?: string };
  locale?: string;
  userAgent?: string;
  device?: { id: string; publicKey: string; signature: string; signedAt: number; nonce: string };
}

/** The hello-ok payload (hello-ok.json; fields this client reads are typed, the rest kept). */
export interface HelloOk {
  type: 'hello-ok';
  protocol: number;
  server: { version: string; buildId?: string; bootId?: string; connId: string; [k: string]: unknown };
  features: { methods: string[]; events: string[]; capabilities?: string[] };
  snapshot: {
    stateVersion?: { presence: number; health: number };
    uptimeMs?: number;
    sessionDefaults?: { defaultAgentId: string; mainKey: string; mainSessionKey: string; scope?: string; [k: string]: unknown };
    configPath?: string;
    stateDir?: string;
    authMode?: 'none' | 'token' | 'password' | 'trusted-proxy';
    [k: string]: unknown;
  };
  auth?: { method?: string; role?: string; scopes?: string[]; deviceToken?: string; issuedAtMs?: number; [k: string]: unknown };
  policy?: { maxPayload?: number; maxBufferedBytes?: number; tickIntervalMs?: number; [k: string]: unknown };
  [k: string]: unknown;
}
