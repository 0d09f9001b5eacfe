/**
 * The Context panel (issue 19): the same webview in the OpenClaw Context container (a webview view) and in editor
 * tabs. Each shows the gauge's session, or one chosen in it (its sessions table, a tab opened for a session). It
 * renders core/context/panelModel.ts on every change of the context model (the gauge's events: file watchers and
 * the Gateway) and runs the extension's own commands for what the panel asks.
 */
import * as vscode from 'vscode';
import { panelModel } from '../../core/context/panelModel';
import { ORIGIN_WORDS } from '../../core/compaction/viewModel';
import { timelineMarks } from '../../core/memory/timelineMarks';
import type { PanelAction, PanelMessage, PanelModel, PanelRenderStats, PanelRequest } from '../../core/context/panelTypes';
import type { ContextService } from '../sessions/service';
import { sessionFromArg } from '../sessions/sessionsTree';
import { Disposable, toDisposable } from '../shared/disposable';
import { panelHtml } from './panelHtml';
import type { Settings } from '../shared/settings';
import { policyLines } from '../../core/context/policy';

export const PANEL_VIEW_ID = 'openclawContext.panel';
/** the tabs' type; package.json activates the extension on it so tabs come back after a reload */
const TAB_TYPE = 'openclawContext.panelTab';

/** The session a restored tab showed (the webview's saved state, see src/webview/panel/view.ts), if any. */
function restoredSession(state: unknown): string | undefined {
  const uid = (state as { session?: unknown } | undefined)?.session;
  return typeof uid === 'string' && uid.length > 0 && uid.length < 4096 ? uid : undefined;
}

/** The command each panel action runs (the same as the tree's and the tooltip's). */
const ACTION_COMMANDS: Record<PanelAction, string> = {
  checkpoint: 'openclawContext.createCheckpoint',
  flush: 'openclawContext.memory.flush',
  compact: 'openclawContext.compactSession',
  openContext: 'openclawContext.openContext',
};

/** One webview showing the panel: the view, or a tab. */
export interface PanelHost {
  readonly kind: 'view' | 'tab';
  /** the session chosen in it; undefined: it follows the gauge's */
  uid: string | undefined;
  /** what was last posted to it, and what it reports it drew */
  model?: PanelModel;
  stats?: PanelRenderStats;
  /** when it was created, when a model was last posted and when it first reported a drawing (performance.now()) */
  readonly createdAt: number;
  postedAt?: number;
  drawnAt?: number;
}

interface HostImpl extends PanelHost {
  readonly webview: vscode.Webview;
  ready: boolean;
  dirty: boolean;
  visible(): boolean;
  reveal?(): void;
  /** a tab's title follows the session it shows */
  retitle?(model: PanelModel): void;
}

export class ContextPanel extends Disposable implements vscode.WebviewViewProvider {
  private readonly hosts = new Set<HostImpl>();
  private readonly rendered = this.register(new vscode.EventEmitter<PanelHost>());
  /** a webview reported what it drew (tests wait on it) */
  readonly onDidRender = this.rendered.event;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly service: ContextService,
    /** the warning's turns (the forecast is "near") and the policy's lines */
    private readonly settings: () => Pick<Settings, 'compaction' | 'policy'>,
  ) {
    super();
    this.register(vscode.window.registerWebviewViewProvider(PANEL_VIEW_ID, this));
    this.register(service.onDidChange(() => this.hosts.forEach((h) => this.update(h))));
    this.register(vscode.commands.registerCommand('openclawContext.openPanel', (arg?: unknown) => this.openTab(arg)));
    this.register(vscode.commands.registerCommand('openclawContext.showPanel', () => vscode.commands.executeCommand(`${PANEL_VIEW_ID}.focus`)));
    // tabs come back after a reload, each with the session it showed (kept in the webview's state)
    this.register(vscode.window.registerWebviewPanelSerializer(TAB_TYPE, { deserializeWebviewPanel: async (tab, state) => void this.adoptTab(tab, restoredSession(state)) }));
    this.register(toDisposable(() => this.hosts.clear()));
  }

  /** Every open panel (the view first), for tests and diagnostics. */
  all(): PanelHost[] {
    return [...this.hosts].sort((a, b) => (a.kind === b.kind ? a.createdAt - b.createdAt : a.kind === 'view' ? -1 : 1));
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    const host = this.attach('view', view.webview, undefined, () => view.visible);
    view.onDidChangeVisibility(() => view.visible && host.dirty && this.update(host));
    view.onDidDispose(() => this.hosts.delete(host));
  }

  /** Open the panel in an editor tab, for a session (a tree node, a uid or key) or, without one, the gauge's. */
  openTab(arg?: unknown): PanelHost {
    const s = arg === undefined ? undefined : sessionFromArg(this.service, arg);
    const tab = vscode.window.createWebviewPanel(TAB_TYPE, s ? `Context: ${s.row.key}` : 'OpenClaw Context', vscode.ViewColumn.Active, { enableScripts: true, localResourceRoots: [this.dist()], enableFindWidget: true });
    return this.adoptTab(tab, s?.uid);
  }

  /** A tab, new or restored after a reload: its page, its messages, its life. */
  private adoptTab(tab: vscode.WebviewPanel, uid: string | undefined): PanelHost {
    tab.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'activity.svg');
    const host = this.attach('tab', tab.webview, uid, () => tab.visible);
    host.reveal = () => tab.reveal();
    host.retitle = (m) => {
      const title = m.followsGauge || !m.uid ? 'OpenClaw Context' : `Context: ${m.title}`;
      if (tab.title !== title) tab.title = title;
    };
    if (host.model) host.retitle(host.model);
    tab.onDidChangeViewState(() => tab.visible && host.dirty && this.update(host));
    tab.onDidDispose(() => this.hosts.delete(host));
    return host;
  }

  /** Tests: key presses for a panel's focused element (dispatched in the webview as keydown events). */
  press(host: PanelHost, keys: string[]): Thenable<boolean> {
    return (host as HostImpl).webview.postMessage({ type: 'keys', keys } satisfies PanelMessage);
  }

  private dist(): vscode.Uri {
    return vscode.Uri.joinPath(this.extensionUri, 'dist');
  }

  private attach(kind: PanelHost['kind'], webview: vscode.Webview, uid: string | undefined, visible: () => boolean): HostImpl {
    const host: HostImpl = { kind, uid, webview, ready: false, dirty: true, visible, createdAt: performance.now() };
    this.hosts.add(host);
    webview.options = { enableScripts: true, localResourceRoots: [this.dist()] };
    webview.onDidReceiveMessage((m: PanelRequest) => this.onMessage(host, m));
    // the first model goes in with the page: the script draws it at once (later ones are posted)
    host.model = this.modelFor(host);
    host.dirty = false;
    webview.html = panelHtml({ cspSource: webview.cspSource, scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.dist(), 'panel.js')).toString(), styleUri: webview.asWebviewUri(vscode.Uri.joinPath(this.dist(), 'panel.css')).toString(), initial: host.model });
    return host;
  }

  private onMessage(host: HostImpl, m: PanelRequest): void {
    switch (m?.type) {
      case 'ready': {
        // the page drew the model embedded in it: post a newer one if anything changed since, and always to a page
        // loaded again (a view shown again reloads the first page)
        const reloaded = host.ready;
        host.ready = true;
        if (reloaded || host.dirty) this.update(host);
        return;
      }
      case 'select':
        host.uid = typeof m.uid === 'string' ? m.uid : undefined;
        this.update(host);
        return;
      case 'follow':
        host.uid = undefined;
        this.update(host);
        return;
      case 'open':
        void vscode.commands.executeCommand('openclawContext.openContext', m.uid, typeof m.entryId === 'string' ? m.entryId : undefined, host.kind === 'tab');
        return;
      case 'action': {
        const cmd = ACTION_COMMANDS[m.action];
        if (cmd && typeof m.uid === 'string') void vscode.commands.executeCommand(cmd, m.uid);
        return;
      }
      case 'rendered':
        host.stats = m.stats;
        host.drawnAt ??= performance.now();
        this.rendered.fire(host);
        return;
      default:
        return;
    }
  }

  /** Post the host's model now, or mark it for when it is visible again. */
  private update(host: HostImpl): void {
    if (this.isDisposed || !host.ready || !host.visible()) {
      host.dirty = true;
      return;
    }
    host.dirty = false;
    host.model = this.modelFor(host);
    host.retitle?.(host.model);
    host.postedAt = performance.now();
    void host.webview.postMessage({ type: 'model', model: host.model } satisfies PanelMessage);
  }

  /** The host's session (its own, else the gauge's) as the panel shows it. */
  private modelFor(host: PanelHost): PanelModel {
    const chosen = host.uid ? this.service.model.get(host.uid) : undefined;
    const session = chosen ?? this.service.active();
    const settings = this.settings();
    const extraLines = session ? policyLines(session.figures, settings.policy) : [];
    // the transcript read (so the composition is broken down) and the fill over time with our flushes and checkpoints
    const timeline = session && this.service.model.timeline(session.uid, { marks: session.remote ? [] : timelineMarks(session.stateDir, session.row.key), extraLines });
    return panelModel({
      session: session && this.service.model.get(session.uid),
      ...(timeline ? { timeline, origins: ORIGIN_WORDS } : {}),
      extraLines,
      nearTurns: settings.compaction.warnTurns,
      sessions: this.service.model.sessions(),
      followsGauge: !chosen,
      now: Date.now(),
      ...(this.service.ready && !session ? { problem: this.service.problem() } : {}),
    });
  }
}
