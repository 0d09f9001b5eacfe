/**
 * Checkpoints in the real extension host: automatic checkpoints while turns are written to the stores,
 * the Checkpoints view, compare, restore (preview → confirm → append), refusal while a Gateway owns
 * the store, delete, Resume after a new session, the compaction-spiral warning.
 *
 * Runs on its own throwaway copy of the first demo state, test/fixtures/demo-v1 (SQLite agent `main` + JSONL agent
 * `legacy`), selected through the `openclawContext.stateDir` setting and restored afterwards, so the
 * other suites keep their untouched fixture state. Turns are appended with scripts/demo-append.mjs,
 * which writes the way OpenClaw 2026.9.6 does. Prompts are answered through `api.ui.current`.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OpenClawContextApi } from '../../../src/extension';
import type { RestoreOutcome } from '../../../src/vscode/checkpoints/checkpoints';
// types only: the extension runs from its bundle, so its node classes are not these (no instanceof)
import type { CheckpointNode, CpDirNode, CpSessionNode, CpNode } from '../../../src/vscode/checkpoints/checkpointsTree';
import { parseCheckpointYaml } from '../../../src/core/checkpoint/yamlCodec';
import { RESTORE_CUSTOM_TYPE } from '../../../src/core/checkpoint/restore';
import { INJECTION_HEADER } from '../../../src/core/checkpoint/render';
import { demoStateCopy, EXT_ID, fakeGatewayLock, REPO, transcriptRows, waitFor, recordingDialogs, sleep } from './util';
import type { Ui } from '../../../src/vscode/shared/ui';


interface Prompt {
  kind: keyof Ui;
  message: string;
  detail?: string;
  buttons: string[];
}

suite('Checkpoints in the extension host', () => {
  let api: OpenClawContextApi;
  let root: string;
  let dir: string;
  let originalUi: Ui;
  const prompts: Prompt[] = [];
  /** what the stubbed prompts answer, by kind (a function gets the message) */
  const answers: Partial<Record<keyof Ui, (message: string) => string | undefined>> = {};

  const db = () => path.join(dir, 'agents/main/agent/openclaw-agent.sqlite');
  const append = (...args: string[]) => execFileSync(process.execPath, [path.join(REPO, 'scripts/demo-append.mjs'), dir, ...args], { encoding: 'utf8' });
  const session = (key: string) => api.service.model.sessions().find((s) => s.stateDir === dir && s.row.key === key);
  const events = () => api.checkpoints.events.filter((e) => e.stateDir === dir);
  const tree = () => api.checkpointsTree;

  function cpNodes(key: string): CheckpointNode[] {
    const d = tree().getChildren().find((n): n is CpDirNode => n.type === 'cpDir' && n.stateDir === dir);
    if (!d) return [];
    const s = tree()
      .getChildren(d)
      .find((n): n is CpSessionNode => n.type === 'cpSession' && n.sessionKey === key);
    if (!s) return [];
    return tree()
      .getChildren(s)
      .filter((n: CpNode): n is CheckpointNode => n.type === 'checkpoint');
  }

  const rows = (sessionId: string) => transcriptRows(db(), sessionId);
  suiteSetup(async () => {
    const ext = vscode.extensions.getExtension<OpenClawContextApi>(EXT_ID);
    assert.ok(ext);
    api = await ext.activate();
    await api.firstRefresh;
    ({ root, dir } = demoStateCopy('oc-ctx-cp-'));
    originalUi = api.ui.current;
    api.ui.current = {
      ...originalUi,
      ...recordingDialogs(prompts, answers),
      pick: (items, opts) => {
        prompts.push({ kind: 'pick', message: opts.title ?? '', buttons: items.map((i) => i.label) });
        return Promise.resolve(items.find((i) => i.kind !== vscode.QuickPickItemKind.Separator));
      },
    } as Ui;
    await vscode.workspace.getConfiguration('openclawContext').update('stateDir', dir, vscode.ConfigurationTarget.Global);
    await waitFor(() => session('agent:main:main') && session('agent:legacy:main'), 'the demo state to load');
  });

  suiteTeardown(async () => {
    api.ui.current = originalUi;
    await vscode.workspace.getConfiguration('openclawContext').update('stateDir', undefined, vscode.ConfigurationTarget.Global);
    await waitFor(() => !api.service.model.stateDirs().some((d) => d.candidate.dir === dir), 'the original state dir back');
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('nothing is written on startup; the view starts empty', () => {
    assert.equal(fs.existsSync(path.join(dir, 'context')), false, 'no context/ dir before any activity');
    assert.deepEqual(
      tree()
        .getChildren()
        .filter((n) => n.type === 'cpDir' && n.stateDir === dir),
      [],
    );
  });

  test('crossing the checkpoint line while VS Code runs writes one auto-80pct checkpoint', async () => {
    const s = session('agent:main:main')!;
    const window = s.figures.window;
    const input = Math.ceil(window * 0.84);
    append('--key', 'agent:main:main', '--input', String(input));
    const ev = await waitFor(() => events().find((e) => e.kind === 'written' && e.key === 'agent:main:main'), 'an automatic checkpoint');
    assert.equal(ev.kind === 'written' && ev.trigger, 'auto-80pct');
    const file = ev.kind === 'written' ? ev.file : '';
    assert.ok(file.startsWith(path.join(dir, 'context', 'checkpoints') + path.sep), file);
    const cp = parseCheckpointYaml(fs.readFileSync(file, 'utf8'), file);
    assert.equal(cp.meta.session_key, 'agent:main:main');
    assert.equal(cp.meta.trigger, 'auto-80pct');
    assert.equal(cp.meta.token_usage.input_tokens, input, 'the figure OpenClaw stored in the row');
    assert.equal(cp.meta.token_usage.context_window, window);
    assert.ok(cp.working.topic.includes('Demo turn at'), `topic from the last user message: ${cp.working.topic}`);
    // the view shows it
    const nodes = await waitFor(() => cpNodes('agent:main:main').length === 1 && cpNodes('agent:main:main'), 'the tree row');
    const item = tree().getTreeItem(nodes[0]!);
    assert.equal(item.label, cp.meta.checkpoint_id);
    assert.match(String(item.description), new RegExp(`^threshold · ${Math.round(cp.meta.token_usage.utilization * 100)}% · just now · latest$`));
    // another turn above the line: no second checkpoint
    const n = events().length;
    append('--key', 'agent:main:main', '--input', String(input + 300));
    await waitFor(() => session('agent:main:main')!.figures.used === input + 300, 'the gauge to take the next turn');
    await sleep(400);
    assert.equal(events().slice(n).filter((e) => e.kind === 'written').length, 0);
    assert.equal(cpNodes('agent:main:main').length, 1);
  });

  test('a compaction written while VS Code runs leaves a checkpoint of the state before it', async () => {
    const key = 'agent:main:work';
    append('--key', key, '--text', 'Please keep the TODO list in docs/plan.md up to date.'); // activity: followed from here
    await waitFor(() => events().some((e) => e.key === key) || session(key)!.row.updatedAt > 0, 'first turn');
    await sleep(300);
    const before = session(key)!.row.totalTokens!;
    append('--key', key, '--compaction');
    const ev = await waitFor(() => events().find((e) => e.kind === 'written' && e.key === key && e.trigger === 'compaction'), 'a compaction checkpoint');
    const file = ev.kind === 'written' ? ev.file : '';
    const cp = parseCheckpointYaml(fs.readFileSync(file, 'utf8'), file);
    // demo-append's compaction: tokensBefore = the row total at that moment (the turn it appended with it)
    const rowsNow = rows(session(key)!.row.sessionId);
    const comp = rowsNow.map((r) => (r.json ? (JSON.parse(r.json) as { type: string; tokensBefore?: number }) : undefined)).filter((e) => e?.type === 'compaction').pop();
    assert.ok(comp?.tokensBefore && comp.tokensBefore > before, 'the compaction entry is in the DB');
    assert.equal(cp.meta.token_usage.input_tokens, comp.tokensBefore);
    assert.equal(cp.meta.trigger, 'compaction');
    assert.equal(cp.meta.compaction_count, session(key)!.row.compactionCount! - 1, 'the count before this compaction');
  });

  test('Create Checkpoint writes a manual checkpoint (never deduplicated)', async () => {
    const s = session('agent:main:main')!;
    const a = await vscode.commands.executeCommand<{ kind: string; id?: string; file?: string }>('openclawContext.createCheckpoint', s.uid);
    const b = await vscode.commands.executeCommand<{ kind: string; id?: string; file?: string }>('openclawContext.createCheckpoint', s.uid);
    assert.equal(a.kind, 'written');
    assert.equal(b.kind, 'written');
    assert.notEqual(a.id, b.id);
    for (const e of [a, b]) assert.equal(parseCheckpointYaml(fs.readFileSync(e.file!, 'utf8'), e.file!).meta.trigger, 'manual');
    assert.ok(prompts.some((p) => p.kind === 'info' && p.message.includes(b.id!)), 'the user is told');
    await waitFor(() => cpNodes('agent:main:main').length === 3, 'three rows');
    assert.deepEqual(
      cpNodes('agent:main:main').map((n) => n.entry.id),
      ['cp_003', 'cp_002', 'cp_001'],
      'newest first',
    );
  });

  test('compare two checkpoints and compare with the live state open diff editors', async () => {
    const [newer, , older] = cpNodes('agent:main:main');
    assert.ok(await vscode.commands.executeCommand('openclawContext.compareCheckpoints', newer, [newer, older]));
    let tab = await waitFor(() => vscode.window.tabGroups.activeTabGroup.activeTab, 'a tab');
    assert.ok(tab.input instanceof vscode.TabInputTextDiff, 'a diff editor');
    assert.equal((tab.input as vscode.TabInputTextDiff).original.fsPath, older!.entry.file, 'older on the left');
    assert.equal((tab.input as vscode.TabInputTextDiff).modified.fsPath, newer!.entry.file);
    assert.ok(await vscode.commands.executeCommand('openclawContext.compareCheckpointWithLive', older));
    tab = await waitFor(() => {
      const t = vscode.window.tabGroups.activeTabGroup.activeTab;
      return t?.input instanceof vscode.TabInputTextDiff && (t.input as vscode.TabInputTextDiff).modified.scheme === 'openclaw-checkpoint' ? t : undefined;
    }, 'the live diff');
    const live = await vscode.workspace.openTextDocument((tab.input as vscode.TabInputTextDiff).modified);
    const cp = parseCheckpointYaml(live.getText(), 'live');
    assert.equal(cp.meta.session_key, 'agent:main:main');
    assert.equal(cp.meta.token_usage.input_tokens, session('agent:main:main')!.figures.used);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('open a checkpoint shows its YAML', async () => {
    const [n] = cpNodes('agent:main:main');
    const editor = (await vscode.commands.executeCommand<vscode.TextEditor>('openclawContext.openCheckpoint', n))!;
    assert.equal(editor.document.uri.fsPath, n!.entry.file);
    assert.equal(editor.document.getText(), fs.readFileSync(n!.entry.file, 'utf8'));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('from the command palette (no tree node) a checkpoint is picked: Copy Restore Text', async () => {
    await vscode.env.clipboard.writeText('');
    const text = await vscode.commands.executeCommand<string>('openclawContext.copyRestoreText');
    const pick = prompts.filter((p) => p.kind === 'pick').pop()!;
    assert.equal(pick.message, 'Copy the restore text of a checkpoint');
    assert.ok(pick.buttons.includes('agent:main:main'), 'sessions are separators');
    assert.ok(text?.startsWith(INJECTION_HEADER));
    assert.equal(await vscode.env.clipboard.readText(), text);
  });

  test('restore: cancelling at the confirmation writes nothing', async () => {
    const s = session('agent:main:main')!;
    const before = rows(s.row.sessionId);
    answers.confirm = () => undefined;
    const out = await vscode.commands.executeCommand<RestoreOutcome>('openclawContext.restoreCheckpoint', cpNodes('agent:main:main')[0]);
    assert.equal(out.status, 'cancelled');
    assert.deepEqual(rows(s.row.sessionId), before);
  });

  test('restore: preview, confirm, one custom_message appended; the active context ends with it', async () => {
    const s = session('agent:main:main')!;
    const before = rows(s.row.sessionId);
    const leafBefore = s.context?.leafId;
    answers.confirm = (m) => (m.startsWith('Restore cp_003 into agent:main:main') ? 'Restore' : undefined);
    const out = await vscode.commands.executeCommand<RestoreOutcome>('openclawContext.restoreCheckpoint', cpNodes('agent:main:main')[0]);
    assert.equal(out.status, 'restored', JSON.stringify(out.result));
    const text = out.plan!.render.text;
    assert.ok(text.startsWith(INJECTION_HEADER));
    assert.ok(out.plan!.render.tokens <= 700);
    // the preview was shown before the confirmation
    const confirm = prompts.filter((p) => p.kind === 'confirm').pop()!;
    assert.match(confirm.detail!, new RegExp(`A ${Math.ceil(out.plan!.render.tokens)}-token note`));
    assert.ok(
      vscode.workspace.textDocuments.some((d) => d.uri.scheme === 'openclaw-checkpoint' && d.getText() === text),
      'the preview document holds exactly the text written',
    );
    // the transcript grew by exactly one row; every earlier row is byte-identical
    const after = rows(s.row.sessionId);
    assert.equal(after.length, before.length + 1);
    assert.deepEqual(after.slice(0, before.length), before);
    const ev = JSON.parse(after[after.length - 1]!.json!) as { type: string; customType: string; content: string; parentId: string; display: boolean };
    assert.equal(ev.type, 'custom_message');
    assert.equal(ev.customType, RESTORE_CUSTOM_TYPE);
    assert.equal(ev.content, text);
    assert.equal(ev.parentId, leafBefore, 'chained to the active leaf');
    // the model re-reads it: the active context now ends with the note
    const last = await waitFor(() => {
      const items = api.service.model.ensureTranscript(s.uid)?.context?.items ?? [];
      const l = items[items.length - 1];
      return l?.type === 'custom_message' ? l : undefined;
    }, 'the note at the end of the active context');
    assert.ok(last.preview.includes(INJECTION_HEADER), last.preview);
  });

  test('restore is refused while an OpenClaw Gateway owns the store; nothing is written', async () => {
    const s = session('agent:main:main')!;
    const before = rows(s.row.sessionId);
    const gw = await fakeGatewayLock(dir, 'e2e00001');
    try {
      answers.confirm = () => 'Restore';
      answers.warn = () => undefined;
      const out = await vscode.commands.executeCommand<RestoreOutcome>('openclawContext.restoreCheckpoint', cpNodes('agent:main:main')[0]);
      assert.equal(out.status, 'refused', JSON.stringify(out.result));
      assert.equal(out.result && !out.result.ok && out.result.code, 'owned');
      assert.deepEqual(rows(s.row.sessionId), before, 'the DB is unchanged');
      const warn = prompts.filter((p) => p.kind === 'warn').pop()!;
      assert.match(warn.message, /did not restore/);
      assert.deepEqual(warn.buttons, ['Copy Restore Text']);
    } finally {
      gw.release();
    }
  });

  test('delete asks first; Delete removes the file and the row', async () => {
    const nodes = cpNodes('agent:main:main');
    const victim = nodes[nodes.length - 1]!;
    answers.confirm = () => undefined;
    assert.deepEqual(await vscode.commands.executeCommand('openclawContext.deleteCheckpoint', victim, [victim]), []);
    assert.ok(fs.existsSync(victim.entry.file));
    answers.confirm = (m) => (m.startsWith(`Delete checkpoint ${victim.entry.id}`) ? 'Delete' : undefined);
    assert.deepEqual(await vscode.commands.executeCommand('openclawContext.deleteCheckpoint', victim, [victim]), [victim.entry.id]);
    assert.equal(fs.existsSync(victim.entry.file), false);
    assert.deepEqual(
      cpNodes('agent:main:main').map((n) => n.entry.id),
      nodes.slice(0, -1).map((n) => n.entry.id),
    );
  });

  test('a new session for a key with a checkpoint: session-end checkpoint, Resume offered, restore into the new transcript', async () => {
    const key = 'agent:legacy:main';
    const sessions = path.join(dir, 'agents/legacy/sessions');
    append('--agent', 'legacy', '--key', key, '--text', 'Decide: we ship the parser first. TODO: write the migration notes');
    await waitFor(() => session(key)!.row.updatedAt > 0 && api.checkpoints.coordinator.engine(dir).tracker(key).cold === false, 'the session followed');
    await sleep(300);
    // `/new`: OpenClaw starts a new transcript for the key and points the row at it
    const store = JSON.parse(fs.readFileSync(path.join(sessions, 'sessions.json'), 'utf8')) as Record<string, Record<string, unknown>>;
    const sid = crypto.randomUUID();
    const t = Date.now();
    fs.writeFileSync(path.join(sessions, `${sid}.jsonl`), JSON.stringify({ type: 'session', version: 3, id: sid, timestamp: new Date(t).toISOString(), cwd: dir }) + '\n');
    store[key] = { ...store[key], sessionId: sid, sessionFile: `${sid}.jsonl`, updatedAt: t, totalTokens: 0, totalTokensFresh: true, compactionCount: 0 };
    answers.info = (m) => (m.includes(`${key} started a new session`) ? 'Preview & Restore…' : undefined);
    answers.confirm = (m) => (m.includes(`into ${key}`) ? 'Restore' : undefined);
    fs.writeFileSync(path.join(sessions, 'sessions.json.tmp'), JSON.stringify(store, null, 2));
    fs.renameSync(path.join(sessions, 'sessions.json.tmp'), path.join(sessions, 'sessions.json'));
    const end = await waitFor(() => events().find((e) => e.kind === 'written' && e.key === key && e.trigger === 'session-end'), 'the session-end checkpoint');
    assert.ok(events().some((e) => e.kind === 'resume' && e.key === key && e.checkpointId === (end.kind === 'written' ? end.id : '')));
    // accepted through the notification → confirmed → written into the NEW transcript
    const lines = await waitFor(() => {
      const l = fs.readFileSync(path.join(sessions, `${sid}.jsonl`), 'utf8').trim().split('\n');
      return l.length === 2 ? l : undefined;
    }, 'the restore note in the new transcript');
    const note = JSON.parse(lines[1]!) as { type: string; customType: string; content: string; parentId: string };
    assert.equal(note.type, 'custom_message');
    assert.equal(note.customType, RESTORE_CUSTOM_TYPE);
    assert.equal(note.parentId, null, 'the first entry of the new transcript (a root, as pi writes it)');
    assert.match(note.content, /we ship the parser first|migration notes/);
    const cp = parseCheckpointYaml(fs.readFileSync(end.kind === 'written' ? end.file : '', 'utf8'), 'end');
    assert.equal(cp.meta.trigger, 'session-end');
  });

  test('more than 3 compactions: one warning per new count', async () => {
    const key = 'agent:legacy:work'; // the demo row says compactionCount 1
    const warnings = () => prompts.filter((p) => p.kind === 'warn' && p.message.includes(`${key} has been compacted`));
    answers.warn = () => undefined;
    for (let i = 0; i < 3; i++) {
      append('--agent', 'legacy', '--key', key, '--compaction');
      await waitFor(() => session(key)!.row.compactionCount === 2 + i, `compactionCount ${2 + i}`);
      await sleep(250);
    }
    await waitFor(() => warnings().length === 1, 'the warning at 4');
    assert.match(warnings()[0]!.message, /compacted 4 times/);
    append('--agent', 'legacy', '--key', key);
    await waitFor(() => session(key)!.row.updatedAt > 0, 'turn');
    await sleep(400);
    assert.equal(warnings().length, 1, 'not repeated for the same count');
  });
});
