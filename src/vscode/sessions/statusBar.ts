/** The status-bar context gauge for the active (pinned or most recent) session. */
import * as vscode from 'vscode';
import { statusBarModel } from '../../core/context/viewModel';
import type { ContextService } from './service';
import type { Settings } from '../shared/settings';
import { Disposable, toDisposable } from '../shared/disposable';
import type { LiveGateway } from '../gateway/gatewayShared';

/** Links at the bottom of the gauge tooltip, for the gauge's session. */
const TOOLTIP_ACTIONS: ReadonlyArray<[string, string]> = [
  ['openclawContext.openContext', '$(open-preview) Open context'],
  ['openclawContext.compactSession', '$(fold) Compact…'],
  ['openclawContext.createCheckpoint', '$(save) Checkpoint'],
];

export class GaugeStatusBar extends Disposable {
  private item: vscode.StatusBarItem | undefined;
  /** last rendered text, for tests and diagnostics */
  text = '';
  /** the item's background as the view model chose it (tests: no warning colour with nothing to warn about) */
  background: 'none' | 'warning' | 'error' = 'none';
  /** last rendered tooltip markdown, for tests */
  tooltip = '';

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
    const m = statusBarModel(active, {
      pinned: !!active && this.service.pinnedUid === active.uid,
      now: Date.now(),
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
