/** Helpers shared by the in-host suites (not a suite itself: index.ts loads *.test.js only). */
import { spawn } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { OpenClawContextApi } from '../../../src/extension';
import type { PanelHost } from '../../../src/vscode/panel/contextPanel';
import type { PanelModel, PanelRenderStats } from '../../../src/core/context/panelTypes';
import { processStartTime } from '../../../src/core/store/processes';

export const EXT_ID = 'openclaw-context.openclaw-context';
/** the repo (extension development path): out/test/e2e/suite → ../../../.. */
export const REPO = path.resolve(__dirname, '../../../..');

/** Poll `fn` until it returns something other than undefined/false. */
export async function waitFor<T>(fn: () => T | undefined | false, what: string, ms = 15_000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = fn();
    if (v !== undefined && v !== false) return v;
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A throwaway copy of the first demo state (test/fixtures/demo-v1/openclaw-state: SQLite agent `main` + JSONL
 * agent `legacy`), marked for demo-append.
 */
export function demoStateCopy(prefix: string): { root: string; dir: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const dir = path.join(root, 'state');
  fs.cpSync(path.join(REPO, 'test/fixtures/demo-v1/openclaw-state'), dir, { recursive: true });
  const gz = path.join(dir, 'agents/main/agent/openclaw-agent.sqlite.gz');
  fs.writeFileSync(gz.slice(0, -3), zlib.gunzipSync(fs.readFileSync(gz)));
  fs.rmSync(gz);
  fs.writeFileSync(path.join(dir, '.openclaw-context-demo'), 'test copy\n');
  return { root, dir };
}

/** A session's transcript rows (seq, JSON when stored as text, a digest of the stored bytes). */
export function transcriptRows(db: string, sessionId: string): Array<{ seq: number; digest: string; json: string | null }> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { DatabaseSync } = require('node:sqlite') as typeof import('node:sqlite');
  const c = new DatabaseSync(db, { readOnly: true });
  try {
    return (c.prepare('SELECT seq, event_json, event_zstd FROM transcript_events WHERE session_id = ? ORDER BY seq').all(sessionId) as Array<{ seq: number; event_json: string | null; event_zstd: Uint8Array | null }>).map((r) => ({
      seq: r.seq,
      json: r.event_json,
      digest: crypto.createHash('sha256').update(r.event_json ?? Buffer.from(r.event_zstd ?? new Uint8Array())).digest('hex'),
    }));
  } finally {
    c.close();
  }
}

/** A live process holding a fabricated Gateway lock on `stateDir` (as OpenClaw writes it); `release()` ends both. */
export async function fakeGatewayLock(stateDir: string, name: string): Promise<{ release(): void }> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e9)'], { stdio: 'ignore' });
  await new Promise<void>((r) => child.once('spawn', () => r()));
  await sleep(100); // exec done: /proc shows its start time
  const startTime = processStartTime(child.pid!);
  const lockDir = path.join(stateDir, 'tmp', `openclaw-${process.getuid?.() ?? ''}`.replace(/-$/, ''));
  fs.mkdirSync(lockDir, { recursive: true });
  const lock = path.join(lockDir, `gateway.${name}.lock`);
  fs.writeFileSync(lock, JSON.stringify({ pid: child.pid, ownerId: 'e2e', createdAt: new Date().toISOString(), configPath: path.join(stateDir, 'openclaw.json'), stateDir, port: 18789, ...(startTime !== null ? { startTime } : {}) }, null, 2));
  return {
    release() {
      fs.rmSync(lock, { force: true });
      child.kill('SIGKILL');
    },
  };
}

/** The activated extension's API after its first read of the state, and the state dir the run uses. */
export async function activatedApi(): Promise<{ api: OpenClawContextApi; stateDir: string }> {
  const ext = vscode.extensions.getExtension<OpenClawContextApi>(EXT_ID);
  if (!ext) throw new Error(`${EXT_ID} is not installed`);
  const api = await ext.activate();
  await api.firstRefresh;
  const stateDir = process.env.OPENCLAW_STATE_DIR ?? '';
  if (!stateDir || !fs.existsSync(stateDir)) throw new Error(`OPENCLAW_STATE_DIR must point at a prepared state copy (got ${JSON.stringify(stateDir)})`);
  return { api, stateDir };
}

/** The open Markdown preview tabs (reports open rendered). */
export const markdownPreviewTabs = (): vscode.Tab[] =>
  vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && /markdown\.preview/.test(t.input.viewType));

/** A diff preview open when a question was asked (its texts, and whether it was the active tab). */
export interface ShownPreview {
  title: string;
  left: string;
  right: string;
  active: boolean;
}

/** One dialog a UI seam was asked to show (tests assert on them). */
export interface RecordedPrompt {
  kind: string;
  message: string;
  detail?: string;
  buttons: string[];
  /** a confirmation: the diff previews open while it asked (they close when the flow ends) */
  previews?: ShownPreview[];
}

/** The diff previews of our documents open now (texts read from their documents). */
export async function shownPreviews(): Promise<ShownPreview[]> {
  const out: ShownPreview[] = [];
  const active = vscode.window.tabGroups.activeTabGroup.activeTab;
  for (const t of vscode.window.tabGroups.all.flatMap((g) => g.tabs)) {
    if (!(t.input instanceof vscode.TabInputTextDiff) || !t.input.modified.scheme.startsWith('openclaw-')) continue;
    const left = (await vscode.workspace.openTextDocument(t.input.original)).getText();
    const right = (await vscode.workspace.openTextDocument(t.input.modified)).getText();
    out.push({ title: t.label, left, right, active: t === active });
  }
  return out;
}

/**
 * The button of a compaction confirmation that compacts: "Compact Anyway" when the plan does not shrink the
 * context (then "Keep As Is" is the default, first button), else "Compact" (core/compaction/viewModel.ts).
 */
export const compactButton = (buttons: readonly string[]): string => (buttons.includes('Compact Anyway') ? 'Compact Anyway' : 'Compact');

/**
 * confirm / info / warn / error for a UI seam (CheckpointUi, MemoryUi): each call is recorded in `prompts`
 * and answered by `answers[kind](message, buttons)` (no answer = dismissed). The modal confirm's first
 * argument after the message is its detail.
 */
export function recordingDialogs(prompts: RecordedPrompt[], answers: Partial<Record<'confirm' | 'info' | 'warn' | 'error', (message: string, buttons: string[]) => string | undefined>>) {
  const stub =
    (kind: 'confirm' | 'info' | 'warn' | 'error') =>
    async (message: string, ...rest: unknown[]): Promise<string | undefined> => {
      const detail = kind === 'confirm' ? (rest.shift() as string | undefined) : undefined;
      const buttons = rest as string[];
      const p: RecordedPrompt = { kind, message, detail, buttons };
      prompts.push(p);
      if (kind === 'confirm') p.previews = await shownPreviews();
      return answers[kind]?.(message, buttons);
    };
  // "Details" (the rest of a one-line message): recorded, nothing to answer
  const details = (message: string, detail: string): Thenable<unknown> => (prompts.push({ kind: 'details', message, detail, buttons: [] }), Promise.resolve(undefined));
  return { confirm: stub('confirm'), info: stub('info'), warn: stub('warn'), error: stub('error'), details };
}

/** A QuickPick for a UI seam: recorded in `prompts` (its labels, as one message) and answered by `answer(items)`. */
export function recordingPick(prompts: Array<{ kind: string; message: string; buttons: string[] }>, answer: (items: vscode.QuickPickItem[]) => vscode.QuickPickItem | undefined) {
  return async <T extends vscode.QuickPickItem>(items: T[]): Promise<T | undefined> => {
    prompts.push({ kind: 'pick', message: items.map((i) => i.label).join(' | '), buttons: [] });
    return answer(items) as T | undefined;
  };
}

/** The uid of the session `key` of state dir `dir` (the same key may be in several state dirs). */
export function uidOf(api: OpenClawContextApi, dir: string, key: string): string {
  const s = api.service.model.sessions().find((x) => x.stateDir === path.resolve(dir) && x.row.key === key);
  assert.ok(s, `no session ${key} in ${dir}`);
  return s.uid;
}

/** The Sessions tree item of a session, found by state dir and key through the tree itself. */
export function sessionTreeItem(api: OpenClawContextApi, dir: string, key: string): vscode.TreeItem {
  const dirNode = api.tree.getChildren().find((n) => n.type === 'stateDir' && n.info.candidate.dir === path.resolve(dir));
  assert.ok(dirNode, `state dir node for ${dir}`);
  for (const agent of api.tree.getChildren(dirNode)) {
    for (const n of api.tree.getChildren(agent)) {
      if (n.type === 'session' && api.service.model.get(n.uid)?.row.key === key) return api.tree.getTreeItem(n) as vscode.TreeItem;
    }
  }
  assert.fail(`no tree item for ${key} in ${dir}`);
}

/** Pin the session and render the status bar now (no waiting on its text): its text and tooltip markdown. */
export async function statusBarFor(api: OpenClawContextApi, dir: string, key: string): Promise<{ text: string; tooltip: string }> {
  const uid = uidOf(api, dir, key);
  await api.service.pin(uid);
  assert.equal(api.service.active()?.uid, uid);
  api.statusBar.update();
  assert.ok(api.statusBar.tooltip.includes(`\`${key}\``), `the status bar shows ${key}`);
  return { text: api.statusBar.text, tooltip: api.statusBar.tooltip };
}

/** Wait until a Context panel reports it drew something `ok` accepts (its webview posts what it drew). */
export function panelDrawn(host: PanelHost, ok: (s: PanelRenderStats, m: PanelModel) => boolean, what: string, ms = 15_000): Promise<PanelRenderStats> {
  return waitFor(() => (host.stats && host.model && ok(host.stats, host.model) ? host.stats : undefined), `${what} (panel drew ${JSON.stringify(host.stats ? { ...host.stats, labels: host.stats.labels.length } : undefined)})`, ms);
}

/** What the panel's bar must show for its model: one segment per positive part, labelled with the part. */
export function drawnAsModel(s: PanelRenderStats, m: PanelModel): boolean {
  const parts = (m.composition?.parts ?? []).filter((p) => p.tokens > 0);
  return s.uid === m.uid && s.segments === parts.length && parts.every((p, i) => s.labels[i]?.startsWith(p.label) && s.labels[i]!.includes(p.text)) && s.rows === m.sessions.length && s.lines === (m.composition?.lines.length ?? 0);
}
