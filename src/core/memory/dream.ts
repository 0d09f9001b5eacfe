/**
 * Mechanical dreaming (seed 003 §27.5, no LLM): read the daily logs of the last N days
 * (`memory/YYYY-MM-DD.md`, default 7, dates in the user's time zone), consolidate what recurs or matters into
 * candidate long-term memories, and stage them in `DREAMS.md` for review (§27.5.4: "content in DREAMS.md
 * requires review before promotion"). A candidate reaches `MEMORY.md` only through `planAccept`, whose
 * before/after texts the caller shows and the user confirms; nothing here writes MEMORY.md otherwise.
 *
 * Candidates
 * - Every list item of the logs (outside code fences) is a fact; its category comes from its own short
 *   `Label:` or the bold label / heading above it (flush sections use `**Decisions:**` etc.; seed 003's
 *   `**Important Decisions:**`, `**User Preferences:**`, `**Issues Found:**` work too; labels are matched
 *   in several languages), else `fact`.
 * - Facts are grouped by `normalizeFact` (extract.ts). A group is a candidate when it is a preference or a
 *   decision, a fact mentioned at least twice, or an open item seen on at least two days. Task progress
 *   (current task, done, modified, remaining) describes a moment and is never promoted.
 * - Score (deterministic): 3 × days seen + min(mentions, 6) + 2 × recency (1 on the newest day, → 0 at the
 *   window's start) + 3 for preferences and decisions, 1 for facts. Ties by id.
 * - De-duplication: a candidate is dropped when MEMORY.md (or `memory.md` when only that exists) or a file it
 *   points to (lint/pointers.ts's pointer forms: `→ path`, markdown links, backticked `memories/…` paths; daily
 *   logs excluded, since accepted pointers point at them) already says it — same line (with or without a label), the whole
 *   finding inside the text, or ≥ 85 % of its words (CJK: characters) in one line — or when DREAMS.md
 *   already has a candidate with the same id or the same finding, whatever its status (a rejected
 *   candidate is not proposed again).
 *
 * DREAMS.md format (OpenClaw's own dreaming writes its diary to DREAMS.md too, so the extension keeps to a
 * marked block and never touches text outside it; `dreams.md` is used when only that exists):
 *
 *     <!-- openclaw-context:dreams:start -->
 *     ## Candidate Memory Items (Pending Review)
 *
 *     _<how to review>_
 *
 *     ### [dream-1a2b3c4d5e] Preference: answers in English and 中文.
 *     - Status: pending
 *     - Category: preference
 *     - Source days: 2026-11-20, 2026-11-21
 *     - Mentions: 3 · Score: 12.0
 *     - Suggested action: add a pointer to MEMORY.md → memory/2026-11-21.md
 *
 *     <!-- openclaw-context:dreams:end -->
 *
 * The id is `dream-` + the first 10 hex digits of SHA-256 over the normalised finding: stable across runs.
 * The heading text after the id is the finding (edit it before accepting to change the pointer text).
 * `Status:` is `pending`, `accepted` or `rejected` (an optional `(YYYY-MM-DD)` follows; hand-written
 * synonyms such as `yes` / `no` / ✅ / ❌ are understood). Re-planning appends new candidates before the
 * end marker and keeps every existing candidate section verbatim, so hand edits survive. `parseDreams`
 * finds candidates by their `### [dream-…]` headings anywhere in the file (a lost marker does not lose
 * them) and reports what it could not read instead of failing.
 *
 * Accepting writes one pointer line to MEMORY.md — `- <finding> → memory/<newest source day>.md`, at most
 * 150 characters (seed 000: MEMORY.md holds locations, not content; lines ≤ 150 chars) — and refuses when
 * MEMORY.md would exceed 800 tokens (seed 000's budget; `estimateTokens` rounded, lint/problems.ts's limits and
 * arithmetic, so an accepted pointer never makes the linter complain) unless the caller allows it (then
 * it warns). File names, limits and date helpers come from workspace.ts and lint/. All writes go through fsSafe with the previewed text as `expectedBefore`.
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import { codePoints, flatten, gist } from '../transcript/text';
import { estimateTokens, type EstimatorFamily } from '../tokens/estimator';
import { factKeys, markdownBullets, normalizeFact, redactSecrets } from './extract';
import { appendedText, DAILY_LOG_REL_RE, dailyLogRel, zonedNow } from './flush';
import { appendInside, changedError, MemoryWriteError, readTextIfExists, resolveInside, withLocksInside, writeInside, type MemoryWriteErrorCode } from './fsSafe';
import { MEMORY_LINE_CHAR_LIMIT, MEMORY_TOKEN_LIMIT } from './lint/problems';
import { findPointers, resolvePointer } from './lint/pointers';
import { DREAMS_FILE, MEMORY_ALT_FILE, MEMORY_FILE, shiftStamp } from './workspace';

// ============================================================================================== constants and types

export const DREAMS_BLOCK_START = '<!-- openclaw-context:dreams:start -->';
export const DREAMS_BLOCK_END = '<!-- openclaw-context:dreams:end -->';
export const DREAMS_HEADING = '## Candidate Memory Items (Pending Review)';
export const DEFAULT_DREAM_DAYS = 7;
export const DEFAULT_MAX_NEW_CANDIDATES = 10;
export const DEFAULT_MAX_PENDING = 30;
/** Files MEMORY.md points to that are read for de-duplication, and their size cap. */
export const MAX_POINTED_FILES = 32;
export const MAX_POINTED_FILE_BYTES = 1024 * 1024;
const FINDING_CHARS = 200;

export type DreamStatus = 'pending' | 'accepted' | 'rejected';
export type DreamCategory = 'preference' | 'decision' | 'fact' | 'progress' | 'open';

export interface DreamCandidate {
  /** `dream-` + 10 hex */
  id: string;
  status: DreamStatus;
  /** the fact, one line */
  finding: string;
  category: DreamCategory;
  /** YYYY-MM-DD, oldest first */
  sourceDays: string[];
  mentions: number;
  score: number;
  /** the file the MEMORY.md pointer will point at (`memory/<newest source day>.md`) */
  pointer?: string;
  /** the date in `Status: accepted (YYYY-MM-DD)` */
  decidedOn?: string;
}

export interface ParsedCandidate extends DreamCandidate {
  /** 0-based line of the `### [id]` heading and the first line after the candidate's section */
  line: number;
  endLine: number;
  /** the heading is inside the managed block */
  inBlock: boolean;
}

export interface ParsedDreams {
  candidates: ParsedCandidate[];
  /** what could not be read (unknown status, duplicate id, missing end marker …) */
  warnings: string[];
  /** 0-based lines of the managed block's markers; `end` undefined when the end marker is missing */
  block?: { start: number; end?: number };
}

// ============================================================================================== ids, categories

export function dreamId(finding: string): string {
  return `dream-${crypto.createHash('sha256').update(normalizeFact(finding), 'utf8').digest('hex').slice(0, 10)}`;
}

const CATEGORY_WORDS: ReadonlyArray<readonly [DreamCategory, RegExp]> = [
  ['preference', /prefer|constraint|rule|偏好|喜好|约束|规则|好み|vorliebe|préférence|preferencia/iu],
  ['decision', /decision|decided|决定|决策|決定|entscheidung|décision|decisión/iu],
  ['open', /open|todo|fixme|question|issue|pending|blocker|unanswered|待办|问题|未解决|課題|offen|question|pendiente/iu],
  ['progress', /progress|done|completed|remaining|current task|modified|status|进度|完成|进展|進捗|fortschritt|avancement|progreso/iu],
  ['fact', /fact|found|discover|note|learn|remember|identifier|file|path|url|command|事实|发现|笔记|事実|fakt|fait|hecho/iu],
];

/** The category a label names (`Decisions`, `User preferences`, `待办` …), if any. */
export function categoryOfLabel(label: string | undefined): DreamCategory | undefined {
  if (!label) return undefined;
  for (const [cat, re] of CATEGORY_WORDS) if (re.test(label)) return cat;
  return undefined;
}

/** A bullet's category: its own short `Label:` first, then the label / heading above it, else `fact`. */
function bulletCategory(text: string, label: string | undefined): DreamCategory {
  const own = /^\s*(?:\*\*)?([^:：*]{1,32})(?:\*\*)?[:：]/u.exec(text);
  return categoryOfLabel(own?.[1]) ?? categoryOfLabel(label) ?? 'fact';
}

const EMPTY_BULLET = /^(?:none|none captured|n\/a|nothing|-|—|无|没有|なし)[.!。]?$/iu;

const CATEGORY_WEIGHT: Record<DreamCategory, number> = { preference: 3, decision: 3, fact: 1, open: 0, progress: 0 };

// ============================================================================================== reading the workspace

function readRel(workspaceDir: string, rel: string, warnings: string[]): string | undefined {
  try {
    return readTextIfExists(resolveInside(workspaceDir, rel));
  } catch (err) {
    warnings.push(`${rel}: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

/** `rel` exists inside the workspace (a path that leads outside counts as absent). */
function existsInside(workspaceDir: string, rel: string): boolean {
  try {
    return fs.existsSync(resolveInside(workspaceDir, rel));
  } catch {
    return false;
  }
}

/** `MEMORY.md`, or `memory.md` when only that exists (OpenClaw's bootstrap rule). */
export function memoryRel(workspaceDir: string): string {
  return !existsInside(workspaceDir, MEMORY_FILE) && existsInside(workspaceDir, MEMORY_ALT_FILE) ? MEMORY_ALT_FILE : MEMORY_FILE;
}

/** `DREAMS.md`, or `dreams.md` when only that exists (as OpenClaw's dreaming does). */
export function dreamsRel(workspaceDir: string): string {
  return !existsInside(workspaceDir, DREAMS_FILE) && existsInside(workspaceDir, 'dreams.md') ? 'dreams.md' : DREAMS_FILE;
}

/** Workspace-relative files MEMORY.md points to, in order (lint/pointers.ts's pointer forms; outside targets dropped). */
export function memoryPointers(text: string, fromRel: string = MEMORY_FILE): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    for (const p of findPointers(line)) {
      const rel = resolvePointer(p.target, fromRel);
      if (rel && rel !== 'outside' && !out.includes(rel)) out.push(rel);
    }
  }
  return out;
}

/** What long-term memory already says (MEMORY.md and the files it points to), for the de-duplication. */
export interface KnownMemory {
  keys: Set<string>;
  lineTokens: Array<Set<string>>;
  text: string;
  /** files read (relative), MEMORY.md first */
  files: string[];
}

const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}`;
const TOKEN_RE = new RegExp(String.raw`[${CJK}]|(?:(?![${CJK}])[\p{L}\p{N}])(?:(?![${CJK}])[\p{L}\p{N}_-])*`, 'gu');

/** Words (CJK: single characters) of a normalised text. */
export function factTokens(s: string): Set<string> {
  return new Set(normalizeFact(s).match(TOKEN_RE) ?? []);
}

export function loadKnownMemory(workspaceDir: string, warnings: string[] = []): KnownMemory {
  const known: KnownMemory = { keys: new Set(), lineTokens: [], text: '', files: [] };
  const rel = memoryRel(workspaceDir);
  const memory = readRel(workspaceDir, rel, warnings);
  if (memory === undefined) return known;
  const texts: string[] = [memory];
  known.files.push(rel);
  for (const p of memoryPointers(memory, rel)) {
    if (known.files.length > MAX_POINTED_FILES) break;
    if (DAILY_LOG_REL_RE.test(p) || known.files.includes(p)) continue;
    let text: string | undefined;
    try {
      const file = resolveInside(workspaceDir, p);
      text = readTextIfExists(file);
    } catch (err) {
      warnings.push(`${p} (pointed to by ${rel}): ${err instanceof Error ? err.message : String(err)}`);
      continue;
    }
    if (text === undefined) continue;
    if (Buffer.byteLength(text, 'utf8') > MAX_POINTED_FILE_BYTES) {
      warnings.push(`${p} (pointed to by ${rel}) is larger than ${MAX_POINTED_FILE_BYTES} bytes; not read`);
      continue;
    }
    texts.push(text);
    known.files.push(p);
  }
  for (const t of texts) {
    for (const raw of t.split(/\r?\n/).slice(0, 5000)) {
      const line = raw.replace(/^\s*#{1,6}\s+/, '');
      const keys = factKeys(line);
      if (!keys.length) continue;
      for (const k of keys) known.keys.add(k);
      known.lineTokens.push(factTokens(line));
    }
  }
  known.text = texts.map((t) => t.split(/\r?\n/).map(normalizeFact).join('\n')).join('\n');
  return known;
}

/** Long-term memory already says `finding` (see the module comment). */
export function isKnown(known: KnownMemory, finding: string): boolean {
  const keys = factKeys(finding);
  if (!keys.length) return true;
  if (keys.some((k) => known.keys.has(k))) return true;
  if (keys[0]!.length >= 12 && known.text.includes(keys[0]!)) return true;
  const tokens = factTokens(finding);
  if (tokens.size < 3) return false;
  for (const line of known.lineTokens) {
    let hit = 0;
    for (const t of tokens) if (line.has(t)) hit++;
    if (hit / tokens.size >= 0.85) return true;
  }
  return false;
}

// ============================================================================================== DREAMS.md parsing

const HEADING_RE = /^\s{0,3}#{2,4}\s*\[(dream-[0-9a-f]{6,16})\]\s*(.*)$/i;
const ANY_HEADING_RE = /^\s{0,3}#{1,6}\s/;
const FIELD_RE = /^\s*(?:[-*+]\s+)?(?:\*\*|__)?([A-Za-z][A-Za-z ]{0,30}?)(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*(.*?)\s*$/;

function parseStatus(v: string): DreamStatus | undefined {
  const s = v.trim().toLowerCase();
  if (/^(?:pending|open|new|todo|\?)/.test(s) || s === '') return 'pending';
  if (/^(?:accepted|accept|approved|approve|yes|y|done|promoted|keep|✅|✔|☑|\[x\])/u.test(s)) return 'accepted';
  if (/^(?:rejected|reject|declined|decline|no|n|drop|dropped|discard|discarded|❌|✗|✘)/u.test(s)) return 'rejected';
  return undefined;
}

const CATEGORIES: DreamCategory[] = ['preference', 'decision', 'fact', 'progress', 'open'];

/**
 * The candidates of a DREAMS.md text. Never throws: unreadable parts become warnings (an unknown status is
 * read as pending, a duplicate id keeps the first, a heading without a finding is skipped).
 */
export function parseDreams(text: string): ParsedDreams {
  const lines = typeof text === 'string' ? text.split(/\r?\n/) : [];
  const out: ParsedDreams = { candidates: [], warnings: [] };
  const start = lines.findIndex((l) => l.trim() === DREAMS_BLOCK_START);
  if (start >= 0) {
    const endRel = lines.slice(start + 1).findIndex((l) => l.trim() === DREAMS_BLOCK_END);
    out.block = endRel >= 0 ? { start, end: start + 1 + endRel } : { start };
    if (endRel < 0) out.warnings.push(`The end marker ${DREAMS_BLOCK_END} is missing; the block is taken to run to the end of the file.`);
  } else if (lines.some((l) => l.trim() === DREAMS_BLOCK_END)) {
    out.warnings.push(`The end marker ${DREAMS_BLOCK_END} has no start marker.`);
  }
  const seen = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    const h = HEADING_RE.exec(lines[i]!);
    if (!h) continue;
    const id = h[1]!.toLowerCase();
    let end = i + 1;
    while (end < lines.length && !ANY_HEADING_RE.test(lines[end]!) && lines[end]!.trim() !== DREAMS_BLOCK_END && lines[end]!.trim() !== DREAMS_BLOCK_START) end++;
    const c: ParsedCandidate = { id, status: 'pending', finding: gist(h[2]!, 400), category: 'fact', sourceDays: [], mentions: 0, score: 0, line: i, endLine: end, inBlock: !!out.block && i > out.block.start && (out.block.end === undefined || i < out.block.end) };
    let statusSeen = false;
    for (let j = i + 1; j < end; j++) {
      const line = lines[j]!;
      const f = FIELD_RE.exec(line);
      if (f) {
        const key = f[1]!.trim().toLowerCase();
        const value = f[2]!;
        if (key === 'status' && !statusSeen) {
          statusSeen = true;
          const st = parseStatus(value);
          if (st) c.status = st;
          else out.warnings.push(`${id}: unknown status "${gist(value, 40)}"; read as pending.`);
          const d = /\d{4}-\d{2}-\d{2}/.exec(value);
          if (d) c.decidedOn = d[0];
        } else if (key === 'category') {
          const cat = CATEGORIES.find((k) => value.toLowerCase().startsWith(k));
          if (cat) c.category = cat;
        } else if (key === 'source days' || key === 'source day' || key === 'sources') {
          c.sourceDays = [...new Set(value.match(/\d{4}-\d{2}-\d{2}/g) ?? [])].sort();
        } else if ((key === 'finding' || key === 'text') && !c.finding) {
          c.finding = gist(value, 400);
        } else if (key === 'suggested action' || key === 'pointer') {
          const p = /(memory\/\d{4}-\d{2}-\d{2}\.md)/.exec(value);
          if (p) c.pointer = p[1]!;
        }
      }
      const m = /mentions\s*[:：]\s*(\d{1,6})/i.exec(line);
      if (m) c.mentions = Number(m[1]);
      const s = /score\s*[:：]\s*(\d{1,6}(?:\.\d+)?)/i.exec(line);
      if (s) c.score = Number(s[1]);
    }
    if (!c.finding) {
      out.warnings.push(`${id} (line ${i + 1}) has no finding; skipped.`);
      continue;
    }
    if (seen.has(id)) {
      out.warnings.push(`${id} appears more than once (line ${i + 1}); the first one counts.`);
      continue;
    }
    seen.add(id);
    if (!c.pointer && c.sourceDays.length) c.pointer = dailyLogRel(c.sourceDays[c.sourceDays.length - 1]!);
    out.candidates.push(c);
  }
  return out;
}

// ============================================================================================== rendering

export const DREAMS_INTRO =
  '_Staged by OpenClaw Context from the daily logs (memory/YYYY-MM-DD.md); nothing here is in MEMORY.md yet. ' +
  'Review each candidate with the extension\'s Accept / Reject commands, or set its `Status:` to `accepted` or `rejected` by hand. ' +
  'Accepting adds one pointer line to MEMORY.md after you confirm the preview. Text outside this block is not touched._';

/** One candidate's section (heading + fields + blank line). */
export function renderCandidate(c: DreamCandidate): string {
  const lines = [
    `### [${c.id}] ${gist(c.finding, FINDING_CHARS)}`,
    `- Status: ${c.status}${c.decidedOn ? ` (${c.decidedOn})` : ''}`,
    `- Category: ${c.category}`,
    `- Source days: ${c.sourceDays.join(', ')}`,
    `- Mentions: ${c.mentions} · Score: ${c.score.toFixed(1)}`,
  ];
  if (c.pointer) lines.push(`- Suggested action: add a pointer to MEMORY.md → ${c.pointer}`);
  return `${lines.join('\n')}\n\n`;
}

// ============================================================================================== planDream

export interface PlanDreamInput {
  workspaceDir: string;
  now: Date;
  /** IANA zone (`agents.defaults.userTimezone`); the system zone when absent or unknown */
  timeZone?: string;
  /** days of logs, today included (default 7) */
  days?: number;
  /** new candidates per run (default 10) */
  maxNew?: number;
  /** no new candidates once this many are pending (default 30) */
  maxPending?: number;
}

export interface DreamPlanOk {
  kind: 'dream';
  status: 'ok';
  targetRel: string;
  before: string;
  after: string;
  /** the candidates added (best first) */
  added: DreamCandidate[];
  /** days whose log was read */
  daysRead: string[];
  skipped: { known: number; staged: number; ineligible: number; overLimit: number };
  warnings: string[];
}

export interface NothingToDream {
  kind: 'dream';
  status: 'NOTHING_TO_DREAM';
  reason: 'no-daily-logs' | 'no-candidates' | 'all-known' | 'pending-limit';
  message: string;
  targetRel: string;
  daysRead: string[];
  skipped: { known: number; staged: number; ineligible: number; overLimit: number };
  warnings: string[];
}

export type DreamPlan = DreamPlanOk | NothingToDream;

/** `head` + `tail` with exactly one blank line between them (none when `head` is empty). */
function joinParagraph(head: string, tail: string): string {
  if (head === '' || head.endsWith('\n\n')) return head + tail;
  return head + (head.endsWith('\n') ? '\n' : '\n\n') + tail;
}

interface Group {
  key: string;
  days: Set<string>;
  mentions: number;
  latestDay: string;
  text: string;
  category: DreamCategory;
}

const CATEGORY_RANK: Record<DreamCategory, number> = { preference: 0, decision: 1, open: 2, fact: 3, progress: 4 };

/** Plan a dreaming run: the candidates to stage and the DREAMS.md before/after. Reads only. */
export function planDream(input: PlanDreamInput): DreamPlan {
  const warnings: string[] = [];
  const days = Math.max(1, Math.min(366, Math.floor(input.days ?? DEFAULT_DREAM_DAYS)));
  const today = zonedNow(input.now, input.timeZone);
  if (today.refused !== undefined) warnings.push(`Unknown time zone "${today.refused}"; used ${today.timeZone}.`);
  const targetRel = dreamsRel(input.workspaceDir);
  const skipped = { known: 0, staged: 0, ineligible: 0, overLimit: 0 };

  // ---------------------------------------------------------------- the logs, grouped
  const groups = new Map<string, Group>();
  const daysRead: string[] = [];
  for (let k = days - 1; k >= 0; k--) {
    const day = shiftStamp(today.date, k);
    const text = readRel(input.workspaceDir, dailyLogRel(day), warnings);
    if (text === undefined) continue;
    daysRead.push(day);
    for (const b of markdownBullets(text)) {
      const red = redactSecrets(b.text).text;
      const finding = gist(red, FINDING_CHARS);
      if (!finding || EMPTY_BULLET.test(finding.trim())) continue;
      const key = normalizeFact(finding);
      if (!key) continue;
      const category = bulletCategory(b.text, b.label);
      const g = groups.get(key);
      if (!g) groups.set(key, { key, days: new Set([day]), mentions: 1, latestDay: day, text: finding, category });
      else {
        g.days.add(day);
        g.mentions++;
        if (day >= g.latestDay) {
          g.latestDay = day;
          g.text = finding;
        }
        if (CATEGORY_RANK[category] < CATEGORY_RANK[g.category]) g.category = category;
      }
    }
  }
  const existingText = readRel(input.workspaceDir, targetRel, warnings) ?? '';
  const parsed = parseDreams(existingText);
  warnings.push(...parsed.warnings.map((w) => `${targetRel}: ${w}`));
  const nothing = (reason: NothingToDream['reason'], message: string): NothingToDream => ({ kind: 'dream', status: 'NOTHING_TO_DREAM', reason, message, targetRel, daysRead, skipped, warnings });
  if (!daysRead.length) return nothing('no-daily-logs', `No daily logs (memory/YYYY-MM-DD.md) in the last ${days} day(s).`);

  // ---------------------------------------------------------------- eligible, scored
  const scored: DreamCandidate[] = [];
  for (const g of groups.values()) {
    const nDays = g.days.size;
    const eligible = g.category === 'preference' || g.category === 'decision' || (g.category === 'fact' && g.mentions >= 2) || (g.category === 'open' && nDays >= 2);
    if (!eligible) {
      skipped.ineligible++;
      continue;
    }
    const age = Math.round((Date.parse(`${today.date}T00:00:00Z`) - Date.parse(`${g.latestDay}T00:00:00Z`)) / 86_400_000);
    const recency = Math.max(0, 1 - age / days);
    const score = Math.round((3 * nDays + Math.min(g.mentions, 6) + 2 * recency + CATEGORY_WEIGHT[g.category]) * 10) / 10;
    scored.push({ id: dreamId(g.text), status: 'pending', finding: g.text, category: g.category, sourceDays: [...g.days].sort(), mentions: g.mentions, score, pointer: dailyLogRel(g.latestDay) });
  }
  scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (!scored.length) return nothing('no-candidates', `Nothing in ${daysRead.length} daily log(s) recurs or is a preference or decision.`);

  // ---------------------------------------------------------------- de-duplication
  const known = loadKnownMemory(input.workspaceDir, warnings);
  const stagedIds = new Set(parsed.candidates.map((c) => c.id));
  const stagedKeys = new Set(parsed.candidates.flatMap((c) => factKeys(c.finding)));
  const pending = parsed.candidates.filter((c) => c.status === 'pending').length;
  const room = Math.max(0, Math.min(Math.floor(input.maxNew ?? DEFAULT_MAX_NEW_CANDIDATES), Math.floor(input.maxPending ?? DEFAULT_MAX_PENDING) - pending));
  const added: DreamCandidate[] = [];
  for (const c of scored) {
    if (stagedIds.has(c.id) || factKeys(c.finding).some((k) => stagedKeys.has(k))) {
      skipped.staged++;
      continue;
    }
    if (isKnown(known, c.finding)) {
      skipped.known++;
      continue;
    }
    if (added.length >= room) {
      skipped.overLimit++;
      continue;
    }
    added.push(c);
  }
  if (!added.length) {
    if (skipped.overLimit) return nothing('pending-limit', `${pending} candidate(s) are already pending review; review them first.`);
    return nothing('all-known', 'Every candidate is already in MEMORY.md, a file it points to, or DREAMS.md.');
  }

  // ---------------------------------------------------------------- DREAMS.md after
  const body = added.map(renderCandidate).join('');
  let after: string;
  if (!parsed.block) {
    const block = `${DREAMS_BLOCK_START}\n${DREAMS_HEADING}\n\n${DREAMS_INTRO}\n\n${body}${DREAMS_BLOCK_END}\n`;
    after = existingText === '' ? `# DREAMS.md\n\n${block}` : joinParagraph(existingText, block);
  } else if (parsed.block.end === undefined) {
    after = joinParagraph(existingText, `${body}${DREAMS_BLOCK_END}\n`);
  } else {
    const lines = existingText.split('\n');
    after = joinParagraph(lines.slice(0, parsed.block.end).join('\n'), body + lines.slice(parsed.block.end).join('\n'));
  }
  return { kind: 'dream', status: 'ok', targetRel, before: existingText, after, added, daysRead, skipped, warnings };
}

// ============================================================================================== accept / reject

export interface PlanDecisionOptions {
  /** for the `(YYYY-MM-DD)` after the new status */
  now?: Date;
  timeZone?: string;
  /** the tokenizer family for the 800-token check (default o200k) */
  family?: EstimatorFamily;
  /** accept even when MEMORY.md would exceed the budget (a warning is added) */
  allowOverBudget?: boolean;
  /** default 800 */
  maxTokens?: number;
}

export type DecisionRefusal = 'not-found' | 'already-accepted' | 'already-rejected' | 'memory-over-budget' | 'unreadable';

export interface FileChange {
  targetRel: string;
  before: string;
  after: string;
}

export interface AcceptPlan {
  kind: 'accept';
  status: 'ok' | 'refused';
  reason?: DecisionRefusal;
  message: string;
  candidateId: string;
  candidate?: ParsedCandidate;
  /** MEMORY.md: `after === before` when the pointer is already there */
  memory?: FileChange & { line: string; tokensBefore: number; tokensAfter: number; alreadyPresent: boolean };
  dreams?: FileChange;
  warnings: string[];
}

export interface RejectPlan {
  kind: 'reject';
  status: 'ok' | 'refused';
  reason?: DecisionRefusal;
  message: string;
  candidateId: string;
  candidate?: ParsedCandidate;
  dreams?: FileChange;
  warnings: string[];
}

/** The DREAMS.md text with one candidate's status line set (inserted after its heading when it has none). */
export function setCandidateStatus(text: string, c: Pick<ParsedCandidate, 'line' | 'endLine'>, status: DreamStatus, date?: string): string {
  const lines = text.split('\n');
  const value = `${status}${date ? ` (${date})` : ''}`;
  for (let j = c.line + 1; j < Math.min(c.endLine, lines.length); j++) {
    const f = FIELD_RE.exec(lines[j]!.replace(/\r$/, ''));
    if (f && f[1]!.trim().toLowerCase() === 'status') {
      const cr = lines[j]!.endsWith('\r') ? '\r' : '';
      const indent = /^\s*/.exec(lines[j]!)![0];
      lines[j] = `${indent}- Status: ${value}${cr}`;
      return lines.join('\n');
    }
  }
  lines.splice(c.line + 1, 0, `- Status: ${value}`);
  return lines.join('\n');
}

function findCandidate(workspaceDir: string, candidateId: string, warnings: string[]): { rel: string; text: string; candidate?: ParsedCandidate } {
  const rel = dreamsRel(workspaceDir);
  const text = readRel(workspaceDir, rel, warnings) ?? '';
  const parsed = parseDreams(text);
  warnings.push(...parsed.warnings.map((w) => `${rel}: ${w}`));
  const id = candidateId.trim().toLowerCase();
  const candidate = parsed.candidates.find((c) => c.id === id);
  return candidate ? { rel, text, candidate } : { rel, text };
}

/** The MEMORY.md pointer line for a candidate: `- <finding> → <pointer>`, ≤ 150 characters. */
export function pointerLine(c: Pick<DreamCandidate, 'finding' | 'pointer'>): string {
  const tail = c.pointer ? ` → ${c.pointer}` : '';
  const room = MEMORY_LINE_CHAR_LIMIT - codePoints(`- ${tail}`);
  return `- ${gist(flatten(redactSecrets(c.finding).text), Math.max(10, room))}${tail}`;
}

/**
 * Plan accepting a candidate: the pointer line appended to MEMORY.md and the candidate's status set to
 * `accepted` in DREAMS.md, both as before/after for a preview. Refused (status `refused`, nothing to
 * apply) when the candidate is unknown or already accepted, or when MEMORY.md would exceed 800 tokens and
 * `allowOverBudget` is not set.
 */
export function planAccept(candidateId: string, workspaceDir: string, opts: PlanDecisionOptions = {}): AcceptPlan {
  const warnings: string[] = [];
  const found = findCandidate(workspaceDir, candidateId, warnings);
  const base = { kind: 'accept' as const, candidateId, warnings };
  const c = found.candidate;
  if (!c) return { ...base, status: 'refused', reason: 'not-found', message: `No candidate ${candidateId} in ${found.rel}.` };
  if (c.status === 'accepted') return { ...base, candidate: c, status: 'refused', reason: 'already-accepted', message: `${c.id} is already accepted.` };

  const memRel = memoryRel(workspaceDir);
  const memBefore = readRel(workspaceDir, memRel, warnings);
  if (memBefore === undefined && warnings.some((w) => w.startsWith(`${memRel}:`))) return { ...base, candidate: c, status: 'refused', reason: 'unreadable', message: `${memRel} cannot be read.` };
  const before = memBefore ?? '';
  const line = pointerLine(c);
  const lineKeys = new Set([...factKeys(line), ...factKeys(c.finding)]);
  const alreadyPresent = markdownBullets(before).some((b) => factKeys(b.text).some((k) => lineKeys.has(k))) || before.split(/\r?\n/).some((l) => l.trim() === line);
  const addition = before === '' ? `# MEMORY.md\n\n${line}\n` : `${line}\n`;
  const after = alreadyPresent ? before : appendedText(before, addition);
  const maxTokens = opts.maxTokens ?? MEMORY_TOKEN_LIMIT;
  const tokensBefore = Math.round(estimateTokens(before, opts.family)); // rounded as lint/rules.ts's memory-too-long rule
  const tokensAfter = Math.round(estimateTokens(after, opts.family));
  const date = opts.now ? zonedNow(opts.now, opts.timeZone).date : undefined;
  const dreams: FileChange = { targetRel: found.rel, before: found.text, after: setCandidateStatus(found.text, c, 'accepted', date) };
  const memory = { targetRel: memRel, before, after, line, tokensBefore, tokensAfter, alreadyPresent };
  if (!alreadyPresent && tokensAfter > maxTokens) {
    const msg = `${memRel} would be about ${tokensAfter} tokens (budget ${maxTokens}; seed 000 keeps the always-loaded index under ${MEMORY_TOKEN_LIMIT}).`;
    if (!opts.allowOverBudget) return { ...base, candidate: c, memory, status: 'refused', reason: 'memory-over-budget', message: `${msg} Move detail into a file MEMORY.md points to, then accept again.` };
    warnings.push(msg);
  }
  return { ...base, candidate: c, memory, dreams, status: 'ok', message: alreadyPresent ? `${memRel} already has this memory; only DREAMS.md changes.` : `Adds 1 line to ${memRel} and marks ${c.id} accepted in ${found.rel}.` };
}

/** Plan rejecting a candidate: its status set to `rejected` in DREAMS.md (it is not proposed again). */
export function planReject(candidateId: string, workspaceDir: string, opts: Pick<PlanDecisionOptions, 'now' | 'timeZone'> = {}): RejectPlan {
  const warnings: string[] = [];
  const found = findCandidate(workspaceDir, candidateId, warnings);
  const base = { kind: 'reject' as const, candidateId, warnings };
  const c = found.candidate;
  if (!c) return { ...base, status: 'refused', reason: 'not-found', message: `No candidate ${candidateId} in ${found.rel}.` };
  if (c.status === 'rejected') return { ...base, candidate: c, status: 'refused', reason: 'already-rejected', message: `${c.id} is already rejected.` };
  const date = opts.now ? zonedNow(opts.now, opts.timeZone).date : undefined;
  return { ...base, candidate: c, status: 'ok', message: `Marks ${c.id} rejected in ${found.rel}.`, dreams: { targetRel: found.rel, before: found.text, after: setCandidateStatus(found.text, c, 'rejected', date) } };
}

// ============================================================================================== apply

export type ApplyDreamResult = { status: 'written'; files: string[] } | { status: 'refused'; code: MemoryWriteErrorCode | 'not-ok'; message: string };

/**
 * Write a plan (dreaming, accept or reject). Every file it changes must still read exactly as its `before`
 * — all are checked before the first write, so a change under us writes nothing. MEMORY.md is appended to
 * (appendInside), DREAMS.md replaced (writeInside), both with `expectedBefore`. Read-only: nothing written.
 */
export function applyDreamPlan(plan: DreamPlan | AcceptPlan | RejectPlan, workspaceDir: string, opts: { readOnly?: boolean } = {}): ApplyDreamResult {
  if (plan.status !== 'ok') return { status: 'refused', code: 'not-ok', message: 'message' in plan ? plan.message : 'Nothing to apply.' };
  const changes: Array<FileChange & { append?: string }> = [];
  if (plan.kind === 'dream') changes.push({ targetRel: plan.targetRel, before: plan.before, after: plan.after });
  else {
    if (plan.kind === 'accept' && plan.memory && plan.memory.after !== plan.memory.before) {
      const m = plan.memory;
      const sep = m.before === '' || m.before.endsWith('\n') ? '' : '\n';
      changes.push({ targetRel: m.targetRel, before: m.before, after: m.after, append: m.after.slice(m.before.length + sep.length) });
    }
    if (plan.dreams) changes.push(plan.dreams);
  }
  const names = changes.map((c) => c.targetRel).join(', ');
  if (opts.readOnly) return { status: 'refused', code: 'readonly', message: `The workspace is read-only here; nothing was written to ${names}.` };
  try {
    // every file locked first, then all checked, then all written: a change under us writes nothing
    const files = withLocksInside(workspaceDir, changes.map((c) => c.targetRel), () => {
      for (const c of changes) {
        if ((readTextIfExists(resolveInside(workspaceDir, c.targetRel)) ?? '') !== c.before) throw changedError(c.targetRel);
      }
      return changes.map((c) => (c.append !== undefined ? appendInside(workspaceDir, c.targetRel, c.append, { expectedBefore: c.before }).file : writeInside(workspaceDir, c.targetRel, c.after, { expectedBefore: c.before })));
    });
    return { status: 'written', files };
  } catch (err) {
    if (err instanceof MemoryWriteError) return { status: 'refused', code: err.code, message: err.message };
    throw err;
  }
}
