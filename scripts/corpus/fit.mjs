// The fitting machinery of scripts/fit-estimator.mjs (see there for the method). Deterministic: fixed
// iteration order, and the only random input (a digit string for the digit floor) comes from a seeded PRNG.
import { FAMILIES, tokenizers } from './build.mjs';
import { errorTable } from './metrics.mjs';
import { sha1, rng } from './lib.mjs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'package.json'));

let vocabulary = null;
/** The strings of o200k's tokens (gpt-tokenizer), in id order; ids the vocabulary does not use are skipped. */
export function o200kVocabulary() {
  if (vocabulary) return vocabulary;
  const o200k = require('gpt-tokenizer/encoding/o200k_base');
  vocabulary = [];
  for (let id = 0; id < 200_000; id++) {
    try {
      vocabulary.push(o200k.decode([id]));
    } catch {
      // an id the vocabulary does not use
    }
  }
  return vocabulary;
}

/**
 * The strings of o200k's multi-character CJK tokens the estimator's token pass looks for (estimator.ts: 2 to
 * TOKEN_MAX code units, every unit a CJK letter by the estimator's classes), in id order. From gpt-tokenizer's
 * o200k vocabulary; fit-estimator.mjs ships their hashes (CJK_TOKENS in weights.ts).
 */
export function o200kCjkTokens(est) {
  const o200k = require('gpt-tokenizer/encoding/o200k_base');
  const plain = { disallowedSpecial: new Set() };
  return o200kVocabulary().filter((s) => s.length >= 2 && s.length <= est.TOKEN_MAX && [...s].every((ch) => ch.length === 1 && est.isCjkLetter(ch.charCodeAt(0))) && o200k.countTokens(s, plain) === 1);
}

export const LAMBDAS = [1e-7, 1e-6, 1e-5, 1e-4];
/** A feature is fitted only if at least this many train samples use it; otherwise it keeps its class's weight. */
export const MIN_SUPPORT = 10;

/**
 * samples: corpus samples; X: their featureCounts(); est: the estimator module; astral: corpus astral table.
 */
export function makeFitter({ samples, X, est, astral, log = () => {} }) {
  const { FEATURE_COUNT, CLASS_COUNT, featureIndex } = est;
  const train = samples.map((s, i) => i).filter((i) => samples[i].split === 'train');
  // feature j ↔ (previous class, whether it continued a run, class, repeat); slots nothing maps to stay 0
  const meta = Array.from({ length: FEATURE_COUNT }, () => ({ prev: -1, cls: -1, rep: 0, cont: false }));
  for (let p = 0; p < CLASS_COUNT; p++) for (let k = 0; k < CLASS_COUNT; k++) for (const r of [0, 1]) for (const cont of [false, true]) meta[featureIndex(p, k, r === 1, cont)] = { prev: p, cls: k, rep: r, cont };
  // the token pass's lone feature of a CJK letter class (estimator.ts, LONE) is fitted like that class, from no
  // state, where these features use it (o200k's); elsewhere its slot stays 0 like any slot no class uses
  for (const k of est.CJK_LETTER_CLASSES) if (X.some((x) => x[est.LONE[k]])) meta[est.LONE[k]] = { prev: 0, cls: k, rep: 0, cont: false };
  // a repeat (same code unit as the previous one) implies the same class; the boundary pseudo-class (the
  // string's ends) is never a repeat and never continues a run
  const B = est.BOUNDARY;
  const possible = meta.map((m) => m.cls >= 0 && !(m.rep && m.prev !== m.cls) && !(m.cls === B && m.rep) && !(m.prev === B && m.cont));
  // A code unit can cost at most as many tokens as its UTF-8 bytes (byte-level BPE); the weights' upper
  // bound is that + 1 (a weight also absorbs some of its neighbours' cost). Surrogates: 4 bytes per pair.
  const CLASS_BYTES = new Float64Array(CLASS_COUNT);
  for (let c = 0; c < 65536; c++) {
    const k = est.CLASS_OF[c];
    const b = c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdfff ? 4 : 3;
    if (b > CLASS_BYTES[k]) CLASS_BYTES[k] = b;
  }
  const HI = est.CLASS_NAMES.indexOf('astralHi');
  const LO = est.CLASS_NAMES.indexOf('astralLo');
  const ONE = est.CLASS_NAMES.indexOf('astralOne');

  function astralMean(fi) {
    const v = Object.values(astral);
    return v.reduce((a, t) => a + t[fi], 0) / v.length;
  }

  /**
   * Fixed weights: the empty string (boundary → boundary) costs 0; astral characters (too rare to fit): the
   * mean of the corpus's and the emoji blocks' astral characters encoded alone, and for the emoji o200k encodes
   * as one token (class astralOne) the family's mean over those. Returns Map feature → value.
   */
  function fixedWeights(family) {
    const m = new Map([[featureIndex(B, B, false, false), 0]]);
    // a multi-character CJK token the estimator's token pass found (o200k only): 1 token by construction
    if (family === 'o200k') m.set(est.TOKEN, 1);
    const mean = astralMean(FAMILIES.indexOf(family));
    const count = tokenizers()[family];
    const emoji = est.oneTokenEmoji();
    const oneMean = emoji.reduce((a, cp) => a + count(String.fromCodePoint(cp)), 0) / emoji.length;
    meta.forEach((f, j) => {
      // a high surrogate is free, its low surrogate carries the character; an unpaired surrogate (a high
      // one after a high one, a low one after anything else) is one U+FFFD: 1 token
      if (f.cls === HI) m.set(j, f.prev === HI ? 1 : 0);
      else if (f.cls === LO) m.set(j, f.prev === HI ? mean : 1);
      else if (f.cls === ONE) m.set(j, f.prev === HI ? oneMean : 1);
    });
    return m;
  }

  /** Normal equations over a subset of samples: G (dense, row-major), h, for free features; fixed part moved to the target. */
  function normalEq(idx, family, fixed, proj) {
    // proj: optional map feature → reduced feature (for the per-class prior); n = reduced size
    const n = proj ? proj.n : FEATURE_COUNT;
    const G = new Float64Array(n * n);
    const h = new Float64Array(n);
    const nCat = {};
    for (const i of idx) nCat[samples[i].cat] = (nCat[samples[i].cat] ?? 0) + 1;
    const C = Object.keys(nCat).length;
    const nz = new Int32Array(n);
    const zv = new Float64Array(n);
    for (const i of idx) {
      const s = samples[i];
      const y = s.tokens[family];
      const c = 1 / (C * nCat[s.cat]);
      const x = X[i];
      let t = 1;
      zv.fill(0);
      let k = 0;
      for (let j = 0; j < FEATURE_COUNT; j++) {
        const v = x[j];
        if (!v) continue;
        if (fixed.has(j)) { t -= (v * fixed.get(j)) / y; continue; }
        const r = proj ? proj.map[j] : j;
        if (zv[r] === 0) nz[k++] = r;
        zv[r] += v / y;
      }
      for (let a = 0; a < k; a++) {
        const ra = nz[a], za = zv[ra] * c;
        h[ra] += za * t;
        const row = ra * n;
        for (let b = 0; b < k; b++) G[row + nz[b]] += za * zv[nz[b]];
      }
    }
    return { G, h, n };
  }

  /** In-place Cholesky solve of the SPD system A x = b (A: m×m row-major, destroyed). */
  function cholSolve(A, b, m) {
    for (let j = 0; j < m; j++) {
      let d = A[j * m + j];
      for (let k = 0; k < j; k++) d -= A[j * m + k] * A[j * m + k];
      d = Math.sqrt(Math.max(d, 1e-300));
      A[j * m + j] = d;
      for (let i = j + 1; i < m; i++) {
        let v = A[i * m + j];
        for (let k = 0; k < j; k++) v -= A[i * m + k] * A[j * m + k];
        A[i * m + j] = v / d;
      }
    }
    const x = Float64Array.from(b);
    for (let i = 0; i < m; i++) { let v = x[i]; for (let k = 0; k < i; k++) v -= A[i * m + k] * x[k]; x[i] = v / A[i * m + i]; }
    for (let i = m - 1; i >= 0; i--) { let v = x[i]; for (let k = i + 1; k < m; k++) v -= A[k * m + i] * x[k]; x[i] = v / A[i * m + i]; }
    return x;
  }

  /**
   * min ½βᵀ(G+λI)β − (h+λp)ᵀβ subject to lb ≤ β ≤ ub on `free` (others held at `init`): a bounded-variable
   * active-set method (Lawson–Hanson / Stark–Parker) on the normal equations, from β = lb.
   */
  function solve(G, h, n, lambda, prior, free, init, ub, lb = new Float64Array(n)) {
    const beta = new Float64Array(n);
    const fixedIdx = [];
    for (let a = 0; a < n; a++) if (!free[a]) { beta[a] = init[a]; fixedIdx.push(a); } else beta[a] = lb[a];
    const Q = (a, b) => G[a * n + b] + (a === b ? lambda : 0);
    const rhs = new Float64Array(n); // h + λp − Q[:,fixed]·β_fixed
    for (let a = 0; a < n; a++) {
      let v = h[a] + lambda * prior[a];
      for (const f of fixedIdx) v -= Q(a, f) * beta[f];
      rhs[a] = v;
    }
    // 0: at lower bound, 1: passive, 2: at upper bound
    const st = new Uint8Array(n);
    for (let a = 0; a < n; a++) if (free[a]) st[a] = 1;
    const solveOn = (P) => {
      const m = P.length;
      const A = new Float64Array(m * m);
      const bb = new Float64Array(m);
      for (let i = 0; i < m; i++) {
        let v = rhs[P[i]];
        for (let u = 0; u < n; u++) if (free[u] && st[u] !== 1 && beta[u]) v -= Q(P[i], u) * beta[u];
        bb[i] = v;
        for (let k = 0; k < m; k++) A[i * m + k] = Q(P[i], P[k]);
      }
      return cholSolve(A, bb, m);
    };
    for (let outer = 0; outer < 4 * n; outer++) {
      for (let inner = 0; inner < 4 * n; inner++) {
        const P = []; for (let a = 0; a < n; a++) if (free[a] && st[a] === 1) P.push(a);
        if (!P.length) break;
        const s = solveOn(P);
        let alpha = 1;
        for (let i = 0; i < P.length; i++) {
          const b0 = beta[P[i]], u = ub[P[i]], l = lb[P[i]];
          if (s[i] <= l) { const al = (b0 - l) / (b0 - s[i]); if (al < alpha) alpha = al; }
          else if (s[i] >= u) { const al = (u - b0) / (s[i] - b0); if (al < alpha) alpha = al; }
        }
        for (let i = 0; i < P.length; i++) beta[P[i]] += alpha * (s[i] - beta[P[i]]);
        if (alpha === 1) break;
        for (let i = 0; i < P.length; i++) {
          const a = P[i];
          if (beta[a] <= lb[a] + 1e-12) { beta[a] = lb[a]; st[a] = 0; }
          else if (beta[a] >= ub[a] - 1e-12) { beta[a] = ub[a]; st[a] = 2; }
        }
      }
      // KKT: a variable at a bound whose gradient points inwards?
      let best = -1, bestW = 1e-10;
      for (let a = 0; a < n; a++) {
        if (!free[a] || st[a] === 1) continue;
        let w = rhs[a];
        for (let b = 0; b < n; b++) if (free[b] && beta[b]) w -= Q(a, b) * beta[b];
        const viol = st[a] === 0 ? w : -w;
        if (viol > bestW) { bestW = viol; best = a; }
      }
      if (best < 0) break;
      st[best] = 1;
    }
    return beta;
  }

  /** Per-(class, repeat) weights: the prior. */
  function fitPrior(idx, family, fixed) {
    const map = new Int32Array(FEATURE_COUNT);
    meta.forEach((f, j) => { map[j] = f.cls < 0 ? 0 : f.cls * 2 + f.rep; });
    const n = CLASS_COUNT * 2;
    const { G, h } = normalEq(idx, family, fixed, { map, n });
    const ubc = Float64Array.from({ length: n }, (_, r) => CLASS_BYTES[r >> 1] + 1);
    const p = solve(G, h, n, 1e-9, new Float64Array(n), new Uint8Array(n).fill(1), new Float64Array(n).fill(0.25), ubc);
    // classes without data (e.g. a repeat that never occurs): fall back to the non-repeat weight, then 0.3
    for (let k = 0; k < CLASS_COUNT; k++) {
      if (G[(k * 2) * n + k * 2] === 0) p[k * 2] = 0.3;
      if (G[(k * 2 + 1) * n + k * 2 + 1] === 0) p[k * 2 + 1] = p[k * 2];
    }
    return Float64Array.from(meta, (f) => (f.cls < 0 ? 0 : p[f.cls * 2 + f.rep]));
  }

  /**
   * Lower bounds for the weight of a unit deep inside a run of one repeated character ((class k, continued)
   * → k, repeat): the family's cost per character of a 1,024-long run of the class's most frequent
   * characters (the least of its three most frequent in the corpus). Long runs then never cost less
   * than the tokenizer's best case, e.g. 100k spaces or newlines don't estimate as ~0.
   */
  const floorsCache = {};
  function floors(family) {
    if (floorsCache[family]) return floorsCache[family];
    const freq = Array.from({ length: CLASS_COUNT }, () => new Map());
    for (const i of train) for (const ch of samples[i].text) { if (ch.length > 1) continue; const m = freq[est.CLASS_OF[ch.charCodeAt(0)]]; m.set(ch, (m.get(ch) ?? 0) + 1); }
    const count = tokenizers()[family];
    const perClass = freq.map((m) => {
      const top = [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 3);
      return top.length ? Math.min(...top.map(([ch]) => count(ch.repeat(1024)) / 1024)) : 0;
    });
    // digits: the pre-tokenizers cut digit runs into groups (o200k/cl100k: \p{N}{1,3}), so any unit deep in a
    // digit run, repeated or not, costs at least what a long random digit string costs per digit
    const DIGIT = est.CLASS_NAMES.indexOf('digit');
    const r = rng('floors:digits');
    const digits = Array.from({ length: 1024 }, () => String(Math.floor(r.next() * 10))).join('');
    const digitFloor = Math.min(perClass[DIGIT], count(digits) / 1024);
    perClass[DIGIT] = digitFloor;
    const lb = Float64Array.from(meta, (f) => (f.cls >= 0 && f.cont && f.prev === f.cls && (f.rep || f.cls === DIGIT) ? perClass[f.cls] : 0));
    floorsCache[family] = { lb, perClass };
    return floorsCache[family];
  }

  /** How many samples of `idx` use each feature. */
  function support(idx) {
    const ns = new Float64Array(FEATURE_COUNT);
    for (const i of idx) { const x = X[i]; for (let j = 0; j < FEATURE_COUNT; j++) if (x[j]) ns[j]++; }
    return ns;
  }

  /**
   * Fits one family on samples `idx`. Features used by fewer than `minSupport` of those samples are not
   * fitted: they keep the prior (their class's weight), which is what an unseen pair should get anyway.
   */
  function fitFamily(idx, family, lambda, minSupport = MIN_SUPPORT) {
    const fixed = fixedWeights(family);
    const prior = fitPrior(idx, family, fixed);
    const { G, h } = normalEq(idx, family, fixed);
    const ns = support(idx);
    const free = Uint8Array.from(meta, (_, j) => (possible[j] && !fixed.has(j) && ns[j] >= minSupport ? 1 : 0));
    const { lb } = floors(family);
    const init = Float64Array.from(prior, (p, j) => Math.max(p, lb[j]));
    const ub = Float64Array.from(meta, (f) => (f.cls < 0 ? 0 : CLASS_BYTES[f.cls] + 1));
    const beta = solve(G, h, FEATURE_COUNT, lambda, prior, free, init, ub, lb);
    // never-used slots: impossible pairs (a repeat of another class) keep the class default, which encodes
    // for free; slots of no class are 0
    for (let j = 0; j < FEATURE_COUNT; j++) if (!possible[j]) beta[j] = meta[j].cls < 0 ? 0 : prior[j];
    for (const [j, v] of fixed) beta[j] = v;
    return beta;
  }

  const dot = (x, w) => { let s = 0; for (let j = 0; j < x.length; j++) if (x[j]) s += x[j] * w[j]; return s; };
  const evaluate = (idx, family, w) => errorTable(idx.map((i) => ({ cat: samples[i].cat, est: dot(X[i], w), ref: samples[i].tokens[family] })));

  /** 2-fold CV on train (folds by source) → λ with the best mean-of-categories MAPE (ties: larger λ). */
  function chooseLambda(family, lambdas = LAMBDAS) {
    const fold = (i) => parseInt(sha1(`fold:${samples[i].src}:${samples[i].cat === 'zh_prose' || samples[i].src.startsWith('gen:') || samples[i].src.startsWith('ts:') ? i : ''}`).slice(0, 2), 16) & 1;
    const A = train.filter((i) => fold(i) === 0), B = train.filter((i) => fold(i) === 1);
    let best = null;
    for (const lambda of lambdas) {
      const wa = fitFamily(A, family, lambda), wb = fitFamily(B, family, lambda);
      const m = (evaluate(B, family, wa).meanMape + evaluate(A, family, wb).meanMape) / 2;
      log(`  ${family} λ=${lambda}: CV mean MAPE ${m.toFixed(2)}%`);
      if (!best || m <= best.m + 1e-9) best = { lambda, m };
    }
    return best.lambda;
  }
  return { meta, possible, train, fitFamily, evaluate, chooseLambda, dot, support, floors };
}
