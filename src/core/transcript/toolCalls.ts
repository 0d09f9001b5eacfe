/**
 * Tool calls and their results in a compaction's messages (OpenClaw 2026.9.6 `compaction-planning.ts`): the
 * call/result ids, the atomic groups (an assistant tool call never separated from its results), and the repair
 * of the pairing (results moved after their call, synthetic "missing tool result" messages for unanswered calls,
 * orphans and duplicates dropped).
 */
import { type AgentMessage, isObj } from '../tokens/openclaw';

const TOOL_CALL_TYPES = new Set(['toolCall', 'toolUse', 'functionCall']);
const RESULT_ID_KEYS = ['toolCallId', 'toolUseId', 'tool_call_id', 'tool_use_id', 'callId', 'call_id'] as const;

export interface ToolCallRef {
  id: string;
  name?: string;
}

/** The tool calls of an assistant message (blocks `toolCall`/`toolUse`/`functionCall` with an id). */
export function extractToolCalls(message: AgentMessage): ToolCallRef[] {
  if (!isObj(message) || !Array.isArray(message.content)) return [];
  const out: ToolCallRef[] = [];
  for (const b of message.content) {
    if (!isObj(b) || typeof b.type !== 'string' || !TOOL_CALL_TYPES.has(b.type) || typeof b.id !== 'string' || !b.id) continue;
    out.push(typeof b.name === 'string' ? { id: b.id, name: b.name } : { id: b.id });
  }
  return out;
}

/** The call id a tool result answers (first of `toolCallId`, `toolUseId`, … that is a non-empty string). */
export function extractToolResultId(message: AgentMessage): string | null {
  if (!isObj(message)) return null;
  for (const k of RESULT_ID_KEYS) {
    const v = message[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return null;
}

/** Pending call ids counted by occurrence (a provider may reuse an id). */
class PendingCalls {
  private readonly byId = new Map<string, number>();
  size = 0;
  add(id: string): void {
    this.byId.set(id, (this.byId.get(id) ?? 0) + 1);
    this.size++;
  }
  claim(id: string): boolean {
    const n = this.byId.get(id);
    if (!n) return false;
    if (n === 1) this.byId.delete(id);
    else this.byId.set(id, n - 1);
    this.size--;
    return true;
  }
  clear(): void {
    this.byId.clear();
    this.size = 0;
  }
}

/**
 * Atomic groups: a message alone, or an assistant with tool calls together with everything up to the
 * last of its results. An aborted/error assistant opens no group; a result without an id closes it.
 * Calls `visit(start, end, tokens)` per group.
 */
export function forEachMessageGroup(messages: readonly AgentMessage[], perMessage: readonly number[], visit: (start: number, end: number, tokens: number) => void): void {
  let start = 0;
  let tokens = 0;
  let pending = new PendingCalls();
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    tokens += perMessage[i] ?? 0;
    if (m.role === 'assistant') {
      pending = new PendingCalls();
      if (m.stopReason !== 'aborted' && m.stopReason !== 'error') for (const c of extractToolCalls(m)) pending.add(c.id);
    } else if (m.role === 'toolResult' && pending.size > 0) {
      const id = extractToolResultId(m);
      if (id) pending.claim(id);
      else pending.clear();
    }
    if (pending.size === 0) {
      visit(start, i + 1, tokens);
      start = i + 1;
      tokens = 0;
    }
  }
  if (start < messages.length) visit(start, messages.length, tokens);
}

/** Greedy chunks of whole groups: a new chunk starts when the next group would push it over `maxTokens`. */
export function chunkMessageGroups(messages: readonly AgentMessage[], maxTokens: number, perMessage: readonly number[], maxChunks = Number.POSITIVE_INFINITY): AgentMessage[][] {
  const chunks: AgentMessage[][] = [];
  let chunkStart = 0;
  let current = 0;
  forEachMessageGroup(messages, perMessage, (start, _end, tokens) => {
    if (start > chunkStart && chunks.length < maxChunks - 1 && current + tokens > maxTokens) {
      chunks.push(messages.slice(chunkStart, start));
      chunkStart = start;
      current = 0;
    }
    current += tokens;
  });
  if (chunkStart < messages.length) chunks.push(messages.slice(chunkStart));
  return chunks;
}

export const SYNTHETIC_MISSING_TOOL_RESULT_DETAIL_KEY = 'openclawSyntheticMissingToolResult';
export const DEFAULT_MISSING_TOOL_RESULT_TEXT = '[openclaw] missing tool result in session history; inserted synthetic error result for transcript repair.';

/** A tool result OpenClaw inserted for a call that had none. */
export function isSyntheticMissingToolResult(m: AgentMessage): boolean {
  if (m.isError !== true) return false;
  if (isObj(m.details) && m.details[SYNTHETIC_MISSING_TOOL_RESULT_DETAIL_KEY] === true) return true;
  return Array.isArray(m.content) && m.content.some((b) => isObj(b) && b.type === 'text' && b.text === DEFAULT_MISSING_TOOL_RESULT_TEXT);
}

function makeMissingToolResult(toolCallId: string, toolName: string | undefined): AgentMessage {
  return {
    role: 'toolResult',
    toolCallId,
    toolName: toolName ?? 'unknown',
    content: [{ type: 'text', text: DEFAULT_MISSING_TOOL_RESULT_TEXT }],
    details: { [SYNTHETIC_MISSING_TOOL_RESULT_DETAIL_KEY]: true, reason: 'missing_tool_result' },
    isError: true,
    timestamp: Date.now(),
  };
}

const trimmedOrUndefined = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

function normalizeToolResultName(m: AgentMessage, fallback: string | undefined): AgentMessage {
  const raw = m.toolName;
  const name = trimmedOrUndefined(raw);
  if (name) return raw === name ? m : { ...m, toolName: name };
  const fb = trimmedOrUndefined(fallback);
  if (fb) return { ...m, toolName: fb };
  return typeof raw === 'string' ? { ...m, toolName: 'unknown' } : m;
}

/** A result without an id answers the single call of its assistant (when the names agree); it is then an error. */
function normalizeLegacyToolResultId(m: AgentMessage, calls: readonly ToolCallRef[]): AgentMessage {
  if (extractToolResultId(m) || calls.length !== 1) return m;
  const call = calls[0]!;
  const resultName = trimmedOrUndefined(m.toolName);
  const callName = trimmedOrUndefined(call.name);
  if (resultName && callName && resultName !== callName) return m;
  return { ...m, toolCallId: call.id, isError: true };
}

export interface ToolCallOccurrence {
  id: string;
  name?: string;
  /** The (name-normalised) result answering it. */
  result?: AgentMessage;
  /** The input message that result came from. */
  sourceResult?: AgentMessage;
  sourceIndex?: number;
}

export interface ToolFrame {
  startIndex: number;
  endIndex: number;
  assistant: AgentMessage;
  /** Non-result messages between the assistant and the next assistant with calls. */
  remainder: AgentMessage[];
  occurrences: ToolCallOccurrence[];
  /** The assistant ended in error/abort: its calls get no synthetic results. */
  failed: boolean;
}

/**
 * OpenClaw's call/result ownership: each assistant with tool calls opens a frame up to the next one;
 * results in its frame answer its calls by id (by occurrence), a later result answers an earlier
 * unanswered call when exactly one matches; duplicates and results answering nothing are dropped.
 */
export function classifyToolUseResultPairing(messages: readonly AgentMessage[]): { frames: ToolFrame[]; dropped: Array<{ message: AgentMessage; index: number }>; droppedOrphanCount: number; droppedDuplicateCount: number } {
  const starts: number[] = [];
  messages.forEach((m, i) => {
    if (m.role === 'assistant' && extractToolCalls(m).length > 0) starts.push(i);
  });
  const dropped: Array<{ message: AgentMessage; index: number }> = [];
  let droppedOrphanCount = 0;
  let droppedDuplicateCount = 0;
  const unresolved = new Map<string, ToolCallOccurrence[]>();
  const frames: ToolFrame[] = [];
  starts.forEach((startIndex, f) => {
    const assistant = messages[startIndex]!;
    const calls = extractToolCalls(assistant);
    const occurrences: ToolCallOccurrence[] = calls.map((c) => (c.name !== undefined ? { id: c.id, name: c.name } : { id: c.id }));
    const endIndex = starts[f + 1] ?? messages.length;
    const remainder: AgentMessage[] = [];
    const unclaimed: Array<{ result: AgentMessage; source: AgentMessage; index: number; id: string | null }> = [];
    const synthetic = new Map<string, ToolCallOccurrence[]>();
    for (let i = startIndex + 1; i < endIndex; i++) {
      const m = messages[i]!;
      if (!isObj(m)) continue;
      if (m.role !== 'toolResult') {
        remainder.push(m);
        continue;
      }
      const normalized = normalizeLegacyToolResultId(m, calls);
      const id = extractToolResultId(normalized);
      const occ = id ? occurrences.find((o) => o.id === id && !o.sourceResult) : undefined;
      if (occ) {
        occ.result = normalizeToolResultName(normalized, occ.name);
        occ.sourceResult = m;
        occ.sourceIndex = i;
        if (isSyntheticMissingToolResult(occ.result)) synthetic.set(occ.id, [...(synthetic.get(occ.id) ?? []), occ]);
        continue;
      }
      if (!id || !occurrences.some((o) => o.id === id)) {
        unclaimed.push({ result: normalized, source: m, index: i, id });
        continue;
      }
      droppedDuplicateCount++;
      const replaceable = !isSyntheticMissingToolResult(normalized) ? synthetic.get(id)?.shift() : undefined;
      if (replaceable) {
        if (replaceable.sourceResult) dropped.push({ message: replaceable.sourceResult, index: replaceable.sourceIndex ?? i });
        replaceable.result = normalizeToolResultName(normalized, replaceable.name);
        replaceable.sourceResult = m;
        replaceable.sourceIndex = i;
      } else dropped.push({ message: m, index: i });
    }
    for (const o of occurrences) if (!o.result || isSyntheticMissingToolResult(o.result)) unresolved.set(o.id, [...(unresolved.get(o.id) ?? []), o]);
    for (const u of unclaimed) {
      const candidates = u.id ? (unresolved.get(u.id) ?? []).filter((c) => !c.result || (isSyntheticMissingToolResult(c.result) && !isSyntheticMissingToolResult(u.result))) : [];
      if (candidates.length !== 1) {
        droppedOrphanCount++;
        dropped.push({ message: u.source, index: u.index });
        continue;
      }
      const c = candidates[0]!;
      if (c.result) {
        droppedDuplicateCount++;
        if (isSyntheticMissingToolResult(c.result) && c.sourceResult) dropped.push({ message: c.sourceResult, index: c.sourceIndex ?? u.index });
      }
      c.result = normalizeToolResultName(u.result, c.name);
      c.sourceResult = u.source;
      c.sourceIndex = u.index;
    }
    frames.push({ startIndex, endIndex, assistant, remainder, occurrences, failed: assistant.stopReason === 'error' || assistant.stopReason === 'aborted' });
  });
  return { frames, dropped, droppedOrphanCount, droppedDuplicateCount };
}

export interface ToolPairingRepair {
  messages: AgentMessage[];
  /** Synthetic results inserted for calls without one. */
  added: AgentMessage[];
  /** Orphaned and duplicate results removed, in input order. */
  discarded: AgentMessage[];
  droppedOrphanCount: number;
  droppedDuplicateCount: number;
}

/**
 * OpenClaw `repairToolUseResultPairing`: each assistant's results directly after it in call order,
 * a synthetic error result for a call left unanswered (not after an error/aborted assistant),
 * orphaned and duplicate results removed.
 */
export function repairToolUseResultPairing(messages: readonly AgentMessage[]): ToolPairingRepair {
  const { frames, dropped, droppedDuplicateCount, droppedOrphanCount: classifiedOrphans } = classifyToolUseResultPairing(messages);
  let droppedOrphanCount = classifiedOrphans;
  const discarded = dropped.slice();
  const out: AgentMessage[] = [];
  const added: AgentMessage[] = [];
  let cursor = 0;
  const pushUnframed = (end: number) => {
    for (; cursor < end; cursor++) {
      const m = messages[cursor]!;
      if (!isObj(m)) continue;
      if (m.role === 'toolResult') {
        droppedOrphanCount++;
        discarded.push({ message: m, index: cursor });
        continue;
      }
      out.push(m);
    }
  };
  for (const frame of frames) {
    pushUnframed(frame.startIndex);
    cursor = frame.endIndex;
    out.push(frame.assistant);
    for (const o of frame.occurrences) {
      if (o.result) out.push(o.result);
      else if (!frame.failed) {
        const missing = makeMissingToolResult(o.id, o.name);
        o.result = missing;
        added.push(missing);
        out.push(missing);
      }
    }
    out.push(...frame.remainder);
  }
  pushUnframed(messages.length);
  discarded.sort((a, b) => a.index - b.index);
  const changed = out.length !== messages.length || out.some((m, i) => m !== messages[i]);
  return { messages: changed ? out : messages.slice(), added, discarded: discarded.map((d) => d.message), droppedOrphanCount, droppedDuplicateCount };
}
