/**
 * "Remember this": seed 004's `commit_memory` tool (memory_content, memory_type, priority, category —
 * "immediate extraction and write, no compact delay"), written into the seed 000 workspace layout.
 *
 * `planRemember` validates and computes the exact append (a preview; nothing is written);
 * `applyRemember` writes it with fsSafe's `appendInside`, refusing when the file changed since the plan
 * (`expectedBefore`).
 *
 * Routing by type (category, when it names a type, stands in for a missing type):
 * | type                  | file                 | why |
 * |-----------------------|----------------------|-----|
 * | preference, profile   | USER.md              | OpenClaw's user model ("stable preferences … as directives"); OpenClaw's format wins for its file: `<!-- observed: YYYY-MM-DD \| status: active -->` then `- <directive>` |
 * | decision              | memories/decisions.md| seed 000: "decision log — record why, not what" |
 * | error                 | memories/errors.md   | seed 000: append-only error log (errorsLog.ts line format) |
 * | project, fact         | memories/project.md  | seed 000: "tech stack + project fingerprint + modules" |
 * | context, task         | memories/context.md  | seed 000: "current task snapshot" |
 * | note, event (default) | memory/YYYY-MM-DD.md | OpenClaw's daily log (AGENTS.md: "asked to remember this: update the daily note") |
 *
 * MEMORY.md is never the target of content (seed 000 rule 1: it stores locations). When the target is a
 * memories/ file that MEMORY.md (or memory.md) does not point to yet, the plan also appends one pointer
 * line `- <label> → memories/<file>` to it — at most 150 chars, and only when MEMORY.md stays within
 * 800 tokens (the lint rules), otherwise a warning says so.
 *
 * Entries: `- YYYY-MM-DD [high|low] (category) text` (daily logs: `- HH:MM …`, the date is the file
 * name); further lines of a multi-line text are indented under the item. Limits: 1..1,000 chars after
 * trimming; control characters are removed.
 */
import { appendInside, MemoryWriteError } from './fsSafe';
import { redactSecrets } from '../secrets/shapes';
import { MEMORY_LINE_CHAR_LIMIT, MEMORY_TOKEN_LIMIT } from './lint/problems';
import { findPointers, resolvePointer } from './lint/pointers';
import { capCodePoints, ERRORS_HEADING, formatErrorLine, singleLine } from './errorsLog';
import { estimateTokens, type EstimatorFamily } from '../tokens/estimator';
import { MEMORY_ALT_FILE, MEMORY_FILE } from './workspace/layout';
import { dateStamp, userTimeZone } from './workspace/dates';
import { readWorkspaceFile } from './workspace/safeRead';

export const MAX_REMEMBER_CHARS = 1_000;
export const MAX_CATEGORY_CHARS = 40;

export const REMEMBER_TYPES = ['preference', 'profile', 'decision', 'error', 'project', 'fact', 'context', 'task', 'note', 'event'] as const;
export type RememberType = (typeof REMEMBER_TYPES)[number];
export type RememberPriority = 'low' | 'normal' | 'high';

export interface RememberInput {
  content: string;
  type?: string;
  /** 'low' | 'normal' | 'high' (also 'medium', 'urgent', 'critical') or 1–5 (5 = most important) */
  priority?: string | number;
  category?: string;
}

export type RememberErrorCode = 'empty' | 'too-long' | 'unknown-type' | 'bad-priority' | 'bad-category' | 'unreadable';

export class RememberError extends Error {
  constructor(
    readonly code: RememberErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RememberError';
  }
}

export interface RememberOptions {
  now?: Date;
  /** IANA zone for the dates (default: `agents.defaults.userTimezone` of `config`, else the host's) */
  timeZone?: string;
  config?: unknown;
  family?: EstimatorFamily;
}

export interface FileAppend {
  targetRel: string;
  /** exactly what is appended (after a line break when the file does not end with one) */
  addition: string;
  before: string;
  after: string;
  /** the file does not exist yet */
  created: boolean;
}

export interface RememberPlan extends FileAppend {
  input: { content: string; type: RememberType; priority: RememberPriority; category?: string };
  warnings: string[];
  /** the pointer line added to MEMORY.md, when the target is not indexed yet */
  index?: FileAppend;
}

const TARGETS: Record<RememberType, string | 'daily'> = {
  preference: 'USER.md',
  profile: 'USER.md',
  decision: 'memories/decisions.md',
  error: 'memories/errors.md',
  project: 'memories/project.md',
  fact: 'memories/project.md',
  context: 'memories/context.md',
  task: 'memories/context.md',
  note: 'daily',
  event: 'daily',
};

const HEADINGS: Record<string, string> = {
  'memories/decisions.md': '# Decisions — why, not what\n\n',
  'memories/errors.md': ERRORS_HEADING,
  'memories/project.md': '# Project\n\n',
  'memories/context.md': '# Current task\n\n',
  'USER.md': '# USER.md - User Model\n\n## Directives\n',
};

/** MEMORY.md pointer labels (short: the line stays far below 150 chars). */
const INDEX_LABELS: Record<string, string> = {
  'memories/decisions.md': 'Decisions (why, not what)',
  'memories/errors.md': 'Errors to avoid (append-only)',
  'memories/project.md': 'Project facts',
  'memories/context.md': 'Current task snapshot',
};

function normalizeType(type: string | undefined, category: string | undefined): RememberType {
  const t = (type ?? '').trim().toLowerCase();
  if (t) {
    if ((REMEMBER_TYPES as readonly string[]).includes(t)) return t as RememberType;
    throw new RememberError('unknown-type', `Unknown memory type "${type}". Use one of: ${REMEMBER_TYPES.join(', ')}.`);
  }
  const c = (category ?? '').trim().toLowerCase();
  if ((REMEMBER_TYPES as readonly string[]).includes(c)) return c as RememberType;
  return 'note';
}

function normalizePriority(p: string | number | undefined): RememberPriority {
  if (p === undefined || p === null || p === '') return 'normal';
  if (typeof p === 'number') {
    if (!Number.isInteger(p) || p < 1 || p > 5) throw new RememberError('bad-priority', `Priority ${p} is not 1–5 (5 = most important) or low/normal/high.`);
    return p <= 2 ? 'low' : p === 3 ? 'normal' : 'high';
  }
  const s = String(p).trim().toLowerCase();
  if (/^[1-5]$/.test(s)) return normalizePriority(Number(s));
  if (s === 'low') return 'low';
  if (s === 'normal' || s === 'medium') return 'normal';
  if (s === 'high' || s === 'urgent' || s === 'critical') return 'high';
  throw new RememberError('bad-priority', `Priority "${p}" is not low/normal/high or 1–5.`);
}

function normalizeCategory(c: string | undefined): string | undefined {
  if (c === undefined || c === null) return undefined;
  const s = singleLine(String(c));
  if (!s) return undefined;
  if (s.length > MAX_CATEGORY_CHARS || !/^[\p{L}\p{N} _./-]+$/u.test(s)) {
    throw new RememberError('bad-category', `Category "${capCodePoints(s, 60)}" must be at most ${MAX_CATEGORY_CHARS} letters, digits, spaces or _ . / -.`);
  }
  return s;
}

/** The content's lines with control characters removed, trimmed, blank runs collapsed. */
function cleanContent(content: unknown): string[] {
  if (typeof content !== 'string') throw new RememberError('empty', 'Nothing to remember: the content is empty.');
  // eslint-disable-next-line no-control-regex
  const text = content.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, '').replace(/\t/g, '  ');
  const trimmed = text.trim();
  if (!trimmed) throw new RememberError('empty', 'Nothing to remember: the content is empty.');
  if (trimmed.length > MAX_REMEMBER_CHARS) {
    throw new RememberError('too-long', `The content is ${trimmed.length} chars; a memory entry holds at most ${MAX_REMEMBER_CHARS}. Save long text in a file under memories/ and remember a pointer to it.`);
  }
  const lines = trimmed.split('\n').map((l) => l.trimEnd());
  return lines.filter((l, i) => l.trim() !== '' || (i > 0 && lines[i - 1]!.trim() !== ''));
}

function timeOfDay(now: Date, timeZone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
    const h = parts.find((p) => p.type === 'hour')?.value;
    const m = parts.find((p) => p.type === 'minute')?.value;
    if (h && m) return `${h}:${m}`;
  } catch {
    /* fall through */
  }
  return now.toISOString().slice(11, 16);
}

function readForAppend(workspace: string, rel: string): { before: string; created: boolean } {
  const r = readWorkspaceFile(workspace, rel);
  if (r.error) throw new RememberError('unreadable', `Cannot add to ${rel}: ${r.error}`);
  return { before: r.text ?? '', created: !r.exists };
}

function appendPlan(rel: string, before: string, created: boolean, addition: string): FileAppend {
  const sep = before === '' || before.endsWith('\n') ? '' : '\n';
  return { targetRel: rel, addition, before, after: before + sep + addition, created };
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** Validate a commit_memory call and compute the exact append(s). Throws RememberError on bad input. */
export function planRemember(input: RememberInput, workspace: string, opts: RememberOptions = {}): RememberPlan {
  const lines = cleanContent(input?.content);
  const category = normalizeCategory(input?.category);
  const type = normalizeType(input?.type, category);
  const priority = normalizePriority(input?.priority);
  const now = opts.now ?? new Date();
  const tz = opts.timeZone ?? userTimeZone(opts.config);
  const day = dateStamp(now, tz);
  const warnings: string[] = [];
  const content = lines.join('\n');

  const route = TARGETS[type];
  const targetRel = route === 'daily' ? `memory/${day}.md` : route;
  const { before, created } = readForAppend(workspace, targetRel);

  const tags = [priority !== 'normal' ? `[${priority}]` : '', category && category.toLowerCase() !== type ? `(${category})` : ''].filter(Boolean).join(' ');
  const item = (prefix: string): string => {
    const [first, ...rest] = lines;
    return `- ${[prefix, tags, first].filter(Boolean).join(' ')}\n` + rest.map((l) => (l.trim() ? `  ${l.trim()}\n` : '\n')).join('');
  };

  let addition: string;
  if (type === 'error') {
    const line = formatErrorLine({ kind: category ?? 'agent', message: (priority === 'high' ? '[high] ' : '') + content, at: now });
    if (line.endsWith('…') && !singleLine(content).endsWith('…')) warnings.push('memories/errors.md entries are one line of at most 200 characters: the text was shortened.');
    if (lines.length > 1) warnings.push('memories/errors.md entries are one line: the line breaks became spaces.');
    addition = (created || before === '' ? HEADINGS[targetRel]! : '') + line + '\n';
  } else if (targetRel === 'USER.md') {
    if (!/^(always|never|prefer|avoid|do not|don't|use|keep|ask|call|answer|reply|write)\b/i.test(lines[0]!)) {
      warnings.push('USER.md holds directives: OpenClaw asks for an imperative such as "Always …", "Never …" or "Prefer …".');
    }
    warnings.push('If this replaces an earlier preference, mark the old entry "status: superseded" in USER.md (OpenClaw: never leave contradictory active directives).');
    addition = (created ? HEADINGS['USER.md']! : '') + `\n<!-- observed: ${day} | status: active -->\n\n` + item('');
  } else if (route === 'daily') {
    addition = (created ? `# ${day}\n\n` : '') + item(timeOfDay(now, tz));
  } else {
    addition = (created ? HEADINGS[targetRel]! : '') + item(day);
  }

  if (before && squash(before).includes(squash(content))) warnings.push(`${targetRel} already contains this text.`);
  // what you ask to remember is written as given (unlike a flush); the printed preview hides the secret
  if (redactSecrets(content).count > 0) warnings.push('This looks like a secret (key, token or password); it is written as you typed it (the printed preview hides it). Memory files are plain text that reaches prompts; store secrets elsewhere unless you mean to.');

  const plan: RememberPlan = { ...appendPlan(targetRel, before, created, addition), input: { content, type, priority, ...(category ? { category } : {}) }, warnings };

  // MEMORY.md pointer to a memories/ file it does not index yet
  const label = INDEX_LABELS[targetRel];
  if (label) {
    const upper = readWorkspaceFile(workspace, MEMORY_FILE);
    const lower = upper.exists ? undefined : readWorkspaceFile(workspace, MEMORY_ALT_FILE);
    const indexRel = upper.exists || !lower?.exists ? MEMORY_FILE : MEMORY_ALT_FILE;
    const index = upper.exists || !lower?.exists ? upper : lower;
    if (index.error) warnings.push(`${indexRel} cannot be read (${index.error}); no pointer to ${targetRel} was added.`);
    else {
      const text = index.text ?? '';
      const pointed = text.split('\n').some((l) => findPointers(l).some((p) => resolvePointer(p.target, indexRel) === targetRel));
      if (!pointed) {
        const line = `- ${label} → ${targetRel}`;
        const indexAddition = (index.exists ? '' : `# ${indexRel}\n\n`) + line + '\n';
        const idx = appendPlan(indexRel, text, !index.exists, indexAddition);
        const tokens = Math.round(estimateTokens(idx.after, opts.family ?? 'o200k'));
        if (Array.from(line).length > MEMORY_LINE_CHAR_LIMIT) warnings.push(`The pointer line for ${targetRel} would be longer than ${MEMORY_LINE_CHAR_LIMIT} chars; not added.`);
        else if (tokens > MEMORY_TOKEN_LIMIT) warnings.push(`${indexRel} would grow to about ${tokens} tokens (limit ${MEMORY_TOKEN_LIMIT}); no pointer to ${targetRel} was added — trim ${indexRel} first.`);
        else plan.index = idx;
      }
    }
  }
  return plan;
}

export interface RememberResult {
  file: string;
  after: string;
  index?: { file: string; after: string };
  /** the entry was written but the MEMORY.md pointer was not (the file changed, read-only …) */
  indexError?: string;
}

/**
 * Write a plan: the entry first, then the MEMORY.md pointer. Each append is refused (MemoryWriteError
 * 'changed') when its file no longer holds the previewed text, and ('readonly') under `readOnly`. A
 * failure of the entry throws; a failure of the pointer after the entry was written comes back as
 * `indexError`.
 */
export function applyRemember(plan: RememberPlan, workspace: string, opts: { readOnly?: boolean } = {}): RememberResult {
  const r = appendInside(workspace, plan.targetRel, plan.addition, { readOnly: opts.readOnly, expectedBefore: plan.before });
  const res: RememberResult = { file: r.file, after: r.after };
  if (plan.index) {
    try {
      const i = appendInside(workspace, plan.index.targetRel, plan.index.addition, { readOnly: opts.readOnly, expectedBefore: plan.index.before });
      res.index = { file: i.file, after: i.after };
    } catch (e) {
      res.indexError = e instanceof MemoryWriteError || e instanceof Error ? e.message : String(e);
    }
  }
  return res;
}
