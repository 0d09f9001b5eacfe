/**
 * Where a compaction cuts an OpenClaw/pi transcript: pi's `prepareCompaction` + `findCutPoint`
 * (openclaw-formats.md §5.3), on the index entries of the active path, so the kept tail starts exactly
 * where OpenClaw's own compaction would start it (a `firstKeptEntryId` OpenClaw accepts).
 *
 * - valid cut points: `message` entries with role user, assistant, bashExecution, custom, branchSummary
 *   or compactionSummary, and `branch_summary` / `custom_message` entries; never a toolResult;
 * - walking back from the end, summing the tokens of every entry that becomes a model message (messages,
 *   custom_message, branch_summary), the cut is the first valid cut point at or after the entry where the
 *   sum reaches `keepRecentTokens` (none reached: the first valid cut point, i.e. keep everything);
 * - the cut then moves back over adjacent entries the model does not see (state changes, hidden rows),
 *   stopping at a model-visible entry, a compaction or a reset;
 * - OpenClaw's runtime-context carriers (custom messages with `details.runtimeContextCarrier`) are neither
 *   cut points nor turn starts (the caller knows them from the full JSON: `isRuntimeCarrier`);
 *
 * Not reproduced: OpenClaw 2026.9's scaling of `keepRecentTokens` by the session's usage ÷ estimate
 * (it keeps somewhat less than the setting); the interop test checks the cut against OpenClaw's own
 * `findCutPoint` with the unscaled figure.
 * - a cut that is not a user message splits a turn: the turn start is the nearest entry at or before the
 *   cut that is a user / bashExecution message, a branch_summary or a custom_message.
 *
 * `findManualCut` adds what OpenClaw 2026.9.6 does for a compaction asked for (`/compact`, the Gateway's
 * `sessions.compact`: `preflightManualSessionCompaction`): when everything since the last compaction fits in the
 * kept tail, it cuts again with `keepRecentTokens` 0, which keeps only the last message (and summarises the start of
 * its turn apart). A session smaller than its tail (a 20k window with pi's 20,000) is then compacted, not refused.
 */
import type { EntryMeta } from '../store/types';
import { yieldsMessage } from '../context/rebuild';

/** pi's default (`DEFAULT_COMPACTION_SETTINGS.keepRecentTokens`); OpenClaw keeps it unless configured. */
export const DEFAULT_KEEP_RECENT_TOKENS = 20_000;

const CUT_ROLES = new Set(['user', 'assistant', 'bashExecution', 'custom', 'branchSummary', 'compactionSummary']);

export function isValidCutPoint(e: EntryMeta, isRuntimeCarrier: (e: EntryMeta) => boolean = () => false): boolean {
  if (e.kind === 'branch_summary') return true;
  if (e.kind === 'custom_message') return !isRuntimeCarrier(e);
  return e.kind === 'message' && !!e.role && CUT_ROLES.has(e.role);
}

const isTurnStart = (e: EntryMeta, isRuntimeCarrier: (e: EntryMeta) => boolean): boolean =>
  e.kind === 'branch_summary' || (e.kind === 'custom_message' && !isRuntimeCarrier(e)) || (e.kind === 'message' && (e.role === 'user' || e.role === 'bashExecution'));


export interface CutPlan {
  /** index (in the path) of the first entry after the previous compaction (0 without one) */
  boundaryStart: number;
  /** index of the first kept entry */
  cutIndex: number;
  firstKeptEntryId: string;
  isSplitTurn: boolean;
  /** index of the split turn's start (= cutIndex when the turn is not split) */
  turnStart: number;
  /** entries summarised: [boundaryStart, split ? turnStart : cutIndex) */
  toSummarize: EntryMeta[];
  /** the split turn's entries before the cut: [turnStart, cutIndex) */
  turnPrefix: EntryMeta[];
  /** entries kept verbatim: [cutIndex, end) */
  kept: EntryMeta[];
  /** the compaction on the path this one follows (its summary is merged) */
  previousCompaction?: EntryMeta;
  /** everything fitted in the configured tail, so only the last message is kept (findManualCut); the tail it would have kept */
  smallestTail?: { keepRecentTokens: number };
}

/** `fitsTail`: everything since the last compaction fits in the kept tail (findManualCut cuts again with 0). */
export type CutResult = { ok: true; plan: CutPlan } | { ok: false; reason: string; fitsTail?: boolean };

/**
 * `path`: the active path (ContextModel's `context.path`, from the latest reset to the leaf).
 * `tokensOf`: the per-entry token figure the walk sums (default pi's chars/4, `EntryMeta.tokens`).
 */
export function findCut(
  path: readonly EntryMeta[],
  keepRecentTokens = DEFAULT_KEEP_RECENT_TOKENS,
  tokensOf: (e: EntryMeta) => number = (e) => e.tokens,
  isRuntimeCarrier: (e: EntryMeta) => boolean = () => false,
): CutResult {
  if (!path.length) return { ok: false, reason: 'the session has no entries' };
  const last = path[path.length - 1]!;
  if (last.kind === 'compaction') return { ok: false, reason: 'the session was just compacted (its last entry is a compaction)' };
  let prev = -1;
  for (let i = path.length - 1; i >= 0; i--) {
    if (path[i]!.kind === 'compaction') {
      prev = i;
      break;
    }
  }
  const start = prev + 1;
  const end = path.length;
  const cutPoints: number[] = [];
  for (let i = start; i < end; i++) if (isValidCutPoint(path[i]!, isRuntimeCarrier)) cutPoints.push(i);
  if (!cutPoints.length) return { ok: false, reason: 'nothing to compact since the last compaction (no messages)' };

  let cut = cutPoints[0]!;
  let acc = 0;
  for (let i = end - 1; i >= start; i--) {
    const e = path[i]!;
    if (!yieldsMessage(e)) continue;
    acc += tokensOf(e);
    if (acc >= keepRecentTokens) {
      const c = cutPoints.find((x) => x >= i);
      if (c !== undefined) cut = c;
      break;
    }
  }
  while (cut > start) {
    const p = path[cut - 1]!;
    if (yieldsMessage(p) || p.kind === 'compaction' || p.kind === 'reset') break;
    cut--;
  }
  const cutEntry = path[cut]!;
  const isUser = cutEntry.kind === 'message' && cutEntry.role === 'user';
  let turnStart = -1;
  if (!isUser) {
    for (let i = cut; i >= start; i--) {
      if (isTurnStart(path[i]!, isRuntimeCarrier)) {
        turnStart = i;
        break;
      }
    }
  }
  const isSplitTurn = !isUser && turnStart !== -1;
  const historyEnd = isSplitTurn ? turnStart : cut;
  const plan: CutPlan = {
    boundaryStart: start,
    cutIndex: cut,
    firstKeptEntryId: cutEntry.id,
    isSplitTurn,
    turnStart: isSplitTurn ? turnStart : cut,
    toSummarize: path.slice(start, historyEnd),
    turnPrefix: isSplitTurn ? path.slice(turnStart, cut) : [],
    kept: path.slice(cut),
    ...(prev >= 0 ? { previousCompaction: path[prev] } : {}),
  };
  if (!plan.toSummarize.some((e) => e.kind === 'message') && !plan.turnPrefix.some((e) => e.kind === 'message')) {
    return { ok: false, fitsTail: true, reason: `everything since the last compaction fits in the kept tail (${keepRecentTokens.toLocaleString('en')} tokens); nothing to summarise` };
  }
  return { ok: true, plan };
}

/** findCut as OpenClaw cuts a compaction asked for: when everything fits in the kept tail, the smallest tail instead (see above). */
export function findManualCut(
  path: readonly EntryMeta[],
  keepRecentTokens = DEFAULT_KEEP_RECENT_TOKENS,
  tokensOf: (e: EntryMeta) => number = (e) => e.tokens,
  isRuntimeCarrier: (e: EntryMeta) => boolean = () => false,
): CutResult {
  const r = findCut(path, keepRecentTokens, tokensOf, isRuntimeCarrier);
  if (r.ok || !r.fitsTail || keepRecentTokens <= 0) return r;
  const smallest = findCut(path, 0, tokensOf, isRuntimeCarrier);
  return smallest.ok ? { ok: true, plan: { ...smallest.plan, smallestTail: { keepRecentTokens } } } : r;
}
