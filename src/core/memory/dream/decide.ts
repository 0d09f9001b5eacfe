/**
 * Accepting or rejecting a dream candidate: the before/after texts the caller shows and the user confirms.
 *
 *
 * Accepting writes one pointer line to MEMORY.md — `- <finding> → memory/<newest source day>.md`, at most
 * 150 characters (seed 000: MEMORY.md holds locations, not content; lines ≤ 150 chars) — and refuses when
 * MEMORY.md would exceed 800 tokens (seed 000's budget; `estimateTokens` rounded, lint/problems.ts's limits and
 * arithmetic, so an accepted pointer never makes the linter complain) unless the caller allows it (then
 * it warns). File names, limits and date helpers come from workspace/ and lint/. All writes go through fsSafe with the previewed text as `expectedBefore`.
 */
import { codePoints, flatten, gist } from '../../transcript/text';
import { estimateTokens, type EstimatorFamily } from '../../tokens/estimator';
import { factKeys, markdownBullets, redactSecrets } from '../extract';
import { appendedText, zonedNow } from '../flush';
import { MEMORY_LINE_CHAR_LIMIT, MEMORY_TOKEN_LIMIT } from '../lint/problems';
import { type DreamCandidate, type DreamStatus, FIELD_RE, type ParsedCandidate, parseDreams } from './candidates';
import { dreamsRel, memoryRel, readRel } from './known';

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
    const msg = `${memRel} would be about ${tokensAfter} tokens (budget ${maxTokens}; the always-loaded index stays under ${MEMORY_TOKEN_LIMIT}).`;
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
