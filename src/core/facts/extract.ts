import { type ExtractedFacts, type ExtractFactsOptions, type FactMessage } from './types';

/** The facts of `messages` (oldest first). */
export function extractFacts(messages: readonly FactMessage[], opts: ExtractFactsOptions = {}): ExtractedFacts {
  void messages;
  void opts;
  return { decisions: [], todos: [], rules: [], identifiers: [], toolFacts: [], artifacts: [] };
}

/** The facts of transcript entries (message, custom_message, branch_summary, compaction …), oldest first. */
export function extractFactsFromEntries(entries: readonly unknown[], opts: ExtractFactsOptions = {}): ExtractedFacts {
  void entries;
  return extractFacts([], opts);
}
