/**
 * The Tools & Skills view in the real extension host, on the harness's copy of the real OpenClaw 2026.9.6
 * fixture state (agent:main:work called exec 4 times, read twice, write once): the statistics computed
 * when the view shows, the rows against toolStats computed here from the same transcripts, Refresh, and
 * Export as Markdown. Prompts are answered through `api.ui.current`.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { OpenClawContextApi } from '../../../src/extension';
import { toolStats, toolStatsMarkdown, type ToolStats } from '../../../src/core/memory/toolStats';
import { toolRow } from '../../../src/core/memory/toolsViewModel';
import { EXT_ID, waitFor, activatedApi, markdownPreviewTabs } from './util';
import type { Ui } from '../../../src/vscode/shared/ui';

suite('Tools view in the extension host', () => {
  let api: OpenClawContextApi;
  let originalUi: Ui;
  let stateDir: string;
  const infos: Array<{ message: string; buttons: string[] }> = [];

  /** toolStats over every transcript of every session, read here the way the CLI reads them */
  function expected(): ToolStats {
    const m = api.service.model;
    return toolStats(
      [...m.sessions()]
        .sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0))
        .map((s0) => {
        const s = m.ensureTranscript(s0.uid)!;
        return { key: s.row.key, sessionId: s.row.sessionId, entries: m.loadEntries(s.uid, s.index!.entries).filter((e): e is Record<string, unknown> => !!e) };
      }),
    );
  }

  suiteSetup(async () => {
    ({ api, stateDir } = await activatedApi());
    await waitFor(() => api.service.model.sessions().some((s) => s.stateDir === stateDir && s.row.key === 'agent:main:work'), 'the fixture sessions');
    originalUi = api.ui.current;
    api.ui.current = {
      ...originalUi,
      info: (message: string, ...buttons: string[]) => {
        infos.push({ message, buttons });
        return Promise.resolve(undefined);
      },
    };
  });

  suiteTeardown(async () => {
    if (api) api.ui.current = originalUi;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('the statistics are computed when the view becomes visible', async () => {
    await vscode.commands.executeCommand('openclawContext.tools.focus');
    const c = await waitFor(() => api.tools.last, 'the statistics after the view showed', 30_000);
    assert.ok(c.stats.sessions >= 7, `${c.stats.sessions} transcripts`);
    assert.ok(c.ms >= 0 && c.entries > 0);
    console.log(`[in-host] tool statistics: ${c.stats.sessions} transcripts, ${c.entries} entries in ${c.ms.toFixed(1)} ms (loading ${c.loadMs.toFixed(1)} ms)`);
  });

  test('the tool rows are toolStats over the transcripts: exec — 4 calls, then read and write', async () => {
    const c = await api.tools.refresh();
    const want = expected();
    assert.deepEqual(c.stats, want, 'the view computes what toolStats gives over the same transcripts');
    const nodes = api.tools.toolNodes();
    assert.deepEqual(
      nodes.map((n) => n.row.text),
      want.tools.map((t) => toolRow(t).text),
    );
    const exec = nodes.find((n) => n.tool.name === 'exec')!;
    assert.equal(exec.tool.calls, 4);
    const item = api.tools.getTreeItem(exec);
    assert.equal(item.label, 'exec');
    assert.equal(item.description, '4 calls · 100% · mean 515ms · p95 1.7s');
    assert.equal(item.accessibilityInformation?.label, 'exec — 4 calls · 100% · mean 515ms · p95 1.7s');
    assert.equal(item.collapsibleState, vscode.TreeItemCollapsibleState.None, 'no errors to expand');
    assert.deepEqual(
      nodes.map((n) => [n.tool.name, n.tool.calls]),
      [
        ['exec', 4],
        ['read', 2],
        ['write', 1],
      ],
    );
    // the root: the Tools group (no skill was read in the fixture: no Skills group)
    const root = api.tools.getChildren();
    assert.deepEqual(
      root.map((n) => n.row.text),
      [`Tools — ${want.totalCalls} calls in ${want.sessions} sessions`],
    );
    assert.equal(api.tools.getTreeItem(root[0]!).collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
  });

  test('Refresh recomputes; the command returns the new figures', async () => {
    const before = api.tools.last!.at;
    await new Promise((r) => setTimeout(r, 5));
    const c = await vscode.commands.executeCommand<{ at: number; stats: ToolStats }>('openclawContext.tools.refresh');
    assert.ok(c.at > before);
    assert.equal(c.stats.tools.find((t) => t.name === 'exec')?.calls, 4);
  });

  test("Export as Markdown opens seed 004's block rendered in the Markdown preview (nothing on disk, nothing to save) and offers to copy it", async () => {
    const n = infos.length;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const doc = await vscode.commands.executeCommand<vscode.TextDocument>('openclawContext.tools.exportMarkdown');
    assert.equal(doc.languageId, 'markdown');
    assert.equal(doc.isUntitled, false);
    assert.equal(doc.uri.scheme, 'openclaw-memory', 'a read-only virtual document');
    assert.ok(doc.getText().includes('### exec'));
    assert.equal(doc.getText(), toolStatsMarkdown(expected()));
    assert.match(doc.getText(), /### exec\n- Called 4 times, 100% success rate\n- Average time: 515ms \(p95 1\.7s\)/);
    await waitFor(() => markdownPreviewTabs().length === 1, 'the Markdown preview');
    assert.equal(vscode.window.activeTextEditor, undefined, 'the preview, not the source, is shown');
    const offer = infos.slice(n).find((i) => i.buttons.includes('Copy to Clipboard'));
    assert.ok(offer, 'offers to copy');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
