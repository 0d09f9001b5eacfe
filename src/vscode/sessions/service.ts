/**
 * The one object the views share: the context model, debounced refreshes, and which session the
 * gauge shows (pinned, or the most recently active one).
 */
import * as vscode from 'vscode';
import { bootstrapTokens } from '../../core/memory/workspace/scan';
import { ContextModel, type RefreshResult, type SessionState } from '../../core/context/model';
import { processEnv, resolveStateDirs } from '../../core/store/config';
import { isLocalStateDir } from '../../core/context/queries';
import type { DiagnosticsChannel } from '../shared/output';
import type { Settings } from '../shared/settings';
import { Disposable, toDisposable } from '../shared/disposable';

const PIN_KEY = 'openclawContext.pinnedSession';

export class ContextService extends Disposable {
  readonly model: ContextModel;
  private readonly emitter = this.register(new vscode.EventEmitter<RefreshResult>());
  readonly onDidChange = this.emitter.event;
  private timer: NodeJS.Timeout | undefined;
  private pendingFull = false;
  ready = false;
  /** last refresh durations, for diagnostics and tests */
  lastRefreshMs = 0;
  refreshCount = 0;

  constructor(
    private readonly memento: vscode.Memento,
    private readonly diag: DiagnosticsChannel,
    private settings: Settings,
  ) {
    super();
    const model = (this.model = new ContextModel({ stateDirs: this.candidates(settings), env: processEnv(), diag: diag.report, thresholds: settings.thresholds, bootstrapTokens }));
    this.register(toDisposable(() => model.dispose()));
    this.register(toDisposable(() => this.timer && clearTimeout(this.timer)));
  }

  private candidates(s: Settings) {
    return resolveStateDirs(s.stateDir, s.configPath, processEnv());
  }

  applySettings(next: Settings): void {
    const dirsChanged = JSON.stringify(next.stateDir) !== JSON.stringify(this.settings.stateDir) || next.configPath !== this.settings.configPath;
    this.settings = next;
    this.model.setThresholds(next.thresholds);
    if (dirsChanged) {
      this.model.setStateDirs(this.candidates(next));
      this.refreshNow(true);
    } else this.emitter.fire({ changed: this.model.sessions().map((s) => s.uid), structureChanged: false, durationMs: 0 });
  }

  /** Debounced refresh; `full` re-discovers config and agents. */
  scheduleRefresh(full = false): void {
    if (this.isDisposed) return;
    this.pendingFull ||= full;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const f = this.pendingFull;
      this.pendingFull = false;
      this.refreshNow(f);
    }, this.settings.refreshDebounceMs);
  }

  refreshNow(full = false): RefreshResult {
    let result: RefreshResult;
    try {
      result = this.model.refresh(full);
    } catch (err) {
      // The model reports per-store problems itself; anything reaching here is a bug, never fatal.
      this.diag.report({ severity: 'error', source: 'refresh', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
      result = { changed: [], structureChanged: false, durationMs: 0 };
    }
    this.lastRefreshMs = result.durationMs;
    this.refreshCount++;
    const wasReady = this.ready;
    this.ready = true;
    void vscode.commands.executeCommand('setContext', 'openclawContext.ready', true);
    void vscode.commands.executeCommand('setContext', 'openclawContext.hasSessions', this.model.sessions().length > 0);
    if (result.changed.length || result.structureChanged || !wasReady) this.emitter.fire(result);
    return result;
  }

  get pinnedUid(): string | undefined {
    return this.memento.get<string>(PIN_KEY);
  }

  async pin(uid: string | undefined): Promise<void> {
    await this.memento.update(PIN_KEY, uid);
    this.emitter.fire({ changed: uid ? [uid] : [], structureChanged: false, durationMs: 0 });
  }

  /** The session the gauge shows: the pinned one while it exists, else the most recently active. */
  active(): SessionState | undefined {
    const pinned = this.pinnedUid;
    return (pinned && this.model.get(pinned)) || this.model.mostRecent();
  }

  /** A one-line reason when sessions cannot be read at all (shown in the status bar). */
  /** Something to fix: an agent store that is there but cannot be read (the status bar colours it). */
  problem(): string | undefined {
    for (const d of this.model.stateDirs()) {
      for (const a of d.agents) if (a.store && a.problem) return `${a.problem}${a.hint ? `\n\n${a.hint}` : ''}`;
    }
    return undefined;
  }

  /** An empty state, nothing to fix: where the sessions would come from and how to get some. */
  emptyHint(): string | undefined {
    const dirs = this.model.stateDirs();
    const url = (vscode.workspace.getConfiguration('openclawContext.gateway').get<string>('url') ?? '').trim();
    // remote mode: the sessions come from that Gateway once it is connected (its state is on the Gateway line)
    if (url && dirs.every((d) => !isLocalStateDir(d)) && !this.model.remoteDirs().length) return `No local OpenClaw state directory: waiting for the sessions of the remote Gateway (\`openclawContext.gateway.url\`).`;
    if (dirs.length && dirs.every((d) => !d.exists) && !url) return `No OpenClaw state directory at ${dirs.map((d) => d.candidate.dir).join(', ')}. Open the OpenClaw Context view to choose one or open the demo state.`;
    return undefined;
  }

}
