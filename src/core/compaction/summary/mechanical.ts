/**
 * The mechanical summary (`buildMechanicalSummary`): OpenClaw's required headings filled from the transcript's
 * facts, plus seed 000's sections (done / key files / current task; its "pending" list is `## Open TODOs`),
 * built so that the audit passes: every audited identifier is listed, the latest ask is quoted, no message text
 * can produce a second required heading, and the body is fitted item by item (never cut blindly).
 */
import { type AgentMessage, isRuntimeContextMessage, stringifyCompactionValue } from '../openclaw/estimate';
import { truncateUtf16Safe } from '../openclaw/utf16';
import { capCompactionSummary, MAX_COMPACTION_SUMMARY_CHARS } from '../openclaw/summaryBudget';
import { extractToolCalls } from '../openclaw/toolCalls';
import { computeFileLists, createFileOps, extractFileOpsFromMessage, formatFileOperations } from '../openclaw/fileOps';
import { DEFAULT_RECENT_TURNS_PRESERVE, EMPTY, EMPTY_IDENTIFIERS, extractLatestUserAsk, extractMessageText, isObj, item, type Json, KEY_FILES_MAX, MAX_EXTRACTED_IDENTIFIERS, MAX_SPLIT_TURN_CONTEXT_CHARS, MAX_WORKSPACE_RULES_CHARS, neutralizeSummaryHeadings, oneLineAskContext, SPLIT_TURN_SECTION_HEADING } from './contract';
import { type AskOverlapLexicon, type AuditParams, type AuditResult, auditSummary, extractOpaqueIdentifiers, formatLatestUserRequestContext, isPureHex, opaqueIdentifierCandidates } from './audit';
import { buildPreservedTurnsSection, capCompactionSuffix, collectToolFailures, formatToolFailuresSection, oneLine, splitPreservedRecentTurns } from './sections';
import { type CompactionInput } from './input';
import { type CompactionFacts, extractCompactionFacts } from './facts';

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

interface SectionPlan {
  heading: string;
  empty: string;
  fixed: string[];
  items: Array<{ text: string; order: number }>;
  chosen: Set<number>;
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
 * When everything does not fit, the body keeps at least half the budget (OpenClaw's rule) and is
 * filled by priority — pending asks, the last reply, open TODOs, decisions, constraints, key files,
 * identifiers, done — newest first, ten per kind before any kind gets more; the suffix keeps its tail.
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

  const plan = (heading: string, empty: string, fixed: string[], texts: string[]): SectionPlan => ({
    heading,
    empty,
    fixed,
    items: texts.map((text, order) => ({ text, order })),
    chosen: new Set<number>(),
  });
  const answered = facts.asks.filter((a) => a.answered && a.index < messages.length); // the split turn is still running
  const done = [
    ...facts.carriedDone.map((d) => `- ${d}`),
    ...answered.map((a) => `- [x] ${item(a.text, 120)} → ${item(a.answer ?? '', 100)}`),
    ...facts.closedTodos.map((t) => `- [x] ${item(t, 160)}`),
  ];
  // Seed 000: at most 8 key files — modified first, then read, then carried, then paths mentioned.
  const keyFiles: string[] = [];
  const keySeen = new Set<string>();
  const addKey = (p: string, note: string) => {
    const d = displayPath(p);
    if (!d || keySeen.has(d) || keyFiles.length >= KEY_FILES_MAX) return;
    keySeen.add(d);
    keyFiles.push(note ? `- ${d} (${note})` : `- ${d}`);
  };
  for (const p of [...details.modifiedFiles, ...facts.toolModifiedFiles]) addKey(p, 'modified');
  for (const p of [...details.readFiles, ...facts.toolReadFiles]) addKey(p, 'read');
  for (const k of facts.carriedKeyFiles) if (keyFiles.length < KEY_FILES_MAX && !keySeen.has(k.replace(/ \((?:modified|read)\)$/, ''))) keyFiles.push(`- ${k}`);
  for (const f of facts.identifiers) if (f.kind === 'path') addKey(f.value, '');
  const pendingFixed = input.latestUnresolvedUserRequest ? [formatLatestUserRequestContext(input.latestUnresolvedUserRequest)] : [];
  const sections: SectionPlan[] = [
    plan('## Decisions', EMPTY, [], facts.decisions.map((d) => `- ${d}`)),
    plan('## Open TODOs', EMPTY, [], facts.todos.map((t) => `- ${item(t, 200)}`)),
    plan('## Constraints/Rules', EMPTY, [], facts.constraints.map((c) => `- ${c}`)),
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
      [...new Set([...facts.carriedIdentifiers, ...facts.identifiers.map((f) => f.value)])]
        .filter((v) => !auditedSet.has(isPureHex(v) ? v.toUpperCase() : v))
        .map((v) => `- ${oneLine(v)}`),
    ),
    plan('## Done', EMPTY, [], done),
    plan('## Key files', EMPTY, [], keyFiles),
    plan('## Current task', EMPTY, askLine ? [askLine] : [], facts.lastReply ? [`- Last reply: ${item(facts.lastReply, 200)}`] : []),
  ];
  const [decisions, todos, constraints, pending, identifiers, doneS, keys, current] = sections as [SectionPlan, SectionPlan, SectionPlan, SectionPlan, SectionPlan, SectionPlan, SectionPlan, SectionPlan];

  const sectionLength = (s: SectionPlan, extra = 0) => {
    const lines = s.fixed.length + s.chosen.size;
    let len = s.heading.length + 1;
    if (lines === 0) return len + s.empty.length + extra;
    for (const f of s.fixed) len += f.length + 1;
    for (const i of s.chosen) len += s.items[i]!.text.length + 1;
    return len - 1 + extra;
  };
  const bodyLength = () => sections.reduce((n, s) => n + sectionLength(s), 0) + 2 * (sections.length - 1);
  const minimumBody = bodyLength();

  // Budget split: body ≥ half the cap (OpenClaw's floor), the suffix gets the rest, the body the remainder.
  const OVERFLOW_RESERVE = 24 * sections.length;
  const bodyFloor = Math.min(maxChars, Math.max(Math.ceil(maxChars / 2), minimumBody));
  let suffix = fullSuffix;
  const fullOptional = sections.reduce((n, s) => n + s.items.reduce((m, it) => m + it.text.length + 1, 0), 0);
  const bodyWanted = minimumBody + fullOptional + OVERFLOW_RESERVE;
  if (bodyWanted + suffix.length > maxChars) {
    const bodySlot = Math.min(Math.max(bodyWanted, bodyFloor), Math.max(bodyFloor, maxChars - suffix.length));
    suffix = capCompactionSuffix(suffix, Math.max(0, maxChars - Math.min(bodySlot, bodyWanted)));
  }
  const bodyBudget = maxChars - suffix.length;

  // Fill: ten newest per kind in priority order, then the rest in the same order.
  const tiers: Array<{ s: SectionPlan; newestFirst: boolean }> = [
    { s: pending, newestFirst: false },
    { s: current, newestFirst: true },
    { s: todos, newestFirst: true },
    { s: decisions, newestFirst: true },
    { s: constraints, newestFirst: true },
    { s: keys, newestFirst: false },
    { s: identifiers, newestFirst: true },
    { s: doneS, newestFirst: true },
  ];
  let length = minimumBody;
  const budgetForItems = bodyBudget - OVERFLOW_RESERVE;
  const tryAdd = (s: SectionPlan, i: number): void => {
    if (s.chosen.has(i)) return;
    const before = sectionLength(s);
    s.chosen.add(i);
    const delta = sectionLength(s) - before;
    if (length + delta > budgetForItems) s.chosen.delete(i);
    else length += delta;
  };
  for (const round of [10, Number.POSITIVE_INFINITY]) {
    for (const { s, newestFirst } of tiers) {
      const order = s.items.map((_, i) => i);
      if (newestFirst) order.reverse();
      let taken = 0;
      for (const i of order) {
        if (taken >= round) break;
        if (!s.chosen.has(i)) tryAdd(s, i);
        if (s.chosen.has(i)) taken++;
      }
    }
  }
  const omitted: Record<string, number> = {};
  let truncated = suffix.length < fullSuffix.length;
  const render = (s: SectionPlan) => {
    const lines = [...s.fixed, ...[...s.chosen].sort((a, b) => a - b).map((i) => s.items[i]!.text)];
    const left = s.items.length - s.chosen.size;
    if (left > 0) {
      omitted[s.heading.slice(3)] = left;
      truncated = true;
      lines.push(`- ...and ${left} more`);
    }
    return `${s.heading}\n${lines.length > 0 ? lines.join('\n') : s.empty}`;
  };
  let body = sections.map(render).join('\n\n');
  const feasible = minimumBody <= maxChars;
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
