/**
 * Dream candidates and the DREAMS.md block that stages them for review (seed 003 §27.5.4): their ids,
 * categories, parsing and rendering.
 *
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
 */
import * as crypto from 'node:crypto';
import { gist } from '../../transcript/text';
import { normalizeFact } from '../extract';
import { dailyLogRel } from '../flush';

export const DREAMS_BLOCK_START = '<!-- openclaw-context:dreams:start -->';
export const DREAMS_BLOCK_END = '<!-- openclaw-context:dreams:end -->';
export const DREAMS_HEADING = '## Candidate Memory Items (Pending Review)';
export const DEFAULT_DREAM_DAYS = 7;
export const DEFAULT_MAX_NEW_CANDIDATES = 10;
export const DEFAULT_MAX_PENDING = 30;
export const FINDING_CHARS = 200;

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
export function bulletCategory(text: string, label: string | undefined): DreamCategory {
  const own = /^\s*(?:\*\*)?([^:：*]{1,32})(?:\*\*)?[:：]/u.exec(text);
  return categoryOfLabel(own?.[1]) ?? categoryOfLabel(label) ?? 'fact';
}

export const EMPTY_BULLET = /^(?:none|none captured|n\/a|nothing|-|—|无|没有|なし)[.!。]?$/iu;

export const CATEGORY_WEIGHT: Record<DreamCategory, number> = { preference: 3, decision: 3, fact: 1, open: 0, progress: 0 };

const HEADING_RE = /^\s{0,3}#{2,4}\s*\[(dream-[0-9a-f]{6,16})\]\s*(.*)$/i;
const ANY_HEADING_RE = /^\s{0,3}#{1,6}\s/;
export const FIELD_RE = /^\s*(?:[-*+]\s+)?(?:\*\*|__)?([A-Za-z][A-Za-z ]{0,30}?)(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*(.*?)\s*$/;

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
