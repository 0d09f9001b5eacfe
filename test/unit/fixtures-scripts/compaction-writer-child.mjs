// Child process of test/unit/writerCrashCompaction.test.ts: appends ONE planned compaction entry with the
// real writer (out/src/core/store/sqliteWriter.js or jsonlWriter.js) and can SIGKILL itself at a chosen write point.
//
// Input (env):
//   OCCTX_ARGS     JSON {writer, era: 'sqlite'|'jsonl', db, key, dir, row, entry, now, opts}
//   OCCTX_ARGS_FILE or a file holding that JSON (entries larger than the environment allows)
//   OCCTX_KILL_AT  1-based number of the instrumented call to die at (0 / unset: never)
//   OCCTX_KILL_WHEN 'before' (default) or 'after' that call
//   OCCTX_KILL_DURING 1-based number of the instrumented call to die DURING: a worker thread, woken as
//                  the call starts, waits OCCTX_KILL_DELAY_US µs (default 300) and SIGKILLs the process
//                  while the main thread is (normally) inside that call's system call
//
// Instrumented calls (counted only while the writer runs): node:sqlite's DatabaseSync constructor,
// exec / prepare / close and StatementSync run / get / all / iterate; node:fs's openSync, writeSync,
// fsyncSync, fdatasyncSync, ftruncateSync, closeSync, linkSync, unlinkSync, renameSync, writeFileSync,
// appendFileSync, mkdirSync, rmSync. The writer's module binds `fs` through getters (tsc's
// __importStar), so patching the module objects here reaches its calls.
//
// Output (stdout): `go` when the writer is about to be called (the parent's random kill timer starts
// then), then one JSON line {ok, code?, message?, points: [labels of every instrumented call], written:
// [{id, parentId, json}]}. Exit 0 when written, 3 on a refusal, 4 on a throw.
import { once } from 'node:events';
import { createRequire } from 'node:module';
import * as nodePath from 'node:path';
import { Worker } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const fs = require('node:fs');
const sqlite = require('node:sqlite');

const a = JSON.parse(process.env.OCCTX_ARGS_FILE ? fs.readFileSync(process.env.OCCTX_ARGS_FILE, 'utf8') : (process.env.OCCTX_ARGS ?? '{}'));
const killAt = Number(process.env.OCCTX_KILL_AT) || 0;
const killWhen = process.env.OCCTX_KILL_WHEN === 'after' ? 'after' : 'before';
const killDuring = Number(process.env.OCCTX_KILL_DURING) || 0;

// The killer thread for OCCTX_KILL_DURING: sleeps on a shared flag, then busy-waits the delay and kills.
const flag = new Int32Array(new SharedArrayBuffer(4));
if (killDuring) {
  const killer = new Worker(
    `const { workerData } = require('node:worker_threads');
     const f = new Int32Array(workerData.sab);
     Atomics.wait(f, 0, 0);
     const until = process.hrtime.bigint() + BigInt(workerData.delayUs) * 1000n;
     while (process.hrtime.bigint() < until) {}
     process.kill(process.pid, 'SIGKILL');`,
    { eval: true, workerData: { sab: flag.buffer, delayUs: Number(process.env.OCCTX_KILL_DELAY_US) || 300 } },
  );
  await once(killer, 'online');
  killer.unref();
}

let armed = false;
let count = 0;
const points = [];
const fdNames = new Map();

const killSelf = () => {
  process.kill(process.pid, 'SIGKILL');
};

const short = (s, n = 48) => String(s).replace(/\s+/g, ' ').slice(0, n);
const describeArg = (x) => {
  if (typeof x === 'number') return fdNames.get(x) ?? `fd${x}`;
  // createLockFile's temp file is `.<lock>.<pid>.<8 hex>.tmp`: name it the same way in every run
  // the writer's roll-forward record is `<32 hex of the transcript path>.json`, written through an atomic
  // temp `.<name>.<pid>.<n>.<hex>.tmp`: the same name in every lane and run
  if (typeof x === 'string') {
    return nodePath
      .basename(x)
      .replace(/^(\.?)[0-9a-f]{32}\.json/, '$1<journal>.json')
      .replace(/\.json\.\d+\.\d+\.[0-9a-f]+\.tmp$/, '.json.<pid>.<n>.<rand>.tmp')
      .replace(/\.\d+\.[0-9a-f]{8}\.tmp$/, '.<pid>.<rand>.tmp');
  }
  return '';
};

/** Wrap obj[name]; `label(thisArg, args)` names the call. Kill before it, or after it (even when it throws). */
function wrap(obj, name, label, onResult) {
  const orig = obj[name];
  if (typeof orig !== 'function') return;
  obj[name] = function (...args) {
    const n = armed ? ++count : 0;
    if (n) {
      points.push(label(this, args));
      if (n === killAt && killWhen === 'before') killSelf();
      if (n === killDuring) {
        Atomics.store(flag, 0, 1);
        Atomics.notify(flag, 0);
      }
    }
    try {
      const r = new.target ? Reflect.construct(orig, args, new.target) : orig.apply(this, args);
      if (onResult) onResult(r, args);
      return r;
    } finally {
      if (n && n === killAt && killWhen === 'after') killSelf();
    }
  };
  if (orig.prototype) obj[name].prototype = orig.prototype;
}

// --- node:sqlite
{
  const Orig = sqlite.DatabaseSync;
  sqlite.DatabaseSync = new Proxy(Orig, {
    construct(target, args, newTarget) {
      const n = armed ? ++count : 0;
      if (n) {
        points.push(`sqlite open ${describeArg(args[0])}`);
        if (n === killAt && killWhen === 'before') killSelf();
      }
      try {
        return Reflect.construct(target, args, newTarget === sqlite.DatabaseSync ? target : newTarget);
      } finally {
        if (n && n === killAt && killWhen === 'after') killSelf();
      }
    },
  });
  const D = Orig.prototype;
  wrap(D, 'exec', (_t, args) => `sqlite exec ${short(args[0])}`);
  wrap(D, 'prepare', (_t, args) => `sqlite prepare ${short(args[0])}`);
  wrap(D, 'close', () => 'sqlite close');
  const S = sqlite.StatementSync.prototype;
  for (const m of ['run', 'get', 'all', 'iterate']) wrap(S, m, (t) => `sqlite ${m} ${short(t?.sourceSQL ?? '?')}`);
}

// --- node:fs (sync calls that create, change, sync or close files)
wrap(fs, 'openSync', (_t, args) => `fs openSync ${describeArg(args[0])} ${args[1] ?? 'r'}`, (fd, args) => fdNames.set(fd, describeArg(args[0])));
for (const m of ['writeSync', 'fsyncSync', 'fdatasyncSync', 'ftruncateSync']) wrap(fs, m, (_t, args) => `fs ${m} ${describeArg(args[0])}`);
wrap(fs, 'closeSync', (_t, args) => `fs closeSync ${describeArg(args[0])}`);
for (const m of ['linkSync', 'renameSync']) wrap(fs, m, (_t, args) => `fs ${m} ${describeArg(args[0])} -> ${describeArg(args[1])}`);
for (const m of ['unlinkSync', 'writeFileSync', 'appendFileSync', 'mkdirSync', 'rmSync']) wrap(fs, m, (_t, args) => `fs ${m} ${describeArg(args[0])}`);

// Load the writer only now: it must see the patched modules (it binds them lazily anyway).
const w = require(a.writer);
const opts = { ...(a.opts ?? {}) };
if (typeof a.now === 'number') opts.now = () => a.now;

const finish = (obj, code) => {
  armed = false;
  process.stdout.write(JSON.stringify({ ...obj, points }) + '\n', () => process.exit(code));
};

process.stdout.write('go\n', () => {
  armed = true;
  let p;
  try {
    p = a.era === 'sqlite' ? w.appendEvents(a.db, a.key, [a.entry], opts) : w.appendJsonlEntries(a.dir, a.row, [a.entry], opts);
  } catch (err) {
    finish({ ok: false, code: 'threw', message: String(err?.stack ?? err) }, 4);
    throw err;
  }
  p.then(
    (r) =>
      r.ok
        ? finish({ ok: true, written: r.written.map((x) => ({ id: x.id, parentId: x.parentId, json: x.json })) }, 0)
        : finish({ ok: false, code: r.code, message: r.message }, 3),
    (err) => finish({ ok: false, code: 'threw', message: String(err?.stack ?? err) }, 4),
  );
});
