// Interop scenario 10 (test/interop/README.md), on the shared fixture (../fixture.mjs) as the earlier scenarios left it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { sleep, waitFor } from '../../support/process.mjs';
import { assertClientLogsClean, checkOwnership, clientTurn, closeClients, eq, fmtMs, gatewayClientModules, GT, GW_DEVICE_FILE, gwClient, GWKEY, GWLOG, log, LOGS, openclaw, OWN, roles, shared, sharedGateway, startGateway, STATE, stopGateway, turn } from '../fixture.mjs';

it('10. Gateway SIGKILLed mid-session: the client reports the outage, checkOwnership treats the dead lock as stale, a restart → the client reconnects and re-subscribes by itself', async function () {
  assert(shared.ready, 'setup failed');
  const G = gatewayClientModules();
  const gw = await sharedGateway();
  try {
    const c = gwClient(G, { device: new G.FileDeviceStore(GW_DEVICE_FILE), reconnect: { initialMs: 250, maxMs: 2000, jitter: 0.2 } });
    await c.connect();
    await c.sessionsSubscribe({});
    await c.sessionsMessagesSubscribe({ key: GWKEY });
    const states = [];
    const errors = [];
    c.onState((s) => states.push({ s, t: Date.now() }));
    c.onError((e) => errors.push({ kind: e.kind, message: e.message, t: Date.now() }));
    const own0 = await checkOwnership(STATE, OWN);
    assert(own0.owned && own0.by === 'gateway', `before the kill: ${own0.reason}`);

    const lockDir = path.join(STATE, 'tmp', `openclaw-${process.getuid()}`);
    const pid = gw.child.pid;
    const exited = new Promise((r) => gw.child.once('exit', () => r()));
    const tKill = Date.now();
    process.kill(-pid, 'SIGKILL');
    await exited;
    shared.gwShared = undefined;
    await waitFor('state reconnecting', () => c.state === 'reconnecting', 15_000, 10);
    const tReconnecting = states.find((x) => x.s === 'reconnecting').t - tKill;
    await waitFor('lastError unreachable', () => c.lastError && c.lastError.kind === 'unreachable', 20_000, 10);
    const tUnreachable = errors.find((x) => x.kind === 'unreachable').t - tKill;
    log(`SIGKILL pid ${pid}: state reconnecting after ${tReconnecting} ms (first error: ${errors[0].kind}: ${errors[0].message}), lastError unreachable after ${tUnreachable} ms: ${c.lastError.message}`);
    let refused;
    try {
      await c.sessionsList();
    } catch (e) {
      refused = e;
    }
    eq(refused && [refused.kind, refused.retryable], ['closed', true], 'a request during the outage');

    const left = fs.existsSync(lockDir) ? fs.readdirSync(lockDir).filter((f) => /^gateway\..+\.lock$/.test(f)) : [];
    const own = await checkOwnership(STATE, OWN);
    const gl = own.locks.filter((x) => x.kind === 'gateway');
    log(`after the SIGKILL: lock files left ${left.join(', ') || '(none)'}; checkOwnership: owned ${own.owned}; ${gl.map((x) => `${path.basename(x.file)} ${x.status} (${x.why})`).join('; ') || 'no gateway locks'}; probes ${JSON.stringify(own.probes)}`);
    assert(!own.owned, `checkOwnership says owned after the SIGKILL: ${own.reason}`);
    assert(left.length >= 1, 'SIGKILL left no lock file to judge (OpenClaw cleaned up?)');
    assert(gl.length >= 1 && gl.every((x) => x.status === 'dead' || x.status === 'stale'), `the dead Gateway's locks are not judged stale: ${gl.map((x) => x.status).join(',')}`);
    assert(gl.every((x) => x.pid === pid), `lock pids ${gl.map((x) => x.pid).join(',')} vs the killed ${pid}`);

    await sleep(3000); // a few reconnect attempts against the closed port
    const attempts = errors.filter((e) => e.kind === 'unreachable').length;
    const tRestart = Date.now();
    shared.gwShared = await startGateway();
    await c.ready(180_000);
    const tConnected = states.filter((x) => x.s === 'connected').at(-1).t;
    const starting = errors.filter((e) => e.t >= tRestart && e.kind !== 'unreachable');
    log(
      `restart: the client reconnected by itself ${((tConnected - tRestart) / 1000).toFixed(1)} s after the restart began (${attempts} refused reconnect attempts before the restart; ` +
        `${errors.length} errors in all: ${[...new Set(errors.map((e) => e.kind))].join(', ')}${starting.length ? `; while the Gateway started: ${starting.length}× ${starting[0].kind} "${starting[0].message.slice(0, 90)}"` : ''}); states ${states.map((x) => x.s).join(' → ')}`,
    );
    eq(c.state, 'connected', 'state after the restart');
    eq(states.map((x) => x.s).filter((s, i, a) => s !== a[i - 1]), ['reconnecting', 'connected'], 'state changes across the outage');
    eq(c.subscriptions(), { sessions: true, messages: [GWKEY] }, 'subscriptions kept');
    const own2 = await checkOwnership(STATE, OWN);
    assert(own2.owned && own2.by === 'gateway' && own2.pid !== pid, `after the restart: ${own2.reason}`);

    // The replayed subscriptions deliver events again.
    const roles = [];
    const dm = c.onSessionMessage((e) => e.sessionKey === GWKEY && roles.push(e.message && e.message.role));
    const t6 = await clientTurn(c, GWKEY, GT.t6);
    dm.dispose();
    assert(t6.changes.length > 0, 'no sessions.changed after the reconnect (sessions.subscribe not replayed?)');
    assert(roles.includes('assistant'), `no session.message after the reconnect (sessions.messages.subscribe not replayed?): ${roles.join(',')}`);
    log(`after the reconnect: turn 6 → ${t6.changes.length} sessions.changed (first +${fmtMs(t6.firstAfterFinalMs)} after the final), session.message roles ${roles.join(',')}`);
    assertClientLogsClean();
  } finally {
    await closeClients();
    if (shared.gwShared) await stopGateway(shared.gwShared);
    shared.gwShared = undefined;
    fs.writeFileSync(path.join(LOGS, 'gateway-client.log'), GWLOG.join('\n') + '\n');
  }
});
