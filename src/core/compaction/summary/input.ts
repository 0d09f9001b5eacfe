/**
 * Transcript entries → the input of a compaction: the model-visible message of an entry, the branch to an
 * entry, and the messages to summarise, the split-turn prefix and the kept messages.
 */
import { type AgentMessage } from '../openclaw/estimate';
import { isObj, type Json } from './contract';

import { projectEntryMessage } from '../../transcript/agentMessage';

export { projectEntryMessage };

/** The entries from the root to `entryId` (parentId walk), oldest first; [] when the id is unknown. */
export function branchTo(entries: readonly unknown[], entryId: string): Json[] {
  const byId = new Map<string, Json>();
  for (const e of entries) if (isObj(e) && typeof e.id === 'string' && e.type !== 'session') byId.set(e.id, e);
  const out: Json[] = [];
  const seen = new Set<string>();
  let cur = byId.get(entryId);
  while (cur && !seen.has(cur.id as string)) {
    seen.add(cur.id as string);
    out.push(cur);
    cur = typeof cur.parentId === 'string' ? byId.get(cur.parentId) : undefined;
  }
  return out.reverse();
}

function isTurnStart(m: AgentMessage | undefined): boolean {
  if (!m) return false;
  if (m.role === 'custom') return !(isObj(m.details) && m.details.runtimeContextCarrier === true);
  return m.role === 'user' || m.role === 'bashExecution' || m.role === 'branchSummary' || m.role === 'compactionSummary';
}

export interface CompactionInput {
  /** History to summarise (pi `messagesToSummarize`). */
  messages: AgentMessage[];
  /** The start of a turn whose end is kept (split turn). */
  turnPrefixMessages?: AgentMessage[];
  /** The previous compaction's summary (re-distilled into this one). */
  previousSummary?: string;
  /** File lists to report; default: from the messages' tool calls (and `previousDetails`). */
  fileOps?: { readFiles: readonly string[]; modifiedFiles: readonly string[] };
  /** The previous compaction's `details` (its file lists are merged unless it came from a hook). */
  previousDetails?: { readFiles?: unknown; modifiedFiles?: unknown };
  /** A request the run will resume after compaction (OpenClaw's `latestUnresolvedUserRequest`). */
  latestUnresolvedUserRequest?: string;
  /** User turns kept verbatim under `## Recent turns preserved verbatim` (default 3, max 12, 0 = none). */
  recentTurnsPreserve?: number;
  /** Character cap of the whole summary (default 16,000). */
  maxChars?: number;
  /**
   * Token target of the summary (OpenClaw's estimate), within `maxChars`: default 2,000 for up to 30k
   * dropped tokens, 1/15 of them beyond (`summaryTargetTokens`); `Infinity` = the character cap only.
   */
  targetTokens?: number;
  /** AGENTS.md critical rules already extracted, shown as `<workspace-critical-rules>`. */
  workspaceRules?: string;
}

export interface EntriesCompactionInput extends CompactionInput {
  /** Messages that stay verbatim after the summary (from `firstKeptEntryId` on). */
  keptMessages: AgentMessage[];
  isSplitTurn: boolean;
  firstKeptEntryId: string;
}

/**
 * What a compaction with `firstKeptEntryId` on this branch summarises (pi `prepareCompaction`): from the
 * previous boundary (compaction: its first kept entry; reset: the entry after it) up to the cut, the
 * previous summary, and the split-turn prefix when the cut is not at a turn start. Undefined when the
 * id is not on the branch or nothing precedes it.
 */
export function compactionInputFromEntries(pathEntries: readonly unknown[], firstKeptEntryId: string): EntriesCompactionInput | undefined {
  const entries = pathEntries.filter(isObj);
  const cut = entries.findIndex((e) => e.id === firstKeptEntryId);
  if (cut < 0) return undefined;
  let boundaryStart = 0;
  let previous: Json | undefined;
  for (let i = cut - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.type === 'compaction') {
      previous = e;
      const kept = entries.findIndex((x) => x.id === e.firstKeptEntryId);
      boundaryStart = kept >= 0 && kept < i ? kept : i + 1;
      break;
    }
    if (e.type === 'reset') {
      boundaryStart = i + 1;
      break;
    }
  }
  const msg = (i: number) => (entries[i]!.type === 'compaction' ? undefined : projectEntryMessage(entries[i]));
  let turnStart = -1;
  if (!isTurnStart(msg(cut))) {
    for (let i = cut; i >= boundaryStart; i--) {
      if (isTurnStart(msg(i))) {
        turnStart = i;
        break;
      }
    }
  }
  const isSplitTurn = turnStart >= 0;
  const historyEnd = isSplitTurn ? turnStart : cut;
  const collect = (from: number, to: number) => {
    const out: AgentMessage[] = [];
    for (let i = from; i < to; i++) {
      const m = msg(i);
      if (m) out.push(m);
    }
    return out;
  };
  const messages = collect(boundaryStart, historyEnd);
  const turnPrefixMessages = isSplitTurn ? collect(turnStart, cut) : [];
  if (messages.length === 0 && turnPrefixMessages.length === 0) return undefined;
  const input: EntriesCompactionInput = { messages, turnPrefixMessages, keptMessages: collect(cut, entries.length), isSplitTurn, firstKeptEntryId };
  if (previous && typeof previous.summary === 'string') input.previousSummary = previous.summary;
  if (previous && previous.fromHook !== true && isObj(previous.details)) input.previousDetails = previous.details;
  return input;
}
