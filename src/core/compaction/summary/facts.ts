/**
 * Mechanical facts of a compaction: the shared fact extraction (src/core/facts: decisions with reasons, TODOs,
 * rules, identifiers, tool findings, the artifact trail), plus what is found by structure alone — asks, files,
 * checklist items, short replies after long answers — and the items carried over from the previous summary.
 */
import { extractThread } from '../../transcript/conversation';
import { flatten, isSlashCommand, toolFileAccess, todoLines } from '../../transcript/text';
import { type AgentMessage, isRuntimeContextMessage } from '../openclaw/estimate';
import { extractToolResultId } from '../openclaw/toolCalls';
import { computeFileLists, createFileOps, extractFileOpsFromMessage, type FileOps } from '../openclaw/fileOps';
import { extractMessageText, isObj, item, type Json, LATEST_USER_REQUEST_CONTEXT_LABEL } from './contract';
import { hasRequiredSummarySections, normalizedSummaryLines } from './audit';
import { type ExtractedFacts, extractFacts } from '../../facts';
import { extractIdentifiers, type FoundIdentifier } from '../../facts/identifiers';
import { identifierSourceText } from '../../facts/messages';

export { extractIdentifiers, type FoundIdentifier };
export { identifierSourceText, MESSAGE_SCAN_HEAD_CHARS, MESSAGE_SCAN_TAIL_CHARS, TOOL_RESULT_SCAN_CHARS } from '../../facts/messages';
export type { BasicIdentifierKind as IdentifierKind } from '../../facts/identifiers';

export interface UserAsk {
  text: string;
  index: number;
  answered: boolean;
  failed: boolean;
  answer?: string;
}

export interface CompactionFacts {
  /** `"<reply>" — re: <last line of the long response>` (seed 001 rule), previous summary's first. */
  decisions: string[];
  /** Open `- [ ]` items and `TODO:`/`FIXME` lines not closed by a later `[x]`, previous summary's first. */
  todos: string[];
  /** Checkbox items closed with `[x]`. */
  closedTodos: string[];
  /** External notes (custom messages) and carried constraints. */
  constraints: string[];
  /** Asks whose turn failed before any reply. */
  pendingAsks: string[];
  /** Every user ask (slash commands excluded), in order. */
  asks: UserAsk[];
  /** Identifiers by shape (URLs, paths, ids, hashes), as before the shared extraction (the memory flush reads them). */
  identifiers: FoundIdentifier[];
  /** The shared fact extraction over the same messages (src/core/facts): what the summary and the quality report use. */
  extracted: ExtractedFacts;
  /** Files read / modified per OpenClaw's rule (read/write/edit tools, apply_patch). */
  readFiles: string[];
  modifiedFiles: string[];
  /** Files per the checkpoint engine's broader tool classifier (MultiEdit, str_replace_editor …). */
  toolReadFiles: string[];
  toolModifiedFiles: string[];
  lastReply?: string;
  /** Items of the previous summary's `## Done` / `## Key files` / `## Exact identifiers`. */
  carriedDone: string[];
  carriedKeyFiles: string[];
  carriedIdentifiers: string[];
}

/** Sections of a markdown summary: `## Heading` → its non-empty lines (list markers kept). */
export function summarySections(summary: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string | undefined;
  for (const raw of summary.split(/\r?\n/)) {
    const line = raw.trim();
    if (/^##[ \t]+\S/.test(line) && !line.startsWith('###')) {
      current = line;
      if (!out.has(current)) out.set(current, []);
      continue;
    }
    if (/^\*\*Turn Context \(split turn\):\*\*$/.test(line) || /^<(?:read-files|modified-files|workspace-critical-rules)>$/.test(line)) {
      current = undefined;
      continue;
    }
    if (current && line) out.get(current)!.push(line);
  }
  return out;
}

const EMPTY_ITEM = /^(?:[-*]\s+)?(?:none|none captured|no pending asks|no prior history)[.!]?$/i;

/** Carried items of a previous summary section: list markers removed, "None." dropped, one line each. */
function carried(sections: Map<string, string[]>, heading: string): string[] {
  return (sections.get(heading) ?? [])
    .filter((l) => !EMPTY_ITEM.test(l) && !l.startsWith(LATEST_USER_REQUEST_CONTEXT_LABEL) && !/^-\s+\.\.\.and \d+ more$/.test(l))
    .map((l) => item(l.replace(/^(?:[-*+]|\d{1,3}[.)])\s+/, ''), 300))
    .filter(Boolean);
}

const listSets = new WeakMap<string[], Set<string>>();

/** Append unless already there (a set per list: sessions can have thousands of items). */
function pushUnique(list: string[], v: string): void {
  if (!v) return;
  let set = listSets.get(list);
  if (!set) listSets.set(list, (set = new Set(list)));
  if (set.has(v)) return;
  set.add(v);
  list.push(v);
}

/** Everything the mechanical summary can say about `messages`, by structure only. */
export function extractCompactionFacts(messages: readonly AgentMessage[], previousSummary?: string): CompactionFacts {
  const facts: CompactionFacts = {
    decisions: [],
    todos: [],
    closedTodos: [],
    constraints: [],
    pendingAsks: [],
    asks: [],
    identifiers: [],
    extracted: { decisions: [], todos: [], rules: [], identifiers: [], toolFacts: [], artifacts: [] },
    readFiles: [],
    modifiedFiles: [],
    toolReadFiles: [],
    toolModifiedFiles: [],
    carriedDone: [],
    carriedKeyFiles: [],
    carriedIdentifiers: [],
  };
  const msgs = messages.filter((m) => isObj(m) && !isRuntimeContextMessage(m));

  // Previous summary (argument or summary messages in the range): carried section by section.
  const previous = [previousSummary ?? '', ...msgs.filter((m) => m.role === 'compactionSummary').map((m) => String(m.summary ?? ''))].filter((s) => s.trim());
  for (const prev of previous) {
    const s = summarySections(prev);
    if (hasRequiredSummarySections(prev)) {
      for (const d of carried(s, '## Decisions')) pushUnique(facts.decisions, d);
      for (const t of carried(s, '## Open TODOs')) pushUnique(facts.todos, t);
      for (const c of carried(s, '## Constraints/Rules')) pushUnique(facts.constraints, c);
      for (const a of carried(s, '## Pending user asks')) pushUnique(facts.pendingAsks, a);
      for (const d of carried(s, '## Done')) pushUnique(facts.carriedDone, d);
      for (const k of carried(s, '## Key files')) pushUnique(facts.carriedKeyFiles, k);
      for (const k of carried(s, '## Exact identifiers')) pushUnique(facts.carriedIdentifiers, k);
    } else {
      for (const line of normalizedSummaryLines(prev).slice(0, 200)) if (!EMPTY_ITEM.test(line)) pushUnique(facts.decisions, item(`Earlier summary: ${line.replace(/^#+\s*/, '')}`, 300));
    }
  }

  // The shared extraction (decisions with reasons, TODOs, rules, identifiers, tool findings, files).
  facts.extracted = extractFacts(msgs, previousSummary ? { previousSummary } : {});

  // Decisions by structure: the checkpoint engine's rule over the same messages as transcript entries.
  const pseudo = msgs.map((m, i) => (m.role === 'custom' ? { type: 'custom_message', id: `m${i}`, customType: m.customType, content: m.content } : { type: 'message', id: `m${i}`, message: m }));
  for (const d of extractThread(pseudo).decisions) pushUnique(facts.decisions, d.what);

  const open = new Map<string, string>();
  for (const t of facts.todos) open.set(flatten(t).toLowerCase(), t);
  const ops: FileOps = createFileOps();
  const toolRead = new Set<string>();
  const toolModified = new Set<string>();
  const pendingCalls = new Map<string, { name: string; paths: string[]; access: string }>();
  let ask: UserAsk | undefined;
  const endTurn = (failed: boolean) => {
    if (ask && !ask.answered && failed && !ask.failed) {
      ask.failed = true;
      pushUnique(facts.pendingAsks, item(ask.text, 300));
    }
  };
  const scanTodos = (text: string) => {
    for (const t of todoLines(text, 50)) {
      const key = flatten(t.text).toLowerCase();
      if (t.kind === 'done') {
        open.delete(key);
        pushUnique(facts.closedTodos, t.text);
      } else if (!open.has(key)) open.set(key, t.text);
    }
  };

  const ids: FoundIdentifier[] = [];

  msgs.forEach((m, index) => {
    ids.push(...extractIdentifiers(identifierSourceText(m)));
    extractFileOpsFromMessage(m, ops);
    switch (m.role) {
      case 'user': {
        if (m.runtimeContextCarrier === true) return;
        const text = extractMessageText(m);
        if (!text || isSlashCommand(text)) return;
        ask = { text, index, answered: false, failed: false };
        facts.asks.push(ask);
        scanTodos(text);
        return;
      }
      case 'assistant': {
        if (m.provider === 'openclaw') return; // OpenClaw's own notices
        const text = extractMessageText(m);
        const calls = Array.isArray(m.content) ? (m.content as unknown[]).filter((b): b is Json => isObj(b) && b.type === 'toolCall') : [];
        if (!text && calls.length === 0 && (m.stopReason === 'error' || m.stopReason === 'aborted')) {
          endTurn(true);
          return;
        }
        if (text) {
          if (ask && !ask.failed) {
            ask.answered = true;
            ask.answer = text;
          }
          facts.lastReply = text;
          scanTodos(text);
        }
        for (const c of calls) {
          const fa = toolFileAccess(String(c.name ?? ''), c.arguments);
          if (typeof c.id === 'string') pendingCalls.set(c.id, { name: String(c.name ?? ''), paths: fa.paths, access: fa.access });
        }
        return;
      }
      case 'toolResult': {
        const id = extractToolResultId(m);
        const call = id ? pendingCalls.get(id) : undefined;
        if (call && m.isError !== true && call.access !== 'none') for (const p of call.paths) (call.access === 'read' ? toolRead : toolModified).add(p);
        return;
      }
      case 'custom': {
        if (m.customType === 'run-failed-before-reply') {
          endTurn(true);
          return;
        }
        if (isObj(m.details) && m.details.runtimeContextCarrier === true) return;
        const text = extractMessageText(m);
        if (text) pushUnique(facts.constraints, item(`Note${typeof m.customType === 'string' && m.customType ? ` (${m.customType})` : ''}: ${text}`, 300));
        return;
      }
      case 'branchSummary': {
        const s = typeof m.summary === 'string' ? m.summary : '';
        if (s.trim()) pushUnique(facts.constraints, item(`Branch summary: ${s}`, 300));
        return;
      }
      default:
        return;
    }
  });

  facts.todos = [...open.values()];
  const lists = computeFileLists(ops);
  facts.readFiles = lists.readFiles;
  facts.modifiedFiles = lists.modifiedFiles;
  facts.toolModifiedFiles = [...toolModified].sort();
  facts.toolReadFiles = [...toolRead].filter((p) => !toolModified.has(p)).sort();
  const seen = new Set<string>();
  for (const f of ids) {
    if (seen.has(f.value)) continue;
    seen.add(f.value);
    facts.identifiers.push(f);
  }
  return facts;
}

/** The lists the summary shows: stated facts merged with those found by structure, and how many lead as stated facts. */
export interface SummaryLists {
  decisions: string[];
  todos: string[];
  /** The first `statedTodos` TODOs were stated by the user (or a note, a summary). */
  statedTodos: number;
  constraints: string[];
  /** Identifiers stated in the conversation (by the user, the assistant, a note or a summary) first, then those only a tool returned. */
  identifiers: string[];
  /** How many of `identifiers` lead as stated ones. */
  statedIdentifiers: number;
}

/** Identifiers compared pairwise (one inside another, stated or not): the first this many. */
const CONTAINMENT_CHECKED = 2000;

/** A TODO's comparison key: its `TODO` / `FIXME` label (with or without a colon, half- or full-width) and punctuation left out. */
const todoKey = (s: string) =>
  flatten(s)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/^(?:todo|fixme)\b\s*[:：]?\s*/, '')
    .replace(/[…:：.。!！?？\s]+/g, '');

export function summaryLists(f: CompactionFacts): SummaryLists {
  const decisions = [...f.decisions];
  for (const d of f.extracted.decisions) if (!decisions.some((x) => x.includes(d.text))) decisions.push(d.text);
  const constraints = [...f.constraints];
  for (const r of f.extracted.rules) if (!constraints.includes(r.text)) constraints.push(r.text);
  const stated = f.extracted.todos.filter((t) => t.source.role !== 'assistant').map((t) => t.text);
  const others = f.extracted.todos.filter((t) => t.source.role === 'assistant').map((t) => t.text);
  const keys = [...stated, ...others].map(todoKey);
  // a checklist line already covered by a stated sentence (or holding one) is left out
  const legacy = f.todos.filter((t) => !keys.some((k) => k.includes(todoKey(t)) || todoKey(t).includes(k)));
  const todos = [...new Set([...stated, ...legacy, ...others])];
  const all = [...new Set([...f.extracted.identifiers.map((i) => i.value), ...f.identifiers.map((i) => i.value)])];
  const said = [...new Set(f.extracted.identifiers.filter((i) => i.source.role !== 'toolResult').map((i) => i.value))];
  const saidSet = new Set(said);
  const statedIds = new Set(all.filter((v) => saidSet.has(v) || said.some((w) => w.includes(v) || v.includes(w))));
  const ordered = [...all.filter((v) => statedIds.has(v)), ...all.filter((v) => !statedIds.has(v))];
  // one inside another (`/v1/orders` in `POST /v1/orders`) survives with it: listed once. Pairwise, so among the
  // first CONTAINMENT_CHECKED only (a summary lists a few hundred at most; the rest are counted as left out).
  const head = ordered.slice(0, CONTAINMENT_CHECKED);
  const identifiers = ordered.filter((v, i) => i >= CONTAINMENT_CHECKED || !head.some((w) => w !== v && w.includes(v)));
  return { decisions, todos, statedTodos: new Set(stated).size, constraints, identifiers, statedIdentifiers: identifiers.filter((v) => statedIds.has(v)).length };
}
