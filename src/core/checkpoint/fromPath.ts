/**
 * A checkpoint of a session built in memory from its active path (full JSON of the entries, oldest first):
 * what the tracker would have accumulated had it followed the session from the start, bundled as a
 * `compaction` checkpoint. Nothing is read or written: the tracker is never saved. Checkpoint compaction
 * (core/compaction/summary/checkpoint.ts) renders it as the restore note of its summary.
 */
import { buildCheckpoint, type SessionFigures } from './build';
import type { Checkpoint } from './schema';
import { SessionTracker } from './tracker';

type Json = Record<string, unknown>;

export interface PathCheckpointOptions {
  /** the compaction about to be written (its firstKeptEntryId and file lists); `tokensBefore` is the figures' */
  compaction?: Json;
  /** the checkpoint before this one (its decisions, files and open items are carried), when the caller has it */
  previous?: Checkpoint;
  /** default: the newest entry's time (the plan is the same however late it is made) */
  now?: number;
}

/** Newest `timestamp` of the entries (ISO or epoch ms), 0 when none has one. */
function newestTime(entries: readonly unknown[]): number {
  let t = 0;
  for (const e of entries) {
    const v = e && typeof e === 'object' ? (e as Json).timestamp : undefined;
    const ms = typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : NaN;
    if (Number.isFinite(ms) && ms > t) t = ms;
  }
  return t;
}

/**
 * The checkpoint of `entries` for a compaction being planned now. `figures` are read before that compaction:
 * the checkpoint counts the compactions before it, as a `compaction` checkpoint written after it does.
 */
export function checkpointOfPath(entries: readonly unknown[], figures: SessionFigures, opts: PathCheckpointOptions = {}): Checkpoint {
  const tracker = new SessionTracker('', figures.sessionKey);
  tracker.ingest(entries, { onCompaction: 'pass' });
  const now = opts.now ?? (newestTime(entries) || Date.now());
  const compaction = { ...(opts.compaction ?? {}), tokensBefore: figures.inputTokens };
  return buildCheckpoint({
    state: tracker.snapshot(),
    session: { ...figures, compactionCount: figures.compactionCount + 1 },
    trigger: 'compaction',
    previous: opts.previous,
    compaction,
    before: entries,
    now,
  });
}
