/**
 * OpenClaw's compaction helpers (openclaw-formats.md §4.3, OpenClaw 2026.9.6 behaviour) and the pluggable
 * summariser with its mechanical fallback. Every expected value is derived by hand from the reference's
 * rules and constants (the arithmetic is written next to it); none is computed by the code under test.
 */
import assert from 'node:assert/strict';
import { estimateMessagesTokens, estimateStringChars, IMAGE_BLOCK_CHARS, openclawEstimateTokens, type AgentMessage } from '../../src/core/compaction/openclaw/estimate';
import { capCompactionSummary, DEFAULT_SUMMARY_FALLBACK, MAX_COMPACTION_SUMMARY_CHARS, SUMMARY_TRUNCATED_MARKER } from '../../src/core/compaction/openclaw/summaryBudget';
import { DEFAULT_MISSING_TOOL_RESULT_TEXT, repairToolUseResultPairing } from '../../src/core/compaction/openclaw/toolCalls';
import { ADAPTIVE_RATIO_THRESHOLD, BASE_CHUNK_RATIO, buildHistoryPrunePlan, buildOversizedFallbackPlan, buildStageSplitPlan, chunkMessagesByMaxTokens, computeAdaptiveChunkRatio, DEFAULT_PARTS, isOversizedForSummary, maxChunkTokensFor, MIN_CHUNK_RATIO, pruneHistoryForContextShare, SAFETY_MARGIN, splitMessagesByTokenShare, SUMMARIZATION_OVERHEAD_TOKENS } from '../../src/core/compaction/openclaw/planning';
import { computeFileLists, createFileOps, extractFileOpsFromMessage, formatFileOperations, MAX_FILE_OPS_LIST_CHARS, MAX_FILE_OPS_SECTION_CHARS } from '../../src/core/compaction/openclaw/fileOps';
import { CompactionError, type SummarizeRequest, type Summarizer } from '../../src/core/compaction/summarizer/seam';
import { buildSummarizationPrompt, MERGE_SUMMARIES_INSTRUCTIONS, serializeConversation, TURN_PREFIX_SUMMARIZATION_PROMPT } from '../../src/core/compaction/summarizer/prompt';
import { retryDelayMs, summarizeInStages } from '../../src/core/compaction/summarizer/stages';
import { EMBEDDED_COMPACTION_TIMEOUT_MS, summarizeCompaction } from '../../src/core/compaction/summarizer/fallback';
import { piEstimateTokens } from '../../src/core/tokens/pi';

// ------------------------------------------------------------------------------------------------ builders

let clock = 1_780_000_000_000;
/** A user message of exactly `chars` ASCII characters: ceil(chars / 4) tokens. */
const user = (chars: number, fill = 'u'): AgentMessage => ({ role: 'user', content: fill.repeat(chars), timestamp: clock++ });
const userText = (text: string): AgentMessage => ({ role: 'user', content: text, timestamp: clock++ });
const assistant = (text: string, extra: Record<string, unknown> = {}): AgentMessage => ({ role: 'assistant', content: [{ type: 'text', text }], stopReason: 'stop', timestamp: clock++, ...extra });
/** An assistant calling tools; `{}` arguments: name.length + 2 characters each. */
const calls = (ids: string[], name = 'exec', stopReason = 'toolUse'): AgentMessage => ({
  role: 'assistant',
  content: ids.map((id) => ({ type: 'toolCall', id, name, arguments: {} })),
  stopReason,
  timestamp: clock++,
});
/** A tool result of exactly `chars` characters. */
const result = (id: string, chars: number, extra: Record<string, unknown> = {}): AgentMessage => ({
  role: 'toolResult',
  toolCallId: id,
  toolName: 'exec',
  content: [{ type: 'text', text: 'r'.repeat(chars) }],
  isError: false,
  timestamp: clock++,
  ...extra,
});
const roles = (chunks: AgentMessage[][]) => chunks.map((c) => c.map((m) => m.role));

// ------------------------------------------------------------------------------------------------ constants

describe('compaction helpers: OpenClaw constants', function () {
  it('are the reference values (§4.3, §4.4)', function () {
    assert.equal(BASE_CHUNK_RATIO, 0.4);
    assert.equal(MIN_CHUNK_RATIO, 0.15);
    assert.equal(SAFETY_MARGIN, 1.2);
    assert.equal(DEFAULT_PARTS, 2);
    assert.equal(SUMMARIZATION_OVERHEAD_TOKENS, 4096);
    assert.equal(ADAPTIVE_RATIO_THRESHOLD, 0.1);
    assert.equal(DEFAULT_SUMMARY_FALLBACK, 'No prior history.');
    assert.equal(MAX_COMPACTION_SUMMARY_CHARS, 16000);
    assert.equal(SUMMARY_TRUNCATED_MARKER, '\n\n[Compaction summary truncated to fit budget]');
    assert.equal(SUMMARY_TRUNCATED_MARKER.length, 46);
    assert.equal(IMAGE_BLOCK_CHARS, 8000);
    assert.equal(MAX_FILE_OPS_SECTION_CHARS, 2000);
    assert.equal(MAX_FILE_OPS_LIST_CHARS, 900);
    assert.equal(EMBEDDED_COMPACTION_TIMEOUT_MS, 180_000);
  });
});

// ------------------------------------------------------------------------------------------------ estimate

describe('compaction helpers: the estimate (OpenClaw 2026.9.6 estimateTokens)', function () {
  it('counts a common CJK character as 4, a halfwidth/tone form as 8, a supplementary ideograph as 16', function () {
    assert.equal(estimateStringChars('hello'), 5);
    assert.equal(estimateStringChars('é'), 1); // not weighted
    assert.equal(estimateStringChars('中文'), 8); // 2 common × 4
    assert.equal(estimateStringChars('한ㄅ·'), 12); // Hangul syllable, bopomofo, middle dot: common
    assert.equal(estimateStringChars('ﾊ'), 8); // U+FF8A halfwidth katakana: 2 tokens
    assert.equal(estimateStringChars('𠀀'), 16); // U+20000: a surrogate pair (2) + 14
    assert.equal(estimateStringChars('ꀀ'), 12); // U+A000 Yi: rare BMP, 3 tokens
    assert.equal(estimateStringChars('\ud840'), 1); // lone high surrogate: not a code point of the table
  });

  it('is ceil(chars / 4) per message by role', function () {
    assert.equal(openclawEstimateTokens(userText('abcd')), 1);
    assert.equal(openclawEstimateTokens(userText('abcde')), 2);
    assert.equal(openclawEstimateTokens(userText('')), 0);
    assert.equal(openclawEstimateTokens(userText('中文中文')), 4); // 16 / 4 (pi's chars/4 says 1)
    assert.equal(piEstimateTokens(userText('中文中文') as Record<string, unknown>), 1);
    // text 'ok' 2 + thinking 'hmm.' 4 + name 'read' 4 + JSON {"path":"a.ts"} 15 = 25 → 7
    const a = { role: 'assistant', content: [{ type: 'text', text: 'ok' }, { type: 'thinking', thinking: 'hmm.' }, { type: 'toolCall', id: 'c', name: 'read', arguments: { path: 'a.ts' } }] };
    assert.equal(openclawEstimateTokens(a), 7);
    assert.equal(openclawEstimateTokens({ role: 'bashExecution', command: 'ls', output: 'a\nb' }), 2); // 5 chars
    assert.equal(openclawEstimateTokens({ role: 'compactionSummary', summary: 'x'.repeat(9) }), 3);
    assert.equal(openclawEstimateTokens({ role: 'branchSummary', summary: 'x'.repeat(8) }), 2);
    assert.equal(openclawEstimateTokens({ role: 'system', content: 'x'.repeat(400) }), 0);
    assert.equal(openclawEstimateTokens({ role: 'user', content: 'x'.repeat(400), excludeFromContext: true }), 0);
    // ` sender={"id":"u1"}` is 19 characters: 'hi' + 19 = 21 → 6
    assert.equal(openclawEstimateTokens({ role: 'user', content: 'hi', __openclaw: { senderId: 'u1' } }), 6);
  });

  it('images count 8000 characters in user, custom and tool results, plus the omission note + 17', function () {
    // '[image data omitted from summary input]' is 39 characters
    assert.equal(openclawEstimateTokens({ role: 'user', content: [{ type: 'text', text: 'look' }, { type: 'image', data: 'AAAA', mimeType: 'image/png' }] }), Math.ceil((4 + 8000 + 39 + 17) / 4));
    assert.equal(openclawEstimateTokens({ role: 'toolResult', toolCallId: 'c', content: [{ type: 'image', data: 'AAAA' }] }), 2014); // (8000 + 39 + 17) / 4
    // two images, one note: (16000 + 39 + 17) / 4 = 4014
    assert.equal(openclawEstimateTokens({ role: 'custom', content: [{ type: 'image', data: 'A' }, { type: 'image', data: 'B' }] }), 4014);
    // '[non-text data omitted from summary input]' is 42 characters: (42 + 17) / 4 → 15
    assert.equal(openclawEstimateTokens({ role: 'toolResult', toolCallId: 'c', content: [{ type: 'weird' }] }), 15);
    // assistants: images are not counted
    assert.equal(openclawEstimateTokens({ role: 'assistant', content: [{ type: 'image', data: 'A' }] }), 0);
  });

  it('estimateMessagesTokens skips OpenClaw runtime context and ignores toolResult details', function () {
    const runtime = { role: 'custom', customType: 'openclaw.runtime-context', content: 'x'.repeat(4000) };
    assert.equal(estimateMessagesTokens([user(40), runtime, result('c', 40, { details: { big: 'y'.repeat(9999) } })]), 20);
    assert.equal(estimateMessagesTokens([]), 0);
    assert.equal(estimateMessagesTokens([userText('中文中文')], { estimate: (m) => piEstimateTokens(m as Record<string, unknown>) }), 1);
  });
});

// ------------------------------------------------------------------------------------------------ adaptive ratio

describe('compaction helpers: computeAdaptiveChunkRatio', function () {
  it('is 0.4 for no messages and while the average message × 1.2 is ≤ 10 % of the window', function () {
    assert.equal(computeAdaptiveChunkRatio([], 200_000), 0.4);
    // 5 messages of 16,000 tokens in 200k: 16000 × 1.2 / 200000 = 0.096 → 0.4 (the seed's simplified formula said 0.32)
    assert.equal(computeAdaptiveChunkRatio(Array.from({ length: 5 }, () => user(64_000)), 200_000), 0.4);
    // exactly 0.1: 100 × 1.2 / 1200 → not above the threshold
    assert.equal(computeAdaptiveChunkRatio([user(400)], 1200), 0.4);
  });

  it('shrinks by twice the share above 10 %, at most by 0.25, never below 0.15', function () {
    // 20,000 tokens: 24000 / 200000 = 0.12 → 0.4 − 0.24 = 0.16
    assert.ok(Math.abs(computeAdaptiveChunkRatio([user(80_000)], 200_000) - 0.16) < 1e-12);
    // 101 tokens in 1200: 121.2 / 1200 = 0.101 → 0.4 − 0.202 = 0.198
    assert.ok(Math.abs(computeAdaptiveChunkRatio([user(404)], 1200) - 0.198) < 1e-12);
    // 50,000 tokens: 0.3 → reduction capped at 0.25 → 0.15 (0.4 − 0.25 in floating point, as in OpenClaw)
    assert.ok(Math.abs(computeAdaptiveChunkRatio([user(200_000)], 200_000) - 0.15) < 1e-12);
    // one message over the whole window: still 0.15
    assert.ok(Math.abs(computeAdaptiveChunkRatio([user(4_000_000)], 200_000) - 0.15) < 1e-12);
    assert.ok(computeAdaptiveChunkRatio([user(4_000_000)], 200_000) >= MIN_CHUNK_RATIO);
  });

  it('gives the safeguard chunk budget: floor(window × ratio) − 4096, at least 1', function () {
    assert.equal(maxChunkTokensFor([user(40)], 200_000), 80_000 - 4096);
    assert.equal(maxChunkTokensFor([user(40)], 8000), 1); // 3200 − 4096 < 1
  });
});

// ------------------------------------------------------------------------------------------------ chunks

describe('compaction helpers: chunkMessagesByMaxTokens', function () {
  it('returns no chunk for no message', function () {
    assert.deepEqual(chunkMessagesByMaxTokens([], 1000), []);
  });

  it('cuts greedily at floor(maxTokens / 1.2); a message that reaches the limit exactly stays', function () {
    // 240 / 1.2 → 200 tokens per chunk; messages of 100 tokens (400 chars)
    const m = [user(400), user(400), user(400)];
    assert.deepEqual(chunkMessagesByMaxTokens(m, 240), [[m[0], m[1]], [m[2]]]); // 100 + 100 = 200 fits, + 100 does not
    const n = [user(400), user(404)]; // 100 + 101 > 200
    assert.deepEqual(chunkMessagesByMaxTokens(n, 240), [[n[0]], [n[1]]]);
  });

  it('a single message over the limit fills a chunk alone', function () {
    const m = [user(40), user(40_000), user(40)];
    assert.deepEqual(chunkMessagesByMaxTokens(m, 240), [[m[0]], [m[1]], [m[2]]]);
    const one = [user(40_000)];
    assert.deepEqual(chunkMessagesByMaxTokens(one, 1), [one]);
  });

  it('never separates a tool call from its results, even when the group alone is over the limit', function () {
    // u 100 + [call 2 + result 100] = 202 > 200: the cut is before the call, not between call and result
    const m = [user(400), calls(['c1']), result('c1', 400)];
    assert.deepEqual(roles(chunkMessagesByMaxTokens(m, 240)), [['user'], ['assistant', 'toolResult']]);
    const big = [calls(['c1', 'c2']), result('c2', 4000), userText('between'), result('c1', 4000), user(40)];
    assert.deepEqual(roles(chunkMessagesByMaxTokens(big, 240)), [['assistant', 'toolResult', 'user', 'toolResult'], ['user']]);
  });

  it('an aborted or failed assistant does not hold its calls open', function () {
    // call 2 + result 200 = 202 > 200: one group while the call is live, separable once it is not
    const live = [calls(['c1']), result('c1', 800), user(800)];
    assert.deepEqual(roles(chunkMessagesByMaxTokens(live, 240)), [['assistant', 'toolResult'], ['user']]);
    const aborted = [calls(['c1'], 'exec', 'aborted'), result('c1', 800), user(800)];
    assert.deepEqual(roles(chunkMessagesByMaxTokens(aborted, 240)), [['assistant'], ['toolResult'], ['user']]);
    const failed = [calls(['c1'], 'exec', 'error'), result('c1', 800), user(800)];
    assert.deepEqual(roles(chunkMessagesByMaxTokens(failed, 240)), [['assistant'], ['toolResult'], ['user']]);
  });

  it('drops runtime context and toolResult details from what it returns (never sent to a summariser)', function () {
    const runtime = { role: 'custom', customType: 'openclaw.runtime-context', content: 'secret' };
    const withDetails = result('c1', 4, { details: { secret: true } });
    const chunks = chunkMessagesByMaxTokens([runtime, calls(['c1']), withDetails], 10_000);
    assert.equal(chunks.length, 1);
    assert.deepEqual(chunks[0]!.map((m) => m.role), ['assistant', 'toolResult']);
    assert.equal('details' in chunks[0]![1]!, false);
    assert.equal('details' in withDetails, true); // the input is untouched
  });
});

describe('compaction helpers: splitMessagesByTokenShare', function () {
  it('empty → [], one part → everything, parts clamped to the message count', function () {
    assert.deepEqual(splitMessagesByTokenShare([]), []);
    const m = [user(400), user(400)];
    assert.deepEqual(splitMessagesByTokenShare(m, 1), [m]);
    assert.deepEqual(splitMessagesByTokenShare(m, Number.NaN), [m]);
    assert.deepEqual(splitMessagesByTokenShare(m, 5), [[m[0]], [m[1]]]); // 2 parts at most
  });

  it('cuts at total / parts', function () {
    const m = [user(400), user(400), user(400), user(400)]; // 400 tokens, target 200
    assert.deepEqual(splitMessagesByTokenShare(m), [[m[0], m[1]], [m[2], m[3]]]);
    assert.deepEqual(splitMessagesByTokenShare(m, 4), [[m[0]], [m[1]], [m[2]], [m[3]]]);
  });

  it('never splits a tool call from its results (a per-message cut would)', function () {
    // u 150, call 2, result 100, u 140 = 392; target 196. Per message: 150 + 2 fits, + 100 does not → cut
    // between call and result. By groups: 150 + 102 > 196 → cut before the call.
    const m = [user(600), calls(['c1']), result('c1', 400), user(560)];
    assert.deepEqual(roles(splitMessagesByTokenShare(m)), [['user'], ['assistant', 'toolResult', 'user']]);
    // parallel calls answered out of order, with a user message in between, stay in one part
    const p = [user(600), calls(['a', 'b']), result('b', 200), userText('x'), result('a', 200), user(600)];
    for (const chunk of splitMessagesByTokenShare(p, 3)) {
      const ids = chunk.flatMap((msg) => (msg.role === 'toolResult' ? [msg.toolCallId] : []));
      const callIds = chunk.flatMap((msg) => (msg.role === 'assistant' ? (msg.content as Array<{ id: string }>).map((b) => b.id) : []));
      assert.deepEqual(ids.sort(), callIds.sort());
    }
  });

  it('an aborted assistant does not block a cut after it', function () {
    const m = [user(600), calls(['c1'], 'exec', 'aborted'), user(600), result('c1', 8)];
    // total 150 + 2 + 150 + 2 = 304, target 152: 150 + 2 fits; the next user would exceed → cut before it
    assert.deepEqual(roles(splitMessagesByTokenShare(m)), [['user', 'assistant'], ['user', 'toolResult']]);
  });
});

describe('compaction helpers: stage plan, oversized messages', function () {
  it('summarises in one pass when parts ≤ 1, fewer than 4 messages, or the total fits', function () {
    const four = [user(400), user(400), user(400), user(400)];
    assert.deepEqual(buildStageSplitPlan({ messages: four.slice(0, 3), maxChunkTokens: 1 }), { mode: 'single' });
    assert.deepEqual(buildStageSplitPlan({ messages: four, maxChunkTokens: 400 }), { mode: 'single' }); // 400 ≤ 400
    assert.deepEqual(buildStageSplitPlan({ messages: four, maxChunkTokens: 399, parts: 1 }), { mode: 'single' });
    assert.deepEqual(buildStageSplitPlan({ messages: four, maxChunkTokens: 399 }), { mode: 'split', chunks: [[four[0], four[1]], [four[2], four[3]]] });
    assert.deepEqual(buildStageSplitPlan({ messages: four.slice(0, 2), maxChunkTokens: 1, minMessagesForSplit: 2 }).mode, 'split');
  });

  it('isOversizedForSummary: estimate × 1.2 > half the window', function () {
    assert.equal(isOversizedForSummary(user(1664), 1000), false); // 416 × 1.2 = 499.2
    assert.equal(isOversizedForSummary(user(1665), 1000), true); // 417 × 1.2 = 500.4
    assert.equal(isOversizedForSummary({ role: 'custom', customType: 'openclaw.runtime-context', content: 'x'.repeat(99_999) }, 1000), false);
  });

  it('the fallback plan notes oversized messages and drops the rest of their tool batch', function () {
    const big = user(8000); // 2000 tokens > 1000 × 0.5 / 1.2
    const plan = buildOversizedFallbackPlan({ messages: [user(40), big, calls(['c1']), result('c1', 8000), user(40)], contextWindow: 1000 });
    assert.deepEqual(plan.oversizedNotes, ['[Large user (~2K tokens) omitted from summary]', '[Large toolResult (~2K tokens) omitted from summary]']);
    assert.deepEqual(plan.smallMessages.map((m) => m.role), ['user', 'user']); // the call goes with its oversized result
  });
});

// ------------------------------------------------------------------------------------------------ prune

describe('compaction helpers: pruneHistoryForContextShare', function () {
  it('drops the oldest token-share chunk until the history fits window × share', function () {
    const m = Array.from({ length: 6 }, () => user(800)); // 6 × 200 tokens
    const r = pruneHistoryForContextShare({ messages: m, maxContextTokens: 1000 });
    // budget floor(1000 × 0.5) = 500. 1200 > 500: halves of 600 → drop 3. 600 > 500: target 300 →
    // [200] | [200, 200] → drop 1. 400 ≤ 500: done.
    assert.equal(r.budgetTokens, 500);
    assert.deepEqual(r.messages, m.slice(4));
    assert.deepEqual(r.droppedMessagesList, m.slice(0, 4));
    assert.equal(r.droppedChunks, 2);
    assert.equal(r.droppedMessages, 4);
    assert.equal(r.droppedTokens, 800);
    assert.equal(r.keptTokens, 400);
  });

  it('keeps everything that fits, and handles no messages', function () {
    const m = [user(400), user(400)];
    assert.deepEqual(pruneHistoryForContextShare({ messages: m, maxContextTokens: 1000 }).messages, m);
    const empty = pruneHistoryForContextShare({ messages: [], maxContextTokens: 1000, maxHistoryShare: 0.8 });
    assert.deepEqual([empty.messages, empty.droppedChunks, empty.budgetTokens], [[], 0, 800]);
    assert.equal(pruneHistoryForContextShare({ messages: m, maxContextTokens: 0 }).budgetTokens, 1);
  });

  it('removes tool results orphaned by a dropped chunk and reports them, in input order', function () {
    // [u 300][call 2][result 3][u 200][orphan result 3][u 200] = 708, budget 500: target 354 → the first
    // chunk is u + call + result (305; + 200 > 354); the orphan (its call is nowhere) is repaired away
    // from the rest, which then fits (400).
    const orphan = result('zz', 12);
    const m = [user(1200), calls(['c1']), result('c1', 12), user(800), orphan, user(800)];
    const r = pruneHistoryForContextShare({ messages: m, maxContextTokens: 1000 });
    assert.deepEqual(r.messages, [m[3], m[5]]);
    assert.deepEqual(r.droppedMessagesList, [m[0], m[1], m[2], orphan]);
    assert.equal(r.droppedMessages, 4);
  });

  it('a kept call without a result gets OpenClaw’s synthetic error result (it counts in the kept tokens)', function () {
    const m = [user(2400), user(40), calls(['c9'], 'read')];
    const r = pruneHistoryForContextShare({ messages: m, maxContextTokens: 1000 });
    assert.deepEqual(r.droppedMessagesList, [m[0]]);
    assert.equal(r.messages.length, 3);
    const synthetic = r.messages[2]!;
    assert.deepEqual([synthetic.role, synthetic.toolCallId, synthetic.toolName, synthetic.isError], ['toolResult', 'c9', 'read', true]);
    assert.deepEqual(synthetic.content, [{ type: 'text', text: DEFAULT_MISSING_TOOL_RESULT_TEXT }]);
    // 10 (u 40) + 2 (read + {}: 6 chars) + ceil(105 / 4) = 27
    assert.equal(DEFAULT_MISSING_TOOL_RESULT_TEXT.length, 105);
    assert.equal(r.keptTokens, 10 + 2 + 27);
  });

  it('buildHistoryPrunePlan prunes only when new content exceeds floor(window × share × 1.2)', function () {
    const m = Array.from({ length: 6 }, () => user(800));
    const none = buildHistoryPrunePlan({ messagesToSummarize: m, turnPrefixMessages: [], tokensBefore: 1800, contextWindowTokens: 1000 });
    assert.deepEqual(none, { summarizableTokens: 1200, newContentTokens: 600, maxHistoryTokens: 600 });
    const some = buildHistoryPrunePlan({ messagesToSummarize: m, turnPrefixMessages: [user(4)], tokensBefore: 1802, contextWindowTokens: 1000 });
    assert.equal(some.newContentTokens, 601);
    assert.equal(some.pruned?.droppedMessages, 4);
  });

  it('repairToolUseResultPairing moves a displaced result after its call, drops duplicates, no synthetic result after a failed call', function () {
    const a = calls(['c1']);
    const r1 = result('c1', 4);
    const dup = result('c1', 4);
    const u = userText('interleaved');
    const failed = calls(['c2'], 'exec', 'error');
    const rep = repairToolUseResultPairing([a, u, r1, dup, failed]);
    assert.deepEqual(rep.messages, [a, r1, u, failed]);
    assert.deepEqual(rep.discarded, [dup]);
    assert.deepEqual([rep.droppedDuplicateCount, rep.droppedOrphanCount, rep.added.length], [1, 0, 0]);
  });
});

// ------------------------------------------------------------------------------------------------ files, cap

describe('compaction helpers: file operations and the summary cap', function () {
  it('collects read / write / edit paths and apply_patch results; read minus modified, sorted', function () {
    const ops = createFileOps();
    const msgs: AgentMessage[] = [
      { role: 'assistant', content: [{ type: 'toolCall', id: '1', name: 'read', arguments: { path: 'b.md' } }, { type: 'toolCall', id: '2', name: 'Read', arguments: { file_path: 'a.md' } }] },
      { role: 'assistant', content: [{ type: 'toolCall', id: '3', name: 'mcp__fs__edit', arguments: { filePath: 'a.md' } }, { type: 'toolCall', id: '4', name: 'write', arguments: { path: 'c.ts' } }] },
      { role: 'assistant', content: [{ type: 'toolCall', id: '5', name: 'exec', arguments: { path: 'not-a-file-op' } }] },
      { role: 'toolResult', toolCallId: '6', toolName: 'apply_patch', content: [], details: { summary: { added: ['d.ts'], modified: ['e.ts'] } } },
    ];
    for (const m of msgs) extractFileOpsFromMessage(m, ops);
    assert.deepEqual(computeFileLists(ops), { readFiles: ['b.md'], modifiedFiles: ['a.md', 'c.ts', 'd.ts', 'e.ts'] });
  });

  it('formats <read-files> / <modified-files> exactly, each list ≤ 900 characters', function () {
    assert.equal(formatFileOperations([], []), '');
    assert.equal(formatFileOperations(['README.md'], ['src/a.ts', 'src/b.ts']), '\n\n<read-files>\nREADME.md\n</read-files>\n\n<modified-files>\nsrc/a.ts\nsrc/b.ts\n</modified-files>');
    assert.equal(formatFileOperations([], ['x']), '\n\n<modified-files>\nx\n</modified-files>');
    // 100 names of 20 characters (+ newline = 21); the tags with their newlines take 13 + 14 = 27. The
    // 41st name needs 27 + 40 × 21 + 21 + '...and 59 more\n' (15) = 903 > 900: 40 names + '...and 60 more'.
    const files = Array.from({ length: 100 }, (_, i) => `f${String(i).padStart(19, '0')}`);
    const out = formatFileOperations(files, []);
    const lines = out.trim().split('\n');
    assert.equal(lines.length, 1 + 40 + 1 + 1);
    assert.equal(lines[41], '...and 60 more');
    assert.ok(out.length - 2 <= 900);
  });

  it('capCompactionSummary keeps the head, the marker and a preserved suffix', function () {
    assert.equal(capCompactionSummary('short', 100), 'short');
    assert.equal(capCompactionSummary('x'.repeat(200), 100), 'x'.repeat(54) + SUMMARY_TRUNCATED_MARKER);
    assert.equal(capCompactionSummary('x'.repeat(200) + 'TAIL', 100, 'TAIL'), 'x'.repeat(50) + SUMMARY_TRUNCATED_MARKER + 'TAIL');
    assert.equal(capCompactionSummary('x'.repeat(200), 40), 'x'.repeat(40)); // under the marker length
    assert.equal(capCompactionSummary('a'.repeat(53) + '𠀀tail'.repeat(20), 100), 'a'.repeat(53) + SUMMARY_TRUNCATED_MARKER); // no half surrogate
  });
});

// ------------------------------------------------------------------------------------------------ summariser

/** A fake summariser: records calls, answers with `answer(messages, request, call#)`. */
function fake(answer: (m: readonly AgentMessage[], r: SummarizeRequest, n: number) => string | Promise<string>): Summarizer & { calls: Array<{ messages: readonly AgentMessage[]; request: SummarizeRequest }> } {
  const log: Array<{ messages: readonly AgentMessage[]; request: SummarizeRequest }> = [];
  const fn = (async (messages: readonly AgentMessage[], request: SummarizeRequest) => {
    log.push({ messages, request });
    return answer(messages, request, log.length);
  }) as Summarizer & { calls: typeof log };
  fn.calls = log;
  return fn;
}
const noSleep = { sleep: async () => undefined, random: () => 0.5 };

describe('summariser: summarizeInStages with a pluggable summariser', function () {
  it('no messages: the previous summary or "No prior history.", without a call', async function () {
    const s = fake(() => 'never');
    assert.equal(await summarizeInStages({ messages: [], summarizer: s, contextWindow: 1000, maxChunkTokens: 100 }), 'No prior history.');
    assert.equal(await summarizeInStages({ messages: [], summarizer: s, contextWindow: 1000, maxChunkTokens: 100, previousSummary: 'prev' }), 'prev');
    assert.equal(s.calls.length, 0);
  });

  it('rolls a summary over chunks of maxChunkTokens / 1.2, each call updating the previous one', async function () {
    const s = fake((_m, r, n) => `S${n}<${r.previousSummary ?? ''}>`);
    // 3 messages of 100 tokens, chunk 240 → 200: [2][1]; fewer than 4 messages → single stage
    const out = await summarizeInStages({ messages: [user(400), user(400), user(400)], summarizer: s, contextWindow: 100_000, maxChunkTokens: 240, previousSummary: 'P' });
    assert.equal(out, 'S2<S1<P>>');
    assert.deepEqual(s.calls.map((c) => c.messages.length), [2, 1]);
    assert.equal(s.calls[0]!.request.kind, 'history');
    assert.equal(s.calls[0]!.request.maxOutputTokens, 16_000); // floor(0.8 × 20000)
    assert.match(s.calls[0]!.request.instructions, /## Decisions\n## Open TODOs\n## Constraints\/Rules\n## Pending user asks\n## Exact identifiers/);
    assert.match(s.calls[0]!.request.customInstructions ?? '', /^Preserve all opaque identifiers exactly as written/);
  });

  it('splits into two parts and merges the partial summaries with labelled chunks', async function () {
    const s = fake((m, r) => (r.kind === 'merge' ? `MERGED(${m.length})` : `part of ${m.length}`));
    const msgs = [user(400), user(400), user(400), user(400)];
    const out = await summarizeInStages({ messages: msgs, summarizer: s, contextWindow: 100_000, maxChunkTokens: 399, previousSummary: 'P', customInstructions: 'focus X' });
    assert.equal(out, 'MERGED(2)');
    assert.deepEqual(s.calls.map((c) => c.request.kind), ['history', 'history', 'merge']);
    assert.equal(s.calls[0]!.request.previousSummary, undefined); // parts are summarised fresh
    const merge = s.calls[2]!;
    assert.match(String(merge.messages[0]!.content), /^\[Chunk 1 — oldest messages \[\d{4}-\d\d-\d\d \d\d:\d\d( — \d{4}-\d\d-\d\d \d\d:\d\d)? UTC\]\]\npart of 2$/);
    assert.match(String(merge.messages[1]!.content), /^\[Chunk 2 — most recent messages/);
    assert.ok(merge.request.customInstructions?.includes(MERGE_SUMMARIES_INSTRUCTIONS));
    assert.ok(merge.request.customInstructions?.includes(`Additional focus:\n${MERGE_SUMMARIES_INSTRUCTIONS}\n\nfocus X`));
  });

  it('retries a failing call 3 times with 500 ms, 1000 ms back-off; then falls back and finally fails', async function () {
    const delays: number[] = [];
    let n = 0;
    const flaky = fake(() => {
      n++;
      if (n < 3) throw new Error('overloaded');
      return 'ok';
    });
    const retry = { sleep: async (ms: number) => void delays.push(ms), random: () => 0.5 };
    assert.equal(await summarizeInStages({ messages: [user(40)], summarizer: flaky, contextWindow: 1000, maxChunkTokens: 1000, retry }), 'ok');
    assert.deepEqual(delays, [500, 1000]);
    assert.equal(retryDelayMs(1, { random: () => 1 }), 600); // +20 %
    assert.equal(retryDelayMs(1, { random: () => 0 }), 500); // −20 % is clamped to the minimum
    assert.equal(retryDelayMs(5, { random: () => 0.5 }), 5000); // 8000 capped

    const broken = fake(() => {
      throw new Error('down');
    });
    await assert.rejects(summarizeInStages({ messages: [user(40)], summarizer: broken, contextWindow: 1000, maxChunkTokens: 1000, retry: noSleep }), (e: unknown) => e instanceof CompactionError && e.code === 'summarization_failed' && /All summarization attempts failed for 1 messages. Last error: down/.test(e.message));
    assert.equal(broken.calls.length, 3);
  });

  it('an empty answer counts as a failure; a timeout is not retried', async function () {
    const empty = fake(() => '   ');
    await assert.rejects(summarizeInStages({ messages: [user(40)], summarizer: empty, contextWindow: 1000, maxChunkTokens: 1000, retry: noSleep }), /no summary text/);
    assert.equal(empty.calls.length, 3);
    const slow = fake(() => {
      const e = new Error('took too long');
      e.name = 'TimeoutError';
      throw e;
    });
    await assert.rejects(summarizeInStages({ messages: [user(40)], summarizer: slow, contextWindow: 1000, maxChunkTokens: 1000, retry: noSleep }));
    assert.equal(slow.calls.length, 1);
  });

  it('a later chunk failing gives the partial summary with OpenClaw’s note', async function () {
    const s = fake((m, r) => {
      if (r.previousSummary) throw new Error('chunk 2 broke');
      return `first(${m.length})`;
    });
    const out = await summarizeInStages({ messages: [user(400), user(400), user(400)], summarizer: s, contextWindow: 100_000, maxChunkTokens: 240, retry: noSleep });
    assert.equal(out, 'first(2)\n\n[Partial summary: chunks 1-1 of 2 were summarized. Chunks 2-2 could not be processed.]');
  });

  it('an oversized message is left out on the second attempt, with a note', async function () {
    const s = fake((m) => {
      if (m.some((x) => String(x.content).length > 1000)) throw new Error('too big');
      return `small(${m.length})`;
    });
    const out = await summarizeInStages({ messages: [user(40), user(8000), user(40)], summarizer: s, contextWindow: 1000, maxChunkTokens: 100_000, retry: noSleep });
    assert.equal(out, 'small(2)\n\n[Large user (~2K tokens) omitted from summary]');
  });

  it('builds OpenClaw’s prompt: conversation, previous summary, instructions, additional focus', function () {
    const msgs: AgentMessage[] = [
      userText('Fix src/a.ts'),
      { role: 'assistant', content: [{ type: 'text', text: 'Reading.' }, { type: 'toolCall', id: 'c', name: 'read', arguments: { path: 'src/a.ts', limit: 10 } }] },
      { role: 'toolResult', toolCallId: 'c', toolName: 'read', content: [{ type: 'text', text: 'z'.repeat(2500) }] },
    ];
    const text = serializeConversation(msgs);
    assert.ok(text.startsWith('[User]: Fix src/a.ts\n\n[Assistant]: Reading.\n\n[Assistant tool calls]: read(path="src/a.ts", limit=10)\n\n[Tool result]: ' + 'z'.repeat(2000)));
    assert.ok(text.endsWith('\n\n[... 500 more characters truncated]'));
    const p = buildSummarizationPrompt(msgs, { previousSummary: 'PREV', instructions: 'INSTR', customInstructions: 'FOCUS' });
    assert.ok(p.prompt.startsWith('<conversation>\n[User]: Fix src/a.ts'));
    assert.ok(p.prompt.includes('</conversation>\n\n<previous-summary>\nPREV\n</previous-summary>\n\nUpdate the previous summary with the new conversation.'));
    assert.ok(p.prompt.endsWith('INSTR\n\nAdditional focus: FOCUS'));
    assert.match(p.systemPrompt, /Do NOT continue the conversation/);
  });
});

describe('summariser: summarizeCompaction falls back to the mechanical summary', function () {
  // the last user turn is kept verbatim, the first two messages go to the model
  const input = () => ({ messages: [userText('Deploy ORD-4471 to staging'), assistant('Deployed ORD-4471; build deadbeef1234.'), userText('Now check the logs at /var/log/app/err.log')], recentTurnsPreserve: 1 });
  const goodSummary = ['## Decisions', '- none', '## Open TODOs', '- check logs', '## Constraints/Rules', 'None.', '## Pending user asks', '- Now check the logs at /var/log/app/err.log', '## Exact identifiers', '- ORD-4471', '- DEADBEEF1234', '- /var/log/app/err.log'].join('\n');

  it('no summariser: mechanical, audit ok', async function () {
    const r = await summarizeCompaction(input());
    assert.equal(r.source, 'mechanical');
    assert.equal(r.fallbackReason, 'no-summarizer');
    assert.equal(r.audit.ok, true);
    assert.equal(r.summary, r.mechanical.summary);
  });

  it('a model summary that passes the audit is used', async function () {
    const s = fake((_m, req) => (req.kind === 'history' ? goodSummary : 'unused'));
    const r = await summarizeCompaction(input(), { summarizer: s });
    assert.equal(r.source, 'model');
    assert.equal(r.fallbackReason, undefined);
    assert.ok(r.summary.startsWith(goodSummary));
    assert.ok(r.summary.includes('## Recent turns preserved verbatim'));
    assert.equal(r.audit.ok, true);
  });

  it('timeout, abort, error, empty output and a failed audit all give the mechanical summary, with the reason', async function () {
    const hang: Summarizer = () => new Promise<string>(() => undefined); // ignores its signal
    const t0 = Date.now();
    const timedOut = await summarizeCompaction(input(), { summarizer: hang, timeoutMs: 30 });
    assert.deepEqual([timedOut.source, timedOut.fallbackReason], ['mechanical', 'timeout']);
    assert.ok(Date.now() - t0 < 5000);

    const ctl = new AbortController();
    const pending = summarizeCompaction(input(), { summarizer: hang, signal: ctl.signal });
    ctl.abort();
    assert.equal((await pending).fallbackReason, 'aborted');

    const failing = fake(() => {
      throw new Error('no model available');
    });
    const failed = await summarizeCompaction(input(), { summarizer: failing, retry: noSleep });
    assert.deepEqual([failed.fallbackReason, failed.error], ['error', 'All summarization attempts failed for 2 messages. Last error: no model available']);
    assert.equal(failing.calls.length, 3);

    const all = await summarizeCompaction({ ...input(), recentTurnsPreserve: 3 }, { summarizer: failing });
    assert.equal(all.fallbackReason, 'nothing-to-summarize'); // every turn is kept verbatim
    assert.equal(failing.calls.length, 3);

    const empty = await summarizeCompaction(input(), { summarizer: fake(() => ''), retry: noSleep });
    assert.equal(empty.fallbackReason, 'empty');

    const sloppy = await summarizeCompaction(input(), { summarizer: fake(() => 'They deployed something.') });
    assert.equal(sloppy.fallbackReason, 'audit-failed');
    assert.match(sloppy.error ?? '', /missing_section/);
    assert.equal(sloppy.summary, sloppy.mechanical.summary);
    assert.equal(sloppy.audit.ok, true);

    const lenient = await summarizeCompaction(input(), { summarizer: fake(() => 'They deployed something.'), requireAudit: false });
    assert.deepEqual([lenient.source, lenient.audit.ok], ['model', false]);
  });

  it('a split turn asks for the turn prefix separately and audits the retained-turn summary', async function () {
    const split = { messages: [userText('Earlier ask about ORD-1'), assistant('done')], turnPrefixMessages: [userText('Deploy ORD-4471 now'), calls(['c1'])], recentTurnsPreserve: 0 };
    const marksPending = fake((_m, r) => (r.kind === 'turn-prefix' ? '## Original Request\nDeploy\n## Pending user asks\n- Deploy ORD-4471 now' : goodSummary.replace('/var/log/app/err.log', 'Deploy ORD-4471 now')));
    const r = await summarizeCompaction(split, { summarizer: marksPending });
    assert.equal(r.fallbackReason, 'audit-failed');
    assert.match(r.error ?? '', /retained_turn_ask_marked_pending/);
    const prefix = marksPending.calls.find((c) => c.request.kind === 'turn-prefix');
    assert.equal(prefix?.request.instructions, TURN_PREFIX_SUMMARIZATION_PROMPT);
    assert.equal(prefix?.request.maxOutputTokens, 10_000); // floor(0.5 × 20000)
  });
});
