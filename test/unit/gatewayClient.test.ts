/**
 * GatewayClient against an in-process Gateway (test/support/fakeGateway.ts) on 127.0.0.1:0 that plays the
 * real 2026.9.6 frames and rules: challenge → connect → hello-ok, the device signature verified with
 * node:crypto on the server side, the exact error shapes for a wrong token, a missing scope and a protocol
 * mismatch, out-of-order answers, no answer, a killed and restarted server, garbage and oversized frames.
 * Every line the client logs is captured: the token must never appear in it, nor in any error message.
 */
import assert from 'node:assert/strict';
import * as crypto from 'node:crypto';
import { GatewayClient } from '../../src/core/gateway/client';
import type { GatewayClientOptions, GatewayState } from '../../src/core/gateway/clientTypes';
import { FakeGateway, FakeReplyError, NO_REPLY } from '../support/fakeGateway';
import { freePort, sleep, waitFor } from './support/process';
import { buildDeviceAuthPayloadV3, deviceIdFromPublicKey, MemoryDeviceStore, normalizeGatewayUrl } from '../../src/core/gateway/identity';
import { GatewayError, type GatewayErrorInfo } from '../../src/core/gateway/errors';
import { OPERATOR_SCOPES } from '../../src/core/gateway/protocol';

const TOKEN = `tok-SECRET-${crypto.randomBytes(10).toString('hex')}`;
/** Polls a condition every 5 ms (5 s by default). */
const until = (what: string, fn: () => boolean, timeoutMs = 5000): Promise<unknown> => waitFor(what, fn, timeoutMs, 5);

/** Every line any client logged, and every error message seen, across the whole file. */
const logged: string[] = [];
const errorMessages: string[] = [];
const logger = {
  debug: (m: string) => logged.push(`debug ${m}`),
  info: (m: string) => logged.push(`info ${m}`),
  warn: (m: string) => logged.push(`warn ${m}`),
  error: (m: string) => logged.push(`error ${m}`),
};

function assertNoToken(where: string, texts: string[], secrets: string[] = [TOKEN]): void {
  for (const s of secrets) {
    const hit = texts.find((t) => t.includes(s));
    assert.equal(hit, undefined, `${where} contains a secret: ${hit}`);
  }
}

async function rejection(p: Promise<unknown>): Promise<GatewayError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof GatewayError, `not a GatewayError: ${err}`);
    errorMessages.push(err.message);
    return err;
  }
  assert.fail('expected a rejection');
}

describe('gateway client (in-process Gateway with the real frames)', function () {
  this.timeout(20_000);
  let gw: FakeGateway;
  const clients: GatewayClient[] = [];

  function client(opts: GatewayClientOptions = {}): GatewayClient {
    const c = new GatewayClient({ url: gw.url, token: TOKEN, logger, device: false, reconnect: { initialMs: 20, maxMs: 200, jitter: 0 }, requestTimeoutMs: 2000, connectTimeoutMs: 2000, ...opts });
    clients.push(c);
    c.onError((e) => errorMessages.push(e.message));
    return c;
  }

  function recordStates(c: GatewayClient): Array<{ state: GatewayState; error?: string }> {
    const seen: Array<{ state: GatewayState; error?: string }> = [];
    c.onState((state, ch) => seen.push(ch.error ? { state, error: ch.error.kind } : { state }));
    return seen;
  }

  beforeEach(async function () {
    gw = await new FakeGateway({ token: TOKEN }).start();
  });
  afterEach(async function () {
    for (const c of clients.splice(0)) await c.close();
    await gw.close();
  });
  after(function () {
    assert.ok(logged.length > 50, `too few log lines captured (${logged.length}) for the secrecy check to mean anything`);
    assertNoToken('the logger output', logged);
    assertNoToken('an error message', errorMessages);
    for (const t of gw.deviceTokens.values()) assertNoToken('the logger output', logged, [t]);
  });

  describe('handshake', function () {
    it('with a device: the server verifies the Ed25519 signature over the v3 string and grants the scopes; a paired client id gets a device token, stored per URL', async function () {
      const store = new MemoryDeviceStore();
      const c = client({ device: store, clientId: 'cli', clientMode: 'cli' });
      assert.equal(c.state, 'idle');
      const states = recordStates(c);
      const conn = await c.connect();
      assert.equal(c.state, 'connected');
      assert.deepEqual(states.map((s) => s.state), ['connecting', 'connected']);
      assert.equal(conn.server.version, '2026.9.6');
      assert.equal(conn.protocol, 4);
      assert.deepEqual(conn.scopes, [...OPERATOR_SCOPES]);
      assert.ok(conn.methods.includes('sessions.compact') && conn.events.includes('sessions.changed'));
      assert.equal(conn.snapshot.sessionDefaults?.mainSessionKey, 'agent:main:main');
      assert.equal(conn.authMethod, 'token');
      assert.equal(conn.deviceTokenIssued, true);
      assert.ok(!JSON.stringify(conn).includes(gw.deviceTokens.get(conn.deviceId!)!), 'the connection summary carries no device token');

      // What went over the wire, checked here with node:crypto independently of the fake's own check.
      const sent = gw.connects[0]!.params;
      assert.equal(sent.client.id, 'cli');
      assert.equal(sent.client.mode, 'cli');
      assert.deepEqual(sent.auth, { token: TOKEN });
      assert.deepEqual(sent.scopes, [...OPERATOR_SCOPES]);
      const dev = sent.device!;
      assert.equal(dev.id, conn.deviceId);
      assert.equal(deviceIdFromPublicKey(Buffer.from(dev.publicKey, 'base64url')), dev.id);
      const conns = [...gw.conns];
      assert.equal(dev.nonce, conns[0]!.nonce);
      assert.equal(conns[0]!.signatureVerified, true);
      const payload = ['v3', dev.id, 'cli', 'cli', 'operator', 'operator.read,operator.write,operator.admin', String(dev.signedAt), TOKEN, dev.nonce, process.platform.toLowerCase(), ''].join('|');
      assert.equal(buildDeviceAuthPayloadV3({ deviceId: dev.id, clientId: 'cli', clientMode: 'cli', role: 'operator', scopes: [...OPERATOR_SCOPES], signedAtMs: dev.signedAt, token: TOKEN, nonce: dev.nonce, platform: process.platform }), payload);
      const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(dev.publicKey, 'base64url')]);
      const key = crypto.createPublicKey({ key: spki, format: 'der', type: 'spki' });
      assert.ok(crypto.verify(null, Buffer.from(payload), key, Buffer.from(dev.signature, 'base64url')), 'the signature verifies with node:crypto');
      assert.ok(Math.abs(Date.now() - dev.signedAt) < 10_000);

      const stored = await store.load();
      assert.equal(stored!.deviceId, conn.deviceId);
      assert.equal(stored!.tokens[normalizeGatewayUrl(gw.url)]!.deviceToken, gw.deviceTokens.get(conn.deviceId!));
      assert.deepEqual(stored!.tokens[normalizeGatewayUrl(gw.url)]!.scopes, [...OPERATOR_SCOPES]);
    });

    it('the default gateway-client/backend with a device: signature verified, all scopes, but no device token (not paired, as on the real loopback Gateway)', async function () {
      const store = new MemoryDeviceStore();
      const conn = await client({ device: store }).connect();
      assert.equal(gw.connects[0]!.params.client.id, 'gateway-client');
      assert.equal(gw.connects[0]!.params.client.mode, 'backend');
      assert.equal([...gw.conns][0]!.signatureVerified, true);
      assert.deepEqual(conn.scopes, [...OPERATOR_SCOPES]);
      assert.equal(conn.deviceTokenIssued, false);
      assert.deepEqual((await store.load())!.tokens, {});
    });

    it('without a shared token, a stored device token authenticates the same device (signed with that token)', async function () {
      const store = new MemoryDeviceStore();
      const first = client({ device: store, clientId: 'cli', clientMode: 'cli' });
      await first.connect();
      await first.close();
      const second = client({ device: store, token: undefined, clientId: 'cli', clientMode: 'cli' });
      const conn = await second.connect();
      assert.equal(conn.usedDeviceToken, true);
      assert.equal(conn.authMethod, 'device-token');
      const sent = gw.connects.at(-1)!.params;
      assert.equal(sent.auth?.token, undefined);
      assert.equal(sent.auth?.deviceToken, gw.deviceTokens.get(conn.deviceId!));
      assert.equal([...gw.conns].at(-1)!.signatureVerified, true);
      assert.deepEqual((await second.sessionsList()).sessions.map((s) => s.key), ['agent:main:main']);
    });

    it('without a device: no device block; gateway-client/backend keeps its scopes (as the real server does on loopback), another client id gets none', async function () {
      const c = client({ device: false });
      const conn = await c.connect();
      assert.equal(gw.connects[0]!.params.device, undefined);
      assert.equal(conn.deviceId, undefined);
      assert.deepEqual(conn.scopes, [...OPERATOR_SCOPES]);
      const other = client({ device: false, clientId: 'test', clientMode: 'test' });
      const conn2 = await other.connect();
      assert.deepEqual(conn2.scopes, []);
      const err = await rejection(other.sessionsList());
      assert.equal(err.kind, 'missing-scope');
      assert.equal(err.missingScope, 'operator.read');
    });

    it('a token provider is asked before every attempt (a rotated token is picked up on reconnect)', async function () {
      let calls = 0;
      const c = client({
        token: async () => {
          calls++;
          return TOKEN;
        },
      });
      await c.connect();
      assert.equal(calls, 1);
      await gw.kill();
      await until('reconnecting', () => c.state === 'reconnecting');
      await gw.restart();
      await until('reconnected', () => c.state === 'connected');
      assert.ok(calls >= 2, `provider called ${calls} times`);
    });

    it('connect() while connecting returns the same attempt; requests before connect are refused as closed', async function () {
      const c = client();
      const early = await rejection(c.request('sessions.list'));
      assert.equal(early.kind, 'closed');
      const a = c.connect();
      const b = c.connect();
      assert.equal(a, b);
      await a;
      assert.equal(await c.connect(), await a);
      assert.equal(gw.connects.length, 1);
    });
  });

  describe('refusals', function () {
    it('a wrong token → unauthorized (not retryable), state closed, no reconnect attempt, and the token is in no message', async function () {
      const wrong = `wrong-${crypto.randomBytes(8).toString('hex')}`;
      const c = client({ token: wrong });
      const states = recordStates(c);
      const err = await rejection(c.connect({ retry: true }));
      assert.equal(err.kind, 'unauthorized');
      assert.equal(err.retryable, false);
      assert.equal(err.detailCode, 'AUTH_TOKEN_MISMATCH');
      assert.match(err.message, /gateway token mismatch/);
      assert.equal(c.state, 'closed');
      assert.equal(c.lastError?.kind, 'unauthorized');
      assert.deepEqual(states.map((s) => s.state), ['connecting', 'closed']);
      await sleep(150);
      assert.equal(gw.connections.length, 1, 'no second attempt after an auth failure');
      assertNoToken('logs', logged, [wrong]);
      assertNoToken('error messages', errorMessages, [wrong]);
    });

    it('no token at all → unauthorized (gateway token missing)', async function () {
      const c = client({ token: undefined });
      const err = await rejection(c.connect());
      assert.equal(err.kind, 'unauthorized');
      assert.equal(err.detailCode, 'AUTH_TOKEN_MISSING');
    });

    it('a connection that asked only for operator.read gets missing-scope operator.admin from sessions.compact; reads still work', async function () {
      const c = client({ device: new MemoryDeviceStore(), scopes: ['operator.read'] });
      const conn = await c.connect();
      assert.deepEqual(conn.scopes, ['operator.read']);
      assert.deepEqual(gw.connects[0]!.params.scopes, ['operator.read']);
      const err = await rejection(c.sessionsCompact({ key: 'agent:main:main' }));
      assert.equal(err.kind, 'missing-scope');
      assert.equal(err.missingScope, 'operator.admin');
      assert.equal(err.code, 'FORBIDDEN');
      assert.equal(err.retryable, false);
      assert.equal(err.method, 'sessions.compact');
      assert.deepEqual(err.details, { code: 'MISSING_SCOPE', missingScope: 'operator.admin', requiredScopes: ['operator.admin'] });
      const w = await rejection(c.chatSend({ sessionKey: 'agent:main:main', message: 'hi' }));
      assert.equal(w.missingScope, 'operator.write');
      assert.equal((await c.sessionsList()).count, 1);
      assert.equal(c.state, 'connected', 'a missing scope does not drop the connection');
    });

    it('the server refuses the protocol → protocol-mismatch (not retryable, no reconnect)', async function () {
      await gw.close();
      gw = await new FakeGateway({ token: TOKEN, serverProtocol: 5 }).start();
      const c = client();
      const err = await rejection(c.connect({ retry: true }));
      assert.equal(err.kind, 'protocol-mismatch');
      assert.equal(err.retryable, false);
      assert.equal(err.detailCode, 'PROTOCOL_MISMATCH');
      assert.match(err.message, /protocol 5/);
      assert.equal(c.state, 'closed');
      await sleep(100);
      assert.equal(gw.connections.length, 1);
    });

    it('a hello-ok of another protocol → protocol-mismatch', async function () {
      await gw.close();
      gw = await new FakeGateway({ token: TOKEN, helloProtocol: 5 }).start();
      const err = await rejection(client().connect());
      assert.equal(err.kind, 'protocol-mismatch');
    });

    it('"gateway starting" (UNAVAILABLE, retryAfterMs, close 1013) is retried after the server’s delay', async function () {
      let refusals = 2;
      gw.connectHook = () =>
        refusals-- > 0 ? { error: { code: 'UNAVAILABLE', message: 'gateway starting; retry shortly', retryable: true, retryAfterMs: 30, details: { code: 'GATEWAY_STARTING' } }, closeCode: 1013, closeReason: 'gateway starting' } : undefined;
      const c = client({ reconnect: { initialMs: 5000, maxMs: 10_000, jitter: 0 } });
      const t0 = Date.now();
      const conn = await c.connect({ retry: true });
      assert.equal(conn.server.version, '2026.9.6');
      assert.equal(gw.connections.length, 3);
      assert.ok(Date.now() - t0 < 3000, 'used retryAfterMs (30 ms), not the 5 s backoff');
      assert.equal(c.lastError?.kind, 'server-error');
    });

    it('connect({retry:true}) waits for a Gateway that is not running yet (unreachable meanwhile)', async function () {
      await gw.close();
      const port = await freePort();
      const c = client({ url: `ws://127.0.0.1:${port}` });
      const p = c.connect({ retry: true });
      await until('an unreachable error', () => c.lastError?.kind === 'unreachable');
      assert.equal(c.state, 'reconnecting');
      gw = await new FakeGateway({ token: TOKEN, port }).start();
      const conn = await p;
      assert.equal(conn.url, `ws://127.0.0.1:${port}`);
      assert.equal(c.state, 'connected');
    });

    it('without retry, an unreachable Gateway rejects at once with unreachable (retryable) and the client is closed', async function () {
      await gw.close();
      const port = await freePort();
      gw = await new FakeGateway({ token: TOKEN }).start();
      const c = client({ url: `ws://127.0.0.1:${port}` });
      const err = await rejection(c.connect());
      assert.equal(err.kind, 'unreachable');
      assert.equal(err.retryable, true);
      assert.equal(err.code, 'ECONNREFUSED');
      assert.equal(c.state, 'closed');
    });
  });

  describe('requests', function () {
    it('out-of-order responses are matched by id', async function () {
      const delays: Record<string, number> = { slow: 120, mid: 60, fast: 1 };
      gw.handle('sessions.describe', async (p) => {
        await sleep(delays[String(p.key)]!);
        return { session: { key: p.key } };
      });
      const c = client();
      await c.connect();
      const done: string[] = [];
      const keys = ['slow', 'mid', 'fast'];
      const results = await Promise.all(keys.map((k) => c.sessionsDescribe({ key: k }).then((r) => (done.push(k), r))));
      assert.deepEqual(results.map((r) => r.session.key), keys);
      assert.deepEqual(done, ['fast', 'mid', 'slow']);
    });

    it('a request timeout → kind timeout; the late answer is dropped and the connection keeps working', async function () {
      let release: (() => void) | undefined;
      gw.handle('sessions.describe', () => new Promise((r) => (release = () => r({ session: { key: 'late' } }))));
      const c = client();
      await c.connect();
      const err = await rejection(c.sessionsDescribe({ key: 'x' }, { timeoutMs: 80 }));
      assert.equal(err.kind, 'timeout');
      assert.equal(err.retryable, true);
      assert.equal(err.method, 'sessions.describe');
      release!();
      await sleep(30);
      assert.ok(logged.some((l) => l.includes('dropped a response nobody waits for')));
      assert.equal((await c.sessionsList()).count, 1);
      assert.equal(c.state, 'connected');
    });

    it('a handler that never answers and a server error: timeout vs server-error with the server’s code', async function () {
      gw.handle('sessions.rewind', () => NO_REPLY);
      gw.handle('sessions.fork', () => {
        throw new FakeReplyError({ code: 'INVALID_REQUEST', message: 'entry not found: nope' });
      });
      const c = client();
      await c.connect();
      const [a, b] = await Promise.all([rejection(c.sessionsRewind({ sessionKey: 'k', entryId: 'e' }, { timeoutMs: 60 })), rejection(c.sessionsFork({ sessionKey: 'k', entryId: 'nope' }))]);
      assert.equal(a.kind, 'timeout');
      assert.equal(b.kind, 'server-error');
      assert.equal(b.code, 'INVALID_REQUEST');
      assert.match(b.message, /entry not found: nope/);
      const unknown = await rejection(c.request('sessions.compaction.list', { key: 'k' }));
      assert.equal(unknown.kind, 'server-error');
      assert.match(unknown.message, /unknown method: sessions.compaction.list/);
    });

    it('typed wrappers send the real method names and params', async function () {
      const c = client();
      await c.connect();
      await c.sessionsList({ limit: 5 });
      await c.sessionsDescribe({ key: 'agent:main:main' });
      await c.sessionsCompact({ key: 'agent:main:main', maxLines: 40 });
      await c.sessionsRewind({ sessionKey: 'agent:main:main', entryId: 'e1' });
      await c.sessionsFork({ sessionKey: 'agent:main:main', entryId: 'e1' });
      await c.sessionsReset({ key: 'agent:main:main' });
      await c.sessionsBranchesList({ sessionKey: 'agent:main:main' });
      const sent = await c.chatSend({ sessionKey: 'agent:main:main', message: 'hello' });
      await c.chatSend({ sessionKey: 'agent:main:main', message: 'again', idempotencyKey: 'my-key' });
      await c.chatInject({ sessionKey: 'agent:main:main', message: 'note', label: 'ctx' });
      await c.chatHistory({ sessionKey: 'agent:main:main', limit: 10 });
      await c.sessionsMessagesSubscribe({ key: 'agent:main:main' });
      await c.sessionsMessagesUnsubscribe({ key: 'agent:main:main' });
      const reqs = gw.requests.map((r) => [r.method, r.params]);
      assert.deepEqual(reqs.slice(0, 7), [
        ['sessions.list', { limit: 5 }],
        ['sessions.describe', { key: 'agent:main:main' }],
        ['sessions.compact', { key: 'agent:main:main', maxLines: 40 }],
        ['sessions.rewind', { sessionKey: 'agent:main:main', entryId: 'e1' }],
        ['sessions.fork', { sessionKey: 'agent:main:main', entryId: 'e1' }],
        ['sessions.reset', { reason: 'reset', key: 'agent:main:main' }],
        ['sessions.branches.list', { sessionKey: 'agent:main:main' }],
      ]);
      const send = gw.requests[7]!.params;
      assert.equal(send.message, 'hello');
      assert.match(String(send.idempotencyKey), /^[0-9a-f-]{36}$/);
      assert.equal(sent.runId, send.idempotencyKey);
      assert.equal(gw.requests[8]!.params.idempotencyKey, 'my-key');
      assert.deepEqual(reqs.slice(9), [
        ['chat.inject', { sessionKey: 'agent:main:main', message: 'note', label: 'ctx' }],
        ['chat.history', { sessionKey: 'agent:main:main', limit: 10 }],
        ['sessions.messages.subscribe', { key: 'agent:main:main' }],
        ['sessions.messages.unsubscribe', { key: 'agent:main:main' }],
      ]);
      assert.deepEqual(c.subscriptions(), { sessions: false, messages: [] });
    });
  });

  describe('events', function () {
    it('onEvent by name and "*", dispose stops delivery, waitForEvent; sessions.subscribe then chat.send → sessions.changed', async function () {
      const c = client();
      await c.connect();
      const named: unknown[] = [];
      const all: string[] = [];
      const d1 = c.onEvent('custom.thing', (p) => named.push(p));
      const d2 = c.onEvent('*', (_p, f) => all.push(f.event));
      gw.broadcast('custom.thing', { n: 1 });
      await until('the event', () => named.length === 1);
      d1.dispose();
      gw.broadcast('custom.thing', { n: 2 });
      await until('the * event', () => all.filter((e) => e === 'custom.thing').length === 2);
      assert.deepEqual(named, [{ n: 1 }]);
      d2.dispose();

      const sub = await c.sessionsSubscribe({ limit: 5 });
      assert.equal(sub.subscribed, true);
      assert.deepEqual(c.subscriptions(), { sessions: true, messages: [] });
      const changed = c.waitForEvent<{ sessionKey: string; phase?: string }>('sessions.changed', (e) => e.sessionKey === 'agent:main:work', 2000);
      const final = c.waitForEvent<{ state: string }>('chat', (e) => e.state === 'final', 2000);
      await c.chatSend({ sessionKey: 'agent:main:work', message: 'hi' });
      assert.equal((await final).state, 'final');
      assert.equal((await changed).phase, 'end');
      const err = await rejection(c.waitForEvent('never', () => true, 30));
      assert.equal(err.kind, 'timeout');
    });

    it('a throwing listener does not break the client', async function () {
      const c = client();
      await c.connect();
      c.onEvent('boom', () => {
        throw new Error('listener bug');
      });
      const got: unknown[] = [];
      c.onEvent('boom', (p) => got.push(p));
      gw.broadcast('boom', 1);
      await until('the second listener', () => got.length === 1);
      assert.ok(logged.some((l) => l.includes('listener for boom threw')));
    });
  });

  describe('outages', function () {
    it('server killed → reconnecting (closed, then unreachable) with exponential backoff, then it reconnects by itself and re-subscribes', async function () {
      const c = client({ reconnect: { initialMs: 20, maxMs: 160, jitter: 0 } });
      const states = recordStates(c);
      const errors: GatewayErrorInfo[] = [];
      c.onError((e) => errors.push(e));
      await c.connect();
      await c.sessionsSubscribe({ limit: 7 });
      await c.sessionsMessagesSubscribe({ key: 'agent:main:main' });
      await c.sessionsMessagesSubscribe({ key: 'agent:main:work' });
      const firstConn = [...gw.conns][0]!.id;
      gw.handle('sessions.describe', () => NO_REPLY);
      const pending = rejection(c.sessionsDescribe({ key: 'hang' }));
      await until('the request reached the server', () => gw.requests.some((r) => r.params.key === 'hang'));

      const logFrom = logged.length;
      await gw.kill();
      const dropped = await pending;
      assert.equal(dropped.kind, 'closed');
      assert.equal(dropped.retryable, true);
      await until('reconnecting', () => c.state === 'reconnecting');
      assert.equal(errors[0]!.kind, 'closed');
      await until('an unreachable error', () => c.lastError?.kind === 'unreachable', 3000);
      const refused = await rejection(c.sessionsList());
      assert.equal(refused.kind, 'closed', 'requests while reconnecting are refused at once');
      assert.equal(refused.retryable, true);
      await sleep(500); // several attempts: 20, 40, 80, 160, 160 ms…
      const delays = logged
        .slice(logFrom)
        .map((l) => /reconnect attempt (\d+) in (\d+) ms/.exec(l))
        .filter((m): m is RegExpExecArray => !!m)
        .map((m) => Number(m[2]));
      assert.deepEqual(delays.slice(0, 5), [20, 40, 80, 160, 160]);

      gw.handle('sessions.describe', (p) => ({ session: { key: p.key } }));
      await gw.restart();
      await c.ready(3000);
      assert.equal(c.state, 'connected');
      const again = gw.requests.filter((r) => r.connId !== firstConn);
      assert.deepEqual(
        again.map((r) => [r.method, r.params]).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
        [
          ['sessions.messages.subscribe', { key: 'agent:main:main' }],
          ['sessions.messages.subscribe', { key: 'agent:main:work' }],
          ['sessions.subscribe', { limit: 7 }],
        ],
      );
      assert.deepEqual(
        states.map((s) => s.state),
        ['connecting', 'connected', 'reconnecting', 'connected'],
      );
      // Events flow again on the new connection.
      const ev = c.waitForEvent<{ sessionKey: string }>('sessions.changed', () => true, 2000);
      assert.equal(gw.emitSessionsChanged({ sessionKey: 'agent:main:main', reason: 'compact', compacted: true }), 1);
      assert.equal((await ev).sessionKey, 'agent:main:main');
      assert.equal((await c.sessionsDescribe({ key: 'after' })).session.key, 'after');
    });

    it('reconnect: false → closed after an unexpected close', async function () {
      const c = client({ reconnect: false });
      await c.connect();
      await gw.kill();
      await until('closed', () => c.state === 'closed');
      assert.equal(c.lastError?.kind, 'closed');
    });

    it('a server that goes silent is dropped by the tick watchdog and reconnected', async function () {
      const c = client({ tickTimeoutMs: 150 });
      await c.connect();
      const errors: GatewayErrorInfo[] = [];
      c.onError((e) => errors.push(e));
      await until('the watchdog', () => errors.some((e) => e.kind === 'timeout'), 3000);
      await until('connected again', () => c.state === 'connected', 3000);
      assert.ok(gw.connections.length >= 2);
    });

    it('close() during a pending request rejects it with closed; close() is idempotent; nothing reconnects', async function () {
      gw.handle('sessions.describe', () => NO_REPLY);
      const c = client();
      const states = recordStates(c);
      await c.connect();
      const p = rejection(c.sessionsDescribe({ key: 'k' }));
      const waiting = c.waitForEvent('never', () => true, 10_000).catch((e) => e);
      await c.close();
      const err = await p;
      assert.equal(err.kind, 'closed');
      assert.equal(err.retryable, false);
      await c.close();
      await c.close();
      assert.equal(c.state, 'closed');
      assert.deepEqual(states.map((s) => s.state), ['connecting', 'connected', 'closed']);
      await sleep(120);
      assert.equal(gw.connections.length, 1);
      const after = await rejection(c.sessionsList());
      assert.equal(after.kind, 'closed');
      assert.equal(after.retryable, false);
      assert.equal(gw.conns.size, 0, 'the socket is closed on the server side too');
      void waiting;
    });

    it('close() while connecting and while reconnecting stops everything', async function () {
      gw.onSocket = () => false; // never sends the challenge
      const c = client({ connectTimeoutMs: 5000 });
      const p = c.connect();
      await until('socket accepted', () => gw.connections.length === 1);
      await c.close();
      const err = await rejection(p);
      assert.equal(err.kind, 'closed');
      gw.onSocket = undefined;

      const d = client();
      await d.connect();
      await gw.kill();
      await until('reconnecting', () => d.state === 'reconnecting');
      const ready = d.ready();
      await d.close();
      assert.equal((await rejection(ready)).kind, 'closed');
      const n = gw.connections.length;
      await gw.restart();
      await sleep(150);
      assert.equal(gw.connections.length, n, 'no reconnect after close()');
    });
  });

  describe('hostile frames', function () {
    it('garbage, binary, wrong-shaped and unknown-id frames are ignored; the connection keeps working', async function () {
      const c = client();
      await c.connect();
      for (const raw of ['not json at all', '', 'null', '[1,2,3]', '{"type":"res"}', '{"type":"event"}', '{"type":"res","id":"nobody","ok":true,"payload":1}', '{"type":"res","id":"x","ok":false,"error":"bad"}', `{"type":"event","event":"x","payload":${'['.repeat(50)}${']'.repeat(50)}}`, '\u0000\uffff'])
        gw.sendRaw(raw);
      gw.sendRaw(crypto.randomBytes(512), true);
      await sleep(50);
      assert.equal(c.state, 'connected');
      assert.equal((await c.sessionsList()).count, 1);
      assert.ok(logged.some((l) => l.includes('ignored a frame that is not a protocol frame')));
      assert.ok(logged.some((l) => l.includes('ignored a binary frame')));
    });

    it('a frame bigger than maxPayload drops the socket (1009) and the client reconnects', async function () {
      const c = client({ maxPayload: 4096 });
      await c.connect();
      const errors: GatewayErrorInfo[] = [];
      c.onError((e) => errors.push(e));
      gw.sendRaw(JSON.stringify({ type: 'event', event: 'huge', payload: 'x'.repeat(100_000) }));
      await until('the drop', () => errors.length > 0);
      assert.match(errors[0]!.message, /Max payload size exceeded/);
      await until('connected again', () => c.state === 'connected' && gw.connections.length === 2);
      assert.equal((await c.sessionsList()).count, 1);
    });

    it('a multi-megabyte valid frame within maxPayload is delivered', async function () {
      const big = 'y'.repeat(8 * 1024 * 1024);
      gw.handle('chat.history', () => ({ sessionKey: 'k', messages: [{ role: 'assistant', content: big }] }));
      const c = client();
      await c.connect();
      const r = await c.chatHistory({ sessionKey: 'k' });
      assert.equal((r.messages[0]!.content as string).length, big.length);
    });
  });

  describe('secrecy', function () {
    it('a server error or close reason echoing the token is redacted, details included; the logger never sees it', async function () {
      gw.handle('sessions.compact', () => {
        throw new FakeReplyError({ code: 'INVALID_REQUEST', message: `bad auth ${TOKEN} in params`, details: { echoed: TOKEN, nested: [{ t: `x${TOKEN}y` }] } });
      });
      const c = client({ device: new MemoryDeviceStore(), clientId: 'cli', clientMode: 'cli' });
      await c.connect();
      const err = await rejection(c.sessionsCompact({ key: 'k' }));
      assert.ok(!err.message.includes(TOKEN) && err.message.includes('<redacted>'));
      assert.ok(!JSON.stringify(err.details).includes(TOKEN));
      assert.ok(!JSON.stringify(err).includes(TOKEN));
      assert.ok(!String(err.stack).includes(TOKEN));
      // A close reason with the token in it (the server owns the text; we never repeat it).
      for (const s of gw.conns) s.ws.close(4001, `bye ${TOKEN}`);
      await until('reconnecting', () => c.state !== 'connected');
      assert.ok(!c.lastError!.message.includes(TOKEN));
      await until('connected again', () => c.state === 'connected');
      assertNoToken('the logger output', logged);
      const dt = [...gw.deviceTokens.values()];
      assertNoToken('the logger output', logged, dt);
      assertNoToken('error messages', errorMessages, dt);
    });
  });
});
