#!/usr/bin/env node
// Live mode in a real VS Code against the REAL OpenClaw Gateway (issue 7 item 7):
//   A. with a real Gateway running, the status bar gauge changes within 1 s of a turn ending;
//   B. Compact Session… from the command palette goes through the Gateway (sessions.compact);
//   C. a second VS Code with NO local state dir and only openclawContext.gateway.url: the remote Gateway's sessions
//      in the Sessions view and the gauge, the gauge within 1 s of a turn ending, the context document from
//      chat.history / session.message; a third one whose OPENCLAW_STATE_DIR is an existing empty directory.
//
//   node test/e2e/run-live.mjs [vsix] [resultsDir]     (system Node 20; vsix default test-results/openclaw-context.vsix)
//
// Needs NODE24_BIN + CODE_SERVER_ENTRY (scripts/setup-e2e.sh), OPENCLAW_APP (test/interop/setup.sh), the compiled
// Gateway client (out/src/core/gateway/client.js, `npx tsc -p .`), the shared harness beside the repo
// (../shared/tools/openclaw-real, or $OPENCLAW_SHARED_DIR) and the packaged extension. scripts/test-interop.sh
// runs it after test/interop/run.mjs. The OpenClaw side is a short copy of the interop fixture's launcher
// (test/interop/fixture.mjs, which sets OpenClaw up as it loads): same temp layout, same config edits, same env.
// Everything runs in a fresh temp dir on free 127.0.0.1 ports and is stopped / removed at the end, also on
// failure or Ctrl-C. Prints `[live] N passed, M failed`; exits 1 on any failure.
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  startCodeServer, launchBrowser, openWorkbench, runChecks, commandPalette, waitForStatusBarItem, saveArtifacts, STATUSBAR,
  EDITOR_PART, openViewContainer, viewPane, questionToast,
} from './lib.mjs';
import { alive, die, freePort, killGroup, portOpen, sleep, waitFor } from '../support/process.mjs';
import { REPO } from './state.mjs';
import { waitForHelloOk } from '../support/gatewayReady.mjs';
import { OfflineOpenClaw, removeCoordinatorFiles } from '../../scripts/openclaw-offline.mjs';
import { descriptionProblems, recordedCells, recordedSessions, restoreSecondState } from '../support/secondState.mjs';

const require = createRequire(import.meta.url);
const T_START = Date.now();
const KEY = 'agent:main:main';
const GAUGE_ID = 'openclaw-context.openclaw-context.openclawContext.gauge';
const GAUGE_ARIA = 'OpenClaw context';
/** The file watcher's debounce is set to its maximum, so only the live path (sessions.changed) can beat 1 s. */
const WATCH_DEBOUNCE_MS = 5000;
const LIMIT_MS = 1000;

/** How a missing prerequisite is reported (die). */
const PREREQ = { prefix: '[live] ', summary: '[live] 0 passed, 1 failed' };
const [vsixArg, outArg] = process.argv.slice(2);
const VSIX = path.resolve(vsixArg ?? path.join(REPO, 'test-results', 'openclaw-context.vsix'));
const OUT = path.resolve(outArg ?? path.join(REPO, 'test-results'));
const SHARED = path.resolve(process.env.OPENCLAW_SHARED_DIR || path.join(REPO, '..', 'shared'));
const FAKE_LLM = path.join(SHARED, 'tools', 'openclaw-real', 'fake-llm.mjs');
const CONFIG_TEMPLATE = path.join(SHARED, 'tools', 'openclaw-real', 'config', 'openclaw.json5');
const NODE24 = process.env.NODE24_BIN;
const APP = process.env.OPENCLAW_APP;
const OPENCLAW_MJS = APP && path.join(APP, 'node_modules', 'openclaw', 'openclaw.mjs');
const CLIENT_JS = path.join(REPO, 'out', 'src', 'core', 'gateway', 'client.js');
if (!NODE24 || !process.env.CODE_SERVER_ENTRY) die('NODE24_BIN / CODE_SERVER_ENTRY not set: eval "$(bash scripts/setup-e2e.sh)"', PREREQ);
if (!OPENCLAW_MJS || !fs.existsSync(OPENCLAW_MJS)) die('OPENCLAW_APP is not set or has no openclaw install: eval "$(bash test/interop/setup.sh)"', PREREQ);
for (const f of [FAKE_LLM, CONFIG_TEMPLATE]) if (!fs.existsSync(f)) die(`${f} is missing; set OPENCLAW_SHARED_DIR to the shared harness`, PREREQ);
if (!fs.existsSync(CLIENT_JS)) die(`${CLIENT_JS} is missing; compile first (npx tsc -p .)`, PREREQ);
if (!fs.existsSync(VSIX)) die(`${VSIX} is missing; npx --no-install vsce package --no-dependencies --no-rewrite-relative-links -o test-results/openclaw-context.vsix`, PREREQ);
fs.mkdirSync(OUT, { recursive: true });
const { GatewayClient } = require(CLIENT_JS);
const log = (...a) => console.log('  ', ...a);

// ---------------------------------------------------------------------------------------------
// OpenClaw: temp state dir, config, fake LLM, Gateway — as test/interop/fixture.mjs ("Environment", setup test,
// startGateway). Each child leads its own process group; cleanup stops the groups, then removes TMP.

const OC_TMP_EXISTED = fs.existsSync('/tmp/openclaw');
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'occtx-live-'));
const STATE = path.join(TMP, 'state');
const WS = path.join(STATE, 'workspace');
const LOGS = path.join(TMP, 'logs');
const SYSTMP = path.join(TMP, 'systmp');
const DB = path.join(STATE, 'agents', 'main', 'agent', 'openclaw-agent.sqlite');
for (const d of [STATE, LOGS, SYSTMP, path.join(TMP, 'home')]) fs.mkdirSync(d, { recursive: true });
const TOKEN = `occtx-${randomBytes(12).toString('hex')}`;
const LLM_PORT = await freePort();
let GW_PORT = await freePort();
while (GW_PORT === LLM_PORT) GW_PORT = await freePort();
const GW_URL = `ws://127.0.0.1:${GW_PORT}`;
const N24_DIR = path.resolve(path.dirname(NODE24), '..');
const ENV = {};
for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('OPENCLAW_') && !k.startsWith('npm_')) ENV[k] = v;
Object.assign(ENV, {
  PATH: `${path.join(N24_DIR, 'bin')}:${path.join(APP, 'node_modules', '.bin')}:${process.env.PATH}`,
  npm_config_nodedir: N24_DIR,
  HOME: path.join(TMP, 'home'),
  TMPDIR: SYSTMP,
  OPENCLAW_STATE_DIR: STATE,
  OPENCLAW_CONFIG_PATH: path.join(STATE, 'openclaw.json'),
  OPENCLAW_NO_AUTO_UPDATE: '1',
  DO_NOT_TRACK: '1',
  OPENCLAW_SKIP_CHANNELS: '1',
  OPENCLAW_GATEWAY_TOKEN: TOKEN,
  OPENCLAW_GATEWAY_PORT: String(GW_PORT),
});

const groups = new Map(); // pid → { name, child }
function spawnGroup(name, args, extraEnv = {}, logName = name) {
  const out = fs.openSync(path.join(LOGS, `${logName}.out`), 'a');
  const child = spawn(NODE24, args, { env: { ...ENV, ...extraEnv }, cwd: TMP, detached: true, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  groups.set(child.pid, { name, child });
  child.once('exit', () => groups.delete(child.pid));
  return child;
}
async function stopGroup(pid, graceMs) {
  const g = groups.get(pid);
  if (!g || !alive(g.child)) return true;
  const exited = new Promise((r) => g.child.once('exit', () => r(true)));
  killGroup(pid, 'SIGTERM');
  if (await Promise.race([exited, sleep(graceMs).then(() => false)])) return true;
  killGroup(pid, 'SIGKILL');
  await Promise.race([exited, sleep(5000)]);
  return false;
}
let removed = false;
function removeTmp() {
  if (removed) return;
  removed = true;
  removeCoordinatorFiles(STATE, OC_TMP_EXISTED); // OpenClaw's 0-byte coordinator files named after our databases
  if (process.env.OCCTX_INTEROP_KEEP === '1') console.log(`[live] kept ${TMP}`);
  else fs.rmSync(TMP, { recursive: true, force: true });
}
// Ctrl-C / SIGTERM: lib.mjs (once code-server or chromium runs) exits 300 ms after the signal; the exit handler
// SIGKILLs whatever of ours is left and removes the temp dir. Before that, our own handler does the same.
process.on('exit', () => {
  for (const pid of groups.keys()) killGroup(pid, 'SIGKILL');
  removeTmp();
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    console.error(`[live] ${sig}, cleaning up`);
    for (const pid of groups.keys()) killGroup(pid, 'SIGTERM');
    setTimeout(() => process.exit(130), 1500).unref();
  });
}

function prepareConfig() {
  const JSON5 = require(path.join(REPO, 'node_modules', 'json5'));
  const cfg = JSON5.parse(fs.readFileSync(CONFIG_TEMPLATE, 'utf8'));
  cfg.agents.defaults.workspace = WS;
  cfg.models.providers.fake.baseUrl = `http://127.0.0.1:${LLM_PORT}/v1`;
  cfg.gateway.port = GW_PORT;
  cfg.gateway.bind = 'loopback';
  cfg.gateway.auth.token = TOKEN;
  cfg.logging = { ...(cfg.logging ?? {}), file: path.join(LOGS, 'openclaw.log') };
  // as run-ui.mjs: a low keepRecentTokens, so our Compact Session… finds something to summarise in 3 turns
  cfg.agents.defaults.compaction = { ...(cfg.agents.defaults.compaction ?? {}), keepRecentTokens: 300 };
  fs.writeFileSync(path.join(STATE, 'openclaw.json'), JSON.stringify(cfg, null, 2));
}
async function openclaw(args, name) {
  const child = spawnGroup(name, [OPENCLAW_MJS, ...args]);
  const code = await new Promise((r) => child.once('exit', (c, s) => r(c ?? (s ? 128 : 1))));
  if (code !== 0) throw new Error(`openclaw ${args.join(' ')}: rc ${code}: ${fs.readFileSync(path.join(LOGS, `${name}.out`), 'utf8').slice(-1500)}`);
}
async function startGateway() {
  const t0 = Date.now();
  const child = spawnGroup('gateway', [OPENCLAW_MJS, 'gateway', 'run', '--verbose']);
  await waitFor(`the Gateway on 127.0.0.1:${GW_PORT}`, async () => {
    if (!alive(child)) throw new Error(`the Gateway exited early (rc ${child.exitCode}): ${fs.readFileSync(path.join(LOGS, 'gateway.out'), 'utf8').slice(-1500)}`);
    return portOpen(GW_PORT);
  }, 180_000, 500);
  await waitForHelloOk({
    GatewayClient, url: GW_URL, token: TOKEN,
    check: () => { if (!alive(child)) throw new Error(`the Gateway exited early (rc ${child.exitCode}): ${fs.readFileSync(path.join(LOGS, 'gateway.out'), 'utf8').slice(-1500)}`); },
  });
  log(`Gateway pid ${child.pid} on ${GW_URL} answering hello-ok after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return child;
}

// ---------------------------------------------------------------------------------------------
// The harness's own Gateway client: turns through chat.send, and what the Gateway reports.

const events = []; // { t, ev, p }
let client;
/** One chat.send turn; resolves after the chat `final` (tFinal: Date.now() when it arrived) and the settle. */
async function clientTurn(message, onFinal, key = KEY) {
  const runId = `occtx-live-${randomUUID()}`;
  let fin;
  let settled = false;
  const d1 = client.onEvent('chat', (e) => {
    if (e && e.runId === runId && ['final', 'error', 'aborted'].includes(e.state) && !fin) {
      fin = { t: Date.now(), state: e.state };
      onFinal?.(fin.t);
    }
  });
  const d2 = client.onEvent('sessions.changed', (e) => { if (e && e.sessionKey === key && (e.reason ?? e.phase) === 'agent.input.settled' && fin) settled = true; });
  try {
    const t0 = Date.now();
    await client.chatSend({ sessionKey: key, message, idempotencyKey: runId });
    await waitFor(`the chat final of "${message.slice(0, 30)}"`, () => fin, 240_000, 5);
    if (fin.state !== 'final') throw new Error(`the run "${message.slice(0, 30)}" ended with chat state ${fin.state}`);
    await waitFor('sessions.changed agent.input.settled', () => settled, 20_000, 10).catch(() => log('NOTE no agent.input.settled within 20 s of the final'));
    return { tFinal: fin.t, ms: fin.t - t0, t0 };
  } finally {
    d1.dispose();
    d2.dispose();
  }
}

/**
 * Transcript rows of the session, decoded (`event_json`, or `event_zstd` with Node 24's zlib), and how many rows of the
 * whole DB carry a customType of ours (read-only node:sqlite under Node 24).
 */
function dbRows() {
  const out = execFileSync(NODE24, ['-e', `
    const { DatabaseSync } = require('node:sqlite');
    const zlib = require('node:zlib');
    const db = new DatabaseSync(process.argv[1], { readOnly: true });
    const text = (r) => (r.event_json != null ? r.event_json : r.event_zstd ? zlib.zstdDecompressSync(r.event_zstd).toString('utf8') : null);
    const sid = db.prepare('SELECT current_session_id AS s FROM session_nodes WHERE session_key = ?').get(process.argv[2])?.s;
    const rows = sid ? db.prepare('SELECT seq, event_json, event_zstd FROM transcript_events WHERE session_id = ? ORDER BY seq').all(sid) : [];
    let ours = 0;
    for (const r of db.prepare('SELECT event_json, event_zstd FROM transcript_events').all()) {
      const t = text(r);
      try { if (t && String(JSON.parse(t).customType ?? '').startsWith('openclaw-context.')) ours++; } catch {}
    }
    console.log(JSON.stringify({ sid, ours, rows: rows.map((r) => ({ seq: r.seq, raw: text(r), z: r.event_json == null })) }));`, DB, KEY], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
  const r = JSON.parse(out);
  r.rows = r.rows.map((x) => ({ ...x, event: x.raw ? JSON.parse(x.raw) : undefined }));
  return r;
}

// ---------------------------------------------------------------------------------------------
// The page: the gauge, its tooltip

/** {text, aria} of our gauge item (undefined when absent). */
const gauge = (page) => page.evaluate(({ sel, id, aria }) => {
  const bar = document.querySelector(sel);
  const el = bar && (bar.querySelector(`.statusbar-item[id="${CSS.escape(id)}"]`) || [...bar.querySelectorAll('.statusbar-item')].find((e) => (e.getAttribute('aria-label') || e.querySelector('[aria-label]')?.getAttribute('aria-label') || '').startsWith(aria)));
  if (!el) return undefined;
  return { text: (el.innerText || '').replace(/\s+/g, ' ').trim(), aria: el.getAttribute('aria-label') || el.querySelector('[aria-label]')?.getAttribute('aria-label') || '' };
}, { sel: STATUSBAR, id: GAUGE_ID, aria: GAUGE_ARIA });
async function tooltipText(page) {
  const item = page.locator(`${STATUSBAR} .statusbar-item[id="${GAUGE_ID}"]`).first();
  await page.mouse.move(5, 5);
  await sleep(200);
  await item.hover();
  const hover = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'OpenClaw context' }).first();
  await hover.waitFor({ state: 'visible', timeout: 10_000 });
  const t = (await hover.innerText()).replace(/\s+/g, ' ');
  await page.mouse.move(5, 5);
  return t;
}
const toastTexts = (page) => page.$$eval('.notifications-toasts .notification-toast', (els) => els.map((e) => (e.innerText || '').replace(/\s+/g, ' ').trim()));

// ---------------------------------------------------------------------------------------------

/**
 * A chat.send turn on `key` while polling the gauge every 20 ms: the gauge must reach its end state within LIMIT_MS of
 * the chat final (the file watcher's debounce is WATCH_DEBOUNCE_MS, so only the live path can). Checks A2 and C2.
 */
async function gaugeTurn(key, message, label = '') {
  const before = (await gauge(page))?.text;
  if (!before) throw new Error('no gauge');
  const seen = [{ t: Date.now(), text: before }];
  let tFinal;
  let polling = true;
  const desc0 = await client.sessionsDescribe({ key }).catch(() => undefined);
  // diagnostics: when the agent DB's WAL last changed (a busy WAL keeps a debounced file-watcher refresh waiting)
  const walMtime = () => { try { return fs.statSync(`${DB}-wal`).mtimeMs; } catch { return 0; } };
  let wal = walMtime();
  const walWrites = [];
  const poller = (async () => {
    while (polling) {
      const g = await gauge(page).catch(() => undefined);
      const t = Date.now();
      if (g && g.text !== seen.at(-1).text) seen.push({ t, text: g.text });
      const w = walMtime();
      if (w !== wal) { wal = w; walWrites.push(t); }
      await sleep(20);
    }
  })();
  let turn;
  try {
    turn = await clientTurn(message, (t) => (tFinal = t), key);
    // keep watching past the file watcher's debounce: a later change means the early one was not the end state
    await waitFor('', () => Date.now() > tFinal + WATCH_DEBOUNCE_MS + 2000, 60_000, 50);
  } finally {
    polling = false;
    await poller;
  }
  const desc1 = await client.sessionsDescribe({ key }).catch(() => undefined);
  const after = walWrites.filter((t) => t > tFinal).map((t) => t - tFinal);
  log(`Gateway's totalTokens ${desc0?.session?.totalTokens} → ${desc1?.session?.totalTokens} (contextTokens ${desc1?.session?.contextTokens}); WAL writes after the final at +${after.slice(0, 12).join(', +')}${after.length > 12 ? ` … (${after.length})` : ''} ms`);
  const changes = seen.slice(1).map((s) => `${s.t - tFinal >= 0 ? '+' : ''}${s.t - tFinal} ms "${s.text}"`);
  log(`turn ${turn.ms} ms; gauge before "${before}"; changes relative to the chat final: ${changes.join(', ') || 'none'}`);
  const last = seen.at(-1);
  if (last.text === before) throw new Error(`the gauge never changed within ${WATCH_DEBOUNCE_MS + 2000} ms of the turn end (still "${before}")`);
  const latency = last.t - tFinal;
  console.log(`   [live] latency turn end (chat final) → status bar${label}: ${latency} ms ("${before}" → "${last.text}")`);
  if (latency > LIMIT_MS) {
    const first = seen[1];
    throw new Error(`the gauge reached "${last.text}" ${latency} ms after the chat final (limit ${LIMIT_MS} ms)${first !== last ? `; it first changed at ${first.t - tFinal} ms to "${first.text}"` : ''}${latency >= WATCH_DEBOUNCE_MS ? ' — that is the file watcher, not sessions.changed' : ''}`);
  }
  return { before, last, latency, tFinal, turn };
}

const T3 = [
  'Live turn 3: here is the long status report for the gauge check; please acknowledge it.',
  ...Array.from({ length: 40 }, (_, i) => `Item ${i + 1}: the deploy pipeline stage ${i + 1} passed its checks, the artefacts were signed, and the on-call engineer confirmed the dashboards were green.`),
  'Please confirm you have it. #pad 40',
].join('\n');
// C: VS Code with no local state dir (a remote Gateway as far as the extension knows); the session it drives
const RKEY = 'agent:main:live-remote';
const RC = {
  t1: 'Live remote turn 1: remember the code word GANNET-8. #reply Noted: GANNET-8.',
  t2: [
    'Live remote turn 2: here is the long status report for the remote gauge check; please acknowledge it.',
    ...Array.from({ length: 40 }, (_, i) => `Remote item ${i + 1}: the staging cluster stage ${i + 1} passed its checks, the images were signed, and the release captain confirmed the graphs were green.`),
    'Please confirm you have it. #pad 40',
  ].join('\n'),
  t3: 'Live remote turn 3: the context document check, code word GANNET-8 again. #reply Still GANNET-8.',
};
/**
 * C1–C3: OPENCLAW_STATE_DIR names a directory that does not exist, inside an empty temp dir (a machine with no
 * OpenClaw on it); C4: OPENCLAW_STATE_DIR is an existing empty directory. OPENCLAW_CONFIG_PATH: a file that does not
 * exist in it. HOME is code-server's own empty one (no ~/.openclaw); the workspace is an empty folder of its own.
 */
const REMOTE_ROOT = path.join(TMP, 'remote-vscode');
const NO_STATE = path.join(REMOTE_ROOT, 'empty', 'openclaw-state');
const EMPTY_STATE = path.join(REMOTE_ROOT, 'empty-state');
const REMOTE_WS = path.join(REMOTE_ROOT, 'workspace');

/** Replace the running code-server by one whose extension has only openclawContext.gateway.url (`url`) and `stateDir` as OPENCLAW_STATE_DIR. */
async function startRemoteVSCode(stateDir, url = GW_URL) {
  await page?.close().catch(() => {});
  page = undefined;
  const old = cs;
  cs = undefined;
  await old?.stop();
  fs.mkdirSync(REMOTE_WS, { recursive: true });
  cs = await startCodeServer({
    vsixPath: VSIX,
    workspace: REMOTE_WS,
    isolateHome: true,
    env: { OPENCLAW_STATE_DIR: stateDir, OPENCLAW_CONFIG_PATH: path.join(stateDir, 'openclaw.json'), OPENCLAW_GATEWAY_TOKEN: TOKEN },
    userSettings: {
      'openclawContext.gateway.url': url,
      'openclawContext.gateway.useLocalToken': 'always',
      'openclawContext.refreshDebounceMs': WATCH_DEBOUNCE_MS,
    },
  });
  page = await browser.browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const t0 = Date.now();
  await openWorkbench(page, cs.url, REMOTE_WS);
  return t0;
}
/**
 * The remote Gateway's sessions in the running VS Code: the gauge names `newest`; the Sessions view has a node labelled
 * with the Gateway URL, described "remote Gateway · N sessions", with a row for every key in `keys`, and no local state dir.
 */
async function checkRemoteSessions(keys, newest, t0) {
  await waitForStatusBarItem(page, GAUGE_ID, /\d+%/, 60_000).catch(async (e) => {
    const tip = await tooltipText(page).catch((x) => `(no tooltip: ${x.message.split('\n')[0]})`);
    throw new Error(`${e.message.split('\n')[0]}; the gauge tooltip says: "${tip.slice(0, 400)}"`);
  });
  await waitFor(`the gauge's aria label to name ${newest}`, async () => (await gauge(page))?.aria.includes(newest), 20_000, 200).catch(async () => {
    throw new Error(`the gauge does not name the most recent session ${newest}: ${JSON.stringify(await gauge(page))}`);
  });
  log(`gauge ${Date.now() - t0} ms after the workbench was asked for: ${JSON.stringify(await gauge(page))}`);
  await openViewContainer(page, 'OpenClaw Context');
  const pane = viewPane(page, 'Sessions');
  const rowTexts = () => pane.locator('.monaco-list-row').evaluateAll((els) => els.map((e) => (e.innerText || '').replace(/\s+/g, ' ').trim()));
  const dirRow = pane.locator('.monaco-list-row', { hasText: GW_URL }).first();
  await dirRow.waitFor({ state: 'visible', timeout: 20_000 }).catch(async () => {
    throw new Error(`no Sessions row labelled ${GW_URL}; rows: ${JSON.stringify(await rowTexts())}`);
  });
  const label = (await dirRow.locator('.label-name').first().innerText()).trim();
  const desc = (await dirRow.locator('.label-description').first().innerText().catch(() => '')).trim();
  if (label.replace(/\/$/, '') !== GW_URL) throw new Error(`the node's label is "${label}", not ${GW_URL}`);
  if (!desc.includes('remote Gateway')) throw new Error(`the node's description is "${desc}"`);
  const n = `${keys.length} session${keys.length === 1 ? '' : 's'}`;
  if (!desc.includes(n)) throw new Error(`the node's description "${desc}" does not count the ${n} the Gateway lists`);
  for (const k of keys) {
    // sessionsTree.ts: a session row's accessibility label starts with its key
    await pane.locator(`.monaco-list-row[aria-label^="${k},"]`).first().waitFor({ state: 'visible', timeout: 10_000 }).catch(async () => {
      throw new Error(`no session row for ${k}; rows: ${JSON.stringify(await rowTexts())}`);
    });
  }
  const rows = await rowTexts();
  log(`Sessions view: "${label}" — "${desc}"; rows: ${rows.join(' | ')}`);
  const local = rows.filter((x) => x.includes(REMOTE_ROOT) || /State directory not found/.test(x));
  if (local.length) throw new Error(`the Sessions view shows a local state dir: ${local.join(' | ')}`);
}

/** The find widget of the active text editor, opened if needed (Ctrl+F in the editor). */
async function findInput(page) {
  const input = page.locator(`${EDITOR_PART} .find-widget .input`).first();
  if (!(await input.isVisible().catch(() => false))) {
    await page.locator(`${EDITOR_PART} .monaco-editor`).first().click({ position: { x: 300, y: 200 } });
    await page.keyboard.press('Control+f');
    await input.waitFor({ state: 'visible', timeout: 5000 });
  }
  return input;
}
/** The find widget's count ("No results", "1 of 1", "? of 1", …). */
async function findCount(page) {
  const t = await page.locator(`${EDITOR_PART} .find-widget .matchesCount`).first().innerText().catch(() => '');
  return t.replace(/\s+/g, ' ').trim();
}
/** "1 of 2", or "? of 2" (matches, the cursor at none of them); not "No results". */
const found = (count) => /(?:\d+|\?) of [1-9]/.test(count);
/**
 * Search the active editor for `needle`; the count once it has a match, or after `settleMs` without one. The search is
 * cleared first, so an earlier search's match can never be read as this one's.
 */
async function findInEditor(page, needle, settleMs = 2000) {
  const input = await findInput(page);
  await input.fill('');
  await sleep(100);
  await input.fill(needle);
  const end = Date.now() + settleMs;
  let n = await findCount(page);
  while (!found(n) && Date.now() < end) {
    await sleep(50);
    n = await findCount(page);
  }
  return n;
}

/**
 * D: the second real dataset (test/fixtures/openclaw-second) restored into a state dir of its own, a real Gateway of
 * its own on it, and a VS Code with no local state dir pointed at that Gateway: every session's row in the Sessions
 * view (its accessibility label: `<key>, <description>`) must say what OpenClaw said, the compaction counts included
 * (they come from chat.history markers: the model asks for the most recent remote sessions' histories on refresh, a
 * few at a time, so each row is polled until it is right or 120 s have passed). The same rules as the in-host suite's
 * local half (test/e2e/suite/secondState.test.ts): test/support/secondState.mjs descriptionProblems.
 */
const SECOND_NO_STATE = path.join(REMOTE_ROOT, 'empty-second', 'openclaw-state');
async function checkSecondDataset() {
  const o2 = await new OfflineOpenClaw({ root: path.join(TMP, 'second'), app: APP, node24: NODE24, shared: path.join(SHARED, 'tools', 'openclaw-real'), token: TOKEN, GatewayClient, log }).init();
  try {
    restoreSecondState(o2.stateDir, { gatewayPort: o2.gatewayPort, token: TOKEN, llmPort: LLM_PORT, logFile: path.join(o2.logs, 'openclaw.log') });
    // OpenClaw's own compaction counts (its session rows; node:sqlite under Node 24)
    const compactions = JSON.parse(execFileSync(NODE24, [path.join(REPO, 'test', 'support', 'secondState.mjs'), 'compactions', o2.stateDir], { encoding: 'utf8' }));
    const gw2 = await o2.startGateway();
    // Ctrl-C: the exit handler ends this Gateway's group too (o2.stopAll ends it otherwise)
    groups.set(gw2.child.pid, { name: 'gateway-second', child: gw2.child });
    gw2.child.once('exit', () => groups.delete(gw2.child.pid));
    const url = `ws://127.0.0.1:${o2.gatewayPort}`;
    const recorded = recordedSessions();
    const cells = recordedCells();
    // the restored Gateway lists what OpenClaw recorded
    const c2 = new GatewayClient({ url, token: TOKEN, device: false, requestTimeoutMs: 60_000, connectTimeoutMs: 20_000, reconnect: false, displayName: 'occtx live harness (second dataset)' });
    let listed;
    try {
      await c2.connect();
      listed = (await c2.sessionsList({ limit: 200 })).sessions;
    } finally {
      await c2.close().catch(() => undefined);
    }
    const fig = (x) => `${x.key} ${x.totalTokens ?? null}/${x.contextTokens ?? null}`;
    if (listed.map(fig).sort().join('\n') !== recorded.map(fig).sort().join('\n')) throw new Error(`the restored Gateway's sessions.list differs from OpenClaw's recorded sessions: ${listed.map(fig).join(', ')}`);
    fs.mkdirSync(path.dirname(SECOND_NO_STATE), { recursive: true });
    const t0 = await startRemoteVSCode(SECOND_NO_STATE, url);
    await waitForStatusBarItem(page, GAUGE_ID, /\d+%/, 60_000);
    await openViewContainer(page, 'OpenClaw Context');
    const pane = viewPane(page, 'Sessions');
    // sessionsTree.ts: a session row's accessibility label is `<key>, <description>, <fill level in words>`
    const labels = () => pane.locator('.monaco-list-row').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') || '')).catch(() => []);
    const descs = new Map();
    const problems = () => recorded.flatMap((t) => (descs.has(t.key) ? descriptionProblems(t, descs.get(t.key), compactions[t.key], { cells }) : [`${t.key}: no row in the Sessions view`]));
    let left = [];
    const tEnd = Date.now() + 120_000;
    for (;;) {
      const all = await labels();
      for (const t of recorded) {
        const a = all.find((x) => x.startsWith(`${t.key}, `));
        // the label ends with the fill level in words (viewModel.ts levelWords), which the description does not carry
        if (a) descs.set(t.key, a.slice(t.key.length + 2).replace(/, (fine|filling up|past the checkpoint line|near the limit)$/, ''));
      }
      left = problems();
      if (!left.length || Date.now() > tEnd) break;
      await sleep(1000);
    }
    log(`second dataset through ${url}, no local state dir (${((Date.now() - t0) / 1000).toFixed(1)} s after the workbench was asked for): session | OpenClaw's cell, row compactionCount | our Sessions row`);
    for (const t of recorded) log(`  ${t.key} | ${cells[t.key]} c${compactions[t.key]} | ${descs.get(t.key) ?? '(no row)'}`);
    if (left.length) throw new Error(`our figures differ from OpenClaw's:\n  ${left.join('\n  ')}`);
    const made = fs.readdirSync(path.dirname(SECOND_NO_STATE));
    if (made.length) throw new Error(`the extension created ${made.join(', ')} in the empty temp dir around OPENCLAW_STATE_DIR`);
  } finally {
    await o2.stopAll();
  }
}

let cs;
let browser;
let page;
let result = { passed: 0, failed: 1 };
let gwChild;
try {
  // 1. OpenClaw: config, fake LLM, baseline, Gateway, two turns through chat.send
  prepareConfig();
  spawnGroup('fake-llm', [FAKE_LLM], { FAKE_LLM_PORT: String(LLM_PORT), FAKE_LLM_LOG: path.join(LOGS, 'fake-llm-requests.jsonl'), FAKE_LLM_MAX_SECONDS: '3600', FAKE_LLM_MAX_REQUESTS: '1000' });
  await waitFor(`the fake LLM on 127.0.0.1:${LLM_PORT}`, () => portOpen(LLM_PORT), 15_000, 100);
  await openclaw(['setup', '--baseline', '--workspace', WS], 'setup');
  gwChild = await startGateway();
  client = new GatewayClient({ url: GW_URL, token: TOKEN, device: false, requestTimeoutMs: 60_000, connectTimeoutMs: 20_000, reconnect: false, displayName: 'occtx live harness' });
  client.onEvent('*', (p, f) => events.push({ t: Date.now(), ev: f?.event, p }));
  const hello = await client.connect();
  await client.sessionsSubscribe({});
  for (const m of ['Live turn 1: remember the code word PLOVER-3. #reply Noted: PLOVER-3.', 'Live turn 2: what was the code word? #reply PLOVER-3.']) {
    const r = await clientTurn(m);
    log(`chat.send turn ${r.ms} ms: "${m.slice(0, 40)}…"`);
  }
  log(`OpenClaw ${hello.server?.version ?? '?'} | fake LLM :${LLM_PORT} | Gateway :${GW_PORT} | ${TMP}`);

  // 2. code-server with the packaged extension, the Gateway named by the settings, the token from the env
  cs = await startCodeServer({
    vsixPath: VSIX,
    workspace: WS,
    isolateHome: true,
    env: { OPENCLAW_STATE_DIR: STATE, OPENCLAW_CONFIG_PATH: path.join(STATE, 'openclaw.json'), OPENCLAW_GATEWAY_TOKEN: TOKEN },
    userSettings: {
      'openclawContext.gateway.mode': 'auto',
      'openclawContext.gateway.useLocalToken': 'always',
      'openclawContext.gateway.url': GW_URL,
      'openclawContext.refreshDebounceMs': WATCH_DEBOUNCE_MS,
    },
  });
  browser = await launchBrowser();
  page = await browser.browser.newPage({ viewport: { width: 1400, height: 1000 } });

  let tip = '';
  const checks = [
    {
      name: `A1. the gauge shows ${KEY} and the extension is live (tooltip)`,
      fn: async () => {
        await openWorkbench(page, cs.url, WS);
        await waitForStatusBarItem(page, GAUGE_ID, /\d+%/, 60_000);
        await waitFor(`the gauge's aria label to name ${KEY}`, async () => (await gauge(page))?.aria.includes(KEY), 15_000, 200).catch(async () => {
          throw new Error(`the gauge does not show ${KEY}: ${JSON.stringify(await gauge(page))}`);
        });
        // live: the tooltip's Gateway line (statusBar.ts + core/gateway/viewModel.ts gatewaySummary)
        let last = '';
        try {
          await waitFor('the gauge tooltip to report a live Gateway', async () => {
            last = await tooltipText(page).catch((e) => `(no tooltip: ${e.message.split('\n')[0]})`);
            return /Gateway: live\b/.test(last); // statusBar.ts: "$(broadcast) Gateway: live · Gateway 2026.9.6"
          }, 30_000, 1000);
        } catch {
          const line = /Gateway: .*?(?= Open context|$)/.exec(last)?.[0];
          throw new Error(`the extension never went live: ${line ? `the gauge tooltip says "${line.slice(0, 300)}"` : `the gauge tooltip has no Gateway line: "${last.slice(0, 300)}"`}`);
        }
        tip = last;
        log(`gauge: ${JSON.stringify(await gauge(page))}`);
        log(`tooltip: ${tip.slice(0, 300)}`);
      },
    },
    {
      name: `A2. a chat.send turn: the gauge changes within ${LIMIT_MS} ms of the chat final (file watcher debounce ${WATCH_DEBOUNCE_MS} ms)`,
      fn: () => gaugeTurn(KEY, T3),
    },
    {
      name: 'B. Compact Session… from the command palette goes through sessions.compact (OpenClaw writes the compaction, nothing of ours)',
      fn: async () => {
        const before = dbRows();
        const maxSeq = before.rows.at(-1)?.seq ?? -1;
        // the extension must know turn 3 whatever A2 found (a plan over turns 1–2 alone has nothing to summarise)
        await commandPalette(page, 'OpenClaw Context: Refresh');
        await sleep(500);
        const tCmd = Date.now();
        await commandPalette(page, 'OpenClaw Context: Compact Session…', { waitHidden: false });
        // the command asks which session (no session given from the palette)
        await page.locator('.quick-input-widget', { hasText: 'Compact which session?' }).waitFor({ state: 'visible', timeout: 15_000 });
        await page.locator('.quick-input-widget input').fill(KEY);
        await page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: KEY }).first().click();
        log('the command asked for the session; picked it');
        // the question, beside the preview (a notification, not a dialog over it)
        const dialog = questionToast(page, `Compact ${KEY}`);
        await waitFor('the Compact question (or a message saying why not)', async () => {
          if (await dialog.isVisible().catch(() => false)) return true;
          const bad = (await toastTexts(page)).find((t) => /did not compact|could not compact|nothing to compact|no session to compact|paused/i.test(t));
          if (bad) throw new Error(`no question; the extension said: ${bad}`);
          return false;
        }, 45_000, 200);
        log(`question: ${(await dialog.innerText()).replace(/\s+/g, ' ').slice(0, 300)}`);
        // "Compact", or "Compact Anyway" when our plan would not shrink the context (then "Keep As Is" is the default)
        const btn = dialog.locator('.monaco-button', { hasText: /^Compact( Anyway)?$/ }).first();
        log(`button: ${await btn.innerText()}`);
        await btn.click();
        const ev = await waitFor('sessions.changed {reason:"compact"} at the harness client (or a message saying why not)', async () => {
          const e = events.find((x) => x.t >= tCmd && x.ev === 'sessions.changed' && x.p?.sessionKey === KEY && x.p?.reason === 'compact');
          if (e) return e;
          const bad = (await toastTexts(page)).find((t) => /did not compact|could not compact|failed|refused/i.test(t));
          if (bad) throw new Error(`no sessions.compact; the extension said: ${bad}`);
          return undefined;
        }, 60_000, 200);
        log(`sessions.changed {reason:"compact"} ${ev.t - tCmd} ms after the command (compacted: ${ev.p.compacted})`);
        await sleep(500);
        const toast = (await toastTexts(page)).find((t) => /compact/i.test(t));
        if (toast) log(`notification: ${toast.slice(0, 200)}`);
        const after = dbRows();
        if (after.ours !== 0) throw new Error(`${after.ours} transcript row(s) with customType openclaw-context.* in the database`);
        const prev = new Map(before.rows.map((r) => [r.seq, r.raw]));
        if (after.sid !== before.sid) log(`NOTE the session id changed (${before.sid} → ${after.sid})`);
        else for (const r of after.rows) if (r.seq <= maxSeq && prev.get(r.seq) !== r.raw) throw new Error(`row seq ${r.seq} was rewritten`);
        const added = after.rows.filter((r) => r.seq > maxSeq || after.sid !== before.sid);
        const comps = added.filter((r) => r.event?.type === 'compaction');
        log(`new rows: ${added.map((r) => `${r.seq} ${r.event?.type ?? '?'}${r.event?.customType ? `/${r.event.customType}` : ''}${r.z ? ' (zstd)' : ''}`).join(', ')}`);
        if (comps.length !== 1) throw new Error(`expected one new compaction row, got ${comps.length} (new rows: ${added.map((r) => r.event?.type).join(', ')})`);
        const c = comps[0].event;
        if (typeof c.summary !== 'string' || !c.summary) throw new Error('the compaction row has no summary');
        // OpenClaw's own rows carry its __openclaw block (core/compaction/viewModel.ts compactionOrigin); ours do not
        if (!c.__openclaw || typeof c.__openclaw !== 'object') throw new Error(`the compaction row has no __openclaw block, so OpenClaw did not write it: keys ${Object.keys(c).join(',')}`);
        if (added.some((r) => typeof r.event?.customType === 'string' && r.event.customType.startsWith('openclaw-context.'))) throw new Error('a row of ours was written');
        log(`OpenClaw's compaction: ${comps[0].seq} id ${c.id}, firstKeptEntryId ${c.firstKeptEntryId}, tokens ${c.tokensBefore} → ${c.tokensAfter}, summary ${c.summary.length} chars; keys ${Object.keys(c).join(',')}`);
        await page.keyboard.press('Escape').catch(() => {});
      },
    },
    {
      name: 'C1. a second VS Code with no local state dir and only openclawContext.gateway.url: the Sessions view shows the Gateway URL ("remote Gateway") with every session the Gateway lists; the gauge names the most recent one',
      fn: async () => {
        // a second session, the most recent one, before the second VS Code starts
        const r = await clientTurn(RC.t1, undefined, RKEY);
        log(`chat.send turn on ${RKEY}: ${r.ms} ms`);
        const list = await client.sessionsList({ limit: 200 });
        const keys = list.sessions.map((x) => x.key);
        if (!keys.includes(RKEY) || !keys.includes(KEY)) throw new Error(`sessions.list: ${keys.join(', ')}`);
        const newest = [...list.sessions].sort((a, b) => (b.updatedAt ?? 0) - (a.updatedAt ?? 0))[0].key;
        fs.mkdirSync(path.dirname(NO_STATE), { recursive: true });
        const t0 = await startRemoteVSCode(NO_STATE);
        await checkRemoteSessions(keys, newest, t0);
      },
    },
    {
      name: `C2. no local state dir: a chat.send turn on the remote session changes the gauge within ${LIMIT_MS} ms of the chat final`,
      fn: async () => {
        const aria = (await gauge(page))?.aria ?? '';
        if (!aria.includes(RKEY)) throw new Error(`the gauge shows another session: ${aria}`);
        await gaugeTurn(RKEY, RC.t2, ' (remote Gateway, no local state dir)');
      },
    },
    {
      name: 'C3. no local state dir: "OpenClaw Context: Open Active Context" opens the gauge\'s session with the last turn\'s user message (chat.history / session.message); a new turn shows up in the open document',
      fn: async () => {
        const aria = (await gauge(page))?.aria ?? '';
        if (!aria.includes(RKEY)) throw new Error(`the gauge shows another session: ${aria}`);
        const tCmd = Date.now();
        await commandPalette(page, 'OpenClaw Context: Open Active Context');
        await page.locator(`${EDITOR_PART} .view-lines`, { hasText: `Active context — ${RKEY}` }).first().waitFor({ state: 'visible', timeout: 15_000 });
        const needle2 = RC.t2.split('\n')[0];
        const n2 = await findInEditor(page, needle2, 15_000);
        if (!found(n2)) throw new Error(`the context document does not contain the last turn's user message "${needle2.slice(0, 50)}…" (find: "${n2}")`);
        log(`document "Active context — ${RKEY}" open, with turn 2's user message, ${Date.now() - tCmd} ms after the command (find: ${n2})`);
        const nRemote = await findInEditor(page, `remote Gateway ${GW_URL}`);
        if (!found(nRemote)) throw new Error(`the document does not name the remote Gateway ${GW_URL} as its source (find: "${nRemote}")`);

        // a new turn while the document is open: when does its user message appear in it?
        const needle3 = RC.t3.split(' #')[0];
        const n0 = await findInEditor(page, needle3, 500);
        if (found(n0)) throw new Error(`turn 3's text is in the document before turn 3 (find: "${n0}")`);
        let first;
        let polling = true;
        const poller = (async () => {
          while (polling && !first) {
            const n = await findCount(page);
            if (found(n)) first = { t: Date.now(), n };
            await sleep(20);
          }
        })();
        let turn;
        try {
          turn = await clientTurn(RC.t3, undefined, RKEY);
          await waitFor('', () => first || Date.now() > turn.tFinal + 10_000, 15_000, 50);
        } finally {
          polling = false;
          await poller;
        }
        if (!first) throw new Error(`turn 3's user message did not appear in the open document within 10 s of the chat final (find: "${await findCount(page)}")`);
        const rel = first.t - turn.tFinal;
        console.log(`   [live] remote context document: turn 3's user message appeared ${first.t - turn.t0} ms after chat.send, ${rel >= 0 ? `${rel} ms after` : `${-rel} ms before`} the chat final (turn ${turn.ms} ms; the find widget re-searches up to 100 ms after a change)`);
        // and its answer: the reply text occurs once in the prompt (after #reply), twice once the answer is in
        const reply = RC.t3.split('#reply ')[1];
        const nr = await findInEditor(page, reply, 10_000);
        const both = /(?:\d+|\?) of 2\b/;
        let nr2 = nr;
        await waitFor(`turn 3's answer "${reply}" in the document`, async () => both.test((nr2 = await findCount(page))), 10_000, 50).catch(() => {
          throw new Error(`turn 3's answer "${reply}" is not in the open document (find: "${nr2}")`);
        });
        log(`turn 3's answer in the document at the latest ${Date.now() - turn.tFinal} ms after the chat final (find "${reply}": ${nr2})`);
        await page.keyboard.press('Escape').catch(() => {});
        const left = fs.readdirSync(path.dirname(NO_STATE));
        if (left.length) throw new Error(`the extension created ${left.join(', ')} in the empty temp dir around OPENCLAW_STATE_DIR`);
      },
    },
    {
      name: 'C4. OPENCLAW_STATE_DIR an existing empty directory (no openclaw.json, no agents): still no local state dir, the remote Gateway\'s sessions show as in C1',
      fn: async () => {
        const list = await client.sessionsList({ limit: 200 });
        const keys = list.sessions.map((x) => x.key);
        const newest = [...list.sessions].sort((a, b) => (b.updatedAt ?? 0) - (a.updatedAt ?? 0))[0].key;
        fs.mkdirSync(EMPTY_STATE, { recursive: true });
        const t0 = await startRemoteVSCode(EMPTY_STATE);
        await checkRemoteSessions(keys, newest, t0).catch(async (e) => {
          await openViewContainer(page, 'OpenClaw Context').catch(() => {});
          await sleep(1000);
          const rows = await viewPane(page, 'Sessions').locator('.monaco-list-row').evaluateAll((els) => els.map((x) => (x.innerText || '').replace(/\s+/g, ' ').trim())).catch(() => []);
          throw new Error(`${e.message.split('\n')[0]} | Sessions view rows: ${JSON.stringify(rows)}`);
        });
        const left = fs.readdirSync(EMPTY_STATE);
        if (left.length) throw new Error(`the extension wrote into the empty OPENCLAW_STATE_DIR: ${left.join(', ')}`);
      },
    },
    {
      name: "D. the second real dataset (two agents, overflows, compaction loops, reset, rewind, fork) through its own real Gateway with no local state dir: every session's row says OpenClaw's figure and compaction count",
      fn: checkSecondDataset,
    },
  ];
  result = await runChecks('OpenClaw Context live mode (real Gateway, code-server 4.139.1)', checks, {
    onFail: async (c) => saveArtifacts(OUT, { cs, page, name: `live-${c.name.split('.')[0]}` }),
  });
} catch (err) {
  console.log(`FAIL - harness: ${String(err?.message ?? err).split('\n').slice(0, 6).join('\n  ')}`);
  if (cs) await saveArtifacts(OUT, { cs, page, name: 'live-harness' });
  result = { passed: result.passed, failed: Math.max(1, result.failed) };
  for (const f of ['gateway.out', 'setup.out']) {
    const p = path.join(LOGS, f);
    if (fs.existsSync(p)) fs.copyFileSync(p, path.join(OUT, `live-${f.replace('.out', '')}.log`));
  }
} finally {
  if (result.failed && fs.existsSync(path.join(LOGS, 'gateway.out'))) fs.copyFileSync(path.join(LOGS, 'gateway.out'), path.join(OUT, 'live-gateway.log'));
  await client?.close().catch(() => undefined);
  await browser?.close();
  await cs?.stop();
  for (const [pid, g] of [...groups]) {
    const clean = await stopGroup(pid, g.name === 'gateway' ? 60_000 : 10_000);
    if (!clean) log(`NOTE ${g.name} needed SIGKILL`);
  }
  removeTmp();
}
console.log(`[live] total ${((Date.now() - T_START) / 1000).toFixed(0)} s`);
console.log(`[live] ${result.passed} passed, ${result.failed} failed`);
process.exit(result.failed === 0 && result.passed > 0 ? 0 : 1);
