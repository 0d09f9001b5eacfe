/**
 * Where the Gateway token and URL come from, the way the openclaw CLI resolves them (reference §5 "Device
 * identity and auth": `gateway.auth.token` in the config, `--token`, or `OPENCLAW_GATEWAY_TOKEN`; the
 * package's src/gateway/connection-details.ts and paths.ts resolveGatewayPort for the URL):
 *
 * token: explicit → $OPENCLAW_GATEWAY_TOKEN → config `gateway.auth.token` (or `gateway.remote.token` when
 *        `gateway.mode` is "remote"). A `${VAR}` config value is read from the environment. Non-string values
 *        (secret references) are skipped. With `allowLocalSources: false` only the explicit token counts (an
 *        extension may not read the user's environment or config without consent).
 * URL:   explicit → $OPENCLAW_GATEWAY_URL → config `gateway.remote.url` (mode "remote") →
 *        `ws[s]://127.0.0.1:<port>`, port = $OPENCLAW_GATEWAY_PORT (`18789` or `host:18789`) → config
 *        `gateway.port` → 18789; `wss` when `gateway.tls.enabled`. (OpenClaw also derives a port from
 *        $OPENCLAW_PROFILE; not done here.)
 *
 * `redact` is re-exported: every string this module's callers log or show must go through it.
 */
import { DEFAULT_GATEWAY_URL, redact } from './protocol';

export { redact };

export const DEFAULT_GATEWAY_PORT = 18789;

export type TokenSource = 'explicit' | 'env' | 'config';

export interface ResolvedToken {
  token: string;
  source: TokenSource;
}

export interface ResolveTokenOptions {
  explicit?: string | undefined;
  /** the environment (process.env) */
  env?: Record<string, string | undefined>;
  /** the parsed openclaw.json (JSON5) */
  config?: unknown;
  /** consult env and config (default true) */
  allowLocalSources?: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function gatewaySection(config: unknown): Record<string, unknown> | undefined {
  return isRecord(config) && isRecord(config.gateway) ? config.gateway : undefined;
}

/** A config string value: trimmed; `${VAR}` (the whole value) read from env; undefined when empty. */
function configString(v: unknown, env: Record<string, string | undefined>): string | undefined {
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  const ref = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(t);
  if (ref) return env[ref[1]!]?.trim() || undefined;
  return t || undefined;
}

export function resolveGatewayToken(opts: ResolveTokenOptions): ResolvedToken | undefined {
  const explicit = opts.explicit?.trim();
  if (explicit) return { token: explicit, source: 'explicit' };
  if (opts.allowLocalSources === false) return undefined;
  const env = opts.env ?? process.env;
  const fromEnv = env.OPENCLAW_GATEWAY_TOKEN?.trim();
  if (fromEnv) return { token: fromEnv, source: 'env' };
  const gw = gatewaySection(opts.config);
  if (!gw) return undefined;
  const remote = gw.mode === 'remote' && isRecord(gw.remote) ? configString(gw.remote.token, env) : undefined;
  if (remote) return { token: remote, source: 'config' };
  const local = isRecord(gw.auth) ? configString(gw.auth.token, env) : undefined;
  return local ? { token: local, source: 'config' } : undefined;
}

/** OpenClaw's parseGatewayPortEnvValue: `18789`, `host:18789` or `[::1]:18789`. */
export function parseGatewayPortEnv(raw: string | undefined): number | undefined {
  const t = raw?.trim();
  if (!t) return undefined;
  const port = (s: string) => {
    const n = Number(s);
    return Number.isInteger(n) && n > 0 && n <= 65535 ? n : undefined;
  };
  if (/^\d+$/.test(t)) return port(t);
  const v6 = /^\[[^\]]+\]:(\d+)$/.exec(t);
  if (v6) return port(v6[1]!);
  const first = t.indexOf(':');
  if (first <= 0 || first !== t.lastIndexOf(':')) return undefined;
  const suffix = t.slice(first + 1);
  return /^\d+$/.test(suffix) ? port(suffix) : undefined;
}

export interface ResolvedUrl {
  url: string;
  source: 'explicit' | 'env' | 'config' | 'default';
}

export function resolveGatewayUrl(opts: { explicit?: string | undefined; env?: Record<string, string | undefined>; config?: unknown; allowLocalSources?: boolean }): ResolvedUrl {
  const explicit = opts.explicit?.trim();
  if (explicit) return { url: explicit, source: 'explicit' };
  if (opts.allowLocalSources === false) return { url: DEFAULT_GATEWAY_URL, source: 'default' };
  const env = opts.env ?? process.env;
  const fromEnv = env.OPENCLAW_GATEWAY_URL?.trim();
  if (fromEnv) return { url: fromEnv, source: 'env' };
  const gw = gatewaySection(opts.config);
  const remoteUrl = gw && gw.mode === 'remote' && isRecord(gw.remote) ? configString(gw.remote.url, env) : undefined;
  if (remoteUrl) return { url: remoteUrl, source: 'config' };
  const envPort = parseGatewayPortEnv(env.OPENCLAW_GATEWAY_PORT);
  const cfgPort = typeof gw?.port === 'number' && Number.isInteger(gw.port) && gw.port > 0 && gw.port <= 65535 ? gw.port : undefined;
  const tls = gw && isRecord(gw.tls) && gw.tls.enabled === true;
  const port = envPort ?? cfgPort ?? DEFAULT_GATEWAY_PORT;
  const url = `${tls ? 'wss' : 'ws'}://127.0.0.1:${port}`;
  return { url, source: envPort !== undefined ? 'env' : cfgPort !== undefined || tls ? 'config' : 'default' };
}
