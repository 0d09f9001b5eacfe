import { type ExtractedFacts, type FactCheck } from './types';

/** What a summary must contain for each fact to count as kept. */
export function factChecks(facts: ExtractedFacts): FactCheck[] {
  void facts;
  return [];
}
