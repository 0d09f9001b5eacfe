/**
 * The Context panel's view model (core/context/panelModel.ts): the lines on the window, the second level, the
 * sessions table, the empty panel. The parts and figures agreeing with every other surface is checked for every
 * fixture by the surfaces property test (support/surfaces.ts, assertPanelSurface).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ContextModel, type SessionState } from '../../src/core/context/model';
import { entryPanelLabel, panelComposition, panelForecast, panelLines, panelModel, panelSessionRow, panelSessions, panelTimeline, PANEL_LARGEST } from '../../src/core/context/panelModel';
import type { Timeline, TimelineLine } from '../../src/core/context/timeline';
import type { Forecast } from '../../src/core/context/forecast';
import type { SessionFigures } from '../../src/core/context/figures';
import type { EntryMeta } from '../../src/core/store/types';
import { estOf } from '../../src/core/store/entries';
import { categoryOf, OVERHEAD_IDS } from '../../src/core/context/breakdown';
import { processEnv, resolveStateDirs } from '../../src/core/store/config';
import { bootstrapTokens } from '../../src/core/memory/workspace/scan';
import { panelHtml } from '../../src/vscode/panel/panelHtml';
import { materializeDemoState, materializeRealState, repoPath } from './helpers';

const figures = (f: Partial<SessionFigures>): SessionFigures => ({ window: 32_000, used: 10_000, known: true, flushAt: 20_000, compactionAt: 24_000, checkpointAt: 25_600, compactionSource: 'reserve', ...f }) as SessionFigures;

describe('Context panel view model', () => {
  describe('the lines on the window', () => {
    const cases: Array<{ name: string; f: Partial<SessionFigures>; extra?: TimelineLine[]; want: Array<[string, number, string]> }> = [
      {
        name: 'below every line: the distance to each, in order along the window',
        f: {},
        want: [
          ['flush', 20_000 / 32_000, 'Memory flush at 20k (10k to go)'],
          ['compaction', 24_000 / 32_000, 'Compaction at 24k (14k to go)'],
          ['checkpoint', 25_600 / 32_000, 'Checkpoint at 26k (16k to go)'],
        ],
      },
      {
        name: 'past the flush line; OpenClaw budget named; checkpoint line before compaction',
        f: { used: 21_000, compactionAt: 27_000, compactionSource: 'contextBudgetStatus' },
        want: [
          ['flush', 20_000 / 32_000, 'Memory flush at 20k (passed by 1.0k)'],
          ['checkpoint', 25_600 / 32_000, 'Checkpoint at 26k (4.6k to go)'],
          ['compaction', 27_000 / 32_000, 'Compaction (OpenClaw budget) at 27k (6.0k to go)'],
        ],
      },
      { name: 'a plugin owns compaction: only our checkpoint line', f: { engine: { id: 'lossless', ownsCompaction: true } }, want: [['checkpoint', 0.8, 'Checkpoint at 26k (16k to go)']] },
      {
        name: 'a plugin that may compact keeps OpenClaw’s lines (as the tooltip does)',
        f: { engine: { id: 'other', ownsCompaction: 'unknown' } },
        want: [
          ['flush', 0.625, 'Memory flush at 20k (10k to go)'],
          ['compaction', 0.75, 'Compaction at 24k (14k to go)'],
          ['checkpoint', 0.8, 'Checkpoint at 26k (16k to go)'],
        ],
      },
      {
        name: 'the policy’s lines join them, in order',
        f: {},
        extra: [
          { id: 'early-export', label: 'Early export (50 %)', tokens: 16_000 },
          { id: 'cleanup', label: 'Cleanup (70 %)', tokens: 22_400 },
        ],
        want: [
          ['early-export', 0.5, 'Early export (50 %) at 16k (6.0k to go)'],
          ['flush', 0.625, 'Memory flush at 20k (10k to go)'],
          ['cleanup', 0.7, 'Cleanup (70 %) at 22k (12k to go)'],
          ['compaction', 0.75, 'Compaction at 24k (14k to go)'],
          ['checkpoint', 0.8, 'Checkpoint at 26k (16k to go)'],
        ],
      },
      { name: 'no figure: no distance', f: { known: false, used: 0, engine: { id: 'x', ownsCompaction: true } }, want: [['checkpoint', 0.8, 'Checkpoint at 26k']] },
    ];
    for (const c of cases) {
      it(c.name, () => {
        assert.deepEqual(
          panelLines(figures(c.f), c.extra).map((l) => [l.id, l.at, l.text]),
          c.want,
        );
      });
    }
  });

  describe('the forecast section', () => {
    const fc = (x: Partial<Forecast>): Forecast => ({ status: 'ok', basedOnTurns: 5, lines: [], ...x });
    const lines = (c?: number, fl?: number, w?: number): Forecast['lines'] => [
      ...(fl === undefined && c === undefined ? [] : [{ id: 'flush' as const, at: 20_000, left: 1, ...(fl !== undefined ? { turns: fl } : {}) }]),
      ...(c === undefined ? [] : [{ id: 'compaction' as const, at: 24_000, left: 1, ...(c >= 0 ? { turns: c } : {}) }]),
      { id: 'window' as const, at: 32_000, left: 1, ...(w !== undefined ? { turns: w } : {}) },
    ];
    const cases: Array<{ name: string; f: Forecast; near: number; want: { headline: string; detail: string[]; turns?: number; near: boolean } }> = [
      {
        name: 'one turn to compaction: near at 2',
        f: fc({ growthPerTurn: 1200, lines: lines(1, 0, 5) }),
        near: 2,
        want: { headline: 'Compaction in about 1 turn', detail: ['Memory flush at the next turn', 'The window full in about 5 turns', 'Growing ~1.2k tokens per turn over the last 5 turns'], turns: 1, near: true },
      },
      { name: 'three turns: not near at 2', f: fc({ growthPerTurn: 900, lines: lines(3, 2, 9) }), near: 2, want: { headline: 'Compaction in about 3 turns', detail: ['Memory flush in about 2 turns', 'The window full in about 9 turns', 'Growing ~900 tokens per turn over the last 5 turns'], turns: 3, near: false } },
      { name: 'warning off (0 turns): only at the next turn', f: fc({ growthPerTurn: 900, lines: lines(0, 0, 2) }), near: 0, want: { headline: 'Compaction at the next turn', detail: ['Memory flush at the next turn', 'The window full in about 2 turns', 'Growing ~900 tokens per turn over the last 5 turns'], turns: 0, near: true } },
      { name: 'not growing', f: fc({ status: 'steady', growthPerTurn: 0, lines: lines(-1) }), near: 2, want: { headline: 'Not growing: no compaction in sight', detail: ['Not growing: no memory flush in sight', 'Growing ~0 tokens per turn over the last 5 turns'], near: false } },
      { name: 'a plugin compacts: the window instead', f: fc({ status: 'unknown', basedOnTurns: 1, lines: lines(undefined, undefined, 4) }), near: 2, want: { headline: 'The window full in about 4 turns', detail: [], near: false } },
    ];
    for (const c of cases) it(c.name, () => assert.deepEqual(panelForecast(c.f, c.near), c.want));
  });

  describe('the fill over time as drawn', () => {
    const T = Date.UTC(2026, 10, 1);
    const tl: Timeline = {
      points: [
        { t: T + 1000, tokens: 10_000, estimated: false, turn: 1, stretch: 0, compactions: 0, entryId: 'a1' },
        { t: T + 2000, tokens: 20_000, estimated: false, turn: 2, stretch: 0, compactions: 0, entryId: 'a2' },
        { t: T + 3000, tokens: 9_000, estimated: true, turn: 3, stretch: 1, compactions: 1, entryId: 'a3' },
      ],
      events: [
        { kind: 'flush', t: 0, turn: 2, by: 'openclaw', inferred: true },
        { kind: 'compaction', t: T + 2500, turn: 2, entryId: 'c1', before: 21_000, beforeEstimated: false, after: 8_000, afterEstimated: true, origin: 'openclaw-run' },
      ],
      lines: [
        { id: 'flush', tokens: 20_000, label: 'Memory flush' },
        { id: 'window', tokens: 32_000, label: 'Window' },
      ],
      current: { tokens: 9_500, estimated: true },
      turns: 3,
      calls: 3,
      estimatedCalls: 1,
    };
    const p = panelTimeline(tl, 32_000, new Set(['a2', 'a3', 'c1']), { 'openclaw-run': 'OpenClaw, during a run' });

    it('calls numbered along the life, events between them, the fill now last', () => {
      assert.deepEqual(p.points.map((x) => [x.kind, x.n, x.tokens]), [
        ['call', 1, 10_000],
        ['flush', 1.5, 10_000],
        ['call', 2, 20_000],
        ['compaction', 2.5, 8_000],
        ['call', 3, 9_000],
        ['now', 4, 9_500],
      ]);
      const c = p.points.find((x) => x.kind === 'compaction')!;
      assert.equal(c.from, 21_000);
      assert.match(c.text, /^Compaction · turn 2 · 2026-11-01 00:00 · 21k → ~8.0k · by OpenClaw, during a run$/);
    });

    it('a point opens its turn only when the turn is in the active context', () => {
      assert.deepEqual(p.points.map((x) => x.entryId ?? '-'), ['-', '-', 'a2', 'c1', 'a3', '-']);
    });

    it('estimates said; the window is not a line of its own; a summary for screen readers', () => {
      assert.match(p.points.find((x) => x.n === 3)!.text, /~9\.0k tokens \(estimated: no usage recorded\)$/);
      assert.deepEqual(p.lines.map((l) => l.id), ['flush']);
      assert.equal(p.summary, 'Fill over time: 3 model calls over 3 turns (1 estimated), 1 compaction, now ~9.5k of 32k.');
    });
  });

  describe('entry labels', () => {
    const e = (x: Partial<EntryMeta>): EntryMeta => ({ id: 'a', parentId: null, type: 'message', kind: 'message', pos: 0, bytes: 1, timestamp: 0, tokens: 1, modelVisible: true, preview: '', ...x }) as EntryMeta;
    const cases: Array<[Partial<EntryMeta>, string]> = [
      [{ role: 'user', preview: 'fix the parser' }, 'user: fix the parser'],
      [{ role: 'toolResult', toolName: 'read', preview: 'src/a.ts' }, 'read: src/a.ts'],
      [{ role: 'toolResult', preview: 'x' }, 'tool: x'],
      [{ role: 'bashExecution', preview: 'ls' }, 'bash: ls'],
      [{ kind: 'compaction' as EntryMeta['kind'], type: 'compaction', preview: 'Goal: …' }, 'summary: Goal: …'],
      [{ role: 'assistant', preview: '' }, 'assistant'],
      [{ role: 'user', preview: 'x'.repeat(100) }, `user: ${'x'.repeat(79)}…`],
    ];
    for (const [x, want] of cases) it(`${JSON.stringify(x).slice(0, 60)} → ${want.slice(0, 30)}`, () => assert.equal(entryPanelLabel(e(x)), want));
  });

  describe('over the fixture states', () => {
    let model: ContextModel;
    let sessions: SessionState[];
    const env = processEnv();
    before(() => {
      model = new ContextModel({ stateDirs: [...resolveStateDirs(materializeRealState(), undefined, env), ...resolveStateDirs(materializeDemoState(), undefined, env)], env, bootstrapTokens });
      model.refresh(true);
      sessions = model.sessions().map((s) => model.ensureTranscript(s.uid)!);
    });
    after(() => model.dispose());

    it('tool results are grouped by tool: names, counts and tokens from the context items', () => {
      let checked = 0;
      for (const s of sessions) {
        const part = panelComposition(s).parts.find((p) => p.id === 'toolResults');
        if (!part) continue;
        const results = s.context!.items.filter((x) => x.role === 'toolResult' || x.role === 'bashExecution');
        const want = new Map<string, { n: number; t: number }>();
        for (const r of results) {
          const k = r.role === 'bashExecution' ? 'bash' : (r.toolName ?? 'tool');
          const g = want.get(k) ?? { n: 0, t: 0 };
          g.n++;
          g.t += Math.round(estOf(r));
          want.set(k, g);
        }
        assert.deepEqual(new Map(part.groups.map((g) => [g.label, { n: g.count!, t: g.tokens }])), want, s.row.key);
        assert.deepEqual(part.groups.map((g) => g.tokens), [...part.groups.map((g) => g.tokens)].sort((a, b) => b - a), `${s.row.key}: biggest first`);
        checked++;
      }
      assert.ok(checked >= 2, `sessions with tool results: ${checked}`);
    });

    it('the largest items of the whole context: at most PANEL_LARGEST, biggest first, none bigger left out', () => {
      for (const s of sessions) {
        const c = panelComposition(s);
        const all = (s.context?.items ?? []).map((x) => Math.round(estOf(x))).sort((a, b) => b - a);
        assert.deepEqual(c.largest.map((x) => x.tokens), all.slice(0, PANEL_LARGEST), s.row.key);
      }
    });

    it('a part opens the document at its first item; the fixed overhead at the top', () => {
      let checked = 0;
      for (const s of sessions) {
        for (const p of panelComposition(s).parts) {
          const first = s.context?.items.find((x) => categoryOf(x).id === p.id);
          assert.equal(p.entryId, first?.id, `${s.row.key} ${p.id}`);
          if (OVERHEAD_IDS.has(p.id) || p.id === 'remainder') assert.equal(p.entryId, undefined, `${s.row.key} ${p.id}`);
          else checked++;
        }
      }
      assert.ok(checked > 5);
    });

    it('the bootstrap part lists its files, summing to it', () => {
      const withFiles = sessions.map((s) => panelComposition(s).parts.find((p) => p.id === 'bootstrap')).filter((p) => p && p.groups.length);
      assert.ok(withFiles.length > 0);
      for (const p of withFiles) {
        assert.equal(p!.groups.reduce((n, g) => n + g.tokens, 0), p!.tokens);
        assert.ok(p!.groups.some((g) => g.label === 'AGENTS.md'), p!.groups.map((g) => g.label).join());
      }
    });

    it('the sessions table: most recent first, the shown session marked, fill and compactions as the figures say', () => {
      const now = Date.now();
      const chosen = sessions[1]!;
      const rows = panelSessions(sessions, now, chosen.uid);
      assert.deepEqual(rows.map((r) => r.lastActivity), [...sessions.map((s) => s.lastActivity)].sort((a, b) => b - a));
      assert.deepEqual(rows.filter((r) => r.selected).map((r) => r.uid), [chosen.uid]);
      for (const s of sessions) {
        const r = rows.find((x) => x.uid === s.uid)!;
        assert.equal(r.fill, s.figures.ratio / 100);
        assert.equal(r.compactions, s.figures.compactions);
        assert.equal(r.store, s.era === 'sqlite' ? 'SQLite' : 'JSONL');
      }
    });

    it('a session with no figure sorts first ascending (-1) and says unknown', () => {
      const s = sessions[0]!;
      const r = panelSessionRow({ ...s, figures: { ...s.figures, known: false, compactionsKnown: false } }, Date.now(), undefined);
      assert.equal(r.fill, -1);
      assert.equal(r.compactionsText, 'unknown');
      assert.match(r.fillText, /^\?% · unknown\//);
    });

    it('the transcript not read: the composition says so', () => {
      const s = sessions[0]!;
      const c = panelComposition({ ...s, context: undefined });
      assert.ok(c.notes.some((n) => /not read yet/.test(n)));
      assert.deepEqual(c.largest, []);
    });

    it('no session: the problem, and the table still lists every session', () => {
      const m = panelModel({ session: undefined, sessions, followsGauge: true, now: Date.now(), problem: 'No OpenClaw state directory at /x.' });
      assert.equal(m.empty, 'No OpenClaw state directory at /x.');
      assert.equal(m.composition, undefined);
      assert.equal(m.sessions.length, sessions.length);
      assert.ok(!m.sessions.some((r) => r.selected));
    });

    it('the model is plain data (it crosses to the webview as JSON unchanged)', () => {
      for (const s of sessions) {
        const m = panelModel({ session: s, sessions, followsGauge: false, now: 1_800_000_000_000 });
        assert.deepEqual(JSON.parse(JSON.stringify(m)), m);
        assert.equal(m.followsGauge, false);
      }
    });
  });
});

describe('Context panel webview: CSP and what its script may do', () => {
  it('the HTML shell: a nonce-only script, styles and images from the webview origin only, no network', () => {
    const html = panelHtml({ cspSource: 'vscode-webview://abc', scriptUri: 'vscode-webview://abc/dist/panel.js', styleUri: 'vscode-webview://abc/dist/panel.css', nonce: 'N0nce' });
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    const dirs = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k!, v.join(' ')]));
    assert.equal(dirs.get('default-src'), "'none'");
    assert.equal(dirs.get('script-src'), "'nonce-N0nce'");
    assert.equal(dirs.get('style-src'), 'vscode-webview://abc');
    assert.equal(dirs.get('connect-src'), "'none'");
    assert.ok(!/unsafe-inline|unsafe-eval|https?:/.test(csp), csp);
    assert.deepEqual([...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]), [' nonce="N0nce" src="vscode-webview://abc/dist/panel.js"']);
    assert.ok(!/ style=/.test(html), 'no inline style');
  });

  it('a fresh nonce per shell', () => {
    const a = panelHtml({ cspSource: 'x', scriptUri: 's', styleUri: 'c' });
    const b = panelHtml({ cspSource: 'x', scriptUri: 's', styleUri: 'c' });
    const nonce = (h: string) => /'nonce-([^']+)'/.exec(h)![1];
    assert.notEqual(nonce(a), nonce(b));
    assert.ok(nonce(a)!.length >= 22);
  });

  it('the webview sources build DOM from text only and reach no network', () => {
    const dir = repoPath('src', 'webview');
    const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    assert.ok(files.length >= 5, files.join());
    for (const f of files) {
      const src = fs.readFileSync(path.join(dir, f), 'utf8');
      assert.doesNotMatch(src, /innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function|fetch\(|XMLHttpRequest|WebSocket|https?:\/\/(?!www\.w3\.org\/2000\/svg)/, f);
      assert.doesNotMatch(src, /from '(?!\.|\.\.\/\.\.\/core\/context\/panelTypes')/, `${f} imports only its own files and the panel's types`);
    }
  });
});

describe('Context panel webview: the first model in the page', () => {
  it('is JSON data that no text of a session can end or change (no `<` in it), and reads back the same', () => {
    const evil = { title: '</script><script>alert(1)</script><!-- \u2028', n: 1 };
    const html = panelHtml({ cspSource: 'x', scriptUri: 's', styleUri: 'c', nonce: 'N', initial: evil });
    const block = /<script nonce="N" type="application\/json" id="initial-model">([\s\S]*?)<\/script>/.exec(html);
    assert.ok(block, html);
    assert.ok(!block[1]!.includes('<'), block[1]);
    assert.deepEqual(JSON.parse(block[1]!), evil);
    assert.equal([...html.matchAll(/<script/g)].length, 2, 'the data block and the script, nothing else');
  });
});
