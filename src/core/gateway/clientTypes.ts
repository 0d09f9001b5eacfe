/**
 * The Gateway client's vocabulary: its options, its states, the connection it reports after hello-ok, and
 * the records it keeps per socket and per request.
 */
import type WebSocket from 'ws';
import type { GatewayErrorInfo } from './errors';
import type { DeviceStore } from './identity';
import type { EventFrame, GatewayClientId, GatewayClientMode, HelloOk } from './protocol';

export type GatewayState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'closed';

export type TokenProvider = () => string | undefined | null | Promise<string | undefined | null>;

/** Receives only redacted strings. */
export interface GatewayLogger {
  debug?(message: string): void;
  info?(message: string): void;
  warn?(message: string): void;
  error?(message: string): void;
}

export interface Disposable {
  dispose(): void;
}

export interface ReconnectOptions {
  /** first delay (default 500 ms) */
  initialMs?: number;
  /** cap (default 30 s) */
  maxMs?: number;
  /** ± fraction of each delay, 0..1 (default 0.2) */
  jitter?: number;
  /** give up (state 'closed') after this many failed attempts in a row (default: never) */
  maxAttempts?: number;
}

export interface GatewayClientOptions {
  /** default ws://127.0.0.1:18789 */
  url?: string;
  /** the shared Gateway token, or a provider called before every connect attempt */
  token?: string | TokenProvider;
  /**
   * where the device identity lives; false: connect without a device block. Default: an identity made for
   * this client object only (MemoryDeviceStore), kept across its reconnects.
   */
  device?: DeviceStore | false;
  /** default 'gateway-client' */
  clientId?: GatewayClientId;
  /** default 'backend' */
  clientMode?: GatewayClientMode;
  clientVersion?: string;
  displayName?: string;
  /** default process.platform (signed lowercased) */
  platform?: string;
  deviceFamily?: string;
  instanceId?: string;
  /** default 'operator' */
  role?: string;
  /** default the three operator scopes; ask for fewer to limit what this connection may do */
  scopes?: readonly string[];
  caps?: string[];
  /** default 30 s */
  requestTimeoutMs?: number;
  /** socket open + challenge + hello-ok (default 15 s) */
  connectTimeoutMs?: number;
  /** false: never reconnect */
  reconnect?: ReconnectOptions | false;
  /** drop the socket when no frame arrives for this long (default 2 × policy.tickIntervalMs + 5 s); false: never */
  tickTimeoutMs?: number | false;
  /** largest frame accepted from the server (default 64 MiB; bigger ones close the socket, then reconnect) */
  maxPayload?: number;
  logger?: GatewayLogger;
}

/** What connect() resolves with. No secrets in it (the device token stays in the DeviceStore). */
export interface GatewayConnection {
  url: string;
  protocol: number;
  server: HelloOk['server'];
  /** scopes the server granted (hello-ok auth.scopes) */
  scopes: string[];
  role?: string;
  /** hello-ok auth.method ('token', 'device-token', …) */
  authMethod?: string;
  methods: string[];
  events: string[];
  capabilities: string[];
  snapshot: HelloOk['snapshot'];
  policy: NonNullable<HelloOk['policy']>;
  clientId: string;
  clientMode: string;
  /** the device id when a device block was sent */
  deviceId?: string;
  /** a device token was issued in hello-ok (and stored) */
  deviceTokenIssued: boolean;
  /** this connect authenticated with the stored device token (no shared token was available) */
  usedDeviceToken: boolean;
  connectedAt: number;
}

export interface StateChange {
  previous: GatewayState;
  error?: GatewayErrorInfo;
}

export interface RequestOptions {
  timeoutMs?: number;
}

export type EventCallback = (payload: unknown, frame: EventFrame) => void;

export interface Conn {
  gen: number;
  ws: WebSocket;
  ready: boolean;
  lastFrameAt: number;
  watchdog?: NodeJS.Timeout;
  /** why we closed it ourselves */
  closedBy?: 'client' | 'watchdog' | 'handshake';
  socketError?: Error;
  tickTimeoutMs?: number;
}

export interface Pending {
  method: string;
  conn: Conn;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  timer: NodeJS.Timeout;
}

export const DEFAULTS = {
  requestTimeoutMs: 30_000,
  connectTimeoutMs: 15_000,
  longRequestTimeoutMs: 300_000,
  maxPayload: 64 * 1024 * 1024,
  reconnect: { initialMs: 500, maxMs: 30_000, jitter: 0.2, maxAttempts: Infinity },
};

export function rawToText(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

export function rawLength(data: WebSocket.RawData): number {
  if (Array.isArray(data)) return data.reduce((n, b) => n + b.length, 0);
  return data.byteLength;
}
