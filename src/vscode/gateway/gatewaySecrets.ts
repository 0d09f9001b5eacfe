/**
 * Live mode secrets (issue 7), all in VS Code's SecretStorage (the OS keychain where there is one), never in
 * settings or files:
 * - the shared Gateway token set with "Set Gateway Token…" (GATEWAY_TOKEN_KEY);
 * - the Ed25519 device identity (DEVICE_KEY: id, public key, private key PEM);
 * - the device tokens the Gateways issued, one secret per Gateway URL (DEVICE_TOKEN_PREFIX + normalized URL),
 *   with the list of URLs in DEVICE_TOKEN_INDEX_KEY.
 */
import type * as vscode from 'vscode';
import { type DeviceStore, type DeviceTokenRecord, isValidDevice, normalizeGatewayUrl, type StoredDevice } from '../../core/gateway/identity';

export const GATEWAY_TOKEN_KEY = 'openclawContext.gateway.token';
export const DEVICE_KEY = 'openclawContext.gateway.device';
export const DEVICE_TOKEN_PREFIX = 'openclawContext.gateway.deviceToken:';
export const DEVICE_TOKEN_INDEX_KEY = 'openclawContext.gateway.deviceTokenUrls';

type Secrets = Pick<vscode.SecretStorage, 'get' | 'store' | 'delete'>;

export class SecretStorageDeviceStore implements DeviceStore {
  /** every device token seen, for redaction */
  readonly known = new Set<string>();
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly secrets: Secrets) {}

  private async urls(): Promise<string[]> {
    const raw = await this.secrets.get(DEVICE_TOKEN_INDEX_KEY);
    if (!raw) return [];
    try {
      const v: unknown = JSON.parse(raw);
      return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
    } catch {
      return [];
    }
  }

  async load(): Promise<StoredDevice | undefined> {
    const raw = await this.secrets.get(DEVICE_KEY);
    if (!raw) return undefined;
    let base: Omit<StoredDevice, 'tokens'>;
    try {
      base = JSON.parse(raw) as Omit<StoredDevice, 'tokens'>;
    } catch {
      throw new Error('the Gateway device identity in the secret storage is not valid JSON');
    }
    const tokens: Record<string, DeviceTokenRecord> = {};
    for (const url of await this.urls()) {
      const t = await this.secrets.get(DEVICE_TOKEN_PREFIX + url);
      if (!t) continue;
      try {
        const rec = JSON.parse(t) as DeviceTokenRecord;
        if (rec && typeof rec.deviceToken === 'string') {
          tokens[url] = rec;
          this.known.add(rec.deviceToken);
        }
      } catch {
        /* a damaged record: ignored, the Gateway issues a new one */
      }
    }
    const d = { ...base, tokens } as StoredDevice;
    if (!isValidDevice(d)) throw new Error('the Gateway device identity in the secret storage is not valid');
    return d;
  }

  save(d: StoredDevice): Promise<void> {
    // serialised: two connections saving at once must not interleave their index updates
    const run = this.chain.then(() => this.saveNow(d));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async saveNow(d: StoredDevice): Promise<void> {
    const { tokens, ...base } = d;
    await this.secrets.store(DEVICE_KEY, JSON.stringify(base));
    const before = await this.urls();
    const now = Object.keys(tokens);
    for (const url of now) {
      const rec = tokens[url]!;
      this.known.add(rec.deviceToken);
      await this.secrets.store(DEVICE_TOKEN_PREFIX + url, JSON.stringify(rec));
    }
    for (const url of before) if (!now.includes(url)) await this.secrets.delete(DEVICE_TOKEN_PREFIX + url);
    await this.secrets.store(DEVICE_TOKEN_INDEX_KEY, JSON.stringify(now));
  }

  /** Is a device token stored for this Gateway? */
  async hasDeviceToken(url: string): Promise<boolean> {
    const key = normalizeGatewayUrl(url);
    return (await this.urls()).includes(key) && !!(await this.secrets.get(DEVICE_TOKEN_PREFIX + key));
  }

  /** Forget the device token of one Gateway (the identity stays). */
  async forgetDeviceToken(url: string): Promise<void> {
    const key = normalizeGatewayUrl(url);
    const run = this.chain.then(async () => {
      await this.secrets.delete(DEVICE_TOKEN_PREFIX + key);
      await this.secrets.store(DEVICE_TOKEN_INDEX_KEY, JSON.stringify((await this.urls()).filter((u) => u !== key)));
    });
    this.chain = run.catch(() => undefined);
    return run;
  }
}
