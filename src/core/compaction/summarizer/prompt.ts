/**
 * OpenClaw's summarisation prompt (openclaw-formats.md §4.3–§4.4): the system prompt, the structure and
 * identifier instructions, the merge and turn-prefix prompts, and the conversation serialised for the model
 * (`buildSummarizationPrompt` gives a plugged-in model, e.g. a VS Code language model, this prompt).
 */
import { type AgentMessage, compactionContent, stringifyCompactionValue } from '../openclaw/estimate';
import { sliceUtf16Safe, truncateUtf16Safe } from '../openclaw/utf16';
import { REQUIRED_SUMMARY_SECTIONS } from '../summary/contract';
import { type IdentifierPolicy } from '../summary/audit';
import { type SummarizeRequest } from './seam';

/** Tool results are cut at 2000 characters in the serialised conversation. */
export const TOOL_RESULT_MAX_CHARS = 2000;

export const MERGE_SUMMARIES_INSTRUCTIONS = [
  'Merge these partial summaries into a single cohesive summary.',
  '',
  'MUST PRESERVE:',
  '- Active tasks and their current status (in-progress, blocked, pending)',
  "- Batch operation progress (e.g., '5/17 items completed')",
  '- The last thing the user requested and what was being done about it',
  '- Decisions made and their rationale',
  '- TODOs, open questions, and constraints',
  '- Any commitments or follow-ups promised',
  '',
  'PRIORITIZE recent context over older history. The agent needs to know',
  'what it was doing, not just what was discussed.',
].join('\n');
export const IDENTIFIER_PRESERVATION_INSTRUCTIONS =
  'Preserve all opaque identifiers exactly as written (no shortening or reconstruction), including UUIDs, hashes, IDs, hostnames, IPs, ports, URLs, and file names.';
export const STRICT_EXACT_IDENTIFIERS_INSTRUCTION = 'For ## Exact identifiers, preserve literal values exactly as seen (IDs, URLs, file paths, ports, hashes, dates, times).';
export const POLICY_OFF_EXACT_IDENTIFIERS_INSTRUCTION = 'For ## Exact identifiers, include identifiers only when needed for continuity; do not enforce literal-preservation rules.';

/** OpenClaw's summariser system prompt, without its sender-attribution paragraph (this serialisation has no sender labels). */
export const SUMMARIZATION_SYSTEM_PROMPT =
  'You are a context summarization assistant. Your task is to read a conversation between a user and an AI assistant, then produce a structured summary following the exact format specified.\n\n' +
  'Do NOT continue the conversation. Do NOT respond to any questions in the conversation. ONLY output the structured summary.';
export const UPDATE_PREVIOUS_SUMMARY_PREFACE =
  'Update the previous summary with the new conversation. Preserve relevant facts, decisions, and unresolved asks; remove stale or duplicate detail. Use the format below.';
export const TURN_PREFIX_SUMMARIZATION_PROMPT = `This is the PREFIX of a turn that was too large to keep. The SUFFIX (recent work) is retained.

Summarize the prefix to provide context for the retained suffix:

## Original Request
[What did the user ask for in this turn?]

## Early Progress
- [Key decisions and work done in the prefix]

## Context for Suffix
- [Information needed to understand the retained recent work]

Be concise. Focus on what's needed to understand the kept suffix.`;
export const PREVIOUS_SUMMARY_REDISTILL_PREFIX =
  'Previous compaction summary to re-distill with the current conversation. Prune stale, duplicate, or superseded details instead of preserving it verbatim.';

/** The safeguard's structure instructions (the five headings), as sent to the summariser. */
export function buildStructureInstructions(identifierPolicy: IdentifierPolicy = 'strict', latestUnresolvedUserRequest?: string): string {
  const lines = [
    'Produce a compact, factual summary with these exact section headings:',
    ...REQUIRED_SUMMARY_SECTIONS,
    identifierPolicy === 'off' ? POLICY_OFF_EXACT_IDENTIFIERS_INSTRUCTION : STRICT_EXACT_IDENTIFIERS_INSTRUCTION,
    'Do not omit unresolved asks from the user.',
    'Record completed requests outside ## Pending user asks; list only unresolved user requests there.',
    'When prior compaction summaries are present, re-distill them with new messages and remove stale duplicate detail.',
  ].join('\n');
  if (!latestUnresolvedUserRequest) return lines;
  return [
    lines,
    [
      'Make the exact request below the first item in ## Pending user asks.',
      'Its run owner will resume it after compaction, so summary prose cannot mark it complete.',
      `Latest unresolved user request:\n${latestUnresolvedUserRequest}`,
    ].join('\n'),
  ].join('\n\n');
}

function truncateForSummary(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const tailChars = Math.min(Math.floor(maxChars * 0.3), 600);
  const important = /(error|exception|failed|fatal|traceback|panic|stack trace|errno|exit code)/gi;
  const search = sliceUtf16Safe(text, -maxChars);
  const matches = [...search.matchAll(important)];
  const match = [...matches].reverse().find((m) => /^(error|exception|fatal|panic|errno)$/i.test(m[0])) ?? matches[matches.length - 1];
  if (match) {
    const head = truncateUtf16Safe(text, maxChars - tailChars);
    const displaced = sliceUtf16Safe(text, Math.max(0, head.length - 32), maxChars);
    if (!/(error|exception|failed|fatal|traceback|panic|stack trace|errno|exit code)/i.test(displaced)) {
      const offset = text.length - search.length + (match.index ?? 0);
      const tailStart = Math.min(offset, text.length - tailChars);
      if (tailStart >= head.length) {
        const tail = sliceUtf16Safe(text, tailStart, tailStart + tailChars);
        return `${head}\n\n[... ${text.length - head.length - tail.length} ${tailStart + tail.length < text.length ? 'middle/trailing' : 'more'} characters truncated]\n\n${tail}`;
      }
    }
  }
  const sliced = truncateUtf16Safe(text, maxChars);
  return `${sliced}\n\n[... ${text.length - sliced.length} more characters truncated]`;
}

/**
 * The conversation as OpenClaw serialises it for a summariser: `[User]: …`, `[Assistant]: …`,
 * `[Assistant tool calls]: name(k=<json>, …); …`, `[Tool result]: …` (cut at 2000 characters), joined
 * by blank lines. Custom messages and summaries are shown as the user messages the model saw.
 */
export function serializeConversation(messages: readonly AgentMessage[]): string {
  const parts: string[] = [];
  for (const m of messages) {
    switch (m.role) {
      case 'user':
      case 'custom':
      case 'toolResult': {
        if (m.role === 'user' && m.runtimeContextCarrier === true) break;
        const { text, omissionText } = compactionContent(m.content);
        const body = [omissionText, m.role === 'toolResult' ? truncateForSummary(text, TOOL_RESULT_MAX_CHARS) : text].filter(Boolean).join('\n');
        if (body) parts.push(`[${m.role === 'toolResult' ? 'Tool result' : 'User'}]: ${body}`);
        break;
      }
      case 'compactionSummary':
      case 'branchSummary':
        if (typeof m.summary === 'string' && m.summary) parts.push(`[User]: <summary>\n${m.summary}\n</summary>`);
        break;
      case 'bashExecution':
        if (m.excludeFromContext !== true) parts.push(`[User]: Ran \`${String(m.command ?? '')}\`\n${String(m.output ?? '')}`);
        break;
      case 'assistant': {
        if (!Array.isArray(m.content)) break;
        const texts: string[] = [];
        const calls: string[] = [];
        for (const b of m.content as Array<Record<string, unknown>>) {
          if (!b || typeof b !== 'object') continue;
          if (b.type === 'text' && typeof b.text === 'string') texts.push(b.text);
          else if (b.type === 'toolCall') {
            const args = b.arguments && typeof b.arguments === 'object' ? Object.entries(b.arguments as Record<string, unknown>) : [];
            calls.push(`${String(b.name ?? '')}(${args.map(([k, v]) => `${k}=${stringifyCompactionValue(v)}`).join(', ')})`);
          }
        }
        if (texts.length > 0) parts.push(`[Assistant]: ${texts.join('\n')}`);
        if (calls.length > 0) parts.push(`[Assistant tool calls]: ${calls.join('; ')}`);
        break;
      }
      default:
        break;
    }
  }
  return parts.join('\n\n');
}

/** OpenClaw's summarisation prompt for one call: the system prompt and the user message. */
export function buildSummarizationPrompt(messages: readonly AgentMessage[], request: Pick<SummarizeRequest, 'previousSummary' | 'instructions' | 'customInstructions'>): { systemPrompt: string; prompt: string } {
  let prompt = `<conversation>\n${serializeConversation(messages)}\n</conversation>\n\n`;
  if (request.previousSummary) prompt += `<previous-summary>\n${request.previousSummary}\n</previous-summary>\n\n`;
  prompt += [request.previousSummary ? UPDATE_PREVIOUS_SUMMARY_PREFACE : '', request.instructions].filter(Boolean).join('\n\n');
  if (request.customInstructions) prompt += `\n\nAdditional focus: ${request.customInstructions}`;
  return { systemPrompt: SUMMARIZATION_SYSTEM_PROMPT, prompt };
}
