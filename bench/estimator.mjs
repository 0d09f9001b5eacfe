#!/usr/bin/env node
// Token-estimator benchmark (npm run bench:estimator, last step of npm run bench): accuracy on the held-out
// test split of the estimator corpus and on the real transcript texts (tune and held-out halves, per
// category), speed against a bare charCodeAt scan in interleaved rounds, pathological inputs and bundle
// size. It exits 1 when a target is missed (a bench, not a test: timings depend on the machine and its load,
// and no unit test asserts any of them). See bench/README.md.
//
//   node --expose-gc bench/estimator.mjs [--fresh] [--rounds N] [--json file] [--estimator path/to/estimator.ts] [--short-exact N]
//
// --short-exact N [--exact fast|gpt|probe] measures a hybrid (issue 17 item 5; not the product): o200k texts shorter than
// N chars are counted exactly, the rest estimated. `fast` (default) is bench/lib/o200kCount.ts over
// gpt-tokenizer's ranks (nothing memoised); `gpt` is gpt-tokenizer's countTokens with its merge cache off, so no
// round is faster than a first pass; `probe` is o200kCount.ts without merging (not exact: the floor of its speed).
// The report then says which path each category's texts took.
//
// The estimator is bundled from src/core/tokens/estimator.ts + weights.ts by esbuild in memory, so no
// tsc step is needed (--estimator measures another copy, e.g. main's, on the same data). The corpus and
// its exact token counts come from scripts/corpus/build.mjs (cached in ~/.cache/openclaw-context-corpus;
// built on first use, ~15 s); the real texts and their split from bench/data/real-texts.json
// (scripts/corpus/real.mjs); exact counts from gpt-tokenizer.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { loadCorpus, tokenizers } from '../scripts/corpus/build.mjs';
import { loadRealTexts, REAL_TEXTS } from '../scripts/corpus/real.mjs';
import { loadEstimator, bundleSize, ESTIMATOR_TS } from '../scripts/corpus/load-estimator.mjs';
import { errorTable, formatTables, formatMetrics } from '../scripts/corpus/metrics.mjs';
import { rng } from '../scripts/corpus/lib.mjs';

const args = process.argv.slice(2);
const opt = (f, d) => { const i = args.indexOf(f); return i >= 0 ? args[i + 1] : d; };
const ROUNDS = Number(opt('--rounds', 41));
const gc = globalThis.gc ?? (() => {});
const log = (m) => console.error(m);

/** Targets (issue 17): per-category MAPE vs o200k on each held-out set; speed as the median of the interleaved per-group ratios. */
// bundle: 60 KB since the token pass ships o200k's multi-character CJK tokens as hashes (~25 KB; issue 17 item 5)
const TARGET = { meanMape: 3, worstMape: 6, ratio: 0.5, pathoMs: 2, bundle: 60 * 1024 };

const corpus = loadCorpus({ fresh: args.includes('--fresh'), log });
const entry = path.resolve(opt('--estimator', ESTIMATOR_TS));
const est = await loadEstimator(entry);
const SHORT_EXACT = Number(opt('--short-exact', 0));
const exactO200k = SHORT_EXACT > 0 ? await loadExactO200k() : null;
/** What every accuracy and speed figure below measures: the estimator, or the hybrid under --short-exact. */
const estimateTokens = exactO200k ? (s, family) => (family === 'o200k' && s.length < SHORT_EXACT ? exactO200k.count(s) : est.estimateTokens(s, family)) : est.estimateTokens;
const { ESTIMATOR_WEIGHTS } = await loadEstimator(entry.replace(/estimator\.ts$/, 'weights.ts'));
const test = corpus.samples.filter((s) => s.split === 'test');
const tok = tokenizers();
const real = loadRealTexts();
for (const t of real) t.tokens = { o200k: tok.o200k(t.text), cl100k: tok.cl100k(t.text) };
const realSplit = (split) => real.filter((t) => t.split === split);

if (exactO200k) exactO200k.coldCache();

/**
 * The exact counter of the hybrid, with its load time and heap: `--exact fast` (default) is o200kCount.ts over
 * gpt-tokenizer's ranks; `--exact gpt` is gpt-tokenizer's countTokens with its merge cache off (coldCache()).
 */
async function loadExactO200k() {
  const require = createRequire(import.meta.url);
  const kind = opt('--exact', 'fast');
  const fast = (kind === 'fast' || kind === 'probe') && (await loadEstimator(fileURLToPath(new URL('./lib/o200kCount.ts', import.meta.url))));
  gc();
  const heap0 = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  let count;
  let coldCache = () => {};
  if (fast) count = fast.o200kCounter(require('gpt-tokenizer/cjs/bpeRanks/o200k_base').default, kind === 'probe');
  else {
    const enc = require('gpt-tokenizer/cjs/encoding/o200k_base');
    const plain = { disallowedSpecial: new Set() };
    enc.countTokens('warm up', plain); // the encoder is built on the first count
    count = (s) => enc.countTokens(s, plain);
    coldCache = () => { enc.setMergeCacheSize(0); enc.clearMergeCache(); };
  }
  const loadMs = performance.now() - t0;
  gc();
  const heapMB = (process.memoryUsage().heapUsed - heap0) / 1e6;
  return { kind, loadMs, heapMB, count, coldCache };
}

// ------------------------------------------------------------------ accuracy
const c4 = (t) => Math.ceil(t.length / 4);
const table = (samples, family, f) => errorTable(samples.map((s) => ({ cat: s.cat, est: f(s.text), ref: s.tokens[family] })));
const tables = {
  est: table(test, 'o200k', (t) => estimateTokens(t, 'o200k')),
  c4: table(test, 'o200k', c4),
  cl: table(test, 'cl100k', (t) => estimateTokens(t, 'cl100k')),
  cl4: table(test, 'cl100k', c4),
  claude: table(test, 'claude', (t) => estimateTokens(t, 'claude')),
};
const realTables = {};
for (const split of ['tune', 'heldout']) {
  const ss = realSplit(split);
  realTables[split] = {
    est: table(ss, 'o200k', (t) => estimateTokens(t, 'o200k')),
    c4: table(ss, 'o200k', c4),
    cl: table(ss, 'cl100k', (t) => estimateTokens(t, 'cl100k')),
  };
}
/** Signed error and MAPE of real English texts under 100 chars (both halves: the issue's "short English messages"). */
const shortEn = errorTable(real.filter((t) => t.cat === 'short_en').map((t) => ({ cat: t.split, est: estimateTokens(t.text, 'o200k'), ref: t.tokens.o200k })));

// ------------------------------------------------------------------ throughput: interleaved rounds
function scan(s) {
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum += s.charCodeAt(i);
  return sum;
}
// the same texts for both passes: the corpus test split and the held-out real texts
const strings = [...test.map((s) => s.text), ...realSplit('heldout').map((t) => t.text)];
const chars = strings.reduce((a, s) => a + s.length, 0);
let sink = 0;
// the texts in groups of ≥ 250k chars: a pass over one group takes a few ms, short enough that the scheduler of a
// busy machine rarely preempts it, and each round yields one ratio per group
const groups = [];
for (let i = 0, g = null; i < strings.length; i++) {
  if (!g || g.chars >= 250_000) groups.push((g = { strings: [], chars: 0 }));
  g.strings.push(strings[i]);
  g.chars += strings[i].length;
}
const passes = {
  scan: (ss) => { for (let i = 0; i < ss.length; i++) sink += scan(ss[i]); },
  estimator: (ss) => { for (let i = 0; i < ss.length; i++) sink += estimateTokens(ss[i], 'o200k'); },
};
const timed = (k, ss) => { const t = process.hrtime.bigint(); passes[k](ss); return Number(process.hrtime.bigint() - t) / 1e6; };
const whole = (k) => { gc(); return timed(k, strings); };
const first = { scan: whole('scan'), estimator: whole('estimator') };
for (let w = 0; w < 3; w++) { whole('scan'); whole('estimator'); } // warm-up, not counted
// one round = for every group, one scan pass and one estimator pass back to back, the order alternating; the
// ratio (scan ms ÷ estimator ms) of one group in one round compares two passes made under the same load. The
// round's totals give the per-pass times.
const times = { scan: [], estimator: [] };
const ratios = [];
/** per round: Σ scan ms ÷ Σ estimator ms over all groups (a whole pass, short texts included, paired by round) */
const roundRatios = [];
for (let r = 0; r < ROUNDS; r++) {
  gc();
  const tot = { scan: 0, estimator: 0 };
  groups.forEach((g, j) => {
    const t = {};
    for (const k of (r + j) % 2 ? ['estimator', 'scan'] : ['scan', 'estimator']) t[k] = timed(k, g.strings);
    tot.scan += t.scan;
    tot.estimator += t.estimator;
    ratios.push(t.scan / t.estimator);
  });
  times.scan.push(tot.scan);
  times.estimator.push(tot.estimator);
  roundRatios.push(tot.scan / tot.estimator);
}
const median = (a) => { const b = a.slice().sort((x, y) => x - y); return b.length % 2 ? b[b.length >> 1] : (b[b.length / 2 - 1] + b[b.length / 2]) / 2; };
const quantile = (a, q) => { const b = a.slice().sort((x, y) => x - y); return b[Math.min(b.length - 1, Math.floor(q * b.length))]; };
const mbps = (ms) => (chars * 2) / 1e6 / (ms / 1000);
const ms = { scan: median(times.scan), estimator: median(times.estimator) };
const best = { scan: Math.min(...times.scan), estimator: Math.min(...times.estimator) };
const ratio = median(ratios);

// ------------------------------------------------------------------ pathological inputs
const N = 100_000;
const r = rng('bench:patho');
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const flat = (s) => JSON.parse(JSON.stringify(s));
const patho = {
  'one letter (a×100k)': 'a'.repeat(N),
  "'=' ×100k": '='.repeat(N),
  'spaces ×100k': ' '.repeat(N),
  'newlines ×100k': '\n'.repeat(N),
  'base64 (random)': Array.from({ length: N }, () => B64[Math.floor(r.next() * 64)]).join(''),
  'CJK, no punctuation': Array.from({ length: N }, () => String.fromCharCode(0x4e00 + Math.floor(r.next() * 0x5000))).join(''),
  'emoji (astral) ×50k': '😀'.repeat(N / 2),
  'digits (random)': Array.from({ length: N }, () => String(Math.floor(r.next() * 10))).join(''),
};
const pathoRes = {};
for (const [name, s0] of Object.entries(patho)) {
  const s = flat(s0);
  for (let i = 0; i < 20; i++) sink += estimateTokens(s, 'o200k');
  const tt = [];
  for (let i = 0; i < 31; i++) { const t = process.hrtime.bigint(); sink += estimateTokens(s, 'o200k'); tt.push(Number(process.hrtime.bigint() - t) / 1e6); }
  const t1 = process.hrtime.bigint(); const e = estimateTokens(s, 'o200k'); const one = Number(process.hrtime.bigint() - t1) / 1e6;
  // the exact tokenizer is quadratic on such runs: its per-char cost from the first 3,000 chars only
  const head = s.slice(0, 3000);
  const exactPerChar = tok.o200k(head) / head.length;
  pathoRes[name] = { ms: median(tt), max: Math.max(...tt), one, chars: s.length, estimate: Math.round(e), perChar: e / s.length, exactPerChar };
}

const size = bundleSize(entry);

// ------------------------------------------------------------------ report
const pf = (ok) => (ok ? 'PASS' : 'FAIL');
const pct = (x) => `${(100 * x).toFixed(1)}%`;
const f1 = (x) => (x >= 0 ? '+' : '−') + Math.abs(x).toFixed(1);
const out = [];
out.push(`# Token estimator bench — Node ${process.version}, ${os.cpus().length}× ${os.cpus()[0]?.model ?? '?'}, load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
if (entry !== ESTIMATOR_TS) out.push('', `Estimator measured: ${entry}`);
out.push('', `## Corpus test split: ${test.length} samples (corpus key ${corpus.meta.key}). Signed mean error / MAPE (%); e = (estimate − exact) / exact per sample.`, '');
out.push(formatTables([tables.est, tables.c4, tables.cl, tables.cl4, tables.claude], ['estimator o200k vs o200k', 'chars/4 vs o200k', 'estimator cl100k vs cl100k', 'chars/4 vs cl100k', 'estimator claude vs claude-legacy']));
out.push('', `Shipped tables: ${Object.entries(ESTIMATOR_WEIGHTS).map(([f, w]) => `${f} (${w.fittedAgainst}; testMape ${w.testMape})`).join('; ')}`);
for (const split of ['tune', 'heldout']) {
  const n = realSplit(split).length;
  out.push('', `## Real transcript texts, ${split === 'tune' ? 'tune half (the fit may use it)' : 'HELD-OUT half (never fitted on)'}: ${n} texts (${path.relative(process.cwd(), REAL_TEXTS)}). Signed / MAPE (%)`, '');
  out.push(formatTables([realTables[split].est, realTables[split].c4, realTables[split].cl], ['estimator o200k vs o200k', 'chars/4 vs o200k', 'estimator cl100k vs cl100k']));
  out.push('', `Estimator o200k vs o200k, ${split}: the three readings of a category's error (%; scripts/corpus/metrics.mjs)`, '');
  out.push(formatMetrics(realTables[split].est));
}
out.push('', `## Path per category: ${SHORT_EXACT > 0 ? `texts under ${SHORT_EXACT} chars counted exactly (${{ fast: 'o200kCount.ts', probe: 'o200kCount.ts without merging: the speed floor, not exact', gpt: 'gpt-tokenizer countTokens' }[exactO200k.kind]}, o200k: loaded in ${exactO200k.loadMs.toFixed(0)} ms, +${exactO200k.heapMB.toFixed(1)} MB heap), the rest estimated` : 'every text estimated (no --short-exact)'}`, '');
out.push('| texts | category | exact | estimated |', '|---|---|---:|---:|');
const pathRows = [['corpus test split', test], ['real, tune half', realSplit('tune')], ['real, held-out half', realSplit('heldout')]];
for (const [what, ss] of pathRows) {
  for (const cat of [...new Set(ss.map((x) => x.cat))]) {
    const inCat = ss.filter((x) => x.cat === cat);
    const ex = inCat.filter((x) => x.text.length < SHORT_EXACT).length;
    out.push(`| ${what} | ${cat} | ${ex} | ${inCat.length - ex} |`);
  }
}
out.push('', `Short English texts (< 100 chars) vs o200k, signed / MAPE: tune ${f1(shortEn.per.tune.signed)} / ${shortEn.per.tune.mape.toFixed(1)} % (n=${shortEn.per.tune.n}), held-out ${f1(shortEn.per.heldout.signed)} / ${shortEn.per.heldout.mape.toFixed(1)} % (n=${shortEn.per.heldout.n})`);
out.push('', `## Speed: ${ROUNDS} interleaved rounds over ${strings.length} strings, ${chars.toLocaleString('en-US')} chars (${(chars * 2 / 1e6).toFixed(1)} MB UTF-16: the corpus test split and the held-out real texts) in ${groups.length} groups, one call per string, gc() before every round`, '');
out.push('| pass | ms median | ms best | ms first pass | MB/s (median) |', '|---|---:|---:|---:|---:|');
for (const k of ['scan', 'estimator']) out.push(`| ${k === 'scan' ? 'bare charCodeAt scan (sum of codes)' : "estimateTokens(s, 'o200k')"} | ${ms[k].toFixed(2)} | ${best[k].toFixed(2)} | ${first[k].toFixed(1)} | ${mbps(ms[k]).toFixed(0)} |`);
out.push('', `estimator speed ÷ scan speed, per group and round (scan ms ÷ estimator ms, ${ratios.length} pairs): median ${pct(ratio)} (10th–90th percentile ${pct(quantile(ratios, 0.1))}–${pct(quantile(ratios, 0.9))}); ratio of the median times ${pct(ms.scan / ms.estimator)}; per round, whole pass ÷ whole pass: median ${pct(median(roundRatios))}`);
out.push('', '## Pathological inputs (100k chars each; median of 31 calls after warm-up, max, and one more call)', '', '| input | ms median | ms max | ms | estimate | tokens/char | exact o200k tokens/char (first 3,000 chars) |', '|---|---:|---:|---:|---:|---:|---:|');
for (const [k, v] of Object.entries(pathoRes)) out.push(`| ${k} | ${v.ms.toFixed(3)} | ${v.max.toFixed(3)} | ${v.one.toFixed(3)} | ${v.estimate} | ${v.perChar.toFixed(3)} | ${v.exactPerChar.toFixed(3)} |`);
out.push('', `## Bundle: estimator.ts + weights.ts minified ${size.minified} B (gzip ${size.gzip} B)`);
const worstPatho = Math.max(...Object.values(pathoRes).map((v) => v.ms));
const targets = [
  [`corpus test split: MAPE vs o200k, mean of categories ≤ ${TARGET.meanMape}%`, `${tables.est.meanMape.toFixed(2)}%`, tables.est.meanMape <= TARGET.meanMape],
  [`corpus test split: MAPE vs o200k, every category ≤ ${TARGET.worstMape}%`, `worst ${tables.est.worstMape.toFixed(1)}%`, tables.est.worstMape <= TARGET.worstMape],
  [`held-out real texts: MAPE vs o200k, mean of categories ≤ ${TARGET.meanMape}%`, `${realTables.heldout.est.meanMape.toFixed(2)}%`, realTables.heldout.est.meanMape <= TARGET.meanMape],
  [`held-out real texts: MAPE vs o200k, every category ≤ ${TARGET.worstMape}%`, `worst ${realTables.heldout.est.worstMape.toFixed(1)}%`, realTables.heldout.est.worstMape <= TARGET.worstMape],
  [`speed ≥ ${100 * TARGET.ratio}% of the charCodeAt scan (median of interleaved per-group ratios)`, pct(ratio), ratio >= TARGET.ratio],
  // and as a whole pass (short texts included): the per-group median alone passes a hybrid that is slow on short texts
  [`speed ≥ ${100 * TARGET.ratio}% of the charCodeAt scan (per round, whole pass ÷ whole pass, median)`, pct(median(roundRatios)), median(roundRatios) >= TARGET.ratio],
  [`≤ ${TARGET.pathoMs} ms per 100k chars of any pathological input`, `${worstPatho.toFixed(3)} ms`, worstPatho <= TARGET.pathoMs],
  [`estimator + weights ≤ ${TARGET.bundle / 1024} KB minified`, `${size.minified} B`, size.minified <= TARGET.bundle],
];
out.push('', '## Targets', '', '| target | measured | |', '|---|---:|---|');
for (const [what, measured, ok] of targets) out.push(`| ${what} | ${measured} | ${pf(ok)} |`);
// the issue's "mean error per category" is read as the per-text mean (above, the verdict); the token-weighted and
// aggregate readings against the same thresholds are printed for information only (bench/README.md says why)
const h = realTables.heldout.est;
out.push('', 'Held-out real texts, the same thresholds under the other two readings (information, not the verdict):', '', '| reading | mean of categories | worst category |', '|---|---:|---:|');
for (const [name, mean, worst] of [['per-text mean (the verdict)', h.meanMape, h.worstMape], ['token-weighted Σ|Δ|/Σexact', h.meanWeighted, h.worstWeighted], ['aggregate |ΣΔ|/Σexact', h.meanAggregate, h.worstAggregate]]) {
  out.push(`| ${name} | ${mean.toFixed(2)}% ${mean <= TARGET.meanMape ? '≤' : '>'} ${TARGET.meanMape}% | ${worst.toFixed(1)}% ${worst <= TARGET.worstMape ? '≤' : '>'} ${TARGET.worstMape}% |`);
}
// the verdict's per-group median cannot see a slowdown confined to a few groups (all the short texts sit in one or
// two of the 16): a hybrid that counts short texts exactly (--short-exact) passes it while a whole pass is several
// times slower; the whole-pass and slowest-group readings show that
const slowest = Math.min(...groups.map((_, j) => median(ratios.filter((_, i) => i % groups.length === j))));
out.push('', 'Speed under three readings (the first two are verdicts, the slowest group is information):', '', '| reading | speed ÷ scan |', '|---|---:|');
for (const [name, x] of [['median of per-group ratios (a verdict)', ratio], ['per round, whole pass ÷ whole pass (median; a verdict)', median(roundRatios)], ["slowest group's median ratio", slowest]]) {
  out.push(`| ${name} | ${pct(x)} ${x >= TARGET.ratio ? '≥' : '<'} ${pct(TARGET.ratio)} |`);
}
const missed = targets.filter(([, , ok]) => !ok).length;
out.push('', missed ? `${missed} target(s) missed` : 'every target met');
console.log(out.join('\n'));
if (sink === 0.5) console.log(''); // keep the work observable

const jf = opt('--json');
if (jf) fs.writeFileSync(jf, JSON.stringify({ node: process.version, estimator: entry, accuracy: tables, real: realTables, shortEn, shortExact: SHORT_EXACT, exactLoad: exactO200k && { kind: exactO200k.kind, ms: exactO200k.loadMs, heapMB: exactO200k.heapMB }, throughput: { ms, best, first, ratio, roundRatio: median(roundRatios), slowestGroup: slowest, ratios, rounds: ROUNDS, groups: groups.length, chars }, pathological: pathoRes, bundle: size }, null, 2));
process.exitCode = missed ? 1 : 0;
