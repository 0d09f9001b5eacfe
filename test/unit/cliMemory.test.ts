/**
 * The CLI's memory side (issue 8): memory lint|search|remember|dream, flush, tools, doctor — in-process
 * against copies of the real OpenClaw state (its workspace included) and the demo state. Files are checked
 * on disk; every "nothing written" is checked byte for byte.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { assertSchema, cli, WORK } from './support/cli';
import { materializeDemoState, materializeRealState, materializeSecondState, realStateForWrites, realDbPath, sqlite, tmpDir } from './helpers';

type Json = Record<string, unknown>;

/** Every file under `dir` with its text (to prove nothing changed). */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(path.relative(dir, p), fs.readFileSync(p, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

const ws = (state: string) => path.join(state, 'workspace');

describe('CLI: memory, flush, tools, doctor', function () {
  this.timeout(60_000);

  it('the configured workspace is missing on this machine: the state dir’s own workspace is used, and the missing one is reported', async function () {
    const state = materializeRealState();
    const cfg = JSON.parse(fs.readFileSync(path.join(state, 'openclaw.json'), 'utf8')) as { agents: { defaults: { workspace: string } } };
    assert.ok(!fs.existsSync(cfg.agents.defaults.workspace), 'the fixture names a workspace that does not exist here');
    const r = await cli(['memory', 'lint', '--state-dir', state, '--json']);
    assert.equal(r.code, 0, r.err);
    assertSchema('memory', r.json());
    assert.equal(r.json().workspace, ws(state));
    const [w] = r.json().workspaces as Json[];
    assert.deepEqual([w!.workspace, w!.agents, w!.found, w!.configuredWorkspace], [ws(state), ['main'], true, cfg.agents.defaults.workspace]);
    const human = await cli(['memory', 'lint', '--state-dir', state]);
    assert.ok(human.out.includes(`the workspace the config names (${cfg.agents.defaults.workspace}) is not on this machine`), human.out);
  });

  it('memory lint: every agent’s workspace, each named; a missing one is reported (exit 1), never replaced by another agent’s', async function () {
    const state = materializeSecondState();
    const r = await cli(['memory', 'lint', '--state-dir', state, '--json']);
    assert.equal(r.code, 0, r.err + r.out);
    assertSchema('memory', r.json());
    const seen = (r.json().workspaces as Json[]).map((w) => [w.agents, w.workspace, w.found]);
    assert.deepEqual(seen, [[['main'], ws(state), true], [['ops'], path.join(state, 'workspace-ops'), true]]);
    const human = await cli(['memory', 'lint', '--state-dir', state]);
    assert.match(human.out, new RegExp(`no problems in ${ws(state).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(agent main\\)`));
    assert.match(human.out, /no problems in .*workspace-ops \(agent ops\)/);
    // a problem is named with its workspace and agent
    fs.writeFileSync(path.join(state, 'workspace-ops', 'MEMORY.md'), '- Deploy notes → memories/deploy.md\n');
    const bad = await cli(['memory', 'lint', '--state-dir', state, '--json']);
    assert.equal(bad.code, 1);
    const dangling = (bad.json().problems as Json[]).find((x) => x.code === 'pointer-missing');
    assert.deepEqual([dangling?.workspace, dangling?.agents], [path.join(state, 'workspace-ops'), ['ops']]);
    // the default agent's workspace gone (the config names none, so its own folder): reported, and ops's is not linted in its place
    fs.rmSync(ws(state), { recursive: true });
    const gone = await cli(['memory', 'lint', '--state-dir', state, '--agent', 'main', '--json']);
    assert.equal(gone.code, 1);
    assert.deepEqual((gone.json().workspaces as Json[]).map((w) => [w.agents, w.workspace, w.found]), [[['main'], ws(state), false]]);
    assert.deepEqual(gone.json().problems, []);
    const goneText = await cli(['memory', 'lint', '--state-dir', state, '--agent', 'main']);
    assert.match(goneText.out, /agent main: workspace not found/);
    assert.doesNotMatch(goneText.out, /workspace-ops/);
  });

  it('doctor passes healthy OpenClaw installs (the real and the second state): the recommended memory layout is advice', async function () {
    for (const state of [realStateForWrites(), materializeSecondState()]) {
      const r = await cli(['doctor', '--state-dir', state, '--json']);
      assertSchema('doctor', r.json());
      const checks = r.json().checks as Array<{ id: string; ok: boolean; severity: string; subject: string | null; message: string }>;
      assert.deepEqual(checks.filter((c) => !c.ok && c.severity !== 'info'), [], 'no failed check');
      assert.equal(r.code, 0);
      const layout = checks.filter((c) => c.id === 'memories-files');
      assert.ok(layout.length && layout.every((c) => !c.ok && c.severity === 'info' && /^Advice: /.test(c.message)), 'the memories/ layout is advice');
    }
    // `openclaw setup` makes every agent workspace a Git repository (the fixtures are shipped without .git): still healthy
    const gitState = materializeSecondState();
    for (const dir of [ws(gitState), path.join(gitState, 'workspace-ops')]) if (spawnSync('git', ['init', '-q'], { cwd: dir }).status !== 0) fs.mkdirSync(path.join(dir, '.git', 'info'), { recursive: true });
    const withGit = await cli(['doctor', '--state-dir', gitState, '--json']);
    assert.deepEqual((withGit.json().checks as Array<{ ok: boolean; severity: string }>).filter((c) => !c.ok && c.severity !== 'info'), [], 'no failed check in Git workspaces without memories/');
    assert.equal(withGit.code, 0);
    // both agents' workspaces of the second state, named
    const second = materializeSecondState();
    const subjects = ((await cli(['doctor', '--state-dir', second, '--json'])).json().checks as Array<{ id: string; subject: string }>).filter((c) => c.id === 'memory-index').map((c) => c.subject);
    assert.deepEqual(subjects, [`${ws(second)} (agent main)`, `${path.join(second, 'workspace-ops')} (agent ops)`]);
  });

  it('memory lint: the real workspace is clean; a long line and a dangling pointer are reported 1-based (exit 1)', async function () {
    const state = materializeRealState();
    const clean = await cli(['memory', 'lint', '--state-dir', state, '--json']);
    assert.equal(clean.code, 0, clean.err);
    assertSchema('memory', clean.json());
    assert.deepEqual(clean.json().problems, []);
    const mem = path.join(ws(state), 'MEMORY.md');
    const before = fs.readFileSync(mem, 'utf8');
    fs.writeFileSync(mem, `${before}- ${'a very long line '.repeat(12)}\n- Deploy notes → memories/deploy.md\n`);
    const r = await cli(['memory', 'lint', '--state-dir', state, '--json']);
    assert.equal(r.code, 1);
    assertSchema('memory', r.json());
    const probs = r.json().problems as Array<Json & { line: number; code: string; fix: Json | null }>;
    const nLines = before.split('\n').length; // the new lines are nLines (1-based) and nLines + 1
    const long = probs.find((x) => x.code === 'line-too-long');
    assert.equal(long?.line, nLines);
    const dangling = probs.find((x) => x.code === 'pointer-missing');
    assert.equal(dangling?.line, nLines + 1);
    assert.ok(dangling?.fix, 'a dangling pointer line has a quick fix');
    const human = await cli(['memory', 'lint', '--state-dir', state]);
    assert.match(human.out, new RegExp(`MEMORY\\.md:${nLines}:\\d+: warning line-too-long`));
  });

  it('memory search with several agents: says which agent it searched and names the others, never hides them silently', async function () {
    // the second real dataset: "runbook" is only in agent ops's sessions; the default agent is main
    const state = materializeSecondState();
    const r = await cli(['memory', 'search', 'runbook', '--state-dir', state, '--json']);
    assertSchema('memory', r.json());
    assert.deepEqual([r.code, r.json().agent, r.json().otherAgents], [1, 'main', ['ops']]);
    const text = await cli(['memory', 'search', 'runbook', '--state-dir', state]);
    assert.match(text.out, /searched agent main only .*other agent here: ops \(pass --agent <id>\)/);
    const ops = await cli(['memory', 'search', 'runbook', '--state-dir', state, '--agent', 'ops', '--json']);
    assertSchema('memory', ops.json());
    assert.deepEqual([ops.code, ops.json().agent, ops.json().otherAgents], [0, 'ops', []]);
    assert.ok((ops.json().results as Json[]).some((x) => /^agent:ops:/.test(String(x.sessionKey))));
    assert.doesNotMatch((await cli(['memory', 'search', 'runbook', '--state-dir', state, '--agent', 'ops'])).out, /other agent/);
  });

  it('memory search: an identifier ranks its memory file first; CJK finds the 中文 line; nothing found → exit 1', async function () {
    const state = materializeRealState();
    const r = await cli(['memory', 'search', 'BLUE-HERON', '--state-dir', state, '--json']);
    assert.equal(r.code, 0, r.err);
    assertSchema('memory', r.json());
    const first = (r.json().results as Json[])[0]!;
    assert.equal(first.file, 'MEMORY.md');
    assert.ok(fs.readFileSync(first.path as string, 'utf8').split('\n')[(first.line as number) - 1]!.includes('BLUE-HERON'), 'the line points at the hit');
    const cjk = await cli(['memory', 'search', '中文', '--only', 'memory', '--state-dir', state, '--json']);
    assert.equal(cjk.code, 0);
    assert.ok((cjk.json().results as Json[]).every((x) => x.kind === 'memory'));
    assert.match((cjk.json().results as Json[])[0]!.snippet as string, /中文/);
    const tr = await cli(['memory', 'search', 'ORD-4471', '--only', 'transcript', '--state-dir', state, '--json']);
    assert.equal(tr.code, 0);
    const hit = (tr.json().results as Json[])[0]!;
    assert.equal(hit.kind, 'transcript');
    assert.match(hit.sessionKey as string, /^agent:main:/);
    const none = await cli(['memory', 'search', 'qqqzzzxxxjjj', '--state-dir', state, '--json']);
    assert.equal(none.code, 1);
    assert.deepEqual(none.json().results, []);
    for (const bad of [['memory', 'search'], ['memory', 'search', 'x', '--limit', '0'], ['memory', 'search', 'x', '--only', 'files'], ['memory', 'lint', '--limit', '3'], ['memory', 'frob']]) {
      assert.equal((await cli([...bad, '--state-dir', state])).code, 2, bad.join(' '));
    }
  });

  it('memory remember: preview, then exactly the planned text appended; read-only and no --yes write nothing', async function () {
    const state = realStateForWrites();
    const snap = snapshot(ws(state));
    const dry = await cli(['memory', 'remember', 'Deploys', 'go', 'through', 'staging', 'first', '--type', 'decision', '--priority', 'high', '--state-dir', state, '--dry-run', '--json']);
    assert.equal(dry.code, 0, dry.err);
    assertSchema('memory', dry.json());
    assert.equal(dry.json().target, 'memories/decisions.md');
    assert.deepEqual(snapshot(ws(state)), snap, 'a dry run writes nothing');
    const piped = await cli(['memory', 'remember', 'x', '--type', 'decision', '--state-dir', state]);
    assert.equal(piped.code, 2);
    const ro = await cli(['memory', 'remember', 'Deploys go through staging first', '--type', 'decision', '--read-only', '--yes', '--state-dir', state, '--json']);
    assert.equal(ro.json().status, 'read-only');
    assert.deepEqual(snapshot(ws(state)), snap, 'read-only writes nothing');
    const r = await cli(['memory', 'remember', 'Deploys go through staging first', '--type', 'decision', '--priority', 'high', '--yes', '--state-dir', state, '--json']);
    assert.equal(r.code, 0, r.err);
    const addition = r.json().addition as string;
    assert.match(addition, /\[high\].*Deploys go through staging first/);
    assert.ok(fs.readFileSync(path.join(ws(state), 'memories', 'decisions.md'), 'utf8').endsWith(addition));
    const idx = r.json().index as Json | null;
    if (idx) assert.ok(fs.readFileSync(path.join(ws(state), 'MEMORY.md'), 'utf8').endsWith(idx.addition as string), 'the pointer is the planned one');
    const bad = await cli(['memory', 'remember', 'x', '--type', 'gossip', '--yes', '--state-dir', state]);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /gossip/);
  });

  it('flush: dry run, then the dated section in memory/<day>.md; a second flush in the same epoch is NOTHING_TO_FLUSH', async function () {
    const state = realStateForWrites();
    const fixedNow = Date.parse('2026-11-22T09:30:00Z');
    const day = path.join(ws(state), 'memory', '2026-11-22.md');
    const dry = await cli(['flush', WORK, '--dry-run', '--state-dir', state, '--json'], { now: () => fixedNow });
    assert.equal(dry.code, 0, dry.err);
    assertSchema('flush', dry.json());
    assert.equal(dry.json().status, 'planned');
    assert.equal(dry.json().target, 'memory/2026-11-22.md');
    assert.ok(!fs.existsSync(day));
    const facts = dry.json().facts as Array<{ text: string }>;
    assert.ok(facts.some((f) => /notes\/plan\.md/.test(f.text)), 'the file the agent read is a fact');
    const r = await cli(['flush', WORK, '--yes', '--state-dir', state, '--json'], { now: () => fixedNow });
    assert.equal(r.code, 0, r.err);
    assertSchema('flush', r.json());
    assert.equal(r.json().status, 'written');
    const text = fs.readFileSync(day, 'utf8');
    assert.ok(text.endsWith(dry.json().addition as string), 'exactly the previewed section');
    assert.match(text, /Compaction pre-flush · agent:main:work/);
    const again = await cli(['flush', WORK, '--yes', '--state-dir', state, '--json'], { now: () => fixedNow + 60_000 });
    assert.equal(again.json().status, 'NOTHING_TO_FLUSH');
    assert.match(again.json().reason as string, /Already flushed since the last compaction/);
    assert.equal(fs.readFileSync(day, 'utf8'), text);
    const forced = await cli(['flush', WORK, '--yes', '--force', '--state-dir', state, '--json'], { now: () => fixedNow + 120_000 });
    assert.equal(forced.json().status, 'NOTHING_TO_FLUSH', 'forced, but nothing new since the last flush');
    assert.equal(fs.readFileSync(day, 'utf8'), text);
  });

  it('memory dream: candidates staged in DREAMS.md; accept adds one pointer to MEMORY.md; reject only marks', async function () {
    const state = realStateForWrites();
    const now = () => Date.parse('2026-11-22T08:00:00Z');
    const dry = await cli(['memory', 'dream', '--dry-run', '--state-dir', state, '--json'], { now });
    assert.equal(dry.code, 0, dry.err);
    assertSchema('memory', dry.json());
    const cands = dry.json().candidates as Array<{ id: string; finding: string }>;
    assert.ok(cands.length >= 1);
    assert.ok(!fs.existsSync(path.join(ws(state), 'DREAMS.md')));
    const w = await cli(['memory', 'dream', '--yes', '--state-dir', state, '--json'], { now });
    assert.equal(w.json().status, 'written');
    const dreams = fs.readFileSync(path.join(ws(state), 'DREAMS.md'), 'utf8');
    for (const c of cands) assert.ok(dreams.includes(c.id));
    const mem0 = fs.readFileSync(path.join(ws(state), 'MEMORY.md'), 'utf8');
    const acc = await cli(['memory', 'dream', 'accept', cands[0]!.id, '--yes', '--state-dir', state, '--json'], { now });
    assert.equal(acc.code, 0, acc.err);
    assertSchema('memory', acc.json());
    const mem1 = fs.readFileSync(path.join(ws(state), 'MEMORY.md'), 'utf8');
    assert.ok(mem1.startsWith(mem0));
    const added = mem1.slice(mem0.length).trim().split('\n');
    assert.equal(added.length, 1, 'one pointer line');
    assert.ok(added[0]!.length <= 150);
    assert.match(fs.readFileSync(path.join(ws(state), 'DREAMS.md'), 'utf8'), new RegExp(`${cands[0]!.id}\\][^]*?Status: accepted`));
    const twice = await cli(['memory', 'dream', 'accept', cands[0]!.id, '--yes', '--state-dir', state]);
    assert.equal(twice.code, 1);
    if (cands[1]) {
      const rej = await cli(['memory', 'dream', 'reject', cands[1].id, '--yes', '--state-dir', state, '--json'], { now });
      assert.equal(rej.code, 0, rej.err);
      assert.equal(fs.readFileSync(path.join(ws(state), 'MEMORY.md'), 'utf8'), mem1, 'reject never touches MEMORY.md');
    }
    assert.equal((await cli(['memory', 'dream', 'accept', '--yes', '--state-dir', state])).code, 2);
  });

  it('tools: per-tool calls match the tool calls in the database; --markdown prints seed 004’s block', async function () {
    const state = materializeRealState();
    const r = await cli(['tools', '--state-dir', state, '--json']);
    assert.equal(r.code, 0, r.err);
    assertSchema('tools', r.json());
    // count distinct tool-call ids per tool straight from the rows
    const db = new (sqlite().DatabaseSync)(realDbPath(state), { readOnly: true });
    const ids = new Map<string, Set<string>>();
    try {
      for (const row of db.prepare('SELECT event_json, event_zstd FROM transcript_events').all() as Array<{ event_json: string | null; event_zstd: Uint8Array | null }>) {
        const e = JSON.parse(row.event_json ?? zlib.zstdDecompressSync(row.event_zstd!).toString('utf8')) as { message?: { role?: string; content?: unknown } };
        if (e.message?.role !== 'assistant' || !Array.isArray(e.message.content)) continue;
        for (const b of e.message.content as Array<{ type?: string; name?: string; id?: string }>) if (b.type === 'toolCall' && b.name && b.id) (ids.get(b.name) ?? ids.set(b.name, new Set()).get(b.name)!).add(b.id);
      }
    } finally {
      db.close();
    }
    const tools = r.json().tools as Array<{ name: string; calls: number }>;
    assert.ok(tools.length > 0);
    assert.deepEqual(Object.fromEntries(tools.map((t) => [t.name, t.calls])), Object.fromEntries([...ids].map(([k, v]) => [k, v.size])));
    const md = await cli(['tools', '--markdown', '--state-dir', state]);
    assert.match(md.out, /### exec\n- Called \d+ times?, \d+% success rate/);
  });

  it('doctor: every check with a fix when it fails; a missing workspace and a missing state dir fail (exit 1)', async function () {
    const state = materializeRealState();
    const r = await cli(['doctor', '--state-dir', state, '--json']);
    assertSchema('doctor', r.json());
    const checks = r.json().checks as Array<{ id: string; ok: boolean; severity: string; fix: string | null; group: string }>;
    for (const id of ['sqlite-engine', 'zstd', 'state-dir', 'store', 'owner', 'gateway', 'memory-index']) assert.ok(checks.some((c) => c.id === id), `doctor checks ${id}`);
    const failed = checks.filter((c) => !c.ok && c.severity !== 'info');
    assert.equal(r.code, failed.length ? 1 : 0);
    assert.equal(r.json().failed, failed.length);
    for (const c of failed) assert.ok(c.fix, `${c.id} says how to fix it`);
    assert.ok(checks.find((c) => c.id === 'store')!.ok);
    fs.rmSync(path.join(state, 'workspace'), { recursive: true });
    const nows = await cli(['doctor', '--state-dir', state, '--json']);
    assert.equal(nows.code, 1);
    assert.ok((nows.json().checks as Array<{ id: string; ok: boolean }>).some((c) => c.id === 'workspace' && !c.ok));
    const gone = await cli(['doctor', '--state-dir', path.join(tmpDir(), 'nope'), '--json']);
    assert.equal(gone.code, 1);
    assert.ok((gone.json().checks as Array<{ id: string; ok: boolean }>).some((c) => c.id === 'state-dir' && !c.ok));
  });

  it('every command runs on the demo state (SQLite and JSONL agents) with JSON valid against its schema', async function () {
    const d = materializeDemoState();
    const sessions = (await cli(['sessions', '--state-dir', d, '--json'])).json().sessions as Array<{ key: string; era: string }>;
    assert.ok(sessions.some((s) => s.era === 'sqlite') && sessions.some((s) => s.era === 'jsonl'), 'both eras');
    const runs: Array<[string, string[]]> = [
      ['status', ['status']],
      ['sessions', ['sessions']],
      ['estimate', ['estimate', path.join(d, 'workspace', 'AGENTS.md')]],
      ['tools', ['tools']],
      ['memory', ['memory', 'lint']],
      ['memory', ['memory', 'search', 'OpenClaw']],
      ['memory', ['memory', 'dream', '--dry-run']],
      ['doctor', ['doctor']],
      ['checkpoint', ['checkpoint', 'list']],
    ];
    for (const s of sessions) {
      runs.push(['show', ['show', s.key, '--breakdown']], ['compact', ['compact', s.key, '--dry-run']], ['flush', ['flush', s.key, '--dry-run', '--workspace', path.join(d, 'workspace')]], ['checkpoint', ['checkpoint', 'create', s.key]], ['checkpoint', ['checkpoint', 'restore', s.key, '--dry-run']], ['undo-compact', ['undo-compact', s.key, '--dry-run']]);
    }
    for (const [schema, argv] of runs) {
      const r = await cli([...argv, '--state-dir', d, '--json']);
      assert.ok([0, 1].includes(r.code), `${argv.join(' ')} → ${r.code}: ${r.err}`);
      assertSchema(r.code === 0 || !('error' in r.json()) ? schema : 'error', r.json());
    }
  });
});
