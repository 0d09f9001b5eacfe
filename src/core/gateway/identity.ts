/**
 * The Gateway device identity: an Ed25519 key pair, made and used with node:crypto (no dependency).
 *
 * What the real openclaw@2026.9.6 expects (reference §5 "Handshake", the recorded connect frames, and the
 * package's own packages/gateway-client/src/device-auth.ts and the server's connect-device-proof.ts):
 * - `device.id` = lowercase hex SHA-256 of the raw 32-byte public key (the server re-derives it and refuses
 *   `device identity mismatch` otherwise); `device.publicKey` = that raw key, base64url without padding.
 * - `device.signature` = base64url Ed25519 signature over the UTF-8 string
 *   `v3|<deviceId>|<client.id>|<client.mode>|<role>|<scopes csv>|<signedAt>|<token>|<nonce>|<platform>|<deviceFamily>`
 *   where token is the credential sent in `auth` (the shared token, else the device token, else empty), nonce is
 *   the `connect.challenge` nonce, and platform / deviceFamily are trimmed and ASCII-lowercased (empty when
 *   absent). `signedAt` (ms) must be within 120 s of the server clock.
 * - On a loopback connection with the right shared token a new device is paired automatically and hello-ok
 *   carries `auth.deviceToken`; a later connect may present it as `auth.deviceToken` instead of the shared token.
 *
 * Storage: `DeviceStore` (the extension implements it over VS Code SecretStorage); `FileDeviceStore` for the
 * CLI (JSON, mode 0600, temp file + fsync + rename) and `MemoryDeviceStore` for tests. Device tokens are kept per
 * Gateway URL (`normalizeGatewayUrl`). The private key never leaves the store and is never logged.
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface DeviceTokenRecord {
  deviceToken: string;
  role?: string;
  scopes?: string[];
  issuedAtMs?: number;
}

export interface StoredDevice {
  version: 1;
  /** sha256 hex of the raw public key */
  deviceId: string;
  /** raw 32-byte Ed25519 public key, base64url */
  publicKey: string;
  /** PKCS#8 PEM */
  privateKeyPem: string;
  createdAtMs: number;
  /** device tokens the Gateways issued, keyed by normalizeGatewayUrl(url) */
  tokens: Record<string, DeviceTokenRecord>;
}

export interface DeviceStore {
  load(): Promise<StoredDevice | undefined>;
  save(d: StoredDevice): Promise<void>;
}

/** The fields of the v3 signing string. */
export interface DeviceAuthPayloadParams {
  deviceId: string;
  clientId: string;
  clientMode: string;
  role: string;
  scopes: readonly string[];
  signedAtMs: number;
  /** the credential sent in `auth` (null/undefined: empty) */
  token?: string | null;
  nonce: string;
  platform?: string | null;
  deviceFamily?: string | null;
}

/** OpenClaw's normalizeDeviceMetadataForAuth: trim, then lowercase A–Z only (not a locale-aware lowercase). */
export function normalizeDeviceMetadata(value: unknown): string {
  if (typeof value !== 'string') return '';
  const t = value.trim();
  return t ? t.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32)) : '';
}

/** The exact v3 string the device signs. */
export function buildDeviceAuthPayloadV3(p: DeviceAuthPayloadParams): string {
  return ['v3', p.deviceId, p.clientId, p.clientMode, p.role, p.scopes.join(','), String(p.signedAtMs), p.token ?? '', p.nonce, normalizeDeviceMetadata(p.platform), normalizeDeviceMetadata(p.deviceFamily)].join('|');
}

/** The raw 32-byte public key of an Ed25519 KeyObject (the last 32 bytes of its SPKI DER). */
export function rawPublicKey(key: crypto.KeyObject): Buffer {
  const der = key.export({ type: 'spki', format: 'der' });
  return Buffer.from(der.subarray(der.length - 32));
}

/** deviceId = sha256 hex of the raw public key bytes. */
export function deviceIdFromPublicKey(publicKey: Buffer | string): string {
  const raw = typeof publicKey === 'string' ? Buffer.from(publicKey, 'base64url') : publicKey;
  return crypto.createHash('sha256').update(raw).digest('hex');
}

/** A new identity (no tokens yet). */
export function generateDevice(now = Date.now()): StoredDevice {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ed25519');
  const raw = rawPublicKey(publicKey);
  return {
    version: 1,
    deviceId: deviceIdFromPublicKey(raw),
    publicKey: raw.toString('base64url'),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    createdAtMs: now,
    tokens: {},
  };
}

/** Ed25519 signature of the UTF-8 payload, base64url. */
export function signPayload(privateKeyPem: string, payload: string): string {
  return crypto.sign(null, Buffer.from(payload, 'utf8'), crypto.createPrivateKey(privateKeyPem)).toString('base64url');
}

/** A KeyObject for a raw base64url Ed25519 public key (SPKI = fixed 12-byte prefix + key). */
export function publicKeyFromRaw(publicKey: string): crypto.KeyObject {
  const raw = Buffer.from(publicKey, 'base64url');
  if (raw.length !== 32) throw new Error(`an Ed25519 public key has 32 bytes, not ${raw.length}`);
  const prefix = Buffer.from('302a300506032b6570032100', 'hex');
  return crypto.createPublicKey({ key: Buffer.concat([prefix, raw]), format: 'der', type: 'spki' });
}

/** Verify a device signature as the server does (used by the tests' fake Gateway). */
export function verifyPayload(publicKey: string, payload: string, signature: string): boolean {
  try {
    return crypto.verify(null, Buffer.from(payload, 'utf8'), publicKeyFromRaw(publicKey), Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}

/** Does the stored record hold a usable identity (the key pair matches the id)? */
export function isValidDevice(d: unknown): d is StoredDevice {
  if (!d || typeof d !== 'object') return false;
  const v = d as Partial<StoredDevice>;
  if (v.version !== 1 || typeof v.deviceId !== 'string' || typeof v.publicKey !== 'string' || typeof v.privateKeyPem !== 'string') return false;
  if (!v.tokens || typeof v.tokens !== 'object') return false;
  try {
    const derived = rawPublicKey(crypto.createPublicKey(crypto.createPrivateKey(v.privateKeyPem)));
    return derived.toString('base64url') === v.publicKey && deviceIdFromPublicKey(derived) === v.deviceId;
  } catch {
    return false;
  }
}

/** The `device` block of `connect` params: signs the v3 string now. */
export function deviceConnectBlock(
  d: StoredDevice,
  p: Omit<DeviceAuthPayloadParams, 'deviceId'>,
): { id: string; publicKey: string; signature: string; signedAt: number; nonce: string } {
  const payload = buildDeviceAuthPayloadV3({ ...p, deviceId: d.deviceId });
  return { id: d.deviceId, publicKey: d.publicKey, signature: signPayload(d.privateKeyPem, payload), signedAt: p.signedAtMs, nonce: p.nonce };
}

/** The key device tokens are stored under: scheme, host and port, lowercased, path without trailing slash. */
export function normalizeGatewayUrl(url: string): string {
  try {
    const u = new URL(url);
    const scheme = u.protocol === 'https:' ? 'wss:' : u.protocol === 'http:' ? 'ws:' : u.protocol;
    const port = u.port || (scheme === 'wss:' ? '443' : '80');
    const p = u.pathname.replace(/\/+$/, '');
    return `${scheme}//${u.hostname.toLowerCase()}:${port}${p}`;
  } catch {
    return url.trim();
  }
}

// ---------------------------------------------------------------------------------------------
// Stores

/** In memory (tests; or the default when no store is given: a fresh identity per client). */
export class MemoryDeviceStore implements DeviceStore {
  private value: StoredDevice | undefined;
  saves = 0;
  constructor(initial?: StoredDevice) {
    this.value = initial ? structuredClone(initial) : undefined;
  }
  async load(): Promise<StoredDevice | undefined> {
    return this.value ? structuredClone(this.value) : undefined;
  }
  async save(d: StoredDevice): Promise<void> {
    this.value = structuredClone(d);
    this.saves++;
  }
}

/**
 * A JSON file, for the CLI. Written with mode 0600 (directory 0700 when created) through a temp file in the
 * same directory, fsync, rename: a crash leaves the old file or the new one, never half of one.
 * A missing file loads as undefined; an unreadable or invalid one throws (the client then makes a new identity).
 */
export class FileDeviceStore implements DeviceStore {
  constructor(readonly file: string) {}

  async load(): Promise<StoredDevice | undefined> {
    let text: string;
    try {
      text = await fs.promises.readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new Error(`cannot read the Gateway device file ${this.file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      throw new Error(`the Gateway device file ${this.file} is not valid JSON`);
    }
    if (!isValidDevice(v)) throw new Error(`the Gateway device file ${this.file} holds no valid device identity`);
    return v;
  }

  async save(d: StoredDevice): Promise<void> {
    const dir = path.dirname(this.file);
    await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
    const tmp = path.join(dir, `.${path.basename(this.file)}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`);
    const fh = await fs.promises.open(tmp, 'wx', 0o600);
    try {
      await fh.writeFile(JSON.stringify(d, null, 2) + '\n', 'utf8');
      await fh.chmod(0o600); // whatever the umask did
      await fh.sync();
    } catch (err) {
      await fh.close().catch(() => undefined);
      await fs.promises.rm(tmp, { force: true });
      throw err;
    }
    await fh.close();
    try {
      await fs.promises.rename(tmp, this.file);
    } catch (err) {
      await fs.promises.rm(tmp, { force: true });
      throw err;
    }
    try {
      const dh = await fs.promises.open(dir, 'r');
      await dh.sync().catch(() => undefined);
      await dh.close();
    } catch {
      /* directories cannot be opened everywhere */
    }
  }
}

/** The stored identity, or a new one saved first. */
export async function loadOrCreateDevice(store: DeviceStore, onInvalid?: (why: string) => void): Promise<StoredDevice> {
  let d: StoredDevice | undefined;
  try {
    d = await store.load();
    if (d && !isValidDevice(d)) {
      onInvalid?.('the stored device identity is invalid');
      d = undefined;
    }
  } catch (err) {
    onInvalid?.((err as Error).message);
    d = undefined;
  }
  if (d) return d;
  const fresh = generateDevice();
  await store.save(fresh);
  return fresh;
}
