#!/usr/bin/env node
// Context panel benchmark (issue 19): the panel's data for a session with 1,000 model calls — what the extension
// computes on every refresh of an open panel (the fill over time with our flushes and checkpoints, the forecast,
// the composition with its second level, the sessions table) and serialises to post to the webview — and the
// webview script's size. It reports; it asserts nothing.
//
//   npx tsc -p . && node scripts/build.mjs && node scripts/with-node24.mjs --expose-gc bench/panel.mjs [--calls N] [--runs N] [--json file]
//
// The session is a JSONL transcript in a temp state dir, generated deterministically: user turns, assistant calls
// with usage (every tenth without: estimated), read tool results of 1–4 KB, a compaction whenever the prompt passes
// 150k. Targets (issue 19): panel data for 1,000 model calls ≤ 50 ms; webview script ≤ 150 KB.
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(root, 'out', 'src', 'core');
for (const f of [path.join(OUT, 'context', 'panelModel.js'), path.join(root, 'dist', 'panel.js')]) {
  if (!fs.existsSync(f)) {
    console.error(`bench/panel.mjs: ${path.relative(root, f)} is missing; run \`npx tsc -p . && node scripts/build.mjs\` first`);
    process.exit(1);
  }
}
const { ContextModel } = require(path.join(OUT, 'context', 'model.js'));
const { panelModel } = require(path.join(OUT, 'context', 'panelModel.js'));
const { processEnv, resolveStateDirs } = require(path.join(OUT, 'store', 'config.js'));
const { timelineMarks } = require(path.join(OUT, 'memory', 'timelineMarks.js'));
const { ORIGIN_WORDS } = require(path.join(OUT, 'compaction', 'viewModel.js'));

const args = process.argv.slice(2);
const opt = (name, d) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : d;
};
const CALLS = Number(opt('calls', 1000));
const RUNS = Number(opt('runs', 21));
const JSON_OUT = opt('json', undefined);
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const r2 = (x) => Math.round(x * 100) / 100;

// ------------------------------------------------------------------------------------------ the session
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oc-ctx-bench-panel-'));
const dir = path.join(tmp, 'state');
const sessions = path.join(dir, 'agents', 'main', 'sessions');
fs.mkdirSync(sessions, { recursive: true });
const sid = 'bench-panel-0001';
const KEY = 'agent:main:bench-panel';
let t = Date.UTC(2026, 10, 1);
let parent = null;
let n = 0;
const lines = [JSON.stringify({ type: 'session', version: 3, id: sid, timestamp: new Date(t).toISOString(), cwd: tmp })];
const push = (e) => {
  const id = `e${++n}`;
  lines.push(JSON.stringify({ id, parentId: parent, timestamp: new Date((t += 1000)).toISOString(), ...e }));
  parent = id;
  return id;
};
let prompt = 12_000;
let kept = [];
let compactions = 0;
for (let call = 0; call < CALLS; call++) {
  if (call % 4 === 0) kept.push(push({ type: 'message', message: { role: 'user', content: `Step ${call}: look at the next file and fix what fails. `.repeat(3), timestamp: t } }));
  const usage = call % 10 === 9 ? undefined : { input: prompt, output: 200, cacheRead: 0, cacheWrite: 0, totalTokens: prompt + 200 };
  push({ type: 'message', message: { role: 'assistant', content: [{ type: 'text', text: `Reading src/f${call}.ts. `.repeat(8) }, { type: 'toolCall', id: `t${call}`, name: call % 3 ? 'read' : 'exec', arguments: { path: `src/f${call}.ts` } }], provider: 'openai', model: 'gpt-5', usage, stopReason: 'toolUse', timestamp: t } });
  push({ type: 'message', message: { role: 'toolResult', toolCallId: `t${call}`, toolName: call % 3 ? 'read' : 'exec', content: [{ type: 'text', text: 'export const x = 1; // line\n'.repeat(40 + (call % 7) * 20) }], timestamp: t } });
  prompt += 1500;
  if (prompt > 150_000) {
    push({ type: 'compaction', summary: '## Decisions\n- kept going\n'.repeat(40), firstKeptEntryId: kept[kept.length - 2] ?? parent, tokensBefore: prompt, tokensAfter: 20_000 });
    prompt = 30_000;
    kept = [];
    compactions++;
  }
}
const file = path.join(sessions, `${sid}.jsonl`);
fs.writeFileSync(file, `${lines.join('\n')}\n`);
fs.writeFileSync(path.join(sessions, 'sessions.json'), JSON.stringify({ [KEY]: { sessionId: sid, updatedAt: t, totalTokens: prompt, totalTokensFresh: true, contextTokens: 200_000, modelProvider: 'openai', model: 'gpt-5', compactionCount: compactions } }));

// ------------------------------------------------------------------------------------------ the panel's data
const env = processEnv();
const model = new ContextModel({ stateDirs: resolveStateDirs(dir, undefined, env), env });
const results = {};
try {
  let t0 = performance.now();
  model.refresh(true);
  const uid = model.findByKey(KEY).uid;
  model.ensureTranscript(uid);
  results.coldReadMs = r2(performance.now() - t0);
  /** what ContextPanel.update computes for one panel, and the JSON it posts */
  const panelData = () => {
    const s = model.get(uid);
    const timeline = model.timeline(uid, { marks: timelineMarks(dir, KEY) });
    const m = panelModel({ session: model.get(uid), sessions: model.sessions(), timeline, origins: ORIGIN_WORDS, followsGauge: true, now: Date.now() });
    return { s, m, json: JSON.stringify({ type: 'model', model: m }) };
  };
  const times = [];
  let last;
  for (let i = 0; i < RUNS; i++) {
    globalThis.gc?.();
    t0 = performance.now();
    last = panelData();
    times.push(performance.now() - t0);
  }
  // the live path: one line appended, the model refreshed, the panel's data again
  const live = [];
  for (let i = 0; i < Math.min(RUNS, 11); i++) {
    fs.appendFileSync(file, `${JSON.stringify({ type: 'message', id: `live${i}`, parentId: parent, timestamp: new Date((t += 1000)).toISOString(), message: { role: 'user', content: `one more thing ${i}`, timestamp: t } })}\n`);
    parent = `live${i}`;
    t0 = performance.now();
    model.refresh(false);
    panelData();
    live.push(performance.now() - t0);
  }
  const tl = last.m.timeline;
  results.calls = tl.points.filter((p) => p.kind === 'call').length;
  results.estimatedCalls = tl.points.filter((p) => p.kind === 'call' && p.estimated).length;
  results.compactions = tl.points.filter((p) => p.kind === 'compaction').length;
  results.entries = lines.length - 1;
  results.panelDataMs = { median: r2(median(times)), max: r2(Math.max(...times)) };
  results.appendToPanelDataMs = { median: r2(median(live)), max: r2(Math.max(...live)) };
  results.postedKB = r2(Buffer.byteLength(last.json) / 1024);
  const size = (f) => fs.statSync(path.join(root, 'dist', f)).size;
  results.webviewScriptKB = r2(size('panel.js') / 1024);
  results.webviewCssKB = r2(size('panel.css') / 1024);
  // the extension bundle carries none of the webview's code (it is a bundle of its own)
  results.webviewCodeInExtension = fs.readFileSync(path.join(root, 'dist', 'extension.js'), 'utf8').includes('acquireVsCodeApi');
} finally {
  model.dispose();
  fs.rmSync(tmp, { recursive: true, force: true });
}
const pass = (ok) => (ok ? 'PASS' : 'FAIL');
console.log(`Context panel bench: ${results.calls} model calls (${results.estimatedCalls} estimated), ${results.compactions} compactions, ${results.entries} entries; Node ${process.version}`);
console.log(`  panel data (timeline + forecast + composition + table + JSON)  ${results.panelDataMs.median} ms median / ${results.panelDataMs.max} max   (target ≤ 50 ms) ${pass(results.calls >= CALLS && results.panelDataMs.median <= 50)}`);
console.log(`  one line appended → refresh + panel data                       ${results.appendToPanelDataMs.median} ms median / ${results.appendToPanelDataMs.max} max`);
console.log(`  posted model                                                   ${results.postedKB} KB`);
console.log(`  cold: state dir and transcript read (before the panel's data)  ${results.coldReadMs} ms`);
console.log(`  webview script dist/panel.js                                   ${results.webviewScriptKB} KB   (target ≤ 150 KB) ${pass(results.webviewScriptKB <= 150)}; panel.css ${results.webviewCssKB} KB`);
console.log(`  webview code in dist/extension.js                              ${results.webviewCodeInExtension ? 'yes' : 'none'} ${pass(!results.webviewCodeInExtension)}`);
if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify(results, null, 2) + '\n');
