/**
 * The facts of a conversation that a compaction, a checkpoint or a memory flush must not lose: decisions with
 * their reasons, open TODOs with their conditions and deadlines, rules / preferences / constraints, exact
 * identifiers, facts found by tools, and the artifact trail (every file read, created or modified, by tool).
 * Each fact keeps the exact sentence it was stated in (`text`): renderers quote it, the quality report looks
 * for it (and for `strings`, the short literal parts that must survive) in a summary.
 */

/** Where a fact was found: the message's index in the input, its role, and the tool of a tool result. */
export interface FactSource {
  index: number;
  role: 'user' | 'assistant' | 'toolResult' | 'custom' | 'summary';
  toolName?: string;
}

export interface FactBase {
  /** The sentence as stated (one line, whitespace collapsed, never cut). */
  text: string;
  /** The literal strings that make the fact (identifiers, the reason clause …); all must survive. */
  strings: string[];
  source: FactSource;
}

export interface DecisionFact extends FactBase {
  /** What was decided. */
  what: string;
  /** Why, when stated ("because …", "since …", "因为…", "理由は…"). */
  reason?: string;
}

export interface TodoFact extends FactBase {
  what: string;
  /** "if …", "when …", "once …", "如果…", "…たら". */
  condition?: string;
  /** "by Friday", "before 2026-12-01", "之前", "までに". */
  deadline?: string;
}

export type RuleKind = 'always' | 'never' | 'only' | 'must' | 'prefer' | 'constraint';

export interface RuleFact extends FactBase {
  kind: RuleKind;
}

export type IdentifierKind = 'route' | 'env' | 'hostPort' | 'url' | 'uuid' | 'hash' | 'ticket' | 'version' | 'path' | 'id';

export interface IdentifierFact {
  /** Verbatim; a route keeps its method (`POST /v1/orders`). */
  value: string;
  kind: IdentifierKind;
  source: FactSource;
}

export interface ToolFact extends FactBase {
  toolName: string;
  /** Its rank among the findings of its tool result (0: the result's best line). */
  rank: number;
}

export type ArtifactAction = 'read' | 'created' | 'modified';

export interface ArtifactFact {
  path: string;
  /** The strongest action seen (created > modified > read) and every tool that touched the file, in order. */
  action: ArtifactAction;
  actions: ArtifactAction[];
  tools: string[];
}

export interface ExtractedFacts {
  decisions: DecisionFact[];
  todos: TodoFact[];
  rules: RuleFact[];
  identifiers: IdentifierFact[];
  /** Best first: every result's best line (in the order found), then every result's second … */
  toolFacts: ToolFact[];
  artifacts: ArtifactFact[];
}

export interface ExtractFactsOptions {
  /** A previous summary: its facts (by the same rules over its lines) come first. */
  previousSummary?: string;
  /** Tool results are scanned for facts up to this many characters each (default 50,000). */
  toolResultScanChars?: number;
}

export interface RenderFactsOptions {
  /** Heading level of each group (default 2: `## Decisions` …; 3 inside a larger document). */
  headingLevel?: 2 | 3;
  /** Tokens of a rendered string (default: OpenClaw's chars/4 estimate). */
  estimateTokens?: (text: string) => number;
}

/** One fact as the quality report checks it: kept when every one of `strings` is in the summary or kept tail. */
export interface FactCheck {
  category: 'decision' | 'reason' | 'todo' | 'rule' | 'identifier' | 'toolFact' | 'artifact';
  /** What the report names when the fact is lost. */
  label: string;
  strings: string[];
}

/** A message as the compaction sees it (OpenClaw's AgentMessage shape). */
export type FactMessage = Readonly<Record<string, unknown>>;
