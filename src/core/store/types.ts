/**
 * Shared model of what we read from OpenClaw's stores. Both eras (SQLite, JSONL) produce the same
 * shapes: a session row (what `sessions.json` / `session_nodes.entry_json` holds) and a transcript
 * made of pi tree entries, which we keep as a compact index (`EntryMeta`) rather than in full.
 */

/** OpenClaw's SessionEntry, the subset we use. Unknown keys are kept in `raw`. */
export interface SessionRow {
  key: string;
  sessionId: string;
  updatedAt: number;
  displayName?: string;
  label?: string;
  model?: string;
  modelProvider?: string;
  totalTokens?: number;
  totalTokensFresh?: boolean;
  inputTokens?: number;
  outputTokens?: number;
  contextTokens?: number;
  compactionCount?: number;
  status?: string;
  contextBudgetStatus?: ContextBudgetStatus;
  systemPromptReport?: SystemPromptReport;
  memoryFlush?: { kind?: string; compactionCount?: number };
  memoryFlushCompactionCount?: number;
  parentSessionKey?: string;
  /** JSONL era: transcript path as stored (absolute or relative to the sessions dir). */
  sessionFile?: string;
}

export interface ContextBudgetStatus {
  estimatedPromptTokens?: number;
  contextTokenBudget?: number;
  promptBudgetBeforeReserve?: number;
  reserveTokens?: number;
  route?: string;
  shouldCompact?: boolean;
}

export interface SystemPromptReport {
  source?: string;
  systemPrompt?: { chars?: number; projectContextChars?: number; nonProjectContextChars?: number };
  injectedWorkspaceFiles?: Array<{ name?: string; path?: string; missing?: boolean; rawChars?: number; injectedChars?: number; truncated?: boolean }>;
  skills?: { promptChars?: number };
  tools?: { listChars?: number; schemaChars?: number };
  bootstrapMaxChars?: number;
  bootstrapTotalMaxChars?: number;
}

/** What kind of thing an entry contributes to the rebuilt context. */
export type EntryKind =
  | 'header'
  | 'message'
  | 'custom_message'
  | 'branch_summary'
  | 'compaction'
  | 'reset'
  | 'leaf'
  | 'state' // model_change, thinking_level_change, custom, label, session_info …: never in context
  | 'unknown';

/**
 * A compact index record of one transcript entry. Holds everything the context rebuild, the gauge and
 * the tree need, so the full JSON can be dropped after it is read. `pos` locates the full entry again
 * (SQLite `seq`, or the JSONL byte offset).
 */
export interface EntryMeta {
  id: string;
  parentId: string | null;
  type: string;
  kind: EntryKind;
  pos: number;
  bytes: number;
  /** ms epoch, 0 when unknown */
  timestamp: number;
  /** message role (user, assistant, toolResult, bashExecution, custom …) */
  role?: string;
  /** pi `estimateTokens` of the message this entry yields in context (0 when it yields none): OpenClaw's arithmetic. */
  tokens: number;
  /**
   * Calibrated-estimator tokens of that message for the session's tokenizer family (unscaled; see
   * context/calibration.ts). Computed while reading small deltas; after a cold read it is filled in
   * lazily, only for the entries that need it (the active context and the recent calls calibration
   * uses): see ContextModel.fillEstimates. Undefined until then.
   */
  est?: number;
  /** true when OpenClaw sends this entry to the model (false for provider "openclaw" rows). */
  modelVisible: boolean;
  /** assistant rows: `calculateContextTokens(usage)` when the usage is real (see tokens/pi.ts). */
  usageTokens?: number;
  /** assistant rows: the prompt side of the usage (input + cacheRead + cacheWrite), when real */
  promptTokens?: number;
  stopReason?: string;
  /** assistant rows that failed (stopReason "error"): the provider's error code and message (one line, clipped) */
  errorCode?: string;
  errorMessage?: string;
  provider?: string;
  model?: string;
  toolName?: string;
  /** short single-line text for views */
  preview: string;
  /** leaf entries */
  targetId?: string;
  /**
   * Indexed from OpenClaw's `navigation_json` projection without decompressing the row (cold reads of
   * zstd rows): structure, role and model are known; token figures, usage and preview are not until
   * the entry is loaded (ContextModel fills the entries that reach the context).
   */
  partial?: boolean;
  /** compaction entries */
  firstKeptEntryId?: string;
  tokensBefore?: number;
  tokensAfter?: number;
  /** compaction entries: who wrote it (store/entries.ts compactionOriginOf) */
  origin?: CompactionOrigin;
}

export type CompactionOrigin = 'openclaw-run' | 'openclaw' | 'pi' | 'external';

export interface Diagnostic {
  severity: 'info' | 'warning' | 'error';
  source: string;
  message: string;
}

export type DiagnosticSink = (d: Diagnostic) => void;

/** Result of reading new transcript events for one session. */
export interface TranscriptDelta {
  /** true when the previous index must be discarded (file shrank/replaced, rows rewritten) */
  reset: boolean;
  entries: EntryMeta[];
  cursor: TranscriptCursor;
  headerVersion?: number;
}

export type TranscriptCursor =
  | { kind: 'sqlite'; sessionId: string; lastSeq: number }
  | { kind: 'jsonl'; file: string; offset: number; ino: number; dev: number; lineNo: number; version: number; lastId: string | null }
  /** a remote Gateway's history (core/gateway/remoteStore.ts): `count` messages of history generation `generation` */
  | { kind: 'gateway'; key: string; generation: number; count: number };

export interface RowsDelta {
  /** true when every row was re-read (then rows not listed were removed) */
  full: boolean;
  rows: SessionRow[];
}

export interface ReadOptions {
  /** index every row in full (no navigation-only entries); for tools that need every figure */
  full?: boolean;
  /** called every `progressEvery` entries (default 256) with entries and bytes read so far */
  onProgress?: (entries: number, bytes: number) => void;
  progressEvery?: number;
}

/** One agent's session store. Read-only by construction. */
export interface SessionStore {
  readonly era: 'sqlite' | 'jsonl';
  readonly agentId: string;
  /**
   * Set for a remote Gateway's sessions (no local files; core/gateway/remoteStore.ts): the Gateway's URL,
   * without credentials. Nothing is ever written to such a store; actions go through that Gateway.
   */
  readonly remote?: string;
  /** the DB file or the sessions dir */
  readonly location: string;
  /** files a watcher should watch */
  watchPaths(): string[];
  /** Session rows. `full` re-reads all; otherwise only rows changed since the last call where the store can tell. */
  readRows(full: boolean): RowsDelta;
  /** Transcript entries after `cursor` (or all when `cursor` is undefined). */
  readTranscript(row: SessionRow, cursor: TranscriptCursor | undefined, opts?: ReadOptions): TranscriptDelta;
  /** Which of the given session ids have new transcript data since the last call (undefined = can't tell: check all). */
  changedSessions(): Set<string> | undefined;
  /** Full JSON of the given entries, for detail views. */
  loadEntries(row: SessionRow, metas: readonly EntryMeta[]): Array<Record<string, unknown> | undefined>;
  close(): void;
}

/** What kind of problem keeps a store from being read, when it is one a view explains on its own. */
export type StoreProblemKind = 'hot-journal';

export class StoreUnavailableError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
    readonly kind?: StoreProblemKind,
  ) {
    super(message);
    this.name = 'StoreUnavailableError';
  }
}
