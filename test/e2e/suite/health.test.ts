/**
 * In-host: each session state (core/context/health.ts) as the real VS Code shows it — the Sessions tree's
 * description word and icon, the tree tooltip's line, the status bar's tooltip line, Status words and colour —
 * and a context-engine plugin (plugins.slots.contextEngine: lossless-claw) replacing the flush and compaction
 * lines. Three throwaway state dirs: a JSONL one with one session per state, a copy of the real OpenClaw
 * database from just after its provider overflow, and a JSONL one whose config gives compaction to the plugin.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import * as vscode from 'vscode';
import type { OpenClawContextApi } from '../../../src/extension';
import { activatedApi, statusBarFor as pinnedStatusBar, sessionTreeItem, uidOf as uidIn, waitFor } from './util';

type Json = Record<string, unknown>;

const T0 = Date.parse('2026-11-20T10:00:00Z');
let clock = 0;
const at = () => new Date(T0 + ++clock * 1000).toISOString();
const user = (id: string, parentId: string | null): Json => ({ type: 'message', id, parentId, timestamp: at(), message: { role: 'user', content: [{ type: 'text', text: `question ${id}` }], timestamp: T0 + clock * 1000 } });
const reply = (id: string, parentId: string, extra: Json = {}): Json => ({
  type: 'message',
  id,
  parentId,
  timestamp: at(),
  message: { role: 'assistant', content: [{ type: 'text', text: `answer ${id}` }], provider: 'openai', model: 'gpt-x', usage: { input: 5000, output: 10, cacheRead: 0, cacheWrite: 0, totalTokens: 5010 }, stopReason: 'stop', timestamp: T0 + clock * 1000, ...extra },
});
const failure = (id: string, parentId: string, errorMessage: string, errorCode?: string): Json =>
  reply(id, parentId, { content: [], usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0 }, stopReason: 'error', errorMessage, ...(errorCode ? { errorCode } : {}) });
const compaction = (id: string, parentId: string, firstKeptEntryId: string): Json => ({ type: 'compaction', id, parentId, timestamp: at(), summary: `## Decisions\n- summary ${id}`, firstKeptEntryId, tokensBefore: 9000, tokensAfter: 2000 });

const OVERFLOW = "400 This model's maximum context length is 32768 tokens. However, your messages resulted in 49680 tokens. Please reduce the length of the messages.";

interface Fixture {
  key: string;
  lines: Json[];
  row: Json;
}

/** One session per state: key → transcript lines and row. */
export function stateSessions(): Fixture[] {
  const turn = (p: string): Json[] => [user(`${p}u`, null), reply(`${p}a`, `${p}u`)];
  const chainUp = (lines: Json[]): Json[] => lines.map((l, i) => (i === 0 ? l : { ...l, parentId: lines[i - 1]!.id }));
  const row = { updatedAt: T0 + 10_000_000, totalTokens: 5010, totalTokensFresh: true, contextTokens: 32768, modelProvider: 'openai', model: 'gpt-x', status: 'done' };
  return [
    { key: 'agent:main:fine', lines: chainUp(turn('f')), row },
    { key: 'agent:main:failed', lines: chainUp([...turn('x'), user('x2', null), failure('xe', 'x2', '429 rate limit reached')]), row: { ...row, status: 'failed' } },
    { key: 'agent:main:overflow', lines: chainUp([...turn('o'), user('o2', null), failure('oe', 'o2', OVERFLOW, 'context_length_exceeded')]), row: { ...row, status: 'failed', totalTokensFresh: false } },
    { key: 'agent:main:spiral', lines: chainUp([...turn('s1'), ...turn('s2'), compaction('c1', '', 's2u'), compaction('c2', '', 's2u'), ...turn('s3')]), row: { ...row, compactionCount: 2 } },
    { key: 'agent:main:stale', lines: chainUp(turn('t')), row: { ...row, totalTokensFresh: false } },
  ];
}

/** A JSONL-era state dir (agent main) with these sessions, and `config` as its openclaw.json. */
export function jsonlState(root: string, name: string, sessions: Fixture[], config: Json): string {
  const dir = path.join(root, name);
  const sdir = path.join(dir, 'agents', 'main', 'sessions');
  fs.mkdirSync(sdir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'openclaw.json'), JSON.stringify(config, null, 2));
  const index: Json = {};
  sessions.forEach((s, i) => {
    const sid = `${name}-${i}`;
    const header = { type: 'session', version: 3, id: sid, timestamp: new Date(T0).toISOString(), cwd: dir };
    fs.writeFileSync(path.join(sdir, `${sid}.jsonl`), [header, ...s.lines].map((l) => JSON.stringify(l)).join('\n') + '\n');
    index[s.key] = { sessionId: sid, ...s.row };
  });
  fs.writeFileSync(path.join(sdir, 'sessions.json'), JSON.stringify(index, null, 2));
  return dir;
}

/** The real fixture state with the database from just after agent:main:work's provider overflow. */
function realOverflowState(root: string): string {
  const fixtures = process.env.OC_CTX_FIXTURES ?? '';
  assert.ok(fixtures && fs.existsSync(fixtures), 'OC_CTX_FIXTURES points at test/fixtures');
  const dir = path.join(root, 'real-overflow');
  fs.cpSync(path.join(fixtures, 'openclaw-real', 'state'), dir, { recursive: true });
  const db = path.join(dir, 'agents', 'main', 'agent', 'openclaw-agent.sqlite');
  fs.rmSync(`${db}.gz`);
  fs.writeFileSync(db, zlib.gunzipSync(fs.readFileSync(path.join(fixtures, 'openclaw-real', 'openclaw-agent.pre-external.sqlite.gz'))));
  return dir;
}

suite('Session state and context-engine plugins in the real VS Code', () => {
  let api: OpenClawContextApi;
  let stateDir: string;
  let root: string;
  let statesDir: string;
  let pluginDir: string;
  let realDir: string;
  const cfg = () => vscode.workspace.getConfiguration('openclawContext');

  suiteSetup(async () => {
    ({ api, stateDir } = await activatedApi());
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'oc-ctx-health-'));
    statesDir = jsonlState(root, 'states', stateSessions(), {});
    pluginDir = jsonlState(root, 'plugin', [stateSessions()[0]!], { plugins: { slots: { contextEngine: 'lossless-claw' }, entries: { 'lossless-claw': { enabled: true } } } });
    realDir = realOverflowState(root);
    await cfg().update('stateDir', [statesDir, pluginDir, realDir], vscode.ConfigurationTarget.Global);
    await waitFor(() => (api.service.model.stateDirs().length === 3 && api.service.model.sessions().length >= 7 ? true : undefined), 'the three state dirs');
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('openclawContext.unpinSession');
    await cfg().update('stateDir', undefined, vscode.ConfigurationTarget.Global);
    // the suites after this one see the run's own state dir again
    await waitFor(() => (api.service.model.stateDirs().length === 1 && api.service.model.stateDirs()[0]!.candidate.dir === path.resolve(stateDir) ? true : undefined), 'the state dir of the run again');
    fs.rmSync(root, { recursive: true, force: true });
  });

  const treeItem = (dir: string, key: string) => sessionTreeItem(api, dir, key);
  const uidOf = (dir: string, key: string) => uidIn(api, dir, key);
  const iconOf = (item: vscode.TreeItem) => item.iconPath as vscode.ThemeIcon;
  const tooltipOf = (item: vscode.TreeItem) => (item.tooltip as vscode.MarkdownString).value;

  /** Pin the session and render the status bar now (the same key is in two state dirs): its tooltip. */
  const statusBarFor = async (dir: string, key: string): Promise<string> => (await pinnedStatusBar(api, dir, key)).tooltip;

  const cases: Array<{ key: string; word?: string; icon: string; color: string; line: RegExp; status: RegExp }> = [
    { key: 'agent:main:fine', icon: 'circle-large-outline', color: 'charts.green', line: /^(?![\s\S]*\*\*(overflow|failed|compaction loop|not current)\*\*)/, status: /_Status: fine\./ },
    { key: 'agent:main:failed', word: 'failed', icon: 'error', color: 'charts.red', line: /\*\*failed\*\*: The last turn failed: 429 rate limit reached/, status: /_Status: failed\./ },
    { key: 'agent:main:overflow', word: 'overflow', icon: 'error', color: 'charts.red', line: /\*\*overflow\*\*: The last turn failed: the prompt was too big for the model's window \\\(the provider counted 49,680 tokens; the limit is 32,768\\\)/, status: /_Status: overflow, not current\./ },
    { key: 'agent:main:spiral', word: 'compaction loop', icon: 'sync', color: 'charts.orange', line: /\*\*compaction loop\*\*: Compacting over and over: two compactions with no turn between them/, status: /_Status: compaction loop\./ },
    { key: 'agent:main:stale', word: 'not current', icon: 'circle-large-outline', color: 'charts.green', line: /\*\*not current\*\*: OpenClaw's own count is not current: OpenClaw marked its count out of date/, status: /_Status: not current\./ },
  ];

  for (const c of cases) {
    test(`${c.key}: tree description and icon, tree tooltip and status bar line`, async () => {
      const item = treeItem(statesDir, c.key);
      const desc = String(item.description);
      if (c.word) assert.ok(desc.split(' · ').includes(c.word), `${c.key}: "${c.word}" in "${desc}"`);
      else assert.doesNotMatch(desc, /overflow|failed|compaction loop|not current/);
      assert.equal(iconOf(item).id, c.icon);
      assert.equal((iconOf(item).color as vscode.ThemeColor).id, c.color);
      assert.match(tooltipOf(item), c.line);
      const tip = await statusBarFor(statesDir, c.key);
      assert.match(tip, c.line);
      assert.match(tip, c.status);
      if (c.key !== 'agent:main:fine') assert.doesNotMatch(tip, /Status: fine/);
    });
  }

  test('the real database just after the provider overflow: agent:main:work is not "fine" and its estimate is not current', async () => {
    const item = treeItem(realDir, 'agent:main:work');
    assert.match(String(item.description), / · overflow · not current$/);
    assert.equal(iconOf(item).id, 'error');
    const tip = await statusBarFor(realDir, 'agent:main:work');
    assert.match(tip, /the provider counted 49,680 tokens; the limit is 32,768/);
    assert.doesNotMatch(tip, /Status: fine/);
    assert.doesNotMatch(tip, /\| Message estimates \| OpenClaw's chars\/4/);
    assert.match(tip, /\| Message estimates \(not current\) \| OpenClaw's chars\/4/);
    for (const key of ['agent:main:main', 'agent:main:rpc', 'agent:main:ext']) assert.equal(iconOf(treeItem(realDir, key)).id, 'circle-large-outline', key);
  });

  test('lossless-claw owns compaction: the tooltip says so instead of the flush and compaction lines; the state dir says it; Compact is refused', async () => {
    const tip = await statusBarFor(pluginDir, 'agent:main:fine');
    assert.match(tip, /\| Compaction \| Compaction is done by the lossless\\-claw plugin: OpenClaw's own memory flush and compaction do not run for this session\\\. \|/);
    assert.doesNotMatch(tip, /To memory flush|To compaction/);
    const plain = await statusBarFor(statesDir, 'agent:main:fine');
    assert.match(plain, /\| To memory flush \|/);
    const dirNode = api.tree.getChildren().find((n) => n.type === 'stateDir' && n.info.candidate.dir === path.resolve(pluginDir))!;
    assert.match(String(api.tree.getTreeItem(dirNode).description), /compaction by lossless-claw/);
    const before = fs.readFileSync(path.join(pluginDir, 'agents', 'main', 'sessions', 'plugin-0.jsonl'), 'utf8');
    const o = (await vscode.commands.executeCommand('openclawContext.compactSession', uidOf(pluginDir, 'agent:main:fine'))) as { status: string; reason?: string } | undefined;
    assert.equal(o?.status, 'refused');
    assert.match(o?.reason ?? '', /the lossless-claw plugin compacts this session/);
    assert.equal(fs.readFileSync(path.join(pluginDir, 'agents', 'main', 'sessions', 'plugin-0.jsonl'), 'utf8'), before);
  });
});
