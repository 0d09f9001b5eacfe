/**
 * A remote Gateway's sessions (issue 7 item 4): src/core/gateway/remoteStore.ts feeding the context model, with
 * the real Gateway's payloads (test/fixtures/openclaw-real/gateway/remote.json: sessions.list, chat.history,
 * session.message and sessions.changed from OpenClaw 2026.9.6).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { ContextModel } from '../../src/core/context/model';
import { renderContextDocument } from '../../src/core/context/document';
import { CheckpointCoordinator } from '../../src/core/checkpoint/coordinator';
import { contextRoot } from '../../src/core/checkpoint/paths';
import { agentOfKey, historyEntries, isRemoteStateDir, RemoteSessionCache, remoteStateDir, rowFromGateway } from '../../src/core/gateway/remoteStore';
import type { ChatHistoryResult, SessionMessageEvent, SessionsListResult } from '../../src/core/gateway/methods';
import { memoryStateDir } from '../../src/core/memory/fsSafe';
import { HISTORY_CONCURRENCY, RemoteSessionFeed } from '../../src/core/gateway/remoteFeed';
import type { GatewayClient } from '../../src/core/gateway/client';
import { processEnv } from '../../src/core/store/config';
import { fixturePath, tmpDir } from './helpers';

interface Recorded {
  list: SessionsListResult;
  history: ChatHistoryResult;
  sessionMessages: SessionMessageEvent[];
  sessionsChanged: Array<Record<string, unknown>>;
}
const REC: Recorded = JSON.parse(fs.readFileSync(fixturePath('openclaw-real', 'gateway', 'remote.json'), 'utf8'));
const URL_ = 'ws://gw.example.net:18789';
const HKEY = REC.history.sessionKey; // agent:main:rpc
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** `prefetch`: remote histories asked for on refresh (0 here unless a test is about it: the others count the asks). */
function setup(opts: { onNeed?: (key: string) => void; prefetch?: number } = {}) {
  const asked: string[] = [];
  const cache = new RemoteSessionCache({
    url: URL_,
    onNeedHistory: (key) => {
      asked.push(key);
      opts.onNeed?.(key);
    },
  });
  const model = new ContextModel({ stateDirs: [], env: processEnv(), remoteHistoryPrefetch: opts.prefetch ?? 0 });
  model.setRemoteSources([cache]);
  return { cache, model, asked };
}

describe('remote Gateway sessions (remoteStore + model)', function () {
  it('rowFromGateway: the real rows keep key, session id, figures and window; unusable rows are dropped', function () {
    const real = REC.list.sessions;
    assert.ok(real.length >= 2);
    for (const r of real) {
      const row = rowFromGateway(r, { contextTokens: 32768 });
      assert.ok(row, `row ${r.key}`);
      assert.equal(row.key, r.key);
      assert.equal(row.sessionId, r.sessionId);
      assert.equal(row.totalTokens, r.totalTokens);
      assert.equal(row.totalTokensFresh, r.totalTokensFresh);
      assert.equal(row.contextTokens, r.contextTokens);
      assert.equal(row.updatedAt, r.updatedAt);
      assert.equal(row.model, r.model);
    }
    assert.equal(rowFromGateway({ key: 'agent:main:x' }), undefined, 'no session id');
    assert.equal(rowFromGateway({ sessionId: 's' }), undefined, 'no key');
    assert.equal(rowFromGateway({ key: 'k'.repeat(3000), sessionId: 's' }), undefined, 'a 3,000-char key');
    assert.equal(rowFromGateway({ key: 'a', sessionId: 's', totalTokens: 'lots', contextTokens: Infinity })?.totalTokens, undefined);
    assert.equal(agentOfKey('agent:ops:main'), 'ops');
    assert.equal(agentOfKey('agent:../..:x'), 'main', 'a hostile agent id is not taken from the key');
    assert.equal(agentOfKey('x', '../evil'), 'main');
  });

  it('historyEntries: the real chat.history becomes a linear pi transcript with the real entry ids', function () {
    const msgs = REC.history.messages;
    const entries = historyEntries(msgs);
    assert.equal(entries.length, msgs.length);
    entries.forEach((e, i) => {
      const m = msgs[i] as { role: string; __openclaw: { id: string } };
      assert.equal(e.id, m.__openclaw.id);
      assert.equal(e.parentId, i ? entries[i - 1]!.id : null);
      assert.equal(e.type, 'message');
      assert.equal((e.message as { role: string }).role, m.role);
      assert.equal('__openclaw' in (e.message as object), false, 'the display metadata is not part of the message');
    });
    const marker = { role: 'system', content: [{ type: 'text', text: 'Compaction' }], timestamp: 1795275700000, __openclaw: { kind: 'compaction', id: 'c-1', tokensBefore: 9835, tokensAfter: 369, seq: 7 } };
    const withMarkers = historyEntries([...msgs.slice(0, 2), marker, { role: 'user', content: 'pending', __openclaw: { id: 'pending:abc' } }, msgs[1], { role: 'system', content: 'Reset', __openclaw: { kind: 'reset', id: 'r-1' } }, 'garbage', null, 42]);
    assert.deepEqual(withMarkers.map((e) => e.type), ['message', 'message', 'compaction', 'reset'], 'pending inputs, a repeated id and garbage are left out');
    assert.equal(withMarkers[2]!.tokensBefore, 9835);
    assert.equal(withMarkers[2]!.tokensAfter, 369);
    assert.equal(withMarkers[3]!.parentId, 'c-1');
  });

  it('the model shows the remote sessions with the Gateway’s figures; nothing is writable, nothing is a path', function () {
    const { cache, model } = setup();
    cache.applyList(REC.list);
    const r = model.refresh();
    assert.ok(r.structureChanged);
    const sessions = model.sessions();
    assert.deepEqual(sessions.map((s) => s.row.key).sort(), REC.list.sessions.map((x) => x.key).sort());
    assert.equal(model.stateDirs().length, 0);
    assert.equal(model.remoteDirs().length, 1);
    assert.equal(model.remoteDirs()[0]!.candidate.dir, remoteStateDir(URL_));
    for (const s of sessions) {
      const g = REC.list.sessions.find((x) => x.key === s.row.key)!;
      assert.equal(s.remote, URL_);
      assert.ok(isRemoteStateDir(s.stateDir));
      assert.equal(s.era, 'sqlite');
      assert.equal(s.figures.window, g.contextTokens, 'the window is the Gateway row’s contextTokens');
      if (g.totalTokensFresh) assert.equal(s.figures.used, g.totalTokens, `${s.row.key}: the gauge uses the Gateway’s fresh total`);
      assert.equal(model.writeTarget(s.uid), undefined, 'a remote session has no write target');
    }
    assert.deepEqual(model.watchTargets(), { files: [], dirs: [] });
    assert.throws(() => contextRoot(sessions[0]!.stateDir), /remote OpenClaw Gateway/);
    assert.throws(() => memoryStateDir(sessions[0]!.stateDir), /remote OpenClaw Gateway/);
  });

  it('a transcript is fetched once when needed; the real history becomes the active context; session.message extends it incrementally', function () {
    const { cache, model, asked } = setup();
    cache.applyList(REC.list);
    model.refresh();
    const s0 = model.sessions().find((s) => s.row.key === HKEY)!;
    assert.ok(s0);
    const st = model.ensureTranscript(s0.uid)!;
    assert.deepEqual(asked, [HKEY], 'chat.history asked for once');
    assert.equal(st.context, undefined, 'nothing to show until the history arrives');
    model.ensureTranscript(s0.uid);
    model.refresh();
    assert.deepEqual(asked, [HKEY], 'not asked again while the request is in flight');

    // the first four messages arrive by chat.history …
    const first = { ...clone(REC.history), messages: REC.history.messages.slice(0, 4) };
    cache.applyHistory(HKEY, first);
    let r = model.refresh();
    assert.ok(r.changed.includes(s0.uid));
    let s = model.get(s0.uid)!;
    assert.deepEqual(s.context!.items.map((e) => e.id), first.messages.map((m) => (m as { __openclaw: { id: string } }).__openclaw.id));
    const rev = s.index!.revision;
    // … the rest by session.message (the real events; the toolResult is not among them: the history has it)
    const later = REC.sessionMessages.filter((e) => e.sessionKey === HKEY && !first.messages.some((m) => (m as { __openclaw: { id: string } }).__openclaw.id === e.message.__openclaw?.id));
    assert.ok(later.length >= 2, 'the recorded session.message events hold later messages');
    for (const e of later) assert.equal(cache.applyMessage(e), true);
    assert.equal(cache.applyMessage(later[0]!), false, 'a message known already is not appended twice');
    r = model.refresh();
    assert.ok(r.changed.includes(s0.uid));
    s = model.get(s0.uid)!;
    assert.equal(s.index!.revision, rev + 1, 'applied as one incremental delta, not a rebuild from scratch');
    assert.deepEqual(s.context!.path.slice(-later.length).map((e) => e.id), later.map((e) => e.message.__openclaw!.id));
    // the chat.inject row (provider "openclaw") is on the path but not sent to the model
    const injected = later.find((e) => (e.message as { provider?: string }).provider === 'openclaw');
    if (injected) assert.equal(s.context!.items.some((e) => e.id === injected.message.__openclaw!.id), false);
    // the full history again (a run ended): a new generation replaces what session.message built
    cache.applyHistory(HKEY, clone(REC.history));
    model.refresh();
    s = model.get(s0.uid)!;
    assert.deepEqual(s.context!.path.map((e) => e.id), REC.history.messages.map((m) => (m as { __openclaw: { id: string } }).__openclaw.id));
    // the context document renders the remote transcript and says where it comes from
    const doc = renderContextDocument(s, model.loadEntries(s.uid, s.context!.items));
    assert.match(doc, /remote Gateway ws:\/\/gw\.example\.net:18789/);
    assert.ok(doc.includes('RPC session turn one'), 'the user text is in the document');
    assert.ok(model.breakdown(s.uid).length > 0);
  });

  it('compaction counts come from chat.history: the most recent sessions without a count get their history asked for on refresh, a few at a time; until it arrives the count is unknown', async function () {
    const { cache, model, asked } = setup({ prefetch: 2 });
    const rows = clone(REC.list);
    for (const r of rows.sessions as Array<Record<string, unknown>>) delete r.compactionCount;
    cache.applyList(rows);
    model.refresh();
    const recent = model.sessions().sort((a, b) => b.lastActivity - a.lastActivity);
    assert.ok(recent.length >= 3, 'the recorded list has three sessions or more');
    assert.deepEqual(new Set(asked), new Set(recent.slice(0, 2).map((s) => s.row.key)), 'the two most recent, once each');
    model.refresh();
    assert.equal(asked.length, 2, 'not asked again while in flight');
    for (const s of model.sessions()) assert.equal(s.figures.compactionsKnown, false, `${s.row.key}: no count before its history`);
    // a history with a compaction marker: one compaction, known
    const h = clone(REC.history);
    const marker = { role: 'system', content: [{ type: 'text', text: 'Compacted' }], __openclaw: { id: 'cmp-1', kind: 'compaction' } };
    h.messages = [...h.messages.slice(0, 2), marker, ...h.messages.slice(2)];
    cache.applyHistory(HKEY, h);
    model.refresh();
    const s = model.sessions().find((x) => x.row.key === HKEY)!;
    assert.equal(s.figures.compactionsKnown, true);
    assert.ok(s.figures.compactions >= 1, 'the marker counts');
    assert.equal(s.figures.compactions, s.context!.compactions.length);
  });

  it(`the feed runs at most ${HISTORY_CONCURRENCY} chat.history requests at once and runs the rest as they end`, async function () {
    let running = 0;
    let most = 0;
    const ends: Array<() => void> = [];
    const client = {
      state: 'connected',
      chatHistory: () => {
        running++;
        most = Math.max(most, running);
        return new Promise((r) => ends.push(() => { running--; r({ sessionKey: HKEY, messages: [] }); }));
      },
    };
    const feed = new RemoteSessionFeed({ url: URL_, client: () => client as unknown as GatewayClient });
    feed.source();
    const keys = Array.from({ length: 10 }, (_, i) => `agent:main:s${i}`);
    const done = Promise.all(keys.map((k) => feed.fetchHistory(k)));
    const tick = () => new Promise((r) => setImmediate(r));
    await tick();
    assert.equal(running, HISTORY_CONCURRENCY);
    while (ends.length) {
      ends.shift()!();
      await tick();
      await tick();
    }
    await done;
    assert.equal(most, HISTORY_CONCURRENCY);
    assert.equal(running, 0);
  });

  it('sessions.changed rows update the gauge; a new session id drops the held history; a vanished session leaves the model', function () {
    const { cache, model, asked } = setup();
    cache.applyList(REC.list);
    model.refresh();
    const uid = model.sessions().find((s) => s.row.key === HKEY)!.uid;
    model.ensureTranscript(uid);
    cache.applyHistory(HKEY, clone(REC.history));
    model.refresh();
    assert.ok(model.get(uid)!.context!.items.length > 0);
    // a real sessions.changed row (an earlier state of the same session): the gauge follows it
    const ev = REC.sessionsChanged.find((e) => e.sessionKey === HKEY && e.session && typeof (e.session as { totalTokens?: unknown }).totalTokens === 'number');
    const row = { ...(clone(ev?.session ?? REC.list.sessions.find((x) => x.key === HKEY)!) as Record<string, unknown>), totalTokens: 12345, totalTokensFresh: true };
    assert.equal(cache.applyRow(row), true);
    let r = model.refresh();
    assert.ok(r.changed.includes(uid));
    assert.equal(model.get(uid)!.figures.used >= 12345, true);
    assert.equal(model.get(uid)!.figures.used - 12345 < 2000, true, 'the row’s figure (plus at most what came after it)');
    // a rewind: new transcript generation with a new session id
    assert.equal(cache.applyRow({ ...row, sessionId: 'new-generation' }), true);
    assert.equal(cache.hasHistory(HKEY), false, 'the old generation’s history is dropped');
    model.refresh();
    model.ensureTranscript(uid);
    assert.equal(asked.filter((k) => k === HKEY).length, 2, 'asked again for the new generation');
    // the list without that session
    cache.applyList({ ...clone(REC.list), sessions: REC.list.sessions.filter((x) => x.key !== HKEY) });
    r = model.refresh();
    assert.ok(r.structureChanged);
    assert.equal(model.get(uid), undefined);
    // the source removed (the connection closed): every remote session leaves
    model.setRemoteSources([]);
    model.refresh();
    assert.equal(model.sessions().length, 0);
    assert.equal(model.remoteDirs().length, 0);
  });

  it('hostile payloads: garbage lists, rows, histories and events change nothing and never throw', function () {
    const { cache, model } = setup();
    cache.applyList(REC.list);
    model.refresh();
    const before = model.sessions().map((s) => s.uid).sort();
    for (const bad of [undefined, null, {}, { sessions: 'x' }, { sessions: null }] as unknown[]) cache.applyList(bad as SessionsListResult);
    cache.applyList({ count: 3, sessions: [null, 42, 'x', { key: 5, sessionId: {} }, { key: 'agent:main:ok', sessionId: 'sid', totalTokens: -1 }] as unknown as SessionsListResult['sessions'] });
    model.refresh();
    assert.deepEqual(model.sessions().map((s) => s.row.key), ['agent:main:ok'], 'a list replaces the rows: only the usable one');
    cache.applyList(REC.list);
    model.refresh();
    assert.deepEqual(model.sessions().map((s) => s.uid).sort(), before);
    assert.equal(cache.applyRow(undefined), false);
    assert.equal(cache.applyRow({ nonsense: true }), false);
    assert.equal(cache.applyMessage({} as SessionMessageEvent), false);
    assert.equal(cache.applyMessage({ sessionKey: HKEY, message: null } as unknown as SessionMessageEvent), false);
    const uid = model.sessions().find((s) => s.row.key === HKEY)!.uid;
    model.ensureTranscript(uid);
    cache.applyHistory(HKEY, { sessionKey: HKEY, messages: 'nope' } as unknown as ChatHistoryResult);
    cache.applyHistory(HKEY, { sessionKey: HKEY, messages: [null, 1, { role: 'user' }, { role: 'user', content: 'x'.repeat(2_000_000), __openclaw: { id: 'big' } }] } as unknown as ChatHistoryResult);
    assert.doesNotThrow(() => model.refresh());
    const s = model.get(uid)!;
    assert.deepEqual(s.context!.items.map((e) => e.id), ['big'], 'messages without an id are left out; a huge one is kept as one entry');
  });

  it('our own files are never written for a remote session: no checkpoint, and no path under the current directory', function () {
    const { cache, model } = setup();
    cache.applyList(REC.list);
    model.refresh();
    const cwd = process.cwd();
    const dir = tmpDir();
    try {
      process.chdir(dir);
      const coord = new CheckpointCoordinator(model, { auto: true });
      const s = model.sessions()[0]!;
      const ev = coord.createManual(s.uid);
      assert.equal(ev.kind, 'skipped');
      assert.match((ev as { reason: string }).reason, /remote OpenClaw Gateway/);
      cache.applyRow({ ...(clone(REC.list.sessions[0]) as Record<string, unknown>), updatedAt: Date.now() + 1000, totalTokens: 31000 });
      const r = model.refresh();
      const events = coord.onRefresh(r);
      assert.ok(r.changed.length > 0, 'the session did change');
      assert.deepEqual(events.filter((e) => e.kind === 'written' || e.kind === 'error'), [], 'no automatic checkpoint attempted');
      assert.deepEqual(fs.readdirSync(dir), [], 'nothing written under the current directory');
    } finally {
      process.chdir(cwd);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
