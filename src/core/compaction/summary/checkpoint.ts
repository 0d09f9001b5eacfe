/**
 * Checkpoint compaction's summary (seed 001 §13: a post-compaction reload of ~600–700 tokens instead of a
 * full summary): the extracted facts verbatim under OpenClaw's five required headings, then the checkpoint
 * restore note (§8.2, at most 700 tokens), then what tools found and the artifact trail.
 *
 *   ## Decisions / ## Open TODOs / ## Constraints/Rules     the facts (core/facts), whole lines
 *   ## Pending user asks                                    the unresolved request (OpenClaw's line), else None.
 *   ## Exact identifiers                                    the audited identifiers, then the facts' identifiers
 *   ## Checkpoint restore                                   the latest ask summarised, the checkpoint's restore note
 *   ## Found by tools / ## Files                            tool facts, the artifact trail
 *
 * What the audit needs is always there (headings, the audited identifiers, the latest ask, the unresolved
 * request line); the facts fill the rest of the budget in their order of priority (decisions, TODOs, rules,
 * identifiers, tool facts, files; ten of each before any gets more), whole lines only, with a last line per
 * section counting what did not fit. The note leaves out decisions and open items the sections already quote.
 * No recent turns and no split-turn section: the kept tail follows the summary verbatim.
 */
import type { Checkpoint } from '../../checkpoint/schema';
import { renderInjection, DEFAULT_INJECTION_TOKENS, type RenderResult } from '../../checkpoint/render';
import { extractFacts, factLines, type ExtractedFacts } from '../../facts';
import { estimateTokens, type EstimatorFamily } from '../../tokens/estimator';
import { normalizeForMatch } from '../quality';
import { isRuntimeContextMessage } from '../openclaw/estimate';
import { EMPTY, EMPTY_IDENTIFIERS, extractMessageText, isObj, MAX_EXTRACTED_IDENTIFIERS, neutralizeSummaryHeadings, oneLineAskContext } from './contract';
import { type AuditResult, auditSummary, formatLatestUserRequestContext, hasAskOverlap, opaqueIdentifierCandidates } from './audit';
import { gist } from '../../transcript/text';
import { type CompactionInput } from './input';
import { auditInputsFor, compactionFileLists, type SummaryAuditInputs } from './mechanical';

/** The whole checkpoint summary's budget (tokens of the session's tokenizer family). */
export const CHECKPOINT_SUMMARY_TOKENS = 2000;
export const CHECKPOINT_SECTION = '## Checkpoint restore';
/** The latest ask is quoted up to this many characters (OpenClaw's audit checks its first keywords). */
const ASK_CHARS = 240;
/** Facts given a place before any kind gets more. */
const FIRST_ROUND = 10;

export interface CheckpointSummaryOptions {
  /** the session's checkpoint (core/checkpoint/fromPath.ts `checkpointOfPath` for the path being compacted) */
  checkpoint: Checkpoint;
  family?: EstimatorFamily;
  /** the whole summary (default 2,000 tokens) */
  maxTokens?: number;
  /** the restore note (default 700 tokens, seed §13) */
  noteTokens?: number;
  /** the session's compaction count once this one is written (the note warns above 3) */
  compactionCount?: number;
}

export interface CheckpointSummary {
  summary: string;
  details: { readFiles: string[]; modifiedFiles: string[] };
  facts: ExtractedFacts;
  note: RenderResult;
  auditInputs: SummaryAuditInputs;
  /** tokens of the summary (the family's estimate) */
  tokens: number;
  /** facts left out for lack of room, per section heading */
  omitted: Record<string, number>;
}

interface Section {
  heading: string;
  empty: string;
  fixed: string[];
  items: string[];
  chosen: number;
}

const bullet = (l: string) => (/^\s*[-*] /.test(l) ? l.trim() : `- ${l.trim()}`);

/** The checkpoint without the decisions, open items and learnings the fact lines already quote. */
function withoutQuoted(cp: Checkpoint, quoted: string): Checkpoint {
  const fresh = (s: string) => !quoted.includes(normalizeForMatch(s.replace(/…$/, '')));
  return { ...cp, decisions: cp.decisions.filter((d) => fresh(d.what)), open_items: cp.open_items.filter(fresh), learnings: cp.learnings.filter(fresh) };
}

/** The ask in ASK_CHARS when that still reflects it for OpenClaw's audit, else whole (on one line). */
function askGist(ask: string): string {
  const short = gist(ask, ASK_CHARS);
  return hasAskOverlap(short, ask) ? short : oneLineAskContext(ask);
}

export function buildCheckpointSummary(input: CompactionInput, opts: CheckpointSummaryOptions): CheckpointSummary {
  const family = opts.family ?? 'o200k';
  const maxTokens = Math.max(1, Math.floor(opts.maxTokens ?? CHECKPOINT_SUMMARY_TOKENS));
  const messages = [...input.messages, ...(input.turnPrefixMessages ?? [])].filter((m) => isObj(m) && !isRuntimeContextMessage(m));
  const audit = auditInputsFor(input);
  const facts = extractFacts(messages, input.previousSummary ? { previousSummary: input.previousSummary } : {});
  const lines = factLines(facts);
  const details = compactionFileLists(input);

  // the audited identifiers as written (OpenClaw normalises pure hex to upper case)
  const raw = new Map<string, string>();
  const oracle = messages.slice(-10).map(extractMessageText).filter(Boolean).join('\n');
  for (const c of opaqueIdentifierCandidates(oracle, MAX_EXTRACTED_IDENTIFIERS)) raw.set(c.normalized, c.raw);
  const audited = audit.identifiers.map((n) => raw.get(n) ?? n);
  const auditedLines = new Set(audited.map((v) => `- ${v}`));
  const clean = (ls: readonly string[]) => ls.map((l) => neutralizeSummaryHeadings(bullet(l)));

  const section = (heading: string, empty: string, fixed: string[], items: readonly string[]): Section => ({ heading, empty, fixed, items: clean(items), chosen: 0 });
  const pendingFixed = audit.latestUnresolvedUserRequest ? [formatLatestUserRequestContext(audit.latestUnresolvedUserRequest)] : [];
  const decisions = section('## Decisions', EMPTY, [], lines.decisions);
  const todos = section('## Open TODOs', EMPTY, [], lines.todos);
  const rules = section('## Constraints/Rules', EMPTY, [], lines.rules);
  const pending = section('## Pending user asks', EMPTY, pendingFixed, []);
  const idents = section('## Exact identifiers', EMPTY_IDENTIFIERS, [...auditedLines], lines.identifiers.filter((l) => !auditedLines.has(bullet(l).replace(/`/g, ''))));
  const tools = section('## Found by tools', EMPTY, [], lines.toolFacts);
  const files = section('## Files', EMPTY, [], lines.artifacts);
  const required = [decisions, todos, rules, pending, idents];
  const trailing = [tools, files];

  const quoted = normalizeForMatch([...decisions.items, ...todos.items, ...rules.items].join('\n'));
  const note = renderInjection(withoutQuoted(opts.checkpoint, quoted), { maxTokens: opts.noteTokens ?? DEFAULT_INJECTION_TOKENS, family, ...(opts.compactionCount !== undefined ? { compactionCount: opts.compactionCount } : {}) });
  const askLine = audit.latestAsk ? `Latest ask in the summarised part: ${askGist(audit.latestAsk)}\n\n` : '';
  const noteSection = `${CHECKPOINT_SECTION}\n${askLine}${neutralizeSummaryHeadings(note.text)}`;

  let omitted: Record<string, number> = {};
  const renderSection = (s: Section) => {
    const body = [...s.fixed, ...s.items.slice(0, s.chosen)];
    const left = s.items.length - s.chosen;
    if (left > 0) {
      omitted[s.heading.slice(3)] = left;
      body.push(`- ...and ${left} more`);
    }
    return `${s.heading}\n${body.length ? body.join('\n') : s.empty}`;
  };
  const text = () => {
    omitted = {};
    return [...required.map(renderSection), noteSection, ...trailing.filter((s) => s.items.length > 0).map(renderSection)].join('\n\n');
  };

  // fill: whole lines in priority order, ten per kind first; each added line is measured in the whole text
  const order = [decisions, todos, rules, idents, tools, files];
  for (const round of [FIRST_ROUND, Number.POSITIVE_INFINITY]) {
    for (const s of order) {
      let taken = 0;
      while (s.chosen < s.items.length && taken < round) {
        s.chosen++;
        if (estimateTokens(text(), family) > maxTokens) {
          s.chosen--;
          break;
        }
        taken++;
      }
    }
  }
  const summary = text();
  return { summary, details, facts, note, auditInputs: audit, tokens: estimateTokens(summary, family), omitted };
}

/** OpenClaw's audit of a checkpoint summary, with the inputs its safeguard would use. */
export function auditCheckpointSummary(r: CheckpointSummary): AuditResult {
  return auditSummary({
    summary: r.summary,
    identifiers: r.auditInputs.identifiers,
    latestAsk: r.auditInputs.latestAsk,
    ...(r.auditInputs.latestUnresolvedUserRequest ? { latestUnresolvedUserRequest: r.auditInputs.latestUnresolvedUserRequest } : {}),
  });
}
