#!/usr/bin/env node
// Context-view benchmark: L1 soft trim (seed 000), OpenClaw's tool-result guard (formats §4.2) and cache-TTL
// pruning (§4.6) over one generated ~200k-token session. It reports; it asserts nothing (target: the three
// views together ≤ 10 ms, cold).
//
//   npx tsc -p . && node bench/compaction-views.mjs [--iterations N] [--tokens N] [--json file]
//
// Uses the compiled code in out/src/core (run `npx tsc -p .` first). Any Node ≥ 20 works.
//
// "cold": every iteration runs on a fresh deep copy of the session (made outside the timing), so the
// per-message token cache the reports use starts empty: every message is estimated once, as on the first
// view of a session. "warm": the same array again (only the messages a view creates are estimated).
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(root, 'out', 'src', 'core');
if (!fs.existsSync(path.join(OUT, 'compaction', 'softTrim.js'))) {
  console.error('bench/compaction-views.mjs: out/src/core/compaction is missing; run `npx tsc -p .` first');
  process.exit(1);
}
const { softTrimView } = require(path.join(OUT, 'compaction', 'softTrim.js'));
const { toolResultGuardView } = require(path.join(OUT, 'compaction', 'toolResultGuard.js'));
const { contextPruningView } = require(path.join(OUT, 'compaction', 'pruning.js'));
const { estimateMessage } = require(path.join(OUT, 'tokens', 'messageText.js'));
const { measure } = require(path.join(OUT, 'compaction', 'messages.js'));

const args = process.argv.slice(2);
const opt = (f, d) => {
  const i = args.indexOf(f);
  return i >= 0 ? args[i + 1] : d;
};
const ITER = Number(opt('--iterations', 60));
const TARGET_TOKENS = Number(opt('--tokens', 200_000));
const WINDOW = 200_000;
const TARGET_MS = 10;
const log = (m) => console.error(m);

// ------------------------------------------------------------------ data (deterministic)
let seed = 0xc0ffee;
const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
const int = (a, b) => a + Math.floor(rand() * (b - a + 1));
const pick = (a) => a[Math.floor(rand() * a.length)];
const WORDS = 'the parser config deploy window retry budget cache layer request handler migration schema index token context session checkpoint release branch review test build staging production rollback metrics latency queue worker'.split(' ');
const ZH = '解析 配置 部署 窗口 重试 预算 缓存 请求 迁移 索引 会话 检查点 发布 分支 测试 构建 回滚 指标 延迟 队列'.split(' ');
// Prose (user, assistant, search snippets) mixes in Chinese; one tool output in five has Chinese comments or log
// lines, the rest is ASCII, as most tool output is.
let zhRate = 0.08;
const sentence = (n) => Array.from({ length: n }, () => (rand() < zhRate ? pick(ZH) : pick(WORDS))).join(' ');
const ascii = (f) => (...a) => {
  const keep = zhRate;
  if (rand() < 0.8) zhRate = 0;
  try {
    return f(...a);
  } finally {
    zhRate = keep;
  }
};
const FILES = Array.from({ length: 120 }, (_, i) => `src/${pick(WORDS)}/${pick(WORDS)}-${i}.ts`);
const code = ascii((lines) =>
  Array.from({ length: lines }, (_, i) =>
    i % 12 === 0 ? '' : i % 12 === 1 ? `export function ${pick(WORDS)}${i}(opts: Options): Result {` : `  const ${pick(WORDS)}${i} = await ${pick(WORDS)}.${pick(WORDS)}(${i}); // ${sentence(4)}`,
  ).join('\n'));
const logLines = ascii((n) => Array.from({ length: n }, (_, i) => `[${String(i).padStart(5, '0')}] ${pick(['INFO', 'WARN', 'DEBUG'])} ${sentence(8)}`).join('\n'));
const img = { type: 'image', data: 'iVBORw0KGgo'.repeat(40), mimeType: 'image/png' };

let ts = 1_790_000_000_000;
let callN = 0;
const usage = { input: 1000, output: 200, cacheRead: 0, cacheWrite: 0, totalTokens: 1200, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
const user = (text) => ({ role: 'user', content: text, timestamp: (ts += 1000) });
const say = (text) => ({ role: 'assistant', content: [{ type: 'text', text }], api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-6', usage, stopReason: 'stop', timestamp: (ts += 1000) });
const call = (name, a, id, thinking) => ({
  role: 'assistant',
  content: [...(thinking ? [{ type: 'thinking', thinking, thinkingSignature: 'sig'.repeat(20) }] : []), { type: 'toolCall', id, name, arguments: a }],
  api: 'anthropic-messages',
  provider: 'anthropic',
  model: 'claude-sonnet-4-6',
  usage,
  stopReason: 'toolUse',
  timestamp: (ts += 1000),
});
const result = (name, id, content, extra = {}) => ({ role: 'toolResult', toolCallId: id, toolName: name, content, isError: false, timestamp: (ts += 1000), ...extra });

/** One turn: a user ask, a tool loop (reads, execs with OpenClaw-style details, searches, screenshots), an answer. */
function turn() {
  const out = [user(rand() < 0.3 ? pick(['ok', 'go on', '继续', 'ship it']) : sentence(int(15, 80)))];
  for (let i = int(0, 5); i > 0; i--) {
    const id = `call_${(callN++).toString(16)}`;
    const k = rand();
    const thinking = rand() < 0.3 ? sentence(int(20, 120)) : undefined;
    if (k < 0.4) {
      const p = pick(FILES);
      const text = code(int(20, 400));
      out.push(call('read', { path: p }, id, thinking), result('read', id, [{ type: 'text', text }], { details: { kind: 'text', path: p } }));
    } else if (k < 0.75) {
      const text = logLines(int(5, 200));
      out.push(call('exec', { command: `npm test -- ${pick(WORDS)}` }, id, thinking), result('exec', id, [{ type: 'text', text }], { details: { status: 'completed', exitCode: rand() < 0.1 ? 1 : 0, aggregated: text } }));
    } else if (k < 0.92) {
      const text = JSON.stringify(Array.from({ length: int(3, 30) }, () => ({ title: sentence(6), url: `https://example.com/${pick(WORDS)}`, snippet: sentence(30) })), null, 2);
      out.push(call('web_search', { query: sentence(4) }, id, thinking), result('web_search', id, [{ type: 'text', text }]));
    } else {
      out.push(call('browser', { action: 'screenshot' }, id, thinking), result('browser', id, [{ type: 'text', text: 'captured' }, img]));
    }
  }
  out.push(say(sentence(int(20, 200))));
  return out;
}

const session = [];
let tokens = 0;
while (tokens < TARGET_TOKENS) {
  for (const m of turn()) session.push(m), (tokens += Math.round(estimateMessage(m, 'o200k')));
  if (session.length > 20 && !session.some((m) => m.toolCallId === 'call_big')) {
    // one 200 KB log, over the guard's per-result cap (200,000 estimate units = 100,000 chars of text)
    const text = logLines(2800);
    session.push(call('exec', { command: 'cat build.log' }, 'call_big'), result('exec', 'call_big', [{ type: 'text', text }], { details: { status: 'completed', exitCode: 1, aggregated: text } }));
    tokens += Math.round(estimateMessage(session.at(-1), 'o200k')) + Math.round(estimateMessage(session.at(-2), 'o200k'));
  }
}
const chars = session.reduce((s, m) => s + JSON.stringify(m.content).length, 0);

// ------------------------------------------------------------------ helpers
const q = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
};
const stats = (xs) => ({ median: q(xs, 0.5), p95: q(xs, 0.95), max: Math.max(...xs), n: xs.length });
const fmt = (x) => (x < 0.1 ? x.toFixed(3) : x < 10 ? x.toFixed(2) : x.toFixed(1));
const gc = globalThis.gc ?? (() => {});

const views = {
  l1: (msgs) => softTrimView(msgs),
  guard: (msgs) => toolResultGuardView(msgs, { contextWindowTokens: WINDOW }),
  pruning: (msgs) => contextPruningView(msgs, { contextWindowTokens: WINDOW }),
};

function run(fresh) {
  const t = { l1: [], guard: [], pruning: [], total: [] };
  let last;
  for (let i = 0; i < ITER; i++) {
    const msgs = fresh ? structuredClone(session) : session;
    gc();
    let total = 0;
    last = {};
    for (const [name, f] of Object.entries(views)) {
      const a = performance.now();
      last[name] = f(msgs);
      const ms = performance.now() - a;
      t[name].push(ms);
      total += ms;
    }
    t.total.push(total);
  }
  return { times: Object.fromEntries(Object.entries(t).map(([k, v]) => [k, stats(v)])), last };
}

const load0 = os.loadavg()[0];
log(`session: ${session.length} messages, ${tokens} tokens (o200k estimator), ${(chars / 1e6).toFixed(2)} M chars of content; window ${WINDOW}; ${ITER} iterations`);
for (let i = 0; i < 5; i++) for (const f of Object.values(views)) f(structuredClone(session)); // JIT warm-up
const cold = run(true);
const warm = run(false);
// the floor inside "cold": the calibrated token estimate of every message once (the reports share it)
const estimateOnce = [];
for (let i = 0; i < ITER; i++) {
  const msgs = structuredClone(session);
  gc();
  const a = performance.now();
  for (const m of msgs) measure(m);
  estimateOnce.push(performance.now() - a);
}
const floor = stats(estimateOnce);

const r = cold.last;
const summary = {
  l1: { changed: r.l1.report.changes.length, tail: r.l1.report.tail.length, keyParagraphs: r.l1.report.keyParagraphs.length, oneLine: r.l1.report.oneLine.length, tokens: r.l1.report.tokens },
  guard: { truncated: r.guard.report.truncations.length, overflow: r.guard.report.overflow, tokens: r.guard.report.tokens },
  pruning: { softTrimmed: r.pruning.report.softTrimmed.length, hardCleared: r.pruning.report.hardCleared.length, ratio: r.pruning.report.ratio, tokens: r.pruning.report.tokens },
};
const line = (label, s) => `  ${label.padEnd(9)} median ${fmt(s.median).padStart(6)} ms   p95 ${fmt(s.p95).padStart(6)} ms   max ${fmt(s.max).padStart(6)} ms`;
console.log(`compaction views on ${session.length} messages / ${tokens} tokens (cold: fresh copy each time; warm: same array)`);
for (const [mode, res] of [
  ['cold', cold],
  ['warm', warm],
]) {
  console.log(`${mode}:`);
  for (const k of ['l1', 'guard', 'pruning', 'total']) console.log(line(k, res.times[k]));
}
console.log(`of which the token estimate of every message (once, shared by the three reports): median ${fmt(floor.median)} ms, p95 ${fmt(floor.p95)} ms`);
const pass = cold.times.total.median <= TARGET_MS;
console.log(`target: all three views ≤ ${TARGET_MS} ms (cold median ${fmt(cold.times.total.median)} ms, p95 ${fmt(cold.times.total.p95)} ms) → ${pass ? 'PASS' : 'FAIL'}`);
console.log(
  `what they did: L1 ${summary.l1.tail} tail, ${summary.l1.keyParagraphs} key-paragraph, ${summary.l1.oneLine} one-line (${Math.round(summary.l1.tokens.before)} → ${Math.round(summary.l1.tokens.after)} tokens); ` +
    `guard ${summary.guard.truncated} truncated, overflow ${summary.guard.overflow} (${Math.round(summary.guard.tokens.before)} → ${Math.round(summary.guard.tokens.after)}); ` +
    `pruning ${summary.pruning.softTrimmed} soft-trimmed, ${summary.pruning.hardCleared} cleared, ratio ${summary.pruning.ratio.before.toFixed(2)} → ${summary.pruning.ratio.after.toFixed(2)} (${Math.round(summary.pruning.tokens.before)} → ${Math.round(summary.pruning.tokens.after)})`,
);
const jsonOut = opt('--json');
if (jsonOut) {
  const cpus = os.cpus();
  fs.writeFileSync(
    jsonOut,
    JSON.stringify(
      {
        generatedAt: new Date().toISOString(),
        machine: { node: process.version, cpus: cpus.length, cpuModel: cpus[0]?.model ?? '?', loadAvg1mAtStart: load0, loadAvg1m: os.loadavg()[0] },
        data: { messages: session.length, tokens, contentChars: chars, window: WINDOW, iterations: ITER },
        targetMs: TARGET_MS,
        cold: cold.times,
        warm: warm.times,
        tokenEstimateOnce: floor,
        summary,
      },
      null,
      2,
    ) + '\n',
  );
  log(`wrote ${jsonOut}`);
}
