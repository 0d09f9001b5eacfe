/**
 * Issue 20, in the real extension host: where the extension runs and what an untrusted workspace may do (the
 * manifest VS Code reads), what a compaction dropped on a session OpenClaw compacted four times (under a second,
 * from the palette too), empty states that lead somewhere (Open Demo State, "no session" says how to get one, no
 * warning colour), read-only ground (a state dir and a workspace this user cannot write: the views say so, every
 * write says so before its preview), and a Gateway that serves another state dir (never offered the token, never
 * used). Every setting, file and secret is put back.
 *
 * This launch runs with --disable-workspace-trust, so here the manifest is checked; the untrusted workspace itself
 * is tested in a launch of its own, with workspace trust on and the folder untrusted (../suite-untrusted).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OpenClawContextApi } from '../../../src/extension';
import type { DroppedOutcome } from '../../../src/vscode/compaction/compaction';
import type { Ui } from '../../../src/vscode/shared/ui';
import type * as Second from '../../support/secondState.mjs';
import { FakeGateway } from '../../support/fakeGateway';
import { activatedApi, demoStateCopy, EXT_ID, recordingDialogs, recordingPick, REPO, waitFor } from './util';
import { lockDown } from '../../support/lockDown';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const second = require(path.join(REPO, 'test', 'support', 'secondState.mjs')) as typeof Second;

interface Prompt {
  kind: string;
  message: string;
  detail?: string;
  buttons: string[];
}


suite('Issue 20: ground (extensionKind, trust, dropped, empty states, read-only, Gateway identity)', function () {
  this.timeout(90_000);
  let api: OpenClawContextApi;
  let stateDir: string;
  let savedUi: Ui;
  const prompts: Prompt[] = [];
  let picks: Array<(items: vscode.QuickPickItem[]) => vscode.QuickPickItem | undefined> = [];
  const cfg = () => vscode.workspace.getConfiguration('openclawContext');
  const G = vscode.ConfigurationTarget.Global;
  const backToRunState = () => waitFor(() => (api.service.model.stateDirs().length === 1 && api.service.model.stateDirs()[0]!.candidate.dir === path.resolve(stateDir) && api.service.model.sessions().length ? true : undefined), 'the state dir of the run again', 30_000);

  suiteSetup(async () => {
    ({ api, stateDir } = await activatedApi());
    savedUi = api.ui.current;
    api.ui.current = {
      ...savedUi,
      ...recordingDialogs(prompts, {}),
      pick: recordingPick(prompts, (items) => picks.shift()?.(items)),
    };
  });

  suiteTeardown(async () => {
    api.ui.current = savedUi;
    await cfg().update('stateDir', undefined, G);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('the manifest: runs beside the state dir (extensionKind workspace), reads only in an untrusted workspace, the dropped command in the palette', () => {
    const pkg = vscode.extensions.getExtension(EXT_ID)!.packageJSON as { extensionKind: string[]; capabilities: { untrustedWorkspaces: { supported: string; description: string } }; contributes: { menus: { commandPalette: Array<{ command: string; when: string }> } } };
    assert.deepEqual(pkg.extensionKind, ['workspace']);
    assert.equal(pkg.capabilities.untrustedWorkspaces.supported, 'limited');
    assert.match(pkg.capabilities.untrustedWorkspaces.description, /only reads.*no Gateway is connected and no token is read/);
    const entry = pkg.contributes.menus.commandPalette.find((m) => m.command === 'openclawContext.showCompactionDropped');
    assert.ok(!entry || entry.when !== 'false', 'Show What the Compaction Dropped is in the palette');
  });

  test('what each of ops:spiral’s compactions dropped opens in under a second; from the palette, a pick among them', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'oc-ctx-ground-second-'));
    try {
      const dir = second.restoreSecondState(path.join(root, 'state'));
      await cfg().update('stateDir', [dir], G);
      const spiral = await waitFor(() => api.service.model.sessions().find((s) => s.stateDir === path.resolve(dir) && s.row.key.endsWith(':spiral')), 'ops:spiral', 30_000);
      const s = api.service.model.ensureTranscript(spiral.uid)!;
      const cs = s.context!.compactions;
      assert.ok(cs.length >= 4, `${cs.length} compactions`);
      const times: string[] = [];
      // the first document VS Code opens as Markdown activates its Markdown extension (a one-time cost, not ours): the summary first
      await vscode.commands.executeCommand('openclawContext.showCompactionSummary', { uid: s.uid, entry: cs[0], compaction: true });
      for (const c of cs) {
        const t0 = performance.now();
        const o = (await vscode.commands.executeCommand<DroppedOutcome>('openclawContext.showCompactionDropped', { uid: s.uid, entry: c, compaction: true }))!;
        const ms = performance.now() - t0;
        times.push(`${o.computeMs.toFixed(0)}/${ms.toFixed(0)} ms`);
        assert.ok(o.dropped > 0, 'entries dropped');
        const text = (await vscode.workspace.openTextDocument(o.uri)).getText();
        assert.match(text, /## Dropped[\s\S]*## Replaced by this summary/);
        assert.ok(ms < 1000, `opened in ${ms.toFixed(0)} ms (computed in ${o.computeMs.toFixed(0)} ms)`);
      }
      console.log(`[in-host] what ops:spiral's ${cs.length} compactions dropped (computed/shown): ${times.join(', ')}`);
      // the palette: the gauge's session, a pick among its compactions (newest first)
      await api.service.pin(s.uid);
      picks = [(items) => items[items.length - 1]];
      const o = (await vscode.commands.executeCommand<DroppedOutcome>('openclawContext.showCompactionDropped'))!;
      assert.ok(o?.uri, 'opened from the palette');
      const pick = prompts.filter((p) => p.kind === 'pick').pop()!;
      assert.equal(pick.message.split(' | ').length, cs.length);
      assert.match(pick.message, new RegExp(`^Compaction ${cs.length} of ${cs.length}`));
    } finally {
      await api.service.pin(undefined);
      await cfg().update('stateDir', undefined, G);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await backToRunState();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test('no state dir: no warning colour, "no session" says how to get one, and Open Demo State opens the bundled demo', async () => {
    const nowhere = path.join(os.tmpdir(), `oc-ctx-nowhere-${process.pid}`);
    try {
      await cfg().update('stateDir', [nowhere], G);
      await waitFor(() => (api.service.model.sessions().length === 0 && api.service.ready ? true : undefined), 'no sessions');
      api.statusBar.update();
      assert.equal(api.statusBar.background, 'none', 'nothing to warn about');
      assert.match(api.statusBar.tooltip, /choose one or open the demo state/);
      prompts.length = 0;
      await vscode.commands.executeCommand('openclawContext.createCheckpoint');
      const said = prompts.find((p) => p.kind === 'info')!;
      assert.match(said.message, /no session to checkpoint: no OpenClaw state found/);
      assert.deepEqual(said.buttons, ['Choose State Directory…', 'Open Demo State']);
      // the welcome view's button
      const dir = (await vscode.commands.executeCommand<string>('openclawContext.openDemoState'))!;
      assert.ok(dir && fs.existsSync(path.join(dir, 'openclaw.json')), 'the demo copy');
      assert.ok(!dir.startsWith(REPO), 'a copy outside the extension');
      await waitFor(() => (api.service.model.sessions().filter((s) => s.stateDir === path.resolve(dir)).length >= 3 ? true : undefined), 'the demo sessions', 30_000);
      assert.deepEqual(cfg().get('stateDir'), dir);
    } finally {
      await cfg().update('stateDir', undefined, G);
      await backToRunState();
    }
  });

  test('read-only ground: the Sessions view says so; Create Checkpoint and Flush say so before any preview and write nothing', async () => {
    const { root, dir } = demoStateCopy('oc-ctx-ground-ro-');
    const undo: Array<() => void> = [];
    try {
      await cfg().update('stateDir', [dir], G);
      const s = await waitFor(() => api.service.model.sessions().find((x) => x.stateDir === path.resolve(dir)), 'the demo copy');
      undo.push(lockDown(dir));
      const dirNode = api.tree.getChildren().find((n) => n.type === 'stateDir' && n.info.candidate.dir === path.resolve(dir))!;
      const item = api.tree.getTreeItem(dirNode) as vscode.TreeItem;
      assert.match(String(item.description), /read-only/);
      assert.match(String(item.tooltip), /read-only \((no write permission|writes not permitted), E(ACCES|PERM)\)/);
      prompts.length = 0;
      const ev = await vscode.commands.executeCommand<{ kind: string; reason: string }>('openclawContext.createCheckpoint', s.uid);
      assert.equal(ev?.kind, 'skipped');
      assert.match(prompts.find((p) => p.kind === 'warn')!.message, /^OpenClaw Context: The state dir .* is read-only .*: no checkpoint is written\./);
      assert.ok(!prompts.some((p) => p.kind === 'confirm'));
    } finally {
      for (const u of undo.splice(0).reverse()) u();
      await cfg().update('stateDir', undefined, G);
      await backToRunState();
      fs.rmSync(root, { recursive: true, force: true });
    }
    // the run's own workspace, read-only for a moment: the flush is skipped with a warning, before its preview
    const work = api.service.model.sessions().find((x) => x.row.key === 'agent:main:work')!;
    const ws = path.join(stateDir, 'workspace');
    for (const d of [ws, path.join(ws, 'memory')]) if (fs.existsSync(d)) undo.push(lockDown(d));
    try {
      prompts.length = 0;
      const out = await vscode.commands.executeCommand<{ status: string; reason?: string }>('openclawContext.memory.flush', work.uid);
      assert.equal(out.status, 'refused', out.reason);
      assert.match(prompts.find((p) => p.kind === 'warn')!.message, /The workspace .* is read-only .*: the memory flush is skipped\./);
      assert.ok(!prompts.some((p) => p.kind === 'confirm'), 'no confirmation, no preview');
      assert.ok(!vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => /flush/i.test(t.label))), 'no flush preview open');
    } finally {
      for (const u of undo.splice(0).reverse()) u();
    }
  });

  test('a Gateway that serves another state dir: no token question for it, and its connection is closed, never used', async () => {
    const token = `ground-${Math.random().toString(36).slice(2)}-${Date.now()}`;
    const fake = await new FakeGateway({ token, stateDir: '/some/other/state' }).start();
    const gw = api.gateway;
    try {
      await cfg().update('gateway.useLocalToken', 'ask', G);
      prompts.length = 0;
      await cfg().update('gateway.url', fake.url, G);
      // no lock of this state dir names that port: no question, and whatever connects sends no local token
      await waitFor(() => (gw.views().some((v) => v.url === fake.url && (v.state === 'failed' || v.state === 'live')) ? true : undefined), 'a first answer from the Gateway', 20_000);
      assert.ok(!prompts.some((p) => /read its token/.test(p.message)), 'never offered to read the token');
      assert.ok(fake.connects.every((c) => c.params?.auth?.token === undefined), 'no token sent');
      // with the Gateway's own token set: hello-ok names another state dir, so the connection is closed
      api.ui.current = { ...api.ui.current, input: async () => token };
      await vscode.commands.executeCommand('openclawContext.gateway.setToken');
      await waitFor(() => (gw.views().find((v) => v.url === fake.url)?.error?.kind === 'other-state-dir' ? true : undefined), 'refused: another state dir', 20_000);
      assert.equal(gw.clientFor(stateDir), undefined);
      assert.notEqual(gw.state, 'live');
      assert.match(gw.summary().text, /serves another state dir/);
    } finally {
      await cfg().update('gateway.url', undefined, G);
      await cfg().update('gateway.useLocalToken', undefined, G);
      await gw.clearToken();
      await fake.close();
      api.ui.current = { ...api.ui.current, input: savedUi.input };
    }
  });
});
