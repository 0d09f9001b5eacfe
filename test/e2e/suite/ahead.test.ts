/**
 * In-host: ahead of compaction in the real VS Code (issue 19 items 2–4). A throwaway JSONL state (agent main, a
 * 100k window: OpenClaw compacts at 80k) whose sessions grow while VS Code runs — turns appended to the
 * transcript and the row rewritten, as OpenClaw does:
 *
 * - the warning: the gauge and the tree say `compaction in ~2 turns`, one notification offers Create Checkpoint,
 *   Flush to Memory and Compact Now, and only once until the next compaction; a compaction flashes before → after
 *   on the gauge, and the next approach warns again;
 * - the tree's icon per fill level;
 * - seed 004's policy: the first early export is previewed and confirmed, the cleanup is offered at 70 %, and after
 *   the next compaction the early export runs in the background.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OpenClawContextApi } from '../../../src/extension';
import type { Ui } from '../../../src/vscode/shared/ui';
import { LEVEL_ICONS, levelColor } from '../../../src/core/context/viewModel';
import { CHECKPOINT_BUTTON, CLEANUP_COMPACT_BUTTON, CLEANUP_TRIM_BUTTON, COMPACT_NOW_BUTTON, FLUSH_NOW_BUTTON, type AheadOutcome } from '../../../src/vscode/sessions/compactionAhead';
import { listCheckpoints } from '../../../src/core/checkpoint/store';
import { activatedApi, recordingDialogs, sessionTreeItem, uidOf, waitFor, type RecordedPrompt } from './util';

type Json = Record<string, unknown>;

/** a JSONL-era window (its reserve is not capped: OpenClaw compacts at 100k − 20k = 80k, flushes at 76k) */
const WINDOW = 100_000;
const T = 6000;
/** what OpenClaw sends besides the messages (system prompt, files, tools) in these sessions */
const OVERHEAD = 3000;
const piTokens = (text: string) => Math.ceil(text.length / 4);

/** A JSONL session growing turn by turn; its prompts are the overhead plus pi's chars/4 of what it holds. */
class Growing {
  readonly lines: Json[] = [];
  private parent: string | null = null;
  private n = 0;
  /** what the context holds now, in pi's tokens */
  private held = 0;
  prompt = 0;
  compactions = 0;
  /** lines already in the file */
  written = 0;
  updatedAt = Date.now();
  constructor(
    readonly key: string,
    readonly sid: string,
  ) {}

  private push(e: Json): void {
    const id = `${this.sid}-${++this.n}`;
    this.updatedAt = Math.max(Date.now(), this.updatedAt + 1);
    this.lines.push({ ...e, id, parentId: this.parent, timestamp: new Date(this.updatedAt).toISOString() });
    this.parent = id;
  }

  /** One turn adding about `tokens` (a user message holding a fact, a short answer). */
  turn(tokens: number): void {
    const text = `Remember that release R${this.n} of ${this.key} ships on Friday. ${'word '.repeat(Math.max(0, Math.round(tokens * 0.8)))}`;
    this.push({ type: 'message', message: { role: 'user', content: text } });
    this.held += piTokens(text);
    this.prompt = OVERHEAD + this.held;
    const reply = `Noted: R${this.n}.`;
    this.push({ type: 'message', message: { role: 'assistant', content: [{ type: 'text', text: reply }], provider: 'openai', model: 'gpt-x', usage: { input: this.prompt, output: 10, cacheRead: 0, cacheWrite: 0, totalTokens: this.prompt + 10 }, stopReason: 'stop' } });
    this.held += piTokens(reply);
  }

  /** A compaction keeping the last turn (OpenClaw's shape: tokensBefore, tokensAfter of the messages). */
  compact(): void {
    const kept = this.lines[this.lines.length - 2]!;
    const summary = `## Decisions\n- keep shipping on Fridays (${this.key}, compaction ${this.compactions + 1})`;
    const keptTokens = piTokens(JSON.stringify((kept.message as Json).content)) + 10;
    this.push({ type: 'compaction', summary, firstKeptEntryId: kept.id, tokensBefore: this.prompt, tokensAfter: piTokens(summary) + keptTokens });
    this.held = piTokens(summary) + keptTokens;
    this.compactions++;
  }

  row(): Json {
    const last = this.lines[this.lines.length - 1]!;
    const compacted = last.type === 'compaction';
    return {
      sessionId: this.sid,
      updatedAt: this.updatedAt + 1,
      contextTokens: WINDOW,
      modelProvider: 'openai',
      model: 'gpt-x',
      status: 'done',
      totalTokensFresh: true,
      compactionCount: this.compactions,
      // after a compaction OpenClaw counts its tokensAfter (the messages) and drops the call's input
      ...(compacted ? { totalTokens: last.tokensAfter } : { totalTokens: this.prompt, inputTokens: this.prompt }),
    };
  }
}

suite('Ahead of compaction in the real VS Code: the warning, the tree icon, the policy', () => {
  let api: OpenClawContextApi;
  let stateDir: string;
  let originalUi: Ui;
  let root: string;
  let dir: string;
  let sdir: string;
  const prompts: RecordedPrompt[] = [];
  let answer: (kind: string, message: string, buttons: string[]) => string | undefined = () => undefined;
  const sessions = new Map<string, Growing>();
  const cfg = () => vscode.workspace.getConfiguration('openclawContext');
  const G = vscode.ConfigurationTarget.Global;

  /** Append the new transcript lines, then write the rows (atomically), as OpenClaw does at a turn's end. */
  const write = () => {
    const index: Json = {};
    for (const g of sessions.values()) {
      const file = path.join(sdir, `${g.sid}.jsonl`);
      const header = { type: 'session', version: 3, id: g.sid, timestamp: new Date(0).toISOString(), cwd: dir };
      const fresh = g.lines.slice(g.written);
      if (fresh.length || !g.written) fs.appendFileSync(file, [...(g.written ? [] : [header]), ...fresh].map((l) => JSON.stringify(l)).join('\n') + '\n');
      g.written = g.lines.length;
      index[g.key] = g.row();
    }
    const tmp = path.join(sdir, 'sessions.json.tmp');
    fs.writeFileSync(tmp, JSON.stringify(index, null, 2));
    fs.renameSync(tmp, path.join(sdir, 'sessions.json'));
  };
  const model = (key: string) => api.service.model.sessions().find((s) => s.stateDir === dir && s.row.key === key);
  /** wait until the model shows the session's current row, then its last check */
  const settled = async (g: Growing): Promise<AheadOutcome> => {
    const want = g.row().totalTokens as number;
    await waitFor(() => {
      const s = model(g.key);
      return s && s.row.totalTokens === want && s.row.compactionCount === g.compactions && (s.index?.size ?? 0) >= g.lines.length ? true : undefined;
    }, `${g.key} at ${want}`);
    const uid = uidOf(api, dir, g.key);
    await waitFor(() => api.ahead.last.get(uid), `the check of ${g.key}`);
    return (await api.ahead.last.get(uid))!;
  };
  const grow = async (g: Growing, ...turns: number[]): Promise<AheadOutcome> => {
    const uid = uidOf(api, dir, g.key);
    const before = api.ahead.last.get(uid);
    for (const t of turns) g.turn(t);
    write();
    await waitFor(() => (api.ahead.last.get(uid) !== before ? true : undefined), `a new check of ${g.key}`);
    return settled(g);
  };
  const kinds = (kind: string, re: RegExp) => prompts.filter((p) => p.kind === kind && re.test(p.message));

  suiteSetup(async () => {
    ({ api, stateDir } = await activatedApi());
    originalUi = api.ui.current;
    const rec = recordingDialogs(prompts, { confirm: (m, b) => answer('confirm', m, b), info: (m, b) => answer('info', m, b), warn: (m, b) => answer('warn', m, b), error: (m, b) => answer('error', m, b) });
    api.ui.current = { ...originalUi, ...rec, pick: () => Promise.resolve(undefined), input: () => Promise.resolve(undefined) } as Ui;
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'oc-ctx-ahead-'));
    dir = path.join(root, 'state');
    sdir = path.join(dir, 'agents', 'main', 'sessions');
    fs.mkdirSync(sdir, { recursive: true });
    fs.mkdirSync(path.join(dir, 'workspace', 'memory'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'openclaw.json'), '{}\n');
    for (const [key, sid] of [
      ['agent:main:grow', 'grow-1'],
      ['agent:main:policy', 'policy-1'],
    ] as const) {
      const g = new Growing(key, sid);
      for (let i = 0; i < 6; i++) g.turn(T); // ~39k: far from the line
      sessions.set(key, g);
    }
    write();
    await api.ahead.resetEarlyExportConsent();
    await cfg().update('stateDir', [dir], G);
    await waitFor(() => (model('agent:main:grow') && model('agent:main:policy') ? true : undefined), 'the two sessions');
  });

  suiteTeardown(async () => {
    api.ui.current = originalUi;
    await api.service.pin(undefined);
    await cfg().update('policy.enabled', undefined, G);
    await cfg().update('compaction.warnTurns', undefined, G);
    await cfg().update('stateDir', undefined, G);
    await api.ahead.resetEarlyExportConsent();
    await waitFor(() => (api.service.model.stateDirs().length === 1 && api.service.model.stateDirs()[0]!.candidate.dir === path.resolve(stateDir) ? true : undefined), 'the state dir of the run again');
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('a session growing toward its line: the gauge and the tree say so, one notification offers the three actions, once until the next compaction', async () => {
    const g = sessions.get('agent:main:grow')!;
    const uid = uidOf(api, dir, g.key);
    await api.service.pin(uid);
    api.statusBar.update();
    assert.doesNotMatch(api.statusBar.text, /compaction/, `far from the line: no warning (${api.statusBar.text}; ${JSON.stringify(model(g.key)!.figures.forecast)})`);
    const o = await grow(g, T, T, T, T, T); // ~69k, growing ~6k per turn: the line (80k) in 2 turns
    const f = model(g.key)!.figures;
    assert.equal(f.forecast.lines.find((l) => l.id === 'compaction')?.turns, 2, JSON.stringify(f.forecast));
    assert.ok(o.warning, 'a notification');
    assert.match(o.warning.message, /agent:main:grow — compaction in about 2 turns \(69k of 100k, growing ~6\.0k per turn; OpenClaw compacts at 80k\)/);
    assert.doesNotMatch(o.warning.message, /epoch/i);
    assert.deepEqual(o.warning.buttons, [CHECKPOINT_BUTTON, FLUSH_NOW_BUTTON, COMPACT_NOW_BUTTON]);
    assert.equal(kinds('warn', /compaction in about 2 turns/).length, 1);
    await waitFor(() => (api.statusBar.text.endsWith(' · compaction in ~2 turns') ? true : undefined), `the gauge says it (is ${api.statusBar.text})`);
    assert.match(api.statusBar.tooltip, /\| Forecast \| \*\*compaction in about 2 turns/);
    assert.match(String(sessionTreeItem(api, dir, g.key).description), / · compaction in ~2 turns/);

    // one more turn, still before the line: no second notification
    const again = await grow(g, 2000);
    assert.equal(again.warning, undefined);
    assert.equal(kinds('warn', /agent:main:grow — compaction/).length, 1);

    // OpenClaw compacts: the gauge shows it for a moment, before → after
    const before = g.prompt;
    g.compact();
    write();
    await settled(g);
    await waitFor(() => (api.statusBar.text.startsWith('$(fold) compacted ') ? true : undefined), `the compaction on the gauge (is ${api.statusBar.text})`);
    assert.match(api.statusBar.text, new RegExp(`^\\$\\(fold\\) compacted ${(before / 1000).toFixed(0)}k → ~\\d`));
    await waitFor(() => (api.statusBar.text.startsWith('$(pulse) ') ? true : undefined), 'the gauge back to the figures', 10_000);

    // the next approach warns again (a new stretch between compactions)
    const next = await grow(g, ...Array<number>(10).fill(7000)); // ~9k → ~79k
    assert.ok(next.warning, `warned again: ${JSON.stringify(model(g.key)!.figures.forecast)}`);
    assert.equal(kinds('warn', /agent:main:grow — compaction/).length, 2);
  });

  test('Create Checkpoint from the notification runs the command for that session', async () => {
    const g = new Growing('agent:main:answer', 'answer-1');
    for (let i = 0; i < 6; i++) g.turn(T);
    sessions.set(g.key, g);
    write();
    await waitFor(() => model(g.key), 'the new session');
    assert.equal(listCheckpoints(dir, g.key).length, 0);
    answer = (kind, m) => (kind === 'warn' && /agent:main:answer — compaction/.test(m) ? CHECKPOINT_BUTTON : undefined);
    try {
      const o = await grow(g, T, T, T, T, T);
      assert.equal(o.warning?.chosen, CHECKPOINT_BUTTON);
      const cps = listCheckpoints(dir, g.key);
      assert.equal(cps.length, 1, 'a checkpoint of that session');
      assert.equal(cps[0]!.checkpoint?.meta.trigger, 'manual');
    } finally {
      answer = () => undefined;
    }
  });

  test('the Sessions tree: each session row shows its fill level as an icon in the level colour', async () => {
    for (const key of ['agent:main:grow', 'agent:main:policy', 'agent:main:answer']) {
      const s = model(key)!;
      const icon = sessionTreeItem(api, dir, key).iconPath as vscode.ThemeIcon;
      assert.equal(icon.id, LEVEL_ICONS[s.figures.level], key);
      assert.equal((icon.color as vscode.ThemeColor).id, levelColor(s.figures.level), key);
    }
    // the two levels these sessions are at differ, so do their icons
    assert.notEqual((sessionTreeItem(api, dir, 'agent:main:policy').iconPath as vscode.ThemeIcon).id, (sessionTreeItem(api, dir, 'agent:main:grow').iconPath as vscode.ThemeIcon).id);
  });

  test("seed 004's policy: the first early export is previewed, the cleanup is offered at 70 %, then the early export runs in the background", async () => {
    const g = sessions.get('agent:main:policy')!;
    const memFile = () => {
      const d = path.join(dir, 'workspace', 'memory');
      return fs.readdirSync(d).filter((f) => /^\d{4}-\d{2}-\d{2}\.md$/.test(f)).map((f) => fs.readFileSync(path.join(d, f), 'utf8')).join('\n');
    };
    await cfg().update('compaction.warnTurns', 0, G);
    const off = await grow(g, T, T); // ~51k, past 50 % while the policy is off
    assert.equal(off.earlyExport, undefined, 'off by default');
    await cfg().update('policy.enabled', true, G);
    await waitFor(() => (api.memoryCommands.deps.settings().policy.enabled ? true : undefined), 'the policy setting');
    answer = (kind, m, b) => (kind === 'confirm' && /^Append to memory\//.test(m) ? b[0] : undefined);
    try {
      const first = await grow(g, 1000); // still between 50 % and 70 %
      assert.equal(first.earlyExport?.previewed, true);
      assert.equal(first.earlyExport?.outcome.status, 'written');
      assert.equal(kinds('confirm', /^Append to memory\//).length, 1, `previewed and confirmed: ${JSON.stringify(prompts.map((p) => p.message))}`);
      assert.match(memFile(), /release R\d+ of agent:main:policy ships on Friday/);

      const cleanup = await grow(g, T, T, T); // ~70.1k: past 70 %, before OpenClaw's 76k and 80k
      assert.ok(cleanup.cleanup, 'the cleanup offer');
      assert.match(cleanup.cleanup.message, /agent:main:policy is at \d+% of its window, past the cleanup line \(70%\)/);
      assert.deepEqual(cleanup.cleanup.buttons, [CLEANUP_COMPACT_BUTTON, CLEANUP_TRIM_BUTTON]);
      assert.equal(cleanup.earlyExport, undefined, 'already exported before this compaction');

      g.compact();
      write();
      await settled(g);
      const confirms = kinds('confirm', /^Append to memory\//).length;
      const later = await grow(g, ...Array<number>(7).fill(T)); // ~51k: past 50 % again after the compaction
      assert.equal(later.earlyExport?.previewed, false);
      assert.equal(later.earlyExport?.outcome.status, 'written', JSON.stringify(later.earlyExport?.outcome));
      assert.equal(kinds('confirm', /^Append to memory\//).length, confirms, 'no dialog this time');
      assert.equal(kinds('info', /early export: flushed \d+ items? from agent:main:policy/).length, 1);
    } finally {
      answer = () => undefined;
    }
  });
});
