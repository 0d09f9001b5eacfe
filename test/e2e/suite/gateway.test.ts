/**
 * Live mode (issue 7) in the real extension host, against the scripted Gateway of test/support/fakeGateway.ts:
 * the token from "Set Gateway Token…" (InputBox stubbed through the controller's ui hook), state live with the
 * version in summary(), the gauge and the Sessions view; sessions.changed → immediate refresh (latency logged);
 * a wrong token → failed/unauthorized with no token anywhere; SIGKILL-like drop → reconnecting → live; mode off.
 * Leaves the settings, the token and the connection as it found them.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { FakeGateway } from '../../support/fakeGateway';
import type { OpenClawContextApi } from '../../../src/extension';
import type { GatewayController } from '../../../src/vscode/gateway/gateway';
import { activatedApi, markdownPreviewTabs, waitFor } from './util';
import type { Ui } from '../../../src/vscode/shared/ui';

const TOKEN = `fake-gw-${Math.random().toString(36).slice(2)}-${Date.now()}`;
const WRONG = `wrong-gw-${Math.random().toString(36).slice(2)}-${Date.now()}`;
const GATEWAY_TOKEN_KEY = 'openclawContext.gateway.token';
const DEVICE_KEY = 'openclawContext.gateway.device';

suite('Gateway live mode (fake Gateway in the extension host)', function () {
  this.timeout(60_000);
  let api: OpenClawContextApi;
  let stateDir: string;
  let gw: GatewayController;
  let fake: FakeGateway;
  let savedUi: Ui;
  const inputs: string[] = [];
  const picks: vscode.QuickPickItem[][] = [];
  const reported: string[] = [];
  let reportSub: vscode.Disposable | undefined;
  const cfg = () => vscode.workspace.getConfiguration('openclawContext');
  const G = vscode.ConfigurationTarget.Global;

  /** every text a user or a log could see */
  function everythingShown(): string {
    const s = gw.summary();
    return [gw.logLines.join('\n'), reported.join('\n'), s.text, s.detail ?? '', gw.lastStatusMarkdown, JSON.stringify(picks), api.statusBar.tooltip, api.statusBar.text, JSON.stringify(gw.views()), JSON.stringify(cfg().get('gateway'))].join('\n');
  }

  async function setToken(value: string): Promise<void> {
    inputs.push(value);
    await vscode.commands.executeCommand('openclawContext.gateway.setToken');
    assert.equal(inputs.length, 0, 'the InputBox was shown');
  }

  suiteSetup(async () => {
    ({ api, stateDir } = await activatedApi());
    gw = api.gateway;
    savedUi = api.ui.current;
    api.ui.current = {
      ...savedUi,
      input: async (o) => {
        assert.equal(o.password, true, 'the token InputBox is a password box');
        return inputs.shift();
      },
      pick: async (items) => {
        picks.push(items);
        return undefined;
      },
      // the consent question (with buttons) is answered Never; a plain message needs no answer
      info: async (_m, ...buttons) => (buttons.length ? 'Never' : undefined),
    };
    reportSub = gw.diag.onDidReport((d) => reported.push(`${d.source}: ${d.message}`));
    fake = await new FakeGateway({ token: TOKEN, stateDir }).start(); // hello-ok names the state dir it serves
    await cfg().update('gateway.useLocalToken', 'never', G);
    await setToken(TOKEN);
    await cfg().update('gateway.url', fake.url, G);
  });

  suiteTeardown(async () => {
    reportSub?.dispose();
    await cfg().update('gateway.mode', undefined, G);
    await cfg().update('refreshDebounceMs', undefined, G);
    await cfg().update('stateDir', undefined, G);
    await cfg().update('gateway.url', undefined, G);
    await cfg().update('gateway.useLocalToken', undefined, G);
    await gw.clearToken();
    await api.service.pin(undefined);
    api.ui.current = savedUi;
    await fake.close();
    await waitFor(() => gw.state !== 'live' && gw.state !== 'connecting', 'the connection closed');
  });

  test('connects with the token from Set Gateway Token… as cli/cli with a device and three scopes; the version is shown', async () => {
    await waitFor(() => gw.state === 'live', `state live (is ${gw.state}: ${gw.summary().text})`);
    const s = gw.summary();
    assert.equal(s.live, true);
    assert.equal(s.text, 'live · Gateway 2026.9.6');
    const v = gw.views()[0]!;
    assert.equal(v.url, fake.url);
    assert.deepEqual([...(v.scopes ?? [])].sort(), ['operator.admin', 'operator.read', 'operator.write']);
    assert.equal(v.tokenSource, 'secret');
    const c = fake.connects.filter((x) => x.ok).at(-1)!;
    assert.equal(c.params.client.id, 'cli');
    assert.equal(c.params.client.mode, 'cli');
    assert.ok(c.params.device, 'a device block was sent');
    assert.ok(gw.clientFor(stateDir), 'clientFor(stateDir) gives the live client');
    await waitFor(() => fake.requests.some((r) => r.method === 'sessions.subscribe') || undefined, 'sessions.subscribe');
    // secrets: the token and the device (with its device token for this URL) only in SecretStorage
    assert.equal(await gw.context.secrets.get(GATEWAY_TOKEN_KEY), TOKEN);
    assert.ok(await gw.context.secrets.get(DEVICE_KEY), 'device identity in the secret storage');
    await waitFor(() => gw.devices.known.size > 0 || undefined, 'a device token issued and stored');
    assert.equal(await gw.devices.hasDeviceToken(fake.url), true);
    assert.ok(!JSON.stringify(cfg().get('gateway')).includes(TOKEN), 'no token in the settings');
    // the gauge and the Sessions view show it
    api.statusBar.update();
    assert.match(api.statusBar.text, /\$\(broadcast\)$/);
    assert.match(api.statusBar.tooltip, /Gateway: live · Gateway 2026\.9\.6/);
    const dirNode = api.tree.getChildren().find((n) => n.type === 'stateDir')!;
    const item = api.tree.getTreeItem(dirNode);
    assert.match(String(item.description), /live · Gateway 2026\.9\.6/);
    assert.match(String(item.tooltip), /Gateway: live · Gateway 2026\.9\.6/);
    const ctx = await vscode.commands.executeCommand('getContext', 'openclawContext.gatewayLive').then(
      (x) => x,
      () => undefined,
    );
    if (ctx !== undefined) assert.equal(ctx, true);
    // Show Gateway Connection: URL, state, version, scopes, token source (never the token), as a report in the Markdown preview
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('openclawContext.gateway.showStatus');
    await waitFor(() => markdownPreviewTabs().length === 1, 'the connection report in the Markdown preview');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const md = gw.lastStatusMarkdown;
    assert.match(md, new RegExp(`## ${fake.url.replace(/[.]/g, '\\.')}`));
    assert.match(md, /OpenClaw 2026\.9\.6, protocol 4/);
    assert.match(md, /operator\.read, operator\.write, operator\.admin/);
    assert.match(md, /Token:\*\* set with/);
    assert.match(md, /agent:main:main/, 'the Gateway’s sessions listed');
    assert.ok(picks.length > 0);
    assert.ok(!everythingShown().includes(TOKEN));
  });

  test('sessions.changed refreshes the model at once (no debounce); the latency to the gauge is measured', async () => {
    await waitFor(() => gw.state === 'live', 'live');
    await waitFor(() => fake.requests.some((r) => r.method === 'sessions.subscribe') || undefined, 'subscribed');
    const before = api.service.refreshCount;
    let doneAt = 0;
    const once = gw.onDidLiveRefresh(() => (doneAt ||= performance.now()));
    const t0 = performance.now();
    assert.ok(fake.emitSessionsChanged({ sessionKey: 'agent:main:main', agentId: 'main', reason: 'end', ts: Date.now() }) > 0);
    await waitFor(() => api.service.refreshCount > before || undefined, 'a refresh after sessions.changed', 1000);
    once.dispose();
    console.log(`[in-host] gateway: sessions.changed → model refreshed in ${(doneAt - t0).toFixed(1)} ms (bound 1000 ms)`);

    // a real gauge change: a JSONL session whose new line only the Gateway event makes us read
    // (file-event refreshes debounced by 60 s for this test)
    const extra = fs.mkdtempSync(path.join(os.tmpdir(), 'oc-ctx-gw-'));
    const sessions = path.join(extra, 'agents', 'legacy', 'sessions');
    fs.mkdirSync(sessions, { recursive: true });
    const sid = 'gw-legacy-0001';
    const t = Date.parse('2026-11-20T10:00:00Z');
    const lines = [
      { type: 'session', version: 3, id: sid, timestamp: new Date(t).toISOString(), cwd: extra },
      { type: 'message', id: 'u1', parentId: null, timestamp: new Date(t + 1000).toISOString(), message: { role: 'user', content: [{ type: 'text', text: 'hello' }], timestamp: t + 1000 } },
      { type: 'message', id: 'a1', parentId: 'u1', timestamp: new Date(t + 2000).toISOString(), message: { role: 'assistant', content: [{ type: 'text', text: 'hi' }], provider: 'anthropic', model: 'claude-x', usage: { input: 50000, output: 10, cacheRead: 0, cacheWrite: 0, totalTokens: 50010 }, stopReason: 'stop', timestamp: t + 2000 } },
    ];
    const file = path.join(sessions, `${sid}.jsonl`);
    fs.writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    fs.writeFileSync(path.join(sessions, 'sessions.json'), JSON.stringify({ 'agent:legacy:main': { sessionId: sid, updatedAt: t + 2000, totalTokens: 50000, totalTokensFresh: true, contextTokens: 200000, modelProvider: 'anthropic', model: 'claude-x' } }));
    await cfg().update('stateDir', [stateDir, extra], G);
    try {
      await waitFor(() => (api.service.model.findByKey('agent:legacy:main') ? true : undefined), 'the JSONL state dir');
      await waitFor(() => gw.state === 'live' && gw.clientFor(extra) && gw.views().length === 1 ? true : undefined, 'one connection, live for both dirs', 10_000);
      await cfg().update('refreshDebounceMs', 60_000, G);
      const legacy = api.service.model.findByKey('agent:legacy:main')!;
      api.service.model.ensureTranscript(legacy.uid);
      await api.service.pin(legacy.uid);
      const textBefore = api.statusBar.text;
      const note = 'Summarise the build log and list every failing test. '.repeat(80);
      fs.appendFileSync(file, JSON.stringify({ type: 'message', id: 'u2', parentId: 'a1', timestamp: new Date(Date.now() + 5000).toISOString(), message: { role: 'user', content: note, timestamp: Date.now() + 5000 } }) + '\n');
      await new Promise((r) => setTimeout(r, 300)); // let any file event arrive: it must not refresh (60 s debounce)
      assert.equal(api.statusBar.text, textBefore, 'no refresh from the file event alone');
      let updatedAt = 0;
      let updatedText = '';
      const sub = api.service.onDidChange(() => {
        // runs after the gauge's own listener (registered first): the gauge is updated by now
        if (!updatedAt && api.statusBar.text !== textBefore) {
          updatedAt = performance.now();
          updatedText = api.statusBar.text;
        }
      });
      try {
        const e0 = performance.now();
        fake.emitSessionsChanged({ sessionKey: 'agent:legacy:main', agentId: 'legacy', reason: 'message', ts: Date.now() });
        await waitFor(() => updatedAt > 0 || undefined, `the gauge to change after sessions.changed (is ${api.statusBar.text})`, 1000);
        const ms = updatedAt - e0;
        console.log(`[in-host] gateway: sessions.changed → status bar updated in ${ms.toFixed(1)} ms (${textBefore} → ${updatedText}); refresh itself ${gw.views()[0]?.lastRefreshMs?.toFixed(1)} ms`);
        assert.ok(ms < 500, `latency ${ms} ms`);
        assert.match(updatedText, /~/, 'the appended line is an estimate on top of the figure');
      } finally {
        sub.dispose();
      }
    } finally {
      await api.service.pin(undefined);
      await cfg().update('refreshDebounceMs', undefined, G);
      await cfg().update('stateDir', undefined, G);
      fs.rmSync(extra, { recursive: true, force: true });
    }
    await waitFor(() => api.service.model.stateDirs().length === 1 || undefined, 'back to one state dir');
    await waitFor(() => gw.state === 'live' || undefined, 'live again');
  });

  test('the gauge’s session (local store) gets sessions.messages.subscribe; a session.message refreshes the model at once', async () => {
    await waitFor(() => gw.state === 'live', 'live');
    const active = await waitFor(() => api.service.active(), 'a session in the gauge');
    await waitFor(() => (fake.requests.some((r) => r.method === 'sessions.messages.subscribe' && r.params.key === active.row.key) && gw.messageSubscriptions()[fake.url]?.includes(active.row.key)) || undefined, `sessions.messages.subscribe for ${active.row.key}`);
    const before = api.service.refreshCount;
    const t0 = performance.now();
    assert.ok(fake.emitSessionMessage({ sessionKey: active.row.key, agentId: active.agentId, message: { role: 'assistant', content: [{ type: 'text', text: 'x' }], __openclaw: { id: 'm-1', seq: 1 } } }) > 0);
    await waitFor(() => api.service.refreshCount > before || undefined, 'a refresh after session.message', 1000);
    console.log(`[in-host] gateway: session.message (local store) → model refreshed in ${(performance.now() - t0).toFixed(1)} ms`);
    assert.equal(api.service.model.sessions().some((s) => s.remote), false, 'a local store: the files stay the source, no remote sessions');
  });

  test('a wrong token: state failed, “unauthorized” with the Set Gateway Token hint, and no token anywhere', async () => {
    await setToken(WRONG);
    await waitFor(() => gw.state === 'failed', `state failed (is ${gw.state})`);
    const s = gw.summary();
    assert.equal(s.live, false);
    assert.equal(s.text, 'files only · unauthorized');
    assert.match(s.detail ?? '', /Set Gateway Token/);
    assert.equal(gw.clientFor(stateDir), undefined);
    api.statusBar.update();
    assert.match(api.statusBar.tooltip, /Gateway: files only · unauthorized/);
    assert.doesNotMatch(api.statusBar.text, /broadcast/);
    const item = api.tree.getTreeItem(api.tree.getChildren().find((n) => n.type === 'stateDir')!);
    assert.match(String(item.description), /files only · unauthorized/);
    await vscode.commands.executeCommand('openclawContext.gateway.showStatus');
    assert.match(gw.lastStatusMarkdown, /Last error:\*\* unauthorized/);
    const all = everythingShown();
    assert.ok(all.includes('unauthorized'));
    assert.ok(!all.includes(WRONG), 'the wrong token is shown somewhere');
    assert.ok(!all.includes(TOKEN), 'the token is shown somewhere');
    // no automatic retry of a refused token
    const n = fake.connects.length;
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(fake.connects.length, n, 'no retry with the same wrong token');
    await setToken(TOKEN);
    await waitFor(() => gw.state === 'live', 'live with the right token');
  });

  test('the Gateway dies (like SIGKILL): reconnecting, then live again after a restart, subscription replayed', async () => {
    await waitFor(() => gw.state === 'live', 'live');
    const subs = () => fake.requests.filter((r) => r.method === 'sessions.subscribe').length;
    const before = subs();
    await fake.kill();
    await waitFor(() => gw.state === 'reconnecting', `reconnecting (is ${gw.state})`, 5000);
    assert.match(gw.summary().text, /^reconnecting/);
    assert.equal(gw.clientFor(stateDir), undefined);
    await new Promise((r) => setTimeout(r, 700));
    await fake.restart();
    await waitFor(() => gw.state === 'live', `live again (is ${gw.state}: ${gw.summary().text})`, 20_000);
    await waitFor(() => subs() > before || undefined, 'sessions.subscribe replayed');
    const count = api.service.refreshCount;
    fake.emitSessionsChanged({ sessionKey: 'agent:main:main', reason: 'end', ts: Date.now() });
    await waitFor(() => api.service.refreshCount > count || undefined, 'refresh after reconnect', 1000);
    assert.ok(!everythingShown().includes(TOKEN));
  });

  test('a remote Gateway with no local state dir: one connection from the URL setting, its sessions’ figures in Show Gateway Connection', async () => {
    await waitFor(() => gw.state === 'live', 'live');
    const nowhere = path.join(os.tmpdir(), `oc-ctx-gw-none-${Date.now()}`);
    await cfg().update('stateDir', nowhere, G);
    try {
      await waitFor(() => api.service.model.stateDirs().every((d) => !d.exists) || undefined, 'no local state dir');
      await waitFor(() => (gw.state === 'live' && gw.views().length === 1 && gw.views()[0]!.stateDirs.length === 0) || undefined, `a remote-only connection (${JSON.stringify(gw.views().map((v) => [v.url, v.state, v.stateDirs]))})`, 10_000);
      assert.equal(gw.summary().text, 'live · Gateway 2026.9.6');
      await waitFor(() => gw.views()[0]!.remoteSessions?.length || undefined, 'sessions from sessions.subscribe');
      await vscode.commands.executeCommand('openclawContext.gateway.showStatus');
      assert.match(gw.lastStatusMarkdown, /remote Gateway/);
      assert.match(gw.lastStatusMarkdown, /- agent:main:main — 27% 8\.8k\/33k/);
    } finally {
      await cfg().update('stateDir', undefined, G);
    }
    await waitFor(() => api.service.model.stateDirs().some((d) => d.exists) || undefined, 'the state dir back');
    await waitFor(() => (gw.state === 'live' && gw.clientFor(stateDir)) || undefined, 'live for the local state dir again');
  });

  test('mode off closes the connection; auto connects again', async () => {
    await waitFor(() => gw.state === 'live', 'live');
    await cfg().update('gateway.mode', 'off', G);
    await waitFor(() => gw.state === 'off', `off (is ${gw.state})`);
    await waitFor(() => [...fake.conns].every((c) => !c.authed) || undefined, 'the fake sees no connection');
    assert.deepEqual(gw.summary(), { live: false, text: 'files only · live mode off' });
    assert.equal(gw.clientFor(stateDir), undefined);
    api.statusBar.update();
    assert.doesNotMatch(api.statusBar.text, /broadcast/);
    const n = fake.connects.length;
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(fake.connects.length, n, 'no connect while off');
    await cfg().update('gateway.mode', undefined, G);
    await waitFor(() => gw.state === 'live', 'live again in auto');
  });
});
