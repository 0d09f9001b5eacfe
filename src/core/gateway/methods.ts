/**
 * The payloads of the Gateway methods and events this client uses (real responses: tour-out.json,
 * rewind-out.json in shared/openclaw-real-fixtures/gateway/; open-ended, extra fields kept). The frames they
 * travel in are in protocol.ts.
 */
/** A session row as sessions.list / sessions.describe / sessions.changed carry it. */
export interface SessionRow {
  key: string;
  sessionId?: string;
  kind?: string;
  classification?: string;
  agentId?: string;
  status?: string;
  totalTokens?: number;
  totalTokensFresh?: boolean;
  inputTokens?: number;
  outputTokens?: number;
  contextTokens?: number;
  compactionCount?: number;
  contextBudgetStatus?: Record<string, unknown>;
  hasActiveRun?: boolean;
  lastMessagePreview?: string;
  updatedAt?: number;
  previousSessionId?: string;
  [k: string]: unknown;
}

export interface SessionsListParams {
  limit?: number;
  offset?: number;
  [k: string]: unknown;
}
export interface SessionsListResult {
  ts?: number;
  path?: string;
  count: number;
  totalCount?: number;
  limitApplied?: number;
  nextOffset?: number | null;
  hasMore?: boolean;
  defaults?: { modelProvider?: string; model?: string; contextTokens?: number; [k: string]: unknown };
  sessions: SessionRow[];
  [k: string]: unknown;
}
export interface SessionsDescribeResult {
  session: SessionRow;
  [k: string]: unknown;
}
export interface SessionsSubscribeResult {
  subscribed: boolean;
  list?: SessionsListResult;
  [k: string]: unknown;
}
export interface SessionsMessagesSubscribeResult {
  subscribed: boolean;
  key: string;
  [k: string]: unknown;
}
export interface SessionsCompactParams {
  key: string;
  maxLines?: number;
  agentId?: string;
}
export interface SessionsCompactResult {
  ok: boolean;
  key: string;
  compacted: boolean;
  /** with maxLines and a short transcript: `{ok:true, compacted:false, kept:18}` */
  kept?: number;
  reason?: string;
  result?: {
    summary: string;
    firstKeptEntryId?: string;
    tokensBefore?: number;
    tokensAfter?: number;
    details?: { readFiles?: string[]; modifiedFiles?: string[] };
  };
  [k: string]: unknown;
}
export interface SessionsRewindParams {
  sessionKey: string;
  entryId: string;
  agentId?: string;
}
export interface SessionsRewindResult {
  editorText?: string;
  editorAttachments?: Array<{ mimeType: string; data: string }>;
}
export interface SessionsForkResult {
  sessionKey: string;
  editorText?: string;
  editorAttachments?: Array<{ mimeType: string; data: string }>;
}
export interface SessionsResetParams {
  key: string;
  reason?: 'reset' | 'new';
  agentId?: string;
  expectedSessionId?: string;
}
export interface SessionsResetResult {
  ok: boolean;
  key: string;
  entry?: Record<string, unknown> & { sessionId?: string; totalTokens?: number; compactionCount?: number };
  [k: string]: unknown;
}
export interface SessionBranch {
  leafEntryId: string;
  headline: string;
  messageCount: number;
  updatedAt?: string;
  active?: boolean;
}
export interface SessionsBranchesListResult {
  branches: SessionBranch[];
}
export interface ChatSendParams {
  sessionKey: string;
  message: string;
  /** default: a random UUID (the run id is the idempotency key) */
  idempotencyKey?: string;
  [k: string]: unknown;
}
export interface ChatSendResult {
  runId: string;
  status: string;
  [k: string]: unknown;
}
export interface ChatInjectParams {
  sessionKey: string;
  message: string;
  label?: string;
}
export interface ChatInjectResult {
  ok: boolean;
  messageId: string;
  [k: string]: unknown;
}
export interface ChatHistoryParams {
  sessionKey: string;
  limit?: number;
  [k: string]: unknown;
}
export interface ChatHistoryResult {
  sessionKey: string;
  sessionId?: string;
  messages: Array<Record<string, unknown>>;
  [k: string]: unknown;
}

// Events

/** `sessions.changed` (after sessions.subscribe): reason|phase ∈ participants, send, agent.run.started, start, model, end, agent.input.settled, message, compact, reset. */
export interface SessionsChangedEvent {
  sessionKey: string;
  agentId?: string;
  reason?: string;
  phase?: string;
  ts?: number;
  runId?: string;
  compacted?: boolean;
  session?: SessionRow;
  sessionId?: string;
  [k: string]: unknown;
}
/** `session.message` (after sessions.messages.subscribe). */
export interface SessionMessageEvent {
  sessionKey: string;
  agentId?: string;
  message: Record<string, unknown> & { role?: string; __openclaw?: { id?: string; seq?: number } };
  messageId?: string;
  messageSeq?: number;
  sessionId?: string;
  [k: string]: unknown;
}
/** `chat`: state status | delta | final | error. */
export interface ChatEvent {
  runId: string;
  sessionKey: string;
  seq?: number;
  state: string;
  message?: Record<string, unknown>;
  stopReason?: string;
  [k: string]: unknown;
}
/** `session.operation`: compact start/end. */
export interface SessionOperationEvent {
  operationId?: string;
  operation: string;
  phase: string;
  sessionKey: string;
  completed?: boolean;
  [k: string]: unknown;
}
