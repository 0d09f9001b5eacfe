/**
 * The soft trim of one tool result by OpenClaw's context pruning: its text blocks joined (images as a marker),
 * then head + `...` + tail with OpenClaw's note, never splitting a surrogate pair.
 */
import { isRecord, isTextBlock, type AgentMessage } from './messages';
import { type ContextPruningSettings } from './pruningSettings';

/** `PRUNED_CONTEXT_IMAGE_MARKER` */
export const PRUNED_CONTEXT_IMAGE_MARKER = '[image removed during context pruning]';

function segments(content: unknown): { parts: string[]; hasImages: boolean } {
  const parts: string[] = [];
  let hasImages = false;
  if (typeof content === 'string') return { parts: [content], hasImages };
  if (!Array.isArray(content)) return { parts, hasImages };
  for (const b of content) if (isRecord(b) && b.type === 'image') hasImages = true;
  for (const b of content) {
    if (isTextBlock(b)) parts.push(b.text);
    else if (hasImages && isRecord(b) && b.type === 'image') parts.push(PRUNED_CONTEXT_IMAGE_MARKER);
  }
  return { parts, hasImages };
}

function joinedLength(parts: readonly string[]): number {
  let n = parts.length ? parts.length - 1 : 0;
  for (const p of parts) n += p.length;
  return n;
}

/** The first `max` characters of the parts joined by `\n`, without building the whole join. */
function headOfJoined(parts: readonly string[], max: number): string {
  let out = '';
  let left = max;
  for (let i = 0; i < parts.length && left > 0; i++) {
    if (i > 0) {
      out += '\n';
      if (--left <= 0) break;
    }
    const p = parts[i]!;
    if (p.length <= left) {
      out += p;
      left -= p.length;
    } else {
      out += p.slice(0, left);
      left = 0;
    }
  }
  return out;
}

/** The last `max` characters of the parts joined by `\n`. */
function tailOfJoined(parts: readonly string[], max: number): string {
  const out: string[] = [];
  let left = max;
  for (let i = parts.length - 1; i >= 0 && left > 0; i--) {
    const p = parts[i]!;
    if (p.length <= left) {
      out.push(p);
      left -= p.length;
    } else {
      out.push(p.slice(p.length - left));
      break;
    }
    if (left > 0 && i > 0) {
      out.push('\n');
      left--;
    }
  }
  return out.reverse().join('');
}

/** The soft-trimmed copy of a tool result, or `undefined` when it stays as it is. */
export function softTrimToolResult(m: AgentMessage, softTrim: ContextPruningSettings['softTrim']): AgentMessage | undefined {
  const { parts, hasImages } = segments(m.content);
  const rawLen = joinedLength(parts);
  const head = Math.max(0, softTrim.headChars);
  const tail = Math.max(0, softTrim.tailChars);
  if (rawLen <= softTrim.maxChars || head + tail >= rawLen) {
    return hasImages ? { ...m, content: [{ type: 'text', text: parts.join('\n') }] } : undefined;
  }
  // OC-4.12 slices by UTF-16 unit; 2026.9 made the slices surrogate-safe, which we follow: a surrogate pair
  // cut in half at either cut loses its half (so head or tail may keep one character less than the note says).
  const joinedHead = headOfJoined(parts, head);
  const joinedTail = tailOfJoined(parts, tail);
  const t = joinedTail.length && isLowSurrogate(joinedTail.charCodeAt(0)) ? joinedTail.slice(1) : joinedTail;
  const h = joinedHead.length && isHighSurrogate(joinedHead.charCodeAt(joinedHead.length - 1)) ? joinedHead.slice(0, -1) : joinedHead;
  const note = `\n\n[Tool result trimmed: kept first ${head} chars and last ${tail} chars of ${rawLen} chars.]`;
  return { ...m, content: [{ type: 'text', text: `${h}\n...\n${t}${note}` }] };
}

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;
