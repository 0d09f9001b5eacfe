/**
 * Mechanical dreaming (src/core/memory/dream/, seed 003 §27.5): candidates from the last 7 days of daily
 * logs (scoring, window in the user's time zone), de-duplication against MEMORY.md, the files it points to
 * and DREAMS.md, the DREAMS.md block (hand edits survive, garbage is tolerated), accept / reject as
 * before/after previews, seed 000's limits (pointer line ≤ 150 characters, MEMORY.md ≤ 800 tokens),
 * read-only and changed-under-us refusals. Real data: the fixture workspace (copied), and a day log
 * written by the flush from the real agent DB.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { codePoints } from '../../src/core/transcript/text';
import { DREAMS_BLOCK_END, DREAMS_BLOCK_START, dreamId, parseDreams } from '../../src/core/memory/dream/candidates';
import { isKnown, loadKnownMemory, memoryPointers } from '../../src/core/memory/dream/known';
import { planDream, type DreamPlan, type DreamPlanOk } from '../../src/core/memory/dream/plan';
import { planAccept, planReject, pointerLine, type AcceptPlan } from '../../src/core/memory/dream/decide';
import { applyDreamPlan } from '../../src/core/memory/dream/apply';
import { applyFlush, FlushStateStore, planFlush, type FlushPlanOk } from '../../src/core/memory/flush';
import { estimateTokens } from '../../src/core/tokens/estimator';
import { tmpDir } from './helpers';
import { loadRealSessions, realWorkspace } from './support/realData';

const NOW = new Date('2026-11-21T20:00:00Z');

function ok(plan: DreamPlan): DreamPlanOk {
  assert.equal(plan.status, 'ok', plan.status === 'NOTHING_TO_DREAM' ? `${plan.reason}: ${plan.message}` : '');
  return plan as DreamPlanOk;
}

/** A workspace with `files` (relative path → text). */
function workspace(files: Record<string, string>): string {
  const ws = path.join(tmpDir('occtx-dream-'), 'workspace');
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    fs.writeFileSync(path.join(ws, rel), text);
  }
  fs.mkdirSync(ws, { recursive: true });
  return ws;
}

const read = (ws: string, rel: string): string | undefined => (fs.existsSync(path.join(ws, rel)) ? fs.readFileSync(path.join(ws, rel), 'utf8') : undefined);

const day = (date: string, ...sections: string[]): string => `# ${date}\n\n${sections.join('\n\n')}\n`;

describe('memory dream: candidates from the real fixture workspace', function () {
  it('stages the repeated fact and the preference, with stable ids, in a new DREAMS.md block; a second run adds nothing', function () {
    const ws = realWorkspace();
    const plan = ok(planDream({ workspaceDir: ws, now: NOW, timeZone: 'UTC' }));
    assert.deepEqual(plan.daysRead, ['2026-11-21']);
    assert.deepEqual(
      plan.added.map((c) => [c.id, c.category, c.mentions, c.sourceDays, c.finding]),
      [
        [dreamId('Preference: answers in English and 中文.'), 'preference', 2, ['2026-11-21'], 'Preference: answers in English and 中文.'],
        [dreamId('FAKE-MEMORY: user is testing OpenClaw compaction (ids: ORD-4471, TICKET-981).'), 'fact', 2, ['2026-11-21'], 'FAKE-MEMORY: user is testing OpenClaw compaction (ids: ORD-4471, TICKET-981).'],
      ],
    );
    assert.match(plan.added[0]!.id, /^dream-[0-9a-f]{10}$/);
    assert.equal(plan.before, '');
    assert.ok(plan.after.startsWith(`# DREAMS.md\n\n${DREAMS_BLOCK_START}\n## Candidate Memory Items (Pending Review)\n`));
    assert.ok(plan.after.endsWith(`${DREAMS_BLOCK_END}\n`));
    assert.ok(plan.after.includes(`### [${plan.added[0]!.id}] Preference: answers in English and 中文.\n- Status: pending\n- Category: preference\n- Source days: 2026-11-21\n- Mentions: 2 · Score: 10.0\n- Suggested action: add a pointer to MEMORY.md → memory/2026-11-21.md\n`));
    assert.equal(read(ws, 'DREAMS.md'), undefined, 'planning writes nothing');
    assert.deepEqual(applyDreamPlan(plan, ws), { status: 'written', files: [path.join(ws, 'DREAMS.md')] });
    assert.equal(read(ws, 'DREAMS.md'), plan.after);
    assert.deepEqual(
      parseDreams(plan.after).candidates.map((c) => [c.id, c.status, c.finding, c.score]),
      plan.added.map((c) => [c.id, 'pending', c.finding, c.score]),
    );
    const again = planDream({ workspaceDir: ws, now: NOW, timeZone: 'UTC' });
    assert.equal(again.status === 'NOTHING_TO_DREAM' && again.reason, 'all-known');
    assert.equal(again.skipped.staged, 2);
  });

  it('a day log the flush wrote from the real agent DB feeds dreaming the next day', function () {
    const ws = realWorkspace();
    const store = new FlushStateStore(path.join(path.dirname(ws), 'state'));
    const s = loadRealSessions().get('agent:main:ext')!;
    for (const [d, count] of [
      ['2026-11-20T16:00:00Z', 0],
      ['2026-11-21T16:00:00Z', 1],
    ] as const) {
      const plan = planFlush({ sessionKey: s.row.key, entries: s.entries, compactionCount: count, now: new Date(d), timeZone: 'UTC', workspaceDir: ws, state: undefined });
      assert.equal(applyFlush(plan as FlushPlanOk, ws, store).status, 'written');
    }
    const plan = ok(planDream({ workspaceDir: ws, now: new Date('2026-11-22T08:00:00Z'), timeZone: 'UTC' }));
    const pelican = plan.added.find((c) => c.finding === 'ID: PELICAN-42');
    assert.ok(pelican, plan.added.map((c) => c.finding).join(' | '));
    assert.deepEqual(pelican.sourceDays, ['2026-11-20', '2026-11-21']);
    assert.ok(!plan.added.some((c) => c.category === 'progress'), 'task progress is never promoted');
    assert.ok(plan.added.every((c) => c.score >= plan.added[plan.added.length - 1]!.score), 'best first');
    for (let i = 1; i < plan.added.length; i++) assert.ok(plan.added[i - 1]!.score >= plan.added[i]!.score);
  });
});

describe('memory dream: scoring and the 7-day window', function () {
  const logs = {
    'memory/2026-11-13.md': day('2026-11-13', '- Decided: too old to count'),
    'memory/2026-11-15.md': day('2026-11-15', '- The build server is ci-7.'),
    'memory/2026-11-19.md': day('2026-11-19', '- The build server is ci-7.', '**Open items:**\n- TODO: rotate the staging certificate'),
    'memory/2026-11-21.md': day(
      '2026-11-21',
      '## 10:00 — Compaction pre-flush · agent:main:main\n\n**Decisions:**\n- Use RS256 for JWT signing.\n\n**Facts:**\n- The build server is ci-7.\n- Seen once only.\n- Seen twice today.\n- Seen twice today.\n\n**Task progress:**\n- Current task: write tests\n- Current task: write tests\n\n**Open items:**\n- TODO: rotate the staging certificate\n- TODO: a one-day open item\n- TODO: a one-day open item',
    ),
  };

  it('eligible: preferences and decisions, facts mentioned twice, open items on two days; never progress; scored by days, mentions, recency, category', function () {
    const ws = workspace(logs);
    const plan = ok(planDream({ workspaceDir: ws, now: NOW, timeZone: 'UTC' }));
    assert.deepEqual(plan.daysRead, ['2026-11-15', '2026-11-19', '2026-11-21']);
    assert.deepEqual(
      plan.added.map((c) => [c.finding, c.category, c.sourceDays.length, c.mentions, c.score]),
      [
        ['The build server is ci-7.', 'fact', 3, 3, 15.0],
        ['TODO: rotate the staging certificate', 'open', 2, 2, 10.0],
        ['Use RS256 for JWT signing.', 'decision', 1, 1, 9.0],
        ['Seen twice today.', 'fact', 1, 2, 8.0],
      ],
    );
    assert.ok(!JSON.stringify(plan.added).includes('too old'), 'outside the 7-day window');
    assert.equal(plan.skipped.ineligible, 3, 'seen once, the progress line, the one-day open item');
    const three = ok(planDream({ workspaceDir: ws, now: NOW, timeZone: 'UTC', days: 3 }));
    assert.deepEqual(three.daysRead, ['2026-11-19', '2026-11-21']);
  });

  it('the window is in the user’s time zone: 23:30 UTC on the 21st is the 22nd in Asia/Shanghai', function () {
    const ws = workspace({ 'memory/2026-11-15.md': day('2026-11-15', '- Decided: keep Shanghai dates'), 'memory/2026-11-22.md': day('2026-11-22', '- Decided: ship on the 22nd') });
    const late = new Date('2026-11-21T23:30:00Z');
    assert.deepEqual(ok(planDream({ workspaceDir: ws, now: late, timeZone: 'Asia/Shanghai' })).daysRead, ['2026-11-22']);
    assert.deepEqual(ok(planDream({ workspaceDir: ws, now: late, timeZone: 'UTC' })).daysRead, ['2026-11-15']);
    const none = planDream({ workspaceDir: workspace({}), now: NOW, timeZone: 'UTC' });
    assert.equal(none.status === 'NOTHING_TO_DREAM' && none.reason, 'no-daily-logs');
  });

  it('secrets in a day log never reach DREAMS.md', function () {
    const ws = workspace({ 'memory/2026-11-21.md': day('2026-11-21', '**Decisions:**\n- Use the key sk-proj-AbCdEf0123456789GhIjKlMnOp for staging') });
    const plan = ok(planDream({ workspaceDir: ws, now: NOW, timeZone: 'UTC' }));
    assert.ok(!plan.after.includes('sk-proj-AbCdEf0123456789GhIjKlMnOp'));
    assert.ok(plan.after.includes('Use the key [REDACTED] for staging'));
  });
});

describe('memory dream: de-duplication against long-term memory', function () {
  it('a fact MEMORY.md already has (same line, contained, or ≥ 85 % of its words) is not proposed; nor one in a file MEMORY.md points to', function () {
    const ws = realWorkspace();
    fs.writeFileSync(path.join(ws, 'MEMORY.md'), `${fs.readFileSync(path.join(ws, 'MEMORY.md'), 'utf8')}- Decisions → memories/decisions.md\n- Plan: [plan](notes/plan.md)\n- Yesterday → memory/2026-11-20.md\n`);
    fs.mkdirSync(path.join(ws, 'memories'));
    fs.writeFileSync(path.join(ws, 'memories', 'decisions.md'), '# Decisions\n\n- Use RS256 for JWT signing: services verify with the public key.\n');
    const extra = [
      '**Decisions:**',
      '- The user is testing OpenClaw offline with a fake model (scripted-1).', // = a MEMORY.md line
      '- Use RS256 for JWT signing.', // contained in memories/decisions.md
      '- Wire it into src/cli.ts', // a line of notes/plan.md (a markdown link)
      '- Testing OpenClaw offline with the fake model scripted-1', // most words of a MEMORY.md line
      '- Ship the parser before BLUE-HERON goes live', // new
    ].join('\n');
    fs.appendFileSync(path.join(ws, 'memory', '2026-11-21.md'), `\n${extra}\n`);
    fs.writeFileSync(path.join(ws, 'memory', '2026-11-20.md'), day('2026-11-20', '**Decisions:**\n- Keep yesterday’s log separate'));
    const plan = ok(planDream({ workspaceDir: ws, now: NOW, timeZone: 'UTC' }));
    const findings = plan.added.map((c) => c.finding);
    assert.ok(findings.includes('Ship the parser before BLUE-HERON goes live'), findings.join(' | '));
    assert.ok(findings.includes('Keep yesterday’s log separate'), 'a daily log MEMORY.md points to is not long-term memory');
    for (const known of ['The user is testing OpenClaw offline', 'Use RS256', 'Wire it into', 'Testing OpenClaw offline']) assert.ok(!findings.some((f) => f.startsWith(known)), known);
    assert.equal(plan.skipped.known, 4);
    // a short finding only the label-stripped key catches (too short to be contained, too few words)
    const short = workspace({ 'MEMORY.md': '- Use pnpm\n', 'memory/2026-11-21.md': day('2026-11-21', '**Decisions:**\n- Decided: use pnpm\n- Decided: use yarn') });
    assert.deepEqual(
      ok(planDream({ workspaceDir: short, now: NOW, timeZone: 'UTC' })).added.map((c) => c.finding),
      ['Decided: use yarn'],
    );
    const mem = loadKnownMemory(ws);
    assert.deepEqual(mem.files, ['MEMORY.md', 'memories/decisions.md', 'notes/plan.md']);
    assert.ok(isKnown(mem, '- project codename: blue-heron. ticket: TICKET-981'));
    assert.ok(!isKnown(mem, 'Project codename: OSPREY-7'));
  });

  it('memoryPointers: lint/pointers.ts’s pointer forms (arrows, links, backticked memories/ paths); URLs, absolute, home and ../ targets are not followed', function () {
    assert.deepEqual(memoryPointers('- a → memories/project.md\n- [b](notes/b.md#x)\n- `memories/c.yaml` and e/f.md.\n- [web](https://x.dev/a.md) → /etc/g.md → ~/h.md → ../up.md'), ['memories/project.md', 'notes/b.md', 'memories/c.yaml']);
    assert.deepEqual(loadKnownMemory(workspace({ 'MEMORY.md': '- x → ../outside.md\n' })).files, ['MEMORY.md'], 'outside the workspace: not read');
  });

  it('uses memory.md when MEMORY.md is absent and dreams.md when only that exists (OpenClaw’s rules)', function () {
    const ws = workspace({ 'memory.md': '- Use RS256 for JWT signing.\n', 'dreams.md': '# Dream diary\n\nA narrative entry.\n', 'memory/2026-11-21.md': day('2026-11-21', '**Decisions:**\n- Use RS256 for JWT signing.\n- Prefer small commits') });
    const plan = ok(planDream({ workspaceDir: ws, now: NOW, timeZone: 'UTC' }));
    assert.equal(plan.targetRel, 'dreams.md');
    assert.deepEqual(
      plan.added.map((c) => c.finding),
      ['Prefer small commits'],
    );
    assert.ok(plan.after.startsWith('# Dream diary\n\nA narrative entry.\n\n<!-- openclaw-context:dreams:start -->\n'), 'OpenClaw’s own diary text is kept');
  });
});

describe('memory dream: DREAMS.md parsing and hand edits', function () {
  it('robust to hand edits: status synonyms, bold keys, unknown status, duplicate ids, missing finding, lost markers, garbage', function () {
    const text = [
      'random preamble',
      DREAMS_BLOCK_START,
      '### [dream-aaaaaaaaaa] First',
      '- **Status:** Accepted ✅ (2026-11-20)',
      '- Source days: 2026-11-19, 2026-11-18, junk',
      '- Mentions: 4 · Score: 12.5',
      '- a note the user added',
      '### [DREAM-BBBBBBBBBB] Second',
      'status: no',
      '### [dream-cccccccccc] Third',
      '- Status: maybe later',
      '### [dream-aaaaaaaaaa] Duplicate',
      '### [dream-dddddddddd]',
      '- Finding: from a field',
      '### [dream-eeeeeeeeee]',
      '- Status: pending',
      '\u0000\u0001 {"json": [1,2]} ### not a heading',
      '### [dream-ffffffffff] Outside after a lost end marker?',
    ].join('\n');
    const p = parseDreams(text);
    assert.deepEqual(
      p.candidates.map((c) => [c.id, c.status, c.finding, c.inBlock]),
      [
        ['dream-aaaaaaaaaa', 'accepted', 'First', true],
        ['dream-bbbbbbbbbb', 'rejected', 'Second', true],
        ['dream-cccccccccc', 'pending', 'Third', true],
        ['dream-dddddddddd', 'pending', 'from a field', true],
        ['dream-ffffffffff', 'pending', 'Outside after a lost end marker?', true],
      ],
    );
    const first = p.candidates[0]!;
    assert.deepEqual([first.sourceDays, first.mentions, first.score, first.decidedOn, first.pointer], [['2026-11-18', '2026-11-19'], 4, 12.5, '2026-11-20', 'memory/2026-11-19.md']);
    assert.equal(p.warnings.length, 4, p.warnings.join('\n'));
    assert.ok(p.warnings.some((w) => w.includes('end marker')));
    assert.ok(p.warnings.some((w) => w.includes('unknown status "maybe later"')));
    assert.ok(p.warnings.some((w) => w.includes('more than once')));
    assert.ok(p.warnings.some((w) => w.includes('dream-eeeeeeeeee') && w.includes('no finding')));
    for (const garbage of ['', '\u0000'.repeat(100), '### [dream-', '#'.repeat(10_000), 'x\n'.repeat(10_000), '<!-- openclaw-context:dreams:end -->']) assert.doesNotThrow(() => parseDreams(garbage));
    assert.deepEqual(parseDreams('### [2026-04-15 Session Replay]\nFinding: the seed’s own example\n').candidates, [], 'entries of other writers are not ours');
  });

  it('a new run appends before the end marker and keeps every existing section and the text outside the block verbatim', function () {
    const ws = realWorkspace();
    const first = ok(planDream({ workspaceDir: ws, now: NOW, timeZone: 'UTC' }));
    applyDreamPlan(first, ws);
    const edited = `${read(ws, 'DREAMS.md')!.replace('- Status: pending', '- Status: pending\n- my own note: check with the team')}\n## OpenClaw dream diary\n\nNarrative written by OpenClaw.\n`;
    fs.writeFileSync(path.join(ws, 'DREAMS.md'), edited);
    fs.writeFileSync(path.join(ws, 'memory', '2026-11-20.md'), day('2026-11-20', '**Decisions:**\n- Never deploy on Fridays'));
    const second = ok(planDream({ workspaceDir: ws, now: NOW, timeZone: 'UTC' }));
    assert.deepEqual(
      second.added.map((c) => c.finding),
      ['Never deploy on Fridays'],
    );
    const endAt = edited.indexOf(DREAMS_BLOCK_END);
    assert.equal(second.after.slice(0, endAt), edited.slice(0, endAt), 'everything before the end marker is unchanged');
    assert.ok(second.after.endsWith(`${DREAMS_BLOCK_END}\n\n## OpenClaw dream diary\n\nNarrative written by OpenClaw.\n`));
    assert.ok(second.after.includes('- my own note: check with the team'));
    assert.equal(parseDreams(second.after).candidates.length, 3);
  });
});

describe('memory dream: accept and reject', function () {
  function staged(): { ws: string; pref: string; fact: string } {
    const ws = realWorkspace();
    const plan = ok(planDream({ workspaceDir: ws, now: NOW, timeZone: 'UTC' }));
    applyDreamPlan(plan, ws);
    return { ws, pref: plan.added[0]!.id, fact: plan.added[1]!.id };
  }

  it('planAccept: one pointer line appended to MEMORY.md and one status line changed in DREAMS.md, as before/after; apply writes both', function () {
    const { ws, pref } = staged();
    const memBefore = read(ws, 'MEMORY.md')!;
    const dreamsBefore = read(ws, 'DREAMS.md')!;
    const plan = planAccept(pref, ws, { now: NOW, timeZone: 'UTC' });
    assert.equal(plan.status, 'ok', plan.message);
    assert.equal(plan.memory!.line, '- Preference: answers in English and 中文. → memory/2026-11-21.md');
    assert.equal(plan.memory!.before, memBefore);
    assert.equal(plan.memory!.after, `${memBefore}${plan.memory!.line}\n`);
    assert.equal(plan.memory!.tokensAfter, Math.round(estimateTokens(plan.memory!.after)));
    assert.equal(plan.dreams!.before, dreamsBefore);
    const changed = plan.dreams!.after.split('\n').filter((l, i) => l !== dreamsBefore.split('\n')[i]);
    assert.deepEqual(changed, ['- Status: accepted (2026-11-21)']);
    assert.equal(read(ws, 'MEMORY.md'), memBefore, 'planning writes nothing');
    const r = applyDreamPlan(plan, ws);
    assert.equal(r.status, 'written');
    assert.equal(read(ws, 'MEMORY.md'), plan.memory!.after);
    assert.equal(read(ws, 'DREAMS.md'), plan.dreams!.after);
    const again = planAccept(pref, ws);
    assert.equal(again.status === 'refused' && again.reason, 'already-accepted');
    assert.equal(planAccept('dream-0000000000', ws).reason, 'not-found');
    assert.equal(applyDreamPlan(again, ws).status, 'refused');
    // accepted pointers make the fact known: it is not proposed again even if its DREAMS.md section is deleted
    fs.writeFileSync(path.join(ws, 'DREAMS.md'), '');
    const re = ok(planDream({ workspaceDir: ws, now: NOW, timeZone: 'UTC' }));
    assert.deepEqual(
      re.added.map((c) => c.category),
      ['fact'],
    );
  });

  it('pointer lines stay ≤ 150 characters; a memory already in MEMORY.md changes only DREAMS.md', function () {
    const long = `Decided: ${'use the long explanation '.repeat(12)}`;
    assert.ok(codePoints(pointerLine({ finding: long, pointer: 'memory/2026-11-21.md' })) <= 150);
    assert.ok(pointerLine({ finding: long, pointer: 'memory/2026-11-21.md' }).endsWith('… → memory/2026-11-21.md'));
    assert.equal(codePoints(pointerLine({ finding: '中'.repeat(400) })), 150);

    const { ws, fact } = staged();
    fs.appendFileSync(path.join(ws, 'MEMORY.md'), '- FAKE-MEMORY: user is testing OpenClaw compaction (ids: ORD-4471, TICKET-981).\n');
    const plan = planAccept(fact, ws);
    assert.equal(plan.status, 'ok');
    assert.ok(plan.memory!.alreadyPresent);
    assert.equal(plan.memory!.after, plan.memory!.before);
    const before = read(ws, 'MEMORY.md');
    assert.equal(applyDreamPlan(plan, ws).status, 'written');
    assert.equal(read(ws, 'MEMORY.md'), before);
    assert.equal(parseDreams(read(ws, 'DREAMS.md')!).candidates.find((c) => c.id === fact)?.status, 'accepted');
  });

  it('refuses when MEMORY.md would exceed 800 tokens (seed 000), unless allowed — then it warns', function () {
    const { ws, pref } = staged();
    const filler = Array.from({ length: 60 }, (_, i) => `- Pointer number ${i} to a detail file → memories/detail-${i}.md`).join('\n');
    fs.writeFileSync(path.join(ws, 'MEMORY.md'), `# MEMORY.md\n\n${filler}\n`);
    const refused = planAccept(pref, ws);
    assert.equal(refused.status, 'refused');
    assert.equal(refused.reason, 'memory-over-budget');
    assert.ok(refused.memory!.tokensAfter > 800 && refused.memory!.tokensBefore <= refused.memory!.tokensAfter);
    assert.equal(refused.dreams, undefined);
    assert.equal(applyDreamPlan(refused, ws).status, 'refused');
    const allowed = planAccept(pref, ws, { allowOverBudget: true });
    assert.equal(allowed.status, 'ok');
    assert.ok(allowed.warnings.some((w) => w.includes('800')));
    const roomy = planAccept(pref, ws, { maxTokens: 5_000 });
    assert.equal(roomy.status, 'ok');
    assert.deepEqual(roomy.warnings, []);
  });

  it('planReject marks the candidate rejected; a rejected candidate is not proposed again; it can still be accepted later', function () {
    const { ws, fact } = staged();
    const before = read(ws, 'DREAMS.md')!;
    const plan = planReject(fact, ws, { now: NOW, timeZone: 'UTC' });
    assert.equal(plan.status, 'ok');
    assert.equal(plan.dreams!.after, before.replace(/(\[dream-[0-9a-f]{10}\] FAKE-MEMORY[^\n]*\n)- Status: pending/, '$1- Status: rejected (2026-11-21)'));
    assert.equal(applyDreamPlan(plan, ws).status, 'written');
    assert.equal(planReject(fact, ws).reason, 'already-rejected');
    const re = planDream({ workspaceDir: ws, now: NOW, timeZone: 'UTC' });
    assert.equal(re.status, 'NOTHING_TO_DREAM');
    assert.equal(re.skipped.staged, 2);
    assert.equal(planAccept(fact, ws).status, 'ok');
  });

  it('a candidate without a status line gets one; a hand-edited finding is what the pointer says', function () {
    const ws = workspace({ 'DREAMS.md': `${DREAMS_BLOCK_START}\n### [dream-0123456789] Deploys happen on Tuesdays at 14:00 UTC\n- Source days: 2026-11-19\n${DREAMS_BLOCK_END}\n`, 'MEMORY.md': '# MEMORY.md\n' });
    const plan = planAccept('dream-0123456789', ws);
    assert.equal(plan.memory!.line, '- Deploys happen on Tuesdays at 14:00 UTC → memory/2026-11-19.md');
    assert.ok(plan.dreams!.after.includes('### [dream-0123456789] Deploys happen on Tuesdays at 14:00 UTC\n- Status: accepted\n- Source days'));
  });
});

describe('memory dream: read-only and changed-under-us', function () {
  it('read-only: nothing is written (no DREAMS.md, MEMORY.md unchanged)', function () {
    const ws = realWorkspace();
    const memory = read(ws, 'MEMORY.md');
    const plan = ok(planDream({ workspaceDir: ws, now: NOW, timeZone: 'UTC' }));
    const r = applyDreamPlan(plan, ws, { readOnly: true });
    assert.equal(r.status === 'refused' && r.code, 'readonly');
    assert.equal(read(ws, 'DREAMS.md'), undefined);
    applyDreamPlan(plan, ws);
    const accept = planAccept(plan.added[0]!.id, ws);
    const dreams = read(ws, 'DREAMS.md');
    assert.equal(applyDreamPlan(accept, ws, { readOnly: true }).status, 'refused');
    assert.equal(read(ws, 'MEMORY.md'), memory);
    assert.equal(read(ws, 'DREAMS.md'), dreams);
  });

  it('a file changed between the preview and the write is refused, and neither file is written', function () {
    const ws = realWorkspace();
    applyDreamPlan(ok(planDream({ workspaceDir: ws, now: NOW, timeZone: 'UTC' })), ws);
    const plan: AcceptPlan = planAccept(parseDreams(read(ws, 'DREAMS.md')!).candidates[0]!.id, ws);
    const dreams = read(ws, 'DREAMS.md');
    fs.appendFileSync(path.join(ws, 'MEMORY.md'), '- added by the agent meanwhile\n');
    const r = applyDreamPlan(plan, ws);
    assert.equal(r.status === 'refused' && r.code, 'changed');
    assert.equal(read(ws, 'DREAMS.md'), dreams, 'DREAMS.md is not written either');
    assert.ok(read(ws, 'MEMORY.md')!.endsWith('- added by the agent meanwhile\n'));

    // the second file changed, the first did not: still nothing is written (all are checked first)
    const ws3 = realWorkspace();
    applyDreamPlan(ok(planDream({ workspaceDir: ws3, now: NOW, timeZone: 'UTC' })), ws3);
    const plan3 = planAccept(parseDreams(read(ws3, 'DREAMS.md')!).candidates[0]!.id, ws3);
    const memory3 = read(ws3, 'MEMORY.md');
    fs.appendFileSync(path.join(ws3, 'DREAMS.md'), 'a hand edit meanwhile\n');
    assert.equal((applyDreamPlan(plan3, ws3) as { code?: string }).code, 'changed');
    assert.equal(read(ws3, 'MEMORY.md'), memory3, 'MEMORY.md is not written when DREAMS.md changed');

    const dream = ok(planDream({ workspaceDir: realWorkspace(), now: NOW, timeZone: 'UTC' }));
    const ws2 = realWorkspace();
    fs.writeFileSync(path.join(ws2, 'DREAMS.md'), 'someone else wrote this\n');
    assert.equal((applyDreamPlan(dream, ws2) as { code?: string }).code, 'changed');
    assert.equal(read(ws2, 'DREAMS.md'), 'someone else wrote this\n');
  });
});
