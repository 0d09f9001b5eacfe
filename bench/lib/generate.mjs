// Data generation for the benchmark. Deterministic (seeded PRNG), written into a temp dir.
//
// - sqlite/: a copy of the real OpenClaw 2026.9.6 agent DB (WAL mode) plus one ~100 MiB session
//   (`agent:main:bench-100mb`), rows stored the way OpenClaw 2026.9.6 stores them: `event_zstd`
//   (zstd level 1 + checksum, with `navigation_json`) when the event is ≥ 1024 bytes, has no `\u`
//   escape or NUL, is not the header and compression saves ≥ max(64, 10%) bytes; else `event_json`.
// - jsonl/: a JSONL-era state dir with the same session as `<sessionId>.jsonl` (version 3 header).
// - many/: one state dir with 10 agents × 100 sessions (small transcripts, fresh totals).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { DatabaseSync } from 'node:sqlite';

export const BENCH_KEY = 'agent:main:bench-100mb';
const MiB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// PRNG and text pools

export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = (arr) => arr[Math.floor(next() * arr.length)];
  const hex = (n) => {
    let s = '';
    while (s.length < n) s += Math.floor(next() * 0x100000000).toString(16).padStart(8, '0');
    return s.slice(0, n);
  };
  const uuid = () => {
    const h = hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
  return { next, int, pick, hex, uuid };
}

const WORDS = (
  'the a build server parser config session agent context window token cache request response deploy rollback owner ' +
  'window tuesday friday schedule queue worker retry timeout failure success latency budget estimate summary compaction ' +
  'memory flush checkpoint transcript branch leaf parent child index cursor offset inode stream buffer chunk line row ' +
  'table column schema migration version header payload event message assistant user tool result output input usage ' +
  'model provider route prompt system bootstrap workspace file directory path module function class method interface ' +
  'type value error warning info debug trace span metric counter gauge histogram percentile median throughput bytes ' +
  'database sqlite journal write ahead log page vacuum pragma transaction snapshot reader writer lock mutex thread ' +
  'async await promise callback handler listener emitter watcher debounce refresh render view tree item label ' +
  'description tooltip icon color theme status bar command palette setting option flag argument parameter ' +
  'quick brown fox jumps over lazy dog while hums along remember ship order item price quantity customer invoice'
).split(' ');
const IDENTS = 'items total sum item price qty result rows row entry entries meta index cursor buf chunk offset size opts store model gauge ctx session sessions key value map set list out err data text json line lines parsed config window tokens usage'.split(' ');
const TYPES = 'string number boolean EntryMeta SessionRow Buffer Uint8Array Map<string, EntryMeta> TranscriptCursor Promise<void> void unknown'.split(' ');
const ZH = [
  '函数式编程强调不可变数据和纯函数，这使得并发推理更容易。',
  '日志显示在第三步失败：连接超时（timeout after 30s），需要重试机制。',
  '请用中文总结一下今天的进度，并给出更多示例。',
  '我已经理解了你的请求。',
  '上下文窗口快满了，建议先写检查点再压缩。',
  '数据库处于只读模式，读取时不会持有事务。',
  '这个会话的记录文件大约一百兆字节。',
  '增量刷新只读取新的行，不会重新解析整个文件。',
  '部署窗口是周二下午两点（UTC），回滚负责人是达娜。',
  '测试全部通过，但是性能基准还需要再确认一次。',
  '配置文件使用 JSON5 格式，支持注释和尾随逗号。',
  '请检查 src/core/store 目录下的读取器实现。',
  '压缩后的摘要保留了决策、待办事项和关键标识符。',
  '模型返回了工具调用，随后读取了文件内容。',
  '内存占用应该与最大的一行成正比，而不是与整个文件成正比。',
];
const LEVELS = ['INFO', 'INFO', 'INFO', 'DEBUG', 'WARN', 'ERROR'];
const SVCS = ['gateway', 'worker', 'scheduler', 'indexer', 'api', 'db'];

function makeText(r) {
  const sentence = (min, max) => {
    const n = r.int(min, max);
    const w = [];
    for (let i = 0; i < n; i++) w.push(r.pick(WORDS));
    const s = w.join(' ');
    return s[0].toUpperCase() + s.slice(1) + '.';
  };
  const codeLine = () => {
    const a = r.pick(IDENTS);
    const b = r.pick(IDENTS);
    const c = r.pick(IDENTS);
    const n = r.int(0, 4096);
    switch (r.int(0, 9)) {
      case 0:
        return `export function ${a}${r.int(1, 99)}(${b}: ${r.pick(TYPES)}, ${c}?: ${r.pick(TYPES)}): ${r.pick(TYPES)} {`;
      case 1:
        return `  const ${a} = ${b}.reduce((${c}, x) => ${c} + x.${r.pick(IDENTS)} * ${n}, 0);`;
      case 2:
        return `  if (${a}.length > ${n}) return ${b}.slice(0, ${r.int(1, 200)});`;
      case 3:
        return `  for (const ${a} of ${b}) ${c}.set(${a}.id, ${a});`;
      case 4:
        return `  // ${sentence(4, 12)}`;
      case 5:
        return `  await ${a}.${r.pick(['write', 'read', 'flush', 'apply', 'refresh'])}(${b}, { ${c}: ${n}, retry: ${r.int(0, 5)} });`;
      case 6:
        return `  ${a}.${b} = ${r.next() < 0.5 ? `'${r.pick(WORDS)}-${r.hex(6)}'` : n};`;
      case 7:
        return '}';
      case 8:
        return `  throw new Error(\`${sentence(3, 8)} \${${a}.${b}}\`);`;
      default:
        return `  return { ${a}, ${b}: ${c}.${r.pick(IDENTS)}?.${r.pick(IDENTS)} ?? ${n} };`;
    }
  };
  const iso = (t) => new Date(t).toISOString();
  let logT = Date.UTC(2026, 10, 1);
  const logLine = () => {
    logT += r.int(1, 5000);
    const lvl = r.pick(LEVELS);
    return `${iso(logT)} ${lvl.padEnd(5)} [${r.pick(SVCS)}-${r.int(1, 8)}] ${sentence(3, 10)} id=${r.hex(8)} took=${r.int(1, 3000)}ms path=/api/${r.pick(IDENTS)}/${r.int(1, 9999)}`;
  };
  const zhLine = () => {
    let s = '';
    const n = r.int(1, 3);
    for (let i = 0; i < n; i++) s += r.pick(ZH);
    return s;
  };
  const jsonRecord = () => ({
    id: `ORD-${r.int(1000, 9999)}`,
    status: r.pick(['shipped', 'pending', 'cancelled', 'returned']),
    customer: { name: r.pick(WORDS), tier: r.int(1, 4), note: r.next() < 0.2 ? r.pick(ZH) : sentence(2, 6) },
    items: Array.from({ length: r.int(1, 4) }, () => ({ sku: `${r.pick(['A', 'B', 'C', 'X'])}-${r.int(1, 99)}`, qty: r.int(1, 9), price: r.int(100, 99999) / 100 })),
    updatedAt: iso(Date.UTC(2026, 10, 1) + r.int(0, 1e9)),
  });
  const fill = (target, line) => {
    const out = [];
    let n = 0;
    while (n < target) {
      const l = line();
      out.push(l);
      n += Buffer.byteLength(l) + 1;
    }
    return out.join('\n');
  };
  /** A tool output of about `bytes` UTF-8 bytes, by tool kind. */
  const toolOutput = (tool, bytes) => {
    switch (tool) {
      case 'read':
        return fill(bytes, () => (r.next() < 0.08 ? `  // ${zhLine()}` : codeLine()));
      case 'exec':
        return fill(bytes, () => (r.next() < 0.05 ? `  ✓ ${sentence(3, 8)} (${r.int(1, 900)}ms)` : logLine()));
      case 'grep':
        return fill(bytes, () => `src/${r.pick(IDENTS)}/${r.pick(IDENTS)}.ts:${r.int(1, 900)}:${codeLine()}`);
      case 'http': {
        const recs = [];
        let n = 2;
        while (n < bytes) {
          const rec = JSON.stringify(jsonRecord(), null, 2);
          recs.push(rec);
          n += Buffer.byteLength(rec) + 2;
        }
        return `[${recs.join(',\n')}]`;
      }
      default: // web_fetch: prose, part Chinese
        return fill(bytes, () => (r.next() < 0.3 ? zhLine() : Array.from({ length: r.int(2, 6) }, () => sentence(6, 18)).join(' ')));
    }
  };
  const userText = () => {
    const p = r.next();
    if (p < 0.2) return zhLine();
    if (p < 0.3) return `${sentence(4, 12)} Here is the record:\n${JSON.stringify(jsonRecord())}`;
    if (p < 0.35) return `${sentence(4, 10)} The log:\n${fill(r.int(1000, 3000), logLine)}`;
    return Array.from({ length: r.int(1, 3) }, () => sentence(5, 20)).join(' ');
  };
  const assistantText = () => {
    const parts = [];
    const n = r.int(1, 5);
    for (let i = 0; i < n; i++) {
      const p = r.next();
      if (p < 0.2) parts.push(zhLine());
      else if (p < 0.35) parts.push('```ts\n' + fill(r.int(200, 1500), codeLine) + '\n```');
      else if (p < 0.45) parts.push('```json\n' + JSON.stringify(jsonRecord(), null, 2) + '\n```');
      else parts.push(Array.from({ length: r.int(1, 5) }, () => sentence(6, 20)).join(' '));
    }
    return parts.join('\n\n');
  };
  const summary = () =>
    [
      '## Decisions',
      ...Array.from({ length: r.int(2, 6) }, () => `- ${sentence(5, 14)}`),
      '## Open TODOs',
      ...Array.from({ length: r.int(1, 4) }, () => `- ${r.next() < 0.3 ? zhLine() : sentence(4, 10)}`),
      '## Constraints/Rules',
      `- ${sentence(5, 12)}`,
      '## Pending user asks',
      `- ${sentence(4, 10)}`,
      '## Exact identifiers',
      ...Array.from({ length: r.int(1, 5) }, () => `- ORD-${r.int(1000, 9999)} src/${r.pick(IDENTS)}.ts`),
    ].join('\n');
  return { sentence, toolOutput, userText, assistantText, summary, zhLine };
}

// ---------------------------------------------------------------------------------------------
// Transcript events (pi tree entries, shaped like the real OpenClaw 2026.9.6 rows)

const ZERO_COST = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 };
const TOOLS = ['read', 'exec', 'grep', 'http', 'web_fetch'];

/**
 * Calls `emit(event)` for each entry of a session whose event JSON totals about `targetBytes`.
 * Returns what the session row needs (last usage, compactions, last timestamp, leaf id).
 */
export function generateTranscript({ sessionId, targetBytes, seed, window = 200_000, emit, startTs = Date.UTC(2026, 10, 1, 8), toolBytes = [5 * 1024, 60 * 1024] }) {
  const r = rng(seed);
  const tx = makeText(r);
  let t = startTs;
  let parent = null;
  let bytes = 0;
  let ctx = 9000; // tokens in context (system prompt + bootstrap)
  let lastTotal = 0;
  let compactions = 0;
  const userIds = [];
  const stamp = () => {
    t += r.int(200, 20000);
    return new Date(t).toISOString();
  };
  const push = (e) => {
    bytes += emit(e); // emit returns the event's UTF-8 byte size
    if (e.id && e.type !== 'session') parent = e.id;
  };
  const entry = (type, extra) => ({ type, id: r.uuid(), parentId: parent, timestamp: stamp(), ...extra });
  push({ type: 'session', version: 4, id: sessionId, timestamp: new Date(t).toISOString(), cwd: '/home/dev/workspace' });
  push(entry('model_change', { provider: 'fake', modelId: 'scripted-1' }));
  push(entry('thinking_level_change', { thinkingLevel: 'off' }));
  push(entry('custom', { customType: 'model-snapshot', data: { timestamp: t, provider: 'fake', modelApi: 'openai-completions', modelId: 'scripted-1' } }));
  const usage = (input, output) => {
    lastTotal = input + output;
    return { input, output, cacheRead: 0, cacheWrite: 0, totalTokens: input + output, cost: ZERO_COST };
  };
  while (bytes < targetBytes) {
    if (ctx > window * 0.8 && userIds.length > 3) {
      // Preflight auto-compaction before the next turn (so a turn always follows it): keeps the last two turns.
      const s = tx.summary();
      push(entry('compaction', { summary: s, firstKeptEntryId: userIds[userIds.length - 2], tokensBefore: ctx, details: { readFiles: [], modifiedFiles: [] } }));
      compactions++;
      ctx = 9000 + Math.ceil(s.length / 4) + r.int(4000, 20000);
    }
    const runId = r.uuid();
    const user = entry('message', {
      message: { role: 'user', content: tx.userText(), timestamp: t, idempotencyKey: `${runId}:user`, __openclaw: { senderIsOwner: true } },
    });
    user.message.timestamp = Date.parse(user.timestamp);
    push(user);
    userIds.push(user.id);
    ctx += Math.ceil(user.message.content.length / 4);
    const toolCalls = r.next() < 0.75 ? r.int(1, 3) : 0;
    for (let i = 0; i < toolCalls; i++) {
      const tool = r.pick(TOOLS);
      const callId = `call_${r.hex(12)}`;
      const args =
        tool === 'read'
          ? { path: `src/${tx.sentence(1, 1).toLowerCase().replace('.', '')}.ts` }
          : tool === 'exec'
            ? { command: `npm test -- --grep ${r.hex(6)} 2>&1 | tail -n ${r.int(100, 2000)}` }
            : tool === 'grep'
              ? { pattern: tx.sentence(1, 2).toLowerCase().replace('.', ''), path: 'src' }
              : { url: `https://example.invalid/api/${r.hex(8)}` };
      const content = [];
      if (r.next() < 0.4) content.push({ type: 'text', text: tx.sentence(6, 16) });
      content.push({ type: 'toolCall', id: callId, name: tool, arguments: args });
      const a = entry('message', {
        message: {
          role: 'assistant',
          content,
          api: 'openai-completions',
          provider: 'fake',
          model: 'scripted-1',
          usage: usage(ctx, r.int(10, 80)),
          stopReason: 'toolUse',
          timestamp: 0,
          responseId: `chatcmpl-${r.hex(16)}`,
          __openclaw: { runId },
        },
      });
      a.message.timestamp = Date.parse(a.timestamp);
      push(a);
      const outBytes = r.int(toolBytes[0], toolBytes[1]);
      const out = tx.toolOutput(tool, outBytes);
      const details =
        tool === 'read'
          ? { kind: 'text', content: out }
          : tool === 'exec'
            ? { status: 'completed', exitCode: 0, exitSignal: null, exitReason: 'exit', durationMs: r.int(5, 9000), aggregated: out, noOutputTimedOut: false, cwd: '/home/dev/workspace' }
            : { status: 200, bytes: Buffer.byteLength(out), truncated: false };
      const res = entry('message', {
        message: { role: 'toolResult', toolCallId: callId, toolName: tool, content: [{ type: 'text', text: out }], details, isError: false, timestamp: 0, __openclaw: { runId } },
      });
      res.message.timestamp = Date.parse(res.timestamp);
      push(res);
      ctx += Math.ceil(out.length / 4) + 40;
      if (r.next() < 0.6)
        push(entry('custom', { customType: 'openclaw.cache-ttl', data: { prunedToolResults: [], ambiguousToolResultBaseKeys: [], frozenToolResults: [{ key: `tool:${callId}:${t}`, sourceHash: r.hex(43) }] } }));
    }
    const text = tx.assistantText();
    const fin = entry('message', {
      message: {
        role: 'assistant',
        content: [{ type: 'text', text }],
        api: 'openai-completions',
        provider: 'fake',
        model: 'scripted-1',
        usage: usage(ctx, Math.ceil(text.length / 4)),
        stopReason: 'stop',
        timestamp: 0,
        responseId: `chatcmpl-${r.hex(16)}`,
        __openclaw: { runId },
      },
    });
    fin.message.timestamp = Date.parse(fin.timestamp);
    push(fin);
    ctx += Math.ceil(text.length / 4);
  }
  return { bytes, lastTs: t, leafId: parent, compactions, lastTotal, window };
}

// ---------------------------------------------------------------------------------------------
// SQLite rows

const ZSTD_OPTS = { params: { [zlib.constants.ZSTD_c_compressionLevel]: 1, [zlib.constants.ZSTD_c_checksumFlag]: 1 } };

/** `navigation_json` shaped like the real rows (copied from the fixture, ids and sizes adapted). */
export function navigationJson(e, bytes) {
  const base = { type: e.type, id: e.id, parentId: e.parentId ?? null, timestamp: e.timestamp };
  const m = e.message;
  const runId = m?.__openclaw?.runId;
  const reportEntry = { ...base };
  if (m?.role === 'assistant') {
    if (runId) reportEntry.assistantRunId = runId;
    if (m.responseId) reportEntry.assistantResponseId = m.responseId;
  }
  const nav = { ...base };
  const reset = { ...base };
  const model = { ...base };
  if (m) {
    nav.message = { role: m.role, ...(runId ? { __openclaw: { runId } } : {}) };
    reset.message = { role: m.role };
    const { content: _c, details: _d, __openclaw: _o, usage: _u, ...rest } = m;
    model.message = { ...rest, content: [] };
  }
  return JSON.stringify({
    version: 1,
    report: { kind: 'canonical', hasParentId: e.parentId != null, entry: reportEntry },
    navigation: nav,
    reset,
    model,
    modelBytes: bytes,
    modelWithoutCheckpointBytes: bytes,
    withoutCustomDataBytes: bytes,
  });
}

/** The storage OpenClaw 2026.9.6 picks for one event (transcript-payload.ts rule). */
export function encodeRow(e, text) {
  const buf = Buffer.from(text, 'utf8');
  const bytes = buf.length;
  if (bytes >= 1024 && e.type !== 'session' && !text.includes('\\u') && !text.includes('\0')) {
    const z = zlib.zstdCompressSync(buf, ZSTD_OPTS);
    const nav = navigationJson(e, bytes);
    if (bytes - (z.length + Buffer.byteLength(nav)) >= Math.max(64, bytes * 0.1)) return { json: null, zstd: z, bytes, nav };
  }
  return { json: text, zstd: null, bytes, nav: null };
}

export function fsyncFile(file) {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function openWriter(file) {
  const db = new DatabaseSync(file); // foreign keys are enforced by default
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
  return db;
}

/** A session row (entry_json) shaped like the real `agent:main:main` one, adapted. */
export function sessionEntry(template, { sessionId, key, updatedAt, totalTokens, window, compactions, displayName }) {
  const e = structuredClone(template);
  e.sessionId = sessionId;
  e.updatedAt = updatedAt;
  e.sessionStartedAt = updatedAt - 3_600_000;
  e.lastInteractionAt = updatedAt;
  e.lastActivityAt = updatedAt;
  e.startedAt = updatedAt - 2000;
  e.endedAt = updatedAt;
  e.usageFamilyKey = key;
  e.usageFamilySessionIds = [sessionId];
  e.totalTokens = totalTokens;
  e.totalTokensFresh = true;
  e.inputTokens = totalTokens;
  e.contextTokens = window;
  e.compactionCount = compactions;
  if (displayName) e.displayName = displayName;
  else delete e.displayName;
  if (e.systemPromptReport) {
    e.systemPromptReport.sessionId = sessionId;
    e.systemPromptReport.sessionKey = key;
  }
  if (e.contextBudgetStatus) {
    Object.assign(e.contextBudgetStatus, {
      sessionId,
      updatedAt,
      estimatedPromptTokens: totalTokens,
      contextTokenBudget: window,
      promptBudgetBeforeReserve: window - Math.min(20_000, Math.floor(window / 4)),
      reserveTokens: Math.min(20_000, Math.floor(window / 4)),
      effectiveReserveTokens: Math.min(20_000, Math.floor(window / 4)),
      route: 'fits',
      shouldCompact: false,
    });
  }
  return e;
}

function insertSession(db, tmpl, { key, sessionId, entry, createdAt, updatedAt, displayName }) {
  db.prepare(
    'INSERT INTO session_nodes (session_key, current_session_id, entry_json, updated_at, status, created_at, display_name) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(key, sessionId, JSON.stringify(entry), updatedAt, 'done', createdAt, displayName ?? null);
  const w = { ...tmpl, session_id: sessionId, session_key: key, created_at: createdAt, updated_at: updatedAt, transcript_updated_at: updatedAt, transcript_observed_at: updatedAt, started_at: updatedAt - 2000, ended_at: updatedAt, display_name: displayName ?? null };
  const cols = Object.keys(w);
  db.prepare(`INSERT INTO session_windows (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`).run(...cols.map((c) => w[c]));
}

function readTemplates(dbFile) {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    const node = db.prepare("SELECT entry_json FROM session_nodes WHERE session_key = 'agent:main:main'").get();
    const win = db.prepare("SELECT * FROM session_windows WHERE session_key = 'agent:main:main'").get();
    return { entry: JSON.parse(node.entry_json), window: { ...win } };
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The three data sets

/**
 * Build sqlite/ and jsonl/ state dirs holding the same ~targetMiB session. Returns a manifest.
 */
export function generateBig({ root, realDbGz, configFile, targetMiB = 100, seed = 42 }) {
  const sqliteDir = path.join(root, 'sqlite');
  const jsonlDir = path.join(root, 'jsonl');
  const agentDir = path.join(sqliteDir, 'agents', 'main', 'agent');
  const sessionsDir = path.join(jsonlDir, 'agents', 'main', 'sessions');
  fs.mkdirSync(agentDir, { recursive: true });
  fs.mkdirSync(sessionsDir, { recursive: true });
  fs.copyFileSync(configFile, path.join(sqliteDir, 'openclaw.json'));
  fs.copyFileSync(configFile, path.join(jsonlDir, 'openclaw.json'));
  const dbFile = path.join(agentDir, 'openclaw-agent.sqlite');
  fs.writeFileSync(dbFile, zlib.gunzipSync(fs.readFileSync(realDbGz)));
  const tmpl = readTemplates(dbFile);

  const sessionId = 'b0000001-0000-4000-a000-000000000100';
  const db = openWriter(dbFile);
  const ins = db.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_zstd, event_utf8_bytes, navigation_json) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const jsonlFile = path.join(sessionsDir, `${sessionId}.jsonl`);
  const fd = fs.openSync(jsonlFile, 'w');
  let pending = [];
  let pendingBytes = 0;
  const flush = () => {
    if (!pending.length) return;
    fs.writeSync(fd, pending.join(''));
    pending = [];
    pendingBytes = 0;
  };
  let seq = 0;
  const stats = { rows: 0, zstdRows: 0, jsonRows: 0, eventBytes: 0, zstdBytes: 0, largestRow: 0, jsonlBytes: 0 };
  // Session rows first (foreign keys): placeholders, updated once the transcript is known.
  db.exec('BEGIN');
  insertSession(db, tmpl.window, { key: BENCH_KEY, sessionId, entry: {}, createdAt: Date.UTC(2026, 10, 1, 8), updatedAt: Date.UTC(2026, 10, 1, 8), displayName: 'bench-100mb' });
  const info = generateTranscript({
    sessionId,
    seed,
    targetBytes: targetMiB * MiB,
    emit: (e) => {
      const text = JSON.stringify(e);
      const row = encodeRow(e, text);
      ins.run(sessionId, seq++, row.json, Date.parse(e.timestamp), row.zstd, row.bytes, row.nav);
      stats.rows++;
      stats.eventBytes += row.bytes;
      if (row.bytes > stats.largestRow) stats.largestRow = row.bytes;
      if (row.zstd) {
        stats.zstdRows++;
        stats.zstdBytes += row.zstd.length;
      } else stats.jsonRows++;
      // JSONL era: same entries, version-3 header.
      const line = (e.type === 'session' ? JSON.stringify({ ...e, version: 3 }) : text) + '\n';
      pending.push(line);
      const lb = Buffer.byteLength(line);
      pendingBytes += lb;
      stats.jsonlBytes += lb;
      if (pendingBytes > 4 * MiB) flush();
      return row.bytes;
    },
  });
  flush();
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  const updatedAt = info.lastTs;
  const entry = sessionEntry(tmpl.entry, { sessionId, key: BENCH_KEY, updatedAt, totalTokens: info.lastTotal, window: info.window, compactions: info.compactions, displayName: 'bench-100mb' });
  db.prepare('UPDATE session_nodes SET entry_json = ?, updated_at = ? WHERE session_key = ?').run(JSON.stringify(entry), updatedAt, BENCH_KEY);
  db.prepare('UPDATE session_windows SET updated_at = ?, transcript_updated_at = ?, transcript_observed_at = ?, ended_at = ? WHERE session_id = ?').run(updatedAt, updatedAt, updatedAt, updatedAt, sessionId);
  db.exec('COMMIT');
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
  fs.writeFileSync(path.join(sessionsDir, 'sessions.json'), JSON.stringify({ [BENCH_KEY]: entry }, null, 2));
  fsyncFile(dbFile); // no write-back of freshly generated data while the reads are timed
  return {
    sessionId,
    key: BENCH_KEY,
    sqliteDir,
    jsonlDir,
    dbFile,
    jsonlFile,
    leafId: info.leafId,
    lastTs: info.lastTs,
    compactions: info.compactions,
    dbFileBytes: fs.statSync(dbFile).size,
    ...stats,
  };
}

/**
 * 10 agents × 100 sessions in one state dir, each agent with its own copy of the real DB schema
 * (the real rows removed), small transcripts and fresh totals.
 */
export function generateMany({ root, realDbGz, configFile, agents = 10, perAgent = 100, seed = 7 }) {
  const dir = path.join(root, 'many');
  fs.mkdirSync(dir, { recursive: true });
  const cfg = JSON.parse(fs.readFileSync(configFile, 'utf8'));
  const ids = Array.from({ length: agents }, (_, i) => `agent-${i}`);
  cfg.agents.entries = Object.fromEntries(ids.map((id) => [id, {}]));
  fs.writeFileSync(path.join(dir, 'openclaw.json'), JSON.stringify(cfg, null, 2));
  // Template: the real DB with its sessions removed (cascades to windows and transcripts).
  const template = path.join(root, 'empty-template.sqlite');
  fs.writeFileSync(template, zlib.gunzipSync(fs.readFileSync(realDbGz)));
  const tmpl = readTemplates(template);
  {
    const db = new DatabaseSync(template);
    db.exec('DELETE FROM session_nodes; DELETE FROM session_canonical_validation_pending; VACUUM;');
    db.close();
  }
  const r = rng(seed);
  const windows = [32_768, 128_000, 200_000, 1_000_000];
  let rows = 0;
  for (const id of ids) {
    const agentDir = path.join(dir, 'agents', id, 'agent');
    fs.mkdirSync(agentDir, { recursive: true });
    const dbFile = path.join(agentDir, 'openclaw-agent.sqlite');
    fs.copyFileSync(template, dbFile);
    const db = openWriter(dbFile);
    const ins = db.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_zstd, event_utf8_bytes, navigation_json) VALUES (?, ?, ?, ?, ?, ?, ?)');
    db.exec('BEGIN');
    for (let i = 0; i < perAgent; i++) {
      const key = `agent:${id}:s-${String(i).padStart(3, '0')}`;
      const sessionId = r.uuid();
      const startTs = Date.UTC(2026, 10, 1) + r.int(0, 20 * 86_400_000);
      const window = r.pick(windows);
      const displayName = r.next() < 0.5 ? `${r.pick(WORDS)} ${r.pick(WORDS)} ${i}` : undefined;
      insertSession(db, tmpl.window, { key, sessionId, entry: {}, createdAt: startTs, updatedAt: startTs, displayName });
      let seq = 0;
      const info = generateTranscript({
        sessionId,
        seed: seed * 1000 + rows,
        targetBytes: r.int(2_000, 8_000),
        toolBytes: [100, 1500],
        startTs,
        window,
        emit: (e) => {
          const text = JSON.stringify(e);
          const row = encodeRow(e, text);
          ins.run(sessionId, seq++, row.json, Date.parse(e.timestamp), row.zstd, row.bytes, row.nav);
          return row.bytes;
        },
      });
      // Spread the fresh totals over every gauge level.
      const total = Math.floor(window * r.pick([0.1, 0.3, 0.5, 0.72, 0.85, 0.97]));
      const entry = sessionEntry(tmpl.entry, { sessionId, key, updatedAt: info.lastTs, totalTokens: total, window, compactions: r.int(0, 3), displayName });
      db.prepare('UPDATE session_nodes SET entry_json = ?, updated_at = ? WHERE session_key = ?').run(JSON.stringify(entry), info.lastTs, key);
      rows++;
    }
    db.exec('COMMIT');
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    db.close();
    fsyncFile(dbFile);
  }
  fs.rmSync(template);
  return { dir, agents, sessions: rows };
}
