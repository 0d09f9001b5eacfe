/**
 * claw-code's session JSON (`Session.messages`, `Session.compaction`, `{role, blocks:[…], usage?}`), the compaction
 * config and its variants, and the validation of that JSON the way claw-code's `from_json` does it. Rust's
 * snake_case field names are kept.
 */
import { type ClawBlock, type ClawMessage } from '../../tokens/clawcode';

/** `CompactionConfig::default()`. */
export const DEFAULT_COMPACTION_CONFIG: Readonly<CompactionConfig> = Object.freeze({ preserve_recent_messages: 4, max_estimated_tokens: 10_000 });

export type ClawRole = ClawMessage['role'];
export type { ClawBlock };

/** `TokenUsage` as claw-code's session JSON writes it. Not used by compaction; carried through. */
export interface ClawTokenUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/** `ConversationMessage`. */
export interface ClawConversationMessage extends ClawMessage {
  usage?: ClawTokenUsage | null;
}

/** `SessionCompaction`. */
export interface ClawSessionCompaction {
  count: number;
  removed_message_count: number;
  summary: string;
}

/**
 * `Session`. Only `messages` and `compaction` matter to compaction; every other field (ids, timestamps,
 * fork, workspace_root, prompt_history, model, anything else) is carried through unchanged, except that
 * recording a compaction touches `updated_at_ms` when the session has one (Rust `record_compaction`).
 */
export interface ClawSession {
  messages: ClawConversationMessage[];
  compaction?: ClawSessionCompaction | null;
  version?: number;
  session_id?: string;
  created_at_ms?: number;
  updated_at_ms?: number;
  [field: string]: unknown;
}

/** `CompactionConfig`. */
export interface CompactionConfig {
  preserve_recent_messages: number;
  max_estimated_tokens: number;
}

/** `CompactionResult`. */
export interface CompactionResult {
  summary: string;
  formatted_summary: string;
  compacted_session: ClawSession;
  removed_message_count: number;
}

/**
 * Which revision of compact.rs to reproduce (claw-code-compaction.md §7). Only two behaviours differ between
 * the revisions that matter:
 * - `pairGuard`: the tool-use/tool-result boundary walk-back (6e301c8b, 2026-04-10);
 * - `mergeLayout`: `'flat'` (5a9550d3, 2026-05-24: previous highlights as `"- " + line`) or `'nested'`
 *   (`- Previously compacted context:` then `"  " + line`).
 */
export interface ClawCompactVariant {
  pairGuard: boolean;
  mergeLayout: 'flat' | 'nested';
}

export const CLAW_COMPACT_VARIANTS = Object.freeze({
  /** Current main (blob 797d3a6b). The default. */
  main: Object.freeze<ClawCompactVariant>({ pairGuard: true, mergeLayout: 'flat' }),
  /** 22ad54c0 (2026-04-04), the widely forked "early" version: no walk-back, nested merge. */
  '22ad54c0': Object.freeze<ClawCompactVariant>({ pairGuard: false, mergeLayout: 'nested' }),
  /** instructkr/claw-code@ba64b631 (= main between 7149bbc3 and 5a9550d3): walk-back, nested merge. */
  ba64b631: Object.freeze<ClawCompactVariant>({ pairGuard: true, mergeLayout: 'nested' }),
});
export type ClawCompactVariantName = keyof typeof CLAW_COMPACT_VARIANTS;

export interface CompactOptions {
  /** Revision to reproduce; default `'main'`. */
  variant?: ClawCompactVariantName | ClawCompactVariant;
  /** The time `record_compaction` writes to `updated_at_ms` (when the session has that field); default now. */
  nowMs?: number;
}

export function resolveVariant(v: CompactOptions['variant']): ClawCompactVariant {
  if (v === undefined) return CLAW_COMPACT_VARIANTS.main;
  if (typeof v === 'string') {
    const found = (CLAW_COMPACT_VARIANTS as Record<string, ClawCompactVariant>)[v];
    if (!found) throw new RangeError(`unknown claw-code compaction variant: ${v}`);
    return found;
  }
  return v;
}

function isUsize(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0;
}

/** A full `CompactionConfig` from a partial one (`..CompactionConfig::default()`); rejects non-usize values. */
export function resolveCompactionConfig(config?: Partial<CompactionConfig> | null): CompactionConfig {
  const preserve = config?.preserve_recent_messages ?? DEFAULT_COMPACTION_CONFIG.preserve_recent_messages;
  const max = config?.max_estimated_tokens ?? DEFAULT_COMPACTION_CONFIG.max_estimated_tokens;
  if (!isUsize(preserve)) throw new RangeError(`preserve_recent_messages must be a non-negative integer, got ${String(preserve)}`);
  if (!isUsize(max)) throw new RangeError(`max_estimated_tokens must be a non-negative integer, got ${String(max)}`);
  return { preserve_recent_messages: preserve, max_estimated_tokens: max };
}

/**
 * Validates claw-code session JSON the way its `from_json` does (roles, block tags, required string and
 * bool fields) and returns it typed, unknown fields kept. Accepts a bare message array as a session.
 * Throws `TypeError` with claw-code's error wording.
 */
export function parseClawSession(value: unknown): ClawSession {
  if (Array.isArray(value)) return { messages: value.map(parseClawMessage) };
  if (value === null || typeof value !== 'object') throw new TypeError('session must be an object');
  const obj = value as Record<string, unknown>;
  if (!Array.isArray(obj.messages)) throw new TypeError('missing messages');
  const compaction = obj.compaction;
  if (compaction !== undefined && compaction !== null) {
    const c = compaction as Record<string, unknown>;
    if (typeof c !== 'object' || !isUsize(c.count) || !isUsize(c.removed_message_count) || typeof c.summary !== 'string')
      throw new TypeError('compaction must be an object with count, removed_message_count and summary');
  }
  return { ...obj, messages: obj.messages.map(parseClawMessage) } as ClawSession;
}

const ROLES: ReadonlySet<string> = new Set(['system', 'user', 'assistant', 'tool']);

export function parseClawMessage(value: unknown): ClawConversationMessage {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TypeError('message must be an object');
  const obj = value as Record<string, unknown>;
  if (typeof obj.role !== 'string') throw new TypeError('missing role');
  if (!ROLES.has(obj.role)) throw new TypeError(`unsupported message role: ${obj.role}`);
  if (!Array.isArray(obj.blocks)) throw new TypeError('missing blocks');
  return { ...obj, blocks: obj.blocks.map(parseClawBlock) } as ClawConversationMessage;
}

export function parseClawBlock(value: unknown): ClawBlock {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TypeError('block must be an object');
  const obj = value as Record<string, unknown>;
  const str = (k: string): void => {
    if (typeof obj[k] !== 'string') throw new TypeError(`missing ${k}`);
  };
  if (typeof obj.type !== 'string') throw new TypeError('missing block type');
  switch (obj.type) {
    case 'text':
      str('text');
      break;
    case 'thinking':
      str('thinking');
      break;
    case 'tool_use':
      str('id');
      str('name');
      str('input');
      break;
    case 'tool_result':
      str('tool_use_id');
      str('tool_name');
      str('output');
      if (typeof obj.is_error !== 'boolean') throw new TypeError('missing is_error');
      break;
    default:
      throw new TypeError(`unsupported block type: ${obj.type}`);
  }
  return obj as unknown as ClawBlock;
}
