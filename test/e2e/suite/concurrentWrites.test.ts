/**
 * Concurrent writes from VS Code and the CLI (issue 15, Deliver 4): every writing command of the extension
 * is run up to its modal confirmation; while it waits there, the bundled CLI (dist/cli.js, on Node 24) writes
 * the same target with --yes; then the extension's confirmation is answered. The CLI's write lands, the
 * extension refuses with the "changed since the preview … re-plan" message and writes nothing, and the
 * transcript / memory file only grew by the CLI's one entry (earlier bytes identical). Then the other order:
 * the CLI plans and waits at its own y/N prompt (a pseudo-terminal through script(1)), the extension writes,
 * the CLI's "y" is refused with exit 1.
 *
 * Runs on a throwaway copy of the bundled demo state (SQLite agent `main`, JSONL agent `legacy`, workspace
 * `<state>/workspace`), selected through the `openclawContext.stateDir` setting and restored afterwards.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OpenClawContextApi } from '../../../src/extension';
import type { RestoreOutcome } from '../../../src/vscode/checkpoints/checkpoints';
import type { CompactOutcome, UndoOutcome } from '../../../src/vscode/compaction/compaction';
import type { FlushOutcome, RememberOutcome } from '../../../src/vscode/memory/memoryCommands';
import type { MemoryActionOutcome } from '../../../src/vscode/memory/memoriesTree';
import { parseCheckpointYaml } from '../../../src/core/checkpoint/yamlCodec';
import { RESTORE_CUSTOM_TYPE } from '../../../src/core/checkpoint/restore';
import { CompactionBreaker } from '../../../src/core/compaction/breaker';
import { parseDreams } from '../../../src/core/memory/dream/candidates';
import { activatedApi, compactButton, demoStateCopy, recordingDialogs, REPO, transcriptRows, waitFor, type RecordedPrompt } from './util';
import type { Ui } from '../../../src/vscode/shared/ui';

const NODE = process.env.NODE24_BIN || process.execPath;
const CLI = path.join(REPO, 'dist', 'cli.js');
/** what the user is shown when the target changed under the confirmation (core/store/lock.ts, the memory writers) */
const REPLAN = /changed since the preview.*(re-plan|again to see the new preview)/is;

interface CliRun {
  code: number;
  out: string;
  err: string;
}

suite('Concurrent writes: the extension and the CLI on the same target', () => {
  let api: OpenClawContextApi;
  let root: string;
  let dir: string;
  let home: string;
  let ws: string;
  let originalUi: Ui;
  const prompts: RecordedPrompt[] = [];
  /** what the modal confirmation does while the extension waits there (then the button it answers) */
  let atConfirm: (message: string, buttons: string[]) => Promise<string | undefined> = () => Promise.resolve(undefined);
  /** QuickPick answers by label, in order (a workspace pick takes the demo's workspace) */
  let picks: string[] = [];
  let inputs: Array<string | undefined> = [];

  const session = (key: string) => api.service.model.sessions().find((s) => s.stateDir === dir && s.row.key === key);
  const db = () => path.join(dir, 'agents/main/agent/openclaw-agent.sqlite');
  const jsonl = (key: string) => path.join(dir, 'agents/legacy/sessions', `${session(key)!.row.sessionId}.jsonl`);
  const read = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : '');
  const since = (n: number) => prompts.slice(n);

  /** The bundled CLI on this copy (its own HOME; the harness's OPENCLAW_* env would point it elsewhere). */
  function cli(args: string[], opts: { tty?: boolean; onOutput?: (all: string, stdin: NodeJS.WritableStream) => void } = {}): Promise<CliRun> {
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, OPENCLAW_CONTEXT_QUIET: '1' };
    delete env.OPENCLAW_STATE_DIR;
    delete env.OPENCLAW_CONFIG_PATH;
    const argv = [CLI, ...args, '--state-dir', dir];
    // a pseudo-terminal (script -e: the child's exit code) for the CLI's own y/N prompt
    const quote = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;
    const child = opts.tty ? spawn('script', ['-qefc', [NODE, ...argv].map(quote).join(' '), '/dev/null'], { env }) : spawn(NODE, argv, { env });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString('utf8');
      opts.onOutput?.(out, child.stdin);
    });
    child.stderr.on('data', (b: Buffer) => void (err += b.toString('utf8')));
    return new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve({ code: code ?? -1, out, err }));
    });
  }

  /** While the extension waits at its confirmation, the CLI writes with --yes; then the extension's button. */
  function cliAtConfirm(args: string[], button?: string | ((buttons: string[]) => string)): { result: () => CliRun } {
    let r: CliRun | undefined;
    atConfirm = async (_m, buttons) => {
      const b = typeof button === 'function' ? button(buttons) : button;
      if (b) assert.ok(buttons.includes(b), `the confirmation offers ${b} (${buttons.join()})`);
      r = await cli([...args, '--yes']);
      return b ?? buttons[0];
    };
    return {
      result: () => {
        assert.ok(r, 'the extension reached its confirmation and the CLI ran');
        return r;
      },
    };
  }

  /** The refusal the extension showed since prompt `n`: one warning or error with the re-plan wording. */
  function shownRefusal(n: number): RecordedPrompt {
    const shown = since(n).filter((p) => p.kind === 'warn' || p.kind === 'error');
    assert.equal(shown.length, 1, `one refusal shown: ${JSON.stringify(shown)}`);
    assert.match(shown[0]!.message, REPLAN);
    assert.ok(!since(n).some((p) => p.kind === 'info' && /OpenClaw Context: (compacted|restored|flushed|remembered)/.test(p.message)), 'no success message');
    return shown[0]!;
  }

  /** JSONL lines appended since `before` (the file must only have grown: its prefix byte-identical). */
  function appended(file: string, before: Buffer): Array<Record<string, unknown>> {
    const now = fs.readFileSync(file);
    assert.ok(now.subarray(0, before.length).equals(before), `${file}: earlier bytes identical`);
    return now
      .subarray(before.length)
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  }

  /** Wait until the extension's model has read the session up to its last stored entry. */
  async function synced(key: string): Promise<void> {
    const s = session(key)!;
    const last =
      s.era === 'sqlite'
        ? (JSON.parse(transcriptRows(db(), s.row.sessionId).pop()!.json!) as { id: string }).id
        : (JSON.parse(read(jsonl(key)).trimEnd().split('\n').pop()!) as { id: string }).id;
    await waitFor(() => api.service.model.ensureTranscript(session(key)!.uid)?.context?.path.some((e) => e.id === last) || session(key)!.context?.leafId === last, `${key} read up to ${last}`);
  }

  suiteSetup(async () => {
    ({ api } = await activatedApi());
    ({ root, dir } = demoStateCopy('oc-ctx-conc-'));
    home = path.join(root, 'home');
    fs.mkdirSync(home);
    ws = path.join(dir, 'workspace');
    const cfgFile = path.join(dir, 'openclaw.json');
    const cfg = JSON.parse(fs.readFileSync(cfgFile, 'utf8')) as { agents: { defaults: { compaction: Record<string, unknown> } } };
    cfg.agents.defaults.compaction.keepRecentTokens = 300;
    fs.writeFileSync(cfgFile, JSON.stringify(cfg, null, 2));
    const dialogs = { ...recordingDialogs(prompts, {}), confirm: (message: string, detail: string, ...buttons: string[]) => (prompts.push({ kind: 'confirm', message, detail, buttons }), atConfirm(message, buttons)) };
    const pick = <T extends vscode.QuickPickItem>(items: T[], opts: vscode.QuickPickOptions): Thenable<T | undefined> => {
      prompts.push({ kind: 'pick', message: opts.title ?? '', buttons: items.map((i) => i.label) });
      const inWs = items.find((i) => (i as { ws?: { dir: string } }).ws?.dir === ws);
      return Promise.resolve(inWs ?? items.find((i) => i.label === picks[0] && picks.shift()));
    };
    originalUi = api.ui.current;
    api.ui.current = { ...dialogs, pick, input: () => Promise.resolve(inputs.shift()) } as Ui;
    await vscode.workspace.getConfiguration('openclawContext').update('stateDir', dir, vscode.ConfigurationTarget.Global);
    await waitFor(() => session('agent:main:work') && session('agent:legacy:work') && api.memories.workspaces.some((w) => w.dir === ws), 'the demo state');
  });

  setup(() => {
    atConfirm = () => Promise.resolve(undefined);
    picks = [];
    inputs = [];
  });

  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  suiteTeardown(async () => {
    if (!api) return;
    api.ui.current = originalUi;
    await vscode.workspace.getConfiguration('openclawContext').update('stateDir', undefined, vscode.ConfigurationTarget.Global);
    await waitFor(() => !api.service.model.stateDirs().some((d) => d.candidate.dir === dir), 'the original state dir back');
    fs.rmSync(root, { recursive: true, force: true });
  });

  // ------------------------------------------------------------------------------------------ sessions

  /**
   * A session write (`run`, up to its confirmation) while the CLI runs `cliArgs` --yes on the same session:
   * the CLI says `done`, the extension's write is refused as changed, with the re-plan message shown.
   */
  async function sessionRace<T extends { status: string; result?: { ok: boolean; code?: string } }>(cliArgs: string[], button: string | ((buttons: string[]) => string), done: RegExp, run: () => Thenable<T>): Promise<T> {
    const race = cliAtConfirm(cliArgs, button);
    const n = prompts.length;
    const out = await run();
    const c = race.result();
    assert.equal(c.code, 0, c.err);
    assert.match(c.out, done);
    assert.equal(out.result && !out.result.ok && out.result.code, 'changed', JSON.stringify(out));
    shownRefusal(n);
    return out;
  }

  test('Undo Compaction (JSONL) while the CLI undoes it: the CLI marker lands, the extension refuses', async () => {
    const key = 'agent:legacy:work';
    await synced(key);
    const file = jsonl(key);
    const before = fs.readFileSync(file);
    const out = await sessionRace(['undo-compact', key], 'Undo Compaction', /^undone/m, () => vscode.commands.executeCommand<UndoOutcome>('openclawContext.undoCompaction', session(key)!.uid));
    assert.notEqual(out.status, 'undone');
    assert.match(out.reason ?? '', REPLAN);
    assert.deepEqual(
      appended(file, before).map((l) => [l.type, l.customType]),
      [['custom', 'openclaw-context.undo-compaction']],
      'exactly one marker: the CLI’s',
    );
  });

  // these small demo sessions' plans grow their messages: both sides make the explicit choice (--even-if-larger, "Compact Anyway")
  const compact = (key: string) => sessionRace(['compact', key, '--keep-recent-tokens', '300', '--even-if-larger'], compactButton, /^compacted /m, () => vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', session(key)!.uid));

  test('Compact Session (JSONL) while the CLI compacts it: one compaction (the CLI’s), the extension refuses', async () => {
    const key = 'agent:legacy:work';
    await synced(key); // after the undo above: compactable again
    const file = jsonl(key);
    const before = fs.readFileSync(file);
    assert.notEqual((await compact(key)).status, 'compacted');
    assert.deepEqual(appended(file, before).map((l) => l.type), ['compaction'], 'one compaction entry');
    assert.equal(new CompactionBreaker(dir).status(key).consecutiveFailures, 0, 'a stale plan is not a breaker failure');
  });

  test('Compact Session (SQLite) while the CLI compacts it: one compaction row (the CLI’s), earlier rows identical', async () => {
    const key = 'agent:main:work';
    await synced(key);
    const sid = session(key)!.row.sessionId;
    const before = transcriptRows(db(), sid);
    assert.notEqual((await compact(key)).status, 'compacted');
    const after = transcriptRows(db(), sid);
    assert.deepEqual(after.slice(0, before.length), before, 'earlier rows byte-identical');
    assert.deepEqual(
      after.slice(before.length).map((r) => (JSON.parse(r.json!) as { type: string }).type),
      ['compaction'],
      'exactly one row added',
    );
  });

  test('checkpoint Restore into Session (JSONL) while the CLI restores it: one restore note (the CLI’s)', async () => {
    const key = 'agent:legacy:main';
    const made = await cli(['checkpoint', 'create', key]);
    assert.equal(made.code, 0, made.err);
    const cpFile = /: (\S+\.yaml)/.exec(made.out)![1]!;
    await synced(key);
    const file = jsonl(key);
    const before = fs.readFileSync(file);
    const checkpoint = parseCheckpointYaml(read(cpFile), cpFile);
    const out = await sessionRace(['checkpoint', 'restore', key], 'Restore', /^restored /m, () => vscode.commands.executeCommand<RestoreOutcome>('openclawContext.restoreCheckpoint', { stateDir: dir, sessionKey: key, checkpoint }));
    assert.notEqual(out.status, 'restored');
    assert.deepEqual(appended(file, before).map((l) => [l.type, l.customType]), [['custom_message', RESTORE_CUSTOM_TYPE]], 'one restore note');
  });

  // ------------------------------------------------------------------------------------------ memory

  test('Flush Session to Memory while the CLI flushes it: one section in the day log (the CLI’s), the extension refuses', async () => {
    const key = 'agent:main:work';
    const race = cliAtConfirm(['flush', key], 'Append');
    const n = prompts.length;
    const out = await vscode.commands.executeCommand<FlushOutcome>('openclawContext.memory.flush', session(key)!.uid);
    const c = race.result();
    assert.equal(c.code, 0, c.err);
    assert.match(c.out, /^flushed /m);
    assert.equal(out.status, 'refused', out.reason);
    assert.ok(out.plan?.status === 'ok');
    shownRefusal(n);
    const day = read(path.join(ws, out.plan.targetRel));
    assert.ok(day.startsWith(out.plan.before), 'the day log as planned, then appended to');
    assert.equal(day.split(`· ${key}\n`).length - 1, 1, 'one flush section of the session');
    const state = JSON.parse(read(path.join(dir, 'context', 'memory', 'flush-state.json'))) as { sessions: Record<string, unknown> };
    assert.ok(state.sessions[key], 'the CLI’s flush is recorded');
  });

  test('Remember… while the CLI remembers in the same file: the CLI’s entry lands once, the extension’s is refused', async () => {
    const file = path.join(ws, 'memories', 'decisions.md');
    const mem0 = read(path.join(ws, 'MEMORY.md'));
    const before = read(file);
    const race = cliAtConfirm(['memory', 'remember', 'CLI: releases are tagged from main', '--type', 'decision'], 'Remember');
    picks = ['decision', 'normal'];
    inputs = [''];
    const n = prompts.length;
    const out = await vscode.commands.executeCommand<RememberOutcome>('openclawContext.memory.remember', 'VS Code: releases are cut on Tuesdays');
    const c = race.result();
    assert.equal(c.code, 0, c.err);
    assert.match(c.out, /^remembered in memories\/decisions\.md/m);
    assert.equal(out.status, 'refused', out.reason);
    assert.equal(out.plan?.targetRel, 'memories/decisions.md');
    shownRefusal(n);
    const text = read(file);
    assert.ok(text.startsWith(before), 'earlier bytes identical');
    assert.equal(text.split('CLI: releases are tagged from main').length - 1, 1, 'the CLI’s entry once');
    assert.ok(!text.includes('VS Code: releases are cut on Tuesdays'), 'nothing of the refused plan');
    const mem = read(path.join(ws, 'MEMORY.md'));
    assert.ok(mem.startsWith(mem0));
    assert.equal(mem.split('\n').filter((l) => l.includes('memories/decisions.md')).length, 1, 'one pointer');
  });

  let candidates: string[] = [];
  const status = (id: string) => parseDreams(read(path.join(ws, 'DREAMS.md'))).candidates.find((x) => x.id === id)!.status;

  /** `command` (Accept / Reject) on candidate `id` while the CLI accepts it: the extension refuses; the lines MEMORY.md gained. */
  async function dreamRace(command: string, id: string): Promise<string[]> {
    const mem0 = read(path.join(ws, 'MEMORY.md'));
    const race = cliAtConfirm(['memory', 'dream', 'accept', id]);
    const n = prompts.length;
    const out = await vscode.commands.executeCommand<MemoryActionOutcome>(command, { workspaceDir: ws, candidateId: id });
    const c = race.result();
    assert.equal(c.code, 0, c.err);
    assert.match(c.out, /^accepted/m);
    assert.equal(out.status, 'refused', JSON.stringify(out));
    shownRefusal(n);
    assert.equal(status(id), 'accepted', 'the CLI’s decision');
    const mem = read(path.join(ws, 'MEMORY.md'));
    assert.ok(mem.startsWith(mem0), 'earlier bytes identical');
    return mem.slice(mem0.length).split('\n').filter(Boolean);
  }

  test('Dream Accept while the CLI accepts the same candidate: one pointer line in MEMORY.md, the extension refuses', async () => {
    const staged = await cli(['memory', 'dream', '--yes']);
    assert.equal(staged.code, 0, staged.err);
    candidates = parseDreams(read(path.join(ws, 'DREAMS.md'))).candidates.filter((c) => c.status === 'pending').map((c) => c.id);
    assert.ok(candidates.length >= 2, `two candidates to decide (${candidates.length})`);
    assert.equal((await dreamRace('openclawContext.memory.acceptDream', candidates[0]!)).length, 1, 'exactly one pointer line');
  });

  test('Dream Reject while the CLI accepts that candidate: the CLI’s decision stands, the extension refuses', async () => {
    assert.equal((await dreamRace('openclawContext.memory.rejectDream', candidates[1]!)).length, 1, 'the CLI’s one pointer line');
  });

  // ------------------------------------------------------------------------------------------ the other order

  /** The CLI plans and waits at its y/N prompt; `write` runs; then "y": the CLI's answer. */
  async function cliHoldsPlan(args: string[], write: () => Promise<void>): Promise<CliRun> {
    let asked!: () => void;
    const atPrompt = new Promise<void>((r) => (asked = r));
    let stdin: NodeJS.WritableStream | undefined;
    const run = cli(args, {
      tty: true,
      onOutput: (all, s) => {
        if (!stdin && /\[y\/N\]/.test(all)) {
          stdin = s;
          asked();
        }
      },
    });
    await Promise.race([atPrompt, run.then((r) => assert.fail(`the CLI ended before its prompt: ${r.code} ${r.out}`))]);
    await write();
    stdin!.write('y\n');
    return run;
  }

  test('the other order: the extension compacts (SQLite) while the CLI holds its plan; the CLI’s "y" is refused (exit 1)', async () => {
    const key = 'agent:main:main';
    for (let i = 0; i < 3; i++) execFileSync(process.execPath, [path.join(REPO, 'scripts/demo-append.mjs'), dir, '--key', key, '--text', `Turn ${i}: check src/app-${i}.ts. ${'More detail. '.repeat(40)}`]);
    await synced(key);
    const sid = session(key)!.row.sessionId;
    const before = transcriptRows(db(), sid);
    let out: CompactOutcome | undefined;
    const c = await cliHoldsPlan(['compact', key, '--keep-recent-tokens', '300'], async () => {
      atConfirm = (_m, buttons) => Promise.resolve(compactButton(buttons));
      out = await vscode.commands.executeCommand<CompactOutcome>('openclawContext.compactSession', session(key)!.uid);
    });
    assert.equal(out?.status, 'compacted', out?.reason);
    assert.equal(c.code, 1, c.out);
    assert.match(c.out, REPLAN);
    assert.doesNotMatch(c.out, /^compacted /m);
    const after = transcriptRows(db(), sid);
    assert.deepEqual(after.slice(0, before.length), before, 'earlier rows byte-identical');
    const added = after.slice(before.length).map((r) => JSON.parse(r.json!) as { type: string; summary?: string });
    assert.deepEqual(added.map((e) => e.type), ['compaction'], 'one compaction: the extension’s');
    assert.equal(added[0]!.summary, out!.plan!.summary);
  });

  test('the other order: the extension remembers while the CLI holds its plan for the same file; the CLI is refused (exit 1)', async () => {
    const file = path.join(ws, 'memories', 'decisions.md');
    const before = read(file);
    let out: RememberOutcome | undefined;
    const c = await cliHoldsPlan(['memory', 'remember', 'CLI: held plan entry', '--type', 'decision'], async () => {
      atConfirm = () => Promise.resolve('Remember');
      picks = ['decision', 'normal'];
      inputs = [''];
      out = await vscode.commands.executeCommand<RememberOutcome>('openclawContext.memory.remember', 'VS Code: written first');
    });
    assert.equal(out?.status, 'written', out?.reason);
    assert.equal(c.code, 1, c.out);
    assert.match(c.out, /changed since the preview/i);
    const text = read(file);
    assert.ok(text.startsWith(before), 'earlier bytes identical');
    assert.equal(text.split('VS Code: written first').length - 1, 1, 'the extension’s entry once');
    assert.ok(!text.includes('CLI: held plan entry'), 'nothing of the refused plan');
  });
});
