// The interop suite's shared fixture (test/interop/README.md): one real OpenClaw 2026.9.6 environment for every
// scenario (test/interop/scenarios/*.test.mjs), set up once when this module loads and torn down by the root
// hook `mochaHooks.afterAll`; the readers of OpenClaw's DB and the fake LLM's request log, the turns, our Gateway
// client and CLI runs, and the data the scenarios share. Scenarios run in order, each on what the earlier ones left
// (`shared`).
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
import assert from 'node:assert/strict';
import { OfflineOpenClaw, stopProc, stripAnsi, tail } from '../../scripts/openclaw-offline.mjs';
import { alive, die, portOpen, sleep, waitFor } from '../support/process.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
export const KEY = 'agent:main:main';

/** How a missing prerequisite is reported (die). */
const PREREQ = { prefix: 'interop: ' };

// ---------------------------------------------------------------------------------------------
// Prerequisites

const SHARED = path.resolve(process.env.OPENCLAW_SHARED_DIR || path.join(ROOT, '..', 'shared'));
const H = path.join(SHARED, 'tools', 'openclaw-real');
const FAKE_LLM = path.join(H, 'fake-llm.mjs');
const CONFIG_TEMPLATE = path.join(H, 'config', 'openclaw.json5');
for (const f of [FAKE_LLM, CONFIG_TEMPLATE]) {
  if (!fs.existsSync(f)) die(`${f} is missing. The interop harness uses the shared OpenClaw harness checked out beside the repo (../shared/tools/openclaw-real); set OPENCLAW_SHARED_DIR to its location.`, PREREQ);
}
const NODE24 = process.env.NODE24_BIN || process.execPath;
const APP = process.env.OPENCLAW_APP;
if (!APP || !fs.existsSync(path.join(APP, 'node_modules', 'openclaw', 'openclaw.mjs'))) die('OPENCLAW_APP is not set or has no openclaw install; run `bash test/interop/setup.sh` (scripts/test-interop.sh does).', PREREQ);
const OUT = path.join(ROOT, 'out', 'src', 'core', 'store');
for (const m of ['sqliteWriter.js', 'ownership.js', 'processes.js', 'sqliteStore.js']) if (!fs.existsSync(path.join(OUT, m))) die(`${path.join(OUT, m)} is missing; compile first (npx tsc -p .).`, PREREQ);
if (!/^v(2[4-9]|[3-9]\d)\./.test(process.version)) die(`run this under Node 24 (this is ${process.version}); scripts/test-interop.sh does.`, PREREQ);
export const { appendEvents } = require(path.join(OUT, 'sqliteWriter.js'));
export const { checkOwnership } = require(path.join(OUT, 'ownership.js'));
export const { processStartTime } = require(path.join(OUT, 'processes.js'));
export const { SqliteSessionStore } = require(path.join(OUT, 'sqliteStore.js'));
export const { rebuildContext, TranscriptIndex } = require(path.join(ROOT, 'out', 'src', 'core', 'context', 'rebuild.js'));
const { DatabaseSync } = require('node:sqlite');
/** Compiled modules of src/core (`out/src/core/<rel>`), merged into one object; loaded when a test needs them. */
function coreModules(...rels) {
  const files = rels.map((r) => path.join(ROOT, 'out', 'src', 'core', ...r.split('/')));
  for (const f of files) if (!fs.existsSync(f)) throw new Error(`${f} is missing; compile first (npx tsc -p .)`);
  return Object.assign({}, ...files.map((f) => require(f)));
}
/** The checkpoint engine, restore planner, session writer and `gist` (test 3), loaded when that test runs. */
export function checkpointModules() {
  return { ...coreModules('checkpoint/index.js', 'checkpoint/restore.js', 'store/sessionWrite.js'), familyFor: coreModules('tokens/estimator.js').familyFor, gist: coreModules('transcript/text.js').gist };
}

/** Our compaction planner and the session writer (test 4), loaded when that test runs. */
export function compactionModules() {
  return coreModules('compaction/plan.js', 'store/sessionWrite.js');
}

/** An export of OpenClaw's bundle by its source name (the chunk files and export aliases are hashed). */
export async function openclawExport(name, prefer = '') {
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

export let TMP;
export let oc;
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

/**
 * What one scenario hands to the next: setup done (`ready`), test 1's note (`noteId`), a running Gateway
 * (test 2 → 3 → 4 → 5: `gatewayHandoff`) and the Gateway tests 7–10 share (`gwShared`).
 */
export const shared = { ready: false, noteId: undefined, gatewayHandoff: undefined, gwShared: undefined };

// ---------------------------------------------------------------------------------------------
// Environment

TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'occtx-interop-'));
export const TOKEN = `occtx-${randomBytes(12).toString('hex')}`;
oc = await new OfflineOpenClaw({ root: TMP, app: APP, node24: NODE24, shared: H, token: TOKEN, GatewayClient: gatewayClientModules().GatewayClient, log: (...a) => log(...a) }).init();
export const STATE = oc.stateDir;
export const WS = path.join(STATE, 'workspace');
export const LOGS = oc.logs;
const SYSTMP = oc.env.TMPDIR;
export const DB = path.join(STATE, 'agents', 'main', 'agent', 'openclaw-agent.sqlite');
const LLM_LOG = oc.llmLog;
export const LLM_PORT = oc.llmPort;
export const GW_PORT = oc.gatewayPort;
const ENV = oc.env;
// What our own ownership checks should look at: this state dir, these ports, this temp dir.
export const OWN = { tmpDir: SYSTMP, port: GW_PORT };

/** Run `openclaw <args>`; resolves {code, out, err, ms}. */
export const openclaw = (args, opts) => oc.openclaw(args, opts);
/** `openclaw gateway run` in the background (its own process group), as the shared gateway.sh does. */
export const startGateway = () => oc.startGateway();
export const stopGateway = (p) => oc.stopGateway(p);

/** One turn through the running Gateway (`openclaw agent` without --local), as the shared turn.sh does. */
export async function gatewayTurn(message) {
  const r = await openclaw(['agent', '--agent', 'main', '--message', message, '--json', '--timeout', '300'], { name: 'gwturn' });
  if (r.code !== 0) throw new Error(`openclaw agent (Gateway) failed (rc ${r.code}, ${r.ms} ms): ${tail(stripAnsi(r.err))}`);
  return r;
}

export async function turn(message) {
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

export function llmRequests() {
  if (!fs.existsSync(LLM_LOG)) return [];
  return fs
    .readFileSync(LLM_LOG, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}
export const textOf = (c) => (typeof c === 'string' ? c : Array.isArray(c) ? c.filter((b) => b && b.type === 'text').map((b) => b.text).join('\n') : c == null ? '' : JSON.stringify(c));
export const isInternal = (m) => m.role === 'user' && textOf(m.content).startsWith('<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>');
/** The user prompt as stored: without OpenClaw's "[Sat 2026-11-21 15:36 UTC] " prefix and "\n\nRuntime: …" block. */
export const cleanUser = (t) => t.split(/\n\nRuntime: /)[0].replace(/^\[[^\]]*\] /, '');
/** The main (tool-enabled) model request of the turn whose prompt contains `needle`, among requests after `from`. */
export function turnRequest(from, needle) {
  const reqs = llmRequests().slice(from).filter((r) => /chat\/completions/.test(r.url) && r.body && Array.isArray(r.body.messages) && Array.isArray(r.body.tools) && r.body.tools.length);
  const hit = reqs.find((r) => r.body.messages.some((m) => m.role === 'user' && textOf(m.content).includes(needle)));
  if (!hit) throw new Error(`no model request carried "${needle}" (${reqs.length} tool-enabled requests after #${from})`);
  return hit;
}

/** Our SqliteSessionStore view of a session: index, context, full entries by id. Diagnostics other than info fail. */
export function readOurs(key = KEY) {
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
export function findUser(view, needle) {
  const m = view.index.entries.find((e) => e.kind === 'message' && e.role === 'user' && textOf(view.full.get(e.id)?.message?.content).includes(needle));
  if (!m) throw new Error(`no stored user message contains "${needle}"`);
  return m;
}

/** A digest of every transcript row and identity row of a session (read-only connection). */
export function transcriptDigest(sessionId) {
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
export function rawTranscript(sessionId) {
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
export function prefixMismatch(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

/**
 * OpenClaw's transcript projection of a session (`session_transcript_index_state`) against the
 * transcript itself: `current` when every row is indexed and no rebuild is pending, i.e. when
 * OpenClaw's turns can read the session.
 */
export function projectionState(sessionId) {
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
export const projText = (p) => `indexed_seq ${p.indexedSeq}, needs_rebuild ${p.needsRebuild}, max seq ${p.maxSeq}`;

/** The model request's message before the new prompt (containing `needle`), which must be a user message. */
export function messageBefore(req, needle) {
  const msgs = req.body.messages;
  const idx = msgs.findIndex((m) => m.role === 'user' && textOf(m.content).includes(needle));
  const prev = msgs[idx - 1];
  assert(idx > 0 && prev && prev.role === 'user', `the message before the new prompt is ${prev && prev.role}, not user`);
  return { prev, idx, msgs };
}

/** How OpenClaw 2026.9.6 puts a compaction summary in front of the kept tail (a user message of one text block). */
export const summaryMessage = (summary) => `The conversation history before this point was compacted into the following summary:\n\n<summary>\n${summary}\n</summary>`;
/** Tool-call ids as the model sees them: OpenClaw sends them without the non-alphanumerics (`call_ab12` → `callab12`). */
const callId = (id) => String(id ?? '').replace(/[^A-Za-z0-9]/g, '');
/** A model-request message reduced to what the transcript determines: role, text, tool calls with their arguments. */
export function requestShape(m) {
  if (m.role === 'user') return { role: 'user', text: cleanUser(textOf(Array.isArray(m.content) ? [m.content[0]] : m.content)) };
  if (m.role === 'assistant') return { role: 'assistant', text: textOf(m.content), calls: (m.tool_calls ?? []).map((c) => ({ id: callId(c.id), name: c.function?.name, args: JSON.parse(c.function?.arguments || '{}') })) };
  if (m.role === 'tool') return { role: 'tool', id: callId(m.tool_call_id), text: textOf(m.content) };
  return { role: m.role, text: textOf(m.content) };
}
/** A transcript entry (full JSON) reduced the same way, as the model should receive it. */
export function entryShape(e) {
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

/** `a` and `b` have the same JSON (key order included), with both in the message when not. */
export function eq(a, b, msg) {
  const [x, y] = [JSON.stringify(a), JSON.stringify(b)];
  assert.strictEqual(x, y, `${msg}\n  expected ${y}\n  actual   ${x}`);
}

// ---------------------------------------------------------------------------------------------
// Our Gateway client (tests 7–10): out/src/core/gateway against the real Gateway

/** client.js, identity.js, protocol.js and errors.js of our Gateway client, loaded when those tests run. */
export function gatewayClientModules() {
  return coreModules('gateway/client.js', 'gateway/identity.js', 'gateway/protocol.js', 'gateway/errors.js');
}
export const GW_URL = `ws://127.0.0.1:${GW_PORT}`;
/** The session tests 9–10 drive through chat.send (created by its first turn). */
export const GWKEY = 'agent:main:gwclient';
export const GW_DEVICE_FILE = path.join(TMP, 'gw-client', 'device.json');
/** A device that connects as cli/cli (paired, so it gets a device token; gateway-client/backend is not paired). */
export const GW_CLI_DEVICE_FILE = path.join(TMP, 'gw-client', 'cli-device.json');
/** Every line our clients logged, and every error they reported (checked for secrets). */
export const GWLOG = [];
const gwLogger = {
  debug: (m) => GWLOG.push(`debug ${m}`),
  info: (m) => GWLOG.push(`info ${m}`),
  warn: (m) => GWLOG.push(`warn ${m}`),
  error: (m) => GWLOG.push(`error ${m}`),
};
export async function sharedGateway() {
  if (!shared.gwShared || !alive(shared.gwShared.child)) shared.gwShared = await startGateway();
  return shared.gwShared;
}
export function gwClient(G, opts = {}) {
  const c = new G.GatewayClient({ url: GW_URL, token: TOKEN, logger: gwLogger, device: false, requestTimeoutMs: 60_000, connectTimeoutMs: 20_000, reconnect: { initialMs: 250, maxMs: 2000, jitter: 0.2 }, displayName: 'occtx interop', ...opts });
  c.onError((e) => GWLOG.push(`onError ${e.kind} ${e.message}`));
  gwClients.add(c);
  return c;
}
/** The end of a test with its own Gateway: our clients closed, the Gateway stopped, the client log written. */
export async function endGatewayTest(gw) {
  await closeClients();
  await stopGateway(gw);
  shared.gwShared = undefined;
  fs.writeFileSync(path.join(LOGS, 'gateway-client.log'), GWLOG.join('\n') + '\n');
}
export async function closeClients() {
  for (const c of [...gwClients]) await c.close();
  gwClients.clear();
}
/** Neither the Gateway token nor a device token ever reached our clients' logger or their errors. */
export function assertClientLogsClean() {
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
export const fmtMs = (v) => (v === undefined ? '?' : String(Math.round(v)));
/** A model request's messages without the system prompt and OpenClaw's internal-context block. */
export function modelMessages(req) {
  return req.body.messages.filter((m, i) => !(i === 0 && (m.role === 'system' || m.role === 'developer')) && !isInternal(m));
}
/**
 * One turn through our client's chat.send; resolves once the run's chat `final` has arrived and the
 * Gateway reported the run settled (sessions.changed `agent.input.settled`), with the sessions.changed
 * timing relative to the final.
 */
export async function clientTurn(c, sessionKey, message) {
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
export function rawConnect(over) {
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
export const GT = {
  t1: 'GW turn 1: remember the code word KESTREL-9. #reply Noted: KESTREL-9.',
  t2: 'GW turn 2: give me some filler lines. #pad 12',
  t3: 'GW turn 3: what was the code word? #reply KESTREL-9.',
  t4: 'GW turn 4: after the compaction, anything new? #reply Nothing new.',
  t5: 'GW turn 5: after the rewind, what was the code word? #reply Still KESTREL-9.',
  t6: 'GW turn 6: after the Gateway restart, still there? #reply Still here.',
};

// ---------------------------------------------------------------------------------------------
// The built CLI (test 11): dist/cli.js as a child process under Node 24, against the real Gateway

export const CLI_JS = path.join(ROOT, 'dist', 'cli.js');
/** The CLI's HOME: its Gateway device identity lands in <home>/.config/openclaw-context/gateway-device.json. */
export const CLI_HOME = path.join(TMP, 'cli-home');
const CLI_DEVICE_FILE = path.join(CLI_HOME, '.config', 'openclaw-context', 'gateway-device.json');
/** The session test 11 drives through chat.send and then compacts / undoes with the CLI. */
export const CLIKEY = 'agent:main:occtx-cli';
export const CT = {
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
export const CLI_KEEP = 300;
/** Every CLI run of test 11, with what it printed (checked for secrets). */
export const CLI_RUNS = [];
let cliNo = 0;
/**
 * `<node24> dist/cli.js <args>` with a clean environment: PATH, HOME (its own temp dir), TMPDIR and `extra`;
 * no OPENCLAW_STATE_DIR / _CONFIG_PATH / _GATEWAY_PORT, so the CLI finds the state dir from --state-dir
 * and the Gateway port from the config. Resolves {code, out, err, ms, json, line}.
 */
export function runCli(args, extra = {}, { timeoutMs = 180_000 } = {}) {
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
export function cliJson(r) {
  assert(r.json && typeof r.json === 'object', `${r.line}: rc ${r.code}, no JSON on stdout: ${tail(r.out)} | stderr: ${tail(r.err)}`);
  return r.json;
}
/** Neither the Gateway token, a wrong token we passed, nor the CLI's device token ever reached the CLI's stdout/stderr. */
export function assertCliOutputClean(extraSecrets = []) {
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
export function remoteModules() {
  return coreModules('gateway/remoteStore.js', 'context/model.js');
}
/** The session test 12 drives through chat.send and compacts. */
export const RKEY = 'agent:main:remote';
/** A workspace file over chat.history's default text cap (8,000 characters), read by turn 2: a long toolResult. */
export const R_NOTES = 'remote-notes.md';
export const R_NOTES_TEXT = Array.from({ length: 110 }, (_, i) => `Note ${i + 1}: the remote Gateway check keeps this line so that the tool result is longer than eight thousand characters.`).join('\n') + '\n';
export const RT = {
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
export const FS_PROBES = ['readFileSync', 'openSync', 'statSync', 'lstatSync', 'readdirSync', 'opendirSync', 'existsSync', 'accessSync', 'realpathSync', 'readSync', 'watch', 'watchFile', 'createReadStream', 'writeFileSync', 'appendFileSync', 'mkdirSync'];
export const FS_TOUCHED = [];
/** Run `fn` (synchronous model work) and record every call it makes to those node:fs functions. */
export function noFs(fn) {
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
export const MSG_ROLES = ['user', 'assistant', 'toolResult'];
/** The message entries (user / assistant / toolResult) among context items or a path, in order. */
export const ctxMessages = (items) => items.filter((e) => e.kind === 'message' && MSG_ROLES.includes(e.role)).map((e) => ({ id: e.id, role: e.role }));
export const idList = (ms) => ms.map((m) => m.id);
export const roles = (ms) => ms.map((m) => m.role).join(',') || '(none)';
/** `a` in order inside `b` (not necessarily contiguous). */
export const isSubsequence = (a, b) => {
  let j = 0;
  for (const x of b) if (j < a.length && a[j] === x) j++;
  return j === a.length;
};
export const histId = (m) => m && m.__openclaw && m.__openclaw.id;
/** Per session: transcript row count and highest seq; and the rows of ours (customType openclaw-context.*) in the whole DB. */
export function dbInventory() {
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

export const log = (...a) => console.log('  ', ...a);

export const MARKER = `OCCTX-MARKER-${randomUUID()}`;
export const NOTE = `EXTERNAL NOTE from openclaw-context (${MARKER}): the deploy window moved to Thursday 10:00 UTC.`;
// Test 3: a long answer (> 500 characters) then a short reply (< 50): the checkpoint engine records a decision.
export const T5 = [
  'Interop turn 5: how should we roll out v2? #reply Here are the rollout options for v2.',
  '1. Blue-green: run v2 beside v1 and switch the load balancer at once; rollback is switching back, at the cost of double capacity during the switch.',
  '2. Canary: send 5 % of the traffic to v2, watch error rates and latency for an hour, then step up to 25 %, 50 % and 100 %; slower, but problems reach few users.',
  '3. Rolling: replace instances one by one; no extra capacity, but v1 and v2 serve side by side for a while and a rollback is slow.',
  'Blue-green fits a release with a schema change; canary fits a risky change of behaviour.',
  'Which rollout should we use: blue-green or canary?',
].join('\n');
export const T6 = 'Turn 6: use blue-green. #reply Blue-green it is.';
export const T7 = 'Interop turn 7: where were we?';
const MARKER5 = `OCCTX-MARKER-${randomUUID()}`;
export const NOTE5 = `EXTERNAL NOTE from openclaw-context (${MARKER5}): the freeze starts Friday 18:00 UTC.`;
// Test 4: six more turns, so our engine's cut falls inside the history. Walking back from the end,
// the cut rule sums the messages until it reaches keepRecentTokens (C4_KEEP): turn F and the write
// turn D (tool call, tool result, answer) stay under it, and turn E's long user message (~1,500 characters,
// ~370 tokens) crosses it. The cut then moves back over the non-message row OpenClaw writes before each
// Gateway turn (`custom` openclaw:bootstrap-context:full), which is no turn start, so (as in OpenClaw's own
// findCutPoint) turn C becomes the split turn's prefix; the model keeps E, D and F verbatim. Before the cut:
// turns 1–7, test 2's compaction, test 3's restore block, the exec turn A, the long answer B (#pad) and the
// read turn C (AGENTS.md, ~6,000 characters). Each message holds one directive at its end (the fake takes
// everything after it).
export const C4_KEEP = 300;
export const C4 = {
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

/** Root hooks (test/interop/run.mjs passes them to mocha): the environment is torn down after the last scenario. */
export const mochaHooks = { afterAll: cleanup };
