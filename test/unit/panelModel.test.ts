/**
 * The Context panel's view model (core/context/panelModel.ts): the lines on the window, the second level, the
 * sessions table, the empty panel. The parts and figures agreeing with every other surface is checked for every
 * fixture by the surfaces property test (support/surfaces.ts, assertPanelSurface).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ContextModel, type SessionState } from '../../src/core/context/model';
import { entryPanelLabel, panelComposition, panelLines, panelModel, panelSessionRow, panelSessions, PANEL_LARGEST } from '../../src/core/context/panelModel';
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
    const cases: Array<{ name: string; f: Partial<SessionFigures>; want: Array<[string, number, string]> }> = [
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
      { name: 'no figure: no distance', f: { known: false, used: 0, engine: { id: 'x', ownsCompaction: true } }, want: [['checkpoint', 0.8, 'Checkpoint at 26k']] },
    ];
    for (const c of cases) {
      it(c.name, () => {
        assert.deepEqual(
          panelLines(figures(c.f)).map((l) => [l.id, l.at, l.text]),
          c.want,
        );
      });
    }
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
