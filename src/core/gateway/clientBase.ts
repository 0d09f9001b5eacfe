/**
 * What every part of the Gateway client shares: its settings, the secrets it knows, its state (with the
 * state and error listeners and ready()), and errors and log lines redacted of those secrets.
 */
import {
  type Conn,
  DEFAULTS,
  type Disposable,
  type GatewayClientOptions,
  type GatewayConnection,
  type GatewayLogger,
  type GatewayState,
  type ReconnectOptions,
  type StateChange,
} from './clientTypes';
import { classifyErrorShape, classifyGatewayError, GatewayError, type GatewayErrorInfo } from './errors';
import { type DeviceStore, MemoryDeviceStore, normalizeGatewayUrl } from './identity';
import { DEFAULT_GATEWAY_URL, OPERATOR_SCOPES, type ResponseFrame } from './protocol';
import { printable, redactUrl, redactValue } from './redact';

export abstract class GatewayClientBase {
  readonly url: string;
  protected readonly urlKey: string;
  protected readonly opts: GatewayClientOptions;
  protected readonly scopes: string[];
  protected readonly clientId: string;
  protected readonly clientMode: string;
  protected readonly reconnectOpts: Required<ReconnectOptions> | false;
  protected readonly requestTimeoutMs: number;
  protected readonly connectTimeoutMs: number;
  protected readonly deviceStore: DeviceStore | undefined;

  protected _state: GatewayState = 'idle';
  protected _lastError: GatewayErrorInfo | undefined;
  protected _connection: GatewayConnection | undefined;
  protected conn: Conn | undefined;
  protected gen = 0;
  protected attempt = 0;
  protected reconnectTimer: NodeJS.Timeout | undefined;
  protected connecting: Promise<GatewayConnection> | undefined;
  protected readonly secrets = new Set<string>();
  protected readonly stateListeners = new Set<(s: GatewayState, c: StateChange) => void>();
  protected readonly errorListeners = new Set<(e: GatewayErrorInfo) => void>();
  protected readonly waiters = new Set<{ resolve: (c: GatewayConnection) => void; reject: (e: unknown) => void }>();

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
  protected setState(next: GatewayState, closedWith?: GatewayError): void {
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

  protected setError(info: GatewayErrorInfo): void {
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
  // Errors and logging

  protected serverError(frame: ResponseFrame, method: string): GatewayError {
    const secrets = [...this.secrets];
    const shape = frame.error ?? { code: 'UNKNOWN', message: 'error without details' };
    const info = classifyErrorShape(shape, { secrets, method });
    return new GatewayError(info, shape.details ? redactValue(shape.details, secrets) : undefined);
  }

  protected makeError(info: GatewayErrorInfo): GatewayError {
    return new GatewayError({ ...info, message: printable(info.message, [...this.secrets]) });
  }

  protected asError(e: unknown): GatewayError {
    if (e instanceof GatewayError) return e;
    return new GatewayError(classifyGatewayError(e, { secrets: [...this.secrets], url: this.url }));
  }

  protected log(level: keyof GatewayLogger, message: string): void {
    const fn = this.opts.logger?.[level];
    if (!fn) return;
    try {
      fn.call(this.opts.logger, printable(`[gateway] ${message}`, [...this.secrets]));
    } catch {
      /* a logger must not break the client */
    }
  }
}
