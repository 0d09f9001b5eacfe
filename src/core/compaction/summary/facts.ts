/**
 * Mechanical facts of a compaction, found by structure alone (no word lists): identifiers (URLs, paths, ids,
 * hashes), asks, files, TODOs, and the items carried over from the previous summary.
 */
import { extractThread } from '../../transcript/conversation';
import { flatten, isSlashCommand, toolFileAccess, todoLines } from '../../transcript/text';
import { type AgentMessage, isRuntimeContextMessage } from '../openclaw/estimate';
import { sliceUtf16Safe, truncateUtf16Safe } from '../openclaw/utf16';
import { extractToolResultId } from '../openclaw/toolCalls';
import { computeFileLists, createFileOps, extractFileOpsFromMessage, type FileOps } from '../openclaw/fileOps';
import { extractMessageText, isObj, item, type Json, LATEST_USER_REQUEST_CONTEXT_LABEL } from './contract';
import { hasRequiredSummarySections, normalizedSummaryLines, opaqueIdentifierCandidates } from './audit';

export type IdentifierKind = 'url' | 'path' | 'id' | 'hash';

export interface FoundIdentifier {
  value: string;
  kind: IdentifierKind;
}

const URL_IN_TEXT = /(?<![\w.+-])[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s<>"'`]+/g;

/** `~/x`, `./x`, `../x`, `/a/b`; `a/b.ext` or `a/b/c`; `C:\x\y`. */
const PATH_IN_TEXT = /(?<![\w.\/~-])(?:(?:~|\.{1,2})(?:\/[\w.@+-]+)+|(?:\/[\w.@+-]+){2,})\/?|(?<![\w.\/~:-])[\w.@+-]+(?:\/[\w.@+-]+)+\/?|(?<![\w])[A-Za-z]:\\[\w\\.@+-]+/g;
const UUID = /\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/g;
const TICKET = /(?<![\w-])[A-Z][A-Z0-9]*(?:[-_][A-Z0-9]+)*-\d+(?![\w-])|(?<![\w#])#\d{2,}\b/g;
const HEX = /(?<![\w-])(?=[0-9a-fA-F]*\d)(?=[0-9a-fA-F]*[a-fA-F])[0-9a-fA-F]{7,64}(?![\w-])/g;

/** A path with a letter in it that is rooted (`/`, `~`, `.`, a drive) or ends in `name.ext` or has ≥ 2 slashes (not `and/or`). */
function isPathLike(v: string): boolean {
  if (!/[A-Za-z]/.test(v)) return false;
  if (/^(?:[~.\/]|[A-Za-z]:\\)/.test(v)) return true;
  const parts = v.replace(/\/$/, '').split('/');
  return parts.length >= 3 || /\.[A-Za-z][A-Za-z0-9]{0,9}$/.test(parts[parts.length - 1]!);
}

function trimIdent(v: string): string {
  return v.replace(/^[("'`[{<]+/, '').replace(/[)\]"'`,;:.!?<>]+$/, '');
}

/**
 * Identifiers a summary should keep literally, by shape only: URLs (any scheme), file paths (with a
 * slash: code like `items.reduce` is not a file name), ids (UUIDs, `ABC-123` tickets, `#412`, OpenClaw's opaque tokens with ≥ 6 digits), hashes
 * (hex runs of ≥ 7 with a digit and a letter). First occurrence order, de-duplicated.
 */
export function extractIdentifiers(text: string): FoundIdentifier[] {
  const found: Array<FoundIdentifier & { at: number }> = [];
  const covered = new Uint8Array(text.length + 1);
  const overlaps = (a: number, b: number) => {
    for (let i = a; i < b; i++) if (covered[i]) return true;
    return false;
  };
  const add = (re: RegExp, kind: IdentifierKind, min = 3, valid: (v: string) => boolean = () => true) => {
    for (const m of text.matchAll(re)) {
      const raw = m[0];
      const at = m.index ?? 0;
      if (overlaps(at, at + raw.length)) continue;
      const value = trimIdent(raw);
      if (value.length < min || !valid(value)) continue;
      covered.fill(1, at, at + raw.length);
      found.push({ value, kind, at });
    }
  };
  add(URL_IN_TEXT, 'url');
  add(UUID, 'id');
  add(PATH_IN_TEXT, 'path', 4, isPathLike);
  add(TICKET, 'id');
  add(HEX, 'hash');
  for (const c of opaqueIdentifierCandidates(text)) {
    if (overlaps(c.at, c.at + c.raw.length)) continue;
    found.push({ value: c.raw, kind: /^https?:/.test(c.raw) ? 'url' : /[\\/]/.test(c.raw) ? 'path' : /^[0-9a-fA-F]+$/.test(c.raw) ? 'hash' : 'id', at: c.at });
  }
  found.sort((a, b) => a.at - b.at);
  const seen = new Set<string>();
  const out: FoundIdentifier[] = [];
  for (const f of found) {
    if (seen.has(f.value)) continue;
    seen.add(f.value);
    out.push({ value: f.value, kind: f.kind });
  }
  return out;
}

/** Tool results are read as a summariser sees them: the first 2000 characters. */
export const TOOL_RESULT_SCAN_CHARS = 2000;

/** Other messages: at most the first 20,000 and the last 5,000 characters. */
export const MESSAGE_SCAN_HEAD_CHARS = 20_000;
export const MESSAGE_SCAN_TAIL_CHARS = 5_000;

function scanWindow(s: string): string {
  if (s.length <= MESSAGE_SCAN_HEAD_CHARS + MESSAGE_SCAN_TAIL_CHARS) return s;
  return `${truncateUtf16Safe(s, MESSAGE_SCAN_HEAD_CHARS)}\n${sliceUtf16Safe(s, -MESSAGE_SCAN_TAIL_CHARS)}`;
}

/** All strings inside a tool call's arguments (paths, commands, URLs). */
function argStrings(v: unknown, out: string[], depth = 0): void {
  if (depth > 6 || out.length > 200) return;
  if (typeof v === 'string') out.push(v.length > 4000 ? v.slice(0, 4000) : v);
  else if (Array.isArray(v)) for (const x of v.slice(0, 100)) argStrings(x, out, depth + 1);
  else if (isObj(v)) for (const k of Object.keys(v).slice(0, 100)) argStrings(v[k], out, depth + 1);
}

/** The text of a message in which identifiers are looked for. */
export function identifierSourceText(m: AgentMessage): string {
  if (m.role === 'toolResult') return truncateUtf16Safe(extractMessageText(m), TOOL_RESULT_SCAN_CHARS);
  if (m.role === 'branchSummary' || m.role === 'compactionSummary') return scanWindow(typeof m.summary === 'string' ? m.summary : '');
  const parts = [scanWindow(extractMessageText(m))];
  if (m.role === 'assistant' && Array.isArray(m.content)) {
    for (const b of m.content) if (isObj(b) && b.type === 'toolCall') argStrings(b.arguments, parts);
  }
  return parts.filter(Boolean).join('\n');
}

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
  identifiers: FoundIdentifier[];
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

  // Decisions: the checkpoint engine's rule over the same messages as transcript entries.
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
