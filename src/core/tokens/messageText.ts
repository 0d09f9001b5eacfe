/**
 * The calibrated estimate of one transcript message: the estimator over every piece of text the
 * model sees (text, thinking, tool-call name and JSON arguments, tool-result text, summaries), plus a
 * small per-message framing cost (role markers). Pieces are estimated separately; no string is built.
 */
import { estimateTokens, type EstimatorFamily } from './estimator';

type Json = Record<string, unknown>;

/** Role markers and separators a chat format adds per message (tokens). */
export const MESSAGE_OVERHEAD = 4;
/** "The conversation history before this point was compacted into the following summary: <summary>…</summary>" */
export const SUMMARY_WRAPPER = 24;
/** An image block: providers bill images separately; this mirrors OpenClaw's guard (8000 chars ≈ 2000 tokens). */
export const IMAGE_TOKENS = 2000;

/** One piece of a message's content as the model sees it. */
export type ContentPiece = { kind: 'text'; text: string } | { kind: 'toolCall'; name: string; args: string } | { kind: 'image' };

/**
 * Every piece of a pi message's content the model sees, in order: text and thinking blocks, tool calls
 * (name and JSON arguments), images. The one definition shared by estimates and exact counts.
 */
export function forEachContentPiece(content: unknown, fn: (p: ContentPiece) => void): void {
  if (typeof content === 'string') {
    fn({ kind: 'text', text: content });
    return;
  }
  if (!Array.isArray(content)) return;
  for (const b of content as Json[]) {
    if (!b || typeof b !== 'object') continue;
    if (b.type === 'text' && typeof b.text === 'string') fn({ kind: 'text', text: b.text });
    else if (b.type === 'thinking' && typeof b.thinking === 'string') fn({ kind: 'text', text: b.thinking });
    else if (b.type === 'toolCall') {
      let args = '';
      try {
        args = JSON.stringify(b.arguments ?? {}) ?? '';
      } catch {
        args = ''; // unserialisable arguments: nothing the model saw
      }
      fn({ kind: 'toolCall', name: String(b.name ?? ''), args });
    } else if (b.type === 'image') fn({ kind: 'image' });
  }
}

function contentTokens(content: unknown, family: EstimatorFamily): number {
  let n = 0;
  forEachContentPiece(content, (p) => {
    if (p.kind === 'text') n += estimateTokens(p.text, family);
    else if (p.kind === 'toolCall') n += estimateTokens(p.name, family) + estimateTokens(p.args, family) + 3;
    else n += IMAGE_TOKENS;
  });
  return n;
}

/** Estimated tokens of a pi message (user, assistant, toolResult, custom, bashExecution, summaries). */
export function estimateMessage(m: Json, family: EstimatorFamily): number {
  switch (m.role) {
    case 'user':
    case 'assistant':
    case 'custom':
    case 'toolResult':
      return MESSAGE_OVERHEAD + contentTokens(m.content, family);
    case 'bashExecution':
      return MESSAGE_OVERHEAD + estimateTokens(String(m.command ?? ''), family) + estimateTokens(String(m.output ?? ''), family);
    case 'compactionSummary':
    case 'branchSummary':
      return MESSAGE_OVERHEAD + SUMMARY_WRAPPER + estimateTokens(String(m.summary ?? ''), family);
    default:
      return 0;
  }
}
