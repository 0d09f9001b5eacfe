/**
 * Token arithmetic: pi's estimator (openclaw-formats.md §5.1–5.2) and claw-code's
 * (claw-code-compaction.md §4.1, every row of its "Observed values" table).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { contextEstimate } from '../../src/core/context/gauge';
import { rebuildContext, TranscriptIndex } from '../../src/core/context/rebuild';
import { entryMeta } from '../../src/core/store/entries';
import type { EntryMeta } from '../../src/core/store/types';
import { clawMessageTokens, clawSessionTokens, piToClaw, type ClawMessage } from '../../src/core/tokens/clawcode';
import { calculateContextTokens, estimateContextTokens, piEstimateTokens, realAssistantUsage } from '../../src/core/tokens/pi';
import { fixturePath } from './helpers';

type Json = Record<string, unknown>;

const img = { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' };

describe('pi estimateTokens (chars / 4, rounded up, per message)', function () {
  const cases: Array<[string, Json, number]> = [
    ['user, string content (11 chars)', { role: 'user', content: 'hello world' }, 3],
    ['user, text blocks; images are not counted (4 + 5 chars)', { role: 'user', content: [{ type: 'text', text: 'abcd' }, img, { type: 'text', text: 'efghi' }] }, 3],
    ['user, only an image', { role: 'user', content: [img] }, 0],
    ['toolResult, text + image: 3 + 4800', { role: 'toolResult', toolCallId: 'c', toolName: 'read', content: [{ type: 'text', text: 'abc' }, img], isError: false }, 1201],
    ['toolResult, two images', { role: 'toolResult', toolCallId: 'c', toolName: 'read', content: [img, img], isError: false }, 2400],
    ['toolResult, string content (10 chars)', { role: 'toolResult', toolCallId: 'c', toolName: 'read', content: 'x'.repeat(10), isError: false }, 3],
    ['custom, string content (8 chars)', { role: 'custom', customType: 'x', content: 'x'.repeat(8), display: true }, 2],
    ['custom, an image block', { role: 'custom', customType: 'x', content: [img], display: true }, 1200],
    [
      'assistant: text 4 + thinking 4 + toolCall name 4 + JSON args 15',
      { role: 'assistant', content: [{ type: 'text', text: 'abcd' }, { type: 'thinking', thinking: 'efgh' }, { type: 'toolCall', id: 'call_1', name: 'read', arguments: { path: 'a.md' } }] },
      7,
    ],
    ['assistant, empty toolCall arguments ("{}" = 2) + name 4', { role: 'assistant', content: [{ type: 'toolCall', id: 'x', name: 'exec', arguments: {} }] }, 2],
    ['bashExecution: command 2 + output 3', { role: 'bashExecution', command: 'ls', output: 'a\nb', exitCode: 0, cancelled: false, truncated: false }, 2],
    ['branchSummary (9 chars)', { role: 'branchSummary', summary: 'x'.repeat(9) }, 3],
    ['compactionSummary (9 chars)', { role: 'compactionSummary', summary: 'x'.repeat(9) }, 3],
    ['system → 0', { role: 'system', content: 'you are a helpful assistant' }, 0],
    ['unknown role → 0', { role: 'whatever', content: 'abc' }, 0],
    ['ceil: 1 char → 1', { role: 'user', content: 'a' }, 1],
    ['ceil: 4 chars → 1', { role: 'user', content: 'abcd' }, 1],
    ['ceil: 5 chars → 2', { role: 'user', content: 'abcde' }, 2],
    ['empty → 0', { role: 'user', content: '' }, 0],
    ['UTF-16 code units, not bytes: 5 × "é" → 2', { role: 'user', content: 'ééééé' }, 2],
  ];
  for (const [label, message, want] of cases) {
    it(label, function () {
      assert.equal(piEstimateTokens(message), want);
    });
  }

  it('a real pi assistant message (thinking 2652 chars + text 1714 chars) → ceil(4366 / 4) = 1092', function () {
    const m = JSON.parse(fs.readFileSync(fixturePath('pi-samples', 'pi-mono__assistant-message-with-thinking-code.json'), 'utf8')) as Json;
    assert.equal(piEstimateTokens(m), 1092);
    // Its usage carries totalTokens 91605 (input 8 + output 1211 + cacheRead 89775 + cacheWrite 611).
    assert.equal(realAssistantUsage(m), 91605);
  });

  it('tolerates junk content without throwing', function () {
    for (const m of [{ role: 'assistant', content: 'not blocks' }, { role: 'user', content: [null, 1, 'x', { type: 'text' }] }, { role: 'toolResult', content: null }, { role: 'assistant', content: [{ type: 'toolCall', name: 5 }] }])
      assert.doesNotThrow(() => piEstimateTokens(m as Json));
    const cyclic: Json = {};
    cyclic.self = cyclic;
    assert.equal(piEstimateTokens({ role: 'assistant', content: [{ type: 'toolCall', name: 'abcd', arguments: cyclic }] }), 1);
  });
});

describe('pi usage arithmetic', function () {
  it('calculateContextTokens = totalTokens || input + output + cacheRead + cacheWrite', function () {
    assert.equal(calculateContextTokens({ input: 812, output: 64, cacheRead: 14210, cacheWrite: 0, totalTokens: 15086 }), 15086);
    assert.equal(calculateContextTokens({ input: 40, output: 18, cacheRead: 15022, cacheWrite: 0 }), 15080);
    assert.equal(calculateContextTokens({ input: 3, output: 191, cacheRead: 0, cacheWrite: 1684, totalTokens: 0 }), 1878);
    assert.equal(calculateContextTokens({}), 0);
  });

  const asst = (extra: Json): Json => ({
    role: 'assistant',
    content: [{ type: 'text', text: 'x' }],
    provider: 'anthropic',
    model: 'claude-sonnet-4-6',
    usage: { input: 40, output: 18, cacheRead: 15022, cacheWrite: 0, totalTokens: 15080 },
    stopReason: 'stop',
    ...extra,
  });
  it('realAssistantUsage: a normal assistant message', function () {
    assert.equal(realAssistantUsage(asst({})), 15080);
    assert.equal(realAssistantUsage(asst({ stopReason: 'toolUse' })), 15080);
    assert.equal(realAssistantUsage(asst({ stopReason: 'length' })), 15080);
  });
  it('realAssistantUsage skips aborted, error, provider "openclaw", delivery-mirror, zero and missing usage, non-assistants', function () {
    assert.equal(realAssistantUsage(asst({ stopReason: 'aborted' })), undefined);
    assert.equal(realAssistantUsage(asst({ stopReason: 'error' })), undefined);
    assert.equal(realAssistantUsage(asst({ provider: 'openclaw', model: 'gateway-injected' })), undefined);
    assert.equal(realAssistantUsage(asst({ provider: 'openclaw', model: 'delivery-mirror', usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0 } })), undefined);
    assert.equal(realAssistantUsage(asst({ model: 'delivery-mirror' })), undefined);
    assert.equal(realAssistantUsage(asst({ usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0 } })), undefined);
    assert.equal(realAssistantUsage(asst({ usage: undefined })), undefined);
    assert.equal(realAssistantUsage({ ...asst({}), role: 'user' }), undefined);
  });

  it('estimateContextTokens = last usage + estimates after it', function () {
    assert.deepEqual(estimateContextTokens([{ tokens: 10 }, { tokens: 5, usageTokens: 1000 }, { tokens: 7 }, { tokens: 3 }]), {
      tokens: 1010,
      usageTokens: 1000,
      trailingTokens: 10,
      lastUsageIndex: 1,
    });
    assert.deepEqual(estimateContextTokens([{ tokens: 1, usageTokens: 50 }, { tokens: 2, usageTokens: 900 }]), { tokens: 900, usageTokens: 900, trailingTokens: 0, lastUsageIndex: 1 });
  });
  it('estimateContextTokens without any usage = the sum of estimates', function () {
    assert.deepEqual(estimateContextTokens([{ tokens: 10 }, { tokens: 5 }]), { tokens: 15, usageTokens: 0, trailingTokens: 15, lastUsageIndex: null });
    assert.deepEqual(estimateContextTokens([]), { tokens: 0, usageTokens: 0, trailingTokens: 0, lastUsageIndex: null });
  });

  it('example A of openclaw-formats.md §2.6: estimateContextTokens = 15080 + 0 trailing', function () {
    const A = `
{"type":"session","version":3,"id":"6f1c9a2e-4b7d-4c1e-9a55-0d2b7e8f31e2","timestamp":"2026-04-10T09:00:00.000Z","cwd":"/home/ana/.openclaw/workspace"}
{"type":"model_change","id":"a1b2c3d4","parentId":null,"timestamp":"2026-04-10T09:00:00.120Z","provider":"anthropic","modelId":"claude-sonnet-4-6"}
{"type":"thinking_level_change","id":"b2c3d4e5","parentId":"a1b2c3d4","timestamp":"2026-04-10T09:00:00.121Z","thinkingLevel":"low"}
{"type":"message","id":"c3d4e5f6","parentId":"b2c3d4e5","timestamp":"2026-04-10T09:00:01.000Z","message":{"role":"user","content":[{"type":"text","text":"What's in notes/todo.md?"}],"timestamp":1775811601000}}
{"type":"message","id":"d4e5f6a7","parentId":"c3d4e5f6","timestamp":"2026-04-10T09:00:03.400Z","message":{"role":"assistant","content":[{"type":"thinking","thinking":"Read the file first."},{"type":"toolCall","id":"toolu_01AbC","name":"read","arguments":{"path":"notes/todo.md"}}],"api":"anthropic-messages","provider":"anthropic","model":"claude-sonnet-4-6","usage":{"input":812,"output":64,"cacheRead":14210,"cacheWrite":0,"totalTokens":15086,"cost":{"input":0.0024,"output":0.001,"cacheRead":0.0043,"cacheWrite":0,"total":0.0077}},"stopReason":"toolUse","timestamp":1775811603400}}
{"type":"message","id":"e5f6a7b8","parentId":"d4e5f6a7","timestamp":"2026-04-10T09:00:03.450Z","message":{"role":"toolResult","toolCallId":"toolu_01AbC","toolName":"read","content":[{"type":"text","text":"- renew passport\\n- book dentist"}],"isError":false,"timestamp":1775811603450}}
{"type":"message","id":"f6a7b8c9","parentId":"e5f6a7b8","timestamp":"2026-04-10T09:00:05.000Z","message":{"role":"assistant","content":[{"type":"text","text":"Two items: renew passport, book dentist."}],"api":"anthropic-messages","provider":"anthropic","model":"claude-sonnet-4-6","usage":{"input":40,"output":18,"cacheRead":15022,"cacheWrite":0,"totalTokens":15080,"cost":{"input":0.0001,"output":0.0003,"cacheRead":0.0045,"cacheWrite":0,"total":0.0049}},"stopReason":"stop","timestamp":1775811605000}}
{"type":"custom","id":"0a1b2c3d","parentId":"f6a7b8c9","timestamp":"2026-04-10T09:00:05.010Z","customType":"openclaw.cache-ttl","data":{"timestamp":1775811605010,"provider":"anthropic","modelId":"claude-sonnet-4-6"}}
`;
    const entries = A.trim()
      .split('\n')
      .map((l, i) => entryMeta(JSON.parse(l) as Json, i, l.length)!);
    const idx = new TranscriptIndex();
    idx.apply({ reset: true, entries, cursor: { kind: 'sqlite', sessionId: 'a', lastSeq: 7 } });
    const est = contextEstimate(rebuildContext(idx));
    assert.deepEqual(est, { tokens: 15080, usageTokens: 15080, trailingTokens: 0, lastUsageIndex: 3 });
    // The entry index keeps each message's estimate: the tool call is "read" (4) + {"path":"notes/todo.md"} (24) + thinking (20).
    const d4 = entries.find((e: EntryMeta) => e.id === 'd4e5f6a7')!;
    assert.equal(d4.tokens, Math.ceil((4 + 24 + 20) / 4));
    assert.equal(d4.usageTokens, 15086);
  });
});

describe('claw-code estimate_message_tokens (claw-code-compaction.md §4.1, observed values)', function () {
  const text = (t: string): ClawMessage => ({ role: 'user', blocks: [{ type: 'text', text: t }] });
  const rows: Array<[string, ClawMessage, number]> = [
    ['"hello"', text('hello'), 2],
    ['""', text(''), 1],
    ['"abcd"', text('abcd'), 2],
    ['"ééééé" (10 bytes)', text('ééééé'), 3],
    [
      'ToolUse bash + {"a":1} and Text "abcd"',
      {
        role: 'assistant',
        blocks: [
          { type: 'tool_use', id: 'tool-1', name: 'bash', input: '{"a":1}' },
          { type: 'text', text: 'abcd' },
        ],
      },
      5,
    ],
    ['ToolResult bash / "12345678"', { role: 'tool', blocks: [{ type: 'tool_result', tool_use_id: 'tool-1', tool_name: 'bash', output: '12345678', is_error: false }] }, 4],
    ['Thinking "abcdefgh", no signature', { role: 'assistant', blocks: [{ type: 'thinking', thinking: 'abcdefgh' }] }, 2],
    ['Thinking "abcdefgh" with signature "sig12345"', { role: 'assistant', blocks: [{ type: 'thinking', thinking: 'abcdefgh', signature: 'sig12345' }] }, 5],
    ['Thinking "abc", no signature', { role: 'assistant', blocks: [{ type: 'thinking', thinking: 'abc', signature: null }] }, 0],
  ];
  for (const [label, m, want] of rows) {
    it(`${label} → ${want}`, function () {
      assert.equal(clawMessageTokens(m), want);
    });
  }

  it('a message without blocks counts 0; the role adds nothing; the session sums its messages', function () {
    assert.equal(clawMessageTokens({ role: 'system', blocks: [] }), 0);
    assert.equal(clawMessageTokens({ role: 'system', blocks: [{ type: 'text', text: 'hello' }] }), 2);
    assert.equal(clawSessionTokens(rows.map((r) => r[1])), rows.reduce((s, r) => s + r[2], 0));
  });

  it('piToClaw keeps the text claw-code would count', function () {
    assert.equal(clawMessageTokens(piToClaw({ role: 'user', content: 'hello' })!), 2);
    assert.equal(clawMessageTokens(piToClaw({ role: 'toolResult', toolCallId: 't', toolName: 'bash', content: [{ type: 'text', text: '12345678' }], isError: false })!), 4);
    assert.equal(
      clawMessageTokens(piToClaw({ role: 'assistant', content: [{ type: 'toolCall', id: 'x', name: 'bash', arguments: { a: 1 } }, { type: 'text', text: 'abcd' }] })!),
      5,
    );
    assert.equal(piToClaw({ role: 'system', content: 'x' }), undefined);
  });
});
