/**
 * The post-compaction injection (seed 001 §8.2): a checkpoint rendered as agent-readable text, at most
 * 700 tokens (estimateTokens for the session's tokenizer family).
 *
 *   [Post-compaction checkpoint restore]
 *
 *   Working on: <working.topic>
 *   Status: <working.status>[ (interrupted during "<tool>": <params>)]
 *   Next action: <working.next_action>
 *
 *   Decisions made:
 *   - <what> (<HH:MM UTC>)
 *
 *   Thread: <thread.summary>
 *
 *   Open items:
 *   - <item>
 *
 *   Learnings (consider storing to long-term memory):
 *   - <item>
 *
 * Empty lines and sections are left out. With compaction_count > 3 a warning line follows the header
 * (seed §5.5). Every value is flattened to one line, so text from the conversation cannot start a
 * section of its own. Key exchanges are not part of the seed's block; `withExchanges` adds them under
 * the thread line.
 *
 * Over the budget, content is dropped in this order until it fits (TRIM_ORDER), and a last line says
 * what was left out and which checkpoint holds it:
 *   1. key exchanges (oldest first)      5. the thread summary
 *   2. learnings (oldest first)          6. the remaining decisions (oldest first)
 *   3. decisions beyond the newest 5     7. the remaining open items (oldest first)
 *   4. open items beyond the newest 5    8. next action, then topic, cut to 60 characters
 * Working state (topic, status, next action) goes last: it is what the agent resumes from.
 */
import { estimateTokens, type EstimatorFamily } from '../tokens/estimator';
import type { Checkpoint } from './schema';
import { gist } from '../transcript/text';

export const INJECTION_HEADER = '[Post-compaction checkpoint restore]';
export const DEFAULT_INJECTION_TOKENS = 700;
export const COMPACTION_WARNING_ABOVE = 3;
const KEEP_NEWEST = 5;
const LINE_CHARS = 300;
const SHORT_CHARS = 60;

export const TRIM_ORDER = ['exchanges', 'learnings', 'older-decisions', 'older-open-items', 'thread-summary', 'decisions', 'open-items', 'next-action', 'topic'] as const;
export type TrimStep = (typeof TRIM_ORDER)[number] | 'hard-cut';

export interface RenderOptions {
  /** token budget (default 700) */
  maxTokens?: number;
  /** tokenizer family of the session's model (default o200k) */
  family?: EstimatorFamily;
  /** the session's compaction count now, when newer than the checkpoint's */
  compactionCount?: number;
  /** add the key exchanges under the thread line (default false: the seed's shape) */
  withExchanges?: boolean;
}

export interface RenderResult {
  text: string;
  tokens: number;
  /** the steps applied, in order (one entry per item dropped) */
  trimmed: TrimStep[];
  omitted: { decisions: number; openItems: number; learnings: number; exchanges: number; summary: boolean };
}

interface Model {
  warning: string;
  topic: string;
  status: string;
  next: string;
  decisions: string[];
  summary: string;
  exchanges: string[];
  open: string[];
  learnings: string[];
}

const line = (s: string, max = LINE_CHARS) => gist(s, max);

function when(iso: string, created: string): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return '';
  const d = new Date(t).toISOString();
  const hm = d.slice(11, 16);
  return d.slice(0, 10) === created.slice(0, 10) ? hm : `${d.slice(0, 10)} ${hm}`;
}

function modelOf(cp: Checkpoint, opts: RenderOptions): Model {
  const count = Math.max(cp.meta.compaction_count, opts.compactionCount ?? 0);
  const w = cp.working;
  let status: string = w.status;
  if (w.interrupted) status += w.last_tool_call ? ` (interrupted during "${line(w.last_tool_call.name, 60)}": ${line(w.last_tool_call.params_summary, 120)})` : ' (interrupted)';
  const created = new Date(Date.parse(cp.meta.created_at) || 0).toISOString();
  return {
    warning: count > COMPACTION_WARNING_ABOVE ? `Warning: this session has compacted ${count} times (more than ${COMPACTION_WARNING_ABOVE}). Consider wrapping up and continuing in a fresh session.` : '',
    topic: line(w.topic),
    status,
    next: line(w.next_action),
    decisions: cp.decisions.map((d) => {
      const at = when(d.when, created);
      return `- ${line(d.what)}${at ? ` (${at})` : ''}`;
    }),
    summary: line(cp.thread.summary, 2 * LINE_CHARS),
    exchanges: opts.withExchanges ? cp.thread.key_exchanges.map((x) => `  ${x.role}: ${line(x.gist, 160)}`) : [],
    open: cp.open_items.map((o) => `- ${line(o)}`),
    learnings: cp.learnings.map((l) => `- ${line(l)}`),
  };
}

function text(m: Model, trailer: string): string {
  const blocks: string[] = [INJECTION_HEADER];
  if (m.warning) blocks.push(m.warning);
  const work = [m.topic && `Working on: ${m.topic}`, `Status: ${m.status}`, m.next && `Next action: ${m.next}`].filter(Boolean);
  blocks.push(work.join('\n'));
  if (m.decisions.length) blocks.push(['Decisions made:', ...m.decisions].join('\n'));
  if (m.summary || m.exchanges.length) blocks.push([m.summary ? `Thread: ${m.summary}` : 'Thread:', ...m.exchanges].join('\n'));
  if (m.open.length) blocks.push(['Open items:', ...m.open].join('\n'));
  if (m.learnings.length) blocks.push(['Learnings (consider storing to long-term memory):', ...m.learnings].join('\n'));
  if (trailer) blocks.push(trailer);
  return blocks.join('\n\n');
}

/** Render the injection block for a checkpoint within the token budget. */
export function renderInjection(cp: Checkpoint, opts: RenderOptions = {}): RenderResult {
  const max = opts.maxTokens ?? DEFAULT_INJECTION_TOKENS;
  const family = opts.family ?? 'o200k';
  const m = modelOf(cp, opts);
  const trimmed: TrimStep[] = [];
  const omitted = { decisions: 0, openItems: 0, learnings: 0, exchanges: 0, summary: false };
  const trailer = () => {
    if (!trimmed.length) return '';
    const parts: string[] = [];
    if (omitted.decisions) parts.push(`${omitted.decisions} older decision${omitted.decisions > 1 ? 's' : ''}`);
    if (omitted.openItems) parts.push(`${omitted.openItems} older open item${omitted.openItems > 1 ? 's' : ''}`);
    if (omitted.learnings) parts.push(`${omitted.learnings} learning${omitted.learnings > 1 ? 's' : ''}`);
    if (omitted.exchanges) parts.push(`${omitted.exchanges} key exchange${omitted.exchanges > 1 ? 's' : ''}`);
    if (omitted.summary) parts.push('the thread summary');
    const what = parts.length ? parts.join(', ') : 'some text shortened';
    return `(Trimmed to fit ${max} tokens: ${what} left out; full checkpoint: ${cp.meta.checkpoint_id}.yaml)`;
  };
  let out = text(m, trailer());
  let tokens = estimateTokens(out, family);
  const steps: Array<[TrimStep, () => boolean]> = [
    ['exchanges', () => !!m.exchanges.length && (m.exchanges.shift(), omitted.exchanges++, true)],
    ['learnings', () => !!m.learnings.length && (m.learnings.shift(), omitted.learnings++, true)],
    ['older-decisions', () => m.decisions.length > KEEP_NEWEST && (m.decisions.shift(), omitted.decisions++, true)],
    ['older-open-items', () => m.open.length > KEEP_NEWEST && (m.open.shift(), omitted.openItems++, true)],
    ['thread-summary', () => !!m.summary && ((m.summary = ''), (omitted.summary = true), true)],
    ['decisions', () => !!m.decisions.length && (m.decisions.shift(), omitted.decisions++, true)],
    ['open-items', () => !!m.open.length && (m.open.shift(), omitted.openItems++, true)],
    ['next-action', () => m.next.length > SHORT_CHARS && ((m.next = gist(m.next, SHORT_CHARS)), true)],
    ['topic', () => m.topic.length > SHORT_CHARS && ((m.topic = gist(m.topic, SHORT_CHARS)), true)],
  ];
  for (const [name, step] of steps) {
    while (tokens > max && step()) {
      trimmed.push(name);
      out = text(m, trailer());
      tokens = estimateTokens(out, family);
    }
  }
  // A budget smaller than the working lines themselves: cut the text (never exceed the budget).
  while (tokens > max && out.length) {
    let cut = Math.floor(out.length * 0.9);
    if (cut > 0 && (out.charCodeAt(cut - 1) & 0xfc00) === 0xd800) cut--; // never split a surrogate pair
    out = out.slice(0, cut).trimEnd();
    tokens = estimateTokens(out, family);
    trimmed.push('hard-cut');
  }
  return { text: out, tokens, trimmed, omitted };
}
