/**
 * OpenClaw's safeguard summary contract shared by the audit and the mechanical summary: the required headings,
 * the limits and markers (openclaw-formats.md §4.4; OpenClaw 2026.9.6 `compaction-safeguard{,-quality}.ts`), and
 * the text of a message as the safeguard reads it.
 */
import { gist } from '../../transcript/text';
import { type AgentMessage } from '../openclaw/estimate';
import { sliceUtf16Safe, truncateUtf16Safe } from '../openclaw/utf16';
import { MAX_COMPACTION_SUMMARY_CHARS } from '../openclaw/summaryBudget';

export type Json = Record<string, unknown>;
export const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
import { extractMessageText } from '../../transcript/agentMessage';

export { extractMessageText };

export const REQUIRED_SUMMARY_SECTIONS = ['## Decisions', '## Open TODOs', '## Constraints/Rules', '## Pending user asks', '## Exact identifiers'] as const;

/** Seed 000's sections (done / key files / current task), after the required ones. */
export const SEED_SUMMARY_SECTIONS = ['## Done', '## Key files', '## Current task'] as const;
export const MAX_EXTRACTED_IDENTIFIERS = 12;
export const MAX_ASK_OVERLAP_TOKENS = 12;
export const MIN_ASK_OVERLAP_TOKENS_FOR_DOUBLE_MATCH = 3;
export const LATEST_USER_REQUEST_CONTEXT_LABEL = 'Latest user request context:';
export const DEFAULT_RECENT_TURNS_PRESERVE = 3;
export const MAX_RECENT_TURNS_PRESERVE = 12;
export const MAX_RECENT_TURN_TEXT_CHARS = 600;
export const MAX_TOOL_FAILURES = 8;
export const MAX_TOOL_FAILURE_CHARS = 240;
export const MAX_SPLIT_TURN_CONTEXT_CHARS = Math.floor(MAX_COMPACTION_SUMMARY_CHARS / 2);
export const MAX_REQUIRED_ASK_CONTEXT_CHARS = 2000;
export const MAX_WORKSPACE_RULES_CHARS = 2000;
export const SPLIT_TURN_SECTION_HEADING = '**Turn Context (split turn):**';
export const PRESERVED_TURNS_HEADING = '## Recent turns preserved verbatim';
export const CONTEXT_TRUNCATED_MARKER = '\n\n[Earlier compaction context truncated to fit budget]\n\n';
export const PRESERVED_TURNS_TRUNCATED_MARKER = '[Earlier preserved messages truncated]\n';

/** Seed 000: at most 8 key files. */
export const KEY_FILES_MAX = 8;
export const EMPTY = 'None.';
export const EMPTY_IDENTIFIERS = 'None captured.';

/** Text of the `text` blocks only (tool failures). */
export function textBlocks(content: unknown): string[] {
  if (!Array.isArray(content)) return [];
  const out: string[] = [];
  for (const b of content) if (isObj(b) && b.type === 'text' && typeof b.text === 'string') out.push(b.text);
  return out;
}

/** The newest user message with text (the ask the audit checks). */
export function extractLatestUserAsk(messages: readonly AgentMessage[]): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role !== 'user') continue;
    const ask = extractMessageText(m);
    if (ask) return ask;
  }
  return null;
}

/**
 * The ask on one line (whitespace collapsed); over 2000 characters its first and last 978 around `[…]`
 * (OpenClaw cuts the same way, but with a marker on its own line, which would let the tail start a line).
 */
export function oneLineAskContext(rawAsk: string): string {
  const s = rawAsk.replace(/\s+/g, ' ').trim();
  if (s.length <= MAX_REQUIRED_ASK_CONTEXT_CHARS) return s;
  return `${truncateUtf16Safe(s, 978)} […] ${sliceUtf16Safe(s, -978)}`;
}

/**
 * Demote `##` headings inside quoted material to `###`, so no message text can pose as a required
 * section (OpenClaw trims lines before comparing, and JS `^` also starts after U+2028/U+2029).
 */
export function neutralizeSummaryHeadings(text: string): string {
  return text.replace(/^([^\S\r\n]*)##(?=[^\S\r\n]+\S)/gm, '$1###');
}

/** One line for a list item: whitespace collapsed, controls dropped, cut to `max` code points with `…`. */
export function item(text: string, max: number): string {
  return gist(text, max);
}
