/**
 * Exact o200k token counts in one synchronous call with no allocation per call: the exact half of the
 * estimator hybrid measured by `npm run bench:estimator -- --short-exact N` (issue 17, item 5; not used by
 * the product: see bench/README.md).
 *
 * The count is what gpt-tokenizer's o200k_base `countTokens(s, { disallowedSpecial: new Set() })` returns
 * (special-token strings are plain text), computed in three steps:
 *  1. the o200k pre-tokenizer, written out as code over per-code-point flags instead of a Unicode regex
 *     (`nextPiece` follows the pattern's alternatives in their order, with the regex engine's
 *     backtracking where it matters; test/unit/o200kCount.test.ts checks it against the regex);
 *  2. each pre-token's UTF-8 bytes looked up in an open-addressing hash table of the vocabulary (one
 *     token when present);
 *  3. byte-pair merging (lowest rank first, leftmost on ties) for the pre-tokens that are not one token,
 *     with the same table for the ranks of pairs.
 * No result is memoised: a text costs the same on every call. The vocabulary (the ranks array gpt-tokenizer
 * ships: a string, or the byte values of a token that is not valid UTF-8, per rank) is passed in, so this
 * module holds no data and loads nothing by itself.
 */

/** The pattern's character sets, as bits of a code point's flags. */
const UP = 1; // [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]
const LO = 2; // [\p{Ll}\p{Lm}\p{Lo}\p{M}]
const NUM = 4; // \p{N}
const WS = 8; // \s
const PRE = 16; // [^\r\n\p{L}\p{N}]: the optional char before a letter run
const PUN = 32; // [^\s\p{L}\p{N}]
const LONE = 64; // an unpaired surrogate (encoded as U+FFFD, as TextEncoder does)

const TESTS: readonly [RegExp, number][] = [
  [/[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]/u, UP],
  [/[\p{Ll}\p{Lm}\p{Lo}\p{M}]/u, LO],
  [/\p{N}/u, NUM],
  [/\s/u, WS],
  [/[^\r\n\p{L}\p{N}]/u, PRE],
  [/[^\s\p{L}\p{N}]/u, PUN],
];

function flagsOf(cp: number): number {
  const ch = String.fromCodePoint(cp);
  let f = 0;
  for (const [re, bit] of TESTS) if (re.test(ch)) f |= bit;
  return f;
}

let bmpFlags: Uint8Array | undefined;
/** Flags of every BMP code point (a lone surrogate is neither letter, digit nor space: PRE | PUN). */
function bmp(): Uint8Array {
  if (bmpFlags) return bmpFlags;
  const t = new Uint8Array(65536);
  for (let c = 0; c < 65536; c++) t[c] = c >= 0xd800 && c <= 0xdfff ? PRE | PUN : flagsOf(c);
  return (bmpFlags = t);
}

/** No pair: above every rank. */
const NONE = 0x7fffffff;

/** Counts tokens of a string exactly; built by `o200kCounter`. */
export type TokenCounter = (s: string) => number;

/**
 * Polynomial hash of bytes (mod 2^32): the hash of any slice of a string's bytes is then one multiply from
 * the prefix hashes (`o200kCounter` keeps them), so a BPE pair lookup does not re-read the pair's bytes.
 */
const P = 0x01000193;
function hashBytes(bytes: Uint8Array, a: number, b: number): number {
  let h = 0;
  for (let i = a; i < b; i++) h = (Math.imul(h, P) + bytes[i]!) | 0;
  return h;
}
/** Slot of a hash in a table of 2^(32 − shift) slots (Fibonacci hashing: the high bits of the product). */
const slotOf = (h: number, shift: number): number => Math.imul(h, 0x9e3779b1) >>> shift;
/** A slot's key: the bytes themselves when ≤ 4, else their hash. */
const keyOf = (bytes: Uint8Array, a: number, len: number, h: number): number =>
  len > 4 ? h : len === 4 ? bytes[a]! | (bytes[a + 1]! << 8) | (bytes[a + 2]! << 16) | (bytes[a + 3]! << 24) : len === 3 ? bytes[a]! | (bytes[a + 1]! << 8) | (bytes[a + 2]! << 16) : len === 2 ? bytes[a]! | (bytes[a + 1]! << 8) : bytes[a]!;
const RANK_BITS = 18;
const RANK_MASK = (1 << RANK_BITS) - 1;

/**
 * The vocabulary as bytes: every token's UTF-8 bytes end to end and its start per rank; an open-addressing
 * hash table of slot pairs (rank + 1 | length << 18, key), where the key of a token of ≤ 4 bytes is its bytes
 * (no further read confirms it) and of a longer one its hash (its bytes confirm it); and the rank of every
 * two-byte token (the first merges of every pre-token) by direct index. Lookups touch little memory.
 */
interface Vocab {
  bytes: Uint8Array;
  start: Int32Array;
  table: Int32Array;
  mask: number;
  shift: number;
  pair: Int32Array;
}

function buildVocab(ranks: readonly (string | readonly number[] | undefined)[]): Vocab {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  const start = new Int32Array(ranks.length + 1);
  let total = 0;
  for (let r = 0; r < ranks.length; r++) {
    const v = ranks[r];
    const b = typeof v === 'string' ? enc.encode(v) : v ? Uint8Array.from(v) : new Uint8Array(0);
    parts.push(b);
    start[r] = total;
    total += b.length;
  }
  start[ranks.length] = total;
  const bytes = new Uint8Array(total);
  parts.forEach((b, r) => bytes.set(b, start[r]!));
  let size = 1;
  let shift = 32;
  while (size < ranks.length * 2.5) {
    size <<= 1;
    shift--;
  }
  if (ranks.length >= RANK_MASK) throw new Error('o200kCounter: too many ranks');
  const table = new Int32Array(2 * size);
  const mask = size - 1;
  const pair = new Int32Array(65536).fill(-1);
  for (let r = 0; r < ranks.length; r++) {
    const a = start[r]!;
    const b = start[r + 1]!;
    if (a === b) continue; // an unused rank
    if (b - a === 2) pair[(bytes[a]! << 8) | bytes[a + 1]!] = r;
    const h = hashBytes(bytes, a, b);
    let i = slotOf(h, shift);
    while (table[2 * i] !== 0) i = (i + 1) & mask;
    table[2 * i] = (r + 1) | (Math.min(b - a, 0x1fff) << RANK_BITS);
    table[2 * i + 1] = keyOf(bytes, a, b - a, h);
  }
  return { bytes, start, table, mask, shift, pair };
}

/** Rank of the token whose bytes are buf[a, b) (h: their hashBytes), or -1. */
function rankOf(v: Vocab, buf: Uint8Array, a: number, b: number, h: number): number {
  const len = b - a;
  if (len === 2) return v.pair[(buf[a]! << 8) | buf[a + 1]!]!;
  const { table, mask } = v;
  const key = keyOf(buf, a, len, h);
  for (let i = slotOf(h, v.shift); ; i = (i + 1) & mask) {
    const e = table[2 * i]!;
    if (e === 0) return -1;
    if (table[2 * i + 1] !== key || e >>> RANK_BITS !== len) continue;
    const r = (e & RANK_MASK) - 1;
    if (len <= 4) return r;
    const s = v.start[r]!;
    let k = 0;
    while (k < len && v.bytes[s + k] === buf[a + k]) k++;
    if (k === len) return r;
  }
}

/** P^0 … P^(n − 1) (mod 2^32). */
function powers(n: number): Int32Array {
  const pw = new Int32Array(n);
  pw[0] = 1;
  for (let i = 1; i < n; i++) pw[i] = Math.imul(pw[i - 1]!, P);
  return pw;
}

/** Heap keys are rank · OFFSETS + the pair's offset in its pre-token: a pre-token is shorter than OFFSETS bytes. */
const OFFSETS = 2 ** 21;

/**
 * A counter over the vocabulary `ranks` (index = rank). Building it takes one pass over the vocabulary and
 * the BMP; the counter reuses its buffers, growing them for longer strings.
 *
 * `probeOnly` (bench only, not exact): a pre-token that is not one token counts as 1 + bytes/4 instead of being
 * merged. What is left is the floor of this design (decode, pre-tokenize, one vocabulary probe per pre-token),
 * which `--exact probe` times: a faster merge cannot make the hybrid faster than that.
 */
export function o200kCounter(ranks: readonly (string | readonly number[] | undefined)[], probeOnly = false): TokenCounter {
  const vocab = buildVocab(ranks);
  const F = bmp();
  // per code point of the string being counted: flags, the code point, the offset of its UTF-8 bytes
  let flags = new Uint8Array(256);
  let cps = new Int32Array(256);
  let at = new Int32Array(257);
  let buf = new Uint8Array(1024);
  // hashBytes of buf[0, i) (ph), and P^i (pw): the hash of buf[a, b) is ph[b] − ph[a]·P^(b − a)
  let ph = new Int32Array(1025);
  let pw = powers(1025);
  // merge(): the next part after each byte offset, each part's pair rank, the heap of candidate merges
  let nxt = new Int32Array(1025);
  let prv = new Int32Array(1025);
  let pr = new Int32Array(1025);
  let heap = new Float64Array(1024);
  let lone = false; // the string holds an unpaired surrogate: gpt-tokenizer never finds such a piece whole

  /** Decodes `s` into the per-code-point arrays and its UTF-8 bytes; returns the number of code points. */
  function load(s: string): number {
    if (s.length + 1 > at.length) {
      flags = new Uint8Array(s.length * 2);
      cps = new Int32Array(s.length * 2);
      at = new Int32Array(s.length * 2 + 1);
      buf = new Uint8Array(s.length * 6);
      ph = new Int32Array(buf.length + 1);
      pw = powers(buf.length + 1);
    }
    lone = false;
    let n = 0;
    let o = 0;
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i);
      let f: number;
      if (c >= 0xd800 && c <= 0xdfff) {
        const d = s.charCodeAt(i + 1);
        if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
          f = flagsOf(c);
        } else {
          lone = true;
          f = PRE | PUN | LONE;
          c = 0xfffd; // TextEncoder's replacement
        }
      } else f = F[c]!;
      flags[n] = f;
      cps[n] = c;
      at[n++] = o;
      if (c < 0x80) buf[o++] = c;
      else if (c < 0x800) {
        buf[o++] = 0xc0 | (c >> 6);
        buf[o++] = 0x80 | (c & 63);
      } else if (c < 0x10000) {
        buf[o++] = 0xe0 | (c >> 12);
        buf[o++] = 0x80 | ((c >> 6) & 63);
        buf[o++] = 0x80 | (c & 63);
      } else {
        buf[o++] = 0xf0 | (c >> 18);
        buf[o++] = 0x80 | ((c >> 12) & 63);
        buf[o++] = 0x80 | ((c >> 6) & 63);
        buf[o++] = 0x80 | (c & 63);
      }
    }
    at[n] = o;
    for (let i = 0; i < o; i++) ph[i + 1] = (Math.imul(ph[i]!, P) + buf[i]!) | 0;
    return n;
  }

  /** hashBytes(buf, a, b) from the prefix hashes. */
  const hashOf = (a: number, b: number): number => (ph[b]! - Math.imul(ph[a]!, pw[b - a]!)) | 0;

  /** End of the run of code points with `bit` from i. */
  function run(i: number, n: number, bit: number): number {
    while (i < n && flags[i]! & bit) i++;
    return i;
  }

  /** The optional contraction after a letter run ending at e: 's 'd 'm 't 'll 've 're, either case. */
  function contraction(e: number, n: number): number {
    if (e + 1 >= n || cps[e] !== 0x27) return e;
    const a = cps[e + 1]! | 0x20;
    if (a === 0x73 || a === 0x64 || a === 0x6d || a === 0x74) return e + 2;
    if (e + 2 >= n) return e;
    const b = cps[e + 2]! | 0x20;
    return (a === 0x6c && b === 0x6c) || (a === 0x76 && b === 0x65) || (a === 0x72 && b === 0x65) ? e + 3 : e;
  }

  /** `[UP]*[LO]+` + contraction from q (U* gives back one code point at a time until LO+ can start), or -1. */
  function upperThenLower(q: number, n: number): number {
    const u = run(q, n, UP);
    for (let k = u; k >= q; k--) if (k < n && flags[k]! & LO) return contraction(run(k, n, LO), n);
    return -1;
  }

  /** `[UP]+[LO]*` + contraction from q, or -1. */
  function upperRun(q: number, n: number): number {
    const u = run(q, n, UP);
    return u === q ? -1 : contraction(run(u, n, LO), n);
  }

  /** End of the pre-token starting at code point p (the pattern's alternatives, in order). */
  function nextPiece(p: number, n: number): number {
    const f = flags[p]!;
    let e: number;
    if (f & PRE && p + 1 < n && (e = upperThenLower(p + 1, n)) >= 0) return e;
    if ((e = upperThenLower(p, n)) >= 0) return e;
    if (f & PRE && p + 1 < n && (e = upperRun(p + 1, n)) >= 0) return e;
    if ((e = upperRun(p, n)) >= 0) return e;
    if (f & NUM) return Math.min(run(p, n, NUM), p + 3);
    // ` ?[PUN]+[\r\n/]*`
    const q = cps[p] === 0x20 && p + 1 < n && flags[p + 1]! & PUN ? p + 1 : p;
    if (flags[q]! & PUN) {
      let i = run(q, n, PUN);
      while (i < n && (cps[i] === 0x0d || cps[i] === 0x0a || cps[i] === 0x2f)) i++;
      return i;
    }
    // whitespace: `\s*[\r\n]+`, then `\s+(?!\S)`, then `\s+`
    const w = run(p, n, WS);
    for (let k = w - 1; k >= p; k--) if (cps[k] === 0x0d || cps[k] === 0x0a) return k + 1;
    return w === n || w - p < 2 ? w : w - 1;
  }

  /** Rank of the token buf[i, j), or NONE. */
  function rankAt(i: number, j: number): number {
    const r = rankOf(vocab, buf, i, j, hashOf(i, j));
    return r < 0 ? NONE : r;
  }

  let size = 0; // of the heap
  function push(key: number): void {
    let i = size++;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (heap[up]! <= key) break;
      heap[i] = heap[up]!;
      i = up;
    }
    heap[i] = key;
  }
  function pop(): number {
    const top = heap[0]!;
    const last = heap[--size]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= size) break;
      if (c + 1 < size && heap[c + 1]! < heap[c]!) c++;
      if (heap[c]! >= last) break;
      heap[i] = heap[c]!;
      i = c;
    }
    heap[i] = last;
    return top;
  }
  /** Sets the pair rank of the part at i (its bytes and its right neighbour's, within [a, b)) and queues it. */
  function rate(i: number, a: number, b: number): void {
    const j = nxt[i]!;
    const r = j < b ? rankAt(i, nxt[j]!) : NONE;
    pr[i] = r;
    if (r !== NONE) push(r * OFFSETS + (i - a));
  }

  /**
   * Tokens of buf[a, b) by byte-pair merging: the lowest-ranked adjacent pair first, the leftmost on ties.
   * Parts are a linked list over byte offsets (nxt, prv; a merged-away part's nxt is −1); candidate merges
   * wait in a binary min-heap keyed rank · OFFSETS + offset (so ties go to the leftmost), checked against the
   * part's current pair rank (pr) when popped: O(m log m) rather than a scan of every pair per merge.
   */
  function merge(a: number, b: number): number {
    const m = b - a;
    if (m < 2) return m;
    if (m >= OFFSETS) throw new RangeError(`o200kCounter: a pre-token of ${m} bytes`);
    if (b + 1 > nxt.length) {
      nxt = new Int32Array(2 * b + 2);
      prv = new Int32Array(2 * b + 2);
      pr = new Int32Array(2 * b + 2);
    }
    if (3 * m > heap.length) heap = new Float64Array(6 * m);
    size = 0;
    for (let i = a; i <= b; i++) {
      nxt[i] = i + 1;
      prv[i] = i - 1;
    }
    for (let i = a; i < b; i++) rate(i, a, b);
    let parts = m;
    while (size > 0) {
      const key = pop();
      const i = a + (key % OFFSETS);
      if (nxt[i]! < 0 || pr[i] !== (key - (i - a)) / OFFSETS) continue; // merged away, or its pair changed
      const j = nxt[i]!;
      nxt[i] = nxt[j]!;
      prv[nxt[j]!] = i;
      nxt[j] = -1;
      parts--;
      rate(i, a, b);
      if (i > a) rate(prv[i]!, a, b);
    }
    return parts;
  }

  /** Whether code points [p, e) hold an unpaired surrogate. */
  function hasLone(p: number, e: number): boolean {
    while (p < e && !(flags[p]! & LONE)) p++;
    return p < e;
  }

  return (s: string): number => {
    const n = load(s);
    let tokens = 0;
    for (let p = 0; p < n; ) {
      const e = nextPiece(p, n);
      const a = at[p]!;
      const b = at[e]!;
      tokens += b - a === 1 || (!(lone && hasLone(p, e)) && rankOf(vocab, buf, a, b, hashOf(a, b)) >= 0) ? 1 : probeOnly ? 1 + ((b - a) >> 2) : merge(a, b);
      p = e;
    }
    return tokens;
  };
}
