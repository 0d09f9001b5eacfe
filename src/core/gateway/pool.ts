/**
 * The pool of Gateway connections of live mode (issue 7), without UI: one connection per Gateway URL
 * (poolTarget.ts), kept in line with the state dirs and the settings by `sync()`.
 *
 * - Mode 'auto': a cheap TCP probe first (connector.ts); a WebSocket only when something listens. Re-probed by
 *   `reprobe()` (the host's timer, and a refresh that found a Gateway lock). Reconnects after a drop are the
 *   client's (backoff, subscriptions replayed). Mode 'off' and `close()` close every connection.
 * - Token (poolTokens.ts): the stored one, else with consent the local one, else the device token.
 * - sessions.subscribe after connecting; a burst of sessions.changed / session.message refreshes the model once
 *   (`host.refresh`). A remote Gateway (no local state dir) feeds the model through its RemoteSessionFeed.
 * - sessions.messages.subscribe for the sessions the host shows in detail (`syncMessageSubs`).
 * Every string logged goes through the tokens' redaction.
 */
import { performance } from 'node:perf_hooks';
import { checkLockFiles } from '../store/ownership';
import type { StateDirInfo } from '../store/stateDir';
import { helloServes, lockServes } from './servesStateDir';
import type { GatewayClient } from './client';
import type { GatewayState } from './clientTypes';
import { gatewayClient, probeUrl } from './connector';
import type { GatewayErrorInfo } from './errors';
import type { SessionMessageEvent, SessionsChangedEvent } from './methods';
import { PoolTokens, type TokenHost } from './poolTokens';
import { desiredTargets, type LiveState, serves, type Target, type TargetSpec, targetView } from './poolTarget';
import { redactUrl } from './redact';
import { RemoteSessionFeed } from './remoteFeed';
import type { RemoteSessionCache } from './remoteStore';
import { connectionLine, type ConnectionView, overallState } from './viewModel';

export type LiveMode = 'auto' | 'off';
type Level = 'debug' | 'info' | 'warn' | 'error';

export interface PoolHost extends TokenHost {
  mode(): LiveMode;
  /** the Gateway URL setting ('' when unset) and its name (for the connection's URL source) */
  urlSetting(): string;
  readonly urlSettingName: string;
  stateDirs(): readonly StateDirInfo[];
  readonly clientVersion: string;
  readonly displayName: string;
  /** a redacted line */
  log(level: Level, message: string): void;
  /** refresh the model now */
  refresh(): void;
  setRemoteSources(caches: RemoteSessionCache[]): void;
  /** the sessions shown in detail (sessions.messages.subscribe) */
  detailSessions(): Array<{ stateDir: string; key: string; agentId: string }>;
  /** a connection's state changed */
  changed(): void;
  /** a burst of Gateway events refreshed the model */
  liveRefreshed(e: { stateDirs: string[]; ms: number; at: number }): void;
}

export class GatewayPool {
  private readonly targets = new Map<string, Target>();
  readonly tokens: PoolTokens;
  private closed = false;
  /** sessions.changed events that refreshed the model */
  liveRefreshes = 0;

  constructor(private readonly host: PoolHost) {
    this.tokens = new PoolTokens(host, (level, m) => this.log(level, m));
  }

  get state(): LiveState {
    return overallState(this.views(), this.host.mode());
  }

  clientFor(stateDir: string): GatewayClient | undefined {
    for (const t of this.targets.values()) if (t.state === 'live' && t.client?.state === 'connected' && serves(t, stateDir)) return t.client;
    return undefined;
  }

  /** The connection line of one state dir. */
  summaryFor(stateDir: string): { live: boolean; text: string } {
    const mode = this.host.mode();
    for (const t of this.targets.values()) {
      if (!serves(t, stateDir)) continue;
      return { live: mode === 'auto' && t.state === 'live', text: connectionLine(this.view(t), mode, this.secrets()) };
    }
    return { live: false, text: mode === 'off' ? 'files only · live mode off' : 'files only' };
  }

  /** The connection line of a Gateway by its (redacted) URL. */
  summaryForUrl(url: string): string {
    const t = [...this.targets.values()].find((x) => redactUrl(x.url) === url);
    return t ? connectionLine(this.view(t), this.host.mode(), this.secrets()) : 'not connected';
  }

  views(): ConnectionView[] {
    return [...this.targets.values()].map((t) => this.view(t));
  }

  private view(t: Target): ConnectionView {
    return targetView(t, this.secrets());
  }

  secrets(): string[] {
    return this.tokens.secrets([...this.targets.values()].map((t) => t.config));
  }

  redact(text: string): string {
    return this.tokens.redact(text, [...this.targets.values()].map((t) => t.config));
  }

  log(level: Level, message: string): void {
    this.host.log(level, this.redact(message));
  }

  /** Bring the connections in line with the state dirs and the settings. */
  sync(): void {
    if (this.closed) return;
    const want = this.host.mode() === 'off' ? new Map<string, TargetSpec>() : desiredTargets(this.host.stateDirs(), this.host.urlSetting(), this.host.env, this.host.urlSettingName);
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
    if (changed) this.host.changed();
  }

  private newTarget(key: string, w: TargetSpec): Target {
    const t: Target = {
      key,
      ...w,
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
        onRows: () => this.host.changed(),
        log: (level, m) => this.log(level, m),
        historyTimeoutMs: 20_000,
      }),
    };
    return t;
  }

  private idle(t: Target): boolean {
    return !t.client && !t.starting;
  }

  private current(t: Target): boolean {
    return this.targets.get(t.key) === t && !this.closed && this.host.mode() !== 'off';
  }

  /** Probe, then connect (no-op while a client is connecting, connected or reconnecting). */
  private async start(t: Target, why: string): Promise<void> {
    if (this.closed || this.host.mode() === 'off' || !this.idle(t)) return t.starting;
    const run = (async () => {
      const p = await probeUrl(t.url);
      if (!this.current(t)) return;
      if (!p.listening) {
        const was = t.unreachable;
        t.unreachable = true;
        t.probeError = p.error;
        if (t.state !== 'failed') t.state = 'off';
        if (!was) this.log('debug', `no Gateway at ${redactUrl(t.url)} (${p.error ?? 'not listening'}); files only`);
        this.host.changed();
        return;
      }
      t.unreachable = false;
      t.probeError = undefined;
      // a local state dir's Gateway: vouched for by its lock files before anything is offered (servesStateDir.ts)
      if (t.stateDirs.length) {
        t.identity = lockServes(t.stateDirs, t.url);
        if (t.identity.serves === false) return this.notOurs(t, t.identity.why);
        if (t.identity.serves === undefined) this.log('info', `${redactUrl(t.url)}: ${t.identity.why}; the local token is not offered to it`);
      }
      await this.tokens.ensureConsent(redactUrl(t.url), t.config, this.vouched(t));
      if (!this.current(t) || t.client) return;
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
    const client = gatewayClient({
      url: t.url,
      token: async () => {
        const r = await this.tokens.tokenFor(t.url, t.config, this.vouched(t));
        t.tokenSource = r.source;
        return r.token;
      },
      device: this.host.devices,
      clientVersion: this.host.clientVersion,
      displayName: this.host.displayName,
      logger: { debug: (m) => this.log('debug', m), info: (m) => this.log('info', m), warn: (m) => this.log('warn', m), error: (m) => this.log('error', m) },
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
        this.host.changed();
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

  /** The Gateway is not known to serve the target's state dirs: no local token for it (a remote target has none). */
  private vouched(t: Target): boolean {
    return !t.stateDirs.length || t.identity?.serves === true;
  }

  /** The Gateway at this URL serves another state dir: nothing is read from it, nothing offered; retried when something changes. */
  private async notOurs(t: Target, why: string): Promise<void> {
    const client = t.client;
    t.error = { kind: 'other-state-dir', retryable: false, message: `Not connected to ${redactUrl(t.url)}: ${why}.` };
    t.state = 'failed';
    // said by its hello: not again until something changes; said by the lock files: checked again on the next probe
    t.blocked = !!client;
    t.connection = undefined;
    if (client) {
      this.dropClient(t);
      await client.close().catch(() => undefined);
    }
    this.log('warn', t.error.message);
    this.host.changed();
  }

  private onClientState(t: Target, client: GatewayClient, s: GatewayState): void {
    switch (s) {
      case 'connecting':
        t.state = 'connecting';
        break;
      case 'connected': {
        // hello-ok names the state dir the Gateway serves: another one's Gateway is closed, never used
        const hello = t.stateDirs.length ? helloServes(t.stateDirs, client.connection?.snapshot?.stateDir) : undefined;
        if (hello?.serves === false) {
          void this.notOurs(t, hello.why);
          return;
        }
        if (hello?.serves) t.identity = hello;
        t.state = 'live';
        t.connection = client.connection;
        // after a reconnect the client replays its message subscriptions (client.ts): the same keys
        t.messageKeys = new Set(client.subscriptions().messages);
        t.error = undefined;
        t.unreachable = false;
        break;
      }
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
    this.host.changed();
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
      this.host.refresh(); // catch up with what happened while not connected
      this.syncMessageSubs();
    } catch (e) {
      if (t.client !== client) return;
      const info = (e as { info?: () => GatewayErrorInfo }).info?.() ?? { kind: 'server-error' as const, retryable: false, message: String((e as Error).message ?? e) };
      t.error = info;
      this.log('warn', `sessions.subscribe on ${redactUrl(t.url)} failed: ${info.message}`);
    }
    this.host.changed();
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
      if (this.closed || t.client !== client) return;
      const t0 = performance.now();
      this.host.refresh();
      const ms = performance.now() - t0;
      t.lastRefreshMs = ms;
      this.liveRefreshes++;
      this.host.liveRefreshed({ stateDirs: t.feed.cache ? [t.feed.cache.stateDir] : t.stateDirs, ms, at: Date.now() });
    });
  }

  /** Give the model the remote caches of the live connections. */
  private publishRemote(): void {
    this.host.setRemoteSources([...this.targets.values()].flatMap((t) => (t.feed.cache ? [t.feed.cache] : [])));
  }

  /** The connection is gone for good (closed, removed): its remote sessions leave the model. */
  private dropRemote(t: Target): void {
    if (!t.feed.drop()) return;
    this.publishRemote();
    if (!this.closed) this.host.refresh();
  }

  /** Subscribe to the messages of the sessions shown in detail, unsubscribe from the others. */
  syncMessageSubs(): void {
    if (this.closed) return;
    const want = new Map<Target, Map<string, string>>();
    for (const s of this.host.detailSessions()) {
      for (const t of this.targets.values()) {
        if (!serves(t, s.stateDir)) continue;
        let m = want.get(t);
        if (!m) want.set(t, (m = new Map()));
        m.set(s.key, s.agentId);
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

  /** Fresh rows of the live Gateways' sessions for the connection view (remote ones are only visible this way). */
  async refreshRows(): Promise<void> {
    await Promise.all(
      [...this.targets.values()].map(async (t) => {
        if (t.state !== 'live' || !t.client) return;
        try {
          t.feed.showRows(await t.client.sessionsList({ limit: 200 }, { timeoutMs: 3000 }));
        } catch {
          /* shown as it was */
        }
      }),
    );
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
    this.host.changed();
  }

  /** Close every connection (live mode off, or closing). */
  async closeAll(why: string): Promise<void> {
    await Promise.all([...this.targets.values()].map((t) => this.closeTarget(t, why)));
  }

  /** Close every connection and connect again (token or settings changed, or the user asked). */
  async reconnectAll(why: string): Promise<void> {
    await this.closeAll(why);
    for (const t of this.targets.values()) {
      t.error = undefined;
      t.blocked = false;
      t.unreachable = false;
    }
    this.tokens.resetConsent();
    this.sync();
    await Promise.all([...this.targets.values()].map((t) => this.start(t, why)));
  }

  /** Probe the idle connections again (periodically; `onlyLocked`: those whose state dir has a Gateway lock). */
  reprobe(why: string, onlyLocked = false): void {
    if (this.closed || this.host.mode() === 'off') return;
    for (const t of this.targets.values()) {
      if (!this.idle(t) || t.blocked || t.state === 'live') continue;
      if (onlyLocked && !t.stateDirs.some((d) => checkLockFiles(d).owned)) continue;
      void this.start(t, why);
    }
  }

  /** No more connections or refreshes from here on; resolves when the sockets are closed. */
  close(): Promise<void> {
    this.closed = true;
    return this.closeAll('closing');
  }
}
