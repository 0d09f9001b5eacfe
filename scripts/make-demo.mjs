// Builds the bundled demo state (demo/openclaw-state) with the REAL OpenClaw 2026.9.6, offline, driven by the
// shared scripted fake model. Run it through scripts/make-demo.sh (`npm run make:demo`), which installs OpenClaw,
// compiles out/ (our Gateway client tells when a Gateway is ready), builds dist/cli.js and runs this under Node 24
// with NODE24_BIN and OPENCLAW_APP set. What the demo holds is described at the top of scripts/make-demo.sh.
//
//   node scripts/make-demo.mjs [out dir]      (default demo/openclaw-state; MAKE_DEMO_KEEP=1 keeps the temp dir)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { OfflineOpenClaw, tail } from './openclaw-offline.mjs';
import { AGENTS, DEMO_CONFIG, KEYS, SCENARIOS, seedWorkspaces } from './demo-scenarios.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { DatabaseSync } = require('node:sqlite');
const JSON5 = require(path.join(ROOT, 'node_modules', 'json5'));

const die = (msg) => {
  console.error(`make-demo: ${msg}`);
  process.exit(2);
};
const SHARED = path.join(path.resolve(process.env.OPENCLAW_SHARED_DIR || path.join(ROOT, '..', 'shared')), 'tools', 'openclaw-real');
if (!fs.existsSync(path.join(SHARED, 'fake-llm.mjs'))) die(`${SHARED}/fake-llm.mjs is missing: check out shared/ beside the repo or set OPENCLAW_SHARED_DIR`);
const APP = process.env.OPENCLAW_APP;
if (!APP || !fs.existsSync(path.join(APP, 'node_modules', 'openclaw', 'openclaw.mjs'))) die('OPENCLAW_APP is not set or holds no openclaw; run scripts/make-demo.sh');
if (!/^v(2[4-9]|[3-9]\d)\./.test(process.version)) die(`run this under Node 24 (this is ${process.version}); scripts/make-demo.sh does`);
const CLI = path.join(ROOT, 'dist', 'cli.js');
if (!fs.existsSync(CLI)) die('dist/cli.js is missing; run `node scripts/build.mjs` (scripts/make-demo.sh does)');
const CLIENT = path.join(ROOT, 'out', 'src', 'core', 'gateway', 'client.js');
if (!fs.existsSync(CLIENT)) die(`${CLIENT} is missing; compile first (npx tsc -p .; scripts/make-demo.sh does)`);
const { GatewayClient } = require(CLIENT);
const OUT = path.resolve(process.argv[2] || path.join(ROOT, 'demo', 'openclaw-state'));

const T0 = Date.now();
const say = (m) => console.log(`\n== ${m} (${((Date.now() - T0) / 1000).toFixed(0)} s)`);
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'occtx-make-demo-'));
const oc = await new OfflineOpenClaw({ root: TMP, app: APP, node24: process.execPath, shared: SHARED, token: DEMO_CONFIG.token, GatewayClient }).init();
const S = oc.stateDir;
const dbOf = (agent, stateDir = S) => path.join(stateDir, 'agents', agent, 'agent', 'openclaw-agent.sqlite');
const wsOf = (agent, stateDir = S) => path.join(stateDir, AGENTS[agent].workspaceDir);
let failed = false;
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => void oc.stopAll().then(() => process.exit(130)));

const row = (key) => oc.row(key);
const rowText = (key) => oc.rowText(key);

/** The driver the scenarios see: turns through the Gateway, OpenClaw's own manual compaction, the session rows. */
const drive = {
  row,
  /** One turn through the running Gateway; `expectFail` for a turn that must fail (the overflow). */
  async turn(key, message, { expectFail = false } = {}) {
    const agent = key.split(':')[1];
    const r = await oc.openclaw(['agent', '--agent', agent, '--session-key', key, '--message', message, '--json', '--timeout', '300'], { name: 'turn' });
    console.log(`  ${r.tag} rc ${r.code} ${(r.ms / 1000).toFixed(1)} s  ${message.slice(0, 60).replace(/\n/g, ' ')}…  → ${rowText(key)}`);
    if (expectFail ? r.code === 0 : r.code !== 0) throw new Error(`turn ${expectFail ? 'did not fail' : `failed (rc ${r.code})`}: ${tail(r.err + r.out)}`);
    return r;
  },
  /** `openclaw sessions compact <key>` (the sessions.compact RPC): OpenClaw's own manual compaction. */
  async compact(key) {
    const r = await oc.openclaw(['sessions', 'compact', key, '--json'], { name: 'compact' });
    if (r.code !== 0) throw new Error(`openclaw sessions compact ${key} failed (rc ${r.code}): ${tail(r.err + r.out)}`);
    console.log(`  ${r.tag} manual compaction of ${key} in ${(r.ms / 1000).toFixed(1)} s → ${rowText(key)}`);
  },
};

try {
  say(`setup: ${TMP}`);
  oc.writeConfig(JSON5, (cfg) => DEMO_CONFIG.forRun(cfg, wsOf));
  await oc.startFakeLlm();
  const b = await oc.setupBaseline(wsOf('main'));
  console.log(`  ${b.version} | node ${process.version} | fake LLM :${oc.llmPort} | Gateway :${oc.gatewayPort}`);
  seedWorkspaces(wsOf, new Date());

  const gw = await oc.startGateway();
  for (const sc of SCENARIOS) {
    say(`${sc.key}: ${sc.shows}`);
    await sc.run(drive);
    const r = row(sc.key);
    const problem = sc.check(r);
    if (problem) throw new Error(`${sc.key}: ${problem} (${rowText(sc.key)})`);
  }
  await oc.stopGateway(gw);
} catch (err) {
  failed = true;
  console.error(`make-demo: FAILED: ${err && err.stack ? err.stack : err}\n  logs: ${oc.logs}`);
} finally {
  await oc.stopAll();
}
if (failed) {
  console.error(`make-demo: the temp dir is kept for a look: ${TMP}`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Assemble the demo state from the run (in a temp dir first; OUT is replaced at the end)

say('assembling the demo state');
const STAGE = path.join(TMP, 'demo-state');
fs.mkdirSync(STAGE, { recursive: true });
// the config as OpenClaw last wrote it, made portable (no temp paths, the harness's default ports)
const cfg = DEMO_CONFIG.forDemo(JSON.parse(fs.readFileSync(path.join(S, 'openclaw.json'), 'utf8')));
fs.writeFileSync(path.join(STAGE, 'openclaw.json'), JSON.stringify(cfg, null, 2) + '\n');
for (const agent of Object.keys(AGENTS).filter((a) => !AGENTS[a].jsonlFrom)) {
  // a checkpointed, consistent copy (VACUUM INTO), as shared/tools/openclaw-real/collect-fixtures.sh makes it
  fs.mkdirSync(path.dirname(dbOf(agent, STAGE)), { recursive: true });
  const db = new DatabaseSync(dbOf(agent));
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.exec(`VACUUM INTO '${dbOf(agent, STAGE).replace(/'/g, "''")}'`);
  db.close();
  copyWorkspace(wsOf(agent), wsOf(agent, STAGE));
}
for (const [agent, a] of Object.entries(AGENTS).filter(([, x]) => x.jsonlFrom)) writeJsonlAgent(agent, a.jsonlFrom);

// one checkpoint made by our own tool
const cp = cli(['checkpoint', 'create', KEYS.checkpoint, '--state-dir', STAGE, '--json']);
if (cp.status !== 'written') throw new Error(`checkpoint create ${KEYS.checkpoint}: ${JSON.stringify(cp)}`);
console.log(`  checkpoint ${cp.id} of ${KEYS.checkpoint}: ${path.relative(STAGE, cp.file)}`);

// what our CLI makes of it
const sessions = cli(['sessions', '--state-dir', STAGE, '--json']).sessions;
for (const s of sessions) console.log(`  ${s.key.padEnd(28)} ${s.era.padEnd(6)} ${s.estimated ? '~' : ' '}${s.used}/${s.window} (${s.percent}%)  ${s.compactions} compaction(s)`);
const plan = cli(['compact', KEYS.long, '--dry-run', '--state-dir', STAGE, '--json']);
if (plan.status !== 'planned') throw new Error(`compact ${KEYS.long} --dry-run: ${plan.status} (${plan.reason})`);
console.log(`  compact ${KEYS.long} --dry-run: ~${plan.plan.quality.tokensBefore} → ~${plan.plan.quality.tokensAfter} tokens (drops ${plan.plan.quality.droppedTokens}), ${plan.plan.summarizedEntries} entries summarised, audit ${plan.plan.audit.ok ? 'ok' : 'fails'}`);

// no key material, and no path of the run's temp root outside the transcripts (which keep the workspace paths
// OpenClaw saw: the header's cwd, the Runtime line), may be shipped
const leaks = [];
walk(STAGE, (f) => {
  const text = fs.readFileSync(f).toString('latin1');
  if (!/\.(sqlite|jsonl)$/.test(f) && text.includes(TMP)) leaks.push(`${path.relative(STAGE, f)}: the temp path ${TMP}`);
  if (/PRIVATE KEY|"deviceToken"\s*:\s*"[^<]/.test(text)) leaks.push(`${path.relative(STAGE, f)}: key material`);
});
if (leaks.length) throw new Error(`the demo would ship:\n  ${leaks.join('\n  ')}`);

// gzip the databases (level 9), then replace OUT
walk(STAGE, (f) => {
  if (!f.endsWith('.sqlite')) return;
  fs.writeFileSync(`${f}.gz`, zlib.gzipSync(fs.readFileSync(f), { level: 9 }));
  fs.rmSync(f);
});
fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(path.dirname(OUT), { recursive: true });
fs.cpSync(STAGE, OUT, { recursive: true });
let bytes = 0;
walk(OUT, (f) => (bytes += fs.statSync(f).size));
if (process.env.MAKE_DEMO_KEEP === '1') console.log(`  kept ${TMP}`);
else fs.rmSync(TMP, { recursive: true, force: true });
say(`demo state written to ${path.relative(ROOT, OUT) || OUT}: ${(bytes / 1024).toFixed(0)} KB`);

// ---------------------------------------------------------------------------------------------

function walk(dir, fn) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, fn);
    else if (e.isFile()) fn(p);
  }
}

/** `node dist/cli.js <args>` under this Node; its JSON. */
function cli(args) {
  const out = execFileSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: path.join(TMP, 'home'), NO_COLOR: '1' } });
  return JSON.parse(out);
}

/** A workspace without OpenClaw's git repository. */
function copyWorkspace(from, to) {
  fs.cpSync(from, to, { recursive: true, filter: (src) => path.basename(src) !== '.git' });
}

/** Every event of a transcript generation, in order (zstd rows decompressed). */
function transcriptEvents(agent, sessionId) {
  const db = new DatabaseSync(dbOf(agent, STAGE), { readOnly: true });
  try {
    return db
      .prepare('SELECT event_json, event_zstd FROM transcript_events WHERE session_id = ? ORDER BY seq')
      .all(sessionId)
      .map((r) => JSON.parse(r.event_json ?? zlib.zstdDecompressSync(r.event_zstd).toString('utf8')));
  } finally {
    db.close();
  }
}

/**
 * A JSONL-era agent (sessions.json + <sessionId>.jsonl, header version 3) holding copies of real transcripts of
 * this run: `from` maps its session keys to the SQLite keys they copy. Each row takes the SQLite row's fields that
 * the JSONL era had.
 */
function writeJsonlAgent(agent, from) {
  const dir = path.join(STAGE, 'agents', agent, 'sessions');
  fs.mkdirSync(dir, { recursive: true });
  const rows = {};
  for (const [key, srcKey] of Object.entries(from)) {
    const src = row(srcKey);
    const events = transcriptEvents(srcKey.split(':')[1], src.sessionId);
    if (events[0]?.type !== 'session') throw new Error(`${srcKey}: the transcript does not start with its header`);
    if (events.some((e) => e.type === 'leaf' || e.type === 'reset')) throw new Error(`${srcKey}: leaf/reset entries did not exist in the JSONL era`);
    events[0].version = 3;
    fs.writeFileSync(path.join(dir, `${src.sessionId}.jsonl`), events.map((e) => JSON.stringify(e)).join('\n') + '\n');
    const r = { sessionId: src.sessionId, sessionFile: `${src.sessionId}.jsonl` };
    for (const k of ['updatedAt', 'totalTokens', 'totalTokensFresh', 'inputTokens', 'outputTokens', 'contextTokens', 'model', 'modelProvider', 'status']) if (src[k] !== undefined) r[k] = src[k];
    r.compactionCount = events.filter((e) => e.type === 'compaction').length;
    rows[key] = r;
  }
  fs.writeFileSync(path.join(dir, 'sessions.json'), JSON.stringify(rows, null, 2) + '\n');
}
