/**
 * What a summary must contain for each fact to count as kept: the decided clause, and separately its reason;
 * a TODO's action, condition and deadline; a rule's sentence; an identifier as written; a tool finding's
 * line; an artifact's path.
 */
import { artifactLine } from './render';
import { type ExtractedFacts, type FactCheck } from './types';

export function factChecks(facts: ExtractedFacts): FactCheck[] {
  const out: FactCheck[] = [];
  for (const d of facts.decisions) {
    out.push({ category: 'decision', label: d.text, strings: [d.what] });
    if (d.reason) out.push({ category: 'reason', label: `${d.what} — because ${d.reason}`, strings: [d.reason] });
  }
  for (const t of facts.todos) out.push({ category: 'todo', label: t.text, strings: t.strings });
  for (const r of facts.rules) out.push({ category: 'rule', label: r.text, strings: r.strings });
  for (const i of facts.identifiers) out.push({ category: 'identifier', label: i.value, strings: [i.value] });
  for (const f of facts.toolFacts) out.push({ category: 'toolFact', label: `${f.toolName}: ${f.text}`, strings: f.strings });
  for (const a of facts.artifacts) out.push({ category: 'artifact', label: artifactLine(a), strings: [a.path] });
  return out;
}
