/**
 * The search tokeniser of the memory search (seed 004, component 2).
 *
 * Tokeniser ({@link tokenizeForSearch}; the same for documents and queries), after NFKC and lower-casing:
 * - a "chunk" is a run of letters/digits/`_` joined by `- . / \ : @ # '` (`TICKET-981`, `src/args.ts`,
 *   `user@example.com`, `2026-11-21`). A chunk yields itself whole, each path segment whole (`args.ts`),
 *   each connector-separated part (`ticket`, `981`), and the camelCase / snake_case / letter-digit parts
 *   of those (`readTextIfExists` → `read text if exists`, `max_file_bytes` → `max file bytes`). So an exact
 *   identifier query matches its whole-identifier term *and* its parts, a partial one still matches parts.
 * - CJK runs (Han, Hiragana, Katakana incl. `ー`, Hangul) are indexed as unigrams + bigrams (`中文` → `中`, `中文`, `文`),
 *   so a Chinese or Japanese query matches without a word segmenter.
 * - Latin letters with diacritics are also indexed folded (`café` → `café`, `cafe`).
 * - terms of one Latin letter and terms longer than {@link MAX_TERM_CHARS} characters are dropped.
 */

/** Longest term indexed. */
export const MAX_TERM_CHARS = 64;

const CJK_CLASS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u30fc'; // ー (prolonged sound mark) is Common script
const CJK_RUN_G = new RegExp(`[${CJK_CLASS}]+`, 'gu');
const CJK_START = new RegExp(`^[${CJK_CLASS}]`, 'u');
export const HAS_CJK = new RegExp(`[${CJK_CLASS}]`, 'u');

/** A chunk: word characters joined by single connectors. */
const CHUNK_G = /[\p{L}\p{N}\p{M}_]+(?:[-./\\:@#'’][\p{L}\p{N}\p{M}_]+)*/gu;
const CONNECTORS = /[-./\\:@#'’]+/;
const PATH_SEP = /[/\\]+/;

/** camelCase, letter/digit and acronym boundaries: `XMLHttpRequest2` → XML Http Request 2 */
const SUBWORD_G = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?[\p{Ll}\p{M}]+|\p{Lu}+[\p{M}]*|\p{N}+|[\p{L}\p{M}]+/gu;
const DIACRITICS_G = /\p{M}+/gu;
const NON_ASCII = /[^\u0000-\u007f]/;
const ONE_LATIN = /^[\p{L}\p{M}]$/u;
const ASCII_ONLY = /^[\u0000-\u007f]*$/;
const SIMPLE_WORD = /^[A-Za-z]?[a-z]*$/;
const DIGITS = /^[0-9]+$/;

function keepTerm(t: string): boolean {
  return t.length > 0 && t.length <= MAX_TERM_CHARS && !ONE_LATIN.test(t);
}

/** Push `t` (and its diacritics-folded form) unless dropped or already among this chunk's terms. */
function addTerm(out: string[], seen: string[], t: string): void {
  if (!keepTerm(t) || seen.includes(t)) return;
  seen.push(t);
  out.push(t);
  if (NON_ASCII.test(t)) {
    const folded = t.normalize('NFD').replace(DIACRITICS_G, '').normalize('NFC');
    if (folded !== t && keepTerm(folded) && !seen.includes(folded)) {
      seen.push(folded);
      out.push(folded);
    }
  }
}

function cjkTerms(run: string, out: string[]): void {
  const chars = Array.from(run);
  for (let i = 0; i < chars.length; i++) {
    out.push(chars[i]!);
    if (i + 1 < chars.length) out.push(chars[i]! + chars[i + 1]!);
  }
}

function chunkTerms(chunk: string, out: string[]): void {
  const seen: string[] = []; // a chunk yields a handful of terms: an array beats a Set here
  const lower = chunk.toLowerCase();
  addTerm(out, seen, lower);
  if (PATH_SEP.test(chunk)) for (const seg of chunk.split(PATH_SEP)) addTerm(out, seen, seg.toLowerCase());
  for (const part of chunk.split(CONNECTORS)) {
    if (!part) continue;
    addTerm(out, seen, part.toLowerCase());
    for (const piece of part.split('_')) {
      if (!piece) continue;
      addTerm(out, seen, piece.toLowerCase());
      const subs = piece.match(SUBWORD_G);
      if (subs && subs.length > 1) for (const s of subs) addTerm(out, seen, s.toLowerCase());
    }
  }
}

/**
 * The search terms of a text (documents and queries alike): see the header. Terms repeat as often as they
 * occur (term frequency), except that one chunk yields each of its terms once.
 */
export function tokenizeForSearch(text: string): string[] {
  if (typeof text !== 'string' || text === '') return [];
  const ascii = ASCII_ONLY.test(text);
  let s = ascii ? text : text.normalize('NFKC');
  if (!ascii && HAS_CJK.test(s)) s = s.replace(CJK_RUN_G, ' $& ');
  const out: string[] = [];
  CHUNK_G.lastIndex = 0;
  for (let m = CHUNK_G.exec(s); m; m = CHUNK_G.exec(s)) {
    const chunk = m[0];
    // fast paths: a plain lower-case or Capitalised ASCII word, or a number
    if (SIMPLE_WORD.test(chunk)) {
      if (chunk.length > 1 && chunk.length <= MAX_TERM_CHARS) out.push(chunk.toLowerCase());
    } else if (DIGITS.test(chunk)) {
      if (chunk.length <= MAX_TERM_CHARS) out.push(chunk);
    } else if (!ascii && CJK_START.test(chunk)) cjkTerms(chunk, out);
    else if (chunk.length <= 4 * MAX_TERM_CHARS) chunkTerms(chunk, out);
    else for (const part of chunk.split(CONNECTORS)) if (part.length <= MAX_TERM_CHARS) chunkTerms(part, out);
  }
  return out;
}

const PLAIN_WORD = /^[\p{L}\p{M}]+$/u;

/** An identifier-like query term: holds a digit, a connector or `_` (camelCase is checked on the raw chunk). */
export function identifierLike(term: string): boolean {
  return /[\p{N}_]/u.test(term) || CONNECTORS.test(term);
}

/**
 * Whole chunks of the query (lower-cased): those written in camelCase/PascalCase (`readTextIfExists`,
 * identifiers), and those made of letters only (words: the only terms prefix and fuzzy matching apply to).
 */
export function queryChunks(query: string): { camel: Set<string>; words: Set<string> } {
  const camel = new Set<string>();
  const words = new Set<string>();
  for (const m of query.normalize('NFKC').matchAll(CHUNK_G)) {
    if (/\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u.test(m[0])) camel.add(m[0].toLowerCase());
    else if (PLAIN_WORD.test(m[0])) words.add(m[0].toLowerCase());
  }
  return { camel, words };
}
