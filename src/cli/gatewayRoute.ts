/**
 * When OpenClaw owns the store (a live Gateway), the CLI's writes go through the Gateway's own API instead
 * of the files (reference §6 rule 2): compact → `sessions.compact`, undo → `sessions.rewind`, a checkpoint
 * restore → `chat.send` of the restore note (the only model-visible way: `chat.inject` writes an assistant
 * row the model does not get; see test/interop/README.md).
 *
 * URL: `--gateway`, else $OPENCLAW_GATEWAY_URL / the config's gateway.port (src/core/gateway/token.ts).
 * Token: `--token-env VAR` (that variable only), else $OPENCLAW_GATEWAY_TOKEN, else the local config's
 * gateway.auth.token. The token never reaches stdout, stderr or the JSON: every message is redacted.
 * Device identity: an Ed25519 key in `$XDG_CONFIG_HOME/openclaw-context/gateway-device.json` (mode 0600),
 * so the Gateway pairs this CLI once.
 */
import * as path from 'node:path';
import type { ActionGateway, GatewayAccess, GatewayWrites } from '../core/actions';
import type { GatewayClient } from '../core/gateway/client';
import { connectOnce } from '../core/gateway/connector';
import type { GatewayConnection } from '../core/gateway/clientTypes';
import { FileDeviceStore } from '../core/gateway/identity';
import { classifyGatewayError } from '../core/gateway/errors';
import { redact, redactUrl } from '../core/gateway/redact';
import { resolveGatewayToken, resolveGatewayUrl } from '../core/gateway/token';
import type { CliIo } from './io';
import type { GlobalOptions, OpenModel } from './options';

/** Where the CLI keeps its Gateway device identity. */
export function deviceFile(env: Record<string, string | undefined>): string {
  const base = env.XDG_CONFIG_HOME || path.join(env.HOME || env.USERPROFILE || '.', '.config');
  return path.join(base, 'openclaw-context', 'gateway-device.json');
}

export interface OpenedGateway {
  client?: GatewayClient;
  conn?: GatewayConnection;
  url: string;
  /** why there is no connection: one sentence a user can act on (no secrets) */
  why: string;
  secrets: string[];
}

/** Connect to the Gateway of a state dir (or --gateway). Never throws. */
export async function openGateway(g: GlobalOptions, io: CliIo, config: unknown, opts: { scopes?: string[]; connectTimeoutMs?: number } = {}): Promise<OpenedGateway> {
  const url = resolveGatewayUrl({ explicit: g.gateway, env: io.env, config }).url;
  let token: string | undefined;
  if (g.tokenEnv) {
    token = io.env[g.tokenEnv];
    if (!token) return { url, why: `$${g.tokenEnv} (--token-env) is not set.`, secrets: [] };
  } else token = resolveGatewayToken({ env: io.env, config })?.token;
  io.secrets?.add(token);
  const r = await connectOnce({
    url,
    token,
    device: new FileDeviceStore(deviceFile(io.env)),
    displayName: 'openclaw-context CLI',
    scopes: opts.scopes,
    connectTimeoutMs: opts.connectTimeoutMs ?? 5000,
    requestTimeoutMs: 300_000,
  });
  io.secrets?.add(...r.secrets);
  if (r.client && r.conn) return { client: r.client, conn: r.conn, url, why: '', secrets: r.secrets };
  const hint = r.error?.kind !== 'unauthorized' ? '' : g.tokenEnv ? ` The token in $${g.tokenEnv} (--token-env) was refused.` : ` Pass the right token in an environment variable: --token-env VAR (or set OPENCLAW_GATEWAY_TOKEN).`;
  return { url, why: `The Gateway at ${redactUrl(url)} could not be used: ${redact(r.error?.message ?? '', r.secrets)}${hint}`, secrets: r.secrets };
}

/** The Gateway methods the actions call, with every error turned into its classified, redacted message. */
function writesOf(client: GatewayClient, url: string, secrets: string[]): GatewayWrites {
  const wrap =
    <A, R>(f: (a: A) => Promise<R>) =>
    async (a: A): Promise<R> => {
      try {
        return await f(a);
      } catch (err) {
        throw new Error(classifyGatewayError(err, { secrets, url }).message);
      }
    };
  return {
    sessionsCompact: wrap((a) => client.sessionsCompact(a)),
    sessionsRewind: wrap((a) => client.sessionsRewind(a)),
    sessionsFork: wrap((a) => client.sessionsFork(a)),
    sessionsReset: wrap((a) => client.sessionsReset(a)),
    chatSend: wrap((a) => client.chatSend(a)),
  };
}

/**
 * How the core actions reach the Gateway from the CLI: a remote Gateway's sessions use the connection they were
 * read through (`current`); a local store's write connects when it needs the Gateway (`connect`: the store is
 * owned, or only the Gateway can do it), with the state dir's config for the URL and token.
 */
export function cliGatewayAccess(g: GlobalOptions, io: CliIo, m: OpenModel): GatewayAccess {
  const action = (c: { client: GatewayClient; url: string; secrets: string[] }): ActionGateway => ({ client: writesOf(c.client, c.url, c.secrets), url: redactUrl(c.url), close: () => c.client.close() });
  return {
    current: () => (m.remote ? action(m.remote) : undefined),
    connect: async (s) => {
      io.progress?.('connecting to the Gateway…');
      const gw = await openGateway(g, io, m.model.stateDirOf(s)?.config.value);
      if (!gw.client || !gw.conn) return { why: gw.why };
      return action({ client: gw.client, url: gw.url, secrets: gw.secrets });
    },
  };
}

/** doctor: is the Gateway reachable, does the token work, which scopes were granted. */
export async function probeGateway(g: GlobalOptions, io: CliIo, stateDir: string, config: unknown): Promise<{ url: string; ok: boolean; message: string; fix?: string }> {
  void stateDir;
  const gw = await openGateway(g, io, config);
  if (!gw.client || !gw.conn) return { url: redactUrl(gw.url), ok: false, message: gw.why, fix: 'Check that the Gateway runs (`openclaw gateway status`), then pass its token with --token-env VAR or OPENCLAW_GATEWAY_TOKEN.' };
  const c = gw.conn;
  await gw.client.close();
  const missing = ['operator.read', 'operator.write', 'operator.admin'].filter((x) => !c.scopes.includes(x));
  return {
    url: redactUrl(gw.url),
    ok: missing.length === 0,
    message: `Gateway ${c.server?.version ?? '?'} reachable (protocol ${c.protocol}); scopes: ${c.scopes.join(', ') || 'none'}${missing.length ? `; missing ${missing.join(', ')} (compact, rewind and reset need operator.admin)` : ''}`,
    fix: missing.length ? `Approve this device with the missing scopes (\`openclaw devices list\` / \`openclaw devices approve\`), or use a token with operator access.` : undefined,
  };
}
