#!/usr/bin/env node
/**
 * The attack suite (issue 15): fuzzed state dirs, kill -9 at every write syscall, concurrent writers,
 * hostile keys and file kinds for every writer, secret probes — against the bundled CLI (dist/cli.js)
 * and the compiled engine (out/src). See test/attack/README.md.
 *
 *   node test/attack/run.mjs --bounded        what `npm test` runs (a few minutes on 2 cores)
 *   node test/attack/run.mjs --full           ≥ 10,000 fuzz cases, ≥ 500 kills, ≥ 200 concurrent rounds per writer
 *   options: --seed <s> · --class fuzz,kill,concurrent,hostile,secrets · --jobs <n> (default 2)
 *            --fuzz-cases <n> · --kills <n> · --rounds <n> · --only <regex> (cases whose label matches) · --no-save · --verbose
 *            --replay [dir…]  re-run saved cases (default: every test/attack/cases/*)
 *
 * Prints a table per class and ends with `N passed, N failed`; exits 1 on any failure.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { calibrate, CLI, pool, REPO } from './lib.mjs';

if (Number(process.versions.node.split('.')[0]) < 24 && !process.env.ATTACK_REEXEC) {
  // node:sqlite and zlib zstd: run under Node 24 like the unit tests
  const r = spawnSync(process.execPath, [path.join(REPO, 'scripts', 'with-node24.mjs'), ...process.argv.slice(1)], { stdio: 'inherit', env: { ...process.env, ATTACK_REEXEC: '1' } });
  process.exit(r.status ?? 1);
}

const { CLASSES } = await import('./classes.mjs');

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined && !argv[i + 1].startsWith('--') ? argv[i + 1] : dflt;
};
const has = (name) => argv.includes(`--${name}`);
const mode = has('full') ? 'full' : 'bounded';
const seed = String(opt('seed', mode === 'full' ? '15001' : '15000'));
const jobs = Math.max(1, Number(opt('jobs', 2)) || 2);
const verbose = has('verbose');
const save = !has('no-save') && !has('replay');
const CASES_DIR = path.join(REPO, 'test', 'attack', 'cases');

for (const need of [CLI, path.join(REPO, 'out', 'src', 'core', 'store', 'jsonlWriter.js'), path.join(REPO, 'out', 'test', 'support', 'fakeGateway.js')]) {
  if (!fs.existsSync(need)) {
    console.error(`attack: ${path.relative(REPO, need)} is missing; build first: npx tsc -p . && node scripts/build.mjs`);
    process.exit(2);
  }
}

const COLS = ['crash', 'hang', 'mem', 'lost', 'dup', 'outside', 'secret', 'other'];
const HEAD = ['cases', 'crashes', 'hangs', 'mem blow-ups', 'lost entries', 'dup entries', 'writes outside', 'secrets printed', 'other', 'failed', 'case-seconds'];

/** every spec to run, by class */
async function collect() {
  if (has('replay')) {
    const i = argv.indexOf('--replay');
    return savedCases(argv.slice(i + 1).filter((a) => !a.startsWith('--')));
  }
  const wanted = (opt('class', Object.keys(CLASSES).join(',')) ?? '').split(',').filter(Boolean);
  const counts = { fuzz: opt('fuzz-cases'), kill: opt('kills'), concurrent: opt('rounds') };
  const out = [];
  for (const name of wanted) {
    if (!CLASSES[name]) {
      console.error(`attack: unknown class ${name} (${Object.keys(CLASSES).join(', ')})`);
      process.exit(2);
    }
    out.push(...(await CLASSES[name].specs(seed, mode, counts[name] !== undefined ? Number(counts[name]) : undefined)));
  }
  // the saved cases are regression fixtures: every run replays those it does not generate itself
  const same = (s) => `${s.class}|${s.seed}|${CLASSES[s.class].describe(s)}`;
  const have = new Set(out.map(same));
  const saved = savedCases().filter((s) => wanted.includes(s.class) && !have.has(same(s)));
  if (saved.length) console.log(`attack: + ${saved.length} saved case(s) from test/attack/cases/`);
  return [...out, ...saved];
}

function savedCases(dirs) {
  const list = dirs?.length ? dirs : fs.existsSync(CASES_DIR) ? fs.readdirSync(CASES_DIR).sort().map((d) => path.join(CASES_DIR, d)) : [];
  return list.filter((d) => fs.existsSync(path.join(d, 'case.json'))).map((d) => ({ ...JSON.parse(fs.readFileSync(path.join(d, 'case.json'), 'utf8')).spec, replayOf: path.relative(REPO, d) }));
}

const t0 = Date.now();
console.log(`attack: ${has('replay') ? 'replay' : mode} run, seed ${seed}, ${jobs} jobs, node ${process.version}`);
const only = opt('only') !== undefined ? new RegExp(opt('only')) : undefined;
const cal = await calibrate();
console.log(`attack: the CLI answers in ${cal.ms} ms here (about 200 idle): time limits × ${cal.slow.toFixed(1)}`);
const specs = (await collect()).filter((s) => !only || only.test(label(s)));
console.log(`attack: ${specs.length} cases`);
const stats = {};
const failures = [];
const saved = new Set();
let done = 0;
const progress = setInterval(() => console.log(`attack: ${done}/${specs.length} cases, ${failures.length} failed, ${Math.round((Date.now() - t0) / 1000)} s`), 30_000);

// Classes that need the machine to themselves (timing-sensitive) run their cases one at a time.
const groups = [specs.filter((s) => !CLASSES[s.class].serial), specs.filter((s) => CLASSES[s.class].serial)];
/** Cases whose only problem was going over their time limit while other cases ran beside them: run again alone at the end. */
const overLimit = [];
let passedAlone = 0;

async function runOne(spec) {
  const t = Date.now();
  let result;
  try {
    result = await CLASSES[spec.class].run(spec, mode);
  } catch (e) {
    result = { problems: [{ kind: 'other', msg: `harness error: ${e?.stack ?? e}` }] };
  }
  return { result, ms: Date.now() - t };
}

function account(spec, { result, ms }) {
  const st = (stats[spec.class] ??= { cases: 0, failed: 0, ms: 0, ...Object.fromEntries(COLS.map((k) => [k, 0])) });
  st.cases++;
  if (result.detail?.killed === false) st.notKilled = (st.notKilled ?? 0) + 1;
  st.ms += ms;
  done++;
  const problems = result.problems ?? [];
  if (!problems.length) {
    if (verbose) console.log(`  ok   ${label(spec)}`);
    return;
  }
  st.failed++;
  for (const k of new Set(problems.map((p) => (COLS.includes(p.kind) ? p.kind : 'other')))) st[k]++;
  failures.push({ spec, problems });
  if (verbose || failures.length <= 40) console.log(`  FAIL ${label(spec)}\n       ${problems.map((p) => `${p.kind}: ${p.msg}`).join('\n       ').slice(0, 1500)}`);
  if (save && !spec.replayOf) saveCase(spec, problems, result.detail);
}

for (const [gi, group] of groups.entries()) {
  await pool(group, gi === 0 ? jobs : 1, async (spec) => {
    const r = await runOne(spec);
    const problems = r.result.problems ?? [];
    // Only a case that ran beside others gets a second chance, and only for time: a real hang (a FIFO read, a
    // parse that takes seconds) is over its limit alone too and fails then; a crash or a wrong result never waits.
    if (gi === 0 && jobs > 1 && problems.length && problems.every((p) => p.kind === 'hang')) overLimit.push({ spec, first: r });
    else account(spec, r);
  });
}
if (overLimit.length) console.log(`attack: ${overLimit.length} case(s) went over their time limit while other cases ran; running them again, alone`);
for (const { spec, first } of overLimit) {
  const again = await runOne(spec);
  if (!(again.result.problems ?? []).length) {
    passedAlone++;
    if (verbose) console.log(`  ok   ${label(spec)} (alone; beside others: ${first.result.problems.map((p) => p.msg).join('; ').slice(0, 200)})`);
  }
  account(spec, again);
}
clearInterval(progress);

function label(spec) {
  return `${spec.class} #${spec.n}${spec.replayOf ? ` (saved, seed ${spec.seed})` : ''} ${CLASSES[spec.class].describe(spec)}`;
}

/** One directory per distinct failure (class, what was attacked, which problems): case.json is enough to replay. */
function saveCase(spec, problems, detail) {
  const sig = `${spec.class}|${CLASSES[spec.class].signature(spec)}|${[...new Set(problems.map((p) => p.kind))].sort()}`;
  if (saved.has(sig)) return;
  saved.add(sig);
  const dir = path.join(CASES_DIR, `${spec.class}-${spec.seed}-${spec.n}`);
  fs.mkdirSync(dir, { recursive: true });
  const doc = {
    class: spec.class,
    seed: spec.seed,
    n: spec.n,
    what: CLASSES[spec.class].describe(spec),
    spec,
    expected: 'no problems: no crash, hang or memory blow-up; a clear message; no lost or duplicated entry; nothing written outside its root; no secret printed',
    observed: problems.map((p) => `${p.kind}: ${p.msg}`.slice(0, 2000)),
    detail: detail ?? null,
    replay: `node test/attack/run.mjs --replay test/attack/cases/${path.basename(dir)}`,
  };
  fs.writeFileSync(path.join(dir, 'case.json'), JSON.stringify(doc, null, 2) + '\n');
}

// ---------------------------------------------------------------------------------------------
// The table

const rows = Object.entries(stats).map(([name, s]) => [name, s.cases, ...COLS.map((k) => s[k]), s.failed, Math.round(s.ms / 1000)]);
const total = ['total', ...rows.reduce((acc, r) => acc.map((v, i) => v + r[i + 1]), Array(HEAD.length).fill(0))];
const table = [['class', ...HEAD], ...rows, total].map((r) => r.map(String));
const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
console.log('');
for (const [i, r] of table.entries()) {
  console.log(r.map((v, j) => (j === 0 ? v.padEnd(widths[j]) : v.padStart(widths[j]))).join('  '));
  if (i === 0 || i === table.length - 2) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}
if (passedAlone) console.log(`${passedAlone} case(s) went over their time limit beside other cases and passed alone (counted as passed)`);
for (const [name, s] of Object.entries(stats)) if (s.notKilled) console.log(`${name}: ${s.notKilled} case(s) ran to the end without the planned kill (their system calls differed from the dry run's); checked as plain runs`);
const secs = Math.round((Date.now() - t0) / 1000);
console.log(`\nseed ${seed} · ${mode} · ${secs} s${save && saved.size ? ` · ${saved.size} failing case(s) saved under test/attack/cases/` : ''}`);
const failed = failures.length;
console.log(`${specs.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
