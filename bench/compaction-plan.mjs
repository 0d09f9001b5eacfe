#!/usr/bin/env node
// OpenClaw-shaped compaction benchmark (issue 4): planCompaction (pi's cut, the mechanical summary under
// OpenClaw's safeguard headings, OpenClaw's audit, the quality report) on a ~200k-token session, and the
// extension's preview → write path (Compact Session…), counting the store reads the write makes. It
// reports; it asserts nothing.
//
//   npx tsc -p . && node scripts/with-node24.mjs --expose-gc bench/compaction-plan.mjs
//                 [--tokens N] [--runs N] [--iterations N] [--no-sqlite] [--json file] [--keep]
//
// Uses the compiled code in out/src/core (run `npx tsc -p .` first). Needs Node 24 for the SQLite part
// (node:sqlite, zstd); with an older Node the SQLite state dir is skipped. Data is generated
// deterministically (seeded PRNG) in a temp dir, deleted at the end unless --keep.
//
// Targets: (1) mechanical compaction of a ~200k-token session ≤ 30 ms (median and p95);
// (2) preview-to-write adds no second full read of the session: between the preview's one read of the
// path (`loadEntries`) and the end of the write, no store `loadEntries` call (the write uses the plan's
// entry as is). The write's own checks under the lock are counted too and reported beside it.
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(root, 'out', 'src', 'core');
if (!fs.existsSync(path.join(OUT, 'compaction', 'plan.js'))) {
  console.error('bench/compaction-plan.mjs: out/src/core/compaction/plan.js is missing; run `npx tsc -p .` first');
  process.exit(1);
}
const { planCompaction } = require(path.join(OUT, 'compaction', 'plan.js'));
const { findCut, DEFAULT_KEEP_RECENT_TOKENS } = require(path.join(OUT, 'compaction', 'cutPoint.js'));
const { compactionInputFromEntries, projectEntryMessage } = require(path.join(OUT, 'compaction', 'summary', 'input.js'));
const { buildMechanicalSummary, auditMechanicalSummary } = require(path.join(OUT, 'compaction', 'summary', 'mechanical.js'));
const { extractCompactionFacts } = require(path.join(OUT, 'compaction', 'summary', 'facts.js'));
const { compactionQualityReport } = require(path.join(OUT, 'compaction', 'quality.js'));
const { openclawEstimateTokens } = require(path.join(OUT, 'compaction', 'openclaw', 'estimate.js'));
const { estimateMessage } = require(path.join(OUT, 'tokens', 'messageText.js'));
const { ContextModel, sessionUid } = require(path.join(OUT, 'context', 'model.js'));
const { appendToSession } = require(path.join(OUT, 'store', 'sessionWrite.js'));
const { JsonlSessionStore } = require(path.join(OUT, 'store', 'jsonlStore.js'));
const { SqliteSessionStore } = require(path.join(OUT, 'store', 'sqliteStore.js'));
const fsMod = require('node:fs'); // the module object the compiled code reads through (patched to count bytes)

const args = process.argv.slice(2);
const opt = (f, d) => {
  const i = args.indexOf(f);
  return i >= 0 ? args[i + 1] : d;
};
const TARGET_TOKENS = Number(opt('--tokens', 200_000));
const RUNS = Number(opt('--runs', 40));
const ITER = Number(opt('--iterations', 10));
const WINDOW = 200_000;
const TARGET_MS = 30;
const log = (m) => console.error(m);
let sqliteMod;
try {
  sqliteMod = args.includes('--no-sqlite') || typeof zlib.zstdCompressSync !== 'function' ? undefined : require('node:sqlite');
} catch {
  sqliteMod = undefined;
}

// ------------------------------------------------------------------ data (deterministic)
let seed = 0xc0a1e5;
const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
const int = (a, b) => a + Math.floor(rand() * (b - a + 1));
const pick = (a) => a[Math.floor(rand() * a.length)];
const hex = (n) => {
  let s = '';
  while (s.length < n) s += Math.floor(rand() * 0x100000000).toString(16).padStart(8, '0');
  return s.slice(0, n);
};
const uuid = () => {
  const h = hex(32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const WORDS = 'the parser config deploy window retry budget cache layer request handler migration schema index token context session checkpoint release branch review test build staging production rollback metrics latency queue worker'.split(' ');
const ZH = '解析 配置 部署 窗口 重试 预算 缓存 请求 迁移 索引 会话 检查点 发布 分支 测试 构建 回滚 指标 延迟 队列'.split(' ');
let zhRate = 0.08;
const sentence = (n) => Array.from({ length: n }, () => (rand() < zhRate ? pick(ZH) : pick(WORDS))).join(' ');
const ascii = (f) => (...a) => {
  const keep = zhRate;
  zhRate = 0;
  try {
    return f(...a);
  } finally {
    zhRate = keep;
  }
};
const FILES = Array.from({ length: 160 }, (_, i) => `src/${pick(WORDS)}/${pick(WORDS)}-${i}.ts`);
const code = ascii((lines) =>
  Array.from({ length: lines }, (_, i) =>
    `${String(i + 1).padStart(6)}\t${i % 12 === 0 ? '' : i % 12 === 1 ? `export function ${pick(WORDS)}${i}(opts: Options): Result {` : `  const ${pick(WORDS)}${i} = await ${pick(WORDS)}.${pick(WORDS)}(${i}); // ${sentence(4)}`}`,
  ).join('\n'),
);
const logLines = ascii((n) => Array.from({ length: n }, (_, i) => `[${String(i).padStart(5, '0')}] ${pick(['INFO', 'WARN', 'DEBUG'])} ${sentence(8)}`).join('\n'));

const SESSION_ID = 'c0000001-0000-4000-a000-000000000200';
let t = Date.UTC(2026, 8, 1, 9);
let parent = null;
let ctxTokens = 9000; // system prompt + bootstrap, for the usage figures
const stamp = () => new Date((t += int(300, 9000))).toISOString();
const entry = (type, extra) => {
  const e = { type, id: uuid(), parentId: parent, timestamp: stamp(), ...extra };
  parent = e.id;
  return e;
};
const MODEL = { api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-6' };
const usage = (out) => ({ input: ctxTokens, output: out, cacheRead: 0, cacheWrite: 0, totalTokens: ctxTokens + out, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } });
const userMsg = (text, runId) => entry('message', { message: { role: 'user', content: text, timestamp: t, idempotencyKey: `${runId}:user`, __openclaw: { senderIsOwner: true } } });
const assistantMsg = (content, stopReason, runId) =>
  entry('message', { message: { role: 'assistant', content, ...MODEL, usage: usage(int(20, 600)), stopReason, timestamp: t, responseId: `msg_${hex(20)}`, __openclaw: { runId } } });
const toolResultMsg = (name, callId, text, details, isError, runId) =>
  entry('message', { message: { role: 'toolResult', toolCallId: callId, toolName: name, content: [{ type: 'text', text }], details, isError, timestamp: t, __openclaw: { runId } } });

function userText() {
  const r = rand();
  if (r < 0.2) return pick(['ok', 'yes, go', '可以', 'B please', 'ship it', 'continue']);
  if (r < 0.32) return `${sentence(int(15, 40))}\n- [ ] ${sentence(6)} in ${pick(FILES)}`;
  if (r < 0.4) return `Let's go with ${pick(WORDS)} ${pick(WORDS)}: ${sentence(int(10, 25))}. Don't touch ${pick(FILES)}.`;
  if (r < 0.46) return `${sentence(int(10, 20))}\n\`\`\`\n${logLines(int(5, 25))}\n\`\`\``;
  return `${sentence(int(15, 70))} (see ${pick(FILES)})?`;
}
function assistantText() {
  const r = rand();
  const parts = [sentence(int(20, 120))];
  if (r < 0.4) parts.push('```ts\n' + code(int(6, 30)) + '\n```');
  if (rand() < 0.25) parts.push(`Decision: use ${pick(WORDS)} ${pick(WORDS)} for ${pick(FILES)} because ${sentence(8)}.`);
  if (rand() < 0.2) parts.push(`TODO: ${sentence(int(4, 9))} (${pick(FILES)})`);
  if (rand() < 0.3) parts.push(`Next: ${sentence(int(5, 12))}?`);
  return parts.join('\n\n');
}

/** One turn: the user asks, a tool loop (read / edit / exec; some long outputs), the answer. */
function* turn() {
  const runId = uuid();
  yield userMsg(userText(), runId);
  for (let i = int(0, 4); i > 0; i--) {
    const callId = `toolu_${hex(20)}`;
    const k = rand();
    const content = [];
    if (rand() < 0.3) content.push({ type: 'thinking', thinking: sentence(int(20, 120)), thinkingSignature: hex(88) });
    if (rand() < 0.35) content.push({ type: 'text', text: sentence(int(6, 20)) });
    if (k < 0.4) {
      const p = pick(FILES);
      content.push({ type: 'toolCall', id: callId, name: 'read', arguments: { path: p } });
      yield assistantMsg(content, 'toolUse', runId);
      const text = code(rand() < 0.05 ? int(600, 900) : int(20, 250));
      yield toolResultMsg('read', callId, text, { kind: 'text', path: p }, false, runId);
    } else if (k < 0.62) {
      const p = pick(FILES);
      content.push({ type: 'toolCall', id: callId, name: 'edit', arguments: { path: p, oldText: sentence(int(4, 30)), newText: sentence(int(4, 40)) } });
      yield assistantMsg(content, 'toolUse', runId);
      yield toolResultMsg('edit', callId, `Successfully replaced text in ${p}.`, { diff: `@@ -${int(1, 400)},3 +${int(1, 400)},4 @@\n-${sentence(5)}\n+${sentence(6)}` }, false, runId);
    } else {
      const fail = rand() < 0.15;
      const long = rand() < 0.06;
      const cmd = pick([`npm test -- ${pick(WORDS)}`, `npx tsc -p . 2>&1 | tail -n ${int(20, 200)}`, `git diff --stat`, `rg -n ${pick(WORDS)} src`, `cat logs/${pick(WORDS)}.log`]);
      content.push({ type: 'toolCall', id: callId, name: 'exec', arguments: { command: cmd } });
      yield assistantMsg(content, 'toolUse', runId);
      const text = fail ? `Error: ${sentence(8)}\n${logLines(int(5, 40))}\nexit code 1` : logLines(long ? int(400, 700) : int(5, 80));
      yield toolResultMsg('exec', callId, text, { status: 'completed', exitCode: fail ? 1 : 0, exitSignal: null, durationMs: int(5, 9000), aggregated: text, cwd: '/home/dev/workspace' }, fail, runId);
    }
    if (rand() < 0.3) yield entry('custom', { customType: 'openclaw.cache-ttl', data: { prunedToolResults: [], frozenToolResults: [{ key: `tool:${callId}:${t}`, sourceHash: hex(43) }] } });
  }
  yield assistantMsg([{ type: 'text', text: assistantText() }], 'stop', runId);
}

const PRIOR_SUMMARY = () =>
  [
    '## Decisions',
    `- Use ${pick(WORDS)} ${pick(WORDS)} in ${pick(FILES)}`,
    `- ${sentence(10)}`,
    '',
    '## Open TODOs',
    `- ${sentence(8)} (${pick(FILES)})`,
    '',
    '## Constraints/Rules',
    `- Don't touch ${pick(FILES)}`,
    '',
    '## Pending user asks',
    `- ${sentence(12)}`,
    '',
    '## Exact identifiers',
    ...Array.from({ length: 6 }, () => `- ${pick(FILES)}`),
    '',
    '## Done',
    ...Array.from({ length: 8 }, () => `- ${sentence(10)}`),
  ].join('\n');

// The session: a header, ~40k tokens of early turns, a compaction (keeping the last two turns), then turns
// until the active context (the compaction's summary + everything from its first kept entry) reaches the
// target by the calibrated estimator (o200k).
const entries = [{ type: 'session', version: 4, id: SESSION_ID, timestamp: new Date(t).toISOString(), cwd: '/home/dev/workspace' }];
const push = (e) => (entries.push(e), e);
push(entry('model_change', { provider: 'anthropic', modelId: 'claude-sonnet-4-6' }));
push(entry('thinking_level_change', { thinkingLevel: 'low' }));
const userIds = [];
const msgTokens = new Map();
const addTurn = () => {
  let tok = 0;
  for (const e of turn()) {
    push(e);
    if (e.type === 'message') {
      const n = Math.round(estimateMessage(e.message, 'o200k'));
      msgTokens.set(e.id, n);
      tok += n;
      ctxTokens += n;
      if (e.message.role === 'user') userIds.push(e.id);
    }
  }
  return tok;
};
let early = 0;
while (early < 40_000) early += addTurn();
const firstKept = userIds[userIds.length - 2];
const priorSummary = PRIOR_SUMMARY();
push(entry('compaction', { summary: priorSummary, firstKeptEntryId: firstKept, tokensBefore: ctxTokens, tokensAfter: 0, details: { readFiles: [], modifiedFiles: [] } }));
let active = Math.round(estimateMessage({ role: 'user', content: priorSummary }, 'o200k'));
for (let i = entries.findIndex((e) => e.id === firstKept); i < entries.length; i++) active += msgTokens.get(entries[i].id) ?? 0;
ctxTokens = 9000 + active;
while (active < TARGET_TOKENS) active += addTurn();
const lastUsage = ctxTokens;
const lines = entries.map((e) => JSON.stringify(e));
const jsonlText = lines.map((l, i) => (i === 0 ? JSON.stringify({ ...entries[0], version: 3 }) : l)).join('\n') + '\n';
const jsonlBytes = Buffer.byteLength(jsonlText);
const messages = entries.filter((e) => e.type === 'message').length;

// ------------------------------------------------------------------ helpers
const gc = globalThis.gc ?? (() => {});
const q = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
};
const stats = (xs) => (xs.length ? { median: q(xs, 0.5), p95: q(xs, 0.95), max: Math.max(...xs), n: xs.length } : { median: NaN, p95: NaN, max: NaN, n: 0 });
const fmt = (x) => (!Number.isFinite(x) ? '–' : x < 0.1 ? x.toFixed(3) : x < 10 ? x.toFixed(2) : x.toFixed(1));
const mb = (b) => `${(b / 1e6).toFixed(2)} MB`;
const time = (f) => {
  const a = performance.now();
  const r = f();
  return [performance.now() - a, r];
};
const timeAsync = async (f) => {
  const a = performance.now();
  const r = await f();
  return [performance.now() - a, r];
};
const fsyncFile = (file) => {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
};

// Store reads, counted on the classes' prototypes so the writer's own store instances are seen too.
const probe = { on: false, calls: [], bytes: 0 };
for (const [era, C] of [
  ['jsonl', JsonlSessionStore],
  ['sqlite', SqliteSessionStore],
]) {
  for (const m of ['readTranscript', 'loadEntries']) {
    const orig = C.prototype[m];
    C.prototype[m] = function (...a) {
      if (!probe.on) return orig.apply(this, a);
      const s = performance.now();
      try {
        return orig.apply(this, a);
      } finally {
        probe.calls.push({ era, method: m, full: m === 'readTranscript' ? a[1] === undefined : undefined, entries: m === 'loadEntries' ? a[1]?.length : undefined, ms: performance.now() - s });
      }
    };
  }
}
// Bytes read through node:fs (JSONL; SQLite reads inside its engine and is not seen here).
for (const m of ['readSync', 'readFileSync']) {
  const orig = fsMod[m];
  fsMod[m] = function (...a) {
    const r = orig.apply(this, a);
    if (probe.on) probe.bytes += typeof r === 'number' ? r : r?.length ?? 0;
    return r;
  };
}
const probed = (f) => {
  probe.on = true;
  probe.calls = [];
  probe.bytes = 0;
  const done = () => {
    probe.on = false;
    return { calls: probe.calls, bytes: probe.bytes };
  };
  try {
    const r = f();
    if (r && typeof r.then === 'function') return r.then((v) => [v, done()], (e) => (done(), Promise.reject(e)));
    return [r, done()];
  } catch (e) {
    done();
    throw e;
  }
};
const countOf = (calls, method, full) => calls.filter((c) => c.method === method && (full === undefined || c.full === full)).length;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'occtx-bench-plan-'));
const sysTmp = path.join(dir, 'systmp'); // the ownership check's temp dir (no Gateway lock dirs there)
fs.mkdirSync(sysTmp);
let fsType = '?';
try {
  fsType = execFileSync('df', ['-T', dir], { encoding: 'utf8' }).trim().split('\n')[1]?.split(/\s+/)[1] ?? '?';
} catch {
  /* not everywhere */
}
const load0 = os.loadavg()[0];
const KEY = 'agent:main:bench-compact';
const benchEnv = { vars: {}, homedir: os.homedir(), exists: (p) => fs.existsSync(p) };

// ------------------------------------------------------------------ state dirs
// JSONL era: agents/main/sessions/sessions.json + <sessionId>.jsonl (version-3 header)
const jsonlDir = path.join(dir, 'jsonl');
const sessionsDir = path.join(jsonlDir, 'agents', 'main', 'sessions');
fs.mkdirSync(sessionsDir, { recursive: true });
fs.writeFileSync(path.join(jsonlDir, 'openclaw.json'), '{}\n');
const jsonlFile = path.join(sessionsDir, `${SESSION_ID}.jsonl`);
fs.writeFileSync(jsonlFile, jsonlText);
const updatedAt = Date.parse(entries[entries.length - 1].timestamp);
const jsonlRow = { sessionId: SESSION_ID, sessionFile: `${SESSION_ID}.jsonl`, updatedAt, totalTokens: lastUsage, totalTokensFresh: true, inputTokens: lastUsage, contextTokens: WINDOW, modelProvider: 'anthropic', model: 'claude-sonnet-4-6', compactionCount: 1 };
fs.writeFileSync(path.join(sessionsDir, 'sessions.json'), JSON.stringify({ [KEY]: jsonlRow }, null, 2));
fsyncFile(jsonlFile);

// SQLite era (optional): a copy of the real OpenClaw 2026.9.6 agent DB (WAL) + this session, rows stored
// as OpenClaw stores them (bench/lib/generate.mjs encodeRow) with their transcript_event_identities rows.
let sqlite;
if (sqliteMod) {
  const gen = await import('./lib/generate.mjs');
  const realGz = path.join(root, 'test', 'fixtures', 'openclaw-real', 'state', 'agents', 'main', 'agent', 'openclaw-agent.sqlite.gz');
  const sqliteDir = path.join(dir, 'sqlite');
  const agentDir = path.join(sqliteDir, 'agents', 'main', 'agent');
  fs.mkdirSync(agentDir, { recursive: true });
  fs.writeFileSync(path.join(sqliteDir, 'openclaw.json'), '{}\n');
  const dbFile = path.join(agentDir, 'openclaw-agent.sqlite');
  fs.writeFileSync(dbFile, zlib.gunzipSync(fs.readFileSync(realGz)));
  const db = new sqliteMod.DatabaseSync(dbFile);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
  const tmplEntry = JSON.parse(db.prepare("SELECT entry_json FROM session_nodes WHERE session_key = 'agent:main:main'").get().entry_json);
  const tmplWin = { ...db.prepare("SELECT * FROM session_windows WHERE session_key = 'agent:main:main'").get() };
  const sEntry = gen.sessionEntry(tmplEntry, { sessionId: SESSION_ID, key: KEY, updatedAt, totalTokens: lastUsage, window: WINDOW, compactions: 1, displayName: 'bench-compact' });
  sEntry.modelProvider = 'anthropic';
  sEntry.model = 'claude-sonnet-4-6';
  const created = Date.parse(entries[0].timestamp);
  db.exec('BEGIN');
  db.prepare('INSERT INTO session_nodes (session_key, current_session_id, entry_json, updated_at, status, created_at, display_name) VALUES (?, ?, ?, ?, ?, ?, ?)').run(KEY, SESSION_ID, JSON.stringify(sEntry), updatedAt, 'done', created, 'bench-compact');
  const w = { ...tmplWin, session_id: SESSION_ID, session_key: KEY, created_at: created, updated_at: updatedAt, transcript_updated_at: updatedAt, transcript_observed_at: updatedAt, started_at: created, ended_at: updatedAt, display_name: 'bench-compact', primary_conversation_id: null };
  const cols = Object.keys(w);
  db.prepare(`INSERT INTO session_windows (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`).run(...cols.map((c) => w[c]));
  const insEvent = db.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_zstd, event_utf8_bytes, navigation_json) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const insId = db.prepare('INSERT INTO transcript_event_identities (session_id, event_id, seq, event_type, parent_id, message_idempotency_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  let zstdRows = 0;
  entries.forEach((e, seq) => {
    const row = gen.encodeRow(e, lines[seq]);
    if (row.zstd) zstdRows++;
    const at = Date.parse(e.timestamp);
    insEvent.run(SESSION_ID, seq, row.json, at, row.zstd, row.bytes, row.nav);
    insId.run(SESSION_ID, e.id, seq, e.type, e.parentId ?? null, e.message?.idempotencyKey ?? null, at);
  });
  db.exec('COMMIT');
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
  fsyncFile(dbFile);
  sqlite = { dir: sqliteDir, dbFile, maxSeq: entries.length - 1, zstdRows };
}

log(
  `session: ${entries.length} entries (${messages} messages), ~${active.toLocaleString('en')} tokens in the active context (calibrated o200k; one earlier compaction), ` +
    `${mb(jsonlBytes)} of JSONL; ${dir} (${fsType})${sqlite ? `; SQLite: ${sqlite.zstdRows} of ${entries.length} rows zstd` : '; SQLite skipped'}`,
);

// ------------------------------------------------------------------ the extension's path, one era
/** Compact Session… as src/vscode/compaction/compaction.ts runs it, with the prompts answered "Compact". */
async function extensionPath(era, stateDir, restore) {
  const rows = [];
  for (let i = 0; i <= ITER; i++) {
    // a fresh model each time: the Sessions view's first read of the session is cold
    gc();
    const model = new ContextModel({ stateDirs: [{ dir: stateDir, configPath: path.join(stateDir, 'openclaw.json'), source: 'bench' }], env: benchEnv });
    const [refreshMs] = time(() => model.refresh(true));
    const uid = sessionUid(stateDir, 'main', KEY);
    // the read the Sessions view / gauge already did
    const [ensureMs, [s, ensureIo]] = time(() => probed(() => model.ensureTranscript(uid)));
    if (!s?.context) throw new Error(`${era}: session ${KEY} not read`);
    const ctxPath = s.context.path;
    // the preview's one read of the active path
    const [loadMs, [full, loadIo]] = time(() => probed(() => model.loadEntries(uid, ctxPath)));
    // the plan (what the preview shows and the write writes)
    const keepCfg = model.stateDirs().find((d) => d.candidate.dir === s.stateDir)?.config.value?.agents?.defaults?.compaction?.keepRecentTokens;
    const [planMs, r] = time(() => planCompaction({ path: ctxPath, full, tokensBefore: s.figures.used, keepRecentTokens: typeof keepCfg === 'number' && keepCfg > 0 ? keepCfg : undefined }));
    if (!r.ok) throw new Error(`${era}: nothing to compact: ${r.reason}`);
    const plan = r.plan;
    // confirm → write exactly plan.entry
    const target = model.writeTarget(uid);
    const [writeMs, [res, writeIo]] = await timeAsync(() => probed(() => appendToSession(target, [plan.entry], { ownership: { probePort: false, tmpDir: sysTmp } })));
    if (!res.ok) throw new Error(`${era}: write refused: ${res.code}: ${res.message}`);
    // what the extension does next (refreshNow): the model picks up the new entry
    const [afterMs] = time(() => model.refresh());
    const s2 = model.get(uid);
    const ok = s2?.context?.compaction?.id === res.written[0].id && s2.context.items.length === plan.after.length;
    rows.push({
      refreshMs,
      ensureMs,
      loadMs,
      planMs,
      writeMs,
      afterMs,
      previewToWriteMs: loadMs + planMs + writeMs,
      ensureIo: { calls: ensureIo.calls.map((c) => `${c.method}${c.full ? '(full)' : ''}`), bytes: ensureIo.bytes },
      loadIo: { loadEntries: countOf(loadIo.calls, 'loadEntries'), readTranscript: countOf(loadIo.calls, 'readTranscript'), entries: ctxPath.length, bytes: loadIo.bytes },
      writeIo: {
        loadEntries: countOf(writeIo.calls, 'loadEntries'),
        readTranscript: countOf(writeIo.calls, 'readTranscript'),
        readTranscriptFull: countOf(writeIo.calls, 'readTranscript', true),
        readTranscriptMs: writeIo.calls.filter((c) => c.method === 'readTranscript').reduce((a, c) => a + c.ms, 0),
        bytes: writeIo.bytes,
      },
      pathEntries: ctxPath.length,
      tokensBefore: plan.entry.tokensBefore,
      tokensAfter: plan.entry.tokensAfter,
      quality: { before: plan.quality.tokensBefore, after: plan.quality.tokensAfter, summary: plan.quality.summaryTokens, kept: plan.quality.keptTokens },
      gaugeAfter: s2?.figures.used,
      gaugeAfterSource: s2?.figures.usedSource,
      estimateAfter: s2?.figures.calibrated?.tokens,
      summaryChars: plan.summary.length,
      summaryBytes: Buffer.byteLength(plan.summary),
      audit: plan.audit,
      readBack: ok,
      written: res.written[0].id,
    });
    model.dispose?.();
    restore();
  }
  return { first: rows[0], rows: rows.slice(1) };
}

const jsonlSize = fs.statSync(jsonlFile).size;
const restoreJsonl = () => {
  fs.truncateSync(jsonlFile, jsonlSize);
  fsyncFile(jsonlFile);
};
const restoreSqlite = () => {
  const db = new sqliteMod.DatabaseSync(sqlite.dbFile);
  db.exec('BEGIN');
  db.prepare('DELETE FROM transcript_event_identities WHERE session_id = ? AND seq > ?').run(SESSION_ID, sqlite.maxSeq);
  db.prepare('DELETE FROM transcript_events WHERE session_id = ? AND seq > ?').run(SESSION_ID, sqlite.maxSeq);
  db.exec('COMMIT');
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
};

const paths = { jsonl: await extensionPath('jsonl', jsonlDir, restoreJsonl) };
if (sqlite) paths.sqlite = await extensionPath('sqlite', sqlite.dir, restoreSqlite);

// ------------------------------------------------------------------ 1. planCompaction alone (cold: fresh copies of the loaded JSON)
// The path and its JSON as the preview has them (one JSONL read); each run gets a structuredClone of the
// JSON (outside the timing), so the per-message token caches start empty, as after a real loadEntries.
const model = new ContextModel({ stateDirs: [{ dir: jsonlDir, configPath: path.join(jsonlDir, 'openclaw.json'), source: 'bench' }], env: benchEnv });
model.refresh(true);
const uid = sessionUid(jsonlDir, 'main', KEY);
const st = model.ensureTranscript(uid);
const ctxPath = st.context.path;
const full0 = model.loadEntries(uid, ctxPath);
const tokensBefore = st.figures.used;
for (let i = 0; i < 3; i++) planCompaction({ path: ctxPath, full: structuredClone(full0), tokensBefore }); // JIT warm-up
const planCold = [];
const planColdCpu = []; // process CPU time (user + system, all threads): less sensitive to other load than wall time
const planWarm = [];
const parts = { tokens: [], cut: [], input: [], summary: [], audit: [], quality: [], facts: [] };
let plan;
for (let i = 0; i < RUNS; i++) {
  const full = structuredClone(full0);
  gc();
  const c0 = process.cpuUsage();
  const [ms, r] = time(() => planCompaction({ path: ctxPath, full, tokensBefore }));
  const c1 = process.cpuUsage(c0);
  planCold.push(ms);
  planColdCpu.push((c1.user + c1.system) / 1000);
  plan = r.plan;
  const [ms2] = time(() => planCompaction({ path: ctxPath, full, tokensBefore })); // same objects again: caches warm
  planWarm.push(ms2);
}
// the parts, in planCompaction's order, on fresh copies
for (let i = 0; i < RUNS; i++) {
  const full = structuredClone(full0);
  gc();
  const [a, tokenOf] = time(() => {
    const m = new Map();
    ctxPath.forEach((e, j) => {
      const msg = projectEntryMessage(full[j]);
      m.set(e.id, msg ? openclawEstimateTokens(msg) : 0);
    });
    return m;
  });
  const [b, cutR] = time(() => findCut(ctxPath, DEFAULT_KEEP_RECENT_TOKENS, (e) => tokenOf.get(e.id) ?? e.tokens));
  const [c, ci] = time(() => compactionInputFromEntries(full, cutR.plan.firstKeptEntryId));
  const [d, mech] = time(() => buildMechanicalSummary(ci));
  const [e] = time(() => auditMechanicalSummary(mech));
  const [f] = time(() => compactionQualityReport({ dropped: [...ci.messages, ...(ci.turnPrefixMessages ?? [])], summary: mech.summary, kept: ci.keptMessages, ...(ci.previousSummary ? { previousSummary: ci.previousSummary } : {}) }));
  parts.tokens.push(a);
  parts.cut.push(b);
  parts.input.push(c);
  parts.summary.push(d);
  parts.audit.push(e);
  parts.quality.push(f);
  // the fact extraction (decisions, TODOs, asks, identifiers of the dropped messages) both the summary and the quality report run
  const again = compactionInputFromEntries(structuredClone(full0), cutR.plan.firstKeptEntryId);
  gc();
  const [g] = time(() => extractCompactionFacts([...again.messages, ...(again.turnPrefixMessages ?? [])], again.previousSummary));
  parts.facts.push(g);
}

// ------------------------------------------------------------------ report
const P = stats(planCold);
const PW = stats(planWarm);
const PC = stats(planColdCpu);
const pass1 = P.median <= TARGET_MS && P.p95 <= TARGET_MS;
const m = (era, k) => stats(paths[era].rows.map((r) => r[k]));
const allWrites = Object.values(paths).flatMap((p) => [p.first, ...p.rows]);
const loadEntriesInWrite = Math.max(...allWrites.map((r) => r.writeIo.loadEntries));
const pass2 = loadEntriesInWrite === 0 && allWrites.every((r) => r.loadIo.loadEntries === 1 && r.loadIo.readTranscript === 0 && r.readBack);
const cutPlan = plan.cut;
const rowsOut = [
  ['1', `planCompaction, ${ctxPath.length}-entry path, cold (fresh JSON each run) (median / p95 / max of ${P.n})`, `${fmt(P.median)} / ${fmt(P.p95)} / ${fmt(P.max)} ms`, `≤ ${TARGET_MS} ms`, pass1 ? 'PASS' : 'FAIL'],
  ['1', '… its CPU time (process, all threads) (median / p95)', `${fmt(PC.median)} / ${fmt(PC.p95)} ms`, '(info)', ''],
  ['1', '… warm (same JSON again: token caches hit) (median / p95)', `${fmt(PW.median)} / ${fmt(PW.p95)} ms`, '(info)', ''],
  [
    '1',
    '… parts (median): OpenClaw token counts / cut / input / summary / audit / quality',
    `${fmt(stats(parts.tokens).median)} / ${fmt(stats(parts.cut).median)} / ${fmt(stats(parts.input).median)} / ${fmt(stats(parts.summary).median)} / ${fmt(stats(parts.audit).median)} / ${fmt(stats(parts.quality).median)} ms`,
    '(info)',
    '',
  ],
  ['1', '… of which extractCompactionFacts over the dropped messages (inside both summary and quality) (median)', `${fmt(stats(parts.facts).median)} ms`, '(info)', ''],
];
for (const era of Object.keys(paths)) {
  const p = paths[era];
  const r0 = p.rows[0];
  const E = (k) => m(era, k);
  const med = (k) => fmt(E(k).median);
  const wr = p.rows.map((r) => r.writeIo);
  const le = Math.max(...wr.map((w) => w.loadEntries));
  const rtf = Math.max(...wr.map((w) => w.readTranscriptFull));
  const rt = Math.max(...wr.map((w) => w.readTranscript));
  rowsOut.push(
    ['2', `${era}: Sessions view's read, ensureTranscript (median / p95; first ${fmt(p.first.ensureMs)}) [${r0.ensureIo.calls.join(', ')}${era === 'jsonl' ? `, ${mb(r0.ensureIo.bytes)}` : ''}]`, `${med('ensureMs')} / ${fmt(E('ensureMs').p95)} ms`, '(info)', ''],
    ['2', `${era}: preview's read, loadEntries(${r0.pathEntries} path entries) (median / p95)${era === 'jsonl' ? ` [${mb(r0.loadIo.bytes)}]` : ''}`, `${med('loadMs')} / ${fmt(E('loadMs').p95)} ms`, '(info)', ''],
    ['2', `${era}: planCompaction in the path (median / p95)`, `${med('planMs')} / ${fmt(E('planMs').p95)} ms`, '(info)', ''],
    ['2', `${era}: write plan.entry, appendToSession (median / p95 / max)`, `${med('writeMs')} / ${fmt(E('writeMs').p95)} / ${fmt(E('writeMs').max)} ms`, '(info)', ''],
    ['2', `${era}: preview-to-write = loadEntries + plan + write (median / p95)`, `${med('previewToWriteMs')} / ${fmt(E('previewToWriteMs').p95)} ms`, '(info)', ''],
    [
      '2',
      `${era}: store reads during the write: loadEntries / readTranscript (full)${era === 'jsonl' ? ' / bytes read' : ''}`,
      `${le} / ${rt} (${rtf})${era === 'jsonl' ? ` / ${mb(Math.max(...wr.map((w) => w.bytes)))} of ${mb(jsonlSize)}` : ''}`,
      'loadEntries 0',
      le === 0 ? 'PASS' : 'FAIL',
    ],
  );
  if (rt) rowsOut.push(['2', `${era}: … of the write, the writer's own readTranscript under the lock (median)`, `${fmt(stats(wr.map((w) => w.readTranscriptMs)).median)} ms`, '(info)', '']);
  rowsOut.push(['2', `${era}: refresh that picks up the written entry (median); read back = preview "after"`, `${med('afterMs')} ms; ${p.rows.every((r) => r.readBack) && p.first.readBack ? 'yes' : 'NO'}`, '(info)', '']);
}
const width = [2, Math.max(...rowsOut.map((r) => r[1].length)), Math.max(...rowsOut.map((r) => r[2].length)), 13, 4];
const q0 = plan.quality;
console.log(`\nOpenClaw-shaped compaction (planCompaction) — Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ${fsType}, load ${load0.toFixed(2)} → ${os.loadavg()[0].toFixed(2)}`);
console.log(
  `Session: ${entries.length} entries (${messages} messages, one earlier compaction), ${mb(jsonlBytes)} JSONL; active context ~${active.toLocaleString('en')} tokens (calibrated o200k), gauge ${Math.round(tokensBefore).toLocaleString('en')} (OpenClaw's fresh figure) of ${WINDOW.toLocaleString('en')}`,
);
console.log(
  `Plan: cut at ${cutPlan.firstKeptEntryId}${cutPlan.isSplitTurn ? ' (split turn)' : ''}, ${plan.input.messages.length} messages summarised${plan.input.turnPrefixMessages?.length ? ` + ${plan.input.turnPrefixMessages.length} turn prefix` : ''}, ${plan.input.keptMessages.length} kept; ` +
    `summary ${plan.summary.length.toLocaleString('en')} chars (${Buffer.byteLength(plan.summary).toLocaleString('en')} B, ~${q0.summaryTokens.toLocaleString('en')} tokens); audit ${plan.audit.ok ? 'ok' : `FAILED: ${plan.audit.reasonCodes.join(', ')}`}`,
);
console.log(
  `Tokens: entry tokensBefore ${plan.entry.tokensBefore.toLocaleString('en')} → tokensAfter ${plan.entry.tokensAfter.toLocaleString('en')} (pi chars/4); quality ${q0.tokensBefore.toLocaleString('en')} → ${q0.tokensAfter.toLocaleString('en')} (×${q0.compressionRatio.toFixed(1)}, −${(q0.reduction * 100).toFixed(1)} %); ` +
    `survival: decisions ${q0.decisions.kept}/${q0.decisions.found}, TODOs ${q0.todos.kept}/${q0.todos.found}, identifiers ${q0.identifiers.kept}/${q0.identifiers.found}, asks ${q0.asks.kept}/${q0.asks.found}` +
    (paths.jsonl.rows[0].gaugeAfter !== undefined
      ? `; after the write: gauge ${Math.round(paths.jsonl.rows[0].gaugeAfter).toLocaleString('en')} (${paths.jsonl.rows[0].gaugeAfterSource}), calibrated estimate of the context ~${Math.round(paths.jsonl.rows[0].estimateAfter ?? NaN).toLocaleString('en')}`
      : ''),
);
console.log(`Extension path: ${ITER} iterations per era after a first one that is reported apart (a fresh ContextModel each time; each write is undone after it)\n`);
for (const r of rowsOut) console.log(r.map((c, i) => (i === 1 ? c.padEnd(width[1]) : i === 2 ? c.padEnd(width[2]) : i === 3 ? c.padEnd(width[3]) : c)).join('  '));
console.log(`\ntarget 1: mechanical compaction ≤ ${TARGET_MS} ms, median and p95 (cold ${fmt(P.median)} / ${fmt(P.p95)} ms) → ${pass1 ? 'PASS' : 'FAIL'}`);
const jw = paths.jsonl.rows.map((r) => r.writeIo);
console.log(
  `target 2: no second full read between preview and write: the preview read the path once (loadEntries ×1), the write called loadEntries ×${loadEntriesInWrite} → ${pass2 ? 'PASS' : 'FAIL'}` +
    (Math.max(...jw.map((w) => w.readTranscriptFull)) ? ` (note: the JSONL writer re-indexes the whole transcript under the lock to check the leaf and firstKeptEntryId: readTranscript(full) ×${Math.max(...jw.map((w) => w.readTranscriptFull))}, ${mb(Math.max(...jw.map((w) => w.bytes)))} read, ${fmt(stats(jw.map((w) => w.readTranscriptMs)).median)} ms)` : ''),
);

const json = opt('--json');
if (json) {
  const cpus = os.cpus();
  fs.writeFileSync(
    json,
    JSON.stringify(
      {
        generatedAt: new Date().toISOString(),
        machine: { node: process.version, cpus: cpus.length, cpuModel: cpus[0]?.model ?? '?', fs: fsType, loadAvg1mAtStart: load0, loadAvg1m: os.loadavg()[0] },
        data: { entries: entries.length, messages, activeTokens: active, jsonlBytes, window: WINDOW, gaugeTokens: tokensBefore, sqliteZstdRows: sqlite?.zstdRows, pathEntries: ctxPath.length },
        targetMs: TARGET_MS,
        plan: {
          cold: P,
          coldCpu: PC,
          warm: PW,
          parts: Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, stats(v)])),
          firstKeptEntryId: cutPlan.firstKeptEntryId,
          isSplitTurn: cutPlan.isSplitTurn,
          summarised: plan.input.messages.length,
          kept: plan.input.keptMessages.length,
          summaryChars: plan.summary.length,
          summaryBytes: Buffer.byteLength(plan.summary),
          audit: plan.audit,
          entryTokens: { before: plan.entry.tokensBefore, after: plan.entry.tokensAfter },
          quality: { ...q0, decisions: { found: q0.decisions.found, kept: q0.decisions.kept }, todos: { found: q0.todos.found, kept: q0.todos.kept }, identifiers: { found: q0.identifiers.found, kept: q0.identifiers.kept }, asks: { found: q0.asks.found, kept: q0.asks.kept } },
        },
        extensionPath: Object.fromEntries(
          Object.entries(paths).map(([era, p]) => [
            era,
            {
              ...Object.fromEntries(['refreshMs', 'ensureMs', 'loadMs', 'planMs', 'writeMs', 'previewToWriteMs', 'afterMs'].map((k) => [k, m(era, k)])),
              gaugeAfter: { used: p.rows[0].gaugeAfter, source: p.rows[0].gaugeAfterSource, calibratedEstimate: p.rows[0].estimateAfter },
              first: { ensureMs: p.first.ensureMs, loadMs: p.first.loadMs, planMs: p.first.planMs, writeMs: p.first.writeMs },
              ensureIo: p.rows[0].ensureIo,
              loadIo: p.rows[0].loadIo,
              writeIo: p.rows.map((r) => r.writeIo),
              readBack: p.first.readBack && p.rows.every((r) => r.readBack),
            },
          ]),
        ),
        pass: { target1: pass1, target2: pass2 },
      },
      null,
      2,
    ) + '\n',
  );
  log(`wrote ${json}`);
}
if (!args.includes('--keep')) fs.rmSync(dir, { recursive: true, force: true });
else log(`kept ${dir}`);
