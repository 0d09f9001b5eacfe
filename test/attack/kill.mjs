/**
 * Class "kill": kill -9 at a write-side system call of a writing command. A dry run under strace lists
 * every write, pwrite64, fsync, rename, unlink, mkdir … the command makes on files of the state dir; a
 * case re-runs the command on a fresh copy with `strace -e inject=<syscall>:signal=SIGKILL:when=<n>` so
 * the kernel kills it right before that call. Then:
 * - every transcript only grew (JSONL: old bytes a byte-identical prefix; SQLite: integrity_check ok
 *   and every old row identical, read from a copy that rolls a hot journal back);
 * - our JSON/YAML files parse, every workspace Markdown file is its old or its new content;
 * - the sessions are still listed (or the hot journal is reported as such);
 * - a re-run completes or refuses clearly, and leaves whole JSONL lines.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI, cliEnv, closedGatewayUrl, judgeRun, NODE, rmRoot, rng, runChild, runCli, sentinelDiff, sentinelSnap, sessionsStillListed } from './lib.mjs';
import { baseOf, writerRoot, jsonlWhole, markdownImage, markdownWhole, ourFilesWhole, STORES, transcriptImage, transcriptsGrewOnly, WRITERS } from './writers.mjs';

const TRACED = ['write', 'pwrite64', 'writev', 'pwritev', 'pwritev2', 'fsync', 'fdatasync', 'ftruncate', 'rename', 'renameat', 'renameat2', 'unlink', 'unlinkat', 'link', 'linkat', 'mkdir', 'mkdirat', 'rmdir', 'symlink', 'symlinkat', 'openat', 'close', 'fcntl'];

/** Which traced calls are kill points: every write-side call; opens only for writing; fcntl only taking a write lock. */
function isWriteSide(call) {
  if (call.name === 'openat') return /O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|O_APPEND/.test(call.args);
  if (call.name === 'fcntl') return /F_SETLK/.test(call.args) && /F_WRLCK/.test(call.args);
  return true;
}

/** strace -f with fd paths (-y): the calls as {tid, name, args}; the traced program's own pid from its execve. */
function parseLog(file) {
  let main;
  const calls = [];
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { main, calls };
  }
  for (const line of text.split('\n')) {
    const m = /^(\d+) +([a-z0-9_]+)\((.*)$/.exec(line);
    if (!m) continue;
    if (m[2] === 'execve' && main === undefined) main = Number(m[1]);
    else calls.push({ tid: Number(m[1]), name: m[2], args: m[3] });
  }
  return { main, calls };
}

async function straced(c, argv, inject) {
  const log = path.join(c.root, `strace-${Date.now()}-${Math.random().toString(16).slice(2)}.log`);
  const args = ['-f', '-qq', '-y', '-o', log, '-e', `trace=execve,${TRACED.join(',')}`, ...(inject ? ['-e', `inject=${inject.name}:signal=SIGKILL:when=${inject.nth}`] : []), NODE, '--max-old-space-size=512', CLI, ...argv];
  const res = await runChild('strace', args, { env: cliEnv(c), timeoutMs: 60_000, rssMB: 4096 });
  const parsed = parseLog(log);
  fs.rmSync(log, { force: true });
  return { res, ...parsed, killed: res.signal === 'SIGKILL' || res.code === 137 };
}

/** The calls on the main thread that touch the state dir, each with its per-thread ordinal (what `when=` counts). */
function killPoints(main, calls, state) {
  const seen = new Map();
  const out = [];
  for (const call of calls) {
    if (call.tid !== main) continue;
    const nth = (seen.get(call.name) ?? 0) + 1;
    seen.set(call.name, nth);
    if (call.args.includes(state) && isWriteSide(call)) out.push({ name: call.name, nth, what: call.args.slice(0, 160).split(state).join('<state>') });
  }
  return out;
}

const dryRuns = new Map();
/** An uninterrupted run under strace on a fresh copy: its kill points and what it leaves in the workspace. */
async function dryRun(writer, store) {
  const k = `${writer}/${store}`;
  if (!dryRuns.has(k)) {
    dryRuns.set(k, (async () => {
      const c = writerRoot(writer, store, 'killdry');
      try {
        const argv = [...WRITERS[writer].argv(STORES[store].key, c), '--state-dir', c.state, '--gateway', await closedGatewayUrl()];
        const r = await straced(c, argv);
        const points = killPoints(r.main, r.calls, c.state);
        // paths in the workspace image are relative, so the after-image of this copy holds for every copy
        return { points, after: markdownImage(c.state), code: r.res.code, err: r.res.err.slice(0, 300), out: r.res.out.slice(0, 300) };
      } finally {
        rmRoot(c);
      }
    })());
  }
  return dryRuns.get(k);
}

export const KILL_PAIRS = Object.entries(WRITERS).flatMap(([w, d]) => d.stores.map((s) => [w, s]));

/** strace with signal injection, as scripts/setup-e2e.sh installs it (`apt-get install -y strace`) */
function straceMissing() {
  const r = spawnSync('strace', ['-V'], { encoding: 'utf8' });
  return r.status === 0 ? undefined : `strace is not available (${r.error?.message ?? r.stderr}); install it: apt-get install -y strace`;
}

export async function killSpecs(seed, mode, count) {
  const missing = straceMissing();
  if (missing) return [{ class: 'kill', seed, n: 0, missing }];
  const total = count ?? (mode === 'full' ? 600 : 60);
  const per = Math.max(1, Math.ceil(total / KILL_PAIRS.length));
  const specs = [];
  const notes = [];
  for (const [writer, store] of KILL_PAIRS) {
    const d = await dryRun(writer, store);
    if (!d.points.length) {
      notes.push(`${writer} on ${store}: the uninterrupted run wrote nothing (exit ${d.code}: ${d.err || d.out})`);
      continue;
    }
    const r = rng(seed, 'kill', writer, store);
    // full: every point; bounded: `per` points spread over the run
    const take = mode === 'full' && per >= d.points.length ? d.points.map((_, i) => i) : Array.from({ length: Math.min(per, d.points.length) }, (_, i) => Math.min(d.points.length - 1, Math.floor(((i + r.next()) * d.points.length) / Math.min(per, d.points.length))));
    for (const i of take) specs.push({ class: 'kill', seed, n: specs.length, writer, store, point: i, of: d.points.length, ...d.points[i] });
  }
  for (const n of notes) console.log(`attack: kill: ${n}`);
  return specs;
}

export async function runKill(spec) {
  if (spec.missing) return { problems: [{ kind: 'other', msg: spec.missing }] };
  const d = await dryRun(spec.writer, spec.store);
  const base = baseOf(spec.writer, spec.store);
  const c = writerRoot(spec.writer, spec.store, 'kill');
  try {
    const argv = [...WRITERS[spec.writer].argv(STORES[spec.store].key, c), '--state-dir', c.state, '--gateway', await closedGatewayUrl()];
    const transcripts = transcriptImage(c.state);
    const md = markdownImage(c.state);
    const sentinels = sentinelSnap(c);
    const r = await straced(c, argv, { name: spec.name, nth: spec.nth });
    const problems = [];
    if (!r.killed) problems.push(...judgeRun(r.res, { json: true }).filter((p) => p.kind !== 'unclear'));
    problems.push(...transcriptsGrewOnly(transcripts, c.state), ...ourFilesWhole(c.state), ...markdownWhole(md, d.after, c.state));
    problems.push(...(await sessionsStillListed(c, base, { allowJournalNotice: true })));
    // the re-run: completes or refuses clearly
    const again = await runCli(argv, c, { timeoutMs: 30_000 });
    problems.push(...judgeRun(again, { json: true }).map((p) => ({ ...p, msg: `re-run: ${p.msg}` })));
    if (again.code !== null && again.code !== 0 && !again.err.trim()) problems.push({ kind: 'other', msg: `re-run: exit ${again.code} without a message` });
    problems.push(...transcriptsGrewOnly(transcripts, c.state).map((p) => ({ ...p, msg: `after the re-run: ${p.msg}` })), ...jsonlWhole(c.state).map((p) => ({ ...p, msg: `after the re-run: ${p.msg}` })), ...ourFilesWhole(c.state));
    problems.push(...(await sessionsStillListed(c, base)).map((p) => ({ ...p, msg: `after the re-run: ${p.msg}` })));
    for (const x of sentinelDiff(sentinels, c)) problems.push({ kind: 'outside', msg: x });
    return { problems, detail: { killed: r.killed, lastCall: r.calls.at(-1)?.name, rerunExit: again.code, rerunErr: again.err.slice(0, 400) } };
  } finally {
    rmRoot(c);
  }
}

export const describeKill = (s) => (s.missing ? 'strace unavailable' : `${s.writer} on ${s.store}: SIGKILL at ${s.name} #${s.nth} (point ${s.point + 1}/${s.of}: ${s.what})`);

