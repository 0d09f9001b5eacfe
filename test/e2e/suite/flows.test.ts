/**
 * Issue 20, in the real extension host on the run's state copy: the one session picker of every command that
 * acts on a session, the UI's words (no internal terms, tooltips that say what a click does), Enter / click on
 * a session row, and the keybindings (documented in package.json, not clashing with VS Code's defaults).
 * The confirmation beside the preview and the reports are tested where their flows are (compaction.test.ts,
 * tools.test.ts, gateway.test.ts).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OpenClawContextApi } from '../../../src/extension';
import { GAUGE_SESSION_WORDS, sessionDescription } from '../../../src/core/context/viewModel';
import type { Node } from '../../../src/vscode/sessions/sessionsTree';
import type { ExactSessionResult } from '../../../src/vscode/sessions/exactCount';
import type { Ui } from '../../../src/vscode/shared/ui';
import { activatedApi, recordingDialogs, REPO, waitFor, type RecordedPrompt } from './util';

/** Words of the implementation that must not reach the UI. */
const INTERNAL = /\b[sS]eed \d{3}\b|[sS]eed's|custom_message|compaction epoch|\bL[1-5]\b(?! ?cache)/;

interface Pkg {
  contributes: {
    commands: Array<{ command: string; title: string }>;
    keybindings?: Array<{ command: string; key: string; mac?: string; when?: string }>;
    viewsWelcome: Array<{ contents: string }>;
    configuration: { properties: Record<string, { description?: string; markdownDescription?: string; enumDescriptions?: string[] }> };
  };
}
const pkg = (): Pkg => JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as Pkg;

suite('Command flows (issue 20) in the extension host', () => {
  let api: OpenClawContextApi;
  let originalUi: Ui;
  const prompts: RecordedPrompt[] = [];
  const picks: Array<{ title: string; items: Array<vscode.QuickPickItem & { uid?: string }> }> = [];
  let pickAnswer: (items: Array<vscode.QuickPickItem & { uid?: string }>) => vscode.QuickPickItem | undefined = () => undefined;

  suiteSetup(async () => {
    ({ api } = await activatedApi());
    await waitFor(() => api.service.model.sessions().length > 1 || undefined, 'the sessions');
    originalUi = api.ui.current;
    api.ui.current = {
      ...originalUi,
      ...recordingDialogs(prompts, {}),
      pick: <T extends vscode.QuickPickItem>(items: T[], opts: vscode.QuickPickOptions) => {
        picks.push({ title: opts.title ?? '', items });
        return Promise.resolve(pickAnswer(items) as T | undefined);
      },
    } as Ui;
  });

  suiteTeardown(async () => {
    api.ui.current = originalUi;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('item 1: every command that acts on a session asks which one when none is given — fill and state, the gauge’s session first; dismissing says nothing', async () => {
    const sessions = api.service.model.sessions();
    const gauge = api.service.active()!;
    assert.ok(gauge, 'a gauge session');
    const commands = ['compactSession', 'openTrimmedContext', 'memory.flush', 'createCheckpoint', 'countSessionExactly', 'resetSession'];
    for (const c of commands) {
      picks.length = 0;
      prompts.length = 0;
      pickAnswer = () => undefined;
      await vscode.commands.executeCommand(`openclawContext.${c}`);
      assert.equal(picks.length, 1, `${c}: one picker`);
      const { title, items } = picks[0]!;
      assert.match(title, /which session\?$/, c);
      assert.equal(items.length, sessions.length, `${c}: every session`);
      assert.equal(items[0]!.uid, gauge.uid, `${c}: the gauge's session first`);
      assert.equal(items[0]!.description, `${sessionDescription(gauge)} · ${GAUGE_SESSION_WORDS}`, `${c}: its fill and state, marked`);
      for (const it of items) {
        const s = api.service.model.get(it.uid!)!;
        assert.ok(it.description!.startsWith(sessionDescription(s)), `${c}: ${it.label} shows its fill and state`);
      }
      assert.deepEqual(prompts, [], `${c}: a dismissed picker is not followed by a message`);
    }
    // the session picked is the one acted on (not the gauge's)
    picks.length = 0;
    pickAnswer = (items) => items[1];
    const r = await vscode.commands.executeCommand<ExactSessionResult>('openclawContext.countSessionExactly');
    assert.equal(r.key, picks[0]!.items[1]!.label);
    assert.notEqual(r.key, gauge.row.key);
    // given a session (a Sessions view row, a uid): no picker
    picks.length = 0;
    await vscode.commands.executeCommand('openclawContext.countSessionExactly', gauge.uid);
    assert.equal(picks.length, 0);
    pickAnswer = () => undefined;
  });

  test('item 4: no internal words in the manifest or the Sessions view; one format per figure; tooltips say what a click does', () => {
    const p = pkg().contributes;
    const texts = [
      ...p.commands.map((c) => c.title),
      ...p.viewsWelcome.map((w) => w.contents),
      ...Object.values(p.configuration.properties).flatMap((x) => [x.description ?? '', x.markdownDescription ?? '', ...(x.enumDescriptions ?? [])]),
    ];
    for (const t of texts) assert.doesNotMatch(t, INTERNAL, t);
    // the Sessions view: state dirs, agents, sessions (labels, descriptions, tooltips), compaction rows
    const seen: string[] = [];
    const tip = (t: vscode.TreeItem['tooltip']) => (typeof t === 'string' ? t : (t?.value ?? ''));
    const walk = (n?: Node): void => {
      for (const c of api.tree.getChildren(n)) {
        const item = api.tree.getTreeItem(c);
        const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
        if (c.type === 'turn' || c.type === 'entry') {
          // rows quoting the transcript: only our own words (the description)
          if (c.type === 'entry' && c.compaction) assert.match(label, /^(\S+|\?) → (\S+|\?)$/, `a compaction row reads before → after: ${label}`);
          continue;
        }
        seen.push(label, String(item.description ?? ''), tip(item.tooltip));
        if (c.type === 'session') {
          assert.match(tip(item.tooltip), /Click \(or Enter\) to open its active context/, 'the tooltip says what a click does');
          assert.doesNotMatch(tip(item.tooltip), /Click to (pick|expand)/);
        }
        if (c.type !== 'session' || seen.length < 400) walk(c);
      }
    };
    walk();
    assert.ok(seen.length > 10, `rows read: ${seen.length}`);
    for (const t of seen) assert.doesNotMatch(t, INTERNAL, t);
    assert.match(api.statusBar.tooltip ?? '', /Click to choose which session the gauge shows/);
  });

  test('item 10: Enter or a click on a session row opens its active context (the row’s command)', async () => {
    const s = api.service.active()!;
    const roots = api.tree.getChildren();
    const find = (nodes: Node[]): Node | undefined => {
      for (const n of nodes) {
        if (n.type === 'session' && n.uid === s.uid) return n;
        if (n.type === 'stateDir' || n.type === 'agent') {
          const f = find(api.tree.getChildren(n));
          if (f) return f;
        }
      }
      return undefined;
    };
    const node = find(roots);
    assert.ok(node, 'the session row');
    const item = api.tree.getTreeItem(node);
    assert.equal(item.command?.command, 'openclawContext.openContext');
    assert.equal(item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed, 'it still expands (twistie, →)');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []));
    const ed = await waitFor(() => vscode.window.activeTextEditor, 'the context document');
    assert.equal(ed.document.uri.scheme, 'openclaw-context');
    assert.match(ed.document.getText(), new RegExp(`Active context — ${s.row.key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('item 10: keybindings for Compact, Create Checkpoint and the Context panel, documented in the manifest, clashing with no VS Code default', async () => {
    const kb = pkg().contributes.keybindings ?? [];
    const ours = ['openclawContext.compactSession', 'openclawContext.createCheckpoint', 'openclawContext.openPanel'].map((c) => kb.find((k) => k.command === c));
    for (const k of ours) assert.ok(k?.key && k.mac, `bound on every platform: ${JSON.stringify(k)}`);
    // VS Code's own defaults (this platform): none uses our keys, nor their first chord part alone
    await vscode.commands.executeCommand('workbench.action.openDefaultKeybindingsFile');
    const doc = await waitFor(() => vscode.window.activeTextEditor?.document, 'the default keybindings');
    const defaults = [...doc.getText().matchAll(/"key":\s*"([^"]+)",\s*"command":\s*"([^"]+)"/g)].filter((m) => !m[2]!.startsWith('openclawContext.')).map((m) => m[1]!);
    assert.ok(defaults.length > 200, `default keybindings read: ${defaults.length}`);
    const platform = process.platform === 'darwin' ? 'mac' : 'key';
    for (const k of ours) {
      const key = (platform === 'mac' ? k!.mac : k!.key)!;
      const first = key.split(' ')[0]!;
      const clash = defaults.filter((d) => d === key || d === first || d.split(' ')[0] === key);
      assert.deepEqual(clash, [], `${key} is free`);
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
