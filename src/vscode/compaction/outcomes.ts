// What the compaction commands return (the extension's tests and API read them).
import type * as vscode from 'vscode';
import type { CompactionPlan } from '../../core/compaction/plan';
import type { WriteResult } from '../../core/store/writeResult';

/** What Show What the Compaction Dropped opened (tests). */
export interface DroppedOutcome {
  uri: vscode.Uri;
  dropped: number;
  kept: number;
  /** from the command to the document shown */
  ms: number;
  /** finding what was dropped and writing the document (without VS Code opening it) */
  computeMs: number;
}

export interface CompactOutcome {
  status: 'compacted' | 'cancelled' | 'refused' | 'failed' | 'nothing';
  reason?: string;
  plan?: CompactionPlan;
  result?: WriteResult;
  before?: vscode.Uri;
  after?: vscode.Uri;
  report?: vscode.Uri;
  /** after a compaction: the L3 restore offer (resolves when the user answered it) */
  restoreOffer?: Promise<'restored' | 'cancelled' | 'refused' | 'declined'>;
  /** live mode: OpenClaw compacted through the Gateway (its own summary and figures, not our plan) */
  gateway?: { summary?: string; tokensBefore?: number; tokensAfter?: number; firstKeptEntryId?: string; summaryDoc?: vscode.Uri; error?: string; missingScope?: string };
}

export interface UndoOutcome {
  status: 'undone' | 'cancelled' | 'refused' | 'failed';
  reason?: string;
  result?: WriteResult;
  /** SQLite sessions, live: how the Gateway undid it */
  via?: 'rewind' | 'fork';
  /** the user message rewound to (sessions.rewind / sessions.fork entryId) */
  entryId?: string;
  /** the rewound message, returned to the editor by the Gateway */
  editorText?: string;
  /** fork: the new session's key */
  sessionKey?: string;
}
