/**
 * Class "concurrent": 2 or 4 processes run the same writing command on the same target at once. A round
 * passes when nothing crashes or hangs, a refusal says so clearly, every run that reports a write left
 * exactly that on disk (remember: its text once; checkpoint create: its own file; flush: no fact twice),
 * and no two appended transcript entries were planned against the same leaf (two compactions / notes /
 * markers chained to one parent, or a second compaction with the first one's cut: a stale plan).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { closedGatewayUrl, DEMO_MAIN_DB, judgeRun, LEGACY_WORK_FILE, parseJson, rmRoot, rng, runCli, sentinelDiff, sentinelSnap, sessionsStillListed, sqlite, walk } from './lib.mjs';
import { baseOf, jsonlWhole, ourFilesWhole, STORES, transcriptImage, transcriptsGrewOnly, WRITERS, writerRoot } from './writers.mjs';

/** the words of a clear refusal of a run that lost the race: "re-plan", or what re-reading found ("nothing to compact") */
const RACE_REFUSAL = /plan|changed|again|lock|busy|another|concurrent|in progress|retry|re-run|stale|meanwhile|since|nothing|no compaction|already/i;
const MAIN_WORK_SID = '6f1431f6-0a9f-4bde-88bb-e32c2876f720';

/** The target session's entries, oldest first (JSONL lines, or SQLite rows of agent:main:work). */
function entries(c, store) {
  if (store === 'jsonl') {
    const f = path.join(c.state, LEGACY_WORK_FILE);
    return fs.readFileSync(f, 'utf8').split('\n').filter((l) => l.trim()).map((l, i) => parseJson(l) ?? { unparsable: i });
  }
  if (!store.startsWith('sqlite')) return [];
  const db = new (sqlite().DatabaseSync)(path.join(c.state, DEMO_MAIN_DB), { readOnly: true });
  try {
    return db.prepare('SELECT event_json, event_zstd FROM transcript_events WHERE session_id = ? ORDER BY seq').all(MAIN_WORK_SID).map((r) => parseJson(r.event_json ?? zlib.zstdDecompressSync(r.event_zstd).toString('utf8')) ?? {});
  } finally {
    db.close();
  }
}

const count = (hay, needle) => hay.split(needle).length - 1;
function workspaceText(c) {
  const out = [];
  for (const { rel, abs, st } of walk(path.join(c.state, 'workspace'))) if (st.isFile() && rel.endsWith('.md')) out.push(fs.readFileSync(abs, 'utf8'));
  return out.join('\n');
}
const dayLog = (c) => path.join(c.state, 'workspace', 'memory', `${new Date().toISOString().slice(0, 10)}.md`);

/** Writer-specific: what every "written" left, exactly once. */
const VERIFY = {
  remember(c, runs) {
    const text = workspaceText(c);
    const p = [];
    for (const r of runs) {
      const n = count(text, r.needle);
      if (r.doc?.status === 'written' && n === 0) p.push({ kind: 'lost', msg: `remember ${r.tag} said written; its entry is not on disk` });
      if (n > 1) p.push({ kind: 'dup', msg: `remember ${r.tag}: its entry is on disk ${n} times` });
    }
    return p;
  },
  'checkpoint-create'(c, runs) {
    const p = [];
    const files = runs.filter((r) => r.doc?.file).map((r) => r.doc.file);
    for (const f of files) if (!fs.existsSync(f)) p.push({ kind: 'lost', msg: `checkpoint ${path.basename(f)} reported, not on disk` });
    const dups = files.filter((f, i) => files.indexOf(f) !== i);
    if (dups.length) p.push({ kind: 'lost', msg: `two runs reported the same checkpoint file ${path.basename(dups[0])}: one overwrote the other` });
    return p;
  },
  flush(c) {
    const p = [];
    let text = '';
    try {
      text = fs.readFileSync(dayLog(c), 'utf8');
    } catch {
      return p;
    }
    const lines = text.split('\n').filter((l) => /^\s*- /.test(l));
    const seen = new Map();
    for (const l of lines) seen.set(l, (seen.get(l) ?? 0) + 1);
    const twice = [...seen].filter(([, n]) => n > 1);
    if (twice.length) p.push({ kind: 'dup', msg: `flush: ${twice.length} fact line(s) twice in the day log, e.g. ${twice[0][0].slice(0, 100)}` });
    return p;
  },
  'dream-accept'(c, runs) {
    const mem = fs.readFileSync(path.join(c.state, 'workspace', 'MEMORY.md'), 'utf8');
    const p = [];
    const accepted = runs.filter((r) => r.doc?.status === 'written');
    const ptr = /memory\/2026-11-21\.md/g;
    const n = (mem.match(ptr) ?? []).length;
    if (accepted.length && n === 0) p.push({ kind: 'lost', msg: 'an accept said written; MEMORY.md has no pointer' });
    if (n > 1) p.push({ kind: 'dup', msg: `MEMORY.md has the accepted candidate's pointer ${n} times` });
    return p;
  },
  dream(c) {
    const f = path.join(c.state, 'workspace', 'DREAMS.md');
    const n = fs.existsSync(f) ? count(fs.readFileSync(f, 'utf8'), '<!-- openclaw-context:dreams:start -->') : 0;
    return n > 1 ? [{ kind: 'dup', msg: `DREAMS.md has ${n} candidate blocks` }] : [];
  },
};

/** Appended transcript entries: none planned against the same leaf; each reported entry on disk once. */
function verifyAppends(before, after, runs) {
  const p = [];
  const added = after.slice(before.length);
  const byParent = new Map();
  for (const e of added) {
    const k = e.parentId ?? '(none)';
    byParent.set(k, (byParent.get(k) ?? 0) + 1);
  }
  for (const [parent, n] of byParent) if (n > 1) p.push({ kind: 'dup', msg: `${n} appended entries chained to the same parent ${String(parent).slice(0, 12)}… (planned against the same leaf)` });
  const comps = added.filter((e) => e.type === 'compaction');
  const cuts = comps.map((e) => e.firstKeptEntryId);
  if (cuts.some((x, i) => cuts.indexOf(x) !== i)) p.push({ kind: 'dup', msg: `${comps.length} compactions appended with the same cut (one built from a stale plan)` });
  const ids = new Set(after.map((e) => e.id));
  for (const r of runs) for (const w of Array.isArray(r.doc?.written?.entries) ? r.doc.written.entries : []) if (!ids.has(w.id)) p.push({ kind: 'lost', msg: `run ${r.tag} reported entry ${w.id} written; it is not in the transcript` });
  const allIds = after.map((e) => e.id).filter(Boolean);
  if (allIds.length !== new Set(allIds).size) p.push({ kind: 'dup', msg: 'an entry id is in the transcript twice' });
  return p;
}

export const CONCURRENT_PAIRS = Object.entries(WRITERS).flatMap(([w, d]) => d.stores.map((s) => [w, s]));

export function concurrentSpecs(seed, mode, count) {
  const rounds = count ?? (mode === 'full' ? 200 : 20);
  const specs = [];
  for (const [writer, d] of Object.entries(WRITERS)) {
    const r = rng(seed, 'concurrent', writer);
    for (let i = 0; i < rounds; i++) specs.push({ class: 'concurrent', seed, n: specs.length, writer, store: d.stores[i % d.stores.length], procs: i % 2 ? 4 : 2, stagger: r.int(4) });
  }
  return specs;
}

export async function runConcurrent(spec) {
  const { writer, store } = spec;
  const c = writerRoot(writer, store, 'conc');
  try {
    const gw = await closedGatewayUrl();
    const sentinels = sentinelSnap(c);
    const before = transcriptImage(c.state);
    const entriesBefore = entries(c, store);
    const runs = Array.from({ length: spec.procs }, (_, i) => {
      const tag = `s${spec.seed}n${spec.n}p${i}`;
      const argv = [...WRITERS[writer].argv(STORES[store].key, c, tag), '--state-dir', c.state, '--gateway', gw];
      return { tag, argv, needle: `attack fact ${tag}:` };
    });
    // start them together (a small seeded stagger in ms varies who wins)
    await Promise.all(
      runs.map(async (r, i) => {
        if (spec.stagger && i) await new Promise((res) => setTimeout(res, spec.stagger * i));
        r.res = await runCli(r.argv, c, { timeoutMs: 30_000 });
        r.doc = parseJson(r.res.out);
      }),
    );
    const problems = [];
    for (const r of runs) {
      problems.push(...judgeRun(r.res, { json: true }).map((p) => ({ ...p, msg: `${r.tag}: ${p.msg}` })));
      if (r.res.code !== null && r.res.code !== 0 && !r.res.err.trim()) problems.push({ kind: 'other', msg: `${r.tag}: exit ${r.res.code} without a message` });
      // a run that lost the race refuses with the re-plan error (whatever its exact words), not something else
      const refused = (r.res.code !== null && r.res.code !== 0) || /refused|failed/.test(String(r.doc?.status));
      if (refused && !RACE_REFUSAL.test(r.res.err + JSON.stringify(r.doc?.error ?? r.doc?.reason ?? ''))) problems.push({ kind: 'other', msg: `${r.tag}: refused without saying why it lost the race: ${r.res.err.split('\n')[0].slice(0, 200)}` });
    }
    problems.push(...transcriptsGrewOnly(before, c.state), ...jsonlWhole(c.state), ...ourFilesWhole(c.state));
    if (store !== 'workspace') problems.push(...verifyAppends(entriesBefore, entries(c, store), runs));
    problems.push(...(VERIFY[writer]?.(c, runs) ?? []));
    if (spec.n % 5 === 0) problems.push(...(await sessionsStillListed(c, baseOf(writer, store))));
    for (const x of sentinelDiff(sentinels, c)) problems.push({ kind: 'outside', msg: x });
    const statuses = runs.map((r) => `${r.res.code}:${r.doc?.status ?? r.doc?.error?.message?.slice(0, 60) ?? '-'}`);
    return { problems, detail: { statuses } };
  } finally {
    rmRoot(c);
  }
}

export const describeConcurrent = (s) => `${s.procs} × ${s.writer} on ${s.store}${s.stagger ? ` (stagger ${s.stagger} ms)` : ''}`;

