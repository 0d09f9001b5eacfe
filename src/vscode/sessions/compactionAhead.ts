/**
 * Ahead of compaction, for the sessions that are active while VS Code runs (never on startup for a session merely
 * sitting near its line):
 *
 * - the warning (issue 19 item 2): when the forecast puts OpenClaw's compaction at most
 *   `openclawContext.compaction.warnTurns` turns away, one notification between two compactions offers Create
 *   Checkpoint, Flush to Memory and Compact Now (the gauge and the tree say it all along: core/context/viewModel.ts);
 * - seed 004's two thresholds (`openclawContext.policy.*`, off by default; core/context/policy.ts): at the early-export
 *   line the session's facts are flushed to memory — previewed and confirmed the first time, then in the background —
 *   once between two compactions; at the cleanup line a cleanup is offered (Compact or the trimmed view, each with its
 *   preview), once between two compactions.
 *
 * Every write goes through the existing commands (core/actions behind them); prompts go through the UI seam.
 */
import * as vscode from 'vscode';
import type { Memento } from 'vscode';
import { Disposable } from '../shared/disposable';
import type { UiSeam } from '../shared/ui';
import type { Settings } from '../shared/settings';
import type { ContextService } from './service';
import type { SessionState } from '../../core/context/model';
import { compactionWarning, forecastText } from '../../core/context/forecast';
import { policySteps } from '../../core/context/policy';
import { formatTokens } from '../../core/context/format';
import type { FlushOutcome, MemoryCommands } from '../memory/memoryCommands';

export const CHECKPOINT_BUTTON = 'Create Checkpoint';
export const FLUSH_NOW_BUTTON = 'Flush to Memory';
export const COMPACT_NOW_BUTTON = 'Compact Now';
export const CLEANUP_COMPACT_BUTTON = 'Compact…';
export const CLEANUP_TRIM_BUTTON = 'Trimmed View…';

/** The early export was previewed and confirmed once: later ones run in the background. */
const EARLY_EXPORT_CONFIRMED_KEY = 'openclawContext.policy.earlyExportConfirmed';

/** Read a session's transcript for its forecast only once its fill is past this share of the compaction line. */
const FORECAST_READ_SHARE = 0.4;

export interface AheadOutcome {
  warning?: { message: string; buttons: string[]; chosen?: string };
  earlyExport?: { previewed: boolean; outcome: FlushOutcome };
  cleanup?: { message: string; buttons: string[]; chosen?: string };
}

export class CompactionAhead extends Disposable {
  /** last seen activity per session */
  private readonly lastSeen = new Map<string, number>();
  /** `uid|sessionId#compactions|what` already done: once between two compactions */
  private readonly done = new Set<string>();
  /** the last check per session (tests, diagnostics) */
  readonly last = new Map<string, Promise<AheadOutcome>>();

  constructor(
    private readonly service: ContextService,
    private readonly ui: UiSeam,
    private readonly settings: () => Settings,
    private readonly memory: MemoryCommands,
    private readonly memento: Memento,
    private readonly report: (source: string, err: unknown) => void,
  ) {
    super();
    this.register(service.onDidChange((r) => this.onSessionsChanged(r.changed)));
  }

  private onSessionsChanged(uids: readonly string[]): void {
    for (const uid of uids) {
      const s = this.service.model.get(uid);
      if (!s) {
        this.lastSeen.delete(uid);
        continue;
      }
      const prev = this.lastSeen.get(uid);
      this.lastSeen.set(uid, s.lastActivity);
      if (prev === undefined || s.lastActivity <= prev) continue;
      const p = this.check(s);
      this.last.set(uid, p);
      void p.catch((err: unknown) => this.report(`ahead of compaction ${s.row.key}`, err));
    }
  }

  /** Between two compactions of one transcript generation (a reset starts a new one). */
  private tag(s: SessionState, what: string): string {
    return `${s.uid}|${s.row.sessionId}#${s.row.compactionCount ?? s.figures.compactions}|${what}`;
  }

  private once(s: SessionState, what: string): boolean {
    const t = this.tag(s, what);
    if (this.done.has(t)) return false;
    this.done.add(t);
    return true;
  }

  /** The warning and the policy for one session now (its transcript read when it is near enough to need a forecast). */
  async check(s0: SessionState): Promise<AheadOutcome> {
    const settings = this.settings();
    let s = s0;
    if (!s.context && s.figures.known && s.figures.used >= s.figures.compactionAt * FORECAST_READ_SHARE) s = this.service.model.ensureTranscript(s.uid) ?? s;
    const out: AheadOutcome = {};
    const jobs: Array<Promise<unknown>> = [];
    const steps = policySteps(s.figures, settings.policy);
    // one notification at a time for a session: the cleanup offer covers the warning's Compact Now
    if (steps.includes('cleanup') && this.once(s, 'cleanup')) jobs.push(this.offerCleanup(s, settings).then((r) => (out.cleanup = r)));
    else if (compactionWarning(s.figures, settings.compaction.warnTurns) && this.once(s, 'warning')) jobs.push(this.warn(s).then((r) => (out.warning = r)));
    // a remote session's flush is a model turn on the Gateway: never in the background
    if (steps.includes('early-export') && !s.remote && this.once(s, 'early-export')) jobs.push(this.earlyExport(s).then((r) => (out.earlyExport = r)));
    await Promise.all(jobs);
    return out;
  }

  private async warn(s: SessionState): Promise<NonNullable<AheadOutcome['warning']>> {
    const f = s.figures;
    const growth = f.forecast.growthPerTurn !== undefined ? `, growing ~${formatTokens(f.forecast.growthPerTurn)} per turn` : '';
    const message = `OpenClaw Context: ${s.row.key} — ${forecastText(f.forecast)} (${f.estimated ? '~' : ''}${formatTokens(f.used)} of ${formatTokens(f.window)}${growth}; OpenClaw compacts at ${formatTokens(f.compactionAt)}). Save what matters before it is summarised?`;
    const buttons = [...(s.remote ? [] : [CHECKPOINT_BUTTON]), FLUSH_NOW_BUTTON, COMPACT_NOW_BUTTON];
    const chosen = await this.ui.current.warn(message, ...buttons);
    const command = chosen === CHECKPOINT_BUTTON ? 'openclawContext.createCheckpoint' : chosen === FLUSH_NOW_BUTTON ? 'openclawContext.memory.flush' : chosen === COMPACT_NOW_BUTTON ? 'openclawContext.compactSession' : undefined;
    if (command) await vscode.commands.executeCommand(command, s.uid);
    return { message, buttons, ...(chosen ? { chosen } : {}) };
  }

  private async offerCleanup(s: SessionState, settings: Settings): Promise<NonNullable<AheadOutcome['cleanup']>> {
    const f = s.figures;
    const message = `OpenClaw Context: ${s.row.key} is at ${f.estimated ? '~' : ''}${f.percent}% of its window, past the cleanup line (${settings.policy.cleanupPercent}%). Clean up now? Compact shows what it would summarise first; the trimmed view shows what could be left out, without changing anything.`;
    const buttons = [CLEANUP_COMPACT_BUTTON, CLEANUP_TRIM_BUTTON];
    const chosen = await this.ui.current.warn(message, ...buttons);
    if (chosen === CLEANUP_COMPACT_BUTTON) await vscode.commands.executeCommand('openclawContext.compactSession', s.uid);
    else if (chosen === CLEANUP_TRIM_BUTTON) await vscode.commands.executeCommand('openclawContext.openTrimmedContext', s.uid);
    return { message, buttons, ...(chosen ? { chosen } : {}) };
  }

  /** The first early export is the previewed flush; once one was written, later ones run in the background. */
  private async earlyExport(s: SessionState): Promise<NonNullable<AheadOutcome['earlyExport']>> {
    const previewed = this.memento.get<boolean>(EARLY_EXPORT_CONFIRMED_KEY) !== true;
    const outcome = await this.memory.flush(s.uid, { background: !previewed });
    if (previewed && outcome.status === 'written') await this.memento.update(EARLY_EXPORT_CONFIRMED_KEY, true);
    return { previewed, outcome };
  }

  /** Forget that the early export was confirmed (tests; a user who wants the preview again). */
  async resetEarlyExportConsent(): Promise<void> {
    await this.memento.update(EARLY_EXPORT_CONFIRMED_KEY, undefined);
  }
}
