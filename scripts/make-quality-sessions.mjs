// Builds the planted-facts compaction benchmark (issue 18), test/fixtures/quality-bench/, with the REAL OpenClaw
// 2026.9.6 run offline against the shared scripted fake model (../shared/tools/openclaw-real/fake-llm.mjs), through
// the harness of scripts/openclaw-offline.mjs (as scripts/make-second-state.mjs does). The sessions and their facts
// are in scripts/lib/quality-sessions/<set>.mjs; every turn goes through the Gateway's chat.send, and the scripted model
// reads and writes the workspace files with OpenClaw's own tools.
//
// Per set (tuning, held-out … held-out-30: all tuned on or read by now; held-out-31 … held-out-35: held-out sets,
// never tuned on; each held-out set written by an independent writer who never saw the extraction code), in
// <out>/<set>/:
//   state/                      the state dir BEFORE OpenClaw's compaction (config, the agent DB gzipped without
//                               its trajectory_runtime_events trace, see shrinkDb; the workspace)
//   sessions/<id>/expected.json every planted fact: category, the exact strings that must survive, reasons
//   sessions/<id>/openclaw-compaction.json   OpenClaw's own compaction of that session (sessions.compact, run after
//                               the state was copied): its summary, firstKeptEntryId, tokens before / after
// The window is 200k (no automatic compaction while the turns are played) and keepRecentTokens 20,000 (ours and
// OpenClaw's), so the facts fall into the part a compaction drops.
//
//   $NODE24_BIN scripts/make-quality-sessions.mjs [--set tuning|held-out|held-out-2|…|held-out-38] [--out dir]
//   (OPENCLAW_APP set: test/interop/setup.sh prints it; compile out/ first: npx tsc -p .; MAKE_QUALITY_KEEP=1 keeps
//   the temp dirs)
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { OfflineOpenClaw, offlinePrereqs, shipFixture } from './openclaw-offline.mjs';
import { sleep, waitFor } from '../test/support/process.mjs';
import { fillerTurns } from './lib/quality-sessions/gen.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { DatabaseSync } = require('node:sqlite');
const JSON5 = require(path.join(ROOT, 'node_modules', 'json5'));
const die = (msg) => {
  console.error(`make-quality-sessions: ${msg}`);
  process.exit(2);
};
const args = process.argv.slice(2);
const opt = (f, d) => (args.includes(f) ? args[args.indexOf(f) + 1] : d);
const { shared: SHARED, app: APP, GatewayClient } = offlinePrereqs(ROOT, die);
const { expectedFacts, normalizeText } = require(path.join(ROOT, 'out', 'bench', 'lib', 'qualityScore.js'));
const OUT = path.resolve(opt('--out', path.join(ROOT, 'test', 'fixtures', 'quality-bench')));
const SETS = opt('--set') ? [opt('--set')] : ['tuning', 'held-out', 'held-out-2', 'held-out-3', 'held-out-4', 'held-out-5', 'held-out-6', 'held-out-7', 'held-out-8', 'held-out-9', 'held-out-10', 'held-out-11', 'held-out-12', 'held-out-13', 'held-out-14', 'held-out-15', 'held-out-16', 'held-out-17', 'held-out-18', 'held-out-19', 'held-out-20', 'held-out-21', 'held-out-22', 'held-out-23', 'held-out-24', 'held-out-25', 'held-out-26', 'held-out-27', 'held-out-28', 'held-out-29', 'held-out-30', 'held-out-31', 'held-out-32', 'held-out-33', 'held-out-34', 'held-out-35', 'held-out-36', 'held-out-37', 'held-out-38'];
/** Each set's sessions (scripts/lib/quality-sessions/<set>.mjs). */
const sessionsOf = async (set) => {
  const file = path.join(ROOT, 'scripts', 'lib', 'quality-sessions', `${set}.mjs`);
  if (!fs.existsSync(file)) die(`no sessions for set ${set} (${path.relative(ROOT, file)})`);
  return (await import(file)).SESSIONS;
};

export const WINDOW = 200_000;
export const KEEP_RECENT_TOKENS = 20_000;
const MODEL = 'scripted-200k';
const TOKEN = 'quality-bench-token-not-secret';
const T0 = Date.now();
const say = (m) => console.log(`\n== ${m} (${((Date.now() - T0) / 1000).toFixed(0)} s)`);
const keyOf = (s) => `agent:main:qb-${s.id}`;

/** The turns of a session as sent: filler expanded; each with the facts planted in it and its position. */
function plan(s, salt) {
  const out = [];
  let seenFiller = false;
  for (const t of s.turns) {
    if (t.filler) {
      seenFiller = true;
      for (const text of fillerTurns(t.filler, salt + out.length, t.style)) out.push({ text, filler: true, tail: !!t.tail });
    } else out.push({ ...t, position: seenFiller ? 'mid' : 'early' });
  }
  return out;
}

/** No filler turn may carry a planted string (it would be "kept" by the tail for the wrong reason). */
function checkFiller(s, turns, facts) {
  for (const t of turns.filter((x) => x.filler)) {
    const text = normalizeText(t.text);
    for (const f of facts) for (const str of [...f.strings, ...(f.reasons ?? [])]) if (text.includes(normalizeText(str))) throw new Error(`${s.id}: filler "${t.text.slice(0, 60)}" carries "${str}"`);
  }
}

function configure(cfg, workspace) {
  const fake = cfg.models.providers.fake;
  const base = fake.models.find((m) => m.id === 'scripted-1');
  if (!base) throw new Error('the shared config template has no fake/scripted-1 model');
  fake.models = [{ ...base, id: MODEL, name: 'Scripted Fake (200k window)', contextWindow: WINDOW, contextTokens: WINDOW }];
  cfg.agents.defaults.model = { primary: `fake/${MODEL}` };
  cfg.agents.defaults.workspace = workspace;
  cfg.agents.defaults.compaction = { ...(cfg.agents.defaults.compaction ?? {}), keepRecentTokens: KEEP_RECENT_TOKENS };
}

/** Every string of a message (text blocks, tool-call arguments, tool results), for checking what was planted. */
function textsOf(v, out = []) {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) textsOf(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) textsOf(x, out);
  return out;
}

async function buildSet(set) {
  const sessions = await sessionsOf(set);
  const TMP = fs.mkdtempSync(path.join(os.tmpdir(), `occtx-quality-${set}-`));
  const oc = await new OfflineOpenClaw({ root: TMP, app: APP, node24: process.execPath, shared: SHARED, token: TOKEN, GatewayClient }).init();
  const S = oc.stateDir;
  const WS = path.join(S, 'workspace');
  const STAGE = path.join(TMP, 'fixture');
  const stop = () => void oc.stopAll().then(() => process.exit(130));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  let client;
  const runs = {};
  try {
    say(`${set}: setup in ${TMP}`);
    oc.writeConfig(JSON5, (cfg) => configure(cfg, WS));
    await oc.startFakeLlm();
    const b = await oc.setupBaseline(WS);
    console.log(`  ${b.version} | node ${process.version} | fake LLM :${oc.llmPort} | Gateway :${oc.gatewayPort}`);
    const preexisting = new Set();
    for (const s of sessions)
      for (const [rel, text] of Object.entries(s.files)) {
        fs.mkdirSync(path.dirname(path.join(WS, rel)), { recursive: true });
        fs.writeFileSync(path.join(WS, rel), text);
        preexisting.add(rel);
      }
    const gw = await oc.startGateway();
    client = new GatewayClient({ url: `ws://127.0.0.1:${oc.gatewayPort}`, token: TOKEN, device: false, requestTimeoutMs: 240_000, connectTimeoutMs: 20_000, reconnect: false, displayName: 'make-quality-sessions' });
    await client.connect();

    for (const [si, s] of sessions.entries()) {
      const key = keyOf(s);
      const turns = plan(s, 7 * si);
      const facts = expectedFacts(s, turns, preexisting);
      checkFiller(s, turns, facts);
      say(`${key}: ${turns.length} turns, ${facts.length} facts`);
      for (const t of turns) await turn(client, oc, key, t.text);
      // every planted string is in the transcript as OpenClaw keeps it
      const h = await client.chatHistory({ sessionKey: key, limit: 1000, maxChars: 500_000 });
      const all = normalizeText(textsOf(h.messages ?? []).join('\n'));
      const missing = facts.flatMap((f) => [...f.strings, ...(f.reasons ?? [])].filter((x) => !all.includes(normalizeText(x))).map((x) => `${f.id} "${x}"`));
      if (missing.length) throw new Error(`${key}: planted strings not in the transcript: ${missing.join(', ')}`);
      runs[s.id] = { key, facts, turns: turns.length, row: oc.row(key) };
    }

    say(`${set}: the state before OpenClaw's compaction`);
    fs.mkdirSync(path.join(STAGE, 'state', 'agents', 'main', 'agent'), { recursive: true });
    const db = new DatabaseSync(oc.dbOf('main'));
    const copy = path.join(STAGE, 'state', 'agents', 'main', 'agent', 'openclaw-agent.sqlite');
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    db.exec(`VACUUM INTO '${copy.replace(/'/g, "''")}'`);
    db.close();
    shrinkDb(copy);
    fs.writeFileSync(`${copy}.gz`, zlib.gzipSync(fs.readFileSync(copy), { level: 9 }));
    fs.rmSync(copy);
    fs.cpSync(WS, path.join(STAGE, 'state', 'workspace'), { recursive: true, filter: (src) => path.basename(src) !== '.git' });

    say(`${set}: OpenClaw's own compaction (sessions.compact) of each session`);
    for (const s of sessions) {
      const { key } = runs[s.id];
      const t1 = Date.now();
      const r = await client.sessionsCompact({ key });
      console.log(`  ${key}: compacted ${r.compacted}, tokensBefore ${r.result?.tokensBefore ?? '?'}, firstKept ${r.result?.firstKeptEntryId ?? '-'} in ${((Date.now() - t1) / 1000).toFixed(1)} s → ${oc.rowText(key)}`);
      runs[s.id].openclaw = { key, compacted: r.compacted === true, reason: r.reason ?? null, summary: r.result?.summary ?? null, firstKeptEntryId: r.result?.firstKeptEntryId ?? null, tokensBefore: r.result?.tokensBefore ?? null, tokensAfter: r.result?.tokensAfter ?? oc.row(key)?.totalTokens ?? null, details: r.result?.details ?? null };
    }
    await client.close();
    await oc.stopGateway(gw);
  } catch (err) {
    await client?.close().catch(() => undefined);
    await oc.stopAll();
    console.error(`make-quality-sessions: FAILED: ${err && err.stack ? err.stack : err}\n  logs: ${oc.logs}\n  the temp dir is kept for a look: ${TMP}`);
    process.exit(1);
  }
  await oc.stopAll();

  say(`${set}: assembling`);
  const dest = path.join(OUT, set);
  const cfg = JSON.parse(fs.readFileSync(path.join(S, 'openclaw.json'), 'utf8'));
  delete cfg.agents.defaults.workspace; // portable: the workspace resolves inside the state dir
  if (cfg.logging) delete cfg.logging.file;
  if (cfg.logging && !Object.keys(cfg.logging).length) delete cfg.logging;
  fs.writeFileSync(path.join(STAGE, 'state', 'openclaw.json'), JSON.stringify(cfg, null, 2) + '\n');
  const portable = (v) => JSON.parse(JSON.stringify(v).split(S).join('<state>').split(TMP).join('<root>'));
  for (const s of sessions) {
    const r = runs[s.id];
    const dir = path.join(STAGE, 'sessions', s.id);
    fs.mkdirSync(dir, { recursive: true });
    const expected = { id: s.id, set, key: r.key, agentId: 'main', window: WINDOW, keepRecentTokens: KEEP_RECENT_TOKENS, turns: r.turns, facts: r.facts };
    fs.writeFileSync(path.join(dir, 'expected.json'), JSON.stringify(expected, null, 2) + '\n');
    fs.writeFileSync(path.join(dir, 'openclaw-compaction.json'), JSON.stringify(portable(r.openclaw), null, 2) + '\n');
    console.log(`  ${s.id}: ${r.facts.length} facts; OpenClaw's figure before its compaction: ${r.row?.totalTokens ?? '?'} tokens`);
  }
  let bytes;
  try {
    bytes = shipFixture(STAGE, dest, TMP);
  } catch (err) {
    die(err.message);
  }
  if (process.env.MAKE_QUALITY_KEEP === '1') console.log(`  kept ${TMP}`);
  else fs.rmSync(TMP, { recursive: true, force: true });
  say(`${set}: written to ${path.relative(ROOT, dest) || dest}: ${(bytes / 1024).toFixed(0)} KB`);
}

/** One turn through chat.send, done at its chat end (final). */
async function turn(client, oc, key, message) {
  const runId = `quality-${randomUUID()}`;
  let end;
  const d = client.onEvent('chat', (e) => e && e.runId === runId && ['final', 'error', 'aborted'].includes(e.state) && (end ??= e.state));
  const t0 = Date.now();
  try {
    await client.chatSend({ sessionKey: key, message, idempotencyKey: runId });
    await waitFor(`the end of "${message.slice(0, 40)}"`, () => end, 240_000, 20);
  } finally {
    d.dispose();
  }
  await sleep(200); // the row is written right after the chat end
  console.log(`  ${end} ${((Date.now() - t0) / 1000).toFixed(1)} s  ${message.slice(0, 60).replace(/\n/g, ' ')}…  → ${oc.rowText(key)}`);
  if (end !== 'final') throw new Error(`${key}: "${message.slice(0, 40)}" ended ${end}`);
}

/**
 * The fixture copy without OpenClaw's per-run trace (trajectory_runtime_events: every prompt in full, about 8 MB a
 * set, which nothing of ours reads), so the fixture stays small. The transcripts and session rows are untouched.
 */
function shrinkDb(file) {
  const db = new DatabaseSync(file);
  try {
    db.exec('DELETE FROM trajectory_runtime_events');
    db.exec('VACUUM');
  } finally {
    db.close();
  }
}

for (const set of SETS) await buildSet(set);
process.exit(0); // nothing of ours is left running (stopAll); do not wait for stray handles
