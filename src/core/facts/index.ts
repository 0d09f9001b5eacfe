/**
 * Fact extraction shared by compaction, checkpoints and memory flush (no vscode, no I/O).
 *
 *   extractFacts(messages, opts)       → ExtractedFacts     (OpenClaw AgentMessages, oldest first)
 *   extractFactsFromEntries(entries)   → ExtractedFacts     (transcript entries of a branch, oldest first)
 *   renderFacts(facts, budgetTokens)   → Markdown           (verbatim, by priority, never cut mid-sentence)
 *   factChecks(facts)                  → FactCheck[]        (what a summary must contain, for the quality report)
 */
export * from './types';
export { extractFacts, extractFactsFromEntries } from './extract';
export { renderFacts, factLines, type FactLines } from './render';
export { factChecks } from './checks';
