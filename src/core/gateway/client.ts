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
import { type Conn, DEFAULTS, type GatewayConnection, type ReconnectOptions, type RequestOptions } from './clientTypes';
import { GatewayError, type GatewayErrorInfo } from './errors';
import type {
  ChatHistoryParams,
  ChatHistoryResult,
  ChatInjectParams,
  ChatInjectResult,
  ChatSendParams,
  ChatSendResult,
  SessionsBranchesListResult,
  SessionsCompactParams,
  SessionsCompactResult,
  SessionsDescribeResult,
  SessionsForkResult,
  SessionsListParams,
  SessionsListResult,
  SessionsMessagesSubscribeResult,
  SessionsResetParams,
  SessionsResetResult,
  SessionsRewindParams,
  SessionsRewindResult,
  SessionsSubscribeResult,
} from './methods';
import { redact, redactUrl, remoteText } from './redact';
import { GatewayRequests } from './requests';

export class GatewayClient extends GatewayRequests {
  /** sessions.subscribe params, replayed after a reconnect */
  private sessionsSub: SessionsListParams | undefined;
  /** sessions.messages.subscribe keys → params, replayed after a reconnect */
  private readonly messageSubs = new Map<string, Record<string, unknown>>();

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

  protected onSocketClosed(conn: Conn, code: number, reason: string): void {
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
}
