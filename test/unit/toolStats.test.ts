/**
 * Tool and skill usage statistics (src/core/memory/toolStats.ts) and their seed-004 markdown block.
 *
 * Real data: every transcript of the real OpenClaw 2026.9.6 agent DB (read with SqliteSessionStore) —
 * its exec/read/write calls, whose durations are checked against the entry timestamps by hand below — and
 * pi-mono's JSONL excerpt whose tool calls never got results. Crafted transcripts pin down each rule:
 * durations and nearest-rank p95, errors and their normalisation, unfinished calls, clock skew, copies,
 * skills and turn outcomes.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import {
  normalizeToolError,
  percentileNearestRank,
  type ToolStats,
  toolStats,
  toolStatsMarkdown,
  type ToolStatsSession,
  formatDuration,
  formatRate,
} from '../../src/core/memory/toolStats';
import { SqliteSessionStore } from '../../src/core/store/sqliteStore';
import { fixturePath, realDbSessions as realDbSessionsOf, realTranscriptDumps } from './helpers';

type Json = Record<string, unknown>;

// ---------------------------------------------------------------- crafted transcripts

const T0 = Date.UTC(2026, 10, 21, 9, 0, 0);
let n = 0;
const nextId = (): string => (++n).toString(16).padStart(8, '0');

/** Entry timestamp: ISO string (the pi default) or ms number; the message keeps its own ms timestamp. */
type Stamp = number | 'iso';
function stamp(ms: number, how: Stamp): string | number {
  return how === 'iso' ? new Date(ms).toISOString() : ms;
}

interface Call {
  id: string;
  name: string;
  args?: Json;
}

function user(at: number, text: string, how: Stamp = 'iso'): Json {
  return { type: 'message', id: nextId(), parentId: null, timestamp: stamp(T0 + at, how), message: { role: 'user', content: text, timestamp: T0 + at } };
}

/** An assistant message with tool calls; the message's own timestamp is 500 ms earlier (it started streaming then). */
function calls(at: number, cs: Call[], how: Stamp = 'iso'): Json {
  return {
    type: 'message',
    id: nextId(),
    parentId: null,
    timestamp: stamp(T0 + at, how),
    message: {
      role: 'assistant',
      content: cs.map((c) => ({ type: 'toolCall', id: c.id, name: c.name, arguments: c.args ?? {} })),
      stopReason: 'toolUse',
      timestamp: T0 + at - 500,
    },
  };
}

function result(at: number, callId: string, name: string, text: string, isError = false, how: Stamp = 'iso'): Json {
  return {
    type: 'message',
    id: nextId(),
    parentId: null,
    timestamp: stamp(T0 + at, how),
    message: { role: 'toolResult', toolCallId: callId, toolName: name, content: [{ type: 'text', text }], isError, timestamp: T0 + at },
  };
}

function reply(at: number, text: string, stopReason = 'stop'): Json {
  return { type: 'message', id: nextId(), parentId: null, timestamp: new Date(T0 + at).toISOString(), message: { role: 'assistant', content: [{ type: 'text', text }], stopReason, timestamp: T0 + at - 300 } };
}

function session(key: string, entries: Json[], sessionId = `sid-${key}`): ToolStatsSession {
  return { key, sessionId, entries: [{ type: 'session', version: 3, id: sessionId, timestamp: new Date(T0).toISOString() }, ...entries] };
}

function tool(stats: ToolStats, name: string) {
  const t = stats.tools.find((x) => x.name === name);
  assert.ok(t, `tool ${name} in ${stats.tools.map((x) => x.name).join(', ')}`);
  return t;
}

// ---------------------------------------------------------------- real data

/** Every transcript of the real agent DB, via SqliteSessionStore (older generations keyed old:<sessionId>). */
const realDbSessions = (): ToolStatsSession[] => realDbSessionsOf().map(({ key, sessionId, entries }) => ({ key, sessionId, entries }));

describe('tool stats', function () {
  describe('percentileNearestRank', function () {
    it('is the value at rank ⌈p·n⌉ of the sorted list (no interpolation)', function () {
      const xs = Array.from({ length: 20 }, (_, i) => 20 - i); // 20..1, unsorted on purpose
      assert.equal(percentileNearestRank(xs, 95), 19); // rank 19 (interpolation would give 19.05, max 20)
      assert.equal(percentileNearestRank(xs, 50), 10);
      assert.equal(percentileNearestRank(xs, 100), 20);
      assert.equal(percentileNearestRank(xs, 0), 1);
      assert.equal(percentileNearestRank([100, 200, 300, 1000], 95), 1000); // rank ⌈3.8⌉ = 4
      assert.equal(percentileNearestRank([7], 95), 7);
      assert.equal(percentileNearestRank([], 95), undefined);
      assert.equal(percentileNearestRank([Number.NaN, 5], 95), 5);
    });
  });

  describe('normalizeToolError', function () {
    it('groups the same failure: first line, ids, times, paths and numbers replaced', function () {
      assert.equal(normalizeToolError("ENOENT: no such file or directory, open '/tmp/a/x.md'\n    at open (node:fs)"), "ENOENT: no such file or directory, open '<path>'");
      assert.equal(normalizeToolError('\n\nCommand exited with code 127'), 'Command exited with code <n>');
      assert.equal(normalizeToolError('session 6f1431f6-0a9f-4bde-88bb-e32c2876f720 locked at 2026-11-21T15:41:01.090Z'), 'session <id> locked at <time>');
      assert.equal(normalizeToolError('commit 3fa85f6457174562 not found in notes/plan.md'), 'commit <id> not found in <path>');
      assert.equal(normalizeToolError('timeout   after\t30000ms'), 'timeout after <n>ms');
      assert.equal(normalizeToolError(''), '(empty error)');
      const long = normalizeToolError('x '.repeat(200));
      assert.equal(long.length, 120);
      assert.ok(long.endsWith('…'));
    });
  });

  describe('crafted transcripts', function () {
    it('counts calls, ok, errors, unfinished; success rate over finished calls; mean and nearest-rank p95 of the entry-timestamp durations', function () {
      const s = session('agent:main:crafted', [
        user(0, 'run things'),
        calls(1000, [{ id: 'c1', name: 'exec', args: { command: 'ls' } }]),
        result(1100, 'c1', 'exec', 'a\nb'), // 100 ms
        calls(2000, [
          { id: 'c2', name: 'exec', args: { command: 'make' } },
          { id: 'c3', name: 'exec', args: { command: 'make test' } },
        ]),
        result(2200, 'c2', 'exec', 'built'), // 200 ms
        result(3000, 'c3', 'exec', 'ok'), // 1000 ms
        calls(4000, [{ id: 'c4', name: 'exec', args: { command: 'false' } }]),
        result(4300, 'c4', 'exec', 'Command exited with code 1', true), // 300 ms, error
        calls(5000, [{ id: 'c5', name: 'exec', args: { command: 'sleep 999' } }]), // never answered
        calls(6000, [{ id: 'c6', name: 'read', args: { path: 'notes/todo.md' } }]),
        result(6050, 'c6', 'read', '- renew passport'), // 50 ms
      ]);
      const st = toolStats([s]);
      assert.equal(st.sessions, 1);
      assert.equal(st.totalCalls, 6);
      assert.deepEqual(
        st.tools.map((t) => t.name),
        ['exec', 'read'],
      );
      assert.deepEqual(tool(st, 'exec'), {
        name: 'exec',
        calls: 5,
        ok: 3,
        errors: 1,
        unfinished: 1,
        successRate: 0.75,
        timed: 4,
        meanMs: 400, // (100 + 200 + 1000 + 300) / 4, from entry timestamps (message timestamps would add 500 each)
        p95Ms: 1000,
        commonErrors: [{ message: 'Command exited with code <n>', count: 1 }],
      });
      assert.equal(tool(st, 'read').meanMs, 50);
    });

    it('p95 of 20 timed calls is the 19th value', function () {
      const entries: Json[] = [user(0, 'go')];
      for (let i = 1; i <= 20; i++) {
        const at = i * 100_000;
        entries.push(calls(at, [{ id: `k${i}`, name: 'web_fetch' }]), result(at + i * 1000, `k${i}`, 'web_fetch', 'page'));
      }
      const t = tool(toolStats([session('agent:main:p95', entries)]), 'web_fetch');
      assert.equal(t.calls, 20);
      assert.equal(t.meanMs, 10_500);
      assert.equal(t.p95Ms, 19_000);
    });

    it('reads ms-number entry timestamps; ignores negative (skewed) and unknown durations without failing', function () {
      const noStamps = { type: 'message', id: nextId(), parentId: null, message: { role: 'assistant', content: [{ type: 'toolCall', id: 'z1', name: 'exec', arguments: {} }], stopReason: 'toolUse' } };
      const noStampsResult = { type: 'message', id: nextId(), parentId: null, message: { role: 'toolResult', toolCallId: 'z1', toolName: 'exec', content: [], isError: false } };
      const s = session('agent:main:skew', [
        user(0, 'go', 0),
        calls(1000, [{ id: 'm1', name: 'exec' }], 0),
        result(1250, 'm1', 'exec', 'fine', false, 0), // 250 ms, number stamps
        calls(5000, [{ id: 'm2', name: 'exec' }]),
        result(4000, 'm2', 'exec', 'fine'), // −1000 ms: clock skew
        noStamps,
        noStampsResult,
        { type: 'message', id: nextId(), timestamp: 'not a date', message: { role: 'toolResult', toolCallId: 'm3', toolName: 'exec', content: 'orphan', isError: false } },
      ]);
      const t = tool(toolStats([s]), 'exec');
      assert.equal(t.calls, 4); // m1, m2, z1 and the orphan result m3
      assert.equal(t.ok, 4);
      assert.equal(t.timed, 1);
      assert.equal(t.meanMs, 250);
      assert.equal(t.p95Ms, 250);
    });

    it('keeps the three most common normalised errors, ties in order of first appearance', function () {
      const errs = [
        "ENOENT: no such file or directory, open '/tmp/a/x.md'",
        'Command exited with code 1',
        'timeout after 30000ms',
        "ENOENT: no such file or directory, open '/var/b/y.md'",
        'Command exited with code 127',
        'permission denied',
        'Command exited with code 2',
      ];
      const entries: Json[] = [user(0, 'go')];
      errs.forEach((e, i) => entries.push(calls((i + 1) * 1000, [{ id: `e${i}`, name: 'exec' }]), result((i + 1) * 1000 + 10, `e${i}`, 'exec', e, true)));
      const t = tool(toolStats([session('agent:main:errors', entries)]), 'exec');
      assert.equal(t.errors, 7);
      assert.equal(t.successRate, 0);
      assert.deepEqual(t.commonErrors, [
        { message: 'Command exited with code <n>', count: 3 },
        { message: "ENOENT: no such file or directory, open '<path>'", count: 2 },
        { message: 'timeout after <n>ms', count: 1 },
      ]);
    });

    it("names OpenClaw's structured tool error by its message, not by the lone `{` its JSON text starts with", function () {
      // as OpenClaw 2026.9.6 wrote it for `read` of a missing file (the third real dataset, agent:main:tools-fail)
      const structured = (at: number, callId: string, file: string, withDetails: boolean): Json => {
        const err = { status: 'error', tool: 'read', error: `File not found: /tmp/occtx-third-state-x/state/workspace/notes/${file}.` };
        const e = result(at, callId, 'read', JSON.stringify(err, null, 2), true);
        if (withDetails) (e.message as Json).details = err;
        return e;
      };
      const entries: Json[] = [user(0, 'go')];
      ['a.md', 'b.md'].forEach((f, i) => entries.push(calls((i + 1) * 1000, [{ id: `r${i}`, name: 'read' }]), structured((i + 1) * 1000 + 10, `r${i}`, f, i === 0)));
      entries.push(calls(5000, [{ id: 'r9', name: 'read' }]), result(5010, 'r9', 'read', '{ not json', true));
      const t = tool(toolStats([session('agent:main:tools-fail', entries)]), 'read');
      assert.deepEqual(t.commonErrors, [
        { message: 'File not found: <path>', count: 2 },
        { message: '{ not json', count: 1 },
      ]);
    });

    it('counts a call copied into another transcript, or a re-appended result, once (the first result wins)', function () {
      const entries = [
        user(0, 'go'),
        calls(1000, [{ id: 'dup1', name: 'exec' }]),
        result(1200, 'dup1', 'exec', 'first', false),
        // OpenClaw's transcript rewrite re-appends the result (truncated) as a new entry
        result(9000, 'dup1', 'exec', 'first [... truncated]', true),
        reply(9100, 'done'),
      ];
      const once = toolStats([session('agent:main:a', entries)]);
      const twice = toolStats([session('agent:main:a', entries), session('agent:main:b', entries.map((e) => structuredClone(e)), 'sid-copy')]);
      assert.equal(tool(once, 'exec').calls, 1);
      assert.equal(tool(once, 'exec').ok, 1);
      assert.equal(tool(once, 'exec').meanMs, 200);
      assert.deepEqual(twice.tools, once.tools);
      assert.equal(twice.sessions, 2);
    });

    it('skills: reads of skills/<name>/SKILL.md by read tools, per session, with the outcome of the turn', function () {
      const a = session('agent:main:skills-a', [
        // turn 1: OpenClaw's `read` {path}, result ok, normal reply → ok
        user(0, 'make slides'),
        calls(1000, [{ id: 's1', name: 'read', args: { path: 'skills/pptx/SKILL.md' } }]),
        result(1100, 's1', 'read', '# PPTX skill'),
        reply(2000, 'Here are your slides.'),
        // turn 2: Claude-style `Read` {file_path} with an absolute path, then a failing exec → error
        user(3000, 'again, in dark mode'),
        calls(4000, [{ id: 's2', name: 'Read', args: { file_path: '/home/ana/.openclaw/skills/pptx/SKILL.md' } }]),
        result(4100, 's2', 'Read', '# PPTX skill'),
        calls(5000, [{ id: 's3', name: 'exec', args: { command: 'python make.py' } }]),
        result(5100, 's3', 'exec', 'Traceback: boom', true),
        reply(6000, 'That failed.'),
        // not skill reads: a shell cat, and another file in a skill folder
        user(7000, 'show it'),
        calls(8000, [
          { id: 's4', name: 'exec', args: { command: 'cat skills/pptx/SKILL.md' } },
          { id: 's5', name: 'read', args: { path: 'skills/pptx/README.md' } },
        ]),
        result(8100, 's4', 'exec', '...'),
        result(8200, 's5', 'read', '...'),
        reply(9000, 'Shown.'),
        // turn 4: read, then the model errors → error
        user(10_000, 'make a pdf'),
        calls(11_000, [{ id: 's6', name: 'read', args: { path: 'skills/pdf/SKILL.md' } }]),
        result(11_100, 's6', 'read', '# PDF'),
        reply(12_000, '', 'error'),
        // turn 5: read, then the user speaks again before any reply → error
        user(13_000, 'make a pdf please'),
        calls(14_000, [{ id: 's7', name: 'read', args: { path: 'skills/pdf/SKILL.md' } }]),
        result(14_100, 's7', 'read', '# PDF'),
        user(15_000, 'hello?'),
        reply(16_000, 'Hi.'),
      ]);
      const b = session('agent:main:skills-b', [
        // the transcript ends mid-turn → unknown
        user(0, 'pdf'),
        calls(1000, [{ id: 't1', name: 'read', args: { path: 'skills/pdf/SKILL.md' } }]),
        result(1100, 't1', 'read', '# PDF'),
        calls(2000, [{ id: 't2', name: 'exec', args: { command: 'pdftk' } }]),
      ]);
      const st = toolStats([a, b]);
      assert.deepEqual(st.skills, [
        {
          name: 'pdf',
          reads: 3,
          sessions: 2,
          sessionKeys: ['agent:main:skills-a', 'agent:main:skills-b'],
          outcomes: { ok: 0, error: 2, unknown: 1 },
          successRate: 0,
          paths: ['skills/pdf/SKILL.md'],
          lastReadAt: T0 + 14_000,
        },
        {
          name: 'pptx',
          reads: 2,
          sessions: 1,
          sessionKeys: ['agent:main:skills-a'],
          outcomes: { ok: 1, error: 1, unknown: 0 },
          successRate: 0.5,
          paths: ['skills/pptx/SKILL.md', '/home/ana/.openclaw/skills/pptx/SKILL.md'],
          lastReadAt: T0 + 4000,
        },
      ]);
      // a copy of session b that got further: the read's outcome becomes known, still one read
      const b2 = session('agent:main:skills-b', [...(b.entries as Json[]).slice(1), result(2100, 't2', 'exec', 'ok'), reply(3000, 'PDF ready.')], 'sid-b-next');
      const pdf = toolStats([a, b, b2]).skills.find((s) => s.name === 'pdf')!;
      assert.equal(pdf.reads, 3);
      assert.deepEqual(pdf.outcomes, { ok: 1, error: 2, unknown: 0 });
    });

    it('never throws on odd input', function () {
      const odd = session('agent:main:odd', [
        null as unknown as Json,
        { type: 'message' },
        { type: 'message', message: { role: 'assistant', content: 'text only' } },
        { type: 'message', message: { role: 'assistant', content: [null, { type: 'toolCall' }, { type: 'toolCall', name: 42, arguments: 'x' }] } },
        { type: 'message', message: { role: 'toolResult' } },
      ]);
      const st = toolStats([odd, { key: 'bad', entries: 'nope' as unknown as unknown[] }, null as unknown as ToolStatsSession]);
      assert.equal(st.sessions, 1);
      assert.equal(st.totalCalls, 3);
      assert.equal(tool(st, '(unnamed)').calls, 3);
      assert.equal(typeof toolStatsMarkdown(st), 'string');
    });
  });

  describe('the real OpenClaw agent DB', function () {
    let sessions: ToolStatsSession[];
    let st: ToolStats;
    before(function () {
      sessions = realDbSessions();
      st = toolStats(sessions);
    });

    it('has the exec, read and write calls of the fixture, each counted once across copied histories', function () {
      // read notes/plan.md (call_0e8ed3f5bbda) is in three transcripts: work (two generations) and dashboard
      const copies = sessions.filter((s) => JSON.stringify(s.entries).includes('"call_0e8ed3f5bbda"')).length;
      assert.equal(copies, 3);
      assert.equal(st.sessions, 8);
      assert.deepEqual(
        st.tools.map((t) => [t.name, t.calls, t.ok, t.errors, t.unfinished, t.successRate]),
        [
          ['exec', 4, 4, 0, 0, 1],
          ['read', 2, 2, 0, 0, 1],
          ['write', 1, 1, 0, 0, 1],
        ],
      );
      assert.deepEqual(st.skills, []);
    });

    it('durations are toolResult entry time − assistant entry time (by hand from the fixture)', function () {
      // exec: echo 12 tests 15:41:01.036 → .090 = 54; ls notes 15:43:41.483 → .746 = 263;
      //       ls -la notes 15:38:14.270 → 15.943 = 1673; df -h 15:41:42.431 → .500 = 69
      const exec = tool(st, 'exec');
      assert.equal(exec.timed, 4);
      assert.equal(exec.meanMs, (54 + 263 + 1673 + 69) / 4);
      assert.equal(exec.p95Ms, 1673);
      // read: notes/plan.md 15:40:52.063 → .308 = 245; MEMORY.md 15:39:40.328 → .356 = 28
      const read = tool(st, 'read');
      assert.equal(read.meanMs, (245 + 28) / 2);
      assert.equal(read.p95Ms, 245);
      // write: notes/plan.md 15:39:19.441 → .505 = 64
      assert.equal(tool(st, 'write').meanMs, 64);
    });

    it('gives the same figures from OpenClaw’s own transcript dump', function () {
      const fromDump = toolStats(realTranscriptDumps().map((d) => ({ key: d.file, entries: d.events })));
      assert.deepEqual(fromDump.tools, st.tools);
    });

    it('renders the seed 004 block', function () {
      assert.equal(
        toolStatsMarkdown(st),
        [
          '## Tool Usage Memories',
          '',
          '### exec',
          '- Called 4 times, 100% success rate',
          '- Average time: 515ms (p95 1.7s)',
          '',
          '### read',
          '- Called 2 times, 100% success rate',
          '- Average time: 137ms (p95 245ms)',
          '',
          '### write',
          '- Called 1 time, 100% success rate',
          '- Average time: 64ms (p95 64ms)',
          '',
        ].join('\n'),
      );
    });
  });

  describe('pi-mono JSONL excerpt (v1, cut before the tool results)', function () {
    it('counts its three tool calls as unfinished', function () {
      const entries = fs
        .readFileSync(fixturePath('pi-samples', 'pi-mono__large-session.v1.first6lines.jsonl'), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as Json);
      const st = toolStats([{ key: 'pi:large', entries }]);
      assert.deepEqual(
        st.tools.map((t) => [t.name, t.calls, t.unfinished, t.successRate, t.meanMs, t.p95Ms]),
        [
          ['read', 2, 2, null, null, null],
          ['bash', 1, 1, null, null, null],
        ],
      );
      assert.equal(
        toolStatsMarkdown(st),
        '## Tool Usage Memories\n\n### read\n- Called 2 times, no finished calls (2 unfinished)\n\n### bash\n- Called 1 time, no finished calls (1 unfinished)\n',
      );
    });
  });

  describe('toolStatsMarkdown', function () {
    const stats: ToolStats = {
      sessions: 3,
      totalCalls: 198,
      tools: [
        {
          name: 'edit_file',
          calls: 156,
          ok: 148,
          errors: 8,
          unfinished: 0,
          successRate: 148 / 156,
          timed: 150,
          meanMs: 812,
          p95Ms: 2400,
          commonErrors: [{ message: 'old_string not found in <path>', count: 8 }],
        },
        {
          name: 'run_shell',
          calls: 42,
          ok: 36,
          errors: 5,
          unfinished: 1,
          successRate: 36 / 41,
          timed: 40,
          meanMs: 2300,
          p95Ms: 75_000,
          commonErrors: [
            { message: 'cd: no such file or directory: <path>', count: 3 },
            { message: 'Command `npm test` timed out', count: 2 },
          ],
        },
      ],
      skills: [
        {
          name: 'create-presentation',
          reads: 15,
          sessions: 3,
          sessionKeys: ['a', 'b', 'c'],
          outcomes: { ok: 13, error: 1, unknown: 1 },
          successRate: 13 / 14,
          paths: ['skills/create-presentation/SKILL.md'],
          lastReadAt: 0,
        },
      ],
    };

    it('renders tools most-called first, then skills, in the seed 004 style', function () {
      assert.equal(
        toolStatsMarkdown(stats),
        [
          '## Tool Usage Memories',
          '',
          '### edit_file',
          '- Called 156 times, 95% success rate',
          '- Average time: 812ms (p95 2.4s)',
          '- Common issues:',
          '  - `old_string not found in <path>` (8×)',
          '',
          '### run_shell',
          '- Called 42 times, 88% success rate (1 unfinished)',
          '- Average time: 2.3s (p95 1m 15s)',
          '- Common issues:',
          '  - `cd: no such file or directory: <path>` (3×)',
          "  - `Command 'npm test' timed out` (2×)",
          '',
          '## Skill Usage Memories',
          '',
          '### create-presentation (Used 15 times, 93% success)',
          '- Read in 3 sessions; outcomes: 13 ok, 1 error, 1 unknown',
          '',
        ].join('\n'),
      );
    });

    it('caps the lists, and says when there is nothing', function () {
      const md = toolStatsMarkdown(stats, { maxTools: 1, maxSkills: 0 });
      assert.ok(md.includes('### edit_file') && !md.includes('### run_shell'));
      assert.ok(md.includes('_1 more tools not shown._'));
      assert.ok(!md.includes('Skill Usage'));
      assert.equal(toolStatsMarkdown({ tools: [], skills: [], totalCalls: 0, sessions: 0 }), '## Tool Usage Memories\n\n- No tool calls recorded.\n');
    });

    it('formats durations and rates without rounding to a misleading 100 % or 0 %', function () {
      assert.deepEqual([formatDuration(0), formatDuration(999.6), formatDuration(2300), formatDuration(59_949), formatDuration(59_950), formatDuration(3_600_000)], ['0ms', '1.0s', '2.3s', '59.9s', '1m 00s', '60m 00s']);
      assert.deepEqual([formatRate(1), formatRate(0.999), formatRate(0.875), formatRate(0.001), formatRate(0)], ['100%', '99%', '88%', '1%', '0%']);
    });

    it('keeps headings on one line and inert', function () {
      const md = toolStatsMarkdown({ ...stats, tools: [{ ...stats.tools[0]!, name: 'evil\n# tool <b>' }], skills: [] });
      assert.ok(md.includes('### evil \\# tool \\<b\\>'), md);
    });
  });
});
