// Interop scenario 12 (test/interop/README.md), on the shared fixture (../fixture.mjs) as the earlier scenarios left it.
// Test 12: the extension's remote-Gateway path (no local state dir): RemoteSessionCache + ContextModel.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { sleep, waitFor } from '../../support/process.mjs';
import { assertClientLogsClean, clientTurn, ctxMessages, DB, dbInventory, endGatewayTest, eq, findUser, FS_PROBES, FS_TOUCHED, gatewayClientModules, GW_URL, gwClient, histId, idList, isSubsequence, log, MARKER, MSG_ROLES, noFs, NOTE, openclaw, R_NOTES, R_NOTES_TEXT, readOurs, remoteModules, RKEY, roles, RT, shared, sharedGateway, textOf, TMP, turn, WS } from '../fixture.mjs';


/**
 * The gauge right after a compaction with no model call since, its overhead derived from a counted prompt: the next
 * prompt (usedSource 'next-prompt'), never below the overhead, with OpenClaw's messages-only figure beside it.
 * Asserts that shape and returns true; false when the session is not in that case.
 */
function postCompactionNextPrompt(s, totalTokens) {
  const f = s.figures;
  if (f.usedSource !== 'next-prompt') return false;
  assert(s.context && (s.context.compaction || s.context.reset) && f.calibrated && f.calibrated.lastUsageIndex === null, `${s.row.key}: a next-prompt figure without a compaction and no call since`);
  assert(f.overhead > 0 && f.used >= f.overhead && f.used > totalTokens, `${s.row.key}: next prompt ${f.used}, overhead ${f.overhead}, OpenClaw's ${totalTokens}`);
  eq(f.openclawReports, totalTokens, `${s.row.key}: OpenClaw's figure beside the next prompt`);
  return true;
}

it('12. remote Gateway sessions: RemoteSessionCache + ContextModel fed only by the real Gateway (sessions.subscribe, chat.history, session.message, sessions.changed), no local files read', async function () {
  assert(shared.ready, 'setup failed');
  const G = gatewayClientModules();
  const R = remoteModules();
  const gw = await sharedGateway();
  FS_TOUCHED.length = 0;
  try {
    const c = gwClient(G, { device: false });
    await c.connect();
    const inv0 = dbInventory();

    // The model has no state dir at all; its only source is the cache. The env's exists() records any probe.
    const envProbes = [];
    const env = { vars: {}, homedir: path.join(TMP, 'no-home'), exists: (p) => (envProbes.push(p), false) };
    const diags = [];
    const histErrors = [];
    const needed = [];
    const inflight = new Set();
    const hold = (set, p) => {
      set.add(p);
      p.finally(() => set.delete(p));
    };
    const settle = async (set) => {
      while (set.size) await Promise.allSettled([...set]);
    };
    // A: wired as the brief of this test says: onNeedHistory → chat.history → applyHistory; session.message →
    // applyMessage; sessions.changed → applyRow; chat.history again only where the test says so.
    const cache = new R.RemoteSessionCache({
      url: GW_URL,
      onNeedHistory: (key) => {
        needed.push(key);
        hold(inflight, c.chatHistory({ sessionKey: key, limit: R.HISTORY_LIMIT }).then((r) => cache.applyHistory(key, r), (e) => (histErrors.push(`A ${key}: ${e.message}`), cache.historyFailed(key))));
      },
    });
    const model = new R.ContextModel({ stateDirs: [], env, diag: (d) => diags.push(d) });
    model.setRemoteSources([cache]);
    const refresh = () => noFs(() => model.refresh());
    // B: the same cache + model, driven by GatewayController's rules (src/vscode/gateway/gateway.ts onSessionsChanged,
    // onSessionMessage, fetchHistory): a held history is fetched again on compact / reset / phase 'end' (or any
    // change of a session whose messages are not subscribed), and when a session.message cannot be appended.
    const B = { fetches: 0, lists: 0, subscribed: new Set(), state: new Map(), inflight: new Set() };
    B.cache = new R.RemoteSessionCache({ url: GW_URL, onNeedHistory: (key) => simFetch(key) });
    B.model = new R.ContextModel({ stateDirs: [], env, diag: (d) => diags.push(d) });
    B.model.setRemoteSources([B.cache]);
    function simFetch(key) {
      let st = B.state.get(key);
      if (!st) B.state.set(key, (st = { running: false, again: false }));
      if (st.running) {
        st.again = true;
        return;
      }
      st.running = true;
      hold(B.inflight, (async () => {
        try {
          do {
            st.again = false;
            const r = await c.chatHistory({ sessionKey: key, limit: R.HISTORY_LIMIT });
            B.fetches++;
            if (!st.again) B.cache.applyHistory(key, r);
          } while (st.again);
        } catch (e) {
          histErrors.push(`B ${key}: ${e.message}`);
          B.cache.historyFailed(key);
        } finally {
          st.running = false;
        }
      })());
    }
    const simChanged = (e) => {
      if (!e) return;
      if (!e.session || !B.cache.applyRow(e.session, e.agentId)) {
        B.lists++;
        hold(B.inflight, c.sessionsList({ limit: 200 }).then((r) => B.cache.applyList(r), () => undefined));
      }
      const key = typeof e.sessionKey === 'string' ? e.sessionKey : undefined;
      if (key && B.cache.hasHistory(key) && (e.compacted || e.reason === 'compact' || e.reason === 'reset' || e.phase === 'end' || !B.subscribed.has(key))) simFetch(key);
    };
    const simMessage = (e) => {
      const row = e && typeof e.session === 'object' && e.session ? e.session : undefined;
      if (row) B.cache.applyRow(row, e.agentId);
      if (!B.cache.applyMessage(e) && typeof e?.sessionKey === 'string' && B.cache.hasHistory(e.sessionKey)) simFetch(e.sessionKey);
    };
    const refreshB = () => noFs(() => B.model.refresh());

    // ---- 1. sessions.subscribe → applyList → refresh: every listed session is a remote model session;
    // gauge.ts computeGauge: a fresh row total is used as is (usedSource 'session') plus `pending` (context
    // entries after the last usage that are newer than the row); for a remote session never replaced by an estimate.
    const sub = await c.sessionsSubscribe({ limit: 200 });
    assert(sub.subscribed === true && sub.list && Array.isArray(sub.list.sessions), `sessions.subscribe: ${JSON.stringify(sub).slice(0, 200)}`);
    cache.applyList(sub.list);
    B.cache.applyList(sub.list);
    refresh();
    await settle(inflight);
    refresh();
    eq(model.stateDirs().length, 0, 'local state dirs of the model');
    eq(model.remoteDirs().map((d) => d.candidate.dir), [cache.stateDir], "the model's remote dirs");
    assert(R.isRemoteStateDir(cache.stateDir) && cache.stateDir === `gateway:${GW_URL}`, `the cache's state dir: ${cache.stateDir}`);
    let freshChecked = 0;
    const checkList = (list, label) => {
      eq(model.sessions().map((s) => s.row.key).sort(), list.sessions.map((r) => r.key).sort(), `${label}: the model's sessions = the Gateway's list`);
      const lines = [];
      for (const r of list.sessions) {
        const s = model.findByKey(r.key);
        assert(s.remote === cache.url && s.stateDir === cache.stateDir, `${label}: ${r.key}: remote ${s.remote}, stateDir ${s.stateDir}`);
        eq(s.row.sessionId, r.sessionId, `${label}: ${r.key}: session id`);
        assert(model.writeTarget(s.uid) === undefined, `${label}: ${r.key}: a remote session has a write target`);
        if (r.totalTokensFresh === true && typeof r.totalTokens === 'number') {
          freshChecked++;
          if (!postCompactionNextPrompt(s, r.totalTokens)) eq([s.figures.usedSource, s.figures.used], ['session', r.totalTokens + s.figures.pending], `${label}: ${r.key}: gauge (source, used) = ('session', the row's fresh totalTokens + pending)`);
          if (!s.context) eq(s.figures.pending, 0, `${label}: ${r.key}: pending without a transcript`);
        }
        lines.push(`${r.key}: row ${r.totalTokens ?? '-'} tokens (fresh ${r.totalTokensFresh}) → gauge ${s.figures.used}${s.figures.pending ? ` (+${s.figures.pending} pending)` : ''} ${s.figures.usedSource}, ${s.figures.percent}% of ${s.figures.window}${s.context ? `, ${s.context.items.length} context items` : ''}`);
      }
      log(`${label}: ${list.sessions.length} session(s) listed, all in the model as remote sessions of ${cache.stateDir}${lines.length ? `:\n      ${lines.join('\n      ')}` : ''}`);
    };
    checkList(sub.list, '1. sessions.subscribe');
    const stale = sub.list.sessions.filter((r) => r.totalTokensFresh !== true || typeof r.totalTokens !== 'number').map((r) => r.key);
    for (const k of stale) assert(needed.includes(k), `${k} has no fresh total, but the model did not ask for its chat.history`);
    log(`the model asked for chat.history of ${needed.length} session(s) on its own (${needed.join(', ') || 'none'}; rows without a fresh total: ${stale.join(', ') || 'none'})`);

    // ---- 2. two turns on RKEY through chat.send, session.message appended to the held history
    fs.writeFileSync(path.join(WS, R_NOTES), R_NOTES_TEXT);
    let turnNo = 0;
    const msgEv = [];
    const changedEv = [];
    const dm = c.onSessionMessage((e) => {
      if (!e || e.sessionKey !== RKEY) return;
      const applied = cache.applyMessage(e);
      const m = e.message ?? {};
      msgEv.push({ t: performance.now(), turn: turnNo, role: m.role, id: histId(m), applied, withRow: !!e.session });
      simMessage(e);
    });
    const dc = c.onSessionsChanged((e) => {
      if (e && e.session) cache.applyRow(e.session, e.agentId);
      if (e && e.sessionKey === RKEY) changedEv.push({ t: performance.now(), turn: turnNo, what: e.reason ?? e.phase, compacted: e.compacted, e });
      simChanged(e);
    });
    let early;
    try {
      await c.sessionsMessagesSubscribe({ key: RKEY });
      early = true;
    } catch (e) {
      early = `${e.kind}: ${e.message}`;
    }
    log(`sessions.messages.subscribe ${RKEY} before the session exists: ${early === true ? 'accepted' : `refused (${early}); subscribing after turn 1`}`);
    if (early === true) B.subscribed.add(RKEY);

    turnNo = 1;
    const tu1 = await clientTurn(c, RKEY, RT.t1);
    if (early !== true) {
      await c.sessionsMessagesSubscribe({ key: RKEY });
      B.subscribed.add(RKEY);
    }
    // the refresh asks for a new remote session's history on its own (its row has no compaction count: the
    // compaction markers are in chat.history), else ensureTranscript does: once either way
    const needBefore = needed.filter((k) => k === RKEY).length;
    refresh();
    let s = model.findByKey(RKEY);
    assert(s && s.remote === cache.url, `after turn 1 the model has no remote session ${RKEY} (sessions.changed → applyRow)`);
    noFs(() => model.ensureTranscript(s.uid));
    assert(needed.filter((k) => k === RKEY).length === needBefore + 1 || cache.hasHistory(RKEY), `neither the refresh nor ensureTranscript(${RKEY}) asked for its chat.history exactly once`);
    await settle(inflight);
    refresh();
    s = model.findByKey(RKEY);
    assert(s.context && s.index, `after chat.history the model has no transcript for ${RKEY}`);
    const db1 = readOurs(RKEY);
    const dbm1 = ctxMessages(db1.ctx.items);
    eq(idList(ctxMessages(s.context.items)), idList(dbm1), 'after turn 1: our context message ids = the DB active context message ids');
    refreshB();
    noFs(() => B.model.ensureTranscript(B.model.findByKey(RKEY).uid));
    await settle(B.inflight);
    refreshB();
    log(`turn 1 (${tu1.ms} ms, user message ${RT.t1.length} chars): ensureTranscript → chat.history → refresh: context ${roles(dbm1)} = the DB's; session.message events during turn 1 (no history held yet): ${roles(msgEv.filter((m) => m.turn === 1))}, appended ${msgEv.filter((m) => m.turn === 1 && m.applied).length}`);

    turnNo = 2;
    const tu2 = await clientTurn(c, RKEY, RT.t2);
    await sleep(500);
    refresh();
    s = model.findByKey(RKEY);
    const incr = ctxMessages(s.context.items);
    const db2 = readOurs(RKEY);
    const dbm2 = ctxMessages(db2.ctx.items);
    const turn2Db = dbm2.filter((m) => !dbm1.some((x) => x.id === m.id));
    const ev2 = msgEv.filter((m) => m.turn === 2);
    const app2 = ev2.filter((m) => m.applied);
    assert(ev2.length > 0, 'no session.message event for turn 2');
    assert(app2.length > 0, `no session.message of turn 2 was appended to the held history (${ev2.length} events: ${roles(ev2)})`);
    for (const m of app2) assert(incr.some((x) => x.id === m.id), `session.message ${m.role} ${m.id} was appended but is not in our context`);
    assert(isSubsequence(idList(incr), idList(dbm2)), `our context after the appends is not in the DB's order: ours ${roles(incr)}, DB ${roles(dbm2)}`);
    const notAsEvent = turn2Db.filter((m) => !ev2.some((x) => x.id === m.id));
    const evOffPath = ev2.filter((x) => !turn2Db.some((m) => m.id === x.id));
    log(
      `turn 2 (${tu2.ms} ms, #read ${R_NOTES}): the DB's new context messages ${roles(turn2Db)}; session.message events ${ev2.length} (${roles(ev2)}), appended ${app2.length}; ` +
        `not sent as session.message: ${roles(notAsEvent)}${evOffPath.length ? `; events not in the DB's new context messages: ${evOffPath.map((x) => `${x.role} ${x.id}`).join(', ')}` : ''}; ` +
        `our context from session.message alone: ${roles(incr)} vs the DB's ${roles(dbm2)}`,
    );
    // the run-end chat.history (GatewayController fetches it at sessions.changed phase 'end')
    const h2 = await c.chatHistory({ sessionKey: RKEY, limit: R.HISTORY_LIMIT });
    cache.applyHistory(RKEY, h2);
    refresh();
    s = model.findByKey(RKEY);
    eq(idList(ctxMessages(s.context.items)), idList(dbm2), 'after turn 2 + chat.history: our context message ids = the DB active context message ids, in order');
    const hIds2 = h2.messages.map(histId);
    const dbPath2 = ctxMessages(db2.ctx.path);
    log(`chat.history after turn 2: ${h2.messages.length} messages (${h2.messages.map((m) => m.role).join(',')}), hasMore ${h2.hasMore}; keys {${Object.keys(h2).join(', ')}}; DB path messages ${dbPath2.length}, all in chat.history: ${dbPath2.every((m) => hIds2.includes(m.id))}, same order: ${isSubsequence(idList(dbPath2), hIds2)}; entries not on the DB path: ${hIds2.filter((id) => !db2.ctx.path.some((e) => e.id === id)).length}`);
    await settle(B.inflight);
    refreshB();
    eq(idList(ctxMessages(B.model.findByKey(RKEY).context.items)), idList(dbm2), "after turn 2, GatewayController's rules (session.message + chat.history at phase 'end'): context message ids = the DB's");
    log(`GatewayController's rules: ${B.fetches} chat.history fetch(es) and ${B.lists} sessions.list so far; context after turn 2 = the DB's`);

    // maxChars: chat.history cuts texts at 8,000 characters unless maxChars (≤ 500,000) says otherwise
    const longOnes = [
      ['turn 1 user message', findUser(db2, 'Remote turn 1').id],
      ['turn 2 toolResult', turn2Db.find((m) => m.role === 'toolResult')?.id],
    ];
    let hBig;
    try {
      hBig = await c.chatHistory({ sessionKey: RKEY, limit: R.HISTORY_LIMIT, maxChars: 100000 });
    } catch (e) {
      hBig = e;
    }
    assert(!(hBig instanceof Error), `chat.history with maxChars 100000 was refused: ${hBig && hBig.message}`);
    for (const [what, id] of longOnes) {
      assert(id, `no ${what} in the DB`);
      const dbText = textOf(db2.full.get(id).message.content);
      const dflt = textOf(h2.messages.find((m) => histId(m) === id)?.content);
      const big = textOf(hBig.messages.find((m) => histId(m) === id)?.content);
      assert(dbText.length > 8000, `the ${what} has ${dbText.length} characters; the maxChars check needs more than 8,000`);
      eq(big, dbText, `${what}: chat.history with maxChars 100000 = the stored text`);
      const cut = dflt !== dbText;
      if (cut) assert(dbText.startsWith(dflt.replace(/\n\.\.\.\(truncated\)\.\.\.$/, '')), `${what}: the default chat.history text is not a prefix of the stored text`);
      log(`${what}: stored ${dbText.length} chars; chat.history default ${dflt.length} chars${cut ? ` (cut, ends ${JSON.stringify(dflt.slice(-20))})` : ' (whole)'}; with maxChars 100000: ${big.length} chars (whole)`);
    }
    log(`chat.history payload: ${JSON.stringify(h2).length} bytes by default, ${JSON.stringify(hBig).length} with maxChars 100000`);

    // step 1 again, now that the list holds a session with turns: a fresh sessions.list → applyList → refresh
    const list2 = await c.sessionsList({ limit: 200 });
    cache.applyList(list2);
    refresh();
    checkList(list2, '2. sessions.list after the turns');
    assert(freshChecked > 0, 'no listed session had a fresh totalTokens, so the gauge rule was never checked');
    eq(model.mostRecent()?.row.key, RKEY, 'the most recent session (the gauge shows it) after the turns');

    // ---- 3. sessions.compact, then chat.history again (GatewayController: sessions.changed compact → fetch)
    const v0 = readOurs(RKEY);
    const nEv = changedEv.length;
    const bFetches0 = B.fetches;
    const tc = performance.now();
    const comp = await c.sessionsCompact({ key: RKEY });
    assert(comp.ok && comp.compacted && comp.result, `sessions.compact did not compact: ${JSON.stringify(comp).slice(0, 300)}`);
    const ce = await waitFor('sessions.changed reason compact', () => changedEv.slice(nEv).find((x) => x.what === 'compact' || x.compacted), 15_000, 20);
    const v1 = readOurs(RKEY);
    const dbComp = v1.ctx.compaction;
    assert(dbComp && (!v0.ctx.compaction || v0.ctx.compaction.id !== dbComp.id), 'the DB shows no new compaction on the active path');
    const dbCompFull = v1.full.get(dbComp.id);
    const h3 = await c.chatHistory({ sessionKey: RKEY, limit: R.HISTORY_LIMIT });
    const mi = h3.messages.findIndex((m) => m.__openclaw && m.__openclaw.kind === 'compaction');
    assert(mi >= 0, `chat.history after sessions.compact shows no compaction marker: ${h3.messages.map((m) => `${m.role}/${m.__openclaw && m.__openclaw.kind}`).join(',')}`);
    const marker = h3.messages[mi];
    const short = (m) => JSON.stringify(m, (k, v) => (typeof v === 'string' && v.length > 160 ? `${v.slice(0, 160)}…(${v.length})` : v));
    log(`sessions.compact ${Math.round(performance.now() - tc)} ms: result tokens ${comp.result.tokensBefore} → ${comp.result.tokensAfter ?? '(none)'}, firstKeptEntryId ${comp.result.firstKeptEntryId}; DB: compaction ${dbComp.id} ${dbCompFull.tokensBefore} → ${dbCompFull.tokensAfter}, firstKeptEntryId ${dbCompFull.firstKeptEntryId}`);
    log(`sessions.changed compact event: ${Object.keys(ce.e).length} keys (${Object.keys(ce.e).filter((k) => /compact|kept|token/i.test(k)).join(', ')} among them)${ce.e.session ? `; its row: compactionCount ${ce.e.session.compactionCount}, totalTokens ${ce.e.session.totalTokens} (fresh ${ce.e.session.totalTokensFresh})` : ''}`);
    log(`chat.history after the compaction: ${h3.messages.length} messages: ${h3.messages.map((m, i) => (i === mi ? '[MARKER]' : m.role)).join(',')}`);
    log(`the marker (message ${mi}): ${short(marker)}`);
    const pre = ctxMessages(v0.ctx.items);
    const hIds3 = h3.messages.map(histId);
    const preShown = pre.filter((m) => hIds3.includes(m.id));
    const preBefore = preShown.filter((m) => hIds3.indexOf(m.id) < mi);
    const fk = dbCompFull.firstKeptEntryId;
    const where = [
      ['chat.history', JSON.stringify(h3)],
      ['the sessions.changed compact event', JSON.stringify(ce.e)],
      ['sessions.compact result', JSON.stringify(comp)],
    ].filter(([, j]) => fk && j.includes(fk)).map(([w]) => w);
    log(`pre-compaction context messages (${pre.length}: ${roles(pre)}): in chat.history ${preShown.length}, before the marker ${preBefore.length}, after it ${preShown.length - preBefore.length}; firstKeptEntryId ${fk} (${v1.full.get(fk)?.type}${v1.full.get(fk)?.message ? `/${v1.full.get(fk).message.role}` : ''}) appears in: ${where.join(', ') || 'nothing the Gateway sent except the sessions.compact result'}`);
    eq(histId(marker), dbComp.id, "the marker's __openclaw.id = the DB compaction entry id");

    cache.applyHistory(RKEY, h3);
    refresh();
    s = model.findByKey(RKEY);
    // chat.history carries no firstKeptEntryId (and does not list the `custom` row it usually names): what OpenClaw
    // keeps verbatim is among the messages before the marker, indistinguishable from the summarised ones. So our
    // context after a Gateway compaction is the marker + the messages chat.history lists after it; the DB's kept
    // tail is expected only as far as chat.history shows it after the marker, and the rest is reported.
    const checkCompacted = (ctx, v, hist, label) => {
      assert(ctx && ctx.compaction, `${label}: our context has no compaction`);
      eq(ctx.compaction.id, v.ctx.compaction.id, `${label}: our compaction entry = the DB's`);
      eq(ctx.compaction.tokensBefore, v.full.get(v.ctx.compaction.id).tokensBefore, `${label}: our compaction's tokensBefore = the DB compaction row's`);
      const pos = new Map(hist.messages.map((m, i) => [histId(m), i]));
      const at = pos.get(v.ctx.compaction.id);
      assert(at !== undefined, `${label}: chat.history has no marker for the DB's compaction ${v.ctx.compaction.id}`);
      const kept = ctxMessages(v.ctx.items.slice(1, v.ctx.usageFrom));
      const after = ctxMessages(v.ctx.items.slice(v.ctx.usageFrom));
      const keptAfter = kept.filter((m) => pos.get(m.id) > at);
      const keptBefore = kept.filter((m) => pos.get(m.id) < at);
      const ours = ctxMessages(ctx.items.slice(1));
      log(`${label}: DB context = compaction + kept tail ${roles(kept)} + after ${roles(after)}; ours = compaction (tokensBefore ${ctx.compaction.tokensBefore}) + ${roles(ours)}; kept tail in chat.history: ${keptBefore.length} before the marker, ${keptAfter.length} after it, ${kept.length - keptBefore.length - keptAfter.length} not at all`);
      eq(idList(ours), idList([...keptAfter, ...after]), `${label}: our messages after the compaction = the DB's kept tail as far as chat.history shows it after the marker + the DB's messages after the compaction, in order`);
      if (keptBefore.length) log(`NOTE ${label}: our context lacks the kept tail (${roles(keptBefore)}: ${idList(keptBefore).join(', ')}), which OpenClaw still sends to the model; chat.history lists it before the marker, with the summarised messages`);
    };
    checkCompacted(s.context, v1, h3, 'after sessions.compact + chat.history');
    const rowC = cache.rowOf(RKEY);
    // no model call since the compaction: OpenClaw's figure is its tokensAfter (messages only); with a counted prompt
    // before it, the fixed overhead is derived from that prompt and the gauge shows the next prompt (figures.ts)
    if (rowC.totalTokensFresh === true && !postCompactionNextPrompt(s, rowC.totalTokens)) eq([s.figures.usedSource, s.figures.used], ['session', rowC.totalTokens + s.figures.pending], "the gauge after the compaction: the row's fresh totalTokens + pending");
    log(`gauge after the compaction: ${s.figures.used} tokens (${s.figures.usedSource}; the row from sessions.changed: ${rowC.totalTokens}, fresh ${rowC.totalTokensFresh}, compactionCount ${rowC.compactionCount}), ${s.figures.compactions} compaction(s) shown`);
    await settle(B.inflight);
    refreshB();
    assert(B.fetches > bFetches0, "GatewayController's rules fetched no chat.history after the compaction");
    checkCompacted(B.model.findByKey(RKEY).context, v1, h3, "GatewayController's rules after the compaction");

    turnNo = 3;
    const tu3 = await clientTurn(c, RKEY, RT.t3);
    await sleep(500);
    const h4 = await c.chatHistory({ sessionKey: RKEY, limit: R.HISTORY_LIMIT });
    cache.applyHistory(RKEY, h4);
    refresh();
    const v2 = readOurs(RKEY);
    checkCompacted(model.findByKey(RKEY).context, v2, h4, `turn 3 after the compaction (${tu3.ms} ms) + chat.history`);
    await settle(B.inflight);
    refreshB();
    checkCompacted(B.model.findByKey(RKEY).context, v2, h4, "GatewayController's rules after turn 3");
    const ev3 = msgEv.filter((m) => m.turn === 3);
    log(`turn 3: session.message ${roles(ev3)} (${ev3.filter((m) => m.applied).length} appended); GatewayController's rules: ${B.fetches} chat.history fetch(es), ${B.lists} sessions.list in all`);
    const evAll = msgEv.length;
    const byRole = MSG_ROLES.map((r) => `${r} ${msgEv.filter((m) => m.role === r).length}`).join(', ');
    log(`session.message events for ${RKEY}: ${evAll} (${byRole}; other roles: ${msgEv.filter((m) => !MSG_ROLES.includes(m.role)).map((m) => m.role).join(',') || 'none'}), ${msgEv.filter((m) => m.applied).length} appended, ${msgEv.filter((m) => m.withRow).length} carried the session row`);
    dm.dispose();
    dc.dispose();

    // ---- 4. nothing written by us, no local file touched, no secret in the logs
    const inv1 = dbInventory();
    eq(inv1.ours, inv0.ours, 'rows of ours (customType openclaw-context.*) in the DB: none added');
    assert(!inv1.ours.some((x) => x.startsWith(`${v2.row.sessionId}#`)), `rows of ours in ${RKEY}: ${inv1.ours.join(', ')}`);
    const changedSessions = Object.keys(inv1.sessions).filter((sid) => inv0.sessions[sid] !== undefined && inv0.sessions[sid] !== inv1.sessions[sid]);
    eq(changedSessions.filter((sid) => sid !== v2.row.sessionId), [], 'transcripts other than the driven session that changed');
    eq(FS_TOUCHED, [], 'node:fs calls made by the model and the cache');
    eq(envProbes, [], "paths the model probed through env.exists()");
    eq(histErrors, [], 'chat.history failures');
    const bad = diags.filter((d) => d.severity !== 'info');
    eq(bad.map((d) => d.message), [], "the model's diagnostics");
    log(`no local file read or probed by the model (${FS_PROBES.length} node:fs functions watched); DB rows of ours: ${inv1.ours.length} (unchanged); transcripts changed: only ${RKEY}'s`);
    assertClientLogsClean();
  } finally {
    await endGatewayTest(gw);
  }
});
