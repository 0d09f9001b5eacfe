// Interop scenario 8 (test/interop/README.md), on the shared fixture (../fixture.mjs) as the earlier scenarios left it.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { sleep } from '../../support/process.mjs';
import { assertClientLogsClean, closeClients, eq, gatewayClientModules, gwClient, GWLOG, KEY, log, rawConnect, shared, sharedGateway, TOKEN } from '../fixture.mjs';

it('8. Gateway client refusals from the real Gateway: wrong token → unauthorized; a read-only device → missing-scope operator.admin; protocol mismatch', async function () {
  assert(shared.ready, 'setup failed');
  const G = gatewayClientModules();
  await sharedGateway();
  try {
    const wrong = `wrong-${randomBytes(12).toString('hex')}`;
    const w = gwClient(G, { token: wrong, device: new G.MemoryDeviceStore() });
    const states = [];
    w.onState((s) => states.push(s));
    let err;
    try {
      await w.connect({ retry: true });
    } catch (e) {
      err = e;
    }
    assert(err, 'connected with a wrong token');
    log(`wrong token: ${err.kind} (${err.code}/${err.detailCode}, retryable ${err.retryable}): ${err.message}`);
    eq([err.kind, err.detailCode, err.retryable], ['unauthorized', 'AUTH_TOKEN_MISMATCH', false], 'wrong token classification');
    assert(!err.message.includes(wrong) && !err.message.includes(TOKEN), 'a token in the error message');
    await sleep(1500);
    eq(states, ['connecting', 'closed'], 'states after a wrong token (no reconnect)');
    eq(w.lastError && w.lastError.kind, 'unauthorized', 'lastError');
    assert(!GWLOG.some((l) => l.includes(wrong)), 'the wrong token reached the logger');

    const r = gwClient(G, { device: new G.MemoryDeviceStore(), scopes: ['operator.read'] });
    const cr = await r.connect();
    log(`read-only device ${cr.deviceId.slice(0, 12)}…: granted ${cr.scopes.join(',')}`);
    eq(cr.scopes, ['operator.read'], 'scopes granted to a device asking for operator.read');
    const l = await r.sessionsList({ limit: 5 });
    assert(l.count >= 1, 'sessions.list with operator.read');
    let e2;
    try {
      await r.sessionsCompact({ key: KEY });
    } catch (e) {
      e2 = e;
    }
    assert(e2, 'sessions.compact succeeded with operator.read only');
    log(`sessions.compact with operator.read: ${e2.kind} ${e2.missingScope} (${e2.code}): ${e2.message}`);
    eq([e2.kind, e2.missingScope, e2.code, e2.retryable], ['missing-scope', 'operator.admin', 'FORBIDDEN', false], 'missing scope classification');
    eq(e2.details, { code: 'MISSING_SCOPE', missingScope: 'operator.admin', requiredScopes: ['operator.admin'] }, 'error details');
    let e3;
    try {
      await r.chatSend({ sessionKey: KEY, message: 'must not run' });
    } catch (e) {
      e3 = e;
    }
    eq(e3 && [e3.kind, e3.missingScope], ['missing-scope', 'operator.write'], 'chat.send with operator.read only');
    eq(r.state, 'connected', 'a missing scope leaves the connection up');
    await r.close();

    // Protocol mismatch: a raw connect asking for protocol 5 (our client always asks for 4).
    const raw = await rawConnect({ minProtocol: 5, maxProtocol: 5 });
    const info = G.classifyGatewayError(raw.res && raw.res.error);
    log(`protocol 5 requested: ${JSON.stringify(raw.res && raw.res.error)}; socket closed ${raw.close}; classified ${info.kind}: ${info.message}`);
    eq(info.kind, 'protocol-mismatch', 'protocol mismatch classification');
    assertClientLogsClean();
  } finally {
    await closeClients();
  }
});
