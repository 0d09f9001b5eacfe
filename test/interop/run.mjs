#!/usr/bin/env node
// Interop harness: our writer (out/src/core/store/sqliteWriter.js), ownership check, checkpoint restore
// (out/src/core/checkpoint), compaction planner (out/src/core/compaction/plan.js), Gateway client
// (out/src/core/gateway, tests 7–10), the built CLI's Gateway route (dist/cli.js, test 11) and the remote-Gateway
// session cache + context model (out/src/core/gateway/remoteStore.js, out/src/core/context/model.js, test 12)
// against the REAL openclaw@2026.9.6, offline, with the shared fake LLM
// (../shared/tools/openclaw-real/fake-llm.mjs). Tests and findings: test/interop/README.md.
//
//   node test/interop/run.mjs          (under Node 24; scripts/test-interop.sh sets everything up)
//   OCCTX_INTEROP_ONLY=1,7-10 …        (only those numbered tests; setup always runs)
//
// Needs: NODE24_BIN and OPENCLAW_APP (from test/interop/setup.sh), the compiled out/ tree
// (`npx tsc -p .`), for test 11 the bundled CLI (`node scripts/build.mjs` → dist/cli.js), and the shared
// harness beside the repo (../shared, or $OPENCLAW_SHARED_DIR).
// Everything runs in a fresh temp dir on free 127.0.0.1 ports; every process it starts is stopped
// and the temp dir removed at the end, also on failure (OCCTX_INTEROP_KEEP=1 keeps the temp dir).
import { randomBytes, randomUUID, createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { alive, OfflineOpenClaw, portOpen, sleep, stopProc, stripAnsi, tail, waitFor } from '../../scripts/openclaw-offline.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const KEY = 'agent:main:main';
const T_START = Date.now();

function die(msg) {
  console.error(`interop: ${msg}`);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// Prerequisites

const SHARED = path.resolve(process.env.OPENCLAW_SHARED_DIR || path.join(ROOT, '..', 'shared'));
const H = path.join(SHARED, 'tools', 'openclaw-real');
const FAKE_LLM = path.join(H, 'fake-llm.mjs');
const CONFIG_TEMPLATE = path.join(H, 'config', 'openclaw.json5');
for (const f of [FAKE_LLM, CONFIG_TEMPLATE]) {
  if (!fs.existsSync(f)) die(`${f} is missing. The interop harness uses the shared OpenClaw harness checked out beside the repo (../shared/tools/openclaw-real); set OPENCLAW_SHARED_DIR to its location.`);
}
const NODE24 = process.env.NODE24_BIN || process.execPath;
const APP = process.env.OPENCLAW_APP;
if (!APP || !fs.existsSync(path.join(APP, 'node_modules', 'openclaw', 'openclaw.mjs'))) die('OPENCLAW_APP is not set or has no openclaw install; run `bash test/interop/setup.sh` (scripts/test-interop.sh does).');
const OUT = path.join(ROOT, 'out', 'src', 'core', 'store');
for (const m of ['sqliteWriter.js', 'ownership.js', 'processes.js', 'sqliteStore.js']) if (!fs.existsSync(path.join(OUT, m))) die(`${path.join(OUT, m)} is missing; compile first (npx tsc -p .).`);
if (!/^v(2[4-9]|[3-9]\d)\./.test(process.version)) die(`run this under Node 24 (this is ${process.version}); scripts/test-interop.sh does.`);
const { appendEvents } = require(path.join(OUT, 'sqliteWriter.js'));
const { checkOwnership } = require(path.join(OUT, 'ownership.js'));
const { processStartTime } = require(path.join(OUT, 'processes.js'));
const { SqliteSessionStore } = require(path.join(OUT, 'sqliteStore.js'));
const { rebuildContext, TranscriptIndex } = require(path.join(ROOT, 'out', 'src', 'core', 'context', 'rebuild.js'));
const { DatabaseSync } = require('node:sqlite');
/** Compiled modules of src/core (`out/src/core/<rel>`), merged into one object; loaded when a test needs them. */
function coreModules(...rels) {
  const files = rels.map((r) => path.join(ROOT, 'out', 'src', 'core', ...r.split('/')));
  for (const f of files) if (!fs.existsSync(f)) throw new Error(`${f} is missing; compile first (npx tsc -p .)`);
  return Object.assign({}, ...files.map((f) => require(f)));
}
/** The checkpoint engine, restore planner and session writer (test 3), loaded when that test runs. */
function checkpointModules() {
  return { ...coreModules('checkpoint/index.js', 'checkpoint/restore.js', 'store/sessionWrite.js'), familyFor: coreModules('tokens/estimator.js').familyFor };
}

/** Our compaction planner and the session writer (test 4), loaded when that test runs. */
function compactionModules() {
  return coreModules('compaction/plan.js', 'store/sessionWrite.js');
}

/** An export of OpenClaw's bundle by its source name (the chunk files and export aliases are hashed). */
async function openclawExport(name, prefer = '') {
  const dist = path.join(APP, 'node_modules', 'openclaw', 'dist');
  const files = fs.readdirSync(dist).filter((f) => f.endsWith('.mjs')).sort((a, b) => Number(!a.startsWith(prefer)) - Number(!b.startsWith(prefer)));
  for (const f of files) {
    const m = new RegExp(`\\b${name} as (\\w+)`).exec(fs.readFileSync(path.join(dist, f), 'utf8'));
    if (m) {
      const fn = (await import(pathToFileURL(path.join(dist, f)).href))[m[1]];
      if (typeof fn === 'function') return fn;
    }
  }
  throw new Error(`OpenClaw's bundle (${dist}) exports no ${name}`);
}

// ---------------------------------------------------------------------------------------------
// Processes and cleanup: scripts/openclaw-offline.mjs runs OpenClaw (temp root, free ports, process groups)

let TMP;
let oc;
let cleaning;
/** Our Gateway clients (tests 7–10), closed before the processes stop. */
const gwClients = new Set();
async function cleanup() {
  cleaning ??= (async () => {
    for (const c of [...gwClients]) await c.close().catch(() => undefined);
    if (oc) await oc.stopAll();
    if (TMP && process.env.OCCTX_INTEROP_KEEP !== '1') fs.rmSync(TMP, { recursive: true, force: true });
    else if (TMP) console.log(`interop: kept ${TMP}`);
  })();
  return cleaning;
}
for (const s of ['SIGINT', 'SIGTERM']) {
  process.on(s, () => {
    console.error(`interop: ${s}, cleaning up`);
    void cleanup().then(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// Environment

TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'occtx-interop-'));
const TOKEN = `occtx-${randomBytes(12).toString('hex')}`;
oc = await new OfflineOpenClaw({ root: TMP, app: APP, node24: NODE24, shared: H, token: TOKEN, GatewayClient: gatewayClientModules().GatewayClient, log: (...a) => log(...a) }).init();
const STATE = oc.stateDir;
const WS = path.join(STATE, 'workspace');
const LOGS = oc.logs;
const SYSTMP = oc.env.TMPDIR;
const DB = path.join(STATE, 'agents', 'main', 'agent', 'openclaw-agent.sqlite');
const LLM_LOG = oc.llmLog;
const LLM_PORT = oc.llmPort;
const GW_PORT = oc.gatewayPort;
const ENV = oc.env;
// What our own ownership checks should look at: this state dir, these ports, this temp dir.
const OWN = { tmpDir: SYSTMP, port: GW_PORT };

/** Run `openclaw <args>`; resolves {code, out, err, ms}. */
const openclaw = (args, opts) => oc.openclaw(args, opts);
/** A running Gateway one test hands to the next (test 2 → 3 → 4 → 5), so each does not start its own. */
let gatewayHandoff;
/** `openclaw gateway run` in the background (its own process group), as the shared gateway.sh does. */
const startGateway = () => oc.startGateway();
const stopGateway = (p) => oc.stopGateway(p);

/** One turn through the running Gateway (`openclaw agent` without --local), as the shared turn.sh does. */
async function gatewayTurn(message) {
  const r = await openclaw(['agent', '--agent', 'main', '--message', message, '--json', '--timeout', '300'], { name: 'gwturn' });
  if (r.code !== 0) throw new Error(`openclaw agent (Gateway) failed (rc ${r.code}, ${r.ms} ms): ${tail(stripAnsi(r.err))}`);
  return r;
}

async function turn(message) {
  const r = await openclaw(['agent', '--local', '--agent', 'main', '--message', message, '--json'], { name: 'turn' });
  if (r.code !== 0) throw new Error(`openclaw agent --local failed (rc ${r.code}, ${r.ms} ms): ${tail(r.err)}`);
  let json;
  try {
    json = JSON.parse(r.out.slice(r.out.indexOf('{')));
  } catch {
    throw new Error(`openclaw agent --json printed no JSON: ${tail(r.out)}`);
  }
  return { ...r, json };
}

// ---------------------------------------------------------------------------------------------
// Reading: the fake LLM's request log and our own store

function llmRequests() {
  if (!fs.existsSync(LLM_LOG)) return [];
  return fs
    .readFileSync(LLM_LOG, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}
const textOf = (c) => (typeof c === 'string' ? c : Array.isArray(c) ? c.filter((b) => b && b.type === 'text').map((b) => b.text).join('\n') : c == null ? '' : JSON.stringify(c));
const isInternal = (m) => m.role === 'user' && textOf(m.content).startsWith('<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>');
/** The user prompt as stored: without OpenClaw's "[Sat 2026-11-21 15:36 UTC] " prefix and "\n\nRuntime: …" block. */
const cleanUser = (t) => t.split(/\n\nRuntime: /)[0].replace(/^\[[^\]]*\] /, '');
/** The main (tool-enabled) model request of the turn whose prompt contains `needle`, among requests after `from`. */
function turnRequest(from, needle) {
  const reqs = llmRequests().slice(from).filter((r) => /chat\/completions/.test(r.url) && r.body && Array.isArray(r.body.messages) && Array.isArray(r.body.tools) && r.body.tools.length);
  const hit = reqs.find((r) => r.body.messages.some((m) => m.role === 'user' && textOf(m.content).includes(needle)));
  if (!hit) throw new Error(`no model request carried "${needle}" (${reqs.length} tool-enabled requests after #${from})`);
  return hit;
}

/** Our SqliteSessionStore view of a session: index, context, full entries by id. Diagnostics other than info fail. */
function readOurs(key = KEY) {
  const diags = [];
  const store = new SqliteSessionStore('main', DB, (d) => diags.push(d));
  try {
    const row = store.readRows(true).rows.find((r) => r.key === key);
    if (!row) throw new Error(`our reader finds no session ${key}`);
    const index = new TranscriptIndex();
    index.apply(store.readTranscript(row, undefined, { full: true }));
    const bad = diags.filter((d) => d.severity !== 'info');
    if (bad.length) throw new Error(`our reader reported: ${bad.map((d) => d.message).join('; ')}`);
    const entries = store.loadEntries(row, index.entries);
    const full = new Map(index.entries.map((m, i) => [m.id, entries[i]]));
    return { row, index, ctx: rebuildContext(index), full };
  } finally {
    store.close();
  }
}
function findUser(view, needle) {
  const m = view.index.entries.find((e) => e.kind === 'message' && e.role === 'user' && textOf(view.full.get(e.id)?.message?.content).includes(needle));
  if (!m) throw new Error(`no stored user message contains "${needle}"`);
  return m;
}

/** A digest of every transcript row and identity row of a session (read-only connection). */
function transcriptDigest(sessionId) {
  const db = new DatabaseSync(DB, { readOnly: true });
  try {
    const h = createHash('sha256');
    const rows = db.prepare('SELECT seq, event_json, hex(event_zstd) AS z, created_at FROM transcript_events WHERE session_id = ? ORDER BY seq').all(sessionId);
    for (const r of rows) h.update(JSON.stringify(r));
    const ids = db.prepare('SELECT * FROM transcript_event_identities WHERE session_id = ? ORDER BY seq').all(sessionId);
    for (const r of ids) h.update(JSON.stringify(r));
    return { digest: h.digest('hex'), rows: rows.length, maxSeq: rows.length ? rows.at(-1).seq : -1, identities: ids.length };
  } finally {
    db.close();
  }
}

/** Every transcript row and identity row of a session, as stored (read-only connection). */
function rawTranscript(sessionId) {
  const db = new DatabaseSync(DB, { readOnly: true });
  try {
    const rows = db.prepare('SELECT seq, event_json, hex(event_zstd) AS z, created_at FROM transcript_events WHERE session_id = ? ORDER BY seq').all(sessionId).map((r) => JSON.stringify(r));
    const ids = db.prepare('SELECT * FROM transcript_event_identities WHERE session_id = ? ORDER BY seq').all(sessionId).map((r) => JSON.stringify(r));
    return { rows, ids };
  } finally {
    db.close();
  }
}
/** Index of the first element where `b` differs from the prefix `a` (-1: `b` starts with all of `a`). */
function prefixMismatch(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

/**
 * OpenClaw's transcript projection of a session (`session_transcript_index_state`) against the
 * transcript itself: `current` when every row is indexed and no rebuild is pending, i.e. when
 * OpenClaw's turns can read the session.
 */
function projectionState(sessionId) {
  const db = new DatabaseSync(DB, { readOnly: true });
  try {
    const s = db.prepare('SELECT indexed_seq AS indexedSeq, needs_rebuild AS needsRebuild FROM session_transcript_index_state WHERE session_id = ?').get(sessionId);
    const m = db.prepare('SELECT max(seq) AS maxSeq FROM transcript_events WHERE session_id = ?').get(sessionId);
    const st = { indexedSeq: s?.indexedSeq ?? null, needsRebuild: s?.needsRebuild ?? null, maxSeq: m?.maxSeq ?? null };
    return { ...st, current: st.indexedSeq !== null && st.indexedSeq === st.maxSeq && st.needsRebuild === 0 };
  } finally {
    db.close();
  }
}
const projText = (p) => `indexed_seq ${p.indexedSeq}, needs_rebuild ${p.needsRebuild}, max seq ${p.maxSeq}`;

/** The model request's message before the new prompt (containing `needle`), which must be a user message. */
function messageBefore(req, needle) {
  const msgs = req.body.messages;
  const idx = msgs.findIndex((m) => m.role === 'user' && textOf(m.content).includes(needle));
  const prev = msgs[idx - 1];
  assert(idx > 0 && prev && prev.role === 'user', `the message before the new prompt is ${prev && prev.role}, not user`);
  return { prev, idx, msgs };
}

/** How OpenClaw 2026.9.6 puts a compaction summary in front of the kept tail (a user message of one text block). */
const summaryMessage = (summary) => `The conversation history before this point was compacted into the following summary:\n\n<summary>\n${summary}\n</summary>`;
/** Tool-call ids as the model sees them: OpenClaw sends them without the non-alphanumerics (`call_ab12` → `callab12`). */
const callId = (id) => String(id ?? '').replace(/[^A-Za-z0-9]/g, '');
/** A model-request message reduced to what the transcript determines: role, text, tool calls with their arguments. */
function requestShape(m) {
  if (m.role === 'user') return { role: 'user', text: cleanUser(textOf(Array.isArray(m.content) ? [m.content[0]] : m.content)) };
  if (m.role === 'assistant') return { role: 'assistant', text: textOf(m.content), calls: (m.tool_calls ?? []).map((c) => ({ id: callId(c.id), name: c.function?.name, args: JSON.parse(c.function?.arguments || '{}') })) };
  if (m.role === 'tool') return { role: 'tool', id: callId(m.tool_call_id), text: textOf(m.content) };
  return { role: m.role, text: textOf(m.content) };
}
/** A transcript entry (full JSON) reduced the same way, as the model should receive it. */
function entryShape(e) {
  if (e.type === 'custom_message') return { role: 'user', text: textOf(e.content) };
  const msg = e.message ?? {};
  if (msg.role === 'user') return { role: 'user', text: textOf(msg.content) };
  if (msg.role === 'assistant') {
    const blocks = Array.isArray(msg.content) ? msg.content : [];
    return { role: 'assistant', text: textOf(msg.content), calls: blocks.filter((b) => b && b.type === 'toolCall').map((b) => ({ id: callId(b.id), name: b.name, args: b.arguments })) };
  }
  if (msg.role === 'toolResult') return { role: 'tool', id: callId(msg.toolCallId), text: textOf(msg.content) };
  return { role: msg.role ?? e.type, text: textOf(msg.content) };
}

function assert(cond, msg) {
  if (!cond) throw new Error(msg);
}
function eq(a, b, msg) {
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${msg}\n  expected ${JSON.stringify(b)}\n  actual   ${JSON.stringify(a)}`);
}

// ---------------------------------------------------------------------------------------------
// Our Gateway client (tests 7–10): out/src/core/gateway against the real Gateway

/** client.js, identity.js and protocol.js of our Gateway client, loaded when those tests run. */
function gatewayClientModules() {
  return coreModules('gateway/client.js', 'gateway/identity.js', 'gateway/protocol.js');
}
const GW_URL = `ws://127.0.0.1:${GW_PORT}`;
/** The session tests 9–10 drive through chat.send (created by its first turn). */
const GWKEY = 'agent:main:gwclient';
const GW_DEVICE_FILE = path.join(TMP, 'gw-client', 'device.json');
/** A device that connects as cli/cli (paired, so it gets a device token; gateway-client/backend is not paired). */
const GW_CLI_DEVICE_FILE = path.join(TMP, 'gw-client', 'cli-device.json');
/** Every line our clients logged, and every error they reported (checked for secrets). */
const GWLOG = [];
const gwLogger = {
  debug: (m) => GWLOG.push(`debug ${m}`),
  info: (m) => GWLOG.push(`info ${m}`),
  warn: (m) => GWLOG.push(`warn ${m}`),
  error: (m) => GWLOG.push(`error ${m}`),
};
/** The Gateway tests 7–10 share. */
let gwShared;
async function sharedGateway() {
  if (!gwShared || !alive(gwShared.child)) gwShared = await startGateway();
  return gwShared;
}
function gwClient(G, opts = {}) {
  const c = new G.GatewayClient({ url: GW_URL, token: TOKEN, logger: gwLogger, device: false, requestTimeoutMs: 60_000, connectTimeoutMs: 20_000, reconnect: { initialMs: 250, maxMs: 2000, jitter: 0.2 }, displayName: 'occtx interop', ...opts });
  c.onError((e) => GWLOG.push(`onError ${e.kind} ${e.message}`));
  gwClients.add(c);
  return c;
}
/** The end of a test with its own Gateway: our clients closed, the Gateway stopped, the client log written. */
async function endGatewayTest(gw) {
  await closeClients();
  await stopGateway(gw);
  gwShared = undefined;
  fs.writeFileSync(path.join(LOGS, 'gateway-client.log'), GWLOG.join('\n') + '\n');
}
async function closeClients() {
  for (const c of [...gwClients]) await c.close();
  gwClients.clear();
}
/** Neither the Gateway token nor a device token ever reached our clients' logger or their errors. */
function assertClientLogsClean() {
  const secrets = [TOKEN];
  for (const f of [GW_DEVICE_FILE, GW_CLI_DEVICE_FILE]) {
    try {
      const d = JSON.parse(fs.readFileSync(f, 'utf8'));
      for (const r of Object.values(d.tokens ?? {})) if (r && r.deviceToken) secrets.push(r.deviceToken);
    } catch {
      /* no device file yet */
    }
  }
  for (const s of secrets) {
    const hit = GWLOG.find((l) => l.includes(s));
    assert(!hit, `a secret reached our Gateway client's logger: ${hit && hit.split(s).join('<SECRET>')}`);
  }
  log(`client logger: ${GWLOG.length} lines so far; none holds the token or a device token (${secrets.length} secret(s) checked)`);
}
const fmtMs = (v) => (v === undefined ? '?' : String(Math.round(v)));
/** A model request's messages without the system prompt and OpenClaw's internal-context block. */
function modelMessages(req) {
  return req.body.messages.filter((m, i) => !(i === 0 && (m.role === 'system' || m.role === 'developer')) && !isInternal(m));
}
/**
 * One turn through our client's chat.send; resolves once the run's chat `final` has arrived and the
 * Gateway reported the run settled (sessions.changed `agent.input.settled`), with the sessions.changed
 * timing relative to the final.
 */
async function clientTurn(c, sessionKey, message) {
  const runId = `occtx-gw-${randomUUID()}`;
  const seen = [];
  const d1 = c.onEvent('chat', (e) => e && e.runId === runId && seen.push({ t: performance.now(), ev: 'chat', what: e.state }));
  const d2 = c.onEvent('sessions.changed', (e) => e && e.sessionKey === sessionKey && seen.push({ t: performance.now(), ev: 'changed', what: e.reason ?? e.phase ?? '?' }));
  try {
    const t0 = performance.now();
    const r = await c.chatSend({ sessionKey, message, idempotencyKey: runId });
    eq(r.runId, runId, 'chat.send runId = our idempotencyKey');
    const fin = await waitFor(`the chat final of "${message.slice(0, 30)}"`, () => seen.find((s) => s.ev === 'chat' && ['final', 'error', 'aborted'].includes(s.what)), 240_000, 10);
    assert(fin.what === 'final', `the run "${message.slice(0, 30)}" ended with chat state ${fin.what}`);
    try {
      await waitFor('sessions.changed agent.input.settled', () => seen.some((s) => s.ev === 'changed' && s.what === 'agent.input.settled'), 20_000, 10);
    } catch {
      log(`NOTE no sessions.changed agent.input.settled within 20 s of the final of "${message.slice(0, 30)}"`);
    }
    const changes = seen.filter((s) => s.ev === 'changed');
    const afterFinal = changes.filter((s) => s.t >= fin.t);
    const end = afterFinal.find((s) => s.what === 'end');
    return {
      runId,
      ms: Math.round(fin.t - t0),
      changes: changes.map((s) => s.what),
      firstAfterFinal: afterFinal[0] && afterFinal[0].what,
      firstAfterFinalMs: afterFinal[0] ? afterFinal[0].t - fin.t : undefined,
      endAfterFinalMs: end ? end.t - fin.t : undefined,
    };
  } finally {
    d1.dispose();
    d2.dispose();
  }
}
/** A hand-made connect (for what our client never sends, e.g. another protocol): the `res` and the close. */
function rawConnect(over) {
  const WS = require(path.join(ROOT, 'node_modules', 'ws'));
  return new Promise((resolve, reject) => {
    const ws = new WS(GW_URL, { perMessageDeflate: false });
    const out = { res: undefined, close: undefined };
    let grace;
    const t = setTimeout(() => {
      ws.terminate();
      reject(new Error('raw connect: no answer within 20 s'));
    }, 20_000);
    ws.on('error', () => undefined);
    ws.on('message', (data) => {
      let f;
      try {
        f = JSON.parse(String(data));
      } catch {
        return;
      }
      if (f.type === 'event' && f.event === 'connect.challenge') {
        const params = { minProtocol: 4, maxProtocol: 4, client: { id: 'gateway-client', version: '0.1.0', platform: process.platform, mode: 'backend', displayName: 'occtx interop raw' }, role: 'operator', scopes: ['operator.read'], auth: { token: TOKEN }, ...over };
        ws.send(JSON.stringify({ type: 'req', id: 'raw-1', method: 'connect', params }));
      } else if (f.type === 'res' && f.id === 'raw-1') {
        out.res = f;
        grace = setTimeout(() => ws.terminate(), 3000);
      }
    });
    ws.on('close', (code, reason) => {
      clearTimeout(t);
      clearTimeout(grace);
      out.close = `${code}${String(reason) ? ` "${String(reason)}"` : ''}`;
      resolve(out);
    });
  });
}
const GT = {
  t1: 'GW turn 1: remember the code word KESTREL-9. #reply Noted: KESTREL-9.',
  t2: 'GW turn 2: give me some filler lines. #pad 12',
  t3: 'GW turn 3: what was the code word? #reply KESTREL-9.',
  t4: 'GW turn 4: after the compaction, anything new? #reply Nothing new.',
  t5: 'GW turn 5: after the rewind, what was the code word? #reply Still KESTREL-9.',
  t6: 'GW turn 6: after the Gateway restart, still there? #reply Still here.',
};

// ---------------------------------------------------------------------------------------------
// The built CLI (test 11): dist/cli.js as a child process under Node 24, against the real Gateway

const CLI_JS = path.join(ROOT, 'dist', 'cli.js');
/** The CLI's HOME: its Gateway device identity lands in <home>/.config/openclaw-context/gateway-device.json. */
const CLI_HOME = path.join(TMP, 'cli-home');
const CLI_DEVICE_FILE = path.join(CLI_HOME, '.config', 'openclaw-context', 'gateway-device.json');
/** The session test 11 drives through chat.send and then compacts / undoes with the CLI. */
const CLIKEY = 'agent:main:occtx-cli';
const CT = {
  t1: 'CLI turn 1: remember the code word OSPREY-4. #reply Noted: OSPREY-4.',
  t2: 'CLI turn 2: show me sample log lines for the incident report. #pad 40',
  t3: [
    'CLI turn 3: here is the incident brief for INC-5150; please acknowledge it.',
    'Impact: card payments failed for 14 minutes for about 3 percent of the checkout traffic in the EU region.',
    'Cause: a connection pool limit on the ledger replica, lowered by the config change of Tuesday, was exhausted during the batch settlement run.',
    'Mitigation: the pool limit was restored, the settlement batch was paused and replayed, and no payment was charged twice.',
    'Follow-ups: alert on pool saturation above 80 percent, a config review for every pool limit change, and a load test of the settlement batch.',
    'Owners: Omar owns the alert, Lena owns the config review, and the payments on-call owns the load test before the next release.',
    'Timeline: the config change shipped Tuesday 16:10 UTC, the first failed charge was logged Wednesday 02:14 UTC, the page fired at 02:19 UTC and the pool limit was restored at 02:28 UTC.',
    'Customer contact: support sent the template apology to the affected merchants, with the list of failed charges and the note that every retry succeeded.',
    'Open question: whether the settlement batch should move out of the EU peak hours, which needs a decision from the payments lead by Friday.',
    'Please confirm you have it. #reply Acknowledged INC-5150.',
  ].join('\n'),
  t4: 'CLI turn 4: anything else open? #reply Nothing else open.',
  t5: 'CLI turn 5: after the undo, what was the code word? #reply Still OSPREY-4.',
};
const CLI_KEEP = 300;
/** Every CLI run of test 11, with what it printed (checked for secrets). */
const CLI_RUNS = [];
let cliNo = 0;
/**
 * `<node24> dist/cli.js <args>` with a clean environment: PATH, HOME (its own temp dir), TMPDIR and `extra`;
 * no OPENCLAW_STATE_DIR / _CONFIG_PATH / _GATEWAY_PORT, so the CLI finds the state dir from --state-dir
 * and the Gateway port from the config. Resolves {code, out, err, ms, json, line}.
 */
function runCli(args, extra = {}, { timeoutMs = 180_000 } = {}) {
  const tag = `cli-${String(++cliNo).padStart(2, '0')}-${args[0]}`;
  const env = { PATH: ENV.PATH, HOME: CLI_HOME, TMPDIR: SYSTMP, LANG: 'C.UTF-8', NO_COLOR: '1', ...extra };
  const shown = Object.keys(extra).map((k) => `${k}=<${k === 'OPENCLAW_GATEWAY_TOKEN' ? 'harness token' : k === 'OC_WRONG_TOKEN' ? 'wrong token' : 'value'}>`);
  const line = [...shown, `HOME=${path.relative(TMP, CLI_HOME)}`, path.basename(NODE24), 'dist/cli.js', ...args.map((a) => (a === STATE ? '<state>' : /\s/.test(a) ? JSON.stringify(a) : a))].join(' ');
  return oc.run(NODE24, [CLI_JS, ...args], { env, tag, timeoutMs }).then((r) => {
    let json;
    try {
      json = JSON.parse(r.out);
    } catch {
      json = undefined;
    }
    const run = { ...r, json, line };
    CLI_RUNS.push(run);
    return run;
  });
}
/** A CLI run must have printed one JSON document on stdout. */
function cliJson(r) {
  assert(r.json && typeof r.json === 'object', `${r.line}: rc ${r.code}, no JSON on stdout: ${tail(r.out)} | stderr: ${tail(r.err)}`);
  return r.json;
}
/** Neither the Gateway token, a wrong token we passed, nor the CLI's device token ever reached the CLI's stdout/stderr. */
function assertCliOutputClean(extraSecrets = []) {
  const secrets = [TOKEN, ...extraSecrets];
  try {
    const d = JSON.parse(fs.readFileSync(CLI_DEVICE_FILE, 'utf8'));
    for (const r of Object.values(d.tokens ?? {})) if (r && r.deviceToken) secrets.push(r.deviceToken);
  } catch {
    /* no device file (yet) */
  }
  for (const r of CLI_RUNS) {
    for (const s of secrets) assert(!r.out.includes(s) && !r.err.includes(s), `a secret reached the output of ${r.line}`);
  }
  return secrets.length;
}

// ---------------------------------------------------------------------------------------------
// Remote Gateway sessions (test 12): RemoteSessionCache + ContextModel with no state dir, fed by the real Gateway

/** remoteStore.js and model.js (test 12), loaded when that test runs. */
function remoteModules() {
  return coreModules('gateway/remoteStore.js', 'context/model.js');
}
/** The session test 12 drives through chat.send and compacts. */
const RKEY = 'agent:main:remote';
/** A workspace file over chat.history's default text cap (8,000 characters), read by turn 2: a long toolResult. */
const R_NOTES = 'remote-notes.md';
const R_NOTES_TEXT = Array.from({ length: 110 }, (_, i) => `Note ${i + 1}: the remote Gateway check keeps this line so that the tool result is longer than eight thousand characters.`).join('\n') + '\n';
const RT = {
  // over 8,000 characters too: a long user message
  t1: [
    'Remote turn 1: remember the code word MERLIN-5; here is the long brief for it.',
    ...Array.from({ length: 80 }, (_, i) => `Brief line ${i + 1}: the remote session carries this sentence so that the user message is longer than eight thousand characters.`),
    'Please confirm. #reply Noted: MERLIN-5.',
  ].join('\n'),
  t2: `Remote turn 2: read the notes file. #read ${R_NOTES}`,
  t3: 'Remote turn 3: after the compaction, what was the code word? #reply MERLIN-5.',
};
/** node:fs functions that read or probe the file system: the remote model must call none of them. */
const FS_PROBES = ['readFileSync', 'openSync', 'statSync', 'lstatSync', 'readdirSync', 'opendirSync', 'existsSync', 'accessSync', 'realpathSync', 'readSync', 'watch', 'watchFile', 'createReadStream', 'writeFileSync', 'appendFileSync', 'mkdirSync'];
const FS_TOUCHED = [];
/** Run `fn` (synchronous model work) and record every call it makes to those node:fs functions. */
function noFs(fn) {
  const orig = new Map(FS_PROBES.map((k) => [k, fs[k]]));
  for (const [k, f] of orig) {
    fs[k] = function (...a) {
      FS_TOUCHED.push(`${k}(${String(a[0])})`);
      return f.apply(this, a);
    };
  }
  try {
    return fn();
  } finally {
    for (const [k, f] of orig) fs[k] = f;
  }
}
const MSG_ROLES = ['user', 'assistant', 'toolResult'];
/** The message entries (user / assistant / toolResult) among context items or a path, in order. */
const ctxMessages = (items) => items.filter((e) => e.kind === 'message' && MSG_ROLES.includes(e.role)).map((e) => ({ id: e.id, role: e.role }));
const idList = (ms) => ms.map((m) => m.id);
const roles = (ms) => ms.map((m) => m.role).join(',') || '(none)';
/** `a` in order inside `b` (not necessarily contiguous). */
const isSubsequence = (a, b) => {
  let j = 0;
  for (const x of b) if (j < a.length && a[j] === x) j++;
  return j === a.length;
};
const histId = (m) => m && m.__openclaw && m.__openclaw.id;
/** Per session: transcript row count and highest seq; and the rows of ours (customType openclaw-context.*) in the whole DB. */
function dbInventory() {
  if (!fs.existsSync(DB)) return { sessions: {}, ours: [] }; // no turn ran yet (OCCTX_INTEROP_ONLY=12)
  const zlib = require('node:zlib');
  const db = new DatabaseSync(DB, { readOnly: true });
  try {
    const sessions = Object.fromEntries(db.prepare('SELECT session_id AS s, count(*) AS n, max(seq) AS m FROM transcript_events GROUP BY session_id').all().map((r) => [r.s, `${r.n}/${r.m}`]));
    const ours = [];
    for (const r of db.prepare('SELECT session_id, seq, event_json, event_zstd FROM transcript_events').all()) {
      const t = r.event_json != null ? r.event_json : r.event_zstd ? zlib.zstdDecompressSync(r.event_zstd).toString('utf8') : null;
      let e;
      try {
        e = JSON.parse(t);
      } catch {
        continue;
      }
      if (e && typeof e.customType === 'string' && e.customType.startsWith('openclaw-context.')) ours.push(`${r.session_id}#${r.seq} ${e.customType}`);
    }
    return { sessions, ours };
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Tests

const results = [];
/** OCCTX_INTEROP_ONLY=1,7-10 runs only those numbered tests (setup always runs); for working on one test. */
const ONLY = (() => {
  const spec = process.env.OCCTX_INTEROP_ONLY?.trim();
  if (!spec) return undefined;
  const set = new Set();
  for (const part of spec.split(',')) {
    const [a, b] = part.split('-').map((x) => Number(x.trim()));
    for (let i = a; i <= (b || a); i++) set.add(i);
  }
  return set;
})();
const skipped = [];
async function test(name, fn) {
  const num = Number(/^(\d+)\./.exec(name)?.[1]);
  if (ONLY && Number.isInteger(num) && !ONLY.has(num)) {
    skipped.push(name.split(':')[0].split('.')[0]);
    return;
  }
  const t0 = Date.now();
  process.stdout.write(`\n== ${name}\n`);
  try {
    await fn();
    const s = ((Date.now() - t0) / 1000).toFixed(1);
    results.push({ name, ok: true, s });
    console.log(`PASS ${name} (${s} s)`);
  } catch (err) {
    const s = ((Date.now() - t0) / 1000).toFixed(1);
    results.push({ name, ok: false, s, err });
    console.log(`FAIL ${name} (${s} s)\n  ${String(err && err.stack ? err.stack : err).split('\n').slice(0, 8).join('\n  ')}`);
  }
}
const log = (...a) => console.log('  ', ...a);

let ready = false;
const MARKER = `OCCTX-MARKER-${randomUUID()}`;
const NOTE = `EXTERNAL NOTE from openclaw-context (${MARKER}): the deploy window moved to Thursday 10:00 UTC.`;
let noteId;
// Test 3: a long answer (> 500 characters) then a short reply (< 50): the checkpoint engine records a decision.
const T5 = [
  'Interop turn 5: how should we roll out v2? #reply Here are the rollout options for v2.',
  '1. Blue-green: run v2 beside v1 and switch the load balancer at once; rollback is switching back, at the cost of double capacity during the switch.',
  '2. Canary: send 5 % of the traffic to v2, watch error rates and latency for an hour, then step up to 25 %, 50 % and 100 %; slower, but problems reach few users.',
  '3. Rolling: replace instances one by one; no extra capacity, but v1 and v2 serve side by side for a while and a rollback is slow.',
  'Blue-green fits a release with a schema change; canary fits a risky change of behaviour.',
  'Which rollout should we use: blue-green or canary?',
].join('\n');
const T6 = 'Turn 6: use blue-green. #reply Blue-green it is.';
const T7 = 'Interop turn 7: where were we?';
const MARKER5 = `OCCTX-MARKER-${randomUUID()}`;
const NOTE5 = `EXTERNAL NOTE from openclaw-context (${MARKER5}): the freeze starts Friday 18:00 UTC.`;
// Test 4: six more turns, so our engine's cut falls inside the history. Walking back from the end,
// the cut rule sums the messages until it reaches keepRecentTokens (C4_KEEP): turn F and the write
// turn D (tool call, tool result, answer) stay under it, and turn E's long user message (~1,500 characters,
// ~370 tokens) crosses it. The cut then moves back over the non-message row OpenClaw writes before each
// Gateway turn (`custom` openclaw:bootstrap-context:full), which is no turn start, so (as in OpenClaw's own
// findCutPoint) turn C becomes the split turn's prefix; the model keeps E, D and F verbatim. Before the cut:
// turns 1–7, test 2's compaction, test 3's restore block, the exec turn A, the long answer B (#pad) and the
// read turn C (AGENTS.md, ~6,000 characters). Each message holds one directive at its end (the fake takes
// everything after it).
const C4_KEEP = 300;
const C4 = {
  a: 'Compaction turn A: what is in the workspace? #exec ls -1',
  b: 'Compaction turn B: show me sample log lines for the release notes. #pad 40',
  c: 'Compaction turn C: read the agents file. #read AGENTS.md',
  e: [
    'Compaction turn E: here is the release brief for ORBIT-77; please acknowledge it.',
    'Scope: the billing service moves to the v2 ledger, with the new invoice renderer and the retry queue for failed card charges.',
    'Rollout: blue-green, as decided earlier; the green fleet is built from the release branch and warmed with a replay of the last hour of traffic.',
    'Window: Thursday 10:00 to 12:00 UTC; the change freeze starts Friday 18:00 UTC, so there is one spare day for a second attempt.',
    'Owners: Dana owns the rollback, Priya owns the ledger migration, and the on-call engineer watches error rates and p99 latency during the switch.',
    'Checks before the switch: the migration dry run must report zero orphaned ledger rows, the invoice renderer must match the golden files byte for byte, and the retry queue must drain in under five minutes in staging.',
    'Checks after the switch: error rate below 0.5 percent for thirty minutes, p99 latency within ten percent of the baseline, and no growth of the dead-letter queue.',
    'Rollback: switch the load balancer back to blue, pause the retry queue, and leave the ledger in dual-write mode until the incident review.',
    'Communication: a status note in the release channel at the start, at the switch and at the end, and a summary for support with the known issues.',
    'Known issues: invoices created during the switch may show the old template for up to a minute; card retries are delayed by up to five minutes.',
    'Please confirm you have it. #reply Acknowledged ORBIT-77.',
  ].join('\n'),
  d: 'Compaction turn D: save the release plan. #write orbit-77.md Release ORBIT-77: blue-green, owner Dana, window Thursday 10:00 UTC.',
  f: 'Compaction turn F: ready for the switch? #reply Ready for ORBIT-77.',
  g: 'Compaction turn G: after our engine’s compaction, what is the release id? #reply ORBIT-77',
};

try {
  await test('setup: state dir, config, fake LLM, baseline', async () => {
    oc.writeConfig(require(path.join(ROOT, 'node_modules', 'json5')), (cfg) => (cfg.agents.defaults.workspace = WS));
    await oc.startFakeLlm({ FAKE_LLM_MAX_REQUESTS: '1000' });
    const b = await oc.setupBaseline(WS);
    log(b.version, `| node ${process.version} | fake LLM :${LLM_PORT} | gateway :${GW_PORT} | ${TMP}`);
    log(`config validate ${b.validateMs} ms, setup --baseline ${b.setupMs} ms`);
    ready = true;
  });

  await test('1. custom_message written by our writer reaches the model; OpenClaw chains its next turn to it', async () => {
    assert(ready, 'setup failed');
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
    noteId = w.written[0].id;
    eq(w.written[0].parentId, before.ctx.leafId, 'our row is chained to the active leaf');
    eq(readOurs().ctx.leafId, noteId, 'our reader sees our row as the new leaf');
    log(`wrote custom_message ${noteId} at seq ${w.written[0].seq}, parent ${before.ctx.leafId}`);

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
    eq(u3.parentId, noteId, "OpenClaw chained turn 3's user message to our row");
    const reply = after.ctx.items.at(-1);
    assert(reply.role === 'assistant' && textOf(after.full.get(reply.id).message.content).includes('I see the note.'), 'turn 3 got its reply');
  });

  await test('2. compaction written by our writer: the next request is exactly summary + kept tail + new turn', async () => {
    assert(noteId, 'test 1 did not write its note');
    const view = readOurs();
    const u2 = findUser(view, 'Interop turn 2');
    const SUMMARY = [
      '## Decisions',
      `- OCCTX-SUMMARY-${randomUUID()}: written by the openclaw-context interop harness.`,
      '## Open TODOs',
      '- None.',
      '## Constraints/Rules',
      '- The code word is HERON-7.',
      '## Pending user asks',
      '- None.',
      '## Exact identifiers',
      '- HERON-7',
    ].join('\n');
    const w = await appendEvents(
      DB,
      KEY,
      [{ type: 'compaction', summary: SUMMARY, firstKeptEntryId: u2.id, tokensBefore: 9999, tokensAfter: 1234, details: { readFiles: [], modifiedFiles: [] } }],
      { ownership: OWN, markNeedsRebuild: true },
    );
    assert(w.ok, `our writer refused: ${w.code}: ${w.message}`);
    const compId = w.written[0].id;
    log(`wrote compaction ${compId} at seq ${w.written[0].seq} (firstKept = turn-2 user message ${u2.id}; needs_rebuild marked: ${w.markedNeedsRebuild})`);

    // What the model should see, from our own reader: summary, then the kept tail, then the new turn.
    const mid = readOurs();
    eq(mid.ctx.compaction && mid.ctx.compaction.id, compId, 'our reader sees our compaction as the latest');
    const keptTail = mid.ctx.items.slice(1).map((e) => {
      const full = mid.full.get(e.id);
      if (e.kind === 'custom_message') return { role: 'user', text: textOf(full.content) };
      return { role: full.message.role, text: textOf(full.message.content) };
    });
    eq(keptTail.map((t) => t.role), ['user', 'assistant', 'user', 'user', 'assistant'], 'kept tail = turn 2 user + reply, our note, turn 3 user + reply');

    // OpenClaw 2026.9.6: an embedded run does not reconcile the transcript projection, so right after any
    // external row it refuses the turn ("projection is rebuilding"). It must refuse cleanly: nothing written.
    const sid = mid.row.sessionId;
    const dBefore = transcriptDigest(sid);
    const e = await openclaw(['agent', '--local', '--agent', 'main', '--message', 'Interop embedded probe #reply probe', '--json'], { name: 'turn-embedded-probe' });
    const dAfter = transcriptDigest(sid);
    if (e.code === 0) log(`NOTE: the embedded run right after the offline write succeeded (${e.ms} ms); OpenClaw now reconciles in embedded runs`);
    else {
      assert(/projection is rebuilding/.test(e.err + e.out), `embedded run failed differently: ${tail(e.err)}`);
      eq(dAfter, dBefore, 'the refused embedded turn wrote nothing');
      log(`embedded run right after the write: refused in ${e.ms} ms with "Session transcript projection is rebuilding", transcript unchanged (known 2026.9.6 behaviour)`);
    }

    const gw = await startGateway();
    try {
      const rebuilt = /rebuilt \d+ transcript projection/.test(stripAnsi(fs.readFileSync(gw.logFile, 'utf8')));
      log(`Gateway startup ${rebuilt ? 'logged "rebuilt … transcript projection(s)"' : 'did not log a projection rebuild'}`);
      const from = llmRequests().length;
      const d = await gatewayTurn('Interop turn 4: after the external compaction, what is the code word? #reply HERON-7');
      log(`turn 4 (Gateway) ${d.ms} ms`);
      const req = turnRequest(from, 'Interop turn 4');
      const msgs = req.body.messages.filter((m, i) => !(i === 0 && (m.role === 'system' || m.role === 'developer')) && !isInternal(m));
      const got = msgs.map((m) => ({ role: m.role, text: m.role === 'user' ? cleanUser(textOf(Array.isArray(m.content) ? [m.content[0]] : m.content)) : textOf(m.content) }));
      const expected = [
        { role: 'user', text: `The conversation history before this point was compacted into the following summary:\n\n<summary>\n${SUMMARY}\n</summary>` },
        ...keptTail,
        { role: 'user', text: 'Interop turn 4: after the external compaction, what is the code word? #reply HERON-7' },
      ];
      eq(got, expected, 'the model request (system prompt and OpenClaw’s internal-context block aside)');
      assert(!msgs.some((m) => textOf(m.content).includes('Interop turn 1')), 'turn 1 is gone from the context');
      log(`model request #${req.seq}: ${got.length} messages = our summary + ${keptTail.length} kept + the new prompt`);
      const after = readOurs();
      eq(after.ctx.compaction && after.ctx.compaction.id, compId, 'our compaction is still the latest on the active path after OpenClaw’s turn');
      const u4 = findUser(after, 'Interop turn 4');
      assert(after.ctx.path.some((x) => x.id === u4.id), 'turn 4 is on the active path');
      eq(textOf(after.full.get(after.ctx.items.at(-1).id).message.content), 'HERON-7', 'turn 4 got its reply');
      gatewayHandoff = gw; // test 3 runs its first turns through this Gateway
    } catch (err) {
      await stopGateway(gw);
      throw err;
    }
  });

  await test('3. checkpoint restore reaches the model: a checkpoint of the session, restored by our writer, is the user message before the next prompt', async () => {
    assert(ready, 'setup failed');
    const M = checkpointModules();
    // Two more turns, so the checkpoint has a decision: a long answer (> 500 characters), then a short reply (< 50).
    assert(T6.length < 50, 'turn 6 must be a short reply');
    let gw = gatewayHandoff ?? (await startGateway());
    gatewayHandoff = undefined;
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
    const figures = M.figuresFromSession({ agentId: 'main', era: 'sqlite', row, gauge: { used, window, ratio: (100 * used) / window, compactions: row.compactionCount ?? 0 } });
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
      gatewayHandoff = gw; // test 4 runs its first turns through this Gateway
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

  await test('4. compaction planned by our engine: OpenClaw accepts it; the next request is exactly its summary + the kept tail + the new turn', async () => {
    assert(ready, 'setup failed');
    const M = compactionModules();
    // Six more real turns (exec, a long #pad answer, read, a long brief, write, a short reply), through the
    // Gateway test 3 handed over (or a new one). Then the Gateway stops: our writer only writes offline.
    const gw1 = gatewayHandoff ?? (await startGateway());
    gatewayHandoff = undefined;
    const order = ['a', 'b', 'c', 'e', 'd', 'f'];
    const ms = [];
    try {
      for (const k of order) ms.push((await gatewayTurn(C4[k])).ms);
    } finally {
      await stopGateway(gw1);
    }
    log(`turns ${order.map((k, i) => `${k.toUpperCase()} ${ms[i]}`).join(', ')} ms (Gateway)`);
    const own = await checkOwnership(STATE, OWN);
    assert(!own.owned, `the Gateway stopped, but checkOwnership says: ${own.reason}`);

    // Read the session as the extension does: the transcript index, the active path, and the full JSON of the
    // path in one loadEntries call; then plan the compaction in memory.
    const t0 = Date.now();
    const diags = [];
    const store = new SqliteSessionStore('main', DB, (d) => diags.push(d));
    let row, ctx, full;
    try {
      row = store.readRows(true).rows.find((r) => r.key === KEY);
      assert(row, `our reader finds no session ${KEY}`);
      const index = new TranscriptIndex();
      index.apply(store.readTranscript(row, undefined, { full: true }));
      ctx = rebuildContext(index);
      full = store.loadEntries(row, ctx.path);
    } finally {
      store.close();
    }
    const bad = diags.filter((d) => d.severity !== 'info');
    assert(!bad.length, `our reader reported: ${bad.map((d) => d.message).join('; ')}`);
    assert(Number.isFinite(row.totalTokens) && row.totalTokens > 0, `the session row has no token figure (totalTokens ${row.totalTokens})`);
    const res = M.planCompaction({ path: ctx.path, full, tokensBefore: row.totalTokens, keepRecentTokens: C4_KEEP });
    assert(res.ok, `planCompaction refused: ${res.reason}`);
    const plan = res.plan;
    const planMs = Date.now() - t0;
    const pathText = (i) => {
      const e = full[i];
      return e ? textOf(e.type === 'custom_message' ? e.content : e.message?.content) : '';
    };
    const userAt = (needle) => ctx.path.findIndex((m, i) => m.kind === 'message' && m.role === 'user' && pathText(i).includes(needle));

    // OpenClaw's own quality check (the safeguard audit), reproduced on our summary.
    assert(plan.audit.ok, `OpenClaw's summary audit rejects our summary: ${plan.audit.reasons.join(', ')}\n${plan.summary}`);
    // The cut falls inside the history: the kept tail the model sees starts at turn E's user message, with
    // turns A–C (and all of tests 1–3) before it, after test 2's compaction.
    const eIdx = userAt('Compaction turn E');
    const cIdx = userAt('Compaction turn C');
    assert(eIdx > 0 && cIdx > 0, 'turns C and E are not on the active path');
    const cut = plan.cut;
    assert(cut.cutIndex <= eIdx && ctx.path.slice(cut.cutIndex, eIdx).every((m) => !m.modelVisible), `the cut (keepRecentTokens ${C4_KEEP}) is not turn E's user message or a hidden row right before it: #${cut.cutIndex} ${ctx.path[cut.cutIndex]?.kind}/${ctx.path[cut.cutIndex]?.role ?? ''} (turn E is #${eIdx})`);
    eq(plan.after[1] && plan.after[1].id, ctx.path[eIdx].id, 'the first kept message is turn E’s user message');
    if (cut.isSplitTurn) eq(cut.turnStart, cIdx, 'the split turn (the cut is on a row that starts no turn) is turn C, as OpenClaw counts it');
    assert(cut.previousCompaction && ctx.compaction && cut.previousCompaction.id === ctx.compaction.id, 'the plan follows the compaction test 2 wrote');
    for (const k of ['a', 'b']) {
      const i = userAt(`Compaction turn ${k.toUpperCase()}`);
      assert(i >= cut.boundaryStart && cut.toSummarize.some((m) => m.id === ctx.path[i].id), `turn ${k.toUpperCase()} is not among the summarised entries`);
    }
    // OpenClaw's own findCutPoint (2026.9.6's bundle) cuts at the same entry on the same path, from the boundary
    // its prepareCompaction uses (the previous compaction's first kept entry) with the same keepRecentTokens.
    const oc = await openclawExport('findCutPoint', 'compaction-');
    const prevAt = full.findLastIndex((e) => e && e.type === 'compaction');
    const prevKept = prevAt >= 0 ? full.findIndex((e) => e && e.id === full[prevAt].firstKeptEntryId) : -1;
    const theirs = oc(full, prevAt < 0 ? 0 : prevKept >= 0 ? prevKept : prevAt + 1, full.length, C4_KEEP);
    eq(
      { firstKeptEntryIndex: cut.cutIndex, isSplitTurn: cut.isSplitTurn, turnStartIndex: cut.isSplitTurn ? cut.turnStart : -1 },
      { firstKeptEntryIndex: theirs.firstKeptEntryIndex, isSplitTurn: theirs.isSplitTurn, turnStartIndex: theirs.isSplitTurn ? theirs.turnStartIndex : -1 },
      'our cut against OpenClaw’s findCutPoint on the same entries',
    );
    // The entry to write is the plan's: its summary, the cut, the row's figure.
    eq([plan.entry.type, plan.entry.firstKeptEntryId, plan.entry.tokensBefore], ['compaction', ctx.path[cut.cutIndex].id, Math.round(row.totalTokens)], 'the compaction entry (type, firstKeptEntryId, tokensBefore)');
    assert(plan.entry.summary === plan.summary && plan.summary.length > 0, 'the entry carries the planned summary');
    // The kept tail the plan shows is the visible path from the cut on: E, the write turn D (tool call and result), F.
    const keptShapes = plan.keptFull.map((e) => entryShape(e));
    eq(plan.after.slice(1).map((m) => m.id), ctx.path.slice(cut.cutIndex).filter((m) => m.modelVisible && ['message', 'custom_message', 'branch_summary'].includes(m.kind)).map((m) => m.id), 'the plan’s kept tail is the visible path from the cut on');
    eq(keptShapes.map((x) => x.role), ['user', 'assistant', 'user', 'assistant', 'tool', 'assistant', 'user', 'assistant'], 'kept tail = turn E user + reply, turn D user + tool call + tool result + answer, turn F user + reply');
    assert(keptShapes[3].calls.length === 1 && keptShapes[3].calls[0].name === 'write' && keptShapes[4].id === keptShapes[3].calls[0].id, 'turn D is a write tool call with its result');
    const q = plan.quality;
    const at = (i) => `#${i} ${ctx.path[i].kind}${ctx.path[i].role ? `/${ctx.path[i].role}` : ''}${ctx.path[i].type === 'custom' && full[i]?.customType ? ` ${full[i].customType}` : ''}`;
    log(
      `plan in ${planMs} ms from ${ctx.path.length} path entries (one loadEntries): cut at ${at(cut.cutIndex)} = OpenClaw's findCutPoint; first kept message turn E (#${eIdx}); ` +
        `${cut.isSplitTurn ? `split turn: prefix ${at(cut.turnStart)}..#${cut.cutIndex - 1} (turn C)` : 'no split turn'}; ${cut.toSummarize.length} entries summarised from #${cut.boundaryStart} (after test 2's compaction), ${cut.kept.length} kept`,
    );
    log(
      `tokens ${plan.entry.tokensBefore} (row totalTokens) → ${plan.entry.tokensAfter} (pi chars/4: summary + kept); summary ${plan.summary.length} chars / ~${q.summaryTokens} tokens; ` +
        `audit ok (${plan.audit.reasons.length} reasons); quality: dropped ~${q.droppedTokens} tokens, identifiers kept ${q.identifiers.kept}/${q.identifiers.found}, asks ${q.asks.kept}/${q.asks.found}, decisions ${q.decisions.kept}/${q.decisions.found}; ` +
        `files read ${JSON.stringify(plan.details.readFiles)}, modified ${JSON.stringify(plan.details.modifiedFiles)}`,
    );
    log(`summary headings: ${plan.summary.split('\n').filter((l) => l.startsWith('#')).join(' | ')}`);

    // Write exactly the planned entry with the extension's write path (SQLite target).
    const sid = row.sessionId;
    const before = rawTranscript(sid);
    const w = await M.appendToSession({ era: 'sqlite', location: DB, stateDir: STATE, row: { key: row.key, sessionId: sid } }, [plan.entry], { ownership: OWN });
    assert(w.ok, `our writer refused: ${w.code}: ${w.message}`);
    const compId = w.written[0].id;
    eq(w.written[0].parentId, ctx.leafId, 'the compaction row is chained to the active leaf');
    const mid = readOurs();
    const stored = mid.full.get(compId);
    assert(stored && stored.type === 'compaction' && stored.summary === plan.summary && stored.firstKeptEntryId === plan.entry.firstKeptEntryId, 'the stored row is our compaction with the planned summary and cut');
    eq(mid.ctx.compaction && mid.ctx.compaction.id, compId, 'our reader sees our compaction as the latest');
    eq(mid.ctx.items.map((m) => m.id), [compId, ...plan.after.slice(1).map((m) => m.id)], 'our reader’s context after the write is the plan’s preview (summary + kept tail)');
    log(`wrote compaction ${compId} at seq ${w.written[0].seq}, parent ${ctx.leafId}`);

    // The next real turn, through the Gateway (its startup reconcile indexes our row).
    const gw = await startGateway();
    let handed = false;
    try {
      const from = llmRequests().length;
      const g = await gatewayTurn(C4.g);
      log(`turn G (Gateway) ${g.ms} ms`);
      const req = turnRequest(from, 'Compaction turn G');
      const msgs = req.body.messages.filter((m, i) => !(i === 0 && (m.role === 'system' || m.role === 'developer')) && !isInternal(m));
      // Our summary, exactly as OpenClaw formats a compaction summary, as the first message's text block. OpenClaw
      // appends its one-line `Runtime: agent=… | session=… | …` block to the first user message of a request as
      // a second text block (it did so in test 2 too); nothing else may follow.
      const first = msgs[0];
      const parts = first && (typeof first.content === 'string' ? [{ type: 'text', text: first.content }] : first.content);
      assert(first && first.role === 'user' && Array.isArray(parts) && parts.every((b) => b && b.type === 'text'), `the first message is not a user message of text blocks: ${JSON.stringify(first).slice(0, 200)}`);
      const want = summaryMessage(plan.summary);
      if (parts[0].text !== want) {
        let at = 0;
        while (at < want.length && parts[0].text[at] === want[at]) at++;
        throw new Error(`the model did not receive our summary byte for byte (first difference at ${at}): ${JSON.stringify(parts[0].text.slice(Math.max(0, at - 30), at + 50))} vs ${JSON.stringify(want.slice(Math.max(0, at - 30), at + 50))}`);
      }
      const extra = parts.slice(1).map((b) => b.text);
      assert(extra.every((t) => /^Runtime: agent=main \| session=[^\n]*$/.test(t)), `the summary message carries more than OpenClaw's Runtime line: ${JSON.stringify(extra).slice(0, 300)}`);
      // Then exactly the kept tail and the new turn.
      const got = msgs.slice(1).map(requestShape);
      eq(got, [...keptShapes, { role: 'user', text: C4.g }], 'the model request after the summary (system prompt and OpenClaw’s internal-context block aside)');
      for (let i = 0; i < got.length; i++) if (got[i].role === 'tool') eq(got[i].id, got[i - 1].calls?.[0]?.id, `tool result ${i} answers the tool call before it`);
      // Nothing from before the cut outside the summary: no user message or custom message of the path before it.
      const droppedTexts = ctx.path
        .slice(0, plan.cut.cutIndex)
        .map((m, i) => (m.kind === 'custom_message' || (m.kind === 'message' && m.role === 'user') ? pathText(i).split('\n')[0].slice(0, 40) : ''))
        .filter((t) => t.length >= 20);
      assert(droppedTexts.length >= 8, `too few summarised prompts to check: ${droppedTexts.length}`);
      const leak = droppedTexts.find((t) => msgs.slice(1).some((m) => JSON.stringify(m.content ?? '').includes(JSON.stringify(t).slice(1, -1))));
      assert(!leak, `a message from before the cut reached the model outside the summary: ${JSON.stringify(leak)}`);
      log(`model request #${req.seq}: ${msgs.length} messages = our summary (${plan.summary.length} chars, byte-for-byte${extra.length ? ', + OpenClaw’s Runtime line block' : ''}) + ${keptShapes.length} kept (turns E, D with its tool call and result, F) + the new prompt; none of the ${droppedTexts.length} prompts and notes before the cut outside the summary`);
      gatewayHandoff = gw; // test 5 checks ownership with this running Gateway
      handed = true;
    } finally {
      if (!handed) await stopGateway(gw);
    }

    // Nothing rewritten: every earlier row and identity row as it was, ours next, OpenClaw's turn chained to it.
    const after = rawTranscript(sid);
    const badRow = prefixMismatch(before.rows, after.rows);
    assert(badRow < 0, `transcript row ${badRow} changed or vanished after the compaction and the next turn: ${(before.rows[badRow] ?? '').slice(0, 160)}`);
    const badId = prefixMismatch(before.ids, after.ids);
    assert(badId < 0, `identity row ${badId} changed or vanished: ${(before.ids[badId] ?? '').slice(0, 160)}`);
    eq(JSON.parse(after.rows[before.rows.length]).seq, w.written[0].seq, 'our row follows every earlier row');
    const end = readOurs();
    eq(end.ctx.compaction && end.ctx.compaction.id, compId, 'our compaction is still the latest on the active path after OpenClaw’s turn');
    const uG = findUser(end, 'Compaction turn G');
    eq(uG.parentId, compId, "OpenClaw chained turn G's user message to our compaction");
    eq(textOf(end.full.get(end.ctx.items.at(-1).id).message.content), 'ORBIT-77', 'turn G got its reply');
    log(`transcript: ${before.rows.length} earlier rows and ${before.ids.length} identity rows unchanged; ${after.rows.length - before.rows.length} new (ours + turn G); OpenClaw's row now says ${end.row.totalTokens} tokens (fresh: ${end.row.totalTokensFresh})`);
  });

  await test('5. with the real Gateway running, checkOwnership reports it and the writer refuses without touching the DB', async () => {
    assert(ready, 'setup failed');
    const gw = gatewayHandoff ?? (await startGateway());
    gatewayHandoff = undefined;
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

  await test('6. offline write, then `openclaw doctor --non-interactive` (no Gateway): the projection is reconciled and an embedded --local turn sees our note', async () => {
    assert(ready, 'setup failed');
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

  // -------------------------------------------------------------------------------------------
  // Tests 7–10: our Gateway client (out/src/core/gateway) against the real Gateway. They share one Gateway
  // (started by the first of them that needs it, SIGKILLed and restarted by test 10, stopped at its end).

  await test('7. Gateway client: hello-ok with a device and without one; which client ids and modes get which scopes', async () => {
    assert(ready, 'setup failed');
    const G = gatewayClientModules();
    await sharedGateway();
    try {
      const store = new G.FileDeviceStore(GW_DEVICE_FILE);
      const a = gwClient(G, { device: store });
      let t0 = Date.now();
      const ca = await a.connect();
      log(
        `with a device: hello-ok in ${Date.now() - t0} ms: OpenClaw ${ca.server.version} (${ca.server.buildId}), protocol ${ca.protocol}, ${ca.methods.length} methods, ${ca.events.length} events; ` +
          `${ca.clientId}/${ca.clientMode} granted ${ca.scopes.join(',')}; auth ${ca.authMethod}; device ${ca.deviceId.slice(0, 12)}…; device token issued: ${ca.deviceTokenIssued}`,
      );
      eq([ca.server.version, ca.protocol], ['2026.9.6', 4], 'server version and protocol');
      eq([...ca.scopes].sort(), [...G.OPERATOR_SCOPES].sort(), 'scopes granted to a device (gateway-client/backend)');
      // chat.inject answers (test 9 of the shared harness used it) but, like sessions.usage, is not in hello-ok's list.
      for (const m of ['sessions.list', 'sessions.describe', 'sessions.subscribe', 'sessions.messages.subscribe', 'sessions.messages.unsubscribe', 'sessions.compact', 'sessions.rewind', 'sessions.fork', 'sessions.reset', 'sessions.branches.list', 'chat.send', 'chat.history'])
        assert(ca.methods.includes(m), `hello-ok does not advertise ${m}`);
      assert(!ca.methods.includes('sessions.compaction.list'), 'sessions.compaction.list is advertised again; update the reference');
      log(`hello-ok methods: chat.inject advertised: ${ca.methods.includes('chat.inject')}, sessions.usage advertised: ${ca.methods.includes('sessions.usage')}`);
      for (const e of ['sessions.changed', 'session.message', 'chat', 'tick']) assert(ca.events.includes(e), `hello-ok does not advertise the event ${e}`);
      eq(ca.snapshot.sessionDefaults && ca.snapshot.sessionDefaults.mainSessionKey, KEY, 'snapshot.sessionDefaults.mainSessionKey');
      const stored = await store.load();
      eq(stored.deviceId, ca.deviceId, 'the device file holds the device that connected');
      eq(fs.statSync(GW_DEVICE_FILE).mode & 0o777, 0o600, 'device file mode');
      // 2026.9.6 does not pair a local gateway-client/backend device (shouldSkipLocalBackendSelfPairing), so no device token.
      eq(ca.deviceTokenIssued, false, 'device token for a local gateway-client/backend device');
      await a.close();

      // A paired device (cli/cli) gets a device token; then the stored device token alone, without the shared token,
      // authenticates it (what OpenClaw's own client does when it has no token).
      const cliStore = new G.FileDeviceStore(GW_CLI_DEVICE_FILE);
      const p1 = gwClient(G, { device: cliStore, clientId: 'cli', clientMode: 'cli', reconnect: false });
      const cp1 = await p1.connect();
      await p1.close();
      const rec = (await cliStore.load()).tokens[G.normalizeGatewayUrl(GW_URL)];
      assert(cp1.deviceTokenIssued && rec && rec.deviceToken, 'cli/cli with a device: no device token issued or stored');
      eq(fs.statSync(GW_CLI_DEVICE_FILE).mode & 0o777, 0o600, 'cli device file mode');
      const b = gwClient(G, { device: cliStore, clientId: 'cli', clientMode: 'cli', token: undefined, reconnect: false });
      try {
        const cb = await b.connect();
        log(`cli/cli device ${cp1.deviceId.slice(0, 12)}…: paired, device token issued and stored (role ${rec.role}, scopes ${(rec.scopes ?? []).join(',')}); reconnect with the device token only: auth ${cb.authMethod}, scopes ${cb.scopes.join(',') || '(none)'}`);
        assert(cb.usedDeviceToken && cb.authMethod === 'device-token', `the device-token connect: used ${cb.usedDeviceToken}, auth ${cb.authMethod}`);
        eq([...cb.scopes].sort(), [...G.OPERATOR_SCOPES].sort(), 'scopes with the device token');
        eq((await b.sessionsDescribe({ key: KEY })).session.key, KEY, 'sessions.describe with the device token');
      } finally {
        await b.close();
      }

      // No device block.
      const n = gwClient(G, { device: false });
      t0 = Date.now();
      const cn = await n.connect();
      log(`without a device: hello-ok in ${Date.now() - t0} ms, ${cn.clientId}/${cn.clientMode} granted ${cn.scopes.join(',') || '(none)'}, auth ${cn.authMethod}, device token issued: ${cn.deviceTokenIssued}`);
      eq([...cn.scopes].sort(), [...G.OPERATOR_SCOPES].sort(), 'scopes granted without a device (gateway-client/backend on loopback)');
      const list = await n.sessionsList({ limit: 100 });
      assert(list.sessions.some((s) => s.key === KEY), `sessions.list has no ${KEY}`);
      await n.close();

      // Which client id / mode pairs are accepted, and with which scopes (all ask for the three operator scopes).
      const pairs = [['gateway-client', 'backend'], ['cli', 'cli'], ['cli', 'backend'], ['gateway-client', 'cli'], ['test', 'test'], ['openclaw-probe', 'probe'], ['openclaw-tui', 'ui'], ['openclaw-linux', 'ui']];
      const rows = [];
      for (const withDevice of [false, true]) {
        for (const [id, mode] of pairs) {
          const c = gwClient(G, { clientId: id, clientMode: mode, device: withDevice ? new G.MemoryDeviceStore() : false, reconnect: false });
          let row;
          try {
            const h = await c.connect();
            row = { id, mode, device: withDevice, scopes: h.scopes, deviceToken: h.deviceTokenIssued };
          } catch (e) {
            row = { id, mode, device: withDevice, refused: `${e.kind}: ${e.message}` };
          } finally {
            await c.close();
          }
          rows.push(row);
        }
      }
      const text = rows.map((r) => `${`${r.id}/${r.mode}`.padEnd(26)} ${r.device ? 'device   ' : 'no device'}  ${r.refused ? `REFUSED ${r.refused}` : `${r.scopes.length ? r.scopes.join(',') : '(no scopes)'}${r.deviceToken ? ' + device token' : ''}`}`);
      fs.writeFileSync(path.join(LOGS, 'gateway-client-matrix.txt'), text.join('\n') + '\n');
      log(`client id/mode → granted scopes (requested: the three operator scopes):\n      ${text.join('\n      ')}`);
      const at = (id, mode, dev) => rows.find((r) => r.id === id && r.mode === mode && r.device === dev);
      for (const dev of [false, true]) eq([...(at('gateway-client', 'backend', dev).scopes ?? [])].sort(), [...G.OPERATOR_SCOPES].sort(), `gateway-client/backend ${dev ? 'with' : 'without'} a device`);
      assertClientLogsClean();
    } finally {
      await closeClients();
    }
  });

  await test('8. Gateway client refusals from the real Gateway: wrong token → unauthorized; a read-only device → missing-scope operator.admin; protocol mismatch', async () => {
    assert(ready, 'setup failed');
    const G = gatewayClientModules();
    await sharedGateway();
    try {
      const wrong = `wrong-${randomBytes(12).toString('hex')}`;
      const w = gwClient(G, { token: wrong, device: new G.MemoryDeviceStore() });
      const states = [];
      w.onState((s) => states.push(s));
      let err;
      try {
        await w.connect({ retry: true });
      } catch (e) {
        err = e;
      }
      assert(err, 'connected with a wrong token');
      log(`wrong token: ${err.kind} (${err.code}/${err.detailCode}, retryable ${err.retryable}): ${err.message}`);
      eq([err.kind, err.detailCode, err.retryable], ['unauthorized', 'AUTH_TOKEN_MISMATCH', false], 'wrong token classification');
      assert(!err.message.includes(wrong) && !err.message.includes(TOKEN), 'a token in the error message');
      await sleep(1500);
      eq(states, ['connecting', 'closed'], 'states after a wrong token (no reconnect)');
      eq(w.lastError && w.lastError.kind, 'unauthorized', 'lastError');
      assert(!GWLOG.some((l) => l.includes(wrong)), 'the wrong token reached the logger');

      const r = gwClient(G, { device: new G.MemoryDeviceStore(), scopes: ['operator.read'] });
      const cr = await r.connect();
      log(`read-only device ${cr.deviceId.slice(0, 12)}…: granted ${cr.scopes.join(',')}`);
      eq(cr.scopes, ['operator.read'], 'scopes granted to a device asking for operator.read');
      const l = await r.sessionsList({ limit: 5 });
      assert(l.count >= 1, 'sessions.list with operator.read');
      let e2;
      try {
        await r.sessionsCompact({ key: KEY });
      } catch (e) {
        e2 = e;
      }
      assert(e2, 'sessions.compact succeeded with operator.read only');
      log(`sessions.compact with operator.read: ${e2.kind} ${e2.missingScope} (${e2.code}): ${e2.message}`);
      eq([e2.kind, e2.missingScope, e2.code, e2.retryable], ['missing-scope', 'operator.admin', 'FORBIDDEN', false], 'missing scope classification');
      eq(e2.details, { code: 'MISSING_SCOPE', missingScope: 'operator.admin', requiredScopes: ['operator.admin'] }, 'error details');
      let e3;
      try {
        await r.chatSend({ sessionKey: KEY, message: 'must not run' });
      } catch (e) {
        e3 = e;
      }
      eq(e3 && [e3.kind, e3.missingScope], ['missing-scope', 'operator.write'], 'chat.send with operator.read only');
      eq(r.state, 'connected', 'a missing scope leaves the connection up');
      await r.close();

      // Protocol mismatch: a raw connect asking for protocol 5 (our client always asks for 4).
      const raw = await rawConnect({ minProtocol: 5, maxProtocol: 5 });
      const info = G.classifyGatewayError(raw.res && raw.res.error);
      log(`protocol 5 requested: ${JSON.stringify(raw.res && raw.res.error)}; socket closed ${raw.close}; classified ${info.kind}: ${info.message}`);
      eq(info.kind, 'protocol-mismatch', 'protocol mismatch classification');
      assertClientLogsClean();
    } finally {
      await closeClients();
    }
  });

  await test('9. Gateway client session operations on the real Gateway: list, subscribe + chat.send → sessions.changed, compact, rewind before the compaction, reset', async () => {
    assert(ready, 'setup failed');
    const G = gatewayClientModules();
    await sharedGateway();
    try {
      const c = gwClient(G, { device: new G.FileDeviceStore(GW_DEVICE_FILE) });
      await c.connect();
      const list = await c.sessionsList({ limit: 100 });
      const main = list.sessions.find((s) => s.key === KEY);
      assert(main, `sessions.list has no ${KEY}: ${list.sessions.map((s) => s.key).join(', ')}`);
      eq(main.sessionId, readOurs().row.sessionId, `${KEY}: sessions.list's sessionId = our SqliteSessionStore's`);
      log(`sessions.list: ${list.count} session(s) (${list.sessions.map((s) => s.key).join(', ')}); ${KEY}: ${main.totalTokens} tokens of ${main.contextTokens}, ${main.compactionCount ?? 0} compaction(s), status ${main.status}`);

      const sub = await c.sessionsSubscribe({});
      assert(sub.subscribed === true, `sessions.subscribe: ${JSON.stringify(sub).slice(0, 200)}`);
      const t1 = await clientTurn(c, GWKEY, GT.t1);
      await c.sessionsMessagesSubscribe({ key: GWKEY });
      const msgs = [];
      c.onSessionMessage((e) => e.sessionKey === GWKEY && msgs.push(e.message && e.message.role));
      const t2 = await clientTurn(c, GWKEY, GT.t2);
      const t3 = await clientTurn(c, GWKEY, GT.t3);
      assert(msgs.includes('user') && msgs.includes('assistant'), `session.message events for ${GWKEY}: ${msgs.join(',')}`);
      for (const [n, t] of [['1', t1], ['2', t2], ['3', t3]]) log(`turn ${n}: chat.send → chat final ${t.ms} ms; sessions.changed after the final: first +${fmtMs(t.firstAfterFinalMs)} (${t.firstAfterFinal}), 'end' +${fmtMs(t.endAfterFinalMs)}; ${t.changes.length} sessions.changed for the run (${t.changes.join(', ')})`);
      for (const t of [t1, t2, t3]) assert(t.firstAfterFinalMs !== undefined, 'no sessions.changed arrived after a chat final');
      const lat = [t1, t2, t3].map((t) => t.firstAfterFinalMs);
      log(`latency chat final → sessions.changed: ${lat.map(fmtMs).join(', ')} ms (max ${fmtMs(Math.max(...lat))})`);

      // sessions.compact: the summary, the token figures, and the entry our SqliteSessionStore reads.
      const before = readOurs(GWKEY);
      const compactEvents = [];
      const d = c.onSessionsChanged((e) => e.sessionKey === GWKEY && (e.reason === 'compact' || e.compacted) && compactEvents.push(Date.now()));
      const tc = Date.now();
      const comp = await c.sessionsCompact({ key: GWKEY });
      const compMs = Date.now() - tc;
      assert(comp.ok && comp.compacted && comp.result && comp.result.summary, `sessions.compact did not compact: ${JSON.stringify(comp).slice(0, 300)}`);
      const res = comp.result;
      log(`sessions.compact in ${compMs} ms: tokens ${res.tokensBefore} → ${res.tokensAfter}, summary ${res.summary.length} chars (${res.summary.split('\n').filter((x) => x.startsWith('#')).slice(0, 6).join(' | ')}), firstKeptEntryId ${res.firstKeptEntryId}`);
      log(`sessions.compact result keys: {${Object.keys(comp).join(', ')}}, result {${Object.keys(res).join(', ')}}`);
      assert(typeof res.tokensBefore === 'number' && res.tokensBefore > 0, `tokensBefore: ${res.tokensBefore}`);
      await waitFor('sessions.changed reason compact', () => compactEvents.length > 0, 15_000, 20);
      d.dispose();
      const after = readOurs(GWKEY);
      const ce = after.ctx.compaction;
      assert(ce && (!before.ctx.compaction || before.ctx.compaction.id !== ce.id), 'our SqliteSessionStore sees no new compaction entry');
      const full = after.full.get(ce.id);
      eq([full.type, full.summary, full.firstKeptEntryId, full.tokensBefore], ['compaction', res.summary, res.firstKeptEntryId, res.tokensBefore], 'the compaction entry our reader sees = the RPC result');
      if (res.tokensAfter !== undefined) eq(full.tokensAfter, res.tokensAfter, 'tokensAfter: entry = RPC result');
      assert(typeof full.tokensAfter === 'number' && full.tokensAfter < full.tokensBefore, `the entry's token figures: ${full.tokensBefore} → ${full.tokensAfter}`);
      const desc0 = await c.sessionsDescribe({ key: GWKEY });
      log(
        `our SqliteSessionStore: compaction ${ce.id}, summary, firstKeptEntryId and tokensBefore equal to the RPC result; tokens ${full.tokensBefore} → ${full.tokensAfter} in the entry` +
          `${res.tokensAfter === undefined ? ' (the RPC result has no tokensAfter)' : ''}; the context now has ${after.ctx.items.length} item(s); sessions.describe: ${desc0.session.totalTokens} tokens (fresh ${desc0.session.totalTokensFresh}), ${desc0.session.compactionCount} compaction(s)`,
      );

      const from4 = llmRequests().length;
      await clientTurn(c, GWKEY, GT.t4);
      const m4 = modelMessages(turnRequest(from4, 'GW turn 4'));
      assert(m4.some((m) => m.role === 'user' && textOf(m.content).startsWith('The conversation history before this point was compacted')), 'the turn after sessions.compact got no summary');
      assert(!m4.some((m) => m.role === 'user' && cleanUser(textOf(m.content)) === GT.t1), 'turn 1 still reached the model as a message after the compaction');
      log(`turn 4 (after the compaction): the model got ${m4.length} messages: the summary${m4.length > 2 ? ` + ${m4.length - 2} kept` : ''} + the prompt; turn 1 only inside the summary`);

      // sessions.rewind to turn 3's user message: the leaf moves before it, which is before the compaction.
      const u3 = findUser(readOurs(GWKEY), 'GW turn 3');
      const rw = await c.sessionsRewind({ sessionKey: GWKEY, entryId: u3.id });
      eq(rw.editorText, GT.t3, 'sessions.rewind editorText');
      const br = await c.sessionsBranchesList({ sessionKey: GWKEY });
      log(`sessions.rewind to ${u3.id} (turn 3): editorText = turn 3; branches: ${br.branches.map((b) => `${b.active ? '*' : ''}${b.messageCount} msgs "${b.headline.slice(0, 40)}"`).join('; ')}`);
      const from5 = llmRequests().length;
      await clientTurn(c, GWKEY, GT.t5);
      const m5 = modelMessages(turnRequest(from5, 'GW turn 5'));
      const users5 = m5.filter((m) => m.role === 'user').map((m) => cleanUser(textOf(Array.isArray(m.content) ? [m.content[0]] : m.content)));
      eq(users5, [GT.t1, GT.t2, GT.t5], 'the user messages the model got after the rewind (pre-compaction history: turns 1 and 2, then the new prompt)');
      assert(!m5.some((m) => textOf(m.content).includes('<summary>')), 'the compaction summary still reached the model after the rewind');
      log(`turn 5 (after the rewind): the model got the pre-compaction history uncompacted: ${m5.map((m) => m.role[0]).join('')} (users: turn 1, turn 2, turn 5; no summary)`);
      try {
        const v = readOurs(GWKEY);
        log(`our SqliteSessionStore after the rewind: session ${v.row.sessionId}${v.row.sessionId !== after.row.sessionId ? ' (a new generation)' : ''}, ${v.ctx.items.length} context items, compaction on the path: ${v.ctx.compaction ? v.ctx.compaction.id : 'none'}`);
      } catch (e) {
        log(`NOTE our SqliteSessionStore after the rewind: ${e.message}`);
      }
      // sessions.fork needs a user message on the active path (turn 3 no longer is: "message entry is not on the active path").
      const u2 = findUser(readOurs(GWKEY), 'GW turn 2');
      const fk = await c.sessionsFork({ sessionKey: GWKEY, entryId: u2.id });
      assert(/^agent:main:/.test(fk.sessionKey) && fk.sessionKey !== GWKEY, `sessions.fork sessionKey: ${fk.sessionKey}`);
      eq(fk.editorText, GT.t2, 'sessions.fork editorText');
      log(`sessions.fork at turn 2: new session ${fk.sessionKey}, editorText = turn 2`);

      // sessions.reset
      const resets = [];
      const dr = c.onSessionsChanged((e) => e.sessionKey === GWKEY && e.reason === 'reset' && resets.push(e));
      const rs = await c.sessionsReset({ key: GWKEY });
      assert(rs.ok && rs.key === GWKEY && rs.entry, `sessions.reset: ${JSON.stringify(rs).slice(0, 200)}`);
      await waitFor('sessions.changed reason reset', () => resets.length > 0, 15_000, 20);
      dr.dispose();
      const desc = await c.sessionsDescribe({ key: GWKEY });
      eq([rs.entry.totalTokens, rs.entry.compactionCount], [0, 0], 'the reset entry: tokens and compactions back to 0');
      log(`sessions.reset: session ${rs.entry.sessionId} (kept), totalTokens ${rs.entry.totalTokens}, compactionCount ${rs.entry.compactionCount}; sessions.describe: ${desc.session.totalTokens} tokens`);
      try {
        const v = readOurs(GWKEY);
        log(`our SqliteSessionStore after the reset: reset entry on the path: ${v.ctx.reset ? v.ctx.reset.id : 'none'}, ${v.ctx.items.length} context items`);
      } catch (e) {
        log(`NOTE our SqliteSessionStore after the reset: ${e.message}`);
      }
      const hist = await c.chatHistory({ sessionKey: GWKEY, limit: 50 });
      log(`chat.history: ${hist.messages.length} message(s) after the reset`);
      assertClientLogsClean();
    } finally {
      await closeClients();
    }
  });

  await test('10. Gateway SIGKILLed mid-session: the client reports the outage, checkOwnership treats the dead lock as stale, a restart → the client reconnects and re-subscribes by itself', async () => {
    assert(ready, 'setup failed');
    const G = gatewayClientModules();
    const gw = await sharedGateway();
    try {
      const c = gwClient(G, { device: new G.FileDeviceStore(GW_DEVICE_FILE), reconnect: { initialMs: 250, maxMs: 2000, jitter: 0.2 } });
      await c.connect();
      await c.sessionsSubscribe({});
      await c.sessionsMessagesSubscribe({ key: GWKEY });
      const states = [];
      const errors = [];
      c.onState((s) => states.push({ s, t: Date.now() }));
      c.onError((e) => errors.push({ kind: e.kind, message: e.message, t: Date.now() }));
      const own0 = await checkOwnership(STATE, OWN);
      assert(own0.owned && own0.by === 'gateway', `before the kill: ${own0.reason}`);

      const lockDir = path.join(STATE, 'tmp', `openclaw-${process.getuid()}`);
      const pid = gw.child.pid;
      const exited = new Promise((r) => gw.child.once('exit', () => r()));
      const tKill = Date.now();
      process.kill(-pid, 'SIGKILL');
      await exited;
      gwShared = undefined;
      await waitFor('state reconnecting', () => c.state === 'reconnecting', 15_000, 10);
      const tReconnecting = states.find((x) => x.s === 'reconnecting').t - tKill;
      await waitFor('lastError unreachable', () => c.lastError && c.lastError.kind === 'unreachable', 20_000, 10);
      const tUnreachable = errors.find((x) => x.kind === 'unreachable').t - tKill;
      log(`SIGKILL pid ${pid}: state reconnecting after ${tReconnecting} ms (first error: ${errors[0].kind}: ${errors[0].message}), lastError unreachable after ${tUnreachable} ms: ${c.lastError.message}`);
      let refused;
      try {
        await c.sessionsList();
      } catch (e) {
        refused = e;
      }
      eq(refused && [refused.kind, refused.retryable], ['closed', true], 'a request during the outage');

      const left = fs.existsSync(lockDir) ? fs.readdirSync(lockDir).filter((f) => /^gateway\..+\.lock$/.test(f)) : [];
      const own = await checkOwnership(STATE, OWN);
      const gl = own.locks.filter((x) => x.kind === 'gateway');
      log(`after the SIGKILL: lock files left ${left.join(', ') || '(none)'}; checkOwnership: owned ${own.owned}; ${gl.map((x) => `${path.basename(x.file)} ${x.status} (${x.why})`).join('; ') || 'no gateway locks'}; probes ${JSON.stringify(own.probes)}`);
      assert(!own.owned, `checkOwnership says owned after the SIGKILL: ${own.reason}`);
      assert(left.length >= 1, 'SIGKILL left no lock file to judge (OpenClaw cleaned up?)');
      assert(gl.length >= 1 && gl.every((x) => x.status === 'dead' || x.status === 'stale'), `the dead Gateway's locks are not judged stale: ${gl.map((x) => x.status).join(',')}`);
      assert(gl.every((x) => x.pid === pid), `lock pids ${gl.map((x) => x.pid).join(',')} vs the killed ${pid}`);

      await sleep(3000); // a few reconnect attempts against the closed port
      const attempts = errors.filter((e) => e.kind === 'unreachable').length;
      const tRestart = Date.now();
      gwShared = await startGateway();
      await c.ready(180_000);
      const tConnected = states.filter((x) => x.s === 'connected').at(-1).t;
      const starting = errors.filter((e) => e.t >= tRestart && e.kind !== 'unreachable');
      log(
        `restart: the client reconnected by itself ${((tConnected - tRestart) / 1000).toFixed(1)} s after the restart began (${attempts} refused reconnect attempts before the restart; ` +
          `${errors.length} errors in all: ${[...new Set(errors.map((e) => e.kind))].join(', ')}${starting.length ? `; while the Gateway started: ${starting.length}× ${starting[0].kind} "${starting[0].message.slice(0, 90)}"` : ''}); states ${states.map((x) => x.s).join(' → ')}`,
      );
      eq(c.state, 'connected', 'state after the restart');
      eq(states.map((x) => x.s).filter((s, i, a) => s !== a[i - 1]), ['reconnecting', 'connected'], 'state changes across the outage');
      eq(c.subscriptions(), { sessions: true, messages: [GWKEY] }, 'subscriptions kept');
      const own2 = await checkOwnership(STATE, OWN);
      assert(own2.owned && own2.by === 'gateway' && own2.pid !== pid, `after the restart: ${own2.reason}`);

      // The replayed subscriptions deliver events again.
      const roles = [];
      const dm = c.onSessionMessage((e) => e.sessionKey === GWKEY && roles.push(e.message && e.message.role));
      const t6 = await clientTurn(c, GWKEY, GT.t6);
      dm.dispose();
      assert(t6.changes.length > 0, 'no sessions.changed after the reconnect (sessions.subscribe not replayed?)');
      assert(roles.includes('assistant'), `no session.message after the reconnect (sessions.messages.subscribe not replayed?): ${roles.join(',')}`);
      log(`after the reconnect: turn 6 → ${t6.changes.length} sessions.changed (first +${fmtMs(t6.firstAfterFinalMs)} after the final), session.message roles ${roles.join(',')}`);
      assertClientLogsClean();
    } finally {
      await closeClients();
      if (gwShared) await stopGateway(gwShared);
      gwShared = undefined;
      fs.writeFileSync(path.join(LOGS, 'gateway-client.log'), GWLOG.join('\n') + '\n');
    }
  });

  // -------------------------------------------------------------------------------------------
  // Test 11: the built CLI (dist/cli.js) as a child process while the real Gateway owns the store.

  await test('11. CLI through the real Gateway: doctor, compact --dry-run, compact --yes → sessions.compact, no token / a wrong token → exit 3, undo-compact → sessions.rewind', async () => {
    assert(ready, 'setup failed');
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
      // the message says why, neither token is printed, nothing is written. `compact` runs here, while the session
      // is still compactable (right after a compaction the CLI's planner answers "nothing", exit 0, and never
      // reaches the Gateway); `undo-compact` (which always goes through the Gateway for SQLite) after step 3.
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

  // -------------------------------------------------------------------------------------------
  // Test 12: the extension's remote-Gateway path (no local state dir): RemoteSessionCache + ContextModel.

  await test('12. remote Gateway sessions: RemoteSessionCache + ContextModel fed only by the real Gateway (sessions.subscribe, chat.history, session.message, sessions.changed), no local files read', async () => {
    assert(ready, 'setup failed');
    const G = gatewayClientModules();
    const R = remoteModules();
    const gw = await sharedGateway();
    FS_TOUCHED.length = 0;
    try {
      const c = gwClient(G, { device: false });
      await c.connect();
      const inv0 = dbInventory();

      // The model has no state dir at all; its only source is the cache. The env's exists() records any probe.
      const envProbes = [];
      const env = { vars: {}, homedir: path.join(TMP, 'no-home'), exists: (p) => (envProbes.push(p), false) };
      const diags = [];
      const histErrors = [];
      const needed = [];
      const inflight = new Set();
      const hold = (set, p) => {
        set.add(p);
        p.finally(() => set.delete(p));
      };
      const settle = async (set) => {
        while (set.size) await Promise.allSettled([...set]);
      };
      // A: wired as the brief of this test says: onNeedHistory → chat.history → applyHistory; session.message →
      // applyMessage; sessions.changed → applyRow; chat.history again only where the test says so.
      const cache = new R.RemoteSessionCache({
        url: GW_URL,
        onNeedHistory: (key) => {
          needed.push(key);
          hold(inflight, c.chatHistory({ sessionKey: key, limit: R.HISTORY_LIMIT }).then((r) => cache.applyHistory(key, r), (e) => (histErrors.push(`A ${key}: ${e.message}`), cache.historyFailed(key))));
        },
      });
      const model = new R.ContextModel({ stateDirs: [], env, diag: (d) => diags.push(d) });
      model.setRemoteSources([cache]);
      const refresh = () => noFs(() => model.refresh());
      // B: the same cache + model, driven by GatewayController's rules (src/vscode/gateway.ts onSessionsChanged,
      // onSessionMessage, fetchHistory): a held history is fetched again on compact / reset / phase 'end' (or any
      // change of a session whose messages are not subscribed), and when a session.message cannot be appended.
      const B = { fetches: 0, lists: 0, subscribed: new Set(), state: new Map(), inflight: new Set() };
      B.cache = new R.RemoteSessionCache({ url: GW_URL, onNeedHistory: (key) => simFetch(key) });
      B.model = new R.ContextModel({ stateDirs: [], env, diag: (d) => diags.push(d) });
      B.model.setRemoteSources([B.cache]);
      function simFetch(key) {
        let st = B.state.get(key);
        if (!st) B.state.set(key, (st = { running: false, again: false }));
        if (st.running) {
          st.again = true;
          return;
        }
        st.running = true;
        hold(B.inflight, (async () => {
          try {
            do {
              st.again = false;
              const r = await c.chatHistory({ sessionKey: key, limit: R.HISTORY_LIMIT });
              B.fetches++;
              if (!st.again) B.cache.applyHistory(key, r);
            } while (st.again);
          } catch (e) {
            histErrors.push(`B ${key}: ${e.message}`);
            B.cache.historyFailed(key);
          } finally {
            st.running = false;
          }
        })());
      }
      const simChanged = (e) => {
        if (!e) return;
        if (!e.session || !B.cache.applyRow(e.session, e.agentId)) {
          B.lists++;
          hold(B.inflight, c.sessionsList({ limit: 200 }).then((r) => B.cache.applyList(r), () => undefined));
        }
        const key = typeof e.sessionKey === 'string' ? e.sessionKey : undefined;
        if (key && B.cache.hasHistory(key) && (e.compacted || e.reason === 'compact' || e.reason === 'reset' || e.phase === 'end' || !B.subscribed.has(key))) simFetch(key);
      };
      const simMessage = (e) => {
        const row = e && typeof e.session === 'object' && e.session ? e.session : undefined;
        if (row) B.cache.applyRow(row, e.agentId);
        if (!B.cache.applyMessage(e) && typeof e?.sessionKey === 'string' && B.cache.hasHistory(e.sessionKey)) simFetch(e.sessionKey);
      };
      const refreshB = () => noFs(() => B.model.refresh());

      // ---- 1. sessions.subscribe → applyList → refresh: every listed session is a remote model session;
      // gauge.ts computeGauge: a fresh row total is used as is (usedSource 'session') plus `pending` (context
      // entries after the last usage that are newer than the row); for a remote session never replaced by an estimate.
      const sub = await c.sessionsSubscribe({ limit: 200 });
      assert(sub.subscribed === true && sub.list && Array.isArray(sub.list.sessions), `sessions.subscribe: ${JSON.stringify(sub).slice(0, 200)}`);
      cache.applyList(sub.list);
      B.cache.applyList(sub.list);
      refresh();
      await settle(inflight);
      refresh();
      eq(model.stateDirs().length, 0, 'local state dirs of the model');
      eq(model.remoteDirs().map((d) => d.candidate.dir), [cache.stateDir], "the model's remote dirs");
      assert(R.isRemoteStateDir(cache.stateDir) && cache.stateDir === `gateway:${GW_URL}`, `the cache's state dir: ${cache.stateDir}`);
      let freshChecked = 0;
      const checkList = (list, label) => {
        eq(model.sessions().map((s) => s.row.key).sort(), list.sessions.map((r) => r.key).sort(), `${label}: the model's sessions = the Gateway's list`);
        const lines = [];
        for (const r of list.sessions) {
          const s = model.findByKey(r.key);
          assert(s.remote === cache.url && s.stateDir === cache.stateDir, `${label}: ${r.key}: remote ${s.remote}, stateDir ${s.stateDir}`);
          eq(s.row.sessionId, r.sessionId, `${label}: ${r.key}: session id`);
          assert(model.writeTarget(s.uid) === undefined, `${label}: ${r.key}: a remote session has a write target`);
          if (r.totalTokensFresh === true && typeof r.totalTokens === 'number') {
            freshChecked++;
            eq([s.gauge.usedSource, s.gauge.used], ['session', r.totalTokens + s.gauge.pending], `${label}: ${r.key}: gauge (source, used) = ('session', the row's fresh totalTokens + pending)`);
            if (!s.context) eq(s.gauge.pending, 0, `${label}: ${r.key}: pending without a transcript`);
          }
          lines.push(`${r.key}: row ${r.totalTokens ?? '-'} tokens (fresh ${r.totalTokensFresh}) → gauge ${s.gauge.used}${s.gauge.pending ? ` (+${s.gauge.pending} pending)` : ''} ${s.gauge.usedSource}, ${s.gauge.percent}% of ${s.gauge.window}${s.context ? `, ${s.context.items.length} context items` : ''}`);
        }
        log(`${label}: ${list.sessions.length} session(s) listed, all in the model as remote sessions of ${cache.stateDir}${lines.length ? `:\n      ${lines.join('\n      ')}` : ''}`);
      };
      checkList(sub.list, '1. sessions.subscribe');
      const stale = sub.list.sessions.filter((r) => r.totalTokensFresh !== true || typeof r.totalTokens !== 'number').map((r) => r.key);
      for (const k of stale) assert(needed.includes(k), `${k} has no fresh total, but the model did not ask for its chat.history`);
      log(`the model asked for chat.history of ${needed.length} session(s) on its own (${needed.join(', ') || 'none'}; rows without a fresh total: ${stale.join(', ') || 'none'})`);

      // ---- 2. two turns on RKEY through chat.send, session.message appended to the held history
      fs.writeFileSync(path.join(WS, R_NOTES), R_NOTES_TEXT);
      let turnNo = 0;
      const msgEv = [];
      const changedEv = [];
      const dm = c.onSessionMessage((e) => {
        if (!e || e.sessionKey !== RKEY) return;
        const applied = cache.applyMessage(e);
        const m = e.message ?? {};
        msgEv.push({ t: performance.now(), turn: turnNo, role: m.role, id: histId(m), applied, withRow: !!e.session });
        simMessage(e);
      });
      const dc = c.onSessionsChanged((e) => {
        if (e && e.session) cache.applyRow(e.session, e.agentId);
        if (e && e.sessionKey === RKEY) changedEv.push({ t: performance.now(), turn: turnNo, what: e.reason ?? e.phase, compacted: e.compacted, e });
        simChanged(e);
      });
      let early;
      try {
        await c.sessionsMessagesSubscribe({ key: RKEY });
        early = true;
      } catch (e) {
        early = `${e.kind}: ${e.message}`;
      }
      log(`sessions.messages.subscribe ${RKEY} before the session exists: ${early === true ? 'accepted' : `refused (${early}); subscribing after turn 1`}`);
      if (early === true) B.subscribed.add(RKEY);

      turnNo = 1;
      const tu1 = await clientTurn(c, RKEY, RT.t1);
      if (early !== true) {
        await c.sessionsMessagesSubscribe({ key: RKEY });
        B.subscribed.add(RKEY);
      }
      refresh();
      let s = model.findByKey(RKEY);
      assert(s && s.remote === cache.url, `after turn 1 the model has no remote session ${RKEY} (sessions.changed → applyRow)`);
      const needBefore = needed.filter((k) => k === RKEY).length;
      noFs(() => model.ensureTranscript(s.uid));
      assert(needed.filter((k) => k === RKEY).length === needBefore + 1 || cache.hasHistory(RKEY), `ensureTranscript(${RKEY}) did not ask for its chat.history`);
      await settle(inflight);
      refresh();
      s = model.findByKey(RKEY);
      assert(s.context && s.index, `after chat.history the model has no transcript for ${RKEY}`);
      const db1 = readOurs(RKEY);
      const dbm1 = ctxMessages(db1.ctx.items);
      eq(idList(ctxMessages(s.context.items)), idList(dbm1), 'after turn 1: our context message ids = the DB active context message ids');
      refreshB();
      noFs(() => B.model.ensureTranscript(B.model.findByKey(RKEY).uid));
      await settle(B.inflight);
      refreshB();
      log(`turn 1 (${tu1.ms} ms, user message ${RT.t1.length} chars): ensureTranscript → chat.history → refresh: context ${roles(dbm1)} = the DB's; session.message events during turn 1 (no history held yet): ${roles(msgEv.filter((m) => m.turn === 1))}, appended ${msgEv.filter((m) => m.turn === 1 && m.applied).length}`);

      turnNo = 2;
      const tu2 = await clientTurn(c, RKEY, RT.t2);
      await sleep(500);
      refresh();
      s = model.findByKey(RKEY);
      const incr = ctxMessages(s.context.items);
      const db2 = readOurs(RKEY);
      const dbm2 = ctxMessages(db2.ctx.items);
      const turn2Db = dbm2.filter((m) => !dbm1.some((x) => x.id === m.id));
      const ev2 = msgEv.filter((m) => m.turn === 2);
      const app2 = ev2.filter((m) => m.applied);
      assert(ev2.length > 0, 'no session.message event for turn 2');
      assert(app2.length > 0, `no session.message of turn 2 was appended to the held history (${ev2.length} events: ${roles(ev2)})`);
      for (const m of app2) assert(incr.some((x) => x.id === m.id), `session.message ${m.role} ${m.id} was appended but is not in our context`);
      assert(isSubsequence(idList(incr), idList(dbm2)), `our context after the appends is not in the DB's order: ours ${roles(incr)}, DB ${roles(dbm2)}`);
      const notAsEvent = turn2Db.filter((m) => !ev2.some((x) => x.id === m.id));
      const evOffPath = ev2.filter((x) => !turn2Db.some((m) => m.id === x.id));
      log(
        `turn 2 (${tu2.ms} ms, #read ${R_NOTES}): the DB's new context messages ${roles(turn2Db)}; session.message events ${ev2.length} (${roles(ev2)}), appended ${app2.length}; ` +
          `not sent as session.message: ${roles(notAsEvent)}${evOffPath.length ? `; events not in the DB's new context messages: ${evOffPath.map((x) => `${x.role} ${x.id}`).join(', ')}` : ''}; ` +
          `our context from session.message alone: ${roles(incr)} vs the DB's ${roles(dbm2)}`,
      );
      // the run-end chat.history (GatewayController fetches it at sessions.changed phase 'end')
      const h2 = await c.chatHistory({ sessionKey: RKEY, limit: R.HISTORY_LIMIT });
      cache.applyHistory(RKEY, h2);
      refresh();
      s = model.findByKey(RKEY);
      eq(idList(ctxMessages(s.context.items)), idList(dbm2), 'after turn 2 + chat.history: our context message ids = the DB active context message ids, in order');
      const hIds2 = h2.messages.map(histId);
      const dbPath2 = ctxMessages(db2.ctx.path);
      log(`chat.history after turn 2: ${h2.messages.length} messages (${h2.messages.map((m) => m.role).join(',')}), hasMore ${h2.hasMore}; keys {${Object.keys(h2).join(', ')}}; DB path messages ${dbPath2.length}, all in chat.history: ${dbPath2.every((m) => hIds2.includes(m.id))}, same order: ${isSubsequence(idList(dbPath2), hIds2)}; entries not on the DB path: ${hIds2.filter((id) => !db2.ctx.path.some((e) => e.id === id)).length}`);
      await settle(B.inflight);
      refreshB();
      eq(idList(ctxMessages(B.model.findByKey(RKEY).context.items)), idList(dbm2), "after turn 2, GatewayController's rules (session.message + chat.history at phase 'end'): context message ids = the DB's");
      log(`GatewayController's rules: ${B.fetches} chat.history fetch(es) and ${B.lists} sessions.list so far; context after turn 2 = the DB's`);

      // maxChars: chat.history cuts texts at 8,000 characters unless maxChars (≤ 500,000) says otherwise
      const longOnes = [
        ['turn 1 user message', findUser(db2, 'Remote turn 1').id],
        ['turn 2 toolResult', turn2Db.find((m) => m.role === 'toolResult')?.id],
      ];
      let hBig;
      try {
        hBig = await c.chatHistory({ sessionKey: RKEY, limit: R.HISTORY_LIMIT, maxChars: 100000 });
      } catch (e) {
        hBig = e;
      }
      assert(!(hBig instanceof Error), `chat.history with maxChars 100000 was refused: ${hBig && hBig.message}`);
      for (const [what, id] of longOnes) {
        assert(id, `no ${what} in the DB`);
        const dbText = textOf(db2.full.get(id).message.content);
        const dflt = textOf(h2.messages.find((m) => histId(m) === id)?.content);
        const big = textOf(hBig.messages.find((m) => histId(m) === id)?.content);
        assert(dbText.length > 8000, `the ${what} has ${dbText.length} characters; the maxChars check needs more than 8,000`);
        eq(big, dbText, `${what}: chat.history with maxChars 100000 = the stored text`);
        const cut = dflt !== dbText;
        if (cut) assert(dbText.startsWith(dflt.replace(/\n\.\.\.\(truncated\)\.\.\.$/, '')), `${what}: the default chat.history text is not a prefix of the stored text`);
        log(`${what}: stored ${dbText.length} chars; chat.history default ${dflt.length} chars${cut ? ` (cut, ends ${JSON.stringify(dflt.slice(-20))})` : ' (whole)'}; with maxChars 100000: ${big.length} chars (whole)`);
      }
      log(`chat.history payload: ${JSON.stringify(h2).length} bytes by default, ${JSON.stringify(hBig).length} with maxChars 100000`);

      // step 1 again, now that the list holds a session with turns: a fresh sessions.list → applyList → refresh
      const list2 = await c.sessionsList({ limit: 200 });
      cache.applyList(list2);
      refresh();
      checkList(list2, '2. sessions.list after the turns');
      assert(freshChecked > 0, 'no listed session had a fresh totalTokens, so the gauge rule was never checked');
      eq(model.mostRecent()?.row.key, RKEY, 'the most recent session (the gauge shows it) after the turns');

      // ---- 3. sessions.compact, then chat.history again (GatewayController: sessions.changed compact → fetch)
      const v0 = readOurs(RKEY);
      const nEv = changedEv.length;
      const bFetches0 = B.fetches;
      const tc = performance.now();
      const comp = await c.sessionsCompact({ key: RKEY });
      assert(comp.ok && comp.compacted && comp.result, `sessions.compact did not compact: ${JSON.stringify(comp).slice(0, 300)}`);
      const ce = await waitFor('sessions.changed reason compact', () => changedEv.slice(nEv).find((x) => x.what === 'compact' || x.compacted), 15_000, 20);
      const v1 = readOurs(RKEY);
      const dbComp = v1.ctx.compaction;
      assert(dbComp && (!v0.ctx.compaction || v0.ctx.compaction.id !== dbComp.id), 'the DB shows no new compaction on the active path');
      const dbCompFull = v1.full.get(dbComp.id);
      const h3 = await c.chatHistory({ sessionKey: RKEY, limit: R.HISTORY_LIMIT });
      const mi = h3.messages.findIndex((m) => m.__openclaw && m.__openclaw.kind === 'compaction');
      assert(mi >= 0, `chat.history after sessions.compact shows no compaction marker: ${h3.messages.map((m) => `${m.role}/${m.__openclaw && m.__openclaw.kind}`).join(',')}`);
      const marker = h3.messages[mi];
      const short = (m) => JSON.stringify(m, (k, v) => (typeof v === 'string' && v.length > 160 ? `${v.slice(0, 160)}…(${v.length})` : v));
      log(`sessions.compact ${Math.round(performance.now() - tc)} ms: result tokens ${comp.result.tokensBefore} → ${comp.result.tokensAfter ?? '(none)'}, firstKeptEntryId ${comp.result.firstKeptEntryId}; DB: compaction ${dbComp.id} ${dbCompFull.tokensBefore} → ${dbCompFull.tokensAfter}, firstKeptEntryId ${dbCompFull.firstKeptEntryId}`);
      log(`sessions.changed compact event: ${Object.keys(ce.e).length} keys (${Object.keys(ce.e).filter((k) => /compact|kept|token/i.test(k)).join(', ')} among them)${ce.e.session ? `; its row: compactionCount ${ce.e.session.compactionCount}, totalTokens ${ce.e.session.totalTokens} (fresh ${ce.e.session.totalTokensFresh})` : ''}`);
      log(`chat.history after the compaction: ${h3.messages.length} messages: ${h3.messages.map((m, i) => (i === mi ? '[MARKER]' : m.role)).join(',')}`);
      log(`the marker (message ${mi}): ${short(marker)}`);
      const pre = ctxMessages(v0.ctx.items);
      const hIds3 = h3.messages.map(histId);
      const preShown = pre.filter((m) => hIds3.includes(m.id));
      const preBefore = preShown.filter((m) => hIds3.indexOf(m.id) < mi);
      const fk = dbCompFull.firstKeptEntryId;
      const where = [
        ['chat.history', JSON.stringify(h3)],
        ['the sessions.changed compact event', JSON.stringify(ce.e)],
        ['sessions.compact result', JSON.stringify(comp)],
      ].filter(([, j]) => fk && j.includes(fk)).map(([w]) => w);
      log(`pre-compaction context messages (${pre.length}: ${roles(pre)}): in chat.history ${preShown.length}, before the marker ${preBefore.length}, after it ${preShown.length - preBefore.length}; firstKeptEntryId ${fk} (${v1.full.get(fk)?.type}${v1.full.get(fk)?.message ? `/${v1.full.get(fk).message.role}` : ''}) appears in: ${where.join(', ') || 'nothing the Gateway sent except the sessions.compact result'}`);
      eq(histId(marker), dbComp.id, "the marker's __openclaw.id = the DB compaction entry id");

      cache.applyHistory(RKEY, h3);
      refresh();
      s = model.findByKey(RKEY);
      // chat.history carries no firstKeptEntryId (and does not list the `custom` row it usually names): what OpenClaw
      // keeps verbatim is among the messages before the marker, indistinguishable from the summarised ones. So our
      // context after a Gateway compaction is the marker + the messages chat.history lists after it; the DB's kept
      // tail is expected only as far as chat.history shows it after the marker, and the rest is reported.
      const checkCompacted = (ctx, v, hist, label) => {
        assert(ctx && ctx.compaction, `${label}: our context has no compaction`);
        eq(ctx.compaction.id, v.ctx.compaction.id, `${label}: our compaction entry = the DB's`);
        eq(ctx.compaction.tokensBefore, v.full.get(v.ctx.compaction.id).tokensBefore, `${label}: our compaction's tokensBefore = the DB compaction row's`);
        const pos = new Map(hist.messages.map((m, i) => [histId(m), i]));
        const at = pos.get(v.ctx.compaction.id);
        assert(at !== undefined, `${label}: chat.history has no marker for the DB's compaction ${v.ctx.compaction.id}`);
        const kept = ctxMessages(v.ctx.items.slice(1, v.ctx.usageFrom));
        const after = ctxMessages(v.ctx.items.slice(v.ctx.usageFrom));
        const keptAfter = kept.filter((m) => pos.get(m.id) > at);
        const keptBefore = kept.filter((m) => pos.get(m.id) < at);
        const ours = ctxMessages(ctx.items.slice(1));
        log(`${label}: DB context = compaction + kept tail ${roles(kept)} + after ${roles(after)}; ours = compaction (tokensBefore ${ctx.compaction.tokensBefore}) + ${roles(ours)}; kept tail in chat.history: ${keptBefore.length} before the marker, ${keptAfter.length} after it, ${kept.length - keptBefore.length - keptAfter.length} not at all`);
        eq(idList(ours), idList([...keptAfter, ...after]), `${label}: our messages after the compaction = the DB's kept tail as far as chat.history shows it after the marker + the DB's messages after the compaction, in order`);
        if (keptBefore.length) log(`NOTE ${label}: our context lacks the kept tail (${roles(keptBefore)}: ${idList(keptBefore).join(', ')}), which OpenClaw still sends to the model; chat.history lists it before the marker, with the summarised messages`);
      };
      checkCompacted(s.context, v1, h3, 'after sessions.compact + chat.history');
      const rowC = cache.rowOf(RKEY);
      if (rowC.totalTokensFresh === true) eq([s.gauge.usedSource, s.gauge.used], ['session', rowC.totalTokens + s.gauge.pending], "the gauge after the compaction: the row's fresh totalTokens + pending");
      log(`gauge after the compaction: ${s.gauge.used} tokens (${s.gauge.usedSource}; the row from sessions.changed: ${rowC.totalTokens}, fresh ${rowC.totalTokensFresh}, compactionCount ${rowC.compactionCount}), ${s.gauge.compactions} compaction(s) shown`);
      await settle(B.inflight);
      refreshB();
      assert(B.fetches > bFetches0, "GatewayController's rules fetched no chat.history after the compaction");
      checkCompacted(B.model.findByKey(RKEY).context, v1, h3, "GatewayController's rules after the compaction");

      turnNo = 3;
      const tu3 = await clientTurn(c, RKEY, RT.t3);
      await sleep(500);
      const h4 = await c.chatHistory({ sessionKey: RKEY, limit: R.HISTORY_LIMIT });
      cache.applyHistory(RKEY, h4);
      refresh();
      const v2 = readOurs(RKEY);
      checkCompacted(model.findByKey(RKEY).context, v2, h4, `turn 3 after the compaction (${tu3.ms} ms) + chat.history`);
      await settle(B.inflight);
      refreshB();
      checkCompacted(B.model.findByKey(RKEY).context, v2, h4, "GatewayController's rules after turn 3");
      const ev3 = msgEv.filter((m) => m.turn === 3);
      log(`turn 3: session.message ${roles(ev3)} (${ev3.filter((m) => m.applied).length} appended); GatewayController's rules: ${B.fetches} chat.history fetch(es), ${B.lists} sessions.list in all`);
      const evAll = msgEv.length;
      const byRole = MSG_ROLES.map((r) => `${r} ${msgEv.filter((m) => m.role === r).length}`).join(', ');
      log(`session.message events for ${RKEY}: ${evAll} (${byRole}; other roles: ${msgEv.filter((m) => !MSG_ROLES.includes(m.role)).map((m) => m.role).join(',') || 'none'}), ${msgEv.filter((m) => m.applied).length} appended, ${msgEv.filter((m) => m.withRow).length} carried the session row`);
      dm.dispose();
      dc.dispose();

      // ---- 4. nothing written by us, no local file touched, no secret in the logs
      const inv1 = dbInventory();
      eq(inv1.ours, inv0.ours, 'rows of ours (customType openclaw-context.*) in the DB: none added');
      assert(!inv1.ours.some((x) => x.startsWith(`${v2.row.sessionId}#`)), `rows of ours in ${RKEY}: ${inv1.ours.join(', ')}`);
      const changedSessions = Object.keys(inv1.sessions).filter((sid) => inv0.sessions[sid] !== undefined && inv0.sessions[sid] !== inv1.sessions[sid]);
      eq(changedSessions.filter((sid) => sid !== v2.row.sessionId), [], 'transcripts other than the driven session that changed');
      eq(FS_TOUCHED, [], 'node:fs calls made by the model and the cache');
      eq(envProbes, [], "paths the model probed through env.exists()");
      eq(histErrors, [], 'chat.history failures');
      const bad = diags.filter((d) => d.severity !== 'info');
      eq(bad.map((d) => d.message), [], "the model's diagnostics");
      log(`no local file read or probed by the model (${FS_PROBES.length} node:fs functions watched); DB rows of ours: ${inv1.ours.length} (unchanged); transcripts changed: only ${RKEY}'s`);
      assertClientLogsClean();
    } finally {
      await endGatewayTest(gw);
    }
  });
} finally {
  await cleanup();
}

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`\ninterop: ${results.map((r) => `${r.ok ? 'PASS' : 'FAIL'} ${r.name.split(':')[0]} ${r.s}s`).join(' | ')} | total ${((Date.now() - T_START) / 1000).toFixed(0)} s`);
if (skipped.length) console.log(`interop: OCCTX_INTEROP_ONLY skipped test(s) ${skipped.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
