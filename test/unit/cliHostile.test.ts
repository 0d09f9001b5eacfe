/**
 * Hostile and broken input through the CLI (issue 8): a corrupt SQLite file, a garbage config, a JSONL
 * transcript with a partial and a huge line, a session key that tries to leave its folder, absurd
 * arguments. Each gets a clear message and an exit code, and nothing outside our own folders changes.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { assertSchema, cli, WORK } from './support/cli';
import { materializeDemoState, materializeRealState, realDbPath, tmpDir } from './helpers';

type Json = Record<string, unknown>;

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) out.push(...listFiles(p));
    else out.push(p);
  }
  return out;
}

const demoState = materializeDemoState;

describe('CLI: hostile and broken input', function () {
  this.timeout(60_000);

  it('a truncated (corrupt) agent database: exit 3 naming the file and the SQLite error; the file untouched', async function () {
    const state = materializeRealState();
    const db = realDbPath(state);
    fs.writeFileSync(db, fs.readFileSync(db).subarray(0, 100_000));
    for (const x of ['-wal', '-shm']) fs.rmSync(db + x, { force: true });
    const before = fs.readFileSync(db);
    for (const argv of [['sessions'], ['status', '--json'], ['compact', WORK, '--yes']]) {
      const r = await cli([...argv, '--state-dir', state]);
      assert.equal(r.code, 3, `${argv.join(' ')}: ${r.err}`);
      assert.match(r.err, /openclaw-agent\.sqlite.*(malformed|not a database)/);
      if (argv.includes('--json')) assertSchema('error', r.json());
    }
    assert.ok(fs.readFileSync(db).equals(before));
  });

  it('a garbage openclaw.json: a warning on stderr naming the file, the sessions still listed with defaults', async function () {
    const state = materializeRealState();
    fs.writeFileSync(path.join(state, 'openclaw.json'), '{ this is not: json5 ][');
    const r = await cli(['status', '--state-dir', state, '--json']);
    assert.equal(r.code, 0, r.err);
    assert.match(r.err, /openclaw\.json: config not readable/);
    assertSchema('status', r.json());
    assert.equal((r.json().sessions as Json[]).length, 7);
  });

  it('a JSONL transcript with a partial last line and a 3 MB line: read past with a warning, compact still plans', async function () {
    const state = demoState();
    const file = path.join(state, 'agents', 'legacy', 'sessions', '9335172d-fe7b-41f1-b0db-bad58368e4f9.jsonl');
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    const last = JSON.parse(lines.at(-1)!) as Json;
    const huge = { type: 'message', id: 'hugeline1', parentId: last.id, timestamp: new Date().toISOString(), message: { role: 'user', content: 'x'.repeat(3_000_000), timestamp: Date.now() } };
    fs.appendFileSync(file, JSON.stringify(huge) + '\n' + '{"type":"message","id":"partial","parentId":"hugeline1","mess');
    const before = fs.readFileSync(file);
    const show = await cli(['show', 'agent:legacy:work', '--state-dir', state, '--json']);
    assert.equal(show.code, 0, show.err);
    const items = show.json().items as Json[];
    assert.equal(items.at(-1)!.id, 'hugeline1', 'the complete huge line is read; the partial one is not (yet) an entry');
    const plan = await cli(['compact', 'agent:legacy:work', '--dry-run', '--state-dir', state, '--json']);
    assert.equal(plan.code, 0, plan.err);
    assertSchema('compact', plan.json());
    assert.ok(fs.readFileSync(file).equals(before), 'reading never changes the transcript');
  });

  it('a session key that tries to leave its folder: the checkpoint lands inside <state>/context/checkpoints', async function () {
    const state = demoState();
    const idx = path.join(state, 'agents', 'legacy', 'sessions', 'sessions.json');
    const rows = JSON.parse(fs.readFileSync(idx, 'utf8')) as Record<string, Json>;
    const evil = 'agent:legacy:../../../../../tmp/evil\u0000x/..\\..\\CON';
    rows[evil] = rows['agent:legacy:work']!;
    delete rows['agent:legacy:work'];
    fs.writeFileSync(idx, JSON.stringify(rows));
    const outside = listFiles(path.dirname(state));
    const r = await cli(['checkpoint', 'create', evil.replace('\u0000', ''), '--state-dir', state, '--json']);
    // the NUL-free spelling is not the key: a clear "no session" …
    assert.equal(r.code, 2);
    // … and the key itself (NUL included) is refused as an argument
    const nul = await cli(['checkpoint', 'create', evil, '--state-dir', state]);
    assert.equal(nul.code, 2);
    assert.match(nul.err, /NUL/);
    // a key without NUL that still climbs
    const climb = 'agent:legacy:../../../../../tmp/evil/..\\..\\CON';
    rows[climb] = rows[evil]!;
    delete rows[evil];
    fs.writeFileSync(idx, JSON.stringify(rows));
    const ok = await cli(['checkpoint', 'create', climb, '--state-dir', state, '--json']);
    assert.equal(ok.code, 0, ok.err);
    const file = ok.json().file as string;
    const root = path.join(state, 'context', 'checkpoints');
    assert.ok(path.resolve(file).startsWith(root + path.sep), `${file} is inside ${root}`);
    const now = listFiles(path.dirname(state));
    const added = now.filter((f) => !outside.includes(f));
    assert.ok(added.length > 0 && added.every((f) => f.startsWith(path.join(state, 'context') + path.sep)), `only our folder grew: ${added.join(', ')}`);
    assert.ok(!fs.existsSync('/tmp/evil'), 'nothing escaped to /tmp/evil');
  });

  it('absurd arguments: a 3,000-character key is quoted short; unknown commands and options are exit 2', async function () {
    const state = materializeRealState();
    const long = await cli(['show', 'k'.repeat(3000), '--state-dir', state]);
    assert.equal(long.code, 2);
    assert.ok(long.err.length < 1200, 'the message does not echo the whole key');
    assert.match(long.err, /no session "k{10,}…"/);
    for (const argv of [['frobnicate'], ['status', '--fail-over', 'lots'], ['show'], ['estimate', 'a', 'b'], ['sessions', 'x'], ['status', '--agent', '../x']]) {
      const r = await cli([...argv, '--state-dir', state, '--json']);
      assert.equal(r.code, 2, argv.join(' '));
      assertSchema('error', r.json());
    }
  });
});
