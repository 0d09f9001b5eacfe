/**
 * The checkpoint engine for one OpenClaw state dir: per-session incremental state, the triggers, and
 * checkpoint writes, wired the way the extension uses them.
 *
 *   const engine = new CheckpointEngine(stateDir);
 *   // after a refresh read new transcript entries of a session (full JSON, oldest first):
 *   engine.ingest(figures, entries);            // writes a checkpoint before each new compaction
 *   engine.onGauge(figures, gauge.ratio);       // writes one when the gauge crosses 80 % upward
 *   engine.checkpoint(figures, 'manual');       // the user asked
 *   engine.save();                              // persist changed state files (cheap; debounce it)
 *   engine.renderLatest(sessionKey, { family })  // the injection block of the newest checkpoint
 *
 * Everything is synchronous and pure TypeScript (no vscode).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EstimatorFamily } from '../tokens/estimator';
import { buildCheckpoint, type SessionFigures } from './build';
import { renderInjection, type RenderOptions, type RenderResult } from './render';
import { checkpointIdFor, type Checkpoint, type CheckpointTrigger } from './schema';
import { checkpointNumbers, listCheckpoints, readLatestCheckpoint, writeCheckpoint, type CheckpointListEntry, type WriteOptions, type WriteResult } from './store';
import { SessionTracker } from './tracker';
import type { IngestOptions } from './trackerState';
import { DEFAULT_CHECKPOINT_PERCENT, thresholdTrigger, type ThresholdState } from './triggers';

type Json = Record<string, unknown>;

export interface EngineOptions {
  /** checkpoint line in percent (default 80) */
  thresholdPercent?: number;
  now?: () => number;
  /** passed to writeCheckpoint (keep, dedupeRatio, fsync) */
  write?: Omit<WriteOptions, 'force' | 'now' | 'cursor' | 'latest'>;
}

/** size, mtime and inode of a file: enough to know a cached parse is still that file */
function statSig(file: string): string | undefined {
  try {
    const st = fs.statSync(file);
    return `${st.size}:${st.mtimeMs}:${st.ino}`;
  } catch {
    return undefined;
  }
}

export interface IngestReport {
  processed: number;
  /** one per compaction met (written or skipped) */
  writes: WriteResult[];
}

export class CheckpointEngine {
  private trackers = new Map<string, SessionTracker>();
  private thresholds = new Map<string, ThresholdState>();
  /** the newest checkpoint per session, with the stat of its file (so it is parsed once, not per write) */
  private latestCache = new Map<string, { checkpoint: Checkpoint; file: string; sig: string }>();
  private readonly now: () => number;

  constructor(
    readonly stateDir: string,
    private readonly opts: EngineOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
  }

  /** The session's tracker, loaded from disk on first use (stale files discarded). */
  tracker(sessionKey: string): SessionTracker {
    let t = this.trackers.get(sessionKey);
    if (!t) {
      t = new SessionTracker(this.stateDir, sessionKey, { now: this.now });
      t.load();
      this.trackers.set(sessionKey, t);
    }
    return t;
  }

  /**
   * Feed new entries of a session. A compaction the state has not seen stops the feed: a `compaction`
   * checkpoint of the state before it is written (token figures from the entry's `tokensBefore`), the
   * state is reset, and the feed continues after it. A cold tracker (nothing seen, nothing on disk)
   * catches up on history without writing checkpoints for old compactions (`onCompaction` overrides:
   * `stop` for entries known to be new).
   */
  ingest(figures: SessionFigures | (() => SessionFigures), entries: readonly unknown[], opts: { before?: readonly unknown[]; onCompaction?: IngestOptions['onCompaction'] } = {}): IngestReport {
    const fig = typeof figures === 'function' ? figures : () => figures;
    const key = fig().sessionKey;
    const t = this.tracker(key);
    const mode: IngestOptions['onCompaction'] = opts.onCompaction ?? (t.cold ? 'pass' : 'stop');
    const report: IngestReport = { processed: 0, writes: [] };
    let rest = entries;
    for (let guard = 0; guard <= entries.length; guard++) {
      const r = t.ingest(rest, { onCompaction: mode });
      report.processed += r.processed;
      if (!r.compaction) break;
      report.writes.push(this.checkpoint(fig(), 'compaction', { compaction: r.compaction, before: opts.before ?? entries.slice(0, entries.length - rest.length + r.consumed) }));
      t.acknowledgeCompaction(r.compaction);
      rest = rest.slice(r.consumed);
    }
    return report;
  }

  /**
   * A new compaction seen from the index (the extension has the entries before it from the active
   * path, see preCompactionPath): feed them, then write the before-state checkpoint.
   */
  captureCompaction(figures: SessionFigures, compaction: Json, before: readonly unknown[]): WriteResult {
    const t = this.tracker(figures.sessionKey);
    t.ingest(before, { onCompaction: 'pass' });
    const r = this.checkpoint(figures, 'compaction', { compaction, before });
    t.acknowledgeCompaction(compaction);
    return r;
  }

  /** After a gauge update: writes an `auto-80pct` checkpoint when the line is crossed upward. */
  onGauge(figures: SessionFigures, percent: number): WriteResult | undefined {
    const d = thresholdTrigger(this.thresholds.get(figures.sessionKey), percent, this.opts.thresholdPercent ?? DEFAULT_CHECKPOINT_PERCENT);
    if (!d.fire) {
      this.thresholds.set(figures.sessionKey, d.state);
      return undefined;
    }
    // disarm only once the write went through (or was deduplicated): a failed write fires again next time
    const r = this.checkpoint(figures, 'auto-80pct');
    this.thresholds.set(figures.sessionKey, d.state);
    return r;
  }

  /**
   * Build from the state + previous checkpoint and write. On success the state is reset (Layer C) and
   * saved. `manual` is never deduplicated.
   */
  checkpoint(figures: SessionFigures, trigger: CheckpointTrigger, extra: { compaction?: Json; before?: readonly unknown[] } = {}): WriteResult {
    const t = this.tracker(figures.sessionKey);
    const previous = this.latest(figures.sessionKey);
    const cp = buildCheckpoint({ state: t.data, session: figures, trigger, previous, compaction: extra.compaction, before: extra.before, now: this.now() });
    const r = writeCheckpoint(this.stateDir, cp, { ...this.opts.write, force: trigger === 'manual', now: this.now, cursor: t.data.cursor, latest: previous ?? null });
    if (r.status === 'written') {
      t.reset();
      t.save();
      const sig = statSig(r.file);
      if (sig) this.latestCache.set(figures.sessionKey, { checkpoint: r.checkpoint, file: r.file, sig });
    }
    return r;
  }

  /** Persist every tracker with changes. */
  save(): void {
    for (const t of this.trackers.values()) if (t.isDirty) t.save();
  }

  list(sessionKey: string): CheckpointListEntry[] {
    return listCheckpoints(this.stateDir, sessionKey);
  }

  /** The newest valid checkpoint (cached while its file is still the newest and unchanged). */
  latest(sessionKey: string): Checkpoint | undefined {
    const hit = this.latestCache.get(sessionKey);
    if (hit) {
      const nums = checkpointNumbers(path.dirname(hit.file));
      const newest = nums[nums.length - 1];
      if (newest !== undefined && path.basename(hit.file) === `${checkpointIdFor(newest)}.yaml` && statSig(hit.file) === hit.sig) return hit.checkpoint;
      this.latestCache.delete(sessionKey);
    }
    const r = readLatestCheckpoint(this.stateDir, sessionKey);
    if (r.checkpoint && r.file && !r.skipped.length) {
      const sig = statSig(r.file);
      if (sig) this.latestCache.set(sessionKey, { checkpoint: r.checkpoint, file: r.file, sig });
    }
    return r.checkpoint;
  }

  /** The injection block of the newest valid checkpoint, or undefined when the session has none. */
  renderLatest(sessionKey: string, opts: RenderOptions & { family?: EstimatorFamily } = {}): RenderResult | undefined {
    const cp = this.latest(sessionKey);
    return cp ? renderInjection(cp, opts) : undefined;
  }

  /** Forget a session (its row is gone): drop the in-memory state; files stay. */
  forget(sessionKey: string): void {
    this.trackers.delete(sessionKey);
    this.thresholds.delete(sessionKey);
    this.latestCache.delete(sessionKey);
  }
}
