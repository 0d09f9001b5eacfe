/**
 * The CLI's writing commands (issue 8): compact, undo-compact, checkpoint create|restore — in-process
 * `main()` against temp copies of the real OpenClaw state (SQLite) and the demo state (its JSONL agent).
 * Each write is checked in the store itself: exactly the planned entry, chained to the old leaf, earlier
 * rows byte-identical; every refusal leaves the store byte-identical.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { ContextModel } from '../../src/core/context/model';
import { processEnv, resolveStateDirs } from '../../src/core/store/config';
import { CompactionBreaker } from '../../src/core/compaction/breaker';
import { assertSchema, cli, WORK } from './support/cli';
import { materializeDemoState, materializeRealState, realDbPath, simulateGatewayLock, sqlite, tmpDir } from './helpers';

type Json = Record<string, unknown>;
const children: ChildProcess[] = [];
after(function () {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

const sha = (f: string) => crypto.createHash('sha256').update(fs.readFileSync(f)).digest('hex');

/** Every transcript row of a session, oldest first. */
function rows(state: string, sessionKey: string): Array<{ seq: number; json: Json; raw: string }> {
  const db = new (sqlite().DatabaseSync)(realDbPath(state), { readOnly: true });
  try {
    const sid = (db.prepare("SELECT json_extract(entry_json,'$.sessionId') AS sid FROM session_nodes WHERE session_key = ? ORDER BY rowid DESC LIMIT 1").get(sessionKey) as { sid: string }).sid;
    const out = db.prepare('SELECT seq, event_json, event_zstd FROM transcript_events WHERE session_id = ? ORDER BY seq').all(sid) as Array<{ seq: number; event_json: string | null; event_zstd: Uint8Array | null }>;
    return out.map((r) => {
      const raw = r.event_json ?? (r.event_zstd ? zlib.zstdDecompressSync(r.event_zstd).toString('utf8') : '');
      return { seq: r.seq, raw, json: JSON.parse(raw) as Json };
    });
  } finally {
    db.close();
  }
}

function model(state: string): ContextModel {
  const env = processEnv();
  const m = new ContextModel({ stateDirs: resolveStateDirs(state, undefined, env), env });
  m.refresh();
  return m;
}

const demoState = materializeDemoState;

describe('CLI writes: compact', function () {
  this.timeout(60_000);

  it('compact --yes appends exactly the planned compaction, chained to the leaf; the context is then the plan’s', async function () {
    const state = materializeRealState();
    const before = rows(state, WORK);
    const plan = await cli(['compact', WORK, '--dry-run', '--keep-recent-tokens', '300', '--state-dir', state, '--json']);
    assert.equal(plan.code, 0, plan.err);
    const planned = plan.json().plan as Json & { firstKeptEntryId: string; summary: string };
    const r = await cli(['compact', WORK, '--yes', '--even-if-larger', '--keep-recent-tokens', '300', '--state-dir', state, '--json']);
    assert.equal(r.code, 0, r.err);
    const doc = r.json();
    assertSchema('compact', doc);
    assert.equal(doc.status, 'compacted');
    assert.equal(doc.dryRun, false);
    assert.equal(doc.planApplied, true, 'our plan is what was written');
    const after = rows(state, WORK);
    assert.equal(after.length, before.length + 1, 'one row more');
    before.forEach((b, i) => assert.equal(after[i]!.raw, b.raw, `row ${b.seq} is unchanged`));
    const added = after[after.length - 1]!.json;
    assert.equal(added.type, 'compaction');
    assert.equal(added.firstKeptEntryId, planned.firstKeptEntryId, 'the same cut as the dry run');
    assert.equal(added.summary, planned.summary, 'the same summary as the dry run');
    const w = doc.written as Json & { entries: Array<{ id: string; parentId: string }>; previousLeafId: string };
    assert.equal(w.entries[0]!.id, added.id);
    assert.equal(added.parentId, w.previousLeafId);
    // the model now sees: summary, then the kept tail from firstKeptEntryId
    const m = model(state);
    try {
      const s = m.sessions().find((x) => x.row.key === WORK)!;
      const st = m.ensureTranscript(s.uid)!;
      const ctx = st.context!;
      assert.equal(ctx.items[0]!.kind, 'compaction');
      assert.equal(ctx.items[0]!.id, added.id);
      const cut = ctx.path.findIndex((e) => e.id === planned.firstKeptEntryId);
      assert.ok(cut >= 0, 'the first kept entry is on the active path');
      const firstKeptItem = ctx.path.slice(cut).find((e) => ctx.items.includes(e));
      assert.equal(ctx.items[1], firstKeptItem, 'after the summary the context resumes at the cut');
    } finally {
      m.dispose();
    }
    // a human run on a terminal says what it did
    const human = await cli(['compact', WORK, '--yes', '--even-if-larger', '--keep-recent-tokens', '300', '--state-dir', state]);
    assert.equal(human.code, 0, human.err);
    assert.match(human.out, /compacted agent:main:work|nothing to compact in agent:main:work/);
  });

  it('asks on a terminal: "n" writes nothing, "y" writes; off a terminal without --yes it is exit 2', async function () {
    const state = materializeRealState();
    const db = realDbPath(state);
    const h0 = sha(db);
    const asked: string[] = [];
    const no = await cli(['compact', WORK, '--keep-recent-tokens', '300', '--state-dir', state], { stdinIsTTY: true, prompt: async (q) => (asked.push(q), 'n') });
    assert.equal(no.code, 0, no.err);
    assert.match(asked[0]!, /^Append this compaction to agent:main:work\? This compaction does not shrink the context.* \[y\/N\] $/, 'a plan that grows the context says so in the question');
    assert.match(no.err, /Compaction plan for agent:main:work/, 'the plan is shown before the question (stderr)');
    assert.match(no.out, /cancelled: nothing written/);
    assert.equal(sha(db), h0);
    const piped = await cli(['compact', WORK, '--keep-recent-tokens', '300', '--state-dir', state], { stdinIsTTY: false, prompt: async () => 'y' });
    assert.equal(piped.code, 2);
    assert.match(piped.err, /pass --yes/);
    assert.equal(sha(db), h0);
    const both = await cli(['compact', WORK, '--yes', '--dry-run', '--keep-recent-tokens', '300', '--state-dir', state]);
    assert.equal(both.code, 2);
    const yes = await cli(['compact', WORK, '--keep-recent-tokens', '300', '--state-dir', state], { stdinIsTTY: true, prompt: async () => 'y' });
    assert.equal(yes.code, 0, yes.err);
    assert.notEqual(sha(db), h0);
    assert.equal(rows(state, WORK).at(-1)!.json.type, 'compaction');
  });

  it('a live Gateway owns the store and none is reachable: exit 3, what to do instead, the database byte-identical', async function () {
    const state = materializeRealState();
    await simulateGatewayLock(state, children);
    const db = realDbPath(state);
    const h0 = sha(db);
    const r = await cli(['compact', WORK, '--yes', '--even-if-larger', '--keep-recent-tokens', '300', '--state-dir', state, '--gateway', 'ws://127.0.0.1:9', '--json'], { env: { HOME: tmpDir('occtx-cli-home-') } });
    assert.equal(r.code, 3, r.err);
    const doc = r.json();
    assertSchema('compact', doc);
    assert.equal(doc.status, 'refused');
    assert.match((doc.refusal as Json).message as string, /openclaw sessions compact agent:main:work/);
    assert.match(r.err, /did not compact agent:main:work/);
    assert.equal(sha(db), h0);
    // the breaker does not count a refusal as a failure
    assert.equal(new CompactionBreaker(state).status(WORK).consecutiveFailures, 0);
  });

  it('a plan that grows the context: the dry run says so first; --yes refuses it (exit 1, does-not-shrink) unless --even-if-larger', async function () {
    const state = materializeRealState();
    const db = realDbPath(state);
    const h0 = sha(db);
    const dry = await cli(['compact', WORK, '--dry-run', '--keep-recent-tokens', '300', '--state-dir', state, '--json']);
    assert.equal(dry.code, 0, dry.err);
    const dj = dry.json();
    assertSchema('compact', dj);
    const shrink = dj.shrink as Json & { verdict: string; tokensBefore: number; tokensAfter: number; headline: string };
    const q = (dj.plan as { quality: { tokensBefore: number; tokensAfter: number } }).quality;
    assert.deepEqual([shrink.verdict, shrink.explicit, shrink.tokensBefore, shrink.tokensAfter], ['grows', true, q.tokensBefore, q.tokensAfter]);
    assert.match(String(dj.undo), /^Undo: only through a running OpenClaw Gateway \(sessions\.rewind/, 'an SQLite session: undo needs the Gateway, said before confirming');
    const human = await cli(['compact', WORK, '--dry-run', '--keep-recent-tokens', '300', '--state-dir', state]);
    assert.equal(human.out.split('\n')[0], `Compaction plan for ${WORK} (dry run, nothing written): ${shrink.headline}`);
    assert.match(human.out, /--yes needs --even-if-larger/);
    const r = await cli(['compact', WORK, '--yes', '--keep-recent-tokens', '300', '--state-dir', state, '--json']);
    assert.equal(r.code, 1, r.err);
    const doc = r.json();
    assertSchema('compact', doc);
    assert.equal(doc.status, 'refused');
    assert.equal((doc.refusal as Json).code, 'does-not-shrink');
    assert.match((doc.refusal as Json).message as string, /does not shrink the context, it grows it.*Pass --even-if-larger with --yes/);
    assert.match(r.err, /--even-if-larger/);
    assert.equal(sha(db), h0, 'nothing written');
    for (const argv of [['--even-if-larger'], ['--even-if-larger', '--dry-run']]) {
      const u = await cli(['compact', WORK, ...argv, '--keep-recent-tokens', '300', '--state-dir', state]);
      assert.equal(u.code, 2, `${argv.join(' ')}: ${u.err}`);
      assert.match(u.err, /--even-if-larger goes with --yes/);
    }
    assert.equal(sha(db), h0);
    const help = await cli(['compact', '--help']);
    assert.match(help.out, /--even-if-larger +with --yes: compact even when it does not shrink the context/);
    assert.match(help.out, /"shrink":\{"verdict":"shrinks"\|"little"\|"equal"\|"grows"/);
    const ok = await cli(['compact', WORK, '--yes', '--even-if-larger', '--keep-recent-tokens', '300', '--state-dir', state, '--json']);
    assert.equal(ok.code, 0, ok.err);
    assert.equal(ok.json().status, 'compacted');
    assert.equal(rows(state, WORK).at(-1)!.json.type, 'compaction');
  });

  it('our planner would not compact a store the Gateway holds: OpenClaw’s compaction is offered; unreachable → exit 3 with why', async function () {
    const state = materializeRealState();
    await simulateGatewayLock(state, children);
    const h0 = sha(realDbPath(state));
    const env = { env: { HOME: tmpDir('occtx-cli-home-') } };
    const dry = await cli(['compact', WORK, '--dry-run', '--keep-recent-tokens', '1000000', '--state-dir', state, '--json'], env);
    assert.equal(dry.code, 0, dry.err);
    const dj = dry.json();
    assertSchema('compact', dj);
    assert.deepEqual([dj.status, dj.plan], ['planned', null]);
    assert.match((dj.gatewayOffer as Json).why as string, /Gateway/);
    const r = await cli(['compact', WORK, '--yes', '--keep-recent-tokens', '1000000', '--state-dir', state, '--gateway', 'ws://127.0.0.1:9', '--json'], env);
    assert.equal(r.code, 3, r.err);
    const doc = r.json();
    assertSchema('compact', doc);
    assert.equal(doc.status, 'refused');
    assert.equal((doc.refusal as Json).code, 'gateway-unavailable');
    assert.match((doc.refusal as Json).message as string, /our planner would not \(everything since the last compaction fits in the kept tail.*only OpenClaw can compact it now.*openclaw sessions compact agent:main:work/);
    assert.equal(sha(realDbPath(state)), h0);
  });

  it('the circuit breaker: open → exit 1 and nothing written; --reset-breaker resets it and compacts', async function () {
    const state = materializeRealState();
    const b = new CompactionBreaker(state);
    for (let i = 0; i < 3; i++) b.recordFailure(WORK, `test failure ${i}`);
    assert.equal(b.isOpen(WORK), true);
    const db = realDbPath(state);
    const h0 = sha(db);
    const r = await cli(['compact', WORK, '--yes', '--even-if-larger', '--keep-recent-tokens', '300', '--state-dir', state, '--json']);
    assert.equal(r.code, 1);
    assertSchema('compact', r.json());
    assert.equal((r.json().refusal as Json).code, 'breaker-open');
    assert.match(r.out, /--reset-breaker/);
    assert.equal(sha(db), h0);
    const again = await cli(['compact', WORK, '--yes', '--even-if-larger', '--reset-breaker', '--keep-recent-tokens', '300', '--state-dir', state, '--json']);
    assert.equal(again.code, 0, again.err);
    assert.equal(again.json().status, 'compacted');
    assert.equal(new CompactionBreaker(state).isOpen(WORK), false);
  });
});

describe('CLI writes: undo-compact', function () {
  this.timeout(60_000);

  it('JSONL: one marker entry branching from the entry before the compaction; the file only grows', async function () {
    const state = demoState();
    const key = 'agent:legacy:work';
    const m0 = model(state);
    const s0 = m0.sessions().find((x) => x.row.key === key)!;
    const ctx0 = m0.ensureTranscript(s0.uid)!.context!;
    const comp = ctx0.compactions.at(-1)!;
    const file = path.join(state, 'agents', 'legacy', 'sessions', `${s0.row.sessionId}.jsonl`);
    assert.ok(fs.existsSync(file), file);
    m0.dispose();
    const text0 = fs.readFileSync(file, 'utf8');
    const dry = await cli(['undo-compact', key, '--dry-run', '--state-dir', state, '--json']);
    assert.equal(dry.code, 0, dry.err);
    assertSchema('undo-compact', dry.json());
    assert.equal(dry.json().compactionId, comp.id);
    assert.equal(dry.json().branchFrom, comp.parentId);
    assert.equal(fs.readFileSync(file, 'utf8'), text0);
    const r = await cli(['undo-compact', key, '--yes', '--state-dir', state, '--json']);
    assert.equal(r.code, 0, r.err);
    assertSchema('undo-compact', r.json());
    assert.equal(r.json().status, 'undone');
    const text1 = fs.readFileSync(file, 'utf8');
    assert.ok(text1.startsWith(text0), 'nothing rewritten');
    const added = text1.slice(text0.length).trim().split('\n');
    assert.equal(added.length, 1);
    const marker = JSON.parse(added[0]!) as Json;
    assert.equal(marker.parentId, comp.parentId);
    assert.equal(marker.type, 'custom');
    const m1 = model(state);
    try {
      const s1 = m1.sessions().find((x) => x.row.key === key)!;
      const ctx1 = m1.ensureTranscript(s1.uid)!.context!;
      assert.ok(!ctx1.path.some((e) => e.id === comp.id), 'the compaction left the active path');
      assert.ok(ctx1.items.length > ctx0.items.length - 1);
    } finally {
      m1.dispose();
    }
    const again = await cli(['undo-compact', key, '--yes', '--state-dir', state]);
    assert.equal(again.code, 1, 'the undone compaction is no longer on the active path');
    assert.match(again.err, /no compaction on the active path/);
    assert.ok(fs.readFileSync(file, 'utf8') === text1, 'a refused undo writes nothing');
  });

  it('SQLite without a reachable Gateway: exit 3 (needs the Gateway), the database byte-identical', async function () {
    const state = materializeRealState();
    const c = await cli(['compact', WORK, '--yes', '--even-if-larger', '--keep-recent-tokens', '300', '--state-dir', state]);
    assert.equal(c.code, 0, c.err);
    const h0 = sha(realDbPath(state));
    const dry = await cli(['undo-compact', WORK, '--dry-run', '--state-dir', state, '--json']);
    assert.equal(dry.code, 0, dry.err);
    assertSchema('undo-compact', dry.json());
    assert.match(dry.out, /rewind|"branchFrom"/);
    const r = await cli(['undo-compact', WORK, '--yes', '--state-dir', state, '--gateway', 'ws://127.0.0.1:9', '--json'], { env: { HOME: tmpDir('occtx-cli-home-') } });
    assert.equal(r.code, 3, r.err);
    assertSchema('undo-compact', r.json());
    assert.match(r.err, /needs a running Gateway/);
    assert.equal(sha(realDbPath(state)), h0);
  });
});

describe('CLI writes: checkpoint create | restore', function () {
  this.timeout(60_000);

  it('create writes a manual checkpoint; restore --dry-run prints the note; --yes appends exactly it as a custom_message', async function () {
    const state = materializeRealState();
    const c = await cli(['checkpoint', 'create', 'work', '--state-dir', state, '--json']);
    assert.equal(c.code, 0, c.err);
    const cd = c.json();
    assertSchema('checkpoint', cd);
    assert.equal(cd.status, 'written');
    assert.ok(fs.existsSync(cd.file as string));
    const list = await cli(['checkpoint', 'list', 'work', '--state-dir', state, '--json']);
    assert.ok((list.json().checkpoints as Json[]).some((x) => x.id === cd.id && (x.trigger as string) === 'manual'));
    const before = rows(state, WORK);
    const dry = await cli(['checkpoint', 'restore', 'work', '--dry-run', '--state-dir', state, '--json']);
    assert.equal(dry.code, 0, dry.err);
    assertSchema('checkpoint', dry.json());
    const text = dry.json().text as string;
    assert.match(text, /^\[Post-compaction checkpoint restore\]/);
    assert.ok((dry.json().tokens as number) <= 700);
    assert.equal(rows(state, WORK).length, before.length, 'a dry run writes nothing');
    const r = await cli(['checkpoint', 'restore', 'work', cd.id as string, '--yes', '--state-dir', state, '--json']);
    assert.equal(r.code, 0, r.err);
    assertSchema('checkpoint', r.json());
    assert.equal(r.json().status, 'restored');
    const after = rows(state, WORK);
    assert.equal(after.length, before.length + 1);
    before.forEach((b, i) => assert.equal(after[i]!.raw, b.raw));
    const added = after.at(-1)!.json;
    assert.equal(added.type, 'custom_message');
    assert.equal(added.content, text, 'byte-for-byte the note the dry run printed');
  });

  it('restore refused while OpenClaw owns the store (exit 3, unchanged); bad ids and misplaced options are exit 2', async function () {
    const state = materializeRealState();
    assert.equal((await cli(['checkpoint', 'create', WORK, '--state-dir', state])).code, 0);
    await simulateGatewayLock(state, children);
    const h0 = sha(realDbPath(state));
    const r = await cli(['checkpoint', 'restore', WORK, '--yes', '--state-dir', state, '--gateway', 'ws://127.0.0.1:9'], { env: { HOME: tmpDir('occtx-cli-home-') } });
    assert.equal(r.code, 3, r.err);
    assert.match(r.err, /did not restore into agent:main:work/);
    assert.equal(sha(realDbPath(state)), h0);
    for (const argv of [
      ['checkpoint', 'restore', WORK, 'cp_x', '--dry-run'],
      ['checkpoint', 'create'],
      ['checkpoint', 'list', '--yes'],
      ['checkpoint', 'restore', WORK, '--max-tokens', '50', '--dry-run'],
      ['compact', WORK, '--gateway', 'http://x'],
      ['compact', WORK, '--token-env', 'A B'],
    ]) {
      const bad = await cli([...argv, '--state-dir', state]);
      assert.equal(bad.code, 2, `${argv.join(' ')}: ${bad.err}`);
    }
    const missing = await cli(['checkpoint', 'restore', 'agent:main:rpc', '--dry-run', '--state-dir', state]);
    assert.equal(missing.code, 1);
    assert.match(missing.err, /no valid checkpoint/);
  });
});

describe('CLI writes through the Gateway when OpenClaw owns the store (scripted Gateway)', function () {
  this.timeout(60_000);
  const TOKEN = 'tok-cli-test-5f2c9a';
  /** A scripted Gateway that compacts, and a copy of the real state its (simulated) lock owns. */
  const ownedWithGateway = async () => {
    const { FakeGateway } = await import('../support/fakeGateway');
    const gw = await new FakeGateway({ token: TOKEN }).start();
    gw.handle('sessions.compact', (params) => ({ ok: true, key: params.key, compacted: true, result: { summary: 'GATEWAY SUMMARY', firstKeptEntryId: 'e1', tokensBefore: 9712, tokensAfter: 1200 } }));
    const state = materializeRealState();
    await simulateGatewayLock(state, children);
    return { gw, state, h0: sha(realDbPath(state)) };
  };

  it('compact: the store is owned → sessions.compact over the Gateway; the database untouched; the token never printed', async function () {
    const { gw, state, h0 } = await ownedWithGateway();
    try {
      const home = tmpDir('occtx-cli-home-');
      const r = await cli(['compact', WORK, '--yes', '--even-if-larger', '--keep-recent-tokens', '300', '--state-dir', state, '--gateway', `ws://127.0.0.1:${gw.port}`, '--token-env', 'OC_TEST_TOKEN', '--json'], { env: { HOME: home, OC_TEST_TOKEN: TOKEN } });
      assert.equal(r.code, 0, r.err);
      const doc = r.json();
      assertSchema('compact', doc);
      assert.equal(doc.status, 'compacted');
      assert.equal(doc.planApplied, false, 'OpenClaw compacted with its own settings: our plan was only the preview');
      assert.match(r.err, /--keep-recent-tokens is not passed to OpenClaw/);
      assert.deepEqual(doc.written, { via: 'gateway', url: `ws://127.0.0.1:${gw.port}`, summary: 'GATEWAY SUMMARY', tokensBefore: 9712, tokensAfter: 1200, firstKeptEntryId: 'e1' });
      assert.deepEqual(gw.requests.filter((x) => x.method === 'sessions.compact').map((x) => x.params.key), [WORK]);
      assert.equal(sha(realDbPath(state)), h0, 'nothing written to the store');
      assert.ok(fs.existsSync(path.join(home, '.config', 'openclaw-context', 'gateway-device.json')), 'the CLI keeps a device identity');
      // a wrong token: exit 3, a clear reason, and neither token in any output
      const bad = await cli(['compact', WORK, '--yes', '--even-if-larger', '--keep-recent-tokens', '300', '--state-dir', state, '--gateway', `ws://127.0.0.1:${gw.port}`, '--token-env', 'OC_TEST_TOKEN', '--json'], { env: { HOME: tmpDir('occtx-cli-home-'), OC_TEST_TOKEN: 'wrong-secret-77' } });
      assert.equal(bad.code, 3, bad.err);
      assert.match(bad.err, /The token in \$OC_TEST_TOKEN \(--token-env\) was refused/);
      assert.equal((bad.json().refusal as Json).code, 'gateway-unavailable');
      for (const out of [bad.out, bad.err, r.out, r.err]) {
        assert.ok(!out.includes(TOKEN) && !out.includes('wrong-secret-77'), 'the token is never printed');
      }
      const unset = await cli(['compact', WORK, '--yes', '--even-if-larger', '--keep-recent-tokens', '300', '--state-dir', state, '--gateway', `ws://127.0.0.1:${gw.port}`, '--token-env', 'OC_NOT_SET'], { env: { HOME: tmpDir('occtx-cli-home-') } });
      assert.equal(unset.code, 3);
      assert.match(unset.err, /\$OC_NOT_SET \(--token-env\) is not set/);
      assert.equal(sha(realDbPath(state)), h0);
    } finally {
      await gw.close();
    }
  });

  it('compact where our planner would not, on a store the Gateway holds: sessions.compact, saying what OpenClaw will do', async function () {
    const { gw, state, h0 } = await ownedWithGateway();
    try {
      const asked: string[] = [];
      const argv = ['compact', WORK, '--keep-recent-tokens', '1000000', '--state-dir', state, '--gateway', `ws://127.0.0.1:${gw.port}`, '--token-env', 'OC_TEST_TOKEN'];
      const env = { HOME: tmpDir('occtx-cli-home-'), OC_TEST_TOKEN: TOKEN };
      // on a terminal: what OpenClaw will do, then the question; "n" sends nothing
      const no = await cli(argv, { env, stdinIsTTY: true, prompt: async (q) => (asked.push(q), 'n') });
      assert.equal(no.code, 0, no.err);
      assert.match(asked[0]!, /^Ask OpenClaw's Gateway to compact agent:main:work\? \[y\/N\] $/);
      assert.match(no.err, /Our planner would not compact agent:main:work \(everything since the last compaction fits in the kept tail/);
      assert.match(no.err, /summarises the older messages with its own model and keeps its own recent tail/);
      assert.match(no.err, /Undo: only through a running OpenClaw Gateway/);
      assert.equal(gw.requests.filter((x) => x.method === 'sessions.compact').length, 0);
      const r = await cli([...argv, '--yes', '--json'], { env });
      assert.equal(r.code, 0, r.err);
      const doc = r.json();
      assertSchema('compact', doc);
      assert.deepEqual([doc.status, doc.plan, (doc.written as Json).via, (doc.written as Json).summary], ['compacted', null, 'gateway', 'GATEWAY SUMMARY']);
      assert.deepEqual(gw.requests.filter((x) => x.method === 'sessions.compact').map((x) => x.params.key), [WORK]);
      assert.equal(sha(realDbPath(state)), h0, 'nothing written to the store');
    } finally {
      await gw.close();
    }
  });

  it('undo-compact of an SQLite session: sessions.rewind to the user message before the compaction', async function () {
    const { FakeGateway } = await import('../support/fakeGateway');
    const gw = await new FakeGateway({ token: TOKEN }).start();
    try {
      gw.handle('sessions.rewind', () => ({ editorText: 'the rewound prompt' }));
      const state = materializeRealState();
      assert.equal((await cli(['compact', WORK, '--yes', '--even-if-larger', '--keep-recent-tokens', '300', '--state-dir', state])).code, 0);
      const m = model(state);
      const s = m.sessions().find((x) => x.row.key === WORK)!;
      const ctx = m.ensureTranscript(s.uid)!.context!;
      const comp = ctx.compactions.at(-1)!;
      const at = ctx.path.findIndex((e) => e.id === comp.id);
      const userBefore = ctx.path.slice(0, at).filter((e) => e.kind === 'message' && e.role === 'user').at(-1)!;
      m.dispose();
      const h0 = sha(realDbPath(state));
      const r = await cli(['undo-compact', WORK, '--yes', '--state-dir', state, '--gateway', `ws://127.0.0.1:${gw.port}`, '--json'], { env: { HOME: tmpDir('occtx-cli-home-'), OPENCLAW_GATEWAY_TOKEN: TOKEN } });
      assert.equal(r.code, 0, r.err);
      assertSchema('undo-compact', r.json());
      assert.equal(r.json().status, 'undone');
      const req = gw.requests.find((x) => x.method === 'sessions.rewind')!;
      assert.deepEqual([req.params.sessionKey, req.params.entryId], [WORK, userBefore.id]);
      assert.equal(sha(realDbPath(state)), h0);
    } finally {
      await gw.close();
    }
  });
});
