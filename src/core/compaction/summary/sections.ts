/**
 * The sections OpenClaw's safeguard appends after a summary: the recent turns kept verbatim, the split-turn
 * context, tool failures, and the cap of that suffix.
 */
import { type AgentMessage } from '../openclaw/estimate';
import { oneLine } from '../../transcript/text';
import { sliceUtf16Safe, truncateUtf16Safe } from '../openclaw/utf16';
import { classifyToolUseResultPairing, extractToolCalls, extractToolResultId } from '../openclaw/toolCalls';
import { CONTEXT_TRUNCATED_MARKER, extractMessageText, isObj, MAX_RECENT_TURN_TEXT_CHARS, MAX_RECENT_TURNS_PRESERVE, MAX_SPLIT_TURN_CONTEXT_CHARS, MAX_TOOL_FAILURE_CHARS, MAX_TOOL_FAILURES, neutralizeSummaryHeadings, PRESERVED_TURNS_HEADING, PRESERVED_TURNS_TRUNCATED_MARKER, textBlocks } from './contract';

/**
 * OpenClaw's split of the last `recentTurnsPreserve` user turns (their user, assistant and matching
 * tool-result messages) out of the messages to summarise; they are shown verbatim instead.
 */
export function splitPreservedRecentTurns(messages: readonly AgentMessage[], recentTurnsPreserve: number): { summarizableMessages: AgentMessage[]; preservedMessages: AgentMessage[] } {
  const turns = Math.min(MAX_RECENT_TURNS_PRESERVE, Math.max(0, Math.floor(Number.isFinite(recentTurnsPreserve) ? recentTurnsPreserve : 0)));
  if (turns <= 0) return { summarizableMessages: messages.slice(), preservedMessages: [] };
  const conv: number[] = [];
  messages.forEach((m, i) => {
    if (m.role === 'user' || m.role === 'assistant') conv.push(i);
  });
  if (conv.length === 0) return { summarizableMessages: messages.slice(), preservedMessages: [] };
  const users = conv.filter((i) => messages[i]!.role === 'user');
  const boundary = users.length >= turns ? users[users.length - turns] : undefined;
  const preserved = new Set(boundary === undefined ? users : conv.filter((i) => i >= boundary));
  if (boundary === undefined) {
    for (let k = conv.length - 1; k >= 0; k--) {
      preserved.add(conv[k]!);
      if (preserved.size >= turns * 2) break;
    }
  }
  const callIds = new Set<string>();
  for (const i of preserved) if (messages[i]!.role === 'assistant') for (const c of extractToolCalls(messages[i]!)) callIds.add(c.id);
  if (callIds.size > 0) {
    const first = conv.find((i) => preserved.has(i)) ?? messages.length;
    for (let i = first; i < messages.length; i++) {
      const m = messages[i]!;
      if (m.role !== 'toolResult') continue;
      const id = extractToolResultId(m);
      if (id && callIds.has(id)) preserved.add(i);
    }
  }
  const summarizableMessages: AgentMessage[] = [];
  const preservedMessages: AgentMessage[] = [];
  messages.forEach((m, i) => (preserved.has(i) ? preservedMessages : summarizableMessages).push(m));
  return { summarizableMessages, preservedMessages };
}

function nonTextPlaceholder(content: unknown): string | null {
  if (content == null || typeof content === 'string') return null;
  if (!Array.isArray(content)) return '[non-text content]';
  const counts = new Map<string, number>();
  for (const b of content) {
    if (!isObj(b)) continue;
    const type = typeof b.type === 'string' && b.type.trim() ? b.type : 'unknown';
    if (type === 'text') continue;
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  return counts.size > 0 ? `[non-text content: ${[...counts].map(([t, n]) => (n > 1 ? `${t} x${n}` : t)).join(', ')}]` : null;
}

/** `- User: …` / `- Assistant: …` / `- Tool result (<name>): …`, cut at 600 characters + `...`. */
function formatContextMessage(m: AgentMessage): string | null {
  let label: string;
  if (m.role === 'assistant') label = 'Assistant';
  else if (m.role === 'user') label = 'User';
  else if (m.role === 'toolResult') label = `Tool result (${typeof m.toolName === 'string' && m.toolName.trim() ? m.toolName : 'tool'})`;
  else return null;
  const rendered = [extractMessageText(m), nonTextPlaceholder(m.content)].filter(Boolean).join('\n');
  if (!rendered) return null;
  const text = rendered.length > MAX_RECENT_TURN_TEXT_CHARS ? `${truncateUtf16Safe(rendered, MAX_RECENT_TURN_TEXT_CHARS)}...` : rendered;
  return neutralizeSummaryHeadings(`- ${label}: ${text}`);
}

/** Segments: an assistant with its paired tool results, or one other message. Unpaired results are left out. */
function contextSegments(messages: readonly AgentMessage[]): string[] {
  const paired = pairToolResults(messages);
  const out: string[] = [];
  for (const m of messages) {
    if (m.role === 'toolResult') continue;
    const lines = [m, ...(paired.get(m) ?? [])].map(formatContextMessage).filter((l): l is string => !!l);
    if (lines.length > 0) out.push(lines.join('\n'));
  }
  return out;
}

/** For each assistant with tool calls, its results in call order (OpenClaw's pairing). */
function pairToolResults(messages: readonly AgentMessage[]): Map<AgentMessage, AgentMessage[]> {
  return new Map(classifyToolUseResultPairing(messages).frames.map((f) => [f.assistant, f.occurrences.flatMap((o) => (o.sourceResult ? [o.sourceResult] : []))]));
}

/** A heading plus segments; over `maxChars` it keeps the newest segments after a marker. */
export function formatBoundedContextSection(messages: readonly AgentMessage[], heading: string, maxChars: number, truncatedMarker: string): string {
  const segments = contextSegments(messages);
  if (segments.length === 0) return '';
  const complete = `${heading}\n${segments.join('\n')}`;
  if (complete.length <= maxChars) return complete;
  const prefix = `${heading}\n${truncatedMarker}`;
  const kept: string[] = [];
  let used = prefix.length;
  for (let i = segments.length - 1; i >= 0; i--) {
    const cost = segments[i]!.length + (kept.length > 0 ? 1 : 0);
    if (used + cost > maxChars) break;
    kept.unshift(segments[i]!);
    used += cost;
  }
  return `${prefix}${kept.join('\n')}`;
}

/** `\n\n## Recent turns preserved verbatim` + the preserved messages (≤ 8000 characters). */
export function buildPreservedTurnsSection(preserved: readonly AgentMessage[], maxChars = MAX_SPLIT_TURN_CONTEXT_CHARS): string {
  return formatBoundedContextSection(preserved, `\n\n${PRESERVED_TURNS_HEADING}`, maxChars, PRESERVED_TURNS_TRUNCATED_MARKER);
}

export interface ToolFailure {
  toolCallId: string;
  toolName: string;
  summary: string;
  meta?: string;
}

/** Failed tool results (`isError`), one per call id, text on one line cut at 240 characters. */
export function collectToolFailures(messages: readonly AgentMessage[]): ToolFailure[] {
  const out: ToolFailure[] = [];
  const seen = new Set<string>();
  for (const m of messages) {
    if (m.role !== 'toolResult' || m.isError !== true) continue;
    const id = typeof m.toolCallId === 'string' ? m.toolCallId : '';
    if (!id || seen.has(id)) continue;
    seen.add(id);
    const toolName = typeof m.toolName === 'string' && m.toolName.trim() ? m.toolName : 'tool';
    const d = isObj(m.details) ? m.details : undefined;
    const meta = [typeof d?.status === 'string' && d.status ? `status=${d.status}` : '', typeof d?.exitCode === 'number' && Number.isFinite(d.exitCode) ? `exitCode=${d.exitCode}` : ''].filter(Boolean).join(' ') || undefined;
    const text = textBlocks(m.content).join('\n').replace(/\s+/g, ' ').trim() || (meta ? 'failed' : 'failed (no output)');
    const summary = text.length > MAX_TOOL_FAILURE_CHARS ? `${truncateUtf16Safe(text, 237)}...` : text;
    out.push(meta ? { toolCallId: id, toolName, summary, meta } : { toolCallId: id, toolName, summary });
  }
  return out;
}

/** `\n\n## Tool Failures\n- <tool> (<meta>): <text>` for at most 8, then `- ...and N more`. */
export function formatToolFailuresSection(failures: readonly ToolFailure[]): string {
  if (failures.length === 0) return '';
  const lines = failures.slice(0, MAX_TOOL_FAILURES).map((f) => `- ${oneLine(f.toolName)}${f.meta ? ` (${oneLine(f.meta)})` : ''}: ${f.summary}`);
  if (failures.length > MAX_TOOL_FAILURES) lines.push(`- ...and ${failures.length - MAX_TOOL_FAILURES} more`);
  return `\n\n## Tool Failures\n${lines.join('\n')}`;
}

/** Keep the tail of a suffix within `maxChars`, after `[Earlier compaction context truncated …]`. */
export function capCompactionSuffix(suffix: string, maxChars: number): string {
  if (suffix.length <= maxChars) return suffix;
  if (maxChars <= 0) return '';
  if (maxChars < CONTEXT_TRUNCATED_MARKER.length) return sliceUtf16Safe(suffix, suffix.length - maxChars);
  const tail = maxChars - CONTEXT_TRUNCATED_MARKER.length;
  let start = suffix.length - tail;
  // Start at a line boundary when one is near, so no quoted line is cut mid-way.
  const nl = suffix.indexOf('\n', start);
  if (nl >= 0 && nl + 1 < suffix.length && nl - start < 200) start = nl + 1;
  let kept = sliceUtf16Safe(suffix, start);
  // A line cut in the middle could start with `## …`: demote that fragment only.
  if (start > 0 && suffix[start - 1] !== '\n') {
    const end = kept.indexOf('\n');
    kept = end < 0 ? neutralizeSummaryHeadings(kept) : neutralizeSummaryHeadings(kept.slice(0, end)) + kept.slice(end);
  }
  return tail > 0 ? `${CONTEXT_TRUNCATED_MARKER}${kept}` : CONTEXT_TRUNCATED_MARKER;
}

export { oneLine };
