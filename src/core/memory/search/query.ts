/**
 * A query against the memory index (`searchMemory`), seed 004 component 3 "agentic memory query".
 *
 * Query rules (documented choices):
 * - terms are OR-combined and de-duplicated; at most {@link MAX_QUERY_TERMS} distinct terms from the first
 *   {@link MAX_QUERY_CHARS} characters are used (a 10k-character query is cut, never slow or throwing).
 * - prefix matching only for pure-letter terms of ≥ 4 characters, weight 0.3 (MiniSearch default 0.375);
 *   fuzzy matching only for pure-letter terms of ≥ 5 characters: 1 edit (≥ 10 characters: 2), weight 0.25
 *   (default 0.45). Terms holding digits, connectors or CJK are matched exactly only (`ORD-4471` never
 *   matches `ORD-4472`).
 * - exact identifier hits outrank everything else: results are ordered first by how many distinct
 *   identifier-like query terms (containing a digit, a connector or `_`, or written in camelCase) they
 *   match *exactly*, then by score. So a fuzzy or partial match can never come above an exact one.
 * - memory files get a score boost of {@link MEMORY_BOOST} (×1.25) over transcript entries: curated memory
 *   is preferred to raw conversation at equal relevance.
 * - the `title` field (file path + heading, tool name) weighs 1.5, `text` 1.
 *
 * Results carry a one-line snippet (≤ {@link SNIPPET_CHARS} characters) around the first occurrence of the
 * best matched term, and for memory files the line of that occurrence (`line`) and of the passage
 * (`startLine`).
 */
import { HAS_CJK, identifierLike, queryChunks, tokenizeForSearch } from './tokenize';
import { clip, type MemorySearchKind } from './corpus';
import { MEMORY_BOOST, MemoryIndex, TITLE_BOOST } from './memoryIndex';

/** Only this much of a query is read. */
export const MAX_QUERY_CHARS = 1000;

/** Distinct query terms used. */
export const MAX_QUERY_TERMS = 64;

/** Snippet length (UTF-16 units, ellipses included). */
export const SNIPPET_CHARS = 200;

/** Prefix matching: pure-letter terms of at least this many characters. */
export const PREFIX_MIN_CHARS = 4;

/** Fuzzy matching: pure-letter terms of at least this many characters (1 edit; 2 from FUZZY2_MIN_CHARS). */
export const FUZZY_MIN_CHARS = 5;
export const FUZZY2_MIN_CHARS = 10;
const PREFIX_WEIGHT = 0.3;
const FUZZY_WEIGHT = 0.25;

interface ResultBase {
  kind: MemorySearchKind;
  /** BM25+ score with boosts (higher is better; comparable within one search only) */
  score: number;
  /** `MEMORY.md › Heading` for memory; `sessionKey · role[ · tool]` for transcripts */
  title: string;
  /** one line, ≤ 200 characters, around the first occurrence of the best matched term */
  snippet: string;
  /** index terms that matched (after prefix/fuzzy expansion) */
  matchedTerms: string[];
}

export interface MemoryFileResult extends ResultBase {
  kind: 'memory';
  /** workspace-relative, `/`-separated */
  file: string;
  /** 1-based line of the snippet's match (the passage start when the match is not located) */
  line: number;
  /** 1-based first line of the passage */
  startLine: number;
  heading: string;
}

export interface TranscriptResult extends ResultBase {
  kind: 'transcript';
  sessionKey: string;
  sessionId?: string;
  entryId: string;
  role: string;
  /** ms epoch, when the entry has one */
  timestamp?: number;
  toolName?: string;
  isError?: boolean;
  /** other session keys whose transcript holds the same entry (forked history) */
  alsoInSessions: string[];
  /**
   * lower-ranked entries with exactly the same role and text (a repeated answer, a re-sent message), left
   * out of the results and counted here
   */
  duplicates: number;
}

export type MemorySearchResult = MemoryFileResult | TranscriptResult;

export interface SearchMemoryOptions {
  /** at most this many results (default 20) */
  limit?: number;
  /** which kinds (default both) */
  kinds?: readonly MemorySearchKind[];
}

/** Lower-case copy with the same length as `s` (characters whose lower case changes the length are kept). */
function sameLengthLower(s: string): string {
  const lower = s.toLowerCase();
  if (lower.length === s.length) return lower;
  let out = '';
  for (const ch of s) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}

/** Where the best of `terms` first occurs in `text` (NFKC, lower-cased), or -1. Longer terms are tried first. */
function firstMatch(text: string, terms: readonly string[]): { pos: number; len: number } {
  const hay = sameLengthLower(text);
  const ordered = [...terms].sort((a, b) => b.length - a.length);
  for (const t of ordered) {
    const pos = hay.indexOf(t);
    if (pos >= 0) return { pos, len: t.length };
  }
  return { pos: -1, len: 0 };
}

function safeCut(s: string, i: number): number {
  if (i <= 0 || i >= s.length) return Math.max(0, Math.min(i, s.length));
  const c = s.charCodeAt(i);
  return c >= 0xdc00 && c <= 0xdfff ? i - 1 : i;
}

const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;

/** One line of at most SNIPPET_CHARS around `pos` of `text` (the match about a third in). */
function snippetAround(text: string, pos: number, len: number): string {
  // flatten whitespace and controls, remembering where the match lands
  let flat = '';
  let mapped = 0;
  let lastSpace = true;
  for (let i = 0; i < text.length; i++) {
    if (i === pos) mapped = flat.length;
    const ch = text[i]!;
    if (SPACE_OR_CONTROL.test(ch)) {
      if (!lastSpace) flat += ' ';
      lastSpace = true;
    } else {
      flat += ch;
      lastSpace = false;
    }
  }
  flat = flat.trimEnd().replace(/\p{Surrogate}/gu, '\ufffd'); // lone surrogates only (pairs are one code point)
  if (flat.length <= SNIPPET_CHARS) return flat;
  const room = SNIPPET_CHARS - 2; // two ellipses at most
  let start = Math.max(0, mapped - Math.floor((room - Math.min(len, room)) / 3));
  if (start + room > flat.length) start = flat.length - room;
  start = safeCut(flat, start);
  const end = safeCut(flat, Math.min(flat.length, start + room));
  return (start > 0 ? '…' : '') + flat.slice(start, end) + (end < flat.length ? '…' : '');
}

function lineOf(text: string, pos: number): number {
  let n = 0;
  for (let i = 0; i < pos && i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/**
 * Ranked results for `query` (see the header for the rules). Returns [] for an empty query or no hits;
 * never throws on odd input.
 */
export function searchMemory(index: MemoryIndex, query: string, opts: SearchMemoryOptions = {}): MemorySearchResult[] {
  if (!index || typeof query !== 'string') return [];
  const limit = Math.max(0, Math.floor(opts.limit ?? 20));
  if (limit === 0 || index.docs.length === 0) return [];
  const q = clip(query, MAX_QUERY_CHARS).replace(/\p{Surrogate}/gu, ' '); // lone surrogates only
  const terms = [...new Set(tokenizeForSearch(q))].slice(0, MAX_QUERY_TERMS);
  if (terms.length === 0) return [];
  const { camel, words } = queryChunks(q);
  const idTerms = new Set(terms.filter((t) => identifierLike(t) || camel.has(t)));
  // prefix and fuzzy only for whole query words of letters (never for the parts of an identifier)
  const expandable = (t: string): boolean => words.has(t) && !HAS_CJK.test(t);
  const kinds = new Set<MemorySearchKind>(opts.kinds && opts.kinds.length ? opts.kinds : ['memory', 'transcript']);
  const docs = index.docs;

  const raw = index.mini.search(q, {
    tokenize: () => terms,
    processTerm: (t) => t,
    combineWith: 'OR',
    boost: { text: 1, title: TITLE_BOOST },
    prefix: (t) => t.length >= PREFIX_MIN_CHARS && expandable(t),
    fuzzy: (t) => (!expandable(t) ? false : t.length >= FUZZY2_MIN_CHARS ? 2 : t.length >= FUZZY_MIN_CHARS ? 1 : false),
    maxFuzzy: 2,
    weights: { prefix: PREFIX_WEIGHT, fuzzy: FUZZY_WEIGHT },
    boostDocument: (id: number) => (docs[id]?.kind === 'memory' ? MEMORY_BOOST : 1),
    filter: (r) => {
      const d = docs[r.id as number];
      return !!d && kinds.has(d.kind);
    },
  });

  const ranked = raw.map((r, order) => {
    const exactIds = Object.keys(r.match).filter((t) => idTerms.has(t)).length;
    return { r, order, exactIds };
  });
  ranked.sort((a, b) => b.exactIds - a.exactIds || b.r.score - a.r.score || a.order - b.order);

  const out: MemorySearchResult[] = [];
  const byText = new Map<number, TranscriptResult>();
  for (const { r } of ranked) {
    const d = docs[r.id as number]!;
    if (d.kind === 'transcript') {
      // the same text in several entries (a repeated answer, a re-sent message): one result, counted
      const kept = byText.get(d.same);
      if (kept) {
        kept.duplicates++;
        continue;
      }
    }
    if (out.length >= limit) continue;
    const matched = Object.keys(r.match);
    // snippet: prefer exact query terms (longest first), then whatever index term matched
    const exactMatched = terms.filter((t) => matched.includes(t));
    const fm = (() => {
      const a = firstMatch(d.text, exactMatched);
      return a.pos >= 0 ? a : firstMatch(d.text, matched);
    })();
    const snippet = snippetAround(d.text, fm.pos, fm.len);
    if (d.kind === 'memory') {
      out.push({
        kind: 'memory',
        score: r.score,
        title: d.heading ? `${d.file} › ${d.heading}` : d.file,
        snippet,
        matchedTerms: matched,
        file: d.file,
        line: fm.pos >= 0 ? d.line + lineOf(d.text, fm.pos) : d.line,
        startLine: d.line,
        heading: d.heading,
      });
    } else {
      const res: TranscriptResult = {
        kind: 'transcript',
        score: r.score,
        title: `${d.sessionKey} · ${d.role}${d.toolName ? ` · ${d.toolName}` : ''}`,
        snippet,
        matchedTerms: matched,
        sessionKey: d.sessionKey,
        sessionId: d.sessionId,
        entryId: d.entryId,
        role: d.role,
        timestamp: d.timestamp,
        toolName: d.toolName,
        isError: d.isError,
        alsoInSessions: [...d.alsoIn],
        duplicates: 0,
      };
      byText.set(d.same, res);
      out.push(res);
    }
  }
  return out;
}
