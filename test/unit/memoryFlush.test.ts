/**
 * The mechanical pre-compaction flush (src/core/memory/flush.ts): epochs (one flush per compaction
 * epoch, `force`), only new entries, day-log de-duplication, the date in the user's time zone, the state
 * file (corrupt → empty + reported), read-only and changed-under-us refusals, and the automatic flush line
 * against the gauge's own figures. Real data: the fixture workspace (copied) and the real agent DB.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compactionLines } from '../../src/core/compaction/triggers';
import { computeGauge } from '../../src/core/context/gauge';
import {
  applyFlush,
  entriesSinceFlush,
  FLUSH_STATE_FILE,
  FlushStateStore,
  flushLine,
  planFlush,
  shouldAutoFlush,
  shouldAutoFlushGauge,
  zonedNow,
  type FlushPlan,
  type FlushPlanOk,
  type PlanFlushInput,
} from '../../src/core/memory/flush';
import { compactionSettings } from '../../src/core/store/config';
import { fixturePath, tmpDir } from './helpers';
import { E } from './support/checkpoints';
import { loadRealSessions, piSample, realWorkspace, type RealSession } from './support/realData';

type Json = Record<string, unknown>;

const KEY = 'agent:main:main';
const NOW = new Date('2026-03-01T12:00:00Z');

function ok(plan: FlushPlan): FlushPlanOk {
  assert.equal(plan.status, 'ok', plan.status === 'NOTHING_TO_FLUSH' ? `${plan.reason}: ${plan.message}` : '');
  return plan as FlushPlanOk;
}

function setup(): { ws: string; store: FlushStateStore; input: (entries: Json[], over?: Partial<PlanFlushInput>) => PlanFlushInput } {
  const ws = path.join(tmpDir('occtx-flush-'), 'workspace');
  fs.mkdirSync(ws, { recursive: true });
  const store = new FlushStateStore(path.join(path.dirname(ws), 'state', 'context', 'memory'));
  const input = (entries: Json[], over: Partial<PlanFlushInput> = {}): PlanFlushInput => ({ sessionKey: KEY, entries, compactionCount: 0, now: NOW, timeZone: 'UTC', workspaceDir: ws, state: store, ...over });
  return { ws, store, input };
}

function firstTurn(): Json[] {
  E.reset();
  return [E.header(), E.user('Always answer in English. The ticket is TICKET-981.'), E.agent('We decided to use RS256. Because services verify with the public key.')];
}

describe('memory flush: plan and section format', function () {
  it('a new day log: `# date`, then the dated section with bold labels and bullets, category by category', function () {
    const { ws, input } = setup();
    const plan = ok(planFlush(input(firstTurn())));
    assert.equal(plan.targetRel, 'memory/2026-03-01.md');
    assert.equal(plan.before, '');
    assert.equal(
      plan.after,
      [
        '# 2026-03-01',
        '',
        `## 12:00 — Compaction pre-flush · ${KEY}`,
        '',
        '**User preferences:**',
        '- Always answer in English.',
        '',
        '**Decisions:**',
        '- We decided to use RS256. Because services verify with the public key.',
        '',
        '**Facts:**',
        '- ID: TICKET-981',
        '',
        '**Task progress:**',
        '- Current task: Always answer in English. The ticket is TICKET-981.',
        '',
      ].join('\n'),
    );
    assert.equal(plan.after, plan.before + plan.addition);
    assert.deepEqual(
      plan.facts.map((f) => f.category),
      ['preferences', 'decisions', 'facts', 'progress'],
    );
    assert.equal(plan.lastEntryId, 'a2');
    assert.ok(!fs.existsSync(path.join(ws, 'memory')), 'planning writes nothing');
  });

  it('an existing day log is appended to after one blank line, whatever its ending', function () {
    for (const [before, sep] of [
      ['# 2026-03-01\n\n- old fact\n', '\n'],
      ['# 2026-03-01\n\n- old fact', '\n\n'],
      ['# 2026-03-01\n\n- old fact\n\n', ''],
    ] as const) {
      const { ws, input } = setup();
      fs.mkdirSync(path.join(ws, 'memory'));
      fs.writeFileSync(path.join(ws, 'memory', '2026-03-01.md'), before);
      const plan = ok(planFlush(input(firstTurn())));
      assert.equal(plan.after, `${before}${sep}${plan.section}`);
    }
  });
});

describe('memory flush: epochs (seed 003 §27.4)', function () {
  it('one flush per compaction epoch; a new compaction re-arms it; force overrides; only new entries each time', function () {
    const { ws, store, input } = setup();
    const turn1 = firstTurn();
    const r1 = applyFlush(ok(planFlush(input(turn1, { compactionCount: 2 }))), ws, store);
    assert.equal(r1.status, 'written');
    assert.deepEqual(store.get(KEY), { compactionCount: 2, flushedAt: NOW.toISOString(), lastEntryId: 'a2', lastEntryAt: Date.parse(E.at(2)), targetRel: 'memory/2026-03-01.md' });

    const turn2 = [...turn1, E.user('Remember that the deploy window is Tuesday 14:00 UTC.'), E.agent('Noted.')];
    const same = planFlush(input(turn2, { compactionCount: 2 }));
    assert.equal(same.status, 'NOTHING_TO_FLUSH');
    assert.equal(same.status === 'NOTHING_TO_FLUSH' && same.reason, 'already-flushed-this-epoch');
    assert.equal(applyFlush(same, ws, store).status, 'skipped');

    const next = ok(planFlush(input(turn2, { compactionCount: 3 })));
    assert.equal(next.entriesConsidered, 2, 'only the entries after the last flushed one');
    assert.deepEqual(
      next.facts.map((f) => f.text),
      ['Remember: Remember that the deploy window is Tuesday 14:00 UTC.', 'Current task: Remember that the deploy window is Tuesday 14:00 UTC.'],
    );
    assert.equal(applyFlush(next, ws, store).status, 'written');
    assert.equal(store.get(KEY)?.compactionCount, 3);

    const turn3 = [...turn2, E.user('Never deploy on Fridays.'), E.agent('OK.')];
    assert.equal(planFlush(input(turn3, { compactionCount: 3 })).status, 'NOTHING_TO_FLUSH');
    const forced = ok(planFlush(input(turn3, { compactionCount: 3, force: true })));
    assert.ok(forced.forced);
    assert.deepEqual(
      forced.facts.map((f) => f.text),
      ['Never deploy on Fridays.', 'Current task: Never deploy on Fridays.'],
    );
    applyFlush(forced, ws, store);
    const noNew = planFlush(input(turn3, { compactionCount: 3, force: true }));
    assert.equal(noNew.status === 'NOTHING_TO_FLUSH' && noNew.reason, 'no-new-entries');

    const log = fs.readFileSync(path.join(ws, 'memory', '2026-03-01.md'), 'utf8');
    assert.equal(log.match(/^## 12:00 — Compaction pre-flush/gm)?.length, 3);
    assert.equal(log.match(/TICKET-981/g)?.length, 2, 'the first section only: the ID bullet and the task line');
  });

  it('a reset session whose count went back to 0 is a new epoch (equality, as OpenClaw)', function () {
    const { input } = setup();
    E.reset();
    const plan = planFlush(input([E.user('Never use tabs.')], { compactionCount: 0, state: { compactionCount: 4, flushedAt: '2026-02-01T00:00:00.000Z', lastEntryId: 'gone' } }));
    assert.equal(plan.status, 'ok');
  });

  it('the cursor falls back to time when the last flushed entry is no longer on the path (rewind, reset, v1 entries without ids)', function () {
    E.reset();
    const es = [E.user('old one'), E.agent('a'), E.user('new one'), E.agent('b')];
    const since = entriesSinceFlush(es, { compactionCount: 0, flushedAt: E.at(9), lastEntryId: 'not-on-path', lastEntryAt: Date.parse(E.at(1)) });
    assert.deepEqual(
      since.map((e) => (e as Json).id),
      ['u2', 'a3'],
    );
    assert.equal(entriesSinceFlush(es, { compactionCount: 0, flushedAt: E.at(0), lastEntryId: 'a1' }).length, 2, 'by id when found');
    assert.equal(entriesSinceFlush(es, undefined).length, 4);

    const { ws, store, input } = setup();
    const v1 = piSample('pi-mono__large-session.v1.first6lines.jsonl');
    const plan = ok(planFlush(input(v1, { now: new Date('2025-11-21T00:00:00Z') })));
    assert.equal(plan.lastEntryId, undefined, 'v1 entries have no id (the header’s id is not an entry)');
    assert.equal(plan.lastEntryAt, Date.parse('2025-11-20T23:33:54.572Z'));
    applyFlush(plan, ws, store);
    const later = { type: 'message', timestamp: '2025-11-20T23:40:00.000Z', message: { role: 'user', content: 'Remember that the theme lives in packages/coding-agent/src/theme/theme.ts', timestamp: 0 } };
    const again = ok(planFlush(input([...v1, later], { force: true, now: new Date('2025-11-21T00:00:00Z') })));
    assert.equal(again.entriesConsidered, 1);
  });
});

describe('memory flush: never the same fact twice in a day log', function () {
  it('bullets already in the day log (normalised, with or without a label) and literal ids are left out', function () {
    const { ws, store, input } = setup();
    fs.mkdirSync(path.join(ws, 'memory'));
    fs.writeFileSync(path.join(ws, 'memory', '2026-03-01.md'), '# 2026-03-01\n\n- **Preference:** always answer in english\n- Working on TICKET-981 today.\n');
    const plan = ok(planFlush(input(firstTurn())));
    assert.equal(plan.skippedDuplicates, 2);
    assert.ok(!plan.section.includes('- Always answer in English.') && !plan.section.includes('ID: TICKET-981'), plan.section);
    assert.ok(plan.section.includes('We decided to use RS256.'));

    // a second session flushing the same facts on the same day
    applyFlush(plan, ws, store);
    const other = planFlush(input(firstTurn(), { sessionKey: 'agent:main:other' }));
    assert.equal(other.status, 'NOTHING_TO_FLUSH');
    assert.equal(other.status === 'NOTHING_TO_FLUSH' && other.reason, 'already-in-daily-log');
    assert.ok(other.status === 'NOTHING_TO_FLUSH' && other.recordsEpoch);
    const r = applyFlush(other, ws, store);
    assert.equal(r.status, 'recorded', 'a flush that found nothing new still closes the epoch');
    assert.equal(store.get('agent:main:other')?.compactionCount, 0);
    assert.equal(store.get('agent:main:other')?.targetRel, undefined);
  });

  it('the real fixture workspace: its day log already names ORD-4471 and TICKET-981, so a real session’s flush does not repeat them', function () {
    const ws = realWorkspace();
    const before = fs.readFileSync(path.join(ws, 'memory', '2026-11-21.md'), 'utf8');
    E.reset();
    const plan = ok(
      planFlush({ sessionKey: KEY, entries: [E.user('Ship ORD-4471 and TICKET-981; the new one is PROJ-77.'), E.agent('ok')], compactionCount: 0, now: new Date('2026-11-21T16:00:00Z'), timeZone: 'UTC', workspaceDir: ws }),
    );
    assert.equal(plan.before, before);
    assert.ok(plan.section.includes('- ID: PROJ-77'));
    assert.ok(!plan.section.includes('ID: ORD-4471') && !plan.section.includes('ID: TICKET-981'));
    assert.equal(plan.skippedDuplicates, 2);
  });
});

describe('memory flush: the date in the user’s time zone', function () {
  it('23:30 UTC is already the next day in Asia/Shanghai (07:30) and still the same day in UTC', function () {
    const { input } = setup();
    const late = new Date('2026-11-21T23:30:00Z');
    const sh = ok(planFlush(input(firstTurn(), { now: late, timeZone: 'Asia/Shanghai' })));
    assert.equal(sh.targetRel, 'memory/2026-11-22.md');
    assert.ok(sh.section.startsWith('## 07:30 — '));
    assert.ok(sh.after.startsWith('# 2026-11-22\n'));
    const utc = ok(planFlush(input(firstTurn(), { now: late, timeZone: 'UTC' })));
    assert.equal(utc.targetRel, 'memory/2026-11-21.md');
    assert.ok(utc.section.startsWith('## 23:30 — '));
    assert.equal(zonedNow(new Date('2026-11-22T05:00:00Z'), 'America/Los_Angeles').date, '2026-11-21');
    assert.deepEqual(zonedNow(new Date('2026-03-01T00:00:00Z'), 'UTC'), { date: '2026-03-01', time: '00:00', timeZone: 'UTC' });
  });

  it('an unknown zone falls back to the system zone and the plan says so; the config key is agents.defaults.userTimezone', function () {
    const { input } = setup();
    const plan = ok(planFlush(input(firstTurn(), { timeZone: 'Mars/Olympus_Mons' })));
    assert.equal(plan.timeZoneRefused, 'Mars/Olympus_Mons');
    assert.equal(plan.timeZone, Intl.DateTimeFormat().resolvedOptions().timeZone);
    assert.equal(compactionSettings({ agents: { defaults: { userTimezone: 'Asia/Shanghai' } } }).userTimezone, 'Asia/Shanghai');
  });
});

describe('memory flush: state file, read-only, changed under us', function () {
  it('a corrupt state file is treated as empty, reported, kept aside, and replaced by a valid one', function () {
    const { ws, store, input } = setup();
    fs.mkdirSync(store.dir, { recursive: true });
    fs.writeFileSync(store.file, '{"schema": "openclaw-context/memory-flush-state", "sessions": {');
    assert.equal(store.get(KEY), undefined);
    assert.match(store.problem ?? '', /not valid JSON/);
    const plan = ok(planFlush(input(firstTurn())));
    assert.equal(applyFlush(plan, ws, store).status, 'written');
    assert.equal(store.get(KEY)?.lastEntryId, 'a2');
    assert.equal(store.problem, undefined);
    assert.equal(fs.readFileSync(`${store.file}.corrupt`, 'utf8'), '{"schema": "openclaw-context/memory-flush-state", "sessions": {');

    fs.writeFileSync(store.file, JSON.stringify({ schema: 'something-else', version: 1, sessions: {} }));
    assert.equal(store.get(KEY), undefined);
    assert.match(store.problem ?? '', /not a v1 flush state file/);
    fs.writeFileSync(store.file, JSON.stringify({ schema: 'openclaw-context/memory-flush-state', version: 1, sessions: { a: { compactionCount: -1, flushedAt: 'x' }, b: { compactionCount: 1, flushedAt: NOW.toISOString() } } }));
    assert.deepEqual([...store.readAll().keys()], ['b']);
    assert.match(store.problem ?? '', /1 invalid session record/);
    assert.equal(path.basename(FlushStateStore.forStateDir('/s').file), FLUSH_STATE_FILE);
    assert.equal(FlushStateStore.forStateDir('/s').file, path.join('/s', 'context', 'memory', 'flush-state.json'));
  });

  it('read-only: applyFlush writes nothing — no day log, no state', function () {
    const { ws, store, input } = setup();
    const plan = ok(planFlush(input(firstTurn())));
    const r = applyFlush(plan, ws, store, { readOnly: true });
    assert.equal(r.status, 'refused');
    assert.equal(r.status === 'refused' && r.code, 'readonly');
    assert.ok(!fs.existsSync(path.join(ws, 'memory')));
    assert.ok(!fs.existsSync(store.file));
    E.reset();
    const nothing = planFlush(input([{ type: 'custom', customType: 'openclaw.cache-ttl', data: {}, id: 'c1', timestamp: E.at(0) }]));
    assert.equal(nothing.status === 'NOTHING_TO_FLUSH' && nothing.reason, 'nothing-memorable');
    assert.equal(applyFlush(nothing, ws, store, { readOnly: true }).status, 'refused');
    assert.ok(!fs.existsSync(store.file));
  });

  it('a day log changed between the preview and the write is refused, and the epoch is not recorded', function () {
    const { ws, store, input } = setup();
    const plan = ok(planFlush(input(firstTurn())));
    fs.mkdirSync(path.join(ws, 'memory'));
    fs.writeFileSync(path.join(ws, 'memory', '2026-03-01.md'), '# written by the agent meanwhile\n');
    const r = applyFlush(plan, ws, store);
    assert.equal(r.status === 'refused' && r.code, 'changed');
    assert.equal(fs.readFileSync(path.join(ws, 'memory', '2026-03-01.md'), 'utf8'), '# written by the agent meanwhile\n');
    assert.equal(store.get(KEY), undefined);
    const again = ok(planFlush(input(firstTurn())));
    assert.equal(applyFlush(again, ws, store).status, 'written', 'a fresh plan goes through');
  });
});

describe('memory flush: the automatic flush line', function () {
  it('flushLine is the gauge’s flushAt: compaction line − softThresholdTokens (176 000 for 200k; the real 32k window: 20 576)', function () {
    const defaults = compactionLines(200_000, compactionSettings({}));
    assert.equal(defaults.flushAt, 176_000);
    assert.equal(flushLine(defaults.compactAt), defaults.flushAt);
    const cfg = JSON.parse(fs.readFileSync(fixturePath('openclaw-real', 'state', 'openclaw.json'), 'utf8')) as Json;
    const real = compactionLines(32_768, compactionSettings(cfg));
    assert.equal(real.compactAt, 24_576);
    assert.equal(flushLine(real.compactAt), real.flushAt);
    assert.equal(flushLine(real.compactAt, 6_000), 18_576);
    assert.equal(flushLine(3_000), 0);
    const g = computeGauge({ row: { key: KEY, sessionId: 's', updatedAt: 0, totalTokens: 21_000, compactionCount: 2 }, context: undefined, window: { tokens: 32_768, source: 'session' }, compaction: compactionSettings(cfg), era: 'sqlite' });
    assert.equal(flushLine(g.compactionAt), g.flushAt);
    assert.equal(g.toFlush, g.flushAt - g.used);
    assert.ok(shouldAutoFlushGauge(g));
    assert.ok(!shouldAutoFlushGauge(g, { record: { compactionCount: 2, flushedAt: NOW.toISOString() } }), 'the gauge’s compactions are the epoch');
    assert.ok(!shouldAutoFlushGauge({ ...g, used: g.flushAt - 1 }));
  });

  it('shouldAutoFlush: at or past the line, enabled, and neither the extension nor OpenClaw flushed in this epoch', function () {
    const rec = (c: number) => ({ compactionCount: c, flushedAt: NOW.toISOString() });
    assert.ok(shouldAutoFlush(20_576, 24_576, { compactionCount: 2 }));
    assert.ok(!shouldAutoFlush(20_575, 24_576, { compactionCount: 2 }));
    assert.ok(!shouldAutoFlush(0, 0));
    assert.ok(!shouldAutoFlush(30_000, 24_576, { compactionCount: 2, record: rec(2) }));
    assert.ok(shouldAutoFlush(30_000, 24_576, { compactionCount: 3, record: rec(2) }));
    assert.ok(!shouldAutoFlush(30_000, 24_576, { compactionCount: 2, openclawFlushedAtCompaction: 2 }));
    assert.ok(shouldAutoFlush(30_000, 24_576, { compactionCount: 2, openclawFlushedAtCompaction: 1 }));
    assert.ok(!shouldAutoFlush(30_000, 24_576, { enabled: false }));
    assert.ok(shouldAutoFlush(30_000, 34_000, { softThresholdTokens: 4_000 }));
    assert.ok(!shouldAutoFlush(30_000, 34_001, { softThresholdTokens: 4_000 }));
  });
});

describe('memory flush: real sessions from the OpenClaw 2026.9.6 agent DB', function () {
  let sessions: Map<string, RealSession>;
  before(function () {
    sessions = loadRealSessions();
  });

  it('agent:main:ext into the real workspace: planned, written, recorded; then the same epoch is refused and the next has nothing new', function () {
    const ws = realWorkspace();
    const store = new FlushStateStore(path.join(path.dirname(ws), 'state', 'context', 'memory'));
    const s = sessions.get('agent:main:ext')!;
    assert.equal(s.compactions, 1);
    const input: PlanFlushInput = { sessionKey: s.row.key, entries: s.entries, compactionCount: s.compactions, now: new Date('2026-11-21T16:00:00Z'), timeZone: 'UTC', workspaceDir: ws, state: store };
    const plan = ok(planFlush(input));
    const log = path.join(ws, 'memory', '2026-11-21.md');
    assert.equal(plan.before, fs.readFileSync(log, 'utf8'));
    assert.ok(plan.section.startsWith('## 16:00 — Compaction pre-flush · agent:main:ext\n'));
    assert.ok(plan.section.includes('- ID: PELICAN-42') && plan.section.includes('rollback owner is now Priya'), plan.section);
    const r = applyFlush(plan, ws, store);
    assert.equal(r.status, 'written');
    assert.equal(fs.readFileSync(log, 'utf8'), plan.after);
    assert.equal(store.get(s.row.key)?.lastEntryId, s.entries[s.entries.length - 1]!.id);
    assert.equal(planFlush(input).status, 'NOTHING_TO_FLUSH');
    const next = planFlush({ ...input, compactionCount: s.compactions + 1 });
    assert.equal(next.status === 'NOTHING_TO_FLUSH' && next.reason, 'no-new-entries');
  });

  it('every real session flushes into a fresh workspace without duplicates across sessions on the same day', function () {
    const ws = realWorkspace();
    const store = new FlushStateStore(path.join(path.dirname(ws), 'state'));
    const now = new Date('2026-11-21T16:00:00Z');
    const written: string[] = [];
    for (const s of [...sessions.values()].sort((a, b) => (a.row.key < b.row.key ? -1 : 1))) {
      const plan = planFlush({ sessionKey: s.row.key, entries: s.entries, compactionCount: s.compactions, now, timeZone: 'UTC', workspaceDir: ws, state: store });
      if (plan.status === 'ok') {
        assert.equal(applyFlush(plan, ws, store).status, 'written');
        written.push(...plan.facts.map((f) => f.text));
      }
    }
    assert.ok(written.length >= 10, String(written.length));
    const log = fs.readFileSync(path.join(ws, 'memory', '2026-11-21.md'), 'utf8');
    const bullets = log.split('\n').filter((l) => l.startsWith('- '));
    assert.equal(new Set(bullets).size, bullets.length - 2, 'only the fixture’s own duplicated section repeats');
    assert.equal(log.match(/- ID: PELICAN-42/g)?.length, 1);
  });
});
