/**
 * Every way a Gateway call can fail, classified (GatewayErrorKind) with a message a user can act on and no
 * secret in it. Errors, verbatim from the real server (see protocol.ts for the sources):
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
import { type GatewayErrorShape, isErrorShape, isRecord, PROTOCOL_VERSION } from './protocol';
import { redact, redactUrl, remoteText } from './redact';

export type GatewayErrorKind = 'unauthorized' | 'missing-scope' | 'unreachable' | 'protocol-mismatch' | 'timeout' | 'closed' | 'server-error' | 'other-state-dir';

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
