/**
 * Memory lint as diagnostics in the real extension host (issue 6 item 2): the fixture workspace
 * (`$OPENCLAW_STATE_DIR/workspace`, the state dir's own: test/e2e/state.mjs points the config there)
 * starts clean; problems written to MEMORY.md on disk reach `vscode.languages.getDiagnostics` through the
 * file watcher; the quick fix removes a dangling pointer; unsaved edits re-lint; memories/errors.md is
 * append-only against the baseline in `<stateDir>/context/memory`; the setting turns it all off.
 *
 * Everything this suite writes into the workspace is restored in suiteTeardown (MEMORY.md's text,
 * memories/ when it created it, the errors.md baseline, the setting), so the suites after it see the
 * fixture as it was.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OpenClawContextApi } from '../../../src/extension';
import { ErrorsBaselineStore } from '../../../src/core/memory/lint/errorsBaseline';
import { lintWorkspace } from '../../../src/core/memory/lint/lintWorkspace';
import { memoryStateDir } from '../../../src/core/memory/fsSafe';
import { EXT_ID, sleep, waitFor, activatedApi } from './util';
import type { Ui } from '../../../src/vscode/shared/ui';

const SOURCE = 'OpenClaw Context';

suite('Memory diagnostics in the extension host', () => {
  let api: OpenClawContextApi;
  let stateDir: string;
  let ws: string;
  let memoryFile: string;
  let memoryUri: vscode.Uri;
  let original: string;
  let createdMemoriesDir = false;
  let originalUi: Ui;
  const infos: string[] = [];

  const errorsFile = () => path.join(ws, 'memories', 'errors.md');
  /** errors.md as an earlier suite left it (restored on teardown) */
  let priorErrors: string | undefined;
  const store = () => new ErrorsBaselineStore(memoryStateDir(stateDir));
  /** our diagnostics on one file */
  const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE);
  /** all our diagnostics under the workspace */
  const allOurs = () =>
    vscode.languages
      .getDiagnostics()
      .filter(([u]) => u.fsPath.startsWith(ws + path.sep))
      .flatMap(([u, ds]) => ds.filter((d) => d.source === SOURCE).map((d) => ({ file: path.relative(ws, u.fsPath), line: d.range.start.line, code: String(d.code), d })));
  const codesAt = (uri: vscode.Uri) => ours(uri).map((d) => `${String(d.code)}@${d.range.start.line}`).sort();
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  /** wait until `uri` carries exactly these `code@line` diagnostics */
  const waitForCodes = async (uri: vscode.Uri, want: string[], what: string, ms = 8000) => {
    const w = [...want].sort();
    try {
      await waitFor(() => same(codesAt(uri), w), what, ms);
    } catch (e) {
      throw new Error(`${(e as Error).message}: want ${JSON.stringify(w)}, have ${JSON.stringify(codesAt(uri))}`);
    }
  };

  const longLine = `- Build notes: ${'the release checklist lives with the deploy runbook and must be followed in order; '.repeat(3)}`.slice(0, 200);
  const pointerLine = '- Deploy notes → memories/deploy.md';

  suiteSetup(async () => {
    ({ api, stateDir } = await activatedApi());
    ws = path.join(stateDir, 'workspace');
    memoryFile = path.join(ws, 'MEMORY.md');
    memoryUri = vscode.Uri.file(memoryFile);
    original = fs.readFileSync(memoryFile, 'utf8');
    createdMemoriesDir = !fs.existsSync(path.join(ws, 'memories'));
    originalUi = api.ui.current;
    api.ui.current = {
      ...originalUi,
      info: (message: string) => {
        infos.push(message);
        return Promise.resolve(undefined);
      },
    };
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.getConfiguration('openclawContext').update('memory.lint', undefined, vscode.ConfigurationTarget.Global);
    fs.writeFileSync(memoryFile, original);
    if (priorErrors !== undefined) fs.writeFileSync(errorsFile(), priorErrors);
    else fs.rmSync(errorsFile(), { force: true });
    if (createdMemoriesDir) fs.rmSync(path.join(ws, 'memories'), { recursive: true, force: true });
    store().clear(ws);
    infos.length = 0;
    await vscode.commands.executeCommand('openclawContext.memory.lint');
    api.ui.current = originalUi;
    await waitFor(() => allOurs().length === 0, 'no memory diagnostics left', 8000).catch(() => undefined);
  });

  test('the clean fixture workspace has no OpenClaw memory diagnostics (and is being checked)', async () => {
    await waitFor(() => api.memoryDiagnostics.workspaceDirs.includes(ws) && api.memoryDiagnostics.stats.lints > 0, 'the first lint of the fixture workspace');
    assert.deepEqual(allOurs(), []);
    assert.deepEqual(
      vscode.languages.getDiagnostics().flatMap(([, ds]) => ds.filter((d) => d.source === SOURCE)),
      [],
      'no OpenClaw memory diagnostic anywhere',
    );
    // timings: the engine alone in this host, and what the extension measured
    const config = JSON.parse(fs.readFileSync(path.join(stateDir, 'openclaw.json'), 'utf8')) as unknown;
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      assert.deepEqual(lintWorkspace(ws, { config, agentId: 'main' }), []);
      runs.push(performance.now() - t0);
    }
    const s = api.memoryDiagnostics.stats;
    console.log(`[in-host]    lint of the fixture workspace: engine ${runs.map((r) => r.toFixed(1)).join('/')} ms; extension ${s.lints} lint(s), last ${s.lastMs.toFixed(1)} ms, max ${s.maxMs.toFixed(1)} ms`);
  });

  test('a 200-char line and a dangling pointer appended on disk show as line-too-long and pointer-missing at their lines', async () => {
    assert.equal(longLine.length, 200);
    const base = original.endsWith('\n') ? original : `${original}\n`;
    const longAt = base.split('\n').length - 1; // 0-based line of the first appended line
    const t0 = Date.now();
    fs.writeFileSync(memoryFile, `${base}${longLine}\n${pointerLine}\n`);
    await waitForCodes(memoryUri, [`line-too-long@${longAt}`, `pointer-missing@${longAt + 1}`], 'line-too-long and pointer-missing on MEMORY.md');
    console.log(`[in-host]    diagnostics ${Date.now() - t0} ms after the write`);
    const [tooLong, missing] = [...ours(memoryUri)].sort((a, b) => a.range.start.line - b.range.start.line);
    assert.equal(tooLong!.severity, vscode.DiagnosticSeverity.Warning);
    assert.deepEqual([tooLong!.range.start.character, tooLong!.range.end.line, tooLong!.range.end.character], [150, longAt, 200], 'the part past 150 characters');
    assert.match(tooLong!.message, /Line is 200 characters; keep MEMORY\.md lines at 150 or fewer/);
    assert.equal(missing!.severity, vscode.DiagnosticSeverity.Warning);
    const col = pointerLine.indexOf('memories/deploy.md');
    assert.deepEqual([missing!.range.start.character, missing!.range.end.character], [col, col + 'memories/deploy.md'.length], 'the target path');
    assert.match(missing!.message, /"memories\/deploy\.md" does not exist in the workspace/);
  });

  test('the quick fix removes the dangling pointer line (and only while the text is what was linted)', async () => {
    const doc = await vscode.workspace.openTextDocument(memoryUri);
    await vscode.window.showTextDocument(doc);
    const missing = ours(memoryUri).find((d) => d.code === 'pointer-missing');
    assert.ok(missing, 'the pointer-missing diagnostic from the previous test');
    const tooLong = ours(memoryUri).find((d) => d.code === 'line-too-long')!;
    // nothing to fix on a long line
    const none = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', memoryUri, tooLong.range);
    assert.deepEqual((none ?? []).filter((a) => a.diagnostics?.some((d) => d.source === SOURCE)).map((a) => a.title), []);

    // a stale diagnostic (the text moved since the lint) offers no fix: it would delete the wrong line
    const shift = new vscode.WorkspaceEdit();
    shift.insert(memoryUri, new vscode.Position(0, 0), '\n');
    assert.ok(await vscode.workspace.applyEdit(shift));
    const ctx: vscode.CodeActionContext = { diagnostics: [missing], only: undefined, triggerKind: vscode.CodeActionTriggerKind.Invoke };
    assert.deepEqual(api.memoryDiagnostics.provideCodeActions(doc, missing.range, ctx), [], 'no fix for a stale diagnostic');
    const unshift = new vscode.WorkspaceEdit();
    unshift.delete(memoryUri, new vscode.Range(0, 0, 1, 0));
    assert.ok(await vscode.workspace.applyEdit(unshift));
    const lines = (original.endsWith('\n') ? original : `${original}\n`).split('\n').length - 1;
    await waitForCodes(memoryUri, [`line-too-long@${lines}`, `pointer-missing@${lines + 1}`], 'the diagnostics of the text as it was');

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', memoryUri, missing.range, vscode.CodeActionKind.QuickFix.value);
    const fix = (actions ?? []).find((a) => a.title === 'Remove the entry pointing to memories/deploy.md');
    assert.ok(fix, `quick fix offered: ${JSON.stringify((actions ?? []).map((a) => a.title))}`);
    assert.equal(fix.kind?.value, 'quickfix');
    assert.ok(fix.edit, 'the fix carries a WorkspaceEdit');
    const before = doc.getText();
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    const base = original.endsWith('\n') ? original : `${original}\n`;
    assert.equal(doc.getText(), `${base}${longLine}\n`, 'the pointer line is gone, nothing else changed');
    assert.equal(fs.readFileSync(memoryFile, 'utf8'), before, 'unsaved: the file on disk is unchanged');
    const longAt = base.split('\n').length - 1;
    await waitForCodes(memoryUri, [`line-too-long@${longAt}`], 'pointer-missing gone after the fix (unsaved text)');
    assert.ok(await doc.save());
    assert.equal(fs.readFileSync(memoryFile, 'utf8'), `${base}${longLine}\n`);
    await sleep(400); // the save and the watcher re-lint from disk
    assert.deepEqual(codesAt(memoryUri), [`line-too-long@${longAt}`]);
  });

  test('typing into the open MEMORY.md (unsaved) moves and adds diagnostics; undoing it restores them', async () => {
    const doc = await vscode.workspace.openTextDocument(memoryUri);
    await vscode.window.showTextDocument(doc);
    const base = original.endsWith('\n') ? original : `${original}\n`;
    const longAt = base.split('\n').length - 1;
    const disk = fs.readFileSync(memoryFile, 'utf8');
    // an entry typed above everything: the long line moves down one, the new pointer dangles
    const typed = '- Ops → memories/ops.md\n';
    const add = new vscode.WorkspaceEdit();
    add.insert(memoryUri, new vscode.Position(0, 0), typed);
    const t0 = Date.now();
    assert.ok(await vscode.workspace.applyEdit(add));
    assert.ok(doc.isDirty);
    await waitForCodes(memoryUri, ['pointer-missing@0', `line-too-long@${longAt + 1}`], 'diagnostics following the unsaved text');
    console.log(`[in-host]    diagnostics followed the edit after ${Date.now() - t0} ms`);
    assert.equal(fs.readFileSync(memoryFile, 'utf8'), disk, 'linting never writes the file');
    // its quick fix is offered for the live text, and applies to it
    const missing = ours(memoryUri).find((d) => d.code === 'pointer-missing')!;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', memoryUri, missing.range);
    const fix = (actions ?? []).find((a) => a.title === 'Remove the entry pointing to memories/ops.md');
    assert.ok(fix?.edit, 'a quick fix for the typed pointer');
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.equal(doc.getText(), disk);
    await waitForCodes(memoryUri, [`line-too-long@${longAt}`], 'back to the saved state');
    assert.ok(await doc.save());
  });

  test('memories/errors.md: an append moves the baseline, a rewrite is flagged errors-not-append-only', async () => {
    const file = errorsFile();
    const uri = vscode.Uri.file(file);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // an earlier suite (or the engine's own error log) may have started errors.md: only ever append to it here
    const prior = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (prior) priorErrors = prior;
    const entry = '- npm ci failed: the lockfile was out of date → run npm install first\n';
    const first = prior ? `${prior}${prior.endsWith('\n') ? '' : '\n'}${entry}` : `# Errors\n\n${entry}`;
    const entryLine = first.split('\n').findIndex((l) => l.includes('the lockfile was out of date')); // 0-based
    fs.writeFileSync(file, first);
    await waitFor(() => store().get(ws) === first, 'the first errors.md baseline');
    const appended = `${first}- the deploy script needs DEPLOY_ENV set → export it before running\n`;
    fs.appendFileSync(file, appended.slice(first.length));
    await waitFor(() => store().get(ws) === appended, 'the baseline to follow the append');
    assert.deepEqual(ours(uri), [], 'an append is fine');

    // a rewrite of an earlier entry
    const rewritten = appended.replace('the lockfile was out of date', 'the lockfile was stale');
    fs.writeFileSync(file, rewritten);
    await waitForCodes(uri, [`errors-not-append-only@${entryLine}`], 'the rewrite flagged');
    const d = ours(uri)[0]!;
    assert.equal(d.severity, vscode.DiagnosticSeverity.Error);
    assert.match(d.message, new RegExp(`was edited, not appended to: line ${entryLine + 1} differs`));
    assert.equal(store().get(ws), appended, 'the baseline stays at the last good text');
    // putting the text back clears it; then an append is fine again
    fs.writeFileSync(file, appended);
    await waitForCodes(uri, [], 'the diagnostic gone once restored');
    fs.appendFileSync(file, '- one more\n');
    await waitFor(() => store().get(ws) === `${appended}- one more\n`, 'the baseline after a second append');
    assert.deepEqual(ours(uri), []);
  });

  test('Check Memory Files re-lints, opens the Problems panel and reports the count', async () => {
    infos.length = 0;
    await vscode.commands.executeCommand('openclawContext.memory.lint');
    assert.deepEqual(infos, [`Memory files: 1 problem in ${ws}.`]);
  });

  test('turning openclawContext.memory.lint off clears every memory diagnostic; on brings them back', async () => {
    assert.ok(allOurs().length > 0, 'the long line is still flagged');
    const cfg = vscode.workspace.getConfiguration('openclawContext');
    await cfg.update('memory.lint', false, vscode.ConfigurationTarget.Global);
    await waitFor(() => allOurs().length === 0, 'all memory diagnostics cleared');
    // off means off: a new problem on disk is not reported
    fs.appendFileSync(memoryFile, `${pointerLine}\n`);
    await sleep(800);
    assert.deepEqual(allOurs(), []);
    infos.length = 0;
    await vscode.commands.executeCommand('openclawContext.memory.lint');
    assert.deepEqual(infos, ['Memory file checks are turned off (openclawContext.memory.lint).']);
    assert.deepEqual(allOurs(), []);
    await cfg.update('memory.lint', undefined, vscode.ConfigurationTarget.Global);
    const base = original.endsWith('\n') ? original : `${original}\n`;
    const longAt = base.split('\n').length - 1;
    await waitForCodes(memoryUri, [`line-too-long@${longAt}`, `pointer-missing@${longAt + 1}`], 'diagnostics back after turning it on');
  });
});
