/**
 * Rows of the Tools & Skills view (src/core/memory/toolsViewModel.ts): the real OpenClaw 2026.9.6 agent
 * DB's exec/read/write figures as the view shows them, and crafted figures for every rule (plurals,
 * unfinished calls, unknown durations and rates, icon levels, error rows cut to 80 characters, skills,
 * groups, markdown-safe tooltips).
 */
import assert from 'node:assert/strict';
import { formatRate, toolStats, type SkillStat, type ToolStat, type ToolStats } from '../../src/core/memory/toolStats';
import {
  ERROR_LABEL_CHARS,
  hasToolStats,
  skillDescription,
  skillRow,
  skillsGroupRow,
  toolDescription,
  toolErrorRow,
  toolRow,
  toolsGroupRow,
} from '../../src/core/memory/toolsViewModel';
import { realDbSessions } from './helpers';

function tool(over: Partial<ToolStat> = {}): ToolStat {
  return { name: 'exec', calls: 4, ok: 4, errors: 0, unfinished: 0, successRate: 1, timed: 4, meanMs: 514.75, p95Ms: 1673, commonErrors: [], ...over };
}

function skill(over: Partial<SkillStat> = {}): SkillStat {
  return { name: 'create-presentation', reads: 3, sessions: 2, sessionKeys: ['agent:main:a', 'agent:main:b'], outcomes: { ok: 2, error: 1, unknown: 0 }, successRate: 2 / 3, paths: ['skills/create-presentation/SKILL.md'], lastReadAt: 0, ...over };
}

function stats(over: Partial<ToolStats> = {}): ToolStats {
  return { tools: [tool()], skills: [], totalCalls: 4, sessions: 1, ...over };
}

describe('Tools view rows (toolsViewModel)', function () {
  this.timeout(30_000);

  it('the real agent DB: exec — 4 calls · 100% · mean 515ms · p95 1.7s, then read and write', function () {
    const st = toolStats(realDbSessions().map(({ key, sessionId, entries }) => ({ key, sessionId, entries })));
    const rows = st.tools.map(toolRow);
    assert.deepEqual(
      rows.map((r) => r.text),
      ['exec — 4 calls · 100% · mean 515ms · p95 1.7s', 'read — 2 calls · 100% · mean 137ms · p95 245ms', 'write — 1 call · 100% · mean 64ms · p95 64ms'],
    );
    assert.equal(rows[0]!.label, 'exec');
    assert.equal(rows[0]!.description, '4 calls · 100% · mean 515ms · p95 1.7s');
    assert.equal(rows[0]!.icon, 'tools');
    assert.equal(rows[0]!.color, undefined);
    assert.equal(rows[0]!.expandable, false, 'no errors: nothing to expand');
    assert.equal(rows[0]!.id, 'tool:exec');
    assert.match(rows[0]!.tooltip, /4 calls: 4 ok, 0 failed/);
    assert.match(rows[0]!.tooltip, /mean 515ms, p95 1\.7s \(4 timed calls\)/);
    const group = toolsGroupRow(st, 12.4);
    assert.equal(group.text, `Tools — ${st.totalCalls} calls in ${st.sessions} sessions`);
    assert.match(group.tooltip, /computed in 12ms/);
    assert.equal(hasToolStats(st), true);
  });

  it('plurals, unfinished calls, unknown durations and a rate with no finished call', function () {
    assert.equal(toolDescription(tool({ calls: 1, ok: 1, timed: 1, meanMs: 64, p95Ms: 64 })), '1 call · 100% · mean 64ms · p95 64ms');
    assert.equal(toolDescription(tool({ calls: 5, ok: 3, unfinished: 2, successRate: 1 })), '5 calls · 100% · mean 515ms · p95 1.7s · 2 unfinished');
    assert.equal(toolDescription(tool({ timed: 0, meanMs: null, p95Ms: null })), '4 calls · 100%');
    const none = tool({ calls: 2, ok: 0, unfinished: 2, successRate: null, timed: 0, meanMs: null, p95Ms: null });
    assert.equal(toolDescription(none), '2 calls · no finished calls · 2 unfinished');
    const r = toolRow(none);
    assert.equal(r.color, 'disabledForeground');
    assert.match(r.tooltip, /success rate: no call finished/);
    assert.match(r.tooltip, /duration: unknown/);
    assert.match(r.tooltip, /2 without a result/);
    assert.equal(toolDescription(tool({ calls: 12_345, ok: 12_345 })), '12,345 calls · 100% · mean 515ms · p95 1.7s');
  });

  it('rates as toolStats formats them: under 100 % never shows 100 %; the icon warns under 90 % and turns red under 50 %', function () {
    assert.equal(toolDescription(tool({ successRate: 0.996 })).split(' · ')[1], '99%');
    assert.equal(toolDescription(tool({ successRate: 0.001 })).split(' · ')[1], formatRate(0.001));
    assert.equal(toolRow(tool({ successRate: 0.95 })).icon, 'tools');
    const warn = toolRow(tool({ successRate: 0.75, errors: 1, ok: 3, commonErrors: [{ message: 'Command exited with code <n>', count: 1 }] }));
    assert.equal(warn.icon, 'warning');
    assert.equal(warn.color, 'list.warningForeground');
    assert.equal(warn.expandable, true, 'errors: the row expands to them');
    const bad = toolRow(tool({ successRate: 0.25 }));
    assert.equal(bad.icon, 'error');
    assert.equal(bad.color, 'errorForeground');
  });

  it('error rows: the normalised message (one line, cut at 80 characters with …), ×count, the share in the tooltip', function () {
    const t = tool({ errors: 4, ok: 0, successRate: 0, commonErrors: [{ message: 'Command exited with code <n>', count: 3 }] });
    const r = toolErrorRow(t, t.commonErrors[0]!, 0);
    assert.equal(r.label, 'Command exited with code <n>');
    assert.equal(r.description, '×3');
    assert.equal(r.text, 'Command exited with code <n> — ×3');
    assert.equal(r.id, 'tool:exec:error:0');
    assert.equal(r.icon, 'error');
    assert.match(r.tooltip, /failed 3 times \(75% of its errors\) with:/);
    assert.match(r.tooltip, /```\nCommand exited with code <n>\n```/);
    const long = 'x'.repeat(50) + ' \n ' + '日本語'.repeat(20);
    const lr = toolErrorRow(t, { message: long, count: 1 }, 1);
    assert.equal(Array.from(lr.label).length, ERROR_LABEL_CHARS);
    assert.ok(lr.label.endsWith('…'));
    assert.ok(!lr.label.includes('\n'));
    assert.equal(toolErrorRow(t, { message: '   ', count: 1 }, 2).label, '(empty error message)');
    assert.ok(!toolErrorRow(t, { message: 'a ``` b', count: 1 }, 3).tooltip.includes('a ```'), 'a fence in the message cannot close the tooltip block');
  });

  it('skill rows: reads · sessions · ok rate, outcome unknown, a warning under 90 %, paths and sessions in the tooltip', function () {
    assert.equal(skillDescription(skill()), '3 reads · 2 sessions · 67% ok');
    assert.equal(skillDescription(skill({ reads: 1, sessions: 1, successRate: null, outcomes: { ok: 0, error: 0, unknown: 1 } })), '1 read · 1 session · outcome unknown');
    const r = skillRow(skill({ lastReadAt: Date.UTC(2026, 10, 21, 9), name: 'a*b' }), Date.UTC(2026, 10, 21, 12));
    assert.equal(r.icon, 'warning', '67 % is under 90 %');
    assert.equal(r.id, 'skill:a*b');
    assert.match(r.tooltip, /^\*\*a\\\*b\*\* \(skill\)/, 'markdown in the name is escaped');
    assert.match(r.tooltip, /last 3h ago/);
    assert.match(r.tooltip, /`skills\/create-presentation\/SKILL\.md`/);
    assert.match(r.tooltip, /sessions: agent:main:a, agent:main:b/);
    assert.equal(skillRow(skill({ successRate: 1, outcomes: { ok: 3, error: 0, unknown: 0 } })).icon, 'mortar-board');
  });

  it('groups and whether the view has anything to show', function () {
    const st = stats({ skills: [skill(), skill({ name: 'b', reads: 2 })] });
    assert.equal(toolsGroupRow(st).text, 'Tools — 4 calls in 1 session');
    assert.equal(toolsGroupRow(st).expandable, true);
    assert.equal(skillsGroupRow(st).text, 'Skills — 2 skills, 5 reads');
    const empty = stats({ tools: [], totalCalls: 0, sessions: 3 });
    assert.equal(toolsGroupRow(empty).text, 'Tools — no calls in 3 sessions');
    assert.equal(toolsGroupRow(empty).expandable, false);
    assert.equal(hasToolStats(empty), false);
    assert.equal(hasToolStats(undefined), false);
    assert.equal(hasToolStats(stats({ tools: [], skills: [skill()] })), true, 'a skill read alone is something to show');
  });
});
