/**
 * Live actions in the real extension host (issue 7 item 5): while a Gateway lock is live on the state dir
 * and live mode has a connection, Compact / Undo Compaction / Reset Session / checkpoint Restore go through
 * the Gateway's API (sessions.compact / sessions.rewind / sessions.fork / sessions.reset / chat.send),
 * behind the same previews and confirmations, and the SQLite store is never written by the extension.
 *
 * The Gateway is the scripted test/support/fakeGateway.ts; `api.compaction.live` / `api.checkpoints.live`
 * are replaced by a stub LiveGateway whose client is a real GatewayClient connected to it. Runs on its own
 * throwaway copy of the demo state (keepRecentTokens lowered so the small sessions have a cut). Prompts
 * are answered through `api.ui.current` (the compaction commands share it).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OpenClawContextApi } from '../../../src/extension';
import type { RestoreOutcome } from '../../../src/vscode/checkpoints/checkpoints';
import type { CompactOutcome, UndoOutcome } from '../../../src/vscode/compaction/compaction';
import type { LiveGateway } from '../../../src/vscode/gateway/gatewayShared';
import type { ResetOutcome } from '../../../src/vscode/gateway/liveActions';
import { GatewayClient } from '../../../src/core/gateway/client';
import { listCheckpoints } from '../../../src/core/checkpoint/store';
import { FakeGateway, FakeReplyError } from '../../support/fakeGateway';
import { activatedApi, compactButton, demoStateCopy, fakeGatewayLock, REPO, transcriptRows, waitFor, recordingDialogs } from './util';
import { planShrink } from '../../../src/core/compaction/shrink';
import type { Ui } from '../../../src/vscode/shared/ui';

const TOKEN = 'live-actions-e2e-token-7f3a9c2e1b';

interface Prompt {
  kind: keyof Ui;
  message: string;
  detail?: string;
  buttons: string[];
}

suite('Live actions through the Gateway', () => {
  let api: OpenClawContextApi;
  let root: string;
  let dir: string;
  let gw: FakeGateway;
  let client: GatewayClient;
  let originalUi: Ui;
  let originalLive: LiveGateway;
  let lock: { release(): void } | undefined;
  const prompts: Prompt[] = [];
  const answers: Partial<Record<keyof Ui, (message: string, buttons: string[]) => string | undefined>> = {};
  let pickLabel: string | undefined;

  const liveStub = (connected: () => GatewayClient | undefined): LiveGateway => ({
    get state() {
      return connected() ? 'live' : 'off';
    },
    clientFor: (stateDir: string) => (stateDir === dir ? connected() : undefined),
    summary: () => ({ live: !!connected(), text: connected() ? 'live (test)' : 'files only' }),
    onDidChangeState: () => ({ dispose: () => undefined }),
  });
  const setLive = (l: LiveGateway) => {
    api.live.current = l;
  };

  const session = (key: string) => api.service.model.sessions().find((s) => s.stateDir === dir && s.row.key === key);
  const db = () => path.join(dir, 'agents/main/agent/openclaw-agent.sqlite');
  const rows = (sessionId: string) => transcriptRows(db(), sessionId);
  const sent = (method: string) => gw.requests.filter((r) => r.method === method);
  const last = (kind: keyof Ui) => prompts.filter((p) => p.kind === kind).pop();
  const turns = (n: number, ...args: string[]) => {
    for (let i = 0; i < n; i++) execFileSync(process.execPath, [path.join(REPO, 'scripts/demo-append.mjs'), dir, ...args, '--text', `Turn ${i}: please check src/live-${i}.ts and keep TODO: update docs/live-${i}.md. ${'More detail. '.repeat(40)}`], { encoding: 'utf8' });
  };
  const withLock = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    lock = await fakeGatewayLock(dir, name);
    try {
      return await fn();
    } finally {
      lock.release();
      lock = undefined;
    }
  };

  suiteSetup(async () => {
    ({ api } = await activatedApi());
    ({ root, dir } = demoStateCopy('oc-ctx-live-'));
    const cfgFile = path.join(dir, 'openclaw.json');
    const cfg = JSON.parse(fs.readFileSync(cfgFile, 'utf8')) as { agents: { defaults: { compaction: Record<string, unknown> } } };
    cfg.agents.defaults.compaction.keepRecentTokens = 300;
    fs.writeFileSync(cfgFile, JSON.stringify(cfg, null, 2));
    gw = await new FakeGateway({ token: TOKEN }).start();
    client = new GatewayClient({ url: gw.url, token: TOKEN, device: false, reconnect: false, requestTimeoutMs: 10_000, connectTimeoutMs: 5000 });
    await client.connect();
    originalUi = api.ui.current;
    originalLive = api.live.current;
    setLive(liveStub(() => client));
    api.ui.current = {
      ...originalUi,
      ...recordingDialogs(prompts, answers),
      pick: (items, opts) => {
        prompts.push({ kind: 'pick', message: opts.title ?? '', buttons: items.map((i) => i.label) });
        return Promise.resolve(pickLabel === undefined ? undefined : items.find((i) => i.label === pickLabel));
      },
    } as Ui;
    await vscode.workspace.getConfiguration('openclawContext').update('stateDir', dir, vscode.ConfigurationTarget.Global);
    await waitFor(() => session('agent:main:work') && session('agent:main:main'), 'the demo state');
    turns(3, '--key', 'agent:main:main');
    await waitFor(() => ((api.service.model.ensureTranscript(session('agent:main:main')!.uid)?.context?.items.length ?? 0) > 6 ? true : undefined), 'the new turns');
  });

  suiteTeardown(async () => {
    lock?.release();
    api.ui.current = originalUi;
    api.live.current = originalLive;
    await client?.close().catch(() => undefined);
    await gw?.close();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.getConfiguration('openclawContext').update('stateDir', undefined, vscode.ConfigurationTarget.Global);
    await waitFor(() => !api.service.model.stateDirs().some((d) => d.candidate.dir === dir), 'the original state dir back');
    fs.rmSync(root, { recursive: true, force: true });
  });

  setup(() => {
    for (const k of Object.keys(answers) as Array<keyof Ui>) delete answers[k];
    pickLabel = undefined;
  });

  test('Compact: same preview, confirmation names the Gateway; cancel sends nothing; Compact sends one sessions.compact and writes nothing', async () => {
    const s = session('agent:main:main')!;
    const before = rows(s.row.sessionId);
    await withLock('e2elive1', async () => {
      const out0 = await vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', s.uid);
      assert.equal(out0.status, 'cancelled', out0.reason);
      assert.equal(sent('sessions.compact').length, 0, 'cancel sends nothing');
      const c = last('confirm')!;
      // the verdict of our plan decides the default button, through the Gateway too
      const v = planShrink(out0.plan!);
      const suffix = { grows: ' It would grow the context.', equal: ' It would not shrink the context.', little: ' It would barely shrink the context.', shrinks: '' }[v.kind];
      assert.equal(c.message, `Compact agent:main:main through the Gateway?${suffix}`);
      assert.deepEqual(c.buttons, v.explicit ? ['Keep As Is', 'Compact Anyway'] : ['Compact']);
      assert.equal(c.detail!.split('\n')[0], `${v.headline} (our plan)`);
      assert.match(c.detail!, /Undo: only through a running OpenClaw Gateway/);
      assert.match(c.detail!, /OpenClaw owns the store/);
      assert.match(c.detail!, /sessions\.compact/);
      assert.match((await vscode.workspace.openTextDocument(out0.report!)).getText(), /Preview only: OpenClaw owns this store/);
      assert.ok((await vscode.workspace.openTextDocument(out0.after!)).getText().length > 0, 'the after view of our plan');

      answers.confirm = (m, b) => (m.startsWith('Compact agent:main:main through the Gateway?') ? compactButton(b) : undefined);
      const out = await vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', s.uid);
      assert.equal(out.status, 'compacted', out.reason);
      const reqs = sent('sessions.compact');
      assert.equal(reqs.length, 1, 'exactly one sessions.compact');
      assert.equal(reqs[0]!.params.key, 'agent:main:main');
      assert.equal(reqs[0]!.params.agentId, 'main');
      assert.deepEqual(rows(s.row.sessionId), before, 'the SQLite transcript is byte-identical');
      assert.equal(out.gateway?.summary, '## Decisions\n- FAKE-SUMMARY');
      assert.equal(out.gateway?.tokensBefore, 9835);
      assert.equal(out.gateway?.tokensAfter, 369);
      const doc = (await vscode.workspace.openTextDocument(out.gateway!.summaryDoc!)).getText();
      assert.match(doc, /FAKE-SUMMARY/);
      assert.match(doc, /9\.8k → 369 tokens/);
      assert.match(last('info')!.message, /compacted agent:main:main through the Gateway \(9\.8k → 369 tokens\)/);

      // the real Gateway leaves tokensAfter out: then it comes from the store, or '?' when OpenClaw's entry is not there
      gw.handle('sessions.compact', (p) => ({ ok: true, key: p.key, compacted: true, result: { summary: '## Decisions\n- NO-AFTER', firstKeptEntryId: 'x', tokensBefore: 1200 } }));
      const out2 = await vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', s.uid);
      assert.equal(out2.status, 'compacted', out2.reason);
      assert.equal(out2.gateway?.tokensAfter, undefined);
      assert.match(last('info')!.message, /1\.2k → \? tokens/);
      assert.equal(sent('sessions.compact').length, 2);
      assert.deepEqual(rows(s.row.sessionId), before);
    });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('Compact: a missing scope is named exactly (operator.admin), no token text; nothing written', async () => {
    const s = session('agent:main:main')!;
    const before = rows(s.row.sessionId);
    gw.handle('sessions.compact', () => {
      throw new FakeReplyError({ code: 'FORBIDDEN', message: 'missing scope: operator.admin', details: { code: 'MISSING_SCOPE', missingScope: 'operator.admin' } });
    });
    const n0 = sent('sessions.compact').length;
    await withLock('e2elive2', async () => {
      answers.confirm = (m, b) => (m.startsWith('Compact') ? compactButton(b) : undefined);
      const out = await vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', s.uid);
      assert.equal(out.status, 'refused', out.reason);
      assert.equal(out.gateway?.missingScope, 'operator.admin');
      assert.equal(sent('sessions.compact').length, n0 + 1);
      const e = last('error')!;
      assert.match(e.message, /lacks the scope operator\.admin/);
      assert.ok(!e.message.includes(TOKEN), 'no token text');
      assert.deepEqual(rows(s.row.sessionId), before);
    });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('checkpoint Restore: the same preview and confirmation (says it starts a turn), then chat.send with exactly the restore text', async () => {
    const s = session('agent:main:main')!;
    const ev = await api.checkpoints.create(s.uid);
    assert.ok(ev && (ev.kind === 'written' || ev.kind === 'skipped'), JSON.stringify(ev));
    assert.ok(listCheckpoints(dir, 'agent:main:main').some((e) => e.checkpoint), 'a checkpoint to restore');
    const before = rows(s.row.sessionId);
    await withLock('e2elive3', async () => {
      const out0 = await vscode.commands.executeCommand<RestoreOutcome>('openclawContext.restoreCheckpoint', { stateDir: dir, sessionKey: 'agent:main:main' });
      assert.equal(out0.status, 'cancelled');
      assert.equal(sent('chat.send').length, 0, 'cancel sends nothing');
      const c = last('confirm')!;
      assert.match(c.message, /^Restore .* into agent:main:main through the Gateway\?$/);
      assert.match(c.detail!, /chat\.send/);
      assert.match(c.detail!, /starts a turn/);
      assert.deepEqual(c.buttons, ['Restore', 'Copy Restore Text']);

      answers.confirm = (m) => (m.startsWith('Restore') ? 'Restore' : undefined);
      const out = await vscode.commands.executeCommand<RestoreOutcome>('openclawContext.restoreCheckpoint', { stateDir: dir, sessionKey: 'agent:main:main' });
      assert.equal(out.status, 'restored', JSON.stringify(out.result));
      const reqs = sent('chat.send');
      assert.equal(reqs.length, 1);
      assert.equal(reqs[0]!.params.sessionKey, 'agent:main:main');
      assert.equal(reqs[0]!.params.message, out.plan!.render.text, 'exactly the restore text');
      assert.equal(out.gateway?.method, 'chat.send');
      assert.equal(sent('chat.inject').length, 0);
      assert.deepEqual(rows(s.row.sessionId), before, 'nothing written by the extension');
    });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('Reset Session: modal confirmation (session id kept, transcript not deleted), then sessions.reset', async () => {
    const s = session('agent:main:main')!;
    const before = rows(s.row.sessionId);
    const out0 = await vscode.commands.executeCommand<ResetOutcome>('openclawContext.resetSession', s.uid);
    assert.equal(out0.status, 'cancelled');
    assert.equal(sent('sessions.reset').length, 0, 'cancel sends nothing');
    const c = last('confirm')!;
    assert.equal(c.message, 'Reset agent:main:main through the Gateway?');
    assert.match(c.detail!, /session id \(.+\) is kept/);
    assert.match(c.detail!, /transcript is not deleted/);
    answers.confirm = (m) => (m === 'Reset agent:main:main through the Gateway?' ? 'Reset' : undefined);
    const out = await vscode.commands.executeCommand<ResetOutcome>('openclawContext.resetSession', s.uid);
    assert.equal(out.status, 'reset', out.reason);
    const reqs = sent('sessions.reset');
    assert.equal(reqs.length, 1);
    assert.equal(reqs[0]!.params.key, 'agent:main:main');
    assert.equal(reqs[0]!.params.reason, 'reset');
    assert.deepEqual(rows(s.row.sessionId), before);
  });

  test('Undo Compaction of an SQLite session: Rewind sends sessions.rewind at the last user message before it; Fork sends sessions.fork', async () => {
    // a compaction to undo: written offline first (no lock: the store is ours)
    const s = session('agent:main:work')!;
    answers.confirm = (m, b) => (m.startsWith('Compact agent:main:work?') ? compactButton(b) : undefined);
    const comp = await vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', s.uid);
    assert.equal(comp.status, 'compacted', comp.reason);
    assert.equal(sent('sessions.compact').filter((r) => r.params.key === 'agent:main:work').length, 0, 'not owned: written offline');
    const ctx = await waitFor(() => {
      const c = api.service.model.ensureTranscript(s.uid)?.context;
      return c && c.compactions.length ? c : undefined;
    }, 'the compaction in the model');
    const compaction = ctx.compactions[ctx.compactions.length - 1]!;
    const at = ctx.path.findIndex((e) => e.id === compaction.id);
    const user = ctx.path.slice(0, at).filter((e) => e.kind === 'message' && e.role === 'user').pop()!;
    assert.ok(user, 'a user message before the compaction');
    const before = rows(s.row.sessionId);
    await withLock('e2elive4', async () => {
      // nothing picked: nothing sent
      const u0 = await vscode.commands.executeCommand<UndoOutcome>('openclawContext.undoCompaction', s.uid);
      assert.equal(u0.status, 'cancelled');
      assert.deepEqual(last('pick')!.buttons, ['Rewind', 'Fork']);
      // Rewind, then cancel the confirmation: nothing sent
      pickLabel = 'Rewind';
      const u1 = await vscode.commands.executeCommand<UndoOutcome>('openclawContext.undoCompaction', s.uid);
      assert.equal(u1.status, 'cancelled');
      assert.equal(sent('sessions.rewind').length + sent('sessions.fork').length, 0);
      assert.match(last('confirm')!.message, /^Rewind agent:main:work to before compaction .* through the Gateway\?$/);
      assert.match(last('confirm')!.detail!, /editor text/);

      answers.confirm = (m) => (m.startsWith('Rewind') ? 'Rewind' : m.startsWith('Fork') ? 'Fork' : undefined);
      const u2 = await vscode.commands.executeCommand<UndoOutcome>('openclawContext.undoCompaction', s.uid);
      assert.equal(u2.status, 'undone', u2.reason);
      assert.equal(u2.via, 'rewind');
      const rw = sent('sessions.rewind');
      assert.equal(rw.length, 1);
      assert.equal(rw[0]!.params.sessionKey, 'agent:main:work');
      assert.equal(rw[0]!.params.entryId, user.id, 'the last user message before the compaction');
      assert.equal(u2.editorText, 'Give me a JSON status report. #pad 60');
      assert.deepEqual(last('info')!.buttons, ['Copy Message']);

      pickLabel = 'Fork';
      const u3 = await vscode.commands.executeCommand<UndoOutcome>('openclawContext.undoCompaction', s.uid);
      assert.equal(u3.status, 'undone', u3.reason);
      assert.equal(u3.via, 'fork');
      const fk = sent('sessions.fork');
      assert.equal(fk.length, 1);
      assert.equal(fk[0]!.params.sessionKey, 'agent:main:work');
      assert.equal(fk[0]!.params.entryId, user.id);
      assert.match(u3.sessionKey ?? '', /^agent:main:dashboard:/);
      assert.ok(last('info')!.message.includes(u3.sessionKey!), 'the new key is shown');
      assert.deepEqual(rows(s.row.sessionId), before, 'nothing written by the extension');
    });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('without a connected Gateway: Compact is refused by the writer and offers to connect; Undo (SQLite) too; nothing is sent', async () => {
    setLive(liveStub(() => undefined));
    const n0 = gw.requests.length;
    try {
      const s = session('agent:main:main')!;
      const before = rows(s.row.sessionId);
      await withLock('e2elive5', async () => {
        answers.confirm = (m, b) => (m.startsWith('Compact') ? compactButton(b) : undefined);
        answers.warn = (m, b) => (m.includes('did not compact') && b.includes('Details') ? 'Details' : undefined);
        const out = await vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', s.uid);
        delete answers.warn;
        assert.equal(out.status, 'refused', out.reason);
        assert.match(last('confirm')!.message, /^Compact agent:main:main\?( It would (grow|not shrink|barely shrink) the context\.)?$/, 'the offline confirmation');
        const w = last('warn')!;
        // one line, the rest behind "Details"
        assert.match(w.message, /did not compact agent:main:main/);
        assert.ok(w.message.length <= 100, `one line: ${w.message}`);
        assert.deepEqual(w.buttons, ['Connect to the Gateway', 'Set Gateway Token…', 'Details']);
        await waitFor(() => last('details'), 'the details asked for');
        assert.match(last('details')!.detail!, /openclaw sessions compact agent:main:main/);
        assert.deepEqual(rows(s.row.sessionId), before);
        const u = await vscode.commands.executeCommand<UndoOutcome>('openclawContext.undoCompaction', session('agent:main:work')!.uid);
        assert.equal(u.status, 'refused');
        assert.match(u.reason!, /Gateway/);
        assert.deepEqual(last('info')!.buttons, ['Connect to the Gateway', 'Set Gateway Token…']);
        const r = await vscode.commands.executeCommand<ResetOutcome>('openclawContext.resetSession', s.uid);
        assert.equal(r.status, 'refused');
        assert.deepEqual(last('warn')!.buttons, ['Connect to the Gateway', 'Set Gateway Token…']);
      });
      assert.equal(gw.requests.length, n0, 'nothing sent to the Gateway');
    } finally {
      setLive(liveStub(() => client));
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });
});
