/**
 * Live mode (issue 7): how the Gateway connection is shown — one line for the gauge tooltip and the Sessions
 * view, the reason a connection failed with what to do about it, and the markdown of "Show Gateway Connection".
 * Pure formatting (no VS Code); the pool (src/core/gateway/pool.ts) and the controller (src/vscode/gateway/gateway.ts) pass strings that are already redacted,
 * and every function here redacts again with the `secrets` it is given.
 */
import type { GatewayErrorKind } from './errors';
import { OPERATOR_SCOPES } from './protocol';
import { printable } from './redact';

export type LiveStateView = 'off' | 'connecting' | 'live' | 'reconnecting' | 'failed';

/** Where the token of a connection came from (never the token itself). */
export type TokenSourceView = 'secret' | 'env' | 'config' | 'device-token' | 'none';

export interface RemoteSessionView {
  key: string;
  totalTokens?: number;
  totalTokensFresh?: boolean;
  contextTokens?: number;
  compactionCount?: number;
  status?: string;
  hasActiveRun?: boolean;
  updatedAt?: number;
}

export interface ConnectionView {
  /** the URL without credentials */
  url: string;
  /** where the URL came from: setting, env, config, default */
  urlSource: string;
  /** the local state dirs this Gateway serves (empty for a remote-only Gateway) */
  stateDirs: readonly string[];
  state: LiveStateView;
  /** the last probe found nothing listening (only meaningful while not connected) */
  unreachable?: boolean;
  probeError?: string;
  serverVersion?: string;
  protocol?: number;
  scopes?: readonly string[];
  clientId?: string;
  clientMode?: string;
  authMethod?: string;
  deviceId?: string;
  deviceTokenIssued?: boolean;
  error?: { kind: GatewayErrorKind | string; message: string; missingScope?: string };
  tokenSource: TokenSourceView;
  connectedAt?: number;
  /** sessions.changed events received on this connection */
  events?: number;
  lastEventAt?: number;
  /** ms from the last sessions.changed to the end of the refresh it triggered */
  lastRefreshMs?: number;
  /** sessions.list of a Gateway with no local store */
  remoteSessions?: readonly RemoteSessionView[];
}

export interface FailureReason {
  /** a few words: "unauthorized", "missing scope operator.admin", "unreachable", "protocol mismatch" */
  short: string;
  /** what to do */
  hint: string;
}

const SET_TOKEN_HINT = 'Run “OpenClaw Context: Set Gateway Token…” with the Gateway’s token (`gateway.auth.token` in openclaw.json, or `openclaw gateway auth-token`).';

export function failureReason(error: { kind: string; message?: string; missingScope?: string } | undefined): FailureReason | undefined {
  if (!error) return undefined;
  switch (error.kind) {
    case 'unauthorized':
      return { short: 'unauthorized', hint: SET_TOKEN_HINT };
    case 'missing-scope': {
      const scope = error.missingScope ?? 'an operator scope';
      return { short: `missing scope ${scope}`, hint: `The Gateway did not grant ${scope} to this connection. Use the Gateway’s shared token (Set Gateway Token…) or approve this device with ${scope} (\`openclaw devices\`).` };
    }
    case 'unreachable':
      return { short: 'unreachable', hint: 'No OpenClaw Gateway answers at this address. Start it (`openclaw gateway`) or check `openclawContext.gateway.url`.' };
    case 'protocol-mismatch':
      return { short: 'protocol mismatch', hint: 'This Gateway speaks another protocol version than this extension (4, OpenClaw 2026.9.x). Update OpenClaw or the extension.' };
    case 'timeout':
      return { short: 'timed out', hint: 'The Gateway did not answer in time; it reconnects by itself. “Reconnect to the Gateway” tries now.' };
    case 'closed':
      return { short: 'connection lost', hint: 'The Gateway closed the connection; it reconnects by itself.' };
    case 'other-state-dir':
      return { short: 'serves another state dir', hint: 'The Gateway at this address belongs to another OpenClaw state dir: nothing is read from it and no token is offered to it. Start this state dir’s Gateway (`openclaw gateway`), or set `openclawContext.gateway.url` to it.' };
    case 'server-error':
      return { short: 'server error', hint: 'The Gateway answered with an error; see the message below and “OpenClaw Context: Show Diagnostics”.' };
    default:
      return { short: String(error.kind), hint: '' };
  }
}

/** Operator scopes the connection was not granted. */
export function missingScopes(granted: readonly string[] | undefined): string[] {
  if (!granted) return [];
  const rank: Record<string, number> = { 'operator.read': 1, 'operator.write': 2, 'operator.admin': 3 };
  const best = Math.max(0, ...granted.map((s) => rank[s] ?? 0));
  // admin implies write implies read (the server's rule)
  return OPERATOR_SCOPES.filter((s) => !granted.includes(s) && rank[s]! > best);
}

/** One short line: `live · Gateway 2026.9.6`, `files only · unauthorized`, `reconnecting · unreachable`… */
export function connectionLine(c: ConnectionView, mode: 'auto' | 'off' = 'auto', secrets: readonly string[] = []): string {
  let line: string;
  if (mode === 'off') line = 'files only · live mode off';
  else
    switch (c.state) {
      case 'live': {
        const miss = missingScopes(c.scopes);
        line = `live · Gateway ${c.serverVersion ?? '?'}${miss.length ? ` · missing scope ${miss[0]}` : ''}`;
        break;
      }
      case 'connecting':
        line = 'connecting…';
        break;
      case 'reconnecting': {
        const r = failureReason(c.error);
        line = `reconnecting${r ? ` · ${r.short}` : ''}`;
        break;
      }
      case 'failed': {
        const r = failureReason(c.error);
        line = `files only · ${r?.short ?? 'connection failed'}`;
        break;
      }
      default:
        line = c.unreachable ? 'files only · no Gateway running' : 'files only';
    }
  return printable(line, secrets);
}

const ORDER: LiveStateView[] = ['live', 'reconnecting', 'connecting', 'failed', 'off'];

/** The state of several connections together: live if any is live, else the most hopeful. */
export function overallState(conns: readonly ConnectionView[], mode: 'auto' | 'off' = 'auto'): LiveStateView {
  if (mode === 'off' || !conns.length) return 'off';
  for (const s of ORDER) if (conns.some((c) => c.state === s)) return s;
  return 'off';
}

/** summary() of LiveGateway: one line for the gauge tooltip, and a markdown detail. */
/** The summary in an untrusted VS Code workspace: no Gateway is connected and no token is read. */
export const UNTRUSTED_SUMMARY = { live: false, text: 'files only · workspace not trusted', detail: 'This workspace is not trusted, so OpenClaw Context connects to no Gateway and reads no token. Trust the workspace for live updates (Manage Workspace Trust).' } as const;

export function gatewaySummary(conns: readonly ConnectionView[], mode: 'auto' | 'off' = 'auto', secrets: readonly string[] = []): { live: boolean; text: string; detail?: string } {
  if (mode === 'off') return { live: false, text: 'files only · live mode off' };
  if (!conns.length) return { live: false, text: 'files only' };
  const live = conns.some((c) => c.state === 'live');
  let text: string;
  if (conns.length === 1) text = connectionLine(conns[0]!, mode, secrets);
  else {
    const n = conns.filter((c) => c.state === 'live').length;
    const first = conns.find((c) => c.state === 'live') ?? conns.find((c) => c.state !== 'off') ?? conns[0]!;
    text = n ? `live · ${n}/${conns.length} Gateways · ${first.serverVersion ?? '?'}` : connectionLine(first, mode, secrets);
  }
  const lines: string[] = [];
  for (const c of conns) {
    lines.push(`Gateway ${c.url}: ${connectionLine(c, mode, secrets)}`);
    if (c.state !== 'live' && c.state !== 'connecting') {
      const r = failureReason(c.error ?? (c.unreachable ? { kind: 'unreachable' } : undefined));
      if (r?.hint) lines.push(r.hint);
    } else if (c.state === 'live') {
      const miss = missingScopes(c.scopes);
      if (miss.length) lines.push(failureReason({ kind: 'missing-scope', missingScope: miss[0]! })!.hint);
    }
  }
  return { live, text: printable(text, secrets), detail: printable(lines.join('\n\n'), secrets) };
}

function fmtTokens(n: number | undefined): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '?';
  return n >= 1000 ? `${(n / 1000).toFixed(n >= 10_000 ? 0 : 1)}k` : String(n);
}

/** A remote session's figures: `agent:main:main — 27% 8.8k/33k · 1 compaction`. */
export function remoteSessionLine(s: RemoteSessionView): string {
  const pct = typeof s.totalTokens === 'number' && typeof s.contextTokens === 'number' && s.contextTokens > 0 ? `${Math.round((s.totalTokens / s.contextTokens) * 100)}% ` : '';
  const fresh = s.totalTokensFresh === false ? '~' : '';
  const comp = s.compactionCount ? ` · ${s.compactionCount} compaction${s.compactionCount === 1 ? '' : 's'}` : '';
  const run = s.hasActiveRun ? ' · running' : '';
  return `${s.key} — ${fresh}${pct}${fresh}${fmtTokens(s.totalTokens)}/${fmtTokens(s.contextTokens)}${comp}${run}`;
}

const TOKEN_SOURCE_TEXT: Record<TokenSourceView, string> = {
  secret: 'set with “Set Gateway Token…” (VS Code secret storage)',
  env: '$OPENCLAW_GATEWAY_TOKEN (with your consent)',
  config: 'gateway.auth.token of the OpenClaw config (with your consent)',
  'device-token': 'this device’s token from the Gateway (secret storage)',
  none: 'none',
};

export function tokenSourceText(s: TokenSourceView): string {
  return TOKEN_SOURCE_TEXT[s];
}

function ago(ms: number, now: number): string {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  return `${Math.round(s / 3600)} h ago`;
}

/** The markdown of “Show Gateway Connection”: one section per Gateway. Never holds a token. */
export function connectionMarkdown(conns: readonly ConnectionView[], opts: { mode: 'auto' | 'off'; now?: number; secrets?: readonly string[] }): string {
  const now = opts.now ?? Date.now();
  const out: string[] = ['# OpenClaw Gateway connection', ''];
  if (opts.mode === 'off') out.push('Live mode is **off** (`openclawContext.gateway.mode`): files only, no connection.', '');
  if (!conns.length) out.push('No Gateway to connect to: no OpenClaw state dir was found and `openclawContext.gateway.url` is empty.', '');
  for (const c of conns) {
    out.push(`## ${c.url}`, '');
    out.push(`- **State:** ${c.state} — ${connectionLine(c, opts.mode)}`);
    out.push(`- **URL from:** ${c.urlSource}`);
    out.push(`- **State dirs:** ${c.stateDirs.length ? c.stateDirs.join(', ') : '(none: remote Gateway)'}`);
    if (c.serverVersion) out.push(`- **Server:** OpenClaw ${c.serverVersion}${c.protocol ? `, protocol ${c.protocol}` : ''}`);
    if (c.scopes) out.push(`- **Scopes:** ${c.scopes.length ? c.scopes.join(', ') : '(none)'}`);
    if (c.clientId) out.push(`- **Client:** ${c.clientId}/${c.clientMode ?? '?'}${c.authMethod ? `, auth ${c.authMethod}` : ''}${c.deviceId ? `, device ${c.deviceId.slice(0, 12)}…` : ''}${c.deviceTokenIssued ? ' (device token issued)' : ''}`);
    out.push(`- **Token:** ${tokenSourceText(c.tokenSource)}`);
    if (c.connectedAt) out.push(`- **Connected:** ${ago(c.connectedAt, now)}`);
    if (c.events !== undefined) out.push(`- **sessions.changed events:** ${c.events}${c.lastEventAt ? ` (last ${ago(c.lastEventAt, now)}${c.lastRefreshMs !== undefined ? `, refreshed in ${c.lastRefreshMs.toFixed(1)} ms` : ''})` : ''}`);
    const err = c.error ?? (c.unreachable ? { kind: 'unreachable', message: `Nothing listens at ${c.url}${c.probeError ? ` (${c.probeError})` : ''}.` } : undefined);
    if (err) {
      const r = failureReason(err);
      out.push(`- **Last error:** ${r?.short ?? err.kind} — ${err.message}`);
      if (r?.hint) out.push(`- **What to do:** ${r.hint}`);
    }
    if (c.remoteSessions) {
      out.push('', `### Sessions on this Gateway (${c.remoteSessions.length})`, '');
      out.push('Figures from the Gateway’s `sessions.list`; a remote Gateway’s transcripts are not read (files only show local state dirs).', '');
      for (const s of c.remoteSessions) out.push(`- ${remoteSessionLine(s)}`);
    }
    out.push('');
  }
  return printable(out.join('\n'), opts.secrets ?? []);
}
