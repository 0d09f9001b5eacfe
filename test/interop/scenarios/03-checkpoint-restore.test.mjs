// Interop scenario 3 (test/interop/README.md), on the shared fixture (../fixture.mjs) as the earlier scenarios left it.
import assert from 'node:assert/strict';
import path from 'node:path';
import { checkOwnership, checkpointModules, DB, eq, findUser, gatewayTurn, llmRequests, log, messageBefore, OWN, prefixMismatch, rawTranscript, readOurs, shared, startGateway, STATE, stopGateway, T5, T6, T7, textOf, turn, turnRequest } from '../fixture.mjs';

it('3. checkpoint restore reaches the model: a checkpoint of the session, restored by our writer, is the user message before the next prompt', async function () {
  assert(shared.ready, 'setup failed');
  const M = checkpointModules();
  // Two more turns, so the checkpoint has a decision: a long answer (> 500 characters), then a short reply (< 50).
  assert(T6.length < 50, 'turn 6 must be a short reply');
  let gw = shared.gatewayHandoff ?? (await startGateway());
  shared.gatewayHandoff = undefined;
  try {
    const a = await gatewayTurn(T5);
    const b = await gatewayTurn(T6);
    log(`turns 5 and 6 (Gateway) ${a.ms} + ${b.ms} ms`);
  } finally {
    await stopGateway(gw);
  }
  const own = await checkOwnership(STATE, OWN);
  assert(!own.owned, `the Gateway stopped, but checkOwnership says: ${own.reason}`);

  // The checkpoint, built by our engine from the session's full transcript as our reader sees it.
  const t0 = Date.now();
  const view = readOurs();
  const row = view.row;
  const entries = view.index.entries.map((m) => view.full.get(m.id));
  assert(entries.length && entries.every(Boolean), 'our reader could not load every transcript entry');
  const used = row.totalTokens ?? 0;
  const window = row.contextTokens ?? 32768;
  const figures = M.figuresFromSession({ agentId: 'main', era: 'sqlite', row, figures: { used, window, ratio: (100 * used) / window, compactions: row.compactionCount ?? 0 } });
  const engine = new M.CheckpointEngine(STATE);
  const fed = engine.ingest(figures, entries);
  const wr = engine.checkpoint(figures, 'manual');
  assert(wr.status === 'written', `the engine did not write the checkpoint: ${wr.reason}`);
  const cp = wr.checkpoint;
  assert(cp.working.topic.includes('use blue-green'), `checkpoint topic is not turn 6: ${JSON.stringify(cp.working.topic)}`);
  const decision = cp.decisions.find((d) => d.what.startsWith(T6));
  assert(decision, `the checkpoint has no decision for turn 6; decisions: ${JSON.stringify(cp.decisions.map((d) => d.what))}`);
  assert(decision.what.includes('Which rollout should we use'), `the decision does not quote the question it answers: ${decision.what}`);
  const plan = M.planRestore(cp, { family: M.familyFor(row.modelProvider, row.model), compactionCount: row.compactionCount ?? 0 });
  const block = plan.render.text;
  assert(block.startsWith(`${M.INJECTION_HEADER}\n`), `the restore block does not start with ${M.INJECTION_HEADER}: ${JSON.stringify(block.slice(0, 80))}`);
  const topicLine = `Working on: ${M.gist(cp.working.topic, 300)}`;
  const decisionLine = `- ${M.gist(decision.what, 300)}`; // then " (HH:MM)"
  const hasLines = (text) => {
    const lines = text.split('\n');
    return lines.includes(topicLine) && lines.some((l) => l.startsWith(decisionLine));
  };
  assert(hasLines(block), `the restore block lacks the topic or decision line:\n${block}`);
  eq(plan.entry.content, block, 'the entry to write carries the rendered block');
  log(`checkpoint ${cp.meta.checkpoint_id} from ${entries.length} entries (${fed.processed} processed) in ${Date.now() - t0} ms: ${cp.decisions.length} decision(s), block ${block.length} chars / ${Math.ceil(plan.render.tokens)} tokens (${plan.render.trimmed.length ? `trimmed: ${plan.render.trimmed.join(', ')}` : 'untrimmed'})`);

  // Restore it with the extension's write path.
  const sid = row.sessionId;
  const before = rawTranscript(sid);
  const w = await M.appendToSession({ era: 'sqlite', location: DB, stateDir: STATE, row: { key: row.key, sessionId: sid } }, [plan.entry], { ownership: OWN });
  assert(w.ok, `our writer refused: ${w.code}: ${w.message}`);
  const restoreId = w.written[0].id;
  eq(w.written[0].parentId, view.ctx.leafId, 'the restore row is chained to the active leaf');
  const stored = readOurs().full.get(restoreId);
  assert(stored && stored.type === 'custom_message' && stored.customType === M.RESTORE_CUSTOM_TYPE && stored.content === block, 'the stored restore row is our custom_message with the block verbatim');
  log(`restored: custom_message ${restoreId} at seq ${w.written[0].seq}, parent ${view.ctx.leafId}`);

  // The next real turn, through the Gateway (an embedded run would refuse it: see test 2 and test 6).
  gw = await startGateway();
  let handed = false;
  try {
    const from = llmRequests().length;
    const c = await gatewayTurn(T7);
    log(`turn 7 (Gateway) ${c.ms} ms`);
    const req = turnRequest(from, 'Interop turn 7');
    const { prev, idx, msgs } = messageBefore(req, 'Interop turn 7');
    const parts = typeof prev.content === 'string' ? [{ type: 'text', text: prev.content }] : prev.content;
    assert(Array.isArray(parts) && parts.length === 1 && parts[0].type === 'text', `the restore message is not one text block: ${JSON.stringify(prev.content).slice(0, 200)}`);
    if (parts[0].text !== block) {
      const at = [...block].findIndex((ch, i) => parts[0].text[i] !== ch);
      throw new Error(`the model did not receive the block byte for byte (first difference at ${at}): ${JSON.stringify(parts[0].text.slice(Math.max(0, at - 20), at + 40))} vs ${JSON.stringify(block.slice(Math.max(0, at - 20), at + 40))}`);
    }
    assert(hasLines(parts[0].text), 'the topic and decision lines reached the model');
    eq(msgs.filter((m) => textOf(m.content).includes(M.INJECTION_HEADER)).length, 1, 'the block is in the request once');
    log(`model request #${req.seq}: message ${idx - 1} is the restore block (${block.length} chars, byte-for-byte), message ${idx} the new prompt`);
    shared.gatewayHandoff = gw; // test 4 runs its first turns through this Gateway
    handed = true;
  } finally {
    if (!handed) await stopGateway(gw);
  }

  // Nothing rewritten: every earlier row and identity row as it was, ours next, OpenClaw's turn after it.
  const after = rawTranscript(sid);
  const badRow = prefixMismatch(before.rows, after.rows);
  assert(badRow < 0, `transcript row ${badRow} changed or vanished after the restore and the next turn: ${(before.rows[badRow] ?? '').slice(0, 160)}`);
  const badId = prefixMismatch(before.ids, after.ids);
  assert(badId < 0, `identity row ${badId} changed or vanished: ${(before.ids[badId] ?? '').slice(0, 160)}`);
  eq(JSON.parse(after.rows[before.rows.length]).seq, w.written[0].seq, 'our row follows every earlier row');
  const end = readOurs();
  eq(end.index.entries.slice(0, view.index.entries.length).map((e) => e.id), view.index.entries.map((e) => e.id), 'our reader still sees every earlier entry, in order');
  const u7 = findUser(end, 'Interop turn 7');
  eq(u7.parentId, restoreId, "OpenClaw chained turn 7's user message to the restore row");
  assert(end.ctx.items.at(-1).role === 'assistant', 'turn 7 got a reply');
  log(`transcript: ${before.rows.length} earlier rows and ${before.ids.length} identity rows unchanged; ${after.rows.length - before.rows.length} new (ours + turn 7)`);
});
