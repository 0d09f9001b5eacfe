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
import { fileURLToPath } from 'node:url';
import { OfflineOpenClaw, offlinePrereqs } from './openclaw-offline.mjs';
import { ChatDriver, configureAgents, portableText, recordCliOracle, recordGatewayOracle, shipDataset, wsOf as wsIn } from './offline-dataset.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
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
const wsOf = (agent) => wsIn(S, agent);
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => void oc.stopAll().then(() => process.exit(130)));

/** The run's config: the shared template with the two models and the two agents, each on its own model. */
const configure = (cfg) => configureAgents(cfg, { models: MODELS, agents: AGENTS, stateDir: S });

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
let chat;
const turn = (...a) => chat.turn(...a);
const command = (key, text) => chat.command(key, text);
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

const portable = portableText(S, TMP);

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
  chat = await ChatDriver.connect({ oc, GatewayClient, token: TOKEN, name: 'make-second-state', prefix: 'second' });
  client = chat.client;

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
  const list = await recordGatewayOracle(client, path.join(TMP, 'oracle'), portable);
  console.log(`  ${(list.sessions ?? []).length} sessions listed`);
  await client.close();
  await oc.stopGateway(gw);

  say('what `openclaw sessions --json --all-agents` says');
  console.log(await recordCliOracle(oc, path.join(TMP, 'oracle'), portable));
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
let bytes;
try {
  bytes = shipDataset({ stateDir: S, root: TMP, out: OUT, agents: Object.keys(AGENTS), keys: { ...K, fork: forkKey, windows: Object.fromEntries(Object.entries(AGENTS).map(([a, m]) => [a, MODELS[m]])) }, keep: process.env.MAKE_SECOND_KEEP === '1' });
} catch (err) {
  die(err.message);
}
say(`written to ${path.relative(ROOT, OUT) || OUT}: ${(bytes / 1024).toFixed(0)} KB`);
