/**
 * THE acceptance test: over the real OpenClaw 2026.9.6 state, our gauge prints exactly what
 * `openclaw sessions` printed for every session (test/fixtures/openclaw-real/cli/sessions-final.{txt,json}).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { ContextModel, type SessionState } from '../../src/core/context/model';
import { formatSessionsCell } from '../../src/core/context/format';
import { processEnv, resolveStateDirs } from '../../src/core/store/config';
import { collectDiagnostics, fixturePath, materializeRealState } from './helpers';

interface CliSession {
  key: string;
  sessionId: string;
  totalTokens: number | null;
  totalTokensFresh: boolean;
  contextTokens: number;
}

/** Rows of the table OpenClaw printed: the Key cell (possibly truncated `abc...xyz`) and the Tokens cell. */
function parseSessionsTable(text: string): Array<{ key: string; tokens: string }> {
  const lines = text.split('\n').filter((l) => l.startsWith('│'));
  const cells = (l: string) => l.split('│').slice(1, -1).map((c) => c.trim());
  const header = cells(lines[0]!);
  const keyCol = header.indexOf('Key');
  const tokCol = header.indexOf('Tokens (ctx %)');
  assert.ok(keyCol >= 0 && tokCol >= 0, `unexpected header ${JSON.stringify(header)}`);
  const out: Array<{ key: string; tokens: string }> = [];
  for (const l of lines.slice(1)) {
    const c = cells(l);
    if (c[keyCol]) out.push({ key: c[keyCol]!, tokens: c[tokCol]! });
  }
  return out;
}

function matchesPrinted(printed: string, key: string): boolean {
  const i = printed.indexOf('...');
  if (i < 0) return printed === key;
  return key.startsWith(printed.slice(0, i)) && key.endsWith(printed.slice(i + 3));
}

describe('acceptance: gauge vs `openclaw sessions` on the real 2026.9.6 state', function () {
  const cli = JSON.parse(fs.readFileSync(fixturePath('openclaw-real', 'cli', 'sessions-final.json'), 'utf8')) as { count: number; sessions: CliSession[] };
  const table = parseSessionsTable(fs.readFileSync(fixturePath('openclaw-real', 'cli', 'sessions-final.txt'), 'utf8'));
  let model: ContextModel;
  let diags: ReturnType<typeof collectDiagnostics>;

  before(function () {
    const dir = materializeRealState();
    diags = collectDiagnostics();
    model = new ContextModel({ stateDirs: resolveStateDirs(dir, undefined, processEnv()), env: processEnv(), diag: diags.sink });
    model.refresh();
  });
  after(() => model?.dispose());

  const printedCell = (key: string): string => {
    const rows = table.filter((r) => matchesPrinted(r.key, key));
    assert.equal(rows.length, 1, `exactly one printed row for ${key}, got ${JSON.stringify(rows)}`);
    return rows[0]!.tokens;
  };
  const stateOf = (key: string): SessionState => {
    const s = model.sessions().find((x) => x.row.key === key);
    assert.ok(s, `session ${key} not found; have ${model.sessions().map((x) => x.row.key).join(', ')}`);
    return s;
  };
  const ourCell = (s: SessionState) => formatSessionsCell(s.figures.estimated ? undefined : s.figures.used, s.figures.window);

  it('the oracle is what we think it is (7 sessions, 7 printed rows)', function () {
    assert.equal(cli.count, 7);
    assert.equal(cli.sessions.length, 7);
    assert.equal(table.length, 7);
  });

  it('lists exactly the sessions OpenClaw listed, with the same session ids', function () {
    const ours = model.sessions().map((s) => `${s.row.key} ${s.row.sessionId}`).sort();
    const theirs = cli.sessions.map((s) => `${s.key} ${s.sessionId}`).sort();
    assert.deepEqual(ours, theirs);
    assert.deepEqual(
      diags.list.filter((d) => d.severity !== 'info'),
      [],
    );
  });

  for (const { key } of cli.sessions) {
    it(`${key}: Tokens cell equals OpenClaw's, used/window equal its JSON`, function () {
      const c = cli.sessions.find((x) => x.key === key);
      assert.ok(c, `${key} missing from sessions-final.json`);
      const s = stateOf(key);
      const printed = printedCell(key);
      assert.equal(ourCell(s), printed);
      assert.equal(s.figures.window, c.contextTokens);
      if (c.totalTokensFresh) {
        assert.equal(s.figures.estimated, false);
        assert.equal(s.figures.usedSource, 'session');
        assert.equal(s.figures.used, c.totalTokens);
      } else {
        assert.match(printed, /^unknown\//);
        assert.equal(s.figures.estimated, true);
        assert.equal(s.figures.usedSource, 'transcript');
        assert.ok(s.figures.used > 0, `estimate should be > 0, got ${s.figures.used}`);
      }
    });
  }

  it('the cells stay the same once every transcript is read (no pending entries after the last usage)', function () {
    for (const c of cli.sessions) {
      const s = model.ensureTranscript(stateOf(c.key).uid)!;
      assert.ok(s.context, `${c.key}: context rebuilt`);
      assert.equal(s.figures.pending, 0, `${c.key}: pending`);
      assert.equal(ourCell(s), printedCell(c.key), c.key);
    }
  });

  it('the dashboard session (row without contextTokens) takes its window from the model entry in openclaw.json', function () {
    const s = stateOf('agent:main:dashboard:0c9e5420-4b4c-4526-9df1-2be93bb83f2a');
    assert.equal(s.row.contextTokens, undefined, 'the row really has no contextTokens');
    assert.equal(s.figures.windowSource, 'modelsConfig');
    assert.equal(s.figures.window, 32768);
    // Its estimate is the last real assistant usage of the transcript (OpenClaw's own dump: 9689) + nothing after it.
    assert.equal(s.figures.used, 9689);
  });

  it('compaction / flush lines are the ones OpenClaw logged for this 32768 window (24576 / 20576, openclaw-2026.9.6.md §4.3)', function () {
    for (const c of cli.sessions) {
      const g = stateOf(c.key).figures;
      assert.equal(g.compactionAt, 24576, c.key);
      assert.equal(g.flushAt, 20576, c.key);
    }
    // The dashboard row has no contextBudgetStatus: the line comes from the window (reserve capped at a quarter).
    assert.equal(stateOf('agent:main:dashboard:0c9e5420-4b4c-4526-9df1-2be93bb83f2a').figures.compactionSource, 'reserve');
    assert.equal(stateOf('agent:main:work').figures.compactionSource, 'contextBudgetStatus');
  });

  it('fresh sessions take their window from the row (windowSource "session")', function () {
    assert.equal(stateOf('agent:main:work').figures.windowSource, 'session');
  });
});
