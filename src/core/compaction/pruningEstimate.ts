/**
 * The character estimate OpenClaw's context pruning works with (OC-4.12 `context-pruning/pruner.ts`,
 * `cjk-chars.ts`): CJK-weighted text, thinking and signatures, tool-call arguments, images 8000, other roles 256.
 */
import { isRecord, isTextBlock } from './messages';

/** `CHARS_PER_TOKEN_ESTIMATE` (cjk-chars.ts) */
export const PRUNING_CHARS_PER_TOKEN = 4;

/** `IMAGE_CHAR_ESTIMATE` (pruner.ts) */
export const PRUNING_IMAGE_CHARS = 8_000;

/** Estimate of a message of any other role. */
export const PRUNING_OTHER_ROLE_CHARS = 256;

/** Unserialisable tool-call arguments. */
export const PRUNING_UNSERIALISABLE_ARGS_CHARS = 128;

const MAYBE_WEIGHTED = /[\u2e80-\u9fff\ua000-\ua4ff\uac00-\ud7af\uf900-\ufaff\uff01-\uff60\uffe0-\uffe6\ud840-\ud87e]/;

/**
 * OpenClaw's `estimateStringChars` (src/utils/cjk-chars.ts): the UTF-16 length, plus 3 for every CJK /
 * Hangul / Kana / fullwidth character (U+2E80–9FFF, A000–A4FF, AC00–D7AF, F900–FAFF, FF01–FF60, FFE0–FFE6,
 * U+20000–2FA1F), where a supplementary-plane character counts once. When there is at least one such
 * character, every surrogate pair with a high half in D840–D87E counts once (as OpenClaw's regex does).
 * One pass, no allocation.
 */
export function estimateStringChars(text: string): number {
  const n = text.length;
  // Fast path: no code unit that could count (V8 answers this at once for one-byte strings, the usual ASCII
  // tool output, and with a native scan otherwise).
  if (!MAYBE_WEIGHTED.test(text)) return n;
  let nonLatin = 0;
  let pairs = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x2e80) continue;
    if (c <= 0x9fff || (c >= 0xa000 && c <= 0xa4ff) || (c >= 0xac00 && c <= 0xd7af) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xff01 && c <= 0xff60) || (c >= 0xffe0 && c <= 0xffe6)) {
      nonLatin++;
    } else if (c >= 0xd840 && c <= 0xd87e && i + 1 < n) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        pairs++;
        if ((c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000 <= 0x2fa1f) nonLatin++;
        i++;
      }
    }
  }
  if (nonLatin === 0) return n;
  return n - pairs + nonLatin * (PRUNING_CHARS_PER_TOKEN - 1);
}

export interface PruningEstimateOptions {
  dropThinkingBlocksForEstimate?: boolean;
}

function textAndImageChars(content: unknown): number {
  if (!Array.isArray(content)) return 0;
  let n = 0;
  for (const b of content) {
    if (isTextBlock(b)) n += estimateStringChars(b.text);
    else if (isRecord(b) && b.type === 'image') n += PRUNING_IMAGE_CHARS;
  }
  return n;
}

/** The pruner's `estimateMessageChars` (see the module comment, step 4). */
export function pruningMessageChars(m: unknown, opts: PruningEstimateOptions = {}): number {
  if (!isRecord(m)) return 0;
  if (m.role === 'user') return typeof m.content === 'string' ? estimateStringChars(m.content) : textAndImageChars(m.content);
  if (m.role === 'assistant') {
    if (!Array.isArray(m.content)) return 0;
    let n = 0;
    for (const b of m.content) {
      if (!isRecord(b)) continue;
      if (b.type === 'text' && typeof b.text === 'string') n += estimateStringChars(b.text);
      if ((b.type === 'thinking' || b.type === 'redacted_thinking') && !opts.dropThinkingBlocksForEstimate) {
        if (typeof b.thinking === 'string') n += estimateStringChars(b.thinking);
        if (b.type === 'redacted_thinking' && typeof b.data === 'string') n += estimateStringChars(b.data);
        if (typeof b.thinkingSignature === 'string') n += estimateStringChars(b.thinkingSignature);
      }
      if (b.type === 'toolCall') {
        try {
          n += JSON.stringify(b.arguments ?? {}).length;
        } catch {
          n += PRUNING_UNSERIALISABLE_ARGS_CHARS;
        }
      }
    }
    return n;
  }
  if (m.role === 'toolResult') return typeof m.content === 'string' ? estimateStringChars(m.content) : textAndImageChars(m.content);
  return PRUNING_OTHER_ROLE_CHARS;
}

const pruningCharsCache = new WeakMap<object, number>();

/** `pruningMessageChars`, cached by message object (messages are read-only; the thinking-dropping variant is not cached). */
export function cachedPruningChars(m: unknown, opts: PruningEstimateOptions): number {
  if (!isRecord(m) || opts.dropThinkingBlocksForEstimate) return pruningMessageChars(m, opts);
  const hit = pruningCharsCache.get(m);
  if (hit !== undefined) return hit;
  const v = pruningMessageChars(m, opts);
  pruningCharsCache.set(m, v);
  return v;
}
