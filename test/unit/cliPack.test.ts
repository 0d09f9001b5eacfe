/**
 * End to end from the packed npm tarball (issue 8): `npm pack` the repo (.npmignore keeps dist/cli.js,
 * the schemas and the docs), install the tarball into an empty temp project with no network, and run the
 * installed `openclaw-context` bin through `npx` on a copy of the real OpenClaw state.
 */
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { assertSchema } from './support/cli';
import { materializeRealState, realDbPath, repoPath, tmpDir } from './helpers';

type Json = Record<string, unknown>;

describe('CLI from the packed npm tarball', function () {
  this.timeout(180_000);
  let app: string;
  let tarball: string;
  // the bin's shebang is `#!/usr/bin/env node`: put this Node (≥ 22.13, for node:sqlite) first on PATH
  const env = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`, NO_COLOR: '1', npm_config_update_notifier: 'false' };
  const run = (cmd: string, args: string[], cwd: string, input?: string): SpawnSyncReturns<string> => spawnSync(cmd, args, { cwd, env, encoding: 'utf8', input, timeout: 120_000 });

  before(function () {
    assert.ok(fs.existsSync(repoPath('dist', 'cli.js')), 'dist/cli.js is built (npm run build) before the unit tests');
    const out = tmpDir('occtx-pack-');
    const pack = run('npm', ['pack', '--json', '--pack-destination', out], repoPath());
    assert.equal(pack.status, 0, pack.stderr);
    const info = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
    tarball = path.join(out, info[0]!.filename);
    const files = info[0]!.files.map((f) => f.path).sort();
    assert.ok(files.includes('dist/cli.js'), 'the bin is in the tarball');
    assert.ok(files.includes('schemas/cli/status.schema.json'), 'the schemas are in the tarball');
    assert.ok(!files.some((f) => f.startsWith('src/') || f.startsWith('test/') || f.startsWith('node_modules/') || f === 'dist/extension.js'), `only the CLI's files: ${files.join(', ')}`);
    app = tmpDir('occtx-app-');
    fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'occtx-pack-test', version: '1.0.0', private: true }));
    const inst = run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], app);
    assert.equal(inst.status, 0, inst.stderr);
  });

  it('installs a working `openclaw-context` bin with no dependencies to fetch', function () {
    const bin = path.join(app, 'node_modules', '.bin', 'openclaw-context');
    assert.ok(fs.existsSync(bin), 'npm linked the bin');
    const installed = JSON.parse(fs.readFileSync(path.join(app, 'node_modules', 'openclaw-context', 'package.json'), 'utf8')) as Json;
    assert.deepEqual(installed.bin, { 'openclaw-context': 'dist/cli.js' });
    const help = run('npx', ['--offline', 'openclaw-context', '--help'], app);
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /Usage: openclaw-context <command>/);
    for (const c of ['status', 'sessions', 'show', 'estimate', 'compact', 'undo-compact', 'checkpoint']) assert.match(help.stdout, new RegExp(`\\n  ${c}\\b`), c);
  });

  it('status, show, compact --dry-run on the real state; JSON valid against the packaged schemas; exit codes', function () {
    const state = materializeRealState();
    const before = fs.readFileSync(realDbPath(state));
    const schemaDir = path.join(app, 'node_modules', 'openclaw-context', 'schemas', 'cli');
    const status = run('npx', ['--offline', 'openclaw-context', 'status', '--state-dir', state, '--json'], app);
    assert.equal(status.status, 0, status.stderr);
    const doc = JSON.parse(status.stdout) as Json;
    assertSchema('status', doc);
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(schemaDir, 'status.schema.json'), 'utf8')), JSON.parse(fs.readFileSync(repoPath('schemas', 'cli', 'status.schema.json'), 'utf8')), 'the packaged schema is the repo’s');
    assert.equal((doc.sessions as Json[]).length, 7);
    const plan = run('npx', ['--offline', 'openclaw-context', 'compact', 'work', '--dry-run', '--keep-recent-tokens', '300', '--state-dir', state, '--json'], app);
    assert.equal(plan.status, 0, plan.stderr);
    assertSchema('compact', JSON.parse(plan.stdout));
    const est = run('npx', ['--offline', 'openclaw-context', 'estimate', '-', '--json'], app, 'hello world, 你好');
    assert.equal(est.status, 0, est.stderr);
    assertSchema('estimate', JSON.parse(est.stdout));
    const write = run('npx', ['--offline', 'openclaw-context', 'compact', 'work', '--keep-recent-tokens', '300', '--state-dir', state], app, '');
    assert.equal(write.status, 2, 'a write without --yes off a terminal is a usage error');
    assert.ok(fs.readFileSync(realDbPath(state)).equals(before), 'nothing was written');
    const mem = run('npx', ['--offline', 'openclaw-context', 'memory', 'search', 'BLUE-HERON', '--state-dir', state, '--json'], app);
    assert.equal(mem.status, 0, mem.stderr);
    assertSchema('memory', JSON.parse(mem.stdout));
    assert.match(mem.stderr, /indexing/, 'progress goes to stderr, stdout stays one JSON document');
    const doctor = run('npx', ['--offline', 'openclaw-context', 'doctor', '--state-dir', state, '--json'], app);
    assertSchema('doctor', JSON.parse(doctor.stdout));
    assert.ok([0, 1].includes(doctor.status ?? -1), doctor.stderr);
    const missing = run('npx', ['--offline', 'openclaw-context', 'sessions', '--state-dir', path.join(state, 'nope')], app);
    assert.equal(missing.status, 3);
    assert.match(missing.stderr, /state dir not found/);
  });
});
