/**
 * Where a session is in OpenClaw's one-flush-per-compaction cycle, from its row (OpenClaw
 * `hasAlreadyFlushedForCurrentCompaction`). Read by the flush and compaction triggers (compaction/triggers.ts, which
 * re-exports these) and by the forecast (context/forecast.ts: a flush already done in this cycle is not due again).
 */
import type { SessionRow } from './types';

/** Where the session is in OpenClaw's one-flush-per-compaction cycle. */
export interface FlushCycle {
  /** the session's `compactionCount` (absent = 0) */
  compactionCount?: number;
  /** the compaction count at the last flush: 2026.9 `memoryFlush.compactionCount`, earlier `memoryFlushCompactionCount` */
  flushedAtCompaction?: number;
  /** `memoryFlush.enabled` (default true) */
  enabled?: boolean;
}

/** The flush cycle recorded on a session row. */
export function flushCycleOf(row: Pick<SessionRow, 'compactionCount' | 'memoryFlush' | 'memoryFlushCompactionCount'>, enabled = true): FlushCycle {
  const out: FlushCycle = { enabled };
  if (typeof row.compactionCount === 'number') out.compactionCount = row.compactionCount;
  const at = typeof row.memoryFlush?.compactionCount === 'number' ? row.memoryFlush.compactionCount : row.memoryFlushCompactionCount;
  if (typeof at === 'number') out.flushedAtCompaction = at;
  return out;
}

/** Already flushed in this compaction cycle (OpenClaw `hasAlreadyFlushedForCurrentCompaction`). */
export function alreadyFlushed(cycle: FlushCycle): boolean {
  return typeof cycle.flushedAtCompaction === 'number' && cycle.flushedAtCompaction === (cycle.compactionCount ?? 0);
}
