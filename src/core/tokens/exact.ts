/**
 * Exact token counts on demand, and the guard that keeps them safe.
 *
 * The exact tokenizer (gpt-tokenizer, o200k_base or cl100k_base) runs in a worker thread
 * (`exactWorker.ts`, driven by src/vscode/sessions/exactCount.ts); this module is the pure part: it decides
 * what the worker may see, cuts the text into messages and adds the results up.
 *
 * Why a guard: BPE merging is quadratic in the length of one pre-token, and a long run of one
 * character class is one pre-token (100,000 `=` or spaces take ~6 s in gpt-tokenizer). The
 * pre-tokenizers of both encodings split text into letter runs (marks included), digit groups of ≤ 3,
 * punctuation/symbol runs and whitespace runs, so a pre-token is never much longer than the longest
 * single-class run around it. The guard measures those runs in UTF-8 bytes (BPE works on bytes: a CJK
 * character is 3) and sends any run over `maxRunBytes` to the calibrated estimator instead, together
 * with long whitespace-free base64-alphabet runs (embedded data, where BPE is slow and an exact
 * figure buys little). Everything else goes to BPE, cut at pre-token boundaries so the sum of the
 * pieces' counts equals the count of the whole (see `safeSplit`).
 */
import { estimateTokens, type EstimatorFamily } from './estimator';
import { forEachContentPiece } from './messageText';

/** The vocabularies we can count exactly. */
export type ExactFamily = 'o200k' | 'cl100k';

export interface ExactLimits {
  /** a run of one pre-tokenizer class (letters, punctuation/symbols, whitespace) over this many UTF-8 bytes is estimated */
  maxRunBytes: number;
  /** a whitespace-free run of base64/hex characters (A–Z a–z 0–9 + / = _ -) over this many chars is estimated */
  maxBase64Run: number;
  /** characters per message to the worker (64 KB of UTF-16) */
  chunkChars: number;
}

export const DEFAULT_EXACT_LIMITS: Readonly<ExactLimits> = { maxRunBytes: 1000, maxBase64Run: 1000, chunkChars: 32_768 };

/** A piece of the input: `exact` pieces go to BPE, the others to the estimator. */
export interface Piece {
  text: string;
  exact: boolean;
}

export interface SplitStats {
  /** places where no pre-token boundary was found and the text was cut anyway (±1 token each) */
  hardCuts: number;
}

export interface ExactCountResult {
  /** the vocabulary counted with */
  family: ExactFamily;
  /** the model's tokenizer family (`claude` when the session is a Claude session) */
  modelFamily: EstimatorFamily;
  /** tokens counted by BPE */
  exact: number;
  /** estimator tokens of the runs the guard kept from BPE */
  estimated: number;
  estimatedChars: number;
  /** exact + estimated */
  total: number;
  chars: number;
  /** the calibrated estimator over the whole input (same family), for comparison */
  estimate: number;
  ms: number;
  /** messages sent to the worker */
  batches: number;
  hardCuts: number;
  cancelled: boolean;
  /** set for Claude: what the figure means */
  note?: string;
}

export const CLAUDE_NOTE = "Claude's tokenizer is not public: this is the o200k count; the session's usage calibration is the better figure for Claude.";

/** The vocabulary to count a model family with. Claude has no public tokenizer: o200k, with a note. */
export function exactFamilyFor(family: EstimatorFamily): { family: ExactFamily; note?: string } {
  if (family === 'cl100k') return { family: 'cl100k' };
  if (family === 'claude') return { family: 'o200k', note: CLAUDE_NOTE };
  return { family: 'o200k' };
}

// ---- character flags (built on first use, never at load) ----

const RUN_L = 1; // member of a letter run: \p{L}, \p{M}, astral halves (unknown: both runs)
const RUN_P = 2; // member of a punctuation/symbol run: not \s/\p{L}/\p{N}; \p{M} and astral halves too
const SPACE = 4; // \s
const NUM = 8; // \p{N}
const B64 = 16; // A–Z a–z 0–9 + / = _ -
const LETTER = 32; // \p{L} (BMP)
const PUNCT = 64; // definitely punctuation/symbol (BMP, not a mark)

let flagTable: Uint8Array | undefined;

function charFlags(): Uint8Array {
  if (flagTable) return flagTable;
  const t = new Uint8Array(65536);
  const reL = /\p{L}/u;
  const reM = /\p{M}/u;
  const reN = /\p{N}/u;
  const reS = /\s/u;
  for (let c = 0; c < 65536; c++) {
    if (c >= 0xd800 && c <= 0xdfff) {
      t[c] = RUN_L | RUN_P;
      continue;
    }
    const ch = String.fromCharCode(c);
    if (reS.test(ch)) t[c] = SPACE;
    else if (reL.test(ch)) t[c] = RUN_L | LETTER;
    else if (reM.test(ch)) t[c] = RUN_L | RUN_P;
    else if (reN.test(ch)) t[c] = NUM;
    else t[c] = RUN_P | PUNCT;
  }
  for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-') t[ch.charCodeAt(0)]! |= B64;
  flagTable = t;
  return t;
}

/** UTF-8 bytes of a code unit (a surrogate half counts 2: a pair is 4). */
const utf8Bytes = (c: number): number => (c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 2 : 3);

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;

/**
 * A cut position in (lo, hi] where both encodings' pre-tokenizers start a new pre-token, so that
 * count(text[..p]) + count(text[p..]) = count(text):
 *  A. a letter or digit followed by whitespace (no pattern carries a letter/digit into whitespace,
 *     and the whitespace patterns' look-ahead stays inside the right part);
 *  B. a digit after a char that is neither a digit nor whitespace (digit groups start there);
 *  C. a letter followed by punctuation other than `'` (contractions attach to the letters).
 * Scans back from `hi`; returns -1 when there is none.
 */
export function safeSplit(text: string, lo: number, hi: number): number {
  const F = charFlags();
  for (let p = hi; p > lo; p--) {
    if (F[text.charCodeAt(p)]! & SPACE && F[text.charCodeAt(p - 1)]! & (LETTER | NUM)) return p;
  }
  for (let p = hi; p > lo; p--) {
    const cur = F[text.charCodeAt(p)]!;
    const prev = F[text.charCodeAt(p - 1)]!;
    if (cur & NUM && !(prev & (NUM | SPACE))) return p;
    if (cur & PUNCT && prev & LETTER && text.charCodeAt(p) !== 0x27) return p;
  }
  return -1;
}

/**
 * Cut [from, to) of `text` into exact pieces of at most `chunk` chars at safe split points. Yields all
 * of it when `all`, else only whole chunks and returns where it stopped.
 */
function* exactPieces(text: string, from: number, to: number, chunk: number, all: boolean, stats: SplitStats): Generator<Piece, number> {
  let at = from;
  while (to - at > chunk) {
    const hi = at + chunk;
    let p = safeSplit(text, at + (chunk >> 1), hi);
    if (p < 0) {
      p = isHighSurrogate(text.charCodeAt(hi - 1)) ? hi - 1 : hi;
      stats.hardCuts++;
    }
    yield { text: text.slice(at, p), exact: true };
    at = p;
    if (!all && to - at < 2 * chunk) return at;
  }
  if (all && to > at) {
    yield { text: text.slice(at, to), exact: true };
    at = to;
  }
  return at;
}

/**
 * The guard: splits `text` into exact pieces (≤ `chunkChars`, cut at pre-token boundaries) and
 * estimated pieces (the pathological runs, sliced to ≤ `chunkChars` too). Lazy and linear: each
 * step scans about one chunk, so a caller can await between pieces. The pieces concatenate to `text`.
 */
export function* splitForExact(text: string, limits: Partial<ExactLimits> = {}, stats: SplitStats = { hardCuts: 0 }): Generator<Piece> {
  const { maxRunBytes, maxBase64Run, chunkChars } = { ...DEFAULT_EXACT_LIMITS, ...limits };
  const F = charFlags();
  const n = text.length;
  // Text before `emitted` is yielded. Runs in progress are never longer than `window` chars, so
  // text before i - window can no longer become part of a pathological run.
  const window = Math.max(maxRunBytes, maxBase64Run) + 1;
  let emitted = 0;
  let lStart = 0, lBytes = 0, pStart = 0, pBytes = 0, sStart = 0, sBytes = 0, bStart = 0, bLen = 0;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    const f = F[c]!;
    const w = utf8Bytes(c);
    if (f & RUN_L) {
      if (!lBytes) lStart = i;
      lBytes += w;
    } else lBytes = 0;
    if (f & RUN_P) {
      if (!pBytes) pStart = i;
      pBytes += w;
    } else pBytes = 0;
    if (f & SPACE) {
      if (!sBytes) sStart = i;
      sBytes += w;
    } else sBytes = 0;
    if (f & B64) {
      if (!bLen) bStart = i;
      bLen++;
    } else bLen = 0;

    const cls = lBytes > maxRunBytes ? RUN_L : pBytes > maxRunBytes ? RUN_P : sBytes > maxRunBytes ? SPACE : bLen > maxBase64Run ? B64 : 0;
    if (cls) {
      let start = cls === RUN_L ? lStart : cls === RUN_P ? pStart : cls === SPACE ? sStart : bStart;
      // Keep a surrogate pair together at the start of the run.
      if (start > emitted && isHighSurrogate(text.charCodeAt(start - 1))) start--;
      yield* exactPieces(text, emitted, start, chunkChars, true, stats);
      let end = i + 1;
      while (end < n && F[text.charCodeAt(end)]! & cls) end++;
      for (let k = start; k < end; ) {
        let e = Math.min(end, k + chunkChars);
        if (e < end && isHighSurrogate(text.charCodeAt(e - 1))) e--;
        yield { text: text.slice(k, e), exact: false };
        k = e;
      }
      emitted = i = end;
      lBytes = pBytes = sBytes = bLen = 0;
      continue;
    }
    i++;
    if (i - window - emitted >= 2 * chunkChars) emitted = yield* exactPieces(text, emitted, i - window, chunkChars, false, stats);
  }
  yield* exactPieces(text, emitted, n, chunkChars, true, stats);
}

export interface CountOptions {
  limits?: Partial<ExactLimits>;
  /** characters done so far, of `total` */
  onProgress?: (done: number, total: number) => void;
  isCancelled?: () => boolean;
  /** the model family when it differs from the counted one (Claude) */
  modelFamily?: EstimatorFamily;
  note?: string;
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Count `texts` (each counted on its own; the result is the sum) with `countBatch` doing the BPE —
 * in the extension a worker thread, in tests gpt-tokenizer directly. Exact pieces are packed into
 * batches of about `chunkChars`; between batches the event loop runs, progress is reported and
 * cancellation is checked (a cancelled count returns what it has, with `cancelled: true`).
 */
export async function countExactly(
  texts: readonly string[],
  family: ExactFamily,
  countBatch: (batch: string[]) => Promise<number>,
  opts: CountOptions = {},
): Promise<ExactCountResult> {
  const t0 = performance.now();
  const limits = { ...DEFAULT_EXACT_LIMITS, ...opts.limits };
  const total = texts.reduce((n, t) => n + t.length, 0);
  const stats: SplitStats = { hardCuts: 0 };
  let done = 0;
  let exact = 0;
  let estimated = 0;
  let estimatedChars = 0;
  let estimate = 0;
  let batches = 0;
  let batch: string[] = [];
  let batchChars = 0;
  let sinceTick = 0;
  let cancelled = false;
  const isCancelled = () => (cancelled ||= opts.isCancelled?.() ?? false);

  const flush = async () => {
    if (!batch.length) return;
    const b = batch;
    batch = [];
    exact += await countBatch(b);
    batches++;
    done += batchChars;
    batchChars = 0;
    sinceTick = 0;
    opts.onProgress?.(done, total);
  };

  outer: for (const text of texts) {
    if (isCancelled()) break;
    if (!text) continue;
    for (const piece of splitForExact(text, limits, stats)) {
      const est = estimateTokens(piece.text, family);
      estimate += est;
      if (piece.exact) {
        // A message holds at most `chunkChars` (pieces are never longer).
        if (batchChars && batchChars + piece.text.length > limits.chunkChars) {
          if (isCancelled()) break outer;
          await flush();
        }
        batch.push(piece.text);
        batchChars += piece.text.length;
      } else {
        estimated += est;
        estimatedChars += piece.text.length;
        done += piece.text.length;
        sinceTick += piece.text.length;
      }
      if (sinceTick >= limits.chunkChars) {
        if (isCancelled()) break outer;
        await tick();
        sinceTick = 0;
        opts.onProgress?.(done, total);
      }
    }
  }
  if (!isCancelled()) await flush();
  const ex = Math.round(estimated);
  const result: ExactCountResult = {
    family,
    modelFamily: opts.modelFamily ?? family,
    exact,
    estimated: ex,
    estimatedChars,
    total: exact + ex,
    chars: total,
    estimate: Math.round(estimate),
    ms: performance.now() - t0,
    batches,
    hardCuts: stats.hardCuts,
    cancelled,
  };
  if (opts.note) result.note = opts.note;
  return result;
}

// ---- what the model sees of a transcript entry ----

type Json = Record<string, unknown>;

function contentTexts(content: unknown, out: string[]): void {
  forEachContentPiece(content, (p) => {
    if (p.kind === 'text') {
      if (p.text) out.push(p.text);
    } else if (p.kind === 'toolCall') {
      if (p.name) out.push(p.name);
      if (p.args) out.push(p.args);
    }
  });
}

/**
 * The texts the model sees of one full transcript entry (as `loadEntries` returns it): user and
 * assistant text, thinking, tool-call names and JSON arguments, tool-result text, bash command and
 * output, custom messages, branch and compaction summaries. Images are not text and are left out.
 */
export function modelTexts(entry: Json | undefined, out: string[] = []): string[] {
  if (!entry) return out;
  switch (entry.type) {
    case 'message': {
      const m = (entry.message && typeof entry.message === 'object' ? entry.message : {}) as Json;
      if (m.role === 'bashExecution') {
        for (const s of [m.command, m.output]) if (typeof s === 'string' && s) out.push(s);
      } else if (m.role === 'branchSummary' || m.role === 'compactionSummary') {
        if (typeof m.summary === 'string' && m.summary) out.push(m.summary);
      } else contentTexts(m.content, out);
      break;
    }
    case 'custom_message':
      contentTexts(entry.content, out);
      break;
    case 'branch_summary':
    case 'compaction':
      if (typeof entry.summary === 'string' && entry.summary) out.push(entry.summary);
      break;
    default:
      break;
  }
  return out;
}

// ---- messages ----

const int = (n: number): string => Math.round(n).toLocaleString('en-US');

/** `−2.9%`: how far `estimate` is from `actual`. */
export function percentOff(estimate: number, actual: number): string {
  if (!actual) return estimate ? '+∞%' : '±0%';
  const p = ((estimate - actual) / actual) * 100;
  const s = Math.abs(p).toFixed(1);
  return s === '0.0' ? '±0%' : `${p < 0 ? '−' : '+'}${s}%`;
}

function guardSuffix(r: ExactCountResult): string {
  const parts: string[] = [];
  if (r.estimatedChars) parts.push(`${int(r.estimatedChars)} chars of pathological runs estimated (${int(r.estimated)} tokens)`);
  if (r.note) parts.push(r.note);
  return parts.length ? ` · ${parts.join(' · ')}` : '';
}

/** "1,234 tokens (o200k, exact) · estimate was 1,198 (−2.9%)" (+ the guard's part and the Claude note). */
export function formatExactResult(r: ExactCountResult): string {
  return `${int(r.total)} tokens (${r.family}, exact) · estimate was ${int(r.estimate)} (${percentOff(r.estimate, r.total)})${guardSuffix(r)}`;
}

/** "session agent:main:work: 9,120 tokens exact (o200k) for messages · estimate 9,010 · pi chars/4 7,800". */
export function formatSessionResult(key: string, r: ExactCountResult, piTokens: number): string {
  return `session ${key}: ${int(r.total)} tokens exact (${r.family}) for messages · estimate ${int(r.estimate)} · pi chars/4 ${int(piTokens)}${guardSuffix(r)}`;
}
