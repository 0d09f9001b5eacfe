/**
 * What the extension does with checkpoints after each refresh of the context model, as a pure core
 * object (no vscode): feed the transcript's new entries to the session's incremental state, write the
 * automatic checkpoints (threshold crossed, compaction seen, session ended), and report what happened
 * as events the UI turns into notifications and tree updates.
 *
 * Which sessions it follows: automatic triggers are about what happens *while we watch*. The first
 * refresh only records a baseline (no transcript is read for it); afterwards a session is followed once
 * it shows activity (its row or transcript changed, or it appeared). Reading a transcript to show it is
 * not activity. Its incremental state then catches up on the active path once (loaded lazily) and is fed
 * only the new entries from then on (entries off the active path that the catch-up left out, such as an
 * old rewind, are never replayed).
 */
import { sessionEnded, compactionSpiral, preCompactionPath, newCompactions } from './triggers';
import { CheckpointEngine, type EngineOptions } from './engine';
import { figuresFromSession, buildCheckpoint, type SessionFigures } from './build';
import type { Checkpoint, CheckpointTrigger } from './schema';
import type { WriteResult } from './store';
import type { ContextModel, RefreshResult, SessionState } from '../context/model';
import type { EntryMeta } from '../store/types';
import { entryTime } from '../store/time';
import type { TranscriptIndex } from '../context/rebuild';

export interface CoordinatorOptions {
  /** automatic checkpoints (threshold, compaction, session end); manual ones always work */
  auto?: boolean;
  /** checkpoint line in percent (default 80) */
  thresholdPercent?: number;
  /** checkpoints kept per session (default 5) */
  keep?: number;
  now?: () => number;
  /** most entries fed in one catch-up (the newest ones on the active path) */
  catchUpLimit?: number;
  /**
   * Save the incremental state at most this often (ms; default 0 = after every refresh). The state
   * carries its read cursor, so what a crash loses is re-read on the next activity; `flush()` saves now.
   */
  saveIntervalMs?: number;
}

export type CheckpointEvent =
  | { kind: 'written'; uid: string; key: string; stateDir: string; trigger: CheckpointTrigger; id: string; file: string }
  | { kind: 'skipped'; uid: string; key: string; stateDir: string; trigger: CheckpointTrigger; reason: string }
  /** compaction_count went over 3: "this session keeps compacting" */
  | { kind: 'spiral'; uid: string; key: string; stateDir: string; compactionCount: number }
  /** a new session started for a key that has a checkpoint */
  | { kind: 'resume'; uid: string; key: string; stateDir: string; checkpointId: string }
  | { kind: 'error'; uid: string; key: string; stateDir: string; message: string };

interface Seen {
  key: string;
  stateDir: string;
  sessionId: string;
  updatedAt: number;
  /** entries in the transcript index when last seen; undefined while the transcript was never read */
  indexLength?: number;
  figures?: SessionFigures;
  /** highest compaction count already warned about */
  spiralWarned: number;
}

const DEFAULT_CATCH_UP = 4000;

/** How far a session's index has been fed: the index's entry array, how many of its entries, the last id. */
interface FedMark {
  entries: readonly EntryMeta[];
  length: number;
  lastId: string | undefined;
}

const errText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The newest entry time of an index (0 when empty). */
function newestEntry(index: TranscriptIndex | undefined): number {
  let t = 0;
  for (const e of index?.entries ?? []) if (e.timestamp > t) t = e.timestamp;
  return t;
}

export class CheckpointCoordinator {
  private engines = new Map<string, CheckpointEngine>();
  private seen = new Map<string, Seen>();
  private fed = new Map<string, FedMark>();
  private primed = false;
  private opts: CoordinatorOptions;

  constructor(
    private readonly model: ContextModel,
    opts: CoordinatorOptions = {},
  ) {
    this.opts = { ...opts };
  }

  setOptions(opts: CoordinatorOptions): void {
    const next = { ...this.opts, ...opts };
    const rebuild = next.thresholdPercent !== this.opts.thresholdPercent || next.keep !== this.opts.keep;
    this.opts = next;
    if (rebuild) {
      // trackers reload from disk: persist what they hold first, so nothing is lost
      for (const e of this.engines.values()) {
        try {
          e.save();
        } catch {
          /* the next refresh's save reports it */
        }
      }
      this.engines.clear();
    }
  }

  get auto(): boolean {
    return this.opts.auto !== false;
  }

  /** The engine of a state dir (one per dir; trackers and caches live in it). */
  engine(stateDir: string): CheckpointEngine {
    let e = this.engines.get(stateDir);
    if (!e) {
      const eo: EngineOptions = { thresholdPercent: this.opts.thresholdPercent, now: this.opts.now, write: { keep: this.opts.keep } };
      e = new CheckpointEngine(stateDir, eo);
      this.engines.set(stateDir, e);
    }
    return e;
  }

  /** Call after every refresh of the model. Never throws: problems come back as `error` events. */
  onRefresh(result: RefreshResult): CheckpointEvent[] {
    const events: CheckpointEvent[] = [];
    const primed = this.primed;
    this.primed = true;
    const uids = result.structureChanged ? this.model.sessions().map((s) => s.uid) : result.changed;
    for (const uid of new Set(uids)) {
      const s = this.model.get(uid);
      // a remote Gateway's session: there is no local state dir to keep checkpoints in
      if (!s || s.remote) continue;
      const prev = this.seen.get(uid);
      const active = prev ? this.hadActivity(s, prev) : primed;
      if (!active || !this.auto) {
        this.remember(s, prev);
        continue;
      }
      try {
        this.follow(s, prev, events);
      } catch (err) {
        events.push({ kind: 'error', uid, key: s.row.key, stateDir: s.stateDir, message: errText(err) });
        this.remember(s, prev);
        this.startOver(s);
      }
    }
    // sessions that disappeared: drop what we kept about them (their files stay)
    const gone: Array<{ stateDir: string; key: string }> = [];
    for (const [uid, seen] of [...this.seen]) {
      if (this.model.get(uid)) continue;
      this.seen.delete(uid);
      this.fed.delete(uid);
      gone.push({ stateDir: seen.stateDir, key: seen.key });
    }
    const now = (this.opts.now ?? Date.now)();
    if (gone.length || now - this.lastSave >= (this.opts.saveIntervalMs ?? 0)) {
      this.lastSave = now;
      events.push(...this.flush());
    }
    // after the save: the state of a gone session is on disk; drop it from memory unless another
    // session of that state dir has the same key
    if (gone.length) {
      const live = new Set(this.model.sessions().map((x) => `${x.stateDir}\u0000${x.row.key}`));
      for (const g of gone) if (!live.has(`${g.stateDir}\u0000${g.key}`)) this.engines.get(g.stateDir)?.forget(g.key);
    }
    return events;
  }

  /**
   * Did the session do something since we last saw it? Its row was updated, it has a new session id, or
   * its transcript grew. A transcript read for the first time (someone looked at the session) is not
   * growth by itself: then only entries newer than the row we saw count.
   */
  private hadActivity(s: SessionState, prev: Seen): boolean {
    if (s.row.updatedAt > prev.updatedAt || s.row.sessionId !== prev.sessionId) return true;
    if (!s.index) return false;
    if (prev.indexLength !== undefined) return s.index.entries.length > prev.indexLength;
    return newestEntry(s.index) > prev.updatedAt;
  }

  /**
   * After an error: what failed (a write, a save) may have consumed a trigger or left memory ahead of
   * the files. Start the session over from its files, so its next activity tries again.
   */
  private startOver(s: SessionState): void {
    this.engines.get(s.stateDir)?.forget(s.row.key);
    this.fed.delete(s.uid);
  }

  private remember(s: SessionState, prev: Seen | undefined, figures?: SessionFigures, spiralWarned?: number): void {
    this.seen.set(s.uid, {
      key: s.row.key,
      stateDir: s.stateDir,
      sessionId: s.row.sessionId,
      updatedAt: s.row.updatedAt,
      // a new session id is a new transcript: the old length says nothing about it
      indexLength: s.index ? s.index.entries.length : prev?.sessionId === s.row.sessionId ? prev.indexLength : undefined,
      figures: figures ?? prev?.figures,
      spiralWarned: spiralWarned ?? prev?.spiralWarned ?? 0,
    });
  }

  private written(s: SessionState, trigger: CheckpointTrigger, r: WriteResult): CheckpointEvent {
    return r.status === 'written'
      ? { kind: 'written', uid: s.uid, key: s.row.key, stateDir: s.stateDir, trigger, id: r.id, file: r.file }
      : { kind: 'skipped', uid: s.uid, key: s.row.key, stateDir: s.stateDir, trigger, reason: r.reason };
  }

  /**
   * A session with activity: session end, new entries (compactions), threshold, spiral. Events are
   * pushed as they happen, so what was written before an error is still reported.
   */
  private follow(s: SessionState, prev: Seen | undefined, events: CheckpointEvent[]): void {
    const engine = this.engine(s.stateDir);
    const key = s.row.key;
    if (prev?.figures && sessionEnded(prev.sessionId, s.row.sessionId)) {
      events.push(this.written(s, 'session-end', engine.checkpoint(prev.figures, 'session-end')));
    }
    if (prev && sessionEnded(prev.sessionId, s.row.sessionId)) {
      const latest = engine.latest(key);
      if (latest) events.push({ kind: 'resume', uid: s.uid, key, stateDir: s.stateDir, checkpointId: latest.meta.checkpoint_id });
    } else if (!prev) {
      const latest = engine.latest(key);
      if (latest) events.push({ kind: 'resume', uid: s.uid, key, stateDir: s.stateDir, checkpointId: latest.meta.checkpoint_id });
    }

    // entries after the baseline row time are new (their compactions get checkpoints); older ones are catch-up
    for (const w of this.feed(s, prev ? prev.updatedAt : -Infinity)) events.push(this.written(s, 'compaction', w));
    const fig = figuresFromSession(s);
    const r = engine.onGauge(fig, s.figures.ratio);
    if (r) events.push(this.written(s, 'auto-80pct', r));

    const warned = prev?.spiralWarned ?? 0;
    let spiralWarned = warned;
    if (compactionSpiral(fig.compactionCount) && fig.compactionCount > warned) {
      events.push({ kind: 'spiral', uid: s.uid, key, stateDir: s.stateDir, compactionCount: fig.compactionCount });
      spiralWarned = fig.compactionCount;
    }
    this.remember(s, prev, fig, spiralWarned);
  }

  /**
   * Feed the session's new entries to its tracker. A cold tracker (nothing seen, nothing on disk)
   * catches up on the active path; a warm one gets the index entries it has not seen, in order: those
   * added since the last feed, or (first feed after a restart or of a new transcript) the ones its
   * cursor wants that are on the active path or newer than anything it has seen. Entries the catch-up
   * left out because they are off the active path (an abandoned branch, an old rewind) are never
   * replayed. The mark moves only once the feed went through (a failed write is fed again).
   */
  private feed(s: SessionState, newAfter = Infinity): WriteResult[] {
    const st = this.model.ensureTranscript(s.uid);
    if (!st?.index || !st.context) return [];
    const engine = this.engine(s.stateDir);
    const t = engine.tracker(s.row.key);
    const entries = st.index.entries;
    const mark = this.fed.get(s.uid);
    let metas: EntryMeta[];
    if (t.cold) metas = st.context.path.slice(-(this.opts.catchUpLimit ?? DEFAULT_CATCH_UP));
    else if (mark && mark.entries === entries && mark.length <= entries.length && entries[mark.length - 1]?.id === mark.lastId) {
      // what the index gained since the last feed
      metas = entries.slice(mark.length).filter((m) => t.wants(m.id, m.timestamp));
    } else {
      // first feed of a warm tracker (a restart, a new transcript): what its cursor wants, except
      // entries off the active path it has already passed (a catch-up leaves them out on purpose)
      const onPath = new Set(st.context.path.map((m) => m.id));
      const seenUpTo = t.data.cursor.last_ts;
      metas = entries.filter((m) => t.wants(m.id, m.timestamp) && (onPath.has(m.id) || m.timestamp > seenUpTo));
    }
    const fedUpTo: FedMark = { entries, length: entries.length, lastId: entries[entries.length - 1]?.id };
    if (!metas.length) {
      this.fed.set(s.uid, fedUpTo);
      return [];
    }
    const full = this.model.loadEntries(s.uid, metas).filter((e): e is Record<string, unknown> => !!e);
    // For split-turn detection: the first kept entry of each new compaction, wherever it is.
    const extra: EntryMeta[] = [];
    for (const c of newCompactions(metas)) {
      const before = preCompactionPath(st.context.path, c.id);
      if (before.length) extra.push(before[before.length - 1]!);
      const keptId = (full.find((e) => e.id === c.id) as { firstKeptEntryId?: unknown } | undefined)?.firstKeptEntryId;
      const kept = typeof keptId === 'string' ? st.index.byId.get(keptId) : undefined;
      if (kept) extra.push(kept);
    }
    const before = extra.length ? [...this.model.loadEntries(s.uid, extra).filter(Boolean), ...full] : undefined;
    const fig = () => figuresFromSession(this.model.get(s.uid) ?? s);
    // with automatic checkpoints off, compactions met on the way (a manual checkpoint, a live view) are
    // only taken into the state, not written as checkpoints of their own
    const onNew: 'stop' | 'pass' = this.auto ? 'stop' : 'pass';
    if (!t.cold) {
      const warm = engine.ingest(fig, full, { onCompaction: onNew, ...(before ? { before } : {}) }).writes;
      this.fed.set(s.uid, fedUpTo);
      return warm;
    }
    // a cold tracker: catch up on what predates `newAfter` without checkpoints for old compactions,
    // then take the rest as new
    const split = full.findIndex((e) => entryTime(e) > newAfter);
    const old = split < 0 ? full : full.slice(0, split);
    const fresh = split < 0 ? [] : full.slice(split);
    const writes = old.length ? engine.ingest(fig, old, { onCompaction: 'pass' }).writes : [];
    if (fresh.length) writes.push(...engine.ingest(fig, fresh, { onCompaction: onNew, ...(before ? { before } : {}) }).writes);
    this.fed.set(s.uid, fedUpTo);
    return writes;
  }

  private lastSave = 0;

  /** Save every tracker with unsaved changes now (on dispose, and per `saveIntervalMs`). */
  flush(): CheckpointEvent[] {
    const events: CheckpointEvent[] = [];
    for (const e of this.engines.values()) {
      try {
        e.save();
      } catch (err) {
        events.push({ kind: 'error', uid: '', key: '', stateDir: e.stateDir, message: `cannot save checkpoint state: ${errText(err)}` });
      }
    }
    return events;
  }

  /** "Create checkpoint": catch up, then write (never deduplicated). */
  createManual(uid: string): CheckpointEvent {
    const s = this.model.get(uid);
    if (!s) return { kind: 'error', uid, key: '', stateDir: '', message: 'that session is gone' };
    if (s.remote) return { kind: 'skipped', uid, key: s.row.key, stateDir: s.stateDir, trigger: 'manual', reason: `it is on the remote OpenClaw Gateway ${s.remote}; checkpoints are kept in a local state directory, and this session has none` };
    try {
      this.feed(s); // compaction checkpoints written on the way are on disk; the manual one follows
      const r = this.engine(s.stateDir).checkpoint(figuresFromSession(s), 'manual');
      this.remember(s, this.seen.get(uid), figuresFromSession(s));
      return this.written(s, 'manual', r);
    } catch (err) {
      this.startOver(s);
      return { kind: 'error', uid, key: s.row.key, stateDir: s.stateDir, message: errText(err) };
    }
  }

  /**
   * What a checkpoint of the session would hold now (caught up, built, not written): for "compare with
   * live state".
   */
  liveCheckpoint(uid: string): Checkpoint | undefined {
    const s = this.model.get(uid);
    if (!s) return undefined;
    this.feed(s);
    const engine = this.engine(s.stateDir);
    const t = engine.tracker(s.row.key);
    const previous = engine.latest(s.row.key);
    const cp = buildCheckpoint({ state: t.data, session: figuresFromSession(s), trigger: 'manual', previous, now: (this.opts.now ?? Date.now)() });
    cp.meta.checkpoint_id = 'cp_000';
    cp.meta.previous_checkpoint = previous?.meta.checkpoint_id ?? null;
    return cp;
  }

  /** Forget in-memory state (after the state dirs changed). Files stay. */
  reset(): void {
    this.flush(); // unsaved state goes to disk first (errors: the next activity saves again)
    this.engines.clear();
    this.seen.clear();
    this.fed.clear();
    this.primed = false;
  }
}

