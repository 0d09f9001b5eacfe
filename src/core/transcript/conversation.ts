/**
 * Transcript entries (full JSON, openclaw-2026.9.6.md §4.1) as conversation events, and the thread
 * extraction of seed 001 §11.2 over a whole message list (the reference the incremental tracker is
 * tested against).
 */
import { entryTime } from '../store/time';
import { codePoints, flatten, gist, isSlashCommand, lastLineGist, messageText } from './text';

type Json = Record<string, unknown>;

export const GIST_CHARS = 120;
export const SUMMARY_CHARS = 100;
export const TOPIC_CHARS = 100;
/** An agent response longer than this (characters) makes the next user message a pivot (§11.2). */
export const LONG_RESPONSE_CHARS = 500;
/** A user reply shorter than this after a long response is decision-like (§7.2 Layer B). */
export const SHORT_REPLY_CHARS = 50;
export const DECISION_REPLY_CHARS = 50;
export const DECISION_CONTEXT_CHARS = 100;

export interface ToolCallInfo {
  id: string;
  name: string;
  args: unknown;
}

export type ConversationEvent =
  | { kind: 'session'; id: string; when: number }
  | { kind: 'user'; id: string; when: number; text: string }
  | { kind: 'command'; id: string; when: number; text: string }
  | { kind: 'agent'; id: string; when: number; text: string; toolCalls: ToolCallInfo[]; failed: boolean }
  | { kind: 'toolResult'; id: string; when: number; toolCallId: string; toolName: string; isError: boolean; text: string }
  | { kind: 'runFailed'; id: string; when: number }
  | { kind: 'compaction'; id: string; when: number; entry: Json }
  | { kind: 'reset'; id: string; when: number }
  | { kind: 'leaf'; id: string; when: number; targetId: string }
  | { kind: 'other'; id: string; when: number };

/** ms epoch of an entry (validated: an invalid date is 0); here for the modules that walk conversations. */
export { entryTime };

/** The first `max` characters of a tool result's text (error gists only need the start). */
function resultHead(content: unknown, max = 2000): string {
  if (typeof content === 'string') return content.slice(0, max);
  if (!Array.isArray(content)) return '';
  for (const b of content) if (b && typeof b === 'object' && (b as Json).type === 'text' && typeof (b as Json).text === 'string') return ((b as Json).text as string).slice(0, max);
  return '';
}

/** One transcript entry as a conversation event. Never throws on odd input. */
export function toEvent(raw: unknown): ConversationEvent {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { kind: 'other', id: '', when: 0 };
  const e = raw as Json;
  const id = typeof e.id === 'string' ? e.id : '';
  const when = entryTime(e);
  switch (e.type) {
    case 'session':
      return { kind: 'session', id, when };
    case 'compaction':
      return { kind: 'compaction', id, when, entry: e };
    case 'reset':
      return { kind: 'reset', id, when };
    case 'leaf':
      return typeof e.targetId === 'string' ? { kind: 'leaf', id, when, targetId: e.targetId } : { kind: 'other', id, when };
    case 'custom_message':
      // External notes are not the user talking; a failed run means the ask before it got no reply.
      return e.customType === 'run-failed-before-reply' ? { kind: 'runFailed', id, when } : { kind: 'other', id, when };
    case 'message':
      break;
    default:
      return { kind: 'other', id, when };
  }
  const m = e.message as Json | undefined;
  if (!m || typeof m !== 'object') return { kind: 'other', id, when };
  if (m.role === 'user') {
    const text = messageText(m.content);
    return isSlashCommand(text) ? { kind: 'command', id, when, text } : { kind: 'user', id, when, text };
  }
  if (m.role === 'assistant') {
    if (m.provider === 'openclaw') return { kind: 'other', id, when }; // OpenClaw's own notices: the model never sees them
    const toolCalls: ToolCallInfo[] = [];
    if (Array.isArray(m.content)) {
      for (const b of m.content as Json[]) {
        if (b && typeof b === 'object' && b.type === 'toolCall') toolCalls.push({ id: typeof b.id === 'string' ? b.id : '', name: String(b.name ?? '').slice(0, 200), args: b.arguments });
      }
    }
    const text = messageText(m.content);
    const failed = (m.stopReason === 'error' || m.stopReason === 'aborted') && !text.trim() && toolCalls.length === 0;
    return { kind: 'agent', id, when, text, toolCalls, failed };
  }
  if (m.role === 'toolResult') {
    return {
      kind: 'toolResult',
      id,
      when,
      toolCallId: typeof m.toolCallId === 'string' ? m.toolCallId : '',
      toolName: String(m.toolName ?? '').slice(0, 200),
      isError: m.isError === true,
      text: resultHead(m.content),
    };
  }
  return { kind: 'other', id, when };
}

export interface ThreadMessage {
  id: string;
  when: number;
  gist: string;
}

export interface ExtractedExchange {
  role: 'user' | 'agent';
  gist: string;
  id: string;
  when: number;
}

export interface ExtractedDecision {
  what: string;
  when: number;
  id: string;
}

export interface ExtractedThread {
  summary: string;
  topic: string;
  key_exchanges: ExtractedExchange[];
  decisions: ExtractedDecision[];
  userMessages: number;
}

/** A reply short enough to be decision-like (< 50 characters once whitespace is collapsed). */
export function isShortReply(text: string): boolean {
  return text.length < SHORT_REPLY_CHARS * 4 && codePoints(flatten(text)) < SHORT_REPLY_CHARS;
}

/** `"<reply>" — re: <last line of the response>` */
export function decisionText(reply: string, responseTail: string): string {
  const r = gist(reply, DECISION_REPLY_CHARS);
  return responseTail ? `${r} — re: ${responseTail}` : r;
}

export function threadSummary(first: string | undefined, last: string | undefined, sameMessage: boolean): string {
  if (first === undefined) return '';
  const a = gist(first, SUMMARY_CHARS);
  if (sameMessage || last === undefined) return a;
  return `${a} ... ${gist(last, SUMMARY_CHARS)}`;
}

/**
 * Pick the key exchanges (§11.2): the first user message, the last two user–agent pairs, then user
 * messages that followed a long response (newest first) until 8; returned in conversation order.
 */
export function selectExchanges(first: ExtractedExchange | undefined, pairs: ExtractedExchange[], pivots: ExtractedExchange[], cap = 8): ExtractedExchange[] {
  const chosen = new Map<string, ExtractedExchange>();
  const add = (x: ExtractedExchange) => {
    const k = `${x.role}:${x.id}`;
    if (!chosen.has(k) && chosen.size < cap) chosen.set(k, x);
  };
  if (first) add(first);
  for (const x of pairs) add(x);
  for (let i = pivots.length - 1; i >= 0; i--) add(pivots[i]!);
  return [...chosen.values()].sort((a, b) => a.when - b.when || order(a) - order(b));
}
const order = (x: ExtractedExchange) => (x.role === 'user' ? 0 : 1);

/**
 * §11.2 over a whole list of entries (oldest first): summary, key exchanges, and the decision-like
 * replies (a user message under 50 characters after an agent response over 500). The agent response
 * to a user message is the text of every assistant message up to the next user message; its gist is
 * the last one (the final answer).
 */
export function extractThread(entries: readonly unknown[]): ExtractedThread {
  const users: Array<{ id: string; when: number; text: string; responseChars: number; final?: { id: string; when: number; text: string } }> = [];
  const broken = new Set<number>(); // users whose preceding response was cut by a reset / new session
  for (const raw of entries) {
    const ev = toEvent(raw);
    if (ev.kind === 'reset' || ev.kind === 'session') broken.add(users.length);
    else if (ev.kind === 'user') users.push({ id: ev.id, when: ev.when, text: ev.text, responseChars: 0 });
    else if (ev.kind === 'agent' && ev.text.trim()) {
      const u = users[users.length - 1];
      if (u) {
        u.responseChars += codePoints(ev.text);
        u.final = { id: ev.id, when: ev.when, text: ev.text };
      }
    }
  }
  const ex = (role: 'user' | 'agent', id: string, when: number, text: string): ExtractedExchange => ({ role, id, when, gist: gist(text, GIST_CHARS) });
  const pivots: ExtractedExchange[] = [];
  const decisions: ExtractedDecision[] = [];
  for (let i = 1; i < users.length; i++) {
    const prev = users[i - 1]!;
    const u = users[i]!;
    if (prev.responseChars > LONG_RESPONSE_CHARS && !broken.has(i)) {
      pivots.push(ex('user', u.id, u.when, u.text));
      if (isShortReply(u.text)) decisions.push({ id: u.id, when: u.when, what: decisionText(u.text, prev.final ? lastLineGist(prev.final.text, DECISION_CONTEXT_CHARS) : '') });
    }
  }
  const pairs: ExtractedExchange[] = [];
  for (const u of users.slice(-2)) {
    pairs.push(ex('user', u.id, u.when, u.text));
    if (u.final) pairs.push(ex('agent', u.final.id, u.final.when, u.final.text));
  }
  const first = users[0] ? ex('user', users[0].id, users[0].when, users[0].text) : undefined;
  const last = users[users.length - 1];
  return {
    summary: threadSummary(users[0]?.text, last?.text, users.length === 1),
    topic: last ? gist(last.text, 100) : '',
    key_exchanges: selectExchanges(first, pairs, pivots),
    decisions,
    userMessages: users.length,
  };
}
