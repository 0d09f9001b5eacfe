/**
 * What an OpenClaw agent workspace holds for memory, as plain data: the bootstrap files OpenClaw injects
 * into the system prompt (and exactly how much of each it injects), our `memories/` files, the daily logs
 * and DREAMS.md. Nothing here writes.
 *
 * OpenClaw's rules (reference/openclaw-formats.md §3, OC-4.12 `src/agents/workspace.ts` and
 * `src/agents/pi-embedded-helpers/bootstrap.ts`; real OpenClaw wins over the seeds for these files):
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
 *   not injected.
 * - Prompt placement: sorted agents 10, soul 20, identity 30, user 40, tools 50, bootstrap 60, memory 70;
 *   HEARTBEAT.md is dynamic (after the cache boundary).
 * - Daily logs `memory/YYYY-MM-DD.md` are not in the system prompt; on a bare /new or /reset the startup
 *   context preloads `startupContext.dailyMemoryDays` (2) days — today and yesterday in
 *   `agents.defaults.userTimezone` — skipping files over `maxFileBytes` (16,384) and empty ones.
 *   (Newer OpenClaw also loads the UTC dates and up to 4 `YYYY-MM-DD-<slug>.md` files per day; we list
 *   slugged logs but flag only exact-date names, as the reference describes.)
 * - `memories/{project,decisions,errors,context}.md` are ours (seed 000, Step 1); DREAMS.md is OpenClaw's
 *   optional dream diary (parsed elsewhere).
 *
 * Reads go through fsSafe (`resolveInside` + `readTextIfExists`): a file that is a directory, huge
 * (> 16 MiB), unreadable, or a symlink leading outside the workspace becomes an entry with an `error`
 * string; scanning never throws.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { estimateTokens, type EstimatorFamily } from '../tokens/estimator';
import { readTextIfExists, resolveInside } from './fsSafe';

export const BOOTSTRAP_FIXED_FILES = ['AGENTS.md', 'SOUL.md', 'TOOLS.md', 'IDENTITY.md', 'USER.md', 'HEARTBEAT.md', 'BOOTSTRAP.md'] as const;
export const MEMORY_FILE = 'MEMORY.md';
export const MEMORY_ALT_FILE = 'memory.md';
/** Bootstrap files OpenClaw places after the prompt-cache boundary. */
export const DYNAMIC_BOOTSTRAP_FILES: ReadonlySet<string> = new Set(['HEARTBEAT.md']);
/** System-prompt sort keys by lower-case basename; other files come after (reference §3 "Prompt placement"). */
export const PROMPT_ORDER: Readonly<Record<string, number>> = {
  'agents.md': 10,
  'soul.md': 20,
  'identity.md': 30,
  'user.md': 40,
  'tools.md': 50,
  'bootstrap.md': 60,
  'memory.md': 70,
};
export const DEFAULT_BOOTSTRAP_MAX_CHARS = 20_000;
export const DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS = 150_000;
export const MIN_BOOTSTRAP_FILE_BUDGET_CHARS = 64;
const HEAD_RATIO = 0.7;
const TAIL_RATIO = 0.2;

/** seed 000 Step 1: the four files under memories/. */
export const MEMORIES_DIR = 'memories';
export const MEMORIES_FILES = ['project.md', 'decisions.md', 'errors.md', 'context.md'] as const;
export const ERRORS_REL = 'memories/errors.md';
export const DAILY_DIR = 'memory';
export const DREAMS_FILE = 'DREAMS.md';

export const DEFAULT_DAILY_MEMORY_DAYS = 2;
export const DEFAULT_STARTUP_MAX_FILE_BYTES = 16_384;

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const positiveInt = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : undefined);

function agentsDefaults(config: unknown): Json | undefined {
  const agents = isObj(config) ? config.agents : undefined;
  return isObj(agents) && isObj(agents.defaults) ? agents.defaults : undefined;
}

function agentEntry(config: unknown, agentId: string | undefined): Json | undefined {
  if (!agentId) return undefined;
  const agents = isObj(config) ? config.agents : undefined;
  const list = isObj(agents) ? agents.list : undefined;
  return Array.isArray(list) ? (list.find((a) => isObj(a) && a.id === agentId) as Json | undefined) : undefined;
}

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

// ---------------------------------------------------------------------------------------------------
// Dates (daily logs)

/** The IANA zone OpenClaw uses for memory dates: `agents.defaults.userTimezone` when valid, else the host's. */
export function userTimeZone(config?: unknown): string {
  const tz = agentsDefaults(config)?.userTimezone;
  if (typeof tz === 'string' && tz.trim()) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz.trim() });
      return tz.trim();
    } catch {
      /* invalid: fall back */
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** `YYYY-MM-DD` of `now` in `timeZone` (OpenClaw's formatDateStamp). */
export function dateStamp(now: Date, timeZone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
    const get = (t: string) => parts.find((p) => p.type === t)?.value;
    const y = get('year');
    const m = get('month');
    const d = get('day');
    if (y && m && d) return `${y}-${m}-${d}`;
  } catch {
    /* fall through */
  }
  return now.toISOString().slice(0, 10);
}

/** `stamp` moved back by `days` calendar days. */
export function shiftStamp(stamp: string, days: number): string {
  const [y, m, d] = stamp.split('-').map((p) => Number.parseInt(p, 10));
  if (!y || !m || !d) return stamp;
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

export interface StartupContextSettings {
  enabled: boolean;
  applyOn: string[];
  dailyMemoryDays: number;
  maxFileBytes: number;
  timeZone: string;
}

/** `agents.defaults.startupContext` with OpenClaw's defaults and clamps (days 1–14). */
export function startupContextSettings(config?: unknown): StartupContextSettings {
  const sc = agentsDefaults(config)?.startupContext;
  const s = isObj(sc) ? sc : {};
  const clamp = (v: unknown, def: number, min: number, max: number) => Math.min(max, Math.max(min, typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : def));
  const applyOn = Array.isArray(s.applyOn) && s.applyOn.length > 0 ? s.applyOn.filter((x): x is string => typeof x === 'string') : ['new', 'reset'];
  return {
    enabled: s.enabled !== false,
    applyOn,
    dailyMemoryDays: clamp(s.dailyMemoryDays, DEFAULT_DAILY_MEMORY_DAYS, 1, 14),
    maxFileBytes: clamp(s.maxFileBytes, DEFAULT_STARTUP_MAX_FILE_BYTES, 1, 64 * 1024),
    timeZone: userTimeZone(config),
  };
}

// ---------------------------------------------------------------------------------------------------
// Safe reads

export interface SafeRead {
  exists: boolean;
  text?: string;
  bytes?: number;
  mtimeMs?: number;
  /** a directory (when `exists`) */
  isDir?: boolean;
  error?: string;
  /** MemoryWriteError code ('outside', 'not-a-file', 'too-large') or the errno code */
  errorCode?: string;
}

const errMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));
const errCode = (e: unknown): string | undefined => (e && typeof e === 'object' && 'code' in e ? String((e as { code: unknown }).code) : undefined);

/**
 * Read `rel` inside `root` without ever throwing: missing → {exists: false}; a directory, a file over
 * 16 MiB, an unreadable file or a path leading out of the workspace → {exists: true, error}.
 */
export function readWorkspaceFile(root: string, rel: string, opts: { statOnly?: boolean } = {}): SafeRead {
  let abs: string;
  try {
    abs = resolveInside(root, rel);
  } catch (e) {
    let exists = false;
    try {
      fs.lstatSync(path.join(root, rel));
      exists = true;
    } catch {
      /* absent */
    }
    return { exists, error: errMessage(e), errorCode: errCode(e) ?? 'outside' };
  }
  let st: fs.Stats;
  try {
    st = fs.statSync(abs);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      // a dangling symlink exists as a name but reads as missing (as for OpenClaw)
      return { exists: false };
    }
    return { exists: true, error: errMessage(e), errorCode: errCode(e) };
  }
  const info: SafeRead = { exists: true, bytes: st.size, mtimeMs: st.mtimeMs };
  if (st.isDirectory()) info.isDir = true;
  if (opts.statOnly) return info;
  try {
    const text = readTextIfExists(abs);
    if (text === undefined) return { exists: false };
    info.text = text;
  } catch (e) {
    info.error = errMessage(e);
    const c = errCode(e);
    if (c) info.errorCode = c;
  }
  return info;
}

// ---------------------------------------------------------------------------------------------------
// The scan

export interface ScanOptions {
  /** parsed openclaw.json (caps, startupContext, userTimezone) */
  config?: unknown;
  /** the agent whose `agents.list[]` entry may override the caps */
  agentId?: string;
  family?: EstimatorFamily;
  /** "now" for the daily-log preload flags (default: the current time) */
  now?: Date;
  /** keep file texts on the entries (for the linter) */
  includeText?: boolean;
}

export interface BootstrapFileInfo {
  name: string;
  /** workspace-relative path (= name) */
  rel: string;
  path: string;
  /** position in OpenClaw's load order (budget order), 0-based */
  loadIndex: number;
  /** system-prompt sort key (PROMPT_ORDER; 100 for others) */
  promptOrder: number;
  /** after the prompt-cache boundary (HEARTBEAT.md) */
  dynamic: boolean;
  exists: boolean;
  /** OpenClaw injects the `[MISSING] Expected at:` marker for it */
  missingMarker: boolean;
  bytes?: number;
  rawChars: number;
  rawTokens: number;
  injected: boolean;
  injectedChars: number;
  injectedTokens: number;
  truncated: boolean;
  cutChars: number;
  skipped?: 'empty' | 'budget';
  /** true when the figures are estimated without reading the file (too large to read) */
  approximate?: boolean;
  error?: string;
  text?: string;
}

export interface MemoriesFileInfo {
  name: string;
  rel: string;
  exists: boolean;
  bytes?: number;
  chars?: number;
  tokens?: number;
  error?: string;
  text?: string;
}

export interface DailyLogInfo {
  rel: string;
  name: string;
  date: string;
  slug?: string;
  bytes: number;
  mtimeMs: number;
  /** OpenClaw's startup context loads it on a bare /new or /reset */
  preloaded: boolean;
  /** why a log of a preloaded date is not loaded (too large, empty) */
  preloadNote?: string;
}

export interface WorkspaceScan {
  workspaceDir: string;
  exists: boolean;
  error?: string;
  caps: BootstrapCaps;
  family: EstimatorFamily;
  bootstrap: BootstrapFileInfo[];
  /** which memory file OpenClaw uses ('MEMORY.md', 'memory.md') or undefined when neither exists */
  memoryFile?: string;
  totals: { rawChars: number; injectedChars: number; injectedTokens: number; budgetLeft: number; truncatedFiles: number };
  memoriesDir: { exists: boolean; error?: string };
  memories: MemoriesFileInfo[];
  dailyLogs: DailyLogInfo[];
  startupContext: StartupContextSettings & { preloadDates: string[] };
  dreams: { rel: string; exists: boolean; bytes?: number; error?: string };
}

const DAILY_RE = /^(\d{4})-(\d{2})-(\d{2})(?:-(.+))?\.md$/;

function validDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

function tokens(text: string, family: EstimatorFamily): number {
  return Math.round(estimateTokens(text, family));
}

/** Scan an agent workspace (see the module comment). Never throws. */
export function scanWorkspace(workspaceDir: string, opts: ScanOptions = {}): WorkspaceScan {
  const root = path.resolve(workspaceDir);
  const family = opts.family ?? 'o200k';
  const caps = bootstrapCaps(opts.config, opts.agentId);
  const sc = startupContextSettings(opts.config);
  const now = opts.now ?? new Date();
  const today = dateStamp(now, sc.timeZone);
  const preloadDates = sc.enabled ? Array.from({ length: sc.dailyMemoryDays }, (_, i) => shiftStamp(today, i)) : [];

  let exists = false;
  let error: string | undefined;
  try {
    const st = fs.statSync(root);
    exists = st.isDirectory();
    if (!exists) error = `${root} is not a directory`;
  } catch (e) {
    error = errMessage(e);
  }

  // bootstrap files in load order; MEMORY.md, else memory.md
  const reads = new Map<string, SafeRead>();
  for (const name of BOOTSTRAP_FIXED_FILES) reads.set(name, exists ? readWorkspaceFile(root, name) : { exists: false });
  const upper = exists ? readWorkspaceFile(root, MEMORY_FILE) : { exists: false };
  let memoryName = MEMORY_FILE;
  let memoryRead = upper;
  if (!upper.exists) {
    const lower = exists ? readWorkspaceFile(root, MEMORY_ALT_FILE) : { exists: false };
    // on case-insensitive file systems both names find the same file; then "MEMORY.md" does too
    if (lower.exists) {
      memoryName = MEMORY_ALT_FILE;
      memoryRead = lower;
    }
  }
  reads.set(memoryName, memoryRead);
  const names = [...BOOTSTRAP_FIXED_FILES, memoryName];

  const inputs: BootstrapInput[] = [];
  const approx = new Set<string>();
  for (const name of names) {
    const r = reads.get(name)!;
    const isMemory = name === memoryName;
    if (isMemory && !r.exists) continue; // not injected, no marker
    if (r.text !== undefined) inputs.push({ name, path: path.join(root, name), content: r.text, missing: false });
    else if (r.errorCode === 'too-large' && r.bytes !== undefined) {
      // too large for us to read whole: OpenClaw (OC-4.12) reads and truncates it; estimate with its size
      approx.add(name);
      inputs.push({ name, path: path.join(root, name), content: 'x'.repeat(Math.min(r.bytes, caps.maxChars + 1)), missing: false });
    } else inputs.push({ name, path: path.join(root, name), missing: true }); // absent or unreadable: OpenClaw injects the marker
  }
  const plan = planBootstrapInjection(inputs, caps);
  const planOf = new Map(plan.map((p) => [p.name, p]));

  const bootstrap: BootstrapFileInfo[] = names.map((name, loadIndex) => {
    const r = reads.get(name)!;
    const p = planOf.get(name);
    const raw = r.text ?? '';
    const info: BootstrapFileInfo = {
      name,
      rel: name,
      path: path.join(root, name),
      loadIndex,
      promptOrder: PROMPT_ORDER[name.toLowerCase()] ?? 100,
      dynamic: DYNAMIC_BOOTSTRAP_FILES.has(name),
      exists: r.exists,
      missingMarker: !!p && inputs.find((i) => i.name === name)!.missing,
      rawChars: approx.has(name) ? r.bytes ?? 0 : raw.length,
      rawTokens: approx.has(name) ? Math.round((r.bytes ?? 0) / 4) : tokens(raw, family),
      injected: !!p?.injected,
      injectedChars: p?.text.length ?? 0,
      injectedTokens: p?.injected ? tokens(p.text, family) : 0,
      truncated: !!p?.truncated,
      cutChars: approx.has(name) ? Math.max(0, (r.bytes ?? 0) - ((p?.headKept ?? 0) + (p?.tailKept ?? 0))) : p?.cutChars ?? 0,
    };
    if (r.bytes !== undefined) info.bytes = r.bytes;
    if (p?.skipped && !(name === memoryName && !r.exists)) info.skipped = p.skipped;
    if (approx.has(name)) info.approximate = true;
    if (r.error) info.error = r.error;
    if (opts.includeText && r.text !== undefined) info.text = r.text;
    return info;
  });

  const injectedChars = plan.reduce((s, p) => s + p.text.length, 0);
  const totals = {
    rawChars: bootstrap.reduce((s, b) => s + b.rawChars, 0),
    injectedChars,
    injectedTokens: bootstrap.reduce((s, b) => s + b.injectedTokens, 0),
    budgetLeft: Math.max(0, caps.totalMaxChars - injectedChars),
    truncatedFiles: bootstrap.filter((b) => b.truncated || b.skipped === 'budget').length,
  };

  // memories/
  const memDir: SafeRead = exists ? readWorkspaceFile(root, MEMORIES_DIR, { statOnly: true }) : { exists: false };
  const memoriesDir: WorkspaceScan['memoriesDir'] = { exists: memDir.exists && !!memDir.isDir };
  if (memDir.error) memoriesDir.error = memDir.error;
  else if (memDir.exists && !memDir.isDir) memoriesDir.error = `${MEMORIES_DIR} is a file, not a folder`;
  const memories: MemoriesFileInfo[] = MEMORIES_FILES.map((name) => {
    const rel = `${MEMORIES_DIR}/${name}`;
    const r = exists ? readWorkspaceFile(root, rel) : { exists: false };
    const m: MemoriesFileInfo = { name, rel, exists: r.exists };
    if (r.bytes !== undefined) m.bytes = r.bytes;
    if (r.text !== undefined) {
      m.chars = r.text.length;
      m.tokens = tokens(r.text, family);
      if (opts.includeText) m.text = r.text;
    }
    if (r.error) m.error = r.error;
    return m;
  });

  // daily logs
  const dailyLogs: DailyLogInfo[] = [];
  if (exists) {
    let dirents: fs.Dirent[] = [];
    try {
      resolveInside(root, DAILY_DIR);
      dirents = fs.readdirSync(path.join(root, DAILY_DIR), { withFileTypes: true });
    } catch {
      dirents = [];
    }
    for (const d of dirents) {
      const m = DAILY_RE.exec(d.name);
      if (!m || !d.isFile()) continue; // OpenClaw takes regular files only (entry.isFile())
      const [y, mo, da] = [Number(m[1]), Number(m[2]), Number(m[3])];
      if (!validDate(y, mo, da)) continue;
      let st: fs.Stats;
      try {
        st = fs.statSync(path.join(root, DAILY_DIR, d.name));
      } catch {
        continue;
      }
      const date = `${m[1]}-${m[2]}-${m[3]}`;
      const log: DailyLogInfo = { rel: `${DAILY_DIR}/${d.name}`, name: d.name, date, bytes: st.size, mtimeMs: st.mtimeMs, preloaded: false };
      if (m[4] !== undefined) log.slug = m[4];
      if (preloadDates.includes(date) && log.slug === undefined) {
        if (st.size > sc.maxFileBytes) log.preloadNote = `larger than startupContext.maxFileBytes (${sc.maxFileBytes} bytes): not loaded`;
        else if (st.size === 0) log.preloadNote = 'empty: not loaded';
        else log.preloaded = true;
      }
      dailyLogs.push(log);
    }
    dailyLogs.sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  const dr: SafeRead = exists ? readWorkspaceFile(root, DREAMS_FILE, { statOnly: true }) : { exists: false };
  const dreams: WorkspaceScan['dreams'] = { rel: DREAMS_FILE, exists: dr.exists };
  if (dr.bytes !== undefined && !dr.isDir) dreams.bytes = dr.bytes;
  if (dr.error) dreams.error = dr.error;
  else if (dr.isDir) dreams.error = `${DREAMS_FILE} is a directory, not a file`;

  const scan: WorkspaceScan = {
    workspaceDir: root,
    exists,
    caps,
    family,
    bootstrap,
    totals,
    memoriesDir,
    memories,
    dailyLogs,
    startupContext: { ...sc, preloadDates },
    dreams,
  };
  if (memoryRead.exists) scan.memoryFile = memoryName;
  if (error) scan.error = error;
  return scan;
}
