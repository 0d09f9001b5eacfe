/**
 * An OpenClaw agent message as the summary and the fact extraction read it: its text (the safeguard's rule), and
 * the message a transcript entry projects to.
 */
import { timeMs } from '../store/time';
import { type AgentMessage, isObj } from '../tokens/openclaw';

type Json = Record<string, unknown>;

/** The safeguard's message text: a string content, or the trimmed non-empty `text` of each block, by line. */
export function extractMessageText(message: AgentMessage): string {
  const c = message.content;
  if (typeof c === 'string') return c.trim();
  if (!Array.isArray(c)) return '';
  const out: string[] = [];
  for (const b of c) {
    const t = isObj(b) ? b.text : undefined;
    if (typeof t === 'string' && t.trim()) out.push(t.trim());
  }
  return out.join('\n');
}

/** The model-visible message of a transcript entry (message, custom_message, branch_summary), else undefined. */
export function projectEntryMessage(entry: unknown): AgentMessage | undefined {
  if (!isObj(entry)) return undefined;
  switch (entry.type) {
    case 'message':
      return isObj(entry.message) ? entry.message : undefined;
    case 'custom_message': {
      const m: Json = { role: 'custom', customType: entry.customType, content: entry.content, display: entry.display };
      if (entry.details !== undefined) m.details = entry.details;
      if (typeof entry.timestamp === 'string') m.timestamp = timeMs(entry.timestamp);
      return m;
    }
    case 'branch_summary':
      return typeof entry.summary === 'string' && entry.summary ? { role: 'branchSummary', summary: entry.summary, fromId: entry.fromId } : undefined;
    default:
      return undefined;
  }
}

