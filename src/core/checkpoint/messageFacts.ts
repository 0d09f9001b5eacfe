/**
 * What the checkpoint tracker takes from the shared fact extraction (core/facts) for one message: decisions
 * (with their reasons), open items (TODOs with their conditions and deadlines) and learnings (the rules and
 * preferences the user stated). The extraction sits above this layer, so the caller passes it in
 * (`TrackerOptions.facts`, `EngineOptions.facts`, `CoordinatorOptions.facts`); compaction's
 * `checkpointFactExtractor` (core/compaction/summary/checkpoint.ts) is the one the extension and the CLI use.
 */

/** One user or assistant message in OpenClaw's AgentMessage shape (`role`, `content`). */
export type FactMessageLike = Record<string, unknown>;

export interface MessageFacts {
  decisions: string[];
  openItems: string[];
  learnings: string[];
}

export type MessageFactExtractor = (message: FactMessageLike) => MessageFacts;
