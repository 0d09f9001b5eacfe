/**
 * Workspace scan (src/core/memory/workspace/): OpenClaw's bootstrap files, order, caps and truncation
 * (reference §3), memories/ files, daily logs and their startup preload, DREAMS.md — on the real fixture
 * workspace, the demo workspace and hostile workspaces (directory named MEMORY.md, 20 MB file, NUL bytes,
 * CRLF, symlink out of the workspace, FIFO).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { estimateTokens } from '../../src/core/tokens/estimator';
import { bootstrapCaps, planBootstrapInjection, truncateBootstrap } from '../../src/core/memory/workspace/bootstrap';
import { dateStamp, shiftStamp, startupContextSettings, userTimeZone } from '../../src/core/memory/workspace/dates';
import { scanWorkspace } from '../../src/core/memory/workspace/scan';
import { fixturePath, tmpDir } from './helpers';
import { copyWorkspace, DEMO_WS, makeWorkspace, REAL_WS } from './support/workspaces';

const ORDER = ['AGENTS.md', 'SOUL.md', 'TOOLS.md', 'IDENTITY.md', 'USER.md', 'HEARTBEAT.md', 'BOOTSTRAP.md', 'MEMORY.md'];

describe('memory workspace: truncateBootstrap (OpenClaw trimBootstrapContent)', function () {
  it('keeps a file within the cap as is, minus trailing white space', function () {
    const r = truncateBootstrap('# A\n\nbody  \n\n\n', 100, 'A.md');
    assert.deepEqual({ text: r.text, truncated: r.truncated, cutChars: r.cutChars }, { text: '# A\n\nbody', truncated: false, cutChars: 0 });
    // exactly at the cap after trimEnd: not truncated
    const exact = 'x'.repeat(100) + '\n\n';
    assert.equal(truncateBootstrap(exact, 100).truncated, false);
    assert.equal(truncateBootstrap('x'.repeat(101), 100).truncated, true);
  });

  it('keeps floor(0.7·max) head + floor(0.2·max) tail around the two-line marker', function () {
    const r = truncateBootstrap('abcdefghijklmnop\n', 10, 'X.md');
    assert.equal(r.text, 'abcdefg\n\n[...truncated, read X.md for full content...]\n…(truncated X.md: kept 7+2 chars of 16)…\n\nop');
    assert.equal(r.truncated, true);
    assert.equal(r.cutChars, 7);
    assert.equal(r.originalChars, 16);
  });

  it('at the default cap: 14,000 + 4,000 of a 25,000-char file, 7,000 cut', function () {
    const text = Array.from({ length: 25_000 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    const r = truncateBootstrap(text, 20_000, 'AGENTS.md');
    assert.equal(r.cutChars, 7_000);
    assert.ok(r.text.startsWith(text.slice(0, 14_000) + '\n\n[...truncated, read AGENTS.md for full content...]\n'));
    assert.ok(r.text.endsWith(')…\n\n' + text.slice(-4_000)));
    assert.ok(r.text.includes('kept 14000+4000 chars of 25000'));
  });
});

describe('memory workspace: bootstrap budget (OpenClaw buildBootstrapContextFiles)', function () {
  const f = (name: string, content?: string) => (content === undefined ? { name, path: `/ws/${name}`, missing: true } : { name, path: `/ws/${name}`, content, missing: false });

  it('spends the total budget in load order, clamps with "…", and skips files once < 64 chars remain', function () {
    const caps = { maxChars: 1_000, totalMaxChars: 1_500 };
    const plan = planBootstrapInjection([f('A.md', 'a'.repeat(900)), f('B.md', 'b'.repeat(900)), f('C.md', 'c'.repeat(10))], caps);
    assert.equal(plan[0]!.text, 'a'.repeat(900));
    assert.equal(plan[0]!.truncated, false);
    // B gets the 600 chars left: truncated to a 600-char cap, then clamped to the budget
    assert.equal(plan[1]!.text.length, 600);
    assert.ok(plan[1]!.text.startsWith('b'.repeat(420) + '\n\n[...truncated, read B.md'));
    assert.equal(plan[1]!.truncated, true);
    assert.equal(plan[1]!.budgetClamped, true);
    assert.equal(plan[2]!.injected, false);
    assert.equal(plan[2]!.skipped, 'budget');
    assert.ok(plan.reduce((s, p) => s + p.text.length, 0) <= caps.totalMaxChars);
  });

  it('an existing file is skipped when fewer than 64 chars of budget remain, even if it would fit', function () {
    const plan = planBootstrapInjection([f('A.md', 'a'.repeat(937)), f('B.md', 'b')], { maxChars: 1_000, totalMaxChars: 1_000 });
    assert.equal(plan[1]!.injected, false);
    assert.equal(plan[1]!.skipped, 'budget');
    const roomy = planBootstrapInjection([f('A.md', 'a'.repeat(936)), f('B.md', 'b')], { maxChars: 1_000, totalMaxChars: 1_000 });
    assert.equal(roomy[1]!.text, 'b');
  });

  it('a missing file costs its [MISSING] marker; an empty file is not injected', function () {
    const plan = planBootstrapInjection([f('A.md'), f('B.md', '  \n\n'), f('C.md', 'c')], { maxChars: 100, totalMaxChars: 1000 });
    assert.equal(plan[0]!.text, '[MISSING] Expected at: /ws/A.md');
    assert.equal(plan[1]!.injected, false);
    assert.equal(plan[1]!.skipped, 'empty');
    assert.equal(plan[2]!.text, 'c');
  });

  it('the cut count and kept head/tail of a truncated file add up to its length', function () {
    const plan = planBootstrapInjection([f('A.md', 'x'.repeat(5_000))], { maxChars: 1_000, totalMaxChars: 150_000 });
    const p = plan[0]!;
    assert.deepEqual([p.headKept, p.tailKept, p.cutChars], [700, 200, 4_100]);
  });
});

describe('memory workspace: config keys', function () {
  it('reads agents.defaults.bootstrapMaxChars / bootstrapTotalMaxChars, agent entries first, defaults otherwise', function () {
    assert.deepEqual(bootstrapCaps(undefined), { maxChars: 20_000, totalMaxChars: 150_000 });
    const cfg = { agents: { defaults: { bootstrapMaxChars: 5_000, bootstrapTotalMaxChars: 9_000.7 }, list: [{ id: 'small', bootstrapMaxChars: 1_000 }] } };
    assert.deepEqual(bootstrapCaps(cfg), { maxChars: 5_000, totalMaxChars: 9_000 });
    assert.deepEqual(bootstrapCaps(cfg, 'small'), { maxChars: 1_000, totalMaxChars: 9_000 });
    assert.deepEqual(bootstrapCaps({ agents: { defaults: { bootstrapMaxChars: -3, bootstrapTotalMaxChars: '9000' } } }), { maxChars: 20_000, totalMaxChars: 150_000 });
  });

  it('startupContext: defaults, clamps and the user time zone', function () {
    const d = startupContextSettings(undefined);
    assert.equal(d.enabled, true);
    assert.equal(d.dailyMemoryDays, 2);
    assert.equal(d.maxFileBytes, 16_384);
    assert.equal(startupContextSettings({ agents: { defaults: { startupContext: { dailyMemoryDays: 99 } } } }).dailyMemoryDays, 14);
    assert.equal(userTimeZone({ agents: { defaults: { userTimezone: 'Asia/Tokyo' } } }), 'Asia/Tokyo');
    assert.notEqual(userTimeZone({ agents: { defaults: { userTimezone: 'Not/AZone' } } }), 'Not/AZone');
    assert.equal(dateStamp(new Date('2026-01-03T02:00:00Z'), 'America/New_York'), '2026-01-02');
    assert.equal(dateStamp(new Date('2026-01-03T02:00:00Z'), 'UTC'), '2026-01-03');
    assert.equal(shiftStamp('2026-03-01', 1), '2026-02-28');
  });
});

describe('memory workspace: scanWorkspace on the real and demo workspaces', function () {
  for (const [label, ws] of [
    ['real fixture', REAL_WS],
    ['demo', DEMO_WS],
  ] as const) {
    it(`${label}: bootstrap files in OpenClaw's order with sizes, markers and tokens`, function () {
      const scan = scanWorkspace(ws, { now: new Date('2026-11-22T12:00:00Z'), config: { agents: { defaults: { userTimezone: 'UTC' } } } });
      assert.equal(scan.exists, true);
      assert.deepEqual(
        scan.bootstrap.map((b) => b.name),
        ORDER,
      );
      for (const b of scan.bootstrap) {
        const file = path.join(ws, b.name);
        const onDisk = fs.existsSync(file);
        assert.equal(b.exists, onDisk, b.name);
        if (onDisk) {
          const text = fs.readFileSync(file, 'utf8');
          assert.equal(b.rawChars, text.length, b.name);
          assert.equal(b.injectedChars, text.trimEnd().length, b.name); // all well under 20,000
          assert.equal(b.truncated, false);
          assert.equal(b.injectedTokens, Math.round(estimateTokens(text.trimEnd())));
          assert.ok(b.injectedTokens > 0);
        } else if (b.name !== 'MEMORY.md') {
          assert.equal(b.missingMarker, true, b.name);
          assert.equal(b.injectedChars, `[MISSING] Expected at: ${path.join(ws, b.name)}`.length);
        }
      }
      assert.deepEqual(
        scan.bootstrap.filter((b) => !b.exists).map((b) => b.name),
        ['TOOLS.md', 'HEARTBEAT.md', 'BOOTSTRAP.md'],
      );
      assert.equal(scan.memoryFile, 'MEMORY.md');
      assert.equal(scan.bootstrap.find((b) => b.name === 'HEARTBEAT.md')!.dynamic, true);
      assert.deepEqual(
        [...scan.bootstrap].sort((a, b) => a.promptOrder - b.promptOrder).map((b) => b.name),
        ['AGENTS.md', 'SOUL.md', 'IDENTITY.md', 'USER.md', 'TOOLS.md', 'BOOTSTRAP.md', 'MEMORY.md', 'HEARTBEAT.md'],
      );
      assert.equal(scan.totals.injectedChars, scan.bootstrap.reduce((s, b) => s + b.injectedChars, 0));
      assert.equal(scan.totals.budgetLeft, 150_000 - scan.totals.injectedChars);
      // memories/ and DREAMS.md are absent there
      assert.equal(scan.memoriesDir.exists, false);
      assert.deepEqual(
        scan.memories.map((m) => [m.rel, m.exists]),
        [
          ['memories/project.md', false],
          ['memories/decisions.md', false],
          ['memories/errors.md', false],
          ['memories/context.md', false],
        ],
      );
      assert.equal(scan.dreams.exists, false);
      // the one daily log, preloaded the day after (today + yesterday)
      assert.deepEqual(
        scan.dailyLogs.map((d) => [d.rel, d.preloaded]),
        [['memory/2026-11-21.md', true]],
      );
      assert.equal(scan.dailyLogs[0]!.bytes, fs.statSync(path.join(ws, 'memory', '2026-11-21.md')).size);
    });
  }

  it('the daily log is not preloaded two days later', function () {
    const scan = scanWorkspace(REAL_WS, { now: new Date('2026-11-23T12:00:00Z'), config: { agents: { defaults: { userTimezone: 'UTC' } } } });
    assert.deepEqual(scan.startupContext.preloadDates, ['2026-11-23', '2026-11-22']);
    assert.equal(scan.dailyLogs[0]!.preloaded, false);
  });

  it('reads caps from the config passed in', function () {
    const ws = copyWorkspace(REAL_WS);
    const agents = fs.readFileSync(path.join(ws, 'AGENTS.md'), 'utf8');
    const scan = scanWorkspace(ws, { config: { agents: { defaults: { bootstrapMaxChars: 1_000 } } } });
    const a = scan.bootstrap.find((b) => b.name === 'AGENTS.md')!;
    assert.equal(scan.caps.maxChars, 1_000);
    assert.equal(a.truncated, true);
    assert.equal(a.cutChars, agents.trimEnd().length - 700 - 200);
    assert.equal(a.injectedChars, truncateBootstrap(agents, 1_000, 'AGENTS.md').text.length);
  });
});

describe('memory workspace: MEMORY.md / memory.md and daily logs', function () {
  it('memory.md counts only when MEMORY.md is absent; no marker when neither exists', function () {
    const lower = scanWorkspace(makeWorkspace({ 'memory.md': '- a → x.md\n' }));
    assert.equal(lower.memoryFile, 'memory.md');
    assert.equal(lower.bootstrap.at(-1)!.name, 'memory.md');
    assert.equal(lower.bootstrap.at(-1)!.injectedChars, '- a → x.md'.length);

    const both = makeWorkspace({ 'MEMORY.md': 'upper\n' });
    let caseSensitive = true;
    try {
      fs.writeFileSync(path.join(both, 'memory.md'), 'lower\n', { flag: 'wx' });
    } catch {
      caseSensitive = false;
    }
    const b = scanWorkspace(both);
    assert.equal(b.memoryFile, 'MEMORY.md');
    assert.equal(b.bootstrap.at(-1)!.injectedChars, 5);
    assert.equal(b.bootstrap.filter((x) => /memory\.md/i.test(x.name)).length, 1, `case-sensitive: ${caseSensitive}`);

    const none = scanWorkspace(makeWorkspace({ 'AGENTS.md': 'a' }));
    const m = none.bootstrap.at(-1)!;
    assert.equal(none.memoryFile, undefined);
    assert.deepEqual([m.name, m.exists, m.injected, m.missingMarker, m.injectedChars], ['MEMORY.md', false, false, false, 0]);
  });

  it('lists daily logs newest first and flags today and yesterday in the user time zone', function () {
    const ws = makeWorkspace({
      'memory/2026-01-01.md': 'one',
      'memory/2026-01-02.md': 'two',
      'memory/2026-01-03.md': 'three',
      'memory/2026-01-03-standup.md': 'slug',
      'memory/2025-13-40.md': 'not a date',
      'memory/notes.md': 'other',
    });
    fs.mkdirSync(path.join(ws, 'memory', '2026-01-04.md'));
    const utc = scanWorkspace(ws, { now: new Date('2026-01-03T02:00:00Z'), config: { agents: { defaults: { userTimezone: 'UTC' } } } });
    assert.deepEqual(
      utc.dailyLogs.map((d) => [d.name, d.preloaded]),
      [
        ['2026-01-03-standup.md', false],
        ['2026-01-03.md', true],
        ['2026-01-02.md', true],
        ['2026-01-01.md', false],
      ],
    );
    assert.equal(utc.dailyLogs[0]!.slug, 'standup');
    // 02:00 UTC is still the 2nd in New York: the 2nd and the 1st are preloaded
    const ny = scanWorkspace(ws, { now: new Date('2026-01-03T02:00:00Z'), config: { agents: { defaults: { userTimezone: 'America/New_York' } } } });
    assert.deepEqual(
      ny.dailyLogs.filter((d) => d.preloaded).map((d) => d.date),
      ['2026-01-02', '2026-01-01'],
    );
    const off = scanWorkspace(ws, { now: new Date('2026-01-03T02:00:00Z'), config: { agents: { defaults: { userTimezone: 'UTC', startupContext: { enabled: false } } } } });
    assert.equal(off.dailyLogs.some((d) => d.preloaded), false);
    const small = scanWorkspace(ws, { now: new Date('2026-01-03T02:00:00Z'), config: { agents: { defaults: { userTimezone: 'UTC', startupContext: { maxFileBytes: 3 } } } } });
    assert.deepEqual(
      small.dailyLogs.filter((d) => d.preloaded).map((d) => d.name),
      ['2026-01-02.md'],
    );
    assert.match(small.dailyLogs.find((d) => d.name === '2026-01-03.md')!.preloadNote!, /maxFileBytes/);
  });

  it('lists memories/ files with sizes and DREAMS.md', function () {
    const ws = makeWorkspace({ 'memories/project.md': '# P\n- stack: ts\n', 'memories/errors.md': '', 'DREAMS.md': '# dreams\n' });
    const scan = scanWorkspace(ws);
    assert.equal(scan.memoriesDir.exists, true);
    const by = Object.fromEntries(scan.memories.map((m) => [m.name, m]));
    assert.equal(by['project.md']!.exists, true);
    assert.equal(by['project.md']!.bytes, 16);
    assert.equal(by['project.md']!.chars, 16);
    assert.ok(by['project.md']!.tokens! > 0);
    assert.equal(by['errors.md']!.exists, true);
    assert.equal(by['errors.md']!.bytes, 0);
    assert.equal(by['decisions.md']!.exists, false);
    assert.deepEqual(scan.dreams, { rel: 'DREAMS.md', exists: true, bytes: 9 });
  });
});

describe('memory workspace: hostile workspaces never make the scan throw', function () {
  it('a directory named MEMORY.md: an entry with an error, and OpenClaw injects the [MISSING] marker', function () {
    const ws = makeWorkspace({ 'AGENTS.md': 'a' });
    fs.mkdirSync(path.join(ws, 'MEMORY.md'));
    const scan = scanWorkspace(ws);
    const m = scan.bootstrap.at(-1)!;
    assert.equal(m.name, 'MEMORY.md');
    assert.equal(m.exists, true);
    assert.match(m.error!, /not a regular file/);
    assert.equal(m.missingMarker, true);
    assert.equal(m.injectedChars, `[MISSING] Expected at: ${path.join(ws, 'MEMORY.md')}`.length);
  });

  it('a 20 MB AGENTS.md is not read whole: an error, and an approximate truncated injection', function () {
    const ws = makeWorkspace({ 'AGENTS.md': Buffer.alloc(20 * 1024 * 1024, 0x61), 'SOUL.md': 'soul' });
    const scan = scanWorkspace(ws);
    const a = scan.bootstrap[0]!;
    assert.match(a.error!, /more than/);
    assert.equal(a.approximate, true);
    assert.equal(a.truncated, true);
    assert.ok(a.injectedChars > 18_000 && a.injectedChars <= 20_000, String(a.injectedChars));
    assert.equal(a.cutChars, 20 * 1024 * 1024 - 18_000);
    assert.equal(scan.bootstrap[1]!.injectedChars, 4); // the next file still gets its share
  });

  it('NUL bytes and CRLF line endings are measured as they are', function () {
    const soul = 'a\u0000b\r\nc\r\n';
    const scan = scanWorkspace(makeWorkspace({ 'SOUL.md': soul, 'MEMORY.md': '- x\r\n- y\r\n' }));
    const s = scan.bootstrap[1]!;
    assert.equal(s.rawChars, soul.length);
    assert.equal(s.injectedChars, 'a\u0000b\r\nc'.length);
    assert.equal(scan.bootstrap.at(-1)!.injectedChars, '- x\r\n- y'.length);
  });

  it('a symlink leading out of the workspace is not read (its text never appears)', function () {
    const outside = path.join(tmpDir('occtx-outside-'), 'secret.md');
    fs.writeFileSync(outside, 'TOP-SECRET-CONTENT');
    const ws = makeWorkspace({ 'SOUL.md': 's' });
    fs.symlinkSync(outside, path.join(ws, 'AGENTS.md'));
    fs.mkdirSync(path.join(path.dirname(outside), 'mem'));
    fs.writeFileSync(path.join(path.dirname(outside), 'mem', 'errors.md'), 'outside errors');
    fs.symlinkSync(path.join(path.dirname(outside), 'mem'), path.join(ws, 'memories'));
    const scan = scanWorkspace(ws, { includeText: true });
    const a = scan.bootstrap[0]!;
    assert.match(a.error!, /outside the workspace/);
    assert.equal(a.text, undefined);
    assert.equal(a.rawChars, 0);
    const e = scan.memories.find((m) => m.name === 'errors.md')!;
    assert.match(e.error!, /outside the workspace/);
    assert.equal(e.text, undefined);
    assert.ok(!JSON.stringify(scan).includes('TOP-SECRET'));
  });

  it('a FIFO named AGENTS.md does not block the scan', function () {
    const ws = makeWorkspace({});
    const r = spawnSync('mkfifo', [path.join(ws, 'AGENTS.md')]);
    if (r.error || r.status !== 0) this.skip();
    const scan = scanWorkspace(ws);
    assert.match(scan.bootstrap[0]!.error!, /not a regular file/);
  });

  it('an unreadable file becomes an error entry (skipped when running as root)', function () {
    if (process.getuid?.() === 0 || process.platform === 'win32') this.skip();
    const ws = makeWorkspace({ 'USER.md': 'private' });
    fs.chmodSync(path.join(ws, 'USER.md'), 0o000);
    try {
      const u = scanWorkspace(ws).bootstrap.find((b) => b.name === 'USER.md')!;
      assert.equal(u.exists, true);
      assert.match(u.error!, /EACCES|permission/i);
      assert.equal(u.missingMarker, true);
    } finally {
      fs.chmodSync(path.join(ws, 'USER.md'), 0o600);
    }
  });

  it('memories as a file, a missing workspace, a file instead of a workspace', function () {
    const ws = makeWorkspace({ memories: 'not a folder' });
    const scan = scanWorkspace(ws);
    assert.equal(scan.memoriesDir.exists, false);
    assert.match(scan.memoriesDir.error!, /not a folder/);
    assert.equal(scan.memories.every((m) => !m.exists || m.error), true);

    const gone = scanWorkspace(path.join(tmpDir(), 'nope'));
    assert.equal(gone.exists, false);
    assert.ok(gone.error);
    assert.equal(gone.bootstrap.length, 8);
    const file = path.join(tmpDir(), 'file');
    fs.writeFileSync(file, 'x');
    assert.match(scanWorkspace(file).error!, /not a directory/);
  });
});
