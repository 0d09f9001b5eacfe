// Interop scenario 13 (test/interop/README.md): the second real dataset (test/fixtures/openclaw-second, made by
// scripts/make-second-state.mjs) restored into a state dir of its own, then OpenClaw's own figures
// (`openclaw sessions --json --all-agents` and the session rows' compaction counts) against our built CLI in both
// modes: the local files (`--state-dir`) and a real Gateway on that state dir with the CLI given only its URL and
// token (no local state dir). Needs no earlier test.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { OfflineOpenClaw, tail } from '../../../scripts/openclaw-offline.mjs';
import { cliJson, log, oc, runCli, shared, TMP, TOKEN } from '../fixture.mjs';
import { endingCompaction, openclawFigure, recordedSessions, restoreSecondState, rowCompactions, secondKeys } from '../../support/secondState.mjs';

/** Every number in a JSON document that is not an integer, with its path (`ratio` may have two decimals). */
function nonIntegers(v, at = '$', out = []) {
  if (typeof v === 'number' && !Number.isInteger(v) && !/\.ratio$/.test(at)) out.push(`${at} = ${v}`);
  else if (Array.isArray(v)) v.forEach((x, i) => nonIntegers(x, `${at}[${i}]`, out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) nonIntegers(x, `${at}.${k}`, out);
  return out;
}

const cell = (used, window, percent, estimated) => (used === null || used === undefined ? `unknown/${window}` : `${estimated ? '~' : ''}${used}/${window} (${percent}%)`);

it("13. the second real dataset: our status and sessions equal OpenClaw's own figures for every session, from the local files and through a remote Gateway with no local files", async function () {
  assert(shared.ready, 'setup failed');
  const keys = secondKeys();
  const o2 = await new OfflineOpenClaw({ root: path.join(TMP, 'second'), app: oc.app, node24: oc.node24, shared: oc.shared, token: TOKEN, GatewayClient: oc.GatewayClient, log }).init();
  try {
    restoreSecondState(o2.stateDir, { gatewayPort: o2.gatewayPort, token: TOKEN, llmPort: oc.llmPort, logFile: path.join(o2.logs, 'openclaw.log') });
    const S2 = o2.stateDir;

    // OpenClaw's own figures on the restored state, and the compaction counts of its rows
    const ocs = await o2.openclaw(['sessions', '--json', '--all-agents'], { name: 'sessions' });
    assert.equal(ocs.code, 0, `openclaw sessions --json --all-agents: ${tail(ocs.err + ocs.out)}`);
    const theirs = JSON.parse(ocs.out).sessions;
    const recorded = recordedSessions();
    assert.deepEqual(theirs.map((s) => [s.key, s.totalTokens ?? null, s.contextTokens ?? null]).sort(), recorded.map((s) => [s.key, s.totalTokens ?? null, s.contextTokens ?? null]).sort(), 'the restored state: openclaw sessions must say what it said when the dataset was made');
    const compactions = new Map(Object.entries(rowCompactions(S2)));
    for (const k of [keys.spiral, keys.auto]) assert(compactions.get(k) >= 1, `the dataset: ${k} has no compaction`);
    assert(compactions.get(keys.spiral) >= 4, `the dataset: ${keys.spiral} has ${compactions.get(keys.spiral)} compactions, not 4`);
    assert.equal(new Set(theirs.map((s) => s.contextTokens)).size, 2, 'the dataset: two windows');

    // our CLI: local files, then a real Gateway on the same state dir and the CLI with no local state dir
    const home = path.join(o2.root, 'cli-home'); // no ~/.openclaw in it
    fs.mkdirSync(home, { recursive: true });
    const ours = {};
    const run = async (mode, args, env) => {
      for (const cmd of ['status', 'sessions']) {
        const r = await runCli([cmd, ...args, '--json'], { HOME: home, ...env }, { timeoutMs: 120_000 });
        const j = cliJson(r);
        assert.equal(r.code, 0, `${r.line}: rc ${r.code}: ${tail(r.err)}`);
        assert.equal(r.err.includes('closed before the answer arrived'), false, `${r.line}: the CLI closed the connection before an answer it asked for: ${tail(r.err)}`);
        assert.deepEqual(nonIntegers(j), [], `${r.line}: numbers that are not integers`);
        ours[`${mode} ${cmd}`] = new Map(j.sessions.map((s) => [s.key, s]));
        if (r.err.trim()) log(`${mode} ${cmd} stderr: ${tail(r.err, 5)}`);
      }
    };
    await run('local', ['--state-dir', S2], {});
    const gw = await o2.startGateway();
    try {
      await run('remote', ['--gateway', `ws://127.0.0.1:${o2.gatewayPort}`], { OPENCLAW_GATEWAY_TOKEN: TOKEN });
    } finally {
      await o2.stopGateway(gw);
    }

    // the table, then the checks (every mismatch at once)
    const problems = [];
    const lines = [];
    for (const t of theirs) {
      const { known, used, window, percent } = openclawFigure(t);
      const want = { used, window, percent, compactions: compactions.get(t.key) ?? 0 };
      const row = [`${t.key.length > 34 ? `${t.key.slice(0, 33)}…` : t.key}`.padEnd(35), `${known ? cell(want.used, want.window, want.percent, false) : `(${cell(t.totalTokens, t.contextTokens, 0, false)})`} c${want.compactions}`.padEnd(24)];
      for (const [mode, m] of Object.entries(ours)) {
        const s = m.get(t.key);
        if (!s) {
          problems.push(`${mode}: no session ${t.key}`);
          row.push('(missing)'.padEnd(24));
          continue;
        }
        row.push(`${cell(s.used, s.window, s.percent, s.estimated)} c${s.compactions ?? '?'}`.padEnd(24));
        if (s.window !== want.window) problems.push(`${mode} ${t.key}: window ${s.window}, OpenClaw ${want.window}`);
        if (s.compactions !== want.compactions) problems.push(`${mode} ${t.key}: ${s.compactions} compaction(s), OpenClaw's row ${want.compactions}`);
        if (known && endingCompaction(t.key)) {
          // OpenClaw's figure is the tokensAfter of the compaction the session ends with (messages only, until the next
          // turn; its recorded chat.history says so): we show the next prompt (system prompt + files + tools + messages,
          // an estimate above it) and say what OpenClaw reports; through the Gateway its fixed overhead is derived from
          // the last counted prompt (the Gateway sends no system prompt report).
          if (!(s.basis === 'next-prompt' && s.estimated && s.used > want.used)) problems.push(`${mode} ${t.key}: ${cell(s.used, s.window, s.percent, s.estimated)} (${s.basis}), not the next prompt's estimate above OpenClaw's post-compaction ${want.used}`);
          if ('openclawReports' in s && s.openclawReports !== want.used) problems.push(`${mode} ${t.key}: OpenClaw reports ${s.openclawReports} in our JSON, OpenClaw ${want.used}`);
        } else if (known) {
          if (s.used !== want.used || s.percent !== want.percent || s.estimated) problems.push(`${mode} ${t.key}: ${cell(s.used, s.window, s.percent, s.estimated)}, OpenClaw ${cell(want.used, want.window, want.percent, false)}`);
        } else if (!(s.used === null || (s.estimated && s.used > 0))) problems.push(`${mode} ${t.key}: ${cell(s.used, s.window, s.percent, s.estimated)} where OpenClaw has no figure (must be unknown or an estimate, never 0)`);
      }
      lines.push(row.join(' '));
    }
    for (const [mode, m] of Object.entries(ours)) if (m.size !== theirs.length) problems.push(`${mode}: ${m.size} sessions, OpenClaw ${theirs.length}`);
    log('OpenClaw: `openclaw sessions --json --all-agents`, c = the row\'s compactionCount; (…): no figure (not fresh, or the 0 of a failed-only session); ~: our estimate');
    log(`${'session'.padEnd(35)} ${'OpenClaw'.padEnd(24)} ${Object.keys(ours).map((k) => k.padEnd(24)).join(' ')}`);
    for (const l of lines) log(l);
    assert.deepEqual(problems, [], `our figures differ from OpenClaw's:\n  ${problems.join('\n  ')}`);
  } finally {
    await o2.stopAll();
  }
});
