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

function contentTokens(content: unknown, family: EstimatorFamily): number {
  if (typeof content === 'string') return estimateTokens(content, family);
  if (!Array.isArray(content)) return 0;
  let n = 0;
  for (const b of content as Json[]) {
    if (!b || typeof b !== 'object') continue;
    switch (b.type) {
      case 'text':
        n += typeof b.text === 'string' ? estimateTokens(b.text, family) : 0;
        break;
      case 'thinking':
        n += typeof b.thinking === 'string' ? estimateTokens(b.thinking, family) : 0;
        break;
      case 'toolCall': {
        let args = '';
        try {
          args = JSON.stringify(b.arguments ?? {}) ?? '';
        } catch {
          args = '';
        }
        n += estimateTokens(String(b.name ?? ''), family) + estimateTokens(args, family) + 3;
        break;
      }
      case 'image':
        n += IMAGE_TOKENS;
        break;
      default:
        break;
    }
  }
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
