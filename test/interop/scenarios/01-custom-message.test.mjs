// Interop scenario 1 (test/interop/README.md), on the shared fixture (../fixture.mjs) as the earlier scenarios left it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { sleep } from '../../support/process.mjs';
import { appendEvents, checkOwnership, DB, eq, findUser, gatewayTurn, KEY, llmRequests, log, NOTE, OWN, readOurs, shared, startGateway, STATE, stopGateway, textOf, turn, turnRequest } from '../fixture.mjs';

it('1. custom_message written by our writer reaches the model; OpenClaw chains its next turn to it', async function () {
  assert(shared.ready, 'setup failed');
  const a = await turn('Interop turn 1: remember the code word HERON-7. #reply Noted: HERON-7.');
  log(`turn 1 (embedded, first run) ${a.ms} ms`);
  // Turn 2, watching ownership while the embedded run holds the state dir.
  const seen = new Set();
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      const o = await checkOwnership(STATE, { ...OWN, probePort: false });
      seen.add(o.owned ? `${o.by} pid ${o.pid}` : 'free');
      await sleep(100);
    }
  })();
  let b;
  try {
    b = await turn('Interop turn 2: what is 2+2? #reply 4');
  } finally {
    watching = false;
    await watcher;
  }
  log(`turn 2 ${b.ms} ms; checkOwnership while it ran: ${[...seen].join(', ')}`);
  assert([...seen].some((x) => x.startsWith('embedded')), 'checkOwnership never saw the embedded run own the state dir');
  assert(fs.existsSync(DB), `no agent DB at ${DB}`);

  const own = await checkOwnership(STATE, OWN);
  assert(!own.owned, `nothing runs, but checkOwnership says: ${own.reason}`);
  const before = readOurs();
  const w = await appendEvents(DB, KEY, [{ type: 'custom_message', customType: 'openclaw-context.note', content: NOTE, display: true }], { ownership: OWN });
  assert(w.ok, `our writer refused: ${w.code}: ${w.message}`);
  shared.noteId = w.written[0].id;
  eq(w.written[0].parentId, before.ctx.leafId, 'our row is chained to the active leaf');
  eq(readOurs().ctx.leafId, shared.noteId, 'our reader sees our row as the new leaf');
  log(`wrote custom_message ${shared.noteId} at seq ${w.written[0].seq}, parent ${before.ctx.leafId}`);

  // The next real turn, through the Gateway (its startup reconcile indexes our row; see test 2 for embedded runs).
  const gw = await startGateway();
  try {
    const from = llmRequests().length;
    const c = await gatewayTurn('Interop turn 3: did anything change? #reply I see the note.');
    log(`turn 3 (Gateway) ${c.ms} ms`);
    const req = turnRequest(from, 'Interop turn 3');
    const msgs = req.body.messages;
    const idx = msgs.findIndex((m) => m.role === 'user' && textOf(m.content).includes('Interop turn 3'));
    const prev = msgs[idx - 1];
    assert(prev && prev.role === 'user', `the message before the new prompt is ${prev && prev.role}, not user`);
    eq(textOf(prev.content), NOTE, 'the model received our note, verbatim, right before the new prompt');
    log(`model request #${req.seq}: message ${idx - 1} is our note ${JSON.stringify(prev.content).slice(0, 70)}…, message ${idx} the new prompt`);
  } finally {
    await stopGateway(gw);
  }
  const after = readOurs();
  const u3 = findUser(after, 'Interop turn 3');
  eq(u3.parentId, shared.noteId, "OpenClaw chained turn 3's user message to our row");
  const reply = after.ctx.items.at(-1);
  assert(reply.role === 'assistant' && textOf(after.full.get(reply.id).message.content).includes('I see the note.'), 'turn 3 got its reply');
});
