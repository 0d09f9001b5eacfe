#!/usr/bin/env node
// Checkpoint engine benchmark (npm run bench:checkpoint): checkpoint build + write for a 200k-token
// session, and the incremental state update per new transcript row. It reports; it asserts nothing.
//
//   npx tsc -p . && node scripts/with-node24.mjs bench/checkpoint.mjs [--rows N] [--writes N] [--json file] [--keep]
//
// Uses the compiled engine in out/src/core (run `npx tsc -p .` first). Data is generated
// deterministically (seeded PRNG) in a temp dir, deleted at the end unless --keep.
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(root, 'out', 'src', 'core');
if (!fs.existsSync(path.join(OUT, 'checkpoint', 'index.js'))) {
  console.error('bench/checkpoint.mjs: out/src/core/checkpoint is missing; run `npx tsc -p .` first');
  process.exit(1);
}
const cp = require(path.join(OUT, 'checkpoint', 'index.js'));
const { estimateTokens } = require(path.join(OUT, 'tokens', 'estimator.js'));

const args = process.argv.slice(2);
const opt = (f, d) => {
  const i = args.indexOf(f);
  return i >= 0 ? args[i + 1] : d;
};
const ROWS = Number(opt('--rows', 2000));
const WRITES = Number(opt('--writes', 40));
const TARGET_TOKENS = 200_000;
const TARGET = { writeMs: 20, rowMs: 1 };
const log = (m) => console.error(m);

// ------------------------------------------------------------------ data
let seed = 0x5eed;
const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
const pick = (a) => a[Math.floor(rand() * a.length)];
const WORDS = 'the parser config deploy window retry budget cache layer request handler migration schema index token context session checkpoint release branch review test build staging production rollback metrics latency queue worker'.split(' ');
const ZH = '解析 配置 部署 窗口 重试 预算 缓存 请求 迁移 索引 会话 检查点 发布 分支 测试 构建 回滚 指标 延迟 队列'.split(' ');
const sentence = (n) => Array.from({ length: n }, () => (rand() < 0.1 ? pick(ZH) : pick(WORDS))).join(' ');
const codeBlock = (lines) => '```ts\n' + Array.from({ length: lines }, (_, i) => `  const ${pick(WORDS)}${i} = await ${pick(WORDS)}.${pick(WORDS)}(${i}); // ${sentence(4)}`).join('\n') + '\n```';
const FILES = Array.from({ length: 160 }, (_, i) => `src/${pick(WORDS)}/${pick(WORDS)}-${i}.ts`);

let t0 = Date.parse('2026-03-01T09:00:00Z');
let n = 0;
const ts = () => new Date((t0 += 700 + Math.floor(rand() * 4000))).toISOString();
const id = () => `e${(n++).toString(16).padStart(8, '0')}`;
const user = (text) => ({ type: 'message', id: id(), parentId: null, timestamp: ts(), message: { role: 'user', content: text, timestamp: t0 } });
const agent = (text) => ({ type: 'message', id: id(), parentId: null, timestamp: ts(), message: { role: 'assistant', content: [{ type: 'text', text }], provider: 'anthropic', model: 'claude-sonnet-4-6', stopReason: 'stop', usage: { input: 1000, output: 200, cacheRead: 0, cacheWrite: 0, totalTokens: 1200 } } });
const call = (name, a, cid) => ({ type: 'message', id: id(), parentId: null, timestamp: ts(), message: { role: 'assistant', content: [{ type: 'toolCall', id: cid, name, arguments: a }], provider: 'anthropic', stopReason: 'toolUse' } });
const result = (name, cid, text, isError = false) => ({ type: 'message', id: id(), parentId: null, timestamp: ts(), message: { role: 'toolResult', toolCallId: cid, toolName: name, content: [{ type: 'text', text }], isError } });

/** One turn of an agent session: a user message, a tool loop, an answer (sometimes long, with TODOs). */
function turn() {
  const out = [];
  const r = rand();
  out.push(user(r < 0.25 ? pick(['ok', 'yes, go', '可以', 'B please', 'ship it']) : r < 0.35 ? `${sentence(30)}\n- [ ] ${sentence(6)}` : sentence(20 + Math.floor(rand() * 60))));
  const tools = Math.floor(rand() * 5);
  for (let i = 0; i < tools; i++) {
    const cid = `call_${n}`;
    const kind = rand();
    if (kind < 0.4) {
      const f = pick(FILES);
      out.push(call('read', { path: f }, cid), result('read', cid, codeBlock(20 + Math.floor(rand() * 120))));
    } else if (kind < 0.6) {
      const f = pick(FILES);
      out.push(call('edit', { file_path: f, old_string: sentence(5), new_string: sentence(6) }, cid), result('edit', cid, `Edited ${f}`));
    } else if (kind < 0.7) {
      out.push(call('apply_patch', { input: `*** Begin Patch\n*** Update File: ${pick(FILES)}\n@@\n-${sentence(4)}\n+${sentence(4)}\n*** End Patch` }, cid), result('apply_patch', cid, 'Done'));
    } else {
      const fail = rand() < 0.15;
      out.push(call('exec', { command: `npm test -- ${pick(WORDS)}` }, cid), result('exec', cid, fail ? `Error: ${sentence(8)}\n${sentence(40)}` : Array.from({ length: 10 + Math.floor(rand() * 60) }, () => `ok ${sentence(6)}`).join('\n'), fail));
    }
  }
  const long = rand() < 0.4;
  out.push(agent(long ? `${sentence(80)}\n\n${codeBlock(15)}\n\n${rand() < 0.3 ? `TODO: ${sentence(6)}\n` : ''}${sentence(20)}?` : sentence(15 + Math.floor(rand() * 40))));
  return out;
}

const msgTokens = (e) => {
  const m = e.message;
  if (!m) return 0;
  if (typeof m.content === 'string') return estimateTokens(m.content);
  let t = 0;
  for (const b of m.content) t += b.type === 'text' ? estimateTokens(b.text) : b.type === 'toolCall' ? estimateTokens(b.name + JSON.stringify(b.arguments)) : 0;
  return t;
};

const session = [{ type: 'session', version: 4, id: 'bench-session', timestamp: new Date(t0).toISOString(), cwd: '/w' }];
let tokens = 0;
while (tokens < TARGET_TOKENS) for (const e of turn()) session.push(e), (tokens += msgTokens(e));
const sessionBytes = session.reduce((s, e) => s + JSON.stringify(e).length, 0);
const extra = [];
while (extra.length < ROWS) extra.push(...turn());
extra.length = ROWS;

// ------------------------------------------------------------------ helpers
const gc = globalThis.gc ?? (() => {});
const q = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
};
const stats = (xs) => ({ median: q(xs, 0.5), p95: q(xs, 0.95), max: Math.max(...xs), n: xs.length });
const fmt = (x) => (x < 0.1 ? x.toFixed(3) : x < 10 ? x.toFixed(2) : x.toFixed(1));
const time = (f) => {
  const a = performance.now();
  const r = f();
  return [performance.now() - a, r];
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'occtx-bench-cp-'));
let fsType = '?';
try {
  fsType = execFileSync('df', ['-T', dir], { encoding: 'utf8' }).trim().split('\n')[1]?.split(/\s+/)[1] ?? '?';
} catch {
  /* not everywhere */
}
const KEY = 'agent:main:bench-200k';
const figures = (used) => ({ sessionKey: KEY, agentId: 'main', sessionFile: 'agents/main/agent/openclaw-agent.sqlite#bench', channel: null, inputTokens: used, contextWindow: 200_000, compactionCount: 1 });
const load0 = os.loadavg()[0];
log(`session: ${session.length} entries, ${tokens} tokens (estimator, o200k), ${(sessionBytes / 1e6).toFixed(1)} MB of JSON; state dir ${dir} (${fsType})`);

// ------------------------------------------------------------------ 1. cold: the whole session into a fresh tracker
const coldTracker = new cp.SessionTracker(dir, 'agent:main:cold');
const [coldIngestMs] = time(() => coldTracker.ingest(session, { onCompaction: 'pass' }));

// ------------------------------------------------------------------ 2. incremental: one new row at a time
const eng = new cp.CheckpointEngine(dir, { now: () => Date.now() });
const tracker = eng.tracker(KEY);
tracker.ingest(session, { onCompaction: 'pass' });
tracker.save();
gc();
const perRow = [];
const perRowSave = [];
for (let i = 0; i < extra.length; i++) {
  const row = extra[i];
  const a = performance.now();
  tracker.ingest([row]);
  const b = performance.now();
  tracker.save();
  const c = performance.now();
  perRow.push(b - a);
  perRowSave.push(c - a);
}
const bytesPerRow = extra.reduce((s, e) => s + JSON.stringify(e).length, 0) / extra.length;

// ------------------------------------------------------------------ 3. checkpoint build + write (state of the 200k session, previous checkpoint present)
// Warm-up: the first write (creates dirs, JIT).
const snapshot = JSON.stringify(tracker.data);
eng.checkpoint(figures(160_000), 'manual');
const writeMs = [];
const writeNoSyncMs = [];
const parts = { readPrev: [], build: [], serialize: [], write: [] };
let lastFile = '';
let lastBytes = 0;
// (a) what the extension calls: engine.checkpoint (previous checkpoint cached by the engine), fsync on
for (let i = 0; i < WRITES; i++) {
  tracker.data = JSON.parse(snapshot); // the same accumulated state each time (a checkpoint resets it)
  const [ms, r] = time(() => eng.checkpoint(figures(160_000 + i * 10_000), 'manual'));
  if (r.status !== 'written') throw new Error(`write ${i}: ${cp.describeWrite(r)}`);
  writeMs.push(ms);
  lastFile = r.file;
  lastBytes = fs.statSync(r.file).size;
}
// (b) the same without fsync (what the page cache costs alone)
const engNoSync = new cp.CheckpointEngine(dir, { now: () => Date.now(), write: { fsync: false } });
const trackerNoSync = engNoSync.tracker(KEY);
for (let i = 0; i < WRITES; i++) {
  trackerNoSync.data = JSON.parse(snapshot);
  const [ms, r] = time(() => engNoSync.checkpoint(figures(10_000_000 + i * 10_000), 'manual'));
  if (r.status !== 'written') throw new Error(`write ${i}: ${cp.describeWrite(r)}`);
  writeNoSyncMs.push(ms);
}
// (c) the parts, measured separately: reading the previous checkpoint (a cache miss), building, YAML
// with its read-back check, the atomic write of the file
for (let i = 0; i < WRITES; i++) {
  tracker.data = JSON.parse(snapshot);
  const [a, prev] = time(() => cp.readLatestCheckpoint(dir, KEY).checkpoint);
  const [b, built] = time(() => cp.buildCheckpoint({ state: tracker.data, session: figures(1), trigger: 'manual', previous: prev }));
  const [c, text] = time(() => cp.serializeCheckpoint(built));
  const tmpFile = path.join(dir, `part-${i}.yaml`);
  const [d] = time(() => cp.writeFileAtomicSync(tmpFile, text, { exclusive: true }));
  fs.rmSync(tmpFile);
  parts.readPrev.push(a);
  parts.build.push(b);
  parts.serialize.push(c);
  parts.write.push(d);
}
const latest = cp.readLatestCheckpoint(dir, KEY).checkpoint;

// ------------------------------------------------------------------ 4. cold build + write (whole session ingested first) and render
const coldEng = new cp.CheckpointEngine(dir);
const [coldTotalMs, coldRes] = time(() => {
  const t = coldEng.tracker('agent:main:cold2');
  t.ingest(session, { onCompaction: 'pass' });
  return coldEng.checkpoint({ ...figures(160_000), sessionKey: 'agent:main:cold2' }, 'manual');
});
const renderMs = [];
let rendered;
for (let i = 0; i < 50; i++) {
  const [ms, r] = time(() => cp.renderInjection(latest, { family: 'claude' }));
  renderMs.push(ms);
  rendered = r;
}

// ------------------------------------------------------------------ 5. the extension's path: a new JSONL row → model refresh → coordinator
// The 200k session as a JSONL-era store; baseline refresh, one first activity (the tracker catches up on
// the active path), then one new row at a time: ContextModel.refresh() (reads the row) and
// CheckpointCoordinator.onRefresh() (loads it, feeds the state, checks the triggers, saves the state).
const { ContextModel } = require(path.join(OUT, 'context', 'model.js'));
const { processEnv } = require(path.join(OUT, 'store', 'config.js'));
const e2e = path.join(dir, 'e2e');
const sdir = path.join(e2e, 'agents', 'main', 'sessions');
fs.mkdirSync(sdir, { recursive: true });
fs.writeFileSync(path.join(e2e, 'openclaw.json'), '{}\n');
const KEY2 = 'agent:main:main';
let prevId = null;
const chain = (e) => (e.type === 'session' ? e : ((e = { ...e, parentId: prevId }), (prevId = e.id), e));
const transcript = path.join(sdir, 'bench-session.jsonl');
fs.writeFileSync(transcript, session.map((e) => JSON.stringify(chain(e))).join('\n') + '\n');
const writeRow = (updatedAt) => fs.writeFileSync(path.join(sdir, 'sessions.json'), JSON.stringify({ [KEY2]: { sessionId: 'bench-session', sessionFile: 'bench-session.jsonl', updatedAt, totalTokens: 150_000, totalTokensFresh: true, contextTokens: 200_000 } }));
writeRow(Date.parse(session[session.length - 1].timestamp));
const model = new ContextModel({ stateDirs: [{ dir: e2e, configPath: path.join(e2e, 'openclaw.json'), source: 'bench' }], env: processEnv() });
const coord = new cp.CheckpointCoordinator(model, { saveIntervalMs: 2000 }); // as the extension runs it
coord.onRefresh(model.refresh(true)); // baseline: no transcript read
const more = extra.slice(0, Math.min(400, extra.length)).map((e) => ({ ...e, id: `x${e.id}` }));
fs.appendFileSync(transcript, JSON.stringify(chain(more[0])) + '\n');
writeRow(Date.parse(more[0].timestamp));
const [firstActivityMs] = time(() => coord.onRefresh(model.refresh()));
const refreshMs = [];
const coordMs = [];
for (const e of more.slice(1)) {
  fs.appendFileSync(transcript, JSON.stringify(chain(e)) + '\n');
  const a = performance.now();
  const r = model.refresh();
  const b = performance.now();
  coord.onRefresh(r);
  coordMs.push(performance.now() - b);
  refreshMs.push(b - a);
}
const C = stats(coordMs);

// ------------------------------------------------------------------ report
const W = stats(writeMs);
const R = stats(perRow);
const RS = stats(perRowSave);
const rows = [
  ['1', 'Checkpoint build + write, 200k-token session, fsync (median / p95 / max)', `${fmt(W.median)} / ${fmt(W.p95)} / ${fmt(W.max)} ms`, `≤ ${TARGET.writeMs} ms`, W.p95 <= TARGET.writeMs ? 'PASS' : 'FAIL'],
  ['1', '… without fsync (median / p95)', `${fmt(stats(writeNoSyncMs).median)} / ${fmt(stats(writeNoSyncMs).p95)} ms`, '(info)', ''],
  ['1', '… parts (median): read previous / build / YAML + read-back / atomic write', `${fmt(stats(parts.readPrev).median)} / ${fmt(stats(parts.build).median)} / ${fmt(stats(parts.serialize).median)} / ${fmt(stats(parts.write).median)} ms`, '(info)', ''],
  ['2', `Incremental state update per new row, ${R.n} rows of ${Math.round(bytesPerRow)} B avg (median / p95 / max)`, `${fmt(R.median)} / ${fmt(R.p95)} / ${fmt(R.max)} ms`, `≤ ${TARGET.rowMs} ms`, R.p95 <= TARGET.rowMs ? 'PASS' : 'FAIL'],
  ['2', '… with the state files saved after every row (median / p95)', `${fmt(RS.median)} / ${fmt(RS.p95)} ms`, '(info)', ''],
  ['3', `Cold: ingest all ${session.length} entries (${(sessionBytes / 1e6).toFixed(1)} MB)`, `${fmt(coldIngestMs)} ms`, '(info)', ''],
  ['3', 'Cold: ingest + build + write', `${fmt(coldTotalMs)} ms (${coldRes.status})`, '(info)', ''],
  ['5', `In the extension: checkpoint coordinator per new JSONL row, ${C.n} rows (load, feed, triggers; state saved every 2 s) (median / p95)`, `${fmt(C.median)} / ${fmt(C.p95)} ms`, `≤ ${TARGET.rowMs} ms`, C.p95 <= TARGET.rowMs ? 'PASS' : 'FAIL'],
  ['5', '… the model refresh that read the row (median / p95); first activity (catch-up on the active path)', `${fmt(stats(refreshMs).median)} / ${fmt(stats(refreshMs).p95)} ms; ${fmt(firstActivityMs)} ms`, '(info)', ''],
  ['4', `Render the injection (${Math.round(rendered.tokens)} tokens, claude family; median of 50)`, `${fmt(stats(renderMs).median)} ms`, '≤ 700 tokens', rendered.tokens <= 700 ? 'PASS' : 'FAIL'],
];
const width = [2, Math.max(...rows.map((r) => r[1].length)), Math.max(...rows.map((r) => r[2].length)), 12, 4];
console.log(`\nCheckpoint engine — Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ${fsType} (${dir}), load ${load0.toFixed(2)} → ${os.loadavg()[0].toFixed(2)}`);
console.log(`Session: ${session.length} entries, ${tokens.toLocaleString('en')} tokens, ${(sessionBytes / 1e6).toFixed(1)} MB; checkpoint ${lastBytes} B (${path.basename(lastFile)}): ${latest.decisions.length} decisions, ${latest.resources.files_read.length}+${latest.resources.files_modified.length} files, ${latest.resources.tools_used.length} tools, ${latest.open_items.length} open items, ${latest.thread.key_exchanges.length} exchanges\n`);
for (const r of rows) console.log(r.map((c, i) => (i === 1 ? c.padEnd(width[1]) : i === 2 ? c.padEnd(width[2]) : i === 3 ? c.padEnd(width[3]) : c)).join('  '));
const json = opt('--json');
if (json) {
  fs.writeFileSync(
    json,
    JSON.stringify(
      {
        node: process.version,
        cpus: os.cpus().length,
        cpu: os.cpus()[0]?.model,
        fs: fsType,
        load: [load0, os.loadavg()[0]],
        session: { entries: session.length, tokens, bytes: sessionBytes },
        checkpointBytes: lastBytes,
        writeMs: W,
        writeNoSyncMs: stats(writeNoSyncMs),
        parts: Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, stats(v)])),
        rowMs: R,
        rowSaveMs: RS,
        coldIngestMs,
        coldTotalMs,
        renderMs: stats(renderMs),
        coordinatorRowMs: C,
        modelRefreshRowMs: stats(refreshMs),
        firstActivityMs,
        renderTokens: rendered.tokens,
      },
      null,
      2,
    ) + '\n',
  );
}
if (!args.includes('--keep')) fs.rmSync(dir, { recursive: true, force: true });
else log(`kept ${dir}`);
