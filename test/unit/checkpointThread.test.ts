/**
 * Thread extraction (seed 001 §11.2) and the text helpers behind Layer A/B capture, on synthetic
 * cases and on OpenClaw's own transcripts.
 */
import assert from 'node:assert/strict';
import { extractThread, selectExchanges, toEvent } from '../../src/core/transcript/conversation';
import { classifyTool, codePoints, endsWithQuestion, gist, isSlashCommand, lastLineGist, patchPaths, todoLines, toolFileAccess } from '../../src/core/transcript/text';
import { realTranscriptDumps } from './helpers';
import { E } from './support/checkpoints';
import { activePath } from './support/transcripts';

type Json = Record<string, unknown>;

const LONG = 'L'.repeat(501);

describe('checkpoint text helpers', function () {
  it('gist: first N characters on one line, whitespace collapsed, controls dropped, … when cut, never splitting a character', function () {
    assert.equal(gist('  a\n\tb  c  ', 10), 'a b c');
    assert.equal(gist('abcdefghij', 10), 'abcdefghij');
    assert.equal(gist('abcdefghijk', 10), 'abcdefghi…');
    assert.equal(gist('😀'.repeat(20), 5), '😀😀😀😀…');
    assert.equal(codePoints(gist('中'.repeat(300), 120)), 120);
    assert.equal(gist('a\u0000b\u001b[31mc\u2028d', 20), 'a b [31mc d');
    assert.equal(gist('x\ud800y', 10), 'xy');
    assert.equal(gist(' '.repeat(5000) + 'late', 10), '…', 'a huge blank head is cut without scanning it all');
    assert.equal(gist('anything', 0), '');
  });

  it('lastLineGist: the last non-empty line without its list marker; endsWithQuestion in several scripts', function () {
    assert.equal(lastLineGist('Intro\n\n1. one\n2. Shall I use option B?\n\n', 100), 'Shall I use option B?');
    assert.equal(lastLineGist('text\n```\ncode\n```\n', 100), 'code');
    assert.equal(lastLineGist('', 100), '');
    for (const q of ['Ready?', '可以吗？', 'هل أنت مستعد؟', 'Έτοιμος\u037e', 'Ok? ', 'Really?**', '「ですか？」']) assert.equal(endsWithQuestion(q), true, q);
    for (const q of ['Done.', 'Done;', 'Why? Because.', '', '?!x']) assert.equal(endsWithQuestion(q), false, q);
  });

  it('slash commands are control, not conversation', function () {
    assert.equal(isSlashCommand('/compact focus on X'), true);
    assert.equal(isSlashCommand('/reset'), true);
    assert.equal(isSlashCommand('/path/to/file is broken'), false);
    assert.equal(isSlashCommand('use /reset later'), false);
  });

  it('classifyTool: writers, readers, and everything else by name tokens', function () {
    const cases: Array<[string, Json | undefined, string]> = [
      ['read', {}, 'read'], ['Read', {}, 'read'], ['read_file', {}, 'read'], ['readFile', {}, 'read'], ['view', {}, 'read'], ['cat', {}, 'read'],
      ['write', {}, 'modified'], ['Write', {}, 'modified'], ['edit', {}, 'modified'], ['MultiEdit', {}, 'modified'], ['apply_patch', {}, 'modified'],
      ['create_file', {}, 'modified'], ['str_replace_editor', {}, 'modified'], ['str_replace_based_edit_tool', { command: 'view' }, 'read'], ['NotebookEdit', {}, 'modified'],
      ['exec', {}, 'none'], ['bash', {}, 'none'], ['grep', {}, 'none'], ['web_search', {}, 'none'], ['memory_search', {}, 'none'], ['thread_spread', {}, 'none'],
    ];
    for (const [name, args, want] of cases) assert.equal(classifyTool(name, args), want, name);
  });

  it('toolFileAccess: path, file_path, filePath, lists, and apply_patch bodies', function () {
    assert.deepEqual(toolFileAccess('read', { path: 'notes/plan.md' }), { access: 'read', paths: ['notes/plan.md'] });
    assert.deepEqual(toolFileAccess('Edit', { file_path: '/w/a.ts', old_string: 'x', new_string: 'y' }), { access: 'modified', paths: ['/w/a.ts'] });
    assert.deepEqual(toolFileAccess('write_file', { filePath: 'b.ts', content: 'TODO: x' }), { access: 'modified', paths: ['b.ts'] });
    assert.deepEqual(toolFileAccess('read_many', { paths: ['a', { path: 'b' }, 3, ''] }), { access: 'read', paths: ['a', 'b'] });
    const patch = '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-x\n+y\n*** Add File: src/new.ts\n+z\n*** Delete File: old.ts\n*** Update File: src/b.ts\n*** Move to: src/c.ts\n*** End Patch';
    assert.deepEqual(toolFileAccess('apply_patch', { input: patch }), { access: 'modified', paths: ['src/a.ts', 'src/new.ts', 'old.ts', 'src/b.ts', 'src/c.ts'] });
    assert.deepEqual(patchPaths('--- a/x.ts\n+++ b/x.ts\n@@\n--- /dev/null\n+++ b/y.ts\n'), ['x.ts', 'y.ts']);
    assert.deepEqual(toolFileAccess('exec', { command: 'cat notes/todo.md', path: '/w' }), { access: 'none', paths: [] });
    assert.deepEqual(toolFileAccess('read', { path: 'bad\u0000path' }), { access: 'read', paths: [] });
    assert.deepEqual(toolFileAccess('read', 'not an object'), { access: 'read', paths: [] });
  });

  it('todoLines: unchecked task items, TODO/FIXME markers, closed items; fenced code is skipped', function () {
    const text = [
      'Plan:',
      '- [ ] write the parser',
      '* [x] read the spec',
      '1. [ ] 添加测试',
      'TODO: handle CRLF',
      '// FIXME(ana): leaks on error',
      'The TODO list is in notes.', // prose mention: not a marker
      'Remember: TODO: rotate keys',
      '```ts',
      '// TODO: inside code',
      '- [ ] inside code',
      '```',
      '~~~',
      'FIXME: also code',
      '~~~',
    ].join('\n');
    assert.deepEqual(todoLines(text), [
      { kind: 'checkbox', text: 'write the parser' },
      { kind: 'done', text: 'read the spec' },
      { kind: 'checkbox', text: '添加测试' },
      { kind: 'todo', text: 'TODO: handle CRLF' },
      { kind: 'todo', text: 'FIXME: leaks on error' },
      { kind: 'todo', text: 'TODO: rotate keys' },
    ]);
    assert.deepEqual(todoLines('1. first step\n2. second step\n3. third'), [], 'numbered lists are not taken as next steps');
    assert.deepEqual(todoLines('todo: lower case is prose'), []);
  });
});

describe('thread extraction (§11.2) on synthetic conversations', function () {
  beforeEach(() => E.reset());

  it('summary = first user message (100) + " ... " + last user message (100); one message: just it', function () {
    const first = 'F'.repeat(150);
    const t = extractThread([E.header(), E.user(first), E.agent('ok'), E.user('middle'), E.agent('ok'), E.user('last one')]);
    assert.equal(t.summary, `${'F'.repeat(99)}… ... last one`);
    assert.equal(t.topic, 'last one');
    assert.equal(extractThread([E.user('only'), E.agent('x')]).summary, 'only');
    assert.equal(extractThread([]).summary, '');
  });

  it('key exchanges: the first user message, users after a response > 500 chars, the last 2 pairs, in order', function () {
    const ev = [
      E.user('first', 'u1'),
      E.agent(LONG, 'a1'),
      E.user('after long', 'u2'),
      E.agent('short', 'a2'),
      E.user('after short', 'u3'),
      E.agent('x'.repeat(500), 'a3'), // exactly 500: not long
      E.user('after 500', 'u4'),
      E.agent('part one ' + 'p'.repeat(300), 'a4a'),
      E.agent('part two ' + 'q'.repeat(300), 'a4b'), // the response is both messages (> 500); its gist the last one
      E.user('after two-part', 'u5'),
      E.agent('reply five', 'a5'),
      E.user('last', 'u6'),
      E.agent('final answer', 'a6'),
    ];
    const t = extractThread(ev);
    assert.deepEqual(
      t.key_exchanges.map((x) => `${x.role}:${x.id}`),
      ['user:u1', 'user:u2', 'user:u5', 'agent:a5', 'user:u6', 'agent:a6'],
    );
    assert.equal(t.key_exchanges[1]!.gist, 'after long');
  });

  it('capped at 8: first and last pairs always, then the newest pivots; gists of 120 chars', function () {
    const ev: Json[] = [E.user('first', 'u0')];
    for (let i = 1; i <= 12; i++) ev.push(E.agent(LONG, `a${i - 1}`), E.user(`pivot ${i} ${'g'.repeat(200)}`, `u${i}`));
    ev.push(E.agent('end', 'aEnd'));
    const t = extractThread(ev);
    assert.equal(t.key_exchanges.length, 8);
    assert.deepEqual(
      t.key_exchanges.map((x) => x.id),
      ['u0', 'u8', 'u9', 'u10', 'u11', 'a11', 'u12', 'aEnd'],
    );
    for (const x of t.key_exchanges) assert.ok(codePoints(x.gist) <= 120);
    assert.equal(t.key_exchanges[1]!.gist, `pivot 8 ${'g'.repeat(111)}…`);
    assert.equal(selectExchanges(undefined, [], []).length, 0);
  });

  it('decision-like: a reply under 50 characters after a response over 500, with the last line of that response', function () {
    const ev = [
      E.user('plan the trip', 'u1'),
      E.agent(`${LONG}\nOption A: trains. Option B: flights.\nWhich one do you prefer?`, 'a1'),
      E.user('B', 'u2'),
      E.agent(LONG, 'a2'),
      E.user('这个方案可以，就这样吧', 'u3'), // CJK: counted in characters, not bytes
      E.agent(LONG, 'a3'),
      E.user('x'.repeat(50), 'u4'), // 50: not under 50
      E.agent('short', 'a4'),
      E.user('ok', 'u5'), // after a short response: not a decision
    ];
    const d = extractThread(ev).decisions;
    assert.deepEqual(d.map((x) => x.id), ['u2', 'u3']);
    assert.equal(d[0]!.what, 'B — re: Which one do you prefer?');
    assert.equal(d[1]!.what, `这个方案可以，就这样吧 — re: ${'L'.repeat(99)}…`);
  });

  it('slash commands, OpenClaw notices, tool-only turns and external notes are not thread messages', function () {
    const ev = [
      E.user('real ask', 'u1'),
      E.toolCall('read', { path: 'a' }, 'c1', 't1'),
      E.toolResult('read', 'c1', LONG, false, 'r1'),
      E.agent('done', 'a1'),
      E.user('/compact keep the plan', 'cmd'),
      { ...E.agent('⚙️ Compacted (22k → 720)', 'note'), message: { role: 'assistant', provider: 'openclaw', content: [{ type: 'text', text: '⚙️ Compacted' }] } },
      E.note('EXTERNAL NOTE'),
      E.user('next', 'u2'),
    ];
    const t = extractThread(ev);
    assert.deepEqual(t.key_exchanges.map((x) => x.id), ['u1', 'a1', 'u2']);
    assert.equal(t.userMessages, 2);
    assert.equal(toEvent(ev[5]).kind, 'other');
    assert.equal(toEvent(null).kind, 'other');
    assert.equal(toEvent({ type: 'message', message: 'nope' }).kind, 'other');
  });
});

describe('thread extraction on the real OpenClaw transcripts', function () {
  const dumps = realTranscriptDumps();
  const byName = (part: string) => {
    const d = dumps.find((x) => x.file.includes(part));
    assert.ok(d, part);
    return activePath(d.events);
  };

  it('finds all eight dumps', function () {
    assert.equal(dumps.length, 8);
  });

  it('agent:main:main: summary, 8 key exchanges and two decision-like replies after 10k-char answers', function () {
    const t = extractThread(byName('agent_main_main__'));
    assert.equal(t.summary, "Hello! What's in notes/todo.md? #read notes/todo.md ... Hi again after the reset. What do you remember? #reply I start fresh after a reset.");
    assert.equal(t.key_exchanges.length, 8);
    assert.deepEqual(t.key_exchanges.map((x) => x.role).join(','), 'user,user,user,user,user,agent,user,agent');
    assert.equal(t.key_exchanges[7]!.gist, 'I start fresh after a reset.');
    assert.deepEqual(t.decisions.map((d) => d.what.split(' — re: ')[0]), ['请用中文总结一下今天的进度，并给出更多示例。 #pad 150', 'Read the memory file please. #read MEMORY.md']);
    assert.ok(t.decisions.every((d) => d.what.includes(' — re: ')));
    assert.equal(t.userMessages, 13, '/compact and /reset are commands');
  });

  it('ext2, rpc: the short reply after a padded answer is decision-like; explicit: a single message', function () {
    assert.deepEqual(extractThread(byName('ext2__')).decisions.map((d) => d.what.split(' — re: ')[0]), ['EXT2 turn 3: when does it ship? #reply Monday.']);
    assert.deepEqual(extractThread(byName('rpc__')).decisions.map((d) => d.what.split(' — re: ')[0]), ['RPC turn two: check disk #exec df -h / | tail -1']);
    const ex = extractThread(byName('explicit'));
    assert.equal(ex.summary, 'Explicit session: hello #reply Hello from an explicit session.');
    assert.deepEqual(ex.key_exchanges.map((x) => x.role), ['user', 'agent']);
  });

  it('work (rewound): the path after the rewind, not the abandoned branch', function () {
    const t = extractThread(byName('work__6f14'));
    assert.equal(t.topic, 'After rewind: what do you see? #reply Rewound before the compaction.');
    assert.ok(!t.key_exchanges.some((x) => x.gist.startsWith('Trigger a provider overflow')));
    assert.deepEqual(t.key_exchanges.map((x) => x.gist.slice(0, 22)), ['New work session: summ', 'Now run the unit tests', 'Tool finished (34 char', 'After rewind: what do ', 'Rewound before the com']);
  });
});
