/**
 * Compaction guards (issue 4 item 5; seed 000 L3–L5, seed 003 §27.2/§27.4; openclaw-formats.md §1.3, §4.5,
 * §4.7, §4.10; openclaw-2026.9.6.md §4.3): the trigger formula and its comparison operators, the L3 restore
 * list, the L4 circuit breaker with errors.md, the L5 emergency trim with context.md.
 *
 * Oracles are written out by hand: the seed's and the reference's numbers (176 000, 82 000, the observed
 * 24 576 / 20 576 on the real 32 768 window), file contents of the real fixture workspace, message ids of
 * the real transcripts, and byte strings. Token counts use a 1-token-per-character (or per-message)
 * estimator where the expected value has to be worked out by hand.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  alreadyFlushed,
  compactionLines,
  compactionLinesFromConfig,
  DEFAULT_RESERVE_TOKENS_FLOOR,
  DEFAULT_SOFT_THRESHOLD_TOKENS,
  evaluateTriggers,
  flushCycleOf,
  memoryFlushEnabled,
  RESERVE_WINDOW_DIVISOR,
  shouldCompact,
  shouldCompactAfterTurn,
  shouldFlush,
  triggerDistances,
} from '../../src/core/compaction/triggers';
import {
  buildRestoreList,
  compactionFiles,
  CONTEXT_MAX_TOKENS,
  CONTEXT_REL,
  KEY_FILE_MAX_TOKENS,
  MAX_KEY_FILES,
  MEMORY_INDEX_MAX_TOKENS,
  renderRestoreInjection,
  type RestoreList,
} from '../../src/core/compaction/restoreList';
import { appendErrorLine, BREAKER_THRESHOLD, breakerFile, breakerRoot, CompactionBreaker, ERRORS_REL } from '../../src/core/compaction/breaker';
import {
  CONCLUSION_MAX_CHARS,
  conclusionSection,
  EMERGENCY_DROP_TURNS,
  emergencyTrim,
  emergencyTrimWithConclusion,
  isContextOverflowError,
  lastAssistantConclusion,
  SECTION_BEGIN,
  SECTION_END,
  splitTurns,
  writeEmergencyConclusion,
} from '../../src/core/compaction/emergency';
import { computeGauge } from '../../src/core/context/gauge';
import { configuredModelWindow, loadConfig, processEnv } from '../../src/core/store/config';
import type { SessionRow } from '../../src/core/store/types';
import { estimateTokens } from '../../src/core/tokens/estimator';
import { estimateMessage } from '../../src/core/tokens/messageText';
import { fixturePath, materializeRealState, tmpDir } from './helpers';

type Json = Record<string, unknown>;

const chars = (s: string): number => s.length;
const o200k = (s: string): number => estimateTokens(s, 'o200k');
const DEFAULTS = { reserveTokensFloor: 20_000, softThresholdTokens: 4_000 };
const REAL_CONFIG = fixturePath('openclaw-real', 'state', 'openclaw.json');

// ------------------------------------------------------------------------------ real transcripts

function dump(name: string): Json[] {
  const dir = fixturePath('openclaw-real', 'transcripts');
  const f = fs.readdirSync(dir).find((n) => n.startsWith(name) && n.endsWith('.jsonl'));
  assert.ok(f, name);
  return fs
    .readFileSync(path.join(dir, f), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Json);
}

/** The model-visible messages at `leafId` (pi's rebuild, enough for these transcripts): parent walk, the last compaction's summary + kept entries. */
function activeMessages(events: Json[], leafId: string): Json[] {
  const byId = new Map(events.filter((e) => typeof e.id === 'string' && e.type !== 'session').map((e) => [e.id as string, e]));
  const pathEntries: Json[] = [];
  for (let e = byId.get(leafId); e; e = typeof e.parentId === 'string' ? byId.get(e.parentId) : undefined) pathEntries.unshift(e);
  const ci = pathEntries.map((e) => e.type).lastIndexOf('compaction');
  const msgs = (es: Json[]) => es.filter((e) => e.type === 'message').map((e) => ({ ...(e.message as Json), _id: e.id }) as Json);
  if (ci < 0) return msgs(pathEntries);
  const c = pathEntries[ci]!;
  const keptFrom = pathEntries.findIndex((e) => e.id === c.firstKeptEntryId);
  return [{ role: 'compactionSummary', summary: c.summary, _id: c.id }, ...msgs(pathEntries.slice(keptFrom, ci)), ...msgs(pathEntries.slice(ci + 1))];
}

const ids = (ms: readonly Json[]): string[] => ms.map((m) => String(m._id).slice(0, 8));
/** The full id of the entry whose id starts with `prefix`. */
const idOf = (events: Json[], prefix: string): string => String(events.find((e) => String(e.id).startsWith(prefix))!.id);

// ==============================================================================================
describe('compaction guards: trigger formula (seed 003 §27.2, formats §4.5/§4.10, 2026.9.6 §4.3)', function () {
  it('constants: reserve floor 20 000, soft threshold 4 000, reserve capped at a quarter of the window', function () {
    assert.equal(DEFAULT_RESERVE_TOKENS_FLOOR, 20_000);
    assert.equal(DEFAULT_SOFT_THRESHOLD_TOKENS, 4_000);
    assert.equal(RESERVE_WINDOW_DIVISOR, 4);
  });

  it("seed 003's example: 200 000 − 20 000 − 4 000 = 176 000 (flush line); compaction line 180 000", function () {
    for (const era of ['sqlite', 'jsonl'] as const) {
      const l = compactionLines(200_000, DEFAULTS, { era });
      assert.equal(l.flushAt, 176_000, era);
      assert.equal(l.compactAt, 180_000, era);
      assert.equal(l.reserve, 20_000, era);
      assert.equal(l.reserveCapped, false, era);
      assert.equal(l.source, 'reserve');
    }
  });

  it('the real OpenClaw config (fixture openclaw.json: no keys set → defaults) on its 32 768 window: 24 576 / 20 576, as OpenClaw logged', function () {
    const cfg = loadConfig(REAL_CONFIG, processEnv());
    assert.equal(cfg.error, undefined);
    const window = configuredModelWindow(cfg.value, 'fake', 'scripted-1');
    assert.equal(window, 32_768);
    const l = compactionLinesFromConfig(cfg.value, window!);
    assert.deepEqual(l.settings, { reserveTokensFloor: 20_000, softThresholdTokens: 4_000 });
    assert.equal(l.compactAt, 24_576); // `preflightCompaction check: … threshold=24576`
    assert.equal(l.flushAt, 20_576); // `memoryFlush check: … threshold=20576`
    assert.equal(l.reserve, 8_192);
    assert.equal(l.reserveCapped, true);
    // JSONL era (no cap): 32 768 − 20 000 = 12 768, − 4 000 = 8 768
    const j = compactionLinesFromConfig(cfg.value, window!, { era: 'jsonl' });
    assert.equal(j.compactAt, 12_768);
    assert.equal(j.flushAt, 8_768);
    assert.equal(j.reserveCapped, false);
    assert.equal(memoryFlushEnabled(cfg.value), true);
  });

  it('the real run: the flush fired at 21 991 and the preflight compaction at 24 609 (both ≥ their line)', function () {
    const cfg = loadConfig(REAL_CONFIG, processEnv()).value;
    const l = compactionLinesFromConfig(cfg, 32_768);
    assert.equal(shouldFlush(21_991, l, { compactionCount: 0 }), true);
    assert.equal(shouldCompact(24_609, l), true);
    assert.equal(shouldCompact(21_991, l), false);
  });

  it('synthetic JSON5 configs: comments, trailing commas, unquoted keys, $include, and the seed\'s 100k example (82 000)', function () {
    const dir = tmpDir();
    const main = path.join(dir, 'openclaw.json');
    fs.writeFileSync(
      main,
      `// OpenClaw config (JSON5)\n{\n  agents: {\n    defaults: {\n      compaction: {\n        reserveTokensFloor: 15000, /* seed 003 §27.2.3 */\n        memoryFlush: { softThresholdTokens: 3000, },\n      },\n    },\n  },\n}\n`,
    );
    const c1 = loadConfig(main, processEnv());
    assert.equal(c1.error, undefined);
    const l1 = compactionLinesFromConfig(c1.value, 100_000);
    assert.equal(l1.flushAt, 82_000);
    assert.equal(l1.compactAt, 85_000);

    // the docs' example values, through an $include
    fs.writeFileSync(path.join(dir, 'compaction.json5'), `{ reserveTokensFloor: 24000, memoryFlush: { softThresholdTokens: 6000, enabled: false, }, }`);
    const inc = path.join(dir, 'inc.json');
    fs.writeFileSync(inc, `{ agents: { defaults: { compaction: { $include: './compaction.json5' } } } }`);
    const c2 = loadConfig(inc, processEnv()).value;
    const l2 = compactionLinesFromConfig(c2, 200_000);
    assert.equal(l2.compactAt, 176_000);
    assert.equal(l2.flushAt, 170_000);
    assert.equal(memoryFlushEnabled(c2), false);
    assert.equal(shouldFlush(180_000, l2, { enabled: memoryFlushEnabled(c2) }), false);

    // reserveTokensFloor 0 disables the floor: the compaction line is the window
    const zero = path.join(dir, 'zero.json');
    fs.writeFileSync(zero, `{agents:{defaults:{compaction:{reserveTokensFloor:0}}}}`);
    const l3 = compactionLinesFromConfig(loadConfig(zero, processEnv()).value, 200_000);
    assert.equal(l3.compactAt, 200_000);
    assert.equal(l3.flushAt, 196_000);

    // invalid values fall back to the defaults
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, `{agents:{defaults:{compaction:{reserveTokensFloor:-5, memoryFlush:{softThresholdTokens:'9'}}}}}`);
    const l4 = compactionLinesFromConfig(loadConfig(bad, processEnv()).value, 200_000);
    assert.equal(l4.flushAt, 176_000);
  });

  it('the quarter cap (SQLite era): below an 80 000 window the reserve is window ÷ 4; from 80 000 up the floor', function () {
    assert.equal(compactionLines(80_000, DEFAULTS).compactAt, 60_000);
    assert.equal(compactionLines(80_000, DEFAULTS).reserveCapped, false);
    assert.equal(compactionLines(79_996, DEFAULTS).compactAt, 59_997);
    assert.equal(compactionLines(79_996, DEFAULTS).reserveCapped, true);
    assert.equal(compactionLines(16_000, DEFAULTS).flushAt, 8_000);
    assert.equal(compactionLines(16_000, DEFAULTS, { era: 'jsonl' }).flushAt, 0); // max(0, 16 000 − 24 000)
  });

  it("OpenClaw's recorded budget (contextBudgetStatus.promptBudgetBeforeReserve) wins over the computed line", function () {
    const row: SessionRow = { key: 'k', sessionId: 's', updatedAt: 0, contextBudgetStatus: { promptBudgetBeforeReserve: 30_000 } };
    const l = compactionLines(200_000, DEFAULTS, { row, era: 'jsonl' });
    assert.equal(l.compactAt, 30_000);
    assert.equal(l.flushAt, 26_000);
    assert.equal(l.source, 'contextBudgetStatus');
    assert.equal(l.reserve, 170_000);
  });

  it('boundaries of shouldFlush (≥ 176 000): 175 999 no, 176 000 yes, 176 001 yes', function () {
    const l = compactionLines(200_000, DEFAULTS);
    assert.equal(shouldFlush(175_999, l), false);
    assert.equal(shouldFlush(176_000, l), true);
    assert.equal(shouldFlush(176_001, l), true);
  });

  it('boundaries of shouldCompact (≥ 180 000, OpenClaw preflight) and shouldCompactAfterTurn (> 180 000, pi)', function () {
    const l = compactionLines(200_000, DEFAULTS);
    assert.equal(shouldCompact(179_999, l), false);
    assert.equal(shouldCompact(180_000, l), true);
    assert.equal(shouldCompact(180_001, l), true);
    assert.equal(shouldCompactAfterTurn(179_999, l), false);
    assert.equal(shouldCompactAfterTurn(180_000, l), false);
    assert.equal(shouldCompactAfterTurn(180_001, l), true);
  });

  it('one flush per compaction cycle (memoryFlush.compactionCount === compactionCount, absent count = 0)', function () {
    const l = compactionLines(200_000, DEFAULTS);
    assert.equal(shouldFlush(190_000, l, { compactionCount: 2, flushedAtCompaction: 2 }), false);
    assert.equal(shouldFlush(190_000, l, { compactionCount: 3, flushedAtCompaction: 2 }), true);
    assert.equal(shouldFlush(190_000, l, { flushedAtCompaction: 0 }), false);
    assert.equal(shouldFlush(190_000, l, { compactionCount: 0 }), true);
    assert.equal(shouldFlush(190_000, l, { enabled: false }), false);
    const r26: SessionRow = { key: 'k', sessionId: 's', updatedAt: 0, compactionCount: 1, memoryFlush: { kind: 'succeeded', compactionCount: 1 } };
    assert.deepEqual(flushCycleOf(r26), { enabled: true, compactionCount: 1, flushedAtCompaction: 1 });
    assert.equal(alreadyFlushed(flushCycleOf(r26)), true);
    const legacy: SessionRow = { key: 'k', sessionId: 's', updatedAt: 0, compactionCount: 2, memoryFlushCompactionCount: 1 };
    assert.deepEqual(flushCycleOf(legacy), { enabled: true, compactionCount: 2, flushedAtCompaction: 1 });
    assert.equal(shouldFlush(190_000, l, flushCycleOf(legacy)), true);
  });

  it('no trigger for a zero, negative or non-finite figure, or a zero window', function () {
    const l = compactionLines(200_000, DEFAULTS);
    for (const t of [0, -1, Number.NaN]) {
      assert.equal(shouldFlush(t, l), false);
      assert.equal(shouldCompact(t, l), false);
    }
    const z = compactionLines(0, DEFAULTS);
    assert.equal(z.compactAt, 0);
    assert.equal(z.flushAt, 0);
    assert.equal(shouldCompact(5, z), false);
    assert.equal(shouldFlush(5, z), false);
  });

  it('distances, signed like the gauge (negative past the line)', function () {
    const l = compactionLines(200_000, DEFAULTS);
    assert.deepEqual(triggerDistances(170_000, l), { toFlush: 6_000, toCompaction: 10_000 });
    assert.deepEqual(triggerDistances(176_000, l), { toFlush: 0, toCompaction: 4_000 });
    assert.deepEqual(triggerDistances(181_000, l), { toFlush: -5_000, toCompaction: -1_000 });
    assert.deepEqual(evaluateTriggers(178_000, l, { compactionCount: 1, flushedAtCompaction: 0 }), {
      tokens: 178_000,
      flush: true,
      compact: false,
      compactAfterTurn: false,
      alreadyFlushed: false,
      toFlush: -2_000,
      toCompaction: 2_000,
    });
  });

  it('the same lines as the gauge draws (computeGauge), for both eras and several windows', function () {
    for (const era of ['sqlite', 'jsonl'] as const) {
      for (const w of [16_000, 32_768, 80_000, 128_000, 200_000, 1_000_000]) {
        const g = computeGauge({ row: { key: 'k', sessionId: 's', updatedAt: 0, totalTokens: 1000 }, context: undefined, window: { tokens: w, source: 'session' }, compaction: DEFAULTS, era });
        const l = compactionLines(w, DEFAULTS, { era });
        assert.equal(l.compactAt, g.compactionAt, `${era} ${w}`);
        assert.equal(l.flushAt, g.flushAt, `${era} ${w}`);
        assert.deepEqual(triggerDistances(1000, l), { toFlush: g.toFlush, toCompaction: g.toCompaction });
      }
    }
  });
});

// ==============================================================================================
describe('compaction guards: L3 restore list (seed 000 L3)', function () {
  const PLAN = '# Plan for BLUE-HERON\n1. Build the parser (src/args.ts)\n2. Wire it into src/cli.ts\n3. Ship ORD-4471 by Friday\n';
  const MEMORY = '# MEMORY.md\n\n- The user is testing OpenClaw offline with a fake model (scripted-1).\n- Project codename: BLUE-HERON. Ticket: TICKET-981.\n';

  function ws(files: Record<string, string | Buffer> = {}): string {
    const dir = path.join(tmpDir('occtx-ws-'), 'workspace');
    fs.mkdirSync(dir);
    for (const [rel, body] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), body);
    }
    return dir;
  }
  const paths = (l: RestoreList) => l.entries.map((e) => e.path);
  const skips = (l: RestoreList) => l.skipped.map((s) => `${s.path}:${s.reason}`);

  it('constants: 5 key files, 1 000 tokens each; MEMORY.md 800; context.md 2 000', function () {
    assert.equal(MAX_KEY_FILES, 5);
    assert.equal(KEY_FILE_MAX_TOKENS, 1_000);
    assert.equal(MEMORY_INDEX_MAX_TOKENS, 800);
    assert.equal(CONTEXT_MAX_TOKENS, 2_000);
    assert.equal(CONTEXT_REL, 'memories/context.md');
  });

  it('the real workspace and the real compaction of agent:main:work (readFiles: notes/plan.md)', function () {
    const state = materializeRealState();
    const compaction = dump('agent_main_work__6f14').find((e) => String(e.id).startsWith('c6968a97') && e.type === 'compaction');
    assert.ok(compaction);
    assert.deepEqual(compactionFiles(compaction), { readFiles: ['notes/plan.md'], modifiedFiles: [] });
    const list = buildRestoreList(path.join(state, 'workspace'), compactionFiles(compaction), o200k);
    assert.deepEqual(paths(list), ['MEMORY.md', 'notes/plan.md']);
    assert.deepEqual(skips(list), ['memories/context.md:missing']);
    assert.equal(list.entries[0]!.text, MEMORY);
    assert.equal(list.entries[0]!.kind, 'memory-index');
    assert.equal(list.entries[0]!.bytes, 136);
    assert.equal(list.entries[1]!.text, PLAN);
    assert.equal(list.entries[1]!.kind, 'key-file');
    assert.equal(list.entries[1]!.bytes, 110);
    for (const e of list.entries) {
      assert.equal(e.truncated, false);
      assert.equal(e.tokens, Math.ceil(o200k(e.text)));
      assert.equal(e.fullTokens, e.tokens);
    }
    assert.equal(list.totalTokens, list.entries[0]!.tokens + list.entries[1]!.tokens);
  });

  it('order: MEMORY.md, memories/context.md, then modified files, then read files; duplicates and the first two never repeated', function () {
    const dir = ws({ 'MEMORY.md': 'index\n', 'memories/context.md': 'task\n', 'a.md': 'A\n', 'b.ts': 'B\n', 'c.go': 'C\n', 'README': 'R\n' });
    const list = buildRestoreList(dir, { readFiles: ['c.go', 'MEMORY.md', 'a.md', './README', 'memories/context.md'], modifiedFiles: ['b.ts', 'a.md', path.join(dir, 'b.ts')] }, chars);
    assert.deepEqual(paths(list), ['MEMORY.md', 'memories/context.md', 'b.ts', 'a.md', 'c.go', 'README']);
    assert.deepEqual(list.entries.map((e) => e.kind), ['memory-index', 'context', 'key-file', 'key-file', 'key-file', 'key-file']);
    assert.deepEqual(list.skipped, []);
  });

  it('at most 5 key files; skipped candidates (missing, binary, outside) do not use a place; the rest is reported as over the limit', function () {
    const files: Record<string, string | Buffer> = { 'MEMORY.md': 'm\n', 'bin.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]) };
    for (let i = 1; i <= 7; i++) files[`f${i}.md`] = `file ${i}\n`;
    const dir = ws(files);
    const list = buildRestoreList(dir, { modifiedFiles: ['gone.md', 'f1.md', 'bin.png', '../escape.md', 'f2.md', 'f3.md', 'f4.md', 'f5.md', 'f6.md', 'f7.md'] }, chars);
    assert.deepEqual(paths(list), ['MEMORY.md', 'f1.md', 'f2.md', 'f3.md', 'f4.md', 'f5.md']);
    assert.deepEqual(skips(list), ['memories/context.md:missing', 'gone.md:missing', 'bin.png:binary', '../escape.md:outside', 'f6.md:limit', 'f7.md:limit']);
  });

  it('a key file at exactly 1 000 tokens is whole; at 1 001 it is cut at a line end and marked, the marker inside the cap', function () {
    const exact = 'y'.repeat(999) + '\n';
    const big = ('x'.repeat(99) + '\n').repeat(30);
    const dir = ws({ 'exact.md': exact, 'over.md': exact + 'z', 'big.md': big });
    const list = buildRestoreList(dir, { modifiedFiles: ['exact.md', 'over.md', 'big.md'] }, chars);
    const [e, o, b] = list.entries;
    assert.equal(e!.truncated, false);
    assert.equal(e!.tokens, 1_000);
    assert.equal(e!.text, exact);
    assert.equal(o!.truncated, true);
    assert.equal(o!.fullTokens, 1_001);
    // "[trimmed — full content at over.md]" is 35 characters: 1000 − 36 = 964 y's fit, the line end is too far back
    assert.equal(o!.text, 'y'.repeat(964) + '\n[trimmed — full content at over.md]');
    assert.equal(o!.tokens, 1_000);
    // big.md: 30 lines of 100; the marker (34) and its newline leave 965; cut back to the end of line 9
    assert.equal(b!.text, ('x'.repeat(99) + '\n').repeat(9) + '[trimmed — full content at big.md]');
    assert.equal(b!.tokens, 934);
    assert.equal(b!.fullTokens, 3_000);
    assert.equal(b!.bytes, 3_000);
  });

  it('MEMORY.md is held to 800 tokens (800 whole, 801 cut); memory.md is used only when MEMORY.md is absent', function () {
    const d800 = ws({ 'MEMORY.md': 'm'.repeat(800) });
    assert.equal(buildRestoreList(d800, {}, chars).entries[0]!.truncated, false);
    const d801 = ws({ 'MEMORY.md': 'm'.repeat(801) });
    const e = buildRestoreList(d801, {}, chars).entries[0]!;
    assert.equal(e.truncated, true);
    assert.equal(e.tokens <= 800, true);
    assert.equal(e.maxTokens, 800);
    const lower = ws({ 'memory.md': 'lower\n' });
    const l = buildRestoreList(lower, {}, chars);
    assert.deepEqual(paths(l), ['memory.md']);
    const both = ws({ 'MEMORY.md': 'upper\n', 'memory.md': 'lower\n' });
    assert.equal(buildRestoreList(both, {}, chars).entries[0]!.text, 'upper\n');
  });

  it('a huge file: only its head is read; truncated, size reported, no full count', function () {
    const dir = ws();
    const f = path.join(dir, 'huge.log');
    const line = 'INFO request served in 12ms\n';
    fs.writeFileSync(f, line.repeat(Math.ceil((20 * 1024 * 1024) / line.length)));
    const size = fs.statSync(f).size;
    const t0 = process.hrtime.bigint();
    const list = buildRestoreList(dir, { readFiles: ['huge.log'] }, o200k);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    const e = list.entries.find((x) => x.path === 'huge.log')!;
    assert.equal(e.truncated, true);
    assert.equal(e.bytes, size);
    assert.equal(e.fullTokens, undefined);
    assert.ok(e.tokens <= 1_000);
    assert.ok(e.text.endsWith('\n[trimmed — full content at huge.log]'));
    assert.ok(ms < 2_000, `${ms} ms`);
  });

  it('binary: a NUL byte, or invalid UTF-8; a multi-byte character cut by the read limit is not binary', function () {
    const dir = ws({ 'nul.txt': Buffer.from('text\0more'), 'latin1.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]), 'euro.md': '€'.repeat(40_000) });
    const list = buildRestoreList(dir, { readFiles: ['nul.txt', 'latin1.txt', 'euro.md'] }, chars);
    assert.deepEqual(skips(list), ['MEMORY.md:missing', 'memories/context.md:missing', 'nul.txt:binary', 'latin1.txt:binary']);
    assert.deepEqual(paths(list), ['euro.md']);
    assert.equal(list.entries[0]!.truncated, true);
    assert.ok(/^€+\n\[trimmed — full content at euro\.md\]$/.test(list.entries[0]!.text));
  });

  it('escapes: ../, absolute paths elsewhere, symlinks out (file, directory, MEMORY.md, memories/) are never read', function () {
    const root = tmpDir('occtx-esc-');
    const dir = path.join(root, 'workspace');
    fs.mkdirSync(path.join(dir, 'sub'), { recursive: true });
    const secretDir = path.join(root, 'secret');
    fs.mkdirSync(secretDir);
    fs.writeFileSync(path.join(secretDir, 'key.md'), 'SECRET\n');
    fs.writeFileSync(path.join(root, 'outside.md'), 'OUTSIDE\n');
    fs.writeFileSync(path.join(dir, 'inside.md'), 'inside\n');
    fs.symlinkSync(path.join(secretDir, 'key.md'), path.join(dir, 'link-out.md'));
    fs.symlinkSync(secretDir, path.join(dir, 'sub', 'dir-out'));
    fs.symlinkSync(path.join(dir, 'inside.md'), path.join(dir, 'link-in.md'));
    fs.symlinkSync(path.join(secretDir, 'key.md'), path.join(dir, 'MEMORY.md'));
    fs.symlinkSync(secretDir, path.join(dir, 'memories'));
    fs.writeFileSync(path.join(secretDir, 'context.md'), 'SECRET CONTEXT\n');
    const list = buildRestoreList(
      dir,
      { readFiles: ['../outside.md', path.join(root, 'outside.md'), '/etc/passwd', 'link-out.md', 'sub/dir-out/key.md', 'sub/../../outside.md', 'link-in.md', path.join(dir, 'inside.md')] },
      chars,
    );
    assert.deepEqual(paths(list), ['inside.md']);
    assert.deepEqual(skips(list), [
      'MEMORY.md:outside',
      'memories/context.md:outside',
      '../outside.md:outside',
      `${path.join(root, 'outside.md')}:outside`,
      '/etc/passwd:outside',
      'link-out.md:outside',
      'sub/dir-out/key.md:outside',
      'sub/../../outside.md:outside',
    ]);
    assert.ok(!list.entries.some((e) => e.text.includes('SECRET') || e.text.includes('OUTSIDE')));
  });

  it('an extra root lets a project file in (shown by its absolute path)', function () {
    const root = tmpDir('occtx-extra-');
    const dir = path.join(root, 'workspace');
    const proj = path.join(root, 'project');
    fs.mkdirSync(dir);
    fs.mkdirSync(proj);
    fs.writeFileSync(path.join(proj, 'main.rs'), 'fn main() {}\n');
    const f = path.join(proj, 'main.rs');
    assert.deepEqual(skips(buildRestoreList(dir, { modifiedFiles: [f] }, chars)).slice(2), [`${f}:outside`]);
    const list = buildRestoreList(dir, { modifiedFiles: [f] }, chars, { extraRoots: [proj] });
    assert.deepEqual(paths(list), [fs.realpathSync(f)]);
  });

  it('directories, FIFOs and empty files are skipped without blocking; a missing workspace gives an empty list', function () {
    const dir = ws({ 'empty.md': '', 'blank.md': ' \n\n', 'notes/x.md': 'x' });
    execFileSync('mkfifo', [path.join(dir, 'pipe')]);
    const list = buildRestoreList(dir, { readFiles: ['notes', 'pipe', 'empty.md', 'blank.md'] }, chars);
    assert.deepEqual(skips(list).slice(2), ['notes:not-a-file', 'pipe:not-a-file', 'empty.md:empty', 'blank.md:empty']);
    const none = buildRestoreList(path.join(dir, 'nope'), { readFiles: ['a.md'] }, chars);
    assert.deepEqual(none.entries, []);
    assert.deepEqual(skips(none), ['MEMORY.md:missing', 'memories/context.md:missing', 'a.md:missing']);
  });

  it('the injection text: header, instruction, `## <path>` sections in order; empty when nothing was read', function () {
    const dir = ws({ 'MEMORY.md': '# Index\n- task → memories/context.md\n', 'memories/context.md': 'Fixing the parser.\n\n', 'src/a.ts': 'export const a = 1;\n' });
    const list = buildRestoreList(dir, { modifiedFiles: ['src/a.ts'] }, chars);
    assert.equal(
      renderRestoreInjection(list),
      '[Post-compaction file restore]\n\n' +
        'Re-read after compaction: MEMORY.md, memories/context.md, src/a.ts. Treat them as hints, not ground truth: verify against the source files before any write or shell action. Resume the task where it stopped; do not tell the user that files were restored.\n\n' +
        '## MEMORY.md\n# Index\n- task → memories/context.md\n\n' +
        '## memories/context.md\nFixing the parser.\n\n' +
        '## src/a.ts\nexport const a = 1;\n',
    );
    assert.equal(renderRestoreInjection({ entries: [] }), '');
  });
});

// ==============================================================================================
describe('compaction guards: L4 circuit breaker (seed 000 L4)', function () {
  const KEY = 'agent:main:main';
  const T = Date.UTC(2026, 10, 21, 15, 40, 31);
  const REASON = 'Preflight compaction required but failed: Compaction safeguard finalized summary failed quality checks';
  const clock = () => {
    let t = T;
    return () => (t += 1000);
  };
  const workspace = () => {
    const d = path.join(tmpDir('occtx-brk-'), 'workspace');
    fs.mkdirSync(d);
    return d;
  };

  it('opens on the 3rd consecutive failure: L1 only, one line appended to memories/errors.md (created with its directory)', function () {
    assert.equal(BREAKER_THRESHOLD, 3);
    const state = tmpDir();
    const wsDir = workspace();
    const b = new CompactionBreaker(state, { now: clock() });
    const r1 = b.recordFailure(KEY, 'timeout', { workspaceDir: wsDir });
    const r2 = b.recordFailure(KEY, 'timeout again', { workspaceDir: wsDir });
    assert.equal(r1.opened || r2.opened, false);
    assert.equal(r2.state.consecutiveFailures, 2);
    assert.equal(b.mode(KEY), 'L2');
    assert.equal(fs.existsSync(path.join(wsDir, 'memories')), false);
    const r3 = b.recordFailure(KEY, REASON + '\nstack line 1\n  at x', { workspaceDir: wsDir });
    assert.equal(r3.opened, true);
    assert.equal(r3.state.open, true);
    assert.equal(b.isOpen(KEY), true);
    assert.equal(b.mode(KEY), 'L1-only');
    assert.equal(r3.state.openedAt, '2026-11-21T15:40:34.000Z');
    assert.equal(r3.errorsLog?.status, 'appended');
    assert.equal(ERRORS_REL, 'memories/errors.md');
    assert.equal(
      fs.readFileSync(path.join(wsDir, 'memories', 'errors.md'), 'utf8'),
      '- 2026-11-21T15:40:34.000Z compaction circuit breaker opened for session agent:main:main after 3 consecutive compaction failures: ' +
        `compaction stopped (trimmed views only) until reset. Last error: ${REASON} stack line 1 at x\n`,
    );
    // a 4th failure while open: counted, not logged again
    const r4 = b.recordFailure(KEY, 'again', { workspaceDir: wsDir });
    assert.equal(r4.opened, false);
    assert.equal(r4.errorsLog, undefined);
    assert.equal(r4.state.consecutiveFailures, 4);
    assert.equal(fs.readFileSync(path.join(wsDir, 'memories', 'errors.md'), 'utf8').split('\n').length, 2);
  });

  it('a success clears the count while closed; an open breaker stays open until reset', function () {
    const state = tmpDir();
    const b = new CompactionBreaker(state, { now: clock() });
    b.recordFailure(KEY, 'a');
    b.recordFailure(KEY, 'b');
    assert.deepEqual(b.recordSuccess(KEY), { sessionKey: KEY, consecutiveFailures: 0, open: false, failures: [] });
    assert.equal(fs.existsSync(b.fileFor(KEY)), false);
    b.recordFailure(KEY, 'c');
    b.recordFailure(KEY, 'd');
    assert.equal(b.isOpen(KEY), false);
    assert.equal(b.recordFailure(KEY, 'e').opened, true);
    assert.equal(b.recordSuccess(KEY).open, true);
    assert.equal(b.isOpen(KEY), true);
    assert.deepEqual(b.reset(KEY), { sessionKey: KEY, consecutiveFailures: 0, open: false, failures: [] });
    assert.equal(b.isOpen(KEY), false);
    assert.equal(fs.existsSync(b.fileFor(KEY)), false);
    b.recordFailure(KEY, 'f');
    b.recordFailure(KEY, 'g');
    assert.equal(b.isOpen(KEY), false);
  });

  it('persisted across instances, in <stateDir>/context/breaker/<session dir>.json', function () {
    const state = tmpDir();
    new CompactionBreaker(state, { now: clock() }).recordFailure(KEY, 'one');
    new CompactionBreaker(state, { now: clock() }).recordFailure(KEY, 'two');
    const third = new CompactionBreaker(state, { now: clock() });
    assert.equal(third.status(KEY).consecutiveFailures, 2);
    assert.equal(third.recordFailure(KEY, 'three').opened, true);
    const fourth = new CompactionBreaker(state);
    assert.equal(fourth.isOpen(KEY), true);
    assert.deepEqual(fourth.status(KEY).failures.map((f) => f.reason), ['one', 'two', 'three']);
    const hash = createHash('sha256').update(Buffer.from(KEY, 'utf16le')).digest('hex').slice(0, 16);
    const file = path.join(path.resolve(state), 'context', 'breaker', `agent_main_main-${hash}.json`);
    assert.equal(breakerFile(state, KEY), file);
    const onDisk = JSON.parse(fs.readFileSync(file, 'utf8')) as Json;
    assert.equal(onDisk.schema, 'openclaw-context/compaction-breaker');
    assert.equal(onDisk.version, 1);
    assert.equal(onDisk.sessionKey, KEY);
    assert.equal(onDisk.open, true);
    assert.equal(onDisk.consecutiveFailures, 3);
    // another session is independent
    assert.equal(fourth.isOpen('agent:main:work'), false);
    assert.deepEqual(fourth.list().map((s) => s.sessionKey), [KEY]);
  });

  it('hostile session keys stay inside the breaker root', function () {
    const state = tmpDir();
    const b = new CompactionBreaker(state);
    const keys = ['../../etc/passwd', '..', '.', '/abs/key', 'a/../../b', 'C:\\Windows\\x', 'CON', 'nul.json', '\u0000', '', 'x'.repeat(5000), '..\\..\\up', 'AGENT:MAIN:MAIN', 'agent:main:main'];
    for (const k of keys) for (let i = 0; i < 3; i++) b.recordFailure(k, `fail ${i}`);
    const root = breakerRoot(state);
    const names = fs.readdirSync(root);
    assert.equal(names.length, keys.length);
    for (const n of names) {
      assert.ok(n.endsWith('.json') && !n.includes('/') && !n.includes('\\'), n);
      assert.ok(fs.statSync(path.join(root, n)).isFile());
    }
    // nothing else was created anywhere in the state dir
    const all: string[] = [];
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else all.push(path.relative(state, p));
      }
    };
    walk(state);
    assert.equal(all.length, keys.length);
    assert.ok(all.every((p) => path.dirname(p) === path.join('context', 'breaker')));
    for (const k of keys) assert.equal(b.isOpen(k), true, JSON.stringify(k.slice(0, 20)));
    assert.deepEqual(new Set(b.list().map((s) => s.sessionKey)), new Set(keys));
  });

  it('a corrupt state file, or one of another key, counts as closed and is reported', function () {
    const state = tmpDir();
    const b = new CompactionBreaker(state);
    fs.mkdirSync(breakerRoot(state), { recursive: true });
    fs.writeFileSync(b.fileFor(KEY), '{not json');
    const s = b.status(KEY);
    assert.equal(s.open, false);
    assert.match(s.error ?? '', /not valid JSON/);
    fs.writeFileSync(b.fileFor(KEY), JSON.stringify({ schema: 'openclaw-context/compaction-breaker', version: 1, sessionKey: 'other', consecutiveFailures: 9, open: true, failures: [] }));
    assert.equal(b.isOpen(KEY), false);
    assert.match(b.status(KEY).error ?? '', /another session key/);
    // the next failure starts a fresh count over the bad file
    assert.equal(b.recordFailure(KEY, 'x').state.consecutiveFailures, 1);
    assert.equal(b.status(KEY).error, undefined);
  });

  it('errors.md is append-only: earlier bytes unchanged (no final newline, CRLF, non-UTF-8), newest last', function () {
    const wsDir = workspace();
    fs.mkdirSync(path.join(wsDir, 'memories'));
    const file = path.join(wsDir, 'memories', 'errors.md');
    const before = Buffer.concat([Buffer.from('# Errors\r\n- PermissionDenied: /etc/shadow\r\n- caf'), Buffer.from([0xe9]), Buffer.from(' path not found')]);
    fs.writeFileSync(file, before);
    const r1 = appendErrorLine(wsDir, 'first line');
    const r2 = appendErrorLine(wsDir, 'second\nline');
    assert.equal(r1.status, 'appended');
    assert.equal(r2.status, 'appended');
    const after = fs.readFileSync(file);
    assert.ok(after.subarray(0, before.length).equals(before));
    assert.equal(after.subarray(before.length).toString('utf8'), '\nfirst line\nsecond line\n');
  });

  it('errors.md through the breaker keeps the existing content byte-identical', function () {
    const wsDir = workspace();
    fs.mkdirSync(path.join(wsDir, 'memories'));
    const file = path.join(wsDir, 'memories', 'errors.md');
    const before = Buffer.from('- 2026-11-20 FileNotFound: src/old.ts\n');
    fs.writeFileSync(file, before);
    const b = new CompactionBreaker(tmpDir(), { now: clock() });
    for (let i = 0; i < 3; i++) b.recordFailure('s', 'boom', { workspaceDir: wsDir });
    b.reset('s');
    for (let i = 0; i < 3; i++) b.recordFailure('s', 'boom 2', { workspaceDir: wsDir });
    const after = fs.readFileSync(file);
    assert.ok(after.subarray(0, before.length).equals(before));
    const added = after.subarray(before.length).toString('utf8').split('\n');
    assert.equal(added.length, 3);
    assert.ok(added[0]!.endsWith('Last error: boom'));
    assert.ok(added[1]!.endsWith('Last error: boom 2'));
    assert.equal(added[2], '');
  });

  it('errors.md never written through a symlink, nor into a memories/ outside the workspace; the state is still kept', function () {
    const root = tmpDir('occtx-sym-');
    const wsDir = path.join(root, 'workspace');
    fs.mkdirSync(path.join(wsDir, 'memories'), { recursive: true });
    const target = path.join(root, 'victim.txt');
    fs.writeFileSync(target, 'victim\n');
    fs.symlinkSync(target, path.join(wsDir, 'memories', 'errors.md'));
    const r = appendErrorLine(wsDir, 'x');
    assert.equal(r.status, 'refused');
    assert.equal(fs.readFileSync(target, 'utf8'), 'victim\n');

    const ws2 = path.join(root, 'ws2');
    fs.mkdirSync(ws2);
    const outside = path.join(root, 'outside-memories');
    fs.mkdirSync(outside);
    fs.symlinkSync(outside, path.join(ws2, 'memories'));
    assert.equal(appendErrorLine(ws2, 'x').status, 'refused');
    assert.deepEqual(fs.readdirSync(outside), []);

    const b = new CompactionBreaker(tmpDir());
    let last;
    for (let i = 0; i < 3; i++) last = b.recordFailure('k', 'f', { workspaceDir: path.join(root, 'no-such-workspace') });
    assert.equal(last!.opened, true);
    assert.equal(last!.errorsLog?.status, 'refused');
    assert.equal(fs.existsSync(path.join(root, 'no-such-workspace')), false);
    assert.equal(b.isOpen('k'), true);
  });
});

// ==============================================================================================
describe('compaction guards: L5 emergency trim (seed 000 L5)', function () {
  const main = () => dump('agent_main_main__43a6');
  const work = () => dump('agent_main_work__6f14');
  /** agent:main:main before its first compaction: 28 messages, 11 turns */
  const mainBeforeCompaction = () => activeMessages(main(), '57746876-e5d3-47d5-a6c2-2194073561dd');
  const one = () => 1;

  it('constants: 2 turns per step, 1 500-character conclusion', function () {
    assert.equal(EMERGENCY_DROP_TURNS, 2);
    assert.equal(CONCLUSION_MAX_CHARS, 1_500);
  });

  it('real transcript (agent:main:main, 11 turns, one token per message, budget 10): 4 steps of 2 oldest turns, the last 3 turns kept', function () {
    const msgs = mainBeforeCompaction();
    assert.equal(msgs.length, 28);
    const r = emergencyTrim(msgs, { budget: 10, tokensOf: one });
    assert.deepEqual(ids(r.messages), ['13d20074', 'a4c61427', '6d9e4ea2', '7884418a', '26bb9040', '57746876']);
    assert.equal(r.steps, 4);
    assert.equal(r.dropped.length, 8);
    assert.deepEqual(r.dropped.map((d) => d.step), [1, 1, 2, 2, 3, 3, 4, 4]);
    assert.deepEqual(r.dropped.map((d) => d.messages.length), [2, 4, 4, 2, 2, 2, 4, 2]);
    assert.equal(r.droppedMessages, 22);
    assert.equal(r.tokensBefore, 28);
    assert.equal(r.tokensAfter, 6);
    assert.equal(r.fits, true);
    // the tool call a8b583c1 and its result 7a0819a1 went together
    assert.deepEqual(ids(r.dropped[1]!.messages), ['3558d4a9', 'a8b583c1', '7a0819a1', '4b2610f2']);
  });

  it('stops as soon as it fits (≤ budget): budget 22 → 1 step, 21 → 2 steps, 28 → none', function () {
    const msgs = mainBeforeCompaction();
    assert.equal(emergencyTrim(msgs, { budget: 22, tokensOf: one }).steps, 1);
    assert.equal(emergencyTrim(msgs, { budget: 22, tokensOf: one }).messages.length, 22);
    assert.equal(emergencyTrim(msgs, { budget: 21, tokensOf: one }).steps, 2);
    const none = emergencyTrim(msgs, { budget: 28, tokensOf: one });
    assert.equal(none.steps, 0);
    assert.equal(none.messages.length, 28);
    assert.equal(emergencyTrim(msgs, { budget: 30, tokensOf: one, overheadTokens: 3 }).steps, 1);
  });

  it('real transcript with the calibrated estimator (agent:main:work, 4 turns): budget = the last turn + 1 keeps exactly the last turn', function () {
    const msgs = activeMessages(work(), idOf(work(), 'd6a01c0d'));
    assert.deepEqual(ids(msgs), ['1f04a29f', '1cfb02a2', '821a2a08', '21a6aedf', '334b7bd2', '1ae2d009', '2c41fe9e', '355d353f', '08cf8fdd', 'd56b34bc', '9e582914', 'd6a01c0d']);
    const last = estimateMessage(msgs[10]!, 'o200k') + estimateMessage(msgs[11]!, 'o200k');
    const r = emergencyTrim(msgs, { budget: last + 1 });
    assert.deepEqual(ids(r.messages), ['9e582914', 'd6a01c0d']);
    assert.equal(r.steps, 2);
    assert.deepEqual(r.dropped.map((d) => [d.step, d.messages.length]), [[1, 4], [1, 2], [2, 4]]);
    assert.equal(r.fits, true);
    assert.ok(Math.abs(r.tokensAfter - last) < 1e-6);
  });

  it('the last turn is never dropped: when it alone is too big, fits is false', function () {
    const msgs = mainBeforeCompaction();
    const r = emergencyTrim(msgs, { budget: 1, tokensOf: one });
    assert.deepEqual(ids(r.messages), ['26bb9040', '57746876']);
    assert.equal(r.fits, false);
    assert.equal(r.tokensAfter, 2);
    assert.equal(r.steps, 5);
  });

  it('a compaction summary (preamble) is dropped only after all other droppable turns: real agent:main:work at its overflow', function () {
    const msgs = activeMessages(work(), idOf(work(), '53c2a920'));
    // summary, the kept split-turn answer, then two turns
    assert.deepEqual(ids(msgs), ['c6968a97', 'd6a01c0d', '2c5ba6cb', 'faf0d436', '53c2a920']);
    assert.deepEqual(
      splitTurns(msgs).map((t) => [t.kind, t.start, t.end]),
      [
        ['preamble', 0, 2],
        ['turn', 2, 4],
        ['turn', 4, 5],
      ],
    );
    // one step of 2: the only droppable turn, then the preamble
    const r = emergencyTrim(msgs, { budget: 1, tokensOf: one });
    assert.deepEqual(ids(r.messages), ['53c2a920']);
    assert.deepEqual(r.dropped.map((d) => d.kind), ['turn', 'preamble']);
    assert.equal(r.steps, 1);
    assert.equal(emergencyTrim(msgs, { budget: 5, tokensOf: one }).steps, 0);
  });

  it('preamble last (synthetic: summary + 4 turns of 2): budget 5 keeps the summary and the last 2 turns; budget 2 only the last turn', function () {
    const u = (n: number) => ({ role: 'user', content: `u${n}`, _id: `u${n}` });
    const a = (n: number) => ({ role: 'assistant', content: [{ type: 'text', text: `a${n}` }], _id: `a${n}` });
    const msgs: Json[] = [{ role: 'compactionSummary', summary: 's', _id: 'sum' }, u(1), a(1), u(2), a(2), u(3), a(3), u(4), a(4)];
    const r5 = emergencyTrim(msgs, { budget: 5, tokensOf: one });
    assert.deepEqual(ids(r5.messages), ['sum', 'u3', 'a3', 'u4', 'a4']);
    assert.equal(r5.steps, 1);
    const r2 = emergencyTrim(msgs, { budget: 2, tokensOf: one });
    assert.deepEqual(ids(r2.messages), ['u4', 'a4']);
    assert.deepEqual(r2.dropped.map((d) => [d.step, d.kind, d.start]), [
      [1, 'turn', 1],
      [1, 'turn', 3],
      [2, 'turn', 5],
      [2, 'preamble', 0],
    ]);
  });

  it('a tool call is never separated from its result, even with a user message in between', function () {
    const m = (role: string, extra: Json = {}) => ({ role, content: [{ type: 'text', text: role }], ...extra });
    const call = (id: string) => ({ role: 'assistant', content: [{ type: 'toolCall', id, name: 'exec', arguments: { command: 'ls' } }] });
    const msgs = [m('user'), call('A'), m('user', { steer: true }), { role: 'toolResult', toolCallId: 'A', content: [] }, m('assistant'), m('user'), call('B'), m('user'), m('assistant')];
    // B never gets a result: it does not hold its turn open
    assert.deepEqual(
      splitTurns(msgs).map((t) => [t.start, t.end]),
      [
        [0, 5],
        [5, 7],
        [7, 9],
      ],
    );
    // one step drops the first two turns (5 + 2 messages): the call, the steer and the result go together
    const r = emergencyTrim(msgs, { budget: 4, tokensOf: one });
    assert.deepEqual(r.messages, msgs.slice(7));
    assert.deepEqual(r.dropped[0]!.messages, msgs.slice(0, 5));
    // orphan results at the start belong to the preamble
    assert.deepEqual(
      splitTurns([{ role: 'toolResult', toolCallId: 'Z', content: [] }, m('user'), m('assistant')]).map((t) => t.kind),
      ['preamble', 'turn'],
    );
  });

  it('the view is a new array of the same objects; the input and the transcript file are untouched', function () {
    const dir = fixturePath('openclaw-real', 'transcripts');
    const file = path.join(dir, fs.readdirSync(dir).find((n) => n.startsWith('agent_main_main__43a6') && n.endsWith('.jsonl'))!);
    const hashBefore = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
    const msgs = mainBeforeCompaction();
    const copy = structuredClone(msgs);
    const r = emergencyTrim(msgs, { budget: 10, tokensOf: one });
    assert.deepEqual(msgs, copy);
    assert.notEqual(r.messages, msgs);
    assert.equal(r.messages[0], msgs[22]);
    assert.equal(createHash('sha256').update(fs.readFileSync(file)).digest('hex'), hashBefore);
  });

  it('context_length_exceeded: the real error row, its message, an Error; not other errors', function () {
    const rows = work()
      .filter((e) => e.type === 'message')
      .map((e) => e.message as Json);
    const errs = rows.filter((m) => isContextOverflowError(m));
    assert.equal(errs.length, 1);
    assert.equal(errs[0]!.stopReason, 'error');
    assert.equal(isContextOverflowError("400 This model's maximum context length is 32768 tokens. However, your messages resulted in 49680 tokens. Please reduce the length of the messages."), true);
    assert.equal(isContextOverflowError(new Error('Context overflow: prompt too large for the model. Try /reset (or /new)')), true);
    assert.equal(isContextOverflowError({ role: 'assistant', stopReason: 'error', errorMessage: '429 rate limit exceeded' }), false);
    assert.equal(isContextOverflowError('Preflight compaction required but failed'), false);
    assert.equal(isContextOverflowError(undefined), false);
  });

  it('the conclusion: the last real answer (error rows and OpenClaw notices skipped), its closing paragraphs when long', function () {
    // agent:main:work at the overflow: the error row is last; the answer before it
    const w = work();
    const atError = activeMessages(w, idOf(w, '70cfd366'));
    assert.deepEqual(lastAssistantConclusion(atError), { index: 3, text: 'We read the plan, wrote a parser and ran tests.', truncated: false });
    // agent:main:main right after /compact: the "⚙️ Compacted" notice is skipped
    const m = main();
    const afterCompact = activeMessages(m, '0632b63c-b424-4fba-a2c2-b46521c918ec');
    assert.equal(lastAssistantConclusion(afterCompact)!.text, 'ORD-4471 is shipped.');
    // a long answer: the paragraphs at its end that fit 1 500 characters
    const p = (c: string) => c.repeat(700);
    const long = [{ role: 'user', content: 'q' }, { role: 'assistant', content: [{ type: 'text', text: `${p('a')}\n\n${p('b')}\n\n${p('c')}` }] }];
    assert.deepEqual(lastAssistantConclusion(long), { index: 1, text: `${p('b')}\n\n${p('c')}`, truncated: true });
    const one2k = [{ role: 'assistant', content: [{ type: 'text', text: 'intro\n\n' + 'word '.repeat(400) + 'END' }] }];
    const c = lastAssistantConclusion(one2k)!;
    assert.equal(c.truncated, true);
    assert.ok(c.text.startsWith('…word ') && c.text.endsWith('word END'), c.text.slice(0, 20));
    assert.ok(c.text.length <= 1_500);
    assert.equal(lastAssistantConclusion([{ role: 'user', content: 'q' }]), undefined);
  });

  it('context.md: created with our section when missing; the section replaced in place; every other byte kept', function () {
    const wsDir = path.join(tmpDir('occtx-ctx-'), 'workspace');
    fs.mkdirSync(wsDir);
    const file = path.join(wsDir, 'memories', 'context.md');
    const r1 = writeEmergencyConclusion(wsDir, 'First conclusion.', { at: '2026-11-21T15:40:31.000Z', sessionKey: 'agent:main:work' });
    assert.deepEqual(r1, { status: 'written', file: fs.realpathSync(file), replaced: false });
    const section1 =
      '<!-- openclaw-context:emergency-trim -->\n## Last conclusion before emergency trim\n' +
      '_2026-11-21T15:40:31.000Z · session agent:main:work · the oldest turns were dropped after a context_length_exceeded error_\n\nFirst conclusion.\n' +
      '<!-- /openclaw-context:emergency-trim -->';
    assert.equal(fs.readFileSync(file, 'utf8'), section1 + '\n');

    // the agent rewrites its snapshot around our section (and leaves a byte that is not UTF-8)
    const head = Buffer.concat([Buffer.from('# Current task\r\nRefactor auth (caf'), Buffer.from([0xe9]), Buffer.from(')\r\n\r\n')]);
    const tail = Buffer.from('\n\n## Next\n- tests\n');
    fs.writeFileSync(file, Buffer.concat([head, Buffer.from(section1), tail]));
    const r2 = writeEmergencyConclusion(wsDir, 'Second.', { at: '2026-11-21T16:00:00.000Z' });
    assert.equal(r2.status === 'written' && r2.replaced, true);
    const section2 = conclusionSection('Second.', { at: '2026-11-21T16:00:00.000Z' });
    assert.equal(section2, section1.replace(' · session agent:main:work', '').replace('2026-11-21T15:40:31.000Z', '2026-11-21T16:00:00.000Z').replace('First conclusion.', 'Second.'));
    assert.ok(fs.readFileSync(file).equals(Buffer.concat([head, Buffer.from(section2), tail])));

    // no section yet and no final newline: appended after a blank line
    const plain = Buffer.from('Snapshot: step 3 of 5');
    fs.writeFileSync(file, plain);
    writeEmergencyConclusion(wsDir, 'Third.', { at: 'T' });
    const after = fs.readFileSync(file);
    assert.ok(after.subarray(0, plain.length).equals(plain));
    assert.equal(after.subarray(plain.length).toString('utf8'), '\n\n' + conclusionSection('Third.', { at: 'T' }) + '\n');
  });

  it('context.md: markers inside the conclusion are neutralised; the file mode kept; symlinks and escapes refused', function () {
    const root = tmpDir('occtx-ctx2-');
    const wsDir = path.join(root, 'workspace');
    fs.mkdirSync(path.join(wsDir, 'memories'), { recursive: true });
    const file = path.join(wsDir, 'memories', 'context.md');
    fs.writeFileSync(file, 'keep\n', { mode: 0o600 });
    fs.chmodSync(file, 0o600);
    writeEmergencyConclusion(wsDir, `evil ${SECTION_END} tail ${SECTION_BEGIN}`, { at: 'T' });
    const text = fs.readFileSync(file, 'utf8');
    assert.equal(text.split(SECTION_BEGIN).length, 2);
    assert.equal(text.split(SECTION_END).length, 2);
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    writeEmergencyConclusion(wsDir, 'again', { at: 'T2' });
    assert.equal(fs.readFileSync(file, 'utf8'), 'keep\n\n' + conclusionSection('again', { at: 'T2' }) + '\n');

    const victim = path.join(root, 'victim.md');
    fs.writeFileSync(victim, 'victim\n');
    fs.rmSync(file);
    fs.symlinkSync(victim, file);
    assert.equal(writeEmergencyConclusion(wsDir, 'x', { at: 'T' }).status, 'refused');
    assert.equal(fs.readFileSync(victim, 'utf8'), 'victim\n');
    assert.equal(fs.lstatSync(file).isSymbolicLink(), true);

    const ws2 = path.join(root, 'ws2');
    fs.mkdirSync(ws2);
    fs.mkdirSync(path.join(root, 'elsewhere'));
    fs.symlinkSync(path.join(root, 'elsewhere'), path.join(ws2, 'memories'));
    assert.equal(writeEmergencyConclusion(ws2, 'x', { at: 'T' }).status, 'refused');
    assert.deepEqual(fs.readdirSync(path.join(root, 'elsewhere')), []);
  });

  it('L5 in one call on the real workspace and transcript: conclusion written first, then the trim', function () {
    const state = materializeRealState();
    const wsDir = path.join(state, 'workspace');
    const memoryBefore = fs.readFileSync(path.join(wsDir, 'MEMORY.md'));
    const w = work();
    const msgs = activeMessages(w, idOf(w, '53c2a920'));
    const r = emergencyTrimWithConclusion(wsDir, msgs, { budget: 1, tokensOf: one, sessionKey: 'agent:main:work', now: () => Date.UTC(2026, 10, 21, 15, 41, 0) });
    assert.equal(r.conclusion?.text, 'We read the plan, wrote a parser and ran tests.');
    assert.equal(r.write?.status, 'written');
    assert.equal(
      fs.readFileSync(path.join(wsDir, 'memories', 'context.md'), 'utf8'),
      '<!-- openclaw-context:emergency-trim -->\n## Last conclusion before emergency trim\n' +
        '_2026-11-21T15:41:00.000Z · session agent:main:work · the oldest turns were dropped after a context_length_exceeded error_\n\n' +
        'We read the plan, wrote a parser and ran tests.\n<!-- /openclaw-context:emergency-trim -->\n',
    );
    assert.deepEqual(ids(r.trim.messages), ['53c2a920']);
    assert.ok(fs.readFileSync(path.join(wsDir, 'MEMORY.md')).equals(memoryBefore));
    // the L3 list after it offers the new context.md second
    const list = buildRestoreList(wsDir, { readFiles: ['notes/plan.md'] }, o200k);
    assert.deepEqual(list.entries.map((e) => e.path), ['MEMORY.md', 'memories/context.md', 'notes/plan.md']);
  });
});
