/**
 * How good a compaction was: tokens before → after, the compression, and which facts of the dropped
 * messages the summary still holds — decisions, open TODOs, identifiers (paths, ids, URLs, hashes) and
 * user asks — as counts found vs kept plus the lists of what was lost.
 *
 * The facts are extracted from the dropped messages with the mechanical summary's own rules (summary/facts.ts,
 * language-agnostic); survival is literal, so it measures any summary (mechanical or a model's) the same
 * way: an identifier must appear as written (pure hex case-insensitively, as OpenClaw checks), a TODO
 * or decision by its text, an ask by its first 60 characters; case, width (NFKC) and whitespace ignored.
 */
import { codePoints, flatten } from '../transcript/text';
import { type AgentMessage, estimateMessagesTokens, type MessageEstimator, openclawEstimateTokens } from './openclaw/estimate';
import { summaryIncludesIdentifier } from './summary/audit';
import { extractCompactionFacts, type CompactionFacts, type IdentifierKind } from './summary/facts';

/** An ask is found in a summary by this many of its first characters (code points). */
export const ASK_MATCH_CHARS = 60;
/** Lists of lost items are cut at this length (the counts are always complete). */
export const DEFAULT_MAX_LISTED = 200;

export interface SurvivalCount {
  /** Distinct items in the dropped messages. */
  found: number;
  /** Of those, present in the summary. */
  kept: number;
  /** The ones missing (at most `maxListed`). */
  lost: string[];
}

export interface IdentifierSurvival extends SurvivalCount {
  byKind: Record<IdentifierKind, { found: number; kept: number }>;
}

export interface CompactionQualityReport {
  /** Estimated tokens of the messages in context before: dropped (with the previous summary) + kept. */
  tokensBefore: number;
  /** After: the summary (as OpenClaw's compaction-summary message) + kept. */
  tokensAfter: number;
  tokensSaved: number;
  /** the messages summarised, and the previous summary they start from (it leaves the context too) */
  droppedTokens: number;
  summaryTokens: number;
  keptTokens: number;
  /** tokensBefore / tokensAfter (2 = the context halved); Infinity when after is 0. */
  compressionRatio: number;
  /** droppedTokens / summaryTokens: how much smaller the summary is than what it replaces. */
  summaryRatio: number;
  /** 1 − after / before, in [−∞, 1]. */
  reduction: number;
  summaryChars: number;
  decisions: SurvivalCount;
  todos: SurvivalCount;
  identifiers: IdentifierSurvival;
  asks: SurvivalCount;
}

export interface QualityReportInput {
  /** Messages the compaction removed from the context (summarised or pruned). */
  dropped: readonly AgentMessage[];
  /** The summary that replaces them. */
  summary: string;
  /** Messages kept verbatim after the summary. */
  kept: readonly AgentMessage[];
  /** The summary the dropped range started from (its facts count as dropped too). */
  previousSummary?: string;
  /** Per-message estimate (default OpenClaw 2026.9.6's). */
  estimate?: MessageEstimator;
  maxListed?: number;
  /** `extractCompactionFacts(dropped, previousSummary)` when the caller already has it (the summary builder does) */
  facts?: CompactionFacts;
}

/** Text compared for survival: NFKC, lower case, whitespace collapsed, controls dropped. */
export function normalizeForMatch(s: string): string {
  return flatten(s.normalize('NFKC')).toLowerCase();
}

function firstCodePoints(s: string, n: number): string {
  if (codePoints(s) <= n) return s;
  return Array.from(s).slice(0, n).join('').trimEnd();
}

/** Decision/TODO text without the `…` of a cut gist: what must appear literally. */
function core(s: string): string {
  return normalizeForMatch(s.endsWith('…') ? s.slice(0, -1) : s);
}

function survival(items: readonly string[], present: (item: string) => boolean, maxListed: number): SurvivalCount {
  const distinct = [...new Set(items)];
  const lost = distinct.filter((i) => !present(i));
  return { found: distinct.length, kept: distinct.length - lost.length, lost: lost.slice(0, maxListed) };
}

/** Quality of one compaction. Counts derive from the dropped messages only. */
export function compactionQualityReport(input: QualityReportInput): CompactionQualityReport {
  const estimate = input.estimate ?? openclawEstimateTokens;
  const maxListed = input.maxListed ?? DEFAULT_MAX_LISTED;
  // the previous summary is in the context before and is replaced too: it counts as dropped
  const previousTokens = input.previousSummary ? estimate({ role: 'compactionSummary', summary: input.previousSummary }) : 0;
  const droppedTokens = estimateMessagesTokens(input.dropped, { estimate }) + previousTokens;
  const keptTokens = estimateMessagesTokens(input.kept, { estimate });
  const summaryTokens = estimate({ role: 'compactionSummary', summary: input.summary });
  const tokensBefore = droppedTokens + keptTokens;
  const tokensAfter = summaryTokens + keptTokens;

  const facts = input.facts ?? extractCompactionFacts(input.dropped, input.previousSummary);
  const norm = normalizeForMatch(input.summary);

  const decisions = survival(facts.decisions, (d) => norm.includes(core(d)), maxListed);
  const todos = survival(facts.todos, (t) => norm.includes(core(t)), maxListed);
  const asks = survival(
    facts.asks.map((a) => flatten(a.text)).filter(Boolean),
    (a) => norm.includes(normalizeForMatch(firstCodePoints(a, ASK_MATCH_CHARS))),
    maxListed,
  );

  const byKind: Record<IdentifierKind, { found: number; kept: number }> = { url: { found: 0, kept: 0 }, path: { found: 0, kept: 0 }, id: { found: 0, kept: 0 }, hash: { found: 0, kept: 0 } };
  const lostIds: string[] = [];
  for (const f of facts.identifiers) {
    const k = byKind[f.kind];
    k.found++;
    if (summaryIncludesIdentifier(input.summary, f.value)) k.kept++;
    else lostIds.push(f.value);
  }
  const idFound = facts.identifiers.length;
  return {
    tokensBefore,
    tokensAfter,
    tokensSaved: tokensBefore - tokensAfter,
    droppedTokens,
    summaryTokens,
    keptTokens,
    compressionRatio: tokensAfter > 0 ? tokensBefore / tokensAfter : Number.POSITIVE_INFINITY,
    summaryRatio: summaryTokens > 0 ? droppedTokens / summaryTokens : Number.POSITIVE_INFINITY,
    reduction: tokensBefore > 0 ? 1 - tokensAfter / tokensBefore : 0,
    summaryChars: input.summary.length,
    decisions,
    todos,
    identifiers: { found: idFound, kept: idFound - lostIds.length, lost: lostIds.slice(0, maxListed), byKind },
    asks,
  };
}
