/**
 * What a pre-compaction memory flush keeps, extracted mechanically (no LLM) from raw OpenClaw / pi
 * transcript entries (full JSON, oldest first). The five categories are the ones OpenClaw's flush prompt
 * asks the agent for (seed 003 §27.3.3):
 *
 * 1. `preferences` — preferences and constraints the user stated;
 * 2. `decisions`   — decisions, with their reason when one is given;
 * 3. `facts`       — things worth remembering: explicit "remember …" asks, external notes
 *                    (`custom_message`), identifiers (`TICKET-981`, `ORD-4471`, `#412`), files read, paths,
 *                    URLs and commands run;
 * 4. `progress`    — the current task, what was done (closed `[x]` items, files modified) and what remains
 *                    (open `[ ]` items);
 * 5. `open`        — open items: `TODO:` / `FIXME` lines, asks whose turn failed or that have no reply yet,
 *                    a question the agent asked last, a tool failure that is still the latest tool outcome.
 *
 * Reuse, not re-implementation: the structural extraction is the compaction engine's
 * `extractCompactionFacts` (src/core/compaction/summary/facts.ts — decisions by the checkpoint engine's seed 001
 * rule "short user reply after a long response", TODO / checkbox lines, failed asks, identifiers, files read
 * and modified with OpenClaw's and the checkpoint engine's tool classifiers), fed with the entries'
 * model-visible messages (`projectEntryMessage`); events come from the checkpoint engine's `toEvent`, text
 * helpers from src/core/transcript/text.ts.
 *
 * What is added here:
 * - **Cue sentences** for preferences, decisions (+ reason) and "remember" asks. Structure alone cannot tell
 *   a preference from a request, so these use short cue lists in several languages (English, 中文, 日本語,
 *   Deutsch, Français, Español) — the one place this module reads words; everything else is structural.
 *   Sentences are split on Western and CJK sentence punctuation, code fences are skipped, questions are
 *   never taken as preferences or decisions.
 * - **Commands run**: the `command` / `cmd` / `script` string argument of any tool call (exec, bash …),
 *   marked failed when its result is an error.
 * - **Secrets are never written**: every output string goes through `redactSecrets` (PEM private keys,
 *   credentials in URLs, `Bearer …`, `api_key=… / "token": "…" / password: …`, well-known key shapes such
 *   as `sk-…`, `ghp_…`, `AKIA…`, `xox?-…`, `AIza…`, JWTs, and long random-looking runs of letters and
 *   digits). Opaque ids (UUIDs, hashes, ≥ 6-digit tokens) are not kept as facts at all.
 *
 * Deterministic (same entries → same output, no clock), bounded (each category capped, items cut at 200
 * characters, messages scanned up to 20,000 characters each) and de-duplicated across categories by
 * `normalizeFact`, the same normalisation the daily-log de-duplication (flush.ts) and dreaming (dream/)
 * use. A fact another kept one already holds is not written again (a decision restated without its reason, a
 * checklist line around a stated TODO, an id inside a route or a tool finding), and identifiers the user stated
 * come before those a tool returned, so the caps keep what was said.
 */
import { toEvent } from '../transcript/conversation';
import { endsWithQuestion, flatten, gist, isSlashCommand } from '../transcript/text';
import { projectEntryMessage } from '../compaction/summary/input';
import { extractCompactionFacts } from '../compaction/summary/facts';
import { extractFacts, type IdentifierKind } from '../facts';
import { isRecord as isObj, type Json } from '../compaction/messages';
import { redactSecrets } from '../secrets/shapes';


// ============================================================================================== types

export const MEMORY_CATEGORIES = ['preferences', 'decisions', 'facts', 'progress', 'open'] as const;
export type MemoryCategory = (typeof MEMORY_CATEGORIES)[number];

/** The bold labels of a flush section (seed 003 §27.3.4 writes `**Task Progress:**` etc.). */
export const CATEGORY_LABELS: Record<MemoryCategory, string> = {
  preferences: 'User preferences',
  decisions: 'Decisions',
  facts: 'Facts',
  progress: 'Task progress',
  open: 'Open items',
};

export type FactKind =
  | 'preference'
  | 'decision'
  | 'remember'
  | 'tool'
  | 'note'
  | 'id'
  | 'file'
  | 'path'
  | 'url'
  | 'command'
  | 'task'
  | 'done'
  | 'modified'
  | 'remaining'
  | 'todo'
  | 'unanswered'
  | 'question'
  | 'tool_error';

export interface MemorableFact {
  category: MemoryCategory;
  kind: FactKind;
  /** one line, redacted, ≤ maxItemChars */
  text: string;
  /** the literal identifier / path / URL / command for atomic facts (a day log that contains it already has the fact) */
  value?: string;
}

export interface Memorable {
  /** per category, in a stable order */
  categories: Record<MemoryCategory, MemorableFact[]>;
  /** every fact, category by category */
  facts: MemorableFact[];
  /** secrets replaced by `[REDACTED]` */
  redactions: number;
  /** facts left out by the caps, per category */
  dropped: Record<MemoryCategory, number>;
  /** message entries read */
  messages: number;
}

export interface ExtractOptions {
  /** per-category caps (defaults: DEFAULT_CAPS) */
  caps?: Partial<Record<MemoryCategory, number>>;
  /** characters per item (default 200) */
  maxItemChars?: number;
}

export const DEFAULT_CAPS: Readonly<Record<MemoryCategory, number>> = { preferences: 10, decisions: 10, facts: 25, progress: 10, open: 10 };
/** Sub-caps inside `facts` so one kind cannot crowd out the others. */
export const FACT_SUBCAPS: Readonly<Partial<Record<FactKind, number>>> = { remember: 5, note: 5, tool: 8, id: 10, file: 8, path: 8, url: 5, command: 8 };
export const DEFAULT_ITEM_CHARS = 200;
/** Atomic facts left out when a kept fact already quotes their value (a file keeps its own line: it says what was done to it). */
const QUOTABLE_KINDS = new Set<FactKind>(['id', 'path', 'url']);
/** A kept fact of the same category at least this long, inside a longer new one, makes the new one a restatement. */
const MIN_HELD_CHARS = 24;
/** A sentence of the shared extraction (a decision with its reason, a TODO with its condition) is kept whole up to this. */
export const SHARED_FACT_CHARS = 1000;
/** Identifier kinds of the shared extraction kept as facts (opaque ids, UUIDs and hashes are not: they may be secrets). */
const SHARED_ID_KINDS = new Set<IdentifierKind>(['route', 'env', 'hostPort', 'ticket', 'version']);
const ID_SOURCE_RANK = (role: string) => (role === 'toolResult' ? 2 : role === 'assistant' ? 1 : 0);
/** Characters of one message scanned for cue sentences. */
export const SENTENCE_SCAN_CHARS = 20_000;
const MAX_SENTENCES_PER_MESSAGE = 400;
const MAX_SENTENCE_CHARS = 600;

/** `customType` prefix of the extension's own notes (checkpoint restore, undo): they restate earlier state. */
export const OWN_CUSTOM_TYPE_PREFIX = 'openclaw-context.';

// secrets: ./secrets.ts (re-exported for the flush, dream and tests)
export { REDACTED, redactSecrets } from '../secrets/shapes';

// ============================================================================================== normalisation (shared with flush.ts and dream/)

const LIST_MARKER_RE = /^(?:[-*+>]|\d{1,3}[.)])\s+/;
/** A leading list marker, quote or heading marker removed. */
const stripListMarker = (s: string): string => s.replace(/^(?:[-*+>]\s+|\d{1,3}[.)]\s+|#{1,6}\s+)/, '');
const CHECKBOX_RE = /^\[[ xX]\]\s+/;

/**
 * The comparison form of a fact: NFKC, one line, list markers / checkboxes / markdown emphasis and code
 * ticks removed, lower-cased, trailing punctuation (Western and CJK) dropped.
 */
export function normalizeFact(s: string): string {
  let t = flatten(s.normalize('NFKC'), 4000);
  for (let i = 0; i < 3 && (LIST_MARKER_RE.test(t) || CHECKBOX_RE.test(t)); i++) t = t.replace(LIST_MARKER_RE, '').replace(CHECKBOX_RE, '');
  return t
    .replace(/[*_`~]+/g, '')
    .toLowerCase()
    .replace(/[\s.,;:!?。，；：！？、…]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A fact's comparison keys: the normalised text, and the same without a short leading `Label:`. */
export function factKeys(s: string): string[] {
  const n = normalizeFact(s);
  if (!n) return [];
  const m = /^[^:：]{1,32}[:：]\s*(\S.*)$/u.exec(n);
  return m && m[1] !== n ? [n, m[1]!] : [n];
}

/** The lines of `text` outside fenced code blocks (``` or ~~~, closed by the same character), with their 0-based index. */
export function* unfencedLines(text: string): Generator<[line: string, index: number]> {
  let fence: string | undefined;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const f = /^\s*(`{3,}|~{3,})/.exec(raw);
    if (f) {
      if (!fence) fence = f[1]![0];
      else if (f[1]![0] === fence) fence = undefined;
      continue;
    }
    if (!fence) yield [raw, i];
  }
}

export interface MarkdownBullet {
  /** the item text (list marker removed, one line) */
  text: string;
  /** 0-based line number */
  line: number;
  /** the nearest preceding `## heading` text */
  heading?: string;
  /** the nearest preceding bold label line (`**Decisions:**`) or heading, whichever is later */
  label?: string;
}

/** List items of a markdown text (`-`, `*`, `+`, `1.`), outside fenced code blocks. */
export function markdownBullets(text: string): MarkdownBullet[] {
  const out: MarkdownBullet[] = [];
  let heading: string | undefined;
  let label: string | undefined;
  for (const [raw, i] of unfencedLines(text)) {
    const h = /^\s{0,3}#{1,6}\s+(.*)$/.exec(raw);
    if (h) {
      heading = flatten(h[1]!, 400);
      label = heading;
      continue;
    }
    const b = /^\s{0,8}(?:[-*+]|\d{1,3}[.)])\s+(\S.*)$/.exec(raw);
    if (b) {
      const t = flatten(b[1]!, 4000);
      if (t) out.push({ text: t, line: i, ...(heading !== undefined ? { heading } : {}), ...(label !== undefined ? { label } : {}) });
      continue;
    }
    const l = /^\s*(?:\*\*|__)(.{1,80}?)(?:\*\*|__)\s*[:：]?\s*$/.exec(raw) ?? /^\s*(?:\*\*|__)(.{1,80}?)[:：](?:\*\*|__)\s*$/.exec(raw);
    if (l) label = flatten(l[1]!.replace(/[:：]$/, ''), 200);
  }
  return out;
}

// ============================================================================================== cues

// Several languages on purpose (see the module comment); `\b` is only used next to ASCII letters.
const PREFERENCE_CUE = new RegExp(
  [
    // imperative at the start of the sentence ("Never …", "Please don't …", "Always …")
    String.raw`^(?:please\s+)?(?:always|never|don['’]?t|do not|avoid|stop|make sure)\b`,
    String.raw`\b(?:prefer(?:s|red|ably)?|preference|i (?:like|love|want|need|hate|dislike|don['’]?t like|don['’]?t want)|must(?:n['’]?t| not)|should(?:n['’]?t| not)|from now on|no more|please (?:use|keep|answer|reply|respond|write|avoid))\b`,
    '总是|始终|永远|一律|不要|别再|必须|务必|请用|请使用|请勿|偏好|更喜欢|喜欢|讨厌|以后都|今后',
    '常に|必ず|しないで|好み',
    String.raw`\b(?:immer|niemals|nie wieder|bitte keine?|toujours|jamais|je préfère|siempre|nunca|prefiero)(?![\p{L}\p{N}])`,
  ].join('|'),
  'iu',
);
const REMEMBER_CUE = /\b(?:remember|memori[sz]e|note that|keep in mind|don['’]?t forget|for future reference)\b|记住|记下|别忘了|覚えて|merk dir|souviens-toi|recuerda/iu;
const DECISION_CUE = new RegExp(
  [
    String.raw`\b(?:decided|decide to|decision|we(?:['’]ll| will| are going to) (?:use|go with|keep|switch)|let['’]?s (?:use|go with|keep|switch)|going with|chose|chosen|opted|switch(?:ed)? to|settled on|agreed)\b`,
    '决定|决策|选择了|选用|采用|改用|就用|确定用|同意',
    '決定|決めた|採用',
    String.raw`\b(?:entschieden|décidé|decidimos|decidido)(?![\p{L}\p{N}])`,
  ].join('|'),
  'iu',
);
const REASON_CUE = /\b(?:because|since|so that|due to|given that|in order to|the reason)\b|因为|由于|为了|所以|原因|ため|ので|\bweil\b|\bparce que\b|\bporque\b/iu;
const REASON_START = /^(?:because|since|as|so that|due to|the reason|this is because|that['’]s because)\b|^(?:因为|由于|为了|原因)|^(?:weil|parce que|porque)\b/iu;

/** Sentences of a message outside fenced code: split on `. ! ?` + space and after `。！？；`. */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  const head = text.length > SENTENCE_SCAN_CHARS ? text.slice(0, SENTENCE_SCAN_CHARS) : text;
  for (const [raw] of unfencedLines(head)) {
    const line = stripListMarker(raw.trim());
    if (!line) continue;
    for (const s of line.split(/(?<=[.!?])\s+(?=\S)|(?<=[。！？；])/u)) {
      const t = s.trim();
      if (t && t.length <= MAX_SENTENCE_CHARS) out.push(t);
      if (out.length >= MAX_SENTENCES_PER_MESSAGE) return out;
    }
  }
  return out;
}

/** Sentences with a decision cue (not questions), each joined with the next sentence when that one gives the reason. */
function decisionSentences(sentences: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i]!;
    if (!DECISION_CUE.test(s) || endsWithQuestion(s)) continue;
    const next = sentences[i + 1];
    out.push(!REASON_CUE.test(s) && next && REASON_START.test(next) ? `${s} ${next}` : s);
  }
  return out;
}

// ============================================================================================== identifiers

/** `ABC-123` / `#412` style ids (the compaction engine's ticket shape), with a ≥ 2-character prefix. */
const TICKET_ID_RE = /^(?:[A-Z][A-Z0-9]+(?:[-_][A-Z0-9]+)*-\d+|#\d{2,})$/;
/** Standards and algorithms that have the ticket shape but are not identifiers of the work. */
const NOT_TICKETS = new Set(['UTF', 'SHA', 'ISO', 'GPT', 'TLS', 'SSL', 'HTTP', 'IPV', 'ES', 'MP', 'AES', 'RSA', 'CP', 'WIN', 'MD', 'PEP', 'ECMA', 'X', 'H']);

export function isTicketId(v: string): boolean {
  if (!TICKET_ID_RE.test(v)) return false;
  const prefix = v.split(/[-_]/)[0]!;
  return !NOT_TICKETS.has(prefix);
}

/**
 * Drops what the compaction engine's path pattern lets through but is not a file a person would look up:
 * a drive-letter path needs two separators or a file extension (`s:\\nnone` is an escaped newline, not a path).
 */
export function isPlausiblePath(p: string): boolean {
  if (/^[A-Za-z]:\\/.test(p)) return (p.match(/\\/g) ?? []).length >= 2 || /\.[A-Za-z0-9]{1,10}$/.test(p);
  return true;
}

/** The command string a tool call runs, if it has one (exec, bash, shell … tools). */
export function commandOf(args: unknown): string | undefined {
  if (!isObj(args)) return undefined;
  for (const k of ['command', 'cmd', 'script', 'commandLine', 'command_line']) {
    const v = args[k];
    if (typeof v === 'string' && v.trim()) return v;
    if (Array.isArray(v) && v.length && v.every((x) => typeof x === 'string')) return (v as string[]).join(' ');
  }
  return undefined;
}

// ============================================================================================== extraction

class Collector {
  readonly categories: Record<MemoryCategory, MemorableFact[]> = { preferences: [], decisions: [], facts: [], progress: [], open: [] };
  readonly dropped: Record<MemoryCategory, number> = { preferences: 0, decisions: 0, facts: 0, progress: 0, open: 0 };
  redactions = 0;
  private readonly seen = new Set<string>();
  /** The comparison form of every fact kept, by category: a fact one of them already holds is not written again. */
  private readonly kept: Array<{ category: MemoryCategory; kind: FactKind; key: string }> = [];
  private readonly droppedKeys = new Set<string>();
  private readonly perKind = new Map<FactKind, number>();

  constructor(
    private readonly caps: Record<MemoryCategory, number>,
    readonly maxChars: number,
  ) {}

  /**
   * Is the fact already written? An identifier, path or URL inside one listed or inside a tool finding
   * (`/v1/orders` beside `POST /v1/orders`); a sentence that a kept one of its category holds (`Decision: X.`
   * beside `Decision: X, because Y.`), or a longer line around it (a checklist line holding a stated TODO and some
   * chatter); a tool finding that restates a kept fact (a decision read back from a document).
   */
  private holds(category: MemoryCategory, kind: FactKind, keys: readonly string[], value: string | undefined): boolean {
    if (value !== undefined) {
      if (!QUOTABLE_KINDS.has(kind)) return false;
      const v = normalizeFact(value);
      return !!v && this.kept.some((k) => (QUOTABLE_KINDS.has(k.kind) || k.kind === 'tool') && k.key.includes(v));
    }
    return this.kept.some((k) => (k.category === category || kind === 'tool') && keys.some((n) => k.key.includes(n) || (k.key.length >= MIN_HELD_CHARS && n.includes(k.key))));
  }

  add(category: MemoryCategory, kind: FactKind, text: string, value?: string, maxChars = this.maxChars): void {
    const r = redactSecrets(text);
    const line = gist(r.text, maxChars);
    if (!line) return;
    const keys = factKeys(line);
    const key = keys[0]!;
    if (this.seen.has(key) || this.holds(category, kind, keys, value)) return;
    const list = this.categories[category];
    const sub = FACT_SUBCAPS[kind];
    const n = this.perKind.get(kind) ?? 0;
    if (list.length >= this.caps[category] || (category === 'facts' && sub !== undefined && n >= sub)) {
      // counted once: the shared extraction and the cue sentences often find the same sentence
      if (!this.droppedKeys.has(`${category}\u0000${key}`)) this.dropped[category]++;
      this.droppedKeys.add(`${category}\u0000${key}`);
      return;
    }
    this.seen.add(key);
    this.kept.push({ category, kind, key });
    this.perKind.set(kind, n + 1);
    this.redactions += r.count;
    const fact: MemorableFact = { category, kind, text: line };
    if (value !== undefined) {
      const v = redactSecrets(value).text;
      if (v) fact.value = v;
    }
    list.push(fact);
  }
}

/**
 * Extract what is worth keeping from transcript entries (oldest first). Unknown shapes are ignored;
 * compaction summaries are not re-extracted (they restate earlier history); the extension's own notes
 * (`customType` `openclaw-context.*`) are skipped.
 */
export function extractMemorable(entries: readonly unknown[], opts: ExtractOptions = {}): Memorable {
  const caps = { ...DEFAULT_CAPS, ...(opts.caps ?? {}) };
  const c = new Collector(caps, Math.max(20, Math.floor(opts.maxItemChars ?? DEFAULT_ITEM_CHARS)));
  const kept = entries.filter((e): e is Json => isObj(e) && !(e.type === 'custom_message' && typeof e.customType === 'string' && e.customType.startsWith(OWN_CUSTOM_TYPE_PREFIX)));
  const messages = kept.map(projectEntryMessage).filter((m): m is Json => m !== undefined);
  const cf = extractCompactionFacts(messages);
  // the shared extraction (core/facts), as compaction and checkpoints use it: its sentences come first, whole
  const xf = extractFacts(messages);
  const whole = opts.maxItemChars === undefined ? Math.max(c.maxChars, SHARED_FACT_CHARS) : c.maxChars;

  // ---------------------------------------------------------------- own pass: cue sentences, commands, the end state
  const preferences: string[] = [];
  const decisions: string[] = [];
  const remember: string[] = [];
  const commands: Array<{ id: string; command: string; failed: boolean }> = [];
  const callIndex = new Map<string, number>();
  let lastToolResult: { name: string; isError: boolean; text: string } | undefined;
  let lastAgentQuestion: string | undefined;
  let messageCount = 0;
  for (const raw of kept) {
    const ev = toEvent(raw);
    if (ev.kind === 'user') {
      messageCount++;
      lastAgentQuestion = undefined;
      if (isObj(raw.message) && raw.message.runtimeContextCarrier === true) continue;
      const ss = sentencesOf(ev.text);
      for (const s of ss) {
        if (endsWithQuestion(s)) continue;
        if (REMEMBER_CUE.test(s)) remember.push(s);
        else if (PREFERENCE_CUE.test(s)) preferences.push(s);
      }
      decisions.push(...decisionSentences(ss));
    } else if (ev.kind === 'agent') {
      messageCount++;
      if (ev.text.trim()) {
        const ss = sentencesOf(ev.text);
        decisions.push(...decisionSentences(ss));
        const lastQ = [...ss].reverse().find((s) => endsWithQuestion(s));
        lastAgentQuestion = endsWithQuestion(ev.text) && lastQ ? lastQ : undefined;
      }
      for (const call of ev.toolCalls) {
        const command = commandOf(call.args);
        if (!command) continue;
        if (call.id) callIndex.set(call.id, commands.length);
        commands.push({ id: call.id, command, failed: false });
      }
    } else if (ev.kind === 'toolResult') {
      messageCount++;
      const i = ev.toolCallId ? callIndex.get(ev.toolCallId) : undefined;
      if (i !== undefined && ev.isError) commands[i]!.failed = true;
      lastToolResult = { name: ev.toolName, isError: ev.isError, text: ev.text };
    }
  }

  // ---------------------------------------------------------------- 1. preferences
  for (const r of xf.rules) if (!endsWithQuestion(r.text)) c.add('preferences', 'preference', r.text, undefined, whole);
  for (const s of preferences) c.add('preferences', 'preference', stripListMarker(s));

  // ---------------------------------------------------------------- 2. decisions: the shared extraction, the structural rule, then cue sentences
  for (const d of xf.decisions) c.add('decisions', 'decision', d.text, undefined, whole);
  for (const d of cf.decisions) c.add('decisions', 'decision', d);
  for (const d of decisions) c.add('decisions', 'decision', stripListMarker(d));

  // ---------------------------------------------------------------- 3. facts
  for (const s of remember) c.add('facts', 'remember', `Remember: ${stripListMarker(s)}`);
  for (const f of xf.toolFacts) c.add('facts', 'tool', `${f.toolName || 'Tool'} found: ${f.text}`, undefined, whole);
  // identifiers the user (or a note) stated first, then the assistant's, then those a tool returned
  const byWhoSaidIt = [...xf.identifiers].sort((a, b) => ID_SOURCE_RANK(a.source.role) - ID_SOURCE_RANK(b.source.role));
  for (const f of byWhoSaidIt) if (SHARED_ID_KINDS.has(f.kind) && !(f.kind === 'hostPort' && !/[A-Za-z.]/.test(f.value.split(':')[0]!))) c.add('facts', 'id', `ID: ${f.value}`, f.value);
  for (const n of cf.constraints) c.add('facts', 'note', n);
  for (const f of cf.identifiers) if (f.kind === 'id' && isTicketId(f.value)) c.add('facts', 'id', `ID: ${f.value}`, f.value);
  const modified = [...new Set([...cf.modifiedFiles, ...cf.toolModifiedFiles])];
  const read = [...new Set([...cf.readFiles, ...cf.toolReadFiles])].filter((p) => !modified.includes(p));
  for (const p of read) c.add('facts', 'file', `File read: ${p}`, p);
  const files = new Set([...read, ...modified]);
  for (const f of cf.identifiers) if (f.kind === 'path' && !files.has(f.value) && isPlausiblePath(f.value)) c.add('facts', 'path', `Path: ${f.value}`, f.value);
  const saidBy = new Map<string, number>();
  for (const f of xf.identifiers) saidBy.set(f.value, Math.min(saidBy.get(f.value) ?? 2, ID_SOURCE_RANK(f.source.role)));
  const urls = cf.identifiers.filter((f) => f.kind === 'url').sort((a, b) => (saidBy.get(a.value) ?? 2) - (saidBy.get(b.value) ?? 2));
  for (const f of urls) c.add('facts', 'url', `URL: ${f.value}`, f.value);
  for (const cmd of commands) {
    const one = flatten(cmd.command, 2000).replace(/`/g, "'");
    c.add('facts', 'command', `${cmd.failed ? 'Command (failed)' : 'Command'}: \`${gist(one, 160)}\``, one);
  }

  // ---------------------------------------------------------------- 4. progress
  const lastAsk = cf.asks[cf.asks.length - 1];
  if (lastAsk && !isSlashCommand(lastAsk.text)) c.add('progress', 'task', `Current task: ${gist(lastAsk.text, 150)}`);
  for (const t of cf.closedTodos) c.add('progress', 'done', `Done: ${t}`);
  for (const p of modified) c.add('progress', 'modified', `Modified: ${p}`, p);
  const isTodoLine = (t: string) => /^(?:TODO|FIXME):/.test(t);
  for (const t of cf.todos) if (!isTodoLine(t)) c.add('progress', 'remaining', `Remaining: ${t}`);

  // ---------------------------------------------------------------- 5. open items
  for (const t of xf.todos) c.add('open', 'todo', t.text, undefined, whole);
  for (const t of cf.todos) if (isTodoLine(t)) c.add('open', 'todo', t);
  for (const a of cf.pendingAsks) c.add('open', 'unanswered', `Unanswered (the turn failed): ${a}`);
  if (lastAsk && !lastAsk.answered && !lastAsk.failed && !isSlashCommand(lastAsk.text)) c.add('open', 'unanswered', `Awaiting a reply: ${gist(lastAsk.text, 150)}`);
  if (lastAgentQuestion) c.add('open', 'question', `Agent asked: ${lastAgentQuestion}`);
  if (lastToolResult?.isError) c.add('open', 'tool_error', `Tool "${lastToolResult.name || '?'}" failed: ${gist(lastToolResult.text, 120)}`);

  const facts = MEMORY_CATEGORIES.flatMap((k) => c.categories[k]);
  return { categories: c.categories, facts, redactions: c.redactions, dropped: c.dropped, messages: messageCount };
}
