/**
 * The token of a pooled connection (pool.ts), and the secrets to redact:
 * - the stored token (the host's secret storage) first;
 * - else, with consent, $OPENCLAW_GATEWAY_TOKEN / the config's gateway.auth.token, read at each connect and never
 *   stored. Consent: `useLocal` 'always', or 'ask' answered once (one question shared by every connection, the
 *   answer remembered by the host); a dismissed question is not asked again until `resetConsent`;
 * - else the device token the Gateway issued, if any ('device-token'), or none.
 */
import type { DeviceStore } from './identity';
import { configSecrets, printable, SecretSet } from './redact';
import { resolveGatewayToken } from './token';
import type { TokenSourceView } from './viewModel';

export type UseLocalToken = 'ask' | 'always' | 'never';

/** Where the local token was found, for the consent question. */
export type LocalTokenSource = 'env' | 'config';

export interface TokenHost {
  env: Record<string, string | undefined>;
  useLocal(): UseLocalToken;
  /** the token the user stored (secret storage), if any */
  storedToken(): Promise<string | undefined>;
  /** the remembered consent answer (undefined: never answered) */
  consent(): boolean | undefined;
  /** ask the user (UI); undefined when dismissed. The host remembers a yes or no. */
  askConsent(url: string, source: LocalTokenSource): Promise<boolean | undefined>;
  devices: DeviceStore & { readonly known: Iterable<string>; hasDeviceToken(url: string): Promise<boolean> };
}

export class PoolTokens {
  private readonly seen = new Set<string>();
  private asking: Promise<void> | undefined;
  /** 'ask' dismissed without an answer: not asked again until resetConsent() */
  private dismissed = false;

  constructor(
    private readonly host: TokenHost,
    private readonly log: (level: 'info', message: string) => void,
  ) {}

  /** Remember a secret for redaction (a token set, a token forgotten). */
  add(secret: string | undefined): void {
    if (secret) this.seen.add(secret);
  }

  async stored(): Promise<string | undefined> {
    const t = (await this.host.storedToken())?.trim();
    this.add(t);
    return t || undefined;
  }

  /** The local token (env or config) for redaction and, with consent, for connecting. */
  private local(config: unknown): { token: string; source: LocalTokenSource } | undefined {
    const r = resolveGatewayToken({ env: this.host.env, config });
    if (!r || r.source === 'explicit') return undefined;
    this.add(r.token);
    return { token: r.token, source: r.source };
  }

  private localAllowed(): boolean {
    const u = this.host.useLocal();
    if (u === 'always') return true;
    if (u === 'never') return false;
    return this.host.consent() === true;
  }

  /** 'ask': one question (shared by every connection). `vouched`: the Gateway is known to serve that config's state dir. */
  async ensureConsent(url: string, config: unknown, vouched = true): Promise<void> {
    if (!vouched || this.host.useLocal() !== 'ask' || this.dismissed) return;
    if (this.host.consent() !== undefined) return;
    if (await this.stored()) return;
    const local = this.local(config);
    if (!local) return;
    this.asking ??= (async () => {
      const answer = await this.host.askConsent(url, local.source);
      if (answer === undefined) this.dismissed = true;
      this.log('info', `local token consent: ${answer === true ? 'granted' : answer === false ? 'refused' : 'not answered'}`);
    })().finally(() => (this.asking = undefined));
    await this.asking;
  }

  resetConsent(): void {
    this.dismissed = false;
  }

  /**
   * The token to connect with, and where it came from. `vouched` false: the Gateway is not known to serve the
   * state dir whose config or environment holds the local token, so that token is never sent to it.
   */
  async tokenFor(url: string, config: unknown, vouched = true): Promise<{ token?: string; source: TokenSourceView }> {
    const stored = await this.stored();
    const local = this.local(config); // also for redaction
    if (stored) return { token: stored, source: 'secret' };
    if (local && vouched && this.localAllowed()) return { token: local.token, source: local.source };
    return { source: (await this.host.devices.hasDeviceToken(url).catch(() => false)) ? 'device-token' : 'none' };
  }

  /** Every secret known here: the tokens seen, device tokens, the configs' credentials, the env's Gateway credentials. */
  secrets(configs: readonly unknown[]): string[] {
    return [...this.seen, ...this.host.devices.known, ...configs.flatMap((c) => configSecrets(c)), ...new SecretSet().addEnv(this.host.env)];
  }

  redact(text: string, configs: readonly unknown[]): string {
    return printable(text, this.secrets(configs));
  }
}
