/**
 * OpenClaw Gateway protocol 4: frame types, the hello-ok payload, the scopes each method needs, and the
 * classification of every way a Gateway call can fail.
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
 * - Errors, verbatim from the real server:
 *   wrong token  `{code:"INVALID_REQUEST", message:"unauthorized: gateway token mismatch (…)",
 *                  details:{code:"AUTH_TOKEN_MISMATCH", authReason:"token_mismatch", canRetryWithDeviceToken:true,
 *                  recommendedNextStep:"retry_with_device_token"}}`, then close 1008;
 *   missing scope `{code:"FORBIDDEN", message:"missing scope: operator.admin",
 *                  details:{code:"MISSING_SCOPE", missingScope:"operator.admin", requiredScopes:["operator.admin"]}}`;
 *   protocol     `{code:"INVALID_REQUEST", message:"protocol mismatch", details:{code:"PROTOCOL_MISMATCH",
 *                  clientMinProtocol, clientMaxProtocol, expectedProtocol:4, minimumProbeProtocol:3}}`, then close 1002;
 *   starting     `{code:"UNAVAILABLE", message:"gateway starting; retry shortly", retryable:true, retryAfterMs:500}`,
 *                  then close 1013;
 *   unknown      `{code:"INVALID_REQUEST", message:"unknown method: sessions.compaction.list"}`.
 *
 * Pure TypeScript, no VS Code.
 */
import { redact, redactUrl, remoteText } from './redact';

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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

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

// ---------------------------------------------------------------------------------------------
// Method payloads (real responses: tour-out.json, rewind-out.json; open-ended, extra fields kept)

/** A session row as sessions.list / sessions.describe / sessions.changed carry it. */
export interface SessionRow {
  key: string;
  sessionId?: string;
  kind?: string;
  classification?: string;
  agentId?: string;
  status?: string;
  totalTokens?: number;
  totalTokensFresh?: boolean;
  inputTokens?: number;
  outputTokens?: number;
  contextTokens?: number;
  compactionCount?: number;
  contextBudgetStatus?: Record<string, unknown>;
  hasActiveRun?: boolean;
  lastMessagePreview?: string;
  updatedAt?: number;
  previousSessionId?: string;
  [k: string]: unknown;
}

export interface SessionsListParams {
  limit?: number;
  offset?: number;
  [k: string]: unknown;
}
export interface SessionsListResult {
  ts?: number;
  path?: string;
  count: number;
  totalCount?: number;
  limitApplied?: number;
  nextOffset?: number | null;
  hasMore?: boolean;
  defaults?: { modelProvider?: string; model?: string; contextTokens?: number; [k: string]: unknown };
  sessions: SessionRow[];
  [k: string]: unknown;
}
export interface SessionsDescribeResult {
  session: SessionRow;
  [k: string]: unknown;
}
export interface SessionsSubscribeResult {
  subscribed: boolean;
  list?: SessionsListResult;
  [k: string]: unknown;
}
export interface SessionsMessagesSubscribeResult {
  subscribed: boolean;
  key: string;
  [k: string]: unknown;
}
export interface SessionsCompactParams {
  key: string;
  maxLines?: number;
  agentId?: string;
}
export interface SessionsCompactResult {
  ok: boolean;
  key: string;
  compacted: boolean;
  /** with maxLines and a short transcript: `{ok:true, compacted:false, kept:18}` */
  kept?: number;
  reason?: string;
  result?: {
    summary: string;
    firstKeptEntryId?: string;
    tokensBefore?: number;
    tokensAfter?: number;
    details?: { readFiles?: string[]; modifiedFiles?: string[] };
  };
  [k: string]: unknown;
}
export interface SessionsRewindParams {
  sessionKey: string;
  entryId: string;
  agentId?: string;
}
export interface SessionsRewindResult {
  editorText?: string;
  editorAttachments?: Array<{ mimeType: string; data: string }>;
}
export interface SessionsForkResult {
  sessionKey: string;
  editorText?: string;
  editorAttachments?: Array<{ mimeType: string; data: string }>;
}
export interface SessionsResetParams {
  key: string;
  reason?: 'reset' | 'new';
  agentId?: string;
  expectedSessionId?: string;
}
export interface SessionsResetResult {
  ok: boolean;
  key: string;
  entry?: Record<string, unknown> & { sessionId?: string; totalTokens?: number; compactionCount?: number };
  [k: string]: unknown;
}
export interface SessionBranch {
  leafEntryId: string;
  headline: string;
  messageCount: number;
  updatedAt?: string;
  active?: boolean;
}
export interface SessionsBranchesListResult {
  branches: SessionBranch[];
}
export interface ChatSendParams {
  sessionKey: string;
  message: string;
  /** default: a random UUID (the run id is the idempotency key) */
  idempotencyKey?: string;
  [k: string]: unknown;
}
export interface ChatSendResult {
  runId: string;
  status: string;
  [k: string]: unknown;
}
export interface ChatInjectParams {
  sessionKey: string;
  message: string;
  label?: string;
}
export interface ChatInjectResult {
  ok: boolean;
  messageId: string;
  [k: string]: unknown;
}
export interface ChatHistoryParams {
  sessionKey: string;
  limit?: number;
  [k: string]: unknown;
}
export interface ChatHistoryResult {
  sessionKey: string;
  sessionId?: string;
  messages: Array<Record<string, unknown>>;
  [k: string]: unknown;
}

// Events

/** `sessions.changed` (after sessions.subscribe): reason|phase ∈ participants, send, agent.run.started, start, model, end, agent.input.settled, message, compact, reset. */
export interface SessionsChangedEvent {
  sessionKey: string;
  agentId?: string;
  reason?: string;
  phase?: string;
  ts?: number;
  runId?: string;
  compacted?: boolean;
  session?: SessionRow;
  sessionId?: string;
  [k: string]: unknown;
}
/** `session.message` (after sessions.messages.subscribe). */
export interface SessionMessageEvent {
  sessionKey: string;
  agentId?: string;
  message: Record<string, unknown> & { role?: string; __openclaw?: { id?: string; seq?: number } };
  messageId?: string;
  messageSeq?: number;
  sessionId?: string;
  [k: string]: unknown;
}
/** `chat`: state status | delta | final | error. */
export interface ChatEvent {
  runId: string;
  sessionKey: string;
  seq?: number;
  state: string;
  message?: Record<string, unknown>;
  stopReason?: string;
  [k: string]: unknown;
}
/** `session.operation`: compact start/end. */
export interface SessionOperationEvent {
  operationId?: string;
  operation: string;
  phase: string;
  sessionKey: string;
  completed?: boolean;
  [k: string]: unknown;
}

// ---------------------------------------------------------------------------------------------
// Errors

export type GatewayErrorKind = 'unauthorized' | 'missing-scope' | 'unreachable' | 'protocol-mismatch' | 'timeout' | 'closed' | 'server-error';

export interface GatewayErrorInfo {
  kind: GatewayErrorKind;
  /** one sentence for a person; never contains the token */
  message: string;
  /** would the same call succeed later without the user changing anything? */
  retryable: boolean;
  /** the exact scope the server named (kind missing-scope) */
  missingScope?: string;
  /** server error code (INVALID_REQUEST, FORBIDDEN, UNAVAILABLE…) or a Node error code (ECONNREFUSED…) */
  code?: string;
  /** server `details.code` (AUTH_TOKEN_MISMATCH, MISSING_SCOPE, PROTOCOL_MISMATCH…) */
  detailCode?: string;
  /** the server's own retry hint */
  retryAfterMs?: number;
  method?: string;
}

/** Every error the client throws or reports. `message` is already redacted. */
export class GatewayError extends Error implements GatewayErrorInfo {
  readonly kind: GatewayErrorKind;
  readonly retryable: boolean;
  readonly missingScope?: string;
  readonly code?: string;
  readonly detailCode?: string;
  readonly retryAfterMs?: number;
  readonly method?: string;
  /** the server's `details`, with secret values redacted */
  readonly details?: Record<string, unknown>;

  constructor(info: GatewayErrorInfo, details?: Record<string, unknown>) {
    super(info.message);
    this.name = 'GatewayError';
    this.kind = info.kind;
    this.retryable = info.retryable;
    if (info.missingScope !== undefined) this.missingScope = info.missingScope;
    if (info.code !== undefined) this.code = info.code;
    if (info.detailCode !== undefined) this.detailCode = info.detailCode;
    if (info.retryAfterMs !== undefined) this.retryAfterMs = info.retryAfterMs;
    if (info.method !== undefined) this.method = info.method;
    if (details !== undefined) this.details = details;
  }

  info(): GatewayErrorInfo {
    const out: GatewayErrorInfo = { kind: this.kind, message: this.message, retryable: this.retryable };
    if (this.missingScope !== undefined) out.missingScope = this.missingScope;
    if (this.code !== undefined) out.code = this.code;
    if (this.detailCode !== undefined) out.detailCode = this.detailCode;
    if (this.retryAfterMs !== undefined) out.retryAfterMs = this.retryAfterMs;
    if (this.method !== undefined) out.method = this.method;
    return out;
  }
}

/** Node / ws errors that mean "nothing (reachable) listens there". */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'EHOSTDOWN', 'ENETDOWN']);

/** `details.code` values that mean the credentials or the device were refused (ConnectErrorDetailCodes). */
const AUTH_DETAIL = /^(AUTH_|DEVICE_AUTH_|DEVICE_IDENTITY_REQUIRED$|PAIRING_REQUIRED$|CONTROL_UI_DEVICE_IDENTITY_REQUIRED$)/;

export interface ClassifyOptions {
  /** secrets to redact from the message (the token, device tokens) */
  secrets?: readonly string[];
  /** the method that failed, for the message */
  method?: string;
  /** the Gateway URL, for "unreachable" messages */
  url?: string;
}

/** A string field of the server's details, made printable (codes and scope names are short). */
function detailString(details: Record<string, unknown> | undefined, key: string, secrets: readonly string[] = []): string | undefined {
  const v = details?.[key];
  return typeof v === 'string' && v.length > 0 ? remoteText(v, secrets, 100) || undefined : undefined;
}

/** Classify a server error shape (a `res` with ok:false). */
export function classifyErrorShape(shape: GatewayErrorShape, opts: ClassifyOptions = {}): GatewayErrorInfo {
  const details = isRecord(shape.details) ? shape.details : undefined;
  const secrets = opts.secrets ?? [];
  const detailCode = detailString(details, 'code', secrets);
  const serverMsg = remoteText(shape.message, secrets);
  const code = remoteText(shape.code, secrets, 64) || 'UNKNOWN';
  const what = opts.method ? `${opts.method}: ` : '';
  const base = { code, ...(detailCode ? { detailCode } : {}), ...(opts.method ? { method: opts.method } : {}) };
  const retryAfterMs = typeof shape.retryAfterMs === 'number' && shape.retryAfterMs >= 0 ? shape.retryAfterMs : undefined;
  const lower = serverMsg.toLowerCase();

  if (detailCode === 'MISSING_SCOPE' || lower.startsWith('missing scope')) {
    const fromDetails = detailString(details, 'missingScope', secrets);
    const fromList = Array.isArray(details?.requiredScopes) && typeof details.requiredScopes[0] === 'string' ? remoteText(details.requiredScopes[0], secrets, 100) || undefined : undefined;
    const fromMsg = /missing scope:\s*([\w.-]+)/i.exec(serverMsg)?.[1];
    const scope = fromDetails ?? fromList ?? fromMsg;
    return {
      ...base,
      kind: 'missing-scope',
      missingScope: scope,
      retryable: false,
      message: `${what}this Gateway connection lacks the scope ${scope ?? '(unnamed)'} (the Gateway said: ${serverMsg}). Connect with a token or paired device that grants it.`,
    } as GatewayErrorInfo;
  }
  if (detailCode === 'PROTOCOL_MISMATCH' || lower.includes('protocol mismatch')) {
    const expected = details?.expectedProtocol;
    const min = details?.clientMinProtocol;
    const max = details?.clientMaxProtocol;
    const asked = typeof min === 'number' && typeof max === 'number' ? (min === max ? `${min}` : `${min}–${max}`) : `${PROTOCOL_VERSION}`;
    return {
      ...base,
      kind: 'protocol-mismatch',
      retryable: false,
      message: `The OpenClaw Gateway speaks protocol ${typeof expected === 'number' ? expected : '(unknown)'}, the client asked for protocol ${asked} (the Gateway said: ${serverMsg}). Update OpenClaw or this extension.`,
    };
  }
  if ((detailCode && AUTH_DETAIL.test(detailCode)) || lower.startsWith('unauthorized') || code === 'NOT_PAIRED' || code === 'UNAUTHORIZED') {
    const rateLimited = detailCode === 'AUTH_RATE_LIMITED' || lower.includes('too many failed');
    const pairing = detailCode === 'PAIRING_REQUIRED' || (code === 'NOT_PAIRED' && detailCode !== 'DEVICE_IDENTITY_REQUIRED');
    const needsDevice = detailCode === 'DEVICE_IDENTITY_REQUIRED' || detailCode === 'CONTROL_UI_DEVICE_IDENTITY_REQUIRED';
    const hint = pairing
      ? 'Approve this device on the Gateway host (`openclaw devices list`, then approve it).'
      : needsDevice
        ? 'This client id/mode needs a device identity; connect with one (or as gateway-client/backend).'
        : detailCode?.startsWith('DEVICE_AUTH_')
        ? 'The device identity was refused; a new one is created when the stored one is removed.'
        : 'Check the token: gateway.auth.token in openclaw.json, or OPENCLAW_GATEWAY_TOKEN.';
    return {
      ...base,
      kind: 'unauthorized',
      retryable: rateLimited,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      message: `The OpenClaw Gateway refused the connection (${serverMsg}). ${hint}`,
    };
  }
  const retryable = shape.retryable === true || code === 'UNAVAILABLE';
  return {
    ...base,
    kind: 'server-error',
    retryable,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    message: `${what}the OpenClaw Gateway answered ${code}: ${serverMsg}`,
  };
}

/**
 * Classify anything a Gateway call can throw: a GatewayError (kept), a server error shape, a `res` frame,
 * a Node/ws error (ECONNREFUSED, "Unexpected server response: 401", …) or anything else.
 * The message never contains `opts.secrets`.
 */
export function classifyGatewayError(err: unknown, opts: ClassifyOptions = {}): GatewayErrorInfo {
  const secrets = opts.secrets ?? [];
  if (err instanceof GatewayError) {
    const info = err.info();
    return { ...info, message: redact(info.message, secrets) };
  }
  if (!(err instanceof Error) && isErrorShape(err)) return classifyErrorShape(err, opts);
  if (isRecord(err) && err.type === 'res' && isErrorShape(err.error)) return classifyErrorShape(err.error, opts);
  const where = opts.url ? ` at ${redactUrl(opts.url)}` : '';
  const e = err as (Error & { code?: unknown }) | undefined;
  const code = typeof e?.code === 'string' ? e.code : undefined;
  const text = remoteText(e instanceof Error ? e.message : String(err), secrets, 1000);
  if (code && UNREACHABLE_CODES.has(code)) {
    return { kind: 'unreachable', code, retryable: true, message: `No OpenClaw Gateway answers${where} (${code}). Start it with \`openclaw gateway run\`, or check the URL and port.` };
  }
  const http = /Unexpected server response: (\d{3})/.exec(text);
  if (http) {
    const status = Number(http[1]);
    if (status === 401 || status === 403) return { kind: 'unauthorized', code: `HTTP_${status}`, retryable: false, message: `The OpenClaw Gateway${where} refused the WebSocket upgrade (HTTP ${status}). Check the token.` };
    return { kind: 'unreachable', code: `HTTP_${status}`, retryable: true, message: `Something${where} answered HTTP ${status} instead of an OpenClaw Gateway WebSocket.` };
  }
  if (/timed? ?out/i.test(text)) return { kind: 'timeout', ...(code ? { code } : {}), retryable: true, message: `The OpenClaw Gateway${where} did not answer in time (${text}).` };
  if (/socket hang up|closed before the connection|ECONNRESET/i.test(text)) return { kind: 'unreachable', ...(code ? { code } : {}), retryable: true, message: `The connection to the OpenClaw Gateway${where} failed (${text}).` };
  return { kind: 'server-error', ...(code ? { code } : {}), retryable: false, message: `OpenClaw Gateway call failed: ${text}` };
}
