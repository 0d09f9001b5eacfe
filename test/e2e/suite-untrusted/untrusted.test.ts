/**
 * Issue 20 item 12, in the real VS Code with workspace trust on and the folder untrusted (Restricted Mode; run by
 * test/e2e/run-in-host.mjs with OC_CTX_UNTRUSTED=1): the extension only reads. The views and the gauge show the
 * sessions; every write command writes nothing (every file of the state dir and its workspace byte-identical, no
 * file newer than the launch) and says why in one line; a Gateway listening where the settings point gets no
 * connection at all (so no token is read for it). Then the harness trusts the folder through the Workspace Trust
 * editor, as a user would, and writing and the Gateway connection start.
 */
import { spawnSync } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { OpenClawContextApi } from '../../../src/extension';
import type { CheckpointNode, CpNode } from '../../../src/vscode/checkpoints/checkpointsTree';
import type { Ui } from '../../../src/vscode/shared/ui';
import { activatedApi, recordingDialogs, recordingPick, REPO, sleep, statusBarFor, uidOf, waitFor, type RecordedPrompt } from '../suite/util';

/** what run-in-host.mjs answers by trusting the folder (its TRUST_REQUEST) */
const TRUST_REQUEST = '[in-host] harness: trust the workspace';
const NOT_TRUSTED = /^OpenClaw Context: This workspace is not trusted, so OpenClaw Context only reads: /;
const KEY = 'agent:main:work';

/** Every file and folder under `dir`: its kind, size, bytes' digest (files) and mtime. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      const st = fs.lstatSync(p);
      const digest = e.isFile() ? crypto.createHash('sha256').update(fs.readFileSync(p)).digest('hex') : e.isDirectory() ? 'dir' : 'other';
      out.set(path.relative(dir, p), `${digest} ${st.size} ${st.mtimeMs}`);
      if (e.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out;
}

/** The entries of `after` that differ from `before` (added, changed, removed). */
function changes(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [p, v] of after) if (before.get(p) !== v) out.push(`${before.has(p) ? 'changed' : 'added'} ${p}`);
  for (const p of before.keys()) if (!after.has(p)) out.push(`removed ${p}`);
  return out;
}

/** A TCP listener that only counts the connections made to it (a probe, a WebSocket: any). */
async function countingListener(): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  let n = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    n++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => n,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

suite('Workspace Trust: an untrusted workspace reads only (Restricted Mode)', function () {
  this.timeout(120_000);
  let api: OpenClawContextApi;
  let stateDir: string;
  let ws: string;
  let savedUi: Ui;
  let listener: Awaited<ReturnType<typeof countingListener>>;
  const prompts: RecordedPrompt[] = [];
  /** QuickPick answers by label, in order; input answers in order */
  let picks: string[] = [];
  let inputs: Array<string | undefined> = [];
  const cfg = () => vscode.workspace.getConfiguration('openclawContext');
  const G = vscode.ConfigurationTarget.Global;
  const memoryUri = () => vscode.Uri.file(path.join(ws, 'MEMORY.md'));
  const ourDiagnostics = () => vscode.languages.getDiagnostics(memoryUri()).filter((d) => d.source === 'OpenClaw Context');
  /** The memory quick fix of the dangling pointer: what VS Code offers (only actions that are not disabled), and what ours gives. */
  const quickFixes = async () => {
    const missing = await waitFor(() => ourDiagnostics().find((d) => d.code === 'pointer-missing'), 'the pointer-missing diagnostic on MEMORY.md', 20_000);
    const doc = await vscode.workspace.openTextDocument(memoryUri()); // code actions are asked of an open document
    const isOurs = (a: vscode.CodeAction) => /Remove the entry pointing to memories\/deploy\.md/.test(a.title);
    const offered = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', memoryUri(), missing.range, vscode.CodeActionKind.QuickFix.value)).filter(isOurs);
    const ctx: vscode.CodeActionContext = { diagnostics: [missing], only: undefined, triggerKind: vscode.CodeActionTriggerKind.Invoke };
    return { offered, ours: api.memoryDiagnostics.provideCodeActions(doc, missing.range, ctx).filter(isOurs) };
  };
  const cpNodes = (key: string): CheckpointNode[] => {
    const tree = api.checkpointsTree;
    const d = tree.getChildren().find((n) => n.type === 'cpDir' && n.stateDir === path.resolve(stateDir));
    const s = d && tree.getChildren(d).find((n) => n.type === 'cpSession' && n.sessionKey === key);
    return s ? tree.getChildren(s).filter((n: CpNode): n is CheckpointNode => n.type === 'checkpoint') : [];
  };
  /** Run a write command; the one message it showed (the ground refusal, or the preview-only note). */
  const said = async <T>(run: () => Thenable<T>, kind: 'warn' | 'info' = 'warn'): Promise<{ out: T; message: string }> => {
    prompts.length = 0;
    const out = await run();
    const p = await waitFor(() => prompts.find((x) => x.kind === kind), `a ${kind} message`);
    assert.ok(!prompts.some((x) => x.kind === 'confirm'), `no confirmation asked (${prompts.map((x) => x.kind).join()})`);
    assert.ok(!p.message.includes('\n'), `one line: ${p.message}`);
    return { out, message: p.message };
  };

  suiteSetup(async () => {
    ({ api, stateDir } = await activatedApi());
    ws = path.join(stateDir, 'workspace');
    savedUi = api.ui.current;
    api.ui.current = {
      ...savedUi,
      ...recordingDialogs(prompts, {}),
      pick: recordingPick(prompts, (items) => {
        const want = picks.shift();
        return items.find((i) => i.label === want);
      }),
      input: async () => inputs.shift(),
    };
    listener = await countingListener();
  });

  suiteTeardown(async () => {
    api.ui.current = savedUi;
    await cfg().update('gateway.url', undefined, G);
    await listener?.close();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('VS Code runs the extension in Restricted Mode, and its first read of the state wrote nothing', async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'the folder is untrusted');
    const launched = Number(process.env.OC_CTX_LAUNCHED_AT);
    assert.ok(launched > 0, 'OC_CTX_LAUNCHED_AT from the harness');
    // the memory lint ran (it would record an errors.md baseline when trusted)
    await waitFor(() => api.memoryDiagnostics.stats.lints > 0, 'the first memory lint');
    const newer = [...snapshot(stateDir)].filter(([, v]) => Number(v.split(' ')[2]) >= launched).map(([p]) => p);
    assert.deepEqual(newer, [], 'nothing in the state dir or its workspace is newer than the launch');
  });

  test('the views and the gauge show the sessions; the Gateway line says the workspace is not trusted', async () => {
    assert.ok(api.service.model.sessions().length >= 2, 'the sessions are read');
    const dirNode = api.tree.getChildren().find((n) => n.type === 'stateDir' && n.info.candidate.dir === path.resolve(stateDir));
    assert.ok(dirNode, 'the Sessions view shows the state dir');
    const sessions = api.tree.getChildren(dirNode).flatMap((agent) => api.tree.getChildren(agent)).filter((n) => n.type === 'session');
    assert.ok(sessions.length >= 2, `the Sessions view lists the sessions (${sessions.length})`);
    const { text } = await statusBarFor(api, stateDir, KEY);
    assert.match(text, /\d/, `the gauge shows a fill (${text})`);
    assert.equal(api.gateway.summary().text, 'files only · workspace not trusted');
  });

  test('every write command writes nothing and says why in one line; no Gateway connection, no token', async () => {
    const uid = uidOf(api, stateDir, KEY);
    // what the commands act on, made before the snapshot: a checkpoint (by the CLI), a fixable memory problem,
    // an errors.md the lint would record a baseline of when trusted
    const cli = spawnSync(process.env.NODE24_BIN || process.execPath, [path.join(REPO, 'dist', 'cli.js'), 'checkpoint', 'create', KEY, '--state-dir', stateDir], { encoding: 'utf8', env: { ...process.env, OPENCLAW_CONTEXT_QUIET: '1' } });
    assert.equal(cli.status, 0, cli.stderr);
    const pre = snapshot(stateDir);
    const memory = fs.readFileSync(memoryUri().fsPath, 'utf8');
    fs.writeFileSync(memoryUri().fsPath, `${memory.endsWith('\n') ? memory : `${memory}\n`}- Deploy notes → memories/deploy.md\n`);
    fs.mkdirSync(path.join(ws, 'memories'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'memories', 'errors.md'), '# Errors\n\n- 2026-11-20: ran the migration twice\n');
    await waitFor(() => ourDiagnostics().some((d) => d.code === 'pointer-missing'), 'the lint of the new MEMORY.md', 20_000);
    await vscode.commands.executeCommand('openclawContext.refreshCheckpoints');
    await waitFor(() => cpNodes(KEY).length > 0, `the checkpoint in the Checkpoints view (${cli.stdout.trim()})`, 20_000);
    await sleep(500); // watchers settle
    const before = snapshot(stateDir);
    // since the CLI: only what this test wrote (the lint of errors.md recorded no baseline in context/memory)
    const ours = /^(added|changed) workspace(\/MEMORY\.md|\/memories(\/errors\.md)?)?$/;
    assert.deepEqual(changes(pre, before).filter((c) => !ours.test(c)), [], `the setup wrote only its own files (${changes(pre, before).join(', ')})`);

    const compact = await said(() => vscode.commands.executeCommand<{ status: string }>('openclawContext.compactSession', uid));
    assert.equal(compact.out.status, 'refused');
    assert.match(compact.message, new RegExp(`${NOT_TRUSTED.source}the compaction is not written\\.`));

    const s = api.service.model.ensureTranscript(uid);
    if (s?.context?.compactions.length) {
      const undo = await said(() => vscode.commands.executeCommand<{ status: string }>('openclawContext.undoCompaction', uid));
      assert.equal(undo.out.status, 'refused');
      assert.match(undo.message, /only reads: the undo is not written\./);
    }

    const reset = await said(() => vscode.commands.executeCommand<{ status: string }>('openclawContext.resetSession', uid));
    assert.equal(reset.out.status, 'refused');
    assert.match(reset.message, /only reads: the reset is not sent\./);

    const create = await said(() => vscode.commands.executeCommand<{ kind: string }>('openclawContext.createCheckpoint', uid));
    assert.equal(create.out.kind, 'skipped');
    assert.match(create.message, new RegExp(`${NOT_TRUSTED.source}no checkpoint is written\\.`));

    const restore = await said(() => vscode.commands.executeCommand<{ status: string }>('openclawContext.restoreCheckpoint', { stateDir, sessionKey: KEY }));
    assert.equal(restore.out.status, 'refused');
    assert.match(restore.message, /only reads: the restore note is not written\./);

    const del = await said(() => vscode.commands.executeCommand<string[]>('openclawContext.deleteCheckpoint', cpNodes(KEY)[0]));
    assert.deepEqual(del.out, []);
    assert.match(del.message, /only reads: no checkpoint is deleted\./);

    const breaker = await said(() => vscode.commands.executeCommand<boolean>('openclawContext.resetCompactionBreaker', uid));
    assert.equal(breaker.out, false);
    assert.match(breaker.message, /only reads: the compaction stays paused\./);

    // the memory writes show their preview (what would be written) and write nothing
    const flush = await said(() => vscode.commands.executeCommand<{ status: string }>('openclawContext.memory.flush', uid), 'info');
    assert.equal(flush.out.status, 'preview-only');
    assert.match(flush.message, /this workspace is not trusted, so nothing was written/);

    picks = ['preference', 'normal'];
    inputs = [''];
    const remember = await said(() => vscode.commands.executeCommand<{ status: string }>('openclawContext.memory.remember', 'Always run the tests before a deploy.'), 'info');
    assert.equal(remember.out.status, 'preview-only');
    assert.match(remember.message, /this workspace is not trusted, so nothing was written/);

    const dream = await said(() => vscode.commands.executeCommand<{ status: string; reason?: string }>('openclawContext.memory.dream'), 'info');
    assert.equal(dream.out.status, 'previewOnly', dream.message);
    assert.match(dream.message, /not trusted/);

    // the memory quick fix: shown disabled, with the reason, and no edit
    const fixes = await quickFixes();
    assert.deepEqual(fixes.offered, [], 'VS Code offers no quick fix to apply');
    assert.equal(fixes.ours.length, 1, 'ours lists it');
    assert.equal(fixes.ours[0]!.edit, undefined, 'without an edit');
    assert.match(fixes.ours[0]!.disabled?.reason ?? '', /not trusted, so OpenClaw Context only reads: the quick fix is not offered\./);

    // the Gateway: a listener where the settings point, and a reconnect asked for: no connection, no token question
    prompts.length = 0;
    await cfg().update('gateway.url', `ws://127.0.0.1:${listener.port}`, G);
    await vscode.commands.executeCommand('openclawContext.gateway.reconnect');
    await sleep(3000);
    assert.equal(listener.connections(), 0, 'no connection to the Gateway');
    assert.deepEqual(api.gateway.views(), [], 'no Gateway connection kept');
    assert.ok(!prompts.some((p) => /token/i.test(p.message)), 'no token question');

    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await sleep(500);
    assert.deepEqual(changes(before, snapshot(stateDir)), [], 'every file of the state dir and the workspace as it was');
  });

  test('trusted through the Workspace Trust editor: writing and the Gateway start', async () => {
    await cfg().update('gateway.url', `ws://127.0.0.1:${listener.port}`, G);
    const granted = new Promise<void>((resolve) => vscode.workspace.onDidGrantWorkspaceTrust(() => resolve()));
    await vscode.commands.executeCommand('workbench.trust.manage');
    console.log(TRUST_REQUEST);
    await Promise.race([granted, sleep(30_000)]);
    assert.equal(vscode.workspace.isTrusted, true, 'the harness trusted the folder');
    await waitFor(() => (listener.connections() > 0 ? true : undefined), 'live mode probes the Gateway the settings name', 20_000);
    assert.notEqual(api.gateway.summary().text, 'files only · workspace not trusted');
    const fixes = await quickFixes();
    assert.equal(fixes.offered.length, 1, 'VS Code offers the quick fix');
    assert.ok(fixes.offered[0]!.edit && !fixes.offered[0]!.disabled, 'with its edit');
    const uid = uidOf(api, stateDir, KEY);
    const n = cpNodes(KEY).length;
    prompts.length = 0;
    const ev = await vscode.commands.executeCommand<{ kind: string }>('openclawContext.createCheckpoint', uid);
    assert.equal(ev?.kind, 'written');
    await waitFor(() => (cpNodes(KEY).length > n ? true : undefined), 'the new checkpoint');
  });
});
