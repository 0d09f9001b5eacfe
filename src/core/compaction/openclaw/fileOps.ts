/**
 * The files a compaction's messages read and modified, and OpenClaw's `<read-files>` / `<modified-files>`
 * section listing them within its character bounds.
 */
import { type AgentMessage, isObj } from './estimate';

export const MAX_FILE_OPS_SECTION_CHARS = 2000;
export const MAX_FILE_OPS_LIST_CHARS = 900;

export interface FileOps {
  read: Set<string>;
  written: Set<string>;
  edited: Set<string>;
}

export function createFileOps(): FileOps {
  return { read: new Set(), written: new Set(), edited: new Set() };
}

function fileToolName(v: unknown): string {
  const name = typeof v === 'string' ? v.toLowerCase() : '';
  const sep = name.indexOf('__', name.startsWith('mcp__') ? 5 : 0);
  return sep < 0 ? name : name.slice(sep + 2);
}

function addPaths(target: Set<string>, v: unknown): void {
  if (Array.isArray(v)) for (const p of v) if (typeof p === 'string') target.add(p);
}

/**
 * pi/OpenClaw file tracking: `read`/`write`/`edit` tool calls (also `mcp__x__read` …) with `path`,
 * `file_path` or `filePath`, and `apply_patch` results' `details.summary.added/modified`.
 */
export function extractFileOpsFromMessage(message: AgentMessage, ops: FileOps): void {
  if (message.role === 'toolResult') {
    if (fileToolName(message.toolName) !== 'apply_patch') return;
    for (const r of [message, ...(Array.isArray(message.content) ? message.content : [])]) {
      const details = isObj(r) && isObj(r.details) ? r.details : undefined;
      const summary = details && isObj(details.summary) ? details.summary : undefined;
      addPaths(ops.written, summary?.added);
      addPaths(ops.edited, summary?.modified);
    }
    return;
  }
  if (message.role !== 'assistant' || !Array.isArray(message.content)) return;
  for (const b of message.content) {
    if (!isObj(b) || b.type !== 'toolCall') continue;
    const args = isObj(b.arguments) ? b.arguments : undefined;
    const p = [args?.path, args?.file_path, args?.filePath].find((v): v is string => typeof v === 'string');
    if (!p) continue;
    const name = fileToolName(b.name);
    if (name === 'read') ops.read.add(p);
    else if (name === 'write') ops.written.add(p);
    else if (name === 'edit') ops.edited.add(p);
  }
}

/** Read files (minus the modified ones) and modified files (edited ∪ written), each sorted. */
export function computeFileLists(ops: FileOps): { readFiles: string[]; modifiedFiles: string[] } {
  const modified = new Set([...ops.edited, ...ops.written]);
  return { readFiles: [...ops.read].filter((f) => !modified.has(f)).sort(), modifiedFiles: [...modified].sort() };
}

function boundedFileList(tag: string, files: readonly string[], maxChars: number): string {
  if (files.length === 0 || maxChars <= 0) return '';
  const open = `<${tag}>\n`;
  const close = `\n</${tag}>`;
  const lines: string[] = [];
  let used = open.length + close.length;
  for (let i = 0; i < files.length; i++) {
    const line = `${files[i]}\n`;
    const remaining = files.length - i - 1;
    const more = remaining > 0 ? `...and ${remaining} more\n` : '';
    if (used + line.length + more.length > maxChars) {
      const overflow = `...and ${files.length - i} more\n`;
      if (used + overflow.length <= maxChars) lines.push(overflow);
      break;
    }
    lines.push(line);
    used += line.length;
  }
  return lines.length > 0 ? `${open}${lines.join('').trimEnd()}${close}` : '';
}

/**
 * `\n\n<read-files>\n…\n</read-files>\n\n<modified-files>\n…\n</modified-files>`: each list ≤ 900
 * characters (`...and N more`), the whole ≤ 2000; '' when both are empty.
 */
export function formatFileOperations(readFiles: readonly string[], modifiedFiles: readonly string[]): string {
  const sections = [boundedFileList('read-files', readFiles, MAX_FILE_OPS_LIST_CHARS), boundedFileList('modified-files', modifiedFiles, MAX_FILE_OPS_LIST_CHARS)].filter(Boolean);
  if (sections.length === 0) return '';
  const joined = `\n\n${sections.join('\n\n')}`;
  return joined.length > MAX_FILE_OPS_SECTION_CHARS ? joined.slice(0, MAX_FILE_OPS_SECTION_CHARS) : joined;
}
