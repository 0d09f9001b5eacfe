/**
 * L2 mechanical compaction = claw-code's `compact.rs` (claw-code-compaction.md). Every expected value below
 * comes from the spec (its quoted constants, "Observed" values and upstream assertions), from the 9 upstream
 * unit tests of compact.rs (§5), or is derived by hand in the test from the rules of §4 (the derivation is
 * written next to it). The last suite replays vectors recorded from claw-code's own compiled compact.rs
 * (test/fixtures/claw-code/README.md). Nothing is expected because the code under test printed it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as zlib from 'node:zlib';
import { CLAW_COMPACT_VARIANTS, DEFAULT_COMPACTION_CONFIG, parseClawSession, resolveCompactionConfig, type ClawBlock, type ClawConversationMessage, type ClawSession, type CompactionResult } from '../../src/core/compaction/claw/session';
import { COMPACT_CONTINUATION_PREAMBLE, COMPACT_DIRECT_RESUME_INSTRUCTION, COMPACT_RECENT_MESSAGES_NOTE, collapseBlankLines, extractTagBlock, formatCompactSummary, getCompactContinuationMessage, stripTagBlock } from '../../src/core/compaction/claw/format';
import { collectKeyFiles, collectRecentRoleSummaries, extractFileCandidates, firstTextBlock, hasInterestingExtension, inferCurrentWork, inferPendingWork, summarizeBlock, summarizeMessages, truncateSummary } from '../../src/core/compaction/claw/summarize';
import { extractExistingCompactedSummary, extractSummaryHighlights, extractSummaryTimeline, mergeCompactSummaries } from '../../src/core/compaction/claw/merge';
import { compactSession, compactedSummaryPrefixLen, estimateMessageTokens, estimateSessionTokens, shouldCompact } from '../../src/core/compaction/clawCompact';
import { fixturePath, repoPath } from './helpers';

// ------------------------------------------------------------------ builders (claw-code's test constructors)
const u = (text: string): ClawConversationMessage => ({ role: 'user', blocks: [{ type: 'text', text }] });
const a = (text: string): ClawConversationMessage => ({ role: 'assistant', blocks: [{ type: 'text', text }] });
const ab = (...blocks: ClawBlock[]): ClawConversationMessage => ({ role: 'assistant', blocks });
const tu = (id: string, name: string, input: string): ClawBlock => ({ type: 'tool_use', id, name, input });
const tr = (id: string, name: string, output: string, isError = false): ClawConversationMessage => ({
  role: 'tool',
  blocks: [{ type: 'tool_result', tool_use_id: id, tool_name: name, output, is_error: isError }],
});
const sys = (text: string): ClawConversationMessage => ({ role: 'system', blocks: [{ type: 'text', text }] });
const S = (...messages: ClawConversationMessage[]): ClawSession => ({ messages });
const cfg = (preserve: number, max: number) => ({ preserve_recent_messages: preserve, max_estimated_tokens: max });
const textOf = (m: ClawConversationMessage | undefined): string => {
  const b = m?.blocks[0];
  assert.ok(b && b.type === 'text', 'expected a text block');
  return b.text;
};
const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');
const chars = (s: string): number => Array.from(s).length;

// The spec's constants, typed out here (not imported) so the exported ones are checked against them.
const P =
  'This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.\n\n';
const NOTE = 'Recent messages are preserved verbatim.';
const I =
  'Continue the conversation from where it left off without asking the user any further questions. Resume directly \u2014 do not acknowledge the summary, do not recap what was happening, and do not preface with continuation text.';
/** What compact_session puts in its System message (§4.5 step 8): P + formatted + [note] + "\n" + I. */
const continuation = (formatted: string, preserved: boolean) => P + formatted + (preserved ? '\n\n' + NOTE : '') + '\n' + I;
/** The formatted form of a raw summary made by summarize_messages/merge: "<summary>\n" → "Summary:\n", closing tag dropped. */
const formattedOf = (raw: string) => {
  assert.ok(raw.startsWith('<summary>\n') && raw.endsWith('\n</summary>'));
  return 'Summary:\n' + raw.slice('<summary>\n'.length, -'\n</summary>'.length);
};

/** The upstream assertion of compaction_does_not_split_tool_use_tool_result_pair (§5.8), over any message list. */
function assertNoOrphanToolResult(messages: readonly ClawConversationMessage[]): void {
  for (let i = 1; i < messages.length; i++) {
    if (messages[i]!.blocks[0]?.type === 'tool_result') {
      assert.ok(
        messages[i - 1]!.blocks.some((b) => b.type === 'tool_use'),
        `message[${i}] is a ToolResult but message[${i - 1}] has no ToolUse`,
      );
    }
  }
}

describe('claw-code compaction: constants and config (§3)', function () {
  it('the three texts are exact (preamble ends with two newlines, the instruction has U+2014)', function () {
    assert.equal(COMPACT_CONTINUATION_PREAMBLE, P);
    assert.equal(COMPACT_RECENT_MESSAGES_NOTE, NOTE);
    assert.equal(COMPACT_DIRECT_RESUME_INSTRUCTION, I);
    assert.ok(P.endsWith('.\n\n'));
    assert.equal([...I].filter((c) => c === '\u2014').length, 1);
  });

  it('CompactionConfig::default() is (4, 10000); partial configs take the defaults; non-usize values are rejected', function () {
    assert.deepEqual({ ...DEFAULT_COMPACTION_CONFIG }, cfg(4, 10_000));
    assert.deepEqual(resolveCompactionConfig({ preserve_recent_messages: 1 }), cfg(1, 10_000));
    assert.deepEqual(resolveCompactionConfig(undefined), cfg(4, 10_000));
    assert.throws(() => resolveCompactionConfig({ preserve_recent_messages: -1 }), RangeError);
    assert.throws(() => resolveCompactionConfig({ max_estimated_tokens: 1.5 }), RangeError);
  });
});

describe('claw-code compaction: token estimate (§4.1)', function () {
  it('every row of the "Observed values" table', function () {
    const rows: Array<[ClawConversationMessage, number]> = [
      [u('hello'), 2],
      [u(''), 1],
      [u('abcd'), 2],
      [u('ééééé'), 3], // 10 bytes
      [ab(tu('x', 'bash', '{"a":1}'), { type: 'text', text: 'abcd' }), 5],
      [tr('x', 'bash', '12345678'), 4],
      [ab({ type: 'thinking', thinking: 'abcdefgh' }), 2],
      [ab({ type: 'thinking', thinking: 'abcdefgh', signature: 'sig12345' }), 5],
      [ab({ type: 'thinking', thinking: 'abc' }), 0],
    ];
    for (const [m, n] of rows) assert.equal(estimateMessageTokens(m), n, JSON.stringify(m));
  });

  it('UTF-8 bytes, not UTF-16 units: 中 (3 bytes) = 1, 😀 (4 bytes) = 2, 中×161 (483 bytes) = 121; no blocks = 0; ids are not counted', function () {
    assert.equal(estimateMessageTokens(u('中')), 0 + 1);
    assert.equal(estimateMessageTokens(u('😀')), 1 + 1);
    assert.equal(estimateMessageTokens(u('中'.repeat(161))), Math.floor(483 / 4) + 1);
    assert.equal(estimateMessageTokens({ role: 'user', blocks: [] }), 0);
    assert.equal(estimateMessageTokens(ab(tu('a-very-long-id-that-is-ignored', 'bash', '{"a":1}'))), Math.floor((4 + 7) / 4) + 1);
  });

  it('estimate_session_tokens sums every message, the summary message included (§5.5: 133 + 2 + 2)', function () {
    const text = getCompactContinuationMessage(SUMMARY_55, true, true);
    assert.equal(estimateSessionTokens(S(sys(text), u('tiny'), a('recent'))), 137);
  });
});

/** The summary of upstream test 5.5. */
const SUMMARY_55 = '<summary>Conversation summary:\n- Scope: earlier work preserved.\n- Key timeline:\n  - user: large preserved context\n</summary>';

describe('claw-code compaction: should_compact (§4.2)', function () {
  it('boundary probe: two "abcd" user messages (4 tokens)', function () {
    const s = S(u('abcd'), u('abcd'));
    assert.equal(shouldCompact(s, cfg(1, 3)), true);
    assert.equal(shouldCompact(s, cfg(1, 4)), true); // tokens >= max
    assert.equal(shouldCompact(s, cfg(1, 5)), false);
    for (const max of [0, 1, 3, 4, 5]) assert.equal(shouldCompact(s, cfg(2, max)), false); // count must be > preserve
  });

  it('an empty session never compacts, even with (0, 0)', function () {
    assert.equal(shouldCompact(S(), cfg(0, 0)), false);
    assert.equal(compactSession(S(), cfg(0, 0)).removed_message_count, 0);
  });

  it('the summary message at index 0 counts for neither the count nor the tokens', function () {
    const s = S(sys(getCompactContinuationMessage(SUMMARY_55, true, true)), u('tiny'), a('recent'));
    assert.equal(compactedSummaryPrefixLen(s), 1);
    assert.equal(shouldCompact(s, cfg(1, 4)), true); // 2 > 1 and 2 + 2 >= 4
    assert.equal(shouldCompact(s, cfg(1, 5)), false); // the 133 summary tokens are not counted
    // A plain System message (no preamble) and a user message with the preamble are ordinary messages.
    assert.equal(compactedSummaryPrefixLen(S(sys('You are helpful.'), u('x'))), 0);
    assert.equal(compactedSummaryPrefixLen(S(u(getCompactContinuationMessage(SUMMARY_55, true, true)), u('x'))), 0);
  });
});

describe('claw-code compaction: format_compact_summary (§4.3)', function () {
  it('every row of the "Observed values" table', function () {
    const rows: Array<[string, string]> = [
      ['<analysis>scratch</analysis>\n<summary>Kept work</summary>', 'Summary:\nKept work'],
      ['  plain text\n\n\n\nmore  ', 'plain text\n\nmore'],
      ['<summary>\n\n  A\n\n\n  B\n</summary>', 'Summary:\nA\n\n  B'],
      ['pre <analysis>x</analysis> post', 'pre  post'],
      ['<analysis>a</analysis>mid<analysis>b</analysis>end', 'mid<analysis>b</analysis>end'],
      ['Intro\n<summary>Body</summary>\nOutro', 'Intro\nSummary:\nBody\nOutro'],
    ];
    for (const [input, output] of rows) assert.equal(formatCompactSummary(input), output, JSON.stringify(input));
  });

  it('crossed analysis tags duplicate text, as Rust s[..start] + s[end..] does', function () {
    // "</analysis>A<analysis>B": open tag at 12, close tag ends at 11 → "</analysis>A" + "A<analysis>B".
    assert.equal(stripTagBlock('</analysis>A<analysis>B', 'analysis'), '</analysis>AA<analysis>B');
    assert.equal(formatCompactSummary('</analysis>A<analysis>B'), '</analysis>AA<analysis>B');
    assert.equal(stripTagBlock('only <analysis> open', 'analysis'), 'only <analysis> open');
  });

  it('every occurrence of the same <summary>…</summary> block is replaced; an unclosed tag is left alone', function () {
    assert.equal(formatCompactSummary('<summary>X</summary> and <summary>X</summary>'), 'Summary:\nX and Summary:\nX');
    assert.equal(formatCompactSummary('<summary>X</summary> and <summary>Y</summary>'), 'Summary:\nX and <summary>Y</summary>');
    assert.equal(formatCompactSummary('<summary>open'), '<summary>open');
    assert.equal(extractTagBlock('</summary><summary>in</summary>', 'summary'), 'in'); // the close tag is searched after the open one
    assert.equal(formatCompactSummary('a $& $1 <summary>$$</summary>'), 'a $& $1 Summary:\n$$'); // no replacement patterns
  });

  it('Rust lines(): CRLF and LF, a trailing newline adds no line, a bare final \\r stays (then trimmed)', function () {
    assert.equal(collapseBlankLines('a\r\n\r\n\r\nb\n'), 'a\n\nb\n');
    assert.equal(collapseBlankLines('a\n'), 'a\n');
    assert.equal(collapseBlankLines(''), '');
    assert.equal(collapseBlankLines('\n'), '\n');
    assert.equal(collapseBlankLines('x\r'), 'x\r\n'); // \r is only dropped before \n
    assert.equal(collapseBlankLines('a\n \t\n\u3000\nb'), 'a\n \t\nb\n'); // whitespace-only lines are blank; the first is kept as is
    assert.equal(formatCompactSummary('x\r'), 'x');
  });

  it('trim is Unicode White_Space: U+0085 and U+3000 are trimmed, U+FEFF is not', function () {
    assert.equal(formatCompactSummary('\u0085\u3000x\u3000\u0085'), 'x');
    assert.equal(formatCompactSummary('\uFEFFx\uFEFF'), '\uFEFFx\uFEFF');
    assert.equal(formatCompactSummary('<summary>\u0085 Body \u2028</summary>'), 'Summary:\nBody');
  });
});

describe('claw-code compaction: get_compact_continuation_message (§4.4)', function () {
  const kept = '<summary>Kept work</summary>';
  it('the four combinations, exact', function () {
    assert.equal(getCompactContinuationMessage(kept, false, false), P + 'Summary:\nKept work');
    assert.equal(getCompactContinuationMessage(kept, true, false), P + 'Summary:\nKept work\n' + I);
    assert.equal(getCompactContinuationMessage(kept, false, true), P + 'Summary:\nKept work\n\nRecent messages are preserved verbatim.');
    assert.equal(getCompactContinuationMessage(kept, true, true), P + 'Summary:\nKept work\n\nRecent messages are preserved verbatim.\n' + I);
  });

  it('lengths as observed: 171 chars; 434 chars / 436 bytes', function () {
    assert.equal(getCompactContinuationMessage(kept, false, false).length, 171);
    const full = getCompactContinuationMessage(kept, true, true);
    assert.equal(chars(full), 434);
    assert.equal(bytes(full), 436);
  });
});

describe('claw-code compaction: the 9 upstream unit tests of compact.rs (§5)', function () {
  it('5.1 formats_compact_summary_like_upstream', function () {
    assert.equal(formatCompactSummary('<analysis>scratch</analysis>\n<summary>Kept work</summary>'), 'Summary:\nKept work');
  });

  it('5.2 leaves_small_sessions_unchanged', function () {
    const session: ClawSession = { version: 1, session_id: 'session-1', created_at_ms: 5, updated_at_ms: 5, messages: [u('hello')] };
    const result = compactSession(session, undefined);
    assert.equal(result.removed_message_count, 0);
    assert.deepEqual(result.compacted_session, session); // no compaction metadata, timestamps untouched
    assert.notEqual(result.compacted_session, session); // a clone
    assert.equal(result.summary, '');
    assert.equal(result.formatted_summary, '');
    assert.equal(estimateSessionTokens(session), 2);
    assert.equal(shouldCompact(session, DEFAULT_COMPACTION_CONFIG), false);
  });

  describe('5.3 compacts_older_messages_into_a_system_summary', function () {
    const session = S(u('one '.repeat(200)), a('two '.repeat(200)), tr('1', 'bash', 'ok '.repeat(200)), a('recent'));
    let result: CompactionResult;
    before(function () {
      result = compactSession(session, cfg(2, 1));
    });

    it('upstream assertions', function () {
      assert.ok(result.removed_message_count <= 2);
      assert.equal(result.compacted_session.messages[0]!.role, 'system');
      assert.ok(textOf(result.compacted_session.messages[0]).includes('Summary:'));
      assert.ok(result.formatted_summary.includes('Scope:'));
      assert.ok(result.formatted_summary.includes('Key timeline:'));
      assert.equal(shouldCompact(session, cfg(2, 1)), true);
      assert.ok(result.removed_message_count > 0);
    });

    it('observed: walk-back 2 → 1, removed 1, exact summary, tokens 556 → 635', function () {
      assert.equal(result.removed_message_count, 1);
      const raw = [
        '<summary>',
        'Conversation summary:',
        '- Scope: 1 earlier messages compacted (user=1, assistant=0, tool=0).',
        '- Recent user requests:',
        `  - ${'one '.repeat(40)}…`,
        `- Current work: ${'one '.repeat(50)}…`,
        '- Key timeline:',
        `  - user: ${'one '.repeat(40)}…`,
        '</summary>',
      ].join('\n');
      assert.equal(result.summary, raw);
      assert.equal(result.formatted_summary, formattedOf(raw));
      const text = continuation(formattedOf(raw), true);
      assert.deepEqual(result.compacted_session.messages, [sys(text), ...session.messages.slice(1)]);
      assert.equal(Math.floor(bytes(text) / 4) + 1, 280); // the spec's figure for the summary message
      assert.equal(estimateSessionTokens(session), 201 + 201 + 152 + 2);
      assert.equal(estimateSessionTokens(result.compacted_session), 280 + 201 + 152 + 2);
      assert.deepEqual(result.compacted_session.compaction, { count: 1, removed_message_count: 1, summary: raw });
    });
  });

  describe('5.4 keeps_previous_compacted_context_when_compacting_again', function () {
    const initial = S(
      u('Investigate rust/crates/runtime/src/compact.rs'),
      a('I will inspect the compact flow.'),
      u('Also update rust/crates/runtime/src/conversation.rs'),
      a('Next: preserve prior summary context during auto compact.'),
    );
    const FIRST = [
      '<summary>',
      'Conversation summary:',
      '- Scope: 2 earlier messages compacted (user=1, assistant=1, tool=0).',
      '- Recent user requests:',
      '  - Investigate rust/crates/runtime/src/compact.rs',
      '- Key files referenced: rust/crates/runtime/src/compact.rs.',
      '- Current work: I will inspect the compact flow.',
      '- Key timeline:',
      '  - user: Investigate rust/crates/runtime/src/compact.rs',
      '  - assistant: I will inspect the compact flow.',
      '</summary>',
    ].join('\n');
    const SECOND = [
      '<summary>',
      'Conversation summary:',
      '- - Scope: 2 earlier messages compacted (user=1, assistant=1, tool=0).',
      '- - Recent user requests:',
      '-   - Investigate rust/crates/runtime/src/compact.rs',
      '- - Key files referenced: rust/crates/runtime/src/compact.rs.',
      '- - Current work: I will inspect the compact flow.',
      '- Newly compacted context:',
      '  - Scope: 2 earlier messages compacted (user=1, assistant=1, tool=0).',
      '  - Recent user requests:',
      '    - Also update rust/crates/runtime/src/conversation.rs',
      '  - Pending work:',
      '    - Next: preserve prior summary context during auto compact.',
      '  - Key files referenced: rust/crates/runtime/src/conversation.rs.',
      '  - Current work: Next: preserve prior summary context during auto compact.',
      '- Key timeline:',
      '    - user: Also update rust/crates/runtime/src/conversation.rs',
      '    - assistant: Next: preserve prior summary context during auto compact.',
      '</summary>',
    ].join('\n');

    it('upstream assertions (main: the "Previously compacted context:" header is gone)', function () {
      const first = compactSession(initial, cfg(2, 1));
      const second = compactSession(S(...first.compacted_session.messages, u('Please add regression tests for compaction.'), a('Working on regression coverage now.')), cfg(2, 1));
      assert.ok(!second.formatted_summary.includes('Previously compacted context:'));
      assert.ok(second.formatted_summary.includes('Scope: 2 earlier messages compacted'));
      assert.ok(second.formatted_summary.includes('Newly compacted context:'));
      assert.ok(second.formatted_summary.includes('Also update rust/crates/runtime/src/conversation.rs'));
      const t0 = textOf(second.compacted_session.messages[0]);
      assert.ok(!t0.includes('Previously compacted context:') && t0.includes('Newly compacted context:'));
      assert.ok(textOf(second.compacted_session.messages[1]).includes('Please add regression tests for compaction.'));
    });

    it('observed: both passes exact (first: 49 tokens, removed 2; second: the merged summary of §4.8)', function () {
      assert.equal(estimateSessionTokens(initial), 12 + 9 + 13 + 15);
      const first = compactSession(initial, cfg(2, 1));
      assert.equal(first.removed_message_count, 2);
      assert.equal(first.summary, FIRST);
      assert.deepEqual(first.compacted_session.messages, [sys(continuation(formattedOf(FIRST), true)), ...initial.messages.slice(2)]);

      const tail = [u('Please add regression tests for compaction.'), a('Working on regression coverage now.')];
      const second = compactSession(S(...first.compacted_session.messages, ...tail), cfg(2, 1));
      assert.equal(second.removed_message_count, 2);
      assert.equal(second.summary, SECOND);
      assert.equal(second.formatted_summary, formattedOf(SECOND));
      assert.deepEqual(second.compacted_session.messages, [sys(continuation(formattedOf(SECOND), true)), ...tail]);
      assert.equal(second.compacted_session.compaction?.count, 1); // a fresh Session, as upstream builds it
    });
  });

  it('5.5 ignores_existing_compacted_summary_when_deciding_to_recompact (+ the observed (1,1) merge)', function () {
    const text = getCompactContinuationMessage(SUMMARY_55, true, true);
    const session = S(sys(text), u('tiny'), a('recent'));
    assert.equal(shouldCompact(session, cfg(2, 1)), false);
    // Observed values.
    assert.deepEqual(session.messages.map(estimateMessageTokens), [133, 2, 2]);
    assert.equal(
      extractExistingCompactedSummary(session.messages[0]!),
      'Summary:\nConversation summary:\n- Scope: earlier work preserved.\n- Key timeline:\n  - user: large preserved context',
    );
    const r = compactSession(session, cfg(1, 1));
    assert.equal(r.removed_message_count, 1);
    assert.equal(
      r.summary,
      '<summary>\nConversation summary:\n- - Scope: earlier work preserved.\n- Newly compacted context:\n  - Scope: 1 earlier messages compacted (user=1, assistant=0, tool=0).\n  - Recent user requests:\n    - tiny\n  - Current work: tiny\n- Key timeline:\n    - user: tiny\n</summary>',
    );
    assert.deepEqual(r.compacted_session.messages.slice(1), [a('recent')]);
  });

  it('5.6 truncates_long_blocks_in_summary: "x"×400 → "x"×160 + "…" (161 chars, 163 bytes); exactly 160 is kept', function () {
    const s = summarizeBlock({ type: 'text', text: 'x'.repeat(400) });
    assert.ok(s.endsWith('…'));
    assert.ok(chars(s) <= 161);
    assert.equal(s, 'x'.repeat(160) + '…');
    assert.equal(bytes(s), 163);
    assert.equal(summarizeBlock({ type: 'text', text: 'x'.repeat(160) }), 'x'.repeat(160));
  });

  it('5.7 extracts_key_files_from_message_content', function () {
    const files = collectKeyFiles([u('Update rust/crates/runtime/src/compact.rs and rust/crates/rusty-claude-cli/src/main.rs next.')]);
    assert.ok(files.includes('rust/crates/runtime/src/compact.rs'));
    assert.ok(files.includes('rust/crates/rusty-claude-cli/src/main.rs'));
    assert.deepEqual(files, ['rust/crates/runtime/src/compact.rs', 'rust/crates/rusty-claude-cli/src/main.rs']);
  });

  describe('5.8 compaction_does_not_split_tool_use_tool_result_pair', function () {
    const session = S(u('Search for files'), ab(tu('call_abc', 'search', '{"q":"*.rs"}')), tr('call_abc', 'search', 'found 5 files'), a('Done.'));

    it('upstream: preserve 1, default max (10000) — observed: 17 tokens, nothing compacted', function () {
      const r = compactSession(session, { preserve_recent_messages: 1 });
      assertNoOrphanToolResult(r.compacted_session.messages);
      assert.deepEqual(session.messages.map(estimateMessageTokens), [5, 5, 5, 2]);
      assert.equal(r.removed_message_count, 0);
      assert.equal(r.compacted_session.messages.length, 4);
    });

    it('the vectors that exercise the guard: (2,1) removes 1, (1,1) removes 3, (0,1) removes 4', function () {
      const r21 = compactSession(session, cfg(2, 1));
      assert.equal(r21.removed_message_count, 1);
      assert.deepEqual(r21.compacted_session.messages.slice(1), session.messages.slice(1));
      assertNoOrphanToolResult(r21.compacted_session.messages);

      const r11 = compactSession(session, cfg(1, 1));
      assert.equal(r11.removed_message_count, 3);
      assert.deepEqual(r11.compacted_session.messages.slice(1), [a('Done.')]);

      const r01 = compactSession(session, cfg(0, 1));
      assert.equal(r01.removed_message_count, 4);
      assert.equal(r01.compacted_session.messages.length, 1);
      const t = textOf(r01.compacted_session.messages[0]);
      assert.ok(!t.includes(NOTE));
      assert.ok(t.endsWith('\n' + I));
      assert.equal(t, continuation(r01.formatted_summary, false));
    });
  });

  it('5.9 infers_pending_work_from_recent_messages', function () {
    const pending = inferPendingWork([u('done'), a('Next: update tests and follow up on remaining CLI polish.')]);
    assert.equal(pending.length, 1);
    assert.ok(pending[0]!.includes('Next: update tests'));
    assert.deepEqual(pending, ['Next: update tests and follow up on remaining CLI polish.']);
  });
});

describe('claw-code compaction: summary sections (§4.6, §4.7)', function () {
  it('the spec\'s every-section example (extra__all_sections shape): (2,1), 5 of 7 removed', function () {
    // Input built to match the documented output: pending work is newest-first TODO/next lines put back in
    // order; the path inside the JSON tool input is not a candidate (token ends in `"}`); "//" is not a file.
    const session = S(
      u('please list TODO items in src/lib.rs'),
      ab({ type: 'text', text: 'Let me look' }, tu('t1', 'read_file', '{"path":"src/lib.rs"}')),
      tr('t1', 'read_file', 'fn main() {} // see docs/README.md'),
      a('Found nothing; next I will check rust/crates/x/src/main.rs'),
      u('thanks'),
      a("You're welcome."),
      u('bye'),
    );
    const r = compactSession(session, cfg(2, 1));
    assert.equal(r.removed_message_count, 5);
    assert.equal(
      r.summary,
      [
        '<summary>',
        'Conversation summary:',
        '- Scope: 5 earlier messages compacted (user=2, assistant=2, tool=1).',
        '- Tools mentioned: read_file.',
        '- Recent user requests:',
        '  - please list TODO items in src/lib.rs',
        '  - thanks',
        '- Pending work:',
        '  - please list TODO items in src/lib.rs',
        '  - Found nothing; next I will check rust/crates/x/src/main.rs',
        '- Key files referenced: docs/README.md, rust/crates/x/src/main.rs, src/lib.rs.',
        '- Current work: thanks',
        '- Key timeline:',
        '  - user: please list TODO items in src/lib.rs',
        '  - assistant: Let me look | tool_use read_file({"path":"src/lib.rs"})',
        '  - tool: tool_result read_file: fn main() {} // see docs/README.md',
        '  - assistant: Found nothing; next I will check rust/crates/x/src/main.rs',
        '  - user: thanks',
        '</summary>',
      ].join('\n'),
    );
  });

  it('infer_pending_work: any role, newest 3, oldest first; plain substrings, ASCII case-insensitive', function () {
    const msgs = ['TODO one', 'pending two', 'remaining three', 'follow up four', 'nothing', 'followup no-space', 'context mentions nextjs'].map(u);
    assert.deepEqual(inferPendingWork(msgs), ['remaining three', 'follow up four', 'context mentions nextjs']);
    assert.deepEqual(inferPendingWork([a('NEXT STEP'), tr('x', 'bash', 'todo in a tool result'), sys('Follow Up later')]), ['NEXT STEP', 'Follow Up later']);
    // Only each message's first non-blank text block is looked at.
    assert.deepEqual(inferPendingWork([ab({ type: 'text', text: 'plain' }, { type: 'text', text: 'todo' })]), []);
    assert.deepEqual(inferPendingWork([u('todo ' + 'z'.repeat(200))]), ['todo ' + 'z'.repeat(155) + '…']);
  });

  it('collect_key_files: the observed vector (first 8 in byte order, not the most recent)', function () {
    const input = "see (src/a.ts), `src/b.TSX`, 'docs/c.md'. also x.rs and lib/d.py and e/f.json: g/h.js; i/j.jsx k/l.RS z/y.rs a/b.rs a/b.rs m/n.md o/p.md q/r.md";
    assert.deepEqual(collectKeyFiles([u(input)]), ['a/b.rs', 'docs/c.md', 'e/f.json', 'g/h.js', 'k/l.RS', 'm/n.md', 'o/p.md', 'q/r.md']);
    assert.deepEqual(extractFileCandidates(input), ['src/a.ts', 'src/b.TSX', 'docs/c.md', 'e/f.json', 'g/h.js', 'k/l.RS', 'z/y.rs', 'a/b.rs', 'a/b.rs', 'm/n.md', 'o/p.md', 'q/r.md']);
  });

  it('collect_key_files reads text, tool_use input, tool_result output and thinking', function () {
    const files = collectKeyFiles([
      ab({ type: 'thinking', thinking: 'look at t/think.md' }, tu('1', 'bash', 'cat u/input.rs')),
      tr('1', 'bash', 'v/output.ts'),
      u('w/text.js'),
    ]);
    assert.deepEqual(files, ['t/think.md', 'u/input.rs', 'v/output.ts', 'w/text.js']);
  });

  it('Path::extension rules: leading-dot names, trailing "/" and "/.", ".." and suffixes after the extension', function () {
    const yes = ['a/b.rs', 'a/b.rs/', 'a/b.rs/.', 'a//b.RS', 'a/..rs', 'a/x.y.Json', '/abs/p.tsx', './rel/q.md'];
    const no = ['a/.md', 'a/b.rs:12', 'a/..', 'a/b.', '/', './', 'a/b.py', 'a/b.jsx', 'a/b.r s', 'a/b.rs.bak', 'x.rs'];
    for (const c of yes) assert.equal(hasInterestingExtension(c), true, c);
    for (const c of no.slice(0, -1)) assert.equal(hasInterestingExtension(c), false, c);
    assert.equal(hasInterestingExtension('x.rs'), true); // the extension test alone; the '/' rule is separate:
    assert.deepEqual(extractFileCandidates('x.rs "a/b.rs/." (a/..rs) a/.md {"path":"src/lib.rs"}'), ['a/b.rs/', 'a/..rs']);
  });

  it('split_whitespace is Unicode White_Space: U+0085 and U+3000 split tokens, U+FEFF does not', function () {
    assert.deepEqual(extractFileCandidates('see\u0085src/a.rs\u3000src/b.rs'), ['src/a.rs', 'src/b.rs']);
    assert.deepEqual(extractFileCandidates('see\uFEFFsrc/a.rs'), ['see\uFEFFsrc/a.rs']);
  });

  it('byte-order sort + dedup: tool names and key files (astral chars sort after U+E000..U+FFFF)', function () {
    const msgs = [ab(tu('1', 'édit', '{}'), tu('2', 'Bash', '{}'), tu('3', 'bash', '{}')), tr('2', '工具', ''), tr('3', 'z_tool', ''), tr('4', 'bash', '')];
    assert.ok(summarizeMessages(msgs).includes('\n- Tools mentioned: Bash, bash, z_tool, édit, 工具.\n'));
    // U+E000 < U+1F600 in code-point (= UTF-8 byte) order, although its UTF-16 unit 0xE000 > 0xD83D.
    assert.deepEqual(collectKeyFiles([u('p/😀.md p/\uE000.md p/😀.md')]), ['p/\uE000.md', 'p/😀.md']);
  });

  it('recent user requests: user role only, the last 3 that have text, chronological, 160 chars each', function () {
    const msgs = [u('r1'), u('r2'), a('not a user'), { role: 'user' as const, blocks: [] }, u('   '), u('r3'), tr('x', 'y', 'z'), u('r4 ' + 'q'.repeat(200))];
    assert.deepEqual(collectRecentRoleSummaries(msgs, 'user', 3), ['r2', 'r3', 'r4 ' + 'q'.repeat(157) + '…']);
    assert.deepEqual(collectRecentRoleSummaries(msgs, 'assistant', 3), ['not a user']);
    assert.deepEqual(collectRecentRoleSummaries(msgs, 'user', 0), []);
  });

  it('current work: the newest message of any role with a text block, 200 chars', function () {
    assert.equal(inferCurrentWork([u('old'), a('newest text'), tr('x', 'bash', 'output'), ab(tu('1', 'bash', '{}'))]), 'newest text');
    assert.equal(inferCurrentWork([a('c'.repeat(201))]), 'c'.repeat(200) + '…');
    assert.equal(inferCurrentWork([a('c'.repeat(200))]), 'c'.repeat(200));
    assert.equal(inferCurrentWork([tr('x', 'bash', 'only tools')]), undefined);
  });

  it('first text block: skips blank texts (Rust whitespace incl. U+0085, U+3000) and non-text blocks; U+FEFF is text', function () {
    const m = (...texts: string[]) => ab({ type: 'thinking', thinking: 'hmm' }, ...texts.map((text): ClawBlock => ({ type: 'text', text })));
    assert.equal(firstTextBlock(m('', ' \t\n', '\u0085\u3000', ' real ')), ' real '); // returned untrimmed
    assert.equal(firstTextBlock(m('\uFEFF', 'real')), '\uFEFF');
    assert.equal(firstTextBlock(m('   ')), undefined);
  });

  it('timeline: empty messages, empty blocks, thinking char counts, tool use / result / error, multi-line text, system role', function () {
    const msgs: ClawConversationMessage[] = [
      { role: 'user', blocks: [] },
      ab({ type: 'text', text: '' }, { type: 'text', text: 'second block' }),
      ab({ type: 'thinking', thinking: '😀😀中', signature: 's' }, tu('1', 'bash', '{"cmd":"ls"}')),
      tr('1', 'bash', 'boom', true),
      sys('line one\nline two'),
    ];
    assert.equal(estimateMessageTokens(msgs[2]!), Math.floor(11 / 4) + (0 + 1) + Math.floor((4 + 12) / 4) + 1);
    assert.equal(
      summarizeMessages(msgs),
      [
        '<summary>',
        'Conversation summary:',
        '- Scope: 5 earlier messages compacted (user=1, assistant=2, tool=1).', // system counts in N only
        '- Tools mentioned: bash.',
        '- Current work: line one\nline two',
        '- Key timeline:',
        '  - user: ',
        '  - assistant:  | second block',
        '  - assistant: thinking (3 chars) | tool_use bash({"cmd":"ls"})',
        '  - tool: tool_result bash: error boom',
        '  - system: line one\nline two',
        '</summary>',
      ].join('\n'),
    );
  });

  it('nothing removed: Scope 0 and an empty Key timeline', function () {
    assert.equal(summarizeMessages([]), '<summary>\nConversation summary:\n- Scope: 0 earlier messages compacted (user=0, assistant=0, tool=0).\n- Key timeline:\n</summary>');
  });
});

describe('claw-code compaction: boundary, tool pairs and walk-back (§4.5)', function () {
  // 0 user, 1 assistant text+ToolUse, 2 result, 3 orphan result, 4 assistant ToolUse, 5 result, 6 assistant text
  const pairs = S(
    u('start'),
    ab({ type: 'text', text: 'calling' }, tu('t1', 'bash', '{}')),
    tr('t1', 'bash', 'one'),
    tr('t2', 'bash', 'two'),
    ab(tu('t3', 'read_file', '{}')),
    tr('t3', 'read_file', 'three'),
    a('done'),
  );

  it('keep_from for preserve 0..7 (max 1), derived by walking the rules by hand', function () {
    // p=0: len (7). p=1: 6 (text). p=2: 5 is a result, 4 has ToolUse → 4. p=3: 4 (ToolUse first, not a result).
    // p=4: 3 result, 2 has no ToolUse → 2; 2 result, 1 has ToolUse → 1. p=5: 2 → 1. p=6: 1 (text first).
    // p=7: 7 messages are not > 7 → no compaction.
    const expectedRemoved = [7, 6, 4, 4, 1, 1, 1, 0];
    expectedRemoved.forEach((removed, p) => {
      const r = compactSession(pairs, cfg(p, 1));
      assert.equal(r.removed_message_count, removed, `preserve ${p}`);
      const kept = p === 7 ? pairs.messages : pairs.messages.slice(removed);
      assert.deepEqual(r.compacted_session.messages.slice(p === 7 ? 0 : 1), kept, `preserve ${p}`);
      // The kept tail never starts with a ToolResult (message 3's own orphan inside the tail stays as it is).
      if (p !== 7) assert.notEqual(r.compacted_session.messages[1]?.blocks[0]?.type, 'tool_result', `preserve ${p}`);
    });
  });

  it('the 22ad54c0 variant has no walk-back: removed = len - preserve', function () {
    [7, 6, 5, 4, 3, 2, 1].forEach((removed, p) => {
      assert.equal(compactSession(pairs, cfg(p, 1), { variant: '22ad54c0' }).removed_message_count, removed, `preserve ${p}`);
    });
  });

  it('orphan chain [u, a plan, tool, tool(error), a end] with (2,1): 3 → 2 → 1, only the user message removed', function () {
    const s = S(u('u'), a('plan'), tr('r1', 'bash', 'x'), tr('r2', 'bash', 'y', true), a('end'));
    const r = compactSession(s, cfg(2, 1));
    assert.equal(r.removed_message_count, 1);
    assert.equal(r.compacted_session.messages.length, 5);
    assert.deepEqual(r.compacted_session.messages.slice(1), s.messages.slice(1));
  });

  it('zero removed: [assistant ToolUse, tool result, user "hi"] with (2,1) still prepends a summary (4 messages)', function () {
    const s = S(ab(tu('1', 'bash', '{}')), tr('1', 'bash', 'ok'), u('hi'));
    const r = compactSession(s, cfg(2, 1));
    assert.equal(r.removed_message_count, 0);
    assert.equal(r.summary, '<summary>\nConversation summary:\n- Scope: 0 earlier messages compacted (user=0, assistant=0, tool=0).\n- Key timeline:\n</summary>');
    assert.equal(r.formatted_summary, 'Summary:\nConversation summary:\n- Scope: 0 earlier messages compacted (user=0, assistant=0, tool=0).\n- Key timeline:');
    assert.equal(r.compacted_session.messages.length, 4);
    assert.deepEqual(r.compacted_session.compaction, { count: 1, removed_message_count: 0, summary: r.summary });
  });

  it('zero removed behind an earlier summary: the walk stops at the prefix; the merge has no Key timeline', function () {
    // [summary, result, result, user]: raw 2 → result, 1 has no ToolUse → 1 = prefix → stop. removed = [1..1].
    const s = S(sys(getCompactContinuationMessage(SUMMARY_55, true, true)), tr('a', 'bash', 'x'), tr('b', 'bash', 'y'), u('x'));
    const r = compactSession(s, cfg(2, 1));
    assert.equal(r.removed_message_count, 0);
    assert.equal(
      r.summary,
      '<summary>\nConversation summary:\n- - Scope: earlier work preserved.\n- Newly compacted context:\n  - Scope: 0 earlier messages compacted (user=0, assistant=0, tool=0).\n</summary>',
    );
    assert.deepEqual(r.compacted_session.messages.slice(1), s.messages.slice(1));
  });

  it('only the first block of the first kept message matters, whatever its role', function () {
    const withText = S(u('x'), a('y'), { role: 'user', blocks: [{ type: 'text', text: 'note' }, tr('1', 'bash', 'o').blocks[0]!] }, a('z'));
    assert.equal(compactSession(withText, cfg(2, 1)).removed_message_count, 2);
    const resultFirst = S(u('x'), a('y'), { role: 'user', blocks: [tr('1', 'bash', 'o').blocks[0]!, { type: 'text', text: 'note' }] }, a('z'));
    assert.equal(compactSession(resultFirst, cfg(2, 1)).removed_message_count, 1);
    // A ToolUse anywhere in the message before counts (not only in an assistant message, ids not matched).
    const useInUser = S(u('x'), { role: 'user', blocks: [{ type: 'text', text: 't' }, tu('zzz', 'bash', '{}')] }, tr('other-id', 'bash', 'o'), a('z'));
    assert.equal(compactSession(useInUser, cfg(2, 1)).removed_message_count, 1);
  });

  it('the walk stops right after including a ToolUse message, even one that itself starts with a ToolResult', function () {
    // raw 3 → result, message 2 holds a ToolUse → k = 2 and stop (message 2 starting with a result does not
    // continue the walk; without the stop it would go 2 → 1 → 0 and remove nothing).
    const mixed: ClawConversationMessage = { role: 'user', blocks: [tr('r1', 'bash', 'x').blocks[0]!, tu('t2', 'bash', '{}')] };
    const s = S(u('x'), tr('r0', 'bash', 'orphan'), mixed, tr('t2', 'bash', 'y'), a('end'));
    const r = compactSession(s, cfg(2, 1));
    assert.equal(r.removed_message_count, 2);
    assert.deepEqual(r.compacted_session.messages.slice(1), s.messages.slice(2));
  });

  it('a plain System message at index 0 is compactable like any other', function () {
    const r = compactSession(S(sys('You are helpful.'), u('q'), a('r')), cfg(1, 1));
    assert.equal(r.removed_message_count, 2);
    assert.ok(r.summary.includes('\n- Scope: 2 earlier messages compacted (user=1, assistant=0, tool=0).\n'));
    assert.ok(r.summary.includes('\n  - system: You are helpful.\n'));
  });
});

describe('claw-code compaction: repeated compaction (§4.8)', function () {
  it('third pass: previous lines gain another "- " (hand-derived from the second pass of 5.4)', function () {
    let s = S(
      u('Investigate rust/crates/runtime/src/compact.rs'),
      a('I will inspect the compact flow.'),
      u('Also update rust/crates/runtime/src/conversation.rs'),
      a('Next: preserve prior summary context during auto compact.'),
    );
    const passes = [
      [u('Please add regression tests for compaction.'), a('Working on regression coverage now.')],
      [u('Third request: check docs/notes.md'), a('Done with the third step.')],
    ];
    let r = compactSession(s, cfg(2, 1));
    for (const tail of passes) {
      s = { ...r.compacted_session, messages: [...r.compacted_session.messages, ...tail] };
      r = compactSession(s, cfg(2, 1));
    }
    const THIRD = [
      '<summary>',
      'Conversation summary:',
      '- - - Scope: 2 earlier messages compacted (user=1, assistant=1, tool=0).',
      '- - - Recent user requests:',
      '- -   - Investigate rust/crates/runtime/src/compact.rs',
      '- - - Key files referenced: rust/crates/runtime/src/compact.rs.',
      '- - - Current work: I will inspect the compact flow.',
      '- - Newly compacted context:',
      '-   - Scope: 2 earlier messages compacted (user=1, assistant=1, tool=0).',
      '-   - Recent user requests:',
      '-     - Also update rust/crates/runtime/src/conversation.rs',
      '-   - Pending work:',
      '-     - Next: preserve prior summary context during auto compact.',
      '-   - Key files referenced: rust/crates/runtime/src/conversation.rs.',
      '-   - Current work: Next: preserve prior summary context during auto compact.',
      '- Newly compacted context:',
      '  - Scope: 2 earlier messages compacted (user=1, assistant=1, tool=0).',
      '  - Recent user requests:',
      '    - Please add regression tests for compaction.',
      '  - Current work: Working on regression coverage now.',
      '- Key timeline:',
      '    - user: Please add regression tests for compaction.',
      '    - assistant: Working on regression coverage now.',
      '</summary>',
    ].join('\n');
    assert.equal(r.summary, THIRD);
    assert.equal(r.removed_message_count, 2);
    assert.deepEqual(r.compacted_session.messages, [sys(continuation(formattedOf(THIRD), true)), ...passes[1]!]);
    // The session carried its compaction record through the passes: count 1, 2, 3.
    assert.deepEqual(r.compacted_session.compaction, { count: 3, removed_message_count: 2, summary: THIRD });
  });

  it('the nested layout of 22ad54c0 reproduces the pre-2026-05-24 second summary of §5.4', function () {
    const first = compactSession(
      S(u('Investigate rust/crates/runtime/src/compact.rs'), a('I will inspect the compact flow.'), u('Also update rust/crates/runtime/src/conversation.rs'), a('Next: preserve prior summary context during auto compact.')),
      cfg(2, 1),
      { variant: '22ad54c0' },
    );
    const second = compactSession(S(...first.compacted_session.messages, u('Please add regression tests for compaction.'), a('Working on regression coverage now.')), cfg(2, 1), {
      variant: '22ad54c0',
    });
    assert.equal(
      second.summary,
      [
        '<summary>',
        'Conversation summary:',
        '- Previously compacted context:',
        '  - Scope: 2 earlier messages compacted (user=1, assistant=1, tool=0).',
        '  - Recent user requests:',
        '    - Investigate rust/crates/runtime/src/compact.rs',
        '  - Key files referenced: rust/crates/runtime/src/compact.rs.',
        '  - Current work: I will inspect the compact flow.',
        '- Newly compacted context:',
        '  - Scope: 2 earlier messages compacted (user=1, assistant=1, tool=0).',
        '  - Recent user requests:',
        '    - Also update rust/crates/runtime/src/conversation.rs',
        '  - Pending work:',
        '    - Next: preserve prior summary context during auto compact.',
        '  - Key files referenced: rust/crates/runtime/src/conversation.rs.',
        '  - Current work: Next: preserve prior summary context during auto compact.',
        '- Key timeline:',
        '    - user: Also update rust/crates/runtime/src/conversation.rs',
        '    - assistant: Next: preserve prior summary context during auto compact.',
        '</summary>',
      ].join('\n'),
    );
    assert.equal(mergeCompactSummaries(undefined, 'new', 'nested'), 'new');
    assert.deepEqual(CLAW_COMPACT_VARIANTS.ba64b631, { pairGuard: true, mergeLayout: 'nested' });
  });

  it('22ad54c0 on test 5.3: removed 2, 479 < 556 tokens (the pre-walk-back observation)', function () {
    const session = S(u('one '.repeat(200)), a('two '.repeat(200)), tr('1', 'bash', 'ok '.repeat(200)), a('recent'));
    const r = compactSession(session, cfg(2, 1), { variant: '22ad54c0' });
    assert.equal(r.removed_message_count, 2);
    assert.equal(r.compacted_session.messages.length, 3);
    assert.equal(estimateSessionTokens(r.compacted_session), 479);
    assert.ok(r.summary.includes('- Scope: 2 earlier messages compacted (user=1, assistant=1, tool=0).'));
    assert.ok(r.summary.includes(`- Current work: ${'two '.repeat(50)}…`));
  });

  it('existing-summary extraction cuts at the note and at the instruction, and trims', function () {
    const body = '<summary>Conversation summary:\n- Scope: x.</summary>';
    const formatted = 'Summary:\nConversation summary:\n- Scope: x.';
    for (const [sup, rec] of [[false, false], [true, false], [false, true], [true, true]] as const) {
      assert.equal(extractExistingCompactedSummary(sys(getCompactContinuationMessage(body, sup, rec))), formatted);
    }
    assert.equal(extractExistingCompactedSummary(sys(P)), ''); // Some("") is still a summary
    assert.equal(compactedSummaryPrefixLen(S(sys(P), u('a'))), 1);
    assert.equal(extractExistingCompactedSummary(u(P + 'x')), undefined); // role must be System
    assert.equal(extractExistingCompactedSummary({ role: 'system', blocks: [{ type: 'text', text: ' ' }, { type: 'text', text: P + 'y' }] }), 'y'); // first non-blank text
  });

  it('highlights stop at "- Key timeline:" for good; the timeline stops at the first blank line', function () {
    const s = '<summary>Conversation summary:\n- A  \n\n- Key timeline:\n  - t1\n\n  - t2\n- B\n</summary>';
    assert.deepEqual(extractSummaryHighlights(s), ['- A']);
    assert.deepEqual(extractSummaryTimeline(s), ['  - t1']);
  });
});

describe('claw-code compaction: multi-byte text and very long messages', function () {
  it('CJK: 161 chars are cut to 160 + "…", 160 are kept (chars, not bytes or UTF-16 units)', function () {
    assert.equal(truncateSummary('中'.repeat(161), 160), '中'.repeat(160) + '…');
    assert.equal(truncateSummary('中'.repeat(160), 160), '中'.repeat(160));
    const r = summarizeMessages([u('中'.repeat(161))]);
    assert.ok(r.includes(`\n  - user: ${'中'.repeat(160)}…\n`));
    assert.ok(r.includes(`\n- Current work: ${'中'.repeat(161)}\n`)); // ≤ 200
  });

  it('emoji: a surrogate pair is one char and is never split', function () {
    assert.equal(truncateSummary('a'.repeat(159) + '😀' + 'b', 160), 'a'.repeat(159) + '😀…');
    assert.equal(truncateSummary('a'.repeat(159) + '😀', 160), 'a'.repeat(159) + '😀'); // 161 UTF-16 units, 160 chars
    assert.equal(truncateSummary('😀'.repeat(161), 160), '😀'.repeat(160) + '…');
    // A skin-tone emoji is two chars: Rust cuts between them, and so do we.
    assert.equal(truncateSummary('a'.repeat(159) + '👍🏽', 160), 'a'.repeat(159) + '👍…');
    assert.equal(truncateSummary('abc', 0), '…');
    assert.equal(truncateSummary('', 0), '');
    assert.equal(summarizeBlock({ type: 'thinking', thinking: '😀'.repeat(5) + '中' }), 'thinking (6 chars)');
  });

  it('the tool-result prefix counts toward the 160 chars', function () {
    const out = summarizeBlock({ type: 'tool_result', tool_use_id: '1', tool_name: 'bash', output: '界'.repeat(300), is_error: true });
    const prefix = 'tool_result bash: error '; // 24 chars
    assert.equal(out, prefix + '界'.repeat(160 - 24) + '…');
  });

  it('a 1,000,000-char message: tokens, truncated timeline and current work, and a full compaction', function () {
    const big = 'y'.repeat(1_000_000);
    assert.equal(estimateMessageTokens(u(big)), 250_001);
    const r = compactSession(S(u(big), a('ok'), u('last')), cfg(1, 0));
    assert.equal(r.removed_message_count, 2);
    assert.ok(r.summary.includes(`\n  - user: ${'y'.repeat(160)}…\n`));
    assert.ok(r.summary.includes('\n- Current work: ok\n'));
    assert.equal(r.summary.length < 1000, true);
  });

  it('a generated ~200k-token session compacts to its last 4 messages (values derived from the generator)', function () {
    // 2,000 turns: user "request i …" (text), assistant text. No tool results, so no walk-back.
    const messages: ClawConversationMessage[] = [];
    for (let i = 0; i < 1000; i++) {
      messages.push(u(`request ${i} ${'context '.repeat(50)}`));
      messages.push(a(`answer ${i} ${'reply '.repeat(60)} see src/file${i % 10}.ts`));
    }
    const session = S(...messages);
    const tokens = estimateSessionTokens(session);
    assert.ok(tokens > 190_000 && tokens < 210_000, String(tokens));
    const r = compactSession(session, { preserve_recent_messages: 4, max_estimated_tokens: 0 });
    assert.equal(r.removed_message_count, 1996);
    assert.deepEqual(r.compacted_session.messages.slice(1), messages.slice(1996));
    assert.ok(r.summary.includes('\n- Scope: 1996 earlier messages compacted (user=998, assistant=998, tool=0).\n'));
    // Key files: src/file0.ts … src/file9.ts sorted, the first 8.
    assert.ok(r.summary.includes(`\n- Key files referenced: ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `src/file${i}.ts`).join(', ')}.\n`));
    assert.ok(r.summary.includes(`\n- Recent user requests:\n  - ${truncateBy(`request 995 ${'context '.repeat(50)}`)}\n  - ${truncateBy(`request 996 ${'context '.repeat(50)}`)}\n  - ${truncateBy(`request 997 ${'context '.repeat(50)}`)}\n`));
    assert.equal(r.summary.split('\n').length, 2 + 1 + 4 + 1 + 1 + 1 + 1996 + 1); // header×2, scope, requests(1+3), files, current, timeline header, entries, close
  });
});

/** The first 160 chars + "…" of an ASCII string longer than 160 (hand rule of truncate_summary). */
function truncateBy(s: string): string {
  assert.ok(s.length > 160);
  return s.slice(0, 160) + '…';
}

describe('claw-code compaction: the session object', function () {
  it('never modifies its input', function () {
    const session: ClawSession = { messages: [u('one '.repeat(200)), ab(tu('1', 'bash', '{}')), tr('1', 'bash', 'ok'), a('x')], compaction: { count: 2, removed_message_count: 3, summary: 's' } };
    const before = JSON.stringify(session);
    const r = compactSession(session, cfg(1, 1));
    assert.equal(JSON.stringify(session), before);
    (r.compacted_session.messages[1]!.blocks[0] as { text: string }).text = 'mutated';
    assert.equal(JSON.stringify(session), before); // the kept messages are copies
  });

  it('record_compaction: count = previous + 1, updated_at_ms touched, every other field carried through', function () {
    const session: ClawSession = {
      version: 1,
      session_id: 'session-7',
      created_at_ms: 100,
      updated_at_ms: 200,
      messages: [u('a'), { ...a('b'), usage: { input_tokens: 1, output_tokens: 2, cache_creation_input_tokens: 3, cache_read_input_tokens: 4 } }],
      compaction: { count: 4, removed_message_count: 9, summary: 'old' },
      fork: { parent_session_id: 'p', branch_name: 'b' },
      workspace_root: '/w',
      prompt_history: [{ timestamp_ms: 1, text: 'hi' }],
      model: 'm',
      custom_field: { kept: true },
    };
    const r = compactSession(session, cfg(1, 1), { nowMs: 12345 });
    const c = r.compacted_session;
    assert.deepEqual(c.compaction, { count: 5, removed_message_count: 1, summary: r.summary });
    assert.equal(c.updated_at_ms, 12345);
    for (const k of ['version', 'session_id', 'created_at_ms', 'fork', 'workspace_root', 'prompt_history', 'model', 'custom_field']) assert.deepEqual(c[k], session[k], k);
    assert.deepEqual(c.messages[1], session.messages[1]); // usage kept on preserved messages
    // The input spelled a usage out, so the new summary message carries `usage: null` (Rust `None`).
    assert.equal(c.messages[0]!.usage, null);
    // Without usage keys in the input, the summary message has none either (claw-code's JSON omits None).
    assert.equal('usage' in compactSession(S(u('a'), a('b')), cfg(1, 1)).compacted_session.messages[0]!, false);
    // No updated_at_ms in the input: none added.
    assert.equal('updated_at_ms' in compactSession(S(u('a'), a('b')), cfg(1, 1)).compacted_session, false);
  });

  it('parses claw-code JSON like its from_json: bad roles, block types and missing fields are errors', function () {
    assert.throws(() => parseClawSession({ messages: [{ role: 'robot', blocks: [] }] }), /unsupported message role: robot/);
    assert.throws(() => parseClawSession({ messages: [{ role: 'user', blocks: [{ type: 'image' }] }] }), /unsupported block type: image/);
    assert.throws(() => parseClawSession({ messages: [{ role: 'tool', blocks: [{ type: 'tool_result', tool_use_id: 'a', tool_name: 'b', output: 'c' }] }] }), /missing is_error/);
    assert.throws(() => parseClawSession({ messages: [{ role: 'assistant', blocks: [{ type: 'tool_use', id: 'a', name: 'b', input: { not: 'a string' } }] }] }), /missing input/);
    assert.throws(() => parseClawSession({}), /missing messages/);
    assert.deepEqual(parseClawSession([u('x')]), S(u('x')));
  });
});

// ------------------------------------------------------------------ the CLI used by the conformance suite
describe('scripts/claw-compact.mjs', function () {
  const script = repoPath('scripts', 'claw-compact.mjs');
  const run = (input: string, ...args: string[]) => {
    const p = spawnSync(process.execPath, [script, ...args], { input, encoding: 'utf8' });
    return { status: p.status, out: p.stdout, err: p.stderr };
  };

  it('one object in, one {fn, result} line out; snake_case CompactionResult', function () {
    const session = S(u('Search for files'), ab(tu('call_abc', 'search', '{"q":"*.rs"}')), tr('call_abc', 'search', 'found 5 files'), a('Done.'));
    const r = run(JSON.stringify({ id: 'c1', fn: 'compact_session', args: [session, cfg(2, 1)] }));
    assert.equal(r.status, 0, r.err);
    const o = JSON.parse(r.out);
    assert.deepEqual(Object.keys(o), ['id', 'fn', 'result']);
    assert.deepEqual(Object.keys(o.result).sort(), ['compacted_session', 'formatted_summary', 'removed_message_count', 'summary']);
    assert.equal(o.result.removed_message_count, 1);
    assert.deepEqual(o.result.compacted_session.messages.slice(1), session.messages.slice(1));
  });

  it('arrays, positional / named / bare arguments, camelCase names, Option as null, errors', function () {
    const cases = [
      { fn: 'format_compact_summary', args: ['<summary>A</summary>'] },
      { fn: 'format_compact_summary', args: { summary: '<summary>B</summary>' } },
      { fn: 'formatCompactSummary', args: '<summary>C</summary>' },
      { fn: 'should_compact', args: { session: S(u('abcd'), u('abcd')), config: cfg(1, 4) } },
      { fn: 'infer_pending_work', args: [u('done'), a('next: x')] },
      { fn: 'infer_current_work', args: [[tr('x', 'bash', 'o')]] },
      { fn: 'merge_compact_summaries', args: [null, 'new'] },
      { fn: 'get_compact_continuation_message', args: ['<summary>Kept work</summary>', true, true] },
      { fn: 'estimate_session_tokens', args: [[u('hello'), u('abcd')]] },
      { fn: 'nope', args: [] },
      { fn: 'compact_session', args: [{ messages: [{ role: 'robot', blocks: [] }] }, null] },
    ];
    const r = run(JSON.stringify(cases));
    assert.equal(r.status, 1); // two bad cases
    const out = JSON.parse(r.out);
    assert.deepEqual(
      out.map((o: { result?: unknown; error?: unknown }) => ('error' in o ? { error: true } : o.result)),
      ['Summary:\nA', 'Summary:\nB', 'Summary:\nC', true, ['next: x'], null, 'new', P + 'Summary:\nKept work\n\nRecent messages are preserved verbatim.\n' + I, 4, { error: true }, { error: true }],
    );
    assert.match(out[9].error, /unknown fn: nope/);
    assert.match(out[10].error, /unsupported message role: robot/);
  });

  it('JSON Lines in, JSON Lines out; --raw prints bare results; variant and now_ms are honoured', function () {
    const session = { session_id: 's', updated_at_ms: 1, messages: [u('x'), ab(tu('1', 'bash', '{}')), tr('1', 'bash', 'o'), a('y')] };
    const lines = [
      JSON.stringify({ fn: 'compact_session', args: [session, cfg(1, 1)], now_ms: 99 }),
      JSON.stringify({ fn: 'compact_session', args: [session, cfg(2, 1)], variant: '22ad54c0' }),
    ].join('\n');
    const r = run(lines, '--raw');
    assert.equal(r.status, 0, r.err);
    const [first, second] = r.out.trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(first.compacted_session.updated_at_ms, 99);
    assert.equal(first.removed_message_count, 3);
    assert.equal(second.removed_message_count, 2); // no walk-back in 22ad54c0
  });

  it('--check compares with "expected" and fails on a difference', function () {
    const ok = run(JSON.stringify([{ fn: 'truncate_summary', args: ['abc', 2], expected: 'ab…' }]), '--check');
    assert.equal(ok.status, 0);
    assert.equal(JSON.parse(ok.out)[0].pass, true);
    const bad = run(JSON.stringify([{ fn: 'truncate_summary', args: ['abc', 2], expected: 'abc' }]), '--check');
    assert.equal(bad.status, 1);
    assert.equal(JSON.parse(bad.out)[0].pass, false);
  });
});

// ------------------------------------------------------------------ vectors recorded from upstream compact.rs
describe('claw-code compaction: vectors recorded from the compiled upstream compact.rs', function () {
  type Case = { id: string; fn: string; variant?: string; args: unknown[]; expected: unknown };
  const cases: Case[] = JSON.parse(zlib.gunzipSync(fs.readFileSync(fixturePath('claw-code', 'upstream-recorded.json.gz'))).toString('utf8'));
  const asSession = (v: unknown) => parseClawSession(v);
  const asMessages = (v: unknown) => parseClawSession(v).messages;
  const orNull = (v: unknown) => (v === undefined ? null : v);

  it(`the fixture holds ${cases.length} vectors over every function`, function () {
    assert.ok(cases.length >= 800);
    assert.ok(new Set(cases.map((c) => c.fn)).size >= 20);
  });

  it('every vector matches, through the TypeScript API', function () {
    const failures: string[] = [];
    for (const c of cases) {
      const v = (c.variant ?? 'main') as 'main' | '22ad54c0';
      const [x, y, z] = c.args as [never, never, never];
      let got: unknown;
      switch (c.fn) {
        case 'compact_session': got = compactSession(asSession(x), y, { variant: v }); break;
        case 'should_compact': got = shouldCompact(asSession(x), y); break;
        case 'estimate_session_tokens': got = estimateSessionTokens(asSession(x)); break;
        case 'estimate_message_tokens': got = estimateMessageTokens(x); break;
        case 'format_compact_summary': got = formatCompactSummary(x); break;
        case 'get_compact_continuation_message': got = getCompactContinuationMessage(x, y, z); break;
        case 'collapse_blank_lines': got = collapseBlankLines(x); break;
        case 'extract_file_candidates': got = extractFileCandidates(x); break;
        case 'has_interesting_extension': got = hasInterestingExtension(x); break;
        case 'truncate_summary': got = truncateSummary(x, y); break;
        case 'strip_tag_block': got = stripTagBlock(x, y); break;
        case 'extract_tag_block': got = orNull(extractTagBlock(x, y)); break;
        case 'extract_summary_highlights': got = extractSummaryHighlights(x); break;
        case 'extract_summary_timeline': got = extractSummaryTimeline(x); break;
        case 'summarize_messages': got = summarizeMessages(asMessages(x)); break;
        case 'merge_compact_summaries': got = mergeCompactSummaries(x, y, CLAW_COMPACT_VARIANTS[v].mergeLayout); break;
        case 'collect_key_files': got = collectKeyFiles(asMessages(x)); break;
        case 'infer_pending_work': got = inferPendingWork(asMessages(x)); break;
        case 'infer_current_work': got = orNull(inferCurrentWork(asMessages(x))); break;
        case 'collect_recent_role_summaries': got = collectRecentRoleSummaries(asMessages(x), y, z); break;
        case 'first_text_block': got = orNull(firstTextBlock(x)); break;
        case 'extract_existing_compacted_summary': got = orNull(extractExistingCompactedSummary(x)); break;
        case 'summarize_block': got = summarizeBlock(x); break;
        default: throw new Error(`fixture has an unknown fn ${c.fn}`);
      }
      try {
        assert.deepEqual(got, c.expected);
      } catch {
        failures.push(c.id);
      }
    }
    assert.deepEqual(failures, []);
  });

  it('and through scripts/claw-compact.mjs --check', function () {
    const p = spawnSync(process.execPath, [repoPath('scripts', 'claw-compact.mjs'), '--check', fixturePath('claw-code', 'upstream-recorded.json.gz')], { encoding: 'utf8', maxBuffer: 1 << 28 });
    assert.equal(p.status, 0, p.stderr);
    assert.match(p.stderr, new RegExp(`${cases.length}/${cases.length} cases with "expected" pass`));
  });
});
