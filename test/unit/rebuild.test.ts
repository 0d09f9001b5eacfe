/**
 * rebuildContext / groupTurns. Rules: openclaw-formats.md §2.5–2.6 (pi buildSessionContext) and
 * openclaw-2026.9.6.md §4.1 (reset, leaf, provider "openclaw" rows). The real-data section checks the
 * rebuild against what OpenClaw itself compiled for the model (trajectory `context.compiled` events in
 * the fixture DB).
 */
import assert from 'node:assert/strict';
import { extendContext, groupTurns, rebuildContext, TranscriptIndex } from '../../src/core/context/rebuild';
import { entryMeta } from '../../src/core/store/entries';
import type { EntryMeta } from '../../src/core/store/types';
import { materializeRealState, realDbPath, realTranscriptDumps, sqlite } from './helpers';

type Json = Record<string, unknown>;

function indexOf(lines: Json[]): TranscriptIndex {
  const entries: EntryMeta[] = [];
  lines.forEach((l, i) => {
    const m = entryMeta(l, i, JSON.stringify(l).length, 'o200k');
    assert.ok(m, `line ${i} indexed`);
    entries.push(m);
  });
  const idx = new TranscriptIndex();
  idx.apply({ reset: true, entries, cursor: { kind: 'sqlite', sessionId: 'x', lastSeq: entries.length - 1 } });
  return idx;
}

const parse = (jsonl: string): Json[] =>
  jsonl
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Json);

const ids = (es: readonly EntryMeta[]) => es.map((e) => e.id);

const HDR: Json = { type: 'session', version: 3, id: 'sess', timestamp: '2026-04-10T09:00:00.000Z', cwd: '/w' };
let n = 0;
const ts = () => new Date(Date.UTC(2026, 3, 10, 9, 0, ++n)).toISOString();
const u = (id: string, parentId: string | null, text = `user ${id}`): Json => ({ type: 'message', id, parentId, timestamp: ts(), message: { role: 'user', content: text, timestamp: n } });
const a = (id: string, parentId: string | null, usage = 1000, extra: Json = {}): Json => ({
  type: 'message',
  id,
  parentId,
  timestamp: ts(),
  message: { role: 'assistant', content: [{ type: 'text', text: `assistant ${id}` }], provider: 'anthropic', model: 'm', usage: { input: usage, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: usage }, stopReason: 'stop', timestamp: n, ...extra },
});
const tr = (id: string, parentId: string): Json => ({ type: 'message', id, parentId, timestamp: ts(), message: { role: 'toolResult', toolCallId: 'c', toolName: 'read', content: [{ type: 'text', text: 'result' }], isError: false, timestamp: n } });
const comp = (id: string, parentId: string, firstKeptEntryId: string, summary = `summary ${id}`): Json => ({ type: 'compaction', id, parentId, timestamp: ts(), summary, firstKeptEntryId, tokensBefore: 5000 });

// openclaw-formats.md §2.6 B and C, verbatim.
const EXAMPLE_B = `
{"type":"message","id":"7c7c7c7c","parentId":"6b6b6b6b","timestamp":"2026-04-10T14:02:00.000Z","message":{"role":"user","content":[{"type":"text","text":"Now wire the parser into cli.ts"}],"timestamp":1775829720000}}
{"type":"message","id":"8d8d8d8d","parentId":"7c7c7c7c","timestamp":"2026-04-10T14:02:09.000Z","message":{"role":"assistant","content":[{"type":"text","text":"Done; cli.ts now calls parseArgs()."}],"api":"openai-responses","provider":"openai","model":"gpt-5.4","usage":{"input":171000,"output":900,"cacheRead":0,"cacheWrite":0,"totalTokens":171900,"cost":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0,"total":0}},"stopReason":"stop","timestamp":1775829729000}}
{"type":"compaction","id":"9e9e9e9e","parentId":"8d8d8d8d","timestamp":"2026-04-10T14:02:15.000Z","summary":"## Decisions\\n- Use hand-written arg parser (no yargs)\\n\\n## Open TODOs\\n- Add tests for --json flag\\n\\n## Constraints/Rules\\n- Node 22 only\\n\\n## Pending user asks\\n- Wire parser into cli.ts\\n\\n## Exact identifiers\\n- src/args.ts, src/cli.ts, PR #412\\n\\n<read-files>\\nREADME.md\\n</read-files>\\n\\n<modified-files>\\nsrc/args.ts\\nsrc/cli.ts\\n</modified-files>","firstKeptEntryId":"7c7c7c7c","tokensBefore":171900,"details":{"readFiles":["README.md"],"modifiedFiles":["src/args.ts","src/cli.ts"]},"fromHook":true}
{"type":"message","id":"afafafaf","parentId":"9e9e9e9e","timestamp":"2026-04-10T14:05:00.000Z","message":{"role":"user","content":[{"type":"text","text":"Run the tests"}],"timestamp":1775829900000}}
`;
const EXAMPLE_C = `
{"type":"message","id":"11aa11aa","parentId":"00ff00ff","timestamp":"2026-04-11T10:00:00.000Z","message":{"role":"toolResult","toolCallId":"call_9","toolName":"exec","content":[{"type":"text","text":"<120 KB of logs>"}],"isError":false,"timestamp":1775901600000}}
{"type":"message","id":"22bb22bb","parentId":"11aa11aa","timestamp":"2026-04-11T10:00:04.000Z","message":{"role":"assistant","content":[{"type":"text","text":"Build failed at step 3."}],"api":"anthropic-messages","provider":"anthropic","model":"claude-sonnet-4-6","usage":{"input":3,"output":9,"cacheRead":60000,"cacheWrite":31000,"totalTokens":91012,"cost":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0,"total":0}},"stopReason":"stop","timestamp":1775901604000}}
{"type":"message","id":"33cc33cc","parentId":"00ff00ff","timestamp":"2026-04-11T10:01:00.000Z","message":{"role":"toolResult","toolCallId":"call_9","toolName":"exec","content":[{"type":"text","text":"<head of logs>…\\n[... 96211 more characters truncated]"}],"isError":false,"timestamp":1775901600000}}
{"type":"message","id":"44dd44dd","parentId":"33cc33cc","timestamp":"2026-04-11T10:01:00.001Z","message":{"role":"assistant","content":[{"type":"text","text":"Build failed at step 3."}],"api":"anthropic-messages","provider":"anthropic","model":"claude-sonnet-4-6","usage":{"input":3,"output":9,"cacheRead":60000,"cacheWrite":31000,"totalTokens":91012,"cost":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0,"total":0}},"stopReason":"stop","timestamp":1775901604000}}
{"type":"custom_message","id":"55ee55ee","parentId":"44dd44dd","timestamp":"2026-04-11T10:02:00.000Z","customType":"my-plugin","content":"Reminder: CI is flaky on step 3.","display":false}
{"type":"label","id":"66ff66ff","parentId":"55ee55ee","timestamp":"2026-04-11T10:02:01.000Z","targetId":"44dd44dd","label":"ci-failure"}
{"type":"session_info","id":"77a177a1","parentId":"66ff66ff","timestamp":"2026-04-11T10:02:02.000Z","name":"CI triage"}
`;

describe('rebuildContext', function () {
  it('an empty transcript (or only a header) has no context', function () {
    assert.deepEqual(rebuildContext(indexOf([])).items, []);
    const c = rebuildContext(indexOf([HDR]));
    assert.equal(c.leafId, null);
    assert.deepEqual(c.items, []);
  });

  it('linear: every message from the root to the last entry, in order', function () {
    const c = rebuildContext(indexOf([HDR, u('u1', null), a('a1', 'u1'), tr('t1', 'a1'), a('a2', 't1'), u('u2', 'a2')]));
    assert.equal(c.leafId, 'u2');
    assert.deepEqual(ids(c.items), ['u1', 'a1', 't1', 'a2', 'u2']);
    assert.deepEqual(ids(c.path), ['u1', 'a1', 't1', 'a2', 'u2']);
    assert.equal(c.compaction, undefined);
    assert.equal(c.usageFrom, 0);
  });

  it('example C (§2.6): abandoned branch excluded; label/session_info excluded; custom_message included', function () {
    const root = u('00ff00ff', null, 'run the build');
    const c = rebuildContext(indexOf([HDR, root, ...parse(EXAMPLE_C)]));
    assert.equal(c.leafId, '77a177a1');
    assert.deepEqual(ids(c.path), ['00ff00ff', '33cc33cc', '44dd44dd', '55ee55ee', '66ff66ff', '77a177a1']);
    assert.deepEqual(ids(c.items), ['00ff00ff', '33cc33cc', '44dd44dd', '55ee55ee']);
  });

  it('example B (§2.6): context = [summary, 7c7c7c7c, 8d8d8d8d, afafafaf]; usage before the compaction is not current', function () {
    const before = [u('1a1a1a1a', null), a('2b2b2b2b', '1a1a1a1a'), u('3c3c3c3c', '2b2b2b2b'), a('4d4d4d4d', '3c3c3c3c'), u('5e5e5e5e', '4d4d4d4d'), a('6b6b6b6b', '5e5e5e5e')];
    const c = rebuildContext(indexOf([HDR, ...before, ...parse(EXAMPLE_B)]));
    assert.deepEqual(ids(c.items), ['9e9e9e9e', '7c7c7c7c', '8d8d8d8d', 'afafafaf']);
    assert.equal(c.compaction?.id, '9e9e9e9e');
    assert.equal(c.compaction?.tokensBefore, 171900);
    assert.equal(c.usageFrom, 3, 'only items after the compaction entry carry current usage');
    assert.equal(c.items[0]!.kind, 'compaction');
  });

  it('a leaf entry makes its targetId the leaf (sessions.rewind)', function () {
    const lines = [HDR, u('u1', null), a('a1', 'u1'), u('u2', 'a1'), a('a2', 'u2'), { type: 'leaf', id: 'lf', parentId: 'a2', timestamp: ts(), targetId: 'a1' }];
    const c = rebuildContext(indexOf(lines));
    assert.equal(c.leafId, 'a1');
    assert.deepEqual(ids(c.items), ['u1', 'a1']);
    // the next message chains to the target
    const c2 = rebuildContext(indexOf([...lines, u('u3', 'a1')]));
    assert.deepEqual(ids(c2.items), ['u1', 'a1', 'u3']);
  });

  it('a leaf entry with an unknown targetId is reported and does not throw', function () {
    const c = rebuildContext(indexOf([HDR, u('u1', null), a('a1', 'u1'), { type: 'leaf', id: 'lf', parentId: 'a1', timestamp: ts(), targetId: 'nope' }]));
    assert.equal(c.missingLeafTarget, 'nope');
    assert.deepEqual(ids(c.items), ['u1', 'a1']);
  });

  it('a reset drops everything before it (the /reset user message after it stays)', function () {
    const c = rebuildContext(
      indexOf([HDR, u('u1', null), a('a1', 'u1'), comp('c1', 'a1', 'u1'), u('u2', 'c1'), { type: 'reset', id: 'r1', parentId: 'u2', timestamp: ts(), reason: 'reset' }, u('u3', 'r1', '/reset'), a('a3', 'u3')]),
    );
    assert.equal(c.reset?.id, 'r1');
    assert.deepEqual(ids(c.path), ['u3', 'a3']);
    assert.deepEqual(ids(c.items), ['u3', 'a3']);
    assert.equal(c.compaction, undefined, 'a compaction before the reset does not count');
    assert.deepEqual(c.compactions, []);
  });

  it('firstKeptEntryId not on the path: nothing before the compaction is kept', function () {
    const c = rebuildContext(indexOf([HDR, u('u1', null), a('a1', 'u1'), u('u2', 'a1'), comp('c1', 'u2', 'elsewhere'), u('u3', 'c1')]));
    assert.deepEqual(ids(c.items), ['c1', 'u3']);
    assert.equal(c.usageFrom, 1);
  });

  it('firstKeptEntryId may point at a non-message entry (OpenClaw does that): kept messages start after it', function () {
    const cacheTtl = { type: 'custom', id: 'k1', parentId: 'a1', timestamp: ts(), customType: 'openclaw.cache-ttl', data: {} };
    const c = rebuildContext(indexOf([HDR, u('u1', null), a('a1', 'u1'), cacheTtl, a('a2', 'k1'), comp('c1', 'a2', 'k1'), u('u3', 'c1')]));
    assert.deepEqual(ids(c.items), ['c1', 'a2', 'u3']);
  });

  it('only the latest compaction counts', function () {
    const c = rebuildContext(
      indexOf([HDR, u('u1', null), a('a1', 'u1'), comp('c1', 'a1', 'u1'), u('u2', 'c1'), a('a2', 'u2'), comp('c2', 'a2', 'u2'), u('u3', 'c2'), a('a3', 'u3')]),
    );
    assert.deepEqual(ids(c.items), ['c2', 'u2', 'a2', 'u3', 'a3']);
    assert.deepEqual(ids(c.compactions), ['c1', 'c2']);
    assert.equal(c.usageFrom, 3);
  });

  it('custom_message and branch_summary are in; custom, model_change, thinking_level_change, label, session_info and provider "openclaw" rows are out', function () {
    const lines: Json[] = [
      HDR,
      { type: 'model_change', id: 'm1', parentId: null, timestamp: ts(), provider: 'p', modelId: 'x' },
      { type: 'thinking_level_change', id: 't1', parentId: 'm1', timestamp: ts(), thinkingLevel: 'low' },
      { type: 'custom', id: 'cu', parentId: 't1', timestamp: ts(), customType: 'model-snapshot', data: {} },
      u('u1', 'cu'),
      a('a1', 'u1'),
      { type: 'branch_summary', id: 'b1', parentId: 'a1', timestamp: ts(), fromId: 'root', summary: 'what the other branch did' },
      { type: 'branch_summary', id: 'b0', parentId: 'b1', timestamp: ts(), fromId: 'root', summary: '' },
      { type: 'custom_message', id: 'cm', parentId: 'b0', timestamp: ts(), customType: 'run-failed-before-reply', content: 'This turn ended before a reply', display: true },
      { type: 'label', id: 'l1', parentId: 'cm', timestamp: ts(), targetId: 'u1', label: 'x' },
      { type: 'session_info', id: 's1', parentId: 'l1', timestamp: ts(), name: 'n' },
      a('n1', 's1', 0, { provider: 'openclaw', model: 'gateway-injected', api: 'openai-responses' }),
      a('n2', 'n1', 0, { provider: 'openclaw', model: 'delivery-mirror', api: 'openai-responses' }),
      u('u2', 'n2'),
    ];
    const c = rebuildContext(indexOf(lines));
    assert.deepEqual(ids(c.items), ['u1', 'a1', 'b1', 'cm', 'u2']);
    assert.equal(c.path.length, lines.length - 1);
  });

  it('a missing parent stops the walk and is reported', function () {
    const c = rebuildContext(indexOf([HDR, u('u1', null), a('a1', 'u1'), u('u2', 'gone'), a('a2', 'u2')]));
    assert.equal(c.missingParent, 'gone');
    assert.deepEqual(ids(c.items), ['u2', 'a2']);
  });

  it('a parent cycle terminates', function () {
    const c = rebuildContext(indexOf([HDR, u('x1', 'x3'), a('x2', 'x1'), u('x3', 'x2')]));
    assert.deepEqual(ids(c.path).sort(), ['x1', 'x2', 'x3']);
    assert.equal(c.path[c.path.length - 1]!.id, 'x3');
    const self = rebuildContext(indexOf([HDR, u('s', 's')]));
    assert.deepEqual(ids(self.items), ['s']);
  });

  it('TranscriptIndex.apply: reset replaces, deltas append, nothing new reports false', function () {
    const idx = indexOf([HDR, u('u1', null)]);
    const rev = idx.revision;
    assert.equal(idx.apply({ reset: false, entries: [], cursor: { kind: 'sqlite', sessionId: 'x', lastSeq: 1 } }), false);
    assert.equal(idx.revision, rev);
    const m = entryMeta(a('a1', 'u1'), 2, 10)!;
    assert.equal(idx.apply({ reset: false, entries: [m], cursor: { kind: 'sqlite', sessionId: 'x', lastSeq: 2 } }), true);
    assert.deepEqual(ids(idx.entries), ['sess', 'u1', 'a1']);
    assert.equal(idx.byId.get('a1'), m);
    idx.apply({ reset: true, entries: [m], cursor: { kind: 'sqlite', sessionId: 'x', lastSeq: 2 } });
    assert.deepEqual(ids(idx.entries), ['a1']);
    assert.equal(idx.byId.has('u1'), false);
  });
});

describe('groupTurns', function () {
  it('each user message (and a summary, custom_message, bashExecution) opens a turn; leading rows form a turn without opener', function () {
    const bash: Json = { type: 'message', id: 'b1', parentId: 'a2', timestamp: ts(), message: { role: 'bashExecution', command: 'ls', output: 'a\nb', exitCode: 0, cancelled: false, truncated: false, timestamp: 1 } };
    const lines: Json[] = [HDR, a('a0', null), u('u1', 'a0'), a('a1', 'u1'), tr('t1', 'a1'), a('a2', 't1'), bash, { type: 'custom_message', id: 'cm', parentId: 'b1', timestamp: ts(), customType: 'x', content: 'note', display: true }, u('u2', 'cm'), a('a3', 'u2')];
    const ctx = rebuildContext(indexOf(lines));
    const turns = groupTurns(ctx.items);
    assert.deepEqual(
      turns.map((t) => [t.opener?.id, ids(t.entries)]),
      [
        [undefined, ['a0']],
        ['u1', ['u1', 'a1', 't1', 'a2']],
        ['b1', ['b1']],
        ['cm', ['cm']],
        ['u2', ['u2', 'a3']],
      ],
    );
    for (const t of turns) assert.equal(t.tokens, t.entries.reduce((s, e) => s + e.est!, 0));
  });

  it('a compaction summary opens the first turn', function () {
    const before = [u('1a1a1a1a', null), a('2b2b2b2b', '1a1a1a1a'), u('3c3c3c3c', '2b2b2b2b'), a('4d4d4d4d', '3c3c3c3c'), u('5e5e5e5e', '4d4d4d4d'), a('6b6b6b6b', '5e5e5e5e')];
    const turns = groupTurns(rebuildContext(indexOf([HDR, ...before, ...parse(EXAMPLE_B)])).items);
    assert.deepEqual(
      turns.map((t) => ids(t.entries)),
      [['9e9e9e9e'], ['7c7c7c7c', '8d8d8d8d'], ['afafafaf']],
    );
  });
});

describe('rebuildContext vs what OpenClaw 2026.9.6 compiled for the model (real fixture)', function () {
  interface Compiled {
    sessionId: string;
    ts: string;
    leafId: string | null;
    messages: Array<{ role: string; timestamp?: number } | string>;
  }
  let compiled: Compiled[] = [];
  before(function () {
    const db = realDbPath(materializeRealState());
    const { DatabaseSync } = sqlite();
    const raw = new DatabaseSync(db, { readOnly: true });
    try {
      compiled = (raw.prepare('SELECT session_id, event_json FROM trajectory_runtime_events ORDER BY session_id, seq').all() as Array<{ session_id: string; event_json: string }>)
        .map((r) => ({ sid: r.session_id, e: JSON.parse(r.event_json) as { type: string; ts: string; data: { transcriptLeafId?: string | null; messages?: Compiled['messages'] } } }))
        .filter((x) => x.e.type === 'context.compiled')
        .map((x) => ({ sessionId: x.sid, ts: x.e.ts, leafId: x.e.data.transcriptLeafId ?? null, messages: x.e.data.messages ?? [] }));
    } finally {
      raw.close();
    }
  });

  /**
   * openclaw-2026.9.6.md §6 "C retry" and "G": after rows were written without transcript_event_identities
   * while the Gateway ran, OpenClaw's own ancestry walk stopped early and it sent a truncated context;
   * a pi-style reader (and we) rebuild the full one. The doc records the disagreement.
   */
  const KNOWN_OPENCLAW_TRUNCATION = new Set(['2e1b024f-8216-4109-bf98-80423d6a06c9', '8b474e89-8789-4483-a7a0-5e80a3ecc5d4']);

  const roleOf = (e: EntryMeta) => (e.kind === 'compaction' ? 'compactionSummary' : e.kind === 'custom_message' ? 'custom' : e.kind === 'branch_summary' ? 'branchSummary' : e.role);

  it('matches every compiled context (roles, order, message timestamps), at the leaf OpenClaw used', function () {
    const dumps = realTranscriptDumps();
    assert.ok(compiled.length >= 30, `have ${compiled.length} compiled events`);
    let checked = 0;
    for (const c of compiled) {
      if (!c.leafId || KNOWN_OPENCLAW_TRUNCATION.has(c.leafId)) continue;
      const dump = dumps.find((d) => d.sessionId === c.sessionId);
      assert.ok(dump, `dump for ${c.sessionId}`);
      const cut = dump.events.findIndex((e) => e.id === c.leafId);
      assert.ok(cut >= 0, `leaf ${c.leafId} in ${dump.file}`);
      const lines = dump.events.slice(0, cut + 1);
      const ctx = rebuildContext(indexOf(lines));
      const where = `${dump.file} @ ${c.leafId} (${c.ts})`;
      // OpenClaw's trajectory writer replaces some large messages by the string "[Truncated]": their role
      // is unknown, but they still count.
      const theirs = c.messages.map((m) => (typeof m === 'string' ? null : m.role));
      assert.deepEqual(
        ctx.items.map((e, i) => (theirs[i] === null ? null : roleOf(e))),
        theirs,
        where,
      );
      ctx.items.forEach((item, i) => {
        if (item.kind !== 'message' || theirs[i] === null) return;
        const ev = lines.find((l) => l.id === item.id)!;
        assert.equal((ev.message as Json).timestamp, (c.messages[i] as { timestamp?: number }).timestamp, `${where} item ${i}`);
      });
      checked++;
    }
    assert.ok(checked >= 30, `checked ${checked}`);
  });

  it('the rewind (leaf entry → d56b34bc) rebuilds what OpenClaw compiled right after it', function () {
    const dump = realTranscriptDumps().find((d) => d.sessionId === '6f1431f6-0a9f-4bde-88bb-e32c2876f720')!;
    const leafAt = dump.events.findIndex((e) => e.type === 'leaf');
    assert.ok(leafAt > 0);
    const ctx = rebuildContext(indexOf(dump.events.slice(0, leafAt + 1)));
    assert.equal(ctx.leafId, 'd56b34bc-8eea-4a4a-b18a-5423c4f1e329');
    const c = compiled.find((x) => x.sessionId === dump.sessionId && x.leafId === 'd56b34bc-8eea-4a4a-b18a-5423c4f1e329')!;
    assert.deepEqual(ctx.items.map(roleOf), c.messages.map((m) => (typeof m === 'string' ? null : m.role)));
    // The compaction and the error turn after it are on the abandoned branch.
    assert.equal(ctx.compaction, undefined);
  });
});

describe('extendContext (the live O(appended) path) equals a full rebuild', () => {
  // Build each real transcript row by row; after every append, the incremental context must equal
  // the full rebuild (ids of the path and of the model-visible items, compaction, usageFrom).
  it('on every prefix of every real transcript', () => {
    let extended = 0;
    for (const dump of realTranscriptDumps()) {
      const lines = dump.events;
      const index = new TranscriptIndex();
      let ctx: ReturnType<typeof rebuildContext> | undefined;
      lines.forEach((line, i) => {
        const meta = entryMeta(line, i, JSON.stringify(line).length)!;
        const known = new Set([meta].filter((e) => index.byId.has(e.id)).map((e) => e.id));
        index.apply({ reset: false, entries: [meta], cursor: { kind: 'sqlite', sessionId: 's', lastSeq: i } });
        const inc = ctx ? extendContext(ctx, [meta], known) : undefined;
        if (inc) extended++;
        const full = rebuildContext(index);
        const got = inc ?? full;
        assert.deepEqual(got.items.map((e) => e.id), full.items.map((e) => e.id), `${dump.sessionId} @${i}`);
        assert.deepEqual(got.path.map((e) => e.id), full.path.map((e) => e.id), `${dump.sessionId} @${i}`);
        assert.equal(got.leafId, full.leafId);
        assert.equal(got.usageFrom, full.usageFrom);
        assert.equal(got.compaction?.id, full.compaction?.id);
        ctx = got;
      });
    }
    assert.ok(extended > 50, `the incremental path was taken (${extended} times)`);
  });

  it('refuses (falls back) for branches, compactions, resets, leaf entries and duplicate ids', () => {
    const base = indexOf([
      { type: 'message', id: 'a', parentId: null, timestamp: '2026-01-01T00:00:00Z', message: { role: 'user', content: 'x' } },
      { type: 'message', id: 'b', parentId: 'a', timestamp: '2026-01-01T00:00:01Z', message: { role: 'assistant', content: [] } },
    ]);
    const ctx = rebuildContext(base);
    const m = (e: Json) => entryMeta(e, 9, 10)!;
    assert.equal(extendContext(ctx, [m({ type: 'message', id: 'c', parentId: 'a', message: { role: 'user', content: 'branch' } })], new Set()), undefined);
    assert.equal(extendContext(ctx, [m({ type: 'compaction', id: 'c', parentId: 'b', summary: 's', firstKeptEntryId: 'b' })], new Set()), undefined);
    assert.equal(extendContext(ctx, [m({ type: 'reset', id: 'c', parentId: 'b' })], new Set()), undefined);
    assert.equal(extendContext(ctx, [m({ type: 'leaf', id: 'c', parentId: 'b', targetId: 'a' })], new Set()), undefined);
    assert.equal(extendContext(ctx, [m({ type: 'message', id: 'c', parentId: 'b', message: { role: 'user', content: 'y' } })], new Set(['c'])), undefined);
    const ok = extendContext(ctx, [m({ type: 'message', id: 'c', parentId: 'b', message: { role: 'user', content: 'y' } })], new Set());
    assert.deepEqual(ok?.items.map((e) => e.id), ['a', 'b', 'c']);
  });
});
