/**
 * "Remember this" (src/core/memory/remember.ts, seed 004 commit_memory): routing by type, the exact dated
 * text appended, validation, the MEMORY.md pointer it adds (within the lint rules), preview-then-write
 * with expectedBefore, read-only, and hostile targets. Writes happen only in temp copies.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MemoryWriteError } from '../../src/core/memory/fsSafe';
import { lintWorkspace } from '../../src/core/memory/lint/lintWorkspace';
import { applyRemember, MAX_REMEMBER_CHARS, planRemember, RememberError, type RememberInput } from '../../src/core/memory/remember';
import { copyWorkspace, makeWorkspace, REAL_WS } from './support/workspaces';
import { tmpDir } from './helpers';

const NOW = new Date('2026-11-21T10:15:30Z');
const opts = { now: NOW, timeZone: 'UTC' };
const read = (ws: string, rel: string) => fs.readFileSync(path.join(ws, rel), 'utf8');

function rememberError(fn: () => unknown): RememberError {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof RememberError, `expected a RememberError, got ${String(e)}`);
    return e;
  }
  assert.fail('no error thrown');
}

describe('memory remember: routing and the text appended', function () {
  const cases: Array<[RememberInput, string, string]> = [
    [{ content: 'Chose SQLite over JSONL because of concurrent readers', type: 'decision' }, 'memories/decisions.md', '- 2026-11-21 Chose SQLite over JSONL because of concurrent readers\n'],
    [{ content: 'Project X is on hold', type: 'project', priority: 'high' }, 'memories/project.md', '- 2026-11-21 [high] Project X is on hold\n'],
    [{ content: 'Stack: TypeScript + VS Code API', type: 'fact', category: 'stack' }, 'memories/project.md', '- 2026-11-21 (stack) Stack: TypeScript + VS Code API\n'],
    [{ content: 'Refactor the gauge', type: 'task', priority: 1 }, 'memories/context.md', '- 2026-11-21 [low] Refactor the gauge\n'],
    [{ content: 'Never run rm -rf in /srv', type: 'error', category: 'permission' }, 'memories/errors.md', '- 2026-11-21T10:15:30Z [permission] Never run rm -rf in /srv\n'],
    [{ content: 'Met Alice about the launch', type: 'event' }, 'memory/2026-11-21.md', '- 10:15 Met Alice about the launch\n'],
    [{ content: 'Something to keep' }, 'memory/2026-11-21.md', '- 10:15 Something to keep\n'],
  ];
  for (const [input, target, entry] of cases) {
    it(`${input.type ?? '(no type)'} → ${target}`, function () {
      const ws = makeWorkspace({ [target]: '# existing\n' });
      const plan = planRemember(input, ws, opts);
      assert.equal(plan.targetRel, target);
      assert.equal(plan.addition, entry);
      assert.equal(plan.before, '# existing\n');
      assert.equal(plan.after, '# existing\n' + entry);
      assert.equal(plan.created, false);
    });
  }

  it('a category that names a type routes when the type is missing', function () {
    const plan = planRemember({ content: 'Use pnpm', category: 'decision' }, makeWorkspace({}), opts);
    assert.equal(plan.targetRel, 'memories/decisions.md');
    assert.equal(plan.input.type, 'decision');
  });

  it('preferences go to USER.md in OpenClaw\'s directive format (observed comment, then the item)', function () {
    const ws = copyWorkspace(REAL_WS);
    const before = read(ws, 'USER.md');
    const plan = planRemember({ content: 'Prefer dark mode in every UI', type: 'preference' }, ws, opts);
    assert.equal(plan.targetRel, 'USER.md');
    assert.equal(plan.addition, '\n<!-- observed: 2026-11-21 | status: active -->\n\n- Prefer dark mode in every UI\n');
    assert.equal(plan.before, before);
    assert.equal(plan.index, undefined);
    assert.ok(plan.warnings.some((w) => /superseded/.test(w)));
    assert.ok(!plan.warnings.some((w) => /imperative/.test(w)));
    assert.ok(planRemember({ content: 'I like dark mode', type: 'preference' }, ws, opts).warnings.some((w) => /imperative/.test(w)));
    applyRemember(plan, ws);
    assert.equal(read(ws, 'USER.md'), before + plan.addition);
    // the observed date is in a comment: no prompt-cache warning for USER.md
    assert.deepEqual(
      lintWorkspace(ws).filter((p) => p.file === 'USER.md'),
      [],
    );
  });

  it('a new file gets a heading; a file without a final newline gets one before the entry', function () {
    const ws = makeWorkspace({ 'memories/project.md': '# Project\n- old' });
    const plan = planRemember({ content: 'new fact', type: 'project' }, ws, opts);
    assert.equal(plan.after, '# Project\n- old\n- 2026-11-21 new fact\n');
    const fresh = planRemember({ content: 'why we chose X', type: 'decision' }, ws, opts);
    assert.equal(fresh.created, true);
    assert.equal(fresh.addition, '# Decisions — why, not what\n\n- 2026-11-21 why we chose X\n');
    const daily = planRemember({ content: 'note', type: 'note' }, ws, opts);
    assert.equal(daily.addition, '# 2026-11-21\n\n- 10:15 note\n');
  });

  it('multi-line content stays one list item; control characters and NUL are removed', function () {
    const plan = planRemember({ content: '  First line\r\nsecond\u0000 line\n\n\n\tthird\u0007\n', type: 'decision' }, makeWorkspace({}), opts);
    assert.equal(plan.addition, '# Decisions — why, not what\n\n- 2026-11-21 First line\n  second line\n\n  third\n');
    const err = planRemember({ content: 'line one\nline two', type: 'error' }, makeWorkspace({}), opts);
    assert.match(err.addition, /\[agent\] line one line two\n$/);
    assert.ok(err.warnings.some((w) => /line breaks/.test(w)));
  });

  it('dates follow the time zone', function () {
    const plan = planRemember({ content: 'late note' }, makeWorkspace({}), { now: new Date('2026-01-03T02:00:00Z'), timeZone: 'America/New_York' });
    assert.equal(plan.targetRel, 'memory/2026-01-02.md');
    assert.match(plan.addition, /- 21:00 late note/);
    const cfg = planRemember({ content: 'x', type: 'decision' }, makeWorkspace({}), { now: new Date('2026-01-03T02:00:00Z'), config: { agents: { defaults: { userTimezone: 'Asia/Tokyo' } } } });
    assert.match(cfg.addition, /- 2026-01-03 x/);
  });

  it('warns about duplicates and secrets', function () {
    const ws = makeWorkspace({ 'memories/project.md': '- 2026-01-01 Deploys   go via staging\n' });
    assert.ok(planRemember({ content: 'deploys go via STAGING', type: 'project' }, ws, opts).warnings.some((w) => /already contains/.test(w)));
    assert.ok(planRemember({ content: 'api_key: sk-abcdefghijklmnopqrstuvwx', type: 'project' }, ws, opts).warnings.some((w) => /secret/.test(w)));
    assert.ok(!planRemember({ content: 'A new fact', type: 'project' }, ws, opts).warnings.some((w) => /secret|already/.test(w)));
  });

  it('a secret is detected by the memory redactor\'s shapes (a JWT, a URL password too), and the warning says it is written as typed (the CLI\'s printed preview hides it)', function () {
    const ws = makeWorkspace({});
    for (const content of ['login with eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U', 'db is postgres://admin:hunter2passXYZ@db.example.com/prod']) {
      const plan = planRemember({ content, type: 'project' }, ws, opts);
      assert.ok(plan.warnings.some((w) => /secret/.test(w) && /written as you typed it/.test(w)), `${content}: ${plan.warnings.join(' | ')}`);
      assert.ok(plan.addition.includes(content.split(' ').pop()!), 'written as given');
    }
  });
});

describe('memory remember: validation', function () {
  const ws = () => makeWorkspace({});
  it('empty, white space only, non-string and oversized content', function () {
    assert.equal(rememberError(() => planRemember({ content: '' }, ws(), opts)).code, 'empty');
    assert.equal(rememberError(() => planRemember({ content: ' \n\t\u0000 ' }, ws(), opts)).code, 'empty');
    assert.equal(rememberError(() => planRemember({ content: 42 as unknown as string }, ws(), opts)).code, 'empty');
    assert.doesNotThrow(() => planRemember({ content: 'x'.repeat(MAX_REMEMBER_CHARS) }, ws(), opts));
    const big = rememberError(() => planRemember({ content: 'x'.repeat(MAX_REMEMBER_CHARS + 1) }, ws(), opts));
    assert.equal(big.code, 'too-long');
    assert.match(big.message, /1001 chars.*at most 1000/);
  });

  it('unknown type, bad priority, bad category', function () {
    const t = rememberError(() => planRemember({ content: 'x', type: 'secretz' }, ws(), opts));
    assert.equal(t.code, 'unknown-type');
    assert.match(t.message, /Unknown memory type "secretz".*decision/);
    for (const p of [0, 6, 2.5, 'extreme']) assert.equal(rememberError(() => planRemember({ content: 'x', priority: p }, ws(), opts)).code, 'bad-priority', String(p));
    assert.equal(planRemember({ content: 'x', priority: '5' }, ws(), opts).input.priority, 'high');
    assert.equal(planRemember({ content: 'x', priority: 'Medium' }, ws(), opts).input.priority, 'normal');
    assert.equal(rememberError(() => planRemember({ content: 'x', category: 'a'.repeat(41) }, ws(), opts)).code, 'bad-category');
    assert.equal(rememberError(() => planRemember({ content: 'x', category: 'a](evil)' }, ws(), opts)).code, 'bad-category');
  });
});

describe('memory remember: MEMORY.md pointer', function () {
  it('adds one pointer line to a memories/ file MEMORY.md does not index yet, and only once', function () {
    const ws = copyWorkspace(REAL_WS);
    const memBefore = read(ws, 'MEMORY.md');
    const plan = planRemember({ content: 'Chose SQLite', type: 'decision' }, ws, opts);
    assert.deepEqual(plan.index, {
      targetRel: 'MEMORY.md',
      addition: '- Decisions (why, not what) → memories/decisions.md\n',
      before: memBefore,
      after: memBefore + '- Decisions (why, not what) → memories/decisions.md\n',
      created: false,
    });
    const res = applyRemember(plan, ws);
    assert.equal(res.indexError, undefined);
    assert.equal(read(ws, 'memories/decisions.md'), plan.after);
    assert.equal(read(ws, 'MEMORY.md'), plan.index!.after);
    // the index now points there: no second pointer
    assert.equal(planRemember({ content: 'Chose ESM', type: 'decision' }, ws, opts).index, undefined);
    // and the result passes the linter's rules for MEMORY.md
    assert.deepEqual(
      lintWorkspace(ws).filter((p) => p.file === 'MEMORY.md' && p.severity !== 'info'),
      [],
    );
  });

  it('recognises an existing pointer in any form, and uses memory.md when that is the index', function () {
    const ws = makeWorkspace({ 'memory.md': '- see [decisions](./memories/decisions.md)\n' });
    assert.equal(planRemember({ content: 'x', type: 'decision' }, ws, opts).index, undefined);
    const plan = planRemember({ content: 'x', type: 'project' }, ws, opts);
    assert.equal(plan.index!.targetRel, 'memory.md');
  });

  it('creates MEMORY.md when there is none; skips the pointer when MEMORY.md would pass 800 tokens', function () {
    const none = planRemember({ content: 'x', type: 'error' }, makeWorkspace({}), opts);
    assert.equal(none.index!.addition, '# MEMORY.md\n\n- Errors to avoid (append-only) → memories/errors.md\n');
    assert.equal(none.index!.created, true);
    const full = Array.from({ length: 200 }, (_, i) => `- entry ${i} about something → memories/project.md`).join('\n') + '\n';
    const ws = makeWorkspace({ 'MEMORY.md': full });
    const plan = planRemember({ content: 'x', type: 'decision' }, ws, opts);
    assert.equal(plan.index, undefined);
    assert.ok(plan.warnings.some((w) => /800/.test(w)));
  });

  it('MEMORY.md as a directory: the entry is planned, the pointer skipped with a warning', function () {
    const ws = makeWorkspace({});
    fs.mkdirSync(path.join(ws, 'MEMORY.md'));
    const plan = planRemember({ content: 'x', type: 'decision' }, ws, opts);
    assert.equal(plan.index, undefined);
    assert.ok(plan.warnings.some((w) => /MEMORY\.md cannot be read/.test(w)));
  });
});

describe('memory remember: writing', function () {
  it('refuses when the file changed after the preview, and writes nothing', function () {
    const ws = makeWorkspace({ 'memories/project.md': '- a\n', 'MEMORY.md': '- p → memories/project.md\n' });
    const plan = planRemember({ content: 'b', type: 'project' }, ws, opts);
    fs.appendFileSync(path.join(ws, 'memories', 'project.md'), '- edited meanwhile\n');
    assert.throws(
      () => applyRemember(plan, ws),
      (e: unknown) => e instanceof MemoryWriteError && e.code === 'changed',
    );
    assert.equal(read(ws, 'memories/project.md'), '- a\n- edited meanwhile\n');
  });

  it('read-only: refused, nothing written', function () {
    const ws = makeWorkspace({});
    const plan = planRemember({ content: 'b', type: 'project' }, ws, opts);
    assert.throws(
      () => applyRemember(plan, ws, { readOnly: true }),
      (e: unknown) => e instanceof MemoryWriteError && e.code === 'readonly',
    );
    assert.deepEqual(fs.readdirSync(ws), []);
  });

  it('the pointer failing after the entry was written comes back as indexError', function () {
    const ws = makeWorkspace({ 'MEMORY.md': '# M\n' });
    const plan = planRemember({ content: 'b', type: 'project' }, ws, opts);
    fs.appendFileSync(path.join(ws, 'MEMORY.md'), '- changed\n');
    const res = applyRemember(plan, ws);
    assert.match(res.indexError!, /changed since the preview; nothing was written\. Re-plan/);
    assert.equal(read(ws, 'memories/project.md'), plan.after);
    assert.equal(read(ws, 'MEMORY.md'), '# M\n- changed\n');
  });

  it('hostile targets: memories/ linked out of the workspace, a directory named decisions.md', function () {
    const out = tmpDir('occtx-rem-out-');
    const ws = makeWorkspace({});
    fs.symlinkSync(out, path.join(ws, 'memories'));
    const e = rememberError(() => planRemember({ content: 'x', type: 'decision' }, ws, opts));
    assert.equal(e.code, 'unreadable');
    assert.match(e.message, /outside the workspace/);
    assert.deepEqual(fs.readdirSync(out), []);

    const ws2 = makeWorkspace({});
    fs.mkdirSync(path.join(ws2, 'memories', 'decisions.md'), { recursive: true });
    assert.equal(rememberError(() => planRemember({ content: 'x', type: 'decision' }, ws2, opts)).code, 'unreadable');
  });
});
