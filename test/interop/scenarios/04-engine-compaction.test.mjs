// Interop scenario 4 (test/interop/README.md), on the shared fixture (../fixture.mjs) as the earlier scenarios left it.
import assert from 'node:assert/strict';
import { C4, C4_KEEP, checkOwnership, compactionModules, DB, entryShape, eq, findUser, gatewayTurn, isInternal, KEY, llmRequests, log, oc, openclawExport, OWN, prefixMismatch, rawTranscript, readOurs, rebuildContext, requestShape, shared, SqliteSessionStore, startGateway, STATE, stopGateway, summaryMessage, textOf, TranscriptIndex, turn, turnRequest } from '../fixture.mjs';

it('4. compaction planned by our engine: OpenClaw accepts it; the next request is exactly its summary + the kept tail + the new turn', async function () {
  assert(shared.ready, 'setup failed');
  const M = compactionModules();
  // Six more real turns (exec, a long #pad answer, read, a long brief, write, a short reply), through the
  // Gateway test 3 handed over (or a new one). Then the Gateway stops: our writer only writes offline.
  const gw1 = shared.gatewayHandoff ?? (await startGateway());
  shared.gatewayHandoff = undefined;
  const order = ['a', 'b', 'c', 'e', 'd', 'f'];
  const ms = [];
  try {
    for (const k of order) ms.push((await gatewayTurn(C4[k])).ms);
  } finally {
    await stopGateway(gw1);
  }
  log(`turns ${order.map((k, i) => `${k.toUpperCase()} ${ms[i]}`).join(', ')} ms (Gateway)`);
  const own = await checkOwnership(STATE, OWN);
  assert(!own.owned, `the Gateway stopped, but checkOwnership says: ${own.reason}`);

  // Read the session as the extension does: the transcript index, the active path, and the full JSON of the
  // path in one loadEntries call; then plan the compaction in memory.
  const t0 = Date.now();
  const diags = [];
  const store = new SqliteSessionStore('main', DB, (d) => diags.push(d));
  let row, ctx, full;
  try {
    row = store.readRows(true).rows.find((r) => r.key === KEY);
    assert(row, `our reader finds no session ${KEY}`);
    const index = new TranscriptIndex();
    index.apply(store.readTranscript(row, undefined, { full: true }));
    ctx = rebuildContext(index);
    full = store.loadEntries(row, ctx.path);
  } finally {
    store.close();
  }
  const bad = diags.filter((d) => d.severity !== 'info');
  assert(!bad.length, `our reader reported: ${bad.map((d) => d.message).join('; ')}`);
  assert(Number.isFinite(row.totalTokens) && row.totalTokens > 0, `the session row has no token figure (totalTokens ${row.totalTokens})`);
  const res = M.planCompaction({ path: ctx.path, full, tokensBefore: row.totalTokens, keepRecentTokens: C4_KEEP });
  assert(res.ok, `planCompaction refused: ${res.reason}`);
  const plan = res.plan;
  const planMs = Date.now() - t0;
  const pathText = (i) => {
    const e = full[i];
    return e ? textOf(e.type === 'custom_message' ? e.content : e.message?.content) : '';
  };
  const userAt = (needle) => ctx.path.findIndex((m, i) => m.kind === 'message' && m.role === 'user' && pathText(i).includes(needle));

  // OpenClaw's own quality check (the safeguard audit), reproduced on our summary.
  assert(plan.audit.ok, `OpenClaw's summary audit rejects our summary: ${plan.audit.reasons.join(', ')}\n${plan.summary}`);
  // The cut falls inside the history: the kept tail the model sees starts at turn E's user message, with
  // turns A–C (and all of tests 1–3) before it, after test 2's compaction.
  const eIdx = userAt('Compaction turn E');
  const cIdx = userAt('Compaction turn C');
  assert(eIdx > 0 && cIdx > 0, 'turns C and E are not on the active path');
  const cut = plan.cut;
  assert(cut.cutIndex <= eIdx && ctx.path.slice(cut.cutIndex, eIdx).every((m) => !m.modelVisible), `the cut (keepRecentTokens ${C4_KEEP}) is not turn E's user message or a hidden row right before it: #${cut.cutIndex} ${ctx.path[cut.cutIndex]?.kind}/${ctx.path[cut.cutIndex]?.role ?? ''} (turn E is #${eIdx})`);
  eq(plan.after[1] && plan.after[1].id, ctx.path[eIdx].id, 'the first kept message is turn E’s user message');
  if (cut.isSplitTurn) eq(cut.turnStart, cIdx, 'the split turn (the cut is on a row that starts no turn) is turn C, as OpenClaw counts it');
  assert(cut.previousCompaction && ctx.compaction && cut.previousCompaction.id === ctx.compaction.id, 'the plan follows the compaction test 2 wrote');
  for (const k of ['a', 'b']) {
    const i = userAt(`Compaction turn ${k.toUpperCase()}`);
    assert(i >= cut.boundaryStart && cut.toSummarize.some((m) => m.id === ctx.path[i].id), `turn ${k.toUpperCase()} is not among the summarised entries`);
  }
  // OpenClaw's own findCutPoint (2026.9.6's bundle) cuts at the same entry on the same path, from the boundary
  // its prepareCompaction uses (the previous compaction's first kept entry) with the same keepRecentTokens.
  const oc = await openclawExport('findCutPoint', 'compaction-');
  const prevAt = full.findLastIndex((e) => e && e.type === 'compaction');
  const prevKept = prevAt >= 0 ? full.findIndex((e) => e && e.id === full[prevAt].firstKeptEntryId) : -1;
  const theirs = oc(full, prevAt < 0 ? 0 : prevKept >= 0 ? prevKept : prevAt + 1, full.length, C4_KEEP);
  eq(
    { firstKeptEntryIndex: cut.cutIndex, isSplitTurn: cut.isSplitTurn, turnStartIndex: cut.isSplitTurn ? cut.turnStart : -1 },
    { firstKeptEntryIndex: theirs.firstKeptEntryIndex, isSplitTurn: theirs.isSplitTurn, turnStartIndex: theirs.isSplitTurn ? theirs.turnStartIndex : -1 },
    'our cut against OpenClaw’s findCutPoint on the same entries',
  );
  // The entry to write is the plan's: its summary, the cut, the row's figure.
  eq([plan.entry.type, plan.entry.firstKeptEntryId, plan.entry.tokensBefore], ['compaction', ctx.path[cut.cutIndex].id, Math.round(row.totalTokens)], 'the compaction entry (type, firstKeptEntryId, tokensBefore)');
  assert(plan.entry.summary === plan.summary && plan.summary.length > 0, 'the entry carries the planned summary');
  // The kept tail the plan shows is the visible path from the cut on: E, the write turn D (tool call and result), F.
  const keptShapes = plan.keptFull.map((e) => entryShape(e));
  eq(plan.after.slice(1).map((m) => m.id), ctx.path.slice(cut.cutIndex).filter((m) => m.modelVisible && ['message', 'custom_message', 'branch_summary'].includes(m.kind)).map((m) => m.id), 'the plan’s kept tail is the visible path from the cut on');
  eq(keptShapes.map((x) => x.role), ['user', 'assistant', 'user', 'assistant', 'tool', 'assistant', 'user', 'assistant'], 'kept tail = turn E user + reply, turn D user + tool call + tool result + answer, turn F user + reply');
  assert(keptShapes[3].calls.length === 1 && keptShapes[3].calls[0].name === 'write' && keptShapes[4].id === keptShapes[3].calls[0].id, 'turn D is a write tool call with its result');
  const q = plan.quality;
  const at = (i) => `#${i} ${ctx.path[i].kind}${ctx.path[i].role ? `/${ctx.path[i].role}` : ''}${ctx.path[i].type === 'custom' && full[i]?.customType ? ` ${full[i].customType}` : ''}`;
  log(
    `plan in ${planMs} ms from ${ctx.path.length} path entries (one loadEntries): cut at ${at(cut.cutIndex)} = OpenClaw's findCutPoint; first kept message turn E (#${eIdx}); ` +
      `${cut.isSplitTurn ? `split turn: prefix ${at(cut.turnStart)}..#${cut.cutIndex - 1} (turn C)` : 'no split turn'}; ${cut.toSummarize.length} entries summarised from #${cut.boundaryStart} (after test 2's compaction), ${cut.kept.length} kept`,
  );
  log(
    `tokens ${plan.entry.tokensBefore} (row totalTokens) → ${plan.entry.tokensAfter} (pi chars/4: summary + kept); summary ${plan.summary.length} chars / ~${q.summaryTokens} tokens; ` +
      `audit ok (${plan.audit.reasons.length} reasons); quality: dropped ~${q.droppedTokens} tokens, identifiers kept ${q.identifiers.kept}/${q.identifiers.found}, asks ${q.asks.kept}/${q.asks.found}, decisions ${q.decisions.kept}/${q.decisions.found}; ` +
      `files read ${JSON.stringify(plan.details.readFiles)}, modified ${JSON.stringify(plan.details.modifiedFiles)}`,
  );
  log(`summary headings: ${plan.summary.split('\n').filter((l) => l.startsWith('#')).join(' | ')}`);

  // Write exactly the planned entry with the extension's write path (SQLite target).
  const sid = row.sessionId;
  const before = rawTranscript(sid);
  const w = await M.appendToSession({ era: 'sqlite', location: DB, stateDir: STATE, row: { key: row.key, sessionId: sid } }, [plan.entry], { ownership: OWN });
  assert(w.ok, `our writer refused: ${w.code}: ${w.message}`);
  const compId = w.written[0].id;
  eq(w.written[0].parentId, ctx.leafId, 'the compaction row is chained to the active leaf');
  const mid = readOurs();
  const stored = mid.full.get(compId);
  assert(stored && stored.type === 'compaction' && stored.summary === plan.summary && stored.firstKeptEntryId === plan.entry.firstKeptEntryId, 'the stored row is our compaction with the planned summary and cut');
  eq(mid.ctx.compaction && mid.ctx.compaction.id, compId, 'our reader sees our compaction as the latest');
  eq(mid.ctx.items.map((m) => m.id), [compId, ...plan.after.slice(1).map((m) => m.id)], 'our reader’s context after the write is the plan’s preview (summary + kept tail)');
  log(`wrote compaction ${compId} at seq ${w.written[0].seq}, parent ${ctx.leafId}`);

  // The next real turn, through the Gateway (its startup reconcile indexes our row).
  const gw = await startGateway();
  let handed = false;
  try {
    const from = llmRequests().length;
    const g = await gatewayTurn(C4.g);
    log(`turn G (Gateway) ${g.ms} ms`);
    const req = turnRequest(from, 'Compaction turn G');
    const msgs = req.body.messages.filter((m, i) => !(i === 0 && (m.role === 'system' || m.role === 'developer')) && !isInternal(m));
    // Our summary, exactly as OpenClaw formats a compaction summary, as the first message's text block. OpenClaw
    // appends its one-line `Runtime: agent=… | session=… | …` block to the first user message of a request as
    // a second text block (it did so in test 2 too); nothing else may follow.
    const first = msgs[0];
    const parts = first && (typeof first.content === 'string' ? [{ type: 'text', text: first.content }] : first.content);
    assert(first && first.role === 'user' && Array.isArray(parts) && parts.every((b) => b && b.type === 'text'), `the first message is not a user message of text blocks: ${JSON.stringify(first).slice(0, 200)}`);
    const want = summaryMessage(plan.summary);
    if (parts[0].text !== want) {
      let at = 0;
      while (at < want.length && parts[0].text[at] === want[at]) at++;
      throw new Error(`the model did not receive our summary byte for byte (first difference at ${at}): ${JSON.stringify(parts[0].text.slice(Math.max(0, at - 30), at + 50))} vs ${JSON.stringify(want.slice(Math.max(0, at - 30), at + 50))}`);
    }
    const extra = parts.slice(1).map((b) => b.text);
    assert(extra.every((t) => /^Runtime: agent=main \| session=[^\n]*$/.test(t)), `the summary message carries more than OpenClaw's Runtime line: ${JSON.stringify(extra).slice(0, 300)}`);
    // Then exactly the kept tail and the new turn.
    const got = msgs.slice(1).map(requestShape);
    eq(got, [...keptShapes, { role: 'user', text: C4.g }], 'the model request after the summary (system prompt and OpenClaw’s internal-context block aside)');
    for (let i = 0; i < got.length; i++) if (got[i].role === 'tool') eq(got[i].id, got[i - 1].calls?.[0]?.id, `tool result ${i} answers the tool call before it`);
    // Nothing from before the cut outside the summary: no user message or custom message of the path before it.
    const droppedTexts = ctx.path
      .slice(0, plan.cut.cutIndex)
      .map((m, i) => (m.kind === 'custom_message' || (m.kind === 'message' && m.role === 'user') ? pathText(i).split('\n')[0].slice(0, 40) : ''))
      .filter((t) => t.length >= 20);
    assert(droppedTexts.length >= 8, `too few summarised prompts to check: ${droppedTexts.length}`);
    const leak = droppedTexts.find((t) => msgs.slice(1).some((m) => JSON.stringify(m.content ?? '').includes(JSON.stringify(t).slice(1, -1))));
    assert(!leak, `a message from before the cut reached the model outside the summary: ${JSON.stringify(leak)}`);
    log(`model request #${req.seq}: ${msgs.length} messages = our summary (${plan.summary.length} chars, byte-for-byte${extra.length ? ', + OpenClaw’s Runtime line block' : ''}) + ${keptShapes.length} kept (turns E, D with its tool call and result, F) + the new prompt; none of the ${droppedTexts.length} prompts and notes before the cut outside the summary`);
    shared.gatewayHandoff = gw; // test 5 checks ownership with this running Gateway
    handed = true;
  } finally {
    if (!handed) await stopGateway(gw);
  }

  // Nothing rewritten: every earlier row and identity row as it was, ours next, OpenClaw's turn chained to it.
  const after = rawTranscript(sid);
  const badRow = prefixMismatch(before.rows, after.rows);
  assert(badRow < 0, `transcript row ${badRow} changed or vanished after the compaction and the next turn: ${(before.rows[badRow] ?? '').slice(0, 160)}`);
  const badId = prefixMismatch(before.ids, after.ids);
  assert(badId < 0, `identity row ${badId} changed or vanished: ${(before.ids[badId] ?? '').slice(0, 160)}`);
  eq(JSON.parse(after.rows[before.rows.length]).seq, w.written[0].seq, 'our row follows every earlier row');
  const end = readOurs();
  eq(end.ctx.compaction && end.ctx.compaction.id, compId, 'our compaction is still the latest on the active path after OpenClaw’s turn');
  const uG = findUser(end, 'Compaction turn G');
  eq(uG.parentId, compId, "OpenClaw chained turn G's user message to our compaction");
  eq(textOf(end.full.get(end.ctx.items.at(-1).id).message.content), 'ORBIT-77', 'turn G got its reply');
  log(`transcript: ${before.rows.length} earlier rows and ${before.ids.length} identity rows unchanged; ${after.rows.length - before.rows.length} new (ours + turn G); OpenClaw's row now says ${end.row.totalTokens} tokens (fresh: ${end.row.totalTokensFresh})`);
});
