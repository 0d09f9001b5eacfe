/**
 * OpenClaw's tool-result context guard (openclaw-formats.md §4.2) and cache-TTL context pruning (§4.6) as
 * views (src/core/compaction/toolResultGuard.ts, pruning*.ts). Expected values are worked out by hand in the
 * comments from the constants of the reference; the views also run over every real OpenClaw transcript.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { estimateMessage } from '../../src/core/tokens/messageText';
import {
  CONTEXT_LIMIT_TRUNCATION_NOTICE,
  formatContextLimitTruncationNotice,
  guardContextChars,
  guardLimits,
  guardMessageChars,
  IMAGE_CHAR_ESTIMATE,
  PREEMPTIVE_CONTEXT_OVERFLOW_MESSAGE,
  PREEMPTIVE_OVERFLOW_RATIO,
  SINGLE_TOOL_RESULT_CONTEXT_SHARE,
  toolResultGuardView,
  truncateTextToBudget,
} from '../../src/core/compaction/toolResultGuard';
import { DEFAULT_CONTEXT_PRUNING_SETTINGS, makeToolPrunablePredicate, parseDurationMs, resolveContextPruningSettings, type ContextPruningSettings } from '../../src/core/compaction/pruningSettings';
import { estimateStringChars, pruningMessageChars } from '../../src/core/compaction/pruningEstimate';
import { PRUNED_CONTEXT_IMAGE_MARKER, softTrimToolResult } from '../../src/core/compaction/pruningTrim';
import { CACHE_TTL_CUSTOM_TYPE, contextPruningView, lastCacheTouchAt, openClawContextView } from '../../src/core/compaction/pruning';
import { realTranscriptDumps } from './helpers';
import { assertViewInvariants, deepFreeze, realContexts, realMessageRows, textOf } from './viewHelpers';

type Json = Record<string, unknown>;

const img = { type: 'image', data: 'aGk=', mimeType: 'image/png' };
const user = (text: string): Json => ({ role: 'user', content: text, timestamp: 1 });
const ok = (): Json => ({ role: 'assistant', content: [{ type: 'text', text: 'ok' }], stopReason: 'stop', timestamp: 1 });
/** an assistant calling `id` with `{}` arguments: 2 estimated chars ("{}") */
const callOf = (id: string, name = 'exec'): Json => ({ role: 'assistant', content: [{ type: 'toolCall', id, name, arguments: {} }], stopReason: 'toolUse', timestamp: 1 });
const tr = (id: string, content: string | unknown[], name = 'exec', extra: Json = {}): Json => ({
  role: 'toolResult',
  toolCallId: id,
  toolName: name,
  content: typeof content === 'string' ? [{ type: 'text', text: content }] : content,
  isError: false,
  timestamp: 1,
  ...extra,
});
const notice = (n: number): string => `[... ${n} more characters truncated]`; // 32 + digits chars

// =====================================================================================================
// Tool-result context guard (§4.2)

describe('guard: constants and limits', function () {
  it('ratios, image estimate, notice and overflow message as the reference gives them', function () {
    assert.equal(SINGLE_TOOL_RESULT_CONTEXT_SHARE, 0.5);
    assert.equal(PREEMPTIVE_OVERFLOW_RATIO, 0.9);
    assert.equal(IMAGE_CHAR_ESTIMATE, 8000);
    assert.equal(CONTEXT_LIMIT_TRUNCATION_NOTICE, 'more characters truncated');
    assert.equal(formatContextLimitTruncationNotice(84), '[... 84 more characters truncated]');
    assert.equal(formatContextLimitTruncationNotice(0), '[... 1 more characters truncated]');
    assert.equal(formatContextLimitTruncationNotice(7.9), '[... 7 more characters truncated]');
    assert.equal(PREEMPTIVE_CONTEXT_OVERFLOW_MESSAGE, 'Context overflow: estimated context size exceeds safe threshold during tool loop.');
  });

  it('per-result cap max(1024, floor(W×2×0.5)), context cap max(1024, floor(W×4×0.9))', function () {
    assert.deepEqual(guardLimits(200_000), { contextWindowTokens: 200_000, maxSingleToolResultChars: 200_000, maxContextChars: 720_000 });
    assert.deepEqual(guardLimits(32_768), { contextWindowTokens: 32_768, maxSingleToolResultChars: 32_768, maxContextChars: 117_964 }); // 117964.8
    assert.deepEqual(guardLimits(1000.9), { contextWindowTokens: 1000, maxSingleToolResultChars: 1024, maxContextChars: 3600 });
    assert.deepEqual(guardLimits(500), { contextWindowTokens: 500, maxSingleToolResultChars: 1024, maxContextChars: 1800 });
    assert.deepEqual(guardLimits(100), { contextWindowTokens: 100, maxSingleToolResultChars: 1024, maxContextChars: 1024 });
    assert.deepEqual(guardLimits(0), { contextWindowTokens: 1, maxSingleToolResultChars: 1024, maxContextChars: 1024 });
  });
});

describe('guard: char estimator (tool results ×2)', function () {
  const cyc: Json = {};
  cyc.self = cyc;
  const cases: Array<[string, unknown, number]> = [
    ['user string', user('hello'), 5],
    ['user text + image', { role: 'user', content: [{ type: 'text', text: 'ab' }, img] }, 8002],
    ['user other block: its JSON length', { role: 'user', content: [{ type: 'audio', data: 'x' }] }, 27],
    ['user content neither string nor array', { role: 'user', content: 5 }, 0],
    ['assistant text 3 + thinking 2 + args {"a":1} 7', { role: 'assistant', content: [{ type: 'text', text: 'abc' }, { type: 'thinking', thinking: 'de' }, { type: 'toolCall', id: 'x', name: 'n', arguments: { a: 1 } }] }, 12],
    ['assistant, unserialisable arguments: 128', { role: 'assistant', content: [{ type: 'toolCall', id: 'x', name: 'n', arguments: cyc }] }, 128],
    ['assistant, unknown block {"type":"x"}: 12', { role: 'assistant', content: [{ type: 'x' }] }, 12],
    ['toolResult (4 + details {"x":1} 7) × 2', tr('c', 'abcd', 'exec', { details: { x: 1 } }), 22],
    ['toolResult string content 3 × 2', { role: 'toolResult', toolCallId: 'c', content: 'abc' }, 6],
    ['toolResult image only: 8000 × 2', tr('c', [img]), 16000],
    ['toolResult details as a string: 4 × 2', tr('c', '', 'exec', { details: 'abcd' }), 8],
    ['toolResult cyclic details: 256 → × 2', tr('c', '', 'exec', { details: cyc }), 512],
    ['legacy role tool', { role: 'tool', content: 'abc' }, 6],
    ['type toolResult without a role', { type: 'toolResult', content: [{ type: 'text', text: 'ab' }] }, 4],
    ['custom message: 256', { role: 'custom', content: 'x'.repeat(10_000) }, 256],
    ['compactionSummary: 256', { role: 'compactionSummary', summary: 'x'.repeat(10_000) }, 256],
    ['not an object', null, 0],
  ];
  for (const [label, m, want] of cases) it(label, () => assert.equal(guardMessageChars(m), want));

  it('sums over the context', function () {
    assert.equal(guardContextChars([user('hello'), tr('c', 'abc'), null]), 5 + 6);
  });
});

describe('guard: truncateTextToBudget (cut at a newline after 70 %, notice inside the budget)', function () {
  it('fits → unchanged; budget ≤ 0 → the bare notice', function () {
    assert.equal(truncateTextToBudget('abc', 3), 'abc');
    assert.equal(truncateTextToBudget('abc', 0), notice(3));
  });

  it('no newline: 100 chars into 50 → 16 kept + a 34-char notice for 84', function () {
    // body budget: 50 − len("[... 50 more …]") = 16; then 50 − len(notice(84)) = 16 (stable)
    assert.equal(truncateTextToBudget('a'.repeat(100), 50), 'a'.repeat(16) + notice(84));
  });

  it('3-digit count: 1000 chars into 100 → 65 kept + notice(935)', function () {
    assert.equal(truncateTextToBudget('a'.repeat(1000), 100), 'a'.repeat(65) + notice(935));
  });

  it('a newline at or below 70 % of the body budget is ignored; one beyond it becomes the cut', function () {
    // body budget 16, 70 % = 11.2
    assert.equal(truncateTextToBudget('x'.repeat(10) + '\n' + 'y'.repeat(89), 50), 'x'.repeat(10) + '\n' + 'y'.repeat(5) + notice(84));
    assert.equal(truncateTextToBudget('x'.repeat(12) + '\n' + 'y'.repeat(87), 50), 'x'.repeat(12) + notice(88));
  });

  it('exactly 70 %: body budget 20 (max 54), newline at 14 is not "after 70 %", at 15 it is', function () {
    assert.equal(truncateTextToBudget('x'.repeat(14) + '\n' + 'y'.repeat(85), 54), 'x'.repeat(14) + '\n' + 'y'.repeat(5) + notice(80));
    assert.equal(truncateTextToBudget('x'.repeat(15) + '\n' + 'y'.repeat(84), 54), 'x'.repeat(15) + notice(85));
  });
});

describe('guard view', function () {
  // W = 1000 → per-result cap 1024 (estimate units) → text budget 512 chars; context cap 3600
  const W = { contextWindowTokens: 1000 };

  it('a result estimated at exactly the cap passes; one char more is truncated to 512', function () {
    const msgs = deepFreeze([user('go'), callOf('a'), tr('a', 'a'.repeat(512)), callOf('b'), tr('b', 'b'.repeat(513))]);
    const { messages, report } = toolResultGuardView(msgs, W);
    assert.equal(messages[2], msgs[2]);
    // 513 into 512: body 512 − len(notice(1)) = 479 → 512 − len(notice(34)) = 478 (stable)
    assert.deepEqual((messages[4] as Json).content, [{ type: 'text', text: 'b'.repeat(478) + notice(35) }]);
    assert.deepEqual(report.truncations, [
      { index: 4, estimateBefore: 1026, estimateAfter: 1024, textBefore: 513, textAfter: 512, omittedChars: 35, detailsDropped: false, imagesDropped: 0 },
    ]);
    assert.equal(report.ran, true);
    assert.deepEqual(report.limits, { contextWindowTokens: 1000, maxSingleToolResultChars: 1024, maxContextChars: 3600 });
  });

  it('cuts at the last newline after 70 % of the body budget; drops details; keeps the other fields', function () {
    const text = ('L'.repeat(9) + '\n').repeat(60); // 600 chars, newlines at 9, 19, … 599
    const msgs = deepFreeze([user('go'), callOf('a'), tr('a', text, 'exec', { details: { exitCode: 0 } })]);
    const { messages, report } = toolResultGuardView(msgs, W);
    // estimate (600 + len('{"exitCode":0}') 14) × 2 = 1228 > 1024; body budget 512 − 34 = 478, then 512 − 35 = 477;
    // the last newline ≤ 477 is at 469 > 333.9 → keep 469 chars (46 lines + 9 Ls), 131 cut
    const m = messages[2] as Json;
    assert.equal(textOf(m), ('L'.repeat(9) + '\n').repeat(46) + 'L'.repeat(9) + notice(131));
    assert.equal('details' in m, false);
    assert.equal(m.toolCallId, 'a');
    assert.equal(m.toolName, 'exec');
    assert.equal(m.isError, false);
    assert.equal(m.timestamp, 1);
    assert.deepEqual(report.truncations.map((t) => [t.estimateBefore, t.estimateAfter, t.omittedChars, t.detailsDropped]), [[1228, 1008, 131, true]]);
  });

  it('text that fits once details go: text kept, details and images dropped; image-only: the bare notice', function () {
    const msgs = deepFreeze([
      user('go'),
      tr('a', 't'.repeat(400), 'exec', { details: 'd'.repeat(200) }), // (400 + 200) × 2 = 1200
      tr('b', [{ type: 'text', text: 'u'.repeat(100) }, img]), // (100 + 8000) × 2 = 16200
      tr('c', [img]), // 16000 → N = floor((16000 − 1024) / 2) = 7488
      { role: 'tool', toolCallId: 'd', content: 'v'.repeat(600) }, // legacy role: string stays a string
    ]);
    const { messages, report } = toolResultGuardView(msgs, W);
    assert.deepEqual((messages[1] as Json).content, [{ type: 'text', text: 't'.repeat(400) }]);
    assert.equal('details' in (messages[1] as Json), false);
    assert.deepEqual((messages[2] as Json).content, [{ type: 'text', text: 'u'.repeat(100) }]);
    assert.deepEqual((messages[3] as Json).content, [{ type: 'text', text: notice(7488) }]);
    // the legacy one: 600 into 512 → body 512 − 34 = 478, then 512 − 35 = 477 → 477 kept, 123 cut
    assert.equal((messages[4] as Json).content, 'v'.repeat(477) + notice(123));
    assert.deepEqual(report.truncations.map((t) => [t.index, t.omittedChars, t.imagesDropped]), [
      [1, 0, 0],
      [2, 0, 1],
      [3, 7488, 1],
      [4, 123, 0],
    ]);
    assert.deepEqual(report.rules.map((r) => [r.rule, r.indices]), [['guard.truncate', [1, 2, 3, 4]]]);
  });

  it('step 2: over max(1024, W×4×0.9) after truncation → overflow with OpenClaw’s message', function () {
    assert.equal(toolResultGuardView([user('u'.repeat(3600))], W).report.overflow, false);
    const over = toolResultGuardView([user('u'.repeat(3601))], W).report;
    assert.equal(over.overflow, true);
    assert.equal(over.overflowError, PREEMPTIVE_CONTEXT_OVERFLOW_MESSAGE);
    // 3000 + 600 × 2 = 4200 before; after: 3000 + (469 + 35) × 2 = 4008 > 3600
    const text = ('L'.repeat(9) + '\n').repeat(60);
    const r = toolResultGuardView([user('u'.repeat(3000)), tr('a', text)], W).report;
    assert.deepEqual(r.contextChars, { before: 4200, after: 4008 });
    assert.equal(r.overflow, true);
  });

  it('non-tool messages are never changed, however large; chars and tokens before → after', function () {
    const msgs = deepFreeze([user('x'.repeat(50_000)), { role: 'assistant', content: [{ type: 'text', text: 'y'.repeat(50_000) }] }, tr('a', 'z'.repeat(5000))]);
    const { messages, report } = toolResultGuardView(msgs, W);
    assert.equal(messages[0], msgs[0]);
    assert.equal(messages[1], msgs[1]);
    const tok = (m: unknown): number => Math.round(estimateMessage(m as Json, 'o200k'));
    assert.equal(report.tokens.before, msgs.reduce((s, m) => s + tok(m), 0));
    assert.equal(report.tokens.after, messages.reduce((s, m) => s + tok(m), 0));
    assert.deepEqual(report.chars, { before: 105_000, after: 100_000 + 512 });
  });

  it('a window that is not a number: nothing done', function () {
    const r = toolResultGuardView([tr('a', 'z'.repeat(5000))], { contextWindowTokens: Number.NaN });
    assert.equal(r.report.ran, false);
    assert.equal(textOf(r.messages[0]).length, 5000);
  });
});

// =====================================================================================================
// Context pruning (§4.6)

describe('pruning: settings', function () {
  it('DEFAULT_CONTEXT_PRUNING_SETTINGS as the reference lists them', function () {
    assert.deepEqual(JSON.parse(JSON.stringify(DEFAULT_CONTEXT_PRUNING_SETTINGS)), {
      mode: 'cache-ttl',
      ttlMs: 300_000,
      keepLastAssistants: 3,
      softTrimRatio: 0.3,
      hardClearRatio: 0.5,
      minPrunableToolChars: 50_000,
      tools: {},
      softTrim: { maxChars: 4000, headChars: 1500, tailChars: 1500 },
      hardClear: { enabled: true, placeholder: '[Old tool result content cleared]' },
    });
    assert.equal(PRUNED_CONTEXT_IMAGE_MARKER, '[image removed during context pruning]');
    assert.equal(CACHE_TTL_CUSTOM_TYPE, 'openclaw.cache-ttl');
  });

  it('off unless mode is cache-ttl; ttl strings (default unit minutes); clamps and floors', function () {
    assert.equal(resolveContextPruningSettings(undefined), undefined);
    assert.equal(resolveContextPruningSettings({}), undefined);
    assert.equal(resolveContextPruningSettings({ mode: 'off' }), undefined);
    assert.deepEqual(resolveContextPruningSettings({ mode: 'cache-ttl' }), JSON.parse(JSON.stringify(DEFAULT_CONTEXT_PRUNING_SETTINGS)));
    const s = resolveContextPruningSettings({
      mode: 'cache-ttl',
      ttl: '1h',
      keepLastAssistants: 2.7,
      softTrimRatio: 2,
      hardClearRatio: -1,
      minPrunableToolChars: 10.5,
      tools: { allow: ['read', 3], deny: ['exec'] },
      softTrim: { maxChars: 100, headChars: -5, tailChars: 7.9 },
      hardClear: { enabled: false, placeholder: '  [gone]  ' },
    })!;
    assert.deepEqual(s, {
      mode: 'cache-ttl',
      ttlMs: 3_600_000,
      keepLastAssistants: 2,
      softTrimRatio: 1,
      hardClearRatio: 0,
      minPrunableToolChars: 10,
      tools: { allow: ['read'], deny: ['exec'] },
      softTrim: { maxChars: 100, headChars: 0, tailChars: 7 },
      hardClear: { enabled: false, placeholder: '[gone]' },
    });
    assert.equal(resolveContextPruningSettings({ mode: 'cache-ttl', ttl: '30' })!.ttlMs, 1_800_000);
    assert.equal(resolveContextPruningSettings({ mode: 'cache-ttl', ttl: 'soon' })!.ttlMs, 300_000);
    assert.equal(resolveContextPruningSettings({ mode: 'cache-ttl', hardClear: { placeholder: '   ' } })!.hardClear.placeholder, '[Old tool result content cleared]');
  });

  it('parseDurationMs: single and composite units; a composite segment needs a unit', function () {
    assert.equal(parseDurationMs('500ms'), 500);
    assert.equal(parseDurationMs('2.5s'), 2500);
    assert.equal(parseDurationMs('1H30M'), 5_400_000);
    assert.equal(parseDurationMs('1d'), 86_400_000);
    assert.equal(parseDurationMs('15', 'm'), 900_000);
    assert.equal(parseDurationMs('1h30'), undefined);
    assert.equal(parseDurationMs(''), undefined);
    assert.equal(parseDurationMs('-5m'), undefined);
  });

  it('tool globs: case-insensitive, * wildcards, deny wins, empty allow = all', function () {
    const all = makeToolPrunablePredicate({});
    assert.equal(all('exec'), true);
    assert.equal(all(undefined), true);
    const p = makeToolPrunablePredicate({ allow: ['read*', 'EXEC'], deny: ['read_secret'] });
    assert.deepEqual(['read', 'Read_File', 'exec', 'read_secret', 'web_fetch'].map(p), [true, true, true, false, false]);
    assert.equal(makeToolPrunablePredicate({ deny: ['*'] })('anything'), false);
    assert.equal(makeToolPrunablePredicate({ allow: ['a.b'] })('axb'), false); // dots are literal
  });
});

describe('pruning: CJK-weighted char estimate', function () {
  it('estimateStringChars: +3 per CJK/Hangul/Kana/fullwidth char; Extension B counts once', function () {
    assert.equal(estimateStringChars(''), 0);
    assert.equal(estimateStringChars('abc'), 3);
    assert.equal(estimateStringChars('你好'), 8);
    assert.equal(estimateStringChars('a你'), 5);
    assert.equal(estimateStringChars('한'), 4);
    assert.equal(estimateStringChars('カ'), 4);
    assert.equal(estimateStringChars('Ａ'), 4); // U+FF21 fullwidth
    assert.equal(estimateStringChars('\u{20000}'), 4); // 2 units − 1 + 3
    assert.equal(estimateStringChars('😀'), 2); // not CJK: its 2 units stay
    assert.equal(estimateStringChars('😀你'), 6);
    assert.equal(estimateStringChars('你\u{2FA20}'), 5); // beyond 2FA1F: not CJK, but the D87E pair still counts once
  });

  it('pruningMessageChars per role', function () {
    assert.equal(pruningMessageChars(user('abc')), 3);
    assert.equal(pruningMessageChars({ role: 'user', content: [{ type: 'text', text: '你' }, img] }), 8004);
    const a = { role: 'assistant', content: [{ type: 'text', text: 'ab' }, { type: 'thinking', thinking: 'cd', thinkingSignature: 'ef' }, { type: 'redacted_thinking', data: 'gh' }, { type: 'toolCall', id: 'x', name: 'long_tool_name', arguments: { a: 1 } }] };
    assert.equal(pruningMessageChars(a), 2 + 2 + 2 + 2 + 7); // tool name not counted
    assert.equal(pruningMessageChars(a, { dropThinkingBlocksForEstimate: true }), 2 + 7);
    assert.equal(pruningMessageChars(tr('c', [{ type: 'text', text: 'abc' }, img])), 8003);
    assert.equal(pruningMessageChars({ role: 'custom', content: 'x'.repeat(9999) }), 256);
    assert.equal(pruningMessageChars({ role: 'tool', content: 'x'.repeat(9999) }), 256);
    assert.equal(pruningMessageChars(null), 0);
  });
});

describe('pruning: soft trim of one tool result', function () {
  const st = DEFAULT_CONTEXT_PRUNING_SETTINGS.softTrim;
  const note = (n: number): string => `\n\n[Tool result trimmed: kept first 1500 chars and last 1500 chars of ${n} chars.]`;

  it('exactly 4000 chars is kept; 4001 becomes head 1500 + \\n...\\n + tail 1500 + the note', function () {
    assert.equal(softTrimToolResult(tr('a', 'k'.repeat(4000)), st), undefined);
    const t = softTrimToolResult(tr('a', 'h'.repeat(1500) + 'm'.repeat(1001) + 't'.repeat(1500)), st)!;
    assert.deepEqual(t.content, [{ type: 'text', text: 'h'.repeat(1500) + '\n...\n' + 't'.repeat(1500) + note(4001) }]);
    assert.equal(t.toolCallId, 'a');
  });

  it('across blocks (joined by \\n): head and tail cross block boundaries', function () {
    const two = softTrimToolResult(tr('a', [{ type: 'text', text: 'a'.repeat(3000) }, { type: 'text', text: 'b'.repeat(3000) }]), st)!;
    assert.equal(textOf(two), 'a'.repeat(1500) + '\n...\n' + 'b'.repeat(1500) + note(6001));
    const three = softTrimToolResult(tr('a', [{ type: 'text', text: 'a'.repeat(1000) }, { type: 'text', text: 'b'.repeat(1000) }, { type: 'text', text: 'c'.repeat(3000) }]), st)!;
    assert.equal(textOf(three), 'a'.repeat(1000) + '\nb' + 'b'.repeat(498) + '\n...\n' + 'c'.repeat(1500) + note(5002));
    const tailCross = softTrimToolResult(tr('a', [{ type: 'text', text: 'a'.repeat(3000) }, { type: 'text', text: 'b'.repeat(1000) }]), st)!;
    assert.equal(textOf(tailCross), 'a'.repeat(1500) + '\n...\n' + 'a'.repeat(499) + '\n' + 'b'.repeat(1000) + note(4001));
  });

  it('images become the marker, trimmed or not', function () {
    assert.deepEqual(softTrimToolResult(tr('a', [{ type: 'text', text: 'abc' }, img]), st)!.content, [{ type: 'text', text: 'abc\n[image removed during context pruning]' }]);
    assert.deepEqual(softTrimToolResult(tr('a', [img]), st)!.content, [{ type: 'text', text: '[image removed during context pruning]' }]);
    // 4000 + 1 + 38 = 4039 joined: the tail takes the marker, the \n, and 1461 chars of text
    const big = softTrimToolResult(tr('a', [{ type: 'text', text: 'q'.repeat(4000) }, img]), st)!;
    assert.equal(textOf(big), 'q'.repeat(1500) + '\n...\n' + 'q'.repeat(1461) + '\n[image removed during context pruning]' + note(4039));
  });

  it('head + tail ≥ length keeps the result (custom settings)', function () {
    assert.equal(softTrimToolResult(tr('a', 'x'.repeat(50)), { maxChars: 10, headChars: 25, tailChars: 25 }), undefined);
    assert.deepEqual(softTrimToolResult(tr('a', 'x'.repeat(51)), { maxChars: 10, headChars: 25, tailChars: 25 })!.content, [
      { type: 'text', text: 'x'.repeat(25) + '\n...\n' + 'x'.repeat(25) + '\n\n[Tool result trimmed: kept first 25 chars and last 25 chars of 51 chars.]' },
    ]);
  });
});

describe('pruning pass', function () {
  /** total 16 + n chars: user 2, two calls 2 each, results n and 100, four short turns 2 each; cutoff at 5 */
  const softScenario = (n: number): Json[] =>
    deepFreeze([user('go'), callOf('c1'), tr('c1', 'x'.repeat(n)), callOf('c2'), tr('c2', 'y'.repeat(100)), ok(), user('go'), ok(), user('go'), ok()]);
  const note = (n: number): string => `\n\n[Tool result trimmed: kept first 1500 chars and last 1500 chars of ${n} chars.]`;

  it('ratio exactly 0.3 soft-trims (12,000 chars in a 10,000-token window); 11,999 does nothing', function () {
    const { messages, report } = contextPruningView(softScenario(11_884), { contextWindowTokens: 10_000 });
    assert.equal(report.ran, true);
    assert.equal(report.cutoffIndex, 5);
    assert.equal(report.pruneStartIndex, 0);
    assert.deepEqual(report.prunableIndices, [2, 4]);
    assert.deepEqual(report.softTrimmed, [2]);
    assert.equal(textOf(messages[2]), 'x'.repeat(1500) + '\n...\n' + 'x'.repeat(1500) + note(11_884));
    // after: 12,000 − 11,884 + 3,087
    assert.deepEqual(report.totalChars, { before: 12_000, afterSoftTrim: 3203, after: 3203 });
    assert.equal(report.ratio.before, 0.3);
    assert.equal(report.hardClearSkipped, 'below-hard-clear-ratio');
    assert.deepEqual(report.hardCleared, []);
    assert.deepEqual(report.rules.map((r) => [r.rule, r.indices, r.chars.before, r.chars.after]), [['pruning.softTrim', [2], 11_884, 3087]]);

    const below = contextPruningView(softScenario(11_883), { contextWindowTokens: 10_000 });
    assert.equal(below.report.skipped, 'below-soft-trim-ratio');
    assert.equal(below.report.ratio.before, 11_999 / 40_000);
    assert.deepEqual(below.messages, softScenario(11_883));
    assert.deepEqual(below.report.changes, []);
  });

  /** user, 20 × (call + 4000-char result), 3 closing assistants: 80,052 chars; results at 2, 4, … 40; cutoff 41 */
  const hardScenario = (): Json[] => {
    const m: Json[] = [user('go')];
    for (let k = 0; k < 20; k++) m.push(callOf(`c${k}`), tr(`c${k}`, 'z'.repeat(4000), 'exec', { details: { k } }));
    m.push(ok(), user('go'), ok(), user('go'), ok());
    return deepFreeze(m);
  };

  it('ratio exactly 0.5 hard-clears (oldest first, until < 0.5); just under 0.5 does not', function () {
    // W = 40,026 → 160,104 chars: ratio 0.5 → clear index 2 (−3967) → 76,085 / 160,104 < 0.5
    const { messages, report } = contextPruningView(hardScenario(), { contextWindowTokens: 40_026 });
    assert.deepEqual(report.softTrimmed, []); // 4000 chars each: not over maxChars
    assert.deepEqual(report.hardCleared, [2]);
    assert.equal(report.prunableToolChars, 80_000);
    assert.deepEqual(report.totalChars, { before: 80_052, afterSoftTrim: 80_052, after: 76_085 });
    assert.deepEqual(messages[2], { ...hardScenario()[2], content: [{ type: 'text', text: '[Old tool result content cleared]' }] });
    assert.deepEqual((messages[2] as Json).details, { k: 0 }); // other fields kept
    const under = contextPruningView(hardScenario(), { contextWindowTokens: 40_027 });
    assert.equal(under.report.hardClearSkipped, 'below-hard-clear-ratio');
    assert.deepEqual(under.report.hardCleared, []);
  });

  it('clears as many as needed: W = 20,000 (80,000 chars) → 11 results (80,052 − 11 × 3967 = 36,415)', function () {
    const { report, messages } = contextPruningView(hardScenario(), { contextWindowTokens: 20_000 });
    assert.deepEqual(report.hardCleared, [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22]);
    assert.equal(report.totalChars.after, 36_415);
    assert.equal(textOf(messages[24]), 'z'.repeat(4000));
    assert.deepEqual(report.rules.map((r) => [r.rule, r.indices.length, r.chars.before, r.chars.after]), [['pruning.hardClear', 11, 44_000, 11 * 33]]);
  });

  it('hard clear disabled, or prunable chars below 50,000 (49,999 vs exactly 50,000)', function () {
    const off: ContextPruningSettings = { ...DEFAULT_CONTEXT_PRUNING_SETTINGS, hardClear: { enabled: false, placeholder: 'x' } };
    assert.equal(contextPruningView(hardScenario(), { contextWindowTokens: 20_000, settings: off }).report.hardClearSkipped, 'hard-clear-disabled');
    const scenario = (last: number): Json[] => {
      const m: Json[] = [user('go')];
      for (let k = 0; k < 12; k++) m.push(callOf(`c${k}`), tr(`c${k}`, 'm'.repeat(4000)));
      m.push(callOf('c12'), tr('c12', 'm'.repeat(last)), ok(), user('go'), ok(), user('go'), ok());
      return deepFreeze(m);
    };
    // 50,038 chars in 40,000: clear until < 20,000: 50,038 − 8 × 3967 = 18,302
    const exact = contextPruningView(scenario(2000), { contextWindowTokens: 10_000 }).report;
    assert.equal(exact.prunableToolChars, 50_000);
    assert.deepEqual(exact.hardCleared, [2, 4, 6, 8, 10, 12, 14, 16]);
    const short = contextPruningView(scenario(1999), { contextWindowTokens: 10_000 }).report;
    assert.equal(short.hardClearSkipped, 'below-min-prunable-chars');
    assert.equal(short.prunableToolChars, 49_999);
  });

  /** a result before the first user (bootstrap read), one in range, one in the protected tail */
  const tailScenario = (): Json[] =>
    deepFreeze([tr('boot', 'B'.repeat(5000), 'read'), user('go'), callOf('c1'), tr('c1', 'a'.repeat(5000)), ok(), callOf('c2'), tr('c2', 'b'.repeat(5000)), ok(), ok()]);

  it('the last 3 assistants and everything before the first user are protected', function () {
    // assistants at 2, 4, 5, 7, 8 → cutoff 5; range [1, 5) → only index 3
    const msgs = tailScenario();
    const { messages, report } = contextPruningView(msgs, { contextWindowTokens: 1000 });
    assert.equal(report.cutoffIndex, 5);
    assert.equal(report.pruneStartIndex, 1);
    assert.deepEqual(report.softTrimmed, [3]);
    assert.equal(textOf(messages[3]), 'a'.repeat(1500) + '\n...\n' + 'a'.repeat(1500) + note(5000));
    assert.equal(messages[0], msgs[0]);
    assert.equal(messages[6], msgs[6]);
    assert.equal(report.hardClearSkipped, 'below-min-prunable-chars');
  });

  it('keepLastAssistants 0 → all prunable after the first user; more than there are → nothing', function () {
    const all = contextPruningView(tailScenario(), { contextWindowTokens: 1000, settings: { ...DEFAULT_CONTEXT_PRUNING_SETTINGS, keepLastAssistants: 0 } });
    assert.equal(all.report.cutoffIndex, 9);
    assert.deepEqual(all.report.softTrimmed, [3, 6]);
    const few = contextPruningView(tailScenario(), { contextWindowTokens: 1000, settings: { ...DEFAULT_CONTEXT_PRUNING_SETTINGS, keepLastAssistants: 6 } });
    assert.equal(few.report.skipped, 'too-few-assistants');
    assert.deepEqual(few.report.changes, []);
  });

  it('no user message → nothing prunable', function () {
    const m = deepFreeze([callOf('a'), tr('a', 'x'.repeat(9000)), ok(), ok(), ok()]);
    const r = contextPruningView(m, { contextWindowTokens: 100 }).report;
    assert.equal(r.ran, true);
    assert.equal(r.pruneStartIndex, 5);
    assert.deepEqual(r.prunableIndices, []);
    assert.deepEqual(r.changes, []);
  });

  it('tools allow/deny decide what is prunable', function () {
    const m = deepFreeze([user('go'), callOf('a'), tr('a', 'e'.repeat(5000), 'exec'), callOf('b', 'read'), tr('b', 'r'.repeat(5000), 'read'), ok(), ok(), ok()]);
    const run = (tools: Json) => contextPruningView(m, { contextWindowTokens: 1000, settings: { ...DEFAULT_CONTEXT_PRUNING_SETTINGS, tools } }).report.softTrimmed;
    assert.deepEqual(run({}), [2, 4]);
    assert.deepEqual(run({ deny: ['exec'] }), [4]);
    assert.deepEqual(run({ allow: ['RE*'] }), [4]);
    assert.deepEqual(run({ allow: ['exec', 'read'], deny: ['read'] }), [2]);
    assert.deepEqual(run({ deny: ['*'] }), []);
  });

  it('CJK counts ×4 for the ratio, but the 4000-char trim threshold is on raw length', function () {
    // 1001 × 你 = 4004 estimated chars, 1001 raw: the ratio passes, nothing is trimmed
    const m = deepFreeze([user('go'), callOf('a'), tr('a', '你'.repeat(1001)), ok(), ok(), ok()]);
    const r = contextPruningView(m, { contextWindowTokens: 3000 }).report;
    assert.equal(r.totalChars.before, 2 + 2 + 4004 + 6);
    assert.equal(r.ran, true);
    assert.deepEqual(r.softTrimmed, []);
  });

  it('dropThinkingBlocksForEstimate leaves thinking out of the ratio', function () {
    // 2 + (7000 + 2) + 5000 + 6 = 12,010 → 0.30025 in 40,000; without thinking 5,010 → 0.12525
    const m = deepFreeze([
      user('go'),
      { role: 'assistant', content: [{ type: 'thinking', thinking: 't'.repeat(7000) }, { type: 'toolCall', id: 'a', name: 'exec', arguments: {} }] },
      tr('a', 'r'.repeat(5000)),
      ok(),
      ok(),
      ok(),
    ]);
    assert.deepEqual(contextPruningView(m, { contextWindowTokens: 10_000 }).report.softTrimmed, [2]);
    const dropped = contextPruningView(m, { contextWindowTokens: 10_000, dropThinkingBlocksForEstimate: true }).report;
    assert.equal(dropped.skipped, 'below-soft-trim-ratio');
    assert.equal(dropped.totalChars.before, 5010);
  });

  it('images in a prunable result become the marker once the pass runs', function () {
    const m = deepFreeze([user('go'), callOf('a'), tr('a', [{ type: 'text', text: 'abc' }, img]), ok(), ok(), ok()]);
    // 2 + 2 + 8003 + 6 = 8013 ≥ 0.3 × 4 × 1000
    const { messages, report } = contextPruningView(m, { contextWindowTokens: 1000 });
    assert.deepEqual((messages[2] as Json).content, [{ type: 'text', text: 'abc\n' + PRUNED_CONTEXT_IMAGE_MARKER }]);
    assert.equal(report.totalChars.afterSoftTrim, 8013 - 8003 + 42);
  });
});

describe('pruning: the TTL gate and the last cache touch', function () {
  const m = (): Json[] => deepFreeze([user('go'), callOf('a'), tr('a', 'x'.repeat(5000)), ok(), ok(), ok()]);

  it('runs only when the TTL (5 min) has fully elapsed since the last touch', function () {
    const at = 1_000_000;
    assert.equal(contextPruningView(m(), { contextWindowTokens: 1000, ttl: { lastCacheTouchAt: undefined, now: at } }).report.skipped, 'no-cache-touch');
    assert.equal(contextPruningView(m(), { contextWindowTokens: 1000, ttl: { lastCacheTouchAt: at, now: at + 299_999 } }).report.skipped, 'ttl-not-expired');
    assert.deepEqual(contextPruningView(m(), { contextWindowTokens: 1000, ttl: { lastCacheTouchAt: at, now: at + 300_000 } }).report.softTrimmed, [2]);
    const noTtl = { ...DEFAULT_CONTEXT_PRUNING_SETTINGS, ttlMs: 0 };
    assert.equal(contextPruningView(m(), { contextWindowTokens: 1000, settings: noTtl, ttl: { lastCacheTouchAt: at, now: at * 9 } }).report.skipped, 'ttl-disabled');
    assert.equal(contextPruningView(m(), { contextWindowTokens: 1000, settings: null }).report.skipped, 'disabled');
    assert.equal(contextPruningView(m(), { contextWindowTokens: 0 }).report.skipped, 'no-window');
  });

  it('lastCacheTouchAt: the newest openclaw.cache-ttl entry with a timestamp (optionally same provider/model)', function () {
    const e = (data: Json, customType = 'openclaw.cache-ttl'): Json => ({ type: 'custom', customType, data, id: 'x', parentId: null });
    const entries = [
      e({ timestamp: 100, provider: 'anthropic', modelId: 'claude' }),
      e({ timestamp: 200, provider: 'openai', modelId: 'gpt' }),
      e({ prunedToolResults: [], frozenToolResults: [] }),
      e({ timestamp: 999 }, 'model-snapshot'),
      { type: 'message', message: user('x') },
    ];
    assert.equal(lastCacheTouchAt(entries), 200);
    assert.equal(lastCacheTouchAt(entries, { provider: 'anthropic' }), 100);
    assert.equal(lastCacheTouchAt(entries, { provider: 'anthropic', modelId: 'other' }), undefined);
    assert.equal(lastCacheTouchAt([]), undefined);
    assert.equal(lastCacheTouchAt(null as unknown as unknown[]), undefined);
  });

  it('OpenClaw 2026.9.6 entries (frozen projections, no timestamp) give no touch time', function () {
    for (const d of realTranscriptDumps()) assert.equal(lastCacheTouchAt(d.events), undefined, d.file);
    assert.ok(realTranscriptDumps().some((d) => d.events.some((e) => e.customType === 'openclaw.cache-ttl')));
  });
});

describe('pruning then the guard (OpenClaw’s order)', function () {
  it('openClawContextView = the guard over the pruned messages', function () {
    // W = 2000: pruning (8000 chars) soft-trims the 20,000-char result to 1500 + 5 + 1500 + 82 = 3,087 chars; the guard's cap is
    // max(1024, 2000) = 2000 estimate units = 1000 chars of text, so it then truncates the trimmed result
    const m = deepFreeze([user('go'), callOf('a'), tr('a', 'p'.repeat(20_000), 'exec', { details: { n: 1 } }), ok(), ok(), ok()]);
    const both = openClawContextView(m, { contextWindowTokens: 2000 });
    const pruned = contextPruningView(m, { contextWindowTokens: 2000 });
    const guarded = toolResultGuardView(pruned.messages, { contextWindowTokens: 2000 });
    assert.deepEqual(both.messages, guarded.messages);
    assert.deepEqual(both.pruning.softTrimmed, [2]);
    assert.deepEqual(both.guard.truncations.map((t) => [t.index, t.textBefore]), [[2, 3087]]);
    assert.ok(textOf(both.messages[2]).startsWith('p'.repeat(900)));
    assert.ok(textOf(both.messages[2]).endsWith(' more characters truncated]'));
    // pruning off: the guard alone
    assert.deepEqual(openClawContextView(m, { contextWindowTokens: 2000, settings: null }).messages, toolResultGuardView(m, { contextWindowTokens: 2000 }).messages);
  });
});

// =====================================================================================================
// Robustness and real data

describe('guard and pruning never throw on bad input', function () {
  const cyc: Json = {};
  cyc.self = cyc;
  const bad: unknown[] = [
    null,
    7,
    'str',
    [],
    { role: 'toolResult' },
    { role: 'toolResult', content: 12, details: cyc },
    { role: 'toolResult', content: { type: 'text', text: 'obj' } },
    { role: 'toolResult', toolName: 5, content: [null, 3, { type: 'text' }, { type: 'text', text: 9 }, { type: 'image' }, { type: 'audio' }] },
    { role: 'toolResult', content: 'string content '.repeat(1000) },
    { role: 'tool', content: 'legacy '.repeat(1000) },
    { role: 'assistant', content: 'not blocks' },
    { role: 'assistant', content: [{ type: 'toolCall', arguments: cyc }, { type: 'thinking', thinking: 5 }] },
    { role: 'mystery' },
    { role: 'user', content: [] },
    { role: 'user', content: [{ type: 'text', text: '' }, img] },
  ];

  it('garbage, orphans, empty blocks, images, non-string content, unknown roles', function () {
    const msgs = [user('go'), ...bad, ok(), ok(), ok()];
    for (const w of [1, 100, 200_000]) {
      assert.doesNotThrow(() => toolResultGuardView(msgs as Json[], { contextWindowTokens: w }));
      for (const keepLastAssistants of [0, 3]) {
        assert.doesNotThrow(() => contextPruningView(msgs as Json[], { contextWindowTokens: w, settings: { ...DEFAULT_CONTEXT_PRUNING_SETTINGS, keepLastAssistants, minPrunableToolChars: 0 } }));
      }
    }
    assert.deepEqual(toolResultGuardView(null as unknown as Json[], { contextWindowTokens: 1 }).messages, []);
    assert.deepEqual(contextPruningView(undefined as unknown as Json[], { contextWindowTokens: 1 }).messages, []);
  });

  it('a single huge message (5 MB user text): guard reports the overflow, pruning finds nothing to prune', function () {
    const msgs = deepFreeze([user('u'.repeat(5_000_000)), ok(), ok(), ok()]);
    const g = toolResultGuardView(msgs, { contextWindowTokens: 200_000 });
    assert.equal(g.report.overflow, true);
    assert.equal(g.messages[0], msgs[0]);
    const p = contextPruningView(msgs, { contextWindowTokens: 200_000 });
    assert.equal(p.report.ran, true);
    assert.deepEqual(p.report.changes, []);
  });

  it('a single huge tool result (5 MB) is truncated by the guard and soft-trimmed by pruning', function () {
    const msgs = deepFreeze([user('go'), callOf('a'), tr('a', 'r'.repeat(5_000_000)), ok(), ok(), ok()]);
    assert.equal(textOf(toolResultGuardView(msgs, { contextWindowTokens: 200_000 }).messages[2]).length, 100_000);
    assert.equal(textOf(contextPruningView(msgs, { contextWindowTokens: 200_000 }).messages[2]).length, 3005 + note7(5_000_000));
  });
});

function note7(n: number): number {
  return `\n\n[Tool result trimmed: kept first 1500 chars and last 1500 chars of ${n} chars.]`.length;
}


describe('guard and pruning on the real OpenClaw transcripts', function () {
  const contexts = [...realContexts(), ...realMessageRows()];

  /** The real messages with every tool result's text blocks repeated 20 times (real fields, details included). */
  const scaled = (msgs: Json[]): Json[] =>
    msgs.map((m) =>
      m.role === 'toolResult' && Array.isArray(m.content)
        ? { ...m, content: (m.content as Json[]).map((b) => (b.type === 'text' ? { ...b, text: Array(20).fill(b.text).join('\n') } : b)) }
        : m,
    );

  it('guard (windows of 10 and 200,000 tokens, real and ×20 results): only tool results change, to a prefix + the notice or their text without details', function () {
    let changed = 0;
    for (const c of contexts) {
      for (const [msgs, w] of [
        [c.messages, 10],
        [c.messages, 200_000],
        [scaled(c.messages), 10],
        [scaled(c.messages), 200_000],
      ] as Array<[Json[], number]>) {
        const snapshot = JSON.stringify(msgs);
        const { messages, report } = toolResultGuardView(msgs, { contextWindowTokens: w });
        assert.equal(JSON.stringify(msgs), snapshot);
        if (w === 200_000) assert.deepEqual(report.changes, [], c.file);
        changed += report.changes.length;
        assertViewInvariants(msgs, messages, (a, b) => {
          if ('details' in b) return 'details kept';
          const before = textOf(a);
          const after = textOf(b);
          if (after === before) return undefined;
          const n = /\[\.\.\. (\d+) more characters truncated\]$/.exec(after);
          if (!n) return 'no notice';
          const kept = after.slice(0, n.index);
          if (after.length > 512) return 'over the text budget';
          return before.startsWith(kept) && Number(n[1]) === before.length - kept.length ? undefined : 'not a prefix + notice';
        });
      }
    }
    assert.ok(changed >= 10, `${changed} guard changes`);
  });

  it('pruning (tiny window, tiny soft-trim limits, no minimum): results are soft-trimmed or cleared, nothing else', function () {
    const base: ContextPruningSettings = { ...DEFAULT_CONTEXT_PRUNING_SETTINGS, keepLastAssistants: 1, minPrunableToolChars: 0, softTrim: { maxChars: 20, headChars: 5, tailChars: 5 } };
    const softOnly: ContextPruningSettings = { ...base, hardClear: { enabled: false, placeholder: 'unused' } };
    const seen = new Set<string>();
    for (const c of contexts) {
      for (const [w, settings] of [
        [20, base],
        [20, softOnly],
        [2_000_000, base],
      ] as Array<[number, ContextPruningSettings]>) {
        const snapshot = JSON.stringify(c.messages);
        const { messages, report } = contextPruningView(c.messages, { contextWindowTokens: w, settings });
        assert.equal(JSON.stringify(c.messages), snapshot);
        for (const ch of report.changes) seen.add(ch.rule);
        if (w === 2_000_000) assert.deepEqual(report.changes, [], c.file);
        assertViewInvariants(c.messages, messages, (a, b) => {
          const after = textOf(b);
          if (after === '[Old tool result content cleared]') return undefined;
          const m = /^([\s\S]*)\n\.\.\.\n([\s\S]*)\n\n\[Tool result trimmed: kept first 5 chars and last 5 chars of (\d+) chars\.\]$/.exec(after);
          const before = textOf(a);
          if (m) return before.startsWith(m[1]!) && before.endsWith(m[2]!) && Number(m[3]) === before.length ? undefined : 'not head + tail';
          return `not an allowed form: ${after.slice(0, 80)}`;
        });
      }
    }
    assert.deepEqual([...seen].sort(), ['pruning.hardClear', 'pruning.softTrim']);
  });
});

// =====================================================================================================
// Differential check against the real OpenClaw (installed by the interop setup; skipped when absent)

describe('pruning vs the real OpenClaw 2026.9.6 pruner (when test/interop/setup.sh installed it)', function () {
  const dist = path.join(process.env.OC_CTX_CACHE ?? path.join(os.homedir(), '.cache', 'openclaw-context-test'), 'openclaw-2026.9.6', 'node_modules', 'openclaw', 'dist');
  /** the file of `dist` exporting `name`, and the alias it is exported under */
  const findExport = (name: string): { file: string; alias: string } | undefined => {
    // the chunks that hold them in 2026.9.6 first (tool-result-truncation-*, session-prompt-state-*), then the rest
    const files = fs.readdirSync(dist).filter((f) => f.endsWith('.mjs'));
    const likely = (f: string): number => (/^(tool-result-truncation|session-prompt-state)-/.test(f) ? 0 : 1);
    for (const f of files.sort((a, b) => likely(a) - likely(b))) {
      const m = new RegExp(`\\b${name} as (\\w+)`).exec(fs.readFileSync(path.join(dist, f), 'utf8'));
      if (m) return { file: path.join(dist, f), alias: m[1]! };
    }
    return undefined;
  };
  // the unit tests compile to CommonJS: load the ES modules through a real dynamic import
  const importEsm = new Function('p', 'return import(p)') as (p: string) => Promise<Record<string, unknown>>;

  it('identical messages on 300 generated contexts (CJK, images, thinking, tool filters, bootstrap results)', async function () {
    if (!fs.existsSync(dist)) this.skip();
    const prune = findExport('pruneExpiredCacheTtlToolResults');
    const resolve = findExport('resolveCacheTtlPruningSettings');
    const state = findExport('createToolResultPromptProjectionState');
    if (!prune || !resolve || !state) this.skip();
    type Fn = (...a: unknown[]) => unknown;
    const ocPrune = (await importEsm(prune!.file))[prune!.alias] as Fn;
    const ocResolve = (await importEsm(resolve!.file))[resolve!.alias] as Fn;
    const ocState = (await importEsm(state!.file))[state!.alias] as Fn;
    let seed = 7;
    const rnd = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
    const ri = (a: number, b: number): number => a + Math.floor(rnd() * (b - a + 1));
    let trims = 0;
    let clears = 0;
    for (let t = 0; t < 300; t++) {
      const msgs: Json[] = [];
      if (rnd() < 0.3) msgs.push(tr('boot', 'B'.repeat(ri(0, 9000)), 'read'));
      msgs.push(user('go '.repeat(ri(1, 300))));
      const n = ri(1, 25);
      for (let k = 0; k < n; k++) {
        const id = `c${k}`;
        const name = ['exec', 'read', 'web_fetch'][ri(0, 2)]!;
        const thinking = rnd() < 0.3 ? [{ type: 'thinking', thinking: 't'.repeat(ri(0, 3000)), thinkingSignature: 's'.repeat(ri(0, 40)) }] : [];
        msgs.push({ role: 'assistant', content: [...thinking, { type: 'toolCall', id, name, arguments: { q: 'x'.repeat(ri(0, 50)) } }], stopReason: 'toolUse', timestamp: 1 });
        const blocks: unknown[] = [];
        for (let b = ri(1, 3); b > 0; b--) blocks.push(rnd() < 0.15 ? img : { type: 'text', text: (rnd() < 0.2 ? '你' : 'r').repeat(ri(0, 9000)) });
        msgs.push(tr(id, blocks, name));
        if (rnd() < 0.3) msgs.push({ role: 'assistant', content: [{ type: 'text', text: 'ok '.repeat(ri(1, 100)) }], stopReason: 'stop', timestamp: 1 });
        if (rnd() < 0.2) msgs.push(user('more'));
      }
      for (let k = ri(0, 3); k > 0; k--) msgs.push(ok());
      const W = [2000, 10_000, 30_000, 100_000][ri(0, 3)]!;
      const cfg = { mode: 'cache-ttl', tools: [{}, { deny: ['exec'] }, { allow: ['read*'] }][ri(0, 2)] };
      const theirs = ocPrune({ messages: msgs, settings: ocResolve(cfg), projectionState: ocState(), pruneNewRounds: true, lastCacheTouchAt: 1, now: 10_000_000, contextWindowTokens: W }) as Json[];
      const mine = contextPruningView(msgs, { contextWindowTokens: W, settings: resolveContextPruningSettings(cfg) });
      trims += mine.report.softTrimmed.length;
      clears += mine.report.hardCleared.length;
      assert.equal(theirs.length, msgs.length);
      for (let i = 0; i < msgs.length; i++) assert.deepEqual(mine.messages[i]!.content, theirs[i]!.content, `context ${t}, message ${i}`);
    }
    assert.ok(trims > 500 && clears > 200, `${trims} soft trims, ${clears} hard clears`);
  });
});
