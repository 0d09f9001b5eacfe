#!/usr/bin/env node
// Memory engine benchmark (issue 6): BM25 index build and queries over a workspace plus a large transcript,
// the lint of a workspace, the mechanical flush plan of a long session, dreaming over a week of logs, tool
// stats. It reports; it asserts nothing.
//
//   npx tsc -p . && node scripts/with-node24.mjs --expose-gc bench/memory.mjs [--messages N] [--runs N] [--json file]
//
// Data is generated deterministically (seeded PRNG) in a temp dir, deleted at the end.
// Targets (ours, for an editor that stays responsive): index build for 5,000 messages ≤ 1.5 s, a query
// ≤ 50 ms p95; lint of a workspace ≤ 20 ms; a flush plan of 5,000 messages ≤ 300 ms; tool stats ≤ 100 ms.
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(root, 'out', 'src', 'core', 'memory');
if (!fs.existsSync(path.join(OUT, 'search', 'query.js'))) {
  console.error('bench/memory.mjs: out/src/core/memory/search/query.js is missing; run `npx tsc -p .` first');
  process.exit(1);
}
const { buildMemoryIndex } = require(path.join(OUT, 'search', 'memoryIndex.js'));
const { searchMemory } = require(path.join(OUT, 'search', 'query.js'));
const { lintWorkspace } = require(path.join(OUT, 'lint', 'lintWorkspace.js'));
const { planFlush } = require(path.join(OUT, 'flush.js'));
const { planDream } = require(path.join(OUT, 'dream', 'plan.js'));
const { toolStats } = require(path.join(OUT, 'toolStats.js'));

const args = process.argv.slice(2);
const opt = (name, d) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : d;
};
const MESSAGES = Number(opt('messages', 5000));
const RUNS = Number(opt('runs', 7));
const JSON_OUT = opt('json', undefined);

let seed = 42;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
const WORDS = 'deploy staging cluster rollout migration schema index cache token window compaction summary memory decision prefer always never ticket build test release review config gateway session agent workspace file path command error retry timeout 中文 部署 测试'.split(' ');
const sentence = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');

function transcript(n) {
  const out = [];
  let parent = null;
  let t = Date.parse('2026-11-14T08:00:00Z');
  for (let i = 0; i < n; i++) {
    const id = `e${i.toString(16).padStart(6, '0')}`;
    t += 20_000;
    const ts = new Date(t).toISOString();
    if (i % 4 === 0) out.push({ type: 'message', id, parentId: parent, timestamp: ts, message: { role: 'user', content: `${i % 40 === 0 ? 'I prefer to always deploy to staging first because it is safer. ' : ''}${sentence(30)} TICKET-${1000 + (i % 97)}` } });
    else if (i % 4 === 1) out.push({ type: 'message', id, parentId: parent, timestamp: ts, message: { role: 'assistant', content: [{ type: 'text', text: `${i % 32 === 1 ? 'Decision: use blue-green releases because rollback is instant. ' : ''}${sentence(60)}` }, { type: 'toolCall', id: `c${i}`, name: pick(['exec', 'read', 'write']), arguments: { command: `ls src/${pick(WORDS)}`, path: `src/${pick(WORDS)}.ts` } }], stopReason: 'toolUse' } });
    else if (i % 4 === 2) out.push({ type: 'message', id, parentId: parent, timestamp: ts, message: { role: 'toolResult', toolCallId: `c${i - 1}`, toolName: 'exec', content: [{ type: 'text', text: sentence(200) }], isError: rnd() < 0.05 } });
    else out.push({ type: 'message', id, parentId: parent, timestamp: ts, message: { role: 'assistant', content: [{ type: 'text', text: sentence(40) }], stopReason: 'stop' } });
    parent = id;
  }
  return out;
}

function workspace(dir) {
  fs.mkdirSync(path.join(dir, 'memory'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'memories'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'AGENTS.md'), `# AGENTS\n\n${Array.from({ length: 120 }, () => `- ${sentence(14)}`).join('\n')}\n`);
  fs.writeFileSync(path.join(dir, 'SOUL.md'), `# SOUL\n\n${sentence(300)}\n`);
  fs.writeFileSync(path.join(dir, 'MEMORY.md'), `# MEMORY\n\n- Decisions → memories/decisions.md\n- Project → memories/project.md\n`);
  for (const f of ['decisions', 'project', 'context', 'errors']) fs.writeFileSync(path.join(dir, 'memories', `${f}.md`), `# ${f}\n\n${Array.from({ length: 40 }, () => `- ${sentence(12)}`).join('\n')}\n`);
  for (let d = 0; d < 7; d++) {
    const day = new Date(Date.parse('2026-11-21T12:00:00Z') - d * 86_400_000).toISOString().slice(0, 10);
    fs.writeFileSync(path.join(dir, 'memory', `${day}.md`), `# ${day}\n\n- Preference: answers in English and 中文.\n- Decision: use blue-green releases because rollback is instant.\n${Array.from({ length: 30 }, () => `- ${sentence(10)}`).join('\n')}\n`);
  }
}

function stats(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  return { median: +q(50).toFixed(2), p95: +q(95).toFixed(2), min: +s[0].toFixed(2), max: +s[s.length - 1].toFixed(2) };
}
function time(fn, runs = RUNS) {
  const xs = [];
  let r;
  for (let i = 0; i < runs; i++) {
    globalThis.gc?.();
    const t0 = performance.now();
    r = fn();
    xs.push(performance.now() - t0);
  }
  return { ...stats(xs), result: r };
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'occtx-bench-memory-'));
try {
  const ws = path.join(tmp, 'workspace');
  workspace(ws);
  const entries = transcript(MESSAGES);
  const bytes = Buffer.byteLength(JSON.stringify(entries));
  const sessions = [{ key: 'agent:main:bench', sessionId: 'bench', entries }];
  const results = { node: process.version, messages: MESSAGES, transcriptMB: +(bytes / 1048576).toFixed(1), runs: RUNS };

  const build = time(() => buildMemoryIndex({ workspaceDir: ws, sessions }), Math.min(RUNS, 5));
  results.indexBuildMs = { median: build.median, p95: build.p95 };
  const index = build.result;
  results.indexedDocuments = index.documentCount;
  const queries = ['TICKET-1042', 'blue-green rollback', '部署', 'staging deploy prefer', 'nonexistentterm', 'src/cache.ts'];
  const qt = [];
  for (let r = 0; r < RUNS; r++) for (const q of queries) {
    const t0 = performance.now();
    searchMemory(index, q, { limit: 20 });
    qt.push(performance.now() - t0);
  }
  results.queryMs = stats(qt);
  results.lintMs = (({ median, p95 }) => ({ median, p95 }))(time(() => lintWorkspace(ws)));
  results.flushPlanMs = (({ median, p95 }) => ({ median, p95 }))(time(() => planFlush({ sessionKey: 'agent:main:bench', entries, compactionCount: 0, now: new Date('2026-11-21T12:00:00Z'), timeZone: 'UTC', workspaceDir: ws, state: undefined, force: true })));
  results.dreamPlanMs = (({ median, p95 }) => ({ median, p95 }))(time(() => planDream({ workspaceDir: ws, now: new Date('2026-11-21T12:00:00Z'), timeZone: 'UTC', days: 7 })));
  results.toolStatsMs = (({ median, p95 }) => ({ median, p95 }))(time(() => toolStats(sessions)));
  results.heapMB = +(process.memoryUsage().heapUsed / 1048576).toFixed(1);
  console.log(`memory bench: ${MESSAGES} messages (${results.transcriptMB} MB of JSON), ${results.indexedDocuments} documents indexed, Node ${process.version}`);
  console.log(`  index build      ${results.indexBuildMs.median} ms median / ${results.indexBuildMs.p95} p95   (target ≤ 1500)`);
  console.log(`  query            ${results.queryMs.median} ms median / ${results.queryMs.p95} p95   (target p95 ≤ 50)`);
  console.log(`  lint workspace   ${results.lintMs.median} ms median / ${results.lintMs.p95} p95   (target ≤ 20)`);
  console.log(`  flush plan       ${results.flushPlanMs.median} ms median / ${results.flushPlanMs.p95} p95   (target ≤ 300)`);
  console.log(`  dream plan       ${results.dreamPlanMs.median} ms median / ${results.dreamPlanMs.p95} p95`);
  console.log(`  tool stats       ${results.toolStatsMs.median} ms median / ${results.toolStatsMs.p95} p95   (target ≤ 100)`);
  console.log(`  heap after       ${results.heapMB} MB`);
  if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify(results, null, 2) + '\n');
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
