// Small deterministic helpers shared by the corpus builder, the fit and the estimator bench.
import { createHash } from 'node:crypto';

/** Hex SHA-1 of a string (used for seeds, splits and cache keys). */
export const sha1 = (s) => createHash('sha1').update(s).digest('hex');

/** 32-bit seed from a string. */
export const seedOf = (s) => parseInt(sha1(s).slice(0, 8), 16) >>> 0;

/** Seeded PRNG (sfc32), returns floats in [0, 1). Same seed, same sequence, on any platform. */
export function rng(seed) {
  let a = seedOf(`a${seed}`), b = seedOf(`b${seed}`), c = seedOf(`c${seed}`), d = 1;
  const next = () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  const r = {
    next,
    /** integer in [lo, hi] */
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (arr) => arr[Math.floor(next() * arr.length)],
    chance: (p) => next() < p,
    /** log-uniform integer in [lo, hi] */
    logInt: (lo, hi) => Math.min(hi, Math.floor(lo * Math.pow(hi / lo, next()))),
    shuffle: (arr) => {
      const a2 = arr.slice();
      for (let i = a2.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        const t = a2[i]; a2[i] = a2[j]; a2[j] = t;
      }
      return a2;
    },
    hex: (n) => { let s = ''; for (let i = 0; i < n; i++) s += '0123456789abcdef'[Math.floor(next() * 16)]; return s; },
    b62: (n) => { const al = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'; let s = ''; for (let i = 0; i < n; i++) s += al[Math.floor(next() * 62)]; return s; },
  };
  return r;
}

export const MIN_LEN = 300;
export const MAX_LEN = 6000;

/**
 * Cuts `text` into samples of log-uniform length in [MIN, MAX] (default 300–6,000), at line boundaries where
 * possible (an over-long line is hard-cut, never inside a surrogate pair). A tail shorter than MIN_LEN
 * is dropped.
 */
export function chunk(text, seed, MIN = MIN_LEN, MAX = MAX_LEN) {
  const r = rng(`chunk:${seed}`);
  const out = [];
  let pos = 0;
  while (text.length - pos >= MIN) {
    const want = r.logInt(MIN, MAX);
    let end = pos + want;
    if (end >= text.length) end = text.length;
    else {
      const back = text.lastIndexOf('\n', end - 1);
      if (back + 1 - pos >= MIN) end = back + 1;
      else {
        const fwd = text.indexOf('\n', end);
        if (fwd !== -1 && fwd + 1 - pos <= MAX) end = fwd + 1;
        // else: hard cut at `want`
      }
      const hi = text.charCodeAt(end - 1);
      if (hi >= 0xd800 && hi <= 0xdbff) end--;
    }
    const s = text.slice(pos, end);
    pos = end;
    if (s.length >= MIN) out.push(s);
  }
  return out;
}

/** Counts of CJK-ish code units (ideographs, kana, hangul) in s. */
export function cjkCount(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af) || (c >= 0xf900 && c <= 0xfaff)) n++;
  }
  return n;
}

/** A string the way an extension gets it from JSONL: flat, not a V8 rope or slice. */
export const flat = (s) => JSON.parse(JSON.stringify(s));
