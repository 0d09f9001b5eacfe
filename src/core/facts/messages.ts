/**
 * How the fact extraction reads a message: its text (the safeguard's rule), the strings inside tool-call
 * arguments, and the windows of long messages that are scanned.
 */
import { extractMessageText, projectEntryMessage } from '../transcript/agentMessage';
import { isObj } from '../tokens/openclaw';
import { sliceUtf16Safe, truncateUtf16Safe } from '../tokens/utf16';
import { type FactMessage } from './types';

/** Tool results are read as a summariser sees them: the first 2000 characters. */
export const TOOL_RESULT_SCAN_CHARS = 2000;

/** Other messages: at most the first 20,000 and the last 5,000 characters. */
export const MESSAGE_SCAN_HEAD_CHARS = 20_000;
export const MESSAGE_SCAN_TAIL_CHARS = 5_000;

export function scanWindow(s: string): string {
  if (s.length <= MESSAGE_SCAN_HEAD_CHARS + MESSAGE_SCAN_TAIL_CHARS) return s;
  return `${truncateUtf16Safe(s, MESSAGE_SCAN_HEAD_CHARS)}\n${sliceUtf16Safe(s, -MESSAGE_SCAN_TAIL_CHARS)}`;
}

/** All strings inside a tool call's arguments (paths, commands, URLs). */
export function argStrings(v: unknown, out: string[], depth = 0): void {
  if (depth > 6 || out.length > 200) return;
  if (typeof v === 'string') out.push(v.length > 4000 ? v.slice(0, 4000) : v);
  else if (Array.isArray(v)) for (const x of v.slice(0, 100)) argStrings(x, out, depth + 1);
  else if (isObj(v)) for (const k of Object.keys(v).slice(0, 100)) argStrings(v[k], out, depth + 1);
}

/** The text of a message in which identifiers are looked for. */
export function identifierSourceText(m: FactMessage, toolResultChars = TOOL_RESULT_SCAN_CHARS): string {
  if (m.role === 'toolResult') return truncateUtf16Safe(extractMessageText(m), toolResultChars);
  if (m.role === 'branchSummary' || m.role === 'compactionSummary') return scanWindow(typeof m.summary === 'string' ? m.summary : '');
  const parts = [scanWindow(extractMessageText(m))];
  if (m.role === 'assistant' && Array.isArray(m.content)) {
    for (const b of m.content) if (isObj(b) && b.type === 'toolCall') argStrings(b.arguments, parts);
  }
  return parts.filter(Boolean).join('\n');
}
