/**
 * Live mode with a remote Gateway and no local state dir (issue 7 item 4), in the real extension host against the
 * scripted Gateway of test/support/fakeGateway.ts answering with the real 2026.9.6 payloads
 * (test/fixtures/openclaw-real/gateway/remote.json): the sessions feed the Sessions view and the gauge, chat.history
 * the context document, session.message (sessions.messages.subscribe for the sessions shown in detail) updates it
 * at once; compact and flush go through the Gateway; checkpoints refuse; nothing is written anywhere.
 * Also: the 'ask' consent for the local token, and a device missing a scope (the exact scope in the UI).
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
import type { CompactOutcome } from '../../../src/vscode/compaction/compaction';
import type { FlushOutcome } from '../../../src/vscode/memory/memoryCommands';
import { activatedApi, drawnAsModel, panelDrawn, recordingDialogs, type RecordedPrompt, waitFor } from './util';
import type { PanelHost } from '../../../src/vscode/panel/contextPanel';
import type { Ui } from '../../../src/vscode/shared/ui';

const TOKEN = `fake-remote-${Math.random().toString(36).slice(2)}-${Date.now()}`;
const CONSENT_KEY = 'openclawContext.gateway.localTokenConsent';
const FIXTURES = process.env.OC_CTX_FIXTURES ?? path.resolve(__dirname, '../../../../test/fixtures');

interface Recorded {
  list: { sessions: Array<Record<string, unknown> & { key: string; updatedAt: number; totalTokens: number; contextTokens: number }>; [k: string]: unknown };
  history: { sessionKey: string; sessionId: string; messages: Array<Record<string, unknown>>; [k: string]: unknown };
  sessionMessages: Array<Record<string, unknown> & { sessionKey: string; message: Record<string, unknown> }>;
}

suite('Gateway live mode: a remote Gateway, no local state dir (fake Gateway, real payloads)', function () {
  this.timeout(60_000);
  let api: OpenClawContextApi;
  let gw: GatewayController;
  let fake: FakeGateway;
  let savedUi: Ui;
  let nowhere: string;
  let rec: Recorded;
  let HKEY: string;
  const prompts: RecordedPrompt[] = [];
  const answers: Partial<Record<'confirm' | 'info' | 'warn' | 'error', (message: string, buttons: string[]) => string | undefined>> = {};
  const asks: string[] = [];
  let askAnswer: string | undefined;
  let nextToken = TOKEN;
  const cfg = () => vscode.workspace.getConfiguration('openclawContext');
  const G = vscode.ConfigurationTarget.Global;
  const sent = (method: string) => fake.requests.filter((r) => r.method === method);
  const remote = (key: string) => api.service.model.sessions().find((s) => s.remote && s.row.key === key);
  const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

  suiteSetup(async () => {
    ({ api } = await activatedApi());
    gw = api.gateway;
    rec = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'openclaw-real', 'gateway', 'remote.json'), 'utf8')) as Recorded;
    HKEY = rec.history.sessionKey;
    savedUi = api.ui.current;
    const dialogs = recordingDialogs(prompts, answers);
    api.ui.current = {
      ...dialogs,
      input: async () => nextToken,
      pick: async () => undefined,
      // the Gateway's consent question is recorded apart and answered askAnswer
      info: (m: string, ...buttons: string[]) => {
        if (!m.includes('May OpenClaw Context read its token')) return dialogs.info(m, ...buttons);
        asks.push(m);
        return Promise.resolve(askAnswer);
      },
    } as unknown as Ui;
    fake = await new FakeGateway({ token: TOKEN }).start();
    // the real sessions.list (three sessions), and the real chat.history of agent:main:rpc
    const list = () => ({ ...clone(rec.list), sessions: clone(rec.list.sessions) });
    fake.handle('sessions.list', () => list());
    fake.handle('sessions.subscribe', (_p, { conn }) => {
      conn.sessionsSubscribed = true;
      return { subscribed: true, list: list() };
    });
    fake.handle('chat.history', (p) => (p.sessionKey === HKEY ? clone(rec.history) : { sessionKey: p.sessionKey, sessionId: 'x', messages: [] }));
    nowhere = fs.mkdtempSync(path.join(os.tmpdir(), 'oc-ctx-remote-'));
    await cfg().update('gateway.useLocalToken', 'never', G);
    await vscode.commands.executeCommand('openclawContext.gateway.setToken'); // the InputBox answers TOKEN
    // an existing, empty folder (no config, no agents): not a local state dir, so the Gateway is remote
    await cfg().update('stateDir', nowhere, G);
    await cfg().update('gateway.url', fake.url, G);
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await cfg().update('stateDir', undefined, G);
    await cfg().update('gateway.url', undefined, G);
    await cfg().update('gateway.useLocalToken', undefined, G);
    await gw.context.globalState.update(CONSENT_KEY, undefined);
    delete process.env.OPENCLAW_GATEWAY_TOKEN;
    await gw.clearToken();
    await api.service.pin(undefined);
    api.ui.current = savedUi;
    await fake.close();
    await waitFor(() => gw.state !== 'live' && gw.state !== 'connecting', 'the connection closed');
    await waitFor(() => !api.service.model.sessions().some((s) => s.remote) || undefined, 'the remote sessions gone');
    assert.deepEqual(fs.readdirSync(nowhere), [], 'nothing was written in the empty state dir');
    fs.rmSync(nowhere, { recursive: true, force: true });
  });

  setup(() => {
    for (const k of Object.keys(answers) as Array<keyof typeof answers>) delete answers[k];
  });

  test('the remote sessions feed the Sessions view and the gauge (no local state dir)', async () => {
    await waitFor(() => (gw.state === 'live' && gw.views().length === 1 && gw.views()[0]!.stateDirs.length === 0) || undefined, `a remote-only live connection (${JSON.stringify(gw.views().map((v) => [v.url, v.state, v.stateDirs]))})`);
    const keys = rec.list.sessions.map((s) => s.key).sort();
    await waitFor(() => (api.service.model.sessions().filter((s) => s.remote).length === keys.length) || undefined, 'the remote sessions in the model');
    assert.deepEqual(api.service.model.sessions().filter((s) => s.remote).map((s) => s.row.key).sort(), keys);
    // Sessions view: a node for the Gateway (not for the missing local dir), its agent, its sessions
    const roots = api.tree.getChildren();
    assert.equal(roots.length, 1, 'the missing local state dir is not shown beside the remote Gateway');
    const item = api.tree.getTreeItem(roots[0]!);
    assert.equal(item.label, fake.url);
    assert.match(String(item.description), new RegExp(`^remote Gateway · ${keys.length} sessions · live · Gateway 2026\\.9\\.6`));
    const agents = api.tree.getChildren(roots[0]);
    assert.equal(agents.length, 1);
    assert.match(String(api.tree.getTreeItem(agents[0]!).description), /^remote · 3 sessions/);
    const sessionNodes = api.tree.getChildren(agents[0]);
    assert.deepEqual(sessionNodes.map((n) => (n.type === 'session' ? api.service.model.get(n.uid)?.row.key : undefined)).sort(), keys);
    // gauge: the most recent session, with the Gateway's own figure
    const newest = [...rec.list.sessions].sort((a, b) => b.updatedAt - a.updatedAt)[0]!;
    api.statusBar.update();
    const pct = Math.round((newest.totalTokens / newest.contextTokens) * 100);
    assert.ok(api.statusBar.tooltip.includes(newest.key), `the gauge shows ${newest.key}`);
    assert.match(api.statusBar.text, new RegExp(`\\b${pct}%`), `the gauge shows ${pct}% (${api.statusBar.text})`);
    assert.ok(api.statusBar.tooltip.replace(/\\/g, '').includes(`remote Gateway ${fake.url}`), 'the tooltip says where the session is');
  });

  test('the session shown in detail: sessions.messages.subscribe, chat.history in the context document, session.message updates it at once', async () => {
    const s = await waitFor(() => remote(HKEY), HKEY);
    await api.service.pin(s.uid);
    await waitFor(() => (sent('sessions.messages.subscribe').some((r) => r.params.key === HKEY) && gw.messageSubscriptions()[fake.url]?.includes(HKEY)) || undefined, 'sessions.messages.subscribe for the gauge’s session');
    await vscode.commands.executeCommand('openclawContext.openContext', s.uid);
    const doc = await waitFor(() => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'openclaw-context' && d.uri.query.includes(encodeURIComponent(s.uid).slice(0, 20))), 'the context document');
    await waitFor(() => sent('chat.history').some((r) => r.params.sessionKey === HKEY) || undefined, 'chat.history');
    const hreq = sent('chat.history').find((r) => r.params.sessionKey === HKEY)!;
    assert.equal(hreq.params.limit, 1000, 'the Gateway’s largest page');
    assert.equal(hreq.params.maxChars, 100_000, 'long texts whole (the Gateway cuts at 8,000 characters by default)');
    await waitFor(() => doc.getText().includes('RPC session turn one') || undefined, `the history in the document:\n${doc.getText().slice(0, 400)}`);
    assert.match(doc.getText(), /remote Gateway/);
    // a new message: the document shows it without any file or list refresh
    const ev = clone(rec.sessionMessages.find((e) => e.sessionKey === HKEY && (e.message as { role?: string }).role === 'user')!);
    const text = `FRESH-REMOTE-MESSAGE ${Date.now()}`;
    (ev.message as Record<string, unknown>).content = text;
    (ev.message as { __openclaw: { id: string } }).__openclaw.id = `fresh-${Date.now()}`;
    delete (ev as Record<string, unknown>).session;
    const histories = sent('chat.history').length;
    const id = (ev.message as { __openclaw: { id: string } }).__openclaw.id;
    let modelAt = 0;
    const sub = api.service.onDidChange(() => (modelAt ||= remote(HKEY)?.index?.byId.has(id) ? performance.now() : 0));
    const t0 = performance.now();
    assert.ok(fake.emitSessionMessage(ev) > 0, 'the event reached a subscribed connection');
    try {
      await waitFor(() => modelAt > 0 || undefined, 'the model to hold the new message', 1000);
      await waitFor(() => doc.getText().includes(text) || undefined, 'the new message in the context document', 5000);
    } finally {
      sub.dispose();
    }
    const ms = performance.now() - t0;
    console.log(`[in-host] remote: session.message → model ${(modelAt - t0).toFixed(1)} ms, context document text ${ms.toFixed(1)} ms (VS Code applies the virtual document's new text)`);
    assert.ok(modelAt - t0 < 1000, `${modelAt - t0} ms to the model`);
    assert.equal(sent('chat.history').length, histories, 'appended from the event, not fetched again');
    // the end of a run: the history is fetched again (tool results come only that way)
    fake.emitSessionsChanged({ sessionKey: HKEY, agentId: 'main', phase: 'end', ts: Date.now(), session: { ...clone(rec.list.sessions.find((x) => x.key === HKEY)!), totalTokens: 20000, updatedAt: Date.now() } });
    await waitFor(() => sent('chat.history').length > histories || undefined, 'chat.history again at the run’s end');
    await waitFor(() => (remote(HKEY)?.figures.used ?? 0) >= 20000 || undefined, 'the gauge follows the event’s row');
    // no longer shown in detail: unsubscribed
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await api.service.pin(remote(rec.list.sessions.find((x) => x.key !== HKEY)!.key)!.uid);
    await waitFor(() => (!gw.messageSubscriptions()[fake.url]?.includes(HKEY) && sent('sessions.messages.unsubscribe').some((r) => r.params.key === HKEY)) || undefined, 'unsubscribed').catch((e: Error) => {
      const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs.map((t) => (t.input instanceof vscode.TabInputText ? t.input.uri.toString() : t.label)));
      throw new Error(`${e.message}: ${JSON.stringify(gw.messageSubscriptions())}; tabs ${JSON.stringify(tabs)}; gauge ${api.service.active()?.row.key}; log ${gw.logLines.filter((l) => /subscri/.test(l)).slice(-8).join(' | ')}`);
    });
    await api.service.pin(undefined);
  });

  test('the Context panel renders a remote session: its history broken down, the fill over time, every remote session in the table', async () => {
    const s = await waitFor(() => remote(HKEY), HKEY);
    const host = (await vscode.commands.executeCommand('openclawContext.openPanel', s.uid)) as PanelHost;
    await panelDrawn(host, (st, m) => m.uid === s.uid && drawnAsModel(st, m) && !!m.composition?.parts.some((p) => p.id === 'user') && !!m.timeline, 'the panel drew the remote session with its history');
    const m = host.model!;
    assert.match(m.subtitle, /remote Gateway/);
    assert.deepEqual(m.sessions.filter((r) => r.store.startsWith('remote ')).map((r) => r.key).sort(), rec.list.sessions.map((x) => x.key).sort());
    assert.equal(host.stats!.points, m.timeline!.points.length, 'every point of the fill over time is drawn');
    assert.ok(host.stats!.forecast.length > 0, 'the forecast says something');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('Compact goes through sessions.compact (confirmation names the remote Gateway); checkpoints refuse; nothing is written', async () => {
    const s = await waitFor(() => remote(HKEY), HKEY);
    api.service.model.ensureTranscript(s.uid);
    await waitFor(() => (remote(HKEY)?.context?.items.length ?? 0) > 0 || undefined, 'the transcript');
    answers.confirm = () => 'Compact';
    const n = sent('sessions.compact').length;
    const out = await vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', s.uid);
    assert.equal(out.status, 'compacted', JSON.stringify({ status: out.status, reason: out.reason }));
    assert.equal(sent('sessions.compact').length, n + 1);
    assert.equal(sent('sessions.compact').at(-1)!.params.key, HKEY);
    const confirm = prompts.filter((p) => p.kind === 'confirm').at(-1)!;
    assert.match(confirm.message, /through the Gateway/);
    assert.equal(out.gateway?.summary, '## Decisions\n- FAKE-SUMMARY');
    // checkpoints are ours, kept in a local state dir: a remote session has none
    const ev = (await vscode.commands.executeCommand('openclawContext.createCheckpoint', s.uid)) as { kind: string; reason?: string };
    assert.equal(ev.kind, 'skipped');
    assert.match(String(ev.reason), /remote OpenClaw Gateway/);
    assert.deepEqual(fs.readdirSync(nowhere), []);
  });

  test('Flush on a remote session: a previewed, confirmed flush turn through chat.send (its workspace is on the Gateway’s machine)', async () => {
    const s = await waitFor(() => remote(HKEY), HKEY);
    const n = sent('chat.send').length;
    answers.confirm = () => undefined;
    const cancelled = await vscode.commands.executeCommand<FlushOutcome>('openclawContext.memory.flush', s.uid);
    assert.equal(cancelled.status, 'cancelled');
    assert.equal(sent('chat.send').length, n, 'cancel sends nothing');
    const preview = vscode.workspace.textDocuments.find((d) => d.uri.path.includes('flush-turn'));
    assert.ok(preview && /Memory flush requested/.test(preview.getText()), 'the message is previewed');
    answers.confirm = (m) => (/memory flush turn/.test(m) ? 'Send Flush Turn' : undefined);
    const out = await vscode.commands.executeCommand<FlushOutcome>('openclawContext.memory.flush', s.uid);
    assert.equal(out.status, 'written', JSON.stringify(out));
    const req = sent('chat.send').at(-1)!;
    assert.equal(req.params.sessionKey, HKEY);
    assert.match(String(req.params.message), /^Memory flush requested/);
    assert.match(String(req.params.message), /memory\/\d{4}-\d{2}-\d{2}\.md/);
    assert.match(String(req.params.message), /NO_REPLY/);
  });

  test('a device missing a scope: the exact scope in the connection state; an action needing it says which', async () => {
    fake.scopeLimit = ['operator.read', 'operator.write'];
    try {
      await vscode.commands.executeCommand('openclawContext.gateway.reconnect');
      await waitFor(() => (gw.state === 'live' && /missing scope operator\.admin/.test(gw.summary().text)) || undefined, `live with a missing scope (${gw.summary().text})`);
      assert.equal(gw.summary().text, 'live · Gateway 2026.9.6 · missing scope operator.admin');
      api.statusBar.update();
      assert.match(api.statusBar.tooltip, /missing scope operator\.admin/);
      assert.match(String(api.tree.getTreeItem(api.tree.getChildren()[0]!).description), /missing scope operator\.admin/);
      const s = await waitFor(() => remote(HKEY), HKEY);
      await waitFor(() => (remote(HKEY)?.context?.items.length ?? 0) > 0 || (api.service.model.ensureTranscript(s.uid), undefined), 'the transcript');
      answers.confirm = () => 'Compact';
      const out = await vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', s.uid);
      assert.equal(out.status, 'refused');
      assert.equal(out.gateway?.missingScope, 'operator.admin');
      const err = prompts.filter((p) => p.kind === 'error').at(-1)!;
      assert.match(err.message, /operator\.admin/);
    } finally {
      fake.scopeLimit = undefined;
    }
    await vscode.commands.executeCommand('openclawContext.gateway.reconnect');
    await waitFor(() => (gw.state === 'live' && gw.summary().text === 'live · Gateway 2026.9.6') || undefined, 'all scopes again');
  });

  test('a refused token: the remote sessions leave, the Sessions view says why (unauthorized) and opens Show Gateway Connection', async () => {
    await waitFor(() => gw.state === 'live' || undefined, 'live');
    nextToken = `wrong-${Date.now()}`;
    try {
      await vscode.commands.executeCommand('openclawContext.gateway.setToken');
      await waitFor(() => gw.state === 'failed' || undefined, `failed (is ${gw.state})`);
      await waitFor(() => !api.service.model.sessions().some((s) => s.remote) || undefined, 'the remote sessions leave the model');
      const roots = api.tree.getChildren();
      const info = roots.find((n) => n.type === 'info');
      assert.ok(info, `a node for the remote Gateway (${roots.map((n) => n.type).join(', ')})`);
      const item = api.tree.getTreeItem(info);
      assert.equal(item.label, `Remote Gateway ${fake.url}`);
      assert.match(String(item.tooltip), /unauthorized/);
      assert.equal(item.command?.command, 'openclawContext.gateway.showStatus');
      assert.ok(!String(item.tooltip).includes(nextToken));
      api.statusBar.update();
      assert.match(api.statusBar.tooltip, /waiting for the sessions of the remote Gateway/);
      assert.match(api.statusBar.tooltip, /Gateway: files only · unauthorized/);
    } finally {
      nextToken = TOKEN;
    }
    await vscode.commands.executeCommand('openclawContext.gateway.setToken');
    await waitFor(() => (gw.state === 'live' && api.service.model.sessions().some((s) => s.remote)) || undefined, 'live again, the sessions back');
  });

  test('useLocalToken “ask”: one prompt that names the source (never the token); “Use It” connects with it and is remembered', async () => {
    await gw.clearToken();
    await waitFor(() => gw.state !== 'connecting' || undefined, 'settled without a token');
    process.env.OPENCLAW_GATEWAY_TOKEN = TOKEN;
    await gw.context.globalState.update(CONSENT_KEY, undefined);
    askAnswer = 'Use It';
    asks.length = 0;
    await cfg().update('gateway.useLocalToken', 'ask', G);
    await waitFor(() => (gw.state === 'live' && gw.views()[0]?.tokenSource === 'env') || undefined, `live with the env token (${gw.summary().text}, ${gw.views()[0]?.tokenSource})`);
    assert.equal(asks.length, 1, 'asked once');
    assert.match(asks[0]!, /\$OPENCLAW_GATEWAY_TOKEN/);
    assert.ok(!asks[0]!.includes(TOKEN), 'the prompt does not show the token');
    assert.equal(gw.context.globalState.get(CONSENT_KEY), true, 'the answer is remembered');
    const last = fake.connects.filter((c) => c.ok).at(-1)!;
    assert.equal(last.params.auth?.token, TOKEN, 'connected with the env token');
    await vscode.commands.executeCommand('openclawContext.gateway.reconnect');
    await waitFor(() => gw.state === 'live' || undefined, 'live again');
    assert.equal(asks.length, 1, 'not asked again');
    assert.ok(!gw.logLines.join('\n').includes(TOKEN), 'the token is in no log line');
    // "Never": refused and remembered; the env token is not used
    await gw.context.globalState.update(CONSENT_KEY, undefined);
    askAnswer = 'Never';
    await vscode.commands.executeCommand('openclawContext.gateway.reconnect');
    await waitFor(() => asks.length === 2 || undefined, 'asked again after the consent was cleared');
    assert.equal(gw.context.globalState.get(CONSENT_KEY), false);
    await waitFor(() => (gw.views()[0] && gw.views()[0]!.tokenSource !== 'env' && gw.state !== 'connecting') || undefined, `not connected with the env token (${gw.views()[0]?.tokenSource})`);
    const after = fake.connects.at(-1);
    assert.notEqual(after?.params.auth?.token, TOKEN, 'the env token was not sent after “Never”');
    delete process.env.OPENCLAW_GATEWAY_TOKEN;
    await cfg().update('gateway.useLocalToken', 'never', G);
    await vscode.commands.executeCommand('openclawContext.gateway.setToken');
    await waitFor(() => (gw.state === 'live' && gw.views()[0]?.tokenSource === 'secret') || undefined, 'live with the stored token again');
  });
});
