/**
 * How much of each bootstrap file OpenClaw injects into the system prompt (OC-4.12
 * `src/agents/pi-embedded-helpers/bootstrap.ts`; real OpenClaw wins over the seeds for these files).
 *
 * - Bootstrap files, in load order: AGENTS.md, SOUL.md, TOOLS.md, IDENTITY.md, USER.md, HEARTBEAT.md,
 *   BOOTSTRAP.md, then MEMORY.md — or `memory.md` only when MEMORY.md is absent. A missing file among the
 *   first seven is injected as `[MISSING] Expected at: <absolute path>`; an absent MEMORY.md/memory.md is
 *   simply not injected (no marker). (Newer OpenClaw drops the lowercase fallback and skips missing
 *   optional files; we follow OC-4.12, the reference's anchor.)
 * - Caps: per file `agents.defaults.bootstrapMaxChars` (20,000), across all files
 *   `agents.defaults.bootstrapTotalMaxChars` (150,000); newer OpenClaw also reads the same keys on the
 *   agent's `agents.list[]` entry, which win when present. Budget is spent in load order; a file is
 *   skipped once fewer than 64 chars of budget remain. Content is `trimEnd()`-ed; a longer file keeps
 *   floor(0.7·cap) head + floor(0.2·cap) tail chars around a two-line marker (`truncateBootstrap`), and
 *   the result is clamped to the remaining budget (with a trailing `…`). A file empty after trimEnd is
 */
import { MEMORY_FILE } from './layout';
import { agentEntry, agentsDefaults, positiveInt } from './config';

export const DEFAULT_BOOTSTRAP_MAX_CHARS = 20_000;
export const DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS = 150_000;
export const MIN_BOOTSTRAP_FILE_BUDGET_CHARS = 64;
const HEAD_RATIO = 0.7;
const TAIL_RATIO = 0.2;

export interface BootstrapCaps {
  /** per file (`bootstrapMaxChars`) */
  maxChars: number;
  /** all bootstrap files together (`bootstrapTotalMaxChars`) */
  totalMaxChars: number;
}

/** The caps from a parsed openclaw.json (agent entry, then `agents.defaults`, then 20,000 / 150,000). */
export function bootstrapCaps(config?: unknown, agentId?: string): BootstrapCaps {
  const d = agentsDefaults(config);
  const a = agentEntry(config, agentId);
  return {
    maxChars: positiveInt(a?.bootstrapMaxChars) ?? positiveInt(d?.bootstrapMaxChars) ?? DEFAULT_BOOTSTRAP_MAX_CHARS,
    totalMaxChars: positiveInt(a?.bootstrapTotalMaxChars) ?? positiveInt(d?.bootstrapTotalMaxChars) ?? DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS,
  };
}

export interface TruncateResult {
  /** what OpenClaw injects for this file under `maxChars` (before the total budget) */
  text: string;
  truncated: boolean;
  /** chars of the (trimEnd-ed) content left out (0 when not truncated) */
  cutChars: number;
  /** length of the trimEnd-ed content */
  originalChars: number;
  headChars: number;
  tailChars: number;
}

/**
 * OpenClaw's `trimBootstrapContent`: trimEnd, then, when longer than `maxChars`, keep floor(0.7·max) head
 * and floor(0.2·max) tail chars joined by the marker lines `[...truncated, read <FILE> for full content...]`
 * and `…(truncated <FILE>: kept <h>+<t> chars of <n>)…`. `fileName` is the basename OpenClaw names.
 * (Faithful to a quirk too: with maxChars < 5 the tail count is 0 and `slice(-0)` keeps the whole text.)
 */
export function truncateBootstrap(text: string, maxChars: number, fileName = MEMORY_FILE): TruncateResult {
  const trimmed = text.trimEnd();
  if (trimmed.length <= maxChars) {
    return { text: trimmed, truncated: false, cutChars: 0, originalChars: trimmed.length, headChars: trimmed.length, tailChars: 0 };
  }
  const headChars = Math.floor(maxChars * HEAD_RATIO);
  const tailChars = Math.floor(maxChars * TAIL_RATIO);
  const head = trimmed.slice(0, headChars);
  const tail = trimmed.slice(-tailChars);
  const marker = ['', `[...truncated, read ${fileName} for full content...]`, `…(truncated ${fileName}: kept ${headChars}+${tailChars} chars of ${trimmed.length})…`, ''].join('\n');
  return {
    text: [head, marker, tail].join('\n'),
    truncated: true,
    cutChars: Math.max(0, trimmed.length - head.length - tail.length),
    originalChars: trimmed.length,
    headChars: head.length,
    tailChars: tail.length,
  };
}

/** OpenClaw's `truncateUtf16Safe`: cut to `max` code units without splitting a surrogate pair. */
function truncateUtf16Safe(s: string, max: number): string {
  const limit = Math.max(0, Math.floor(max));
  if (s.length <= limit) return s;
  let end = limit;
  const c = s.charCodeAt(end - 1);
  if (end > 0 && c >= 0xd800 && c <= 0xdbff) end -= 1;
  return s.slice(0, end);
}

/** OpenClaw's `clampToBudget`. */
function clampToBudget(content: string, budget: number): string {
  if (budget <= 0) return '';
  if (content.length <= budget) return content;
  if (budget <= 3) return truncateUtf16Safe(content, budget);
  return `${truncateUtf16Safe(content, budget - 1)}…`;
}

export interface BootstrapInput {
  name: string;
  /** the path OpenClaw prints in `[MISSING] Expected at:` (absolute in OpenClaw) */
  path: string;
  content?: string;
  missing: boolean;
}

export interface BootstrapInjection {
  name: string;
  injected: boolean;
  /** exactly what OpenClaw puts under `## <path>` ('' when not injected) */
  text: string;
  /** shortened by the per-file cap or by the total budget */
  truncated: boolean;
  /** chars of the trimEnd-ed file content that do not reach the prompt */
  cutChars: number;
  originalChars: number;
  /** the per-file cap applied (min of the cap and the budget left) */
  fileMaxChars: number;
  /** cut further because the total budget ran out */
  budgetClamped: boolean;
  skipped?: 'empty' | 'budget';
  /** head/tail kept of the original, for locating the cut (see keptRanges) */
  headKept: number;
  tailKept: number;
}

/**
 * OpenClaw's `buildBootstrapContextFiles` over files in load order: one result per input, in the same
 * order (files after the budget ran out come back with `skipped: 'budget'`).
 */
export function planBootstrapInjection(files: readonly BootstrapInput[], caps: BootstrapCaps): BootstrapInjection[] {
  const maxChars = caps.maxChars;
  let remaining = Math.max(1, Math.floor(caps.totalMaxChars));
  const out: BootstrapInjection[] = [];
  let stopped = false;
  for (const file of files) {
    const original = file.missing ? 0 : (file.content ?? '').trimEnd().length;
    const base: BootstrapInjection = { name: file.name, injected: false, text: '', truncated: false, cutChars: original, originalChars: original, fileMaxChars: 0, budgetClamped: false, skipped: 'budget', headKept: 0, tailKept: 0 };
    if (stopped || remaining <= 0) {
      stopped = true;
      out.push(base);
      continue;
    }
    if (file.missing) {
      const marker = clampToBudget(`[MISSING] Expected at: ${file.path}`, remaining);
      if (!marker) {
        stopped = true;
        out.push(base);
        continue;
      }
      remaining = Math.max(0, remaining - marker.length);
      out.push({ ...base, injected: true, text: marker, cutChars: 0, skipped: undefined, budgetClamped: marker.length < `[MISSING] Expected at: ${file.path}`.length });
      continue;
    }
    if (remaining < MIN_BOOTSTRAP_FILE_BUDGET_CHARS) {
      stopped = true;
      out.push(base);
      continue;
    }
    const fileMaxChars = Math.max(1, Math.min(maxChars, remaining));
    const t = truncateBootstrap(file.content ?? '', fileMaxChars, file.name);
    const within = clampToBudget(t.text, remaining);
    if (!within) {
      out.push({ ...base, fileMaxChars, skipped: 'empty', cutChars: 0 });
      continue;
    }
    remaining = Math.max(0, remaining - within.length);
    const clamped = within.length < t.text.length;
    // how much of the original survives: the clamp keeps a prefix (budget - 1 chars, then '…')
    const prefix = clamped ? within.length - 1 : within.length;
    let headKept: number;
    let tailKept: number;
    if (t.truncated) {
      headKept = Math.min(t.headChars, prefix);
      const tailStart = t.text.length - t.tailChars;
      tailKept = Math.max(0, prefix - tailStart);
    } else {
      headKept = Math.min(t.originalChars, prefix);
      tailKept = 0;
    }
    out.push({
      name: file.name,
      injected: true,
      text: within,
      truncated: t.truncated || clamped,
      cutChars: Math.max(0, t.originalChars - headKept - tailKept),
      originalChars: t.originalChars,
      fileMaxChars,
      budgetClamped: clamped || fileMaxChars < maxChars,
      headKept,
      tailKept,
    });
  }
  return out;
}
