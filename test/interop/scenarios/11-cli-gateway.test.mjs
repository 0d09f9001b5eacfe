// Interop scenario 11 (test/interop/README.md), on the shared fixture (../fixture.mjs) as the earlier scenarios left it.
// Test 11: the built CLI (dist/cli.js) as a child process while the real Gateway owns the store.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { tail } from '../../../scripts/openclaw-offline.mjs';
import { assertClientLogsClean, assertCliOutputClean, cleanUser, CLI_HOME, CLI_JS, CLI_KEEP, CLI_RUNS, clientTurn, cliJson, CLIKEY, CT, DB, endGatewayTest, eq, gatewayClientModules, GW_PORT, GW_URL, gwClient, llmRequests, log, modelMessages, NOTE, openclaw, prefixMismatch, rawTranscript, readOurs, ROOT, runCli, shared, sharedGateway, STATE, textOf, TOKEN, transcriptDigest, turn, turnRequest } from '../fixture.mjs';

it('11. CLI through the real Gateway: doctor, compact --dry-run, compact --yes → sessions.compact, no token / a wrong token → exit 3, undo-compact → sessions.rewind', async function () {
  assert(shared.ready, 'setup failed');
  assert(fs.existsSync(CLI_JS), `${CLI_JS} is missing; build it first (node scripts/build.mjs)`);
  const newest = (d) => fs.readdirSync(d, { withFileTypes: true }).reduce((m, e) => Math.max(m, e.isDirectory() ? newest(path.join(d, e.name)) : fs.statSync(path.join(d, e.name)).mtimeMs), 0);
  if (newest(path.join(ROOT, 'src')) > fs.statSync(CLI_JS).mtimeMs) log(`NOTE ${path.relative(ROOT, CLI_JS)} is older than src/: this tests the last build (node scripts/build.mjs rebuilds it)`);
  fs.mkdirSync(CLI_HOME, { recursive: true });
  const G = gatewayClientModules();
  const gw = await sharedGateway();
  const WRONG = `wrong-${randomBytes(12).toString('hex')}`;
  const withToken = { OPENCLAW_GATEWAY_TOKEN: TOKEN };
  const S = ['--state-dir', STATE, '--json'];
  try {
    // Four turns on a session of its own, through our client's chat.send (as test 9).
    const c = gwClient(G, { device: false });
    await c.connect();
    await c.sessionsSubscribe({});
    const turns = [];
    for (const t of [CT.t1, CT.t2, CT.t3, CT.t4]) turns.push(await clientTurn(c, CLIKEY, t));
    const v0 = readOurs(CLIKEY);
    const sid = v0.row.sessionId;
    log(`session ${CLIKEY} (${sid}): 4 turns via chat.send in ${turns.map((t) => t.ms).join(', ')} ms; ${v0.index.entries.length} entries, ${v0.ctx.items.length} context items, OpenClaw's row: ${v0.row.totalTokens} tokens`);

    // 1. doctor
    const d = await runCli(['doctor', ...S], withToken);
    const dj = cliJson(d);
    const owner = dj.checks.find((x) => x.id === 'owner' && x.subject === STATE);
    const gwc = dj.checks.find((x) => x.id === 'gateway');
    assert(owner, `doctor has no owner check for ${STATE}: ${dj.checks.map((x) => x.id).join(', ')}`);
    assert(owner.message.startsWith('OpenClaw owns the store now: The OpenClaw Gateway') && owner.message.includes(`(pid ${gw.child.pid}, port ${GW_PORT})`), `doctor's owner check: ${owner.message}`);
    assert(gwc, 'doctor has no gateway check');
    eq([gwc.subject, gwc.ok], [GW_URL, true], "doctor's gateway check: subject (from the config's gateway.port) and ok");
    for (const sc of ['operator.read', 'operator.write', 'operator.admin']) assert(gwc.message.includes(sc), `doctor's gateway check does not name ${sc}: ${gwc.message}`);
    assert(!/missing/.test(gwc.message), `doctor's gateway check: ${gwc.message}`);
    const failed = dj.checks.filter((x) => !x.ok && x.severity !== 'info');
    eq([dj.failed, dj.ok, d.code], [failed.length, failed.length === 0, failed.length ? 1 : 0], 'doctor: failed count, ok and exit code agree with the checks');
    log(`1. doctor: rc ${d.code} in ${d.ms} ms; owner: "${owner.message.slice(0, 110)}…"; gateway (${gwc.subject}): "${gwc.message}"; ${dj.checks.length} checks, ${dj.failed} failed${failed.length ? ` (${failed.map((x) => `${x.id}: ${x.message.slice(0, 60)}`).join('; ')})` : ''}`);
    log(`   $ ${d.line}`);

    // 2. compact --dry-run: a plan, nothing written
    const dg0 = transcriptDigest(sid);
    const dry = await runCli(['compact', CLIKEY, '--dry-run', '--keep-recent-tokens', String(CLI_KEEP), ...S], withToken);
    const dj2 = cliJson(dry);
    assert(dry.code === 0, `compact --dry-run: rc ${dry.code}: ${tail(dry.err)}`);
    eq([dj2.status, dj2.dryRun, dj2.compactable, dj2.written, dj2.session && dj2.session.sessionId], ['planned', true, true, null, sid], 'compact --dry-run: status, dryRun, compactable, written, session');
    const plan = dj2.plan;
    assert(plan && plan.firstKeptEntryId && plan.summary, `compact --dry-run printed no plan: ${JSON.stringify(dj2).slice(0, 300)}`);
    assert(v0.index.entries.some((e) => e.id === plan.firstKeptEntryId), `the plan's firstKeptEntryId ${plan.firstKeptEntryId} is not an entry of ${CLIKEY}`);
    assert(plan.quality.tokensSaved > 0 && plan.audit.ok, `the plan should save tokens and pass the audit (turn 3 alone crosses --keep-recent-tokens, so turns 1–2 with the #pad answer are summarised): ~${plan.quality.tokensBefore} → ~${plan.quality.tokensAfter}, audit ${plan.audit.reasons.join(',')}`);
    eq(transcriptDigest(sid), dg0, 'compact --dry-run: transcript rows and identity rows unchanged');
    log(`2. compact --dry-run: rc ${dry.code} in ${dry.ms} ms; plan: cut at ${plan.firstKeptEntryId}${plan.isSplitTurn ? ' (split turn)' : ''}, ${plan.summarizedEntries} summarised + ${plan.turnPrefixEntries} prefix, ${plan.keptEntries} kept; ~${plan.quality.tokensBefore} → ~${plan.quality.tokensAfter} tokens, entry tokensBefore ${plan.entry.tokensBefore}, summary ${plan.summary.length} chars (${plan.summarySource}), audit ${plan.audit.ok ? 'ok' : plan.audit.reasons.join(',')}; DB unchanged (${dg0.rows} rows, max seq ${dg0.maxSeq})`);
    log(`   $ ${dry.line}`);

    // 4. and 5.: --token-env names an unset variable (no token) / a variable holding a wrong token → exit 3,
    // the message says why, neither token is printed, nothing is written. `compact` runs here, while our planner
    // has a plan (right after a compaction it has none: step 3b); `undo-compact` (which always goes through the
    // Gateway for SQLite) after step 3.
    const refusals = async (label, cmd) => {
      const dg = transcriptDigest(sid);
      for (const [step, tokenEnv, env, want] of [
        ['4', 'OC_UNSET_VAR', withToken, (msg) => msg.includes('$OC_UNSET_VAR (--token-env) is not set')],
        ['5', 'OC_WRONG_TOKEN', { ...withToken, OC_WRONG_TOKEN: WRONG }, (msg) => /unauthorized/i.test(msg) && /token/i.test(msg)],
      ]) {
        const r = await runCli([...cmd, '--token-env', tokenEnv, ...S], env);
        const j = cliJson(r);
        const msg = (j.refusal && j.refusal.message) || '';
        log(`${step}${label}. ${cmd[0]} --token-env ${tokenEnv}: rc ${r.code} in ${r.ms} ms, status ${j.status}, refusal ${j.refusal && j.refusal.code}: "${msg}"`);
        log(`   $ ${r.line}`);
        eq([r.code, j.status], [3, 'refused'], `${cmd[0]} --token-env ${tokenEnv}: exit code and status`);
        assert(want(msg), `${cmd[0]} --token-env ${tokenEnv}: the JSON refusal does not say why: ${msg}`);
        assert(want(r.err), `${cmd[0]} --token-env ${tokenEnv}: stderr does not say why: ${tail(r.err)}`);
        for (const sec of [TOKEN, WRONG]) assert(!r.out.includes(sec) && !r.err.includes(sec), `${cmd[0]} --token-env ${tokenEnv} printed a token`);
        eq(transcriptDigest(sid), dg, `${cmd[0]} --token-env ${tokenEnv}: transcript rows and identity rows unchanged`);
      }
    };
    await refusals('a', ['compact', CLIKEY, '--yes', '--keep-recent-tokens', String(CLI_KEEP)]);

    // 3. compact --yes: our writer is refused (the Gateway owns the store), the CLI goes through sessions.compact
    const before = rawTranscript(sid);
    const ids0 = new Set(v0.index.entries.map((e) => e.id));
    const cp = await runCli(['compact', CLIKEY, '--yes', '--keep-recent-tokens', String(CLI_KEEP), ...S], withToken);
    const cj = cliJson(cp);
    assert(cp.code === 0, `compact --yes: rc ${cp.code}: ${tail(cp.err)} | ${JSON.stringify(cj).slice(0, 300)}`);
    eq([cj.status, cj.written && cj.written.via, cj.written && cj.written.url], ['compacted', 'gateway', GW_URL], 'compact --yes: status, written.via, written.url');
    const w = cj.written;
    const v1 = readOurs(CLIKEY);
    eq(v1.row.sessionId, sid, 'the session id after sessions.compact');
    eq(cj.planApplied, false, 'compact through the Gateway: planApplied false (OpenClaw compacted with its own settings)');
    const fresh = v1.index.entries.filter((e) => !ids0.has(e.id));
    const freshFull = fresh.map((e) => v1.full.get(e.id));
    const comps = freshFull.filter((e) => e && e.type === 'compaction');
    eq(comps.length, 1, 'new compaction entries');
    const ce = comps[0];
    const ours = freshFull.filter((e) => e && typeof e.customType === 'string' && e.customType.startsWith('openclaw-context'));
    eq(ours.length, 0, 'new entries of ours (customType openclaw-context.*)');
    eq(v1.ctx.compaction && v1.ctx.compaction.id, ce.id, 'the new compaction is the latest on the active path');
    assert(v1.ctx.path.some((e) => e.id === ce.id), 'the new compaction is on the active path');
    eq(ce.parentId, v0.ctx.leafId, 'the new compaction is chained to the leaf before it');
    eq([ce.summary, ce.firstKeptEntryId, ce.tokensBefore], [w.summary, w.firstKeptEntryId, w.tokensBefore], 'the compaction entry = written.{summary, firstKeptEntryId, tokensBefore}');
    assert(ce.summary !== plan.summary, 'the new compaction carries our planner’s summary: our file writer wrote it, not OpenClaw');
    eq(w.tokensAfter, ce.tokensAfter ?? null, 'written.tokensAfter = the entry’s tokensAfter (read back from the store)');
    const after = rawTranscript(sid);
    eq(prefixMismatch(before.rows, after.rows), -1, 'every earlier transcript row unchanged');
    eq(prefixMismatch(before.ids, after.ids), -1, 'every earlier identity row unchanged');
    eq(after.rows.length - before.rows.length, fresh.length, 'new transcript rows = new entries our reader sees');
    log(
      `3. compact --yes: rc ${cp.code} in ${cp.ms} ms via ${w.via} (${w.url}); OpenClaw wrote ${fresh.length} row(s) (${freshFull.map((e) => (e.type === 'custom' ? `custom ${e.customType}` : e.type)).join(', ')}), compaction ${ce.id} chained to ${ce.parentId}: ` +
        `tokens ${ce.tokensBefore} → ${ce.tokensAfter} (written: ${w.tokensBefore} → ${w.tokensAfter}), firstKeptEntryId ${ce.firstKeptEntryId} (our plan's: ${plan.firstKeptEntryId}), summary ${ce.summary.length} chars (our plan's ${plan.summary.length}); no row of ours`,
    );
    log(`   $ ${cp.line}`);

    // 3b. right after that compaction our planner has nothing to summarise, but the session is OpenClaw's: its own
    // compaction is offered (`gatewayOffer`), never a silent "nothing". Nothing was said since the compaction, so
    // OpenClaw would only re-summarise its summary (it does not shrink the context): --yes alone refuses it
    // (exit 1, does-not-shrink) before any connection, and --dry-run says what OpenClaw would do.
    const dgc = transcriptDigest(sid);
    const offerDry = await runCli(['compact', CLIKEY, '--dry-run', ...S], withToken);
    const od = cliJson(offerDry);
    eq([offerDry.code, od.status, od.plan, od.gatewayOffer && od.gatewayOffer.justCompacted, od.gatewayOffer && od.gatewayOffer.explicit], [0, 'planned', null, true, true], 'compact --dry-run right after a compaction: planned, no plan of ours, the Gateway offer (just compacted, not the default)');
    assert(/just compacted/.test(od.reason), `compact --dry-run right after a compaction: why our planner has no plan: ${od.reason}`);
    const again = await runCli(['compact', CLIKEY, '--yes', ...S], withToken);
    const aj = cliJson(again);
    eq([again.code, aj.status, aj.refusal && aj.refusal.code], [1, 'refused', 'does-not-shrink'], 'compact --yes right after a compaction: refused, does not shrink');
    assert(/OpenClaw would summarise its own summary again/.test(aj.refusal.message) && /--even-if-larger/.test(aj.refusal.message), `compact --yes right after a compaction: the refusal says why and how: ${aj.refusal.message}`);
    eq(transcriptDigest(sid), dgc, 'compact right after a compaction (dry run, refused): transcript rows and identity rows unchanged');
    log(`3b. right after the compaction: compact --dry-run rc ${offerDry.code} (gatewayOffer: why "${od.gatewayOffer.why.slice(0, 80)}…", keepRecentTokens ${od.gatewayOffer.keepRecentTokens}, used ${od.gatewayOffer.used}/${od.gatewayOffer.window}, compactionAt ${od.gatewayOffer.compactionAt}); compact --yes rc ${again.code}: "${aj.refusal.message}"`);

    await refusals('b', ['undo-compact', CLIKEY, '--compaction', ce.id, '--yes']);

    // 6. undo-compact → sessions.rewind to the last user message before the compaction; the next turn gets the
    // pre-compaction history
    const lastUser = v1.ctx.path.slice(0, v1.ctx.path.findIndex((e) => e.id === ce.id)).filter((e) => e.kind === 'message' && e.role === 'user').at(-1);
    const un = await runCli(['undo-compact', CLIKEY, '--compaction', ce.id, '--yes', ...S], withToken);
    const uj = cliJson(un);
    assert(un.code === 0, `undo-compact --yes: rc ${un.code}: ${tail(un.err)} | ${JSON.stringify(uj).slice(0, 300)}`);
    eq([uj.status, uj.compactionId, uj.written && uj.written.via, uj.written && uj.written.url, uj.written && uj.written.rewoundTo, uj.written && uj.written.editorText], ['undone', ce.id, 'gateway', GW_URL, lastUser.id, CT.t4], 'undo-compact: status, compaction, via, url, rewoundTo (turn 4’s user message), editorText');
    assert(uj.session && uj.session.sessionId && uj.session.sessionId !== sid, `undo-compact reports the new transcript generation's session id (got ${uj.session && uj.session.sessionId}, was ${sid})`);
    log(`6. undo-compact --yes: rc ${un.code} in ${un.ms} ms via ${uj.written.via}: rewound to ${uj.written.rewoundTo} (turn 4), editorText = turn 4`);
    log(`   $ ${un.line}`);
    const from5 = llmRequests().length;
    const t5 = await clientTurn(c, CLIKEY, CT.t5);
    const m5 = modelMessages(turnRequest(from5, 'CLI turn 5'));
    const users5 = m5.filter((m) => m.role === 'user').map((m) => cleanUser(textOf(Array.isArray(m.content) ? [m.content[0]] : m.content)));
    eq(users5, [CT.t1, CT.t2, CT.t3, CT.t5], 'the user messages the model got after the undo (pre-compaction history: turns 1–3, then the new prompt)');
    assert(!m5.some((m) => textOf(m.content).includes('<summary>')), 'the compaction summary still reached the model after the undo');
    let v2note = '';
    try {
      const v2 = readOurs(CLIKEY);
      v2note = `; our SqliteSessionStore: session ${v2.row.sessionId}${v2.row.sessionId !== sid ? ' (a new generation)' : ''}, compaction on the path: ${v2.ctx.compaction ? v2.ctx.compaction.id : 'none'}, last reply "${textOf(v2.full.get(v2.ctx.items.at(-1).id)?.message?.content)}"`;
    } catch (e) {
      v2note = `; NOTE our SqliteSessionStore: ${e.message}`;
    }
    log(`   turn 5 after the undo (${t5.ms} ms): the model got ${m5.map((m) => m.role[0]).join('')} (users: turns 1, 2, 3, 5; no summary)${v2note}`);

    const n = assertCliOutputClean([WRONG]);
    log(`secrets: ${CLI_RUNS.length} CLI runs, none printed the token, the wrong token or the CLI's device token (${n} secret(s) checked); CLI runs: ${CLI_RUNS.map((r) => `${r.tag.slice(7)} ${r.ms} ms`).join(', ')}`);
    assertClientLogsClean();
  } finally {
    await endGatewayTest(gw);
  }
});
