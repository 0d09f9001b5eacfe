/**
 * How good a compaction was: tokens before → after, the compression, and which facts of the dropped
 * messages survive — decisions and, separately, their reasons; open TODOs (with condition and deadline);
 * rules; identifiers; facts found by tools; the artifact trail; user asks — as counts found vs kept, plus
 * every lost fact by name.
 *
 * The facts come from the shared extraction (src/core/facts) over the dropped messages. A fact counts as kept
 * only when every one of its exact strings is in the summary or in the kept tail: an identifier as written
 * (pure hex case-insensitively, as OpenClaw checks), text with case, width (NFKC), emphasis markers and
 * whitespace ignored. So it measures any summary (mechanical or a model's) the same way.
 */
import { codePoints, flatten } from '../transcript/text';
import { type AgentMessage, estimateMessagesTokens, type MessageEstimator, openclawEstimateTokens } from './openclaw/estimate';
import { summaryIncludesIdentifier } from './summary/audit';
import { extractCompactionFacts, type CompactionFacts } from './summary/facts';
import { type ExtractedFacts, factChecks, type FactCheck, type IdentifierKind } from '../facts';
import { identifierSourceText } from '../facts/messages';

/** An ask is found in a summary by this many of its first characters (code points). */
export const ASK_MATCH_CHARS = 60;
/** Lists of lost items are cut at this length (the counts are always complete). */
export const DEFAULT_MAX_LISTED = 200;

export interface SurvivalCount {
  /** Distinct items in the dropped messages. */
  found: number;
  /** Of those, present in the summary or the kept tail. */
  kept: number;
  /** The ones missing, by name (at most `maxListed`). */
  lost: string[];
}

export interface IdentifierSurvival extends SurvivalCount {
  byKind: Partial<Record<IdentifierKind, { found: number; kept: number }>>;
}

/** A fact the compaction lost: its category, its name, and which of its exact strings are missing. */
export interface LostFact {
  category: FactCheck['category'];
  label: string;
  missing: string[];
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
  /** The reasons of the decisions that state one (a decision can survive without its reason). */
  reasons: SurvivalCount;
  todos: SurvivalCount;
  rules: SurvivalCount;
  identifiers: IdentifierSurvival;
  toolFacts: SurvivalCount;
  artifacts: SurvivalCount;
  asks: SurvivalCount;
  /** All facts (every category but asks): found, kept. */
  factsFound: number;
  factsKept: number;
  /** Every lost fact by name, in category order (at most `maxListed`). */
  lost: LostFact[];
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

/** Text compared for survival: NFKC, lower case, emphasis markers (`*`, `_`, backticks) and controls dropped, whitespace collapsed. */
export function normalizeForMatch(s: string): string {
  return flatten(s.normalize('NFKC').replace(/[*_`]+/g, '')).toLowerCase();
}

function firstCodePoints(s: string, n: number): string {
  if (codePoints(s) <= n) return s;
  return Array.from(s).slice(0, n).join('').trimEnd();
}

function survival(items: readonly string[], present: (item: string) => boolean, maxListed: number): SurvivalCount {
  const distinct = [...new Set(items)];
  const lost = distinct.filter((i) => !present(i));
  return { found: distinct.length, kept: distinct.length - lost.length, lost: lost.slice(0, maxListed) };
}

const CATEGORIES: ReadonlyArray<FactCheck['category']> = ['decision', 'reason', 'todo', 'rule', 'identifier', 'toolFact', 'artifact'];

/**
 * Which facts survive in `summary` or `keptText`: per category found / kept / lost labels, and the lost facts
 * with their missing strings. Identifiers are compared as written; other strings normalised.
 */
export function factSurvival(facts: ExtractedFacts, summary: string, keptText = '', maxListed = DEFAULT_MAX_LISTED): { byCategory: Record<FactCheck['category'], SurvivalCount>; byKind: IdentifierSurvival['byKind']; lost: LostFact[]; found: number; kept: number } {
  const hay = `${normalizeForMatch(summary)}\n${normalizeForMatch(keptText)}`;
  const has = (c: FactCheck, s: string) => (c.category === 'identifier' ? summaryIncludesIdentifier(summary, s) || summaryIncludesIdentifier(keptText, s) : hay.includes(normalizeForMatch(s)));
  const byCategory = Object.fromEntries(CATEGORIES.map((c) => [c, { found: 0, kept: 0, lost: [] as string[] }])) as Record<FactCheck['category'], SurvivalCount>;
  const byKind: IdentifierSurvival['byKind'] = {};
  const kinds = new Map(facts.identifiers.map((i) => [i.value, i.kind]));
  const lost: LostFact[] = [];
  let found = 0;
  let kept = 0;
  for (const c of factChecks(facts)) {
    const missing = c.strings.filter((s) => !has(c, s));
    const cat = byCategory[c.category];
    cat.found++;
    found++;
    const k = c.category === 'identifier' ? kinds.get(c.strings[0]!) : undefined;
    if (k) byKind[k] = { found: (byKind[k]?.found ?? 0) + 1, kept: (byKind[k]?.kept ?? 0) + (missing.length === 0 ? 1 : 0) };
    if (missing.length === 0) {
      cat.kept++;
      kept++;
      continue;
    }
    if (cat.lost.length < maxListed) cat.lost.push(c.label);
    if (lost.length < maxListed) lost.push({ category: c.category, label: c.label, missing });
  }
  return { byCategory, byKind, lost, found, kept };
}

/** The text of kept messages as the model sees it (tool calls' arguments included). */
export function keptTailText(kept: readonly AgentMessage[]): string {
  return kept.map((m) => identifierSourceText(m, Number.MAX_SAFE_INTEGER)).join('\n');
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
  const keptText = keptTailText(input.kept);
  const s = factSurvival(facts.extracted, input.summary, keptText, maxListed);
  const norm = `${normalizeForMatch(input.summary)}\n${normalizeForMatch(keptText)}`;
  const asks = survival(
    facts.asks.map((a) => flatten(a.text)).filter(Boolean),
    (a) => norm.includes(normalizeForMatch(firstCodePoints(a, ASK_MATCH_CHARS))),
    maxListed,
  );
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
    decisions: s.byCategory.decision,
    reasons: s.byCategory.reason,
    todos: s.byCategory.todo,
    rules: s.byCategory.rule,
    identifiers: { ...s.byCategory.identifier, byKind: s.byKind },
    toolFacts: s.byCategory.toolFact,
    artifacts: s.byCategory.artifact,
    asks,
    factsFound: s.found,
    factsKept: s.kept,
    lost: s.lost,
  };
}

