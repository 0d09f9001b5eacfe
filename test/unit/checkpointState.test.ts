/**
 * Incremental state capture (seed 001 §7): Layer A (tools, files, failures), Layer B (topic,
 * decisions, open items, asks), caps, the read cursor, persistence, staleness, Layer C reset, rewinds,
 * and agreement with the whole-list thread extraction on every prefix of the real transcripts.
 */
import assert from 'node:assert/strict';
import { extractFactsFromEntries } from '../../src/core/facts';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { extractThread } from '../../src/core/transcript/conversation';
import { stateDirFor } from '../../src/core/checkpoint/paths';
import { writeCheckpoint } from '../../src/core/checkpoint/store';
import { SessionTracker } from '../../src/core/checkpoint/tracker';
import { STATE_FILES } from '../../src/core/checkpoint/trackerState';
import { realTranscriptDumps, tmpDir } from './helpers';
import { E, figures, seedExample } from './support/checkpoints';
import { checkpointOfPath } from '../../src/core/checkpoint/fromPath';
import { serializeCheckpoint } from '../../src/core/checkpoint/yamlCodec';
import { activePath } from './support/transcripts';

type Json = Record<string, unknown>;
const KEY = 'agent:main:main';
const LONG = 'L'.repeat(600);

const fresh = (state = tmpDir('occtx-cp-state-'), now = () => Date.parse('2026-03-01T12:00:00Z')) => new SessionTracker(state, KEY, { now });

describe('incremental state: Layer A (tools, files, failures)', function () {
  beforeEach(() => E.reset());

  it('tool names are deduplicated; read/modified files come from path arguments once the result succeeds', function () {
    const t = fresh();
    t.ingest([
      E.user('go'),
      E.toolCall('read', { path: 'notes/plan.md' }, 'c1'),
      E.toolResult('read', 'c1', '# Plan'),
      E.toolCall('Edit', { file_path: 'src/a.ts', old_string: 'a', new_string: 'b' }, 'c2'),
      E.toolResult('Edit', 'c2', 'ok'),
      E.toolCall('write', { filePath: 'src/b.ts', content: '' }, 'c3'),
      E.toolResult('write', 'c3', 'permission denied', true),
      E.toolCall('apply_patch', { input: '*** Begin Patch\n*** Add File: src/c.ts\n+x\n*** End Patch' }, 'c4'),
      E.toolResult('apply_patch', 'c4', 'Done'),
      E.toolCall('exec', { command: 'cat secret.txt' }, 'c5'),
      E.toolResult('exec', 'c5', 'xxx'),
      E.toolCall('read', { path: 'notes/plan.md' }, 'c6'),
      E.toolResult('read', 'c6', '# Plan'),
    ]);
    const r = t.data.resources;
    assert.deepEqual(r.tools_used, ['Edit', 'write', 'apply_patch', 'exec', 'read']);
    assert.deepEqual(r.files_read, ['notes/plan.md']);
    assert.deepEqual(r.files_modified, ['src/a.ts', 'src/c.ts'], 'the failed write is not a modification');
    assert.deepEqual(t.data.thread.errors.map((e) => [e.tool, e.gist]), [['write', 'permission denied']]);
    assert.deepEqual(t.data.thread.pending_tools, []);
  });

  it('an unresolved tool failure is an open item until the next successful tool result', function () {
    const t = fresh();
    t.ingest([E.user('go'), E.toolCall('exec', { command: 'make' }, 'c1'), E.toolResult('exec', 'c1', 'make: *** [all] Error 2\nmore', true)]);
    assert.deepEqual(t.data.open_items.map((o) => o.text), ['Tool "exec" failed: make: *** [all] Error 2 more']);
    t.ingest([E.toolCall('exec', { command: 'make' }, 'c2'), E.toolResult('exec', 'c2', 'ok')]);
    assert.deepEqual(t.data.open_items, []);
  });

  it('a tool call without a result is pending (the last tool call of an interrupted turn)', function () {
    const t = fresh();
    t.ingest([E.user('go'), E.toolCall('exec', { command: 'npm test' }, 'c1')]);
    assert.deepEqual(t.data.thread.pending_tools.map((p) => [p.name, p.params]), [['exec', '{"command":"npm test"}']]);
    assert.equal(t.data.thread.last_activity, 'tool');
  });

  it('a compaction merges OpenClaw\'s own readFiles/modifiedFiles', function () {
    const t = fresh();
    t.ingest([E.user('go'), E.compaction(20_000, { readFiles: ['MEMORY.md'], modifiedFiles: ['notes/plan.md', 42] })], { onCompaction: 'pass' });
    assert.deepEqual(t.data.resources.files_read, ['MEMORY.md']);
    assert.deepEqual(t.data.resources.files_modified, ['notes/plan.md']);
    assert.equal(t.data.thread.compactions, 1);
  });

  it('caps: 100 tools and 100 files (least recently used dropped), 50 decisions, 20 open items', function () {
    const t = fresh();
    const ev: Json[] = [E.user('go')];
    for (let i = 0; i < 150; i++) ev.push(E.toolCall(`tool_read_${i}`, { path: `f${i}` }, `c${i}`), E.toolResult(`tool_read_${i}`, `c${i}`, 'ok'));
    for (let i = 0; i < 70; i++) ev.push(E.agent(LONG), E.user(`ok ${i}`));
    for (let i = 0; i < 30; i++) ev.push(E.agent(`- [ ] item ${i}`));
    t.ingest(ev);
    assert.equal(t.data.resources.tools_used.length, 100);
    assert.equal(t.data.resources.tools_used[0], 'tool_read_50');
    assert.equal(t.data.resources.files_read.length, 100);
    assert.equal(t.data.resources.files_read[99], 'f149');
    assert.equal(t.data.decisions.length, 50);
    assert.match(t.data.decisions[49]!.what, /^ok 69 — re: /);
    assert.equal(t.data.open_items.length, 20);
    assert.equal(t.data.open_items[19]!.text, 'item 29');
    assert.equal(t.data.thread.pivots.length, 8);
  });
});

describe('incremental state: Layer B (topic, decisions, open items, asks)', function () {
  beforeEach(() => E.reset());

  it('topic = last user message; a short reply after a long response is a decision; a short reply after a short one is not', function () {
    const t = fresh();
    t.ingest([E.user('plan the trip'), E.agent(`${LONG}\nTrains or flights?`), E.user('flights', 'u-dec'), E.agent('ok'), E.user('and hotels', 'u-no')]);
    assert.equal(t.thread().topic, 'and hotels');
    assert.deepEqual(t.data.decisions.map((d) => [d.id, d.what]), [['u-dec', 'flights — re: Trains or flights?']]);
  });

  it('open items: task items and TODO/FIXME markers from user and agent text; [x] closes an item', function () {
    const t = fresh();
    t.ingest([E.user('- [ ] book flights\n- [ ] visa'), E.agent('TODO: check the visa rules\n```\n// TODO: code\n```'), E.user('- [x] book flights')]);
    assert.deepEqual(t.data.open_items.map((o) => [o.kind, o.text]), [['checkbox', 'visa'], ['todo', 'TODO: check the visa rules']]);
  });

  it('an ask whose turn failed (provider error, run-failed-before-reply) is an unanswered open item; a pending ask is the next action', function () {
    const t = fresh();
    t.ingest([E.user('first ask'), E.error(), E.user('second ask'), E.runFailed()]);
    assert.deepEqual(t.data.open_items.map((o) => o.text), ['Unanswered: first ask', 'Unanswered: second ask']);
    assert.equal(t.data.thread.last_activity, 'error');
    t.ingest([E.user('third ask')]);
    assert.equal(t.data.thread.pending_ask?.gist, 'third ask');
    assert.equal(t.data.thread.last_activity, 'user');
    t.ingest([E.agent('answer?')]);
    assert.equal(t.data.thread.pending_ask, undefined);
    assert.equal(t.data.thread.last_activity, 'agent_question');
  });

  it('a slash command changes nothing; a reset ends the turn in flight', function () {
    const t = fresh();
    t.ingest([E.user('ask'), E.user('/compact now')]);
    assert.equal(t.thread().topic, 'ask');
    t.ingest([E.resetEntry()]);
    assert.equal(t.data.thread.pending_ask, undefined);
    assert.equal(t.data.thread.last_activity, 'none');
  });
});

describe('incremental state: cursor, rewind, reset', function () {
  beforeEach(() => E.reset());

  it('re-feeding entries changes nothing; entries older than the cursor are skipped; wants() tells before loading', function () {
    const t = fresh();
    const ev = [E.header(), E.user('a'), E.agent(LONG), E.user('ok', 'dec')];
    t.ingest(ev);
    const snap = JSON.stringify(t.data);
    const r = t.ingest(ev);
    assert.equal(r.processed, 0);
    assert.equal(JSON.stringify(t.data), snap);
    assert.equal(t.wants('dec', Date.parse(E.at(3))), false);
    assert.equal(t.wants('new', Date.parse(E.at(0)) - 61_000), false, 'older than the cursor (beyond the clock-skew allowance)');
    assert.equal(t.wants('new', Date.parse(E.at(0)) - 10_000), true, 'within the clock-skew allowance');
    assert.equal(t.wants('new', Date.parse(E.at(4))), true);
  });

  it('a transcript header never moves the cursor (forks and rewinds put a newer header before older entries)', function () {
    const t = fresh();
    const header = { type: 'session', id: 'fork', version: 4, timestamp: '2030-01-01T00:00:00Z' };
    t.ingest([header, E.user('from the fork, older than its header')]);
    assert.equal(t.thread().topic, 'from the fork, older than its header');
    assert.equal(t.data.cursor.session_id, 'fork');
  });

  it('a leaf entry (rewind) drops what the abandoned branch added; files and tools stay', function () {
    const t = fresh();
    t.ingest([
      E.user('keep me', 'u1'),
      E.agent('target', 'a1'),
      E.user('abandoned ask\n- [ ] lost item', 'u2'),
      E.toolCall('write', { path: 'x.ts' }, 'c1'),
      E.toolResult('write', 'c1', 'ok'),
      E.agent(LONG, 'a2'),
      E.user('ok', 'u3'),
      E.error(),
      E.leaf('a1'),
      E.user('after rewind', 'u4'),
    ]);
    assert.deepEqual(t.data.decisions, []);
    assert.deepEqual(t.data.open_items, []);
    assert.deepEqual(t.thread().key_exchanges.map((x) => x.id), ['u1', 'a1', 'u4']);
    assert.deepEqual(t.data.resources.files_modified, ['x.ts']);
  });

  it('reset (Layer C) empties the accumulations and keeps what describes now', function () {
    const t = fresh();
    t.ingest([E.user('first'), E.toolCall('read', { path: 'a' }, 'c1'), E.toolResult('read', 'c1', 'x'), E.agent(LONG), E.user('ok'), E.agent('- [ ] todo'), E.user('pending')]);
    t.addLearning('prefers tabs');
    t.reset();
    assert.deepEqual(t.data.resources, { files_read: [], files_modified: [], tools_used: [] });
    assert.deepEqual(t.data.decisions, []);
    assert.deepEqual(t.data.learnings, []);
    assert.deepEqual(t.data.open_items, []);
    assert.deepEqual(t.data.thread.pivots, []);
    assert.equal(t.data.thread.first_user?.gist, 'first');
    assert.equal(t.data.thread.pending_ask?.gist, 'pending');
    assert.ok(t.data.cursor.last_ts > 0);
  });
});

describe('incremental state: persistence and staleness', function () {
  beforeEach(() => E.reset());

  it('save writes the four JSON files (only the changed ones afterwards); load restores the same state', function () {
    const state = tmpDir('occtx-cp-state-');
    const t = fresh(state);
    t.ingest([E.header('s1'), E.user('a'), E.toolCall('read', { path: 'p' }, 'c'), E.toolResult('read', 'c', 'x'), E.agent(LONG), E.user('ok'), E.agent('TODO: y')]);
    t.addLearning('learned');
    assert.deepEqual(t.save().sort(), [...STATE_FILES].sort());
    const dir = stateDirFor(state, KEY);
    assert.deepEqual(fs.readdirSync(dir).sort(), [...STATE_FILES].sort());
    const body = JSON.parse(fs.readFileSync(path.join(dir, 'resources.json'), 'utf8')) as Json;
    assert.equal(body.schema, 'openclaw/checkpoint-state');
    assert.equal(body.session_key, KEY);
    assert.deepEqual(body.files_read, ['p']);
    assert.deepEqual(t.save(), [], 'nothing changed');
    t.ingest([E.user('more')]);
    assert.deepEqual(t.save(), ['thread.json']);
    const u = fresh(state);
    const rep = u.load();
    assert.deepEqual(rep, { stale: [], invalid: [] });
    assert.deepEqual(JSON.parse(JSON.stringify(u.data)), JSON.parse(JSON.stringify(t.data)));
  });

  it('state files older than _latest.json are stale: discarded, with the cursor taken from the pointer', function () {
    const state = tmpDir('occtx-cp-state-');
    let now = Date.parse('2026-03-01T12:00:00Z');
    const t = new SessionTracker(state, KEY, { now: () => now });
    t.ingest([E.user('bundled already'), E.agent(LONG), E.user('ok')]);
    t.save();
    now += 1000;
    const cursor = { session_id: 'sX', last_ts: 123, recent: [{ id: 'x', when: 123 }] };
    writeCheckpoint(state, seedExample({ session_key: KEY }), { fsync: false, now: () => now, cursor });
    const u = new SessionTracker(state, KEY, { now: () => now });
    const rep = u.load();
    assert.deepEqual(rep.stale.sort(), ['decisions.json', 'thread.json'], 'the files that existed');
    assert.deepEqual(u.data.decisions, []);
    assert.equal(u.thread().topic, '');
    assert.deepEqual(u.data.cursor, cursor);
    // written after the pointer: fresh
    now += 1000;
    u.ingest([E.user('new work')]);
    u.save();
    const v = new SessionTracker(state, KEY, { now: () => now });
    assert.deepEqual(v.load().stale, []);
    assert.equal(v.thread().topic, 'new work');
  });

  it('corrupt files, files of another session and foreign JSON are reported and ignored', function () {
    const state = tmpDir('occtx-cp-state-');
    const t = fresh(state);
    t.ingest([E.user('a'), E.agent('- [ ] x')]);
    t.save();
    const dir = stateDirFor(state, KEY);
    fs.writeFileSync(path.join(dir, 'decisions.json'), '{"schema":"openclaw/checkpoint-state","version":1,"session_key":"other","updated_at":1}');
    fs.writeFileSync(path.join(dir, 'resources.json'), '{not json');
    fs.writeFileSync(path.join(dir, 'open_items.json'), '[]');
    const u = fresh(state);
    const rep = u.load();
    assert.deepEqual(rep.invalid.map((i) => i.file).sort(), ['decisions.json', 'open_items.json', 'resources.json']);
    assert.match(rep.invalid.find((i) => i.file === 'decisions.json')!.error, /belongs to session "other"/);
    assert.equal(u.thread().topic, 'a', 'thread.json still loads');
    assert.ok(u.isDirty, 'rewritten on the next save');
  });
});

describe('incremental state agrees with the whole-list extraction on synthetic edge cases', function () {
  beforeEach(() => E.reset());

  it('500 vs 501 characters, two-part responses, cap 8, commands, notes, resets, failed turns', function () {
    const ev: Json[] = [
      E.header('s'),
      E.user('first', 'u1'),
      E.agent('x'.repeat(500), 'a1'),
      E.user('after exactly 500', 'u2'),
      E.agent('y'.repeat(501), 'a2'),
      E.user('after 501', 'u3'),
      E.agent('p'.repeat(260), 'a3a'),
      E.agent('q'.repeat(260), 'a3b'),
      E.user('after two parts', 'u4'),
      E.user('/compact', 'cmd'),
      E.note('external'),
      E.agent(LONG, 'a4'),
      E.resetEntry(),
      E.user('after a reset', 'u5'),
      E.error(),
      E.agent(LONG, 'a5'),
    ];
    for (let i = 0; i < 10; i++) ev.push(E.user(`ok ${i}`, `v${i}`), E.agent(LONG, `b${i}`));
    const t = fresh();
    for (let i = 0; i < ev.length; i++) {
      t.ingest([ev[i]]);
      const want = extractThread(ev.slice(0, i + 1));
      assert.deepEqual(t.thread(), { summary: want.summary, topic: want.topic, key_exchanges: want.key_exchanges }, `@${i}`);
      assert.deepEqual(t.data.decisions.map((d) => d.id), want.decisions.map((d) => d.id).slice(-50), `@${i}`);
    }
    assert.deepEqual(t.data.decisions.slice(0, 2).map((d) => d.id), ['u3', 'u4']);
  });
});

describe('incremental state on the real OpenClaw transcripts', function () {
  const dumps = realTranscriptDumps();

  it('the running thread equals the whole-list extraction of the active path, after every entry of every transcript', function () {
    let compared = 0;
    for (const d of dumps) {
      const t = new SessionTracker(tmpDir('occtx-cp-real-'), `k:${d.file}`);
      for (let i = 0; i < d.events.length; i++) {
        t.ingest([d.events[i]], { onCompaction: 'pass' });
        const want = extractThread(activePath(d.events.slice(0, i + 1)));
        const got = t.thread();
        assert.equal(got.summary, want.summary, `${d.file} @${i}`);
        assert.equal(got.topic, want.topic, `${d.file} @${i}`);
        assert.deepEqual(got.key_exchanges, want.key_exchanges, `${d.file} @${i}`);
        // the replies taken for decisions (Layer B) equal the whole-list thread's; the decisions a message states
        // (`<entry id>#<n>`, the shared extraction) are the whole-list extraction's of the same path
        const stated = new Set(extractFactsFromEntries(activePath(d.events.slice(0, i + 1))).decisions.map((x) => x.text));
        for (const x of t.data.decisions.filter((x) => x.id?.includes('#'))) assert.ok(stated.has(x.what), `${d.file} @${i}: ${x.what}`);
        assert.deepEqual(
          t.data.decisions.filter((x) => !x.id?.includes('#')).map((x) => [x.id, x.what]),
          want.decisions.map((x) => [x.id, x.what]),
          `${d.file} @${i}`,
        );
        compared++;
      }
    }
    assert.equal(compared, 191);
  });

  it('agent:main:main: files, tools, decisions; work (before the rewind): the overflowed ask is unanswered', function () {
    const main = dumps.find((d) => d.file.startsWith('agent_main_main__'))!;
    const t = new SessionTracker(tmpDir('occtx-cp-real-'), 'agent:main:main');
    t.ingest(main.events, { onCompaction: 'pass' });
    assert.deepEqual(t.data.resources, { files_read: ['MEMORY.md'], files_modified: ['notes/plan.md'], tools_used: ['exec', 'write', 'read'] });
    assert.equal(t.data.decisions.length, 2);
    assert.equal(t.data.thread.compactions, 2);
    // no structural open item; the plan the user stated ("3. Ship ORD-4471 by Friday") is a TODO with a deadline
    // for the shared extraction, which the tracker takes from what the user and the agent say
    assert.ok(extractFactsFromEntries(main.events).todos.some((x) => x.text === 'Ship ORD-4471 by Friday'));
    assert.deepEqual(t.data.open_items.map((o) => o.text), ['Ship ORD-4471 by Friday']);
    const old = dumps.find((d) => d.file.includes('9335172d'))!;
    const w = new SessionTracker(tmpDir('occtx-cp-real-'), 'agent:main:work');
    w.ingest(old.events, { onCompaction: 'pass' });
    assert.deepEqual(w.data.open_items.map((o) => o.text), ['Unanswered: Trigger a provider overflow please #overflow then answer normally']);
    assert.equal(w.data.thread.last_activity, 'error');
    const rewound = dumps.find((d) => d.file.includes('6f1431f6'))!;
    const r = new SessionTracker(tmpDir('occtx-cp-real-'), 'agent:main:work');
    r.ingest(rewound.events, { onCompaction: 'pass' });
    assert.deepEqual(r.data.open_items, [], 'the overflowed ask was on the abandoned branch');
  });

  it('stop mode: ingestion stops before each compaction until it is acknowledged', function () {
    const main = dumps.find((d) => d.file.startsWith('agent_main_main__'))!;
    const t = new SessionTracker(tmpDir('occtx-cp-real-'), 'agent:main:main');
    let rest: readonly unknown[] = main.events;
    const seen: number[] = [];
    for (;;) {
      const r = t.ingest(rest);
      if (!r.compaction) break;
      seen.push(r.compaction.tokensBefore as number);
      assert.equal((rest[r.consumed] as Json).type, 'compaction');
      assert.equal(t.data.thread.compactions, seen.length - 1, 'the state is the before-state');
      t.acknowledgeCompaction(r.compaction);
      rest = rest.slice(r.consumed);
    }
    assert.deepEqual(seen, [24594, 22216]);
    assert.equal(t.data.thread.compactions, 2);
  });
});

describe('incremental state: secrets in the transcript are never copied to the state files or a checkpoint', function () {
  beforeEach(() => E.reset());

  // one of each shape the memory redactor knows; the transcript is untrusted and may hold any of them
  const SECRETS = {
    anthropic: 'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
    github: 'ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ab',
    jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    urlPassword: 'hunter2passXYZ',
    pemBody: 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7',
    keyValue: 'Sup3rS3cretPWvalue',
    argPassword: 'toolArgPw9876',
  };
  const leaked = (text: string) => Object.entries(SECRETS).filter(([, v]) => text.includes(v)).map(([k]) => k);

  it('user, agent, tool-result and tool-call text is redacted before it is kept (pairs, pivots, decisions, open items, pending tools)', function () {
    const state = tmpDir('occtx-cp-secrets-');
    const t = fresh(state);
    t.ingest([
      E.user(`We decided to use the production key ${SECRETS.anthropic}. DB: postgres://admin:${SECRETS.urlPassword}@db.example.com/prod`),
      E.agent(`Noted: ${SECRETS.anthropic}. ${LONG}`),
      E.user(`TODO: rotate ${SECRETS.github} and password=${SECRETS.keyValue}`),
      E.toolCall('exec', { command: 'deploy', password: SECRETS.argPassword, token: SECRETS.jwt }, 'c1'),
      E.toolResult('exec', 'c1', `auth failed for Bearer ${SECRETS.jwt}\n-----BEGIN RSA PRIVATE KEY-----\n${SECRETS.pemBody}\n-----END RSA PRIVATE KEY-----`, true),
      E.user(`ok ${SECRETS.github}`),
      E.toolCall('exec', { command: 'retry', password: SECRETS.argPassword }, 'c2'),
    ]);
    assert.deepEqual(leaked(JSON.stringify(t.data)), []);
    assert.ok(JSON.stringify(t.data).includes('[REDACTED]'), 'the text is kept, redacted');
    t.save();
    for (const f of fs.readdirSync(t.dir)) assert.deepEqual(leaked(fs.readFileSync(path.join(t.dir, f), 'utf8')), [], f);
    const cp = checkpointOfPath(
      [E.user(`key ${SECRETS.anthropic} and ${SECRETS.github}`), E.toolCall('exec', { command: 'x', api_key: SECRETS.argPassword }, 'c9')],
      figures(),
    );
    assert.deepEqual(leaked(serializeCheckpoint(cp)), []);
  });
});
