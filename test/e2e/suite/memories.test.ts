/**
 * The Memories view and its commands in the real extension host, on the agent workspace of the state copy
 * the harness prepared (`$OPENCLAW_STATE_DIR/workspace`: the fixture's config named /tmp/openclaw-real/…, which
 * does not exist here; test/e2e/state.mjs points it at the copy's own workspace).
 *
 * The figures are checked against scanWorkspace run here on the same folder; the watcher by writing a daily
 * log with `fs`; Dream / Accept / Reject through their commands with the dialogs answered through
 * `api.ui.current`. Everything this suite writes into the workspace is undone in suiteTeardown, so the
 * suites after it see the fixture as it was.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OpenClawContextApi } from '../../../src/extension';
import { formatTokens } from '../../../src/core/context/format';
import { parseDreams } from '../../../src/core/memory/dream/candidates';
import { planDream } from '../../../src/core/memory/dream/plan';
import { pointerLine } from '../../../src/core/memory/dream/decide';
import { dateStamp, userTimeZone } from '../../../src/core/memory/workspace/dates';
import { scanWorkspace } from '../../../src/core/memory/workspace/scan';
// types only: the extension runs from its bundle (no instanceof on its objects)
import type { MemoryActionOutcome } from '../../../src/vscode/memory/memoriesTree';
import type { MemoryRow } from '../../../src/core/memory/viewModel/rows';
import { EXT_ID, waitFor, recordingDialogs, type ShownPreview } from './util';
import type { Ui } from '../../../src/vscode/shared/ui';

const stateDir = process.env.OPENCLAW_STATE_DIR ?? '';
const ORDER = ['AGENTS.md', 'SOUL.md', 'TOOLS.md', 'IDENTITY.md', 'USER.md', 'HEARTBEAT.md', 'BOOTSTRAP.md', 'MEMORY.md'];

interface Prompt {
  kind: keyof Ui;
  message: string;
  detail?: string;
  buttons: string[];
  previews?: ShownPreview[];
}

/** Every file under `dir`, relative. */
function listFiles(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const d of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = path.join(rel, d.name);
    if (d.isDirectory()) out.push(...listFiles(dir, r));
    else out.push(r);
  }
  return out;
}

suite('Memories view in the extension host', () => {
  let api: OpenClawContextApi;
  let ws: string;
  let snapshot: string;
  let config: unknown;
  let originalUi: Ui;
  const prompts: Prompt[] = [];
  /** what the stubbed dialogs answer, by kind (gets the message and the buttons) */
  const answers: Partial<Record<keyof Ui, (message: string, buttons: string[]) => string | undefined>> = {};

  const read = (rel: string) => fs.readFileSync(path.join(ws, rel), 'utf8');
  const run = (command: string, arg?: unknown) => vscode.commands.executeCommand<MemoryActionOutcome>(command, arg) as Promise<MemoryActionOutcome>;

  /** The sections of our workspace, as the view gives them (a root per workspace when there are several). */
  function sections(): MemoryRow[] {
    const top = api.memories.tree.getChildren();
    if (top.length && top[0]!.kind === 'workspace') return top.find((r) => r.workspaceDir === ws)?.children ?? [];
    return top.every((r) => r.workspaceDir === ws) ? top : [];
  }
  const section = (s: MemoryRow['section']) => sections().find((r) => r.kind === 'section' && r.section === s);
  const candidates = () => section('dreams')?.children.filter((r) => r.kind === 'candidate') ?? [];

  /** Today's daily log name in the user's time zone (what Dream reads). */
  const todayLog = () => `memory/${dateStamp(new Date(), userTimeZone(config))}.md`;

  /** The diff editor in front, as [original, modified] texts (the previews are virtual documents). */
  /** The active diff preview: open now (a preview-only flow keeps it), else the one open when the last confirmation asked. */
  async function activeDiff(): Promise<{ title: string; left: string; right: string } | undefined> {
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    const input = tab?.input as { original?: vscode.Uri; modified?: vscode.Uri } | undefined;
    if (!tab || !input?.original || !input.modified) return prompts.filter((p) => p.kind === 'confirm').pop()?.previews?.find((p) => p.active);
    const left = (await vscode.workspace.openTextDocument(input.original)).getText();
    const right = (await vscode.workspace.openTextDocument(input.modified)).getText();
    return { title: tab.label, left, right };
  }

  suiteSetup(async () => {
    assert.ok(stateDir && fs.existsSync(stateDir), `OPENCLAW_STATE_DIR must point at a prepared state copy (got ${stateDir})`);
    ws = path.join(stateDir, 'workspace');
    const ext = vscode.extensions.getExtension<OpenClawContextApi>(EXT_ID);
    assert.ok(ext);
    api = await ext.activate();
    await api.firstRefresh;
    await waitFor(() => api.memories.workspaces.some((w) => path.resolve(w.dir) === path.resolve(ws)), 'the state copy workspace in the Memories view');
    config = api.memories.workspaces.find((w) => path.resolve(w.dir) === path.resolve(ws))!.config;
    snapshot = fs.mkdtempSync(path.join(os.tmpdir(), 'oc-ctx-mem-'));
    fs.cpSync(ws, path.join(snapshot, 'ws'), { recursive: true });
    originalUi = api.ui.current;
    api.ui.current = {
      ...recordingDialogs(prompts, answers),
      pick: (items, opts) => {
        prompts.push({ kind: 'pick', message: opts.title ?? '', buttons: items.map((i) => i.label) });
        return Promise.resolve(items[0]);
      },
      input: () => Promise.resolve(undefined),
    };
    // show the view, so VS Code renders the rows (getTreeItem) in the real workbench as well
    await vscode.commands.executeCommand('openclawContext.memories.focus');
  });

  suiteTeardown(async () => {
    if (originalUi) api.ui.current = originalUi;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (snapshot) {
      const saved = path.join(snapshot, 'ws');
      const keep = new Set(listFiles(saved));
      for (const f of listFiles(ws)) if (!keep.has(f)) fs.rmSync(path.join(ws, f), { force: true });
      fs.cpSync(saved, ws, { recursive: true, force: true });
      fs.rmSync(snapshot, { recursive: true, force: true });
    }
  });

  setup(() => {
    prompts.length = 0;
    for (const k of Object.keys(answers)) delete answers[k as keyof Ui];
  });

  test('the view lists the workspace: bootstrap files in OpenClaw order with the figures scanWorkspace gives, memories/, daily logs, DREAMS.md', async () => {
    api.memories.tree.refresh();
    const scan = scanWorkspace(ws, { config, agentId: 'main', now: new Date() });
    assert.equal(scan.exists, true);
    assert.deepEqual(
      sections().map((r) => r.label),
      ['Bootstrap files', 'memories/', 'Daily logs', 'DREAMS.md candidates'],
    );

    const boot = section('bootstrap')!;
    assert.equal(boot.description, `${formatTokens(scan.totals.injectedTokens)} tok · ${scan.totals.injectedChars.toLocaleString('en-US')} of 150,000 chars · 3 missing`);
    assert.deepEqual(
      boot.children.map((r) => r.label),
      ORDER,
    );
    for (const row of boot.children) {
      const f = scan.bootstrap.find((b) => b.name === row.label)!;
      const item = api.memories.tree.getTreeItem(row);
      const icon = item.iconPath as vscode.ThemeIcon;
      assert.equal(item.label, f.name);
      assert.ok((item.tooltip as vscode.MarkdownString).value.includes(`**${f.name}**`), 'a markdown tooltip with the figures');
      if (f.missingMarker) {
        assert.equal(item.description, `[MISSING] · ${f.injectedChars}-char marker injected`);
        assert.equal(icon.id, 'warning');
        assert.equal(icon.color?.id, 'problemsWarningIcon.foreground');
        assert.equal(item.command, undefined, 'a missing file has nothing to open');
        assert.ok((item.tooltip as vscode.MarkdownString).value.includes(`[MISSING] Expected at: ${f.path}`));
      } else {
        assert.equal(item.description, `${formatTokens(f.rawTokens)} tok · ${f.rawChars.toLocaleString('en-US')} chars`);
        assert.equal(row.figures?.injectedChars, f.injectedChars);
        assert.equal(row.figures?.injectedTokens, f.injectedTokens);
        assert.equal(item.command?.command, 'openclawContext.memory.open');
        assert.equal(item.contextValue, 'memoryFile.bootstrap');
      }
    }

    const mem = section('memories')!;
    assert.deepEqual(
      mem.children.map((r) => [r.label, r.description]),
      scan.memories.map((m) => [m.name, m.exists ? `${formatTokens(m.tokens ?? 0)} tok · ${(m.chars ?? 0).toLocaleString('en-US')} chars` : 'missing']),
    );
    const daily = section('daily')!;
    assert.deepEqual(
      daily.children.filter((r) => r.kind === 'dailyLog').map((r) => [r.label, r.contextValue === 'memoryFile.daily.preloaded']),
      scan.dailyLogs.map((l) => [l.name, l.preloaded]),
    );
    assert.equal(section('dreams')!.description, scan.dreams.exists ? section('dreams')!.description : 'no DREAMS.md yet');
  });

  test('a daily log written into memory/ appears in the view once the watcher fires, and goes when deleted', async () => {
    const rel = 'memory/2020-01-02.md';
    const file = path.join(ws, rel);
    const names = () => section('daily')?.children.map((r) => r.label) ?? [];
    assert.ok(!names().includes('2020-01-02.md'));
    const events = api.memories.watchEvents.length;
    const text = '# 2020-01-02\n\n- written by the e2e test\n';
    fs.writeFileSync(file, text);
    // the rows are rebuilt only when something marked them stale: here, the file-system watcher
    const seen = () => api.memories.watchEvents.slice(events).some((p) => path.resolve(p) === path.resolve(file));
    try {
      await waitFor(seen, 'the watcher to report the file', 20_000);
    } catch (e) {
      throw new Error(`${(e as Error).message}; events since the write: ${JSON.stringify(api.memories.watchEvents.slice(events))}`);
    }
    await waitFor(() => names().includes('2020-01-02.md'), 'the new daily log in the view', 20_000);
    const row = section('daily')!.children.find((r) => r.label === '2020-01-02.md')!;
    assert.equal(row.description, `${Buffer.byteLength(text)} B`);
    fs.rmSync(file);
    await waitFor(() => !names().includes('2020-01-02.md'), 'the deleted daily log gone from the view', 20_000);
  });

  test('Open Memory File opens the row\'s file in an editor', async () => {
    const row = section('bootstrap')!.children.find((r) => r.label === 'AGENTS.md')!;
    await vscode.commands.executeCommand('openclawContext.memory.open', row);
    const ed = await waitFor(() => vscode.window.activeTextEditor, 'an active editor');
    assert.equal(path.resolve(ed.document.uri.fsPath), path.join(ws, 'AGENTS.md'));
    assert.equal(ed.document.getText(), read('AGENTS.md'));
    // a missing one: a message, no editor
    const tools = section('bootstrap')!.children.find((r) => r.label === 'TOOLS.md')!;
    await vscode.commands.executeCommand('openclawContext.memory.open', tools);
    assert.match(prompts.find((p) => p.kind === 'info')?.message ?? '', /^TOOLS\.md does not exist/);
  });

  test('Dream: the DREAMS.md preview, nothing written on cancel, written after the confirmation, candidates in the view', async () => {
    // today's log (the fixture's own 2026-11-21.md when the clock says so): two more things worth keeping
    fs.mkdirSync(path.join(ws, 'memory'), { recursive: true });
    fs.appendFileSync(path.join(ws, todayLog()), `\n**Decisions:**\n- Deploy with blue-green releases, never on Fridays.\n\n**User preferences:**\n- Prefers short answers with code first.\n`);
    const dreams = path.join(ws, 'DREAMS.md');
    assert.equal(fs.existsSync(dreams), false);
    const expected = planDream({ workspaceDir: ws, now: new Date(), timeZone: userTimeZone(config), days: vscode.workspace.getConfiguration('openclawContext').get<number>('memory.dreamDays', 7) });
    assert.equal(expected.status, 'ok');
    const n = expected.status === 'ok' ? expected.added.length : 0;
    assert.ok(n >= 2, `the engine stages at least the decision and the preference (${n})`);

    answers.confirm = () => undefined; // Cancel
    const cancelled = await run('openclawContext.memory.dream', { workspaceDir: ws });
    assert.deepEqual(cancelled, { status: 'cancelled' });
    assert.equal(fs.existsSync(dreams), false, 'nothing written on cancel');
    const ask = prompts.find((p) => p.kind === 'confirm')!;
    assert.equal(ask.message, `Stage ${n} memory candidates in DREAMS.md?`);
    assert.deepEqual(ask.buttons, ['Write DREAMS.md']);
    // the preview was open while it asked, and closed when the flow ended
    const shown = (await activeDiff())!;
    assert.ok(shown.title.startsWith(`DREAMS.md: ${n} new candidates`), shown.title);
    assert.ok(!vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.label.startsWith('DREAMS.md: '))), 'the preview closed');
    assert.equal(shown.left, '');
    assert.ok(shown.right.includes('Deploy with blue-green releases, never on Fridays.'), shown.right);

    prompts.length = 0;
    answers.confirm = (_m, buttons) => buttons[0];
    const written = await run('openclawContext.memory.dream', { workspaceDir: ws });
    assert.equal(written.status, 'written');
    const parsed = parseDreams(fs.readFileSync(dreams, 'utf8'));
    assert.deepEqual(
      parsed.candidates.map((c) => [c.status, c.finding]),
      expected.status === 'ok' ? expected.added.map((c) => ['pending', c.finding]) : [],
    );
    assert.ok(parsed.candidates.some((c) => c.category === 'decision' && c.finding.includes('blue-green')));
    assert.equal(fs.readFileSync(dreams, 'utf8'), shown.right, 'what was written is what the preview showed');
    await waitFor(() => candidates().length === n, 'the candidates in the view');
    for (const c of candidates()) {
      const item = api.memories.tree.getTreeItem(c);
      assert.equal(item.contextValue, 'dreamCandidate.pending', 'Accept / Reject are offered inline');
      assert.equal((item.iconPath as vscode.ThemeIcon).id, 'lightbulb');
    }

    // again: nothing new, said as an info message
    prompts.length = 0;
    const again = await run('openclawContext.memory.dream');
    assert.equal(again.status, 'nothing');
    assert.match(prompts.find((p) => p.kind === 'info')!.message, /^Nothing to dream: /);
  });

  test('a candidate row opens DREAMS.md at its heading', async () => {
    const c = candidates()[0]!;
    await vscode.commands.executeCommand('openclawContext.memory.open', c);
    const ed = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.fsPath === path.join(ws, 'DREAMS.md') ? vscode.window.activeTextEditor : undefined), 'DREAMS.md in an editor');
    assert.equal(ed.selection.active.line, c.line);
    assert.ok(ed.document.lineAt(c.line!).text.includes(`[${c.candidateId}]`));
  });

  test('Accept: MEMORY.md preview, unchanged on cancel, exactly one pointer line after the confirmation', async () => {
    const memBefore = fs.readFileSync(path.join(ws, 'MEMORY.md'));
    const first = candidates()[0]!;
    const cand = parseDreams(read('DREAMS.md')).candidates.find((c) => c.id === first.candidateId)!;

    answers.confirm = () => undefined;
    assert.deepEqual(await run('openclawContext.memory.acceptDream', first), { status: 'cancelled' });
    assert.ok(fs.readFileSync(path.join(ws, 'MEMORY.md')).equals(memBefore), 'MEMORY.md untouched on cancel');
    const ask = prompts.find((p) => p.kind === 'confirm')!;
    assert.equal(ask.message, 'Add this line to MEMORY.md?');
    assert.ok(ask.detail!.includes('MEMORY.md is never changed without your confirmation.'));
    assert.equal(ask.detail!.split('\n')[0], pointerLine(cand));
    const shown = (await activeDiff())!;
    assert.equal(shown.left, memBefore.toString('utf8'));

    // from the command palette: the QuickPick of pending candidates (the stub picks the first: the same one)
    prompts.length = 0;
    answers.confirm = (_m, buttons) => buttons[0];
    const out = await run('openclawContext.memory.acceptDream');
    assert.equal(out.status, 'written');
    assert.equal(prompts[0]!.kind, 'pick');
    const after = read('MEMORY.md');
    const before = memBefore.toString('utf8');
    assert.ok(after.startsWith(before), 'only appended');
    const added = after.slice(before.length).split('\n').filter((l) => l !== '');
    assert.deepEqual(added, [pointerLine(cand)], 'exactly one pointer line');
    assert.equal(after, shown.right, 'what was written is what the preview showed');
    assert.equal(parseDreams(read('DREAMS.md')).candidates.find((c) => c.id === cand.id)!.status, 'accepted');
    await waitFor(() => candidates().find((r) => r.candidateId === cand.id)?.contextValue === 'dreamCandidate.accepted', 'the candidate shown accepted');

    // accepting it again is refused, clearly, and writes nothing
    prompts.length = 0;
    const again = await run('openclawContext.memory.acceptDream', { workspaceDir: ws, candidateId: cand.id });
    assert.equal(again.status, 'refused');
    assert.equal(prompts.find((p) => p.kind === 'info')!.message, `${cand.id} is already accepted; nothing to do.`);
    assert.equal(read('MEMORY.md'), after);
  });

  test('untrusted or read-only (simulated), a file changed before the confirmation, MEMORY.md over budget: nothing written', async () => {
    // workspace trust cannot be switched off in-host (code-server runs with --disable-workspace-trust), and the
    // suite runs as a user who may write anywhere: the controller's two checks are replaced instead
    const memBefore = read('MEMORY.md');
    const dreamsBefore = read('DREAMS.md');
    const pending = candidates().find((r) => r.contextValue === 'dreamCandidate.pending')!;
    answers.confirm = (_m, buttons) => buttons[0];
    const { writesAllowed, canWrite } = api.memories;
    try {
      api.memories.writesAllowed = () => false;
      const untrusted = await run('openclawContext.memory.acceptDream', pending);
      assert.equal(untrusted.status, 'previewOnly');
      assert.equal(prompts.filter((p) => p.kind === 'confirm').length, 0, 'nothing to confirm');
      assert.equal(prompts.find((p) => p.kind === 'info')!.message, 'This VS Code workspace is not trusted: nothing was written to MEMORY.md and DREAMS.md. The preview shows what would have been written.');
      const shown = (await activeDiff())!;
      assert.equal(shown.left, memBefore);
      assert.ok(shown.right.startsWith(memBefore) && shown.right.length > memBefore.length, 'the preview shows the line that would be added');
      api.memories.writesAllowed = () => true;

      prompts.length = 0;
      api.memories.canWrite = () => false;
      const readOnly = await run('openclawContext.memory.rejectDream', pending);
      assert.equal(readOnly.status, 'previewOnly');
      assert.match(prompts.find((p) => p.kind === 'warn')!.message, /is read-only here: nothing was written to DREAMS\.md\. The preview shows what would have been written\.$/);
    } finally {
      api.memories.writesAllowed = writesAllowed;
      api.memories.canWrite = canWrite;
    }
    assert.equal(read('MEMORY.md'), memBefore);
    assert.equal(read('DREAMS.md'), dreamsBefore);

    // MEMORY.md edited between the preview and the confirmation: refused, neither file written
    prompts.length = 0;
    const edited = `${memBefore}- edited while the dialog was open\n`;
    answers.confirm = (_m, buttons) => {
      fs.writeFileSync(path.join(ws, 'MEMORY.md'), edited);
      return buttons[0];
    };
    const changed = await run('openclawContext.memory.acceptDream', pending);
    assert.equal(changed.status, 'refused');
    assert.match(prompts.find((p) => p.kind === 'warn')!.message, /MEMORY\.md changed since the preview; nothing was written/);
    assert.equal(read('MEMORY.md'), edited);
    assert.equal(read('DREAMS.md'), dreamsBefore, 'DREAMS.md not written either');

    // MEMORY.md near seed 000's 800-token budget: refused before any preview or dialog
    prompts.length = 0;
    const full = memBefore + Array.from({ length: 70 }, (_, i) => `- note ${i}: the deployment checklist lives in docs/runbook-${i}.md\n`).join('');
    fs.writeFileSync(path.join(ws, 'MEMORY.md'), full);
    const over = await run('openclawContext.memory.acceptDream', pending);
    assert.equal(over.status === 'refused' && over.reason, 'memory-over-budget');
    assert.match(prompts.find((p) => p.kind === 'warn')!.message, /^Not accepted: MEMORY\.md would be about \d+ tokens \(budget 800/);
    assert.equal(prompts.filter((p) => p.kind === 'confirm').length, 0);
    assert.equal(read('MEMORY.md'), full);
    assert.equal(read('DREAMS.md'), dreamsBefore);
    fs.writeFileSync(path.join(ws, 'MEMORY.md'), memBefore);
  });

  test('Reject: DREAMS.md preview and confirmation; MEMORY.md stays byte-identical', async () => {
    const memBefore = fs.readFileSync(path.join(ws, 'MEMORY.md'));
    const pending = candidates().find((r) => r.contextValue === 'dreamCandidate.pending')!;
    answers.confirm = (_m, buttons) => buttons[0];
    const out = await run('openclawContext.memory.rejectDream', pending);
    assert.equal(out.status, 'written');
    assert.equal(prompts.find((p) => p.kind === 'confirm')!.message, 'Reject this memory candidate?');
    assert.ok(fs.readFileSync(path.join(ws, 'MEMORY.md')).equals(memBefore), 'MEMORY.md byte-identical');
    assert.equal(parseDreams(read('DREAMS.md')).candidates.find((c) => c.id === pending.candidateId)!.status, 'rejected');
    const n = candidates().length;
    await waitFor(
      () =>
        candidates()
          .map((r) => r.contextValue)
          .join() === [...Array<string>(n - 2).fill('dreamCandidate.pending'), 'dreamCandidate.accepted', 'dreamCandidate.rejected'].join(),
      'pending first, then accepted, then rejected in the view',
    );
    assert.equal(section('dreams')!.description, `${n - 2} pending · 1 accepted · 1 rejected`);

    // the rest through the palette; then nothing is pending, and the palette says so
    for (let i = 0; i < n - 2; i++) assert.equal((await run('openclawContext.memory.rejectDream')).status, 'written');
    assert.ok(fs.readFileSync(path.join(ws, 'MEMORY.md')).equals(memBefore), 'MEMORY.md still byte-identical');
    prompts.length = 0;
    assert.deepEqual(await run('openclawContext.memory.rejectDream'), { status: 'cancelled' });
    assert.match(prompts.find((p) => p.kind === 'info')!.message, /^No pending memory candidates/);
  });
});
