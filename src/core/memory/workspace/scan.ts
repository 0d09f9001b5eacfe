/**
 * *
 * What an OpenClaw agent workspace holds for memory, as plain data: the bootstrap files OpenClaw injects
 * into the system prompt (and exactly how much of each it injects), our `memories/` files, the daily logs
 * and DREAMS.md. Nothing here writes.
 *
 * `scanWorkspace` puts the layout (layout.ts), the bootstrap injection (bootstrap.ts), the daily-log dates
 * (dates.ts) and the safe reads (safeRead.ts) together.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { estimateTokens, type EstimatorFamily } from '../../tokens/estimator';
import { resolveInside } from '../fsSafe';
import { BOOTSTRAP_FIXED_FILES, DAILY_DIR, DREAMS_FILE, DYNAMIC_BOOTSTRAP_FILES, MEMORIES_DIR, MEMORIES_FILES, MEMORY_ALT_FILE, MEMORY_FILE, PROMPT_ORDER } from './layout';
import { bootstrapCaps, type BootstrapCaps, type BootstrapInput, planBootstrapInjection } from './bootstrap';
import { dateStamp, shiftStamp, startupContextSettings, type StartupContextSettings } from './dates';
import { errMessage, readWorkspaceFile, type SafeRead } from './safeRead';

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

/** What a scan of the bootstrap files alone gives (the part of a scan the context figures use). */
export type BootstrapScan = Pick<WorkspaceScan, 'workspaceDir' | 'exists' | 'caps' | 'family' | 'bootstrap' | 'totals' | 'memoryFile' | 'error'>;

/**
 * The bootstrap files of a workspace as OpenClaw injects them, with their token figures: what the Memories
 * view shows and what the context figures count for them (one computation, one figure). Never throws.
 */
export function scanBootstrap(workspaceDir: string, opts: Omit<ScanOptions, 'now'> = {}): BootstrapScan {
  const root = path.resolve(workspaceDir);
  const family = opts.family ?? 'o200k';
  const caps = bootstrapCaps(opts.config, opts.agentId);
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


  const out: BootstrapScan = { workspaceDir: root, exists, caps, family, bootstrap, totals };
  if (memoryRead.exists) out.memoryFile = memoryName;
  if (error) out.error = error;
  return out;
}

/** Scan an agent workspace (see the module comment). Never throws. */
export function scanWorkspace(workspaceDir: string, opts: ScanOptions = {}): WorkspaceScan {
  const b = scanBootstrap(workspaceDir, opts);
  const { workspaceDir: root, exists, caps, family, bootstrap, totals } = b;
  const sc = startupContextSettings(opts.config);
  const now = opts.now ?? new Date();
  const today = dateStamp(now, sc.timeZone);
  const preloadDates = sc.enabled ? Array.from({ length: sc.dailyMemoryDays }, (_, i) => shiftStamp(today, i)) : [];

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
  if (b.memoryFile) scan.memoryFile = b.memoryFile;
  if (b.error) scan.error = b.error;
  return scan;
}

/**
 * Each bootstrap file's tokens as OpenClaw injects it (by name; missing-file markers included), as the Memories
 * view shows them: what the context model counts for the bootstrap files (ModelOptions.bootstrapTokens).
 */
export function bootstrapTokens(workspaceDir: string, opts: { config?: unknown; agentId?: string; family?: EstimatorFamily }): ReadonlyMap<string, number> | undefined {
  const scan = scanBootstrap(workspaceDir, opts);
  if (!scan.exists) return undefined;
  return new Map(scan.bootstrap.filter((f) => !f.error || f.missingMarker).map((f) => [f.name, f.injectedTokens]));
}
