/**
 * L1 soft trim (seed 000, src/core/compaction/softTrim.ts). Every expected value is written out by hand from
 * the rules in the module comment; the views are also run over every real OpenClaw transcript in the
 * fixtures with invariants (user/assistant text untouched, tool-call/result pairing kept, only the allowed
 * substitutions, inputs never mutated).
 */
import assert from 'node:assert/strict';
import { estimateMessage } from '../../src/core/tokens/messageText';
import {
  DEFAULT_FILE_READ_TOOLS,
  keyParagraphs,
  L1_FILE_READ_MAX_CHARS,
  L1_KEEP_RECENT_RECORDS,
  L1_KEY_PARAGRAPHS_BUDGET,
  L1_ONE_LINE_MAX_CHARS,
  L1_TAIL_CHARS,
  L1_TOOL_OUTPUT_MAX_CHARS,
  softTrimView,
  trimmedMarker,
} from '../../src/core/compaction/softTrim';
import { assertViewInvariants, deepFreeze, realContexts, realMessageRows, textOf } from './viewHelpers';

type Json = Record<string, unknown>;

// ------------------------------------------------------------------ builders

let n = 0;
const call = (id: string, name: string, args: Json): Json => ({
  role: 'assistant',
  content: [{ type: 'toolCall', id, name, arguments: args }],
  api: 'openai-completions',
  provider: 'fake',
  model: 'm',
  stopReason: 'toolUse',
  timestamp: ++n,
});
const result = (id: string, name: string, text: string | unknown[], extra: Json = {}): Json => ({
  role: 'toolResult',
  toolCallId: id,
  toolName: name,
  content: typeof text === 'string' ? [{ type: 'text', text }] : text,
  isError: false,
  timestamp: ++n,
  ...extra,
});
const user = (text: string): Json => ({ role: 'user', content: text, timestamp: ++n });


/** An exec pair whose result has `text`. */
const execPair = (id: string, command: string, text: string, extra: Json = {}): Json[] => [call(id, 'exec', { command }), result(id, 'exec', text, extra)];
const readPair = (id: string, path: string, text: string): Json[] => [call(id, 'read', { path }), result(id, 'read', text)];

describe('L1 soft trim: the seed constants', function () {
  it('2,000 / last 500 / 3,000 / 8 records, as seed 000 gives them', function () {
    assert.equal(L1_TOOL_OUTPUT_MAX_CHARS, 2000);
    assert.equal(L1_TAIL_CHARS, 500);
    assert.equal(L1_FILE_READ_MAX_CHARS, 3000);
    assert.equal(L1_KEEP_RECENT_RECORDS, 8);
    assert.equal(L1_KEY_PARAGRAPHS_BUDGET, 1500);
    assert.equal(L1_ONE_LINE_MAX_CHARS, 200);
    assert.equal(trimmedMarker('src/a.ts'), '[trimmed — full content at src/a.ts]');
    assert.deepEqual([...DEFAULT_FILE_READ_TOOLS], ['read', 'read_file', 'view', 'memory_get']);
  });
});

describe('L1 rule 1: tool output > 2,000 chars keeps the last 500 + a one-line conclusion', function () {
  it('exactly 2,000 chars stays whole (the same object)', function () {
    const msgs = deepFreeze([user('go'), ...execPair('c1', 'make', 'a'.repeat(2000))]);
    const { messages, report } = softTrimView(msgs);
    assert.equal(messages[2], msgs[2]);
    assert.deepEqual(report.changes, []);
    assert.deepEqual(report.tail, []);
  });

  it('2,001 chars (one line): … + last 500 + the conclusion naming the first line of what was cut', function () {
    const text = 'a'.repeat(1501) + 'b'.repeat(500);
    const msgs = deepFreeze([user('go'), ...execPair('c1', 'make', text)]);
    const { messages, report } = softTrimView(msgs);
    const expected = `…${'b'.repeat(500)}\n[exec output trimmed to its last 500 of 2001 chars (1 line); it began: "${'a'.repeat(99)}…"]`;
    assert.equal(textOf(messages[2]), expected);
    assert.deepEqual(report.tail, [2]);
    assert.deepEqual(report.changes.map((c) => [c.index, c.rule, c.chars.before, c.chars.after]), [[2, 'l1.tail', 2001, expected.length]]);
    // the message keeps every other field
    const m = messages[2] as Json;
    assert.equal(m.toolCallId, 'c1');
    assert.equal(m.toolName, 'exec');
    assert.equal(m.isError, false);
  });

  it('the conclusion carries line count, exit code and error flag; the tail ends the output', function () {
    const lines = Array.from({ length: 300 }, (_, i) => `row ${String(i).padStart(3, '0')} ${'.'.repeat(10)}`); // 18 chars each
    const text = lines.join('\n'); // 300 × 18 + 299 = 5699
    assert.equal(text.length, 5699);
    const msgs = deepFreeze([user('go'), ...execPair('c1', 'npm test', text, { isError: true, details: { exitCode: 2 } })]);
    const out = textOf(softTrimView(msgs).messages[2]);
    // the last 500 chars: the tail of row 273 … row 299
    const tail = text.slice(5199);
    assert.equal(out, `…${tail}\n[exec output trimmed to its last 500 of 5699 chars (300 lines, exit 2, error); it began: "row 000 .........."]`);
  });

  it('applies to any tool, not only bash/read/search (keyed on size)', function () {
    const msgs = deepFreeze([user('go'), call('c1', 'web_fetch', { url: 'https://x' }), result('c1', 'web_fetch', 'z'.repeat(2001))]);
    assert.deepEqual(softTrimView(msgs).report.tail, [2]);
  });

  it('a surrogate pair at the cut is not split (499 units kept)', function () {
    const text = 'x'.repeat(1600) + '😀' + 'y'.repeat(499); // 2101 units; the pair sits at 1600–1601; the last 500 start at 1601
    const out = textOf(softTrimView(deepFreeze([user('go'), ...execPair('c1', 'x', text)])).messages[2]);
    assert.ok(out.startsWith(`…${'y'.repeat(499)}\n[exec output trimmed to its last 499 of 2101 chars`), out.slice(0, 80));
  });

  it('a read with no known path (orphan result) follows the 2,000-char rule', function () {
    const msgs = deepFreeze([user('go'), result('orphan', 'read', 'q'.repeat(2001))]);
    const { report, messages } = softTrimView(msgs);
    assert.deepEqual(report.tail, [1]);
    assert.ok(textOf(messages[1]).endsWith('[read output trimmed to its last 500 of 2001 chars (1 line); it began: "' + 'q'.repeat(99) + '…"]'));
  });

  it('a bashExecution is a tool record: its output is trimmed, its command kept; excludeFromContext is not a record', function () {
    const bash = { role: 'bashExecution', command: 'ls -R /', output: 'o'.repeat(2500), exitCode: 0, cancelled: false, truncated: false, timestamp: 1 };
    const hidden = { ...bash, excludeFromContext: true };
    const msgs = deepFreeze([user('go'), bash, hidden]);
    const { messages, report } = softTrimView(msgs);
    assert.deepEqual(report.records, [1]);
    const m = messages[1] as Json;
    assert.equal(m.command, 'ls -R /');
    assert.equal(m.output, `…${'o'.repeat(500)}\n[bash output trimmed to its last 500 of 2500 chars (1 line, exit 0); it began: "${'o'.repeat(99)}…"]`);
    assert.equal(messages[2], msgs[2]);
  });

  it('string content stays a string; images of a recent record are kept after the text', function () {
    const img = { type: 'image', data: 'aGk=', mimeType: 'image/png' };
    const s = result('c1', 'exec', 'x');
    const msgs = deepFreeze([
      user('go'),
      call('c1', 'exec', { command: 'a' }),
      { ...s, content: 'w'.repeat(2001) },
      call('c2', 'exec', { command: 'b' }),
      result('c2', 'exec', [{ type: 'text', text: 'v'.repeat(2001) }, img]),
    ]);
    const { messages } = softTrimView(msgs);
    assert.equal(typeof (messages[2] as Json).content, 'string');
    const blocks = (messages[4] as Json).content as Json[];
    assert.equal(blocks.length, 2);
    assert.equal(blocks[0]!.type, 'text');
    assert.equal(blocks[1], img);
  });
});

describe('L1 rule 2: file reads > 3,000 chars keep key paragraphs + [trimmed — full content at {path}]', function () {
  const para = (i: number): string => `## Part ${i}\n${'word '.repeat(30).trim()}`; // 9 + 1 + 149 = 159 chars (i < 10), 160 (i ≥ 10)

  it('exactly 3,000 stays whole; 2,001–3,000 is not trimmed by the 2,000 rule either', function () {
    const msgs = deepFreeze([user('go'), ...readPair('c1', 'a.md', 'r'.repeat(3000)), ...readPair('c2', 'b.md', 'r'.repeat(2500))]);
    const { messages, report } = softTrimView(msgs);
    assert.equal(messages[2], msgs[2]);
    assert.equal(messages[4], msgs[4]);
    assert.deepEqual(report.changes, []);
  });

  it('3,001 chars: the opening paragraph, an outline of the others with line numbers, the marker', function () {
    // 18 paragraphs: 10 × 159 + 8 × 160 chars + 17 blank-line separators (2 chars each) = 2904 chars
    const text = Array.from({ length: 18 }, (_, i) => para(i)).join('\n\n');
    assert.equal(text.length, 2904);
    const big = text + '\n' + 'x'.repeat(96); // a third line in the last paragraph: 3,001 chars in all
    const parts = big.split('\n\n');
    assert.equal(big.length, 3001);
    const msgs = deepFreeze([user('go'), ...readPair('c1', 'docs/guide.md', big)]);
    const { messages, report } = softTrimView(msgs);
    // paragraph k starts on line 3k + 1; its first line is "## Part k"; the opening paragraph is whole
    const outline = Array.from({ length: 17 }, (_, k) => `L${3 * (k + 1) + 1}: ## Part ${k + 1}`);
    const expected = `${parts[0]}\n${outline.join('\n')}\n[trimmed — full content at docs/guide.md]`;
    assert.equal(textOf(messages[2]), expected);
    assert.deepEqual(report.keyParagraphs, [2]);
    assert.deepEqual(report.rules.map((r) => r.rule), ['l1.keyParagraphs']);
  });

  it('the path comes from file_path / filePath / details.path when `path` is absent', function () {
    for (const [args, details, expectPath] of [
      [{ file_path: 'x/one.ts' }, undefined, 'x/one.ts'],
      [{ filePath: 'x/two.ts' }, undefined, 'x/two.ts'],
      [{}, { path: 'x/three.ts' }, 'x/three.ts'],
    ] as Array<[Json, Json | undefined, string]>) {
      const msgs = deepFreeze([user('go'), call('c1', 'read_file', args), result('c1', 'read_file', 'p\n\n'.repeat(1001), details ? { details } : {})]);
      assert.ok(textOf(softTrimView(msgs).messages[2]).endsWith(`\n[trimmed — full content at ${expectPath}]`), expectPath);
    }
  });

  it('tool names match case-insensitively; other read-like names can be configured', function () {
    const msgs = deepFreeze([user('go'), call('c1', 'Read', { path: 'a' }), result('c1', 'Read', 'k'.repeat(2500)), call('c2', 'cat_file', { path: 'b' }), result('c2', 'cat_file', 'k'.repeat(3500))]);
    assert.deepEqual(softTrimView(msgs).report.changes.map((c) => [c.index, c.rule]), [[4, 'l1.tail']]);
    assert.deepEqual(softTrimView(msgs, { fileReadTools: ['cat_file'] }).report.changes.map((c) => [c.index, c.rule]), [
      [2, 'l1.tail'], // Read is no longer a file read: 2,500 > 2,000
      [4, 'l1.keyParagraphs'],
    ]);
  });
});

describe('L1 key paragraphs (mechanical, language-agnostic)', function () {
  const code = ['Title line', 'intro text', '', 'def a():', '    body', '', '    inner():', '        x', '', 'def b():', '    y'].join('\n');

  it('paragraph units: opening unit whole, first lines of the rest in document order', function () {
    assert.equal(keyParagraphs(code, 1500), 'Title line\nintro text\nL4: def a():\nL7:     inner():\nL10: def b():');
  });

  it('over budget, the least-indented first lines win; shown in document order', function () {
    // head 21 chars, 29 left: "L4: def a():" costs 13, "L10: def b():" 14, "L7:     inner():" 17 → no room for L7
    assert.equal(keyParagraphs(code, 50), 'Title line\nintro text\nL4: def a():\nL10: def b():');
  });

  it('with fewer than 3 paragraphs, lines are the units (JSON): a line that does not fit is skipped, later ones still tried', function () {
    const json = '{\n  "a": 1,\n  "b": {\n    "c": 2\n  }\n}';
    // head "{" (1), 19 left; by indent, then order: "L6: }" costs 6 → 13 left; "L2:   \"a\": 1," costs 14: skipped;
    // "L3:   \"b\": {" costs 13 → 0 left; "L5:   }" (8) and "L4:     \"c\": 2" (15) no longer fit
    assert.equal(keyParagraphs(json, 20), '{\nL3:   "b": {\nL6: }');
    assert.equal(keyParagraphs(json, 1500), '{\nL2:   "a": 1,\nL3:   "b": {\nL4:     "c": 2\nL5:   }\nL6: }');
  });

  it('works on any script: CJK prose paragraphs are cut on blank lines only', function () {
    const zh = ['第一段：项目概述。', '', '第二段：安装步骤。', '', '第三段：常见问题。'].join('\n');
    assert.equal(keyParagraphs(zh, 1500), '第一段：项目概述。\nL3: 第二段：安装步骤。\nL5: 第三段：常见问题。');
  });

  it('CRLF line ends are not shown; a first line over 600 chars is cut with …; outline lines cut at 120', function () {
    assert.equal(keyParagraphs('a\r\nb\r\n\r\nc\r\n\r\nd', 1500), 'a\nb\nL4: c\nL6: d');
    const long = 'h'.repeat(1000) + '\n\n' + 'o'.repeat(200) + '\n\nz';
    assert.equal(keyParagraphs(long, 1500), `${'h'.repeat(599)}…\nL3: ${'o'.repeat(119)}…\nL5: z`);
  });

  it('empty or blank text gives an empty body', function () {
    assert.equal(keyParagraphs('', 1500), '');
    assert.equal(keyParagraphs(' \n\n\t', 1500), '');
  });
});

describe('L1 rule 3: the 8 most recent tool records stay, earlier ones become one line each', function () {
  const nine = (): Json[] => {
    const msgs: Json[] = [user('go')];
    for (let i = 1; i <= 9; i++) msgs.push(...execPair(`c${i}`, `step ${i}`, `out ${i}\nresult ${i}`));
    return msgs;
  };

  it('8 records: none collapsed', function () {
    const msgs = deepFreeze(nine().slice(0, 1 + 16));
    const { report, messages } = softTrimView(msgs);
    assert.equal(report.records.length, 8);
    assert.deepEqual(report.oneLine, []);
    assert.deepEqual(messages, msgs);
  });

  it('9 records: only the 9th most recent (the oldest) is collapsed, with a hand-written line', function () {
    const msgs = deepFreeze(nine());
    const { report, messages } = softTrimView(msgs);
    assert.deepEqual(report.records, [2, 4, 6, 8, 10, 12, 14, 16, 18]);
    assert.deepEqual(report.recent, [4, 6, 8, 10, 12, 14, 16, 18]);
    assert.deepEqual(report.oneLine, [2]);
    assert.equal(textOf(messages[2]), '[exec step 1: ok, 14 chars, 2 lines] result 1');
    for (let i = 3; i < msgs.length; i++) assert.equal(messages[i], msgs[i]);
  });

  it('one-line forms: read (first line), error, non-zero exit, images, JSON arguments, cut at 200', function () {
    const img = { type: 'image', data: 'aGk=', mimeType: 'image/png' };
    const msgs: Json[] = [
      user('go'),
      ...readPair('r1', 'notes/plan.md', '# Plan for BLUE-HERON\n1. Build\n2. Ship\n'),
      ...execPair('e1', 'make', 'compiling\nfailed', { isError: true }),
      ...execPair('e2', 'grep -r x .', 'a\nb', { details: { exitCode: 1 } }),
      call('s1', 'screenshot', { full: true }),
      result('s1', 'screenshot', [{ type: 'text', text: 'captured\nok' }, img, img]),
      call('w1', 'web_search', { query: 'q' }),
      result('w1', 'web_search', 'first\n' + 'long '.repeat(100)),
    ];
    for (let i = 0; i < 8; i++) msgs.push(...execPair(`p${i}`, 'true', 'x\ny'));
    const { messages } = softTrimView(deepFreeze(msgs));
    assert.equal(textOf(messages[2]), '[read notes/plan.md: ok, 39 chars, 3 lines] # Plan for BLUE-HERON');
    assert.equal(textOf(messages[4]), '[exec make: error, 16 chars, 2 lines] failed');
    assert.equal(textOf(messages[6]), '[exec grep -r x .: exit 1, 3 chars, 2 lines] b');
    assert.deepEqual((messages[8] as Json).content, [{ type: 'text', text: '[screenshot {"full":true}: ok, 11 chars, 2 lines, 2 images] ok' }]);
    const line = textOf(messages[10]);
    assert.equal(line.length, 200);
    assert.ok(line.startsWith('[web_search {"query":"q"}: ok, 506 chars, 2 lines] long long'));
    assert.ok(line.endsWith('…'));
    assert.ok(!line.includes('\n'));
  });

  it('an earlier record that already is one short line stays as it is', function () {
    const msgs: Json[] = [user('go'), ...execPair('a', 'pwd', '/home/ana'), ...execPair('b', 'true', '')];
    for (let i = 0; i < 8; i++) msgs.push(...execPair(`p${i}`, 'true', 'x\ny'));
    const { messages, report } = softTrimView(deepFreeze(msgs));
    assert.equal(messages[2], msgs[2]);
    assert.equal(messages[4], msgs[4]);
    assert.deepEqual(report.oneLine, []);
    assert.deepEqual(report.records.length, 10);
  });

  it('records count tool results and bash executions together; keepRecentRecords is configurable', function () {
    const bash = { role: 'bashExecution', command: 'ls', output: 'a\nb', exitCode: 0, cancelled: false, truncated: false, timestamp: 1 };
    const msgs = deepFreeze([user('go'), bash, ...execPair('c1', 'true', 'x\ny')]);
    const r = softTrimView(msgs, { keepRecentRecords: 1 });
    assert.deepEqual(r.report.oneLine, [1]);
    assert.equal((r.messages[1] as Json).output, '[bash ls: ok, 3 chars, 2 lines] b');
    assert.deepEqual(softTrimView(msgs, { keepRecentRecords: 0 }).report.oneLine, [1, 3]);
  });
});

describe('L1 report', function () {
  it('indices, chars and tokens before → after per rule and for the whole context', function () {
    // 9 records: c1 (the oldest, collapsed), 7 short ones, c2 (recent, over 2,000)
    const msgs: Json[] = [user('go'), ...execPair('c1', 'a', 'line\n'.repeat(3))];
    for (let i = 0; i < 7; i++) msgs.push(...execPair(`p${i}`, 'true', 'ok'));
    msgs.push(...execPair('c2', 'b', 'z'.repeat(2001)));
    deepFreeze(msgs);
    const { messages, report } = softTrimView(msgs);
    assert.deepEqual(report.rules.map((r) => [r.rule, r.indices]), [
      ['l1.tail', [18]],
      ['l1.oneLine', [2]],
    ]);
    const tok = (m: unknown): number => Math.round(estimateMessage(m as Json, 'o200k'));
    const before = msgs.reduce((s, m) => s + tok(m), 0);
    const after = messages.reduce((s, m) => s + tok(m), 0);
    assert.equal(report.tokens.before, before);
    assert.equal(report.tokens.after, after);
    assert.ok(report.tokens.after < report.tokens.before);
    const oneLine = report.rules.find((r) => r.rule === 'l1.oneLine')!;
    assert.deepEqual(oneLine.chars, { before: 15, after: '[exec a: ok, 15 chars, 3 lines] line'.length });
    assert.equal(report.chars.before - report.chars.after, 15 + 2001 - oneLine.chars.after - textOf(messages[18]).length);
  });
});

describe('L1 never throws on bad input', function () {
  const bad: unknown[] = [
    null,
    42,
    'text',
    [],
    { role: 'toolResult' },
    { role: 'toolResult', content: null, toolCallId: 7 },
    { role: 'toolResult', content: 12 },
    { role: 'toolResult', content: { type: 'text', text: 'obj' } },
    { role: 'toolResult', content: [null, 3, { type: 'text' }, { type: 'text', text: 5 }, { type: 'image' }, { type: 'audio', data: 'x' }] },
    { role: 'tool', content: 'legacy role\n'.repeat(300) },
    { type: 'toolResult', content: [{ type: 'text', text: 'typed\n'.repeat(600) }] },
    { role: 'assistant', content: 'not blocks' },
    { role: 'assistant', content: [{ type: 'toolCall' }, { type: 'toolCall', id: 'x', arguments: undefined }] },
    { role: 'mystery', content: [{ type: 'text', text: 'unknown role' }] },
    { role: 'bashExecution' },
    { role: 'user', content: [] },
    { role: 'user', content: [{ type: 'text', text: '' }] },
  ];

  it('handles garbage entries, orphans, empty blocks, images, non-string content and unknown roles', function () {
    const msgs = deepFreeze([...bad, user('go')]);
    for (const opts of [{}, { keepRecentRecords: 0 }, { toolOutputMaxChars: 0, tailChars: 0 }]) {
      const { messages, report } = softTrimView(msgs as Json[], opts);
      assert.equal(messages.length, msgs.length);
      assert.ok(report.tokens.after <= report.tokens.before + 1000);
    }
    assert.deepEqual(softTrimView(null as unknown as Json[]).messages, []);
    assert.deepEqual(softTrimView(undefined as unknown as Json[]).messages, []);
  });

  it('a single huge message (4 MB tool output, 4 MB user text) is trimmed in one pass', function () {
    const huge = 'y'.repeat(4_000_000);
    const msgs = deepFreeze([user(huge), ...execPair('c1', 'cat big', huge)]);
    const { messages, report } = softTrimView(msgs);
    assert.equal(messages[0], msgs[0]);
    assert.equal(textOf(messages[2]).length, 1 + 500 + 1 + '[exec output trimmed to its last 500 of 4000000 chars (1 line); it began: "'.length + 100 + 2);
    assert.ok(report.chars.after < 4_100_000);
  });

  it('a cyclic tool-call argument or details object does not throw', function () {
    const args: Json = { path: 'a' };
    args.self = args;
    const details: Json = {};
    details.self = details;
    const msgs = [user('go'), call('c1', 'exec', args), result('c1', 'exec', 'x\n'.repeat(2000), { details })];
    for (let i = 0; i < 8; i++) msgs.push(...execPair(`p${i}`, 'true', 'x\ny'));
    assert.doesNotThrow(() => softTrimView(msgs));
    assert.equal(textOf(softTrimView(msgs).messages[2]), '[exec: ok, 4000 chars, 2000 lines] x');
  });
});

// ------------------------------------------------------------------ real transcripts

describe('L1 on the real OpenClaw transcripts', function () {
  const contexts = [...realContexts(), ...realMessageRows()];

  it('finds the real sessions with tool results', function () {
    assert.ok(contexts.length >= 16);
    assert.ok(contexts.reduce((s, c) => s + c.messages.filter((m) => m.role === 'toolResult').length, 0) >= 15);
  });

  for (const [label, opts] of [
    ['defaults', {}],
    ['aggressive (every rule fires)', { toolOutputMaxChars: 10, tailChars: 8, fileReadMaxChars: 20, keyParagraphsBudget: 40, keepRecentRecords: 1 }],
  ] as Array<[string, Json]>) {
    it(`${label}: only tool outputs change, into the allowed forms; inputs untouched`, function () {
      let changed = 0;
      const rules = new Set<string>();
      for (const c of contexts) {
        const snapshot = JSON.stringify(c.messages);
        const { messages, report } = softTrimView(c.messages, opts);
        assert.equal(JSON.stringify(c.messages), snapshot, `${c.file}: input mutated`);
        changed += report.changes.length;
        for (const ch of report.changes) rules.add(ch.rule);
        assertViewInvariants(c.messages, messages, (a, b) => {
          const before = textOf(a);
          const after = textOf(b);
          if (/^\[[^\n]+?: (ok|error|exit -?\d+), \d+ chars?, \d+ lines?(, \d+ images?)?\]( [^\n]*)?$/.test(after) && after.length <= 200) return undefined;
          const tail = /^…([\s\S]*)\n\[[^\n]+ output trimmed to its last (\d+) of (\d+) chars \([^\n]*\)(; it began: "[^\n]*")?\]$/.exec(after);
          if (tail) return before.endsWith(tail[1]!) && Number(tail[3]) === before.length ? undefined : 'tail is not the end of the output';
          const key = /\n\[trimmed — full content at ([^\n]+)\]$/.exec(after);
          if (key) {
            const srcLines = before.split('\n');
            for (const l of after.slice(0, key.index).split('\n')) {
              const o = /^L(\d+): (.*)$/.exec(l);
              if (o && !srcLines[Number(o[1]) - 1]!.startsWith(o[2]!.replace(/…$/, ''))) return `outline line ${l} is not line ${o[1]}`;
            }
            return undefined;
          }
          return `not an allowed form: ${JSON.stringify(after.slice(0, 120))}`;
        });
      }
      if (label !== 'defaults') {
        assert.ok(changed >= 10, `${changed} changes`);
        assert.deepEqual([...rules].sort(), ['l1.keyParagraphs', 'l1.oneLine', 'l1.tail']);
      }
    });
  }
});
