/**
 * The active context as a readable Markdown document: what the model sees next turn, in order.
 */
import type { EntryMeta } from '../store/types';
import { approxSigned, approxTokens, formatTokens, mdTilde } from './format';
import type { SessionState } from './model';
import { gaugeShort, sessionModel } from './viewModel';
import { openclawDifference, PRE_PROMPT_ESTIMATE_ROLE, type SessionFigures } from './figures';
import { estOf } from '../store/entries';
import { isoTime } from '../store/time';

type Json = Record<string, unknown>;

const MAX_BLOCK_CHARS = 20_000;

function clip(s: string): string {
  return s.length > MAX_BLOCK_CHARS ? `${s.slice(0, MAX_BLOCK_CHARS)}\n… [${s.length - MAX_BLOCK_CHARS} more characters not shown]` : s;
}

function fence(s: string, lang = ''): string {
  const longest = Math.max(2, ...[...s.matchAll(/`{3,}/g)].map((m) => m[0].length));
  const f = '`'.repeat(longest + 1);
  return `${f}${lang}\n${clip(s)}\n${f}`;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as Json[])
    .map((b) => (b?.type === 'text' ? String(b.text ?? '') : b?.type === 'image' ? '[image]' : ''))
    .filter(Boolean)
    .join('\n');
}

function renderEntry(meta: EntryMeta, full: Json | undefined): string {
  if (!full) return '_(entry could not be read)_';
  if (meta.kind === 'compaction') return `The conversation history before this point was compacted into the following summary:\n\n${fence(String(full.summary ?? ''), 'markdown')}`;
  if (meta.kind === 'branch_summary') return fence(String(full.summary ?? ''), 'markdown');
  if (meta.kind === 'custom_message') return fence(textOf(full.content));
  const m = (full.message ?? {}) as Json;
  const out: string[] = [];
  if (m.role === 'assistant' && Array.isArray(m.content)) {
    for (const b of m.content as Json[]) {
      if (b?.type === 'text') out.push(clip(String(b.text ?? '')));
      else if (b?.type === 'thinking') out.push(`> _thinking:_ ${clip(String(b.thinking ?? '')).replace(/\n/g, '\n> ')}`);
      else if (b?.type === 'toolCall') out.push(`**→ ${String(b.name ?? '?')}**\n${fence(JSON.stringify(b.arguments ?? {}, null, 2), 'json')}`);
    }
    if (typeof m.errorMessage === 'string') out.push(`**error:** ${m.errorMessage}`);
    return out.join('\n\n') || '_(no content)_';
  }
  if (m.role === 'bashExecution') return fence(`$ ${String(m.command ?? '')}\n${String(m.output ?? '')}`, 'console');
  const t = textOf(m.content);
  return m.role === 'toolResult' ? fence(t) : clip(t) || '_(empty)_';
}

/** `### 3. user · ~27 tokens · …`; without `n`, no number (documents whose diffs line up on content). */
function heading(meta: EntryMeta, n?: number): string {
  const who =
    meta.kind === 'compaction'
      ? 'compaction summary'
      : meta.kind === 'branch_summary'
        ? 'branch summary'
        : meta.kind === 'custom_message'
          ? 'injected message (sent as user)'
          : meta.role === 'toolResult'
            ? `tool result · ${meta.toolName ?? '?'}`
            : (meta.role ?? meta.type);
  const at = isoTime(meta.timestamp);
  const when = at ? ` · ${at.replace('T', ' ').slice(0, 19)}` : '';
  const usage = meta.usageTokens ? ` · usage ${formatTokens(meta.usageTokens)}` : '';
  return `### ${n === undefined ? '' : `${n}. `}${who} · ~${formatTokens(estOf(meta))} tokens${usage}${when}`;
}

/** The document's figures: the same used figure, basis and composition as the status bar's tooltip. */
export function figuresHeader(f: SessionFigures): string[] {
  const out = [`- Gauge: **${mdTilde(gaugeShort(f))}** (${mdTilde(f.basisText)})`];
  if (f.health.primary !== 'ok') out.push(...f.health.flags.map((x) => `- State: **${x.word}**: ${mdTilde(x.line)}`));
  const why = openclawDifference(f);
  if (f.openclawReports !== undefined) out.push(`- OpenClaw reports ${formatTokens(f.openclawReports)}${why ? `: ${why}` : ''}`);
  if (f.openclawEstimate !== undefined) out.push(`- OpenClaw's pre-prompt estimate: ${formatTokens(f.openclawEstimate)} (${PRE_PROMPT_ESTIMATE_ROLE})`);
  if (f.composition.length) {
    const parts = f.composition.map((p) => `${p.label} ${mdTilde(approxSigned(p.tokens))}`);
    out.push(`- What is in it: ${parts.join(' + ')} = ${mdTilde(approxTokens(f.used, f.estimated))}`);
  }
  return out;
}

export function renderContextDocument(s: SessionState, full: ReadonlyArray<Json | undefined>): string {
  const ctx = s.context;
  const out: string[] = [];
  out.push(`# Active context — ${s.row.key}`);
  out.push('');
  out.push(...figuresHeader(s.figures));
  const model = sessionModel(s);
  if (model) out.push(`- Model: ${model}`);
  out.push(`- Agent: ${s.agentId} · session id \`${s.row.sessionId}\` · ${s.remote ? `remote Gateway ${s.remote} (its display history, chat.history: a compaction's summary and the messages OpenClaw kept verbatim are not sent, so after a compaction this starts at the compaction; texts over 100,000 characters are shortened)` : `${s.era === 'sqlite' ? 'SQLite' : 'JSONL'} store`}`);
  if (!ctx) {
    out.push('', '_The transcript could not be read. See “OpenClaw Context: Show Diagnostics”._');
    return out.join('\n');
  }
  out.push(`- Messages in context: ${ctx.items.length}${ctx.compaction ? ' (after a compaction)' : ''}${ctx.reset ? ' (since the last reset)' : ''}`);
  if (ctx.missingParent) out.push(`- ⚠️ entry \`${ctx.missingParent}\` is missing: the context starts after it`);
  out.push('', '_The system prompt, workspace files and tool schemas precede these messages; they are not stored in the transcript._', '');
  ctx.items.forEach((meta, i) => {
    out.push(heading(meta, i + 1), '', renderEntry(meta, full[i]), '');
  });
  return out.join('\n');
}

/**
 * A list of context items as a document without item numbers (so a diff of two lists lines up on
 * content): the compaction preview's "before" and "after", "what a compaction dropped".
 */
export function renderItemsDocument(title: string, intro: readonly string[], items: readonly EntryMeta[], full: ReadonlyArray<Json | undefined>): string {
  const out: string[] = [`# ${title}`, '', ...intro, ''];
  pushItems(out, items, full);
  if (!items.length) out.push('_(nothing)_');
  return out.join('\n');
}

function pushItems(out: string[], items: readonly EntryMeta[], full: ReadonlyArray<Json | undefined>): void {
  items.forEach((meta, i) => {
    out.push(heading(meta), '', renderEntry(meta, full[i]), '');
  });
}

/** The line both sides of a compaction preview share where the dropped messages end and the summary begins. */
export const COMPACTION_POINT = '────────── compaction point: the messages before this line (left) are replaced by the summary after it (right) ──────────';
/** Every line of the summary in a compaction preview starts with this bar, so no summary line equals a dropped line. */
export const SUMMARY_BAR = '┃ ';

/**
 * The compaction preview's two documents. A diff editor pairs a deleted block with the inserted block next to it
 * and then diffs them character by character, which on tens of thousands of dropped characters runs past VS Code's
 * 5-second limit. So the two sides share one line between the dropped messages (left, above it) and the summary
 * (right, below it), and every summary line carries a bar no transcript line has: the dropped messages are a pure
 * deletion, the summary a pure insertion, the kept tail unchanged.
 */
export function renderCompactionPreview(
  key: string,
  intro: readonly string[],
  dropped: { items: readonly EntryMeta[]; full: ReadonlyArray<Json | undefined> },
  summary: { meta: EntryMeta; text: string },
  kept: { items: readonly EntryMeta[]; full: ReadonlyArray<Json | undefined> },
): { before: string; after: string } {
  const head = (title: string) => [`# ${title}`, '', ...intro, ''];
  const before = head(`Context before — ${key}`);
  pushItems(before, dropped.items, dropped.full);
  before.push(COMPACTION_POINT, '');
  pushItems(before, kept.items, kept.full);
  const after = head(`Context after compaction — ${key}`);
  // no bare line between the compaction point and the kept tail: a blank line there could pair with a dropped one
  const summaryLines = [heading(summary.meta).slice('### '.length), '', ...summary.text.split('\n')];
  after.push(COMPACTION_POINT, ...summaryLines.map((l) => `${SUMMARY_BAR}${l}`.trimEnd()), '');
  pushItems(after, kept.items, kept.full);
  return { before: before.join('\n'), after: after.join('\n') };
}
