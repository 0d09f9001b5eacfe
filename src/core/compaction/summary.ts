/**
 * The compaction summary the extension writes into an OpenClaw transcript, and OpenClaw's own quality
 * check of such a summary.
 *
 * 1. OpenClaw's safeguard format and quality contract (openclaw-formats.md §4.4; behaviour of OpenClaw
 *    2026.9.6 `src/agents/agent-hooks/compaction-safeguard{,-quality}.ts`): the five required headings,
 *    the recent turns kept verbatim, tool failures, file tags, the 16,000-character cap, and
 *    `auditSummary` with its reason codes (`missing_section`, `duplicate_section`,
 *    `missing_identifiers`, `latest_user_ask_not_foregrounded`, `latest_user_ask_not_reflected`,
 *    `retained_turn_ask_marked_pending`).
 * 2. The mechanical summary (`buildMechanicalSummary`): those headings filled from the transcript by
 *    structure alone (src/core/checkpoint's language-agnostic rules, no word lists), plus seed 000's
 *    sections (done / key files / current task; its "pending" list is `## Open TODOs`), built so that
 *    the audit passes: every audited identifier is listed, the latest ask is quoted, no message text
 *    can produce a second required heading, and the body is fitted item by item (never cut blindly).
 *
 * Deviation in the audit: OpenClaw's ask-overlap tokenizer drops stop words of seven languages and
 * strips Korean particles. Those word lists are not reproduced here; pass them as `lexicon` for an
 * exact replica. Without them every keyword counts, which only matters for asks made mostly of stop
 * words; the mechanical summary quotes the ask itself, so it passes either way.
 */
import { extractThread } from '../transcript/conversation';
import { timeMs } from '../store/time';
import { flatten, gist, isSlashCommand, toolFileAccess, todoLines } from '../transcript/text';
import {
  type AgentMessage,
  capCompactionSummary,
  classifyToolUseResultPairing,
  computeFileLists,
  createFileOps,
  extractFileOpsFromMessage,
  extractToolCalls,
  extractToolResultId,
  formatFileOperations,
  isRuntimeContextMessage,
  MAX_COMPACTION_SUMMARY_CHARS,
  sliceUtf16Safe,
  stringifyCompactionValue,
  truncateUtf16Safe,
  DEFAULT_SUMMARY_FALLBACK,
  type FileOps,
} from './openclawHelpers';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

// ============================================================================================== constants

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
const EMPTY = 'None.';
const EMPTY_IDENTIFIERS = 'None captured.';

// ============================================================================================== message text

/** The safeguard's message text: a string content, or the trimmed non-empty `text` of each block, by line. */
export function extractMessageText(message: AgentMessage): string {
  const c = message.content;
  if (typeof c === 'string') return c.trim();
  if (!Array.isArray(c)) return '';
  const out: string[] = [];
  for (const b of c) {
    const t = isObj(b) ? b.text : undefined;
    if (typeof t === 'string' && t.trim()) out.push(t.trim());
  }
  return out.join('\n');
}

/** Text of the `text` blocks only (tool failures). */
function textBlocks(content: unknown): string[] {
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
function item(text: string, max: number): string {
  return gist(text, max);
}

// ============================================================================================== OpenClaw quality contract

/** Lines of a summary, trimmed, empty ones dropped. */
export function normalizedSummaryLines(summary: string): string[] {
  return summary
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}

/** The five required headings, each on its own line, in order. */
export function hasRequiredSummarySections(summary: string): boolean {
  const lines = normalizedSummaryLines(summary);
  let cursor = 0;
  for (const heading of REQUIRED_SUMMARY_SECTIONS) {
    const i = lines.findIndex((l, idx) => idx >= cursor && l === heading);
    if (i < 0) return false;
    cursor = i + 1;
  }
  return true;
}

/** The text under `## Pending user asks` up to the next `## ` heading. */
export function extractPendingAskSection(summary: string): string {
  return summary.split(/^## Pending user asks[ \t]*$/mu, 2)[1]?.split(/^##[ \t]+\S.*$/mu, 1)[0]?.trim() ?? '';
}

export function extractLeadingPendingAsk(summary: string): string {
  return normalizedSummaryLines(extractPendingAskSection(summary))[0] ?? '';
}

export function isEmptyPendingAsk(value: string): boolean {
  return /^(?:none|none captured|no pending asks)[.!]?$/iu.test(value);
}

/** `Latest user request context: "<request as JSON>"`: the first pending ask when a request is unresolved. */
export function formatLatestUserRequestContext(request: string): string {
  return `${LATEST_USER_REQUEST_CONTEXT_LABEL} ${JSON.stringify(request)}`;
}

/** OpenClaw's summary when nothing is summarisable (a previous summary with the headings is kept as is). */
export function buildStructuredFallbackSummary(previousSummary?: string): string {
  const prev = previousSummary?.trim() ?? '';
  if (prev && hasRequiredSummarySections(prev)) return prev;
  const values = [prev || DEFAULT_SUMMARY_FALLBACK, EMPTY, EMPTY, EMPTY, EMPTY_IDENTIFIERS];
  return REQUIRED_SUMMARY_SECTIONS.map((h, i) => `${h}\n${values[i]}`).join('\n\n');
}

const isPureHex = (v: string) => /^[A-Fa-f0-9]{8,}$/.test(v);

/** Identifier present in the summary (pure hex of ≥ 8 compared case-insensitively). */
export function summaryIncludesIdentifier(summary: string, identifier: string): boolean {
  if (isPureHex(identifier)) return summary.toUpperCase().includes(identifier.toUpperCase());
  return summary.includes(identifier);
}

// OpenClaw's opaque-identifier pattern, part by part. Group 1: URLs, absolute paths, Windows paths,
// host:port. The unnamed middle part consumes decimals/exponent numbers (with unit letters) so their
// digits never start an identifier. Group 2: a token with ≥ 8 hex digits or ≥ 6 decimal digits in it.
const OPAQUE_PARTS = {
  url: String.raw`https?:\/\/\S+`,
  absPath: String.raw`(?<![A-Za-z0-9._-])\/[\w.-]{2,}(?:\/[\w.-]+)+`,
  winPath: String.raw`[A-Za-z]:\\[\w\\.-]+`,
  hostPort: String.raw`(?<![A-Za-z0-9._-])[A-Za-z0-9._-]+\.[A-Za-z0-9._/-]+:\d{1,5}`,
  number:
    String.raw`(?:(?:\d+\.\d+|\.\d+)(?:[eE][+-]?\d+)?|\d+\.[eE][+-]?\d+|\d+\.?[eE][+-]\d+|(?![A-Fa-f0-9]{8,}(?![A-Fa-f0-9]))\d+\.?[eE]\d+)` +
    String.raw`(?:(?=[A-Za-z]+(?![A-Za-z0-9]))(?=[A-Za-z]*[G-Zg-z])[A-Za-z]+)?(?![A-Za-z0-9])`,
  opaque: String.raw`(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*(?:[A-Fa-f0-9]{8,}|\d{6,}))([A-Za-z0-9_-]+)`,
};
const OPAQUE_RE_SOURCE = `(${OPAQUE_PARTS.url}|${OPAQUE_PARTS.absPath}|${OPAQUE_PARTS.winPath}|${OPAQUE_PARTS.hostPort})|${OPAQUE_PARTS.number}|${OPAQUE_PARTS.opaque}`;

function sanitizeExtractedIdentifier(v: string): string {
  return v
    .trim()
    .replace(/^[("'`[{<]+/, '')
    .replace(/[)\]"'`,;:.!?<>]+$/, '');
}

/**
 * Identifiers as written in `text` (first occurrence of each), in the order OpenClaw extracts them,
 * with OpenClaw's normalised form (pure hex upper-cased) alongside. No cap.
 */
export function opaqueIdentifierCandidates(text: string, limit = Infinity): Array<{ raw: string; normalized: string; at: number }> {
  const re = new RegExp(OPAQUE_RE_SOURCE, 'g');
  const seen = new Set<string>();
  const out: Array<{ raw: string; normalized: string; at: number }> = [];
  for (const m of text.matchAll(re)) {
    if (out.length >= limit) break; // the first `limit` distinct ones are all a caller asked for
    const raw = sanitizeExtractedIdentifier(m[1] ?? m[2] ?? '');
    const normalized = isPureHex(raw) ? raw.toUpperCase() : raw;
    if (normalized.length < 4 || seen.has(normalized)) continue;
    seen.add(normalized);
    out.push({ raw, normalized, at: m.index ?? 0 });
  }
  return out;
}

/** OpenClaw `extractOpaqueIdentifiers`: the first 12 identifiers a summary must keep literally. */
export function extractOpaqueIdentifiers(text: string): string[] {
  return opaqueIdentifierCandidates(text, MAX_EXTRACTED_IDENTIFIERS)
    .map((c) => c.normalized);
}

/** Optional language data of OpenClaw's ask tokenizer (stop words, Korean particle stems). */
export interface AskOverlapLexicon {
  isStopWord?(token: string): boolean;
  /** The stem of a Korean token without its trailing particle, or null. */
  stemKorean?(token: string): string | null;
}

function isValidKeyword(t: string): boolean {
  if (!t) return false;
  if (/^[a-zA-Z]+$/.test(t) && t.length < 3) return false;
  if (/^\d+$/.test(t)) return false;
  if (/^[\p{P}\p{S}]+$/u.test(t)) return false;
  return true;
}

/** OpenClaw's keyword tokenizer: words; CJK characters and their bigrams; kana/kanji runs; Hangul words. */
function tokenizeKeywords(text: string, lex: AskOverlapLexicon): string[] {
  const tokens: string[] = [];
  const stop = (t: string) => lex.isStopWord?.(t) ?? false;
  for (const segment of text.trim().toLowerCase().split(/[\s\p{P}]+/u)) {
    if (!segment) continue;
    if (/[\u3040-\u30ff]/.test(segment)) {
      for (const part of segment.match(/[a-z0-9_]+|[\u30a0-\u30ffー]+|[\u4e00-\u9fff]+|[\u3040-\u309f]{2,}/g) ?? []) {
        tokens.push(part);
        if (/^[\u4e00-\u9fff]+$/.test(part)) for (let i = 0; i < part.length - 1; i++) tokens.push(part.slice(i, i + 2));
      }
    } else if (/[\u4e00-\u9fff]/.test(segment)) {
      const chars = Array.from(segment).filter((c) => /[\u4e00-\u9fff]/.test(c));
      tokens.push(...chars);
      for (let i = 0; i < chars.length - 1; i++) tokens.push(chars[i]! + chars[i + 1]!);
    } else if (/[\uac00-\ud7af\u3131-\u3163]/.test(segment)) {
      const stem = lex.stemKorean?.(segment) ?? null;
      if (!stop(segment) && !(stem !== null && stop(stem))) tokens.push(segment);
      if (stem && !stop(stem) && (/[\uac00-\ud7af]/.test(stem) ? stem.length >= 2 : /^[a-z0-9_]+$/i.test(stem))) tokens.push(stem);
    } else tokens.push(segment);
  }
  return tokens;
}

/** Keywords of a text: tokens that are not stop words, not 1–2 ASCII letters, not bare numbers or symbols. */
export function extractKeywords(text: string, lex: AskOverlapLexicon = {}): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const t of tokenizeKeywords(text, lex)) {
    if (lex.isStopWord?.(t) || !isValidKeyword(t) || seen.has(t)) continue;
    seen.add(t);
    out.push(t);
  }
  return out;
}

/** Keywords of an ask (or, with `includeFallbackTokens`, keywords plus every letter/digit run). */
export function tokenizeAskOverlapText(text: string, includeFallbackTokens = false, lex: AskOverlapLexicon = {}): string[] {
  const normalized = text.normalize('NFKC').toLocaleLowerCase().trim();
  if (!normalized) return [];
  const keywords = extractKeywords(normalized, lex);
  if (keywords.length > 0 && !includeFallbackTokens) return keywords;
  const tokens = normalized
    .split(/[^\p{L}\p{N}]+/u)
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
  return [...new Set([...keywords, ...tokens])];
}

/** Which ask tokens a summary must contain: up to 12; 2 of them when there are ≥ 3, else 1. */
export function resolveAskOverlapRequirement(latestAsk: string | null | undefined, lex: AskOverlapLexicon = {}): { tokens: string[]; requiredMatches: number } | null {
  if (!latestAsk) return null;
  const askTokens = [...new Set(tokenizeAskOverlapText(latestAsk, false, lex))].slice(0, MAX_ASK_OVERLAP_TOKENS);
  if (askTokens.length === 0) return null;
  const meaningful = askTokens.filter((t) => t.length > 1 && !(lex.isStopWord?.(t) ?? false));
  const tokens = meaningful.length > 0 ? meaningful : askTokens;
  return { tokens, requiredMatches: tokens.length >= MIN_ASK_OVERLAP_TOKENS_FOR_DOUBLE_MATCH ? 2 : 1 };
}

/** The summary reflects the ask: enough of the ask's tokens appear among the summary's tokens. */
export function hasAskOverlap(summary: string, latestAsk: string | null | undefined, lex: AskOverlapLexicon = {}): boolean {
  const req = resolveAskOverlapRequirement(latestAsk, lex);
  if (!req) return true;
  const have = new Set(tokenizeAskOverlapText(summary, true, lex));
  return req.tokens.filter((t) => have.has(t)).length >= req.requiredMatches;
}

export type IdentifierPolicy = 'strict' | 'off' | 'custom';

export interface AuditParams {
  /** The whole finalized summary (body + suffix). */
  summary: string;
  /** The body whose sections are checked (default: `summary`). */
  structuralSummary?: string;
  /** Raw summaries the body came from; a required heading twice in one of them is `duplicate_section`. */
  sourceSummaries?: readonly string[];
  /** Identifiers that must appear literally (policy `strict`). */
  identifiers: readonly string[];
  latestAsk?: string | null;
  /** A request the run will resume: must be the first line under `## Pending user asks`. */
  latestUnresolvedUserRequest?: string;
  /** The split-turn summary, when the latest ask is in the retained turn prefix. */
  retainedTurnSummary?: string;
  identifierPolicy?: IdentifierPolicy;
  lexicon?: AskOverlapLexicon;
}

export interface AuditResult {
  ok: boolean;
  /** OpenClaw's reasons, e.g. `missing_section:## Decisions`, `missing_identifiers:a,b,c`. */
  reasons: string[];
  /** The part before `:` of each reason, de-duplicated (what OpenClaw logs as `reasonCodes=`). */
  reasonCodes: string[];
}

/** OpenClaw's `auditSummaryQuality` (the safeguard quality guard). */
export function auditSummary(p: AuditParams): AuditResult {
  const reasons: string[] = [];
  const structural = p.structuralSummary ?? p.summary;
  const lex = p.lexicon ?? {};
  const lines = new Set(normalizedSummaryLines(structural));
  for (const section of REQUIRED_SUMMARY_SECTIONS) {
    if (!lines.has(section)) reasons.push(`missing_section:${section}`);
    if (p.sourceSummaries?.some((s) => normalizedSummaryLines(s).filter((l) => l === section).length > 1)) reasons.push(`duplicate_section:${section}`);
  }
  if ((p.identifierPolicy ?? 'strict') === 'strict') {
    const missing = p.identifiers.filter((id) => !summaryIncludesIdentifier(p.summary, id));
    if (missing.length > 0) reasons.push(`missing_identifiers:${missing.slice(0, 3).join(',')}`);
  }
  const leading = extractLeadingPendingAsk(structural);
  if (p.latestUnresolvedUserRequest && leading !== formatLatestUserRequestContext(p.latestUnresolvedUserRequest)) reasons.push('latest_user_ask_not_foregrounded');
  else if (!p.latestUnresolvedUserRequest && !hasAskOverlap(p.summary, p.latestAsk, lex)) reasons.push('latest_user_ask_not_reflected');
  const retainedLeading = extractLeadingPendingAsk(p.retainedTurnSummary ?? '');
  const retainedMarked = p.latestUnresolvedUserRequest
    ? !!retainedLeading && !isEmptyPendingAsk(retainedLeading)
    : p.retainedTurnSummary !== undefined && !!resolveAskOverlapRequirement(p.latestAsk, lex) && hasAskOverlap(extractPendingAskSection(p.retainedTurnSummary), p.latestAsk, lex);
  if (retainedMarked) reasons.push('retained_turn_ask_marked_pending');
  return { ok: reasons.length === 0, reasons, reasonCodes: [...new Set(reasons.map((r) => r.split(':', 1)[0]!))] };
}

// ============================================================================================== safeguard suffix sections

/**
 * OpenClaw's split of the last `recentTurnsPreserve` user turns (their user, assistant and matching
 * tool-result messages) out of the messages to summarise; they are shown verbatim instead.
 */
export function splitPreservedRecentTurns(messages: readonly AgentMessage[], recentTurnsPreserve: number): { summarizableMessages: AgentMessage[]; preservedMessages: AgentMessage[] } {
  const turns = Math.min(MAX_RECENT_TURNS_PRESERVE, Math.max(0, Math.floor(Number.isFinite(recentTurnsPreserve) ? recentTurnsPreserve : 0)));
  if (turns <= 0) return { summarizableMessages: messages.slice(), preservedMessages: [] };
  const conv: number[] = [];
  messages.forEach((m, i) => {
    if (m.role === 'user' || m.role === 'assistant') conv.push(i);
  });
  if (conv.length === 0) return { summarizableMessages: messages.slice(), preservedMessages: [] };
  const users = conv.filter((i) => messages[i]!.role === 'user');
  const boundary = users.length >= turns ? users[users.length - turns] : undefined;
  const preserved = new Set(boundary === undefined ? users : conv.filter((i) => i >= boundary));
  if (boundary === undefined) {
    for (let k = conv.length - 1; k >= 0; k--) {
      preserved.add(conv[k]!);
      if (preserved.size >= turns * 2) break;
    }
  }
  const callIds = new Set<string>();
  for (const i of preserved) if (messages[i]!.role === 'assistant') for (const c of extractToolCalls(messages[i]!)) callIds.add(c.id);
  if (callIds.size > 0) {
    const first = conv.find((i) => preserved.has(i)) ?? messages.length;
    for (let i = first; i < messages.length; i++) {
      const m = messages[i]!;
      if (m.role !== 'toolResult') continue;
      const id = extractToolResultId(m);
      if (id && callIds.has(id)) preserved.add(i);
    }
  }
  const summarizableMessages: AgentMessage[] = [];
  const preservedMessages: AgentMessage[] = [];
  messages.forEach((m, i) => (preserved.has(i) ? preservedMessages : summarizableMessages).push(m));
  return { summarizableMessages, preservedMessages };
}

function nonTextPlaceholder(content: unknown): string | null {
  if (content == null || typeof content === 'string') return null;
  if (!Array.isArray(content)) return '[non-text content]';
  const counts = new Map<string, number>();
  for (const b of content) {
    if (!isObj(b)) continue;
    const type = typeof b.type === 'string' && b.type.trim() ? b.type : 'unknown';
    if (type === 'text') continue;
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  return counts.size > 0 ? `[non-text content: ${[...counts].map(([t, n]) => (n > 1 ? `${t} x${n}` : t)).join(', ')}]` : null;
}

/** `- User: …` / `- Assistant: …` / `- Tool result (<name>): …`, cut at 600 characters + `...`. */
function formatContextMessage(m: AgentMessage): string | null {
  let label: string;
  if (m.role === 'assistant') label = 'Assistant';
  else if (m.role === 'user') label = 'User';
  else if (m.role === 'toolResult') label = `Tool result (${typeof m.toolName === 'string' && m.toolName.trim() ? m.toolName : 'tool'})`;
  else return null;
  const rendered = [extractMessageText(m), nonTextPlaceholder(m.content)].filter(Boolean).join('\n');
  if (!rendered) return null;
  const text = rendered.length > MAX_RECENT_TURN_TEXT_CHARS ? `${truncateUtf16Safe(rendered, MAX_RECENT_TURN_TEXT_CHARS)}...` : rendered;
  return neutralizeSummaryHeadings(`- ${label}: ${text}`);
}

/** Segments: an assistant with its paired tool results, or one other message. Unpaired results are left out. */
function contextSegments(messages: readonly AgentMessage[]): string[] {
  const paired = pairToolResults(messages);
  const out: string[] = [];
  for (const m of messages) {
    if (m.role === 'toolResult') continue;
    const lines = [m, ...(paired.get(m) ?? [])].map(formatContextMessage).filter((l): l is string => !!l);
    if (lines.length > 0) out.push(lines.join('\n'));
  }
  return out;
}

/** For each assistant with tool calls, its results in call order (OpenClaw's pairing). */
function pairToolResults(messages: readonly AgentMessage[]): Map<AgentMessage, AgentMessage[]> {
  return new Map(classifyToolUseResultPairing(messages).frames.map((f) => [f.assistant, f.occurrences.flatMap((o) => (o.sourceResult ? [o.sourceResult] : []))]));
}

/** A heading plus segments; over `maxChars` it keeps the newest segments after a marker. */
export function formatBoundedContextSection(messages: readonly AgentMessage[], heading: string, maxChars: number, truncatedMarker: string): string {
  const segments = contextSegments(messages);
  if (segments.length === 0) return '';
  const complete = `${heading}\n${segments.join('\n')}`;
  if (complete.length <= maxChars) return complete;
  const prefix = `${heading}\n${truncatedMarker}`;
  const kept: string[] = [];
  let used = prefix.length;
  for (let i = segments.length - 1; i >= 0; i--) {
    const cost = segments[i]!.length + (kept.length > 0 ? 1 : 0);
    if (used + cost > maxChars) break;
    kept.unshift(segments[i]!);
    used += cost;
  }
  return `${prefix}${kept.join('\n')}`;
}

/** `\n\n## Recent turns preserved verbatim` + the preserved messages (≤ 8000 characters). */
export function buildPreservedTurnsSection(preserved: readonly AgentMessage[], maxChars = MAX_SPLIT_TURN_CONTEXT_CHARS): string {
  return formatBoundedContextSection(preserved, `\n\n${PRESERVED_TURNS_HEADING}`, maxChars, PRESERVED_TURNS_TRUNCATED_MARKER);
}

export interface ToolFailure {
  toolCallId: string;
  toolName: string;
  summary: string;
  meta?: string;
}

/** Failed tool results (`isError`), one per call id, text on one line cut at 240 characters. */
export function collectToolFailures(messages: readonly AgentMessage[]): ToolFailure[] {
  const out: ToolFailure[] = [];
  const seen = new Set<string>();
  for (const m of messages) {
    if (m.role !== 'toolResult' || m.isError !== true) continue;
    const id = typeof m.toolCallId === 'string' ? m.toolCallId : '';
    if (!id || seen.has(id)) continue;
    seen.add(id);
    const toolName = typeof m.toolName === 'string' && m.toolName.trim() ? m.toolName : 'tool';
    const d = isObj(m.details) ? m.details : undefined;
    const meta = [typeof d?.status === 'string' && d.status ? `status=${d.status}` : '', typeof d?.exitCode === 'number' && Number.isFinite(d.exitCode) ? `exitCode=${d.exitCode}` : ''].filter(Boolean).join(' ') || undefined;
    const text = textBlocks(m.content).join('\n').replace(/\s+/g, ' ').trim() || (meta ? 'failed' : 'failed (no output)');
    const summary = text.length > MAX_TOOL_FAILURE_CHARS ? `${truncateUtf16Safe(text, 237)}...` : text;
    out.push(meta ? { toolCallId: id, toolName, summary, meta } : { toolCallId: id, toolName, summary });
  }
  return out;
}

/** `\n\n## Tool Failures\n- <tool> (<meta>): <text>` for at most 8, then `- ...and N more`. */
export function formatToolFailuresSection(failures: readonly ToolFailure[]): string {
  if (failures.length === 0) return '';
  const lines = failures.slice(0, MAX_TOOL_FAILURES).map((f) => `- ${oneLine(f.toolName)}${f.meta ? ` (${oneLine(f.meta)})` : ''}: ${f.summary}`);
  if (failures.length > MAX_TOOL_FAILURES) lines.push(`- ...and ${failures.length - MAX_TOOL_FAILURES} more`);
  return `\n\n## Tool Failures\n${lines.join('\n')}`;
}

/** Keep the tail of a suffix within `maxChars`, after `[Earlier compaction context truncated …]`. */
export function capCompactionSuffix(suffix: string, maxChars: number): string {
  if (suffix.length <= maxChars) return suffix;
  if (maxChars <= 0) return '';
  if (maxChars < CONTEXT_TRUNCATED_MARKER.length) return sliceUtf16Safe(suffix, suffix.length - maxChars);
  const tail = maxChars - CONTEXT_TRUNCATED_MARKER.length;
  let start = suffix.length - tail;
  // Start at a line boundary when one is near, so no quoted line is cut mid-way.
  const nl = suffix.indexOf('\n', start);
  if (nl >= 0 && nl + 1 < suffix.length && nl - start < 200) start = nl + 1;
  let kept = sliceUtf16Safe(suffix, start);
  // A line cut in the middle could start with `## …`: demote that fragment only.
  if (start > 0 && suffix[start - 1] !== '\n') {
    const end = kept.indexOf('\n');
    kept = end < 0 ? neutralizeSummaryHeadings(kept) : neutralizeSummaryHeadings(kept.slice(0, end)) + kept.slice(end);
  }
  return tail > 0 ? `${CONTEXT_TRUNCATED_MARKER}${kept}` : CONTEXT_TRUNCATED_MARKER;
}

/** Control characters and line breaks as spaces: a path or a tool name never spans lines. */
function oneLine(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
}

// ============================================================================================== transcript entries → input

/** The model-visible message of a transcript entry (message, custom_message, branch_summary), else undefined. */
export function projectEntryMessage(entry: unknown): AgentMessage | undefined {
  if (!isObj(entry)) return undefined;
  switch (entry.type) {
    case 'message':
      return isObj(entry.message) ? entry.message : undefined;
    case 'custom_message': {
      const m: Json = { role: 'custom', customType: entry.customType, content: entry.content, display: entry.display };
      if (entry.details !== undefined) m.details = entry.details;
      if (typeof entry.timestamp === 'string') m.timestamp = timeMs(entry.timestamp);
      return m;
    }
    case 'branch_summary':
      return typeof entry.summary === 'string' && entry.summary ? { role: 'branchSummary', summary: entry.summary, fromId: entry.fromId } : undefined;
    default:
      return undefined;
  }
}

/** The entries from the root to `entryId` (parentId walk), oldest first; [] when the id is unknown. */
export function branchTo(entries: readonly unknown[], entryId: string): Json[] {
  const byId = new Map<string, Json>();
  for (const e of entries) if (isObj(e) && typeof e.id === 'string' && e.type !== 'session') byId.set(e.id, e);
  const out: Json[] = [];
  const seen = new Set<string>();
  let cur = byId.get(entryId);
  while (cur && !seen.has(cur.id as string)) {
    seen.add(cur.id as string);
    out.push(cur);
    cur = typeof cur.parentId === 'string' ? byId.get(cur.parentId) : undefined;
  }
  return out.reverse();
}

function isTurnStart(m: AgentMessage | undefined): boolean {
  if (!m) return false;
  if (m.role === 'custom') return !(isObj(m.details) && m.details.runtimeContextCarrier === true);
  return m.role === 'user' || m.role === 'bashExecution' || m.role === 'branchSummary' || m.role === 'compactionSummary';
}

export interface CompactionInput {
  /** History to summarise (pi `messagesToSummarize`). */
  messages: AgentMessage[];
  /** The start of a turn whose end is kept (split turn). */
  turnPrefixMessages?: AgentMessage[];
  /** The previous compaction's summary (re-distilled into this one). */
  previousSummary?: string;
  /** File lists to report; default: from the messages' tool calls (and `previousDetails`). */
  fileOps?: { readFiles: readonly string[]; modifiedFiles: readonly string[] };
  /** The previous compaction's `details` (its file lists are merged unless it came from a hook). */
  previousDetails?: { readFiles?: unknown; modifiedFiles?: unknown };
  /** A request the run will resume after compaction (OpenClaw's `latestUnresolvedUserRequest`). */
  latestUnresolvedUserRequest?: string;
  /** User turns kept verbatim under `## Recent turns preserved verbatim` (default 3, max 12, 0 = none). */
  recentTurnsPreserve?: number;
  /** Character cap of the whole summary (default 16,000). */
  maxChars?: number;
  /** AGENTS.md critical rules already extracted, shown as `<workspace-critical-rules>`. */
  workspaceRules?: string;
}

export interface EntriesCompactionInput extends CompactionInput {
  /** Messages that stay verbatim after the summary (from `firstKeptEntryId` on). */
  keptMessages: AgentMessage[];
  isSplitTurn: boolean;
  firstKeptEntryId: string;
}

/**
 * What a compaction with `firstKeptEntryId` on this branch summarises (pi `prepareCompaction`): from the
 * previous boundary (compaction: its first kept entry; reset: the entry after it) up to the cut, the
 * previous summary, and the split-turn prefix when the cut is not at a turn start. Undefined when the
 * id is not on the branch or nothing precedes it.
 */
export function compactionInputFromEntries(pathEntries: readonly unknown[], firstKeptEntryId: string): EntriesCompactionInput | undefined {
  const entries = pathEntries.filter(isObj);
  const cut = entries.findIndex((e) => e.id === firstKeptEntryId);
  if (cut < 0) return undefined;
  let boundaryStart = 0;
  let previous: Json | undefined;
  for (let i = cut - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.type === 'compaction') {
      previous = e;
      const kept = entries.findIndex((x) => x.id === e.firstKeptEntryId);
      boundaryStart = kept >= 0 && kept < i ? kept : i + 1;
      break;
    }
    if (e.type === 'reset') {
      boundaryStart = i + 1;
      break;
    }
  }
  const msg = (i: number) => (entries[i]!.type === 'compaction' ? undefined : projectEntryMessage(entries[i]));
  let turnStart = -1;
  if (!isTurnStart(msg(cut))) {
    for (let i = cut; i >= boundaryStart; i--) {
      if (isTurnStart(msg(i))) {
        turnStart = i;
        break;
      }
    }
  }
  const isSplitTurn = turnStart >= 0;
  const historyEnd = isSplitTurn ? turnStart : cut;
  const collect = (from: number, to: number) => {
    const out: AgentMessage[] = [];
    for (let i = from; i < to; i++) {
      const m = msg(i);
      if (m) out.push(m);
    }
    return out;
  };
  const messages = collect(boundaryStart, historyEnd);
  const turnPrefixMessages = isSplitTurn ? collect(turnStart, cut) : [];
  if (messages.length === 0 && turnPrefixMessages.length === 0) return undefined;
  const input: EntriesCompactionInput = { messages, turnPrefixMessages, keptMessages: collect(cut, entries.length), isSplitTurn, firstKeptEntryId };
  if (previous && typeof previous.summary === 'string') input.previousSummary = previous.summary;
  if (previous && previous.fromHook !== true && isObj(previous.details)) input.previousDetails = previous.details;
  return input;
}

// ============================================================================================== mechanical facts

export type IdentifierKind = 'url' | 'path' | 'id' | 'hash';

export interface FoundIdentifier {
  value: string;
  kind: IdentifierKind;
}

const URL_IN_TEXT = /(?<![\w.+-])[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s<>"'`]+/g;
/** `~/x`, `./x`, `../x`, `/a/b`; `a/b.ext` or `a/b/c`; `C:\x\y`. */
const PATH_IN_TEXT = /(?<![\w.\/~-])(?:(?:~|\.{1,2})(?:\/[\w.@+-]+)+|(?:\/[\w.@+-]+){2,})\/?|(?<![\w.\/~:-])[\w.@+-]+(?:\/[\w.@+-]+)+\/?|(?<![\w])[A-Za-z]:\\[\w\\.@+-]+/g;
const UUID = /\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/g;
const TICKET = /(?<![\w-])[A-Z][A-Z0-9]*(?:[-_][A-Z0-9]+)*-\d+(?![\w-])|(?<![\w#])#\d{2,}\b/g;
const HEX = /(?<![\w-])(?=[0-9a-fA-F]*\d)(?=[0-9a-fA-F]*[a-fA-F])[0-9a-fA-F]{7,64}(?![\w-])/g;

/** A path with a letter in it that is rooted (`/`, `~`, `.`, a drive) or ends in `name.ext` or has ≥ 2 slashes (not `and/or`). */
function isPathLike(v: string): boolean {
  if (!/[A-Za-z]/.test(v)) return false;
  if (/^(?:[~.\/]|[A-Za-z]:\\)/.test(v)) return true;
  const parts = v.replace(/\/$/, '').split('/');
  return parts.length >= 3 || /\.[A-Za-z][A-Za-z0-9]{0,9}$/.test(parts[parts.length - 1]!);
}

function trimIdent(v: string): string {
  return v.replace(/^[("'`[{<]+/, '').replace(/[)\]"'`,;:.!?<>]+$/, '');
}

/**
 * Identifiers a summary should keep literally, by shape only: URLs (any scheme), file paths (with a
 * slash: code like `items.reduce` is not a file name), ids (UUIDs, `ABC-123` tickets, `#412`, OpenClaw's opaque tokens with ≥ 6 digits), hashes
 * (hex runs of ≥ 7 with a digit and a letter). First occurrence order, de-duplicated.
 */
export function extractIdentifiers(text: string): FoundIdentifier[] {
  const found: Array<FoundIdentifier & { at: number }> = [];
  const covered = new Uint8Array(text.length + 1);
  const overlaps = (a: number, b: number) => {
    for (let i = a; i < b; i++) if (covered[i]) return true;
    return false;
  };
  const add = (re: RegExp, kind: IdentifierKind, min = 3, valid: (v: string) => boolean = () => true) => {
    for (const m of text.matchAll(re)) {
      const raw = m[0];
      const at = m.index ?? 0;
      if (overlaps(at, at + raw.length)) continue;
      const value = trimIdent(raw);
      if (value.length < min || !valid(value)) continue;
      covered.fill(1, at, at + raw.length);
      found.push({ value, kind, at });
    }
  };
  add(URL_IN_TEXT, 'url');
  add(UUID, 'id');
  add(PATH_IN_TEXT, 'path', 4, isPathLike);
  add(TICKET, 'id');
  add(HEX, 'hash');
  for (const c of opaqueIdentifierCandidates(text)) {
    if (overlaps(c.at, c.at + c.raw.length)) continue;
    found.push({ value: c.raw, kind: /^https?:/.test(c.raw) ? 'url' : /[\\/]/.test(c.raw) ? 'path' : /^[0-9a-fA-F]+$/.test(c.raw) ? 'hash' : 'id', at: c.at });
  }
  found.sort((a, b) => a.at - b.at);
  const seen = new Set<string>();
  const out: FoundIdentifier[] = [];
  for (const f of found) {
    if (seen.has(f.value)) continue;
    seen.add(f.value);
    out.push({ value: f.value, kind: f.kind });
  }
  return out;
}

/** Tool results are read as a summariser sees them: the first 2000 characters. */
export const TOOL_RESULT_SCAN_CHARS = 2000;
/** Other messages: at most the first 20,000 and the last 5,000 characters. */
export const MESSAGE_SCAN_HEAD_CHARS = 20_000;
export const MESSAGE_SCAN_TAIL_CHARS = 5_000;

function scanWindow(s: string): string {
  if (s.length <= MESSAGE_SCAN_HEAD_CHARS + MESSAGE_SCAN_TAIL_CHARS) return s;
  return `${truncateUtf16Safe(s, MESSAGE_SCAN_HEAD_CHARS)}\n${sliceUtf16Safe(s, -MESSAGE_SCAN_TAIL_CHARS)}`;
}

/** All strings inside a tool call's arguments (paths, commands, URLs). */
function argStrings(v: unknown, out: string[], depth = 0): void {
  if (depth > 6 || out.length > 200) return;
  if (typeof v === 'string') out.push(v.length > 4000 ? v.slice(0, 4000) : v);
  else if (Array.isArray(v)) for (const x of v.slice(0, 100)) argStrings(x, out, depth + 1);
  else if (isObj(v)) for (const k of Object.keys(v).slice(0, 100)) argStrings(v[k], out, depth + 1);
}

/** The text of a message in which identifiers are looked for. */
export function identifierSourceText(m: AgentMessage): string {
  if (m.role === 'toolResult') return truncateUtf16Safe(extractMessageText(m), TOOL_RESULT_SCAN_CHARS);
  if (m.role === 'branchSummary' || m.role === 'compactionSummary') return scanWindow(typeof m.summary === 'string' ? m.summary : '');
  const parts = [scanWindow(extractMessageText(m))];
  if (m.role === 'assistant' && Array.isArray(m.content)) {
    for (const b of m.content) if (isObj(b) && b.type === 'toolCall') argStrings(b.arguments, parts);
  }
  return parts.filter(Boolean).join('\n');
}

export interface UserAsk {
  text: string;
  index: number;
  answered: boolean;
  failed: boolean;
  answer?: string;
}

export interface CompactionFacts {
  /** `"<reply>" — re: <last line of the long response>` (seed 001 rule), previous summary's first. */
  decisions: string[];
  /** Open `- [ ]` items and `TODO:`/`FIXME` lines not closed by a later `[x]`, previous summary's first. */
  todos: string[];
  /** Checkbox items closed with `[x]`. */
  closedTodos: string[];
  /** External notes (custom messages) and carried constraints. */
  constraints: string[];
  /** Asks whose turn failed before any reply. */
  pendingAsks: string[];
  /** Every user ask (slash commands excluded), in order. */
  asks: UserAsk[];
  identifiers: FoundIdentifier[];
  /** Files read / modified per OpenClaw's rule (read/write/edit tools, apply_patch). */
  readFiles: string[];
  modifiedFiles: string[];
  /** Files per the checkpoint engine's broader tool classifier (MultiEdit, str_replace_editor …). */
  toolReadFiles: string[];
  toolModifiedFiles: string[];
  lastReply?: string;
  /** Items of the previous summary's `## Done` / `## Key files` / `## Exact identifiers`. */
  carriedDone: string[];
  carriedKeyFiles: string[];
  carriedIdentifiers: string[];
}

/** Sections of a markdown summary: `## Heading` → its non-empty lines (list markers kept). */
export function summarySections(summary: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string | undefined;
  for (const raw of summary.split(/\r?\n/)) {
    const line = raw.trim();
    if (/^##[ \t]+\S/.test(line) && !line.startsWith('###')) {
      current = line;
      if (!out.has(current)) out.set(current, []);
      continue;
    }
    if (/^\*\*Turn Context \(split turn\):\*\*$/.test(line) || /^<(?:read-files|modified-files|workspace-critical-rules)>$/.test(line)) {
      current = undefined;
      continue;
    }
    if (current && line) out.get(current)!.push(line);
  }
  return out;
}

const EMPTY_ITEM = /^(?:[-*]\s+)?(?:none|none captured|no pending asks|no prior history)[.!]?$/i;

/** Carried items of a previous summary section: list markers removed, "None." dropped, one line each. */
function carried(sections: Map<string, string[]>, heading: string): string[] {
  return (sections.get(heading) ?? [])
    .filter((l) => !EMPTY_ITEM.test(l) && !l.startsWith(LATEST_USER_REQUEST_CONTEXT_LABEL) && !/^-\s+\.\.\.and \d+ more$/.test(l))
    .map((l) => item(l.replace(/^(?:[-*+]|\d{1,3}[.)])\s+/, ''), 300))
    .filter(Boolean);
}

const listSets = new WeakMap<string[], Set<string>>();
/** Append unless already there (a set per list: sessions can have thousands of items). */
function pushUnique(list: string[], v: string): void {
  if (!v) return;
  let set = listSets.get(list);
  if (!set) listSets.set(list, (set = new Set(list)));
  if (set.has(v)) return;
  set.add(v);
  list.push(v);
}

/** Everything the mechanical summary can say about `messages`, by structure only. */
export function extractCompactionFacts(messages: readonly AgentMessage[], previousSummary?: string): CompactionFacts {
  const facts: CompactionFacts = {
    decisions: [],
    todos: [],
    closedTodos: [],
    constraints: [],
    pendingAsks: [],
    asks: [],
    identifiers: [],
    readFiles: [],
    modifiedFiles: [],
    toolReadFiles: [],
    toolModifiedFiles: [],
    carriedDone: [],
    carriedKeyFiles: [],
    carriedIdentifiers: [],
  };
  const msgs = messages.filter((m) => isObj(m) && !isRuntimeContextMessage(m));

  // Previous summary (argument or summary messages in the range): carried section by section.
  const previous = [previousSummary ?? '', ...msgs.filter((m) => m.role === 'compactionSummary').map((m) => String(m.summary ?? ''))].filter((s) => s.trim());
  for (const prev of previous) {
    const s = summarySections(prev);
    if (hasRequiredSummarySections(prev)) {
      for (const d of carried(s, '## Decisions')) pushUnique(facts.decisions, d);
      for (const t of carried(s, '## Open TODOs')) pushUnique(facts.todos, t);
      for (const c of carried(s, '## Constraints/Rules')) pushUnique(facts.constraints, c);
      for (const a of carried(s, '## Pending user asks')) pushUnique(facts.pendingAsks, a);
      for (const d of carried(s, '## Done')) pushUnique(facts.carriedDone, d);
      for (const k of carried(s, '## Key files')) pushUnique(facts.carriedKeyFiles, k);
      for (const k of carried(s, '## Exact identifiers')) pushUnique(facts.carriedIdentifiers, k);
    } else {
      for (const line of normalizedSummaryLines(prev).slice(0, 200)) if (!EMPTY_ITEM.test(line)) pushUnique(facts.decisions, item(`Earlier summary: ${line.replace(/^#+\s*/, '')}`, 300));
    }
  }

  // Decisions: the checkpoint engine's rule over the same messages as transcript entries.
  const pseudo = msgs.map((m, i) => (m.role === 'custom' ? { type: 'custom_message', id: `m${i}`, customType: m.customType, content: m.content } : { type: 'message', id: `m${i}`, message: m }));
  for (const d of extractThread(pseudo).decisions) pushUnique(facts.decisions, d.what);

  const open = new Map<string, string>();
  for (const t of facts.todos) open.set(flatten(t).toLowerCase(), t);
  const ops: FileOps = createFileOps();
  const toolRead = new Set<string>();
  const toolModified = new Set<string>();
  const pendingCalls = new Map<string, { name: string; paths: string[]; access: string }>();
  let ask: UserAsk | undefined;
  const endTurn = (failed: boolean) => {
    if (ask && !ask.answered && failed && !ask.failed) {
      ask.failed = true;
      pushUnique(facts.pendingAsks, item(ask.text, 300));
    }
  };
  const scanTodos = (text: string) => {
    for (const t of todoLines(text, 50)) {
      const key = flatten(t.text).toLowerCase();
      if (t.kind === 'done') {
        open.delete(key);
        pushUnique(facts.closedTodos, t.text);
      } else if (!open.has(key)) open.set(key, t.text);
    }
  };
  const ids: FoundIdentifier[] = [];

  msgs.forEach((m, index) => {
    ids.push(...extractIdentifiers(identifierSourceText(m)));
    extractFileOpsFromMessage(m, ops);
    switch (m.role) {
      case 'user': {
        if (m.runtimeContextCarrier === true) return;
        const text = extractMessageText(m);
        if (!text || isSlashCommand(text)) return;
        ask = { text, index, answered: false, failed: false };
        facts.asks.push(ask);
        scanTodos(text);
        return;
      }
      case 'assistant': {
        if (m.provider === 'openclaw') return; // OpenClaw's own notices
        const text = extractMessageText(m);
        const calls = Array.isArray(m.content) ? (m.content as unknown[]).filter((b): b is Json => isObj(b) && b.type === 'toolCall') : [];
        if (!text && calls.length === 0 && (m.stopReason === 'error' || m.stopReason === 'aborted')) {
          endTurn(true);
          return;
        }
        if (text) {
          if (ask && !ask.failed) {
            ask.answered = true;
            ask.answer = text;
          }
          facts.lastReply = text;
          scanTodos(text);
        }
        for (const c of calls) {
          const fa = toolFileAccess(String(c.name ?? ''), c.arguments);
          if (typeof c.id === 'string') pendingCalls.set(c.id, { name: String(c.name ?? ''), paths: fa.paths, access: fa.access });
        }
        return;
      }
      case 'toolResult': {
        const id = extractToolResultId(m);
        const call = id ? pendingCalls.get(id) : undefined;
        if (call && m.isError !== true && call.access !== 'none') for (const p of call.paths) (call.access === 'read' ? toolRead : toolModified).add(p);
        return;
      }
      case 'custom': {
        if (m.customType === 'run-failed-before-reply') {
          endTurn(true);
          return;
        }
        if (isObj(m.details) && m.details.runtimeContextCarrier === true) return;
        const text = extractMessageText(m);
        if (text) pushUnique(facts.constraints, item(`Note${typeof m.customType === 'string' && m.customType ? ` (${m.customType})` : ''}: ${text}`, 300));
        return;
      }
      case 'branchSummary': {
        const s = typeof m.summary === 'string' ? m.summary : '';
        if (s.trim()) pushUnique(facts.constraints, item(`Branch summary: ${s}`, 300));
        return;
      }
      default:
        return;
    }
  });

  facts.todos = [...open.values()];
  const lists = computeFileLists(ops);
  facts.readFiles = lists.readFiles;
  facts.modifiedFiles = lists.modifiedFiles;
  facts.toolModifiedFiles = [...toolModified].sort();
  facts.toolReadFiles = [...toolRead].filter((p) => !toolModified.has(p)).sort();
  const seen = new Set<string>();
  for (const f of ids) {
    if (seen.has(f.value)) continue;
    seen.add(f.value);
    facts.identifiers.push(f);
  }
  return facts;
}

// ============================================================================================== mechanical summary

export interface SummaryAuditInputs {
  identifiers: string[];
  latestAsk: string | null;
  /** The latest ask when it is in the split-turn prefix. */
  splitAsk: string | null;
  latestUnresolvedUserRequest?: string;
}

/** The audit inputs OpenClaw's safeguard derives from a compaction (identifiers of the last 10 messages …). */
export function auditInputsFor(input: CompactionInput): SummaryAuditInputs {
  const messages = input.messages.filter((m) => !isRuntimeContextMessage(m));
  const prefix = (input.turnPrefixMessages ?? []).filter((m) => !isRuntimeContextMessage(m));
  const oracle = [...messages, ...prefix];
  const splitAsk = prefix.length > 0 ? extractLatestUserAsk(prefix) : null;
  const out: SummaryAuditInputs = {
    identifiers: extractOpaqueIdentifiers(
      oracle
        .slice(-10)
        .map(extractMessageText)
        .filter(Boolean)
        .join('\n'),
    ),
    latestAsk: splitAsk ?? extractLatestUserAsk(messages),
    splitAsk,
  };
  if (input.latestUnresolvedUserRequest) out.latestUnresolvedUserRequest = input.latestUnresolvedUserRequest;
  return out;
}

export interface MechanicalSummary {
  /** The text to store as the compaction entry's `summary` (≤ maxChars). */
  summary: string;
  /** The structured part (required headings + seed sections). */
  body: string;
  /** Split-turn context, preserved turns, tool failures, file tags, workspace rules. */
  suffix: string;
  /** The split-turn section alone ('' when the turn is not split). */
  splitTurnSection: string;
  /** For the compaction entry's `details`. */
  details: { readFiles: string[]; modifiedFiles: string[] };
  facts: CompactionFacts;
  /** Items left out of each section for lack of room. */
  omitted: Record<string, number>;
  auditInputs: SummaryAuditInputs;
  /** Body or suffix had to be shortened. */
  truncated: boolean;
  /** False when the audited identifiers and the latest ask alone exceed the cap (the audit then fails). */
  feasible: boolean;
}

interface SectionPlan {
  heading: string;
  empty: string;
  fixed: string[];
  items: Array<{ text: string; order: number }>;
  chosen: Set<number>;
}

/** A file path on one line for display. */
function displayPath(p: string): string {
  return oneLine(p).trim();
}

function splitTurnSection(prefix: readonly AgentMessage[], splitAsk: string | null): string {
  const early: string[] = [];
  let context = '';
  for (const m of prefix) {
    if (m.role === 'assistant' && m.provider !== 'openclaw') {
      const text = extractMessageText(m);
      if (text) {
        early.push(`- ${item(text, 200)}`);
        context = `- ${item(text, 300)}`;
      }
      for (const c of extractToolCalls(m)) {
        const block = (m.content as unknown[]).find((b) => isObj(b) && b.id === c.id) as Json | undefined;
        early.push(`- ${item(`${c.name ?? 'tool'}(${block ? stringifyCompactionValue(block.arguments ?? {}) : ''})`, 200)}`);
      }
    } else if (m.role === 'toolResult') {
      const text = extractMessageText(m);
      const name = typeof m.toolName === 'string' && m.toolName.trim() ? m.toolName : 'tool';
      context = `- ${item(`${name}${m.isError === true ? ' failed' : ''}: ${text || '(no output)'}`, 300)}`;
    }
  }
  const lines = [
    SPLIT_TURN_SECTION_HEADING,
    '',
    '### Original Request',
    splitAsk ? `- ${item(splitAsk, 600)}` : `- ${EMPTY}`,
    '### Early Progress',
    ...(early.length > 0 ? early.slice(-12) : [`- ${EMPTY}`]),
    '### Context for Suffix',
    context || `- ${EMPTY}`,
  ];
  return capCompactionSummary(lines.join('\n'), MAX_SPLIT_TURN_CONTEXT_CHARS);
}

function workspaceRulesSection(rules: string | undefined): string {
  const text = neutralizeSummaryHeadings(rules?.trim() ?? '');
  if (!text) return '';
  const body = text.length > MAX_WORKSPACE_RULES_CHARS ? `${truncateUtf16Safe(text, MAX_WORKSPACE_RULES_CHARS)}\n...[truncated]...` : text;
  return `\n\n<workspace-critical-rules>\n${body}\n</workspace-critical-rules>`;
}

/** The compaction's file lists: `fileOps` when given, else OpenClaw's rule over the messages plus a non-hook previous compaction's lists. */
export function compactionFileLists(input: CompactionInput): { readFiles: string[]; modifiedFiles: string[] } {
  if (input.fileOps) return { readFiles: [...input.fileOps.readFiles], modifiedFiles: [...input.fileOps.modifiedFiles] };
  const ops = createFileOps();
  const prev = input.previousDetails;
  if (prev && Array.isArray(prev.readFiles)) for (const f of prev.readFiles) if (typeof f === 'string') ops.read.add(f);
  if (prev && Array.isArray(prev.modifiedFiles)) for (const f of prev.modifiedFiles) if (typeof f === 'string') ops.edited.add(f);
  for (const m of [...input.messages, ...(input.turnPrefixMessages ?? [])]) if (isObj(m)) extractFileOpsFromMessage(m, ops);
  return computeFileLists(ops);
}

/**
 * What OpenClaw appends after the summary body, in its order: the split-turn section (given), the
 * recent turns verbatim, tool failures, file tags, workspace rules. Uncapped (≤ about 20,000 chars).
 */
export function buildSummarySuffix(input: CompactionInput, splitSection: string, details: { readFiles: readonly string[]; modifiedFiles: readonly string[] }): string {
  const messages = input.messages.filter((m) => isObj(m) && !isRuntimeContextMessage(m));
  const prefix = (input.turnPrefixMessages ?? []).filter((m) => isObj(m) && !isRuntimeContextMessage(m));
  const preserved = splitPreservedRecentTurns(messages, input.recentTurnsPreserve ?? DEFAULT_RECENT_TURNS_PRESERVE).preservedMessages;
  return [
    splitSection ? `\n\n${splitSection}` : '',
    buildPreservedTurnsSection(preserved),
    formatToolFailuresSection(collectToolFailures([...messages, ...prefix])),
    formatFileOperations(details.readFiles.map(displayPath), details.modifiedFiles.map(displayPath)),
    workspaceRulesSection(input.workspaceRules),
  ].join('');
}

/**
 * Fit a body written elsewhere (a model's) and a suffix into `maxChars` as OpenClaw does: the body
 * keeps at least half (cut with `[Compaction summary truncated to fit budget]`), the suffix its tail.
 */
export function fitSummary(body: string, suffix: string, maxChars = MAX_COMPACTION_SUMMARY_CHARS): { summary: string; body: string; suffix: string; truncated: boolean } {
  if (body.length + suffix.length <= maxChars) return { summary: body + suffix, body, suffix, truncated: false };
  const bodySlot = Math.min(body.length, Math.max(Math.ceil(maxChars / 2), maxChars - suffix.length));
  const cappedBody = capCompactionSummary(body, bodySlot);
  const cappedSuffix = capCompactionSuffix(suffix, Math.max(0, maxChars - cappedBody.length));
  return { summary: cappedBody + cappedSuffix, body: cappedBody, suffix: cappedSuffix, truncated: true };
}

/**
 * The mechanical compaction summary: OpenClaw's five sections, seed 000's done / key files / current
 * task, then (as OpenClaw appends them) the split-turn context, the recent turns verbatim, tool
 * failures, `<read-files>` / `<modified-files>` and workspace rules; ≤ `maxChars` (16,000).
 *
 * When everything does not fit, the body keeps at least half the budget (OpenClaw's rule) and is
 * filled by priority — pending asks, the last reply, open TODOs, decisions, constraints, key files,
 * identifiers, done — newest first, ten per kind before any kind gets more; the suffix keeps its tail.
 * Always kept: the headings, the audited identifiers, the latest ask, the unresolved-request line.
 */
export function buildMechanicalSummary(input: CompactionInput): MechanicalSummary {
  const maxChars = Math.max(1, Math.floor(input.maxChars ?? MAX_COMPACTION_SUMMARY_CHARS));
  const prefix = (input.turnPrefixMessages ?? []).filter((m) => isObj(m) && !isRuntimeContextMessage(m));
  const messages = input.messages.filter((m) => isObj(m) && !isRuntimeContextMessage(m));
  const audit = auditInputsFor(input);
  const facts = extractCompactionFacts([...messages, ...prefix], input.previousSummary);

  const details = compactionFileLists(input);
  const splitSection = prefix.length > 0 ? splitTurnSection(prefix, audit.splitAsk) : '';
  const fullSuffix = buildSummarySuffix(input, splitSection, details);

  // ------------------------------------------------------------------ body sections
  const askLine = audit.latestAsk ? `- Latest ask: ${oneLineAskContext(audit.latestAsk)}` : '';
  const auditedRaw = new Map<string, string>();
  const oracleText = [...messages, ...prefix]
    .slice(-10)
    .map(extractMessageText)
    .filter(Boolean)
    .join('\n');
  for (const c of opaqueIdentifierCandidates(oracleText, MAX_EXTRACTED_IDENTIFIERS)) auditedRaw.set(c.normalized, c.raw);
  const auditedLines = audit.identifiers.map((n) => `- ${auditedRaw.get(n) ?? n}`); // no whitespace in them: verbatim
  const auditedSet = new Set(audit.identifiers);

  const plan = (heading: string, empty: string, fixed: string[], texts: string[]): SectionPlan => ({
    heading,
    empty,
    fixed,
    items: texts.map((text, order) => ({ text, order })),
    chosen: new Set<number>(),
  });
  const answered = facts.asks.filter((a) => a.answered && a.index < messages.length); // the split turn is still running
  const done = [
    ...facts.carriedDone.map((d) => `- ${d}`),
    ...answered.map((a) => `- [x] ${item(a.text, 120)} → ${item(a.answer ?? '', 100)}`),
    ...facts.closedTodos.map((t) => `- [x] ${item(t, 160)}`),
  ];
  // Seed 000: at most 8 key files — modified first, then read, then carried, then paths mentioned.
  const keyFiles: string[] = [];
  const keySeen = new Set<string>();
  const addKey = (p: string, note: string) => {
    const d = displayPath(p);
    if (!d || keySeen.has(d) || keyFiles.length >= KEY_FILES_MAX) return;
    keySeen.add(d);
    keyFiles.push(note ? `- ${d} (${note})` : `- ${d}`);
  };
  for (const p of [...details.modifiedFiles, ...facts.toolModifiedFiles]) addKey(p, 'modified');
  for (const p of [...details.readFiles, ...facts.toolReadFiles]) addKey(p, 'read');
  for (const k of facts.carriedKeyFiles) if (keyFiles.length < KEY_FILES_MAX && !keySeen.has(k.replace(/ \((?:modified|read)\)$/, ''))) keyFiles.push(`- ${k}`);
  for (const f of facts.identifiers) if (f.kind === 'path') addKey(f.value, '');
  const pendingFixed = input.latestUnresolvedUserRequest ? [formatLatestUserRequestContext(input.latestUnresolvedUserRequest)] : [];
  const sections: SectionPlan[] = [
    plan('## Decisions', EMPTY, [], facts.decisions.map((d) => `- ${d}`)),
    plan('## Open TODOs', EMPTY, [], facts.todos.map((t) => `- ${item(t, 200)}`)),
    plan('## Constraints/Rules', EMPTY, [], facts.constraints.map((c) => `- ${c}`)),
    plan(
      '## Pending user asks',
      EMPTY,
      pendingFixed,
      facts.pendingAsks.map((a) => `- ${a}`),
    ),
    plan(
      '## Exact identifiers',
      EMPTY_IDENTIFIERS,
      auditedLines,
      [...new Set([...facts.carriedIdentifiers, ...facts.identifiers.map((f) => f.value)])]
        .filter((v) => !auditedSet.has(isPureHex(v) ? v.toUpperCase() : v))
        .map((v) => `- ${oneLine(v)}`),
    ),
    plan('## Done', EMPTY, [], done),
    plan('## Key files', EMPTY, [], keyFiles),
    plan('## Current task', EMPTY, askLine ? [askLine] : [], facts.lastReply ? [`- Last reply: ${item(facts.lastReply, 200)}`] : []),
  ];
  const [decisions, todos, constraints, pending, identifiers, doneS, keys, current] = sections as [SectionPlan, SectionPlan, SectionPlan, SectionPlan, SectionPlan, SectionPlan, SectionPlan, SectionPlan];

  const sectionLength = (s: SectionPlan, extra = 0) => {
    const lines = s.fixed.length + s.chosen.size;
    let len = s.heading.length + 1;
    if (lines === 0) return len + s.empty.length + extra;
    for (const f of s.fixed) len += f.length + 1;
    for (const i of s.chosen) len += s.items[i]!.text.length + 1;
    return len - 1 + extra;
  };
  const bodyLength = () => sections.reduce((n, s) => n + sectionLength(s), 0) + 2 * (sections.length - 1);
  const minimumBody = bodyLength();

  // Budget split: body ≥ half the cap (OpenClaw's floor), the suffix gets the rest, the body the remainder.
  const OVERFLOW_RESERVE = 24 * sections.length;
  const bodyFloor = Math.min(maxChars, Math.max(Math.ceil(maxChars / 2), minimumBody));
  let suffix = fullSuffix;
  const fullOptional = sections.reduce((n, s) => n + s.items.reduce((m, it) => m + it.text.length + 1, 0), 0);
  const bodyWanted = minimumBody + fullOptional + OVERFLOW_RESERVE;
  if (bodyWanted + suffix.length > maxChars) {
    const bodySlot = Math.min(Math.max(bodyWanted, bodyFloor), Math.max(bodyFloor, maxChars - suffix.length));
    suffix = capCompactionSuffix(suffix, Math.max(0, maxChars - Math.min(bodySlot, bodyWanted)));
  }
  const bodyBudget = maxChars - suffix.length;

  // Fill: ten newest per kind in priority order, then the rest in the same order.
  const tiers: Array<{ s: SectionPlan; newestFirst: boolean }> = [
    { s: pending, newestFirst: false },
    { s: current, newestFirst: true },
    { s: todos, newestFirst: true },
    { s: decisions, newestFirst: true },
    { s: constraints, newestFirst: true },
    { s: keys, newestFirst: false },
    { s: identifiers, newestFirst: true },
    { s: doneS, newestFirst: true },
  ];
  let length = minimumBody;
  const budgetForItems = bodyBudget - OVERFLOW_RESERVE;
  const tryAdd = (s: SectionPlan, i: number): void => {
    if (s.chosen.has(i)) return;
    const before = sectionLength(s);
    s.chosen.add(i);
    const delta = sectionLength(s) - before;
    if (length + delta > budgetForItems) s.chosen.delete(i);
    else length += delta;
  };
  for (const round of [10, Number.POSITIVE_INFINITY]) {
    for (const { s, newestFirst } of tiers) {
      const order = s.items.map((_, i) => i);
      if (newestFirst) order.reverse();
      let taken = 0;
      for (const i of order) {
        if (taken >= round) break;
        if (!s.chosen.has(i)) tryAdd(s, i);
        if (s.chosen.has(i)) taken++;
      }
    }
  }
  const omitted: Record<string, number> = {};
  let truncated = suffix.length < fullSuffix.length;
  const render = (s: SectionPlan) => {
    const lines = [...s.fixed, ...[...s.chosen].sort((a, b) => a - b).map((i) => s.items[i]!.text)];
    const left = s.items.length - s.chosen.size;
    if (left > 0) {
      omitted[s.heading.slice(3)] = left;
      truncated = true;
      lines.push(`- ...and ${left} more`);
    }
    return `${s.heading}\n${lines.length > 0 ? lines.join('\n') : s.empty}`;
  };
  let body = sections.map(render).join('\n\n');
  const feasible = minimumBody <= maxChars;
  if (body.length + suffix.length > maxChars) {
    // Only when the protected content alone is too large: cut, keeping as much as fits.
    suffix = capCompactionSuffix(suffix, Math.max(0, maxChars - body.length));
    if (body.length + suffix.length > maxChars) body = capCompactionSummary(body, maxChars - suffix.length);
    truncated = true;
  }
  return {
    summary: `${body}${suffix}`,
    body,
    suffix,
    splitTurnSection: splitSection,
    details,
    facts,
    omitted,
    auditInputs: audit,
    truncated,
    feasible,
  };
}

/** Audit a mechanical summary with the inputs OpenClaw's safeguard would use. */
export function auditMechanicalSummary(result: MechanicalSummary, lexicon?: AskOverlapLexicon): AuditResult {
  const p: AuditParams = {
    summary: result.summary,
    structuralSummary: result.body,
    sourceSummaries: [result.body, result.splitTurnSection].filter(Boolean),
    identifiers: result.auditInputs.identifiers,
    latestAsk: result.auditInputs.latestAsk,
  };
  if (result.auditInputs.latestUnresolvedUserRequest) p.latestUnresolvedUserRequest = result.auditInputs.latestUnresolvedUserRequest;
  if (result.auditInputs.splitAsk !== null) p.retainedTurnSummary = result.splitTurnSection;
  if (lexicon) p.lexicon = lexicon;
  return auditSummary(p);
}
