/**
 * Calibrated token estimator: one linear pass, one table lookup per UTF-16 code unit.
 *
 * Every code unit gets a character class (16 classes, a 64K-entry Uint8Array built from ranges at load).
 * The cost of a code unit is a weight indexed by (class of the previous unit, its class, whether it
 * repeats the previous unit exactly). Class transitions stand for the run features a BPE
 * pre-tokenizer reacts to (word starts, camelCase humps, digit and punctuation runs, indentation,
 * newline runs, `=====` and space runs that pack into few tokens), so the pass needs no branches
 * beyond the loop itself. The weights are data, fitted per tokenizer family by
 * `scripts/fit-estimator.mjs` against an exact tokenizer and shipped in `weights.ts`.
 */
import { ESTIMATOR_WEIGHTS, type EstimatorFamily } from './weights';

export type { EstimatorFamily };

/** Character classes. Keep in sync with CLASS_NAMES and the fit script (it imports these). */
export const enum Cls {
  Lower = 0,
  Upper = 1,
  Digit = 2,
  Space = 3,
  Newline = 4,
  Control = 5, // tab and other C0 controls
  Punct = 6, // ASCII punctuation and symbols
  CjkIdeo = 7,
  CjkPunct = 8, // CJK symbols/punctuation, fullwidth forms
  Kana = 9,
  Hangul = 10,
  LatinExt = 11, // Latin-1 letters, Latin Extended A/B, Latin Extended Additional (Vietnamese)
  GreekCyr = 12,
  OtherBmp = 13,
  HighSurrogate = 14, // first half of an astral character (emoji, rare CJK)
  LowSurrogate = 15,
}

export const CLASS_COUNT = 16;
export const CLASS_NAMES = ['lower', 'upper', 'digit', 'space', 'newline', 'control', 'punct', 'cjk', 'cjkPunct', 'kana', 'hangul', 'latinExt', 'greekCyr', 'otherBmp', 'astralHi', 'astralLo'];
/** Size of a weight table: previous class × class × repeat flag. */
export const FEATURE_COUNT = CLASS_COUNT * CLASS_COUNT * 2;

function buildClassTable(): Uint8Array {
  const t = new Uint8Array(65536).fill(Cls.OtherBmp);
  const fill = (from: number, to: number, c: Cls) => t.fill(c, from, to + 1);
  fill(0x00, 0x1f, Cls.Control);
  fill(0x21, 0x2f, Cls.Punct);
  fill(0x3a, 0x40, Cls.Punct);
  fill(0x5b, 0x60, Cls.Punct);
  fill(0x7b, 0x7e, Cls.Punct);
  t[0x7f] = Cls.Control;
  fill(0x30, 0x39, Cls.Digit);
  fill(0x41, 0x5a, Cls.Upper);
  fill(0x61, 0x7a, Cls.Lower);
  t[0x20] = Cls.Space;
  t[0x0a] = Cls.Newline;
  t[0x0d] = Cls.Newline;
  fill(0x80, 0xbf, Cls.OtherBmp); // Latin-1 punctuation and symbols
  fill(0xc0, 0x24f, Cls.LatinExt);
  t[0xd7] = Cls.OtherBmp; // ×
  t[0xf7] = Cls.OtherBmp; // ÷
  fill(0x1e00, 0x1eff, Cls.LatinExt);
  fill(0x370, 0x52f, Cls.GreekCyr);
  fill(0x3000, 0x303f, Cls.CjkPunct);
  fill(0xff00, 0xffef, Cls.CjkPunct);
  fill(0x3040, 0x30ff, Cls.Kana);
  fill(0x31f0, 0x31ff, Cls.Kana);
  fill(0x1100, 0x11ff, Cls.Hangul);
  fill(0x3130, 0x318f, Cls.Hangul);
  fill(0xac00, 0xd7af, Cls.Hangul);
  fill(0x3400, 0x4dbf, Cls.CjkIdeo);
  fill(0x4e00, 0x9fff, Cls.CjkIdeo);
  fill(0xf900, 0xfaff, Cls.CjkIdeo);
  fill(0xd800, 0xdbff, Cls.HighSurrogate);
  fill(0xdc00, 0xdfff, Cls.LowSurrogate);
  return t;
}

/** Class of every UTF-16 code unit. */
export const CLASS_OF: Uint8Array = buildClassTable();

/** Feature index of a code unit given its predecessor: (prev << 5) | (cls << 1) | repeat. */
export const featureIndex = (prevCls: number, cls: number, repeat: boolean): number => (prevCls << 5) | (cls << 1) | (repeat ? 1 : 0);

/**
 * Counts of every feature in `s` (what the fit regresses on). The estimate is the dot product of
 * these counts with a family's weights; `estimateTokens` computes the same sum without the vector.
 */
export function featureCounts(s: string, into: Float64Array = new Float64Array(FEATURE_COUNT)): Float64Array {
  const cls = CLASS_OF;
  let prevK = Cls.Newline; // a string starts like a new line
  let prevC = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const k = cls[c]!;
    into[(prevK << 5) | (k << 1) | (c === prevC ? 1 : 0)]! += 1;
    prevK = k;
    prevC = c;
  }
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
 * Weights ship as a compact string: each weight is `round(w / scale)` in base 36, comma separated,
 * `*n` repeating the previous value n more times (runs of zeros are common).
 */
export function decodeWeights(table: string, scale: number): Float64Array {
  const out = new Float64Array(FEATURE_COUNT);
  let i = 0;
  let last = 0;
  for (const tok of table.split(',')) {
    if (tok.startsWith('*')) {
      const n = parseInt(tok.slice(1), 36);
      for (let j = 0; j < n && i < FEATURE_COUNT; j++) out[i++] = last;
    } else if (i < FEATURE_COUNT) {
      last = tok ? parseInt(tok, 36) * scale : 0;
      out[i++] = last;
    }
  }
  return out;
}

export function encodeWeights(w: ArrayLike<number>, scale: number): string {
  const q = Array.from(w, (x) => Math.max(0, Math.round(x / scale)));
  const parts: string[] = [];
  for (let i = 0; i < q.length; ) {
    let j = i + 1;
    while (j < q.length && q[j] === q[i]) j++;
    parts.push(q[i]!.toString(36));
    if (j - i > 1) parts.push(`*${(j - i - 1).toString(36)}`);
    i = j;
  }
  return parts.join(',');
}

/**
 * Estimated token count of `s` for a tokenizer family. Linear in `s.length`, no allocation.
 * Returns a fractional count; callers round where they display.
 */
export function estimateTokens(s: string, family: EstimatorFamily = 'o200k'): number {
  const w = weightsFor(family);
  const cls = CLASS_OF;
  let sum = 0;
  let prevK = Cls.Newline as number;
  let prevC = -1;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    const k = cls[c]!;
    sum += w[(prevK << 5) | (k << 1) | (c === prevC ? 1 : 0)]!;
    prevK = k;
    prevC = c;
  }
  return sum;
}

/** Which family a provider/model most likely uses. Claude has no public tokenizer: its weights are a prior that usage calibration corrects. */
export function familyFor(provider: string | undefined, model: string | undefined): EstimatorFamily {
  const p = (provider ?? '').toLowerCase();
  const m = (model ?? '').toLowerCase();
  if (p.includes('anthropic') || p.includes('claude') || m.includes('claude')) return 'claude';
  if (/gpt-3\.5|gpt-4(?![o.\d])|gpt-4-|text-embedding-(ada|3)/.test(m)) return 'cl100k';
  return 'o200k';
}
