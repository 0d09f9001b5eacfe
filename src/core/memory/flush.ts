/**
 * The mechanical pre-compaction memory flush (seed 003 §27.3–27.4; openclaw-formats.md §4.5): what an
 * OpenClaw agent is asked to do before compaction — append durable memories to `memory/YYYY-MM-DD.md` —
 * done by the extension without an LLM, from the transcript (extract.ts).
 *
 * Rules
 * - **Target.** `memory/YYYY-MM-DD.md` in the agent's workspace, the date in the user's time zone
 *   (`agents.defaults.userTimezone`, read by `compactionSettings`; an unknown or absent zone falls back to
 *   the system zone and the plan says so). The file is only ever appended to (OpenClaw's flush prompt:
 *   "If the file exists, APPEND only"; never timestamped variants), through fsSafe's `appendInside` with the
 *   previewed text as `expectedBefore`, so a file that changed since the preview is refused, not overwritten.
 *   A new file starts with `# YYYY-MM-DD` (as OpenClaw's agent writes it).
 * - **One flush per session per compaction epoch** (seed 003 §27.4, OpenClaw `memoryFlushCompactionCount`):
 *   a session whose last flush recorded the current `compactionCount` is not flushed again
 *   (`NOTHING_TO_FLUSH`, reason `already-flushed-this-epoch`) unless `force`. The next compaction raises the
 *   count and re-arms the flush. The comparison is the triggers module's `alreadyFlushed` (equality, as
 *   OpenClaw: a reset session whose count went back to 0 is a new epoch).
 * - **Only what is new**: entries after the last flushed entry id; when that id is no longer on the active
 *   path (rewind, `/reset`, new transcript) the entries newer than the last flushed entry's time.
 * - **Never the same fact twice in a day's log**: every candidate bullet is compared (`factKeys`: normalised,
 *   with and without a short `Label:`) with the bullets already in that day's file; an identifier, path,
 *   URL or command already written anywhere in that file is not written again.
 * - **Bookkeeping** in the extension's own file `<stateDir>/context/memory/flush-state.json` (OpenClaw's
 *   session row is never written): per session key the epoch (`compactionCount`) of the last flush, the last
 *   flushed entry id and time, when, and where. Written atomically (writeFileAtomicSync); a corrupt file is
 *   reported, kept as `flush-state.json.corrupt` and treated as empty. A flush that found nothing new worth
 *   writing still records the epoch when applied (OpenClaw's NO_REPLY turn patches the count too).
 * - **Read-only** (untrusted workspace, sandbox; seed 003 §27.7): `applyFlush` writes nothing — neither the
 *   day log nor the state — and says so.
 *
 * The flush section (seed 003 §27.3.4's layout):
 *
 *     ## 14:23 — Compaction pre-flush · agent:main:main
 *
 *     **User preferences:**
 *     - …
 *
 *     **Decisions:** / **Facts:** / **Task progress:** / **Open items:** (empty categories are left out)
 *
 * Automatic flush: `flushLine(threshold)` is OpenClaw's flush line, the compaction line minus
 * `softThresholdTokens` (4 000) — the same arithmetic as the gauge's `flushAt` (context/gauge.ts) and the
 * triggers' `compactionLines`; `shouldAutoFlushGauge` takes the gauge's own `used` / `flushAt` directly.
 */
import { entryTime } from '../transcript/conversation';
import { flatten, gist } from '../transcript/text';
import { alreadyFlushed, DEFAULT_SOFT_THRESHOLD_TOKENS, shouldFlush } from '../compaction/triggers';
import type { Gauge } from '../context/gauge';
import { isRecord as isObj, type Json } from '../compaction/messages';
import { CATEGORY_LABELS, extractMemorable, factKeys, markdownBullets, MEMORY_CATEGORIES, type ExtractOptions, type MemorableFact } from './extract';
import { appendInside, MemoryWriteError, readTextIfExists, resolveInside, type MemoryWriteErrorCode } from './fsSafe';
import { DAILY_DIR } from './workspace/layout';
import { dateStamp, userTimeZone } from './workspace/dates';


// ============================================================================================== dates in the user's time zone

export interface ZonedNow {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM (24 h) */
  time: string;
  timeZone: string;
  /** the zone asked for, when it was not valid and the system zone was used */
  refused?: string;
}

/**
 * The calendar date and wall time of `now` in `timeZone`, validated and dated by workspace/dates.ts
 * (`userTimeZone`: an unknown zone falls back to the system zone; `dateStamp`: OpenClaw's date stamp).
 */
export function zonedNow(now: Date, timeZone?: string): ZonedNow {
  const asked = typeof timeZone === 'string' ? timeZone.trim() : '';
  const tz = userTimeZone({ agents: { defaults: { userTimezone: asked || undefined } } });
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  const out: ZonedNow = { date: dateStamp(now, tz), time: `${get('hour') === '24' ? '00' : get('hour')}:${get('minute')}`, timeZone: tz };
  if (asked && asked !== tz) out.refused = timeZone;
  return out;
}

/** `memory/YYYY-MM-DD.md` (relative to the workspace, `/` separators). */
export function dailyLogRel(date: string): string {
  return `${DAILY_DIR}/${date}.md`;
}

/** What fsSafe's `appendInside` produces from `before` and `addition` (a missing final newline is supplied). */
export function appendedText(before: string, addition: string): string {
  return before + (before === '' || before.endsWith('\n') ? '' : '\n') + addition;
}

export { DAILY_LOG_REL_RE, FLUSH_STATE_FILE, FLUSH_STATE_SCHEMA, FLUSH_STATE_VERSION, FlushStateStore, type FlushRecord } from './flushState';
import { FlushStateStore, type FlushRecord } from './flushState';

// ============================================================================================== automatic flush (OpenClaw's flush line)

/**
 * OpenClaw's memory-flush line for a compaction threshold: `max(0, threshold − softThresholdTokens)`, i.e.
 * `window − reserveTokensFloor − softThresholdTokens` (seed 003 §27.2.1). Equal to the gauge's `flushAt`
 * and to `compactionLines(…).flushAt` for the same compaction line.
 */
export function flushLine(compactionThresholdTokens: number, softThresholdTokens: number = DEFAULT_SOFT_THRESHOLD_TOKENS): number {
  const t = Number.isFinite(compactionThresholdTokens) ? compactionThresholdTokens : 0;
  const soft = Number.isFinite(softThresholdTokens) && softThresholdTokens >= 0 ? softThresholdTokens : DEFAULT_SOFT_THRESHOLD_TOKENS;
  return Math.max(0, t - soft);
}

/** Where a session is in the one-flush-per-epoch cycle, for the automatic flush. */
export interface FlushEpochState {
  /** the session's current `compactionCount` (absent = 0) */
  compactionCount?: number;
  /** the extension's last flush of the session (FlushStateStore) */
  record?: FlushRecord;
  /** OpenClaw's own `memoryFlush.compactionCount` / `memoryFlushCompactionCount` from the session row */
  openclawFlushedAtCompaction?: number;
  /** `memoryFlush.enabled` (default true) */
  enabled?: boolean;
  /** `memoryFlush.softThresholdTokens` (default 4 000) */
  softThresholdTokens?: number;
}

function notFlushedThisEpoch(epoch: FlushEpochState): boolean {
  const count = epoch.compactionCount ?? 0;
  if (epoch.record && alreadyFlushed({ compactionCount: count, flushedAtCompaction: epoch.record.compactionCount })) return false;
  // OpenClaw's own agent already flushed this cycle: a mechanical flush would only restate it.
  return !(typeof epoch.openclawFlushedAtCompaction === 'number' && alreadyFlushed({ compactionCount: count, flushedAtCompaction: epoch.openclawFlushedAtCompaction }));
}

/**
 * Run the automatic flush now? The gauge figure has reached the flush line of `compactionThreshold`
 * (triggers' `shouldFlush`: `used ≥ flushAt`, both positive, enabled) and neither the extension nor OpenClaw
 * has flushed in this compaction epoch.
 */
export function shouldAutoFlush(gaugeUsed: number, compactionThreshold: number, epoch: FlushEpochState = {}): boolean {
  const flushAt = flushLine(compactionThreshold, epoch.softThresholdTokens);
  return shouldFlush(gaugeUsed, { flushAt }, { enabled: epoch.enabled !== false }) && notFlushedThisEpoch(epoch);
}

/** The same decision from a computed gauge: its own `used` and `flushAt` (and `compactions` as the epoch when none is given). */
export function shouldAutoFlushGauge(gauge: Pick<Gauge, 'used' | 'flushAt' | 'compactions'>, epoch: FlushEpochState = {}): boolean {
  const e: FlushEpochState = { ...epoch, compactionCount: epoch.compactionCount ?? gauge.compactions };
  return shouldFlush(gauge.used, { flushAt: gauge.flushAt }, { enabled: e.enabled !== false }) && notFlushedThisEpoch(e);
}

// ============================================================================================== plan

export type NothingToFlushReason = 'already-flushed-this-epoch' | 'no-new-entries' | 'nothing-memorable' | 'already-in-daily-log';

export interface PlanFlushInput {
  sessionKey: string;
  /** the session's active path, full JSON, oldest first */
  entries: readonly unknown[];
  /** the session's current `compactionCount` (the epoch) */
  compactionCount: number;
  now: Date;
  /** IANA zone (`agents.defaults.userTimezone`); the system zone when absent or unknown */
  timeZone?: string;
  workspaceDir: string;
  /** the session's last flush, or the store to look it up in */
  state?: FlushRecord | FlushStateStore;
  /** flush even when this epoch was already flushed (still only new entries, still de-duplicated) */
  force?: boolean;
  extract?: ExtractOptions;
}

interface PlanCommon {
  sessionKey: string;
  compactionCount: number;
  /** the cursor to record: the last entry id / newest entry time of `entries` */
  lastEntryId?: string;
  lastEntryAt?: number;
  /** ISO time of `now` */
  flushedAt: string;
  forced: boolean;
}

export interface NothingToFlush extends PlanCommon {
  status: 'NOTHING_TO_FLUSH';
  reason: NothingToFlushReason;
  message: string;
  /** applying this plan records the epoch (a flush ran and found nothing new to write) */
  recordsEpoch: boolean;
  targetRel?: string;
  skippedDuplicates?: number;
}

export interface FlushPlanOk extends PlanCommon {
  status: 'ok';
  /** `memory/YYYY-MM-DD.md` */
  targetRel: string;
  date: string;
  time: string;
  timeZone: string;
  /** the zone asked for when it was unknown (the system zone was used) */
  timeZoneRefused?: string;
  /** the dated markdown section */
  section: string;
  /** exactly what is appended (`# date` heading for a new file, a blank line, the section) */
  addition: string;
  /** the day log as read (what the write checks against) and as it will be */
  before: string;
  after: string;
  /** the bullets written */
  facts: MemorableFact[];
  /** candidate bullets left out because the day log already has them */
  skippedDuplicates: number;
  redactions: number;
  /** entries after the last flush that were read */
  entriesConsidered: number;
}

export type FlushPlan = NothingToFlush | FlushPlanOk;

function recordOf(state: FlushRecord | FlushStateStore | undefined, key: string): FlushRecord | undefined {
  return state instanceof FlushStateStore ? state.get(key) : state;
}

/** Entries after the last flushed one: by id when it is still on the path, else by time. */
export function entriesSinceFlush(entries: readonly unknown[], rec: FlushRecord | undefined): unknown[] {
  if (!rec) return [...entries];
  if (rec.lastEntryId) {
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i];
      if (isObj(e) && e.id === rec.lastEntryId) return entries.slice(i + 1);
    }
  }
  const since = rec.lastEntryAt ?? Date.parse(rec.flushedAt);
  if (!Number.isFinite(since) || since <= 0) return [...entries];
  return entries.filter((e) => {
    if (!isObj(e)) return false;
    const t = entryTime(e);
    return t === 0 || t > since; // no time at all: cannot tell, keep (the day-log de-duplication still applies)
  });
}

function cursorOf(entries: readonly unknown[]): { lastEntryId?: string; lastEntryAt?: number } {
  const out: { lastEntryId?: string; lastEntryAt?: number } = {};
  let newest = 0;
  for (const e of entries) {
    if (!isObj(e)) continue;
    if (typeof e.id === 'string' && e.id && e.type !== 'session') out.lastEntryId = e.id;
    const t = entryTime(e);
    if (t > newest) newest = t;
  }
  if (newest > 0) out.lastEntryAt = newest;
  return out;
}

/** What a day log already says, for the de-duplication: bullet keys and the raw text. */
export interface DayLogIndex {
  keys: Set<string>;
  text: string;
}

export function indexDayLog(text: string): DayLogIndex {
  const keys = new Set<string>();
  for (const b of markdownBullets(text)) for (const k of factKeys(b.text)) keys.add(k);
  return { keys, text };
}

/** The day log already has this fact: same bullet (normalised, with or without its label), or the literal id / path / URL / command. */
export function dayLogHas(index: DayLogIndex, fact: Pick<MemorableFact, 'text' | 'value'>): boolean {
  if (factKeys(fact.text).some((k) => index.keys.has(k))) return true;
  return fact.value !== undefined && fact.value.length >= 3 && index.text.includes(fact.value);
}

/** One line for a heading: controls and backticks out, at most 100 characters. */
function headingSafe(s: string): string {
  return gist(flatten(s).replace(/`/g, "'"), 100);
}

/** The dated section: `## HH:MM — Compaction pre-flush · <session key>`, then a bold label and bullets per category. */
export function renderFlushSection(time: string, sessionKey: string, facts: readonly MemorableFact[]): string {
  const lines = [`## ${time} — Compaction pre-flush · ${headingSafe(sessionKey)}`];
  for (const cat of MEMORY_CATEGORIES) {
    const items = facts.filter((f) => f.category === cat);
    if (!items.length) continue;
    lines.push('', `**${CATEGORY_LABELS[cat]}:**`);
    for (const f of items) lines.push(`- ${f.text}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Plan a flush: which facts go into which day log, as before/after texts for a preview. Reads the day log
 * (and the state store when given one); writes nothing. Throws MemoryWriteError when the day log is not
 * inside the workspace or not a regular file.
 */
export function planFlush(input: PlanFlushInput): FlushPlan {
  const rec = recordOf(input.state, input.sessionKey);
  const forced = input.force === true;
  const common: PlanCommon = { sessionKey: input.sessionKey, compactionCount: input.compactionCount, flushedAt: input.now.toISOString(), forced, ...cursorOf(input.entries) };
  const nothing = (reason: NothingToFlushReason, message: string, recordsEpoch: boolean, extra: Partial<NothingToFlush> = {}): NothingToFlush => ({ status: 'NOTHING_TO_FLUSH', reason, message, recordsEpoch, ...common, ...extra });

  if (!forced && rec && alreadyFlushed({ compactionCount: input.compactionCount, flushedAtCompaction: rec.compactionCount })) {
    return nothing('already-flushed-this-epoch', `Already flushed since the last compaction (at ${rec.flushedAt}); the next compaction allows another flush.`, false);
  }
  const fresh = entriesSinceFlush(input.entries, rec);
  if (!fresh.length) return nothing('no-new-entries', 'No entries since the last flush.', false);

  const mem = extractMemorable(fresh, input.extract);
  const zoned = zonedNow(input.now, input.timeZone);
  const targetRel = dailyLogRel(zoned.date);
  if (!mem.facts.length) return nothing('nothing-memorable', 'Nothing worth keeping in the new entries.', true, { targetRel });

  const before = readTextIfExists(resolveInside(input.workspaceDir, targetRel)) ?? '';
  const index = indexDayLog(before);
  const facts = mem.facts.filter((f) => !dayLogHas(index, f));
  const skippedDuplicates = mem.facts.length - facts.length;
  if (!facts.length) return nothing('already-in-daily-log', `${targetRel} already has all ${skippedDuplicates} fact(s).`, true, { targetRel, skippedDuplicates });

  const section = renderFlushSection(zoned.time, input.sessionKey, facts);
  const lead = before === '' ? `# ${zoned.date}\n\n` : before.endsWith('\n\n') ? '' : '\n';
  const addition = lead + section;
  const plan: FlushPlanOk = {
    status: 'ok',
    ...common,
    targetRel,
    date: zoned.date,
    time: zoned.time,
    timeZone: zoned.timeZone,
    section,
    addition,
    before,
    after: appendedText(before, addition),
    facts,
    skippedDuplicates,
    redactions: mem.redactions,
    entriesConsidered: fresh.length,
  };
  if (zoned.refused !== undefined) plan.timeZoneRefused = zoned.refused;
  return plan;
}

// ============================================================================================== apply

export type ApplyFlushResult =
  | { status: 'written'; file: string; record: FlushRecord }
  | { status: 'recorded'; record: FlushRecord }
  | { status: 'skipped'; reason: NothingToFlushReason }
  | { status: 'refused'; code: MemoryWriteErrorCode; message: string };

export interface ApplyFlushOptions {
  /** write nothing at all (read-only / untrusted workspace) */
  readOnly?: boolean;
}

function recordFor(plan: FlushPlan, targetRel: string | undefined): FlushRecord {
  const r: FlushRecord = { compactionCount: plan.compactionCount, flushedAt: plan.flushedAt };
  if (plan.lastEntryId !== undefined) r.lastEntryId = plan.lastEntryId;
  if (plan.lastEntryAt !== undefined) r.lastEntryAt = plan.lastEntryAt;
  if (targetRel !== undefined) r.targetRel = targetRel;
  return r;
}

/**
 * Carry out a plan: append the section to the day log (refused when the file no longer equals
 * `plan.before`), then record the epoch. A NOTHING_TO_FLUSH plan that `recordsEpoch` only records the epoch;
 * other NOTHING_TO_FLUSH plans change nothing. Read-only: nothing is written or recorded.
 */
export function applyFlush(plan: FlushPlan, workspaceDir: string, stateStore: FlushStateStore, opts: ApplyFlushOptions = {}): ApplyFlushResult {
  if (plan.status !== 'ok' && !plan.recordsEpoch) return { status: 'skipped', reason: plan.reason };
  if (opts.readOnly) {
    const what = plan.status === 'ok' ? plan.targetRel : 'the flush state';
    return { status: 'refused', code: 'readonly', message: `The workspace is read-only here; nothing was written to ${what}.` };
  }
  if (plan.status !== 'ok') {
    const record = recordFor(plan, undefined);
    stateStore.record(plan.sessionKey, record);
    return { status: 'recorded', record };
  }
  let file: string;
  try {
    const r = appendInside(workspaceDir, plan.targetRel, plan.addition, { expectedBefore: plan.before });
    file = r.file;
  } catch (err) {
    if (err instanceof MemoryWriteError) return { status: 'refused', code: err.code, message: err.message };
    throw err;
  }
  const record = recordFor(plan, plan.targetRel);
  stateStore.record(plan.sessionKey, record);
  return { status: 'written', file, record };
}

/**
 * The flush instruction turn (issue 7 item 5, for sessions whose workspace is not on this machine: a remote
 * Gateway's): a user message asking the agent to write its durable memories itself, with the rules of OpenClaw's
 * own pre-compaction flush (reference openclaw-formats.md §4.5: only `memory/YYYY-MM-DD.md`, append only, the
 * bootstrap files read-only, no timestamped variants, NO_REPLY when there is nothing to store). Sent through the
 * Gateway's chat.send; it is a model turn.
 */
export function flushTurnPrompt(now: Date, timeZone = 'UTC'): string {
  const day = dateStamp(now, timeZone);
  return [
    'Memory flush requested from OpenClaw Context (VS Code).',
    `Store durable memories from this session now, only in memory/${day}.md (create memory/ if needed).`,
    'If that file exists, append to it; never rewrite or truncate it, and never create timestamped variants of it.',
    'Treat MEMORY.md, DREAMS.md, SOUL.md, TOOLS.md and AGENTS.md as read-only.',
    'Keep decisions, facts, preferences and open tasks; skip small talk.',
    'If there is nothing to store, reply with NO_REPLY.',
    `Current time: ${now.toISOString()}`,
  ].join('\n');
}
