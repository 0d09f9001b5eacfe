#!/usr/bin/env node
// Remote Gateway sessions benchmark (issue 7 item 4): what the extension does on the UI thread when a remote
// Gateway's data arrives — a sessions.list of 200 rows, a chat.history page of 1,000 messages (the Gateway's
// largest) turned into the model's transcript, then session.message events one by one (the incremental path).
// It reports; it asserts nothing.
//
//   npx tsc -p . && node scripts/with-node24.mjs --expose-gc bench/remote.mjs [--messages N] [--runs N] [--json file]
//
// The messages are shaped like the real chat.history of test/fixtures/openclaw-real/gateway/remote.json (user,
// assistant with usage, toolCall + toolResult), generated deterministically.
// Targets (ours): list of 200 rows → model refresh ≤ 20 ms; 1,000-message history → transcript + context ≤ 150 ms;
// one session.message → model refresh ≤ 5 ms (the gauge follows a turn within 1 s end to end).
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(root, 'out', 'src', 'core');
if (!fs.existsSync(path.join(OUT, 'gateway', 'remoteStore.js'))) {
  console.error('bench/remote.mjs: out/src/core/gateway/remoteStore.js is missing; run `npx tsc -p .` first');
  process.exit(1);
}
const { RemoteSessionCache } = require(path.join(OUT, 'gateway', 'remoteStore.js'));
const { ContextModel } = require(path.join(OUT, 'context', 'model.js'));
const { processEnv } = require(path.join(OUT, 'store', 'config.js'));

const args = process.argv.slice(2);
const opt = (name, d) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : d;
};
const MESSAGES = Number(opt('messages', 1000));
const ROWS = 200;
const RUNS = Number(opt('runs', 7));
const JSON_OUT = opt('json', undefined);

let seed = 7;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const words = 'deploy build test cache token window compaction session memory gateway agent 函数 日志 review merge'.split(' ');
const text = (n) => Array.from({ length: n }, () => words[Math.floor(rnd() * words.length)]).join(' ');
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
  return { median: +q(50).toFixed(2), p95: +q(95).toFixed(2) };
};
const now = () => performance.now();

function row(i, t) {
  return { key: `agent:main:s${i}`, sessionId: `sid-${i}`, agentId: 'main', updatedAt: t - i * 1000, totalTokens: 5000 + i * 37, totalTokensFresh: true, contextTokens: 200000, modelProvider: 'anthropic', model: 'claude-x', status: 'done' };
}
function message(i) {
  const id = `m-${i}`;
  const ts = 1795275693000 + i * 1000;
  const k = i % 4;
  if (k === 0) return { role: 'user', content: text(20 + Math.floor(rnd() * 80)), timestamp: ts, __openclaw: { id, seq: i } };
  if (k === 1) return { role: 'assistant', content: [{ type: 'toolCall', id: `c${i}`, name: 'exec', arguments: { command: 'ls -la' } }], provider: 'anthropic', model: 'claude-x', usage: { input: 1000 + i * 20, output: 30, cacheRead: 0, cacheWrite: 0, totalTokens: 1030 + i * 20 }, stopReason: 'toolUse', timestamp: ts, __openclaw: { id, seq: i } };
  if (k === 2) return { role: 'toolResult', toolCallId: `c${i - 1}`, toolName: 'exec', content: [{ type: 'text', text: text(100 + Math.floor(rnd() * 600)) }], isError: false, timestamp: ts, __openclaw: { id, seq: i } };
  return { role: 'assistant', content: [{ type: 'text', text: text(40 + Math.floor(rnd() * 200)) }], provider: 'anthropic', model: 'claude-x', usage: { input: 1100 + i * 20, output: 80, cacheRead: 0, cacheWrite: 0, totalTokens: 1180 + i * 20 }, stopReason: 'stop', timestamp: ts, __openclaw: { id, seq: i } };
}

const t0 = Date.now();
const list = { count: ROWS, sessions: Array.from({ length: ROWS }, (_, i) => row(i, t0)), defaults: { contextTokens: 200000 } };
const history = { sessionKey: 'agent:main:s0', sessionId: 'sid-0', messages: Array.from({ length: MESSAGES }, (_, i) => message(i)) };
const historyBytes = Buffer.byteLength(JSON.stringify(history));

const listMs = [];
const historyMs = [];
const messageMs = [];
for (let r = -1; r < RUNS; r++) {
  // run -1 warms the JIT up and is not counted
  const keep = r >= 0;
  globalThis.gc?.();
  const cache = new RemoteSessionCache({ url: 'wss://gw.example.net:18789', onNeedHistory: () => undefined });
  const model = new ContextModel({ stateDirs: [], env: processEnv() });
  model.setRemoteSources([cache]);
  let t = now();
  cache.applyList(list);
  model.refresh();
  if (keep) listMs.push(now() - t);
  const uid = model.sessions().find((s) => s.row.key === 'agent:main:s0').uid;
  model.ensureTranscript(uid); // asks for the history
  t = now();
  cache.applyHistory('agent:main:s0', history);
  model.refresh();
  if (keep) historyMs.push(now() - t);
  if (!model.get(uid).context || model.get(uid).context.path.length !== MESSAGES) throw new Error(`the history did not reach the model (${model.get(uid).context?.path.length})`);
  for (let i = 0; i < 20; i++) {
    const m = message(MESSAGES + i);
    t = now();
    cache.applyMessage({ sessionKey: 'agent:main:s0', sessionId: 'sid-0', message: m });
    model.refresh();
    if (keep) messageMs.push(now() - t);
  }
  model.dispose();
}
globalThis.gc?.();
const results = {
  rows: ROWS,
  messages: MESSAGES,
  historyKB: Math.round(historyBytes / 1024),
  listRefreshMs: stats(listMs),
  historyMs: stats(historyMs),
  sessionMessageMs: stats(messageMs),
  heapMB: +(process.memoryUsage().heapUsed / 1048576).toFixed(1),
  node: process.version,
};
console.log(`remote bench: ${ROWS} rows, a history of ${MESSAGES} messages (${results.historyKB} KB), Node ${process.version}`);
console.log(`  list → refresh        ${results.listRefreshMs.median} ms median / ${results.listRefreshMs.p95} p95   (target ≤ 20)`);
console.log(`  history → context    ${results.historyMs.median} ms median / ${results.historyMs.p95} p95   (target ≤ 150)`);
console.log(`  session.message      ${results.sessionMessageMs.median} ms median / ${results.sessionMessageMs.p95} p95   (target ≤ 5)`);
console.log(`  heap after           ${results.heapMB} MB`);
if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify(results, null, 2) + '\n');
