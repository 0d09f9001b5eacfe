/**
 * OpenClaw's quality check of a compaction summary (`auditSummary`): required sections, opaque identifiers,
 * and the overlap with the latest user ask, with its reason codes.
 *
 * Deviation: OpenClaw's ask-overlap tokenizer drops stop words of seven languages and strips Korean particles.
 * Those word lists are not reproduced here; pass them as `lexicon` for an exact replica. Without them every
 * keyword counts, which only matters for asks made mostly of stop words; the mechanical summary quotes the ask
 * itself, so it passes either way.
 */
import { DEFAULT_SUMMARY_FALLBACK } from '../openclaw/summaryBudget';
import { isPureHex, opaqueIdentifierCandidates, summaryIncludesIdentifier } from '../../facts/opaque';
import { EMPTY, EMPTY_IDENTIFIERS, LATEST_USER_REQUEST_CONTEXT_LABEL, MAX_ASK_OVERLAP_TOKENS, MAX_EXTRACTED_IDENTIFIERS, MIN_ASK_OVERLAP_TOKENS_FOR_DOUBLE_MATCH, REQUIRED_SUMMARY_SECTIONS } from './contract';

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

export { isPureHex, opaqueIdentifierCandidates, summaryIncludesIdentifier };

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
