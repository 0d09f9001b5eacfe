// Interop scenario 6 (test/interop/README.md), on the shared fixture (../fixture.mjs) as the earlier scenarios left it.
import assert from 'node:assert/strict';
import { sleep } from '../../support/process.mjs';
import { stripAnsi, tail } from '../../../scripts/openclaw-offline.mjs';
import { appendEvents, checkOwnership, DB, eq, findUser, KEY, llmRequests, log, messageBefore, NOTE5, openclaw, OWN, projectionState, projText, readOurs, shared, STATE, textOf, turn, turnRequest } from '../fixture.mjs';

it('6. offline write, then `openclaw doctor --non-interactive` (no Gateway): the projection is reconciled and an embedded --local turn sees our note', async function () {
  assert(shared.ready, 'setup failed');
  const own = await checkOwnership(STATE, OWN);
  assert(!own.owned, `nothing should run, but checkOwnership says: ${own.reason}`);
  const view = readOurs();
  const sid = view.row.sessionId;
  const p0 = projectionState(sid);
  assert(p0.current, `OpenClaw's projection should be current before our write: ${projText(p0)}`);
  const w = await appendEvents(DB, KEY, [{ type: 'custom_message', customType: 'openclaw-context.note', content: NOTE5, display: true }], { ownership: OWN });
  assert(w.ok, `our writer refused: ${w.code}: ${w.message}`);
  const id = w.written[0].id;
  const p1 = projectionState(sid);
  assert(!p1.current && p1.maxSeq === w.written[0].seq && p1.indexedSeq < p1.maxSeq, `after our write the projection should lag the transcript: ${projText(p1)}`);
  log(`wrote custom_message ${id} at seq ${w.written[0].seq}; projection now stale (${projText(p1)}): embedded turns are refused until it is reconciled (test 2)`);

  // `openclaw doctor`: its title scan schedules a reconcile of unnamed sessions, which finishes while
  // doctor waits for the absent Gateway (README). Watch when the projection catches up (read-only, every 2 s).
  let reconciledAt;
  const t0 = Date.now();
  let polling = true;
  const poller = (async () => {
    while (polling) {
      if (reconciledAt === undefined && projectionState(sid).current) reconciledAt = Date.now() - t0;
      await sleep(2000);
    }
  })();
  let d;
  try {
    d = await openclaw(['doctor', '--non-interactive'], { name: 'doctor', timeoutMs: 300_000 });
  } finally {
    polling = false;
    await poller;
  }
  const p2 = projectionState(sid);
  if (reconciledAt === undefined && p2.current) reconciledAt = d.ms;
  log(`openclaw doctor --non-interactive: rc ${d.code} in ${(d.ms / 1000).toFixed(1)} s; projection ${p2.current ? `current after ~${(reconciledAt / 1000).toFixed(0)} s` : 'still stale'} (${projText(p2)})`);
  assert(d.code === 0, `openclaw doctor failed (rc ${d.code}): ${tail(stripAnsi(d.err + d.out))}`);
  assert(p2.current, `openclaw doctor did not reconcile the projection: ${projText(p2)}`);

  // The next turn, embedded (no Gateway at any point since our write).
  const from = llmRequests().length;
  const t = await turn('Interop turn 8: anything new? #reply Seen the freeze note.');
  log(`turn 8 (embedded, --local) ${t.ms} ms`);
  const req = turnRequest(from, 'Interop turn 8');
  const { prev, idx } = messageBefore(req, 'Interop turn 8');
  eq(textOf(prev.content), NOTE5, 'the model received our note, verbatim, right before the new prompt');
  log(`model request #${req.seq}: message ${idx - 1} is our note, message ${idx} the new prompt`);
  const after = readOurs();
  eq(findUser(after, 'Interop turn 8').parentId, id, "OpenClaw chained turn 8's user message to our row");
  eq(textOf(after.full.get(after.ctx.items.at(-1).id).message.content), 'Seen the freeze note.', 'turn 8 got its reply');
});
