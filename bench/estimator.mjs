#!/usr/bin/env node
// Token-estimator benchmark (npm run bench:estimator): accuracy on the held-out test split of the
// estimator corpus, throughput against a bare charCodeAt scan, pathological inputs and bundle size.
// It reports; it asserts nothing (timings depend on the machine and its load). See bench/README.md.
//
//   node --expose-gc bench/estimator.mjs [--fresh] [--runs N] [--json file]
//
// The estimator is bundled from src/core/tokens/estimator.ts + weights.ts by esbuild in memory, so no
// tsc step is needed. The corpus and its exact token counts come from scripts/corpus/build.mjs (cached in
// ~/.cache/openclaw-context-corpus; built on first use, ~15 s).
import * as fs from 'node:fs';
import * as os from 'node:os';
import { loadCorpus } from '../scripts/corpus/build.mjs';
import { loadEstimator, bundleSize, ESTIMATOR_TS } from '../scripts/corpus/load-estimator.mjs';
import { errorTable, formatTables } from '../scripts/corpus/metrics.mjs';
import { rng } from '../scripts/corpus/lib.mjs';

const args = process.argv.slice(2);
const opt = (f, d) => { const i = args.indexOf(f); return i >= 0 ? args[i + 1] : d; };
const RUNS = Number(opt('--runs', 31));
const gc = globalThis.gc ?? (() => {});
const log = (m) => console.error(m);

const TARGET = { meanMape: 4, worstMape: 8, ratio: 0.45, pathoMs: 2, bundle: 10 * 1024 };

const corpus = loadCorpus({ fresh: args.includes('--fresh'), log });
const est = await loadEstimator();
const { estimateTokens } = est;
const { ESTIMATOR_WEIGHTS } = await loadEstimator(ESTIMATOR_TS.replace(/estimator\.ts$/, 'weights.ts'));
const test = corpus.samples.filter((s) => s.split === 'test');

// ------------------------------------------------------------------ accuracy
const rowsFor = (family, f) => test.map((s) => ({ cat: s.cat, est: f(s.text), ref: s.tokens[family] }));
const tables = {
  est: errorTable(rowsFor('o200k', (t) => estimateTokens(t, 'o200k'))),
  c4: errorTable(rowsFor('o200k', (t) => Math.ceil(t.length / 4))),
  cl: errorTable(rowsFor('cl100k', (t) => estimateTokens(t, 'cl100k'))),
  cl4: errorTable(rowsFor('cl100k', (t) => Math.ceil(t.length / 4))),
  claude: errorTable(rowsFor('claude', (t) => estimateTokens(t, 'claude'))),
};

// ------------------------------------------------------------------ out of corpus: the repo's real OpenClaw files
const fixtureDir = new URL('../test/fixtures/openclaw-real/', import.meta.url);
const fixtures = [];
for (const sub of ['transcripts', 'state/workspace']) {
  const dir = new URL(`${sub}/`, fixtureDir);
  if (!fs.existsSync(dir)) continue;
  for (const f of fs.readdirSync(dir).sort()) if (/\.(jsonl|md)$/.test(f)) fixtures.push({ name: `${sub}/${f}`, text: fs.readFileSync(new URL(f, dir), 'utf8') });
}
const exact = {};
{
  const { createRequire } = await import('node:module');
  const req = createRequire(import.meta.url);
  exact.o200k = req('gpt-tokenizer/encoding/o200k_base');
  exact.cl100k = req('gpt-tokenizer/encoding/cl100k_base');
}
{
  const plain = { disallowedSpecial: new Set() };
  for (const fx of fixtures) {
    fx.o200k = exact.o200k.countTokens(fx.text, plain);
    fx.cl100k = exact.cl100k.countTokens(fx.text, plain);
  }
}

// ------------------------------------------------------------------ throughput
function scan(s) {
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum += s.charCodeAt(i);
  return sum;
}
const strings = test.map((s) => s.text);
const chars = strings.reduce((a, s) => a + s.length, 0);
let sink = 0;
const passes = {
  scan: () => { for (let i = 0; i < strings.length; i++) sink += scan(strings[i]); },
  estimator: () => { for (let i = 0; i < strings.length; i++) sink += estimateTokens(strings[i], 'o200k'); },
  'chars/4': () => { for (let i = 0; i < strings.length; i++) sink += Math.ceil(strings[i].length / 4); },
};
const first = {};
const times = { scan: [], estimator: [], 'chars/4': [] };
for (const k of Object.keys(passes)) { gc(); const t = process.hrtime.bigint(); passes[k](); first[k] = Number(process.hrtime.bigint() - t) / 1e6; }
for (let r = 0; r < RUNS; r++) {
  for (const k of r % 2 ? ['estimator', 'scan', 'chars/4'] : ['scan', 'estimator', 'chars/4']) {
    gc();
    const t = process.hrtime.bigint();
    passes[k]();
    times[k].push(Number(process.hrtime.bigint() - t) / 1e6);
  }
}
const median = (a) => { const b = a.slice().sort((x, y) => x - y); return b[b.length >> 1]; };
const mbps = (ms) => (chars * 2) / 1e6 / (ms / 1000);
const ms = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
const best = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, Math.min(...v)]));
const ratio = ms.scan / ms.estimator;
const ratioBest = best.scan / best.estimator;

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
  const exactPerChar = exact.o200k ? exact.o200k.countTokens(head, { disallowedSpecial: new Set() }) / head.length : NaN;
  pathoRes[name] = { ms: median(tt), max: Math.max(...tt), one, chars: s.length, estimate: Math.round(e), perChar: e / s.length, exactPerChar };
}

const size = bundleSize();

// ------------------------------------------------------------------ report
const pf = (ok) => (ok ? 'PASS' : 'FAIL');
const out = [];
out.push(`# Token estimator bench — Node ${process.version}, ${os.cpus().length}× ${os.cpus()[0]?.model ?? '?'}, load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
out.push('', `Test split: ${test.length} samples, ${chars.toLocaleString('en-US')} chars (corpus key ${corpus.meta.key}). Signed mean error / MAPE (%); e = (estimate − exact) / exact per sample.`, '');
out.push(formatTables([tables.est, tables.c4, tables.cl, tables.cl4, tables.claude], ['estimator o200k vs o200k', 'chars/4 vs o200k', 'estimator cl100k vs cl100k', 'chars/4 vs cl100k', 'estimator claude vs claude-legacy']));
out.push('', `Shipped tables: ${Object.entries(ESTIMATOR_WEIGHTS).map(([f, w]) => `${f} (${w.fittedAgainst}; testMape ${w.testMape})`).join('; ')}`);
if (fixtures.length) {
  out.push('', '## Out of corpus: the repo\'s real OpenClaw files (test/fixtures/openclaw-real), whole files; error % vs exact', '');
  out.push('| file | chars | o200k | estimator | chars/4 | cl100k | estimator cl100k |', '|---|---:|---:|---:|---:|---:|---:|');
  const pct = (e, x) => { const v = 100 * (e / x - 1); return (v >= 0 ? '+' : '−') + Math.abs(v).toFixed(1); };
  for (const fx of fixtures) out.push(`| ${fx.name.length > 48 ? fx.name.slice(0, 45) + '…' : fx.name} | ${fx.text.length} | ${fx.o200k} | ${pct(estimateTokens(fx.text, 'o200k'), fx.o200k)} | ${pct(Math.ceil(fx.text.length / 4), fx.o200k)} | ${fx.cl100k} | ${pct(estimateTokens(fx.text, 'cl100k'), fx.cl100k)} |`);
}
out.push('', `## Throughput (${(chars * 2 / 1e6).toFixed(1)} MB UTF-16 = the test split, ${strings.length} strings, one call each; ${RUNS} interleaved runs)`, '');
out.push('| pass | ms median | ms best | ms first run | MB/s (median) | M chars/s (median) |', '|---|---:|---:|---:|---:|---:|');
for (const k of ['scan', 'estimator', 'chars/4']) out.push(`| ${k === 'scan' ? 'bare charCodeAt scan (sum of codes)' : k === 'estimator' ? 'estimateTokens(s, \'o200k\')' : 'chars/4 (Math.ceil(length / 4))'} | ${ms[k].toFixed(2)} | ${best[k].toFixed(2)} | ${first[k].toFixed(1)} | ${k === 'chars/4' ? '—' : mbps(ms[k]).toFixed(0)} | ${k === 'chars/4' ? '—' : (chars / 1e6 / (ms[k] / 1000)).toFixed(0)} |`);
out.push('', `estimator / scan throughput: ${(100 * ratio).toFixed(1)}% (medians), ${(100 * ratioBest).toFixed(1)}% (best runs)`);
out.push('', '## Pathological inputs (100k chars each; median of 31 calls after warm-up, max, and one more call)', '', '| input | ms median | ms max | ms | estimate | tokens/char | exact o200k tokens/char (first 3,000 chars) |', '|---|---:|---:|---:|---:|---:|---:|');
for (const [k, v] of Object.entries(pathoRes)) out.push(`| ${k} | ${v.ms.toFixed(3)} | ${v.max.toFixed(3)} | ${v.one.toFixed(3)} | ${v.estimate} | ${v.perChar.toFixed(3)} | ${v.exactPerChar.toFixed(3)} |`);
out.push('', `## Bundle: estimator.ts + weights.ts minified ${size.minified} B (gzip ${size.gzip} B)`);
const worstPatho = Math.max(...Object.values(pathoRes).map((v) => v.ms));
out.push('', '## Targets', '', '| target | measured | |', '|---|---:|---|');
out.push(`| MAPE vs o200k, mean of categories ≤ ${TARGET.meanMape}% | ${tables.est.meanMape.toFixed(2)}% | ${pf(tables.est.meanMape <= TARGET.meanMape)} |`);
out.push(`| MAPE vs o200k, every category ≤ ${TARGET.worstMape}% | worst ${tables.est.worstMape.toFixed(1)}% | ${pf(tables.est.worstMape <= TARGET.worstMape)} |`);
out.push(`| throughput ≥ ${100 * TARGET.ratio}% of the charCodeAt scan (medians) | ${(100 * ratio).toFixed(1)}% | ${pf(ratio >= TARGET.ratio)} |`);
out.push(`| ≤ ${TARGET.pathoMs} ms per 100k chars of any pathological input | ${worstPatho.toFixed(3)} ms | ${pf(worstPatho <= TARGET.pathoMs)} |`);
out.push(`| estimator + weights ≤ 10 KB minified | ${size.minified} B | ${pf(size.minified <= TARGET.bundle)} |`);
console.log(out.join('\n'));
if (sink === 0.5) console.log(''); // keep the work observable

const jf = opt('--json');
if (jf) fs.writeFileSync(jf, JSON.stringify({ node: process.version, accuracy: tables, throughput: { ms, best, first, ratio, ratioBest, chars }, pathological: pathoRes, bundle: size }, null, 2));
