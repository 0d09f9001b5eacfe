/**
 * Class "fuzz": mutated state dirs × the read commands. A case is one mutation of a fixture state
 * (demo: SQLite agent main + JSONL agent legacy; real: the OpenClaw 2026.9.6 fixture) and one read
 * command, run in a child with a time and an RSS limit. It passes when the command does not crash, hang
 * or blow up its memory, says clearly what is wrong, changes nothing outside the state dir nor any
 * OpenClaw file in it, and (status / sessions) still lists the sessions of the agents the mutation did
 * not touch.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { baseline, caseRoot, clear, closedGatewayUrl, DEMO_MAIN_DB, diffSnap, judgeRun, LEGACY_MAIN_FILE, LEGACY_SESSIONS, LEGACY_WORK_FILE, listedAgents, mkfifo, rmRoot, rng, runCli, sentinelDiff, sentinelSnap, snapshot, sqlite } from './lib.mjs';
import { zstdBomb } from './zstd.mjs';

const MB = 1024 * 1024;
const MAIN_WORK_SID = '6f1431f6-0a9f-4bde-88bb-e32c2876f720';

export const BAD_TIMES = ['+275760-09-13T00:00:00.001Z', '-271821-04-20T00:00:00.000Z', 8.64e15 + 1, -8.64e15 - 1, 1e308, -1, 'yesterday', '', null, {}, [], '2026-13-45T99:99:99Z', Number.MAX_SAFE_INTEGER, '9'.repeat(400), '2026-11-21T15:40:51.202Z\u0000', true];
/** epoch-ms numbers a Date cannot hold */
const OUT_OF_RANGE = [8.64e15 + 1, -8.64e15 - 1, 1e308, 2 ** 63];
export const HOSTILE_KEYS = ['agent:legacy:../../../outside/x', 'agent:legacy:/etc/passwd', 'agent:legacy:' + 'k'.repeat(3000), 'agent:legacy:\u202egnp.exe', 'agent:legacy:\u{1F600}\u0301\uFFFF', 'agent:legacy:..\\..\\CON', '__proto__', 'constructor', 'agent:legacy:work\nagent:main:work', 'agent:legacy:\u0000nul', 'agent:legacy:%2e%2e%2f', ''];
const WRONG = [null, 42, -1, 1e400, '1e999', 'str', [], [1, [2, [3]]], {}, true, { __proto__: null }];

// ---------------------------------------------------------------------------------------------
// Building blocks

const readLines = (f) => fs.readFileSync(f, 'utf8').split('\n').filter((l) => l.trim());
function mutateEntries(file, r, fn) {
  const lines = readLines(file).map((l) => JSON.parse(l));
  fn(lines, r);
  fs.writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
}
/** a deeply nested JSON text: [[[[…]]]] or {"a":{"a":…}} */
export function deep(n, obj = false) {
  return obj ? '{"a":'.repeat(n) + '1' + '}'.repeat(n) : '['.repeat(n) + ']'.repeat(n);
}
const badUtf8 = (r) => Buffer.from(r.pick([[0xff], [0xc3, 0x28], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xfe, 0xfe, 0xff]]));

function withDb(c, fn) {
  const db = new (sqlite().DatabaseSync)(path.join(c.state, DEMO_MAIN_DB));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
/** a zstd row, most often one of agent:main:work (the session `show` reads) */
function zstdRow(db, r) {
  const rows = db.prepare('SELECT rowid, session_id, event_zstd FROM transcript_events WHERE event_zstd IS NOT NULL ORDER BY rowid').all();
  const work = rows.filter((x) => x.session_id === MAIN_WORK_SID);
  return r.chance(0.7) && work.length ? r.pick(work) : r.pick(rows);
}
function eventRows(db, sid = MAIN_WORK_SID) {
  return db.prepare('SELECT rowid, seq, event_json, event_zstd IS NOT NULL AS z FROM transcript_events WHERE session_id = ? ORDER BY seq').all(sid);
}
function mutateDbEntries(c, r, fn) {
  withDb(c, (db) => {
    const rows = eventRows(db).filter((x) => x.event_json);
    const objs = rows.map((x) => JSON.parse(x.event_json));
    fn(objs, r);
    const up = db.prepare('UPDATE transcript_events SET event_json = ?, event_utf8_bytes = ? WHERE rowid = ?');
    objs.forEach((o, i) => {
      const t = JSON.stringify(o);
      if (t !== rows[i].event_json) up.run(t, Buffer.byteLength(t), rows[i].rowid);
    });
  });
}

/** Entry-level mutations, shared by both eras. */
const ENTRY_MUTATIONS = {
  cycle(es, r) {
    const i = r.range(1, Math.max(1, es.length - 2));
    const j = r.chance(0.3) ? i : r.range(i, es.length - 1);
    es[i].parentId = es[j].id;
  },
  dupId(es, r) {
    const i = r.range(1, es.length - 1);
    es[r.range(1, es.length - 1)].id = es[i].id;
  },
  unknownType(es, r) {
    es[r.range(1, es.length - 1)].type = r.pick(['frobnicate', 42, null, '__proto__', 'constructor', '', 'x'.repeat(10_000), { a: 1 }, ['message']]);
  },
  badTime(es, r) {
    const e = es[r.range(0, es.length - 1)];
    e.timestamp = r.pick(BAD_TIMES);
    if (e.message && typeof e.message === 'object' && r.chance(0.5)) e.message.timestamp = r.pick(BAD_TIMES);
  },
  allBadTimes(es, r) {
    const t = r.pick(BAD_TIMES);
    for (const e of es) {
      e.timestamp = t;
      if (e.message && typeof e.message === 'object') e.message.timestamp = t;
    }
  },
  wrongTypes(es, r) {
    const e = es[r.range(1, es.length - 1)];
    const k = r.pick(['message', 'id', 'parentId', 'content', 'usage', 'summary', 'firstKeptEntryId', 'tokensBefore']);
    if (k === 'content' || k === 'usage') {
      if (e.message && typeof e.message === 'object') e.message[k] = r.pick(WRONG);
    } else e[k] = r.pick(WRONG);
  },
  protoKeys(es, r) {
    const e = es[r.range(1, es.length - 1)];
    Object.defineProperty(e, r.pick(['__proto__', 'constructor', 'prototype']), { value: { type: 'compaction', polluted: true, toString: 1 }, enumerable: true });
  },
  orphan(es, r) {
    es[r.range(1, es.length - 1)].parentId = 'no-such-entry-' + r.int(1e6);
  },
  bigNumbers(es, r) {
    const e = es.find((x) => x.message?.usage) ?? es[es.length - 1];
    if (e.message && typeof e.message === 'object') e.message.usage = { input: r.pick([1e308, -5, 2 ** 64, NaN]), output: 1e300, totalTokens: r.pick([1e308, -1, 1.5]) };
  },
};

// ---------------------------------------------------------------------------------------------
// Mutations: { name, hits: the agent it breaks ('main' | 'legacy' | null for config/workspace/context), big }

const POSITIONS = {
  config: { p: 'openclaw.json', hits: null },
  sessionsJson: { p: path.join(LEGACY_SESSIONS, 'sessions.json'), hits: 'legacy' },
  agentDb: { p: DEMO_MAIN_DB, hits: 'main' },
  transcript: { p: LEGACY_WORK_FILE, hits: 'legacy' },
  sessionsDir: { p: LEGACY_SESSIONS, hits: 'legacy' },
  agentDir: { p: path.join('agents', 'main', 'agent'), hits: 'main' },
  workspace: { p: 'workspace', hits: null },
  memoryMd: { p: path.join('workspace', 'MEMORY.md'), hits: null },
  memoryDir: { p: path.join('workspace', 'memory'), hits: null },
  dayLog: { p: path.join('workspace', 'memory', '2026-11-21.md'), hits: null },
  dreams: { p: path.join('workspace', 'DREAMS.md'), hits: null },
  context: { p: 'context', hits: null },
  checkpoints: { p: path.join('context', 'checkpoints'), hits: null },
  checkpointDir: { p: null, hits: null },
  checkpointFile: { p: null, hits: null },
  latest: { p: null, hits: null },
};
/** the checkpoint dir / file / _latest.json of agent:main:work in a case's state */
function checkpointPath(state, which) {
  const root = path.join(state, 'context', 'checkpoints');
  const dir = fs.readdirSync(root).find((d) => d.startsWith('agent_main_work-'));
  if (which === 'checkpointDir') return path.join(root, dir);
  return path.join(root, dir, which === 'latest' ? '_latest.json' : 'cp_001.yaml');
}
const posPath = (c, pos) => (POSITIONS[pos].p ? path.join(c.state, POSITIONS[pos].p) : checkpointPath(c.state, pos));

/** File kinds put in any position: FIFO, /dev/zero, /dev/urandom, loops, dangling, a dir, /etc/passwd, a link out. */
const KINDS = {
  fifo: (p) => (clear(p), mkfifo(p)),
  devZero: (p) => (clear(p), fs.symlinkSync('/dev/zero', p)),
  devUrandom: (p) => (clear(p), fs.symlinkSync('/dev/urandom', p)),
  selfLoop: (p) => (clear(p), fs.symlinkSync(path.basename(p), p)),
  loop2: (p) => (clear(p), fs.symlinkSync(p + '.b', p), fs.symlinkSync(p, p + '.b')),
  dangling: (p) => (clear(p), fs.symlinkSync(p + '.missing', p)),
  emptyDir: (p) => (clear(p), fs.mkdirSync(p)),
  etcPasswd: (p) => (clear(p), fs.symlinkSync('/etc/passwd', p)),
  linkOut: (p, c) => {
    const to = path.join(c.outside, 'moved-' + path.basename(p));
    // moved, not copied: what an earlier mutation put there may be a link loop, and fs.cpSync (C++ in Node 24)
    // aborts the whole process on one (seed 16002 stopped the full run at case 7,661 that way)
    if (fs.existsSync(to)) fs.rmSync(to, { recursive: true, force: true });
    fs.renameSync(p, to);
    fs.symlinkSync(to, p);
  },
  empty: (p) => (clear(p), fs.writeFileSync(p, '')),
};

function pickHuge(r, mode) {
  return mode === 'full' ? r.pick([3, 5, 12, 24, 50]) * MB : r.pick([3, 3, 5, 8, 50]) * MB;
}

export const MUTATIONS = [
  // file kinds in every position
  ...Object.keys(POSITIONS).flatMap((pos) =>
    Object.keys(KINDS).map((kind) => ({
      name: `kind:${pos}:${kind}`,
      hits: POSITIONS[pos].hits,
      apply: (c) => KINDS[kind](posPath(c, pos), c),
    })),
  ),
  // SQLite files
  { name: 'db:truncate', hits: 'main', apply: (c, r) => { const f = path.join(c.state, DEMO_MAIN_DB); const s = fs.statSync(f).size; fs.truncateSync(f, r.chance(0.5) ? r.int(s) : r.int(40) * 4096); } },
  { name: 'db:bitflip', hits: 'main', apply: (c, r) => { const f = path.join(c.state, DEMO_MAIN_DB); const b = fs.readFileSync(f); const n = r.range(1, 64); for (let i = 0; i < n; i++) { const o = r.chance(0.2) ? r.int(100) : r.int(b.length); b[o] ^= 1 << r.int(8); } fs.writeFileSync(f, b); } },
  { name: 'db:zeroPage', hits: 'main', apply: (c, r) => { const f = path.join(c.state, DEMO_MAIN_DB); const b = fs.readFileSync(f); const pg = r.int(Math.floor(b.length / 4096)); b.fill(0, pg * 4096, pg * 4096 + 4096); fs.writeFileSync(f, b); } },
  { name: 'db:garbageJournal', hits: 'main', apply: (c, r) => fs.writeFileSync(path.join(c.state, DEMO_MAIN_DB + '-journal'), r.bytes(r.range(1, 20000))) },
  { name: 'db:garbageWal', hits: 'main', apply: (c, r) => fs.writeFileSync(path.join(c.state, DEMO_MAIN_DB + '-wal'), r.bytes(r.range(1, 20000))) },
  // SQLite rows
  { name: 'row:zstdCorrupt', hits: 'main', apply: (c, r) => withDb(c, (db) => { const row = zstdRow(db, r); const b = Buffer.from(row.event_zstd); if (r.chance(0.5)) for (let i = 0; i < 8; i++) b[r.int(b.length)] ^= 0xff; else b.fill(r.int(256), 4); db.prepare('UPDATE transcript_events SET event_zstd = ? WHERE rowid = ?').run(b, row.rowid); }) },
  { name: 'row:zstdBomb', hits: 'main', big: true, apply: (c, r) => withDb(c, (db) => { const row = zstdRow(db, r); db.prepare('UPDATE transcript_events SET event_zstd = ?, event_utf8_bytes = ? WHERE rowid = ?').run(zstdBomb(r.pick([256, 1100]) * MB), r.pick([1, 200, 4096]), row.rowid); }) },
  { name: 'row:zstdSizeLie', hits: 'main', apply: (c, r) => withDb(c, (db) => db.prepare('UPDATE transcript_events SET event_utf8_bytes = ? WHERE rowid = ?').run(r.pick([1, 4194304, 3]), zstdRow(db, r).rowid)) },
  { name: 'row:badUtf8', hits: 'main', apply: (c, r) => withDb(c, (db) => { const row = r.pick(eventRows(db).filter((x) => x.event_json)); const b = Buffer.from(row.event_json); const o = r.int(b.length); db.prepare('UPDATE transcript_events SET event_json = CAST(? AS TEXT) WHERE rowid = ?').run(Buffer.concat([b.subarray(0, o), badUtf8(r), b.subarray(o)]), row.rowid); }) },
  { name: 'row:partialJson', hits: 'main', apply: (c, r) => withDb(c, (db) => { const row = r.pick(eventRows(db).filter((x) => x.event_json)); db.prepare('UPDATE transcript_events SET event_json = ? WHERE rowid = ?').run(row.event_json.slice(0, r.int(row.event_json.length)), row.rowid); }) },
  { name: 'row:huge', hits: 'main', big: true, apply: (c, r, mode) => withDb(c, (db) => { const row = r.pick(eventRows(db).filter((x) => x.event_json && x.event_json.includes('"role":"user"'))); const o = JSON.parse(row.event_json); o.message.content = [{ type: 'text', text: 'x'.repeat(pickHuge(r, mode)) }]; db.prepare('UPDATE transcript_events SET event_json = ? WHERE rowid = ?').run(JSON.stringify(o), row.rowid); }) },
  { name: 'row:deep', hits: 'main', apply: (c, r) => withDb(c, (db) => { const row = r.pick(eventRows(db).filter((x) => x.event_json)); db.prepare('UPDATE transcript_events SET event_json = ? WHERE rowid = ?').run(deep(r.pick([1000, 100_000, 1_000_000]), r.chance(0.5)), row.rowid); }) },
  ...Object.keys(ENTRY_MUTATIONS).map((k) => ({ name: `row:${k}`, hits: 'main', apply: (c, r) => mutateDbEntries(c, r, ENTRY_MUTATIONS[k]) })),
  { name: 'node:hostileKey', hits: 'main', apply: (c, r) => withDb(c, (db) => db.prepare("INSERT INTO session_nodes (session_key, current_session_id, entry_json, entry_valid, updated_at) SELECT ?, current_session_id, entry_json, entry_valid, updated_at FROM session_nodes WHERE session_key = 'agent:main:work'").run(r.pick(HOSTILE_KEYS).replace('legacy', 'main'))) },
  { name: 'node:badTimes', hits: 'main', apply: (c, r) => withDb(c, (db) => { const row = db.prepare("SELECT entry_json FROM session_nodes WHERE session_key = 'agent:main:work'").get(); const o = JSON.parse(row.entry_json); for (const k of ['sessionStartedAt', 'lastInteractionAt']) o[k] = r.pick(BAD_TIMES); o.updatedAt = r.pick(OUT_OF_RANGE); db.prepare("UPDATE session_nodes SET entry_json = ?, updated_at = ?, last_activity_at = ? WHERE session_key = 'agent:main:work'").run(JSON.stringify(o), r.pick([8.64e15 + 1, -8.64e15 - 1, 2 ** 53 - 1, 0]), r.pick([8.64e15 + 1, null, -1])); }) },
  { name: 'node:wrongEntry', hits: 'main', apply: (c, r) => withDb(c, (db) => db.prepare("UPDATE session_nodes SET entry_json = ? WHERE session_key = 'agent:main:work'").run(r.pick(['null', '[]', '42', '"x"', '{"sessionId":42}', '{"sessionId":"../../../outside"}', '{"__proto__":{"sessionId":"x"}}', deep(100_000, true), '{'])) ) },
  // JSONL transcripts
  { name: 'jsonl:truncate', hits: 'legacy', apply: (c, r) => { const f = path.join(c.state, LEGACY_WORK_FILE); fs.truncateSync(f, r.int(fs.statSync(f).size)); } },
  { name: 'jsonl:badUtf8', hits: 'legacy', apply: (c, r) => { const f = path.join(c.state, LEGACY_WORK_FILE); const b = fs.readFileSync(f); const parts = []; let last = 0; for (let i = 0, n = r.range(1, 8); i < n; i++) { const o = r.range(last, b.length - 1); parts.push(b.subarray(last, o), badUtf8(r)); last = o; } parts.push(b.subarray(last)); fs.writeFileSync(f, Buffer.concat(parts)); } },
  { name: 'jsonl:hugeLine', hits: 'legacy', big: true, apply: (c, r, mode) => { const f = path.join(c.state, LEGACY_WORK_FILE); const lines = readLines(f); const last = JSON.parse(lines.at(-1)); const e = { type: 'message', id: 'huge-' + r.int(1e6), parentId: last.id, timestamp: '2026-11-21T16:00:00.000Z', message: { role: 'user', content: 'y'.repeat(pickHuge(r, mode)), timestamp: 1795276800000 } }; fs.appendFileSync(f, JSON.stringify(e) + (r.chance(0.5) ? '\n' : '')); } },
  { name: 'jsonl:hugeNoNewline', hits: 'legacy', big: true, apply: (c, r, mode) => fs.appendFileSync(path.join(c.state, LEGACY_WORK_FILE), '{"type":"message","id":"p","message":{"content":"' + 'z'.repeat(pickHuge(r, mode))) },
  { name: 'jsonl:partial', hits: 'legacy', apply: (c, r) => fs.appendFileSync(path.join(c.state, LEGACY_WORK_FILE), r.pick(['{"type":"message","id":"partial","parentId":"x","mess', '{', '\n\n\n', '\u0000\u0000', ' '.repeat(100)])) },
  { name: 'jsonl:oddLines', hits: 'legacy', apply: (c, r) => { const f = path.join(c.state, LEGACY_WORK_FILE); const lines = readLines(f); lines.splice(r.range(1, lines.length - 1), 0, r.pick(['[]', 'null', '1e999', '"str"', 'true', '{}', '\ufeff{}', deep(100_000), deep(10_000, true), '{"type":"message"}\r', '{"__proto__":{"type":"compaction"}}'])); fs.writeFileSync(f, lines.join(r.chance(0.2) ? '\r\n' : '\n') + '\n'); } },
  { name: 'jsonl:bom', hits: 'legacy', apply: (c) => { const f = path.join(c.state, LEGACY_WORK_FILE); fs.writeFileSync(f, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), fs.readFileSync(f)])); } },
  ...Object.keys(ENTRY_MUTATIONS).map((k) => ({ name: `jsonl:${k}`, hits: 'legacy', apply: (c, r) => mutateEntries(path.join(c.state, r.chance(0.7) ? LEGACY_WORK_FILE : LEGACY_MAIN_FILE), r, ENTRY_MUTATIONS[k]) })),
  // sessions.json
  { name: 'sj:hostileKey', hits: 'legacy', apply: (c, r) => editJson(path.join(c.state, LEGACY_SESSIONS, 'sessions.json'), (o) => { const k = r.pick(HOSTILE_KEYS); Object.defineProperty(o, k, { value: { ...o['agent:legacy:work'] }, enumerable: true, configurable: true, writable: true }); }) },
  { name: 'sj:badRow', hits: 'legacy', apply: (c, r) => editJson(path.join(c.state, LEGACY_SESSIONS, 'sessions.json'), (o) => { const row = o['agent:legacy:work']; const k = r.pick(['sessionId', 'updatedAt', 'sessionFile', 'totalTokens', 'contextTokens', 'compactionCount', 'model']); row[k] = r.pick([...WRONG, ...BAD_TIMES, '../../../outside/target', '/etc/passwd', '../../main/agent/openclaw-agent.sqlite', '9335172d-fe7b-41f1-b0db-bad58368e4f9.jsonl/../../../../outside/target.jsonl']); }) },
  { name: 'sj:wholeFile', hits: 'legacy', apply: (c, r) => fs.writeFileSync(path.join(c.state, LEGACY_SESSIONS, 'sessions.json'), r.pick(['null', '[]', '42', '"x"', '', '{', deep(100_000, true), deep(200_000), '{"__proto__":{"agent:legacy:work":{"sessionId":"x"}}}', '{"constructor":{"prototype":{"polluted":1}}}', ' '.repeat(3 * MB) + '{}'])) },
  { name: 'sj:badUtf8', hits: 'legacy', apply: (c, r) => { const f = path.join(c.state, LEGACY_SESSIONS, 'sessions.json'); const b = fs.readFileSync(f); const o = r.int(b.length); fs.writeFileSync(f, Buffer.concat([b.subarray(0, o), badUtf8(r), b.subarray(o)])); } },
  // the config
  { name: 'cfg:deep', hits: null, apply: (c, r) => fs.writeFileSync(path.join(c.state, 'openclaw.json'), deep(r.pick([5000, 100_000, 1_000_000]), r.chance(0.5))) },
  { name: 'cfg:wrongType', hits: null, apply: (c, r) => editJson(path.join(c.state, 'openclaw.json'), (o) => setPath(o, r.pick([['agents'], ['agents', 'defaults'], ['agents', 'defaults', 'workspace'], ['agents', 'entries'], ['agents', 'entries', 'main'], ['agents', 'defaults', 'compaction'], ['agents', 'defaults', 'compaction', 'keepRecentTokens'], ['gateway'], ['gateway', 'port'], ['gateway', 'auth', 'token'], ['models', 'providers'], ['models', 'providers', 'fake', 'models'], ['models', 'providers', 'fake', 'models', 0, 'contextWindow'], ['session'], ['session', 'store']]), r.pick([...WRONG, ...BAD_TIMES]))) },
  { name: 'cfg:hugeNumbers', hits: null, apply: (c, r) => fs.writeFileSync(path.join(c.state, 'openclaw.json'), fs.readFileSync(path.join(c.state, 'openclaw.json'), 'utf8').replace(/: (\d+)/g, () => `: ${r.pick(['1e400', '-1e400', '18446744073709551617', '0', '-1', '1' + '0'.repeat(400), 'NaN', 'Infinity', '0x7fffffffffffffff'])}`)) },
  { name: 'cfg:protoKeys', hits: null, apply: (c, r) => { const t = fs.readFileSync(path.join(c.state, 'openclaw.json'), 'utf8'); const key = r.pick(['__proto__', 'constructor', 'prototype']); const inj = `"${key}": {"workspace": "${c.outside}", "polluted": true, "port": 1, "toString": 1, "prototype": {"x": 1}},`; const spots = [...t.matchAll(/\{\n/g)].map((m) => m.index); const at = r.pick(spots) + 2; fs.writeFileSync(path.join(c.state, 'openclaw.json'), t.slice(0, at) + inj + t.slice(at)); } },
  { name: 'cfg:workspaceOut', hits: null, apply: (c, r) => editJson(path.join(c.state, 'openclaw.json'), (o) => setPath(o, ['agents', 'defaults', 'workspace'], r.pick([c.outside, '/etc', '../outside', '~', '~/../../', '${env:HOME}/../outside', '/dev/zero', '/proc/self']))) },
  { name: 'cfg:hugeFile', hits: null, big: true, apply: (c, r, mode) => fs.writeFileSync(path.join(c.state, 'openclaw.json'), '// ' + 'c'.repeat(pickHuge(r, mode)) + '\n' + fs.readFileSync(path.join(c.state, 'openclaw.json'), 'utf8')) },
  { name: 'cfg:garbage', hits: null, apply: (c, r) => fs.writeFileSync(path.join(c.state, 'openclaw.json'), r.chance(0.5) ? r.bytes(r.range(1, 5000)) : r.pick(['', '{', '{ this is not: json5 ][', 'null', '[]', '"x"', '{"agents":{"entries":{"__proto__":{}}}}', '\ufeff{}', '/*'])) },
  // workspace and memory
  { name: 'ws:hugeMemory', hits: null, big: true, apply: (c, r, mode) => fs.writeFileSync(path.join(c.state, 'workspace', 'MEMORY.md'), '# M\n' + (r.chance(0.5) ? 'm'.repeat(pickHuge(r, mode)) : '- line\n'.repeat(Math.floor(pickHuge(r, mode) / 7)))) },
  { name: 'ws:badUtf8', hits: null, apply: (c, r) => { const f = path.join(c.state, 'workspace', r.pick(['MEMORY.md', 'AGENTS.md', 'SOUL.md', path.join('memory', '2026-11-21.md'), 'DREAMS.md'])); fs.writeFileSync(f, Buffer.concat([fs.readFileSync(f), badUtf8(r), Buffer.from('\n- tail\n')])); } },
  { name: 'ws:oddMarkdown', hits: null, apply: (c, r) => fs.writeFileSync(path.join(c.state, 'workspace', r.pick(['MEMORY.md', 'DREAMS.md', path.join('memory', '2026-11-21.md')])), r.pick(['[x](' + '('.repeat(100_000), '>'.repeat(100_000) + ' q', '<!-- openclaw-context:dreams:start -->\n'.repeat(1000), '### [dream-1] x\n- Status: accepted\n'.repeat(5000), '- [' + ']('.repeat(50_000), '```\n'.repeat(10_001)])) },
  { name: 'ws:manyDayLogs', hits: null, apply: (c, r) => { const d = path.join(c.state, 'workspace', 'memory'); for (let i = 0; i < 400; i++) fs.writeFileSync(path.join(d, `${r.pick(['2026', '0000', '9999', '+275760'])}-${String(r.range(0, 13)).padStart(2, '0')}-${String(r.range(0, 40)).padStart(2, '0')}.md`), '- x\n'); } },
  // our own files
  { name: 'ctx:yaml', hits: null, apply: (c, r) => fs.writeFileSync(checkpointPath(c.state, 'checkpointFile'), r.pick(['a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\ng: [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n', '!!js/function "function(){}"\n', '[' + '['.repeat(100_000), 'schema: 1\ncreatedAt: +275760-09-13T00:00:00.001Z\n', '\u0000\u0001', 'key: ' + 'v'.repeat(3 * MB), '__proto__: {polluted: true}\nid: ../../../outside/x\n'])) },
  { name: 'ctx:latest', hits: null, apply: (c, r) => fs.writeFileSync(checkpointPath(c.state, 'latest'), r.pick(['null', '[]', '{"id":"../../../outside/sentinel"}', '{"id":"/etc/passwd"}', '{"__proto__":{"id":"x"}}', deep(100_000, true), '{"id":42,"createdAt":"+275760-09-13T00:00:00.001Z"}', '{'])) },
  { name: 'ctx:stateJson', hits: null, apply: (c, r) => { const d = path.join(c.state, 'context', 'state'); const sub = fs.readdirSync(d)[0]; fs.writeFileSync(path.join(d, sub, r.pick(['thread.json', 'decisions.json', 'open_items.json', 'resources.json'])), r.pick(['null', '[', deep(100_000), '{"items":42}', '{"__proto__":{"items":[]}}'])); } },
  { name: 'ctx:manyCheckpoints', hits: null, apply: (c, r) => { const d = checkpointPath(c.state, 'checkpointDir'); const y = fs.readFileSync(path.join(d, 'cp_001.yaml')); for (let i = 2; i < 300; i++) fs.writeFileSync(path.join(d, `cp_${String(i).padStart(3, '0')}.yaml`), r.chance(0.9) ? y : r.bytes(100)); } },
];

function editJson(file, fn) {
  const o = JSON.parse(fs.readFileSync(file, 'utf8'));
  fn(o);
  fs.writeFileSync(file, JSON.stringify(o, null, 2));
}
function setPath(o, keys, v) {
  let cur = o;
  for (const k of keys.slice(0, -1)) {
    if (cur[k] === null || typeof cur[k] !== 'object') cur[k] = {};
    cur = cur[k];
  }
  cur[keys.at(-1)] = v;
}

// ---------------------------------------------------------------------------------------------
// The read commands

const READS = [
  ['status'], ['status', '--json'], ['sessions'], ['sessions', '--json'],
  ['show', 'agent:main:work'], ['show', 'agent:main:work', '--json', '--breakdown'], ['show', 'agent:legacy:work', '--json'], ['show', 'agent:legacy:work', '--breakdown'],
  ['memory', 'lint'], ['memory', 'lint', '--json'], ['doctor'], ['doctor', '--json'],
  ['checkpoint', 'list'], ['checkpoint', 'list', '--json'], ['checkpoint', 'show', 'agent:main:work', '--json'], ['tools', '--json'], ['memory', 'search', 'compaction', '--json'],
];
const LISTS = new Set(['status', 'sessions']);
/** the commands that read what a mutation breaks (a quarter of the cases take any read command) */
const STORE_READS = READS.filter((a) => ['status', 'sessions', 'show', 'tools'].includes(a[0]) || a[1] === 'search');
const WS_READS = READS.filter((a) => a[0] === 'memory' || a[0] === 'doctor' || a[0] === 'status');
const CTX_READS = READS.filter((a) => a[0] === 'checkpoint' || a[0] === 'status' || a[0] === 'show');
function readsFor(name) {
  const pos = name.startsWith('kind:') ? name.split(':')[1] : '';
  if (/^(row|node|db|jsonl|sj):/.test(name) || ['sessionsJson', 'agentDb', 'transcript', 'sessionsDir', 'agentDir'].includes(pos)) return STORE_READS;
  if (/^ws:/.test(name) || ['workspace', 'memoryMd', 'memoryDir', 'dayLog', 'dreams'].includes(pos)) return WS_READS;
  if (/^ctx:/.test(name) || ['context', 'checkpoints', 'checkpointDir', 'checkpointFile', 'latest'].includes(pos)) return CTX_READS;
  return READS;
}

/** Case n of a run with this seed: which base, mutation(s) and command (deterministic). */
export function fuzzSpec(seed, n, mode = 'bounded') {
  const r = rng(seed, 'fuzz', n);
  const base = r.chance(0.85) ? 'demo' : 'real';
  const pool = base === 'demo' ? MUTATIONS : MUTATIONS.filter((m) => m.hits !== 'legacy'); // the real fixture has no JSONL agent
  // a third of the cases put a hostile file kind somewhere, the rest mutate contents
  const kinds = pool.filter((m) => m.name.startsWith('kind:'));
  const contents = pool.filter((m) => !m.name.startsWith('kind:'));
  const one = () => (r.chance(0.35) ? r.pick(kinds) : r.pick(contents)).name;
  const muts = [one()];
  if (r.chance(0.15)) muts.push(one()); // sometimes two at once
  const reads = r.chance(0.25) ? READS : readsFor(muts[0]);
  const argv = r.pick(base === 'demo' ? reads : reads.filter((a) => !a.includes('agent:legacy:work')));
  return { class: 'fuzz', seed, n, mode, base, mutations: muts, mseed: `${seed}:${n}`, argv };
}

export async function runFuzz(spec, runMode) {
  const mode = spec.mode ?? runMode; // the sizes of the huge inputs depend on the mode the case was made in
  const muts = spec.mutations.map((n) => MUTATIONS.find((m) => m.name === n));
  if (muts.some((m) => !m)) return { problems: [{ kind: 'other', msg: `unknown mutation in ${spec.mutations}` }] };
  const base = await baseline(spec.base);
  const c = caseRoot(spec.base, 'fuzz');
  const problems = [];
  try {
    const r = rng(spec.mseed);
    // contents first, then file kinds; a second mutation that no longer applies (its file was replaced by
    // the first) is skipped — the first one must apply
    const ordered = [...muts].sort((a, b) => Number(a.name.startsWith('kind:')) - Number(b.name.startsWith('kind:')));
    const skipped = [];
    for (const [i, m] of ordered.entries()) {
      try {
        m.apply(c, r, mode);
      } catch (e) {
        if (i === 0) throw e;
        skipped.push(`${m.name}: ${String(e.message ?? e).split('\n')[0].slice(0, 100)}`);
      }
    }
    const before = sentinelSnap(c);
    const skip = (rel) => rel === 'context' || rel.startsWith('context' + path.sep) || rel.endsWith('-shm');
    const stateBefore = snapshot(c.state, skip);
    const big = muts.some((m) => m.big);
    const argv = [...spec.argv, '--state-dir', c.state, '--gateway', await closedGatewayUrl()];
    const json = argv.includes('--json');
    const res = await runCli(argv, c, { timeoutMs: big ? 30_000 : 8_000, rssMB: 1536 });
    problems.push(...judgeRun(res, { json }));
    if (/root:x:0:0/.test(res.out + res.err)) problems.push({ kind: 'secret', msg: 'printed the content of /etc/passwd' });
    for (const d of sentinelDiff(before, c)) problems.push({ kind: 'outside', msg: d });
    for (const d of diffSnap(stateBefore, snapshot(c.state, skip))) problems.push({ kind: 'other', msg: `a read changed the state dir: ${d}` });
    if (LISTS.has(spec.argv[0]) && !spec.argv.some((a) => a.startsWith('agent:')) && !res.timedOut && !res.memBlown) {
      const hit = new Set(muts.map((m) => m.hits));
      const listed = listedAgents(res, json);
      for (const [agent, n] of Object.entries(base)) {
        if (hit.has(agent) || hit.has(null)) continue; // the agent the mutation broke, or a config/workspace mutation
        if ((listed[agent] ?? 0) < n) problems.push({ kind: 'other', msg: `agent ${agent}'s ${n} good sessions not listed (${listed[agent] ?? 0}; exit ${res.code}: ${res.err.split('\n')[0].slice(0, 160)})` });
      }
    }
    return { problems, detail: { code: res.code, ms: res.ms, peakRssMB: res.peakRssMB, stderr: res.err.slice(0, 600), ...(skipped.length ? { skipped } : {}) } };
  } finally {
    rmRoot(c);
  }
}
