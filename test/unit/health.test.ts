/**
 * core/context/health.ts: a session's state (overflow, failed, spiral, stale, ok) over synthetic transcripts (each
 * state, combinations, "fine only when it is"), what the surfaces make of it (tree description and icon, the
 * status bar's tooltip, colour and Status line), and the states of the real OpenClaw 2026.9.6 sessions.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as zlib from 'node:zlib';
import { ORDER, SPIRAL_MAX_COMPACTIONS, healthWords, isOverflowError, lastTurnError, overflowFigures, sessionHealth, statusWords, type HealthInput, type HealthState } from '../../src/core/context/health';
import { rebuildContext, TranscriptIndex, type ActiveContext } from '../../src/core/context/rebuild';
import { ContextModel } from '../../src/core/context/model';
import { computeFigures } from '../../src/core/context/figures';
import type { ContextEngineInfo } from '../../src/core/store/contextEngine';
import type { SessionRow } from '../../src/core/store/types';
import { sessionDescription, sessionIcon, statusBarModel } from '../../src/core/context/viewModel';
import { renderContextDocument } from '../../src/core/context/document';
import { processEnv, resolveStateDirs } from '../../src/core/store/config';
import { entryMeta } from '../../src/core/store/entries';
import type { EntryMeta } from '../../src/core/store/types';
import { fixturePath, materializeRealState, realDbPath, realTranscriptDumps } from './helpers';
import { chain } from './support/chain';

type Json = Record<string, unknown>;

let n = 0;
const ts = () => new Date(Date.UTC(2026, 10, 20, 9, 0, ++n)).toISOString();
const u = (id: string, parentId: string | null, text = `user ${id}`): Json => ({ type: 'message', id, parentId, timestamp: ts(), message: { role: 'user', content: text, timestamp: n } });
const a = (id: string, parentId: string | null, extra: Json = {}): Json => ({
  type: 'message',
  id,
  parentId,
  timestamp: ts(),
  message: { role: 'assistant', content: [{ type: 'text', text: `assistant ${id}` }], provider: 'openai', model: 'gpt', usage: { input: 1000, output: 10, cacheRead: 0, cacheWrite: 0, totalTokens: 1010 }, stopReason: 'stop', timestamp: n, ...extra },
});
const err = (id: string, parentId: string, errorMessage: string, errorCode?: string): Json =>
  a(id, parentId, { content: [], usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0 }, stopReason: 'error', errorMessage, ...(errorCode ? { errorCode } : {}) });
const notice = (id: string, parentId: string): Json => a(id, parentId, { provider: 'openclaw', model: 'delivery-mirror', content: [{ type: 'text', text: '⚠️ Context overflow' }], usage: undefined });
const comp = (id: string, parentId: string, firstKeptEntryId: string, extra: Json = {}): Json => ({ type: 'compaction', id, parentId, timestamp: ts(), summary: `summary ${id}`, firstKeptEntryId, tokensBefore: 20_000, tokensAfter: 4_000, ...extra });
const reset = (id: string, parentId: string): Json => ({ type: 'reset', id, parentId, timestamp: ts(), reason: 'reset' });

function contextOf(lines: Json[]): ActiveContext {
  const entries = lines.map((l, i) => entryMeta(l, i, JSON.stringify(l).length, 'o200k')).filter((m): m is EntryMeta => !!m);
  const idx = new TranscriptIndex();
  idx.apply({ reset: true, entries, cursor: { kind: 'sqlite', sessionId: 's', lastSeq: entries.length } });
  return rebuildContext(idx);
}

const U = (id: string, text?: string) => (p: string | null) => u(id, p, text);
const A = (id: string, extra?: Json) => (p: string | null) => a(id, p, extra);
const E = (id: string, msg: string, code?: string) => (p: string | null) => err(id, p!, msg, code);
const C = (id: string, firstKept: string, extra?: Json) => (p: string | null) => comp(id, p!, firstKept, extra);

const FRESH = { status: 'done', totalTokens: 1010, totalTokensFresh: true };
const CURRENT = { usedSource: 'session' as const, pending: 0 };
const input = (lines: Json[] | undefined, row: HealthInput['row'] = FRESH, figures: HealthInput['figures'] = CURRENT): HealthInput => ({ row, context: lines ? contextOf(lines) : undefined, figures });

/** n user/assistant turns with ids p1..pn */
const turns = (p: string, count: number) => Array.from({ length: count }, (_, i) => [U(`${p}u${i}`), A(`${p}a${i}`)]).flat();

const OVERFLOW_OPENAI = "400 This model's maximum context length is 32768 tokens. However, your messages resulted in 49680 tokens. Please reduce the length of the messages.";

describe('session state: each state', () => {
  const table: Array<{ name: string; in: HealthInput; states: HealthState[]; line?: RegExp }> = [
    { name: 'a finished turn and a fresh count', in: input(chain(U('u1'), A('a1'))), states: ['ok'] },
    { name: 'no transcript read, nothing wrong in the row', in: input(undefined), states: ['ok'] },
    { name: 'the row says failed (a failed preflight compaction leaves no error row)', in: input(chain(U('u1'), A('a1')), { ...FRESH, status: 'failed' }), states: ['failed'], line: /OpenClaw marked the session failed/ },
    { name: 'the last assistant row is an error', in: input(chain(U('u1'), E('e1', '429 rate limit reached for requests'))), states: ['failed'], line: /failed: 429 rate limit/ },
    { name: 'OpenAI context_length_exceeded', in: input(chain(U('u1'), E('e1', OVERFLOW_OPENAI, 'context_length_exceeded'))), states: ['overflow'], line: /49,680 tokens; the limit is 32,768/ },
    { name: 'Anthropic "prompt is too long" (no code)', in: input(chain(U('u1'), E('e1', 'prompt is too long: 208000 tokens > 200000 maximum'))), states: ['overflow'], line: /208,000 tokens; the limit is 200,000/ },
    { name: "OpenClaw's own overflow wording", in: input(chain(U('u1'), E('e1', 'Context overflow: prompt too large for the model. Try /reset (or /new).'))), states: ['overflow'] },
    { name: 'an error row followed by an OpenClaw notice still failed the turn', in: input([...chain(U('u1'), E('e1', OVERFLOW_OPENAI, 'context_length_exceeded')), notice('n1', 'e1')]), states: ['overflow'] },
    { name: 'a user message after the error: a new turn, the failure is history', in: input(chain(U('u1'), E('e1', OVERFLOW_OPENAI, 'context_length_exceeded'), U('u2'))), states: ['ok'] },
    { name: 'a later turn succeeded', in: input(chain(U('u1'), E('e1', OVERFLOW_OPENAI), U('u2'), A('a2'))), states: ['ok'] },
    { name: `more than ${SPIRAL_MAX_COMPACTIONS} compactions`, in: input(chain(...turns('x', 3), C('c1', 'xu2'), ...turns('y', 3), C('c2', 'yu2'), ...turns('z', 3), C('c3', 'zu2'), ...turns('w', 3), C('c4', 'wu2'), U('last'), A('lasta'))), states: ['spiral'], line: /4 compactions since the last reset/ },
    { name: `${SPIRAL_MAX_COMPACTIONS} compactions far apart are fine`, in: input(chain(...turns('x', 3), C('c1', 'xu2'), ...turns('y', 3), C('c2', 'yu2'), ...turns('z', 3), C('c3', 'zu2'), U('last'), A('lasta'))), states: ['ok'] },
    { name: 'two compactions with no turn between', in: input(chain(...turns('x', 3), C('c1', 'xu2'), C('c2', 'xu2'), U('last'), A('lasta'))), states: ['spiral'], line: /no turn between/ },
    { name: 'two compactions one turn apart', in: input(chain(...turns('x', 3), C('c1', 'xu2'), U('m'), A('ma'), C('c2', 'm'), U('last'), A('lasta'))), states: ['spiral'], line: /only 1 turn apart/ },
    { name: 'two compactions two turns apart are fine', in: input(chain(...turns('x', 3), C('c1', 'xu2'), ...turns('y', 2), C('c2', 'yu1'), U('last'), A('lasta'))), states: ['ok'] },
    { name: 'tokensAfter ≥ tokensBefore', in: input(chain(...turns('x', 3), C('c1', 'xu2', { tokensBefore: 9000, tokensAfter: 9500 }), U('last'), A('lasta'))), states: ['spiral'], line: /made the context bigger \(9\.0k → 9\.5k\)/ },
    {
      name: 'no tokensAfter: the summary and the kept messages outweigh what they replaced',
      in: input(chain(U('x'), A('xa'), C('c1', 'x', { tokensAfter: undefined, summary: 'a very long summary of two short messages '.repeat(40) }), U('last'), A('lasta'))),
      states: ['spiral'],
      line: /made the context bigger/,
    },
    { name: 'a reset ends the spiral', in: input([...chain(...turns('x', 3), C('c1', 'xu2'), C('c2', 'xu2'), C('c3', 'xu2'), C('c4', 'xu2')), reset('r', 'c4'), u('after', 'r'), a('aftera', 'after')]), states: ['ok'] },
    { name: 'no transcript: the row counts the compactions', in: input(undefined, { ...FRESH, compactionCount: 5 }), states: ['spiral'] },
    { name: 'totalTokensFresh false', in: input(chain(U('u1'), A('a1')), { totalTokens: 1010, totalTokensFresh: false }, { usedSource: 'transcript', pending: 0 }), states: ['stale'], line: /marked its count out of date/ },
    { name: 'messages written since OpenClaw counted', in: input(chain(U('u1'), A('a1'), U('u2')), FRESH, { usedSource: 'session', pending: 1200 }), states: ['stale'], line: /~1\.2k written since/ },
    { name: 'a compaction written after OpenClaw counted', in: input(chain(U('u1'), A('a1')), FRESH, { usedSource: 'transcript', pending: 0 }), states: ['stale'], line: /compaction was written after/ },
    { name: 'no count at all although the model answered (a fork)', in: input(chain(U('u1'), A('a1')), {}, { usedSource: 'transcript', pending: 0 }), states: ['stale'], line: /no count for this session/ },
    { name: 'a new session with nothing to count yet', in: input(chain(U('u1')), {}, { usedSource: 'transcript', pending: 0 }), states: ['ok'] },
  ];
  for (const t of table) {
    it(t.name, () => {
      const h = sessionHealth(t.in);
      assert.deepEqual(h.states, t.states);
      assert.equal(h.primary, t.states[0]);
      assert.equal(h.flags.length, t.states.length);
      if (t.line) assert.match(h.flags[0]!.line, t.line);
      for (const f of h.flags) {
        assert.ok(f.icon && /^[a-z-]+$/.test(f.icon), `codicon id ${f.icon}`);
        assert.match(f.color, /^charts\.[a-z]+$/);
        assert.ok(f.word.length > 0 && f.word.length <= 16, f.word);
        assert.ok(!/\n/.test(f.line) && f.line.length < 260, f.line);
        assert.ok(!/stopReason|totalTokensFresh|errorCode|usedSource|tokensAfter/.test(f.line), `plain words: ${f.line}`);
      }
    });
  }
});

describe("session state: OpenClaw's 0 after an only turn that failed", () => {
  it('is no count: not current because OpenClaw has none, not because of a compaction (there is none)', () => {
    const h = sessionHealth(input(chain(U('u1'), E('e1', OVERFLOW_OPENAI, 'context_length_exceeded')), { status: 'failed', totalTokens: 0, totalTokensFresh: true }, { usedSource: 'transcript', pending: 0 }));
    assert.deepEqual(h.states, ['overflow', 'stale']);
    assert.match(h.flags[1]!.line, /OpenClaw has no count for this session/);
    assert.doesNotMatch(h.flags[1]!.line, /compaction/);
  });
});

describe('session state: combinations and "fine only when it is"', () => {
  it('overflow + stale + spiral: overflow is primary, every state listed in order', () => {
    const lines = chain(...turns('x', 3), C('c1', 'xu2'), C('c2', 'xu2'), U('last'), E('e', OVERFLOW_OPENAI, 'context_length_exceeded'));
    const h = sessionHealth(input(lines, { status: 'failed', totalTokensFresh: false }, { usedSource: 'transcript', pending: 0 }));
    assert.deepEqual(h.states, ['overflow', 'spiral', 'stale']);
    assert.equal(h.figuresNotCurrent, true);
    assert.deepEqual(healthWords(h), ['overflow', 'compaction loop', 'not current']);
  });

  it('a failure is listed once: overflow, not overflow and failed', () => {
    const h = sessionHealth(input(chain(U('u1'), E('e1', OVERFLOW_OPENAI, 'context_length_exceeded')), { status: 'failed' }));
    assert.deepEqual(h.states, ['overflow']);
  });

  it('every combination of conditions: "ok" exactly when none holds, primary = the most serious', () => {
    const clean = chain(...turns('x', 2));
    for (let mask = 0; mask < 16; mask++) {
      const failedRow = !!(mask & 1);
      const overflow = !!(mask & 2);
      const spiral = !!(mask & 4);
      const stale = !!(mask & 8);
      const lines = [...clean];
      const last = () => lines[lines.length - 1]!.id as string;
      if (spiral) lines.push(comp('s1', last(), 'xu1'), comp('s2', 's1', 'xu1'));
      if (overflow) lines.push(u('ou', last()), err('oe', 'ou', OVERFLOW_OPENAI, 'context_length_exceeded'));
      const h = sessionHealth(input(lines, { status: failedRow ? 'failed' : 'done', totalTokens: 1010, totalTokensFresh: !stale }, { usedSource: stale ? 'transcript' : 'session', pending: 0 }));
      const want: HealthState[] = [];
      if (overflow) want.push('overflow');
      else if (failedRow) want.push('failed');
      if (spiral) want.push('spiral');
      if (stale) want.push('stale');
      assert.deepEqual(h.states, want.length ? want : ['ok'], `mask ${mask}`);
      assert.equal(h.primary === 'ok', want.length === 0);
      assert.equal(h.primary, want[0] ?? 'ok');
      assert.deepEqual(h.states, ORDER.filter((s) => h.states.includes(s)).concat(h.primary === 'ok' ? ['ok'] : []));
      const words = statusWords(h, 'fine', true);
      assert.equal(/\bfine\b/.test(words), want.length === 0, `mask ${mask}: ${words}`);
      assert.equal(/\bfine\b/.test(statusWords(h, 'near the limit', false)), false);
    }
  });

  it('lastTurnError and the overflow wordings', () => {
    assert.equal(lastTurnError(undefined), undefined);
    assert.equal(lastTurnError(contextOf(chain(U('u1'), A('a1')))), undefined);
    assert.equal(lastTurnError(contextOf(chain(U('u1'), E('e1', 'boom'))))?.id, 'e1');
    for (const m of ['context_length_exceeded', 'Context window exceeded', 'Input is too long for requested model.', 'exceeds the context window of this model', 'too many tokens in prompt'])
      assert.equal(isOverflowError({ errorMessage: m }), true, m);
    for (const m of ['429 rate limit', 'Internal Server Error', 'invalid api key', '']) assert.equal(isOverflowError({ errorMessage: m }), false, m);
    assert.deepEqual(overflowFigures(OVERFLOW_OPENAI), { prompt: 49680, limit: 32768 });
    assert.equal(overflowFigures('too long'), undefined);
    assert.equal(overflowFigures('400: 1000 2000 3000 tokens'), undefined);
  });
});

/** A SessionState-shaped object for the view models. */
/** A session as the context model makes it: its figures (and so its state) computed from the row and the context. */
function stateOf(lines: Json[], row: Json, engine?: ContextEngineInfo): Parameters<typeof statusBarModel>[0] & object {
  const context = contextOf(lines);
  const fullRow = { key: 'agent:main:s', sessionId: 's', updatedAt: 1, ...row } as unknown as SessionRow;
  const window = { tokens: 32768, source: 'session' as const };
  const figures = computeFigures({ row: fullRow, context, window, compaction: { reserveTokensFloor: 20_000, softThresholdTokens: 4_000 }, era: 'sqlite', ...(engine ? { engine } : {}) });
  return { uid: 'x|main|agent:main:s', stateDir: 'x', agentId: 'main', era: 'sqlite', row: fullRow, window, figures, gauge: figures, context, lastActivity: 1 } as unknown as Parameters<typeof statusBarModel>[0] & object;
}

describe('an overflow said only in the error row\'s text (a Gateway\'s chat.history)', () => {
  it('is an overflow; another error in the text is a failure', () => {
    const textErr = (id: string, p: string, text: string): Json => a(id, p, { content: [{ type: 'text', text }], usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0 }, stopReason: 'error' });
    const over = sessionHealth({ row: { status: 'failed' }, context: contextOf(chain(U('u1'), A('a1'), U('u2'), (p) => textErr('e1', p!, 'Context overflow: this conversation is too large for the model.'))), figures: CURRENT });
    assert.equal(over.primary, 'overflow');
    const other = sessionHealth({ row: { status: 'failed' }, context: contextOf(chain(U('u1'), A('a1'), U('u2'), (p) => textErr('e1', p!, 'Upstream returned 502.'))), figures: CURRENT });
    assert.equal(other.primary, 'failed');
  });
});

describe('session state on the surfaces (view models)', () => {
  const overflow = () => stateOf(chain(U('u1'), A('a1'), U('u2'), E('e1', OVERFLOW_OPENAI, 'context_length_exceeded')), { status: 'failed', totalTokensFresh: false });

  it('a context overflow: no "Status: fine", the estimate is marked not current, red', () => {
    const m = statusBarModel(overflow(), { pinned: false, now: 2 });
    assert.doesNotMatch(m.tooltip, /Status: fine/);
    assert.match(m.tooltip, /_Status: overflow, not current\./);
    assert.match(m.tooltip, /\*\*overflow\*\*: The last turn failed: the prompt was too big for the model's window/);
    assert.match(m.tooltip, /\| Message estimates \(not current\) \| OpenClaw's chars\/4/);
    assert.doesNotMatch(m.tooltip, /\| Message estimates \| OpenClaw's chars\/4/);
    assert.equal(m.background, 'error');
    assert.match(sessionDescription(overflow()), / · overflow · not current$/);
    assert.deepEqual(sessionIcon(overflow()), { icon: 'error', color: 'charts.red' });
  });

  it('the context document says the state under its title (nothing when fine)', () => {
    const s = overflow();
    const doc = renderContextDocument(s, s.context!.items.map(() => undefined));
    assert.match(doc, /^- State: \*\*overflow\*\*: The last turn failed: the prompt was too big/m);
    assert.match(doc, /^- State: \*\*not current\*\*: /m);
    const fine = stateOf(chain(U('u1'), A('a1')), { status: 'done', totalTokens: 9600, totalTokensFresh: true });
    assert.doesNotMatch(renderContextDocument(fine, []), /- State:/);
  });

  it('a fine session: "Status: fine", the gauge icon, no state words', () => {
    const s = stateOf(chain(U('u1'), A('a1')), { status: 'done', totalTokens: 9600, totalTokensFresh: true });
    const m = statusBarModel(s, { pinned: false, now: 2 });
    assert.match(m.tooltip, /_Status: fine\./);
    assert.match(m.tooltip, /\| Message estimates \| OpenClaw's chars\/4/);
    assert.equal(m.background, 'none');
    assert.equal(sessionDescription(s), '29% · 9.6k/33k');
    assert.deepEqual(sessionIcon(s), { icon: 'circle-large-outline', color: 'charts.green' });
  });

  it('a compaction loop: orange, a warning background, the reason in the tooltip', () => {
    // OpenClaw counted after the last turn (the row is newer than every entry): a loop, and the figure is current
    const s = stateOf(chain(...turns('x', 3), C('c1', 'xu2'), C('c2', 'xu2'), U('last'), A('lasta')), { status: 'done', totalTokens: 9600, totalTokensFresh: true, updatedAt: 9e12 });
    const m = statusBarModel(s, { pinned: false, now: 2 });
    assert.equal(m.background, 'warning');
    assert.match(m.tooltip, /\*\*compaction loop\*\*: Compacting over and over: two compactions with no turn between them/);
    assert.match(m.tooltip, /_Status: compaction loop\./);
    assert.deepEqual(sessionIcon(s), { icon: 'sync', color: 'charts.orange' });
  });

  it('a plugin that owns compaction replaces the flush and compaction lines', () => {
    const at = (engine: ContextEngineInfo) => stateOf(chain(U('u1'), A('a1')), { status: 'done', totalTokens: 9600, totalTokensFresh: true }, engine);
    const plain = statusBarModel(at({ id: 'legacy', ownsCompaction: false }), { pinned: false, now: 2 }).tooltip;
    assert.match(plain, /\| To memory flush \|/);
    const owned = statusBarModel(at({ id: 'lossless-claw', ownsCompaction: true }), { pinned: false, now: 2 }).tooltip;
    assert.doesNotMatch(owned, /To memory flush|To compaction/);
    assert.match(owned, /\| Compaction \| Compaction is done by the lossless\\-claw plugin: OpenClaw's own memory flush and compaction do not run for this session\\. \|/);
    const unknown = statusBarModel(at({ id: 'my-engine', ownsCompaction: 'unknown' }), { pinned: false, now: 2 }).tooltip;
    assert.match(unknown, /may compact on its own/);
    assert.match(unknown, /\| To compaction \|/);
  });
});

// ------------------------------------------------------------------------------------------ real data

function modelOf(state: string): ContextModel {
  const env = processEnv();
  const m = new ContextModel({ stateDirs: resolveStateDirs(state, undefined, env), env });
  m.refresh();
  for (const s of m.sessions()) m.ensureTranscript(s.uid);
  return m;
}

const statesOf = (m: ContextModel): Record<string, HealthState[]> => Object.fromEntries(m.sessions().map((s) => [s.row.key, sessionHealth(s).states]).sort(([x], [y]) => String(x).localeCompare(String(y))));

describe('session state of the real OpenClaw 2026.9.6 sessions', function () {
  this.timeout(60_000);

  it('the final database: the fork OpenClaw prints as "unknown" is stale, the rest are fine', () => {
    const m = modelOf(materializeRealState());
    try {
      const oc = (JSON.parse(fs.readFileSync(fixturePath('openclaw-real', 'cli', 'sessions-final.json'), 'utf8')) as { sessions: Array<{ key: string; totalTokensFresh: boolean }> }).sessions;
      const states = statesOf(m);
      assert.deepEqual(Object.keys(states).sort(), oc.map((s) => s.key).sort());
      for (const s of oc) assert.deepEqual(states[s.key], s.totalTokensFresh ? ['ok'] : ['stale'], s.key);
      assert.deepEqual(states['agent:main:dashboard:0c9e5420-4b4c-4526-9df1-2be93bb83f2a'], ['stale']);
    } finally {
      m.dispose();
    }
  });

  it('the database before the external writes: agent:main:work just failed with the provider overflow', () => {
    const state = materializeRealState();
    fs.writeFileSync(realDbPath(state), zlib.gunzipSync(fs.readFileSync(fixturePath('openclaw-real', 'openclaw-agent.pre-external.sqlite.gz'))));
    const m = modelOf(state);
    try {
      const states = statesOf(m);
      assert.deepEqual(states, {
        'agent:main:explicit:harness-explicit-001': ['ok'],
        'agent:main:ext': ['ok'],
        'agent:main:main': ['ok'],
        'agent:main:rpc': ['ok'],
        'agent:main:work': ['overflow', 'stale'],
      });
      const work = m.findByKey('agent:main:work')!;
      assert.equal(work.row.status, 'failed');
      const h = sessionHealth(work);
      assert.match(h.flags[0]!.line, /the provider counted 49,680 tokens; the limit is 32,768/);
      const tip = statusBarModel(work, { pinned: false, now: Date.now() }).tooltip;
      assert.doesNotMatch(tip, /Status: fine/);
      assert.match(tip, /Message estimates \(not current\) \| OpenClaw's chars\/4/);
    } finally {
      m.dispose();
    }
  });

  it("agent:main:main before its /reset: the auto-compaction and the /compact one turn later are a compaction loop", () => {
    const dump = realTranscriptDumps().find((d) => d.file.startsWith('agent_main_main__'))!;
    const upTo = dump.events.findIndex((e) => e.type === 'reset');
    assert.ok(upTo > 0);
    const ctx = contextOf(dump.events.slice(0, upTo));
    assert.equal(ctx.compactions.length, 2);
    const h = sessionHealth({ row: { status: 'done', totalTokens: 720, totalTokensFresh: true }, context: ctx, figures: CURRENT });
    assert.deepEqual(h.states, ['spiral']);
    assert.match(h.flags[0]!.line, /two compactions only 1 turn apart/);
    // the whole transcript: the reset ends it
    assert.deepEqual(sessionHealth({ row: FRESH, context: contextOf(dump.events), figures: CURRENT }).states, ['ok']);
  });
});
