/** Live mode's pure formatting (src/core/gateway/viewModel.ts): the connection line, summary, failure reasons, markdown. */
import assert from 'node:assert/strict';
import { connectionLine, connectionMarkdown, type ConnectionView, failureReason, gatewaySummary, missingScopes, overallState, remoteSessionLine } from '../../src/core/gateway/viewModel';

const TOKEN = 'tok-SECRET-1234567890';
const ALL = ['operator.read', 'operator.write', 'operator.admin'];

function view(extra: Partial<ConnectionView> = {}): ConnectionView {
  return { url: 'ws://127.0.0.1:18789', urlSource: 'config', stateDirs: ['/home/u/.openclaw'], state: 'off', tokenSource: 'secret', ...extra };
}

describe('gateway view model', function () {
  it('live: the server version', function () {
    assert.equal(connectionLine(view({ state: 'live', serverVersion: '2026.9.6', scopes: ALL })), 'live · Gateway 2026.9.6');
  });

  it('live with fewer scopes names the first missing one', function () {
    assert.equal(connectionLine(view({ state: 'live', serverVersion: '2026.9.6', scopes: ['operator.read'] })), 'live · Gateway 2026.9.6 · missing scope operator.write');
    assert.equal(connectionLine(view({ state: 'live', serverVersion: '2026.9.6', scopes: [] })), 'live · Gateway 2026.9.6 · missing scope operator.read');
  });

  it('missingScopes: admin implies write and read', function () {
    assert.deepEqual(missingScopes(['operator.admin']), []);
    assert.deepEqual(missingScopes(['operator.read']), ['operator.write', 'operator.admin']);
    assert.deepEqual(missingScopes(undefined), []);
  });

  it('failed: unauthorized, missing scope (exact), unreachable, protocol mismatch', function () {
    assert.equal(connectionLine(view({ state: 'failed', error: { kind: 'unauthorized', message: 'x' } })), 'files only · unauthorized');
    assert.equal(connectionLine(view({ state: 'failed', error: { kind: 'missing-scope', message: 'x', missingScope: 'operator.admin' } })), 'files only · missing scope operator.admin');
    assert.equal(connectionLine(view({ state: 'failed', error: { kind: 'protocol-mismatch', message: 'x' } })), 'files only · protocol mismatch');
    assert.equal(connectionLine(view({ state: 'reconnecting', error: { kind: 'unreachable', message: 'ECONNREFUSED' } })), 'reconnecting · unreachable');
    assert.equal(connectionLine(view({ state: 'off', unreachable: true })), 'files only · no Gateway running');
    assert.equal(connectionLine(view({ state: 'connecting' })), 'connecting…');
  });

  it('mode off wins', function () {
    assert.equal(connectionLine(view({ state: 'live', serverVersion: '2026.9.6' }), 'off'), 'files only · live mode off');
    assert.deepEqual(gatewaySummary([view({ state: 'live' })], 'off'), { live: false, text: 'files only · live mode off' });
    assert.equal(overallState([view({ state: 'live' })], 'off'), 'off');
  });

  it('hints: unauthorized points at Set Gateway Token; missing scope names the scope', function () {
    assert.match(failureReason({ kind: 'unauthorized' })!.hint, /Set Gateway Token/);
    assert.match(failureReason({ kind: 'missing-scope', missingScope: 'operator.admin' })!.hint, /operator\.admin/);
    assert.match(failureReason({ kind: 'protocol-mismatch' })!.hint, /protocol/);
    assert.equal(failureReason(undefined), undefined);
  });

  it('overall state: live beats reconnecting beats connecting beats failed beats off', function () {
    assert.equal(overallState([]), 'off');
    assert.equal(overallState([view({ state: 'failed' }), view({ state: 'live' })]), 'live');
    assert.equal(overallState([view({ state: 'failed' }), view({ state: 'reconnecting' })]), 'reconnecting');
    assert.equal(overallState([view({ state: 'off' }), view({ state: 'failed' })]), 'failed');
  });

  it('summary: one connection, several, none', function () {
    assert.deepEqual(gatewaySummary([]), { live: false, text: 'files only' });
    const one = gatewaySummary([view({ state: 'failed', error: { kind: 'unauthorized', message: 'bad token' } })]);
    assert.equal(one.live, false);
    assert.equal(one.text, 'files only · unauthorized');
    assert.match(one.detail!, /Set Gateway Token/);
    const two = gatewaySummary([view({ state: 'live', serverVersion: '2026.9.6', scopes: ALL }), view({ url: 'ws://127.0.0.1:19000', state: 'off', unreachable: true })]);
    assert.equal(two.live, true);
    assert.equal(two.text, 'live · 1/2 Gateways · 2026.9.6');
    assert.match(two.detail!, /ws:\/\/127\.0\.0\.1:19000: files only · no Gateway running/);
  });

  it('never shows a token, even one that slipped into an error message', function () {
    const v = view({ state: 'failed', error: { kind: 'unauthorized', message: `refused token ${TOKEN}` } });
    const s = gatewaySummary([v], 'auto', [TOKEN]);
    assert.ok(!JSON.stringify(s).includes(TOKEN));
    const md = connectionMarkdown([v], { mode: 'auto', secrets: [TOKEN] });
    assert.ok(!md.includes(TOKEN));
    assert.match(md, /<redacted>/);
  });

  it('markdown: URL, state, version, scopes, last error, token source (not the token)', function () {
    const md = connectionMarkdown([view({ state: 'live', serverVersion: '2026.9.6', protocol: 4, scopes: ALL, clientId: 'cli', clientMode: 'cli', authMethod: 'token', connectedAt: 1000, events: 3, lastEventAt: 2000, lastRefreshMs: 4.2 })], { mode: 'auto', now: 62_000 });
    assert.match(md, /## ws:\/\/127\.0\.0\.1:18789/);
    assert.match(md, /\*\*State:\*\* live — live · Gateway 2026\.9\.6/);
    assert.match(md, /OpenClaw 2026\.9\.6, protocol 4/);
    assert.match(md, /operator\.read, operator\.write, operator\.admin/);
    assert.match(md, /cli\/cli, auth token/);
    assert.match(md, /Token:\*\* set with “Set Gateway Token…”/);
    assert.match(md, /Connected:\*\* 1 min ago/);
    assert.match(md, /sessions\.changed events:\*\* 3 \(last 1 min ago, refreshed in 4\.2 ms\)/);
    const failed = connectionMarkdown([view({ state: 'off', unreachable: true, probeError: 'ECONNREFUSED', tokenSource: 'none' })], { mode: 'auto' });
    assert.match(failed, /Last error:\*\* unreachable — Nothing listens at ws:\/\/127\.0\.0\.1:18789 \(ECONNREFUSED\)/);
    assert.match(failed, /Token:\*\* none/);
  });

  it('remote Gateway: its sessions’ figures from sessions.list', function () {
    assert.equal(remoteSessionLine({ key: 'agent:main:main', totalTokens: 8819, contextTokens: 32768, compactionCount: 1 }), 'agent:main:main — 27% 8.8k/33k · 1 compaction');
    assert.equal(remoteSessionLine({ key: 'k', totalTokens: 500, contextTokens: 1000, totalTokensFresh: false, hasActiveRun: true }), 'k — ~50% ~500/1.0k · running');
    const md = connectionMarkdown([view({ stateDirs: [], state: 'live', serverVersion: '2026.9.6', remoteSessions: [{ key: 'agent:main:main', totalTokens: 8819, contextTokens: 32768 }] })], { mode: 'auto' });
    assert.match(md, /remote Gateway/);
    assert.match(md, /### Sessions on this Gateway \(1\)/);
    assert.match(md, /- agent:main:main — 27% 8\.8k\/33k/);
  });
});
