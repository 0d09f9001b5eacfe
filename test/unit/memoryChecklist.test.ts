/**
 * seed 000's append-only errors.md writer (src/core/memory/errorsLog.ts) and the memory part of its
 * deployment checklist (src/core/memory/checklist.ts): each check passing and failing, Git ignore status
 * through git and through the .gitignore fallback (compared with real `git check-ignore`), hostile inputs.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isIgnored, memoryChecklist, parseGitignore, type ChecklistItem } from '../../src/core/memory/checklist';
import { appendEngineError, formatErrorLine, MAX_ERROR_LINE_CHARS, sanitizeKind } from '../../src/core/memory/errorsLog';
import { ErrorsBaselineStore } from '../../src/core/memory/lint/errorsBaseline';
import { lintWorkspace } from '../../src/core/memory/lint/lintWorkspace';
import { copyWorkspace, DEMO_WS, makeWorkspace, REAL_WS } from './support/workspaces';
import { tmpDir } from './helpers';

const AT = new Date('2026-11-21T10:15:30.123Z');
const read = (ws: string, rel: string) => fs.readFileSync(path.join(ws, rel), 'utf8');
const hasGit = !spawnSync('git', ['--version']).error;
const git = (cwd: string, ...args: string[]) => spawnSync('git', args, { cwd, encoding: 'utf8' });

function item(items: ChecklistItem[], id: string): ChecklistItem {
  const i = items.find((x) => x.id === id);
  assert.ok(i, `no item ${id} in ${items.map((x) => x.id).join(', ')}`);
  return i;
}

const MEMORIES = { 'memories/project.md': '', 'memories/decisions.md': '', 'memories/errors.md': '', 'memories/context.md': '' };

describe('memory errors log: line format', function () {
  it('one line: ISO UTC seconds, [kind], the message without control characters', function () {
    assert.equal(formatErrorLine({ kind: 'breaker', message: 'L2 compaction failed\n3 times\u0000 in a row\r\n', at: AT }), '- 2026-11-21T10:15:30Z [breaker] L2 compaction failed 3 times in a row');
    assert.equal(formatErrorLine({ kind: 'missing-path', message: '  ', at: AT }), '- 2026-11-21T10:15:30Z [missing-path] (no message)');
    assert.equal(sanitizeKind('Missing Path!'), 'missing-path');
    assert.equal(sanitizeKind('[x]\n- forged'), 'x-forged');
    assert.equal(sanitizeKind(''), 'error');
    assert.equal(sanitizeKind('k'.repeat(50)).length, 32);
  });

  it('caps the line at 200 characters with an ellipsis, without splitting a surrogate pair', function () {
    const line = formatErrorLine({ kind: 'permission', message: '😀'.repeat(300), at: AT });
    assert.equal(Array.from(line).length, MAX_ERROR_LINE_CHARS);
    assert.ok(line.endsWith('😀…'));
    assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])/.test(line), 'no lone high surrogate');
  });
});

describe('memory errors log: appendEngineError', function () {
  it('creates the file with a heading, then appends newest last without touching earlier text', function () {
    const ws = makeWorkspace({});
    const a = appendEngineError(ws, { kind: 'permission', message: 'rm denied in /srv', at: AT });
    assert.equal(a.written, true);
    const first = read(ws, 'memories/errors.md');
    assert.equal(first, '# Errors — append-only log, newest last (memories/errors.md)\n\n- 2026-11-21T10:15:30Z [permission] rm denied in /srv\n');
    const b = appendEngineError(ws, { kind: 'breaker', message: 'stopped after 3 failures', at: new Date('2026-11-21T11:00:00Z') });
    assert.equal(b.written, true);
    const second = read(ws, 'memories/errors.md');
    assert.ok(second.startsWith(first));
    assert.equal(second.slice(first.length), '- 2026-11-21T11:00:00Z [breaker] stopped after 3 failures\n');
  });

  it('a message cannot forge a second entry', function () {
    const ws = makeWorkspace({ 'memories/errors.md': '- old\n' });
    appendEngineError(ws, { kind: 'x', message: 'real\n- 2020-01-01T00:00:00Z [fake] forged\u2028also', at: AT });
    const lines = read(ws, 'memories/errors.md').split('\n').filter(Boolean);
    assert.equal(lines.length, 2);
    assert.equal(lines[1], '- 2026-11-21T10:15:30Z [x] real - 2020-01-01T00:00:00Z [fake] forged also');
  });

  it('adds the missing final newline of the file before the entry; keeps the errors.md baseline valid', function () {
    const store = new ErrorsBaselineStore(path.join(tmpDir(), 'ctx'));
    const ws = makeWorkspace({ 'memories/errors.md': '- old entry', 'MEMORY.md': '- Errors → memories/errors.md\n' });
    assert.deepEqual(lintWorkspace(ws, { baselineStore: store, updateBaseline: true }), []);
    appendEngineError(ws, { kind: 'missing-path', message: 'notes/gone.md', at: AT });
    assert.equal(read(ws, 'memories/errors.md'), '- old entry\n- 2026-11-21T10:15:30Z [missing-path] notes/gone.md\n');
    assert.deepEqual(lintWorkspace(ws, { baselineStore: store }), []);
  });

  it('never throws: read-only, a directory named errors.md, memories/ linked outside', function () {
    const ro = makeWorkspace({ 'memories/errors.md': '- a\n' });
    const r1 = appendEngineError(ro, { kind: 'x', message: 'm', at: AT }, { readOnly: true });
    assert.deepEqual([r1.written, r1.code], [false, 'readonly']);
    assert.equal(r1.line, '- 2026-11-21T10:15:30Z [x] m');
    assert.equal(read(ro, 'memories/errors.md'), '- a\n');

    const dir = makeWorkspace({});
    fs.mkdirSync(path.join(dir, 'memories', 'errors.md'), { recursive: true });
    const r2 = appendEngineError(dir, { kind: 'x', message: 'm', at: AT });
    assert.deepEqual([r2.written, r2.code], [false, 'not-a-file']);

    const out = tmpDir('occtx-err-out-');
    const linked = makeWorkspace({});
    fs.symlinkSync(out, path.join(linked, 'memories'));
    const r3 = appendEngineError(linked, { kind: 'x', message: 'm', at: AT });
    assert.deepEqual([r3.written, r3.code], [false, 'outside']);
    assert.deepEqual(fs.readdirSync(out), []);
  });
});

describe('memory checklist: items', function () {
  it('on copies of the real and demo workspaces: MEMORY.md fine, memories/ files missing (advice), rules absent', function () {
    for (const src of [REAL_WS, DEMO_WS]) {
      const ws = copyWorkspace(src);
      const items = memoryChecklist(ws, { useGit: false });
      assert.deepEqual(
        items.map((i) => i.id),
        ['memory-index', 'memories-files', 'errors-append-only', 'memories-gitignored', 'static-before-dynamic', 'memory-rules-static', 'bootstrap-within-caps'],
      );
      assert.equal(item(items, 'memory-index').ok, true);
      const files = item(items, 'memories-files');
      // the recommended layout is advice: a healthy OpenClaw install without it fails nothing
      assert.deepEqual([files.ok, files.severity], [false, 'info']);
      assert.match(files.message, /^Advice: .*memories\/project\.md, memories\/decisions\.md, memories\/errors\.md, memories\/context\.md/);
      assert.match(files.fix!, /create/);
      assert.deepEqual(items.filter((i) => !i.ok && i.severity !== 'info'), []);
      assert.equal(item(items, 'errors-append-only').ok, true);
      assert.equal(item(items, 'static-before-dynamic').ok, true);
      assert.deepEqual([item(items, 'memory-rules-static').ok, item(items, 'memory-rules-static').severity], [false, 'info']);
      assert.equal(item(items, 'bootstrap-within-caps').ok, true);
    }
  });

  it('memory-index: missing, over 800 tokens, a directory', function () {
    const missing = item(memoryChecklist(makeWorkspace({ ...MEMORIES }), { useGit: false }), 'memory-index');
    assert.deepEqual([missing.ok, missing.severity], [false, 'info']);
    assert.match(missing.message, /^Advice: no MEMORY\.md/);
    const big = Array.from({ length: 150 }, (_, i) => `- entry ${i} about one more topic → memories/project.md`).join('\n');
    const long = item(memoryChecklist(makeWorkspace({ 'MEMORY.md': big }), { useGit: false }), 'memory-index');
    assert.equal(long.ok, false);
    assert.match(long.message, /about \d[\d,]* tokens \(limit 800\)/);
    const dirWs = makeWorkspace({});
    fs.mkdirSync(path.join(dirWs, 'MEMORY.md'));
    const dir = item(memoryChecklist(dirWs, { useGit: false }), 'memory-index');
    assert.deepEqual([dir.ok, dir.severity], [false, 'error']);
    const fine = item(memoryChecklist(makeWorkspace({ 'MEMORY.md': '- p → memories/project.md\n' }), { useGit: false }), 'memory-index');
    assert.equal(fine.ok, true);
  });

  it('errors-append-only through the baseline store: recorded, then an edit fails', function () {
    const store = new ErrorsBaselineStore(path.join(tmpDir(), 'ctx'));
    const ws = makeWorkspace({ ...MEMORIES, 'memories/errors.md': '- one\n' });
    const first = item(memoryChecklist(ws, { useGit: false, baselineStore: store, updateBaseline: true }), 'errors-append-only');
    assert.equal(first.ok, true);
    assert.match(first.message, /recorded now/);
    assert.equal(store.get(ws), '- one\n');
    fs.appendFileSync(path.join(ws, 'memories', 'errors.md'), '- two\n');
    assert.equal(item(memoryChecklist(ws, { useGit: false, baselineStore: store, updateBaseline: true }), 'errors-append-only').ok, true);
    fs.writeFileSync(path.join(ws, 'memories', 'errors.md'), '- rewritten\n');
    const bad = item(memoryChecklist(ws, { useGit: false, baselineStore: store, updateBaseline: true }), 'errors-append-only');
    assert.deepEqual([bad.ok, bad.severity], [false, 'error']);
    assert.equal(store.get(ws), '- one\n- two\n');
  });

  it('static-before-dynamic: timestamps or a "Dynamic" section in static files fail; HEARTBEAT.md may change', function () {
    const base = { ...MEMORIES, 'MEMORY.md': '- p → memories/project.md\n' };
    assert.equal(item(memoryChecklist(makeWorkspace({ ...base, 'HEARTBEAT.md': 'Last run: 2026-11-21T10:00:00Z\n' }), { useGit: false }), 'static-before-dynamic').ok, true);
    const stamp = item(memoryChecklist(makeWorkspace({ ...base, 'MEMORY.md': 'Updated: 2026-11-21 10:00\n- p → memories/project.md\n' }), { useGit: false }), 'static-before-dynamic');
    assert.equal(stamp.ok, false);
    assert.match(stamp.message, /MEMORY\.md:1/);
    const dyn = item(memoryChecklist(makeWorkspace({ ...base, 'AGENTS.md': '# Rules\n\nBe nice.\n\n## Dynamic context\n\nCurrent task: x\n' }), { useGit: false }), 'static-before-dynamic');
    assert.equal(dyn.ok, false);
    assert.match(dyn.message, /AGENTS\.md:5/);
  });

  it('memory-rules-static: the Step 2 snippet in AGENTS.md passes, only in HEARTBEAT.md fails', function () {
    const rules = '## Memory Integrity Rules\n1. MEMORY.md is a hint, not ground truth.\n';
    assert.equal(item(memoryChecklist(makeWorkspace({ 'AGENTS.md': rules }), { useGit: false }), 'memory-rules-static').ok, true);
    assert.equal(item(memoryChecklist(makeWorkspace({ 'AGENTS.md': '## 记忆完整性规则\n' }), { useGit: false }), 'memory-rules-static').ok, true);
    const hb = item(memoryChecklist(makeWorkspace({ 'HEARTBEAT.md': rules }), { useGit: false }), 'memory-rules-static');
    assert.deepEqual([hb.ok, hb.severity], [false, 'warning']);
  });

  it('bootstrap-within-caps fails for a file over its cap', function () {
    const i = item(memoryChecklist(makeWorkspace({ 'AGENTS.md': 'a'.repeat(21_000) }), { useGit: false }), 'bootstrap-within-caps');
    assert.equal(i.ok, false);
    assert.match(i.message, /cuts 3,000 chars/);
  });

  it('a missing workspace is one error item, not an exception', function () {
    const items = memoryChecklist(path.join(tmpDir(), 'missing'));
    assert.deepEqual(
      items.map((i) => [i.id, i.ok, i.severity]),
      [['workspace', false, 'error']],
    );
  });
});

describe('memory checklist: memories/ ignored by Git', function () {
  function repoWithWorkspace(gitignore: Record<string, string>): { repo: string; ws: string } {
    const repo = tmpDir('occtx-git-');
    const ws = path.join(repo, 'agent', 'workspace');
    fs.mkdirSync(path.join(ws, 'memories'), { recursive: true });
    for (const [rel, text] of Object.entries({ ...MEMORIES })) fs.writeFileSync(path.join(ws, rel), text);
    for (const [rel, text] of Object.entries(gitignore)) fs.writeFileSync(path.join(repo, rel), text);
    if (hasGit) git(repo, 'init', '-q');
    else fs.mkdirSync(path.join(repo, '.git', 'info'), { recursive: true });
    return { repo, ws };
  }

  it('not a Git repository: passes', function () {
    const ws = makeWorkspace({ ...MEMORIES });
    const i = item(memoryChecklist(ws), 'memories-gitignored');
    // (a temp dir is not inside a repository on any sane machine)
    assert.equal(i.ok, true);
    assert.match(i.message, /not in a Git repository/);
  });

  const cases: Array<[string, Record<string, string>, boolean]> = [
    ['no .gitignore', {}, false],
    ['memories/ in the workspace .gitignore', { 'agent/workspace/.gitignore': 'memories/\n' }, true],
    ['memories/* (contents ignored)', { 'agent/workspace/.gitignore': 'memories/*\n' }, true],
    ['memories/*.md then re-including one file', { 'agent/workspace/.gitignore': 'memories/*.md\n!memories/errors.md\n' }, false],
    ['anchored path in the root .gitignore', { '.gitignore': '/agent/workspace/memories\n' }, true],
    ['**/memories/', { '.gitignore': '# private\n**/memories/\n' }, true],
    ['the whole agent folder', { '.gitignore': 'agent/\n' }, true],
    ['re-including under an ignored folder does not work', { '.gitignore': 'agent/\n!agent/workspace/memories/\n' }, true],
    ['negated after ignoring', { '.gitignore': 'memories\n!memories\n' }, false],
    ['a different folder', { '.gitignore': 'memory/\nmemories.md\n' }, false],
    ['.git/info/exclude', { '.git/info/exclude': 'memories/\n' }, true],
    ['an anchored pattern relative to a nested .gitignore', { 'agent/.gitignore': '/memories/\n' }, false],
    ['character class and ?', { '.gitignore': 'agent/*/memor[i]e?/\n' }, true],
  ];
  for (const [label, ignore, expected] of cases) {
    it(`${label}: ${expected ? 'ignored' : 'not ignored'} (git, and the fallback matcher agrees)`, function () {
      const { ws, repo } = repoWithWorkspace({});
      for (const [rel, text] of Object.entries(ignore)) {
        fs.mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true });
        fs.writeFileSync(path.join(repo, rel), text);
      }
      const fallback = item(memoryChecklist(ws, { useGit: false }), 'memories-gitignored');
      assert.equal(fallback.ok, expected, `fallback: ${fallback.message}`);
      assert.match(fallback.message, /\.gitignore files/);
      const missingGit = item(memoryChecklist(ws, { gitBinary: path.join(tmpDir(), 'no-such-git') }), 'memories-gitignored');
      assert.equal(missingGit.ok, expected, 'git missing → fallback');
      if (!hasGit) return;
      const viaGit = item(memoryChecklist(ws), 'memories-gitignored');
      assert.equal(viaGit.ok, expected, `git: ${viaGit.message}`);
      assert.match(viaGit.message, /git check-ignore|not ignored by Git \(checked with git/);
      // the real git agrees on the folder question the fallback answers
      const real = git(ws, 'check-ignore', '-q', '--', 'memories/').status === 0 || ['project', 'decisions', 'errors', 'context'].every((f) => git(ws, 'check-ignore', '-q', '--', `memories/${f}.md`).status === 0);
      assert.equal(real, expected, 'git check-ignore itself');
    });
  }

  it("a workspace that is a Git repository (as OpenClaw's setup makes it) without memories/: advice, never a warning", function () {
    // the third real dataset: `openclaw setup` runs `git init` in every agent workspace; no memories/ there
    const { ws } = repoWithWorkspace({});
    fs.rmSync(path.join(ws, 'memories'), { recursive: true });
    for (const opts of [{ useGit: false }, {}]) {
      const i = item(memoryChecklist(ws, opts), 'memories-gitignored');
      assert.deepEqual([i.ok, i.severity], [false, 'info'], i.message);
      assert.match(i.message, /memories\/ does not exist/);
      assert.match(i.fix!, /\.gitignore/);
    }
    fs.mkdirSync(path.join(ws, 'memories'));
    const made = item(memoryChecklist(ws, { useGit: false }), 'memories-gitignored');
    assert.deepEqual([made.ok, made.severity], [false, 'warning'], 'once memories/ exists, not ignored is a warning again');
  });

  it('files already tracked by Git fail even when ignored afterwards', function () {
    if (!hasGit) this.skip();
    const { ws, repo } = repoWithWorkspace({});
    git(repo, 'add', 'agent/workspace/memories/project.md');
    fs.writeFileSync(path.join(ws, '.gitignore'), 'memories/\n');
    const i = item(memoryChecklist(ws), 'memories-gitignored');
    assert.equal(i.ok, false);
    assert.match(i.message, /tracked by Git \(memories\/project\.md\)/);
    assert.match(i.fix!, /git rm -r --cached memories/);
  });

  it('the matcher on its own: folder rules, file rules, anchoring to the ignore file folder', function () {
    const rules = [...parseGitignore('*.log\nbuild/\n/top-only\n', ''), ...parseGitignore('secret.md\n', 'a')];
    assert.equal(isIgnored('x/y/z.log', rules, false), true);
    assert.equal(isIgnored('x/build', rules, true), true);
    assert.equal(isIgnored('x/build', rules, false), false, 'build/ matches folders only');
    assert.equal(isIgnored('x/build/file.txt', rules, false), true, 'inside an ignored folder');
    assert.equal(isIgnored('top-only', rules, true), true);
    assert.equal(isIgnored('x/top-only', rules, true), false);
    assert.equal(isIgnored('a/b/secret.md', rules, false), true);
    assert.equal(isIgnored('b/secret.md', rules, false), false, 'rules of a/.gitignore stay under a/');
  });
});
