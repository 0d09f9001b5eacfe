/**
 * Live mode (issue 7): the connection to the OpenClaw Gateway.
 *
 * - One connection per Gateway URL: every existing state dir of the model resolves its URL (setting
 *   `openclawContext.gateway.url` > $OPENCLAW_GATEWAY_URL > its config's gateway.port, token.ts
 *   resolveGatewayUrl); state dirs that resolve to the same URL share it. With the URL setting and no local state
 *   dir, one remote connection whose sessions feed the whole extension: a RemoteSessionCache
 *   (core/gateway/remoteStore.ts) filled from sessions.subscribe / sessions.changed / sessions.list, and
 *   chat.history for the transcripts the model asks for, is given to the model as a remote source.
 * - The sessions shown in detail (the gauge's session and every open context document) get
 *   sessions.messages.subscribe: a remote session's `session.message` events extend its history at once; for a
 *   local store they refresh the model at once (the local files stay the source of the transcript).
 * - Mode 'auto': a cheap TCP probe first; a WebSocket only when something listens. Re-probed every 15 s while
 *   not connected, and at once when a service refresh finds a live Gateway lock in the state dir. Reconnects after
 *   a drop are the client's (backoff, subscriptions replayed). Mode 'off' and dispose close every connection.
 * - Client `cli`/`cli` with an Ed25519 device kept in SecretStorage (gatewaySecrets.ts): the real 2026.9.6 Gateway
 *   grants the three operator scopes on loopback and pairs the device (a device token per URL, also kept in
 *   SecretStorage; used when no shared token is available).
 * - Token: the one set with "Set Gateway Token…" (SecretStorage only), else — with consent (useLocalToken
 *   'always', or 'ask' answered once, remembered in globalState) — $OPENCLAW_GATEWAY_TOKEN / the config's
 *   gateway.auth.token, read at each connect and never stored. Every string this controller logs or shows goes
 *   through printable() (core/gateway/redact.ts: control characters out, every form of every secret it knows
 *   redacted — tokens seen, device tokens, each config's credentials, the env's Gateway credentials).
 * - sessions.subscribe after connecting; each sessions.changed refreshes the model at once (no file-event
 *   debounce), so the gauge follows a turn within milliseconds of the Gateway's event.
 */
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { GatewayClient } from '../../core/gateway/client';
import type { GatewayConnection, GatewayState } from '../../core/gateway/clientTypes';
import { normalizeGatewayUrl } from '../../core/gateway/identity';
import type { GatewayErrorInfo } from '../../core/gateway/errors';
import { configSecrets, printable, redactUrl, remoteText, SecretSet } from '../../core/gateway/redact';
import { RemoteSessionFeed } from '../../core/gateway/remoteFeed';
import { resolveGatewayToken, resolveGatewayUrl } from '../../core/gateway/token';
import type { SessionMessageEvent, SessionsChangedEvent } from '../../core/gateway/methods';
import { CONTEXT_SCHEME } from '../sessions/contextDocument';
import { connectionLine, connectionMarkdown, type ConnectionView, gatewaySummary, overallState, tokenSourceText, type TokenSourceView } from '../../core/gateway/viewModel';
import { checkLockFiles, probePort } from '../../core/store/ownership';
import { hasOpenClawData } from '../../core/store/stateDir';
import { GATEWAY_TOKEN_KEY, SecretStorageDeviceStore } from './gatewaySecrets';
import type { LiveGateway, LiveState } from './gatewayShared';
import type { DiagnosticsChannel } from '../shared/output';
import { Disposable, toDisposable } from '../shared/disposable';
import type { Ui, UiSeam } from '../shared/ui';
import type { ContextService } from '../sessions/service';

const SECTION = 'openclawContext.gateway';
const CONSENT_KEY = 'openclawContext.gateway.localTokenConsent';
const CONTEXT_KEY = 'openclawContext.gatewayLive';
/** re-probe interval while not connected */
export const REPROBE_MS = 15_000;
/** lock-file checks on service refreshes, at most this often */
const LOCK_CHECK_MS = 2_000;
const LOG_LINES = 500;

type Mode = 'auto' | 'off';
type UseLocal = 'ask' | 'always' | 'never';

interface Target {
  key: string;
  url: string;
  urlSource: string;
  stateDirs: string[];
  config: unknown;
  state: LiveState;
  client?: GatewayClient;
  subs: vscode.Disposable[];
  connection?: GatewayConnection;
  error?: GatewayErrorInfo;
  unreachable?: boolean;
  probeError?: string;
  /** a refusal the user must fix (token, protocol): no automatic retry until something changes */
  blocked?: boolean;
  starting?: Promise<void>;
  tokenSource: TokenSourceView;
  events: number;
  lastEventAt?: number;
  lastRefreshMs?: number;
  /** a refresh for a burst of sessions.changed is already queued */
  refreshQueued?: boolean;
  /** remote Gateway (no local state dir): its sessions, given to the model while connected */
  feed: RemoteSessionFeed;
  /** the session keys with a sessions.messages.subscribe on the current client */
  messageKeys: Set<string>;
  /** session.message events received */
  messages: number;
}

/** Is something listening at the URL's host:port? (probePort for loopback, the same TCP check elsewhere) */
export function probeUrl(url: string, timeoutMs = 500): Promise<{ listening: boolean; error?: string }> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return Promise.resolve({ listening: false, error: 'invalid URL' });
  }
  const port = Number(u.port || (u.protocol === 'wss:' || u.protocol === 'https:' ? 443 : 80));
  const host = u.hostname.replace(/^\[|\]$/g, '');
  return probePort(port, timeoutMs, host);
}

export class GatewayController extends Disposable implements LiveGateway {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeState = this.changed.event;
  /** every sessions.changed handled: the refresh it triggered and how long that took */
  private readonly refreshed = new vscode.EventEmitter<{ stateDirs: string[]; ms: number; at: number }>();
  readonly onDidLiveRefresh = this.refreshed.event;
  readonly devices: SecretStorageDeviceStore;
  private readonly targets = new Map<string, Target>();
  private readonly secretValues = new Set<string>();
  private lastLockCheck = 0;
  private consentAsk: Promise<void> | undefined;
  /** 'ask' dismissed without an answer: not asked again until the next start */
  private consentDismissed = false;
  private lastState: LiveState = 'off';
  /** the redacted lines this controller logged (tests check that no token is in them) */
  readonly logLines: string[] = [];
  /** sessions.changed events that refreshed the model */
  liveRefreshes = 0;
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
    this.listen();
  }

  private get ui(): Ui {
    return this.uiSeam.current;
  }

  // -------------------------------------------------------------------------------------------
  // LiveGateway

  get state(): LiveState {
    return overallState(this.views(), this.mode());
  }

  clientFor(stateDir: string): GatewayClient | undefined {
    for (const t of this.targets.values()) if (t.state === 'live' && t.client?.state === 'connected' && this.serves(t, stateDir)) return t.client;
    return undefined;
  }

  /** Does this connection serve the state dir (a local one it owns, or its own remote sessions)? */
  private serves(t: Target, stateDir: string): boolean {
    return t.stateDirs.includes(stateDir) || (t.feed.cache !== undefined && t.feed.cache.stateDir === stateDir);
  }

  summary(): { live: boolean; text: string; detail?: string } {
    return gatewaySummary(this.views(), this.mode(), this.secrets());
  }

  /** The connection line of one state dir (Sessions view). */
  summaryFor(stateDir: string): { live: boolean; text: string } {
    const mode = this.mode();
    for (const t of this.targets.values()) {
      if (!this.serves(t, stateDir)) continue;
      return { live: mode === 'auto' && t.state === 'live', text: connectionLine(this.view(t), mode, this.secrets()) };
    }
    return { live: false, text: mode === 'off' ? 'files only · live mode off' : 'files only' };
  }

  /** The connection line of a Gateway by its (redacted) URL: the Sessions view's node for a remote Gateway not live yet. */
  summaryForUrl(url: string): string {
    const t = [...this.targets.values()].find((x) => redactUrl(x.url) === url);
    return t ? connectionLine(this.view(t), this.mode(), this.secrets()) : 'not connected';
  }

  /** The connections as the view model sees them (no secrets). */
  views(): ConnectionView[] {
    return [...this.targets.values()].map((t) => this.view(t));
  }

  private view(t: Target): ConnectionView {
    const s = this.secrets();
    const c = t.state === 'live' ? t.connection : undefined;
    const v: ConnectionView = { url: redactUrl(t.url), urlSource: t.urlSource, stateDirs: t.stateDirs, state: t.state, tokenSource: t.tokenSource, events: t.events };
    if (t.unreachable) v.unreachable = true;
    if (t.probeError) v.probeError = t.probeError;
    if (c) {
      v.serverVersion = c.server?.version ?? '?';
      v.protocol = c.protocol;
      v.scopes = c.scopes;
      v.clientId = c.clientId;
      v.clientMode = c.clientMode;
      if (c.authMethod) v.authMethod = c.authMethod;
      if (c.deviceId) v.deviceId = c.deviceId;
      v.deviceTokenIssued = c.deviceTokenIssued;
      v.connectedAt = c.connectedAt;
    }
    if (t.error) v.error = { kind: t.error.kind, message: printable(t.error.message, s), ...(t.error.missingScope ? { missingScope: remoteText(t.error.missingScope, s, 100) } : {}) };
    if (t.lastEventAt) v.lastEventAt = t.lastEventAt;
    if (t.lastRefreshMs !== undefined) v.lastRefreshMs = t.lastRefreshMs;
    if (t.feed.rows) v.remoteSessions = t.feed.rows.map((r) => ({ ...r, key: remoteText(r.key, s, 200) }));
    return v;
  }

  // -------------------------------------------------------------------------------------------
  // Settings, secrets, logging

  mode(): Mode {
    return vscode.workspace.getConfiguration(SECTION).get<string>('mode') === 'off' ? 'off' : 'auto';
  }

  private urlSetting(): string {
    return (vscode.workspace.getConfiguration(SECTION).get<string>('url') ?? '').trim();
  }

  private useLocal(): UseLocal {
    const v = vscode.workspace.getConfiguration(SECTION).get<string>('useLocalToken');
    return v === 'always' || v === 'never' ? v : 'ask';
  }

  /** Every secret known here, for redaction: the tokens seen, device tokens, each config's credentials, the env's Gateway credentials. */
  private secrets(): string[] {
    const configs = [...this.targets.values()].flatMap((t) => configSecrets(t.config));
    return [...this.secretValues, ...this.devices.known, ...configs, ...new SecretSet().addEnv(process.env)];
  }

  private redact(text: string): string {
    return printable(text, this.secrets());
  }

  private log(level: 'debug' | 'info' | 'warn' | 'error', message: string): void {
    const m = this.redact(message);
    this.logLines.push(`[${level}] ${m}`);
    if (this.logLines.length > LOG_LINES) this.logLines.splice(0, this.logLines.length - LOG_LINES);
    if (level === 'debug') return;
    if (level === 'info') this.diag.info(`gateway: ${m}`);
    else this.diag.report({ severity: level === 'warn' ? 'warning' : 'error', source: 'gateway', message: m });
  }

  private async storedToken(): Promise<string | undefined> {
    const t = (await this.context.secrets.get(GATEWAY_TOKEN_KEY))?.trim();
    if (t) this.secretValues.add(t);
    return t || undefined;
  }

  /** The local token (env or config) for redaction and, with consent, for connecting. */
  private localToken(t: Target): { token: string; source: 'env' | 'config' } | undefined {
    const r = resolveGatewayToken({ env: process.env, config: t.config });
    if (!r || r.source === 'explicit') return undefined;
    this.secretValues.add(r.token);
    return { token: r.token, source: r.source };
  }

  private localAllowed(): boolean {
    const u = this.useLocal();
    if (u === 'always') return true;
    if (u === 'never') return false;
    return this.context.globalState.get<boolean>(CONSENT_KEY) === true;
  }

  /** 'ask': one prompt (shared by every connection), the answer remembered in globalState. */
  private async ensureConsent(t: Target): Promise<void> {
    if (this.useLocal() !== 'ask' || this.consentDismissed) return;
    if (this.context.globalState.get<boolean>(CONSENT_KEY) !== undefined) return;
    if (await this.storedToken()) return;
    const local = this.localToken(t);
    if (!local) return;
    this.consentAsk ??= (async () => {
      const where = local.source === 'env' ? '$OPENCLAW_GATEWAY_TOKEN' : 'gateway.auth.token in the OpenClaw config';
      const yes = 'Use It';
      const no = 'Never';
      const answer = await this.ui.info(`An OpenClaw Gateway is running at ${redactUrl(t.url)}. May OpenClaw Context read its token from ${where} to connect (live updates)? It is read at each connect and never stored.`, yes, no);
      if (answer === yes || answer === no) await this.context.globalState.update(CONSENT_KEY, answer === yes);
      else this.consentDismissed = true;
      this.log('info', `local token consent: ${answer === yes ? 'granted' : answer === no ? 'refused' : 'not answered'}`);
    })().finally(() => (this.consentAsk = undefined));
    await this.consentAsk;
  }

  private async tokenFor(t: Target): Promise<string | undefined> {
    const stored = await this.storedToken();
    const local = this.localToken(t); // also for redaction
    if (stored) {
      t.tokenSource = 'secret';
      return stored;
    }
    if (local && this.localAllowed()) {
      t.tokenSource = local.source;
      return local.token;
    }
    t.tokenSource = (await this.devices.hasDeviceToken(t.url).catch(() => false)) ? 'device-token' : 'none';
    return undefined;
  }

  // -------------------------------------------------------------------------------------------
  // Targets

  private desired(): Map<string, { url: string; urlSource: string; stateDirs: string[]; config: unknown }> {
    const setting = this.urlSetting();
    const out = new Map<string, { url: string; urlSource: string; stateDirs: string[]; config: unknown }>();
    for (const d of this.service.model.stateDirs()) {
      if (!hasOpenClawData(d)) continue;
      const r = resolveGatewayUrl({ ...(setting ? { explicit: setting } : {}), env: process.env, config: d.config.value });
      const key = normalizeGatewayUrl(r.url);
      const cur = out.get(key);
      if (cur) cur.stateDirs.push(d.candidate.dir);
      else out.set(key, { url: r.url, urlSource: r.source === 'explicit' ? 'setting openclawContext.gateway.url' : r.source === 'env' ? 'environment' : r.source === 'config' ? `config ${d.config.path}` : 'default port', stateDirs: [d.candidate.dir], config: d.config.value });
    }
    if (!out.size && setting) out.set(normalizeGatewayUrl(setting), { url: setting, urlSource: 'setting openclawContext.gateway.url (remote, no local state dir)', stateDirs: [], config: undefined });
    return out;
  }

  /** Bring the connections in line with the model and the settings. */
  sync(): void {
    if (this.isDisposed) return;
    const mode = this.mode();
    const want = mode === 'off' ? new Map() : this.desired();
    let changed = false;
    for (const [key, t] of [...this.targets]) {
      if (!want.has(key)) {
        this.targets.delete(key);
        changed = true;
        void this.closeTarget(t, 'no longer needed');
      }
    }
    for (const [key, w] of want) {
      let t = this.targets.get(key);
      if (!t) {
        t = this.newTarget(key, w);
        this.targets.set(key, t);
        changed = true;
        void this.start(t, 'new');
      } else {
        if (t.stateDirs.join('\n') !== w.stateDirs.join('\n')) changed = true;
        t.stateDirs = w.stateDirs;
        t.urlSource = w.urlSource;
        t.config = w.config;
      }
    }
    if (changed) this.fire();
  }

  private newTarget(key: string, w: { url: string; urlSource: string; stateDirs: string[]; config: unknown }): Target {
    const t: Target = {
      key,
      url: w.url,
      urlSource: w.urlSource,
      stateDirs: w.stateDirs,
      config: w.config,
      state: 'off',
      subs: [],
      tokenSource: 'none',
      events: 0,
      messageKeys: new Set(),
      messages: 0,
      feed: new RemoteSessionFeed({
        url: w.url,
        client: () => t.client,
        onSourcesChanged: () => this.publishRemote(),
        onChanged: (client) => this.queueRefresh(t, client),
        onRows: () => this.fire(),
        log: (level, m) => this.log(level, m),
        historyTimeoutMs: 20_000,
      }),
    };
    return t;
  }

  private idle(t: Target): boolean {
    return !t.client && !t.starting;
  }

  /** Probe, then connect (no-op while a client is connecting, connected or reconnecting). */
  private async start(t: Target, why: string): Promise<void> {
    if (this.isDisposed || this.mode() === 'off' || !this.idle(t)) return t.starting;
    const run = (async () => {
      const p = await probeUrl(t.url);
      if (this.targets.get(t.key) !== t || this.isDisposed || this.mode() === 'off') return;
      if (!p.listening) {
        const was = t.unreachable;
        t.unreachable = true;
        t.probeError = p.error;
        if (t.state !== 'failed') t.state = 'off';
        if (!was) this.log('debug', `no Gateway at ${redactUrl(t.url)} (${p.error ?? 'not listening'}); files only`);
        this.fire();
        return;
      }
      t.unreachable = false;
      t.probeError = undefined;
      await this.ensureConsent(t);
      if (this.targets.get(t.key) !== t || this.isDisposed || this.mode() === 'off' || t.client) return;
      this.connect(t, why);
    })();
    t.starting = run;
    try {
      await run;
    } finally {
      if (t.starting === run) t.starting = undefined;
    }
  }

  private connect(t: Target, why: string): void {
    const client = new GatewayClient({
      url: t.url,
      token: () => this.tokenFor(t),
      device: this.devices,
      clientId: 'cli',
      clientMode: 'cli',
      clientVersion: String((this.context.extension?.packageJSON as { version?: string } | undefined)?.version ?? '0.0.0'),
      displayName: 'OpenClaw Context (VS Code)',
      logger: {
        debug: (m) => this.log('debug', m),
        info: (m) => this.log('info', m),
        warn: (m) => this.log('warn', m),
        error: (m) => this.log('error', m),
      },
    });
    t.client = client;
    t.error = undefined;
    t.blocked = false;
    let subscribed = false;
    t.subs.push(
      client.onState((s: GatewayState) => {
        if (t.client !== client) return;
        this.onClientState(t, client, s);
        if (s === 'connected' && !subscribed) {
          subscribed = true;
          void this.subscribe(t, client);
        }
      }),
      client.onError((e) => {
        if (t.client !== client) return;
        t.error = e;
        this.fire();
      }),
      client.onSessionsChanged((e) => {
        if (t.client === client) this.onSessionsChanged(t, client, e);
      }),
      client.onSessionMessage((e) => {
        if (t.client === client) this.onSessionMessage(t, client, e);
      }),
    );
    this.log('info', `connecting to ${redactUrl(t.url)} (${why})`);
    client.connect({ retry: true }).catch(() => undefined); // failures arrive through onState/onError
  }

  private onClientState(t: Target, client: GatewayClient, s: GatewayState): void {
    switch (s) {
      case 'connecting':
        t.state = 'connecting';
        break;
      case 'connected':
        t.state = 'live';
        t.connection = client.connection;
        // after a reconnect the client replays its message subscriptions (client.ts): the same keys
        t.messageKeys = new Set(client.subscriptions().messages);
        t.error = undefined;
        t.unreachable = false;
        break;
      case 'reconnecting':
        t.state = 'reconnecting';
        t.error = client.lastError ?? t.error;
        break;
      case 'closed': {
        t.error = client.lastError ?? t.error;
        t.state = t.error ? 'failed' : 'off';
        t.blocked = !!t.error && !t.error.retryable;
        t.connection = undefined;
        this.dropClient(t);
        if (t.error) this.log('warn', `not connected to ${redactUrl(t.url)}: ${t.error.message}`);
        this.dropRemote(t);
        break;
      }
      default:
        t.state = 'off';
    }
    this.fire();
  }

  private async subscribe(t: Target, client: GatewayClient): Promise<void> {
    try {
      const r = await client.sessionsSubscribe({ limit: 200 });
      if (t.client !== client) return;
      if (!t.stateDirs.length && r?.list?.sessions) {
        t.feed.applyList(r.list);
        this.publishRemote();
      }
      this.log('info', `subscribed to sessions.changed on ${redactUrl(t.url)}`);
      this.service.refreshNow(); // catch up with what happened while not connected
      this.syncMessageSubs();
    } catch (e) {
      if (t.client !== client) return;
      const info = (e as { info?: () => GatewayErrorInfo }).info?.() ?? { kind: 'server-error' as const, retryable: false, message: String((e as Error).message ?? e) };
      t.error = info;
      this.log('warn', `sessions.subscribe on ${redactUrl(t.url)} failed: ${info.message}`);
    }
    this.fire();
  }

  private onSessionsChanged(t: Target, client: GatewayClient, e?: SessionsChangedEvent): void {
    t.events++;
    t.lastEventAt = Date.now();
    if (!t.stateDirs.length) t.feed.onSessionsChanged(client, e, (key) => t.messageKeys.has(key));
    this.queueRefresh(t, client);
  }

  private onSessionMessage(t: Target, client: GatewayClient, e: SessionMessageEvent): void {
    t.events++;
    t.messages++;
    t.lastEventAt = Date.now();
    t.feed.onSessionMessage(e);
    this.queueRefresh(t, client);
  }

  /** One model refresh for a burst of Gateway events (a turn sends about 7 sessions.changed). */
  private queueRefresh(t: Target, client: GatewayClient): void {
    if (t.refreshQueued) return;
    t.refreshQueued = true;
    setImmediate(() => {
      t.refreshQueued = false;
      if (this.isDisposed || t.client !== client) return;
      const t0 = performance.now();
      this.service.refreshNow();
      const ms = performance.now() - t0;
      t.lastRefreshMs = ms;
      this.liveRefreshes++;
      this.refreshed.fire({ stateDirs: t.feed.cache ? [t.feed.cache.stateDir] : t.stateDirs, ms, at: Date.now() });
    });
  }

  // -------------------------------------------------------------------------------------------
  // Remote Gateway (no local state dir): its sessions feed the model

  /** Give the model the remote caches of the live connections. */
  private publishRemote(): void {
    this.service.model.setRemoteSources([...this.targets.values()].flatMap((t) => (t.feed.cache ? [t.feed.cache] : [])));
  }

  /** The connection is gone for good (closed, removed): its remote sessions leave the model. */
  private dropRemote(t: Target): void {
    if (!t.feed.drop()) return;
    this.publishRemote();
    if (!this.isDisposed) this.service.refreshNow();
  }

  // -------------------------------------------------------------------------------------------
  // sessions.messages.subscribe for the sessions shown in detail

  /**
   * The sessions shown in detail: the gauge's session and the session of every context document open in a tab
   * (tabs, not textDocuments: VS Code keeps a closed document's model around for a while).
   */
  private detailUids(): Set<string> {
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
    return uids;
  }

  /** Subscribe to the messages of the sessions shown in detail, unsubscribe from the others. */
  syncMessageSubs(): void {
    if (this.isDisposed) return;
    const want = new Map<Target, Map<string, string>>();
    for (const uid of this.detailUids()) {
      const s = this.service.model.get(uid);
      if (!s) continue;
      for (const t of this.targets.values()) {
        if (!this.serves(t, s.stateDir)) continue;
        let m = want.get(t);
        if (!m) want.set(t, (m = new Map()));
        m.set(s.row.key, s.agentId);
      }
    }
    for (const t of this.targets.values()) {
      const client = t.client;
      if (t.state !== 'live' || !client || client.state !== 'connected') continue;
      const keys = want.get(t) ?? new Map<string, string>();
      const wantKeys = [...keys.keys()].sort().join(',');
      if (wantKeys !== [...t.messageKeys].sort().join(',')) this.log('debug', `message subscriptions on ${redactUrl(t.url)}: ${wantKeys || '(none)'}`);
      for (const [key, agentId] of keys) {
        if (t.messageKeys.has(key)) continue;
        t.messageKeys.add(key);
        client.sessionsMessagesSubscribe({ key, agentId }).then(
          () => this.log('debug', `sessions.messages.subscribe ${key}`),
          (e) => {
            if (t.client === client) t.messageKeys.delete(key);
            this.log('warn', `sessions.messages.subscribe ${key} on ${redactUrl(t.url)} failed: ${(e as Error).message}`);
          },
        );
      }
      for (const key of [...t.messageKeys]) {
        if (keys.has(key)) continue;
        t.messageKeys.delete(key);
        client.sessionsMessagesUnsubscribe({ key }).catch((e) => this.log('debug', `sessions.messages.unsubscribe ${key}: ${(e as Error).message}`));
      }
    }
  }

  /** The session keys subscribed with sessions.messages.subscribe, per Gateway URL (tests, diagnostics). */
  messageSubscriptions(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const t of this.targets.values()) out[redactUrl(t.url)] = [...t.messageKeys].sort();
    return out;
  }

  private dropClient(t: Target): GatewayClient | undefined {
    const c = t.client;
    t.client = undefined;
    t.messageKeys.clear();
    for (const d of t.subs.splice(0)) d.dispose();
    t.feed.stop();
    return c;
  }

  private async closeTarget(t: Target, why: string): Promise<void> {
    const c = this.dropClient(t);
    t.state = 'off';
    t.connection = undefined;
    this.dropRemote(t);
    if (c) {
      this.log('info', `closing the connection to ${redactUrl(t.url)} (${why})`);
      await c.close().catch(() => undefined);
    }
    this.fire();
  }

  /** Close every connection and connect again (token or settings changed, or the user asked). */
  async reconnectAll(why: string): Promise<void> {
    await Promise.all([...this.targets.values()].map((t) => this.closeTarget(t, why)));
    for (const t of this.targets.values()) {
      t.error = undefined;
      t.blocked = false;
      t.unreachable = false;
    }
    this.consentDismissed = false;
    this.sync();
    await Promise.all([...this.targets.values()].map((t) => this.start(t, why)));
  }

  /** The periodic re-probe, and after a refresh that found a Gateway lock. */
  private reprobe(why: string, onlyLocked = false): void {
    if (this.isDisposed || this.mode() === 'off') return;
    for (const t of this.targets.values()) {
      if (!this.idle(t) || t.blocked || t.state === 'live') continue;
      if (onlyLocked && !t.stateDirs.some((d) => checkLockFiles(d).owned)) continue;
      void this.start(t, why);
    }
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
    this.secretValues.add(token);
    await this.context.secrets.store(GATEWAY_TOKEN_KEY, token);
    this.log('info', 'Gateway token saved in the secret storage');
    await this.reconnectAll('new token');
    return true;
  }

  async clearToken(): Promise<void> {
    const old = await this.storedToken();
    await this.context.secrets.delete(GATEWAY_TOKEN_KEY);
    if (old) this.secretValues.add(old); // still redacted from anything later
    this.log('info', 'Gateway token removed from the secret storage');
    await this.reconnectAll('token forgotten');
  }

  async showStatus(): Promise<void> {
    // fresh figures of the Gateways' sessions (remote ones are only visible this way)
    await Promise.all(
      [...this.targets.values()].map(async (t) => {
        if (t.state !== 'live' || !t.client) return;
        try {
          const r = await t.client.sessionsList({ limit: 200 }, { timeoutMs: 3000 });
          t.feed.showRows(r);
        } catch {
          /* shown as it was */
        }
      }),
    );
    const views = this.views();
    const md = connectionMarkdown(views, { mode: this.mode(), secrets: this.secrets() });
    this.lastStatusMarkdown = md;
    const items: vscode.QuickPickItem[] = [];
    if (!views.length) items.push({ label: this.mode() === 'off' ? '$(circle-slash) Live mode is off' : '$(circle-slash) No Gateway to connect to', detail: 'Files only.' });
    for (const c of views) {
      items.push({ label: c.url, kind: vscode.QuickPickItemKind.Separator });
      items.push({ label: `${c.state === 'live' ? '$(broadcast)' : '$(circle-slash)'} ${connectionLine(c, this.mode(), this.secrets())}`, description: c.urlSource, detail: `State dirs: ${c.stateDirs.join(', ') || '(remote Gateway, no local state dir)'}` });
      if (c.serverVersion) items.push({ label: `$(server) OpenClaw ${c.serverVersion}`, description: `protocol ${c.protocol ?? '?'} · ${c.clientId}/${c.clientMode}${c.authMethod ? ` · auth ${c.authMethod}` : ''}` });
      if (c.scopes) items.push({ label: `$(shield) Scopes: ${c.scopes.join(', ') || '(none)'}` });
      items.push({ label: `$(key) Token: ${tokenSourceText(c.tokenSource)}`, ...(c.tokenSource === 'none' ? { detail: 'No token: run Set Gateway Token… (or allow the local token: openclawContext.gateway.useLocalToken).' } : {}) });
      const err = c.error ?? (c.unreachable ? { kind: 'unreachable', message: `Nothing listens at ${c.url}${c.probeError ? ` (${c.probeError})` : ''}.` } : undefined);
      if (err) items.push({ label: `$(error) ${err.kind}`, detail: this.redact(err.message) });
      for (const s of (c.remoteSessions ?? []).slice(0, 20)) items.push({ label: `$(comment-discussion) ${s.key}`, description: `${s.totalTokens ?? '?'}/${s.contextTokens ?? '?'} tokens${s.compactionCount ? ` · ${s.compactionCount} compactions` : ''}` });
    }
    const actions: Array<[string, string]> = [
      ['$(key) Set Gateway Token…', 'openclawContext.gateway.setToken'],
      ['$(plug) Reconnect', 'openclawContext.gateway.reconnect'],
      ['$(copy) Copy these details (no token)', 'copy'],
      ['$(output) Show diagnostics', 'openclawContext.showOutput'],
    ];
    items.push({ label: 'Actions', kind: vscode.QuickPickItemKind.Separator });
    for (const [label] of actions) items.push({ label });
    const pick = await this.ui.pick(items, { title: `OpenClaw Gateway — ${this.summary().text}`, placeHolder: 'Connection details; pick an action', matchOnDescription: true, matchOnDetail: true });
    const action = actions.find(([l]) => l === pick?.label)?.[1];
    if (!action) return;
    if (action === 'copy') await vscode.env.clipboard.writeText(md);
    else await vscode.commands.executeCommand(action);
  }

  // -------------------------------------------------------------------------------------------
  // Lifecycle

  /** Subscribe, start probing, register the commands. */
  private listen(): void {
    void this.storedToken().then(() => this.sync());
    for (const d of [
      this.service.onDidChange(() => {
        this.sync();
        this.syncMessageSubs();
        const now = Date.now();
        if (now - this.lastLockCheck >= LOCK_CHECK_MS) {
          this.lastLockCheck = now;
          this.reprobe('a Gateway lock appeared', true);
        }
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('openclawContext.gateway.mode') && this.mode() === 'off') {
          void Promise.all([...this.targets.values()].map((t) => this.closeTarget(t, 'live mode off'))).then(() => this.sync());
          return;
        }
        // (state dir changes arrive as a service refresh: sync() then adds and removes connections)
        if (e.affectsConfiguration(SECTION)) void this.reconnectAll('settings changed');
      }),
      vscode.window.tabGroups.onDidChangeTabs(() => this.syncMessageSubs()),
      this.context.secrets.onDidChange((e) => {
        if (e.key === GATEWAY_TOKEN_KEY) void this.storedToken();
      }),
      vscode.commands.registerCommand('openclawContext.gateway.setToken', () => this.setToken()),
      vscode.commands.registerCommand('openclawContext.gateway.clearToken', () => this.clearToken()),
      vscode.commands.registerCommand('openclawContext.gateway.reconnect', () => this.reconnectAll('reconnect command')),
      vscode.commands.registerCommand('openclawContext.gateway.showStatus', () => this.showStatus()),
      this.changed,
      this.refreshed,
    ])
      this.register(d);
    const timer = setInterval(() => this.reprobe('periodic probe'), REPROBE_MS);
    timer.unref?.();
    this.register(toDisposable(() => clearInterval(timer)));
  }

  /** Close every connection; resolves when the sockets are closed. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.targets.values()].map((t) => this.closeTarget(t, 'closing')));
  }

  override dispose(): void {
    if (this.isDisposed) return;
    // first (isDisposed from here on): a closing connection must not refresh a service being disposed
    super.dispose();
    void this.closeAll();
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, false);
  }
}
