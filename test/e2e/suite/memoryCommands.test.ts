/**
 * The memory commands in the real extension host: Flush Session to Memory… (preview, confirm, write;
 * NOTHING_TO_FLUSH; "Flush Again"), the automatic flush offer, Search Memory and Transcripts… (a memory
 * file opened at the line, a transcript hit in the session's context document) and Remember….
 *
 * Runs on the harness's copy of the real OpenClaw 2026.9.6 fixture state (`$OPENCLAW_STATE_DIR`, whose
 * agent workspace is `$OPENCLAW_STATE_DIR/workspace`: test/e2e/state.mjs points the config there). Every
 * file the suite may write (today's day log, memories/decisions.md, MEMORY.md, our flush-state.json) is
 * put back afterwards, so the suites after it see the fixture unchanged. Prompts are answered through
 * `api.ui.current`.
 *
 * Workspace trust cannot be switched off in-host (the harness runs code-server with
 * `--disable-workspace-trust`, so `vscode.workspace.isTrusted` is always true): the untrusted behaviour is
 * tested by replacing `api.memoryCommands.writesAllowed`, the one place the commands ask.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OpenClawContextApi } from '../../../src/extension';
import type { FlushOutcome, RememberOutcome, SearchOutcome } from '../../../src/vscode/memory/memoryCommands';
import type { SessionState } from '../../../src/core/context/model';
import { FlushStateStore } from '../../../src/core/memory/flush';
import { EXT_ID, waitFor, activatedApi, recordingDialogs, shownPreviews, type ShownPreview } from './util';
import type { Ui } from '../../../src/vscode/shared/ui';

interface Prompt {
  kind: keyof Ui;
  message: string;
  detail?: string;
  buttons: string[];
  items?: vscode.QuickPickItem[];
  previews?: ShownPreview[];
}

type Answer = (message: string) => string | undefined;

suite('Memory commands in the extension host', () => {
  let api: OpenClawContextApi;
  let originalUi: Ui;
  let stateDir: string;
  let ws: string;
  const prompts: Prompt[] = [];
  const answers: { confirm: Answer; info: Answer; warn: Answer; error: Answer } = { confirm: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
  /** InputBox answers, in order (undefined = Esc) */
  let inputs: Array<string | undefined> = [];
  /** QuickPick answers, in order: a label, or a function choosing the item */
  let picks: Array<string | ((items: vscode.QuickPickItem[]) => vscode.QuickPickItem | undefined)> = [];
  /** the files the suite may change, as they were */
  const saved = new Map<string, string | undefined>();
  /** our own state dirs that did not exist before the suite */
  const createdDirs: string[] = [];

  const session = (key: string) => api.service.model.sessions().find((s) => s.stateDir === stateDir && s.row.key === key);
  const stateFile = () => path.join(stateDir, 'context', 'memory', 'flush-state.json');
  const read = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : undefined);
  const save = (f: string) => {
    if (!saved.has(f)) saved.set(f, read(f));
  };
  const restore = (f: string) => {
    const v = saved.get(f);
    if (v === undefined) fs.rmSync(f, { force: true });
    else fs.writeFileSync(f, v);
  };
  const since = (n: number) => prompts.slice(n);
  /** The diff previews open now (a preview-only flow keeps them) and those open when the last confirmation asked (a flow closes them when it ends). */
  async function previewTexts(): Promise<Array<{ before: string; after: string; title: string }>> {
    const shown = [...(await shownPreviews()), ...(prompts.filter((p) => p.kind === 'confirm').pop()?.previews ?? [])];
    return shown.map((p) => ({ before: p.left, after: p.right, title: p.title }));
  }

  suiteSetup(async () => {
    ({ api, stateDir } = await activatedApi());
    await waitFor(() => session('agent:main:work') && session('agent:main:main'), 'the fixture sessions');
    const agent = api.service.model.stateDirs().find((d) => d.candidate.dir === stateDir)?.agents.find((a) => a.agent.id === 'main');
    ws = agent!.agent.workspace;
    assert.equal(ws, path.join(stateDir, 'workspace'), "the state dir's own workspace (test/e2e/state.mjs points the config there)");
    for (const f of ['MEMORY.md', 'memories/decisions.md', 'USER.md']) save(path.join(ws, f));
    for (const f of fs.readdirSync(path.join(ws, 'memory'))) save(path.join(ws, 'memory', f));
    save(stateFile());
    for (const d of [path.join(stateDir, 'context'), path.join(stateDir, 'context', 'memory')]) if (!fs.existsSync(d)) createdDirs.push(d);
    originalUi = api.ui.current;
    api.ui.current = {
      ...recordingDialogs(prompts, answers),
      pick: <T extends vscode.QuickPickItem>(items: T[], opts: vscode.QuickPickOptions) => {
        prompts.push({ kind: 'pick', message: opts.title ?? '', buttons: [], items });
        const a = picks.shift();
        const chosen = a === undefined ? undefined : typeof a === 'string' ? items.find((i) => i.label === a) : (a(items) as T | undefined);
        return Promise.resolve(chosen);
      },
      input: (opts: vscode.InputBoxOptions) => {
        prompts.push({ kind: 'input', message: opts.title ?? opts.prompt ?? '', buttons: [] });
        return Promise.resolve(inputs.shift());
      },
    };
  });

  setup(() => {
    answers.confirm = answers.info = answers.warn = answers.error = () => undefined;
    inputs = [];
    picks = [];
  });

  suiteTeardown(async () => {
    if (api) {
      api.ui.current = originalUi;
      api.memoryCommands.writesAllowed = () => vscode.workspace.isTrusted;
      await vscode.workspace.getConfiguration('openclawContext').update('memory.autoFlush', undefined, vscode.ConfigurationTarget.Global);
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const f of saved.keys()) restore(f);
    // files the suite created (a new day log, memories/) go too
    if (ws) {
      for (const f of fs.existsSync(path.join(ws, 'memory')) ? fs.readdirSync(path.join(ws, 'memory')) : []) if (!saved.has(path.join(ws, 'memory', f))) fs.rmSync(path.join(ws, 'memory', f), { force: true });
      const mem = path.join(ws, 'memories');
      if (fs.existsSync(mem) && fs.readdirSync(mem).length === 0) fs.rmdirSync(mem);
    }
    for (const d of [...createdDirs].reverse()) if (fs.existsSync(d) && fs.readdirSync(d).length === 0) fs.rmdirSync(d);
  });

  // ------------------------------------------------------------------------------------------ flush

  let dayFile = '';
  let dayBefore: string | undefined;

  test('Flush from the Sessions view: the day log before ↔ after in a diff, a modal confirmation; cancel writes nothing', async () => {
    const s = session('agent:main:work')!;
    const n = prompts.length;
    const out = await vscode.commands.executeCommand<FlushOutcome>('openclawContext.memory.flush', s.uid);
    assert.equal(out.status, 'cancelled', out.reason);
    assert.ok(out.plan && out.plan.status === 'ok');
    const plan = out.plan;
    assert.match(plan.targetRel, /^memory\/\d{4}-\d{2}-\d{2}\.md$/);
    dayFile = path.join(ws, plan.targetRel);
    save(dayFile);
    dayBefore = saved.get(dayFile);
    assert.equal(plan.before, dayBefore ?? '', 'the preview starts from the file as it is');
    assert.match(plan.addition, /## \d\d:\d\d — Compaction pre-flush · agent:main:work/);
    assert.ok(plan.facts.some((f) => /notes\/plan\.md/.test(f.text)), 'the file the agent read is a fact');
    // the preview: a diff of exactly the texts of the plan
    const previews = await previewTexts();
    assert.ok(
      previews.some((p) => p.before === plan.before && p.after === plan.after),
      `a diff of the day log (tabs: ${previews.map((p) => p.title).join(', ')})`,
    );
    const confirm = since(n).find((p) => p.kind === 'confirm')!;
    assert.equal(confirm.message, `Append to ${plan.targetRel}?`);
    assert.deepEqual(confirm.buttons, ['Append']);
    assert.match(confirm.detail!, /item/);
    assert.equal(read(dayFile), dayBefore, 'cancel: the day log is unchanged');
    assert.equal(read(stateFile()), saved.get(stateFile()), 'cancel: no flush recorded');
    assert.equal(since(n).filter((p) => p.kind === 'pick').length, 0, 'a session argument: no QuickPick');
  });

  test('Flush from the palette: a QuickPick of the sessions, then the previewed section is appended and recorded', async () => {
    answers.confirm = () => 'Append';
    picks = ['agent:main:work'];
    const n = prompts.length;
    const out = await vscode.commands.executeCommand<FlushOutcome>('openclawContext.memory.flush');
    const pick = since(n).find((p) => p.kind === 'pick')!;
    assert.ok(pick.items!.some((i) => i.label === 'agent:main:main'), 'every session is offered');
    assert.equal(out.status, 'written', out.reason);
    assert.ok(out.plan?.status === 'ok');
    assert.equal(out.file, dayFile);
    const text = read(dayFile)!;
    assert.ok(text.endsWith(out.plan.addition), 'the day file ends with the previewed addition');
    assert.equal(text, out.plan.after, 'and is exactly the previewed "after"');
    const rec = FlushStateStore.forStateDir(stateDir).get('agent:main:work');
    assert.equal(rec?.compactionCount, session('agent:main:work')!.row.compactionCount ?? 0);
    assert.equal(rec?.targetRel, out.plan.targetRel);
    assert.ok(since(n).some((p) => p.kind === 'info' && p.message.includes(`to ${out.plan!.targetRel}`)), 'the user is told');
  });

  test('a second flush in the same compaction epoch: NOTHING_TO_FLUSH with the reason, nothing written', async () => {
    const before = read(dayFile);
    const n = prompts.length;
    const out = await vscode.commands.executeCommand<FlushOutcome>('openclawContext.memory.flush', session('agent:main:work')!.uid);
    assert.equal(out.status, 'nothing');
    assert.ok(out.plan && out.plan.status === 'NOTHING_TO_FLUSH');
    assert.equal(out.plan.reason, 'already-flushed-this-epoch');
    const info = since(n).find((p) => p.kind === 'info')!;
    assert.match(info.message, /nothing to flush from agent:main:work\. Already flushed since the last compaction/);
    assert.deepEqual(info.buttons, ['Flush Again']);
    assert.equal(since(n).filter((p) => p.kind === 'confirm').length, 0, 'nothing to confirm');
    assert.equal(read(dayFile), before);
  });

  test('"Flush Again" forces the flush of an already flushed epoch', async () => {
    // the epoch is flushed, but by a flush that covered none of today's entries (an earlier cursor, today's log as it was)
    const store = FlushStateStore.forStateDir(stateDir);
    const rec = store.get('agent:main:work')!;
    store.record('agent:main:work', { compactionCount: rec.compactionCount, flushedAt: new Date(1000).toISOString(), lastEntryAt: 1 });
    restore(dayFile);
    answers.info = (m) => (/Already flushed/.test(m) ? 'Flush Again' : undefined);
    answers.confirm = () => 'Append';
    const out = await vscode.commands.executeCommand<FlushOutcome>('openclawContext.memory.flush', session('agent:main:work')!.uid);
    assert.equal(out.status, 'nothing');
    assert.ok(out.forced, 'the forced flush ran');
    assert.equal(out.forced.status, 'written', out.forced.reason);
    assert.ok(out.forced.plan?.status === 'ok' && out.forced.plan.forced);
    assert.ok(read(dayFile)!.endsWith(out.forced.plan.addition));
    assert.equal(read(dayFile), out.forced.plan.after);
    // forced again right away: nothing new since that flush
    answers.info = (m) => (/Already flushed/.test(m) ? 'Flush Again' : undefined);
    const again = await vscode.commands.executeCommand<FlushOutcome>('openclawContext.memory.flush', session('agent:main:work')!.uid);
    assert.equal(again.forced?.status, 'nothing');
    assert.ok(again.forced?.plan?.status === 'NOTHING_TO_FLUSH' && again.forced.plan.reason === 'no-new-entries');
  });

  test('untrusted workspace (simulated): flush and remember show the preview and write nothing', async () => {
    api.memoryCommands.writesAllowed = () => false;
    try {
      const day = read(dayFile);
      const state = read(stateFile());
      answers.confirm = () => 'Append';
      const n = prompts.length;
      const out = await vscode.commands.executeCommand<FlushOutcome>('openclawContext.memory.flush', session('agent:main:main')!.uid);
      assert.equal(out.status, 'preview-only', out.reason);
      assert.ok(out.plan?.status === 'ok');
      const plan = out.plan;
      assert.ok((await previewTexts()).some((p) => p.after === plan.after), 'the preview is shown');
      assert.equal(since(n).filter((p) => p.kind === 'confirm').length, 0, 'nothing to confirm');
      assert.ok(since(n).some((p) => p.kind === 'info' && /not trusted, so nothing was written/.test(p.message)));
      assert.equal(read(dayFile), day);
      assert.equal(read(stateFile()), state);
      inputs = ['Untrusted decision', ''];
      picks = ['decision', 'normal'];
      answers.confirm = () => 'Remember';
      const r = await vscode.commands.executeCommand<RememberOutcome>('openclawContext.memory.remember');
      assert.equal(r.status, 'preview-only');
      assert.equal(fs.existsSync(path.join(ws, 'memories', 'decisions.md')), false);
      assert.equal(read(path.join(ws, 'MEMORY.md')), saved.get(path.join(ws, 'MEMORY.md')));
    } finally {
      api.memoryCommands.writesAllowed = () => vscode.workspace.isTrusted;
    }
  });

  test('automatic flush: a session past the flush line is offered once per epoch (only with memory.autoFlush), then the previewed flow', async () => {
    const store = FlushStateStore.forStateDir(stateDir);
    // the fixture's sessions all sit under their flush line (≈9.7k of 20.6k): the same sessions with the gauge moved past it
    const [a, b] = api.service.model.sessions().filter((s) => s.stateDir === stateDir && s.figures.flushAt > 0 && !store.get(s.row.key));
    assert.ok(a && b, 'two sessions never flushed');
    const past = (s: SessionState): SessionState => ({ ...s, figures: { ...s.figures, used: s.figures.flushAt + 500 } });
    assert.equal(await api.memoryCommands.offerAutoFlush(past(a)), undefined, 'the setting is off by default');
    await vscode.workspace.getConfiguration('openclawContext').update('memory.autoFlush', true, vscode.ConfigurationTarget.Global);
    try {
      await waitFor(() => api.memoryCommands.deps.settings().memory.autoFlush, 'the setting to apply');
      const n = prompts.length;
      assert.equal(await api.memoryCommands.offerAutoFlush(a), a.figures.used >= a.figures.flushAt ? 'declined' : undefined, 'under the line: no offer');
      assert.equal(since(n).length, 0);
      assert.equal(await api.memoryCommands.offerAutoFlush(past(a)), 'declined');
      const offer = since(n).find((p) => p.kind === 'info')!;
      assert.match(offer.message, new RegExp(`${a.row.key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} crossed the memory-flush line .* — Flush to memory\\?`));
      assert.deepEqual(offer.buttons, ['Flush to Memory…']);
      assert.equal(await api.memoryCommands.offerAutoFlush(past(a)), undefined, 'once per session per epoch');
      assert.equal(since(n).filter((p) => p.kind === 'info').length, 1);
      assert.equal(store.get(a.row.key), undefined, 'declined: nothing recorded');
      // accepted: the same previewed flow (cancelled at the confirmation here)
      answers.info = (m) => (/crossed the memory-flush line/.test(m) ? 'Flush to Memory…' : undefined);
      const day = read(dayFile);
      const out = (await api.memoryCommands.offerAutoFlush(past(b))) as FlushOutcome;
      assert.equal(out.status, 'cancelled', out.reason);
      assert.equal(out.sessionKey, b.row.key);
      assert.ok(out.plan?.status === 'ok' && (await previewTexts()).some((p) => p.after === (out.plan as { after: string }).after), 'previewed');
      assert.equal(since(n).filter((p) => p.kind === 'confirm').pop()?.message, `Append to ${out.plan.targetRel}?`);
      assert.equal(read(dayFile), day);
      assert.equal(store.get(b.row.key), undefined);
    } finally {
      await vscode.workspace.getConfiguration('openclawContext').update('memory.autoFlush', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  // ------------------------------------------------------------------------------------------ search

  test("Search 'BLUE-HERON': the MEMORY.md result; choosing it opens MEMORY.md at that line with the term selected", async () => {
    inputs = ['BLUE-HERON'];
    picks = [(items) => items.find((i) => i.description?.startsWith('MEMORY.md:'))];
    const n = prompts.length;
    const out = await vscode.commands.executeCommand<SearchOutcome>('openclawContext.memory.search');
    assert.equal(out.status, 'opened', out.reason);
    const pick = since(n).find((p) => p.kind === 'pick')!;
    assert.match(pick.items![0]!.description!, /^MEMORY\.md:\d+$/, 'the memory file ranks first');
    assert.match(pick.items![0]!.detail!, /^MEMORY\.md/, 'detail: the title');
    assert.ok(pick.items![0]!.label.includes('BLUE-HERON'), 'label: the snippet');
    assert.ok(pick.items!.some((i) => / · (user|assistant|toolResult)/.test(i.description ?? '')), 'transcript results too: session key · role');
    const r = out.chosen!.result;
    assert.ok(r.kind === 'memory');
    const ed = vscode.window.activeTextEditor!;
    assert.equal(ed.document.uri.fsPath, path.join(ws, 'MEMORY.md'));
    assert.equal(ed.selection.active.line, r.line - 1);
    assert.equal(ed.document.getText(ed.selection), 'BLUE-HERON');
    assert.ok(out.index!.files > 0 && out.index!.transcriptEntries > 0);
    const ix = out.index!;
    console.log(`[in-host] search index: ${ix.files} memory files (${ix.passages} passages), ${ix.transcriptEntries} transcript entries of ${ix.sessions} sessions in ${ix.ms.toFixed(1)} ms (loading ${ix.loadMs.toFixed(1)} ms)`);
  });

  test("Search 'ORD-4471': a transcript result opens the session's context document at the entry", async () => {
    const out = await vscode.commands.executeCommand<SearchOutcome>('openclawContext.memory.search', 'ORD-4471');
    // (the query as the argument: no InputBox; nothing picked: cancelled, with the results)
    assert.equal(out.status, 'cancelled');
    const inContext = out.hits!.find((h) => h.result.kind === 'transcript' && h.uid && api.service.model.get(h.uid)?.context?.items.some((m) => m.id === (h.result as { entryId: string }).entryId));
    assert.ok(inContext, 'a transcript hit in an active context');
    const want = inContext.result as { sessionKey: string; entryId: string };
    picks = [(items) => items.find((i) => { const r = (i as unknown as { hit: { result: { kind: string; sessionKey?: string; entryId?: string } } }).hit.result; return r.kind === 'transcript' && r.sessionKey === want.sessionKey && r.entryId === want.entryId; })];
    const opened = await vscode.commands.executeCommand<SearchOutcome>('openclawContext.memory.search', 'ORD-4471');
    assert.equal(opened.status, 'opened', opened.reason);
    const ed = vscode.window.activeTextEditor!;
    assert.equal(ed.document.uri.scheme, 'openclaw-context');
    assert.equal(new URLSearchParams(ed.document.uri.query).get('uid'), inContext.uid);
    const line = ed.selection.active.line;
    assert.match(ed.document.lineAt(line).text, /ORD-4471/i, 'the line with the hit');
    assert.equal(ed.document.getText(ed.selection).toUpperCase(), 'ORD-4471');
    // and it is inside that entry's section of the document
    const s = api.service.model.get(inContext.uid!)!;
    const pos = s.context!.items.findIndex((m) => m.id === (inContext.result as { entryId: string }).entryId);
    const lines = ed.document.getText().split('\n');
    const head = lines.findIndex((l) => l.startsWith(`### ${pos + 1}. `));
    const next = lines.findIndex((l) => l.startsWith(`### ${pos + 2}. `));
    assert.ok(head >= 0 && line >= head && (next < 0 || line < next), `line ${line} within the entry (${head}..${next})`);
    // a hit that compaction dropped from the active context: the document still opens, at a mention if any, and says so
    const dropped = out.hits!.find((h) => h.result.kind === 'transcript' && h.uid && !api.service.model.get(h.uid)?.context?.items.some((m) => m.id === (h.result as { entryId: string }).entryId));
    assert.ok(dropped, 'a transcript hit outside the active context (agent:main:main was compacted)');
    const d = dropped.result as { sessionKey: string; entryId: string };
    picks = [(items) => items.find((i) => { const r = (i as unknown as { hit: { result: { kind: string; sessionKey?: string; entryId?: string } } }).hit.result; return r.kind === 'transcript' && r.sessionKey === d.sessionKey && r.entryId === d.entryId; })];
    const n = prompts.length;
    const other = await vscode.commands.executeCommand<SearchOutcome>('openclawContext.memory.search', 'ORD-4471');
    assert.equal(other.status, 'opened', other.reason);
    assert.equal(new URLSearchParams(vscode.window.activeTextEditor!.document.uri.query).get('uid'), dropped.uid);
    assert.ok(since(n).some((p) => p.kind === 'info' && /no longer in the active context/.test(p.message)));
  });

  test('Search with no result: an information message', async () => {
    inputs = ['qqqzzzxxxjjj'];
    const n = prompts.length;
    const out = await vscode.commands.executeCommand<SearchOutcome>('openclawContext.memory.search');
    assert.equal(out.status, 'empty');
    assert.ok(since(n).some((p) => p.kind === 'info' && /no matches for “qqqzzzxxxjjj”/.test(p.message)));
    assert.equal(since(n).filter((p) => p.kind === 'pick').length, 0);
    inputs = [undefined];
    assert.equal((await vscode.commands.executeCommand<SearchOutcome>('openclawContext.memory.search')).status, 'cancelled', 'Esc in the InputBox');
  });

  // ------------------------------------------------------------------------------------------ remember

  test('Remember…: cancel at the confirmation writes nothing', async () => {
    inputs = ['Deploys go through staging first', 'deploy'];
    picks = ['decision', 'high'];
    const n = prompts.length;
    const out = await vscode.commands.executeCommand<RememberOutcome>('openclawContext.memory.remember');
    assert.equal(out.status, 'cancelled');
    assert.equal(out.plan?.targetRel, 'memories/decisions.md');
    const typePick = since(n).filter((p) => p.kind === 'pick')[0]!;
    assert.ok(typePick.items!.find((i) => i.label === 'decision')!.description!.includes('memories/decisions.md'), 'each type says where it goes');
    assert.match(typePick.items!.find((i) => i.label === 'note')!.description!, /memory\/\d{4}-\d{2}-\d{2}\.md/);
    assert.equal(fs.existsSync(path.join(ws, 'memories', 'decisions.md')), false);
    assert.equal(read(path.join(ws, 'MEMORY.md')), saved.get(path.join(ws, 'MEMORY.md')));
  });

  test('Remember…: a decision is previewed, confirmed and appended exactly as planned to memories/decisions.md (+ the MEMORY.md pointer)', async () => {
    inputs = ['Deploys go through staging first', 'deploy'];
    picks = ['decision', 'high'];
    answers.confirm = () => 'Remember';
    const n = prompts.length;
    const out = await vscode.commands.executeCommand<RememberOutcome>('openclawContext.memory.remember');
    assert.equal(out.status, 'written', out.reason);
    const plan = out.plan!;
    assert.equal(plan.targetRel, 'memories/decisions.md');
    assert.match(plan.addition, /\[high\] \(deploy\) Deploys go through staging first/);
    const text = read(path.join(ws, 'memories', 'decisions.md'))!;
    assert.equal(text, plan.after, 'exactly the planned file');
    assert.ok(text.endsWith(plan.addition));
    const previews = await previewTexts();
    assert.ok(previews.some((p) => p.before === plan.before && p.after === plan.after), 'the target diff');
    const confirm = since(n).find((p) => p.kind === 'confirm')!;
    assert.equal(confirm.message, 'Remember in memories/decisions.md?');
    assert.ok(confirm.detail!.includes(plan.addition.trimEnd()));
    assert.ok(plan.index, 'MEMORY.md does not point to memories/decisions.md yet');
    assert.equal(read(path.join(ws, 'MEMORY.md')), plan.index.after, 'the pointer is the planned one');
    assert.ok(previews.some((p) => p.after === plan.index!.after), 'the pointer diff');
    assert.ok(confirm.detail!.includes(plan.index.addition.trimEnd()));
  });

  test('Remember…: invalid input is a clear error, nothing written', async () => {
    const before = read(path.join(ws, 'memories', 'decisions.md'));
    inputs = ['Something', 'no*stars!'];
    picks = ['decision', 'normal'];
    answers.confirm = () => 'Remember';
    const n = prompts.length;
    const out = await vscode.commands.executeCommand<RememberOutcome>('openclawContext.memory.remember');
    assert.equal(out.status, 'invalid');
    assert.ok(since(n).some((p) => p.kind === 'error' && /Category "no\*stars!" must be/.test(p.message)));
    assert.equal(read(path.join(ws, 'memories', 'decisions.md')), before);
  });
});
