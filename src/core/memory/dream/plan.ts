/**
 * *
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
 */
import { gist } from '../../transcript/text';
import { factKeys, markdownBullets, normalizeFact, redactSecrets } from '../extract';
import { dailyLogRel, zonedNow } from '../flush';
import { shiftStamp } from '../workspace/dates';
import { bulletCategory, CATEGORY_WEIGHT, DEFAULT_DREAM_DAYS, DEFAULT_MAX_NEW_CANDIDATES, DEFAULT_MAX_PENDING, type DreamCandidate, type DreamCategory, dreamId, DREAMS_BLOCK_END, DREAMS_BLOCK_START, DREAMS_HEADING, DREAMS_INTRO, EMPTY_BULLET, FINDING_CHARS, parseDreams, renderCandidate } from './candidates';
import { dreamsRel, isKnown, loadKnownMemory, readRel } from './known';

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
