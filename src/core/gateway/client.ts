/**
 * GatewayClient: a WebSocket client for the OpenClaw Gateway, protocol 4 (see protocol.ts for the wire facts
 * and their sources, identity.ts for the device signature).
 *
 * - connect(): `connect.challenge` → `connect` (token, optional Ed25519 device block) → `hello-ok`; resolves with
 *   the server version, the scopes actually granted, the advertised methods and events, and the snapshot.
 * - request(): ids are random UUIDs; responses are matched by id, so out-of-order answers are fine; each
 *   request has a timeout (kind 'timeout'); a late answer is dropped.
 * - Events: onEvent(name | '*', cb) → disposable. The server's `tick` (every policy.tickIntervalMs, 30 s) keeps a
 *   watchdog fed: when nothing arrives for 2 ticks + 5 s the socket is dropped and re-opened.
 * - States: idle → connecting → connected → (unexpected close) reconnecting → connected …; closed after
 *   close(), after a refused connect (wrong token, missing pairing, protocol mismatch) or when reconnecting is
 *   off. Reconnects back off exponentially with jitter (the server's retryAfterMs, e.g. "gateway starting",
 *   wins), and replay the sessions.subscribe / sessions.messages.subscribe calls made through the helpers
 *   before reporting 'connected' again.
 * - Client identity: `gateway-client` / `backend` by default. Against the real 2026.9.6 Gateway on loopback
 *   (test/interop tests 7–8) it is granted the requested operator scopes with a device (auto-paired) and
 *   without one (the server's "local backend self-pairing" rule keeps them); `cli`/`cli` keeps them too;
 *   other id/mode pairs without a device get no scopes (see test/interop/README.md for the measured table).
 * - Secrets: the token (every value the provider returned), device tokens and the private key are redacted
 *   from everything passed to the logger and from every error message this client creates.
 *
 * Pure Node (`ws`, node:crypto), no VS Code. `import WebSocket from 'ws'` bundles with esbuild for Node;
 * ws's optional native add-ons (bufferutil, utf-8-validate) are not needed.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { type DeviceStore, type StoredDevice, deviceConnectBlock, loadOrCreateDevice, MemoryDeviceStore, normalizeGatewayUrl } from './identity';
import {
  type ChatEvent,
  type ChatHistoryParams,
  type ChatHistoryResult,
  type ChatInjectParams,
  type ChatInjectResult,
  type ChatSendParams,
  type ChatSendResult,
  classifyErrorShape,
  classifyGatewayError,
  type ConnectChallenge,
  type ConnectParams,
  DEFAULT_GATEWAY_URL,
  type EventFrame,
  GatewayError,
  type GatewayErrorInfo,
  type GatewayClientId,
  type GatewayClientMode,
  type HelloOk,
  OPERATOR_SCOPES,
  parseFrame,
  PROTOCOL_VERSION,
  type ResponseFrame,
  type SessionMessageEvent,
  type SessionsBranchesListResult,
  type SessionsChangedEvent,
  type SessionsCompactParams,
  type SessionsCompactResult,
  type SessionsDescribeResult,
  type SessionsForkResult,
  type SessionsListParams,
  type SessionsListResult,
  type SessionsMessagesSubscribeResult,
  type SessionsResetParams,
  type SessionsResetResult,
  type SessionsRewindParams,
  type SessionsRewindResult,
  type SessionsSubscribeResult,
} from './protocol';
import { printable, redact, redactUrl, redactValue, remoteText } from './redact';

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

type EventCallback = (payload: unknown, frame: EventFrame) => void;

interface Conn {
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

interface Pending {
  method: string;
  conn: Conn;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  timer: NodeJS.Timeout;
}

const DEFAULTS = {
  requestTimeoutMs: 30_000,
  connectTimeoutMs: 15_000,
  longRequestTimeoutMs: 300_000,
  maxPayload: 64 * 1024 * 1024,
  reconnect: { initialMs: 500, maxMs: 30_000, jitter: 0.2, maxAttempts: Infinity },
};

function rawToText(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

function rawLength(data: WebSocket.RawData): number {
  if (Array.isArray(data)) return data.reduce((n, b) => n + b.length, 0);
  return data.byteLength;
}

export class GatewayClient {
  readonly url: string;
  private readonly urlKey: string;
  private readonly opts: GatewayClientOptions;
  private readonly scopes: string[];
  private readonly clientId: string;
  private readonly clientMode: string;
  private readonly reconnectOpts: Required<ReconnectOptions> | false;
  private readonly requestTimeoutMs: number;
  private readonly connectTimeoutMs: number;
  private readonly deviceStore: DeviceStore | undefined;

  private _state: GatewayState = 'idle';
  private _lastError: GatewayErrorInfo | undefined;
  private _connection: GatewayConnection | undefined;
  private conn: Conn | undefined;
  private gen = 0;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private connecting: Promise<GatewayConnection> | undefined;
  private device: StoredDevice | undefined;
  private readonly secrets = new Set<string>();
  private readonly pending = new Map<string, Pending>();
  private readonly listeners = new Map<string, Set<EventCallback>>();
  private readonly stateListeners = new Set<(s: GatewayState, c: StateChange) => void>();
  private readonly errorListeners = new Set<(e: GatewayErrorInfo) => void>();
  private readonly waiters = new Set<{ resolve: (c: GatewayConnection) => void; reject: (e: unknown) => void }>();
  /** sessions.subscribe params, replayed after a reconnect */
  private sessionsSub: SessionsListParams | undefined;
  /** sessions.messages.subscribe keys → params, replayed after a reconnect */
  private readonly messageSubs = new Map<string, Record<string, unknown>>();

  constructor(opts: GatewayClientOptions = {}) {
    this.opts = opts;
    this.url = opts.url ?? DEFAULT_GATEWAY_URL;
    this.urlKey = normalizeGatewayUrl(this.url);
    this.scopes = [...(opts.scopes ?? OPERATOR_SCOPES)];
    this.clientId = opts.clientId ?? 'gateway-client';
    this.clientMode = opts.clientMode ?? 'backend';
    this.requestTimeoutMs = opts.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs;
    this.connectTimeoutMs = opts.connectTimeoutMs ?? DEFAULTS.connectTimeoutMs;
    this.reconnectOpts = opts.reconnect === false ? false : { ...DEFAULTS.reconnect, ...(opts.reconnect ?? {}) };
    this.deviceStore = opts.device === false ? undefined : (opts.device ?? new MemoryDeviceStore());
    if (typeof opts.token === 'string' && opts.token) this.secrets.add(opts.token);
  }

  // -------------------------------------------------------------------------------------------
  // State

  get state(): GatewayState {
    return this._state;
  }
  /** Every secret this client knows (token values, device tokens, the device key), for a caller that prints what it got. */
  knownSecrets(): string[] {
    return [...this.secrets];
  }
  /** the last error seen (kept after a successful reconnect, until the next one) */
  get lastError(): GatewayErrorInfo | undefined {
    return this._lastError;
  }
  /** the current connection's hello-ok summary (undefined unless connected) */
  get connection(): GatewayConnection | undefined {
    return this._state === 'connected' ? this._connection : undefined;
  }

  onState(cb: (state: GatewayState, change: StateChange) => void): Disposable {
    this.stateListeners.add(cb);
    return { dispose: () => void this.stateListeners.delete(cb) };
  }

  /** every classified error: failed connects, unexpected closes, failed reconnect attempts */
  onError(cb: (err: GatewayErrorInfo) => void): Disposable {
    this.errorListeners.add(cb);
    return { dispose: () => void this.errorListeners.delete(cb) };
  }

  /** `closedWith`: what waiters of ready() are rejected with when the state becomes 'closed'. */
  private setState(next: GatewayState, closedWith?: GatewayError): void {
    const previous = this._state;
    if (previous === next) return;
    this._state = next;
    this.log('debug', `state ${previous} → ${next}`);
    const change: StateChange = { previous, ...(this._lastError ? { error: this._lastError } : {}) };
    for (const cb of [...this.stateListeners]) {
      try {
        cb(next, change);
      } catch (err) {
        this.log('warn', `a state listener threw: ${(err as Error).message}`);
      }
    }
    if (next === 'connected' && this._connection) {
      const c = this._connection;
      for (const w of [...this.waiters]) w.resolve(c);
      this.waiters.clear();
    } else if (next === 'closed') {
      const e = closedWith ?? this.makeError(this._lastError ?? { kind: 'closed', retryable: false, message: 'The Gateway client is closed.' });
      for (const w of [...this.waiters]) w.reject(e);
      this.waiters.clear();
    }
  }

  private setError(info: GatewayErrorInfo): void {
    this._lastError = info;
    for (const cb of [...this.errorListeners]) {
      try {
        cb(info);
      } catch (err) {
        this.log('warn', `an error listener threw: ${(err as Error).message}`);
      }
    }
  }

  /** Resolves when connected (at once if already); rejects when the client closes or after timeoutMs. */
  ready(timeoutMs?: number): Promise<GatewayConnection> {
    if (this._state === 'connected' && this._connection) return Promise.resolve(this._connection);
    if (this._state === 'closed' || this._state === 'idle') return Promise.reject(this.makeError({ kind: 'closed', retryable: false, message: `The Gateway client is ${this._state}; call connect() first.` }));
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const w = {
        resolve: (c: GatewayConnection) => {
          if (timer) clearTimeout(timer);
          resolve(c);
        },
        reject: (e: unknown) => {
          if (timer) clearTimeout(timer);
          reject(e);
        },
      };
      this.waiters.add(w);
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          this.waiters.delete(w);
          reject(this.makeError({ kind: 'timeout', retryable: true, message: `Not connected to the OpenClaw Gateway at ${redactUrl(this.url)} within ${timeoutMs} ms (state ${this._state}${this._lastError ? `; last error: ${this._lastError.message}` : ''}).` }));
        }, timeoutMs);
      }
    });
  }

  // -------------------------------------------------------------------------------------------
  // Connecting

  /**
   * Connect (no-op when connected). Rejects with a GatewayError on failure and the client goes to 'closed'.
   * `retry: true`: retryable failures (Gateway not running yet, starting, timeouts) are retried with the
   * reconnect backoff, and the promise settles when connected or on a non-retryable failure / close().
   */
  connect(opts: { retry?: boolean } = {}): Promise<GatewayConnection> {
    if (this._state === 'connected' && this._connection) return Promise.resolve(this._connection);
    if (this._state === 'connecting' && this.connecting) return this.connecting;
    if (this._state === 'reconnecting') return this.ready();
    this.attempt = 0;
    this.setState('connecting');
    const p = (async () => {
      try {
        const c = await this.openOnce();
        await this.becomeConnected(c, false);
        return c;
      } catch (e) {
        if (this._state === 'closed') throw this.asError(e);
        const err = this.asError(e);
        this.setError(err.info());
        if (opts.retry && err.retryable && this.reconnectOpts) {
          this.setState('reconnecting');
          this.scheduleReconnect(err);
          return this.ready();
        }
        this.setState('closed', err);
        throw err;
      }
    })();
    this.connecting = p;
    void p.finally(() => {
      if (this.connecting === p) this.connecting = undefined;
    }).catch(() => undefined);
    return p;
  }

  private async currentToken(): Promise<string | undefined> {
    const t = this.opts.token;
    let v: string | undefined | null;
    if (typeof t === 'function') {
      try {
        v = await t();
      } catch (err) {
        throw this.makeError({ kind: 'unauthorized', retryable: false, message: `Could not read the Gateway token: ${(err as Error).message}` });
      }
    } else v = t;
    const token = typeof v === 'string' && v.trim() ? v.trim() : undefined;
    if (token) this.secrets.add(token);
    return token;
  }

  private async currentDevice(): Promise<StoredDevice | undefined> {
    if (!this.deviceStore) return undefined;
    if (!this.device) {
      this.device = await loadOrCreateDevice(this.deviceStore, (why) => this.log('warn', `device identity: ${why}; a new one is created`));
    }
    this.secrets.add(this.device.privateKeyPem);
    for (const r of Object.values(this.device.tokens)) if (r?.deviceToken) this.secrets.add(r.deviceToken);
    return this.device;
  }

  /** One socket: open, challenge, connect, hello-ok. */
  private async openOnce(): Promise<GatewayConnection> {
    const gen = ++this.gen;
    const token = await this.currentToken();
    const device = await this.currentDevice();
    if (gen !== this.gen) throw this.makeError({ kind: 'closed', retryable: false, message: 'The Gateway client was closed while connecting.' });
    const stored = device?.tokens[this.urlKey];
    const deviceToken = !token && stored?.deviceToken ? stored.deviceToken : undefined;
    const where = redactUrl(this.url);

    return new Promise<GatewayConnection>((resolve, reject) => {
      let settled = false;
      let ws: WebSocket;
      try {
        ws = new WebSocket(this.url, { perMessageDeflate: false, maxPayload: this.opts.maxPayload ?? DEFAULTS.maxPayload, handshakeTimeout: this.connectTimeoutMs });
      } catch (err) {
        reject(this.makeError({ kind: 'unreachable', retryable: false, message: `Invalid Gateway URL ${where}: ${(err as Error).message}` }));
        return;
      }
      const conn: Conn = { gen, ws, ready: false, lastFrameAt: Date.now() };
      this.conn = conn;
      const connectId = randomUUID();
      const finish = (err: GatewayError | undefined, value?: GatewayConnection) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (err) {
          conn.closedBy = 'handshake';
          if (this.conn === conn) this.conn = undefined;
          try {
            ws.terminate();
          } catch {
            /* already gone */
          }
          reject(gen !== this.gen ? this.makeError({ kind: 'closed', retryable: false, message: 'The Gateway client was closed while connecting.' }) : err);
        } else resolve(value!);
      };
      const timer = setTimeout(
        () => finish(this.makeError({ kind: 'timeout', retryable: true, message: `The OpenClaw Gateway at ${where} did not complete the handshake within ${this.connectTimeoutMs} ms.` })),
        this.connectTimeoutMs,
      );

      ws.on('ping', () => {
        conn.lastFrameAt = Date.now();
      });
      ws.on('error', (err) => {
        conn.socketError = err;
        this.log('debug', `socket error: ${err.message}`);
      });
      ws.on('close', (code, reasonBuf) => {
        const reason = reasonBuf.toString('utf8');
        if (!settled) {
          finish(this.closeBeforeHello(code, reason, conn.socketError));
          return;
        }
        this.onSocketClosed(conn, code, reason);
      });
      ws.on('message', (data, isBinary) => {
        conn.lastFrameAt = Date.now();
        if (isBinary) {
          this.log('debug', `ignored a binary frame (${rawLength(data)} bytes)`);
          return;
        }
        const text = rawToText(data);
        const frame = parseFrame(text);
        if (!frame) {
          this.log('warn', `ignored a frame that is not a protocol frame (${text.length} characters)`);
          return;
        }
        if (conn.ready) {
          this.dispatch(conn, frame);
          return;
        }
        if (frame.type === 'event' && frame.event === 'connect.challenge') {
          const ch = (frame.payload ?? {}) as Partial<ConnectChallenge>;
          if (typeof ch.nonce !== 'string' || !ch.nonce) {
            finish(this.makeError({ kind: 'protocol-mismatch', retryable: false, message: `The server at ${where} sent a connect.challenge without a nonce; it does not look like an OpenClaw Gateway (protocol ${PROTOCOL_VERSION}).` }));
            return;
          }
          const params = this.connectParams(ch.nonce, token, deviceToken, device);
          this.log('debug', `connect as ${this.clientId}/${this.clientMode}, scopes ${this.scopes.join(',') || '(none)'}, ${device ? `device ${device.deviceId.slice(0, 12)}…` : 'no device'}, auth ${token ? 'token' : deviceToken ? 'device token' : 'none'}`);
          ws.send(JSON.stringify({ type: 'req', id: connectId, method: 'connect', params }), (err) => {
            if (err) finish(this.asError(err));
          });
          return;
        }
        if (frame.type === 'res' && frame.id === connectId) {
          if (!frame.ok) {
            const e = this.serverError(frame, 'connect');
            if (deviceToken && e.detailCode === 'AUTH_DEVICE_TOKEN_MISMATCH' && device) void this.forgetDeviceToken(device);
            finish(e);
            return;
          }
          const hello = frame.payload as HelloOk | undefined;
          if (!hello || hello.type !== 'hello-ok' || hello.protocol !== PROTOCOL_VERSION) {
            finish(
              this.makeError({
                kind: 'protocol-mismatch',
                retryable: false,
                message: `The OpenClaw Gateway at ${where} answered connect with ${hello?.type ?? 'no payload'} protocol ${hello?.protocol ?? '?'}; this client speaks protocol ${PROTOCOL_VERSION}.`,
              }),
            );
            return;
          }
          conn.ready = true;
          const c = this.connectionFrom(hello, device, deviceToken !== undefined);
          const save = hello.auth?.deviceToken && device ? this.storeDeviceToken(device, hello) : Promise.resolve();
          void save.then(() => finish(undefined, c));
          return;
        }
        this.log('debug', `ignored ${frame.type === 'event' ? `event ${frame.event}` : frame.type} before hello-ok`);
      });
    });
  }

  private connectParams(nonce: string, token: string | undefined, deviceToken: string | undefined, device: StoredDevice | undefined): ConnectParams {
    const platform = this.opts.platform ?? process.platform;
    const role = this.opts.role ?? 'operator';
    const client: ConnectParams['client'] = {
      id: this.clientId,
      version: this.opts.clientVersion ?? '0.1.0',
      platform,
      mode: this.clientMode,
      displayName: this.opts.displayName ?? 'OpenClaw Context',
    };
    if (this.opts.deviceFamily) client.deviceFamily = this.opts.deviceFamily;
    if (this.opts.instanceId) client.instanceId = this.opts.instanceId;
    const params: ConnectParams = {
      minProtocol: PROTOCOL_VERSION,
      maxProtocol: PROTOCOL_VERSION,
      client,
      role,
      scopes: [...this.scopes],
      caps: [...(this.opts.caps ?? [])],
      userAgent: `openclaw-context/${client.version} node/${process.versions.node}`,
    };
    if (token) params.auth = { token };
    else if (deviceToken) params.auth = { deviceToken };
    if (device) {
      params.device = deviceConnectBlock(device, {
        clientId: this.clientId,
        clientMode: this.clientMode,
        role,
        scopes: this.scopes,
        signedAtMs: Date.now(),
        token: token ?? deviceToken ?? null,
        nonce,
        platform,
        deviceFamily: this.opts.deviceFamily ?? null,
      });
    }
    return params;
  }

  /**
   * The connection as the rest of the code sees it: every string the server sent in hello-ok that can end up
   * printed (version, build, scopes, method and event names, auth method, role) is a `remoteText` — one line,
   * no control characters, redacted, bounded.
   */
  private connectionFrom(hello: HelloOk, device: StoredDevice | undefined, usedDeviceToken: boolean): GatewayConnection {
    const secrets = [...this.secrets];
    const text = (v: unknown, max = 100) => remoteText(v, secrets, max);
    const names = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').map((x) => text(x)).filter(Boolean) : []);
    const server: HelloOk['server'] = { ...hello.server, version: text(hello.server?.version) || '?', connId: text(hello.server?.connId) };
    for (const k of ['buildId', 'bootId'] as const) if (hello.server?.[k] !== undefined) server[k] = text(hello.server[k]);
    const c: GatewayConnection = {
      url: this.url,
      protocol: hello.protocol,
      server,
      scopes: names(hello.auth?.scopes),
      methods: names(hello.features?.methods),
      events: names(hello.features?.events),
      capabilities: names(hello.features?.capabilities),
      snapshot: hello.snapshot ?? {},
      policy: hello.policy ?? {},
      clientId: this.clientId,
      clientMode: this.clientMode,
      deviceTokenIssued: typeof hello.auth?.deviceToken === 'string' && hello.auth.deviceToken.length > 0,
      usedDeviceToken,
      connectedAt: Date.now(),
    };
    if (typeof hello.auth?.role === 'string') c.role = text(hello.auth.role);
    if (typeof hello.auth?.method === 'string') c.authMethod = text(hello.auth.method);
    if (device) c.deviceId = device.deviceId;
    return c;
  }

  private async storeDeviceToken(device: StoredDevice, hello: HelloOk): Promise<void> {
    const auth = hello.auth!;
    const deviceToken = auth.deviceToken!;
    this.secrets.add(deviceToken);
    const prev = device.tokens[this.urlKey];
    if (prev?.deviceToken === deviceToken) return;
    device.tokens[this.urlKey] = {
      deviceToken,
      ...(typeof auth.role === 'string' ? { role: auth.role } : {}),
      ...(Array.isArray(auth.scopes) ? { scopes: [...auth.scopes] } : {}),
      ...(typeof auth.issuedAtMs === 'number' ? { issuedAtMs: auth.issuedAtMs } : {}),
    };
    try {
      await this.deviceStore!.save(device);
      this.log('debug', `stored the device token for ${this.urlKey}`);
    } catch (err) {
      this.log('warn', `could not store the device token: ${(err as Error).message}`);
    }
  }

  private async forgetDeviceToken(device: StoredDevice): Promise<void> {
    if (!device.tokens[this.urlKey]) return;
    delete device.tokens[this.urlKey];
    try {
      await this.deviceStore!.save(device);
    } catch (err) {
      this.log('warn', `could not remove the rejected device token: ${(err as Error).message}`);
    }
  }

  private closeBeforeHello(code: number, reason: string, socketError: Error | undefined): GatewayError {
    if (socketError) return this.asError(socketError);
    const r = remoteText(reason, [...this.secrets], 200);
    if (code === 1008 && /unauthori[sz]ed|token|pair/i.test(r)) return this.makeError({ kind: 'unauthorized', retryable: false, message: `The OpenClaw Gateway refused the connection (${r}).` });
    if (code === 1002 || /protocol/i.test(r)) return this.makeError({ kind: 'protocol-mismatch', retryable: false, message: `The OpenClaw Gateway closed the connection: ${r || `code ${code}`}.` });
    if (code === 1013) return this.makeError({ kind: 'server-error', retryable: true, message: `The OpenClaw Gateway is starting (${r || 'code 1013'}); retrying.` });
    return this.makeError({ kind: 'closed', retryable: true, message: `The OpenClaw Gateway at ${redactUrl(this.url)} closed the connection before hello-ok (code ${code}${r ? `: ${r}` : ''}).` });
  }

  private async becomeConnected(c: GatewayConnection, isReconnect: boolean): Promise<void> {
    const conn = this.conn;
    if (!conn || !conn.ready) throw this.makeError({ kind: 'closed', retryable: true, message: 'The connection to the OpenClaw Gateway closed right after hello-ok.' });
    this._connection = c;
    this.startWatchdog(conn, c.policy.tickIntervalMs);
    if (isReconnect) await this.resubscribe(conn);
    if (this.conn !== conn || !conn.ready) throw this.makeError({ kind: 'closed', retryable: true, message: 'The connection to the OpenClaw Gateway closed while re-subscribing.' });
    this.attempt = 0;
    this.log('info', `connected to OpenClaw ${c.server.version} at ${redactUrl(this.url)} as ${c.clientId}/${c.clientMode}; scopes ${c.scopes.join(',') || '(none)'}${c.deviceId ? `; device ${c.deviceId.slice(0, 12)}…` : ''}`);
    this.setState('connected');
  }

  private startWatchdog(conn: Conn, tickIntervalMs: number | undefined): void {
    if (this.opts.tickTimeoutMs === false) return;
    const tick = typeof tickIntervalMs === 'number' && tickIntervalMs > 0 ? tickIntervalMs : 30_000;
    const limit = this.opts.tickTimeoutMs ?? tick * 2 + 5000;
    conn.tickTimeoutMs = limit;
    const every = Math.max(50, Math.min(5000, Math.floor(limit / 4)));
    conn.watchdog = setInterval(() => {
      if (Date.now() - conn.lastFrameAt <= limit) return;
      this.log('warn', `no frame from the Gateway for ${Math.round((Date.now() - conn.lastFrameAt) / 1000)} s; reconnecting`);
      conn.closedBy = 'watchdog';
      clearInterval(conn.watchdog);
      conn.ws.terminate();
    }, every);
    conn.watchdog.unref?.();
  }

  private onSocketClosed(conn: Conn, code: number, reason: string): void {
    if (conn.watchdog) clearInterval(conn.watchdog);
    conn.ready = false;
    const r = remoteText(reason, [...this.secrets], 200);
    const watchdog = conn.closedBy === 'watchdog';
    const info: GatewayErrorInfo = watchdog
      ? { kind: 'timeout', retryable: true, message: `The OpenClaw Gateway at ${redactUrl(this.url)} sent nothing for ${Math.round((conn.tickTimeoutMs ?? 0) / 1000)} s (no tick); the connection was dropped.` }
      : {
          kind: 'closed',
          retryable: true,
          message: `The connection to the OpenClaw Gateway at ${redactUrl(this.url)} closed (code ${code}${r ? `: ${r}` : ''}${conn.socketError ? `; ${redact(conn.socketError.message, [...this.secrets])}` : ''}).`,
        };
    for (const [id, p] of this.pending) {
      if (p.conn !== conn) continue;
      this.pending.delete(id);
      clearTimeout(p.timer);
      p.reject(this.makeError({ ...info, method: p.method, message: `${p.method}: ${info.message}` }));
    }
    if (this.conn !== conn) return; // replaced or closed by close()
    this.conn = undefined;
    if (conn.closedBy === 'client' || this._state === 'closed') return;
    this.setError(info);
    this.log('warn', info.message);
    if (!this.reconnectOpts) {
      this.setState('closed');
      return;
    }
    this.setState('reconnecting');
    this.scheduleReconnect(undefined);
  }

  /** Backoff n (1-based): initial · 2^(n-1), capped, ± jitter; the server's retryAfterMs wins when given. */
  private reconnectDelay(err: GatewayError | undefined): number {
    const r = this.reconnectOpts as Required<ReconnectOptions>;
    if (err?.retryAfterMs !== undefined) return Math.min(r.maxMs, Math.max(0, err.retryAfterMs));
    const base = Math.min(r.maxMs, r.initialMs * 2 ** Math.max(0, this.attempt - 1));
    const j = Math.min(1, Math.max(0, r.jitter));
    return Math.max(0, Math.round(base * (1 - j + Math.random() * 2 * j)));
  }

  private scheduleReconnect(err: GatewayError | undefined): void {
    if (!this.reconnectOpts || this._state === 'closed') return;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.attempt++;
    if (this.attempt > this.reconnectOpts.maxAttempts) {
      this.log('warn', `giving up after ${this.attempt - 1} reconnect attempts`);
      this.setState('closed');
      return;
    }
    const delay = this.reconnectDelay(err);
    this.log('info', `reconnect attempt ${this.attempt} in ${delay} ms`);
    const gen = this.gen;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (gen !== this.gen || this._state !== 'reconnecting') return;
      void this.reconnectOnce();
    }, delay);
  }

  private async reconnectOnce(): Promise<void> {
    try {
      const c = await this.openOnce();
      await this.becomeConnected(c, true);
    } catch (e) {
      if (this._state === 'closed') return;
      const err = this.asError(e);
      this.setError(err.info());
      this.log(err.retryable ? 'info' : 'warn', `reconnect attempt ${this.attempt} failed: ${err.message}`);
      if (!err.retryable) {
        this.setState('closed', err);
        return;
      }
      // The socket may have been opened and dropped again; make sure nothing is left over.
      if (this.conn && !this.conn.ready) {
        this.conn.closedBy = 'handshake';
        this.conn.ws.terminate();
        this.conn = undefined;
      }
      this.scheduleReconnect(err);
    }
  }

  private async resubscribe(conn: Conn): Promise<void> {
    const calls: Array<[string, Record<string, unknown>]> = [];
    if (this.sessionsSub) calls.push(['sessions.subscribe', this.sessionsSub]);
    for (const params of this.messageSubs.values()) calls.push(['sessions.messages.subscribe', params]);
    if (!calls.length) return;
    const results = await Promise.allSettled(calls.map(([m, p]) => this.send(conn, m, p, this.requestTimeoutMs)));
    const failed = results.map((r, i) => [r, calls[i]![0]] as const).filter(([r]) => r.status === 'rejected');
    for (const [r, m] of failed) this.log('warn', `re-subscribing ${m} failed: ${((r as PromiseRejectedResult).reason as Error).message}`);
    this.log('info', `re-subscribed ${calls.length - failed.length}/${calls.length} subscription(s) after reconnecting`);
  }

  /**
   * Close for good (idempotent): stops reconnecting, rejects pending requests with kind 'closed', forgets the
   * subscriptions, closes the socket (1000) and waits for it (at most 2 s).
   */
  async close(): Promise<void> {
    const conn = this.conn;
    this.gen++;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.conn = undefined;
    this.sessionsSub = undefined;
    this.messageSubs.clear();
    if (this._state !== 'closed') this.setState('closed', this.makeError({ kind: 'closed', retryable: false, message: 'The Gateway client was closed.' }));
    for (const [id, p] of this.pending) {
      this.pending.delete(id);
      clearTimeout(p.timer);
      p.reject(this.makeError({ kind: 'closed', retryable: false, method: p.method, message: `${p.method}: the Gateway client was closed before the answer arrived.` }));
    }
    if (!conn) return;
    conn.closedBy = 'client';
    if (conn.watchdog) clearInterval(conn.watchdog);
    const ws = conn.ws;
    if (ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        ws.terminate();
        resolve();
      }, 2000);
      ws.once('close', () => {
        clearTimeout(t);
        resolve();
      });
      try {
        if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
        else ws.close(1000, 'client closed');
      } catch {
        clearTimeout(t);
        resolve();
      }
    });
  }

  // -------------------------------------------------------------------------------------------
  // Requests and events

  /** One RPC. Rejects with a GatewayError (kind 'closed' when not connected). */
  request<T = unknown>(method: string, params: unknown = {}, opts: RequestOptions = {}): Promise<T> {
    const conn = this.conn;
    if (!conn || !conn.ready || this._state !== 'connected') {
      return Promise.reject(
        this.makeError({ kind: 'closed', retryable: this._state !== 'closed', method, message: `${method}: not connected to the OpenClaw Gateway (state ${this._state}${this._lastError ? `; ${this._lastError.message}` : ''}).` }),
      );
    }
    return this.send(conn, method, params, opts.timeoutMs ?? this.requestTimeoutMs) as Promise<T>;
  }

  private send(conn: Conn, method: string, params: unknown, timeoutMs: number): Promise<unknown> {
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (!this.pending.delete(id)) return;
        reject(this.makeError({ kind: 'timeout', retryable: true, method, message: `${method}: no answer from the OpenClaw Gateway within ${timeoutMs} ms.` }));
      }, timeoutMs);
      this.pending.set(id, { method, conn, resolve, reject, timer });
      let text: string;
      try {
        text = JSON.stringify({ type: 'req', id, method, params });
      } catch (err) {
        this.pending.delete(id);
        clearTimeout(timer);
        reject(this.makeError({ kind: 'server-error', retryable: false, method, message: `${method}: the params cannot be sent as JSON (${(err as Error).message}).` }));
        return;
      }
      conn.ws.send(text, (err) => {
        if (!err || !this.pending.delete(id)) return;
        clearTimeout(timer);
        reject(this.makeError({ kind: 'closed', retryable: true, method, message: `${method}: could not send to the Gateway (${err.message}).` }));
      });
    });
  }

  private dispatch(conn: Conn, frame: NonNullable<ReturnType<typeof parseFrame>>): void {
    if (frame.type === 'res') {
      const p = this.pending.get(frame.id);
      if (!p || p.conn !== conn) {
        this.log('debug', `dropped a response nobody waits for (${frame.ok ? 'ok' : 'error'}; timed out or unknown)`);
        return;
      }
      this.pending.delete(frame.id);
      clearTimeout(p.timer);
      if (frame.ok) p.resolve(frame.payload);
      else p.reject(this.serverError(frame, p.method));
      return;
    }
    if (frame.type === 'event') {
      if (frame.event === 'shutdown') this.log('info', `the Gateway announced a shutdown: ${remoteText(frame.payload ?? {}, [...this.secrets])}`);
      for (const name of [frame.event, '*']) {
        const set = this.listeners.get(name);
        if (!set) continue;
        for (const cb of [...set]) {
          try {
            cb(frame.payload, frame);
          } catch (err) {
            this.log('warn', `an event listener for ${frame.event} threw: ${(err as Error).message}`);
          }
        }
      }
      return;
    }
    this.log('debug', `ignored a server request ${frame.method}`);
  }

  /** Listen to one event ('sessions.changed', 'session.message', 'chat', 'agent', 'tick', …) or every one ('*'). */
  onEvent<T = unknown>(name: string, cb: (payload: T, frame: EventFrame<T>) => void): Disposable {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    const f = cb as EventCallback;
    set.add(f);
    return {
      dispose: () => {
        const s = this.listeners.get(name);
        s?.delete(f);
        if (s && !s.size) this.listeners.delete(name);
      },
    };
  }

  /** The next event `name` whose payload passes `match` (rejects with kind 'timeout'). */
  waitForEvent<T = unknown>(name: string, match: (payload: T) => boolean = () => true, timeoutMs = this.requestTimeoutMs): Promise<T> {
    return new Promise((resolve, reject) => {
      const d = this.onEvent<T>(name, (payload) => {
        let ok = false;
        try {
          ok = match(payload);
        } catch {
          ok = false;
        }
        if (!ok) return;
        clearTimeout(t);
        d.dispose();
        resolve(payload);
      });
      const t = setTimeout(() => {
        d.dispose();
        reject(this.makeError({ kind: 'timeout', retryable: true, message: `No ${name} event within ${timeoutMs} ms.` }));
      }, timeoutMs);
    });
  }

  onSessionsChanged(cb: (e: SessionsChangedEvent) => void): Disposable {
    return this.onEvent<SessionsChangedEvent>('sessions.changed', cb);
  }
  onSessionMessage(cb: (e: SessionMessageEvent) => void): Disposable {
    return this.onEvent<SessionMessageEvent>('session.message', cb);
  }
  onChat(cb: (e: ChatEvent) => void): Disposable {
    return this.onEvent<ChatEvent>('chat', cb);
  }

  // -------------------------------------------------------------------------------------------
  // Typed methods (real payloads: reference §5 "Methods used, with real responses")

  sessionsList(params: SessionsListParams = {}, opts?: RequestOptions): Promise<SessionsListResult> {
    return this.request('sessions.list', params, opts);
  }
  sessionsDescribe(params: { key: string; agentId?: string }, opts?: RequestOptions): Promise<SessionsDescribeResult> {
    return this.request('sessions.describe', params, opts);
  }
  /** sessions.subscribe: `sessions.changed` events follow; replayed after every reconnect. */
  async sessionsSubscribe(params: SessionsListParams = {}, opts?: RequestOptions): Promise<SessionsSubscribeResult> {
    const r = await this.request<SessionsSubscribeResult>('sessions.subscribe', params, opts);
    this.sessionsSub = { ...params };
    return r;
  }
  /** sessions.messages.subscribe: `session.message` events for that key follow; replayed after every reconnect. */
  async sessionsMessagesSubscribe(params: { key: string; agentId?: string }, opts?: RequestOptions): Promise<SessionsMessagesSubscribeResult> {
    const r = await this.request<SessionsMessagesSubscribeResult>('sessions.messages.subscribe', params, opts);
    this.messageSubs.set(params.key, { ...params });
    return r;
  }
  async sessionsMessagesUnsubscribe(params: { key: string; agentId?: string }, opts?: RequestOptions): Promise<unknown> {
    this.messageSubs.delete(params.key);
    return this.request('sessions.messages.unsubscribe', params, opts);
  }
  /** The keys whose message subscriptions are replayed after a reconnect, and whether sessions.subscribe is. */
  subscriptions(): { sessions: boolean; messages: string[] } {
    return { sessions: this.sessionsSub !== undefined, messages: [...this.messageSubs.keys()] };
  }
  /** sessions.compact (operator.admin). Runs the summariser, so the default timeout is 5 min. */
  sessionsCompact(params: SessionsCompactParams, opts?: RequestOptions): Promise<SessionsCompactResult> {
    return this.request('sessions.compact', params, { timeoutMs: opts?.timeoutMs ?? Math.max(this.requestTimeoutMs, DEFAULTS.longRequestTimeoutMs) });
  }
  /** sessions.rewind (operator.admin): a new transcript generation whose leaf is the entry before `entryId` (a user message). */
  sessionsRewind(params: SessionsRewindParams, opts?: RequestOptions): Promise<SessionsRewindResult> {
    return this.request('sessions.rewind', params, opts);
  }
  /** sessions.fork (operator.write): a new session from the path before `entryId`. */
  sessionsFork(params: SessionsRewindParams, opts?: RequestOptions): Promise<SessionsForkResult> {
    return this.request('sessions.fork', params, opts);
  }
  /** sessions.reset (operator.admin); reason defaults to 'reset'. */
  sessionsReset(params: SessionsResetParams, opts?: RequestOptions): Promise<SessionsResetResult> {
    return this.request('sessions.reset', { reason: 'reset', ...params }, opts);
  }
  sessionsBranchesList(params: { sessionKey: string; agentId?: string }, opts?: RequestOptions): Promise<SessionsBranchesListResult> {
    return this.request('sessions.branches.list', params, opts);
  }
  /** chat.send (operator.write): starts a run and returns at once ({runId = idempotencyKey, status:'started'}). */
  chatSend(params: ChatSendParams, opts?: RequestOptions): Promise<ChatSendResult> {
    return this.request('chat.send', { ...params, idempotencyKey: params.idempotencyKey ?? randomUUID() }, opts);
  }
  /** chat.inject (operator.admin): an operator note (assistant row, provider "openclaw"; not sent to the model). */
  chatInject(params: ChatInjectParams, opts?: RequestOptions): Promise<ChatInjectResult> {
    return this.request('chat.inject', params, opts);
  }
  chatHistory(params: ChatHistoryParams, opts?: RequestOptions): Promise<ChatHistoryResult> {
    return this.request('chat.history', params, opts);
  }

  // -------------------------------------------------------------------------------------------
  // Errors and logging

  private serverError(frame: ResponseFrame, method: string): GatewayError {
    const secrets = [...this.secrets];
    const shape = frame.error ?? { code: 'UNKNOWN', message: 'error without details' };
    const info = classifyErrorShape(shape, { secrets, method });
    return new GatewayError(info, shape.details ? redactValue(shape.details, secrets) : undefined);
  }

  private makeError(info: GatewayErrorInfo): GatewayError {
    return new GatewayError({ ...info, message: printable(info.message, [...this.secrets]) });
  }

  private asError(e: unknown): GatewayError {
    if (e instanceof GatewayError) return e;
    return new GatewayError(classifyGatewayError(e, { secrets: [...this.secrets], url: this.url }));
  }

  private log(level: keyof GatewayLogger, message: string): void {
    const fn = this.opts.logger?.[level];
    if (!fn) return;
    try {
      fn.call(this.opts.logger, printable(`[gateway] ${message}`, [...this.secrets]));
    } catch {
      /* a logger must not break the client */
    }
  }
}
