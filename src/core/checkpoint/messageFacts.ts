/**
 * What the checkpoint tracker takes from the shared fact extraction (core/facts, the same the compaction summary
 * and the memory flush use) for one user or agent message: decisions as stated (with their reasons), open items
 * (TODOs with their conditions and deadlines) and learnings (the rules and preferences the user stated).
 */
import { extractFacts, type FactMessage } from '../facts';

export interface MessageFacts {
  decisions: string[];
  openItems: string[];
  learnings: string[];
}

export function messageFacts(message: FactMessage): MessageFacts {
  const f = extractFacts([message]);
  return { decisions: f.decisions.map((d) => d.text), openItems: f.todos.map((t) => t.text), learnings: f.rules.map((r) => r.text) };
}
