/**
 * claw-code's token estimate (`compact.rs` `estimate_message_tokens`), reproduced exactly
 * (claw-code-compaction.md §4.1): integer division of UTF-8 byte lengths.
 */

export type ClawBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature?: string | null }
  | { type: 'tool_use'; id: string; name: string; input: string }
  | { type: 'tool_result'; tool_use_id: string; tool_name: string; output: string; is_error: boolean };

export interface ClawMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  blocks: ClawBlock[];
}

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

export function clawBlockTokens(b: ClawBlock): number {
  switch (b.type) {
    case 'text':
      return Math.floor(bytes(b.text) / 4) + 1;
    case 'tool_use':
      return Math.floor((bytes(b.name) + bytes(b.input)) / 4) + 1;
    case 'tool_result':
      return Math.floor((bytes(b.tool_name) + bytes(b.output)) / 4) + 1;
    case 'thinking':
      return Math.floor(bytes(b.thinking) / 4) + (typeof b.signature === 'string' ? Math.floor(bytes(b.signature) / 4) + 1 : 0);
  }
}

export function clawMessageTokens(m: ClawMessage): number {
  let n = 0;
  for (const b of m.blocks) n += clawBlockTokens(b);
  return n;
}

export function clawSessionTokens(messages: readonly ClawMessage[]): number {
  let n = 0;
  for (const m of messages) n += clawMessageTokens(m);
  return n;
}

/**
 * Convert a pi message to claw-code's shape, so claw-code arithmetic can run on OpenClaw transcripts.
 * Tool-call arguments become their JSON text; images are dropped (claw-code has no image block).
 */
export function piToClaw(message: Record<string, unknown>): ClawMessage | undefined {
  const role = message.role;
  const content = message.content;
  const list = Array.isArray(content) ? (content as Array<Record<string, unknown>>) : [];
  const textBlocks = (): ClawBlock[] =>
    typeof content === 'string'
      ? [{ type: 'text', text: content }]
      : list.filter((b) => b?.type === 'text').map((b) => ({ type: 'text', text: String(b.text ?? '') }));
  if (role === 'user' || role === 'custom') return { role: 'user', blocks: textBlocks() };
  if (role === 'assistant') {
    const out: ClawBlock[] = [];
    for (const b of list) {
      if (b?.type === 'text') out.push({ type: 'text', text: String(b.text ?? '') });
      else if (b?.type === 'thinking')
        out.push({ type: 'thinking', thinking: String(b.thinking ?? ''), signature: typeof b.thinkingSignature === 'string' ? b.thinkingSignature : null });
      else if (b?.type === 'toolCall')
        out.push({ type: 'tool_use', id: String(b.id ?? ''), name: String(b.name ?? ''), input: JSON.stringify(b.arguments ?? {}) });
    }
    return { role: 'assistant', blocks: out };
  }
  if (role === 'toolResult') {
    const output = typeof content === 'string' ? content : list.filter((b) => b?.type === 'text').map((b) => String(b.text ?? '')).join('\n');
    return {
      role: 'tool',
      blocks: [{ type: 'tool_result', tool_use_id: String(message.toolCallId ?? ''), tool_name: String(message.toolName ?? ''), output, is_error: message.isError === true }],
    };
  }
  if (role === 'compactionSummary' || role === 'branchSummary') return { role: 'system', blocks: [{ type: 'text', text: String(message.summary ?? '') }] };
  return undefined;
}
