#!/usr/bin/env node
// Planted-facts compaction benchmark (issue 18; npm run bench:quality). Sessions made with the REAL OpenClaw
// 2026.9.6 and a scripted model (scripts/make-quality-sessions.mjs → test/fixtures/quality-bench/<set>/), each with
// expected.json: every planted fact and the exact strings that must survive. For each set it prints, per method,
// fact recall per category, reason recall, summary tokens, kept-tail tokens and compression:
//   ours             our compaction dry run: compactSession (core/actions/compact.ts) with dryRun, as
//                    `compact --dry-run`: its summary + its kept tail
//   ours checkpoint  the same with `summary: 'checkpoint'` (checkpoint compaction: facts + the checkpoint restore
//                    note), where the engine has that option (the plan says kind 'checkpoint'); else left out
//   restore note     our checkpoint's post-compaction restore note (CheckpointCoordinator.liveCheckpoint →
//                    planRestore) + our kept tail
//   checkpoint file  the checkpoint itself (its YAML), alone
//   flush            the Flush Session to Memory section (flushSession dry run), alone
//   openclaw         OpenClaw's own compaction (sessions.compact with the scripted model, recorded when the fixture
//                    was made): its summary + its kept tail
//   tail only        the kept tail of our compaction with no summary (what the tail alone keeps: 0 by construction)
// A fact is kept only when ALL its strings are in the text (case-sensitive, whitespace-normalised:
// bench/lib/qualityScore.ts). Exit 1 when our compaction misses a held-out target (printed beside the figures).
// Sets: `tuning` and `held-out` … `held-out-24` and `held-out-26` are tuning sets (`held-out`, labelled tuning-2, was
// the held-out set until 2026-11-27 and has been tuned on since; `held-out-2` … `held-out-24` and `-26`, labelled
// tuning-3 … tuning-25 and tuning-27, were each a held-out set on 2026-11-27, measured once and their lost lists
// read, so they count as seen); `held-out-25` and `held-out-27` … `held-out-29` are held-out sets measured beside the
// one that decides, with the same extraction:
// `held-out-30` is THE held-out set, never tuned on: its targets decide the exit code.
//
//   npx tsc -p . && node scripts/with-node24.mjs bench/quality.mjs [--set tuning|held-out|held-out-2|…|held-out-38] [--json file] [--lost]
//   [--dump dir] [--engine out-dir]
//   (--engine: measure another compiled tree's src/core, e.g. a branch's out/, with this scorer; --lost: list every lost fact of every method, not only ours; --dump: write each method's text per session,
//   <dir>/<set>/<session>/<method>.md, to see what was kept)
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyFixtureState } from '../test/support/stateCopy.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (f, d) => (args.includes(f) ? args[args.indexOf(f) + 1] : d);
/** the compiled tree whose src/core is measured (default ours; --engine <out dir> for A/B runs); the scorer is always ours */
const ENGINE = path.resolve(opt('--engine', path.join(root, 'out')));
const need = (rel, base = rel.startsWith('bench/') ? path.join(root, 'out') : ENGINE) => {
  const f = path.join(base, rel);
  if (!fs.existsSync(f)) {
    console.error(`bench/quality.mjs: ${path.relative(root, f)} is missing; run \`npx tsc -p .\` first`);
    process.exit(2);
  }
  return require(f);
};
if (!/^v(2[2-9]|[3-9]\d)\./.test(process.version)) {
  console.error(`bench/quality.mjs: needs Node 24 (node:sqlite, zstd); this is ${process.version}. Run it with node scripts/with-node24.mjs bench/quality.mjs`);
  process.exit(2);
}
const { scoreFacts, sumScores, recallRatio, FACT_CATEGORIES } = need('bench/lib/qualityScore.js');
const { ContextModel } = need('src/core/context/model.js');
const { processEnv, resolveStateDirs } = need('src/core/store/config.js');
const { compactSession } = need('src/core/actions/compact.js');
const { flushSession } = need('src/core/actions/memory.js');
const { CheckpointCoordinator } = need('src/core/checkpoint/coordinator.js');
const { planRestore } = need('src/core/checkpoint/restore.js');
const { serializeCheckpoint } = need('src/core/checkpoint/yamlCodec.js');
const { compactionInputFromEntries } = need('src/core/compaction/summary/input.js');
const { openclawEstimateTokens, estimateMessagesTokens } = need('src/core/compaction/openclaw/estimate.js');
const { forEachContentPiece } = need('src/core/tokens/messageText.js');

const FIXTURES = path.join(root, 'test', 'fixtures', 'quality-bench');
/** The sets in print order; HELD_OUT decides the exit code; LABELS name a set whose directory name would mislead. */
const ALL_SETS = ['tuning', 'held-out', 'held-out-2', 'held-out-3', 'held-out-4', 'held-out-5', 'held-out-6', 'held-out-7', 'held-out-8', 'held-out-9', 'held-out-10', 'held-out-11', 'held-out-12', 'held-out-13', 'held-out-14', 'held-out-15', 'held-out-16', 'held-out-17', 'held-out-18', 'held-out-19', 'held-out-20', 'held-out-21', 'held-out-22', 'held-out-23', 'held-out-24', 'held-out-25', 'held-out-26', 'held-out-27', 'held-out-28', 'held-out-29', 'held-out-30', 'held-out-31', 'held-out-32', 'held-out-33', 'held-out-34', 'held-out-35', 'held-out-36', 'held-out-37', 'held-out-38'];
const HELD_OUT = 'held-out-38';
const LABELS = {
  'held-out': 'tuning-2 (seen; was held-out until 2026-11-27)',
  'held-out-2': 'tuning-3 (seen; was held-out 2026-11-27)',
  'held-out-3': 'tuning-4 (seen; was held-out 2026-11-27)',
  'held-out-4': 'tuning-5 (seen; was held-out 2026-11-27)',
  'held-out-5': 'tuning-6 (seen; was held-out 2026-11-27)',
  'held-out-6': 'tuning-7 (seen; was held-out 2026-11-27)',
  'held-out-7': 'tuning-8 (seen; was held-out 2026-11-27)',
  'held-out-8': 'tuning-9 (seen; was held-out 2026-11-27)',
  'held-out-9': 'tuning-10 (seen; was held-out 2026-11-27)',
  'held-out-10': 'tuning-11 (seen; was held-out 2026-11-27)',
  'held-out-11': 'tuning-12 (seen; was held-out 2026-11-27)',
  'held-out-12': 'tuning-13 (seen; was held-out 2026-11-27)',
  'held-out-13': 'tuning-14 (seen; was held-out 2026-11-27)',
  'held-out-14': 'tuning-15 (seen; was held-out 2026-11-27)',
  'held-out-15': 'tuning-16 (seen; was held-out 2026-11-27)',
  'held-out-16': 'tuning-17 (seen; was held-out 2026-11-27)',
  'held-out-17': 'tuning-18 (seen; was held-out 2026-11-27)',
  'held-out-18': 'tuning-19 (seen; was held-out 2026-11-27)',
  'held-out-19': 'tuning-20 (seen; was held-out 2026-11-27)',
  'held-out-20': 'tuning-21 (seen; was held-out 2026-11-27)',
  'held-out-21': 'tuning-22 (seen; was held-out 2026-11-27)',
  'held-out-22': 'tuning-23 (seen; was held-out 2026-11-27)',
  'held-out-23': 'tuning-24 (seen; was held-out 2026-11-27)',
  'held-out-24': 'tuning-25 (seen; was held-out 2026-11-27)',
  'held-out-25': 'tuning-26 (seen; was held-out 2026-11-27)',
  'held-out-26': 'tuning-27 (seen; was held-out 2026-11-27)',
  'held-out-27': 'tuning-28 (seen; was held-out 2026-11-27)',
  'held-out-28': 'tuning-29 (seen; was held-out 2026-11-27)',
  'held-out-29': 'tuning-30 (seen; was held-out 2026-11-27)',
  'held-out-30': 'tuning-31 (seen; was held-out 2026-11-27)',
  'held-out-31': 'tuning-32 (seen; was held-out 2026-11-27)',
  'held-out-32': 'tuning-33 (seen; was held-out 2026-11-27)',
  'held-out-33': 'tuning-34 (seen; was held-out 2026-11-27)',
  'held-out-34': 'tuning-35 (seen; was held-out 2026-11-27)',
  'held-out-35': 'held-out-35 (unseen: never tuned on)',
  'held-out-36': 'held-out-36 (unseen: never tuned on)',
  'held-out-37': 'held-out-37 (unseen: never tuned on)',
  'held-out-38': 'held-out-38 (THE held-out set: targets checked here)',
};
const labelOf = (set) => LABELS[set] ?? set;
const SETS = opt('--set') ? [opt('--set')] : ALL_SETS;
const JSON_OUT = opt('--json', path.join(root, 'bench', 'results', 'quality.json'));
const LOST_ALL = args.includes('--lost');
const DUMP = opt('--dump');

/** The held-out targets of issue 18 (our compaction). */
export const TARGETS = { facts: 0.95, reasons: 0.95, summaryTokens: 2000, perDroppedTokens: 30_000 };
/** The summary budget of a session: 2,000 tokens for up to 30k dropped tokens, in proportion above. */
const summaryBudget = (dropped) => Math.round(TARGETS.summaryTokens * Math.max(1, dropped / TARGETS.perDroppedTokens));

const tokensOfText = (text) => (text ? openclawEstimateTokens({ role: 'compactionSummary', summary: text }) : 0);

/** Messages as the text a model reads: text blocks, tool calls (name and JSON arguments, one line), tool results. */
function renderMessages(messages) {
  const out = [];
  for (const m of messages) {
    const role = String(m.role ?? '?');
    if (typeof m.summary === 'string') out.push(`[${role}]`, m.summary);
    forEachContentPiece(m.content, (p) => {
      if (p.kind === 'text') out.push(`[${role}${m.toolName ? ` ${m.toolName}` : ''}]`, p.text);
      else if (p.kind === 'toolCall') out.push(`[${role}] toolCall ${p.name} ${p.args}`);
    });
  }
  return out.join('\n');
}

/** The fixture state of a set, gunzipped into a temp dir (the fixture is never written). */
function restoreState(set) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `occtx-quality-bench-${set}-`));
  return { tmp, dir: copyFixtureState(path.join(FIXTURES, set, 'state'), path.join(tmp, 'state')) };
}

const METHODS = ['ours', 'ours checkpoint', 'restore note', 'checkpoint file', 'flush', 'openclaw', 'tail only'];

/** Every method's text for one session: { method: { summary, keptTail, dropped, kept, note? } }. */
async function methodTexts(model, coord, s, exp, stateDir) {
  const out = {};
  const ctx = { model, confirm: async () => false, dryRun: true, now: () => Date.parse('2026-11-26T12:00:00Z') };
  const o = await compactSession(ctx, s);
  if (o.status !== 'planned' || !o.plan) throw new Error(`${exp.key}: our compaction dry run did not plan: ${o.status} ${o.reason ?? o.message ?? o.noPlanReason ?? ''}`);
  const p = o.plan;
  const ourTail = renderMessages(p.input.keptMessages);
  const dropped = p.quality.droppedTokens;
  out.ours = { summary: p.summary, keptTail: ourTail, dropped, kept: p.quality.keptTokens };
  out['tail only'] = { summary: '', keptTail: ourTail, dropped, kept: p.quality.keptTokens };
  // checkpoint compaction (issue 18 item 6: facts + the checkpoint restore note), where the engine has it
  const c = await compactSession(ctx, s, { summary: 'checkpoint' });
  if (c.status === 'planned' && c.plan?.kind === 'checkpoint') {
    out['ours checkpoint'] = { summary: c.plan.summary, keptTail: renderMessages(c.plan.input.keptMessages), dropped: c.plan.quality.droppedTokens, kept: c.plan.quality.keptTokens };
  }

  const cp = coord.liveCheckpoint(s.uid);
  if (cp) {
    const note = planRestore(cp, { compactionCount: 1 }).render.text;
    out['restore note'] = { summary: note, keptTail: ourTail, dropped, kept: p.quality.keptTokens };
    out['checkpoint file'] = { summary: serializeCheckpoint(cp), keptTail: '', dropped, kept: 0 };
  }
  const f = await flushSession(ctx, s, { workspaceDir: path.join(stateDir, 'workspace'), force: true });
  out.flush = { summary: f.plan?.section ?? '', keptTail: '', dropped, kept: 0, ...(f.status !== 'planned' ? { note: `flush: ${f.status} ${f.reason ?? ''}` } : {}) };

  const oc = JSON.parse(fs.readFileSync(path.join(FIXTURES, exp.set, 'sessions', exp.id, 'openclaw-compaction.json'), 'utf8'));
  if (oc.compacted && oc.summary && oc.firstKeptEntryId) {
    const full = model.loadEntries(s.uid, s.context.path);
    const ci = compactionInputFromEntries(full, oc.firstKeptEntryId);
    if (!ci) throw new Error(`${exp.key}: OpenClaw's firstKeptEntryId ${oc.firstKeptEntryId} is not on the path`);
    const ocDropped = estimateMessagesTokens([...ci.messages, ...(ci.turnPrefixMessages ?? [])]);
    out.openclaw = { summary: oc.summary, keptTail: renderMessages(ci.keptMessages), dropped: ocDropped, kept: estimateMessagesTokens(ci.keptMessages) };
  }
  return out;
}

const pct = (r) => (r.total ? `${((100 * r.kept) / r.total).toFixed(1)}%` : '—');
const frac = (r) => `${r.kept}/${r.total}`;
const k = (n) => (n >= 10_000 ? `${(n / 1000).toFixed(1)}k` : String(Math.round(n)));

async function runSet(set) {
  const dirs = fs.existsSync(path.join(FIXTURES, set, 'sessions')) ? fs.readdirSync(path.join(FIXTURES, set, 'sessions')).sort() : [];
  if (!dirs.length) return undefined;
  const { tmp, dir } = restoreState(set);
  const env = processEnv();
  const model = new ContextModel({ stateDirs: resolveStateDirs(dir, undefined, env), env, diag: () => undefined });
  model.refresh();
  const coord = new CheckpointCoordinator(model);
  const sessions = [];
  try {
    for (const id of dirs) {
      const exp = JSON.parse(fs.readFileSync(path.join(FIXTURES, set, 'sessions', id, 'expected.json'), 'utf8'));
      const s0 = model.sessions().find((x) => x.row.key === exp.key);
      if (!s0) throw new Error(`${set}/${id}: no session ${exp.key} in the fixture state`);
      const s = model.ensureTranscript(s0.uid) ?? s0;
      const texts = await methodTexts(model, coord, s, exp, dir);
      if (DUMP) {
        const d = path.join(path.resolve(DUMP), set, id);
        fs.mkdirSync(d, { recursive: true });
        for (const [m, t] of Object.entries(texts)) fs.writeFileSync(path.join(d, `${m.replace(/\s+/g, '-')}.md`), `${t.summary}\n\n=== kept tail ===\n\n${t.keptTail}\n`);
      }
      const per = {};
      for (const [m, t] of Object.entries(texts)) {
        const score = scoreFacts(exp.facts, t);
        const summaryTokens = tokensOfText(t.summary);
        per[m] = { score, summaryTokens, keptTokens: t.kept, droppedTokens: t.dropped, budget: summaryBudget(t.dropped), ...(t.note ? { note: t.note } : {}) };
      }
      sessions.push({ id, key: exp.key, facts: exp.facts.length, expected: exp.facts, per });
    }
  } finally {
    model.dispose();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  /** Recall of a method by a fact field (position, source, lang): { value: {kept, total} }. */
  const breakdown = (m, field) => {
    const out = {};
    for (const x of sessions.filter((y) => y.per[m]))
      x.expected.forEach((f, i) => {
        const b = (out[f[field]] ??= { kept: 0, total: 0 });
        b.total++;
        if (x.per[m].score.facts[i].kept) b.kept++;
      });
    return out;
  };
  const methods = {};
  for (const m of METHODS) {
    const rows = sessions.filter((x) => x.per[m]);
    if (!rows.length) continue;
    const sum = sumScores(rows.map((x) => x.per[m].score));
    const tok = (f) => rows.reduce((a, x) => a + x.per[m][f], 0);
    methods[m] = {
      sessions: rows.length,
      facts: sum.all,
      reasons: sum.reasons,
      byCategory: sum.byCategory,
      artifactsWithTool: sum.artifactsWithTool,
      summaryTokens: tok('summaryTokens'),
      maxSummaryTokens: Math.max(...rows.map((x) => x.per[m].summaryTokens)),
      keptTokens: tok('keptTokens'),
      droppedTokens: tok('droppedTokens'),
      overBudget: rows.filter((x) => x.per[m].summaryTokens > x.per[m].budget).map((x) => `${x.id}: ${x.per[m].summaryTokens} > ${x.per[m].budget}`),
      by: Object.fromEntries(['position', 'source', 'lang'].map((f) => [f, breakdown(m, f)])),
      lost: rows.flatMap((x) => x.per[m].score.lost.map((l) => `${x.id} ${l}`)),
      notes: rows.filter((x) => x.per[m].note).map((x) => `${x.id}: ${x.per[m].note}`),
    };
  }
  return { set, label: labelOf(set), sessions: sessions.map((x) => ({ id: x.id, key: x.key, facts: x.facts, methods: Object.fromEntries(Object.entries(x.per).map(([m, v]) => [m, { facts: v.score.all, reasons: v.score.reasons, summaryTokens: v.summaryTokens, keptTokens: v.keptTokens, droppedTokens: v.droppedTokens, budget: v.budget, lost: v.score.lost }])) })), methods };
}

function printSet(r) {
  const total = r.sessions.reduce((a, x) => a + x.facts, 0);
  console.log(`\n${r.label}: ${r.sessions.length} sessions, ${total} planted facts (${r.sessions.map((x) => `${x.id} ${x.facts}`).join(', ')})`);
  const cats = FACT_CATEGORIES.map((c) => c.replace('tool-finding', 'tool').replace('identifier', 'ident'));
  const head = ['method', 'facts', '%', 'reasons', ...cats, 'art+tool', 'summary tok (max)', 'kept tok', 'dropped tok', 'compression'];
  const rows = Object.entries(r.methods).map(([m, x]) => [
    m,
    frac(x.facts),
    pct(x.facts),
    `${frac(x.reasons)} ${pct(x.reasons)}`,
    ...FACT_CATEGORIES.map((c) => frac(x.byCategory[c])),
    frac(x.artifactsWithTool),
    `${k(x.summaryTokens)} (${k(x.maxSummaryTokens)})`,
    k(x.keptTokens),
    k(x.droppedTokens),
    x.summaryTokens ? `${(x.droppedTokens / x.summaryTokens).toFixed(1)}×` : '—',
  ]);
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(w[i])).join('  ');
  console.log(line(head));
  for (const row of rows) console.log(line(row));
  console.log('  (compression: dropped tokens ÷ summary tokens; "kept tok": the kept tail, counted where the method leaves one in context; checkpoint file and flush are scored alone;');
  console.log("   openclaw: OpenClaw's cut and file lists around the scripted model's canned summary — a real model would write its own)");
  const by = (x) => Object.entries(x.by).map(([f, v]) => `${f} ${Object.entries(v).map(([val, rc]) => `${val} ${frac(rc)}`).join(', ')}`).join(' · ');
  console.log(`  ours by ${by(r.methods.ours)}`);
  for (const x of r.sessions) {
    const o = x.methods.ours;
    console.log(`  ours ${x.id}: facts ${frac(o.facts)}, reasons ${frac(o.reasons)}, summary ${o.summaryTokens} tok (budget ${o.budget}), dropped ${k(o.droppedTokens)}, kept tail ${k(o.keptTokens)}`);
  }
  for (const [m, x] of Object.entries(r.methods)) {
    if (x.notes.length) console.log(`  ${m}: ${x.notes.join('; ')}`);
    if ((m === 'ours' || LOST_ALL) && x.lost.length) console.log(`  ${m} lost (${x.lost.length}):\n${x.lost.map((l) => `    - ${l}`).join('\n')}`);
  }
}

/** Our compaction against the held-out targets: the lines to print and whether all are met. */
function checkTargets(r) {
  const x = r.methods.ours;
  const f = recallRatio(x.facts);
  const rs = recallRatio(x.reasons);
  const checks = [
    { ok: f >= TARGETS.facts, text: `facts kept ${pct(x.facts)} (${frac(x.facts)})  target ≥ ${TARGETS.facts * 100}%` },
    { ok: rs >= TARGETS.reasons, text: `decision reasons kept ${pct(x.reasons)} (${frac(x.reasons)})  target ≥ ${TARGETS.reasons * 100}%` },
    { ok: !x.overBudget.length, text: `summary ≤ ${TARGETS.summaryTokens} tokens per ≤ ${TARGETS.perDroppedTokens / 1000}k dropped tokens: max ${x.maxSummaryTokens} tokens${x.overBudget.length ? ` — over: ${x.overBudget.join(', ')}` : ''}` },
  ];
  return { ok: checks.every((c) => c.ok), checks };
}

const results = [];
for (const set of SETS) {
  const r = await runSet(set);
  if (!r) {
    console.log(`\n${set}: no sessions in ${path.relative(root, path.join(FIXTURES, set))} (scripts/make-quality-sessions.mjs makes them)`);
    continue;
  }
  printSet(r);
  results.push(r);
}
let exit = 0;
const held = results.find((r) => r.set === HELD_OUT);
let targets;
if (held) {
  targets = checkTargets(held);
  console.log(`\nheld-out targets (${HELD_OUT}, our compaction, issue 18):`);
  for (const c of targets.checks) console.log(`  ${c.ok ? 'PASS' : 'FAIL'}  ${c.text}`);
  if (!targets.ok) exit = 1;
} else if (!SETS.includes(HELD_OUT)) console.log(`\n(held-out set ${HELD_OUT} not run: targets not checked)`);
else {
  console.log(`\nheld-out set ${HELD_OUT} missing: targets not checked`);
  exit = 1;
}
fs.mkdirSync(path.dirname(JSON_OUT), { recursive: true });
fs.writeFileSync(JSON_OUT, JSON.stringify({ bench: 'quality', node: process.version, engine: path.relative(root, ENGINE) || '.', heldOutSet: HELD_OUT, targets: TARGETS, heldOutTargetsMet: targets ? targets.ok : null, sets: results }, null, 2) + '\n');
console.log(`\nwrote ${path.relative(root, JSON_OUT)}`);
process.exit(exit);
