/** Search Memory and Transcripts…: what to look for in an opened result, and safe quick-pick labels. */
import type { MemorySearchResult } from '../../core/memory/search/query';

/** A quick-pick label must not render `$(icon)` syntax from file or transcript text. */
export const noIcons = (s: string) => s.replace(/\$\(/g, '$\u200b(');

/** Where the best of `terms` occurs in `line` (case-insensitive; longer terms first), or undefined. */
export function locateTerm(line: string, terms: readonly string[]): { start: number; end: number } | undefined {
  const uniq = [...new Set(terms.map((x) => x.trim()).filter((x) => x.length > 0))].sort((a, b) => b.length - a.length);
  for (const t of uniq) {
    const m = new RegExp(t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'iu').exec(line);
    if (m) return { start: m.index, end: m.index + m[0].length };
  }
  return undefined;
}

/** The query's own words and identifiers (what to look for in the opened document, next to the engine's matched terms). */
export function queryTerms(query: string, r: MemorySearchResult): string[] {
  const words = query
    .split(/\s+/)
    .map((w) => w.replace(/^["'`(]+|["'`),.;:!?]+$/g, ''))
    .filter((w) => w.length >= 2);
  return [query.trim(), ...words, ...r.matchedTerms];
}
