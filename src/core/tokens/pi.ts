/**
 * pi-coding-agent's token arithmetic, reproduced exactly (openclaw-formats.md §5.1–5.2). These are
 * compatibility estimators: use them wherever we must agree with pi/OpenClaw's own numbers.
 */

type Json = Record<string, unknown>;

/** Content blocks of a pi message: a plain string, or an array of blocks. */
function blocks(content: unknown): Json[] {
  return Array.isArray(content) ? (content.filter((b) => b && typeof b === 'object') as Json[]) : [];
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** Characters pi counts for one message (before the /4). */
export function piMessageChars(message: Json): number {
  const role = message.role;
  const content = message.content;
  switch (role) {
    case 'user': {
      if (typeof content === 'string') return content.length;
      let n = 0;
      for (const b of blocks(content)) if (b.type === 'text') n += str(b.text).length;
      return n; // images are not counted for user messages
    }
    case 'assistant': {
      let n = 0;
      for (const b of blocks(content)) {
        if (b.type === 'text') n += str(b.text).length;
        else if (b.type === 'thinking') n += str(b.thinking).length;
        else if (b.type === 'toolCall') n += str(b.name).length + safeJsonLength(b.arguments);
      }
      return n;
    }
    case 'custom':
    case 'toolResult': {
      if (typeof content === 'string') return content.length;
      let n = 0;
      for (const b of blocks(content)) {
        if (b.type === 'text') n += str(b.text).length;
        else if (b.type === 'image') n += 4800;
      }
      return n;
    }
    case 'bashExecution':
      return str(message.command).length + str(message.output).length;
    case 'branchSummary':
    case 'compactionSummary':
      return str(message.summary).length;
    default:
      return 0; // system and anything else
  }
}

function safeJsonLength(v: unknown): number {
  try {
    const s = JSON.stringify(v);
    return typeof s === 'string' ? s.length : 0;
  } catch {
    return 0;
  }
}

/** pi `estimateTokens(message)`: ceil(chars / 4). */
export function piEstimateTokens(message: Json): number {
  return Math.ceil(piMessageChars(message) / 4);
}

export interface PiUsage {
  input?: number;
  output?: number;
  cacheRead?: number;
  cacheWrite?: number;
  totalTokens?: number;
}

function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

/** pi `calculateContextTokens(usage)` = totalTokens || input + output + cacheRead + cacheWrite. */
export function calculateContextTokens(usage: PiUsage | Json): number {
  const u = usage as Json;
  return num(u.totalTokens) || num(u.input) + num(u.output) + num(u.cacheRead) + num(u.cacheWrite);
}

/**
 * The usage of an assistant message counts as "real" (pi `getLastAssistantUsage` plus OpenClaw's
 * delivery-mirror rule) when: it has usage, its stopReason is not aborted/error, it is not an
 * OpenClaw-synthesised row (provider "openclaw": delivery mirrors, gateway-injected notices), and the
 * usage is not all zero.
 */
export function realAssistantUsage(message: Json): number | undefined {
  if (message.role !== 'assistant') return undefined;
  const usage = message.usage;
  if (!usage || typeof usage !== 'object') return undefined;
  if (message.stopReason === 'aborted' || message.stopReason === 'error') return undefined;
  if (message.provider === 'openclaw' || message.model === 'delivery-mirror') return undefined;
  const t = calculateContextTokens(usage as Json);
  return t > 0 ? t : undefined;
}

export interface ContextEstimate {
  tokens: number;
  usageTokens: number;
  trailingTokens: number;
  lastUsageIndex: number | null;
}

/**
 * pi `estimateContextTokens` over a list of context items, each carrying its pi estimate and, for
 * assistant rows, its real usage: last usage + estimates of everything after it; with no usage, the
 * sum of all estimates.
 */
export function estimateContextTokens(items: ReadonlyArray<{ tokens: number; usageTokens?: number }>): ContextEstimate {
  let last = -1;
  for (let i = items.length - 1; i >= 0; i--) {
    if (items[i]!.usageTokens !== undefined) {
      last = i;
      break;
    }
  }
  if (last < 0) {
    let sum = 0;
    for (const it of items) sum += it.tokens;
    return { tokens: sum, usageTokens: 0, trailingTokens: sum, lastUsageIndex: null };
  }
  const usageTokens = items[last]!.usageTokens!;
  let trailing = 0;
  for (let i = last + 1; i < items.length; i++) trailing += items[i]!.tokens;
  return { tokens: usageTokens + trailing, usageTokens, trailingTokens: trailing, lastUsageIndex: last };
}
