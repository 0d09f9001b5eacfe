/**
 * checkOwnership: Gateway lock files (both locations, padded JSON, roles), JSONL-era locks, stale
 * rules (dead pid, reused pid, age, own pid) and the port probe. Live owners are real child processes
 * with their real start time, as OpenClaw records it; dead owners are children that have exited.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import {
  checkLockFiles,
  checkOwnership,
  gatewayLockDirs,
  gatewayPorts,
  type OwnershipOptions,
} from '../../src/core/store/ownership';
import { parseLockText } from '../../src/core/store/lock';
import { isGatewayArgv, isOpenClawArgv, isPidAlive, processStartTime } from '../../src/core/store/processes';
import { fixturePath, tmpDir } from './helpers';

const UID = typeof process.getuid === 'function' ? process.getuid() : undefined;
const LOCK_DIR_NAME = UID != null ? `openclaw-${UID}` : 'openclaw';
const PAD = '\n' + ' \t'.repeat(60) + '\n';

const children: ChildProcess[] = [];
after(function () {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

/** A live process; `script` makes its argv end in that file (e.g. openclaw.mjs). */
async function liveChild(script?: string): Promise<{ pid: number; startTime: number | null; child: ChildProcess }> {
  const args = script ? [script] : ['-e', 'setInterval(() => {}, 1e9)'];
  if (script) fs.writeFileSync(script, 'setInterval(() => {}, 1e9);\n');
  const child = spawn(process.execPath, args, { stdio: 'ignore' });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', () => resolve());
    child.once('error', reject);
  });
  const pid = child.pid!;
  // /proc/<pid>/cmdline is the final argv only once exec has happened.
  for (let i = 0; i < 100 && !(fs.existsSync(`/proc/${pid}/cmdline`) && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(script ?? '-e')); i++) await new Promise((r) => setTimeout(r, 10));
  return { pid, startTime: processStartTime(pid), child };
}

/** A pid that existed and is gone (reaped). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((r) => child.once('exit', r));
  assert.equal(isPidAlive(child.pid!), false);
  return child.pid!;
}

function newState(): { stateDir: string; lockDir: string; sysTmp: string; opts: OwnershipOptions } {
  const root = tmpDir('occtx-own-');
  const stateDir = path.join(root, 'state');
  const lockDir = path.join(stateDir, 'tmp', LOCK_DIR_NAME);
  const sysTmp = path.join(root, 'systmp');
  fs.mkdirSync(lockDir, { recursive: true });
  fs.mkdirSync(sysTmp, { recursive: true });
  return { stateDir, lockDir, sysTmp, opts: { tmpDir: sysTmp, probePort: false } };
}

function gatewayLock(o: { pid?: number; startTime?: number | null; port?: number; stateDir?: string; role?: string; createdAt?: string }): string {
  const p: Record<string, unknown> = {};
  if (o.pid !== undefined) p.pid = o.pid;
  p.ownerId = '3a083cd0-3054-4cd5-bb08-730cc660faa7';
  if (!o.role) p.cronOwnerProjection = 'dynamic-default-v1';
  p.createdAt = o.createdAt ?? new Date().toISOString();
  p.configPath = o.stateDir ? path.join(o.stateDir, 'openclaw.json') : '/x/openclaw.json';
  if (o.stateDir) p.stateDir = o.stateDir;
  if (o.port !== undefined) p.port = o.port;
  if (o.role) p.role = o.role;
  if (typeof o.startTime === 'number') p.startTime = o.startTime;
  return JSON.stringify(p, null, 2) + PAD;
}

describe('ownership: lock file parsing', function () {
  it('parses padded JSON, JSON followed by junk, and rejects garbage', function () {
    assert.deepEqual(parseLockText('{"pid": 5}\n\t\t   \n'), { pid: 5 });
    assert.deepEqual(parseLockText('{"pid": 5, "s": "a}b"}\u0000\u0000garbage'), { pid: 5, s: 'a}b' });
    assert.equal(parseLockText(''), undefined);
    assert.equal(parseLockText('   \n'), undefined);
    assert.equal(parseLockText('{"pid": '), undefined);
    assert.equal(parseLockText('[1,2]'), undefined);
  });

  it('reads both real Gateway lock files (JSON + whitespace padding)', function () {
    for (const name of ['gateway.dfa21aed.lock', 'gateway.state.lock']) {
      const text = fs.readFileSync(fixturePath('openclaw-real', 'lock-files', name), 'utf8');
      assert.ok(/\}\s+$/.test(text) && text.trimEnd().length < text.length - 100, `${name} has padding`);
      const p = parseLockText(text)!;
      assert.equal(p.pid, 23979);
      assert.equal(p.port, 18789);
      assert.equal(p.stateDir, '/tmp/openclaw-repro/state');
      assert.equal(p.startTime, 164812);
    }
  });

  it('argv checks mirror OpenClaw', function () {
    assert.ok(isOpenClawArgv(['/usr/bin/node', '/x/node_modules/openclaw/openclaw.mjs', 'agent']));
    assert.ok(isOpenClawArgv(['/home/u/.local/bin/openclaw', 'agent']));
    assert.ok(!isOpenClawArgv(['/usr/bin/node', '-e', 'x']));
    assert.ok(isGatewayArgv(['node', '/x/openclaw/openclaw.mjs', 'gateway', 'run']));
    assert.ok(!isGatewayArgv(['node', '/x/openclaw/openclaw.mjs', 'agent']));
    assert.ok(isGatewayArgv(['/opt/openclaw-gateway']));
  });

  it('lock dirs: the state dir tmp first, then the system temp dir; uid suffix', function () {
    assert.deepEqual(gatewayLockDirs('/s', { uid: 1000, tmpDir: '/t' }), ['/s/tmp/openclaw-1000', '/t/openclaw-1000']);
  });
});

describe('ownership: Gateway lock files', function () {
  it('the real fixture locks (their pid is gone or reused here) do not make an owner', async function () {
    const s = newState();
    for (const name of ['gateway.dfa21aed.lock', 'gateway.state.lock']) fs.copyFileSync(fixturePath('openclaw-real', 'lock-files', name), path.join(s.lockDir, name));
    const r = await checkOwnership(s.stateDir, s.opts);
    assert.equal(r.owned, false, r.reason);
    assert.equal(r.locks.length, 2);
    for (const l of r.locks) {
      assert.equal(l.status, 'dead');
      assert.equal(l.pid, 23979);
      assert.equal(l.port, 18789);
    }
    assert.match(r.reason, /No OpenClaw process/);
  });

  it('the real fixture lock with a live pid and its start time: owned by the Gateway', async function () {
    const s = newState();
    const live = await liveChild();
    assert.ok(live.startTime !== null, 'needs /proc');
    for (const name of ['gateway.dfa21aed.lock', 'gateway.state.lock']) {
      const text = fs.readFileSync(fixturePath('openclaw-real', 'lock-files', name), 'utf8');
      // In place, keeping the padding.
      const patched = text.replace('"pid": 23979', `"pid": ${live.pid}`).replace('"startTime": 164812', `"startTime": ${live.startTime}`);
      assert.notEqual(patched, text);
      fs.writeFileSync(path.join(s.lockDir, name), patched);
    }
    const r = await checkOwnership(s.stateDir, s.opts);
    assert.equal(r.owned, true);
    assert.equal(r.by, 'gateway');
    assert.equal(r.pid, live.pid);
    assert.equal(r.port, 18789);
    assert.ok(r.lockFile && r.lockFile.startsWith(s.lockDir));
    assert.match(r.reason, new RegExp(`Gateway \\(pid ${live.pid}, port 18789\\)`));
  });

  it('a fabricated live lock (child pid + start time) → gateway; embedded and maintenance roles are told apart', async function () {
    const live = await liveChild();
    for (const [role, by] of [
      [undefined, 'gateway'],
      ['agent-embedded', 'embedded'],
      ['sqlite-maintenance', 'unknown'],
    ] as const) {
      const s = newState();
      fs.writeFileSync(path.join(s.lockDir, 'gateway.state.lock'), gatewayLock({ pid: live.pid, startTime: live.startTime, port: 18001, stateDir: s.stateDir, ...(role ? { role } : {}) }));
      const r = await checkOwnership(s.stateDir, s.opts);
      assert.equal(r.owned, true, `role ${role}`);
      assert.equal(r.by, by, `role ${role}`);
      assert.equal(r.pid, live.pid);
    }
  });

  it('a dead pid does not own; nor does a live pid whose start time differs (pid reuse); nor this process', async function () {
    const live = await liveChild();
    const cases = [
      { name: 'dead', lock: gatewayLock({ pid: await deadPid(), startTime: 123, port: 18789 }), why: /not running/ },
      { name: 'reused', lock: gatewayLock({ pid: live.pid, startTime: (live.startTime ?? 0) + 1, port: 18789 }), why: /reused/ },
      { name: 'self', lock: gatewayLock({ pid: process.pid, port: 18789 }), why: /this process/ },
      { name: 'invalid', lock: gatewayLock({ pid: 0, port: 18789 }), why: /invalid pid/ },
    ];
    for (const c of cases) {
      const s = newState();
      fs.writeFileSync(path.join(s.lockDir, 'gateway.abcd1234.lock'), c.lock);
      const r = await checkOwnership(s.stateDir, s.opts);
      assert.equal(r.owned, false, c.name);
      assert.equal(r.locks[0]!.status, 'dead', c.name);
      assert.match(r.locks[0]!.why, c.why, c.name);
    }
  });

  it('without a start time, the command line decides: OpenClaw → owner, anything else → left over', async function () {
    const s1 = newState();
    const other = await liveChild();
    fs.writeFileSync(path.join(s1.lockDir, 'gateway.state.lock'), gatewayLock({ pid: other.pid, port: 18789 }));
    const r1 = await checkOwnership(s1.stateDir, s1.opts);
    assert.equal(r1.owned, false);
    assert.match(r1.locks[0]!.why, /something else/);

    const s2 = newState();
    const oc = await liveChild(path.join(tmpDir('occtx-ocbin-'), 'openclaw.mjs'));
    fs.writeFileSync(path.join(s2.lockDir, 'gateway.state.lock'), gatewayLock({ pid: oc.pid, port: 18789, role: 'agent-embedded' }));
    const r2 = await checkOwnership(s2.stateDir, s2.opts);
    assert.equal(r2.owned, true);
    assert.equal(r2.by, 'embedded');
  });

  it('the system temp dir location: our state dir or no stateDir → owner; another state dir → ignored', async function () {
    const live = await liveChild();
    const cases: Array<[string, string | undefined, boolean]> = [
      ['ours', 'SELF', true],
      ['unstated', undefined, true],
      ['foreign', '/somewhere/else/state', false],
    ];
    for (const [name, sd, owned] of cases) {
      const s = newState();
      const dir = path.join(s.sysTmp, LOCK_DIR_NAME);
      fs.mkdirSync(dir, { recursive: true });
      const lock = gatewayLock({ pid: live.pid, startTime: live.startTime, port: 18789, ...(sd ? { stateDir: sd === 'SELF' ? s.stateDir : sd } : {}) });
      fs.writeFileSync(path.join(dir, 'gateway.0badc0de.lock'), lock);
      const r = await checkOwnership(s.stateDir, s.opts);
      assert.equal(r.owned, owned, name);
      if (!owned) assert.equal(r.locks[0]!.status, 'foreign');
    }
  });

  it('an unreadable lock: fresh → owner (being written), older than 30 s → stale', async function () {
    const s = newState();
    const f = path.join(s.lockDir, 'gateway.state.lock');
    fs.writeFileSync(f, '');
    const r1 = await checkOwnership(s.stateDir, s.opts);
    assert.equal(r1.owned, true);
    assert.equal(r1.by, 'unknown'); // a Gateway or an embedded run: the role is not readable yet
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(f, old, old);
    const r2 = await checkOwnership(s.stateDir, s.opts);
    assert.equal(r2.owned, false);
    assert.equal(r2.locks[0]!.status, 'stale');
  });

  it('ignores *.lock.sqlite coordinator files and honours ignoreLockFiles', async function () {
    const s = newState();
    const live = await liveChild();
    fs.writeFileSync(path.join(s.lockDir, 'gateway.state.lock.sqlite'), '');
    const f = path.join(s.lockDir, 'gateway.state.lock');
    fs.writeFileSync(f, gatewayLock({ pid: live.pid, startTime: live.startTime, port: 1 }));
    assert.equal((await checkOwnership(s.stateDir, s.opts)).owned, true);
    const r = await checkOwnership(s.stateDir, { ...s.opts, ignoreLockFiles: [f] });
    assert.equal(r.owned, false);
    assert.equal(r.locks.length, 0);
  });
});

describe('ownership: JSONL-era locks', function () {
  function sessions(s: ReturnType<typeof newState>): string {
    const d = path.join(s.stateDir, 'agents', 'main', 'sessions');
    fs.mkdirSync(d, { recursive: true });
    return d;
  }

  it('a live transcript lock owns; a dead one, an old one (> 30 min) and a reused pid do not', async function () {
    const live = await liveChild();
    const dead = await deadPid();
    const old = new Date(Date.now() - 31 * 60_000).toISOString();
    const cases: Array<[string, Record<string, unknown>, boolean, string]> = [
      ['live', { pid: live.pid, createdAt: new Date().toISOString(), starttime: live.startTime }, true, 'alive'],
      ['dead', { pid: dead, createdAt: new Date().toISOString() }, false, 'dead'],
      ['old', { pid: live.pid, createdAt: old, starttime: live.startTime }, false, 'stale'],
      ['reused', { pid: live.pid, createdAt: new Date().toISOString(), starttime: (live.startTime ?? 0) + 7 }, false, 'dead'],
    ];
    for (const [name, payload, owned, status] of cases) {
      const s = newState();
      const f = path.join(sessions(s), 'a1b2.jsonl.lock');
      fs.writeFileSync(f, JSON.stringify(payload, null, 2));
      const r = checkLockFiles(s.stateDir, s.opts);
      assert.equal(r.owned, owned, name);
      assert.equal(r.locks[0]!.status, status, name);
      assert.equal(r.locks[0]!.kind, 'jsonl');
      if (owned) {
        assert.equal(r.pid, live.pid);
        assert.match(r.reason, /is writing a1b2\.jsonl/);
      }
    }
  });

  it('an empty lock (its writer died between create and write) is live for 30 s, then stale', function () {
    const s = newState();
    const f = path.join(sessions(s), 'a1b2.jsonl.lock');
    fs.writeFileSync(f, '');
    assert.equal(checkLockFiles(s.stateDir, s.opts).owned, true);
    const old = new Date(Date.now() - 31_000);
    fs.utimesSync(f, old, old);
    const r = checkLockFiles(s.stateDir, s.opts);
    assert.equal(r.owned, false);
    assert.equal(r.locks[0]!.status, 'stale');
  });

  it('sessions.json.lock counts too; sessionsDirs can narrow the scan', async function () {
    const s = newState();
    const live = await liveChild();
    const d = sessions(s);
    fs.writeFileSync(path.join(d, 'sessions.json.lock'), JSON.stringify({ pid: live.pid, createdAt: new Date().toISOString(), starttime: live.startTime }));
    assert.equal(checkLockFiles(s.stateDir, s.opts).owned, true);
    assert.equal(checkLockFiles(s.stateDir, { ...s.opts, sessionsDirs: [] }).owned, false);
  });
});

describe('ownership: Gateway port probe', function () {
  let server: net.Server;
  let port = 0;
  before(async function () {
    server = net.createServer((c) => c.destroy());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as net.AddressInfo).port;
  });
  after(function () {
    server.close();
  });

  it("a listener on the config's gateway.port owns (by: unknown) when no lock is live", async function () {
    const s = newState();
    fs.writeFileSync(path.join(s.stateDir, 'openclaw.json'), `// json5\n{ gateway: { port: ${port}, mode: "local" } }\n`);
    assert.deepEqual(gatewayPorts(s.stateDir, { env: {} }), [port]);
    const r = await checkOwnership(s.stateDir, { tmpDir: s.sysTmp, env: {} });
    assert.equal(r.owned, true);
    assert.equal(r.by, 'unknown');
    assert.equal(r.port, port);
    assert.match(r.reason, new RegExp(`127\\.0\\.0\\.1:${port}`));
    assert.equal((await checkOwnership(s.stateDir, { tmpDir: s.sysTmp, env: {}, probePort: false })).owned, false);
  });

  it('OPENCLAW_GATEWAY_PORT is probed too; a closed port does not own', async function () {
    const s = newState();
    assert.deepEqual(gatewayPorts(s.stateDir, { env: { OPENCLAW_GATEWAY_PORT: String(port) } }), [port, 18789]);
    const closed = await new Promise<number>((resolve) => {
      const t = net.createServer();
      t.listen(0, '127.0.0.1', () => {
        const p = (t.address() as net.AddressInfo).port;
        t.close(() => resolve(p));
      });
    });
    const r = await checkOwnership(s.stateDir, { tmpDir: s.sysTmp, port: closed });
    assert.equal(r.owned, false);
    assert.equal(r.probes[0]!.port, closed);
    assert.equal(r.probes[0]!.listening, false);
    assert.match(r.reason, /nothing listens/);
  });
});
