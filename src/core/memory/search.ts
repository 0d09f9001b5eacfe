/**
 * Full-text ranked search over an agent's memory: the workspace memory files and the session
 * transcripts (seed 004, component 2 "memory retrieval" and component 3 "agentic memory query").
 * Pure TypeScript, synchronous, no `vscode`; the index lives in memory and is rebuilt on demand.
 *
 * Ranking: MiniSearch 7 (BM25+, k = 1.2, b = 0.7, d = 0.5) over two fields, `text` and `title`.
 *
 * What is indexed (openclaw-formats.md §2, §3):
 * - memory files: every `*.md` in the workspace root (AGENTS.md, SOUL.md, MEMORY.md, DREAMS.md …) and every
 *   `*.md` under `memories/` and `memory/` (the daily logs `memory/YYYY-MM-DD.md`; subfolders too, at
 *   most {@link MAX_DIR_DEPTH} deep). Other folders (e.g. `notes/`) are not memory and are not indexed.
 *   Nothing leads outside the workspace: every file and folder is checked with fsSafe's `resolveInside`
 *   (a symbolic link whose target is outside is skipped; one that stays inside is followed once: a file
 *   reached twice is indexed once). `node_modules`, `.git` and dot-folders are skipped; files above 16 MiB
 *   (fsSafe `readTextIfExists`) and files with NUL bytes are skipped and listed in `index.skipped`.
 *   A file is split into passages: a heading starts one, a blank line ends one (a heading directly followed
 *   by a blank line stays with the paragraph below it), fenced code blocks are kept whole, and a passage
 *   is cut after {@link MAX_PASSAGE_CHARS} characters. Each passage keeps its 1-based start line; the
 *   `title` field holds the file's workspace-relative path and the nearest heading.
 * - transcript entries (raw JSON, oldest first, every branch): user and assistant text (thinking blocks are
 *   not indexed), tool calls as `name` + `key: value` argument lines, tool results (tool name + text),
 *   `bashExecution` command + output, `custom_message` content, compaction and branch summaries. Tool
 *   arguments and outputs keep their first {@link DEFAULT_MAX_TOOL_TEXT_CHARS} characters per entry.
 *   Entries without an `id` (v1 transcripts) are named `@<index in entries>`. The same entry copied into
 *   several transcripts (OpenClaw forks a session's history into its next generation) is indexed once;
 *   the other sessions are listed in `alsoInSessions`.
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
import * as fs from 'node:fs';
import * as path from 'node:path';
import MiniSearch from 'minisearch';
import { entryTime } from '../transcript/conversation';
import { MemoryWriteError, readTextIfExists, resolveInside } from './fsSafe';

type Json = Record<string, unknown>;

// ---------------------------------------------------------------- limits and weights

/** Score factor of memory-file passages relative to transcript entries. */
export const MEMORY_BOOST = 1.25;
/** Weight of the `title` field (file path + heading, tool name) relative to `text`. */
export const TITLE_BOOST = 1.5;
/** A passage is cut after this many characters (at a line end). */
export const MAX_PASSAGE_CHARS = 1500;
/** Tool-call arguments and tool-result text kept per transcript entry. */
export const DEFAULT_MAX_TOOL_TEXT_CHARS = 4000;
/** User / assistant text kept per transcript entry. */
export const MAX_MESSAGE_TEXT_CHARS = 32_000;
/** Longest term indexed. */
export const MAX_TERM_CHARS = 64;
/** Only this much of a query is read. */
export const MAX_QUERY_CHARS = 1000;
/** Distinct query terms used. */
export const MAX_QUERY_TERMS = 64;
/** Snippet length (UTF-16 units, ellipses included). */
export const SNIPPET_CHARS = 200;
/** Folder depth under memory/ and memories/. */
export const MAX_DIR_DEPTH = 4;
/** Memory files read at most (a workspace with more is not a memory folder any more). */
export const MAX_MEMORY_FILES = 5000;
/** Prefix matching: pure-letter terms of at least this many characters. */
export const PREFIX_MIN_CHARS = 4;
/** Fuzzy matching: pure-letter terms of at least this many characters (1 edit; 2 from FUZZY2_MIN_CHARS). */
export const FUZZY_MIN_CHARS = 5;
export const FUZZY2_MIN_CHARS = 10;
const PREFIX_WEIGHT = 0.3;
const FUZZY_WEIGHT = 0.25;

const MEMORY_DIRS = ['memories', 'memory'];
const SKIP_DIRS = new Set(['node_modules', '.git']);

// ---------------------------------------------------------------- tokenizer

const CJK_CLASS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u30fc'; // ー (prolonged sound mark) is Common script
const CJK_RUN_G = new RegExp(`[${CJK_CLASS}]+`, 'gu');
const CJK_START = new RegExp(`^[${CJK_CLASS}]`, 'u');
const HAS_CJK = new RegExp(`[${CJK_CLASS}]`, 'u');
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
function identifierLike(term: string): boolean {
  return /[\p{N}_]/u.test(term) || CONNECTORS.test(term);
}

/**
 * Whole chunks of the query (lower-cased): those written in camelCase/PascalCase (`readTextIfExists`,
 * identifiers), and those made of letters only (words: the only terms prefix and fuzzy matching apply to).
 */
function queryChunks(query: string): { camel: Set<string>; words: Set<string> } {
  const camel = new Set<string>();
  const words = new Set<string>();
  for (const m of query.normalize('NFKC').matchAll(CHUNK_G)) {
    if (/\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u.test(m[0])) camel.add(m[0].toLowerCase());
    else if (PLAIN_WORD.test(m[0])) words.add(m[0].toLowerCase());
  }
  return { camel, words };
}

// ---------------------------------------------------------------- passages

export interface MarkdownPassage {
  /** 1-based line where the passage starts */
  line: number;
  /** nearest heading at or above the passage (without `#`), '' when none */
  heading: string;
  text: string;
}

const HEADING_RE = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const FENCE_RE = /^ {0,3}(`{3,}|~{3,})/;

/** Split markdown into passages (see the header); line numbers are 1-based. */
export function splitMarkdownPassages(markdown: string): MarkdownPassage[] {
  const lines = markdown.replace(/^\ufeff/, '').split(/\r\n|\n|\r/);
  const out: MarkdownPassage[] = [];
  let cur: string[] = [];
  let curLine = 0;
  let curChars = 0;
  let curHeadingOnly = false;
  let heading = '';
  let curHeading = '';
  let fence: string | undefined;
  const flush = (): void => {
    if (cur.length && cur.some((l) => l.trim() !== '')) out.push({ line: curLine, heading: curHeading, text: cur.join('\n') });
    cur = [];
    curChars = 0;
    curHeadingOnly = false;
  };
  const push = (line: string, n: number): void => {
    if (!cur.length) {
      curLine = n;
      curHeading = heading;
    }
    cur.push(line);
    curChars += line.length + 1;
  };
  lines.forEach((line, i) => {
    const n = i + 1;
    const f = FENCE_RE.exec(line);
    if (fence !== undefined) {
      push(line, n);
      if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length && line.trim() === f[1]) fence = undefined;
    } else if (f) {
      fence = f[1]!;
      push(line, n);
      curHeadingOnly = false;
    } else {
      const h = HEADING_RE.exec(line);
      if (h) {
        flush();
        heading = h[2]!.trim();
        push(line, n);
        curHeadingOnly = true;
      } else if (line.trim() === '') {
        if (curHeadingOnly) push(line, n); // kept so that line numbers inside the passage stay exact
        else flush();
      } else {
        push(line, n);
        curHeadingOnly = false;
      }
    }
    if (curChars > MAX_PASSAGE_CHARS) flush(); // inside a fence too: the rest is the next passage
  });
  flush();
  return out;
}

// ---------------------------------------------------------------- documents

export type MemorySearchKind = 'memory' | 'transcript';

interface MemoryDoc {
  kind: 'memory';
  file: string;
  line: number;
  heading: string;
  text: string;
}

interface TranscriptDoc {
  kind: 'transcript';
  sessionKey: string;
  sessionId?: string;
  entryId: string;
  role: string;
  timestamp?: number;
  toolName?: string;
  isError?: boolean;
  text: string;
  alsoIn: string[];
  /** the first transcript doc with the same role and text (itself when it is the first) */
  same: number;
}

type Doc = MemoryDoc | TranscriptDoc;

interface IndexedFields {
  id: number;
  text: string;
  title: string;
}

/** One transcript to index: raw entries (full JSON, oldest first, as `loadEntries` or a JSONL file gives them). */
export interface MemoryIndexSession {
  key: string;
  sessionId?: string;
  entries: readonly unknown[];
}

export interface BuildMemoryIndexOptions {
  workspaceDir: string;
  sessions?: readonly MemoryIndexSession[];
  /** characters of tool arguments / tool output kept per entry (default {@link DEFAULT_MAX_TOOL_TEXT_CHARS}) */
  maxToolTextChars?: number;
}

export interface SkippedMemoryFile {
  /** workspace-relative */
  file: string;
  reason: 'too-large' | 'outside' | 'binary' | 'unreadable' | 'limit';
}

/** A built index. Opaque apart from its statistics; rebuild it when files or transcripts change. */
export class MemoryIndex {
  /** @internal */
  readonly mini: MiniSearch<IndexedFields>;
  /** @internal */
  readonly docs: Doc[];
  /** Memory files indexed (workspace-relative, `/`-separated, sorted). */
  readonly files: string[];
  readonly skipped: SkippedMemoryFile[];
  readonly passages: number;
  readonly transcriptEntries: number;
  readonly workspaceDir: string;

  /** @internal */
  constructor(workspaceDir: string, mini: MiniSearch<IndexedFields>, docs: Doc[], files: string[], skipped: SkippedMemoryFile[]) {
    this.workspaceDir = workspaceDir;
    this.mini = mini;
    this.docs = docs;
    this.files = files;
    this.skipped = skipped;
    this.passages = docs.filter((d) => d.kind === 'memory').length;
    this.transcriptEntries = docs.length - this.passages;
  }

  get documentCount(): number {
    return this.docs.length;
  }
}

function toPosix(rel: string): string {
  return rel.split(path.sep).join('/');
}

/** Memory files of a workspace: root `*.md`, then `memories/**.md`, `memory/**.md`. Never throws. */
function listMemoryFiles(root: string, skipped: SkippedMemoryFile[]): string[] {
  const out: string[] = [];
  const seenReal = new Set<string>();
  const consider = (rel: string, wantDir: boolean): fs.Stats | undefined => {
    let abs: string;
    try {
      abs = resolveInside(root, rel);
    } catch (e) {
      if (e instanceof MemoryWriteError && e.code === 'outside') skipped.push({ file: toPosix(rel), reason: 'outside' });
      return undefined;
    }
    let st: fs.Stats;
    let real: string;
    try {
      st = fs.statSync(abs);
      real = fs.realpathSync.native(abs);
    } catch {
      return undefined;
    }
    if (wantDir ? !st.isDirectory() : !st.isFile()) return undefined;
    if (seenReal.has(real)) return undefined;
    seenReal.add(real);
    return st;
  };
  const readDir = (rel: string): fs.Dirent[] => {
    try {
      return fs.readdirSync(rel === '' ? root : path.join(root, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch {
      return [];
    }
  };
  const isMd = (name: string): boolean => /\.md$/i.test(name);
  for (const d of readDir('')) {
    if (out.length >= MAX_MEMORY_FILES) break;
    if (!isMd(d.name) || !(d.isFile() || d.isSymbolicLink())) continue;
    if (consider(d.name, false)) out.push(d.name);
  }
  const walk = (rel: string, depth: number): void => {
    if (depth > MAX_DIR_DEPTH) return;
    for (const d of readDir(rel)) {
      if (out.length >= MAX_MEMORY_FILES) {
        skipped.push({ file: toPosix(path.join(rel, d.name)), reason: 'limit' });
        return;
      }
      const child = path.join(rel, d.name);
      if (d.isDirectory() || d.isSymbolicLink()) {
        if (SKIP_DIRS.has(d.name) || d.name.startsWith('.')) continue;
        if (d.isDirectory() || !isMd(d.name)) {
          if (consider(child, true)) walk(child, depth + 1);
          continue;
        }
      }
      if (isMd(d.name) && consider(child, false)) out.push(child);
    }
  };
  for (const dir of MEMORY_DIRS) if (consider(dir, true)) walk(dir, 1);
  return out;
}

// ---------------------------------------------------------------- transcript text

function isObj(v: unknown): v is Json {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  let end = max;
  const c = s.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return s.slice(0, end);
}

/** Text blocks (and string content) of a message's content; images and thinking are left out. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const b of content) if (isObj(b) && b.type === 'text' && typeof b.text === 'string') parts.push(b.text);
  return parts.join('\n');
}

/** Tool arguments as `key: value` lines (strings raw, other values as JSON). */
function argsText(args: unknown, max: number): string {
  if (typeof args === 'string') return clip(args, max);
  if (!isObj(args)) {
    try {
      return clip(JSON.stringify(args) ?? '', max);
    } catch {
      return '';
    }
  }
  const lines: string[] = [];
  let n = 0;
  for (const [k, v] of Object.entries(args)) {
    let val: string;
    if (typeof v === 'string') val = v;
    else {
      try {
        val = JSON.stringify(v) ?? '';
      } catch {
        val = '';
      }
    }
    const line = `${k}: ${val}`;
    lines.push(line);
    n += line.length + 1;
    if (n > max) break;
  }
  return clip(lines.join('\n'), max);
}

interface EntryText {
  role: string;
  text: string;
  toolName?: string;
  isError?: boolean;
}

function entryText(e: Json, maxTool: number): EntryText | undefined {
  if (e.type === 'message' && isObj(e.message)) {
    const m = e.message;
    const role = typeof m.role === 'string' ? m.role : 'unknown';
    if (role === 'assistant') {
      const parts: string[] = [];
      const names: string[] = [];
      if (typeof m.content === 'string') parts.push(clip(m.content, MAX_MESSAGE_TEXT_CHARS));
      else if (Array.isArray(m.content)) {
        for (const b of m.content) {
          if (!isObj(b)) continue;
          if (b.type === 'text' && typeof b.text === 'string') parts.push(clip(b.text, MAX_MESSAGE_TEXT_CHARS));
          else if (b.type === 'toolCall') {
            const name = typeof b.name === 'string' ? b.name : 'tool';
            names.push(name);
            parts.push(`${name}\n${argsText(b.arguments, maxTool)}`);
          }
        }
      }
      if (typeof m.errorMessage === 'string' && m.errorMessage) parts.push(clip(m.errorMessage, maxTool));
      return { role, text: parts.join('\n'), toolName: names.length ? [...new Set(names)].join(', ') : undefined };
    }
    if (role === 'toolResult') {
      const toolName = typeof m.toolName === 'string' ? m.toolName : undefined;
      return { role, text: clip(contentText(m.content), maxTool), toolName, isError: m.isError === true };
    }
    if (role === 'bashExecution') {
      const cmd = typeof m.command === 'string' ? m.command : '';
      const output = typeof m.output === 'string' ? m.output : '';
      return { role, text: clip(`${cmd}\n${output}`, maxTool), toolName: 'bash' };
    }
    return { role, text: clip(contentText(m.content), MAX_MESSAGE_TEXT_CHARS) };
  }
  if (e.type === 'custom_message') return { role: 'custom', text: clip(contentText(e.content), MAX_MESSAGE_TEXT_CHARS) };
  if (e.type === 'compaction' && typeof e.summary === 'string') return { role: 'compactionSummary', text: clip(e.summary, MAX_MESSAGE_TEXT_CHARS) };
  if (e.type === 'branch_summary' && typeof e.summary === 'string') return { role: 'branchSummary', text: clip(e.summary, MAX_MESSAGE_TEXT_CHARS) };
  return undefined;
}

// ---------------------------------------------------------------- build

function newMiniSearch(): MiniSearch<IndexedFields> {
  return new MiniSearch<IndexedFields>({
    fields: ['text', 'title'],
    storeFields: [],
    idField: 'id',
    tokenize: tokenizeForSearch,
    processTerm: (t) => t,
    logger: () => undefined,
    autoVacuum: false,
  });
}

/**
 * Index the workspace's memory files and the given transcripts. Never throws on odd files or entries
 * (they are skipped); throws only when `workspaceDir` is not a string.
 */
export function buildMemoryIndex(opts: BuildMemoryIndexOptions): MemoryIndex {
  const root = path.resolve(opts.workspaceDir);
  const maxTool = Math.max(200, Math.floor(opts.maxToolTextChars ?? DEFAULT_MAX_TOOL_TEXT_CHARS));
  const docs: Doc[] = [];
  const fields: IndexedFields[] = [];
  const skipped: SkippedMemoryFile[] = [];
  const files: string[] = [];

  let rootOk = false;
  try {
    rootOk = fs.statSync(root).isDirectory();
  } catch {
    rootOk = false;
  }
  if (rootOk) {
    for (const rel of listMemoryFiles(root, skipped)) {
      const relPosix = toPosix(rel);
      let text: string | undefined;
      try {
        text = readTextIfExists(path.join(root, rel));
      } catch (e) {
        skipped.push({ file: relPosix, reason: e instanceof MemoryWriteError && e.code === 'too-large' ? 'too-large' : 'unreadable' });
        continue;
      }
      if (text === undefined) continue;
      if (text.includes('\u0000')) {
        skipped.push({ file: relPosix, reason: 'binary' });
        continue;
      }
      files.push(relPosix);
      for (const p of splitMarkdownPassages(text)) {
        const id = docs.length;
        docs.push({ kind: 'memory', file: relPosix, line: p.line, heading: p.heading, text: p.text });
        fields.push({ id, text: p.text, title: p.heading ? `${relPosix}\n${p.heading}` : relPosix });
      }
    }
  }
  files.sort();

  const byEntry = new Map<string, TranscriptDoc>();
  const sameText = new Map<string, number>();
  for (const s of opts.sessions ?? []) {
    if (!s || !Array.isArray(s.entries)) continue;
    const key = String(s.key ?? '');
    s.entries.forEach((raw, i) => {
      if (!isObj(raw)) return;
      let et: EntryText | undefined;
      try {
        et = entryText(raw, maxTool);
      } catch {
        et = undefined;
      }
      if (!et || !et.text.trim()) return;
      const entryId = typeof raw.id === 'string' && raw.id ? raw.id : `@${i}`;
      const dedupeKey = typeof raw.id === 'string' && raw.id ? `${entryId}\u0000${et.role}\u0000${et.text}` : undefined;
      if (dedupeKey) {
        const prev = byEntry.get(dedupeKey);
        if (prev) {
          if (prev.sessionKey !== key && !prev.alsoIn.includes(key)) prev.alsoIn.push(key);
          return;
        }
      }
      const t = entryTime(raw);
      const doc: TranscriptDoc = {
        kind: 'transcript',
        sessionKey: key,
        sessionId: s.sessionId,
        entryId,
        role: et.role,
        timestamp: t > 0 ? t : undefined,
        toolName: et.toolName,
        isError: et.isError,
        text: et.text,
        alsoIn: [],
        same: docs.length,
      };
      if (dedupeKey) byEntry.set(dedupeKey, doc);
      const id = docs.length;
      const textKey = `${et.role}\u0000${et.text}`;
      const first = sameText.get(textKey);
      if (first === undefined) sameText.set(textKey, id);
      else doc.same = first;
      docs.push(doc);
      fields.push({ id, text: et.text, title: et.toolName ?? '' });
    });
  }

  const mini = newMiniSearch();
  mini.addAll(fields);
  return new MemoryIndex(root, mini, docs, files, skipped);
}

// ---------------------------------------------------------------- search

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
