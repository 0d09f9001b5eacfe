/**
 * JsonlSessionStore (OpenClaw ≤ 2026.7: sessions.json + <sessionId>.jsonl). Rules from
 * openclaw-formats.md §1.2, §1.4, §1.6, §2.1–2.2 and pi's SessionManager (v1 → v2 → v3 migrations).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { rebuildContext, TranscriptIndex } from '../../src/core/context/rebuild';
import { isPrimaryTranscriptName, JsonlSessionStore } from '../../src/core/store/jsonlStore';
import { StoreUnavailableError, type EntryMeta, type SessionRow, type TranscriptCursor, type TranscriptDelta } from '../../src/core/store/types';
import { collectDiagnostics, fixturePath, tmpDir, writeJsonl } from './helpers';

type Json = Record<string, unknown>;

function sessionsDir(agent = 'main'): { state: string; dir: string } {
  const state = tmpDir('occtx-jsonl-');
  const dir = path.join(state, 'agents', agent, 'sessions');
  fs.mkdirSync(dir, { recursive: true });
  return { state, dir };
}

const header = (id: string, version?: number): Json => ({ type: 'session', ...(version !== undefined ? { version } : {}), id, timestamp: '2026-04-10T09:00:00.000Z', cwd: '/w' });
const user = (id: string, parentId: string | null, text: string, ts = '2026-04-10T09:00:01.000Z'): Json => ({
  type: 'message',
  id,
  parentId,
  timestamp: ts,
  message: { role: 'user', content: [{ type: 'text', text }], timestamp: Date.parse(ts) },
});
const assistant = (id: string, parentId: string | null, text: string, totalTokens: number): Json => ({
  type: 'message',
  id,
  parentId,
  timestamp: '2026-04-10T09:00:02.000Z',
  message: {
    role: 'assistant',
    content: [{ type: 'text', text }],
    api: 'anthropic-messages',
    provider: 'anthropic',
    model: 'claude-sonnet-4-6',
    usage: { input: totalTokens - 10, output: 10, cacheRead: 0, cacheWrite: 0, totalTokens },
    stopReason: 'stop',
    timestamp: 1775811602000,
  },
});

const row = (sessionId: string, extra: Partial<SessionRow> = {}): SessionRow => ({ key: `agent:main:${sessionId}`, sessionId, updatedAt: 1, ...extra });

function readAll(store: JsonlSessionStore, r: SessionRow): { delta: TranscriptDelta; index: TranscriptIndex } {
  const index = new TranscriptIndex();
  const delta = store.readTranscript(r, undefined);
  index.apply(delta);
  return { delta, index };
}

const ids = (es: readonly EntryMeta[]) => es.map((e) => e.id);

describe('JsonlSessionStore', function () {
  describe('header versions', function () {
    for (const version of [2, 3, 4]) {
      it(`version ${version}: reads the tree, reports the version, rebuilds the context`, function () {
        const { dir } = sessionsDir();
        const diags = collectDiagnostics();
        writeJsonl(path.join(dir, 's1.jsonl'), [
          header('s1', version),
          { type: 'model_change', id: 'a1b2c3d4', parentId: null, timestamp: '2026-04-10T09:00:00.120Z', provider: 'anthropic', modelId: 'claude-sonnet-4-6' },
          user('c3d4e5f6', 'a1b2c3d4', 'hello'),
          assistant('d4e5f6a7', 'c3d4e5f6', 'hi', 15086),
        ]);
        const store = new JsonlSessionStore('main', dir, diags.sink);
        const { delta, index } = readAll(store, row('s1'));
        assert.equal(delta.reset, true);
        assert.equal(delta.headerVersion, version);
        assert.deepEqual(
          delta.entries.map((e) => [e.type, e.id, e.parentId]),
          [
            ['session', 's1', null],
            ['model_change', 'a1b2c3d4', null],
            ['message', 'c3d4e5f6', 'a1b2c3d4'],
            ['message', 'd4e5f6a7', 'c3d4e5f6'],
          ],
        );
        assert.deepEqual(ids(rebuildContext(index).items), ['c3d4e5f6', 'd4e5f6a7']);
        assert.deepEqual(diags.list, []);
      });
    }

    it('version 2: a `hookMessage` message counts as `custom` (pi v2 → v3 migration renames the role)', function () {
      const { dir } = sessionsDir();
      const text = 'x'.repeat(40);
      writeJsonl(path.join(dir, 's2.jsonl'), [
        header('s2', 2),
        user('u1', null, 'hi'),
        { type: 'message', id: 'h1', parentId: 'u1', timestamp: '2026-04-10T09:00:03.000Z', message: { role: 'hookMessage', customType: 'x', content: text, display: true, timestamp: 1 } },
      ]);
      const store = new JsonlSessionStore('main', dir);
      const { delta } = readAll(store, row('s2'));
      const h = delta.entries.find((e) => e.id === 'h1')!;
      assert.equal(h.role, 'custom');
      assert.equal(h.tokens, 10); // custom: string length 40 / 4
    });

    it('version 1 (real pi sample): no ids; the chain is file order; model_change excluded from context', function () {
      const { dir } = sessionsDir();
      fs.copyFileSync(fixturePath('pi-samples', 'pi-mono__large-session.v1.first6lines.jsonl'), path.join(dir, 'd703a1a9-1b7b-4fb1-b512-c9738b1fe617.jsonl'));
      const diags = collectDiagnostics();
      const store = new JsonlSessionStore('main', dir, diags.sink);
      const r = row('d703a1a9-1b7b-4fb1-b512-c9738b1fe617');
      const { delta, index } = readAll(store, r);
      assert.equal(delta.headerVersion, 1);
      assert.equal(delta.entries.length, 6);
      assert.deepEqual(
        delta.entries.map((e) => e.type),
        ['session', 'message', 'message', 'model_change', 'message', 'message'],
      );
      const body = delta.entries.slice(1);
      assert.equal(new Set(ids(body)).size, 5, 'synthetic ids are unique');
      assert.equal(body[0]!.parentId, null);
      for (let i = 1; i < body.length; i++) assert.equal(body[i]!.parentId, body[i - 1]!.id, `entry ${i} chains to the previous one`);
      const ctx = rebuildContext(index);
      assert.deepEqual(
        ctx.items.map((e) => e.role),
        ['user', 'assistant', 'user', 'assistant'],
      );
      // The aborted assistant (all-zero usage) gives no usage; the last one has no totalTokens:
      // pi calculateContextTokens = input + output + cacheRead + cacheWrite = 3 + 191 + 0 + 1684.
      assert.equal(body[1]!.usageTokens, undefined);
      assert.equal(body[4]!.usageTokens, 1878);
      // loadEntries gives back the original lines (with the synthetic id).
      const full = store.loadEntries(r, delta.entries);
      const lines = fs.readFileSync(fixturePath('pi-samples', 'pi-mono__large-session.v1.first6lines.jsonl'), 'utf8').trim().split('\n');
      full.forEach((f, i) => {
        const want = JSON.parse(lines[i]!) as Json;
        if (i > 0) want.id = body[i - 1]!.id;
        assert.deepEqual(f, want, `line ${i + 1}`);
      });
      assert.deepEqual(diags.list, []);
    });

    /**
     * A v1 file of 300 entries + the real v1 compaction line (firstKeptEntryIndex 293, tokensBefore 175004).
     * pi's v1 → v2 migration maps the index into the array of parsed entries (header = 0).
     */
    function v1WithCompaction(noise: string[]): { lines: string[]; after: string } {
      const sample = fs.readFileSync(fixturePath('pi-samples', 'pi-mono__large-session.v1.first6lines.jsonl'), 'utf8').trim().split('\n');
      const comp = fs.readFileSync(fixturePath('pi-samples', 'pi-mono__before-compaction.v1.line360-compaction-entry.jsonl'), 'utf8').trim();
      const lines = [sample[0]!, ...noise, ...sample.slice(1)];
      for (let i = 6; i < 300; i++) {
        const role = i % 2 === 0 ? 'user' : 'assistant';
        const msg =
          role === 'user'
            ? { role, content: [{ type: 'text', text: `entry-${i}` }], timestamp: i }
            : { role, content: [{ type: 'text', text: `entry-${i}` }], provider: 'anthropic', model: 'm', usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 1000 + i }, stopReason: 'stop', timestamp: i };
        lines.push(JSON.stringify({ type: 'message', timestamp: '2025-12-08T20:00:00.000Z', message: msg }));
      }
      lines.push(comp);
      lines.push(JSON.stringify({ type: 'message', timestamp: '2025-12-08T23:30:00.000Z', message: { role: 'user', content: [{ type: 'text', text: 'after the compaction' }], timestamp: 1 } }));
      return { lines, after: 'after the compaction' };
    }

    for (const [label, noise] of [
      ['', []],
      [' (with a blank and a malformed line before it: pi skips them when indexing)', ['', '{"type":"message", broken']],
    ] as Array<[string, string[]]>) {
      it(`version 1: a compaction's firstKeptEntryIndex is honoured${label}`, function () {
        const { dir } = sessionsDir();
        const { lines, after } = v1WithCompaction(noise);
        fs.writeFileSync(path.join(dir, 'v1c.jsonl'), lines.join('\n') + '\n');
        const store = new JsonlSessionStore('main', dir);
        const { index } = readAll(store, row('v1c'));
        const ctx = rebuildContext(index);
        assert.equal(ctx.compaction?.tokensBefore, 175004);
        assert.equal(ctx.items[0]!.kind, 'compaction');
        assert.equal(ctx.items[1]!.preview, 'entry-293');
        assert.deepEqual(
          ctx.items.slice(1).map((e) => e.preview),
          ['entry-293', 'entry-294', 'entry-295', 'entry-296', 'entry-297', 'entry-298', 'entry-299', after],
        );
      });
    }

    it('a v1 compaction pointing at the header keeps nothing before it', function () {
      const { dir } = sessionsDir();
      writeJsonl(path.join(dir, 'v1h.jsonl'), [
        { type: 'session', id: 'v1h', timestamp: '2025-01-01T00:00:00.000Z', cwd: '/' },
        { type: 'message', timestamp: '2025-01-01T00:00:01.000Z', message: { role: 'user', content: 'old', timestamp: 1 } },
        { type: 'compaction', timestamp: '2025-01-01T00:00:02.000Z', summary: 'S', firstKeptEntryIndex: 0, tokensBefore: 10 },
        { type: 'message', timestamp: '2025-01-01T00:00:03.000Z', message: { role: 'user', content: 'new', timestamp: 3 } },
      ]);
      const { index } = readAll(new JsonlSessionStore('main', dir), row('v1h'));
      assert.deepEqual(
        rebuildContext(index).items.map((e) => e.preview),
        ['S', 'new'],
      );
    });
  });

  describe('incremental reads', function () {
    it('a trailing partial line is not read until it is completed; then exactly one new entry', function () {
      const { dir } = sessionsDir();
      const file = path.join(dir, 'p1.jsonl');
      const third = JSON.stringify(assistant('a2', 'u1', 'partial then complete', 500));
      fs.writeFileSync(file, [header('p1', 3), user('u1', null, 'q')].map((l) => JSON.stringify(l) + '\n').join('') + third.slice(0, 25));
      const diags = collectDiagnostics();
      const store = new JsonlSessionStore('main', dir, diags.sink);
      const d1 = store.readTranscript(row('p1'), undefined);
      assert.deepEqual(ids(d1.entries), ['p1', 'u1']);
      const c1 = d1.cursor as Extract<TranscriptCursor, { kind: 'jsonl' }>;
      assert.equal(c1.offset, fs.statSync(file).size - 25, 'cursor stops at the start of the partial line');
      // Still partial: nothing new, no diagnostics.
      const d2 = store.readTranscript(row('p1'), d1.cursor);
      assert.deepEqual(d2.entries, []);
      assert.equal(d2.reset, false);
      fs.appendFileSync(file, third.slice(25) + '\n');
      const d3 = store.readTranscript(row('p1'), d2.cursor);
      assert.equal(d3.reset, false);
      assert.deepEqual(ids(d3.entries), ['a2']);
      assert.equal(d3.entries[0]!.parentId, 'u1');
      assert.equal((d3.cursor as typeof c1).offset, fs.statSync(file).size);
      assert.deepEqual(diags.list, []);
      assert.deepEqual(store.loadEntries(row('p1'), d3.entries), [JSON.parse(third)]);
    });

    it('appended lines are read from the cursor offset only', function () {
      const { dir } = sessionsDir();
      const file = path.join(dir, 'ap.jsonl');
      writeJsonl(file, [header('ap', 3), user('u1', null, 'one')]);
      const store = new JsonlSessionStore('main', dir);
      const d1 = store.readTranscript(row('ap'), undefined);
      const size1 = fs.statSync(file).size;
      assert.equal((d1.cursor as Extract<TranscriptCursor, { kind: 'jsonl' }>).offset, size1);
      fs.appendFileSync(file, JSON.stringify(assistant('a1', 'u1', 'two', 100)) + '\n' + JSON.stringify(user('u2', 'a1', 'three')) + '\n');
      const d2 = store.readTranscript(row('ap'), d1.cursor);
      assert.equal(d2.reset, false);
      assert.deepEqual(ids(d2.entries), ['a1', 'u2']);
      assert.equal(d2.entries[0]!.pos, size1, 'positions are file offsets');
      const d3 = store.readTranscript(row('ap'), d2.cursor);
      assert.deepEqual(d3, { reset: false, entries: [], cursor: d2.cursor });
    });

    it('a truncated file is read again from the start (reset=true)', function () {
      const { dir } = sessionsDir();
      const file = path.join(dir, 'tr.jsonl');
      writeJsonl(file, [header('tr', 3), user('u1', null, 'one'), assistant('a1', 'u1', 'two', 100)]);
      const store = new JsonlSessionStore('main', dir);
      const d1 = store.readTranscript(row('tr'), undefined);
      writeJsonl(file, [header('tr', 3), user('x1', null, 'rewritten')]); // same inode, shorter
      const d2 = store.readTranscript(row('tr'), d1.cursor);
      assert.equal(d2.reset, true);
      assert.deepEqual(ids(d2.entries), ['tr', 'x1']);
      const idx = new TranscriptIndex();
      idx.apply(d1);
      idx.apply(d2);
      assert.deepEqual(ids(idx.entries), ['tr', 'x1']);
    });

    it('a file replaced by another (atomic rename, longer) is read again from the start (reset=true)', function () {
      const { dir } = sessionsDir();
      const file = path.join(dir, 'rp.jsonl');
      writeJsonl(file, [header('rp', 3), user('u1', null, 'one')]);
      const store = new JsonlSessionStore('main', dir);
      const d1 = store.readTranscript(row('rp'), undefined);
      const tmp = path.join(dir, 'rp.jsonl.tmp');
      writeJsonl(tmp, [header('rp', 3), user('y1', null, 'replaced'), assistant('y2', 'y1', 'longer than before', 100), user('y3', 'y2', 'and more')]);
      fs.renameSync(tmp, file);
      const d2 = store.readTranscript(row('rp'), d1.cursor);
      assert.equal(d2.reset, true);
      assert.deepEqual(ids(d2.entries), ['rp', 'y1', 'y2', 'y3']);
    });

    it('a missing transcript gives an empty reset delta, and reading it once it appears works', function () {
      const { dir } = sessionsDir();
      const store = new JsonlSessionStore('main', dir);
      const d1 = store.readTranscript(row('late'), undefined);
      assert.equal(d1.reset, true);
      assert.deepEqual(d1.entries, []);
      writeJsonl(path.join(dir, 'late.jsonl'), [header('late', 3), user('u1', null, 'x')]);
      const d2 = store.readTranscript(row('late'), d1.cursor);
      assert.equal(d2.reset, true);
      assert.deepEqual(ids(d2.entries), ['late', 'u1']);
    });
  });

  describe('damaged and unusual content', function () {
    it('blank and malformed lines are skipped with a diagnostic (blank ones silently)', function () {
      const { dir } = sessionsDir();
      const diags = collectDiagnostics();
      fs.writeFileSync(
        path.join(dir, 'bad.jsonl'),
        [JSON.stringify(header('bad', 3)), '', JSON.stringify(user('u1', null, 'one')), '{"type":"message",', '   ', '42', JSON.stringify(assistant('a1', 'u1', 'two', 100)), ''].join('\n'),
      );
      const store = new JsonlSessionStore('main', dir, diags.sink);
      const { delta, index } = readAll(store, row('bad'));
      assert.deepEqual(ids(delta.entries), ['bad', 'u1', 'a1']);
      assert.deepEqual(ids(rebuildContext(index).items), ['u1', 'a1']);
      const warnings = diags.list.filter((d) => d.severity === 'warning');
      assert.equal(warnings.length, 2, JSON.stringify(diags.list));
      assert.ok(warnings.some((d) => d.source.endsWith(':4')), 'line 4 named');
      assert.ok(warnings.some((d) => d.source.endsWith(':6')), 'line 6 named');
    });

    it('a file whose first entry is not a session header is ignored with an error diagnostic', function () {
      const { dir } = sessionsDir();
      const diags = collectDiagnostics();
      writeJsonl(path.join(dir, 'nohdr.jsonl'), [user('u1', null, 'one'), assistant('a1', 'u1', 'two', 100)]);
      const store = new JsonlSessionStore('main', dir, diags.sink);
      const { delta } = readAll(store, row('nohdr'));
      assert.deepEqual(delta.entries, []);
      assert.equal(diags.list.filter((d) => d.severity === 'error').length, 1);
    });

    it('unknown entry types are skipped from the context with an info diagnostic, without breaking the chain', function () {
      const { dir } = sessionsDir();
      const diags = collectDiagnostics();
      writeJsonl(path.join(dir, 'unk.jsonl'), [
        header('unk', 3),
        user('u1', null, 'one'),
        { type: 'future_thing', id: 'f1', parentId: 'u1', timestamp: '2026-04-10T09:00:01.500Z', payload: { x: 1 } },
        assistant('a1', 'f1', 'two', 100),
      ]);
      const store = new JsonlSessionStore('main', dir, diags.sink);
      const { delta, index } = readAll(store, row('unk'));
      assert.equal(delta.entries.find((e) => e.id === 'f1')?.kind, 'unknown');
      const ctx = rebuildContext(index);
      assert.deepEqual(ids(ctx.items), ['u1', 'a1']);
      assert.equal(ctx.missingParent, undefined);
      assert.deepEqual(
        diags.list.map((d) => d.severity),
        ['info'],
      );
      assert.match(diags.list[0]!.message, /future_thing/);
    });

    it('a 5 MB single line is read whole (and incrementally when it arrives in pieces)', function () {
      const { dir } = sessionsDir();
      const file = path.join(dir, 'huge.jsonl');
      const big = 'y'.repeat(5 * 1024 * 1024 + 3);
      const toolResult = {
        type: 'message',
        id: 'big1',
        parentId: 'a1',
        timestamp: '2026-04-10T09:00:03.000Z',
        message: { role: 'toolResult', toolCallId: 'c1', toolName: 'exec', content: [{ type: 'text', text: big }], isError: false, timestamp: 3 },
      };
      const line = JSON.stringify(toolResult);
      const head = [header('huge', 3), user('u1', null, 'go'), assistant('a1', 'u1', 'calling', 100)].map((l) => JSON.stringify(l) + '\n').join('');
      fs.writeFileSync(file, head + line.slice(0, 3 * 1024 * 1024));
      const store = new JsonlSessionStore('main', dir);
      const d1 = store.readTranscript(row('huge'), undefined);
      assert.deepEqual(ids(d1.entries), ['huge', 'u1', 'a1']);
      fs.appendFileSync(file, line.slice(3 * 1024 * 1024) + '\n' + JSON.stringify(assistant('a2', 'big1', 'done', 1_400_000)) + '\n');
      const d2 = store.readTranscript(row('huge'), d1.cursor);
      assert.equal(d2.reset, false);
      assert.deepEqual(ids(d2.entries), ['big1', 'a2']);
      assert.equal(d2.entries[0]!.tokens, Math.ceil(big.length / 4));
      assert.equal(d2.entries[0]!.bytes, Buffer.byteLength(line));
      assert.deepEqual(store.loadEntries(row('huge'), [d2.entries[0]!]), [toolResult]);
      // and in one go
      const all = store.readTranscript(row('huge'), undefined);
      assert.deepEqual(ids(all.entries), ['huge', 'u1', 'a1', 'big1', 'a2']);
    });

    it('isPrimaryTranscriptName excludes checkpoint, trajectory, reset and deleted files', function () {
      for (const name of ['6f1c9a2e-4b7d-4c1e-9a55-0d2b7e8f31e2.jsonl', 'abc-topic-42.jsonl']) assert.equal(isPrimaryTranscriptName(name), true, name);
      for (const name of [
        'abc.checkpoint.7d1f2c3e-0000-4000-8000-000000000000.jsonl',
        'abc.trajectory.jsonl',
        'abc.jsonl.reset.2026-04-10T08-15-02.123Z',
        'abc.jsonl.deleted.2026-04-10T08-15-02.123Z',
        'abc.jsonl.lock',
        'sessions.json',
        'sessions.json.bak.1',
        'abc.reset.2026-04-10T08-15-02.123Z.jsonl',
        'abc.deleted.2026-04-10T08-15-02.123Z.jsonl',
      ])
        assert.equal(isPrimaryTranscriptName(name), false, name);
    });
  });

  describe('sessions.json', function () {
    it('invalid JSON → StoreUnavailableError naming the file and where, quoting none of it (the agent is reported, not shown empty)', function () {
      const { dir } = sessionsDir();
      fs.writeFileSync(path.join(dir, 'sessions.json'), '{"agent:main:main": {"sessionId": "s1", ');
      const store = new JsonlSessionStore('main', dir);
      assert.throws(
        () => store.readRows(true),
        (e: unknown) => e instanceof StoreUnavailableError && e.message.startsWith(path.join(dir, 'sessions.json')) && /not valid JSON \(invalid syntax at line 1, column 41\)/.test(e.message) && !e.message.includes('s1'),
      );
      // Not an object either.
      fs.writeFileSync(path.join(dir, 'sessions.json'), '[1,2,3]');
      assert.throws(() => store.readRows(true), /is not an object keyed by session key/);
      // fixed: read again (no stale stamp keeps the failure or the old rows)
      fs.writeFileSync(path.join(dir, 'sessions.json'), JSON.stringify({ 'agent:main:main': { sessionId: 's1', updatedAt: 1 } }));
      assert.equal(store.readRows(false).rows.length, 1);
    });

    it('mixed-case duplicate keys merge into the lower-case key, newest updatedAt wins (either order)', function () {
      const { dir } = sessionsDir();
      const store = new JsonlSessionStore('main', dir);
      const entries: Array<[string, Json]> = [
        ['Agent:Main:Main', { sessionId: 'newer', updatedAt: 2000 }],
        ['agent:main:main', { sessionId: 'older', updatedAt: 1000 }],
        ['agent:main:OTHER', { sessionId: 'o', updatedAt: 5 }],
      ];
      for (const order of [entries, [...entries].reverse()]) {
        fs.writeFileSync(path.join(dir, 'sessions.json'), JSON.stringify(Object.fromEntries(order), null, 2));
        const rows = store.readRows(true).rows.sort((a, b) => a.key.localeCompare(b.key));
        assert.deepEqual(
          rows.map((r) => [r.key, r.sessionId]),
          [
            ['agent:main:main', 'newer'],
            ['agent:main:other', 'o'],
          ],
        );
      }
    });

    it('rows are re-read only when the file changed; entries without sessionId are skipped', function () {
      const { dir } = sessionsDir();
      const diags = collectDiagnostics();
      const file = path.join(dir, 'sessions.json');
      fs.writeFileSync(file, JSON.stringify({ 'agent:main:main': { sessionId: 's1', updatedAt: 1, totalTokens: 15062, totalTokensFresh: true, contextTokens: 200000 }, 'agent:main:x': { updatedAt: 3 }, 'agent:main:y': 7 }));
      const store = new JsonlSessionStore('main', dir, diags.sink);
      const r1 = store.readRows(false);
      assert.equal(r1.full, true);
      assert.deepEqual(
        r1.rows.map((r) => [r.key, r.sessionId, r.totalTokens, r.contextTokens]),
        [['agent:main:main', 's1', 15062, 200000]],
      );
      assert.equal(diags.list.filter((d) => d.severity === 'warning').length, 2);
      assert.deepEqual(store.readRows(false), { full: false, rows: [] });
      const tmp = `${file}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify({ 'agent:main:main': { sessionId: 's2', updatedAt: 2 } }, null, 2));
      fs.renameSync(tmp, file);
      assert.deepEqual(
        store.readRows(false).rows.map((r) => r.sessionId),
        ['s2'],
      );
    });
  });

  describe('hostile paths never leave the sessions dir', function () {
    /** A valid transcript outside the sessions dir that must never be read. */
    function secretAt(file: string): void {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      writeJsonl(file, [header('secret', 3), user('s3cr3t', null, 'SECRET CONTENT')]);
    }

    it('session ids with path parts, NUL or absolute paths are not read', function () {
      const { state, dir } = sessionsDir();
      secretAt(path.join(state, 'secret.jsonl'));
      secretAt(path.join(state, 'etc', 'passwd.jsonl'));
      const diags = collectDiagnostics();
      const store = new JsonlSessionStore('main', dir, diags.sink);
      for (const sessionId of ['../../../secret', '../../../etc/passwd', '../../etc/passwd', `${state}/secret`, 'ok\u0000../../../secret', '..', '.hidden', 'a/b', 'x'.repeat(200)]) {
        let d!: TranscriptDelta;
        assert.doesNotThrow(() => (d = store.readTranscript(row(sessionId), undefined)), sessionId);
        assert.deepEqual(d.entries, [], sessionId);
        assert.equal(store.transcriptPath(row(sessionId)), undefined, sessionId);
      }
      assert.ok(diags.list.length >= 9);
    });

    it('sessionFile outside the dir (relative, absolute, other agent) is ignored; inside or moved-state-dir shapes resolve', function () {
      const { state, dir } = sessionsDir();
      secretAt(path.join(state, 'secret.jsonl'));
      secretAt(path.join(state, 'agents', 'other', 'sessions', 'sid.jsonl'));
      writeJsonl(path.join(dir, 'sid.jsonl'), [header('sid', 3), user('mine', null, 'mine')]);
      const diags = collectDiagnostics();
      const store = new JsonlSessionStore('main', dir, diags.sink);
      const read = (sessionFile: string, sessionId = 'nosuch') => ids(store.readTranscript(row(sessionId, { sessionFile }), undefined).entries);
      // Outside: ignored, falls back to <sessionId>.jsonl (which does not exist here).
      for (const f of ['../../../secret.jsonl', path.join(state, 'secret.jsonl'), path.join(state, 'agents', 'other', 'sessions', 'sid.jsonl'), '/etc/passwd', 'sub/../../x.jsonl', `sid.jsonl\u0000`]) {
        assert.doesNotThrow(() => read(f), f);
        assert.deepEqual(read(f), [], f);
      }
      // With a safe session id the fallback is that id's own file.
      assert.deepEqual(read('../../../secret.jsonl', 'sid'), ['sid', 'mine']);
      // Inside: relative and absolute.
      assert.deepEqual(read('sid.jsonl'), ['sid', 'mine']);
      assert.deepEqual(read(path.join(dir, 'sid.jsonl')), ['sid', 'mine']);
      // A state dir that moved: .../agents/main/sessions/<file> resolves into this dir.
      assert.deepEqual(read('/somewhere/else/.openclaw/agents/main/sessions/sid.jsonl'), ['sid', 'mine']);
      assert.deepEqual(read('/somewhere/else/.openclaw/agents/MAIN/sessions/sid.jsonl'), ['sid', 'mine']);
      assert.ok(diags.list.some((d) => /outside/.test(d.message)));
    });

    it('hostile keys (NUL, __proto__, path parts, 100k chars) are just keys', function () {
      const { dir } = sessionsDir();
      writeJsonl(path.join(dir, 'k1.jsonl'), [header('k1', 3), user('u1', null, 'x')]);
      const long = 'agent:main:' + 'k'.repeat(100_000);
      const keys = ['agent:main:\u0000evil', '__proto__', '../../etc/passwd', long];
      fs.writeFileSync(path.join(dir, 'sessions.json'), JSON.stringify(Object.fromEntries(keys.map((k, i) => [k, { sessionId: 'k1', updatedAt: i }]))));
      const store = new JsonlSessionStore('main', dir);
      const rows = store.readRows(true).rows;
      assert.deepEqual(rows.map((r) => r.key).sort(), [...keys].sort());
      for (const r of rows) assert.deepEqual(ids(store.readTranscript(r, undefined).entries), ['k1', 'u1']);
      assert.equal(({} as Json).sessionId, undefined, 'no prototype pollution');
    });
  });
});

describe('JsonlSessionStore: symlinks', () => {
  it('does not follow a transcript symlink that leads outside the sessions dir', () => {
    const root = tmpDir();
    const dir = path.join(root, 'agents', 'main', 'sessions');
    fs.mkdirSync(dir, { recursive: true });
    const outside = path.join(root, 'secret.jsonl');
    fs.writeFileSync(outside, '{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00Z"}\n{"type":"message","id":"a","parentId":null,"timestamp":"2026-01-01T00:00:01Z","message":{"role":"user","content":"secret"}}\n');
    fs.symlinkSync(outside, path.join(dir, 's1.jsonl'));
    fs.writeFileSync(path.join(dir, 'sessions.json'), JSON.stringify({ 'agent:main:main': { sessionId: 's1', updatedAt: 1 } }));
    const diags: string[] = [];
    const store = new JsonlSessionStore('main', dir, (d) => diags.push(d.message));
    const [row] = store.readRows(true).rows;
    const delta = store.readTranscript(row!, undefined);
    assert.equal(delta.entries.length, 0);
    assert.ok(diags.some((m) => /outside/.test(m)), diags.join('\n'));
  });
});
