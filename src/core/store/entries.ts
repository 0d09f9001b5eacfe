/**
 * Turning one transcript entry (a JSONL line or a `transcript_events` row) into an `EntryMeta`.
 * Shared by both store implementations so they agree on every rule.
 */
import { parseJsonSafe } from '../fs/safeJson';
import { entryTime, timeMs } from './time';
import type { EstimatorFamily } from '../tokens/estimator';
import { estimateMessage } from '../tokens/messageText';
import { piEstimateTokens, realAssistantUsage } from '../tokens/pi';
import type { CompactionOrigin, EntryKind, EntryMeta } from './types';

type Json = Record<string, unknown>;

const STATE_TYPES = new Set([
  'model_change',
  'thinking_level_change',
  'custom',
  'label',
  'session_info',
  'active_tools_change',
]);

const PREVIEW_CHARS = 120;

export function oneLine(s: string, max = PREVIEW_CHARS): string {
  // Collapse whitespace without scanning the whole of a huge string.
  const head = s.length > max * 4 ? s.slice(0, max * 4) : s;
  const flat = head.replace(/\s+/g, ' ').trim();
  return flat.length > max ? flat.slice(0, max - 1) + '…' : flat;
}

function firstText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    for (const b of content) {
      if (b && typeof b === 'object') {
        const o = b as Json;
        if (o.type === 'text' && typeof o.text === 'string' && o.text.trim()) return o.text;
      }
    }
  }
  return '';
}

function messagePreview(m: Json): { preview: string; toolName?: string } {
  const role = String(m.role ?? '');
  if (role === 'assistant') {
    const parts: string[] = [];
    let toolName: string | undefined;
    if (Array.isArray(m.content)) {
      for (const b of m.content as Json[]) {
        if (b?.type === 'text' && typeof b.text === 'string' && b.text.trim()) parts.push(oneLine(b.text));
        else if (b?.type === 'toolCall') {
          toolName ??= String(b.name ?? '');
          let args = '';
          try {
            args = JSON.stringify(b.arguments ?? {});
          } catch {
            args = '';
          }
          parts.push(`→ ${String(b.name ?? '?')}(${oneLine(args, 60)})`);
        }
      }
    }
    if (!parts.length && typeof m.errorMessage === 'string') parts.push(`error: ${oneLine(m.errorMessage)}`);
    return { preview: oneLine(parts.join(' ')), toolName };
  }
  if (role === 'toolResult') {
    const name = typeof m.toolName === 'string' ? m.toolName : undefined;
    return { preview: oneLine(firstText(m.content)), toolName: name };
  }
  if (role === 'bashExecution') return { preview: oneLine(`$ ${String(m.command ?? '')}`) };
  return { preview: oneLine(firstText(m.content)) };
}

const numOrUndef = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * Build the index record for one parsed entry. Returns undefined for entries that are not objects
 * or have no usable id (the caller reports a diagnostic).
 */
/**
 * The calibrated-estimator figure of the message an entry yields (0 when it yields none).
 */
export function entryEstimate(e: Json, family: EstimatorFamily): number {
  switch (e.type) {
    case 'message':
      return e.message && typeof e.message === 'object' ? estimateMessage(e.message as Json, family) : 0;
    case 'custom_message':
      return estimateMessage({ role: 'custom', content: e.content }, family);
    case 'branch_summary':
      return estimateMessage({ role: 'branchSummary', summary: typeof e.summary === 'string' ? e.summary : '' }, family);
    case 'compaction':
      return estimateMessage({ role: 'compactionSummary', summary: typeof e.summary === 'string' ? e.summary : '' }, family);
    default:
      return 0;
  }
}

/**
 * Build the index record for one parsed entry. With `family`, the calibrated estimate is computed
 * now; without, it is left for later (cold reads of long transcripts only need it for a few entries).
 */
export function entryMeta(e: Json, pos: number, bytes: number, family?: EstimatorFamily): EntryMeta | undefined {
  const meta = entryMetaBase(e, pos, bytes);
  if (!meta) return meta;
  const yields = meta.modelVisible && (meta.kind === 'message' || meta.kind === 'custom_message' || meta.kind === 'branch_summary' || meta.kind === 'compaction');
  if (!yields) meta.est = 0;
  else if (family) meta.est = entryEstimate(e, family);
  return meta;
}

function entryMetaBase(e: Json, pos: number, bytes: number): EntryMeta | undefined {
  const type = typeof e.type === 'string' ? e.type : '';
  const id = typeof e.id === 'string' && e.id ? e.id : undefined;
  if (type === 'session') {
    return { id: id ?? '', parentId: null, type, kind: 'header', pos, bytes, timestamp: entryTime(e), tokens: 0, modelVisible: false, preview: '' };
  }
  if (!id) return undefined;
  const parentId = typeof e.parentId === 'string' && e.parentId ? e.parentId : null;
  const base = { id, parentId, type, pos, bytes, timestamp: timeMs(e.timestamp) };
  switch (type) {
    case 'message': {
      const m = (e.message && typeof e.message === 'object' ? e.message : {}) as Json;
      const role = typeof m.role === 'string' ? m.role : 'unknown';
      const usage = realAssistantUsage(m);
      const { preview, toolName } = messagePreview(m);
      const meta: EntryMeta = {
        ...base,
        kind: 'message',
        timestamp: base.timestamp || entryTime({}, m),
        role,
        tokens: piEstimateTokens(m),
        // OpenClaw-synthesised assistant rows (status notices, chat.inject, delivery mirrors) are never sent.
        modelVisible: !(role === 'assistant' && m.provider === 'openclaw'),
        preview,
      };
      if (usage !== undefined) {
        meta.usageTokens = usage;
        const u = m.usage as Json;
        const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
        const prompt = num(u.input) + num(u.cacheRead) + num(u.cacheWrite);
        if (prompt > 0) meta.promptTokens = prompt;
      }
      if (typeof m.stopReason === 'string') meta.stopReason = m.stopReason;
      if (typeof m.errorCode === 'string' && m.errorCode) meta.errorCode = oneLine(m.errorCode, 80);
      if (typeof m.errorMessage === 'string' && m.errorMessage) meta.errorMessage = oneLine(m.errorMessage, 300);
      if (typeof m.provider === 'string') meta.provider = m.provider;
      if (typeof m.model === 'string') meta.model = m.model;
      if (toolName) meta.toolName = toolName;
      return meta;
    }
    case 'custom_message': {
      const msg = { role: 'custom', content: e.content };
      const label = typeof e.customType === 'string' ? `[${e.customType}] ` : '';
      return { ...base, kind: 'custom_message', role: 'custom', tokens: piEstimateTokens(msg), modelVisible: true, preview: oneLine(label + firstText(e.content)) };
    }
    case 'branch_summary': {
      const summary = typeof e.summary === 'string' ? e.summary : '';
      return {
        ...base,
        kind: 'branch_summary',
        role: 'branchSummary',
        tokens: piEstimateTokens({ role: 'branchSummary', summary }),
        modelVisible: summary.length > 0,
        preview: oneLine(summary),
      };
    }
    case 'compaction': {
      const summary = typeof e.summary === 'string' ? e.summary : '';
      const meta: EntryMeta = {
        ...base,
        kind: 'compaction',
        role: 'compactionSummary',
        tokens: piEstimateTokens({ role: 'compactionSummary', summary }),
        modelVisible: true,
        preview: oneLine(summary.replace(/^#+\s*/gm, '')),
      };
      if (typeof e.firstKeptEntryId === 'string') meta.firstKeptEntryId = e.firstKeptEntryId;
      meta.origin = compactionOriginOf(e);
      const tb = numOrUndef(e.tokensBefore);
      const ta = numOrUndef(e.tokensAfter);
      if (tb !== undefined) meta.tokensBefore = tb;
      if (ta !== undefined) meta.tokensAfter = ta;
      return meta;
    }
    case 'reset':
      return { ...base, kind: 'reset', tokens: 0, modelVisible: false, preview: `reset${typeof e.reason === 'string' ? ` (${e.reason})` : ''}` };
    case 'leaf': {
      const meta: EntryMeta = { ...base, kind: 'leaf', tokens: 0, modelVisible: false, preview: 'leaf' };
      if (typeof e.targetId === 'string') meta.targetId = e.targetId;
      return meta;
    }
    default: {
      const kind: EntryKind = STATE_TYPES.has(type) ? 'state' : 'unknown';
      const preview = type === 'custom' && typeof e.customType === 'string' ? e.customType : type;
      return { ...base, kind, tokens: 0, modelVisible: false, preview };
    }
  }
}

/**
 * Who wrote a compaction entry: OpenClaw during a run (automatic, or `/compact`), OpenClaw otherwise (its Gateway's
 * `sessions.compact`, a remote Gateway's history marker), pi itself (`fromHook: false`), or an external tool such as
 * this extension (our writer's entries carry no OpenClaw marker).
 */
export function compactionOriginOf(e: Json): CompactionOrigin {
  const oc = e.__openclaw;
  if (oc && typeof oc === 'object') return (oc as Json).runId ? 'openclaw-run' : 'openclaw';
  if (e.fromGateway === true) return 'openclaw';
  return e.fromHook === false ? 'pi' : 'external';
}

/** Parse one JSON text (a line or a row) defensively. */
export function parseEntryJson(text: string): { ok: true; value: Json } | { ok: false; error: string } {
  // never the parser's message (it quotes the text); values nested absurdly deep are refused here
  const parsed = parseJsonSafe(text);
  if (!parsed.ok) return parsed;
  const v = parsed.value;
  if (!v || typeof v !== 'object' || Array.isArray(v)) return { ok: false, error: 'not a JSON object' };
  return { ok: true, value: v as Json };
}

/**
 * A partial index record from OpenClaw's `navigation_json` (the projection it stores beside every
 * zstd row): enough for the tree walk and the context rebuild, without decompressing the event.
 * Returns undefined for entry types whose details the rebuild needs (compaction, leaf, summaries,
 * custom messages, the header): those rows are decompressed.
 */
export function entryMetaFromNavigation(nav: Json, pos: number, bytes: number): EntryMeta | undefined {
  const n = nav.navigation;
  if (!n || typeof n !== 'object') return undefined;
  const e = n as Json;
  const type = typeof e.type === 'string' ? e.type : '';
  const id = typeof e.id === 'string' && e.id ? e.id : undefined;
  if (!id || !(type === 'message' || STATE_TYPES.has(type))) return undefined;
  const parentId = typeof e.parentId === 'string' && e.parentId ? e.parentId : null;
  const timestamp = entryTime(e);
  if (type !== 'message') return { id, parentId, type, kind: 'state', pos, bytes, timestamp, tokens: 0, est: 0, modelVisible: false, preview: type };
  const model = (nav.model && typeof nav.model === 'object' ? ((nav.model as Json).message as Json | undefined) : undefined) ?? {};
  const msg = (e.message && typeof e.message === 'object' ? e.message : {}) as Json;
  const role = typeof msg.role === 'string' ? msg.role : typeof model.role === 'string' ? model.role : 'unknown';
  const meta: EntryMeta = { id, parentId, type, kind: 'message', pos, bytes, timestamp, role, tokens: 0, modelVisible: !(role === 'assistant' && model.provider === 'openclaw'), preview: '', partial: true };
  if (typeof model.provider === 'string') meta.provider = model.provider;
  if (typeof model.model === 'string') meta.model = model.model;
  if (typeof model.stopReason === 'string') meta.stopReason = model.stopReason;
  return meta;
}

/** An entry's calibrated estimate, or pi's figure while the estimate has not been filled in yet. */
export const estOf = (e: EntryMeta): number => e.est ?? e.tokens;
