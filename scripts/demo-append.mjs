#!/usr/bin/env node
// Simulates one OpenClaw turn on a DEMO or TEST copy of a state dir, so the gauge can be watched
// moving. It writes the way OpenClaw 2026.9.6 does (openclaw-2026.9.6.md §6): one BEGIN IMMEDIATE
// transaction, transcript_events + transcript_event_identities, parentId = the active leaf, and the
// session row's totals. Never point it at a real state dir: it refuses unless the dir holds the
// marker file `.openclaw-context-demo` (written by scripts/demo.sh and the e2e harness).
//
// Needs Node ≥ 22.13 (node:sqlite).
//   node scripts/demo-append.mjs <stateDir> [--agent main] [--key agent:main:main] [--text "…"]
//        [--reply "…"] [--user-only] [--input <tokens>] [--compaction]
//   --input N      the assistant's usage.input (the session's new context figure) instead of old + text
//   --compaction   append a compaction entry (as OpenClaw's safeguard writes it: summary, firstKeptEntryId =
//                  the last user message, tokensBefore = the row's total) and count it in the row
import { existsSync, readFileSync, renameSync, writeFileSync, openSync, fsyncSync, closeSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

const args = process.argv.slice(2);
const stateDir = args[0];
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
if (!stateDir || !existsSync(join(stateDir, '.openclaw-context-demo'))) {
  console.error('usage: demo-append.mjs <demo-or-test-state-dir> [...]\nRefusing: the dir has no .openclaw-context-demo marker (this tool only writes to demo/test copies).');
  process.exit(2);
}
const agent = opt('agent', 'main');
const key = opt('key', `agent:${agent}:main`);
const text = opt('text', `Demo turn at ${new Date().toISOString()}: how full is the context now?`);
const reply = opt('reply', 'The gauge in the status bar shows it. '.repeat(20).trim());
const userOnly = args.includes('--user-only');
const compaction = args.includes('--compaction');
const inputOpt = opt('input') !== undefined ? Number(opt('input')) : undefined;
if (inputOpt !== undefined && !(Number.isInteger(inputOpt) && inputOpt > 0)) {
  console.error('--input must be a positive integer');
  process.exit(2);
}
const compactionEntry = (parentId, firstKeptEntryId, tokensBefore) => ({
  type: 'compaction', id: randomUUID().slice(0, 8), parentId, timestamp: new Date(now + 3).toISOString(),
  summary: '## Decisions\n- Keep the demo going.\n\n## Open TODOs\n- none\n\n## Constraints/Rules\n- none\n\n## Pending user asks\n- none\n\n## Exact identifiers\n- none',
  firstKeptEntryId, tokensBefore, details: { readFiles: [], modifiedFiles: [] }, fromHook: true,
});
const now = Date.now();
const tok = (s) => Math.ceil(s.length / 4);

const db = join(stateDir, 'agents', agent, 'agent', 'openclaw-agent.sqlite');
if (existsSync(db)) {
  const { DatabaseSync } = await import('node:sqlite');
  const conn = new DatabaseSync(db);
  conn.exec('PRAGMA busy_timeout = 5000');
  const row = conn.prepare('SELECT current_session_id AS sid, entry_json FROM session_nodes WHERE session_key = ?').get(key);
  if (!row) throw new Error(`no session ${key}`);
  const entry = JSON.parse(row.entry_json);
  const sid = row.sid;
  conn.exec('BEGIN IMMEDIATE');
  try {
    const last = conn.prepare('SELECT seq, event_json, event_zstd FROM transcript_events WHERE session_id = ? ORDER BY seq DESC LIMIT 1').get(sid);
    let seq = Number(last?.seq ?? -1);
    let leaf = null;
    if (last) {
      const { zstdDecompressSync } = await import('node:zlib');
      const ev = JSON.parse(last.event_json ?? zstdDecompressSync(last.event_zstd).toString('utf8'));
      leaf = ev.type === 'leaf' && ev.targetId ? ev.targetId : ev.id;
    }
    const insertEvent = conn.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_utf8_bytes) VALUES (?, ?, ?, ?, ?)');
    const insertIdentity = conn.prepare('INSERT INTO transcript_event_identities (session_id, event_id, seq, event_type, parent_id, message_idempotency_key, created_at) VALUES (?, ?, ?, ?, ?, NULL, ?)');
    const append = (ev) => {
      seq += 1;
      const json = JSON.stringify(ev);
      insertEvent.run(sid, seq, json, now, Buffer.byteLength(json));
      insertIdentity.run(sid, ev.id, seq, ev.type, ev.parentId, now);
      leaf = ev.id;
    };
    const ts = new Date(now).toISOString();
    const userId = randomUUID();
    append({ type: 'message', id: userId, parentId: leaf, timestamp: ts, message: { role: 'user', content: text, timestamp: now } });
    if (!userOnly) {
      const input = inputOpt ?? (entry.totalTokens ?? 8000) + tok(text) + 40;
      const output = tok(reply);
      append({
        type: 'message', id: randomUUID(), parentId: leaf, timestamp: new Date(now + 1).toISOString(),
        message: { role: 'assistant', content: [{ type: 'text', text: reply }], api: 'openai-completions', provider: entry.modelProvider ?? 'fake', model: entry.model ?? 'scripted-1',
          usage: { input, output, cacheRead: 0, cacheWrite: 0, totalTokens: input + output, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } }, stopReason: 'stop', timestamp: now + 1 },
      });
      Object.assign(entry, { totalTokens: input, totalTokensFresh: true, inputTokens: input, outputTokens: output, updatedAt: now + 2 });
    }
    if (compaction) {
      const before = entry.totalTokens ?? 8000;
      append(compactionEntry(leaf, userId, before));
      Object.assign(entry, { compactionCount: (entry.compactionCount ?? 0) + 1, totalTokens: Math.round(before * 0.3), totalTokensFresh: true, updatedAt: now + 4 });
    }
    if (!userOnly || compaction) {
      conn.prepare('UPDATE session_nodes SET entry_json = ?, updated_at = ? WHERE session_key = ?').run(JSON.stringify(entry), entry.updatedAt, key);
    }
    conn.exec('COMMIT');
  } catch (err) {
    conn.exec('ROLLBACK');
    throw err;
  }
  conn.close();
  console.log(`appended ${userOnly ? 'a user message' : 'a turn'}${compaction ? ' and a compaction' : ''} to ${key} (SQLite)`);
} else {
  const dir = join(stateDir, 'agents', agent, 'sessions');
  const storePath = join(dir, 'sessions.json');
  const store = JSON.parse(readFileSync(storePath, 'utf8'));
  const entry = store[key];
  if (!entry) throw new Error(`no session ${key}`);
  const file = join(dir, entry.sessionFile ?? `${entry.sessionId}.jsonl`);
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  let leaf = JSON.parse(lines[lines.length - 1]).id;
  const out = [];
  const user = { type: 'message', id: randomUUID().slice(0, 8), parentId: leaf, timestamp: new Date(now).toISOString(), message: { role: 'user', content: [{ type: 'text', text }], timestamp: now } };
  out.push(user);
  leaf = user.id;
  if (!userOnly) {
    const input = inputOpt ?? (entry.totalTokens ?? 8000) + tok(text) + 40;
    const output = tok(reply);
    out.push({ type: 'message', id: randomUUID().slice(0, 8), parentId: leaf, timestamp: new Date(now + 1).toISOString(),
      message: { role: 'assistant', content: [{ type: 'text', text: reply }], api: 'openai-completions', provider: entry.modelProvider ?? 'fake', model: entry.model ?? 'scripted-1',
        usage: { input, output, cacheRead: 0, cacheWrite: 0, totalTokens: input + output, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } }, stopReason: 'stop', timestamp: now + 1 } });
    Object.assign(entry, { totalTokens: input, totalTokensFresh: true, updatedAt: now + 2 });
    leaf = out[out.length - 1].id;
  }
  if (compaction) {
    const before = entry.totalTokens ?? 8000;
    out.push(compactionEntry(leaf, user.id, before));
    Object.assign(entry, { compactionCount: (entry.compactionCount ?? 0) + 1, totalTokens: Math.round(before * 0.3), totalTokensFresh: true, updatedAt: now + 4 });
  }
  appendFileSync(file, out.map((e) => JSON.stringify(e)).join('\n') + '\n');
  if (!userOnly || compaction) {
    const tmp = `${storePath}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(store, null, 2));
    const fd = openSync(tmp, 'r');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, storePath);
  }
  console.log(`appended ${userOnly ? 'a user message' : 'a turn'}${compaction ? ' and a compaction' : ''} to ${key} (JSONL)`);
}
