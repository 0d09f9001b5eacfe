/**
 * The mechanical summary (`buildMechanicalSummary`): OpenClaw's required headings filled from the transcript's
 * facts, plus seed 000's sections (done / key files / current task; its "pending" list is `## Open TODOs`),
 * built so that the audit passes: every audited identifier is listed, the latest ask is quoted, no message text
 * can produce a second required heading, and the body is fitted item by item (never cut blindly).
 */
import { type AgentMessage, estimateMessagesTokens, estimateStringChars, isRuntimeContextMessage, stringifyCompactionValue } from '../openclaw/estimate';
import { truncateUtf16Safe } from '../openclaw/utf16';
import { capCompactionSummary, MAX_COMPACTION_SUMMARY_CHARS } from '../openclaw/summaryBudget';
import { extractToolCalls } from '../openclaw/toolCalls';
import { computeFileLists, createFileOps, extractFileOpsFromMessage, formatFileOperations } from '../openclaw/fileOps';
import { DEFAULT_RECENT_TURNS_PRESERVE, EMPTY, EMPTY_IDENTIFIERS, extractLatestUserAsk, extractMessageText, isObj, item, type Json, KEY_FILES_MAX, MAX_EXTRACTED_IDENTIFIERS, MAX_SPLIT_TURN_CONTEXT_CHARS, MAX_WORKSPACE_RULES_CHARS, neutralizeSummaryHeadings, oneLineAskContext, SPLIT_TURN_SECTION_HEADING } from './contract';
import { type AskOverlapLexicon, type AuditParams, type AuditResult, auditSummary, extractOpaqueIdentifiers, formatLatestUserRequestContext, isPureHex, opaqueIdentifierCandidates } from './audit';
import { buildPreservedTurnsSection, capCompactionSuffix, collectToolFailures, formatToolFailuresSection, oneLine, splitPreservedRecentTurns } from './sections';
import { type CompactionInput } from './input';
import { type CompactionFacts, extractCompactionFacts, summaryLists } from './facts';
import { artifactLine } from '../../facts/render';
import { wholeSentences } from '../../facts/sentences';

export interface SummaryAuditInputs {
  identifiers: string[];
  latestAsk: string | null;
  /** The latest ask when it is in the split-turn prefix. */
  splitAsk: string | null;
  latestUnresolvedUserRequest?: string;
}

/** The audit inputs OpenClaw's safeguard derives from a compaction (identifiers of the last 10 messages …). */
export function auditInputsFor(input: CompactionInput): SummaryAuditInputs {
  const messages = input.messages.filter((m) => !isRuntimeContextMessage(m));
  const prefix = (input.turnPrefixMessages ?? []).filter((m) => !isRuntimeContextMessage(m));
  const oracle = [...messages, ...prefix];
  const splitAsk = prefix.length > 0 ? extractLatestUserAsk(prefix) : null;
  const out: SummaryAuditInputs = {
    identifiers: extractOpaqueIdentifiers(
      oracle
        .slice(-10)
        .map(extractMessageText)
        .filter(Boolean)
        .join('\n'),
    ),
    latestAsk: splitAsk ?? extractLatestUserAsk(messages),
    splitAsk,
  };
  if (input.latestUnresolvedUserRequest) out.latestUnresolvedUserRequest = input.latestUnresolvedUserRequest;
  return out;
}

export interface MechanicalSummary {
  /** The text to store as the compaction entry's `summary` (≤ maxChars). */
  summary: string;
  /** The structured part (required headings + seed sections). */
  body: string;
  /** Split-turn context, preserved turns, tool failures, file tags, workspace rules. */
  suffix: string;
  /** The split-turn section alone ('' when the turn is not split). */
  splitTurnSection: string;
  /** For the compaction entry's `details`. */
  details: { readFiles: string[]; modifiedFiles: string[] };
  facts: CompactionFacts;
  /** Items left out of each section for lack of room. */
  omitted: Record<string, number>;
  auditInputs: SummaryAuditInputs;
  /** Body or suffix had to be shortened. */
  truncated: boolean;
  /** False when the audited identifiers and the latest ask alone exceed the cap (the audit then fails). */
  feasible: boolean;
}

/** Tokens a summary may take for up to 30k dropped tokens; at least 600, at most a quarter of what it replaces; beyond 30k, 1/15 of it. */
export const SUMMARY_TARGET_TOKENS = 2000;
export const SUMMARY_MIN_TOKENS = 600;
export const SUMMARY_TARGET_RATIO = 15;

/** The summary's token target for `droppedTokens` (OpenClaw's estimate: CJK-weighted chars / 4). */
export function summaryTargetTokens(droppedTokens: number): number {
  const small = Math.min(SUMMARY_TARGET_TOKENS, Math.max(SUMMARY_MIN_TOKENS, Math.ceil(droppedTokens / 4)));
  return Math.max(small, Math.ceil(droppedTokens / SUMMARY_TARGET_RATIO));
}

/** A cost in OpenClaw's estimate characters (4 per token; a CJK ideograph counts 4). */
const cost = (s: string) => estimateStringChars(s);

/** The suffix's tail within `budget` estimate characters (its cap is in characters, so shrink until it fits). */
function capSuffixCost(suffix: string, budget: number): string {
  let n = Math.min(suffix.length, budget);
  let out = capCompactionSuffix(suffix, n);
  for (let i = 0; i < 8 && cost(out) > budget && n > 0; i++) {
    n = Math.max(0, Math.floor((n * budget) / cost(out)) - 1);
    out = capCompactionSuffix(suffix, n);
  }
  return cost(out) <= budget ? out : '';
}

interface SectionPlan {
  heading: string;
  empty: string;
  fixed: string[];
  items: Array<{ text: string; order: number }>;
  chosen: Set<number>;
  /** The first `facts` items are stated facts: they may use the suffix's reserve. */
  facts: number;
  /** The first `lead` items are filled before the sections after this one (default `facts`); the rest after them. */
  lead?: number;
}

/** A file path on one line for display. */
function displayPath(p: string): string {
  return oneLine(p).trim();
}

function splitTurnSection(prefix: readonly AgentMessage[], splitAsk: string | null): string {
  const early: string[] = [];
  let context = '';
  for (const m of prefix) {
    if (m.role === 'assistant' && m.provider !== 'openclaw') {
      const text = extractMessageText(m);
      if (text) {
        early.push(`- ${item(text, 200)}`);
        context = `- ${item(text, 300)}`;
      }
      for (const c of extractToolCalls(m)) {
        const block = (m.content as unknown[]).find((b) => isObj(b) && b.id === c.id) as Json | undefined;
        early.push(`- ${item(`${c.name ?? 'tool'}(${block ? stringifyCompactionValue(block.arguments ?? {}) : ''})`, 200)}`);
      }
    } else if (m.role === 'toolResult') {
      const text = extractMessageText(m);
      const name = typeof m.toolName === 'string' && m.toolName.trim() ? m.toolName : 'tool';
      context = `- ${item(`${name}${m.isError === true ? ' failed' : ''}: ${text || '(no output)'}`, 300)}`;
    }
  }
  const lines = [
    SPLIT_TURN_SECTION_HEADING,
    '',
    '### Original Request',
    splitAsk ? `- ${item(splitAsk, 600)}` : `- ${EMPTY}`,
    '### Early Progress',
    ...(early.length > 0 ? early.slice(-12) : [`- ${EMPTY}`]),
    '### Context for Suffix',
    context || `- ${EMPTY}`,
  ];
  return capCompactionSummary(lines.join('\n'), MAX_SPLIT_TURN_CONTEXT_CHARS);
}

function workspaceRulesSection(rules: string | undefined): string {
  const text = neutralizeSummaryHeadings(rules?.trim() ?? '');
  if (!text) return '';
  const body = text.length > MAX_WORKSPACE_RULES_CHARS ? `${truncateUtf16Safe(text, MAX_WORKSPACE_RULES_CHARS)}\n...[truncated]...` : text;
  return `\n\n<workspace-critical-rules>\n${body}\n</workspace-critical-rules>`;
}

/** The compaction's file lists: `fileOps` when given, else OpenClaw's rule over the messages plus a non-hook previous compaction's lists. */
export function compactionFileLists(input: CompactionInput): { readFiles: string[]; modifiedFiles: string[] } {
  if (input.fileOps) return { readFiles: [...input.fileOps.readFiles], modifiedFiles: [...input.fileOps.modifiedFiles] };
  const ops = createFileOps();
  const prev = input.previousDetails;
  if (prev && Array.isArray(prev.readFiles)) for (const f of prev.readFiles) if (typeof f === 'string') ops.read.add(f);
  if (prev && Array.isArray(prev.modifiedFiles)) for (const f of prev.modifiedFiles) if (typeof f === 'string') ops.edited.add(f);
  for (const m of [...input.messages, ...(input.turnPrefixMessages ?? [])]) if (isObj(m)) extractFileOpsFromMessage(m, ops);
  return computeFileLists(ops);
}

/**
 * What OpenClaw appends after the summary body, in its order: the split-turn section (given), the
 * recent turns verbatim, tool failures, file tags, workspace rules. Uncapped (≤ about 20,000 chars).
 */
export function buildSummarySuffix(input: CompactionInput, splitSection: string, details: { readFiles: readonly string[]; modifiedFiles: readonly string[] }): string {
  const messages = input.messages.filter((m) => isObj(m) && !isRuntimeContextMessage(m));
  const prefix = (input.turnPrefixMessages ?? []).filter((m) => isObj(m) && !isRuntimeContextMessage(m));
  const preserved = splitPreservedRecentTurns(messages, input.recentTurnsPreserve ?? DEFAULT_RECENT_TURNS_PRESERVE).preservedMessages;
  return [
    splitSection ? `\n\n${splitSection}` : '',
    buildPreservedTurnsSection(preserved),
    formatToolFailuresSection(collectToolFailures([...messages, ...prefix])),
    formatFileOperations(details.readFiles.map(displayPath), details.modifiedFiles.map(displayPath)),
    workspaceRulesSection(input.workspaceRules),
  ].join('');
}

/**
 * Fit a body written elsewhere (a model's) and a suffix into `maxChars` as OpenClaw does: the body
 * keeps at least half (cut with `[Compaction summary truncated to fit budget]`), the suffix its tail.
 */
export function fitSummary(body: string, suffix: string, maxChars = MAX_COMPACTION_SUMMARY_CHARS): { summary: string; body: string; suffix: string; truncated: boolean } {
  if (body.length + suffix.length <= maxChars) return { summary: body + suffix, body, suffix, truncated: false };
  const bodySlot = Math.min(body.length, Math.max(Math.ceil(maxChars / 2), maxChars - suffix.length));
  const cappedBody = capCompactionSummary(body, bodySlot);
  const cappedSuffix = capCompactionSuffix(suffix, Math.max(0, maxChars - cappedBody.length));
  return { summary: cappedBody + cappedSuffix, body: cappedBody, suffix: cappedSuffix, truncated: true };
}

/**
 * The mechanical compaction summary: OpenClaw's five sections, seed 000's done / key files / current
 * task, then (as OpenClaw appends them) the split-turn context, the recent turns verbatim, tool
 * failures, `<read-files>` / `<modified-files>` and workspace rules; ≤ `maxChars` (16,000).
 *
 * The budget is a token target (`summaryTargetTokens`: 2,000 for up to 30k dropped tokens) within `maxChars`,
 * spent by priority: the facts stated (decisions with their reasons, rules, TODOs, identifiers, tool findings;
 * src/core/facts) verbatim first, then progress and open work (checklist items, current task, the artifact
 * trail under `## Key files`, done), then the suffix — recent turns — which keeps its tail (tool failures and
 * file tags keep an eighth of the budget). Lines are whole sentences; none is cut while budget remains.
 * Always kept: the headings, the audited identifiers, the latest ask, the unresolved-request line.
 */
export function buildMechanicalSummary(input: CompactionInput): MechanicalSummary {
  const maxChars = Math.max(1, Math.floor(input.maxChars ?? MAX_COMPACTION_SUMMARY_CHARS));
  const prefix = (input.turnPrefixMessages ?? []).filter((m) => isObj(m) && !isRuntimeContextMessage(m));
  const messages = input.messages.filter((m) => isObj(m) && !isRuntimeContextMessage(m));
  const audit = auditInputsFor(input);
  const facts = extractCompactionFacts([...messages, ...prefix], input.previousSummary);

  const details = compactionFileLists(input);
  const splitSection = prefix.length > 0 ? splitTurnSection(prefix, audit.splitAsk) : '';
  const fullSuffix = buildSummarySuffix(input, splitSection, details);

  // ------------------------------------------------------------------ body sections
  const askLine = audit.latestAsk ? `- Latest ask: ${oneLineAskContext(audit.latestAsk)}` : '';
  const auditedRaw = new Map<string, string>();
  const oracleText = [...messages, ...prefix]
    .slice(-10)
    .map(extractMessageText)
    .filter(Boolean)
    .join('\n');
  for (const c of opaqueIdentifierCandidates(oracleText, MAX_EXTRACTED_IDENTIFIERS)) auditedRaw.set(c.normalized, c.raw);
  const auditedLines = audit.identifiers.map((n) => `- ${auditedRaw.get(n) ?? n}`); // no whitespace in them: verbatim
  const auditedSet = new Set(audit.identifiers);

  const plan = (heading: string, empty: string, fixed: string[], texts: string[], facts = 0): SectionPlan => ({
    heading,
    empty,
    fixed,
    items: texts.map((text, order) => ({ text, order })),
    chosen: new Set<number>(),
    facts,
  });
  const answered = facts.asks.filter((a) => a.answered && a.index < messages.length); // the split turn is still running
  const done = [
    ...facts.carriedDone.map((d) => `- ${d}`),
    ...answered.map((a) => `- [x] ${wholeSentences(a.text, 300)} → ${wholeSentences(a.answer ?? '', 200)}`),
    ...facts.closedTodos.map((t) => `- [x] ${t}`),
  ];
  // The artifact trail (every file, what was done to it, by which tools), then files from OpenClaw's lists and
  // the previous summary, then at most 8 paths only mentioned.
  const keyFiles: string[] = [];
  const keySeen = new Set<string>();
  const addKey = (p: string, line: string) => {
    const d = displayPath(p);
    if (!d || keySeen.has(d)) return;
    keySeen.add(d);
    keyFiles.push(`- ${line}`);
  };
  for (const a of facts.extracted.artifacts) addKey(a.path, artifactLine(a));
  for (const p of [...details.modifiedFiles, ...facts.toolModifiedFiles]) addKey(p, `${displayPath(p)} (modified)`);
  for (const p of [...details.readFiles, ...facts.toolReadFiles]) addKey(p, `${displayPath(p)} (read)`);
  for (const k of facts.carriedKeyFiles) addKey(k.replace(/ (?:\((?:modified|read)\)|— .*)$/, ''), k);
  let mentioned = 0;
  for (const f of facts.identifiers) if (f.kind === 'path' && mentioned < KEY_FILES_MAX && !keySeen.has(displayPath(f.value))) (addKey(f.value, displayPath(f.value)), mentioned++);
  const pendingFixed = input.latestUnresolvedUserRequest ? [formatLatestUserRequestContext(input.latestUnresolvedUserRequest)] : [];
  const lists = summaryLists(facts);
  // a finding that restates a stated fact (a decision read back from a document) is listed once, as that fact
  const statedLines = [...lists.decisions, ...lists.constraints, ...lists.todos];
  const toolFindings = facts.extracted.toolFacts.filter((f) => !statedLines.some((l) => l.includes(f.text))).map((f) => `- ${oneLine(f.toolName)}: ${f.text}`);
  // carried and stated identifiers lead; those only a tool returned come after the tool findings
  const notAudited = (v: string) => !auditedSet.has(isPureHex(v) ? v.toUpperCase() : v);
  const leadIdentifiers = [...new Set([...facts.carriedIdentifiers, ...lists.identifiers.slice(0, lists.statedIdentifiers)])].filter(notAudited);
  const identifierItems = [...new Set([...leadIdentifiers, ...lists.identifiers.slice(lists.statedIdentifiers)])].filter(notAudited).map((v) => `- ${oneLine(v)}`);
  const sections: SectionPlan[] = [
    plan('## Decisions', EMPTY, [], lists.decisions.map((d) => `- ${d}`), lists.decisions.length),
    plan('## Open TODOs', EMPTY, [], lists.todos.map((t) => `- ${t}`), lists.statedTodos),
    plan('## Constraints/Rules', EMPTY, [], lists.constraints.map((c) => `- ${c}`), lists.constraints.length),
    plan(
      '## Pending user asks',
      EMPTY,
      pendingFixed,
      facts.pendingAsks.map((a) => `- ${a}`),
    ),
    plan(
      '## Exact identifiers',
      EMPTY_IDENTIFIERS,
      auditedLines,
      identifierItems,
      Number.POSITIVE_INFINITY,
    ),
    plan('## Found by tools', EMPTY, [], toolFindings, toolFindings.length),
    plan('## Done', EMPTY, [], done),
    plan('## Key files', EMPTY, [], keyFiles),
    plan('## Current task', EMPTY, askLine ? [askLine] : [], facts.lastReply ? [`- Last reply: ${wholeSentences(facts.lastReply, 300)}`] : []),
  ];
  const [decisions, todos, constraints, pending, identifiers, found, doneS, keys, current] = sections as [SectionPlan, SectionPlan, SectionPlan, SectionPlan, SectionPlan, SectionPlan, SectionPlan, SectionPlan, SectionPlan];
  identifiers.lead = leadIdentifiers.length;

  const sectionLength = (s: SectionPlan, extra = 0) => {
    const lines = s.fixed.length + s.chosen.size;
    let len = cost(s.heading) + 1;
    if (lines === 0) return len + cost(s.empty) + extra;
    for (const f of s.fixed) len += cost(f) + 1;
    for (const i of s.chosen) len += cost(s.items[i]!.text) + 1;
    return len - 1 + extra;
  };
  const bodyLength = () => sections.reduce((n, s) => n + sectionLength(s), 0) + 2 * (sections.length - 1);
  const minimumBody = bodyLength();

  // Budget (in estimate characters, 4 per token): the token target within the character cap. The body is filled
  // first — facts verbatim, then progress and open work — and the suffix (recent turns, failures, file tags)
  // gets what is left, keeping its newest part.
  const droppedTokens = estimateMessagesTokens([...messages, ...prefix]) + (input.previousSummary ? Math.ceil(cost(input.previousSummary) / 4) : 0);
  const target = input.targetTokens ?? summaryTargetTokens(droppedTokens);
  const budget = Math.max(1, Math.min(maxChars, Number.isFinite(target) ? Math.floor(target * 4) : maxChars));
  const OVERFLOW_RESERVE = 24 * sections.length;

  // Fill: stated facts in the order stated (the previous summary's first), ten per kind before any kind gets
  // more (tool findings are facts too); then checklist items (newest first), current task, files, done. An identifier already
  // quoted by a chosen line is not repeated.
  const tiers: Array<{ s: SectionPlan; newestFirst: boolean; part?: 'lead' | 'rest' }> = [
    { s: pending, newestFirst: false },
    { s: decisions, newestFirst: false },
    { s: constraints, newestFirst: false },
    { s: todos, newestFirst: true },
    { s: identifiers, newestFirst: false, part: 'lead' },
    { s: found, newestFirst: false },
    { s: identifiers, newestFirst: false, part: 'rest' },
    { s: current, newestFirst: true },
    { s: keys, newestFirst: false },
    { s: doneS, newestFirst: true },
  ];
  let length = minimumBody;
  // The suffix keeps an eighth of the budget against facts (its tail: tool failures, file tags), a quarter against the rest.
  const budgetForItems = Math.max(minimumBody, budget - OVERFLOW_RESERVE - Math.min(cost(fullSuffix), Math.floor(budget / 8)));
  const budgetForOthers = Math.max(minimumBody, budget - OVERFLOW_RESERVE - Math.min(cost(fullSuffix), Math.floor(budget / 4)));
  const quoted: string[] = [];
  const tryAdd = (s: SectionPlan, i: number): void => {
    if (s.chosen.has(i)) return;
    const text = s.items[i]!.text;
    if (s === identifiers && quoted.some((q) => q.includes(text.slice(2)))) return;
    // what the line adds to its section (sectionLength's arithmetic, without re-measuring every chosen line)
    const delta = s.fixed.length + s.chosen.size === 0 ? cost(text) - cost(s.empty) : cost(text) + 1;
    if (length + delta <= (i < s.facts ? budgetForItems : budgetForOthers)) {
      s.chosen.add(i);
      length += delta;
      if (s === decisions || s === constraints || s === todos || s === found) quoted.push(text);
    }
  };
  const fill = (round: number) => {
    for (const { s, newestFirst, part } of tiers) {
      // stated facts first, in order; then the rest, newest first when asked
      let order = s.items.map((_, i) => i);
      const rest = order.splice(Math.min(s.facts, order.length));
      order.push(...(newestFirst ? rest.reverse() : rest));
      if (part) order = order.filter((i) => (i < (s.lead ?? s.facts)) === (part === 'lead'));
      let taken = 0;
      for (const i of order) {
        if (taken >= round) break;
        if (!s.chosen.has(i)) tryAdd(s, i);
        if (s.chosen.has(i)) taken++;
      }
    }
  };
  fill(10);
  fill(Number.POSITIVE_INFINITY);
  // an identifier that a fact line chosen after it quotes is listed once: its line gives its room back
  const requoted = [...identifiers.chosen].filter((i) => quoted.some((q) => q.includes(identifiers.items[i]!.text.slice(2))));
  if (requoted.length > 0) {
    for (const i of requoted) identifiers.chosen.delete(i);
    length = bodyLength();
    fill(Number.POSITIVE_INFINITY);
  }
  const omitted: Record<string, number> = {};
  let truncated = false;
  const render = (s: SectionPlan) => {
    const lines = [...s.fixed, ...[...s.chosen].sort((a, b) => a - b).map((i) => s.items[i]!.text)];
    const left = s.items.filter((it, i) => !s.chosen.has(i) && !(s === identifiers && quoted.some((q) => q.includes(it.text.slice(2))))).length;
    if (left > 0) {
      omitted[s.heading.slice(3)] = left;
      truncated = true;
      lines.push(`- ...and ${left} more`);
    }
    return `${s.heading}\n${lines.length > 0 ? lines.join('\n') : s.empty}`;
  };
  let body = sections.map(render).join('\n\n');
  const feasible = minimumBody <= maxChars;
  let suffix = fullSuffix;
  if (cost(body) + cost(suffix) > budget) {
    suffix = capSuffixCost(fullSuffix, Math.max(0, budget - cost(body)));
    truncated = true;
  }
  if (body.length + suffix.length > maxChars) {
    // Only when the protected content alone is too large: cut, keeping as much as fits.
    suffix = capCompactionSuffix(suffix, Math.max(0, maxChars - body.length));
    if (body.length + suffix.length > maxChars) body = capCompactionSummary(body, maxChars - suffix.length);
    truncated = true;
  }
  return {
    summary: `${body}${suffix}`,
    body,
    suffix,
    splitTurnSection: splitSection,
    details,
    facts,
    omitted,
    auditInputs: audit,
    truncated,
    feasible,
  };
}

/** Audit a mechanical summary with the inputs OpenClaw's safeguard would use. */
export function auditMechanicalSummary(result: MechanicalSummary, lexicon?: AskOverlapLexicon): AuditResult {
  const p: AuditParams = {
    summary: result.summary,
    structuralSummary: result.body,
    sourceSummaries: [result.body, result.splitTurnSection].filter(Boolean),
    identifiers: result.auditInputs.identifiers,
    latestAsk: result.auditInputs.latestAsk,
  };
  if (result.auditInputs.latestUnresolvedUserRequest) p.latestUnresolvedUserRequest = result.auditInputs.latestUnresolvedUserRequest;
  if (result.auditInputs.splitAsk !== null) p.retainedTurnSummary = result.splitTurnSection;
  if (lexicon) p.lexicon = lexicon;
  return auditSummary(p);
}
