import { type ExtractedFacts, type RenderFactsOptions } from './types';

/** One Markdown list line per fact, per group, in priority order inside each group. */
export interface FactLines {
  decisions: string[];
  todos: string[];
  rules: string[];
  identifiers: string[];
  toolFacts: string[];
  artifacts: string[];
}

export function factLines(facts: ExtractedFacts): FactLines {
  void facts;
  return { decisions: [], todos: [], rules: [], identifiers: [], toolFacts: [], artifacts: [] };
}

/** The facts as Markdown within `budgetTokens`: whole lines only, by priority. */
export function renderFacts(facts: ExtractedFacts, budgetTokens: number, opts: RenderFactsOptions = {}): string {
  void facts;
  void budgetTokens;
  void opts;
  return '';
}
