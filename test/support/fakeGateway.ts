/**
 * A scripted, in-process OpenClaw Gateway (protocol 4) on 127.0.0.1, for tests only: the unit tests of the
 * client (test/unit/gateway*.test.ts) and any layer that wants a Gateway without installing OpenClaw.
 *
 * It plays the real 2026.9.6 server's handshake and rules, as recorded in shared/openclaw-real-fixtures/gateway
 * (frames-*.jsonl.gz, hello-ok.json) and read from the package's server code (message-handler-*.mjs,
 * node-connect-reconcile-*.mjs, connect-device-proof):
 * - `connect.challenge {nonce, ts, capabilities:["model-catalog-snapshot"]}` first; the first request must be
 *   `connect` with closed params (unknown fields → INVALID_REQUEST "invalid connect params");
 * - protocol range must include 4, else PROTOCOL_MISMATCH and close 1002;
 * - the token must match (else the exact AUTH_TOKEN_MISMATCH / AUTH_TOKEN_MISSING error, close 1008), or a
 *   device token this fake issued to that device;
 * - a device block is verified like the server does: id = sha256(raw key), signedAt within 120 s, the
 *   challenge nonce, the Ed25519 signature over the v3 string (else DEVICE_AUTH_* and close 1008);
 * - scopes: a verified device gets what it asked for, and a device token unless it is `gateway-client`/`backend`
 *   (which the real server does not pair on loopback); without a device only `gateway-client`/`backend` and
 *   `cli`/`cli` keep the requested scopes (the server's local rules), every other client gets none
 *   (measured: test/interop/README.md);
 * - each method needs its METHOD_SCOPES scope (admin ⊇ write ⊇ read), else the exact MISSING_SCOPE error.
 * Handlers are scriptable per method (delay, out-of-order answers, no answer, errors), and the server can be
 * killed (every socket dropped, port closed) and restarted on the same port.
 */
import * as crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { buildDeviceAuthPayloadV3, deviceIdFromPublicKey, verifyPayload } from '../../src/core/gateway/identity';
import {
  type ConnectParams,
  GATEWAY_CLIENT_IDS,
  GATEWAY_CLIENT_MODES,
  type GatewayErrorShape,
  METHOD_SCOPES,
  OPERATOR_SCOPES,
} from '../../src/core/gateway/protocol';

export interface FakeGatewayOptions {
  token: string;
  /** 0 (default): a free port */
  port?: number;
  /** policy.tickIntervalMs advertised (default 30000) */
  tickIntervalMs?: number;
  /** send `tick` events at that interval (default false) */
  sendTicks?: boolean;
  /** hello-ok protocol (default 4; set another to test the client's check) */
  helloProtocol?: number;
  /** the protocol the server accepts (default 4; another one makes it refuse the client with PROTOCOL_MISMATCH) */
  serverProtocol?: number;
  version?: string;
  methods?: string[];
  /** hello-ok's snapshot.stateDir (default '/fake'; null: left out, as an older Gateway) */
  stateDir?: string | null;
}

export interface FakeConn {
  id: string;
  ws: WebSocket;
  nonce: string;
  authed: boolean;
  params?: ConnectParams;
  scopes: string[];
  deviceId?: string;
  signatureVerified?: boolean;
  sessionsSubscribed: boolean;
  messageKeys: Set<string>;
}

export interface HandlerContext {
  conn: FakeConn;
  gateway: FakeGateway;
}

/** Return this from a handler to never answer. */
export const NO_REPLY = Symbol('no-reply');

/** Throw this from a handler to answer `{ok:false, error}`. */
export class FakeReplyError extends Error {
  constructor(readonly shape: GatewayErrorShape) {
    super(shape.message);
  }
}

export type FakeHandler = (params: Record<string, unknown>, ctx: HandlerContext) => unknown;

const FEATURE_EVENTS = ['connect.challenge', 'agent', 'chat', 'session.message', 'session.operation', 'sessions.changed', 'presence', 'tick', 'shutdown', 'health'];

/** A session row as the real sessions.list returns it (trimmed). */
export function fakeSessionRow(key: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    key,
    visibility: 'shared',
    kind: 'direct',
    classification: key.endsWith(':main') ? 'main' : 'custom',
    agentId: 'main',
    sessionId: crypto.randomUUID(),
    status: 'done',
    totalTokens: 8819,
    totalTokensFresh: true,
    contextTokens: 32768,
    compactionCount: 0,
    hasActiveRun: false,
    updatedAt: Date.now(),
    ...extra,
  };
}

const CONNECT_KEYS = new Set(['minProtocol', 'maxProtocol', 'client', 'caps', 'commands', 'computerUse', 'workerRuns', 'permissions', 'pathEnv', 'role', 'scopes', 'modelCatalog', 'device', 'auth', 'locale', 'userAgent']);
const CLIENT_KEYS = new Set(['id', 'displayName', 'version', 'buildId', 'platform', 'deviceFamily', 'modelIdentifier', 'timeZone', 'mode', 'instanceId']);
const DEVICE_KEYS = new Set(['id', 'publicKey', 'signature', 'signedAt', 'nonce']);
const AUTH_KEYS = new Set(['token', 'bootstrapToken', 'deviceToken', 'password', 'approvalRuntimeToken', 'agentRuntimeIdentityToken']);

function extraKeys(obj: unknown, allowed: Set<string>): string[] {
  if (!obj || typeof obj !== 'object') return [];
  return Object.keys(obj).filter((k) => !allowed.has(k));
}

const SCOPE_RANK: Record<string, number> = { 'operator.read': 1, 'operator.write': 2, 'operator.admin': 3 };

export class FakeGateway {
  readonly opts: Required<Omit<FakeGatewayOptions, 'port' | 'methods' | 'stateDir'>> & { methods: string[]; stateDir: string | null };
  port = 0;
  private wss: WebSocketServer | undefined;
  readonly conns = new Set<FakeConn>();
  readonly handlers = new Map<string, FakeHandler>();
  /** every request after hello, in arrival order */
  readonly requests: Array<{ connId: string; method: string; params: Record<string, unknown>; at: number }> = [];
  /** every connect attempt (params with the auth block as sent) */
  readonly connects: Array<{ connId: string; params: ConnectParams; ok: boolean; error?: GatewayErrorShape; at: number }> = [];
  /** socket connections accepted (including ones that never authenticated), with their time */
  readonly connections: number[] = [];
  /** device tokens this fake issued, by device id */
  readonly deviceTokens = new Map<string, string>();
  /** called for each new socket before the challenge; return false to skip the challenge (scripted misbehaviour) */
  onSocket: ((ws: WebSocket, conn: FakeConn) => boolean | void) | undefined;
  /** called for each well-formed connect; return a refusal to answer it with that error and close */
  connectHook: ((params: ConnectParams, conn: FakeConn) => { error: GatewayErrorShape; closeCode?: number; closeReason?: string } | undefined) | undefined;
  /** grant at most these scopes (a device paired with fewer scopes, like the real read-only device of interop test 8) */
  scopeLimit: string[] | undefined;
  private tickTimer: NodeJS.Timeout | undefined;
  private seq = 0;

  constructor(opts: FakeGatewayOptions) {
    this.opts = {
      token: opts.token,
      tickIntervalMs: opts.tickIntervalMs ?? 30_000,
      sendTicks: opts.sendTicks ?? false,
      helloProtocol: opts.helloProtocol ?? 4,
      serverProtocol: opts.serverProtocol ?? 4,
      version: opts.version ?? '2026.9.6',
      methods: opts.methods ?? [...Object.keys(METHOD_SCOPES), 'health', 'status'],
      stateDir: opts.stateDir === undefined ? '/fake' : opts.stateDir,
    };
    this.port = opts.port ?? 0;
    this.installDefaults();
  }

  get url(): string {
    return `ws://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: this.port, perMessageDeflate: false, maxPayload: 26_214_400 });
    await new Promise<void>((resolve, reject) => {
      wss.once('listening', () => resolve());
      wss.once('error', reject);
    });
    this.wss = wss;
    this.port = (wss.address() as AddressInfo).port;
    wss.on('connection', (ws) => this.accept(ws));
    if (this.opts.sendTicks) {
      this.tickTimer = setInterval(() => this.broadcast('tick', { ts: Date.now() }), this.opts.tickIntervalMs);
      this.tickTimer.unref();
    }
    return this;
  }

  /** Drop every socket abruptly (like SIGKILL) and stop listening: new connects get ECONNREFUSED. */
  async kill(): Promise<void> {
    if (this.tickTimer) clearInterval(this.tickTimer);
    this.tickTimer = undefined;
    for (const c of this.conns) c.ws.terminate();
    this.conns.clear();
    const wss = this.wss;
    this.wss = undefined;
    if (wss) await new Promise<void>((resolve) => wss.close(() => resolve()));
  }

  /** Listen again on the same port. */
  async restart(): Promise<this> {
    if (this.wss) await this.kill();
    return this.start();
  }

  async close(): Promise<void> {
    await this.kill();
  }

  /** Script a method. */
  handle(method: string, fn: FakeHandler): this {
    this.handlers.set(method, fn);
    return this;
  }

  /** Send an event to every authenticated connection (`filter` narrows). */
  broadcast(event: string, payload: unknown, filter: (c: FakeConn) => boolean = () => true): number {
    let n = 0;
    for (const c of this.conns) {
      if (!c.authed || !filter(c) || c.ws.readyState !== WebSocket.OPEN) continue;
      c.ws.send(JSON.stringify({ type: 'event', event, payload, seq: ++this.seq }));
      n++;
    }
    return n;
  }

  /** `sessions.changed` to the connections that called sessions.subscribe. */
  emitSessionsChanged(payload: Record<string, unknown>): number {
    return this.broadcast('sessions.changed', payload, (c) => c.sessionsSubscribed);
  }

  /** `session.message` to the connections that subscribed to that key's messages. */
  emitSessionMessage(payload: Record<string, unknown> & { sessionKey: string }): number {
    return this.broadcast('session.message', payload, (c) => c.messageKeys.has(payload.sessionKey));
  }

  /** Raw text or bytes to every authenticated connection. */
  sendRaw(data: string | Buffer, binary = false): void {
    for (const c of this.conns) if (c.authed && c.ws.readyState === WebSocket.OPEN) c.ws.send(data, { binary });
  }

  private accept(ws: WebSocket): void {
    this.connections.push(Date.now());
    const conn: FakeConn = { id: crypto.randomUUID(), ws, nonce: crypto.randomUUID(), authed: false, scopes: [], sessionsSubscribed: false, messageKeys: new Set() };
    this.conns.add(conn);
    ws.on('close', () => this.conns.delete(conn));
    ws.on('error', () => undefined);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      let frame: { type?: string; id?: string; method?: string; params?: unknown };
      try {
        frame = JSON.parse(String(data));
      } catch {
        ws.close(1008, 'invalid frame');
        return;
      }
      if (!conn.authed) {
        this.onConnect(conn, frame);
        return;
      }
      if (frame.type !== 'req' || typeof frame.id !== 'string' || typeof frame.method !== 'string') return;
      void this.onRequest(conn, frame.id, frame.method, (frame.params ?? {}) as Record<string, unknown>);
    });
    if (this.onSocket?.(ws, conn) === false) return;
    ws.send(JSON.stringify({ type: 'event', event: 'connect.challenge', payload: { nonce: conn.nonce, ts: Date.now(), capabilities: ['model-catalog-snapshot'] } }));
  }

  private refuse(conn: FakeConn, id: string | undefined, params: ConnectParams, shape: GatewayErrorShape, closeCode: number, closeReason: string): void {
    this.connects.push({ connId: conn.id, params, ok: false, error: shape, at: Date.now() });
    if (id) conn.ws.send(JSON.stringify({ type: 'res', id, ok: false, error: shape }));
    setImmediate(() => conn.ws.close(closeCode, closeReason.slice(0, 120)));
  }

  private onConnect(conn: FakeConn, frame: { type?: string; id?: string; method?: string; params?: unknown }): void {
    const params = (frame.params ?? {}) as ConnectParams;
    if (frame.type !== 'req' || frame.method !== 'connect' || typeof frame.id !== 'string') {
      this.refuse(conn, frame.id, params, { code: 'INVALID_REQUEST', message: 'invalid handshake: first request must be connect' }, 1008, 'invalid handshake');
      return;
    }
    const extra = [
      ...extraKeys(params, CONNECT_KEYS),
      ...extraKeys(params.client, CLIENT_KEYS).map((k) => `client.${k}`),
      ...extraKeys(params.device, DEVICE_KEYS).map((k) => `device.${k}`),
      ...extraKeys(params.auth, AUTH_KEYS).map((k) => `auth.${k}`),
    ];
    const client = params.client;
    if (extra.length || !client || !(GATEWAY_CLIENT_IDS as readonly string[]).includes(client.id) || !(GATEWAY_CLIENT_MODES as readonly string[]).includes(client.mode) || !client.version || !client.platform) {
      this.refuse(conn, frame.id, params, { code: 'INVALID_REQUEST', message: `invalid connect params: ${extra.length ? `unexpected ${extra.join(', ')}` : 'client'}` }, 1008, 'invalid connect params');
      return;
    }
    const hooked = this.connectHook?.(params, conn);
    if (hooked) {
      this.refuse(conn, frame.id, params, hooked.error, hooked.closeCode ?? 1008, hooked.closeReason ?? hooked.error.message);
      return;
    }
    const proto = this.opts.serverProtocol;
    if (!(params.maxProtocol >= proto && params.minProtocol <= proto)) {
      this.refuse(
        conn,
        frame.id,
        params,
        { code: 'INVALID_REQUEST', message: 'protocol mismatch', details: { code: 'PROTOCOL_MISMATCH', clientMinProtocol: params.minProtocol, clientMaxProtocol: params.maxProtocol, expectedProtocol: proto, minimumProbeProtocol: 3 } },
        1002,
        'protocol mismatch',
      );
      return;
    }
    const device = params.device;
    const token = params.auth?.token;
    const deviceToken = params.auth?.deviceToken;
    let authMethod: string;
    if (token) {
      if (token !== this.opts.token) {
        const message = 'unauthorized: gateway token mismatch (provide gateway auth token)';
        this.refuse(conn, frame.id, params, { code: 'INVALID_REQUEST', message, details: { code: 'AUTH_TOKEN_MISMATCH', authReason: 'token_mismatch', canRetryWithDeviceToken: true, recommendedNextStep: 'retry_with_device_token' } }, 1008, message);
        return;
      }
      authMethod = 'token';
    } else if (deviceToken && device && this.deviceTokens.get(device.id) === deviceToken) {
      authMethod = 'device-token';
    } else if (deviceToken) {
      const message = 'unauthorized: device token mismatch (rotate/reissue device token)';
      this.refuse(conn, frame.id, params, { code: 'INVALID_REQUEST', message, details: { code: 'AUTH_DEVICE_TOKEN_MISMATCH', authReason: 'device_token_mismatch' } }, 1008, message);
      return;
    } else {
      const message = 'unauthorized: gateway token missing (provide gateway auth token)';
      this.refuse(conn, frame.id, params, { code: 'INVALID_REQUEST', message, details: { code: 'AUTH_TOKEN_MISSING', authReason: 'token_missing' } }, 1008, message);
      return;
    }
    const requested = Array.isArray(params.scopes) ? params.scopes : [];
    let scopes: string[];
    if (device) {
      const bad = (reason: string, code: string, message: string) =>
        this.refuse(conn, frame.id, params, { code: 'INVALID_REQUEST', message, details: { code, reason } }, 1008, message);
      if (deviceIdFromPublicKey(device.publicKey) !== device.id) return bad('device-id-mismatch', 'DEVICE_AUTH_DEVICE_ID_MISMATCH', 'device identity mismatch');
      if (typeof device.signedAt !== 'number' || Math.abs(Date.now() - device.signedAt) > 120_000) return bad('device-signature-stale', 'DEVICE_AUTH_SIGNATURE_EXPIRED', 'device signature expired');
      if (device.nonce !== conn.nonce) return bad('device-nonce-mismatch', 'DEVICE_AUTH_NONCE_MISMATCH', 'device nonce mismatch');
      const payload = buildDeviceAuthPayloadV3({
        deviceId: device.id,
        clientId: client.id,
        clientMode: client.mode,
        role: params.role ?? 'operator',
        scopes: requested,
        signedAtMs: device.signedAt,
        token: token ?? deviceToken ?? null,
        nonce: device.nonce,
        platform: client.platform,
        deviceFamily: client.deviceFamily ?? null,
      });
      if (!verifyPayload(device.publicKey, payload, device.signature)) return bad('device-signature', 'DEVICE_AUTH_SIGNATURE_INVALID', 'device signature invalid');
      conn.signatureVerified = true;
      conn.deviceId = device.id;
      scopes = [...requested];
    } else {
      const keeps = (client.id === 'gateway-client' && client.mode === 'backend') || (client.id === 'cli' && client.mode === 'cli');
      scopes = keeps ? [...requested] : [];
    }
    conn.scopes = scopes.filter((s) => (OPERATOR_SCOPES as readonly string[]).includes(s) && (!this.scopeLimit || this.scopeLimit.includes(s)));
    conn.params = params;
    conn.authed = true;
    let issued: string | undefined;
    // The real server does not pair a local gateway-client/backend device (shouldSkipLocalBackendSelfPairing): no token.
    if (device && !(client.id === 'gateway-client' && client.mode === 'backend')) {
      issued = this.deviceTokens.get(device.id) ?? `devtok-${crypto.randomBytes(16).toString('hex')}`;
      this.deviceTokens.set(device.id, issued);
    }
    this.connects.push({ connId: conn.id, params, ok: true, at: Date.now() });
    const hello = {
      type: 'hello-ok',
      protocol: this.opts.helloProtocol,
      server: { version: this.opts.version, buildId: `${this.opts.version}-fake`, bootId: crypto.randomUUID(), controlUiBuildSource: 'bundled', connId: conn.id },
      features: { methods: this.opts.methods, events: FEATURE_EVENTS, capabilities: ['model-catalog-snapshot'] },
      snapshot: {
        presence: [],
        health: { ok: true },
        stateVersion: { presence: 1, health: 1 },
        uptimeMs: 1000,
        sessionDefaults: { defaultAgentId: 'main', modelConfigured: true, mainKey: 'main', mainSessionKey: 'agent:main:main', scope: 'per-sender' },
        ...(this.opts.stateDir !== null ? { configPath: `${this.opts.stateDir}/openclaw.json`, stateDir: this.opts.stateDir } : {}),
        authMode: 'token',
      },
      auth: { method: authMethod, role: params.role ?? 'operator', scopes: conn.scopes, ...(issued ? { deviceToken: issued } : {}), issuedAtMs: Date.now() },
      policy: { maxPayload: 26_214_400, maxBufferedBytes: 52_428_800, tickIntervalMs: this.opts.tickIntervalMs },
    };
    conn.ws.send(JSON.stringify({ type: 'res', id: frame.id, ok: true, payload: hello }));
  }

  private async onRequest(conn: FakeConn, id: string, method: string, params: Record<string, unknown>): Promise<void> {
    this.requests.push({ connId: conn.id, method, params, at: Date.now() });
    const send = (frame: unknown) => {
      if (conn.ws.readyState === WebSocket.OPEN) conn.ws.send(JSON.stringify(frame));
    };
    const need = METHOD_SCOPES[method];
    if (need) {
      const have = Math.max(0, ...conn.scopes.map((s) => SCOPE_RANK[s] ?? 0));
      if (have < SCOPE_RANK[need]!) {
        send({ type: 'res', id, ok: false, error: { code: 'FORBIDDEN', message: `missing scope: ${need}`, details: { code: 'MISSING_SCOPE', missingScope: need, requiredScopes: [need] } } });
        return;
      }
    }
    const h = this.handlers.get(method);
    if (!h) {
      send({ type: 'res', id, ok: false, error: { code: 'INVALID_REQUEST', message: `unknown method: ${method}` } });
      return;
    }
    try {
      const payload = await h(params, { conn, gateway: this });
      if (payload === NO_REPLY) return;
      send({ type: 'res', id, ok: true, payload });
    } catch (err) {
      const shape = err instanceof FakeReplyError ? err.shape : { code: 'UNAVAILABLE', message: (err as Error).message };
      send({ type: 'res', id, ok: false, error: shape });
    }
  }

  /** Answers modelled on the real responses (tour-out.json); tests replace what they need. */
  private installDefaults(): void {
    const list = (limit: unknown) => {
      const sessions = [fakeSessionRow('agent:main:main')];
      return { ts: Date.now(), path: '/fake/agents/main/agent/openclaw-agent.sqlite', count: sessions.length, totalCount: sessions.length, limitApplied: typeof limit === 'number' ? limit : 50, nextOffset: null, hasMore: false, owners: [], defaults: { modelProvider: 'fake', model: 'scripted-1', contextTokens: 32768 }, sessions };
    };
    this.handle('sessions.list', (p) => list(p.limit));
    this.handle('sessions.describe', (p) => ({ session: fakeSessionRow(String(p.key)) }));
    this.handle('sessions.subscribe', (p, { conn }) => {
      conn.sessionsSubscribed = true;
      return { subscribed: true, list: list(p.limit) };
    });
    this.handle('sessions.messages.subscribe', (p, { conn }) => {
      conn.messageKeys.add(String(p.key));
      return { subscribed: true, key: p.key };
    });
    this.handle('sessions.messages.unsubscribe', (p, { conn }) => {
      conn.messageKeys.delete(String(p.key));
      return { unsubscribed: true, key: p.key };
    });
    this.handle('sessions.compact', (p) => ({
      ok: true,
      key: p.key,
      compacted: true,
      result: { summary: '## Decisions\n- FAKE-SUMMARY', firstKeptEntryId: crypto.randomUUID(), tokensBefore: 9835, tokensAfter: 369, details: { readFiles: [], modifiedFiles: [] } },
    }));
    this.handle('sessions.rewind', () => ({ editorText: 'Give me a JSON status report. #pad 60' }));
    this.handle('sessions.fork', () => ({ sessionKey: `agent:main:dashboard:${crypto.randomUUID()}`, editorText: 'Give me a JSON status report. #pad 60' }));
    this.handle('sessions.reset', (p) => ({ ok: true, key: p.key, entry: { sessionId: crypto.randomUUID(), totalTokens: 0, totalTokensFresh: true, compactionCount: 0 } }));
    this.handle('sessions.branches.list', () => ({ branches: [{ leafEntryId: crypto.randomUUID(), headline: 'Trigger a provider overflow', messageCount: 16, updatedAt: new Date().toISOString(), active: true }] }));
    this.handle('chat.send', (p) => {
      const runId = String(p.idempotencyKey);
      const key = String(p.sessionKey);
      setTimeout(() => {
        this.broadcast('chat', { runId, sessionKey: key, seq: 1, state: 'final', message: { role: 'assistant', content: [{ type: 'text', text: 'ok' }] } });
        this.emitSessionsChanged({ sessionKey: key, agentId: 'main', phase: 'end', runId, ts: Date.now(), session: fakeSessionRow(key) });
      }, 5);
      return { runId, status: 'started' };
    });
    this.handle('chat.inject', () => ({ ok: true, messageId: crypto.randomUUID() }));
    this.handle('chat.history', (p) => ({ sessionKey: p.sessionKey, sessionId: crypto.randomUUID(), messages: [] }));
    this.handle('health', () => ({ ok: true }));
  }
}
