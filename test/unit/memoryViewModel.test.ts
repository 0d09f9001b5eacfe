/**
 * The Memories view's rows and prompts (src/core/memory/viewModel/), built from scanWorkspace results of
 * the real fixture workspace (test/fixtures/openclaw-real/state/workspace), the demo workspace, and temp
 * workspaces for truncation, the total cap, hostile names and DREAMS.md candidates written by the real
 * dreaming engine (always in copies: the fixtures are never written).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { formatTokens } from '../../src/core/context/format';
import { parseDreams } from '../../src/core/memory/dream/candidates';
import { planDream, type DreamPlanOk } from '../../src/core/memory/dream/plan';
import { planAccept, planReject, pointerLine, type AcceptPlan } from '../../src/core/memory/dream/decide';
import { applyDreamPlan } from '../../src/core/memory/dream/apply';
import { formatBytes, type DreamsState, type MemoryRow, type MemoryWorkspaceInput } from '../../src/core/memory/viewModel/rows';
import { bootstrapDescription } from '../../src/core/memory/viewModel/bootstrap';
import { relativeDay } from '../../src/core/memory/viewModel/files';
import { sortCandidates } from '../../src/core/memory/viewModel/dreams';
import { flattenRows, memoryViewRows, rowsAsText } from '../../src/core/memory/viewModel/view';
import { acceptPrompt, dreamPrompt, NEVER_WITHOUT_CONFIRMATION, nothingToDreamMessage, previewOnlyMessage, refusalMessage, rejectPrompt } from '../../src/core/memory/viewModel/prompts';
import { scanWorkspace, type ScanOptions } from '../../src/core/memory/workspace/scan';
import { fixturePath, tmpDir } from './helpers';

const REAL_WS = fixturePath('openclaw-real', 'state', 'workspace');
const DEMO_WS = fixturePath('demo-v1', 'openclaw-state', 'workspace');
const ORDER = ['AGENTS.md', 'SOUL.md', 'TOOLS.md', 'IDENTITY.md', 'USER.md', 'HEARTBEAT.md', 'BOOTSTRAP.md', 'MEMORY.md'];
const UTC = { agents: { defaults: { userTimezone: 'UTC' } } };
/** the day after the fixture's daily log (2026-11-21): it is "yesterday" and preloaded */
const NOW = new Date('2026-11-22T10:00:00Z');

/** A copy of a workspace in a temp dir. */
function copyWorkspace(src: string): string {
  const dir = path.join(tmpDir('occtx-memvm-'), 'workspace');
  fs.cpSync(src, dir, { recursive: true });
  return dir;
}

/** A temp workspace holding `files` (rel → text). */
function makeWorkspace(files: Record<string, string> = {}): string {
  const dir = path.join(tmpDir('occtx-memvm-'), 'workspace');
  fs.mkdirSync(dir, { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

function dreamsOf(ws: string): DreamsState {
  const p = path.join(ws, 'DREAMS.md');
  return fs.existsSync(p) ? { rel: 'DREAMS.md', path: p, exists: true, parsed: parseDreams(fs.readFileSync(p, 'utf8')) } : { rel: 'DREAMS.md', path: p, exists: false };
}

function input(ws: string, opts: ScanOptions = {}, agentId = 'main'): MemoryWorkspaceInput {
  return { scan: scanWorkspace(ws, { config: UTC, now: NOW, ...opts }), dreams: dreamsOf(ws), agentId, stateDir: path.dirname(ws), displayDir: ws };
}

function rows(ws: string, opts: ScanOptions = {}): MemoryRow[] {
  return memoryViewRows([input(ws, opts)], { now: opts.now ?? NOW, dreamDays: 7 });
}

const section = (rs: MemoryRow[], s: MemoryRow['section']) => rs.find((r) => r.kind === 'section' && r.section === s)!;

/** Link, image, HTML and code-span characters in `s`, outside code spans, that are not backslash-escaped. */
function unescapedOutsideCode(s: string): string[] {
  const out: string[] = [];
  // escaped characters first (an escaped backtick opens no code span), then the code spans
  const noCode = s.replace(/\\[\s\S]/g, '').replace(/(`+)[\s\S]*?\1/g, '');
  for (let i = 0; i < noCode.length; i++) if ('[]<>!`'.includes(noCode[i]!)) out.push(`${noCode[i]}@${i}`);
  return out;
}

describe('memory view model: the real fixture workspace', function () {
  it('shows the four sections in order, the bootstrap files in OpenClaw order with the figures of scanWorkspace', function () {
    const scan = scanWorkspace(REAL_WS, { config: UTC, now: NOW });
    const top = rows(REAL_WS);
    assert.deepEqual(
      top.map((r) => r.label),
      ['Bootstrap files', 'memories/', 'Daily logs', 'DREAMS.md candidates'],
    );
    const boot = section(top, 'bootstrap');
    assert.deepEqual(
      boot.children.map((r) => r.label),
      ORDER,
    );
    for (const r of boot.children) {
      const f = scan.bootstrap.find((b) => b.name === r.label)!;
      assert.equal(r.path, path.join(REAL_WS, f.name));
      assert.deepEqual(r.figures, { rawChars: f.rawChars, rawTokens: f.rawTokens, injectedChars: f.injectedChars, injectedTokens: f.injectedTokens, cutChars: f.cutChars, ...(f.bytes !== undefined ? { bytes: f.bytes } : {}) });
      if (f.missingMarker) {
        assert.equal(r.description, `[MISSING] · ${f.injectedChars.toLocaleString('en-US')}-char marker injected`);
        assert.equal(r.icon, 'warning');
        assert.equal(r.color, 'problemsWarningIcon.foreground');
        assert.equal(r.contextValue, 'memoryAbsent.bootstrap');
        assert.equal(r.exists, false);
        assert.ok(r.tooltip.includes(`\`[MISSING] Expected at: ${f.path}\``), r.tooltip);
      } else {
        assert.equal(r.description, `${formatTokens(f.rawTokens)} tok · ${f.rawChars.toLocaleString('en-US')} chars`);
        assert.equal(r.contextValue, 'memoryFile.bootstrap');
        assert.equal(r.icon, 'markdown');
        // token figures in the one token format (the context figures show the same file as `AGENTS.md 1.4k`)
        assert.match(r.tooltip, new RegExp(`\\| on disk \\| ${f.rawChars.toLocaleString('en-US')} \\| ${formatTokens(f.rawTokens).replace('.', '\\.')} \\|`));
        assert.ok(r.tooltip.includes(`| injected | ${f.injectedChars.toLocaleString('en-US')} | ${formatTokens(f.injectedTokens)} |`));
      }
    }
    assert.deepEqual(
      boot.children.filter((r) => r.description.startsWith('[MISSING]')).map((r) => r.label),
      ['TOOLS.md', 'HEARTBEAT.md', 'BOOTSTRAP.md'],
    );
    assert.equal(boot.description, `${formatTokens(scan.totals.injectedTokens)} tok · ${scan.totals.injectedChars.toLocaleString('en-US')} of 150,000 chars · 3 missing`);
    assert.equal(boot.color, 'problemsWarningIcon.foreground');
    assert.ok(boot.tooltip.includes(`(${scan.totals.budgetLeft.toLocaleString('en-US')} left)`));
  });

  it('renders the whole view as expected (memories/ missing, the daily log preloaded the day after, no DREAMS.md)', function () {
    const scan = scanWorkspace(REAL_WS, { config: UTC, now: NOW });
    const b = (n: string) => scan.bootstrap.find((f) => f.name === n)!;
    const fig = (n: string) => `${formatTokens(b(n).rawTokens)} tok · ${b(n).rawChars.toLocaleString('en-US')} chars`;
    const mk = (n: string) => `[MISSING] · ${b(n).injectedChars}-char marker injected`;
    const expected = [
      `Bootstrap files — ${formatTokens(scan.totals.injectedTokens)} tok · ${scan.totals.injectedChars.toLocaleString('en-US')} of 150,000 chars · 3 missing`,
      `  AGENTS.md — ${fig('AGENTS.md')}`,
      `  SOUL.md — ${fig('SOUL.md')}`,
      `  TOOLS.md — ${mk('TOOLS.md')}`,
      `  IDENTITY.md — ${fig('IDENTITY.md')}`,
      `  USER.md — ${fig('USER.md')}`,
      `  HEARTBEAT.md — ${mk('HEARTBEAT.md')}`,
      `  BOOTSTRAP.md — ${mk('BOOTSTRAP.md')}`,
      `  MEMORY.md — ${fig('MEMORY.md')}`,
      'memories/ — no memories/ folder',
      '  project.md — missing',
      '  decisions.md — missing',
      '  errors.md — missing',
      '  context.md — missing',
      'Daily logs — 1 log · 1 preloaded on /new',
      '  2026-11-21.md — preloaded on /new · yesterday · 278 B',
      'DREAMS.md candidates — no DREAMS.md yet',
      '  No candidates yet: run Dream',
      '',
    ].join('\n');
    assert.equal(rowsAsText(rows(REAL_WS)), expected);
    // the fixture's own figures, so a change in the estimator or the scan is noticed here too
    assert.equal(b('AGENTS.md').rawChars, 6306);
    assert.equal(b('MEMORY.md').rawChars, 136);
  });

  it('the demo workspace (a copy of the same files) gives the same rows, but for the markers that name its path', function () {
    // the [MISSING] marker holds the absolute path, so its size and the total (chars and tokens) depend on where
    // the workspace is
    const strip = (rs: MemoryRow[]) =>
      rowsAsText(rs)
        .replace(/\d+-char marker/g, 'N-char marker')
        .replace(/^(Bootstrap files — )[\d.k]+ tok · [\d,]+/m, '$1N tok · N');
    assert.equal(strip(rows(DEMO_WS)), strip(rows(REAL_WS)));
    for (const r of section(rows(DEMO_WS), 'bootstrap').children.filter((x) => x.description.startsWith('[MISSING]'))) {
      assert.equal(r.figures!.injectedChars, `[MISSING] Expected at: ${path.join(DEMO_WS, r.label)}`.length);
    }
  });

  it('marks the daily log preloaded only on its day and the next (startupContext: 2 days in the user time zone)', function () {
    const at = (iso: string, config: unknown = UTC) => section(rows(REAL_WS, { now: new Date(iso), config }), 'daily').children[0]!;
    assert.equal(at('2026-11-21T23:00:00Z').description, 'preloaded on /new · today · 278 B');
    assert.equal(at('2026-11-21T23:00:00Z').icon, 'history');
    assert.equal(at('2026-11-21T23:00:00Z').contextValue, 'memoryFile.daily.preloaded');
    assert.equal(at('2026-11-23T10:00:00Z').description, '278 B');
    assert.equal(at('2026-11-23T10:00:00Z').icon, 'calendar');
    assert.match(at('2026-11-23T10:00:00Z').tooltip, /Not preloaded: a bare \/new loads only the last 2 days \(2026-11-23, 2026-11-22\)/);
    // 2026-11-23 01:00 UTC is still 2026-11-22 in Los Angeles: the log is "yesterday" there
    assert.equal(at('2026-11-23T01:00:00Z', { agents: { defaults: { userTimezone: 'America/Los_Angeles' } } }).description, 'preloaded on /new · yesterday · 278 B');
    const off = section(rows(REAL_WS, { config: { agents: { defaults: { userTimezone: 'UTC', startupContext: { enabled: false } } } } }), 'daily');
    assert.equal(off.description, '1 log · preload off');
    assert.match(off.children[0]!.tooltip, /startupContext is turned off/);
  });

  it('ids are unique; files open (path + memoryFile context), absent ones do not', function () {
    const all = flattenRows(rows(REAL_WS));
    assert.equal(new Set(all.map((r) => r.id)).size, all.length);
    for (const r of all) {
      if (r.contextValue.startsWith('memoryFile')) {
        assert.ok(r.path && fs.existsSync(r.path), `${r.label} opens ${r.path}`);
        assert.equal(r.exists, true);
      }
      if (r.contextValue.startsWith('memoryAbsent')) assert.equal(fs.existsSync(r.path!), false, r.label);
    }
    const dream = all.find((r) => r.label === 'No candidates yet: run Dream')!;
    assert.equal(dream.command?.command, 'openclawContext.memory.dream');
  });
});

describe('memory view model: truncation, caps, absent files', function () {
  it('a file over the per-file cap shows raw → injected, the cut and 70% head / 20% tail', function () {
    const big = `# Agents\n${'x'.repeat(26_110)}\n`; // 26,120 chars
    const ws = makeWorkspace({ 'AGENTS.md': big, 'SOUL.md': 'soul\n' });
    const scan = scanWorkspace(ws, { config: UTC, now: NOW });
    const f = scan.bootstrap[0]!;
    assert.equal(f.truncated, true);
    assert.equal(f.cutChars, 26_119 - 14_000 - 4_000);
    const r = section(rows(ws), 'bootstrap').children[0]!;
    assert.equal(r.description, `${formatTokens(f.rawTokens)} tok · 26,120 chars → ${f.injectedChars.toLocaleString('en-US')} injected (−8,119 cut, 70% head / 20% tail)`);
    assert.equal(r.icon, 'fold');
    assert.equal(r.color, 'problemsWarningIcon.foreground');
    assert.match(r.tooltip, /\*\*Truncated:\*\* longer than 20,000 chars, so OpenClaw keeps the first 70% \(14,000 chars\) and the last 20% \(4,000 chars\)/);
    assert.match(r.tooltip, /8,119 chars do not reach the model/);
    assert.match(section(rows(ws), 'bootstrap').description, /· 1 truncated$/);
  });

  it('the total cap: a file cut to what is left, then files not injected at all', function () {
    const config = { agents: { defaults: { userTimezone: 'UTC', bootstrapMaxChars: 5_000, bootstrapTotalMaxChars: 8_000 } } };
    const ws = makeWorkspace({ 'AGENTS.md': 'a'.repeat(4_000), 'SOUL.md': 's'.repeat(4_500), 'TOOLS.md': 't'.repeat(3_000), 'IDENTITY.md': 'i', 'USER.md': 'u', 'HEARTBEAT.md': 'h', 'BOOTSTRAP.md': 'b' });
    const scan = scanWorkspace(ws, { config, now: NOW });
    const boot = section(rows(ws, { config }), 'bootstrap');
    const soul = boot.children.find((r) => r.label === 'SOUL.md')!;
    const soulInfo = scan.bootstrap.find((b) => b.name === 'SOUL.md')!;
    assert.equal(soulInfo.truncated, true);
    // 4,000 of the 8,000 are left for SOUL.md: it is longer, so OpenClaw keeps head/tail of 4,000
    assert.match(soul.description, /→ [\d,]+ injected \(−[\d,]+ cut, 70% head \/ 20% tail, total cap\)$/);
    assert.match(soul.tooltip, /longer than 4,000 chars \(what the 8,000-char total cap left\)/);
    // SOUL.md leaves a few hundred chars: TOOLS.md is cut to them, and the files after it get nothing
    const tools = boot.children.find((r) => r.label === 'TOOLS.md')!;
    const toolsInfo = scan.bootstrap.find((b) => b.name === 'TOOLS.md')!;
    assert.equal(tools.description, `${formatTokens(toolsInfo.rawTokens)} tok · 3,000 chars → ${toolsInfo.injectedChars} injected (−${toolsInfo.cutChars.toLocaleString('en-US')} cut, 70% head / 20% tail, total cap)`);
    const identity = boot.children.find((r) => r.label === 'IDENTITY.md')!;
    assert.equal(identity.description, `${formatTokens(scan.bootstrap.find((b) => b.name === 'IDENTITY.md')!.rawTokens)} tok · 1 chars · not injected: the 8,000-char total cap is used up`);
    assert.equal(identity.icon, 'error');
    assert.match(identity.tooltip, /Not injected: the 8,000-char total cap/);
    assert.equal(boot.color, 'problemsErrorIcon.foreground');
    assert.match(boot.description, /of 8,000 chars/);
  });

  it('bootstrapDescription: a file the total cap clamps without per-file truncation says "total cap"', function () {
    const f = { name: 'USER.md', rel: 'USER.md', path: '/w/USER.md', loadIndex: 4, promptOrder: 40, dynamic: false, exists: true, missingMarker: false, rawChars: 900, rawTokens: 200, injected: true, injectedChars: 500, injectedTokens: 110, truncated: true, cutChars: 401 };
    assert.equal(bootstrapDescription(f, { maxChars: 20_000, totalMaxChars: 150_000 }, 500), '200 tok · 900 chars → 500 injected (−401 cut, 70% head / 20% tail, total cap)');
    assert.equal(bootstrapDescription(f, { maxChars: 20_000, totalMaxChars: 150_000 }, 20_000), '200 tok · 900 chars → 500 injected (−401 cut, total cap)');
  });

  it('no MEMORY.md: not flagged [MISSING] (OpenClaw injects nothing); memory.md is used when alone; an empty file is not injected', function () {
    const ws = makeWorkspace({ 'AGENTS.md': '# A\n', 'SOUL.md': '   \n\n' });
    const boot = section(rows(ws), 'bootstrap');
    const mem = boot.children.find((r) => r.label === 'MEMORY.md')!;
    assert.equal(mem.description, 'absent · not injected');
    assert.equal(mem.icon, 'circle-slash');
    assert.equal(mem.contextValue, 'memoryAbsent.bootstrap');
    assert.match(mem.tooltip, /no \[MISSING\] marker/);
    const soul = boot.children.find((r) => r.label === 'SOUL.md')!;
    assert.match(soul.description, /· empty, not injected$/);
    const lower = makeWorkspace({ 'memory.md': '# m\n- a\n' });
    assert.equal(section(rows(lower), 'bootstrap').children[7]!.label, 'memory.md');
  });

  it('memories/: present files with their size, missing ones dimmed', function () {
    const ws = makeWorkspace({ 'memories/project.md': '# Project\n\nBLUE-HERON, TypeScript.\n', 'memories/errors.md': '' });
    const scan = scanWorkspace(ws, { config: UTC, now: NOW });
    const m = section(rows(ws), 'memories');
    assert.equal(m.description, '2 of 4 present');
    const project = m.children[0]!;
    const info = scan.memories[0]!;
    assert.equal(project.description, `${formatTokens(info.tokens!)} tok · ${info.chars} chars`);
    assert.equal(project.contextValue, 'memoryFile.memories');
    assert.equal(project.icon, 'note');
    const decisions = m.children[1]!;
    assert.deepEqual([decisions.description, decisions.icon, decisions.color, decisions.contextValue], ['missing', 'circle-slash', 'disabledForeground', 'memoryAbsent.memories']);
  });

  it('daily logs newest first, capped, with too-large / empty preload notes and hostile slugs escaped', function () {
    const files: Record<string, string> = {};
    for (let d = 1; d <= 20; d++) files[`memory/2026-10-${String(d).padStart(2, '0')}.md`] = `# day ${d}\n- x\n`;
    files['memory/2026-11-22.md'] = 'y'.repeat(20_000); // today, over maxFileBytes
    files['memory/2026-11-21.md'] = ''; // yesterday, empty
    files['memory/2026-11-21-[x](http:evil)`*.md'] = '- slug\n';
    const ws = makeWorkspace(files);
    const daily = memoryViewRows([input(ws)], { now: NOW, maxDailyLogs: 5 }).find((r) => r.section === 'daily')!;
    assert.equal(daily.description, '23 logs · 0 preloaded on /new');
    assert.deepEqual(
      daily.children.map((r) => r.label),
      ['2026-11-22.md', '2026-11-21-[x](http:evil)`*.md', '2026-11-21.md', '2026-10-20.md', '2026-10-19.md', '18 older logs not listed'],
    );
    assert.equal(daily.children[0]!.description, `too large to preload · today · ${formatBytes(20_000)}`);
    assert.equal(daily.children[0]!.color, 'problemsWarningIcon.foreground');
    assert.equal(daily.children[2]!.description, 'empty, not preloaded · yesterday · 0 B');
    const slug = daily.children[1]!;
    assert.equal(slug.description, 'yesterday · 7 B');
    assert.match(slug.tooltip, /OpenClaw preloads the exact-date file/);
    assert.deepEqual(unescapedOutsideCode(slug.tooltip), [], slug.tooltip);
  });

  it('a workspace that cannot be read is one error row; several workspaces get a root each', function () {
    const gone = path.join(tmpDir('occtx-memvm-'), 'nope');
    const bad = memoryViewRows([input(gone)], { now: NOW });
    assert.equal(bad.length, 1);
    assert.equal(bad[0]!.label, 'Workspace cannot be read');
    assert.equal(bad[0]!.icon, 'error');

    const two = memoryViewRows([input(REAL_WS, {}, 'main'), { ...input(gone, {}, 'other'), configuredWorkspace: '/elsewhere/ws' }], { now: NOW });
    assert.deepEqual(
      two.map((r) => [r.kind, r.label]),
      [
        ['workspace', 'main'],
        ['workspace', 'other'],
      ],
    );
    assert.deepEqual(
      two[0]!.children.map((r) => r.label),
      ['Bootstrap files', 'memories/', 'Daily logs', 'DREAMS.md candidates'],
    );
    assert.match(two[0]!.description, /^.* · [\d.k]+ tok bootstrap$/);
    assert.match(two[1]!.tooltip, /The config's workspace \/elsewhere\/ws is not on this machine: showing the state dir's own/);
    const all = flattenRows(two);
    assert.equal(new Set(all.map((r) => r.id)).size, all.length, 'ids stay unique across workspaces');
  });
});

describe('memory view model: DREAMS.md candidates from the real dreaming engine', function () {
  const DREAM_NOW = new Date('2026-11-21T20:00:00Z');

  function dreamed(): { ws: string; plan: DreamPlanOk } {
    const ws = copyWorkspace(REAL_WS);
    const plan = planDream({ workspaceDir: ws, now: DREAM_NOW, timeZone: 'UTC' });
    assert.equal(plan.status, 'ok');
    assert.equal(applyDreamPlan(plan, ws).status, 'written');
    return { ws, plan: plan as DreamPlanOk };
  }

  it('lists the staged candidates as pending with Accept / Reject (context dreamCandidate.pending) and what Accept would add', function () {
    const { ws, plan } = dreamed();
    const d = section(rows(ws, { now: DREAM_NOW }), 'dreams');
    assert.equal(d.description, `${plan.added.length} pending · 0 accepted · 0 rejected`);
    assert.equal(d.contextValue, 'memoryFile.dreams');
    assert.equal(d.color, 'charts.yellow');
    assert.deepEqual(
      d.children.map((r) => r.candidateId),
      plan.added.map((c) => c.id),
    );
    const parsed = parseDreams(fs.readFileSync(path.join(ws, 'DREAMS.md'), 'utf8'));
    for (const r of d.children) {
      const c = parsed.candidates.find((x) => x.id === r.candidateId)!;
      assert.equal(r.contextValue, 'dreamCandidate.pending');
      assert.equal(r.icon, 'lightbulb');
      assert.equal(r.path, path.join(ws, 'DREAMS.md'));
      assert.equal(r.line, c.line, 'a click opens DREAMS.md at the heading');
      assert.ok(r.description.startsWith(`pending · ${c.category} · `), r.description);
      assert.ok(r.tooltip.includes(pointerLine(c).replace(/`/g, '')), r.tooltip);
    }
  });

  it('after accept and reject: pending first, then accepted, then rejected, each with its own icon', function () {
    const { ws, plan } = dreamed();
    assert.ok(plan.added.length >= 2, 'the fixture gives at least two candidates');
    const [a, b] = plan.added;
    const acc = planAccept(a!.id, ws, { now: DREAM_NOW, timeZone: 'UTC' });
    assert.equal(applyDreamPlan(acc, ws).status, 'written');
    const rej = planReject(b!.id, ws, { now: DREAM_NOW, timeZone: 'UTC' });
    assert.equal(applyDreamPlan(rej, ws).status, 'written');
    const extra = copyWorkspace(ws);
    // a third candidate (a hand-written one) stays pending and comes first
    fs.appendFileSync(path.join(extra, 'DREAMS.md'), '\n### [dream-0123456789] Decision: use **pnpm** <script>alert(1)</script> [link](http://x)\n- Status: pending\n- Category: decision\n');
    const d = section(rows(extra, { now: DREAM_NOW }), 'dreams');
    assert.deepEqual(
      d.children.map((r) => [r.candidateStatus, r.contextValue, r.icon]),
      [
        ['pending', 'dreamCandidate.pending', 'lightbulb'],
        ['accepted', 'dreamCandidate.accepted', 'pass'],
        ['rejected', 'dreamCandidate.rejected', 'circle-slash'],
      ],
    );
    assert.equal(d.children[1]!.description, `accepted 2026-11-21 · ${a!.category}`);
    assert.equal(d.description, '1 pending · 1 accepted · 1 rejected');
    const hostile = d.children[0]!;
    assert.equal(hostile.label, 'Decision: use **pnpm** <script>alert(1)</script> [link](http://x)');
    assert.deepEqual(unescapedOutsideCode(hostile.tooltip.split('Accept adds')[0]!), [], hostile.tooltip);
  });

  it('sortCandidates keeps the file order within a status', function () {
    const cs = [
      { status: 'rejected' as const, line: 1 },
      { status: 'pending' as const, line: 9 },
      { status: 'accepted' as const, line: 3 },
      { status: 'pending' as const, line: 5 },
    ];
    assert.deepEqual(
      sortCandidates(cs).map((c) => c.line),
      [5, 9, 3, 1],
    );
  });

  it('unreadable parts of DREAMS.md become one warning row', function () {
    const ws = makeWorkspace({ 'DREAMS.md': '### [dream-aaaaaaaaaa] one\n- Status: maybe\n\n### [dream-aaaaaaaaaa] again\n' });
    const d = section(rows(ws), 'dreams');
    assert.equal(d.children.length, 2);
    assert.equal(d.children[1]!.label, '2 parts of DREAMS.md could not be read');
    assert.equal(d.children[1]!.icon, 'warning');
  });
});

describe('memory view model: prompts', function () {
  const NOW2 = new Date('2026-11-21T20:00:00Z');

  it('Dream: the confirmation lists the candidates and says MEMORY.md is not changed; nothing to dream is a sentence', function () {
    const ws = copyWorkspace(REAL_WS);
    const plan = planDream({ workspaceDir: ws, now: NOW2, timeZone: 'UTC' }) as DreamPlanOk;
    const p = dreamPrompt(plan);
    assert.equal(p.message, `Stage ${plan.added.length} memory candidates in DREAMS.md?`);
    assert.equal(p.button, 'Write DREAMS.md');
    assert.match(p.detail, /^From 1 daily log \(2026-11-21\)/);
    for (const c of plan.added) assert.ok(p.detail.includes(c.finding.slice(0, 40)), c.finding);
    assert.ok(p.detail.includes(NEVER_WITHOUT_CONFIRMATION));
    const none = planDream({ workspaceDir: ws, now: new Date('2027-03-01T00:00:00Z'), timeZone: 'UTC' });
    assert.equal(none.status, 'NOTHING_TO_DREAM');
    if (none.status === 'NOTHING_TO_DREAM') assert.equal(nothingToDreamMessage(none), 'Nothing to dream: No daily logs (memory/YYYY-MM-DD.md) in the last 7 day(s).');
  });

  it('Accept: the line, the token budget and the confirmation rule; Reject: MEMORY.md not changed', function () {
    const ws = copyWorkspace(REAL_WS);
    applyDreamPlan(planDream({ workspaceDir: ws, now: NOW2, timeZone: 'UTC' }), ws);
    const c = parseDreams(fs.readFileSync(path.join(ws, 'DREAMS.md'), 'utf8')).candidates[0]!;
    const acc = planAccept(c.id, ws, { now: NOW2, timeZone: 'UTC' });
    const p = acceptPrompt(acc);
    assert.equal(p.message, 'Add this line to MEMORY.md?');
    assert.equal(p.detail.split('\n')[0], acc.memory!.line);
    assert.match(p.detail, new RegExp(`MEMORY\\.md: about ${acc.memory!.tokensBefore} → ${acc.memory!.tokensAfter} tokens \\(budget 800\\)`));
    assert.ok(p.detail.endsWith(NEVER_WITHOUT_CONFIRMATION));
    const rej = rejectPrompt(planReject(c.id, ws));
    assert.equal(rej.button, 'Reject');
    assert.match(rej.detail, /MEMORY\.md is not changed/);
  });

  it('refusals: over budget and already decided, clearly worded', function () {
    const ws = copyWorkspace(REAL_WS);
    applyDreamPlan(planDream({ workspaceDir: ws, now: NOW2, timeZone: 'UTC' }), ws);
    const c = parseDreams(fs.readFileSync(path.join(ws, 'DREAMS.md'), 'utf8')).candidates[0]!;
    fs.appendFileSync(path.join(ws, 'MEMORY.md'), Array.from({ length: 70 }, (_, i) => `- note ${i}: the deployment checklist lives in docs/runbook-${i}.md`).join('\n') + '\n');
    const over = planAccept(c.id, ws);
    assert.equal(over.reason, 'memory-over-budget');
    const r = refusalMessage(over);
    assert.equal(r.severity, 'warn');
    assert.match(r.message, /^Not accepted: MEMORY\.md would be about \d+ tokens \(budget 800/);
    const done: AcceptPlan = { ...over, reason: 'already-accepted', status: 'refused' };
    assert.deepEqual(refusalMessage(done), { severity: 'info', message: `${c.id} is already accepted; nothing to do.` });
    assert.equal(refusalMessage({ ...over, reason: 'not-found' }).severity, 'warn');
  });

  it('preview-only messages name the files and say nothing was written', function () {
    assert.equal(previewOnlyMessage('untrusted', ['MEMORY.md', 'DREAMS.md'], '~/ws'), 'This VS Code workspace is not trusted: nothing was written to MEMORY.md and DREAMS.md. The preview shows what would have been written.');
    assert.match(previewOnlyMessage('readonly', ['DREAMS.md'], '~/ws'), /^~\/ws is read-only here: nothing was written to DREAMS\.md\./);
  });

  it('relativeDay', function () {
    assert.equal(relativeDay('2026-11-22', '2026-11-22'), 'today');
    assert.equal(relativeDay('2026-11-21', '2026-11-22'), 'yesterday');
    assert.equal(relativeDay('2026-02-28', '2026-03-01'), 'yesterday');
    assert.equal(relativeDay('2026-11-20', '2026-11-22'), undefined);
  });
});
