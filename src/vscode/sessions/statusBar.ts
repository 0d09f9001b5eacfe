/** The status-bar context gauge for the active (pinned or most recent) session. */
import * as vscode from 'vscode';
import { statusBarModel, type CompactionFlash } from '../../core/context/viewModel';
import type { ContextService } from './service';
import type { Settings } from '../shared/settings';
import { Disposable, toDisposable } from '../shared/disposable';
import type { LiveGateway } from '../gateway/gatewayShared';

/** Links at the bottom of the gauge tooltip, for the gauge's session. */
const TOOLTIP_ACTIONS: ReadonlyArray<[string, string]> = [
  ['openclawContext.openContext', '$(open-preview) Open context'],
  ['openclawContext.openPanel', '$(graph) Context panel'],
  ['openclawContext.compactSession', '$(fold) Compact…'],
  ['openclawContext.createCheckpoint', '$(save) Checkpoint'],
];

/** How long the gauge shows a compaction that just appeared (before → after). */
export const COMPACTION_FLASH_MS = 6000;

export class GaugeStatusBar extends Disposable {
  private item: vscode.StatusBarItem | undefined;
  /** last rendered text, for tests and diagnostics */
  text = '';
  /** the item's background as the view model chose it (tests: no warning colour with nothing to warn about) */
  background: 'none' | 'warning' | 'error' = 'none';
  /** last rendered tooltip markdown, for tests */
  tooltip = '';
  /** per session: the latest compaction on its path and the fill, as last rendered (a new compaction flashes) */
  private readonly seen = new Map<string, { compactionId: string | undefined; used: number }>();
  private flash: { uid: string; until: number; value: CompactionFlash } | undefined;
  private flashTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly service: ContextService,
    private settings: Settings,
    /** live mode (issue 7): the Gateway connection's line in the tooltip, a marker when live */
    private readonly live: LiveGateway,
  ) {
    super();
    this.register(service.onDidChange(() => this.update()));
    this.register(live.onDidChangeState(() => this.update()));
    this.register(toDisposable(() => this.item?.dispose()));
    this.register(toDisposable(() => this.flashTimer && clearTimeout(this.flashTimer)));
  }

  /**
   * A compaction that appeared on the gauge's session since it was last rendered (OpenClaw's or ours): shown for
   * COMPACTION_FLASH_MS as before → after. Before: what the compaction recorded, else the fill last shown; after:
   * the fill now (the next prompt).
   */
  private compactionFlash(uid: string, now: number): CompactionFlash | undefined {
    const f = this.service.model.get(uid)?.figures;
    if (!f) return undefined;
    const last = f.compactionList[f.compactionList.length - 1];
    const prev = this.seen.get(uid);
    this.seen.set(uid, { compactionId: last?.id, used: f.used });
    if (prev && last && prev.compactionId !== last.id) {
      this.flash = { uid, until: now + COMPACTION_FLASH_MS, value: { before: last.tokensBefore ?? prev.used, after: f.used, estimated: f.estimated } };
      if (this.flashTimer) clearTimeout(this.flashTimer);
      this.flashTimer = setTimeout(() => {
        this.flashTimer = undefined;
        this.update();
      }, COMPACTION_FLASH_MS + 50);
    }
    return this.flash && this.flash.uid === uid && this.flash.until > now ? this.flash.value : undefined;
  }

  applySettings(s: Settings): void {
    const alignmentChanged = s.statusBarAlignment !== this.settings.statusBarAlignment;
    this.settings = s;
    if (alignmentChanged) {
      this.item?.dispose();
      this.item = undefined;
    }
    this.update();
  }

  update(): void {
    if (this.isDisposed) return;
    if (!this.settings.statusBarEnabled) {
      this.item?.hide();
      return;
    }
    if (!this.item) {
      const align = this.settings.statusBarAlignment === 'right' ? vscode.StatusBarAlignment.Right : vscode.StatusBarAlignment.Left;
      this.item = vscode.window.createStatusBarItem('openclawContext.gauge', align, 100);
      this.item.name = 'OpenClaw Context Gauge';
      this.item.command = 'openclawContext.pickSession';
    }
    const active = this.service.active();
    if (active) this.service.model.figures(active.uid); // the transcript read, so the composition is broken down
    const now = Date.now();
    const flash = active ? this.compactionFlash(active.uid, now) : undefined;
    const m = statusBarModel(active, {
      pinned: !!active && this.service.pinnedUid === active.uid,
      now,
      warnTurns: this.settings.compaction.warnTurns,
      ...(flash ? { flash } : {}),
      ...(this.service.ready && !active ? { problem: this.service.problem(), hint: this.service.emptyHint() } : {}),
    });
    const live = this.live.summary();
    this.text = live?.live ? `${m.text} $(broadcast)` : m.text;
    this.item.text = this.text;
    const liveLine = live ? `\n\n$(broadcast) Gateway: ${live.text}` : '';
    const actions = active ? `\n\n---\n\n${TOOLTIP_ACTIONS.map(([cmd, label]) => `[${label}](command:${cmd}?${encodeURIComponent(JSON.stringify([active.uid]))})`).join(' · ')}` : '';
    this.tooltip = m.tooltip + liveLine;
    const md = new vscode.MarkdownString(m.tooltip + liveLine + actions, true);
    // only our own commands may run from the tooltip's links
    md.isTrusted = { enabledCommands: TOOLTIP_ACTIONS.map(([c]) => c) };
    this.item.tooltip = md;
    this.item.accessibilityInformation = { label: m.accessibility, role: 'button' };
    this.background = m.background;
    this.item.backgroundColor =
      m.background === 'error' ? new vscode.ThemeColor('statusBarItem.errorBackground') : m.background === 'warning' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.show();
  }
}
