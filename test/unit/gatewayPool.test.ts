/**
 * The core Gateway connection pool (src/core/gateway/pool.ts) without VS Code: one connection per Gateway URL,
 * the probe before a WebSocket, the local token only with consent (one question, a dismissed one not asked again
 * until a reconnect), mode off closing everything, and no secret in any line it logs. Against the scripted
 * Gateway (test/support/fakeGateway.ts). The Gateway must serve the state dir: its lock file (a live stand-in
 * process, as OpenClaw writes it) names its port before the local token is offered, and hello-ok names the state dir.
 */
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { GatewayPool, type LiveMode, type PoolHost } from '../../src/core/gateway/pool';
import { MemoryDeviceStore } from '../../src/core/gateway/identity';
import type { UseLocalToken } from '../../src/core/gateway/poolTokens';
import type { StateDirInfo } from '../../src/core/store/stateDir';
import { FakeGateway } from '../support/fakeGateway';
import type { ChildProcess } from 'node:child_process';
import { simulateGatewayLock, tmpDir } from './helpers';

const TOKEN = 'pool-test-token-5f3c9a1e';

/** A state dir with OpenClaw data whose config names the Gateway's port and token. */
const stateDir = (dir: string, port: number): StateDirInfo => ({ exists: true, candidate: { dir }, config: { exists: true, path: `${dir}/openclaw.json`, value: { gateway: { port, auth: { token: TOKEN } } } }, agents: [] }) as unknown as StateDirInfo;

async function until<T>(f: () => T | undefined | false, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function host(dirs: StateDirInfo[], o: { useLocal: UseLocalToken; answer?: boolean; mode?: LiveMode }) {
  const h = {
    asked: 0,
    consentValue: undefined as boolean | undefined,
    mode: o.mode ?? ('auto' as LiveMode),
    lines: [] as string[],
    refreshes: 0,
  };
  const p: PoolHost = {
    env: {},
    mode: () => h.mode,
    urlSetting: () => '',
    urlSettingName: 'test.url',
    useLocal: () => o.useLocal,
    storedToken: async () => undefined,
    consent: () => h.consentValue,
    askConsent: async () => {
      h.asked++;
      if (o.answer !== undefined) h.consentValue = o.answer;
      return o.answer;
    },
    devices: Object.assign(new MemoryDeviceStore(), { known: [] as string[], hasDeviceToken: async () => false }),
    clientVersion: '0.0.0-test',
    displayName: 'pool test',
    stateDirs: () => dirs,
    log: (level, m) => h.lines.push(`[${level}] ${m}`),
    refresh: () => h.refreshes++,
    setRemoteSources: () => undefined,
    detailSessions: () => [],
    changed: () => undefined,
    liveRefreshed: () => undefined,
  };
  return { h, p };
}

describe('core Gateway connection pool', function () {
  this.timeout(20_000);
  let fake: FakeGateway;
  let a: string;
  let b: string;
  const pools: GatewayPool[] = [];
  const children: ChildProcess[] = [];
  beforeEach(async () => {
    fake = await new FakeGateway({ token: TOKEN }).start();
    // the Gateway of state dir a: its lock names the fake's port, its hello names a
    a = tmpDir('occtx-pool-a-');
    b = tmpDir('occtx-pool-b-');
    await simulateGatewayLock(a, children, fake.port);
    fake.opts.stateDir = a;
  });
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
    await fake.close();
    for (const c of children.splice(0)) c.kill('SIGKILL');
  });
  const open = (p: PoolHost) => {
    const pool = new GatewayPool(p);
    pools.push(pool);
    return pool;
  };

  it('state dirs resolving to one URL share one connection; with consent it connects with the config token, and logs no secret', async function () {
    const { h, p } = host([stateDir(a, fake.port), stateDir(b, fake.port)], { useLocal: 'ask', answer: true });
    const pool = open(p);
    pool.sync();
    await until(() => pool.state === 'live', 'live');
    assert.equal(pool.views().length, 1);
    assert.deepEqual(pool.views()[0]!.stateDirs, [a, b]);
    assert.equal(pool.views()[0]!.tokenSource, 'config');
    assert.equal(h.asked, 1, 'one consent question');
    assert.ok(pool.clientFor(a) && pool.clientFor(a) === pool.clientFor(b));
    assert.equal(pool.clientFor('/elsewhere'), undefined);
    await until(() => fake.requests.some((r) => r.method === 'sessions.subscribe'), 'sessions.subscribe');
    await until(() => h.refreshes > 0, 'a catch-up refresh');
    assert.ok(h.lines.length > 0);
    assert.ok(!h.lines.join('\n').includes(TOKEN), 'no token in the log');
    assert.ok(!pool.summaryFor(a).text.includes(TOKEN));
  });

  it('a dismissed consent question is not asked again until reconnectAll, and no local token is sent', async function () {
    const { h, p } = host([stateDir(a, fake.port)], { useLocal: 'ask' });
    const pool = open(p);
    pool.sync();
    await until(() => pool.state === 'failed', 'failed without a token');
    assert.equal(h.asked, 1);
    assert.equal(pool.views()[0]!.tokenSource, 'none');
    assert.ok(fake.connects.every((c) => !c.ok));
    pool.reprobe('test');
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(h.asked, 1, 'not asked again on a re-probe');
    await pool.reconnectAll('test');
    await until(() => h.asked === 2, 'asked again after reconnectAll');
  });

  it("'always' connects with the local token without asking; mode off closes every connection", async function () {
    const { h, p } = host([stateDir(a, fake.port)], { useLocal: 'always' });
    const pool = open(p);
    pool.sync();
    await until(() => pool.state === 'live', 'live');
    assert.equal(h.asked, 0);
    h.mode = 'off';
    await pool.closeAll('live mode off');
    pool.sync();
    assert.equal(pool.views().length, 0);
    assert.equal(pool.state, 'off');
    assert.equal(pool.clientFor(a), undefined);
  });

  it('nothing listening: probed only (no WebSocket), files only', async function () {
    const srv = net.createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
    const port = (srv.address() as net.AddressInfo).port;
    await new Promise<void>((r) => srv.close(() => r()));
    const { h, p } = host([stateDir('/a', port)], { useLocal: 'always' });
    const pool = open(p);
    pool.sync();
    await until(() => pool.views()[0]?.unreachable, 'unreachable');
    assert.equal(pool.state, 'off');
    assert.equal(h.asked, 0);
    assert.match(pool.summaryFor('/a').text, /./);
  });

  it('no lock of this state dir names the port (it may be another state dir’s Gateway): no question, the local token is never sent', async function () {
    const { h, p } = host([stateDir(b, fake.port)], { useLocal: 'ask', answer: true });
    const pool = open(p);
    pool.sync();
    await until(() => pool.state === 'failed', 'failed without a token');
    assert.equal(h.asked, 0, 'no consent question for a Gateway not known to serve this state dir');
    assert.ok(fake.connects.length > 0 && fake.connects.every((c) => c.params?.auth?.token === undefined), 'no token sent');
    assert.equal(pool.views()[0]!.tokenSource, 'none');
    assert.ok(h.lines.some((l) => /no Gateway lock of .* names port \d+.*the local token is not offered/.test(l)), h.lines.join('\n'));
    // even 'always' never sends it there
    const always = host([stateDir(b, fake.port)], { useLocal: 'always' });
    const pool2 = open(always.p);
    pool2.sync();
    await until(() => pool2.state === 'failed', 'failed without a token');
    assert.ok(fake.connects.every((c) => c.params?.auth?.token === undefined), 'no token sent');
  });

  it('this state dir’s Gateway listens on another port: nothing offered, no WebSocket, and the view says why', async function () {
    const c = tmpDir('occtx-pool-c-');
    await simulateGatewayLock(c, children, fake.port + 1 === 65536 ? 1 : fake.port + 1);
    const { h, p } = host([stateDir(c, fake.port)], { useLocal: 'always' });
    const pool = open(p);
    pool.sync();
    await until(() => pool.state === 'failed', 'refused');
    assert.equal(fake.connects.length, 0, 'no WebSocket');
    assert.equal(h.asked, 0);
    assert.equal(pool.views()[0]!.error?.kind, 'other-state-dir');
    assert.match(pool.summaryFor(c).text, /serves another state dir/);
  });

  it('hello-ok names another state dir: the connection is closed and never used', async function () {
    fake.opts.stateDir = b;
    const { p } = host([stateDir(a, fake.port)], { useLocal: 'always' });
    const pool = open(p);
    pool.sync();
    await until(() => pool.views()[0]?.error?.kind === 'other-state-dir', 'refused after hello');
    assert.equal(pool.state, 'failed');
    assert.equal(pool.clientFor(a), undefined);
    assert.match(pool.views()[0]!.error!.message, /serves another state dir/);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(fake.connects.filter((x) => x.ok).length, 1, 'not connected again');
  });
});
