/**
 * Compact Session… / Undo Compaction / compaction history in the real extension host, on a throwaway
 * copy of the demo state (SQLite agent `main`, JSONL agent `legacy`) whose config sets
 * `agents.defaults.compaction.keepRecentTokens` low enough for the small demo sessions to have a cut.
 * Prompts are answered through `api.ui.current` (the compaction commands share it).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OpenClawContextApi } from '../../../src/extension';
import type { CompactOutcome, DroppedOutcome } from '../../../src/vscode/compaction/compaction';
import { compactButton, demoStateCopy, EXT_ID, fakeGatewayLock, markdownPreviewTabs, REPO, sleep, transcriptRows, waitFor } from './util';
import { isPreviewTab } from '../../../src/vscode/shared/previewTabs';
import { CompactionBreaker } from '../../../src/core/compaction/breaker';
import type { Ui } from '../../../src/vscode/shared/ui';

suite('Compaction in the extension host', () => {
  let api: OpenClawContextApi;
  let root: string;
  let dir: string;
  let originalUi: Ui;
  const prompts: Array<{ kind: string; message: string; detail?: string; buttons?: string[] }> = [];
  let confirmAnswer: (m: string, buttons: string[]) => string | undefined = () => undefined;
  let infoAnswer: (m: string) => string | undefined = () => undefined;
  let warnAnswer: (m: string) => string | undefined = () => undefined;

  const session = (key: string) => api.service.model.sessions().find((s) => s.stateDir === dir && s.row.key === key);
  const db = () => path.join(dir, 'agents/main/agent/openclaw-agent.sqlite');
  /** turns written the way OpenClaw writes them (scripts/demo-append.mjs), so there is history to compact */
  const turns = (n: number, ...args: string[]) => {
    for (let i = 0; i < n; i++) execFileSync(process.execPath, [path.join(REPO, 'scripts/demo-append.mjs'), dir, ...args, '--text', `Turn ${i}: please check src/app-${i}.ts and keep TODO: update docs/notes-${i}.md. ${'More detail. '.repeat(40)}`], { encoding: 'utf8' });
  };
  const rows = (sessionId: string) => transcriptRows(db(), sessionId);
  const allTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs);
  /** the tabs showing one of our previews (labels, for a readable failure) */
  const ourPreviewTabs = () => allTabs().filter(isPreviewTab).map((t) => t.label);

  suiteSetup(async () => {
    const ext = vscode.extensions.getExtension<OpenClawContextApi>(EXT_ID);
    assert.ok(ext);
    api = await ext.activate();
    await api.firstRefresh;
    ({ root, dir } = demoStateCopy('oc-ctx-compact-'));
    const cfgFile = path.join(dir, 'openclaw.json');
    const cfg = JSON.parse(fs.readFileSync(cfgFile, 'utf8')) as { agents: { defaults: { compaction: Record<string, unknown> } } };
    cfg.agents.defaults.compaction.keepRecentTokens = 300;
    fs.writeFileSync(cfgFile, JSON.stringify(cfg, null, 2));
    originalUi = api.ui.current;
    const stub = (kind: string) => (message: string, ...rest: unknown[]) => {
      const withDetail = kind === 'confirm' || kind === 'details';
      const detail = withDetail ? (rest[0] as string) : undefined;
      const buttons = (withDetail ? rest.slice(1) : rest) as string[];
      prompts.push({ kind, message, detail, buttons });
      return Promise.resolve(kind === 'confirm' ? confirmAnswer(message, buttons) : kind === 'info' ? infoAnswer(message) : kind === 'warn' ? warnAnswer(message) : undefined);
    };
    api.ui.current = { ...originalUi, confirm: stub('confirm'), info: stub('info'), warn: stub('warn'), error: stub('error'), details: stub('details'), pick: (items) => Promise.resolve(items[0]) } as Ui;
    await vscode.workspace.getConfiguration('openclawContext').update('stateDir', dir, vscode.ConfigurationTarget.Global);
    await waitFor(() => session('agent:main:work') && session('agent:legacy:main'), 'the demo state');
  });

  suiteTeardown(async () => {
    api.ui.current = originalUi;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.getConfiguration('openclawContext').update('stateDir', undefined, vscode.ConfigurationTarget.Global);
    await waitFor(() => !api.service.model.stateDirs().some((d) => d.candidate.dir === dir), 'the original state dir back');
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('Compact Session: preview (diff + quality report in the Markdown preview) while it asks, closed when cancelled; nothing written', async () => {
    const s = session('agent:main:work')!;
    const before = rows(s.row.sessionId);
    let shownWhileAsking: { diffs: vscode.Uri[]; reports: number; tabs: string } | undefined;
    confirmAnswer = () => {
      const tabs = allTabs();
      shownWhileAsking = { diffs: tabs.flatMap((t) => (t.input instanceof vscode.TabInputTextDiff ? [t.input.modified] : [])), reports: markdownPreviewTabs().length, tabs: tabs.map((t) => `${t.label} (${(t.input as { viewType?: string })?.viewType ?? (t.input as object | undefined)?.constructor?.name})`).join(', ') };
      return undefined;
    };
    const out = await vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', s.uid);
    assert.equal(out.status, 'cancelled', out.reason);
    assert.deepEqual(rows(s.row.sessionId), before);
    // while it asked: the diff editor showed before ↔ after, the quality report rendered beside it
    assert.ok(shownWhileAsking?.diffs.some((u) => u.toString() === out.after!.toString()), 'a diff tab of the preview');
    assert.equal(shownWhileAsking?.reports, 1, `the quality report in the Markdown preview; tabs: ${shownWhileAsking?.tabs}`);
    // the flow ended: its previews are closed
    assert.deepEqual(ourPreviewTabs(), [], 'the previews closed');
    const afterDoc = await vscode.workspace.openTextDocument(out.after!);
    assert.ok(afterDoc.getText().includes('## Decisions'), 'the summary is in the after view');
    const report = await vscode.workspace.openTextDocument(out.report!);
    assert.match(report.getText(), /OpenClaw's summary quality check: \*\*passes\*\*/);
    // this demo session's plan grows its messages (a mechanical summary of a short session): said first everywhere,
    // and "Keep As Is" is the default button; SQLite: the undo needs the Gateway, said before confirming
    const q = out.plan!.quality;
    assert.ok(q.tokensAfter > q.tokensBefore, `${q.tokensBefore} → ${q.tokensAfter}`);
    assert.equal(report.getText().split('\n')[0], '# Does not shrink the context — compaction preview of agent:main:work');
    assert.match(report.getText(), /This compaction does not shrink the context, it grows it/);
    assert.match(report.getText(), /Undo: only through a running OpenClaw Gateway \(sessions\.rewind/);
    const confirm = prompts.filter((p) => p.kind === 'confirm').pop()!;
    assert.equal(confirm.message, 'Compact agent:main:work? It would grow the context.');
    assert.deepEqual(confirm.buttons, ['Keep As Is', 'Compact Anyway']);
    assert.match(confirm.detail!.split('\n')[0]!, /^This compaction does not shrink the context, it grows it: messages ~/);
    assert.match(confirm.detail!, /Nothing is rewritten or deleted/);
    assert.match(confirm.detail!, /Undo: only through a running OpenClaw Gateway/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test("Compact Session when the whole session fits in the configured tail: only the last message is kept (as OpenClaw's /compact), said in the preview and the confirmation", async () => {
    const cfgFile = path.join(dir, 'openclaw.json');
    const original = fs.readFileSync(cfgFile, 'utf8');
    const keepOf = () => (api.service.model.stateDirOf(session('agent:main:work')!)?.config.value as { agents?: { defaults?: { compaction?: { keepRecentTokens?: number } } } } | undefined)?.agents?.defaults?.compaction?.keepRecentTokens;
    const cfg = JSON.parse(original) as { agents: { defaults: { compaction: Record<string, unknown> } } };
    cfg.agents.defaults.compaction.keepRecentTokens = 1_000_000;
    fs.writeFileSync(cfgFile, JSON.stringify(cfg, null, 2));
    try {
      await waitFor(() => (keepOf() === 1_000_000 ? true : undefined), 'the config with a 1,000,000-token tail');
      const s = session('agent:main:work')!;
      const before = rows(s.row.sessionId);
      confirmAnswer = () => undefined;
      const out = await vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', s.uid);
      assert.equal(out.status, 'cancelled', out.reason);
      assert.deepEqual(rows(s.row.sessionId), before, 'nothing written');
      assert.deepEqual(out.plan!.cut.smallestTail, { keepRecentTokens: 1_000_000 });
      assert.equal(out.plan!.cut.kept.filter((e) => e.kind === 'message').length, 1, 'one message kept');
      const note = "everything fits in the 1,000,000-token tail, so only the last message is kept, as OpenClaw's /compact does";
      assert.ok((await vscode.workspace.openTextDocument(out.report!)).getText().includes(note), 'the preview says why only the last message is kept');
      assert.ok(prompts.filter((p) => p.kind === 'confirm').pop()!.detail!.includes(note), 'and so does the confirmation');
    } finally {
      fs.writeFileSync(cfgFile, original);
      await waitFor(() => (keepOf() === 300 ? true : undefined), 'the config back');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  test('language-model summarizer enabled, no model in this VS Code: the preview says the mechanical summary was used', async () => {
    const cfg = vscode.workspace.getConfiguration('openclawContext');
    await cfg.update('compaction.summarizer', 'languageModel', vscode.ConfigurationTarget.Global);
    try {
      confirmAnswer = () => undefined;
      const out = await vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', session('agent:main:work')!.uid);
      assert.equal(out.status, 'cancelled', out.reason);
      assert.equal(out.plan!.source, 'mechanical');
      assert.ok(out.plan!.fallbackReason === 'error' || out.plan!.fallbackReason === 'nothing-to-summarize', out.plan!.fallbackReason);
      const report = (await vscode.workspace.openTextDocument(out.report!)).getText();
      assert.match(report, /Summary: mechanical \(the language model was not used: /);
    } finally {
      await cfg.update('compaction.summarizer', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  test('Compact Session: confirmed, one compaction row is appended and the context becomes summary + kept tail', async () => {
    const s = session('agent:main:work')!;
    const before = rows(s.row.sessionId);
    // the default (first) button keeps the session as it is
    confirmAnswer = (m, b) => (m.startsWith('Compact agent:main:work?') ? b[0] : undefined);
    const kept = await vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', s.uid);
    assert.equal(kept.status, 'cancelled', kept.reason);
    assert.deepEqual(rows(s.row.sessionId), before, 'the default button writes nothing');
    confirmAnswer = (m, b) => (m.startsWith('Compact agent:main:work?') ? compactButton(b) : undefined);
    const out = await vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', s.uid);
    assert.equal(out.status, 'compacted', out.reason);
    const after = rows(s.row.sessionId);
    assert.equal(after.length, before.length + 1);
    assert.deepEqual(after.slice(0, before.length), before, 'earlier rows byte-identical');
    const ev = JSON.parse(after[after.length - 1]!.json!) as { type: string; summary: string; firstKeptEntryId: string; tokensBefore: number };
    assert.equal(ev.type, 'compaction');
    assert.equal(ev.summary, out.plan!.summary, 'the previewed summary is what was written');
    assert.equal(ev.firstKeptEntryId, out.plan!.entry.firstKeptEntryId);
    const items = await waitFor(() => {
      const c = api.service.model.ensureTranscript(s.uid)?.context;
      return c?.compaction?.type === 'compaction' && c.items[0]?.kind === 'compaction' && c.items[0].id !== out.plan!.before[0]?.id ? c.items : undefined;
    }, 'the model to show the new compaction');
    assert.deepEqual(items.slice(1).map((e) => e.id), out.plan!.after.slice(1).map((e) => e.id), 'kept tail as previewed');
    assert.equal(await out.restoreOffer, 'declined', 'the L3 offer was shown and not taken');
    assert.ok(prompts.some((p) => p.kind === 'info' && p.message.startsWith('OpenClaw Context: compacted agent:main:work')));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('after a compaction, Restore Key Files appends MEMORY.md (and the other L3 files) as one note', async () => {
    const key = 'agent:main:ext';
    turns(3, '--key', key);
    await waitFor(() => (api.service.model.ensureTranscript(session(key)!.uid)!.context!.items.length > 6 ? true : undefined), 'turns');
    const s = session(key)!;
    confirmAnswer = (m, b) => (m.startsWith(`Compact ${key}?`) ? compactButton(b) : m.startsWith('Restore ') ? 'Restore' : undefined);
    infoAnswer = (m) => (m.startsWith(`OpenClaw Context: compacted ${key}`) ? 'Restore Key Files…' : undefined);
    try {
      const out = await vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', s.uid);
      assert.equal(out.status, 'compacted', out.reason);
      assert.equal(await out.restoreOffer, 'restored');
      const r = rows(s.row.sessionId);
      const last = JSON.parse(r[r.length - 1]!.json!) as { type: string; customType: string; content: string; details: { files: string[] } };
      assert.equal(last.type, 'custom_message');
      assert.equal(last.customType, 'openclaw-context.restore-files');
      assert.ok(last.details.files.includes('MEMORY.md'), last.details.files.join());
      assert.ok(last.content.includes(fs.readFileSync(path.join(dir, 'workspace', 'MEMORY.md'), 'utf8').trim().split('\n')[0]!), 'MEMORY.md text in the note');
      const before = JSON.parse(r[r.length - 2]!.json!) as { type: string };
      assert.equal(before.type, 'compaction', 'right after the compaction');
    } finally {
      infoAnswer = () => undefined;
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  test('checkpoint compaction: the full preview offers it with figures; Compact Session with Checkpoint Summary… writes the facts and the restore note', async () => {
    const key = 'agent:main:ext';
    const say = (text: string) => execFileSync(process.execPath, [path.join(REPO, 'scripts/demo-append.mjs'), dir, '--key', key, '--text', text], { encoding: 'utf8' });
    say('Decision: we use Postgres 16 for the orders service because the reporting team needs JSONB indexes.');
    say('TODO: rotate ORDERS_API_KEY before 2026-12-01 if the security audit passes.');
    turns(3, '--key', key);
    const s = session(key)!;
    await waitFor(() => (api.service.model.ensureTranscript(s.uid)!.context!.items.length > 8 ? true : undefined), 'turns');
    try {
      // the full summary's preview names the other kind, with its size and what it keeps
      confirmAnswer = () => undefined;
      const full = await vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', s.uid);
      assert.equal(full.status, 'cancelled', full.reason);
      assert.equal(full.plan!.kind, 'full');
      assert.match((await vscode.workspace.openTextDocument(full.report!)).getText(), /Checkpoint compaction instead \(\*\*Compact Session with Checkpoint Summary…\*\*\): a ~[\d.,k]+-token summary instead of ~/);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      // the checkpoint kind: previewed, confirmed, written through the same action path
      const before = rows(s.row.sessionId).length;
      confirmAnswer = (m, b) => (m.startsWith(`Compact ${key}?`) ? compactButton(b) : undefined);
      const out = await vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSessionCheckpoint', s.uid);
      assert.equal(out.status, 'compacted', out.reason);
      const plan = out.plan!;
      assert.equal(plan.kind, 'checkpoint');
      assert.equal(plan.audit.ok, true, plan.audit.reasons.join(', '));
      const report = (await vscode.workspace.openTextDocument(out.report!)).getText();
      assert.match(report, /Checkpoint compaction: the summary is the extracted facts and the checkpoint restore note/);
      assert.ok((await vscode.workspace.openTextDocument(out.after!)).getText().includes('[Post-compaction checkpoint restore]'), 'the note is in the after view');
      const r = rows(s.row.sessionId);
      assert.equal(r.length, before + 1, 'one row: the compaction');
      const entry = JSON.parse(r[r.length - 1]!.json!) as { type: string; summary: string };
      assert.equal(entry.type, 'compaction');
      assert.equal(entry.summary, plan.summary, 'the previewed summary is what was written');
      assert.ok(entry.summary.includes('## Checkpoint restore') && entry.summary.includes('Postgres 16') && entry.summary.includes('ORDERS_API_KEY'), entry.summary);
      assert.ok(plan.summary.length < full.plan!.summary.length, `${plan.summary.length} < ${full.plan!.summary.length}`);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  test('circuit breaker: after 3 recorded failures compaction is paused (nothing written) until reset', async () => {
    const key = 'agent:main:rpc';
    turns(3, '--key', key);
    await waitFor(() => (api.service.model.ensureTranscript(session(key)!.uid)!.context!.items.length > 6 ? true : undefined), 'turns');
    const s = session(key)!;
    const br = new CompactionBreaker(dir);
    for (let i = 0; i < 3; i++) br.recordFailure(key, `write-failed: simulated ${i}`);
    assert.equal(br.isOpen(key), true);
    const before = rows(s.row.sessionId);
    confirmAnswer = (_m, b) => compactButton(b);
    warnAnswer = () => undefined;
    const paused = await vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', s.uid);
    assert.equal(paused.status, 'refused');
    assert.equal(paused.reason, 'circuit breaker open');
    assert.match(prompts.filter((p) => p.kind === 'warn').pop()!.message, /paused after 3 failures in a row \(last: write-failed: simulated 2\)/);
    assert.deepEqual(rows(s.row.sessionId), before);
    warnAnswer = (m) => (m.includes('is paused') ? 'Reset and Compact' : undefined);
    try {
      const out = await vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', s.uid);
      assert.equal(out.status, 'compacted', out.reason);
      assert.equal(new CompactionBreaker(dir).isOpen(key), false);
      assert.equal(rows(s.row.sessionId).length, before.length + 1);
    } finally {
      warnAnswer = () => undefined;
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  test('history: summary, what it dropped (one document) and the quality report of that compaction', async () => {
    const s = session('agent:main:work')!;
    const ctx = api.service.model.ensureTranscript(s.uid)!.context!;
    const c = ctx.compactions[ctx.compactions.length - 1]!;
    const node = { uid: s.uid, entry: c, compaction: true };
    const sum = (await vscode.commands.executeCommand<vscode.Uri>('openclawContext.showCompactionSummary', node))!;
    assert.match((await vscode.workspace.openTextDocument(sum)).getText(), /## Decisions/);
    const dropped = (await vscode.commands.executeCommand<DroppedOutcome>('openclawContext.showCompactionDropped', node))!;
    const text = (await vscode.workspace.openTextDocument(dropped.uri)).getText();
    assert.ok(dropped.dropped > 0, 'entries dropped');
    assert.match(text, new RegExp(`^# What compaction ${c.id.slice(0, 8)} dropped`));
    assert.match(text, /## Dropped[\s\S]*## Replaced by this summary\n\n[\s\S]*## Decisions/);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), dropped.uri.toString(), 'one document, not a diff');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const q = (await vscode.commands.executeCommand<vscode.Uri>('openclawContext.showCompactionQuality', node))!;
    assert.match((await vscode.workspace.openTextDocument(q)).getText(), /\| Decisions \| \d+ \| \d+ \| .+ \|/);
    assert.match((await vscode.workspace.openTextDocument(q)).getText(), /\| From the dropped part \| Found \| Kept in the summary \| Lost \|/);
    await waitFor(() => markdownPreviewTabs().length === 1, 'the quality report rendered in the Markdown preview');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('Compact is refused while a Gateway owns the store; Undo is refused for SQLite sessions', async () => {
    turns(3, '--key', 'agent:main:main');
    await waitFor(() => (api.service.model.ensureTranscript(session('agent:main:main')!.uid)!.context!.items.length > 6 ? true : undefined), 'the new turns');
    const s = session('agent:main:main')!;
    const before = rows(s.row.sessionId);
    const gw = await fakeGatewayLock(dir, 'e2e00002');
    try {
      confirmAnswer = (_m, b) => compactButton(b);
      warnAnswer = (m) => (m.includes('did not compact') ? 'Details' : undefined);
      const out = await vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', s.uid);
      warnAnswer = () => undefined;
      assert.equal(out.status, 'refused', out.reason);
      assert.deepEqual(rows(s.row.sessionId), before);
      // one line, the rest (what to do instead) behind "Details"
      const w = prompts.filter((p) => p.kind === 'warn').pop()!;
      assert.equal(w.message, 'OpenClaw Context did not compact agent:main:main: OpenClaw is using the session.');
      assert.equal(w.buttons?.at(-1), 'Details');
      const d = await waitFor(() => prompts.filter((p) => p.kind === 'details').pop(), 'the details');
      assert.match(d.detail!, /openclaw sessions compact agent:main:main/);
    } finally {
      gw.release();
    }
    const u = await vscode.commands.executeCommand<{ status: string; reason?: string }>('openclawContext.undoCompaction', session('agent:main:work')!.uid);
    assert.equal(u.status, 'refused');
    assert.match(u.reason!, /Gateway/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('trimmed views (nothing written): light trim and what OpenClaw sends, as diffs against the stored context', async () => {
    const key = 'agent:legacy:work';
    const s0 = session(key)!;
    const sessions = path.join(dir, 'agents/legacy/sessions');
    const file = path.join(sessions, `${s0.row.sessionId}.jsonl`);
    const leaf = api.service.model.ensureTranscript(s0.uid)!.context!.leafId;
    const t = Date.now();
    const out = Array.from({ length: 120 }, (_, i) => `ok ${i} test case passed in ${i % 7} ms`).join('\n') + '\nFAILED: 1 test, see above';
    const lines = [
      { type: 'message', id: 'trim-u1', parentId: leaf, timestamp: new Date(t).toISOString(), message: { role: 'user', content: 'run the tests', timestamp: t } },
      { type: 'message', id: 'trim-a1', parentId: 'trim-u1', timestamp: new Date(t + 1).toISOString(), message: { role: 'assistant', content: [{ type: 'toolCall', id: 'call-trim-1', name: 'exec', arguments: { command: 'npm test' } }], provider: 'fake', model: 'scripted-1', stopReason: 'toolUse', timestamp: t + 1 } },
      { type: 'message', id: 'trim-t1', parentId: 'trim-a1', timestamp: new Date(t + 2).toISOString(), message: { role: 'toolResult', toolCallId: 'call-trim-1', toolName: 'exec', content: [{ type: 'text', text: out }], isError: false, timestamp: t + 2 } },
    ];
    const bytes0 = fs.readFileSync(file);
    fs.appendFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    await waitFor(() => api.service.model.ensureTranscript(s0.uid)!.context!.items.some((e) => e.id === 'trim-t1'), 'the tool result in the model');
    const bytes1 = fs.readFileSync(file);
    const l1 = (await vscode.commands.executeCommand<{ kind: string; original: vscode.Uri; view: vscode.Uri; rules: Array<{ rule: string; indices: number[] }> }>('openclawContext.openTrimmedContext', s0.uid, 'l1'))!;
    assert.ok(out.length > 2000);
    const tail = l1.rules.find((r) => r.rule === 'l1.tail');
    assert.ok(tail, `rules: ${l1.rules.map((r) => r.rule).join()}`);
    const items = api.service.model.ensureTranscript(s0.uid)!.context!.items;
    assert.ok(tail.indices.includes(items.findIndex((e) => e.id === 'trim-t1')), 'the long exec output is the one trimmed');
    const viewText = (await vscode.workspace.openTextDocument(l1.view)).getText();
    const storedText = (await vscode.workspace.openTextDocument(l1.original)).getText();
    assert.ok(storedText.includes('ok 5 test case passed') && !viewText.includes('ok 5 test case passed'), 'the middle of the output is trimmed away in the view');
    assert.ok(viewText.includes('FAILED: 1 test, see above'), 'the end of the output (its conclusion) stays');
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff, 'shown as a diff');
    const oc = (await vscode.commands.executeCommand<{ kind: string; view: vscode.Uri }>('openclawContext.openTrimmedContext', s0.uid, 'openclaw'))!;
    assert.match((await vscode.workspace.openTextDocument(oc.view)).getText(), /Context pruning: off in this config/);
    // L5: the session is far under its compaction line, so nothing is dropped and it says so
    const l5 = (await vscode.commands.executeCommand<{ kind: string; view: vscode.Uri; rules: unknown[] }>('openclawContext.openTrimmedContext', s0.uid, 'l5'))!;
    const l5Text = (await vscode.workspace.openTextDocument(l5.view)).getText();
    assert.match(l5Text, /^# Emergency trim — agent:legacy:work/);
    assert.match(l5Text, /0 steps: 0 messages in 0 turns dropped; .*fits/);
    assert.deepEqual(l5.rules, []);
    assert.ok(fs.readFileSync(file).equals(bytes1) && bytes1.subarray(0, bytes0.length).equals(bytes0), 'views never write');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('JSONL session: compact, then Undo Compaction brings the earlier context back; the file only grows', async () => {
    turns(3, '--agent', 'legacy', '--key', 'agent:legacy:main');
    await new Promise((r) => setTimeout(r, 500));
    const s = session('agent:legacy:main')!;
    const file = path.join(dir, 'agents/legacy/sessions', `${s.row.sessionId}.jsonl`);
    const itemsBefore = api.service.model.ensureTranscript(s.uid)!.context!.items.map((e) => e.id);
    const bytes0 = fs.readFileSync(file);
    confirmAnswer = (m, b) => (m.startsWith('Compact') ? compactButton(b) : m.startsWith('Undo') ? 'Undo Compaction' : undefined);
    const out = await vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', s.uid);
    assert.equal(out.status, 'compacted', out.reason);
    await waitFor(() => api.service.model.ensureTranscript(s.uid)!.context!.items[0]?.id !== itemsBefore[0], 'the compaction in the model');
    const u = await vscode.commands.executeCommand<{ status: string; reason?: string }>('openclawContext.undoCompaction', s.uid);
    assert.equal(u.status, 'undone', u.reason);
    const items = await waitFor(() => {
      const i = api.service.model.ensureTranscript(s.uid)!.context!.items.map((e) => e.id);
      return JSON.stringify(i) === JSON.stringify(itemsBefore) ? i : undefined;
    }, 'the context before the compaction');
    assert.deepEqual(items, itemsBefore);
    const bytes1 = fs.readFileSync(file);
    assert.ok(bytes1.subarray(0, bytes0.length).equals(bytes0), 'the transcript only grew');
    const lines = bytes1.subarray(bytes0.length).toString('utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string; customType?: string });
    assert.deepEqual(lines.map((l) => l.type), ['compaction', 'custom']);
    assert.equal(lines[1]!.customType, 'openclaw-context.undo-compaction');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  /**
   * Compact agent:main:work with the real confirmation (beside the preview, not the suite's stub); `answer`
   * answers its question the way a user does. Afterwards no question is pending and the previews are closed.
   */
  async function compactAskingForReal(answer: (q: { message: string; buttons: readonly string[] }) => Promise<void>) {
    const s = session('agent:main:work')!;
    const before = rows(s.row.sessionId);
    const stubbed = api.ui.current;
    api.ui.current = { ...stubbed, confirm: originalUi.confirm };
    try {
      await vscode.commands.executeCommand('openclawContext.confirm.cancel'); // a question left by an earlier flow
      const flow = vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', s.uid);
      const q = await waitFor(() => (api.ui.beside.question?.message.startsWith('Compact agent:main:work?') ? api.ui.beside.question : undefined), 'the question', 30_000);
      await answer(q);
      const out = await flow;
      assert.equal(api.ui.beside.question, undefined, 'no question left');
      assert.deepEqual(ourPreviewTabs(), [], 'the previews closed');
      return { out, q, before, after: rows(s.row.sessionId) };
    } finally {
      api.ui.current = stubbed;
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  }

  test('the real confirmation sits beside the preview: closing the preview cancels, nothing is written, no question is left', async () => {
    // new turns: something to compact whatever the tests before did
    const n0 = api.service.model.ensureTranscript(session('agent:main:work')!.uid)!.context!.items.length;
    turns(3, '--key', 'agent:main:work');
    await waitFor(() => (api.service.model.ensureTranscript(session('agent:main:work')!.uid)!.context!.items.length > n0 ? true : undefined), 'the new turns');
    const { out, before, after } = await compactAskingForReal(async () => {
      const previews = allTabs().filter(isPreviewTab);
      assert.ok(previews.some((t) => t.input instanceof vscode.TabInputTextDiff) && markdownPreviewTabs().length === 1, `the diff and the report are open while it asks: ${ourPreviewTabs().join(', ')}`);
      await vscode.window.tabGroups.close(previews);
    });
    assert.equal(out.status, 'cancelled', out.reason);
    assert.deepEqual(after, before);
  });

  test("the real confirmation answered from the preview's title bar (Answer the Pending Question…): the chosen button is the answer; the previews close", async () => {
    // the title-bar actions are contributed for our previews while a question is pending
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { contributes: { menus: Record<string, Array<{ command: string; when?: string }>> } };
    const title = pkg.contributes.menus['editor/title'] ?? [];
    for (const c of ['openclawContext.confirm.choose', 'openclawContext.confirm.cancel']) assert.ok(title.some((m) => m.command === c && /openclawContext\.confirming/.test(m.when ?? '')), c);
    // the first answer in the title bar's list is taken: "Keep As Is" when it would not shrink, else "Compact"
    const { out, q, before, after } = await compactAskingForReal(async () => {
      const choosing = vscode.commands.executeCommand('openclawContext.confirm.choose');
      await sleep(700); // the QuickPick opens
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await choosing;
    });
    if (q.buttons[0] === 'Compact') {
      assert.equal(out.status, 'compacted', out.reason);
      assert.equal(after.length, before.length + 1);
    } else {
      assert.equal(q.buttons[0], 'Keep As Is');
      assert.equal(out.status, 'cancelled', out.reason);
      assert.deepEqual(after, before);
    }
  });
});
