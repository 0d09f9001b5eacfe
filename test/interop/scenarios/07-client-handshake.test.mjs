// Interop scenario 7 (test/interop/README.md), on the shared fixture (../fixture.mjs) as the earlier scenarios left it.
// Tests 7–10: our Gateway client (out/src/core/gateway) against the real Gateway. They share one Gateway
// (started by the first of them that needs it, SIGKILLed and restarted by test 10, stopped at its end).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { assertClientLogsClean, closeClients, eq, gatewayClientModules, GW_CLI_DEVICE_FILE, GW_DEVICE_FILE, GW_URL, gwClient, KEY, log, LOGS, shared, sharedGateway } from '../fixture.mjs';

it('7. Gateway client: hello-ok with a device and without one; which client ids and modes get which scopes', async function () {
  assert(shared.ready, 'setup failed');
  const G = gatewayClientModules();
  await sharedGateway();
  try {
    const store = new G.FileDeviceStore(GW_DEVICE_FILE);
    const a = gwClient(G, { device: store });
    let t0 = Date.now();
    const ca = await a.connect();
    log(
      `with a device: hello-ok in ${Date.now() - t0} ms: OpenClaw ${ca.server.version} (${ca.server.buildId}), protocol ${ca.protocol}, ${ca.methods.length} methods, ${ca.events.length} events; ` +
        `${ca.clientId}/${ca.clientMode} granted ${ca.scopes.join(',')}; auth ${ca.authMethod}; device ${ca.deviceId.slice(0, 12)}…; device token issued: ${ca.deviceTokenIssued}`,
    );
    eq([ca.server.version, ca.protocol], ['2026.9.6', 4], 'server version and protocol');
    eq([...ca.scopes].sort(), [...G.OPERATOR_SCOPES].sort(), 'scopes granted to a device (gateway-client/backend)');
    // chat.inject answers (test 9 of the shared harness used it) but, like sessions.usage, is not in hello-ok's list.
    for (const m of ['sessions.list', 'sessions.describe', 'sessions.subscribe', 'sessions.messages.subscribe', 'sessions.messages.unsubscribe', 'sessions.compact', 'sessions.rewind', 'sessions.fork', 'sessions.reset', 'sessions.branches.list', 'chat.send', 'chat.history'])
      assert(ca.methods.includes(m), `hello-ok does not advertise ${m}`);
    assert(!ca.methods.includes('sessions.compaction.list'), 'sessions.compaction.list is advertised again; update the reference');
    log(`hello-ok methods: chat.inject advertised: ${ca.methods.includes('chat.inject')}, sessions.usage advertised: ${ca.methods.includes('sessions.usage')}`);
    for (const e of ['sessions.changed', 'session.message', 'chat', 'tick']) assert(ca.events.includes(e), `hello-ok does not advertise the event ${e}`);
    eq(ca.snapshot.sessionDefaults && ca.snapshot.sessionDefaults.mainSessionKey, KEY, 'snapshot.sessionDefaults.mainSessionKey');
    const stored = await store.load();
    eq(stored.deviceId, ca.deviceId, 'the device file holds the device that connected');
    eq(fs.statSync(GW_DEVICE_FILE).mode & 0o777, 0o600, 'device file mode');
    // 2026.9.6 does not pair a local gateway-client/backend device (shouldSkipLocalBackendSelfPairing), so no device token.
    eq(ca.deviceTokenIssued, false, 'device token for a local gateway-client/backend device');
    await a.close();

    // A paired device (cli/cli) gets a device token; then the stored device token alone, without the shared token,
    // authenticates it (what OpenClaw's own client does when it has no token).
    const cliStore = new G.FileDeviceStore(GW_CLI_DEVICE_FILE);
    const p1 = gwClient(G, { device: cliStore, clientId: 'cli', clientMode: 'cli', reconnect: false });
    const cp1 = await p1.connect();
    await p1.close();
    const rec = (await cliStore.load()).tokens[G.normalizeGatewayUrl(GW_URL)];
    assert(cp1.deviceTokenIssued && rec && rec.deviceToken, 'cli/cli with a device: no device token issued or stored');
    eq(fs.statSync(GW_CLI_DEVICE_FILE).mode & 0o777, 0o600, 'cli device file mode');
    const b = gwClient(G, { device: cliStore, clientId: 'cli', clientMode: 'cli', token: undefined, reconnect: false });
    try {
      const cb = await b.connect();
      log(`cli/cli device ${cp1.deviceId.slice(0, 12)}…: paired, device token issued and stored (role ${rec.role}, scopes ${(rec.scopes ?? []).join(',')}); reconnect with the device token only: auth ${cb.authMethod}, scopes ${cb.scopes.join(',') || '(none)'}`);
      assert(cb.usedDeviceToken && cb.authMethod === 'device-token', `the device-token connect: used ${cb.usedDeviceToken}, auth ${cb.authMethod}`);
      eq([...cb.scopes].sort(), [...G.OPERATOR_SCOPES].sort(), 'scopes with the device token');
      eq((await b.sessionsDescribe({ key: KEY })).session.key, KEY, 'sessions.describe with the device token');
    } finally {
      await b.close();
    }

    // No device block.
    const n = gwClient(G, { device: false });
    t0 = Date.now();
    const cn = await n.connect();
    log(`without a device: hello-ok in ${Date.now() - t0} ms, ${cn.clientId}/${cn.clientMode} granted ${cn.scopes.join(',') || '(none)'}, auth ${cn.authMethod}, device token issued: ${cn.deviceTokenIssued}`);
    eq([...cn.scopes].sort(), [...G.OPERATOR_SCOPES].sort(), 'scopes granted without a device (gateway-client/backend on loopback)');
    const list = await n.sessionsList({ limit: 100 });
    assert(list.sessions.some((s) => s.key === KEY), `sessions.list has no ${KEY}`);
    await n.close();

    // Which client id / mode pairs are accepted, and with which scopes (all ask for the three operator scopes).
    const pairs = [['gateway-client', 'backend'], ['cli', 'cli'], ['cli', 'backend'], ['gateway-client', 'cli'], ['test', 'test'], ['openclaw-probe', 'probe'], ['openclaw-tui', 'ui'], ['openclaw-linux', 'ui']];
    const rows = [];
    for (const withDevice of [false, true]) {
      for (const [id, mode] of pairs) {
        const c = gwClient(G, { clientId: id, clientMode: mode, device: withDevice ? new G.MemoryDeviceStore() : false, reconnect: false });
        let row;
        try {
          const h = await c.connect();
          row = { id, mode, device: withDevice, scopes: h.scopes, deviceToken: h.deviceTokenIssued };
        } catch (e) {
          row = { id, mode, device: withDevice, refused: `${e.kind}: ${e.message}` };
        } finally {
          await c.close();
        }
        rows.push(row);
      }
    }
    const text = rows.map((r) => `${`${r.id}/${r.mode}`.padEnd(26)} ${r.device ? 'device   ' : 'no device'}  ${r.refused ? `REFUSED ${r.refused}` : `${r.scopes.length ? r.scopes.join(',') : '(no scopes)'}${r.deviceToken ? ' + device token' : ''}`}`);
    fs.writeFileSync(path.join(LOGS, 'gateway-client-matrix.txt'), text.join('\n') + '\n');
    log(`client id/mode → granted scopes (requested: the three operator scopes):\n      ${text.join('\n      ')}`);
    const at = (id, mode, dev) => rows.find((r) => r.id === id && r.mode === mode && r.device === dev);
    for (const dev of [false, true]) eq([...(at('gateway-client', 'backend', dev).scopes ?? [])].sort(), [...G.OPERATOR_SCOPES].sort(), `gateway-client/backend ${dev ? 'with' : 'without'} a device`);
    assertClientLogsClean();
  } finally {
    await closeClients();
  }
});
