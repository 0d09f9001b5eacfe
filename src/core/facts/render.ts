/**
 * Facts as Markdown: one list line per fact, quoted verbatim (never cut), chosen by priority within a token
 * budget — decisions, rules, TODOs, identifiers not already quoted, tool findings, the artifact trail.
 */
import { estimateStringChars } from '../tokens/openclaw';
import { oneLine } from '../transcript/text';
import { type ArtifactFact, type ExtractedFacts, type RenderFactsOptions } from './types';

/** One Markdown list line per fact, per group, in the order found. */
export interface FactLines {
  decisions: string[];
  todos: string[];
  rules: string[];
  identifiers: string[];
  toolFacts: string[];
  artifacts: string[];
}

export type FactGroup = keyof FactLines;

/** Groups in the order they are filled. */
export const FACT_PRIORITY: readonly FactGroup[] = ['decisions', 'rules', 'todos', 'identifiers', 'toolFacts', 'artifacts'];

export const FACT_HEADINGS: Record<FactGroup, string> = {
  decisions: 'Decisions',
  todos: 'Open TODOs',
  rules: 'Constraints/Rules',
  identifiers: 'Exact identifiers',
  toolFacts: 'Found by tools',
  artifacts: 'Artifact trail',
};

/** OpenClaw's token estimate of a string (CJK-weighted chars / 4). */
export function estimateTextTokens(s: string): number {
  return Math.ceil(estimateStringChars(s) / 4);
}

/** `src/a.ts — read, modified (read, edit)`. */
export function artifactLine(a: ArtifactFact): string {
  return `${oneLine(a.path)} — ${a.actions.join(', ')} (${a.tools.map(oneLine).join(', ')})`;
}

export function factLines(facts: ExtractedFacts): FactLines {
  // a finding that restates a stated fact (a decision read back from a document) is listed once, as that fact
  const stated = [...facts.decisions, ...facts.rules, ...facts.todos].map((f) => f.text);
  return {
    decisions: facts.decisions.map((d) => `- ${d.text}`),
    todos: facts.todos.map((t) => `- ${t.text}`),
    rules: facts.rules.map((r) => `- ${r.text}`),
    identifiers: facts.identifiers.map((i) => `- ${oneLine(i.value)}`),
    toolFacts: facts.toolFacts.filter((f) => !stated.some((t) => t.includes(f.text))).map((f) => `- ${oneLine(f.toolName)}: ${f.text}`),
    artifacts: facts.artifacts.map((a) => `- ${artifactLine(a)}`),
  };
}

/**
 * Which lines of each group fit in `budget` (cost units of `cost`), whole lines in priority order; an
 * identifier already quoted by a chosen line is not repeated. `headingCost` is paid once per used group.
 */
export function chooseFactLines(lines: FactLines, budget: number, cost: (s: string) => number, headingCost: (g: FactGroup) => number = () => 0): { chosen: FactLines; omitted: Record<FactGroup, number> } {
  const chosen: FactLines = { decisions: [], todos: [], rules: [], identifiers: [], toolFacts: [], artifacts: [] };
  const omitted: Record<FactGroup, number> = { decisions: 0, todos: 0, rules: 0, identifiers: 0, toolFacts: 0, artifacts: 0 };
  let used = 0;
  const quoted: string[] = [];
  for (const g of FACT_PRIORITY) {
    for (const line of lines[g]) {
      if (g === 'identifiers' && quoted.some((q) => q.includes(line.slice(2)))) continue;
      const c = cost(line) + (chosen[g].length === 0 ? headingCost(g) : 0);
      if (used + c > budget) {
        omitted[g]++;
        continue;
      }
      used += c;
      chosen[g].push(line);
      if (g !== 'identifiers') quoted.push(line);
    }
  }
  return { chosen, omitted };
}

/** The facts as Markdown within `budgetTokens`: whole lines only, by priority, `- …and N more` per group cut. */
export function renderFacts(facts: ExtractedFacts, budgetTokens: number, opts: RenderFactsOptions = {}): string {
  const est = opts.estimateTokens ?? estimateTextTokens;
  const hashes = '#'.repeat(opts.headingLevel ?? 2);
  const heading = (g: FactGroup) => `${hashes} ${FACT_HEADINGS[g]}`;
  const MORE_RESERVE = 8; // tokens of a `- …and N more` line
  const { chosen, omitted } = chooseFactLines(factLines(facts), Math.max(0, budgetTokens - MORE_RESERVE * 2), (s) => est(s) + 1, (g) => est(heading(g)) + 2);
  const blocks: string[] = [];
  for (const g of FACT_PRIORITY) {
    if (chosen[g].length === 0 && omitted[g] === 0) continue;
    const lines = [...chosen[g]];
    if (omitted[g] > 0) lines.push(`- …and ${omitted[g]} more`);
    blocks.push(`${heading(g)}\n${lines.join('\n')}`);
  }
  return blocks.join('\n\n');
}
