/**
 * Gateway protocol helpers (src/core/gateway/protocol.ts, token.ts): error classification on the real
 * 2026.9.6 error shapes (verbatim from shared/openclaw-real-fixtures/gateway and the package's server code),
 * Node/ws errors, frame parsing, the scope table, redaction, and where the token and URL come from.
 */
import assert from 'node:assert/strict';
import { classifyGatewayError, GatewayError } from '../../src/core/gateway/errors';
import { METHOD_SCOPES, parseFrame, redact, redactUrl, redactValue, requiredScope } from '../../src/core/gateway/protocol';
import { parseGatewayPortEnv, resolveGatewayToken, resolveGatewayUrl } from '../../src/core/gateway/token';

const TOKEN = 'oc-real-test-token-123456';

describe('gateway protocol', function () {
  describe('classifyGatewayError on the real error shapes', function () {
    it('wrong token (frames-badtoken.jsonl.gz) → unauthorized, not retryable', function () {
      const shape = {
        code: 'INVALID_REQUEST',
        message: "unauthorized: gateway token mismatch (use this gateway's gateway.auth.token or pair the device)",
        details: { code: 'AUTH_TOKEN_MISMATCH', authReason: 'token_mismatch', canRetryWithDeviceToken: true, recommendedNextStep: 'retry_with_device_token' },
      };
      const e = classifyGatewayError(shape);
      assert.equal(e.kind, 'unauthorized');
      assert.equal(e.retryable, false);
      assert.equal(e.detailCode, 'AUTH_TOKEN_MISMATCH');
      assert.match(e.message, /gateway token mismatch/);
      assert.match(e.message, /gateway\.auth\.token|OPENCLAW_GATEWAY_TOKEN/);
      // also as a whole res frame
      assert.equal(classifyGatewayError({ type: 'res', id: 'x', ok: false, error: shape }).kind, 'unauthorized');
    });

    it('missing scope (§5) → missing-scope with the exact scope', function () {
      const e = classifyGatewayError({ code: 'FORBIDDEN', message: 'missing scope: operator.admin', details: { code: 'MISSING_SCOPE', missingScope: 'operator.admin', requiredScopes: ['operator.admin'] } }, { method: 'sessions.compact' });
      assert.equal(e.kind, 'missing-scope');
      assert.equal(e.missingScope, 'operator.admin');
      assert.equal(e.retryable, false);
      assert.equal(e.method, 'sessions.compact');
      assert.match(e.message, /^sessions\.compact: .*operator\.admin/);
      // without details: the message still names it
      assert.equal(classifyGatewayError({ code: 'FORBIDDEN', message: 'missing scope: operator.write' }).missingScope, 'operator.write');
    });

    it('protocol mismatch (server code: close 1002) → protocol-mismatch', function () {
      const e = classifyGatewayError({ code: 'INVALID_REQUEST', message: 'protocol mismatch', details: { code: 'PROTOCOL_MISMATCH', clientMinProtocol: 3, clientMaxProtocol: 3, expectedProtocol: 4, minimumProbeProtocol: 3 } });
      assert.equal(e.kind, 'protocol-mismatch');
      assert.equal(e.retryable, false);
      assert.match(e.message, /speaks protocol 4, the client asked for protocol 3/);
    });

    it('"gateway starting" → server-error, retryable, with the server’s retryAfterMs', function () {
      const e = classifyGatewayError({ code: 'UNAVAILABLE', message: 'gateway starting; retry shortly', retryable: true, retryAfterMs: 500 });
      assert.deepEqual([e.kind, e.retryable, e.retryAfterMs], ['server-error', true, 500]);
    });

    it('unknown method (sessions.compaction.list, tour-out.json) → server-error, not retryable', function () {
      const e = classifyGatewayError({ code: 'INVALID_REQUEST', message: 'unknown method: sessions.compaction.list' });
      assert.deepEqual([e.kind, e.retryable, e.code], ['server-error', false, 'INVALID_REQUEST']);
    });

    it('pairing, device signature, rate limit → unauthorized (rate limit retryable)', function () {
      assert.equal(classifyGatewayError({ code: 'NOT_PAIRED', message: 'device identity required', details: { code: 'DEVICE_IDENTITY_REQUIRED' } }).kind, 'unauthorized');
      const pair = classifyGatewayError({ code: 'INVALID_REQUEST', message: 'pairing required', details: { code: 'PAIRING_REQUIRED' } });
      assert.equal(pair.kind, 'unauthorized');
      assert.match(pair.message, /openclaw devices/);
      assert.equal(classifyGatewayError({ code: 'INVALID_REQUEST', message: 'device signature invalid', details: { code: 'DEVICE_AUTH_SIGNATURE_INVALID', reason: 'device-signature' } }).kind, 'unauthorized');
      const rl = classifyGatewayError({ code: 'INVALID_REQUEST', message: 'unauthorized: too many failed authentication attempts (retry later)', retryable: true, retryAfterMs: 60000, details: { code: 'AUTH_RATE_LIMITED' } });
      assert.deepEqual([rl.kind, rl.retryable, rl.retryAfterMs], ['unauthorized', true, 60000]);
    });

    it('Node and ws errors: refused/unresolvable → unreachable; HTTP 401 → unauthorized; timeouts; anything else → server-error', function () {
      const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:18789'), { code: 'ECONNREFUSED' });
      const e = classifyGatewayError(refused, { url: 'ws://127.0.0.1:18789' });
      assert.deepEqual([e.kind, e.retryable, e.code], ['unreachable', true, 'ECONNREFUSED']);
      assert.match(e.message, /127\.0\.0\.1:18789/);
      assert.equal(classifyGatewayError(Object.assign(new Error('getaddrinfo ENOTFOUND gw'), { code: 'ENOTFOUND' })).kind, 'unreachable');
      assert.equal(classifyGatewayError(new Error('Unexpected server response: 401')).kind, 'unauthorized');
      assert.equal(classifyGatewayError(new Error('Unexpected server response: 502')).kind, 'unreachable');
      assert.equal(classifyGatewayError(new Error('Opening handshake has timed out')).kind, 'timeout');
      assert.equal(classifyGatewayError(new Error('socket hang up')).kind, 'unreachable');
      assert.equal(classifyGatewayError('weird').kind, 'server-error');
      const g = new GatewayError({ kind: 'closed', retryable: true, message: 'closed' });
      assert.deepEqual(classifyGatewayError(g), { kind: 'closed', retryable: true, message: 'closed' });
    });

    it('never puts a secret into the message', function () {
      const e = classifyGatewayError({ code: 'INVALID_REQUEST', message: `unauthorized: token ${TOKEN} is wrong` }, { secrets: [TOKEN] });
      assert.ok(!e.message.includes(TOKEN));
      assert.match(e.message, /<redacted>/);
      const n = classifyGatewayError(new Error(`boom ${TOKEN}`), { secrets: [TOKEN] });
      assert.ok(!n.message.includes(TOKEN));
      const g = classifyGatewayError(new GatewayError({ kind: 'server-error', retryable: false, message: `x ${TOKEN}` }), { secrets: [TOKEN] });
      assert.ok(!g.message.includes(TOKEN));
    });
  });

  it('parseFrame accepts the three frame types and nothing else', function () {
    assert.equal(parseFrame('{"type":"event","event":"connect.challenge","payload":{"nonce":"n","ts":1}}')?.type, 'event');
    assert.equal(parseFrame('{"type":"res","id":"1","ok":true,"payload":{}}')?.type, 'res');
    assert.equal(parseFrame('{"type":"req","id":"1","method":"x"}')?.type, 'req');
    for (const bad of ['', 'x', 'null', '[]', '1', '{"type":"res","ok":true}', '{"type":"event","event":""}', '{"type":"other"}']) assert.equal(parseFrame(bad), undefined, bad);
    const malformed = parseFrame('{"type":"res","id":"1","ok":false,"error":"nope"}');
    assert.equal(malformed?.type === 'res' && malformed.error?.code, 'UNKNOWN');
  });

  it('the scope table matches the reference (§5 "Scopes, as tested with a read-only device")', function () {
    for (const m of ['sessions.list', 'sessions.describe', 'sessions.usage', 'chat.history', 'sessions.subscribe', 'sessions.messages.subscribe', 'sessions.preview', 'sessions.branches.list']) assert.equal(requiredScope(m), 'operator.read', m);
    for (const m of ['chat.send', 'sessions.fork']) assert.equal(requiredScope(m), 'operator.write', m);
    for (const m of ['sessions.compact', 'sessions.reset', 'sessions.rewind', 'chat.inject']) assert.equal(requiredScope(m), 'operator.admin', m);
    assert.equal(requiredScope('nope'), undefined);
    assert.ok(Object.keys(METHOD_SCOPES).length >= 14);
  });

  it('redact: every occurrence, URL-encoded and JSON-escaped forms; strings under 8 characters left alone', function () {
    const secret = 'a+b/c"d\\e==';
    const text = `x ${secret} y ${encodeURIComponent(secret)} z ${JSON.stringify(secret)} ${secret}`;
    const out = redact(text, [secret]);
    assert.ok(!out.includes(secret) && !out.includes(encodeURIComponent(secret)) && !out.includes(JSON.stringify(secret).slice(1, -1)), out);
    assert.equal(redact('the cat sat', ['at', '', undefined, null]), 'the cat sat');
    // below MIN_SECRET_LENGTH (8) a value is not redacted (it would shred ordinary words): see redact.ts
    assert.equal(redact('abcdef abcdefgh', ['abcdefgh', 'abcdef']), 'abcdef <redacted>');
    assert.equal(redactUrl('ws://user:pw@127.0.0.1:18789/?token=abc#x'), 'ws://127.0.0.1:18789');
    assert.deepEqual(redactValue({ a: [`k ${TOKEN}`], b: 1, c: { d: TOKEN } }, [TOKEN]), { a: ['k <redacted>'], b: 1, c: { d: '<redacted>' } });
  });

  describe('token and URL sources', function () {
    const config = { gateway: { mode: 'local', port: 18800, bind: 'loopback', auth: { mode: 'token', token: 'cfg-token-1' } } };

    it('explicit → env OPENCLAW_GATEWAY_TOKEN → config gateway.auth.token', function () {
      assert.deepEqual(resolveGatewayToken({ explicit: ' exp-token ', env: { OPENCLAW_GATEWAY_TOKEN: 'env-token' }, config }), { token: 'exp-token', source: 'explicit' });
      assert.deepEqual(resolveGatewayToken({ env: { OPENCLAW_GATEWAY_TOKEN: 'env-token' }, config }), { token: 'env-token', source: 'env' });
      assert.deepEqual(resolveGatewayToken({ env: {}, config }), { token: 'cfg-token-1', source: 'config' });
      assert.equal(resolveGatewayToken({ env: {}, config: {} }), undefined);
      assert.equal(resolveGatewayToken({ env: { OPENCLAW_GATEWAY_TOKEN: '  ' }, config: null }), undefined);
    });

    it('allowLocalSources: false ignores env and config', function () {
      assert.equal(resolveGatewayToken({ env: { OPENCLAW_GATEWAY_TOKEN: 'env-token' }, config, allowLocalSources: false }), undefined);
      assert.deepEqual(resolveGatewayToken({ explicit: 'e', env: { OPENCLAW_GATEWAY_TOKEN: 'env-token' }, config, allowLocalSources: false }), { token: 'e', source: 'explicit' });
    });

    it('config: ${VAR} from the environment, secret references skipped, remote mode uses gateway.remote.token', function () {
      assert.deepEqual(resolveGatewayToken({ env: { MY_GW: 'from-var' }, config: { gateway: { auth: { token: '${MY_GW}' } } } }), { token: 'from-var', source: 'config' });
      assert.equal(resolveGatewayToken({ env: {}, config: { gateway: { auth: { token: '${MISSING}' } } } }), undefined);
      assert.equal(resolveGatewayToken({ env: {}, config: { gateway: { auth: { token: { source: 'env', id: 'X' } } } } }), undefined);
      assert.deepEqual(resolveGatewayToken({ env: {}, config: { gateway: { mode: 'remote', remote: { url: 'wss://gw', token: 'remote-t' }, auth: { token: 'local-t' } } } }), { token: 'remote-t', source: 'config' });
    });

    it('URL: explicit → OPENCLAW_GATEWAY_URL → remote url → 127.0.0.1 with the port from env or config', function () {
      assert.deepEqual(resolveGatewayUrl({ explicit: 'ws://h:1', env: { OPENCLAW_GATEWAY_URL: 'ws://e:2' }, config }), { url: 'ws://h:1', source: 'explicit' });
      assert.deepEqual(resolveGatewayUrl({ env: { OPENCLAW_GATEWAY_URL: 'ws://e:2' }, config }), { url: 'ws://e:2', source: 'env' });
      assert.deepEqual(resolveGatewayUrl({ env: {}, config: { gateway: { mode: 'remote', remote: { url: 'wss://gw.example.com' } } } }), { url: 'wss://gw.example.com', source: 'config' });
      assert.deepEqual(resolveGatewayUrl({ env: { OPENCLAW_GATEWAY_PORT: '19001' }, config }), { url: 'ws://127.0.0.1:19001', source: 'env' });
      assert.deepEqual(resolveGatewayUrl({ env: {}, config }), { url: 'ws://127.0.0.1:18800', source: 'config' });
      assert.deepEqual(resolveGatewayUrl({ env: {}, config: { gateway: { tls: { enabled: true } } } }), { url: 'wss://127.0.0.1:18789', source: 'config' });
      assert.deepEqual(resolveGatewayUrl({ env: {}, config: undefined }), { url: 'ws://127.0.0.1:18789', source: 'default' });
      assert.deepEqual(resolveGatewayUrl({ env: { OPENCLAW_GATEWAY_URL: 'ws://e:2' }, config, allowLocalSources: false }), { url: 'ws://127.0.0.1:18789', source: 'default' });
    });

    it('parseGatewayPortEnv: 18789, host:18789, [::1]:18789; junk → undefined', function () {
      assert.equal(parseGatewayPortEnv('18789'), 18789);
      assert.equal(parseGatewayPortEnv(' 127.0.0.1:18790 '), 18790);
      assert.equal(parseGatewayPortEnv('[::1]:18791'), 18791);
      for (const bad of [undefined, '', 'abc', '::1:5', '0', '70000', 'host:'] as const) assert.equal(parseGatewayPortEnv(bad), undefined, String(bad));
    });
  });
});
