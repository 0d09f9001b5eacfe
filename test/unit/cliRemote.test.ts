/**
 * The CLI with `--gateway <url>` and no local state dir (issue 7 item 4 from a terminal): status, sessions, show,
 * compact and undo-compact read a remote Gateway's sessions (the scripted Gateway answering with the real
 * 2026.9.6 payloads of test/fixtures/openclaw-real/gateway/remote.json); other commands say what works remotely.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FakeGateway } from '../support/fakeGateway';
import { assertSchema, cli } from './support/cli';
import { fixturePath, materializeSecondState, tmpDir } from './helpers';

type Json = Record<string, unknown>;
const TOKEN = 'tok-cli-remote-31c7';
const REC = JSON.parse(fs.readFileSync(fixturePath('openclaw-real', 'gateway', 'remote.json'), 'utf8')) as {
  list: { sessions: Array<Json & { key: string; totalTokens: number; contextTokens: number; updatedAt: number }> };
  history: { sessionKey: string; messages: Array<Json & { role: string; __openclaw: { id: string } }> };
};
const HKEY = REC.history.sessionKey;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('CLI against a remote Gateway (no local state dir)', function () {
  this.timeout(60_000);
  let gw: FakeGateway;
  let home: string;
  let nowhere: string;
  const run = (argv: string[], token = TOKEN) => cli([...argv, '--state-dir', nowhere, '--gateway', gw.url, '--token-env', 'OC_TEST_TOKEN'], { env: { HOME: home, OC_TEST_TOKEN: token } });

  before(async function () {
    const { FakeGateway } = await import('../support/fakeGateway');
    gw = await new FakeGateway({ token: TOKEN }).start();
    gw.handle('sessions.list', () => clone(REC.list));
    gw.handle('chat.history', (p) => (p.sessionKey === HKEY ? clone(REC.history) : { sessionKey: p.sessionKey, messages: [] }));
    home = tmpDir('occtx-cli-remote-home-');
    nowhere = path.join(tmpDir('occtx-cli-remote-'), 'no-state-here');
  });
  after(async function () {
    await gw?.close();
  });

  it('status and sessions: every remote session with the Gateway’s figures; JSON valid; the token never printed', async function () {
    const r = await run(['sessions', '--json']);
    assert.equal(r.code, 0, r.err);
    const doc = r.json();
    assertSchema('sessions', doc);
    const got = (doc.sessions as Json[]).map((s) => s.key).sort();
    assert.deepEqual(got, REC.list.sessions.map((s) => s.key).sort());
    for (const s of doc.sessions as Json[]) {
      const g = REC.list.sessions.find((x) => x.key === s.key)!;
      assert.equal(s.window, g.contextTokens);
      assert.equal(s.used, g.totalTokens, `${s.key}: the Gateway's fresh total`);
      assert.match(String(s.stateDir), /^gateway:ws:\/\/127\.0\.0\.1:\d+$/);
    }
    const st = await run(['status', HKEY, '--json', '--fail-over', '1']);
    assert.equal(st.code, 1, 'over 1%');
    assertSchema('status', st.json());
    assert.deepEqual(st.json().over, [HKEY]);
    for (const out of [r.out, r.err, st.out, st.err]) assert.ok(!out.includes(TOKEN));
    assert.equal(fs.existsSync(nowhere), false, 'nothing created where the state dir would be');
    // an existing but empty folder is not a local state dir either
    const empty = tmpDir('occtx-cli-remote-empty-');
    const e = await cli(['sessions', '--json', '--state-dir', empty, '--gateway', gw.url, '--token-env', 'OC_TEST_TOKEN'], { env: { HOME: home, OC_TEST_TOKEN: TOKEN } });
    assert.equal(e.code, 0, e.err);
    assert.deepEqual((e.json().sessions as Json[]).map((s) => s.key).sort(), got);
    assert.deepEqual(fs.readdirSync(empty), []);
  });

  it('show: the transcript comes from chat.history (the real entry ids, in order)', async function () {
    const r = await run(['show', HKEY, '--json', '--breakdown']);
    assert.equal(r.code, 0, r.err);
    const doc = r.json();
    assertSchema('show', doc);
    const visible = REC.history.messages.filter((m) => m.provider !== 'openclaw').map((m) => m.__openclaw.id);
    assert.deepEqual((doc.items as Json[]).map((i) => i.id), visible);
    assert.ok(gw.requests.some((x) => x.method === 'chat.history' && x.params.sessionKey === HKEY && x.params.maxChars === 100_000));
  });

  it('compact: a preview from the remote history, then sessions.compact; nothing written here', async function () {
    const n = gw.requests.filter((x) => x.method === 'sessions.compact').length;
    const dry = await run(['compact', HKEY, '--dry-run', '--keep-recent-tokens', '50', '--json']);
    assert.equal(dry.code, 0, dry.err);
    assertSchema('compact', dry.json());
    assert.equal(dry.json().status, 'planned', JSON.stringify(dry.json().reason));
    assert.equal(gw.requests.filter((x) => x.method === 'sessions.compact').length, n, 'a dry run sends nothing');
    const r = await run(['compact', HKEY, '--yes', '--keep-recent-tokens', '50', '--json']);
    assert.equal(r.code, 0, r.err);
    const doc = r.json();
    assertSchema('compact', doc);
    assert.equal(doc.status, 'compacted');
    assert.equal(doc.planApplied, false, 'OpenClaw compacted with its own summary');
    assert.equal((doc.written as Json).via, 'gateway');
    assert.equal((doc.written as Json).summary, '## Decisions\n- FAKE-SUMMARY');
    assert.deepEqual(gw.requests.filter((x) => x.method === 'sessions.compact').slice(n).map((x) => x.params.key), [HKEY]);
    assert.equal(fs.existsSync(nowhere), false);
  });

  it('compact where our planner would not: OpenClaw’s own compaction is offered (what it will do), then sessions.compact', async function () {
    const n = gw.requests.filter((x) => x.method === 'sessions.compact').length;
    // a kept tail larger than the whole history: our planner has nothing to summarise
    const dry = await run(['compact', HKEY, '--dry-run', '--keep-recent-tokens', '1000000', '--json']);
    assert.equal(dry.code, 0, dry.err);
    const dj = dry.json();
    assertSchema('compact', dj);
    assert.deepEqual([dj.status, dj.compactable, dj.plan, dj.shrink], ['planned', true, null, null]);
    assert.match(String(dj.reason), /fits in the kept tail/);
    const offer = dj.gatewayOffer as Json;
    assert.equal(offer.why, 'The session is on a remote OpenClaw Gateway (no local files).');
    assert.equal(offer.keepRecentTokens, null, 'a remote Gateway’s config is not known here');
    assert.equal(offer.window, REC.list.sessions.find((x) => x.key === HKEY)!.contextTokens);
    assert.match(String(dj.undo), /only through a running OpenClaw Gateway \(sessions\.rewind/);
    const human = await run(['compact', HKEY, '--dry-run', '--keep-recent-tokens', '1000000']);
    assert.match(human.out, /^Compaction of .* through the Gateway \(dry run, nothing sent\): Our planner would not compact/);
    assert.match(human.out, /summarises the older messages with its own model and keeps its own recent tail \(its configured keepRecentTokens, 20,000 unless set/);
    assert.equal(gw.requests.filter((x) => x.method === 'sessions.compact').length, n, 'a dry run sends nothing');
    const r = await run(['compact', HKEY, '--yes', '--keep-recent-tokens', '1000000', '--json']);
    assert.equal(r.code, 0, r.err);
    const doc = r.json();
    assertSchema('compact', doc);
    assert.deepEqual([doc.status, doc.plan, (doc.written as Json).via], ['compacted', null, 'gateway']);
    assert.deepEqual(gw.requests.filter((x) => x.method === 'sessions.compact').slice(n).map((x) => x.params.key), [HKEY]);
    assert.equal(fs.existsSync(nowhere), false);
  });

  it('a wrong token: exit 3 with the reason; commands that need local files say what works remotely', async function () {
    const bad = await run(['sessions', '--json'], 'wrong-token-9');
    assert.equal(bad.code, 3, bad.err);
    assert.match(bad.err, /no local OpenClaw state dir .* the Gateway at ws:\/\/127\.0\.0\.1:\d+ could not be used/);
    assert.ok(!bad.err.includes('wrong-token-9') && !bad.out.includes('wrong-token-9'));
    const cp = await run(['checkpoint', 'list']);
    assert.equal(cp.code, 3);
    assert.match(cp.err, /status, sessions, show, compact and undo-compact read a remote Gateway/);
  });

  it('doctor: with no local state dir it checks the remote Gateway the other commands read, not a missing state dir', async function () {
    const r = await run(['doctor', '--json']);
    assertSchema('doctor', r.json());
    const checks = r.json().checks as Array<{ id: string; ok: boolean; subject: string | null; message: string }>;
    assert.equal(r.code, 0, `${r.out}\n${r.err}`);
    assert.deepEqual(checks.filter((c) => !c.ok).map((c) => `${c.id}: ${c.message}`), []);
    const gwCheck = checks.find((c) => c.id === 'gateway');
    assert.equal(gwCheck?.subject, `ws://127.0.0.1:${gw.port}`);
    assert.match(String(gwCheck?.message), /reachable/);
    assert.equal(fs.existsSync(nowhere), false, 'nothing created where the state dir would be');
    const bad = await run(['doctor', '--json'], 'wrong-token-9');
    assert.equal(bad.code, 1);
    const badGw = (bad.json().checks as Array<{ id: string; ok: boolean; severity: string }>).find((c) => c.id === 'gateway');
    assert.deepEqual([badGw?.ok, badGw?.severity], [false, 'error'], 'the Gateway is all the remote mode has: a failure fails doctor');
    assert.ok(!bad.out.includes('wrong-token-9') && !bad.err.includes('wrong-token-9'));
  });
});

/** Numbers that are not integers, but for ratios (`ratio`, `summaryRatio`, `compressionRatio`, `reduction`), which must be rounded to 2 decimals. */
function nonIntegers(v: unknown, at = '$', out: string[] = []): string[] {
  const ratio = /\.(ratio|[a-z]+Ratio|reduction)$/.test(at);
  if (typeof v === 'number' && (ratio ? Math.round(v * 100) / 100 !== v : !Number.isInteger(v))) out.push(`${at}=${v}`);
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) nonIntegers(x, `${at}.${k}`, out);
  return out;
}

/**
 * The second real dataset's Gateway answers (test/fixtures/openclaw-second/gateway: sessions.list without any
 * compaction count, chat.history with every compaction marker), each chat.history answered late: status and sessions
 * wait for what they asked for, count the markers, and never show a failed session as 0.
 */
describe('CLI against a remote Gateway: the second real dataset (issue 17 item 4)', function () {
  this.timeout(60_000);
  const dir = fixturePath('openclaw-second');
  const LIST = JSON.parse(fs.readFileSync(path.join(dir, 'gateway', 'sessions-list.json'), 'utf8')) as { sessions: Array<Json & { key: string }> };
  const KEYS = JSON.parse(fs.readFileSync(path.join(dir, 'keys.json'), 'utf8')) as Record<string, string>;
  const history = (key: string) => JSON.parse(fs.readFileSync(path.join(dir, 'gateway', 'chat-history', `${key.replace(/[^A-Za-z0-9._-]/g, '_')}.json`), 'utf8')) as Json;
  const markers = (key: string) => (history(key).messages as Json[]).filter((m) => (m.__openclaw as Json | undefined)?.kind === 'compaction').length;
  /** the history's last model call or compaction is a compaction: no call since, OpenClaw's figure counts the messages only */
  const endsWithCompaction = (key: string) => (history(key).messages as Json[]).filter((m) => m.role === 'assistant' || (m.__openclaw as Json | undefined)?.kind === 'compaction').pop()?.role !== 'assistant';
  let gw: FakeGateway;
  let home: string;
  let nowhere: string;
  const run = (argv: string[]) => cli([...argv, '--state-dir', nowhere, '--gateway', gw.url, '--token-env', 'OC_TEST_TOKEN'], { env: { HOME: home, OC_TEST_TOKEN: TOKEN } });

  before(async function () {
    const { FakeGateway } = await import('../support/fakeGateway');
    gw = await new FakeGateway({ token: TOKEN }).start();
    gw.handle('sessions.list', () => clone(LIST));
    // late answers: a CLI that closes before them loses the compaction markers and the failed sessions' estimates
    gw.handle('chat.history', async (p) => {
      await new Promise((r) => setTimeout(r, 400));
      return history(String(p.sessionKey));
    });
    home = tmpDir('occtx-cli-remote2-home-');
    nowhere = path.join(tmpDir('occtx-cli-remote2-'), 'no-state-here');
  });
  after(async function () {
    await gw?.close();
  });

  it('the recorded list has no compaction count and the histories have markers (what the test relies on)', function () {
    assert.ok(LIST.sessions.every((s) => s.compactionCount === undefined));
    assert.ok(markers(KEYS.spiral!) >= 4, 'spiral: four compaction markers');
    assert.ok(markers(KEYS.auto!) >= 1, 'auto: a compaction marker');
  });

  for (const cmd of ['sessions', 'status']) {
    it(`${cmd}: waits for every chat.history it asked for; compaction counts from the markers; no failed session at 0; integers`, async function () {
      const r = await run([cmd, '--json']);
      assert.equal(r.code, 0, r.err);
      assert.doesNotMatch(r.err, /closed before the answer arrived|warning/);
      const doc = r.json();
      assertSchema(cmd, doc);
      const got = new Map((doc.sessions as Json[]).map((s) => [String(s.key), s]));
      assert.deepEqual([...got.keys()].sort(), LIST.sessions.map((s) => s.key).sort());
      for (const s of LIST.sessions) {
        const o = got.get(s.key)!;
        assert.equal(o.compactions, markers(s.key), `${s.key}: compactions`);
        assert.equal(o.window, s.contextTokens, `${s.key}: window`);
        if (s.status === 'failed' && s.totalTokens === 0) assert.ok(o.used === null || (o.estimated === true && (o.used as number) > 0), `${s.key}: failed with no figure: ${o.used}`);
        else if (endsWithCompaction(s.key)) {
          // OpenClaw's figure is the compaction's tokensAfter (messages only): the next prompt is shown, its fixed
          // overhead derived from the last counted prompt before the compaction; OpenClaw's figure beside it
          assert.equal(o.estimated, true, `${s.key}: estimated`);
          assert.ok((o.used as number) > (s.totalTokens as number), `${s.key}: the next prompt ${String(o.used)} > OpenClaw’s messages-only ${String(s.totalTokens)}`);
          if (cmd === 'status') assert.deepEqual([o.basis, o.openclawReports], ['next-prompt', s.totalTokens], s.key);
        } else assert.deepEqual([o.used, o.estimated], [s.totalTokens, false], `${s.key}: the Gateway's fresh total`);
      }
      assert.deepEqual(nonIntegers(doc), []);
    });
  }

  it('the forecast is the same from the local files and through the Gateway: growth per turn from the recorded prompts', async function () {
    const remote = await run(['status', '--json']);
    const local = await cli(['status', '--json', '--state-dir', materializeSecondState()], { env: { HOME: home } });
    assert.equal(remote.code, 0, remote.err);
    assert.equal(local.code, 0, local.err);
    const growth = (doc: Json) => new Map((doc.sessions as Json[]).map((s) => [String(s.key), s.forecast as Json]));
    const [r, l] = [growth(remote.json()), growth(local.json())];
    assert.equal(l.size, LIST.sessions.length);
    for (const [key, lf] of l) {
      const rf = r.get(key)!;
      assert.deepEqual([lf.status, lf.growthPerTurn, lf.basedOnTurns], [rf.status, rf.growthPerTurn, rf.basedOnTurns], key);
    }
    // agent:ops:auto grows ~2.6k tokens of prompt per turn (2,594 / 524 / 2,595 over its last three turns before two
    // compactions); a cold read of its compressed rows once estimated ~14 per turn
    assert.equal(l.get(KEYS.auto!)!.growthPerTurn, 1904);
    // its row says OpenClaw already flushed in this compaction cycle: the flush line is done (the Gateway's row does not say)
    const flush = (f: Json) => (f.lines as Json[]).find((x) => x.id === 'flush')!;
    assert.deepEqual([flush(l.get(KEYS.auto!)!).done, flush(l.get(KEYS.auto!)!).turns], [true, null]);
    assert.equal(flush(r.get(KEYS.auto!)!).done, false);
  });

  it('no figure and no history (a stale row, a failed-only session, chat.history failing): unknown, never 0', async function () {
    const stale = KEYS.incident!;
    const failed = KEYS.firstFail!;
    gw.handle('sessions.list', () => {
      const l = clone(LIST);
      for (const s of l.sessions) if (s.key === stale) s.totalTokensFresh = false;
      return l;
    });
    gw.handle('chat.history', (p) => {
      if (p.sessionKey === stale || p.sessionKey === failed) throw new Error('history unavailable');
      return history(String(p.sessionKey));
    });
    try {
      const r = await run(['sessions', '--json']);
      assert.equal(r.code, 0, r.err);
      assertSchema('sessions', r.json());
      const got = new Map((r.json().sessions as Json[]).map((s) => [String(s.key), s]));
      for (const k of [stale, failed]) assert.deepEqual([got.get(k)!.used, got.get(k)!.percent, got.get(k)!.compactions], [null, null, null], k);
      assert.match(r.err, /warning: chat\.history of agent:main:incident/);
      const t = await run(['sessions']);
      assert.match(t.out, new RegExp(`${stale}\\s+main\\s+sqlite\\s+unknown/49k \\(\\?%\\)\\s+unknown`));
      const st = await run(['status', stale]);
      assert.match(st.out, /\?% unknown\/49k {2}agent:main:incident {2}\(failed, not current, compactions unknown/);
    } finally {
      gw.handle('sessions.list', () => clone(LIST));
      gw.handle('chat.history', (p) => history(String(p.sessionKey)));
    }
  });

  it('a stale row (totalTokensFresh false) whose history arrives: an estimate from chat.history, marked estimated', async function () {
    const stale = KEYS.main!;
    gw.handle('sessions.list', () => {
      const l = clone(LIST);
      for (const s of l.sessions) if (s.key === stale) s.totalTokensFresh = false;
      return l;
    });
    try {
      const r = await run(['status', stale, '--json']);
      assert.equal(r.code, 0, r.err);
      const s = (r.json().sessions as Json[])[0]!;
      assert.deepEqual([s.usedSource, s.estimated], ['transcript', true]);
      assert.ok((s.used as number) > 0 && (s.percent as number) > 0, `${s.used} (${s.percent}%)`);
    } finally {
      gw.handle('sessions.list', () => clone(LIST));
    }
  });

  it('show and compact --dry-run of remote sessions: integers in the JSON', async function () {
    for (const key of [KEYS.spiral!, KEYS.incident!, KEYS.firstFail!, KEYS.auto!]) {
      for (const argv of [['show', key, '--breakdown'], ['compact', key, '--dry-run']]) {
        const r = await run([...argv, '--json']);
        assert.ok(r.code === 0 || r.code === 1, `${argv.join(' ')}: ${r.err}`);
        assert.deepEqual(nonIntegers(r.json()), [], argv.join(' '));
      }
    }
  });
});
