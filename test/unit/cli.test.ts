/**
 * The CLI (issue 8, first slice): `main(argv, io)` in-process against a temp copy of the real OpenClaw
 * state, JSON outputs validated against schemas/cli/*.schema.json, and the built dist/cli.js once.
 */
import assert from 'node:assert/strict';
import { formatTokens } from '../../src/core/context/format';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { main } from '../../src/cli/main';
import { parseArgs, GLOBAL_OPTIONS, UsageError } from '../../src/cli/args';
import type { CliIo } from '../../src/cli/io';
import { estimateTokens } from '../../src/core/tokens/estimator';
import { writeCheckpoint } from '../../src/core/checkpoint/store';
import { fixturePath, materializeRealState, repoPath, tmpDir } from './helpers';
import { seedExample } from './support/checkpoints';
import { assertSchema, cli, schemaOf, validate, WORK } from './support/cli';

type Json = Record<string, unknown>;


describe('CLI: argument parser', function () {
  it('parses --x v, --x=v, repeatable options, booleans, -- and -h', function () {
    const p = parseArgs(['a', '--state-dir', '/x', '--state-dir=/y', '--json', '--', '--not-an-option', '-h'], GLOBAL_OPTIONS);
    assert.deepEqual(p.positionals, ['a', '--not-an-option', '-h']);
    assert.deepEqual(p.options['state-dir'], ['/x', '/y']);
    assert.equal(p.options.json, true);
    assert.equal(parseArgs(['-h'], GLOBAL_OPTIONS).options.help, true);
  });
  it('rejects unknown options, missing values, values on flags, NUL bytes and huge arguments', function () {
    for (const argv of [['--nope'], ['--state-dir'], ['--agent', '--json'], ['--json=1'], ['-x'], ['a\0b'], ['x'.repeat(5000)]]) {
      assert.throws(() => parseArgs(argv, GLOBAL_OPTIONS), UsageError, JSON.stringify(argv).slice(0, 40));
    }
  });
});

describe('CLI over the real OpenClaw state', function () {
  let state: string;
  const openclaw = JSON.parse(fs.readFileSync(fixturePath('openclaw-real', 'cli', 'sessions-final.json'), 'utf8')) as {
    sessions: Array<{ key: string; totalTokens: number | null; totalTokensFresh: boolean; contextTokens: number; agentId: string }>;
  };
  before(function () {
    state = materializeRealState();
  });

  it('status --json: the same sessions and figures OpenClaw printed, valid against its schema', async function () {
    const r = await cli(['status', '--state-dir', state, '--json']);
    assert.equal(r.code, 0, r.err);
    const doc = r.json();
    assertSchema('status', doc);
    const sessions = doc.sessions as Array<Json & { openclaw: Json }>;
    assert.deepEqual(sessions.map((s) => s.key).sort(), openclaw.sessions.map((s) => s.key).sort());
    assert.equal(openclaw.sessions.length, 7);
    for (const c of openclaw.sessions) {
      const s = sessions.find((x) => x.key === c.key)!;
      assert.equal(s.window, c.contextTokens, `${c.key}: window`);
      assert.equal(s.agentId, c.agentId);
      assert.equal(s.openclaw.totalTokensFresh, c.totalTokensFresh);
      if (c.totalTokensFresh) {
        assert.equal(s.used, c.totalTokens, `${c.key}: used`);
        assert.equal(s.estimated, false);
        assert.equal(s.percent, Math.round((c.totalTokens! / c.contextTokens) * 100));
      } else assert.equal(s.estimated, true, `${c.key}: estimated`);
    }
    // newest activity first, like OpenClaw's listing
    assert.equal(sessions[0]!.key, openclaw.sessions[0]!.key);
    assert.equal(r.err, '');
  });

  it('status <key> (full or short), human output, --fail-over → exit 1 at or over the line', async function () {
    const one = await cli(['status', 'work', '--state-dir', state, '--json']);
    assert.equal(one.code, 0, one.err);
    assert.deepEqual((one.json().sessions as Json[]).map((s) => s.key), [WORK]);
    const human = await cli(['--state-dir', state, 'status', WORK]);
    assert.equal(human.code, 0);
    assert.match(human.out, /30% 9\.7k\/33k {2}agent:main:work/);
    const over = await cli(['status', '--state-dir', state, '--fail-over', '28', '--json']);
    assert.equal(over.code, 1);
    assertSchema('status', over.json());
    assert.deepEqual(over.json().over, [WORK, 'agent:main:dashboard:0c9e5420-4b4c-4526-9df1-2be93bb83f2a']);
    const under = await cli(['status', '--state-dir', state, '--fail-over=90']);
    assert.equal(under.code, 0);
    assert.match(under.out, /all under 90%/);
  });

  it('sessions: a table (colours only on a TTY without NO_COLOR) and --json', async function () {
    const r = await cli(['sessions', '--state-dir', state]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^KEY +AGENT +ERA +USED\/WINDOW \(%\) +COMPACTIONS +STATE +LAST ACTIVITY\n/);
    assert.match(r.out, /agent:main:work +main +sqlite +9\.7k\/33k \(30%\) +0 +fine /);
    // the fork OpenClaw prints as "unknown": our figure is an estimate, its state says why
    assert.match(r.out, /agent:main:dashboard:\S+ +main +sqlite +~9\.7k\/33k \(~30%\) +0 +not current /);
    assert.ok(!r.out.includes('\u001b['), 'no colour when not a TTY');
    const tty = await cli(['sessions', '--state-dir', state], { isTTY: true });
    assert.ok(tty.out.includes('\u001b[32m'), 'colour on a TTY');
    const noColor = await cli(['sessions', '--state-dir', state], { isTTY: true, env: { NO_COLOR: '1', HOME: tmpDir() } });
    assert.ok(!noColor.out.includes('\u001b['), 'NO_COLOR');
    const j = await cli(['sessions', '--state-dir', state, '--json', '--agent', 'main']);
    assertSchema('sessions', j.json());
    assert.equal((j.json().sessions as Json[]).length, 7);
  });

  it('show <key> --breakdown: the active context items and what it is made of', async function () {
    const r = await cli(['show', WORK, '--breakdown', '--state-dir', state, '--json']);
    assert.equal(r.code, 0, r.err);
    const doc = r.json();
    assertSchema('show', doc);
    assert.equal(doc.itemCount, 12);
    const items = doc.items as Json[];
    assert.deepEqual(items.slice(0, 3).map((i) => i.role), ['user', 'assistant', 'toolResult']);
    const bd = doc.breakdown as Json[];
    assert.ok(bd.some((b) => b.id === 'system' && (b.tokens as number) > 0));
    assert.ok(bd.some((b) => b.id === 'bootstrap' && String(b.detail).includes('AGENTS.md')));
    const plain = await cli(['show', 'work', '--state-dir', state, '--json']);
    assert.equal(plain.json().breakdown, null);
    const human = await cli(['show', 'work', '--state-dir', state, '--breakdown']);
    assert.match(human.out, /12 items in context/);
    assert.match(human.out, /Breakdown:\n {2}System prompt/);
  });

  it('compact --dry-run: the plan, tokens before → after, quality and audit; without --yes off a terminal: exit 2', async function () {
    const db = path.join(state, 'agents', 'main', 'agent', 'openclaw-agent.sqlite');
    const before = fs.readFileSync(db);
    const r = await cli(['compact', WORK, '--dry-run', '--keep-recent-tokens', '500', '--state-dir', state, '--json']);
    assert.equal(r.code, 0, r.err);
    const doc = r.json();
    assertSchema('compact', doc);
    const plan = doc.plan as Json & { quality: Json; audit: Json; entry: Json; context: Json };
    assert.equal(doc.compactable, true);
    assert.equal(plan.entry.tokensBefore, 9712, "tokensBefore is the gauge's figure");
    // one consistent pair for the whole context: before is the gauge's figure, after is before − what the messages save
    assert.deepEqual(plan.context, { tokensBefore: 9712, tokensAfter: 9712 - (plan.quality.tokensSaved as number), tokensSaved: plan.quality.tokensSaved });
    assert.equal(plan.audit.ok, true);
    assert.match(plan.summary as string, /## Decisions/);
    const human = await cli(['compact', 'work', '--dry-run', '--keep-recent-tokens', '500', '--state-dir', state]);
    assert.match(human.out, /dry run, nothing written/);
    const c = plan.context as { tokensBefore: number; tokensAfter: number };
    assert.ok(human.out.includes(`context: ~${formatTokens(c.tokensBefore)} → ~${formatTokens(c.tokensAfter)} (${c.tokensAfter <= c.tokensBefore ? 'saves' : 'grows by'} ~`), human.out);
    assert.match(human.out, /messages only: ~[\d.]+k? → ~[\d.]+k?/);
    assert.ok(human.out.includes(`the entry records, as OpenClaw does: tokensBefore ${formatTokens(9712)} (the context before), tokensAfter ${formatTokens(plan.entry.tokensAfter as number)} (the messages after, chars/4)`), human.out);
    for (const l of human.out.split('\n').filter((x) => /context:|messages only:|entry records/.test(x))) assert.doesNotMatch(l, /\d,\d{3}/, 'token figures in the one format (no 26,261 beside 28.6k)');
    // the default tail (20,000) holds the whole session: as OpenClaw's /compact, only the last message is kept
    const smallest = await cli(['compact', WORK, '--dry-run', '--state-dir', state, '--json']);
    assert.equal(smallest.code, 0, smallest.err);
    assertSchema('compact', smallest.json());
    const sp = smallest.json().plan as Json;
    assert.deepEqual([smallest.json().compactable, sp.smallestTailOf], [true, 20_000]);
    assert.ok((sp.keptEntries as number) >= 1 && (sp.keptEntries as number) < (plan.keptEntries as number), `kept ${String(sp.keptEntries)}, with a 500-token tail ${String(plan.keptEntries)}`);
    assert.equal(plan.smallestTailOf, null, 'a tail that does not hold everything is kept as asked');
    const smallestText = await cli(['compact', WORK, '--dry-run', '--state-dir', state]);
    assert.match(smallestText.out, /everything fits in the 20,000-token tail, so only the last message is kept, as OpenClaw's \/compact does/);
    // a tail given explicitly is kept exactly: nothing to compact
    const nothing = await cli(['compact', WORK, '--dry-run', '--keep-recent-tokens', '1000000', '--state-dir', state, '--json']);
    assert.equal(nothing.code, 0);
    assertSchema('compact', nothing.json());
    assert.equal(nothing.json().compactable, false);
    const write = await cli(['compact', WORK, '--keep-recent-tokens', '500', '--state-dir', state]);
    assert.equal(write.code, 2, 'off a terminal, writing needs --yes');
    assert.match(write.err, /pass --yes to confirm, or --dry-run/);
    assert.ok(fs.readFileSync(db).equals(before), 'the database is not written');
  });

  it('checkpoint list|show', async function () {
    const empty = await cli(['checkpoint', 'list', '--state-dir', state, '--json']);
    assert.equal(empty.code, 0, empty.err);
    assertSchema('checkpoint', empty.json());
    assert.deepEqual(empty.json().checkpoints, []);
    const none = await cli(['checkpoint', 'show', WORK, '--state-dir', state, '--json']);
    assert.equal(none.code, 1);
    assertSchema('checkpoint', none.json());
    const copy = materializeRealState();
    writeCheckpoint(copy, seedExample({ checkpoint_id: 'cp_001', session_key: WORK, previous_checkpoint: null }), { fsync: false });
    const list = await cli(['checkpoint', 'list', 'work', '--state-dir', copy, '--json']);
    assert.equal(list.code, 0, list.err);
    assertSchema('checkpoint', list.json());
    const cps = list.json().checkpoints as Json[];
    assert.equal(cps.length, 1);
    assert.equal(cps[0]!.sessionKey, WORK);
    assert.equal(cps[0]!.latest, true);
    const shown = await cli(['checkpoint', 'show', 'work', '--state-dir', copy, '--json']);
    assert.equal(shown.code, 0, shown.err);
    assertSchema('checkpoint', shown.json());
    assert.equal((shown.json().checkpoint as { meta: Json }).meta.session_key, WORK);
    const yaml = await cli(['checkpoint', 'show', WORK, 'cp_001', '--state-dir', copy]);
    assert.match(yaml.out, /schema: "?openclaw\/checkpoint"?\n/);
    const missing = await cli(['checkpoint', 'show', WORK, 'cp_009', '--state-dir', copy]);
    assert.equal(missing.code, 1);
  });

  it('bad arguments → exit 2 with a clear message (and a JSON error document with --json)', async function () {
    const cases: Array<[string[], RegExp]> = [
      [['frobnicate'], /unknown command "frobnicate"/],
      [['status', '--bogus'], /unknown option --bogus/],
      [['status', '--fail-over', 'lots'], /--fail-over needs a number/],
      [['status', '--fail-over', '-5'], /--fail-over needs a value|between 0 and 999/],
      [['status', 'no-such-session'], /no session "no-such-session"/],
      [['status', 'a', 'b'], /at most one session key/],
      [['show'], /exactly one session key/],
      [['sessions', 'extra'], /takes no arguments/],
      [['status', '--agent', '../../etc'], /--agent must be an agent id/],
      [['status', '--agent', 'ghost'], /no agent "ghost"/],
      [['estimate', '/definitely/not/here.txt'], /no such file/],
      [['estimate', '--family', 'gpt2', '-'], /--family must be one of/],
      [['estimate'], /stdin is a terminal/],
      [['checkpoint'], /needs a subcommand/],
      [['checkpoint', 'show', WORK, '../../x'], /checkpoint id must look like cp_001/],
      [['compact', WORK, '--dry-run', '--keep-recent-tokens', '0'], /positive integer/],
    ];
    for (const [argv, re] of cases) {
      const r = await cli([...argv, '--state-dir', state]);
      assert.equal(r.code, 2, `${argv.join(' ')}: ${r.err}`);
      assert.match(r.err, re, argv.join(' '));
      assert.equal(r.out, '', `${argv.join(' ')}: nothing on stdout without --json`);
      const j = await cli([...argv, '--state-dir', state, '--json']);
      assert.equal(j.code, 2);
      assertSchema('error', j.json());
    }
  });

  it('a missing state dir, or one without any agent store → exit 3', async function () {
    const r = await cli(['status', '--state-dir', path.join(tmpDir(), 'missing'), '--json']);
    assert.equal(r.code, 3);
    assert.match(r.err, /state dir not found/);
    assertSchema('error', r.json());
    const empty = await cli(['sessions', '--state-dir', tmpDir()]);
    assert.equal(empty.code, 3, empty.err);
    assert.match(empty.err, /no agents found|no readable session store/);
    const viaEnv = await cli(['status'], { env: { OPENCLAW_STATE_DIR: path.join(tmpDir(), 'nope'), HOME: tmpDir() } });
    assert.equal(viaEnv.code, 3);
    assert.match(viaEnv.err, /OPENCLAW_STATE_DIR/);
    const ok = await cli(['status', '--json'], { env: { OPENCLAW_STATE_DIR: state, HOME: tmpDir() } });
    assert.equal(ok.code, 0, 'discovery from $OPENCLAW_STATE_DIR');
  });
});

describe('CLI: estimate and help', function () {
  it('estimate a file and stdin: calibrated per family and chars/4', async function () {
    const text = 'Build the parser (src/args.ts) and ship ORD-4471 by Friday.\n写一个 Python 函数来解析 JSON 日志。\n';
    const file = path.join(tmpDir(), 'x.txt');
    fs.writeFileSync(file, text);
    const r = await cli(['estimate', file, '--json']);
    assert.equal(r.code, 0, r.err);
    const doc = r.json();
    assertSchema('estimate', doc);
    assert.deepEqual(doc.estimates, { o200k: Math.round(estimateTokens(text, 'o200k')), cl100k: Math.round(estimateTokens(text, 'cl100k')), claude: Math.round(estimateTokens(text, 'claude')) });
    assert.equal(doc.piCharsDiv4, Math.ceil(text.length / 4));
    assert.equal(doc.family, 'o200k');
    const stdin = await cli(['estimate', '-', '--model', 'anthropic/claude-sonnet-4', '--json'], { stdinIsTTY: false, readStdin: async () => text });
    assert.equal(stdin.json().family, 'claude');
    assert.equal(stdin.json().source, '-');
    assert.equal(stdin.json().tokens, (doc.estimates as Json).claude);
    const human = await cli(['estimate', file]);
    assert.match(human.out, /tokens \(o200k, calibrated estimate\)/);
    assert.match(human.out, /pi chars\/4 \d+/);
  });

  it('every command has --help for an LLM reader: purpose, options, an example, the JSON shape', async function () {
    const { COMMANDS } = await import('../../src/cli/commands');
    assert.deepEqual(COMMANDS.map((c) => c.name).sort(), ['checkpoint', 'compact', 'doctor', 'estimate', 'flush', 'memory', 'sessions', 'show', 'status', 'tools', 'undo-compact']);
    for (const c of COMMANDS.map((x) => x.name)) {
      const r = await cli([c, '--help']);
      assert.equal(r.code, 0);
      for (const part of [`openclaw-context ${c}: `, 'Usage: ', 'Options:', '--state-dir <dir>', '--json', 'Example:', `schemas/cli/${c}.schema.json`, 'Exit codes:']) assert.ok(r.out.includes(part), `${c} --help lacks ${part}`);
      assert.ok(fs.existsSync(repoPath('schemas', 'cli', `${c}.schema.json`)));
    }
    const top = await cli(['--help']);
    assert.equal(top.code, 0);
    assert.match(top.out, /Commands:\n {2}status/);
    assert.equal((await cli(['help', 'show'])).out, (await cli(['show', '-h'])).out);
    const bare = await cli([]);
    assert.equal(bare.code, 2);
    assert.match(bare.err, /Usage: openclaw-context <command>/);
  });

  it('the validator is not vacuous', function () {
    const s = schemaOf('estimate');
    assert.ok(validate(s, { command: 'estimate', version: 1 }).length > 0);
    assert.ok(validate(s, { command: 'estimate', version: 1, source: '-', chars: 1, family: 'gpt2', tokens: 1, estimates: { o200k: 1, cl100k: 1, claude: 1 }, piCharsDiv4: 1 }).some((e) => e.includes('gpt2')));
    assert.ok(validate(schemaOf('status'), { command: 'status', version: 1, failOver: null, over: [], sessions: [], extra: 1 }).some((e) => e.includes('unexpected property extra')));
  });
});

describe('CLI: the built bundle dist/cli.js', function () {
  const bundle = repoPath('dist', 'cli.js');
  it('runs with node, prints the same status --json, has the shebang and no vscode', function () {
    if (!fs.existsSync(bundle)) this.skip();
    const src = fs.readFileSync(bundle, 'utf8');
    assert.ok(src.startsWith('#!/usr/bin/env node\n'));
    assert.ok(!/require\(["']vscode["']\)/.test(src), 'no vscode in the CLI bundle');
    const state = materializeRealState();
    const r = spawnSync(process.execPath, [bundle, 'status', '--state-dir', state, '--json'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    assert.equal(r.status, 0, r.stderr);
    const doc = JSON.parse(r.stdout) as Json;
    assertSchema('status', doc);
    assert.equal((doc.sessions as Json[]).length, 7);
    const bad = spawnSync(process.execPath, [bundle, 'status', '--state-dir', path.join(state, 'nope')], { encoding: 'utf8' });
    assert.equal(bad.status, 3);
    const usage = spawnSync(process.execPath, [bundle, 'nope'], { encoding: 'utf8' });
    assert.equal(usage.status, 2);
  });
});

describe('CLI: a reader that goes away', function () {
  it('stdout closed early (`show … | head -1`): no EPIPE crash, no stack trace, the command ends with its own code', async function () {
    const { spawn } = await import('node:child_process');
    const state = materializeRealState();
    const main = path.join(__dirname, '..', '..', 'src', 'cli', 'main.js');
    // many lines, so the output does not fit in the pipe's buffer once the reader has closed it
    const child = spawn(process.execPath, [main, 'show', 'agent:main:main', '--state-dir', state, '--breakdown'], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy(); // the reader is gone before the first byte
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    assert.ok(!/EPIPE|Unhandled|at .+\(.+:\d+:\d+\)/.test(err), err);
    assert.equal(code, 0, err);
  });
});
