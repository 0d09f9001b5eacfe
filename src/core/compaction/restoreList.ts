/**
 * L3 — key-file restore after a compaction (seed 000 "L3 — Key File Restore"): what to offer for
 * injection right after OpenClaw compacted a session, in this order:
 *
 *   1. `MEMORY.md` — the pointer index (OpenClaw's rule: `memory.md` only when `MEMORY.md` is absent);
 *   2. `memories/context.md` — the current-task snapshot ("most important");
 *   3. up to 5 key files from the compaction (`details.modifiedFiles`, then `details.readFiles`, in the
 *      order OpenClaw recorded them, duplicates and the two files above removed), each ≤ 1 000 tokens.
 *
 * Pure over the file system: it reads, never writes. Every file must resolve, symlinks included, inside
 * the agent workspace (or an explicitly allowed extra root); a path that escapes (`../x`, an absolute path
 * elsewhere, a symlink pointing out) is skipped as `outside`. Missing files, directories, FIFOs and other
 * non-regular files, binary files (a NUL byte or invalid UTF-8 in the head) and unreadable files are
 * skipped with their reason; a skipped key file does not use up one of the 5 places. Only the head of a
 * file is read (`HEAD_BYTES_PER_TOKEN` × cap), so a 2 GB log costs one small read; a file longer than its
 * cap is cut (at a line end when one is near) and marked `[trimmed — full content at <path>]` (seed L1's
 * marker), the marker counted inside the cap.
 *
 * Seed 000's "Step ②" filter (paths containing `/` with one of 8 extensions) is for scanning free text;
 * here the paths come from OpenClaw's own file lists, so any text file qualifies (a `.go` or a top-level
 * `README` is a key file too) and binary content is detected instead.
 *
 * Caps: the seed gives 1 000 tokens per key file and says MEMORY.md itself must stay ≤ 800 tokens (so that
 * is its cap here); it gives none for context.md, which gets 2 000 (twice a key file: it is the task
 * snapshot the seed calls the most important). All three are options.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureDirInRoot, isInside, isUnsafePathError, resolveInRoot, workspaceRoot } from '../fs/safePath';
import { openRegularFile, SafeReadError } from '../fs/safeRead';

/** The pointer index, and its fallback name (OpenClaw bootstrap: `memory.md` only if `MEMORY.md` is absent). */
export const MEMORY_INDEX_FILE = 'MEMORY.md';
export const MEMORY_INDEX_FALLBACK = 'memory.md';
/** The memories directory of seed 000's workspace layout. */
export const MEMORIES_DIR = 'memories';
export const CONTEXT_FILE = 'context.md';
/** `memories/context.md`, workspace-relative. */
export const CONTEXT_REL = `${MEMORIES_DIR}/${CONTEXT_FILE}`;

/** Seed 000 L3: "Up to 5 files … limit each to 1,000 tokens". */
export const MAX_KEY_FILES = 5;
export const KEY_FILE_MAX_TOKENS = 1_000;
/** Seed 000: MEMORY.md "≤ 800 tokens". */
export const MEMORY_INDEX_MAX_TOKENS = 800;
/** Not in the seed (see the module comment). */
export const CONTEXT_MAX_TOKENS = 2_000;
/** Key-file paths looked at, at most (OpenClaw's lists can be long; 5 are kept). */
export const MAX_KEY_FILE_CANDIDATES = 64;
/** Bytes read per token of cap (a token is ~4 bytes of prose; runs of whitespace or CJK need more). */
export const HEAD_BYTES_PER_TOKEN = 32;
/** Bytes looked at for the binary test (git's heuristic window). */
export const BINARY_SNIFF_BYTES = 8_000;

export const trimMarker = (displayPath: string): string => `[trimmed — full content at ${displayPath}]`;

export type TokenEstimator = (text: string) => number;

export type RestoreKind = 'memory-index' | 'context' | 'key-file';
export type SkipReason = 'missing' | 'outside' | 'not-a-file' | 'binary' | 'unreadable' | 'empty' | 'limit';

export interface RestoreEntry {
  kind: RestoreKind;
  /** workspace-relative with `/` (absolute for a file under an extra root) */
  path: string;
  /** resolved real path that was read */
  realPath: string;
  /** the text offered for injection (cut and marked when `truncated`) */
  text: string;
  /** estimated tokens of `text` (rounded up) */
  tokens: number;
  /** the cap this entry was held to */
  maxTokens: number;
  truncated: boolean;
  /** file size in bytes */
  bytes: number;
  /** tokens of the whole file, when all of it was read */
  fullTokens?: number;
}

export interface SkippedFile {
  kind: RestoreKind;
  path: string;
  reason: SkipReason;
  detail?: string;
}

export interface RestoreList {
  workspaceDir: string;
  entries: RestoreEntry[];
  skipped: SkippedFile[];
  /** Σ entries' tokens */
  totalTokens: number;
}

export interface RestoreListOptions {
  maxKeyFiles?: number;
  keyFileMaxTokens?: number;
  memoryIndexMaxTokens?: number;
  contextMaxTokens?: number;
  /** other directories key files may come from (e.g. a project the agent works in); the workspace always may */
  extraRoots?: string[];
}

export interface CompactionFiles {
  readFiles?: readonly unknown[];
  modifiedFiles?: readonly unknown[];
}

/** The file lists of a compaction entry (`details.readFiles` / `details.modifiedFiles`); non-strings dropped. */
export function compactionFiles(entry: unknown): { readFiles: string[]; modifiedFiles: string[] } {
  const d = entry && typeof entry === 'object' ? (entry as Record<string, unknown>).details : undefined;
  const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.length > 0) : []);
  const o = d && typeof d === 'object' ? (d as Record<string, unknown>) : {};
  return { readFiles: list(o.readFiles), modifiedFiles: list(o.modifiedFiles) };
}

// ------------------------------------------------------------------------------ workspace paths

export { isInside };

export type Resolved = { ok: true; realPath: string; root: string } | { ok: false; reason: SkipReason; detail?: string };

function realRoots(workspaceDir: string, extra: readonly string[]): string[] {
  const out: string[] = [];
  for (const r of [workspaceDir, ...extra]) {
    try {
      out.push(fs.realpathSync(path.resolve(r)));
    } catch {
      /* a root that does not exist holds nothing */
    }
  }
  return out;
}

/**
 * Resolve a path from the session (relative to the workspace, or absolute) to a real path inside one of
 * `roots` (already real paths). Lexical check first (no file-system access for `../../etc/passwd`), then
 * the real path, so a symlink anywhere on the way that leads out is refused.
 */
export function resolveInRoots(p: string, workspaceDir: string, roots: readonly string[], extraRoots: readonly string[] = []): Resolved {
  if (!p || p.includes('\0')) return { ok: false, reason: 'outside', detail: 'not a path' };
  const abs = path.resolve(workspaceDir, p);
  const lexicalRoots = [path.resolve(workspaceDir), ...extraRoots.map((r) => path.resolve(r)), ...roots];
  if (!lexicalRoots.some((r) => isInside(r, abs))) return { ok: false, reason: 'outside' };
  let real: string;
  try {
    real = fs.realpathSync(abs);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? { ok: false, reason: 'missing' } : { ok: false, reason: 'unreadable', detail: code ?? String(err) };
  }
  const root = roots.find((r) => isInside(r, real));
  if (!root) return { ok: false, reason: 'outside', detail: 'resolves outside the workspace' };
  return { ok: true, realPath: real, root };
}

/** How a resolved file is shown: workspace-relative with `/`, or absolute under an extra root. */
function displayPath(realPath: string, workspaceReal: string | undefined): string {
  if (workspaceReal && isInside(workspaceReal, realPath)) return path.relative(workspaceReal, realPath).split(path.sep).join('/');
  return realPath;
}

// ------------------------------------------------------------------------------ reading

type HeadRead = { ok: true; text: string; bytes: number; complete: boolean } | { ok: false; reason: SkipReason; detail?: string };

/**
 * Read at most `maxBytes` from the head of a regular file (never follows a final symlink, never blocks on
 * a FIFO). Decoded as UTF-8; a NUL byte in the first 8 000 bytes, or invalid UTF-8 anywhere in what was
 * read, makes it binary. A BOM is dropped.
 */
export function readHead(realPath: string, maxBytes: number): HeadRead {
  let fd: number;
  let fst: fs.Stats;
  try {
    ({ fd, stat: fst } = openRegularFile(realPath, { maxBytes: Number.MAX_SAFE_INTEGER, follow: false }));
  } catch (err) {
    const e = err instanceof SafeReadError ? err : undefined;
    if (e?.reason === 'missing' || e?.reason === 'not-a-file') return { ok: false, reason: e.reason };
    return { ok: false, reason: 'unreadable', detail: e?.code ?? String(err) };
  }
  try {
    const want = Math.min(fst.size, Math.max(0, maxBytes));
    const buf = Buffer.alloc(want);
    let got = 0;
    while (got < want) {
      const n = fs.readSync(fd, buf, got, want - got, got);
      if (n <= 0) break;
      got += n;
    }
    const head = buf.subarray(0, got);
    if (head.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return { ok: false, reason: 'binary', detail: 'NUL byte' };
    const complete = got >= fst.size;
    let text: string;
    try {
      // `stream: true` holds back a multi-byte character cut by the read limit instead of failing on it
      text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !complete });
    } catch {
      return { ok: false, reason: 'binary', detail: 'not UTF-8' };
    }
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    return { ok: true, text, bytes: fst.size, complete };
  } catch (err) {
    return { ok: false, reason: 'unreadable', detail: (err as NodeJS.ErrnoException).code ?? String(err) };
  } finally {
    fs.closeSync(fd);
  }
}

/** Do not end a cut inside a surrogate pair. */
function safeCut(s: string, n: number): number {
  if (n > 0 && n < s.length) {
    const c = s.charCodeAt(n - 1);
    if (c >= 0xd800 && c <= 0xdbff) return n - 1;
  }
  return n;
}

/**
 * `text` held to `maxTokens`: unchanged when it fits (and is complete), otherwise its longest head that
 * fits together with the marker line, cut back to a line end when one is in the last fifth.
 */
export function fitToTokens(text: string, maxTokens: number, estimate: TokenEstimator, marker: string, complete = true): { text: string; tokens: number; truncated: boolean } {
  const whole = Math.ceil(estimate(text));
  if (complete && whole <= maxTokens) return { text, tokens: whole, truncated: false };
  const tail = '\n' + marker;
  const withMarker = (head: string): string => (head ? head.replace(/\s+$/, '') + tail : marker);
  const fits = (n: number): boolean => Math.ceil(estimate(withMarker(text.slice(0, n)))) <= maxTokens;
  if (!fits(0)) return { text: '', tokens: 0, truncated: true }; // not even the marker fits
  // largest n with fits(n): lo always fits, hi never does (or is the whole text)
  let lo = 0;
  let hi = text.length;
  if (fits(hi)) lo = hi;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  let n = safeCut(text, lo);
  const nl = text.lastIndexOf('\n', n);
  if (nl > 0 && nl >= n * 0.8) n = nl;
  const out = withMarker(text.slice(0, n));
  return { text: out, tokens: Math.ceil(estimate(out)), truncated: true };
}

function readEntry(kind: RestoreKind, realPath: string, shown: string, maxTokens: number, estimate: TokenEstimator): RestoreEntry | SkippedFile {
  const head = readHead(realPath, Math.max(4_096, maxTokens * HEAD_BYTES_PER_TOKEN));
  if (!head.ok) return head.detail ? { kind, path: shown, reason: head.reason, detail: head.detail } : { kind, path: shown, reason: head.reason };
  if (!head.text.trim()) return { kind, path: shown, reason: 'empty' };
  const fit = fitToTokens(head.text, maxTokens, estimate, trimMarker(shown), head.complete);
  const e: RestoreEntry = { kind, path: shown, realPath, text: fit.text, tokens: fit.tokens, maxTokens, truncated: fit.truncated, bytes: head.bytes };
  if (head.complete) e.fullTokens = fit.truncated ? Math.ceil(estimate(head.text)) : fit.tokens;
  return e;
}

const isEntry = (x: RestoreEntry | SkippedFile): x is RestoreEntry => 'text' in x;

/**
 * The L3 restore list for a compaction (see the module comment). `files` are the compaction's
 * `details` (or anything with `readFiles` / `modifiedFiles`); `estimate` counts tokens of a string.
 */
export function buildRestoreList(workspaceDir: string, files: CompactionFiles, estimate: TokenEstimator, opts: RestoreListOptions = {}): RestoreList {
  const maxKeyFiles = opts.maxKeyFiles ?? MAX_KEY_FILES;
  const keyCap = opts.keyFileMaxTokens ?? KEY_FILE_MAX_TOKENS;
  const ws = path.resolve(workspaceDir);
  const roots = realRoots(ws, opts.extraRoots ?? []);
  let wsReal: string | undefined;
  try {
    wsReal = fs.realpathSync(ws);
  } catch {
    wsReal = undefined;
  }
  const wsRoots = wsReal ? [wsReal] : [];
  const entries: RestoreEntry[] = [];
  const skipped: SkippedFile[] = [];
  const taken = new Set<string>();
  const add = (r: RestoreEntry | SkippedFile): void => {
    if (isEntry(r)) {
      entries.push(r);
      taken.add(r.realPath);
    } else skipped.push(r);
  };

  // 1. MEMORY.md (memory.md only when MEMORY.md is absent) — workspace only
  let idx = resolveInRoots(MEMORY_INDEX_FILE, ws, wsRoots);
  let idxName = MEMORY_INDEX_FILE;
  if (!idx.ok && idx.reason === 'missing') {
    const alt = resolveInRoots(MEMORY_INDEX_FALLBACK, ws, wsRoots);
    // on a case-insensitive file system both names resolve to one file: the check above already failed for it
    if (alt.ok) {
      idx = alt;
      idxName = MEMORY_INDEX_FALLBACK;
    }
  }
  if (idx.ok) add(readEntry('memory-index', idx.realPath, idxName, opts.memoryIndexMaxTokens ?? MEMORY_INDEX_MAX_TOKENS, estimate));
  else skipped.push(skip('memory-index', MEMORY_INDEX_FILE, idx));

  // 2. memories/context.md — workspace only
  const ctx = resolveInRoots(CONTEXT_REL, ws, wsRoots);
  if (ctx.ok) add(readEntry('context', ctx.realPath, CONTEXT_REL, opts.contextMaxTokens ?? CONTEXT_MAX_TOKENS, estimate));
  else skipped.push(skip('context', CONTEXT_REL, ctx));
  // the two files above are never key files, even when they were skipped (e.g. binary)
  for (const r of [idx, ctx]) if (r.ok) taken.add(r.realPath);

  // 3. key files: modified first, then read; first mention wins
  const seen = new Set<string>();
  const candidates: string[] = [];
  for (const p of [...(files.modifiedFiles ?? []), ...(files.readFiles ?? [])]) {
    if (typeof p !== 'string' || !p || seen.has(p)) continue;
    seen.add(p);
    candidates.push(p);
  }
  let keyCount = 0;
  let looked = 0;
  for (const p of candidates) {
    if (keyCount >= maxKeyFiles || looked >= MAX_KEY_FILE_CANDIDATES) {
      skipped.push({ kind: 'key-file', path: p, reason: 'limit' });
      continue;
    }
    looked++;
    const r = resolveInRoots(p, ws, roots, opts.extraRoots);
    if (!r.ok) {
      skipped.push(skip('key-file', p, r));
      continue;
    }
    if (taken.has(r.realPath)) continue; // the same file under another name, or MEMORY.md / context.md
    const e = readEntry('key-file', r.realPath, displayPath(r.realPath, wsReal), keyCap, estimate);
    if (isEntry(e)) keyCount++;
    add(e);
  }
  return { workspaceDir: ws, entries, skipped, totalTokens: entries.reduce((s, e) => s + e.tokens, 0) };
}

function skip(kind: RestoreKind, p: string, r: Resolved): SkippedFile {
  if (r.ok) throw new Error('not a failed resolution');
  return r.detail ? { kind, path: p, reason: r.reason, detail: r.detail } : { kind, path: p, reason: r.reason };
}

// ------------------------------------------------------------------------------ injection text

export const RESTORE_HEADER = '[Post-compaction file restore]';

/**
 * The text to inject: a header, one instruction paragraph (seed 000 principle 2 and L3: these are hints to
 * verify; resume without announcing the restore), then each file as `## <path>` and its content — the
 * layout OpenClaw itself uses for workspace files in the system prompt. Empty when nothing was read.
 */
export function renderRestoreInjection(list: Pick<RestoreList, 'entries'>): string {
  if (!list.entries.length) return '';
  const names = list.entries.map((e) => e.path).join(', ');
  const parts = [
    RESTORE_HEADER,
    `Re-read after compaction: ${names}. Treat them as hints, not ground truth: verify against the source files before any write or shell action. ` +
      'Resume the task where it stopped; do not tell the user that files were restored.',
  ];
  for (const e of list.entries) parts.push(`## ${e.path}\n${e.text.replace(/\s+$/, '')}`);
  return parts.join('\n\n') + '\n';
}

// ------------------------------------------------------------------------------ memories/ for writers

export type MemoriesDir = { ok: true; dir: string; workspaceReal: string } | { ok: false; reason: 'no-workspace' | 'outside' | 'not-a-directory' | 'unwritable'; detail?: string };

/**
 * `<workspace>/memories` for a writer (errors.md, context.md): the workspace must exist; the directory is
 * created when missing; it must resolve (symlinks followed) inside the workspace.
 */
export function memoriesDir(workspaceDir: string, create = true): MemoriesDir {
  let wsReal: string;
  try {
    wsReal = fs.realpathSync(path.resolve(workspaceDir));
    if (!fs.statSync(wsReal).isDirectory()) return { ok: false, reason: 'no-workspace', detail: 'not a directory' };
  } catch (err) {
    return { ok: false, reason: 'no-workspace', detail: (err as NodeJS.ErrnoException).code ?? String(err) };
  }
  let real: string;
  try {
    // through safePath: created under its checked real path, never through a link leading out of the workspace
    real = create ? ensureDirInRoot(workspaceRoot(wsReal), MEMORIES_DIR) : resolveInRoot(workspaceRoot(wsReal), MEMORIES_DIR, 'dir');
    if (!create) fs.statSync(real);
  } catch (err) {
    if (isUnsafePathError(err)) return { ok: false, reason: err.reason === 'not-a-directory' ? 'not-a-directory' : 'outside', detail: err.message };
    return { ok: false, reason: 'unwritable', detail: (err as NodeJS.ErrnoException).code ?? String(err) };
  }
  return { ok: true, dir: real, workspaceReal: wsReal };
}
