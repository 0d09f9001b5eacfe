// Interop scenario 9 (test/interop/README.md), on the shared fixture (../fixture.mjs) as the earlier scenarios left it.
import assert from 'node:assert/strict';
import { waitFor } from '../../support/process.mjs';
import { assertClientLogsClean, cleanUser, clientTurn, closeClients, eq, findUser, fmtMs, gatewayClientModules, GT, GW_DEVICE_FILE, gwClient, GWKEY, KEY, llmRequests, log, modelMessages, NOTE, readOurs, shared, sharedGateway, SqliteSessionStore, textOf, turn, turnRequest } from '../fixture.mjs';

it('9. Gateway client session operations on the real Gateway: list, subscribe + chat.send → sessions.changed, compact, rewind before the compaction, reset', async function () {
  assert(shared.ready, 'setup failed');
  const G = gatewayClientModules();
  await sharedGateway();
  try {
    const c = gwClient(G, { device: new G.FileDeviceStore(GW_DEVICE_FILE) });
    await c.connect();
    const list = await c.sessionsList({ limit: 100 });
    const main = list.sessions.find((s) => s.key === KEY);
    assert(main, `sessions.list has no ${KEY}: ${list.sessions.map((s) => s.key).join(', ')}`);
    eq(main.sessionId, readOurs().row.sessionId, `${KEY}: sessions.list's sessionId = our SqliteSessionStore's`);
    log(`sessions.list: ${list.count} session(s) (${list.sessions.map((s) => s.key).join(', ')}); ${KEY}: ${main.totalTokens} tokens of ${main.contextTokens}, ${main.compactionCount ?? 0} compaction(s), status ${main.status}`);

    const sub = await c.sessionsSubscribe({});
    assert(sub.subscribed === true, `sessions.subscribe: ${JSON.stringify(sub).slice(0, 200)}`);
    const t1 = await clientTurn(c, GWKEY, GT.t1);
    await c.sessionsMessagesSubscribe({ key: GWKEY });
    const msgs = [];
    c.onSessionMessage((e) => e.sessionKey === GWKEY && msgs.push(e.message && e.message.role));
    const t2 = await clientTurn(c, GWKEY, GT.t2);
    const t3 = await clientTurn(c, GWKEY, GT.t3);
    assert(msgs.includes('user') && msgs.includes('assistant'), `session.message events for ${GWKEY}: ${msgs.join(',')}`);
    for (const [n, t] of [['1', t1], ['2', t2], ['3', t3]]) log(`turn ${n}: chat.send → chat final ${t.ms} ms; sessions.changed after the final: first +${fmtMs(t.firstAfterFinalMs)} (${t.firstAfterFinal}), 'end' +${fmtMs(t.endAfterFinalMs)}; ${t.changes.length} sessions.changed for the run (${t.changes.join(', ')})`);
    for (const t of [t1, t2, t3]) assert(t.firstAfterFinalMs !== undefined, 'no sessions.changed arrived after a chat final');
    const lat = [t1, t2, t3].map((t) => t.firstAfterFinalMs);
    log(`latency chat final → sessions.changed: ${lat.map(fmtMs).join(', ')} ms (max ${fmtMs(Math.max(...lat))})`);

    // sessions.compact: the summary, the token figures, and the entry our SqliteSessionStore reads.
    const before = readOurs(GWKEY);
    const compactEvents = [];
    const d = c.onSessionsChanged((e) => e.sessionKey === GWKEY && (e.reason === 'compact' || e.compacted) && compactEvents.push(Date.now()));
    const tc = Date.now();
    const comp = await c.sessionsCompact({ key: GWKEY });
    const compMs = Date.now() - tc;
    assert(comp.ok && comp.compacted && comp.result && comp.result.summary, `sessions.compact did not compact: ${JSON.stringify(comp).slice(0, 300)}`);
    const res = comp.result;
    log(`sessions.compact in ${compMs} ms: tokens ${res.tokensBefore} → ${res.tokensAfter}, summary ${res.summary.length} chars (${res.summary.split('\n').filter((x) => x.startsWith('#')).slice(0, 6).join(' | ')}), firstKeptEntryId ${res.firstKeptEntryId}`);
    log(`sessions.compact result keys: {${Object.keys(comp).join(', ')}}, result {${Object.keys(res).join(', ')}}`);
    assert(typeof res.tokensBefore === 'number' && res.tokensBefore > 0, `tokensBefore: ${res.tokensBefore}`);
    await waitFor('sessions.changed reason compact', () => compactEvents.length > 0, 15_000, 20);
    d.dispose();
    const after = readOurs(GWKEY);
    const ce = after.ctx.compaction;
    assert(ce && (!before.ctx.compaction || before.ctx.compaction.id !== ce.id), 'our SqliteSessionStore sees no new compaction entry');
    const full = after.full.get(ce.id);
    eq([full.type, full.summary, full.firstKeptEntryId, full.tokensBefore], ['compaction', res.summary, res.firstKeptEntryId, res.tokensBefore], 'the compaction entry our reader sees = the RPC result');
    if (res.tokensAfter !== undefined) eq(full.tokensAfter, res.tokensAfter, 'tokensAfter: entry = RPC result');
    assert(typeof full.tokensAfter === 'number' && full.tokensAfter < full.tokensBefore, `the entry's token figures: ${full.tokensBefore} → ${full.tokensAfter}`);
    const desc0 = await c.sessionsDescribe({ key: GWKEY });
    log(
      `our SqliteSessionStore: compaction ${ce.id}, summary, firstKeptEntryId and tokensBefore equal to the RPC result; tokens ${full.tokensBefore} → ${full.tokensAfter} in the entry` +
        `${res.tokensAfter === undefined ? ' (the RPC result has no tokensAfter)' : ''}; the context now has ${after.ctx.items.length} item(s); sessions.describe: ${desc0.session.totalTokens} tokens (fresh ${desc0.session.totalTokensFresh}), ${desc0.session.compactionCount} compaction(s)`,
    );

    const from4 = llmRequests().length;
    await clientTurn(c, GWKEY, GT.t4);
    const m4 = modelMessages(turnRequest(from4, 'GW turn 4'));
    assert(m4.some((m) => m.role === 'user' && textOf(m.content).startsWith('The conversation history before this point was compacted')), 'the turn after sessions.compact got no summary');
    assert(!m4.some((m) => m.role === 'user' && cleanUser(textOf(m.content)) === GT.t1), 'turn 1 still reached the model as a message after the compaction');
    log(`turn 4 (after the compaction): the model got ${m4.length} messages: the summary${m4.length > 2 ? ` + ${m4.length - 2} kept` : ''} + the prompt; turn 1 only inside the summary`);

    // sessions.rewind to turn 3's user message: the leaf moves before it, which is before the compaction.
    const u3 = findUser(readOurs(GWKEY), 'GW turn 3');
    const rw = await c.sessionsRewind({ sessionKey: GWKEY, entryId: u3.id });
    eq(rw.editorText, GT.t3, 'sessions.rewind editorText');
    const br = await c.sessionsBranchesList({ sessionKey: GWKEY });
    log(`sessions.rewind to ${u3.id} (turn 3): editorText = turn 3; branches: ${br.branches.map((b) => `${b.active ? '*' : ''}${b.messageCount} msgs "${b.headline.slice(0, 40)}"`).join('; ')}`);
    const from5 = llmRequests().length;
    await clientTurn(c, GWKEY, GT.t5);
    const m5 = modelMessages(turnRequest(from5, 'GW turn 5'));
    const users5 = m5.filter((m) => m.role === 'user').map((m) => cleanUser(textOf(Array.isArray(m.content) ? [m.content[0]] : m.content)));
    eq(users5, [GT.t1, GT.t2, GT.t5], 'the user messages the model got after the rewind (pre-compaction history: turns 1 and 2, then the new prompt)');
    assert(!m5.some((m) => textOf(m.content).includes('<summary>')), 'the compaction summary still reached the model after the rewind');
    log(`turn 5 (after the rewind): the model got the pre-compaction history uncompacted: ${m5.map((m) => m.role[0]).join('')} (users: turn 1, turn 2, turn 5; no summary)`);
    try {
      const v = readOurs(GWKEY);
      log(`our SqliteSessionStore after the rewind: session ${v.row.sessionId}${v.row.sessionId !== after.row.sessionId ? ' (a new generation)' : ''}, ${v.ctx.items.length} context items, compaction on the path: ${v.ctx.compaction ? v.ctx.compaction.id : 'none'}`);
    } catch (e) {
      log(`NOTE our SqliteSessionStore after the rewind: ${e.message}`);
    }
    // sessions.fork needs a user message on the active path (turn 3 no longer is: "message entry is not on the active path").
    const u2 = findUser(readOurs(GWKEY), 'GW turn 2');
    const fk = await c.sessionsFork({ sessionKey: GWKEY, entryId: u2.id });
    assert(/^agent:main:/.test(fk.sessionKey) && fk.sessionKey !== GWKEY, `sessions.fork sessionKey: ${fk.sessionKey}`);
    eq(fk.editorText, GT.t2, 'sessions.fork editorText');
    log(`sessions.fork at turn 2: new session ${fk.sessionKey}, editorText = turn 2`);

    // sessions.reset
    const resets = [];
    const dr = c.onSessionsChanged((e) => e.sessionKey === GWKEY && e.reason === 'reset' && resets.push(e));
    const rs = await c.sessionsReset({ key: GWKEY });
    assert(rs.ok && rs.key === GWKEY && rs.entry, `sessions.reset: ${JSON.stringify(rs).slice(0, 200)}`);
    await waitFor('sessions.changed reason reset', () => resets.length > 0, 15_000, 20);
    dr.dispose();
    const desc = await c.sessionsDescribe({ key: GWKEY });
    eq([rs.entry.totalTokens, rs.entry.compactionCount], [0, 0], 'the reset entry: tokens and compactions back to 0');
    log(`sessions.reset: session ${rs.entry.sessionId} (kept), totalTokens ${rs.entry.totalTokens}, compactionCount ${rs.entry.compactionCount}; sessions.describe: ${desc.session.totalTokens} tokens`);
    try {
      const v = readOurs(GWKEY);
      log(`our SqliteSessionStore after the reset: reset entry on the path: ${v.ctx.reset ? v.ctx.reset.id : 'none'}, ${v.ctx.items.length} context items`);
    } catch (e) {
      log(`NOTE our SqliteSessionStore after the reset: ${e.message}`);
    }
    const hist = await c.chatHistory({ sessionKey: GWKEY, limit: 50 });
    log(`chat.history: ${hist.messages.length} message(s) after the reset`);
    assertClientLogsClean();
  } finally {
    await closeClients();
  }
});
