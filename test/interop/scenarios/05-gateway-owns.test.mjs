// Interop scenario 5 (test/interop/README.md), on the shared fixture (../fixture.mjs) as the earlier scenarios left it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { appendEvents, checkOwnership, DB, eq, GW_PORT, KEY, log, openclaw, OWN, processStartTime, readOurs, shared, startGateway, STATE, stopGateway, transcriptDigest } from '../fixture.mjs';

it('5. with the real Gateway running, checkOwnership reports it and the writer refuses without touching the DB', async function () {
  assert(shared.ready, 'setup failed');
  const gw = shared.gatewayHandoff ?? (await startGateway());
  shared.gatewayHandoff = undefined;
  try {
    const lockDir = path.join(STATE, 'tmp', `openclaw-${process.getuid()}`);
    const locks = fs.readdirSync(lockDir).filter((f) => /^gateway\..+\.lock$/.test(f));
    assert(locks.length >= 1, `no gateway.*.lock in ${lockDir}`);
    const payload = JSON.parse(fs.readFileSync(path.join(lockDir, locks[0]), 'utf8'));
    log(`lock files ${locks.join(', ')}: pid ${payload.pid} (we started ${gw.child.pid}), port ${payload.port}, startTime ${payload.startTime} (/proc says ${processStartTime(payload.pid)}), role ${payload.role ?? '(gateway)'}`);

    const own = await checkOwnership(STATE, OWN);
    assert(own.owned, `checkOwnership says not owned: ${own.reason}`);
    eq(own.by, 'gateway', 'owner kind');
    eq(own.port, GW_PORT, 'owner port');
    eq(own.pid, payload.pid, 'owner pid (from the lock)');
    log(`checkOwnership: ${own.reason}`);
    const byPort = await checkOwnership(STATE, { ...OWN, lockDirs: [], sessionsDirs: [] });
    assert(byPort.owned && byPort.by === 'unknown' && byPort.port === GW_PORT, `port probe alone: ${byPort.reason}`);
    log(`port probe alone (lock files hidden): owned, ${byPort.reason.slice(0, 90)}…`);

    const sid = readOurs().row.sessionId;
    const before = transcriptDigest(sid);
    const w = await appendEvents(DB, KEY, [{ type: 'custom_message', customType: 'openclaw-context.note', content: 'must not be written' }], { ownership: OWN });
    assert(!w.ok, 'the writer wrote while the Gateway runs');
    eq(w.code, 'owned', 'refusal code');
    eq(w.ownership && w.ownership.by, 'gateway', 'refusal names the Gateway');
    log(`writer refused: ${w.message}`);
    const after = transcriptDigest(sid);
    eq(after, before, 'transcript rows and identity rows unchanged');
    log(`transcript unchanged: ${after.rows} rows, max seq ${after.maxSeq}, ${after.identities} identity rows`);
  } finally {
    await stopGateway(gw);
  }
  const lockDir = path.join(STATE, 'tmp', `openclaw-${process.getuid()}`);
  const left = fs.existsSync(lockDir) ? fs.readdirSync(lockDir).filter((f) => /^gateway\..+\.lock$/.test(f)) : [];
  eq(left, [], 'the Gateway removed its lock files on a clean shutdown');
  const own = await checkOwnership(STATE, OWN);
  assert(!own.owned, `after the Gateway stopped: ${own.reason}`);
  log(`after the stop: ${own.reason.slice(0, 120)}`);
});
