/**
 * In-host tests of the exact token counts: the commands in the real extension host, the tokenizer
 * worker started from the installed dist/ bundles on the first count (never on activation), and
 * the counts checked against gpt-tokenizer run here directly.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import * as cl100k from 'gpt-tokenizer/cjs/encoding/cl100k_base';
import * as o200k from 'gpt-tokenizer/cjs/encoding/o200k_base';
import type { OpenClawContextApi } from '../../../src/extension';
import { exactFamilyFor } from '../../../src/core/tokens/exact';
import type { ExactCountResult } from '../../../src/core/tokens/exact';
import { familyFor } from '../../../src/core/tokens/estimator';
import { TokenizerWorkers, type ExactSessionResult } from '../../../src/vscode/sessions/exactCount';
import type { Ui } from '../../../src/vscode/shared/ui';

const EXT_ID = 'openclaw-context.openclaw-context';
const PLAIN = { disallowedSpecial: new Set<string>() };
const enc = { o200k, cl100k } as const;

const TEXT = [
  '# Exact counts',
  '',
  'The gauge estimates; this command counts with the real o200k / cl100k vocabularies.',
  'Mixed content: `const x = await fetch("https://example.com/api?q=1");` — naïve café, 上下文窗口快满了。🚀',
  '{"tool":"read","arguments":{"path":"src/core/tokens/exact.ts","limit":200}}',
  'Numbers 1234567890 and special-token text <|endoftext|> count as plain text.',
].join('\n');

suite('Exact token counts in the extension host', () => {
  let api: OpenClawContextApi;

  suiteSetup(async () => {
    const ext = vscode.extensions.getExtension<OpenClawContextApi>(EXT_ID);
    assert.ok(ext, `${EXT_ID} is installed`);
    api = await ext.activate();
    await api.firstRefresh;
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('activation started no tokenizer worker', () => {
    assert.equal(api.exact.workerStarted, false);
    assert.equal(api.exact.liveWorkers, 0);
    assert.equal(api.exact.workerStarts, 0);
  });

  test('Count Tokens Exactly on a selection equals gpt-tokenizer', async () => {
    const doc = await vscode.workspace.openTextDocument({ content: TEXT, language: 'plaintext' });
    const editor = await vscode.window.showTextDocument(doc);
    const from = TEXT.indexOf('Mixed content');
    const to = TEXT.indexOf('Numbers');
    editor.selection = new vscode.Selection(doc.positionAt(from), doc.positionAt(to));
    const t0 = Date.now();
    const r = await vscode.commands.executeCommand<ExactCountResult>('openclawContext.countTokensExactly');
    const ms = Date.now() - t0;
    assert.ok(r, 'the command returns its result');
    const s = api.service.active();
    const expectedFamily = exactFamilyFor(familyFor(s?.row.modelProvider, s?.row.model ?? s?.transcriptModel)).family;
    assert.equal(r.family, expectedFamily);
    const selected = TEXT.slice(from, to);
    assert.equal(r.exact, enc[r.family].countTokens(selected, PLAIN));
    assert.equal(r.total, r.exact);
    assert.equal(r.estimatedChars, 0);
    assert.equal(r.chars, selected.length);
    assert.equal(r.cancelled, false);
    assert.equal(api.exact.workerStarted, true, 'the first count started the worker');
    assert.equal(api.exact.liveWorkers, 1);
    console.log(`[in-host] first exact count: ${ms} ms for the command (progress notification, worker start and count); worker start to first answer ${api.exact.lastStartupMs?.toFixed(0)} ms`);
  });

  test('without a selection the whole file is counted; the worker is reused; { family } picks cl100k or Claude', async () => {
    const editor = vscode.window.activeTextEditor!;
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    const starts = api.exact.workerStarts;
    const r = await vscode.commands.executeCommand<ExactCountResult>('openclawContext.countTokensExactly');
    assert.equal(r.chars, TEXT.length);
    assert.equal(r.exact, enc[r.family].countTokens(TEXT, PLAIN));
    assert.equal(api.exact.workerStarts, starts, 'no new worker for the same vocabulary');
    const c = await vscode.commands.executeCommand<ExactCountResult>('openclawContext.countTokensExactly', { family: 'cl100k' });
    assert.equal(c.family, 'cl100k');
    assert.equal(c.exact, cl100k.countTokens(TEXT, PLAIN));
    const claude = await vscode.commands.executeCommand<ExactCountResult>('openclawContext.countTokensExactly', { family: 'claude' });
    assert.equal(claude.family, 'o200k', 'Claude has no public tokenizer: counted with o200k');
    assert.equal(claude.modelFamily, 'claude');
    assert.match(claude.note ?? '', /Claude's tokenizer is not public/);
    assert.equal(claude.exact, o200k.countTokens(TEXT, PLAIN));
  });

  test('a pathological run is estimated, the rest counted exactly, without freezing', async () => {
    const body = 'Some prose before the separator. ';
    const text = `${body}\n${'='.repeat(200_000)}\n${body}`;
    const doc = await vscode.workspace.openTextDocument({ content: text, language: 'plaintext' });
    await vscode.window.showTextDocument(doc);
    const t0 = Date.now();
    const r = await vscode.commands.executeCommand<ExactCountResult>('openclawContext.countTokensExactly', { family: 'o200k' });
    assert.equal(r.estimatedChars, 200_000);
    assert.ok(r.estimated > 0);
    assert.ok(Math.abs(r.exact - 2 * o200k.countTokens(body, PLAIN)) <= 4, `exact part ${r.exact}`);
    assert.ok(Date.now() - t0 < 10_000);
  });

  test('1 MB of text is counted exactly', async () => {
    const para = `${TEXT}\n\n`;
    const text = para.repeat(Math.ceil(1_000_000 / para.length)).slice(0, 1_000_000);
    const r = await api.exact.count([text], 'o200k');
    assert.equal(r.exact, o200k.countTokens(text, PLAIN));
    console.log(`[in-host] 1 MB exact count: ${r.ms.toFixed(0)} ms in ${r.batches} messages`);
  });

  test('openclawContext.exactCount.maxChars refuses bigger inputs', async () => {
    const cfg = vscode.workspace.getConfiguration('openclawContext');
    await cfg.update('exactCount.maxChars', 1000, vscode.ConfigurationTarget.Global);
    try {
      const doc = await vscode.workspace.openTextDocument({ content: 'x '.repeat(1000), language: 'plaintext' });
      await vscode.window.showTextDocument(doc);
      const r = await vscode.commands.executeCommand<ExactCountResult | undefined>('openclawContext.countTokensExactly');
      assert.equal(r, undefined);
    } finally {
      await cfg.update('exactCount.maxChars', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test('Count Session Exactly from the palette asks which session (the gauge’s first) and counts what the model sees of it', async () => {
    const s = api.service.active();
    assert.ok(s, 'there is an active session');
    const original = api.ui.current;
    const asked: string[][] = [];
    // the picker's first item (the gauge's session) is the one Enter takes
    api.ui.current = { ...original, pick: (items) => (asked.push(items.map((i) => i.label)), Promise.resolve(items[0])) } as Ui;
    let r: ExactSessionResult;
    try {
      r = (await vscode.commands.executeCommand<ExactSessionResult>('openclawContext.countSessionExactly'))!;
    } finally {
      api.ui.current = original;
    }
    assert.equal(asked.length, 1, 'the session picker was shown');
    assert.equal(asked[0]![0], s.row.key);
    assert.ok(r, 'the command returns its result');
    assert.equal(r.key, s.row.key);
    assert.ok(r.exact > 0, `exact ${r.exact}`);
    assert.equal(r.family, exactFamilyFor(familyFor(s.row.modelProvider, s.row.model ?? s.transcriptModel)).family);
    assert.equal(r.messages, s.context?.items.length);
    assert.ok(r.piTokens > 0);
    if (r.modelFamily === 'claude') assert.match(r.note ?? '', /not public/);
    console.log(`[in-host] session ${r.key}: ${r.total} exact (${r.family}, model family ${r.modelFamily}) · estimate ${r.estimate} · pi ${r.piTokens} · ${r.ms.toFixed(0)} ms`);
  });

  test('a worker ends after its idle time and on dispose; the next count starts a new one', async () => {
    const dist = path.join(vscode.extensions.getExtension(EXT_ID)!.extensionPath, 'dist');
    const workers = new TokenizerWorkers(dist, 300);
    try {
      assert.equal(await workers.count('o200k', ['hello world']), o200k.countTokens('hello world', PLAIN));
      assert.equal(workers.live, 1);
      console.log(`[in-host] o200k worker start to first answer (second start in this host): ${workers.lastStartupMs?.toFixed(0)} ms`);
      const t0 = Date.now();
      while (workers.live && Date.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 50));
      assert.equal(workers.live, 0, 'ended after the idle time');
      assert.equal(await workers.count('cl100k', ['hello world']), cl100k.countTokens('hello world', PLAIN));
      assert.equal(workers.starts, 2);
      console.log(`[in-host] cl100k worker start to first answer: ${workers.lastStartupMs?.toFixed(0)} ms`);
    } finally {
      workers.dispose();
    }
    assert.equal(workers.live, 0, 'dispose ends the workers');
  });

  test('Count Session Exactly takes a session from the Sessions view without asking', async () => {
    const s = api.service.model.findByKey('agent:main:main');
    assert.ok(s);
    const r = await vscode.commands.executeCommand<ExactSessionResult>('openclawContext.countSessionExactly', s.uid);
    assert.equal(r.key, 'agent:main:main');
    assert.ok(r.exact > 0);
  });
});
