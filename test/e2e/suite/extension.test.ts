/**
 * In-host tests: the real extension in the real VS Code extension host, driven through the API.
 * The harness points OPENCLAW_STATE_DIR at a temp copy of the real OpenClaw 2026.9.6 fixture state and
 * OC_CTX_FIXTURES at test/fixtures (for OpenClaw's own printed figures, the oracle).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OpenClawContextApi } from '../../../src/extension';
import { formatSessionsCell, formatTokens } from '../../../src/core/context/format';
import { estimateMessage } from '../../../src/core/tokens/messageText';
import { EXT_ID, waitFor } from './util';

const stateDir = process.env.OPENCLAW_STATE_DIR ?? '';
const fixtures = process.env.OC_CTX_FIXTURES ?? '';

interface OcSession {
  key: string;
  totalTokens: number | null;
  totalTokensFresh: boolean;
  contextTokens?: number;
  updatedAt: number;
}

function openclawPrinted(): Map<string, string> {
  // cli/sessions-final.txt rows: │ direct │ agent:main:work │ 1m ago │ … │ 9.7k/33k (30%) │ …
  const txt = fs.readFileSync(path.join(fixtures, 'openclaw-real/cli/sessions-final.txt'), 'utf8');
  const out = new Map<string, string>();
  for (const line of txt.split('\n')) {
    const cells = line.split('│').map((c) => c.trim());
    if (cells.length > 7 && cells[2]?.startsWith('agent:')) out.set(cells[2], cells[6]!);
  }
  return out;
}

function matchKey(printed: Map<string, string>, key: string): string | undefined {
  for (const [k, v] of printed) {
    if (k === key) return v;
    const m = /^(.*)\.\.\.(.*)$/.exec(k);
    if (m && key.startsWith(m[1]!) && key.endsWith(m[2]!)) return v;
  }
  return undefined;
}

suite('OpenClaw Context in the extension host', () => {
  let api: OpenClawContextApi;

  suiteSetup(async () => {
    assert.ok(stateDir && fs.existsSync(stateDir), `OPENCLAW_STATE_DIR must point at a prepared state copy (got ${stateDir})`);
    const ext = vscode.extensions.getExtension<OpenClawContextApi>(EXT_ID);
    assert.ok(ext, `${EXT_ID} is installed`);
    api = await ext.activate();
    await api.firstRefresh;
    console.log(`[in-host] activate() took ${api.activationMs.toFixed(2)} ms; first refresh ${api.service.lastRefreshMs.toFixed(1)} ms`);
    if (process.env.OC_CTX_METRICS) fs.writeFileSync(process.env.OC_CTX_METRICS, JSON.stringify({ activationMs: api.activationMs, firstRefreshMs: api.service.lastRefreshMs }));
  });

  test('reads every session of the real OpenClaw database', () => {
    const oc = JSON.parse(fs.readFileSync(path.join(fixtures, 'openclaw-real/cli/sessions-final.json'), 'utf8')) as { sessions: OcSession[] };
    const keys = api.service.model.sessions().map((s) => s.row.key).sort();
    assert.deepEqual(keys, oc.sessions.map((s) => s.key).sort());
  });

  test('gauge figures equal what `openclaw sessions` printed', () => {
    const printed = openclawPrinted();
    for (const s of api.service.model.sessions()) {
      const cell = matchKey(printed, s.row.key);
      assert.ok(cell, `OpenClaw printed a row for ${s.row.key}`);
      const ours = formatSessionsCell(s.figures.estimated ? undefined : s.figures.used, s.figures.window);
      assert.equal(ours, cell, s.row.key);
      if (cell.startsWith('unknown')) assert.ok(s.figures.used > 0, `${s.row.key} has our own estimate`);
    }
  });

  test('status bar shows the most recently active session', () => {
    const active = api.service.active();
    assert.ok(active);
    const recent = [...api.service.model.sessions()].sort((a, b) => b.lastActivity - a.lastActivity)[0]!;
    assert.equal(active.uid, recent.uid);
    assert.match(api.statusBar.text, /^\$\(pulse\) ~?\d+% ~?[\d.]+k\/\d+k$/);
    assert.ok(api.statusBar.text.includes(`${active.figures.percent}%`));
  });

  test('pin and unpin a session through the commands', async () => {
    const target = api.service.model.findByKey('agent:main:rpc');
    assert.ok(target);
    await vscode.commands.executeCommand('openclawContext.pinSession', target.uid);
    assert.equal(api.service.pinnedUid, target.uid);
    assert.equal(api.service.active()?.uid, target.uid);
    await waitFor(() => api.statusBar.text.includes(`${target.figures.percent}%`) || undefined, 'pinned gauge');
    await vscode.commands.executeCommand('openclawContext.unpinSession');
    assert.equal(api.service.pinnedUid, undefined);
  });

  test('copy session key puts the key on the clipboard', async () => {
    const s = api.service.model.findByKey('agent:main:main')!;
    await vscode.commands.executeCommand('openclawContext.copySessionKey', s.uid);
    assert.equal(await vscode.env.clipboard.readText(), 'agent:main:main');
  });

  test('open active context shows the rebuilt context as a document', async () => {
    const s = api.service.model.findByKey('agent:main:main')!;
    await vscode.commands.executeCommand('openclawContext.openContext', s.uid);
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.scheme === 'openclaw-context' ? vscode.window.activeTextEditor : undefined), 'context editor');
    const text = editor.document.getText();
    assert.ok(text.startsWith('# Active context — agent:main:main'));
    const headings = text.split('\n').filter((l) => /^### \d+\. /.test(l)).length;
    assert.equal(headings, s.context!.items.length);
    assert.equal(editor.document.languageId, 'markdown');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  test('Sessions view: state dir → agent → sessions with figures', async () => {
    const roots = api.tree.getChildren();
    assert.equal(roots.length, 1);
    const agents = api.tree.getChildren(roots[0]);
    const main = agents.find((a) => a.type === 'agent');
    assert.ok(main);
    const sessions = api.tree.getChildren(main).filter((n) => n.type === 'session');
    assert.equal(sessions.length, api.service.model.sessions().length);
    for (const n of sessions) {
      const item = api.tree.getTreeItem(n);
      assert.match(String(item.description), /~?\d+% · ~?[\d.]+k\/\d+k/);
    }
    // children: compactions + turns for a session with compactions on its active path
    const ext2 = sessions.find((n) => n.type === 'session' && api.service.model.get(n.uid)?.row.key === 'agent:main:ext2')!;
    const kids = api.tree.getChildren(ext2);
    assert.equal(kids[0]?.type, 'group');
    assert.ok(kids.some((k) => k.type === 'turn'));
  });

  test('a new transcript row updates the gauge without a reload', async () => {
    const s = api.service.model.findByKey('agent:main:work')!;
    await vscode.commands.executeCommand('openclawContext.pinSession', s.uid);
    const before = s.figures.used;
    const sqlite = await import('node:sqlite');
    const db = new sqlite.DatabaseSync(path.join(stateDir, 'agents/main/agent/openclaw-agent.sqlite'));
    const sid = s.row.sessionId;
    const last = db.prepare('SELECT max(seq) AS m FROM transcript_events WHERE session_id = ?').get(sid) as { m: number };
    const text = 'The quick brown fox jumps over the lazy dog. '.repeat(90);
    const ev = { type: 'message', id: 'e2e-live-0001', parentId: s.context!.leafId, timestamp: new Date(Date.now() + 1000).toISOString(), message: { role: 'user', content: text, timestamp: Date.now() + 1000 } };
    const json = JSON.stringify(ev);
    db.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_utf8_bytes) VALUES (?, ?, ?, ?, ?)').run(sid, last.m + 1, json, Date.now(), Buffer.byteLength(json));
    db.close();
    // OpenClaw's figure + the calibrated estimate of the new message (estimator × the session's learned scale)
    const scale = s.figures.calibration?.scale ?? 1;
    const grow = Math.round(estimateMessage({ role: 'user', content: text }, 'o200k') * scale);
    await waitFor(() => (api.service.model.findByKey('agent:main:work')!.figures.used === before + grow ? true : undefined), `gauge to grow by ${grow}`);
    const after = api.service.model.findByKey('agent:main:work')!;
    assert.equal(after.figures.pending, grow);
    assert.equal(after.figures.estimated, true);
    await waitFor(() => (api.statusBar.text.includes(`~${after.figures.percent}%`) ? true : undefined), 'status bar to show the estimate');
    await vscode.commands.executeCommand('openclawContext.unpinSession');
  });

  test('thresholds setting changes the level', async () => {
    const cfg = vscode.workspace.getConfiguration('openclawContext');
    await cfg.update('thresholds.warn', 20, vscode.ConfigurationTarget.Global);
    try {
      await waitFor(() => (api.service.model.findByKey('agent:main:main')!.figures.level === 'warn' ? true : undefined), 'level warn');
    } finally {
      await cfg.update('thresholds.warn', undefined, vscode.ConfigurationTarget.Global);
    }
    await waitFor(() => (api.service.model.findByKey('agent:main:main')!.figures.level === 'ok' ? true : undefined), 'level ok again');
  });

  test('a second state dir (JSONL era) shows side by side and its appended lines are watched', async () => {
    const os = await import('node:os');
    const extra = fs.mkdtempSync(path.join(os.tmpdir(), 'oc-ctx-jsonl-'));
    const sessions = path.join(extra, 'agents', 'legacy', 'sessions');
    fs.mkdirSync(sessions, { recursive: true });
    const sid = 'legacy-0001';
    const t = Date.parse('2026-11-20T10:00:00Z');
    const lines = [
      { type: 'session', version: 3, id: sid, timestamp: new Date(t).toISOString(), cwd: extra },
      { type: 'message', id: 'u1', parentId: null, timestamp: new Date(t + 1000).toISOString(), message: { role: 'user', content: [{ type: 'text', text: 'hello' }], timestamp: t + 1000 } },
      { type: 'message', id: 'a1', parentId: 'u1', timestamp: new Date(t + 2000).toISOString(), message: { role: 'assistant', content: [{ type: 'text', text: 'hi' }], provider: 'anthropic', model: 'claude-x', usage: { input: 50000, output: 10, cacheRead: 0, cacheWrite: 0, totalTokens: 50010 }, stopReason: 'stop', timestamp: t + 2000 } },
    ];
    fs.writeFileSync(path.join(sessions, `${sid}.jsonl`), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    fs.writeFileSync(path.join(sessions, 'sessions.json'), JSON.stringify({ 'agent:legacy:main': { sessionId: sid, updatedAt: t + 2000, totalTokens: 50000, totalTokensFresh: true, contextTokens: 200000, modelProvider: 'anthropic', model: 'claude-x' } }));
    const cfg = vscode.workspace.getConfiguration('openclawContext');
    await cfg.update('stateDir', [stateDir, extra], vscode.ConfigurationTarget.Global);
    try {
      await waitFor(() => (api.service.model.stateDirs().length === 2 && api.service.model.findByKey('agent:legacy:main') ? true : undefined), 'two state dirs');
      assert.equal(api.tree.getChildren().length, 2);
      const legacy = api.service.model.findByKey('agent:legacy:main')!;
      assert.equal(legacy.era, 'jsonl');
      assert.equal(legacy.figures.used, 50000);
      assert.equal(legacy.figures.percent, 25);
      assert.equal(api.service.model.findByKey('agent:main:work')?.era, 'sqlite');
      // a user line appended while VS Code runs (a turn in flight): 4000 chars = 1000 tokens pending
      api.service.model.ensureTranscript(legacy.uid);
      await api.service.pin(legacy.uid);
      const note = 'Please summarise the build log above and list every failing test. '.repeat(60);
      const u2 = { type: 'message', id: 'u2', parentId: 'a1', timestamp: new Date(Date.now() + 5000).toISOString(), message: { role: 'user', content: note, timestamp: Date.now() + 5000 } };
      fs.appendFileSync(path.join(sessions, `${sid}.jsonl`), JSON.stringify(u2) + '\n');
      const want = 50000 + Math.round(estimateMessage({ role: 'user', content: note }, 'claude'));
      await waitFor(() => (api.service.model.findByKey('agent:legacy:main')!.figures.used === want ? true : undefined), `JSONL append to reach the gauge (${want})`);
      const text = `$(pulse) ~${Math.round((want / 200000) * 100)}% ~${formatTokens(want)}/200k`;
      await waitFor(() => (api.statusBar.text === text ? true : undefined), `status bar ${text} (is ${api.statusBar.text})`);
    } finally {
      await api.service.pin(undefined);
      await cfg.update('stateDir', undefined, vscode.ConfigurationTarget.Global);
      fs.rmSync(extra, { recursive: true, force: true });
    }
    await waitFor(() => (api.service.model.stateDirs().length === 1 ? true : undefined), 'back to one state dir');
  });

  test('refresh and show diagnostics commands run', async () => {
    await vscode.commands.executeCommand('openclawContext.refresh');
    await vscode.commands.executeCommand('openclawContext.showOutput');
    assert.ok(api.service.refreshCount >= 2);
  });

  test('every contributed command is registered', async () => {
    const pkg = vscode.extensions.getExtension(EXT_ID)!.packageJSON as { contributes: { commands: Array<{ command: string }> } };
    const all = new Set(await vscode.commands.getCommands(true));
    for (const c of pkg.contributes.commands) assert.ok(all.has(c.command), c.command);
  });
  test('engine permission denials and missing paths are appended to the agent’s memories/errors.md, once each', () => {
    const ws = path.join(stateDir!, 'workspace');
    const file = path.join(ws, 'memories', 'errors.md');
    const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    const r = api.engineErrors.record({ severity: 'error', source: `${stateDir}/context/checkpoints`, message: "EACCES: permission denied, open 'cp_009.yaml'" });
    assert.ok(r, 'a permission denial is logged');
    assert.equal(r.file, file, 'in the workspace of the state dir it concerns');
    const after = fs.readFileSync(file, 'utf8');
    assert.ok(after.startsWith(before), 'earlier text untouched');
    assert.ok(after.trimEnd().endsWith(r.line), 'the new line is the last one');
    assert.match(r.line, /^- \d{4}-\d{2}-\d{2}T[\d:]+Z \[permission\] .*EACCES/);
    assert.equal(api.engineErrors.record({ severity: 'error', source: `${stateDir}/context/checkpoints`, message: "EACCES: permission denied, open 'cp_010.yaml'" }), undefined, 'the same problem is logged once');
    assert.equal(api.engineErrors.record({ severity: 'warning', source: 'row 3', message: 'unknown entry type skipped' }), undefined, 'other problems are not');
    assert.equal(fs.readFileSync(file, 'utf8'), after);
  });
});
