/**
 * In-host: the second real OpenClaw dataset (test/fixtures/openclaw-second, issue 17) from its local files, as the
 * real VS Code shows it. For every session the Sessions tree's description and the status bar (the session pinned)
 * must say what OpenClaw said: the `Tokens (ctx %)` cell of its own `openclaw sessions --all-agents` table, the window
 * and percentage of its `--json` rows, the compaction count of its session rows; the states of the sessions that
 * failed or compacted over and over. The remote half (a real Gateway on this dataset, no local files) is check D of
 * test/e2e/run-live.mjs.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OpenClawContextApi } from '../../../src/extension';
import type * as Second from '../../support/secondState.mjs';
import { activatedApi, REPO, sessionTreeItem, statusBarFor, uidOf, waitFor } from './util';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const second = require(path.join(REPO, 'test', 'support', 'secondState.mjs')) as typeof Second;

/** OpenClaw's table cell `16k/49k (33%)` in its parts. */
function cellParts(cell: string): { used: string; window: string; percent: number } {
  const m = /^(\S+)\/(\S+) \((\d+)%\)$/.exec(cell);
  assert.ok(m, `OpenClaw's cell "${cell}"`);
  return { used: m[1]!, window: m[2]!, percent: Number(m[3]) };
}

suite('The second real OpenClaw dataset from its local files in the real VS Code', () => {
  let api: OpenClawContextApi;
  let stateDir: string;
  let root: string;
  let dir: string;
  let compactions: Record<string, number>;
  const keys = second.secondKeys();
  const cells = second.recordedCells();
  const rows: string[] = [];
  const cfg = () => vscode.workspace.getConfiguration('openclawContext');

  suiteSetup(async () => {
    ({ api, stateDir } = await activatedApi());
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'oc-ctx-second-'));
    dir = second.restoreSecondState(path.join(root, 'state'));
    compactions = second.rowCompactions(dir);
    await cfg().update('stateDir', [dir], vscode.ConfigurationTarget.Global);
    const n = second.recordedSessions().length;
    await waitFor(() => (api.service.model.stateDirs().length === 1 && api.service.model.sessions().filter((s) => s.stateDir === path.resolve(dir)).length === n ? true : undefined), `the ${n} sessions of the second dataset`, 30_000);
  });

  suiteTeardown(async () => {
    console.log(`[in-host] second dataset (local files): session | OpenClaw's cell, row compactionCount | our tree description | our status bar\n${rows.join('\n')}`);
    await vscode.commands.executeCommand('openclawContext.unpinSession');
    await cfg().update('stateDir', undefined, vscode.ConfigurationTarget.Global);
    await waitFor(() => (api.service.model.stateDirs().length === 1 && api.service.model.stateDirs()[0]!.candidate.dir === path.resolve(stateDir) ? true : undefined), 'the state dir of the run again');
    fs.rmSync(root, { recursive: true, force: true });
  });

  for (const t of second.recordedSessions()) {
    test(`${t.key}: the tree description and the status bar say OpenClaw's ${cells[t.key]} and its compaction count`, async () => {
      const want = second.openclawFigure(t);
      const cell = cellParts(cells[t.key]!);
      const ending = second.endingCompaction(t.key);
      const comp = compactions[t.key];
      assert.equal(typeof comp, 'number', `OpenClaw's row for ${t.key}`);
      const f = api.service.model.get(uidOf(api, dir, t.key))!.figures;
      const desc = String(sessionTreeItem(api, dir, t.key).description);
      const bar = await statusBarFor(api, dir, t.key);
      rows.push(`  ${t.key} | ${cells[t.key]} c${comp}${ending ? ` (ends with a compaction: tokensAfter ${ending.tokensAfter})` : ''} | ${desc} | ${bar.text}`);

      // the tree description (figure, compactions, failed state): the same rules as the remote check D of run-live.mjs
      assert.deepEqual(second.descriptionProblems(t, desc, comp!, { cells }), []);
      // the figures model and the status bar
      assert.equal(f.window, want.window, 'window');
      assert.ok(bar.text.endsWith(`/${cell.window}`), `the status bar "${bar.text}" names the window ${cell.window}`);

      if (want.known && !ending) {
        // OpenClaw's own figure, shown as OpenClaw's (no ~)
        assert.deepEqual({ used: f.used, percent: f.percent, known: f.known, estimated: f.estimated }, { used: want.used, percent: want.percent, known: true, estimated: false });
        assert.equal(cell.percent, want.percent, "OpenClaw's table and its --json agree");
        assert.equal(bar.text, `$(pulse) ${cell.percent}% ${cell.used}/${cell.window}`);
        assert.ok(bar.tooltip.includes(`| Used | ${cell.used} / ${cell.window} (${cell.percent}%) —`), `the tooltip's Used row says ${cells[t.key]}`);
      } else if (want.known && ending) {
        // OpenClaw's figure is the last compaction's tokensAfter (messages only): we show the next prompt, estimated,
        // and OpenClaw's figure on its own row
        assert.equal(ending.tokensAfter, want.used, "OpenClaw's figure is the tokensAfter of the compaction its history ends with");
        assert.equal(f.basis, 'next-prompt');
        assert.ok(f.known && f.estimated && f.used > want.used!, `the next prompt's estimate (${f.used}) is above OpenClaw's post-compaction ${want.used}`);
        assert.match(bar.text, new RegExp(`^\\$\\(pulse\\) ~${f.percent}% ~\\S+/${cell.window}$`));
        assert.ok(bar.tooltip.includes(`| OpenClaw reports | ${cell.used} — `), `the tooltip's OpenClaw row says ${cell.used}`);
      } else {
        // OpenClaw has no real figure (its 0 after an only-turn overflow): unknown, or an estimate above 0; never 0 %
        assert.ok(!f.known || (f.estimated && f.used > 0 && f.percent > 0), `unknown or an estimate above 0: used ${f.used}, known ${f.known}, estimated ${f.estimated}, ${f.percent}%`);
        assert.match(bar.text, new RegExp(`^\\$\\(pulse\\) (~[1-9]\\d*% ~\\S+|\\?% unknown)/${cell.window}$`));
      }

      // OpenClaw's compaction count (its session row), known
      assert.deepEqual({ compactions: f.compactions, known: f.compactionsKnown }, { compactions: comp, known: true });
      assert.ok(bar.tooltip.includes(`| Compactions | ${comp} |`), `the tooltip's Compactions row says ${comp}`);
      if (comp === 0) assert.doesNotMatch(bar.tooltip, /compaction was written/, 'no compaction claimed where OpenClaw counts none');

      // the states named by the dataset
      const words = desc.split(' · ');
      if (t.key === keys.incident) assert.ok(words.includes('overflow'), `overflow in "${desc}"`);
      if (t.key === keys.firstFail) assert.ok(words.includes('overflow') || words.includes('failed'), `overflow or failed in "${desc}"`);
      if (t.key === keys.spiral) assert.ok(words.includes('compaction loop'), `compaction loop in "${desc}"`);
      for (const w of ['overflow', 'failed', 'compaction loop'].filter((x) => words.includes(x))) assert.match(bar.tooltip, new RegExp(`- \\*\\*${w}\\*\\*: `), `the status bar tooltip's ${w} line`);
    });
  }
});
