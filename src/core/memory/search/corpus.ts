/**
 * What the memory search indexes (openclaw-formats.md §2, §3): the documents, the memory files found in a
 * workspace, and the text of a transcript entry.
 *
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
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MemoryWriteError, resolveInside } from '../fsSafe';

type Json = Record<string, unknown>;

/** Tool-call arguments and tool-result text kept per transcript entry. */
export const DEFAULT_MAX_TOOL_TEXT_CHARS = 4000;

/** User / assistant text kept per transcript entry. */
export const MAX_MESSAGE_TEXT_CHARS = 32_000;

/** Folder depth under memory/ and memories/. */
export const MAX_DIR_DEPTH = 4;

/** Memory files read at most (a workspace with more is not a memory folder any more). */
export const MAX_MEMORY_FILES = 5000;

const MEMORY_DIRS = ['memories', 'memory'];
const SKIP_DIRS = new Set(['node_modules', '.git']);

export type MemorySearchKind = 'memory' | 'transcript';

interface MemoryDoc {
  kind: 'memory';
  file: string;
  line: number;
  heading: string;
  text: string;
}

export interface TranscriptDoc {
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

export type Doc = MemoryDoc | TranscriptDoc;

export interface SkippedMemoryFile {
  /** workspace-relative */
  file: string;
  reason: 'too-large' | 'outside' | 'binary' | 'unreadable' | 'limit';
}

export function toPosix(rel: string): string {
  return rel.split(path.sep).join('/');
}

/** Memory files of a workspace: root `*.md`, then `memories/**.md`, `memory/**.md`. Never throws. */
export function listMemoryFiles(root: string, skipped: SkippedMemoryFile[]): string[] {
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

export function isObj(v: unknown): v is Json {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

export function clip(s: string, max: number): string {
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

export interface EntryText {
  role: string;
  text: string;
  toolName?: string;
  isError?: boolean;
}

export function entryText(e: Json, maxTool: number): EntryText | undefined {
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
