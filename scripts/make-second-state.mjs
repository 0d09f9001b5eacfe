// Builds the second real OpenClaw dataset, test/fixtures/openclaw-second/ (issue 17), with the REAL OpenClaw
// 2026.9.6 run offline against the shared scripted fake model (../shared/tools/openclaw-real/fake-llm.mjs), through
// the harness of scripts/openclaw-offline.mjs. Nothing in it was written with our own tool.
//
//   two agents with different windows, each through its own model (agents.entries.<id>.model):
//     main  fake/scripted-49k (49,000 tokens)     ops  fake/scripted-25k (25,000 tokens)
//   sessions (turns through the Gateway's chat.send; the RPCs are the Gateway's own):
//     agent:main:main      ordinary: a read, an exec, a few answers
//     agent:main:incident  its last turn fails with a provider context overflow (#overflow): status failed
//     agent:main:first-overflow  its only turn fails with a context overflow: OpenClaw has no figure for it
//     agent:main:rewind    four turns, then sessions.rewind to turn 3's user message, then one more turn
//     agent:main:<fork>    sessions.fork of agent:main:rewind at turn 2 (the key is OpenClaw's)
//     agent:main:reset     a few turns, then `/reset` sent as a message, then one more turn
//     agent:ops:main       ordinary, in the 25k window
//     agent:ops:spiral     compacted four times within a minute (sessions.compact between one-line turns): the last
//                          compactions summarise little more than the previous summary, so each leaves more than the one
//                          before; a fifth right after the fourth (nothing new) is refused
//     agent:ops:auto       OpenClaw's own memory flush and automatic compaction (#pad turns until it compacts)
//     agent:ops:new        a few turns, then `/new`, then one more turn
//   and what OpenClaw itself says about them at the end (the oracle of test/interop/scenarios/13-second-state):
//     cli/sessions.json       `openclaw sessions --json --all-agents` (Gateway stopped)
//     gateway/sessions-list.json, gateway/chat-history/<key>.json   the Gateway's answers (sessions.list, chat.history)
//
//   $NODE24_BIN scripts/make-second-state.mjs [out dir]   (OPENCLAW_APP set: test/interop/setup.sh prints it;
//   compile out/ first: our Gateway client tells when a Gateway is ready; MAKE_SECOND_KEEP=1 keeps the temp dir)
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { OfflineOpenClaw, offlinePrereqs, shipFixture, tail } from './openclaw-offline.mjs';
import { sleep, waitFor } from '../test/support/process.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { DatabaseSync } = require('node:sqlite');
const JSON5 = require(path.join(ROOT, 'node_modules', 'json5'));
const die = (msg) => {
  console.error(`make-second-state: ${msg}`);
  process.exit(2);
};
const { shared: SHARED, app: APP, GatewayClient } = offlinePrereqs(ROOT, die);
const OUT = path.resolve(process.argv[2] || path.join(ROOT, 'test', 'fixtures', 'openclaw-second'));

/** The two windows, one model each. */
export const MODELS = { 'scripted-49k': 49_000, 'scripted-25k': 25_000 };
export const AGENTS = { main: 'scripted-49k', ops: 'scripted-25k' };
const TOKEN = 'second-state-token-not-secret';

const T0 = Date.now();
const say = (m) => console.log(`\n== ${m} (${((Date.now() - T0) / 1000).toFixed(0)} s)`);
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'occtx-second-state-'));
const oc = await new OfflineOpenClaw({ root: TMP, app: APP, node24: process.execPath, shared: SHARED, token: TOKEN, GatewayClient }).init();
const S = oc.stateDir;
const wsOf = (agent, stateDir = S) => path.join(stateDir, agent === 'main' ? 'workspace' : `workspace-${agent}`);
const dbOf = (agent, stateDir = S) => path.join(stateDir, 'agents', agent, 'agent', 'openclaw-agent.sqlite');
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => void oc.stopAll().then(() => process.exit(130)));

/** The run's config: the shared template with the two models and the two agents, each on its own model. */
function configure(cfg) {
  const fake = cfg.models.providers.fake;
  const base = fake.models.find((m) => m.id === 'scripted-1');
  if (!base) throw new Error('the shared config template has no fake/scripted-1 model');
  fake.models = Object.entries(MODELS).map(([id, w]) => ({ ...base, id, name: `Scripted Fake (${w / 1000}k window)`, contextWindow: w, contextTokens: w }));
  cfg.agents.defaults.model = { primary: `fake/${AGENTS.main}` };
  cfg.agents.defaults.workspace = wsOf('main');
  cfg.agents.ownership = 'explicit';
  cfg.agents.defaults.systemAgent = { agentId: 'main' };
  cfg.agents.entries = Object.fromEntries(Object.entries(AGENTS).map(([id, model]) => [id, { workspace: wsOf(id), model: `fake/${model}` }]));
}

/** A workspace file of about `chars` characters (for #read turns that fill the context). */
function seed() {
  const line = (i) => `- ${String(i).padStart(3, '0')} ORD-${4400 + i}: packed, courier pickup booked; the export log shows timeout after 30s on batch ${i}.\n`;
  fs.mkdirSync(path.join(wsOf('main'), 'notes'), { recursive: true });
  fs.writeFileSync(path.join(wsOf('main'), 'notes', 'orders.md'), `# Orders\n\n${Array.from({ length: 240 }, (_, i) => line(i)).join('')}`);
  fs.mkdirSync(path.join(wsOf('ops'), 'notes'), { recursive: true });
  fs.writeFileSync(path.join(wsOf('ops'), 'notes', 'runbook.md'), `# Runbook\n\n${Array.from({ length: 60 }, (_, i) => line(i)).join('')}`);
}

const row = (key) => oc.row(key);
const rowText = (key) => oc.rowText(key);

let client;
/** One turn through chat.send; resolves with the run's chat end state ('final', 'error', 'aborted' or 'none'). */
async function turn(key, message, { expect = 'final', waitMs = 240_000 } = {}) {
  const runId = `second-${randomUUID()}`;
  let end;
  const d = client.onEvent('chat', (e) => e && e.runId === runId && ['final', 'error', 'aborted'].includes(e.state) && (end ??= e.state));
  const t0 = Date.now();
  try {
    await client.chatSend({ sessionKey: key, message, idempotencyKey: runId });
    await waitFor(`the end of "${message.slice(0, 40)}"`, () => end, waitMs, 20).catch((e) => {
      if (expect !== 'none') throw e;
    });
  } finally {
    d.dispose();
  }
  await sleep(300); // the row is written right after the chat end
  console.log(`  ${end ?? 'none'} ${((Date.now() - t0) / 1000).toFixed(1)} s  ${message.slice(0, 50).replace(/\n/g, ' ')}…  → ${rowText(key)}`);
  if ((end ?? 'none') !== expect) throw new Error(`${key}: "${message.slice(0, 40)}" ended ${end ?? 'without a chat end'}, expected ${expect}`);
}
/** A slash command sent as a message (`/reset`, `/new`): done at its chat end or its sessions.changed (reset / new). */
async function command(key, text) {
  const before = row(key)?.sessionId;
  const runId = `second-${randomUUID()}`;
  const seen = [];
  const d1 = client.onEvent('chat', (e) => e && e.runId === runId && ['final', 'error', 'aborted'].includes(e.state) && seen.push(`chat ${e.state}`));
  const d2 = client.onEvent('sessions.changed', (e) => e && e.sessionKey === key && /reset|new/.test(String(e.reason)) && seen.push(`changed ${e.reason}`));
  try {
    await client.chatSend({ sessionKey: key, message: text, idempotencyKey: runId });
    await waitFor(`${text} on ${key}`, () => seen.length, 120_000, 50);
    await sleep(2000); // a greeting run may follow
  } finally {
    d1.dispose();
    d2.dispose();
  }
  console.log(`  ${text}: ${seen.join(', ')}; session ${before} → ${row(key)?.sessionId}  → ${rowText(key)}`);
}
async function compact(key) {
  const t0 = Date.now();
  const r = await client.sessionsCompact({ key });
  console.log(`  sessions.compact: compacted ${r.compacted}, tokensBefore ${r.tokensBefore ?? r.result?.tokensBefore ?? '?'} in ${((Date.now() - t0) / 1000).toFixed(1)} s  → ${rowText(key)}`);
  return r;
}
/** The transcript id of the user message of the active history that contains `needle`. */
async function userId(key, needle) {
  const h = await client.chatHistory({ sessionKey: key, limit: 1000, maxChars: 100_000 });
  const text = (c) => (typeof c === 'string' ? c : Array.isArray(c) ? c.map((b) => b?.text ?? '').join('\n') : '');
  const m = (h.messages ?? []).find((x) => x.role === 'user' && text(x.content).includes(needle));
  if (!m?.__openclaw?.id) throw new Error(`${key}: no user message with "${needle}" in chat.history`);
  return m.__openclaw.id;
}

const K = {
  main: 'agent:main:main',
  incident: 'agent:main:incident',
  firstFail: 'agent:main:first-overflow',
  rewind: 'agent:main:rewind',
  reset: 'agent:main:reset',
  opsMain: 'agent:ops:main',
  spiral: 'agent:ops:spiral',
  auto: 'agent:ops:auto',
  newer: 'agent:ops:new',
};

/** OpenClaw's answers without the run's temp paths (the state dir reads `<state>`). */
const portable = (text) => text.split(S).join('<state>').split(TMP).join('<root>');

let failed = false;
let forkKey;
try {
  say(`setup: ${TMP}`);
  oc.writeConfig(JSON5, configure);
  await oc.startFakeLlm();
  const b = await oc.setupBaseline(wsOf('main'));
  console.log(`  ${b.version} | node ${process.version} | fake LLM :${oc.llmPort} | Gateway :${oc.gatewayPort}`);
  seed();
  const gw = await oc.startGateway();
  client = new GatewayClient({ url: `ws://127.0.0.1:${oc.gatewayPort}`, token: TOKEN, device: false, requestTimeoutMs: 240_000, connectTimeoutMs: 20_000, reconnect: false, displayName: 'make-second-state' });
  await client.connect();

  say('agent:main:main, agent:ops:main: ordinary sessions');
  await turn(K.main, 'Good morning! What is in the order notes? #read notes/orders.md');
  await turn(K.main, 'List the workspace. #exec ls -1');
  await turn(K.main, 'Which orders are late?');
  await turn(K.opsMain, 'Open the runbook. #read notes/runbook.md');
  await turn(K.opsMain, 'Summarise step one. #reply Step one: check the export job log and the DB pool.');

  say('agent:main:incident: the last turn fails with a context overflow');
  await turn(K.incident, 'Incident INC-2291: the nightly export failed. Read the order notes. #read notes/orders.md');
  await turn(K.incident, 'What should we check first? #reply The DB connection pool, then the S3 upload step.');
  const pasted = Array.from({ length: 90 }, (_, i) => `02:${String(14 + (i >> 4)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')} export batch ${i}: ERROR timeout after 30s (pool exhausted, 20/20 in use)`).join('\n');
  await turn(K.incident, `Here is the full export log of the last 30 days; analyse every line. #overflow\n${pasted}`, { expect: 'error' });
  if (row(K.incident)?.status !== 'failed') throw new Error(`${K.incident}: status ${row(K.incident)?.status}, not failed`);
  // a session whose only turn failed: OpenClaw has no figure for it (unknown)
  await turn(K.firstFail, `Analyse this log before anything else. #overflow\n${pasted}`, { expect: 'error' });

  say('agent:ops:spiral: compacted again and again within a minute');
  await turn(K.spiral, 'Open the runbook. #read notes/runbook.md');
  await turn(K.spiral, 'Show the export log lines of batch 1. #pad 120');
  await turn(K.spiral, 'Show the export log lines of batch 2. #pad 120');
  await compact(K.spiral);
  for (let i = 3; i <= 5; i++) {
    await turn(K.spiral, `Batch ${i}: anything new? #reply Nothing new in batch ${i}.`);
    await compact(K.spiral);
  }
  // once more at once, with no turn in between: the summary of a summary
  await compact(K.spiral).catch((e) => console.log(`  ${K.spiral} sessions.compact right after: ${e.message}`));
  const sp = row(K.spiral);
  if ((sp?.compactionCount ?? 0) < 4) throw new Error(`${K.spiral}: ${sp?.compactionCount ?? 0} compaction(s), not 4`);

  say("agent:ops:auto: OpenClaw's own memory flush and automatic compaction in the 25k window");
  for (let i = 1; i <= 8 && (row(K.auto)?.compactionCount ?? 0) < 1; i++) await turn(K.auto, `Auto batch ${i}: show the raw export log lines. #pad 150`);
  if ((row(K.auto)?.compactionCount ?? 0) < 1) throw new Error(`${K.auto}: no automatic compaction`);
  await turn(K.auto, 'Where are we? #reply Batches reviewed; nothing failed twice.');

  say('agent:main:rewind and its fork');
  for (let i = 1; i <= 4; i++) await turn(K.rewind, `Rewind turn ${i}: plan step ${i} of the BLUE-HERON export. #reply Step ${i} noted.`);
  const u3 = await userId(K.rewind, 'Rewind turn 3');
  const rw = await client.sessionsRewind({ sessionKey: K.rewind, entryId: u3 });
  console.log(`  sessions.rewind to ${u3}: editorText ${JSON.stringify(String(rw.editorText).slice(0, 40))}`);
  await turn(K.rewind, 'Rewind turn 5: after the rewind, what is left? #reply Steps 1 and 2.');
  const u2 = await userId(K.rewind, 'Rewind turn 2');
  const fk = await client.sessionsFork({ sessionKey: K.rewind, entryId: u2 });
  forkKey = fk.sessionKey;
  console.log(`  sessions.fork at ${u2}: ${forkKey}, editorText ${JSON.stringify(String(fk.editorText).slice(0, 40))}`);
  await turn(forkKey, 'Fork turn: take the other road from step 2. #reply Taking the other road.');

  say('agent:main:reset and agent:ops:new: /reset and /new');
  await turn(K.reset, 'Reset turn 1: read the order notes. #read notes/orders.md');
  await turn(K.reset, 'Reset turn 2: which are late? #reply ORD-4417 and ORD-4452.');
  await command(K.reset, '/reset');
  await turn(K.reset, 'After the reset: hello again. #reply Hello again.');
  await turn(K.newer, 'New turn 1: read the runbook. #read notes/runbook.md');
  await command(K.newer, '/new');
  await turn(K.newer, 'After /new: hello. #reply Hello.');

  say('what the Gateway says: sessions.list and chat.history');
  const list = await client.sessionsList({ limit: 1000 });
  fs.mkdirSync(path.join(TMP, 'oracle', 'gateway', 'chat-history'), { recursive: true });
  fs.writeFileSync(path.join(TMP, 'oracle', 'gateway', 'sessions-list.json'), portable(JSON.stringify(list, null, 2)) + '\n');
  for (const s of list.sessions ?? []) {
    const h = await client.chatHistory({ sessionKey: s.key, limit: 1000, maxChars: 100_000 });
    fs.writeFileSync(path.join(TMP, 'oracle', 'gateway', 'chat-history', `${s.key.replace(/[^A-Za-z0-9._-]/g, '_')}.json`), portable(JSON.stringify(h, null, 2)) + '\n');
  }
  console.log(`  ${(list.sessions ?? []).length} sessions listed`);
  await client.close();
  await oc.stopGateway(gw);

  say('what `openclaw sessions --json --all-agents` says');
  const cli = await oc.openclaw(['sessions', '--json', '--all-agents'], { name: 'sessions' });
  if (cli.code !== 0) throw new Error(`openclaw sessions --json --all-agents: rc ${cli.code}: ${tail(cli.err + cli.out)}`);
  fs.mkdirSync(path.join(TMP, 'oracle', 'cli'), { recursive: true });
  fs.writeFileSync(path.join(TMP, 'oracle', 'cli', 'sessions.json'), portable(JSON.stringify(JSON.parse(cli.out), null, 2)) + '\n');
  const txt = await oc.openclaw(['sessions', '--all-agents'], { name: 'sessions-text' });
  const table = portable((txt.out + txt.err).replace(/\x1b\[[0-9;]*m/g, ''));
  fs.writeFileSync(path.join(TMP, 'oracle', 'cli', 'sessions.txt'), table);
  console.log(table);
} catch (err) {
  failed = true;
  console.error(`make-second-state: FAILED: ${err && err.stack ? err.stack : err}\n  logs: ${oc.logs}`);
} finally {
  await client?.close().catch(() => undefined);
  await oc.stopAll();
}
if (failed) {
  console.error(`make-second-state: the temp dir is kept for a look: ${TMP}`);
  process.exit(1);
}

say('assembling the fixture');
const STAGE = path.join(TMP, 'fixture');
const SSTATE = path.join(STAGE, 'state');
fs.mkdirSync(SSTATE, { recursive: true });
const cfg = JSON.parse(fs.readFileSync(path.join(S, 'openclaw.json'), 'utf8'));
delete cfg.agents.defaults.workspace; // portable: the workspaces resolve inside the state dir
for (const a of Object.values(cfg.agents.entries)) delete a.workspace;
if (cfg.logging) delete cfg.logging.file;
if (cfg.logging && !Object.keys(cfg.logging).length) delete cfg.logging;
fs.writeFileSync(path.join(SSTATE, 'openclaw.json'), JSON.stringify(cfg, null, 2) + '\n');
for (const agent of Object.keys(AGENTS)) {
  // a checkpointed, consistent copy (VACUUM INTO), gzipped
  fs.mkdirSync(path.dirname(dbOf(agent, SSTATE)), { recursive: true });
  const db = new DatabaseSync(dbOf(agent));
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.exec(`VACUUM INTO '${dbOf(agent, SSTATE).replace(/'/g, "''")}'`);
  db.close();
  fs.writeFileSync(`${dbOf(agent, SSTATE)}.gz`, zlib.gzipSync(fs.readFileSync(dbOf(agent, SSTATE)), { level: 9 }));
  fs.rmSync(dbOf(agent, SSTATE));
  fs.cpSync(wsOf(agent), wsOf(agent, SSTATE), { recursive: true, filter: (src) => path.basename(src) !== '.git' });
}
fs.cpSync(path.join(TMP, 'oracle'), STAGE, { recursive: true });
fs.writeFileSync(path.join(STAGE, 'keys.json'), JSON.stringify({ ...K, fork: forkKey, windows: Object.fromEntries(Object.entries(AGENTS).map(([a, m]) => [a, MODELS[m]])) }, null, 2) + '\n');
let bytes;
try {
  bytes = shipFixture(STAGE, OUT, TMP);
} catch (err) {
  die(err.message);
}
if (process.env.MAKE_SECOND_KEEP === '1') console.log(`  kept ${TMP}`);
else fs.rmSync(TMP, { recursive: true, force: true });
say(`written to ${path.relative(ROOT, OUT) || OUT}: ${(bytes / 1024).toFixed(0)} KB`);
