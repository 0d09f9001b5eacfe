/**
 * String helpers for the checkpoint engine: gists (first N characters on one line), message text,
 * file paths in tool arguments, TODO-like lines. Language-agnostic: only structure and punctuation,
 * never word lists of one language (seed 001 §11.2, Codex finding #13).
 */

type Json = Record<string, unknown>;

// C0/C1 controls, line/paragraph separators, BOM: never part of a gist.
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/g;
const LONE_SURROGATE_RE = /\p{Surrogate}/gu;

/** Number of code points (what "characters" means here: an emoji or a CJK ideograph is one). */
export function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** The first `max` code points of `s`. */
function headCodePoints(s: string, max: number): string {
  let n = 0;
  let i = 0;
  while (i < s.length && n < max) {
    const c = s.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
    n++;
  }
  return s.slice(0, i);
}

/** Whitespace collapsed, controls and lone surrogates dropped, trimmed. Reads at most `limit` chars of `s`. */
export function flatten(s: string, limit = Infinity): string {
  const head = s.length > limit ? s.slice(0, limit) : s;
  return head.replace(CONTROL_RE, ' ').replace(LONE_SURROGATE_RE, '').replace(/\s+/g, ' ').trim();
}

/**
 * The first `max` characters of `s` on one line: whitespace runs become one space, controls are
 * dropped; when cut, the last character is `…` (so the result is at most `max` characters).
 */
export function gist(s: string, max: number): string {
  if (max <= 0) return '';
  const limit = max * 8 + 64; // never scan a huge message for a short gist
  const flat = flatten(s, limit);
  const cut = s.length > limit;
  const n = codePoints(flat);
  if (n <= max && !cut) return flat;
  if (n < max) return flat + '…'; // the head was mostly whitespace: still mark the cut
  return headCodePoints(flat, max - 1).trimEnd() + '…';
}

/** The text a message shows: a string content, or its text blocks joined with newlines. */
export function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  let out = '';
  for (const b of content) {
    if (!b || typeof b !== 'object') continue;
    const o = b as Json;
    if (o.type === 'text' && typeof o.text === 'string' && o.text) out += (out ? '\n' : '') + o.text;
  }
  return out;
}

/** The last non-empty line of `s` (list markers removed), as a gist. Scans from the end only. */
export function lastLineGist(s: string, max: number): string {
  let end = s.length;
  while (end > 0) {
    const start = s.lastIndexOf('\n', end - 1) + 1;
    const line = s.slice(start, end).trim();
    if (line && !/^`{3,}|^~{3,}/.test(line)) return gist(line.replace(/^(?:[-*+>]\s+|\d{1,3}[.)]\s+|#{1,6}\s+)/, ''), max);
    end = start - 1;
    if (s.length - end > 20_000) break; // only whitespace and fences for 20K chars: give up
  }
  return '';
}

/**
 * Ends with a question mark of any script: `?`, fullwidth `？`, Arabic `؟`, Greek `;` (U+037E), Armenian `՞`,
 * Ethiopic `፧`, reversed `⸮`. A structural cue, not a word list.
 */
export function endsWithQuestion(s: string): boolean {
  let i = s.length - 1;
  while (i >= 0 && /\s|[*_`)"'”’»」』】）]/.test(s[i]!)) i--;
  return i >= 0 && /[?？؟\u037e\u055e\u1367\u2e2e]/.test(s[i]!);
}

/** OpenClaw / pi slash commands (`/compact …`, `/reset`, `/new`): control, not conversation. */
export function isSlashCommand(text: string): boolean {
  return /^\/[A-Za-z][\w-]*(?:\s|$)/.test(text.trimStart());
}

// ---------------------------------------------------------------- tool arguments → files

export type FileAccess = 'read' | 'modified' | 'none';

const READ_TOKENS = new Set(['read', 'view', 'cat', 'open', 'head', 'tail', 'load']);
const WRITE_TOKENS = new Set(['write', 'edit', 'multiedit', 'create', 'replace', 'insert', 'append', 'delete', 'remove', 'rename', 'move', 'mkdir', 'save', 'patch', 'overwrite', 'touch']);

function nameTokens(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * How a tool touches the files named in its arguments, from its name: `write`, `edit`, `MultiEdit`,
 * `apply_patch`, `create_file`, `str_replace_editor` … modify; `read`, `view`, `cat`, `read_file` …
 * read (an editor tool called with `command: "view"` reads). Everything else (exec, grep, web_search …)
 * is not counted as a file access even when it has a path argument.
 */
export function classifyTool(name: string, args: Json | undefined): FileAccess {
  const tokens = nameTokens(name);
  const cmd = typeof args?.command === 'string' ? args.command.toLowerCase() : undefined;
  const writes = tokens.some((t) => WRITE_TOKENS.has(t)) || (tokens.includes('str') && tokens.includes('replace'));
  if (writes) return cmd === 'view' || cmd === 'read' ? 'read' : 'modified';
  if (tokens.some((t) => READ_TOKENS.has(t))) return 'read';
  return 'none';
}

/** Argument keys that hold one file path. */
export const PATH_KEYS = ['path', 'file_path', 'filePath', 'filepath', 'file', 'filename', 'fileName', 'target_file', 'targetFile', 'notebook_path', 'notebookPath', 'absolute_path', 'relative_path', 'old_path', 'new_path'] as const;
/** Argument keys that hold a list of paths. */
export const PATH_LIST_KEYS = ['paths', 'files', 'file_paths', 'filePaths'] as const;
/** Argument keys that may hold a patch (apply_patch style or unified diff). */
const PATCH_KEYS = ['input', 'patch', 'diff', 'content'] as const;

export const MAX_PATH_CHARS = 1024;

function asPath(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const p = v.trim();
  if (!p || p.length > MAX_PATH_CHARS || /[\u0000-\u001f]/.test(p)) return undefined;
  return p;
}

/** Paths named by a patch: `*** Update File: p`, `*** Add File:`, `*** Delete File:`, `*** Move to:`, `+++ b/p`. */
export function patchPaths(patch: string): string[] {
  const out: string[] = [];
  if (!patch.includes('*** ') && !patch.includes('+++ ')) return out;
  const re = /^(?:\*\*\* (?:Update|Add|Delete) File: (.+)|\*\*\* Move to: (.+)|\+\+\+ (?:b\/)?(.+))$/gm;
  let m: RegExpExecArray | null;
  let n = 0;
  while ((m = re.exec(patch)) && n++ < 1000) {
    const p = asPath((m[1] ?? m[2] ?? m[3] ?? '').replace(/\t.*$/, ''));
    if (p && p !== '/dev/null') out.push(p);
  }
  return out;
}

/** File paths a tool call names, and whether it reads or modifies them. */
export function toolFileAccess(name: string, args: unknown): { access: FileAccess; paths: string[] } {
  const a = args && typeof args === 'object' && !Array.isArray(args) ? (args as Json) : undefined;
  const access = classifyTool(name, a);
  if (access === 'none' || !a) return { access, paths: [] };
  const paths: string[] = [];
  for (const k of PATH_KEYS) {
    const p = asPath(a[k]);
    if (p) paths.push(p);
  }
  for (const k of PATH_LIST_KEYS) {
    const v = a[k];
    if (!Array.isArray(v)) continue;
    for (const x of v.slice(0, 100)) {
      const p = asPath(typeof x === 'object' && x ? (x as Json).path ?? (x as Json).file_path : x);
      if (p) paths.push(p);
    }
  }
  if (access === 'modified' && (paths.length === 0 || nameTokens(name).includes('patch'))) {
    for (const k of PATCH_KEYS) if (typeof a[k] === 'string') paths.push(...patchPaths(a[k] as string));
  }
  return { access, paths: [...new Set(paths)] };
}

// ---------------------------------------------------------------- open items

export interface TodoLine {
  kind: 'checkbox' | 'todo' | 'done';
  text: string;
}

const CHECKBOX_RE = /^\s*(?:[-*+]|\d{1,3}[.)])\s+\[([ xX])\]\s+(\S.*)$/;
const TODO_LINE_RE = /^\s*(?:(?:[-*+]|\d{1,3}[.)]|\/\/|#|--|;)\s*)?(TODO|FIXME)\b(?:\([^)]{0,40}\))?\s*[:\-–—]?\s*(\S.*)$/;
const TODO_INLINE_RE = /(?:^|[^A-Za-z0-9_])(TODO|FIXME)(?:\([^)]{0,40}\))?:\s*(\S.*)$/;

/** The lines of `text` outside fenced code blocks (``` or ~~~; the fence lines themselves dropped). */
export function* linesOutsideFences(text: string): Generator<string> {
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const f = /^\s*(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (!fence) fence = f[1]![0];
      else if (f[1]![0] === fence) fence = undefined;
      continue;
    }
    if (!fence) yield line.endsWith('\r') ? line.slice(0, -1) : line;
  }
}

/**
 * TODO-like lines of a message (language-agnostic markers only):
 * - task-list items `- [ ] text` (also `*`, `+`, `1.`); `- [x] text` is reported as `done` so an
 *   open item with the same text can be closed;
 * - the upper-case tokens `TODO` / `FIXME` at the start of a line (after a list or comment marker) or
 *   followed by `:` anywhere in it.
 * Lines inside fenced code blocks (``` or ~~~) are skipped: code the agent shows is not its to-do list.
 * Numbered lists are not taken as next steps: structure alone cannot tell steps from options or
 * explanations, and a long answer would flood the list.
 */
export function todoLines(text: string, max = 20): TodoLine[] {
  const out: TodoLine[] = [];
  if (!text.includes('[ ]') && !text.includes('[x]') && !text.includes('[X]') && !text.includes('TODO') && !text.includes('FIXME')) return out;
  for (const raw of linesOutsideFences(text)) {
    const line = raw.length > 2000 ? raw.slice(0, 2000) : raw;
    const cb = CHECKBOX_RE.exec(line);
    if (cb) {
      const t = gist(cb[2]!, 200);
      if (t) out.push({ kind: cb[1] === ' ' ? 'checkbox' : 'done', text: t });
    } else {
      const m = TODO_LINE_RE.exec(line) ?? TODO_INLINE_RE.exec(line);
      if (m) {
        const t = gist(m[2]!, 190);
        if (t) out.push({ kind: 'todo', text: `${m[1]}: ${t}` });
      }
    }
    if (out.length >= max) break;
  }
  return out;
}

/** A JSON value on one line, cut to `max` characters (tool-call parameter summaries). */
export function jsonGist(v: unknown, max: number): string {
  let s: string;
  try {
    s = JSON.stringify(v ?? {}) ?? '';
  } catch {
    s = '';
  }
  return gist(s, max);
}

/** Control characters and line breaks as spaces: a path or a tool name never spans lines. */
export function oneLine(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
}
