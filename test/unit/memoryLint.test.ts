/**
 * Memory linter (src/core/memory/lint/): every rule at and around its threshold, positions (0-based,
 * UTF-16, end exclusive), quick fixes applied back to the text, the errors.md baseline store, and
 * lintWorkspace on the real fixture, the demo workspace and hostile workspaces (path traversal in
 * pointers, symlinks out of the workspace, a directory named MEMORY.md, a 20 MB file, NUL bytes, CRLF).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { estimateTokens } from '../../src/core/tokens/estimator';
import { type LintInput, type MemoryProblem, type TextEdit } from '../../src/core/memory/lint/problems';
import { findPointers, resolvePointer } from '../../src/core/memory/lint/pointers';
import { lintMemory } from '../../src/core/memory/lint/rules';
import { ErrorsBaselineStore } from '../../src/core/memory/lint/errorsBaseline';
import { lintWorkspace } from '../../src/core/memory/lint/lintWorkspace';
import { copyWorkspace, DEMO_WS, makeWorkspace, REAL_WS } from './support/workspaces';
import { tmpDir } from './helpers';

/** Lint one file's text (other inputs default to "everything exists"). */
function lint(files: Record<string, string>, over: Partial<LintInput> = {}): MemoryProblem[] {
  return lintMemory({ files, existing: () => true, ...over });
}
const codes = (ps: MemoryProblem[]) => ps.map((p) => p.code);

/** Apply VS Code-style edits (0-based line/character ranges) to a text. */
export function applyEdits(text: string, edits: TextEdit[]): string {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const off = (line: number, col: number) => lineStarts[line]! + col;
  const sorted = [...edits].sort((a, b) => off(b.range.line, b.range.column) - off(a.range.line, a.range.column));
  let out = text;
  for (const e of sorted) out = out.slice(0, off(e.range.line, e.range.column)) + e.newText + out.slice(off(e.range.endLine, e.range.endColumn));
  return out;
}

/** The text a problem's range covers. */
function covered(text: string, p: { line: number; column: number; endLine: number; endColumn: number }): string {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  if (p.line === p.endLine) return lines[p.line]!.slice(p.column, p.endColumn);
  return [lines[p.line]!.slice(p.column), ...lines.slice(p.line + 1, p.endLine), lines[p.endLine]!.slice(0, p.endColumn)].join('\n');
}

describe('memory lint: pointers', function () {
  it('finds the seed arrow form, markdown links and backticked memories/ paths, and nothing else', function () {
    const t = (line: string) => findPointers(line).map((p) => [p.form, p.target]);
    assert.deepEqual(t('- 名称:Foo | 详情 → memories/project.md'), [['arrow', 'memories/project.md']]);
    assert.deepEqual(t('- Decisions -> `memories/decisions.md`.'), [['arrow', 'memories/decisions.md']]);
    assert.deepEqual(t('- see => notes/plan.md, and more'), [['arrow', 'notes/plan.md']]);
    assert.deepEqual(t('- [Plan](notes/plan.md "the plan") and [todo](<notes/my todo.md#top>)'), [
      ['link', 'notes/plan.md'],
      ['link', 'notes/my todo.md'],
    ]);
    assert.deepEqual(t('- [x](notes/a%20b.md)'), [['link', 'notes/a b.md']]);
    assert.deepEqual(t('- errors in `memories/errors.md` and `npm test`'), [['code', 'memories/errors.md']]);
    // not pointers: URLs, anchors, prose after an arrow, placeholders
    assert.deepEqual(t('- [site](https://example.com/a.md) [top](#top) [mail](mailto:a@b.c)'), []);
    assert.deepEqual(t('→ trust the source file'), []);
    assert.deepEqual(t('- daily → memory/YYYY-MM-DD.md, details → memories/{name}.md, `memory/*.md`'), []);
  });

  it('columns locate the target (0-based, UTF-16)', function () {
    const line = '- 😀 Project → memories/project.md';
    const [p] = findPointers(line);
    assert.equal(line.slice(p!.column, p!.endColumn), 'memories/project.md');
  });

  it('resolves against the workspace; absolute, ~ and .. above the root are outside', function () {
    assert.equal(resolvePointer('memories/x.md'), 'memories/x.md');
    assert.equal(resolvePointer('./memories//x.md'), 'memories/x.md');
    assert.equal(resolvePointer('memories/../MEMORY.md'), 'MEMORY.md');
    assert.equal(resolvePointer('memories\\x.md'), 'memories/x.md');
    for (const bad of ['../x.md', 'memories/../../x.md', '/etc/passwd', '~/secrets.md', 'C:/Windows/x.md', 'a/../../..']) assert.equal(resolvePointer(bad), 'outside', bad);
    assert.equal(resolvePointer('./'), undefined);
  });

  it('pointer-missing with a quick fix that removes the entry; the fixed text lints clean', function () {
    const text = '# Memory\n\n- Project → memories/project.md\n- Gone → memories/gone.md\n- Last → notes/plan.md\n';
    const exists = new Set(['memories/project.md', 'notes/plan.md']);
    const ps = lint({ 'MEMORY.md': text }, { existing: (rel) => exists.has(rel) });
    assert.deepEqual(codes(ps), ['pointer-missing']);
    const p = ps[0]!;
    assert.deepEqual([p.file, p.line, p.severity], ['MEMORY.md', 3, 'warning']);
    assert.equal(covered(text, p), 'memories/gone.md');
    assert.match(p.message, /memories\/gone\.md.*does not exist/);
    const fixed = applyEdits(text, p.fix!.edits);
    assert.equal(fixed, '# Memory\n\n- Project → memories/project.md\n- Last → notes/plan.md\n');
    assert.deepEqual(lint({ 'MEMORY.md': fixed }, { existing: (rel) => exists.has(rel) }), []);
  });

  it('the fix removes a dangling last line without a final newline, and CRLF lines whole', function () {
    const noEol = '- ok → a.md\n- gone → b.md';
    const [p] = lint({ 'MEMORY.md': noEol }, { existing: (rel) => rel === 'a.md' });
    assert.equal(applyEdits(noEol, p!.fix!.edits), '- ok → a.md');
    const crlf = '- gone → b.md\r\n- ok → a.md\r\n';
    const [q] = lint({ 'MEMORY.md': crlf }, { existing: (rel) => rel === 'a.md' });
    assert.equal(applyEdits(crlf, q!.fix!.edits), '- ok → a.md\r\n');
  });

  it('no fix when the line holds other pointers too', function () {
    const ps = lint({ 'MEMORY.md': '- a → a.md and b → b.md\n' }, { existing: (rel) => rel === 'a.md' });
    assert.deepEqual(codes(ps), ['pointer-missing']);
    assert.equal(ps[0]!.fix, undefined);
  });

  it('path traversal is reported as outside and never looked up', function () {
    const asked: string[] = [];
    const text = ['- a → ../../etc/passwd', '- b → memories/../../x.md', '- [c](/etc/shadow)', '- d → ~/.ssh/id_rsa', '- e → memories/../MEMORY.md'].join('\n');
    const ps = lint(
      { 'MEMORY.md': text },
      {
        existing: (rel) => {
          asked.push(rel);
          return true;
        },
      },
    );
    assert.deepEqual(asked, ['MEMORY.md']);
    assert.deepEqual(
      ps.map((p) => [p.code, p.severity, p.line]),
      [
        ['pointer-outside', 'info', 0],
        ['pointer-outside', 'info', 1],
        ['pointer-outside', 'info', 2],
        ['pointer-outside', 'info', 3],
      ],
    );
  });
});

describe('memory lint: size rules', function () {
  it('memory-too-long above 800 tokens, starting at the line where the budget runs out', function () {
    const entry = (i: number) => `- Topic number ${i} with a few words of description → memories/project.md`;
    let n = 1;
    while (estimateTokens(Array.from({ length: n }, (_, i) => entry(i)).join('\n')) < 1_200) n++;
    const text = Array.from({ length: n }, (_, i) => entry(i)).join('\n') + '\n';
    const ps = lint({ 'MEMORY.md': text }).filter((p) => p.code === 'memory-too-long');
    assert.equal(ps.length, 1);
    const p = ps[0]!;
    assert.equal(p.severity, 'warning');
    assert.ok(p.line > 0 && p.line < n - 1, `starts at ${p.line} of ${n}`);
    const before = text.split('\n').slice(0, p.line).join('\n');
    assert.ok(estimateTokens(before) <= 800 + 5, 'the lines before the range fit the budget');
    assert.match(p.message, /about 1,\d{3} tokens/);
    // well under: nothing
    const small = Array.from({ length: Math.floor(n / 3) }, (_, i) => entry(i)).join('\n');
    assert.deepEqual(codes(lint({ 'MEMORY.md': small })), []);
  });

  it('line-too-long above 150 characters (code points), from column 150 to the end', function () {
    const at = (s: string) => lint({ 'MEMORY.md': s }).filter((p) => p.code === 'line-too-long');
    assert.equal(at('x'.repeat(150) + '\n').length, 0);
    const [p] = at('ok\n' + 'x'.repeat(151) + '\n');
    assert.deepEqual([p!.line, p!.column, p!.endColumn], [1, 150, 151]);
    assert.equal(at('x'.repeat(150) + '\r\n').length, 0, 'CR is not part of the line');
    assert.equal(at('中'.repeat(151)).length, 1);
    // astral characters: 150 emoji are 300 UTF-16 units but 150 characters
    assert.equal(at('😀'.repeat(150)).length, 0);
    const [e] = at('😀'.repeat(151));
    assert.deepEqual([e!.column, e!.endColumn], [300, 302]);
  });

  it('content-not-pointer: runs of ≥ 400 chars or ≥ 8 lines without a pointer, code blocks of ≥ 5 lines', function () {
    const short = Array.from({ length: 7 }, (_, i) => `- constraint ${i}`).join('\n');
    assert.deepEqual(codes(lint({ 'MEMORY.md': `# Constraints\n${short}\n` })), []);
    const eight = Array.from({ length: 8 }, (_, i) => `- constraint ${i}`).join('\n');
    const [p8] = lint({ 'MEMORY.md': `# Constraints\n${eight}\n` });
    assert.deepEqual([p8!.code, p8!.line, p8!.endLine], ['content-not-pointer', 1, 8]);

    const para = ['The service talks to Postgres through a pool of twenty connections and retries failed queries.', 'Deployments go through the staging cluster first, then production after a manual approval step.', 'Logs are shipped to the central store and kept for thirty days; metrics are scraped every minute.', 'The on-call rotation changes on Mondays and the pager goes to the primary first, then the secondary.', 'End of the notes, which nobody will read again once they sit in the index.'];
    const text = `# Project\n\n${para.join('\n')}\n\n- Details → memories/project.md\n`;
    assert.ok(para.join('').length >= 400);
    const ps = lint({ 'MEMORY.md': text });
    assert.deepEqual(codes(ps), ['content-not-pointer']);
    assert.deepEqual([ps[0]!.line, ps[0]!.endLine], [2, 6]);
    assert.match(ps[0]!.message, /5 lines .* without a pointer/);
    // the same lines, each with a pointer: fine
    const pointed = para.map((l, i) => `- ${l.slice(0, 60)} → memories/p${i}.md`).join('\n');
    assert.deepEqual(codes(lint({ 'MEMORY.md': pointed })), []);

    const code = '# Snippet\n```ts\nconst a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\nconst e = 5;\n```\n';
    const [c] = lint({ 'MEMORY.md': code });
    assert.deepEqual([c!.code, c!.line, c!.endLine], ['content-not-pointer', 1, 7]);
    assert.deepEqual(codes(lint({ 'MEMORY.md': '```\na\nb\n```\n' })), []);
  });

  it('bootstrap-truncated: says how many chars are cut and marks the dropped middle', function () {
    const lines = Array.from({ length: 500 }, (_, i) => `line ${String(i).padStart(3, '0')} ${'x'.repeat(43)}`); // 52 chars + \n
    const text = lines.join('\n') + '\n';
    assert.equal(text.trimEnd().length, 26_499);
    const ps = lint({ 'AGENTS.md': text }).filter((p) => p.code === 'bootstrap-truncated');
    assert.equal(ps.length, 1);
    const p = ps[0]!;
    assert.equal(p.severity, 'warning');
    assert.match(p.message, /26,499 chars/);
    assert.match(p.message, /cuts 8,499 chars/);
    // the range is exactly the dropped chars 14,000 … 22,499
    const flat = text.trimEnd();
    assert.equal(covered(text, p), flat.slice(14_000, 26_499 - 4_000));
    // within the cap: nothing; a cap from the config applies
    const shorter = lines.slice(0, 300).join('\n');
    assert.deepEqual(codes(lint({ 'AGENTS.md': shorter })), []);
    const [c] = lint({ 'AGENTS.md': shorter }, { config: { agents: { defaults: { bootstrapMaxChars: 10_000 } } } });
    assert.equal(c!.code, 'bootstrap-truncated');
    assert.match(c!.message, /at most 10,000 chars per file/);
  });

  it('bootstrap-truncated by the total budget, and a file dropped whole (error)', function () {
    const caps = { maxChars: 10_000, totalMaxChars: 12_000 };
    const cut = lint({ 'AGENTS.md': 'a'.repeat(9_000), 'SOUL.md': 's'.repeat(9_000) }, { caps, workspaceDir: '/ws' }).filter((p) => p.code === 'bootstrap-truncated');
    assert.deepEqual(
      cut.map((p) => [p.file, p.severity]),
      [['SOUL.md', 'warning']],
    );
    assert.match(cut[0]!.message, /only 3,000 chars of the 12,000-char total/);
    // SOUL fits whole but leaves 50 chars: TOOLS's marker eats them, IDENTITY and USER get nothing
    const dropped = lint({ 'AGENTS.md': 'a'.repeat(9_000), 'SOUL.md': 's'.repeat(2_950), 'USER.md': 'u'.repeat(100) }, { caps, workspaceDir: '/ws' }).filter((p) => p.code === 'bootstrap-truncated');
    assert.deepEqual(
      dropped.map((p) => [p.file, p.severity, p.line, p.endColumn]),
      [['USER.md', 'error', 0, 100]],
    );
    assert.match(dropped[0]!.message, /not injected at all: the bootstrap files before it \(AGENTS\.md, SOUL\.md\)/);
  });
});

describe('memory lint: errors.md append-only', function () {
  const base = '# Errors\n- 2026-01-01T00:00:00Z [permission] rm denied\n';
  const run = (current: string | undefined) => lint(current === undefined ? {} : { 'memories/errors.md': current }, { errorsBaseline: base }).filter((p) => p.code === 'errors-not-append-only');

  it('appending is fine; no baseline means no check', function () {
    assert.deepEqual(run(base), []);
    assert.deepEqual(run(base + '- 2026-01-02T00:00:00Z [breaker] stop\n'), []);
    assert.deepEqual(codes(lint({ 'memories/errors.md': 'anything' })), []);
  });

  it('an edit in the middle is an error at the changed line', function () {
    const edited = base.replace('rm denied', 'rm allowed') + '- new\n';
    const [p] = run(edited);
    assert.deepEqual([p!.severity, p!.line, p!.column], ['error', 1, edited.split('\n')[1]!.indexOf('allowed')]);
    assert.match(p!.message, /edited, not appended to: line 2/);
  });

  it('removed text, a deleted file, and rewritten line endings', function () {
    const [t] = run('# Errors\n');
    assert.equal(t!.severity, 'error');
    assert.match(t!.message, /lost text/);
    const [d] = run(undefined);
    assert.match(d!.message, /deleted/);
    const [eol] = run(base.replace(/\n/g, '\r\n') + '- more\r\n');
    assert.equal(eol!.severity, 'warning');
    assert.match(eol!.message, /line endings/);
  });
});

describe('memory lint: prompt cache (seed 000)', function () {
  it('timestamps and volatile labels in static bootstrap files are warnings; HEARTBEAT.md is exempt', function () {
    const ps = lint({
      'MEMORY.md': '# Index\nUpdated: 2026-11-21 10:00 | Token estimate: 1234\n- Project → memories/project.md\n',
      'AGENTS.md': '# Agents\n\nLast updated: yesterday\n\nRules.\n',
      'SOUL.md': '更新于:{时间戳} | Token 估算:{会话字符数 ÷ 4}\n',
      'HEARTBEAT.md': 'Last run: 2026-11-21T10:00:00Z\n',
    });
    assert.deepEqual(
      ps.map((p) => [p.file, p.line, p.code, p.severity]),
      [
        ['AGENTS.md', 2, 'cache-volatile', 'warning'],
        ['MEMORY.md', 1, 'cache-volatile', 'warning'],
        ['SOUL.md', 0, 'cache-volatile', 'warning'],
      ],
    );
    const m = ps.find((p) => p.file === 'MEMORY.md')!;
    assert.equal(m.column, 'Updated: '.length);
    assert.match(m.message, /prompt-cache boundary/);
  });

  it("OpenClaw's own `<!-- observed: date -->` comments are fine; task status and bare dates are info", function () {
    const user = '# USER.md\n\n<!-- observed: 2026-05-01 | status: active -->\n\n- Prefer concise answers.\n';
    assert.deepEqual(lint({ 'USER.md': user }), []);
    const multi = '<!--\nobserved: 2026-05-01 10:00\n-->\n- ok\n';
    assert.deepEqual(lint({ 'USER.md': multi }), []);
    const ps = lint({ 'MEMORY.md': '- Fix login | Status: in progress | Details → memories/context.md\n- 2026-01-02 chose SQLite → memories/decisions.md\n- 2026-01-05 moved to ESM → memories/decisions.md\n' });
    assert.deepEqual(
      ps.map((p) => [p.line, p.severity]),
      [
        [0, 'info'],
        [1, 'info'],
      ],
    );
    assert.match(ps[1]!.message, /^2 lines of MEMORY\.md carry a date/);
  });

  it('the real and demo workspaces raise no warnings or errors', function () {
    for (const ws of [REAL_WS, DEMO_WS]) {
      const ps = lintWorkspace(ws);
      assert.deepEqual(
        ps.filter((p) => p.severity !== 'info'),
        [],
        ws,
      );
    }
  });
});

describe('memory lint: lintWorkspace on real and hostile workspaces', function () {
  it('on a copy of the real workspace: a dangling pointer is found, a real one is not', function () {
    const ws = copyWorkspace(REAL_WS);
    const mem = path.join(ws, 'MEMORY.md');
    fs.appendFileSync(mem, '- Plan → notes/plan.md\n- Decisions → [log](memories/decisions.md)\n');
    const ps = lintWorkspace(ws).filter((p) => p.severity !== 'info');
    assert.deepEqual(
      ps.map((p) => [p.file, p.code, p.line]),
      [['MEMORY.md', 'pointer-missing', 5]],
    );
    fs.mkdirSync(path.join(ws, 'memories'));
    fs.writeFileSync(path.join(ws, 'memories', 'decisions.md'), '');
    assert.deepEqual(
      lintWorkspace(ws).filter((p) => p.severity !== 'info'),
      [],
    );
  });

  it('a pointer through a symlink out of the workspace is "outside", never "exists"', function () {
    const outsideDir = tmpDir('occtx-out-');
    fs.writeFileSync(path.join(outsideDir, 'secret.md'), 'x');
    const ws = makeWorkspace({ 'MEMORY.md': '- Secret → memories/secret.md\n- Dir → linked/secret.md\n' });
    fs.mkdirSync(path.join(ws, 'memories'));
    fs.symlinkSync(path.join(outsideDir, 'secret.md'), path.join(ws, 'memories', 'secret.md'));
    fs.symlinkSync(outsideDir, path.join(ws, 'linked'));
    const ps = lintWorkspace(ws).filter((p) => p.file === 'MEMORY.md');
    assert.deepEqual(
      ps.map((p) => [p.code, p.line]),
      [
        ['pointer-outside', 0],
        ['pointer-outside', 1],
      ],
    );
  });

  it('a directory named MEMORY.md and a 20 MB MEMORY.md are file-unreadable errors, not exceptions', function () {
    const dirWs = makeWorkspace({ 'AGENTS.md': '# a\n' });
    fs.mkdirSync(path.join(dirWs, 'MEMORY.md'));
    const a = lintWorkspace(dirWs);
    assert.deepEqual(
      a.map((p) => [p.file, p.code, p.severity]),
      [['MEMORY.md', 'file-unreadable', 'error']],
    );
    const bigWs = makeWorkspace({ 'MEMORY.md': Buffer.alloc(20 * 1024 * 1024, 0x61) });
    const b = lintWorkspace(bigWs);
    assert.deepEqual(
      b.map((p) => [p.file, p.code]),
      [['MEMORY.md', 'file-unreadable']],
    );
    assert.match(b[0]!.message, /more than/);
  });

  it('NUL bytes and CRLF: positions still land on the right text', function () {
    const text = '# M\r\n- a\u0000b → memories/gone.md\r\n' + 'y'.repeat(160) + '\r\n';
    const ws = makeWorkspace({ 'MEMORY.md': text });
    const ps = lintWorkspace(ws).filter((p) => p.file === 'MEMORY.md');
    assert.deepEqual(codes(ps), ['pointer-missing', 'line-too-long']);
    assert.equal(covered(text, ps[0]!), 'memories/gone.md');
    assert.equal(covered(text, ps[1]!), 'y'.repeat(10));
    assert.equal(applyEdits(text, ps[0]!.fix!.edits), '# M\r\n' + 'y'.repeat(160) + '\r\n');
  });
});

describe('memory lint: errors.md baseline store', function () {
  it('round-trips the text in a file named by the SHA-256 of the workspace path', function () {
    const dir = path.join(tmpDir(), 'context', 'memory');
    const store = new ErrorsBaselineStore(dir);
    const ws = makeWorkspace({});
    assert.equal(store.get(ws), undefined);
    store.set(ws, 'a\nb\n');
    assert.equal(store.get(ws), 'a\nb\n');
    const hash = createHash('sha256').update(fs.realpathSync(ws)).digest('hex');
    assert.equal(path.basename(store.fileFor(ws)), `errors-baseline-${hash}.json`);
    assert.deepEqual(fs.readdirSync(dir), [`errors-baseline-${hash}.json`]);
    const other = makeWorkspace({});
    assert.equal(store.get(other), undefined);
    fs.writeFileSync(store.fileFor(ws), '{not json');
    assert.equal(store.get(ws), undefined);
    store.clear(ws);
    assert.equal(fs.existsSync(store.fileFor(ws)), false);
  });

  it('lintWorkspace records the baseline when asked, flags a later edit and keeps the old baseline', function () {
    const store = new ErrorsBaselineStore(path.join(tmpDir(), 'ctx'));
    const ws = makeWorkspace({ 'MEMORY.md': '- Errors → memories/errors.md\n', 'memories/errors.md': '- one\n' });
    assert.deepEqual(lintWorkspace(ws, { baselineStore: store, updateBaseline: true }), []);
    assert.equal(store.get(ws), '- one\n');
    fs.appendFileSync(path.join(ws, 'memories', 'errors.md'), '- two\n');
    assert.deepEqual(lintWorkspace(ws, { baselineStore: store, updateBaseline: true }), []);
    assert.equal(store.get(ws), '- one\n- two\n');
    fs.writeFileSync(path.join(ws, 'memories', 'errors.md'), '- two\n');
    const ps = lintWorkspace(ws, { baselineStore: store, updateBaseline: true });
    assert.deepEqual(codes(ps), ['errors-not-append-only']);
    assert.equal(store.get(ws), '- one\n- two\n', 'a failing file does not become the baseline');
    assert.deepEqual(codes(lintWorkspace(ws, { errorsBaseline: '- two\n' })), []);
  });
});
