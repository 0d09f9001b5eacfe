/**
 * In-host: the Context panel (issue 19) in the real VS Code — the webview view in the container and editor tabs —
 * for a SQLite session (the real OpenClaw fixture state) and a JSONL session (a copy of the demo state's legacy
 * agent); a row appended while it is open reaches the panel within a second; keyboard navigation. The webview
 * reports what it drew (segments and their screen-reader labels, table rows, lines, the focused element); the
 * remote case is in gatewayRemote.test.ts.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OpenClawContextApi } from '../../../src/extension';
import type { PanelHost } from '../../../src/vscode/panel/contextPanel';
import { activatedApi, demoStateCopy, drawnAsModel, panelDrawn, uidOf, waitFor } from './util';

suite('Context panel in the real VS Code', function () {
  this.timeout(60_000);
  let api: OpenClawContextApi;
  let stateDir: string;
  let demo: { root: string; dir: string };
  const cfg = () => vscode.workspace.getConfiguration('openclawContext');
  const figures: string[] = [];

  suiteSetup(async () => {
    ({ api, stateDir } = await activatedApi());
    demo = demoStateCopy('oc-ctx-panel-');
    await cfg().update('stateDir', [stateDir, demo.dir], vscode.ConfigurationTarget.Global);
    await waitFor(() => (api.service.model.stateDirs().length === 2 && api.service.model.sessions().some((s) => s.stateDir === path.resolve(demo.dir) && s.era === 'jsonl')) || undefined, 'the demo copy read');
  });

  suiteTeardown(async () => {
    console.log(`[in-host] panel figures: ${figures.join('; ')}`);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await api.service.pin(undefined);
    await cfg().update('stateDir', undefined, vscode.ConfigurationTarget.Global);
    await waitFor(() => (api.service.model.stateDirs().length === 1 ? true : undefined), 'back to one state dir');
    fs.rmSync(demo.root, { recursive: true, force: true });
  });

  /** Open a tab for the session and wait until it drew that session's model; the time to that first paint. */
  async function openTab(uid: string): Promise<{ host: PanelHost; firstPaintMs: number }> {
    const host = (await vscode.commands.executeCommand('openclawContext.openPanel', uid)) as PanelHost;
    assert.ok(host && host.kind === 'tab', 'openPanel returns the tab');
    await panelDrawn(host, (s, m) => m.uid === uid && drawnAsModel(s, m), `the tab for ${uid}`);
    const firstPaintMs = (host.drawnAt ?? 0) - host.createdAt;
    return { host, firstPaintMs };
  }

  test('the view in the OpenClaw Context container shows the gauge’s session and every session', async () => {
    await vscode.commands.executeCommand('openclawContext.showPanel');
    const view = await waitFor(() => api.panel.all().find((h) => h.kind === 'view'), 'the Context view resolved');
    const active = api.service.active()!;
    const s = await panelDrawn(view, (st, m) => m.uid === active.uid && drawnAsModel(st, m), 'the view drew the gauge’s session');
    assert.equal(view.model!.followsGauge, true);
    assert.equal(s.rows, api.service.model.sessions().length);
    assert.ok(s.segments >= 3, `segments ${s.segments}`);
    assert.ok(s.lines >= 2, 'the flush, compaction and checkpoint lines are drawn');
  });

  test('SQLite session: a tab with its composition, lines and the table; first paint measured', async () => {
    const uid = uidOf(api, stateDir, 'agent:main:work');
    const { host, firstPaintMs } = await openTab(uid);
    const parts = host.model!.composition!.parts;
    assert.ok(parts.some((p) => p.id === 'bootstrap' && p.groups.length > 0), 'bootstrap files at the second level');
    assert.equal(host.stats!.rows, api.service.model.sessions().length);
    assert.ok(host.model!.sessions.find((r) => r.uid === uid)!.selected);
    figures.push(`first paint of a tab (SQLite agent:main:work) ${firstPaintMs.toFixed(0)} ms from the command (the webview: ${host.stats!.firstPaintMs.toFixed(0)} ms from its navigation start)`);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  // A row appended to the session's store while its tab is open: the panel shows the new figures within a second.
  const appenders: Array<[string, string, (dir: string, uid: string) => void]> = [
    [
      'SQLite',
      'agent:main:work',
      (_dir, uid) => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const sqlite = require('node:sqlite') as typeof import('node:sqlite');
        const s = api.service.model.get(uid)!;
        const db = new sqlite.DatabaseSync(path.join(stateDir, 'agents/main/agent/openclaw-agent.sqlite'));
        try {
          const last = db.prepare('SELECT max(seq) AS m FROM transcript_events WHERE session_id = ?').get(s.row.sessionId) as { m: number };
          const ev = { type: 'message', id: `e2e-panel-${Date.now()}`, parentId: s.context!.leafId, timestamp: new Date(Date.now() + 1000).toISOString(), message: { role: 'user', content: 'Panel check: a new user message. '.repeat(80), timestamp: Date.now() + 1000 } };
          const json = JSON.stringify(ev);
          db.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_utf8_bytes) VALUES (?, ?, ?, ?, ?)').run(s.row.sessionId, last.m + 1, json, Date.now(), Buffer.byteLength(json));
        } finally {
          db.close();
        }
      },
    ],
    [
      'JSONL',
      'agent:legacy:main',
      (dir, uid) => {
        const s = api.service.model.get(uid)!;
        const file = path.join(dir, 'agents/legacy/sessions', `${s.row.sessionId}.jsonl`);
        const ev = { type: 'message', id: `e2e-panel-${Date.now()}`, parentId: s.context!.leafId, timestamp: new Date(Date.now() + 1000).toISOString(), message: { role: 'user', content: 'Panel check: a new user message. '.repeat(80), timestamp: Date.now() + 1000 } };
        fs.appendFileSync(file, `${JSON.stringify(ev)}\n`);
      },
    ],
  ];
  for (const [era, key, append] of appenders) {
    test(`${era} session (${key}): renders, and a row appended reaches the panel within a second`, async () => {
      const dir = era === 'SQLite' ? stateDir : demo.dir;
      const uid = uidOf(api, dir, key);
      assert.equal(api.service.model.get(uid)!.era, era === 'SQLite' ? 'sqlite' : 'jsonl');
      const { host } = await openTab(uid);
      const before = host.model!.composition!;
      const userBefore = before.parts.find((p) => p.id === 'user')!;
      const t0 = performance.now();
      append(dir, uid);
      const s = await panelDrawn(host, (st, m) => m.composition!.used > before.used && drawnAsModel(st, m), `the appended row in the panel (${era})`, 5_000);
      const ms = performance.now() - t0;
      const user = host.model!.composition!.parts.find((p) => p.id === 'user')!;
      assert.equal(user.count, (userBefore.count ?? 0) + 1, 'one more user message');
      assert.ok(s.labels.some((l) => l.startsWith(`User messages (${user.count})`)), `the segment says so: ${s.labels.join(' | ')}`);
      figures.push(`${era} append → panel drawn ${ms.toFixed(0)} ms`);
      assert.ok(ms <= 1000, `the panel updated in ${ms.toFixed(0)} ms (target ≤ 1 s)`);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });
  }

  test('keyboard: arrows move between the bar’s parts, Enter opens the context document; the table’s rows too', async () => {
    const uid = uidOf(api, stateDir, 'agent:main:work');
    const { host } = await openTab(uid);
    const labels = host.stats!.labels;
    assert.ok(labels.length >= 3);
    const first = host.model!.composition!.parts.find((p) => p.tokens > 0)!;
    const focused = async (keys: string[], want: string, what: string) => {
      host.stats = { ...host.stats!, focused: '\u0000' };
      await api.panel.press(host, keys);
      await panelDrawn(host, (s) => s.focused === want, what);
    };
    await focused([`focus:seg:${first.id}`], labels[0]!, 'the first part focused');
    await focused(['ArrowRight'], labels[1]!, 'ArrowRight: the second part');
    await focused(['End'], labels[labels.length - 1]!, 'End: the last part');
    await focused(['Home', 'ArrowLeft'], labels[0]!, 'Home, then ArrowLeft stays on the first');
    // the sessions table: ArrowDown moves to the next row as drawn, Enter shows that session in this panel
    const order = host.stats!.rowUids;
    const i = order.indexOf(uid);
    assert.ok(i >= 0 && order.length > 1, `the row of ${uid} in ${order.join()}`);
    const to = i + 1 < order.length ? i + 1 : 0;
    const rowKey = (u: string) => host.model!.sessions.find((r) => r.uid === u)!.key;
    host.stats = { ...host.stats!, focused: '\u0000' };
    await api.panel.press(host, [`focus:row:${uid}`, to ? 'ArrowDown' : 'Home']);
    await panelDrawn(host, (s) => !!s.focused?.startsWith(`${rowKey(order[to]!)},`), `the focus on the row of ${rowKey(order[to]!)}`);
    await api.panel.press(host, ['Enter']);
    await panelDrawn(host, (s, m) => m.uid === order[to] && drawnAsModel(s, m), `Enter on that row shows ${rowKey(order[to]!)}`);
    assert.equal(host.model!.followsGauge, false);
    // back to the first session; Enter on a part with messages opens the context document at its first item, beside the tab
    await api.panel.press(host, [`focus:row:${uid}`, 'Enter']);
    await panelDrawn(host, (s, m) => m.uid === uid && drawnAsModel(s, m), 'the first session again');
    const user = host.model!.composition!.parts.find((p) => p.id === 'user')!;
    await api.panel.press(host, ['focus:seg:user', 'Enter']);
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.scheme === 'openclaw-context' ? vscode.window.activeTextEditor : undefined), 'the context document opened');
    const n = api.service.model.get(uid)!.context!.items.findIndex((e) => e.id === user.entryId) + 1;
    const line = editor.document.lineAt(editor.selection.active.line).text;
    assert.ok(line.startsWith(`### ${n}. user`), `the document at the part's first item (${line})`);
    assert.notEqual(editor.viewColumn, vscode.ViewColumn.One, 'beside the panel’s tab');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
