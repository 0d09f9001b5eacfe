/**
 * One connection of the pool (pool.ts) per Gateway URL: which URL each state dir resolves to (state dirs that
 * resolve to the same URL share a connection), the connection's state, and its view (no secrets).
 */
import { hasOpenClawData, type StateDirInfo } from '../store/stateDir';
import type { GatewayClient } from './client';
import type { GatewayConnection } from './clientTypes';
import type { GatewayErrorInfo } from './errors';
import { normalizeGatewayUrl } from './identity';
import { printable, redactUrl, remoteText } from './redact';
import type { RemoteSessionFeed } from './remoteFeed';
import { resolveGatewayUrl } from './token';
import type { Serves } from './servesStateDir';
import type { ConnectionView, TokenSourceView } from './viewModel';

export type LiveState = 'off' | 'connecting' | 'live' | 'reconnecting' | 'failed';

export interface TargetSpec {
  url: string;
  urlSource: string;
  stateDirs: string[];
  config: unknown;
}

export interface Target extends TargetSpec {
  key: string;
  state: LiveState;
  client?: GatewayClient;
  subs: Array<{ dispose(): void }>;
  connection?: GatewayConnection;
  error?: GatewayErrorInfo;
  unreachable?: boolean;
  probeError?: string;
  /** does the Gateway at this URL serve these state dirs (servesStateDir.ts): the lock files, then hello-ok */
  identity?: Serves;
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

/**
 * The connections wanted: one per URL the state dirs with OpenClaw data resolve to (`setting` > env > config >
 * default port); with a URL setting and no such state dir, one remote connection. `settingName` names the setting
 * in the connection's URL source.
 */
export function desiredTargets(stateDirs: readonly StateDirInfo[], setting: string, env: Record<string, string | undefined>, settingName: string): Map<string, TargetSpec> {
  const out = new Map<string, TargetSpec>();
  for (const d of stateDirs) {
    if (!hasOpenClawData(d)) continue;
    const r = resolveGatewayUrl({ ...(setting ? { explicit: setting } : {}), env, config: d.config.value });
    const key = normalizeGatewayUrl(r.url);
    const cur = out.get(key);
    if (cur) cur.stateDirs.push(d.candidate.dir);
    else out.set(key, { url: r.url, urlSource: r.source === 'explicit' ? `setting ${settingName}` : r.source === 'env' ? 'environment' : r.source === 'config' ? `config ${d.config.path}` : 'default port', stateDirs: [d.candidate.dir], config: d.config.value });
  }
  if (!out.size && setting) out.set(normalizeGatewayUrl(setting), { url: setting, urlSource: `setting ${settingName} (remote, no local state dir)`, stateDirs: [], config: undefined });
  return out;
}

/** Does this connection serve the state dir (a local one it owns, or its own remote sessions)? */
export function serves(t: Target, stateDir: string): boolean {
  return t.stateDirs.includes(stateDir) || (t.feed.cache !== undefined && t.feed.cache.stateDir === stateDir);
}

/** The connection as the view model sees it (no secrets). */
export function targetView(t: Target, secrets: string[]): ConnectionView {
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
  if (t.error) v.error = { kind: t.error.kind, message: printable(t.error.message, secrets), ...(t.error.missingScope ? { missingScope: remoteText(t.error.missingScope, secrets, 100) } : {}) };
  if (t.lastEventAt) v.lastEventAt = t.lastEventAt;
  if (t.lastRefreshMs !== undefined) v.lastRefreshMs = t.lastRefreshMs;
  if (t.feed.rows) v.remoteSessions = t.feed.rows.map((r) => ({ ...r, key: remoteText(r.key, secrets, 200) }));
  return v;
}
