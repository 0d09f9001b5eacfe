/**
 * Live mode (issue 7): the VS Code side of the connection to the OpenClaw Gateway. The connections themselves —
 * targets per Gateway URL, probing, connecting, token resolution and consent state, reconnect, the remote-session
 * feed and the message subscriptions — are the core pool (core/gateway/pool.ts). What is here is UI and wiring:
 *
 * - the settings (`openclawContext.gateway.mode` / `url` / `useLocalToken`), the stored token and device identity
 *   in SecretStorage (gatewaySecrets.ts), the consent answer in globalState and its question (a notification);
 * - the sessions shown in detail (the gauge's session and every context document open in a tab);
 * - the events (state, live refresh), the `gatewayLive` context key, the periodic re-probe and the commands
 *   (Set / Forget Gateway Token, Reconnect, Show Gateway Connection: gatewayStatus.ts).
 * Every string this controller logs or shows goes through the pool's redaction (core/gateway/redact.ts).
 */
import * as vscode from 'vscode';
import type { GatewayClient } from '../../core/gateway/client';
import { GatewayPool, type LiveMode } from '../../core/gateway/pool';
import type { LocalTokenSource, UseLocalToken } from '../../core/gateway/poolTokens';
import { type ConnectionView, gatewaySummary, UNTRUSTED_SUMMARY } from '../../core/gateway/viewModel';
import { CONTEXT_SCHEME } from '../sessions/contextDocument';
import { GATEWAY_TOKEN_KEY, SecretStorageDeviceStore } from './gatewaySecrets';
import type { LiveGateway, LiveState } from './gatewayShared';
import { showGatewayStatus, statusMarkdown } from './gatewayStatus';
import type { DiagnosticsChannel } from '../shared/output';
import { Disposable, toDisposable } from '../shared/disposable';
import { onDidGrantTrust, writesAllowed } from '../shared/trust';
import type { Ui, UiSeam } from '../shared/ui';
import type { ContextService } from '../sessions/service';

const SECTION = 'openclawContext.gateway';
const CONSENT_KEY = 'openclawContext.gateway.localTokenConsent';
const CONTEXT_KEY = 'openclawContext.gatewayLive';
/** re-probe interval while not connected */
const REPROBE_MS = 15_000;
/** lock-file checks on service refreshes, at most this often */
const LOCK_CHECK_MS = 2_000;
const LOG_LINES = 500;

export class GatewayController extends Disposable implements LiveGateway {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeState = this.changed.event;
  /** every sessions.changed handled: the refresh it triggered and how long that took */
  private readonly refreshed = new vscode.EventEmitter<{ stateDirs: string[]; ms: number; at: number }>();
  readonly onDidLiveRefresh = this.refreshed.event;
  readonly devices: SecretStorageDeviceStore;
  private readonly pool: GatewayPool;
  private lastLockCheck = 0;
  private lastState: LiveState = 'off';
  /** the redacted lines this controller logged (tests check that no token is in them) */
  readonly logLines: string[] = [];
  /** the markdown last shown by Show Gateway Connection (tests) */
  lastStatusMarkdown = '';

  constructor(
    readonly context: vscode.ExtensionContext,
    readonly service: ContextService,
    readonly diag: DiagnosticsChannel,
    private readonly uiSeam: UiSeam,
  ) {
    super();
    this.devices = new SecretStorageDeviceStore(context.secrets);
    const config = () => vscode.workspace.getConfiguration(SECTION);
    this.pool = new GatewayPool({
      env: process.env,
      mode: () => this.mode(),
      urlSetting: () => (config().get<string>('url') ?? '').trim(),
      urlSettingName: `${SECTION}.url`,
      useLocal: (): UseLocalToken => {
        const v = config().get<string>('useLocalToken');
        return v === 'always' || v === 'never' ? v : 'ask';
      },
      storedToken: async () => context.secrets.get(GATEWAY_TOKEN_KEY),
      consent: () => context.globalState.get<boolean>(CONSENT_KEY),
      askConsent: (url, source) => this.askConsent(url, source),
      devices: this.devices,
      clientVersion: String((context.extension?.packageJSON as { version?: string } | undefined)?.version ?? '0.0.0'),
      displayName: 'OpenClaw Context (VS Code)',
      stateDirs: () => service.model.stateDirs(),
      log: (level, m) => this.log(level, m),
      refresh: () => service.refreshNow(),
      setRemoteSources: (caches) => service.model.setRemoteSources(caches),
      detailSessions: () => this.detailSessions(),
      changed: () => this.fire(),
      liveRefreshed: (e) => this.refreshed.fire(e),
    });
    this.listen();
  }

  private get ui(): Ui {
    return this.uiSeam.current;
  }

  // -------------------------------------------------------------------------------------------
  // LiveGateway and the views

  get state(): LiveState {
    return this.pool.state;
  }

  clientFor(stateDir: string): GatewayClient | undefined {
    return this.pool.clientFor(stateDir);
  }

  summary(): { live: boolean; text: string; detail?: string } {
    if (!writesAllowed()) return UNTRUSTED_SUMMARY;
    return gatewaySummary(this.views(), this.mode(), this.pool.secrets());
  }

  /** The connection line of one state dir (Sessions view). */
  summaryFor(stateDir: string): { live: boolean; text: string } {
    return this.pool.summaryFor(stateDir);
  }

  /** The connection line of a Gateway by its (redacted) URL: the Sessions view's node for a remote Gateway not live yet. */
  summaryForUrl(url: string): string {
    return this.pool.summaryForUrl(url);
  }

  /** The connections as the view model sees them (no secrets). */
  views(): ConnectionView[] {
    return this.pool.views();
  }

  /** sessions.changed events that refreshed the model */
  get liveRefreshes(): number {
    return this.pool.liveRefreshes;
  }

  /** The session keys subscribed with sessions.messages.subscribe, per Gateway URL (tests, diagnostics). */
  messageSubscriptions(): Record<string, string[]> {
    return this.pool.messageSubscriptions();
  }

  /** 'off' by the setting, or in an untrusted workspace (reading only: no Gateway connection, no token read). */
  mode(): LiveMode {
    if (!writesAllowed()) return 'off';
    return vscode.workspace.getConfiguration(SECTION).get<string>('mode') === 'off' ? 'off' : 'auto';
  }

  /** Bring the connections in line with the model and the settings. */
  sync(): void {
    this.pool.sync();
  }

  /** Subscribe to the messages of the sessions shown in detail, unsubscribe from the others. */
  syncMessageSubs(): void {
    this.pool.syncMessageSubs();
  }

  /** Close every connection and connect again (token or settings changed, or the user asked). */
  reconnectAll(why: string): Promise<void> {
    return this.pool.reconnectAll(why);
  }

  // -------------------------------------------------------------------------------------------
  // UI callbacks of the pool

  private log(level: 'debug' | 'info' | 'warn' | 'error', m: string): void {
    this.logLines.push(`[${level}] ${m}`);
    if (this.logLines.length > LOG_LINES) this.logLines.splice(0, this.logLines.length - LOG_LINES);
    if (level === 'debug') return;
    if (level === 'info') this.diag.info(`gateway: ${m}`);
    else this.diag.report({ severity: level === 'warn' ? 'warning' : 'error', source: 'gateway', message: m });
  }

  /** 'ask': the consent question; a yes or no is remembered in globalState. */
  private async askConsent(url: string, source: LocalTokenSource): Promise<boolean | undefined> {
    const where = source === 'env' ? '$OPENCLAW_GATEWAY_TOKEN' : 'gateway.auth.token in the OpenClaw config';
    const yes = 'Use It';
    const no = 'Never';
    const answer = await this.ui.info(`An OpenClaw Gateway is running at ${url}. May OpenClaw Context read its token from ${where} to connect (live updates)? It is read at each connect and never stored.`, yes, no);
    if (answer !== yes && answer !== no) return undefined;
    await this.context.globalState.update(CONSENT_KEY, answer === yes);
    return answer === yes;
  }

  /**
   * The sessions shown in detail: the gauge's session and the session of every context document open in a tab
   * (tabs, not textDocuments: VS Code keeps a closed document's model around for a while).
   */
  private detailSessions(): Array<{ stateDir: string; key: string; agentId: string }> {
    const uids = new Set<string>();
    const active = this.service.active();
    if (active) uids.add(active.uid);
    for (const group of vscode.window.tabGroups.all) {
      for (const tab of group.tabs) {
        const input = tab.input;
        const uri = input instanceof vscode.TabInputText ? input.uri : undefined;
        if (uri?.scheme !== CONTEXT_SCHEME) continue;
        const uid = new URLSearchParams(uri.query).get('uid');
        if (uid) uids.add(uid);
      }
    }
    return [...uids].flatMap((uid) => {
      const s = this.service.model.get(uid);
      return s ? [{ stateDir: s.stateDir, key: s.row.key, agentId: s.agentId }] : [];
    });
  }

  private fire(): void {
    const s = this.state;
    if (s !== this.lastState) {
      this.log('debug', `live state ${this.lastState} → ${s}`);
      this.lastState = s;
      void vscode.commands.executeCommand('setContext', CONTEXT_KEY, s === 'live');
    }
    if (!this.isDisposed) this.changed.fire();
  }

  // -------------------------------------------------------------------------------------------
  // Commands

  async setToken(value?: string): Promise<boolean> {
    const v =
      value ??
      (await this.ui.input({
        title: 'OpenClaw Gateway token',
        prompt: 'The Gateway’s shared token (gateway.auth.token in openclaw.json, or `openclaw gateway auth-token`). Kept in VS Code’s secret storage only.',
        password: true,
        ignoreFocusOut: true,
        placeHolder: 'token',
        validateInput: (s) => (s.trim() ? undefined : 'Enter the token, or press Escape to cancel.'),
      }));
    const token = v?.trim();
    if (!token) return false;
    this.pool.tokens.add(token);
    await this.context.secrets.store(GATEWAY_TOKEN_KEY, token);
    this.pool.log('info', 'Gateway token saved in the secret storage');
    await this.reconnectAll('new token');
    return true;
  }

  async clearToken(): Promise<void> {
    await this.pool.tokens.stored(); // the old token stays redacted from anything later
    await this.context.secrets.delete(GATEWAY_TOKEN_KEY);
    this.pool.log('info', 'Gateway token removed from the secret storage');
    await this.reconnectAll('token forgotten');
  }

  async showStatus(): Promise<void> {
    await this.pool.refreshRows();
    const views = this.views();
    const secrets = this.pool.secrets();
    this.lastStatusMarkdown = statusMarkdown(views, this.mode(), secrets);
    await this.uiSeam.reports.show('gateway/connection.md', this.lastStatusMarkdown);
    await showGatewayStatus(this.ui, views, this.lastStatusMarkdown, { mode: this.mode(), secrets, title: this.summary().text, redact: (s) => this.pool.redact(s) });
  }

  // -------------------------------------------------------------------------------------------
  // Lifecycle

  /** Subscribe, start probing, register the commands. */
  private listen(): void {
    void this.pool.tokens.stored().then(() => this.sync());
    for (const d of [
      this.service.onDidChange(() => {
        this.sync();
        this.syncMessageSubs();
        const now = Date.now();
        if (now - this.lastLockCheck >= LOCK_CHECK_MS) {
          this.lastLockCheck = now;
          this.pool.reprobe('a Gateway lock appeared', true);
        }
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('openclawContext.gateway.mode') && this.mode() === 'off') {
          void this.pool.closeAll('live mode off').then(() => this.sync());
          return;
        }
        // (state dir changes arrive as a service refresh: sync() then adds and removes connections)
        if (e.affectsConfiguration(SECTION)) void this.reconnectAll('settings changed');
      }),
      // trusted now: live mode may connect (an untrusted workspace never connects: mode() is 'off')
      onDidGrantTrust(() => this.sync()),
      vscode.window.tabGroups.onDidChangeTabs(() => this.syncMessageSubs()),
      this.context.secrets.onDidChange((e) => {
        if (e.key === GATEWAY_TOKEN_KEY) void this.pool.tokens.stored();
      }),
      vscode.commands.registerCommand('openclawContext.gateway.setToken', () => this.setToken()),
      vscode.commands.registerCommand('openclawContext.gateway.clearToken', () => this.clearToken()),
      vscode.commands.registerCommand('openclawContext.gateway.reconnect', () => this.reconnectAll('reconnect command')),
      vscode.commands.registerCommand('openclawContext.gateway.showStatus', () => this.showStatus()),
      this.changed,
      this.refreshed,
    ])
      this.register(d);
    const timer = setInterval(() => this.pool.reprobe('periodic probe'), REPROBE_MS);
    timer.unref?.();
    this.register(toDisposable(() => clearInterval(timer)));
  }

  /** Close every connection; resolves when the sockets are closed. */
  closeAll(): Promise<void> {
    return this.pool.closeAll('closing');
  }

  override dispose(): void {
    if (this.isDisposed) return;
    // first (isDisposed from here on): a closing connection must not refresh a service being disposed
    super.dispose();
    void this.pool.close();
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, false);
  }
}
