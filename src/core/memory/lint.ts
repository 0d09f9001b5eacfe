/**
 * Memory linter: problems in an OpenClaw workspace's memory files, as data the VS Code layer turns into
 * diagnostics (and the CLI prints).
 *
 * Positions: `line`/`column`/`endLine`/`endColumn` are 0-based, columns in UTF-16 code units, the end
 * exclusive — exactly `new vscode.Range(line, column, endLine, endColumn)`. Lines are split on `\n`; a
 * `\r` before it is not part of the line (CRLF files measure like LF files).
 *
 * Rules (code · severity · threshold · source):
 * - `memory-too-long` · warning · MEMORY.md over 800 estimated tokens · seed 000 rule 1 ("keeps the
 *   always-loaded index under 800 tokens"); the range starts at the line where the running estimate
 *   passes 800.
 * - `line-too-long` · warning · a MEMORY.md line over 150 characters (code points) · seed 000 Step 1
 *   ("each line ≤ 150 chars").
 * - `pointer-missing` · warning · a pointer in MEMORY.md whose target does not exist in the workspace;
 *   quick fix "remove the line" when the line holds that single pointer · seed 000 rule 1 ("MEMORY.md
 *   stores locations"). Pointer forms: `→ path` / `-> path` / `=> path` (the seed's template:
 *   `详情 → memories/project.md`), markdown links `[text](path)`, and backticked `memories/…`/`memory/…`
 *   paths. Targets resolve against the workspace root and are never looked up outside it.
 * - `pointer-outside` · info · a pointer that is absolute, uses `~`, climbs out with `..`, or resolves
 *   out through a symbolic link: not checked.
 * - `content-not-pointer` · warning · in MEMORY.md, a run of consecutive lines without a pointer of
 *   ≥ 400 chars or ≥ 8 lines, or a fenced code block of ≥ 5 lines or ≥ 400 chars. Why: the seed's index
 *   entries are one line (≤ 150 chars) ending in a pointer; 400 chars (≈ 100 tokens, an eighth of the
 *   800-token budget, more than 2½ maximal lines) of pointer-less text is content copied into the index.
 * - `bootstrap-truncated` · warning (error when the file is dropped whole) · a bootstrap file longer than
 *   its per-file cap, or cut/dropped by the total budget; says how many chars are cut and marks the
 *   dropped range · reference §3 (OpenClaw's `buildBootstrapContextFiles`).
 * - `errors-not-append-only` · error · `memories/errors.md` no longer starts with the text last seen (a
 *   warning when only the line endings changed) · seed 000 Step 1 ("append-only").
 * - `cache-volatile` · warning for timestamps (date + time of day), volatile labels (`Updated:`,
 *   `Last updated:`, `As of:`, `Current time:`, `Token estimate:`, `更新于:` …) and their template
 *   placeholders (`{timestamp}`, `{时间戳}`); info for a task status (`Status: in progress`) and, once per
 *   file, for bare dates — in a static bootstrap file (all but HEARTBEAT.md, which OpenClaw places after
 *   the cache boundary). Text inside `<!-- … -->` is ignored (OpenClaw's own USER.md format puts
 *   `observed: YYYY-MM-DD` there) · seed 000 "Prompt Cache Protection" (no timestamps, summaries or task
 *   descriptions in the static section).
 * - `file-unreadable` · error · a memory or bootstrap file that exists but cannot be read (a directory, a
 *   file over 16 MiB, no permission, a symlink out of the workspace).
 *
 * `ErrorsBaselineStore` keeps the last-seen errors.md text in our own folder (one JSON file per workspace,
 * named by the SHA-256 of its path), written atomically.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileInRoot } from '../fs/atomic';
import { removeFileInRoot, resolveInRoot, stateDirRoot, type RootLike } from '../fs/safePath';
import { estimateTokens, type EstimatorFamily } from '../tokens/estimator';
import { memoryStateDir, readTextIfExists, resolveInside } from './fsSafe';
import {
  BOOTSTRAP_FIXED_FILES,
  bootstrapCaps,
  DYNAMIC_BOOTSTRAP_FILES,
  ERRORS_REL,
  MEMORY_ALT_FILE,
  MEMORY_FILE,
  planBootstrapInjection,
  scanWorkspace,
  type BootstrapCaps,
  type BootstrapInput,
} from './workspace';

export const MEMORY_TOKEN_LIMIT = 800;
export const MEMORY_LINE_CHAR_LIMIT = 150;
export const CONTENT_RUN_MIN_CHARS = 400;
export const CONTENT_RUN_MIN_LINES = 8;
export const CODE_BLOCK_MIN_LINES = 5;

export type Severity = 'error' | 'warning' | 'info';
export type ProblemCode =
  | 'memory-too-long'
  | 'line-too-long'
  | 'pointer-missing'
  | 'pointer-outside'
  | 'content-not-pointer'
  | 'bootstrap-truncated'
  | 'errors-not-append-only'
  | 'cache-volatile'
  | 'file-unreadable';

/** 0-based, UTF-16 columns, end exclusive (a VS Code Range). */
export interface TextRange {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface TextEdit {
  range: TextRange;
  newText: string;
}

export interface MemoryProblem extends TextRange {
  /** workspace-relative, '/'-separated */
  file: string;
  severity: Severity;
  code: ProblemCode;
  message: string;
  fix?: { title: string; edits: TextEdit[] };
}

export interface LintInput {
  /** workspace-relative path → text, for the files to check (MEMORY.md, bootstrap files, memories/errors.md) */
  files: ReadonlyMap<string, string> | Readonly<Record<string, string>>;
  /** does a pointer target exist? `rel` is normalised and inside the workspace; 'outside' = leads out (symlink) */
  existing: (rel: string) => boolean | 'outside';
  /** the errors.md text last seen; undefined = no baseline yet (rule off) */
  errorsBaseline?: string;
  /** files that exist but could not be read: rel → reason */
  unreadable?: ReadonlyMap<string, string> | Readonly<Record<string, string>>;
  /** OpenClaw's caps; when absent, read from `config` (parsed openclaw.json, `agentId`'s entry first), else 20,000 / 150,000 */
  caps?: Partial<BootstrapCaps>;
  config?: unknown;
  agentId?: string;
  /** for the length of OpenClaw's `[MISSING] Expected at: <path>` markers (default '<workspace>') */
  workspaceDir?: string;
  family?: EstimatorFamily;
}

const toMap = (m: ReadonlyMap<string, string> | Readonly<Record<string, string>> | undefined): Map<string, string> =>
  m instanceof Map ? new Map(m) : new Map(Object.entries((m ?? {}) as Record<string, string>));

const fmt = (n: number): string => n.toLocaleString('en-US');

// ---------------------------------------------------------------------------------------------------
// Lines and positions

interface Line {
  text: string;
  start: number;
}

function splitLines(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const raw = text.slice(start, end);
    out.push({ text: raw.endsWith('\r') ? raw.slice(0, -1) : raw, start });
    if (nl < 0) break;
    start = nl + 1;
  }
  return out;
}

function posAt(lines: Line[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lines[mid]!.start <= offset) lo = mid;
    else hi = mid - 1;
  }
  const l = lines[lo]!;
  return { line: lo, column: Math.min(offset - l.start, l.text.length) };
}

function lastPos(lines: Line[]): { line: number; column: number } {
  return { line: lines.length - 1, column: lines[lines.length - 1]!.text.length };
}

/** The range deleting line `i` (its line break included). */
function wholeLineRange(lines: Line[], i: number): TextRange {
  if (i + 1 < lines.length) return { line: i, column: 0, endLine: i + 1, endColumn: 0 };
  if (i > 0) return { line: i - 1, column: lines[i - 1]!.text.length, endLine: i, endColumn: lines[i]!.text.length };
  return { line: 0, column: 0, endLine: 0, endColumn: lines[0]!.text.length };
}

const codePoints = (s: string): number => {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff) n++;
  }
  return n;
};

/** UTF-16 index of the code point number `cp` in `s`. */
function indexOfCodePoint(s: string, cp: number): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) continue;
    if (n === cp) return i;
    n++;
  }
  return s.length;
}

const FENCE_RE = /^\s{0,3}(```|~~~)/;
const HEADING_RE = /^\s{0,3}#{1,6}(\s|$)/;

// ---------------------------------------------------------------------------------------------------
// Pointers

export interface PointerRef {
  /** the target as written (fragment/query removed, %-decoded) */
  target: string;
  column: number;
  endColumn: number;
  form: 'arrow' | 'link' | 'code';
}

const PATH_EXT_RE = /\.(md|markdown|txt|json|jsonl|ya?ml|toml|csv|log|ts|js|mjs|py|rs|sh|sqlite|html?)$/i;
const PLACEHOLDER_RE = /[{}<>*?]|YYYY|\bMM\b|\.\.\.|…/;
const pathLike = (t: string): boolean => t.includes('/') || PATH_EXT_RE.test(t);
const stripTrailingPunct = (t: string): string => t.replace(/[.,;:!?'"’”)\]]+$/, '');

/** Pointers written on one line of a memory index (see the module comment for the forms). */
export function findPointers(line: string): PointerRef[] {
  const out: PointerRef[] = [];
  const taken: Array<[number, number]> = [];
  const overlaps = (a: number, b: number) => taken.some(([s, e]) => a < e && b > s);

  // markdown links [text](target "title")
  for (const m of line.matchAll(/\[[^\]]*\]\(\s*(<[^>]*>|[^()\s]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g)) {
    const start = m.index!;
    const end = start + m[0].length;
    taken.push([start, end]);
    let t = m[1]!;
    if (t.startsWith('<')) t = t.slice(1, -1);
    if (!t || t.startsWith('#')) continue;
    if (/^[a-z][a-z0-9+.-]*:/i.test(t) && !/^[a-zA-Z]:[\\/]/.test(t)) continue; // URL (http:, mailto: …)
    t = t.replace(/[#?].*$/, '');
    try {
      t = decodeURIComponent(t);
    } catch {
      /* keep as written */
    }
    if (!t || PLACEHOLDER_RE.test(t)) continue;
    out.push({ target: t, column: start, endColumn: end, form: 'link' });
  }
  // arrows: → path, -> path, => path, ⇒ path (target optionally in backticks)
  for (const m of line.matchAll(/(?:→|->|=>|⇒)[ \t]*(`?)([^\s`|<>()[\]]+)\1/g)) {
    const start = m.index!;
    const end = start + m[0].length;
    if (overlaps(start, end)) continue;
    const t = m[1] ? m[2]! : stripTrailingPunct(m[2]!);
    if (!t || !pathLike(t) || PLACEHOLDER_RE.test(t) || /^[a-z][a-z0-9+.-]*:\/\//i.test(t)) continue;
    taken.push([start, end]);
    const tStart = line.indexOf(t, start);
    out.push({ target: t, column: tStart, endColumn: tStart + t.length, form: 'arrow' });
  }
  // `memories/x.md`, `memory/2026-01-01.md`, `./notes/a.md`
  for (const m of line.matchAll(/`([^`\s]+)`/g)) {
    const start = m.index!;
    const end = start + m[0].length;
    if (overlaps(start, end)) continue;
    const t = m[1]!;
    if (!/^(\.\/)?(memories|memory)\//.test(t) || PLACEHOLDER_RE.test(t)) continue;
    out.push({ target: t, column: start + 1, endColumn: end - 1, form: 'code' });
  }
  return out.sort((a, b) => a.column - b.column);
}

/**
 * Where a pointer written in `fromRel` leads: a normalised workspace-relative path, or 'outside' (absolute,
 * `~`, a drive letter, or `..` above the workspace), or undefined for the workspace root itself.
 */
export function resolvePointer(target: string, fromRel = MEMORY_FILE): string | 'outside' | undefined {
  const t = target.replace(/\\/g, '/');
  if (t.startsWith('/') || t.startsWith('~') || /^[a-zA-Z]:\//.test(t) || t.includes('\0')) return 'outside';
  const dir = path.posix.dirname(fromRel.replace(/\\/g, '/'));
  const joined = path.posix.normalize(path.posix.join(dir === '.' ? '' : dir, t));
  if (joined === '..' || joined.startsWith('../')) return 'outside';
  const rel = joined.replace(/\/+$/, '');
  if (rel === '' || rel === '.') return undefined;
  return rel;
}

// ---------------------------------------------------------------------------------------------------
// Rules

function lintMemoryFile(rel: string, text: string, input: LintInput, out: MemoryProblem[]): void {
  const family = input.family ?? 'o200k';
  const lines = splitLines(text);
  const problem = (p: Omit<MemoryProblem, 'file'>) => out.push({ file: rel, ...p });

  // memory-too-long
  const total = Math.round(estimateTokens(text, family));
  if (total > MEMORY_TOKEN_LIMIT) {
    let running = 0;
    let from = 0;
    for (let i = 0; i < lines.length; i++) {
      running += estimateTokens(lines[i]!.text + '\n', family);
      if (running > MEMORY_TOKEN_LIMIT) {
        from = i;
        break;
      }
    }
    const end = lastPos(lines);
    problem({
      line: from,
      column: 0,
      endLine: end.line,
      endColumn: end.column,
      severity: 'warning',
      code: 'memory-too-long',
      message: `${rel} is about ${fmt(total)} tokens; keep it under ${MEMORY_TOKEN_LIMIT} (seed 000: MEMORY.md is an always-loaded index of pointers). The budget runs out around line ${from + 1}: move the detail into memories/ files and keep one-line pointers here.`,
    });
  }

  let inFence = false;
  let fenceStart = -1;
  let fenceChars = 0;
  let runStart = -1;
  let runChars = 0;
  const flushRun = (endLine: number) => {
    if (runStart < 0) return;
    const n = endLine - runStart + 1;
    if (runChars >= CONTENT_RUN_MIN_CHARS || n >= CONTENT_RUN_MIN_LINES) {
      problem({
        line: runStart,
        column: 0,
        endLine,
        endColumn: lines[endLine]!.text.length,
        severity: 'warning',
        code: 'content-not-pointer',
        message: `${n} line${n === 1 ? '' : 's'} (${fmt(runChars)} chars) of content without a pointer. ${rel} should hold locations, not content (seed 000 rule 1): move this text to the memories/ file it belongs in (project.md, decisions.md …) and leave one line such as "- <topic> → memories/project.md".`,
      });
    }
    runStart = -1;
    runChars = 0;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.text;
    if (FENCE_RE.test(line)) {
      flushRun(i - 1);
      if (!inFence) {
        inFence = true;
        fenceStart = i;
        fenceChars = 0;
      } else {
        inFence = false;
        const inner = i - fenceStart - 1;
        if (inner >= CODE_BLOCK_MIN_LINES || fenceChars >= CONTENT_RUN_MIN_CHARS) {
          problem({
            line: fenceStart,
            column: 0,
            endLine: i,
            endColumn: line.length,
            severity: 'warning',
            code: 'content-not-pointer',
            message: `A ${inner}-line code block (${fmt(fenceChars)} chars) in ${rel}: code is content, not a pointer (seed 000 rule 1). Save it in a file under memories/ and point to it.`,
          });
        }
      }
      continue;
    }
    // line-too-long (also inside code blocks: every line is injected)
    const cps = codePoints(line);
    if (cps > MEMORY_LINE_CHAR_LIMIT) {
      problem({
        line: i,
        column: indexOfCodePoint(line, MEMORY_LINE_CHAR_LIMIT),
        endLine: i,
        endColumn: line.length,
        severity: 'warning',
        code: 'line-too-long',
        message: `Line is ${cps} characters; keep ${rel} lines at ${MEMORY_LINE_CHAR_LIMIT} or fewer (seed 000): one short entry per line, details in the file it points to.`,
      });
    }
    if (inFence) {
      fenceChars += line.length + 1;
      continue;
    }
    if (!line.trim() || HEADING_RE.test(line)) {
      flushRun(i - 1);
      continue;
    }
    const pointers = findPointers(line);
    if (pointers.length > 0) flushRun(i - 1);
    else {
      if (runStart < 0) runStart = i;
      runChars += line.trim().length;
    }
    for (const p of pointers) {
      const resolved = resolvePointer(p.target, rel);
      if (resolved === undefined) continue;
      const status = resolved === 'outside' ? 'outside' : input.existing(resolved);
      const range = { line: i, column: p.column, endLine: i, endColumn: p.endColumn };
      if (status === 'outside') {
        problem({
          ...range,
          severity: 'info',
          code: 'pointer-outside',
          message: `"${p.target}" points outside the workspace; it is not checked, and the agent may not be allowed to read it. Memory pointers are workspace-relative (e.g. memories/project.md).`,
        });
      } else if (!status) {
        const p2: Omit<MemoryProblem, 'file'> = {
          ...range,
          severity: 'warning',
          code: 'pointer-missing',
          message: `"${p.target}" does not exist in the workspace (resolved to ${resolved}). A pointer to nothing sends the agent looking for a file that is not there: create it, fix the path, or remove the entry.`,
        };
        if (pointers.length === 1) p2.fix = { title: `Remove the entry pointing to ${p.target}`, edits: [{ range: wholeLineRange(lines, i), newText: '' }] };
        problem(p2);
      }
    }
  }
  if (inFence) {
    // an unclosed fence runs to the end of the file: OpenClaw injects all of it as text
    const inner = lines.length - fenceStart - 1;
    if (inner >= CODE_BLOCK_MIN_LINES || fenceChars >= CONTENT_RUN_MIN_CHARS) {
      const end = lastPos(lines);
      problem({ line: fenceStart, column: 0, endLine: end.line, endColumn: end.column, severity: 'warning', code: 'content-not-pointer', message: `An unclosed ${inner}-line code block in ${rel}: code is content, not a pointer (seed 000 rule 1).` });
    }
  } else flushRun(lines.length - 1);
}

// cache-volatile patterns
const DATETIME_RE = /\b\d{4}-\d{2}-\d{2}[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/;
const CLOCK_RE = /\b\d{1,2}:\d{2}:\d{2}\b/;
const VOLATILE_LABEL_RE =
  /(?:^|[|•,;]|\s)(?:\*\*|__)?(last[ -]?updated|updated(?: at| on)?|last (?:run|seen|checked|modified|sync(?:ed)?)|as of|current (?:time|date)|today(?:'s date)?|timestamp|generated(?: at| on)?|token (?:estimate|count|usage)|tokens? used|context (?:usage|used|size)|turn(?: count| number)?|更新于|最后更新|当前时间|时间戳|token ?估算)(?:\*\*|__)?\s*[:：=]\s*\S/i;
const VOLATILE_PLACEHOLDER_RE = /\{(?:timestamp|time|date|datetime|now|updated|时间戳|时间|日期|[^}]*÷\s*4[^}]*)\}/i;
const TASK_STATUS_RE = /(?:status|状态)\s*[:：]\s*(?:in[ -]progress|doing|wip|ongoing|running|进行中)/i;
const DATE_RE = /\b\d{4}-\d{2}-\d{2}\b/;

function lintCacheVolatile(rel: string, text: string, out: MemoryProblem[]): void {
  const lines = splitLines(text);
  let inComment = false;
  let dateLines = 0;
  let firstDate: TextRange | undefined;
  for (let i = 0; i < lines.length; i++) {
    // blank out HTML comments (column positions are kept)
    let line = lines[i]!.text;
    let masked = '';
    let k = 0;
    while (k < line.length) {
      if (inComment) {
        const e = line.indexOf('-->', k);
        if (e < 0) {
          masked += ' '.repeat(line.length - k);
          k = line.length;
        } else {
          masked += ' '.repeat(e + 3 - k);
          k = e + 3;
          inComment = false;
        }
      } else {
        const s = line.indexOf('<!--', k);
        if (s < 0) {
          masked += line.slice(k);
          k = line.length;
        } else {
          masked += line.slice(k, s);
          k = s;
          inComment = true;
        }
      }
    }
    line = masked;
    const hit = (re: RegExp): TextRange | undefined => {
      const m = re.exec(line);
      if (!m) return undefined;
      const lead = m[0].length - m[0].trimStart().length;
      return { line: i, column: m.index + lead, endLine: i, endColumn: m.index + m[0].length };
    };
    const stamp = hit(DATETIME_RE) ?? hit(CLOCK_RE);
    const label = hit(VOLATILE_LABEL_RE);
    const placeholder = hit(VOLATILE_PLACEHOLDER_RE);
    const w = stamp ?? label ?? placeholder;
    if (w) {
      const what = stamp ? 'a timestamp' : label ? 'a value that changes every update' : 'a placeholder for a timestamp or per-session figure';
      out.push({
        file: rel,
        ...(label && !stamp ? { ...label, endColumn: lines[i]!.text.length } : w),
        severity: 'warning',
        code: 'cache-volatile',
        message: `${rel} carries ${what}. OpenClaw injects ${rel} in the static part of the system prompt, before the prompt-cache boundary: each change re-bills the whole cached prefix (seed 000, Prompt Cache Protection). Keep timestamps and per-turn figures out of it — put them in memories/context.md or the daily log memory/YYYY-MM-DD.md.`,
      });
      continue;
    }
    const status = hit(TASK_STATUS_RE);
    if (status) {
      out.push({
        file: rel,
        ...status,
        severity: 'info',
        code: 'cache-volatile',
        message: `A task status in ${rel} changes as work moves on, and each change invalidates the cached prompt prefix (seed 000: no task descriptions in the static section). Keep the current task in memories/context.md and point to it.`,
      });
      continue;
    }
    const date = hit(DATE_RE);
    if (date) {
      dateLines++;
      firstDate ??= date;
    }
  }
  if (firstDate) {
    out.push({
      file: rel,
      ...firstDate,
      severity: 'info',
      code: 'cache-volatile',
      message: `${dateLines} line${dateLines === 1 ? '' : 's'} of ${rel} carr${dateLines === 1 ? 'ies' : 'y'} a date. Fine for stable facts; a date that is rewritten every day (a "today" line, a log) belongs in memory/YYYY-MM-DD.md, since ${rel} sits in the cached static prompt (seed 000).`,
    });
  }
}

function lintErrorsLog(current: string | undefined, baseline: string, out: MemoryProblem[]): void {
  if (current === undefined) {
    if (baseline.length > 0) {
      out.push({
        file: ERRORS_REL,
        line: 0,
        column: 0,
        endLine: 0,
        endColumn: 0,
        severity: 'error',
        code: 'errors-not-append-only',
        message: `${ERRORS_REL} was deleted (it held ${fmt(baseline.length)} chars when last seen). It is an append-only log (seed 000): restore it so the agent keeps avoiding the errors it recorded.`,
      });
    }
    return;
  }
  if (current.startsWith(baseline)) return;
  const norm = (s: string) => s.replace(/\r\n/g, '\n');
  const onlyEol = norm(current).startsWith(norm(baseline));
  let i = 0;
  const n = Math.min(current.length, baseline.length);
  while (i < n && current.charCodeAt(i) === baseline.charCodeAt(i)) i++;
  const lines = splitLines(current);
  const at = posAt(lines, i);
  const truncated = i === current.length && current.length < baseline.length;
  out.push({
    file: ERRORS_REL,
    line: at.line,
    column: truncated ? 0 : at.column,
    endLine: at.line,
    endColumn: lines[at.line]!.text.length,
    severity: onlyEol ? 'warning' : 'error',
    code: 'errors-not-append-only',
    message: onlyEol
      ? `${ERRORS_REL}: the line endings were rewritten since it was last seen (the text is the same). It is append-only (seed 000): add new lines at the end without re-saving earlier ones.`
      : truncated
        ? `${ERRORS_REL} lost text: it is ${fmt(current.length)} chars, ${fmt(baseline.length - current.length)} fewer than when last seen. It is append-only (seed 000): restore the removed lines; new entries go at the end.`
        : `${ERRORS_REL} was edited, not appended to: line ${at.line + 1} differs from the text last seen. It is append-only (seed 000): restore the earlier lines and add corrections as new lines at the end.`,
  });
}

function lintBootstrap(files: Map<string, string>, unreadable: Map<string, string>, input: LintInput, out: MemoryProblem[]): void {
  const fromConfig = bootstrapCaps(input.config, input.agentId);
  const caps: BootstrapCaps = { maxChars: input.caps?.maxChars ?? fromConfig.maxChars, totalMaxChars: input.caps?.totalMaxChars ?? fromConfig.totalMaxChars };
  const root = input.workspaceDir ?? '<workspace>';
  const memoryName = files.has(MEMORY_FILE) || unreadable.has(MEMORY_FILE) ? MEMORY_FILE : files.has(MEMORY_ALT_FILE) || unreadable.has(MEMORY_ALT_FILE) ? MEMORY_ALT_FILE : undefined;
  const inputs: BootstrapInput[] = [];
  for (const name of [...BOOTSTRAP_FIXED_FILES, ...(memoryName ? [memoryName] : [])]) {
    const text = files.get(name);
    inputs.push(text !== undefined ? { name, path: path.join(root, name), content: text, missing: false } : { name, path: path.join(root, name), missing: true });
  }
  const plan = planBootstrapInjection(inputs, caps);
  const before: string[] = [];
  for (const p of plan) {
    const text = files.get(p.name);
    if (text === undefined) continue;
    if (p.skipped === 'budget') {
      const lines = splitLines(text);
      const end = lastPos(lines);
      out.push({
        file: p.name,
        line: 0,
        column: 0,
        endLine: end.line,
        endColumn: end.column,
        severity: 'error',
        code: 'bootstrap-truncated',
        message: `${p.name} (${fmt(p.originalChars)} chars) is not injected at all: the bootstrap files before it (${before.join(', ') || 'none'}) used up the ${fmt(caps.totalMaxChars)}-char total (agents.defaults.bootstrapTotalMaxChars). Shorten those files or raise the total.`,
      });
    } else if (p.truncated && p.cutChars > 0) {
      const lines = splitLines(text);
      const from = posAt(lines, p.headKept);
      const to = posAt(lines, p.originalChars - p.tailKept);
      const byBudget = p.fileMaxChars < caps.maxChars || p.budgetClamped;
      const reason = byBudget
        ? `only ${fmt(p.fileMaxChars)} chars of the ${fmt(caps.totalMaxChars)}-char total (agents.defaults.bootstrapTotalMaxChars) were left for it`
        : `OpenClaw injects at most ${fmt(caps.maxChars)} chars per file (agents.defaults.bootstrapMaxChars)`;
      out.push({
        file: p.name,
        line: from.line,
        column: from.column,
        endLine: to.line,
        endColumn: to.column,
        severity: 'warning',
        code: 'bootstrap-truncated',
        message: `${p.name} is ${fmt(p.originalChars)} chars and ${reason}: it keeps the first ${fmt(p.headKept)}${p.tailKept ? ` and the last ${fmt(p.tailKept)}` : ''} and cuts ${fmt(p.cutChars)} chars (lines ${from.line + 1}–${to.line + 1}), which the agent never sees. Move detail into other files and point to them, or raise the cap.`,
      });
    }
    if (p.injected && files.has(p.name)) before.push(p.name);
  }
}

/** Lint the given memory texts (pure; see the module comment for the rules). Problems sorted by file and position. */
export function lintMemory(input: LintInput): MemoryProblem[] {
  const files = toMap(input.files);
  const unreadable = toMap(input.unreadable);
  const out: MemoryProblem[] = [];

  for (const [rel, reason] of unreadable) {
    out.push({ file: rel, line: 0, column: 0, endLine: 0, endColumn: 0, severity: 'error', code: 'file-unreadable', message: `${rel} cannot be read: ${reason}` });
  }

  const memoryRel = files.has(MEMORY_FILE) ? MEMORY_FILE : files.has(MEMORY_ALT_FILE) && !unreadable.has(MEMORY_FILE) ? MEMORY_ALT_FILE : undefined;
  if (memoryRel) lintMemoryFile(memoryRel, files.get(memoryRel)!, input, out);

  lintBootstrap(files, unreadable, input, out);

  for (const name of [...BOOTSTRAP_FIXED_FILES, MEMORY_FILE, MEMORY_ALT_FILE]) {
    if (DYNAMIC_BOOTSTRAP_FILES.has(name)) continue;
    if (name === MEMORY_ALT_FILE && memoryRel !== MEMORY_ALT_FILE) continue;
    const text = files.get(name);
    if (text !== undefined) lintCacheVolatile(name, text, out);
  }

  if (input.errorsBaseline !== undefined && !unreadable.has(ERRORS_REL)) lintErrorsLog(files.get(ERRORS_REL), input.errorsBaseline, out);

  const rank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
  return out.sort((a, b) => (a.file !== b.file ? (a.file < b.file ? -1 : 1) : a.line - b.line || a.column - b.column || rank[a.severity] - rank[b.severity]));
}

// ---------------------------------------------------------------------------------------------------
// Baseline store for errors.md

interface BaselineFile {
  version: 1;
  workspace: string;
  savedAt: string;
  text: string;
}

/** The last-seen text of a workspace's memories/errors.md, kept in our own folder (e.g. `<stateDir>/context/memory/`). */
export class ErrorsBaselineStore {
  /** `root`: the folder the store must stay inside (the state dir; see ../fs/safePath) */
  constructor(
    readonly dir: string,
    readonly root: RootLike = dir,
  ) {}

  /** The store in `<stateDir>/context/memory`. */
  static forStateDir(stateDir: string): ErrorsBaselineStore {
    return new ErrorsBaselineStore(memoryStateDir(stateDir), stateDirRoot(stateDir));
  }

  private static key(workspaceDir: string): string {
    let p = path.resolve(workspaceDir);
    try {
      p = fs.realpathSync.native(p);
    } catch {
      /* not there (yet): the resolved path */
    }
    return p;
  }

  /** `<dir>/errors-baseline-<sha256 of the workspace path>.json` */
  fileFor(workspaceDir: string): string {
    const hash = createHash('sha256').update(ErrorsBaselineStore.key(workspaceDir)).digest('hex');
    return path.join(this.dir, `errors-baseline-${hash}.json`);
  }

  /** The stored text, or undefined (none yet, or unreadable/corrupt: then the rule starts over). */
  get(workspaceDir: string): string | undefined {
    try {
      const raw = readTextIfExists(resolveInRoot(this.root, this.fileFor(workspaceDir)));
      if (raw === undefined) return undefined;
      const j = JSON.parse(raw) as Partial<BaselineFile>;
      return j && j.version === 1 && typeof j.text === 'string' ? j.text : undefined;
    } catch {
      return undefined;
    }
  }

  set(workspaceDir: string, text: string, now: Date = new Date()): void {
    const body: BaselineFile = { version: 1, workspace: ErrorsBaselineStore.key(workspaceDir), savedAt: now.toISOString(), text };
    writeFileInRoot(this.root, this.fileFor(workspaceDir), JSON.stringify(body), { fsync: true });
  }

  clear(workspaceDir: string): void {
    removeFileInRoot(this.root, this.fileFor(workspaceDir));
  }
}

// ---------------------------------------------------------------------------------------------------
// Reading a workspace

/** Existence of a pointer target inside `root`: true/false, or 'outside' when it leads out (symlink). */
export function pointerTargetStatus(root: string, rel: string): boolean | 'outside' {
  let abs: string;
  try {
    abs = resolveInside(root, rel);
  } catch {
    return 'outside';
  }
  return fs.existsSync(abs);
}

export interface LintWorkspaceOptions {
  /** parsed openclaw.json (bootstrap caps) */
  config?: unknown;
  agentId?: string;
  family?: EstimatorFamily;
  /** the errors.md baseline, given directly … */
  errorsBaseline?: string;
  /** … or kept in this store */
  baselineStore?: ErrorsBaselineStore;
  /** with a store: record the current errors.md as the new baseline when it passed (or there was none) */
  updateBaseline?: boolean;
}

/** Read the workspace's memory and bootstrap files and lint them. Never throws on workspace contents. */
export function lintWorkspace(workspaceDir: string, opts: LintWorkspaceOptions = {}): MemoryProblem[] {
  return lintWorkspaceDetailed(workspaceDir, opts).problems;
}

export interface LintWorkspaceDetailedOptions extends LintWorkspaceOptions {
  /** text to lint instead of the disk's, by workspace-relative path (an editor's unsaved text) */
  overrides?: ReadonlyMap<string, string>;
}

/**
 * lintWorkspace with what it linted: the text of every file (disk text, or the override) and whether the
 * errors.md baseline moved. The baseline only follows errors.md on disk, never an override, and is written
 * only when it changed.
 */
export function lintWorkspaceDetailed(workspaceDir: string, opts: LintWorkspaceDetailedOptions = {}): { problems: MemoryProblem[]; files: Map<string, string>; baselineMoved: boolean } {
  const root = path.resolve(workspaceDir);
  const scan = scanWorkspace(root, { config: opts.config, agentId: opts.agentId, family: opts.family, includeText: true });
  const files = new Map<string, string>();
  const unreadable = new Map<string, string>();
  for (const b of scan.bootstrap) {
    if (b.text !== undefined) files.set(b.rel, b.text);
    else if (b.exists && b.error) unreadable.set(b.rel, b.error);
  }
  const errors = scan.memories.find((m) => m.rel === ERRORS_REL);
  if (errors?.text !== undefined) files.set(ERRORS_REL, errors.text);
  else if (errors?.exists && errors.error) unreadable.set(ERRORS_REL, errors.error);
  for (const [rel, text] of opts.overrides ?? []) {
    files.set(rel, text);
    unreadable.delete(rel);
  }

  const baseline = opts.errorsBaseline ?? opts.baselineStore?.get(root);
  const input: LintInput = { files, unreadable, existing: (rel) => pointerTargetStatus(root, rel), caps: scan.caps, workspaceDir: root, family: scan.family };
  if (baseline !== undefined) input.errorsBaseline = baseline;
  const problems = lintMemory(input);
  let baselineMoved = false;
  const errorsLive = opts.overrides?.has(ERRORS_REL) === true;
  if (opts.baselineStore && opts.updateBaseline && !errorsLive && errors?.text !== undefined && errors.text !== baseline && !problems.some((p) => p.code === 'errors-not-append-only')) {
    try {
      opts.baselineStore.set(root, errors.text);
      baselineMoved = true;
    } catch {
      /* our own folder not writable: the check simply starts over next time */
    }
  }
  return { problems, files, baselineMoved };
}
