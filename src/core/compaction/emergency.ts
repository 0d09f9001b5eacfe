/**
 * L5 — emergency trim (seed 000 "L5 — Emergency Trim"), for a `context_length_exceeded` error:
 *
 *   1. write the last assistant message's conclusion to `memories/context.md` (the only write of L5);
 *   2. drop the oldest 2 turns;
 *   3. repeat 2 until the context fits.
 *
 * The trim works on an in-memory message view (pi messages: `{role, content, …}`) and returns a new array
 * holding the same message objects; transcripts are never read or written here.
 *
 * - **Turns.** A `user` message starts a turn — except while a tool call of the current turn still waits
 *   for its result (a steering message between a call and its result stays in the call's turn), so a
 *   tool call is never separated from its result. Calls whose result is not in the view do not hold the
 *   turn open. Messages before the first user message (a compaction or branch summary, an orphan tool
 *   result) form the **preamble**.
 * - **Order.** Oldest turns first, 2 per step; the last turn (the request being answered) is never
 *   dropped; the preamble is dropped only when every other droppable turn is gone and the view still does
 *   not fit: a compaction summary is the densest record of everything before it, so it goes last. When
 *   even that is not enough, `fits` is false and the view holds the last turn alone.
 * - **context.md.** Seed 000 defines `memories/context.md` as the current-task snapshot the agent
 *   overwrites before each compaction (and L3 restores it as the most important file). Replacing the
 *   whole file would destroy that snapshot; appending would turn a snapshot into a growing log. So the
 *   conclusion goes into one section of ours, between `<!-- openclaw-context:emergency-trim -->` and
 *   `<!-- /openclaw-context:emergency-trim -->`: the last complete such section is replaced, otherwise
 *   the section is appended; every byte outside it is kept as it was. Written atomically (temp file +
 *   rename, the file's mode kept); refused when `memories/` leads outside the workspace or context.md is a
 *   symlink, not a regular file, or over 4 MiB.
 * - **Conclusion.** The last assistant message with text that is a real answer (not an error or aborted
 *   row, not an OpenClaw-injected notice such as "⚙️ Compacted …"): its text when ≤ 1 500 characters,
 *   otherwise its closing paragraphs up to that size (the conclusion of an answer is at its end).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomicSync } from '../fs/atomic';
import { isUnsafePathError, workspaceRoot } from '../fs/safePath';
import { readRegularFileStat, SafeReadError } from '../fs/safeRead';
import { flatten, messageText } from '../transcript/text';
import type { EstimatorFamily } from '../tokens/estimator';
import { estimateMessage } from '../tokens/messageText';
import { CONTEXT_FILE, CONTEXT_REL, memoriesDir } from './restoreList';

type Json = Record<string, unknown>;

/** Seed 000 L5: "drop the oldest 2 turns". */
export const EMERGENCY_DROP_TURNS = 2;
export const CONCLUSION_MAX_CHARS = 1_500;
export const CONTEXT_MAX_BYTES = 4 * 1024 * 1024;
export const SECTION_BEGIN = '<!-- openclaw-context:emergency-trim -->';
export const SECTION_END = '<!-- /openclaw-context:emergency-trim -->';
export const SECTION_TITLE = '## Last conclusion before emergency trim';

// ------------------------------------------------------------------------------ error detection

const OVERFLOW_RE = /context[_ ]length[_ ]exceeded|maximum context length|context overflow|prompt (?:is )?too (?:large|long)|too many tokens|exceeds? the context window/i;

/**
 * A `context_length_exceeded` error: an assistant error row (`errorCode`, `errorMessage`), an Error or a
 * string. OpenClaw 2026.9 writes `errorCode: "context_length_exceeded"` and "400 This model's maximum context
 * length is …" (openclaw-2026.9.6.md §3, §4.3).
 */
export function isContextOverflowError(x: unknown): boolean {
  if (typeof x === 'string') return OVERFLOW_RE.test(x);
  if (x instanceof Error) return OVERFLOW_RE.test(x.message) || OVERFLOW_RE.test(String((x as Error & { code?: unknown }).code ?? ''));
  if (!x || typeof x !== 'object') return false;
  const m = x as Json;
  if (m.errorCode === 'context_length_exceeded') return true;
  return typeof m.errorMessage === 'string' && OVERFLOW_RE.test(m.errorMessage);
}

// ------------------------------------------------------------------------------ turns

export interface TurnSpan {
  /** index of the first message */
  start: number;
  /** index after the last message */
  end: number;
  /** `preamble`: messages before the first user message */
  kind: 'turn' | 'preamble';
  tokens: number;
}

function toolCallIds(m: Json): string[] {
  if (m.role !== 'assistant' || !Array.isArray(m.content)) return [];
  const out: string[] = [];
  for (const b of m.content as Json[]) if (b && typeof b === 'object' && b.type === 'toolCall' && typeof b.id === 'string') out.push(b.id);
  return out;
}

const resultId = (m: Json): string | undefined => (m.role === 'toolResult' && typeof m.toolCallId === 'string' ? m.toolCallId : undefined);

/** Split a message view into turns (see the module comment). `tokensOf` fills each span's `tokens`. */
export function splitTurns<M extends object>(messages: readonly M[], tokensOf: (m: M) => number = () => 0): TurnSpan[] {
  const answered = new Set<string>();
  for (const m of messages) {
    const id = resultId(m as Json);
    if (id) answered.add(id);
  }
  const spans: TurnSpan[] = [];
  let cur: TurnSpan | undefined;
  const waiting = new Set<string>();
  messages.forEach((raw, i) => {
    const m = raw as Json;
    const id = resultId(m);
    if (id) waiting.delete(id);
    if (m.role === 'user' && waiting.size === 0) {
      cur = { start: i, end: i, kind: 'turn', tokens: 0 };
      spans.push(cur);
    } else if (!cur) {
      cur = { start: i, end: i, kind: 'preamble', tokens: 0 };
      spans.push(cur);
    }
    for (const c of toolCallIds(m)) if (answered.has(c)) waiting.add(c);
    cur.end = i + 1;
    cur.tokens += tokensOf(raw);
  });
  return spans;
}

// ------------------------------------------------------------------------------ trim

export interface EmergencyTrimOptions<M> {
  /** the view must end up at or below this many tokens (messages + `overheadTokens`) */
  budget: number;
  /** tokens of one message; default: the calibrated estimator (`estimateMessage`) */
  tokensOf?: (m: M) => number;
  family?: EstimatorFamily;
  /** tokens outside the messages (system prompt, tool schemas) counted against the budget */
  overheadTokens?: number;
  /** turns dropped per step (default 2) */
  turnsPerStep?: number;
}

export interface DroppedTurn<M> {
  /** 1-based step that dropped it */
  step: number;
  kind: TurnSpan['kind'];
  start: number;
  end: number;
  messages: M[];
  tokens: number;
}

export interface EmergencyTrimResult<M> {
  /** the trimmed view: the kept messages, same objects, original order */
  messages: M[];
  dropped: DroppedTurn<M>[];
  steps: number;
  droppedMessages: number;
  /** messages + overhead, before and after */
  tokensBefore: number;
  tokensAfter: number;
  budget: number;
  fits: boolean;
}

/** Drop the oldest turns, 2 at a time, until the view fits `budget` (see the module comment). */
export function emergencyTrim<M extends object>(messages: readonly M[], opts: EmergencyTrimOptions<M>): EmergencyTrimResult<M> {
  const family = opts.family ?? 'o200k';
  const tokensOf = opts.tokensOf ?? ((m: M) => estimateMessage(m as Json, family));
  const perStep = Math.max(1, Math.floor(opts.turnsPerStep ?? EMERGENCY_DROP_TURNS));
  const overhead = opts.overheadTokens ?? 0;
  const spans = splitTurns(messages, tokensOf);
  const tokensBefore = overhead + spans.reduce((s, t) => s + t.tokens, 0);
  // droppable, in drop order: every turn but the last, oldest first; the preamble last of all
  const preamble = spans[0]?.kind === 'preamble' ? spans[0] : undefined;
  const turns = spans.filter((s) => s.kind === 'turn');
  const order: TurnSpan[] = [...turns.slice(0, -1), ...(preamble ? [preamble] : [])];
  // a view without any user message: only the preamble, which is then the current turn (never dropped)
  if (!turns.length) order.length = 0;
  let total = tokensBefore;
  const droppedSpans: Array<{ span: TurnSpan; step: number }> = [];
  let step = 0;
  let next = 0;
  while (total > opts.budget && next < order.length) {
    step++;
    for (let k = 0; k < perStep && next < order.length; k++) {
      const span = order[next++]!;
      droppedSpans.push({ span, step });
      total -= span.tokens;
    }
  }
  const drop = new Uint8Array(messages.length);
  for (const { span } of droppedSpans) drop.fill(1, span.start, span.end);
  const kept = messages.filter((_, i) => !drop[i]);
  const dropped = droppedSpans.map(({ span, step: s }) => ({ step: s, kind: span.kind, start: span.start, end: span.end, messages: messages.slice(span.start, span.end), tokens: span.tokens }));
  return {
    messages: kept,
    dropped,
    steps: step,
    droppedMessages: messages.length - kept.length,
    tokensBefore,
    tokensAfter: total,
    budget: opts.budget,
    fits: total <= opts.budget,
  };
}

// ------------------------------------------------------------------------------ the conclusion

export interface Conclusion {
  /** index of the assistant message in the view */
  index: number;
  text: string;
  /** only the closing part of the message was kept */
  truncated: boolean;
}

/** An assistant row that is a model answer (not an error/aborted row, not an OpenClaw-injected notice). */
export function isAnswer(m: Json): boolean {
  if (m.role !== 'assistant') return false;
  if (m.stopReason === 'error' || m.stopReason === 'aborted') return false;
  if (m.provider === 'openclaw' || m.model === 'delivery-mirror' || m.model === 'gateway-injected') return false;
  return true;
}

/** The last assistant answer's conclusion (see the module comment), or undefined when there is none. */
export function lastAssistantConclusion(messages: readonly object[], maxChars = CONCLUSION_MAX_CHARS): Conclusion | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as Json;
    if (!isAnswer(m)) continue;
    const text = messageText(m.content).trim();
    if (!text) continue;
    const c = closingPart(text, maxChars);
    return { index: i, text: c.text, truncated: c.truncated };
  }
  return undefined;
}

function closingPart(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  const paras = text.split(/\n[ \t]*\n/);
  let out = '';
  for (let i = paras.length - 1; i >= 0; i--) {
    const p = paras[i]!.trim();
    if (!p) continue;
    const cand = out ? `${p}\n\n${out}` : p;
    if (cand.length > max) break;
    out = cand;
  }
  if (out) return { text: out, truncated: true };
  // the last paragraph alone is too long: its end, from a word boundary
  const last = paras[paras.length - 1]!.trim();
  let from = last.length - (max - 1);
  const c = last.charCodeAt(from);
  if (c >= 0xdc00 && c <= 0xdfff) from++;
  const ws = last.slice(from).search(/\s/);
  if (ws >= 0 && ws < 80) from += ws + 1;
  return { text: '…' + last.slice(from), truncated: true };
}

// ------------------------------------------------------------------------------ context.md

export type ContextWrite = { status: 'written'; file: string; replaced: boolean } | { status: 'refused'; file?: string; reason: string };

/** The section written into context.md (no trailing newline). */
export function conclusionSection(conclusion: string, meta: { at: string; sessionKey?: string }): string {
  // our markers inside the text would end the section early on the next replace
  const body = conclusion.replace(/openclaw-context:emergency-trim/g, 'openclaw-context emergency-trim').replace(/\s+$/, '');
  const where = meta.sessionKey ? ` · session ${flatten(meta.sessionKey, 400).slice(0, 200)}` : '';
  return `${SECTION_BEGIN}\n${SECTION_TITLE}\n_${meta.at}${where} · the oldest turns were dropped after a context_length_exceeded error_\n\n${body}\n${SECTION_END}`;
}

/** `existing` with our section replaced (the last complete one) or appended; other bytes unchanged. */
export function withSection(existing: Buffer, section: string): { data: Buffer; replaced: boolean } {
  const sec = Buffer.from(section, 'utf8');
  const b = existing.lastIndexOf(SECTION_BEGIN);
  const e = b >= 0 ? existing.indexOf(SECTION_END, b) : -1;
  if (b >= 0 && e >= 0) return { data: Buffer.concat([existing.subarray(0, b), sec, existing.subarray(e + Buffer.byteLength(SECTION_END))]), replaced: true };
  if (!existing.length) return { data: Buffer.concat([sec, Buffer.from('\n')]), replaced: false };
  const sep = existing[existing.length - 1] === 0x0a ? '\n' : '\n\n';
  return { data: Buffer.concat([existing, Buffer.from(sep), sec, Buffer.from('\n')]), replaced: false };
}

type Current = { ok: true; data: Buffer; mode?: number } | { ok: false; reason: string };

function readCurrent(file: string): Current {
  // a regular file, never a link (O_NOFOLLOW), at most 4 MB, decided on the open descriptor
  try {
    const { data, stat } = readRegularFileStat(file, { maxBytes: CONTEXT_MAX_BYTES, follow: false });
    return { ok: true, data, mode: stat.mode & 0o777 };
  } catch (err) {
    if (err instanceof SafeReadError && err.reason === 'missing') return { ok: true, data: Buffer.alloc(0) };
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Write the conclusion into `<workspaceDir>/memories/context.md` (see the module comment). The file is
 * read again just before the rename; when someone changed it meanwhile, the section is rebuilt on the new
 * content (up to 3 times).
 */
export function writeEmergencyConclusion(workspaceDir: string, conclusion: string, meta: { at?: string; sessionKey?: string } = {}): ContextWrite {
  const md = memoriesDir(workspaceDir, true);
  if (!md.ok) return { status: 'refused', reason: md.detail ? `${md.reason}: ${md.detail}` : md.reason };
  const file = path.join(md.dir, CONTEXT_FILE);
  const section = conclusionSection(conclusion, { at: meta.at ?? new Date().toISOString(), ...(meta.sessionKey ? { sessionKey: meta.sessionKey } : {}) });
  for (let attempt = 0; attempt < 3; attempt++) {
    const cur = readCurrent(file);
    if (!cur.ok) return { status: 'refused', file, reason: cur.reason };
    const next = withSection(cur.data, section);
    const again = readCurrent(file);
    if (!again.ok) return { status: 'refused', file, reason: again.reason };
    if (!again.data.equals(cur.data)) continue;
    try {
      writeFileAtomicSync(file, next.data, { root: workspaceRoot(md.workspaceReal), ...(cur.mode !== undefined ? { mode: cur.mode } : {}) });
    } catch (err) {
      if (isUnsafePathError(err)) return { status: 'refused', file, reason: err.message };
      throw err;
    }
    return { status: 'written', file, replaced: next.replaced };
  }
  return { status: 'refused', file, reason: `${CONTEXT_REL} kept changing while it was being written` };
}

// ------------------------------------------------------------------------------ L5 in one call

export interface EmergencyResult<M> {
  conclusion?: Conclusion;
  /** the context.md write (absent when there was no conclusion to write) */
  write?: ContextWrite;
  trim: EmergencyTrimResult<M>;
}

/**
 * Seed 000's L5 in order: the conclusion to context.md first, then the trim. The trim happens whether or
 * not the write succeeded (it is in memory and the error must clear); the result says what was written.
 */
export function emergencyTrimWithConclusion<M extends object>(workspaceDir: string, messages: readonly M[], opts: EmergencyTrimOptions<M> & { sessionKey?: string; now?: () => number }): EmergencyResult<M> {
  const out: Partial<EmergencyResult<M>> = {};
  const conclusion = lastAssistantConclusion(messages);
  if (conclusion) {
    out.conclusion = conclusion;
    const at = new Date((opts.now ?? Date.now)()).toISOString();
    out.write = writeEmergencyConclusion(workspaceDir, conclusion.text, { at, ...(opts.sessionKey ? { sessionKey: opts.sessionKey } : {}) });
  }
  out.trim = emergencyTrim(messages, opts);
  return out as EmergencyResult<M>;
}
