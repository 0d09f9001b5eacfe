/**
 * Calibrated token estimator: one linear pass, one class lookup and one weight lookup per UTF-16 code unit.
 *
 * Every code unit gets a character class (24 classes, a 64K-entry Uint8Array built from ranges at load;
 * a 25th, `boundary`, stands for the string's ends).
 * Its cost is a weight indexed by
 *   - the class of the previous unit, and whether that unit continued a run of its class (so a word's
 *     first, second and later letters, a digit or punctuation run's start and continuation, the first
 *     and later units of indentation or of a newline run all get their own weights);
 *   - its own class;
 *   - whether it repeats the previous code unit exactly (`=====`, `-----`, space runs pack into few tokens).
 * These transitions stand for the run features a BPE pre-tokenizer reacts to (word starts, camelCase humps,
 * digit groups, punctuation runs, indentation, newline runs), so the pass needs no branches beyond the
 * loop itself. The string's two ends are pre-token boundaries of their own (a message does not start the
 * way a line inside a text starts, and its last word or punctuation run is cut there): a pseudo-class
 * `boundary` is the state before the first unit, and one more weight, indexed by the state after the last
 * unit, is added once per string. Without them every short text (a one-line ask, a tool notice) was
 * charged the costs a line start and a line end have inside long texts. For o200k, short texts with CJK letters
 * get a second pass that counts o200k's multi-character CJK tokens (TOKEN_MAX below). The weights are data,
 * fitted per tokenizer family by `scripts/fit-estimator.mjs` against an exact tokenizer and shipped in
 * `weights.ts` (`npm run fit:estimator` rewrites it).
 */
import { CJK_COMMON, CJK_HUB, CJK_PREFIXES, CJK_TOKENS, CJK_WORD, EMOJI_ONE, ESTIMATOR_WEIGHTS, type EstimatorFamily } from './weights';

export type { EstimatorFamily };

/** Character classes (values of CLASS_OF). The fit script reads CLASS_NAMES. */
export const CLASS_NAMES = [
  'lower', // a–z
  'upper', // A–Z
  'digit',
  'space',
  'newline', // \n \r
  'control', // tab and other C0 controls
  'punct', // ASCII punctuation not below: # $ ' ( ) , . : ; @ [ \ ] _ ` { }
  'cjk', // CJK ideographs in neither list below, compatibility ideographs
  'cjkPunct', // CJK symbols and punctuation, fullwidth forms
  'kana',
  'hangul',
  'latin1', // Latin-1 letters (é, ü, ß …)
  'greekCyr',
  'otherBmp', // everything else in the BMP: other scripts, symbols, Latin-1 punctuation
  'astralHi', // high surrogate: first half of an astral character (emoji, rare CJK)
  'astralLo', // low surrogate: the astral character's cost
  'latinExt', // Latin Extended-A/B and Additional (Polish, Czech, Turkish, Vietnamese …)
  'op', // ASCII operators: = + - * / % & | ^ ! ~ ? < >
  'quote', // "
  'cjkCommon', // the most common ideographs (one token even in cl100k; CJK_COMMON in weights.ts), not in CJK_WORD
  'cjkWord', // ideographs common words are made of (in ≥ 2 of o200k's multi-ideograph tokens; CJK_WORD), not in CJK_COMMON
  'cjkCommonWord', // in both lists
  'cjkHub', // ideographs in many of o200k's multi-ideograph tokens (CJK_HUB, a subset of CJK_WORD): 的 在 大 中 不 开 …, which merge with a neighbour most often
  'astralOne', // low surrogate of an emoji o200k encodes as one token (EMOJI_ONE: 👍 😂 🔥 🙏 …; astralLo charges every other astral character the mean of all, ~2.2 tokens)
  'boundary', // no code unit: the state before the first unit, and the slot of the end of the string
] as const;
export const CLASS_COUNT = CLASS_NAMES.length;
/** The pseudo-class of the string's ends. */
export const BOUNDARY = CLASS_COUNT - 1;

/**
 * Weight index: (state << 6) | (class << 1) | repeat, where state = (previous class << 1) | (previous unit
 * had the same class as the one before it). 46 states × 64 slots; slots of classes ≥ CLASS_COUNT are unused.
 * The end of the string is the slot (state << 6) | (BOUNDARY << 1) of the state after the last unit.
 */
export const FEATURE_COUNT = (2 * CLASS_COUNT) << 6;

/** Feature index of a code unit: its predecessor's class (and whether that continued a run), its class, whether it repeats the predecessor. */
export const featureIndex = (prevCls: number, cls: number, repeat: boolean, prevContinued = false): number =>
  (((prevCls << 1) | (prevContinued ? 1 : 0)) << 6) | (cls << 1) | (repeat ? 1 : 0);

/** Base-32 varints: digits 0–31 end a number, 32–63 continue it; '.' marks a run of zeros (count follows). */
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_';
function varints(s: string): number[] {
  const out: number[] = [];
  let v = 0;
  for (let i = 0; i < s.length; i++) {
    const d = DIGITS.indexOf(s[i]!);
    if (d < 0) out.push(-1);
    else if (d >= 32) v = v * 32 + d - 32;
    else {
      out.push(v * 32 + d);
      v = 0;
    }
  }
  return out;
}
function varint(v: number): string {
  let s = DIGITS[v & 31]!;
  for (v = Math.floor(v / 32); v > 0; v = Math.floor(v / 32)) s = DIGITS[32 + (v & 31)]! + s;
  return s;
}

function buildClassTable(): Uint8Array {
  const t = new Uint8Array(65536).fill(13);
  const fill = (from: number, to: number, c: number) => t.fill(c, from, to + 1);
  fill(0x00, 0x1f, 5);
  t[0x7f] = 5;
  fill(0x21, 0x7e, 6);
  for (const ch of '=+-*/%&|^!~?<>') t[ch.charCodeAt(0)] = 17;
  t[0x22] = 18;
  fill(0x30, 0x39, 2);
  fill(0x41, 0x5a, 1);
  fill(0x61, 0x7a, 0);
  t[0x20] = 3;
  t[0x0a] = t[0x0d] = 4;
  fill(0xc0, 0xff, 11);
  t[0xd7] = t[0xf7] = 13; // × ÷
  fill(0x100, 0x24f, 16);
  fill(0x1e00, 0x1eff, 16);
  fill(0x370, 0x52f, 12);
  fill(0x3000, 0x303f, 8);
  fill(0xff00, 0xffef, 8);
  fill(0x3040, 0x30ff, 9);
  fill(0x31f0, 0x31ff, 9);
  fill(0x1100, 0x11ff, 10);
  fill(0x3130, 0x318f, 10);
  fill(0xac00, 0xd7af, 10);
  fill(0x3400, 0x4dbf, 7);
  fill(0x4e00, 0x9fff, 7);
  fill(0xf900, 0xfaff, 7);
  let cp = 0x4e00;
  for (const gap of varints(CJK_COMMON)) t[(cp += gap)] = 19;
  cp = 0x4e00;
  for (const gap of varints(CJK_WORD)) {
    cp += gap;
    t[cp] = t[cp] === 19 ? 21 : 20;
  }
  cp = 0x4e00;
  for (const gap of varints(CJK_HUB)) t[(cp += gap)] = 22;
  fill(0xd800, 0xdbff, 14);
  fill(0xdc00, 0xdfff, 15);
  // the low surrogate alone is the class, whatever the high one: an astral character that shares it with a
  // one-token emoji (🁍 with 👍, 🤥 with 🔥) is charged as one; such characters are rare in text
  for (const cp of oneTokenEmoji()) t[0xdc00 + ((cp - 0x10000) & 0x3ff)] = 23;
  return t;
}

/** The emoji o200k encodes as one token (EMOJI_ONE in weights.ts: varint gaps from U+1F300), as code points. */
export function oneTokenEmoji(): number[] {
  let cp = 0x1f300;
  return varints(EMOJI_ONE).map((gap) => (cp += gap));
}

/** Class of every UTF-16 code unit. */
export const CLASS_OF: Uint8Array = buildClassTable();

/**
 * The token pass (o200k, short texts): a per-unit weight cannot know which two ideographs form one token (好的,
 * 可以, です, 습니다 are one each; a 5-token reply is 20 % off for each token it misses). So in a text under
 * SHORT_TEXT units that may hold CJK letters, a second pass finds, at every CJK letter not yet covered, the
 * longest o200k token of CJK letters that starts there (greedy, as a BPE vocabulary mostly agrees with), and
 * counts it as one feature, TOKEN (weight fixed at 1), instead of the features of its units; a CJK letter no
 * token covers counts as its class's LONE feature instead of its usual one (fitted on short texts: there an
 * uncovered letter is a token or more of its own, while the usual weights, fitted mostly on long texts, average
 * over letters that merge). Long texts keep the one-pass estimate: the pass costs a hash probe per CJK letter and
 * mispredicted branches, and on long texts per-unit weights are already within a few per cent.
 *
 * The vocabulary ships as 32-bit hashes in weights.ts, generated from gpt-tokenizer's o200k by
 * scripts/fit-estimator.mjs: CJK_TOKENS (the tokens of 2–TOKEN_MAX CJK letters) and CJK_PREFIXES (every string
 * of 2 or more units that begins a longer one), so the search stops at the first unit that begins none.
 * Collisions: the fit script refuses two strings with one key; ~5.7K keys of 31 bits take a string that is
 * neither for one with probability ~2.6e-6 per probe (about one probe per CJK letter of a short text).
 */
export const TOKEN_MAX = 16;
/** The pass runs on o200k texts shorter than this (code units): the real texts' `short_*` categories. */
export const SHORT_TEXT = 100;
/** The classes of CJK letters, the units the pass reads. */
export const CJK_LETTER_CLASSES = (['cjk', 'kana', 'hangul', 'cjkCommon', 'cjkWord', 'cjkCommonWord', 'cjkHub'] as const).map((n) => CLASS_NAMES.indexOf(n));
/** The same as a bit per class. */
const CJK_LETTERS = CJK_LETTER_CLASSES.reduce((m, k) => m | (1 << k), 0);
/** The feature of a token the pass found: in state 0, the first slot no class uses. */
export const TOKEN = CLASS_COUNT << 1;
/** The lone feature of each CJK letter class: state 0's slots after TOKEN (no class uses them); 0 for other classes. */
export const LONE = new Uint8Array(CLASS_COUNT);
CJK_LETTER_CLASSES.forEach((k, i) => (LONE[k] = TOKEN + 1 + i));
const TOKEN_BITS = 14; // 16K slots for ~5K keys: probes stay short
const TOKEN_KEYS = new Int32Array(1 << TOKEN_BITS);
/** Per slot: 1 = a token, 2 = begins a longer token. */
const TOKEN_FLAGS = new Uint8Array(1 << TOKEN_BITS);

/** Whether the token pass reads this code unit (a CJK letter). */
export const isCjkLetter = (c: number): boolean => ((CJK_LETTERS >>> CLASS_OF[c]!) & 1) === 1;
/** Rolling hash step over UTF-16 units (h starts at 0). */
export const tokenHashStep = (h: number, c: number): number => (Math.imul(h, 0x2f0a3bd5) + c) | 0;
/** The 32-bit key of a rolling hash (mixed, never 0: 0 marks an empty slot). */
export const tokenKey = (h: number): number => Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) | 1;
/** Key of a whole string (what the fit script hashes the vocabulary with). */
export function tokenKeyOf(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = tokenHashStep(h, s.charCodeAt(i));
  return tokenKey(h);
}
const slotOf = (key: number): number => Math.imul(key, 0x9e3779b1) >>> (32 - TOKEN_BITS);
/** The flags of a key (0: neither a token nor the beginning of one). */
function tokenFlags(key: number): number {
  const mask = TOKEN_KEYS.length - 1;
  for (let i = slotOf(key); ; i = (i + 1) & mask) {
    const v = TOKEN_KEYS[i]!;
    if (v === key) return TOKEN_FLAGS[i]!;
    if (v === 0) return 0;
  }
}
for (const [list, flag] of [[CJK_TOKENS, 1], [CJK_PREFIXES, 2]] as const) {
  const mask = TOKEN_KEYS.length - 1;
  let key = 0;
  for (const gap of varints(list)) {
    key += gap; // unsigned, ascending
    let i = slotOf(key | 0);
    while (TOKEN_KEYS[i] !== 0 && TOKEN_KEYS[i] !== (key | 0)) i = (i + 1) & mask;
    TOKEN_KEYS[i] = key | 0;
    TOKEN_FLAGS[i]! |= flag;
  }
}

/** Length (≥ 2) of the longest o200k CJK token that starts at s[i], or 0. */
function tokenAt(s: string, i: number, n: number): number {
  let h = tokenHashStep(0, s.charCodeAt(i));
  let len = 0;
  const end = Math.min(n, i + TOKEN_MAX);
  for (let j = i + 1; j < end; j++) {
    const c = s.charCodeAt(j);
    if (!((CJK_LETTERS >>> CLASS_OF[c]!) & 1)) break;
    h = tokenHashStep(h, c);
    const f = tokenFlags(tokenKey(h));
    if (f & 1) len = j - i + 1;
    if (!(f & 2)) break;
  }
  return len;
}

/** State before the first unit: the boundary (not a line start: a message's first word has no space or newline before it). */
const START = (BOUNDARY << 1) << 6;
/** Slot of the end of the string, within the state after the last unit. */
const END = BOUNDARY << 1;

/**
 * Counts of every feature in `s` for a family (what the fit regresses on): one per code unit, plus the end
 * of the string; where the token pass runs (o200k, short texts with CJK letters), one TOKEN per token found
 * instead of its units' and LONE features for the CJK letters no token covers. The estimate is the dot product
 * of these counts with the family's weights; `estimateTokens` computes the same sum without the vector.
 */
export function featureCounts(s: string, into: Float64Array = new Float64Array(FEATURE_COUNT), family: EstimatorFamily = 'o200k'): Float64Array {
  const cls = CLASS_OF;
  let st = START;
  let pk = END;
  let prevC = 0x10000;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const k = cls[c]! << 1;
    into[st | k | (((c ^ prevC) - 1) >>> 31)]! += 1;
    st = (k | (((k ^ pk) - 1) >>> 31)) << 6;
    pk = k;
    prevC = c;
  }
  into[st | END]! += 1;
  if (tokenPassFor(s, family)) tokenPass(s, null, into);
  return into;
}

const tables = new Map<EstimatorFamily, Float64Array>();

/** The weight table of a family (decoded once from the shipped data). */
export function weightsFor(family: EstimatorFamily): Float64Array {
  let t = tables.get(family);
  if (!t) {
    const src = ESTIMATOR_WEIGHTS[family] ?? ESTIMATOR_WEIGHTS.o200k;
    t = decodeWeights(src.table, src.scale);
    tables.set(family, t);
  }
  return t;
}

/**
 * Weights ship as a compact string of base-32 varints: first one quantised weight per (class, repeat),
 * the class's default; then, for every feature index, the zigzag-coded difference from that default, with
 * '.'+n standing for n zeros (pairs too rare to fit keep the default). Weight = integer × `scale`.
 */
export function decodeWeights(table: string, scale: number): Float64Array {
  const v = varints(table);
  const out = new Float64Array(FEATURE_COUNT);
  const P = 2 * CLASS_COUNT;
  let p = P;
  for (let i = 0; i < FEATURE_COUNT; ) {
    let z = p < v.length ? v[p++]! : 0;
    let n = 1;
    if (z < 0) {
      n = v[p++] ?? 0;
      z = 0;
    }
    for (; n > 0 && i < FEATURE_COUNT; n--, i++) {
      const d = z & 1 ? -(z + 1) / 2 : z / 2;
      const base = (i & 63) < P ? (v[i & 63] ?? 0) : 0;
      out[i] = Math.max(0, base + d) * scale;
    }
  }
  return out;
}

/** Inverse of decodeWeights (up to quantisation): the default of a (class, repeat) is its most common value. */
export function encodeWeights(w: ArrayLike<number>, scale: number): string {
  const q = Array.from(w, (x) => Math.max(0, Math.round(x / scale)));
  const P = 2 * CLASS_COUNT;
  const base: number[] = [];
  for (let r = 0; r < P; r++) {
    const freq = new Map<number, number>();
    for (let i = r; i < q.length; i += 64) freq.set(q[i]!, (freq.get(q[i]!) ?? 0) + 1);
    let best = 0;
    let bestN = -1;
    for (const [val, n] of freq) if (n > bestN || (n === bestN && val < best)) [best, bestN] = [val, n];
    base.push(best);
  }
  let s = base.map(varint).join('');
  let zeros = 0;
  const flush = () => {
    s += zeros > 2 ? `.${varint(zeros)}` : '0'.repeat(zeros);
    zeros = 0;
  };
  for (let i = 0; i < FEATURE_COUNT; i++) {
    const d = (q[i] ?? 0) - ((i & 63) < P ? base[i & 63]! : 0);
    if (d === 0) zeros++;
    else {
      flush();
      s += varint(d >= 0 ? 2 * d : -2 * d - 1);
    }
  }
  return s; // trailing zeros are implied
}

/**
 * Estimated token count of `s` for a tokenizer family. Linear in `s.length`, no allocation; the empty
 * string costs 0 (its end weight, boundary → boundary, is fixed at 0).
 * Returns a fractional count; callers round where they display.
 */
export function estimateTokens(s: string, family: EstimatorFamily = 'o200k'): number {
  const w = weightsFor(family);
  const cls = CLASS_OF;
  let sum = 0;
  let st = START;
  let pk = END; // the boundary: the first unit never continues a run
  let prevC = 0x10000; // no code unit: the first one is not a repeat
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    const k = cls[c]! << 1;
    // ((a ^ b) - 1) >>> 31 is 1 when a === b, else 0 (for 0 ≤ a, b < 2^31): flags without branches, which
    // the JIT would otherwise compile to data-dependent (mispredicted) jumps
    sum += w[st | k | (((c ^ prevC) - 1) >>> 31)]!;
    st = (k | (((k ^ pk) - 1) >>> 31)) << 6;
    pk = k;
    prevC = c;
  }
  sum += w[st | END]!;
  return tokenPassFor(s, family) ? sum + tokenPass(s, w, null) : sum;
}

/**
 * The token pass (see TOKEN_MAX), after the main one: every o200k token found replaces the features of the
 * units it covers by one TOKEN feature, every uncovered CJK letter's feature becomes its LONE one. The units
 * after a token keep theirs: a unit's feature depends only on the two units before it and whether it repeats
 * the one before, all read as they are. With `w`, returns the change of the estimate; with `into`, applies the
 * change to the feature counts (featureCounts).
 */
function tokenPass(s: string, w: Float64Array | null, into: Float64Array | null): number {
  const cls = CLASS_OF;
  const n = s.length;
  let delta = 0;
  for (let i = 0; i < n; i++) {
    const kc = cls[s.charCodeAt(i)]!;
    if (!((CJK_LETTERS >>> kc) & 1)) continue;
    const len = tokenAt(s, i, n);
    if (len === 0) {
      // a CJK letter no token covers: its feature moves to its class's lone one
      const f = unitFeature(s, i);
      if (w) delta += w[LONE[kc]!]! - w[f]!;
      else {
        into![f]! -= 1;
        into![LONE[kc]!]! += 1;
      }
      continue;
    }
    for (let j = i; j < i + len; j++) {
      if (w) delta -= w[unitFeature(s, j)]!;
      else into![unitFeature(s, j)]! -= 1;
    }
    if (w) delta += w[TOKEN]!;
    else into![TOKEN]! += 1;
    i += len - 1;
  }
  return delta;
}

/**
 * Whether a text may hold a CJK letter: the OR of its code units reaches U+3000 (every CJK letter but the rare
 * Hangul Jamo, U+1100–11FF, is ≥ U+3040; the pass reads those too when it runs). A scan without branches, cheaper
 * than the pass's own on the texts it spares.
 */
function mayHaveCjk(s: string): boolean {
  let or = 0;
  for (let i = 0; i < s.length; i++) or |= s.charCodeAt(i);
  return or >= 0x3000;
}

/** Whether the token pass runs: o200k's tokens, in a short text that may hold a CJK letter. */
export const tokenPassFor = (s: string, family: EstimatorFamily): boolean => family === 'o200k' && s.length < SHORT_TEXT && mayHaveCjk(s);

/** The feature the main pass counted for unit j: the state the two units before it left, its class, whether it repeats. */
function unitFeature(s: string, j: number): number {
  const cls = CLASS_OF;
  const c = s.charCodeAt(j);
  const p = j > 0 ? cls[s.charCodeAt(j - 1)]! << 1 : END;
  const cont = j > 1 && p === cls[s.charCodeAt(j - 2)]! << 1 ? 1 : 0;
  const rep = j > 0 && c === s.charCodeAt(j - 1) ? 1 : 0;
  return ((p | cont) << 6) | (cls[c]! << 1) | rep;
}

/** Which family a provider/model most likely uses. Claude has no public tokenizer: its weights are a prior that usage calibration corrects. */
export function familyFor(provider: string | undefined, model: string | undefined): EstimatorFamily {
  const p = (provider ?? '').toLowerCase();
  const m = (model ?? '').toLowerCase();
  if (p.includes('anthropic') || p.includes('claude') || m.includes('claude')) return 'claude';
  if (/gpt-3\.5|gpt-4(?![o.\d])|gpt-4-|text-embedding-(ada|3)/.test(m)) return 'cl100k';
  return 'o200k';
}
