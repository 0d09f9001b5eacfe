/**
 * The context model: every session of every state dir, with its gauge, kept current by incremental
 * refreshes. Data flows one way: stores → rows + transcript indexes → rebuilt context → gauge.
 * Transcripts are read lazily (only sessions someone looks at, or whose row has no fresh figure).
 */
import { type Env, type StateDirCandidate, resolveWindow, type ModelWindow } from '../store/config';
import { flushCycleOf } from '../store/flushCycle';
import { discoverStateDir, type AgentStore, type StateDirInfo } from '../store/stateDir';
import { type DiagnosticSink, type EntryMeta, type SessionRow, StoreUnavailableError } from '../store/types';
import { calibrationStart } from './calibration';
import { entryEstimate, entryMeta } from '../store/entries';
import { familyFor } from '../tokens/estimator';
import type { EstimatorFamily } from '../tokens/weights';
import { DEFAULT_THRESHOLDS, freshTotalTokens, type GaugeThresholds } from './gauge';
import { computeFigures, type CompositionPart, type SessionFigures } from './figures';
import { extendContext, rebuildContext, TranscriptIndex } from './rebuild';
import { healthNeedsTranscript } from './health';
import { buildTimeline, isUserTurn, lifePath, type Timeline, type TimelineInput } from './timeline';
import { FORECAST_MAX_ENTRIES, FORECAST_TURNS } from './forecast';
import type { SessionWriteTarget } from '../store/sessionWrite';
import { sessionUid, type RemoteSessionSource, type SessionState } from './session';

export { planBasisOf, sessionUid, type RemoteSessionSource, type SessionState } from './session';

export interface ModelOptions {
  stateDirs: StateDirCandidate[];
  env: Env;
  diag?: DiagnosticSink;
  thresholds?: GaugeThresholds;
  /**
   * Each bootstrap file's tokens as OpenClaw injects it, by name (core/memory's `bootstrapTokens`, the Memories
   * view's figures): the context figures count these for the bootstrap files. Without it, the report's chars / 4.
   */
  bootstrapTokens?: (workspaceDir: string, opts: { config?: unknown; agentId: string; family: EstimatorFamily }) => ReadonlyMap<string, number> | undefined;
  /** remote sessions whose chat.history is asked for on refresh without being opened (default REMOTE_HISTORY_PREFETCH) */
  remoteHistoryPrefetch?: number;
}

/** The estimator family of an agent's workspace files: its configured model's (the Memories view uses it too). */
export const agentFamily = (agent: { model?: string } | undefined): EstimatorFamily => familyFor(undefined, agent?.model);

export interface RefreshResult {
  /** uids whose gauge or context changed */
  changed: string[];
  /** the set of sessions changed (added or removed) */
  structureChanged: boolean;
  durationMs: number;
}

/**
 * A fresh figure with no model call behind it: after a compaction OpenClaw sets totalTokens to the compaction's
 * tokensAfter (messages only) and removes inputTokens/outputTokens; after a reset everything is 0. The
 * transcript is read for these at once, so the figures show the next prompt's size, not the messages alone.
 */
export const countedBeforeFirstCall = (row: SessionRow): boolean => freshTotalTokens(row) !== undefined && (row.totalTokens === 0 || (row.inputTokens === undefined && (row.compactionCount ?? 0) > 0));

/** How many remote sessions (most recent first) get their chat.history asked for without being opened. */
export const REMOTE_HISTORY_PREFETCH = 50;


export class ContextModel {
  private dirs: StateDirInfo[] = [];
  private remoteSources: RemoteSessionSource[] = [];
  /** the remote sources as state dirs (agents keep their AgentStore between refreshes) */
  private remote: StateDirInfo[] = [];
  private sessionsByUid = new Map<string, SessionState>();
  private thresholds: GaugeThresholds;
  private readonly diag: DiagnosticSink;
  private discovered = false;

  constructor(private opts: ModelOptions) {
    this.thresholds = opts.thresholds ?? DEFAULT_THRESHOLDS;
    this.diag = opts.diag ?? (() => undefined);
  }

  setThresholds(t: GaugeThresholds): void {
    this.thresholds = t;
    for (const s of this.sessionsByUid.values()) this.recompute(s);
  }

  setStateDirs(dirs: StateDirCandidate[]): void {
    this.opts = { ...this.opts, stateDirs: dirs };
    this.closeStores();
    this.dirs = [];
    this.sessionsByUid.clear();
    this.discovered = false;
  }

  /** The local state dirs (remote Gateways are in remoteDirs()). */
  stateDirs(): readonly StateDirInfo[] {
    return this.dirs;
  }

  /** Remote Gateways' sessions, each as a state dir named `gateway:<url>` with no files behind it. */
  remoteDirs(): readonly StateDirInfo[] {
    return this.remote;
  }

  /**
   * The remote Gateways whose sessions the model shows (live mode with no local store). Takes effect at the
   * next refresh; sessions of a source that is gone are dropped then.
   */
  setRemoteSources(sources: RemoteSessionSource[]): void {
    this.remoteSources = [...sources];
  }

  private allDirs(): StateDirInfo[] {
    return this.remote.length ? [...this.dirs, ...this.remote] : this.dirs;
  }

  /** Rebuild remoteDirs from the sources; true when the set of agents changed. */
  private syncRemoteDirs(): boolean {
    const before = this.remote.map((d) => `${d.candidate.dir}|${d.agents.map((a) => a.agent.id).join(',')}`).join('\n');
    const prev = new Map(this.remote.map((d) => [d.candidate.dir, d]));
    this.remote = this.remoteSources.map((src) => {
      const old = prev.get(src.stateDir);
      const agents = src.agents().map((id) => {
        const kept = old?.agents.find((a) => a.agent.id === id);
        return kept ?? { agent: { id, isDefault: id === 'main', workspace: '', agentDir: '', inConfig: false }, store: src.storeFor(id) };
      });
      return {
        candidate: { dir: src.stateDir, configPath: '' },
        exists: true,
        config: { path: '', exists: false, value: {} },
        compaction: { reserveTokensFloor: 20_000, softThresholdTokens: 4_000 },
        agents,
      } as StateDirInfo;
    });
    return before !== this.remote.map((d) => `${d.candidate.dir}|${d.agents.map((a) => a.agent.id).join(',')}`).join('\n');
  }

  sessions(): SessionState[] {
    return [...this.sessionsByUid.values()];
  }

  get(uid: string): SessionState | undefined {
    return this.sessionsByUid.get(uid);
  }

  /** The session most recently active. */
  mostRecent(): SessionState | undefined {
    let best: SessionState | undefined;
    for (const s of this.sessionsByUid.values()) if (!best || s.lastActivity > best.lastActivity) best = s;
    return best;
  }

  findByKey(key: string): SessionState | undefined {
    return this.sessions().find((s) => s.row.key === key);
  }

  /** The state dir a session is in (local or a remote Gateway's). */
  stateDirOf(s: { stateDir: string }): StateDirInfo | undefined {
    return this.allDirs().find((d) => d.candidate.dir === s.stateDir);
  }

  /** The agent a session belongs to, with its store: the one lookup of a session's agent. */
  agentOf(s: { stateDir: string; agentId: string }): AgentStore | undefined {
    return this.stateDirOf(s)?.agents.find((a) => a.agent.id === s.agentId);
  }

  /**
   * Re-read what changed. `full` re-discovers state dirs and config (config or directory changes)
   * and re-reads every row.
   */
  refresh(full = false): RefreshResult {
    const t0 = performance.now();
    this.bootstrapCache.clear(); // workspace files are read at most once per refresh
    // a Set (insertion order kept): a sessions.json of 100,000 rows made the membership test quadratic (64 s)
    const changed = new Set<string>();
    let structureChanged = false;
    if (full || !this.discovered) {
      this.closeStores();
      this.dirs = this.opts.stateDirs.map((c) => discoverStateDir(c, this.opts.env, this.diag));
      this.discovered = true;
      full = true;
      structureChanged = true;
    }
    if (this.syncRemoteDirs()) structureChanged = true;
    const seen = new Set<string>();
    for (const dir of this.allDirs()) {
      for (const as of dir.agents) {
        if (!as.store) continue;
        const store = as.store;
        let rowsFull = full;
        let rows: SessionRow[];
        let changedIds: Set<string> | undefined;
        try {
          const delta = store.readRows(full);
          rowsFull = delta.full;
          rows = delta.rows;
          changedIds = store.changedSessions();
          if (as.problem) structureChanged = true;
          delete as.problem;
          delete as.hint;
          delete as.problemKind;
        } catch (err) {
          const msg = err instanceof Error ? err.message : String(err);
          if (as.problem !== msg) {
            this.diag({ severity: 'error', source: store.location, message: msg });
            structureChanged = true;
          }
          as.problem = msg;
          if (err instanceof StoreUnavailableError && err.hint) as.hint = err.hint;
          else delete as.hint;
          if (err instanceof StoreUnavailableError && err.kind) as.problemKind = err.kind;
          else delete as.problemKind;
          // keep what we had; mark all of this agent's sessions as seen so they are not dropped
          for (const s of this.sessionsByUid.values()) if (s.stateDir === dir.candidate.dir && s.agentId === as.agent.id) seen.add(s.uid);
          continue;
        }
        for (const row of rows) {
          const uid = sessionUid(dir.candidate.dir, as.agent.id, row.key);
          seen.add(uid);
          let s = this.sessionsByUid.get(uid);
          if (!s) {
            s = this.newState(uid, dir, as, row);
            this.sessionsByUid.set(uid, s);
            structureChanged = true;
          } else {
            if (s.row.sessionId !== row.sessionId) {
              delete s.index; // new transcript generation (reset, rewind …)
              delete s.context;
            }
            s.row = row;
            s.window = this.windowFor(dir, as, row);
          }
          if (!s.index && (freshTotalTokens(row) === undefined || countedBeforeFirstCall(row) || healthNeedsTranscript(row))) this.readTranscript(s);
          this.recompute(s);
          changed.add(uid);
        }
        // Transcripts that grew without a row change (external writes, a turn in flight).
        for (const s of this.sessionsByUid.values()) {
          if (s.stateDir !== dir.candidate.dir || s.agentId !== as.agent.id) continue;
          if (!rowsFull) seen.add(s.uid);
          if (!s.index) continue;
          if (changedIds && !changedIds.has(s.row.sessionId)) continue;
          if (this.readTranscript(s)) {
            this.recompute(s);
            changed.add(s.uid);
          }
        }
      }
    }
    for (const uid of [...this.sessionsByUid.keys()]) {
      if (!seen.has(uid)) {
        this.sessionsByUid.delete(uid);
        structureChanged = true;
      }
    }
    this.askRemoteHistories();
    return { changed: [...changed], structureChanged, durationMs: performance.now() - t0 };
  }

  /**
   * A remote Gateway's rows carry no compaction count; its sessions' chat.history does (the compaction markers).
   * Ask for the history of the REMOTE_HISTORY_PREFETCH most recent remote sessions that have none yet (the feed
   * fetches them a few at a time and refreshes when each arrives); the rest say "compactions unknown" until opened.
   */
  private askRemoteHistories(): void {
    if (!this.remote.length || this.opts.remoteHistoryPrefetch === 0) return;
    const want = [...this.sessionsByUid.values()]
      .filter((s) => s.remote !== undefined && s.row.compactionCount === undefined)
      .sort((a, b) => b.lastActivity - a.lastActivity)
      .slice(0, this.opts.remoteHistoryPrefetch ?? REMOTE_HISTORY_PREFETCH)
      .filter((s) => !s.index);
    for (const s of want) {
      this.readTranscript(s);
      this.recompute(s);
    }
  }

  private newState(uid: string, dir: StateDirInfo, as: AgentStore, row: SessionRow): SessionState {
    const window = this.windowFor(dir, as, row);
    const s: SessionState = {
      uid,
      stateDir: dir.candidate.dir,
      agentId: as.agent.id,
      era: as.store!.era,
      row,
      window,
      figures: undefined as unknown as SessionFigures,
      lastActivity: row.updatedAt,
    };
    if (as.store?.remote) s.remote = as.store.remote;
    return s;
  }

  private windowFor(dir: StateDirInfo, as: AgentStore, row: SessionRow): ModelWindow {
    return resolveWindow(dir.config.value, row.contextTokens, row.modelProvider, row.model, as.agent.model);
  }

  /** Make sure a session's transcript is read (for detail views and the status bar). */
  ensureTranscript(uid: string): SessionState | undefined {
    const s = this.sessionsByUid.get(uid);
    if (!s) return undefined;
    if (!s.index) {
      this.readTranscript(s);
      this.recompute(s);
    }
    return s;
  }

  /** Read new transcript data for a session; true when something changed. */
  private readTranscript(s: SessionState): boolean {
    const as = this.agentOf(s);
    if (!as?.store) return false;
    const index = s.index ?? new TranscriptIndex();
    try {
      const delta = as.store.readTranscript(s.row, index.cursor);
      // Ids already indexed before this delta (a duplicate forces the full rebuild).
      const prevIds = !delta.reset && s.context && delta.entries.length ? new Set(delta.entries.filter((e) => index.byId.has(e.id)).map((e) => e.id)) : undefined;
      const changed = index.apply(delta);
      s.index = index;
      if (changed) {
        s.context = (prevIds && s.context && extendContext(s.context, delta.entries, prevIds)) || rebuildContext(index);
        if (s.context.missingParent) this.diag({ severity: 'warning', source: `${as.store.location} [${s.row.key}]`, message: `entry ${s.context.missingParent} is missing; the active context starts after it` });
        if (s.context.missingLeafTarget) this.diag({ severity: 'warning', source: `${as.store.location} [${s.row.key}]`, message: `leaf entry points at unknown id ${s.context.missingLeafTarget}` });
        for (let i = delta.entries.length - 1; i >= 0; i--) {
          const m = delta.entries[i]!.model;
          if (m && delta.entries[i]!.provider !== 'openclaw') {
            s.transcriptModel = m;
            break;
          }
        }
        this.fillEstimates(s);
        const last = index.entries[index.entries.length - 1];
        if (last && last.timestamp > s.lastActivity) s.lastActivity = last.timestamp;
      }
      return changed;
    } catch (err) {
      this.diag({ severity: 'error', source: `${as.store.location} [${s.row.key}]`, message: `transcript not readable: ${err instanceof Error ? err.message : String(err)}` });
      return false;
    }
  }

  /**
   * Calibrated estimates for the entries that need one: the active context and the recent calls that
   * calibration learns from. After a cold read these are loaded once (a few hundred entries at most,
   * bounded by the window), instead of estimating every entry of a long transcript.
   */
  private fillEstimates(s: SessionState): void {
    const ctx = s.context;
    const as = this.agentOf(s);
    if (!ctx || !as?.store) return;
    const need = new Set<EntryMeta>();
    const missing = (e: EntryMeta) => e.est === undefined || e.partial === true;
    for (const e of ctx.items) if (missing(e)) need.add(e);
    for (let i = calibrationStart(ctx.path); i < ctx.path.length; i++) if (missing(ctx.path[i]!)) need.add(ctx.path[i]!);
    // the forecast's model calls (the last FORECAST_TURNS + 1 turns, compactions included): their recorded prompts.
    // Left partial, they were estimated over rows whose sizes are not known (a cold read of compressed rows made a
    // session growing ~2.6k per turn read as ~14 per turn, and its compaction 535 turns away instead of 4)
    const floor = Math.max(0, ctx.path.length - FORECAST_MAX_ENTRIES); // what forecastOf reads back, no further
    for (let i = ctx.path.length - 1, turns = 0; i >= floor && turns <= FORECAST_TURNS; i--) {
      const e = ctx.path[i]!;
      if (e.partial && e.role === 'assistant') need.add(e);
      if (isUserTurn(e)) turns++;
    }
    if (!need.size) return;
    const family = familyFor(s.row.modelProvider, s.row.model ?? s.transcriptModel);
    const list = [...need];
    const full = as.store.loadEntries(s.row, list);
    list.forEach((e, i) => {
      const j = full[i];
      if (e.partial) {
        // indexed from navigation_json on a cold read: now the whole record (figures, usage, preview)
        const m = j ? entryMeta(j, e.pos, e.bytes, family) : undefined;
        if (m && m.id === e.id) Object.assign(e, m);
        delete e.partial;
        e.est ??= e.tokens;
      } else e.est = j ? entryEstimate(j, family) : e.tokens;
    });
  }

  private recompute(s: SessionState): void {
    const dir = this.stateDirOf(s);
    const fileTokens = s.remote ? undefined : this.bootstrapFiles(s);
    s.figures = computeFigures({
      row: s.row,
      context: s.context,
      window: s.window,
      compaction: dir?.compaction ?? { reserveTokensFloor: 20_000, softThresholdTokens: 4_000 },
      era: s.era,
      thresholds: this.thresholds,
      remote: s.remote !== undefined,
      ...(dir?.contextEngine ? { engine: dir.contextEngine } : {}),
      ...(fileTokens ? { fileTokens: (name: string) => fileTokens.get(name) } : {}),
    });
    if (s.row.updatedAt > s.lastActivity) s.lastActivity = s.row.updatedAt;
  }

  /** The session's figures with its transcript read (what is in the context needs it). */
  figures(uid: string): SessionFigures | undefined {
    return this.ensureTranscript(uid)?.figures;
  }

  /**
   * The session's fill over time (timeline.ts) over its whole life, with its figures' lines. Model calls indexed
   * without their usage (a cold SQLite read) are loaded first, so their points are the recorded prompts.
   * `extra`: the flushes and checkpoints recorded outside the transcript, more lines to draw.
   */
  timeline(uid: string, extra: Pick<TimelineInput, 'marks' | 'extraLines'> = {}): Timeline | undefined {
    const s = this.ensureTranscript(uid);
    if (!s) return undefined;
    const path = s.context && s.index ? lifePath(s.index, s.context) : [];
    const partial = path.filter((e) => e.partial && e.role === 'assistant');
    const as = this.agentOf(s);
    if (partial.length && as?.store) {
      const family = familyFor(s.row.modelProvider, s.row.model ?? s.transcriptModel);
      const full = this.loadEntries(uid, partial);
      partial.forEach((e, i) => {
        const m = full[i] ? entryMeta(full[i]!, e.pos, e.bytes, family) : undefined;
        if (m && m.id === e.id) {
          Object.assign(e, m);
          delete e.partial;
        }
      });
    }
    const flushAt = flushCycleOf(s.row).flushedAtCompaction;
    return buildTimeline({ path, figures: s.figures, ...extra, ...(flushAt !== undefined ? { openclawFlushAt: flushAt } : {}) });
  }

  /** What the context is made of, summing to the used figure (the transcript is read first). */
  breakdown(uid: string): CompositionPart[] {
    return this.figures(uid)?.composition ?? [];
  }

  private bootstrapCache = new Map<string, ReadonlyMap<string, number> | undefined>();

  /** The bootstrap files' tokens of a session's agent workspace (once per refresh per workspace). */
  private bootstrapFiles(s: SessionState): ReadonlyMap<string, number> | undefined {
    const as = this.agentOf(s);
    const read = this.opts.bootstrapTokens;
    if (!as || !read || !as.agent.workspace) return undefined;
    const family = agentFamily(as.agent);
    const key = `${as.agent.workspace}|${family}|${s.stateDir}|${as.agent.id}`;
    if (!this.bootstrapCache.has(key)) {
      let v: ReadonlyMap<string, number> | undefined;
      try {
        v = read(as.agent.workspace, { config: this.stateDirOf(s)?.config.value, agentId: as.agent.id, family });
      } catch {
        v = undefined;
      }
      this.bootstrapCache.set(key, v);
    }
    return this.bootstrapCache.get(key);
  }

  /** Full JSON of entries (for the context document and message details). */
  loadEntries(uid: string, metas: readonly EntryMeta[]): Array<Record<string, unknown> | undefined> {
    const s = this.sessionsByUid.get(uid);
    const as = s && this.agentOf(s);
    if (!s || !as?.store) return metas.map(() => undefined);
    try {
      return as.store.loadEntries(s.row, metas);
    } catch (err) {
      this.diag({ severity: 'error', source: as.store.location, message: `cannot load entries: ${err instanceof Error ? err.message : String(err)}` });
      return metas.map(() => undefined);
    }
  }

  /** Where an append to this session goes (the store's era and location), for the writers. */
  writeTarget(uid: string): SessionWriteTarget | undefined {
    const s = this.sessionsByUid.get(uid);
    const as = s && this.agentOf(s);
    if (!s || !as?.store || as.store.remote) return undefined;
    return { era: as.store.era, location: as.store.location, stateDir: s.stateDir, row: s.row };
  }

  /** Files and directories a watcher should watch. */
  watchTargets(): { files: string[]; dirs: string[] } {
    const files = new Set<string>();
    const dirs = new Set<string>();
    for (const d of this.opts.stateDirs) {
      files.add(d.configPath);
      dirs.add(d.dir);
    }
    for (const d of this.dirs) {
      for (const a of d.agents) {
        if (!a.store) continue;
        if (a.store.era === 'sqlite') for (const f of a.store.watchPaths()) files.add(f);
        else for (const p of a.store.watchPaths()) dirs.add(p);
      }
    }
    return { files: [...files], dirs: [...dirs] };
  }

  private closeStores(): void {
    for (const d of this.dirs) for (const a of d.agents) a.store?.close();
  }

  dispose(): void {
    this.closeStores();
    this.sessionsByUid.clear();
  }
}
